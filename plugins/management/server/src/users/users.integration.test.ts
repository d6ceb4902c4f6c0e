import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startTestServer, type TestServer } from '../../../../../packages/server/test/harness';
import { http, ONMUHASEBE } from '../../../../../packages/server/test/http';

const URL_ = `${ONMUHASEBE}/management/user-settings`;

describe.each(engines('one'))('management user settings on %s', (engine) => {
  let t: TestServer;
  let api: ReturnType<typeof http>;
  let admin: string;
  beforeAll(async () => {
    t = await startTestServer({ engine });
    api = http(t.url);
    admin = await api.signIn('yonetici');
  });
  afterAll(async () => { await t?.close(); });

  const list = async (query = '') => {
    const r = await api.call('GET', `${URL_}${query}`, { token: admin });
    expect(r.status).toBe(200);
    return { items: r.body as any[], total: Number(r.headers.get('x-total-count')) };
  };

  it('lists every user with their companies, paged and filtered, to management only', async () => {
    const all = await list('?size=100');
    expect(all.items.map((u) => u.login)).toEqual(expect.arrayContaining(['yonetici', 'eczaci', 'muhasebe', 'mali']));
    expect(all.total).toBe(all.items.length);
    const mali = all.items.find((u) => u.login === 'mali');
    expect(mali.companies).toHaveLength(2);
    expect(mali).toMatchObject({ langKey: 'tr', activated: true });
    const eczaci = all.items.find((u) => u.login === 'eczaci');
    const pharmacy = eczaci.companies[0].companyId;
    const members = await list(`?companyId=${pharmacy}&sort=login,asc`);
    expect(members.items.map((u) => u.login)).toEqual(expect.arrayContaining(['eczaci', 'mali']));
    expect(members.items.map((u) => u.login)).not.toContain('muhasebe');
    expect((await list('?search=MUHASEBE')).items.map((u) => u.login)).toContain('muhasebe');
    expect((await list('?size=1&page=1')).items).toHaveLength(1);
    const owner = await api.call('GET', URL_, { token: await api.signIn('muhasebe') });
    expect(owner.status).toBe(403);
    expect(owner.body.code).toBe('MANAGEMENT_ONLY');
  });

  it("changes a user's language and default company, and refuses a company they are not in", async () => {
    const mali = (await list('?search=mali')).items.find((u) => u.login === 'mali');
    const other = mali.companies.find((c: { isPrimary: boolean }) => !c.isPrimary) ?? mali.companies[1];
    const r = await api.call('PUT', URL_, { token: admin, body: { id: mali.id, langKey: 'en', activated: true, defaultCompanyId: other.companyId } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: mali.id, langKey: 'en', defaultCompanyId: other.companyId });
    expect(r.body.companies.filter((c: { isPrimary: boolean }) => c.isPrimary).map((c: { companyId: number }) => c.companyId)).toEqual([other.companyId]);
    const account = await api.call('GET', '/api/account', { token: await api.signIn('mali') });
    expect(account.body.langKey).toBe('en');

    const muhasebe = (await list('?search=muhasebe')).items[0];
    const foreign = mali.companies.find((c: { companyId: number }) => !muhasebe.companies.some((m: { companyId: number }) => m.companyId === c.companyId));
    const bad = await api.call('PUT', URL_, { token: admin, body: { id: muhasebe.id, langKey: 'tr', activated: true, defaultCompanyId: foreign.companyId } });
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors[0]).toMatchObject({ field: 'defaultCompanyId', code: 'NOT_MEMBER' });
    const lang = await api.call('PUT', URL_, { token: admin, body: { id: muhasebe.id, langKey: 'xx', activated: true, defaultCompanyId: null } });
    expect(lang.status).toBe(400);
    expect((await api.call('PUT', URL_, { token: admin, body: { id: 999999, langKey: 'tr', activated: true, defaultCompanyId: null } })).status).toBe(404);
  });

  it('sets a user passive (they can no longer sign in) but never the caller', async () => {
    const self = (await list('?search=yonetici')).items.find((u) => u.login === 'yonetici');
    const me = await api.call('PUT', URL_, { token: admin, body: { id: self.id, langKey: 'tr', activated: false, defaultCompanyId: self.defaultCompanyId } });
    expect(me.status).toBe(409);
    expect(me.body).toMatchObject({ code: 'SELF_PASSIVE', detail: 'Kendi hesabınızı pasife alamazsınız.' });
    const eczaci = (await list('?search=eczaci')).items.find((u) => u.login === 'eczaci');
    const token = await api.signIn('eczaci');
    const r = await api.call('PUT', URL_, { token: admin, body: { id: eczaci.id, langKey: eczaci.langKey, activated: false, defaultCompanyId: eczaci.defaultCompanyId } });
    expect(r.status).toBe(200);
    expect(r.body.activated).toBe(false);
    expect((await list('?activated=false')).items.map((u) => u.login)).toContain('eczaci');
    expect((await api.call('GET', '/api/account', { token })).status).toBe(401);
    expect((await api.call('POST', '/api/authenticate', { body: { username: 'eczaci', password: 'demo1234' } })).status).toBe(401);
  });
});
