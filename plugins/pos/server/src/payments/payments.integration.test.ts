import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { setTenant } from '@tezgah/server';
import { POS_PAYMENT_STATUSES, POS_USER_TARGETS, canTransition } from '@tezgah/pos-common';
import { engines, startTestServer, type TestServer } from '../../../../../packages/server/test/harness';
import { http, ONMUHASEBE } from '../../../../../packages/server/test/http';
import { eventually } from '../../../../../packages/server/test/restartable';
import { RETAIL_CURRENT_NAME } from '@tezgah/accounting-server';
import { pollOpenPayments } from './service';

const API = ONMUHASEBE;
const cidOf = (token: string): number => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).cid;
const codeOf = (r: { body: any }) => r.body?.fieldErrors?.[0]?.code ?? r.body?.code;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each(engines('one'))('POS devices and payments on %s', (engine) => {
  let t: TestServer;
  let api: ReturnType<typeof http>;
  let owner: string;
  let other: string;
  /** A management user: the simulator's control routes are theirs. */
  let manager: string;
  let cid: number;
  let posAccount: { id: number; accountCode: string };
  let device: { id: number };
  let customer: { id: number; name: string };
  let productId: number;
  let seq = 0;
  /** The baskets whose result (BASKET_COMPLETED) the server has answered, once per answer. */
  const completedAnswered: string[] = [];

  const inCompany = <T>(fn: (trx: any) => Promise<T>) => t.server.database.db.transaction().execute(async (trx) => { await setTenant(trx as any, cid); return fn(trx); });
  const entries = (kind: string, id: number) => inCompany(async (trx) => (await sql<{ id: number; reverses_id: number | null }>`
    select id, reverses_id from journal_entries where company_id = ${cid} and source_kind = ${kind} and source_id = ${String(id)} order by id`.execute(trx)).rows);
  const sandbox = (method: string, path: string, body?: unknown, token: string | null = manager) =>
    fetch(`${t.url}/sandbox/pos/terminal${path}`, {
      method, headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: body ? JSON.stringify(body) : undefined,
    }).then(async (r) => ({ status: r.status, type: r.headers.get('content-type'), body: await r.json() as any }));
  const control = (sw: Record<string, unknown>) => sandbox('PUT', '/control', { reset: true, stepMs: 80, ...sw });
  const get = async (id: number) => (await api.call('GET', `${API}/pos-payments/${id}`, { token: owner })).body;
  const until = async (id: number, pred: (p: any) => boolean, ms = 15_000) => {
    const end = Date.now() + ms;
    let last: any;
    while (Date.now() < end) {
      last = await get(id);
      if (pred(last)) return last;
      await sleep(60);
    }
    throw new Error(`payment ${id} stayed ${last?.status}: ${last?.statusReason}`);
  };
  const basketOf = async (documentNo: string) => (await sandbox('GET', '/control/baskets')).body.filter((b: any) => b.basket.checkNumber === documentNo && !b.basket.isVoid).at(-1);
  const openAccount = async (total: string | number, extra: Record<string, unknown> = {}) => {
    const r = await api.call('POST', `${API}/pos-payments/open-account`, { token: owner, body: { deviceId: device.id, currentId: customer.id, total, ...extra } });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return r.body;
  };

  beforeAll(async () => {
    t = await startTestServer({
      engine,
      env: { TEZGAH_POS_TIMEOUT_MS: '1500', TEZGAH_POS_POLL_AFTER_SECONDS: '0', TEZGAH_POS_UNKNOWN_AFTER_SECONDS: '1' },
      extend: (app) => app.addHook('onResponse', async (req) => {
        const b = req.body as { event?: unknown; data?: { basketID?: unknown } } | undefined;
        if (b?.event === 'BASKET_COMPLETED' && typeof b.data?.basketID === 'string') completedAnswered.push(b.data.basketID);
      }),
    });
    api = http(t.url);
    owner = await api.signIn('muhasebe');
    other = await api.signIn('eczaci');
    manager = await api.signIn('yonetici');
    cid = cidOf(owner);
    await control({});
    const garanti = (await api.call('GET', `${API}/banks?search=0062`, { token: owner })).body[0];
    const acc = await api.call('POST', `${API}/bank-accounts`, { token: owner, body: { name: 'Garanti POS (POS testi)', bankId: garanti.id, accountType: 'POS', currencyId: 1 } });
    expect(acc.status, JSON.stringify(acc.body)).toBe(201);
    posAccount = acc.body;
    const currents = (await api.call('GET', `${API}/currents?size=100`, { token: owner })).body;
    customer = currents.find((c: any) => c.name === 'Boğaziçi Otel İşletmeleri');
    const unitId = (await api.call('GET', `${API}/units?size=100`, { token: owner })).body.find((u: any) => u.name === 'Adet').id;
    const p = await api.call('POST', `${API}/products`, { token: owner, body: { name: 'POS test hizmeti', barcode: `869${Date.now()}`, productType: 'SERVICE_GIVEN', unitId, buyingCurrencyId: 1, saleCurrencyId: 1, defaultTaxRate: 20, salePrice: 100, buyingPrice: 0 } });
    expect(p.status, JSON.stringify(p.body)).toBe(201);
    productId = p.body.id;
    // The customer owes something on account (its ledger sub-account exists).
    const inv = await api.call('POST', `${API}/invoices`, { token: owner, body: { invoiceType: 'SALE', currentId: customer.id, date: '2026-11-20', products: [{ productId, quantity: 10, unitPrice: 100 }] } });
    expect(inv.status, JSON.stringify(inv.body)).toBe(201);
  });
  afterAll(async () => {
    // The simulator's own 503s (the `down` switch) are what the test asked for, not our errors.
    if (t) t.serverErrors.splice(0, t.serverErrors.length, ...t.serverErrors.filter((e) => !/ \/sandbox\/pos\//.test(e)));
    await t?.close();
  });

  it("shows the demo's terminals and the pharmacy's payments on its counter terminal: taken, voided, declined, each in the books as its status says", async () => {
    // Each demo company has its simulated terminal, settling into its POS bank account.
    for (const [token, name, account] of [[owner, 'Mağaza POS', 'Garanti BBVA POS Hesabı'], [other, 'Tezgâh POS', 'Vakıfbank POS Hesabı']] as const) {
      const devices = (await api.call('GET', `${API}/pos-devices?size=50`, { token })).body;
      expect(devices.find((d: any) => d.name === name)).toMatchObject({ provider: 'SANDBOX', active: true, bankAccountName: account });
    }
    // The pharmacy's payments of the demo (the suite's day is 25 November; they are before it).
    const list = (await api.call('GET', `${API}/pos-payments?endDate=2026-11-24&size=50&sort=id,asc`, { token: other })).body as any[];
    expect(list.map((p) => [p.kind, p.status, p.customerName, p.total, p.paymentDate, p.deviceName])).toEqual([
      ['OPEN_ACCOUNT', 'SUCCESS', 'Mehmet Demir', '850.00', '2026-11-16', 'Tezgâh POS'],
      ['NON_PRESCRIPTION', 'SALE_CANCEL_SUCCESS', 'Fatma Kaya', '702.86', '2026-11-19', 'Tezgâh POS'],
      ['NON_PRESCRIPTION', 'FAILED', 'Ayşe Yılmaz', '592.56', '2026-11-21', 'Tezgâh POS'],
      ['OPEN_ACCOUNT', 'SUCCESS', 'Ayşe Yılmaz', '640.00', '2026-11-23', 'Tezgâh POS'],
    ]);
    const [taken, voided, declined] = list;
    expect(declined).toMatchObject({ bankResponseCode: '51', statusReason: 'Banka reddetti (51): Yetersiz bakiye.', entryId: null, actions: ['send'] });
    expect(taken).toMatchObject({ receiptNo: '112', bankResponseCode: '00', maskedPan: expect.stringMatching(/^\d{6}\*{6}\d{4}$/), actions: ['cancelSale'] });
    // A taken payment debits the POS account and credits the patient; the voided one's posting is reversed.
    const entry = (await api.call('GET', `${API}/journal-entries/${taken.entryId}`, { token: other })).body;
    expect(entry).toMatchObject({ date: '2026-11-16', sourceKind: 'POS_PAYMENT', total: 850 });
    expect(entry.lines.map((l: any) => [l.account.split('.')[0], l.debit, l.credit])).toEqual([['108', 850, 0], ['120', 0, 850]]);
    const reversal = (await api.call('GET', `${API}/journal-entries/${voided.reversalEntryId}`, { token: other })).body;
    expect(reversal).toMatchObject({ reversesId: voided.entryId, date: '2026-11-19' });
    const history = (await api.call('GET', `${API}/pos-payments/${voided.id}`, { token: other })).body.history;
    expect(history.map((h: any) => h.to)).toEqual(['PENDING', 'ON_TERMINAL', 'SUCCESS', 'SALE_CANCEL_PENDING', 'SALE_CANCEL_ON_TERMINAL', 'SALE_CANCELLED', 'SALE_CANCEL_SUCCESS']);
    expect(history[0].at.slice(0, 10)).toBe('2026-11-19');
    // The account payments are the current POS payments; the voided and the declined sale leave no invoice missing.
    expect((await api.call('GET', `${API}/current-pos-payments?endDate=2026-11-24&size=50`, { token: other })).body.map((p: any) => p.id).sort()).toEqual([taken.id, list[3].id].sort());
    const missing = (await api.call('GET', `${API}/missing-invoices?size=100`, { token: other })).body as any[];
    expect(missing.filter((m) => m.source === 'pos.payment')).toEqual([]);
  });

  it('keeps devices with sealed credentials, settling into a POS bank account of the company', async () => {
    const trading = (await api.call('GET', `${API}/bank-accounts?size=100`, { token: owner })).body.find((a: any) => a.accountType === 'TRADING');
    const wrong = await api.call('POST', `${API}/pos-devices`, { token: owner, body: { name: 'Kasa 1', terminalSerialNo: 'AV0000000001', bankAccountId: trading.id } });
    expect([wrong.status, codeOf(wrong)]).toEqual([400, 'NOT_POS_ACCOUNT']);
    const r = await api.call('POST', `${API}/pos-devices`, { token: owner, body: { name: 'Kasa 1', terminalSerialNo: 'AV0000000001', provider: 'SANDBOX', bankAccountId: posAccount.id, apiKey: 'cid-kasa-1', appToken: 'gizli-uygulama-anahtari', username: 'kasiyer', password: 'parola-123' } });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    device = r.body;
    expect(r.body).toMatchObject({ appTokenSet: true, apiKeySet: true, passwordSet: true, username: 'kasiyer', bankAccountId: posAccount.id, active: true });
    expect(JSON.stringify(r.body)).not.toMatch(/gizli-uygulama|parola-123|cid-kasa-1/);
    const stored = await inCompany(async (trx) => (await sql<any>`select app_token_enc, api_key_enc, password_enc from pos_devices where id = ${device.id}`.execute(trx)).rows[0]);
    expect(stored.app_token_enc).toBeTruthy();
    expect(JSON.stringify(stored)).not.toMatch(/gizli-uygulama|parola-123|cid-kasa-1/);
    const again = await api.call('POST', `${API}/pos-devices`, { token: owner, body: { name: 'Kasa 2', terminalSerialNo: 'AV0000000001', bankAccountId: posAccount.id } });
    expect([again.status, codeOf(again)]).toEqual([409, 'SERIAL_NO_TAKEN']);
    const upd = await api.call('PUT', `${API}/pos-devices`, { token: owner, body: { id: device.id, name: 'Ön kasa', password: null } });
    expect(upd.body).toMatchObject({ name: 'Ön kasa', appTokenSet: true, passwordSet: false });
    expect((await api.call('GET', `${API}/pos-devices/${device.id}`, { token: other })).status).toBe(404);
    expect((await api.call('GET', `${API}/pos-devices`, { token: other })).body.some((d: any) => d.id === device.id)).toBe(false);
  });

  it('sends a sale invoice paid by the POS device to the terminal: PENDING → ON_TERMINAL → SUCCESS, the invoice posted once', async () => {
    await control({});
    const inv = await api.call('POST', `${API}/invoices`, { token: owner, body: { invoiceType: 'SALE', currentId: customer.id, date: '2026-11-20', products: [{ productId, quantity: 1, unitPrice: 100 }], payments: [{ paymentType: 'CREDIT_CARD', amount: 120, bankAccountId: posAccount.id, method: 'pos.device' }] } });
    expect(inv.status, JSON.stringify(inv.body)).toBe(201);
    const listed: any[] = await eventually(async () => {
      const l = (await api.call('GET', `${API}/pos-payments?invoiceId=${inv.body.id}`, { token: owner })).body;
      return l.length ? l : null;
    }, 20_000, 'the invoice\'s POS payment');
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ kind: 'INVOICE', total: '120.00', terminalSerialNo: 'AV0000000001', currentId: customer.id });
    const done = await until(listed[0].id, (p) => p.status === 'SUCCESS');
    expect(done.history.map((h: any) => h.to)).toEqual(['PENDING', 'ON_TERMINAL', 'INPROGRESS', 'SUCCESS']);
    expect(done.receiptNo).toBeTruthy();
    expect(done.entryId).toBeNull();
    expect(await entries('INVOICE_PAYMENT', inv.body.payments[0].id)).toHaveLength(1);
    expect(await entries('POS_PAYMENT', listed[0].id)).toHaveLength(0);
    const basket = await basketOf(done.documentNo);
    expect(basket.basket).toMatchObject({ total: 12000, paymentItems: [{ type: 'CREDIT_CARD', amount: 12000, description: 'Kredi Kartı' }] });

    // The sale is cancelled on the device: the invoice's card payment is voided (its posting
    // reversed, the invoice owes 120 again as a new due), and the walk ends in SALE_CANCEL_SUCCESS.
    const c = await api.call('PUT', `${API}/pos-payments/update-status`, { token: owner, body: { id: listed[0].id, status: 'SALE_CANCEL_PENDING' } });
    expect(c.status, JSON.stringify(c.body)).toBe(200);
    const cancelled = await until(listed[0].id, (p) => p.status === 'SALE_CANCEL_SUCCESS');
    expect(cancelled.history.map((h: any) => h.to).slice(-4)).toEqual(['SALE_CANCEL_PENDING', 'SALE_CANCEL_ON_TERMINAL', 'SALE_CANCELLED', 'SALE_CANCEL_SUCCESS']);
    const after = (await api.call('GET', `${API}/invoices/${inv.body.id}`, { token: owner })).body;
    expect(after).toMatchObject({ status: 'POSTED', paid: 0, paymentStatus: 'UNPAID', remaining: 120 });
    expect(after.payments).toEqual([]);
    expect(after.dues.map((d: any) => [d.amount, d.remaining])).toEqual([[120, 120]]);
    const paymentEntries = await entries('INVOICE_PAYMENT', inv.body.payments[0].id);
    expect(paymentEntries).toHaveLength(2); // the payment and its reversal
    // A second void (a repeated report) changes nothing.
    expect((await api.call('PUT', `${API}/pos-payments/update-status`, { token: owner, body: { id: listed[0].id, status: 'SALE_CANCEL_PENDING' } })).status).toBe(409);
    expect(await entries('INVOICE_PAYMENT', inv.body.payments[0].id)).toHaveLength(2);
  });

  it('records the card refund of a sales return refunded to the POS account, never more than the card paid', async () => {
    await control({});
    // 3 × 100 + 20% KDV = 360, of which 200 by card on the terminal.
    const inv = await api.call('POST', `${API}/invoices`, { token: owner, body: { invoiceType: 'SALE', currentId: customer.id, date: '2026-11-20', products: [{ productId, quantity: 3, unitPrice: 100 }], payments: [{ paymentType: 'CREDIT_CARD', amount: 200, bankAccountId: posAccount.id, method: 'pos.device' }] } });
    expect(inv.status, JSON.stringify(inv.body)).toBe(201);
    const [pay] = await eventually(async () => {
      const l = (await api.call('GET', `${API}/pos-payments?invoiceId=${inv.body.id}`, { token: owner })).body;
      return l.length ? l : null;
    }, 20_000, 'the invoice\'s POS payment');
    await until(pay.id, (p) => p.status === 'SUCCESS');
    const giveBack = (quantity: number) => api.call('POST', `${API}/invoices/${inv.body.id}/returns`, { token: owner, body: { date: '2026-11-20', lines: [{ lineId: inv.body.products[0].id, quantity }], refund: { bankAccountId: posAccount.id } } });

    const first = await giveBack(1);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.payable).toBe(120);
    const refunded = await get(pay.id);
    expect(refunded).toMatchObject({ status: 'SUCCESS', total: '200.00', refunded: '120.00' });
    expect(refunded.history.at(-1)).toMatchObject({ from: 'SUCCESS', to: 'SUCCESS', detail: { refund: '120.00', returnInvoiceId: first.body.id } });
    // 80 is left of the card: another 120 back to it is refused, and no return is made.
    const second = await giveBack(1);
    expect([second.status, codeOf(second), second.body.fieldErrors?.[0]?.field]).toEqual([400, 'POS_REFUND_ABOVE_PAYMENT', 'refund.bankAccountId']);
    expect(second.body.fieldErrors[0].message).toContain('80.00');
    expect((await api.call('GET', `${API}/invoices/${inv.body.id}`, { token: owner })).body.returns.map((r: any) => r.id)).toEqual([first.body.id]);
    // Part of it refunded, the sale is no longer voided whole on the terminal.
    const voided = await api.call('PUT', `${API}/pos-payments/update-status`, { token: owner, body: { id: pay.id, status: 'SALE_CANCEL_PENDING' } });
    expect([voided.status, codeOf(voided)]).toEqual([409, 'POS_PAYMENT_REFUNDED']);
    // Cancelling the return gives the refunded amount back to the payment.
    expect((await api.call('POST', `${API}/invoices/cancel/${first.body.id}/false/NONE`, { token: owner })).status).toBe(200);
    expect((await get(pay.id)).refunded).toBe('0.00');
  });

  it('posts a sale without prescription once, even when the terminal reports it three times', async () => {
    await control({ duplicateCallback: true });
    const r = await api.call('POST', `${API}/pos-payments/non-prescription`, { token: owner, body: { deviceId: device.id, currentId: customer.id, items: [{ name: 'Vitamin C', quantity: 2, unitPrice: '12.50', taxPercent: 10, productId }] } });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body).toMatchObject({ status: 'PENDING', kind: 'NON_PRESCRIPTION', total: '25.00', actions: ['giveUp'] });
    const done = await until(r.body.id, (p) => p.status === 'SUCCESS' && p.entryId);
    const basket = await basketOf(done.documentNo);
    // The terminal's second report has been answered too.
    await eventually(async () => completedAnswered.filter((id) => id === basket.basketID).length >= 2, 20_000, 'the duplicate report answered');
    expect((await sandbox('GET', `/control/baskets/${basket.basketID}`)).body.callbacks).toBe(2);
    await sandbox('POST', `/control/baskets/${basket.basketID}/callback`);
    expect(await entries('POS_PAYMENT', r.body.id)).toHaveLength(1);
    expect((await get(r.body.id)).history.filter((h: any) => h.to === 'SUCCESS')).toHaveLength(1);
    expect(basket.basket.items[0]).toEqual({ name: 'Vitamin C', price: 1250, sectionNo: 1, taxPercent: 1000, quantity: 2000 });
    // It waits for its invoice among the missing invoices.
    const missing = await api.call('GET', `${API}/missing-invoices?size=100`, { token: owner });
    expect(JSON.stringify(missing.body)).toContain(done.documentNo);
  });

  it('books a card sale without a current to the retail customer current, once, and reverses it when the sale is cancelled', async () => {
    await control({});
    const retail = () => inCompany(async (trx) => (await sql<{ id: string }>`
      select id from currents where company_id = ${cid} and type = 'CUSTOMER' and tax_number is null and name = ${RETAIL_CURRENT_NAME} order by id`.execute(trx)).rows.map((r) => Number(r.id)));
    const linesOf = (entryId: number) => inCompany(async (trx) => (await sql<{ account_code: string; debit: string; credit: string }>`
      select account_code, debit::text as debit, credit::text as credit from journal_lines where company_id = ${cid} and entry_id = ${entryId} order by line_no`.execute(trx)).rows);
    const sell = async (total: string) => {
      const r = await api.call('POST', `${API}/pos-payments/non-prescription`, { token: owner, body: { deviceId: device.id, total } });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      expect(r.body.currentId).toBeNull();
      return until(r.body.id, (p) => p.status === 'SUCCESS' && p.entryId);
    };
    const a = await sell('35.00');
    const b = await sell('7.50');
    // One retail current, made on the first sale and found by the second.
    const ids = await retail();
    expect(ids).toHaveLength(1);
    const account = await inCompany(async (trx) => (await sql<{ code: string }>`
      select code from ledger_accounts where company_id = ${cid} and owner_kind = 'CURRENT' and owner_id = ${ids[0]}`.execute(trx)).rows.map((r) => r.code));
    expect(account).toHaveLength(1);
    // Each sale: one balanced entry, the POS bank account debited, the retail current credited.
    for (const [p, amount] of [[a, '35.00'], [b, '7.50']] as const) {
      expect(p.statusReason).toBeNull();
      expect(p.currentId).toBeNull();
      expect((await entries('POS_PAYMENT', p.id)).map((e) => Number(e.id))).toEqual([p.entryId]);
      expect(await linesOf(p.entryId)).toEqual([
        { account_code: posAccount.accountCode, debit: amount, credit: '0.00' },
        { account_code: account[0], debit: '0.00', credit: amount },
      ]);
    }

    // The first sale is cancelled on the device: its entry is reversed, the second one stands.
    const c = await api.call('PUT', `${API}/pos-payments/update-status`, { token: owner, body: { id: a.id, status: 'SALE_CANCEL_PENDING' } });
    expect(c.status, JSON.stringify(c.body)).toBe(200);
    const cancelled = await until(a.id, (p) => p.status === 'SALE_CANCEL_SUCCESS');
    const es = await entries('POS_PAYMENT', a.id);
    expect(es).toHaveLength(2);
    expect(Number(es[1]!.id)).toBe(cancelled.reversalEntryId);
    expect(Number(es[1]!.reverses_id)).toBe(a.entryId);
    expect(await linesOf(cancelled.reversalEntryId)).toEqual([
      { account_code: posAccount.accountCode, debit: '0.00', credit: '35.00' },
      { account_code: account[0], debit: '35.00', credit: '0.00' },
    ]);
    expect(await entries('POS_PAYMENT', b.id)).toHaveLength(1);
    const balance = await inCompany(async (trx) => (await sql<{ b: string }>`
      select coalesce(sum(credit - debit), 0)::text as b from journal_lines where company_id = ${cid} and account_code = ${account[0]}`.execute(trx)).rows[0]!.b);
    expect(balance).toBe('7.50');
    expect(await retail()).toEqual(ids);
  });

  it('takes a result the terminal could not call back with by polling, then ignores the late webhooks: posted once', async () => {
    await control({ timeout: true });
    const p = await openAccount('40.00');
    await until(p.id, (x) => x.status === 'ON_TERMINAL');
    const basket = await basketOf(p.documentNo);
    // The terminal has finished with the basket (and, told to time out, reported nothing).
    await eventually(async () => (await sandbox('GET', `/control/baskets/${basket.basketID}`)).body.basketStatus === 'COMPLETED', 20_000, 'the terminal to complete the basket');
    expect((await get(p.id)).status).toBe('ON_TERMINAL');
    await pollOpenPayments(t.server.services);
    const done = await get(p.id);
    expect(done.status).toBe('SUCCESS');
    expect(done.history.at(-1)).toMatchObject({ to: 'SUCCESS', source: 'POLL' });
    await sandbox('POST', `/control/baskets/${basket.basketID}/callback`);
    await sandbox('POST', `/control/baskets/${basket.basketID}/callback`);
    expect((await get(p.id)).status).toBe('SUCCESS');
    expect(await entries('POS_PAYMENT', p.id)).toHaveLength(1);
  });

  it('marks a payment whose terminal went silent UNKNOWN, then believes its late success once', async () => {
    await control({ loseConnection: true });
    const p = await openAccount('15.00');
    await until(p.id, (x) => x.status === 'ON_TERMINAL');
    // The poll two seconds later by the server's clock: silent past TEZGAH_POS_UNKNOWN_AFTER_SECONDS (1).
    await pollOpenPayments({ ...t.server.services, now: () => new Date(t.server.services.now().getTime() + 2_000) });
    expect((await get(p.id))).toMatchObject({ status: 'UNKNOWN', actions: ['giveUp'] });
    const basket = await basketOf(p.documentNo);
    await sandbox('POST', `/control/baskets/${basket.basketID}/complete`, { outcome: 'SUCCESS' });
    await sandbox('POST', `/control/baskets/${basket.basketID}/callback`);
    await sandbox('POST', `/control/baskets/${basket.basketID}/callback`);
    await until(p.id, (x) => x.status === 'SUCCESS');
    expect(await entries('POS_PAYMENT', p.id)).toHaveLength(1);
  });

  it('fails a declined payment with the bank code, and sends it again', async () => {
    await control({ decline: true });
    const p = await openAccount('30.00');
    const failed = await until(p.id, (x) => x.status === 'FAILED');
    expect(failed).toMatchObject({ bankResponseCode: '51', actions: ['send'] });
    expect(failed.statusReason).toMatch(/Banka reddetti/);
    expect(await entries('POS_PAYMENT', p.id)).toHaveLength(0);
    await control({});
    const again = await api.call('PUT', `${API}/pos-payments/update-status`, { token: owner, body: { id: p.id, status: 'PENDING' } });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    await until(p.id, (x) => x.status === 'SUCCESS');
    expect(await entries('POS_PAYMENT', p.id)).toHaveLength(1);
  });

  it('fails a payment the terminal cannot be reached for, and gives up one still on the terminal', async () => {
    await control({ down: true });
    const p = await openAccount('11.00');
    expect((await until(p.id, (x) => x.status === 'FAILED')).statusReason).toMatch(/ulaşılamadı|yanıt vermedi/);
    await control({ loseConnection: true });
    const q = await openAccount('12.00');
    await until(q.id, (x) => x.status === 'ON_TERMINAL');
    const basket = await basketOf(q.documentNo);
    expect(basket.basketStatus).toBe('ON_TERMINAL');
    const gaveUp = await api.call('PUT', `${API}/pos-payments/update-status`, { token: owner, body: { id: q.id, status: 'CANCELLED' } });
    expect(gaveUp.body).toMatchObject({ status: 'CANCELLED', actions: ['send'] });
    expect((await sandbox('GET', `/control/baskets/${basket.basketID}`)).status).toBe(404);
    expect((await api.call('DELETE', `${API}/pos-payments/${q.id}`, { token: owner })).status).toBe(204);
  });

  it('walks a sale cancellation through the terminal and reverses the collection; a refused void leaves the sale standing', async () => {
    await control({});
    const p = await openAccount('50.00');
    await until(p.id, (x) => x.status === 'SUCCESS' && x.entryId);
    const c = await api.call('PUT', `${API}/pos-payments/update-status`, { token: owner, body: { id: p.id, status: 'SALE_CANCEL_PENDING' } });
    expect(c.status, JSON.stringify(c.body)).toBe(200);
    const done = await until(p.id, (x) => x.status === 'SALE_CANCEL_SUCCESS');
    expect(done.history.map((h: any) => h.to).slice(-4)).toEqual(['SALE_CANCEL_PENDING', 'SALE_CANCEL_ON_TERMINAL', 'SALE_CANCELLED', 'SALE_CANCEL_SUCCESS']);
    expect(done.reversalEntryId).toBeTruthy();
    const es = await entries('POS_PAYMENT', p.id);
    expect(es).toHaveLength(2);
    expect(es[1]!.reverses_id).toBe(es[0]!.id);

    const q = await openAccount('60.00');
    await until(q.id, (x) => x.status === 'SUCCESS');
    await control({ decline: true });
    await api.call('PUT', `${API}/pos-payments/update-status`, { token: owner, body: { id: q.id, status: 'SALE_CANCEL_PENDING' } });
    const refused = await until(q.id, (x) => x.status === 'SALE_CANCEL_FAILED');
    expect(refused.actions).toEqual(['cancelSale']);
    expect(await entries('POS_PAYMENT', q.id)).toHaveLength(1);
  });

  it('refuses every user action the transition table does not allow with 409 POS_TRANSITION_NOT_ALLOWED', async () => {
    await control({ loseConnection: true });
    const p = await openAccount('1.00');
    await until(p.id, (x) => x.status === 'ON_TERMINAL');
    let refused = 0;
    for (const from of POS_PAYMENT_STATUSES) {
      for (const to of POS_USER_TARGETS) {
        if (canTransition(from, to)) continue;
        await inCompany((trx) => sql`update pos_payments set status = ${from} where id = ${p.id}`.execute(trx));
        const r = await api.call('PUT', `${API}/pos-payments/update-status`, { token: owner, body: { id: p.id, status: to } });
        expect([from, to, r.status, codeOf(r)]).toEqual([from, to, 409, 'POS_TRANSITION_NOT_ALLOWED']);
        expect(r.body.detail).toContain(`${from} durumundan ${to}`);
        refused++;
      }
    }
    expect(refused).toBe(POS_PAYMENT_STATUSES.length * 3 - POS_PAYMENT_STATUSES.reduce((n, s) => n + POS_USER_TARGETS.filter((t2) => canTransition(s, t2)).length, 0));
    const notUser = await api.call('PUT', `${API}/pos-payments/update-status`, { token: owner, body: { id: p.id, status: 'SUCCESS' } });
    expect([notUser.status, codeOf(notUser)]).toEqual([400, 'STATUS']);
  });

  it('opens the simulator\'s control routes to a signed-in management user only; its terminal API keeps the provider\'s own sign-in', async () => {
    await control({});
    for (const [method, path, body] of [['PUT', '/control', { down: true }], ['GET', '/control', undefined], ['GET', '/control/baskets', undefined]] as const) {
      const anonymous = await sandbox(method, path, body, null);
      expect([method, path, anonymous.status, anonymous.body.code, anonymous.body.title]).toEqual([method, path, 401, 'UNAUTHORIZED', 'Yetkisiz erişim']);
      expect(anonymous.type).toMatch(/^application\/problem\+json/);
      const forged = await sandbox(method, path, body, `${manager.slice(0, -4)}AAAA`);
      expect([method, path, forged.status, forged.body.code]).toEqual([method, path, 401, 'INVALID_TOKEN']);
      const clerk = await sandbox(method, path, body, owner);
      expect([method, path, clerk.status, clerk.body.code, clerk.body.title]).toEqual([method, path, 403, 'MANAGEMENT_ONLY', 'Yetki Hatası']);
      expect(clerk.type).toMatch(/^application\/problem\+json/);
    }
    // None of the refused calls changed the simulator; the management user's do.
    expect((await sandbox('GET', '/control')).body).toMatchObject({ down: false, stepMs: 80 });
    const set = await sandbox('PUT', '/control', { reset: true, stepMs: 90 });
    expect([set.status, set.body.stepMs, set.body.down]).toEqual([200, 90, false]);
    // The terminal API the adapter calls is the provider's: its client credentials, not our session.
    const basic = Buffer.from('sandbox-erisim-testi:sandbox-secret').toString('base64');
    const token = await fetch(`${t.url}/sandbox/pos/terminal/v1/auth/token`, { method: 'POST', headers: { authorization: `Basic ${basic}` } });
    expect(token.status).toBe(201);
    expect((await fetch(`${t.url}/sandbox/pos/terminal/v1/basket/${crypto.randomUUID()}`)).status).toBe(401);
    await control({});
  });

  it('keeps companies apart, refuses unsigned webhooks and feeds changes after a cursor', async () => {
    await control({});
    const start = (await api.call('GET', `${API}/pos-payments/changes`, { token: owner })).body.cursor;
    const p = await openAccount('5.00');
    expect((await api.call('GET', `${API}/pos-payments/${p.id}`, { token: other })).status).toBe(404);
    expect((await api.call('PUT', `${API}/pos-payments/update-status`, { token: other, body: { id: p.id, status: 'CANCELLED' } })).status).toBe(404);
    expect((await api.call('GET', `${API}/pos-payments?size=100`, { token: other })).body.some((x: any) => x.id === p.id)).toBe(false);
    expect((await api.call('GET', `${API}/current-pos-payments/${p.id}`, { token: owner })).body.id).toBe(p.id);
    await until(p.id, (x) => x.status === 'SUCCESS');
    const basket = await basketOf(p.documentNo);
    const forged = await api.call('POST', `${API}/pos-terminal-callback/${cid}`, { body: { event: 'BASKET_COMPLETED', data: { basketID: basket.basketID, status: 99 }, signature: 'sha256=00' } });
    expect([forged.status, codeOf(forged)]).toEqual([404, 'NOT_FOUND']);
    expect((await get(p.id)).status).toBe('SUCCESS');
    const feed = await api.call('GET', `${API}/pos-payments/changes?since=${start}`, { token: owner });
    expect(feed.body.items.some((x: any) => x.id === p.id && x.status === 'SUCCESS')).toBe(true);
    expect(BigInt(feed.body.cursor) > BigInt(start)).toBe(true);
    // The current POS payments report gets the successful ones through the reports point.
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Istanbul' }).format(new Date());
    const report = await api.call('GET', `/services/reports/api/current-pos-payment-by-date-range?startDate=${day}&endDate=${day}`, { token: owner });
    expect(report.status, JSON.stringify(report.body)).toBe(200);
    expect(report.body.rows.filter((r: any) => r.documentNo === p.documentNo)).toEqual([expect.objectContaining({ source: 'pos.device-payments', currentId: customer.id, currentName: customer.name, device: 'AV0000000001' })]);
    const failed = (await api.call('GET', `${API}/pos-payments?status=FAILED&size=100`, { token: owner })).body;
    expect(failed.length).toBeGreaterThan(0);
    expect(report.body.rows.some((r: any) => failed.some((f: any) => f.documentNo === r.documentNo))).toBe(false);
    const portal = await api.call('GET', `${API}/pos-payments-to-portal?size=5`, { token: owner });
    expect(portal.body[0].id).toBe(p.id);
    expect(Number(portal.headers.get('x-total-count'))).toBeGreaterThan(5);
  });
});
