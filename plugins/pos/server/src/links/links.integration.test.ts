import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setTenant } from '@tezgah/server';
import { engines, startTestServer, type TestServer } from '../../../../../packages/server/test/harness';
import { http, ONMUHASEBE } from '../../../../../packages/server/test/http';
import { eventually } from '../../../../../packages/server/test/restartable';
import { callbackHash, sandboxMerchant } from './paytr';

const API = ONMUHASEBE;
const cidOf = (token: string): number => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).cid;
const codeOf = (r: { body: any }) => r.body?.fieldErrors?.[0]?.code ?? r.body?.code;

describe.each(engines('one'))('payment links (virtual payments) on %s', (engine) => {
  let t: TestServer;
  let api: ReturnType<typeof http>;
  let owner: string;
  let other: string;
  /** A management user: the simulator's control routes are theirs. */
  let manager: string;
  let cid: number;
  let currentId: number;
  let onlineAccountCode: string;
  let onlineAccountId: number;

  const inCompany = (companyId: number, fn: (trx: any) => Promise<any>): Promise<any> => t.server.database.db.transaction().execute(async (trx: any) => {
    await setTenant(trx, companyId);
    return fn(trx);
  });
  const entries = (id: number) => inCompany(cid, (trx) => trx.selectFrom('journal_entries').select(['id', 'total'])
    .where('company_id', '=', cid).where('source_kind', '=', 'VIRTUAL_PAYMENT').where('source_id', '=', String(id)).execute());
  const control = async (body: Record<string, unknown>) => {
    const r = await fetch(`${t.url}/sandbox/pos/pay/control`, { method: 'PUT', headers: { 'content-type': 'application/json', authorization: `Bearer ${manager}` }, body: JSON.stringify(body) });
    if (!r.ok) throw new Error(`payment-page sandbox control: ${r.status} ${await r.text()}`);
    return r;
  };
  /** What the simulator holds of a link (a control route). */
  const simulated = async (providerId: string) => (await fetch(`${t.url}/sandbox/pos/pay/control/links/${providerId}`, { headers: { authorization: `Bearer ${manager}` } })).json() as Promise<any>;
  const pay = async (url: string, outcome: 'pay' | 'decline') => {
    const r = await fetch(`${url}/pay`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `outcome=${outcome}&card=4355084355084358` });
    return { status: r.status, text: await r.text() };
  };
  const link = async (body: Record<string, unknown> = {}) => {
    const r = await api.call('POST', `${API}/virtual-payments/create`, { token: owner, body: { currentId, amount: '150.25', description: 'Kasım bakiyesi', email: 'otel@example.com', ...body } });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return r.body as { id: number; paymentUrl: string; providerId: string; status: string };
  };
  const get = async (id: number) => (await api.call('GET', `${API}/virtual-payments/${id}`, { token: owner })).body;
  /** A callback as PayTR posts it (form-urlencoded), or as JSON. */
  const callback = (body: Record<string, string>, json = false) => fetch(`${t.url}${API}/virtual-payments/callback`, {
    method: 'POST',
    headers: { 'content-type': json ? 'application/json' : 'application/x-www-form-urlencoded' },
    body: json ? JSON.stringify(body) : new URLSearchParams(body).toString(),
  }).then(async (r) => ({ status: r.status, text: await r.text() }));

  beforeAll(async () => {
    t = await startTestServer({ engine });
    api = http(t.url);
    owner = await api.signIn('muhasebe');
    other = await api.signIn('eczaci');
    manager = await api.signIn('yonetici');
    cid = cidOf(owner);
    // A current that already has its own ledger account (its November invoice was posted).
    currentId = Number((await inCompany(cid, (trx) => trx.selectFrom('currents').select('id').where('company_id', '=', cid).where('name', '=', 'Boğaziçi Otel İşletmeleri').executeTakeFirstOrThrow())).id);
  });
  afterAll(async () => { await t?.close(); });

  it('refuses a link while the company has no online-payment bank account; the demo company collects into the one its settings name', async () => {
    // The demo pharmacy has none.
    const patient = (await api.call('GET', `${API}/currents?size=100`, { token: other })).body.find((c: any) => c.currentAccountType === 'CUSTOMER');
    const r = await api.call('POST', `${API}/virtual-payments/create`, { token: other, body: { currentId: patient.id, amount: 10, description: 'Deneme linki' } });
    expect(r.status).toBe(409);
    expect(r.body.code).toBe('NO_ONLINE_PAYMENT_ACCOUNT');
    // Demo Ticaret's settings name its demo online-payment account (the accounting demo's, under 108).
    const settings = (await api.call('GET', `${API}/virtual-payment-settings`, { token: owner })).body;
    expect(settings).toMatchObject({ mode: 'sandbox', merchantId: null, bankAccountId: expect.any(Number) });
    const acc = (await api.call('GET', `${API}/bank-accounts/${settings.bankAccountId}`, { token: owner })).body;
    expect(acc).toMatchObject({ name: 'PayTR Online Tahsilat Hesabı', accountType: 'ONLINE_PAYMENT' });
    onlineAccountCode = acc.accountCode;
    expect(onlineAccountCode).toMatch(/^108\./);
    onlineAccountId = acc.id;
  });

  it('makes a link with a paymentUrl on the sandbox page; paying it posts the collection once, even when the callback comes twice', async () => {
    await control({ reset: true, callbackTimes: 2, retryMs: 50 });
    const l = await link();
    expect(l.status).toBe('CREATED');
    expect(l.paymentUrl).toMatch(new RegExp(`/sandbox/pos/pay/link/${l.providerId}$`));
    const page = await fetch(l.paymentUrl);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('150,25');
    expect(html).toContain('Kasım bakiyesi');
    const paid = await pay(l.paymentUrl, 'pay');
    expect(paid.text).toContain('Ödemeniz alındı');
    const after = await get(l.id);
    expect(after).toMatchObject({ status: 'PAID', paidAmount: 150.25, paymentType: 'card', postError: null });
    expect(after.entryId).toBeGreaterThan(0);
    // The second delivery comes after retryMs: wait until the simulator saw it acknowledged too.
    const sim: any = await eventually(async () => {
      const x: any = await simulated(l.providerId);
      return x.payments[0].attempts.length >= 2 ? x : null;
    }, 20_000, 'the second delivery acknowledged');
    expect(sim.payments[0].attempts.map((a: any) => [a.status, a.body])).toEqual([[200, 'OK'], [200, 'OK']]);
    const posted = await entries(l.id);
    expect(posted).toHaveLength(1);
    expect(posted[0].total).toMatch(/^150\.25/);
    const lines = await inCompany(cid, (trx) => trx.selectFrom('journal_lines').select(['account_code', 'debit', 'credit']).where('company_id', '=', cid).where('entry_id', '=', after.entryId).orderBy('line_no').execute());
    expect(lines[0]).toMatchObject({ account_code: onlineAccountCode });
    expect(Number(lines[0].debit)).toBe(150.25);
    expect(lines[1].account_code).toMatch(/^120\./);
    expect(Number(lines[1].credit)).toBe(150.25);
    // A paid link is neither changed nor deleted.
    expect((await api.call('DELETE', `${API}/virtual-payments/${l.id}`, { token: owner })).status).toBe(409);
    expect((await api.call('PUT', `${API}/virtual-payments`, { token: owner, body: { id: l.id, description: 'Başka açıklama' } })).status).toBe(409);
  });

  it('refuses a callback with a bad hash and records nothing; a declined card sends no callback', async () => {
    await control({ reset: true });
    const l = await link({ email: null, amount: 99 });
    const sim = await simulated(l.providerId);
    expect(sim.linkType).toBe('product');
    const m = sandboxMerchant(`SB${cid}`);
    const fields = { merchant_oid: 'FAKE1', status: 'success', total_amount: '9900', callback_id: sim.callbackId, merchant_id: m.id, payment_type: 'card' };
    const bad = await callback({ ...fields, hash: callbackHash({ key: m.key, salt: 'wrong' }, { callbackId: sim.callbackId, merchantOid: 'FAKE1', status: 'success', totalAmount: '9900' }) });
    expect(bad.status).toBe(400);
    expect(bad.text).not.toBe('OK');
    const tampered = await callback({ ...fields, total_amount: '1', hash: callbackHash(m, { callbackId: sim.callbackId, merchantOid: 'FAKE1', status: 'success', totalAmount: '9900' }) });
    expect(tampered.status).toBe(400);
    expect((await get(l.id)).status).toBe('CREATED');
    const declined = await pay(l.paymentUrl, 'decline');
    expect(declined.text).toContain('reddedildi');
    expect((await get(l.id)).status).toBe('CREATED');
    expect(await entries(l.id)).toHaveLength(0);
    // A correctly signed callback (as PayTR would send) pays it; its retry answers OK and posts nothing more.
    const good = { ...fields, hash: callbackHash(m, { callbackId: sim.callbackId, merchantOid: 'FAKE1', status: 'success', totalAmount: '9900' }) };
    expect(await callback(good)).toEqual({ status: 200, text: 'OK' });
    expect(await callback(good, true)).toEqual({ status: 200, text: 'OK' });
    expect(await entries(l.id)).toHaveLength(1);
    // A form is taken only where the contract says so: elsewhere 415 before anything runs.
    const form = await fetch(`${t.url}${API}/virtual-payments/create`, {
      method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Bearer ${owner}` }, body: `currentId=${currentId}&amount=5`,
    });
    expect([form.status, (await form.json()).code]).toEqual([415, 'UNSUPPORTED_MEDIA_TYPE']);
    expect((await get(l.id)).merchantOid).toBe('FAKE1');
  });

  it('cancels an unpaid link at the provider, lists, and keeps settings secrets sealed', async () => {
    const l = await link({ description: 'İptal edilecek link' });
    expect((await api.call('DELETE', `${API}/virtual-payments/${l.id}`, { token: owner })).status).toBe(204);
    expect((await get(l.id)).status).toBe('CANCELLED');
    const sim = await simulated(l.providerId);
    expect(sim.deleted).toBe(true);
    expect((await fetch(l.paymentUrl)).status).toBe(404);
    const list = await api.call('GET', `${API}/virtual-payments?currentId=${currentId}&status=CANCELLED`, { token: owner });
    expect(list.status).toBe(200);
    expect(list.body.map((x: any) => x.id)).toContain(l.id);
    expect(Number(list.headers.get('x-total-count'))).toBeGreaterThanOrEqual(1);

    const live = await api.call('PUT', `${API}/virtual-payment-settings`, { token: owner, body: { mode: 'live' } });
    expect(codeOf(live)).toBe('LIVE_NEEDS_CREDENTIALS');
    const s = await api.call('PUT', `${API}/virtual-payment-settings`, { token: owner, body: { merchantId: '123456', merchantKey: 'gizli-key', merchantSalt: 'gizli-salt', maxInstallment: 3 } });
    expect(s.status, JSON.stringify(s.body)).toBe(200);
    expect(s.body).toEqual({ mode: 'sandbox', merchantId: '123456', merchantKeySet: true, merchantSaltSet: true, bankAccountId: onlineAccountId, maxInstallment: 3 });
    const row = await inCompany(cid, (trx) => trx.selectFrom('pos_link_settings').selectAll().where('company_id', '=', cid).executeTakeFirstOrThrow());
    expect(row.merchant_key_enc).not.toContain('gizli');
    expect(JSON.stringify(await api.call('GET', `${API}/virtual-payment-settings`, { token: owner }))).not.toContain('gizli');
    await api.call('PUT', `${API}/virtual-payment-settings`, { token: owner, body: { merchantId: null, maxInstallment: 1 } });
  });

  it('answers 503 when the payment page is unreachable and makes no link', async () => {
    await control({ reset: true, down: true });
    const before = (await api.call('GET', `${API}/virtual-payments?size=100`, { token: owner })).headers.get('x-total-count');
    const r = await api.call('POST', `${API}/virtual-payments/create`, { token: owner, body: { currentId, amount: 5, description: 'Ulaşılamayan' } });
    expect(r.status).toBe(503);
    expect(Number(before)).toBeGreaterThanOrEqual(3);
    expect((await api.call('GET', `${API}/virtual-payments?size=100`, { token: owner })).headers.get('x-total-count')).toBe(before);
    await control({ reset: true });
    // The simulated outage and our 503 about it were asked for.
    const expected = (e: string) => e.startsWith('POST /sandbox/pos/pay/') || e === `POST ${API}/virtual-payments/create → 503`;
    expect(t.serverErrors.filter(expected).length).toBeGreaterThanOrEqual(1);
    t.serverErrors.splice(0, t.serverErrors.length, ...t.serverErrors.filter((e) => !expected(e)));
  });

  it('keeps links to their company', async () => {
    const l = await link({ description: 'Şirkete özel link' });
    expect((await api.call('GET', `${API}/virtual-payments/${l.id}`, { token: other })).status).toBe(404);
    expect((await api.call('DELETE', `${API}/virtual-payments/${l.id}`, { token: other })).status).toBe(404);
    const theirs = await api.call('POST', `${API}/virtual-payments/create`, { token: other, body: { currentId, amount: 5, description: 'Yabancı cari' } });
    expect(codeOf(theirs)).toBe('CURRENT_NOT_FOUND');
  });
});
