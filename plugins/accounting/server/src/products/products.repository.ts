import { sql, type Expression, type SqlBool } from 'kysely';
import { inPageOrder, likePattern, pageQuery, sortKeys, type PageRequest } from '@tezgah/server';
import type { Db } from '../warehouses/warehouses.repository';
import { mainAccountsFor, SERVICE_TYPES } from './catalogue';

/** A product row with what its views show from units and taxes. */
export interface ProductRow {
  id: number; company_id: number; name: string; explanation: string | null; barcode: string; product_type: string;
  unit_id: number; unit_name: string; buying_price: string | null; buying_currency_id: number; sale_price: string | null;
  sale_currency_id: number; tax_id: number; tax_rate: string; warehouse_id: number | null; medicine_price_id: number | null;
  serial_number: string | null; qr_tracking: boolean; min_stock: string | null; max_stock: string | null; stock_quantity: string;
  status: string; prescription_type: string | null;
}

/** What a product is written with (ids resolved: the tax by its rate). */
export interface ProductValues {
  name: string; explanation: string | null; barcode: string; productType: string; unitId: number;
  buyingPrice: number | null; buyingCurrencyId: number; salePrice: number | null; saleCurrencyId: number; taxId: number;
  warehouseId: number | null; medicinePriceId: number | null; serialNumber: string | null; qrTracking: boolean;
  minStock: number | null; maxStock: number | null; status: string | null; prescriptionType: string | null;
}

function products(db: Db, companyId: number) {
  return db.selectFrom('products as p')
    .innerJoin('units as u', (j) => j.onRef('u.company_id', '=', 'p.company_id').onRef('u.id', '=', 'p.unit_id'))
    .innerJoin('taxes as t', (j) => j.onRef('t.company_id', '=', 'p.company_id').onRef('t.id', '=', 'p.tax_id'))
    .where('p.company_id', '=', companyId);
}
const COLUMNS = [
  'p.id', 'p.company_id', 'p.name', 'p.explanation', 'p.barcode', 'p.product_type', 'p.unit_id', 'u.name as unit_name', 'p.buying_price',
  'p.buying_currency_id', 'p.sale_price', 'p.sale_currency_id', 'p.tax_id', 't.percentage as tax_rate', 'p.warehouse_id', 'p.medicine_price_id',
  'p.serial_number', 'p.qr_tracking', 'p.min_stock', 'p.max_stock', 'p.stock_quantity', 'p.status', 'p.prescription_type',
] as const;

export async function findProduct(db: Db, companyId: number, id: number): Promise<ProductRow | undefined> {
  return products(db, companyId).select(COLUMNS).where('p.id', '=', id).executeTakeFirst();
}

/** The product row locked for a change (stock writes lock it too, so a check on its stock holds). */
export async function lockProductRow(db: Db, companyId: number, id: number): Promise<ProductRow | undefined> {
  return products(db, companyId).select(COLUMNS).where('p.id', '=', id).forUpdate('p').executeTakeFirst();
}

export interface ProductFilter {
  search?: string | undefined; productType?: string | undefined; service?: boolean | undefined; tagId?: number | undefined;
  warehouseId?: number | undefined; belowMinimumStock?: boolean | undefined; status?: string | undefined;
  ids?: number[] | undefined; barcodes?: string[] | undefined;
}

const SORT = { id: sql`p.id`, name: sql`lower(p.name)`, barcode: sql`p.barcode`, salePrice: sql`p.sale_price`, stockQuantity: sql`p.stock_quantity` } as const;

export function isFiltered(f: ProductFilter): boolean {
  return Object.values(f).some((v) => v !== undefined);
}

/**
 * One page of products, each with its tags, in one round trip. Unfiltered, the total is the
 * company's counter (kept by triggers in the writing transaction) read in the same statement;
 * filtered, it is counted. The default sort (id desc) walks the primary key, the name sort the
 * (company, lower(name), id) index.
 */
export async function listProducts(db: Db, companyId: number, f: ProductFilter, page: PageRequest): Promise<{ rows: (ProductRow & { tags: ProductTagJson[] })[]; total: number; keyCount: number }> {
  let base = products(db, companyId);
  const where: ((eb: any) => Expression<SqlBool>)[] = [];
  if (f.search) {
    const s = f.search;
    where.push((eb) => eb.or([eb('p.name', 'ilike', likePattern(s)), eb('p.barcode', 'like', `${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)]));
  }
  if (f.productType) where.push((eb) => eb('p.product_type', '=', f.productType));
  if (f.service !== undefined) where.push((eb) => eb('p.product_type', f.service ? 'in' : 'not in', SERVICE_TYPES));
  if (f.status) where.push((eb) => eb('p.status', '=', f.status));
  if (f.belowMinimumStock) where.push(() => sql<SqlBool>`p.min_stock is not null and p.stock_quantity <= p.min_stock`);
  if (f.belowMinimumStock === false) where.push(() => sql<SqlBool>`(p.min_stock is null or p.stock_quantity > p.min_stock)`);
  if (f.ids?.length) where.push((eb) => eb('p.id', 'in', f.ids));
  if (f.barcodes?.length) where.push((eb) => eb('p.barcode', 'in', f.barcodes));
  if (f.tagId) where.push(() => sql<SqlBool>`exists (select 1 from product_tags pt where pt.company_id = p.company_id and pt.product_id = p.id and pt.tag_id = ${f.tagId})`);
  // Kept in a warehouse: it is the product's warehouse, or the product has (had) stock there.
  if (f.warehouseId) where.push(() => sql<SqlBool>`(p.warehouse_id = ${f.warehouseId} or exists (select 1 from warehouse_products wp where wp.company_id = p.company_id and wp.product_id = p.id and wp.warehouse_id = ${f.warehouseId}))`);
  for (const w of where) base = base.where(w);
  const filtered = where.length > 0;
  const q = base.select(COLUMNS).select([
    sql<ProductTagJson[]>`coalesce((select json_agg(json_build_object('id', tg.id, 'name', tg.name, 'color', tg.color) order by tg.name)
      from product_tags pt join tags tg on tg.company_id = pt.company_id and tg.id = pt.tag_id
      where pt.company_id = p.company_id and pt.product_id = p.id), '[]'::json)`.as('tags'),
    filtered ? sql<number | null>`null::bigint`.as('counted') : sql<number | null>`(select c.products from product_counters c where c.company_id = ${companyId})`.as('counted'),
  ]);
  // Ordered by the sort keys then the id (in the first key's direction); after the cursor row
  // when the request has one (keyset), else by offset.
  const keys = sortKeys(page, SORT, SORT.id, { nullable: ['salePrice'], idDir: page.sort[0]?.[1] ?? 'desc' });
  const keyCount = keys.length;
  const strip = (r: ProductRow & { tags: ProductTagJson[]; counted: number | null }) => { const { counted: _c, ...row } = r; return row; };
  const counter = async () => Number((await db.selectFrom('product_counters').select('products').where('company_id', '=', companyId).executeTakeFirst())?.products ?? 0);
  const count = async () => Number((await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  if (page.offset > 0 && !page.after) {
    // A later page: the total first, so that a page nearer the end is read from the end.
    const total = filtered ? await count() : await counter();
    const rows = inPageOrder(page, await pageQuery(q, page, keys, total).execute());
    return { rows: rows.map(strip), total, keyCount };
  }
  const rowsQuery = pageQuery(q, page, keys);
  if (!filtered) {
    const rows = await rowsQuery.execute();
    // A page past the end has no row to carry the counter: read it on its own.
    const total = rows.length
      ? Number(rows[0]!.counted ?? 0)
      : Number((await db.selectFrom('product_counters').select('products').where('company_id', '=', companyId).executeTakeFirst())?.products ?? 0);
    return { rows: rows.map(strip), total, keyCount };
  }
  const [rows, total] = await Promise.all([
    rowsQuery.execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map(strip), total: Number(total.n), keyCount };
}

export interface ProductTagJson { id: number; name: string; color: string }

export interface TagRow { product_id: number; id: number; name: string; color: string }

export async function tagsOf(db: Db, companyId: number, productIds: number[]): Promise<TagRow[]> {
  if (!productIds.length) return [];
  return db.selectFrom('product_tags as pt')
    .innerJoin('tags as t', (j) => j.onRef('t.company_id', '=', 'pt.company_id').onRef('t.id', '=', 'pt.tag_id'))
    .select(['pt.product_id', 't.id', 't.name', 't.color'])
    .where('pt.company_id', '=', companyId).where('pt.product_id', 'in', productIds)
    .orderBy('t.name').execute();
}

export async function mainAccountsOf(db: Db, companyId: number, productId: number) {
  return db.selectFrom('product_main_accounts').select(['id', 'account_type', 'account_code', 'account_name'])
    .where('company_id', '=', companyId).where('product_id', '=', productId).orderBy('account_type', 'desc').execute();
}

export async function warehouseStockOf(db: Db, companyId: number, productId: number) {
  return db.selectFrom('warehouse_products as wp')
    .innerJoin('warehouses as w', (j) => j.onRef('w.company_id', '=', 'wp.company_id').onRef('w.id', '=', 'wp.warehouse_id'))
    .select(['wp.id', 'wp.warehouse_id', 'w.name as warehouse_name', 'wp.quantity'])
    .where('wp.company_id', '=', companyId).where('wp.product_id', '=', productId)
    .orderBy('w.is_default', 'desc').orderBy('w.id').execute();
}

// --- references ---------------------------------------------------------------------------------

/** The company's references among the given ids, each looked up once for a whole batch. */
export interface References {
  units: Set<number>;
  warehouses: Set<number>;
  currencies: Set<number>;
  tags: Set<number>;
  /** VAT tax id by its percentage as the API writes it (20, 10, 1, 0). */
  vatByRate: Map<number, number>;
}

export async function references(db: Db, companyId: number, want: { units: number[]; warehouses: number[]; currencies: number[]; tags: number[]; rates: number[] }): Promise<References> {
  const uniq = <T>(a: T[]) => [...new Set(a)];
  const [units, warehouses, currencies, tags, taxes] = await Promise.all([
    want.units.length ? db.selectFrom('units').select('id').where('company_id', '=', companyId).where('id', 'in', uniq(want.units)).execute() : [],
    want.warehouses.length ? db.selectFrom('warehouses').select('id').where('company_id', '=', companyId).where('id', 'in', uniq(want.warehouses)).execute() : [],
    want.currencies.length ? db.selectFrom('currencies').select('id').where('id', 'in', uniq(want.currencies)).execute() : [],
    want.tags.length ? db.selectFrom('tags').select('id').where('company_id', '=', companyId).where('id', 'in', uniq(want.tags)).execute() : [],
    want.rates.length
      // At a rate with several KDV taxes (0 %: one per exemption code), the plain one, then the oldest.
      ? db.selectFrom('taxes').select(['id', 'percentage']).where('company_id', '=', companyId).where('tax_type', '=', 'KDV')
        .where('percentage', 'in', uniq(want.rates).map(String)).orderBy(sql`exception_code is not null`).orderBy('id').execute()
      : [],
  ]);
  const vatByRate = new Map<number, number>();
  for (const t of taxes) if (!vatByRate.has(Number(t.percentage))) vatByRate.set(Number(t.percentage), t.id);
  return {
    units: new Set(units.map((r) => r.id)), warehouses: new Set(warehouses.map((r) => r.id)), currencies: new Set(currencies.map((r) => r.id)),
    tags: new Set(tags.map((r) => r.id)), vatByRate,
  };
}

export async function barcodeOwner(db: Db, companyId: number, barcode: string): Promise<number | undefined> {
  return (await db.selectFrom('products').select('id').where('company_id', '=', companyId).where('barcode', '=', barcode).executeTakeFirst())?.id;
}

export interface ExistingProduct { id: number; barcode: string; qr_tracking: boolean; stock_quantity: string; product_type: string; status: string }

/** The company's products with these barcodes, locked (a bulk upsert checks their stock rules). */
export async function productsByBarcode(db: Db, companyId: number, barcodes: string[]): Promise<ExistingProduct[]> {
  if (!barcodes.length) return [];
  return db.selectFrom('products').select(['id', 'barcode', 'qr_tracking', 'stock_quantity', 'product_type', 'status'])
    .where('company_id', '=', companyId).where('barcode', 'in', barcodes).orderBy('barcode').forUpdate().execute();
}

// --- writing ----------------------------------------------------------------------------------

function columns(companyId: number, v: ProductValues) {
  return {
    company_id: companyId, name: v.name, explanation: v.explanation, barcode: v.barcode, product_type: v.productType, unit_id: v.unitId,
    buying_price: v.buyingPrice, buying_currency_id: v.buyingCurrencyId, sale_price: v.salePrice, sale_currency_id: v.saleCurrencyId,
    tax_id: v.taxId, warehouse_id: v.warehouseId, medicine_price_id: v.medicinePriceId, serial_number: v.serialNumber,
    qr_tracking: v.qrTracking, min_stock: v.minStock, max_stock: v.maxStock, prescription_type: v.prescriptionType,
  };
}

export async function insertProduct(db: Db, companyId: number, v: ProductValues): Promise<number> {
  const row = await db.insertInto('products').values({ ...columns(companyId, v), status: v.status ?? 'ACTIVE' }).returning('id').executeTakeFirstOrThrow();
  await setMainAccounts(db, companyId, row.id, v.productType);
  return row.id;
}

export async function updateProduct(db: Db, companyId: number, id: number, v: ProductValues): Promise<void> {
  const { company_id: _c, ...set } = columns(companyId, v);
  await db.updateTable('products').set({ ...set, ...(v.status ? { status: v.status } : {}), updated_at: sql`now()` })
    .where('company_id', '=', companyId).where('id', '=', id).execute();
  await setMainAccounts(db, companyId, id, v.productType);
}

/** The product's STOCK and SALES_INTERNAL accounts follow its type. */
async function setMainAccounts(db: Db, companyId: number, productId: number, type: string) {
  await db.insertInto('product_main_accounts')
    .values(mainAccountsFor(type).map((a) => ({ company_id: companyId, product_id: productId, account_type: a.type, account_code: a.code, account_name: a.name })))
    .onConflict((oc) => oc.columns(['company_id', 'product_id', 'account_type']).doUpdateSet((eb) => ({
      account_code: eb.ref('excluded.account_code'), account_name: eb.ref('excluded.account_name'),
    })).where(sql<SqlBool>`product_main_accounts.account_code <> excluded.account_code`)).execute();
}

export async function setTags(db: Db, companyId: number, productId: number, tagIds: number[]): Promise<void> {
  await db.deleteFrom('product_tags').where('company_id', '=', companyId).where('product_id', '=', productId).execute();
  if (tagIds.length) await db.insertInto('product_tags').values(tagIds.map((t) => ({ company_id: companyId, product_id: productId, tag_id: t }))).execute();
}

export async function hasMovements(db: Db, companyId: number, productId: number): Promise<boolean> {
  return Boolean(await db.selectFrom('stock_movements').select('id').where('company_id', '=', companyId).where('product_id', '=', productId).limit(1).executeTakeFirst());
}

export async function deleteProduct(db: Db, companyId: number, id: number): Promise<void> {
  await db.deleteFrom('products').where('company_id', '=', companyId).where('id', '=', id).execute();
}

// --- bulk upsert --------------------------------------------------------------------------------

export interface BulkItem extends ProductValues {
  /** Position in the request. */
  index: number;
  /** The product exists and its type changes (its main accounts follow); false for a new one. */
  typeChanged: boolean;
  /** Thousandths put into the warehouse when the product is created. */
  openingThousandths: number;
  /** Replaces the product's tags when given. */
  tagIds: number[] | undefined;
}

/**
 * Writes a validated batch in a few set-based statements, whatever its size: one upsert of the
 * products matched by barcode (in barcode order, so two overlapping batches lock rows in the same
 * order) with their main accounts, warehouse rows and opening stock lines as data-modifying CTEs,
 * then the tags. Returns each item's product id and whether it was created.
 */
export async function upsertProducts(db: Db, companyId: number, items: BulkItem[], createdBy: string): Promise<{ index: number; id: number; barcode: string; created: boolean }[]> {
  const sorted = [...items].sort((a, b) => (a.barcode < b.barcode ? -1 : a.barcode > b.barcode ? 1 : 0));
  const input = sorted.map((v) => {
    const [stock, sales] = mainAccountsFor(v.productType);
    return {
      idx: v.index, name: v.name, explanation: v.explanation, barcode: v.barcode, product_type: v.productType, unit_id: v.unitId,
      buying_price: v.buyingPrice, buying_currency_id: v.buyingCurrencyId, sale_price: v.salePrice, sale_currency_id: v.saleCurrencyId,
      tax_id: v.taxId, warehouse_id: v.warehouseId, medicine_price_id: v.medicinePriceId, serial_number: v.serialNumber,
      qr_tracking: v.qrTracking, min_stock: v.minStock, max_stock: v.maxStock, status: v.status, prescription_type: v.prescriptionType,
      opening: v.openingThousandths / 1000, type_changed: v.typeChanged, stock_code: stock.code, stock_name: stock.name, sales_code: sales.code, sales_name: sales.name,
    };
  });
  const r = await sql<{ idx: number; id: number; barcode: string; created: boolean }>`
    with input as (
      select * from jsonb_to_recordset(${JSON.stringify(input)}::jsonb) as x(
        idx int, name text, explanation text, barcode text, product_type text, unit_id bigint, buying_price numeric,
        buying_currency_id int, sale_price numeric, sale_currency_id int, tax_id bigint, warehouse_id bigint,
        medicine_price_id bigint, serial_number text, qr_tracking boolean, min_stock numeric, max_stock numeric, status text,
        prescription_type text, opening numeric, type_changed boolean, stock_code text, stock_name text, sales_code text, sales_name text)
    ), up as (
      insert into products as p (company_id, name, explanation, barcode, product_type, unit_id, buying_price, buying_currency_id,
                                 sale_price, sale_currency_id, tax_id, warehouse_id, medicine_price_id, serial_number, qr_tracking,
                                 min_stock, max_stock, status, prescription_type, stock_quantity)
      select ${companyId}, name, explanation, barcode, product_type, unit_id, buying_price, buying_currency_id, sale_price,
             sale_currency_id, tax_id, warehouse_id, medicine_price_id, serial_number, qr_tracking, min_stock, max_stock,
             status, prescription_type, coalesce(opening, 0)
        from input order by barcode
      on conflict (company_id, barcode) do update set
        name = excluded.name, explanation = excluded.explanation, product_type = excluded.product_type, unit_id = excluded.unit_id,
        buying_price = excluded.buying_price, buying_currency_id = excluded.buying_currency_id, sale_price = excluded.sale_price,
        sale_currency_id = excluded.sale_currency_id, tax_id = excluded.tax_id, warehouse_id = excluded.warehouse_id,
        medicine_price_id = excluded.medicine_price_id, serial_number = excluded.serial_number, qr_tracking = excluded.qr_tracking,
        min_stock = excluded.min_stock, max_stock = excluded.max_stock,
        status = excluded.status,
        prescription_type = excluded.prescription_type, updated_at = now()
      returning p.id, p.barcode, p.warehouse_id, (p.xmax = 0) as created
    ), accounts as (
      insert into product_main_accounts as a (company_id, product_id, account_type, account_code, account_name)
      select ${companyId}, up.id, acc.type, acc.code, acc.name
        from up join input i on i.barcode = up.barcode and (up.created or i.type_changed)
        cross join lateral (values ('STOCK', i.stock_code, i.stock_name), ('SALES_INTERNAL', i.sales_code, i.sales_name)) as acc(type, code, name)
      on conflict (company_id, product_id, account_type) do update set account_code = excluded.account_code, account_name = excluded.account_name
        where a.account_code <> excluded.account_code
    ), stock as (
      insert into warehouse_products (company_id, warehouse_id, product_id, quantity)
      select ${companyId}, up.warehouse_id, up.id, i.opening
        from up join input i on i.barcode = up.barcode
       where up.created and up.warehouse_id is not null and i.opening > 0
    ), opening as (
      insert into stock_movements (company_id, warehouse_id, product_id, kind, stock_type, reason, quantity, balance, created_by)
      select ${companyId}, up.warehouse_id, up.id, 'OPENING', 'IN', 'OPENING', i.opening, i.opening, ${createdBy}
        from up join input i on i.barcode = up.barcode
       where up.created and up.warehouse_id is not null and i.opening > 0
    )
    select i.idx, up.id, up.barcode, up.created from up join input i on i.barcode = up.barcode`.execute(db);
  const tagged = items.filter((v) => v.tagIds !== undefined);
  if (tagged.length) {
    const idOf = new Map(r.rows.map((x) => [x.barcode, x.id]));
    const ids = tagged.map((v) => idOf.get(v.barcode)!);
    await db.deleteFrom('product_tags').where('company_id', '=', companyId).where('product_id', 'in', ids).execute();
    const links = tagged.flatMap((v) => v.tagIds!.map((t) => ({ company_id: companyId, product_id: idOf.get(v.barcode)!, tag_id: t })));
    if (links.length) await db.insertInto('product_tags').values(links).execute();
  }
  return r.rows.map((x) => ({ index: x.idx, id: x.id, barcode: x.barcode, created: x.created })).sort((a, b) => a.index - b.index);
}

// --- demo data ----------------------------------------------------------------------------------

export async function unitIdsByCode(db: Db, companyId: number): Promise<Map<string, number>> {
  const rows = await db.selectFrom('units').select(['id', 'code']).where('company_id', '=', companyId).execute();
  return new Map(rows.map((r) => [r.code, r.id]));
}

export async function tagIdsByName(db: Db, companyId: number): Promise<Map<string, number>> {
  const rows = await db.selectFrom('tags').select(['id', 'name']).where('company_id', '=', companyId).execute();
  return new Map(rows.map((r) => [r.name, r.id]));
}
