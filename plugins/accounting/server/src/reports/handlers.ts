import Decimal from 'decimal.js';
import { sql } from 'kysely';
import { Action, DETAILED_EXPORT_DAILY_MAX, Module, SEED_TEXTS, SEED_TEXTS_TR } from '@tezgah/core';
import { mayIn, pageRequest, pageResult, Problem, problems, requireAuth, type Handler, type RequestContext } from '@tezgah/server';
import { PAYMENT_TYPES } from '@tezgah/core/invoice';
import { amount, company, db, fitsOneFile, heading } from '../book-reports/common';
import { day, fileFormat, optionalDay, range } from '../book-reports/input';
import { attachment, pdf, xlsx, XLSX_TYPE, type Cell, type Column, type Row } from '../book-reports/files';
import { today } from '../ledger/dates';
import { addDays } from '../currencies/rates/dates';
import {
  addAging, addTotals, cashAt, collectionAnalysis, forecast, invoiceRows, invoiceTotals, moneyAt, moneyOfDay, profit, saleTotals,
  salesByPaymentType, stockValuation, zeroAging, type Aging, type InvoiceFilter, type InvoiceRow, type InvoiceTotals, type InvoiceType,
  type ProfitRow, type SaleTotal,
} from './queries';
import { posPayments } from './pos';

/**
 * The reports (issue 10): the main service's sale totals and the reports service
 * (/services/reports/api): invoice lists of a range with their totals, the cancelled sales, both
 * directions, POS payments from other plugins, the mailed sales analysis, the aging of dues per
 * current, the day's activity, profit, stock valuation and the cash-flow forecast — each also as
 * an xlsx or PDF file through the book reports' writers (book-reports/files.ts).
 */

const D = (v: Decimal.Value) => new Decimal(v);
const q = (ctx: RequestContext) => ctx.query as Record<string, string | undefined>;
/** The longest range a per-day answer takes. */
const MAX_DAYS = 366;

// --- inputs -------------------------------------------------------------------------------------

/** An invoice report's range: both days or 400 'Invoice date range empty' (the seeds' text). */
function invoiceRange(v: { startDate?: string; endDate?: string }): { start: string; end: string } {
  if (!v.startDate || !v.endDate) {
    throw new Problem(400, SEED_TEXTS_TR.INVOICE_DATE_RANGE_EMPTY, { detail: SEED_TEXTS_TR.INVOICE_DATE_RANGE_EMPTY, code: 'INVOICE_DATE_RANGE_EMPTY' });
  }
  return range(day('startDate', v.startDate), day('endDate', v.endDate));
}

const noInvoice = () => new Problem(404, SEED_TEXTS_TR.NO_INVOICE_IN_DATE_RANGE, { detail: SEED_TEXTS_TR.NO_INVOICE_IN_DATE_RANGE, code: 'NO_INVOICE_IN_DATE_RANGE' });

function period(v: { startDate?: string; endDate?: string }) {
  return range(day('startDate', v.startDate), day('endDate', v.endDate));
}

function shortPeriod(v: { startDate?: string; endDate?: string }) {
  const p = period(v);
  if (days(p.start, p.end) > MAX_DAYS) throw problems.invalidField('endDate', `Tarih aralığı en fazla ${MAX_DAYS} gün olabilir.`, 'DATE_RANGE');
  return p;
}

const days = (start: string, end: string) => Math.round((Date.parse(end) - Date.parse(start)) / 86_400_000) + 1;

function invoiceType(v: string | undefined): InvoiceType | undefined {
  if (v === undefined || v === '') return undefined;
  if (v === 'SALE' || v === 'BUYING') return v;
  throw problems.invalidField('invoiceType', "Fatura türü SALE (giden) ya da BUYING (gelen) olmalı.", 'INVOICE_TYPE');
}

function profitBy(v: string | undefined): 'product' | 'customer' {
  if (v === undefined || v === '' || v === 'product') return 'product';
  if (v === 'customer') return 'customer';
  throw problems.invalidField('by', "Kârlılık 'product' (ürün) ya da 'customer' (müşteri) bazında alınır.", 'PROFIT_BY');
}

const DIRECTION_MODULE: Record<InvoiceType, number> = { SALE: Module.SALES, BUYING: Module.EXPENSE };

/** The directions the caller may see (SALES 11 → sales, EXPENSE 12 → purchases); asking for another is a 403. */
function directions(ctx: RequestContext, asked: InvoiceType | undefined, action: number): InvoiceType[] {
  const auth = requireAuth(ctx);
  const may = (t: InvoiceType) => mayIn(auth, DIRECTION_MODULE[t], action, auth.companyId) || mayIn(auth, Module.REPORT_PURCHASE_SALES, action, auth.companyId);
  if (asked) {
    if (!may(asked)) throw problems.forbidden(`${asked === 'SALE' ? 'Satış' : 'Alış'} faturalarını görme yetkiniz yok.`, 'MISSING_AUTHORITY');
    return [asked];
  }
  const all = (['SALE', 'BUYING'] as const).filter(may);
  if (!all.length) throw problems.forbidden(undefined, 'MISSING_AUTHORITY');
  return all;
}

// --- views --------------------------------------------------------------------------------------

const totalsView = (t: InvoiceTotals) => ({
  invoiceCount: t.invoiceCount, taxBase: amount(t.taxBase), totalTax: amount(t.totalTax), totalAmount: amount(t.totalAmount), paid: amount(t.paid), remaining: amount(t.remaining),
});
const invoiceView = (r: InvoiceRow) => ({
  id: r.id, invoiceType: r.invoiceType, status: r.status, documentNo: r.documentNo, date: r.date, currentId: r.currentId, currentName: r.currentName,
  taxBase: amount(r.taxBase), totalTax: amount(r.totalTax), totalAmount: amount(r.totalAmount), paid: amount(r.paid), remaining: amount(r.remaining),
  cancelledAt: r.cancelledAt, cancelledBy: r.cancelledBy,
});
const saleView = (s: SaleTotal) => ({ period: s.period, invoiceCount: s.invoiceCount, taxBase: amount(s.taxBase), totalTax: amount(s.totalTax), totalAmount: amount(s.totalAmount) });
const agingView = (a: Aging) => ({
  notDue: amount(a.notDue), days0to30: amount(a.days0to30), days31to60: amount(a.days31to60), days61to90: amount(a.days61to90), over90: amount(a.over90), total: amount(a.total),
});
const margin = (r: { revenue: Decimal; profit: Decimal }) => (r.revenue.isZero() ? null : r.profit.div(r.revenue).times(100).toDecimalPlaces(2).toNumber());
const profitView = (r: ProfitRow) => ({
  id: r.id, name: r.name, quantity: amount(r.quantity), revenue: amount(r.revenue), cost: amount(r.cost), profit: amount(r.profit), margin: margin(r),
});

const sumSales = (period: string, list: SaleTotal[]): SaleTotal => list.reduce((t, s) => ({
  period, invoiceCount: t.invoiceCount + s.invoiceCount, taxBase: t.taxBase.plus(s.taxBase), totalTax: t.totalTax.plus(s.totalTax), totalAmount: t.totalAmount.plus(s.totalAmount),
}), { period, invoiceCount: 0, taxBase: D(0), totalTax: D(0), totalAmount: D(0) });

// --- the main service's sale totals ---------------------------------------------------------------

const getDailySaleTotals: Handler = async (ctx) => {
  const date = optionalDay('date', q(ctx).date) ?? today(ctx);
  return saleView(sumSales(date, await saleTotals(db(ctx), company(ctx), date, date, 'day')));
};

const getMonthlySaleTotals: Handler = async (ctx) => {
  const year = (ctx.query as { year?: number }).year ?? Number(today(ctx).slice(0, 4));
  const found = new Map((await saleTotals(db(ctx), company(ctx), `${year}-01-01`, `${year}-12-31`, 'month')).map((s) => [s.period, s]));
  const months = Array.from({ length: 12 }, (_, i) => `${year}-${String(i + 1).padStart(2, '0')}`).map((m) => found.get(m) ?? sumSales(m, []));
  return { year, months: months.map(saleView), total: saleView(sumSales(String(year), months)) };
};

/** Every day of a range with its sales (zeros on days without). */
async function dailySales(ctx: RequestContext, start: string, end: string): Promise<SaleTotal[]> {
  const found = new Map((await saleTotals(db(ctx), company(ctx), start, end, 'day')).map((s) => [s.period, s]));
  const out: SaleTotal[] = [];
  for (let d = start; d <= end; d = addDays(d, 1)) out.push(found.get(d) ?? sumSales(d, []));
  return out;
}

const getDateRangeSaleTotals: Handler = async (ctx) => {
  const { start, end } = shortPeriod(q(ctx));
  const list = await dailySales(ctx, start, end);
  return { startDate: start, endDate: end, days: list.map(saleView), total: saleView(sumSales(`${start}/${end}`, list)) };
};

const getCppDateRangeSaleTotals: Handler = async (ctx) => {
  const { start, end } = period(q(ctx));
  const by = await salesByPaymentType(db(ctx), company(ctx), start, end);
  const payments = PAYMENT_TYPES.map((t) => ({ paymentType: t, count: by.get(t)?.count ?? 0, amount: by.get(t)?.amount ?? D(0) }));
  return {
    startDate: start, endDate: end,
    payments: payments.map((p) => ({ ...p, amount: amount(p.amount) })),
    total: amount(payments.reduce((s, p) => s.plus(p.amount), D(0))),
  };
};

// --- invoice lists ------------------------------------------------------------------------------

async function invoicePage(ctx: RequestContext, f: InvoiceFilter, withDirections: boolean) {
  const d = db(ctx);
  const c = company(ctx);
  const by = await invoiceTotals(d, c, f);
  const totals = f.types.map((t) => by[t]).reduce(addTotals);
  // A range without invoices is an empty page, not an error: the workbench shows the seeds' "No
  // invoice found in the given date range" in the empty table. A file or a mail of it is a 404.
  const p = pageRequest(ctx, ['date', 'asc']);
  const rows = totals.invoiceCount === 0 ? [] : await invoiceRows(d, c, f, { limit: p.size, offset: p.offset });
  pageResult(ctx, [], totals.invoiceCount);
  return {
    startDate: f.start, endDate: f.end, rows: rows.map(invoiceView), totals: totalsView(totals),
    ...(withDirections ? { sale: totalsView(by.SALE), buying: totalsView(by.BUYING) } : {}),
  };
}

const reportInvoicesByDateRange: Handler = async (ctx) => {
  const { start, end } = invoiceRange(q(ctx));
  return invoicePage(ctx, { types: ['SALE'], start, end }, false);
};

const reportCancelInvoicesByDateRange: Handler = async (ctx) => {
  const { start, end } = invoiceRange(q(ctx));
  return invoicePage(ctx, { types: ['SALE'], start, end, cancelled: true }, false);
};

const reportAllIncomingOutgoingInvoices: Handler = async (ctx) => {
  const { start, end } = invoiceRange(q(ctx));
  return invoicePage(ctx, { types: directions(ctx, invoiceType(q(ctx).invoiceType), Action.VIEW), start, end }, true);
};

const reportCurrentPosPaymentByDateRange: Handler = async (ctx) => {
  const { start, end } = period(q(ctx));
  const rows = await posPayments(ctx.services, ctx.trx, { companyId: company(ctx), startDate: start, endDate: end });
  return {
    startDate: start, endDate: end,
    rows: rows.map((r) => ({ ...r, amount: amount(r.amount) })),
    total: amount(rows.reduce((s, r) => s.plus(r.amount), D(0))),
  };
};

// --- the other reports ----------------------------------------------------------------------------

async function collection(ctx: RequestContext, date: string) {
  const rows = await collectionAnalysis(db(ctx), company(ctx), date);
  return {
    date, rows,
    receivable: rows.reduce((s, r) => addAging(s, r.receivable), zeroAging()),
    payable: rows.reduce((s, r) => addAging(s, r.payable), zeroAging()),
  };
}

const reportCurrentCollectionAnalysis: Handler = async (ctx) => {
  const r = await collection(ctx, optionalDay('date', q(ctx).date) ?? today(ctx));
  return {
    date: r.date,
    rows: r.rows.map((x) => ({ currentId: x.currentId, currentName: x.currentName, receivable: agingView(x.receivable), payable: agingView(x.payable) })),
    receivable: agingView(r.receivable), payable: agingView(r.payable),
  };
};

async function daily(ctx: RequestContext, date: string) {
  const d = db(ctx);
  const c = company(ctx);
  const f = (types: InvoiceType[], cancelled = false): InvoiceFilter => ({ types, start: date, end: date, cancelled });
  const [posted, cancelled, invoices, cancelledRows, money, flows] = await Promise.all([
    invoiceTotals(d, c, f(['SALE', 'BUYING'])), invoiceTotals(d, c, f(['SALE', 'BUYING'], true)),
    invoiceRows(d, c, f(['SALE', 'BUYING']), { limit: 1000, offset: 0 }), invoiceRows(d, c, f(['SALE', 'BUYING'], true), { limit: 1000, offset: 0 }),
    moneyAt(d, c, date), moneyOfDay(d, c, date),
  ]);
  const count = (t: InvoiceTotals) => ({ count: t.invoiceCount, amount: t.totalAmount });
  return {
    date,
    sales: count(posted.SALE), purchases: count(posted.BUYING), cancelled: count(addTotals(cancelled.SALE, cancelled.BUYING)),
    collections: flows.collections, payments: flows.payments,
    invoices: [...invoices, ...cancelledRows], money, cash: money.reduce((s, m) => s.plus(m.balance), D(0)),
  };
}

const countView = (x: { count: number; amount: Decimal }) => ({ count: x.count, amount: amount(x.amount) });

const reportDailyActivity: Handler = async (ctx) => {
  const r = await daily(ctx, optionalDay('date', q(ctx).date) ?? today(ctx));
  return {
    date: r.date, sales: countView(r.sales), purchases: countView(r.purchases), cancelled: countView(r.cancelled),
    collections: countView(r.collections), payments: countView(r.payments), invoices: r.invoices.map(invoiceView),
    money: r.money.map((m) => ({ ...m, balance: amount(m.balance) })), cash: amount(r.cash),
  };
};

async function profitReport(ctx: RequestContext, v: Record<string, string | undefined>) {
  const { start, end } = period(v);
  const by = profitBy(v.by);
  const rows = await profit(db(ctx), company(ctx), start, end, by);
  const total = rows.reduce<ProfitRow>((t, r) => ({
    id: null, name: 'Toplam', quantity: t.quantity.plus(r.quantity), revenue: t.revenue.plus(r.revenue), cost: t.cost.plus(r.cost), profit: t.profit.plus(r.profit),
  }), { id: null, name: 'Toplam', quantity: D(0), revenue: D(0), cost: D(0), profit: D(0) });
  return { start, end, by, rows, total };
}

const reportProfit: Handler = async (ctx) => {
  const r = await profitReport(ctx, q(ctx));
  return { startDate: r.start, endDate: r.end, by: r.by, rows: r.rows.map(profitView), total: profitView(r.total) };
};

const reportStockValuation: Handler = async (ctx) => {
  const date = optionalDay('date', q(ctx).date) ?? today(ctx);
  const rows = await stockValuation(db(ctx), company(ctx), date);
  return {
    date,
    rows: rows.map((r) => ({ productId: r.productId, name: r.name, quantity: amount(r.quantity), averageCost: r.averageCost ? amount(r.averageCost) : null, value: amount(r.value) })),
    total: amount(rows.reduce((s, r) => s.plus(r.value), D(0))),
  };
};

async function forecastReport(ctx: RequestContext, v: Record<string, string | undefined>) {
  const { start, end } = shortPeriod(v);
  const d = db(ctx);
  const c = company(ctx);
  const [opening, flows] = await Promise.all([cashAt(d, c, addDays(start, -1)), forecast(d, c, start, end)]);
  let balance = opening;
  const weeks = flows.map((w) => {
    const net = w.receivables.plus(w.chequesIn).minus(w.payables).minus(w.chequesOut);
    balance = balance.plus(net);
    return { ...w, net, balance };
  });
  const zero = D(0);
  const totals = weeks.reduce((t, w) => ({
    weekStart: t.weekStart, receivables: t.receivables.plus(w.receivables), payables: t.payables.plus(w.payables),
    chequesIn: t.chequesIn.plus(w.chequesIn), chequesOut: t.chequesOut.plus(w.chequesOut), net: t.net.plus(w.net), balance,
  }), { weekStart: `${start}/${end}`, receivables: zero, payables: zero, chequesIn: zero, chequesOut: zero, net: zero, balance: opening });
  return { start, end, opening, weeks, totals };
}

type Week = Awaited<ReturnType<typeof forecastReport>>['totals'];
const weekView = (w: Week) => ({
  weekStart: w.weekStart, receivables: amount(w.receivables), payables: amount(w.payables), chequesIn: amount(w.chequesIn),
  chequesOut: amount(w.chequesOut), net: amount(w.net), balance: amount(w.balance),
});

const reportCashFlowForecast: Handler = async (ctx) => {
  const r = await forecastReport(ctx, q(ctx));
  return { startDate: r.start, endDate: r.end, opening: amount(r.opening), weeks: r.weeks.map(weekView), totals: weekView(r.totals) };
};

// --- files ----------------------------------------------------------------------------------------

/** The kind of file the daily Excel limit counts: every report's xlsx together. */
export const REPORT_EXPORT_KIND = 'REPORT_XLSX';

/**
 * Spends one of the user's two detailed Excel files of the day (Türkiye's day) or refuses with
 * the seeds' text (429, retry-after until midnight); in the request's transaction, so a refused
 * or failed export gives it back and two at once cannot both take the last one.
 */
async function spendExcel(ctx: RequestContext): Promise<void> {
  const auth = requireAuth(ctx);
  const r = await sql<{ count: number }>`
    insert into export_downloads (company_id, user_id, kind, day, count) values (${auth.companyId}, ${auth.userId}, ${REPORT_EXPORT_KIND}, ${today(ctx)}, 1)
    on conflict (company_id, user_id, kind, day) do update set count = export_downloads.count + 1
    returning count`.execute(db(ctx));
  if ((r.rows[0]?.count ?? 0) > DETAILED_EXPORT_DAILY_MAX) {
    const istanbul = new Date(ctx.services.now().getTime() + 3 * 3600_000);
    const untilMidnight = 86_400 - (istanbul.getUTCHours() * 3600 + istanbul.getUTCMinutes() * 60 + istanbul.getUTCSeconds());
    throw new Problem(429, SEED_TEXTS_TR.EXCEL_DAILY_LIMIT, { detail: SEED_TEXTS_TR.EXCEL_DAILY_LIMIT, code: 'EXCEL_DAILY_LIMIT', headers: { 'retry-after': String(untilMidnight) } });
  }
}

const money = (header: string, width = 14): Column => ({ header, kind: 'money', width });
const INVOICE_COLUMNS: Column[] = [
  { header: 'Tarih', kind: 'date', width: 11 }, { header: 'Tür', width: 7 }, { header: 'Fatura no', width: 18 }, { header: 'Cari', width: 34 },
  money('Matrah'), money('KDV ve vergiler'), money('Toplam'), money('Ödenen'), money('Kalan'),
];
const invoiceCells = (r: InvoiceRow): Row => [r.date, r.invoiceType === 'SALE' ? 'Satış' : 'Alış', r.documentNo ?? '', r.currentName, r.taxBase, r.totalTax, r.totalAmount, r.paid, r.remaining];
const invoiceTotalsRow = (t: InvoiceTotals): Row => ['', '', `${t.invoiceCount} fatura`, 'Toplam', t.taxBase, t.totalTax, t.totalAmount, t.paid, t.remaining];
const AGING_COLUMNS: Column[] = [
  { header: 'Cari', width: 30 }, { header: 'Taraf', width: 10 }, money('Vadesi gelmemiş'), money('0–30 gün'), money('31–60 gün'), money('61–90 gün'), money('90+ gün'), money('Toplam'),
];
const agingCells = (name: string, sideName: string, a: Aging): Cell[] => [name, sideName, a.notDue, a.days0to30, a.days31to60, a.days61to90, a.over90, a.total];

interface Sheet { count?: number; title: string; sheet: string; file: string; start: string; end: string; columns: Column[]; rows: Row[]; totals?: Row; lines?: string[] }

const REPORTS = ['sales', 'cancelled', 'invoices', 'collection', 'daily', 'profit', 'stock', 'cashflow', 'pos'] as const;
type ReportName = (typeof REPORTS)[number];

/** The module a report's file goes with: the invoice lists of one direction go with its own. */
function reportModule(name: ReportName, v: Record<string, string | undefined>): number[] {
  if (name === 'invoices') {
    const t = invoiceType(v.invoiceType);
    return t ? [DIRECTION_MODULE[t], Module.REPORT_PURCHASE_SALES] : [Module.SALES, Module.EXPENSE, Module.REPORT_PURCHASE_SALES];
  }
  if (name === 'daily') return [Module.REPORT_PURCHASE_SALES, Module.SALES, Module.EXPENSE];
  return [Module.REPORT_PURCHASE_SALES];
}

async function invoiceSheet(ctx: RequestContext, f: InvoiceFilter, title: string, file: string): Promise<Sheet> {
  const by = await invoiceTotals(db(ctx), company(ctx), f);
  const totals = f.types.map((t) => by[t]).reduce(addTotals);
  if (totals.invoiceCount === 0) throw noInvoice();
  return { count: totals.invoiceCount, title, sheet: 'Faturalar', file, start: f.start, end: f.end, columns: INVOICE_COLUMNS, rows: [], totals: invoiceTotalsRow(totals) };
}

/** The sheet of a report: its columns, rows and totals (invoice rows are read after the size check). */
async function sheetOf(ctx: RequestContext, name: ReportName, v: Record<string, string | undefined>): Promise<Sheet> {
  switch (name) {
    case 'sales': {
      const { start, end } = invoiceRange(v);
      return invoiceSheet(ctx, { types: ['SALE'], start, end }, 'Satış Raporu', 'satis-raporu');
    }
    case 'cancelled': {
      const { start, end } = invoiceRange(v);
      return invoiceSheet(ctx, { types: ['SALE'], start, end, cancelled: true }, 'Satış İptal Raporu', 'satis-iptal-raporu');
    }
    case 'invoices': {
      const { start, end } = invoiceRange(v);
      const types = directions(ctx, invoiceType(v.invoiceType), Action.EXPORT);
      const [title, file] = types.length === 2 ? ['Gelen ve Giden Faturalar', 'tum-faturalar'] : types[0] === 'SALE' ? ['Giden Faturalar', 'giden-faturalar'] : ['Gelen Faturalar', 'gelen-faturalar'];
      return invoiceSheet(ctx, { types, start, end }, title, file);
    }
    case 'collection': {
      const r = await collection(ctx, optionalDay('date', v.date) ?? today(ctx));
      const rows: Row[] = r.rows.flatMap((x) => [
        ...(x.receivable.total.isZero() ? [] : [agingCells(x.currentName, 'Alacak', x.receivable)]),
        ...(x.payable.total.isZero() ? [] : [agingCells(x.currentName, 'Borç', x.payable)]),
      ]);
      rows.push({ cells: agingCells('Toplam alacak', 'Alacak', r.receivable), bold: true });
      return { title: 'Cari Tahsilat Analizi', sheet: 'Yaşlandırma', file: 'cari-tahsilat-analizi', start: r.date, end: r.date, columns: AGING_COLUMNS, rows, totals: agingCells('Toplam borç', 'Borç', r.payable) };
    }
    case 'daily': {
      const r = await daily(ctx, optionalDay('date', v.date) ?? today(ctx));
      const lines = [
        `Satışlar: ${r.sales.count} fatura, ${r.sales.amount.toFixed(2)} TL · Alışlar: ${r.purchases.count} fatura, ${r.purchases.amount.toFixed(2)} TL · İptal: ${r.cancelled.count}`,
        `Tahsilatlar: ${r.collections.count}, ${r.collections.amount.toFixed(2)} TL · Ödemeler: ${r.payments.count}, ${r.payments.amount.toFixed(2)} TL`,
        `Kasa ve bankalar: ${r.money.map((m) => `${m.name} ${m.balance.toFixed(2)}`).join(', ') || '—'}`,
      ];
      return {
        title: 'Günlük Faaliyet Raporu', sheet: 'Gün', file: 'gunluk-faaliyet', start: r.date, end: r.date, columns: INVOICE_COLUMNS, lines,
        rows: r.invoices.map(invoiceCells), totals: ['', '', '', 'Kasa ve banka toplamı', null, null, r.cash, null, null],
      };
    }
    case 'profit': {
      const r = await profitReport(ctx, v);
      const cols: Column[] = [{ header: r.by === 'product' ? 'Ürün' : 'Müşteri', width: 36 }, { header: 'Miktar', kind: 'quantity', width: 12 }, money('Satış (matrah)'), money('Maliyet'), money('Brüt kâr'), { header: 'Kâr %', width: 8 }];
      const cells = (x: ProfitRow): Row => [x.name, x.quantity, x.revenue, x.cost, x.profit, margin(x)?.toFixed(2) ?? ''];
      return { title: r.by === 'product' ? 'Ürün Bazında Kârlılık' : 'Müşteri Bazında Kârlılık', sheet: 'Kârlılık', file: `karlilik-${r.by === 'product' ? 'urun' : 'musteri'}`, start: r.start, end: r.end, columns: cols, rows: r.rows.map(cells), totals: cells(r.total) };
    }
    case 'stock': {
      const date = optionalDay('date', v.date) ?? today(ctx);
      const rows = await stockValuation(db(ctx), company(ctx), date);
      const cols: Column[] = [{ header: 'Ürün', width: 40 }, { header: 'Miktar', kind: 'quantity', width: 12 }, { header: 'Ortalama maliyet', width: 16 }, money('Değer', 16)];
      return {
        title: 'Stok Değerlemesi (Ortalama Maliyet)', sheet: 'Stok', file: 'stok-degerleme', start: date, end: date, columns: cols,
        rows: rows.map((r) => [r.name, r.quantity, r.averageCost ? r.averageCost.toFixed(4) : '—', r.value]),
        totals: ['Toplam', null, '', rows.reduce((s, r) => s.plus(r.value), D(0))],
      };
    }
    case 'cashflow': {
      const r = await forecastReport(ctx, v);
      const cols: Column[] = [{ header: 'Hafta', kind: 'date', width: 11 }, money('Alacak vadeleri'), money('Alınan çekler'), money('Borç vadeleri'), money('Verilen çekler'), money('Net'), money('Beklenen nakit')];
      const cells = (w: Week): Row => [w.weekStart, w.receivables, w.chequesIn, w.payables, w.chequesOut, w.net, w.balance];
      return {
        title: 'Nakit Akış Tahmini', sheet: 'Nakit akışı', file: 'nakit-akis-tahmini', start: r.start, end: r.end, columns: cols,
        lines: [`Dönem başı nakit (kasa ve bankalar): ${r.opening.toFixed(2)} TL`],
        rows: r.weeks.map(cells), totals: ['', r.totals.receivables, r.totals.chequesIn, r.totals.payables, r.totals.chequesOut, r.totals.net, r.totals.balance],
      };
    }
    case 'pos': {
      const { start, end } = period(v);
      const rows = await posPayments(ctx.services, ctx.trx, { companyId: company(ctx), startDate: start, endDate: end });
      const cols: Column[] = [{ header: 'Tarih', kind: 'date', width: 11 }, { header: 'Cari', width: 34 }, { header: 'Cihaz', width: 18 }, { header: 'Belge no', width: 18 }, money('Tutar')];
      return {
        title: 'Cari POS Ödemeleri', sheet: 'POS', file: 'cari-pos-odemeleri', start, end, columns: cols,
        rows: rows.map((r) => [r.date, r.currentName ?? '', r.device ?? '', r.documentNo ?? '', r.amount]),
        totals: ['', 'Toplam', '', '', rows.reduce((s, r) => s.plus(r.amount), D(0))],
      };
    }
  }
}

/** Invoice sheets read their rows once the file is known to fit. */
async function filled(ctx: RequestContext, name: ReportName, v: Record<string, string | undefined>, s: Sheet): Promise<Sheet> {
  if (!['sales', 'cancelled', 'invoices'].includes(name)) return s;
  const { start, end } = invoiceRange(v);
  const types = name === 'invoices' ? directions(ctx, invoiceType(v.invoiceType), Action.EXPORT) : (['SALE'] as InvoiceType[]);
  const rows = await invoiceRows(db(ctx), company(ctx), { types, start, end, cancelled: name === 'cancelled' }, { limit: null, offset: 0 });
  return { ...s, rows: rows.map(invoiceCells) };
}

const exportReport: Handler = async (ctx) => {
  const v = q(ctx);
  const name = v.report as ReportName;
  if (!(REPORTS as readonly string[]).includes(name)) throw problems.invalidField('report', `Rapor şunlardan biri olmalı: ${REPORTS.join(', ')}.`, 'REPORT');
  const auth = requireAuth(ctx);
  if (!reportModule(name, v).some((m) => mayIn(auth, m, Action.EXPORT, auth.companyId))) throw problems.forbidden('Bu raporu dışa aktarma yetkiniz yok.', 'MISSING_AUTHORITY');
  const format = fileFormat(v.format);
  let sheet = await sheetOf(ctx, name, v);
  fitsOneFile(format, sheet.count ?? sheet.rows.length);
  if (format === 'xlsx') await spendExcel(ctx);
  sheet = await filled(ctx, name, v, sheet);
  const head = await heading(ctx, sheet.title, sheet.start, sheet.end, sheet.lines ?? []);
  const bytes = format === 'xlsx'
    ? await xlsx(sheet.sheet, sheet.columns, sheet.rows, { heading: head, ...(sheet.totals ? { totals: sheet.totals } : {}) })
    : await pdf(head, sheet.columns, sheet.rows, sheet.totals);
  ctx.audit({ action: 'accounting.report.exported', entity: 'report', entityId: name, detail: { format, ...v } });
  return attachment(ctx, format, sheet.start === sheet.end ? `${sheet.file}-${sheet.start}` : `${sheet.file}-${sheet.start}-${sheet.end}`, bytes);
};

// --- the mailed sales analysis --------------------------------------------------------------------

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The sales analysis of a range as one xlsx: the invoices, then the days, then the products (by profit). */
async function salesAnalysis(ctx: RequestContext, start: string, end: string): Promise<{ bytes: Buffer; count: number }> {
  const d = db(ctx);
  const c = company(ctx);
  const by = await invoiceTotals(d, c, { types: ['SALE'], start, end });
  if (by.SALE.invoiceCount === 0) throw noInvoice();
  fitsOneFile('xlsx', by.SALE.invoiceCount);
  const [rows, perDay, products] = await Promise.all([
    invoiceRows(d, c, { types: ['SALE'], start, end }, { limit: null, offset: 0 }),
    saleTotals(d, c, start, end, 'day'),
    profit(d, c, start, end, 'product'),
  ]);
  const head = await heading(ctx, 'Satış Veri Analizi', start, end, [
    `${by.SALE.invoiceCount} fatura · matrah ${by.SALE.taxBase.toFixed(2)} TL · vergiler ${by.SALE.totalTax.toFixed(2)} TL · toplam ${by.SALE.totalAmount.toFixed(2)} TL`,
    `Günlük toplamlar: ${perDay.map((s) => `${s.period} ${s.totalAmount.toFixed(2)}`).join(', ')}`,
    `Ürünler (brüt kâr): ${products.slice(0, 20).map((p) => `${p.name} ${p.profit.toFixed(2)}`).join(', ')}`,
  ]);
  return { bytes: await xlsx('Satışlar', INVOICE_COLUMNS, rows.map(invoiceCells), { heading: head, totals: invoiceTotalsRow(by.SALE) }), count: by.SALE.invoiceCount };
}

const sendSalesDataAnalysis: Handler = async (ctx) => {
  const body = ctx.body as { startDate?: string; endDate?: string; emails: string[] };
  const { start, end } = invoiceRange(body);
  const emails = [...new Set(body.emails.map((e) => e.trim().toLowerCase()))];
  emails.forEach((e, i) => { if (!EMAIL.test(e)) throw problems.invalidField(`emails[${i}]`, SEED_TEXTS.WRONG_EMAIL_FORMAT, 'EMAIL'); });
  const { bytes, count } = await salesAnalysis(ctx, start, end);
  const fileName = `satis-analizi-${start}-${end}.xlsx`;
  for (const to of emails) {
    await ctx.services.mail.enqueue(ctx.trx, {
      to, subject: `Satış veri analizi ${start} – ${end}`,
      text: `Merhaba,\n\n${start} – ${end} dönemine ait satış veri analizi (${count} fatura) ektedir.\n\nTezgah`,
      attachments: [{ filename: fileName, contentType: XLSX_TYPE, content: bytes }],
    });
  }
  ctx.audit({ action: 'accounting.report.mailed', entity: 'report', entityId: 'sales-analysis', detail: { startDate: start, endDate: end, recipients: emails } });
  ctx.setStatus(202);
  return { recipients: emails, fileName, invoiceCount: count };
};

export const reportHandlers: Record<string, Handler> = {
  getDailySaleTotals, getMonthlySaleTotals, getDateRangeSaleTotals, getCppDateRangeSaleTotals,
  reportInvoicesByDateRange, reportCancelInvoicesByDateRange, reportAllIncomingOutgoingInvoices, reportCurrentPosPaymentByDateRange,
  sendSalesDataAnalysis, reportCurrentCollectionAnalysis, reportDailyActivity, reportProfit, reportStockValuation, reportCashFlowForecast, exportReport,
};
