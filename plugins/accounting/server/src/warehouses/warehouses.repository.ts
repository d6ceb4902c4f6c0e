import { sql, type Transaction } from 'kysely';
import { formatQuantity } from '@tezgah/core';
import { likePattern, problems, type KernelTables } from '@tezgah/server';
import type { AccountingTables } from '../schema';

/** The request's transaction with the kernel's and the plugin's tables. */
export type Db = Transaction<KernelTables & AccountingTables>;

export type SortDir = 'asc' | 'desc';
export interface Paging { sort: [string, SortDir][]; limit: number; offset: number }

/**
 * Quantities are numeric(18, 3): compared and summed in thousandths, so no float creeps in (the
 * contract's 12 integer digits keep them below 2^53).
 */
export const thousandths = (v: string | number | null | undefined): number => Math.round(Number(v ?? 0) * 1000);

// --- warehouses -------------------------------------------------------------------------------

export interface WarehouseRow { id: number; name: string; address: string | null; main: boolean; is_default: boolean }

export const DEFAULT_WAREHOUSE_NAME = 'Merkez Depo';

export async function insertWarehouse(db: Db, companyId: number, w: { name: string; address: string | null; main: boolean; isDefault: boolean }): Promise<WarehouseRow> {
  if (w.isDefault) await db.updateTable('warehouses').set({ is_default: false }).where('company_id', '=', companyId).where('is_default', '=', true).execute();
  return db.insertInto('warehouses')
    .values({ company_id: companyId, name: w.name, address: w.address, main: w.main, is_default: w.isDefault })
    .returning(['id', 'name', 'address', 'main', 'is_default']).executeTakeFirstOrThrow();
}

export async function findWarehouse(db: Db, companyId: number, id: number): Promise<WarehouseRow | undefined> {
  return db.selectFrom('warehouses').select(['id', 'name', 'address', 'main', 'is_default'])
    .where('company_id', '=', companyId).where('id', '=', id).executeTakeFirst();
}

export async function defaultWarehouse(db: Db, companyId: number): Promise<WarehouseRow | undefined> {
  return db.selectFrom('warehouses').select(['id', 'name', 'address', 'main', 'is_default'])
    .where('company_id', '=', companyId).where('is_default', '=', true).executeTakeFirst();
}

export async function warehouseNameTaken(db: Db, companyId: number, name: string, exceptId?: number): Promise<boolean> {
  let q = db.selectFrom('warehouses').select('id').where('company_id', '=', companyId).where(sql<string>`lower(name)`, '=', name.toLowerCase());
  if (exceptId) q = q.where('id', '<>', exceptId);
  return Boolean(await q.executeTakeFirst());
}

export async function updateWarehouse(db: Db, companyId: number, id: number, w: { name: string; address: string | null; main: boolean; isDefault: boolean }): Promise<WarehouseRow> {
  if (w.isDefault) {
    await db.updateTable('warehouses').set({ is_default: false })
      .where('company_id', '=', companyId).where('is_default', '=', true).where('id', '<>', id).execute();
  }
  return db.updateTable('warehouses').set({ name: w.name, address: w.address, main: w.main, is_default: w.isDefault })
    .where('company_id', '=', companyId).where('id', '=', id)
    .returning(['id', 'name', 'address', 'main', 'is_default']).executeTakeFirstOrThrow();
}

/** What keeps a warehouse from being deleted: products kept there, stock, movements, transfers. */
export async function warehouseInUse(db: Db, companyId: number, id: number): Promise<boolean> {
  const r = await sql<{ used: boolean }>`
    select exists (select 1 from products where company_id = ${companyId} and warehouse_id = ${id})
        or exists (select 1 from warehouse_products where company_id = ${companyId} and warehouse_id = ${id} and quantity <> 0)
        or exists (select 1 from stock_movements where company_id = ${companyId} and warehouse_id = ${id})
        or exists (select 1 from warehouse_transfers where company_id = ${companyId} and (outgoing_warehouse_id = ${id} or incoming_warehouse_id = ${id}))
       as used`.execute(db);
  return Boolean(r.rows[0]?.used);
}

export async function deleteWarehouse(db: Db, companyId: number, id: number): Promise<void> {
  // Only empty rows can be left (a product that was moved elsewhere); they go with it.
  await db.deleteFrom('warehouse_products').where('company_id', '=', companyId).where('warehouse_id', '=', id).execute();
  await db.deleteFrom('warehouses').where('company_id', '=', companyId).where('id', '=', id).execute();
}

const WAREHOUSE_SORT = { id: sql`id`, name: sql`lower(name)` } as const;

export async function listWarehouses(db: Db, companyId: number, f: { search?: string | undefined }, page: Paging): Promise<{ rows: WarehouseRow[]; total: number }> {
  let base = db.selectFrom('warehouses').where('company_id', '=', companyId);
  if (f.search) {
    const p = likePattern(f.search);
    base = base.where((eb) => eb.or([eb('name', 'ilike', p), eb('address', 'ilike', p)]));
  }
  let q = base.select(['id', 'name', 'address', 'main', 'is_default']);
  if (!page.sort.length) q = q.orderBy('is_default', 'desc');
  for (const [field, dir] of page.sort) q = q.orderBy(WAREHOUSE_SORT[field as keyof typeof WAREHOUSE_SORT] ?? sql`id`, dir);
  const [rows, total] = await Promise.all([
    q.orderBy('id', 'asc').limit(page.limit).offset(page.offset).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

export async function productExists(db: Db, companyId: number, productId: number): Promise<boolean> {
  return Boolean(await db.selectFrom('products').select('id').where('company_id', '=', companyId).where('id', '=', productId).executeTakeFirst());
}

// --- stock ------------------------------------------------------------------------------------

export interface LockedProduct { id: number; name: string; barcode: string; product_type: string; warehouse_id: number | null }

/**
 * Locks the product row first: every stock write of a product takes the product, then its
 * warehouse rows (in warehouse id order), so parallel writes queue instead of deadlocking.
 */
export async function lockProduct(db: Db, companyId: number, productId: number): Promise<LockedProduct | undefined> {
  return db.selectFrom('products').select(['id', 'name', 'barcode', 'product_type', 'warehouse_id'])
    .where('company_id', '=', companyId).where('id', '=', productId).forUpdate().executeTakeFirst();
}

/** The product's quantity in the warehouse, its row created (at zero) if missing, and locked. */
export async function lockStock(db: Db, companyId: number, warehouseId: number, productId: number): Promise<number> {
  await db.insertInto('warehouse_products').values({ company_id: companyId, warehouse_id: warehouseId, product_id: productId, quantity: 0 })
    .onConflict((oc) => oc.columns(['company_id', 'warehouse_id', 'product_id']).doNothing()).execute();
  const row = await db.selectFrom('warehouse_products').select('quantity')
    .where('company_id', '=', companyId).where('warehouse_id', '=', warehouseId).where('product_id', '=', productId)
    .forUpdate().executeTakeFirstOrThrow();
  return thousandths(row.quantity);
}

export interface Movement {
  companyId: number;
  warehouseId: number;
  productId: number;
  kind: string;
  stockType: 'IN' | 'OUT';
  reason: string | null;
  /** Thousandths, above zero. */
  quantityThousandths: number;
  transferId?: number | null;
  invoiceId?: number | null;
  despatchId?: number | null;
  explanation?: string | null;
  createdBy: string | null;
  /** The company lets stock go below zero (stock_settings); otherwise a 409 INSUFFICIENT_STOCK. */
  allowNegative?: boolean;
}

/**
 * Books a movement whose warehouse row the caller has locked (lockStock): the warehouse quantity,
 * the product's total and the ledger line, in the caller's transaction. Returns the line's id and
 * the warehouse's new quantity.
 */
export async function applyMovement(db: Db, m: Movement): Promise<{ id: number; balance: number }> {
  const delta = ((m.stockType === 'IN' ? 1 : -1) * m.quantityThousandths) / 1000;
  const wp = await db.updateTable('warehouse_products').set({ quantity: sql`quantity + ${delta}`, updated_at: sql`now()` })
    .where('company_id', '=', m.companyId).where('warehouse_id', '=', m.warehouseId).where('product_id', '=', m.productId)
    .returning('quantity').executeTakeFirstOrThrow();
  if (!m.allowNegative && Number(wp.quantity) < 0) {
    throw problems.conflict(`Stok yetersiz: depoda ${formatQuantity((thousandths(wp.quantity) - Math.round(delta * 1000)) / 1000)} var, ${formatQuantity(m.quantityThousandths / 1000)} çıkılamaz.`, 'INSUFFICIENT_STOCK', 'quantity');
  }
  await db.updateTable('products').set({ stock_quantity: sql`stock_quantity + ${delta}` })
    .where('company_id', '=', m.companyId).where('id', '=', m.productId).execute();
  const line = await db.insertInto('stock_movements').values({
    company_id: m.companyId, warehouse_id: m.warehouseId, product_id: m.productId, kind: m.kind, stock_type: m.stockType,
    reason: m.reason, quantity: m.quantityThousandths / 1000, balance: wp.quantity, transfer_id: m.transferId ?? null, invoice_id: m.invoiceId ?? null, despatch_id: m.despatchId ?? null,
    explanation: m.explanation ?? null, created_by: m.createdBy,
  }).returning('id').executeTakeFirstOrThrow();
  return { id: line.id, balance: thousandths(wp.quantity) };
}

/**
 * A document's stock lines moved in one lock order for every document (its products in id order,
 * then their warehouse rows in product and warehouse order), so two documents never deadlock, and
 * set-based: two statements however many lines (lock the products, then make the missing
 * warehouse rows, lock and change them; the products' totals with one ledger line per row). A row
 * that would take stock below zero (unless `allowNegative`) is handed to `short`, which gives the
 * problem to answer with; the caller's transaction then fails, so nothing it wrote is kept.
 */
export async function moveLines<R extends { product_id: number; warehouse_id: number; quantity: string | number }>(
  db: Db, companyId: number, rows: readonly R[], m: Omit<Movement, 'companyId' | 'warehouseId' | 'productId' | 'quantityThousandths'>,
  short: (row: R, detail: string) => Promise<Error>,
): Promise<void> {
  if (!rows.length) return;
  const sign = m.stockType === 'IN' ? 1 : -1;
  const productIds = [...new Set(rows.map((r) => r.product_id))].sort((a, b) => a - b);
  // Each warehouse row's change, in lock order.
  const key = (p: number, w: number) => `${p}:${w}`;
  const delta = new Map<string, { p: number; w: number; t: number }>();
  for (const r of rows) {
    const k = key(r.product_id, r.warehouse_id);
    const x = delta.get(k) ?? { p: r.product_id, w: r.warehouse_id, t: 0 };
    x.t += sign * thousandths(r.quantity);
    delta.set(k, x);
  }
  const cells = [...delta.values()].sort((a, b) => a.p - b.p || a.w - b.w);
  // One statement: the products locked in id order (counted before any warehouse row is touched:
  // the count is an aggregate, so it has locked every product before the insert takes its first
  // row), then the warehouse rows made if missing, locked and changed, taken in the order the
  // select gives them (product, then warehouse; a conflicting row is locked as it is updated).
  // Nothing is written unless every product is the company's.
  const ids = sql.join(productIds.map((p) => sql`${p}::bigint`));
  const changes = sql.join(cells.map((c) => sql`(${c.w}::bigint, ${c.p}::bigint, ${c.t / 1000}::numeric)`));
  const after = (await sql<{ warehouse_id: number; product_id: number; quantity: string }>`
    with locked as (
      select id from products where company_id = ${companyId} and id in (${ids}) order by id for update
    ), found as (select count(*)::int as n from locked)
    insert into warehouse_products as wp (company_id, warehouse_id, product_id, quantity)
    select ${companyId}::bigint, v.w, v.p, v.d from found cross join (values ${changes}) as v(w, p, d)
     where found.n = ${productIds.length}::int order by v.p, v.w
    on conflict (company_id, warehouse_id, product_id) do update set quantity = wp.quantity + excluded.quantity, updated_at = now()
    returning wp.warehouse_id, wp.product_id, wp.quantity`.execute(db)).rows;
  if (after.length !== cells.length) throw problems.notFound('Ürün');
  // Each row's balance after it, from the quantity before the document (after minus its change).
  const running = new Map(after.map((a) => [key(Number(a.product_id), Number(a.warehouse_id)), thousandths(a.quantity) - delta.get(key(Number(a.product_id), Number(a.warehouse_id)))!.t]));
  const balances: number[] = [];
  for (const r of rows) {
    const k = key(r.product_id, r.warehouse_id);
    const before = running.get(k)!;
    const now = before + sign * thousandths(r.quantity);
    if (!m.allowNegative && now < 0) {
      throw await short(r, `Stok yetersiz: depoda ${formatQuantity(before / 1000)} var, ${formatQuantity(thousandths(r.quantity) / 1000)} çıkılamaz.`);
    }
    running.set(k, now);
    balances.push(now);
  }
  const totals = new Map<number, number>();
  for (const c of cells) totals.set(c.p, (totals.get(c.p) ?? 0) + c.t);
  const productChanges = sql.join([...totals].map(([p, t]) => sql`(${p}::bigint, ${t / 1000}::numeric)`));
  const lines = sql.join(rows.map((r, i) => sql`(${companyId}, ${r.warehouse_id}, ${r.product_id}, ${m.kind}, ${m.stockType}, ${m.reason},
    ${thousandths(r.quantity) / 1000}, ${balances[i]! / 1000}, ${m.transferId ?? null}, ${m.invoiceId ?? null}, ${m.despatchId ?? null}, ${m.explanation ?? null}, ${m.createdBy})`));
  // The products' totals and the ledger lines in one statement.
  await sql`with totals as (
      update products p set stock_quantity = p.stock_quantity + v.d from (values ${productChanges}) as v(p, d)
       where p.company_id = ${companyId} and p.id = v.p)
    insert into stock_movements (company_id, warehouse_id, product_id, kind, stock_type, reason, quantity, balance, transfer_id, invoice_id, despatch_id, explanation, created_by)
    values ${lines}`.execute(db);
}

export async function insertTransfer(db: Db, t: { companyId: number; productId: number; outgoingWarehouseId: number; incomingWarehouseId: number; quantityThousandths: number; explanation: string | null; createdBy: string | null }): Promise<number> {
  const row = await db.insertInto('warehouse_transfers').values({
    company_id: t.companyId, product_id: t.productId, outgoing_warehouse_id: t.outgoingWarehouseId, incoming_warehouse_id: t.incomingWarehouseId,
    quantity: t.quantityThousandths / 1000, explanation: t.explanation, created_by: t.createdBy,
  }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

// --- reading stock ----------------------------------------------------------------------------

export interface WarehouseProductRow {
  id: number; warehouse_id: number; warehouse_name: string; product_id: number; product_name: string; barcode: string;
  product_type: string; unit_name: string; quantity: string; min_stock: string | null; max_stock: string | null;
}

const WP_SORT = { id: sql`wp.id`, quantity: sql`wp.quantity`, productName: sql`lower(p.name)`, warehouseName: sql`lower(w.name)` } as const;

export async function listWarehouseProducts(db: Db, companyId: number, f: { warehouseId?: number | undefined; productId?: number | undefined; search?: string | undefined; inStock?: boolean | undefined }, page: Paging): Promise<{ rows: WarehouseProductRow[]; total: number }> {
  let base = db.selectFrom('warehouse_products as wp')
    .innerJoin('products as p', (j) => j.onRef('p.company_id', '=', 'wp.company_id').onRef('p.id', '=', 'wp.product_id'))
    .innerJoin('warehouses as w', (j) => j.onRef('w.company_id', '=', 'wp.company_id').onRef('w.id', '=', 'wp.warehouse_id'))
    .where('wp.company_id', '=', companyId);
  if (f.warehouseId) base = base.where('wp.warehouse_id', '=', f.warehouseId);
  if (f.productId) base = base.where('wp.product_id', '=', f.productId);
  if (f.inStock) base = base.where('wp.quantity', '>', '0');
  if (f.search) {
    const s = f.search.trim();
    base = base.where((eb) => eb.or([eb('p.name', 'ilike', likePattern(s)), eb('p.barcode', '=', s)]));
  }
  let q = base
    .innerJoin('units as u', (j) => j.onRef('u.company_id', '=', 'p.company_id').onRef('u.id', '=', 'p.unit_id'))
    .select(['wp.id', 'wp.warehouse_id', 'w.name as warehouse_name', 'wp.product_id', 'p.name as product_name', 'p.barcode', 'p.product_type', 'u.name as unit_name', 'wp.quantity', 'p.min_stock', 'p.max_stock']);
  for (const [field, dir] of page.sort) q = q.orderBy(WP_SORT[field as keyof typeof WP_SORT] ?? sql`wp.id`, dir);
  const [rows, total] = await Promise.all([
    q.orderBy('wp.id', 'desc').limit(page.limit).offset(page.offset).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

export interface WarehouseProductItemRow {
  warehouse_id: number; warehouse_name: string; is_default: boolean; quantity: string; total_in: string; total_out: string; last_movement_at: Date | null;
}

/** A product's stock in each warehouse it has been in, with the ledger's totals in and out. */
export async function warehouseProductItems(db: Db, companyId: number, productId: number): Promise<WarehouseProductItemRow[]> {
  const r = await sql<WarehouseProductItemRow>`
    select wp.warehouse_id, w.name as warehouse_name, w.is_default, wp.quantity,
           coalesce(m.total_in, 0) as total_in, coalesce(m.total_out, 0) as total_out, m.last_movement_at
      from warehouse_products wp
      join warehouses w on w.company_id = wp.company_id and w.id = wp.warehouse_id
      left join (
        select warehouse_id,
               sum(quantity) filter (where stock_type = 'IN') as total_in,
               sum(quantity) filter (where stock_type = 'OUT') as total_out,
               max(created_at) as last_movement_at
          from stock_movements
         where company_id = ${companyId} and product_id = ${productId}
         group by warehouse_id
      ) m on m.warehouse_id = wp.warehouse_id
     where wp.company_id = ${companyId} and wp.product_id = ${productId}
     order by w.is_default desc, lower(w.name), w.id`.execute(db);
  return r.rows;
}

export interface StockLineRow {
  id: number; created_at: Date; warehouse_id: number; warehouse_name: string; product_id: number; product_name: string; barcode: string;
  kind: string; stock_type: 'IN' | 'OUT'; reason: string | null; quantity: string; balance: string; transfer_id: number | null;
  explanation: string | null; created_by: string | null;
}

const LINE_SORT = { id: sql`m.id`, date: sql`m.created_at` } as const;

function stockLines(db: Db, companyId: number) {
  return db.selectFrom('stock_movements as m')
    .innerJoin('products as p', (j) => j.onRef('p.company_id', '=', 'm.company_id').onRef('p.id', '=', 'm.product_id'))
    .innerJoin('warehouses as w', (j) => j.onRef('w.company_id', '=', 'm.company_id').onRef('w.id', '=', 'm.warehouse_id'))
    .where('m.company_id', '=', companyId);
}
const LINE_COLUMNS = ['m.id', 'm.created_at', 'm.warehouse_id', 'w.name as warehouse_name', 'm.product_id', 'p.name as product_name', 'p.barcode', 'm.kind', 'm.stock_type', 'm.reason', 'm.quantity', 'm.balance', 'm.transfer_id', 'm.explanation', 'm.created_by'] as const;

export async function stockLine(db: Db, companyId: number, id: number): Promise<StockLineRow> {
  return stockLines(db, companyId).select(LINE_COLUMNS).where('m.id', '=', id).executeTakeFirstOrThrow();
}

export async function listStockLines(db: Db, companyId: number, f: { productId?: number | undefined; warehouseId?: number | undefined; kind?: string | undefined }, page: Paging): Promise<{ rows: StockLineRow[]; total: number }> {
  let base = stockLines(db, companyId);
  if (f.productId) base = base.where('m.product_id', '=', f.productId);
  if (f.warehouseId) base = base.where('m.warehouse_id', '=', f.warehouseId);
  if (f.kind) base = base.where('m.kind', '=', f.kind);
  let q = base.select(LINE_COLUMNS);
  for (const [field, dir] of page.sort) q = q.orderBy(LINE_SORT[field as keyof typeof LINE_SORT] ?? sql`m.id`, dir);
  const [rows, total] = await Promise.all([
    q.orderBy('m.id', 'desc').limit(page.limit).offset(page.offset).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

export interface InvoiceStockLineRow extends StockLineRow { invoice_id: number; invoice_date: string; document_no: string | null }

/**
 * The stock lines invoices moved (stock_movements with an invoice: its goods in or out), by
 * invoice, product and warehouse, newest first. A despatch's movements are the despatch's.
 */
export async function listInvoiceStockLines(db: Db, companyId: number, f: { invoiceId?: number | undefined; productId?: number | undefined; warehouseId?: number | undefined }, page: Paging): Promise<{ rows: InvoiceStockLineRow[]; total: number }> {
  let base = stockLines(db, companyId)
    .innerJoin('invoices as i', (j) => j.onRef('i.company_id', '=', 'm.company_id').onRef('i.id', '=', 'm.invoice_id' as never));
  if (f.invoiceId) base = base.where('m.invoice_id' as never, '=', f.invoiceId as never);
  if (f.productId) base = base.where('m.product_id', '=', f.productId);
  if (f.warehouseId) base = base.where('m.warehouse_id', '=', f.warehouseId);
  let q = base.select(LINE_COLUMNS).select(['i.id as invoice_id', sql<string>`i.invoice_date::text`.as('invoice_date'), 'i.document_no'] as never);
  for (const [field, dir] of page.sort) q = q.orderBy(LINE_SORT[field as keyof typeof LINE_SORT] ?? sql`m.id`, dir);
  const [rows, total] = await Promise.all([
    q.orderBy('m.id', 'desc').limit(page.limit).offset(page.offset).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows as unknown as InvoiceStockLineRow[], total: Number(total.n) };
}

export interface TransferRow {
  id: number; created_at: Date; product_id: number; product_name: string; barcode: string;
  outgoing_warehouse_id: number; outgoing_warehouse_name: string; incoming_warehouse_id: number; incoming_warehouse_name: string;
  quantity: string; explanation: string | null; created_by: string | null;
}

function transfers(db: Db, companyId: number) {
  return db.selectFrom('warehouse_transfers as t')
    .innerJoin('products as p', (j) => j.onRef('p.company_id', '=', 't.company_id').onRef('p.id', '=', 't.product_id'))
    .innerJoin('warehouses as wo', (j) => j.onRef('wo.company_id', '=', 't.company_id').onRef('wo.id', '=', 't.outgoing_warehouse_id'))
    .innerJoin('warehouses as wi', (j) => j.onRef('wi.company_id', '=', 't.company_id').onRef('wi.id', '=', 't.incoming_warehouse_id'))
    .where('t.company_id', '=', companyId);
}
const TRANSFER_COLUMNS = ['t.id', 't.created_at', 't.product_id', 'p.name as product_name', 'p.barcode', 't.outgoing_warehouse_id', 'wo.name as outgoing_warehouse_name', 't.incoming_warehouse_id', 'wi.name as incoming_warehouse_name', 't.quantity', 't.explanation', 't.created_by'] as const;
const TRANSFER_SORT = { id: sql`t.id`, date: sql`t.created_at` } as const;

export async function transfer(db: Db, companyId: number, id: number): Promise<TransferRow> {
  return transfers(db, companyId).select(TRANSFER_COLUMNS).where('t.id', '=', id).executeTakeFirstOrThrow();
}

export async function listTransfers(db: Db, companyId: number, f: { warehouseId?: number | undefined; productId?: number | undefined }, page: Paging): Promise<{ rows: TransferRow[]; total: number }> {
  let base = transfers(db, companyId);
  if (f.warehouseId) { const w = f.warehouseId; base = base.where((eb) => eb.or([eb('t.outgoing_warehouse_id', '=', w), eb('t.incoming_warehouse_id', '=', w)])); }
  if (f.productId) base = base.where('t.product_id', '=', f.productId);
  let q = base.select(TRANSFER_COLUMNS);
  for (const [field, dir] of page.sort) q = q.orderBy(TRANSFER_SORT[field as keyof typeof TRANSFER_SORT] ?? sql`t.id`, dir);
  const [rows, total] = await Promise.all([
    q.orderBy('t.id', 'desc').limit(page.limit).offset(page.offset).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}
