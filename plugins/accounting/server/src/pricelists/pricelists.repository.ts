/** The SQL of price lists, their products and their linked currents. Every query is scoped to the company. */
import { sql, type Transaction } from 'kysely';
import { likePattern, type KernelTables, type pageRequest } from '@tezgah/server';
import type { AccountingTables } from '../schema';

export type Db = Transaction<KernelTables & AccountingTables>;
type Page = Pick<ReturnType<typeof pageRequest>, 'size' | 'offset' | 'sort'>;

export interface PriceListRow {
  id: number;
  name: string;
  type: string;
  explanation: string | null;
  active: boolean;
  created_date: Date;
  last_modified_date: Date | null;
}

export interface LinkedCurrent {
  price_list_id: number;
  id: number;
  name: string;
  type: string;
  tax_number: string | null;
}

export interface PriceListProductRow {
  id: number;
  price_list_id: number;
  price_list_name: string;
  product_id: number;
  product_name: string;
  barcode: string;
  unit_name: string;
  tax_rate: string;
  price: string;
  discount_rate: string;
  discounted_price: string;
  created_date: Date;
  last_modified_date: Date | null;
}

const LIST_SORT = { id: sql`id`, name: sql`lower(name)`, type: sql`type`, createdDate: sql`created_date` } as const;

export interface PriceListFilter {
  search?: string | undefined;
  type?: string | undefined;
  active?: boolean | undefined;
  currentId?: number | undefined;
}

export async function listPriceLists(db: Db, companyId: number, f: PriceListFilter, page: Page): Promise<{ rows: PriceListRow[]; total: number }> {
  let base = db.selectFrom('price_lists').where('company_id', '=', companyId);
  if (f.search) base = base.where('name', 'ilike', likePattern(f.search));
  if (f.type) base = base.where('type', '=', f.type);
  if (f.active !== undefined) base = base.where('active', '=', f.active);
  if (f.currentId !== undefined) {
    const currentId = f.currentId;
    base = base.where((eb) =>
      eb.exists(
        eb.selectFrom('price_list_currents as c').select('c.id')
          .whereRef('c.company_id', '=', 'price_lists.company_id').whereRef('c.price_list_id', '=', 'price_lists.id').where('c.current_id', '=', currentId),
      ),
    );
  }
  let rows = base.select(['id', 'name', 'type', 'explanation', 'active', 'created_date', 'last_modified_date']);
  for (const [field, dir] of page.sort) rows = rows.orderBy(LIST_SORT[field as keyof typeof LIST_SORT], dir);
  const [items, total] = await Promise.all([
    rows.orderBy('id', 'desc').limit(page.size).offset(page.offset).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: items, total: Number(total.n) };
}

export async function findPriceList(db: Db, companyId: number, id: number, lock = false): Promise<PriceListRow | undefined> {
  let q = db.selectFrom('price_lists')
    .select(['id', 'name', 'type', 'explanation', 'active', 'created_date', 'last_modified_date'])
    .where('company_id', '=', companyId).where('id', '=', id);
  if (lock) q = q.forUpdate();
  return q.executeTakeFirst();
}

/** The currents linked to these lists, by name. */
export async function linkedCurrents(db: Db, companyId: number, listIds: number[]): Promise<LinkedCurrent[]> {
  if (!listIds.length) return [];
  return db.selectFrom('price_list_currents as l')
    .innerJoin('currents as c', (j) => j.onRef('c.company_id', '=', 'l.company_id').onRef('c.id', '=', 'l.current_id'))
    .select(['l.price_list_id', 'c.id', sql<string>`concat_ws(' ', c.name, c.last_name)`.as('name'), 'c.type', 'c.tax_number'])
    .where('l.company_id', '=', companyId).where('l.price_list_id', 'in', listIds)
    .orderBy(sql`lower(c.name)`).orderBy('c.id')
    .execute();
}

/** How many products each list holds. */
export async function productCounts(db: Db, companyId: number, listIds: number[]): Promise<Map<number, number>> {
  if (!listIds.length) return new Map();
  const rows = await db.selectFrom('price_list_products')
    .select(['price_list_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('company_id', '=', companyId).where('price_list_id', 'in', listIds)
    .groupBy('price_list_id').execute();
  return new Map(rows.map((r) => [r.price_list_id, Number(r.n)]));
}

/** The id of another list of this type with this name (case-insensitive), if any. */
export async function nameHolder(db: Db, companyId: number, type: string, name: string, exceptId?: number): Promise<number | undefined> {
  let q = db.selectFrom('price_lists').select('id')
    .where('company_id', '=', companyId).where('type', '=', type).where(sql`lower(name)`, '=', name.trim().toLowerCase());
  if (exceptId !== undefined) q = q.where('id', '<>', exceptId);
  return (await q.executeTakeFirst())?.id;
}

export interface PriceListValues {
  name: string;
  type: string;
  explanation: string | null;
  active: boolean;
}

export async function insertPriceList(db: Db, companyId: number, v: PriceListValues): Promise<number> {
  const row = await db.insertInto('price_lists').values({ company_id: companyId, ...v }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updatePriceList(db: Db, companyId: number, id: number, v: PriceListValues): Promise<void> {
  await db.updateTable('price_lists').set({ ...v, last_modified_date: sql`now()` as unknown as Date })
    .where('company_id', '=', companyId).where('id', '=', id).execute();
}

export async function deletePriceList(db: Db, companyId: number, id: number): Promise<void> {
  // Its products and links go with it (ON DELETE CASCADE).
  await db.deleteFrom('price_lists').where('company_id', '=', companyId).where('id', '=', id).execute();
}

/** The company's currents among these ids, with their types. */
export async function currentsByIds(db: Db, companyId: number, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db.selectFrom('currents').select(['id', 'type']).where('company_id', '=', companyId).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r.type]));
}

/** The currents linked to a list now. */
export async function linkedIds(db: Db, companyId: number, listId: number): Promise<number[]> {
  const rows = await db.selectFrom('price_list_currents').select('current_id')
    .where('company_id', '=', companyId).where('price_list_id', '=', listId).execute();
  return rows.map((r) => r.current_id);
}

/** Makes the list's links exactly `ids`: drops the others, adds the new ones. */
export async function setLinkedCurrents(db: Db, companyId: number, listId: number, ids: number[]): Promise<void> {
  let drop = db.deleteFrom('price_list_currents').where('company_id', '=', companyId).where('price_list_id', '=', listId);
  if (ids.length) drop = drop.where('current_id', 'not in', ids);
  await drop.execute();
  if (!ids.length) return;
  const have = new Set(await linkedIds(db, companyId, listId));
  const add = ids.filter((id) => !have.has(id));
  if (add.length) {
    await db.insertInto('price_list_currents').values(add.map((current_id) => ({ company_id: companyId, price_list_id: listId, current_id }))).execute();
  }
}

function listProducts(db: Db, companyId: number) {
  return db.selectFrom('price_list_products as lp')
    .innerJoin('price_lists as l', (j) => j.onRef('l.company_id', '=', 'lp.company_id').onRef('l.id', '=', 'lp.price_list_id'))
    .innerJoin('products as p', (j) => j.onRef('p.company_id', '=', 'lp.company_id').onRef('p.id', '=', 'lp.product_id'))
    .innerJoin('units as u', (j) => j.onRef('u.company_id', '=', 'p.company_id').onRef('u.id', '=', 'p.unit_id'))
    .innerJoin('taxes as t', (j) => j.onRef('t.company_id', '=', 'p.company_id').onRef('t.id', '=', 'p.tax_id'))
    .where('lp.company_id', '=', companyId);
}

const PRODUCT_COLUMNS = [
  'lp.id', 'lp.price_list_id', 'l.name as price_list_name', 'lp.product_id', 'p.name as product_name', 'p.barcode', 'u.name as unit_name',
  't.percentage as tax_rate', 'lp.price', 'lp.discount_rate', 'lp.discounted_price', 'lp.created_date', 'lp.last_modified_date',
] as const;

const PRODUCT_SORT = {
  id: sql`lp.id`, productName: sql`lower(p.name)`, barcode: sql`p.barcode`, price: sql`lp.price`,
  discountRate: sql`lp.discount_rate`, discountedPrice: sql`lp.discounted_price`,
} as const;

export interface PriceListProductFilter {
  priceListId?: number | undefined;
  productId?: number | undefined;
  search?: string | undefined;
}

export async function listPriceListProducts(db: Db, companyId: number, f: PriceListProductFilter, page: Page): Promise<{ rows: PriceListProductRow[]; total: number }> {
  let base = listProducts(db, companyId);
  if (f.priceListId !== undefined) base = base.where('lp.price_list_id', '=', f.priceListId);
  if (f.productId !== undefined) base = base.where('lp.product_id', '=', f.productId);
  if (f.search) {
    const s = f.search;
    base = base.where((eb) => eb.or([eb('p.name', 'ilike', likePattern(s)), eb('p.barcode', 'like', `${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)]));
  }
  let rows = base.select(PRODUCT_COLUMNS);
  for (const [field, dir] of page.sort) rows = rows.orderBy(PRODUCT_SORT[field as keyof typeof PRODUCT_SORT], dir);
  const [items, total] = await Promise.all([
    rows.orderBy('lp.id', 'desc').limit(page.size).offset(page.offset).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: items as PriceListProductRow[], total: Number(total.n) };
}

export async function findPriceListProduct(db: Db, companyId: number, id: number): Promise<PriceListProductRow | undefined> {
  return (await listProducts(db, companyId).select(PRODUCT_COLUMNS).where('lp.id', '=', id).executeTakeFirst()) as PriceListProductRow | undefined;
}

/** The row of `productId` in list `listId` (other than `exceptId`), if any. */
export async function productRowInList(db: Db, companyId: number, listId: number, productId: number, exceptId?: number): Promise<number | undefined> {
  let q = db.selectFrom('price_list_products').select('id')
    .where('company_id', '=', companyId).where('price_list_id', '=', listId).where('product_id', '=', productId);
  if (exceptId !== undefined) q = q.where('id', '<>', exceptId);
  return (await q.executeTakeFirst())?.id;
}

export async function productExists(db: Db, companyId: number, productId: number): Promise<boolean> {
  return !!(await db.selectFrom('products').select('id').where('company_id', '=', companyId).where('id', '=', productId).executeTakeFirst());
}

export interface PriceValues {
  priceListId: number;
  productId: number;
  price: number;
  discountRate: number;
}

/** price × (1 − rate / 100) in exact decimal arithmetic, kept to 8 decimals. */
const discounted = (v: PriceValues) => sql<string>`round(${String(v.price)}::numeric * (100 - ${String(v.discountRate)}::numeric) / 100, 8)`;

export async function insertPriceListProduct(db: Db, companyId: number, v: PriceValues): Promise<number> {
  const row = await db.insertInto('price_list_products')
    .values({ company_id: companyId, price_list_id: v.priceListId, product_id: v.productId, price: String(v.price), discount_rate: String(v.discountRate), discounted_price: discounted(v) })
    .returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updatePriceListProduct(db: Db, companyId: number, id: number, v: PriceValues): Promise<void> {
  await db.updateTable('price_list_products')
    .set({ price_list_id: v.priceListId, product_id: v.productId, price: String(v.price), discount_rate: String(v.discountRate), discounted_price: discounted(v), last_modified_date: sql`now()` as unknown as Date })
    .where('company_id', '=', companyId).where('id', '=', id).execute();
}

export async function deletePriceListProduct(db: Db, companyId: number, id: number): Promise<void> {
  await db.deleteFrom('price_list_products').where('company_id', '=', companyId).where('id', '=', id).execute();
}

/** The products of the company a demo list takes: the first few goods by id. */
export async function firstProducts(db: Db, companyId: number, count: number): Promise<{ id: number; sale_price: string | null }[]> {
  return db.selectFrom('products').select(['id', 'sale_price'])
    .where('company_id', '=', companyId).where('status', '=', 'ACTIVE')
    .orderBy('id').limit(count).execute();
}
