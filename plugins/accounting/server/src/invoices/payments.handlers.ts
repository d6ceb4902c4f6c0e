import Decimal from 'decimal.js';
import { sql } from 'kysely';
import { Module } from '@tezgah/core';
import { mayIn, pageRequest, pageResult, Problem, problems, requireAuth, tables, type Handler, type RequestContext } from '@tezgah/server';
import type { AccountingTables } from '../schema';
import type { LedgerDb } from '../ledger/accounts';
import { recordTransaction } from '../safes/transactions.handlers';
import { allocate, deletePaymentLine } from './dues';
import type { InvoiceType } from './input';
import { ACTION, must } from './invoices.handlers';

const db = (ctx: RequestContext): LedgerDb => tables<AccountingTables>(ctx);
const n = (v: string | number) => new Decimal(v).toNumber();

/** Which directions the caller sees (view on sales 11 / purchases 12). */
function seen(ctx: RequestContext): InvoiceType[] {
  const auth = requireAuth(ctx);
  return (['SALE', 'BUYING'] as const).filter((t) => mayIn(auth, t === 'SALE' ? Module.SALES : Module.EXPENSE, ACTION.VIEW, auth.companyId));
}

// --- dues -------------------------------------------------------------------------------------

interface DueQuery { page?: number; size?: number; invoiceType?: InvoiceType; currentId?: number; invoiceId?: number; open?: boolean }

const listDues: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const q = (ctx.query ?? {}) as DueQuery;
  const types = seen(ctx);
  if (q.invoiceType && !types.includes(q.invoiceType)) must(ctx, q.invoiceType, ACTION.VIEW);
  // The seeds' dues call is one-based: page 1 is the first page.
  const p = pageRequest({ ...ctx, query: { ...q, page: 0 } } as RequestContext, ['dueDate', 'asc']);
  const page = (q.page ?? 1) - 1;
  let base = db(ctx).selectFrom('invoice_dues as d')
    .innerJoin('invoices as i', (j) => j.onRef('i.company_id', '=', 'd.company_id').onRef('i.id', '=', 'd.invoice_id'))
    .innerJoin('currents as c', (j) => j.onRef('c.company_id', '=', 'd.company_id').onRef('c.id', '=', 'd.current_id'))
    .where('d.company_id', '=', auth.companyId).where('i.invoice_type', 'in', q.invoiceType ? [q.invoiceType] : types);
  if (q.currentId !== undefined) base = base.where('d.current_id', '=', q.currentId);
  if (q.invoiceId !== undefined) base = base.where('d.invoice_id', '=', q.invoiceId);
  if (q.open === true) base = base.where(sql<boolean>`d.paid < d.amount`);
  if (q.open === false) base = base.where(sql<boolean>`d.paid >= d.amount`);
  const total = Number((await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  let rows = base.select(['d.id', 'd.invoice_id', 'i.invoice_type', 'i.document_no', 'd.current_id', 'd.period_no', 'd.due_date', 'd.amount', 'd.paid'])
    .select(sql<string>`concat_ws(' ', c.name, c.last_name)`.as('current_name'));
  for (const [f, dir] of p.sort) rows = rows.orderBy(f === 'id' ? 'd.id' : 'd.due_date', dir);
  const list = await rows.orderBy('d.id').limit(p.size).offset(page * p.size).execute();
  return pageResult(ctx, list.map((x) => ({
    id: x.id, invoiceId: x.invoice_id, invoiceType: x.invoice_type, documentNo: x.document_no, currentId: x.current_id, currentName: x.current_name,
    periodNo: x.period_no, dueDate: x.due_date, amount: n(x.amount), paid: n(x.paid), remaining: new Decimal(x.amount).minus(x.paid).toNumber(),
  })), total);
};

const deleteDue: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const d = db(ctx);
  const due = await d.selectFrom('invoice_dues as x')
    .innerJoin('invoices as i', (j) => j.onRef('i.company_id', '=', 'x.company_id').onRef('i.id', '=', 'x.invoice_id'))
    .select(['x.id', 'x.invoice_id', 'x.period_no', 'x.amount', 'x.paid', 'i.invoice_type'])
    .where('x.company_id', '=', auth.companyId).where('x.id', '=', (ctx.params as { id: number }).id).forUpdate().executeTakeFirst();
  if (!due) throw problems.notFound('Vade');
  must(ctx, due.invoice_type, ACTION.UPDATE);
  if (new Decimal(due.paid).gt(0)) throw problems.conflict('Ödemesi olan vade silinemez; önce ödeme satırlarını geri alın.', 'DUE_PAID');
  const siblings = await d.selectFrom('invoice_dues').select(['id', 'period_no'])
    .where('company_id', '=', auth.companyId).where('invoice_id', '=', due.invoice_id).orderBy('period_no').forUpdate().execute();
  if (siblings.length < 2) throw problems.conflict('Faturanın tek vadesi silinemez.', 'ONLY_DUE');
  const next = siblings.find((s) => s.period_no > due.period_no) ?? [...siblings].reverse().find((s) => s.period_no < due.period_no)!;
  await d.updateTable('invoice_dues').set({ amount: sql`amount + ${due.amount}::numeric` }).where('company_id', '=', auth.companyId).where('id', '=', next.id).execute();
  await d.deleteFrom('invoice_dues').where('company_id', '=', auth.companyId).where('id', '=', due.id).execute();
  // Periods stay numbered 1..n.
  await sql`update invoice_dues x set period_no = r.rn from (
      select id, 100000 + row_number() over (order by period_no) as rn from invoice_dues where company_id = ${auth.companyId} and invoice_id = ${due.invoice_id}) r
    where x.company_id = ${auth.companyId} and x.id = r.id`.execute(d);
  await sql`update invoice_dues set period_no = period_no - 100000 where company_id = ${auth.companyId} and invoice_id = ${due.invoice_id}`.execute(d);
  ctx.setStatus(204);
  return null;
};

// --- payment lines ----------------------------------------------------------------------------

function lineRows(d: LedgerDb, companyId: number) {
  return d.selectFrom('invoice_payment_lines as l')
    .innerJoin('invoice_dues as x', (j) => j.onRef('x.company_id', '=', 'l.company_id').onRef('x.id', '=', 'l.due_id'))
    .innerJoin('invoices as i', (j) => j.onRef('i.company_id', '=', 'l.company_id').onRef('i.id', '=', 'l.invoice_id'))
    .leftJoin('money_transactions as t', (j) => j.onRef('t.company_id', '=', 'l.company_id').onRef('t.id', '=', 'l.transaction_id'))
    .leftJoin('invoices as r', (j) => j.onRef('r.company_id', '=', 'l.company_id').onRef('r.id', '=', 'l.return_invoice_id'))
    .where('l.company_id', '=', companyId)
    .select(['l.id', 'l.transaction_id', 'l.return_invoice_id', 'l.due_id', 'l.invoice_id', 'i.document_no', 'i.invoice_type', 'x.period_no', 'x.due_date', 'l.amount', 'l.created_by'])
    .select(sql<string>`coalesce(t.transaction_date, r.invoice_date)`.as('transaction_date'));
}

type LineRow = { id: number; transaction_id: number | null; return_invoice_id: number | null; due_id: number; invoice_id: number; document_no: string | null; period_no: number; due_date: string; amount: string; transaction_date: string; created_by: string | null };
const lineView = (l: LineRow) => ({
  id: l.id, transactionId: l.transaction_id, returnInvoiceId: l.return_invoice_id, dueId: l.due_id, invoiceId: l.invoice_id, documentNo: l.document_no, periodNo: l.period_no,
  dueDate: l.due_date, amount: n(l.amount), date: l.transaction_date, createdBy: l.created_by,
});

const listInvoicePaymentLines: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const q = (ctx.query ?? {}) as { invoiceId?: number; currentId?: number; transactionId?: number };
  const p = pageRequest(ctx, ['id', 'desc']);
  let base = lineRows(db(ctx), auth.companyId).where('i.invoice_type', 'in', seen(ctx));
  if (q.invoiceId !== undefined) base = base.where('l.invoice_id', '=', q.invoiceId);
  if (q.currentId !== undefined) base = base.where('x.current_id', '=', q.currentId);
  if (q.transactionId !== undefined) base = base.where('l.transaction_id', '=', q.transactionId);
  const total = Number((await base.clearSelect().select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const rows = await base.orderBy('l.id', 'desc').limit(p.size).offset(p.offset).execute() as LineRow[];
  return pageResult(ctx, rows.map(lineView), total);
};

const deleteInvoicePaymentLine: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const id = (ctx.params as { id: number }).id;
  const line = await lineRows(db(ctx), auth.companyId).where('l.id', '=', id).executeTakeFirst() as (LineRow & { invoice_type: InvoiceType }) | undefined;
  if (!line) throw problems.notFound('Ödeme satırı');
  must(ctx, line.invoice_type, 19, ACTION.UPDATE);
  await deletePaymentLine(db(ctx), auth.companyId, id);
  ctx.setStatus(204);
  return null;
};

interface AutoShareBody {
  shareableAmount: number | string; currentMainAccount?: number | null; currentId?: number | null; invoiceType?: InvoiceType; invoiceId?: number | null;
  date: string; safeId?: number | null; bankAccountId?: number | null; rate?: number | string | null; explanation?: string | null;
}

/**
 * POST /invoice-payment-lines/auto-share: a collection from a customer (a payment to a supplier)
 * into (out of) a safe or bank account, posted by the transactions area, then spread over the
 * current's open dues oldest first.
 */
const autoShareInvoicePayment: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const b = ctx.body as AutoShareBody;
  const d = db(ctx);
  let currentId = b.currentId ?? null;
  if (b.currentMainAccount != null) {
    const m = await d.selectFrom('current_main_accounts').select('current_id').where('company_id', '=', auth.companyId).where('id', '=', b.currentMainAccount).executeTakeFirst();
    if (!m) throw problems.invalidField('currentMainAccount', 'Cari ana hesabı bulunamadı.', 'CURRENT_NOT_FOUND');
    if (currentId !== null && currentId !== m.current_id) throw problems.invalidField('currentId', 'Cari ile ana hesabı aynı cariye ait değil.', 'CURRENT_MISMATCH');
    currentId = m.current_id;
  }
  if (currentId === null) throw problems.invalidField('currentId', 'Cari hesap zorunludur.', 'REQUIRED');
  const current = await d.selectFrom('currents').select(['id', 'type']).where('company_id', '=', auth.companyId).where('id', '=', currentId).executeTakeFirst();
  if (!current) throw problems.invalidField('currentId', 'Cari hesap bulunamadı.', 'CURRENT_NOT_FOUND');
  let type: InvoiceType = b.invoiceType ?? (current.type === 'SUPPLIER' ? 'BUYING' : 'SALE');
  if (b.invoiceId != null) {
    const inv = await d.selectFrom('invoices').select(['invoice_type', 'current_id', 'status']).where('company_id', '=', auth.companyId).where('id', '=', b.invoiceId).executeTakeFirst();
    if (!inv || inv.current_id !== currentId) throw problems.invalidField('invoiceId', 'Bu carinin böyle bir faturası yok.', 'INVOICE_NOT_FOUND');
    if (inv.status !== 'POSTED') throw problems.invalidField('invoiceId', 'Yalnız kesilmiş faturaya ödeme eşlenir.', 'INVOICE_NOT_POSTED');
    if (inv.invoice_type !== 'SALE' && inv.invoice_type !== 'BUYING') throw problems.invalidField('invoiceId', 'İadeye tahsilat ya da ödeme eşlenmez; iade carinin hesabında alacak (borç) olarak durur.', 'INVOICE_IS_RETURN');
    type = inv.invoice_type;
  }
  const allowed = type === 'SALE'
    ? mayIn(auth, Module.SALES, 25, auth.companyId) || mayIn(auth, Module.CUSTOMER, 25, auth.companyId) || mayIn(auth, Module.SALES, 2, auth.companyId)
    : mayIn(auth, Module.EXPENSE, 17, auth.companyId) || mayIn(auth, Module.SUPPLIER, 17, auth.companyId) || mayIn(auth, Module.EXPENSE, 2, auth.companyId);
  if (!allowed) throw problems.forbidden(type === 'SALE' ? 'Tahsilat yapma yetkiniz yok.' : 'Ödeme yapma yetkiniz yok.');
  if ((b.safeId == null) === (b.bankAccountId == null)) {
    throw problems.invalidField(b.safeId == null ? 'safeId' : 'bankAccountId', 'Paranın gireceği (çıkacağı) kasayı ya da banka hesabını seçin: ikisinden biri.', 'ACCOUNT_REQUIRED');
  }
  const account = b.safeId != null ? { kind: 'SAFE' as const, id: b.safeId } : { kind: 'BANK_ACCOUNT' as const, id: b.bankAccountId! };
  const transactionId = await recordTransaction(d, auth, {
    type: type === 'SALE' ? 'COLLECTION' : 'PAYMENT', date: b.date, amount: b.shareableAmount, currentId,
    ...(type === 'SALE' ? { to: account } : { from: account }),
    ...(b.rate != null ? { rate: b.rate } : {}),
    explanation: b.explanation ?? null,
  } as Parameters<typeof recordTransaction>[2]);
  const tx = await d.selectFrom('money_transactions').select(['amount', 'currency_id']).where('company_id', '=', auth.companyId).where('id', '=', transactionId).executeTakeFirstOrThrow();
  // Dues are in their invoice's currency; a collection in another currency is not spread (it stays an advance).
  const { lines, left } = await allocate(d, auth.companyId, {
    transactionId, currentId, type, amount: tx.amount, currencyId: tx.currency_id, ...(b.invoiceId != null ? { invoiceId: b.invoiceId } : {}), by: auth.login,
  });
  if (lines.length === 0 && new Decimal(left).gt(0) && b.invoiceId != null) {
    throw new Problem(409, 'Açık vade yok', { detail: 'Bu faturanın ödenecek vadesi kalmadı.', code: 'NO_OPEN_DUE' });
  }
  ctx.audit({ action: 'accounting.invoice.payment.shared', entity: 'money_transaction', entityId: transactionId, detail: { lines: lines.length, unallocated: left } });
  ctx.setStatus(201);
  const rows = lines.length ? await lineRows(d, auth.companyId).where('l.id', 'in', lines.map((l) => l.id)).orderBy('l.id').execute() as LineRow[] : [];
  return { transactionId, lines: rows.map(lineView), unallocated: n(left) };
};

export const paymentHandlers: Record<string, Handler> = {
  listDues, deleteDue, listInvoicePaymentLines, deleteInvoicePaymentLine, autoShareInvoicePayment,
};
