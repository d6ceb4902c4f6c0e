import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { validateWebPlugin } from '@tezgah/core';
import { renderWorkbench } from '../../../../../packages/workbench/test/render';
import { account, fakeServer, json, problem } from '../../../../../packages/workbench/test/fake-server';
import { composeAreas } from '../area';
import { messages } from '../messages';
import { area } from './contribution';
import { AYSE, control, withLookups } from './testing';

const CURRENTS = '/services/onmuhasebe/api/currents';
const general = (codes: string[]) => account({ codes, login: 'muhasebe', company: { id: 2, name: 'Demo Ticaret', sectorId: 2, sectorKey: 'GEN', companyProfile: { erpType: 'STANDARD', itsUsername: null, announcementId: null } } });

// The currents area alone, as the plugin composes it (the other areas have tests of their own).
const accounting = composeAreas({ id: 'accounting', title: 'Ön Muhasebe', version: '0.1.0' }, [{ messages }, area]);

/** A row action of the list's accessible table, in the row that shows `text`. */
async function rowButton(table: HTMLElement, text: string, action: string) {
  const cell = await within(table).findByRole('button', { name: text });
  return within(cell.closest('tr')!).getByRole('button', { name: action });
}

function server(codes: string[], list: unknown[] = [AYSE], pharmacy = true) {
  const s = withLookups(fakeServer({ [`GET ${CURRENTS}`]: () => json(list, { total: list.length }) }));
  s.setAccount(pharmacy ? account({ codes }) : general(codes));
  return s;
}

describe('current accounts: declarations', () => {
  it('declares its menu, routes and quick-adds with their loaders', () => {
    expect(validateWebPlugin(accounting)).toEqual([]);
    const group = accounting.menu!.find((m) => m.id === 'current-category')!;
    expect(group.children!.map((c) => [c.route, c.module, c.addButton?.action])).toEqual(expect.arrayContaining([
      ['/customer', 6, 2], ['/supplier', 5, 2], ['/personnel', 8, 2],
    ]));
    // The partners have screens of their own (the partners area: their capital from the ledger).
    expect(group.children!.map((c) => c.route)).not.toContain('/partner');
    expect(accounting.quickAdds!.map((q) => q.id)).toEqual(expect.arrayContaining(['account', 'customer']));
  });
});

describe('/customer and the other lists', () => {
  it('lists patients in a pharmacy, with the type, sort and search sent to the server', async () => {
    const s = server(['6_1']);
    await renderWorkbench({ plugins: [accounting], path: '/customer', server: s, signedIn: true });
    const table = await screen.findByRole('table', { name: 'Hastalar' }, { timeout: 5000 });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    expect(within(table).getByText('38472615972')).toBeInTheDocument();
    expect(within(table).getByText('Ankara / Çankaya')).toBeInTheDocument();
    // Seeds §5: phones show as (xxx) xxx-xxxx.
    expect(within(table).getByText('(532) 111-2233')).toBeInTheDocument();
    expect(within(table).queryByText('5321112233')).toBeNull();
    const first = s.requests.find((r) => r.path.startsWith(CURRENTS))!.path;
    expect(first).toContain('currentAccountType=CUSTOMER');
    expect(first).toContain('sort=id%2Cdesc');
    const user = userEvent.setup();
    await user.type(screen.getByRole('searchbox'), 'ayşe');
    await waitFor(() => expect(s.requests.some((r) => r.path.includes('search=ay%C5%9Fe'))).toBe(true));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Durum' }), 'false');
    await waitFor(() => expect(s.requests.some((r) => r.path.includes('active=false'))).toBe(true));
  });

  it('calls them customers in a general company', async () => {
    const s = server(['6_1'], [AYSE], false);
    await renderWorkbench({ plugins: [accounting], path: '/customer', server: s, signedIn: true });
    expect(await screen.findByRole('table', { name: 'Müşteriler' }, { timeout: 5000 })).toBeInTheDocument();
  });

  it('shows tags and filters by one when the user may view tags', async () => {
    const s = server(['6_1', '19_1']);
    await renderWorkbench({ plugins: [accounting], path: '/customer', server: s, signedIn: true });
    const table = await screen.findByRole('table', { name: 'Hastalar' }, { timeout: 5000 });
    await waitFor(() => expect(within(table).getByText('Takipte')).toBeInTheDocument());
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Etiket' }), '2');
    await waitFor(() => expect(s.requests.some((r) => r.path.startsWith(CURRENTS) && r.path.includes('tagId=2'))).toBe(true));
  });

  it('deletes after confirmation, with the success notice', async () => {
    const s = server(['6_1', '6_4']);
    s.on(`DELETE ${CURRENTS}/{id}`, () => new Response(null, { status: 204 }));
    const { toasts } = await renderWorkbench({ plugins: [accounting], path: '/customer', server: s, signedIn: true });
    const table = await screen.findByRole('table', { name: 'Hastalar' }, { timeout: 5000 });
    const user = userEvent.setup();
    await user.click(await rowButton(table, 'Ayşe Yılmaz', 'Sil'));
    await user.click(await screen.findByRole('button', { name: 'Evet' }));
    await waitFor(() => expect(toasts.shown.map((x) => x.message)).toContain('BAŞARILI — Başarıyla silindi.'));
    expect(s.requests.some((r) => r.method === 'DELETE' && r.path === `${CURRENTS}/7`)).toBe(true);
  });
});

describe('the current form', () => {
  it('shows the rules at the fields before sending: name, tax office for a customer, ID check digits, IBAN', async () => {
    const s = server(['6_1', '6_2']);
    await renderWorkbench({ plugins: [accounting], path: '/customer?new=1', server: s, signedIn: true });
    const form = await screen.findByRole('form', { name: 'Hasta ekle' }, { timeout: 5000 });
    const user = userEvent.setup();
    await user.click(within(form).getByRole('button', { name: 'Kaydet' }));
    expect(control(form, 'Ad')).toHaveAccessibleDescription('Ad zorunludur.');
    expect(control(form, 'Vergi dairesi')).toHaveAccessibleDescription('Müşteri için vergi dairesi zorunludur.');
    await user.type(control(form, 'T.C. kimlik / vergi no'), '11122233321');
    await user.type(control(form, 'IBAN'), 'tr620001001234567890123457');
    expect(control(form, 'IBAN')).toHaveValue('TR62 0001 0012 3456 7890 1234 57');
    await user.type(control(form, 'E-posta'), 'ayse@');
    await user.click(within(form).getByRole('button', { name: 'Kaydet' }));
    expect(control(form, 'T.C. kimlik / vergi no')).toHaveAccessibleDescription('T.C. kimlik numarası geçersiz: kontrol basamakları tutmuyor.');
    expect(control(form, 'IBAN')).toHaveAccessibleDescription('IBAN geçersiz: kontrol basamakları tutmuyor.');
    expect(control(form, 'E-posta')).toHaveAccessibleDescription('Hatalı e-posta biçimi');
    await user.clear(control(form, 'IBAN'));
    await user.type(control(form, 'IBAN'), 'DE89370400440532013000');
    await user.click(within(form).getByRole('button', { name: 'Kaydet' }));
    expect(control(form, 'IBAN')).toHaveAccessibleDescription("Yalnızca Türkiye IBAN'ı (TR) girilebilir.");
    expect(s.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('adds a patient with the pickers fed by the lookups, and sends the body the server expects', async () => {
    const s = server(['6_1', '6_2', '19_1']);
    s.on(`POST ${CURRENTS}`, async (req) => json({ ...AYSE, ...(await req.json()), id: 8, alsoCreatedId: null }, { status: 201 }));
    const { toasts } = await renderWorkbench({ plugins: [accounting], path: '/customer?new=1', server: s, signedIn: true });
    const form = await screen.findByRole('form', { name: 'Hasta ekle' }, { timeout: 5000 });
    const user = userEvent.setup();
    await user.type(control(form, 'Ad'), 'Fatma');
    await user.type(control(form, 'Soyad'), 'Kaya');
    await waitFor(() => expect(control(form, 'Ülke')).toHaveValue('223'));
    await waitFor(() => expect(within(control(form, 'İl')).getByRole('option', { name: '06 Ankara' })).toBeInTheDocument());
    await user.selectOptions(control(form, 'İl'), '6');
    await waitFor(() => expect(within(control(form, 'İlçe')).getByRole('option', { name: 'Mamak' })).toBeInTheDocument());
    await user.selectOptions(control(form, 'İlçe'), '76');
    // The tax office's city follows the address city until an office is chosen.
    expect(control(form, 'Vergi dairesinin ili')).toHaveValue('6');
    await waitFor(() => expect(within(control(form, 'Vergi dairesi')).getByRole('option', { name: 'Çankaya Vergi Dairesi Müdürlüğü' })).toBeInTheDocument());
    await user.selectOptions(control(form, 'Vergi dairesi'), '101');
    await user.type(control(form, 'T.C. kimlik / vergi no'), '61729483550');
    await user.type(control(form, 'IBAN'), 'TR62 0001 0012 3456 7890 1234 56');
    await user.selectOptions(control(form, 'Hasta tipi'), 'BY_HAND');
    await user.click(within(form).getByRole('checkbox', { name: 'VIP' }));
    await user.click(within(form).getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(toasts.shown.map((x) => x.message)).toContain('BAŞARILI — Başarıyla eklendi.'));
    expect(s.requests.find((r) => r.method === 'POST')!.body).toEqual({
      currentAccountType: 'CUSTOMER', name: 'Fatma', lastName: 'Kaya', title: null, gender: null, birthday: null, currencyId: 1, phone: null, fax: null,
      email: null, webAddress: null, contactPerson: null, address: null, countryId: 223, cityId: 6, citySubdivisionId: 76, postcode: null,
      taxNumber: '61729483550', taxOfficeId: 101, iban: 'TR620001001234567890123456', accountGroupCode: '120', patientType: 'BY_HAND',
      partnerType: null, sharePercentage: null, capital: null, active: true, tagIds: [2],
    });
  });

  it('puts the server\'s field messages on the fields (a tax number already used)', async () => {
    const s = server(['6_1', '6_2', '6_3']);
    s.on(`PUT ${CURRENTS}`, () => problem(409, 'Çakışma', { detail: 'Bu T.C. kimlik / vergi numarasıyla kayıtlı bir müşteri zaten var: Mehmet.', code: 'CURRENT_TAX_NUMBER_TAKEN', fieldErrors: [{ field: 'taxNumber', message: 'Bu T.C. kimlik / vergi numarasıyla kayıtlı bir müşteri zaten var: Mehmet.' }] }));
    await renderWorkbench({ plugins: [accounting], path: '/customer', server: s, signedIn: true });
    const table = await screen.findByRole('table', { name: 'Hastalar' }, { timeout: 5000 });
    const user = userEvent.setup();
    await user.click(await rowButton(table, 'Ayşe Yılmaz', 'Hasta düzenle'));
    const form = await screen.findByRole('form', { name: 'Hasta düzenle' }, { timeout: 5000 });
    expect(control(form, 'IBAN')).toHaveValue('TR57 0001 0048 3920 1746 5839 20');
    await waitFor(() => expect(control(form, 'Vergi dairesi')).toHaveValue('101'));
    await user.click(within(form).getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(control(form, 'T.C. kimlik / vergi no')).toHaveAccessibleDescription('Bu T.C. kimlik / vergi numarasıyla kayıtlı bir müşteri zaten var: Mehmet.'));
    const put = s.requests.find((r) => r.method === 'PUT')!.body as Record<string, unknown>;
    // Without the tag module the form neither shows nor sends tags (so saving keeps them).
    expect(put).not.toHaveProperty('tagIds');
    expect(s.requests.some((r) => r.path.startsWith('/services/onmuhasebe/api/tags'))).toBe(false);
    expect(put).toMatchObject({ id: 7, currentAccountType: 'CUSTOMER', name: 'Ayşe', taxOfficeId: 101, iban: 'TR570001004839201746583920', birthday: '1958-04-12' });
  });

  it('asks personnel for a currency', async () => {
    const s = server(['8_1', '8_2'], [], false);
    await renderWorkbench({ plugins: [accounting], path: '/personnel?new=1', server: s, signedIn: true });
    const form = await screen.findByRole('form', { name: 'Personel ekle' }, { timeout: 5000 });
    const user = userEvent.setup();
    await user.type(control(form, 'Ad'), 'Zeynep');
    await user.type(control(form, 'E-posta'), 'zeynep');
    await user.click(within(form).getByRole('button', { name: 'Kaydet' }));
    expect(control(form, 'Para birimi')).toHaveAccessibleDescription('Personel için para birimi zorunludur.');
    expect(control(form, 'E-posta')).toHaveAccessibleDescription('Hatalı e-posta biçimi');
    expect(within(form).queryByLabelText(/^Vergi dairesi\s*\*$/)).toBeNull();
    expect(s.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('also adds a supplier as a customer when the user may, and then needs a tax office', async () => {
    const s = server(['5_1', '5_2', '5_14'], [], false);
    s.on(`POST ${CURRENTS}`, async (req) => json({ ...AYSE, ...(await req.json()), id: 20, alsoCreatedId: 21 }, { status: 201 }));
    const { toasts } = await renderWorkbench({ plugins: [accounting], path: '/supplier?new=1', server: s, signedIn: true });
    const form = await screen.findByRole('form', { name: 'Tedarikçi ekle' }, { timeout: 5000 });
    const user = userEvent.setup();
    await user.type(control(form, 'Ad'), 'Trakya Gıda');
    await user.click(within(form).getByRole('checkbox', { name: 'Müşteri olarak da ekle' }));
    // The tax office is required for the customer twin only.
    expect(within(form).getByLabelText(/^Vergi dairesi\s*\*$/)).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Kaydet' }));
    expect(control(form, 'Vergi dairesi')).toHaveAccessibleDescription('Müşteri için vergi dairesi zorunludur.');
    await waitFor(() => expect(within(control(form, 'Vergi dairesinin ili')).getByRole('option', { name: '34 İstanbul' })).toBeInTheDocument());
    await user.selectOptions(control(form, 'Vergi dairesinin ili'), '34');
    await waitFor(() => expect(within(control(form, 'Vergi dairesi')).getByRole('option', { name: 'Beşiktaş Vergi Dairesi Müdürlüğü' })).toBeInTheDocument());
    await user.selectOptions(control(form, 'Vergi dairesi'), '301');
    await user.click(within(form).getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(toasts.shown.map((x) => x.message)).toContain('BAŞARILI — Müşteri kaydı da eklendi.'));
    expect(s.requests.find((r) => r.method === 'POST')!.body).toMatchObject({ currentAccountType: 'SUPPLIER', alsoAs: 'CUSTOMER', taxOfficeId: 301, accountGroupCode: '320' });
  });

  it('offers no "also add" without the as-customer authority', async () => {
    const s = server(['5_1', '5_2'], [], false);
    await renderWorkbench({ plugins: [accounting], path: '/supplier?new=1', server: s, signedIn: true });
    const form = await screen.findByRole('form', { name: 'Tedarikçi ekle' }, { timeout: 5000 });
    expect(within(form).getAllByRole('checkbox')).toHaveLength(1);
    expect(within(form).queryByRole('checkbox', { name: /olarak da ekle/ })).toBeNull();
  });
});
