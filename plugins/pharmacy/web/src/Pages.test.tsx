import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { defineWebPlugin, validateWebPlugin } from '@tezgah/core';
import { renderWorkbench } from '../../../../packages/workbench/test/render';
import { json } from '../../../../packages/workbench/test/fake-server';
import { homePlugin } from '../../../../packages/workbench/src/builtin/home/plugin';
import plugin from './index';
import { messages } from './messages';
import { settingsBody, draftOf } from './settings/SettingsPage';
import { API, counterServer, line, recete, server } from './testing';

const keys = (o: object, prefix = ''): string[] => Object.entries(o).flatMap(([k, v]) => (v && typeof v === 'object' ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`]));

describe('the pharmacy plugin', () => {
  it('is a valid web plugin whose Turkish and English texts have the same keys', () => {
    expect(validateWebPlugin(plugin)).toEqual([]);
    expect(keys(messages.en).sort()).toEqual(keys(messages.tr).sort());
  });

  it('is where a pharmacist of a pharmacy company lands (/ → /pharmacy-sale), with the menu entries', async () => {
    const s = server();
    await renderWorkbench({ plugins: [plugin], path: '/', server: s, signedIn: true });
    await screen.findByRole('region', { name: 'Reçeteli Satış' });
    for (const name of ['Reçeteli Satış', 'Reçeteler', 'Emanetler']) expect(screen.getByRole('menuitem', { name })).toBeInTheDocument();
  });

  it('lands a user without the prescription module on the summary, not the counter', async () => {
    const s = server(['11_1']);
    await renderWorkbench({ plugins: [homePlugin, plugin], path: '/', server: s, signedIn: true });
    expect(await screen.findByRole('heading', { name: 'Hoş geldiniz, Elif Eczacı' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Reçeteli Satış' })).toBeNull();
    expect(screen.queryByRole('menuitem', { name: 'Reçeteli Satış' })).toBeNull();
  });
});

describe('the prescriptions list (/recete)', () => {
  it('filters by number, national ID, colour and payment status, pages by x-total-count, and opens one at the counter', async () => {
    const { server: s } = counterServer();
    s.on(`GET ${API}/recetes`, (req) => {
      const q = new URL(req.url).searchParams;
      const list = Array.from({ length: 12 }, (_, i) => recete({ id: i + 1, receteNo: `R${i + 1}`, color: i % 2 ? 'RED' : 'GREEN', paymentStatus: i === 0 ? 'COMPLETED' : 'PENDING', invoiceId: i === 0 ? 77 : null, invoiceNo: i === 0 ? 'ECZ2026000000001' : null }))
        .filter((r) => !q.get('search') || r.receteNo === q.get('search'));
      const p = Number(q.get('page'));
      return json(list.slice(p * 10, p * 10 + 10), { total: list.length });
    });
    await renderWorkbench({ plugins: [plugin], path: '/recete', server: s, signedIn: true });
    const page = await screen.findByRole('region', { name: 'Reçeteler' });
    const table = await within(page).findByRole('table', { name: 'Reçeteler' });
    expect(within(table).getAllByRole('row')).toHaveLength(11);
    expect(table).toHaveTextContent('Kırmızı');
    expect(within(table).getByRole('link', { name: 'ECZ2026000000001' })).toHaveAttribute('href', '/invoice/77');
    expect(page).toHaveTextContent('Sayfa 1 / 2');
    const user = userEvent.setup();
    await user.type(within(page).getByLabelText('Reçete no'), 'r1');
    await user.type(within(page).getByLabelText('Hasta T.C. kimlik no'), '10000000146');
    await user.selectOptions(within(page).getByLabelText('Renk'), 'GREEN');
    await user.selectOptions(within(page).getByLabelText('Ödeme durumu'), 'PENDING');
    await user.click(within(page).getByRole('button', { name: 'Süz' }));
    await waitFor(() => expect(within(page).getAllByRole('row')).toHaveLength(2));
    const q = new URL(`http://x${s.requests.filter((r) => r.path.startsWith(`${API}/recetes?`)).at(-1)!.path}`).searchParams;
    expect(Object.fromEntries(q)).toMatchObject({ page: '0', size: '10', search: 'R1', patientTckn: '10000000146', color: 'GREEN', paymentStatus: 'PENDING' });
    await user.click(within(page).getByRole('button', { name: 'Tezgahta aç: R1' }));
    const counter = await screen.findByRole('region', { name: 'Reçeteli Satış' });
    expect(await within(counter).findByRole('region', { name: 'Reçete' })).toHaveTextContent('Reçete 1A2B3C4');
    expect(s.requests.some((r) => r.path === `${API}/recetes/1/counter`)).toBe(true);
  });
});

describe('the counter\'s lines', () => {
  it('offers the equivalents of the chosen line (F6) with the price difference, and takes one with Enter', async () => {
    const { server: s, state } = counterServer();
    state.read = true;
    s.on(`GET ${API}/get-esdeger`, () => json([
      { barcode: '8699000000001', name: 'EŞDEĞER A', price: '130.00', referencePrice: '110.00', priceDifference: '10.00', match: 'EQUIVALENT_GROUP' },
      { barcode: '8699000000002', name: 'EŞDEĞER B', price: '110.00', referencePrice: '110.00', priceDifference: '-10.00', match: 'EQUIVALENT_GROUP' },
    ]));
    s.on(`POST ${API}/update-recete-for-qr`, async (req) => {
      const b = await req.json() as { medicines: { id: number; barcode?: string }[] };
      state.counter.medicines = state.counter.medicines.map((m) => (m.id === b.medicines[0]!.id && b.medicines[0]!.barcode ? line({ ...m, barcode: b.medicines[0]!.barcode!, name: 'EŞDEĞER B' }) : m));
      return json(state.counter.recete);
    });
    await renderWorkbench({ plugins: [plugin], path: '/pharmacy-sale/1', server: s, signedIn: true });
    const page = await screen.findByRole('region', { name: 'Reçeteli Satış' });
    await within(page).findByRole('table', { name: 'Reçetedeki ilaçlar' });
    const user = userEvent.setup();
    await waitFor(() => expect(within(page).getByRole('textbox', { name: 'Reçete no ya da karekod' })).toHaveFocus());
    await user.keyboard('{ArrowDown}{ArrowUp}{F6}');
    const dialog = await screen.findByRole('dialog', { name: 'Eşdeğer ilaçlar · KABIVEN PERIPHERAL 1440 ML' });
    const table = await within(dialog).findByRole('table', { name: 'Eşdeğer ilaçlar' });
    expect(table).toHaveTextContent('EŞDEĞER A');
    expect(s.requests.some((r) => r.path === `${API}/get-esdeger?barcode=8699630697180`)).toBe(true);
    await waitFor(() => expect(table).toHaveFocus());
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(s.requests.find((r) => r.path === `${API}/update-recete-for-qr`)!.body).toEqual({ receteId: 1, medicines: [{ id: 11, barcode: '8699000000002' }] });
    await waitFor(() => expect(within(page).getByRole('table', { name: 'Reçetedeki ilaçlar' })).toHaveTextContent('EŞDEĞER B'));
  });
});

describe('the counter\'s payment slot', () => {
  it('lets a POS plugin put its card payment beside the keys, with the prescription and the amount', async () => {
    const { server: s, state } = counterServer();
    state.counter.recete = recete({ amounts: { ...recete().amounts!, patientPayable: '27.50' } });
    const pos = defineWebPlugin({
      id: 'pos', title: 'POS', slots: { fills: ['pharmacy.sale.payment'] },
      load: { slots: { 'pharmacy.sale.payment': async () => ({ default: (p: { params?: Record<string, string> }) => <button type="button">{`POS ile tahsil ${p.params?.receteId}/${p.params?.amount}`}</button> }) } },
    });
    await renderWorkbench({ plugins: [plugin, pos], path: '/pharmacy-sale/1', server: s, signedIn: true });
    const pay = await screen.findByRole('region', { name: 'Tahsilat' });
    expect(await within(pay).findByRole('button', { name: 'POS ile tahsil 1/27.50' })).toBeInTheDocument();
    expect(plugin.slots?.opens).toContain('pharmacy.sale.payment');
  });
});

describe('the counter\'s usage and warning pickers', () => {
  it('send a line\'s warning code, period and dose with update-recete-for-qr', async () => {
    const { server: s, state } = counterServer();
    state.read = true;
    const sent: unknown[] = [];
    s.on(`POST ${API}/update-recete-for-qr`, async (req) => { sent.push(await req.json()); return json(state.counter.recete); });
    await renderWorkbench({ plugins: [plugin], path: '/pharmacy-sale/1', server: s, signedIn: true });
    const page = await screen.findByRole('region', { name: 'Reçeteli Satış' });
    const table = await within(page).findByRole('table', { name: 'Reçetedeki ilaçlar' });
    const user = userEvent.setup();
    await waitFor(() => expect(within(table).getAllByRole('option', { name: '1013 Doz aşımı onaylandı' })).toHaveLength(2));
    await user.selectOptions(within(table).getByLabelText('1. satır uyarı kodu'), '1013');
    await user.selectOptions(within(table).getByLabelText('1. satır periyot birimi'), '4');
    await user.clear(within(table).getByLabelText('1. satır periyot'));
    await user.type(within(table).getByLabelText('1. satır periyot'), '2');
    await user.clear(within(table).getByLabelText('1. satır günlük kullanım sayısı'));
    await user.type(within(table).getByLabelText('1. satır günlük kullanım sayısı'), '0.5');
    await user.tab();
    await waitFor(() => expect(sent).toHaveLength(4));
    expect(sent).toEqual([
      { receteId: 1, medicines: [{ id: 11, warningCode: '1013' }] },
      { receteId: 1, medicines: [{ id: 11, periodUnit: '4' }] },
      { receteId: 1, medicines: [{ id: 11, period: 2 }] },
      { receteId: 1, medicines: [{ id: 11, dose1: '0.5' }] },
    ]);
  });
});

describe('the pharmacy settings (/pharmacy-settings)', () => {
  const SETTINGS = {
    medula: { mode: 'sandbox', username: 'eczane1', passwordSet: true, pharmacyCode: '123456' },
    its: { mode: 'sandbox', username: '86800010000130001', passwordSet: false },
    uts: { mode: 'live', tokenSet: true },
    shareRules: { prescriptionCopay: '5.00' },
  } as const;

  it('keep a stored password when left empty and send blank text as null', () => {
    const d = draftOf(SETTINGS as never);
    const b = settingsBody({ ...d, medula: { ...d.medula, pharmacyCode: ' ' } });
    expect(b.medula).toEqual({ mode: 'sandbox', username: 'eczane1', pharmacyCode: null });
    expect(b.uts).toEqual({ mode: 'live' });
    expect(b.shareRules).toEqual({ prescriptionCopay: '5.00' });
    expect(settingsBody({ ...d, its: { ...d.its, password: 's3cret' } }).its).toEqual({ mode: 'sandbox', username: '86800010000130001', password: 's3cret' });
  });

  it('show the accounts, save them, and list the waiting notifications with a retry', async () => {
    const s = server();
    s.on(`GET ${API}/pharmacy-settings`, () => json(SETTINGS));
    s.on(`PUT ${API}/pharmacy-settings`, async (req) => json({ ...SETTINGS, its: { ...SETTINGS.its, passwordSet: true } , _sent: await req.json() }));
    let retried = false;
    s.on(`GET ${API}/its/outbox`, () => json([{ id: 4, system: 'ITS', kind: 'ITS_SALE', state: retried ? 'SENT' : 'WAITING', attempts: 3, lastError: 'İTS yanıt vermedi', createdAt: '2026-11-24T09:00:00Z', nextAttemptAt: '2026-11-24T09:05:00Z', ref: 'ECZ2026000000001' }], { total: 1 }));
    s.on(`POST ${API}/its/outbox/{id}/retry`, () => { retried = true; return json({ id: 4 }); });
    s.on(`GET ${API}/medula/outbox`, () => json([], { total: 0 }));
    const { toasts } = await renderWorkbench({ plugins: [plugin], path: '/pharmacy-settings', server: s, signedIn: true });
    const page = await screen.findByRole('region', { name: 'Eczane Ayarları' });
    const medula = await within(page).findByRole('region', { name: 'Medula' });
    expect(within(medula).getByLabelText(/Şifre/)).toHaveAttribute('placeholder', 'kayıtlı');
    const user = userEvent.setup();
    const its = within(page).getByRole('region', { name: 'İlaç Takip Sistemi (İTS)' });
    await user.type(within(its).getByLabelText(/Şifre/), 'its-gizli');
    await user.click(within(page).getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(toasts.shown.map((x) => String(x.message)).join()).toContain('Eczane ayarları kaydedildi.'));
    expect(s.requests.find((r) => r.method === 'PUT')!.body).toEqual({
      medula: { mode: 'sandbox', username: 'eczane1', pharmacyCode: '123456' },
      its: { mode: 'sandbox', username: '86800010000130001', password: 'its-gizli' },
      uts: { mode: 'live' },
      shareRules: { prescriptionCopay: '5.00' },
    });

    await user.click(within(page).getByRole('tab', { name: 'Bekleyen bildirimler' }));
    const outbox = await within(page).findByRole('table', { name: 'Bildirimler' });
    expect(outbox).toHaveTextContent('İTS satış bildirimi');
    expect(outbox).toHaveTextContent('İTS yanıt vermedi');
    expect(s.requests.some((r) => r.path.startsWith(`${API}/its/outbox?`) && r.path.includes('state=WAITING'))).toBe(true);
    await user.click(within(outbox).getByRole('button', { name: 'Yeniden dene: 4' }));
    await waitFor(() => expect(within(page).getByRole('table', { name: 'Bildirimler' })).toHaveTextContent('Gönderildi'));
  });
});
