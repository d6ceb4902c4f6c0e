import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { setTenant } from '@tezgah/server';
import { engines, startTestServer, type TestServer } from '../../../../../packages/server/test/harness';
import { http, ONMUHASEBE } from '../../../../../packages/server/test/http';
import { assertBooksBalance } from '../ledger/testing';

const cidOf = (token: string): number => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).cid;
const PAYMENTS = `${ONMUHASEBE}/payments`;
const STATEMENT = `${ONMUHASEBE}/personnel-statement`;

describe.each(engines('one'))('personnel payments on %s', (engine) => {
  let t: TestServer;
  let api: ReturnType<typeof http>;
  let owner: string;
  let cid: number;
  let can: { id: number };
  let safe: { id: number; accountCode: string };
  let bank: { id: number; accountCode: string };
  const inCompany = <T>(fn: (trx: any) => Promise<T>) => t.server.database.db.transaction().execute(async (trx) => {
    await setTenant(trx, cid);
    return fn(trx);
  });
  const lastEntries = async (n: number) => (await api.call('GET', `${ONMUHASEBE}/journal-entries?sort=id,desc&size=${n}`, { token: owner })).body;
  const lines = (e: { lines: { account: string; debit: number; credit: number }[] }) => e.lines.map((l) => [l.account, l.debit, l.credit]);
  const pay = (body: Record<string, unknown>, token = owner) => api.call('POST', PAYMENTS, {
    token, body: { personnelId: can.id, amount: 1000, currencyId: 1, date: '2026-05-29', account: { accountKind: 'SAFE', accountId: safe.id }, ...body },
  });
  const statement = async (q = '') => (await api.call('GET', `${STATEMENT}?personnelId=${can.id}${q}`, { token: owner })).body;

  beforeAll(async () => {
    t = await startTestServer({ engine });
    api = http(t.url);
    owner = await api.signIn('muhasebe');
    cid = cidOf(owner);
    can = (await api.call('GET', `${ONMUHASEBE}/currents?currentAccountType=PERSONNEL&search=Can`, { token: owner })).body[0];
    const s = await api.call('POST', `${ONMUHASEBE}/safes`, { token: owner, body: { name: 'Maaş Kasası', currencyId: 1, openingBalance: '100000.00', openingDate: '2026-01-01' } });
    expect(s.status).toBe(201);
    safe = s.body;
    bank = (await api.call('GET', `${ONMUHASEBE}/bank-accounts?size=100`, { token: owner })).body.find((b: any) => b.currencyId === 1 && b.accountType === 'TRADING');
  });
  afterAll(async () => {
    if (t) {
      const st = await statement();
      const safeNow = (await api.call('GET', `${ONMUHASEBE}/safes/${safe.id}`, { token: owner })).body;
      await inCompany((trx) => assertBooksBalance(trx, cid, [
        ...st.accounts.map((a: string) => ({ account: a, balance: st.closingBalance, what: "Can Yıldız's statement" })),
        { account: safe.accountCode, balance: safeNow.balance, what: 'the salary safe' },
      ]));
    }
    await t?.close();
  });

  it("gives the demo its January wage payments: the general company's by instruction from its bank, the pharmacy's advance from its safe", async () => {
    const general = await api.call('GET', PAYMENTS, { token: owner });
    expect(general.status).toBe(200);
    expect(general.body).toEqual([expect.objectContaining({
      personnelId: can.id, personnelName: 'Can Yıldız', type: 'INSTRUCTED', date: '2026-01-30', amount: 38750, currencyId: 1, currencyCode: 'TL', rate: null,
      liraAmount: 38750, account: expect.objectContaining({ accountKind: 'BANK_ACCOUNT', accountId: bank.id, accountCode: bank.accountCode }),
      explanation: 'Ocak 2026 net ücret ödemesi',
    })]);
    const pharmacy = await api.call('GET', PAYMENTS, { token: await api.signIn('eczaci') });
    expect(pharmacy.body).toEqual([expect.objectContaining({ personnelName: 'Zeynep Arslan', type: 'NORMAL', amount: 12500, account: expect.objectContaining({ accountKind: 'SAFE' }) })]);
    const st = await statement();
    expect(st).toMatchObject({ name: 'Can Yıldız', accounts: [expect.stringMatching(/^335\.\d{3}$/)], openingBalance: 0, closingBalance: 38750 });
    expect(st.lines).toEqual([expect.objectContaining({ date: '2026-01-30', debit: 38750, credit: 0, balance: 38750, sourceKind: 'PERSONNEL_PAYMENT' })]);
  });

  it("posts a payment debit the personnel's 335 account / credit the safe", async () => {
    const r = await pay({ amount: '15000.50', explanation: null });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ personnelName: 'Can Yıldız', type: 'NORMAL', date: '2026-05-29', amount: 15000.5, liraAmount: 15000.5, rate: null, account: { accountKind: 'SAFE', accountId: safe.id, name: 'Maaş Kasası', accountCode: safe.accountCode } });
    const [e] = await lastEntries(1);
    const st = await statement();
    expect(e).toMatchObject({ id: r.body.entryId, sourceKind: 'PERSONNEL_PAYMENT', sourceId: String(r.body.id), date: '2026-05-29', total: 15000.5, explanation: 'Personel ödemesi: Can Yıldız', createdBy: 'muhasebe' });
    expect(lines(e)).toEqual([[st.accounts[0], 15000.5, 0], [safe.accountCode, 0, 15000.5]]);
    expect((await api.call('GET', `${ONMUHASEBE}/safes/${safe.id}`, { token: owner })).body.balance).toBe(84999.5);
    expect(st.closingBalance).toBe(53750.5);
    const got = await api.call('GET', `${PAYMENTS}/${r.body.id}`, { token: owner });
    expect(got.body).toEqual(r.body);
  });

  it('refuses bad payments with Turkish problems and writes nothing', async () => {
    const before = (await lastEntries(1))[0].id;
    const customer = (await api.call('GET', `${ONMUHASEBE}/currents?currentAccountType=CUSTOMER&size=1`, { token: owner })).body[0];
    const cases: [Record<string, unknown>, string, string, string?][] = [
      [{ amount: 0 }, 'amount', 'AMOUNT_ZERO', 'Tutar sıfır olamaz.'],
      [{ amount: '0.00' }, 'amount', 'AMOUNT_ZERO'],
      [{ amount: 12.345 }, 'amount', 'AMOUNT'],
      [{ personnelId: customer.id }, 'personnelId', 'PERSONNEL_NOT_FOUND', 'Personel bulunamadı.'],
      [{ personnelId: 999999 }, 'personnelId', 'PERSONNEL_NOT_FOUND'],
      [{ account: { accountKind: 'SAFE', accountId: 999999 } }, 'account.accountId', 'ACCOUNT_NOT_FOUND', 'Kasa bulunamadı.'],
      [{ type: 'INSTRUCTED' }, 'type', 'INSTRUCTED_NEEDS_BANK'],
      [{ currencyId: 2 }, 'currencyId', 'CURRENCY_MISMATCH', 'Ödeme, seçilen hesabın para biriminde (TL) yapılır.'],
      [{ currencyId: 999 }, 'currencyId', 'UNKNOWN'],
      [{ date: '2026-02-30' }, 'date', 'DATE'],
    ];
    for (const [change, field, code, message] of cases) {
      const r = await pay(change);
      expect([change, r.status, r.body.fieldErrors?.[0]?.field, r.body.fieldErrors?.[0]?.code]).toEqual([change, 400, field, code]);
      if (message) expect(r.body.fieldErrors[0].message).toBe(message);
    }
    for (const missing of ['amount', 'account', 'date', 'currencyId', 'personnelId']) {
      const body: Record<string, unknown> = { personnelId: can.id, amount: 1000, currencyId: 1, date: '2026-05-29', account: { accountKind: 'SAFE', accountId: safe.id } };
      delete body[missing];
      const r = await api.call('POST', PAYMENTS, { token: owner, body });
      expect([missing, r.status]).toEqual([missing, 400]);
    }
    expect((await pay({ amount: -5 })).status).toBe(400);
    expect((await pay({ type: 'TALIMAT' })).status).toBe(400);
    expect((await pay({ date: '2025-12-31' })).body.code).toBe('FISCAL_YEAR_NOT_FOUND');
    expect((await lastEntries(1))[0].id).toBe(before);
  });

  it('pays by instruction from a bank account, and in foreign currency at the rate given', async () => {
    const r = await pay({ type: 'INSTRUCTED', amount: 20000, date: '2026-06-30', account: { accountKind: 'BANK_ACCOUNT', accountId: bank.id } });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ type: 'INSTRUCTED', account: { accountKind: 'BANK_ACCOUNT', accountId: bank.id } });
    const [e] = await lastEntries(1);
    expect(e.explanation).toBe('Personel ödemesi (talimatlı): Can Yıldız');
    expect(lines(e)[1]).toEqual([bank.accountCode, 0, 20000]);

    const usd = await api.call('POST', `${ONMUHASEBE}/safes`, { token: owner, body: { name: 'Dolar Kasası', currencyId: 2, openingBalance: 1000, openingDate: '2026-01-01', openingRate: '35' } });
    expect(usd.status).toBe(201);
    const fc = await pay({ amount: 100, currencyId: 2, rate: '43.1234', date: '2026-06-30', account: { accountKind: 'SAFE', accountId: usd.body.id } });
    expect(fc.status).toBe(201);
    expect(fc.body).toMatchObject({ amount: 100, currencyId: 2, currencyCode: 'USD', rate: 43.1234, liraAmount: 4312.34 });
    const [fe] = await lastEntries(1);
    expect(fe.lines[1]).toMatchObject({ account: usd.body.accountCode, credit: 4312.34, currencyId: 2, amountFc: 100, rate: 43.1234 });
    expect(fe.lines[0]).toMatchObject({ debit: 4312.34, currencyId: 1, amountFc: null });
    const noRate = await pay({ amount: 100, currencyId: 2, date: '2026-06-29', account: { accountKind: 'SAFE', accountId: usd.body.id } });
    expect(noRate.body.fieldErrors[0]).toMatchObject({ field: 'rate', code: 'RATE_REQUIRED' });
    expect((await api.call('DELETE', `${PAYMENTS}/${fc.body.id}`, { token: owner })).status).toBe(204);
    expect((await api.call('DELETE', `${PAYMENTS}/${r.body.id}`, { token: owner })).status).toBe(204);
  });

  it('changes a payment by reversing its entry and posting the new one, and deletes it by reversing', async () => {
    const [p] = (await api.call('GET', `${PAYMENTS}?personnelId=${can.id}&startDate=2026-05-01&endDate=2026-05-31`, { token: owner })).body;
    const body = { id: p.id, personnelId: can.id, amount: 16000, currencyId: 1, date: '2026-05-30', account: { accountKind: 'SAFE', accountId: safe.id }, explanation: 'Mayıs maaşı' };
    const changed = await api.call('PUT', PAYMENTS, { token: owner, body });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ id: p.id, amount: 16000, date: '2026-05-30', explanation: 'Mayıs maaşı', updatedBy: 'muhasebe' });
    expect(changed.body.entryId).not.toBe(p.entryId);
    const [fresh, reversal] = await lastEntries(2);
    expect(reversal).toMatchObject({ reversesId: p.entryId, sourceKind: 'PERSONNEL_PAYMENT', sourceId: String(p.id), date: '2026-05-29', total: 15000.5 });
    expect(fresh).toMatchObject({ id: changed.body.entryId, sourceId: String(p.id), date: '2026-05-30', total: 16000, explanation: 'Mayıs maaşı', reversesId: null });
    const original = await api.call('GET', `${ONMUHASEBE}/journal-entries/${p.entryId}`, { token: owner });
    expect(original.body.reversedById).toBe(reversal.id);
    const same = await api.call('PUT', PAYMENTS, { token: owner, body });
    expect([same.status, same.body.fieldErrors[0].code]).toEqual([400, 'NO_CHANGES']);
    expect((await statement('&startDate=2026-05-01&endDate=2026-05-31')).lines.map((l: any) => [l.debit, l.credit])).toEqual([[15000.5, 0], [0, 15000.5], [16000, 0]]);

    // A locked month keeps its entries: the change is refused.
    const year = (await api.call('GET', `${ONMUHASEBE}/fiscal-years`, { token: owner })).body.find((y: any) => y.name === '2026');
    const may = (await api.call('GET', `${ONMUHASEBE}/journals?fiscalYearId=${year.id}&size=20`, { token: owner })).body.find((j: any) => j.period === 5);
    await api.call('PUT', `${ONMUHASEBE}/journals-lock`, { token: owner, body: { id: may.id } });
    const locked = await api.call('PUT', PAYMENTS, { token: owner, body: { ...body, amount: 17000 } });
    expect([locked.status, locked.body.code]).toEqual([409, 'JOURNAL_LOCKED']);
    const jan = (await api.call('GET', `${ONMUHASEBE}/journals?fiscalYearId=${year.id}&size=20`, { token: owner })).body.find((j: any) => j.period === 1);
    await api.call('PUT', `${ONMUHASEBE}/journals-unlock`, { token: owner, body: { id: jan.id } });
    expect((await api.call('GET', `${PAYMENTS}/${p.id}`, { token: owner })).body.amount).toBe(16000);

    expect((await api.call('DELETE', `${PAYMENTS}/${p.id}`, { token: owner })).status).toBe(204);
    const [undo] = await lastEntries(1);
    expect(undo).toMatchObject({ reversesId: changed.body.entryId, total: 16000 });
    expect((await api.call('GET', `${PAYMENTS}/${p.id}`, { token: owner })).status).toBe(404);
    expect((await api.call('PUT', PAYMENTS, { token: owner, body })).status).toBe(404);
    expect((await api.call('DELETE', `${PAYMENTS}/${p.id}`, { token: owner })).status).toBe(404);
    const list = await api.call('GET', PAYMENTS, { token: owner });
    expect(list.headers.get('x-total-count')).toBe('1');
    // Back to the demo's January payment: the statement's closing balance, from the ledger.
    expect((await statement()).closingBalance).toBe(38750);
  });

  it('answers the statement with its running balance for a period', async () => {
    await pay({ amount: 500, date: '2026-07-10' });
    await pay({ amount: 750, date: '2026-07-20' });
    const st = await statement('&startDate=2026-07-01&endDate=2026-07-31');
    expect(st).toMatchObject({ startDate: '2026-07-01', endDate: '2026-07-31', openingBalance: 38750, totalDebit: 1250, totalCredit: 0, closingBalance: 40000 });
    expect(st.lines.map((l: any) => l.balance)).toEqual([39250, 40000]);
    const bad = await api.call('GET', `${STATEMENT}?personnelId=${can.id}&startDate=2026-07-31&endDate=2026-07-01`, { token: owner });
    expect(bad.body.fieldErrors[0].code).toBe('DATE_RANGE');
    const customer = (await api.call('GET', `${ONMUHASEBE}/currents?currentAccountType=CUSTOMER&size=1`, { token: owner })).body[0];
    expect((await api.call('GET', `${STATEMENT}?personnelId=${customer.id}`, { token: owner })).status).toBe(404);
  });

  it("keeps another company's payments and personnel out of reach", async () => {
    const eczaci = await api.signIn('eczaci');
    const [p] = (await api.call('GET', `${PAYMENTS}?size=1`, { token: owner })).body;
    for (const [method, path] of [['GET', `${PAYMENTS}/${p.id}`], ['DELETE', `${PAYMENTS}/${p.id}`], ['GET', `${STATEMENT}?personnelId=${can.id}`]] as const) {
      const r = await api.call(method, path, { token: eczaci });
      expect([method, path, r.status, r.body.code]).toEqual([method, path, 404, 'NOT_FOUND']);
    }
    const put = await api.call('PUT', PAYMENTS, { token: eczaci, body: { id: p.id, personnelId: can.id, amount: 1, currencyId: 1, date: '2026-05-29', account: { accountKind: 'SAFE', accountId: safe.id } } });
    expect(put.status).toBe(404);
    const foreign = await api.call('POST', PAYMENTS, { token: eczaci, body: { personnelId: can.id, amount: 1, currencyId: 1, date: '2026-05-29', account: { accountKind: 'SAFE', accountId: safe.id } } });
    expect(foreign.body.fieldErrors[0]).toMatchObject({ field: 'personnelId', code: 'PERSONNEL_NOT_FOUND' });
    expect((await api.call('GET', `${PAYMENTS}/${p.id}`, { token: owner })).body).toEqual(p);
  });

  it('never lets the request role delete a payment row', async () => {
    await expect(inCompany(async (trx) => {
      await sql`select set_config('role', 'tezgah_app', true)`.execute(trx);
      await sql`delete from personnel_payments where company_id = ${cid}`.execute(trx);
    })).rejects.toThrow(/permission denied/);
  });
});
