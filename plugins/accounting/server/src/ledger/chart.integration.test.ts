import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startTestServer, type TestServer } from '../../../../../packages/server/test/harness';
import { http, ONMUHASEBE } from '../../../../../packages/server/test/http';
import { userWith } from '../currents/testing';

/** The chart's main accounts (GET/PUT /main-accounts) and account groups (GET /account-groups-all, POST /account-groups). */
describe.each(engines('one'))('main accounts and account groups on %s', (engine) => {
  let t: TestServer;
  let api: ReturnType<typeof http>;
  let owner: string;
  const call = (method: string, path: string, body?: unknown, token = owner) => api.call(method, `${ONMUHASEBE}${path}`, { token, ...(body !== undefined ? { body } : {}) });

  beforeAll(async () => {
    t = await startTestServer({ engine });
    api = http(t.url);
    owner = await api.signIn('muhasebe');
  });
  afterAll(async () => { await t?.close(); });

  it('lists, filters and shows main accounts with the ledger balances', async () => {
    const cash = await call('GET', '/main-accounts?groupCode=10&size=5');
    expect(cash.status, cash.text).toBe(200);
    expect(cash.body[0]).toMatchObject({ id: 100, code: '100', name: 'Kasa', groupCode: '10', groupName: 'Hazır Değerler', classCode: '1', ownedParent: true, active: true });
    expect(cash.body.every((a: any) => a.groupCode === '10')).toBe(true);
    expect(Number(cash.headers.get('x-total-count'))).toBeGreaterThanOrEqual(cash.body.length);
    const byName = await call('GET', '/main-accounts?name=alıcılar');
    expect(byName.body.map((a: any) => a.code)).toContain('120');
    const byCode = await call('GET', '/main-accounts?code=32&size=100');
    expect(byCode.body.length).toBeGreaterThan(0);
    expect(byCode.body.every((a: any) => a.code.startsWith('32'))).toBe(true);
    const paged = await call('GET', '/main-accounts?size=3&page=1&sort=code,asc');
    expect(paged.body).toHaveLength(3);
    // The safe's balance is 100's: the demo safe's opening is there.
    const one = await call('GET', '/main-accounts/100');
    const safes = (await call('GET', '/safes?size=100')).body as any[];
    expect(one.body.balance).toBeCloseTo(safes.reduce((s, x) => s + x.balance, 0), 2);
    expect(one.body.subAccountCount).toBeGreaterThan(0);
    expect((await call('GET', '/main-accounts/99')).status).toBe(404);
  });

  it('renames a main account and makes it passive only where the rules allow', async () => {
    const unused = (await call('GET', '/main-accounts?code=6&size=100')).body.find((a: any) => a.debit === 0 && a.credit === 0 && a.subAccountCount === 0 && a.postable);
    expect(unused).toBeTruthy();
    const renamed = await call('PUT', '/main-accounts', { id: unused.id, name: `${unused.name} (özel)`, active: false });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.body).toMatchObject({ id: unused.id, code: unused.code, name: `${unused.name} (özel)`, active: false });
    expect((await call('GET', `/main-accounts?active=false&code=${unused.code}`)).body).toHaveLength(1);
    // A passive account takes no postings.
    const posted = await call('POST', '/journal-entries', { date: '2026-06-01', explanation: 'Pasif hesap', lines: [{ account: unused.code, debit: 1 }, { account: '100.01', credit: 1 }] });
    expect(posted.body.fieldErrors?.[0]).toMatchObject({ field: 'lines[0].account', code: 'ACCOUNT_NOT_FOUND' });
    expect((await call('PUT', '/main-accounts', { id: unused.id, name: unused.name, active: true })).body.active).toBe(true);

    const refusals: [Record<string, unknown>, number, string][] = [
      [{ id: 100, name: 'Kasa', active: false }, 409, 'OWNED_PARENT'],
      [{ id: 100, name: 'Kasa', code: '199' }, 400, 'NOT_CHANGEABLE'],
      [{ id: 100, name: '   ' }, 400, 'REQUIRED'],
      [{ id: 999, name: 'Yok' }, 404, 'NOT_FOUND'],
    ];
    const withLines = (await call('GET', '/main-accounts?size=100&code=6')).body.find((a: any) => (a.debit !== 0 || a.credit !== 0) && !a.ownedParent && a.subAccountCount === 0);
    if (withLines) refusals.push([{ id: withLines.id, name: withLines.name, active: false }, 409, 'ACCOUNT_HAS_POSTINGS']);
    for (const [body, status, code] of refusals) {
      const r = await call('PUT', '/main-accounts', body);
      expect([body, r.status, r.body.fieldErrors?.[0]?.code ?? r.body.code]).toEqual([body, status, code]);
    }
    expect((await call('GET', '/main-accounts/100')).body).toMatchObject({ name: 'Kasa', active: true });
    const reader = await userWith(api, owner, 'hesapplani', ['18_1']);
    expect((await call('GET', '/main-accounts/100', undefined, reader)).status).toBe(200);
    expect((await call('PUT', '/main-accounts', { id: unused.id, name: 'x' }, reader)).status).toBe(403);
    expect((await call('POST', '/account-groups', { code: '19', name: 'x' }, reader)).status).toBe(403);
  });

  it('lists every account group and adds one where the chart leaves room', async () => {
    const all = await call('GET', '/account-groups-all');
    expect(all.status).toBe(200);
    expect(all.body.find((g: any) => g.code === '10')).toMatchObject({ name: 'Hazır Değerler', classCode: '1', className: 'DÖNEN VARLIKLAR', active: true });
    expect(all.body.find((g: any) => g.code === '12')).toMatchObject({ name: 'Ticari Alacaklar' });
    const codes = all.body.map((g: any) => g.code) as string[];
    expect([...codes].sort()).toEqual(codes);
    const free = ['14', '17', '23', '27', '28', '39', '41', '46', '56', '62', '66', '75', '83', '84', '85', '86', '87', '88', '89', '93', '94', '95', '96', '97', '98', '99'].find((c) => !codes.includes(c))!;
    expect(free).toBeTruthy();
    const made = await call('POST', '/account-groups', { code: free, name: 'Şirkete Özel Grup' });
    expect(made.status, made.text).toBe(201);
    expect(made.body).toMatchObject({ code: free, name: 'Şirkete Özel Grup', classCode: free[0], mainAccountCount: 0 });
    expect((await call('GET', '/account-groups-all')).body.map((g: any) => g.code)).toContain(free);
    const clash = await call('POST', '/account-groups', { code: '10', name: 'Çakışan' });
    expect([clash.status, clash.body.code]).toEqual([409, 'ACCOUNT_GROUP_EXISTS']);
    expect(clash.body.detail).toContain('Hazır Değerler');
    expect((await call('POST', '/account-groups', { code: free, name: 'İkinci kez' })).status).toBe(409);
    expect((await call('POST', '/account-groups', { code: '100', name: 'Üç hane' })).status).toBe(400);
    expect((await call('POST', '/account-groups', { code: '05', name: 'Sınıfsız' })).status).toBe(400);
  });
});
