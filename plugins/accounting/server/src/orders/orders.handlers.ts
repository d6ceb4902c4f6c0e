import Decimal from 'decimal.js';
import { sql } from 'kysely';
import { Module } from '@tezgah/core';
import { likePattern, mayIn, pageRequest, pageResult, problems, requireAuth, tables, type Auth, type Handler, type RequestContext } from '@tezgah/server';
import type { AccountingTables } from '../schema';
import type { LedgerDb } from '../ledger/accounts';
import { isDay } from '../ledger/posting';
import { today } from '../ledger/dates';
import { compute, type DiscountIn } from '../invoices/compute';
import { invoiceView, writeInvoice } from '../invoices/invoices.handlers';
import { quantity, quantityFixed, quantityText } from '../invoices/input';

type Direction = 'IN' | 'OUT';
const db = (ctx: RequestContext): LedgerDb => tables<AccountingTables>(ctx);
const n = (v: string | number) => new Decimal(v).toNumber();
const MODULE: Record<Direction, number> = { IN: Module.ORDER_RECEIVED, OUT: Module.ORDER_GIVEN };
const WORDS: Record<number, string> = { 1: 'görme', 2: 'ekleme', 3: 'değiştirme', 4: 'silme', 23: 'faturalaştırma' };

const may = (auth: Auth, d: Direction, action: number) => mayIn(auth, MODULE[d], action, auth.companyId);
function must(ctx: RequestContext, d: Direction, action: number) {
  if (!may(requireAuth(ctx), d, action)) throw problems.forbidden(`${d === 'IN' ? 'Alınan' : 'Verilen'} siparişleri ${WORDS[action]} yetkiniz yok.`);
}

interface OrderBody {
  id?: number; direction: Direction; orderKind?: 'NORMAL' | 'INSTRUCTED'; currentId: number; orderDate: string; explanation?: string | null;
  currencyId?: number | null; tagIds?: number[];
  products: { productId: number; quantity: number | string; unitPrice: number | string; discounts?: DiscountIn[]; taxId?: number | null }[];
}

/** Checks what an order names and computes its lines' totals with the invoice computation. */
async function resolveOrder(d: LedgerDb, companyId: number, b: OrderBody) {
  if (!isDay(b.orderDate)) throw problems.invalidField('orderDate', 'Geçerli bir tarih girin.', 'DATE');
  const current = await d.selectFrom('currents').select('id').where('company_id', '=', companyId).where('id', '=', b.currentId).executeTakeFirst();
  if (!current) throw problems.invalidField('currentId', 'Cari hesap bulunamadı.', 'CURRENT_NOT_FOUND');
  const currencyId = b.currencyId ?? 1;
  if (!(await d.selectFrom('currencies').select('id').where('id', '=', currencyId).executeTakeFirst())) throw problems.invalidField('currencyId', 'Para birimi bulunamadı.', 'CURRENCY');
  const ids = [...new Set(b.products.map((p) => p.productId))];
  const products = new Map((await d.selectFrom('products').select(['id', 'tax_id', 'product_type']).where('company_id', '=', companyId).where('id', 'in', ids).execute()).map((p) => [p.id, p]));
  const taxIds = [...new Set(b.products.map((p) => p.taxId ?? products.get(p.productId)?.tax_id ?? 0))].filter((x) => x > 0);
  const taxes = new Map((await d.selectFrom('taxes').select(['id', 'tax_type', 'percentage', 'exception_code']).where('company_id', '=', companyId)
    .where('id', 'in', taxIds.length ? taxIds : [0]).execute()).map((t) => [t.id, t]));
  const lines = b.products.map((l, i) => {
    const p = products.get(l.productId);
    if (!p) throw problems.invalidField(`products.${i}.productId`, 'Ürün bulunamadı.', 'PRODUCT_NOT_FOUND');
    const taxId = l.taxId ?? p.tax_id;
    const tax = taxes.get(taxId);
    if (!tax) throw problems.invalidField(`products.${i}.taxId`, 'Vergi bulunamadı.', 'TAX_NOT_FOUND');
    return {
      productId: p.id, taxId, quantity: String(l.quantity), unitPrice: String(l.unitPrice), discounts: l.discounts ?? [],
      movesStock: !p.product_type.startsWith('SERVICE_'), withholding: null,
      taxes: [{ taxId, taxType: tax.tax_type, percentage: new Decimal(tax.percentage).toString(), exceptionCode: tax.exception_code }],
    };
  });
  const totals = compute({ lines, discounts: [], payments: [], conversionRate: null });
  if (b.tagIds?.length) {
    const own = await d.selectFrom('tags').select('id').where('company_id', '=', companyId).where('id', 'in', b.tagIds).execute();
    if (own.length !== b.tagIds.length) throw problems.invalidField('tagIds', 'Etiket bulunamadı.', 'TAG_NOT_FOUND');
  }
  return { currencyId, lines, totals };
}

async function writeLines(d: LedgerDb, companyId: number, orderId: number, r: Awaited<ReturnType<typeof resolveOrder>>, tagIds: number[]) {
  await d.deleteFrom('order_lines').where('company_id', '=', companyId).where('order_id', '=', orderId).execute();
  await d.deleteFrom('order_tags').where('company_id', '=', companyId).where('order_id', '=', orderId).execute();
  await d.insertInto('order_lines').values(r.lines.map((l, i) => ({
    company_id: companyId, order_id: orderId, line_no: i + 1, product_id: l.productId, quantity: quantityFixed(l.quantity),
    unit_price: r.totals.lines[i]!.unitPrice, discounts: JSON.stringify(l.discounts), tax_id: l.taxId, total: r.totals.lines[i]!.total,
  }))).execute();
  if (tagIds.length) await d.insertInto('order_tags').values(tagIds.map((t) => ({ company_id: companyId, order_id: orderId, tag_id: t }))).execute();
}

/** What of each line the order's live (not cancelled) invoices took. */
function invoicedSql(companyId: number) {
  return sql<string>`coalesce((select sum(oi.quantity) from order_invoice_lines oi join invoices i on i.company_id = oi.company_id and i.id = oi.invoice_id
    where oi.company_id = ${companyId} and oi.order_line_id = l.id and i.status <> 'CANCELLED'), 0)`;
}

/** An order is completed when no line has anything left to invoice. */
const completedSql = (companyId: number) => sql<boolean>`not exists (select 1 from order_lines l where l.company_id = o.company_id and l.order_id = o.id
  and l.quantity > ${invoicedSql(companyId)})`;

async function orderView(d: LedgerDb, companyId: number, id: number) {
  const o = await d.selectFrom('orders as o').innerJoin('currents as c', (j) => j.onRef('c.company_id', '=', 'o.company_id').onRef('c.id', '=', 'o.current_id'))
    .select(['o.id', 'o.direction', 'o.order_kind', 'o.current_id', 'o.order_date', 'o.created_at', 'o.explanation', 'o.currency_id', 'o.total'])
    .select(sql<string>`concat_ws(' ', c.name, c.last_name)`.as('current_name'))
    .select(completedSql(companyId).as('completed'))
    .where('o.company_id', '=', companyId).where('o.id', '=', id).executeTakeFirst();
  if (!o) return undefined;
  const lines = await d.selectFrom('order_lines as l').innerJoin('products as p', (j) => j.onRef('p.company_id', '=', 'l.company_id').onRef('p.id', '=', 'l.product_id'))
    .select(['l.id', 'l.line_no', 'l.product_id', 'p.name', 'l.quantity', 'l.unit_price', 'l.discounts', 'l.tax_id', 'l.total'])
    .select(invoicedSql(companyId).as('invoiced'))
    .where('l.company_id', '=', companyId).where('l.order_id', '=', id).orderBy('l.line_no').execute();
  const tags = await d.selectFrom('order_tags as ot').innerJoin('tags as t', (j) => j.onRef('t.company_id', '=', 'ot.company_id').onRef('t.id', '=', 'ot.tag_id'))
    .select(['t.id', 't.name', 't.color']).where('ot.company_id', '=', companyId).where('ot.order_id', '=', id).orderBy('t.name').execute();
  const invoices = await d.selectFrom('order_invoice_lines as oi').innerJoin('order_lines as l', (j) => j.onRef('l.company_id', '=', 'oi.company_id').onRef('l.id', '=', 'oi.order_line_id'))
    .innerJoin('invoices as i', (j) => j.onRef('i.company_id', '=', 'oi.company_id').onRef('i.id', '=', 'oi.invoice_id'))
    .select('oi.invoice_id').distinct().where('oi.company_id', '=', companyId).where('l.order_id', '=', id).where('i.status', '<>', 'CANCELLED').orderBy('oi.invoice_id').execute();
  return {
    id: o.id, direction: o.direction, orderKind: o.order_kind, currentId: o.current_id, currentName: o.current_name, orderDate: o.order_date,
    createdDate: new Date(o.created_at).toISOString(), explanation: o.explanation, currencyId: o.currency_id, total: n(o.total),
    completion: o.completed ? 'COMPLETED' : 'PENDING', tags,
    products: lines.map((l) => ({
      id: l.id, lineNo: l.line_no, productId: l.product_id, productName: l.name, quantity: n(l.quantity), unitPrice: n(l.unit_price),
      discounts: l.discounts as unknown[], taxId: l.tax_id, total: n(l.total), invoiced: n(l.invoiced), remaining: new Decimal(l.quantity).minus(l.invoiced).toNumber(),
    })),
    invoiceIds: invoices.map((x) => x.invoice_id),
  };
}

async function orderOr404(ctx: RequestContext, id: number) {
  const v = await orderView(db(ctx), requireAuth(ctx).companyId, id);
  if (!v) throw problems.notFound('Sipariş');
  return v;
}

/** Writes a new order (the handler and the demo data). */
export async function writeOrder(d: LedgerDb, companyId: number, login: string | null, b: OrderBody): Promise<number> {
  const r = await resolveOrder(d, companyId, b);
  const row = await d.insertInto('orders').values({
    company_id: companyId, direction: b.direction, order_kind: b.orderKind ?? 'NORMAL', current_id: b.currentId, order_date: b.orderDate,
    explanation: b.explanation?.trim() || null, currency_id: r.currencyId, total: r.totals.totalAmount, created_by: login,
  }).returning('id').executeTakeFirstOrThrow();
  await writeLines(d, companyId, row.id, r, b.tagIds ?? []);
  return row.id;
}

const createOrder: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const b = ctx.body as OrderBody;
  must(ctx, b.direction, 2);
  const id = await writeOrder(db(ctx), auth.companyId, auth.login, b);
  ctx.setStatus(201);
  return orderOr404(ctx, id);
};

async function assertNothingInvoiced(d: LedgerDb, companyId: number, orderId: number) {
  const used = await d.selectFrom('order_invoice_lines as oi').innerJoin('order_lines as l', (j) => j.onRef('l.company_id', '=', 'oi.company_id').onRef('l.id', '=', 'oi.order_line_id'))
    .select('oi.invoice_id').where('oi.company_id', '=', companyId).where('l.order_id', '=', orderId).limit(1).executeTakeFirst();
  if (used) throw problems.conflict('Bu siparişten fatura kesildi; değiştirilemez ve silinemez.', 'ORDER_INVOICED');
}

const updateOrder: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const b = ctx.body as OrderBody & { id: number };
  const d = db(ctx);
  const before = await d.selectFrom('orders').select(['id', 'direction']).where('company_id', '=', auth.companyId).where('id', '=', b.id).forUpdate().executeTakeFirst();
  if (!before) throw problems.notFound('Sipariş');
  must(ctx, before.direction, 3);
  if (b.direction !== before.direction) throw problems.invalidField('direction', 'Siparişin yönü değiştirilemez.', 'DIRECTION_FIXED');
  await assertNothingInvoiced(d, auth.companyId, b.id);
  const r = await resolveOrder(d, auth.companyId, b);
  await d.updateTable('orders').set({
    order_kind: b.orderKind ?? 'NORMAL', current_id: b.currentId, order_date: b.orderDate, explanation: b.explanation?.trim() || null,
    currency_id: r.currencyId, total: r.totals.totalAmount,
  }).where('company_id', '=', auth.companyId).where('id', '=', b.id).execute();
  await writeLines(d, auth.companyId, b.id, r, b.tagIds ?? []);
  return orderOr404(ctx, b.id);
};

const getOrder: Handler = async (ctx) => {
  const v = await orderOr404(ctx, (ctx.params as { id: number }).id);
  must(ctx, v.direction, 1);
  return v;
};

const deleteOrder: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const d = db(ctx);
  const id = (ctx.params as { id: number }).id;
  const o = await d.selectFrom('orders').select(['id', 'direction']).where('company_id', '=', auth.companyId).where('id', '=', id).forUpdate().executeTakeFirst();
  if (!o) throw problems.notFound('Sipariş');
  must(ctx, o.direction, 4);
  await assertNothingInvoiced(d, auth.companyId, id);
  await d.deleteFrom('orders').where('company_id', '=', auth.companyId).where('id', '=', id).execute();
  ctx.setStatus(204);
  return null;
};

const listOrders: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const q = (ctx.query ?? {}) as { direction?: Direction; completion?: 'PENDING' | 'COMPLETED'; orderKind?: string; currentId?: number; startDate?: string; endDate?: string; search?: string };
  const seen = (['IN', 'OUT'] as const).filter((x) => may(auth, x, 1));
  if (q.direction && !seen.includes(q.direction)) must(ctx, q.direction, 1);
  const p = pageRequest(ctx, ['id', 'desc']);
  let base = db(ctx).selectFrom('orders as o').innerJoin('currents as c', (j) => j.onRef('c.company_id', '=', 'o.company_id').onRef('c.id', '=', 'o.current_id'))
    .where('o.company_id', '=', auth.companyId).where('o.direction', 'in', q.direction ? [q.direction] : seen);
  if (q.orderKind) base = base.where('o.order_kind', '=', q.orderKind as 'NORMAL');
  if (q.currentId !== undefined) base = base.where('o.current_id', '=', q.currentId);
  if (q.startDate) base = base.where('o.order_date', '>=', q.startDate);
  if (q.endDate) base = base.where('o.order_date', '<=', q.endDate);
  if (q.completion === 'COMPLETED') base = base.where(completedSql(auth.companyId));
  if (q.completion === 'PENDING') base = base.where(sql<boolean>`not (${completedSql(auth.companyId)})`);
  const search = q.search?.trim();
  if (search) {
    const like = likePattern(search);
    base = base.where((eb) => eb.or([eb('o.explanation', 'ilike', like), eb(sql<string>`concat_ws(' ', c.name, c.last_name)`, 'ilike', like)]));
  }
  const total = Number((await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const cols = { id: sql`o.id`, orderDate: sql`o.order_date`, total: sql`o.total` } as const;
  let rows = base.select('o.id');
  for (const [f, dir] of p.sort) rows = rows.orderBy(cols[f as keyof typeof cols] ?? sql`o.id`, dir);
  const ids = await rows.orderBy('o.id', 'desc').limit(p.size).offset(p.offset).execute();
  const views = [];
  for (const { id } of ids) views.push((await orderView(db(ctx), auth.companyId, id))!);
  return pageResult(ctx, views, total);
};

const orderToInvoice: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const id = (ctx.params as { id: number }).id;
  const b = (ctx.body ?? {}) as { date?: string; dueDate?: string | null; draft?: boolean; documentNo?: string | null; conversionRate?: number | string | null; lines?: { orderLineId: number; quantity: number | string }[] };
  const d = db(ctx);
  const o = await d.selectFrom('orders').select(['id', 'direction', 'current_id', 'currency_id', 'explanation']).where('company_id', '=', auth.companyId).where('id', '=', id).forUpdate().executeTakeFirst();
  if (!o) throw problems.notFound('Sipariş');
  must(ctx, o.direction, 23);
  const view = (await orderView(d, auth.companyId, id))!;
  const wanted = b.lines?.length
    ? b.lines.map((l, i) => {
      const line = view.products.find((x) => x.id === l.orderLineId);
      if (!line) throw problems.invalidField(`lines.${i}.orderLineId`, 'Bu siparişin böyle bir satırı yok.', 'ORDER_LINE_NOT_FOUND');
      const q = quantity(l.quantity, `lines.${i}.quantity`);
      if (q.gt(line.remaining)) throw problems.invalidField(`lines.${i}.quantity`, `Bu satırdan faturalanacak en fazla ${quantityText(line.remaining)} kaldı.`, 'ABOVE_REMAINING');
      return { line, quantity: q };
    })
    : view.products.filter((x) => x.remaining > 0).map((line) => ({ line, quantity: new Decimal(line.remaining) }));
  if (!wanted.length) throw problems.conflict('Siparişte faturalanacak bir şey kalmadı.', 'ORDER_COMPLETED');
  const { id: invoiceId } = await writeInvoice(d, auth.companyId, auth.login, {
    invoiceType: o.direction === 'IN' ? 'SALE' : 'BUYING', draft: b.draft ?? false, currentId: o.current_id, date: b.date ?? today(ctx), dueDate: b.dueDate ?? null,
    documentNo: o.direction === 'OUT' ? b.documentNo ?? null : null, currencyId: o.currency_id, conversionRate: b.conversionRate ?? null,
    explanation: o.explanation ? `Sipariş ${o.id}: ${o.explanation}` : `Sipariş ${o.id}`,
    products: wanted.map((w) => ({
      productId: w.line.productId, quantity: quantityFixed(w.quantity), unitPrice: String(w.line.unitPrice), discounts: w.line.discounts as DiscountIn[],
      ...(w.line.taxId ? { taxes: [{ taxId: w.line.taxId }] } : {}),
    })),
  });
  await d.insertInto('order_invoice_lines').values(wanted.map((w) => ({ company_id: auth.companyId, order_line_id: w.line.id, invoice_id: invoiceId, quantity: quantityFixed(w.quantity) }))).execute();
  if (!(b.draft ?? false)) ctx.emit('accounting.invoice.posted', { invoiceId, invoiceType: o.direction === 'IN' ? 'SALE' : 'BUYING' });
  ctx.audit({ action: 'accounting.order.invoiced', entity: 'order', entityId: id, detail: { invoiceId } });
  ctx.setStatus(201);
  return invoiceView(d, auth.companyId, invoiceId);
};

export const orderHandlers: Record<string, Handler> = { listOrders, createOrder, updateOrder, getOrder, deleteOrder, orderToInvoice };
