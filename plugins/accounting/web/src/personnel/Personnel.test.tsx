import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Theme, validateWebPlugin, visibleMenu } from '@tezgah/core';
import { renderWorkbench } from '../../../../../packages/workbench/test/render';
import { json, problem } from '../../../../../packages/workbench/test/fake-server';
import full from '../index';
import { today } from '../ledger/model';
import { control, requestsTo } from '../finance/testing';
import { API, PAYMENTS, VIEWER, personnelServer } from './testing';

type User = ReturnType<typeof userEvent.setup>;
const gate = (codes: string[]) => ({ authorities: codes.map((c) => ({ authorityCode: c, companyId: 2 })), companyId: 2, theme: Theme.DEFAULT });

async function payments() {
  const table = await screen.findByRole('table', { name: 'Personel Ödemeleri' }, { timeout: 20_000 });
  await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
  return table;
}
const row = (table: HTMLElement, text: string) => within(table).getByText(text).closest('tr')!;

async function openForm(user: User) {
  await user.click(await screen.findByRole('button', { name: 'Ödeme ekle' }, { timeout: 20_000 }));
  const form = await screen.findByRole('form', { name: 'Ödeme ekle' });
  await waitFor(() => expect(within(control(form, 'Ödeme yapılan hesap')).getAllByRole('option').length).toBeGreaterThan(1));
  await waitFor(() => expect(within(control(form, 'Personel')).getAllByRole('option')).toHaveLength(3));
  return form;
}

describe('the personnel payment screens\' declarations', () => {
  it('put Personel Ödemeleri under Cari Hesaplar for those who may view payments, beside the personnel list', () => {
    expect(validateWebPlugin(full)).toEqual([]);
    const group = full.menu!.find((m) => m.id === 'current-category')!;
    expect(group.children!.find((c) => c.route === '/personnel-payments')).toMatchObject({ title: 'Personel Ödemeleri', module: 8, anyActions: [16], addButton: { module: 8, action: 17 } });
    // The personnel themselves stay the currents' list.
    expect(group.children!.filter((c) => c.route === '/personnel')).toHaveLength(1);
    const routes = (codes: string[]) => visibleMenu(full.menu!, gate(codes)).find((m) => m.id === 'current-category')!.children!.map((c) => c.route);
    expect(routes(['8_16'])).toContain('/personnel-payments');
    expect(routes(['8_1'])).not.toContain('/personnel-payments');
  });
});

describe('/personnel-payments', () => {
  it('lists the payments with their type, account and amount the Turkish way, and filters them', async () => {
    const s = personnelServer();
    await renderWorkbench({ plugins: [full], path: '/personnel-payments', server: s, signedIn: true });
    const table = await payments();
    const can = row(table, 'Can Yıldız');
    expect(within(can).getByRole('link', { name: 'Can Yıldız' })).toHaveAttribute('href', '/personnel/31');
    expect(can).toHaveTextContent('30/01/2026');
    expect(can).toHaveTextContent('Talimatlı');
    expect(can).toHaveTextContent('Ziraat Vadesiz');
    expect(can).toHaveTextContent('38.750,00 TL');
    expect(row(table, 'Elif Şahin')).toHaveTextContent('1.999,90 TL');
    expect(row(table, 'Elif Şahin')).toHaveTextContent('Normal');
    expect(row(table, 'Elif Şahin')).toHaveTextContent('Avans');
    expect(can).toHaveTextContent('Maaş');
    const user = userEvent.setup();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Ödeme tipi' }), 'INSTRUCTED');
    await waitFor(() => expect(within(screen.getByRole('combobox', { name: 'Hesap' })).getAllByRole('option').length).toBeGreaterThan(1));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Hesap' }), 'BANK_ACCOUNT:5');
    await waitFor(() => {
      const q = new URL(`http://x${requestsTo(s, 'GET', `${API}/payments`).at(-1)!.path}`).searchParams;
      expect([q.get('type'), q.get('accountKind'), q.get('accountId'), q.get('sort')]).toEqual(['INSTRUCTED', 'BANK_ACCOUNT', '5', 'date,desc']);
    });
  });

  it('refuses an instructed payment from a safe at the type field, and sends it from a bank account', async () => {
    const s = personnelServer();
    s.on(`POST ${API}/payments`, async (req) => json({ ...PAYMENTS[0], ...(await req.json() as object), id: 42, entryNo: 13 }, { status: 201 }));
    const { toasts } = await renderWorkbench({ plugins: [full], path: '/personnel-payments', server: s, signedIn: true });
    const user = userEvent.setup();
    const form = await openForm(user);
    await user.click(within(form).getByRole('button', { name: 'Kaydet' }));
    expect(control(form, 'Personel')).toHaveAccessibleDescription('Personel seçiniz.');
    expect(control(form, 'Ödeme yapılan hesap')).toHaveAccessibleDescription('Kasa ya da banka hesabını seçiniz.');
    expect(control(form, 'Tutar (TL)')).toHaveAccessibleDescription('Tutar zorunludur.');

    await user.selectOptions(control(form, 'Personel'), '31');
    await user.type(control(form, 'Tutar (TL)'), '0');
    await user.selectOptions(control(form, 'Ödeme yapılan hesap'), 'SAFE:1');
    const instructed = within(form).getByRole('radio', { name: 'Talimatlı' });
    expect(instructed).toHaveAccessibleDescription('Talimatlı ödeme bankaya verilen ödeme talimatıdır; yalnızca banka hesabından yapılır.');
    await user.click(instructed);
    // Said at the field as soon as both are chosen.
    const refusal = 'Talimatlı ödeme kasadan yapılamaz; yalnızca banka hesabından yapılır. Bir banka hesabı seçin ya da Normal ödeme yapın.';
    expect(instructed).toHaveAccessibleDescription(refusal);
    expect(control(form, 'Tutar (TL)')).toHaveAccessibleDescription('Tutar sıfırdan büyük olmalıdır.');
    await user.click(within(form).getByRole('button', { name: 'Kaydet' }));
    expect(instructed).toHaveAccessibleDescription(refusal);
    expect(requestsTo(s, 'POST', `${API}/payments`)).toHaveLength(0);

    await user.selectOptions(control(form, 'Ödeme yapılan hesap'), 'BANK_ACCOUNT:5');
    expect(instructed).not.toHaveAccessibleDescription(refusal);
    await user.clear(control(form, 'Tutar (TL)'));
    await user.type(control(form, 'Tutar (TL)'), '12.500');
    await user.click(within(form).getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(toasts.shown.map((x) => x.message)).toContain('BAŞARILI — Personel ödemesi kaydedildi (yevmiye fişi 13).'));
    expect(requestsTo(s, 'POST', `${API}/payments`)[0]!.body).toEqual({
      personnelId: 31, amount: '12500.00', currencyId: 1, date: today(), account: { accountKind: 'BANK_ACCOUNT', accountId: 5 }, type: 'INSTRUCTED', purpose: 'WAGE', explanation: null,
    });
  });

  it('takes the account\'s currency, asks for the rate of a foreign one, and shows the server\'s answers at their fields', async () => {
    const s = personnelServer();
    s.on(`POST ${API}/payments`, () => problem(400, 'Doğrulama hatası', {
      code: 'VALIDATION_FAILED', fieldErrors: [{ field: 'rate', message: '20/01/2026 için USD kuru kayıtlı değil; kuru girin.', code: 'RATE_REQUIRED' }],
    }));
    await renderWorkbench({ plugins: [full], path: '/personnel-payments', server: s, signedIn: true });
    const user = userEvent.setup();
    const form = await openForm(user);
    await user.selectOptions(control(form, 'Personel'), '32');
    await user.selectOptions(control(form, 'Ödeme yapılan hesap'), 'SAFE:2');
    expect(control(form, 'Para birimi')).toHaveValue('2');
    await user.type(control(form, 'Tutar (USD)'), '100');
    await user.selectOptions(control(form, 'Para birimi'), '1');
    expect(control(form, 'Para birimi')).toHaveAccessibleDescription('Para birimi seçilen hesabın para birimi (USD) olmalıdır.');
    await user.selectOptions(control(form, 'Para birimi'), '2');
    await user.click(within(form).getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(control(form, 'Kur (USD)')).toHaveAccessibleDescription('20/01/2026 için USD kuru kayıtlı değil; kuru girin.'));
    expect(requestsTo(s, 'POST', `${API}/payments`)[0]!.body).toMatchObject({ personnelId: 32, amount: '100.00', currencyId: 2, account: { accountKind: 'SAFE', accountId: 2 }, type: 'NORMAL' });
  });

  it('edits a payment with its fields filled in, and deletes one after the confirmation', async () => {
    const s = personnelServer();
    s.on(`PUT ${API}/payments`, async (req) => json({ ...PAYMENTS[1], ...(await req.json() as object), entryNo: 14 }));
    s.on(`DELETE ${API}/payments/{id}`, () => new Response(null, { status: 204 }));
    const { toasts } = await renderWorkbench({ plugins: [full], path: '/personnel-payments', server: s, signedIn: true });
    const table = await payments();
    const user = userEvent.setup();
    await user.click(within(row(table, 'Elif Şahin')).getByRole('button', { name: /^Ödemeyi düzenle/ }));
    const form = await screen.findByRole('form', { name: 'Ödemeyi düzenle' });
    await waitFor(() => expect(control(form, 'Ödeme yapılan hesap')).toHaveValue('SAFE:1'));
    await waitFor(() => expect(control(form, 'Personel')).toHaveValue('32'));
    expect(control(form, 'Tutar (TL)')).toHaveValue('1.999,90');
    expect(control(form, 'Tarih')).toHaveValue('20/01/2026');
    await user.clear(control(form, 'Tutar (TL)'));
    await user.type(control(form, 'Tutar (TL)'), '2500');
    await user.click(within(form).getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(toasts.shown.map((x) => x.message)).toContain('BAŞARILI — Ödeme güncellendi; eski fişi ters kayıtla iptal edilip yeniden kaydedildi (yevmiye fişi 14).'));
    expect(requestsTo(s, 'PUT', `${API}/payments`)[0]!.body).toEqual({
      id: 40, personnelId: 32, amount: '2500.00', currencyId: 1, date: '2026-01-20', account: { accountKind: 'SAFE', accountId: 1 }, type: 'NORMAL', purpose: 'ADVANCE', explanation: 'Avans',
    });

    await user.click(within(row(table, 'Can Yıldız')).getByRole('button', { name: /^Ödemeyi sil/ }));
    expect(await screen.findByText('30/01/2026 tarihli Can Yıldız ödemesi (38.750,00 TL) silinsin mi?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Evet' }));
    await waitFor(() => expect(toasts.shown.map((x) => x.message)).toContain('BAŞARILI — Ödeme silindi; fişi ters kayıtla iptal edildi.'));
    expect(requestsTo(s, 'DELETE', `${API}/payments/41`)).toHaveLength(1);
  });

  it('shows a viewer the payments without the write buttons', async () => {
    const s = personnelServer(VIEWER);
    await renderWorkbench({ plugins: [full], path: '/personnel-payments', server: s, signedIn: true });
    const table = await payments();
    expect(screen.queryByRole('button', { name: 'Ödeme ekle' })).toBeNull();
    expect(within(table).queryByRole('button', { name: /^Ödemeyi düzenle/ })).toBeNull();
    expect(within(table).queryByRole('button', { name: /^Ödemeyi sil/ })).toBeNull();
  });
});

describe('/personnel/:id', () => {
  it('shows the personnel\'s payments and its statement with the running balance', async () => {
    const s = personnelServer();
    await renderWorkbench({ plugins: [full], path: '/personnel/31', server: s, signedIn: true });
    const page = await screen.findByRole('region', { name: 'Can Yıldız' }, { timeout: 5000 });
    const user = userEvent.setup();
    await user.click(within(page).getByRole('tab', { name: 'Ödemeler' }));
    const list = await within(page).findByRole('table', { name: 'Ödemeler' });
    await waitFor(() => expect(within(list).getAllByRole('row')).toHaveLength(2));
    expect(new URL(`http://x${requestsTo(s, 'GET', `${API}/payments`).at(-1)!.path}`).searchParams.get('personnelId')).toBe('31');

    await user.click(within(page).getByRole('tab', { name: 'Personel hesabı' }));
    const statement = await within(page).findByRole('table', { name: 'Personel hesabı' });
    expect(within(statement).getByText('Ocak 2026 ücret tahakkuku').closest('tr')).toHaveTextContent('29/01/2026');
    expect(within(statement).getByText('Ocak 2026 ücret tahakkuku').closest('tr')).toHaveTextContent('45.000,5045.000,50 A');
    expect(within(statement).getByText('Ocak 2026 net ücret ödemesi').closest('tr')).toHaveTextContent('38.750,006.250,50 A');
    expect(within(statement).getByRole('row', { name: /Toplam ve kapanış bakiyesi/ })).toHaveTextContent('38.750,0045.000,506.250,50 A');
    expect(requestsTo(s, 'GET', `${API}/personnel-statement`).at(-1)!.path).toContain('personnelId=31');
  });
});
