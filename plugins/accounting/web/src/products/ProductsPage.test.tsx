import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWorkbench } from '../../../../../packages/workbench/test/render';
import { account, fakeServer, json, problem } from '../../../../../packages/workbench/test/fake-server';
import { composeAreas } from '../area';
import { messages } from '../messages';
import { area as products } from './contribution';
import { area as warehouses } from '../warehouses/contribution';
import { API, MONTAJ, PAROL, control, lastQuery, withLookups } from './testing';

const accounting = composeAreas({ id: 'accounting', title: 'Ön Muhasebe', version: '0.1.0' }, [{ messages }, products, warehouses]);
const OWNER = ['13_1', '13_2', '13_3', '13_4', '13_38', '14_1', '14_33', '19_1'];
/** A row action of the list's accessible table, in the row that shows `text`. */
async function rowButton(text: string, action: string) {
  const table = await screen.findByRole('table', { name: 'Ürünler ve Hizmetler' }, { timeout: 5000 });
  const cell = await within(table).findByText(text);
  return within(cell.closest('tr')!).getByRole('button', { name: action });
}

const general = (codes: string[]) => account({ codes, company: { id: 3, name: 'Demo Ticaret A.Ş.', sectorId: 2, sectorKey: 'GEN', companyProfile: { erpType: 'STANDARD', itsUsername: null, announcementId: null } } as never });

describe('/product', () => {
  it('lists products and services with their total, tags and prescription colour, and filters them', async () => {
    const s = withLookups(fakeServer({ [`GET ${API}/products`]: () => json([PAROL, MONTAJ], { total: 2 }) }));
    s.setAccount(account({ codes: OWNER }));
    await renderWorkbench({ plugins: [accounting], path: '/product', server: s, signedIn: true });
    const table = await screen.findByRole('table', { name: 'Ürünler ve Hizmetler' }, { timeout: 5000 });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    expect(within(table).getByText('Önemli')).toBeInTheDocument();
    expect(within(table).getByRole('img', { name: 'Normal reçete' })).toBeInTheDocument();
    expect(within(table).getByText('40,05 ₺')).toBeInTheDocument();
    expect(screen.getByText('Toplam Kayıt:')).toBeInTheDocument();
    expect(lastQuery(s, `${API}/products`).get('sort')).toBe('id,desc');
    const user = userEvent.setup();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Ürün tipi' }), 'services');
    await waitFor(() => expect(lastQuery(s, `${API}/products`).get('service')).toBe('true'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Etiket' }), '3');
    await waitFor(() => expect(lastQuery(s, `${API}/products`).get('tagId')).toBe('3'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Depo' }), '4');
    await user.click(screen.getByRole('checkbox', { name: 'Minimum stokta veya altında' }));
    await waitFor(() => expect(lastQuery(s, `${API}/products`).get('belowMinimumStock')).toBe('true'));
    expect(lastQuery(s, `${API}/products`).get('warehouseId')).toBe('4');
  });

  it('adds a product with every rule at its field, the barcode conflict from the server, and a Turkish notice', async () => {
    const s = withLookups(fakeServer({ [`GET ${API}/products`]: () => json([], { total: 0 }) }));
    let tries = 0;
    s.on(`POST ${API}/products`, async (req) => {
      tries++;
      const body = await req.json() as Record<string, unknown>;
      if (tries === 1) return problem(409, 'Çakışma', { detail: 'Bu barkodla kayıtlı bir ürün zaten var.', code: 'BARCODE_TAKEN', fieldErrors: [{ field: 'barcode', message: 'Bu barkodla kayıtlı bir ürün zaten var.' }] });
      return json({ ...PAROL, ...body, id: 99, productMainAccounts: [], warehouseProducts: [] }, { status: 201 });
    });
    s.setAccount(general(OWNER));
    const { toasts } = await renderWorkbench({ plugins: [accounting], path: '/product?new=1', server: s, signedIn: true });
    const form = await screen.findByRole('form', { name: 'Ürün / hizmet ekle' }, { timeout: 5000 });
    const user = userEvent.setup();
    await waitFor(() => expect(control(form, 'Depo')).toHaveValue('3'));
    expect(control(form, 'Birim')).toHaveValue('1');
    await user.type(control(form, 'Barkod'), '   ');
    await user.type(control(form, 'Minimum stok'), '10');
    await user.type(control(form, 'Maksimum stok'), '5');
    await user.type(control(form, 'Satış fiyatı'), '12,123456789');
    await user.type(control(form, 'Açılış stoku'), '1,2555');
    await user.click(within(form).getByRole('button', { name: 'Kaydet' }));
    expect(control(form, 'Ürün adı')).toHaveAccessibleDescription('Ürün adı zorunludur.');
    expect(control(form, 'Barkod')).toHaveAccessibleDescription('Barkod boş olamaz.');
    expect(control(form, 'Minimum stok')).toHaveAccessibleDescription('Minimum stok, maksimum stoktan büyük olamaz.');
    expect(control(form, 'Satış fiyatı')).toHaveAccessibleDescription('Fiyat en fazla 8 ondalık basamak alabilir.');
    expect(control(form, 'Açılış stoku')).toHaveAccessibleDescription('Miktar en fazla 3 ondalık basamak alabilir.');
    await user.selectOptions(control(form, 'Depo'), '');
    await user.click(within(form).getByRole('button', { name: 'Kaydet' }));
    expect(control(form, 'Depo')).toHaveAccessibleDescription('Depo zorunludur.');
    expect(tries).toBe(0);

    await user.type(control(form, 'Ürün adı'), 'Masa Lambası');
    await user.clear(control(form, 'Barkod'));
    await user.type(control(form, 'Barkod'), '8690000099990');
    await user.clear(control(form, 'Maksimum stok'));
    await user.type(control(form, 'Maksimum stok'), '50');
    await user.clear(control(form, 'Satış fiyatı'));
    await user.type(control(form, 'Satış fiyatı'), '1.250,5');
    await user.clear(control(form, 'Açılış stoku'));
    await user.type(control(form, 'Açılış stoku'), '12,5');
    await user.selectOptions(control(form, 'Depo'), '4');
    await user.click(within(form).getByRole('checkbox', { name: 'Toptan' }));
    await user.click(within(form).getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(control(form, 'Barkod')).toHaveAccessibleDescription('Bu barkodla kayıtlı bir ürün zaten var.'));
    await user.click(within(form).getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(toasts.shown.map((x) => x.message)).toContain('BAŞARILI — Başarıyla eklendi.'));
    expect(s.requests.filter((r) => r.method === 'POST').at(-1)?.body).toEqual({
      name: 'Masa Lambası', barcode: '8690000099990', productType: 'COMMERCIAL_GOODS', unitId: 1, buyingPrice: null, buyingCurrencyId: 1,
      salePrice: 1250.5, saleCurrencyId: 1, defaultTaxRate: 20, warehouseId: 4, minStock: 10, maxStock: 50, serialNumber: null, qrTracking: false,
      status: 'ACTIVE', explanation: null, prescriptionType: null, medicinePriceId: null, tagIds: [3], openingStock: 12.5,
    });
  });

  it('hides the stock fields of a service and sends it without a warehouse', async () => {
    const s = withLookups(fakeServer({ [`GET ${API}/products`]: () => json([], { total: 0 }) }));
    s.on(`POST ${API}/products`, async (req) => json({ ...MONTAJ, ...(await req.json() as object), productMainAccounts: [], warehouseProducts: [] }, { status: 201 }));
    s.setAccount(general(OWNER));
    const { toasts } = await renderWorkbench({ plugins: [accounting], path: '/product?new=1', server: s, signedIn: true });
    const form = await screen.findByRole('form', { name: 'Ürün / hizmet ekle' }, { timeout: 5000 });
    const user = userEvent.setup();
    await user.selectOptions(control(form, 'Ürün tipi'), 'SERVICE_GIVEN');
    expect(within(form).queryByLabelText(/^Depo/)).toBeNull();
    expect(within(form).queryByLabelText(/^Açılış stoku/)).toBeNull();
    expect(within(form).getByText('Hizmetlerin stoğu ve deposu olmaz.')).toBeInTheDocument();
    await user.type(control(form, 'Ürün adı'), 'Kurulum');
    await user.type(control(form, 'Barkod'), 'HZM-9');
    await user.click(within(form).getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(toasts.shown.map((x) => x.message)).toContain('BAŞARILI — Başarıyla eklendi.'));
    expect(s.requests.find((r) => r.method === 'POST')?.body).toMatchObject({ productType: 'SERVICE_GIVEN', warehouseId: null, minStock: null, maxStock: null });
  });

  it('shows a price as 1.999,90 in the edit form and sends back exactly 1999.9', async () => {
    const s = withLookups(fakeServer({ [`GET ${API}/products`]: () => json([{ ...PAROL, salePrice: 1999.9, buyingPrice: 1234567.5 }], { total: 1 }) }));
    s.on(`PUT ${API}/products`, async (req) => json({ ...PAROL, ...(await req.json() as object), productMainAccounts: [], warehouseProducts: [] }));
    s.setAccount(account({ codes: OWNER }));
    const { toasts } = await renderWorkbench({ plugins: [accounting], path: '/product', server: s, signedIn: true });
    const user = userEvent.setup();
    await user.click(await rowButton(PAROL.name, 'Ürünü düzenle'));
    const form = await screen.findByRole('form', { name: 'Ürünü düzenle' });
    expect(control(form, 'Satış fiyatı')).toHaveValue('1.999,90');
    expect(control(form, 'Alış fiyatı')).toHaveValue('1.234.567,50');
    await user.click(within(form).getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(toasts.shown.map((x) => x.message)).toContain('BAŞARILI — Başarıyla güncellendi.'));
    expect(s.requests.find((r) => r.method === 'PUT')?.body).toMatchObject({ id: 11, salePrice: 1999.9, buyingPrice: 1234567.5 });
  });

  it('refuses QR tracking for a product with stock at the field, and saves a change with a notice', async () => {
    const s = withLookups(fakeServer({ [`GET ${API}/products`]: () => json([PAROL], { total: 1 }) }));
    s.on(`PUT ${API}/products`, async (req) => json({ ...PAROL, ...(await req.json() as object), productMainAccounts: [], warehouseProducts: [] }));
    s.setAccount(account({ codes: OWNER }));
    const { toasts } = await renderWorkbench({ plugins: [accounting], path: '/product', server: s, signedIn: true });
    const user = userEvent.setup();
    await user.click(await rowButton(PAROL.name, 'Ürünü düzenle'));
    const form = await screen.findByRole('form', { name: 'Ürünü düzenle' });
    expect(control(form, 'Reçete türü')).toHaveValue('NORMAL');
    // Money inputs show two decimals, tr-TR (31.2 → 31,20; 40.05 → 40,05).
    expect(control(form, 'Alış fiyatı')).toHaveValue('31,20');
    expect(control(form, 'Satış fiyatı')).toHaveValue('40,05');
    await user.click(within(form).getByRole('checkbox', { name: /Karekod/ }));
    await user.click(within(form).getByRole('button', { name: 'Kaydet' }));
    expect(control(form, 'Karekod')).toHaveAccessibleDescription('Stoğu olan ürün karekod (QR) takibine alınamaz.');
    expect(s.requests.some((r) => r.method === 'PUT')).toBe(false);
    await user.click(within(form).getByRole('checkbox', { name: /Karekod/ }));
    await user.clear(control(form, 'Satış fiyatı'));
    await user.type(control(form, 'Satış fiyatı'), '42,5');
    await user.click(within(form).getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(toasts.shown.map((x) => x.message)).toContain('BAŞARILI — Başarıyla güncellendi.'));
    expect(s.requests.find((r) => r.method === 'PUT')?.body).toMatchObject({ id: 11, salePrice: 42.5, qrTracking: false, tagIds: [1], prescriptionType: 'NORMAL' });
  });

  it('deletes after confirmation and says so; a refusal shows the server\'s reason', async () => {
    const s = withLookups(fakeServer({ [`GET ${API}/products`]: () => json([PAROL, MONTAJ], { total: 2 }) }));
    s.on(`DELETE ${API}/products/{id}`, (_r, p) => (p.id === '11'
      ? problem(409, 'Çakışma', { detail: 'Stok hareketi olan ürün silinemez; ürünü pasife alabilirsiniz.', code: 'PRODUCT_HAS_MOVEMENTS' })
      : new Response(null, { status: 204 })));
    s.setAccount(account({ codes: OWNER }));
    const { toasts } = await renderWorkbench({ plugins: [accounting], path: '/product', server: s, signedIn: true });
    const user = userEvent.setup();
    await user.click(await rowButton(MONTAJ.name, 'Ürünü sil'));
    await user.click(await screen.findByRole('button', { name: 'Evet' }));
    await waitFor(() => expect(toasts.shown.map((x) => x.message)).toContain('BAŞARILI — Başarıyla silindi.'));
    await user.click(await rowButton(PAROL.name, 'Ürünü sil'));
    await user.click(await screen.findByRole('button', { name: 'Evet' }));
    await waitFor(() => expect(toasts.shown.map((x) => String(x.message))).toContain('HATALI — Stok hareketi olan ürün silinemez; ürünü pasife alabilirsiniz.'));
  });

  it('shows a viewer no add, edit, stock or delete actions', async () => {
    const s = withLookups(fakeServer({ [`GET ${API}/products`]: () => json([PAROL], { total: 1 }) }));
    s.setAccount(account({ codes: ['13_1'] }));
    await renderWorkbench({ plugins: [accounting], path: '/product', server: s, signedIn: true });
    const open = await rowButton(PAROL.name, 'Aç');
    const actions = within(open.closest('td')!).getAllByRole('button').map((b) => b.textContent);
    expect(actions).toEqual(['Aç']);
    expect(screen.queryByRole('button', { name: 'Ekle' })).toBeNull();
  });
});
