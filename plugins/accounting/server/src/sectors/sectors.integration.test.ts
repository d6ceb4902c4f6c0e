import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startTestServer, type TestServer } from '../../../../../packages/server/test/harness';
import { http, ONMUHASEBE } from '../../../../../packages/server/test/http';

const SECTORS = `${ONMUHASEBE}/sectors`;

describe.each(engines('one'))('sectors on %s', (engine) => {
  let t: TestServer;
  let api: ReturnType<typeof http>;
  let admin: string;
  beforeAll(async () => {
    t = await startTestServer({ engine });
    api = http(t.url);
    admin = await api.signIn('yonetici');
  });
  afterAll(async () => { await t?.close(); });

  it('shows one sector to management only, with its companies counted', async () => {
    const r = await api.call('GET', `${SECTORS}/2`, { token: admin });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ id: 2, key: 'GEN', name: 'Genel', builtIn: true, companyCount: 2 });
    const owner = await api.call('GET', `${SECTORS}/2`, { token: await api.signIn('muhasebe') });
    expect(owner.status).toBe(403);
    expect(owner.body.code).toBe('MANAGEMENT_ONLY');
    expect((await api.call('GET', `${SECTORS}/99`, { token: admin })).status).toBe(404);
  });

  it('adds a sector under a free id and a free key; registration lists it', async () => {
    const c = await api.call('POST', `${SECTORS}/4`, { token: admin, body: { key: 'OPT', name: 'Optik' } });
    expect(c.status).toBe(201);
    expect(c.body).toEqual({ id: 4, key: 'OPT', name: 'Optik', builtIn: false, companyCount: 0 });
    const again = await api.call('POST', `${SECTORS}/4`, { token: admin, body: { key: 'VET', name: 'Veteriner' } });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('SECTOR_ID_TAKEN');
    const key = await api.call('POST', `${SECTORS}/5`, { token: admin, body: { key: 'GEN', name: 'Genel 2' } });
    expect(key.status).toBe(409);
    expect(key.body.fieldErrors[0]).toMatchObject({ field: 'key', code: 'SECTOR_KEY_TAKEN' });
    const bad = await api.call('POST', `${SECTORS}/5`, { token: admin, body: { key: 'vet', name: 'Veteriner' } });
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors[0].field).toBe('key');
    const open = await api.call('GET', SECTORS);
    expect(open.body.map((s: { key: string }) => s.key)).toEqual(['ECZ', 'GEN', 'INS', 'OPT']);
  });

  it('takes the seeds\' POST and PUT on the collection with the id in the body', async () => {
    const c = await api.call('POST', SECTORS, { token: admin, body: { id: 7, key: 'VET', name: 'Veteriner' } });
    expect(c.status, JSON.stringify(c.body)).toBe(201);
    expect(c.body).toEqual({ id: 7, key: 'VET', name: 'Veteriner', builtIn: false, companyCount: 0 });
    const u = await api.call('PUT', SECTORS, { token: admin, body: { id: 7, key: 'VET', name: 'Veteriner Klinikleri' } });
    expect([u.status, u.body.name]).toEqual([200, 'Veteriner Klinikleri']);
    const built = await api.call('PUT', SECTORS, { token: admin, body: { id: 1, key: 'ECZ', name: 'Eczaneler' } });
    expect([built.status, built.body.code]).toEqual([409, 'SECTOR_BUILT_IN']);
    const noId = await api.call('POST', SECTORS, { token: admin, body: { key: 'XYZ', name: 'Yok' } });
    expect(noId.status).toBe(400);
    expect((await api.call('PUT', SECTORS, { token: await api.signIn('muhasebe'), body: { id: 7, key: 'VET', name: 'X' } })).status).toBe(403);
    expect((await api.call('DELETE', `${SECTORS}/7`, { token: admin })).status).toBe(204);
  });

  it('keeps the built-in sectors and reports an update that changes nothing', async () => {
    const builtIn = await api.call('PUT', `${SECTORS}/1`, { token: admin, body: { key: 'ECZ', name: 'Eczacılık' } });
    expect(builtIn.status).toBe(409);
    expect(builtIn.body.code).toBe('SECTOR_BUILT_IN');
    await api.call('POST', `${SECTORS}/6`, { token: admin, body: { key: 'GDA', name: 'Gıda' } });
    const same = await api.call('PUT', `${SECTORS}/6`, { token: admin, body: { key: 'GDA', name: 'Gıda' } });
    expect(same.status).toBe(400);
    expect(same.body.detail).toBe('Herhangi bir değişiklik yapmadınız!');
    const renamed = await api.call('PUT', `${SECTORS}/6`, { token: admin, body: { key: 'GIDA', name: 'Gıda ve İçecek' } });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ key: 'GIDA', name: 'Gıda ve İçecek' });
    const taken = await api.call('PUT', `${SECTORS}/6`, { token: admin, body: { key: 'INS', name: 'X' } });
    expect(taken.status).toBe(409);
  });

  it('refuses to delete a sector a company is in, or a built-in one, and deletes the rest', async () => {
    await api.call('POST', `${SECTORS}/7`, { token: admin, body: { key: 'MOB', name: 'Mobilya' } });
    const company = await api.call('POST', `${ONMUHASEBE}/companies`, { token: admin, body: { name: 'Mobilya Ltd', title: 'Mobilya Ltd. Şti.', companyType: 'CORPORATION', taxNumber: '1234567890', sectorId: 7, erpType: 'STANDARD', modules: [13], ownerLogin: 'muhasebe' } });
    expect(company.status).toBe(201);
    const used = await api.call('DELETE', `${SECTORS}/7`, { token: admin });
    expect(used.status).toBe(409);
    expect(used.body).toMatchObject({ code: 'SECTOR_IN_USE', detail: 'Bu sektörde kayıtlı firmalar olduğu için silinemez.' });
    expect((await api.call('GET', `${SECTORS}/7`, { token: admin })).body.companyCount).toBe(1);
    const builtIn = await api.call('DELETE', `${SECTORS}/3`, { token: admin });
    expect(builtIn.status).toBe(409);
    expect(builtIn.body.code).toBe('SECTOR_BUILT_IN');
    await api.call('POST', `${SECTORS}/8`, { token: admin, body: { key: 'TKS', name: 'Tekstil' } });
    expect((await api.call('DELETE', `${SECTORS}/8`, { token: await api.signIn('muhasebe') })).status).toBe(403);
    expect((await api.call('DELETE', `${SECTORS}/8`, { token: admin })).status).toBe(204);
    expect((await api.call('GET', `${SECTORS}/8`, { token: admin })).status).toBe(404);
  });
});
