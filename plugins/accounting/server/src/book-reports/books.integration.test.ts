import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setTenant } from '@tezgah/server';
import { engines, startTestServer, type TestServer } from '../../../../../packages/server/test/harness';
import { http, ONMUHASEBE } from '../../../../../packages/server/test/http';
import { LEDGER_SERVICE, type LedgerService } from '../ledger';
import { assertBooksBalance } from '../ledger/testing';
import { userWith } from '../currents/testing';
import { JOURNAL_COLUMNS } from './books.handlers';
import { pdfLayout } from './files';
import { download, mapsCharacter, pageCount, sheetTable } from './testing';

const cidOf = (token: string): number => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).cid;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const sum = (xs: (number | string)[]) => xs.reduce<Decimal>((s, x) => s.plus(String(x)), new Decimal(0));

describe.each(engines('both'))('reports of the books as files on %s', (engine) => {
  let t: TestServer;
  let api: ReturnType<typeof http>;
  let owner: string;
  let cid: number;
  const get = (path: string, token = owner) => download(t.url, `${ONMUHASEBE}${path}`, token);
  const entry = (date: string, amount: number | string, explanation: string, debit = '153', credit = '329') => api.call('POST', `${ONMUHASEBE}/journal-entries`, {
    token: owner, body: { date, explanation, lines: [{ account: debit, debit: amount }, { account: credit, credit: amount }] },
  });
  const inCompany = <T>(fn: (trx: any) => Promise<T>) => t.server.database.db.transaction().execute(async (trx) => {
    await setTenant(trx, cid);
    return fn(trx);
  });

  beforeAll(async () => {
    t = await startTestServer({ engine });
    api = http(t.url);
    owner = await api.signIn('muhasebe');
    cid = cidOf(owner);
    expect((await entry('2026-02-03', '1999.90', 'Şişe alımı — ğüşıöç İÇ')).status).toBe(201);
    expect((await entry('2026-05-20', '250.05', 'Ödeme', '329', '198')).status).toBe(201);
    expect((await entry('2026-09-09', '12345678.10', 'Büyük alım')).status).toBe(201);
  });
  afterAll(async () => {
    if (t) await inCompany((trx) => assertBooksBalance(trx, cid));
    await t?.close();
  });

  it('gives the trial balance as xlsx with the screen\'s rows and totals, and as a PDF with the embedded font', async () => {
    const screen = (await api.call('GET', `${ONMUHASEBE}/trial-balance?startDate=2026-01-01&endDate=2026-12-31&level=3`, { token: owner })).body;
    const x = await get('/trial-balance/export?startDate=2026-01-01&endDate=2026-12-31&level=3&format=xlsx');
    expect(x.status).toBe(200);
    expect(x.type).toBe(XLSX);
    expect(x.headers.get('content-disposition')).toBe('attachment; filename="mizan-2026-01-01-2026-12-31.xlsx"');
    const sheet = await sheetTable(x.bytes, 'Hesap Kodu');
    expect(sheet.heading).toEqual(['Demo Ticaret Anonim Şirketi', 'Mizan (3. düzey: ana hesaplar)', 'Dönem: 01.01.2026 – 31.12.2026']);
    expect(sheet.header).toEqual(['Hesap Kodu', 'Hesap Adı', 'Devir Borç', 'Devir Alacak', 'Dönem Borç', 'Dönem Alacak', 'Borç Bakiyesi', 'Alacak Bakiyesi']);
    const n = (v: unknown) => (v === null ? 0 : v);
    expect(sheet.data.map((r) => [r[0], r[1], ...r.slice(2).map(n)])).toEqual(screen.rows.map((r: any) => [r.code, r.name, r.openingDebit, r.openingCredit, r.debit, r.credit, r.debitBalance, r.creditBalance]));
    const tt = screen.totals;
    expect(sheet.totals.slice(1)).toEqual(['Toplam', tt.openingDebit, tt.openingCredit, tt.debit, tt.credit, tt.debitBalance, tt.creditBalance]);
    expect(sum(sheet.data.map((r) => n(r[4]) as number)).toFixed(2)).toBe(new Decimal(String(tt.debit)).toFixed(2));
    expect(sheet.data.find((r) => r[0] === '153')![4]).toBeGreaterThanOrEqual(12347678);

    const p = await get('/trial-balance/export?startDate=2026-01-01&endDate=2026-12-31&level=1&format=pdf');
    expect(p.status).toBe(200);
    expect(p.type).toBe('application/pdf');
    expect(p.headers.get('content-disposition')).toBe('attachment; filename="mizan-2026-01-01-2026-12-31.pdf"');
    expect(p.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(p.bytes.toString('latin1')).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSans\b/);
    expect(pageCount(p.bytes)).toBe(1);
    // 'Demo Ticaret Anonim Şirketi' and 'düzey' in the heading: the glyphs are in the font and map back to the letters.
    expect(mapsCharacter(p.bytes, 'Ş')).toBe(true);
    expect(mapsCharacter(p.bytes, 'ü')).toBe(true);
  });

  it('gives an account statement as xlsx: the opening balance, every line with its running balance and side, the closing balance', async () => {
    const screen = (await api.call('GET', `${ONMUHASEBE}/account-statement?account=153&startDate=2026-03-01&endDate=2026-12-31&size=1000`, { token: owner })).body;
    const x = await get('/account-statement/export?account=153&startDate=2026-03-01&endDate=2026-12-31&format=xlsx');
    expect(x.status).toBe(200);
    expect(x.headers.get('content-disposition')).toBe('attachment; filename="muavin-153-2026-03-01-2026-12-31.xlsx"');
    const sheet = await sheetTable(x.bytes, 'Tarih');
    expect(sheet.heading).toContain('Hesap: 153 Ticari Mallar');
    const [opening, ...lines] = sheet.data;
    expect(opening!.slice(3, 5)).toEqual([null, 'Devir (dönem başı bakiyesi)']);
    expect(opening!.slice(5)).toEqual([null, null, Math.abs(screen.openingBalance), screen.openingBalance > 0 ? 'Borçlu' : screen.openingBalance < 0 ? 'Alacaklı' : null]);
    expect(lines).toHaveLength(screen.lines.length);
    for (const [i, l] of screen.lines.entries()) {
      const r = lines[i]!;
      expect(r[0]).toEqual(new Date(`${l.date}T00:00:00Z`));
      expect(r.slice(1, 7)).toEqual([l.entryNo, l.account, l.documentNo, l.explanation, l.debit || null, l.credit || null]);
      expect(r[7]).toBeCloseTo(Math.abs(l.balance), 2);
      expect(r[8]).toBe(l.balance > 0 ? 'Borçlu' : l.balance < 0 ? 'Alacaklı' : null);
    }
    expect(lines.map((r) => r[4])).toContain('Büyük alım');
    // A sale's lines name the invoice in the Belge no column: the number its explanation gives.
    const sales = (await api.call('GET', `${ONMUHASEBE}/account-statement?account=600&startDate=2026-01-01&endDate=2026-12-31&size=1000`, { token: owner })).body.lines
      .filter((l: any) => /^Satış faturası [A-Z0-9]{3}20\d{11},/.test(l.explanation));
    expect(sales.length).toBeGreaterThan(0);
    for (const l of sales) expect(l.documentNo).toBe(l.explanation.slice('Satış faturası '.length, 'Satış faturası '.length + 16));
    expect(sheet.totals[4]).toBe('Toplam / kapanış bakiyesi');
    expect(sheet.totals[7]).toBeCloseTo(Math.abs(screen.closingBalance), 2);
    expect(sheet.totals[8]).toBe('Borçlu');
    const p = await get('/account-statement/export?account=153&startDate=2026-03-01&endDate=2026-12-31&format=pdf');
    expect(p.status).toBe(200);
    expect(p.bytes.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('pages the journal book with carried totals that add up: each page brings forward what the last carried on', async () => {
    const all = await api.call('GET', `${ONMUHASEBE}/journal-book?startDate=2026-01-01&endDate=2026-12-31&size=1000`, { token: owner });
    expect(all.status).toBe(200);
    const count = Number(all.headers.get('x-total-count'));
    expect(count).toBe(all.body.entryCount);
    expect(count).toBeGreaterThanOrEqual(3);
    const tb = (await api.call('GET', `${ONMUHASEBE}/trial-balance?startDate=2026-01-01&endDate=2026-12-31&level=1`, { token: owner })).body;
    expect(all.body.total).toEqual({ debit: tb.totals.debit, credit: tb.totals.debit });
    // Entry-number order, each entry's lines balance.
    const numbers = all.body.entries.map((e: any) => e.entryNo);
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    for (const e of all.body.entries) {
      expect(sum(e.lines.map((l: any) => l.debit)).eq(sum(e.lines.map((l: any) => l.credit)))).toBe(true);
      expect(sum(e.lines.map((l: any) => l.debit)).eq(String(e.debit))).toBe(true);
    }
    const mine = all.body.entries.find((e: any) => e.explanation === 'Şişe alımı — ğüşıöç İÇ');
    expect(mine.lines.map((l: any) => [l.account, l.accountName, l.debit, l.credit])).toEqual([['153', 'Ticari Mallar', 1999.9, 0], ['329', 'Diğer Ticari Borçlar', 0, 1999.9]]);

    const size = 2;
    let carried = new Decimal(0);
    const seen: number[] = [];
    for (let page = 0; page * size < count; page++) {
      const r = await api.call('GET', `${ONMUHASEBE}/journal-book?startDate=2026-01-01&endDate=2026-12-31&page=${page}&size=${size}`, { token: owner });
      const b = r.body;
      expect(new Decimal(String(b.broughtForward.debit)).eq(carried), `page ${page} brings forward`).toBe(true);
      expect(b.broughtForward.credit).toBe(b.broughtForward.debit);
      const pageDebit = sum(b.entries.flatMap((e: any) => e.lines.map((l: any) => l.debit)));
      const pageCredit = sum(b.entries.flatMap((e: any) => e.lines.map((l: any) => l.credit)));
      expect([b.pageTotal.debit, b.pageTotal.credit]).toEqual([pageDebit.toNumber(), pageCredit.toNumber()]);
      expect(new Decimal(String(b.carriedForward.debit)).eq(carried.plus(pageDebit))).toBe(true);
      expect(new Decimal(String(b.carriedForward.credit)).eq(carried.plus(pageCredit))).toBe(true);
      carried = new Decimal(String(b.carriedForward.debit));
      seen.push(...b.entries.map((e: any) => e.id));
    }
    expect(carried.eq(String(all.body.total.debit))).toBe(true);
    expect(seen).toEqual(all.body.entries.map((e: any) => e.id));
    // Past the last page: everything brought forward, nothing on the page.
    const past = (await api.call('GET', `${ONMUHASEBE}/journal-book?startDate=2026-01-01&endDate=2026-12-31&page=500&size=10`, { token: owner })).body;
    expect(past.entries).toEqual([]);
    expect(past.broughtForward).toEqual(all.body.total);
    expect(past.carriedForward).toEqual(all.body.total);
  });

  it('prints a long journal book on as many pages as its lines need, with every line in the sheet', async () => {
    // 75 entries of three lines in November, posted in one go through the posting function.
    await inCompany(async (trx) => {
      const ledger = t.server.services.service<LedgerService>(LEDGER_SERVICE);
      for (let i = 0; i < 75; i++) {
        await ledger.post(trx, cid, {
          date: `2026-11-${String(1 + (i % 28)).padStart(2, '0')}`, explanation: `Satış faturası ${i + 1} — Çağrı Öztürk`, source: { kind: 'BOOK_TEST', id: i },
          lines: [{ account: '121', debit: `${100 + i}.18` }, { account: '600', credit: `${100 + i}.00` }, { account: '391', credit: '0.18' }],
        });
      }
    });
    const q = 'startDate=2026-11-01&endDate=2026-11-30';
    const book = (await api.call('GET', `${ONMUHASEBE}/journal-book?${q}&size=1000`, { token: owner })).body;
    const lines = book.entries.reduce((s: number, e: any) => s + e.lines.length, 0);
    expect(lines).toBeGreaterThanOrEqual(225);
    const p = await get(`/journal-book/export?${q}&format=pdf`);
    expect(p.status).toBe(200);
    expect(p.headers.get('content-disposition')).toBe('attachment; filename="yevmiye-2026-11-01-2026-11-30.pdf"');
    const layout = pdfLayout(JOURNAL_COLUMNS, { company: '', title: '', period: 'x', lines: ['x'] }, { carry: true, totals: true });
    expect(layout.landscape).toBe(true);
    expect(pageCount(p.bytes)).toBe(Math.ceil(lines / layout.rowsPerPage));
    expect(pageCount(p.bytes)).toBeGreaterThanOrEqual(3);
    for (const ch of 'ÇğÖüışŞ') expect(mapsCharacter(p.bytes, ch), ch).toBe(true);

    const x = await get(`/journal-book/export?${q}&format=xlsx`);
    const sheet = await sheetTable(x.bytes, 'Yev. No');
    expect(sheet.heading).toEqual(['Demo Ticaret Anonim Şirketi', 'Yevmiye Defteri', 'Dönem: 01.11.2026 – 30.11.2026', `${book.entryCount} yevmiye maddesi`]);
    expect(sheet.data).toHaveLength(lines);
    const firsts = sheet.data.filter((r) => r[0] !== null);
    expect(firsts.map((r) => r[0])).toEqual(book.entries.map((e: any) => e.entryNo));
    expect(sum(sheet.data.map((r) => r[6] ?? 0) as number[]).toFixed(2)).toBe(new Decimal(String(book.total.debit)).toFixed(2));
    expect(sheet.totals.slice(3)).toEqual(['Genel toplam', null, null, book.total.debit, book.total.credit]);
  });

  it('refuses bad input with a Turkish problem naming the field, and a caller without the export authority', async () => {
    const bad = async (path: string, field: string, code: string) => {
      const r = await api.call('GET', `${ONMUHASEBE}${path}`, { token: owner });
      expect([path, r.status]).toEqual([path, 400]);
      expect(r.body.fieldErrors[0]).toMatchObject({ field, code });
      return r.body.fieldErrors[0].message as string;
    };
    expect(await bad('/trial-balance/export?startDate=2026-12-31&endDate=2026-01-01&format=xlsx', 'endDate', 'DATE_RANGE')).toBe('Bitiş tarihi başlangıç tarihinden önce olamaz.');
    expect(await bad('/trial-balance/export?startDate=2026-01-01&endDate=2026-12-31&format=docx', 'format', 'FORMAT')).toBe("Dosya biçimi 'xlsx' (Excel) ya da 'pdf' olmalı.");
    await bad('/trial-balance/export?startDate=2026-02-30&endDate=2026-12-31&format=pdf', 'startDate', 'DATE');
    await bad('/trial-balance/export?startDate=01.01.2026&endDate=2026-12-31&format=pdf', 'startDate', 'DATE');
    await bad('/trial-balance/export?startDate=2026-01-01&endDate=2026-12-31&level=12&format=pdf', 'level', 'LEVEL');
    expect(await bad('/account-statement/export?account=999&startDate=2026-01-01&endDate=2026-12-31&format=pdf', 'account', 'ACCOUNT_NOT_FOUND')).toBe('999 hesabı hesap planında yok.');
    await bad('/account-statement/export?account=abc&startDate=2026-01-01&endDate=2026-12-31&format=pdf', 'account', 'ACCOUNT_CODE');
    await bad('/journal-book?startDate=2026-06-01&endDate=2026-05-31', 'endDate', 'DATE_RANGE');
    await bad('/journal-book/export?startDate=2026-06-01&endDate=2026-05-31&format=pdf', 'endDate', 'DATE_RANGE');
    await bad('/journal-book/export?startDate=2026-01-01&endDate=2026-05-31&format=csv', 'format', 'FORMAT');
    const missing = await api.call('GET', `${ONMUHASEBE}/journal-book/export?startDate=2026-01-01&endDate=2026-05-31`, { token: owner });
    expect(missing.status).toBe(400);
    expect(missing.body.fieldErrors[0]).toMatchObject({ field: 'format', code: 'FORMAT' });

    // Viewing the books is not exporting them (ACCOUNTING_CODE 18: view 1, export 5).
    const viewer = await userWith(api, owner, 'defter-okur', ['18_1']);
    expect((await api.call('GET', `${ONMUHASEBE}/journal-book?startDate=2026-01-01&endDate=2026-12-31`, { token: viewer })).status).toBe(200);
    for (const path of ['/journal-book/export?startDate=2026-01-01&endDate=2026-12-31&format=pdf', '/trial-balance/export?startDate=2026-01-01&endDate=2026-12-31&format=xlsx',
      '/account-statement/export?account=153&startDate=2026-01-01&endDate=2026-12-31&format=xlsx']) {
      const r = await get(path, viewer);
      expect([path, r.status]).toEqual([path, 403]);
      expect(r.body.title).toBe('Yetki Hatası');
    }
    const exporter = await userWith(api, owner, 'defter-aktarir', ['18_5']);
    expect((await get('/trial-balance/export?startDate=2026-01-01&endDate=2026-12-31&format=pdf', exporter)).status).toBe(200);

    // Another company's books: its own (the pharmacy's) journal, none of ours.
    const other = await api.signIn('eczaci');
    const theirs = await api.call('GET', `${ONMUHASEBE}/journal-book?startDate=2026-01-01&endDate=2026-12-31&size=1000`, { token: other });
    expect(theirs.status).toBe(200);
    expect(theirs.body.entries.some((e: any) => e.explanation.startsWith('Satış faturası'))).toBe(false);
    const file = await get('/journal-book/export?startDate=2026-01-01&endDate=2026-12-31&format=xlsx', other);
    const sheet = await sheetTable(file.bytes, 'Yev. No');
    expect(sheet.heading[0]).not.toBe('Demo Ticaret Anonim Şirketi');
    expect(sheet.data.some((r) => String(r[5]).includes('Çağrı Öztürk'))).toBe(false);
  });
});
