import Decimal from 'decimal.js';
import { sql } from 'kysely';
import { inTenant, Problem, type Services } from '@tezgah/server';
import type { LedgerDb } from '../ledger/accounts';
import { istanbulDate, addDays } from '../currencies/rates/dates';
import { instalmentDates, allocate, type InstalmentPlan } from '../invoices/dues';
import { invoiceView, writeInvoice } from '../invoices/invoices.handlers';
import { paymentMethods } from '../invoices/payment-methods';
import type { InvoiceBody } from '../invoices/input';
import { recordTransaction } from '../safes/transactions.handlers';
import type { LineStatus } from './schema';

/** The job that runs one line (data: companyId, lineId); sent per line with the line's day as its start. */
export const RUN_JOB = 'accounting.periodic.run';
/** The daily job that queues every pending line whose day has come (lines whose send was lost, the demo's). */
export const SWEEP_JOB = 'accounting.periodic.sweep';

export interface RunData { companyId: number; lineId: number }

/**
 * The days of a process's periods from its start: MONTHLY and WEEKLY as an invoice's instalment
 * plan (the first on or after the start), DAYS the start itself and then every `day` days.
 */
export function periodDates(start: string, plan: InstalmentPlan): string[] {
  if (plan.type === 'DAYS') return Array.from({ length: plan.count }, (_, i) => addDays(start, i * plan.day));
  return instalmentDates(start, plan);
}

/** The body a recurring invoice writes every period: the source invoice's content, without its payments, dues plan or number. */
export async function templateOf(d: LedgerDb, companyId: number, invoiceId: number): Promise<Omit<InvoiceBody, 'date'>> {
  const v = await invoiceView(d, companyId, invoiceId);
  return {
    invoiceType: v.invoiceType as InvoiceBody['invoiceType'],
    currentId: v.currentId,
    currencyId: v.currencyId,
    explanation: v.explanation,
    ...(v.invoiceType === 'SALE' && v.series ? { series: v.series } : {}),
    products: v.products.map((l) => ({
      productId: l.productId,
      description: l.description,
      quantity: String(l.quantity),
      unitPrice: String(l.unitPrice),
      discounts: l.discounts as NonNullable<InvoiceBody['products'][number]['discounts']>,
      taxes: l.taxes.map((t) => ({ taxId: t.taxId })),
      ...(l.withholdingCode ? { withholdingCode: l.withholdingCode } : {}),
      accountCode: l.accountCode,
      ...(l.movesStock && l.stocks.length ? { stocks: l.stocks.map((s) => ({ warehouseId: s.warehouseId, quantity: String(s.quantity) })) } : {}),
    })),
    discounts: v.discounts.map((x) => (x.type === 'PERCENTAGE' ? { type: 'PERCENTAGE', percentage: x.percentage } : { type: 'AMOUNT', amount: x.amount })) as InvoiceBody['discounts'],
  };
}

/**
 * Where a line's job starts: the beginning of its day in Türkiye (UTC+3) by the server's clock
 * (`services.now`), as a moment of the machine's clock the queue keeps; now when it has passed.
 */
export function startOf(runDate: string, now: Date): Date {
  const wait = new Date(`${runDate}T00:00:00+03:00`).getTime() - now.getTime();
  return new Date(Date.now() + Math.max(0, wait));
}

/** Puts lines on the queue, each once per attempt (the key names the line and its attempt). */
export async function queueLines(services: Services, companyId: number, lines: { id: number; run_date: string; attempts: number }[], tag = ''): Promise<void> {
  const now = services.now();
  for (const l of lines) {
    await services.jobs.send<RunData>(RUN_JOB, { companyId, lineId: l.id }, { startAfter: startOf(l.run_date, now), key: `${companyId}:${l.id}:${l.attempts}${tag ? `:${tag}` : ''}` });
  }
}

/** Queues a line again for its day (a job that came before it by the server's clock). */
export async function requeueLater(services: Services, companyId: number, lineId: number): Promise<void> {
  const line = await inTenant(services.db, companyId, (trx) => (trx as unknown as LedgerDb).selectFrom('periodic_process_lines')
    .select(['id', 'run_date', 'attempts', 'status']).where('company_id', '=', companyId).where('id', '=', lineId).executeTakeFirst());
  if (line?.status === 'PENDING') await queueLines(services, companyId, [line], `later:${istanbulDate(services.now())}`);
}

/** What a run of one line did. */
export type RunOutcome = LineStatus | 'SKIPPED' | 'NOT_DUE';

function reasonOf(e: Problem): string {
  const field = e.fieldErrors?.[0]?.message;
  return (field ? `${e.detail ?? e.title} (${field})` : e.detail ?? e.title).slice(0, 500);
}

/** The process is complete when none of its lines is pending any more. */
async function completeIfDone(d: LedgerDb, companyId: number, processId: number) {
  await d.updateTable('periodic_processes').set({ status: 'COMPLETED' })
    .where('company_id', '=', companyId).where('id', '=', processId).where('status', '=', 'ACTIVE')
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('periodic_process_lines').select('id')
      .where('company_id', '=', companyId).where('process_id', '=', processId).where('status', '=', 'PENDING'))))
    .execute();
}

/**
 * Runs one line in one transaction of its company (row-level security on): locks the line, and
 * only while it is still PENDING and its day has come writes its invoice (PERIODIC, through the
 * invoices area's writeInvoice, so it posts through the posting function) or records its
 * collection / payment and spreads it over the invoice's dues (INSTALMENT, through the
 * transactions area), then marks it SUCCESS with what it made. A second delivery of the job waits
 * on the lock and finds it no longer pending: nothing is posted twice. A refusal (a closed
 * period, a safe left below zero …) rolls everything back and marks the line FAILED or
 * INSUFFICIENT_BALANCE with the reason; any other error rolls back and is thrown for the queue to
 * retry (after the last retry, `final`, the line is marked FAILED).
 */
export async function runLine(services: Services, companyId: number, lineId: number, final = true): Promise<RunOutcome> {
  const today = istanbulDate(services.now());
  try {
    return await inTenant(services.db, companyId, async (trx) => {
      const d = trx as unknown as LedgerDb;
      const line = await d.selectFrom('periodic_process_lines').selectAll().where('company_id', '=', companyId).where('id', '=', lineId).forUpdate().executeTakeFirst();
      if (!line || line.status !== 'PENDING') return 'SKIPPED';
      const p = await d.selectFrom('periodic_processes').selectAll().where('company_id', '=', companyId).where('id', '=', line.process_id).executeTakeFirstOrThrow();
      if (p.status === 'TERMINATED') {
        await d.updateTable('periodic_process_lines').set({ status: 'CANCELLED', processed_at: new Date() }).where('company_id', '=', companyId).where('id', '=', lineId).execute();
        return 'CANCELLED';
      }
      if (line.run_date > today) return 'NOT_DUE';
      const by = p.created_by;
      if (p.process_type === 'PERIODIC') {
        const template = p.template as Omit<InvoiceBody, 'date'>;
        const { id } = await writeInvoice(d, companyId, by, { ...template, date: line.run_date, draft: false }, paymentMethods(services));
        const inv = await d.selectFrom('invoices').select('total_amount').where('company_id', '=', companyId).where('id', '=', id).executeTakeFirstOrThrow();
        await d.updateTable('periodic_process_lines').set({
          status: 'SUCCESS', invoice_id: id, amount: inv.total_amount, reason: null, attempts: sql<number>`attempts + 1`, processed_at: new Date(),
        }).where('company_id', '=', companyId).where('id', '=', lineId).execute();
      } else {
        const due = line.due_id === null ? undefined
          : await d.selectFrom('invoice_dues as du').innerJoin('invoices as i', (j) => j.onRef('i.company_id', '=', 'du.company_id').onRef('i.id', '=', 'du.invoice_id'))
            .select(['du.amount', 'du.paid', 'i.currency_id', 'i.status']).where('du.company_id', '=', companyId).where('du.id', '=', line.due_id).executeTakeFirst();
        const open = due && due.status === 'POSTED' ? new Decimal(due.amount).minus(due.paid) : new Decimal(0);
        if (!open.gt(0)) {
          // Paid by hand in the meantime (or the invoice was cancelled or changed): nothing to take.
          await d.updateTable('periodic_process_lines').set({
            status: 'CANCELLED', reason: 'Taksit zaten kapanmış; tahsil edilecek tutar yok.', attempts: sql<number>`attempts + 1`, processed_at: new Date(),
          }).where('company_id', '=', companyId).where('id', '=', lineId).execute();
        } else {
          const account = p.safe_id !== null ? { kind: 'SAFE' as const, id: p.safe_id } : { kind: 'BANK_ACCOUNT' as const, id: p.bank_account_id! };
          const sale = p.invoice_type === 'SALE';
          const transactionId = await recordTransaction(d, { companyId, login: by ?? 'periyodik' }, {
            type: sale ? 'COLLECTION' : 'PAYMENT', date: line.run_date, amount: open.toFixed(2), currentId: p.current_id,
            ...(sale ? { to: account } : { from: account }),
            explanation: `${p.name}: ${line.period_no}. taksit`,
          } as Parameters<typeof recordTransaction>[2]);
          // The line's own due: lines may run in any order, and a later line must not take an earlier one's due.
          await allocate(d, companyId, { transactionId, currentId: p.current_id, type: p.invoice_type, amount: open.toFixed(2), currencyId: due!.currency_id, invoiceId: p.invoice_id, dueId: line.due_id ?? undefined, by });
          await d.updateTable('periodic_process_lines').set({
            status: 'SUCCESS', transaction_id: transactionId, amount: open.toFixed(2), reason: null, attempts: sql<number>`attempts + 1`, processed_at: new Date(),
          }).where('company_id', '=', companyId).where('id', '=', lineId).execute();
        }
      }
      await completeIfDone(d, companyId, p.id);
      return (await d.selectFrom('periodic_process_lines').select('status').where('company_id', '=', companyId).where('id', '=', lineId).executeTakeFirstOrThrow()).status;
    });
  } catch (e) {
    const refused = e instanceof Problem && e.status < 500;
    if (!refused && !final) throw e;
    const status: LineStatus = refused && (e.code === 'INSUFFICIENT_CASH') ? 'INSUFFICIENT_BALANCE' : 'FAILED';
    const reason = refused ? reasonOf(e) : 'Beklenmeyen bir hata oluştu; yeniden deneyebilirsiniz.';
    const marked = await inTenant(services.db, companyId, async (trx) => {
      const d = trx as unknown as LedgerDb;
      const line = await d.selectFrom('periodic_process_lines').select(['status', 'process_id']).where('company_id', '=', companyId).where('id', '=', lineId).forUpdate().executeTakeFirst();
      if (!line || line.status !== 'PENDING') return false;
      await d.updateTable('periodic_process_lines').set({ status, reason, attempts: sql<number>`attempts + 1`, processed_at: new Date() })
        .where('company_id', '=', companyId).where('id', '=', lineId).execute();
      await completeIfDone(d, companyId, line.process_id);
      return true;
    });
    if (!refused) throw e;
    return marked ? status : 'SKIPPED';
  }
}

/**
 * Queues every pending line of an active process whose day has come, in every company (the daily
 * sweep). Each line's key is its attempt, so a line already queued is not queued again.
 */
export async function sweep(services: Services): Promise<number> {
  const today = istanbulDate(services.now());
  const rows = await sql<{ company_id: number; id: number; run_date: string; attempts: number }>`
    select l.company_id, l.id, l.run_date::text as run_date, l.attempts
      from periodic_process_lines l
      join periodic_processes p on p.company_id = l.company_id and p.id = l.process_id
     where l.status = 'PENDING' and l.run_date <= ${today}::date and p.status = 'ACTIVE'
     order by l.run_date, l.id
     limit 5000`.execute(services.db);
  const byCompany = new Map<number, typeof rows.rows>();
  for (const r of rows.rows) byCompany.set(r.company_id, [...(byCompany.get(r.company_id) ?? []), r]);
  for (const [companyId, lines] of byCompany) await queueLines(services, companyId, lines);
  return rows.rows.length;
}
