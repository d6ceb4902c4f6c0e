import { Effect, Exit } from 'effect';
import { describe, expect, it } from 'vitest';
import { createClient, memoryTokenStore } from './client';
import { makeTezgahApi, TezgahApi } from './effect';
import { NetworkError, NotFound, RateLimited } from './errors';
import { fakeFetch, json, makeToken, problem } from './testing/fake';

const BASE = 'http://tezgah.test';
const apiWith = (...replies: Parameters<typeof fakeFetch>) => {
  const fake = fakeFetch(...replies);
  const store = memoryTokenStore();
  const api = makeTezgahApi(createClient({ baseUrl: BASE, tokenStore: store, fetch: fake.fetch }));
  return { api, store, requests: fake.requests };
};

describe('makeTezgahApi', () => {
  it('request: typed calls answer the data', async () => {
    const { api, requests } = apiWith(json({ id: 1, login: 'eczaci', roles: [], authorities: [] }));
    const user = await Effect.runPromise(api.request('GET', '/api/users/{login}', { params: { path: { login: 'eczaci' } } }));
    expect(user.login).toBe('eczaci');
    expect(requests[0]!.url.pathname).toBe('/api/users/eczaci');
  });

  it('list: items plus the total from x-total-count', async () => {
    const { api, requests } = apiWith(json([{ id: 1 }, { id: 2 }], { headers: { 'x-total-count': '57' } }));
    const page = await Effect.runPromise(api.list('/api/users', { params: { query: { page: 1, size: 2, search: 'ali' } } }));
    expect(page.total).toBe(57);
    expect(page.items.map((u) => u.id)).toEqual([1, 2]);
    expect(requests[0]!.url.search).toBe('?page=1&size=2&search=ali');
  });

  it('list: without the header the total is the page length', async () => {
    const { api } = apiWith(json([{ id: 1 }]));
    const page = await Effect.runPromise(api.roles.list());
    expect(page).toEqual({ items: [{ id: 1 }], total: 1 });
  });

  it('named calls hit the contract paths', async () => {
    const token = makeToken({ sub: '1', login: 'eczaci', cid: 3 });
    const { api, store, requests } = apiWith(
      json({ id_token: token }, { headers: { Authorization: `Bearer ${token}` } }),
      json([{ companyId: 3, name: 'Eczane' }]),
      json({ id: 9, name: 'Kasiyer' }),
      new Response(null, { status: 204 }),
      json([], { headers: { 'x-total-count': '0' } }),
      new Response(null, { status: 204 }),
    );
    await Effect.runPromise(api.authenticate({ username: 'eczaci', password: 'demo1234', rememberMe: true }));
    expect(store.get()?.companyId).toBe(3);
    const companies = await Effect.runPromise(api.userCompanies());
    expect(companies[0]?.name).toBe('Eczane');
    await Effect.runPromise(api.roles.get(9));
    await Effect.runPromise(api.users.remove(5, 3));
    await Effect.runPromise(api.audit.list({ login: 'eczaci', action: 'auth.login', size: 5 }));
    await Effect.runPromise(api.logout());
    expect(requests.map((r) => `${r.method} ${r.url.pathname}${r.url.search}`)).toEqual([
      'POST /api/authenticate',
      'GET /services/onmuhasebe/api/user-companies',
      'GET /services/onmuhasebe/api/roles/9',
      'DELETE /api/users/5/3',
      'GET /services/onmuhasebe/api/audit-events?login=eczaci&action=auth.login&size=5',
      'GET /api/logout',
    ]);
    expect(requests[1]!.headers.get('company-id')).toBe('3');
    expect(store.get()).toBeNull();
  });

  it('locks and unlocks the session; a locked session\'s other calls fail with code SESSION_LOCKED', async () => {
    const { api, requests } = apiWith(
      new Response(null, { status: 204 }),
      problem(423, { title: 'Ekran kilitli', code: 'SESSION_LOCKED' }),
      new Response(null, { status: 204 }),
    );
    await Effect.runPromise(api.lockSession());
    const locked = await Effect.runPromise(Effect.flip(api.userCompanies()));
    expect(locked).toMatchObject({ status: 423, code: 'SESSION_LOCKED' });
    await Effect.runPromise(api.unlockSession('demo1234'));
    expect(requests.map((r) => `${r.method} ${r.url.pathname}`)).toEqual([
      'POST /api/account/lock', 'GET /services/onmuhasebe/api/user-companies', 'POST /api/account/unlock',
    ]);
    expect(JSON.parse(requests[2]!.body)).toEqual({ password: 'demo1234' });
  });

  it('fails with the tagged error, which catchTag picks', async () => {
    const { api } = apiWith(problem(404, { title: 'Kullanıcı bulunamadı', detail: 'nobody' }));
    const exit = await Effect.runPromiseExit(api.users.get('nobody'));
    expect(Exit.isFailure(exit)).toBe(true);
    const recovered = await Effect.runPromise(
      api.users.get('nobody').pipe(
        Effect.map(() => 'found'),
        Effect.catchTag('NotFound', (e) => Effect.succeed(`${e._tag}: ${e.title}`)),
      ),
    );
    expect(recovered).toBe('NotFound: Kullanıcı bulunamadı');
    const err = await Effect.runPromise(Effect.flip(api.users.get('nobody')));
    expect(err).toBeInstanceOf(NotFound);
  });

  it('catchTags handles several tags; RateLimited has retryAfterSeconds', async () => {
    const { api } = apiWith(problem(429, { title: 'Yavaş' }, { 'Retry-After': '12' }));
    const out = await Effect.runPromise(
      api.account().pipe(
        Effect.map(() => 0),
        Effect.catchTags({
          RateLimited: (e: RateLimited) => Effect.succeed(e.retryAfterSeconds ?? -1),
          Unauthorized: () => Effect.succeed(-2),
        }),
      ),
    );
    expect(out).toBe(12);
  });

  it('a thrown fetch becomes NetworkError', async () => {
    const { api } = apiWith(() => {
      throw new TypeError('fetch failed');
    });
    const err = await Effect.runPromise(Effect.flip(api.account()));
    expect(err).toBeInstanceOf(NetworkError);
    expect(err.message).toContain('fetch failed');
  });

  it('TezgahApi service: provided by a layer, used with yield*', async () => {
    const { fetch } = fakeFetch(json({ login: 'muhasebe' }));
    const program = Effect.gen(function* () {
      const api = yield* TezgahApi;
      const account = yield* api.account();
      return account.login;
    });
    const login = await Effect.runPromise(program.pipe(Effect.provide(TezgahApi.layer({ baseUrl: BASE, fetch }))));
    expect(login).toBe('muhasebe');
    const client = createClient({ baseUrl: BASE, fetch });
    const again = await Effect.runPromise(program.pipe(Effect.provide(TezgahApi.layerFromClient(client))));
    expect(again).toBe('muhasebe');
  });
});
