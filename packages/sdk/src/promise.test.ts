import { describe, expect, it } from 'vitest';
import { createClient, memoryTokenStore } from './client';
import { Conflict, NetworkError, Unauthorized, ValidationFailed } from './errors';
import { createTezgahApi, makeTezgahPromiseApi } from './promise';
import { fakeFetch, json, makeToken, problem } from './testing/fake';

const BASE = 'http://tezgah.test';

describe('Promise façade', () => {
  it('resolves with the data and keeps the session in the store', async () => {
    const token = makeToken({ sub: '1', login: 'eczaci', cid: 2 });
    const { fetch, requests } = fakeFetch(
      json({ id_token: token }, { headers: { Authorization: `Bearer ${token}` } }),
      json({ login: 'eczaci', companyId: 2 }),
      json([{ id: 1 }], { headers: { 'x-total-count': '31' } }),
    );
    const store = memoryTokenStore();
    const api = makeTezgahPromiseApi(createClient({ baseUrl: BASE, tokenStore: store, fetch }));
    await expect(api.authenticate({ username: 'eczaci', password: 'demo1234' })).resolves.toEqual({ id_token: token });
    expect(api.client.tokenStore.get()).toEqual({ token, companyId: 2 });
    const account = await api.request('GET', '/api/account');
    expect(account.login).toBe('eczaci');
    const page = await api.users.list({ size: 1 });
    expect(page.total).toBe(31);
    expect(requests[2]!.headers.get('access-token')).toBe(token);
  });

  it('rejects with the tagged error instance', async () => {
    const { fetch } = fakeFetch(
      problem(401, { title: 'Giriş işlemi başarısız oldu', detail: 'Bad credentials' }),
      problem(409, { title: 'Login in use' }),
      problem(400, { title: 'Invalid', fieldErrors: [{ field: 'email', message: 'Wrong e-mail format' }] }),
    );
    const api = createTezgahApi({ baseUrl: BASE, fetch });
    const err = await api.authenticate({ username: 'x', password: 'y' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Unauthorized);
    expect(err).toBeInstanceOf(Error);
    expect((err as Unauthorized).title).toBe('Giriş işlemi başarısız oldu');
    expect((err as Unauthorized).detail).toBe('Bad credentials');
    await expect(api.users.create({ login: 'a', firstName: 'A', lastName: 'B', email: 'a@b.c', roleIds: [1] })).rejects.toBeInstanceOf(Conflict);
    const invalid = await api.checkMail('bad').catch((e: unknown) => e);
    expect(invalid).toBeInstanceOf(ValidationFailed);
    expect((invalid as ValidationFailed).fieldErrors[0]?.message).toBe('Wrong e-mail format');
  });

  it('rejects with NetworkError when the server cannot be reached', async () => {
    const api = createTezgahApi({
      baseUrl: BASE,
      fetch: () => Promise.reject(new TypeError('fetch failed')),
    });
    await expect(api.health()).rejects.toBeInstanceOf(NetworkError);
  });
});
