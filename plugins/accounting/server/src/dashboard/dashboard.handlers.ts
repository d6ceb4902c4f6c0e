import Decimal from 'decimal.js';
import { sql } from 'kysely';
import { Module } from '@tezgah/core';
import { mayIn, problems, requireAuth, tables, type Auth, type Handler, type RequestContext } from '@tezgah/server';
import type { AccountingTables } from '../schema';
import type { LedgerDb } from '../ledger/accounts';
import { addDays } from '../ledger/fiscal';
import { today } from '../ledger/dates';

const db = (ctx: RequestContext): LedgerDb => tables<AccountingTables>(ctx);
const lira = (v: string | number | null | undefined): number => (v == null ? 0 : new Decimal(v).toDecimalPlaces(2).toNumber());

// --- monthly sales ----------------------------------------------------------------------------

/**
 * GET /dashboard/monthly-sales-total/{companyId}: one aggregate over the year's posted sales
 * (invoices_date index range). Each invoice counts at its lira value, total × rate rounded to
 * kuruş as the invoice's own entry posts it; a cancelled invoice's status is CANCELLED, so it
 * leaves the figures as soon as it is cancelled, and drafts have not sold anything yet.
 */
const getMonthlySalesTotal: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const p = ctx.params as { companyId: number };
  if (p.companyId !== auth.companyId) throw problems.notFound('Şirket');
  const year = (ctx.query as { year?: number }).year ?? Number(today(ctx).slice(0, 4));
  const rows = (await sql<{ month: number; total: string; tax_base: string; n: string }>`
    select extract(month from invoice_date)::int as month,
           sum(round(total_amount * conversion_rate, 2))::text as total,
           sum(round(tax_base * conversion_rate, 2))::text as tax_base,
           count(*)::text as n
      from invoices
     where company_id = ${auth.companyId} and invoice_type = 'SALE' and status = 'POSTED'
       and invoice_date >= ${`${year}-01-01`}::date and invoice_date <= ${`${year}-12-31`}::date
     group by 1`.execute(db(ctx))).rows;
  const byMonth = new Map(rows.map((r) => [Number(r.month), r]));
  let total = new Decimal(0);
  const months = Array.from({ length: 12 }, (_, i) => {
    const r = byMonth.get(i + 1);
    if (r) total = total.plus(r.total);
    return { month: i + 1, total: lira(r?.total), taxBase: lira(r?.tax_base), count: Number(r?.n ?? 0) };
  });
  return { year, months, total: total.toNumber() };
};

// --- receivables aging ------------------------------------------------------------------------

export const AGING_BUCKETS = ['NOT_DUE', 'D0_30', 'D31_60', 'D61_90', 'D90_PLUS'] as const;

/**
 * GET /dashboard/receivables-aging: the open part (amount − paid) of every due of a posted sales
 * invoice, in lira at the invoice's rate, by days overdue on today in Türkiye: after today not
 * due; 0–30 (due today counts as due), 31–60, 61–90, more than 90. One aggregate over the open
 * dues (the invoice_dues_open partial index).
 */
const getReceivablesAging: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const day = today(ctx);
  const rows = (await sql<{ bucket: string; amount: string; n: string }>`
    select case when d.due_date > ${day}::date then 'NOT_DUE'
                when d.due_date >= ${addDays(day, -30)}::date then 'D0_30'
                when d.due_date >= ${addDays(day, -60)}::date then 'D31_60'
                when d.due_date >= ${addDays(day, -90)}::date then 'D61_90'
                else 'D90_PLUS' end as bucket,
           sum(round((d.amount - d.paid) * i.conversion_rate, 2))::text as amount,
           count(*)::text as n
      from invoice_dues d
      join invoices i on i.company_id = d.company_id and i.id = d.invoice_id
     where d.company_id = ${auth.companyId} and d.paid < d.amount and i.invoice_type = 'SALE' and i.status = 'POSTED'
     group by 1`.execute(db(ctx))).rows;
  const by = new Map(rows.map((r) => [r.bucket, r]));
  let total = new Decimal(0);
  const buckets = AGING_BUCKETS.map((bucket) => {
    const r = by.get(bucket);
    if (r) total = total.plus(r.amount);
    return { bucket, amount: lira(r?.amount), count: Number(r?.n ?? 0) };
  });
  return { asOf: day, buckets, total: total.toNumber() };
};

// --- cheques due ------------------------------------------------------------------------------

/** View 1 shows both directions; received view 10 only IN, given view 12 only OUT (as the cheques list). */
function visibleDirections(auth: Auth): ('IN' | 'OUT')[] {
  if (mayIn(auth, Module.CHECK, 1, auth.companyId)) return ['IN', 'OUT'];
  const out: ('IN' | 'OUT')[] = [];
  if (mayIn(auth, Module.CHECK, 10, auth.companyId)) out.push('IN');
  if (mayIn(auth, Module.CHECK, 12, auth.companyId)) out.push('OUT');
  return out;
}

/** The states in which a cheque still waits for its due date: to be collected (IN) or paid (OUT). */
const WAITING = { IN: ['IN_PORTFOLIO', 'DEPOSITED_FOR_COLLECTION'], OUT: ['GIVEN'] } as const;

/**
 * GET /dashboard/cheques-due: the cheques due today or in the six days after it that are still
 * waiting, per direction the caller may see: the count and lira total of each direction, and the
 * first `size` cheques by due date (the cheques_due index: company, direction, state, due date).
 */
const getChequesDue: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const size = (ctx.query as { size?: number }).size ?? 10;
  const from = today(ctx);
  const to = addDays(from, 6);
  const directions = visibleDirections(auth);
  if (directions.length === 0) return { from, to, incoming: { count: 0, amount: 0 }, outgoing: { count: 0, amount: 0 }, items: [] };
  const waiting = sql.join(directions.map((d) => sql`(c.direction = ${d} and c.state in (${sql.join([...WAITING[d]])}))`), sql` or `);
  const range = sql`c.company_id = ${auth.companyId} and c.due_date >= ${from}::date and c.due_date <= ${to}::date and (${waiting})`;
  const totals = (await sql<{ direction: 'IN' | 'OUT'; n: string; amount: string }>`
    select c.direction, count(*)::text as n, sum(c.amount_try)::text as amount
      from cheques c where ${range}
     group by 1`.execute(db(ctx))).rows;
  const items = (await sql<{ id: number; direction: 'IN' | 'OUT'; state: string; number: string; due_date: string; amount: string; currency_code: string; amount_try: string; current_name: string }>`
    select c.id, c.direction, c.state, c.number, c.due_date::text as due_date, c.amount::text as amount, cu.code as currency_code,
           c.amount_try::text as amount_try, concat_ws(' ', cr.name, cr.last_name) as current_name
      from cheques c
      join currencies cu on cu.id = c.currency_id
      join currents cr on cr.company_id = c.company_id and cr.id = c.current_id
     where ${range}
     order by c.due_date, c.id
     limit ${size}`.execute(db(ctx))).rows;
  const total = (d: 'IN' | 'OUT') => {
    const r = totals.find((x) => x.direction === d);
    return { count: Number(r?.n ?? 0), amount: lira(r?.amount) };
  };
  return {
    from, to, incoming: total('IN'), outgoing: total('OUT'),
    items: items.map((c) => ({
      id: Number(c.id), direction: c.direction, state: c.state, number: c.number, dueDate: c.due_date, amount: lira(c.amount),
      currencyCode: c.currency_code, amountTry: lira(c.amount_try), currentName: c.current_name,
    })),
  };
};

export const dashboardHandlers: Record<string, Handler> = { getMonthlySalesTotal, getReceivablesAging, getChequesDue };
