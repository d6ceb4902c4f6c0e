import Decimal from 'decimal.js';
import { sql } from 'kysely';
import type { LedgerDb } from '../ledger/accounts';
import { currentAccount } from '../ledger/money';
import { FX_GAIN_ACCOUNT, FX_LOSS_ACCOUNT, post, reverse, type PostingLine } from '../ledger/posting';

export type InstalmentType = 'MONTHLY' | 'WEEKLY' | 'DAYS';
export interface InstalmentPlan { type: InstalmentType; day: number; count: number }

/** What an invoice's dues are made from (its row's columns). */
export interface DueSource {
  current_id: number; invoice_date: string; due_date: string | null; payable: string; paid: string;
  instalment_type: InstalmentType | null; instalment_day: number | null; instalment_count: number | null;
}

const DAY_MS = 86_400_000;
const toDate = (day: string) => new Date(`${day}T00:00:00Z`);
const fmt = (d: Date) => d.toISOString().slice(0, 10);
const lastOfMonth = (y: number, m: number) => new Date(Date.UTC(y, m + 1, 0)).getUTCDate();

/**
 * The due dates of an instalment plan starting from the invoice's date: MONTHLY on day `day` of
 * each month (the month's last day when it is shorter), the first on or after the date; WEEKLY on
 * ISO weekday `day` (1 Monday … 7 Sunday), the first on or after the date; DAYS every `day` days
 * after the date.
 */
export function instalmentDates(date: string, plan: InstalmentPlan): string[] {
  const start = toDate(date);
  const out: string[] = [];
  if (plan.type === 'DAYS') {
    for (let i = 1; i <= plan.count; i++) out.push(fmt(new Date(start.getTime() + i * plan.day * DAY_MS)));
  } else if (plan.type === 'WEEKLY') {
    const iso = ((start.getUTCDay() + 6) % 7) + 1;
    const first = new Date(start.getTime() + (((plan.day - iso) + 7) % 7) * DAY_MS);
    for (let i = 0; i < plan.count; i++) out.push(fmt(new Date(first.getTime() + i * 7 * DAY_MS)));
  } else {
    let y = start.getUTCFullYear();
    let m = start.getUTCMonth();
    if (Math.min(plan.day, lastOfMonth(y, m)) < start.getUTCDate()) { m += 1; if (m === 12) { m = 0; y += 1; } }
    for (let i = 0; i < plan.count; i++) {
      out.push(fmt(new Date(Date.UTC(y, m, Math.min(plan.day, lastOfMonth(y, m))))));
      m += 1;
      if (m === 12) { m = 0; y += 1; }
    }
  }
  return out;
}

/** An amount split into `count` kuruş-exact parts, the earlier parts taking the odd kuruş. */
export function splitAmount(amount: string, count: number): string[] {
  const cents = new Decimal(amount).times(100).toDecimalPlaces(0).toNumber();
  const base = Math.floor(cents / count);
  const extra = cents - base * count;
  return Array.from({ length: count }, (_, i) => new Decimal(base + (i < extra ? 1 : 0)).div(100).toFixed(2));
}

/**
 * Writes the dues of a just-posted invoice: what remains after its inline payments, in one due on
 * its due date (its date when it has none) or spread over its instalment plan.
 */
export async function createDues(db: LedgerDb, companyId: number, invoiceId: number, known?: DueSource): Promise<void> {
  const inv: DueSource = known ?? await db.selectFrom('invoices').select(['current_id', 'invoice_date', 'due_date', 'payable', 'paid', 'instalment_type', 'instalment_day', 'instalment_count'])
    .where('company_id', '=', companyId).where('id', '=', invoiceId).executeTakeFirstOrThrow();
  const rows = dueRows(inv);
  if (!rows.length) return;
  await db.insertInto('invoice_dues').values(rows.map((x) => ({
    company_id: companyId, invoice_id: invoiceId, current_id: inv.current_id, period_no: x.periodNo, due_date: x.dueDate, amount: x.amount,
  }))).execute();
}

/** The dues an invoice owes: none when nothing remains open, else one per due date of its plan. */
export function dueRows(inv: DueSource): { periodNo: number; dueDate: string; amount: string }[] {
  const open = new Decimal(inv.payable).minus(inv.paid);
  if (open.lte(0)) return [];
  const plan = inv.instalment_type ? { type: inv.instalment_type, day: inv.instalment_day!, count: inv.instalment_count! } : null;
  const dates = plan ? instalmentDates(inv.invoice_date, plan) : [inv.due_date ?? inv.invoice_date];
  const parts = splitAmount(open.toFixed(2), dates.length).map((a, i) => ({ a, d: dates[i]! })).filter((x) => new Decimal(x.a).gt(0));
  return parts.map((x, i) => ({ periodNo: i + 1, dueDate: x.d, amount: x.a }));
}


/**
 * The exchange difference (kur farkı) of payment lines in a foreign currency: a due carries its
 * invoice's rate, the money that settles it the rate of its own day; the lira the current was
 * debited (a sale) or credited (a purchase) at the invoice's rate and the lira it was settled with
 * differ by `fc × (settled rate − invoice rate)`, rounded to the kuruş. That difference closes the
 * current's lira for the settled amount: a sale settled at a higher rate is a gain (Dr the current,
 * Cr 646), at a lower one a loss (Dr 656, Cr the current); a purchase the other way round. One
 * entry per payment line (source FX_DIFFERENCE:<line id>), dated the settling money's day.
 */
async function postFxDifferences(db: LedgerDb, companyId: number, transactionId: number, type: 'SALE' | 'BUYING', lines: Allocation[], by: string | null) {
  const tx = await db.selectFrom('money_transactions').select(['amount', 'lira_amount', 'currency_id', 'transaction_date'])
    .where('company_id', '=', companyId).where('id', '=', transactionId).executeTakeFirst();
  if (!tx || tx.currency_id === 1 || new Decimal(tx.amount).isZero()) return;
  const settled = new Decimal(tx.lira_amount).div(tx.amount);
  for (const l of lines) {
    const inv = await db.selectFrom('invoices').select(['conversion_rate', 'current_id', 'document_no', 'id'])
      .where('company_id', '=', companyId).where('id', '=', l.invoiceId).executeTakeFirstOrThrow();
    const fc = new Decimal(l.amount);
    const round = (d: Decimal) => d.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
    const diff = round(fc.times(settled)).minus(round(fc.times(inv.conversion_rate)));
    if (diff.isZero()) continue;
    const current = await currentAccount(db, companyId, inv.current_id);
    const amount = diff.abs();
    // Does the current take the difference on its debit side? A sale's at a gain, a purchase's at a loss is credited.
    const currentDebit = (type === 'SALE') === diff.gt(0);
    const gain = type === 'SALE' ? diff.gt(0) : diff.lt(0);
    const text = `Kur farkı: ${inv.document_no ?? `fatura #${inv.id}`} (${fc.toFixed(2)} döviz)`;
    const currentLine: PostingLine = { account: current.accountCode, [currentDebit ? 'debit' : 'credit']: amount, explanation: text };
    const counter: PostingLine = { account: gain ? FX_GAIN_ACCOUNT : FX_LOSS_ACCOUNT, [currentDebit ? 'credit' : 'debit']: amount, explanation: text };
    await post(db, companyId, {
      date: tx.transaction_date, explanation: text, source: { kind: 'FX_DIFFERENCE', id: l.id }, createdBy: by,
      lines: currentDebit ? [currentLine, counter] : [counter, currentLine],
    });
  }
}

/** A payment line taken back: its due reopens and its invoice's paid goes down; the money stays on the current. */
async function dropLines(db: LedgerDb, companyId: number, lines: { id: number; due_id: number; invoice_id: number; amount: string; return_invoice_id?: number | null }[]) {
  // Their exchange differences are reversed with them (the current keeps the money at its own rate).
  if (lines.length) {
    const fx = await db.selectFrom('journal_entries as e').select(['e.id'])
      .where('e.company_id', '=', companyId).where('e.source_kind', '=', 'FX_DIFFERENCE').where('e.source_id', 'in', lines.map((l) => String(l.id)))
      .where('e.reverses_id', 'is', null)
      .where(({ not, exists, selectFrom }) => not(exists(selectFrom('journal_entries as r').select('r.id').whereRef('r.company_id', '=', 'e.company_id').whereRef('r.reverses_id', '=', 'e.id'))))
      .execute();
    for (const e of fx) await reverse(db, companyId, e.id, { explanation: 'Kur farkı geri alındı: ödeme satırı kaldırıldı' });
  }
  for (const l of lines) {
    await db.updateTable('invoice_dues').set({ paid: sql`paid - ${l.amount}::numeric` }).where('company_id', '=', companyId).where('id', '=', l.due_id).execute();
    await db.updateTable('invoices').set({ paid: sql`paid - ${l.amount}::numeric` }).where('company_id', '=', companyId).where('id', '=', l.invoice_id).execute();
    // A return's set-off: the return no longer counts as settled by it either.
    if (l.return_invoice_id) {
      await db.updateTable('invoices').set({ paid: sql`paid - ${l.amount}::numeric` }).where('company_id', '=', companyId).where('id', '=', l.return_invoice_id).execute();
    }
  }
  if (lines.length) await db.deleteFrom('invoice_payment_lines').where('company_id', '=', companyId).where('id', 'in', lines.map((l) => l.id)).execute();
}

export async function deletePaymentLine(db: LedgerDb, companyId: number, id: number): Promise<boolean> {
  const lines = await db.selectFrom('invoice_payment_lines').select(['id', 'due_id', 'invoice_id', 'amount', 'return_invoice_id'])
    .where('company_id', '=', companyId).where('id', '=', id).forUpdate().execute();
  await dropLines(db, companyId, lines);
  return lines.length > 0;
}

/**
 * Before an invoice is unposted: its payment lines are released (the money they allocated stays
 * on the current as an advance) and its dues removed. Returns the released allocations by
 * transaction, so an edit can spread them again over the new dues.
 */
export async function releaseDues(db: LedgerDb, companyId: number, invoiceId: number): Promise<{ transactionId: number; amount: string }[]> {
  // Its own dues' lines, and (a return) the set-offs it made against the invoice it returns.
  const lines = await db.selectFrom('invoice_payment_lines').select(['id', 'due_id', 'invoice_id', 'amount', 'transaction_id', 'return_invoice_id'])
    .where('company_id', '=', companyId).where((eb) => eb.or([eb('invoice_id', '=', invoiceId), eb('return_invoice_id', '=', invoiceId)]))
    .orderBy('id').forUpdate().execute();
  await dropLines(db, companyId, lines);
  await db.deleteFrom('invoice_dues').where('company_id', '=', companyId).where('invoice_id', '=', invoiceId).execute();
  const by = new Map<number, Decimal>();
  for (const l of lines) if (l.transaction_id !== null) by.set(l.transaction_id, (by.get(l.transaction_id) ?? new Decimal(0)).plus(l.amount));
  return [...by].map(([transactionId, amount]) => ({ transactionId, amount: amount.toFixed(2) }));
}

export interface Allocation { id: number; dueId: number; invoiceId: number; amount: string }

/**
 * Spreads `amount` of a money transaction over the current's open dues of invoices of `type` in
 * the transaction's currency,
 * oldest due first (then the lowest id), optionally only one invoice's or one due's; the dues are locked in
 * that order. Returns the lines written and what was left over.
 */
export async function allocate(db: LedgerDb, companyId: number, o: { transactionId: number; currentId: number; type: 'SALE' | 'BUYING'; amount: string; currencyId: number; invoiceId?: number; dueId?: number; by: string | null }): Promise<{ lines: Allocation[]; left: string }> {
  let q = db.selectFrom('invoice_dues as d')
    .innerJoin('invoices as i', (j) => j.onRef('i.company_id', '=', 'd.company_id').onRef('i.id', '=', 'd.invoice_id'))
    .select(['d.id', 'd.invoice_id', 'd.amount', 'd.paid'])
    .where('d.company_id', '=', companyId).where('d.current_id', '=', o.currentId).where('i.invoice_type', '=', o.type).where('i.status', '=', 'POSTED')
    // Dues are in their invoice's currency: only the transaction's own currency's dues take it.
    .where('i.currency_id', '=', o.currencyId)
    .where(sql<boolean>`d.paid < d.amount`);
  if (o.invoiceId !== undefined) q = q.where('d.invoice_id', '=', o.invoiceId);
  if (o.dueId !== undefined) q = q.where('d.id', '=', o.dueId);
  const dues = await q.orderBy('d.due_date').orderBy('d.id').forUpdate().execute();
  let left = new Decimal(o.amount);
  const lines: Allocation[] = [];
  for (const d of dues) {
    if (left.lte(0)) break;
    const take = Decimal.min(left, new Decimal(d.amount).minus(d.paid));
    const row = await db.insertInto('invoice_payment_lines').values({
      company_id: companyId, transaction_id: o.transactionId, due_id: d.id, invoice_id: d.invoice_id, amount: take.toFixed(2), created_by: o.by,
    }).returning('id').executeTakeFirstOrThrow();
    await db.updateTable('invoice_dues').set({ paid: sql`paid + ${take.toFixed(2)}::numeric` }).where('company_id', '=', companyId).where('id', '=', d.id).execute();
    await db.updateTable('invoices').set({ paid: sql`paid + ${take.toFixed(2)}::numeric` }).where('company_id', '=', companyId).where('id', '=', d.invoice_id).execute();
    lines.push({ id: row.id, dueId: d.id, invoiceId: d.invoice_id, amount: take.toFixed(2) });
    left = left.minus(take);
  }
  await postFxDifferences(db, companyId, o.transactionId, o.type, lines, o.by);
  return { lines, left: left.toFixed(2) };
}

/**
 * A return left on the current's account settles the invoice it returns: `amount` is set off
 * against that invoice's open dues, oldest first (the dues locked in that order), as payment lines
 * whose source is the return; the original's and the return's `paid` grow by what was set off.
 * Both are in the same currency at the same rate (a return keeps its original's), so there is no
 * exchange difference. Returns what was set off.
 */
export async function offsetReturn(db: LedgerDb, companyId: number, o: { returnId: number; originalId: number; amount: string; by: string | null }): Promise<string> {
  const dues = await db.selectFrom('invoice_dues').select(['id', 'amount', 'paid'])
    .where('company_id', '=', companyId).where('invoice_id', '=', o.originalId).where(sql<boolean>`paid < amount`)
    .orderBy('due_date').orderBy('id').forUpdate().execute();
  let left = new Decimal(o.amount);
  let taken = new Decimal(0);
  const takes: { id: number; take: string }[] = [];
  for (const d of dues) {
    if (left.lte(0)) break;
    const take = Decimal.min(left, new Decimal(d.amount).minus(d.paid));
    takes.push({ id: d.id, take: take.toFixed(2) });
    left = left.minus(take);
    taken = taken.plus(take);
  }
  if (taken.gt(0)) {
    // One statement, after the dues' locks above: the payment lines, the dues' paid and both invoices' paid.
    const v = sql.join(takes.map((t) => sql`(${t.id}::bigint, ${t.take}::numeric)`));
    await sql`with v(id, take) as (values ${v}),
      lines as (insert into invoice_payment_lines (company_id, transaction_id, return_invoice_id, due_id, invoice_id, amount, created_by)
                select ${companyId}, null, ${o.returnId}::bigint, v.id, ${o.originalId}::bigint, v.take, ${o.by}::text from v),
      dues as (update invoice_dues d set paid = d.paid + v.take from v where d.company_id = ${companyId} and d.id = v.id)
      update invoices set paid = paid + ${taken.toFixed(2)}::numeric where company_id = ${companyId} and id in (${o.originalId}::bigint, ${o.returnId}::bigint)`.execute(db);
  }
  return taken.toFixed(2);
}
