import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
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

    it('sales sent to both servers at once are numbered without a gap and the books balance; one Idempotency-Key makes one invoice across them', async () => {
      const servers = [http(a.url), http(b.url)];
      // muhasebe in Demo Ticaret A.Ş. (the tests above made it a member of the pharmacy too).
      const signedIn = await servers[0]!.signIn('muhasebe');
      const ticaret = (await servers[0]!.call('GET', `${ONMUHASEBE}/user-companies`, { token: signedIn })).body.find((c: any) => /Ticaret/.test(c.name));
      const sw = await servers[0]!.call('POST', '/api/company-authenticate', { token: signedIn, body: { companyId: ticaret.companyId } });
      expect(sw.status).toBe(200);
      const owner = String(sw.headers.get('authorization')).replace(/^Bearer /, '');
      const get = async (path: string) => (await servers[1]!.call('GET', `${ONMUHASEBE}${path}`, { token: owner })).body;
      const customer = (await get('/currents?size=100')).find((c: any) => c.name === 'Boğaziçi Otel İşletmeleri');
      const unitId = (await get('/units?size=100')).find((u: any) => u.name === 'Adet').id;
      const warehouseId = (await get('/warehouses?size=100'))[0].id;
      const p = await servers[0]!.call('POST', `${ONMUHASEBE}/products`, {
        token: owner, body: { name: 'İki sunucu hizmeti', barcode: '8690000077771', productType: 'SERVICE_GIVEN', unitId, buyingCurrencyId: 1, saleCurrencyId: 1, defaultTaxRate: 20, warehouseId, salePrice: 10, buyingPrice: 0 },
      });
      expect(p.status, JSON.stringify(p.body)).toBe(201);
      const sale = (i: number, key?: string) => servers[i % 2]!.call('POST', `${ONMUHASEBE}/invoices`, {
        token: owner, headers: key ? { 'idempotency-key': key } : {},
        body: { invoiceType: 'SALE', currentId: customer.id, date: '2026-11-20', products: [{ productId: p.body.id, quantity: 1, unitPrice: 10 + (key ? 0 : i) }] },
      });
      // Twenty sales, ten on each server, all at once.
      const made = await Promise.all(Array.from({ length: 20 }, (_, i) => sale(i)));
      expect(made.map((r) => r.status)).toEqual(Array(20).fill(201));
      const seqs = made.map((r) => Number(String(r.body.documentNo).slice(-9))).sort((x, y) => x - y);
      expect(new Set(seqs).size).toBe(20);
      expect(seqs.at(-1)! - seqs[0]! + 1).toBe(20);
      // One key sent to both servers at once: one invoice, every answer naming it.
      const key = `iki-sunucu-${Date.now()}`;
      const same = await Promise.all([sale(0, key), sale(1, key), sale(2, key), sale(3, key)]);
      expect(same.map((r) => r.status)).toEqual([201, 201, 201, 201]);
      expect(new Set(same.map((r) => r.body.id)).size).toBe(1);
      // The books: every entry balances and the entry numbers of each year have no gap.
      const db = a.server.services.db;
      const unbalanced = await sql<{ n: number }>`select count(*)::int as n from (select e.company_id, e.id from journal_entries e join journal_lines l on l.company_id = e.company_id and l.entry_id = e.id
        group by e.company_id, e.id having sum(l.debit) <> sum(l.credit)) x`.execute(db);
      expect(unbalanced.rows[0]!.n).toBe(0);
      const gaps = await sql<{ n: number }>`select count(*)::int as n from (select entry_no, lag(entry_no) over (partition by company_id, fiscal_year_id order by entry_no) as prev
        from journal_entries where entry_no is not null) x where prev is not null and entry_no <> prev + 1`.execute(db);
      expect(gaps.rows[0]!.n).toBe(0);
    });

    it('a company switch on server A is what server B answers next: no cache serves the other company', async () => {
      const onA = http(a.url);
      const onB = http(b.url);
      // muhasebe (Demo Ticaret A.Ş.) made a member of the pharmacy, company 2, with a role that reads users.
      const owner = await onA.signIn('eczaci');
      const role = await onA.call('POST', `${ONMUHASEBE}/roles`, { token: owner, body: { name: 'İki sunucu okur', authorities: ['17_1'] } });
      expect(role.status).toBe(201);
      expect((await onA.call('PUT', `${ONMUHASEBE}/companies-user`, { token: owner, body: { companyId: 2, login: 'muhasebe', roleIds: [role.body.id] } })).status).toBe(200);
      const token = await onA.signIn('muhasebe');
      const first = await onB.call('GET', '/api/account', { token });
      expect(first.status).toBe(200);
      const companies = (await onB.call('GET', `${ONMUHASEBE}/user-companies`, { token })).body.map((c: any) => c.companyId);
      expect(companies).toContain(2);
      const other = companies.find((id: number) => id !== first.body.companyId);
      const sw = await onA.call('POST', '/api/company-authenticate', { token, body: { companyId: other } });
      expect(sw.status).toBe(200);
      const switched = String(sw.headers.get('authorization')).replace(/^Bearer /, '');
      // B answers the new token in the other company, and the session the switch ended is refused
      // there though B had it cached: sessions are cached by session and company, never by user.
      expect((await onB.call('GET', '/api/account', { token: switched })).body.companyId).toBe(other);
      await expect.poll(async () => (await onB.call('GET', '/api/account', { token })).status, { timeout: 2_000, interval: 10 }).toBe(401);
      const usersA = (await onA.call('GET', '/api/users?size=100', { token: switched })).body.map((x: any) => x.login).sort();
      const usersB = (await onB.call('GET', '/api/users?size=100', { token: switched })).body.map((x: any) => x.login).sort();
      expect(usersB).toEqual(usersA);
      expect(usersB).toContain('muhasebe');
    });
  });
}
