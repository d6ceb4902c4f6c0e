import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { setTenant } from '@tezgah/server';
import { engines, startTestServer, type TestServer } from '../../../../../packages/server/test/harness';
import { http, ONMUHASEBE } from '../../../../../packages/server/test/http';
import { assertBooksBalance } from '../ledger/testing';

const cidOf = (token: string): number => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).cid;
const PAYMENTS = `${ONMUHASEBE}/payments`;
const ACCRUALS = `${ONMUHASEBE}/personnel-accruals`;

/**
 * The March 2026 payroll of one personnel, as the payroll (bordro) gives it. By hand:
 *   gross                              30,000.00
 *   worker SGK (14 %)                   4,200.00
 *   worker unemployment (1 %)             300.00
 *   employer SGK (15.75 %)              4,725.00
 *   employer unemployment (2 %)           600.00
 *   income tax (GVK 94)                 2,000.00
 *   stamp tax (DVK)                       227.70
 *   advance deducted                    5,000.00 (paid from the safe on 10 March)
 *   net = 30,000.00 − 4,200.00 − 300.00 − 2,000.00 − 227.70 − 5,000.00 = 18,272.30
 * The entry:
 *   Dr 770    30,000.00 + 4,725.00 + 600.00                 = 35,325.00
 *   Cr 335.x  net                                            = 18,272.30
 *   Cr 360    2,000.00 + 227.70                              =  2,227.70
 *   Cr 361    4,200.00 + 300.00 + 4,725.00 + 600.00          =  9,825.00
 *   Cr 196.x  advance deducted                               =  5,000.00
 *   credits   18,272.30 + 2,227.70 + 9,825.00 + 5,000.00     = 35,325.00
 */
const MARCH = {
  period: '2026-03', gross: '30000.00', workerSgk: '4200.00', workerUnemployment: '300.00', employerSgk: '4725.00', employerUnemployment: '600.00',
  incomeTax: '2000.00', stampTax: '227.70', advanceDeduction: '5000.00',
};

describe.each(engines('both'))('payroll accruals and advances on %s', (engine) => {
  let t: TestServer;
  let api: ReturnType<typeof http>;
  let owner: string;
  let cid: number;
  let deniz: { id: number };
  let safe: { id: number; accountCode: string };
  let bank: { id: number; accountCode: string };
  let advance: { id: number };
  let march: any;
  const inCompany = <T>(fn: (trx: any) => Promise<T>) => t.server.database.db.transaction().execute(async (trx) => {
    await setTenant(trx, cid);
    return fn(trx);
  });
  const lastEntries = async (n: number) => (await api.call('GET', `${ONMUHASEBE}/journal-entries?sort=id,desc&size=${n}`, { token: owner })).body;
  const lines = (e: { lines: { account: string; debit: number; credit: number }[] }) => e.lines.map((l) => [l.account, l.debit, l.credit]);
  const accrue = (body: Record<string, unknown>, token = owner) => api.call('POST', ACCRUALS, { token, body: { personnelId: deniz.id, ...body } });
  const balance = (code: string) => inCompany(async (trx) => Number((await sql<{ b: string }>`
    select coalesce(sum(debit - credit), 0)::text as b from journal_lines where company_id = ${cid} and (account_code = ${code} or account_code like ${`${code}.%`})`.execute(trx)).rows[0]!.b));

  beforeAll(async () => {
    t = await startTestServer({ engine });
    api = http(t.url);
    owner = await api.signIn('muhasebe');
    cid = cidOf(owner);
    const p = await api.call('POST', `${ONMUHASEBE}/currents`, { token: owner, body: { currentAccountType: 'PERSONNEL', name: 'Deniz', lastName: 'Kaya', currencyId: 1 } });
    expect(p.status).toBe(201);
    deniz = p.body;
    const s = await api.call('POST', `${ONMUHASEBE}/safes`, { token: owner, body: { name: 'Avans Kasası', currencyId: 1, openingBalance: '50000.00', openingDate: '2026-01-01' } });
    expect(s.status).toBe(201);
    safe = s.body;
    bank = (await api.call('GET', `${ONMUHASEBE}/bank-accounts?size=100`, { token: owner })).body.find((b: any) => b.currencyId === 1 && b.accountType === 'TRADING');
  });
  afterAll(async () => {
    if (t) {
      const safeNow = (await api.call('GET', `${ONMUHASEBE}/safes/${safe.id}`, { token: owner })).body;
      await inCompany((trx) => assertBooksBalance(trx, cid, [{ account: safe.accountCode, balance: safeNow.balance, what: 'the advance safe' }]));
    }
    await t?.close();
  });

  it("pays an advance from the safe to the personnel's own 196 account", async () => {
    const r = await api.call('POST', PAYMENTS, {
      token: owner, body: { personnelId: deniz.id, amount: '5000.00', currencyId: 1, date: '2026-03-10', account: { accountKind: 'SAFE', accountId: safe.id }, purpose: 'ADVANCE' },
    });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ purpose: 'ADVANCE', type: 'NORMAL', amount: 5000 });
    advance = r.body;
    const [e] = await lastEntries(1);
    expect(e).toMatchObject({ sourceKind: 'PERSONNEL_PAYMENT', explanation: 'Personel avansı: Deniz Kaya', total: 5000 });
    expect(lines(e)).toEqual([[expect.stringMatching(/^196\.\d{3}$/), 5000, 0], [safe.accountCode, 0, 5000]]);
    expect(await balance(e.lines[0].account)).toBe(5000);
    // A wage payment (the default purpose) still goes to 335.
    const list = await api.call('GET', `${PAYMENTS}?personnelId=${deniz.id}&purpose=ADVANCE`, { token: owner });
    expect(list.body.map((x: any) => x.id)).toEqual([advance.id]);
  });

  it('refuses an inconsistent payroll with Turkish problems and writes nothing', async () => {
    const before = (await lastEntries(1))[0].id;
    const customer = (await api.call('GET', `${ONMUHASEBE}/currents?currentAccountType=CUSTOMER&size=1`, { token: owner })).body[0];
    const bad: [Record<string, unknown>, string, string, string?][] = [
      [{ ...MARCH, incomeTax: '30000.00', advanceDeduction: 0 }, 'net', 'NET_NOT_POSITIVE', 'Kesintiler brüt ücreti aşıyor: net ücret -4727.70 TL olur; net ücret sıfırdan büyük olmalıdır.'],
      [{ ...MARCH, gross: '4500.00', advanceDeduction: 0, incomeTax: 0, stampTax: 0 }, 'net', 'NET_NOT_POSITIVE'],
      [{ ...MARCH, gross: 0 }, 'gross', 'GROSS_ZERO', 'Brüt ücret sıfırdan büyük olmalıdır.'],
      [{ ...MARCH, workerSgk: 12.345 }, 'workerSgk', 'AMOUNT', 'Tutar en fazla iki ondalık basamak taşır.'],
      [{ ...MARCH, personnelId: customer.id }, 'personnelId', 'PERSONNEL_NOT_FOUND', 'Personel bulunamadı.'],
      [{ ...MARCH, expenseAccount: '600' }, 'expenseAccount', 'EXPENSE_ACCOUNT'],
      [{ ...MARCH, expenseAccount: '770.99' }, 'expenseAccount', 'ACCOUNT_NOT_FOUND'],
      [{ ...MARCH, date: '2026-02-28' }, 'date', 'DATE_BEFORE_PERIOD', 'Tahakkuk tarihi bordro döneminden önce olamaz.'],
    ];
    for (const [body, field, code, message] of bad) {
      const r = await accrue(body);
      expect([body, r.status, r.body.fieldErrors?.[0]?.field, r.body.fieldErrors?.[0]?.code]).toEqual([body, 400, field, code]);
      if (message) expect(r.body.fieldErrors[0].message).toBe(message);
    }
    for (const body of [{ ...MARCH, period: '2026-13' }, { ...MARCH, gross: -1 }, { ...MARCH, bonus: 1 }, { period: '2026-03' }]) {
      expect([body, (await accrue(body)).status]).toEqual([body, 400]);
    }
    const over = await accrue({ ...MARCH, advanceDeduction: '5000.01' });
    expect([over.status, over.body.code, over.body.detail]).toEqual([409, 'ADVANCE_EXCEEDED', 'Düşülen avans (5000.01 TL) personelin açık avansını (5000.00 TL) aşıyor.']);
    expect((await lastEntries(1))[0].id).toBe(before);
  });

  it('accrues the month: Dr 770, Cr 335.x the net, 360 the taxes, 361 the premiums, 196.x the advance deducted', async () => {
    const r = await accrue(MARCH);
    expect(r.status).toBe(201);
    march = r.body;
    expect(march).toMatchObject({
      personnelId: deniz.id, personnelName: 'Deniz Kaya', period: '2026-03', date: '2026-03-31', expenseAccount: '770', gross: 30000, workerSgk: 4200,
      workerUnemployment: 300, employerSgk: 4725, employerUnemployment: 600, incomeTax: 2000, stampTax: 227.7, advanceDeduction: 5000,
      net: 18272.3, employerCost: 35325, personnelAccount: expect.stringMatching(/^335\.\d{3}$/), advanceAccount: expect.stringMatching(/^196\.\d{3}$/),
      explanation: null, createdBy: 'muhasebe',
    });
    const [e] = await lastEntries(1);
    expect(e).toMatchObject({ id: march.entryId, entryNo: march.entryNo, sourceKind: 'PAYROLL_ACCRUAL', sourceId: String(march.id), date: '2026-03-31', total: 35325, explanation: 'Mart 2026 ücret tahakkuku: Deniz Kaya' });
    expect(lines(e)).toEqual([
      ['770', 35325, 0], [march.personnelAccount, 0, 18272.3], ['360', 0, 2227.7], ['361', 0, 9825], [march.advanceAccount, 0, 5000],
    ]);
    expect(await balance(march.advanceAccount)).toBe(0);
    expect(await balance(march.personnelAccount)).toBe(-18272.3);
    expect((await api.call('GET', `${ACCRUALS}/${march.id}`, { token: owner })).body).toEqual(march);

    const again = await accrue({ ...MARCH, advanceDeduction: 0, date: '2026-04-02' });
    expect([again.status, again.body.code, again.body.detail]).toEqual([409, 'ACCRUAL_EXISTS', 'Deniz Kaya için Mart 2026 bordrosu zaten tahakkuk ettirilmiş; önce o tahakkuku iptal edin.']);
    // The advance deducted cannot be taken back by deleting its payment.
    const del = await api.call('DELETE', `${PAYMENTS}/${advance.id}`, { token: owner });
    expect([del.status, del.body.code]).toEqual([409, 'ADVANCE_DEDUCTED']);
    expect(await balance(march.advanceAccount)).toBe(0);
  });

  it('pays the net from the bank, which closes 335.x; 196.x is zero and the books balance', async () => {
    const r = await api.call('POST', PAYMENTS, {
      token: owner, body: { personnelId: deniz.id, amount: march.net, currencyId: 1, date: '2026-04-03', account: { accountKind: 'BANK_ACCOUNT', accountId: bank.id }, type: 'INSTRUCTED' },
    });
    expect(r.status).toBe(201);
    expect(r.body.purpose).toBe('WAGE');
    const [e] = await lastEntries(1);
    expect(lines(e)).toEqual([[march.personnelAccount, 18272.3, 0], [bank.accountCode, 0, 18272.3]]);
    expect(await balance(march.personnelAccount)).toBe(0);
    expect(await balance(march.advanceAccount)).toBe(0);
    const st = (await api.call('GET', `${ONMUHASEBE}/personnel-statement?personnelId=${deniz.id}`, { token: owner })).body;
    expect(st).toMatchObject({ accounts: [march.personnelAccount], totalDebit: 18272.3, totalCredit: 18272.3, closingBalance: 0 });
    await inCompany((trx) => assertBooksBalance(trx, cid, [
      { account: march.personnelAccount, balance: 0, what: "Deniz Kaya's 335" }, { account: march.advanceAccount, balance: 0, what: "Deniz Kaya's advances" },
    ]));
  });

  it('cancels an accrual by reversing its entry, then lets the month be accrued again; a locked month refuses', async () => {
    const april = await accrue({ period: '2026-04', gross: 20000, workerSgk: 2800, workerUnemployment: 200, employerSgk: 3150, employerUnemployment: 400, incomeTax: 1500, stampTax: 151.8, expenseAccount: '760' });
    expect(april.status).toBe(201);
    expect(april.body).toMatchObject({ date: '2026-04-30', net: 15348.2, employerCost: 23550, advanceDeduction: 0, advanceAccount: null });
    expect(lines((await lastEntries(1))[0])).toEqual([['760', 23550, 0], [april.body.personnelAccount, 0, 15348.2], ['360', 0, 1651.8], ['361', 0, 6550]]);
    const list = await api.call('GET', `${ACCRUALS}?personnelId=${deniz.id}&sort=period,asc`, { token: owner });
    expect(list.body.map((x: any) => x.period)).toEqual(['2026-03', '2026-04']);
    expect(list.headers.get('x-total-count')).toBe('2');
    expect((await api.call('GET', `${ACCRUALS}?period=2026-04`, { token: owner })).body.map((x: any) => x.id)).toEqual([april.body.id]);

    expect((await api.call('DELETE', `${ACCRUALS}/${april.body.id}`, { token: owner })).status).toBe(204);
    const [undo] = await lastEntries(1);
    expect(undo).toMatchObject({ reversesId: april.body.entryId, sourceKind: 'PAYROLL_ACCRUAL', sourceId: String(april.body.id), date: '2026-04-30', total: 23550 });
    expect((await api.call('GET', `${ACCRUALS}/${april.body.id}`, { token: owner })).status).toBe(404);
    expect((await api.call('DELETE', `${ACCRUALS}/${april.body.id}`, { token: owner })).status).toBe(404);
    expect(await balance(april.body.personnelAccount)).toBe(0);
    const row = await inCompany(async (trx) => (await sql<{ cancelled_by: string; reversal_entry_id: string }>`
      select cancelled_by, reversal_entry_id::text from payroll_accruals where id = ${april.body.id}`.execute(trx)).rows[0]);
    expect(row).toEqual({ cancelled_by: 'muhasebe', reversal_entry_id: String(undo.id) });
    const anew = await accrue({ period: '2026-04', gross: 20000, workerSgk: 2800 });
    expect(anew.status).toBe(201);
    expect(anew.body.net).toBe(17200);

    const year = (await api.call('GET', `${ONMUHASEBE}/fiscal-years`, { token: owner })).body.find((y: any) => y.name === '2026');
    const journals = (await api.call('GET', `${ONMUHASEBE}/journals?fiscalYearId=${year.id}&size=20`, { token: owner })).body;
    await api.call('PUT', `${ONMUHASEBE}/journals-lock`, { token: owner, body: { id: journals.find((j: any) => j.period === 4).id } });
    const locked = await api.call('DELETE', `${ACCRUALS}/${anew.body.id}`, { token: owner });
    expect([locked.status, locked.body.code]).toEqual([409, 'JOURNAL_LOCKED']);
    await api.call('PUT', `${ONMUHASEBE}/journals-unlock`, { token: owner, body: { id: journals.find((j: any) => j.period === 1).id } });
    expect((await api.call('GET', `${ACCRUALS}/${anew.body.id}`, { token: owner })).status).toBe(200);
  });

  it("keeps another company's accruals and personnel out of reach, and never lets the request role delete a row", async () => {
    const eczaci = await api.signIn('eczaci');
    for (const method of ['GET', 'DELETE'] as const) {
      const r = await api.call(method, `${ACCRUALS}/${march.id}`, { token: eczaci });
      expect([method, r.status, r.body.code]).toEqual([method, 404, 'NOT_FOUND']);
    }
    expect((await api.call('GET', ACCRUALS, { token: eczaci })).body).toEqual([]);
    const foreign = await accrue({ ...MARCH, period: '2026-05', advanceDeduction: 0 }, eczaci);
    expect(foreign.body.fieldErrors[0]).toMatchObject({ field: 'personnelId', code: 'PERSONNEL_NOT_FOUND' });
    await expect(inCompany(async (trx) => {
      await sql`select set_config('role', 'tezgah_app', true)`.execute(trx);
      await sql`delete from payroll_accruals where company_id = ${cid}`.execute(trx);
    })).rejects.toThrow(/permission denied/);
  });
});
