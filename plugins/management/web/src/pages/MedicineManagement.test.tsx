import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import management from '../index';
import { medicineBody, newMedicine, validGtin13, type CreationStatus, type ImportResult, type MasterMedicine } from '../medicines/api';
import { fakeServer, json, manager, query, renderWorkbench } from '../testing';

const plugins = [management];
const M = '/services/onmuhasebe/api/medicines';
const S = '/services/onmuhasebe/api/medicine-creation-statuses';
const med = (i: number, over: Partial<MasterMedicine> = {}): MasterMedicine => ({
  barcode: `86990000${String(i).padStart(5, '0')}`, name: `İLAÇ ${i} 10 MG 20 TABLET`, atcCode: 'N02BE01', atcName: null, substance: null, firm: 'Firma',
  color: 'NORMAL', active: true, sgkPublicNo: null, equivalentGroup: null, referencePriceEur: '12.50', licenceNo: null, licenceDate: null, withdrawnAt: null, sources: ['SKRS_ACTIVE'], ...over,
});

describe('medicine drafts', () => {
  it('checks the barcode, name, ATC code and price before sending', () => {
    expect(validGtin13('8699717010109')).toBe(true);
    expect(validGtin13('8699717010108')).toBe(false);
    const d = { ...newMedicine(), barcode: '8699717010108', name: 'X' };
    expect(medicineBody(d, true)).toEqual({ error: 'barcodeInvalid' });
    expect(medicineBody({ ...d, barcode: '8699717010109', name: ' ' }, true)).toEqual({ error: 'nameNeeded' });
    expect(medicineBody({ ...d, barcode: '8699717010109', atcCode: 'N2' }, true)).toEqual({ error: 'atcInvalid' });
    expect(medicineBody({ ...d, barcode: '8699717010109', referencePriceEur: '1,234' }, true)).toEqual({ error: 'priceInvalid' });
    expect(medicineBody({ ...d, barcode: '8699717010109', atcCode: 'n02be01', referencePriceEur: '12,5' }, true)).toEqual({
      body: { barcode: '8699717010109', name: 'X', atcCode: 'N02BE01', substance: null, firm: null, color: 'NORMAL', referencePriceEur: '12.5', licenceNo: null, licenceDate: null, active: true },
    });
    // A change never sends the barcode (it is in the path).
    expect(medicineBody({ ...d, barcode: 'x' }, false)).toMatchObject({ body: { name: 'X' } });
  });
});

describe('/medicine-management', () => {
  it('lists and searches the master, adds, changes and withdraws with Turkish notices', async () => {
    const s = fakeServer();
    s.setAccount(manager());
    const rows = Array.from({ length: 25 }, (_, i) => med(i + 1));
    s.on(`GET ${M}`, (req) => {
      const q = new URL(req.url).searchParams;
      // The server sorts the medicine list by name, barcode or ATC code only (x-sort-fields); anything else is a 400.
      if (!['name', 'barcode', 'atcCode'].includes(q.get('sort')!.split(',')[0]!)) return json({ title: 'Geçersiz istek', status: 400 }, { status: 400 });
      const found = rows.filter((m) => !q.get('search') || m.name.includes(q.get('search')!) || m.barcode.startsWith(q.get('search')!));
      const p = Number(q.get('page'));
      const size = Number(q.get('size'));
      return json(found.slice(p * size, p * size + size), { total: found.length });
    });
    const sent: { method: string; path: string; body: any }[] = [];
    s.on(`POST ${M}`, async (req) => { const body = await req.json(); sent.push({ method: 'POST', path: M, body }); return json(med(99, body), { status: 201 }); });
    s.on(`PUT ${M}/{barcode}`, async (req, p) => { const body = await req.json(); sent.push({ method: 'PUT', path: p.barcode!, body }); return json(med(1, body)); });
    s.on(`PUT ${M}/{barcode}/withdraw`, async (req, p) => { const body = await req.json(); sent.push({ method: 'WITHDRAW', path: p.barcode!, body }); return json(med(1, { active: false, withdrawnAt: '2026-11-24' })); });
    const { toasts } = await renderWorkbench({ plugins, path: '/medicine-management', server: s, signedIn: true });
    const table = await screen.findByRole('table', { name: 'İlaç listesi' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(21));
    expect(within(table).getByRole('row', { name: /İLAÇ 1 10 MG/ })).toHaveTextContent('12,50');
    const u = userEvent.setup();

    // Add: the check digit is checked before sending.
    await u.click(screen.getByRole('button', { name: 'İlaç ekle' }));
    let dialog = within(await screen.findByRole('dialog', { name: 'İlaç ekle' }));
    await u.type(dialog.getByRole('textbox', { name: 'Barkod' }), '8699717010108');
    await u.type(dialog.getByRole('textbox', { name: 'İlaç adı' }), 'YENİ İLAÇ');
    await u.click(dialog.getByRole('button', { name: 'Kaydet' }));
    expect(dialog.getByRole('alert')).toHaveTextContent('GTIN-13');
    const barcode = dialog.getByRole('textbox', { name: 'Barkod' });
    await u.clear(barcode);
    await u.type(barcode, '8699717010109');
    await u.type(dialog.getByRole('textbox', { name: 'Referans fiyat (GKF €)' }), '3,20');
    await u.click(dialog.getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(toasts.shown.map((x) => x.message)).toContain('BAŞARILI — İlaç eklendi.'));
    expect(sent[0]).toMatchObject({ method: 'POST', body: { barcode: '8699717010109', name: 'YENİ İLAÇ', referencePriceEur: '3.20', active: true } });

    // Change.
    const row = await within(await screen.findByRole('table', { name: 'İlaç listesi' })).findByRole('row', { name: /İLAÇ 2 10 MG/ });
    await u.click(within(row).getByRole('button', { name: /Düzenle/ }));
    dialog = within(await screen.findByRole('dialog', { name: 'İlacı düzenle' }));
    expect(dialog.getByRole('textbox', { name: 'Barkod' })).toBeDisabled();
    const name = dialog.getByRole('textbox', { name: 'İlaç adı' });
    await u.clear(name);
    await u.type(name, 'DEĞİŞTİ');
    await u.click(dialog.getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(toasts.shown.map((x) => x.message)).toContain('BAŞARILI — İlaç güncellendi.'));
    expect(sent[1]).toMatchObject({ method: 'PUT', path: med(2).barcode, body: { name: 'DEĞİŞTİ' } });
    expect(sent[1]!.body.barcode).toBeUndefined();

    // Withdraw after the confirmation.
    const first = await within(await screen.findByRole('table', { name: 'İlaç listesi' })).findByRole('row', { name: /İLAÇ 3 10 MG/ });
    await u.click(within(first).getByRole('button', { name: /Piyasadan çek/ }));
    await u.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Evet' }));
    await waitFor(() => expect(toasts.shown.map((x) => x.message)).toContain('BAŞARILI — İlaç piyasadan çekildi.'));
    expect(sent[2]).toMatchObject({ method: 'WITHDRAW', path: med(3).barcode, body: { withdrawn: true } });

    // Search by barcode.
    await u.type(screen.getByRole('searchbox'), '8699000000007');
    await waitFor(() => expect(query(s.requests.filter((r) => r.method === 'GET' && r.path.startsWith(`${M}?`)).at(-1)!.path).get('search')).toBe('8699000000007'));
  }, 90_000);
});

describe('/medicine-management-v2', () => {
  it('uploads a list, shows the dry run by kind, applies it; starts a company\'s medicine creation', async () => {
    const s = fakeServer();
    s.setAccount(manager());
    const result = (dryRun: boolean, total = 2): ImportResult => ({
      list: 'TITCK_LICENSED', dryRun, rows: 3, counts: { NEW: total ? 1 : 0, PRICE: 0, CHANGED: 0, WITHDRAWN: total ? 1 : 0 }, total, unmatched: 0, skipped: [],
      changes: total ? [{ kind: 'NEW', barcode: '8690000000012', name: 'YENİ', changes: [] }, { kind: 'WITHDRAWN', barcode: '8690000000029', name: 'ESKİ', changes: [{ field: 'active', from: 'true', to: 'false' }] }] : [], tookMs: 5,
    });
    const uploads: string[] = [];
    s.on(`POST ${M}/import`, (req) => { const dry = new URL(req.url).searchParams.get('dryRun'); uploads.push(String(dry)); return json(result(dry === 'true')); });
    let statuses: CreationStatus[] = [{ companyId: 5, companyName: 'Demo Eczanesi', taxNumber: '10000000146', status: 'NONE', created: 0, skipped: 0, startedAt: null, finishedAt: null, error: null, startedBy: null }];
    s.on(`GET ${S}`, (req) => (['companyId', 'name', 'status'].includes(new URL(req.url).searchParams.get('sort')!.split(',')[0]!)
      ? json(statuses, { total: statuses.length })
      : json({ title: 'Geçersiz istek', status: 400 }, { status: 400 })));
    const started: string[] = [];
    s.on(`POST ${S}/{companyId}`, (_req, p) => { started.push(p.companyId!); statuses = [{ ...statuses[0]!, status: 'RUNNING', startedBy: 'yonetici' }]; return json(statuses[0], { status: 202 }); });
    const { toasts } = await renderWorkbench({ plugins, path: '/medicine-management-v2', server: s, signedIn: true });
    const u = userEvent.setup();
    const input = await screen.findByLabelText('Dosya');
    fireEvent.change(input, { target: { files: [new File(['x'], 'ruhsatli.xlsx')] } });
    await waitFor(() => expect(toasts.shown.map((x) => x.message)).toContain('BAŞARILI — Dosya okundu: 2 değişiklik bulundu.'));
    expect(uploads).toEqual(['true']);
    const changes = await screen.findByRole('table', { name: 'Değişiklikler' });
    expect(within(changes).getByRole('row', { name: /ESKİ/ })).toHaveTextContent('Çekilen');
    expect(screen.getByText(/Yeni: 1/)).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Uygula' }));
    await waitFor(() => expect(toasts.shown.map((x) => x.message)).toContain('BAŞARILI — İlaç listesi güncellendi: 2 değişiklik uygulandı.'));
    expect(uploads).toEqual(['true', 'false']);

    const table = await screen.findByRole('table', { name: 'Eczanelerin ilaçlardan ürün oluşturma durumu' });
    const row = await within(table).findByRole('row', { name: /Demo Eczanesi/ });
    expect(row).toHaveTextContent('Başlatılmadı');
    await u.click(within(row).getByRole('button', { name: /Başlat/ }));
    await waitFor(() => expect(toasts.shown.map((x) => x.message)).toContain('BAŞARILI — Demo Eczanesi için ilaçlardan ürün oluşturma başlatıldı.'));
    expect(started).toEqual(['5']);
    await waitFor(async () => expect(await within(await screen.findByRole('table', { name: 'Eczanelerin ilaçlardan ürün oluşturma durumu' })).findByRole('row', { name: /Demo Eczanesi/ })).toHaveTextContent('Sürüyor'));
  }, 90_000);
});
