import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startTestServer, type TestServer } from '../../test/harness';
import { testConfig } from '../../test/snapshot';
import { http, ONMUHASEBE } from '../../test/http';
import { createServer, type RunningServer } from '../server';
import { sessionCache } from './auth';

/** Statements one call sends to the database (the server is otherwise idle in these tests). */
async function roundTrips(server: RunningServer, call: () => Promise<{ status: number }>, status = 200): Promise<number> {
  const before = server.database.stats.statements;
  expect((await call()).status).toBe(status);
  return server.database.stats.statements - before;
}

describe.each(engines('both'))('the request path and the session cache on %s', (engine) => {
  let t: TestServer;
  let api: ReturnType<typeof http>;
  beforeAll(async () => {
    t = await startTestServer({ engine });
    api = http(t.url);
  });
  afterAll(async () => { await t?.close(); });

  it('answers a GET with a cached session in one statement on a server (the account with its announcements), one transaction on PGlite', async () => {
    const token = await api.signIn('eczaci');
    const account = () => api.call('GET', '/api/account', { token });
    // A new session is not in the cache yet: the first call queries it, the next ones do not.
    const fresh = await roundTrips(t.server, account);
    const cached = await roundTrips(t.server, account);
    const again = await roundTrips(t.server, account);
    expect(cached).toBe(again);
    expect(fresh).toBeGreaterThan(cached);
    if (engine === 'postgres') {
      // The read path (db/read-path.ts): the account's query on a connection already in the
      // request role and company, without begin and commit; the unseen announcements (the
      // management plugin's subqueries for the kernel.account.announcements point) are inside it.
      expect(t.server.services.reads?.ready).toBe(true);
      expect(cached).toBe(1);
    } else {
      // begin + role + company + auth version (1), the account's query with its announcements, commit (1).
      expect(cached).toBe(3);
      expect(fresh - cached).toBe(1);
    }
  });

  it('refuses a logged-out token at once, though its session was cached', async () => {
    const token = await api.signIn('eczaci');
    for (let i = 0; i < 3; i++) expect((await api.call('GET', '/api/account', { token })).status).toBe(200);
    expect((await api.call('GET', '/api/logout', { token })).status).toBeLessThan(300);
    const after = await api.call('GET', '/api/account', { token });
    expect(after.status).toBe(401);
    expect(after.body.code).toBe('SESSION_ENDED');
  });

  it('applies a role change to the next request, both removing and adding an authority', async () => {
    const owner = await api.signIn('eczaci');
    const role = await api.call('POST', `${ONMUHASEBE}/roles`, { token: owner, body: { name: `Kullanıcı okur ${engine}`, authorities: ['17_1'] } });
    expect(role.status).toBe(201);
    const member = await api.call('PUT', `${ONMUHASEBE}/companies-user`, { token: owner, body: { companyId: 2, login: 'muhasebe', roleIds: [role.body.id] } });
    expect(member.status).toBe(200);
    const signedIn = await api.signIn('muhasebe');
    const sw = await api.call('POST', '/api/company-authenticate', { token: signedIn, body: { companyId: 2 } });
    expect(sw.status).toBe(200);
    const token = String(sw.headers.get('authorization')).replace(/^Bearer /, '');
    const users = () => api.call('GET', '/api/users?size=1', { token });
    expect((await users()).status).toBe(200);
    expect((await users()).status).toBe(200); // served from the cache

    const removed = await api.call('PUT', `${ONMUHASEBE}/roles`, { token: owner, body: { id: role.body.id, name: role.body.name, authorities: ['14_1'] } });
    expect(removed.status).toBe(200);
    const refused = await users();
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('MISSING_AUTHORITY');
    const account = await api.call('GET', '/api/account', { token });
    const here = account.body.authorities.filter((x: { companyId: number }) => x.companyId === 2);
    expect(here.map((x: { authorityCode: string }) => x.authorityCode)).toEqual(['14_1']);

    expect((await api.call('PUT', `${ONMUHASEBE}/roles`, { token: owner, body: { id: role.body.id, name: role.body.name, authorities: ['17_1'] } })).status).toBe(200);
    expect((await users()).status).toBe(200);
  });
});

// Two servers on one PostgreSQL database, each with its own session cache: a revocation on one
// must reach the other at once (PGlite is one process: one server per database).
if (process.env.DATABASE_URL) {
  describe('two servers on one PostgreSQL database', () => {
    let a: TestServer;
    let b: RunningServer;
    beforeAll(async () => {
      a = await startTestServer({ engine: 'postgres' });
      b = await createServer({ config: testConfig({ DATABASE_URL: a.server.services.config.databaseUrl! }), workbenchDir: null });
    });
    afterAll(async () => {
      await b?.close();
      await a?.close();
    });

    it('a logout on server A makes the token fail on server B at once', async () => {
      const onA = http(a.url);
      const onB = http(b.url);
      const token = await onA.signIn('eczaci');
      for (let i = 0; i < 3; i++) expect((await onB.call('GET', '/api/account', { token })).status).toBe(200);
      expect(sessionCache(b.services).size).toBeGreaterThan(0);
      expect((await onA.call('GET', '/api/logout', { token })).status).toBeLessThan(300);
      // B hears of it by NOTIFY, delivered on A's commit (db/read-path.ts): before B's next
      // request in practice; the poll only keeps the test from depending on that ordering.
      await expect.poll(async () => (await onB.call('GET', '/api/account', { token })).body.code, { timeout: 2_000, interval: 10 }).toBe('SESSION_ENDED');
    });

    it('a role change on server A applies on server B at once', async () => {
      const onA = http(a.url);
      const onB = http(b.url);
      const owner = await onA.signIn('eczaci');
      const role = await onA.call('POST', `${ONMUHASEBE}/roles`, { token: owner, body: { name: 'İki sunucu', authorities: ['17_1'] } });
      expect(role.status).toBe(201);
      expect((await onA.call('PUT', `${ONMUHASEBE}/companies-user`, { token: owner, body: { companyId: 2, login: 'muhasebe', roleIds: [role.body.id] } })).status).toBe(200);
      const sw = await onB.call('POST', '/api/company-authenticate', { token: await onB.signIn('muhasebe'), body: { companyId: 2 } });
      const token = String(sw.headers.get('authorization')).replace(/^Bearer /, '');
      expect((await onB.call('GET', '/api/users?size=1', { token })).status).toBe(200);
      expect((await onB.call('GET', '/api/users?size=1', { token })).status).toBe(200);
      expect((await onA.call('PUT', `${ONMUHASEBE}/roles`, { token: owner, body: { id: role.body.id, name: 'İki sunucu', authorities: [] } })).status).toBe(200);
      await expect.poll(async () => (await onB.call('GET', '/api/users?size=1', { token })).status, { timeout: 2_000, interval: 10 }).toBe(403);
    });
  });
}
