import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { validateWebPlugin, visibleMenu, Theme, type WebPlugin } from '@tezgah/core';
import { renderWorkbench } from '../../../../../packages/workbench/test/render';
import { account, fakeServer, json } from '../../../../../packages/workbench/test/fake-server';
import { homePlugin } from '../../../../../packages/workbench/src/builtin/home/plugin';
import { composeAreas } from '../area';
import { messages } from '../messages';
import { area as products } from './contribution';
import { area as warehouses } from '../warehouses/contribution';
import { API, PAROL, control, withLookups } from './testing';

const accounting = composeAreas({ id: 'accounting', title: 'Ön Muhasebe', version: '0.1.0' }, [{ messages }, products, warehouses]);

/** The plugin plus a page that shows one quick-add the way the shell's quick-add dialog does. */
function withQuickAddPage(id: 'product' | 'warehouse'): WebPlugin {
  const quick = accounting.load!.quickAdds![id]!;
  return { ...accounting, routes: [...accounting.routes!, { path: '/quick' }], load: { ...accounting.load, routes: { ...accounting.load!.routes, '/quick': quick } } };
}

describe('products and warehouses contributions', () => {
  it('declare a loader for every route, widget and quick-add, under the Stok group with Add buttons', () => {
    expect(validateWebPlugin(accounting)).toEqual([]);
    const gate = (codes: string[]) => ({ authorities: codes.map((c) => ({ authorityCode: c, companyId: 2 })), companyId: 2, theme: Theme.DEFAULT });
    const stock = visibleMenu(accounting.menu!, gate(['13_1', '14_1'])).find((m) => m.id === 'order-category')!;
    expect(stock.title).toBe('Stok');
    expect(stock.children!.map((c) => [c.route, c.module, c.addButton])).toEqual([
      ['/product', 13, { module: 13, action: 2 }], ['/warehouse', 14, { module: 14, action: 2 }],
    ]);
    expect(visibleMenu(accounting.menu!, gate(['13_1'])).find((m) => m.id === 'order-category')!.children!.map((c) => c.route)).toEqual(['/product']);
    expect(accounting.widgets).toEqual([expect.objectContaining({ id: 'low-stock', module: 13 })]);
    expect(accounting.quickAdds!.map((q) => [q.id, q.module, q.action])).toEqual([['product', 13, 2], ['warehouse', 14, 2]]);
  });

  it('puts the products at or below minimum stock on the home page', async () => {
    const s = fakeServer({ [`GET ${API}/products`]: () => json([{ ...PAROL, stockQuantity: 2 }], { total: 7 }) });
    s.setAccount(account({ codes: ['13_1'] }));
    await renderWorkbench({ plugins: [homePlugin, accounting], path: '/summary', server: s, signedIn: true });
    const card = await screen.findByLabelText('Minimum stokta veya altındaki ürünler', {}, { timeout: 5000 });
    const table = await within(card).findByRole('table', { name: 'Minimum stokta veya altındaki ürünler' });
    expect(within(table).getByRole('link', { name: PAROL.name })).toHaveAttribute('href', '/product/11');
    expect(within(table).getByText('2,00 / en az 5,00')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Toplam 7 ürün' })).toBeInTheDocument();
    const q = new URL(`http://x${s.requests.find((r) => r.path.startsWith(`${API}/products`))!.path}`).searchParams;
    expect([q.get('belowMinimumStock'), q.get('status'), q.get('sort'), q.get('size')]).toEqual(['true', 'ACTIVE', 'stockQuantity,asc', '5']);
  });

  it('says all is well when no product is below its minimum', async () => {
    const s = fakeServer({ [`GET ${API}/products`]: () => json([], { total: 0 }) });
    s.setAccount(account({ codes: ['13_1'] }));
    await renderWorkbench({ plugins: [homePlugin, accounting], path: '/summary', server: s, signedIn: true });
    expect(await screen.findByText('Minimum stokun altında ürün yok.', {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it('quick-adds a product with the essential fields and starts afresh', async () => {
    const s = withLookups(fakeServer());
    s.on(`POST ${API}/products`, async (req) => json({ ...PAROL, ...(await req.json() as object), id: 77, productMainAccounts: [], warehouseProducts: [] }, { status: 201 }));
    s.setAccount(account({ codes: ['13_1', '13_2', '14_1'] }));
    const { toasts } = await renderWorkbench({ plugins: [withQuickAddPage('product')], path: '/quick', server: s, signedIn: true });
    const form = await screen.findByRole('form', { name: 'Hızlı ürün / hizmet ekle' }, { timeout: 5000 });
    expect(within(form).queryByLabelText(/^Minimum stok/)).toBeNull();
    expect(control(form, 'Ürün tipi')).toHaveValue('MEDICINE');
    await waitFor(() => expect(control(form, 'Birim')).toHaveValue('2'));
    const user = userEvent.setup();
    await user.click(within(form).getByRole('button', { name: 'Kaydet' }));
    expect(control(form, 'Barkod')).toHaveAccessibleDescription('Bu alan zorunludur');
    await user.type(control(form, 'Ürün adı'), 'ARVELES 25 MG 20 FILM TABLET');
    await user.type(control(form, 'Barkod'), '8699832090055');
    await user.type(control(form, 'Açılış stoku'), '6');
    await user.click(within(form).getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(toasts.shown.map((x) => x.message)).toContain('BAŞARILI — Başarıyla eklendi.'));
    expect(s.requests.find((r) => r.method === 'POST')?.body).toMatchObject({ name: 'ARVELES 25 MG 20 FILM TABLET', productType: 'MEDICINE', unitId: 2, defaultTaxRate: 10, warehouseId: 3, openingStock: 6 });
    await waitFor(() => expect(control(screen.getByRole('form', { name: 'Hızlı ürün / hizmet ekle' }), 'Ürün adı')).toHaveValue(''));
  });

  it('quick-adds a warehouse', async () => {
    const s = fakeServer();
    s.on(`POST ${API}/warehouses`, async (req) => json({ id: 9, address: null, main: false, default: false, ...(await req.json() as object) }, { status: 201 }));
    s.setAccount(account({ codes: ['14_1', '14_2'] }));
    const { toasts } = await renderWorkbench({ plugins: [withQuickAddPage('warehouse')], path: '/quick', server: s, signedIn: true });
    const form = await screen.findByRole('form', { name: 'Hızlı depo ekle' }, { timeout: 5000 });
    const user = userEvent.setup();
    await user.click(within(form).getByRole('button', { name: 'Kaydet' }));
    expect(control(form, 'Depo adı')).toHaveAccessibleDescription('Depo adı zorunludur.');
    await user.type(control(form, 'Depo adı'), 'İzmir Depo');
    await user.click(within(form).getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(toasts.shown.map((x) => x.message)).toContain('BAŞARILI — Başarıyla eklendi.'));
    expect(s.requests.find((r) => r.method === 'POST')?.body).toEqual({ name: 'İzmir Depo', address: null, main: false, default: false });
  });
});
