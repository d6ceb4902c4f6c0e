import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { setTenant } from '@tezgah/server';
import { engines, startTestServer, type TestServer } from '../../../../../packages/server/test/harness';
import { http, ONMUHASEBE } from '../../../../../packages/server/test/http';
import { LEDGER_SERVICE, type LedgerService, type PostingEntry } from './index';
import { assertBooksBalance } from './testing';
import { postMany } from './posting';

const cidOf = (token: string): number => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).cid;

describe.each(engines('both'))('the books on %s', (engine) => {
  let t: TestServer;
  let api: ReturnType<typeof http>;
  let owner: string;
  let cid: number;
  let yearId: number;
  const entry = (date: string, amount: number | string, explanation = 'Deneme fişi', debit = '153', credit = '329') => api.call('POST', `${ONMUHASEBE}/journal-entries`, {
    token: owner, body: { date, explanation, lines: [{ account: debit, debit: amount }, { account: credit, credit: amount }] },
  });
  const inCompany = <T>(fn: (trx: any) => Promise<T>) => t.server.database.db.transaction().execute(async (trx) => {
    await setTenant(trx, cid);
    return fn(trx);
  });
  const ledger = () => t.server.services.service<LedgerService>(LEDGER_SERVICE);

  beforeAll(async () => {
    t = await startTestServer({ engine });
    api = http(t.url);
    owner = await api.signIn('muhasebe');
    cid = cidOf(owner);
    const years = await api.call('GET', `${ONMUHASEBE}/fiscal-years`, { token: owner });
    yearId = years.body.find((y: { name: string }) => y.name === '2026').id;
  });
  afterAll(async () => {
    if (t) await inCompany((trx) => assertBooksBalance(trx, cid));
    await t?.close();
  });

  it('gives every company the uniform chart and the demo an active 2026 year in twelve monthly periods', async () => {
    const classes = await api.call('GET', `${ONMUHASEBE}/ledger-accounts`, { token: owner });
    expect(classes.status).toBe(200);
    expect(classes.body.map((a: { code: string }) => a.code)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9']);
    const cash = await api.call('GET', `${ONMUHASEBE}/ledger-accounts?parent=10`, { token: owner });
    expect(cash.body.find((a: { code: string }) => a.code === '100')).toMatchObject({ name: 'Kasa', level: 3, postable: false, header: true });
    // 108 holds the demo's POS and online-payment bank accounts (108.01, 108.02): a header.
    expect(cash.body.find((a: { code: string }) => a.code === '108')).toMatchObject({ name: 'Diğer Hazır Değerler', level: 3, postable: false, header: true });
    const other = await api.call('GET', `${ONMUHASEBE}/ledger-accounts?parent=19`, { token: owner });
    expect(other.body.find((a: { code: string }) => a.code === '198')).toMatchObject({ name: 'Diğer Çeşitli Dönen Varlıklar', level: 3, postable: true, header: false });
    const y = await api.call('GET', `${ONMUHASEBE}/fiscal-years/${yearId}`, { token: owner });
    expect(y.body).toMatchObject({ name: '2026', startDate: '2026-01-01', endDate: '2026-12-31', active: true });
    const j = await api.call('GET', `${ONMUHASEBE}/journals?fiscalYearId=${yearId}&size=20`, { token: owner });
    expect(j.headers.get('x-total-count')).toBe('12');
    expect(j.body[1]).toMatchObject({ period: 2, startDate: '2026-02-01', endDate: '2026-02-28', locked: false });
  });

  it('posts a balanced entry with the next number and refuses the unbalanced, the header and the unknown account', async () => {
    const a = await entry('2026-03-10', '1250.50');
    expect(a.status).toBe(201);
    expect(a.body).toMatchObject({ date: '2026-03-10', total: 1250.5, sourceKind: 'MANUAL', reversesId: null, createdBy: 'muhasebe' });
    expect(a.body.lines).toEqual([
      expect.objectContaining({ lineNo: 1, account: '153', accountName: 'Ticari Mallar', debit: 1250.5, credit: 0 }),
      expect.objectContaining({ lineNo: 2, account: '329', debit: 0, credit: 1250.5 }),
    ]);
    const b = await entry('2026-03-11', 10);
    expect(b.body.entryNo).toBe(a.body.entryNo + 1);

    const unbalanced = await api.call('POST', `${ONMUHASEBE}/journal-entries`, { token: owner, body: { date: '2026-03-12', explanation: 'x', lines: [{ account: '153', debit: 100 }, { account: '329', credit: 99.99 }] } });
    expect(unbalanced.status).toBe(400);
    expect(unbalanced.body).toMatchObject({ code: 'UNBALANCED_ENTRY' });
    expect(unbalanced.body.detail).toContain('borç 100.00, alacak 99.99');
    const header = await entry('2026-03-12', 5, 'Başlık', '15');
    expect(header.status).toBe(400);
    expect(header.body.code).toBe('HEADER_ACCOUNT');
    const unknown = await entry('2026-03-12', 5, 'Yok', '999');
    expect(unknown.status).toBe(400);
    expect(unknown.body.fieldErrors[0]).toMatchObject({ field: 'lines[0].account', code: 'ACCOUNT_NOT_FOUND' });
    const thirdDecimal = await entry('2026-03-12', '1.005');
    expect(thirdDecimal.status).toBe(400);
    // A sub-account turns its parent into a header: postings go to 136.01 from then on.
    expect((await entry('2026-03-12', 5, 'Diğer', '198', '153')).status).toBe(201);
    const taken = await api.call('POST', `${ONMUHASEBE}/ledger-accounts`, { token: owner, body: { parentCode: '198', name: 'Havale yolda' } });
    expect(taken.body.code).toBe('PARENT_HAS_POSTINGS');
    const sub = await api.call('POST', `${ONMUHASEBE}/ledger-accounts`, { token: owner, body: { parentCode: '136', name: 'Personelden alacaklar' } });
    expect(sub.status).toBe(201);
    expect(sub.body.code).toBe('136.01');
    expect((await entry('2026-03-12', 5, 'Alacak', '136', '153')).body.code).toBe('HEADER_ACCOUNT');
    expect((await entry('2026-03-12', 5, 'Alacak', '136.01', '153')).status).toBe(201);
    // The accounts records own (a customer's 120.001, a safe's 100.01) take no direct postings.
    expect((await entry('2026-03-12', 5, 'Doğrudan', '120', '600')).body.code).toBe('HEADER_ACCOUNT');
    expect((await entry('2026-03-12', 5, 'Doğrudan', '100', '600')).body.code).toBe('HEADER_ACCOUNT');
    const onParent = await api.call('POST', `${ONMUHASEBE}/ledger-accounts`, { token: owner, body: { parentCode: '153', name: 'Alt' } });
    expect(onParent.status).toBe(409);
    expect(onParent.body.code).toBe('PARENT_HAS_POSTINGS');
  });

  it("refuses a date outside every active fiscal year with 'Defined fiscal year not found', in Turkish by default", async () => {
    const r = await entry('2025-12-31', 10);
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('FISCAL_YEAR_NOT_FOUND');
    expect(r.body.detail).toBe('Tanımlı mali yıl bulunamadı');
    const en = await api.call('POST', `${ONMUHASEBE}/journal-entries`, {
      token: owner, headers: { 'accept-language': 'en' },
      body: { date: '2025-12-31', explanation: 'x', lines: [{ account: '153', debit: 1 }, { account: '329', credit: 1 }] },
    });
    expect(en.body.detail).toBe('Defined fiscal year not found');
  });

  it('refuses a posting into a locked period; unlocking opens it and the later ones again', async () => {
    const periods = (await api.call('GET', `${ONMUHASEBE}/journals?fiscalYearId=${yearId}&size=20`, { token: owner })).body;
    const april = periods.find((j: { period: number }) => j.period === 4);
    const locked = await api.call('PUT', `${ONMUHASEBE}/journals-lock`, { token: owner, body: { id: april.id } });
    expect(locked.status).toBe(200);
    expect(locked.body.filter((j: { locked: boolean }) => j.locked).map((j: { period: number }) => j.period)).toEqual([1, 2, 3, 4]);
    const refused = await entry('2026-04-30', 10);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('JOURNAL_LOCKED');
    expect((await entry('2026-05-01', 10)).status).toBe(201);
    const march = periods.find((j: { period: number }) => j.period === 3);
    const unlocked = await api.call('PUT', `${ONMUHASEBE}/journals-unlock`, { token: owner, body: { id: march.id } });
    expect(unlocked.body.filter((j: { locked: boolean }) => j.locked).map((j: { period: number }) => j.period)).toEqual([1, 2]);
    expect((await entry('2026-04-30', 10)).status).toBe(201);
  });

  it('posts a source once; after its reversal it may be posted again, and a reversal is not reversed', async () => {
    const e: PostingEntry = { date: '2026-06-01', explanation: 'Fatura 42', source: { kind: 'TEST_INVOICE', id: 42 }, lines: [{ account: '121', debit: '118.00' }, { account: '600', credit: '100.00' }, { account: '391', credit: '18.00' }] };
    const first = await inCompany((trx) => ledger().post(trx, cid, e));
    expect(first.total).toBe('118.00');
    await expect(inCompany((trx) => ledger().post(trx, cid, e))).rejects.toMatchObject({ code: 'ALREADY_POSTED' });
    // A document's entry is cancelled from the document, not by hand.
    const byHand = await api.call('POST', `${ONMUHASEBE}/journal-entries/${first.id}/reverse`, { token: owner, body: {} });
    expect(byHand.status).toBe(409);
    expect(byHand.body.code).toBe('DOCUMENT_ENTRY');
    const reversed = await inCompany((trx) => ledger().reverse(trx, cid, first.id));
    const rev = await api.call('GET', `${ONMUHASEBE}/journal-entries/${reversed.id}`, { token: owner });
    expect(rev.body).toMatchObject({ reversesId: first.id, sourceKind: 'TEST_INVOICE', sourceId: '42', explanation: 'İptal: Fatura 42' });
    expect(rev.body.lines.map((l: { account: string; debit: number; credit: number }) => [l.account, l.debit, l.credit])).toEqual([['121', 0, 118], ['600', 100, 0], ['391', 18, 0]]);
    const original = await api.call('GET', `${ONMUHASEBE}/journal-entries/${first.id}`, { token: owner });
    expect(original.body.reversedById).toBe(rev.body.id);
    await expect(inCompany((trx) => ledger().reverse(trx, cid, first.id))).rejects.toMatchObject({ code: 'ALREADY_REVERSED' });
    await expect(inCompany((trx) => ledger().reverse(trx, cid, rev.body.id))).rejects.toMatchObject({ code: 'IS_REVERSAL' });
    // A manual entry is reversed by hand.
    const manual = await entry('2026-06-02', 12);
    const undo = await api.call('POST', `${ONMUHASEBE}/journal-entries/${manual.body.id}/reverse`, { token: owner, body: { explanation: 'Yanlış kayıt' } });
    expect(undo.status).toBe(201);
    expect(undo.body).toMatchObject({ reversesId: manual.body.id, explanation: 'Yanlış kayıt', total: 12 });
    const again = await inCompany((trx) => ledger().post(trx, cid, e));
    expect(again.entryNo).toBeGreaterThan(first.entryNo);
  });

  it('posts several entries in one call: numbers in the order given, the day\'s totals summed over them, and all or none', async () => {
    const day = '2026-07-17';
    const sale: PostingEntry = { date: day, explanation: 'Fatura 77', source: { kind: 'TEST_INVOICE', id: 77 }, lines: [{ account: '121', debit: '118.00' }, { account: '600', credit: '100.00' }, { account: '391', credit: '18.00' }] };
    const paid: PostingEntry = { date: day, explanation: 'Fatura 77: Nakit', source: { kind: 'TEST_PAYMENT', id: 77 }, lines: [{ account: '153', debit: '50.00' }, { account: '121', credit: '50.00' }] };
    const last = async (trx: any) => Number((await sql<{ n: number }>`select last_entry_no as n from fiscal_years where company_id = ${cid} and id = ${yearId}`.execute(trx)).rows[0]!.n);
    const daily = async (trx: any) => (await sql<{ d: string; c: string }>`select debit::text as d, credit::text as c from ledger_daily
      where company_id = ${cid} and account_code = '121' and day = ${day}::date`.execute(trx)).rows.map((r) => [Number(r.d), Number(r.c)]);
    const before = await inCompany(last);
    const [a, b] = await inCompany((trx) => postMany(trx, cid, [sale, paid]));
    expect([a!.entryNo, b!.entryNo]).toEqual([before + 1, before + 2]);
    expect([a!.total, b!.total]).toEqual(['118.00', '50.00']);
    expect(await inCompany(daily)).toEqual([[118, 50]]);
    const lines = await api.call('GET', `${ONMUHASEBE}/journal-entries/${b!.id}`, { token: owner });
    expect(lines.body.lines.map((l: { account: string; debit: number; credit: number }) => [l.account, l.debit, l.credit])).toEqual([['153', 50, 0], ['121', 0, 50]]);
    // One of them posted already: neither is written and no number is taken (checked in the same transaction).
    const other: PostingEntry = { ...paid, source: { kind: 'TEST_PAYMENT', id: 78 } };
    const seen = await inCompany(async (trx) => {
      await expect(postMany(trx, cid, [other, sale])).rejects.toMatchObject({ code: 'ALREADY_POSTED' });
      const written = await sql<{ n: number }>`select count(*)::int as n from journal_entries where company_id = ${cid} and source_kind = 'TEST_PAYMENT' and source_id = '78'`.execute(trx);
      return { last: await last(trx), written: written.rows[0]!.n, daily: await daily(trx) };
    });
    expect(seen).toEqual({ last: before + 2, written: 0, daily: [[118, 50]] });
  });

  it('keeps journal lines insert-only for the request role', async () => {
    await expect(inCompany(async (trx) => {
      await sql`select set_config('role', 'tezgah_app', true)`.execute(trx);
      await sql`update journal_lines set debit = debit + 1 where company_id = ${cid}`.execute(trx);
    })).rejects.toThrow(/permission denied/);
    await expect(inCompany(async (trx) => {
      await sql`select set_config('role', 'tezgah_app', true)`.execute(trx);
      await sql`delete from journal_entries where company_id = ${cid}`.execute(trx);
    })).rejects.toThrow(/permission denied/);
  });

  it('gives 20 concurrent postings gapless numbers', async () => {
    const before = (await api.call('GET', `${ONMUHASEBE}/journals-getMax/${cid}/${yearId}`, { token: owner })).body.lastEntryNo;
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => entry(`2026-07-${String(1 + (i % 28)).padStart(2, '0')}`, 100 + i, `Eşzamanlı ${i}`)));
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(201));
    const numbers = results.map((r) => r.body.entryNo).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => before + 1 + i));
    await inCompany((trx) => assertBooksBalance(trx, cid));
  });

  it("orders a year's entries by date, warns 'Yevmiye fişleri sırasız!' before, and refuses to move a locked period's entries", async () => {
    const jan = (await api.call('GET', `${ONMUHASEBE}/journals?fiscalYearId=${yearId}&size=20`, { token: owner })).body.find((j: { period: number }) => j.period === 1);
    await api.call('PUT', `${ONMUHASEBE}/journals-unlock`, { token: owner, body: { id: jan.id } });
    await entry('2026-08-20', 7, 'Geç');
    await entry('2026-08-02', 7, 'Erken');
    const check = await api.call('GET', `${ONMUHASEBE}/transactions-order/${cid}/2026-01-01/2026-12-31`, { token: owner });
    expect(check.body).toMatchObject({ ordered: false, message: 'Yevmiye fişleri sırasız!' });
    const done = await api.call('POST', `${ONMUHASEBE}/transactions-order/${yearId}/${cid}`, { token: owner });
    expect(done.status).toBe(200);
    expect(done.body.ordered).toBe(true);
    expect((await api.call('GET', `${ONMUHASEBE}/transactions-order/${cid}/2026-01-01/2026-12-31`, { token: owner })).body).toMatchObject({ ordered: true, message: null });
    const list = await api.call('GET', `${ONMUHASEBE}/journal-entries?fiscalYearId=${yearId}&size=1000&sort=entryNo,asc`, { token: owner });
    const dates = list.body.map((e: { date: string }) => e.date);
    expect(dates).toEqual([...dates].sort());
    expect(list.body.map((e: { entryNo: number }) => e.entryNo)).toEqual(list.body.map((_: unknown, i: number) => i + 1));
    // Another company's path is not found.
    expect((await api.call('POST', `${ONMUHASEBE}/transactions-order/${yearId}/${cid + 1}`, { token: owner })).status).toBe(404);

    const sept = (await api.call('GET', `${ONMUHASEBE}/journals?fiscalYearId=${yearId}&size=20`, { token: owner })).body.find((j: { period: number }) => j.period === 9);
    await entry('2026-09-15', 3, 'Eylül');
    await entry('2026-08-25', 3, 'Ağustos sonradan');
    await api.call('PUT', `${ONMUHASEBE}/journals-lock`, { token: owner, body: { id: sept.id } });
    const refused = await api.call('POST', `${ONMUHASEBE}/transactions-order/${yearId}/${cid}`, { token: owner });
    expect(refused.status).toBe(409);
    expect(refused.body.title).toBe('Sıralama işleminde hata oluştu!');
    await api.call('PUT', `${ONMUHASEBE}/journals-unlock`, { token: owner, body: { id: jan.id } });
  });

  it('answers the trial balance and an account statement from the lines', async () => {
    const tb = await api.call('GET', `${ONMUHASEBE}/trial-balance?startDate=2026-01-01&endDate=2026-12-31&level=3`, { token: owner });
    expect(tb.status).toBe(200);
    expect(tb.body.totals.debit).toBe(tb.body.totals.credit);
    expect(tb.body.totals.debitBalance).toBeCloseTo(tb.body.totals.creditBalance, 2);
    const goods = tb.body.rows.find((r: { code: string }) => r.code === '153');
    expect(goods.name).toBe('Ticari Mallar');
    const byClass = await api.call('GET', `${ONMUHASEBE}/trial-balance?startDate=2026-01-01&endDate=2026-12-31&level=1`, { token: owner });
    expect(byClass.body.rows.map((r: { code: string }) => r.code)).toEqual(expect.arrayContaining(['1', '3']));
    expect(byClass.body.totals.debit).toBe(tb.body.totals.debit);
    // A period later than some postings: those are the opening columns.
    const h2 = await api.call('GET', `${ONMUHASEBE}/trial-balance?startDate=2026-07-01&endDate=2026-12-31`, { token: owner });
    const g2 = h2.body.rows.find((r: { code: string }) => r.code === '153');
    expect(g2.openingDebit + g2.debit).toBeCloseTo(goods.debit, 2);

    const st = await api.call('GET', `${ONMUHASEBE}/account-statement?account=153&startDate=2026-07-01&endDate=2026-12-31&size=5`, { token: owner });
    expect(st.status).toBe(200);
    expect(st.body.openingBalance).toBeCloseTo(g2.openingDebit - g2.openingCredit, 2);
    expect(Number(st.headers.get('x-total-count'))).toBeGreaterThan(5);
    expect(st.body.lines).toHaveLength(5);
    let running = st.body.openingBalance;
    for (const l of st.body.lines) {
      running += l.debit - l.credit;
      expect(l.balance).toBeCloseTo(running, 2);
    }
    await inCompany((trx) => assertBooksBalance(trx, cid, [{ account: '153', balance: st.body.closingBalance, what: 'statement of 153' }]));
  });

  it('keeps fiscal years apart and journals in their rules', async () => {
    const overlap = await api.call('POST', `${ONMUHASEBE}/fiscal-years`, { token: owner, body: { name: '2026 bis', startDate: '2026-12-01', endDate: '2027-11-30' } });
    expect(overlap.status).toBe(409);
    expect(overlap.body.code).toBe('FISCAL_YEAR_OVERLAP');
    const y27 = await api.call('POST', `${ONMUHASEBE}/fiscal-years`, { token: owner, body: { name: '2027', startDate: '2027-01-01', endDate: '2027-12-31', active: true } });
    expect(y27.status).toBe(201);
    const add = await api.call('POST', `${ONMUHASEBE}/journals`, { token: owner, body: { fiscalYearId: y27.body.id, endDate: '2027-12-31' } });
    expect(add.status).toBe(400);
    expect(add.body.detail).toBe('Aktif mali yıl için yeni yevmiye eklenemez');
    // A passive year: delete its periods from June, then add one for the rest of the year.
    expect((await api.call('PUT', `${ONMUHASEBE}/fiscal-years`, { token: owner, body: { id: y27.body.id, name: '2027', startDate: '2027-01-01', endDate: '2027-12-31', active: false } })).status).toBe(200);
    const periods = (await api.call('GET', `${ONMUHASEBE}/journals?fiscalYearId=${y27.body.id}&size=20`, { token: owner })).body;
    const june = periods.find((j: { period: number }) => j.period === 6);
    expect((await api.call('DELETE', `${ONMUHASEBE}/journals/${june.id}`, { token: owner })).status).toBe(204);
    const left = await api.call('GET', `${ONMUHASEBE}/journals?fiscalYearId=${y27.body.id}&size=20`, { token: owner });
    expect(left.body.map((j: { period: number }) => j.period)).toEqual([1, 2, 3, 4, 5]);
    const rest = await api.call('POST', `${ONMUHASEBE}/journals`, { token: owner, body: { fiscalYearId: y27.body.id, endDate: '2027-12-31' } });
    expect(rest.status).toBe(201);
    expect(rest.body).toMatchObject({ period: 6, startDate: '2027-06-01', endDate: '2027-12-31' });
    const max = await api.call('GET', `${ONMUHASEBE}/journals-getMax/${cid}/${y27.body.id}`, { token: owner });
    expect(max.body).toMatchObject({ journal: { period: 6 }, lastEntryNo: 0 });
    // A passive year takes no postings.
    expect((await entry('2027-02-01', 1)).body.code).toBe('FISCAL_YEAR_NOT_FOUND');
    // The 2026 year has entries: not deleted, its periods with entries not deleted either.
    expect((await api.call('DELETE', `${ONMUHASEBE}/fiscal-years/${yearId}`, { token: owner })).body.code).toBe('FISCAL_YEAR_HAS_ENTRIES');
    const dec = (await api.call('GET', `${ONMUHASEBE}/journals?fiscalYearId=${yearId}&size=20`, { token: owner })).body.find((j: { period: number }) => j.period === 3);
    expect((await api.call('DELETE', `${ONMUHASEBE}/journals/${dec.id}`, { token: owner })).body.code).toBe('JOURNAL_HAS_ENTRIES');
    expect((await api.call('DELETE', `${ONMUHASEBE}/fiscal-years/${y27.body.id}`, { token: owner })).status).toBe(204);
  });

  it("keeps another company's books out of reach", async () => {
    const other = await api.signIn('eczaci');
    const list = await api.call('GET', `${ONMUHASEBE}/journal-entries?size=100`, { token: other });
    expect(list.status).toBe(200);
    expect(list.body.every((e: { sourceKind: string; explanation: string }) => !e.explanation.startsWith('Eşzamanlı'))).toBe(true);
    const mine = await api.call('GET', `${ONMUHASEBE}/journal-entries?size=1`, { token: owner });
    expect((await api.call('GET', `${ONMUHASEBE}/journal-entries/${mine.body[0].id}`, { token: other })).status).toBe(404);
  });
});
