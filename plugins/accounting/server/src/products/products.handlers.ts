import { analyzeIfStale } from './stats';
import { QUANTITY_DECIMALS } from '@tezgah/core';
import { mayIn, nextCursor, pageRequest, pageResult, problems, requireAuth, tables, type Handler, type RequestContext, type Trx } from '@tezgah/server';
import type { AccountingTables } from '../schema';
import { applyMovement, lockStock, thousandths, type Db } from '../warehouses/warehouses.repository';
import { decimalsOf, isService } from './catalogue';
import {
  barcodeOwner, deleteProduct, findProduct, hasMovements, insertProduct, listProducts, lockProductRow, mainAccountsOf, productsByBarcode,
  references, setTags, tagsOf, updateProduct, upsertProducts, warehouseStockOf,
  type BulkItem, type ProductFilter, type ProductRow, type ProductValues, type References, type TagRow,
} from './products.repository';

const db = (ctx: RequestContext): Db => tables<AccountingTables>(ctx);
const num = (v: string | number | null): number | null => (v === null ? null : Number(v));

interface FieldError { field: string; message: string; code: string }

/** A product as the API writes it (ProductFields, plus openingStock on create and in bulk). */
export interface ProductBody {
  name: string; explanation?: string | null; barcode: string; productType: string; unitId: number;
  buyingPrice?: number | null; buyingCurrencyId: number; salePrice?: number | null; saleCurrencyId: number; defaultTaxRate: number;
  warehouseId?: number | null; medicinePriceId?: number | null; serialNumber?: string | null; qrTracking?: boolean;
  minStock?: number | null; maxStock?: number | null; tagIds?: number[]; status?: 'ACTIVE' | 'PASSIVE';
  prescriptionType?: string | null; openingStock?: number;
}

export const TEXT = {
  nameRequired: 'Ürün adı zorunludur.',
  barcodeBlank: 'Barkod boş olamaz.',
  barcodeTaken: 'Bu barkodla kayıtlı bir ürün zaten var.',
  barcodeTwice: 'Bu barkod listede birden fazla kez geçiyor.',
  minAboveMax: 'Minimum stok, maksimum stoktan büyük olamaz.',
  warehouseRequired: 'Depo zorunludur.',
  priceDecimals: 'Fiyat en fazla 8 ondalık basamak alabilir.',
  quantityDecimals: `Miktar en fazla ${QUANTITY_DECIMALS} ondalık basamak alabilir.`,
  serviceNoStock: 'Hizmetlerin stoğu olmaz.',
  unitMissing: 'Birim bulunamadı.',
  warehouseMissing: 'Depo bulunamadı.',
  currencyMissing: 'Para birimi bulunamadı.',
  tagMissing: 'Etiket bulunamadı.',
  taxMissing: 'Bu oranda tanımlı bir KDV yok.',
  qrWithStock: 'Stoğu olan ürün karekod (QR) takibine alınamaz.',
  serviceWithStock: 'Stoğu olan ürün hizmete çevrilemez.',
  hasMovements: 'Stok hareketi olan ürün silinemez; ürünü pasife alabilirsiniz.',
  priceOnly: 'Yalnız fiyat güncelleme yetkiniz var; ürünün diğer alanlarını değiştiremezsiniz.',
} as const;

/** The rules a product's fields must keep on their own (seeds 000 §5, product). */
export function fieldProblems(b: ProductBody): FieldError[] {
  const out: FieldError[] = [];
  const add = (field: string, message: string, code: string) => out.push({ field, message, code });
  if (!b.name.trim()) add('name', TEXT.nameRequired, 'REQUIRED');
  if (!b.barcode.trim()) add('barcode', TEXT.barcodeBlank, 'BARCODE_BLANK');
  for (const f of ['buyingPrice', 'salePrice'] as const) {
    const v = b[f];
    if (v !== null && v !== undefined && decimalsOf(v) > 8) add(f, TEXT.priceDecimals, 'PRICE_DECIMALS');
  }
  for (const f of ['minStock', 'maxStock', 'openingStock'] as const) {
    const v = b[f];
    if (v !== null && v !== undefined && decimalsOf(v) > QUANTITY_DECIMALS) add(f, TEXT.quantityDecimals, 'QUANTITY_DECIMALS');
  }
  if (isService(b.productType)) {
    if (b.openingStock) add('openingStock', TEXT.serviceNoStock, 'SERVICE_HAS_NO_STOCK');
  } else {
    if (b.warehouseId == null) add('warehouseId', TEXT.warehouseRequired, 'REQUIRED');
    if (b.minStock != null && b.maxStock != null && b.minStock > b.maxStock) add('minStock', TEXT.minAboveMax, 'MIN_ABOVE_MAX');
  }
  return out;
}

export function wanted(items: ProductBody[]) {
  return {
    units: items.map((b) => b.unitId),
    warehouses: items.filter((b) => !isService(b.productType) && b.warehouseId != null).map((b) => b.warehouseId!),
    currencies: items.flatMap((b) => [b.buyingCurrencyId, b.saleCurrencyId]),
    tags: items.flatMap((b) => b.tagIds ?? []),
    rates: items.map((b) => b.defaultTaxRate),
  };
}

/** The references a product names must be the company's own. */
export function referenceProblems(b: ProductBody, refs: References): FieldError[] {
  const out: FieldError[] = [];
  if (!refs.units.has(b.unitId)) out.push({ field: 'unitId', message: TEXT.unitMissing, code: 'NOT_FOUND' });
  if (!isService(b.productType) && b.warehouseId != null && !refs.warehouses.has(b.warehouseId)) out.push({ field: 'warehouseId', message: TEXT.warehouseMissing, code: 'NOT_FOUND' });
  if (!refs.currencies.has(b.buyingCurrencyId)) out.push({ field: 'buyingCurrencyId', message: TEXT.currencyMissing, code: 'NOT_FOUND' });
  if (!refs.currencies.has(b.saleCurrencyId)) out.push({ field: 'saleCurrencyId', message: TEXT.currencyMissing, code: 'NOT_FOUND' });
  if (!refs.vatByRate.has(b.defaultTaxRate)) out.push({ field: 'defaultTaxRate', message: TEXT.taxMissing, code: 'NOT_FOUND' });
  if ((b.tagIds ?? []).some((t) => !refs.tags.has(t))) out.push({ field: 'tagIds', message: TEXT.tagMissing, code: 'NOT_FOUND' });
  return out;
}

/** The stock rules a change of an existing product must keep. */
export function stockProblems(b: ProductBody, before: { qr_tracking: boolean; stock_quantity: string; product_type: string }): FieldError[] {
  const out: FieldError[] = [];
  const hasStock = thousandths(before.stock_quantity) > 0;
  if (hasStock && b.qrTracking && !before.qr_tracking) out.push({ field: 'qrTracking', message: TEXT.qrWithStock, code: 'PRODUCT_HAS_STOCK' });
  if (hasStock && isService(b.productType) && !isService(before.product_type)) out.push({ field: 'productType', message: TEXT.serviceWithStock, code: 'PRODUCT_HAS_STOCK' });
  return out;
}

function valuesOf(b: ProductBody, refs: References): ProductValues {
  const service = isService(b.productType);
  return {
    name: b.name.trim(), explanation: b.explanation?.trim() || null, barcode: b.barcode.trim(), productType: b.productType, unitId: b.unitId,
    buyingPrice: b.buyingPrice ?? null, buyingCurrencyId: b.buyingCurrencyId, salePrice: b.salePrice ?? null, saleCurrencyId: b.saleCurrencyId,
    taxId: refs.vatByRate.get(b.defaultTaxRate)!, warehouseId: service ? null : b.warehouseId ?? null, medicinePriceId: b.medicinePriceId ?? null,
    serialNumber: b.serialNumber?.trim() || null, qrTracking: b.qrTracking ?? false,
    minStock: service ? null : b.minStock ?? null, maxStock: service ? null : b.maxStock ?? null,
    status: b.status ?? null, prescriptionType: b.prescriptionType ?? null,
  };
}

function refuse(errors: FieldError[]): never {
  throw problems.badRequest(errors.map((e) => e.message).join(' '), errors);
}

// --- views --------------------------------------------------------------------------------------

function view(p: ProductRow, tags: TagRow[]) {
  return {
    id: p.id, companyId: p.company_id, name: p.name, explanation: p.explanation, barcode: p.barcode, productType: p.product_type,
    service: isService(p.product_type), unitId: p.unit_id, unitName: p.unit_name, buyingPrice: num(p.buying_price),
    buyingCurrencyId: p.buying_currency_id, salePrice: num(p.sale_price), saleCurrencyId: p.sale_currency_id,
    defaultTaxRate: Number(p.tax_rate), defaultTaxId: p.tax_id, warehouseId: p.warehouse_id, medicinePriceId: p.medicine_price_id,
    serialNumber: p.serial_number, qrTracking: p.qr_tracking, minStock: num(p.min_stock), maxStock: num(p.max_stock),
    stockQuantity: Number(p.stock_quantity), status: p.status, prescriptionType: p.prescription_type,
    tags: tags.filter((t) => t.product_id === p.id).map((t) => ({ id: t.id, name: t.name, color: t.color })),
  };
}

async function detail(ctx: RequestContext, id: number) {
  const companyId = requireAuth(ctx).companyId;
  const p = await findProduct(db(ctx), companyId, id);
  if (!p) throw problems.notFound('Ürün');
  const [tags, accounts, stock] = await Promise.all([tagsOf(db(ctx), companyId, [id]), mainAccountsOf(db(ctx), companyId, id), warehouseStockOf(db(ctx), companyId, id)]);
  return {
    ...view(p, tags),
    productMainAccounts: accounts.map((a) => ({ id: a.id, type: a.account_type, accountCode: a.account_code, accountName: a.account_name })),
    warehouseProducts: stock.map((s) => ({ id: s.id, warehouseId: s.warehouse_id, warehouseName: s.warehouse_name, quantity: Number(s.quantity) })),
  };
}

// --- handlers -----------------------------------------------------------------------------------

const listProductsHandler: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const q = ctx.query as { search?: string; productType?: string; service?: boolean; tagId?: number; warehouseId?: number; belowMinimumStock?: boolean; status?: string; id?: number[]; barcode?: string[] };
  const page = pageRequest(ctx);
  const filter: ProductFilter = {
    search: q.search?.trim() || undefined, productType: q.productType, service: q.service, tagId: q.tagId, warehouseId: q.warehouseId,
    belowMinimumStock: q.belowMinimumStock, status: q.status, ids: q.id?.length ? q.id : undefined, barcodes: q.barcode?.length ? q.barcode : undefined,
  };
  for (const k of Object.keys(filter) as (keyof ProductFilter)[]) if (filter[k] === undefined) delete filter[k];
  const { rows, total, keyCount } = await listProducts(db(ctx), auth.companyId, filter, page);
  nextCursor(ctx, page, rows, keyCount);
  return pageResult(ctx, rows.map((r) => view(r, r.tags.map((t) => ({ ...t, product_id: r.id })))), total);
};

const getProduct: Handler = async (ctx) => detail(ctx, (ctx.params as { id: number }).id);

const createProduct: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const b = ctx.body as ProductBody;
  const refs = await references(db(ctx), auth.companyId, wanted([b]));
  const errors = [...fieldProblems(b), ...referenceProblems(b, refs)];
  if (errors.length) refuse(errors);
  const v = valuesOf(b, refs);
  if (await barcodeOwner(db(ctx), auth.companyId, v.barcode)) throw problems.conflict(TEXT.barcodeTaken, 'BARCODE_TAKEN', 'barcode');
  const id = await insertProduct(db(ctx), auth.companyId, v);
  if (b.tagIds?.length) await setTags(db(ctx), auth.companyId, id, b.tagIds);
  const opening = Math.round((b.openingStock ?? 0) * 1000);
  if (opening > 0 && v.warehouseId) {
    await lockStock(db(ctx), auth.companyId, v.warehouseId, id);
    await applyMovement(db(ctx), { companyId: auth.companyId, warehouseId: v.warehouseId, productId: id, kind: 'OPENING', stockType: 'IN', reason: 'OPENING', quantityThousandths: opening, createdBy: auth.login });
  }
  ctx.audit({ action: 'accounting.product.created', entity: 'product', entityId: id, detail: { name: v.name, barcode: v.barcode } });
  ctx.setStatus(201);
  return detail(ctx, id);
};

/** Only prices and their currencies differ between the product and the request. */
function onlyPricesChange(before: ProductRow, v: ProductValues, tags: number[] | undefined, beforeTags: number[]): boolean {
  const same = (a: unknown, c: unknown) => (a === null || a === undefined ? null : String(a)) === (c === null || c === undefined ? null : String(c));
  const numSame = (a: string | null, c: number | null) => (a === null ? c === null : c !== null && Number(a) === c);
  return same(before.name, v.name) && same(before.explanation, v.explanation) && same(before.barcode, v.barcode)
    && same(before.product_type, v.productType) && same(before.unit_id, v.unitId) && same(before.tax_id, v.taxId)
    && same(before.warehouse_id, v.warehouseId) && same(before.medicine_price_id, v.medicinePriceId)
    && same(before.serial_number, v.serialNumber) && before.qr_tracking === v.qrTracking
    && numSame(before.min_stock, v.minStock) && numSame(before.max_stock, v.maxStock)
    && (v.status === null || before.status === v.status) && same(before.prescription_type, v.prescriptionType)
    && (tags === undefined || [...tags].sort().join() === [...beforeTags].sort().join());
}

function pricesSame(before: ProductRow, v: ProductValues): boolean {
  const numSame = (a: string | null, c: number | null) => (a === null ? c === null : c !== null && Number(a) === c);
  return numSame(before.buying_price, v.buyingPrice) && numSame(before.sale_price, v.salePrice)
    && before.buying_currency_id === v.buyingCurrencyId && before.sale_currency_id === v.saleCurrencyId;
}

const updateProductHandler: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const b = ctx.body as ProductBody & { id: number };
  const before = await lockProductRow(db(ctx), auth.companyId, b.id);
  if (!before) throw problems.notFound('Ürün');
  const refs = await references(db(ctx), auth.companyId, wanted([b]));
  const errors = [...fieldProblems(b), ...referenceProblems(b, refs)];
  if (errors.length) refuse(errors);
  const v = valuesOf(b, refs);
  const beforeTags = (await tagsOf(db(ctx), auth.companyId, [b.id])).map((t) => t.id);
  const othersSame = onlyPricesChange(before, v, b.tagIds, beforeTags);
  if (othersSame && pricesSame(before, v)) {
    throw problems.badRequest('You made no changes!', [{ field: 'name', message: 'You made no changes!', code: 'NO_CHANGES' }]);
  }
  if (!othersSame && !mayIn(auth, 13, 3, auth.companyId)) throw problems.forbidden(TEXT.priceOnly, 'PRICE_UPDATE_ONLY');
  const stockErrors = stockProblems(b, before);
  if (stockErrors.length) refuse(stockErrors);
  const owner = await barcodeOwner(db(ctx), auth.companyId, v.barcode);
  if (owner && owner !== b.id) throw problems.conflict(TEXT.barcodeTaken, 'BARCODE_TAKEN', 'barcode');
  await updateProduct(db(ctx), auth.companyId, b.id, v);
  if (b.tagIds) await setTags(db(ctx), auth.companyId, b.id, b.tagIds);
  ctx.audit({ action: othersSame ? 'accounting.product.priceUpdated' : 'accounting.product.updated', entity: 'product', entityId: b.id });
  return detail(ctx, b.id);
};

const deleteProductHandler: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const { id } = ctx.params as { id: number };
  const p = await lockProductRow(db(ctx), auth.companyId, id);
  if (!p) throw problems.notFound('Ürün');
  if (await hasMovements(db(ctx), auth.companyId, id)) throw problems.conflict(TEXT.hasMovements, 'PRODUCT_HAS_MOVEMENTS');
  await deleteProduct(db(ctx), auth.companyId, id);
  ctx.audit({ action: 'accounting.product.deleted', entity: 'product', entityId: id, detail: { name: p.name, barcode: p.barcode } });
  ctx.setStatus(204);
  return null;
};

/**
 * Checks a batch as a whole (every item's fields, references looked up once for all, barcodes
 * repeated in the list, the stock rules of the products it would change) and writes it set-based,
 * or writes nothing and names each bad item's index and field.
 */
export async function upsertBatch(trx: Db, companyId: number, login: string, items: ProductBody[]) {
  const errors: FieldError[] = [];
  const at = (i: number, list: FieldError[]) => list.forEach((e) => errors.push({ ...e, field: `${i}.${e.field}` }));
  const refs = await references(trx, companyId, wanted(items));
  const seen = new Map<string, number>();
  items.forEach((b, i) => {
    at(i, fieldProblems(b));
    at(i, referenceProblems(b, refs));
    const code = b.barcode.trim();
    if (code && seen.has(code)) at(i, [{ field: 'barcode', message: TEXT.barcodeTwice, code: 'DUPLICATE_IN_LIST' }]);
    else seen.set(code, i);
  });
  const existing = new Map((await productsByBarcode(trx, companyId, [...seen.keys()].filter(Boolean))).map((p) => [p.barcode, p]));
  items.forEach((b, i) => {
    const before = existing.get(b.barcode.trim());
    if (before) at(i, stockProblems(b, before));
  });
  if (errors.length) {
    const bad = new Set(errors.map((e) => e.field.split('.')[0])).size;
    throw problems.badRequest(`${bad} kayıtta hata var; hiçbir kayıt yazılmadı.`, errors);
  }
  const batch: BulkItem[] = items.map((b, i) => {
    const v = valuesOf(b, refs);
    const before = existing.get(v.barcode);
    // A status left out keeps the product's own; a new product starts active.
    return {
      ...v, status: v.status ?? before?.status ?? 'ACTIVE', index: i, openingThousandths: Math.round((b.openingStock ?? 0) * 1000), tagIds: b.tagIds,
      typeChanged: Boolean(before && before.product_type !== v.productType),
    };
  });
  return upsertProducts(trx, companyId, batch, login);
}

const upsertProductsHandler: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const items = await upsertBatch(db(ctx), auth.companyId, auth.login, ctx.body as ProductBody[]);
  const created = items.filter((i) => i.created).length;
  ctx.audit({ action: 'accounting.product.imported', entity: 'product', detail: { created, updated: items.length - created } });
  // A big import leaves the planner's statistics behind (a first import into an empty table
  // plans like a table of none, at a hundred rows a second): once committed, refresh them when
  // they are off by a fifth, as autovacuum would later, but without waiting for it.
  ctx.afterwards(async (db, committed) => {
    if (committed) await analyzeIfStale(db);
  });
  return { created, updated: items.length - created, items };
};

export const productHandlers: Record<string, Handler> = {
  listProducts: listProductsHandler, getProduct, createProduct, updateProduct: updateProductHandler, deleteProduct: deleteProductHandler,
  upsertProducts: upsertProductsHandler,
};

/** A new company's product counter starts at zero. */
export async function seedProductCounter(trx: Trx, companyId: number): Promise<void> {
  const t = trx as unknown as Db;
  await t.insertInto('product_counters').values({ company_id: companyId, products: 0 }).onConflict((oc) => oc.column('company_id').doNothing()).execute();
}
