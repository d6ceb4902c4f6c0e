/**
 * Price lists (seeds 000 §3, §5, §7): lists of sale or buying prices, their products with a
 * discount rate and a discounted price, and the customers or suppliers they apply to.
 */
import { Action, Module } from '@tezgah/core';
import { mayIn, pageRequest, pageResult, problems, requireAuth, setTenant, tables, type DemoTenant, type Handler, type RequestContext, type Trx } from '@tezgah/server';
import type { AccountingTables } from '../schema';
import { productHandlers } from '../products/products.handlers';
import * as repo from './pricelists.repository';

/** The texts people read (the seeds' own where they give one). */
export const TEXT = {
  /** Seeds 000 §8: a product already in the list (in Turkish unless the request asks for English: kernel/problem.ts). */
  exists: 'Selected product exists in the list',
  /** A customer or supplier linked twice: the same rule said of the current account. */
  currentExists: 'Selected current account exists in the list',
  nameTaken: 'Bu isimde bir fiyat listesi zaten var.',
  nameRequired: 'Fiyat listesi adı zorunludur.',
  priceAboveZero: 'Birim fiyat sıfırdan büyük olmalıdır.',
  rateRange: 'İndirim oranı 0 ile 100 arasında, en çok iki ondalıklı olmalıdır.',
  priceDecimals: 'Birim fiyat en çok 8 ondalıklı olabilir.',
  currentNotFound: 'Cari hesap bulunamadı.',
  saleNeedsCustomers: 'Satış fiyat listesine yalnızca müşteriler bağlanabilir.',
  buyingNeedsSuppliers: 'Alış fiyat listesine yalnızca tedarikçiler bağlanabilir.',
  productNotFound: 'Ürün bulunamadı.',
  priceOnly: 'Yalnızca fiyat güncelleme yetkiniz var: yalnızca birim fiyat ve indirim oranı değiştirilebilir.',
  noChanges: 'You made no changes!',
} as const;

/** The current type a list of each type links. */
const LINKED_TYPE: Readonly<Record<string, string>> = { SALE: 'CUSTOMER', BUYING: 'SUPPLIER' };

const db = (ctx: RequestContext) => tables<AccountingTables>(ctx) as unknown as repo.Db;
const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

function listView(l: repo.PriceListRow, currents: repo.LinkedCurrent[], counts: Map<number, number>) {
  return {
    id: l.id, name: l.name, type: l.type, explanation: l.explanation, active: l.active, productCount: counts.get(l.id) ?? 0,
    currents: currents.filter((c) => c.price_list_id === l.id).map((c) => ({ id: c.id, name: c.name, currentAccountType: c.type, taxNumber: c.tax_number })),
    createdDate: iso(l.created_date), lastModifiedDate: iso(l.last_modified_date),
  };
}

function productView(r: repo.PriceListProductRow) {
  return {
    id: r.id, priceListId: r.price_list_id, priceListName: r.price_list_name, productId: r.product_id, productName: r.product_name,
    barcode: r.barcode, unitName: r.unit_name, defaultTaxRate: Number(r.tax_rate), price: Number(r.price), discountRate: Number(r.discount_rate),
    discountedPrice: Number(r.discounted_price), createdDate: iso(r.created_date), lastModifiedDate: iso(r.last_modified_date),
  };
}

async function listOr404(ctx: RequestContext, id: number, lock = false): Promise<repo.PriceListRow> {
  const l = await repo.findPriceList(db(ctx), requireAuth(ctx).companyId, id, lock);
  if (!l) throw problems.notFound('Fiyat listesi');
  return l;
}

async function priceListDetail(ctx: RequestContext, id: number) {
  const companyId = requireAuth(ctx).companyId;
  const l = await listOr404(ctx, id);
  const [currents, counts] = await Promise.all([repo.linkedCurrents(db(ctx), companyId, [id]), repo.productCounts(db(ctx), companyId, [id])]);
  return listView(l, currents, counts);
}

interface PriceListBody {
  id?: number;
  name: string;
  type: string;
  explanation?: string | null;
  active?: boolean;
  currentIds?: number[];
}

/** Checks the linked currents: each once, each the company's, each of the list's kind. */
async function checkCurrents(ctx: RequestContext, type: string, ids: number[], field = 'currentIds'): Promise<void> {
  const seen = new Set<number>();
  for (const id of ids) {
    if (seen.has(id)) throw problems.conflict(TEXT.currentExists, 'CURRENT_IN_LIST', field);
    seen.add(id);
  }
  const found = await repo.currentsByIds(db(ctx), requireAuth(ctx).companyId, ids);
  for (const id of ids) {
    const t = found.get(id);
    if (!t) throw problems.invalidField(field, TEXT.currentNotFound, 'NOT_FOUND');
    if (t !== LINKED_TYPE[type]) throw problems.invalidField(field, type === 'SALE' ? TEXT.saleNeedsCustomers : TEXT.buyingNeedsSuppliers, 'CURRENT_TYPE');
  }
}

function valuesOf(b: PriceListBody, before?: repo.PriceListRow): repo.PriceListValues {
  const name = b.name.trim();
  if (!name) throw problems.invalidField('name', TEXT.nameRequired, 'REQUIRED');
  const explanation = typeof b.explanation === 'string' && b.explanation.trim() ? b.explanation.trim() : null;
  return { name, type: b.type, explanation, active: b.active ?? before?.active ?? true };
}

// --- price lists --------------------------------------------------------------------------------

const listPriceLists: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const page = pageRequest(ctx);
  const q = ctx.query as { search?: string; type?: string; active?: boolean; currentId?: number };
  const { rows, total } = await repo.listPriceLists(db(ctx), auth.companyId, { search: q.search?.trim() || undefined, type: q.type, active: q.active, currentId: q.currentId }, page);
  const ids = rows.map((r) => r.id);
  const [currents, counts] = await Promise.all([repo.linkedCurrents(db(ctx), auth.companyId, ids), repo.productCounts(db(ctx), auth.companyId, ids)]);
  return pageResult(ctx, rows.map((r) => listView(r, currents, counts)), total);
};

const getPriceList: Handler = async (ctx) => priceListDetail(ctx, (ctx.params as { id: number }).id);

const createPriceList: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const b = ctx.body as PriceListBody;
  const v = valuesOf(b);
  if (await repo.nameHolder(db(ctx), auth.companyId, v.type, v.name)) throw problems.conflict(TEXT.nameTaken, 'PRICE_LIST_NAME_TAKEN', 'name');
  const currentIds = b.currentIds ?? [];
  await checkCurrents(ctx, v.type, currentIds);
  const id = await repo.insertPriceList(db(ctx), auth.companyId, v);
  if (currentIds.length) await repo.setLinkedCurrents(db(ctx), auth.companyId, id, currentIds);
  ctx.audit({ action: 'accounting.priceList.created', entity: 'priceList', entityId: id, detail: { name: v.name, type: v.type } });
  ctx.setStatus(201);
  return priceListDetail(ctx, id);
};

const updatePriceList: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const b = ctx.body as PriceListBody & { id: number };
  const before = await listOr404(ctx, b.id, true);
  const v = valuesOf(b, before);
  const linked = await repo.linkedIds(db(ctx), auth.companyId, b.id);
  const currentIds = b.currentIds ?? linked;
  const sameLinks = [...currentIds].sort((x, y) => x - y).join() === [...linked].sort((x, y) => x - y).join() && currentIds.length === new Set(currentIds).size;
  if (v.name === before.name && v.type === before.type && v.explanation === before.explanation && v.active === before.active && sameLinks) {
    throw problems.badRequest(TEXT.noChanges, [{ field: 'name', message: TEXT.noChanges, code: 'NO_CHANGES' }]);
  }
  if (await repo.nameHolder(db(ctx), auth.companyId, v.type, v.name, b.id)) throw problems.conflict(TEXT.nameTaken, 'PRICE_LIST_NAME_TAKEN', 'name');
  // A type change must leave only currents of the new kind linked (name them anew to change them).
  await checkCurrents(ctx, v.type, currentIds, b.currentIds ? 'currentIds' : 'type');
  await repo.updatePriceList(db(ctx), auth.companyId, b.id, v);
  if (!sameLinks) await repo.setLinkedCurrents(db(ctx), auth.companyId, b.id, currentIds);
  ctx.audit({ action: 'accounting.priceList.updated', entity: 'priceList', entityId: b.id });
  return priceListDetail(ctx, b.id);
};

const deletePriceList: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const { id } = ctx.params as { id: number };
  const l = await listOr404(ctx, id, true);
  await repo.deletePriceList(db(ctx), auth.companyId, id);
  ctx.audit({ action: 'accounting.priceList.deleted', entity: 'priceList', entityId: id, detail: { name: l.name } });
  ctx.setStatus(204);
  return null;
};

// --- products of price lists ------------------------------------------------------------------------

interface PriceBody {
  id?: number;
  priceListId: number;
  productId: number;
  price: number;
  discountRate?: number;
}

const twoDecimals = (n: number) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6;
const eightDecimals = (n: number) => Math.abs(n * 1e8 - Math.round(n * 1e8)) < 1e-3;

/** The price rules: above zero, 8 decimals; the rate 0 to 100 with two decimals. */
function priceValues(b: PriceBody): repo.PriceValues {
  const errors: { field: string; message: string; code: string }[] = [];
  if (!(b.price > 0)) errors.push({ field: 'price', message: TEXT.priceAboveZero, code: 'PRICE_NOT_POSITIVE' });
  else if (!eightDecimals(b.price)) errors.push({ field: 'price', message: TEXT.priceDecimals, code: 'DECIMALS' });
  const rate = b.discountRate ?? 0;
  if (rate < 0 || rate > 100 || !twoDecimals(rate)) errors.push({ field: 'discountRate', message: TEXT.rateRange, code: 'RANGE' });
  if (errors.length) throw problems.badRequest(errors.map((e) => e.message).join(' '), errors);
  return { priceListId: b.priceListId, productId: b.productId, price: b.price, discountRate: rate };
}

/** The list and the product must be the company's; the product must not be in the list yet. */
async function checkPlacement(ctx: RequestContext, v: repo.PriceValues, exceptId?: number): Promise<void> {
  const companyId = requireAuth(ctx).companyId;
  if (!(await repo.findPriceList(db(ctx), companyId, v.priceListId))) throw problems.invalidField('priceListId', 'Fiyat listesi bulunamadı.', 'NOT_FOUND');
  if (!(await repo.productExists(db(ctx), companyId, v.productId))) throw problems.invalidField('productId', TEXT.productNotFound, 'NOT_FOUND');
  if (await repo.productRowInList(db(ctx), companyId, v.priceListId, v.productId, exceptId)) throw problems.conflict(TEXT.exists, 'PRODUCT_IN_LIST', 'productId');
}

async function priceRowOr404(ctx: RequestContext, id: number): Promise<repo.PriceListProductRow> {
  const r = await repo.findPriceListProduct(db(ctx), requireAuth(ctx).companyId, id);
  if (!r) throw problems.notFound('Fiyat listesi ürünü');
  return r;
}

const listPriceListProducts: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const page = pageRequest(ctx);
  const q = ctx.query as { priceListId?: number; productId?: number; search?: string };
  const { rows, total } = await repo.listPriceListProducts(db(ctx), auth.companyId, { priceListId: q.priceListId, productId: q.productId, search: q.search?.trim() || undefined }, page);
  return pageResult(ctx, rows.map(productView), total);
};

const getPriceListProduct: Handler = async (ctx) => productView(await priceRowOr404(ctx, (ctx.params as { id: number }).id));

const createPriceListProduct: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const v = priceValues(ctx.body as PriceBody);
  await checkPlacement(ctx, v);
  const id = await repo.insertPriceListProduct(db(ctx), auth.companyId, v);
  ctx.audit({ action: 'accounting.priceListProduct.created', entity: 'priceListProduct', entityId: id, detail: { priceListId: v.priceListId, productId: v.productId } });
  ctx.setStatus(201);
  return productView(await priceRowOr404(ctx, id));
};

const updatePriceListProduct: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const b = ctx.body as PriceBody & { id: number };
  const before = await priceRowOr404(ctx, b.id);
  const v = priceValues(b);
  const moved = v.priceListId !== before.price_list_id || v.productId !== before.product_id;
  if (!moved && v.price === Number(before.price) && v.discountRate === Number(before.discount_rate)) {
    throw problems.badRequest(TEXT.noChanges, [{ field: 'price', message: TEXT.noChanges, code: 'NO_CHANGES' }]);
  }
  if (moved && !mayIn(auth, Module.PRICE_LIST, Action.UPDATE, auth.companyId)) throw problems.forbidden(TEXT.priceOnly, 'PRICE_UPDATE_ONLY');
  if (moved) await checkPlacement(ctx, v, b.id);
  await repo.updatePriceListProduct(db(ctx), auth.companyId, b.id, v);
  ctx.audit({ action: moved ? 'accounting.priceListProduct.updated' : 'accounting.priceListProduct.priceUpdated', entity: 'priceListProduct', entityId: b.id });
  return productView(await priceRowOr404(ctx, b.id));
};

const deletePriceListProduct: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const { id } = ctx.params as { id: number };
  const r = await priceRowOr404(ctx, id);
  await repo.deletePriceListProduct(db(ctx), auth.companyId, id);
  ctx.audit({ action: 'accounting.priceListProduct.deleted', entity: 'priceListProduct', entityId: id, detail: { priceListId: r.price_list_id, productId: r.product_id } });
  ctx.setStatus(204);
  return null;
};

/** GET /products/{id}/{priceListId}: the product as GET /products/{id} gives it, with its price in the list. */
const getProductWithListPrice: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const { id, priceListId } = ctx.params as { id: number; priceListId: number };
  const list = await listOr404(ctx, priceListId);
  const getProduct = productHandlers.getProduct;
  if (!getProduct) throw new Error('accounting: the products area has no getProduct handler');
  const product = (await getProduct({ ...ctx, params: { id } })) as Record<string, unknown>;
  const rowId = await repo.productRowInList(db(ctx), auth.companyId, priceListId, id);
  const row = rowId === undefined ? undefined : await repo.findPriceListProduct(db(ctx), auth.companyId, rowId);
  return {
    ...product,
    priceListId: list.id, priceListName: list.name, priceListType: list.type,
    priceListProductId: row?.id ?? null,
    listPrice: row ? Number(row.price) : null,
    discountRate: row ? Number(row.discount_rate) : null,
    discountedPrice: row ? Number(row.discounted_price) : null,
  };
};

export const priceListHandlers: Record<string, Handler> = {
  listPriceLists, getPriceList, createPriceList, updatePriceList, deletePriceList,
  listPriceListProducts, getPriceListProduct, createPriceListProduct, updatePriceListProduct, deletePriceListProduct,
  getProductWithListPrice,
};

// --- demo -------------------------------------------------------------------------------------------

/**
 * One sale price list per demo company with a few of its products at a 5 % discount on their sale
 * price (or a price of 1 where a product has none). A company without products (the management
 * company, or a database seeded before products existed) gets the list without products.
 */
export async function seedDemoPriceLists(trx: Trx, demo: DemoTenant): Promise<void> {
  const t = trx as unknown as repo.Db;
  for (const companyId of [demo.companies.management, demo.companies.pharmacy, demo.companies.general]) {
    await setTenant(trx, companyId);
    const listId = await repo.insertPriceList(t, companyId, { name: 'Perakende Satış Fiyatları', type: 'SALE', explanation: 'Demo: seçili ürünlerde %5 indirim', active: true });
    for (const p of await repo.firstProducts(t, companyId, 5)) {
      const price = p.sale_price !== null && Number(p.sale_price) > 0 ? Number(p.sale_price) : 1;
      await repo.insertPriceListProduct(t, companyId, { priceListId: listId, productId: p.id, price, discountRate: 5 });
    }
  }
}
