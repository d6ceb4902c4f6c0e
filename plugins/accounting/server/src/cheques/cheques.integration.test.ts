import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Decimal from 'decimal.js';
import { sql } from 'kysely';
import { setTenant } from '@tezgah/server';
import { engines, startTestServer, type TestServer } from '../../../../../packages/server/test/harness';
import { http, ONMUHASEBE } from '../../../../../packages/server/test/http';
import { assertBooksBalance } from '../ledger/testing';
import { userWith } from '../currents/testing';

const cidOf = (token: string): number => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).cid;
const CHECKS = `${ONMUHASEBE}/checks`;

describe.each(engines('one'))('cheques on %s', (engine) => {
  let t: TestServer;
  let api: ReturnType<typeof http>;
  let owner: string;
  let cid: number;
  let customer: { id: number; name: string };
  let supplier: { id: number; name: string };
  let garanti: { id: number; accountCode: string; name: string };
  let dollars: { id: number; accountCode: string };
  let seq = 0;
  const inCompany = <T>(companyId: number, fn: (trx: any) => Promise<T>) => t.server.database.db.transaction().execute(async (trx) => {
    await setTenant(trx, companyId);
    return fn(trx);
  });
  const lastEntries = async (n: number) => (await api.call('GET', `${ONMUHASEBE}/journal-entries?sort=id,desc&size=${n}`, { token: owner })).body;
  const lines = (e: any) => e.lines.map((l: any) => [l.account, l.debit, l.credit]);
  const cheque = (body: Record<string, unknown>) => api.call('POST', CHECKS, {
    token: owner, body: { direction: 'IN', number: `T${++seq}`, amount: '1000.00', date: '2026-05-04', dueDate: '2026-08-04', currentId: customer.id, ...body },
  });
  const step = (id: number, body: Record<string, unknown>) => api.call('POST', `${CHECKS}/${id}/transitions`, { token: owner, body });
  const ledgerAccount = async (parent: string, name: string) => (await api.call('GET', `${ONMUHASEBE}/ledger-accounts?parent=${parent}`, { token: owner })).body
    .find((a: { name: string }) => a.name === name)?.code as string;
  const balance = async (id: number) => (await api.call('GET', `${ONMUHASEBE}/bank-accounts/${id}`, { token: owner })).body.balance as number;

  beforeAll(async () => {
    t = await startTestServer({ engine });
    api = http(t.url);
    owner = await api.signIn('muhasebe');
    cid = cidOf(owner);
    const currents = (await api.call('GET', `${ONMUHASEBE}/currents?size=100`, { token: owner })).body;
    customer = currents.find((c: any) => c.name === 'Boğaziçi Otel İşletmeleri');
    supplier = currents.find((c: any) => c.name === 'Ege Kırtasiye');
    const accounts = (await api.call('GET', `${ONMUHASEBE}/bank-accounts?size=100`, { token: owner })).body;
    garanti = accounts.find((a: any) => a.name === 'Garanti BBVA Ticari Hesap');
    dollars = accounts.find((a: any) => a.name === 'İş Bankası USD Hesabı');
  });
  afterAll(async () => {
    if (t) await inCompany(cid, async (trx) => assertBooksBalance(trx, cid));
    await t?.close();
  });

  it('receives a cheque into the portfolio: debit 101 Portföydeki Çekler, credit the customer', async () => {
    const r = await cheque({ number: '9001', code: 'AKB-B', amount: '15250.40', bankName: 'Akbank', branchName: 'Levent', drawer: 'Boğaziçi Otel İşletmeleri A.Ş.', explanation: 'Mayıs faturası' });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      direction: 'IN', state: 'IN_PORTFOLIO', stateLabel: 'Portföyde', number: '9001', code: 'AKB-B', amount: 15250.4, amountTry: 15250.4, currencyCode: 'TL',
      rate: null, date: '2026-05-04', dueDate: '2026-08-04', currentId: customer.id, currentName: 'Boğaziçi Otel İşletmeleri', bankAccountId: null,
      allowedActions: ['DEPOSIT', 'COLLECT', 'ENDORSE', 'BOUNCE', 'RETURN'],
    });
    const portfolio = await ledgerAccount('101', 'Portföydeki Çekler');
    expect(portfolio).toMatch(/^101\.\d{2}$/);
    const [e] = await lastEntries(1);
    expect(e).toMatchObject({ sourceKind: 'CHEQUE', sourceId: `${r.body.id}:1`, date: '2026-05-04', total: 15250.4 });
    expect(e.explanation).toBe('Çek alındı: 9001 nolu alınan çek, Boğaziçi Otel İşletmeleri, vade 04.08.2026');
    expect(e.lines[0]).toMatchObject({ account: portfolio, debit: 15250.4 });
    expect(e.lines[1].account).toMatch(/^120\.\d{3}$/);
    expect(e.lines[1].credit).toBe(15250.4);
  });

  it('deposits a cheque for collection (101 at the bank) and collects it into the bank account', async () => {
    const c = (await cheque({ amount: 8000 })).body;
    const before = await balance(garanti.id);
    const dep = await step(c.id, { action: 'DEPOSIT', date: '2026-07-30', bankAccountId: garanti.id });
    expect(dep.status).toBe(200);
    expect(dep.body).toMatchObject({ state: 'DEPOSITED_FOR_COLLECTION', bankAccountId: garanti.id, bankAccountName: garanti.name, allowedActions: ['COLLECT', 'WITHDRAW', 'BOUNCE'] });
    const atBank = await ledgerAccount('101', `Tahsildeki Çekler - ${garanti.name}`);
    expect(atBank).toMatch(/^101\.\d{2}$/);
    const portfolio = await ledgerAccount('101', 'Portföydeki Çekler');
    expect(lines((await lastEntries(1))[0])).toEqual([[atBank, 8000, 0], [portfolio, 0, 8000]]);
    expect(await balance(garanti.id)).toBe(before);
    const col = await step(c.id, { action: 'COLLECT', date: '2026-08-05', explanation: 'Garanti tahsil etti' });
    expect(col.body).toMatchObject({ state: 'COLLECTED', allowedActions: [] });
    const [e] = await lastEntries(1);
    expect(e).toMatchObject({ sourceId: `${c.id}:3`, explanation: 'Garanti tahsil etti', date: '2026-08-05' });
    expect(lines(e)).toEqual([[garanti.accountCode, 8000, 0], [atBank, 0, 8000]]);
    expect(await balance(garanti.id)).toBe(new Decimal(before).plus(8000).toNumber());
    const history = await api.call('GET', `${CHECKS}/${c.id}/history`, { token: owner });
    expect(history.status).toBe(200);
    expect(history.body.map((h: any) => [h.seq, h.action, h.fromState, h.toState, h.date, h.amountTry])).toEqual([
      [1, 'RECEIVE', null, 'IN_PORTFOLIO', '2026-05-04', 8000],
      [2, 'DEPOSIT', 'IN_PORTFOLIO', 'DEPOSITED_FOR_COLLECTION', '2026-07-30', 8000],
      [3, 'COLLECT', 'DEPOSITED_FOR_COLLECTION', 'COLLECTED', '2026-08-05', 8000],
    ]);
    expect(history.body[1]).toMatchObject({ actionLabel: 'Tahsile verme', bankAccountName: garanti.name, createdBy: 'muhasebe' });
    expect(history.body[2].entryNo).toBe(e.entryNo);
    // Taken back from the bank, deposited again, collected straight from the portfolio: each its own step.
    const d = (await cheque({ amount: 500 })).body;
    await step(d.id, { action: 'DEPOSIT', date: '2026-06-01', bankAccountId: garanti.id });
    expect((await step(d.id, { action: 'WITHDRAW', date: '2026-06-02' })).body.state).toBe('IN_PORTFOLIO');
    expect(lines((await lastEntries(1))[0])).toEqual([[portfolio, 500, 0], [atBank, 0, 500]]);
    const direct = await step(d.id, { action: 'COLLECT', date: '2026-06-03', bankAccountId: garanti.id });
    expect(direct.body.state).toBe('COLLECTED');
    expect(lines((await lastEntries(1))[0])).toEqual([[garanti.accountCode, 500, 0], [portfolio, 0, 500]]);
    // A bank account a cheque went through stays, even with no posting of its own.
    const halk = (await api.call('GET', `${ONMUHASEBE}/banks?search=0012`, { token: owner })).body[0];
    const temp = (await api.call('POST', `${ONMUHASEBE}/bank-accounts`, { token: owner, body: { name: 'Geçici Tahsil Hesabı', bankId: halk.id, currencyId: 1 } })).body;
    const f = (await cheque({ amount: 75 })).body;
    await step(f.id, { action: 'DEPOSIT', date: '2026-06-01', bankAccountId: temp.id });
    await step(f.id, { action: 'WITHDRAW', date: '2026-06-02' });
    const kept = await api.call('DELETE', `${ONMUHASEBE}/bank-accounts/${temp.id}`, { token: owner });
    expect(kept.status).toBe(409);
    expect(kept.body).toMatchObject({ code: 'BANK_ACCOUNT_IN_USE', detail: 'Bu banka hesabı çek kayıtlarında kullanılıyor; silinemez.' });
  });

  it('endorses a cheque to a supplier, and takes it back from them when it bounces', async () => {
    const c = (await cheque({ amount: '2500.00' })).body;
    const same = await step(c.id, { action: 'ENDORSE', date: '2026-05-10', currentId: customer.id });
    expect(same.status).toBe(400);
    expect(same.body.fieldErrors[0]).toMatchObject({ field: 'currentId', code: 'SAME_CURRENT' });
    expect((await step(c.id, { action: 'ENDORSE', date: '2026-05-10' })).body.fieldErrors[0]).toMatchObject({ field: 'currentId', code: 'REQUIRED' });
    const end = await step(c.id, { action: 'ENDORSE', date: '2026-05-10', currentId: supplier.id });
    expect(end.status).toBe(200);
    expect(end.body).toMatchObject({ state: 'ENDORSED', endorsedToId: supplier.id, endorsedToName: 'Ege Kırtasiye', allowedActions: ['BOUNCE'] });
    const [e] = await lastEntries(1);
    const portfolio = await ledgerAccount('101', 'Portföydeki Çekler');
    expect(e.lines[0].account).toMatch(/^320\.\d{3}$/);
    expect(lines(e)[1]).toEqual([portfolio, 0, 2500]);
    const supplierCode = e.lines[0].account;
    const bounce = await step(c.id, { action: 'BOUNCE', date: '2026-08-05' });
    expect(bounce.body.state).toBe('BOUNCED');
    const [b] = await lastEntries(1);
    // Handed back unpaid: the customer owes it as a bounced cheque (127), our debt to the supplier is back.
    expect(b.lines[0].account).toMatch(/^127\.\d{3}$/);
    expect(lines(b)[1]).toEqual([supplierCode, 0, 2500]);
  });

  it('bounces a cheque from the portfolio and from the bank to the customer\'s 127, and returns one to the customer\'s 120', async () => {
    const portfolio = await ledgerAccount('101', 'Portföydeki Çekler');
    const a = (await cheque({ amount: 300 })).body;
    expect((await step(a.id, { action: 'BOUNCE', date: '2026-08-04' })).body).toMatchObject({ state: 'BOUNCED', stateLabel: 'Karşılıksız', allowedActions: ['COLLECT', 'RETURN'] });
    const [e] = await lastEntries(1);
    expect(e.lines[0].account).toMatch(/^127\.\d{3}$/);
    expect(lines(e)[1]).toEqual([portfolio, 0, 300]);
    const b = (await cheque({ amount: 400 })).body;
    expect((await step(b.id, { action: 'RETURN', date: '2026-05-05', explanation: 'Müşteri çeki değiştirdi' })).body.state).toBe('RETURNED');
    // Handed back (iade), not bounced: the customer owes it on its ordinary account.
    expect((await lastEntries(1))[0].lines[0].account).toMatch(/^120\.\d{3}$/);
    const c = (await cheque({ amount: 600 })).body;
    await step(c.id, { action: 'DEPOSIT', date: '2026-08-01', bankAccountId: garanti.id });
    expect((await step(c.id, { action: 'BOUNCE', date: '2026-08-05' })).body.state).toBe('BOUNCED');
    expect(lines((await lastEntries(1))[0])[1]).toEqual([await ledgerAccount('101', `Tahsildeki Çekler - ${garanti.name}`), 0, 600]);
  });

  it('owes a bounced cheque in the customer\'s 127, or 128 under legal follow-up; the customer\'s statement still shows it; its collection clears it', async () => {
    const taxOfficeId = (await api.call('GET', `${ONMUHASEBE}/tax-offices?search=34251`, { token: owner })).body[0].id;
    const k = (await api.call('POST', `${ONMUHASEBE}/currents`, { token: owner, body: { currentAccountType: 'CUSTOMER', name: 'Karşılıksız Deneme Ltd.', taxOfficeId } })).body;
    const ledger = async () => (await api.call('GET', `${ONMUHASEBE}/currents/${k.id}/ledger?startDate=2026-01-01&endDate=2026-12-31&size=100`, { token: owner })).body;
    const main = (await ledger()).current.accountCode as string;
    expect(main).toMatch(/^120\.\d{3}$/);
    // A sale of 1.500 on account, paid with two cheques: the customer owes nothing.
    expect((await api.call('POST', `${ONMUHASEBE}/journal-entries`, { token: owner, body: { date: '2026-05-02', explanation: 'Satış faturası K-1', lines: [{ account: main, debit: '1500.00' }, { account: '600', credit: '1500.00' }] } })).status).toBe(201);
    const a = (await cheque({ number: 'KRŞ-1', amount: 1000, currentId: k.id })).body;
    const b = (await cheque({ number: 'KRŞ-2', amount: 500, currentId: k.id })).body;
    expect((await ledger()).closingBalance).toBe(0);

    // At the bank it bounces: out of 101 into the customer's own 127 (Diğer Ticari Alacaklar).
    await step(a.id, { action: 'DEPOSIT', date: '2026-07-30', bankAccountId: garanti.id });
    const bounced = await step(a.id, { action: 'BOUNCE', date: '2026-08-05' });
    expect(bounced.body).toMatchObject({ state: 'BOUNCED', allowedActions: ['COLLECT', 'RETURN'] });
    const other = await ledgerAccount('127', 'Karşılıksız Deneme Ltd.');
    expect(other).toMatch(/^127\.\d{3}$/);
    const [ea] = await lastEntries(1);
    expect(ea.explanation).toBe('Karşılıksız: KRŞ-1 nolu alınan çek, Karşılıksız Deneme Ltd., vade 04.08.2026');
    expect(lines(ea)).toEqual([[other, 1000, 0], [await ledgerAccount('101', `Tahsildeki Çekler - ${garanti.name}`), 0, 1000]]);
    // From the portfolio, protested and with the icra office: 128 Şüpheli Ticari Alacaklar (VUK 323).
    const wrong = await step(b.id, { action: 'RETURN', date: '2026-08-06', legalFollowUp: true });
    expect(wrong.body.fieldErrors[0]).toMatchObject({ field: 'legalFollowUp', code: 'NOT_ALLOWED' });
    expect((await step(b.id, { action: 'BOUNCE', date: '2026-08-06', legalFollowUp: true })).body.state).toBe('BOUNCED');
    const doubtful = await ledgerAccount('128', 'Karşılıksız Deneme Ltd.');
    expect(doubtful).toMatch(/^128\.\d{3}$/);
    const [eb] = await lastEntries(1);
    expect(eb.explanation).toBe('Karşılıksız (kanuni takipte): KRŞ-2 nolu alınan çek, Karşılıksız Deneme Ltd., vade 04.08.2026');
    expect(lines(eb)).toEqual([[doubtful, 500, 0], [await ledgerAccount('101', 'Portföydeki Çekler'), 0, 500]]);

    // The customer's statement: both bounces are its debits, it owes 1.500 again; its balance and aging say so.
    const st = await ledger();
    expect(st.current.accountCode).toBe(main);
    expect(st.closingBalance).toBe(1500);
    expect(st.lines.slice(-2).map((l: any) => [l.account, l.debit, l.credit, l.balance])).toEqual([[other, 1000, 0, 1000], [doubtful, 500, 0, 1500]]);
    const row = (await api.call('GET', `${ONMUHASEBE}/current-balances?type=CUSTOMER&search=${encodeURIComponent('Karşılıksız Deneme')}`, { token: owner })).body[0];
    expect(row).toMatchObject({ id: k.id, accountCode: main, balance: 1500, side: 'DEBIT' });
    const aging = (await api.call('GET', `${ONMUHASEBE}/current-aging?type=CUSTOMER&date=2026-08-31`, { token: owner })).body.rows.find((r: any) => r.current.id === k.id);
    expect(aging).toMatchObject({ current: { accountCode: main }, balance: 1500, days0to30: 1500 });

    // It pays them. 1.000 into the bank: the cheque's collection closes its 127 (not 120).
    expect((await step(a.id, { action: 'COLLECT', date: '2026-08-20' })).body.fieldErrors[0]).toMatchObject({ field: 'bankAccountId', code: 'REQUIRED' });
    const bankBefore = await balance(garanti.id);
    const paid = await step(a.id, { action: 'COLLECT', date: '2026-08-20', bankAccountId: garanti.id });
    expect(paid.body).toMatchObject({ state: 'COLLECTED', bankAccountId: garanti.id, allowedActions: [] });
    const [ca] = await lastEntries(1);
    expect(ca.explanation).toBe('Karşılıksız çek tahsili: KRŞ-1 nolu alınan çek, Karşılıksız Deneme Ltd., vade 04.08.2026');
    expect(lines(ca)).toEqual([[garanti.accountCode, 1000, 0], [other, 0, 1000]]);
    expect(await balance(garanti.id)).toBe(new Decimal(bankBefore).plus(1000).toNumber());
    // 500 in cash: the cheque is handed back (its 128 back on the customer's 120), the cash is a collection from the current.
    expect((await step(b.id, { action: 'RETURN', date: '2026-08-21' })).body).toMatchObject({ state: 'RETURNED', allowedActions: [] });
    const [ra] = await lastEntries(1);
    expect(ra.explanation).toBe('Karşılıksız çek iadesi: KRŞ-2 nolu alınan çek, Karşılıksız Deneme Ltd., vade 04.08.2026');
    expect(lines(ra)).toEqual([[main, 500, 0], [doubtful, 0, 500]]);
    expect((await ledger()).closingBalance).toBe(500);
    const cash = (await api.call('GET', `${ONMUHASEBE}/safes?size=100`, { token: owner })).body.find((x: any) => x.currencyId === 1);
    const collected = await api.call('POST', `${ONMUHASEBE}/transactions`, { token: owner, body: { type: 'COLLECTION', date: '2026-08-21', amount: '500.00', to: { kind: 'SAFE', id: cash.id }, currentId: k.id } });
    expect(collected.status).toBe(201);
    expect(lines((await lastEntries(1))[0])).toEqual([[cash.accountCode, 500, 0], [main, 0, 500]]);
    expect((await api.call('GET', `${CHECKS}/${b.id}/history`, { token: owner })).body.map((h: any) => [h.action, h.toState, h.currentName])).toEqual([
      ['RECEIVE', 'IN_PORTFOLIO', 'Karşılıksız Deneme Ltd.'], ['BOUNCE', 'BOUNCED', 'Karşılıksız Deneme Ltd.'], ['RETURN', 'RETURNED', 'Karşılıksız Deneme Ltd.'],
    ]);
    expect((await ledger()).closingBalance).toBe(0);
    await inCompany(cid, (trx) => assertBooksBalance(trx, cid, [
      { account: other, balance: 0, what: 'the bounced cheque receivable (127), collected' },
      { account: doubtful, balance: 0, what: 'the doubtful receivable (128), handed back and paid in cash' },
      { account: main, balance: 0, what: 'the customer\'s 120: the sale, its cheques, the return and the cash' },
    ]));
  });

  it('gives a cheque (debit the supplier, credit 103) and pays it from the bank account on its due date', async () => {
    const r = await cheque({ direction: 'OUT', number: 'V-1', amount: '12000.00', date: '2026-05-15', dueDate: '2026-07-15', currentId: supplier.id, bankAccountId: garanti.id });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ direction: 'OUT', state: 'GIVEN', stateLabel: 'Verildi', bankAccountId: garanti.id, allowedActions: ['PAY', 'BOUNCE', 'RETURN'] });
    const given = await ledgerAccount('103', 'Verilen Çekler');
    expect(given).toMatch(/^103\.\d{2}$/);
    const [e] = await lastEntries(1);
    expect(e.lines[0].account).toMatch(/^320\.\d{3}$/);
    expect(lines(e)[1]).toEqual([given, 0, 12000]);
    const before = await balance(garanti.id);
    const paid = await step(r.body.id, { action: 'PAY', date: '2026-07-15' });
    expect(paid.body).toMatchObject({ state: 'PAID', stateLabel: 'Ödendi' });
    expect(lines((await lastEntries(1))[0])).toEqual([[given, 12000, 0], [garanti.accountCode, 0, 12000]]);
    expect(await balance(garanti.id)).toBe(new Decimal(before).minus(12000).toNumber());
    // Our own cheque unpaid, and one the supplier hands back: the debt to them is back.
    const b = (await cheque({ direction: 'OUT', number: 'V-2', amount: 700, date: '2026-05-15', dueDate: '2026-07-15', currentId: supplier.id })).body;
    expect((await step(b.id, { action: 'PAY', date: '2026-07-15' })).body.fieldErrors[0]).toMatchObject({ field: 'bankAccountId', code: 'REQUIRED' });
    // Our own cheque is a debt to the supplier again, nothing doubtful: no legal follow-up (128) for it.
    expect((await step(b.id, { action: 'BOUNCE', date: '2026-07-16', legalFollowUp: true })).body.fieldErrors[0]).toMatchObject({ field: 'legalFollowUp', code: 'NOT_ALLOWED' });
    expect((await step(b.id, { action: 'BOUNCE', date: '2026-07-16' })).body.state).toBe('BOUNCED');
    const [x] = await lastEntries(1);
    expect(lines(x)[0]).toEqual([given, 700, 0]);
    expect(x.lines[1].account).toMatch(/^320\.\d{3}$/);
  });

  it('refuses an illegal step with a 409 naming the state, and bad step input with a 400', async () => {
    const c = (await cheque({ amount: 100 })).body;
    await step(c.id, { action: 'COLLECT', date: '2026-05-20', bankAccountId: garanti.id });
    const again = await step(c.id, { action: 'COLLECT', date: '2026-05-21', bankAccountId: garanti.id });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'ILLEGAL_TRANSITION', detail: 'Çek şu an "Tahsil edildi" durumunda; tahsil işlemi yapılamaz. Çekin işlemleri tamamlanmış.' });
    const d = (await cheque({ amount: 100 })).body;
    const pay = await step(d.id, { action: 'PAY', date: '2026-05-20', bankAccountId: garanti.id });
    expect(pay.status).toBe(409);
    expect(pay.body.detail).toBe('Çek şu an "Portföyde" durumunda; ödeme işlemi yapılamaz. Yapılabilecek işlemler: Tahsile verme, Tahsil, Ciro, Karşılıksız, İade.');
    expect((await step(d.id, { action: 'WITHDRAW', date: '2026-05-20' })).status).toBe(409);
    expect((await step(d.id, { action: 'DEPOSIT', date: '2026-05-20' })).body.fieldErrors[0]).toMatchObject({ field: 'bankAccountId', code: 'REQUIRED' });
    const early = await step(d.id, { action: 'DEPOSIT', date: '2026-05-03', bankAccountId: garanti.id });
    expect(early.body.fieldErrors[0]).toMatchObject({ field: 'date', code: 'DATE_BEFORE_LAST_STEP', message: 'İşlem tarihi çekin son işleminin tarihinden (04.05.2026) önce olamaz.' });
    const usd = await step(d.id, { action: 'DEPOSIT', date: '2026-05-20', bankAccountId: dollars.id });
    expect(usd.body.fieldErrors[0]).toMatchObject({ field: 'bankAccountId', code: 'CURRENCY_MISMATCH' });
    expect((await step(d.id, { action: 'BOUNCE', date: '2026-05-20', bankAccountId: garanti.id })).body.fieldErrors[0].code).toBe('NOT_ALLOWED');
    expect((await step(d.id, { action: 'FLY', date: '2026-05-20' })).status).toBe(400);
    const empty = await api.call('POST', `${CHECKS}/${d.id}/transitions`, { token: owner });
    expect(empty.status).toBe(400);
    expect(empty.body.fieldErrors[0]).toMatchObject({ field: 'action', code: 'REQUIRED' });
    expect((await step(d.id, { action: 'DEPOSIT', date: '2026-02-30', bankAccountId: garanti.id })).status).toBe(400);
    // Nothing was half-written: the cheque is where it was, with its one step.
    expect((await api.call('GET', `${CHECKS}/${d.id}`, { token: owner })).body.state).toBe('IN_PORTFOLIO');
    expect((await api.call('GET', `${CHECKS}/${d.id}/history`, { token: owner })).body).toHaveLength(1);
  });

  it('refuses a zero, three-decimal or unknown-current cheque and a second entry of the same leaf', async () => {
    for (const amount of [0, '0', '0.00', '12.345', 12.345, -5]) {
      const r = await cheque({ amount });
      expect([amount, r.status]).toEqual([amount, 400]);
    }
    const other = await api.signIn('eczaci');
    const theirCurrent = (await api.call('GET', `${ONMUHASEBE}/currents?size=1`, { token: other })).body[0];
    expect((await cheque({ currentId: theirCurrent.id })).body.fieldErrors[0]).toMatchObject({ field: 'currentId', code: 'CURRENT_NOT_FOUND' });
    expect((await cheque({ dueDate: '2026-13-01' })).status).toBe(400);
    expect((await cheque({ bankAccountId: garanti.id })).body.fieldErrors[0]).toMatchObject({ field: 'bankAccountId', code: 'NOT_ALLOWED' });
    expect((await cheque({ number: '  ' })).body.fieldErrors[0]).toMatchObject({ field: 'number', message: 'Çek numarası zorunludur.' });
    await cheque({ number: 'AYNI-1', bankName: 'Akbank' });
    const dup = await cheque({ number: 'AYNI-1', bankName: 'akbank' });
    expect(dup.status).toBe(409);
    expect(dup.body.code).toBe('CHEQUE_NUMBER_TAKEN');
    expect((await cheque({ number: 'AYNI-1', bankName: 'Halkbank' })).status).toBe(201);
    expect((await cheque({ number: 'X', date: '2025-12-31' })).body.code).toBe('FISCAL_YEAR_NOT_FOUND');
  });

  it('carries a foreign-currency cheque at its rate, and deposits it only to an account of its currency', async () => {
    const r = await cheque({ amount: '1000.00', currencyId: 2, rate: '42.5' });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ amount: 1000, currencyCode: 'USD', rate: 42.5, amountTry: 42500 });
    const [e] = await lastEntries(1);
    expect(e.lines[0]).toMatchObject({ debit: 42500, currencyId: 2, amountFc: 1000, rate: 42.5 });
    expect((await step(r.body.id, { action: 'DEPOSIT', date: '2026-06-01', bankAccountId: garanti.id })).body.fieldErrors[0].code).toBe('CURRENCY_MISMATCH');
    const before = (await api.call('GET', `${ONMUHASEBE}/bank-accounts/${dollars.id}`, { token: owner })).body;
    // Collected on a day without a stored TCMB rate: the day's rate is asked for.
    expect((await step(r.body.id, { action: 'COLLECT', date: '2026-06-01', bankAccountId: dollars.id })).body.fieldErrors[0]).toMatchObject({ field: 'rate', code: 'RATE_REQUIRED' });
    // At 43,10 the bank gets 43.100 TL for the 42.500 TL the cheque was carried at: 600 TL exchange gain.
    expect((await step(r.body.id, { action: 'COLLECT', date: '2026-06-01', bankAccountId: dollars.id, rate: '43.1' })).status).toBe(200);
    const after = (await api.call('GET', `${ONMUHASEBE}/bank-accounts/${dollars.id}`, { token: owner })).body;
    expect([after.balance - before.balance, after.balanceFc - before.balanceFc]).toEqual([43100, 1000]);
    const [collected] = await lastEntries(1);
    expect(collected.lines.map((l: any) => [l.account, l.debit, l.credit])).toEqual([[dollars.accountCode, 43100, 0], [expect.stringMatching(/^101\./), 0, 42500], ['646', 0, 600]]);
    // Given at 42,50 and paid by the bank at 42,00: 42.000 TL went out for 42.500 TL owed — a 500 TL gain; at 43,00 a 500 TL loss.
    for (const [rate, fx] of [['42', ['646', 0, 500]], ['43', ['656', 500, 0]]] as const) {
      const given = await cheque({ direction: 'OUT', number: `USD-OUT-${rate}`, amount: '1000.00', currencyId: 2, rate: '42.5' });
      expect(given.status, JSON.stringify(given.body)).toBe(201);
      expect((await step(given.body.id, { action: 'PAY', date: '2026-06-05', bankAccountId: dollars.id, rate })).status).toBe(200);
      const [paid] = await lastEntries(1);
      expect(paid.lines.map((l: any) => [l.account, l.debit, l.credit])).toContainEqual(fx);
      expect(paid.lines.find((l: any) => l.account === dollars.accountCode)).toMatchObject({ credit: Number(rate) * 1000, amountFc: 1000 });
    }
    expect((await step((await cheque({ number: 'TL-RATE' })).body.id, { action: 'COLLECT', date: '2026-06-05', bankAccountId: garanti.id, rate: '1' })).body.fieldErrors[0]).toMatchObject({ field: 'rate', code: 'NOT_ALLOWED' });
    expect((await cheque({ amount: 10, currencyId: 3, date: '2026-06-02' })).body.fieldErrors[0]).toMatchObject({ field: 'rate', code: 'RATE_REQUIRED' });
  });

  it('corrects a cheque: its amount only before any step (reversed and posted again), its due date any time', async () => {
    const c = (await cheque({ number: 'DÜZ-1', amount: 900 })).body;
    const body = { direction: 'IN', number: 'DÜZ-1', amount: '950.00', date: '2026-05-04', dueDate: '2026-08-04', currentId: customer.id };
    const put = await api.call('PUT', CHECKS, { token: owner, body: { ...body, id: c.id } });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ amount: 950, amountTry: 950 });
    const [newer, reversal] = await lastEntries(2);
    expect(reversal).toMatchObject({ sourceId: `${c.id}:1`, total: 900 });
    expect(reversal.reversesId).not.toBeNull();
    expect(newer).toMatchObject({ sourceId: `${c.id}:2`, total: 950, reversesId: null });
    expect((await api.call('GET', `${CHECKS}/${c.id}/history`, { token: owner })).body.map((h: any) => h.action)).toEqual(['RECEIVE', 'AMEND']);
    await step(c.id, { action: 'DEPOSIT', date: '2026-06-01', bankAccountId: garanti.id });
    const late = await api.call('PUT', CHECKS, { token: owner, body: { ...body, id: c.id, amount: 1000 } });
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ code: 'CHEQUE_HAS_STEPS', detail: 'Çek "Tahsile verildi" durumunda ve ilk kaydından sonra işlem görmüş; tutarı, para birimi, tarihi ve carisi değiştirilemez.' });
    const due = await api.call('PUT', CHECKS, { token: owner, body: { ...body, id: c.id, dueDate: '2026-09-01', explanation: 'Vade uzadı' } });
    expect(due.status).toBe(200);
    expect(due.body).toMatchObject({ dueDate: '2026-09-01', explanation: 'Vade uzadı', state: 'DEPOSITED_FOR_COLLECTION', amount: 950 });
    expect((await api.call('PUT', CHECKS, { token: owner, body: { ...body, id: c.id, direction: 'OUT' } })).body.fieldErrors[0].field).toBe('direction');
  });

  it('deletes a cheque only before any step: its entry reversed, its history kept, its number free again', async () => {
    const c = (await cheque({ number: 'SİL-1', amount: 1234.56 })).body;
    const del = await api.call('DELETE', `${CHECKS}/${c.id}`, { token: owner });
    expect(del.status).toBe(204);
    expect((await api.call('GET', `${CHECKS}/${c.id}`, { token: owner })).status).toBe(404);
    const [rev] = await lastEntries(1);
    expect(rev).toMatchObject({ sourceKind: 'CHEQUE', sourceId: `${c.id}:1`, total: 1234.56, explanation: 'İptal: SİL-1 nolu çek silindi' });
    expect(rev.reversesId).not.toBeNull();
    const events = await sql<{ action: string; to_state: string }>`select action, to_state from cheque_events where company_id = ${cid} and cheque_id = ${c.id} order by seq`.execute(t.server.database.db);
    expect(events.rows).toEqual([{ action: 'RECEIVE', to_state: 'IN_PORTFOLIO' }, { action: 'DELETE', to_state: 'DELETED' }]);
    expect((await cheque({ number: 'SİL-1', amount: 10 })).status).toBe(201);
    const d = (await cheque({ amount: 10 })).body;
    await step(d.id, { action: 'RETURN', date: '2026-05-05' });
    const refused = await api.call('DELETE', `${CHECKS}/${d.id}`, { token: owner });
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toBe('Çek "İade edildi" durumunda ve ilk kaydından sonra işlem görmüş; silinemez.');
    expect((await api.call('DELETE', `${CHECKS}/${c.id}`, { token: owner })).status).toBe(404);
  });

  it('keeps the history insert-only and one step at a time', async () => {
    await expect(inCompany(cid, async (trx) => {
      await sql`select set_config('role', 'tezgah_app', true)`.execute(trx);
      await sql`update cheque_events set event_date = event_date + 1 where company_id = ${cid}`.execute(trx);
    })).rejects.toThrow(/permission denied/);
    await expect(inCompany(cid, async (trx) => {
      await sql`select set_config('role', 'tezgah_app', true)`.execute(trx);
      await sql`delete from cheques where company_id = ${cid}`.execute(trx);
    })).rejects.toThrow(/permission denied/);
    const c = (await cheque({ amount: 4321 })).body;
    await step(c.id, { action: 'DEPOSIT', date: '2026-06-01', bankAccountId: garanti.id });
    const both = await Promise.all([step(c.id, { action: 'COLLECT', date: '2026-06-10' }), step(c.id, { action: 'BOUNCE', date: '2026-06-10' })]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await api.call('GET', `${CHECKS}/${c.id}/history`, { token: owner })).body).toHaveLength(3);
  });

  it('lists the portfolio by due date and filters by direction, state and due range', async () => {
    const r = await api.call('GET', `${CHECKS}?direction=IN&state=IN_PORTFOLIO&state=DEPOSITED_FOR_COLLECTION&dueDateFrom=2026-08-01&dueDateTo=2026-12-31&sort=dueDate,asc&size=100`, { token: owner });
    expect(r.status).toBe(200);
    expect(r.body.length).toBeGreaterThan(2);
    expect(Number(r.headers.get('x-total-count'))).toBe(r.body.length);
    const dues = r.body.map((c: { dueDate: string }) => c.dueDate);
    expect(dues).toEqual([...dues].sort());
    expect(r.body.every((c: any) => c.direction === 'IN' && ['IN_PORTFOLIO', 'DEPOSITED_FOR_COLLECTION'].includes(c.state) && c.dueDate >= '2026-08-01' && c.dueDate <= '2026-12-31')).toBe(true);
    const out = await api.call('GET', `${CHECKS}?direction=OUT&size=100`, { token: owner });
    expect(out.body.every((c: any) => c.direction === 'OUT')).toBe(true);
    expect(out.body.map((c: any) => c.number)).toEqual(expect.arrayContaining(['1000231', '1000224', 'V-1']));
    const search = await api.call('GET', `${CHECKS}?search=Marmara`, { token: owner });
    expect(search.body.length).toBeGreaterThanOrEqual(2);
    expect((await api.call('GET', `${CHECKS}?state=NOPE`, { token: owner })).status).toBe(400);
  });

  it('shows a user with received-cheque authority only the received cheques', async () => {
    const token = await userWith(api, owner, 'alinancek', ['4_10', '4_11']);
    const list = await api.call('GET', `${CHECKS}?size=100`, { token });
    expect(list.status).toBe(200);
    expect(list.body.length).toBeGreaterThan(0);
    expect(list.body.every((c: { direction: string }) => c.direction === 'IN')).toBe(true);
    const outs = (await api.call('GET', `${CHECKS}?direction=OUT&size=1`, { token: owner })).body;
    expect((await api.call('GET', `${CHECKS}/${outs[0].id}`, { token })).status).toBe(403);
    expect((await api.call('GET', `${CHECKS}?direction=OUT`, { token })).status).toBe(403);
    const give = (await cheque({ direction: 'OUT', number: 'V-SİL', currentId: supplier.id })).body;
    expect((await api.call('DELETE', `${CHECKS}/${give.id}`, { token })).status).toBe(403);
    const take = (await cheque({ number: 'A-SİL' })).body;
    expect((await api.call('DELETE', `${CHECKS}/${take.id}`, { token })).status).toBe(204);
    expect((await api.call('POST', `${CHECKS}/${give.id}/transitions`, { token, body: { action: 'PAY', date: '2026-07-01', bankAccountId: garanti.id } })).status).toBe(403);
  });

  it("keeps another company's cheques out of reach (404)", async () => {
    const other = await api.signIn('eczaci');
    const mine = (await api.call('GET', `${CHECKS}?size=1`, { token: owner })).body[0];
    for (const [method, path, body] of [
      ['GET', `${CHECKS}/${mine.id}`], ['GET', `${CHECKS}/${mine.id}/history`], ['DELETE', `${CHECKS}/${mine.id}`],
      ['POST', `${CHECKS}/${mine.id}/transitions`, { action: 'BOUNCE', date: '2026-09-01' }], ['POST', `${CHECKS}/${mine.id}/transitions`],
      ['PUT', CHECKS, { id: mine.id, direction: mine.direction, number: 'X', amount: 1, date: '2026-05-04', dueDate: '2026-06-01', currentId: mine.currentId }],
    ] as const) {
      const r = await api.call(method, path, { token: other, ...(body ? { body } : {}) });
      expect([method, path, r.status]).toEqual([method, path, 404]);
    }
    const theirs = (await api.call('GET', `${CHECKS}?size=100`, { token: other })).body;
    expect(theirs.map((c: { number: string }) => c.number).sort()).toEqual(['0907698', '0907712', '2048831', '5562018']);
  });

  it('has a portfolio total that is the balance of 101 and a given total that is 103, on both demo companies', async () => {
    for (const login of ['muhasebe', 'eczaci']) {
      const token = await api.signIn(login);
      const companyId = cidOf(token);
      const s = (await api.call('GET', `${ONMUHASEBE}/checks-summary`, { token })).body;
      const portfolio = (await api.call('GET', `${ONMUHASEBE}/ledger-accounts?parent=101`, { token })).body.find((a: any) => a.ownerKind === 'CHEQUE_PORTFOLIO');
      const given = (await api.call('GET', `${ONMUHASEBE}/ledger-accounts?parent=103`, { token })).body.find((a: any) => a.ownerKind === 'CHEQUE_GIVEN');
      const banks = (await api.call('GET', `${ONMUHASEBE}/bank-accounts?size=100`, { token })).body;
      const sumState = (dir: string, state: string) => s.byState.filter((x: any) => x.direction === dir && x.state === state).reduce((n: Decimal, x: any) => n.plus(x.amountTry), new Decimal(0));
      expect(s.inPortfolio.amountTry).toBe(sumState('IN', 'IN_PORTFOLIO').toNumber());
      // The trial balance says the same: 101 holds the received cheques not yet out, 103 the given ones not yet paid.
      const tb = (await api.call('GET', `${ONMUHASEBE}/trial-balance?startDate=2026-01-01&endDate=2026-12-31&level=3`, { token })).body;
      const row = (code: string) => tb.rows.find((r: { code: string }) => r.code === code) ?? { debitBalance: 0, creditBalance: 0 };
      expect(new Decimal(row('101').debitBalance).minus(row('101').creditBalance).eq(new Decimal(s.inPortfolio.amountTry).plus(s.atBank.amountTry))).toBe(true);
      expect(new Decimal(row('103').creditBalance).minus(row('103').debitBalance).eq(s.given.amountTry)).toBe(true);
      await inCompany(companyId, (trx) => assertBooksBalance(trx, companyId, [
        { account: portfolio.code, balance: s.inPortfolio.amountTry, what: `${login} cheques in the portfolio` },
        { account: '101', balance: new Decimal(s.inPortfolio.amountTry).plus(s.atBank.amountTry).toString(), what: `${login} received cheques (portfolio and at banks)` },
        { account: given.code, balance: -s.given.amountTry, what: `${login} given cheques not yet paid` },
        { account: '103', balance: -s.given.amountTry, what: `${login} 103` },
        ...banks.map((b: any) => ({ account: b.accountCode, balance: b.balance, what: `${login} bank account ${b.name}` })),
      ]));
    }
    // The demo: every state the general company's cheques went through.
    const s = (await api.call('GET', `${ONMUHASEBE}/checks-summary`, { token: owner })).body;
    expect(s.byState.map((x: any) => `${x.direction}:${x.state}`)).toEqual(expect.arrayContaining(['IN:IN_PORTFOLIO', 'IN:COLLECTED', 'IN:ENDORSED', 'IN:DEPOSITED_FOR_COLLECTION', 'IN:BOUNCED', 'OUT:GIVEN', 'OUT:PAID']));
  });
});
