import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { engines, startTestServer, type TestServer } from '../../test/harness';
import { http, ONMUHASEBE } from '../../test/http';

describe.each(engines('both'))('bad input on %s', (engine) => {
  let t: TestServer;
  let api: ReturnType<typeof http>;
  let tok: string;
  /** Rows in every table that a write could touch; compared before and after each bad call. */
  const snapshot = async () => {
    const r = await sql<{ t: string; n: number }>`
      select 'users' t, count(*) n from users union all select 'companies', count(*) from companies
      union all select 'roles', count(*) from roles union all select 'role_authorities', count(*) from role_authorities
      union all select 'user_roles', count(*) from user_roles union all select 'user_companies', count(*) from user_companies
      union all select 'outbox', count(*) from outbox_messages union all select 'keys', count(*) from user_keys
      union all select 'audit', count(*) from audit_events where action not like 'auth.%'`.execute(t.server.database.db);
    return Object.fromEntries(r.rows.map((x) => [x.t, Number(x.n)]));
  };
  beforeAll(async () => {
    t = await startTestServer({ engine });
    api = http(t.url);
    tok = await api.signIn('eczaci');
  });
  afterAll(async () => { await t?.close(); });

  const cases: [string, () => Promise<{ status: number; body: any; headers: Headers }>, number, string?][] = [
    ['malformed JSON', () => api.call('POST', `${ONMUHASEBE}/roles`, { token: tok, rawBody: '{"name": "x", ', headers: { 'content-type': 'application/json' } }), 400],
    ['empty JSON body', () => api.call('POST', `${ONMUHASEBE}/roles`, { token: tok, rawBody: '', headers: { 'content-type': 'application/json' } }), 400],
    ['a JSON array instead of an object', () => api.call('POST', `${ONMUHASEBE}/roles`, { token: tok, body: [1, 2] }), 400],
    ['wrong types', () => api.call('POST', `${ONMUHASEBE}/roles`, { token: tok, body: { name: 42, authorities: 'all' } }), 400, 'name'],
    ['unknown fields', () => api.call('POST', `${ONMUHASEBE}/roles`, { token: tok, body: { name: 'A', authorities: [], companyId: 3 } }), 400, 'companyId'],
    ['unknown fields in an allOf body', () => api.call('POST', `${ONMUHASEBE}/companies`, { token: tok, body: { name: 'A', title: 'A', companyType: 'CORPORATION', taxNumber: '0123456789', sectorId: 2, erpType: 'STANDARD', modules: [13], ownerId: 1 } }), 400, 'ownerId'],
    ['an overlong string', () => api.call('POST', `${ONMUHASEBE}/roles`, { token: tok, body: { name: 'x'.repeat(51), authorities: [] } }), 400, 'name'],
    ['a malformed authority code', () => api.call('POST', `${ONMUHASEBE}/roles`, { token: tok, body: { name: 'A', authorities: ["13_1'; drop table roles;--"] } }), 400],
    ['a huge body', () => api.call('POST', `${ONMUHASEBE}/roles`, { token: tok, body: { name: 'A', authorities: Array.from({ length: 120_000 }, (_, i) => `${i}_1`) } }), 413],
    ['a form instead of JSON', () => api.call('POST', `${ONMUHASEBE}/roles`, { token: tok, rawBody: 'name=A', headers: { 'content-type': 'application/x-www-form-urlencoded' } }), 415],
    ['a non-numeric id', () => api.call('GET', `${ONMUHASEBE}/roles/abc`, { token: tok }), 400, 'id'],
    ['an id beyond bigint', () => api.call('GET', `${ONMUHASEBE}/roles/99999999999999999999999`, { token: tok }), 400, 'id'],
    ['a page size over 1000', () => api.call('GET', '/api/users?size=5000', { token: tok }), 400, 'size'],
    ['a negative page', () => api.call('GET', '/api/users?page=-1', { token: tok }), 400, 'page'],
    ['a sort on an undeclared field', () => api.call('GET', '/api/users?sort=password_hash,asc', { token: tok }), 400, 'sort'],
    ['a bad e-mail', () => api.call('POST', '/api/users', { token: tok, body: { login: 'yeni', firstName: 'A', lastName: 'B', email: 'a@', roleIds: [1] } }), 400, 'email'],
    ['an invalid national ID at registration', () => api.call('POST', `${ONMUHASEBE}/register`, { body: { user: { login: '12345678901', firstName: 'A', lastName: 'B', email: 'a@b.co', phone: '5551234567', password: 'abcd', repeatPassword: 'abcd' }, company: { name: 'X', companyType: 'INDIVIDUAL', taxNumber: '12345678901', sectorId: 1 } } }), 400, 'user.login'],
    ['a password under 4 characters', () => api.call('POST', '/api/account/reset-password/finish', { body: { key: 'k', newPassword: 'abc' } }), 400, 'newPassword'],
    ['a password over 50 characters', () => api.call('POST', '/api/account/reset-password/finish', { body: { key: 'k', newPassword: 'a'.repeat(51) } }), 400, 'newPassword'],
    ['an unknown route', () => api.call('GET', '/api/nothing-here', { token: tok }), 404],
  ];

  it.each(cases)('%s: a clear problem, nothing written', async (_name, call, status, field) => {
    const before = await snapshot();
    const r = await call();
    expect(r.status).toBe(status);
    expect(r.headers.get('content-type')).toContain('application/problem+json');
    expect(r.body).toMatchObject({ status, title: expect.any(String), type: expect.any(String) });
    expect(JSON.stringify(r.body)).not.toMatch(/at .*\.ts:\d+|stack/);
    if (field) expect(r.body.fieldErrors.map((f: any) => String(f.field).replace(/\.\d+$/, ''))).toContain(field);
    expect(await snapshot()).toEqual(before);
  });

  /** The field errors of an answer as `field code` pairs. */
  const errorsOf = (r: { body: any }) => (r.body?.fieldErrors ?? []).map((f: any) => `${f.field} ${f.code}`);
  const TAGS = `${ONMUHASEBE}/tags`;
  const CURRENTS_LIST = `${ONMUHASEBE}/currentsList`;

  it('refuses a NUL in a tag name with a 400 naming the field (it was a 500: PostgreSQL refuses NUL in text)', async () => {
    const before = await snapshot();
    const tagsBefore = (await api.call('GET', TAGS, { token: tok })).body.length;
    const r = await api.call('POST', TAGS, { token: tok, rawBody: '{"name": "Ka\\u0000ra", "color": "red"}', headers: { 'content-type': 'application/json' } });
    expect(r.status).toBe(400);
    expect(r.headers.get('content-type')).toContain('application/problem+json');
    expect(r.body).toMatchObject({ status: 400, title: 'Geçersiz istek', code: 'VALIDATION_FAILED' });
    expect(r.body.fieldErrors).toEqual([{ field: 'name', code: 'CONTROL_CHARACTER', message: 'Alan izin verilmeyen bir kontrol karakteri içeriyor.' }]);
    expect((await api.call('GET', TAGS, { token: tok })).body.length).toBe(tagsBefore);
    expect(await snapshot()).toEqual(before);
    const en = await api.call('POST', TAGS, { token: tok, body: { name: 'a\u0000' }, headers: { 'accept-language': 'en' } });
    expect(en.body.fieldErrors[0].message).toBe('The field contains a control character that is not allowed.');
  });

  it.each([
    ['U+0001', '\u0001'], ['U+0008', '\u0008'], ['U+000B', '\u000b'], ['U+000C', '\u000c'], ['U+000E', '\u000e'], ['U+001F', '\u001f'], ['U+007F', '\u007f'],
  ])('refuses the control character %s', async (_name, ch) => {
    const r = await api.call('POST', TAGS, { token: tok, body: { name: `x${ch}y` } });
    expect(r.status).toBe(400);
    expect(errorsOf(r)).toEqual(['name CONTROL_CHARACTER']);
  });

  it('accepts tab, CR and LF, Turkish letters and emoji', async () => {
    const name = 'İı\tŞş\r\nĞğ 😀';
    const r = await api.call('POST', TAGS, { token: tok, body: { name, color: 'green' } });
    expect(r.status).toBe(201);
    expect(r.body.name).toBe(name);
    expect((await api.call('DELETE', `${TAGS}/${r.body.id}`, { token: tok })).status).toBe(204);
  });

  it('names the path of a bad string deep in the body, and a bad key', async () => {
    const deep = await api.call('POST', CURRENTS_LIST, { token: tok, body: [{ currentAccountType: 'CUSTOMER', name: 'A' }, { currentAccountType: 'CUSTOMER', name: 'B', address: 'Sokak\u0000 1' }] });
    expect(deep.status).toBe(400);
    expect(errorsOf(deep)).toEqual(['1.address CONTROL_CHARACTER']);
    const key = await api.call('POST', TAGS, { token: tok, rawBody: '{"name": "A", "re\\u0007nk": "red"}', headers: { 'content-type': 'application/json' } });
    expect(key.status).toBe(400);
    expect(errorsOf(key)).toEqual(['re\\u0007nk CONTROL_CHARACTER']);
  });

  it('refuses control characters in query and path parameters', async () => {
    const query = await api.call('GET', `${TAGS}?search=a%00b`, { token: tok });
    expect(query.status).toBe(400);
    expect(errorsOf(query)).toEqual(['search CONTROL_CHARACTER']);
    const path = await api.call('GET', `/api/users/eczaci%1B`, { token: tok });
    expect(path.status).toBe(400);
    expect(errorsOf(path)).toEqual(['login CONTROL_CHARACTER']);
  });

  it('refuses a lone surrogate (the database would silently store U+FFFD)', async () => {
    const before = await snapshot();
    const r = await api.call('POST', TAGS, { token: tok, rawBody: '{"name": "a\\ud800b"}', headers: { 'content-type': 'application/json' } });
    expect(r.status).toBe(400);
    expect(errorsOf(r)).toEqual(['name LONE_SURROGATE']);
    const low = await api.call('POST', TAGS, { token: tok, rawBody: '{"name": "\\udc00"}', headers: { 'content-type': 'application/json' } });
    expect(errorsOf(low)).toEqual(['name LONE_SURROGATE']);
    expect(await snapshot()).toEqual(before);
  });

  it('answers an undecodable or over-long path with a problem, not the router\'s own JSON', async () => {
    const bad = await api.call('GET', `${ONMUHASEBE}/roles/%ED%A0%80`, { token: tok });
    expect(bad.status).toBe(400);
    expect(bad.headers.get('content-type')).toContain('application/problem+json');
    expect(bad.body).toMatchObject({ status: 400, title: 'Geçersiz istek' });
    const percent = await api.call('GET', `${ONMUHASEBE}/roles/%`, { token: tok });
    expect(percent.status).toBe(400);
    expect(percent.headers.get('content-type')).toContain('application/problem+json');
    const long = await api.call('GET', `${ONMUHASEBE}/roles/${'1'.repeat(300)}`, { token: tok });
    expect(long.status).toBe(414);
    expect(long.headers.get('content-type')).toContain('application/problem+json');
    expect(long.body).toMatchObject({ status: 414, title: 'İstek adresi çok uzun', code: 'URI_TOO_LONG' });
  });

  it('treats SQL-like text as plain text', async () => {
    const before = await snapshot();
    const evil = "x' or '1'='1'; drop table users; --";
    const search = await api.call('GET', `/api/users?search=${encodeURIComponent(evil)}`, { token: tok });
    expect(search.status).toBe(200);
    expect(search.body).toEqual([]);
    expect(search.headers.get('x-total-count')).toBe('0');
    const wild = await api.call('GET', `/api/users?search=${encodeURIComponent('%')}`, { token: tok });
    expect(wild.body).toEqual([]);
    const name = await api.call('POST', '/api/check-username', { body: { login: "a'--" } });
    expect(name.status).toBe(400);
    const companies = await api.call('GET', `${ONMUHASEBE}/companies?search=${encodeURIComponent(evil)}`, { token: tok });
    expect(companies.status).toBe(200);
    expect(companies.body).toEqual([]);
    const login = await api.call('POST', '/api/authenticate', { body: { username: evil, password: evil } });
    expect(login.status).toBe(401);
    expect(await snapshot()).toEqual(before);
  });
});
