import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import pg from 'pg';
import { startTestServer, type TestServer } from '../../test/harness';
import { http } from '../../test/http';
import { sessionCache } from '../kernel/auth';
import { LISTENER_NAME, READ_ONLY_SQL_TRANSACTION } from './read-path';

// The read path exists on a PostgreSQL server only (PGlite is one connection in-process).
describe.runIf(Boolean(process.env.DATABASE_URL))('the read path of authenticated GETs on PostgreSQL', () => {
  let t: TestServer;
  let api: ReturnType<typeof http>;
  let admin: pg.Client;
  beforeAll(async () => {
    t = await startTestServer({ engine: 'postgres' });
    api = http(t.url);
    admin = new pg.Client({ connectionString: t.server.services.config.databaseUrl! });
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.end();
    await t?.close();
  });

  const reads = () => {
    const r = t.server.services.reads;
    if (!r) throw new Error('the server has no read path');
    return r;
  };
  const statementsOf = async (call: () => Promise<{ status: number }>) => {
    const before = t.server.database.stats.statements;
    expect((await call()).status).toBe(200);
    return t.server.database.stats.statements - before;
  };

  it('runs in the request role and company, switches company on the same connection, and refuses writes', async () => {
    const who = (companyId: number) => reads().run(companyId, async (db) =>
      (await sql<{ role: string; company: string; ro: string }>`select current_user as role, current_setting('tezgah.company_id') as company, current_setting('transaction_read_only') as ro`.execute(db)).rows[0]);
    expect(await who(2)).toEqual({ role: 'tezgah_app', company: '2', ro: 'on' });
    expect(await who(3)).toEqual({ role: 'tezgah_app', company: '3', ro: 'on' });
    expect(await who(2)).toEqual({ role: 'tezgah_app', company: '2', ro: 'on' });
    // Row-level security applies: a company sees its own roles only.
    const companies = await reads().run(3, async (db) => (await sql<{ company_id: number }>`select distinct company_id from roles`.execute(db)).rows.map((r) => r.company_id));
    expect(companies).toEqual([3]);
    await expect(reads().run(2, (db) => sql`insert into audit_events (action) values ('x')`.execute(db)))
      .rejects.toMatchObject({ code: READ_ONLY_SQL_TRANSACTION });
    await expect(reads().run(2, (db) => db.transaction().execute(async () => 1))).rejects.toThrow(/no transactions on the read path/);
  });

  it('hears of a revocation written by anyone, not only by a server, through NOTIFY', async () => {
    const token = await api.signIn('eczaci');
    for (let i = 0; i < 2; i++) expect((await api.call('GET', '/api/account', { token })).status).toBe(200);
    const sid = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sid;
    // Straight into the database (a support engineer's psql): no request of this server saw it.
    await admin.query('update sessions set revoked_at = now() where id = $1', [sid]);
    await expect.poll(async () => (await api.call('GET', '/api/account', { token })).body.code, { timeout: 2_000, interval: 10 }).toBe('SESSION_ENDED');
  });

  it('falls back to the transaction path while its listener is lost, and comes back when it reconnects', async () => {
    const token = await api.signIn('eczaci');
    const account = () => api.call('GET', '/api/account', { token });
    await account();
    // The account's query, the announcements point's subqueries inside it.
    expect(await statementsOf(account)).toBe(1);
    expect(sessionCache(t.server.services).size).toBeGreaterThan(0);

    const ended = await admin.query(`select pg_terminate_backend(pid) as ok from pg_stat_activity where datname = current_database() and application_name = $1`, [LISTENER_NAME]);
    expect(ended.rows.length).toBe(1);
    await expect.poll(() => reads().ready, { timeout: 2_000, interval: 10 }).toBe(false);
    // Nothing cached may be trusted without the listener: the next GET asks the database again.
    expect(sessionCache(t.server.services).size).toBe(0);
    const fresh = await statementsOf(account);
    expect(fresh).toBe(4); // the session, begin + settings + auth version, the account, commit
    expect(await statementsOf(account)).toBe(3);

    await expect.poll(() => reads().ready, { timeout: 5_000, interval: 50 }).toBe(true);
    await account();
    expect(await statementsOf(account)).toBe(1);
  });

  it('runs a GET that writes (sign-out) as a writer: the session ends and the token is refused', async () => {
    const token = await api.signIn('eczaci');
    expect((await api.call('GET', '/api/account', { token })).status).toBe(200);
    const out = await api.call('GET', '/api/logout', { token });
    expect(out.status).toBeLessThan(300);
    const refused = await api.call('GET', '/api/account', { token });
    expect(refused.status).toBe(401);
    expect(refused.body.code).toBe('SESSION_ENDED');
  });
});
