import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Theme, validateWebPlugin, visibleMenu } from '@tezgah/core';
import { renderWorkbench } from '../../../../../packages/workbench/test/render';
import { json, problem } from '../../../../../packages/workbench/test/fake-server';
import full from '../index';
import { control, requestsTo } from '../finance/testing';
import { ACCOUNTS, API, BANKS, BRANCHES, GARANTI_IBAN, ZIRAAT_IBAN, bankPlugin, bankServer } from './testing';
import { ibanProblem } from './model';

const gate = (codes: string[]) => ({ authorities: codes.map((c) => ({ authorityCode: c, companyId: 2 })), companyId: 2, theme: Theme.DEFAULT });

async function accounts() {
  const table = await screen.findByRole('table', { name: 'Banka Hesapları' }, { timeout: 5000 });
  await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
  return table;
}

describe('the bank screens\' declarations', () => {
  it('put Banka (BANK 3) and Banka Şubeleri (BANK_BRANCH 22) under Finans', () => {
    expect(validateWebPlugin(bankPlugin)).toEqual([]);
    const group = (codes: string[]) => visibleMenu(full.menu!, gate(codes)).find((m) => m.id === 'finance-category');
    expect(group(['3_1', '22_1'])!.children!.map((c) => [c.title, c.route])).toEqual(expect.arrayContaining([['Banka', '/bank'], ['Banka Şubeleri', '/bank-branch']]));
    expect(group(['22_1'])!.children!.map((c) => c.route)).toEqual(['/bank-branch']);
    expect(full.routes!.find((r) => r.path === '/bank/:id')).toMatchObject({ module: 3, anyActions: [1] });
  });

  it('check an IBAN: TR, 26 characters, check digits, the chosen bank\'s code', () => {
    expect(ibanProblem('')).toBeNull();
    expect(ibanProblem(ZIRAAT_IBAN)).toBeNull();
    expect(ibanProblem('DE89370400440532013000')).toBe('ibanTurkish');
    expect(ibanProblem('TR62 0001 0012 3456')).toBe('ibanLength');
    expect(ibanProblem('TR62 0001 0012 3456 7890 1234 57')).toBe('ibanChecksum');
    expect(ibanProblem(ZIRAAT_IBAN, BANKS[0])).toBeNull();
    expect(ibanProblem(ZIRAAT_IBAN, BANKS[1])).toBe('ibanBank');
  });
});

describe('/bank', () => {
  it('lists the bank accounts with bank, type, IBAN in groups of four and balances', async () => {
    const s = bankServer();
    await renderWorkbench({ plugins: [bankPlugin], path: '/bank', server: s, signedIn: true });
    const table = await accounts();
    const ziraat = within(table).getByText('Ziraat Vadesiz').closest('tr')!;
    expect(within(ziraat).getByRole('link', { name: 'Ziraat Vadesiz' })).toHaveAttribute('href', '/bank/5');
    expect(ziraat).toHaveTextContent('T.C. Ziraat Bankası A.Ş.');
    expect(ziraat).toHaveTextContent('Kızılay');
    expect(ziraat).toHaveTextContent('Vadesiz ticari hesap');
    expect(ziraat).toHaveTextContent('TR62 0001 0012 3456 7890 1234 56');
    expect(ziraat).toHaveTextContent('45.000,10 TL');
    const euro = within(table).getByText('Garanti Euro').closest('tr')!;
    expect(euro).toHaveTextContent('Kredili hesap');
    expect(euro).toHaveTextContent('85,50 EUR');
    expect(euro).toHaveTextContent('3.000,00');

    const user = userEvent.setup();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Hesap türü' }), 'CREDIT');
    await waitFor(() => expect(new URL(`http://x${requestsTo(s, 'GET', `${API}/bank-accounts`).at(-1)!.path}`).searchParams.get('accountType')).toBe('CREDIT'));
  });

  it('adds a bank account: the IBAN in groups of four, checked at once, naming its bank; a minus opening', async () => {
    const s = bankServer();
    s.on(`POST ${API}/bank-accounts`, async (req) => json({ ...ACCOUNTS[0], ...(await req.json() as object), id: 7 }, { status: 201 }));
    const { toasts } = await renderWorkbench({ plugins: [bankPlugin], path: '/bank?new=1', server: s, signedIn: true });
    const form = await screen.findByRole('form', { name: 'Banka hesabı ekle' }, { timeout: 5000 });
    const user = userEvent.setup();
    await user.click(within(form).getByRole('button', { name: 'Kaydet' }));
    expect(control(form, 'Hesap adı')).toHaveAccessibleDescription('Hesap adı zorunludur.');
    expect(control(form, 'Banka')).toHaveAccessibleDescription('Banka seçiniz ya da IBAN giriniz.');
    await user.type(control(form, 'Hesap adı'), 'Ziraat Ticari');

    // Typed without spaces, shown in groups of four; a wrong check digit says so once complete.
    await user.type(control(form, 'IBAN'), 'tr620001001234567890123457');
    expect(control(form, 'IBAN')).toHaveValue('TR62 0001 0012 3456 7890 1234 57');
    expect(control(form, 'IBAN')).toHaveAccessibleDescription('IBAN geçersiz: kontrol basamakları tutmuyor.');
    await user.type(control(form, 'IBAN'), '{Backspace}6');
    // A valid IBAN names its bank, whose branches are then offered.
    await waitFor(() => expect(control(form, 'Banka')).toHaveValue('1'));
    expect(control(form, 'IBAN')).toHaveAccessibleDescription('TR ile başlayan 26 karakter; dörder gruplanır.');
    await waitFor(() => expect(within(control(form, 'Şube')).getByRole('option', { name: 'Kızılay (0840)' })).toBeInTheDocument());
    // Another bank than the IBAN's is refused at the IBAN.
    await user.selectOptions(control(form, 'Banka'), '2');
    expect(control(form, 'IBAN')).toHaveAccessibleDescription("IBAN'daki banka kodu (00010) seçilen bankanın (Türkiye Garanti Bankası A.Ş.) kodu değil.");
    await user.selectOptions(control(form, 'Banka'), '1');
    await waitFor(() => expect(within(control(form, 'Şube')).getByRole('option', { name: 'Ulus (0402)' })).toBeInTheDocument());
    await user.selectOptions(control(form, 'Şube'), '12');
    await user.selectOptions(control(form, 'Hesap türü'), 'POS');
    await user.type(control(form, 'Açılış bakiyesi (TL)'), '-1.500');
    await user.tab();
    expect(control(form, 'Açılış bakiyesi (TL)')).toHaveValue('-1.500,00');
    expect(within(form).queryByLabelText(/Açılış kuru/)).toBeNull();
    await user.click(within(form).getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(toasts.shown.map((x) => x.message)).toContain('BAŞARILI — Başarıyla eklendi.'));
    expect(requestsTo(s, 'POST', `${API}/bank-accounts`)[0]!.body).toEqual({
      name: 'Ziraat Ticari', bankId: 1, branchId: 12, accountType: 'POS', iban: ZIRAAT_IBAN, accountNo: null, currencyId: 1,
      openingBalance: '-1500.00', openingDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), explanation: null,
    });
  });

  it('puts the server\'s refusals at their fields and asks the opening rate for a foreign currency', async () => {
    const s = bankServer();
    s.on(`POST ${API}/bank-accounts`, () => problem(409, 'Çakışma', { detail: "Bu IBAN 'Ziraat Vadesiz' banka hesabında kayıtlı.", code: 'IBAN_TAKEN', fieldErrors: [{ field: 'iban', message: "Bu IBAN 'Ziraat Vadesiz' banka hesabında kayıtlı." }] }));
    await renderWorkbench({ plugins: [bankPlugin], path: '/bank?new=1', server: s, signedIn: true });
    const form = await screen.findByRole('form', { name: 'Banka hesabı ekle' }, { timeout: 5000 });
    const user = userEvent.setup();
    await user.type(control(form, 'Hesap adı'), 'Garanti Dolar');
    await user.type(control(form, 'IBAN'), GARANTI_IBAN);
    await waitFor(() => expect(control(form, 'Banka')).toHaveValue('2'));
    await user.selectOptions(control(form, 'Para birimi'), '2');
    await user.type(control(form, 'Açılış bakiyesi (USD)'), '250');
    expect(control(form, 'Açılış kuru (USD)')).toBeInTheDocument();
    await user.type(control(form, 'Açılış kuru (USD)'), '32,1');
    await user.click(within(form).getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(control(form, 'IBAN')).toHaveAccessibleDescription("Bu IBAN 'Ziraat Vadesiz' banka hesabında kayıtlı."));
    expect(requestsTo(s, 'POST', `${API}/bank-accounts`)[0]!.body).toMatchObject({ bankId: 2, currencyId: 2, openingBalance: '250.00', openingRate: '32.1', iban: GARANTI_IBAN });
  });

  it('edits an account keeping its opening (date, rate, counter account) as stored', async () => {
    const s = bankServer();
    s.on(`PUT ${API}/bank-accounts`, async (req) => json({ ...ACCOUNTS[1], ...(await req.json() as object) }));
    const { toasts } = await renderWorkbench({ plugins: [bankPlugin], path: '/bank', server: s, signedIn: true });
    const table = await accounts();
    const user = userEvent.setup();
    await user.click(within(within(table).getByText('Garanti Euro').closest('tr')!).getByRole('button', { name: /Banka hesabını düzenle/ }));
    const form = await screen.findByRole('form', { name: 'Banka hesabını düzenle' });
    expect(control(form, 'IBAN')).toHaveValue('TR60 0006 2012 3456 7890 1234 56');
    expect(control(form, 'Açılış bakiyesi (EUR)')).toHaveValue('100,00');
    expect(control(form, 'Açılış kuru (EUR)')).toHaveValue('35,1234');
    await user.clear(control(form, 'Hesap adı'));
    await user.type(control(form, 'Hesap adı'), 'Garanti Avro');
    await user.click(within(form).getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(toasts.shown.map((x) => x.message)).toContain('BAŞARILI — Başarıyla güncellendi.'));
    expect(requestsTo(s, 'PUT', `${API}/bank-accounts`)[0]!.body).toEqual({
      id: 6, name: 'Garanti Avro', bankId: 2, branchId: null, accountType: 'CREDIT', iban: GARANTI_IBAN, accountNo: null, currencyId: 3,
      openingBalance: '100.00', openingDate: '2026-01-01', openingRate: '35.1234', openingAccount: '570', explanation: null,
    });
  });

  it('lists the banks and adds one the list lacks, with the EFT code checked', async () => {
    const s = bankServer();
    s.on(`POST ${API}/banks`, async (req) => json({ id: 4, ibanCode: '00209', ...(await req.json() as object) }, { status: 201 }));
    const { toasts } = await renderWorkbench({ plugins: [bankPlugin], path: '/bank', server: s, signedIn: true });
    await accounts();
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Bankalar' }));
    const table = await screen.findByRole('table', { name: 'Bankalar' });
    await within(table).findByText('T.C. Ziraat Bankası A.Ş.');
    expect(within(table).getByText('T.C. Ziraat Bankası A.Ş.').closest('tr')).toHaveTextContent('001000010TCZBTR2A');
    await user.click(screen.getByRole('button', { name: 'Banka ekle' }));
    const form = await screen.findByRole('form', { name: 'Banka ekle' });
    await user.type(control(form, 'Banka adı'), 'Ziraat Dinamik Banka');
    await user.type(control(form, 'EFT kodu'), '20');
    await user.click(within(form).getByRole('button', { name: 'Kaydet' }));
    expect(control(form, 'EFT kodu')).toHaveAccessibleDescription('EFT kodu 4 haneli olmalıdır.');
    await user.type(control(form, 'EFT kodu'), '9a9');
    expect(control(form, 'EFT kodu')).toHaveValue('2099');
    await user.click(within(form).getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(toasts.shown.map((x) => x.message)).toContain('BAŞARILI — Başarıyla eklendi.'));
    expect(requestsTo(s, 'POST', `${API}/banks`)[0]!.body).toEqual({ name: 'Ziraat Dinamik Banka', eftCode: '2099', swift: null });
  });
});

describe('/bank/:id', () => {
  it('shows the account\'s movements with the balance after each, and its details', async () => {
    const s = bankServer();
    await renderWorkbench({ plugins: [bankPlugin], path: '/bank/5', server: s, signedIn: true });
    const page = await screen.findByRole('region', { name: 'Ziraat Vadesiz' }, { timeout: 5000 });
    expect(within(page).getByLabelText('Bakiye')).toHaveTextContent('45.000,10 TL');
    const table = await within(page).findByRole('table', { name: 'Hareketler' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    expect(within(table).getByText('Kasadan bankaya').closest('tr')).toHaveTextContent('14/03/202642Kasadan bankaya1.999,9045.000,10');
    expect(within(table).getByText('Kira ödemesi').closest('tr')).toHaveTextContent('15.000,0043.000,20');
    expect(requestsTo(s, 'GET', `${API}/bank-accounts/5/movements`).length).toBeGreaterThan(0);
    const user = userEvent.setup();
    await user.click(within(page).getByRole('tab', { name: 'Bilgiler' }));
    const info = within(page).getByRole('table', { name: 'Bilgiler' });
    expect(within(info).getByRole('row', { name: /IBAN/ })).toHaveTextContent('TR62 0001 0012 3456 7890 1234 56');
    expect(within(info).getByRole('row', { name: /Şube/ })).toHaveTextContent('Kızılay');
  });
});

describe('/bank-branch', () => {
  it('lists the branches and filters them by bank', async () => {
    const s = bankServer();
    await renderWorkbench({ plugins: [bankPlugin], path: '/bank-branch', server: s, signedIn: true });
    const table = await screen.findByRole('table', { name: 'Banka Şubeleri' }, { timeout: 5000 });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(4));
    expect(within(table).getByText('Kızılay').closest('tr')).toHaveTextContent('(312) 415-2020');
    const user = userEvent.setup();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Banka' }), '2');
    await waitFor(() => expect(new URL(`http://x${requestsTo(s, 'GET', `${API}/bank-branches`).at(-1)!.path}`).searchParams.get('bankId')).toBe('2'));
  });

  it('adds a branch: bank and branch name required', async () => {
    const s = bankServer();
    s.on(`POST ${API}/bank-branches`, async (req) => json({ ...BRANCHES[0], ...(await req.json() as object), id: 13 }, { status: 201 }));
    const { toasts } = await renderWorkbench({ plugins: [bankPlugin], path: '/bank-branch?new=1', server: s, signedIn: true });
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Şube ekle' }, { timeout: 5000 });
    await user.click(within(form).getByRole('button', { name: 'Kaydet' }));
    expect(control(form, 'Banka')).toHaveAccessibleDescription('Banka zorunludur.');
    expect(control(form, 'Şube adı')).toHaveAccessibleDescription('Şube adı zorunludur.');
    await user.selectOptions(control(form, 'Banka'), '3');
    await user.type(control(form, 'Şube adı'), 'Kadıköy');
    await user.type(control(form, 'Şube kodu'), '1234');
    await waitFor(() => expect(within(control(form, 'İl')).getByRole('option', { name: '34 İstanbul' })).toBeInTheDocument());
    await user.selectOptions(control(form, 'İl'), '34');
    await user.click(within(form).getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(toasts.shown.map((x) => x.message)).toContain('BAŞARILI — Başarıyla eklendi.'));
    expect(requestsTo(s, 'POST', `${API}/bank-branches`)[0]!.body).toEqual({ bankId: 3, name: 'Kadıköy', code: '1234', cityId: 34, address: null, phone: null });
  });
});
