import Decimal from 'decimal.js';
import { sql } from 'kysely';
import { Module } from '@tezgah/core';
import { mayIn, pageRequest, pageResult, problems, requireAuth, tables, type Auth, type Handler, type RequestContext } from '@tezgah/server';
import type { AccountingTables } from '../schema';
import type { LineStatus } from './schema';
import type { LedgerDb } from '../ledger/accounts';
import { isDay } from '../ledger/posting';
import { today } from '../ledger/dates';
import { moneyAccount } from '../ledger/money';
import type { InstalmentPlan } from '../invoices/dues';
import { periodDates, queueLines, templateOf } from './periodic';
import type { ProcessType } from './schema';

const db = (ctx: RequestContext): LedgerDb => tables<AccountingTables>(ctx);
const n = (v: string | number | null) => (v === null ? null : new Decimal(v).toNumber());
type InvoiceType = 'SALE' | 'BUYING';

/** Seeds: customer "installment collection 26, periodic collection 27", supplier "installment payment 29, periodic payment 30". */
const AUTHORITY: Record<InvoiceType, Record<ProcessType, [number, number]>> = {
  SALE: { INSTALMENT: [Module.CUSTOMER, 26], PERIODIC: [Module.CUSTOMER, 27] },
  BUYING: { INSTALMENT: [Module.SUPPLIER, 29], PERIODIC: [Module.SUPPLIER, 30] },
};
const WORDS: Record<InvoiceType, Record<ProcessType, string>> = {
  SALE: { INSTALMENT: 'taksitli tahsilat', PERIODIC: 'periyodik tahsilat' },
  BUYING: { INSTALMENT: 'taksitli ödeme', PERIODIC: 'periyodik ödeme' },
};

const may = (auth: Auth, t: InvoiceType, p: ProcessType) => mayIn(auth, AUTHORITY[t][p][0], AUTHORITY[t][p][1], auth.companyId);
function must(ctx: RequestContext, t: InvoiceType, p: ProcessType) {
  if (!may(requireAuth(ctx), t, p)) throw problems.forbidden(`${WORDS[t][p][0]!.toUpperCase()}${WORDS[t][p].slice(1)} işlemleri için yetkiniz yok.`);
}
/** The (direction, type) pairs the caller may see, as SQL. */
function visible(auth: Auth) {
  const pairs = (['SALE', 'BUYING'] as const).flatMap((t) => (['PERIODIC', 'INSTALMENT'] as const).filter((p) => may(auth, t, p)).map((p) => [t, p] as const));
  return pairs.length
    ? sql<boolean>`(p.invoice_type, p.process_type) in (${sql.join(pairs.map(([t, p]) => sql`(${t}, ${p})`))})`
    : sql<boolean>`false`;
}

// --- reading -------------------------------------------------------------------------------------

function processes(d: LedgerDb, companyId: number) {
  return d.selectFrom('periodic_processes as p')
    .innerJoin('invoices as i', (j) => j.onRef('i.company_id', '=', 'p.company_id').onRef('i.id', '=', 'p.invoice_id'))
    .innerJoin('currents as c', (j) => j.onRef('c.company_id', '=', 'p.company_id').onRef('c.id', '=', 'p.current_id'))
    .leftJoin('safes as s', (j) => j.onRef('s.company_id', '=', 'p.company_id').onRef('s.id', '=', 'p.safe_id'))
    .leftJoin('bank_accounts as b', (j) => j.onRef('b.company_id', '=', 'p.company_id').onRef('b.id', '=', 'p.bank_account_id'))
    .where('p.company_id', '=', companyId);
}

/** A line that failed (counted as failed, and the ones a person may retry). */
const FAILED: readonly LineStatus[] = ['FAILED', 'INSUFFICIENT_BALANCE'];

async function processViews(d: LedgerDb, companyId: number, ids: number[]) {
  if (!ids.length) return [];
  const rows = await processes(d, companyId).where('p.id', 'in', ids)
    .select(['p.id', 'p.process_type', 'p.invoice_type', 'p.name', 'p.invoice_id', 'i.document_no', 'p.current_id', 'p.start_date', 'p.period_type', 'p.period_day',
      'p.period_count', 'p.safe_id', 'p.bank_account_id', 's.name as safe_name', 'b.name as bank_name', 'p.status', 'p.created_by', 'p.terminated_at'])
    .select(sql<string>`concat_ws(' ', c.name, c.last_name)`.as('current_name'))
    .select(sql<number>`(select count(*) from periodic_process_lines l where l.company_id = p.company_id and l.process_id = p.id)`.as('line_count'))
    .select(sql<number>`(select count(*) from periodic_process_lines l where l.company_id = p.company_id and l.process_id = p.id and l.status = 'PENDING')`.as('pending_count'))
    .select(sql<number>`(select count(*) from periodic_process_lines l where l.company_id = p.company_id and l.process_id = p.id and l.status = 'SUCCESS')`.as('success_count'))
    .select(sql<number>`(select count(*) from periodic_process_lines l where l.company_id = p.company_id and l.process_id = p.id and l.status in (${sql.join([...FAILED])}))`.as('failed_count'))
    .execute();
  const byId = new Map(rows.map((r) => [r.id, {
    id: r.id, processType: r.process_type, invoiceType: r.invoice_type, name: r.name, invoiceId: r.invoice_id, invoiceDocumentNo: r.document_no,
    currentId: r.current_id, currentName: r.current_name, startDate: r.start_date,
    period: r.period_type ? { type: r.period_type, day: r.period_day!, count: r.period_count! } : null,
    account: r.safe_id !== null ? { kind: 'SAFE', id: r.safe_id } : r.bank_account_id !== null ? { kind: 'BANK_ACCOUNT', id: r.bank_account_id } : null,
    accountName: r.safe_name ?? r.bank_name ?? null, status: r.status,
    lineCount: Number(r.line_count), pendingCount: Number(r.pending_count), successCount: Number(r.success_count), failedCount: Number(r.failed_count),
    createdBy: r.created_by, terminatedAt: r.terminated_at === null ? null : new Date(r.terminated_at).toISOString(),
  }]));
  return ids.map((id) => byId.get(id)!).filter(Boolean);
}

/** Lines with their process's type, name and current, for the lists and the calendar. */
export function lineQuery(d: LedgerDb, companyId: number) {
  return d.selectFrom('periodic_process_lines as l')
    .innerJoin('periodic_processes as p', (j) => j.onRef('p.company_id', '=', 'l.company_id').onRef('p.id', '=', 'l.process_id'))
    .innerJoin('currents as c', (j) => j.onRef('c.company_id', '=', 'p.company_id').onRef('c.id', '=', 'p.current_id'))
    .leftJoin('invoices as li', (j) => j.onRef('li.company_id', '=', 'l.company_id').onRef('li.id', '=', 'l.invoice_id'))
    .where('l.company_id', '=', companyId)
    .select(['l.id', 'l.process_id', 'p.process_type', 'p.name as process_name', 'p.invoice_type', 'l.period_no', 'l.run_date', 'l.amount', 'l.status',
      'l.invoice_id', 'li.document_no', 'l.transaction_id', 'l.due_id', 'l.reason', 'l.attempts', 'l.processed_at'])
    .select(sql<string>`concat_ws(' ', c.name, c.last_name)`.as('current_name'));
}

type LineRow = Awaited<ReturnType<ReturnType<typeof lineQuery>['execute']>>[number];
export const lineView = (r: LineRow) => ({
  id: r.id, periodicProcessId: r.process_id, processType: r.process_type, processName: r.process_name, invoiceType: r.invoice_type, currentName: r.current_name,
  periodNumber: r.period_no, runDate: r.run_date, amount: n(r.amount), status: r.status, invoiceId: r.invoice_id, invoiceDocumentNo: r.document_no,
  transactionId: r.transaction_id, dueId: r.due_id, reason: r.reason, attempts: r.attempts,
  processedAt: r.processed_at === null ? null : new Date(r.processed_at).toISOString(),
});

/** Whether the caller may see lines of this process kind (the agenda's feed filters by it). */
export const visibleLines = visible;

/**
 * One process with its lines. The status and the counts are taken from the lines' statement (it
 * reads the process's status too), so they agree with the lines shown: a line's job may commit
 * between the two statements, and the first one's counts would then be a step behind.
 */
async function detail(d: LedgerDb, companyId: number, id: number) {
  const [v] = await processViews(d, companyId, [id]);
  if (!v) throw problems.notFound('Periyodik işlem');
  const rows = await lineQuery(d, companyId).select('p.status as process_status').where('l.process_id', '=', id).orderBy('l.period_no').execute();
  if (!rows.length) return { ...v, lines: [] };
  const count = (...st: string[]) => rows.filter((r) => st.includes(r.status)).length;
  return {
    ...v, status: rows[0]!.process_status, lineCount: rows.length, pendingCount: count('PENDING'), successCount: count('SUCCESS'),
    failedCount: count(...FAILED), lines: rows.map(lineView),
  };
}

const listPeriodicProcesses: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const q = (ctx.query ?? {}) as { invoiceId?: number; processType?: ProcessType; status?: string };
  const p = pageRequest(ctx, ['id', 'desc']);
  let base = db(ctx).selectFrom('periodic_processes as p').where('p.company_id', '=', auth.companyId).where(visible(auth));
  if (q.invoiceId !== undefined) base = base.where('p.invoice_id', '=', q.invoiceId);
  if (q.processType) base = base.where('p.process_type', '=', q.processType);
  if (q.status) base = base.where('p.status', '=', q.status as 'ACTIVE');
  const total = Number((await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const cols = { id: sql`p.id`, startDate: sql`p.start_date`, name: sql`p.name` } as const;
  let rows = base.select('p.id');
  for (const [f, dir] of p.sort) rows = rows.orderBy(cols[f as keyof typeof cols] ?? sql`p.id`, dir);
  const ids = (await rows.orderBy('p.id', 'desc').limit(p.size).offset(p.offset).execute()).map((r) => r.id);
  return pageResult(ctx, await processViews(db(ctx), auth.companyId, ids), total);
};

const getPeriodicProcess: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const id = (ctx.params as { id: number }).id;
  const row = await db(ctx).selectFrom('periodic_processes').select(['invoice_type', 'process_type']).where('company_id', '=', auth.companyId).where('id', '=', id).executeTakeFirst();
  if (!row) throw problems.notFound('Periyodik işlem');
  must(ctx, row.invoice_type, row.process_type);
  return detail(db(ctx), auth.companyId, id);
};

const listPeriodicProcessLines: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const q = (ctx.query ?? {}) as { periodicProcessId?: number; status?: string; startDate?: string; endDate?: string };
  const p = pageRequest(ctx, ['periodNumber', 'asc']);
  let base = lineQuery(db(ctx), auth.companyId).where(visible(auth));
  if (q.periodicProcessId !== undefined) base = base.where('l.process_id', '=', q.periodicProcessId);
  if (q.status) base = base.where('l.status', '=', q.status as 'PENDING');
  if (q.startDate) base = base.where('l.run_date', '>=', q.startDate);
  if (q.endDate) base = base.where('l.run_date', '<=', q.endDate);
  const total = Number((await base.clearSelect().select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const cols = { periodNumber: sql`l.period_no`, runDate: sql`l.run_date`, id: sql`l.id` } as const;
  let rows = base;
  for (const [f, dir] of p.sort) rows = rows.orderBy(cols[f as keyof typeof cols] ?? sql`l.id`, dir);
  return pageResult(ctx, (await rows.orderBy('l.id').limit(p.size).offset(p.offset).execute()).map(lineView), total);
};

// --- writing -------------------------------------------------------------------------------------

interface SaveBody {
  id?: number; processType?: ProcessType; invoiceId?: number; name?: string | null; startDate?: string; period?: InstalmentPlan;
  account?: { kind: 'SAFE' | 'BANK_ACCOUNT'; id: number } | null;
}

const savePeriodicProcess: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const b = ctx.body as SaveBody;
  const d = db(ctx);
  if (b.id !== undefined) return update(ctx, auth, b as SaveBody & { id: number });
  if (!b.processType) throw problems.invalidField('processType', 'İşlem türü zorunludur.', 'REQUIRED');
  if (b.invoiceId === undefined) throw problems.invalidField('invoiceId', 'Fatura zorunludur.', 'REQUIRED');
  const inv = await d.selectFrom('invoices').select(['id', 'invoice_type', 'status', 'current_id', 'currency_id', 'document_no'])
    .where('company_id', '=', auth.companyId).where('id', '=', b.invoiceId).executeTakeFirst();
  if (!inv) throw problems.invalidField('invoiceId', 'Fatura bulunamadı.', 'INVOICE_NOT_FOUND');
  if (inv.invoice_type !== 'SALE' && inv.invoice_type !== 'BUYING') throw problems.invalidField('invoiceId', 'İade faturasından periyodik işlem yapılmaz.', 'INVOICE_IS_RETURN');
  must(ctx, inv.invoice_type, b.processType);
  if (inv.status !== 'POSTED') throw problems.conflict('Periyodik işlem yalnızca kesilmiş (taslak ya da iptal olmayan) bir faturadan yapılır.', 'INVOICE_NOT_POSTED', 'invoiceId');
  const name = b.name?.trim() || `${inv.document_no ?? `Fatura ${inv.id}`} ${b.processType === 'PERIODIC' ? 'periyodik fatura' : inv.invoice_type === 'SALE' ? 'taksitli tahsilat' : 'taksitli ödeme'}`;
  let lines: { run_date: string; due_id: number | null }[];
  let values: Record<string, unknown>;
  if (b.processType === 'PERIODIC') {
    if (!b.period) throw problems.invalidField('period', 'Dönem planı zorunludur.', 'REQUIRED');
    if (b.period.type === 'MONTHLY' && b.period.day > 31) throw problems.invalidField('period.day', 'Ayın günü 1 ile 31 arasında olmalı.', 'PERIOD_DAY');
    if (b.period.type === 'WEEKLY' && b.period.day > 7) throw problems.invalidField('period.day', 'Haftanın günü 1 (pazartesi) ile 7 (pazar) arasında olmalı.', 'PERIOD_DAY');
    if (b.account) throw problems.invalidField('account', 'Periyodik faturada hesap seçilmez.', 'NOT_ALLOWED');
    const start = b.startDate ?? today(ctx);
    if (!isDay(start)) throw problems.invalidField('startDate', 'Geçerli bir tarih girin.', 'DATE');
    const template = await templateOf(d, auth.companyId, inv.id);
    lines = periodDates(start, b.period).map((run_date) => ({ run_date, due_id: null }));
    values = { template: JSON.stringify(template), start_date: start, period_type: b.period.type, period_day: b.period.day, period_count: b.period.count };
  } else {
    if (!b.account) throw problems.invalidField('account', 'Tahsilat / ödeme hesabı zorunludur.', 'REQUIRED');
    if (b.period) throw problems.invalidField('period', 'Taksitler faturanın vadeleridir; dönem planı verilmez.', 'NOT_ALLOWED');
    const account = await moneyAccount(d, auth.companyId, b.account.kind, b.account.id, 'account.id');
    if (account.currencyId !== inv.currency_id) throw problems.invalidField('account.id', 'Hesabın para birimi faturanınkiyle aynı olmalı.', 'CURRENCY_MISMATCH');
    const active = await d.selectFrom('periodic_processes').select('id').where('company_id', '=', auth.companyId).where('invoice_id', '=', inv.id)
      .where('process_type', '=', 'INSTALMENT').where('status', '=', 'ACTIVE').executeTakeFirst();
    if (active) throw problems.conflict('Bu faturanın süren bir taksitli işlemi var.', 'PROCESS_EXISTS', 'invoiceId');
    const dues = await d.selectFrom('invoice_dues').select(['id', 'due_date']).where('company_id', '=', auth.companyId).where('invoice_id', '=', inv.id)
      .where(sql<boolean>`paid < amount`).orderBy('period_no').execute();
    if (!dues.length) throw problems.conflict('Faturanın açık taksiti yok.', 'NO_OPEN_DUES', 'invoiceId');
    lines = dues.map((x) => ({ run_date: x.due_date, due_id: x.id }));
    values = { start_date: dues[0]!.due_date, safe_id: account.kind === 'SAFE' ? account.id : null, bank_account_id: account.kind === 'BANK_ACCOUNT' ? account.id : null };
  }
  const row = await d.insertInto('periodic_processes').values({
    company_id: auth.companyId, process_type: b.processType, invoice_type: inv.invoice_type, name: name.slice(0, 200), invoice_id: inv.id, current_id: inv.current_id,
    created_by: auth.login, ...values,
  } as never).returning('id').executeTakeFirstOrThrow();
  const written = await d.insertInto('periodic_process_lines').values(lines.map((l, i) => ({
    company_id: auth.companyId, process_id: row.id, period_no: i + 1, run_date: l.run_date, due_id: l.due_id,
  }))).returning(['id', 'run_date', 'attempts']).execute();
  const companyId = auth.companyId;
  // Each line goes on the queue once the process is committed, to start on its day.
  ctx.afterwards(async (_db, committed) => { if (committed) await queueLines(ctx.services, companyId, written); });
  ctx.audit({ action: 'accounting.periodic.created', entity: 'periodic-process', entityId: row.id, detail: { processType: b.processType, invoiceId: inv.id, lines: lines.length } });
  return detail(d, auth.companyId, row.id);
};

async function update(ctx: RequestContext, auth: Auth, b: SaveBody & { id: number }) {
  const d = db(ctx);
  const p = await d.selectFrom('periodic_processes').select(['id', 'invoice_type', 'process_type', 'status', 'invoice_id'])
    .where('company_id', '=', auth.companyId).where('id', '=', b.id).forUpdate().executeTakeFirst();
  if (!p) throw problems.notFound('Periyodik işlem');
  must(ctx, p.invoice_type, p.process_type);
  if (b.processType !== undefined && b.processType !== p.process_type) throw problems.invalidField('processType', 'İşlem türü değiştirilemez.', 'FIXED');
  if (b.invoiceId !== undefined && b.invoiceId !== p.invoice_id) throw problems.invalidField('invoiceId', 'İşlemin faturası değiştirilemez.', 'FIXED');
  if (b.period !== undefined || b.startDate !== undefined) throw problems.invalidField(b.period !== undefined ? 'period' : 'startDate', 'Dönemler değiştirilemez; işlemi sonlandırıp yenisini oluşturun.', 'FIXED');
  const set: Record<string, unknown> = {};
  if (b.name !== undefined) {
    if (!b.name?.trim()) throw problems.invalidField('name', 'Ad boş olamaz.', 'REQUIRED');
    set.name = b.name.trim();
  }
  if (b.account !== undefined) {
    if (p.process_type !== 'INSTALMENT' || !b.account) throw problems.invalidField('account', 'Hesap yalnızca taksitli işlemde seçilir.', 'NOT_ALLOWED');
    const inv = await d.selectFrom('invoices').select('currency_id').where('company_id', '=', auth.companyId).where('id', '=', p.invoice_id).executeTakeFirstOrThrow();
    const account = await moneyAccount(d, auth.companyId, b.account.kind, b.account.id, 'account.id');
    if (account.currencyId !== inv.currency_id) throw problems.invalidField('account.id', 'Hesabın para birimi faturanınkiyle aynı olmalı.', 'CURRENCY_MISMATCH');
    set.safe_id = account.kind === 'SAFE' ? account.id : null;
    set.bank_account_id = account.kind === 'BANK_ACCOUNT' ? account.id : null;
  }
  if (Object.keys(set).length) await d.updateTable('periodic_processes').set(set).where('company_id', '=', auth.companyId).where('id', '=', p.id).execute();
  return detail(d, auth.companyId, p.id);
}

const terminatePeriodicProcess: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const id = (ctx.params as { id: number }).id;
  const d = db(ctx);
  const p = await d.selectFrom('periodic_processes').select(['id', 'invoice_type', 'process_type', 'status'])
    .where('company_id', '=', auth.companyId).where('id', '=', id).forUpdate().executeTakeFirst();
  if (!p) throw problems.notFound('Periyodik işlem');
  must(ctx, p.invoice_type, p.process_type);
  if (p.status !== 'ACTIVE') throw problems.conflict(p.status === 'TERMINATED' ? 'İşlem zaten sonlandırılmış.' : 'Tamamlanmış işlem sonlandırılamaz.', 'PROCESS_CLOSED');
  await d.updateTable('periodic_processes').set({ status: 'TERMINATED', terminated_at: new Date() }).where('company_id', '=', auth.companyId).where('id', '=', id).execute();
  // A line whose run holds its lock finishes first (this waits on it), then is no longer pending.
  await d.updateTable('periodic_process_lines').set({ status: 'CANCELLED', reason: 'İşlem sonlandırıldı.', processed_at: new Date() })
    .where('company_id', '=', auth.companyId).where('process_id', '=', id).where('status', '=', 'PENDING').execute();
  ctx.audit({ action: 'accounting.periodic.terminated', entity: 'periodic-process', entityId: id });
  return detail(d, auth.companyId, id);
};

const reProcessPeriodicLine: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const { id } = ctx.body as { id: number };
  const d = db(ctx);
  const line = await d.selectFrom('periodic_process_lines').select(['id', 'process_id', 'status', 'run_date', 'attempts'])
    .where('company_id', '=', auth.companyId).where('id', '=', id).forUpdate().executeTakeFirst();
  if (!line) throw problems.notFound('Periyodik işlem satırı');
  const p = await d.selectFrom('periodic_processes').select(['id', 'invoice_type', 'process_type', 'status'])
    .where('company_id', '=', auth.companyId).where('id', '=', line.process_id).forUpdate().executeTakeFirstOrThrow();
  must(ctx, p.invoice_type, p.process_type);
  if (!FAILED.includes(line.status as LineStatus)) {
    throw problems.conflict('Yalnızca başarısız ya da bakiyesi yetersiz kalmış satır yeniden denenir.', 'LINE_NOT_RETRYABLE');
  }
  if (p.status === 'TERMINATED') throw problems.conflict('Sonlandırılmış işlemin satırı yeniden denenemez.', 'PROCESS_CLOSED');
  await d.updateTable('periodic_process_lines').set({ status: 'PENDING', reason: null }).where('company_id', '=', auth.companyId).where('id', '=', id).execute();
  if (p.status === 'COMPLETED') await d.updateTable('periodic_processes').set({ status: 'ACTIVE' }).where('company_id', '=', auth.companyId).where('id', '=', p.id).execute();
  const companyId = auth.companyId;
  ctx.afterwards(async (_db, committed) => { if (committed) await queueLines(ctx.services, companyId, [line]); });
  ctx.audit({ action: 'accounting.periodic.reprocessed', entity: 'periodic-process-line', entityId: id });
  const row = await lineQuery(d, auth.companyId).where('l.id', '=', id).executeTakeFirstOrThrow();
  return lineView(row);
};

export const periodicHandlers: Record<string, Handler> = {
  listPeriodicProcesses, savePeriodicProcess, getPeriodicProcess, terminatePeriodicProcess, listPeriodicProcessLines, reProcessPeriodicLine,
};
