import Decimal from 'decimal.js';
import { pageRequest, pageResult, problems, type Handler, type RequestContext } from '@tezgah/server';
import { accountsByCode } from '../ledger/accounts';
import { accountStatement, trialBalance } from '../ledger/reports';
import { amount, company, db, fitsOneFile, heading } from './common';
import { attachment, pdf, side, toDecimal, xlsx, type Column, type Row } from './files';
import { accountCode, fileFormat, level as levelOf, period, type FileFormat } from './input';
import { journalBook, type JournalBookEntry } from './journal';

/**
 * The reports of the books as files (trial balance, account statement) and the journal book
 * (yevmiye defteri) as a screen and as files. The figures come from ledger/reports.ts's functions
 * and journal.ts; these only lay them out.
 */

const render = (ctx: RequestContext, format: FileFormat, name: string, make: () => Promise<Buffer>) =>
  make().then((bytes) => {
    ctx.audit({ action: 'accounting.report.exported', entity: 'report', entityId: name, detail: { format } });
    return attachment(ctx, format, name, bytes);
  });

// --- trial balance (mizan) ------------------------------------------------------------------

const LEVEL_NAME: Record<number, string> = { 1: 'hesap sınıfları', 2: 'hesap grupları', 3: 'ana hesaplar' };

const TRIAL_COLUMNS: Column[] = [
  { header: 'Hesap Kodu', width: 12 },
  { header: 'Hesap Adı', width: 34 },
  { header: 'Devir Borç', kind: 'money', width: 15 },
  { header: 'Devir Alacak', kind: 'money', width: 15 },
  { header: 'Dönem Borç', kind: 'money', width: 15 },
  { header: 'Dönem Alacak', kind: 'money', width: 15 },
  { header: 'Borç Bakiyesi', kind: 'money', width: 15 },
  { header: 'Alacak Bakiyesi', kind: 'money', width: 15 },
];

const exportTrialBalance: Handler = async (ctx) => {
  const q = ctx.query as { startDate?: string; endDate?: string; level?: number; format?: string };
  const { start, end } = period(q);
  const level = levelOf(q.level);
  const format = fileFormat(q.format);
  const tb = await trialBalance(db(ctx), company(ctx), start, end, level);
  const cells = (r: typeof tb.totals) => [r.openingDebit, r.openingCredit, r.debit, r.credit, r.debitBalance, r.creditBalance];
  const rows: Row[] = tb.rows.map((r) => [r.code, r.name, ...cells(r)]);
  const totals: Row = ['', 'Toplam', ...cells(tb.totals)];
  const title = `Mizan (${level}. düzey: ${LEVEL_NAME[level] ?? 'alt hesaplar'})`;
  const head = await heading(ctx, title, start, end);
  return render(ctx, format, `mizan-${start}-${end}`, () =>
    format === 'xlsx' ? xlsx('Mizan', TRIAL_COLUMNS, rows, { heading: head, totals }) : pdf(head, TRIAL_COLUMNS, rows, totals));
};

// --- account statement (muavin) -----------------------------------------------------------

const STATEMENT_COLUMNS: Column[] = [
  { header: 'Tarih', kind: 'date', width: 11 },
  { header: 'Yev. No', kind: 'int', width: 8 },
  { header: 'Hesap', width: 11 },
  { header: 'Belge No', width: 17 },
  { header: 'Açıklama', width: 36 },
  { header: 'Borç', kind: 'money', width: 15, blankZero: true },
  { header: 'Alacak', kind: 'money', width: 15, blankZero: true },
  { header: 'Bakiye', kind: 'money', width: 15 },
  { header: 'B/A', width: 9 },
];

const exportAccountStatement: Handler = async (ctx) => {
  const q = ctx.query as { account?: string; startDate?: string; endDate?: string; format?: string };
  const code = accountCode(q.account);
  const { start, end } = period(q);
  const format = fileFormat(q.format);
  const d = db(ctx);
  const c = company(ctx);
  if (!(await accountsByCode(d, c, [code])).get(code)) throw problems.invalidField('account', `${code} hesabı hesap planında yok.`, 'ACCOUNT_NOT_FOUND');
  fitsOneFile(format, (await accountStatement(d, c, code, start, end, { limit: 0, offset: 0 })).total);
  const st = await accountStatement(d, c, code, start, end);
  let debit = new Decimal(0);
  let credit = new Decimal(0);
  const rows: Row[] = [
    { cells: ['', null, '', '', 'Devir (dönem başı bakiyesi)', null, null, toDecimal(st.openingBalance).abs(), side(st.openingBalance)], bold: true },
    ...st.lines.map((l) => {
      debit = debit.plus(toDecimal(l.debit));
      credit = credit.plus(toDecimal(l.credit));
      return [l.date, l.entryNo, l.account, l.documentNo ?? '', l.explanation, l.debit, l.credit, toDecimal(l.balance).abs(), side(l.balance)];
    }),
  ];
  const totals: Row = ['', null, '', '', 'Toplam / kapanış bakiyesi', debit, credit, toDecimal(st.closingBalance).abs(), side(st.closingBalance)];
  const head = await heading(ctx, 'Muavin Defter (hesap ekstresi)', start, end, [`Hesap: ${st.account} ${st.name}`]);
  return render(ctx, format, `muavin-${code}-${start}-${end}`, () =>
    format === 'xlsx' ? xlsx('Muavin', STATEMENT_COLUMNS, rows, { heading: head, totals }) : pdf(head, STATEMENT_COLUMNS, rows, totals));
};

// --- journal book (yevmiye defteri) ---------------------------------------------------------

const entryView = (e: JournalBookEntry) => ({
  id: e.id, entryNo: e.entryNo, fiscalYearId: e.fiscalYearId, date: e.date, explanation: e.explanation, sourceKind: e.sourceKind, documentNo: e.documentNo,
  reversesId: e.reversesId, debit: amount(e.debit), credit: amount(e.credit),
  lines: e.lines.map((l) => ({ lineNo: l.lineNo, account: l.account, accountName: l.accountName, explanation: l.explanation, debit: amount(l.debit), credit: amount(l.credit) })),
});

const pair = (debit: Decimal, credit: Decimal) => ({ debit: amount(debit), credit: amount(credit) });

/**
 * One page of the journal book: its entries with their lines, what the earlier pages carried
 * (önceki sayfadan devreden), this page's totals and what it carries on (nakli yekün), which the
 * next page brings forward; the last page carries the period's total.
 */
const getJournalBook: Handler = async (ctx) => {
  const q = ctx.query as { startDate?: string; endDate?: string };
  const { start, end } = period(q);
  const p = pageRequest(ctx, ['entryNo', 'asc']);
  const book = await journalBook(db(ctx), company(ctx), start, end, { limit: p.size, offset: p.offset });
  const pageDebit = book.entries.reduce((s, e) => s.plus(e.debit), new Decimal(0));
  const pageCredit = book.entries.reduce((s, e) => s.plus(e.credit), new Decimal(0));
  pageResult(ctx, [], book.count);
  return {
    startDate: start, endDate: end, page: p.page, size: p.size, entryCount: book.count,
    broughtForward: pair(book.broughtForward, book.broughtForward),
    entries: book.entries.map(entryView),
    pageTotal: pair(pageDebit, pageCredit),
    carriedForward: pair(book.broughtForward.plus(pageDebit), book.broughtForward.plus(pageCredit)),
    total: pair(book.total, book.total),
  };
};

const JOURNAL_COLUMNS: Column[] = [
  { header: 'Yev. No', kind: 'int', width: 8 },
  { header: 'Tarih', kind: 'date', width: 11 },
  { header: 'Hesap Kodu', width: 11 },
  { header: 'Hesap Adı', width: 28 },
  { header: 'Belge No', width: 17 },
  { header: 'Açıklama', width: 34 },
  { header: 'Borç', kind: 'money', width: 15, blankZero: true, carry: true },
  { header: 'Alacak', kind: 'money', width: 15, blankZero: true, carry: true },
];

/** The journal book's rows: every line, the entry's number and date on its first line. */
export function journalRows(entries: JournalBookEntry[]): Row[] {
  return entries.flatMap((e) => e.lines.map((l, i): Row => ({
    cells: [i === 0 ? e.entryNo : null, i === 0 ? e.date : null, l.account, l.accountName, i === 0 ? e.documentNo ?? '' : '', l.explanation ?? e.explanation, l.debit, l.credit],
    rule: i === 0,
  })));
}

const exportJournalBook: Handler = async (ctx) => {
  const q = ctx.query as { startDate?: string; endDate?: string; format?: string };
  const { start, end } = period(q);
  const format = fileFormat(q.format);
  const d = db(ctx);
  const c = company(ctx);
  fitsOneFile(format, (await journalBook(d, c, start, end, { limit: 0, offset: 0 })).lineCount);
  const book = await journalBook(d, c, start, end);
  const rows = journalRows(book.entries);
  const totals: Row = [null, null, '', 'Genel toplam', '', '', book.total, book.total];
  const head = await heading(ctx, 'Yevmiye Defteri', start, end, [`${book.count.toLocaleString('tr-TR')} yevmiye maddesi`]);
  return render(ctx, format, `yevmiye-${start}-${end}`, () =>
    format === 'xlsx'
      ? xlsx('Yevmiye', JOURNAL_COLUMNS, rows, { heading: head, totals })
      : pdf(head, JOURNAL_COLUMNS, rows, totals, { carry: { labelColumn: 3 } }));
};

export const bookHandlers: Record<string, Handler> = { exportTrialBalance, exportAccountStatement, getJournalBook, exportJournalBook };
export { JOURNAL_COLUMNS };
