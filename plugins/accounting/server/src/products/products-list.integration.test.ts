import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startTestServer, type TestServer } from '../../../../../packages/server/test/harness';
import { http, ONMUHASEBE } from '../../../../../packages/server/test/http';
import { goods } from './testing';

const LIST = `${ONMUHASEBE}/products-list`;
const P = `${ONMUHASEBE}/products`;

describe.each(engines('both'))('bulk product upsert (PUT /products-list) on %s', (engine) => {
  let t: TestServer;
  let api: ReturnType<typeof http>;
  let owner: string;
  let item: (i: number, over?: Record<string, unknown>) => Record<string, unknown>;
  const total = async () => Number((await api.call('GET', `${P}?size=1`, { token: owner })).headers.get('x-total-count'));

  beforeAll(async () => {
    t = await startTestServer({ engine });
    api = http(t.url);
    owner = await api.signIn('muhasebe');
    const unitId = (await api.call('GET', `${ONMUHASEBE}/units?search=Adet`, { token: owner })).body[0].id;
    const warehouseId = (await api.call('GET', `${ONMUHASEBE}/warehouses`, { token: owner })).body[0].id;
    item = (i, over = {}) => goods({ unitId, warehouseId, name: `İçe Aktarılan ${i}`, barcode: `IMP-${String(i).padStart(6, '0')}`, ...over });
  });
  afterAll(async () => { await t?.close(); });

  it('creates, and on the same barcodes again updates instead of duplicating', async () => {
    const before = await total();
    const first = await api.call('PUT', LIST, { token: owner, body: [item(1, { openingStock: 5 }), item(2), item(3, { productType: 'SERVICE_GIVEN', warehouseId: null })] });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ created: 3, updated: 0 });
    expect(first.body.items.map((i: { index: number; barcode: string; created: boolean }) => [i.index, i.barcode, i.created]))
      .toEqual([[0, 'IMP-000001', true], [1, 'IMP-000002', true], [2, 'IMP-000003', true]]);
    expect(await total()).toBe(before + 3);
    const again = await api.call('PUT', LIST, { token: owner, body: [item(1, { salePrice: 50, openingStock: 99 }), item(2, { name: 'Yeni Ad' }), item(3, { productType: 'SERVICE_GIVEN', warehouseId: null }), item(4)] });
    expect(again.body).toMatchObject({ created: 1, updated: 3 });
    expect(again.body.items.map((i: { id: number }) => i.id).slice(0, 3)).toEqual(first.body.items.map((i: { id: number }) => i.id));
    expect(await total()).toBe(before + 4);
    const one = (await api.call('GET', `${P}/${first.body.items[0].id}`, { token: owner })).body;
    // Opening stock only for products the call creates: still 5, one OPENING line.
    expect(one).toMatchObject({ salePrice: 50, stockQuantity: 5 });
    expect(one.productMainAccounts.map((a: { accountCode: string }) => a.accountCode)).toEqual(['153', '600']);
    const lines = await api.call('GET', `${ONMUHASEBE}/product-stock-lines?productId=${one.id}`, { token: owner });
    expect(lines.body.map((l: { kind: string; quantity: number }) => [l.kind, l.quantity])).toEqual([['OPENING', 5]]);
    expect((await api.call('GET', `${P}/${first.body.items[1].id}`, { token: owner })).body.name).toBe('Yeni Ad');
    const service = (await api.call('GET', `${P}/${first.body.items[2].id}`, { token: owner })).body;
    expect(service.productMainAccounts.map((a: { accountCode: string }) => a.accountCode)).toEqual(['740', '600']);
  });

  it('writes nothing when any item breaks a rule, naming each item\'s index and field', async () => {
    const before = await total();
    const r = await api.call('PUT', LIST, { token: owner, body: [
      item(100), item(101, { barcode: '  ' }), item(102, { minStock: 9, maxStock: 1 }), item(103, { warehouseId: null }),
      item(104, { defaultTaxRate: 18 }), item(105, { barcode: 'IMP-000100' }),
    ] });
    expect(r.status).toBe(400);
    expect(r.body.detail).toBe('5 kayıtta hata var; hiçbir kayıt yazılmadı.');
    expect(r.body.fieldErrors.map((f: { field: string; code: string }) => [f.field, f.code])).toEqual([
      ['1.barcode', 'BARCODE_BLANK'], ['2.minStock', 'MIN_ABOVE_MAX'], ['3.warehouseId', 'REQUIRED'], ['4.defaultTaxRate', 'NOT_FOUND'], ['5.barcode', 'DUPLICATE_IN_LIST'],
    ]);
    expect(await total()).toBe(before);
    expect((await api.call('GET', `${P}?barcode=IMP-000100`, { token: owner })).body).toEqual([]);
  });

  it('applies the stock rules to the products it changes', async () => {
    const r = await api.call('PUT', LIST, { token: owner, body: [item(1, { qrTracking: true })] });
    expect(r.status).toBe(400);
    expect(r.body.fieldErrors).toEqual([{ field: '0.qrTracking', message: 'Stoğu olan ürün karekod (QR) takibine alınamaz.', code: 'PRODUCT_HAS_STOCK' }]);
    const service = await api.call('PUT', LIST, { token: owner, body: [item(1, { productType: 'SERVICE_TAKEN', warehouseId: null })] });
    expect(service.body.fieldErrors[0]).toMatchObject({ field: '0.productType', code: 'PRODUCT_HAS_STOCK' });
  });

  it('takes at most 1000 items, checked by the contract (index and field named)', async () => {
    const many = Array.from({ length: 1001 }, (_, i) => item(5000 + i));
    const r = await api.call('PUT', LIST, { token: owner, body: many });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('VALIDATION_FAILED');
    const bad = await api.call('PUT', LIST, { token: owner, body: [item(7000), { ...item(7001), productType: 'UNKNOWN' }] });
    expect(bad.body.fieldErrors[0].field).toBe('1.productType');
    expect((await api.call('PUT', LIST, { token: owner, body: [] })).status).toBe(400);
  });

  it('writes a full batch of 1000 and sets tags when given', async () => {
    const tag = (await api.call('GET', `${ONMUHASEBE}/tags?size=1`, { token: owner })).body[0];
    const batch = Array.from({ length: 1000 }, (_, i) => item(10000 + i, { tagIds: i % 2 ? [tag.id] : [], openingStock: i % 3 }));
    const before = await total();
    const r = await api.call('PUT', LIST, { token: owner, body: batch });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ created: 1000, updated: 0 });
    expect(r.body.items.map((i: { index: number }) => i.index)).toEqual(batch.map((_, i) => i));
    expect(await total()).toBe(before + 1000);
    const tagged = await api.call('GET', `${P}?tagId=${tag.id}&search=IMP-01&size=1`, { token: owner });
    expect(tagged.headers.get('x-total-count')).toBe('500');
    const untag = await api.call('PUT', LIST, { token: owner, body: [item(10001, { tagIds: [] })] });
    expect(untag.body.updated).toBe(1);
    expect((await api.call('GET', `${P}/${r.body.items[1].id}`, { token: owner })).body.tags).toEqual([]);
    const lines = await api.call('GET', `${ONMUHASEBE}/product-stock-lines?kind=OPENING&size=1`, { token: owner });
    expect(Number(lines.headers.get('x-total-count'))).toBeGreaterThanOrEqual(666);
  });
});
