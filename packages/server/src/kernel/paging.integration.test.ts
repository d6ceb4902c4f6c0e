import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { engines, startTestServer, type TestServer } from '../../test/harness';
import { http } from '../../test/http';

describe.each(engines('both'))('keyset paging (cursor) of GET /api/users on %s', (engine) => {
  let t: TestServer;
  let api: ReturnType<typeof http>;
  let owner: string;
  let members: number;
  beforeAll(async () => {
    t = await startTestServer({ engine });
    api = http(t.url);
    owner = await api.signIn('eczaci');
    // 40 members of the pharmacy (company 2) sharing 3 last names and 2 first names: many ties,
    // with logins whose order is not the order of their ids.
    await sql`
      insert into users (login, password_hash, first_name, last_name, email, lang_key, activated, default_company_id, created_by)
      select 'k' || substr(md5(g::text), 1, 6) || g, null, case when g % 2 = 0 then 'Ayşe' else 'Ali' end,
             (array['Yılmaz', 'Kaya', 'Demir'])[1 + g % 3], 'k' || g || '@paging.tezgah.local', 'tr', g % 4 <> 0, 2, 'paging'
      from generate_series(1, 40) g`.execute(t.server.database.db);
    await sql`insert into user_companies (company_id, user_id, is_primary) select 2, id, true from users where created_by = 'paging'`.execute(t.server.database.db);
    members = Number((await api.call('GET', '/api/users?size=1', { token: owner })).headers.get('x-total-count'));
    expect(members).toBeGreaterThanOrEqual(41);
  });
  afterAll(async () => { await t?.close(); });

  async function byPages(query: string, size: number): Promise<number[]> {
    const ids: number[] = [];
    for (let page = 0; ; page++) {
      const r = await api.call('GET', `/api/users?${query}&size=${size}&page=${page}`, { token: owner });
      expect(r.status).toBe(200);
      ids.push(...r.body.map((u: { id: number }) => u.id));
      if (r.body.length < size) return ids;
    }
  }

  async function byCursor(query: string, size: number): Promise<{ ids: number[]; calls: number }> {
    const ids: number[] = [];
    let cursor: string | null = null;
    let calls = 0;
    for (;;) {
      const r = await api.call('GET', `/api/users?${query}&size=${size}${cursor ? `&cursor=${cursor}` : ''}`, { token: owner });
      calls++;
      expect(r.status).toBe(200);
      ids.push(...r.body.map((u: { id: number }) => u.id));
      cursor = r.headers.get('x-next-cursor');
      if (r.body.length < size) expect(cursor).toBeNull();
      if (!cursor) return { ids, calls };
      expect(calls).toBeLessThan(100);
    }
  }

  it.each([
    'sort=lastName,asc',
    'sort=lastName,desc&sort=firstName,asc',
    'sort=firstName,desc',
    'sort=login,asc',
    'sort=createdDate,asc',
    'sort=id,asc',
    'activated=true&sort=lastName,asc',
    'search=paging&sort=firstName,asc',
  ])('walks every row exactly once, in the order of page/size (%s)', async (query) => {
    const paged = await byPages(query, 7);
    const walked = await byCursor(query, 7);
    expect(walked.ids).toEqual(paged);
    expect(new Set(walked.ids).size).toBe(walked.ids.length);
    if (!query.includes('activated') && !query.includes('search')) expect(walked.ids).toHaveLength(members);
    expect(walked.ids.length).toBeGreaterThan(7);
  });

  it('the default order walks the same way, and the header is exposed to browsers', async () => {
    const r = await api.call('GET', '/api/users?size=5', { token: owner });
    expect(r.headers.get('access-control-expose-headers')).toContain('x-next-cursor');
    expect((await byCursor('cacheBuster=1', 5)).ids).toEqual(await byPages('cacheBuster=1', 5));
  });

  it('answers 400, never 5xx, to a forged, altered or foreign cursor', async () => {
    const first = await api.call('GET', '/api/users?size=3&sort=lastName,asc', { token: owner });
    const cursor = first.headers.get('x-next-cursor')!;
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    const [payload, sig] = cursor.split('.') as [string, string];
    const decoded = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const forgedPayload = Buffer.from(JSON.stringify([decoded[0], ["'; drop table users; --", 1]])).toString('base64url');
    for (const bad of [
      `${forgedPayload}.${sig}`, // other values under the old signature
      `${payload}.${sig.slice(0, -2)}AA`, // altered signature
      `${payload}x.${sig}`,
      'abc.def',
      'bm90LWpzb24.AAAAAAAAAAAAAAAAAAAAAA',
    ]) {
      const r = await api.call('GET', `/api/users?size=3&sort=lastName,asc&cursor=${bad}`, { token: owner });
      expect(r.status).toBe(400);
      expect(r.body.fieldErrors?.[0]?.field).toBe('cursor');
    }
    // Not of this sort: a cursor belongs to its list and order.
    const other = await api.call('GET', `/api/users?size=3&sort=firstName,asc&cursor=${cursor}`, { token: owner });
    expect(other.status).toBe(400);
    expect(other.body.fieldErrors[0].code).toBe('CURSOR');
    // Not even well-formed: the contract refuses it.
    expect((await api.call('GET', '/api/users?size=3&cursor=no-dot-here', { token: owner })).status).toBe(400);
  });

  // Last: it removes members.
  it('counts members by the counter the membership triggers keep, also past the last page', async () => {
    const db = t.server.database.db;
    const direct = async () => Number((await sql<{ n: number }>`select count(*)::int as n from user_companies where company_id = 2`.execute(db)).rows[0]!.n);
    const header = async (query: string) => Number((await api.call('GET', `/api/users?${query}`, { token: owner })).headers.get('x-total-count'));
    expect(await header('size=5')).toBe(await direct());
    expect(await header('size=5')).toBe(members);
    await sql`delete from user_companies where company_id = 2 and user_id in (select id from users where created_by = 'paging' order by id limit 3)`.execute(db);
    await sql`update user_companies set is_primary = not is_primary where company_id = 2 and user_id in (select id from users where created_by = 'paging')`.execute(db);
    expect(await direct()).toBe(members - 3);
    expect(await header('size=5')).toBe(members - 3);
    expect(await header('size=5&page=100000')).toBe(members - 3);
    // Filtered lists count their rows.
    expect(await header('size=5&search=paging')).toBe(37);
  });
});
