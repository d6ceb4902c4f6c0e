import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startTestServer, type TestServer } from '../../../../../packages/server/test/harness';
import { http, ONMUHASEBE } from '../../../../../packages/server/test/http';
import { userWith } from '../currents/testing';

/** GET /invoice-product-stock-lines: the stock ledger's movements invoices made. */
describe.each(engines('one'))('invoice stock lines on %s', (engine) => {
  let t: TestServer;
  let api: ReturnType<typeof http>;
  let owner: string;
  const call = (method: string, path: string, body?: unknown, token = owner) => api.call(method, `${ONMUHASEBE}${path}`, { token, ...(body !== undefined ? { body } : {}) });

  beforeAll(async () => {
    t = await startTestServer({ engine });
    api = http(t.url);
    owner = await api.signIn('muhasebe');
  });
  afterAll(async () => { await t?.close(); });

  it('lists the lines an invoice moved, by invoice, product and warehouse, and asks for the authority', async () => {
    const currents = (await call('GET', '/currents?size=100')).body as any[];
    const supplier = currents.find((c) => c.name === 'Ege Kırtasiye');
    const customer = currents.find((c) => c.name === 'Boğaziçi Otel İşletmeleri');
    const unitId = (await call('GET', '/units?size=100')).body.find((u: any) => u.name === 'Adet').id;
    const warehouseId = (await call('GET', '/warehouses?size=100')).body[0].id;
    const products = [];
    for (const n of [1, 2]) {
      const p = await call('POST', '/products', { name: `Faturalı Ürün ${n}`, barcode: `8690000${Date.now() % 100000}${n}`, productType: 'COMMERCIAL_GOODS', unitId, buyingCurrencyId: 1, saleCurrencyId: 1, defaultTaxRate: 20, warehouseId, salePrice: 100, buyingPrice: 60 });
      expect(p.status, p.text).toBe(201);
      products.push(p.body);
    }
    const buy = await call('POST', '/invoices', { invoiceType: 'BUYING', currentId: supplier.id, date: '2026-04-01', documentNo: 'STKSAT000000001', products: products.map((p) => ({ productId: p.id, quantity: 10, unitPrice: 60 })) });
    expect(buy.status, buy.text).toBe(201);
    const sale = await call('POST', '/invoices', { invoiceType: 'SALE', currentId: customer.id, date: '2026-04-02', products: [{ productId: products[0].id, quantity: 3, unitPrice: 100 }] });
    expect(sale.status, sale.text).toBe(201);

    const bought = await call('GET', `/invoice-product-stock-lines?invoiceId=${buy.body.id}`);
    expect(bought.status, bought.text).toBe(200);
    expect(bought.headers.get('x-total-count')).toBe('2');
    expect(bought.body.map((l: any) => [l.productId, l.stockType, l.quantity, l.invoiceId, l.documentNo, l.invoiceDate]).sort()).toEqual(
      products.map((p) => [p.id, 'IN', 10, buy.body.id, 'STKSAT000000001', '2026-04-01']).sort(),
    );
    const first = await call('GET', `/invoice-product-stock-lines?productId=${products[0].id}`);
    expect(first.body.map((l: any) => [l.invoiceId, l.stockType, l.quantity, l.balance])).toEqual([[sale.body.id, 'OUT', 3, 7], [buy.body.id, 'IN', 10, 10]]);
    expect((await call('GET', `/invoice-product-stock-lines?productId=${products[0].id}&warehouseId=${warehouseId}&size=1`)).body).toHaveLength(1);
    expect((await call('GET', `/invoice-product-stock-lines?invoiceId=${sale.body.id}&productId=${products[1].id}`)).body).toEqual([]);
    // A stock update is not an invoice's: it is in the stock ledger, not here.
    expect((await call('POST', '/product-stock-lines', { productId: products[1].id, warehouseId, quantity: 1, stockType: 'IN', stockActionType: 'COUNT' })).status).toBeLessThan(300);
    expect((await call('GET', `/invoice-product-stock-lines?productId=${products[1].id}`)).body).toHaveLength(1);
    const outsider = await userWith(api, owner, 'stoksuz', ['2_1']);
    expect((await call('GET', '/invoice-product-stock-lines', undefined, outsider)).status).toBe(403);
  });
});
