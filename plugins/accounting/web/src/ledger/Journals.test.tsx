import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWorkbench } from '../../../../../packages/workbench/test/render';
import { json, problem } from '../../../../../packages/workbench/test/fake-server';
import { control } from '../products/testing';
import { API, JOURNALS, VIEWER, accounting, lastQuery, ledgerServer } from './testing';

async function periods() {
  const table = await screen.findByRole('table', { name: 'Yevmiye Dönemleri' }, { timeout: 5000 });
  await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(5));
  return table;
}
const row = (table: HTMLElement, period: number) => within(table).getByText(`${period}. dönem`).closest('tr')!;

describe('/journals', () => {
  it('lists the periods of the active fiscal year with their lock state and totals', async () => {
    const s = ledgerServer();
    await renderWorkbench({ plugins: [accounting], path: '/journals', server: s, signedIn: true });
    const table = await periods();
    expect(screen.getByRole('combobox', { name: 'Mali yıl' })).toHaveValue('7');
    expect(lastQuery(s, `${API}/journals`).get('fiscalYearId')).toBe('7');
    expect(lastQuery(s, `${API}/journals`).get('sort')).toBe('period,asc');
    const third = row(table, 3);
    expect(within(third).getByText('01/03/2026')).toBeInTheDocument();
    expect(within(third).getByText('Açık')).toBeInTheDocument();
    expect(within(third).getAllByText('37.501,50')).toHaveLength(2);
    expect(within(row(table, 1)).getByText('Kilitli')).toBeInTheDocument();
    expect(await screen.findByText('Son dönem: 4. dönem · Son fiş no: 42')).toBeInTheDocument();
    // A locked period offers the unlock, an open one the lock.
    expect(within(row(table, 2)).getByRole('button', { name: 'Kilidi aç' })).toBeInTheDocument();
    expect(within(row(table, 2)).queryByRole('button', { name: 'Kilitle' })).toBeNull();
    expect(within(third).getByRole('button', { name: 'Kilitle' })).toBeInTheDocument();
    // An active year's periods are made for it.
    expect(screen.getByRole('button', { name: 'Dönem ekle' })).toBeDisabled();
  });

  it('locks a period (and the earlier ones) and unlocks one (and the later ones) through their own calls', async () => {
    const s = ledgerServer();
    s.on(`PUT ${API}/journals-lock`, () => json(JOURNALS.map((j) => ({ ...j, locked: j.period <= 3 }))));
    s.on(`PUT ${API}/journals-unlock`, () => json(JOURNALS.map((j) => ({ ...j, locked: j.period < 2 }))));
    const { toasts } = await renderWorkbench({ plugins: [accounting], path: '/journals', server: s, signedIn: true });
    const table = await periods();
    const user = userEvent.setup();
    await user.click(within(row(table, 3)).getByRole('button', { name: 'Kilitle' }));
    expect(await screen.findByText('3. dönem kilitlensin mi?')).toBeInTheDocument();
    expect(screen.getByText('Bu dönemle birlikte önceki tüm dönemler de kilitlenir; kilitli bir döneme kayıt yapılamaz.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Evet' }));
    await waitFor(() => expect(toasts.shown.map((x) => x.message)).toContain('BAŞARILI — 3. dönem ve önceki dönemler kilitlendi.'));
    expect(s.requests.filter((r) => r.method === 'PUT').map((r) => [r.path, r.body])).toEqual([[`${API}/journals-lock`, { id: 73 }]]);
    const reloads = s.requests.filter((r) => r.method === 'GET' && r.path.startsWith(`${API}/journals?`)).length;
    expect(reloads).toBeGreaterThanOrEqual(2);

    await user.click(within(row(table, 2)).getByRole('button', { name: 'Kilidi aç' }));
    expect(await screen.findByText('Bu dönemle birlikte sonraki tüm dönemlerin de kilidi açılır.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Evet' }));
    await waitFor(() => expect(toasts.shown.map((x) => x.message)).toContain('BAŞARILI — 2. dönem ve sonraki dönemlerin kilidi açıldı.'));
    expect(s.requests.filter((r) => r.method === 'PUT').map((r) => [r.path, r.body])).toEqual([[`${API}/journals-lock`, { id: 73 }], [`${API}/journals-unlock`, { id: 72 }]]);
  });

  it('deletes a period after a confirmation that says the later ones go too, and shows why a locked one stays', async () => {
    const s = ledgerServer();
    s.on(`DELETE ${API}/journals/{id}`, () => problem(409, 'Çakışma', { detail: 'Silinecek dönemlerden biri kilitli ya da fiş taşıyor.', code: 'JOURNAL_IN_USE' }));
    const { toasts } = await renderWorkbench({ plugins: [accounting], path: '/journals', server: s, signedIn: true });
    const table = await periods();
    const user = userEvent.setup();
    await user.click(within(row(table, 3)).getByRole('button', { name: 'Dönemi sil' }));
    expect(await screen.findByText('3. dönem silinsin mi?')).toBeInTheDocument();
    expect(screen.getByText(/sonraki tüm dönemler de silinir/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Evet' }));
    await waitFor(() => expect(toasts.shown.map((x) => String(x.message))).toContain('HATALI — Silinecek dönemlerden biri kilitli ya da fiş taşıyor.'));
    s.on(`DELETE ${API}/journals/{id}`, () => new Response(null, { status: 204 }));
    await user.click(within(row(table, 4)).getByRole('button', { name: 'Dönemi sil' }));
    await user.click(await screen.findByRole('button', { name: 'Evet' }));
    await waitFor(() => expect(toasts.shown.map((x) => x.message)).toContain('BAŞARILI — Başarıyla silindi.'));
    expect(s.requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual([`${API}/journals/73`, `${API}/journals/74`]);
  });

  it('orders the year\'s entries for the session\'s company and warns when the check finds them out of order', async () => {
    const s = ledgerServer();
    s.on(`GET ${API}/transactions-order/{companyId}/{startDate}/{endDate}`, () => json({ ordered: false, entries: 42, message: 'Yevmiye fişleri sırasız!' }));
    s.on(`POST ${API}/transactions-order/{year}/{companyId}`, () => json({ ordered: true, entries: 42, message: null }));
    const { toasts } = await renderWorkbench({ plugins: [accounting], path: '/journals', server: s, signedIn: true });
    await periods();
    // The page checks by itself and says so on the page.
    expect(await screen.findByText('Yevmiye fişleri sırasız!')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Sırayı kontrol et' }));
    await waitFor(() => expect(toasts.shown.map((x) => x.message)).toContain('UYARI — Yevmiye fişleri sırasız!'));
    expect(s.requests.filter((r) => r.path.startsWith(`${API}/transactions-order/`)).at(-1)?.path).toBe(`${API}/transactions-order/2/2026-01-01/2026-12-31`);

    s.on(`GET ${API}/transactions-order/{companyId}/{startDate}/{endDate}`, () => json({ ordered: true, entries: 42, message: null }));
    await user.click(screen.getByRole('button', { name: 'Fişleri sırala' }));
    expect(await screen.findByText(/2026 mali yılının fişleri tarih sırasına göre/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Evet' }));
    await waitFor(() => expect(toasts.shown.map((x) => x.message)).toContain('BAŞARILI — Yevmiye fişleri sıralandı (42 fiş).'));
    expect(s.requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([`${API}/transactions-order/7/2`]);
    await waitFor(() => expect(screen.queryByText('Yevmiye fişleri sırasız!')).toBeNull());
  });

  it('shows the ordering failure in the server\'s words', async () => {
    const s = ledgerServer();
    s.on(`POST ${API}/transactions-order/{year}/{companyId}`, () => problem(409, 'Sıralama işleminde hata oluştu!', { detail: 'Sıralama işleminde hata oluştu! Dönem kilitli.', code: 'JOURNAL_ORDERING_FAILED' }));
    const { toasts } = await renderWorkbench({ plugins: [accounting], path: '/journals', server: s, signedIn: true });
    await periods();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Fişleri sırala' }));
    await user.click(await screen.findByRole('button', { name: 'Evet' }));
    await waitFor(() => expect(toasts.shown.map((x) => String(x.message))).toContain('HATALI — Sıralama işleminde hata oluştu! Dönem kilitli.'));
  });

  it('adds the next period to a passive year, inside the year', async () => {
    const s = ledgerServer();
    s.on(`POST ${API}/journals`, async (req) => json({ ...JOURNALS[0], id: 90, fiscalYearId: 6, period: 1, ...(await req.json() as object) }, { status: 201 }));
    const { toasts } = await renderWorkbench({ plugins: [accounting], path: '/journals', server: s, signedIn: true });
    await periods();
    const user = userEvent.setup();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Mali yıl' }), '6');
    await waitFor(() => expect(lastQuery(s, `${API}/journals`).get('fiscalYearId')).toBe('6'));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Dönem ekle' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Dönem ekle' }));
    const form = await screen.findByRole('form', { name: 'Dönem ekle' });
    expect(control(form, 'Dönemin bitiş tarihi')).toHaveAccessibleDescription('Yeni dönem 01/01/2025 tarihinde başlar; bitişi mali yılın içinde (31/12/2025 veya önce) olmalıdır.');
    await user.type(control(form, 'Dönemin bitiş tarihi'), '31012026');
    await user.click(within(form).getByRole('button', { name: 'Kaydet' }));
    expect(control(form, 'Dönemin bitiş tarihi')).toHaveAccessibleDescription('Bitiş tarihi 01/01/2025 ile 31/12/2025 arasında olmalıdır.');
    await user.clear(control(form, 'Dönemin bitiş tarihi'));
    await user.type(control(form, 'Dönemin bitiş tarihi'), '31032025');
    await user.click(within(form).getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(toasts.shown.map((x) => x.message)).toContain('BAŞARILI — Başarıyla eklendi.'));
    expect(s.requests.find((r) => r.method === 'POST')?.body).toEqual({ fiscalYearId: 6, endDate: '2025-03-31' });
  });

  it('shows a viewer the periods without lock, delete or ordering', async () => {
    const s = ledgerServer(VIEWER);
    await renderWorkbench({ plugins: [accounting], path: '/journals', server: s, signedIn: true });
    const table = await periods();
    expect(within(table).queryByRole('button', { name: 'Kilitle' })).toBeNull();
    expect(within(table).queryByRole('button', { name: 'Dönemi sil' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Fişleri sırala' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Sırayı kontrol et' })).toBeInTheDocument();
  });
});
