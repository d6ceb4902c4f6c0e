import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWorkbench } from '../../../../../packages/workbench/test/render';
import { account, fakeServer, json, problem } from '../../../../../packages/workbench/test/fake-server';
import { composeAreas } from '../area';
import { messages } from '../messages';
import { area as products } from './contribution';
import { area as warehouses } from '../warehouses/contribution';
import { API, MONTAJ, PAROL, PAROL_DETAIL, control, withLookups } from './testing';

const accounting = composeAreas({ id: 'accounting', title: 'Ön Muhasebe', version: '0.1.0' }, [{ messages }, products, warehouses]);
const OWNER = ['13_1', '13_2', '13_3', '13_4', '13_32', '13_38', '14_1', '14_33', '14_35'];
const LINE = {
  id: 51, date: '2026-03-02T10:15:00.000Z', warehouseId: 3, warehouseName: 'Merkez Depo', productId: 11, productName: PAROL.name, barcode: PAROL.barcode,
  kind: 'STOCK_UPDATE', stockType: 'OUT', stockActionType: 'EXPIRED', quantity: 1, balance: 10, transferId: null, explanation: 'Miadı doldu', createdBy: 'eczaci',
};

function server(codes = OWNER) {
  const s = withLookups(fakeServer({
    [`GET ${API}/products/{id}`]: (_r, p) => (p.id === '11' ? json(PAROL_DETAIL) : p.id === '12' ? json({ ...MONTAJ, productMainAccounts: [], warehouseProducts: [] }) : problem(404, 'Kayıt bulunamadı', { detail: 'Ürün bulunamadı.' })),
    [`GET ${API}/product-stock-lines`]: () => json([LINE], { total: 1 }),
    [`GET ${API}/warehouse-product-items/{productId}/{companyId}`]: (_r, p) => (p.companyId === '2' ? json([
      { warehouseId: 3, warehouseName: 'Merkez Depo', default: true, quantity: 10, totalIn: 11, totalOut: 1, lastMovementAt: '2026-03-02T10:15:00.000Z' },
      { warehouseId: 4, warehouseName: 'Ankara Şube Deposu', default: false, quantity: 2, totalIn: 2, totalOut: 0, lastMovementAt: null },
    ]) : problem(404, 'Kayıt bulunamadı')),
  }));
  s.setAccount(account({ codes }));
  return s;
}

describe('/product/:id', () => {
  it('shows the product, its main accounts and the tabs: warehouses, stock movements, balances', async () => {
    const s = server();
    await renderWorkbench({ plugins: [accounting], path: '/product/11', server: s, signedIn: true });
    const page = await screen.findByRole('region', { name: PAROL.name }, { timeout: 5000 });
    const fields = within(page).getByRole('table', { name: 'Ürünler ve Hizmetler' });
    expect(within(fields).getByRole('row', { name: /^Barkod/ })).toHaveTextContent('8699717010109');
    expect(within(fields).getByRole('row', { name: /^Satış fiyatı/ })).toHaveTextContent('40,05 TL');
    expect(within(fields).getByRole('row', { name: /^Stok/ })).toHaveTextContent('12,00 Kutu');
    expect(within(fields).getByRole('row', { name: /^Reçete türü/ })).toHaveTextContent('Normal reçete');
    expect(within(fields).getByRole('row', { name: /^Ana hesaplar/ })).toHaveTextContent('153 Ticari Mallar (Alış / stok) · 600 Yurtiçi Satışlar (Yurt içi satış)');
    const stock = await within(page).findByRole('table', { name: 'Depolar' });
    expect(within(stock).getAllByRole('row')).toHaveLength(3);
    expect(within(stock).getByText('10,00 Kutu')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(within(page).getByRole('tab', { name: 'Stok hareketleri' }));
    const lines = await within(page).findByRole('table', { name: 'Stok hareketleri' });
    expect(within(lines).getByText('Miadı dolmuş')).toBeInTheDocument();
    expect(within(lines).getByText('−1,00')).toBeInTheDocument();
    expect(within(lines).getByText('02-03-2026', { exact: false })).toBeInTheDocument();
    await user.click(within(page).getByRole('tab', { name: 'Bakiyeler' }));
    const balances = await within(page).findByRole('table', { name: 'Bakiyeler' });
    expect(within(balances).getByRole('row', { name: /^Toplam/ })).toHaveTextContent('Toplam13,001,0012,00');
  });

  it('updates stock with type and reason required, a quantity above zero and never below zero', async () => {
    const s = server();
    let body: unknown;
    s.on(`POST ${API}/product-stock-lines`, async (req) => { body = await req.json(); return json({ ...LINE, id: 52 }, { status: 201 }); });
    const { toasts } = await renderWorkbench({ plugins: [accounting], path: '/product/11', server: s, signedIn: true });
    const page = await screen.findByRole('region', { name: PAROL.name }, { timeout: 5000 });
    const user = userEvent.setup();
    await user.click(within(page).getAllByRole('button', { name: 'Stok güncelle' })[0]!);
    const form = await screen.findByRole('form', { name: 'Stok güncelle' });
    await waitFor(() => expect(within(form).getByText('10,00')).toBeInTheDocument());
    await user.click(within(form).getByRole('button', { name: 'Kaydet' }));
    expect(within(form).getByText('Stok tipi zorunludur.')).toBeInTheDocument();
    expect(control(form, 'Hareket nedeni')).toHaveAccessibleDescription('Hareket nedeni zorunludur.');
    expect(control(form, 'Miktar')).toHaveAccessibleDescription('Eklenecek ya da çıkarılacak miktar sıfırdan büyük olmalıdır.');
    await user.click(within(form).getByRole('radio', { name: 'Çıkış (çıkar)' }));
    await user.selectOptions(control(form, 'Hareket nedeni'), 'EXPIRED');
    await user.type(control(form, 'Miktar'), '12');
    await user.click(within(form).getByRole('button', { name: 'Kaydet' }));
    expect(control(form, 'Miktar')).toHaveAccessibleDescription('Stok sıfırın altına düşemez: depodaki miktar 10,00.');
    expect(body).toBeUndefined();
    await user.clear(control(form, 'Miktar'));
    await user.type(control(form, 'Miktar'), '2,5');
    expect(within(form).getByText('7,50')).toBeInTheDocument();
    await user.type(control(form, 'Açıklama'), 'Miadı doldu');
    await user.click(within(form).getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(toasts.shown.map((x) => x.message)).toContain('BAŞARILI — Başarıyla güncellendi.'));
    expect(body).toEqual({ productId: 11, warehouseId: 3, stockType: 'OUT', stockActionType: 'EXPIRED', quantity: 2.5, explanation: 'Miadı doldu' });
  });

  it('shows the server\'s refusal of a parallel update at the quantity', async () => {
    const s = server();
    s.on(`POST ${API}/product-stock-lines`, () => problem(409, 'Çakışma', { detail: 'Stok sıfırın altına düşemez: depodaki miktar 0.', code: 'INSUFFICIENT_STOCK', fieldErrors: [{ field: 'quantity', message: 'Stok sıfırın altına düşemez: depodaki miktar 0.' }] }));
    await renderWorkbench({ plugins: [accounting], path: '/product/11', server: s, signedIn: true });
    const page = await screen.findByRole('region', { name: PAROL.name }, { timeout: 5000 });
    const user = userEvent.setup();
    await user.click(within(page).getAllByRole('button', { name: 'Stok güncelle' })[0]!);
    const form = await screen.findByRole('form', { name: 'Stok güncelle' });
    await waitFor(() => expect(within(form).getByText('10,00')).toBeInTheDocument());
    await user.click(within(form).getByRole('radio', { name: 'Çıkış (çıkar)' }));
    await user.selectOptions(control(form, 'Hareket nedeni'), 'DAMAGED');
    await user.type(control(form, 'Miktar'), '1');
    await user.click(within(form).getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(control(form, 'Miktar')).toHaveAccessibleDescription('Stok sıfırın altına düşemez: depodaki miktar 0.'));
  });

  it('transfers between warehouses: target required, not the same, not above the outgoing stock', async () => {
    const s = server();
    let body: unknown;
    s.on(`POST ${API}/warehouse-transfers`, async (req) => {
      body = await req.json();
      return json({ id: 7, date: '2026-03-02T10:15:00.000Z', productId: 11, productName: PAROL.name, barcode: PAROL.barcode, outgoingWarehouseId: 3, outgoingWarehouseName: 'Merkez Depo', incomingWarehouseId: 4, incomingWarehouseName: 'Ankara Şube Deposu', quantity: 4, explanation: null, createdBy: 'eczaci' }, { status: 201 });
    });
    const { toasts } = await renderWorkbench({ plugins: [accounting], path: '/product/11', server: s, signedIn: true });
    const page = await screen.findByRole('region', { name: PAROL.name }, { timeout: 5000 });
    const user = userEvent.setup();
    await user.click(within(page).getAllByRole('button', { name: 'Depolar arası transfer' })[0]!);
    const form = await screen.findByRole('form', { name: 'Depolar arası transfer' });
    await waitFor(() => expect(within(form).getByText('10,00')).toBeInTheDocument());
    await user.click(within(form).getByRole('button', { name: 'Transfer et' }));
    expect(control(form, 'Giriş deposu')).toHaveAccessibleDescription('Giriş deposu zorunludur.');
    expect(control(form, 'Miktar')).toHaveAccessibleDescription('Aktarılacak miktar sıfır olamaz.');
    await user.selectOptions(control(form, 'Giriş deposu'), '3');
    await user.type(control(form, 'Miktar'), '11');
    await user.click(within(form).getByRole('button', { name: 'Transfer et' }));
    expect(control(form, 'Giriş deposu')).toHaveAccessibleDescription('Giriş deposu çıkış deposuyla aynı olamaz.');
    expect(control(form, 'Miktar')).toHaveAccessibleDescription('Aktarılacak miktar çıkış deposundaki stoktan (10,00) fazla olamaz.');
    await user.selectOptions(control(form, 'Giriş deposu'), '4');
    await user.clear(control(form, 'Miktar'));
    await user.type(control(form, 'Miktar'), '4');
    await user.click(within(form).getByRole('button', { name: 'Transfer et' }));
    await waitFor(() => expect(toasts.shown.map((x) => x.message)).toContain('BAŞARILI — Başarıyla eklendi.'));
    expect(body).toEqual({ productId: 11, outgoingWarehouseId: 3, incomingWarehouseId: 4, quantity: 4, explanation: null });
  });

  it('shows a service without stock tabs', async () => {
    const s = server();
    await renderWorkbench({ plugins: [accounting], path: '/product/12', server: s, signedIn: true });
    const page = await screen.findByRole('region', { name: MONTAJ.name }, { timeout: 5000 });
    expect(within(page).getByText('Hizmetlerin stoğu ve deposu olmaz.')).toBeInTheDocument();
    expect(within(page).queryByRole('tab')).toBeNull();
    expect(within(page).queryByRole('button', { name: 'Stok güncelle' })).toBeNull();
  });

  it('says so for another company\'s product', async () => {
    const s = server();
    await renderWorkbench({ plugins: [accounting], path: '/product/99', server: s, signedIn: true });
    expect(await screen.findByRole('heading', { name: 'Ürün bulunamadı.' }, { timeout: 5000 })).toBeInTheDocument();
    expect(s.requests.some((r) => r.path.startsWith(`${API}/product-stock-lines`))).toBe(false);
  });
});
