import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWorkbench } from '../../../../../packages/workbench/test/render';
import { json } from '../../../../../packages/workbench/test/fake-server';
import plugin from '../index';
import { API, counterServer, recete } from '../testing';
import { raporBody, raporDraft, raporErrors } from './HastaRaporsPage';

const PREPARED = { receteNo: 'H100', ereceteNo: null, trackingNo: null, receteDate: '2026-11-20', patientTckn: '10000000146', patientName: 'Ayşe', patientSurname: 'Yılmaz', total: '80.00', state: 'HAZIR', receteId: null };
const RAPOR = {
  id: 3, reportNo: '77001', reportDate: '2026-01-10', startDate: '2026-01-10', endDate: '2027-01-10', facilityCode: '11069901', facilityName: 'Demo Devlet Hastanesi', patientTckn: '10000000146',
  reportType: 'İlaç raporu', doctorName: 'Mehmet', doctorSurname: 'Öz', diagnoses: [{ code: 'I10', name: 'Esansiyel hipertansiyon' }],
  activeSubstances: [{ code: 'SGKF', name: 'OLAPARİB', dose1: 2, dose2: 1, period: 1, periodUnit: '3' }], barcodes: ['8699786092907'],
};
const sent = (s: ReturnType<typeof counterServer>['server'], method: string, path: string) => s.requests.filter((r) => r.method === method && r.path.startsWith(path));

afterEach(() => { vi.restoreAllMocks(); window.history.replaceState(null, '', '/'); });

describe('prepared prescriptions (hazır reçete)', () => {
  it('are found by the patient\'s national ID from /recete (Alt+H), opened with their medicines, and taken to the counter', async () => {
    const { server: s, state } = counterServer();
    s.on(`GET ${API}/recetes`, () => json([recete()], { total: 1 }));
    s.on(`GET ${API}/prepared-recetes`, () => json([PREPARED]));
    s.on(`GET ${API}/prepared-recete`, () => json({ ...PREPARED, doctorName: 'Mehmet', doctorSurname: 'Öz', facilityCode: '11069901', medicines: [{ barcode: '8699786092907', name: 'LYNPARZA 100 MG', count: 2, usage: '1', dose1: 2, dose2: 1, period: 1, periodUnit: '3' }] }));
    s.on(`POST ${API}/save-prepared-recete`, () => { state.counter.recete = recete({ id: 9, receteNo: 'L9', ereceteNo: null, protocolNo: 'H100', type: 'PreparedPrescription' }); return json(state.counter.recete, { status: 201 }); });
    await renderWorkbench({ plugins: [plugin], path: '/recete', server: s, signedIn: true });
    const page = await screen.findByRole('region', { name: 'Reçeteler' });
    await within(page).findByRole('table', { name: 'Reçeteler' });
    const user = userEvent.setup();
    within(page).getByRole('button', { name: 'Hazır reçete' }).focus();
    await user.keyboard('{Alt>}h{/Alt}');
    const dialog = await screen.findByRole('dialog', { name: 'Hazır reçeteler' });
    await user.type(within(dialog).getByLabelText('Hasta T.C. kimlik no'), '12345678901{Enter}');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Geçerli bir T.C. kimlik numarası girin.');
    await user.clear(within(dialog).getByLabelText('Hasta T.C. kimlik no'));
    await user.type(within(dialog).getByLabelText('Hasta T.C. kimlik no'), '10000000146{Enter}');
    const table = await within(dialog).findByRole('table', { name: 'Hazır reçeteler' });
    expect(sent(s, 'GET', `${API}/prepared-recetes?`).at(-1)!.path).toContain('tckn=10000000146');
    await user.click(within(table).getByText('H100'));
    expect(await within(dialog).findByRole('table', { name: 'Hazır reçetedeki ilaçlar' })).toHaveTextContent('LYNPARZA 100 MG');
    await user.click(within(dialog).getAllByRole('button', { name: 'Reçeteyi al' }).at(-1)!);
    const counter = await screen.findByRole('region', { name: 'Reçeteli Satış' });
    // Named by the prepared prescription's number at Medula, not by the local row's 'L9'.
    expect(await within(counter).findByRole('region', { name: 'Reçete' })).toHaveTextContent('Reçete H100');
    expect(await sent(s, 'POST', `${API}/save-prepared-recete`)[0]!.body).toEqual({ receteNo: 'H100' });
  });

  it('says so when Medula cannot be reached', async () => {
    const { server: s } = counterServer();
    s.on(`GET ${API}/prepared-recetes`, () => json({ title: 'Medula', code: 'MEDULA_UNAVAILABLE' }, { status: 503 }));
    await renderWorkbench({ plugins: [plugin], path: '/pharmacy-sale', server: s, signedIn: true });
    const counter = await screen.findByRole('region', { name: 'Reçeteli Satış' });
    const user = userEvent.setup();
    await user.click(within(counter).getByRole('button', { name: 'Hazır reçete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hazır reçeteler' });
    await user.type(within(dialog).getByLabelText('Hasta T.C. kimlik no'), '10000000146{Enter}');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Medula\'ya ulaşılamadı; hazır reçeteler okunamıyor.');
  });
});

describe('the prescriptions list\'s Medula actions', () => {
  it('withdraws a saved prescription\'s Medula save and deletes one, each after the confirmation, and adds a majistral medicine', async () => {
    const { server: s } = counterServer();
    let list = [recete({ id: 1, receteNo: 'R1', medulaState: 'SAVED' }), recete({ id: 2, receteNo: 'R2', medulaState: 'READ' })];
    s.on(`GET ${API}/recetes`, () => json(list, { total: list.length }));
    s.on(`GET ${API}/prescriptionCancel`, () => { list = list.map((r) => (r.id === 1 ? { ...r, medulaState: 'CANCELLED' } : r)); return json({ queued: false, outboxId: null, warning: null, recete: list[0] }); });
    s.on(`GET ${API}/cancelAndDelete`, (req) => { const id = Number(new URL(req.url).searchParams.get('receteId')); list = list.filter((r) => r.id !== id); return json({ queued: true, outboxId: 4, warning: null, recete: recete({ id }) }); });
    let majistralCalls = 0;
    s.on(`POST ${API}/majistral`, () => (++majistralCalls === 1 ? json({ errorMessage: 'Reçete türü majistrale uygun değil', message: 'Majistral ilaç kaydedilemedi' }) : json({ errorMessage: null, message: 'Majistral ilaç kaydedildi' })));
    const { toasts } = await renderWorkbench({ plugins: [plugin], path: '/recete', server: s, signedIn: true });
    const page = await screen.findByRole('region', { name: 'Reçeteler' });
    await within(page).findByRole('table', { name: 'Reçeteler' });
    const user = userEvent.setup();
    expect(within(page).queryByRole('button', { name: 'Medula kaydını geri al: R2' })).toBeNull();

    await user.click(within(page).getByRole('button', { name: 'Majistral: R1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Majistral ilaç · R1' });
    await user.click(within(dialog).getByRole('button', { name: 'Majistral ilacı kaydet' }));
    expect(within(dialog).getAllByText('Zorunlu alan')).toHaveLength(2);
    expect(majistralCalls).toBe(0);
    await user.type(within(dialog).getByLabelText(/İlacın adı/), 'Salisilik asit merhem');
    await user.type(within(dialog).getByLabelText(/İçerik/), 'Salisilik asit 2 g, vazelin 98 g');
    await user.type(within(dialog).getByLabelText('Fiyat (TL)'), '45,50');
    await user.click(within(dialog).getByRole('button', { name: 'Majistral ilacı kaydet' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Majistral ilaç kaydedilemedi: Reçete türü majistrale uygun değil');
    expect(sent(s, 'POST', `${API}/majistral`)[0]!.body).toMatchObject({ receteId: 1, name: 'Salisilik asit merhem', price: '45.50' });
    await user.click(within(dialog).getByRole('button', { name: 'Majistral ilacı kaydet' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Majistral ilaç kaydedildi');
    await user.click(within(dialog).getByRole('button', { name: 'Kapat' }));

    await user.click(within(page).getByRole('button', { name: 'Medula kaydını geri al: R1' }));
    await user.click(await screen.findByRole('button', { name: 'Hayır' }));
    expect(sent(s, 'GET', `${API}/prescriptionCancel`)).toHaveLength(0);
    await user.click(within(page).getByRole('button', { name: 'Medula kaydını geri al: R1' }));
    await user.click(await screen.findByRole('button', { name: 'Evet' }));
    await waitFor(() => expect(sent(s, 'GET', `${API}/prescriptionCancel?`)[0]?.path).toContain('receteId=1'));
    await waitFor(() => expect(toasts.shown.map((x) => String(x.message)).join(' | ')).toContain('Reçetenin Medula kaydı geri alındı.'));

    await user.click(await within(page).findByRole('button', { name: 'Geri al ve sil: R2' }));
    await user.click(await screen.findByRole('button', { name: 'Evet' }));
    await waitFor(() => expect(within(page).queryByText('R2')).toBeNull());
    await waitFor(() => expect(toasts.shown.map((x) => String(x.message)).join(' ')).toContain('sırada bekliyor'));
  });
});

describe('the patient\'s reports at the counter', () => {
  it('lists Medula\'s reports of the prescription\'s patient (Alt+R) and tells whether the chosen medicine is covered', async () => {
    const { server: s, state } = counterServer();
    state.read = true;
    s.on(`GET ${API}/rapor-list`, () => json([RAPOR]));
    s.on(`GET ${API}/medicine-rapor`, (req) => json(new URL(req.url).searchParams.get('barcode') === '8699786092907' ? [RAPOR] : []));
    await renderWorkbench({ plugins: [plugin], path: '/pharmacy-sale/1', server: s, signedIn: true });
    const counter = await screen.findByRole('region', { name: 'Reçeteli Satış' });
    await within(counter).findByRole('table', { name: 'Reçetedeki ilaçlar' });
    const user = userEvent.setup();
    await user.keyboard('{Alt>}r{/Alt}');
    let dialog = await screen.findByRole('dialog', { name: /Hasta raporları/ });
    const table = await within(dialog).findByRole('table', { name: 'Hastanın raporları' });
    expect(table).toHaveTextContent('77001');
    expect(table).toHaveTextContent('I10 Esansiyel hipertansiyon');
    expect(table).toHaveTextContent('OLAPARİB (1 Günde 2 × 1)');
    expect(sent(s, 'GET', `${API}/rapor-list?`)[0]!.path).toContain('tckn=10000000146');
    await user.click(within(dialog).getByRole('button', { name: 'Raporu denetle' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent('KABIVEN PERIPHERAL 1440 ML hastanın hiçbir raporunda yok.');
    await user.click(within(dialog).getByRole('button', { name: 'Kapat' }));
    await user.keyboard('{ArrowDown}');
    await user.click(within(counter).getByRole('button', { name: 'Raporlar' }));
    dialog = await screen.findByRole('dialog', { name: /Hasta raporları/ });
    await user.click(within(dialog).getByRole('button', { name: 'Raporu denetle' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent('şu raporlarla kapsanıyor: 77001');
  });

  it('opens the drug-information page of a line with a fresh token', async () => {
    const { server: s, state } = counterServer();
    state.read = true;
    s.on(`GET ${API}/vademecum-iframe-token`, () => json({ token: 'tok.en', expiresAt: '2026-11-24T10:00:00.000Z', url: '/vademecum?token=tok.en' }));
    const opened = vi.spyOn(window, 'open').mockReturnValue(null);
    await renderWorkbench({ plugins: [plugin], path: '/pharmacy-sale/1', server: s, signedIn: true });
    const counter = await screen.findByRole('region', { name: 'Reçeteli Satış' });
    const user = userEvent.setup();
    await user.click(await within(counter).findByRole('button', { name: 'İlaç bilgisi: LYNPARZA 100 MG FILM KAPLI TABLET (56 TABLET)' }));
    await waitFor(() => expect(opened).toHaveBeenCalledWith('/vademecum?token=tok.en&barcode=8699786092907', '_blank', 'noopener'));
  });
});

describe('the drug-information page (/vademecum)', () => {
  it('shows the medicine and its equivalents read with the token, and says so without one', async () => {
    const { server: s } = counterServer();
    s.on(`GET ${API}/vademecum-medicine/{barcode}`, (req, p) => (new URL(req.url).searchParams.get('token') === 'tok.en' && p.barcode === '8699786092907'
      ? json({ barcode: '8699786092907', name: 'LYNPARZA 100 MG', atcCode: 'L01XK01', atcName: 'olaparib', substance: 'OLAPARİB', firm: 'AstraZeneca', color: 'NORMAL', active: true, sgkPublicNo: 'A123', equivalentGroup: null, form: 'FİLM KAPLI TABLET', strength: '100 MG', equivalents: [{ barcode: '8699786092914', name: 'LYNPARZA 150 MG', firm: 'AstraZeneca', active: false, match: 'ATC_FORM' }] })
      : json({ title: 'Yetkisiz' }, { status: 401 })));
    window.history.replaceState(null, '', '/vademecum?token=tok.en&barcode=8699786092907');
    await renderWorkbench({ plugins: [plugin], path: '/vademecum', server: s, signedIn: true });
    const page = await screen.findByRole('region', { name: 'İlaç bilgisi' });
    expect(await within(page).findByRole('heading', { name: 'LYNPARZA 100 MG' })).toBeInTheDocument();
    expect(page).toHaveTextContent('L01XK01 · olaparib');
    expect(within(page).getByRole('table', { name: 'Eşdeğerler' })).toHaveTextContent('LYNPARZA 150 MG');
    expect(page).toHaveTextContent('ATC ve form');
  });
});

describe('the patient reports kept (/hasta-rapor)', () => {
  it('lists, adds by hand and deletes after the confirmation', async () => {
    const { server: s } = counterServer();
    let list = [{ ...RAPOR, source: 'MEDULA', patientName: 'Ayşe', patientSurname: 'Yılmaz', description: null }];
    s.on(`GET ${API}/hasta-rapors`, () => json(list, { total: list.length }));
    s.on(`POST ${API}/hasta-rapors`, async (req) => { const b = await req.json() as typeof list[number]; list = [...list, { ...RAPOR, ...b, id: 4, source: 'MANUAL' }]; return json(list.at(-1), { status: 201 }); });
    s.on(`DELETE ${API}/hasta-rapors/{id}`, (_req, p) => { list = list.filter((r) => r.id !== Number(p.id)); return new Response(null, { status: 204 }); });
    await renderWorkbench({ plugins: [plugin], path: '/hasta-rapor', server: s, signedIn: true });
    const page = await screen.findByRole('region', { name: 'Hasta raporları' });
    const table = await within(page).findByRole('table', { name: 'Kayıtlı hasta raporları' });
    expect(table).toHaveTextContent('77001');
    expect(table).toHaveTextContent('Medula');
    const user = userEvent.setup();
    await user.click(within(page).getByRole('button', { name: 'Rapor ekle' }));
    const dialog = await screen.findByRole('dialog', { name: 'Yeni hasta raporu' });
    await user.click(within(dialog).getByRole('button', { name: 'Kaydet' }));
    expect(within(dialog).getAllByText('Zorunlu alan')).toHaveLength(2);
    await user.type(within(dialog).getByLabelText(/Rapor no/), '88002');
    await user.type(within(dialog).getByLabelText(/Hasta T.C. kimlik no/), '10000000146');
    await user.type(within(dialog).getByLabelText(/Tanılar/), 'E11 Tip 2 diyabet');
    await user.type(within(dialog).getByLabelText(/Barkodlar/), '8699786092907');
    await user.click(within(dialog).getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(within(page).getByRole('table', { name: 'Kayıtlı hasta raporları' })).toHaveTextContent('88002'));
    expect(sent(s, 'POST', `${API}/hasta-rapors`)[0]!.body).toMatchObject({ reportNo: '88002', patientTckn: '10000000146', diagnoses: [{ code: 'E11', name: 'Tip 2 diyabet' }], barcodes: ['8699786092907'] });
    await user.click(within(page).getByRole('button', { name: 'Sil: 77001' }));
    await user.click(await screen.findByRole('button', { name: 'Evet' }));
    await waitFor(() => expect(within(page).queryByText('77001')).toBeNull());
  });

  it('checks the form: national ID, barcodes and dates', () => {
    const d = { ...raporDraft(), reportNo: 'X', patientTckn: '12345678901', barcodes: '123, 8699786092907', startDate: '2026-02-01', endDate: '2026-01-01' };
    expect(raporErrors(d)).toEqual({ patientTckn: 'tckn', barcodes: 'barcode', endDate: 'dates' });
    expect(raporBody({ ...d, patientName: '  ', diagnoses: 'I10\nE11 Tip 2 diyabet\n' })).toMatchObject({ patientName: null, diagnoses: [{ code: 'I10', name: null }, { code: 'E11', name: 'Tip 2 diyabet' }] });
    // A report read from Medula and kept: its diagnoses come back as the form writes them.
    expect(raporDraft({ id: 1, reportNo: 'R', patientTckn: '10000000146', source: 'MEDULA', diagnoses: [{ taniKodu: 'I10', taniAdi: 'Hipertansiyon' }] }).diagnoses).toBe('I10 Hipertansiyon');
  });
});

describe('facilities and doctors (/tesis)', () => {
  it('lists and adds facilities and searches Medula\'s doctors', async () => {
    const { server: s } = counterServer();
    let list = [{ id: 1, code: '11069901', name: 'Demo Devlet Hastanesi', city: 'Ankara', kind: 'Devlet' }];
    s.on(`GET ${API}/tesis`, () => json(list, { total: list.length }));
    s.on(`POST ${API}/tesis`, async (req) => { const b = await req.json() as typeof list[number]; list = [...list, { ...b, id: 2 }]; return json(list.at(-1), { status: 201 }); });
    s.on(`GET ${API}/doctor-list`, () => json([{ tckn: '10000000078', name: 'Mehmet', surname: 'Öz', branch: 'Dahiliye', facilityCode: '11069901', diplomaNo: 'D1' }]));
    await renderWorkbench({ plugins: [plugin], path: '/tesis', server: s, signedIn: true });
    const page = await screen.findByRole('region', { name: 'Sağlık tesisleri' });
    expect(await within(page).findByRole('table', { name: 'Sağlık tesisleri' })).toHaveTextContent('Demo Devlet Hastanesi');
    const user = userEvent.setup();
    await user.click(within(page).getByRole('button', { name: 'Tesis ekle' }));
    const dialog = await screen.findByRole('dialog', { name: 'Yeni tesis' });
    await user.type(within(dialog).getByLabelText(/Tesis kodu/), '34012345');
    await user.type(within(dialog).getByLabelText(/Tesis adı/), 'Demo Aile Sağlığı Merkezi');
    await user.click(within(dialog).getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(within(page).getByRole('table', { name: 'Sağlık tesisleri' })).toHaveTextContent('Demo Aile Sağlığı Merkezi'));
    expect(sent(s, 'POST', `${API}/tesis`)[0]!.body).toEqual({ code: '34012345', name: 'Demo Aile Sağlığı Merkezi', city: null, kind: null });
    await user.type(within(page).getByLabelText('Doktor adı'), 'Mehmet{Enter}');
    expect(await within(page).findByRole('table', { name: 'Doktorlar' })).toHaveTextContent('Dahiliye');
    expect(sent(s, 'GET', `${API}/doctor-list?`)[0]!.path).toContain('name=Mehmet');
  });
});
