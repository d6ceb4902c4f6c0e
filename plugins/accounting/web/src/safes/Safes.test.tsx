import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createTezgahApi, memoryTokenStore } from '@tezgah/sdk';
import { renderWorkbench } from '../../../../../packages/workbench/test/render';
import { json, problem, token } from '../../../../../packages/workbench/test/fake-server';
import { today } from '../ledger/model';
import { API, SAFES, SAFE_LINES, VIEWER, control, money, moneyServer, requestsTo } from '../finance/testing';
import { linesWithBalance } from './SafeDetailPage';

async function safes() {
  const table = await screen.findByRole('table', { name: 'Kasalar' }, { timeout: 5000 });
  await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
  return table;
}
const row = (table: HTMLElement, name: string) => within(table).getByText(name).closest('tr')!;

describe('/safe', () => {
  it('lists the safes with their balances in their own currency and in lira', async () => {
    const s = moneyServer();
    await renderWorkbench({ plugins: [money], path: '/safe', server: s, signedIn: true });
    const table = await safes();
    const main = row(table, 'Merkez Kasa');
    expect(within(main).getByRole('link', { name: 'Merkez Kasa' })).toHaveAttribute('href', '/safe/1');
    expect(main).toHaveTextContent('100.01');
    expect(main).toHaveTextContent('16.300,00 TL');
    const usd = row(table, 'Döviz Kasası');
    expect(usd).toHaveTextContent('USD');
    expect(usd).toHaveTextContent('100,00 USD');
    expect(usd).toHaveTextContent('3.250,00');
    expect(new URL(`http://x${requestsTo(s, 'GET', `${API}/safes`).at(-1)!.path}`).searchParams.get('sort')).toBe('name,asc');
  });

  it('adds a safe: name required, the opening rate only for a foreign currency, the opening typed the Turkish way', async () => {
    const s = moneyServer();
    let tries = 0;
    s.on(`POST ${API}/safes`, async (req) => {
      tries++;
      if (tries === 1) return problem(409, 'Çakışma', { detail: 'Bu isimde bir kasa zaten var.', code: 'SAFE_NAME_TAKEN', fieldErrors: [{ field: 'name', message: 'Bu isimde bir kasa zaten var.' }] });
      return json({ ...SAFES[1], ...(await req.json() as object), id: 3 }, { status: 201 });
    });
    const { toasts } = await renderWorkbench({ plugins: [money], path: '/safe?new=1', server: s, signedIn: true });
    const form = await screen.findByRole('form', { name: 'Kasa ekle' }, { timeout: 5000 });
    const user = userEvent.setup();
    await user.click(within(form).getByRole('button', { name: 'Kaydet' }));
    expect(control(form, 'Kasa adı')).toHaveAccessibleDescription('Kasa adı zorunludur.');
    expect(within(form).queryByLabelText(/Açılış kuru/)).toBeNull();
    await user.type(control(form, 'Kasa adı'), 'Merkez Kasa');
    await user.type(control(form, 'Açılış bakiyesi (TL)'), '1999,9');
    await user.tab();
    expect(control(form, 'Açılış bakiyesi (TL)')).toHaveValue('1.999,90');
    // The counter account is offered once there is an opening balance.
    expect(control(form, 'Karşı hesap')).toHaveAccessibleDescription('Boş bırakılırsa 570 Geçmiş Yıllar Kârları.');
    await user.click(within(form).getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(control(form, 'Kasa adı')).toHaveAccessibleDescription('Bu isimde bir kasa zaten var.'));

    await user.clear(control(form, 'Kasa adı'));
    await user.type(control(form, 'Kasa adı'), 'Döviz Kasası');
    await user.selectOptions(control(form, 'Para birimi'), '2');
    expect(control(form, 'Açılış kuru (USD)')).toHaveAccessibleDescription('Boş bırakılırsa o günün TCMB döviz alış kuru kullanılır.');
    await user.type(control(form, 'Açılış kuru (USD)'), '32,5');
    await user.type(control(form, 'Açıklama'), 'Döviz için');
    await user.click(within(form).getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(toasts.shown.map((x) => x.message)).toContain('BAŞARILI — Başarıyla eklendi.'));
    expect(requestsTo(s, 'POST', `${API}/safes`).at(-1)!.body).toEqual({
      name: 'Döviz Kasası', currencyId: 2, openingBalance: '1999.90', openingDate: today(), openingRate: '32.5', explanation: 'Döviz için', tagIds: [],
    });
  });

  it('edits a safe without touching its opening, and deletes one after the confirmation (a safe with movements stays)', async () => {
    const s = moneyServer();
    s.on(`PUT ${API}/safes`, async (req) => json({ ...SAFES[0], ...(await req.json() as object) }));
    s.on(`DELETE ${API}/safes/{id}`, () => problem(409, 'Çakışma', { detail: 'Hareketi olan bir kasa silinemez.', code: 'SAFE_HAS_MOVEMENTS' }));
    const { toasts } = await renderWorkbench({ plugins: [money], path: '/safe', server: s, signedIn: true });
    const table = await safes();
    const user = userEvent.setup();
    await user.click(within(row(table, 'Merkez Kasa')).getByRole('button', { name: /Kasayı düzenle/ }));
    const form = await screen.findByRole('form', { name: 'Kasayı düzenle' });
    expect(control(form, 'Açılış bakiyesi (TL)')).toHaveValue('15.000,00');
    expect(control(form, 'Açılış tarihi')).toHaveValue('01/01/2026');
    await user.clear(control(form, 'Kasa adı'));
    await user.type(control(form, 'Kasa adı'), 'Tezgah Kasası');
    await user.click(within(form).getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(toasts.shown.map((x) => x.message)).toContain('BAŞARILI — Başarıyla güncellendi.'));
    expect(requestsTo(s, 'PUT', `${API}/safes`)[0]!.body).toEqual({
      id: 1, name: 'Tezgah Kasası', currencyId: 1, openingBalance: '15000.00', openingDate: '2026-01-01', explanation: 'Eczane tezgahı', tagIds: [],
    });

    await user.click(within(row(table, 'Döviz Kasası')).getByRole('button', { name: /Kasayı sil/ }));
    expect(await screen.findByText('Yalnızca açılış bakiyesi dışında hareketi olmayan kasa silinir; açılış fişi ters kayıtla iptal edilir.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Evet' }));
    await waitFor(() => expect(toasts.shown.map((x) => String(x.message))).toContain('HATALI — Hareketi olan bir kasa silinemez.'));
    expect(requestsTo(s, 'DELETE', `${API}/safes/2`)).toHaveLength(1);
  });

  it('shows a viewer the safes without changes', async () => {
    const s = moneyServer(VIEWER);
    await renderWorkbench({ plugins: [money], path: '/safe', server: s, signedIn: true });
    const table = await safes();
    expect(within(table).queryByRole('button', { name: /Kasayı düzenle/ })).toBeNull();
    expect(within(table).queryByRole('button', { name: /Kasayı sil/ })).toBeNull();
  });
});

describe('/safe/:id', () => {
  it('shows the safe\'s movements, newest first, with the balance after each, and its details', async () => {
    const s = moneyServer();
    await renderWorkbench({ plugins: [money], path: '/safe/1', server: s, signedIn: true });
    const page = await screen.findByRole('region', { name: 'Merkez Kasa' }, { timeout: 5000 });
    expect(within(page).getByLabelText('Bakiye')).toHaveTextContent('16.300,00 TL');
    const lines = await within(page).findByRole('table', { name: 'Hareketler' });
    await waitFor(() => expect(within(lines).getAllByRole('row')).toHaveLength(6));
    const q = new URL(`http://x${requestsTo(s, 'GET', `${API}/transaction-lines`).at(-1)!.path}`).searchParams;
    expect([q.get('accountKind'), q.get('accountId'), q.get('page')]).toEqual(['SAFE', '1', '0']);
    expect(within(lines).getByText('Kasadan bankaya').closest('tr')).toHaveTextContent('14/03/202642Kasadan bankaya1.999,9016.300,00');
    expect(within(lines).getByText('Perakende satış').closest('tr')).toHaveTextContent('3.299,9018.299,90');
    expect(within(lines).getByText('İptal: Tahsilat').closest('tr')).toHaveTextContent('1.250,0015.000,00');
    expect(within(lines).getByText('Merkez Kasa açılış bakiyesi').closest('tr')).toHaveTextContent('15.000,0015.000,00');

    const user = userEvent.setup();
    await user.click(within(page).getByRole('tab', { name: 'Bilgiler' }));
    const info = within(page).getByRole('table', { name: 'Bilgiler' });
    expect(within(info).getByRole('row', { name: /Açılış bakiyesi/ })).toHaveTextContent('15.000,00');
    expect(within(info).getByRole('row', { name: /Açılış tarihi/ })).toHaveTextContent('01/01/2026');
    expect(within(info).getByRole('row', { name: /Açıklama/ })).toHaveTextContent('Eczane tezgahı');
  });

  it('shows a later page with the balances the server gives, in one call', async () => {
    const s = moneyServer();
    const store = memoryTokenStore();
    store.set({ token: token({ cid: 2 }), companyId: 2 });
    const api = createTezgahApi({ baseUrl: 'http://tezgah.test', tokenStore: store, fetch: s.fetch as typeof fetch });
    const page = await linesWithBalance(api, { kind: 'SAFE', id: 1 }, 1, 2);
    expect(page.total).toBe(SAFE_LINES.length);
    expect(page.items.map((l) => [l.explanation, l.balance])).toEqual([['İptal: Tahsilat', 15000], ['Tahsilat: Ayşe', 16250]]);
    const asked = requestsTo(s, 'GET', `${API}/transaction-lines`).map((r) => new URL(`http://x${r.path}`).searchParams);
    expect(asked.map((q) => [q.get('page'), q.get('size')])).toEqual([['1', '2']]);
  });

  it('records a transfer out of the safe from its page and reads the safe again', async () => {
    const s = moneyServer();
    s.on(`POST ${API}/transactions`, async (req) => json({ id: 50, type: 'TRANSFER', entryNo: 48, ...(await req.json() as object) }, { status: 201 }));
    const { toasts } = await renderWorkbench({ plugins: [money], path: '/safe/1', server: s, signedIn: true });
    const page = await screen.findByRole('region', { name: 'Merkez Kasa' }, { timeout: 5000 });
    const reads = requestsTo(s, 'GET', `${API}/safes/1`).length;
    const user = userEvent.setup();
    await user.click(within(page).getByRole('button', { name: 'Virman' }));
    const form = await screen.findByRole('form', { name: 'Virman' });
    await waitFor(() => expect(control(form, 'Çıkış hesabı')).toHaveValue('SAFE:1'));
    await user.selectOptions(control(form, 'Giriş hesabı'), 'BANK_ACCOUNT:5');
    await user.type(control(form, 'Tutar (TL)'), '2.000');
    await user.click(within(form).getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(toasts.shown.map((x) => x.message)).toContain('BAŞARILI — Virman kaydedildi (yevmiye fişi 48).'));
    expect(requestsTo(s, 'POST', `${API}/transactions`)[0]!.body).toMatchObject({ type: 'TRANSFER', amount: '2000.00', from: { kind: 'SAFE', id: 1 }, to: { kind: 'BANK_ACCOUNT', id: 5 } });
    await waitFor(() => expect(requestsTo(s, 'GET', `${API}/safes/1`).length).toBeGreaterThan(reads));
  });
});
