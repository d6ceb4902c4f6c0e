import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setTenant } from '@tezgah/server';
import { KOLAY_ASISTAN_LAST_VERSION, PHARMACY_SOFTWARE } from '@tezgah/pos-common';
import { engines, startTestServer, type TestServer } from '../../../../../packages/server/test/harness';
import { http, ONMUHASEBE } from '../../../../../packages/server/test/http';

const API = ONMUHASEBE;
const cidOf = (token: string): number => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).cid;
const codeOf = (r: { body: any }) => r.body?.fieldErrors?.[0]?.code ?? r.body?.code;

describe.each(engines('one'))('desktop assistant and connector settings on %s', (engine) => {
  let t: TestServer;
  let api: ReturnType<typeof http>;
  let owner: string;
  let other: string;
  /** A management user: the simulator's control routes are theirs. */
  let manager: string;
  let cid: number;
  const inCompany = (companyId: number, fn: (trx: any) => Promise<any>): Promise<any> => t.server.database.db.transaction().execute(async (trx: any) => {
    await setTenant(trx, companyId);
    return fn(trx);
  });
  const control = async (body: Record<string, unknown>) => {
    const r = await fetch(`${t.url}/sandbox/pos/assistant/control`, { method: 'PUT', headers: { 'content-type': 'application/json', authorization: `Bearer ${manager}` }, body: JSON.stringify(body) });
    if (!r.ok) throw new Error(`assistant sandbox control: ${r.status} ${await r.text()}`);
    return r;
  };

  beforeAll(async () => {
    t = await startTestServer({ engine });
    api = http(t.url);
    owner = await api.signIn('eczaci');
    other = await api.signIn('muhasebe');
    manager = await api.signIn('yonetici');
    cid = cidOf(owner);
  });
  afterAll(async () => { await t?.close(); });

  it('registers assistants, refuses a second one with the same device id, and checks a sandbox one through its local API', async () => {
    const a = await api.call('POST', `${API}/kolay-asistans`, { token: owner, body: { name: 'Kasa bilgisayarı', deviceId: 'ECZ-PC-01' } });
    expect(a.status, JSON.stringify(a.body)).toBe(201);
    expect(a.body).toMatchObject({ name: 'Kasa bilgisayarı', deviceId: 'ECZ-PC-01', host: '127.0.0.1', port: 10999, mode: 'sandbox', active: true, version: null });
    expect(codeOf(await api.call('POST', `${API}/kolay-asistans`, { token: owner, body: { name: 'İkinci', deviceId: 'ECZ-PC-01' } }))).toBe('DUPLICATE_DEVICE');
    const local = await api.call('GET', `${API}/kolay-asistan/local-api`, { token: owner });
    expect(local.body).toMatchObject({ mode: 'sandbox', lastVersion: KOLAY_ASISTAN_LAST_VERSION });
    expect(local.body.baseUrl).toMatch(/\/sandbox\/pos\/assistant$/);
    const status = await fetch(`${local.body.baseUrl}/ECZ-PC-01/api/status`);
    expect(await status.json()).toMatchObject({ running: true, deviceId: 'ECZ-PC-01', port: 10999 });

    await control({ reset: true, version: '2.3.1' });
    const check = await api.call('POST', `${API}/kolay-asistans/${a.body.id}/check`, { token: owner });
    expect(check.status, JSON.stringify(check.body)).toBe(200);
    expect(check.body).toEqual({ reachable: true, version: '2.3.1', updateAvailable: true, connectorConnected: true, message: null });
    const seen = await api.call('GET', `${API}/kolay-asistans/${a.body.id}`, { token: owner });
    expect(seen.body.version).toBe('2.3.1');
    expect(seen.body.lastSeenAt).not.toBeNull();
    await control({ version: KOLAY_ASISTAN_LAST_VERSION });
    expect((await api.call('POST', `${API}/kolay-asistans/${a.body.id}/check`, { token: owner })).body.updateAvailable).toBe(false);

    // The assistant stopped: 500 'Internal Server Error' from its local API; we tell the person to restart it.
    await control({ down: true });
    const down = await fetch(`${local.body.baseUrl}/ECZ-PC-01/api/status`);
    expect(down.status).toBe(500);
    expect((await down.json()).title).toBe('Internal Server Error');
    const dead = await api.call('POST', `${API}/kolay-asistans/${a.body.id}/check`, { token: owner });
    expect(dead.body).toMatchObject({ reachable: false, updateAvailable: false });
    expect(dead.body.message).toMatch(/yeniden başlatın/);
    await control({ reset: true });
    t.serverErrors.splice(0, t.serverErrors.length, ...t.serverErrors.filter((e) => !e.startsWith('GET /sandbox/pos/assistant/')));

    const changed = await api.call('PUT', `${API}/kolay-asistans`, { token: owner, body: { id: a.body.id, name: 'Reçete bilgisayarı', active: false } });
    expect(changed.body).toMatchObject({ name: 'Reçete bilgisayarı', active: false, deviceId: 'ECZ-PC-01' });
    const list = await api.call('GET', `${API}/kolay-asistans?sort=name,asc`, { token: owner });
    expect(list.body.map((x: any) => x.id)).toContain(a.body.id);
    expect(Number(list.headers.get('x-total-count'))).toBe(list.body.length);
  });

  it('knows the newest assistant version and the pharmacy software list', async () => {
    const v = await api.call('GET', `${API}/connector/getLastVersion/kolay_asistan`, { token: owner });
    expect(v.body).toMatchObject({ name: 'kolay_asistan', version: KOLAY_ASISTAN_LAST_VERSION });
    const sw = await api.call('GET', `${API}/connector/pharmacy-software`, { token: owner });
    expect(sw.body).toHaveLength(PHARMACY_SOFTWARE.length);
    expect(sw.body.at(-1).code).toBe("DIGER");
    expect(sw.body.map((s: any) => s.code)).toEqual(PHARMACY_SOFTWARE.map((s) => s.code));
  });

  it('keeps connector settings with the password sealed, and deletes a setting with its assistant', async () => {
    const a = await api.call('POST', `${API}/kolay-asistans`, { token: owner, body: { name: 'Depo bilgisayarı', deviceId: 'ECZ-PC-02' } });
    const body = { assistantId: a.body.id, vendor: 'BOTANIK_EOS', databaseType: 'MSSQL', host: '192.168.1.20', port: 1433, databaseName: 'EOSDB', username: 'sa', password: 'Gizli-Parola-1' };
    expect(codeOf(await api.call('POST', `${API}/connector-settings`, { token: owner, body: { ...body, vendor: 'YOK' } }))).toBe('VENDOR');
    expect((await api.call('POST', `${API}/connector-settings`, { token: owner, body: { ...body, databaseType: 'MYSQL' } })).status).toBe(400);
    const c = await api.call('POST', `${API}/connector-settings`, { token: owner, body });
    expect(c.status, JSON.stringify(c.body)).toBe(201);
    expect(c.body).toMatchObject({ vendor: 'BOTANIK_EOS', vendorName: 'Botanik EOS', databaseType: 'MSSQL', passwordSet: true, assistantId: a.body.id });
    expect(JSON.stringify(c.body)).not.toContain('Gizli');
    const row = await inCompany(cid, (trx) => trx.selectFrom('pos_connector_settings').select('password_enc').where('id', '=', c.body.id).executeTakeFirstOrThrow());
    expect(row.password_enc).toBeTruthy();
    expect(row.password_enc).not.toContain('Gizli');
    // A change without a password keeps the stored one.
    const u = await api.call('PUT', `${API}/connector-settings`, { token: owner, body: { id: c.body.id, databaseType: 'POSTGRESQL', port: 5432 } });
    expect(u.body).toMatchObject({ databaseType: 'POSTGRESQL', port: 5432, passwordSet: true });
    const after = await inCompany(cid, (trx) => trx.selectFrom('pos_connector_settings').select('password_enc').where('id', '=', c.body.id).executeTakeFirstOrThrow());
    expect(after.password_enc).toBe(row.password_enc);
    const list = await api.call('GET', `${API}/connector-settings?assistantId=${a.body.id}`, { token: owner });
    expect(list.body.map((x: any) => x.id)).toEqual([c.body.id]);

    // Another company sees none of it.
    expect((await api.call('GET', `${API}/connector-settings/${c.body.id}`, { token: other })).status).toBe(404);
    expect((await api.call('DELETE', `${API}/connector-settings-and-pos-assistant/${c.body.id}`, { token: other })).status).toBe(404);
    // (The general company's owner holds no Kolay Asistan authority at all.)
    expect((await api.call('GET', `${API}/kolay-asistans/${a.body.id}`, { token: other })).status).toBe(403);
    expect(codeOf(await api.call('POST', `${API}/connector-settings`, { token: other, body })).toString()).toBe('ASSISTANT_NOT_FOUND');

    expect((await api.call('DELETE', `${API}/connector-settings-and-pos-assistant/${c.body.id}`, { token: owner })).status).toBe(204);
    expect((await api.call('GET', `${API}/connector-settings/${c.body.id}`, { token: owner })).status).toBe(404);
    expect((await api.call('GET', `${API}/kolay-asistans/${a.body.id}`, { token: owner })).status).toBe(404);

    // A plain delete keeps the assistant.
    const b = await api.call('POST', `${API}/kolay-asistans`, { token: owner, body: { name: 'Üçüncü', deviceId: 'ECZ-PC-03' } });
    const c2 = await api.call('POST', `${API}/connector-settings`, { token: owner, body: { ...body, assistantId: b.body.id } });
    expect((await api.call('DELETE', `${API}/connector-settings/${c2.body.id}`, { token: owner })).status).toBe(204);
    expect((await api.call('GET', `${API}/kolay-asistans/${b.body.id}`, { token: owner })).status).toBe(200);
  });
});
