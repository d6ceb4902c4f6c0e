import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startTestServer, type TestServer } from '../../test/harness';
import { http, ONMUHASEBE } from '../../test/http';
import { signToken, verifyToken } from './token';

describe.each(engines('both'))('identity on %s', (engine) => {
  let t: TestServer;
  let api: ReturnType<typeof http>;
  beforeAll(async () => {
    t = await startTestServer({ engine });
    api = http(t.url);
  });
  afterAll(async () => { await t?.close(); });

  const outbox = async (recipient: string) => {
    const admin = await api.signIn('yonetici');
    const r = await api.call('GET', `${ONMUHASEBE}/outbox-messages?recipient=${encodeURIComponent(recipient)}`, { token: admin });
    expect(r.status).toBe(200);
    return r.body as { channel: string; subject: string | null; body: string }[];
  };
  const keyIn = (text: string) => /key=([0-9a-f]{40})/.exec(text)?.[1] ?? '';

  it('signs in with the token in the Authorization header and shows the account with authorities', async () => {
    const r = await api.call('POST', '/api/authenticate', { body: { username: 'eczaci', password: 'demo1234' } });
    expect(r.status).toBe(200);
    const header = r.headers.get('authorization')!;
    expect(header).toMatch(/^Bearer ey/);
    expect(r.body.id_token).toBe(header.slice(7));
    const me = await api.call('GET', '/api/account', { token: r.body.id_token });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ login: 'eczaci', activated: true, impersonate: false, company: { name: 'Demo Eczanesi', sectorKey: 'ECZ' } });
    expect(me.body.authorities).toContainEqual({ authorityCode: '13_2', companyId: me.body.companyId });
    expect(me.body.roles).toContain('Firma Sahibi');
    expect(me.body).not.toHaveProperty('password_hash');
  });

  it('signs in by e-mail too, and a rememberMe token lives longer', async () => {
    const short = await api.signIn('eczaci@demo.tezgah.local');
    const long = await api.signIn('eczaci', 'demo1234', true);
    const exp = (tok: string) => JSON.parse(Buffer.from(tok.split('.')[1]!, 'base64url').toString()).exp as number;
    expect(exp(long) - exp(short)).toBeGreaterThan(20 * 24 * 3600);
  });

  it('logout ends the session', async () => {
    const tok = await api.signIn('eczaci');
    expect((await api.call('GET', '/api/logout', { token: tok })).status).toBe(204);
    const after = await api.call('GET', '/api/account', { token: tok });
    expect(after.status).toBe(401);
    expect(after.body.code).toBe('SESSION_ENDED');
  });

  it('refuses forged, expired and mismatched tokens with 401, a foreign company-id with 403', async () => {
    const tok = await api.signIn('eczaci');
    const claims = verifyToken(tok, t.server.services.secret)!;
    const expired = signToken({ ...claims, exp: Math.floor(Date.now() / 1000) - 10 }, t.server.services.secret);
    const forged = signToken({ ...claims, cid: 3 }, Buffer.from('not-the-secret'));
    for (const bad of [expired, forged, 'garbage', `${tok}x`]) {
      const r = await api.call('GET', '/api/account', { token: bad });
      expect(r.status).toBe(401);
      expect(r.body.title).toBe('Yetkisiz erişim');
    }
    expect((await api.call('GET', '/api/account')).status).toBe(401);
    const other = await api.signIn('eczaci');
    expect((await api.call('GET', '/api/account', { token: tok, headers: { 'access-token': other } })).status).toBe(401);
    expect((await api.call('GET', '/api/account', { headers: { 'access-token': tok, 'company-id': String(claims.cid) } })).status).toBe(200);
    const foreign = await api.call('GET', '/api/account', { token: tok, headers: { 'company-id': '3' } });
    expect(foreign.status).toBe(403);
    expect(foreign.body).toMatchObject({ title: 'Yetki Hatası', code: 'COMPANY_MISMATCH' });
  });

  it('switches company only to one the user belongs to', async () => {
    const admin = await api.signIn('yonetici');
    // Give eczaci a role in the general company, then switch there and back.
    const roles = await api.call('GET', `${ONMUHASEBE}/roles?search=Personel`, { token: await api.signIn('muhasebe') });
    const staff = roles.body[0].id;
    const link = await api.call('PUT', `${ONMUHASEBE}/companies-user`, { token: admin, body: { companyId: 3, login: 'eczaci', roleIds: [staff] } });
    expect(link.status).toBe(200);
    expect(link.body).toMatchObject({ login: 'eczaci', roles: [{ id: staff, name: 'Personel' }] });
    const tok = await api.signIn('eczaci');
    const sw = await api.call('POST', '/api/company-authenticate', { token: tok, body: { companyId: 3 } });
    expect(sw.status).toBe(200);
    const newTok = sw.headers.get('authorization')!.slice(7);
    const me = await api.call('GET', '/api/account', { token: newTok });
    expect(me.body).toMatchObject({ companyId: 3, company: { name: 'Demo Ticaret A.Ş.' }, roles: ['Personel'] });
    expect((await api.call('GET', '/api/account', { token: tok })).status).toBe(401);
    const companies = await api.call('GET', `${ONMUHASEBE}/user-companies`, { token: newTok });
    expect(companies.body.map((c: any) => c.companyId).sort()).toEqual([2, 3]);
    const denied = await api.call('POST', '/api/company-authenticate', { token: newTok, body: { companyId: 1 } });
    expect(denied.status).toBe(404);
  });

  it('lets management impersonate, records both identities, and restores the previous one', async () => {
    const admin = await api.signIn('yonetici');
    const imp = await api.call('POST', '/api/impersonate', { token: admin, body: { login: 'muhasebe', previousLogin: 'yonetici' } });
    expect(imp.status).toBe(200);
    const asUser = imp.body.id_token;
    const me = await api.call('GET', '/api/account', { token: asUser });
    expect(me.body).toMatchObject({ login: 'muhasebe', impersonate: true, previousLogin: 'yonetici' });
    const nested = await api.call('POST', '/api/impersonate', { token: asUser, body: { login: 'eczaci' } });
    expect(nested.status).toBe(403);
    const back = await api.call('POST', '/api/logout-impersonate', { token: asUser, body: { login: 'muhasebe', previousLogin: 'yonetici' } });
    expect(back.status).toBe(200);
    const again = await api.call('GET', '/api/account', { token: back.body.id_token });
    expect(again.body).toMatchObject({ login: 'yonetici', impersonate: false, previousLogin: null });
    expect((await api.call('GET', '/api/account', { token: asUser })).status).toBe(401);
    const audit = await api.call('GET', `${ONMUHASEBE}/audit-events?action=auth.impersonate`, { token: back.body.id_token });
    expect(audit.body.find((e: any) => e.action === 'auth.impersonate')).toMatchObject({ userLogin: 'muhasebe', actorLogin: 'yonetici' });
    const plain = await api.signIn('eczaci');
    expect((await api.call('POST', '/api/impersonate', { token: plain, body: { login: 'muhasebe' } })).status).toBe(403);
  });

  it('registers a user and company that wait for activation, then activates by the mailed key once', async () => {
    const reg = {
      user: { login: '10000000078', firstName: 'Ayşe', lastName: 'Yılmaz', email: 'ayse@example.com', phone: '5551112233', password: 'gizli123', repeatPassword: 'gizli123' },
      company: { name: 'Yılmaz Eczanesi', companyType: 'INDIVIDUAL', taxNumber: '10000000078', sectorId: 1 },
    };
    const mismatch = await api.call('POST', `${ONMUHASEBE}/register`, { body: { ...reg, user: { ...reg.user, repeatPassword: 'other' } } });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.fieldErrors).toContainEqual(expect.objectContaining({ field: 'user.repeatPassword', message: 'Şifreleriniz eşleşmiyor!' }));
    const badVkn = await api.call('POST', `${ONMUHASEBE}/register`, { body: { ...reg, company: { ...reg.company, companyType: 'CORPORATION', taxNumber: '1234567891' } } });
    expect(badVkn.status).toBe(400);
    expect(badVkn.body.fieldErrors[0].field).toBe('company.taxNumber');
    expect((await api.call('POST', '/api/check-username', { body: { login: reg.user.login } })).body).toEqual({ available: true });
    const r = await api.call('POST', `${ONMUHASEBE}/register`, { body: reg });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ login: '10000000078', status: 'WAITING_FOR_ACTIVATION' });
    expect((await api.call('POST', '/api/check-username', { body: { login: reg.user.login } })).body).toEqual({ available: false });
    expect((await api.call('POST', '/api/check-mail', { body: { email: 'AYSE@example.com' } })).body).toEqual({ available: false });
    expect((await api.call('POST', '/api/check-mail', { body: { email: 'not-an-email' } })).body.fieldErrors[0].message).toBe('Hatalı e-posta biçimi');
    const early = await api.call('POST', '/api/authenticate', { body: { username: reg.user.login, password: 'gizli123' } });
    expect(early.status).toBe(401);
    expect(early.body.code).toBe('ACCOUNT_NOT_ACTIVATED');
    expect(early.body.detail).toMatch(/not activated/);
    const mails = await outbox('ayse@example.com');
    const key = keyIn(mails[0]!.body);
    expect(key).toHaveLength(40);
    const act = await api.call('GET', `/api/activate?key=${key}`);
    expect(act.status).toBe(200);
    expect(act.body).toEqual({ activated: true, login: '10000000078' });
    const twice = await api.call('GET', `/api/activate?key=${key}`);
    expect(twice.status).toBe(400);
    expect(twice.body).toMatchObject({ title: 'Maalesef etkinleştirme işleminiz tamamlanamadı', code: 'INCORRECT_OTP' });
    const tok = await api.signIn(reg.user.login, 'gizli123');
    const me = await api.call('GET', '/api/account', { token: tok });
    expect(me.body.company).toMatchObject({ name: 'Yılmaz Eczanesi', sectorKey: 'ECZ' });
    const taxes = await t.server.database.db.selectFrom('taxes').select('percentage').where('company_id', '=', me.body.companyId).execute();
    expect(taxes.map((x) => Number(x.percentage)).sort((a, b) => b - a)).toEqual([20, 10, 1, 0]);
  });

  it('resets a password with a single-use key and ends older sessions', async () => {
    const old = await api.signIn('eczaci');
    const init = await api.call('POST', '/api/account/reset-password/init', { body: { login: 'eczaci', email: 'eczaci@demo.tezgah.local' } });
    expect(init.status).toBe(200);
    const silent = await api.call('POST', '/api/account/reset-password/init', { body: { login: 'eczaci', email: 'someone@else.com' } });
    expect(silent.body).toEqual(init.body);
    const mails = (await outbox('eczaci@demo.tezgah.local')).filter((m) => m.subject?.includes('şifre'));
    expect(mails).toHaveLength(1);
    const key = keyIn(mails[0]!.body);
    const short = await api.call('POST', '/api/account/reset-password/finish', { body: { key, newPassword: 'abc' } });
    expect(short.status).toBe(400);
    const ok = await api.call('POST', '/api/account/reset-password/finish', { body: { key, newPassword: 'yeni1234' } });
    expect(ok.status).toBe(200);
    const reuse = await api.call('POST', '/api/account/reset-password/finish', { body: { key, newPassword: 'yeni5678' } });
    expect(reuse.body).toMatchObject({ title: 'Şifre Sıfırlama işlemi başarısız!', code: 'INCORRECT_OTP' });
    expect((await api.call('GET', '/api/account', { token: old })).status).toBe(401);
    await api.signIn('eczaci', 'yeni1234');
    expect((await api.call('POST', '/api/authenticate', { body: { username: 'eczaci', password: 'demo1234' } })).status).toBe(401);
  });

  it('an administrator adds a user, who sets a password through the invitation and signs in', async () => {
    const owner = await api.signIn('muhasebe');
    const roles = await api.call('GET', `${ONMUHASEBE}/roles`, { token: owner });
    const staff = roles.body.find((r: any) => r.name === 'Personel').id;
    const created = await api.call('POST', '/api/users', { token: owner, body: { login: 'kasiyer1', firstName: 'Kemal', lastName: 'Kasa', email: 'kemal@example.com', roleIds: [staff] } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ login: 'kasiyer1', activated: false, roles: [{ id: staff, name: 'Personel' }] });
    const dup = await api.call('POST', '/api/users', { token: owner, body: { login: 'KASIYER1', firstName: 'K', lastName: 'K', email: 'x@example.com', roleIds: [staff] } });
    expect(dup.status).toBe(409);
    expect(dup.body.fieldErrors[0].field).toBe('login');
    const key = keyIn((await outbox('kemal@example.com'))[0]!.body);
    expect((await api.call('POST', '/api/account/password-reset-activate/finish', { body: { key, newPassword: 'kasa1234' } })).status).toBe(200);
    const tok = await api.signIn('kasiyer1', 'kasa1234');
    const me = await api.call('GET', '/api/account', { token: tok });
    expect(me.body.authorities.map((a: any) => a.authorityCode)).toContain('11_2');
    expect(me.body.authorities.map((a: any) => a.authorityCode)).not.toContain('17_1');
    // muhasebe, kasiyer1, mali (the demo accountant) and eczaci (added to this company by an
    // earlier test), sorted by login.
    const list = await api.call('GET', '/api/users?sort=login,asc&size=1&page=1', { token: owner });
    expect(list.headers.get('x-total-count')).toBe('4');
    expect(list.body).toHaveLength(1);
    expect(list.body[0].login).toBe('kasiyer1');
    const search = await api.call('GET', '/api/users?search=kas', { token: owner });
    expect(search.body.map((u: any) => u.login)).toEqual(['kasiyer1']);
    const removed = await api.call('DELETE', `/api/users/${created.body.id}/3`, { token: owner });
    expect(removed.status).toBe(204);
    expect((await api.call('GET', '/api/account', { token: tok })).status).toBe(401);
  });

  it('roles: create, refuse duplicates and unknown codes, protect fixed roles', async () => {
    const owner = await api.signIn('muhasebe');
    const r = await api.call('POST', `${ONMUHASEBE}/roles`, { token: owner, body: { name: 'Depocu', authorities: ['14_1', '14_33', '13_1'] } });
    expect(r.status).toBe(201);
    expect(r.body.authorities).toEqual(['13_1', '14_1', '14_33']);
    expect((await api.call('POST', `${ONMUHASEBE}/roles`, { token: owner, body: { name: 'depocu', authorities: [] } })).status).toBe(409);
    const unknown = await api.call('POST', `${ONMUHASEBE}/roles`, { token: owner, body: { name: 'X', authorities: ['13_99'] } });
    expect(unknown.status).toBe(400);
    const mgmt = await api.call('POST', `${ONMUHASEBE}/roles`, { token: owner, body: { name: 'Sahte yönetim', authorities: ['1000_1'] } });
    expect(mgmt.status).toBe(403);
    const fixed = (await api.call('GET', `${ONMUHASEBE}/roles?search=Firma`, { token: owner })).body[0];
    expect((await api.call('DELETE', `${ONMUHASEBE}/roles/${fixed.id}`, { token: owner })).status).toBe(409);
    const upd = await api.call('PUT', `${ONMUHASEBE}/roles`, { token: owner, body: { id: r.body.id, name: 'Depo Sorumlusu', authorities: ['14_1'] } });
    expect(upd.body).toMatchObject({ name: 'Depo Sorumlusu', authorities: ['14_1'] });
    expect((await api.call('DELETE', `${ONMUHASEBE}/roles/${r.body.id}`, { token: owner })).status).toBe(204);
    expect((await api.call('GET', `${ONMUHASEBE}/roles/${r.body.id}`, { token: owner })).status).toBe(404);
  });

  it('records writes in the audit trail with who did them', async () => {
    const admin = await api.signIn('yonetici');
    const r = await api.call('GET', `${ONMUHASEBE}/audit-events?action=role.&size=50`, { token: admin });
    expect(r.body.some((e: any) => e.action === 'role.created' && e.userLogin === 'muhasebe' && e.companyId === 3)).toBe(true);
    const sorted = await api.call('GET', `${ONMUHASEBE}/audit-events?sort=nope,asc`, { token: admin });
    expect(sorted.status).toBe(400);
    expect(sorted.body.fieldErrors[0].field).toBe('sort');
  });

  // Last: it leaves muhasebe paused.
  it('refuses a wrong password with the catalogue text and pauses an account after repeated failures', async () => {
    const bad = await api.call('POST', '/api/authenticate', { body: { username: 'muhasebe', password: 'wrong-pass' } });
    expect(bad.status).toBe(401);
    expect(bad.headers.get('content-type')).toContain('application/problem+json');
    expect(bad.body).toMatchObject({ title: 'Giriş işlemi başarısız oldu', detail: 'Lütfen kullanıcı bilgilerinizi kontrol edip tekrar deneyiniz.', code: 'BAD_CREDENTIALS' });
    for (let i = 0; i < 4; i++) await api.call('POST', '/api/authenticate', { body: { username: 'muhasebe', password: 'wrong-pass' } });
    const locked = await api.call('POST', '/api/authenticate', { body: { username: 'muhasebe', password: 'demo1234' } });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(locked.body.code).toBe('RATE_LIMITED');
    // The failures were recorded even though those requests failed.
    const admin = await api.signIn('yonetici');
    const audit = await api.call('GET', `${ONMUHASEBE}/audit-events?login=muhasebe&action=auth.login.failed`, { token: admin });
    expect(Number(audit.headers.get('x-total-count'))).toBeGreaterThanOrEqual(5);
  });
});
