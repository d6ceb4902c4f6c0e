import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWorkbench } from '../../../../../packages/workbench/test/render';
import { account, fakeServer, json, problem } from '../../../../../packages/workbench/test/fake-server';
import { composeAreas } from '../area';
import { messages } from '../messages';
import { area as products } from '../products/contribution';
import { area as warehouses } from './contribution';
import { API, PAROL, WAREHOUSES, control, withLookups } from '../products/testing';

const accounting = composeAreas({ id: 'accounting', title: 'Ön Muhasebe', version: '0.1.0' }, [{ messages }, products, warehouses]);
const OWNER = ['14_1', '14_2', '14_3', '14_4', '14_32', '14_33', '14_35', '14_38', '13_1'];

async function rowButton(text: string, action: string) {
  const table = await screen.findByRole('table', { name: 'Depolar' }, { timeout: 5000 });
  const cell = await within(table).findByText(text);
  return within(cell.closest('tr')!).getByRole('button', { name: action });
}

describe('/warehouse', () => {
  it('lists the warehouses with their flags; the default one cannot be deleted', async () => {
    const s = withLookups(fakeServer());
    s.setAccount(account({ codes: OWNER }));
    await renderWorkbench({ plugins: [accounting], path: '/warehouse', server: s, signedIn: true });
    const table = await screen.findByRole('table', { name: 'Depolar' }, { timeout: 5000 });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    const merkez = within(table).getByText('Merkez Depo').closest('tr')!;
    expect(within(merkez).getByText('Varsayılan')).toBeInTheDocument();
    expect(within(merkez).queryByRole('button', { name: 'Depoyu sil' })).toBeNull();
    expect(await rowButton('Ankara Şube Deposu', 'Depoyu sil')).toBeInTheDocument();
  });

  it('adds a warehouse (name required, duplicate at the field) and edits one; the default flag cannot be switched off', async () => {
    const s = withLookups(fakeServer());
    let tries = 0;
    s.on(`POST ${API}/warehouses`, async (req) => {
      tries++;
      if (tries === 1) return problem(409, 'Çakışma', { detail: 'Bu isimde bir depo zaten var.', code: 'WAREHOUSE_NAME_TAKEN', fieldErrors: [{ field: 'name', message: 'Bu isimde bir depo zaten var.' }] });
      return json({ id: 5, address: null, main: false, default: false, ...(await req.json() as object) }, { status: 201 });
    });
    s.on(`PUT ${API}/warehouses`, async (req) => json(await req.json()));
    s.setAccount(account({ codes: OWNER }));
    const { toasts } = await renderWorkbench({ plugins: [accounting], path: '/warehouse?new=1', server: s, signedIn: true });
    const form = await screen.findByRole('form', { name: 'Depo ekle' }, { timeout: 5000 });
    const user = userEvent.setup();
    await user.click(within(form).getByRole('button', { name: 'Kaydet' }));
    expect(control(form, 'Depo adı')).toHaveAccessibleDescription('Depo adı zorunludur.');
    await user.type(control(form, 'Depo adı'), 'Merkez Depo');
    await user.click(within(form).getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(control(form, 'Depo adı')).toHaveAccessibleDescription('Bu isimde bir depo zaten var.'));
    await user.clear(control(form, 'Depo adı'));
    await user.type(control(form, 'Depo adı'), 'İzmir Depo');
    await user.click(within(form).getByRole('checkbox', { name: 'Varsayılan depo' }));
    await user.click(within(form).getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(toasts.shown.map((x) => x.message)).toContain('BAŞARILI — Başarıyla eklendi.'));
    expect(s.requests.filter((r) => r.method === 'POST').at(-1)?.body).toEqual({ name: 'İzmir Depo', address: null, main: false, default: true });

    await user.click(await rowButton('Merkez Depo', 'Depoyu düzenle'));
    const edit = await screen.findByRole('form', { name: 'Depoyu düzenle' });
    expect(within(edit).getByRole('checkbox', { name: 'Varsayılan depo' })).toBeDisabled();
    expect(control(edit, 'Varsayılan depo')).toHaveAccessibleDescription('Varsayılan depo kaldırılamaz; başka bir depoyu varsayılan yapın.');
    await user.type(control(edit, 'Adres'), 'Kadıköy / İstanbul');
    await user.click(within(edit).getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(toasts.shown.map((x) => x.message)).toContain('BAŞARILI — Başarıyla güncellendi.'));
    expect(s.requests.find((r) => r.method === 'PUT')?.body).toEqual({ id: 3, name: 'Merkez Depo', address: 'Kadıköy / İstanbul', main: true, default: true });
  });

  it('deletes an empty warehouse and shows why one in use stays', async () => {
    const s = withLookups(fakeServer());
    s.on(`DELETE ${API}/warehouses/{id}`, () => problem(409, 'Çakışma', { detail: 'Bu depoda ürün, stok ya da stok hareketi var; silinemez.', code: 'WAREHOUSE_IN_USE' }));
    s.setAccount(account({ codes: OWNER }));
    const { toasts } = await renderWorkbench({ plugins: [accounting], path: '/warehouse', server: s, signedIn: true });
    const user = userEvent.setup();
    await user.click(await rowButton('Ankara Şube Deposu', 'Depoyu sil'));
    await user.click(await screen.findByRole('button', { name: 'Evet' }));
    await waitFor(() => expect(toasts.shown.map((x) => String(x.message))).toContain('HATALI — Bu depoda ürün, stok ya da stok hareketi var; silinemez.'));
    s.on(`DELETE ${API}/warehouses/{id}`, () => new Response(null, { status: 204 }));
    await user.click(await rowButton('Ankara Şube Deposu', 'Depoyu sil'));
    await user.click(await screen.findByRole('button', { name: 'Evet' }));
    await waitFor(() => expect(toasts.shown.map((x) => x.message)).toContain('BAŞARILI — Başarıyla silindi.'));
    expect(s.requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual([`${API}/warehouses/4`, `${API}/warehouses/4`]);
  });
});

describe('/warehouse/:id', () => {
  const TRANSFER = {
    id: 7, date: '2026-03-02T10:15:00.000Z', productId: 11, productName: PAROL.name, barcode: PAROL.barcode, outgoingWarehouseId: 3, outgoingWarehouseName: 'Merkez Depo',
    incomingWarehouseId: 4, incomingWarehouseName: 'Ankara Şube Deposu', quantity: 2, explanation: 'Şubeye', createdBy: 'eczaci',
  };
  const LINE = {
    id: 61, date: '2026-03-02T10:15:00.000Z', warehouseId: 4, warehouseName: 'Ankara Şube Deposu', productId: 11, productName: PAROL.name, barcode: PAROL.barcode,
    kind: 'TRANSFER_IN', stockType: 'IN', stockActionType: null, quantity: 2, balance: 2, transferId: 7, explanation: 'Şubeye', createdBy: 'eczaci',
  };
  function server(codes = OWNER) {
    const s = withLookups(fakeServer({
      [`GET ${API}/warehouses/{id}`]: (_r, p) => { const w = WAREHOUSES.find((x) => String(x.id) === p.id); return w ? json(w) : problem(404, 'Kayıt bulunamadı'); },
      [`GET ${API}/product-stock-lines`]: () => json([LINE], { total: 1 }),
      [`GET ${API}/warehouse-transfer-lines`]: () => json([TRANSFER], { total: 1 }),
    }));
    s.setAccount(account({ codes }));
    return s;
  }

  it('shows the warehouse\'s products, stock movements and transfers, and moves stock out of it', async () => {
    const s = server();
    let body: unknown;
    s.on(`POST ${API}/warehouse-transfers`, async (req) => { body = await req.json(); return json({ ...TRANSFER, id: 8, outgoingWarehouseId: 4, incomingWarehouseId: 3 }, { status: 201 }); });
    const { toasts } = await renderWorkbench({ plugins: [accounting], path: '/warehouse/4', server: s, signedIn: true });
    const page = await screen.findByRole('region', { name: 'Ankara Şube Deposu' }, { timeout: 5000 });
    expect(within(page).getByText('Çankaya / Ankara')).toBeInTheDocument();
    const productsTable = await within(page).findByRole('table', { name: 'Ürünler' });
    const row = within(productsTable).getByRole('link', { name: PAROL.name }).closest('tr')!;
    expect(row).toHaveTextContent('2,00 Kutu');
    const q = new URL(`http://x${s.requests.find((r) => r.path.startsWith(`${API}/warehouse-products?`) && r.path.includes('warehouseId=4') && !r.path.includes('productId'))!.path}`).searchParams;
    expect(q.get('warehouseId')).toBe('4');
    const user = userEvent.setup();
    await user.click(within(row).getByRole('button', { name: 'Depolar arası transfer' }));
    const form = await screen.findByRole('form', { name: 'Depolar arası transfer' });
    expect(control(form, 'Çıkış deposu')).toHaveValue('4');
    await waitFor(() => expect(within(form).getByText('2,00')).toBeInTheDocument());
    await user.selectOptions(control(form, 'Giriş deposu'), '3');
    await user.type(control(form, 'Miktar'), '2');
    await user.click(within(form).getByRole('button', { name: 'Transfer et' }));
    await waitFor(() => expect(toasts.shown.map((x) => x.message)).toContain('BAŞARILI — Başarıyla eklendi.'));
    expect(body).toEqual({ productId: 11, outgoingWarehouseId: 4, incomingWarehouseId: 3, quantity: 2, explanation: null });

    await user.click(within(page).getByRole('tab', { name: 'Stok hareketleri' }));
    const lines = await within(page).findByRole('table', { name: 'Stok hareketleri' });
    expect(within(lines).getByText('Transfer girişi')).toBeInTheDocument();
    await user.click(within(page).getByRole('tab', { name: 'Transferler' }));
    const transfers = await within(page).findByRole('table', { name: 'Transferler' });
    expect(within(transfers).getByRole('link', { name: 'Merkez Depo' })).toHaveAttribute('href', '/warehouse/3');
    expect(within(transfers).getByText('Şubeye')).toBeInTheDocument();
    expect(s.requests.some((r) => r.path.startsWith(`${API}/warehouse-transfer-lines`) && r.path.includes('warehouseId=4'))).toBe(true);
  });

  it('shows a viewer the products only, without stock actions or the ledger', async () => {
    const s = server(['14_1']);
    await renderWorkbench({ plugins: [accounting], path: '/warehouse/3', server: s, signedIn: true });
    const page = await screen.findByRole('region', { name: 'Merkez Depo' }, { timeout: 5000 });
    await within(page).findByRole('table', { name: 'Ürünler' });
    expect(within(page).getAllByRole('tab').map((x) => x.textContent)).toEqual(['Ürünler']);
    expect(within(page).queryByRole('button', { name: 'Stok güncelle' })).toBeNull();
    expect(within(page).queryByRole('button', { name: 'Depoyu düzenle' })).toBeNull();
  });
});
