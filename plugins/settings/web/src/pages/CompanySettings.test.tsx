import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import settings from '../index';
import { account, company, fakeServer, json, problem, renderWorkbench, SECTORS } from '../testing';

function server(codes = ['21_1', '21_3'], over = {}) {
  const s = fakeServer();
  s.setAccount(account({ codes }));
  s.on('GET /services/onmuhasebe/api/companies/{id}', (_req, p) => (p.id === '2' ? json(company(over)) : problem(404, 'Kayıt bulunamadı')));
  s.on('GET /services/onmuhasebe/api/sectors', () => json(SECTORS));
  return s;
}

const form = () => screen.findByRole('form', { name: 'Şirket bilgileri' });
const puts = (s: ReturnType<typeof server>) => s.requests.filter((r) => r.method === 'PUT');

describe('/company-settings', () => {
  it('shows the current company with its modules as a read-only list', async () => {
    await renderWorkbench({ plugins: [settings], path: '/company-settings', server: server(), signedIn: true });
    const f = within(await form());
    expect(f.getByRole('textbox', { name: /^Şirket adı/ })).toHaveValue('Demo Ticaret A.Ş.');
    expect(f.getByRole('textbox', { name: /^Ünvan/ })).toHaveValue('Demo Ticaret Anonim Şirketi');
    expect(f.getByRole('combobox', { name: /^Şirket türü/ })).toHaveValue('CORPORATION');
    expect(f.getByRole('textbox', { name: /^Vergi kimlik no \(VKN\)/ })).toHaveValue('0123456789');
    expect(f.getByRole('combobox', { name: /^Sektör/ })).toHaveDisplayValue('Genel');
    expect(f.getByRole('combobox', { name: /^ERP türü/ })).toHaveDisplayValue('Standart');
    expect(f.getByRole('textbox', { name: 'Fatura ön eki' })).toHaveValue('DMT2026');
    expect(f.getByLabelText('Abonelik bitişi')).toHaveValue('31/12/2026');
    expect(f.getByRole('spinbutton', { name: 'Kullanıcı sayısı' })).toHaveValue(5);
    expect(f.getByRole('checkbox', { name: 'Aktif' })).toBeChecked();
    expect(f.getByText('merkez')).toBeInTheDocument();
    const modules = f.getByRole('list', { name: 'Modüller' });
    expect(within(modules).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Kasa', 'Banka', 'Müşteri', 'Satış', 'Ürün']);
    expect(f.queryByRole('checkbox', { name: 'Kasa' })).not.toBeInTheDocument();
  });

  it('holds the invoice prefix to exactly 7 characters, showing the rule, and saves', async () => {
    const s = server();
    s.on('PUT /services/onmuhasebe/api/companies', async (req) => json({ ...company(), ...(await req.json()) }));
    const { toasts } = await renderWorkbench({ plugins: [settings], path: '/company-settings', server: s, signedIn: true });
    const f = within(await form());
    const prefix = f.getByRole('textbox', { name: 'Fatura ön eki' });
    expect(prefix).toHaveAccessibleDescription('Tam 7 karakter: büyük harf (A-Z) ve rakam, örn. ABC2026.');
    const u = userEvent.setup();
    for (const bad of ['ABC202', 'ABC20260', 'abc2026', 'AB-2026']) {
      await u.clear(prefix);
      await u.type(prefix, bad);
      await u.click(f.getByRole('button', { name: 'Kaydet' }));
      expect(prefix).toHaveAccessibleDescription('Fatura ön eki tam 7 karakter olmalı (büyük harf ve rakam).');
      expect(prefix).toHaveAttribute('aria-invalid', 'true');
    }
    expect(puts(s)).toHaveLength(0);

    await u.clear(prefix);
    await u.type(prefix, 'ABC2026');
    await u.click(f.getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(puts(s)).toHaveLength(1));
    expect(puts(s)[0]!.body).toEqual({
      id: 2, name: 'Demo Ticaret A.Ş.', title: 'Demo Ticaret Anonim Şirketi', companyType: 'CORPORATION', taxNumber: '0123456789',
      taxOffice: 'Beşiktaş', email: 'muhasebe@demo.tezgah.local', phone: '2125559876', mersisNo: null, sectorId: 2, erpType: 'STANDARD',
      invoicePrefix: 'ABC2026', modules: [2, 3, 6, 11, 13], tags: ['merkez'], subscriptionStart: '2026-01-01', subscriptionEnd: '2026-12-31',
      userCount: 5, activationDate: '2026-01-02', coordinatingUser: null, itsUsername: null, active: true,
    });
    await waitFor(() => expect(toasts.shown.map((x) => x.message)).toContain('BAŞARILI — Başarıyla güncellendi.'));
    expect(prefix).not.toHaveAttribute('aria-invalid');
  });

  it('checks the tax number as a VKN for a corporation and a TCKN for an individual', async () => {
    const s = server();
    s.on('PUT /services/onmuhasebe/api/companies', async (req) => json({ ...company(), ...(await req.json()) }));
    await renderWorkbench({ plugins: [settings], path: '/company-settings', server: s, signedIn: true });
    const f = within(await form());
    const u = userEvent.setup();
    const tax = () => f.getByRole('textbox', { name: /kimlik no/ });

    await u.clear(tax());
    await u.type(tax(), '10000000146');
    await u.click(f.getByRole('button', { name: 'Kaydet' }));
    expect(tax()).toHaveAccessibleDescription('Vergi kimlik numarası (VKN) geçersiz.');

    await u.selectOptions(f.getByRole('combobox', { name: /^Şirket türü/ }), 'INDIVIDUAL');
    expect(tax()).toHaveAccessibleName(/^T\.C\. kimlik no \(TCKN\)/);
    expect(tax()).toHaveAccessibleDescription('11 haneli T.C. kimlik numarası.');
    await u.clear(tax());
    await u.type(tax(), '0123456789');
    await u.click(f.getByRole('button', { name: 'Kaydet' }));
    expect(tax()).toHaveAccessibleDescription('T.C. kimlik numarası (TCKN) geçersiz.');
    expect(puts(s)).toHaveLength(0);

    await u.clear(tax());
    await u.type(tax(), '10000000146');
    await u.click(f.getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(puts(s)).toHaveLength(1));
    expect(puts(s)[0]!.body).toMatchObject({ companyType: 'INDIVIDUAL', taxNumber: '10000000146' });
  });

  it('checks the other fields at the field: required, e-mail, Mersis, dates', async () => {
    const s = server();
    await renderWorkbench({ plugins: [settings], path: '/company-settings', server: s, signedIn: true });
    const f = within(await form());
    const u = userEvent.setup();
    await u.clear(f.getByRole('textbox', { name: /^Şirket adı/ }));
    await u.clear(f.getByRole('textbox', { name: 'E-posta' }));
    await u.type(f.getByRole('textbox', { name: 'E-posta' }), 'muhasebe@');
    await u.type(f.getByRole('textbox', { name: 'Mersis no' }), '12345');
    await u.clear(f.getByLabelText('Abonelik bitişi'));
    await u.type(f.getByLabelText('Abonelik bitişi'), '31/12/2025');
    await u.click(f.getByRole('button', { name: 'Kaydet' }));
    expect(f.getByRole('textbox', { name: /^Şirket adı/ })).toHaveAccessibleDescription('Bu alan zorunludur');
    expect(f.getByRole('textbox', { name: /^Şirket adı/ })).toHaveFocus();
    expect(f.getByRole('textbox', { name: 'E-posta' })).toHaveAccessibleDescription('Hatalı e-posta biçimi');
    expect(f.getByRole('textbox', { name: 'Mersis no' })).toHaveAccessibleDescription('Mersis numarası 16 rakamdan oluşmalı.');
    expect(f.getByLabelText('Abonelik bitişi')).toHaveAccessibleDescription('Abonelik bitişi başlangıçtan önce olamaz.');
    expect(puts(s)).toHaveLength(0);
  });

  it("puts the server's field messages at their fields", async () => {
    const s = server();
    s.on('PUT /services/onmuhasebe/api/companies', () =>
      problem(400, 'Geçersiz istek', { code: 'VALIDATION_FAILED', fieldErrors: [{ field: 'mersisNo', message: 'must match pattern "^[0-9]{16}$"', code: 'PATTERN' }] }));
    const { toasts } = await renderWorkbench({ plugins: [settings], path: '/company-settings', server: s, signedIn: true });
    const f = within(await form());
    await userEvent.setup().click(f.getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(f.getByRole('textbox', { name: 'Mersis no' })).toHaveAccessibleDescription('must match pattern "^[0-9]{16}$"'));
    expect(toasts.shown).toHaveLength(0);
  });

  it('is read-only without the update authority', async () => {
    await renderWorkbench({ plugins: [settings], path: '/company-settings', server: server(['21_1']), signedIn: true });
    const f = within(await form());
    expect(f.getByText('Şirket bilgilerini değiştirme yetkiniz yok.')).toBeInTheDocument();
    expect(f.getByRole('textbox', { name: /^Şirket adı/ })).toHaveAttribute('readonly');
    expect(f.queryByRole('button', { name: 'Kaydet' })).not.toBeInTheDocument();
  });
});
