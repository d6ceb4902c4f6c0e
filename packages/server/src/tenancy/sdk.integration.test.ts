import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Effect } from 'effect';
import { createClient, createTezgahApi, makeTezgahApi, memoryTokenStore, NotFound, Forbidden, ValidationFailed, Unauthorized } from '@tezgah/sdk';
import { engines, startTestServer, type TestServer } from '../../test/harness';

/** The server as a third party sees it: through the published SDK only. */
describe.each(engines('both'))('through the SDK on %s', (engine) => {
  let t: TestServer;
  beforeAll(async () => { t = await startTestServer({ engine }); });
  afterAll(async () => { await t?.close(); });

  it('signs in, keeps the token and company, pages a list with its total', async () => {
    const store = memoryTokenStore();
    const api = createTezgahApi({ baseUrl: t.url, tokenStore: store });
    await api.authenticate({ username: 'eczaci', password: 'demo1234' });
    expect(store.get()).toMatchObject({ companyId: 2 });
    const me = await api.account();
    expect(me).toMatchObject({ login: 'eczaci', companyId: 2 });
    const roles = await api.roles.list({ size: 1, sort: ['name,asc'] });
    expect(roles.total).toBe(2);
    expect(roles.items).toHaveLength(1);
    expect(roles.items[0]!.name).toBe('Firma Sahibi');
    const companies = await api.companies.list();
    expect(companies.items.map((c) => c.name)).toEqual(['Demo Eczanesi']);
  });

  it('rejects with tagged errors: 404 for a foreign id, 403 without authority, field errors on bad input', async () => {
    const api = createTezgahApi({ baseUrl: t.url, tokenStore: memoryTokenStore() });
    await api.authenticate({ username: 'eczaci', password: 'demo1234' });
    await expect(api.companies.get(3)).rejects.toBeInstanceOf(NotFound);
    await expect(api.audit.list()).rejects.toBeInstanceOf(Forbidden);
    const bad = await api.users.create({ login: 'x', firstName: 'A', lastName: 'B', email: 'nope', roleIds: [1] }).catch((e) => e);
    expect(bad).toBeInstanceOf(ValidationFailed);
    expect((bad as ValidationFailed).fieldErrors[0]).toMatchObject({ field: 'email', message: 'Hatalı e-posta biçimi' });
    await api.logout();
    await expect(api.account()).rejects.toBeInstanceOf(Unauthorized);
  });

  it('lets an Effect program recover by tag, and management impersonate and come back', async () => {
    const api = makeTezgahApi(createClient({ baseUrl: t.url, tokenStore: memoryTokenStore() }));
    const program = Effect.gen(function* () {
      yield* api.authenticate({ username: 'yonetici', password: 'demo1234' });
      const foreign = yield* api.companies.get(999_999).pipe(Effect.catchTags({ NotFound: () => Effect.succeed(null) }));
      const all = yield* api.companies.list({ sort: ['id,asc'] });
      yield* api.impersonate('muhasebe');
      const as = yield* api.account();
      yield* api.logoutImpersonate({ login: 'muhasebe', previousLogin: 'yonetici' });
      const back = yield* api.account();
      return { foreign, names: all.items.map((c) => c.name), as: as.login, previous: as.previousLogin, back: back.login };
    });
    expect(await Effect.runPromise(program)).toEqual({
      foreign: null,
      names: ['Tezgah Yönetim', 'Demo Eczanesi', 'Demo Ticaret A.Ş.'],
      as: 'muhasebe',
      previous: 'yonetici',
      back: 'yonetici',
    });
  });
});
