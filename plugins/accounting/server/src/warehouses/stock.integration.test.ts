import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { engines, startTestServer, type TestServer } from '../../../../../packages/server/test/harness';
import { http, ONMUHASEBE } from '../../../../../packages/server/test/http';
import { goods, userWith } from '../products/testing';

const LINES = `${ONMUHASEBE}/product-stock-lines`;
const TRANSFERS = `${ONMUHASEBE}/warehouse-transfers`;

describe.each(engines('both'))('stock updates and transfers on %s', (engine) => {
  let t: TestServer;
  let api: ReturnType<typeof http>;
  let owner: string;
  let merkez: number;
  let branch: number;
  let product: (opening?: number, over?: Record<string, unknown>) => Promise<{ id: number; barcode: string }>;
  const stockOf = async (productId: number, warehouseId: number) => {
    const r = await api.call('GET', `${ONMUHASEBE}/warehouse-products?productId=${productId}&warehouseId=${warehouseId}`, { token: owner });
    return r.body[0]?.quantity as number | undefined;
  };
  const update = (body: Record<string, unknown>, token = owner) => api.call('POST', LINES, { token, body: { stockType: 'OUT', stockActionType: 'DAMAGED', warehouseId: merkez, quantity: 1, ...body } });

  beforeAll(async () => {
    t = await startTestServer({ engine });
    api = http(t.url);
    owner = await api.signIn('muhasebe');
    const ws = (await api.call('GET', `${ONMUHASEBE}/warehouses`, { token: owner })).body;
    merkez = ws.find((w: { default: boolean }) => w.default).id;
    branch = ws.find((w: { default: boolean }) => !w.default).id;
    const unitId = (await api.call('GET', `${ONMUHASEBE}/units?search=Adet`, { token: owner })).body[0].id;
    product = async (opening = 0, over = {}) => {
      const r = await api.call('POST', `${ONMUHASEBE}/products`, { token: owner, body: goods({ unitId, warehouseId: merkez, openingStock: opening, ...over }) });
      expect(r.status).toBe(201);
      return r.body;
    };
  });
  afterAll(async () => { await t?.close(); });

  it('adds and removes stock with a reason; the ledger line carries the new balance', async () => {
    const p = await product(10);
    const inn = await update({ productId: p.id, stockType: 'IN', stockActionType: 'COUNT', quantity: 2.5, explanation: 'Sayım' });
    expect(inn.status).toBe(201);
    expect(inn.body).toMatchObject({ productId: p.id, warehouseId: merkez, warehouseName: 'Merkez Depo', kind: 'STOCK_UPDATE', stockType: 'IN', stockActionType: 'COUNT', quantity: 2.5, balance: 12.5, explanation: 'Sayım', createdBy: 'muhasebe' });
    const out = await update({ productId: p.id, quantity: 12.5 });
    expect(out.body.balance).toBe(0);
    expect(await stockOf(p.id, merkez)).toBe(0);
    const detail = (await api.call('GET', `${ONMUHASEBE}/products/${p.id}`, { token: owner })).body;
    expect(detail.stockQuantity).toBe(0);
    const lines = await api.call('GET', `${LINES}?productId=${p.id}`, { token: owner });
    expect(lines.headers.get('x-total-count')).toBe('3');
    expect(lines.body.map((l: { kind: string; stockType: string; balance: number }) => [l.kind, l.stockType, l.balance])).toEqual([['STOCK_UPDATE', 'OUT', 0], ['STOCK_UPDATE', 'IN', 12.5], ['OPENING', 'IN', 10]]);
    const inWarehouse = await api.call('GET', `${LINES}?warehouseId=${merkez}&kind=STOCK_UPDATE&size=100`, { token: owner });
    expect(inWarehouse.body.every((l: { warehouseId: number; kind: string }) => l.warehouseId === merkez && l.kind === 'STOCK_UPDATE')).toBe(true);
  });

  it('needs a quantity above zero, a stock type and a reason; never goes below zero', async () => {
    const p = await product(3);
    const zero = await update({ productId: p.id, quantity: 0 });
    expect(zero.status).toBe(400);
    expect(zero.body.fieldErrors).toEqual([{ field: 'quantity', message: 'Eklenecek ya da çıkarılacak miktar sıfırdan büyük olmalıdır.', code: 'QUANTITY_NOT_POSITIVE' }]);
    expect((await update({ productId: p.id, quantity: -2 })).body.fieldErrors[0].code).toBe('QUANTITY_NOT_POSITIVE');
    expect((await update({ productId: p.id, quantity: 0.0001 })).body.fieldErrors[0].code).toBe('QUANTITY_DECIMALS');
    const missing = await api.call('POST', LINES, { token: owner, body: { productId: p.id, warehouseId: merkez, quantity: 1 } });
    expect(missing.status).toBe(400);
    expect(missing.body.fieldErrors.map((f: { field: string; code: string }) => [f.field, f.code]).sort()).toEqual([['stockActionType', 'REQUIRED'], ['stockType', 'REQUIRED']]);
    const below = await update({ productId: p.id, quantity: 4 });
    expect(below.status).toBe(409);
    expect(below.body).toMatchObject({ code: 'INSUFFICIENT_STOCK', detail: 'Stok sıfırın altına düşemez: depodaki miktar 3.', fieldErrors: [{ field: 'quantity' }] });
    expect(await stockOf(p.id, merkez)).toBe(3);
  });

  it('has no stock for services, and answers 404 for another company\'s product or warehouse', async () => {
    const s = await product(0, { productType: 'SERVICE_GIVEN', warehouseId: null });
    const r = await update({ productId: s.id, stockType: 'IN' });
    expect(r.status).toBe(400);
    expect(r.body.fieldErrors[0]).toMatchObject({ field: 'productId', message: 'Hizmetlerin stoğu olmaz.' });
    const eczaci = await api.signIn('eczaci');
    const theirs = (await api.call('GET', `${ONMUHASEBE}/products?size=1`, { token: eczaci })).body[0];
    expect((await update({ productId: theirs.id, stockType: 'IN' })).status).toBe(404);
    const theirWarehouse = (await api.call('GET', `${ONMUHASEBE}/warehouses`, { token: eczaci })).body[0].id;
    const mine = await product(1);
    expect((await update({ productId: mine.id, warehouseId: theirWarehouse, stockType: 'IN' })).status).toBe(404);
    expect((await api.call('POST', TRANSFERS, { token: owner, body: { productId: theirs.id, outgoingWarehouseId: merkez, incomingWarehouseId: branch, quantity: 1 } })).status).toBe(404);
  });

  it('takes stock update from either authority (14_38 or 13_38) and refuses it to a viewer', async () => {
    const p = await product(5);
    const stocker = await userWith(api, owner, 'stokcu', ['13_38']);
    expect((await update({ productId: p.id }, stocker)).status).toBe(201);
    const viewer = await userWith(api, owner, 'bakici', ['13_1', '14_1']);
    const refused = await update({ productId: p.id }, viewer);
    expect(refused.status).toBe(403);
    expect(refused.body.title).toBe('Yetki Hatası');
  });

  it('transfers between warehouses, within the outgoing stock, never to the same warehouse', async () => {
    const p = await product(8);
    const r = await api.call('POST', TRANSFERS, { token: owner, body: { productId: p.id, outgoingWarehouseId: merkez, incomingWarehouseId: branch, quantity: 3, explanation: 'Şubeye' } });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ productId: p.id, outgoingWarehouseId: merkez, outgoingWarehouseName: 'Merkez Depo', incomingWarehouseId: branch, incomingWarehouseName: 'Ankara Şube Deposu', quantity: 3, explanation: 'Şubeye' });
    expect([await stockOf(p.id, merkez), await stockOf(p.id, branch)]).toEqual([5, 3]);
    expect((await api.call('GET', `${ONMUHASEBE}/products/${p.id}`, { token: owner })).body.stockQuantity).toBe(8);
    const lines = await api.call('GET', `${LINES}?productId=${p.id}&size=2`, { token: owner });
    expect(lines.body.map((l: { kind: string; transferId: number; balance: number }) => [l.kind, l.transferId, l.balance])).toEqual([['TRANSFER_IN', r.body.id, 3], ['TRANSFER_OUT', r.body.id, 5]]);
    const above = await api.call('POST', TRANSFERS, { token: owner, body: { productId: p.id, outgoingWarehouseId: branch, incomingWarehouseId: merkez, quantity: 4 } });
    expect(above.status).toBe(409);
    expect(above.body).toMatchObject({ code: 'INSUFFICIENT_STOCK', detail: 'Aktarılacak miktar çıkış deposundaki stoktan (3) fazla olamaz.' });
    const zero = await api.call('POST', TRANSFERS, { token: owner, body: { productId: p.id, outgoingWarehouseId: branch, incomingWarehouseId: merkez, quantity: 0 } });
    expect(zero.body.fieldErrors).toEqual([{ field: 'quantity', message: 'Aktarılacak miktar sıfır olamaz.', code: 'QUANTITY_NOT_POSITIVE' }]);
    const same = await api.call('POST', TRANSFERS, { token: owner, body: { productId: p.id, outgoingWarehouseId: merkez, incomingWarehouseId: merkez, quantity: 1 } });
    expect(same.status).toBe(400);
    expect(same.body.fieldErrors).toEqual([{ field: 'incomingWarehouseId', message: 'Giriş deposu çıkış deposuyla aynı olamaz.', code: 'SAME_WAREHOUSE' }]);
    const missing = await api.call('POST', TRANSFERS, { token: owner, body: { outgoingWarehouseId: merkez, quantity: 1 } });
    expect(missing.body.fieldErrors.map((f: { field: string }) => f.field).sort()).toEqual(['incomingWarehouseId', 'productId']);
    const history = await api.call('GET', `${ONMUHASEBE}/warehouse-transfer-lines?warehouseId=${branch}&size=100`, { token: owner });
    expect(history.body[0]).toMatchObject({ id: r.body.id, productName: 'Test Ürünü' });
    expect(history.body.every((h: { outgoingWarehouseId: number; incomingWarehouseId: number }) => h.outgoingWarehouseId === branch || h.incomingWarehouseId === branch)).toBe(true);
    expect(Number(history.headers.get('x-total-count'))).toBe(history.body.length);
    const ofProduct = await api.call('GET', `${ONMUHASEBE}/warehouse-transfer-lines?productId=${p.id}`, { token: owner });
    expect(ofProduct.body.map((h: { id: number }) => h.id)).toEqual([r.body.id]);
  });

  it('lists stock per warehouse and a product\'s balances, only for the caller\'s company', async () => {
    const p = await product(6);
    await api.call('POST', TRANSFERS, { token: owner, body: { productId: p.id, outgoingWarehouseId: merkez, incomingWarehouseId: branch, quantity: 2 } });
    await update({ productId: p.id, quantity: 1 });
    const items = await api.call('GET', `${ONMUHASEBE}/warehouse-product-items/${p.id}/3`, { token: owner });
    expect(items.status).toBe(200);
    expect(items.body.map((i: { warehouseName: string; default: boolean; quantity: number; totalIn: number; totalOut: number }) => [i.warehouseName, i.default, i.quantity, i.totalIn, i.totalOut]))
      .toEqual([['Merkez Depo', true, 3, 6, 3], ['Ankara Şube Deposu', false, 2, 2, 0]]);
    expect(items.body[0].lastMovementAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect((await api.call('GET', `${ONMUHASEBE}/warehouse-product-items/${p.id}/2`, { token: owner })).status).toBe(404);
    const eczaci = await api.signIn('eczaci');
    expect((await api.call('GET', `${ONMUHASEBE}/warehouse-product-items/${p.id}/2`, { token: eczaci })).status).toBe(404);
    const inBranch = await api.call('GET', `${ONMUHASEBE}/warehouse-products?warehouseId=${branch}&inStock=true&sort=quantity,desc&size=100`, { token: owner });
    expect(inBranch.body.every((r: { warehouseId: number; quantity: number }) => r.warehouseId === branch && r.quantity > 0)).toBe(true);
    const quantities = inBranch.body.map((r: { quantity: number }) => r.quantity);
    expect(quantities).toEqual([...quantities].sort((a: number, b: number) => b - a));
    expect(inBranch.body.find((r: { productId: number }) => r.productId === p.id)).toMatchObject({ quantity: 2, unitName: 'Adet', productName: 'Test Ürünü' });
  });

  it('keeps the ledger append-only for the application role', async () => {
    const { inTenant } = await import('../../../../../packages/server/src/db/database');
    await expect(inTenant(t.server.database.db, 3, (trx) => sql`update stock_movements set quantity = 1`.execute(trx))).rejects.toThrow(/permission denied/);
    await expect(inTenant(t.server.database.db, 3, (trx) => sql`delete from stock_movements`.execute(trx))).rejects.toThrow(/permission denied/);
  });

  it('loses no parallel update and never goes below zero: 20 parallel −1 on a stock of 10', async () => {
    const p = await product(10);
    const answers = await Promise.all(Array.from({ length: 20 }, () => update({ productId: p.id, quantity: 1 })));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(10);
    expect(answers.filter((a) => a.status === 409).every((a) => a.body.code === 'INSUFFICIENT_STOCK')).toBe(true);
    expect(await stockOf(p.id, merkez)).toBe(0);
    expect((await api.call('GET', `${ONMUHASEBE}/products/${p.id}`, { token: owner })).body.stockQuantity).toBe(0);
    const balances = answers.filter((a) => a.status === 201).map((a) => a.body.balance).sort((a, b) => a - b);
    expect(balances).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('serializes parallel transfers in both directions and parallel additions without a deadlock', async () => {
    const p = await product(20);
    await api.call('POST', TRANSFERS, { token: owner, body: { productId: p.id, outgoingWarehouseId: merkez, incomingWarehouseId: branch, quantity: 10 } });
    const calls = Array.from({ length: 20 }, (_, i) => (i % 3 === 2
      ? update({ productId: p.id, stockType: 'IN', stockActionType: 'RETURN', quantity: 1 })
      : api.call('POST', TRANSFERS, { token: owner, body: { productId: p.id, outgoingWarehouseId: i % 2 ? merkez : branch, incomingWarehouseId: i % 2 ? branch : merkez, quantity: 1 } })));
    const answers = await Promise.all(calls);
    expect(answers.every((a) => a.status === 201)).toBe(true);
    const added = answers.filter((_, i) => i % 3 === 2).length;
    const [a, b] = [await stockOf(p.id, merkez), await stockOf(p.id, branch)];
    expect(a! + b!).toBe(20 + added);
    expect((await api.call('GET', `${ONMUHASEBE}/products/${p.id}`, { token: owner })).body.stockQuantity).toBe(20 + added);
  });
});
