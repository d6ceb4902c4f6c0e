import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { validateWebPlugin } from '@tezgah/core';
import { renderWorkbench } from '../../../../../packages/workbench/test/render';
import { account, fakeServer, json, problem } from '../../../../../packages/workbench/test/fake-server';
import accounting from '../index';
import { composeAreas } from '../area';
import { area } from './contribution';
import { discounted, formatPrice, readPrice, readRate } from './model';

const LISTS = '/services/onmuhasebe/api/price-lists';
const ITEMS = '/services/onmuhasebe/api/price-list-products';
const EXISTS = 'Seçilen ürün listede zaten var';
const CURRENT_EXISTS = 'Seçilen cari listede zaten var';

const SALE = {
  id: 5, name: 'Perakende Satış Fiyatları', type: 'SALE', explanation: 'Seçili ürünlerde %5 indirim', active: true, productCount: 1,
  currents: [{ id: 71, name: 'Marmara Yapı Market', currentAccountType: 'CUSTOMER', taxNumber: '9023746158' }],
  createdDate: '2026-01-05T09:00:00.000Z', lastModifiedDate: null,
};
const BUYING = { ...SALE, id: 6, name: 'Depo Alış Fiyatları', type: 'BUYING', productCount: 0, currents: [], explanation: null, active: false };
const ROW = {
  id: 90, priceListId: 5, priceListName: SALE.name, productId: 300, productName: 'Defter A4', barcode: '8690000000300', unitName: 'Adet',
  defaultTaxRate: 20, price: 1234.5, discountRate: 5, discountedPrice: 1172.775, createdDate: '2026-01-05T09:00:00.000Z', lastModifiedDate: null,
};
const product = (id: number, name: string, salePrice: number | null) => ({
  id, companyId: 2, name, explanation: null, barcode: `869000000${id}`, productType: 'COMMERCIAL_GOODS', service: false, unitId: 1, unitName: 'Adet',
  buyingPrice: 1, buyingCurrencyId: 1, salePrice, saleCurrencyId: 1, defaultTaxRate: 20, defaultTaxId: 1, warehouseId: 1, medicinePriceId: null,
  serialNumber: null, qrTracking: false, minStock: null, maxStock: null, stockQuantity: 0, status: 'ACTIVE', prescriptionType: null, tags: [],
});
const customer = (id: number, name: string, taxNumber: string) => ({
  id, companyId: 2, currentAccountType: 'CUSTOMER', name, lastName: null, title: null, gender: null, birthday: null, currencyId: 1, currencyCode: 'TL',
  phone: null, fax: null, email: null, webAddress: null, contactPerson: null, address: null, countryId: null, countryName: null, cityId: null, cityName: null,
  citySubdivisionId: null, citySubdivisionName: null, postcode: null, taxNumber, taxOfficeId: null, taxOfficeName: null, iban: null, accountGroupCode: '120',
  patientType: null, partnerType: null, sharePercentage: null, capital: null, active: true, createdDate: '2026-01-05T09:00:00.000Z', lastModifiedDate: null,
});

function server(codes: string[]) {
  const s = fakeServer({
    [`GET ${LISTS}`]: () => json([SALE, BUYING], { total: 2 }),
    [`GET ${LISTS}/{id}`]: (_req, p) => (p.id === '5' ? json(SALE) : p.id === '6' ? json(BUYING) : problem(404, 'Kayıt bulunamadı', { detail: 'Fiyat listesi bulunamadı.' })),
    [`GET ${ITEMS}`]: (req) => {
      const q = new URL(req.url).searchParams;
      if (q.get('productId') === '300') return json([ROW], { total: 1 });
      if (q.get('productId')) return json([], { total: 0 });
      return json(q.get('priceListId') === '5' ? [ROW] : [], { total: q.get('priceListId') === '5' ? 1 : 0 });
    },
    'GET /services/onmuhasebe/api/products': () => json([product(300, 'Defter A4', 1234.5), product(301, 'Kalem', 4.75)], { total: 2 }),
    'GET /services/onmuhasebe/api/currents': () => json([customer(71, 'Marmara Yapı Market', '9023746158'), customer(72, 'Boğaziçi Otel', '3561902849')], { total: 2 }),
  });
  s.setAccount(account({ codes }));
  return s;
}

describe('price lists: declarations and rules', () => {
  it('puts /price-list under Stock with module 25 and its Add button, and a detail route', () => {
    expect(validateWebPlugin(composeAreas({ id: 'accounting', title: 'Ön Muhasebe', version: '0.1.0' }, [area]))).toEqual([]);
    const stock = accounting.menu!.filter((m) => m.id === 'order-category').flatMap((m) => m.children ?? []);
    const entry = stock.find((c) => c.route === '/price-list')!;
    expect([entry.module, entry.addButton]).toEqual([25, { module: 25, action: 2 }]);
    expect(accounting.routes!.filter((r) => r.path.startsWith('/price-list')).map((r) => [r.path, r.module])).toEqual([['/price-list', 25], ['/price-list/:id', 25]]);
  });

  it('reads Turkish prices and rates, and computes the discounted price to 8 decimals', () => {
    expect(readPrice('1.234,56')).toEqual({ value: 1234.56 });
    expect(readPrice('0')).toEqual({ error: 'priceAboveZero' });
    expect(readPrice('-3')).toEqual({ error: 'priceAboveZero' });
    expect(readPrice('abc')).toEqual({ error: 'priceFormat' });
    expect(readPrice('0,123456789')).toEqual({ error: 'priceFormat' });
    expect([readRate(''), readRate('12,5'), readRate('%10'), readRate('101'), readRate('1,234')]).toEqual([0, 12.5, 10, null, null]);
    expect(discounted(10, 12.5)).toBe(8.75);
    expect(discounted(0.1, 10)).toBe(0.09);
    expect([formatPrice(1234.5), formatPrice(1172.775), formatPrice(0.00000001)]).toEqual(['1.234,50', '1.172,775', '0,00000001']);
  });
});

describe('/price-list', () => {
  it('lists the price lists with their type and status, and filters by type', async () => {
    const s = server(['25_1']);
    await renderWorkbench({ plugins: [accounting], path: '/price-list', server: s, signedIn: true });
    const table = await screen.findByRole('table', { name: 'Fiyat Listeleri' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    expect(within(table).getByText('Perakende Satış Fiyatları')).toBeInTheDocument();
    expect(within(table).getByText('Alış')).toBeInTheDocument();
    expect(within(table).getByText('Pasif')).toBeInTheDocument();
    expect(within(table).getByText('Marmara Yapı Market')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Fiyat listesini düzenle/ })).toBeNull();
    const user = userEvent.setup();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Tip' }), 'BUYING');
    await waitFor(() => expect(s.requests.some((r) => r.path.startsWith(LISTS) && r.path.includes('type=BUYING'))).toBe(true));
  });

  it('adds a list: name and type required at their fields, the server\'s refusal at the name, then its page', async () => {
    const s = server(['25_1', '25_2', '25_3']);
    let tries = 0;
    s.on(`POST ${LISTS}`, async (req) => {
      tries++;
      const body = await req.json();
      if (tries === 1) return problem(409, 'Çakışma', { detail: 'Bu isimde bir fiyat listesi zaten var.', fieldErrors: [{ field: 'name', message: 'Bu isimde bir fiyat listesi zaten var.' }] });
      return json({ ...SALE, ...body, id: 7, currents: [], productCount: 0 }, { status: 201 });
    });
    s.on(`GET ${LISTS}/{id}`, (_req, p) => (p.id === '7' ? json({ ...SALE, id: 7, name: 'Toptan', explanation: null, currents: [], productCount: 0 }) : json(SALE)));
    const { toasts } = await renderWorkbench({ plugins: [accounting], path: '/price-list?new=1', server: s, signedIn: true });
    const form = await screen.findByRole('form', { name: 'Fiyat listesi ekle' });
    const user = userEvent.setup();
    await user.click(within(form).getByRole('button', { name: 'Kaydet' }));
    expect(within(form).getByLabelText(/Liste adı/)).toHaveAccessibleDescription('Fiyat listesi adı zorunludur.');
    expect(within(form).getByText('Liste tipi zorunludur.')).toBeInTheDocument();
    expect(tries).toBe(0);
    await user.type(within(form).getByLabelText(/Liste adı/), 'Toptan');
    await user.click(within(form).getByRole('radio', { name: 'Satış' }));
    await user.click(within(form).getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(within(form).getByLabelText(/Liste adı/)).toHaveAccessibleDescription('Bu isimde bir fiyat listesi zaten var.'));
    await user.click(within(form).getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(toasts.shown.map((x) => x.message)).toContain('BAŞARILI — Başarıyla eklendi.'));
    expect(s.requests.filter((r) => r.method === 'POST').at(-1)?.body).toEqual({ name: 'Toptan', type: 'SALE', explanation: null, active: true });
    expect(await screen.findByRole('heading', { name: 'Toptan' })).toBeInTheDocument();
    expect(screen.getByText('Bu listeye bağlı cari yok.')).toBeInTheDocument();
  });
});

describe('/price-list/:id', () => {
  it('shows the list, its products with Turkish prices and its linked customers', async () => {
    const s = server(['25_1']);
    await renderWorkbench({ plugins: [accounting], path: '/price-list/5', server: s, signedIn: true });
    expect(await screen.findByRole('heading', { name: 'Perakende Satış Fiyatları' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Ürünler' });
    await waitFor(() => expect(within(table).getByText('Defter A4')).toBeInTheDocument());
    expect(within(table).getByText('1.234,50')).toBeInTheDocument();
    expect(within(table).getByText('%5,00')).toBeInTheDocument();
    expect(within(table).getByText('1.172,775')).toBeInTheDocument();
    expect(s.requests.find((r) => r.path.startsWith(ITEMS))!.path).toContain('priceListId=5');
    const linked = screen.getByRole('table', { name: 'Bağlı müşteriler' });
    expect(within(linked).getByText('Marmara Yapı Market')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ürün ekle' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cari bağla' })).toBeNull();
  });

  it('says so for a list that is not there', async () => {
    const s = server(['25_1']);
    await renderWorkbench({ plugins: [accounting], path: '/price-list/999', server: s, signedIn: true });
    expect(await screen.findByText('Fiyat listesi bulunamadı.')).toBeInTheDocument();
  });

  it('adds a product with its discount: price above zero, the discounted price shown, a product already in the list refused', async () => {
    const s = server(['25_1', '25_2', '25_3', '13_1']);
    const posted: unknown[] = [];
    s.on(`POST ${ITEMS}`, async (req) => {
      posted.push(await req.json());
      return json({ ...ROW, id: 91, productId: 301, productName: 'Kalem' }, { status: 201 });
    });
    const { toasts } = await renderWorkbench({ plugins: [accounting], path: '/price-list/5', server: s, signedIn: true });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Ürün ekle' }));
    const form = await screen.findByRole('form', { name: 'Ürün ekle' });
    const select = within(form).getByRole('combobox', { name: /^Ürün/ });
    await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(3));

    await user.click(within(form).getByRole('button', { name: 'Kaydet' }));
    expect(within(form).getByText('Ürün seçiniz.')).toBeInTheDocument();

    await user.selectOptions(select, '300');
    expect(within(form).getByLabelText(/Birim fiyat/)).toHaveValue('1.234,50');
    await user.click(within(form).getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(select).toHaveAccessibleDescription(EXISTS));
    expect(posted).toEqual([]);

    await user.selectOptions(select, '301');
    const price = within(form).getByLabelText(/Birim fiyat/);
    await user.clear(price);
    await user.type(price, '0');
    await user.click(within(form).getByRole('button', { name: 'Kaydet' }));
    expect(price).toHaveAccessibleDescription('Birim fiyat sıfırdan büyük olmalıdır.');
    await user.clear(price);
    await user.type(price, '12,50');
    const rate = within(form).getByLabelText(/İndirim oranı/);
    await user.clear(rate);
    await user.type(rate, '10');
    expect(within(form).getByTestId('discounted-price')).toHaveTextContent('11,25');
    await user.click(within(form).getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(toasts.shown.map((x) => x.message)).toContain('BAŞARILI — Başarıyla eklendi.'));
    expect(posted).toEqual([{ priceListId: 5, productId: 301, price: 12.5, discountRate: 10 }]);
  });

  it('shows the server\'s refusal of a product already in the list at the product', async () => {
    const s = server(['25_1', '25_2', '13_1']);
    s.on(`POST ${ITEMS}`, () => problem(409, 'Çakışma', { detail: EXISTS, code: 'PRODUCT_IN_LIST', fieldErrors: [{ field: 'productId', message: EXISTS, code: 'PRODUCT_IN_LIST' }] }));
    await renderWorkbench({ plugins: [accounting], path: '/price-list/5', server: s, signedIn: true });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Ürün ekle' }));
    const form = await screen.findByRole('form', { name: 'Ürün ekle' });
    const select = within(form).getByRole('combobox', { name: /^Ürün/ });
    await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(3));
    await user.selectOptions(select, '301');
    await user.click(within(form).getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(select).toHaveAccessibleDescription(EXISTS));
  });

  it('changes a product\'s price with the price-update authority only', async () => {
    const s = server(['25_1', '25_44']);
    const put: unknown[] = [];
    s.on(`PUT ${ITEMS}`, async (req) => {
      put.push(await req.json());
      return json({ ...ROW, price: 1500, discountRate: 0, discountedPrice: 1500 });
    });
    const { toasts } = await renderWorkbench({ plugins: [accounting], path: '/price-list/5', server: s, signedIn: true });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Fiyatı düzenle/ }));
    const form = await screen.findByRole('form', { name: 'Fiyatı düzenle' });
    expect(within(form).getByLabelText(/^Ürün/)).toHaveValue('Defter A4 — 8690000000300');
    const price = within(form).getByLabelText(/Birim fiyat/);
    await user.clear(price);
    await user.type(price, '1.500');
    const rate = within(form).getByLabelText(/İndirim oranı/);
    await user.clear(rate);
    await user.click(within(form).getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(toasts.shown.map((x) => x.message)).toContain('BAŞARILI — Başarıyla güncellendi.'));
    expect(put).toEqual([{ id: 90, priceListId: 5, productId: 300, price: 1500, discountRate: 0 }]);
    expect(screen.queryByRole('button', { name: /Listeden çıkar/ })).toBeNull();
  });

  it('links a customer, refusing one already linked as a current account (not a product) in Turkish', async () => {
    const s = server(['25_1', '25_3']);
    const put: unknown[] = [];
    s.on(`PUT ${LISTS}`, async (req) => {
      const body = await req.json() as { currentIds: number[] };
      put.push(body);
      return json({ ...SALE, currents: [...SALE.currents, { id: 72, name: 'Boğaziçi Otel', currentAccountType: 'CUSTOMER', taxNumber: '3561902849' }] });
    });
    const { toasts } = await renderWorkbench({ plugins: [accounting], path: '/price-list/5', server: s, signedIn: true });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cari bağla' }));
    const form = await screen.findByRole('form', { name: 'Cari bağla' });
    const select = within(form).getByRole('combobox', { name: /^Cari/ });
    await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(3));
    expect(s.requests.find((r) => r.path.startsWith('/services/onmuhasebe/api/currents'))!.path).toContain('currentAccountType=CUSTOMER');
    await user.selectOptions(select, '71');
    await user.click(within(form).getByRole('button', { name: 'Kaydet' }));
    expect(select).toHaveAccessibleDescription(CURRENT_EXISTS);
    expect(put).toEqual([]);
    await user.selectOptions(select, '72');
    await user.click(within(form).getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(toasts.shown.map((x) => x.message)).toContain('BAŞARILI — Başarıyla güncellendi.'));
    expect(put).toEqual([{ id: 5, name: SALE.name, type: 'SALE', explanation: SALE.explanation, active: true, currentIds: [71, 72] }]);
    const linked = screen.getByRole('table', { name: 'Bağlı müşteriler' });
    expect(within(linked).getByText('Boğaziçi Otel')).toBeInTheDocument();
  });
});
