import Decimal from 'decimal.js';
import { sql, type RawBuilder } from 'kysely';
import type { LedgerDb } from '../ledger/accounts';

/**
 * The reports' SQL (issue 10). Every figure is summed by the database as numeric and read as text
 * into decimal.js: nothing passes through a float. Amounts are lira: an invoice's figures × its
 * conversion rate, rounded to the kuruş per invoice (a lira invoice's rate is 1). Nothing here
 * writes.
 */

export type InvoiceType = 'SALE' | 'BUYING';

const D = (v: string | number | null | undefined) => new Decimal(v ?? 0);

/**
 * An invoice figure in lira: as it is for a lira invoice (most of them: no numeric product to
 * compute, which the embedded engine feels on a year's rows), else × the rate, rounded.
 */
const lira = (col: string, alias = 'i') => sql`case when ${sql.ref(`${alias}.currency_id`)} = 1 then ${sql.ref(`${alias}.${col}`)} else round(${sql.ref(`${alias}.${col}`)} * ${sql.ref(`${alias}.conversion_rate`)}, 2) end`;

/** An amount of invoice `alias`'s currency in lira (as `lira`, for an expression). */
const inLira = (expr: RawBuilder<unknown>, alias = 'i') => sql`case when ${sql.ref(`${alias}.currency_id`)} = 1 then ${expr} else round(${expr} * ${sql.ref(`${alias}.conversion_rate`)}, 2) end`;

/** `name last_name` as the current is called. */
const currentName = sql<string>`btrim(c.name || coalesce(' ' || c.last_name, ''))`;

/** The day a timestamp falls on in Türkiye (UTC+3 all year since 2016). */
export const istanbulDay = (col: RawBuilder<unknown>) => sql`((${col} at time zone 'UTC') + interval '3 hours')::date`;

export interface InvoiceRow {
  id: number; invoiceType: InvoiceType; status: string; documentNo: string | null; date: string; currentId: number; currentName: string;
  taxBase: Decimal; totalTax: Decimal; totalAmount: Decimal; paid: Decimal; remaining: Decimal; cancelledAt: string | null; cancelledBy: string | null;
}

export interface InvoiceTotals { invoiceCount: number; taxBase: Decimal; totalTax: Decimal; totalAmount: Decimal; paid: Decimal; remaining: Decimal }

/** Which invoices a list holds: posted ones of a range by invoice date, or cancelled sales by the day they were cancelled. */
export interface InvoiceFilter { types: InvoiceType[]; start: string; end: string; cancelled?: boolean }

function where(companyId: number, f: InvoiceFilter) {
  return f.cancelled
    ? sql`i.company_id = ${companyId} and i.invoice_type = any(${f.types}::text[]) and i.status = 'CANCELLED'
          and ${istanbulDay(sql`i.cancelled_at`)} between ${f.start}::date and ${f.end}::date`
    : sql`i.company_id = ${companyId} and i.invoice_type = any(${f.types}::text[]) and i.status = 'POSTED'
          and i.invoice_date between ${f.start}::date and ${f.end}::date`;
}

const totalsOf = (r: { n: number; b: string; t: string; a: string; p: string }): InvoiceTotals => ({
  invoiceCount: r.n, taxBase: D(r.b), totalTax: D(r.t), totalAmount: D(r.a), paid: D(r.p), remaining: D(r.a).minus(D(r.p)),
});

/** The totals of every invoice the filter holds, per direction. */
export async function invoiceTotals(db: LedgerDb, companyId: number, f: InvoiceFilter): Promise<Record<InvoiceType, InvoiceTotals>> {
  const r = await sql<{ type: InvoiceType; n: number; b: string; t: string; a: string; p: string }>`
    select i.invoice_type as type, count(*)::int as n, sum(${lira('tax_base')})::text as b, sum(${lira('total_tax')})::text as t,
           sum(${lira('total_amount')})::text as a, sum(${lira('paid')})::text as p
      from invoices i where ${where(companyId, f)} group by i.invoice_type`.execute(db);
  const zero = { n: 0, b: '0', t: '0', a: '0', p: '0' };
  const by = new Map(r.rows.map((x) => [x.type, x]));
  return { SALE: totalsOf(by.get('SALE') ?? zero), BUYING: totalsOf(by.get('BUYING') ?? zero) };
}

export function addTotals(a: InvoiceTotals, b: InvoiceTotals): InvoiceTotals {
  return {
    invoiceCount: a.invoiceCount + b.invoiceCount, taxBase: a.taxBase.plus(b.taxBase), totalTax: a.totalTax.plus(b.totalTax),
    totalAmount: a.totalAmount.plus(b.totalAmount), paid: a.paid.plus(b.paid), remaining: a.remaining.plus(b.remaining),
  };
}

/**
 * One page of the invoices the filter holds, by date (or cancellation) then id; `limit` null for
 * all of them. With both directions each direction's first `offset + limit` rows come from its own
 * index range and are merged, so the first pages of a year never sort the year's invoices.
 */
export async function invoiceRows(db: LedgerDb, companyId: number, f: InvoiceFilter, page: { limit: number | null; offset: number }): Promise<InvoiceRow[]> {
  const order = f.cancelled ? sql`cancelled_at, id` : sql`invoice_date, id`;
  const paging = page.limit === null ? sql`` : sql`limit ${page.limit} offset ${page.offset}`;
  const part = (type: InvoiceType) => sql`(select * from invoices i where ${where(companyId, { ...f, types: [type] })} order by ${order}
    ${page.limit === null ? sql`` : sql`limit ${page.offset + page.limit}`})`;
  const picked = f.types.length === 1 ? part(f.types[0]!) : sql.join(f.types.map(part), sql` union all `);
  const r = await sql<{
    id: number; type: InvoiceType; status: string; no: string | null; date: string; cid: number; cname: string;
    b: string; t: string; a: string; p: string; cat: string | null; cby: string | null;
  }>`
    select i.id, i.invoice_type as type, i.status, i.document_no as no, i.invoice_date::text as date, i.current_id as cid, ${currentName} as cname,
           ${lira('tax_base')}::text as b, ${lira('total_tax')}::text as t, ${lira('total_amount')}::text as a, ${lira('paid')}::text as p,
           to_char(i.cancelled_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as cat, i.cancelled_by as cby
      from (select * from (${picked}) x order by ${order} ${paging}) i
      join currents c on c.company_id = i.company_id and c.id = i.current_id
     order by ${f.cancelled ? sql`i.cancelled_at, i.id` : sql`i.invoice_date, i.id`}`.execute(db);
  return r.rows.map((x) => ({
    id: x.id, invoiceType: x.type, status: x.status, documentNo: x.no, date: x.date, currentId: x.cid, currentName: x.cname,
    taxBase: D(x.b), totalTax: D(x.t), totalAmount: D(x.a), paid: D(x.p), remaining: D(x.a).minus(D(x.p)), cancelledAt: x.cat, cancelledBy: x.cby,
  }));
}

// --- sale totals --------------------------------------------------------------------------------

export interface SaleTotal { period: string; invoiceCount: number; taxBase: Decimal; totalTax: Decimal; totalAmount: Decimal }

/**
 * Posted sales of a range grouped by `unit` ('day' or 'month'); periods without a sale are left
 * out (the handler fills them).
 */
export async function saleTotals(db: LedgerDb, companyId: number, start: string, end: string, unit: 'day' | 'month'): Promise<SaleTotal[]> {
  const key = unit === 'day' ? sql`i.invoice_date::text` : sql`to_char(i.invoice_date, 'YYYY-MM')`;
  const r = await sql<{ k: string; n: number; b: string; t: string; a: string }>`
    select ${key} as k, count(*)::int as n, sum(${lira('tax_base')})::text as b, sum(${lira('total_tax')})::text as t, sum(${lira('total_amount')})::text as a
      from invoices i
     where i.company_id = ${companyId} and i.invoice_type = 'SALE' and i.status = 'POSTED' and i.invoice_date between ${start}::date and ${end}::date
     group by 1 order by 1`.execute(db);
  return r.rows.map((x) => ({ period: x.k, invoiceCount: x.n, taxBase: D(x.b), totalTax: D(x.t), totalAmount: D(x.a) }));
}

/** A range's sales by payment type: the inline payments in lira and the rest left open (OPEN_ACCOUNT). */
export async function salesByPaymentType(db: LedgerDb, companyId: number, start: string, end: string): Promise<Map<string, { count: number; amount: Decimal }>> {
  const r = await sql<{ type: string; n: number; a: string }>`
    with s as (
      select i.id, i.currency_id, i.conversion_rate, i.payable from invoices i
       where i.company_id = ${companyId} and i.invoice_type = 'SALE' and i.status = 'POSTED' and i.invoice_date between ${start}::date and ${end}::date
    ), p as (
      select p.invoice_id, p.payment_type, sum(p.amount) as amount from invoice_payments p
       where p.company_id = ${companyId} and p.payment_type <> 'OPEN_ACCOUNT' and p.voided_at is null and p.invoice_id in (select id from s)
       group by 1, 2
    ), paid as (select invoice_id, sum(amount) as amount from p group by 1)
    select x.payment_type as type, count(*)::int as n, sum(${lira('amount', 'x')})::text as a
      from (select p.payment_type, p.amount, s.currency_id, s.conversion_rate from p join s on s.id = p.invoice_id) x
     group by 1
    union all
    select 'OPEN_ACCOUNT', count(*)::int, coalesce(sum(${lira('amount', 'x')}), 0)::text
      from (select s.payable - coalesce(paid.amount, 0) as amount, s.currency_id, s.conversion_rate from s left join paid on paid.invoice_id = s.id) x
     where x.amount > 0`.execute(db);
  return new Map(r.rows.filter((x) => x.n > 0).map((x) => [x.type, { count: x.n, amount: D(x.a) }]));
}

// --- aging of dues ------------------------------------------------------------------------------

export interface Aging { notDue: Decimal; days0to30: Decimal; days31to60: Decimal; days61to90: Decimal; over90: Decimal; total: Decimal }
export const zeroAging = (): Aging => ({ notDue: D(0), days0to30: D(0), days31to60: D(0), days61to90: D(0), over90: D(0), total: D(0) });
export function addAging(a: Aging, b: Aging): Aging {
  return {
    notDue: a.notDue.plus(b.notDue), days0to30: a.days0to30.plus(b.days0to30), days31to60: a.days31to60.plus(b.days31to60),
    days61to90: a.days61to90.plus(b.days61to90), over90: a.over90.plus(b.over90), total: a.total.plus(b.total),
  };
}

export interface CollectionRow { currentId: number; currentName: string; receivable: Aging; payable: Aging }

/**
 * The open rest of every posted invoice's dues (amount − paid, in lira) per current on `date`:
 * not yet due (due after the day), else by days past due — 0–30, 31–60, 61–90, over 90. Dues
 * of invoices dated after the day are not yet owed and are left out.
 */
export async function collectionAnalysis(db: LedgerDb, companyId: number, date: string): Promise<CollectionRow[]> {
  const r = await sql<{ cid: number; cname: string; type: InvoiceType; nd: string; a1: string; a2: string; a3: string; a4: string }>`
    with open as (
      select d.current_id, i.invoice_type, ${date}::date - d.due_date as late, ${inLira(sql`(d.amount - d.paid)`)} as rest
        from invoice_dues d join invoices i on i.company_id = d.company_id and i.id = d.invoice_id
       where d.company_id = ${companyId} and d.paid < d.amount and i.status = 'POSTED' and i.invoice_date <= ${date}::date
    )
    select o.current_id as cid, ${currentName} as cname, o.invoice_type as type,
           coalesce(sum(rest) filter (where late < 0), 0)::text as nd,
           coalesce(sum(rest) filter (where late between 0 and 30), 0)::text as a1,
           coalesce(sum(rest) filter (where late between 31 and 60), 0)::text as a2,
           coalesce(sum(rest) filter (where late between 61 and 90), 0)::text as a3,
           coalesce(sum(rest) filter (where late > 90), 0)::text as a4
      from open o join currents c on c.company_id = ${companyId} and c.id = o.current_id
     group by o.current_id, c.name, c.last_name, o.invoice_type`.execute(db);
  const rows = new Map<number, CollectionRow>();
  for (const x of r.rows) {
    const row = rows.get(x.cid) ?? { currentId: x.cid, currentName: x.cname, receivable: zeroAging(), payable: zeroAging() };
    const a: Aging = { notDue: D(x.nd), days0to30: D(x.a1), days31to60: D(x.a2), days61to90: D(x.a3), over90: D(x.a4), total: D(0) };
    a.total = a.notDue.plus(a.days0to30).plus(a.days31to60).plus(a.days61to90).plus(a.over90);
    if (x.type === 'SALE') row.receivable = a; else row.payable = a;
    rows.set(x.cid, row);
  }
  return [...rows.values()].sort((a, b) => a.currentName.localeCompare(b.currentName, 'tr') || a.currentId - b.currentId);
}

// --- the day's activity ---------------------------------------------------------------------------

export interface Count { count: number; amount: Decimal }
export interface MoneyRow { kind: 'SAFE' | 'BANK_ACCOUNT'; id: number; name: string; accountCode: string; balance: Decimal }

/**
 * What money came in from and went out to currents on a day: collections and payments (money
 * transactions neither reversed nor reversals) and the money paid on the day's own invoices
 * (cash, card and portal payments written on them).
 */
export async function moneyOfDay(db: LedgerDb, companyId: number, date: string): Promise<{ collections: Count; payments: Count }> {
  const r = await sql<{ dir: string; n: number; a: string }>`
    select dir, count(*)::int as n, coalesce(sum(a), 0)::text as a from (
      select case when t.type = 'COLLECTION' then 'IN' else 'OUT' end as dir, t.lira_amount as a
        from money_transactions t
       where t.company_id = ${companyId} and t.transaction_date = ${date}::date and t.type in ('COLLECTION', 'PAYMENT') and t.current_id is not null
         and t.reverses_id is null
         and not exists (select 1 from money_transactions r where r.company_id = t.company_id and r.reverses_id = t.id)
      union all
      select case when i.invoice_type = 'SALE' then 'IN' else 'OUT' end, ${inLira(sql`p.amount`)}
        from invoice_payments p join invoices i on i.company_id = p.company_id and i.id = p.invoice_id
       where p.company_id = ${companyId} and p.payment_date = ${date}::date and i.status = 'POSTED' and p.voided_at is null and p.payment_type in ('CASH', 'CREDIT_CARD', 'PORTAL_CASH')
    ) x group by dir`.execute(db);
  const by = new Map(r.rows.map((x) => [x.dir, { count: x.n, amount: D(x.a) }]));
  return { collections: by.get('IN') ?? { count: 0, amount: D(0) }, payments: by.get('OUT') ?? { count: 0, amount: D(0) } };
}

/** Every safe and bank account with its balance in lira at the end of `date` (from the books' daily sums). */
export async function moneyAt(db: LedgerDb, companyId: number, date: string): Promise<MoneyRow[]> {
  const r = await sql<{ kind: 'SAFE' | 'BANK_ACCOUNT'; id: number; name: string; code: string; b: string }>`
    select m.kind, m.id, m.name, m.code,
           coalesce((select sum(d.debit - d.credit) from ledger_daily d where d.company_id = ${companyId} and d.account_code = m.code and d.day <= ${date}::date), 0)::text as b
      from (select 'SAFE' as kind, s.id, s.name, s.account_code as code from safes s where s.company_id = ${companyId}
            union all
            select 'BANK_ACCOUNT', a.id, a.name, a.account_code from bank_accounts a where a.company_id = ${companyId}) m
     order by m.kind desc, m.name, m.id`.execute(db);
  return r.rows.map((x) => ({ kind: x.kind, id: x.id, name: x.name, accountCode: x.code, balance: D(x.b) }));
}

// --- profit, stock valuation --------------------------------------------------------------------

export interface ProfitRow { id: number | null; name: string; quantity: Decimal; revenue: Decimal; cost: Decimal; profit: Decimal }

/** The first day of `day`'s month, of the next month, and the day before `day` (YYYY-MM-DD). */
const monthOf = (day: string) => `${day.slice(0, 7)}-01`;
function nextMonth(day: string): string {
  const y = Number(day.slice(0, 4));
  const m = Number(day.slice(5, 7));
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
}
const isMonthEnd = (day: string) => nextMonth(day) === addDay(day);
function addDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

/**
 * A range (`start` null: from the beginning) split into whole months — read from the monthly sums
 * (invoice_line_months, months from `from` up to, not including, `to`) — and the days at its
 * edges, read from the lines.
 */
function split(start: string | null, end: string): { months: { from: string | null; to: string } | null; days: [string | null, string][] } {
  const from = start === null ? null : start.endsWith('-01') ? start : nextMonth(start);
  const to = isMonthEnd(end) ? nextMonth(end) : monthOf(end);
  if (from !== null && from >= to) return { months: null, days: [[start, end]] };
  const days: [string | null, string][] = [];
  if (start !== null && start < from!) days.push([start, addDayBefore(from!)]);
  if (to <= end) days.push([to, end]);
  return { months: { from, to }, days };
}
const addDayBefore = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

/**
 * Posted lines of one direction in a range, one row per product and current (`quantity`, lira
 * `amount`): whole months from the monthly sums, the edge days from the lines themselves.
 */
function linesIn(companyId: number, type: InvoiceType, start: string | null, end: string) {
  const { months, days } = split(start, end);
  const monthly = months
    ? sql`select m.product_id, m.current_id, m.quantity, m.amount from invoice_line_months m
           where m.company_id = ${companyId} and m.invoice_type = ${type} ${months.from === null ? sql`` : sql`and m.month >= ${months.from}::date`} and m.month < ${months.to}::date`
    : null;
  const daily = days.length
    ? sql`select l.product_id, i.current_id, l.quantity, ${inLira(sql`l.tax_base`)} as amount
            from invoices i join invoice_lines l on l.company_id = i.company_id and l.invoice_id = i.id
           where i.company_id = ${companyId} and i.invoice_type = ${type} and i.status = 'POSTED'
             and (${sql.join(days.map(([a, b]) => (a === null ? sql`i.invoice_date <= ${b}::date` : sql`i.invoice_date between ${a}::date and ${b}::date`)), sql` or `)})`
    : null;
  return sql.join([monthly, daily].filter((x): x is NonNullable<typeof x> => x !== null), sql` union all `);
}

/**
 * The weighted average purchase cost (lira per unit) of every product bought up to `date`: the
 * purchase lines' tax base in lira over their quantities.
 */
const averageCosts = (companyId: number, date: string) => sql`
  select b.product_id, sum(b.amount) / sum(b.quantity) as unit_cost from (${linesIn(companyId, 'BUYING', null, date)}) b
   group by b.product_id having sum(b.quantity) > 0`;

/**
 * Gross profit of posted sales in a range by product or by customer, largest profit first. The
 * lines are summed per product (and customer) first — whole months from the monthly sums — and
 * costed once per group: quantity × the product's average cost, rounded to the kuruş.
 */
export async function profit(db: LedgerDb, companyId: number, start: string, end: string, by: 'product' | 'customer'): Promise<ProfitRow[]> {
  const r = await sql<{ id: number; name: string; q: string; rev: string; cost: string }>`
    with costs as (${averageCosts(companyId, end)}),
    sold as (
      select ${by === 'product' ? sql`x.product_id` : sql`x.current_id`} as k, x.product_id, sum(x.quantity) as q, sum(x.amount) as rev
        from (${linesIn(companyId, 'SALE', start, end)}) x
       group by 1, 2
    ), per as (
      select s.k, sum(s.q) as q, sum(s.rev) as rev, sum(round(s.q * coalesce(c.unit_cost, 0), 2)) as cost
        from sold s left join costs c on c.product_id = s.product_id
       group by s.k having sum(s.q) <> 0 or sum(s.rev) <> 0
    )
    select s.k as id, ${by === 'product' ? sql`p.name` : sql`btrim(p.name || coalesce(' ' || p.last_name, ''))`} as name,
           s.q::text as q, s.rev::text as rev, s.cost::text as cost
      from per s join ${by === 'product' ? sql`products` : sql`currents`} p on p.company_id = ${companyId} and p.id = s.k
     order by s.rev - s.cost desc, s.k`.execute(db);
  return r.rows.map((x) => {
    const revenue = D(x.rev);
    const cost = D(x.cost);
    return { id: x.id, name: x.name, quantity: D(x.q), revenue, cost, profit: revenue.minus(cost) };
  });
}

export interface ValuationRow { productId: number; name: string; quantity: Decimal; averageCost: Decimal | null; value: Decimal }

/** Every product with stock: its quantity in all warehouses × its average purchase cost up to `date`. */
export async function stockValuation(db: LedgerDb, companyId: number, date: string): Promise<ValuationRow[]> {
  const r = await sql<{ id: number; name: string; q: string; c: string | null; v: string }>`
    with costs as (${averageCosts(companyId, date)}),
    stock as (select w.product_id, sum(w.quantity) as q from warehouse_products w where w.company_id = ${companyId} group by w.product_id having sum(w.quantity) <> 0)
    select p.id, p.name, s.q::text as q, round(c.unit_cost, 4)::text as c, round(s.q * coalesce(c.unit_cost, 0), 2)::text as v
      from stock s join products p on p.company_id = ${companyId} and p.id = s.product_id
      left join costs c on c.product_id = s.product_id
     order by s.q * coalesce(c.unit_cost, 0) desc, p.id`.execute(db);
  return r.rows.map((x) => ({ productId: x.id, name: x.name, quantity: D(x.q), averageCost: x.c === null ? null : D(x.c), value: D(x.v) }));
}

// --- cash-flow forecast -------------------------------------------------------------------------

export interface ForecastWeek { weekStart: string; receivables: Decimal; payables: Decimal; chequesIn: Decimal; chequesOut: Decimal }

/**
 * Open dues and open cheques due up to `end`, by the Monday of the week they fall in (anything
 * due before `start` counts in the first week).
 */
export async function forecast(db: LedgerDb, companyId: number, start: string, end: string): Promise<ForecastWeek[]> {
  const r = await sql<{ w: string; kind: string; a: string }>`
    with flows as (
      select greatest(d.due_date, ${start}::date) as day, case when i.invoice_type = 'SALE' then 'R' else 'P' end as kind,
             ${inLira(sql`(d.amount - d.paid)`)} as a
        from invoice_dues d join invoices i on i.company_id = d.company_id and i.id = d.invoice_id
       where d.company_id = ${companyId} and d.paid < d.amount and i.status = 'POSTED' and d.due_date <= ${end}::date
      union all
      select greatest(q.due_date, ${start}::date), case when q.direction = 'IN' then 'CI' else 'CO' end, q.amount_try
        from cheques q
       where q.company_id = ${companyId} and q.due_date <= ${end}::date
         and ((q.direction = 'IN' and q.state in ('IN_PORTFOLIO', 'DEPOSITED_FOR_COLLECTION')) or (q.direction = 'OUT' and q.state = 'GIVEN'))
    )
    select (day - ((extract(isodow from day)::int - 1) * interval '1 day'))::date::text as w, kind, sum(a)::text as a
      from flows group by 1, 2 order by 1`.execute(db);
  const weeks = new Map<string, ForecastWeek>();
  for (const x of r.rows) {
    const w = weeks.get(x.w) ?? { weekStart: x.w, receivables: D(0), payables: D(0), chequesIn: D(0), chequesOut: D(0) };
    if (x.kind === 'R') w.receivables = D(x.a);
    else if (x.kind === 'P') w.payables = D(x.a);
    else if (x.kind === 'CI') w.chequesIn = D(x.a);
    else w.chequesOut = D(x.a);
    weeks.set(x.w, w);
  }
  return [...weeks.values()];
}

/** The money accounts' balance (lira) at the end of a day. */
export async function cashAt(db: LedgerDb, companyId: number, date: string): Promise<Decimal> {
  return (await moneyAt(db, companyId, date)).reduce((s, m) => s.plus(m.balance), D(0));
}
