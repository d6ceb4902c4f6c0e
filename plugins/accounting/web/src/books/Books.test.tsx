import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWorkbench } from '../../../../../packages/workbench/test/render';
import { json, problem, type FakeServer } from '../../../../../packages/workbench/test/fake-server';
import { composeAreas } from '../area';
import { messages } from '../messages';
import { area as ledger } from '../ledger/contribution';
import { area as currents } from '../currents/contribution';
import { area as books } from './contribution';
import { control } from '../finance/testing';
import { AYSE, withLookups } from '../currents/testing';
import { today } from '../ledger/model';
import { API, OWNER, ledgerServer } from '../ledger/testing';
import { fileNameOf } from './download';
import type { JournalBook } from './JournalBookPage';

const plugin = composeAreas({ id: 'accounting', title: 'Ön Muhasebe', version: '0.1.0' }, [{ messages }, ledger, books, currents]);
const EXPORTER = [...OWNER, '18_5'];

/** The files the page saved: the name each link downloaded under, and its blob. */
let saved: { name: string; blob: Blob }[] = [];
beforeEach(() => {
  saved = [];
  const blobs = new Map<string, Blob>();
  let n = 0;
  URL.createObjectURL = vi.fn((b: Blob) => { const url = `blob:test/${++n}`; blobs.set(url, b); return url; });
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, blob: blobs.get(this.href)! });
  });
});
afterEach(() => vi.restoreAllMocks());

/** Answers an export with a small file named as the server names it. */
function file(name: string, type = 'application/pdf') {
  return () => new Response('%PDF-1.7 test', { headers: { 'content-type': type, 'content-disposition': `attachment; filename="${name}"` } });
}
const exportQuery = (s: FakeServer, path: string) => {
  const r = s.requests.filter((x) => x.method === 'GET' && x.path.split('?')[0] === path).at(-1);
  return r ? Object.fromEntries(new URL(`http://x${r.path}`).searchParams) : null;
};

describe('file names', () => {
  it('come from content-disposition, the UTF-8 one first', () => {
    expect(fileNameOf('attachment; filename="mizan-2026-01-01-2026-12-31.xlsx"')).toBe('mizan-2026-01-01-2026-12-31.xlsx');
    expect(fileNameOf("attachment; filename=\"cari-ekstre-Ayse.pdf\"; filename*=UTF-8''cari-ekstre-Ay%C5%9Fe.pdf")).toBe('cari-ekstre-Ayşe.pdf');
    expect(fileNameOf(null)).toBeNull();
  });
});

describe('/trial-balance and /account-statement files', () => {
  it('downloads the trial balance as Excel and PDF for the form\'s dates and level', async () => {
    const s = ledgerServer(EXPORTER);
    s.on(`GET ${API}/trial-balance`, () => json({ startDate: '2026-01-01', endDate: today(), level: 3, rows: [], totals: { code: '', name: '', openingDebit: 0, openingCredit: 0, debit: 0, credit: 0, debitBalance: 0, creditBalance: 0 } }));
    s.on(`GET ${API}/trial-balance/export`, (req) => file(`mizan-2026-01-01-2026-03-31.${new URL(req.url).searchParams.get('format')}`)());
    const { toasts } = await renderWorkbench({ plugins: [plugin], path: '/trial-balance', server: s, signedIn: true });
    const form = await screen.findByRole('form', { name: 'Mizan' }, { timeout: 5000 });
    const user = userEvent.setup();
    await user.clear(control(form, 'Bitiş tarihi'));
    await user.type(control(form, 'Bitiş tarihi'), '31032026');
    await user.selectOptions(control(form, 'Düzey'), '4');
    await user.click(within(form).getByRole('button', { name: 'Excel' }));
    await waitFor(() => expect(saved.map((f) => f.name)).toEqual(['mizan-2026-01-01-2026-03-31.xlsx']));
    expect(exportQuery(s, `${API}/trial-balance/export`)).toEqual({ startDate: `${today().slice(0, 4)}-01-01`, endDate: '2026-03-31', level: '4', format: 'xlsx' });
    expect(toasts.shown.map((x) => x.message)).toContain('BAŞARILI — mizan-2026-01-01-2026-03-31.xlsx indirildi.');
    await user.click(within(form).getByRole('button', { name: 'PDF' }));
    await waitFor(() => expect(saved.map((f) => f.name)).toContain('mizan-2026-01-01-2026-03-31.pdf'));
    expect(exportQuery(s, `${API}/trial-balance/export`)!.format).toBe('pdf');
    expect(await saved[1]!.blob.text()).toBe('%PDF-1.7 test');
  });

  it('offers no files without the export authority', async () => {
    const s = ledgerServer(OWNER);
    s.on(`GET ${API}/trial-balance`, () => json({ startDate: '2026-01-01', endDate: today(), level: 3, rows: [], totals: { code: '', name: '', openingDebit: 0, openingCredit: 0, debit: 0, credit: 0, debitBalance: 0, creditBalance: 0 } }));
    await renderWorkbench({ plugins: [plugin], path: '/trial-balance', server: s, signedIn: true });
    const form = await screen.findByRole('form', { name: 'Mizan' }, { timeout: 5000 });
    expect(within(form).queryByRole('button', { name: 'Excel' })).toBeNull();
    expect(within(form).queryByRole('button', { name: 'PDF' })).toBeNull();
  });

  it('asks for the account before downloading a statement, then sends it with the dates', async () => {
    const s = ledgerServer(EXPORTER);
    s.on(`GET ${API}/account-statement/export`, file('muavin-100-2026-03-01-2026-03-31.pdf'));
    await renderWorkbench({ plugins: [plugin], path: '/account-statement', server: s, signedIn: true });
    const form = await screen.findByRole('form', { name: 'Muavin' }, { timeout: 5000 });
    const user = userEvent.setup();
    await user.click(within(form).getByRole('button', { name: 'PDF' }));
    expect(control(form, 'Hesap')).toHaveAccessibleDescription('Hesap seçiniz.');
    expect(exportQuery(s, `${API}/account-statement/export`)).toBeNull();
    const box = control(form, 'Hesap');
    await user.click(box);
    await user.type(box, '100');
    await screen.findByRole('option', { name: '100 Kasa' });
    await user.keyboard('{Enter}');
    await user.clear(control(form, 'Başlangıç tarihi'));
    await user.type(control(form, 'Başlangıç tarihi'), '01032026');
    await user.clear(control(form, 'Bitiş tarihi'));
    await user.type(control(form, 'Bitiş tarihi'), '31032026');
    await user.click(within(form).getByRole('button', { name: 'PDF' }));
    await waitFor(() => expect(saved.map((f) => f.name)).toEqual(['muavin-100-2026-03-01-2026-03-31.pdf']));
    expect(exportQuery(s, `${API}/account-statement/export`)).toEqual({ account: '100', startDate: '2026-03-01', endDate: '2026-03-31', format: 'pdf' });
  });
});

const bookLine = (lineNo: number, account: string, accountName: string, debit: number, credit: number) => ({ lineNo, account, accountName, explanation: null, debit, credit });
const entry = (id: number, entryNo: number, date: string, explanation: string, amount: number, lines: ReturnType<typeof bookLine>[]) => ({
  id, entryNo, fiscalYearId: 7, date, explanation, sourceKind: 'MANUAL', documentNo: null, reversesId: null, debit: amount, credit: amount, lines,
});
const PAGES: JournalBook[] = [
  {
    startDate: '2026-01-01', endDate: '2026-03-31', page: 0, size: 10, entryCount: 12,
    broughtForward: { debit: 0, credit: 0 },
    entries: [entry(3, 1, '2026-01-01', 'Merkez kasa açılış fişi', 15000, [bookLine(1, '100.01', 'Merkez Kasa', 15000, 0), bookLine(2, '570', 'Geçmiş Yıllar Kârları', 0, 15000)])],
    pageTotal: { debit: 15000, credit: 15000 }, carriedForward: { debit: 15000, credit: 15000 }, total: { debit: 20000, credit: 20000 },
  },
  {
    startDate: '2026-01-01', endDate: '2026-03-31', page: 1, size: 10, entryCount: 12,
    broughtForward: { debit: 15000, credit: 15000 },
    entries: [entry(9, 11, '2026-03-14', 'Kasadan bankaya', 5000, [bookLine(1, '102.01', 'Ziraat Bankası', 5000, 0), bookLine(2, '100.01', 'Merkez Kasa', 0, 5000)])],
    pageTotal: { debit: 5000, credit: 5000 }, carriedForward: { debit: 20000, credit: 20000 }, total: { debit: 20000, credit: 20000 },
  },
];

describe('/journal-book', () => {
  it('shows the book a page at a time with what is brought and carried forward, and the general total on the last page', async () => {
    const s = ledgerServer(EXPORTER);
    s.on(`GET ${API}/journal-book`, (req) => json(PAGES[Number(new URL(req.url).searchParams.get('page'))], { total: 12 }));
    s.on(`GET ${API}/journal-book/export`, file('yevmiye-2026-01-01-2026-03-31.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'));
    const { toasts } = await renderWorkbench({ plugins: [plugin], path: '/journal-book', server: s, signedIn: true });
    const table = await screen.findByRole('table', { name: 'Yevmiye defteri' }, { timeout: 5000 });
    expect(exportQuery(s, `${API}/journal-book`)).toEqual({ startDate: `${today().slice(0, 4)}-01-01`, endDate: today(), page: '0', size: '10' });
    expect(screen.getByText('01/01/2026 – 31/03/2026 · 12 fiş')).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: '1 numaralı yevmiye' })).toHaveTextContent('101/01/2026Merkez kasa açılış fişi');
    expect(within(table).getByText('Geçmiş Yıllar Kârları').closest('tr')).toHaveTextContent('570Geçmiş Yıllar Kârları15.000,00');
    expect(within(table).queryByRole('row', { name: 'Önceki sayfadan devreden' })).toBeNull();
    expect(within(table).getByRole('row', { name: 'Sayfa toplamı' })).toHaveTextContent('15.000,0015.000,00');
    expect(within(table).getByRole('row', { name: 'Nakli yekün' })).toHaveTextContent('15.000,0015.000,00');
    expect(screen.getByText('Sayfa 1 / 2')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Sonraki sayfa' }));
    await waitFor(() => expect(within(table).getByRole('row', { name: 'Önceki sayfadan devreden' })).toHaveTextContent('15.000,0015.000,00'));
    expect(exportQuery(s, `${API}/journal-book`)!.page).toBe('1');
    expect(within(table).getByRole('row', { name: 'Genel toplam' })).toHaveTextContent('20.000,0020.000,00');
    expect(within(table).queryByRole('row', { name: 'Nakli yekün' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Sonraki sayfa' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Excel' }));
    await waitFor(() => expect(saved.map((f) => f.name)).toEqual(['yevmiye-2026-01-01-2026-03-31.xlsx']));
    expect(exportQuery(s, `${API}/journal-book/export`)).toEqual({ startDate: `${today().slice(0, 4)}-01-01`, endDate: today(), format: 'xlsx' });
    expect(toasts.shown.map((x) => x.message)).toContain('BAŞARILI — yevmiye-2026-01-01-2026-03-31.xlsx indirildi.');
  });
});

describe('a current\'s "Hesap Ekstresi"', () => {
  const LEDGER = {
    current: { id: 7, name: 'Ayşe Yılmaz', type: 'CUSTOMER', accountCode: '120.001' }, startDate: '2026-01-01', endDate: '2026-03-31',
    openingBalance: 0, debit: 3500, credit: 1250, closingBalance: 2250,
    lines: [
      { entryId: 70, entryNo: 20, date: '2026-02-01', explanation: 'Satış faturası', debit: 3500, credit: 0, balance: 3500 },
      { entryId: 71, entryNo: 41, date: '2026-03-10', explanation: 'Tahsilat: Ayşe', debit: 0, credit: 1250, balance: 2250 },
    ],
  };

  function server(codes: string[]) {
    const s = withLookups(ledgerServer(codes));
    s.on(`GET ${API}/currents/{id}`, () => json(AYSE));
    s.on(`GET ${API}/current-main-accounts`, () => json([], { total: 0 }));
    s.on(`GET ${API}/currents/{id}/ledger`, () => json(LEDGER, { total: 2 }));
    return s;
  }

  it('shows the ledger of the current with the running balance, borçlu or alacaklı, and its totals', async () => {
    const s = server(['6_1', '6_8']);
    await renderWorkbench({ plugins: [plugin], path: '/customer/7', server: s, signedIn: true });
    const page = await screen.findByRole('region', { name: 'Ayşe Yılmaz' }, { timeout: 5000 });
    const user = userEvent.setup();
    await user.click(within(page).getByRole('tab', { name: 'Hesap Ekstresi' }));
    const lines = await within(page).findByRole('table', { name: 'Ekstre satırları' });
    await waitFor(() => expect(within(lines).getAllByRole('row')).toHaveLength(3));
    expect(exportQuery(s, `${API}/currents/7/ledger`)).toEqual({ page: '0', size: '10' });
    expect(within(lines).getByText('Satış faturası').closest('tr')).toHaveTextContent('01/02/202620Satış faturası3.500,003.500,00 Borçlu');
    expect(within(lines).getByText('Tahsilat: Ayşe').closest('tr')).toHaveTextContent('1.250,002.250,00 Borçlu');
    expect(within(page).getByLabelText('Devreden bakiye')).toHaveTextContent('Devreden bakiye: 0,00');
    const totals = within(page).getByRole('table', { name: 'Ekstre toplamları' });
    expect(within(totals).getByRole('row', { name: /Kapanış bakiyesi/ })).toHaveTextContent('2.250,00 Borçlu');
    // Extract view without export: no files.
    expect(within(page).queryByRole('button', { name: 'Excel' })).toBeNull();

    const form = within(page).getByRole('form', { name: 'Hesap ekstresi' });
    await user.type(control(form, 'Başlangıç tarihi'), '01022026');
    await user.click(within(form).getByRole('button', { name: 'Listele' }));
    await waitFor(() => expect(exportQuery(s, `${API}/currents/7/ledger`)).toEqual({ startDate: '2026-02-01', page: '0', size: '10' }));
  });

  it('downloads the statement as Excel and PDF, and says so when the daily Excel limit is reached', async () => {
    const s = server(['6_1', '6_5', '6_8']);
    let excel = 0;
    s.on(`GET ${API}/currents/{id}/ledger/export`, (req) => {
      const format = new URL(req.url).searchParams.get('format');
      if (format === 'xlsx' && ++excel > 1) return problem(429, 'Excel indirme günde iki kez ile sınırlıdır', { code: 'EXCEL_DAILY_LIMIT', detail: 'Excel indirme günde iki kez ile sınırlıdır' });
      return file(`cari-ekstre-ayse-yilmaz-2026-01-01-2026-03-31.${format}`)();
    });
    const { toasts } = await renderWorkbench({ plugins: [plugin], path: '/customer/7', server: s, signedIn: true });
    const page = await screen.findByRole('region', { name: 'Ayşe Yılmaz' }, { timeout: 5000 });
    const user = userEvent.setup();
    await user.click(within(page).getByRole('tab', { name: 'Hesap Ekstresi' }));
    const form = await within(page).findByRole('form', { name: 'Hesap ekstresi' });
    await user.type(control(form, 'Bitiş tarihi'), '31032026');
    await user.click(within(form).getByRole('button', { name: 'Excel' }));
    await waitFor(() => expect(saved.map((f) => f.name)).toEqual(['cari-ekstre-ayse-yilmaz-2026-01-01-2026-03-31.xlsx']));
    expect(exportQuery(s, `${API}/currents/7/ledger/export`)).toEqual({ endDate: '2026-03-31', format: 'xlsx' });
    await user.click(within(form).getByRole('button', { name: 'PDF' }));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(exportQuery(s, `${API}/currents/7/ledger/export`)!.format).toBe('pdf');
    await user.click(within(form).getByRole('button', { name: 'Excel' }));
    await waitFor(() => expect(toasts.shown.map((x) => String(x.message)).some((m) => m.startsWith('HATALI') && m.includes('Excel'))).toBe(true));
    expect(saved).toHaveLength(2);
  });

  it('is not offered without the type\'s extract view', async () => {
    const s = server(['6_1']);
    await renderWorkbench({ plugins: [plugin], path: '/customer/7', server: s, signedIn: true });
    const page = await screen.findByRole('region', { name: 'Ayşe Yılmaz' }, { timeout: 5000 });
    expect(within(page).queryByRole('tab', { name: 'Hesap Ekstresi' })).toBeNull();
    expect(s.requests.some((r) => r.path.includes('/ledger'))).toBe(false);
  });
});
