import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { renderWorkbench } from '../../../test/render';
import { fakeServer, json, problem, type Handler } from '../../../test/fake-server';

const BASE = '/services/onmuhasebe/api';
const SECTORS = [{ id: 1, key: 'ECZ', name: 'Eczane' }, { id: 2, key: 'GEN', name: 'Genel' }, { id: 3, key: 'INS', name: 'İnşaat' }];

function server(routes: Record<string, Handler> = {}) {
  return fakeServer({
    [`GET ${BASE}/sectors`]: () => json(SECTORS),
    'POST /api/check-username': () => json({ available: true }),
    'POST /api/check-mail': () => json({ available: true }),
    ...routes,
  });
}

const input = (label: string | RegExp) => screen.getByLabelText(label);
const next = (user: UserEvent) => user.click(screen.getByRole('button', { name: 'İleri' }));

async function fillUser(user: UserEvent, over: Partial<Record<string, string>> = {}) {
  const v = { login: '10000000146', first: 'Elif', last: 'Eczacı', email: 'elif@ornek.com', phone: '05321234567', password: 'gizli-sifre', repeat: 'gizli-sifre', ...over };
  const fields: [string, string][] = [
    ['T.C. kimlik no', v.login], ['Ad', v.first], ['Soyad', v.last], ['E-posta', v.email], ['Telefon', v.phone],
    ['Şifre', v.password], ['Şifre (tekrar)', v.repeat],
  ];
  for (const [label, value] of fields) if (value) await user.type(input(label), value);
}

describe('/auth/register', () => {
  it('checks the user step at its fields and stays there', async () => {
    const s = server();
    await renderWorkbench({ path: '/auth/register', server: s });
    const user = userEvent.setup({ delay: null });
    await next(user);
    for (const label of ['T.C. kimlik no', 'Ad', 'Soyad', 'E-posta', 'Telefon', 'Şifre', 'Şifre (tekrar)']) {
      expect(input(label)).toHaveAccessibleDescription('Bu alan zorunludur');
    }
    await fillUser(user, { login: '10000000145', email: 'elif@', phone: '0532', password: 'abc', repeat: 'abd' });
    await next(user);
    expect(input('T.C. kimlik no')).toHaveAccessibleDescription('Geçerli bir T.C. kimlik numarası giriniz');
    expect(input('E-posta')).toHaveAccessibleDescription('Hatalı e-posta biçimi');
    expect(input('Telefon')).toHaveAccessibleDescription('Geçerli bir telefon numarası giriniz (en az 10 rakam)');
    expect(input('Şifre')).toHaveAccessibleDescription('Şifre 4 ile 50 karakter arasında olmalı');
    expect(input('Şifre (tekrar)')).toHaveAccessibleDescription('Şifreleriniz eşleşmiyor!');
    expect(screen.getByRole('tab', { name: '1. Kullanıcı bilgileri' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByLabelText('Firma adı')).not.toBeInTheDocument();
    expect(s.requests.some((r) => r.path.endsWith('/register'))).toBe(false);
  });

  it('checks the national ID and e-mail availability on blur', async () => {
    const s = server({
      'POST /api/check-username': () => json({ available: false }),
      'POST /api/check-mail': () => json({ available: true }),
    });
    await renderWorkbench({ path: '/auth/register', server: s });
    const user = userEvent.setup({ delay: null });
    await user.type(input('T.C. kimlik no'), '12345678950');
    await user.tab();
    await waitFor(() => expect(input('T.C. kimlik no')).toHaveAccessibleDescription('Bu T.C. kimlik numarası ile kayıtlı bir hesap var.'));
    expect(s.requests.find((r) => r.path === '/api/check-username')!.body).toEqual({ login: '12345678950' });
    await user.type(input('E-posta'), 'yeni@ornek.com');
    await user.tab();
    expect(await screen.findByText('Kullanılabilir')).toBeInTheDocument();
    expect(s.requests.find((r) => r.path === '/api/check-mail')!.body).toEqual({ email: 'yeni@ornek.com' });
    // A taken login keeps the wizard on the user step.
    await fillUser(user, { login: '', email: '' });
    await next(user);
    expect(input('T.C. kimlik no')).toHaveAccessibleDescription('Bu T.C. kimlik numarası ile kayıtlı bir hesap var.');
    expect(screen.queryByLabelText('Firma adı')).not.toBeInTheDocument();
  });

  it('refuses an e-mail that another account uses, checking it on İleri when it was not yet checked', async () => {
    const s = server({ 'POST /api/check-mail': () => json({ available: false }) });
    await renderWorkbench({ path: '/auth/register', server: s });
    const user = userEvent.setup({ delay: null });
    await fillUser(user);
    await next(user);
    await waitFor(() => expect(input('E-posta')).toHaveAccessibleDescription('Bu e-posta adresi başka bir hesapta kullanılıyor.'));
    expect(screen.queryByLabelText('Firma adı')).not.toBeInTheDocument();
  });

  it('walks through user, company and summary, and registers', async () => {
    const s = server({
      [`POST ${BASE}/register`]: () => json({ userId: 7, companyId: 9, login: '10000000146', status: 'WAITING_FOR_ACTIVATION' }, { status: 201 }),
    });
    await renderWorkbench({ path: '/auth/register', server: s });
    const user = userEvent.setup({ delay: null });
    await fillUser(user);
    await user.tab();
    await next(user);

    // Step 2: the company. An individual's tax number starts as the owner's national ID.
    expect(await screen.findByLabelText('Firma adı')).toBeInTheDocument();
    expect(input('T.C. kimlik no (vergi no)')).toHaveValue('10000000146');
    expect(screen.getByRole('radio', { name: 'Şahıs' })).toBeChecked();
    await waitFor(() => expect(input('Sektör')).toHaveDisplayValue('Eczane'));
    await next(user);
    expect(input('Firma adı')).toHaveAccessibleDescription('Bu alan zorunludur');

    await user.click(screen.getByRole('radio', { name: 'Kurumsal' }));
    await user.type(input('Firma adı'), 'Elif Eczanesi');
    await next(user);
    expect(input('Vergi kimlik no')).toHaveAccessibleDescription('Geçerli bir vergi kimlik numarası giriniz');
    await user.clear(input('Vergi kimlik no'));
    await user.type(input('Vergi kimlik no'), '1234567890');
    await user.type(input(/^Vergi dairesi/), 'Kadıköy');
    await user.type(input(/^Firma e-postası/), 'bad@');
    await next(user);
    expect(input(/^Firma e-postası/)).toHaveAccessibleDescription('Hatalı e-posta biçimi');
    await user.clear(input(/^Firma e-postası/));
    await user.selectOptions(input('Sektör'), 'Genel');
    await next(user);

    // Step 3: the summary holds every value entered.
    const userTable = screen.getByRole('table', { name: 'Kullanıcı bilgileri' });
    expect(within(userTable).getByRole('row', { name: 'T.C. kimlik no 10000000146' })).toBeInTheDocument();
    expect(within(userTable).getByRole('row', { name: 'Soyad Eczacı' })).toBeInTheDocument();
    expect(within(userTable).getByRole('row', { name: 'Telefon (532) 123-4567' })).toBeInTheDocument();
    expect(within(userTable).queryByText('gizli-sifre')).not.toBeInTheDocument();
    const companyTable = screen.getByRole('table', { name: 'Firma bilgileri' });
    expect(within(companyTable).getByRole('row', { name: 'Firma tipi Kurumsal' })).toBeInTheDocument();
    expect(within(companyTable).getByRole('row', { name: 'Vergi kimlik no 1234567890' })).toBeInTheDocument();
    expect(within(companyTable).getByRole('row', { name: 'Sektör Genel' })).toBeInTheDocument();
    expect(within(companyTable).getByRole('row', { name: 'Ünvan —' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Kaydı tamamla' }));
    expect(await screen.findByRole('heading', { name: 'Kaydınız alındı' })).toBeInTheDocument();
    expect(s.requests.find((r) => r.path === `${BASE}/register`)!.body).toEqual({
      user: {
        login: '10000000146', firstName: 'Elif', lastName: 'Eczacı', email: 'elif@ornek.com', phone: '(532) 123-4567',
        password: 'gizli-sifre', repeatPassword: 'gizli-sifre', langKey: 'tr',
      },
      company: { name: 'Elif Eczanesi', companyType: 'CORPORATION', taxNumber: '1234567890', sectorId: 2, taxOffice: 'Kadıköy' },
    });
    expect(screen.getByText('10000000146')).toBeInTheDocument();
  });

  it("sends the server's field errors back to their step and field", async () => {
    let answer = problem(400, 'Geçersiz istek', {
      code: 'VALIDATION_FAILED',
      fieldErrors: [{ field: 'company.taxNumber', message: 'T.C. kimlik numarası (TCKN) geçersiz.', code: 'TCKN' }],
    });
    const s = server({ [`POST ${BASE}/register`]: () => answer });
    const { toasts } = await renderWorkbench({ path: '/auth/register', server: s });
    const user = userEvent.setup({ delay: null });
    await fillUser(user);
    await next(user);
    await user.type(await screen.findByLabelText('Firma adı'), 'Elif Eczanesi');
    await waitFor(() => expect(input('Sektör')).toHaveDisplayValue('Eczane'));
    await next(user);
    await user.click(screen.getByRole('button', { name: 'Kaydı tamamla' }));
    await waitFor(() => expect(input('T.C. kimlik no (vergi no)')).toHaveAccessibleDescription('T.C. kimlik numarası (TCKN) geçersiz.'));
    expect(screen.getByRole('tab', { name: '2. Firma bilgileri' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('Lütfen işaretli alanları düzeltiniz.')).toBeInTheDocument();

    answer = problem(409, 'Çakışma', {
      code: 'LOGIN_TAKEN', detail: 'Bu T.C. kimlik numarası ile kayıtlı bir hesap var.',
      fieldErrors: [{ field: 'user.login', message: 'Bu T.C. kimlik numarası ile kayıtlı bir hesap var.', code: 'LOGIN_TAKEN' }],
    });
    await next(user);
    await user.click(screen.getByRole('button', { name: 'Kaydı tamamla' }));
    await waitFor(() => expect(input('T.C. kimlik no')).toHaveAccessibleDescription('Bu T.C. kimlik numarası ile kayıtlı bir hesap var.'));
    expect(screen.getByRole('tab', { name: '1. Kullanıcı bilgileri' })).toHaveAttribute('aria-selected', 'true');
    expect(toasts.shown).toHaveLength(0);
    expect(s.requests.filter((r) => r.path === `${BASE}/register`)).toHaveLength(2);
  });

  it('notifies a failure without fields and stays on the summary', async () => {
    const s = server({ [`POST ${BASE}/register`]: () => problem(500, 'Internal Server Error') });
    const { toasts } = await renderWorkbench({ path: '/auth/register', server: s });
    const user = userEvent.setup({ delay: null });
    await fillUser(user);
    await next(user);
    await user.type(await screen.findByLabelText('Firma adı'), 'Elif Eczanesi');
    await waitFor(() => expect(input('Sektör')).toHaveDisplayValue('Eczane'));
    await next(user);
    await user.click(screen.getByRole('button', { name: 'Kaydı tamamla' }));
    await waitFor(() => expect(toasts.shown.map((t) => t.message)).toContain('HATALI — Internal Server Error'));
    expect(screen.getByRole('button', { name: 'Kaydı tamamla' })).toBeInTheDocument();
  });

  it('goes back a step with Geri, keeping what was entered', async () => {
    await renderWorkbench({ path: '/auth/register', server: server() });
    const user = userEvent.setup({ delay: null });
    expect(screen.getByRole('button', { name: 'Geri' })).toBeDisabled();
    await fillUser(user);
    await next(user);
    await user.type(await screen.findByLabelText('Firma adı'), 'Elif Eczanesi');
    await user.click(screen.getByRole('button', { name: 'Geri' }));
    expect(input('Ad')).toHaveValue('Elif');
    await next(user);
    expect(await screen.findByLabelText('Firma adı')).toHaveValue('Elif Eczanesi');
    expect(screen.getByRole('tab', { name: '3. Özet' })).toHaveAttribute('aria-disabled', 'true');
  });
});
