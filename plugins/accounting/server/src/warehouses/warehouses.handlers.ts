import { QUANTITY_DECIMALS, formatQuantity } from '@tezgah/core';
import { pageRequest, pageResult, problems, requireAuth, tables, type Handler, type RequestContext, type Trx } from '@tezgah/server';
import type { AccountingTables } from '../schema';
import { decimalsOf, isService } from '../products/catalogue';
import {
  applyMovement, DEFAULT_WAREHOUSE_NAME, deleteWarehouse, findWarehouse, insertTransfer, insertWarehouse, listStockLines, listInvoiceStockLines,
  listTransfers, listWarehouseProducts, listWarehouses, lockProduct, lockStock, productExists, stockLine, transfer, updateWarehouse,
  warehouseInUse, warehouseNameTaken, warehouseProductItems,
  type Db, type Paging, type StockLineRow, type TransferRow, type WarehouseRow,
} from './warehouses.repository';

const db = (ctx: RequestContext): Db => tables<AccountingTables>(ctx);
const num = (v: string | number | null): number | null => (v === null ? null : Number(v));

const view = (w: WarehouseRow) => ({ id: w.id, name: w.name, address: w.address, main: w.main, default: w.is_default });

function paging(ctx: RequestContext, defaultSort: [string, 'asc' | 'desc'] = ['id', 'desc']): Paging {
  const p = pageRequest(ctx, defaultSort);
  return { sort: p.sort, limit: p.size, offset: p.offset };
}

/** Every new company gets its default warehouse. */
export async function seedWarehouses(trx: Trx, companyId: number): Promise<void> {
  await insertWarehouse(trx as unknown as Db, companyId, { name: DEFAULT_WAREHOUSE_NAME, address: null, main: true, isDefault: true });
}

async function warehouseOr404(ctx: RequestContext, id: number): Promise<WarehouseRow> {
  const w = await findWarehouse(db(ctx), requireAuth(ctx).companyId, id);
  if (!w) throw problems.notFound('Depo');
  return w;
}

type WarehouseBody = { name: string; address?: string | null; main?: boolean; default?: boolean };

function cleanWarehouse(b: WarehouseBody) {
  const name = b.name.trim();
  if (!name) throw problems.invalidField('name', 'Depo adı zorunludur.', 'REQUIRED');
  const address = b.address?.trim() || null;
  return { name, address, main: b.main ?? false, isDefault: b.default ?? false };
}

async function nameFree(ctx: RequestContext, name: string, exceptId?: number) {
  if (await warehouseNameTaken(db(ctx), requireAuth(ctx).companyId, name, exceptId)) {
    throw problems.conflict('Bu isimde bir depo zaten var.', 'WAREHOUSE_NAME_TAKEN', 'name');
  }
}

const listWarehousesHandler: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const q = ctx.query as { search?: string; sort?: unknown };
  const page = paging(ctx);
  // Unsorted: the default warehouse first, then by age (the repository's tie-break).
  if (q.sort === undefined) page.sort = [];
  const { rows, total } = await listWarehouses(db(ctx), auth.companyId, { search: q.search?.trim() || undefined }, page);
  return pageResult(ctx, rows.map(view), total);
};

const getWarehouse: Handler = async (ctx) => view(await warehouseOr404(ctx, (ctx.params as { id: number }).id));

const createWarehouse: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const next = cleanWarehouse(ctx.body as WarehouseBody);
  await nameFree(ctx, next.name);
  const w = await insertWarehouse(db(ctx), auth.companyId, next);
  ctx.audit({ action: 'accounting.warehouse.created', entity: 'warehouse', entityId: w.id, detail: { name: w.name } });
  ctx.setStatus(201);
  return view(w);
};

const updateWarehouseHandler: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const b = ctx.body as WarehouseBody & { id: number };
  const before = await warehouseOr404(ctx, b.id);
  const next = cleanWarehouse({ ...b, main: b.main ?? before.main, default: b.default ?? before.is_default });
  if (next.name === before.name && next.address === before.address && next.main === before.main && next.isDefault === before.is_default) {
    throw problems.badRequest('You made no changes!', [{ field: 'name', message: 'You made no changes!', code: 'NO_CHANGES' }]);
  }
  if (before.is_default && !next.isDefault) {
    throw problems.invalidField('default', 'Varsayılan depo kaldırılamaz; başka bir depoyu varsayılan yapın.', 'DEFAULT_REQUIRED');
  }
  await nameFree(ctx, next.name, b.id);
  const w = await updateWarehouse(db(ctx), auth.companyId, b.id, next);
  ctx.audit({ action: 'accounting.warehouse.updated', entity: 'warehouse', entityId: w.id });
  return view(w);
};

const deleteWarehouseHandler: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const { id } = ctx.params as { id: number };
  const w = await warehouseOr404(ctx, id);
  if (w.is_default) throw problems.conflict('Varsayılan depo silinemez.', 'WAREHOUSE_DEFAULT');
  if (await warehouseInUse(db(ctx), auth.companyId, id)) {
    throw problems.conflict('Bu depoda ürün, stok ya da stok hareketi var; silinemez.', 'WAREHOUSE_IN_USE');
  }
  await deleteWarehouse(db(ctx), auth.companyId, id);
  ctx.audit({ action: 'accounting.warehouse.deleted', entity: 'warehouse', entityId: id, detail: { name: w.name } });
  ctx.setStatus(204);
  return null;
};

// --- stock ------------------------------------------------------------------------------------

const lineView = (r: StockLineRow) => ({
  id: r.id, date: new Date(r.created_at).toISOString(), warehouseId: r.warehouse_id, warehouseName: r.warehouse_name,
  productId: r.product_id, productName: r.product_name, barcode: r.barcode, kind: r.kind, stockType: r.stock_type,
  stockActionType: r.reason, quantity: Number(r.quantity), balance: Number(r.balance), transferId: r.transfer_id,
  explanation: r.explanation, createdBy: r.created_by,
});

const transferView = (r: TransferRow) => ({
  id: r.id, date: new Date(r.created_at).toISOString(), productId: r.product_id, productName: r.product_name, barcode: r.barcode,
  outgoingWarehouseId: r.outgoing_warehouse_id, outgoingWarehouseName: r.outgoing_warehouse_name,
  incomingWarehouseId: r.incoming_warehouse_id, incomingWarehouseName: r.incoming_warehouse_name,
  quantity: Number(r.quantity), explanation: r.explanation, createdBy: r.created_by,
});

/** Thousandths as a message says them, the Turkish way: "3", "2,125". */
const fmt = (t: number) => formatQuantity(t / 1000, 0);

/** A quantity to add, remove or move: above zero, at most 3 decimals (2,125 kg); in thousandths. */
function quantityThousandths(q: number, zeroMessage: string): number {
  if (!(q > 0)) throw problems.invalidField('quantity', zeroMessage, 'QUANTITY_NOT_POSITIVE');
  if (decimalsOf(q) > QUANTITY_DECIMALS) throw problems.invalidField('quantity', `Miktar en fazla ${QUANTITY_DECIMALS} ondalık basamak alabilir.`, 'QUANTITY_DECIMALS');
  return Math.round(q * 1000);
}

/** The product for a stock write, locked; a service has no stock. */
async function stockProduct(ctx: RequestContext, productId: number) {
  const p = await lockProduct(db(ctx), requireAuth(ctx).companyId, productId);
  if (!p) throw problems.notFound('Ürün');
  if (isService(p.product_type)) throw problems.invalidField('productId', 'Hizmetlerin stoğu olmaz.', 'SERVICE_HAS_NO_STOCK');
  return p;
}

const createStockLine: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const b = ctx.body as { productId: number; warehouseId: number; stockType: 'IN' | 'OUT'; stockActionType: string; quantity: number; explanation?: string | null };
  const q = quantityThousandths(b.quantity, 'Eklenecek ya da çıkarılacak miktar sıfırdan büyük olmalıdır.');
  await warehouseOr404(ctx, b.warehouseId);
  await stockProduct(ctx, b.productId);
  const current = await lockStock(db(ctx), auth.companyId, b.warehouseId, b.productId);
  if (b.stockType === 'OUT' && q > current) {
    throw problems.conflict(`Stok sıfırın altına düşemez: depodaki miktar ${fmt(current)}.`, 'INSUFFICIENT_STOCK', 'quantity');
  }
  const { id } = await applyMovement(db(ctx), {
    companyId: auth.companyId, warehouseId: b.warehouseId, productId: b.productId, kind: 'STOCK_UPDATE', stockType: b.stockType,
    reason: b.stockActionType, quantityThousandths: q, explanation: b.explanation?.trim() || null, createdBy: auth.login,
  });
  ctx.audit({ action: 'accounting.stock.updated', entity: 'product', entityId: b.productId, detail: { warehouseId: b.warehouseId, stockType: b.stockType, quantity: q / 1000, reason: b.stockActionType } });
  ctx.setStatus(201);
  return lineView(await stockLine(db(ctx), auth.companyId, id));
};

const createWarehouseTransfer: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const b = ctx.body as { productId: number; outgoingWarehouseId: number; incomingWarehouseId: number; quantity: number; explanation?: string | null };
  const q = quantityThousandths(b.quantity, 'Aktarılacak miktar sıfır olamaz.');
  if (b.outgoingWarehouseId === b.incomingWarehouseId) {
    throw problems.invalidField('incomingWarehouseId', 'Giriş deposu çıkış deposuyla aynı olamaz.', 'SAME_WAREHOUSE');
  }
  await warehouseOr404(ctx, b.outgoingWarehouseId);
  await warehouseOr404(ctx, b.incomingWarehouseId);
  await stockProduct(ctx, b.productId);
  // Both warehouse rows, in id order (the same order every transfer takes them).
  const [first, second] = [b.outgoingWarehouseId, b.incomingWarehouseId].sort((x, y) => x - y) as [number, number];
  const stock = new Map([[first, await lockStock(db(ctx), auth.companyId, first, b.productId)], [second, await lockStock(db(ctx), auth.companyId, second, b.productId)]]);
  const available = stock.get(b.outgoingWarehouseId)!;
  if (q > available) {
    throw problems.conflict(`Aktarılacak miktar çıkış deposundaki stoktan (${fmt(available)}) fazla olamaz.`, 'INSUFFICIENT_STOCK', 'quantity');
  }
  const explanation = b.explanation?.trim() || null;
  const transferId = await insertTransfer(db(ctx), { companyId: auth.companyId, productId: b.productId, outgoingWarehouseId: b.outgoingWarehouseId, incomingWarehouseId: b.incomingWarehouseId, quantityThousandths: q, explanation, createdBy: auth.login });
  const common = { companyId: auth.companyId, productId: b.productId, reason: null, quantityThousandths: q, transferId, explanation, createdBy: auth.login };
  await applyMovement(db(ctx), { ...common, warehouseId: b.outgoingWarehouseId, kind: 'TRANSFER_OUT', stockType: 'OUT' });
  await applyMovement(db(ctx), { ...common, warehouseId: b.incomingWarehouseId, kind: 'TRANSFER_IN', stockType: 'IN' });
  ctx.audit({ action: 'accounting.warehouse.transferred', entity: 'warehouse-transfer', entityId: transferId, detail: { productId: b.productId, from: b.outgoingWarehouseId, to: b.incomingWarehouseId, quantity: q / 1000 } });
  ctx.setStatus(201);
  return transferView(await transfer(db(ctx), auth.companyId, transferId));
};

const listWarehouseProductsHandler: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const q = ctx.query as { warehouseId?: number; productId?: number; search?: string; inStock?: boolean };
  const { rows, total } = await listWarehouseProducts(db(ctx), auth.companyId, { warehouseId: q.warehouseId, productId: q.productId, search: q.search?.trim() || undefined, inStock: q.inStock }, paging(ctx));
  return pageResult(ctx, rows.map((r) => ({
    id: r.id, warehouseId: r.warehouse_id, warehouseName: r.warehouse_name, productId: r.product_id, productName: r.product_name,
    barcode: r.barcode, productType: r.product_type, unitName: r.unit_name, quantity: Number(r.quantity), minStock: num(r.min_stock), maxStock: num(r.max_stock),
  })), total);
};

const listWarehouseProductItems: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const { productId, companyId } = ctx.params as { productId: number; companyId: number };
  if (companyId !== auth.companyId) throw problems.notFound('Ürün');
  if (!(await productExists(db(ctx), auth.companyId, productId))) throw problems.notFound('Ürün');
  const rows = await warehouseProductItems(db(ctx), auth.companyId, productId);
  return rows.map((r) => ({
    warehouseId: r.warehouse_id, warehouseName: r.warehouse_name, default: r.is_default, quantity: Number(r.quantity),
    totalIn: Number(r.total_in), totalOut: Number(r.total_out), lastMovementAt: r.last_movement_at ? new Date(r.last_movement_at).toISOString() : null,
  }));
};

const listStockLinesHandler: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const q = ctx.query as { productId?: number; warehouseId?: number; kind?: string };
  const { rows, total } = await listStockLines(db(ctx), auth.companyId, q, paging(ctx));
  return pageResult(ctx, rows.map(lineView), total);
};

/** GET /invoice-product-stock-lines: the stock lines invoices' products moved (by invoiceId, productId, warehouseId). */
const listInvoiceProductStockLines: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const q = ctx.query as { invoiceId?: number; productId?: number; warehouseId?: number };
  const { rows, total } = await listInvoiceStockLines(db(ctx), auth.companyId, q, paging(ctx));
  return pageResult(ctx, rows.map((r) => ({ ...lineView(r), invoiceId: Number(r.invoice_id), invoiceDate: r.invoice_date, documentNo: r.document_no })), total);
};

const listWarehouseTransfers: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const q = ctx.query as { warehouseId?: number; productId?: number };
  const { rows, total } = await listTransfers(db(ctx), auth.companyId, q, paging(ctx));
  return pageResult(ctx, rows.map(transferView), total);
};

export const warehouseHandlers: Record<string, Handler> = {
  listWarehouses: listWarehousesHandler, getWarehouse, createWarehouse, updateWarehouse: updateWarehouseHandler, deleteWarehouse: deleteWarehouseHandler,
  createStockLine, createWarehouseTransfer, listWarehouseProducts: listWarehouseProductsHandler, listWarehouseProductItems,
  listStockLines: listStockLinesHandler, listInvoiceProductStockLines, listWarehouseTransfers,
};
