import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startTestServer, type TestServer } from '../../../../../packages/server/test/harness';
import { http, ONMUHASEBE } from '../../../../../packages/server/test/http';
import { goods, userWith } from '../products/testing';

const LISTS = `${ONMUHASEBE}/price-lists`;
const ITEMS = `${ONMUHASEBE}/price-list-products`;
const EXISTS = 'Seçilen ürün listede zaten var';

describe.each(engines('one'))('price lists on %s', (engine) => {
  let t: TestServer;
  let api: ReturnType<typeof http>;
  let owner: string;
  let other: string;
  let productIds: number[];
  let customers: number[];
  let supplier: number;

  const product = async (over: Record<string, unknown> = {}) => {
    const unitId = (await api.call('GET', `${ONMUHASEBE}/units?search=Adet`, { token: owner })).body[0].id;
    const warehouseId = (await api.call('GET', `${ONMUHASEBE}/warehouses`, { token: owner })).body[0].id;
    const r = await api.call('POST', `${ONMUHASEBE}/products`, { token: owner, body: goods({ unitId, warehouseId, ...over }) });
    expect(r.status, r.text).toBe(201);
    return r.body.id as number;
  };
  const newList = async (body: Record<string, unknown>) => {
    const r = await api.call('POST', LISTS, { token: owner, body });
    expect(r.status, r.text).toBe(201);
    return r.body;
  };

  beforeAll(async () => {
    t = await startTestServer({ engine });
    api = http(t.url);
    owner = await api.signIn('muhasebe');
    other = await api.signIn('eczaci');
    productIds = [await product({ name: 'Fiyat Listesi Ürünü A' }), await product({ name: 'Fiyat Listesi Ürünü B' }), await product({ name: 'Fiyat Listesi Ürünü C' })];
    const currents = (await api.call('GET', `${ONMUHASEBE}/currents?size=100`, { token: owner })).body as { id: number; currentAccountType: string }[];
    customers = currents.filter((c) => c.currentAccountType === 'CUSTOMER').map((c) => c.id);
    supplier = currents.find((c) => c.currentAccountType === 'SUPPLIER')!.id;
    expect(customers.length).toBeGreaterThanOrEqual(2);
  });
  afterAll(async () => { await t?.close(); });

  it('the demo companies each have a sale price list with products', async () => {
    const r = await api.call('GET', `${LISTS}?type=SALE`, { token: owner });
    expect(r.status).toBe(200);
    const demo = r.body.find((l: { name: string }) => l.name === 'Perakende Satış Fiyatları');
    expect(demo).toMatchObject({ type: 'SALE', active: true });
    expect(demo.productCount).toBeGreaterThan(0);
    const items = await api.call('GET', `${ITEMS}?priceListId=${demo.id}`, { token: owner });
    expect(items.body[0]).toMatchObject({ priceListId: demo.id, discountRate: 5 });
    expect(items.body[0].discountedPrice).toBeCloseTo(items.body[0].price * 0.95, 8);
    const pharmacy = await api.call('GET', LISTS, { token: other });
    expect(pharmacy.body.map((l: { name: string }) => l.name)).toContain('Perakende Satış Fiyatları');
    expect(pharmacy.body.some((l: { id: number }) => l.id === demo.id)).toBe(false);
  });

  it('name and type are required', async () => {
    const noName = await api.call('POST', LISTS, { token: owner, body: { type: 'SALE' } });
    expect(noName.status).toBe(400);
    expect(noName.body.fieldErrors.map((f: { field: string }) => f.field)).toEqual(['name']);
    const blank = await api.call('POST', LISTS, { token: owner, body: { name: '   ', type: 'SALE' } });
    expect(blank.status).toBe(400);
    expect(blank.body.fieldErrors).toEqual([{ field: 'name', message: 'Fiyat listesi adı zorunludur.', code: 'REQUIRED' }]);
    const noType = await api.call('POST', LISTS, { token: owner, body: { name: 'Toptan' } });
    expect(noType.status).toBe(400);
    expect(noType.body.fieldErrors.map((f: { field: string }) => f.field)).toEqual(['type']);
    const badType = await api.call('POST', LISTS, { token: owner, body: { name: 'Toptan', type: 'RENT' } });
    expect(badType.status).toBe(400);
    expect(badType.body.fieldErrors[0].field).toBe('type');
  });

  it('creates, lists, refuses a name already used for its type, reports an update that changes nothing, deletes', async () => {
    const l = await newList({ name: 'Toptan Satış', type: 'SALE', explanation: 'Bayiler için' });
    expect(l).toMatchObject({ name: 'Toptan Satış', type: 'SALE', explanation: 'Bayiler için', active: true, productCount: 0, currents: [], lastModifiedDate: null });
    const dup = await api.call('POST', LISTS, { token: owner, body: { name: 'toptan satış', type: 'SALE' } });
    expect(dup.status).toBe(409);
    expect(dup.body.fieldErrors[0]).toMatchObject({ field: 'name', message: 'Bu isimde bir fiyat listesi zaten var.' });
    const buying = await newList({ name: 'Toptan Satış', type: 'BUYING' });
    const same = await api.call('PUT', LISTS, { token: owner, body: { id: l.id, name: 'Toptan Satış', type: 'SALE', explanation: 'Bayiler için' } });
    expect(same.status).toBe(400);
    expect(same.body.detail).toBe('Herhangi bir değişiklik yapmadınız!');
    const changed = await api.call('PUT', LISTS, { token: owner, body: { id: l.id, name: 'Toptan Satış 2026', type: 'SALE', active: false } });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ name: 'Toptan Satış 2026', active: false, explanation: null });
    expect(changed.body.lastModifiedDate).not.toBeNull();
    const found = await api.call('GET', `${LISTS}?search=toptan&type=SALE&sort=name,asc`, { token: owner });
    expect(found.body.map((x: { id: number }) => x.id)).toEqual([l.id]);
    expect(found.headers.get('x-total-count')).toBe('1');
    expect((await api.call('GET', `${LISTS}?active=false`, { token: owner })).body.map((x: { id: number }) => x.id)).toEqual([l.id]);
    expect((await api.call('DELETE', `${LISTS}/${buying.id}`, { token: owner })).status).toBe(204);
    expect((await api.call('GET', `${LISTS}/${buying.id}`, { token: owner })).status).toBe(404);
  });

  it('products carry a price above zero, a discount rate and the discounted price; one already in the list is refused', async () => {
    const l = await newList({ name: 'Kampanya', type: 'SALE' });
    const zero = await api.call('POST', ITEMS, { token: owner, body: { priceListId: l.id, productId: productIds[0], price: 0 } });
    expect(zero.status).toBe(400);
    expect(zero.body.fieldErrors).toEqual([{ field: 'price', message: 'Birim fiyat sıfırdan büyük olmalıdır.', code: 'PRICE_NOT_POSITIVE' }]);
    const negative = await api.call('POST', ITEMS, { token: owner, body: { priceListId: l.id, productId: productIds[0], price: -5, discountRate: 10 } });
    expect(negative.body.fieldErrors[0].field).toBe('price');
    const rate = await api.call('POST', ITEMS, { token: owner, body: { priceListId: l.id, productId: productIds[0], price: 10, discountRate: 12.345 } });
    expect(rate.status).toBe(400);
    expect(rate.body.fieldErrors).toEqual([{ field: 'discountRate', message: 'İndirim oranı 0 ile 100 arasında, en çok iki ondalıklı olmalıdır.', code: 'RANGE' }]);
    expect((await api.call('POST', ITEMS, { token: owner, body: { priceListId: l.id, productId: productIds[0], price: 10, discountRate: 101 } })).status).toBe(400);

    const a = await api.call('POST', ITEMS, { token: owner, body: { priceListId: l.id, productId: productIds[0], price: 10, discountRate: 12.5 } });
    expect(a.status).toBe(201);
    expect(a.body).toMatchObject({ priceListId: l.id, priceListName: 'Kampanya', productId: productIds[0], productName: 'Fiyat Listesi Ürünü A', unitName: 'Adet', defaultTaxRate: 20, price: 10, discountRate: 12.5, discountedPrice: 8.75 });
    const b = await api.call('POST', ITEMS, { token: owner, body: { priceListId: l.id, productId: productIds[1], price: 0.1, discountRate: 10 } });
    expect(b.body).toMatchObject({ price: 0.1, discountRate: 10, discountedPrice: 0.09 });
    const c = await api.call('POST', ITEMS, { token: owner, body: { priceListId: l.id, productId: productIds[2], price: 1234.56789012 } });
    expect(c.body).toMatchObject({ price: 1234.56789012, discountRate: 0, discountedPrice: 1234.56789012 });

    const again = await api.call('POST', ITEMS, { token: owner, body: { priceListId: l.id, productId: productIds[0], price: 11 } });
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe(EXISTS);
    expect(again.body.fieldErrors).toEqual([{ field: 'productId', message: EXISTS, code: 'PRODUCT_IN_LIST' }]);
    const moveOnto = await api.call('PUT', ITEMS, { token: owner, body: { id: b.body.id, priceListId: l.id, productId: productIds[0], price: 1 } });
    expect(moveOnto.status).toBe(409);
    expect(moveOnto.body.detail).toBe(EXISTS);

    const page = await api.call('GET', `${ITEMS}?priceListId=${l.id}&sort=price,desc`, { token: owner });
    expect(page.body.map((r: { productId: number }) => r.productId)).toEqual([productIds[2], productIds[0], productIds[1]]);
    expect(page.headers.get('x-total-count')).toBe('3');
    expect((await api.call('GET', `${ITEMS}?priceListId=${l.id}&search=Ürünü B`, { token: owner })).body.map((r: { id: number }) => r.id)).toEqual([b.body.id]);
    expect((await api.call('GET', `${LISTS}/${l.id}`, { token: owner })).body.productCount).toBe(3);

    const repriced = await api.call('PUT', ITEMS, { token: owner, body: { id: a.body.id, priceListId: l.id, productId: productIds[0], price: 20, discountRate: 25 } });
    expect(repriced.status).toBe(200);
    expect(repriced.body).toMatchObject({ price: 20, discountRate: 25, discountedPrice: 15 });
    const unchanged = await api.call('PUT', ITEMS, { token: owner, body: { id: a.body.id, priceListId: l.id, productId: productIds[0], price: 20, discountRate: 25 } });
    expect(unchanged.status).toBe(400);
    expect(unchanged.body.detail).toBe('Herhangi bir değişiklik yapmadınız!');

    expect((await api.call('DELETE', `${ITEMS}/${c.body.id}`, { token: owner })).status).toBe(204);
    expect((await api.call('GET', `${ITEMS}/${c.body.id}`, { token: owner })).status).toBe(404);
    expect((await api.call('DELETE', `${LISTS}/${l.id}`, { token: owner })).status).toBe(204);
    expect((await api.call('GET', `${ITEMS}/${a.body.id}`, { token: owner })).status).toBe(404);
  });

  it('links customers to a sale list and suppliers to a buying list; one already in the list is refused', async () => {
    const l = await newList({ name: 'Bayi Listesi', type: 'SALE', currentIds: [customers[0]] });
    expect(l.currents.map((c: { id: number }) => c.id)).toEqual([customers[0]]);
    expect(l.currents[0]).toMatchObject({ currentAccountType: 'CUSTOMER' });
    const twice = await api.call('PUT', LISTS, { token: owner, body: { id: l.id, name: 'Bayi Listesi', type: 'SALE', currentIds: [customers[0], customers[1], customers[0]] } });
    expect(twice.status).toBe(409);
    expect(twice.body.detail).toBe('Seçilen cari listede zaten var');
    expect(twice.body.fieldErrors[0].field).toBe('currentIds');
    const onCreate = await api.call('POST', LISTS, { token: owner, body: { name: 'Çift', type: 'SALE', currentIds: [customers[1], customers[1]] } });
    expect(onCreate.status).toBe(409);
    expect(onCreate.body.detail).toBe('Seçilen cari listede zaten var');
    const inEnglish = await api.call('POST', LISTS, { token: owner, body: { name: 'Çift', type: 'SALE', currentIds: [customers[1], customers[1]] }, headers: { 'accept-language': 'en' } });
    expect(inEnglish.body.detail).toBe('Selected current account exists in the list');

    const wrongKind = await api.call('PUT', LISTS, { token: owner, body: { id: l.id, name: 'Bayi Listesi', type: 'SALE', currentIds: [supplier] } });
    expect(wrongKind.status).toBe(400);
    expect(wrongKind.body.fieldErrors).toEqual([{ field: 'currentIds', message: 'Satış fiyat listesine yalnızca müşteriler bağlanabilir.', code: 'CURRENT_TYPE' }]);
    const foreign = (await api.call('GET', `${ONMUHASEBE}/currents?size=1&currentAccountType=CUSTOMER`, { token: other })).body[0].id;
    const notOurs = await api.call('PUT', LISTS, { token: owner, body: { id: l.id, name: 'Bayi Listesi', type: 'SALE', currentIds: [foreign] } });
    expect(notOurs.status).toBe(400);
    expect(notOurs.body.fieldErrors).toEqual([{ field: 'currentIds', message: 'Cari hesap bulunamadı.', code: 'NOT_FOUND' }]);

    const two = await api.call('PUT', LISTS, { token: owner, body: { id: l.id, name: 'Bayi Listesi', type: 'SALE', currentIds: [customers[1], customers[0]] } });
    expect(two.status).toBe(200);
    expect(two.body.currents.map((c: { id: number }) => c.id).sort()).toEqual([customers[0], customers[1]].sort());
    const keep = await api.call('PUT', LISTS, { token: owner, body: { id: l.id, name: 'Bayi Listesi (2)', type: 'SALE' } });
    expect(keep.body.currents).toHaveLength(2);
    const toBuying = await api.call('PUT', LISTS, { token: owner, body: { id: l.id, name: 'Bayi Listesi (2)', type: 'BUYING' } });
    expect(toBuying.status).toBe(400);
    expect(toBuying.body.fieldErrors).toEqual([{ field: 'type', message: 'Alış fiyat listesine yalnızca tedarikçiler bağlanabilir.', code: 'CURRENT_TYPE' }]);
    const buying = await api.call('PUT', LISTS, { token: owner, body: { id: l.id, name: 'Bayi Listesi (2)', type: 'BUYING', currentIds: [supplier] } });
    expect(buying.status).toBe(200);
    expect(buying.body.currents.map((c: { id: number }) => c.id)).toEqual([supplier]);
    expect((await api.call('GET', `${LISTS}?currentId=${supplier}`, { token: owner })).body.map((x: { id: number }) => x.id)).toContain(l.id);
    expect((await api.call('GET', `${LISTS}?currentId=${customers[0]}`, { token: owner })).body.map((x: { id: number }) => x.id)).not.toContain(l.id);
  });

  it('GET /products/{id}/{priceListId}: the product with its price in the list, or without one', async () => {
    const l = await newList({ name: 'Fatura Listesi', type: 'SALE' });
    await api.call('POST', ITEMS, { token: owner, body: { priceListId: l.id, productId: productIds[0], price: 40, discountRate: 10 } });
    const inList = await api.call('GET', `${ONMUHASEBE}/products/${productIds[0]}/${l.id}`, { token: owner });
    expect(inList.status).toBe(200);
    expect(inList.body).toMatchObject({ id: productIds[0], name: 'Fiyat Listesi Ürünü A', priceListId: l.id, priceListName: 'Fatura Listesi', priceListType: 'SALE', listPrice: 40, discountRate: 10, discountedPrice: 36 });
    expect(inList.body.productMainAccounts.length).toBeGreaterThan(0);
    const notIn = await api.call('GET', `${ONMUHASEBE}/products/${productIds[1]}/${l.id}`, { token: owner });
    expect(notIn.status).toBe(200);
    expect(notIn.body).toMatchObject({ id: productIds[1], priceListProductId: null, listPrice: null, discountRate: null, discountedPrice: null });
    const theirList = (await api.call('GET', `${LISTS}?size=1`, { token: other })).body[0].id;
    const foreignList = await api.call('GET', `${ONMUHASEBE}/products/${productIds[0]}/${theirList}`, { token: owner });
    expect(foreignList.status).toBe(404);
    expect(foreignList.body.detail).toBe('Fiyat listesi bulunamadı.');
    const foreignProduct = await api.call('GET', `${ONMUHASEBE}/products/${productIds[0]}/${theirList}`, { token: other });
    expect(foreignProduct.status).toBe(404);
    expect(foreignProduct.body.detail).toBe('Ürün bulunamadı.');
  });

  it('another company cannot reach a list or its products (404); a product of another company cannot be put in', async () => {
    const l = await newList({ name: 'Gizli Liste', type: 'SALE' });
    const row = await api.call('POST', ITEMS, { token: owner, body: { priceListId: l.id, productId: productIds[0], price: 5 } });
    for (const path of [`${LISTS}/${l.id}`, `${ITEMS}/${row.body.id}`]) {
      expect((await api.call('GET', path, { token: other })).status).toBe(404);
      expect((await api.call('DELETE', path, { token: other })).status).toBe(404);
    }
    expect((await api.call('PUT', LISTS, { token: other, body: { id: l.id, name: 'Ele geçirildi', type: 'SALE' } })).status).toBe(404);
    expect((await api.call('PUT', ITEMS, { token: other, body: { id: row.body.id, priceListId: l.id, productId: productIds[0], price: 1 } })).status).toBe(404);
    const theirProduct = (await api.call('GET', `${ONMUHASEBE}/products?size=1`, { token: other })).body[0].id;
    const foreign = await api.call('POST', ITEMS, { token: owner, body: { priceListId: l.id, productId: theirProduct, price: 5 } });
    expect(foreign.status).toBe(400);
    expect(foreign.body.fieldErrors).toEqual([{ field: 'productId', message: 'Ürün bulunamadı.', code: 'NOT_FOUND' }]);
    const theirList = (await api.call('GET', `${LISTS}?size=1`, { token: other })).body[0].id;
    const intoTheirs = await api.call('POST', ITEMS, { token: owner, body: { priceListId: theirList, productId: productIds[0], price: 5 } });
    expect(intoTheirs.status).toBe(400);
    expect(intoTheirs.body.fieldErrors[0].field).toBe('priceListId');
    expect((await api.call('GET', `${ITEMS}?priceListId=${l.id}`, { token: other })).body).toEqual([]);
  });

  it('authorities: view, create, update, delete and price update (25_44) only changes prices', async () => {
    const l = await newList({ name: 'Yetki Listesi', type: 'SALE' });
    const row = (await api.call('POST', ITEMS, { token: owner, body: { priceListId: l.id, productId: productIds[0], price: 5 } })).body;
    const viewer = await userWith(api, owner, 'fiyatgoren', ['25_1']);
    expect((await api.call('GET', `${LISTS}/${l.id}`, { token: viewer })).status).toBe(200);
    expect((await api.call('POST', LISTS, { token: viewer, body: { name: 'X', type: 'SALE' } })).status).toBe(403);
    expect((await api.call('PUT', ITEMS, { token: viewer, body: { id: row.id, priceListId: l.id, productId: productIds[0], price: 6 } })).status).toBe(403);
    expect((await api.call('DELETE', `${ITEMS}/${row.id}`, { token: viewer })).status).toBe(403);

    const pricer = await userWith(api, owner, 'listefiyatci', ['25_1', '25_44']);
    const price = await api.call('PUT', ITEMS, { token: pricer, body: { id: row.id, priceListId: l.id, productId: productIds[0], price: 7.5, discountRate: 2 } });
    expect(price.status).toBe(200);
    expect(price.body).toMatchObject({ price: 7.5, discountRate: 2, discountedPrice: 7.35 });
    const swap = await api.call('PUT', ITEMS, { token: pricer, body: { id: row.id, priceListId: l.id, productId: productIds[1], price: 7.5, discountRate: 2 } });
    expect(swap.status).toBe(403);
    expect(swap.body.code).toBe('PRICE_UPDATE_ONLY');
    expect((await api.call('PUT', LISTS, { token: pricer, body: { id: l.id, name: 'Y', type: 'SALE' } })).status).toBe(403);

    const productViewer = await userWith(api, owner, 'urungoren', ['13_1']);
    expect((await api.call('GET', `${ONMUHASEBE}/products/${productIds[0]}/${l.id}`, { token: productViewer })).status).toBe(200);
    expect((await api.call('GET', LISTS, { token: productViewer })).status).toBe(403);
  });
});
