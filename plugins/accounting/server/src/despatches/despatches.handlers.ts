import Decimal from 'decimal.js';
import { sql } from 'kysely';
import { Action, Module } from '@tezgah/core';
import { unitPriceFor } from '@tezgah/core/invoice';
import { likePattern, mayIn, pageRequest, pageResult, problems, requireAuth, tables, type Handler, type RequestContext } from '@tezgah/server';
import type { AccountingTables } from '../schema';
import type { LedgerDb } from '../ledger/accounts';
import { isDay } from '../ledger/posting';
import { today } from '../ledger/dates';
import { currencyOf, liraRate } from '../banks/rates';
import { allowsNegativeStock } from '../invoices/posting';
import { invoiceView, writeInvoice } from '../invoices/invoices.handlers';
import { quantity, quantityFixed, type InvoiceBody } from '../invoices/input';
import { moveLines, type Db } from '../warehouses/warehouses.repository';
import { runDespatchChanging } from '../invoices/locks';

/**
 * Despatches (irsaliye; module DESPATCH 26): an incoming one (IN) puts its delivered quantities
 * into the warehouses, an outgoing one (OUT) takes them out, when written; a line's later-sent
 * quantity is only noted. An edit puts the stock back and moves it again as the despatch now
 * reads; DELETE cancels (stock back, the despatch kept). Both are refused once an invoice that is
 * not cancelled is made from it. `to-invoice` writes one invoice from one or more despatches
 * through the invoices area; its lines name the despatch lines and move no stock.
 */

type Direction = 'IN' | 'OUT';
const db = (ctx: RequestContext): LedgerDb => tables<AccountingTables>(ctx);
const n = (v: string | number) => new Decimal(v).toNumber();
const bad = (field: string, message: string, code: string) => problems.invalidField(field, message, code);
/** The series an outgoing despatch without a number takes (GİB's form: 3 characters + year + 9 digits). */
export const DESPATCH_SERIES = 'IRS';

function must(ctx: RequestContext, action: number, words: string) {
  const auth = requireAuth(ctx);
  if (!mayIn(auth, Module.DESPATCH, action, auth.companyId)) throw problems.forbidden(`İrsaliyeleri ${words} yetkiniz yok.`);
}

export interface DespatchBody {
  id?: number; direction: Direction; currentId: number; despatchDate: string; shipmentDate?: string | null; waybillNo?: string | null;
  bookletNo?: string | null; deliveryAddress?: string | null; explanation?: string | null;
  products: { productId: number; quantity: number | string; laterSentQuantity?: number | string | null; warehouseId?: number | null; unitPrice?: number | string | null; explanation?: string | null }[];
}

const text = (v: string | null | undefined) => v?.trim() || null;

/**
 * Checks what a despatch names (current, products, warehouses) in the company and fills the
 * defaults. One statement reads all of it with the fallback warehouse, the company's stock
 * setting and, when a waybill number is given, whether it is taken (`waybill`: the number, and
 * the despatch an edit leaves out): once per company for what it sends, once per supplier for what
 * it receives.
 */
async function resolveDespatch(d: LedgerDb, companyId: number, b: DespatchBody, waybill?: { no: string | null; exceptId: number | null }) {
  if (!isDay(b.despatchDate)) throw bad('despatchDate', 'Geçerli bir tarih girin.', 'DATE');
  const shipmentDate = b.shipmentDate ?? b.despatchDate;
  if (!isDay(shipmentDate)) throw bad('shipmentDate', 'Geçerli bir tarih girin.', 'DATE');
  if (shipmentDate < b.despatchDate) throw bad('shipmentDate', 'Sevk tarihi irsaliye tarihinden önce olamaz.', 'SHIPMENT_BEFORE_DATE');
  const c = companyId;
  const ids = [...new Set(b.products.map((p) => p.productId))];
  const warehouseIds = [...new Set(b.products.map((p) => p.warehouseId).filter((x): x is number => !!x))];
  const no = waybill?.no ?? null;
  const found = (await sql<{
    current: number | null; products: { id: number; name: string; product_type: string; status: string; warehouse_id: number | null }[] | null;
    warehouses: { id: number; name: string }[] | null; fallback: number | null; allow_negative: boolean | null; taken: boolean;
  }>`
    select (select id from currents where company_id = ${c} and id = ${b.currentId}) as current,
           (select json_agg(json_build_object('id', id, 'name', name, 'product_type', product_type, 'status', status, 'warehouse_id', warehouse_id))
              from products where company_id = ${c} and id = any(${ids}::bigint[])) as products,
           (select json_agg(json_build_object('id', id, 'name', name)) from warehouses where company_id = ${c}
               and (id = any(${warehouseIds}::bigint[]) or id in (select warehouse_id from products where company_id = ${c} and id = any(${ids}::bigint[]))
                 or id = (select id from warehouses where company_id = ${c} order by is_default desc, main desc, id limit 1))) as warehouses,
           (select id from warehouses where company_id = ${c} order by is_default desc, main desc, id limit 1) as fallback,
           (select allow_negative from stock_settings where company_id = ${c}) as allow_negative,
           ${no === null ? sql`false` : sql`exists (select 1 from despatches where company_id = ${c} and direction = ${b.direction} and waybill_no = ${no} and status = 'ACTIVE'
              ${b.direction === 'IN' ? sql`and current_id = ${b.currentId}` : sql``} ${waybill?.exceptId != null ? sql`and id <> ${waybill.exceptId}` : sql``})`} as taken`.execute(d)).rows[0]!;
  if (found.current === null) throw bad('currentId', 'Cari hesap bulunamadı.', 'CURRENT_NOT_FOUND');
  const products = new Map((found.products ?? []).map((p) => [Number(p.id), { ...p, id: Number(p.id), warehouse_id: p.warehouse_id === null ? null : Number(p.warehouse_id) }]));
  const names = new Map((found.warehouses ?? []).map((w) => [Number(w.id), w.name]));
  const warehouses = new Set(warehouseIds.filter((id) => names.has(id)));
  const fallback = found.fallback === null ? null : Number(found.fallback);
  const lines = b.products.map((l, i) => {
    const at = `products.${i}`;
    const p = products.get(l.productId);
    if (!p) throw bad(`${at}.productId`, 'Ürün bulunamadı.', 'PRODUCT_NOT_FOUND');
    if (p.status !== 'ACTIVE') throw bad(`${at}.productId`, `${p.name} pasif; irsaliyeye eklenemez.`, 'PRODUCT_PASSIVE');
    if (p.product_type.startsWith('SERVICE_')) throw bad(`${at}.productId`, `${p.name} bir hizmet; irsaliye mal sevkiyatı içindir.`, 'SERVICE_ON_DESPATCH');
    let warehouseId: number;
    if (l.warehouseId) {
      if (!warehouses.has(l.warehouseId)) throw bad(`${at}.warehouseId`, 'Depo bulunamadı.', 'WAREHOUSE_NOT_FOUND');
      warehouseId = l.warehouseId;
    } else {
      const w = p.warehouse_id ?? fallback;
      if (w === null) throw bad(`${at}.warehouseId`, 'Şirketin deposu yok; önce bir depo ekleyin.', 'WAREHOUSE_REQUIRED');
      warehouseId = w;
    }
    let unitPrice: string | null = null;
    if (l.unitPrice !== undefined && l.unitPrice !== null) {
      let u: Decimal;
      try { u = new Decimal(String(l.unitPrice).trim()); } catch { throw bad(`${at}.unitPrice`, 'Geçerli bir fiyat girin.', 'PRICE'); }
      if (!u.isFinite() || u.lt(0)) throw bad(`${at}.unitPrice`, 'Fiyat sıfırdan küçük olamaz.', 'PRICE');
      if (u.decimalPlaces() > 8) throw bad(`${at}.unitPrice`, 'Birim fiyat en fazla sekiz ondalık basamak taşır.', 'PRICE');
      unitPrice = u.toFixed(8);
    }
    return {
      productId: p.id, productName: p.name, warehouseId, warehouseName: names.get(warehouseId) ?? '', quantity: quantityFixed(quantity(l.quantity, `${at}.quantity`)),
      laterSent: quantityFixed(quantity(l.laterSentQuantity ?? 0, `${at}.laterSentQuantity`, true)), unitPrice, explanation: text(l.explanation),
    };
  });
  if (found.taken) {
    throw bad('waybillNo', b.direction === 'IN' ? `Bu tedarikçinin ${no} numaralı irsaliyesi zaten girilmiş.` : `${no} numaralı irsaliye zaten var.`, 'WAYBILL_NO_TAKEN');
  }
  return { shipmentDate, lines, allowNegative: found.allow_negative ?? false };
}

/**
 * Moves (POST) or puts back (UNDO) a despatch's delivered quantities: products locked in id
 * order, then their warehouse rows, as the invoices do, so the two never deadlock.
 */
async function moveStock(d: LedgerDb, companyId: number, despatchId: number, direction: Direction, how: 'POST' | 'UNDO', by: string | null, why: string,
  known?: { rows: { line_no: number; product_id: number; warehouse_id: number; quantity: string; product_name: string; warehouse_name: string }[]; allowNegative: boolean }) {
  const rows = known ? known.rows : await d.selectFrom('despatch_lines as l').innerJoin('products as p', (j) => j.onRef('p.company_id', '=', 'l.company_id').onRef('p.id', '=', 'l.product_id'))
    .innerJoin('warehouses as w', (j) => j.onRef('w.company_id', '=', 'l.company_id').onRef('w.id', '=', 'l.warehouse_id'))
    .select(['l.line_no', 'l.product_id', 'l.warehouse_id', 'l.quantity', 'p.name as product_name', 'w.name as warehouse_name'])
    .where('l.company_id', '=', companyId).where('l.despatch_id', '=', despatchId)
    .orderBy('l.product_id').orderBy('l.warehouse_id').orderBy('l.line_no').execute();
  const out = (direction === 'OUT') === (how === 'POST');
  await moveLines(d as Db, companyId, rows, {
    kind: `DESPATCH_${direction}${how === 'UNDO' ? '_CANCEL' : ''}`, stockType: out ? 'OUT' : 'IN', reason: 'DESPATCH', despatchId, explanation: why,
    createdBy: by, allowNegative: known ? known.allowNegative : await allowsNegativeStock(d, companyId),
  }, async (r, detail) => problems.conflict(`${r.product_name} için ${r.warehouse_name} deposunda stok yetersiz. ${detail}`.trim(), 'INSUFFICIENT_STOCK', `products.${r.line_no - 1}.quantity`));
}

type Resolved = Awaited<ReturnType<typeof resolveDespatch>>;

async function writeLines(d: LedgerDb, companyId: number, despatchId: number, r: Resolved) {
  await d.deleteFrom('despatch_lines').where('company_id', '=', companyId).where('despatch_id', '=', despatchId).execute();
  await d.insertInto('despatch_lines').values(r.lines.map((l, i) => ({
    company_id: companyId, despatch_id: despatchId, line_no: i + 1, product_id: l.productId, warehouse_id: l.warehouseId, quantity: l.quantity,
    later_sent_quantity: l.laterSent, unit_price: l.unitPrice, explanation: l.explanation,
  }))).execute();
}

const label = (direction: Direction, no: string | null, id: number) => `${direction === 'IN' ? 'Gelen irsaliye' : 'Giden irsaliye'} ${no ?? `#${id}`}`;

/** What of each line the invoices that are not cancelled took. */
const invoicedSql = (companyId: number) => sql<string>`coalesce((select sum(il.quantity) from invoice_lines il join invoices i on i.company_id = il.company_id and i.id = il.invoice_id
  where il.company_id = ${companyId} and il.despatch_line_id = l.id and i.status <> 'CANCELLED'), 0)`;
/** NOT_INVOICED, PARTLY or INVOICED, from its lines. */
const invoicingSql = (companyId: number) => sql<'NOT_INVOICED' | 'PARTLY' | 'INVOICED'>`(select case
    when coalesce(sum(x.invoiced), 0) = 0 then 'NOT_INVOICED'
    when bool_and(x.invoiced >= x.quantity) then 'INVOICED' else 'PARTLY' end
  from (select l.quantity, ${invoicedSql(companyId)} as invoiced from despatch_lines l where l.company_id = dp.company_id and l.despatch_id = dp.id) x)`;

export async function despatchView(d: LedgerDb, companyId: number, id: number) {
  const o = await d.selectFrom('despatches as dp').innerJoin('currents as c', (j) => j.onRef('c.company_id', '=', 'dp.company_id').onRef('c.id', '=', 'dp.current_id'))
    .select(['dp.id', 'dp.direction', 'dp.status', 'dp.current_id', 'dp.despatch_date', 'dp.shipment_date', 'dp.waybill_no', 'dp.booklet_no', 'dp.delivery_address',
      'dp.explanation', 'dp.created_by', 'dp.created_at', 'dp.cancelled_at'])
    .select(sql<string>`concat_ws(' ', c.name, c.last_name)`.as('current_name'))
    .select(invoicingSql(companyId).as('invoicing'))
    .select(sql<number>`(select count(*)::int from despatch_attachments a where a.company_id = dp.company_id and a.despatch_id = dp.id)`.as('attachments'))
    .where('dp.company_id', '=', companyId).where('dp.id', '=', id).executeTakeFirst();
  if (!o) return undefined;
  const [lines, invoices] = await Promise.all([
    d.selectFrom('despatch_lines as l').innerJoin('products as p', (j) => j.onRef('p.company_id', '=', 'l.company_id').onRef('p.id', '=', 'l.product_id'))
      .innerJoin('warehouses as w', (j) => j.onRef('w.company_id', '=', 'l.company_id').onRef('w.id', '=', 'l.warehouse_id'))
      .leftJoin('units as u', (j) => j.onRef('u.company_id', '=', 'p.company_id').onRef('u.id', '=', 'p.unit_id'))
      .select(['l.id', 'l.line_no', 'l.product_id', 'p.name', 'p.barcode', 'u.name as unit_name', 'l.quantity', 'l.later_sent_quantity', 'l.warehouse_id', 'w.name as warehouse_name', 'l.unit_price', 'l.explanation'])
      .select(invoicedSql(companyId).as('invoiced'))
      .where('l.company_id', '=', companyId).where('l.despatch_id', '=', id).orderBy('l.line_no').execute(),
    d.selectFrom('invoice_lines as il').innerJoin('despatch_lines as l', (j) => j.onRef('l.company_id', '=', 'il.company_id').onRef('l.id', '=', 'il.despatch_line_id'))
      .innerJoin('invoices as i', (j) => j.onRef('i.company_id', '=', 'il.company_id').onRef('i.id', '=', 'il.invoice_id'))
      .select('il.invoice_id').distinct().where('il.company_id', '=', companyId).where('l.despatch_id', '=', id).where('i.status', '<>', 'CANCELLED')
      .orderBy('il.invoice_id').execute(),
  ]);
  return {
    id: o.id, direction: o.direction, status: o.status, currentId: o.current_id, currentName: o.current_name, despatchDate: o.despatch_date,
    shipmentDate: o.shipment_date, waybillNo: o.waybill_no, bookletNo: o.booklet_no, explanation: o.explanation, deliveryAddress: o.delivery_address,
    invoicing: o.invoicing,
    products: lines.map((l) => ({
      id: l.id, lineNo: l.line_no, productId: l.product_id, productName: l.name, barcode: l.barcode, unitName: l.unit_name ?? 'Adet',
      quantity: n(l.quantity), laterSentQuantity: n(l.later_sent_quantity), warehouseId: l.warehouse_id, warehouseName: l.warehouse_name,
      unitPrice: l.unit_price === null ? null : n(l.unit_price), explanation: l.explanation, invoiced: n(l.invoiced),
      remaining: new Decimal(l.quantity).minus(l.invoiced).toNumber(),
    })),
    invoiceIds: invoices.map((x) => x.invoice_id), attachmentCount: Number(o.attachments), createdBy: o.created_by,
    createdDate: new Date(o.created_at).toISOString(), cancelledAt: o.cancelled_at === null ? null : new Date(o.cancelled_at).toISOString(),
  };
}
export type DespatchView = NonNullable<Awaited<ReturnType<typeof despatchView>>>;

async function despatchOr404(ctx: RequestContext, id: number) {
  const v = await despatchView(db(ctx), requireAuth(ctx).companyId, id);
  if (!v) throw problems.notFound('İrsaliye');
  return v;
}

/**
 * Writes a new despatch and moves its stock (the handler and the demo data): its reads are one
 * statement (resolveDespatch); an outgoing one's next number in its series (the series row stays
 * locked to the commit: numbers without gaps), the despatch and its lines are one more, of
 * data-modifying CTEs; then the stock, from what was resolved (its two statements).
 */
export async function writeDespatch(d: LedgerDb, companyId: number, login: string | null, b: DespatchBody): Promise<number> {
  let waybillNo = text(b.waybillNo);
  const r = await resolveDespatch(d, companyId, b, { no: waybillNo, exceptId: null });
  const numbered = !waybillNo && b.direction === 'OUT';
  const year = Number(b.despatchDate.slice(0, 4));
  const parts = [];
  if (numbered) {
    parts.push(sql`num as (insert into despatch_series (company_id, series, year, last_no) values (${companyId}, ${DESPATCH_SERIES}, ${year}, 1)
      on conflict (company_id, series, year) do update set last_no = despatch_series.last_no + 1 returning last_no)`);
  }
  parts.push(sql`dp as (insert into despatches (company_id, direction, current_id, despatch_date, shipment_date, waybill_no, booklet_no, delivery_address, explanation, created_by)
    values (${companyId}, ${b.direction}, ${b.currentId}, ${b.despatchDate}, ${r.shipmentDate},
            ${numbered ? sql`(select ${`${DESPATCH_SERIES}${year}`}::text || lpad(last_no::text, 9, '0') from num)` : waybillNo},
            ${text(b.bookletNo)}, ${text(b.deliveryAddress)}, ${text(b.explanation)}, ${login}) returning id)`);
  parts.push(sql`lines as (insert into despatch_lines (company_id, despatch_id, line_no, product_id, warehouse_id, quantity, later_sent_quantity, unit_price, explanation)
    values ${sql.join(r.lines.map((l, i) => sql`(${companyId}, (select id from dp), ${i + 1}, ${l.productId}, ${l.warehouseId}, ${l.quantity}, ${l.laterSent}, ${l.unitPrice}, ${l.explanation})`))})`);
  const out = (await sql<{ id: number; seq: number | null }>`with ${sql.join(parts)}
    select dp.id, ${numbered ? sql`(select last_no from num)` : sql`null::int`} as seq from dp`.execute(d)).rows[0]!;
  const id = Number(out.id);
  if (numbered) {
    const seq = Number(out.seq);
    if (seq > 999_999_999) throw problems.conflict(`${DESPATCH_SERIES} serisinin ${year} numaraları bitti.`, 'SERIES_FULL', 'waybillNo');
    waybillNo = `${DESPATCH_SERIES}${year}${String(seq).padStart(9, '0')}`;
  }
  const rows = r.lines.map((l, i) => ({ line_no: i + 1, product_id: l.productId, warehouse_id: l.warehouseId, quantity: l.quantity, product_name: l.productName, warehouse_name: l.warehouseName }))
    .sort((a, b) => a.product_id - b.product_id || a.warehouse_id - b.warehouse_id || a.line_no - b.line_no);
  await moveStock(d, companyId, id, b.direction, 'POST', login, label(b.direction, waybillNo, id), { rows, allowNegative: r.allowNegative });
  return id;
}

const createDespatch: Handler = async (ctx) => {
  must(ctx, Action.CREATE, 'ekleme');
  const auth = requireAuth(ctx);
  const id = await writeDespatch(db(ctx), auth.companyId, auth.login, ctx.body as DespatchBody);
  ctx.audit({ action: 'accounting.despatch.created', entity: 'despatch', entityId: id });
  ctx.setStatus(201);
  return despatchOr404(ctx, id);
};

/** The despatch, locked; 404 when it is not the company's, 409 when cancelled or invoiced. */
async function changeable(d: LedgerDb, companyId: number, id: number) {
  const o = await d.selectFrom('despatches').select(['id', 'direction', 'status', 'waybill_no'])
    .where('company_id', '=', companyId).where('id', '=', id).forUpdate().executeTakeFirst();
  if (!o) throw problems.notFound('İrsaliye');
  if (o.status === 'CANCELLED') throw problems.conflict('İptal edilmiş irsaliye değiştirilemez.', 'DESPATCH_CANCELLED');
  const used = await d.selectFrom('invoice_lines as il').innerJoin('despatch_lines as l', (j) => j.onRef('l.company_id', '=', 'il.company_id').onRef('l.id', '=', 'il.despatch_line_id'))
    .innerJoin('invoices as i', (j) => j.onRef('i.company_id', '=', 'il.company_id').onRef('i.id', '=', 'il.invoice_id'))
    .select(['i.id', 'i.document_no']).where('il.company_id', '=', companyId).where('l.despatch_id', '=', id).where('i.status', '<>', 'CANCELLED')
    .limit(1).executeTakeFirst();
  if (used) {
    throw problems.conflict(`Bu irsaliyeden fatura kesildi (${used.document_no ?? `#${used.id}`}); değiştirilemez ve iptal edilemez. Önce faturayı iptal edin.`, 'DESPATCH_INVOICED');
  }
  return o;
}

const updateDespatch: Handler = async (ctx) => {
  must(ctx, Action.UPDATE, 'değiştirme');
  const auth = requireAuth(ctx);
  const b = ctx.body as DespatchBody & { id: number };
  const d = db(ctx);
  const before = await changeable(d, auth.companyId, b.id);
  await runDespatchChanging(ctx.services, d, auth.companyId, { despatchId: b.id, action: 'UPDATE', at: ctx.services.now() });
  if (b.direction !== before.direction) throw bad('direction', 'İrsaliyenin yönü (gelen / giden) değiştirilemez.', 'DIRECTION_FIXED');
  // An outgoing despatch keeps its number when none is given.
  const waybillNo = text(b.waybillNo) ?? (before.direction === 'OUT' ? before.waybill_no : null);
  const r = await resolveDespatch(d, auth.companyId, b, { no: waybillNo, exceptId: b.id });
  await moveStock(d, auth.companyId, b.id, before.direction, 'UNDO', auth.login, `Düzeltme: ${label(before.direction, before.waybill_no, b.id)}`);
  await d.updateTable('despatches').set({
    current_id: b.currentId, despatch_date: b.despatchDate, shipment_date: r.shipmentDate, waybill_no: waybillNo, booklet_no: text(b.bookletNo),
    delivery_address: text(b.deliveryAddress), explanation: text(b.explanation),
  }).where('company_id', '=', auth.companyId).where('id', '=', b.id).execute();
  await writeLines(d, auth.companyId, b.id, r);
  await moveStock(d, auth.companyId, b.id, before.direction, 'POST', auth.login, label(before.direction, waybillNo, b.id));
  ctx.audit({ action: 'accounting.despatch.updated', entity: 'despatch', entityId: b.id });
  return despatchOr404(ctx, b.id);
};

const getDespatch: Handler = async (ctx) => despatchOr404(ctx, (ctx.params as { id: number }).id);

const deleteDespatch: Handler = async (ctx) => {
  must(ctx, Action.DELETE, 'iptal etme');
  const auth = requireAuth(ctx);
  const id = (ctx.params as { id: number }).id;
  const d = db(ctx);
  const o = await changeable(d, auth.companyId, id);
  await runDespatchChanging(ctx.services, d, auth.companyId, { despatchId: id, action: 'CANCEL', at: ctx.services.now() });
  await moveStock(d, auth.companyId, id, o.direction, 'UNDO', auth.login, `İptal: ${label(o.direction, o.waybill_no, id)}`);
  await d.updateTable('despatches').set({ status: 'CANCELLED', cancelled_at: ctx.services.now(), cancelled_by: auth.login })
    .where('company_id', '=', auth.companyId).where('id', '=', id).execute();
  ctx.audit({ action: 'accounting.despatch.cancelled', entity: 'despatch', entityId: id, detail: { waybillNo: o.waybill_no } });
  ctx.setStatus(204);
  return null;
};

const listDespatches: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const q = (ctx.query ?? {}) as { direction?: Direction; status?: 'ACTIVE' | 'CANCELLED'; invoicing?: string; currentId?: number; startDate?: string; endDate?: string; search?: string };
  const p = pageRequest(ctx, ['id', 'desc']);
  let base = db(ctx).selectFrom('despatches as dp').innerJoin('currents as c', (j) => j.onRef('c.company_id', '=', 'dp.company_id').onRef('c.id', '=', 'dp.current_id'))
    .where('dp.company_id', '=', auth.companyId);
  if (q.direction) base = base.where('dp.direction', '=', q.direction);
  if (q.status) base = base.where('dp.status', '=', q.status);
  if (q.currentId !== undefined) base = base.where('dp.current_id', '=', q.currentId);
  if (q.startDate) base = base.where('dp.despatch_date', '>=', q.startDate);
  if (q.endDate) base = base.where('dp.despatch_date', '<=', q.endDate);
  if (q.invoicing) base = base.where(sql<boolean>`${invoicingSql(auth.companyId)} = ${q.invoicing}`);
  const search = q.search?.trim();
  if (search) {
    const like = likePattern(search);
    base = base.where((eb) => eb.or([eb('dp.waybill_no', 'ilike', like), eb('dp.booklet_no', 'ilike', like), eb('dp.explanation', 'ilike', like),
      eb(sql<string>`concat_ws(' ', c.name, c.last_name)`, 'ilike', like)]));
  }
  const total = Number((await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const cols = { id: sql`dp.id`, despatchDate: sql`dp.despatch_date`, waybillNo: sql`dp.waybill_no` } as const;
  let rows = base.select('dp.id');
  for (const [f, dir] of p.sort) rows = rows.orderBy(cols[f as keyof typeof cols] ?? sql`dp.id`, dir);
  const ids = await rows.orderBy('dp.id', 'desc').limit(p.size).offset(p.offset).execute();
  const views = [];
  for (const { id } of ids) views.push((await despatchView(db(ctx), auth.companyId, id))!);
  return pageResult(ctx, views, total);
};

/**
 * The invoice lines for what is not yet invoiced of despatch lines: at the line's price or else the
 * product's (converted to lira at `date`'s TCMB rate), each naming its despatch line. 409
 * RATE_REQUIRED / PRICE_REQUIRED when a line cannot be priced (unless a draft). Used by
 * to-invoice and by the missing-invoice source of outgoing despatches.
 */
export async function invoiceLinesOf(d: LedgerDb, companyId: number, open: { v: DespatchView; l: DespatchView['products'][number] }[], invoiceType: 'SALE' | 'BUYING', date: string, draft: boolean): Promise<InvoiceBody['products']> {
  const products = new Map((await d.selectFrom('products').select(['id', 'name', 'sale_price', 'sale_currency_id', 'buying_price', 'buying_currency_id'])
    .where('company_id', '=', companyId).where('id', 'in', [...new Set(open.map((x) => x.l.productId))]).execute()).map((p) => [p.id, p]));
  const rates = new Map<number, string>();
  for (const p of products.values()) {
    const cid = invoiceType === 'SALE' ? p.sale_currency_id : p.buying_currency_id;
    if (rates.has(cid)) continue;
    const r = await liraRate(d, date, await currencyOf(d, cid), null, 'date').catch(() => null);
    if (r) rates.set(cid, r.toString());
  }
  const lines: InvoiceBody['products'] = open.map(({ v, l }) => {
    const p = products.get(l.productId)!;
    let price = l.unitPrice === null ? null : new Decimal(l.unitPrice).toFixed(8);
    if (price === null) {
      try {
        price = unitPriceFor({ salePrice: p.sale_price, buyingPrice: p.buying_price, saleCurrencyId: p.sale_currency_id, buyingCurrencyId: p.buying_currency_id },
          invoiceType, 1, (cid) => { const r = rates.get(cid); if (!r) throw new Error('rate'); return r; });
      } catch {
        throw problems.conflict(`${p.name} ürününün fiyatı ${date} kuru olmadan liraya çevrilemiyor; ${v.waybillNo ?? `#${v.id}`} irsaliyesinin satırına birim fiyat yazın.`, 'RATE_REQUIRED');
      }
    }
    if (price === null && !draft) {
      throw problems.conflict(`${p.name} ürününün ${invoiceType === 'SALE' ? 'satış' : 'alış'} fiyatı yok ve ${v.waybillNo ?? `#${v.id}`} irsaliyesinin satırında da fiyat yok; fiyatı yazın ya da taslak fatura oluşturup fiyatı orada girin.`, 'PRICE_REQUIRED');
    }
    return { productId: l.productId, quantity: quantityFixed(l.remaining), unitPrice: price ?? '0', despatchLineId: l.id };
  });
  return lines;
}

/**
 * One invoice from despatches of one current and direction: every line's quantity not yet
 * invoiced, at the line's price or the product's, with the product's tax; each invoice line names
 * its despatch line, so the invoice moves no stock.
 */
const despatchesToInvoice: Handler = async (ctx) => {
  must(ctx, Action.INVOICE_EXPORT, 'faturalaştırma');
  const auth = requireAuth(ctx);
  const b = ctx.body as { despatchIds: number[]; date?: string; dueDate?: string | null; draft?: boolean; documentNo?: string | null };
  const d = db(ctx);
  const heads = await d.selectFrom('despatches').select(['id', 'direction', 'status', 'current_id', 'waybill_no'])
    .where('company_id', '=', auth.companyId).where('id', 'in', b.despatchIds).orderBy('id').forUpdate().execute();
  for (const [i, id] of b.despatchIds.entries()) if (!heads.some((h) => h.id === id)) throw bad(`despatchIds.${i}`, 'İrsaliye bulunamadı.', 'DESPATCH_NOT_FOUND');
  const first = heads[0]!;
  for (const h of heads) {
    const at = `despatchIds.${b.despatchIds.indexOf(h.id)}`;
    if (h.status !== 'ACTIVE') throw bad(at, `${h.waybill_no ?? `#${h.id}`} irsaliyesi iptal edilmiş.`, 'DESPATCH_CANCELLED');
    if (h.current_id !== first.current_id || h.direction !== first.direction) {
      throw bad(at, 'Bir faturaya aynı carinin ve aynı yöndeki (gelen ya da giden) irsaliyeleri birleştirilebilir.', 'DESPATCH_MIX');
    }
  }
  const invoiceType = first.direction === 'OUT' ? 'SALE' : 'BUYING';
  const module = invoiceType === 'SALE' ? Module.SALES : Module.EXPENSE;
  if (!mayIn(auth, module, Action.CREATE, auth.companyId)) throw problems.forbidden(`${invoiceType === 'SALE' ? 'Satış' : 'Alış'} faturası ekleme yetkiniz yok.`);

  const views = [];
  for (const h of heads) views.push((await despatchView(d, auth.companyId, h.id))!);
  const open = views.flatMap((v) => v.products.filter((l) => l.remaining > 0).map((l) => ({ v, l })));
  if (!open.length) throw problems.conflict('Seçilen irsaliyelerde faturalanacak bir şey kalmadı.', 'DESPATCH_INVOICED');

  const date = b.date ?? today(ctx);
  const lines = await invoiceLinesOf(d, auth.companyId, open, invoiceType, date, b.draft ?? false);
  const numbers = views.map((v) => v.waybillNo ?? `#${v.id}`);
  const { id: invoiceId, resolved } = await writeInvoice(d, auth.companyId, auth.login, {
    invoiceType, draft: b.draft ?? false, currentId: first.current_id, date, dueDate: b.dueDate ?? null,
    documentNo: invoiceType === 'BUYING' ? b.documentNo ?? null : null, explanation: `İrsaliye: ${numbers.join(', ')}`.slice(0, 500), products: lines,
  });
  if (!resolved.draft) ctx.emit('accounting.invoice.posted', { invoiceId, invoiceType });
  ctx.audit({ action: 'accounting.despatch.invoiced', entity: 'invoice', entityId: invoiceId, detail: { despatchIds: b.despatchIds } });
  ctx.setStatus(201);
  return invoiceView(d, auth.companyId, invoiceId);
};

export const despatchHandlers: Record<string, Handler> = { listDespatches, createDespatch, updateDespatch, getDespatch, deleteDespatch, despatchesToInvoice };
