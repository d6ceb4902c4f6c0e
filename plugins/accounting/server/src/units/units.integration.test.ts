import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startTestServer, type TestServer } from '../../../../../packages/server/test/harness';
import { http, ONMUHASEBE } from '../../../../../packages/server/test/http';

describe.each(engines('one'))('units on %s', (engine) => {
  let t: TestServer;
  let api: ReturnType<typeof http>;
  let owner: string;
  beforeAll(async () => {
    t = await startTestServer({ engine });
    api = http(t.url);
    owner = await api.signIn('muhasebe');
  });
  afterAll(async () => { await t?.close(); });

  it('gives every company the standard units, its own', async () => {
    const r = await api.call('GET', `${ONMUHASEBE}/units?size=100&sort=name,asc`, { token: owner });
    expect(r.status).toBe(200);
    expect(r.body.map((u: { code: string }) => u.code)).toEqual(expect.arrayContaining(['C62', 'KGM', 'LTR', 'HUR']));
    expect(r.headers.get('x-total-count')).toBe('8');
    const other = await api.call('GET', `${ONMUHASEBE}/units?size=100`, { token: await api.signIn('eczaci') });
    const ids = new Set(r.body.map((u: { id: number }) => u.id));
    expect(other.body.some((u: { id: number }) => ids.has(u.id))).toBe(false);
  });

  it('adds, refuses a duplicate name, reports an update that changes nothing, and deletes', async () => {
    const created = await api.call('POST', `${ONMUHASEBE}/units`, { token: owner, body: { name: 'Koli', code: 'CT' } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Koli', code: 'CT', active: true });
    const dup = await api.call('POST', `${ONMUHASEBE}/units`, { token: owner, body: { name: 'koli', code: 'CT' } });
    expect(dup.status).toBe(409);
    expect(dup.body.fieldErrors[0].field).toBe('name');
    const same = await api.call('PUT', `${ONMUHASEBE}/units`, { token: owner, body: { id: created.body.id, name: 'Koli', code: 'CT' } });
    expect(same.status).toBe(400);
    expect(same.body.detail).toBe('Herhangi bir değişiklik yapmadınız!');
    const bad = await api.call('POST', `${ONMUHASEBE}/units`, { token: owner, body: { name: 'X', code: 'kutu' } });
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors[0].field).toBe('code');
    const changed = await api.call('PUT', `${ONMUHASEBE}/units`, { token: owner, body: { id: created.body.id, name: 'Koli (12li)', code: 'CT' } });
    expect(changed.body.name).toBe('Koli (12li)');
    expect((await api.call('DELETE', `${ONMUHASEBE}/units/${created.body.id}`, { token: owner })).status).toBe(204);
    expect((await api.call('GET', `${ONMUHASEBE}/units/${created.body.id}`, { token: owner })).status).toBe(404);
  });

  it('seeds the units of a company created later too', async () => {
    const admin = await api.signIn('yonetici');
    const c = await api.call('POST', `${ONMUHASEBE}/companies`, { token: admin, body: { name: 'Yeni Ltd', title: 'Yeni Ltd. Şti.', companyType: 'CORPORATION', taxNumber: '1234567890', sectorId: 2, erpType: 'STANDARD', modules: [13], ownerLogin: 'muhasebe' } });
    expect(c.status).toBe(201);
    const count = await t.server.database.db.selectFrom('units' as never).select((eb) => eb.fn.countAll().as('n')).where('company_id' as never, '=', c.body.id as never).executeTakeFirstOrThrow();
    expect(Number((count as { n: unknown }).n)).toBe(8);
  });
});
