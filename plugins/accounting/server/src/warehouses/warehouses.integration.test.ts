import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startTestServer, type TestServer } from '../../../../../packages/server/test/harness';
import { http, ONMUHASEBE } from '../../../../../packages/server/test/http';
import { goods } from '../products/testing';

const W = `${ONMUHASEBE}/warehouses`;

describe.each(engines('one'))('warehouses on %s', (engine) => {
  let t: TestServer;
  let api: ReturnType<typeof http>;
  let owner: string;
  const defaults = async (token: string) => (await api.call('GET', `${W}?size=100`, { token })).body.filter((w: { default: boolean }) => w.default);

  beforeAll(async () => {
    t = await startTestServer({ engine });
    api = http(t.url);
    owner = await api.signIn('muhasebe');
  });
  afterAll(async () => { await t?.close(); });

  it('gives every company one default warehouse, Merkez Depo, listed first', async () => {
    const r = await api.call('GET', W, { token: owner });
    expect(r.status).toBe(200);
    expect(r.body[0]).toMatchObject({ name: 'Merkez Depo', main: true, default: true });
    expect(r.headers.get('x-total-count')).toBe(String(r.body.length));
    const pharmacy = await api.call('GET', W, { token: await api.signIn('eczaci') });
    expect(pharmacy.body).toEqual([expect.objectContaining({ name: 'Merkez Depo', default: true })]);
    expect(pharmacy.body[0].id).not.toBe(r.body[0].id);
    const admin = await api.signIn('yonetici');
    const c = await api.call('POST', `${ONMUHASEBE}/companies`, { token: admin, body: { name: 'Depolu Ltd', title: 'Depolu Ltd. Şti.', companyType: 'CORPORATION', taxNumber: '1234567890', sectorId: 2, erpType: 'STANDARD', modules: [13, 14], ownerLogin: 'muhasebe' } });
    expect(c.status).toBe(201);
    const rows = await t.server.database.db.selectFrom('warehouses' as never).selectAll().where('company_id' as never, '=', c.body.id as never).execute();
    expect(rows).toEqual([expect.objectContaining({ name: 'Merkez Depo', is_default: true, main: true })]);
  });

  it('adds a warehouse; made the default, it takes the flag, so there is always exactly one', async () => {
    const a = await api.call('POST', W, { token: owner, body: { name: 'İzmir Depo', address: 'Konak / İzmir' } });
    expect(a.status).toBe(201);
    expect(a.body).toMatchObject({ name: 'İzmir Depo', address: 'Konak / İzmir', main: false, default: false });
    const b = await api.call('POST', W, { token: owner, body: { name: 'Bursa Depo', default: true } });
    expect(b.body.default).toBe(true);
    expect((await defaults(owner)).map((w: { id: number }) => w.id)).toEqual([b.body.id]);
    const back = await api.call('PUT', W, { token: owner, body: { id: a.body.id, name: 'İzmir Depo', address: 'Konak / İzmir', default: true } });
    expect(back.status).toBe(200);
    expect((await defaults(owner)).map((w: { id: number }) => w.id)).toEqual([a.body.id]);
    const unset = await api.call('PUT', W, { token: owner, body: { id: a.body.id, name: 'İzmir Depo', address: 'Konak / İzmir', default: false } });
    expect(unset.status).toBe(400);
    expect(unset.body.fieldErrors).toEqual([{ field: 'default', message: 'Varsayılan depo kaldırılamaz; başka bir depoyu varsayılan yapın.', code: 'DEFAULT_REQUIRED' }]);
    const merkez = (await api.call('GET', `${W}?search=Merkez`, { token: owner })).body[0];
    await api.call('PUT', W, { token: owner, body: { id: merkez.id, name: merkez.name, address: merkez.address, main: true, default: true } });
    expect((await defaults(owner)).map((w: { id: number }) => w.id)).toEqual([merkez.id]);
  });

  it('refuses a duplicate name, a blank name and an update that changes nothing', async () => {
    const dup = await api.call('POST', W, { token: owner, body: { name: 'merkez depo' } });
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({ code: 'WAREHOUSE_NAME_TAKEN', fieldErrors: [{ field: 'name', message: 'Bu isimde bir depo zaten var.' }] });
    const blank = await api.call('POST', W, { token: owner, body: { name: '   ' } });
    expect(blank.status).toBe(400);
    expect(blank.body.fieldErrors[0]).toMatchObject({ field: 'name', message: 'Depo adı zorunludur.' });
    const w = (await api.call('POST', W, { token: owner, body: { name: 'Aynı Depo' } })).body;
    const same = await api.call('PUT', W, { token: owner, body: { id: w.id, name: 'Aynı Depo', address: null, main: false, default: false } });
    expect(same.status).toBe(400);
    expect(same.body.detail).toBe('Herhangi bir değişiklik yapmadınız!');
  });

  it('deletes an empty warehouse, never the default one nor one in use', async () => {
    const empty = (await api.call('POST', W, { token: owner, body: { name: 'Geçici Depo' } })).body;
    expect((await api.call('DELETE', `${W}/${empty.id}`, { token: owner })).status).toBe(204);
    expect((await api.call('GET', `${W}/${empty.id}`, { token: owner })).status).toBe(404);
    const merkez = (await defaults(owner))[0];
    const def = await api.call('DELETE', `${W}/${merkez.id}`, { token: owner });
    expect(def.status).toBe(409);
    expect(def.body).toMatchObject({ code: 'WAREHOUSE_DEFAULT', detail: 'Varsayılan depo silinemez.' });
    const used = (await api.call('POST', W, { token: owner, body: { name: 'Dolu Depo' } })).body;
    const unitId = (await api.call('GET', `${ONMUHASEBE}/units?search=Adet`, { token: owner })).body[0].id;
    expect((await api.call('POST', `${ONMUHASEBE}/products`, { token: owner, body: goods({ unitId, warehouseId: used.id }) })).status).toBe(201);
    const refused = await api.call('DELETE', `${W}/${used.id}`, { token: owner });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('WAREHOUSE_IN_USE');
  });

  it('answers 404 for another company\'s warehouse', async () => {
    const theirs = (await api.call('GET', W, { token: await api.signIn('eczaci') })).body[0];
    expect((await api.call('GET', `${W}/${theirs.id}`, { token: owner })).status).toBe(404);
    expect((await api.call('DELETE', `${W}/${theirs.id}`, { token: owner })).status).toBe(404);
    expect((await api.call('PUT', W, { token: owner, body: { id: theirs.id, name: 'Ele geçirildi' } })).status).toBe(404);
  });
});
