import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DATE_FORMATS, formatDate } from '@tezgah/core';
import { renderWorkbench } from '../../../../../packages/workbench/test/render';
import { json, problem } from '../../../../../packages/workbench/test/fake-server';
import { invoicePlugin, invoiceServer } from '../../../../accounting/web/src/invoices/testing';
import plugin from '../index';
import { API, BOX_A, BOX_B, PHARMACIST, server } from '../testing';

const typed = (s: string) => s.replace(/[{[]/g, (c) => c + c);
const SOLD_BOX = { id: 9, productId: 5, gtin: '08699630697180', barkod: '8699630697180', sn: 'EGF2KP6NK0JY', bn: 'NDJZKH', xd: '2027-12-28', state: 'SOLD', invoiceId: 77, updatedAt: '2026-11-24T09:00:00Z' };
const MOVES = [
  { id: 1, fromState: null, toState: 'RECEIVED', reason: 'Mal kabul', ref: 'ALIS-1', at: '2026-11-01T08:00:00Z', byLogin: 'eczaci' },
  // The server keeps a sale's document as the key 'invoice:<id>'.
  { id: 2, fromState: 'RECEIVED', toState: 'SOLD', reason: 'Reçeteli satış', ref: 'invoice:77', at: '2026-11-24T09:00:00Z', byLogin: 'eczaci' },
];

describe('the drug-tracking dialog', () => {
  it('asks İTS and our stock about a scanned box, shows gln1, gln2, uc and the moves, and cancels its sale', async () => {
    const s = server();
    let cancelled = false;
    s.on(`POST ${API}/its/check-status`, () => json({ management: false, productList: [{ gtin: SOLD_BOX.gtin, sn: SOLD_BOX.sn, uc: cancelled ? '10210' : '40004', ucMessage: null, gln1: '8680001000013', gln2: '0000000000000', boxId: 9, state: cancelled ? 'SALE_CANCELLED' : 'SOLD' }] }));
    s.on(`GET ${API}/pharmacy-boxes/{id}`, () => json({ ...SOLD_BOX, state: cancelled ? 'SALE_CANCELLED' : 'SOLD', moves: MOVES }));
    s.on(`POST ${API}/its/sale-cancel`, () => { cancelled = true; return json({ message: 'ok', outbox: null }); });
    s.on(`GET ${API}/invoices/{id}`, (_req, p) => json({ id: Number(p.id), documentNo: 'ECZ2026000000001' }));
    await renderWorkbench({ plugins: [plugin], path: '/its', server: s, signedIn: true });
    const dialog = await screen.findByRole('dialog', { name: 'İlaç takip (İTS) işlemleri' });
    const user = userEvent.setup();
    // Required, then the rule.
    await user.click(within(dialog).getByRole('button', { name: 'Sorgula' }));
    expect(dialog).toHaveTextContent('İlaç takip karekodu zorunludur.');
    await user.type(within(dialog).getByLabelText(/Karekod/), '01086999{Enter}');
    expect(dialog).toHaveTextContent('Karekod okunamadı');
    expect(s.requests.some((r) => r.path.includes('/its/'))).toBe(false);
    await user.clear(within(dialog).getByLabelText(/Karekod/));
    await user.type(within(dialog).getByLabelText(/Karekod/), `${typed(BOX_A)}{Enter}`);
    const table = await within(dialog).findByRole('table', { name: 'Kutular' });
    await waitFor(() => expect(table).toHaveTextContent('40004'));
    expect(table).toHaveTextContent('Ürün tarafınızdan satılmıştır.');
    expect(table).toHaveTextContent('8680001000013');
    expect(table).toHaveTextContent('Satıldı');
    // The sale's document by its number, in Turkish, not the server's key.
    await waitFor(() => expect(within(table).getByRole('list', { name: 'EGF2KP6NK0JY hareketleri' })).toHaveTextContent('Satıldı · Fatura ECZ2026000000001 · Reçeteli satış'));
    expect(within(table).getByRole('list', { name: 'EGF2KP6NK0JY hareketleri' })).not.toHaveTextContent('invoice:77');
    // A move's moment as the product writes one, in Türkiye's time whatever the reader's zone (09:00 UTC is 12:00 there).
    expect(within(table).getByRole('list', { name: 'EGF2KP6NK0JY hareketleri' })).toHaveTextContent('24-11-2026 12:00');
    expect(formatDate('2026-11-24T09:00:00Z', DATE_FORMATS.DASHED_TIME)).toBe('24-11-2026 12:00');
    expect(within(table).getByRole('list', { name: 'EGF2KP6NK0JY hareketleri' })).not.toHaveTextContent('2026-11-24 09:00');
    // The box's expiry as a date is written, DD/MM/YYYY.
    expect(table).toHaveTextContent('28/12/2027');
    expect(table).not.toHaveTextContent('2027-12-28');
    expect(s.requests.find((r) => r.path === `${API}/its/check-status`)!.body).toEqual({ productList: [{ gtin: '08699630697180', sn: 'EGF2KP6NK0JY', bn: 'NDJZKH', xd: '2027-12-28' }], management: false });

    await user.click(within(table).getByRole('button', { name: 'Satışı iptal et: EGF2KP6NK0JY' }));
    await user.click(await screen.findByRole('button', { name: 'Evet' }));
    await waitFor(() => expect(table).toHaveTextContent('Satış iptal edildi'));
    // The invoice of the box goes with the cancel; the server fills dt, fr and the document block.
    expect(s.requests.find((r) => r.path === `${API}/its/sale-cancel`)!.body).toEqual({ invoiceId: 77, productList: [{ gtin: '08699630697180', sn: 'EGF2KP6NK0JY', bn: 'NDJZKH', xd: '2027-12-28' }] });
    expect(within(table).queryByRole('button', { name: 'Satışı iptal et: EGF2KP6NK0JY' })).toBeNull();
  });

  it("passes a 401 'No Its Access Token' silently: no notice, no reload, our box still shown", async () => {
    const s = server();
    s.on(`POST ${API}/its/check-status`, () => problem(401, 'No Its Access Token'));
    s.on(`GET ${API}/pharmacy-boxes`, () => json([SOLD_BOX], { total: 1 }));
    s.on(`GET ${API}/pharmacy-boxes/{id}`, () => json({ ...SOLD_BOX, moves: MOVES }));
    const { toasts } = await renderWorkbench({ plugins: [plugin], path: '/its', server: s, signedIn: true });
    const dialog = await screen.findByRole('dialog', { name: 'İlaç takip (İTS) işlemleri' });
    await userEvent.setup().type(within(dialog).getByLabelText(/Karekod/), `${typed(BOX_A)}{Enter}`);
    const table = await within(dialog).findByRole('table', { name: 'Kutular' });
    await waitFor(() => expect(table).toHaveTextContent('Satıldı'));
    // The query has ended (the İTS failure was handled first, before our box was asked for).
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Sorgula' })).toBeEnabled());
    expect(toasts.shown).toEqual([]);
    expect(s.requests.some((r) => r.path === `${API}/pharmacy-boxes?gtin=08699630697180&sn=EGF2KP6NK0JY&page=0&size=1`)).toBe(true);
    // The session stays: no 401 handling signed the person out.
    expect(screen.getByRole('dialog', { name: 'İlaç takip (İTS) işlemleri' })).toBeInTheDocument();
  });

  it("shows the box's product stock beside its boxes in stock and warns when they differ", async () => {
    const s = server();
    let stock = { productId: 5, name: 'PAROL 500 MG 20 TABLET', barcode: '8699630697180', qrTracking: true, stockQuantity: '12', boxesInStock: '10', difference: '2' };
    s.on(`POST ${API}/its/check-status`, () => json({ productList: [{ gtin: SOLD_BOX.gtin, sn: SOLD_BOX.sn, uc: '40004', gln1: '8680001000013', gln2: null, boxId: 9, state: 'SOLD' }] }));
    s.on(`GET ${API}/pharmacy-boxes/{id}`, () => json({ ...SOLD_BOX, moves: MOVES }));
    s.on(`GET ${API}/pharmacy-box-stock`, (req) => json(new URL(req.url).searchParams.get('productId') === '5' ? [stock] : []));
    await renderWorkbench({ plugins: [plugin], path: '/its', server: s, signedIn: true });
    const dialog = await screen.findByRole('dialog', { name: 'İlaç takip (İTS) işlemleri' });
    const user = userEvent.setup();
    await user.type(within(dialog).getByLabelText(/Karekod/), `${typed(BOX_A)}{Enter}`);
    const status = await within(dialog).findByRole('status', { name: 'PAROL 500 MG 20 TABLET stok durumu' });
    expect(status).toHaveTextContent('Stok: 12');
    expect(status).toHaveTextContent('Stoktaki karekodlu kutu: 10');
    expect(status).toHaveTextContent('Stok ile karekodlu kutu sayısı farklı: stok 12, kutu 10. Eksik kutuları okutarak girin.');

    // More boxes than stock: the other wording.
    stock = { ...stock, stockQuantity: '9', difference: '-1' };
    await user.type(within(dialog).getByLabelText(/Karekod/), `${typed(BOX_A)}{Enter}`);
    await waitFor(() => expect(status).toHaveTextContent('Stok ile karekodlu kutu sayısı farklı: stok 9, kutu 10. Stoktan fazla kutu görünüyor'));

    // Once they agree: the figures, no warning.
    stock = { ...stock, stockQuantity: '10', difference: '0' };
    await user.type(within(dialog).getByLabelText(/Karekod/), `${typed(BOX_A)}{Enter}`);
    await waitFor(() => expect(status).toHaveTextContent('Stok: 10'));
    expect(status).toHaveTextContent('Stoktaki karekodlu kutu: 10');
    expect(status).not.toHaveTextContent('farklı');
    expect(s.requests.some((r) => r.path === `${API}/pharmacy-box-stock?productId=5`)).toBe(true);
  });

  it('lists on /its the medicines whose stock and boxes differ, and asks again when the dialog closes', async () => {
    const s = server();
    let list = [
      { productId: 5, name: 'PAROL 500 MG 20 TABLET', barcode: '8699630697180', qrTracking: true, stockQuantity: '12', boxesInStock: '10', difference: '2' },
      { productId: 6, name: 'ARVELES 25 MG 20 TABLET', barcode: '8699536090115', qrTracking: true, stockQuantity: '3', boxesInStock: '4', difference: '-1' },
    ];
    s.on(`GET ${API}/pharmacy-box-stock`, () => json(list));
    await renderWorkbench({ plugins: [plugin], path: '/its', server: s, signedIn: true });
    const region = await screen.findByRole('region', { name: 'Stoku ile karekodlu kutu sayısı farklı ilaçlar' });
    const table = await within(region).findByRole('table', { name: 'Stoku ile karekodlu kutu sayısı farklı ilaçlar' });
    const rows = within(table).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell').map((c) => c.textContent));
    expect(rows).toEqual([
      ['PAROL 500 MG 20 TABLET', '8699630697180', '12', '10', '2', 'Eksik kutuları okutarak girin'],
      ['ARVELES 25 MG 20 TABLET', '8699536090115', '3', '4', '-1', 'Stok girişini ya da kutuların durumunu kontrol edin'],
    ]);
    expect(s.requests.filter((r) => r.path === `${API}/pharmacy-box-stock?differentOnly=true`)).toHaveLength(1);
    // The boxes were scanned in meanwhile: closing the dialog asks again, and nothing differs.
    list = [];
    const dialog = await screen.findByRole('dialog', { name: 'İlaç takip (İTS) işlemleri' });
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Kapat' }));
    await waitFor(() => expect(region).toHaveTextContent('Stoku ile karekodlu kutu sayısı farklı ilaç yok.'));
    expect(s.requests.filter((r) => r.path === `${API}/pharmacy-box-stock?differentOnly=true`)).toHaveLength(2);
  });

  it('says so on /its when the comparison cannot be loaded, and tries again on request', async () => {
    const s = server();
    let fail = true;
    s.on(`GET ${API}/pharmacy-box-stock`, () => (fail ? problem(500, 'Sunucu hatası') : json([])));
    await renderWorkbench({ plugins: [plugin], path: '/its', server: s, signedIn: true });
    const region = await screen.findByRole('region', { name: 'Stoku ile karekodlu kutu sayısı farklı ilaçlar' });
    await waitFor(() => expect(region).toHaveTextContent('Stok ve kutu karşılaştırması alınamadı.'));
    fail = false;
    await userEvent.setup().click(within(region).getByRole('button', { name: 'Yeniden dene' }));
    await waitFor(() => expect(region).toHaveTextContent('Stoku ile karekodlu kutu sayısı farklı ilaç yok.'));
  });

  it('scans a delivery\'s boxes in on /its (mal kabul): the rule at the field, a code kept once, the document number sent, then the comparison asked again', async () => {
    const s = server();
    s.on(`GET ${API}/pharmacy-box-stock`, () => json([]));
    s.on(`POST ${API}/pharmacy-boxes/receive`, () => json({ received: [{ ...SOLD_BOX, state: 'RECEIVED' }, { ...SOLD_BOX, id: 10, productId: null, sn: 'A6PLLSEL5NRR', state: 'RECEIVED' }], unchanged: [], outbox: null }));
    await renderWorkbench({ plugins: [plugin], path: '/its', server: s, signedIn: true });
    const user = userEvent.setup();
    await user.click(within(await screen.findByRole('dialog', { name: 'İlaç takip (İTS) işlemleri' })).getByRole('button', { name: 'Kapat' }));
    const region = await screen.findByRole('region', { name: 'Mal kabul (kutuları stoğa al)' });
    const submit = within(region).getByRole('button', { name: /Stoğa al/ });
    expect(submit).toBeDisabled();
    const qr = within(region).getByLabelText('Karekod');
    await user.type(qr, '01086999{Enter}');
    expect(region).toHaveTextContent('Karekod okunamadı');
    await user.clear(qr);
    await user.type(qr, `${typed(BOX_B)}{Enter}`);
    await user.type(qr, `${typed(BOX_B)}{Enter}`);
    // A scanner's code with its GS separator: it travels as <GS> (the kernel refuses control characters).
    await user.type(qr, `${typed(BOX_A)}{Enter}`);
    const list = within(region).getByRole('list', { name: 'Okutulan kutular' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(list).toHaveTextContent('08699786092907 · A6PLLSEL5NRR · 9SC9B');
    expect(list).toHaveTextContent('08699630697180 · EGF2KP6NK0JY · NDJZKH');
    await user.type(within(region).getByLabelText('Belge no (fatura / irsaliye)'), 'ALIS-7');
    const asked = s.requests.filter((r) => r.path === `${API}/pharmacy-box-stock?differentOnly=true`).length;
    await user.click(within(region).getByRole('button', { name: 'Stoğa al (2 kutu)' }));
    expect(await within(region).findByRole('status')).toHaveTextContent('2 kutu stoğa alındı, 0 kutu zaten stoktaydı.');
    expect(within(region).getByRole('status')).toHaveTextContent('1 kutunun ilacı ürünleriniz arasında yok');
    const sent = s.requests.filter((r) => r.method === 'POST' && r.path === `${API}/pharmacy-boxes/receive`);
    expect(sent.map((r) => r.body)).toEqual([{ codes: [BOX_B, BOX_A.replace('\x1d', '<GS>')], ref: 'ALIS-7' }]);
    expect(within(region).queryByRole('list', { name: 'Okutulan kutular' })).toBeNull();
    await waitFor(() => expect(s.requests.filter((r) => r.path === `${API}/pharmacy-box-stock?differentOnly=true`).length).toBe(asked + 1));
  });

  it('offers the goods receipt only to who may scan boxes in', async () => {
    const s = server(['13_1']);
    s.on(`GET ${API}/pharmacy-box-stock`, () => json([]));
    await renderWorkbench({ plugins: [plugin], path: '/its', server: s, signedIn: true });
    await screen.findByRole('region', { name: 'Stoku ile karekodlu kutu sayısı farklı ilaçlar' });
    expect(screen.queryByRole('region', { name: 'Mal kabul (kutuları stoğa al)' })).toBeNull();
  });

  it('is not offered without product view or in an eczanem company', async () => {
    const s = server(PHARMACIST.filter((c) => c !== '13_1'));
    const r1 = await renderWorkbench({ plugins: [plugin], path: '/pharmacy-sale', server: s, signedIn: true });
    const page = await screen.findByRole('region', { name: 'Reçeteli Satış' });
    expect(within(page).queryByRole('button', { name: 'İTS' })).toBeNull();
    r1.unmount();
    await renderWorkbench({ plugins: [plugin], path: '/pharmacy-sale', server: server(PHARMACIST, 'ECZANEM'), signedIn: true });
    const counter = await screen.findByRole('region', { name: 'Reçeteli Satış' });
    expect(within(counter).getByRole('button', { name: 'Yeni satış' })).toBeInTheDocument();
    expect(within(counter).queryByRole('button', { name: 'İTS' })).toBeNull();
  });
});

describe("the 'İTS' button on an invoice", () => {
  it('opens the dialog with the invoice\'s boxes', async () => {
    const s = invoiceServer([...PHARMACIST, '11_1', '11_3']);
    s.on(`GET ${API}/pharmacy-boxes`, (req) => json(new URL(req.url).searchParams.get('invoiceId') === '5' ? [SOLD_BOX] : [], { total: 1 }));
    s.on(`POST ${API}/its/check-status`, () => json({ productList: [{ gtin: SOLD_BOX.gtin, sn: SOLD_BOX.sn, uc: '40004', gln1: '8680001000013', gln2: null, boxId: 9, state: 'SOLD' }] }));
    s.on(`GET ${API}/pharmacy-boxes/{id}`, () => json({ ...SOLD_BOX, moves: MOVES }));
    await renderWorkbench({ plugins: [invoicePlugin, plugin], path: '/invoice/5', server: s, signedIn: true });
    const page = await screen.findByRole('region', { name: 'Satış faturası DMT2026000000005' });
    await userEvent.setup().click(await within(page).findByRole('button', { name: 'İTS' }));
    const dialog = await screen.findByRole('dialog', { name: 'İlaç takip (İTS) · DMT2026000000005' });
    await waitFor(() => expect(within(dialog).getByRole('table', { name: 'Kutular' })).toHaveTextContent('40004'));
    expect(s.requests.some((r) => r.path.startsWith(`${API}/pharmacy-boxes?invoiceId=5`))).toBe(true);
  });
});
