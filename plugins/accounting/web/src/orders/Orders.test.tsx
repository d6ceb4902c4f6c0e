import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Theme, validateWebPlugin, visibleMenu } from '@tezgah/core';
import { renderWorkbench } from '../../../../../packages/workbench/test/render';
import { json, problem } from '../../../../../packages/workbench/test/fake-server';
import full from '../index';
import { today } from '../ledger/model';
import { control, requestsTo } from '../finance/testing';
import { API, MADE, ORDER_1, ORDER_2, orderPlugin, orderServer } from './testing';
import { orderFormKey, readInvoiceQuantity, toInvoiceBody, invoiceLineDrafts } from './model';

type User = ReturnType<typeof userEvent.setup>;
const gate = (codes: string[]) => ({ authorities: codes.map((c) => ({ authorityCode: c, companyId: 2 })), companyId: 2, theme: Theme.DEFAULT });
const query = (path: string) => new URL(`http://x${path}`).searchParams;

async function pick(user: User, box: HTMLElement, text: string, shown: RegExp) {
  await user.click(box);
  await user.type(box, text);
  await waitFor(() => expect([...document.querySelectorAll('[role="listbox"]')].map((l) => l.textContent).join(' ')).toMatch(shown), { timeout: 5000 });
  await user.keyboard('{Enter}');
}

/** The value a totals row shows ("Genel toplam" → "3.036,00"). */
function total(label: string): string {
  const panel = screen.getByRole('table', { name: 'Toplamlar' });
  const row = within(panel).getByRole('rowheader', { name: label }).closest('tr')!;
  return row.querySelector('td')!.textContent!;
}

describe('the order screens\' declarations', () => {
  it('put Alınan and Verilen Siparişler under Alış / Satış after the invoices, each for its own module', () => {
    expect(validateWebPlugin(orderPlugin)).toEqual([]);
    expect(validateWebPlugin(full)).toEqual([]);
    const group = (codes: string[]) => visibleMenu(full.menu!, gate(codes)).find((m) => m.id === 'commercial-category');
    expect(group(['11_1', '12_1', '9_1', '10_1'])!.children!.map((c) => [c.title, c.route])).toEqual([
      ['Satışlar', '/sales'], ['Alışlar / Giderler', '/expense'], ['Tüm Faturalar', '/invoice'], ['Alınan Siparişler', '/order/in'], ['Verilen Siparişler', '/order/out'],
    ]);
    expect(group(['9_1'])!.children!.map((c) => c.route)).toEqual(['/order/in']);
    expect(group(['10_1'])!.children!.map((c) => c.route)).toEqual(['/order/out']);
    expect(group(['11_1'])!.children!.map((c) => c.route)).toEqual(['/sales', '/invoice']);
  });

  it('map the server\'s fields to the form and read the quantities to invoice', () => {
    expect(orderFormKey('products.1.quantity', [{ key: 4 }, { key: 7 }])).toBe('line:7.quantity');
    expect(orderFormKey('products/0/discounts/0/amount', [{ key: 4 }])).toBe('line:4.discount');
    expect(orderFormKey('products.0.taxId', [{ key: 4 }])).toBe('line:4.taxId');
    expect(orderFormKey('products', [])).toBe('lines');
    expect(orderFormKey('orderDate', [])).toBe('orderDate');
    expect(readInvoiceQuantity('2,5', 6)).toEqual({ value: '2.5' });
    expect(readInvoiceQuantity('', 6)).toEqual({ value: '0' });
    expect(readInvoiceQuantity('7', 6)).toEqual({ error: 'aboveRemaining' });
    expect(readInvoiceQuantity('1,234', 6)).toEqual({ value: '1.234' });
    expect(readInvoiceQuantity('1,2345', 6)).toEqual({ error: 'decimals' });
    expect(readInvoiceQuantity('abc', 6)).toEqual({ error: 'format' });
    const drafts = invoiceLineDrafts(ORDER_1);
    expect(drafts.map((d) => d.quantity)).toEqual(['6', '2']);
    // Every quantity 0 is "nothing", not an empty list (which the server reads as "all that remains").
    expect(toInvoiceBody('IN', '2026-06-10', '', drafts.map((d) => ({ ...d, quantity: '0' })))).toMatchObject({ nothing: true });
  });
});

describe('the order lists', () => {
  it.each([
    ['/order/in', 'Alınan Siparişler', 'IN', 2],
    ['/order/out', 'Verilen Siparişler', 'OUT', 1],
  ])('%s lists its direction\'s orders, newest first', async (path, title, direction, rows) => {
    const s = orderServer();
    await renderWorkbench({ plugins: [orderPlugin], path, server: s, signedIn: true });
    const table = await screen.findByRole('table', { name: title }, { timeout: 5000 });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(rows + 1));
    const q = query(requestsTo(s, 'GET', `${API}/orders`).at(-1)!.path);
    expect([q.get('direction'), q.get('sort')]).toEqual([direction, 'orderDate,desc']);
  });

  it('shows the columns, the completion as a tag, and filters', async () => {
    const s = orderServer();
    await renderWorkbench({ plugins: [orderPlugin], path: '/order/in', server: s, signedIn: true });
    const table = await screen.findByRole('table', { name: 'Alınan Siparişler' }, { timeout: 5000 });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    const rowOf = (text: string) => within(table).getByText(text).closest('tr')!;
    const one = rowOf('Haziran kırtasiye');
    expect(within(one).getByRole('link', { name: 'Ayşe Yılmaz' })).toHaveAttribute('href', '/order/1');
    for (const text of ['Ayşe Yılmaz', 'Haziran kırtasiye', '01/06/2026', 'Önemli', '3.036,00 TL', 'Tamamlanmadı']) expect(one).toHaveTextContent(text);
    expect(within(one).getByText('Tamamlanmadı').closest('.bp6-tag')).toHaveClass('bp6-intent-warning');
    expect(within(rowOf('Mayıs')).getByText('Tamamlandı').closest('.bp6-tag')).toHaveClass('bp6-intent-success');

    const user = userEvent.setup();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Tamamlanma' }), 'PENDING');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sipariş türü' }), 'INSTRUCTED');
    await user.type(screen.getByLabelText('Başlangıç'), '01062026');
    await user.type(screen.getByLabelText('Bitiş'), '30062026');
    await waitFor(() => {
      const q = query(requestsTo(s, 'GET', `${API}/orders`).at(-1)!.path);
      expect([q.get('direction'), q.get('completion'), q.get('orderKind'), q.get('startDate'), q.get('endDate')]).toEqual(['IN', 'PENDING', 'INSTRUCTED', '2026-06-01', '2026-06-30']);
    });
  });

  it('offers "Sipariş ekle" only for what the user may write', async () => {
    const s = orderServer(['9_1', '10_1', '10_2']);
    const view = await renderWorkbench({ plugins: [orderPlugin], path: '/order/in', server: s, signedIn: true });
    await screen.findByRole('table', { name: 'Alınan Siparişler' }, { timeout: 5000 });
    expect(screen.queryByRole('button', { name: 'Sipariş ekle' })).toBeNull();
    view.unmount();
    await renderWorkbench({ plugins: [orderPlugin], path: '/order/out', server: s, signedIn: true });
    await screen.findByRole('table', { name: 'Verilen Siparişler' }, { timeout: 5000 });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sipariş ekle' }));
    expect(await screen.findByRole('form', { name: 'Yeni verilen sipariş' }, { timeout: 5000 })).toBeInTheDocument();
  });
});

describe('the order form', () => {
  it('computes the total live with @tezgah/core and sends the body the contract wants', async () => {
    const s = orderServer();
    const saved = { ...ORDER_1, id: 9, invoiceIds: [], completion: 'PENDING' as const };
    s.on(`POST ${API}/orders`, () => json(saved, { status: 201 }));
    s.on(`GET ${API}/orders/{id}`, () => json(saved));
    const { toasts } = await renderWorkbench({ plugins: [orderPlugin], path: '/order/in/new', server: s, signedIn: true });
    const form = await screen.findByRole('form', { name: 'Yeni alınan sipariş' }, { timeout: 5000 });
    await waitFor(() => expect(requestsTo(s, 'GET', `${API}/taxes`).length).toBeGreaterThan(0));
    const user = userEvent.setup();
    await pick(user, control(form, 'Müşteri (cari)'), 'ayşe', /Ayşe Yılmaz/);
    expect(control(form, 'Sipariş tarihi')).toHaveValue(today().split('-').reverse().join('/'));
    await user.selectOptions(control(form, 'Sipariş türü'), 'INSTRUCTED');
    await user.type(control(form, 'Açıklama'), 'Haziran');
    expect(screen.getByText('Ürün seçildikçe toplamlar burada hesaplanır.')).toBeInTheDocument();

    // 10 pens × 100 (the sale price) = 1.000, KDV 200.
    await pick(user, control(form, '1. satır: Ürün / hizmet'), 'kalem', /Tükenmez Kalem Kutusu/);
    expect(control(form, '1. satır: Birim fiyat')).toHaveValue('100,00');
    expect(control(form, '1. satır: KDV')).toHaveValue('1');
    await user.clear(control(form, '1. satır: Miktar'));
    await user.type(control(form, '1. satır: Miktar'), '10');
    expect(total('Genel toplam')).toBe('1.200,00');
    // 2 days of set-up × 850 less 10 % = 1.530, KDV 306: 2.530 + 506 = 3.036.
    await user.click(within(form).getByRole('button', { name: 'Satır ekle' }));
    await pick(user, control(form, '2. satır: Ürün / hizmet'), 'kurulum', /Kurulum Hizmeti/);
    await user.clear(control(form, '2. satır: Miktar'));
    await user.type(control(form, '2. satır: Miktar'), '2');
    await user.type(control(form, '2. satır: İndirim'), '10');
    expect(total('Ara toplam')).toBe('2.700,00');
    expect(total('İskonto')).toBe('170,00');
    expect(total('KDV matrahı')).toBe('2.530,00');
    expect(total('KDV %20')).toBe('506,00');
    expect(total('Genel toplam')).toBe('3.036,00');
    expect(within(form).getByRole('status', { name: '2. satır: Satır toplamı' })).toHaveTextContent('1.836,00');
    expect(requestsTo(s, 'POST', `${API}/orders`)).toHaveLength(0);

    await user.click(within(form).getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(requestsTo(s, 'POST', `${API}/orders`)).toHaveLength(1));
    expect(requestsTo(s, 'POST', `${API}/orders`)[0]!.body).toEqual({
      direction: 'IN', orderKind: 'INSTRUCTED', currentId: 7, orderDate: today(), explanation: 'Haziran', currencyId: 1, tagIds: [],
      products: [
        { productId: 21, quantity: '10', unitPrice: '100.00', taxId: 1 },
        { productId: 24, quantity: '2', unitPrice: '850.00', discounts: [{ type: 'PERCENTAGE', percentage: '10' }], taxId: 1 },
      ],
    });
    await waitFor(() => expect(toasts.shown.map((x) => x.message)).toContain('BAŞARILI — Sipariş kaydedildi.'));
    expect(await screen.findByRole('region', { name: 'Alınan sipariş #9' }, { timeout: 5000 })).toBeInTheDocument();
  });

  it('takes a given order\'s buying price and names the supplier', async () => {
    const s = orderServer();
    await renderWorkbench({ plugins: [orderPlugin], path: '/order/out/new', server: s, signedIn: true });
    const form = await screen.findByRole('form', { name: 'Yeni verilen sipariş' }, { timeout: 5000 });
    const user = userEvent.setup();
    await pick(user, control(form, 'Tedarikçi (cari)'), 'selçuk', /Selçuk Ecza Deposu/);
    await pick(user, control(form, '1. satır: Ürün / hizmet'), 'kalem', /Tükenmez Kalem Kutusu/);
    expect(control(form, '1. satır: Birim fiyat')).toHaveValue('60,00');
    expect(total('Genel toplam')).toBe('72,00');
    await user.click(within(form).getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(requestsTo(s, 'POST', `${API}/orders`)).toHaveLength(1));
    expect(requestsTo(s, 'POST', `${API}/orders`)[0]!.body).toMatchObject({ direction: 'OUT', orderKind: 'NORMAL', currentId: 9, products: [{ productId: 21, quantity: '1', unitPrice: '60.00' }] });
  });

  it('edits an order with nothing invoiced; the server\'s ORDER_INVOICED is a notice', async () => {
    const s = orderServer();
    s.on(`PUT ${API}/orders`, () => problem(409, 'Çakışma', { code: 'ORDER_INVOICED', detail: 'Bu siparişten fatura kesildi; değiştirilemez ve silinemez.' }));
    await renderWorkbench({ plugins: [orderPlugin], path: '/order/2/edit', server: s, signedIn: true });
    const form = await screen.findByRole('form', { name: 'Verilen siparişi düzenle' }, { timeout: 5000 });
    expect(control(form, 'Tedarikçi (cari)')).toHaveValue('Selçuk Ecza Deposu');
    expect(control(form, 'Sipariş türü')).toHaveValue('INSTRUCTED');
    expect(control(form, '1. satır: Miktar')).toHaveValue('3');
    expect(control(form, '1. satır: Birim fiyat')).toHaveValue('30,00');
    await waitFor(() => expect(total('Genel toplam')).toBe('108,00'));
    const user = userEvent.setup();
    await user.click(within(form).getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(requestsTo(s, 'PUT', `${API}/orders`)).toHaveLength(1));
    expect(requestsTo(s, 'PUT', `${API}/orders`)[0]!.body).toEqual({
      id: 2, direction: 'OUT', orderKind: 'INSTRUCTED', currentId: 9, orderDate: '2026-06-02', explanation: null, currencyId: 1, tagIds: [],
      products: [{ productId: 22, quantity: '3', unitPrice: '30.00', taxId: 1 }],
    });
    expect(await within(form).findByRole('alert')).toHaveTextContent('Bu siparişten fatura kesildi; değiştirilemez ve silinemez.');
    expect(within(form).getByRole('button', { name: 'Kaydet' })).toBeDisabled();
  });

  it('does not offer the form of an order already invoiced', async () => {
    const s = orderServer();
    await renderWorkbench({ plugins: [orderPlugin], path: '/order/1/edit', server: s, signedIn: true });
    expect(await screen.findByText('Bu siparişten fatura kesildi; değiştirilemez.', undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('form')).toBeNull();
  });
});

describe('the order page', () => {
  it('shows the header, the lines with ordered / invoiced / remaining, and the invoices made from it', async () => {
    const s = orderServer();
    await renderWorkbench({ plugins: [orderPlugin], path: '/order/1', server: s, signedIn: true });
    const page = await screen.findByRole('region', { name: 'Alınan sipariş #1' }, { timeout: 5000 });
    const details = within(page).getByRole('table', { name: 'Sipariş bilgileri' });
    for (const text of ['Ayşe Yılmaz', 'Alınan sipariş', 'Normal', '01/06/2026', 'Haziran kırtasiye', 'Önemli', 'Tamamlanmadı', '3.036,00 TL']) expect(details).toHaveTextContent(text);
    const lines = within(page).getByRole('table', { name: 'Satırlar' });
    await waitFor(() => expect(within(lines).getByText('Tükenmez Kalem Kutusu').closest('tr')).toHaveTextContent('1Tükenmez Kalem Kutusu10,004,006,00100,00KDV %201.200,00'));
    expect(within(lines).getByText('Kurulum Hizmeti').closest('tr')).toHaveTextContent('2Kurulum Hizmeti2,000,002,00850,00%10KDV %201.836,00');
    const link = await within(page).findByRole('link', { name: 'DMT2026000000005' });
    expect(link).toHaveAttribute('href', '/invoice/5');
    // Something is invoiced: no Düzenle, no Sil; something remains: Faturaya dönüştür.
    expect(within(page).queryByRole('button', { name: 'Düzenle' })).toBeNull();
    expect(within(page).queryByRole('button', { name: 'Sil' })).toBeNull();
    expect(within(page).getByRole('button', { name: 'Faturaya dönüştür' })).toBeInTheDocument();
  });

  it('turns part of an order into an invoice and opens it', async () => {
    const s = orderServer();
    s.on(`POST ${API}/orders/{id}/to-invoice`, () => json(MADE, { status: 201 }));
    const { toasts } = await renderWorkbench({ plugins: [orderPlugin], path: '/order/1', server: s, signedIn: true });
    const page = await screen.findByRole('region', { name: 'Alınan sipariş #1' }, { timeout: 5000 });
    const user = userEvent.setup();
    await user.click(within(page).getByRole('button', { name: 'Faturaya dönüştür' }));
    const dialog = await screen.findByRole('dialog', { name: 'Faturaya dönüştür' });
    expect(control(dialog, 'Fatura tarihi')).toHaveValue(today().split('-').reverse().join('/'));
    // A received order becomes a sale: no supplier's number.
    expect(within(dialog).queryByLabelText(/Tedarikçinin belge no/)).toBeNull();
    const pens = control(dialog, 'Tükenmez Kalem Kutusu: faturalanacak miktar');
    const setUp = control(dialog, 'Kurulum Hizmeti: faturalanacak miktar');
    expect([pens, setUp].map((x) => (x as HTMLInputElement).value)).toEqual(['6', '2']);

    // More than remains is refused before the call; all zeros too.
    await user.clear(pens);
    await user.type(pens, '7');
    await user.click(within(dialog).getByRole('button', { name: 'Faturayı oluştur' }));
    expect(pens).toHaveAccessibleDescription('Kalan miktardan fazla faturalanamaz.');
    await user.clear(pens);
    await user.type(pens, '0');
    await user.clear(setUp);
    await user.type(setUp, '0');
    await user.click(within(dialog).getByRole('button', { name: 'Faturayı oluştur' }));
    expect(within(dialog).getByText('En az bir satırdan sıfırdan büyük bir miktar faturalayın.')).toBeInTheDocument();
    expect(requestsTo(s, 'POST', `${API}/orders/1/to-invoice`)).toHaveLength(0);

    // 4 of the 6 pens; the set-up stays out (0).
    await user.clear(pens);
    await user.type(pens, '4');
    await user.click(within(dialog).getByRole('button', { name: 'Faturayı oluştur' }));
    await waitFor(() => expect(requestsTo(s, 'POST', `${API}/orders/1/to-invoice`)).toHaveLength(1));
    expect(requestsTo(s, 'POST', `${API}/orders/1/to-invoice`)[0]!.body).toEqual({ date: today(), lines: [{ orderLineId: 101, quantity: '4' }] });
    await waitFor(() => expect(toasts.shown.map((x) => x.message)).toContain('BAŞARILI — Fatura oluşturuldu: DMT2026000000012'));
    expect(await screen.findByRole('region', { name: 'Satış faturası DMT2026000000012' }, { timeout: 5000 })).toBeInTheDocument();
  });

  it('turns a given order into a purchase with the supplier\'s number; the server\'s line message lands at its line', async () => {
    const s = orderServer();
    const bought = { ...MADE, id: 13, invoiceType: 'BUYING' as const, documentNo: 'EGE-778' };
    let calls = 0;
    s.on(`POST ${API}/orders/{id}/to-invoice`, () => {
      calls += 1;
      if (calls === 1) {
        return problem(400, 'Doğrulama hatası', { code: 'VALIDATION_FAILED', fieldErrors: [{ field: 'lines.0.quantity', message: 'Bu satırdan faturalanacak en fazla 2.00 kaldı.', code: 'ABOVE_REMAINING' }] });
      }
      return json(bought, { status: 201 });
    });
    s.on(`GET ${API}/invoices/{id}`, () => json(bought));
    await renderWorkbench({ plugins: [orderPlugin], path: '/order/2', server: s, signedIn: true });
    const page = await screen.findByRole('region', { name: 'Verilen sipariş #2' }, { timeout: 5000 });
    expect(within(page).getByRole('button', { name: 'Düzenle' })).toBeInTheDocument();
    expect(within(page).getByText('Henüz fatura kesilmedi.')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(within(page).getByRole('button', { name: 'Faturaya dönüştür' }));
    const dialog = await screen.findByRole('dialog', { name: 'Faturaya dönüştür' });
    await user.type(control(dialog, 'Tedarikçinin belge no'), 'EGE-778');
    await user.click(within(dialog).getByRole('button', { name: 'Faturayı oluştur' }));
    const notebooks = control(dialog, 'Spiralli Defter: faturalanacak miktar');
    await waitFor(() => expect(notebooks).toHaveAccessibleDescription('Bu satırdan faturalanacak en fazla 2.00 kaldı.'));
    expect(requestsTo(s, 'POST', `${API}/orders/2/to-invoice`)[0]!.body).toEqual({ date: today(), documentNo: 'EGE-778', lines: [{ orderLineId: 201, quantity: '3' }] });
    await user.click(within(dialog).getByRole('button', { name: 'Faturayı oluştur' }));
    await waitFor(() => expect(requestsTo(s, 'POST', `${API}/orders/2/to-invoice`)).toHaveLength(2));
    expect(await screen.findByRole('region', { name: 'Alış faturası EGE-778' }, { timeout: 5000 })).toBeInTheDocument();
  });

  it('deletes an order nothing was invoiced from, after asking', async () => {
    const s = orderServer();
    s.on(`DELETE ${API}/orders/{id}`, () => new Response(null, { status: 204 }));
    const { toasts } = await renderWorkbench({ plugins: [orderPlugin], path: '/order/2', server: s, signedIn: true });
    const page = await screen.findByRole('region', { name: 'Verilen sipariş #2' }, { timeout: 5000 });
    const user = userEvent.setup();
    await user.click(within(page).getByRole('button', { name: 'Sil' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Evet' }));
    await waitFor(() => expect(requestsTo(s, 'DELETE', `${API}/orders/2`)).toHaveLength(1));
    await waitFor(() => expect(toasts.shown.map((x) => x.message)).toContain('BAŞARILI — Sipariş silindi.'));
    expect(await screen.findByRole('table', { name: 'Verilen Siparişler' }, { timeout: 5000 })).toBeInTheDocument();
    expect(ORDER_2.invoiceIds).toEqual([]);
  });
});
