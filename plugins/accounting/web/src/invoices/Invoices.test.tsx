import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Theme, validateWebPlugin, visibleMenu } from '@tezgah/core';
import { renderWorkbench } from '../../../../../packages/workbench/test/render';
import { json, problem } from '../../../../../packages/workbench/test/fake-server';
import full from '../index';
import { today } from '../ledger/model';
import { control, requestsTo } from '../finance/testing';
import { API, CORE_METHODS, INVOICE_5, INVOICE_8, invoicePlugin, invoiceServer } from './testing';
import { computeForm, formKeyOfServer, instalmentDates, readInstalments, splitAmount, stockShortages, type LineDraft } from './model';

type User = ReturnType<typeof userEvent.setup>;
const gate = (codes: string[]) => ({ authorities: codes.map((c) => ({ authorityCode: c, companyId: 2 })), companyId: 2, theme: Theme.DEFAULT });
const query = (path: string) => new URL(`http://x${path}`).searchParams;

async function pick(user: User, box: HTMLElement, text: string, shown: RegExp) {
  await user.click(box);
  await user.type(box, text);
  // By the open list's text: asking every option of a many-lined form for its role is slow in jsdom.
  await waitFor(() => expect([...document.querySelectorAll('[role="listbox"]')].map((l) => l.textContent).join(' ')).toMatch(shown), { timeout: 5000 });
  await user.keyboard('{Enter}');
}

/** The value a totals row shows ("Genel toplam" → "360,00"). */
function total(label: string): string {
  const panel = screen.getByRole('table', { name: 'Toplamlar' });
  const row = within(panel).getByRole('rowheader', { name: label }).closest('tr')!;
  return row.querySelector('td')!.textContent!;
}

async function openNewSale() {
  const s = invoiceServer();
  const view = await renderWorkbench({ plugins: [invoicePlugin], path: '/sales/new', server: s, signedIn: true });
  const form = await screen.findByRole('form', { name: 'Yeni satış faturası' }, { timeout: 5000 });
  // The KDV taxes are there before a product is chosen (its tax is picked from them).
  await waitFor(() => expect(requestsTo(s, 'GET', `${API}/taxes`).length).toBeGreaterThan(0));
  return { ...view, s, form, user: userEvent.setup() };
}

describe('the invoice screens\' declarations', () => {
  it('put Satışlar and Alışlar / Giderler under Alış / Satış, each for its own module', () => {
    expect(validateWebPlugin(invoicePlugin)).toEqual([]);
    expect(validateWebPlugin(full)).toEqual([]);
    const group = (codes: string[]) => visibleMenu(full.menu!, gate(codes)).find((m) => m.id === 'commercial-category');
    expect(group(['11_1', '12_1'])!.children!.map((c) => [c.title, c.route])).toEqual([['Satışlar', '/sales'], ['Alışlar / Giderler', '/expense'], ['Tüm Faturalar', '/invoice']]);
    expect(group(['11_1'])!.children!.map((c) => c.route)).toEqual(['/sales', '/invoice']);
    expect(group(['12_1'])!.children!.map((c) => c.route)).toEqual(['/expense', '/invoice']);
    expect(group(['13_1'])).toBeUndefined();
  });

  it('map the server\'s and the computation\'s fields to the form\'s inputs', () => {
    const lines = [{ key: 7 }, { key: 9 }];
    const payments = [{ key: 3 }];
    expect(formKeyOfServer('products.1.quantity', lines, payments)).toBe('line:9.quantity');
    expect(formKeyOfServer('products/0/discounts/0/amount', lines, payments)).toBe('line:7.discount');
    expect(formKeyOfServer('products.0.taxes.0.taxId', lines, payments)).toBe('line:7.taxId');
    expect(formKeyOfServer('products.0.stocks', lines, payments)).toBe('line:7.warehouseId');
    expect(formKeyOfServer('payments.0.bankAccountId', lines, payments)).toBe('payment:3.account');
    expect(formKeyOfServer('payments.0.amount', lines, payments)).toBe('payment:3.amount');
    expect(formKeyOfServer('discounts.0.amount', lines, payments)).toBe('discount');
    expect(formKeyOfServer('totalAmount', lines, payments)).toBe('totalAmount');
    expect(formKeyOfServer('instalments.day', lines, payments)).toBe('instalments.day');
    expect(formKeyOfServer('instalments', lines, payments)).toBe('instalments');
  });
});

describe('the invoice lists', () => {
  it.each([
    ['/sales', 'Satışlar', 'SALE', 2],
    ['/expense', 'Alışlar / Giderler', 'BUYING', 1],
    ['/invoice', 'Faturalar', null, 3],
  ])('%s lists its direction\'s invoices, newest first', async (path, title, type, rows) => {
    const s = invoiceServer();
    await renderWorkbench({ plugins: [invoicePlugin], path, server: s, signedIn: true });
    const table = await screen.findByRole('table', { name: title }, { timeout: 5000 });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(rows + 1));
    const q = query(requestsTo(s, 'GET', `${API}/invoices`).at(-1)!.path);
    expect([q.get('invoiceType'), q.get('sort')]).toEqual([type, 'date,desc']);
  });

  it('shows the columns, the payment state as coloured tags, and filters', async () => {
    const s = invoiceServer();
    await renderWorkbench({ plugins: [invoicePlugin], path: '/invoice', server: s, signedIn: true });
    const table = await screen.findByRole('table', { name: 'Faturalar' }, { timeout: 5000 });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(4));
    const first = within(table).getByRole('link', { name: 'DMT2026000000005' }).closest('tr')!;
    expect(within(first).getByRole('link', { name: 'DMT2026000000005' })).toHaveAttribute('href', '/invoice/5');
    for (const text of ['Ayşe Yılmaz', 'Nisan kırtasiye', 'Satış', '10/04/2026', 'Önemli', '360,91 TL', '260,91 TL', '100,00 TL', 'Kısmi', 'Kesildi']) expect(first).toHaveTextContent(text);
    expect(within(first).getByText('Kısmi').closest('.bp6-tag')).toHaveClass('bp6-intent-warning');
    expect(within(table).getByRole('link', { name: '#6' }).closest('tr')).toHaveTextContent('Taslak');
    const bought = within(table).getByRole('link', { name: 'EGE2026000000123' }).closest('tr')!;
    expect(bought).toHaveTextContent('Alış');
    expect(within(bought).getByText('Ödendi').closest('.bp6-tag')).toHaveClass('bp6-intent-success');

    const user = userEvent.setup();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Tür' }), 'BUYING');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Durum' }), 'POSTED');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Ödeme durumu' }), 'UNPAID');
    await user.type(screen.getByLabelText('Başlangıç'), '01042026');
    await user.type(screen.getByLabelText('Bitiş'), '30042026');
    await waitFor(() => {
      const q = query(requestsTo(s, 'GET', `${API}/invoices`).at(-1)!.path);
      expect([q.get('invoiceType'), q.get('status'), q.get('paymentStatus'), q.get('startDate'), q.get('endDate')]).toEqual(['BUYING', 'POSTED', 'UNPAID', '2026-04-01', '2026-04-30']);
    });
  });

  it('a direction\'s list shows its returns on asking: /sales offers Satış and Satış iadesi', async () => {
    const s = invoiceServer();
    await renderWorkbench({ plugins: [invoicePlugin], path: '/sales', server: s, signedIn: true });
    await screen.findByRole('table', { name: 'Satışlar' }, { timeout: 5000 });
    const kind = screen.getByRole('combobox', { name: 'Tür' });
    expect(within(kind).getAllByRole('option').map((o) => o.textContent)).toEqual(['Satış', 'Satış iadesi']);
    await userEvent.setup().selectOptions(kind, 'SALE_RETURN');
    await waitFor(() => expect(query(requestsTo(s, 'GET', `${API}/invoices`).at(-1)!.path).get('invoiceType')).toBe('SALE_RETURN'));
  });

  it('offers "Fatura ekle" only for what the user may write', async () => {
    const s = invoiceServer(['11_1', '12_1', '12_2']);
    await renderWorkbench({ plugins: [invoicePlugin], path: '/sales', server: s, signedIn: true });
    await screen.findByRole('table', { name: 'Satışlar' }, { timeout: 5000 });
    expect(screen.queryByRole('button', { name: 'Fatura ekle' })).toBeNull();
  });
});

describe('the invoice form', () => {
  it('computes the totals live with @tezgah/core as the lines change, and sends the body the contract wants', async () => {
    const { s, form, user, toasts } = await openNewSale();
    s.on(`POST ${API}/invoices`, async (req) => json({ ...INVOICE_5, id: 9, documentNo: 'DMT2026000000009', ...(await req.json() as object) }, { status: 201 }));
    await pick(user, control(form, 'Müşteri (cari)'), 'ayşe', /Ayşe Yılmaz/);
    expect(screen.getByText('Ürün seçildikçe toplamlar burada hesaplanır.')).toBeInTheDocument();

    // Line 1: 2 × 100 with 10 % off = 180, KDV 20 % 36 → 216.
    await pick(user, control(form, '1. satır: Ürün / hizmet'), 'kalem', /Tükenmez Kalem Kutusu/);
    expect(control(form, '1. satır: Birim fiyat')).toHaveValue('100,00');
    expect(control(form, '1. satır: KDV')).toHaveValue('1');
    expect(control(form, '1. satır: Depo')).toHaveValue('3');
    expect(total('Genel toplam')).toBe('120,00');
    await user.clear(control(form, '1. satır: Miktar'));
    await user.type(control(form, '1. satır: Miktar'), '2');
    await user.type(control(form, '1. satır: İndirim'), '10');
    expect(total('Ara toplam')).toBe('200,00');
    expect(total('İskonto')).toBe('20,00');
    expect(total('Genel toplam')).toBe('216,00');

    // Line 2: 1 × 50; line 3: 3 × 33,33 = 99,99. Without a document discount: bases 180 + 50 + 99,99
    // = 329,99; KDV 36,00 + 10,00 + 20,00 (19,998) = 66,00 → 395,99.
    await user.click(within(form).getByRole('button', { name: 'Satır ekle' }));
    await pick(user, control(form, '2. satır: Ürün / hizmet'), 'defter', /Spiralli Defter/);
    expect(total('Genel toplam')).toBe('276,00');
    await user.click(within(form).getByRole('button', { name: 'Satır ekle' }));
    await pick(user, control(form, '3. satır: Ürün / hizmet'), 'zımba', /Zımba Makinesi/);
    await user.clear(control(form, '3. satır: Miktar'));
    await user.type(control(form, '3. satır: Miktar'), '3');
    expect(total('Genel toplam')).toBe('395,99');
    // Enter picked from the lists; it did not post the invoice.
    expect(requestsTo(s, 'POST', `${API}/invoices`)).toHaveLength(0);

    // A 29,99 TL document discount, spread over the nets 180 / 50 / 99,99 (329,99) by largest
    // remainder in kuruş: 2999 × 18000 / 32999 = 1635 r 28635, × 5000 → 454 r 13454, × 9999 → 908
    // r 23909; the 2 kuruş left go to the largest remainders (lines 1 and 3): 16,36 / 4,54 / 9,09.
    // Bases 163,64 + 45,46 + 90,90 = 300,00; KDV 32,73 (32,728) + 9,09 (9,092) + 18,18 = 60,00.
    // Genel toplam 300,00 + 60,00 = 360,00; İskonto 20,00 + 29,99 = 49,99; Ara toplam 349,99.
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Fatura altı indirim türü' }), 'AMOUNT');
    await user.type(control(form, 'Fatura altı indirim'), '29,99');
    expect(total('Ara toplam')).toBe('349,99');
    expect(total('İskonto')).toBe('49,99');
    expect(total('KDV matrahı')).toBe('300,00');
    expect(total('KDV %20')).toBe('60,00');
    expect(total('Genel toplam')).toBe('360,00');
    expect(within(form).getByRole('status', { name: '1. satır: Satır toplamı' })).toHaveTextContent('196,37');

    // A payment starts with what remains; 100 in cash leaves 260.
    await user.click(within(form).getByRole('button', { name: 'Ödeme ekle' }));
    expect(control(form, '1. ödeme: Tutar')).toHaveValue('360,00');
    await user.clear(control(form, '1. ödeme: Tutar'));
    await user.type(control(form, '1. ödeme: Tutar'), '100');
    await waitFor(() => expect(within(control(form, '1. ödeme: Kasa')).getAllByRole('option').map((o) => o.textContent)).toEqual(['Para birimindeki ilk kasa', 'Merkez Kasa']));
    await user.selectOptions(control(form, '1. ödeme: Kasa'), '1');
    expect(total('Ödenen')).toBe('100,00');
    expect(total('Kalan')).toBe('260,00');

    await user.click(within(form).getByRole('button', { name: 'Faturayı kes' }));
    await waitFor(() => expect(requestsTo(s, 'POST', `${API}/invoices`)).toHaveLength(1));
    expect(requestsTo(s, 'POST', `${API}/invoices`)[0]!.body).toEqual({
      invoiceType: 'SALE', draft: false, currentId: 7, date: today(), dueDate: null, currencyId: 1, explanation: null, tagIds: [],
      products: [
        { productId: 21, quantity: '2', unitPrice: '100.00', discounts: [{ type: 'PERCENTAGE', percentage: '10' }], taxes: [{ taxId: 1 }], stocks: [{ warehouseId: 3, quantity: '2' }] },
        { productId: 22, quantity: '1', unitPrice: '50.00', taxes: [{ taxId: 1 }], stocks: [{ warehouseId: 3, quantity: '1' }] },
        { productId: 23, quantity: '3', unitPrice: '33.33', taxes: [{ taxId: 1 }], stocks: [{ warehouseId: 3, quantity: '3' }] },
      ],
      discounts: [{ type: 'AMOUNT', amount: '29.99' }],
      payments: [{ paymentType: 'CASH', amount: '100.00', safeId: 1 }],
      totalAmount: '360.00',
    });
    await waitFor(() => expect(toasts.shown.map((x) => x.message)).toContain('BAŞARILI — DMT2026000000009 numaralı fatura kesildi.'));
  }, 60_000); // three lines typed key by key: 18 s on a busy 2-core machine, past the 20 s default once

  it('takes prices KDV-inclusive: 3 × 0,99 with KDV 20 % comes to 2,97 (base 2,48, KDV 0,49) and says so to the server', async () => {
    const { s, form, user } = await openNewSale();
    s.on(`POST ${API}/invoices`, async (req) => json({ ...INVOICE_5, id: 9, documentNo: 'DMT2026000000009', ...(await req.json() as object) }, { status: 201 }));
    await pick(user, control(form, 'Müşteri (cari)'), 'ayşe', /Ayşe Yılmaz/);
    await pick(user, control(form, '1. satır: Ürün / hizmet'), 'kalem', /Tükenmez Kalem Kutusu/);
    await user.clear(control(form, '1. satır: Miktar'));
    await user.type(control(form, '1. satır: Miktar'), '3');
    await user.clear(control(form, '1. satır: Birim fiyat'));
    await user.type(control(form, '1. satır: Birim fiyat'), '0,99');
    expect(total('Genel toplam')).toBe('3,56');
    await user.click(within(form).getByRole('checkbox', { name: 'Fiyatlar KDV dahil' }));
    expect(total('KDV matrahı')).toBe('2,48');
    expect(total('KDV %20')).toBe('0,49');
    expect(total('Genel toplam')).toBe('2,97');
    await user.click(within(form).getByRole('button', { name: 'Faturayı kes' }));
    await waitFor(() => expect(requestsTo(s, 'POST', `${API}/invoices`)).toHaveLength(1));
    expect(requestsTo(s, 'POST', `${API}/invoices`)[0]!.body).toMatchObject({ pricesIncludeTax: true, totalAmount: '2.97', products: [{ productId: 21, quantity: '3', unitPrice: '0.99' }] });
  });

  it('takes a quantity with three decimals: 2,125 × 59,90 with KDV 10 % is 127,29 + 12,73, sent as \'2.125\'; a fourth decimal is refused at the line', async () => {
    const { s, form, user } = await openNewSale();
    s.on(`POST ${API}/invoices`, async (req) => json({ ...INVOICE_5, id: 9, documentNo: 'DMT2026000000009', ...(await req.json() as object) }, { status: 201 }));
    await pick(user, control(form, 'Müşteri (cari)'), 'ayşe', /Ayşe Yılmaz/);
    await pick(user, control(form, '1. satır: Ürün / hizmet'), 'kalem', /Tükenmez Kalem Kutusu/);
    await user.selectOptions(control(form, '1. satır: KDV'), '2');
    await user.clear(control(form, '1. satır: Birim fiyat'));
    await user.type(control(form, '1. satır: Birim fiyat'), '59,90');
    await user.clear(control(form, '1. satır: Miktar'));
    await user.type(control(form, '1. satır: Miktar'), '2,1255');
    expect(control(form, '1. satır: Miktar')).toHaveAccessibleDescription('Miktar en fazla 3 ondalık basamaklı olabilir; fazlası yuvarlanmaz.');
    await user.type(control(form, '1. satır: Miktar'), '{Backspace}');
    // 2,125 × 59,90 = 127,2875 → 127,29; KDV 10 % 12,729 → 12,73.
    expect(control(form, '1. satır: Miktar')).not.toHaveAccessibleDescription(/ondalık/);
    expect(total('KDV matrahı')).toBe('127,29');
    expect(total('KDV %10')).toBe('12,73');
    expect(total('Genel toplam')).toBe('140,02');
    await user.click(within(form).getByRole('button', { name: 'Faturayı kes' }));
    await waitFor(() => expect(requestsTo(s, 'POST', `${API}/invoices`)).toHaveLength(1));
    expect(requestsTo(s, 'POST', `${API}/invoices`)[0]!.body).toMatchObject({
      totalAmount: '140.02', products: [{ productId: 21, quantity: '2.125', unitPrice: '59.90', taxes: [{ taxId: 2 }], stocks: [{ warehouseId: 3, quantity: '2.125' }] }],
    });
  });

  it('sends one Idempotency-Key for the invoice: kept when the server failed, new after a refusal', async () => {
    const { s, form, user } = await openNewSale();
    const answers = [
      () => problem(500, 'Sunucu hatası'),
      () => problem(400, 'Geçersiz istek', { fieldErrors: [{ field: 'date', message: 'Tarih kapalı dönemde.', code: 'PERIOD_LOCKED' }] }),
      async (req: Request) => json({ ...INVOICE_5, id: 9, documentNo: 'DMT2026000000009', ...(await req.json() as object) }, { status: 201 }),
    ];
    s.on(`POST ${API}/invoices`, (req) => answers.shift()!(req));
    await pick(user, control(form, 'Müşteri (cari)'), 'ayşe', /Ayşe Yılmaz/);
    await pick(user, control(form, '1. satır: Ürün / hizmet'), 'kalem', /Tükenmez Kalem Kutusu/);
    const save = within(form).getByRole('button', { name: 'Faturayı kes' });
    for (let n = 1; n <= 3; n++) {
      await waitFor(() => expect(save).toBeEnabled());
      await user.click(save);
      await waitFor(() => expect(requestsTo(s, 'POST', `${API}/invoices`)).toHaveLength(n));
    }
    const keys = requestsTo(s, 'POST', `${API}/invoices`).map((r) => r.headers.get('idempotency-key'));
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[2]).not.toBe(keys[1]);
  });

  it('offers the payment methods other plugins contribute, with only the bank accounts they settle into, and sends the method', async () => {
    const s = invoiceServer();
    s.on(`GET ${API}/payment-methods`, () => json([...CORE_METHODS, { paymentType: 'CREDIT_CARD', method: 'pos.device', label: { tr: 'POS cihazı', en: 'POS device' }, plugin: 'pos', bankAccountTypes: ['POS'] }]));
    s.on(`GET ${API}/money-accounts`, () => json([
      { kind: 'SAFE', id: 1, name: 'Merkez Kasa', currencyId: 1, currencyCode: 'TL', accountType: null },
      { kind: 'BANK_ACCOUNT', id: 5, name: 'Ziraat Vadesiz', currencyId: 1, currencyCode: 'TL', accountType: 'TRADING' },
      { kind: 'BANK_ACCOUNT', id: 8, name: 'Ziraat POS', currencyId: 1, currencyCode: 'TL', accountType: 'POS' },
    ]));
    s.on(`POST ${API}/invoices`, async (req) => json({ ...INVOICE_5, id: 9, documentNo: 'DMT2026000000009', ...(await req.json() as object) }, { status: 201 }));
    await renderWorkbench({ plugins: [invoicePlugin], path: '/sales/new', server: s, signedIn: true });
    const form = await screen.findByRole('form', { name: 'Yeni satış faturası' }, { timeout: 5000 });
    await waitFor(() => expect(requestsTo(s, 'GET', `${API}/taxes`).length).toBeGreaterThan(0));
    const user = userEvent.setup();
    await pick(user, control(form, 'Müşteri (cari)'), 'ayşe', /Ayşe Yılmaz/);
    await pick(user, control(form, '1. satır: Ürün / hizmet'), 'kalem', /Tükenmez Kalem Kutusu/);
    await user.click(within(form).getByRole('button', { name: 'Ödeme ekle' }));
    const type = control(form, '1. ödeme: Ödeme türü');
    await waitFor(() => expect(within(type).getAllByRole('option').map((o) => o.textContent)).toEqual(['Kredi Kartı', 'Nakit', 'Portal Nakit', 'Ücretsiz', 'Açık Hesap', 'POS cihazı']));
    await user.selectOptions(type, 'method:pos.device');
    await waitFor(() => expect(within(control(form, '1. ödeme: Banka hesabı')).getAllByRole('option').map((o) => o.textContent)).toEqual(['Seçiniz', 'Ziraat POS']));
    await user.selectOptions(control(form, '1. ödeme: Banka hesabı'), '8');
    // The plain card payment still offers every bank account.
    await user.selectOptions(type, 'CREDIT_CARD');
    await waitFor(() => expect(within(control(form, '1. ödeme: Banka hesabı')).getAllByRole('option').map((o) => o.textContent)).toEqual(['Seçiniz', 'Ziraat Vadesiz', 'Ziraat POS']));
    await user.selectOptions(type, 'method:pos.device');
    await user.selectOptions(control(form, '1. ödeme: Banka hesabı'), '8');
    await user.click(within(form).getByRole('button', { name: 'Faturayı kes' }));
    await waitFor(() => expect(requestsTo(s, 'POST', `${API}/invoices`)).toHaveLength(1));
    expect((requestsTo(s, 'POST', `${API}/invoices`)[0]!.body as { payments: unknown[] }).payments).toEqual([{ paymentType: 'CREDIT_CARD', amount: '120.00', bankAccountId: 8, method: 'pos.device' }]);
  });

  it('shows the computation\'s objection at its field instead of the totals', async () => {
    const { form, user } = await openNewSale();
    await pick(user, control(form, '1. satır: Ürün / hizmet'), 'defter', /Spiralli Defter/);
    await user.selectOptions(within(form).getByRole('combobox', { name: '1. satır: İndirim türü' }), 'AMOUNT');
    await user.type(control(form, '1. satır: İndirim'), '60');
    expect(control(form, '1. satır: İndirim')).toHaveAccessibleDescription('İndirim tutarı satırın kalan tutarını aşamaz.');
    expect(screen.queryByRole('table', { name: 'Toplamlar' })).toBeNull();
    expect(screen.getByText('Toplamlar, kırmızıyla işaretli alan düzeltilince hesaplanır.')).toBeInTheDocument();
    await user.clear(control(form, '1. satır: İndirim'));
    await user.type(control(form, '1. satır: İndirim'), '5');
    // 50 − 5 = 45, KDV 9 → 54.
    expect(total('Genel toplam')).toBe('54,00');
  });

  it('warns (without blocking) when a sale\'s quantity is above the stock', async () => {
    const { form, user } = await openNewSale();
    await pick(user, control(form, '1. satır: Ürün / hizmet'), 'defter', /Spiralli Defter/);
    expect(within(form).queryByText(/stoktan fazla/)).toBeNull();
    await user.clear(control(form, '1. satır: Miktar'));
    await user.type(control(form, '1. satır: Miktar'), '2');
    expect(within(form).getByText('Stokta 1,00 Adet var; yazılan miktar stoktan fazla.')).toBeInTheDocument();
    // A service has no stock to warn about.
    await user.click(within(form).getByRole('button', { name: 'Satır ekle' }));
    await pick(user, control(form, '2. satır: Ürün / hizmet'), 'kurulum', /Kurulum Hizmeti/);
    expect(within(form).getAllByText(/stoktan fazla/)).toHaveLength(1);
    expect(within(form).queryByLabelText('2. satır: Depo')).toBeNull();
    expect(within(form).getByRole('button', { name: 'Faturayı kes' })).toBeEnabled();
  });

  it('puts the server\'s field messages at their inputs, and a stock refusal in a notice', async () => {
    const { s, form, user, toasts } = await openNewSale();
    let tries = 0;
    s.on(`POST ${API}/invoices`, () => {
      tries++;
      if (tries === 1) {
        return problem(400, 'Doğrulama hatası', {
          code: 'VALIDATION_FAILED',
          fieldErrors: [
            { field: 'products.1.quantity', message: 'Miktar en fazla iki ondalık basamak taşır.' },
            { field: 'payments.0.safeId', message: 'Kasanın para birimi faturanınkiyle aynı olmalı.' },
            { field: 'totalAmount', message: 'Sunucunun hesabı 54.00.' },
          ],
        });
      }
      return problem(409, 'Çakışma', { code: 'INSUFFICIENT_STOCK', detail: 'Spiralli Defter için Merkez Depo stok yetersiz.', fieldErrors: [{ field: 'products.1.quantity', message: 'Stok yetersiz.' }] });
    });
    await pick(user, control(form, 'Müşteri (cari)'), 'ayşe', /Ayşe Yılmaz/);
    await pick(user, control(form, '1. satır: Ürün / hizmet'), 'kurulum', /Kurulum Hizmeti/);
    await user.click(within(form).getByRole('button', { name: 'Satır ekle' }));
    await pick(user, control(form, '2. satır: Ürün / hizmet'), 'defter', /Spiralli Defter/);
    await user.click(within(form).getByRole('button', { name: 'Ödeme ekle' }));
    await user.click(within(form).getByRole('button', { name: 'Faturayı kes' }));
    await waitFor(() => expect(control(form, '2. satır: Miktar')).toHaveAccessibleDescription('Miktar en fazla iki ondalık basamak taşır.'));
    expect(control(form, '1. satır: Miktar')).not.toHaveAccessibleDescription(/./);
    expect(control(form, '1. ödeme: Kasa')).toHaveAccessibleDescription('Kasanın para birimi faturanınkiyle aynı olmalı.');
    expect(within(screen.getByRole('group', { name: 'Toplamlar' })).getByText('Sunucunun hesabı 54.00.')).toBeInTheDocument();
    expect(toasts.shown).toHaveLength(0);

    await user.click(within(form).getByRole('button', { name: 'Faturayı kes' }));
    await waitFor(() => expect(toasts.shown.map((x) => x.message)).toContain('HATALI — Spiralli Defter için Merkez Depo stok yetersiz.'));
    expect(control(form, '2. satır: Miktar')).toHaveAccessibleDescription('Stok yetersiz.');
  });

  it('keeps a purchase as a draft with the supplier\'s number, its buying price and no series', async () => {
    const s = invoiceServer();
    s.on(`POST ${API}/invoices`, async (req) => json({ ...INVOICE_5, id: 10, invoiceType: 'BUYING', status: 'DRAFT', documentNo: 'EGE-77', ...(await req.json() as object) }, { status: 201 }));
    const { toasts } = await renderWorkbench({ plugins: [invoicePlugin], path: '/expense/new', server: s, signedIn: true });
    const form = await screen.findByRole('form', { name: 'Yeni alış / gider faturası' }, { timeout: 5000 });
    const user = userEvent.setup();
    expect(within(form).queryByLabelText(/^Seri/)).toBeNull();
    await pick(user, control(form, 'Tedarikçi (cari)'), 'selçuk', /Selçuk Ecza Deposu/);
    await user.type(control(form, 'Tedarikçinin belge no'), 'EGE-77');
    await pick(user, control(form, '1. satır: Ürün / hizmet'), 'kalem', /Tükenmez Kalem Kutusu/);
    expect(control(form, '1. satır: Birim fiyat')).toHaveValue('60,00');
    await user.selectOptions(control(form, '1. satır: Tevkifat'), '603');
    expect(within(control(form, '1. satır: Tevkifat oranı')).getAllByRole('option').map((o) => o.textContent)).toEqual(['5/10', '7/10']);
    await user.selectOptions(control(form, '1. satır: Tevkifat oranı'), '70');
    // 60 + KDV 12 = 72; 7/10 of the KDV withheld: 8,40 → payable 63,60.
    expect(total('Tevkifat')).toBe('8,40');
    expect(total('Ödenecek')).toBe('63,60');
    await user.click(within(form).getByRole('button', { name: 'Taslak kaydet' }));
    await waitFor(() => expect(requestsTo(s, 'POST', `${API}/invoices`)).toHaveLength(1));
    expect(requestsTo(s, 'POST', `${API}/invoices`)[0]!.body).toEqual({
      invoiceType: 'BUYING', draft: true, currentId: 9, date: today(), dueDate: null, currencyId: 1, explanation: null, tagIds: [], documentNo: 'EGE-77',
      products: [{ productId: 21, quantity: '1', unitPrice: '60.00', taxes: [{ taxId: 1 }], withholdingCode: '603', withholdingPercent: 70, stocks: [{ warehouseId: 3, quantity: '1' }] }],
      totalAmount: '72.00',
    });
    await waitFor(() => expect(toasts.shown.map((x) => x.message)).toContain('BAŞARILI — Taslak fatura kaydedildi.'));
  });

  it('converts a product priced in another currency with the day\'s rate', async () => {
    const { s, form, user } = await openNewSale();
    s.on(`POST ${API}/exchange-rate/{from}/{date}/{to}`, (_r, p) => json({ from: 'EUR', to: 'TL', fromCurrencyId: Number(p.from), toCurrencyId: 1, date: p.date, rate: 35.5, forexBuying: 35.5, forexSelling: null, banknoteBuying: null, banknoteSelling: null, bulletinDate: null, bulletinNo: null, source: 'sandbox' }));
    await pick(user, control(form, '1. satır: Ürün / hizmet'), 'fotokopi', /Fotokopi Kağıdı/);
    await waitFor(() => expect(control(form, '1. satır: Birim fiyat')).toHaveValue('355,00'));
    expect(requestsTo(s, 'POST', `${API}/exchange-rate/3/${today()}/1`)).toHaveLength(1);
    // A second line with a typed price keeps it when the invoice's currency changes; the product's price follows the currency.
    await user.click(within(form).getByRole('button', { name: 'Satır ekle' }));
    await pick(user, control(form, '2. satır: Ürün / hizmet'), 'kalem', /Tükenmez Kalem Kutusu/);
    expect(control(form, '2. satır: Birim fiyat')).toHaveValue('100,00');
    await user.clear(control(form, '2. satır: Birim fiyat'));
    await user.type(control(form, '2. satır: Birim fiyat'), '7');
    await user.selectOptions(control(form, 'Para birimi'), '3');
    await waitFor(() => expect(control(form, '1. satır: Birim fiyat')).toHaveValue('10,00'));
    expect(control(form, '2. satır: Birim fiyat')).toHaveValue('7,00');
  });

  it('refuses to send without a current or a product, at the fields', async () => {
    const { s, form, user } = await openNewSale();
    await user.click(within(form).getByRole('button', { name: 'Faturayı kes' }));
    expect(control(form, 'Müşteri (cari)')).toHaveAccessibleDescription('Cari hesap seçiniz.');
    expect(within(form).getByText('Faturada en az bir ürün ya da hizmet olmalıdır.')).toBeInTheDocument();
    expect(requestsTo(s, 'POST', `${API}/invoices`)).toHaveLength(0);
  });

  it('edits an invoice with its own content', async () => {
    const s = invoiceServer();
    s.on(`PUT ${API}/invoices`, async (req) => json({ ...INVOICE_5, ...(await req.json() as object) }));
    await renderWorkbench({ plugins: [invoicePlugin], path: '/invoice/5/edit', server: s, signedIn: true });
    const form = await screen.findByRole('form', { name: 'Satış faturasını düzenle' }, { timeout: 5000 });
    expect(control(form, '1. satır: Miktar')).toHaveValue('2');
    expect(control(form, '1. satır: İndirim')).toHaveValue('10');
    expect(control(form, '3. satır: Birim fiyat')).toHaveValue('33,33');
    expect(control(form, 'Fatura altı indirim')).toHaveValue('29,99');
    expect(total('Genel toplam')).toBe('360,00');
    expect(total('Kalan')).toBe('260,00');
    // A posted invoice stays posted: no draft button.
    expect(within(form).queryByRole('button', { name: 'Taslak kaydet' })).toBeNull();
    const user = userEvent.setup();
    await user.click(within(form).getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(requestsTo(s, 'PUT', `${API}/invoices`)).toHaveLength(1));
    expect(requestsTo(s, 'PUT', `${API}/invoices`)[0]!.body).toMatchObject({ id: 5, draft: false, series: 'DMT', totalAmount: '360.00', payments: [{ paymentType: 'CASH', amount: '100.00', date: '2026-04-10', safeId: 1 }] });
  });
});

describe('the computation helpers', () => {
  const line = (o: Partial<LineDraft>): LineDraft => ({
    key: 1, product: null, quantity: '1', unitPrice: '', discount: { kind: 'PERCENTAGE', text: '' }, taxId: '', withholdingCode: '', withholdingPercent: '', warehouseId: '', ...o,
  });
  it('sum a product over its lines for the stock warning, and count what a posted sale already took', async () => {
    const { DEFTER } = await import('./testing');
    const lines = [line({ key: 1, product: DEFTER, quantity: '1' }), line({ key: 2, product: DEFTER, quantity: '1' })];
    expect([...stockShortages(lines).keys()]).toEqual([1, 2]);
    expect([...stockShortages(lines, new Map([[DEFTER.id, 1]])).keys()]).toEqual([]);
  });
  it('make the instalments\' dates and amounts as the server does', () => {
    expect(instalmentDates('2026-04-05', { type: 'MONTHLY', day: 15, count: 3 })).toEqual(['2026-04-15', '2026-05-15', '2026-06-15']);
    // The 31st of a shorter month is its last day; a day already past starts next month.
    expect(instalmentDates('2026-01-31', { type: 'MONTHLY', day: 31, count: 3 })).toEqual(['2026-01-31', '2026-02-28', '2026-03-31']);
    expect(instalmentDates('2026-04-20', { type: 'MONTHLY', day: 15, count: 1 })).toEqual(['2026-05-15']);
    // 2026-06-01 is a Monday: Fridays from the 5th.
    expect(instalmentDates('2026-06-01', { type: 'WEEKLY', day: 5, count: 2 })).toEqual(['2026-06-05', '2026-06-12']);
    expect(instalmentDates('2026-06-01', { type: 'DAYS', day: 30, count: 3 })).toEqual(['2026-07-01', '2026-07-31', '2026-08-30']);
    expect(splitAmount('100.00', 3)).toEqual(['33.34', '33.33', '33.33']);
    expect(readInstalments({ on: true, type: 'WEEKLY', day: '8', count: '0' })).toEqual({ errors: { day: 'day', count: 'count' } });
    expect(readInstalments({ on: false, type: 'WEEKLY', day: '8', count: '0' })).toEqual({ plan: null });
  });
  it('use the product\'s KDV when the taxes cannot be read', async () => {
    const { KALEM } = await import('./testing');
    const r = computeForm({ lines: [line({ product: KALEM, unitPrice: '100' })], discount: { kind: 'PERCENTAGE', text: '' }, payments: [], conversionRate: '' }, null);
    expect('totals' in r && r.totals.totalAmount).toBe('120.00');
  });
});

describe('the invoice page', () => {
  it('shows the header, lines, tax summary, payments and totals', async () => {
    const s = invoiceServer();
    await renderWorkbench({ plugins: [invoicePlugin], path: '/invoice/5', server: s, signedIn: true });
    const page = await screen.findByRole('region', { name: 'Satış faturası DMT2026000000005' }, { timeout: 5000 });
    const lines = within(page).getByRole('table', { name: 'Satırlar' });
    expect(within(lines).getByText('Tükenmez Kalem Kutusu').closest('tr')).toHaveTextContent('1Tükenmez Kalem Kutusu2,00100,00200,0020,0016,36163,6432,73 (KDV %20)0,00196,37Merkez Depo');
    expect(within(within(page).getByRole('table', { name: 'Vergi özeti' })).getByText('KDV').closest('tr')).toHaveTextContent('KDV%20300,0060,00');
    expect(within(page).getByRole('table', { name: 'Ödemeler' })).toHaveTextContent('Nakit100,00 TL10/04/2026Merkez Kasa');
    const totals = within(page).getByRole('table', { name: 'Toplamlar' });
    expect(within(totals).getByRole('rowheader', { name: 'Genel toplam' }).closest('tr')).toHaveTextContent('360,00');
    expect(within(page).getByText('Kısmi')).toBeInTheDocument();
    expect(within(page).getByRole('button', { name: 'Düzenle' })).toBeInTheDocument();
    expect(within(page).getByRole('button', { name: 'PDF' })).toBeInTheDocument();
    expect(within(page).queryByRole('button', { name: 'Sil' })).toBeNull();
  });

  it('shows the actions another plugin puts in the accounting.invoice.actions slot, with the invoice\'s id, direction, status and number', async () => {
    const s = invoiceServer();
    // An e-document plugin as a third party would write it: it fills the slot the invoice page opens.
    const edoc = {
      id: 'edoc', title: 'e-Belge', version: '0.0.1', slots: { fills: ['accounting.invoice.actions'] },
      load: { slots: { 'accounting.invoice.actions': async () => ({ default: (p: { params?: Record<string, string> }) => <button type="button">{`GİB'e gönder ${p.params?.invoiceId}/${p.params?.invoiceType}/${p.params?.status}/${p.params?.documentNo}`}</button> }) } },
    };
    await renderWorkbench({ plugins: [invoicePlugin, edoc as never], path: '/invoice/5', server: s, signedIn: true });
    const page = await screen.findByRole('region', { name: 'Satış faturası DMT2026000000005' }, { timeout: 5000 });
    expect(await within(page).findByRole('button', { name: "GİB'e gönder 5/SALE/POSTED/DMT2026000000005" })).toBeInTheDocument();
    expect(invoicePlugin.slots?.opens).toContain('accounting.invoice.actions');
  });

  it('cancels a posted invoice through the seeds\' dialog', async () => {
    const s = invoiceServer();
    // The server keeps the cancellation: the page reads the invoice again after it.
    const cancelled = { ...INVOICE_5, status: 'CANCELLED' as const, remaining: 0, itsCancel: true, eInvoiceType: 'NONE' as const, cancelledAt: '2026-04-20T10:00:00.000Z' };
    let done = false;
    s.on(`POST ${API}/invoices/cancel/{id}/{itsCancel}/{eInvoiceType}`, () => { done = true; return json(cancelled); });
    s.on(`GET ${API}/invoices/{id}`, () => json(done ? cancelled : INVOICE_5));
    const { toasts } = await renderWorkbench({ plugins: [invoicePlugin], path: '/invoice/5', server: s, signedIn: true });
    const page = await screen.findByRole('region', { name: 'Satış faturası DMT2026000000005' }, { timeout: 5000 });
    const user = userEvent.setup();
    await user.click(within(page).getByRole('button', { name: 'İptal et' }));
    const dialog = await screen.findByRole('dialog', { name: 'Emin misiniz?' });
    expect(within(dialog).getAllByText('Emin misiniz?').length).toBeGreaterThan(0);
    expect(within(dialog).getByText('e-Arşiv faturaların 7 günden sonra iptal edilmesi mevzuatça önerilmez; sorumluluk mükellefe aittir.')).toBeInTheDocument();
    expect(within(dialog).getAllByRole('button').map((b) => b.textContent).filter(Boolean)).toEqual(['Hayır', 'Evet']);
    // Hayır leaves it as it is.
    await user.click(within(dialog).getByRole('button', { name: 'Hayır' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Emin misiniz?' })).toBeNull());
    expect(requestsTo(s, 'POST', `${API}/invoices/cancel/5/false/NONE`)).toHaveLength(0);

    await user.click(within(page).getByRole('button', { name: 'İptal et' }));
    const again = await screen.findByRole('dialog', { name: 'Emin misiniz?' });
    await user.click(within(again).getByRole('checkbox', { name: 'ITS iptali de beraberinde yapılsın mı?' }));
    await user.click(within(again).getByRole('button', { name: 'Evet' }));
    await waitFor(() => expect(requestsTo(s, 'POST', `${API}/invoices/cancel/5/true/NONE`)).toHaveLength(1));
    await waitFor(() => expect(toasts.shown.map((x) => x.message)).toContain('BAŞARILI — Fatura iptal edildi.'));
    expect(within(page).getAllByText('İptal').length).toBeGreaterThan(0);
    expect(within(page).queryByRole('button', { name: 'İptal et' })).toBeNull();
    expect(within(page).queryByRole('button', { name: 'Düzenle' })).toBeNull();
  });

  it('takes goods back through "İade al": what is left of each line, the buyer\'s number, a cash refund; then opens the return', async () => {
    const s = invoiceServer();
    const made = { ...INVOICE_5, id: 9, invoiceType: 'SALE_RETURN', documentNo: 'IADE-9', returnOf: { id: 5, documentNo: 'DMT2026000000005', date: '2026-04-10', invoiceType: 'SALE' }, returns: [] };
    s.on(`POST ${API}/invoices/{id}/returns`, () => json(made, { status: 201 }));
    s.on(`GET ${API}/invoices/{id}`, (_r, p) => json(p.id === '9' ? made : { ...INVOICE_5, id: Number(p.id) }));
    const { toasts } = await renderWorkbench({ plugins: [invoicePlugin], path: '/invoice/5', server: s, signedIn: true });
    const page = await screen.findByRole('region', { name: 'Satış faturası DMT2026000000005' }, { timeout: 5000 });
    const user = userEvent.setup();
    await user.click(within(page).getByRole('button', { name: 'İade al' }));
    const dialog = await screen.findByRole('dialog', { name: 'Satış iadesi' });
    // Line 3 sold 3 and one came back already: 2 are left; every line starts at all that is left.
    expect(within(dialog).getByText('3. Zımba Makinesi').closest('tr')).toHaveTextContent('3. Zımba Makinesi3,002,00');
    expect(within(dialog).getByRole('textbox', { name: 'Zımba Makinesi iade miktarı' })).toHaveValue('2');
    // Above what is left is refused at the line, before anything is sent.
    const kalem = within(dialog).getByRole('textbox', { name: 'Tükenmez Kalem Kutusu iade miktarı' });
    await user.clear(kalem);
    await user.type(kalem, '3');
    await user.click(within(dialog).getByRole('button', { name: 'İadeyi kaydet' }));
    expect(await within(dialog).findByText('İade edilebilir: 2,00')).toBeInTheDocument();
    expect(requestsTo(s, 'POST', `${API}/invoices/5/returns`)).toHaveLength(0);
    await user.clear(kalem);
    await user.type(kalem, '1,5');
    await user.clear(within(dialog).getByRole('textbox', { name: 'Spiralli Defter iade miktarı' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Alıcının iade belgesi no' }), 'IADE-9');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Geri ödeme' }), within(dialog).getByRole('option', { name: 'Merkez Kasa (TL)' }));
    await user.click(within(dialog).getByRole('button', { name: 'İadeyi kaydet' }));
    await waitFor(() => expect(requestsTo(s, 'POST', `${API}/invoices/5/returns`)).toHaveLength(1));
    const [sent] = requestsTo(s, 'POST', `${API}/invoices/5/returns`);
    expect(sent!.body).toEqual({ date: expect.any(String), documentNo: 'IADE-9', lines: [{ lineId: 51, quantity: '1.5' }, { lineId: 53, quantity: '2' }], refund: { safeId: 1 } });
    await waitFor(() => expect(toasts.shown.map((x) => x.message)).toContain('BAŞARILI — İade kaydedildi.'));
    const opened = await screen.findByRole('region', { name: 'Satış iadesi IADE-9' }, { timeout: 5000 });
    // The return names what it returns, and is neither edited nor returned again.
    expect(within(opened).getByRole('link', { name: 'DMT2026000000005 (10/04/2026)' })).toBeInTheDocument();
    expect(within(opened).queryByRole('button', { name: 'Düzenle' })).toBeNull();
    expect(within(opened).queryByRole('button', { name: 'İade al' })).toBeNull();
  });

  it('opens a slot under each line of the return dialog: a plugin names the line\'s boxes, they go with the line, and the server\'s refusal of one is shown under it', async () => {
    const s = invoiceServer();
    let answer = 0;
    s.on(`POST ${API}/invoices/{id}/returns`, () => (answer++ === 0
      ? problem(400, 'Geçersiz istek', { fieldErrors: [{ field: 'lines.0.boxes.1', message: 'Bu kutu bu faturada satılmadı.', code: 'BOX_NOT_ON_INVOICE' }] })
      : json({ ...INVOICE_5, id: 9, invoiceType: 'SALE_RETURN', documentNo: 'IADE-9', returns: [] }, { status: 201 })));
    // A box-keeping plugin as a third party would write it: a button per line that names two boxes (and one thing that is not a box).
    const seen: Record<string, string>[] = [];
    const boxes = {
      id: 'boxes', title: 'Kutular', version: '0.0.1', slots: { fills: ['accounting.invoice.returnLine'] },
      load: {
        slots: {
          'accounting.invoice.returnLine': async () => ({
            default: (p: { params?: Record<string, string>; onValue?: (v: unknown) => void }) => {
              seen.push(p.params ?? {});
              return (
                <button type="button" onClick={() => p.onValue?.([{ gtin: `0${p.params?.barcode}`, sn: 'SN1' }, { gtin: `0${p.params?.barcode}`, sn: 'SN2' }, { gtin: 'x', sn: 'bad serial' }])}>
                  {`Kutu okut ${p.params?.lineId}/${p.params?.quantity}`}
                </button>
              );
            },
          }),
        },
      },
    };
    await renderWorkbench({ plugins: [invoicePlugin, boxes as never], path: '/invoice/5', server: s, signedIn: true });
    const page = await screen.findByRole('region', { name: 'Satış faturası DMT2026000000005' }, { timeout: 5000 });
    const user = userEvent.setup();
    await user.click(within(page).getByRole('button', { name: 'İade al' }));
    const dialog = await screen.findByRole('dialog', { name: 'Satış iadesi' });
    // One fill per line, with the original line and the quantity being returned (what is left by default).
    expect(await within(dialog).findByRole('button', { name: 'Kutu okut 53/2' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Kutu okut 51/2' })).toBeInTheDocument();
    expect(seen.at(-1)).toMatchObject({ invoiceId: '5', invoiceType: 'SALE' });
    expect(invoicePlugin.slots?.opens).toContain('accounting.invoice.returnLine');
    await user.clear(within(dialog).getByRole('textbox', { name: 'Spiralli Defter iade miktarı' }));
    await user.clear(within(dialog).getByRole('textbox', { name: 'Zımba Makinesi iade miktarı' }));
    await user.click(within(dialog).getByRole('button', { name: 'Kutu okut 51/2' }));
    await user.click(within(dialog).getByRole('button', { name: 'İadeyi kaydet' }));
    await waitFor(() => expect(requestsTo(s, 'POST', `${API}/invoices/5/returns`)).toHaveLength(1));
    const gtin = `0${INVOICE_5.products[0]!.barcode}`;
    expect(requestsTo(s, 'POST', `${API}/invoices/5/returns`)[0]!.body).toMatchObject({
      lines: [{ lineId: 51, quantity: '2', boxes: [{ gtin, sn: 'SN1' }, { gtin, sn: 'SN2' }] }],
    });
    // The server refused the second box: said under the line, by its serial; nothing else is reported.
    expect(await within(dialog).findByText('SN2: Bu kutu bu faturada satılmadı.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Satış iadesi' })).toBeInTheDocument();
  });

  it('deletes a draft; hides what the user may not do', async () => {
    const s = invoiceServer(['11_1', '11_4']);
    s.on(`DELETE ${API}/invoices/{id}`, () => new Response(null, { status: 204 }));
    await renderWorkbench({ plugins: [invoicePlugin], path: '/invoice/6', server: s, signedIn: true });
    const page = await screen.findByRole('region', { name: 'Satış faturası (taslak)' }, { timeout: 5000 });
    expect(within(page).queryByRole('button', { name: 'Düzenle' })).toBeNull();
    expect(within(page).queryByRole('button', { name: 'İptal et' })).toBeNull();
    const user = userEvent.setup();
    await user.click(within(page).getByRole('button', { name: 'Sil' }));
    await user.click(await screen.findByRole('button', { name: 'Evet' }));
    await waitFor(() => expect(requestsTo(s, 'DELETE', `${API}/invoices/6`)).toHaveLength(1));
  });

  it('downloads the PDF', async () => {
    const s = invoiceServer();
    s.on(`GET ${API}/pdf/{id}`, () => new Response('%PDF-1.7 test', { status: 200, headers: { 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="DMT2026000000005.pdf"' } }));
    const saved: { name: string; blob: Blob }[] = [];
    const blobs = new Map<string, Blob>();
    URL.createObjectURL = vi.fn((b: Blob) => { blobs.set('blob:test/1', b); return 'blob:test/1'; });
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, blob: blobs.get(this.href)! });
    });
    try {
      const { toasts } = await renderWorkbench({ plugins: [invoicePlugin], path: '/invoice/5', server: s, signedIn: true });
      const page = await screen.findByRole('region', { name: 'Satış faturası DMT2026000000005' }, { timeout: 5000 });
      await userEvent.setup().click(within(page).getByRole('button', { name: 'PDF' }));
      await waitFor(() => expect(toasts.shown.map((x) => x.message)).toContain('BAŞARILI — DMT2026000000005.pdf indirildi.'));
      expect(saved.map((x) => x.name)).toEqual(['DMT2026000000005.pdf']);
      expect(await saved[0]!.blob.text()).toBe('%PDF-1.7 test');
      expect(requestsTo(s, 'GET', `${API}/pdf/5`)).toHaveLength(1);
    } finally {
      vi.restoreAllMocks();
    }
  });
});

describe('an invoice\'s dues, collections and instalments', () => {
  const auto = `${API}/invoice-payment-lines/auto-share`;

  it('collects through "Tahsilat al": the remaining to start with, oldest dues first, and says what stayed as an advance', async () => {
    const s = invoiceServer();
    let tries = 0;
    s.on(`POST ${auto}`, () => {
      tries++;
      if (tries === 1) {
        return problem(400, 'Doğrulama hatası', {
          code: 'VALIDATION_FAILED',
          fieldErrors: [
            { field: 'shareableAmount', message: 'Tutar en fazla iki ondalık basamak taşır.' },
            { field: 'safeId', message: 'Kasa bulunamadı.' },
          ],
        });
      }
      return json({
        transactionId: 301,
        lines: [
          { id: 92, transactionId: 301, dueId: 60, invoiceId: 4, documentNo: 'DMT2026000000004', periodNo: 1, dueDate: '2026-03-31', amount: 20, date: today(), createdBy: 'muhasebe' },
          { id: 93, transactionId: 301, dueId: 71, invoiceId: 5, documentNo: 'DMT2026000000005', periodNo: 1, dueDate: '2026-04-10', amount: 260, date: today(), createdBy: 'muhasebe' },
        ],
        unallocated: 40,
      }, { status: 201 });
    });
    const { toasts } = await renderWorkbench({ plugins: [invoicePlugin], path: '/invoice/5', server: s, signedIn: true });
    const page = await screen.findByRole('region', { name: 'Satış faturası DMT2026000000005' }, { timeout: 5000 });
    const user = userEvent.setup();
    await user.click(within(page).getByRole('button', { name: 'Tahsilat al' }));
    const form = await screen.findByRole('form', { name: 'Tahsilat al' });
    expect(control(form, 'Tutar (TL)')).toHaveValue('260,00');
    expect(control(form, 'Tarih')).toHaveValue(today().split('-').reverse().join('/'));
    expect(control(form, 'Açıklama')).toHaveValue('DMT2026000000005 tahsilatı');
    expect(within(form).getByRole('checkbox', { name: 'Yalnız bu faturaya' })).not.toBeChecked();
    // The safes and bank accounts in the invoice's currency (not the dollar safe, not the euro account).
    const account = control(form, 'Paranın gireceği kasa / banka hesabı');
    await waitFor(() => expect(within(account).getAllByRole('option').map((o) => o.textContent)).toEqual(['Seçiniz', 'Merkez Kasa (TL)', expect.stringMatching(/^Ziraat Vadesiz .*\(TL\)$/)]));

    // Without an account it is not sent.
    await user.click(within(form).getByRole('button', { name: 'Tahsil et' }));
    expect(account).toHaveAccessibleDescription('Paranın gireceği kasayı ya da banka hesabını seçiniz.');
    expect(requestsTo(s, 'POST', auto)).toHaveLength(0);

    await user.clear(control(form, 'Tutar (TL)'));
    await user.type(control(form, 'Tutar (TL)'), '300');
    await user.selectOptions(account, 'SAFE:1');
    await user.click(within(form).getByRole('button', { name: 'Tahsil et' }));
    // The server's objections at their inputs.
    await waitFor(() => expect(control(form, 'Tutar (TL)')).toHaveAccessibleDescription('Tutar en fazla iki ondalık basamak taşır.'));
    expect(account).toHaveAccessibleDescription('Kasa bulunamadı.');
    expect(toasts.shown).toHaveLength(0);

    const reads = requestsTo(s, 'GET', `${API}/invoices/5`).length;
    await user.click(within(form).getByRole('button', { name: 'Tahsil et' }));
    await waitFor(() => expect(requestsTo(s, 'POST', auto)).toHaveLength(2));
    // Without the invoice: the money goes to the customer's oldest dues first.
    expect(requestsTo(s, 'POST', auto)[1]!.body).toEqual({
      shareableAmount: '300.00', currentId: 7, invoiceType: 'SALE', date: today(), safeId: 1, explanation: 'DMT2026000000005 tahsilatı',
    });
    await waitFor(() => expect(toasts.shown.map((x) => x.message)).toContain(
      'BAŞARILI — Tahsilat kaydedildi: 2 vadeye dağıtıldı (1 tanesi carinin diğer faturalarında). 40,00 TL carinin hesabında avans olarak kaldı.',
    ));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Tahsilat al' })).toBeNull());
    // The invoice and its payment lines are read again.
    await waitFor(() => expect(requestsTo(s, 'GET', `${API}/invoices/5`).length).toBe(reads + 1));
  });

  it('"Yalnız bu faturaya" sends the invoice, into a bank account', async () => {
    const s = invoiceServer();
    s.on(`POST ${auto}`, () => json({ transactionId: 302, lines: [{ id: 94, transactionId: 302, dueId: 71, invoiceId: 5, documentNo: 'DMT2026000000005', periodNo: 1, dueDate: '2026-04-10', amount: 260, date: today(), createdBy: 'muhasebe' }], unallocated: 0 }, { status: 201 }));
    const { toasts } = await renderWorkbench({ plugins: [invoicePlugin], path: '/invoice/5', server: s, signedIn: true });
    const page = await screen.findByRole('region', { name: 'Satış faturası DMT2026000000005' }, { timeout: 5000 });
    const user = userEvent.setup();
    await user.click(within(page).getByRole('button', { name: 'Tahsilat al' }));
    const form = await screen.findByRole('form', { name: 'Tahsilat al' });
    const account = control(form, 'Paranın gireceği kasa / banka hesabı');
    await waitFor(() => expect(within(account).getAllByRole('option')).toHaveLength(3));
    await user.selectOptions(account, 'BANK_ACCOUNT:5');
    await user.clear(control(form, 'Açıklama'));
    await user.click(within(form).getByRole('checkbox', { name: 'Yalnız bu faturaya' }));
    await user.click(within(form).getByRole('button', { name: 'Tahsil et' }));
    await waitFor(() => expect(requestsTo(s, 'POST', auto)).toHaveLength(1));
    expect(requestsTo(s, 'POST', auto)[0]!.body).toEqual({
      shareableAmount: '260.00', currentId: 7, invoiceType: 'SALE', date: today(), bankAccountId: 5, explanation: null, invoiceId: 5,
    });
    await waitFor(() => expect(toasts.shown.map((x) => x.message)).toContain('BAŞARILI — Tahsilat kaydedildi: 1 vadeye dağıtıldı.'));
  });

  it('offers the safes and bank accounts to a seller and collector who may not open the safes\' and banks\' pages', async () => {
    // Sales view, create and collect, products and taxes viewed, currents viewed: no 2_1 / 3_1.
    const codes = ['11_1', '11_2', '11_25', '13_1', '23_1', '6_1'];
    const s = invoiceServer(codes);
    const view = await renderWorkbench({ plugins: [invoicePlugin], path: '/invoice/5', server: s, signedIn: true });
    const page = await screen.findByRole('region', { name: 'Satış faturası DMT2026000000005' }, { timeout: 5000 });
    const user = userEvent.setup();
    await user.click(within(page).getByRole('button', { name: 'Tahsilat al' }));
    const dialog = await screen.findByRole('form', { name: 'Tahsilat al' });
    const account = control(dialog, 'Paranın gireceği kasa / banka hesabı');
    await waitFor(() => expect(within(account).getAllByRole('option').map((o) => o.textContent)).toEqual(['Seçiniz', 'Merkez Kasa (TL)', 'Ziraat Vadesiz (TL)']));
    expect(requestsTo(s, 'GET', `${API}/money-accounts`)).toHaveLength(1);
    view.unmount();

    const t = invoiceServer(codes);
    await renderWorkbench({ plugins: [invoicePlugin], path: '/sales/new', server: t, signedIn: true });
    const form = await screen.findByRole('form', { name: 'Yeni satış faturası' }, { timeout: 5000 });
    await user.click(within(form).getByRole('button', { name: 'Ödeme ekle' }));
    await waitFor(() => expect(within(control(form, '1. ödeme: Kasa')).getAllByRole('option').map((o) => o.textContent)).toEqual(['Para birimindeki ilk kasa', 'Merkez Kasa']));
    await user.selectOptions(control(form, '1. ödeme: Ödeme türü'), 'CREDIT_CARD');
    await waitFor(() => expect(within(control(form, '1. ödeme: Banka hesabı')).getAllByRole('option').map((o) => o.textContent)).toEqual(['Seçiniz', 'Ziraat Vadesiz']));
    expect(requestsTo(t, 'GET', `${API}/money-accounts`)).toHaveLength(1);
    expect([...requestsTo(s, 'GET', `${API}/safes`), ...requestsTo(s, 'GET', `${API}/bank-accounts`), ...requestsTo(t, 'GET', `${API}/safes`), ...requestsTo(t, 'GET', `${API}/bank-accounts`)]).toEqual([]);
  });

  it('offers "Tahsilat al" / "Ödeme yap" only with the collection or payment rights, and not once nothing remains', async () => {
    const cases: [string[], string, string, boolean][] = [
      [['11_1'], '5', 'Tahsilat al', false],
      [['11_1', '6_25'], '5', 'Tahsilat al', true],
      [['11_1', '11_25'], '5', 'Tahsilat al', true],
      [['11_1', '12_17'], '5', 'Tahsilat al', false],
      [['12_1', '5_17'], '7', 'Ödeme yap', true],
      [['12_1', '12_2'], '7', 'Ödeme yap', true],
      [['12_1', '6_25'], '7', 'Ödeme yap', false],
    ];
    for (const [codes, id, button, shown] of cases) {
      const s = invoiceServer(codes);
      if (id === '7') s.on(`GET ${API}/invoices/{id}`, () => json({ ...INVOICE_5, id: 7, invoiceType: 'BUYING', documentNo: 'EGE2026000000123', currentId: 9, currentName: 'Selçuk Ecza Deposu' }));
      const { unmount } = await renderWorkbench({ plugins: [invoicePlugin], path: `/invoice/${id}`, server: s, signedIn: true });
      const page = await screen.findByRole('region', { name: /faturası/ }, { timeout: 5000 });
      expect([codes, within(page).queryByRole('button', { name: button }) !== null]).toEqual([codes, shown]);
      unmount();
    }
    const paid = invoiceServer();
    paid.on(`GET ${API}/invoices/{id}`, () => json({ ...INVOICE_5, paid: 360, remaining: 0, paymentStatus: 'PAID', dues: [] }));
    await renderWorkbench({ plugins: [invoicePlugin], path: '/invoice/5', server: paid, signedIn: true });
    const page = await screen.findByRole('region', { name: 'Satış faturası DMT2026000000005' }, { timeout: 5000 });
    expect(within(page).getByText('Ödendi')).toBeInTheDocument();
    expect(within(page).queryByRole('button', { name: 'Tahsilat al' })).toBeNull();
  });

  it('a purchase pays through "Ödeme yap" out of a safe', async () => {
    const s = invoiceServer();
    s.on(`GET ${API}/invoices/{id}`, () => json({ ...INVOICE_5, id: 7, invoiceType: 'BUYING', documentNo: 'EGE2026000000123', currentId: 9, currentName: 'Selçuk Ecza Deposu', remaining: 72.5 }));
    s.on(`POST ${auto}`, () => json({ transactionId: 303, lines: [], unallocated: 72.5 }, { status: 201 }));
    const { toasts } = await renderWorkbench({ plugins: [invoicePlugin], path: '/invoice/7', server: s, signedIn: true });
    const page = await screen.findByRole('region', { name: 'Alış faturası EGE2026000000123' }, { timeout: 5000 });
    const user = userEvent.setup();
    await user.click(within(page).getByRole('button', { name: 'Ödeme yap' }));
    const form = await screen.findByRole('form', { name: 'Ödeme yap' });
    expect(control(form, 'Tutar (TL)')).toHaveValue('72,50');
    const account = control(form, 'Paranın çıkacağı kasa / banka hesabı');
    await waitFor(() => expect(within(account).getAllByRole('option')).toHaveLength(3));
    await user.selectOptions(account, 'SAFE:1');
    await user.click(within(form).getByRole('button', { name: 'Öde' }));
    await waitFor(() => expect(requestsTo(s, 'POST', auto)).toHaveLength(1));
    expect(requestsTo(s, 'POST', auto)[0]!.body).toEqual({
      shareableAmount: '72.50', currentId: 9, invoiceType: 'BUYING', date: today(), safeId: 1, explanation: 'EGE2026000000123 ödemesi',
    });
    await waitFor(() => expect(toasts.shown.map((x) => x.message)).toContain('BAŞARILI — Ödeme kaydedildi: açık vade yoktu. 72,50 TL carinin hesabında avans olarak kaldı.'));
  });

  it('lists the dues and their payment lines; "Geri al" and "Taksidi sil" ask first', async () => {
    const s = invoiceServer();
    s.on(`DELETE ${API}/invoice-payment-lines/{id}`, () => new Response(null, { status: 204 }));
    s.on(`DELETE ${API}/dues/{id}`, () => new Response(null, { status: 204 }));
    const { toasts } = await renderWorkbench({ plugins: [invoicePlugin], path: '/invoice/8', server: s, signedIn: true });
    const page = await screen.findByRole('region', { name: 'Satış faturası DMT2026000000008' }, { timeout: 5000 });
    expect(within(within(page).getByRole('table', { name: 'Fatura bilgileri' })).getByRole('rowheader', { name: 'Taksit planı' }).closest('tr'))
      .toHaveTextContent('Aylık, ayın 15. günü, 3 taksit');
    const dues = within(page).getByRole('table', { name: 'Vadeler' });
    const rows = within(dues).getAllByRole('row').slice(1);
    expect(rows.map((r) => [...r.querySelectorAll('td')].slice(0, 6).map((c) => c.textContent))).toEqual([
      ['1. vade', '15/05/2026', '120,00', '120,00', '0,00', 'Ödendi'],
      ['2. vade', '15/06/2026', '120,00', '0,00', '120,00', 'Ödenmedi'],
      ['3. vade', '15/07/2026', '120,00', '0,00', '120,00', 'Ödenmedi'],
    ]);
    // A paid due is not removed; the open ones are.
    expect(within(dues).queryByRole('button', { name: 'Taksidi sil: 1. vade' })).toBeNull();
    expect(within(dues).getAllByRole('button', { name: /^Taksidi sil/ }).map((b) => b.textContent)).toEqual(['Taksidi sil', 'Taksidi sil']);

    const lines = await within(page).findByRole('table', { name: 'Ödeme satırları' });
    expect(within(lines).getAllByRole('row')[1]).toHaveTextContent('10/05/20261. vade · 15/05/2026120,00 TLmuhasebeGeri al');

    const user = userEvent.setup();
    await user.click(within(lines).getByRole('button', { name: 'Geri al: 1. vade, 120,00 TL' }));
    const question = await screen.findByRole('alertdialog');
    expect(question).toHaveTextContent('Ödeme satırı geri alınsın mı?Para carinin hesabında avans olarak kalır.');
    // Hayır leaves it.
    await user.click(within(question).getByRole('button', { name: 'Hayır' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(requestsTo(s, 'DELETE', `${API}/invoice-payment-lines/91`)).toHaveLength(0);
    await user.click(within(lines).getByRole('button', { name: 'Geri al: 1. vade, 120,00 TL' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Evet' }));
    await waitFor(() => expect(requestsTo(s, 'DELETE', `${API}/invoice-payment-lines/91`)).toHaveLength(1));
    await waitFor(() => expect(toasts.shown.map((x) => x.message)).toContain('BAŞARILI — Ödeme satırı geri alındı; para carinin hesabında avans olarak kaldı.'));

    await user.click(within(dues).getByRole('button', { name: 'Taksidi sil: 2. vade' }));
    const removal = await screen.findByRole('alertdialog');
    expect(removal).toHaveTextContent('2. vade silinsin mi?');
    await user.click(within(removal).getByRole('button', { name: 'Evet' }));
    await waitFor(() => expect(requestsTo(s, 'DELETE', `${API}/dues/82`)).toHaveLength(1));
    await waitFor(() => expect(toasts.shown.map((x) => x.message)).toContain('BAŞARILI — Taksit silindi.'));
  });

  it('hides "Geri al" and "Taksidi sil" from a user who may only view', async () => {
    const s = invoiceServer(['11_1']);
    await renderWorkbench({ plugins: [invoicePlugin], path: '/invoice/8', server: s, signedIn: true });
    const page = await screen.findByRole('region', { name: 'Satış faturası DMT2026000000008' }, { timeout: 5000 });
    await within(page).findByRole('table', { name: 'Ödeme satırları' });
    expect(within(page).queryByRole('button', { name: /^Geri al/ })).toBeNull();
    expect(within(page).queryByRole('button', { name: /^Taksidi sil/ })).toBeNull();
  });

  it('sends an instalment plan for what remains: weekly on Fridays, four times', async () => {
    const { s, form, user } = await openNewSale();
    s.on(`POST ${API}/invoices`, async (req) => json({ ...INVOICE_5, id: 9, documentNo: 'DMT2026000000009', ...(await req.json() as object) }, { status: 201 }));
    await pick(user, control(form, 'Müşteri (cari)'), 'ayşe', /Ayşe Yılmaz/);
    await pick(user, control(form, '1. satır: Ürün / hizmet'), 'kalem', /Tükenmez Kalem Kutusu/);
    expect(total('Kalan')).toBe('120,00');
    await user.type(control(form, 'Fatura tarihi'), '{Control>}a{/Control}01062026');
    await user.click(within(form).getByRole('checkbox', { name: 'Taksitlendir' }));
    // Monthly on the invoice's day to start with.
    expect(control(form, 'Taksit türü')).toHaveValue('MONTHLY');
    await user.selectOptions(control(form, 'Taksit türü'), 'WEEKLY');
    expect(within(control(form, 'Haftanın günü')).getAllByRole('option').map((o) => o.textContent)).toEqual(['Pazartesi', 'Salı', 'Çarşamba', 'Perşembe', 'Cuma', 'Cumartesi', 'Pazar']);
    await user.selectOptions(control(form, 'Haftanın günü'), '5');
    await user.clear(control(form, 'Taksit sayısı'));
    await user.type(control(form, 'Taksit sayısı'), '0');
    await user.click(within(form).getByRole('button', { name: 'Faturayı kes' }));
    expect(control(form, 'Taksit sayısı')).toHaveAccessibleDescription('Taksit sayısı 1 ile 120 arasında olmalı.');
    expect(requestsTo(s, 'POST', `${API}/invoices`)).toHaveLength(0);
    await user.clear(control(form, 'Taksit sayısı'));
    await user.type(control(form, 'Taksit sayısı'), '4');
    // 120 over four Fridays from 01/06/2026 (a Monday).
    expect(within(within(form).getByRole('group', { name: 'Taksitler' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      '05/06/2026 — 30,00', '12/06/2026 — 30,00', '19/06/2026 — 30,00', '26/06/2026 — 30,00',
    ]);
    await user.click(within(form).getByRole('button', { name: 'Faturayı kes' }));
    await waitFor(() => expect(requestsTo(s, 'POST', `${API}/invoices`)).toHaveLength(1));
    expect(requestsTo(s, 'POST', `${API}/invoices`)[0]!.body).toMatchObject({ date: '2026-06-01', instalments: { type: 'WEEKLY', day: 5, count: 4 }, totalAmount: '120.00' });
  });

  it('edits an invoice with its plan, and puts the server\'s plan message at its input', async () => {
    const s = invoiceServer();
    s.on(`PUT ${API}/invoices`, () => problem(400, 'Doğrulama hatası', { code: 'VALIDATION_FAILED', fieldErrors: [{ field: 'instalments.day', message: 'Ayın günü 1 ile 31 arasında olmalı.' }] }));
    await renderWorkbench({ plugins: [invoicePlugin], path: '/invoice/8/edit', server: s, signedIn: true });
    const form = await screen.findByRole('form', { name: 'Satış faturasını düzenle' }, { timeout: 5000 });
    expect(within(form).getByRole('checkbox', { name: 'Taksitlendir' })).toBeChecked();
    expect(control(form, 'Taksit türü')).toHaveValue('MONTHLY');
    expect(control(form, 'Ayın günü')).toHaveValue('15');
    expect(control(form, 'Taksit sayısı')).toHaveValue('3');
    const user = userEvent.setup();
    await user.click(within(form).getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(requestsTo(s, 'PUT', `${API}/invoices`)).toHaveLength(1));
    expect(requestsTo(s, 'PUT', `${API}/invoices`)[0]!.body).toMatchObject({ id: 8, instalments: { type: 'MONTHLY', day: 15, count: 3 } });
    await waitFor(() => expect(control(form, 'Ayın günü')).toHaveAccessibleDescription('Ayın günü 1 ile 31 arasında olmalı.'));
    expect(INVOICE_8.instalments).toEqual({ type: 'MONTHLY', day: 15, count: 3 });
  });
});
