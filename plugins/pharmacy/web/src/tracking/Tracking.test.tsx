import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWorkbench } from '../../../../../packages/workbench/test/render';
import { json, problem } from '../../../../../packages/workbench/test/fake-server';
import { invoicePlugin, invoiceServer } from '../../../../accounting/web/src/invoices/testing';
import plugin from '../index';
import { API, BOX_A, PHARMACIST, server } from '../testing';

const typed = (s: string) => s.replace(/[{[]/g, (c) => c + c);
const SOLD_BOX = { id: 9, productId: 5, gtin: '08699630697180', barkod: '8699630697180', sn: 'EGF2KP6NK0JY', bn: 'NDJZKH', xd: '2027-12-28', state: 'SOLD', invoiceId: 77, updatedAt: '2026-11-24T09:00:00Z' };
const MOVES = [
  { id: 1, fromState: null, toState: 'RECEIVED', reason: 'Mal kabul', ref: 'ALIS-1', at: '2026-11-01T08:00:00Z', byLogin: 'eczaci' },
  { id: 2, fromState: 'RECEIVED', toState: 'SOLD', reason: 'Reçeteli satış', ref: 'ECZ2026000000001', at: '2026-11-24T09:00:00Z', byLogin: 'eczaci' },
];

describe('the drug-tracking dialog', () => {
  it('asks İTS and our stock about a scanned box, shows gln1, gln2, uc and the moves, and cancels its sale', async () => {
    const s = server();
    let cancelled = false;
    s.on(`POST ${API}/its/check-status`, () => json({ management: false, productList: [{ gtin: SOLD_BOX.gtin, sn: SOLD_BOX.sn, uc: cancelled ? '10210' : '40004', ucMessage: null, gln1: '8680001000013', gln2: '0000000000000', boxId: 9, state: cancelled ? 'SALE_CANCELLED' : 'SOLD' }] }));
    s.on(`GET ${API}/pharmacy-boxes/{id}`, () => json({ ...SOLD_BOX, state: cancelled ? 'SALE_CANCELLED' : 'SOLD', moves: MOVES }));
    s.on(`POST ${API}/its/sale-cancel`, () => { cancelled = true; return json({ message: 'ok', outbox: null }); });
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
    expect(within(table).getByRole('list', { name: 'EGF2KP6NK0JY hareketleri' })).toHaveTextContent('ECZ2026000000001');
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
    await new Promise((r) => setTimeout(r, 50));
    expect(toasts.shown).toEqual([]);
    expect(s.requests.some((r) => r.path === `${API}/pharmacy-boxes?gtin=08699630697180&sn=EGF2KP6NK0JY&page=0&size=1`)).toBe(true);
    // The session stays: no 401 handling signed the person out.
    expect(screen.getByRole('dialog', { name: 'İlaç takip (İTS) işlemleri' })).toBeInTheDocument();
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
