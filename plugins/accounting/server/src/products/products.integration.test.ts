import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startTestServer, type TestServer } from '../../../../../packages/server/test/harness';
import { http, ONMUHASEBE } from '../../../../../packages/server/test/http';
import { goods, userWith } from './testing';

const P = `${ONMUHASEBE}/products`;

describe.each(engines('one'))('products on %s', (engine) => {
  let t: TestServer;
  let api: ReturnType<typeof http>;
  let owner: string;
  let eczaci: string;
  let unitId: number;
  let warehouseId: number;
  let body: (over?: Record<string, unknown>) => Record<string, unknown>;
  const count = async (companyId: number) => {
    const r = await t.server.database.db.selectFrom('products' as never).select((eb) => eb.fn.countAll().as('n')).where('company_id' as never, '=', companyId as never).executeTakeFirstOrThrow();
    return Number((r as { n: unknown }).n);
  };

  beforeAll(async () => {
    t = await startTestServer({ engine });
    api = http(t.url);
    owner = await api.signIn('muhasebe');
    eczaci = await api.signIn('eczaci');
    unitId = (await api.call('GET', `${ONMUHASEBE}/units?search=Adet`, { token: owner })).body[0].id;
    warehouseId = (await api.call('GET', `${ONMUHASEBE}/warehouses`, { token: owner })).body.find((w: { default: boolean }) => w.default).id;
    body = (over = {}) => goods({ unitId, warehouseId, ...over });
  });
  afterAll(async () => { await t?.close(); });

  it('gives the demo pharmacy about a hundred real medicines with prescription colours, and the general company goods and services', async () => {
    const meds = await api.call('GET', `${P}?size=100`, { token: eczaci });
    expect(meds.status).toBe(200);
    expect(Number(meds.headers.get('x-total-count'))).toBe(102);
    expect(new Set(meds.body.map((p: { prescriptionType: string }) => p.prescriptionType))).toEqual(new Set(['NORMAL', 'RED', 'GREEN', 'PURPLE', 'ORANGE']));
    const parol = meds.body.find((p: { barcode: string }) => p.barcode === '8699717010109');
    expect(parol).toMatchObject({ name: 'PAROL 500 MG 20 TABLET', productType: 'MEDICINE', unitName: 'Kutu', defaultTaxRate: 10, qrTracking: true });
    const general = await api.call('GET', `${P}?size=100`, { token: owner });
    expect(general.body.length).toBeGreaterThanOrEqual(24);
    expect(general.body.some((p: { service: boolean }) => p.service)).toBe(true);
    expect(general.body.every((p: { service: boolean; stockQuantity: number; warehouseId: number | null }) => !p.service || (p.stockQuantity === 0 && p.warehouseId === null))).toBe(true);
    expect(general.body.filter((p: { service: boolean; stockQuantity: number }) => !p.service && p.stockQuantity > 0).length).toBeGreaterThan(20);
  });

  it('adds a product with every field, its main accounts and opening stock', async () => {
    const tag = (await api.call('GET', `${ONMUHASEBE}/tags?size=1`, { token: owner })).body[0];
    const r = await api.call('POST', P, { token: owner, body: body({
      name: 'Masa Lambası', barcode: '8690000099990', explanation: 'LED, 3 kademe', buyingPrice: 123.12345678, buyingCurrencyId: 2, salePrice: 199.9,
      saleCurrencyId: 1, defaultTaxRate: 10, medicinePriceId: 77, serialNumber: 'SN-1', qrTracking: false, minStock: 2, maxStock: 50,
      tagIds: [tag.id], status: 'ACTIVE', prescriptionType: null, openingStock: 12.5,
    }) });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      name: 'Masa Lambası', barcode: '8690000099990', explanation: 'LED, 3 kademe', buyingPrice: 123.12345678, buyingCurrencyId: 2, salePrice: 199.9,
      saleCurrencyId: 1, defaultTaxRate: 10, medicinePriceId: 77, serialNumber: 'SN-1', minStock: 2, maxStock: 50, stockQuantity: 12.5,
      warehouseId, companyId: 3, service: false, unitName: 'Adet', tags: [{ id: tag.id, name: tag.name, color: tag.color }],
    });
    expect(r.body.productMainAccounts.map((a: { type: string; accountCode: string; accountName: string }) => [a.type, a.accountCode, a.accountName]))
      .toEqual([['STOCK', '153', 'Ticari Mallar'], ['SALES_INTERNAL', '600', 'Yurtiçi Satışlar']]);
    expect(r.body.warehouseProducts).toEqual([expect.objectContaining({ warehouseId, quantity: 12.5 })]);
    const lines = await api.call('GET', `${ONMUHASEBE}/product-stock-lines?productId=${r.body.id}`, { token: owner });
    expect(lines.body).toEqual([expect.objectContaining({ kind: 'OPENING', stockType: 'IN', stockActionType: 'OPENING', quantity: 12.5, balance: 12.5 })]);
    const got = await api.call('GET', `${P}/${r.body.id}`, { token: owner });
    expect(got.body).toEqual(r.body);
  });

  it('books each product type to its accounts: 150 raw material, 255 fixture, 740/770 services, 600 sales', async () => {
    const accounts = async (productType: string, extra: Record<string, unknown> = {}) => {
      const r = await api.call('POST', P, { token: owner, body: body({ productType, ...extra }) });
      expect(r.status).toBe(201);
      return r.body.productMainAccounts.map((a: { accountCode: string }) => a.accountCode);
    };
    expect(await accounts('RAW_MATERIAL')).toEqual(['150', '600']);
    expect(await accounts('FIXTURE')).toEqual(['255', '600']);
    expect(await accounts('SERVICE_GIVEN', { warehouseId: null })).toEqual(['740', '600']);
    expect(await accounts('SERVICE_TAKEN', { warehouseId: null })).toEqual(['770', '600']);
  });

  it('books only to accounts of the uniform chart, named as the chart names them', async () => {
    const { PRODUCT_TYPES, mainAccountsFor } = await import('./catalogue');
    const used = new Map(PRODUCT_TYPES.flatMap((type) => mainAccountsFor(type)).map((a) => [a.code, a.name]));
    expect([...used.keys()].sort()).toEqual(['150', '151', '152', '153', '255', '600', '740', '770']);
    const rows = await t.server.database.db.selectFrom('chart_accounts' as never).select(['code', 'name'] as never).where('code' as never, 'in', [...used.keys()] as never).execute() as { code: string; name: string }[];
    expect(Object.fromEntries(rows.map((r) => [r.code, r.name]))).toEqual(Object.fromEntries(used));
  });

  it('requires name, type, unit, currencies, tax rate and barcode, each named', async () => {
    const r = await api.call('POST', P, { token: owner, body: { name: 'Eksik' } });
    expect(r.status).toBe(400);
    expect(r.body.fieldErrors.map((f: { field: string }) => f.field).sort()).toEqual(['barcode', 'buyingCurrencyId', 'defaultTaxRate', 'productType', 'saleCurrencyId', 'unitId']);
    expect(r.body.fieldErrors[0]).toMatchObject({ message: 'Zorunlu alan', code: 'REQUIRED' });
    const blank = await api.call('POST', P, { token: owner, body: body({ name: '  ' }) });
    expect(blank.body.fieldErrors).toEqual([{ field: 'name', message: 'Ürün adı zorunludur.', code: 'REQUIRED' }]);
  });

  it('requires a warehouse for goods, but services carry none and no stock', async () => {
    const r = await api.call('POST', P, { token: owner, body: body({ warehouseId: null }) });
    expect(r.status).toBe(400);
    expect(r.body.fieldErrors).toEqual([{ field: 'warehouseId', message: 'Depo zorunludur.', code: 'REQUIRED' }]);
    const service = await api.call('POST', P, { token: owner, body: body({ productType: 'SERVICE_GIVEN', warehouseId, minStock: 1, maxStock: 5 }) });
    expect(service.status).toBe(201);
    expect(service.body).toMatchObject({ service: true, warehouseId: null, minStock: null, maxStock: null, stockQuantity: 0, warehouseProducts: [] });
    const stocked = await api.call('POST', P, { token: owner, body: body({ productType: 'SERVICE_TAKEN', warehouseId: null, openingStock: 3 }) });
    expect(stocked.status).toBe(400);
    expect(stocked.body.fieldErrors).toEqual([{ field: 'openingStock', message: 'Hizmetlerin stoğu olmaz.', code: 'SERVICE_HAS_NO_STOCK' }]);
  });

  it('refuses a blank barcode and a barcode the company already has, but another company may use it', async () => {
    const blank = await api.call('POST', P, { token: owner, body: body({ barcode: '   ' }) });
    expect(blank.status).toBe(400);
    expect(blank.body.fieldErrors).toEqual([{ field: 'barcode', message: 'Barkod boş olamaz.', code: 'BARCODE_BLANK' }]);
    const first = await api.call('POST', P, { token: owner, body: body({ barcode: '8690000077771' }) });
    expect(first.status).toBe(201);
    const dup = await api.call('POST', P, { token: owner, body: body({ barcode: ' 8690000077771 ' }) });
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({ code: 'BARCODE_TAKEN', fieldErrors: [{ field: 'barcode', message: 'Bu barkodla kayıtlı bir ürün zaten var.' }] });
    const pharmacyWarehouse = (await api.call('GET', `${ONMUHASEBE}/warehouses`, { token: eczaci })).body[0].id;
    const pharmacyUnit = (await api.call('GET', `${ONMUHASEBE}/units?search=Kutu`, { token: eczaci })).body[0].id;
    const elsewhere = await api.call('POST', P, { token: eczaci, body: goods({ barcode: '8690000077771', unitId: pharmacyUnit, warehouseId: pharmacyWarehouse }) });
    expect(elsewhere.status).toBe(201);
  });

  it('keeps minimum stock at or under maximum stock, and quantities and prices to their decimals', async () => {
    const r = await api.call('POST', P, { token: owner, body: body({ minStock: 10, maxStock: 5 }) });
    expect(r.status).toBe(400);
    expect(r.body.fieldErrors).toEqual([{ field: 'minStock', message: 'Minimum stok, maksimum stoktan büyük olamaz.', code: 'MIN_ABOVE_MAX' }]);
    expect((await api.call('POST', P, { token: owner, body: body({ minStock: 5, maxStock: 5 }) })).status).toBe(201);
    const decimals = await api.call('POST', P, { token: owner, body: body({ salePrice: 1.123456789, minStock: 1.1255 }) });
    expect(decimals.body.fieldErrors.map((f: { field: string; code: string }) => [f.field, f.code])).toEqual([['salePrice', 'PRICE_DECIMALS'], ['minStock', 'QUANTITY_DECIMALS']]);
  });

  it('names references that are not the company\'s own: unit, warehouse, currency, tax rate, tag', async () => {
    const foreignUnit = (await api.call('GET', `${ONMUHASEBE}/units?size=1`, { token: eczaci })).body[0].id;
    const foreignWarehouse = (await api.call('GET', `${ONMUHASEBE}/warehouses?size=1`, { token: eczaci })).body[0].id;
    const r = await api.call('POST', P, { token: owner, body: body({ unitId: foreignUnit, warehouseId: foreignWarehouse, saleCurrencyId: 99, defaultTaxRate: 18, tagIds: [999999] }) });
    expect(r.status).toBe(400);
    expect(r.body.fieldErrors.map((f: { field: string; message: string }) => [f.field, f.message])).toEqual([
      ['unitId', 'Birim bulunamadı.'], ['warehouseId', 'Depo bulunamadı.'], ['saleCurrencyId', 'Para birimi bulunamadı.'],
      ['defaultTaxRate', 'Bu oranda tanımlı bir KDV yok.'], ['tagIds', 'Etiket bulunamadı.'],
    ]);
  });

  it('changes a product, says when nothing changed, and follows its type with its accounts', async () => {
    const created = (await api.call('POST', P, { token: owner, body: body({ name: 'Defter' }) })).body;
    const { productMainAccounts: _a, warehouseProducts: _w, service: _s, unitName: _u, defaultTaxId: _d, stockQuantity: _q, companyId: _c, tags: _t, ...fields } = created;
    const same = await api.call('PUT', P, { token: owner, body: fields });
    expect(same.status).toBe(400);
    expect(same.body.detail).toBe('Herhangi bir değişiklik yapmadınız!');
    const changed = await api.call('PUT', P, { token: owner, body: { ...fields, name: 'Defter A4', productType: 'END_PRODUCT', salePrice: 20 } });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ name: 'Defter A4', salePrice: 20, productType: 'END_PRODUCT' });
    expect(changed.body.productMainAccounts.map((a: { accountCode: string }) => a.accountCode)).toEqual(['152', '600']);
    expect(changed.body.productMainAccounts[0].id).toBe(created.productMainAccounts[0].id);
  });

  it('does not let a product with stock switch to QR tracking or become a service; without stock it may', async () => {
    const stocked = (await api.call('POST', P, { token: owner, body: body({ openingStock: 3 }) })).body;
    const fields = { id: stocked.id, ...body({ barcode: stocked.barcode }) };
    const qr = await api.call('PUT', P, { token: owner, body: { ...fields, qrTracking: true } });
    expect(qr.status).toBe(400);
    expect(qr.body.fieldErrors).toEqual([{ field: 'qrTracking', message: 'Stoğu olan ürün karekod (QR) takibine alınamaz.', code: 'PRODUCT_HAS_STOCK' }]);
    const service = await api.call('PUT', P, { token: owner, body: { ...fields, productType: 'SERVICE_GIVEN' } });
    expect(service.status).toBe(400);
    expect(service.body.fieldErrors[0]).toMatchObject({ field: 'productType', message: 'Stoğu olan ürün hizmete çevrilemez.' });
    const empty = (await api.call('POST', P, { token: owner, body: body() })).body;
    const ok = await api.call('PUT', P, { token: owner, body: { id: empty.id, ...body({ barcode: empty.barcode, qrTracking: true }) } });
    expect(ok.status).toBe(200);
    expect(ok.body.qrTracking).toBe(true);
  });

  it('lets a holder of price update (13_44) change prices only', async () => {
    const token = await userWith(api, owner, 'fiyatci', ['13_1', '13_44']);
    const p = (await api.call('POST', P, { token: owner, body: body({ name: 'Fiyatlı' }) })).body;
    const fields = { id: p.id, ...body({ name: 'Fiyatlı', barcode: p.barcode }) };
    const price = await api.call('PUT', P, { token, body: { ...fields, salePrice: 99.5, buyingPrice: 70 } });
    expect(price.status).toBe(200);
    expect(price.body).toMatchObject({ salePrice: 99.5, buyingPrice: 70 });
    const name = await api.call('PUT', P, { token, body: { ...fields, salePrice: 99.5, buyingPrice: 70, name: 'Başka' } });
    expect(name.status).toBe(403);
    expect(name.body).toMatchObject({ title: 'Yetki Hatası', code: 'PRICE_UPDATE_ONLY' });
    expect((await api.call('POST', P, { token, body: body() })).status).toBe(403);
  });

  it('deletes a product without stock movements; one with movements stays (set it passive)', async () => {
    const before = Number((await api.call('GET', `${P}?size=1`, { token: owner })).headers.get('x-total-count'));
    const plain = (await api.call('POST', P, { token: owner, body: body() })).body;
    expect(Number((await api.call('GET', `${P}?size=1`, { token: owner })).headers.get('x-total-count'))).toBe(before + 1);
    expect((await api.call('DELETE', `${P}/${plain.id}`, { token: owner })).status).toBe(204);
    expect((await api.call('GET', `${P}/${plain.id}`, { token: owner })).status).toBe(404);
    expect(Number((await api.call('GET', `${P}?size=1`, { token: owner })).headers.get('x-total-count'))).toBe(before);
    const moved = (await api.call('POST', P, { token: owner, body: body({ openingStock: 1 }) })).body;
    const refused = await api.call('DELETE', `${P}/${moved.id}`, { token: owner });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'PRODUCT_HAS_MOVEMENTS', detail: 'Stok hareketi olan ürün silinemez; ürünü pasife alabilirsiniz.' });
    const passive = await api.call('PUT', P, { token: owner, body: { id: moved.id, ...body({ barcode: moved.barcode, status: 'PASSIVE' }) } });
    expect(passive.body.status).toBe('PASSIVE');
  });

  it('keeps the unfiltered total in a counter equal to the real count, and counts filtered totals', async () => {
    const all = await api.call('GET', `${P}?size=10`, { token: owner });
    expect(Number(all.headers.get('x-total-count'))).toBe(await count(3));
    const ids = all.body.map((p: { id: number }) => p.id);
    expect(ids).toEqual([...ids].sort((a: number, b: number) => b - a));
    const services = await api.call('GET', `${P}?service=true&size=100`, { token: owner });
    expect(services.body.every((p: { service: boolean }) => p.service)).toBe(true);
    expect(Number(services.headers.get('x-total-count'))).toBe(services.body.length);
  });

  it('filters by name or barcode, type, tag, warehouse, below-minimum stock, status and ids; sorts by name', async () => {
    const search = await api.call('GET', `${P}?search=kağı`, { token: owner });
    expect(search.body.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(['A4 Fotokopi Kağıdı 80 gr (500 yaprak)', 'Kağıt Havlu (12\'li paket)']));
    const barcode = await api.call('GET', `${P}?search=86900000000`, { token: owner });
    expect(barcode.body.map((p: { barcode: string }) => p.barcode).sort()).toEqual(['8690000000011', '8690000000028', '8690000000035', '8690000000042', '8690000000059', '8690000000066', '8690000000073', '8690000000080', '8690000000097']);
    const raw = await api.call('GET', `${P}?productType=RAW_MATERIAL`, { token: owner });
    expect(raw.headers.get('x-total-count')).toBe(String(raw.body.length));
    expect(raw.body.every((p: { productType: string }) => p.productType === 'RAW_MATERIAL')).toBe(true);
    const tagId = raw.body.find((p: { tags: { id: number }[] }) => p.tags.length)?.tags[0].id;
    expect(tagId).toBeDefined();
    const tagged = await api.call('GET', `${P}?tagId=${tagId}&size=100`, { token: owner });
    expect(tagged.body.length).toBeGreaterThanOrEqual(5);
    expect(tagged.body.every((p: { tags: { id: number }[] }) => p.tags.some((x) => x.id === tagId))).toBe(true);
    const branch = (await api.call('GET', `${ONMUHASEBE}/warehouses?search=Ankara`, { token: owner })).body[0].id;
    const inBranch = await api.call('GET', `${P}?warehouseId=${branch}`, { token: owner });
    expect(inBranch.body.map((p: { barcode: string }) => p.barcode).sort()).toEqual(['8690000000011', '8690000000073']);
    const low = await api.call('GET', `${P}?belowMinimumStock=true&size=100`, { token: owner });
    expect(low.body.length).toBeGreaterThan(0);
    expect(low.body.every((p: { stockQuantity: number; minStock: number }) => p.stockQuantity <= p.minStock)).toBe(true);
    expect(low.body.map((p: { barcode: string }) => p.barcode)).toContain('8690000000042');
    const passive = await api.call('GET', `${P}?status=PASSIVE&size=100`, { token: owner });
    expect(passive.body.every((p: { status: string }) => p.status === 'PASSIVE')).toBe(true);
    const some = await api.call('GET', `${P}?id=${search.body[0].id}&id=${raw.body[0].id}`, { token: owner });
    expect(some.body.map((p: { id: number }) => p.id).sort()).toEqual([search.body[0].id, raw.body[0].id].sort());
    const byName = await api.call('GET', `${P}?sort=name,asc&size=5&service=false`, { token: owner });
    const names = byName.body.map((p: { name: string }) => p.name.toLocaleLowerCase('en'));
    expect(names).toEqual([...names].sort());
    const badSort = await api.call('GET', `${P}?sort=color,asc`, { token: owner });
    expect(badSort.status).toBe(400);
  });

  it('answers 404 for another company\'s product and changes nothing', async () => {
    const theirs = (await api.call('GET', `${P}?size=1`, { token: eczaci })).body[0];
    expect((await api.call('GET', `${P}/${theirs.id}`, { token: owner })).status).toBe(404);
    expect((await api.call('DELETE', `${P}/${theirs.id}`, { token: owner })).status).toBe(404);
    const put = await api.call('PUT', P, { token: owner, body: { id: theirs.id, ...body({ barcode: theirs.barcode }) } });
    expect(put.status).toBe(404);
    expect((await api.call('GET', `${P}/${theirs.id}`, { token: eczaci })).body.name).toBe(theirs.name);
  });
});
