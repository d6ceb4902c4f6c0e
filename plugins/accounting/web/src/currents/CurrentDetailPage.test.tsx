import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { WebPlugin } from '@tezgah/core';
import { renderWorkbench } from '../../../../../packages/workbench/test/render';
import { account, fakeServer, json, problem } from '../../../../../packages/workbench/test/fake-server';
import { composeAreas } from '../area';
import { messages } from '../messages';
import { area } from './contribution';
import { AYSE, control, withLookups } from './testing';

const accounting = composeAreas({ id: 'accounting', title: 'Ön Muhasebe', version: '0.1.0' }, [{ messages }, area]);
const CURRENTS = '/services/onmuhasebe/api/currents';
const MAIN = '/services/onmuhasebe/api/current-main-accounts';
const main = (id: number, code: string, currencyId: number, currencyCode: string, symbol: string) => ({
  id, companyId: 2, currentId: 7, currentName: 'Ayşe', currentAccountType: 'CUSTOMER', accountCode: code, accountName: code === '120' ? 'Alıcılar' : 'Alınan Sipariş Avansları',
  currencyId, currencyCode, currencySymbol: symbol, createdDate: '2026-01-05T09:00:00.000Z',
});

describe('/customer/:id', () => {
  it('shows a patient\'s fields and main accounts; adds a main account in another currency and removes it', async () => {
    let accounts = [main(1, '120', 1, 'TL', '₺')];
    const s = withLookups(fakeServer({
      [`GET ${CURRENTS}/{id}`]: (_r, p) => (p.id === '7' ? json(AYSE) : problem(404, 'Kayıt bulunamadı', { detail: 'Cari hesap bulunamadı.' })),
      [`GET ${MAIN}`]: () => json(accounts, { total: accounts.length }),
      [`POST ${MAIN}`]: async (req) => {
        const b = await req.json() as { accountCode: string; currencyId: number };
        if (b.accountCode === '120' && b.currencyId === 1) {
          return problem(409, 'Çakışma', { detail: 'Bu carinin bu hesap kodu ve para biriminde bir ana hesabı zaten var.', code: 'MAIN_ACCOUNT_EXISTS', fieldErrors: [{ field: 'accountCode', message: 'Bu carinin bu hesap kodu ve para biriminde bir ana hesabı zaten var.' }] });
        }
        const added = main(2, b.accountCode, b.currencyId, 'USD', '$');
        accounts = [...accounts, added];
        return json(added, { status: 201 });
      },
      [`DELETE ${MAIN}/{id}`]: (_r, p) => { accounts = accounts.filter((a) => String(a.id) !== p.id); return new Response(null, { status: 204 }); },
    }));
    s.setAccount(account({ codes: ['6_1', '6_2', '6_3', '6_4'] }));
    const { toasts } = await renderWorkbench({ plugins: [accounting], path: '/customer/7', server: s, signedIn: true });
    // The first page of the file loads its chunks cold: give it time.
    const page = await screen.findByRole('region', { name: 'Ayşe Yılmaz' }, { timeout: 5000 });
    expect(within(page).getByText('Hasta')).toBeInTheDocument();
    const fields = within(page).getByRole('table', { name: 'Bilgiler' });
    expect(within(fields).getByRole('row', { name: /IBAN/ })).toHaveTextContent('TR57 0001 0048 3920 1746 5839 20');
    expect(within(fields).getByRole('row', { name: /^Vergi dairesi/ })).toHaveTextContent('Çankaya Vergi Dairesi Müdürlüğü');
    expect(within(fields).getByRole('row', { name: /^Telefon/ })).toHaveTextContent('(532) 111-2233');
    expect(within(fields).getByRole('row', { name: /Hasta tipi/ })).toHaveTextContent('Maaştan');
    const accountsTable = await within(page).findByRole('table', { name: 'Ana hesaplar' });
    expect(within(accountsTable).getAllByRole('row')).toHaveLength(2);
    // The only main account cannot be removed.
    expect(within(accountsTable).queryByRole('button')).toBeNull();

    const user = userEvent.setup();
    const add = within(page).getByRole('form', { name: 'Ana hesap ekle' });
    await user.click(within(add).getByRole('button', { name: 'Ana hesap ekle' }));
    await waitFor(() => expect(control(add, 'Hesap kodu')).toHaveAccessibleDescription('Bu carinin bu hesap kodu ve para biriminde bir ana hesabı zaten var.'));
    await user.selectOptions(control(add, 'Para birimi'), '2');
    await user.click(within(add).getByRole('button', { name: 'Ana hesap ekle' }));
    await waitFor(() => expect(within(within(page).getByRole('table', { name: 'Ana hesaplar' })).getAllByRole('row')).toHaveLength(3));
    expect(s.requests.filter((r) => r.method === 'POST').at(-1)!.body).toEqual({ currentId: 7, accountCode: '120', currencyId: 2 });
    expect(toasts.shown.map((x) => x.message)).toContain('BAŞARILI — Başarıyla eklendi.');
    await user.click(within(page).getByRole('button', { name: 'Sil: 120 USD' }));
    await waitFor(() => expect(within(within(page).getByRole('table', { name: 'Ana hesaplar' })).getAllByRole('row')).toHaveLength(2));
    expect(s.requests.some((r) => r.method === 'DELETE' && r.path === `${MAIN}/2`)).toBe(true);
  });

  it('says so when the record is not there (another company\'s id)', async () => {
    const s = withLookups(fakeServer({ [`GET ${CURRENTS}/{id}`]: () => problem(404, 'Kayıt bulunamadı', { detail: 'Cari hesap bulunamadı.' }) }));
    s.setAccount(account({ codes: ['6_1'] }));
    await renderWorkbench({ plugins: [accounting], path: '/customer/99', server: s, signedIn: true });
    expect(await screen.findByText('Cari hesap bulunamadı.')).toBeInTheDocument();
    expect(s.requests.some((r) => r.path.startsWith(MAIN))).toBe(false);
  });

  it('edits from the detail page and shows the saved record', async () => {
    // The server keeps what was saved: the page reads the record again after the write.
    let stored = AYSE;
    const s = withLookups(fakeServer({
      [`GET ${CURRENTS}/{id}`]: () => json(stored),
      [`GET ${MAIN}`]: () => json([main(1, '120', 1, 'TL', '₺')], { total: 1 }),
      [`PUT ${CURRENTS}`]: async (req) => { stored = { ...AYSE, ...(await req.json()) }; return json(stored); },
    }));
    s.setAccount(account({ codes: ['6_1', '6_3'] }));
    const { toasts } = await renderWorkbench({ plugins: [accounting], path: '/customer/7', server: s, signedIn: true });
    const page = await screen.findByRole('region', { name: 'Ayşe Yılmaz' });
    expect(within(page).queryByRole('button', { name: 'Sil' })).toBeNull();
    const user = userEvent.setup();
    await user.click(within(page).getByRole('button', { name: 'Hasta düzenle' }));
    const form = await screen.findByRole('form', { name: 'Hasta düzenle' }, { timeout: 5000 });
    await user.clear(control(form, 'Soyad'));
    await user.type(control(form, 'Soyad'), 'Yıldırım');
    await user.click(within(form).getByRole('button', { name: 'Kaydet' }));
    expect(await screen.findByRole('region', { name: 'Ayşe Yıldırım' })).toBeInTheDocument();
    expect(toasts.shown.map((x) => x.message)).toContain('BAŞARILI — Başarıyla güncellendi.');
  });
});

// The shell shows a quick-add's component in its dialog; here a page of a test plugin does.
const quickHost: WebPlugin = {
  id: 'quick', title: 'Quick',
  routes: [{ path: '/quick-account' }, { path: '/quick-customer' }],
  load: { routes: { '/quick-account': accounting.load!.quickAdds!.account!, '/quick-customer': accounting.load!.quickAdds!.customer! } },
};

describe('quick-add dialogs', () => {
  it('"account": the types the user may add, name and account code required, then a clean form', async () => {
    const s = withLookups(fakeServer({ [`POST ${CURRENTS}`]: async (req) => json({ ...AYSE, ...(await req.json()), id: 30 }, { status: 201 }) }));
    s.setAccount(account({ codes: ['5_2', '8_2'] }));
    const { toasts } = await renderWorkbench({ plugins: [accounting, quickHost], path: '/quick-account', server: s, signedIn: true });
    const form = await screen.findByRole('form', { name: 'Hızlı hesap ekle' }, { timeout: 5000 });
    const type = control(form, 'Hesap türü');
    expect(within(type).getAllByRole('option').map((o) => o.textContent)).toEqual(['Tedarikçi', 'Personel']);
    const user = userEvent.setup();
    await user.click(within(form).getByRole('button', { name: 'Kaydet' }));
    expect(control(form, 'Ad')).toHaveAccessibleDescription('Ad zorunludur.');
    await user.selectOptions(type, 'PERSONNEL');
    expect(control(form, 'Hesap kodu')).toHaveValue('335');
    await user.type(control(form, 'Ad'), 'Can Yıldız');
    await user.click(within(form).getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(toasts.shown.map((x) => x.message)).toContain('BAŞARILI — Başarıyla eklendi.'));
    expect(s.requests.find((r) => r.method === 'POST')!.body).toMatchObject({ currentAccountType: 'PERSONNEL', name: 'Can Yıldız', accountGroupCode: '335', currencyId: 1 });
    expect(control(form, 'Ad')).toHaveValue('');
  });

  it('"customer": needs the tax office, picked by city', async () => {
    const s = withLookups(fakeServer({ [`POST ${CURRENTS}`]: async (req) => json({ ...AYSE, ...(await req.json()), id: 31 }, { status: 201 }) }));
    s.setAccount(account({ codes: ['6_2'] }));
    const { toasts } = await renderWorkbench({ plugins: [accounting, quickHost], path: '/quick-customer', server: s, signedIn: true });
    const form = await screen.findByRole('form', { name: 'Hızlı hasta ekle' }, { timeout: 5000 });
    const user = userEvent.setup();
    await user.type(control(form, 'Ad'), 'Mehmet Demir');
    await user.type(control(form, 'T.C. kimlik / vergi no'), '5291638471');
    await user.click(within(form).getByRole('button', { name: 'Kaydet' }));
    expect(control(form, 'Vergi dairesi')).toHaveAccessibleDescription('Müşteri için vergi dairesi zorunludur.');
    expect(control(form, 'T.C. kimlik / vergi no')).toHaveAccessibleDescription('Vergi kimlik numarası geçersiz: kontrol basamakları tutmuyor.');
    await user.clear(control(form, 'T.C. kimlik / vergi no'));
    await user.type(control(form, 'T.C. kimlik / vergi no'), '52916384750');
    await waitFor(() => expect(within(control(form, 'Vergi dairesinin ili')).getByRole('option', { name: '06 Ankara' })).toBeInTheDocument());
    await user.selectOptions(control(form, 'Vergi dairesinin ili'), '6');
    await waitFor(() => expect(within(control(form, 'Vergi dairesi')).getByRole('option', { name: 'Çankaya Vergi Dairesi Müdürlüğü' })).toBeInTheDocument());
    await user.selectOptions(control(form, 'Vergi dairesi'), '101');
    await user.click(within(form).getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(toasts.shown.map((x) => x.message)).toContain('BAŞARILI — Başarıyla eklendi.'));
    expect(s.requests.find((r) => r.method === 'POST')!.body).toMatchObject({ currentAccountType: 'CUSTOMER', name: 'Mehmet Demir', taxNumber: '52916384750', taxOfficeId: 101, accountGroupCode: '120' });
  });
});
