import { describe, expect, it } from 'vitest';
import { createClient, idempotencyKey, memoryTokenStore, PUBLIC_OPERATIONS } from './client';
import { fakeFetch, json, makeToken } from './testing/fake';

const BASE = 'http://tezgah.test';

describe('createClient: session headers', () => {
  it('adds Authorization, access-token and company-id from the token store', async () => {
    const token = makeToken({ sub: '7', login: 'eczaci', cid: 3 });
    const { fetch, requests } = fakeFetch(json({ login: 'eczaci' }));
    const client = createClient({ baseUrl: BASE, tokenStore: memoryTokenStore({ token, companyId: 3 }), fetch });
    const { data } = await client.GET('/api/account');
    expect(data?.login).toBe('eczaci');
    const sent = requests[0]!;
    expect(sent.url.href).toBe(`${BASE}/api/account`);
    expect(sent.headers.get('authorization')).toBe(`Bearer ${token}`);
    expect(sent.headers.get('access-token')).toBe(token);
    expect(sent.headers.get('company-id')).toBe('3');
  });

  it('sends nothing when signed out, and no company-id when the company is unknown', async () => {
    const store = memoryTokenStore();
    const { fetch, requests } = fakeFetch(json([]));
    const client = createClient({ baseUrl: BASE, tokenStore: store, fetch });
    await client.GET('/services/onmuhasebe/api/user-companies');
    expect(requests[0]!.headers.has('authorization')).toBe(false);
    expect(requests[0]!.headers.has('access-token')).toBe(false);
    store.set({ token: 'abc', companyId: null });
    await client.GET('/services/onmuhasebe/api/user-companies');
    expect(requests[1]!.headers.get('access-token')).toBe('abc');
    expect(requests[1]!.headers.has('company-id')).toBe(false);
  });

  it('does not send the token to public calls', async () => {
    const { fetch, requests } = fakeFetch(json([]));
    const client = createClient({ baseUrl: BASE, tokenStore: memoryTokenStore({ token: 'old', companyId: 1 }), fetch });
    await client.GET('/services/onmuhasebe/api/sectors');
    expect(requests[0]!.headers.has('authorization')).toBe(false);
    expect(requests[0]!.headers.has('company-id')).toBe(false);
    expect(PUBLIC_OPERATIONS.has('POST /api/authenticate')).toBe(true);
  });

  it('serializes repeated sort parameters and paging', async () => {
    const { fetch, requests } = fakeFetch(json([], { headers: { 'x-total-count': '0' } }));
    const client = createClient({ baseUrl: `${BASE}/`, fetch });
    await client.GET('/api/users', { params: { query: { page: 2, size: 25, sort: ['login,asc', 'id,desc'] } } });
    const url = requests[0]!.url;
    expect(url.pathname).toBe('/api/users');
    expect(url.searchParams.get('page')).toBe('2');
    expect(url.searchParams.get('size')).toBe('25');
    expect(url.searchParams.getAll('sort')).toEqual(['login,asc', 'id,desc']);
  });
});

describe('idempotency keys', () => {
  it('makes a fresh 128-bit key each time, and the typed call sends it as the Idempotency-Key header', async () => {
    const a = idempotencyKey();
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(idempotencyKey()).not.toBe(a);
    const { fetch, requests } = fakeFetch(json({ id: 1, name: 'Etiket', color: 'blue' }, { status: 201 }));
    const client = createClient({ baseUrl: BASE, tokenStore: memoryTokenStore({ token: 't', companyId: 1 }), fetch });
    await client.POST('/services/onmuhasebe/api/tags', { params: { header: { 'Idempotency-Key': a } }, body: { name: 'Etiket', color: 'blue' } });
    expect(requests[0]!.headers.get('idempotency-key')).toBe(a);
  });
});

describe('createClient: token capture', () => {
  it('stores the token from the Authorization response header with the company from its payload', async () => {
    const token = makeToken({ sub: '7', login: 'eczaci', cid: 42, sid: 's1' });
    const store = memoryTokenStore();
    const { fetch, requests } = fakeFetch(json({ id_token: token }, { headers: { Authorization: `Bearer ${token}` } }));
    const client = createClient({ baseUrl: BASE, tokenStore: store, fetch });
    await client.POST('/api/authenticate', { body: { username: 'eczaci', password: 'demo1234', rememberMe: false } });
    expect(store.get()).toEqual({ token, companyId: 42 });
    expect(JSON.parse(requests[0]!.body)).toEqual({ username: 'eczaci', password: 'demo1234', rememberMe: false });
    expect(requests[0]!.headers.get('content-type')).toBe('application/json');
  });

  it('replaces the token whenever a new one comes back (company switch)', async () => {
    const first = makeToken({ sub: '7', login: 'eczaci', cid: 1 });
    const second = makeToken({ sub: '7', login: 'eczaci', cid: 2 });
    const store = memoryTokenStore({ token: first, companyId: 1 });
    const { fetch, requests } = fakeFetch(json({ id_token: second }, { headers: { Authorization: `Bearer ${second}` } }), json({}));
    const client = createClient({ baseUrl: BASE, tokenStore: store, fetch });
    await client.POST('/api/company-authenticate', { body: { companyId: 2 } });
    expect(requests[0]!.headers.get('company-id')).toBe('1');
    expect(store.get()).toEqual({ token: second, companyId: 2 });
    await client.GET('/api/account');
    expect(requests[1]!.headers.get('company-id')).toBe('2');
    expect(requests[1]!.headers.get('access-token')).toBe(second);
  });

  it('reads id_token from the body when the header is not exposed', async () => {
    const token = makeToken({ sub: '1', login: 'yonetici', cid: 5 });
    const store = memoryTokenStore();
    const { fetch } = fakeFetch(json({ id_token: token }));
    const client = createClient({ baseUrl: BASE, tokenStore: store, fetch });
    await client.POST('/api/authenticate', { body: { username: 'yonetici', password: 'x' } });
    expect(store.get()).toEqual({ token, companyId: 5 });
  });

  it('keeps the token on failures and clears it after logout', async () => {
    const token = makeToken({ sub: '1', login: 'a', cid: 1 });
    const store = memoryTokenStore({ token, companyId: 1 });
    const { fetch } = fakeFetch(
      new Response(JSON.stringify({ title: 'Unauthorized', status: 401 }), { status: 401 }),
      new Response(null, { status: 204 }),
    );
    const client = createClient({ baseUrl: BASE, tokenStore: store, fetch });
    const failed = await client.POST('/api/authenticate', { body: { username: 'a', password: 'wrong' } });
    expect(failed.response.status).toBe(401);
    expect(store.get()?.token).toBe(token);
    await client.GET('/api/logout');
    expect(store.get()).toBeNull();
  });
});

describe('createClient: the language of problems', () => {
  it('sends the UI language as Accept-Language, read at each request; other languages fall back to English', async () => {
    let lang = 'tr';
    const { fetch, requests } = fakeFetch(json([]));
    const client = createClient({ baseUrl: BASE, fetch, language: () => lang });
    await client.GET('/services/onmuhasebe/api/sectors');
    expect(requests[0]!.headers.get('accept-language')).toBe('tr');
    lang = 'en';
    await client.GET('/services/onmuhasebe/api/sectors');
    expect(requests[1]!.headers.get('accept-language')).toBe('en');
    lang = 'fr';
    await client.GET('/services/onmuhasebe/api/sectors');
    expect(requests[2]!.headers.get('accept-language')).toBe('fr, en;q=0.8');
  });

  it('sends none where no language is known (outside a browser, no option)', async () => {
    const { fetch, requests } = fakeFetch(json([]));
    await createClient({ baseUrl: BASE, fetch }).GET('/services/onmuhasebe/api/sectors');
    expect(requests[0]!.headers.has('accept-language')).toBe(false);
  });
});
