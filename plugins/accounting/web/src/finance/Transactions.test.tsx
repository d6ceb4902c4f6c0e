import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Theme, validateWebPlugin, visibleMenu, isWidgetVisible } from '@tezgah/core';
import { renderWorkbench } from '../../../../../packages/workbench/test/render';
import { json, problem } from '../../../../../packages/workbench/test/fake-server';
import { homePlugin } from '../../../../../packages/workbench/src/builtin/home/plugin';
import full from '../index';
import { today } from '../ledger/model';
import { API, AYSE, OWNER, SUMMARY, TRANSACTIONS, VIEWER, control, money, moneyServer, requestsTo } from './testing';
import { readOpening, readRate, monthOf } from './model';

type User = ReturnType<typeof userEvent.setup>;
const gate = (codes: string[]) => ({ authorities: codes.map((c) => ({ authorityCode: c, companyId: 2 })), companyId: 2, theme: Theme.DEFAULT });

async function openForm(user: User, button: 'Virman' | 'Tahsilat' | 'Ödeme') {
  const page = await screen.findByRole('region', { name: 'Para Hareketleri' }, { timeout: 5000 });
  await user.click(within(page).getByRole('button', { name: button }));
  const form = await screen.findByRole('form', { name: button });
  // The accounts come from the summary.
  await waitFor(() => expect(within(control(form, button === 'Virman' ? 'Çıkış hesabı' : button === 'Tahsilat' ? 'Tahsil edilen hesap' : 'Ödeme yapılan hesap')).getAllByRole('option').length).toBeGreaterThan(1));
  return form;
}

describe('the money rules', () => {
  it('read amounts and rates the Turkish way', () => {
    expect(readOpening('1.999,90')).toEqual({ value: '1999.90' });
    expect(readOpening('0')).toEqual({ value: '0.00' });
    expect(readOpening('-250')).toEqual({ error: 'amountPositive' });
    expect(readOpening('-1.250,5', true)).toEqual({ value: '-1250.50' });
    expect(readOpening('12,345')).toEqual({ error: 'amountDecimals' });
    expect(readRate('32,4567')).toEqual({ value: '32.4567' });
    expect(readRate('0')).toEqual({ error: 'rateFormat' });
    expect(readRate('1,1234567')).toEqual({ error: 'rateFormat' });
    expect(readRate('')).toBeNull();
    expect(monthOf('2026-02-14')).toEqual({ startDate: '2026-02-01', endDate: '2026-02-28' });
  });
});

describe('the money screens\' declarations', () => {
  it('put Para Hareketleri and Kasa under Finans, gated by the safe and bank modules, with the home widget', () => {
    expect(validateWebPlugin(money)).toEqual([]);
    expect(validateWebPlugin(full)).toEqual([]);
    const group = visibleMenu(full.menu!, gate(VIEWER)).find((m) => m.id === 'finance-category')!;
    expect(group.title).toBe('Finans');
    expect(group.children!.map((c) => [c.title, c.route])).toEqual(expect.arrayContaining([['Para Hareketleri', '/finance'], ['Kasa', '/safe']]));
    // A bank-only user sees the transactions but not the safes.
    const bankOnly = visibleMenu(full.menu!, gate(['3_1'])).find((m) => m.id === 'finance-category')!;
    expect(bankOnly.children!.map((c) => c.route)).toContain('/finance');
    expect(bankOnly.children!.map((c) => c.route)).not.toContain('/safe');
    expect(visibleMenu(full.menu!, gate(['6_1'])).some((m) => m.id === 'finance-category')).toBe(false);
    const widget = full.widgets!.find((w) => w.id === 'cash-bank')!;
    expect(widget.title).toBe('Kasa ve Banka');
    expect(isWidgetVisible(widget, gate(['2_1']))).toBe(true);
    expect(isWidgetVisible(widget, gate(['3_1']))).toBe(true);
    expect(isWidgetVisible(widget, gate(['6_1', '2_2']))).toBe(false);
  });
});

describe('the "Kasa ve Banka" widget', () => {
  it('shows the cash and bank totals, each account\'s balance and this month\'s money in and out', async () => {
    const s = moneyServer(VIEWER);
    await renderWorkbench({ plugins: [homePlugin, money], path: '/summary', server: s, signedIn: true });
    const card = await screen.findByLabelText('Kasa ve Banka', {}, { timeout: 5000 });
    const totals = await within(card).findByRole('table', { name: 'Kasa ve banka toplamları' });
    expect(within(totals).getByRole('row', { name: /Kasa toplamı/ })).toHaveTextContent('19.550,00 ₺');
    expect(within(totals).getByRole('row', { name: /Banka toplamı/ })).toHaveTextContent('48.000,10 ₺');
    expect(within(totals).getByRole('row', { name: /Genel toplam/ })).toHaveTextContent('67.550,10 ₺');
    const accounts = within(card).getByRole('table', { name: 'Hesap bakiyeleri' });
    expect(within(accounts).getAllByRole('row')).toHaveLength(4);
    expect(within(accounts).getByRole('link', { name: 'Merkez Kasa' })).toHaveAttribute('href', '/safe/1');
    expect(within(accounts).getByRole('link', { name: 'Ziraat Vadesiz' })).toHaveAttribute('href', '/bank/5');
    expect(within(accounts).getByText('Döviz Kasası').closest('tr')).toHaveTextContent('100,00 USD · 3.250,00 ₺');
    expect(within(accounts).getByText('Garanti Euro').closest('tr')).toHaveTextContent('85,50 EUR · 3.000,00 ₺');
    const month = within(card).getByRole('table', { name: /Bu ayın hareketleri|Bu ay/ });
    expect(month).toHaveTextContent('Bu ay (01/03/2026 – 31/03/2026)');
    expect(within(month).getByRole('row', { name: /Giren/ })).toHaveTextContent('12.500,50 ₺');
    expect(within(month).getByRole('row', { name: /Çıkan/ })).toHaveTextContent('1.999,90 ₺');
    expect(within(month).getByRole('row', { name: /Net/ })).toHaveTextContent('10.500,60 ₺');
  });

  it('is not shown without the safe or bank view', async () => {
    const s = moneyServer(['6_1']);
    await renderWorkbench({ plugins: [homePlugin, money], path: '/summary', server: s, signedIn: true });
    await screen.findByRole('region', { name: 'Ana Sayfa' }, { timeout: 5000 });
    expect(screen.queryByLabelText('Kasa ve Banka')).toBeNull();
    expect(requestsTo(s, 'GET', `${API}/summaries`)).toHaveLength(0);
  });
});

describe('/finance', () => {
  it('lists the transactions with their sides, amounts and cancellation state, and filters them', async () => {
    const s = moneyServer();
    await renderWorkbench({ plugins: [money], path: '/finance', server: s, signedIn: true });
    const table = await screen.findByRole('table', { name: 'İşlemler' }, { timeout: 5000 });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(4));
    const transfer = within(table).getByText('Kasadan bankaya').closest('tr')!;
    expect(transfer).toHaveTextContent('14/03/2026');
    expect(transfer).toHaveTextContent('Virman');
    expect(transfer).toHaveTextContent('Merkez Kasa');
    expect(transfer).toHaveTextContent('Ziraat Vadesiz');
    expect(transfer).toHaveTextContent('1.999,90 TL');
    expect(within(transfer).getByRole('button', { name: /İptal et/ })).toBeInTheDocument();
    const cancelled = within(table).getByText('İptal edildi').closest('tr')!;
    expect(cancelled).toHaveTextContent('Tahsilat');
    expect(within(cancelled).queryByRole('button', { name: /İptal et/ })).toBeNull();
    expect(within(within(table).getByText('İptal kaydı').closest('tr')!).queryByRole('button', { name: /İptal et/ })).toBeNull();
    // The summary sits above.
    expect(await screen.findByRole('table', { name: 'Kasa ve banka toplamları' })).toHaveTextContent('67.550,10');

    const user = userEvent.setup();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Tür' }), 'COLLECTION');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Hesap' }), 'BANK_ACCOUNT:6');
    await user.type(screen.getByLabelText('Başlangıç tarihi'), '01032026');
    await waitFor(() => {
      const q = new URL(`http://x${requestsTo(s, 'GET', `${API}/transactions`).at(-1)!.path}`).searchParams;
      expect([q.get('type'), q.get('accountKind'), q.get('accountId'), q.get('startDate'), q.get('sort')]).toEqual(['COLLECTION', 'BANK_ACCOUNT', '6', '2026-03-01', 'date,desc']);
    });
  });

  it('records a transfer: the receiving account\'s rate is asked only when the currencies differ, and the right body is sent', async () => {
    const s = moneyServer();
    s.on(`POST ${API}/transactions`, async (req) => json({ ...TRANSACTIONS[0], ...(await req.json() as object), id: 40, entryNo: 45 }, { status: 201 }));
    const { toasts } = await renderWorkbench({ plugins: [money], path: '/finance', server: s, signedIn: true });
    const user = userEvent.setup();
    const form = await openForm(user, 'Virman');
    expect(control(form, 'Tarih')).toHaveValue(today().split('-').reverse().join('/'));

    // Lira to lira: no rate at all.
    await user.selectOptions(control(form, 'Çıkış hesabı'), 'SAFE:1');
    await user.selectOptions(control(form, 'Giriş hesabı'), 'BANK_ACCOUNT:5');
    expect(within(form).queryByLabelText(/kuru/)).toBeNull();
    expect(within(form).queryByLabelText(/^Kur/)).toBeNull();
    // Lira to euro: the receiving account's rate.
    await user.selectOptions(control(form, 'Giriş hesabı'), 'BANK_ACCOUNT:6');
    expect(control(form, 'Giriş hesabının kuru (EUR)')).toHaveAccessibleDescription('Boş bırakılırsa o günün TCMB döviz alış kuru kullanılır.');
    expect(within(form).queryByLabelText(/^Kur \(/)).toBeNull();
    // Dollar to lira: the giving account's rate, not the receiving one's.
    await user.selectOptions(control(form, 'Çıkış hesabı'), 'SAFE:2');
    await user.selectOptions(control(form, 'Giriş hesabı'), 'SAFE:1');
    expect(control(form, 'Kur (USD)')).toBeInTheDocument();
    expect(within(form).queryByLabelText(/Giriş hesabının kuru/)).toBeNull();
    expect(control(form, 'Tutar (USD)')).toBeInTheDocument();

    // Back to lira → euro, with the rules at the fields.
    await user.selectOptions(control(form, 'Çıkış hesabı'), 'SAFE:1');
    await user.selectOptions(control(form, 'Giriş hesabı'), 'BANK_ACCOUNT:6');
    await user.type(control(form, 'Giriş hesabının kuru (EUR)'), '0');
    await user.click(within(form).getByRole('button', { name: 'Kaydet' }));
    expect(control(form, 'Tutar (TL)')).toHaveAccessibleDescription('Tutar zorunludur.');
    expect(control(form, 'Giriş hesabının kuru (EUR)')).toHaveAccessibleDescription('Kur sıfırdan büyük, en fazla 6 ondalıklı bir sayı olmalıdır (32,4567).');
    expect(requestsTo(s, 'POST', `${API}/transactions`)).toHaveLength(0);
    await user.type(control(form, 'Tutar (TL)'), '1999,9');
    await user.tab();
    expect(control(form, 'Tutar (TL)')).toHaveValue('1.999,90');
    await user.clear(control(form, 'Giriş hesabının kuru (EUR)'));
    await user.type(control(form, 'Giriş hesabının kuru (EUR)'), '35,5');
    expect(within(form).getByText('Giriş hesabına 56,34 EUR girer (TL karşılığı 1.999,90).')).toBeInTheDocument();
    await user.type(control(form, 'Açıklama'), 'Euro hesabına');
    await user.click(within(form).getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(toasts.shown.map((x) => x.message)).toContain('BAŞARILI — Virman kaydedildi (yevmiye fişi 45).'));
    expect(requestsTo(s, 'POST', `${API}/transactions`)[0]!.body).toEqual({
      type: 'TRANSFER', date: today(), amount: '1999.90', from: { kind: 'SAFE', id: 1 }, to: { kind: 'BANK_ACCOUNT', id: 6 }, toRate: '35.5', explanation: 'Euro hesabına',
    });
  });

  it('refreshes the summary, this month\'s range and the first page of the movements after a transaction', async () => {
    const s = moneyServer();
    s.on(`POST ${API}/transactions`, async (req) => json({ ...TRANSACTIONS[0], ...(await req.json() as object), id: 40, entryNo: 45 }, { status: 201 }));
    await renderWorkbench({ plugins: [money], path: '/finance', server: s, signedIn: true });
    const user = userEvent.setup();
    await screen.findByRole('table', { name: 'Kasa ve banka toplamları' }, { timeout: 5000 });
    await user.click(screen.getByRole('tab', { name: 'Kasa ve banka hareketleri' }));
    const lines = await screen.findByRole('table', { name: 'Kasa ve banka hareketleri' });
    await within(lines).findByText('Kasadan bankaya');
    // Each line with its account's balance after it, as the server gives it.
    expect(within(lines).getByText('Kasadan bankaya').closest('tr')).toHaveTextContent('16.300,00');
    expect(within(lines).getByText('Perakende satış').closest('tr')).toHaveTextContent('18.299,90');
    expect(new URL(`http://x${requestsTo(s, 'GET', `${API}/transaction-lines`).at(-1)!.path}`).searchParams.get('accountGroups')).toBe('100,102,108');
    const summaries = requestsTo(s, 'GET', `${API}/summaries`).length;
    const linePages = requestsTo(s, 'GET', `${API}/transaction-lines`).length;
    const form = await openForm(user, 'Virman');
    await user.selectOptions(control(form, 'Çıkış hesabı'), 'SAFE:1');
    await user.selectOptions(control(form, 'Giriş hesabı'), 'BANK_ACCOUNT:5');
    await user.type(control(form, 'Tutar (TL)'), '500');
    await user.click(within(form).getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(requestsTo(s, 'GET', `${API}/transaction-lines`).length).toBeGreaterThan(linePages));
    // The form's account list and the page's summary both read the summary again.
    await waitFor(() => expect(requestsTo(s, 'GET', `${API}/summaries`).length).toBeGreaterThan(summaries + 1));
    expect(new URL(`http://x${requestsTo(s, 'GET', `${API}/transaction-lines`).at(-1)!.path}`).searchParams.get('page')).toBe('0');
  });

  it('marks the balances stale after a transaction, also those read by a screen no longer shown', async () => {
    const s = moneyServer();
    s.on(`POST ${API}/transactions`, async (req) => json({ ...TRANSACTIONS[0], ...(await req.json() as object), id: 42, entryNo: 47 }, { status: 201 }));
    const { queryClient } = await renderWorkbench({ plugins: [money], path: '/finance', server: s, signedIn: true });
    const user = userEvent.setup();
    await screen.findByRole('table', { name: 'Kasa ve banka toplamları' }, { timeout: 5000 });
    // What another screen read before (a bank account's page, the pickers of a form since closed): in the cache, on no screen.
    const elsewhere = [['GET', `${API}/summaries`, { from: 'elsewhere' }], ['GET', `${API}/bank-accounts/{id}`, { id: 5 }]];
    for (const key of elsewhere) queryClient.setQueryData(key, SUMMARY);
    expect(elsewhere.map((key) => queryClient.getQueryState(key)!.isInvalidated)).toEqual([false, false]);
    const form = await openForm(user, 'Virman');
    await user.selectOptions(control(form, 'Çıkış hesabı'), 'SAFE:1');
    await user.selectOptions(control(form, 'Giriş hesabı'), 'BANK_ACCOUNT:5');
    await user.type(control(form, 'Tutar (TL)'), '500');
    await user.click(within(form).getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(requestsTo(s, 'POST', `${API}/transactions`)).toHaveLength(1));
    // The next screen to show them reads them again instead of showing the balances from before the transfer.
    await waitFor(() => expect(elsewhere.map((key) => queryClient.getQueryState(key)!.isInvalidated)).toEqual([true, true]));
  });

  it('needs a current for a collection, and sends it with the receiving account only', async () => {
    const s = moneyServer();
    s.on(`POST ${API}/transactions`, async (req) => json({ ...TRANSACTIONS[1], ...(await req.json() as object), id: 41, entryNo: 46, reversedById: null }, { status: 201 }));
    const { toasts } = await renderWorkbench({ plugins: [money], path: '/finance', server: s, signedIn: true });
    const user = userEvent.setup();
    const form = await openForm(user, 'Tahsilat');
    expect(within(form).queryByLabelText(/Çıkış hesabı/)).toBeNull();
    await user.type(control(form, 'Tutar'), '1.250');
    await user.selectOptions(control(form, 'Tahsil edilen hesap'), 'SAFE:1');
    await user.click(within(form).getByRole('button', { name: 'Kaydet' }));
    expect(control(form, 'Cari hesap')).toHaveAccessibleDescription('Cari hesap seçiniz.');
    expect(requestsTo(s, 'POST', `${API}/transactions`)).toHaveLength(0);

    const box = control(form, 'Cari hesap');
    await user.click(box);
    await user.type(box, 'ayş');
    await screen.findByRole('option', { name: /Ayşe Yılmaz/ });
    await user.keyboard('{Enter}');
    await waitFor(() => expect(box).toHaveValue('Ayşe Yılmaz'));
    expect(new URL(`http://x${requestsTo(s, 'GET', `${API}/currents`).at(-1)!.path}`).searchParams.get('active')).toBe('true');
    await user.click(within(form).getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(toasts.shown.map((x) => x.message)).toContain('BAŞARILI — Tahsilat kaydedildi (yevmiye fişi 46).'));
    expect(requestsTo(s, 'POST', `${API}/transactions`)[0]!.body).toEqual({ type: 'COLLECTION', date: today(), amount: '1250.00', to: { kind: 'SAFE', id: 1 }, currentId: AYSE.id });
  });

  it('puts the server\'s refusals at their fields (no rate stored for the day)', async () => {
    const s = moneyServer();
    s.on(`POST ${API}/transactions`, () => problem(400, 'Doğrulama hatası', {
      code: 'VALIDATION_FAILED', fieldErrors: [{ field: 'rate', message: '14/03/2026 için USD kuru kayıtlı değil; kuru girin.', code: 'RATE_REQUIRED' }],
    }));
    await renderWorkbench({ plugins: [money], path: '/finance', server: s, signedIn: true });
    const user = userEvent.setup();
    const form = await openForm(user, 'Ödeme');
    await user.selectOptions(control(form, 'Ödeme yapılan hesap'), 'SAFE:2');
    await user.type(control(form, 'Tutar (USD)'), '10');
    const box = control(form, 'Cari hesap');
    await user.click(box);
    await user.type(box, 'selçuk');
    await screen.findByRole('option', { name: /Selçuk Ecza Deposu/ });
    await user.keyboard('{Enter}');
    await user.click(within(form).getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(control(form, 'Kur (USD)')).toHaveAccessibleDescription('14/03/2026 için USD kuru kayıtlı değil; kuru girin.'));
    expect(requestsTo(s, 'POST', `${API}/transactions`)[0]!.body).toEqual({ type: 'PAYMENT', date: today(), amount: '10.00', from: { kind: 'SAFE', id: 2 }, currentId: 9 });
  });

  it('cancels a transaction after the confirmation and reads the list and the summary again', async () => {
    const s = moneyServer();
    s.on(`POST ${API}/transactions/{id}/reverse`, () => json({ ...TRANSACTIONS[0], id: 44, reversesId: 31, entryNo: 47 }, { status: 201 }));
    const { toasts } = await renderWorkbench({ plugins: [money], path: '/finance', server: s, signedIn: true });
    const table = await screen.findByRole('table', { name: 'İşlemler' }, { timeout: 5000 });
    const row = (await within(table).findByText('Kasadan bankaya')).closest('tr')!;
    const summaries = requestsTo(s, 'GET', `${API}/summaries`).length;
    const lists = requestsTo(s, 'GET', `${API}/transactions`).length;
    const user = userEvent.setup();
    await user.click(within(row).getByRole('button', { name: /İptal et/ }));
    expect(await screen.findByText('14/03/2026 tarihli Virman iptal edilsin mi?')).toBeInTheDocument();
    expect(screen.getByText('1.999,90 TL (Merkez Kasa → Ziraat Vadesiz) ters kayıtla iptal edilir; işlem silinmez, iptal kaydı listede görünür.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Evet' }));
    await waitFor(() => expect(toasts.shown.map((x) => x.message)).toContain('BAŞARILI — İşlem iptal edildi (ters kayıt fişi 47).'));
    expect(requestsTo(s, 'POST', `${API}/transactions/31/reverse`)).toHaveLength(1);
    await waitFor(() => expect(requestsTo(s, 'GET', `${API}/transactions`).length).toBeGreaterThan(lists));
    await waitFor(() => expect(requestsTo(s, 'GET', `${API}/summaries`).length).toBeGreaterThan(summaries));
  });

  it('shows a viewer the transactions without the record and cancel buttons', async () => {
    const s = moneyServer(VIEWER);
    await renderWorkbench({ plugins: [money], path: '/finance', server: s, signedIn: true });
    const table = await screen.findByRole('table', { name: 'İşlemler' }, { timeout: 5000 });
    await within(table).findByText('Kasadan bankaya');
    expect(within(table).queryByRole('button', { name: /İptal et/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Virman' })).toBeNull();
    expect(OWNER).toContain('2_7');
    expect(SUMMARY.total).toBe(67550.1);
  });
});
