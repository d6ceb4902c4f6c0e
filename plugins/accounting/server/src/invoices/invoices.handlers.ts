import Decimal from 'decimal.js';
import { assertNotLocked, runCancelling } from './locks';
import { sql } from 'kysely';
import { Module } from '@tezgah/core';
import { likePattern, mayIn, pageRequest, pageResult, Problem, problems, requireAuth, tables, type Auth, type Handler, type RequestContext } from '@tezgah/server';
import type { AccountingTables } from '../schema';
import type { LedgerDb } from '../ledger/accounts';
import { today as todayOf } from '../ledger/dates';
import { paymentMethods, type PaymentMethod } from './payment-methods';
import { resolveInvoice, type InvoiceBody, type InvoiceType, type Resolved } from './input';
import { allocate } from './dues';
import { baseType, isReturn, postInvoice, unpostInvoice, type InvoiceKind, type KnownInvoice, type PostableInvoice } from './posting';
import { openCurrentAccount } from '../ledger/money';
import { assertNoLiveReturns, returnedOf, returnsOf } from './returns';

const db = (ctx: RequestContext): LedgerDb => tables<AccountingTables>(ctx);
const idParam = (ctx: RequestContext) => (ctx.params as { id: number }).id;
const n = (v: string | number | null) => (v === null ? 0 : new Decimal(v).toNumber());

// --- who may do what, by direction ---------------------------------------------------------------

const MODULE_OF: Record<InvoiceKind, number> = { SALE: Module.SALES, BUYING: Module.EXPENSE, SALE_RETURN: Module.SALES, BUYING_RETURN: Module.EXPENSE };
export const ACTION = { VIEW: 1, CREATE: 2, UPDATE: 3, DELETE: 4, CANCEL: 46 } as const;
const WORDS: Record<number, string> = { 1: 'görme', 2: 'kesme', 3: 'değiştirme', 4: 'silme', 46: 'iptal etme' };

export function mayDo(auth: Auth, type: InvoiceKind, ...actions: number[]): boolean {
  return actions.some((a) => mayIn(auth, MODULE_OF[type], a, auth.companyId));
}
export function must(ctx: RequestContext, type: InvoiceKind, ...actions: number[]) {
  if (!mayDo(requireAuth(ctx), type, ...actions)) {
    throw problems.forbidden(`${baseType(type) === 'SALE' ? 'Satış' : 'Alış'} faturalarını ${WORDS[actions[0]!]} yetkiniz yok.`);
  }
}
const visibleTypes = (auth: Auth): InvoiceKind[] => (['SALE', 'BUYING', 'SALE_RETURN', 'BUYING_RETURN'] as const).filter((t) => mayDo(auth, t, ACTION.VIEW));

// --- reading ------------------------------------------------------------------------------------

function invoices(d: LedgerDb, companyId: number) {
  return d.selectFrom('invoices as i')
    .innerJoin('currencies as cu', 'cu.id', 'i.currency_id')
    .innerJoin('currents as cr', (j) => j.onRef('cr.company_id', '=', 'i.company_id').onRef('cr.id', '=', 'i.current_id'))
    .where('i.company_id', '=', companyId);
}

const SUMMARY_COLUMNS = [
  'i.id', 'i.invoice_type', 'i.status', 'i.document_no', 'i.series', 'i.invoice_date', 'i.due_date', 'i.current_id', 'i.explanation', 'i.currency_id',
  'cu.code as currency_code', 'cu.symbol as currency_symbol', 'i.conversion_rate', 'i.subtotal', 'i.total_discount', 'i.tax_base', 'i.total_tax',
  'i.withheld', 'i.total_amount', 'i.payable', 'i.paid', 'i.entry_id', 'i.its_cancel', 'i.e_invoice_type', 'i.cancelled_at', 'i.created_by',
] as const;

interface SummaryRow {
  id: number; invoice_type: InvoiceKind; status: 'DRAFT' | 'POSTED' | 'CANCELLED'; document_no: string | null; series: string | null; invoice_date: string;
  due_date: string | null; current_id: number; current_name: string; explanation: string | null; currency_id: number; currency_code: string;
  currency_symbol: string | null; conversion_rate: string; subtotal: string; total_discount: string; tax_base: string; total_tax: string; withheld: string;
  total_amount: string; payable: string; paid: string; entry_id: number | null; its_cancel: boolean | null; e_invoice_type: string | null;
  cancelled_at: Date | string | null; created_by: string | null;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const withCurrentName = <T extends { select: (...a: any[]) => any }>(q: T) => q.select(sql<string>`concat_ws(' ', cr.name, cr.last_name)`.as('current_name'));

async function tagsOf(d: LedgerDb, companyId: number, ids: number[]) {
  const out = new Map<number, { id: number; name: string; color: string }[]>();
  if (!ids.length) return out;
  const rows = await d.selectFrom('invoice_tags as it')
    .innerJoin('tags as t', (j) => j.onRef('t.company_id', '=', 'it.company_id').onRef('t.id', '=', 'it.tag_id'))
    .select(['it.invoice_id', 't.id', 't.name', 't.color']).where('it.company_id', '=', companyId).where('it.invoice_id', 'in', ids)
    .orderBy('t.name').execute();
  for (const r of rows) out.set(r.invoice_id, [...(out.get(r.invoice_id) ?? []), { id: r.id, name: r.name, color: r.color }]);
  return out;
}

function summaryView(r: SummaryRow, tags: { id: number; name: string; color: string }[]) {
  const payable = new Decimal(r.payable);
  const remaining = r.status === 'CANCELLED' ? new Decimal(0) : payable.minus(r.paid);
  return {
    id: r.id, invoiceType: r.invoice_type, status: r.status, documentNo: r.document_no, date: r.invoice_date, dueDate: r.due_date,
    currentId: r.current_id, currentName: r.current_name, explanation: r.explanation, currencyId: r.currency_id, currencyCode: r.currency_code,
    currencySymbol: r.currency_symbol, conversionRate: n(r.conversion_rate), subtotal: n(r.subtotal), totalDiscount: n(r.total_discount),
    taxBase: n(r.tax_base), totalTax: n(r.total_tax), withheld: n(r.withheld), totalAmount: n(r.total_amount), payable: payable.toNumber(),
    paid: n(r.paid), remaining: remaining.toNumber(),
    paymentStatus: remaining.lte(0) ? 'PAID' : new Decimal(r.paid).gt(0) ? 'PARTIAL' : 'UNPAID',
    tags, createdBy: r.created_by,
  };
}

async function invoiceRow(d: LedgerDb, companyId: number, id: number): Promise<SummaryRow | undefined> {
  return withCurrentName(invoices(d, companyId).select(SUMMARY_COLUMNS)).where('i.id', '=', id).executeTakeFirst() as Promise<SummaryRow | undefined>;
}

interface ViewLine {
  id: number; line_no: number; product_id: number; product_name: string; barcode: string | null; description: string | null; quantity: string; unit_price: string;
  discounts: unknown[]; withholding_code: string | null; withholding_ratio: number | null; account_code: string; moves_stock: boolean; despatch_line_id: number | null;
  gross: string; discount: string; document_discount: string; tax_base: string; tax: string; withheld: string; total: string; returns_line_id: number | null;
  returned: string;
  taxes: { tax_id: number; tax_type: string; percentage: string; exception_code: string | null; base: string; amount: string }[];
  stocks: { warehouse_id: number; warehouse_name: string; quantity: string }[];
}
interface ViewRow extends SummaryRow {
  tags: { id: number; name: string; color: string }[];
  lines: ViewLine[];
  discounts: { discount_type: string; percentage: string | null; amount: string }[];
  payments: { id: number; payment_type: string; amount: string; payment_date: string; safe_id: number | null; bank_account_id: number | null; method: string | null; account_name: string | null }[];
  entry_no: number | null;
  dues: { id: number; period_no: number; due_date: string; amount: string; paid: string }[];
  instalment_type: 'MONTHLY' | 'WEEKLY' | 'DAYS' | null; instalment_day: number | null; instalment_count: number | null;
  prices_include_tax: boolean; provisional_no: string | null;
  returns: { id: number; invoice_type: InvoiceKind; document_no: string | null; invoice_date: string; payable: string; status: string }[];
  original: { id: number; document_no: string | null; invoice_date: string; invoice_type: InvoiceKind } | null;
}

/**
 * The whole invoice as GET /invoices/{id} answers it, read in one statement: the head, and as
 * JSON beside it its tags, lines (each with its taxes, warehouses and what returns took of it),
 * discounts, live payments, dues, entry number, the returns made of it and the invoice it returns.
 */
export async function invoiceView(d: LedgerDb, companyId: number, id: number) {
  const r = await withCurrentName(invoices(d, companyId).select(SUMMARY_COLUMNS)).select([
    'i.instalment_type', 'i.instalment_day', 'i.instalment_count', 'i.prices_include_tax', 'i.provisional_no',
    sql`coalesce((select json_agg(json_build_object('id', t.id, 'name', t.name, 'color', t.color) order by t.name)
      from invoice_tags it join tags t on t.company_id = it.company_id and t.id = it.tag_id
     where it.company_id = i.company_id and it.invoice_id = i.id), '[]'::json)`.as('tags'),
    sql`coalesce((select json_agg(json_build_object(
        'id', l.id, 'line_no', l.line_no, 'product_id', l.product_id, 'product_name', p.name, 'barcode', p.barcode, 'description', l.description,
        'quantity', l.quantity::text, 'unit_price', l.unit_price::text, 'discounts', l.discounts, 'withholding_code', l.withholding_code,
        'withholding_ratio', l.withholding_ratio, 'account_code', l.account_code, 'moves_stock', l.moves_stock, 'despatch_line_id', l.despatch_line_id,
        'gross', l.gross::text, 'discount', l.discount::text, 'document_discount', l.document_discount::text, 'tax_base', l.tax_base::text,
        'tax', l.tax::text, 'withheld', l.withheld::text, 'total', l.total::text, 'returns_line_id', l.returns_line_id,
        'returned', (select coalesce(sum(rl.quantity), 0)::text from invoice_lines rl join invoices ri on ri.company_id = rl.company_id and ri.id = rl.invoice_id
                      where rl.company_id = l.company_id and rl.returns_line_id = l.id and ri.status <> 'CANCELLED'),
        'taxes', coalesce((select json_agg(json_build_object('tax_id', t.tax_id, 'tax_type', t.tax_type, 'percentage', t.percentage::text,
                   'exception_code', t.exception_code, 'base', t.base::text, 'amount', t.amount::text) order by t.id)
                   from invoice_line_taxes t where t.company_id = l.company_id and t.line_id = l.id), '[]'::json),
        'stocks', coalesce((select json_agg(json_build_object('warehouse_id', s.warehouse_id, 'warehouse_name', w.name, 'quantity', s.quantity::text) order by s.id)
                   from invoice_stock_lines s join warehouses w on w.company_id = s.company_id and w.id = s.warehouse_id
                  where s.company_id = l.company_id and s.line_id = l.id), '[]'::json)
      ) order by l.line_no)
      from invoice_lines l join products p on p.company_id = l.company_id and p.id = l.product_id
     where l.company_id = i.company_id and l.invoice_id = i.id), '[]'::json)`.as('lines'),
    sql`coalesce((select json_agg(json_build_object('discount_type', x.discount_type, 'percentage', x.percentage::text, 'amount', x.amount::text) order by x.seq)
      from invoice_discounts x where x.company_id = i.company_id and x.invoice_id = i.id), '[]'::json)`.as('discounts'),
    sql`coalesce((select json_agg(json_build_object('id', p.id, 'payment_type', p.payment_type, 'amount', p.amount::text,
        'payment_date', to_char(p.payment_date, 'YYYY-MM-DD'), 'safe_id', p.safe_id, 'bank_account_id', p.bank_account_id, 'method', p.method,
        'account_name', coalesce(s.name, b.name)) order by p.id)
      from invoice_payments p
      left join safes s on s.company_id = p.company_id and s.id = p.safe_id
      left join bank_accounts b on b.company_id = p.company_id and b.id = p.bank_account_id
     where p.company_id = i.company_id and p.invoice_id = i.id and p.voided_at is null), '[]'::json)`.as('payments'),
    sql`(select e.entry_no from journal_entries e where e.company_id = i.company_id and e.id = i.entry_id)`.as('entry_no'),
    sql`coalesce((select json_agg(json_build_object('id', x.id, 'period_no', x.period_no, 'due_date', to_char(x.due_date, 'YYYY-MM-DD'),
        'amount', x.amount::text, 'paid', x.paid::text) order by x.period_no)
      from invoice_dues x where x.company_id = i.company_id and x.invoice_id = i.id), '[]'::json)`.as('dues'),
    sql`coalesce((select json_agg(json_build_object('id', x.id, 'invoice_type', x.invoice_type, 'document_no', x.document_no,
        'invoice_date', to_char(x.invoice_date, 'YYYY-MM-DD'), 'payable', x.payable::text, 'status', x.status) order by x.id)
      from invoices x where x.company_id = i.company_id and x.returns_invoice_id = i.id), '[]'::json)`.as('returns'),
    sql`(select json_build_object('id', o.id, 'document_no', o.document_no, 'invoice_date', to_char(o.invoice_date, 'YYYY-MM-DD'), 'invoice_type', o.invoice_type)
      from invoices o where o.company_id = i.company_id and o.id = i.returns_invoice_id)`.as('original'),
  ]).where('i.id', '=', id).executeTakeFirst() as unknown as ViewRow | undefined;
  if (!r) throw problems.notFound('Fatura');
  const taxes = r.lines.flatMap((l) => l.taxes);
  const summary = new Map<string, { taxType: string; percentage: Decimal; base: Decimal; amount: Decimal }>();
  for (const t of taxes) {
    const key = `${t.tax_type}|${new Decimal(t.percentage).toString()}`;
    const s = summary.get(key) ?? { taxType: t.tax_type, percentage: new Decimal(t.percentage), base: new Decimal(0), amount: new Decimal(0) };
    summary.set(key, { ...s, base: s.base.plus(t.base), amount: s.amount.plus(t.amount) });
  }
  const original = r.original;
  return {
    ...summaryView(r, r.tags),
    series: r.series,
    provisionalNo: r.provisional_no,
    products: r.lines.map((l) => ({
      id: l.id, lineNo: l.line_no, productId: l.product_id, productName: l.product_name, barcode: l.barcode, description: l.description,
      quantity: n(l.quantity), unitPrice: n(l.unit_price), discounts: l.discounts,
      // Before taxes: the entered price, or the gross over the quantity when it was entered tax-inclusive.
      netUnitPrice: r.prices_include_tax ? new Decimal(l.gross).dividedBy(l.quantity).toDecimalPlaces(8).toNumber() : n(l.unit_price),
      taxes: l.taxes.map((t) => ({
        taxId: t.tax_id, taxType: t.tax_type, percentage: n(t.percentage), exceptionCode: t.exception_code, base: n(t.base), amount: n(t.amount),
      })),
      withholdingCode: l.withholding_code, withholdingRatio: l.withholding_ratio,
      stocks: l.stocks.map((s) => ({ warehouseId: s.warehouse_id, warehouseName: s.warehouse_name, quantity: n(s.quantity) })),
      accountCode: l.account_code, movesStock: l.moves_stock, despatchLineId: l.despatch_line_id, gross: n(l.gross), discount: n(l.discount), documentDiscount: n(l.document_discount),
      taxBase: n(l.tax_base), tax: n(l.tax), withheld: n(l.withheld), total: n(l.total),
      returnsLineId: l.returns_line_id,
      returned: n(l.returned),
    })),
    pricesIncludeTax: r.prices_include_tax,
    returnOf: original ? { id: original.id, documentNo: original.document_no, date: original.invoice_date, invoiceType: original.invoice_type } : null,
    returns: r.returns.map((x) => ({ id: x.id, invoiceType: x.invoice_type, documentNo: x.document_no, date: x.invoice_date, payable: n(x.payable), status: x.status })),
    discounts: r.discounts.map((x) => (x.discount_type === 'PERCENTAGE' ? { type: 'PERCENTAGE', percentage: n(x.percentage), amount: n(x.amount) } : { type: 'AMOUNT', amount: n(x.amount) })),
    payments: r.payments.map((p) => ({
      id: p.id, paymentType: p.payment_type, amount: n(p.amount), date: p.payment_date, safeId: p.safe_id, bankAccountId: p.bank_account_id,
      accountName: p.account_name ?? null, method: p.method,
    })),
    taxSummary: [...summary.values()].sort((a, b) => a.taxType.localeCompare(b.taxType) || a.percentage.cmp(b.percentage))
      .map((s) => ({ taxType: s.taxType, percentage: s.percentage.toNumber(), base: s.base.toNumber(), amount: s.amount.toNumber() })),
    instalments: r.instalment_type ? { type: r.instalment_type, day: r.instalment_day!, count: r.instalment_count! } : null,
    dues: r.dues.map((x) => ({
      id: x.id, invoiceId: id, invoiceType: r.invoice_type, documentNo: r.document_no, currentId: r.current_id, currentName: r.current_name,
      periodNo: x.period_no, dueDate: x.due_date, amount: n(x.amount), paid: n(x.paid), remaining: new Decimal(x.amount).minus(x.paid).toNumber(),
    })),
    entryId: r.entry_id, entryNo: r.entry_no ?? null, itsCancel: r.its_cancel, eInvoiceType: r.e_invoice_type,
    cancelledAt: r.cancelled_at === null ? null : new Date(r.cancelled_at).toISOString(),
  };
}

// --- writing ------------------------------------------------------------------------------------

/** Replaces the invoice's content (lines, their taxes and warehouses, discounts, payments, tags) with what was resolved. */
/** Writes an invoice's content; an edit (`replace`) first removes what it had. */
async function writeContent(d: LedgerDb, companyId: number, id: number, r: Resolved, replace: boolean): Promise<{ payments: { id: number }[] }> {
  if (replace) {
    await d.deleteFrom('invoice_lines').where('company_id', '=', companyId).where('invoice_id', '=', id).execute();
    await d.deleteFrom('invoice_discounts').where('company_id', '=', companyId).where('invoice_id', '=', id).execute();
    await d.deleteFrom('invoice_payments').where('company_id', '=', companyId).where('invoice_id', '=', id).execute();
    await d.deleteFrom('invoice_tags').where('company_id', '=', companyId).where('invoice_id', '=', id).execute();
  }
  const rows = contentRows(companyId, id, r);
  const lines = await d.insertInto('invoice_lines').values(rows.lines).returning(['id', 'line_no']).execute();
  const lineId = (i: number) => lines.find((x) => x.line_no === i + 1)!.id;
  const taxRows = rows.taxes.map(({ line, ...t }) => ({ ...t, line_id: lineId(line) }));
  if (taxRows.length) await d.insertInto('invoice_line_taxes').values(taxRows).execute();
  const stockRows = rows.stocks.map(({ line, ...x }) => ({ ...x, line_id: lineId(line) }));
  if (stockRows.length) await d.insertInto('invoice_stock_lines').values(stockRows).execute();
  if (rows.discounts.length) await d.insertInto('invoice_discounts').values(rows.discounts).execute();
  const payments = rows.payments.length ? await d.insertInto('invoice_payments').values(rows.payments).returning('id').execute() : [];
  await writeTags(d, companyId, id, r);
  // Rows of one multi-row insert take their ids in the order of the values.
  return { payments: payments.map((p) => ({ id: Number(p.id) })).sort((a, b) => a.id - b.id) };
}

/** The rows of an invoice's content as resolved; taxes and warehouses name their line by its index. */
function contentRows(companyId: number, id: number, r: Resolved) {
  return {
    lines: r.lines.map((l, i) => {
      const c = r.totals.lines[i]!;
      return {
        company_id: companyId, invoice_id: id, line_no: i + 1, product_id: l.productId, description: l.description.slice(0, 300), quantity: l.quantity,
        unit_price: c.unitPrice, discounts: JSON.stringify(l.discounts), withholding_code: l.withholding?.code ?? null,
        withholding_ratio: l.withholding ? c.withholdingRatio : null, account_code: l.accountCode, moves_stock: l.movesStock, despatch_line_id: l.despatchLineId, gross: c.gross,
        discount: c.discount, document_discount: c.documentDiscount, tax_base: c.taxBase, tax: c.tax, withheld: c.withheld, total: c.total,
      };
    }),
    taxes: r.lines.flatMap((_, i) => r.totals.lines[i]!.taxes.map((t) => ({
      line: i, company_id: companyId, tax_id: t.taxId, tax_type: t.taxType, percentage: t.percentage, exception_code: t.exceptionCode, base: t.base, amount: t.amount,
    }))),
    stocks: r.lines.flatMap((l, i) => l.stocks.map((s) => ({ line: i, company_id: companyId, warehouse_id: s.warehouseId, quantity: s.quantity }))),
    discounts: r.totals.discounts.map((x, i) => ({ company_id: companyId, invoice_id: id, seq: i + 1, discount_type: x.type, percentage: x.percentage, amount: x.amount })),
    payments: r.payments.map((p) => ({
      company_id: companyId, invoice_id: id, payment_type: p.paymentType, amount: new Decimal(p.amount).toFixed(2), payment_date: p.date,
      safe_id: p.safeId, bank_account_id: p.bankAccountId, method: p.method,
    })),
  };
}

/** The invoice's tags, each one of the company's. */
async function writeTags(d: LedgerDb, companyId: number, id: number, r: Resolved) {
  if (r.tagIds.length) {
    const own = await d.selectFrom('tags').select('id').where('company_id', '=', companyId).where('id', 'in', r.tagIds).execute();
    const missing = r.tagIds.find((t) => !own.some((o) => o.id === t));
    if (missing !== undefined) throw problems.invalidField('tagIds', 'Etiket bulunamadı.', 'TAG_NOT_FOUND');
    await d.insertInto('invoice_tags').values(r.tagIds.map((t) => ({ company_id: companyId, invoice_id: id, tag_id: t }))).execute();
  }
}

/**
 * `insert into <table> (<columns>) values (…), (…)`: a value is a parameter (typed by its column),
 * an `sql` fragment is itself, and undefined is the column's default (as Kysely leaves it out).
 */
export function insertValues(table: string, rows: Record<string, unknown>[], returning?: string) {
  const cols = [...new Set(rows.flatMap((r) => Object.keys(r).filter((c) => r[c] !== undefined)))];
  return sql`insert into ${sql.table(table)} (${sql.join(cols.map((c) => sql.ref(c)))})
    values ${sql.join(rows.map((row) => sql`(${sql.join(cols.map((c) => (row[c] === undefined ? sql`default` : row[c])))})`))}${returning ? sql` returning ${sql.raw(returning)}` : sql``}`;
}

/**
 * A new invoice in ONE statement (data-modifying CTEs): a numbered sale's next number in its
 * series (as nextNumber takes it: the series row stays locked to the commit, so numbers have no
 * gaps), the invoice, its lines, their taxes and warehouses, its discounts and payments; its tags
 * after it (their check reads the company's tags). Answers its id, the number taken and the
 * payments' ids in the order they were given.
 */
async function insertInvoice(d: LedgerDb, companyId: number, login: string | null, r: Resolved): Promise<{ id: number; number: { documentNo: string; seq: number } | null; payments: { id: number }[] }> {
  const numbered = !r.draft && r.invoiceType === 'SALE';
  const year = Number(r.date.slice(0, 4));
  const inv = sql`(select id from inv)`;
  const rows = contentRows(companyId, 0, r);
  const lineId = (i: number) => sql`(select id from lines where line_no = ${i + 1}::int)`;
  const parts = [];
  if (numbered) {
    parts.push(sql`num as (insert into invoice_series (company_id, series, year, last_no) values (${companyId}, ${r.series!}, ${year}, 1)
      on conflict (company_id, series, year) do update set last_no = invoice_series.last_no + 1 returning last_no)`);
  }
  parts.push(sql`inv as (${insertValues('invoices', [{
    company_id: companyId, ...headerOf(r), status: r.draft ? 'DRAFT' : 'POSTED', series: r.series,
    document_no: numbered ? sql`(select ${`${r.series}${year}`}::text || lpad(last_no::text, 9, '0') from num)` : r.documentNo,
    sequence_no: numbered ? sql`(select last_no from num)` : null, created_by: login,
  }], 'id')})`);
  if (rows.lines.length) parts.push(sql`lines as (${insertValues('invoice_lines', rows.lines.map((l) => ({ ...l, invoice_id: inv })), 'id, line_no')})`);
  if (rows.taxes.length) parts.push(sql`taxes as (${insertValues('invoice_line_taxes', rows.taxes.map(({ line, ...t }) => ({ ...t, line_id: lineId(line) })))})`);
  if (rows.stocks.length) parts.push(sql`stocks as (${insertValues('invoice_stock_lines', rows.stocks.map(({ line, ...x }) => ({ ...x, line_id: lineId(line) })))})`);
  if (rows.discounts.length) parts.push(sql`discounts as (${insertValues('invoice_discounts', rows.discounts.map((x) => ({ ...x, invoice_id: inv })))})`);
  if (rows.payments.length) parts.push(sql`pays as (${insertValues('invoice_payments', rows.payments.map((p) => ({ ...p, invoice_id: inv })), 'id')})`);
  const out = (await sql<{ id: number; seq: number | null; payments: (number | string)[] | null }>`with ${sql.join(parts)}
    select inv.id, ${numbered ? sql`(select last_no from num)` : sql`null::int`} as seq,
           ${rows.payments.length ? sql`(select array_agg(id order by id) from pays)` : sql`null::bigint[]`} as payments
      from inv`.execute(d)).rows[0]!;
  const id = Number(out.id);
  let number: { documentNo: string; seq: number } | null = null;
  if (numbered) {
    const seq = Number(out.seq);
    if (seq > 999_999_999) throw problems.conflict(`${r.series} serisinin ${year} numaraları bitti; başka bir seri kullanın.`, 'SERIES_FULL', 'series');
    number = { documentNo: `${r.series}${year}${String(seq).padStart(9, '0')}`, seq };
  }
  await writeTags(d, companyId, id, r);
  // Rows of one multi-row insert take their ids in the order of the values.
  return { id, number, payments: (out.payments ?? []).map((p) => ({ id: Number(p) })) };
}

const amount2 = (v: string) => new Decimal(v).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);

/**
 * What posting a new invoice needs, from what was resolved and just written (no read back): its
 * lines' figures and taxes, the stock lines that move, the payments with their ids, the current's
 * ledger account (opened now on its first use), the safes, bank accounts and ledger accounts the
 * request read, the stock setting and the dues' source.
 */
async function knownInvoice(d: LedgerDb, companyId: number, r: Resolved, paymentIds: { id: number }[]): Promise<KnownInvoice> {
  const lines = r.lines.map((l, i) => {
    const c = r.totals.lines[i]!;
    return {
      account_code: l.accountCode, tax_base: amount2(c.taxBase), withheld: amount2(c.withheld),
      taxes: c.taxes.map((t) => ({ tax_type: t.taxType, amount: amount2(t.amount), base: amount2(t.base), percentage: t.percentage })),
    };
  });
  const stock = r.lines.flatMap((l) => (l.movesStock && l.despatchLineId === null ? l.stocks.map((s) => ({ product_id: l.productId, warehouse_id: s.warehouseId, quantity: s.quantity })) : []))
    .sort((a, b) => a.product_id - b.product_id || a.warehouse_id - b.warehouse_id);
  const payments = r.payments.map((p, i) => ({
    id: paymentIds[i]!.id, payment_type: p.paymentType, amount: new Decimal(p.amount).toFixed(2), payment_date: p.date, safe_id: p.safeId, bank_account_id: p.bankAccountId,
  }));
  return {
    lines, stock, payments, current: await openCurrentAccount(d, companyId, r.refs.current), money: r.refs.money, accounts: r.refs.accounts,
    allowNegative: r.refs.allowNegative,
    dues: {
      current_id: r.currentId, invoice_date: r.date, due_date: r.dueDate, payable: r.totals.payable, paid: r.totals.paid,
      instalment_type: r.instalments?.type ?? null, instalment_day: r.instalments?.day ?? null, instalment_count: r.instalments?.count ?? null,
    },
  };
}

/** A new invoice's payments as `paymentsOf` reads them, from what was resolved and the ids just written (no read back). */
export function writtenPayments(r: Resolved, ids: { id: number }[]) {
  return r.payments.map((p, i) => ({ id: ids[i]!.id, paymentType: p.paymentType, method: p.method, amount: new Decimal(p.amount).toFixed(2), bankAccountId: p.bankAccountId, safeId: p.safeId }));
}

/** The payments an event carries, so a plugin acts on its own methods without reading the accounting tables. */
export async function paymentsOf(d: LedgerDb, companyId: number, invoiceId: number) {
  const rows = await d.selectFrom('invoice_payments').select(['id', 'payment_type', 'method', 'amount', 'bank_account_id', 'safe_id'])
    .where('company_id', '=', companyId).where('invoice_id', '=', invoiceId).where('voided_at', 'is', null).orderBy('id').execute();
  return rows.map((p) => ({ id: p.id, paymentType: p.payment_type, method: p.method, amount: new Decimal(p.amount).toFixed(2), bankAccountId: p.bank_account_id, safeId: p.safe_id }));
}

const headerOf = (r: Resolved) => ({
  invoice_type: r.invoiceType, current_id: r.currentId, invoice_date: r.date, due_date: r.dueDate, currency_id: r.currencyId,
  conversion_rate: r.conversionRate, prices_include_tax: r.pricesIncludeTax, explanation: r.explanation, subtotal: r.totals.subtotal, total_discount: r.totals.totalDiscount,
  tax_base: r.totals.taxBase, total_tax: r.totals.totalTax, withheld: r.totals.withheld, total_amount: r.totals.totalAmount, payable: r.totals.payable,
  paid: r.totals.paid, instalment_type: r.instalments?.type ?? null, instalment_day: r.instalments?.day ?? null, instalment_count: r.instalments?.count ?? null,
});

/** The next number of a sale's series in its year, in GİB's form (TZG2026000000001). */
export async function nextNumber(d: LedgerDb, companyId: number, series: string, date: string): Promise<{ documentNo: string; seq: number }> {
  const year = Number(date.slice(0, 4));
  const r = await d.insertInto('invoice_series').values({ company_id: companyId, series, year, last_no: 1 })
    .onConflict((oc) => oc.columns(['company_id', 'series', 'year']).doUpdateSet({ last_no: sql`invoice_series.last_no + 1` }))
    .returning('last_no').executeTakeFirstOrThrow();
  const seq = Number(r.last_no);
  if (seq > 999_999_999) throw problems.conflict(`${series} serisinin ${year} numaraları bitti; başka bir seri kullanın.`, 'SERIES_FULL', 'series');
  return { documentNo: `${series}${year}${String(seq).padStart(9, '0')}`, seq };
}

export async function postable(d: LedgerDb, companyId: number, id: number): Promise<PostableInvoice> {
  return d.selectFrom('invoices').select(['id', 'invoice_type', 'current_id', 'invoice_date', 'document_no', 'currency_id', 'conversion_rate', 'payable', 'explanation'])
    .where('company_id', '=', companyId).where('id', '=', id).executeTakeFirstOrThrow() as Promise<PostableInvoice>;
}

export async function companyPrefix(d: LedgerDb, companyId: number): Promise<string | null> {
  const c = await d.selectFrom('companies').select('invoice_prefix').where('id', '=', companyId).executeTakeFirst();
  return c?.invoice_prefix ?? null;
}

/** A BUYING invoice's supplier number, once per supplier (a cancelled one does not count). */
async function assertSupplierNumberFree(d: LedgerDb, companyId: number, r: Resolved, exceptId: number | null) {
  if (r.invoiceType !== 'BUYING' || !r.documentNo) return;
  let q = d.selectFrom('invoices').select('id').where('company_id', '=', companyId).where('invoice_type', '=', 'BUYING')
    .where('current_id', '=', r.currentId).where('document_no', '=', r.documentNo).where('status', '<>', 'CANCELLED');
  if (exceptId !== null) q = q.where('id', '<>', exceptId);
  if (await q.executeTakeFirst()) {
    throw problems.invalidField('documentNo', `Bu tedarikçinin ${r.documentNo} numaralı faturası zaten girilmiş.`, 'DOCUMENT_NO_TAKEN');
  }
}

/**
 * Writes a new invoice and, unless a draft, posts it: number, content, stock, entry, payments —
 * in the caller's transaction. Used by POST /invoices, /cash/invoices and the demo data.
 */
export async function writeInvoice(d: LedgerDb, companyId: number, login: string | null, b: InvoiceBody, methods: readonly PaymentMethod[] = []): Promise<{ id: number; resolved: Resolved; documentNo: string | null; payments: { id: number }[] }> {
  const r = await resolveInvoice(d, companyId, b, undefined, methods);
  await assertSupplierNumberFree(d, companyId, r, null);
  const { id, number, payments: written } = await insertInvoice(d, companyId, login, r);
  let payments: { id: number }[] = written;
  if (!r.draft) {
    const documentNo = number?.documentNo ?? r.documentNo;
    const inv: PostableInvoice = {
      id, invoice_type: r.invoiceType, current_id: r.currentId, invoice_date: r.date, document_no: documentNo, currency_id: r.currencyId,
      conversion_rate: r.conversionRate, payable: r.totals.payable, explanation: r.explanation,
    };
    const known = await knownInvoice(d, companyId, r, written);
    await postInvoice(d, companyId, inv, login, known);
    payments = known.payments;
  }
  return { id, resolved: r, documentNo: number?.documentNo ?? r.documentNo, payments };
}

async function create(ctx: RequestContext, b: InvoiceBody) {
  const auth = requireAuth(ctx);
  must(ctx, b.invoiceType, ACTION.CREATE);
  const d = db(ctx);
  const { id, resolved: r, documentNo, payments } = await writeInvoice(d, auth.companyId, auth.login, b, paymentMethods(ctx.services));
  if (!r.draft) ctx.emit('accounting.invoice.posted', { invoiceId: id, invoiceType: r.invoiceType, payments: writtenPayments(r, payments) });
  ctx.audit({ action: r.draft ? 'accounting.invoice.drafted' : 'accounting.invoice.posted', entity: 'invoice', entityId: id, detail: { documentNo } });
  ctx.setStatus(201);
  return invoiceView(d, auth.companyId, id);
}

const createInvoice: Handler = (ctx) => create(ctx, ctx.body as InvoiceBody);

/** POST /cash/invoices: a sale whose whole payable is paid in cash into a safe, posted at once. */
const createCashInvoice: Handler = async (ctx) => {
  const b = ctx.body as Omit<InvoiceBody, 'invoiceType' | 'payments' | 'draft'> & { safeId?: number | null };
  const { safeId, ...content } = b;
  return create(ctx, {
    ...content, invoiceType: 'SALE', draft: false,
    payments: [{ paymentType: 'CASH', amount: null, date: b.date, safeId: safeId ?? null }],
  });
};

const updateInvoice: Handler = async (ctx) => update(ctx, ctx.body as InvoiceBody & { id: number });

async function update(ctx: RequestContext, b: InvoiceBody & { id: number }) {
  const auth = requireAuth(ctx);
  const d = db(ctx);
  const before = await d.selectFrom('invoices').select(['id', 'invoice_type', 'status', 'document_no', 'series', 'sequence_no', 'invoice_date'])
    .where('company_id', '=', auth.companyId).where('id', '=', b.id).forUpdate().executeTakeFirst();
  if (!before) throw problems.notFound('Fatura');
  must(ctx, before.invoice_type, ACTION.UPDATE);
  if (isReturn(before.invoice_type)) throw problems.conflict('İade faturası değiştirilemez; iadeyi iptal edip yeniden oluşturun.', 'RETURN_NOT_EDITABLE');
  if (b.invoiceType !== before.invoice_type) throw problems.invalidField('invoiceType', 'Faturanın yönü (satış / alış) değiştirilemez.', 'INVOICE_TYPE_FIXED');
  if (before.status === 'CANCELLED') throw problems.conflict('İptal edilmiş fatura değiştirilemez.', 'INVOICE_CANCELLED');
  if (before.status === 'POSTED' && b.draft) throw problems.invalidField('draft', 'Kesilmiş fatura taslağa döndürülemez; iptal edin.', 'INVOICE_POSTED');
  if (before.status === 'POSTED') await assertNotLocked(ctx.services, d, auth.companyId, b.id);
  if (before.status === 'POSTED') await assertNoLiveReturns(d, auth.companyId, b.id, 'edit');
  const r = await resolveInvoice(d, auth.companyId, b, await companyPrefix(d, auth.companyId), paymentMethods(ctx.services));
  await assertSupplierNumberFree(d, auth.companyId, r, b.id);
  const today = todayOf(ctx);
  let number: { documentNo: string | null; series: string | null; seq: number | string | null } = { documentNo: r.documentNo, series: r.series, seq: null };
  let released: { transactionId: number; amount: string }[] = [];
  if (before.status === 'POSTED') {
    // Its postings are reversed with the content they were made from, then it is posted as it now reads.
    released = await unpostInvoice(d, auth.companyId, await postable(d, auth.companyId, b.id), auth.login, today, 'Düzeltme');
    if (r.invoiceType === 'SALE') {
      if (r.date.slice(0, 4) !== before.invoice_date.slice(0, 4)) throw problems.invalidField('date', 'Kesilmiş bir satış faturasının tarihi başka bir yıla taşınamaz.', 'YEAR_CHANGED');
      number = { documentNo: before.document_no, series: before.series, seq: before.sequence_no };
    }
  } else if (!r.draft && r.invoiceType === 'SALE') {
    const next = await nextNumber(d, auth.companyId, r.series!, r.date);
    number = { documentNo: next.documentNo, series: r.series, seq: next.seq };
  }
  await d.updateTable('invoices').set({
    ...headerOf(r), status: r.draft ? 'DRAFT' : 'POSTED', document_no: number.documentNo, series: number.series, sequence_no: number.seq,
    entry_id: null, updated_at: new Date(),
  }).where('company_id', '=', auth.companyId).where('id', '=', b.id).execute();
  await writeContent(d, auth.companyId, b.id, r, true);
  if (!r.draft) {
    await postInvoice(d, auth.companyId, await postable(d, auth.companyId, b.id), auth.login);
    // Collections that were allocated to it are spread again over its new dues (what no longer
    // fits, or belongs to another current now, stays on the current's account as an advance).
    for (const x of released) {
      const tx = await d.selectFrom('money_transactions').select(['current_id', 'currency_id']).where('company_id', '=', auth.companyId).where('id', '=', x.transactionId).executeTakeFirst();
      if (tx?.current_id === r.currentId) await allocate(d, auth.companyId, { transactionId: x.transactionId, currentId: r.currentId, type: r.invoiceType, amount: x.amount, currencyId: tx.currency_id, invoiceId: b.id, by: auth.login });
    }
    ctx.emit(before.status === 'POSTED' ? 'accounting.invoice.updated' : 'accounting.invoice.posted', { invoiceId: b.id, invoiceType: r.invoiceType, payments: await paymentsOf(d, auth.companyId, b.id) });
  }
  return invoiceView(d, auth.companyId, b.id);
}

/** POST /pos-device/invoices: a sale paid in full by card on a POS device, into its POS bank account. */
const createPosDeviceInvoice: Handler = async (ctx) => {
  const b = ctx.body as Omit<InvoiceBody, 'invoiceType' | 'payments' | 'draft'> & { bankAccountId?: number | null };
  const auth = requireAuth(ctx);
  const d = db(ctx);
  const { bankAccountId, ...content } = b;
  let account = bankAccountId ?? null;
  if (account === null) {
    const pos = await d.selectFrom('bank_accounts').select('id').where('company_id', '=', auth.companyId).where('account_type', '=', 'POS')
      .where('currency_id', '=', b.currencyId ?? 1).orderBy('id').limit(1).executeTakeFirst();
    if (!pos) throw problems.invalidField('bankAccountId', 'Bu para biriminde POS banka hesabı yok; önce bir POS hesabı açın.', 'POS_ACCOUNT_REQUIRED');
    account = pos.id;
  }
  return create(ctx, {
    ...content, invoiceType: 'SALE', draft: false,
    payments: [{ paymentType: 'CREDIT_CARD', amount: null, date: b.date, bankAccountId: account }],
  });
};

/** PUT /invoices-list: many invoices in the request's one transaction; the first refusal names its item. */
const saveInvoiceList: Handler = async (ctx) => {
  const items = ctx.body as (InvoiceBody & { id?: number })[];
  const out: unknown[] = [];
  for (const [i, item] of items.entries()) {
    try {
      out.push(item.id === undefined ? await create(ctx, item) : await update(ctx, item as InvoiceBody & { id: number }));
    } catch (e) {
      if (e instanceof Problem) {
        throw new Problem(e.status, e.title, {
          detail: `${i + 1}. fatura: ${e.detail ?? e.title}`, ...(e.code ? { code: e.code } : {}),
          ...(e.fieldErrors ? { fieldErrors: e.fieldErrors.map((f) => ({ ...f, field: `${i}.${f.field}` })) } : {}),
        });
      }
      throw e;
    }
  }
  ctx.setStatus(200);
  return out;
};

const getInvoice: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const r = await invoiceRow(db(ctx), auth.companyId, idParam(ctx));
  if (!r) throw problems.notFound('Fatura');
  must(ctx, r.invoice_type, ACTION.VIEW);
  return invoiceView(db(ctx), auth.companyId, r.id);
};

const deleteInvoice: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const d = db(ctx);
  const r = await d.selectFrom('invoices').select(['id', 'invoice_type', 'status']).where('company_id', '=', auth.companyId).where('id', '=', idParam(ctx)).forUpdate().executeTakeFirst();
  if (!r) throw problems.notFound('Fatura');
  must(ctx, r.invoice_type, ACTION.DELETE);
  if (r.status !== 'DRAFT') {
    throw new Problem(409, 'Fatura silinemez', { detail: 'Kesilmiş fatura silinemez; iptal edin.', code: r.status === 'POSTED' ? 'INVOICE_POSTED' : 'INVOICE_CANCELLED' });
  }
  await d.deleteFrom('invoices').where('company_id', '=', auth.companyId).where('id', '=', r.id).execute();
  ctx.setStatus(204);
  return null;
};

const cancelInvoice: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const p = ctx.params as { id: number; itsCancel: boolean; eInvoiceType: string };
  const d = db(ctx);
  // The invoice locked, with what unposting it needs of it and its current's name (the returns
  // are read after the lock, in a statement of their own, so a return committed meanwhile is seen).
  const r = await d.selectFrom('invoices as i').innerJoin('currents as c', (j) => j.onRef('c.company_id', '=', 'i.company_id').onRef('c.id', '=', 'i.current_id'))
    .select(['i.id', 'i.invoice_type', 'i.status', 'i.current_id', 'i.invoice_date', 'i.document_no', 'i.currency_id', 'i.conversion_rate', 'i.payable', 'i.explanation', 'c.name as current_name'])
    .where('i.company_id', '=', auth.companyId).where('i.id', '=', p.id).forUpdate('i').executeTakeFirst();
  if (!r) throw problems.notFound('Fatura');
  must(ctx, r.invoice_type, ACTION.CANCEL, ACTION.DELETE);
  if (r.status === 'CANCELLED') throw problems.conflict('Fatura zaten iptal edilmiş.', 'INVOICE_CANCELLED');
  if (r.status === 'DRAFT') throw problems.conflict('Taslak fatura iptal edilmez; silin.', 'INVOICE_DRAFT');
  await assertNoLiveReturns(d, auth.companyId, r.id, 'cancel');
  const today = todayOf(ctx);
  const { status: _s, current_name: currentName, ...inv } = r;
  await unpostInvoice(d, auth.companyId, inv as PostableInvoice, auth.login, today, 'Fatura iptali', currentName);
  await runCancelling(ctx.services, d, auth.companyId, { invoiceId: r.id, invoiceType: r.invoice_type, itsCancel: !!p.itsCancel, login: auth.login, at: ctx.services.now() });
  await d.updateTable('invoices').set({
    status: 'CANCELLED', paid: 0, its_cancel: p.itsCancel, e_invoice_type: p.eInvoiceType, cancelled_at: ctx.services.now(), cancelled_by: auth.login, updated_at: ctx.services.now(),
  }).where('company_id', '=', auth.companyId).where('id', '=', r.id).execute();
  ctx.emit('accounting.invoice.cancelled', { invoiceId: r.id, invoiceType: r.invoice_type, itsCancel: p.itsCancel, eInvoiceType: p.eInvoiceType });
  ctx.audit({ action: 'accounting.invoice.cancelled', entity: 'invoice', entityId: r.id, detail: { itsCancel: p.itsCancel, eInvoiceType: p.eInvoiceType } });
  return invoiceView(d, auth.companyId, r.id);
};

// --- lists --------------------------------------------------------------------------------------

interface ListQuery {
  invoiceType?: InvoiceKind; status?: string; paymentStatus?: 'PAID' | 'PARTIAL' | 'UNPAID'; currentId?: number; startDate?: string; endDate?: string;
  tagId?: number; search?: string;
}

function filtered(ctx: RequestContext) {
  const auth = requireAuth(ctx);
  const q = (ctx.query ?? {}) as ListQuery;
  const types = visibleTypes(auth);
  if (q.invoiceType && !types.includes(q.invoiceType)) must(ctx, q.invoiceType, ACTION.VIEW);
  let base = invoices(db(ctx), auth.companyId).where('i.invoice_type', 'in', q.invoiceType ? [q.invoiceType] : types);
  if (q.status) base = base.where('i.status', '=', q.status as 'POSTED');
  if (q.currentId !== undefined) base = base.where('i.current_id', '=', q.currentId);
  if (q.startDate) base = base.where('i.invoice_date', '>=', q.startDate);
  if (q.endDate) base = base.where('i.invoice_date', '<=', q.endDate);
  if (q.tagId !== undefined) {
    base = base.where((eb) => eb.exists(eb.selectFrom('invoice_tags as it').select('it.tag_id')
      .whereRef('it.company_id', '=', 'i.company_id').whereRef('it.invoice_id', '=', 'i.id').where('it.tag_id', '=', q.tagId!)));
  }
  if (q.paymentStatus === 'PAID') base = base.where(sql<boolean>`i.paid >= i.payable`);
  if (q.paymentStatus === 'PARTIAL') base = base.where(sql<boolean>`i.paid > 0 and i.paid < i.payable`);
  if (q.paymentStatus === 'UNPAID') base = base.where(sql<boolean>`i.paid = 0 and i.payable > 0`);
  if (q.paymentStatus) base = base.where('i.status', '=', 'POSTED');
  const search = q.search?.trim();
  if (search) {
    const like = likePattern(search);
    base = base.where((eb) => eb.or([eb('i.document_no', 'ilike', like), eb('i.explanation', 'ilike', like), eb(sql<string>`concat_ws(' ', cr.name, cr.last_name)`, 'ilike', like)]));
  }
  return base;
}

const SORTS = { id: sql`i.id`, date: sql`i.invoice_date`, documentNo: sql`i.document_no`, totalAmount: sql`i.total_amount`, payable: sql`i.payable`, remaining: sql`(i.payable - i.paid)` } as const;

async function summaries(d: LedgerDb, companyId: number, rows: SummaryRow[]) {
  const tags = await tagsOf(d, companyId, rows.map((r) => r.id));
  return rows.map((r) => summaryView(r, tags.get(r.id) ?? []));
}

const listInvoices: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const p = pageRequest(ctx, ['date', 'desc']);
  const base = filtered(ctx);
  const total = Number((await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  let rows = withCurrentName(base.select(SUMMARY_COLUMNS));
  for (const [f, dir] of p.sort) rows = rows.orderBy(SORTS[f as keyof typeof SORTS] ?? sql`i.id`, dir);
  const page = await rows.orderBy('i.id', 'desc').limit(p.size).offset(p.offset).execute() as SummaryRow[];
  return pageResult(ctx, await summaries(db(ctx), auth.companyId, page), total);
};

const countInvoices: Handler = async (ctx) => {
  const r = await filtered(ctx).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return { count: Number(r.n) };
};

const invoicesByDateRange: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const q = (ctx.query ?? {}) as ListQuery;
  if (!q.startDate || !q.endDate) throw new Problem(400, 'Tarih aralığı boş', { detail: 'Invoice date range empty', code: 'DATE_RANGE_EMPTY' });
  if (q.endDate < q.startDate) throw problems.invalidField('endDate', 'Bitiş tarihi başlangıçtan önce olamaz.', 'DATE_RANGE');
  const rows = await withCurrentName(filtered(ctx).select(SUMMARY_COLUMNS)).where('i.status', '=', 'POSTED')
    .orderBy('i.invoice_date').orderBy('i.id').limit(1000).execute() as SummaryRow[];
  if (!rows.length) throw new Problem(404, 'Fatura yok', { detail: 'No invoice found in the given date range', code: 'NO_INVOICE_IN_RANGE' });
  return summaries(db(ctx), auth.companyId, rows);
};

const lastInvoice: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const r = await withCurrentName(invoices(db(ctx), auth.companyId).select(SUMMARY_COLUMNS)).where('i.invoice_type', '=', 'SALE')
    .where('i.status', '<>', 'DRAFT').orderBy('i.invoice_date', 'desc').orderBy('i.sequence_no', 'desc').orderBy('i.id', 'desc').limit(1).executeTakeFirst() as SummaryRow | undefined;
  if (!r) throw problems.notFound('Satış faturası');
  return (await summaries(db(ctx), auth.companyId, [r]))[0];
};

const invoicePrescriptions: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const r = await db(ctx).selectFrom('invoices').select(['id', 'invoice_type']).where('company_id', '=', auth.companyId).where('id', '=', idParam(ctx)).executeTakeFirst();
  if (!r) throw problems.notFound('Fatura');
  must(ctx, r.invoice_type, ACTION.VIEW);
  // The pharmacy plugin links prescriptions to invoices; until it does there are none.
  return [];
};

const getStockSettings: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const r = await db(ctx).selectFrom('stock_settings').select('allow_negative').where('company_id', '=', auth.companyId).executeTakeFirst();
  return { allowNegative: r?.allow_negative ?? false };
};

const updateStockSettings: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const { allowNegative } = ctx.body as { allowNegative: boolean };
  await db(ctx).insertInto('stock_settings').values({ company_id: auth.companyId, allow_negative: allowNegative, updated_at: new Date() })
    .onConflict((oc) => oc.column('company_id').doUpdateSet({ allow_negative: allowNegative, updated_at: new Date() })).execute();
  return { allowNegative };
};

export const invoiceHandlers: Record<string, Handler> = {
  listInvoices, createInvoice, updateInvoice, createPosDeviceInvoice, saveInvoiceList, countInvoices, getInvoice, deleteInvoice, cancelInvoice, createCashInvoice, invoicesByDateRange,
  lastInvoice, invoicePrescriptions, getStockSettings, updateStockSettings,
};
