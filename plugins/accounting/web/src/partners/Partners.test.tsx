import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Theme, validateWebPlugin, visibleMenu } from '@tezgah/core';
import { renderWorkbench } from '../../../../../packages/workbench/test/render';
import { json, problem } from '../../../../../packages/workbench/test/fake-server';
import full from '../index';
import { today } from '../ledger/model';
import { control, requestsTo } from '../finance/testing';
import { readShare } from './model';
import { API, CAPITALS, OWNER, PARTNERS, VIEWER, partnerServer } from './testing';

const gate = (codes: string[]) => ({ authorities: codes.map((c) => ({ authorityCode: c, companyId: 2 })), companyId: 2, theme: Theme.DEFAULT });

async function partners() {
  const table = await screen.findByRole('table', { name: 'Ortaklar' }, { timeout: 5000 });
  await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
  return table;
}
const row = (table: HTMLElement, text: string) => within(table).getByText(text).closest('tr')!;

describe('the partner screens\' declarations', () => {
  it('put Ortaklar under Cari Hesaplar with the partner module and its Add button, and read shares the Turkish way', () => {
    expect(validateWebPlugin(full)).toEqual([]);
    const group = full.menu!.find((m) => m.id === 'current-category')!;
    expect(group.children!.filter((c) => c.route === '/partner').map((c) => [c.title, c.module, c.addButton?.action])).toEqual([['Ortaklar', 7, 2]]);
    expect(full.routes!.filter((r) => r.path.startsWith('/partner')).map((r) => r.path)).toEqual(['/partner', '/partner/:id']);
    expect(visibleMenu(full.menu!, gate(['6_1'])).find((m) => m.id === 'current-category')!.children!.map((c) => c.route)).not.toContain('/partner');
    expect(readShare('12,5')).toEqual({ value: 12.5 });
    expect(readShare('%33,33')).toEqual({ value: 33.33 });
    expect(readShare('100,01')).toEqual({ error: 'shareRange' });
    expect(readShare('12,345')).toEqual({ error: 'shareRange' });
    expect(readShare(' ')).toEqual({ error: 'shareRequired' });
  });
});

describe('/partner', () => {
  it('lists the partners with type, share, capital and the unpaid capital from the ledger', async () => {
    const s = partnerServer();
    await renderWorkbench({ plugins: [full], path: '/partner', server: s, signedIn: true });
    const table = await partners();
    const mehmet = row(table, 'Mehmet Kaya');
    expect(within(mehmet).getByRole('link', { name: 'Mehmet Kaya' })).toHaveAttribute('href', '/partner/11');
    expect(mehmet).toHaveTextContent('Şahıs');
    expect(mehmet).toHaveTextContent('%60,00');
    expect(mehmet).toHaveTextContent('600.000,00');
    expect(mehmet).toHaveTextContent('450.000,00');
    expect(row(table, 'Demo Holding')).toHaveTextContent('Kurumsal');
    expect(row(table, 'Demo Holding')).toHaveTextContent('300.000,00');
    const user = userEvent.setup();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Ortak tipi' }), 'CORPORATE');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Durum' }), 'true');
    await waitFor(() => {
      const q = new URL(`http://x${requestsTo(s, 'GET', `${API}/partners`).at(-1)!.path}`).searchParams;
      expect([q.get('partnerType'), q.get('active'), q.get('sort')]).toEqual(['CORPORATE', 'true', 'name,asc']);
    });
  });

  it('adds a partner: the rules at the fields, and the server\'s refusal of shares above 100 % at the share', async () => {
    const s = partnerServer();
    let tries = 0;
    s.on(`POST ${API}/partners`, async (req) => {
      tries++;
      if (tries === 1) {
        return problem(400, 'Doğrulama hatası', {
          code: 'VALIDATION_FAILED',
          fieldErrors: [{ field: 'sharePercentage', message: 'Ortakların hisse oranları toplamı %100\'ü aşamaz: diğer ortakların toplamı %100, bu ortağa en fazla %0 verilebilir.', code: 'SHARE_TOTAL_EXCEEDED' }],
        });
      }
      return json({ ...PARTNERS[1], ...(await req.json() as object), id: 13 }, { status: 201 });
    });
    const { toasts } = await renderWorkbench({ plugins: [full], path: '/partner?new=1', server: s, signedIn: true });
    const form = await screen.findByRole('form', { name: 'Ortak ekle' }, { timeout: 5000 });
    const user = userEvent.setup();
    await user.type(control(form, 'Hisse oranı (%)'), '120');
    await user.click(within(form).getByRole('button', { name: 'Kaydet' }));
    expect(control(form, 'Ad')).toHaveAccessibleDescription('Ad zorunludur.');
    expect(control(form, 'Ortak tipi')).toHaveAccessibleDescription('Ortak tipi zorunludur: şahıs veya kurumsal.');
    expect(control(form, 'Hisse oranı (%)')).toHaveAccessibleDescription('Hisse oranı 0 ile 100 arasında, en çok iki ondalıklı olmalıdır.');
    expect(control(form, 'Sermaye (TL)')).toHaveAccessibleDescription('Sermaye zorunludur.');
    expect(requestsTo(s, 'POST', `${API}/partners`)).toHaveLength(0);

    await user.type(control(form, 'Ad'), 'Ayşe');
    await user.type(control(form, 'Soyad'), 'Demir');
    await user.selectOptions(control(form, 'Ortak tipi'), 'INDIVIDUAL');
    await user.clear(control(form, 'Hisse oranı (%)'));
    await user.type(control(form, 'Hisse oranı (%)'), '12,5');
    await user.type(control(form, 'Sermaye (TL)'), '125000');
    await user.tab();
    expect(control(form, 'Sermaye (TL)')).toHaveValue('125.000,00');
    await user.click(within(form).getByRole('button', { name: 'Kaydet' }));
    // Only the server knows the other partners' shares: its message lands at the share.
    await waitFor(() => expect(control(form, 'Hisse oranı (%)')).toHaveAccessibleDescription('Ortakların hisse oranları toplamı %100\'ü aşamaz: diğer ortakların toplamı %100, bu ortağa en fazla %0 verilebilir.'));
    expect(control(form, 'Hisse oranı (%)')).toHaveAttribute('aria-invalid', 'true');
    expect(toasts.shown).toHaveLength(0);

    await user.click(control(form, 'Aktif (ortaklığı sürüyor)'));
    await user.click(within(form).getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(toasts.shown.map((x) => x.message)).toContain('BAŞARILI — Başarıyla eklendi.'));
    expect(requestsTo(s, 'POST', `${API}/partners`).at(-1)!.body).toEqual({
      name: 'Ayşe', lastName: 'Demir', title: null, partnerType: 'INDIVIDUAL', sharePercentage: 12.5, capital: 125000, currencyId: 1,
      taxNumber: null, phone: null, email: null, address: null, active: false,
    });
  });

  it('edits a partner with its fields filled in, and deletes one after the confirmation (the server\'s refusal shown)', async () => {
    const s = partnerServer();
    s.on(`PUT ${API}/partners`, async (req) => json({ ...PARTNERS[0], ...(await req.json() as object) }));
    s.on(`DELETE ${API}/partners/{id}`, () => problem(409, 'Çakışma', { detail: 'Sermaye hareketi ya da muhasebe kaydı olan bir ortak silinemez; ortaklıktan ayrıldıysa pasife alın.', code: 'PARTNER_HAS_MOVEMENTS' }));
    const { toasts } = await renderWorkbench({ plugins: [full], path: '/partner', server: s, signedIn: true });
    const table = await partners();
    const user = userEvent.setup();
    await user.click(within(row(table, 'Mehmet Kaya')).getByRole('button', { name: /^Ortağı düzenle/ }));
    const form = await screen.findByRole('form', { name: 'Ortağı düzenle' });
    expect(control(form, 'Hisse oranı (%)')).toHaveValue('60');
    expect(control(form, 'Sermaye (TL)')).toHaveValue('600.000,00');
    await user.clear(control(form, 'Hisse oranı (%)'));
    await user.type(control(form, 'Hisse oranı (%)'), '55');
    await user.click(within(form).getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(toasts.shown.map((x) => x.message)).toContain('BAŞARILI — Başarıyla güncellendi.'));
    expect(requestsTo(s, 'PUT', `${API}/partners`)[0]!.body).toMatchObject({ id: 11, name: 'Mehmet', lastName: 'Kaya', sharePercentage: 55, capital: 600000, currencyId: 1, active: true });

    await user.click(within(row(table, 'Demo Holding')).getByRole('button', { name: /^Ortağı sil/ }));
    expect(await screen.findByText('Sermaye hareketi ya da muhasebe kaydı olan ortak silinmez; ortaklıktan ayrıldıysa pasife alın.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Evet' }));
    await waitFor(() => expect(toasts.shown.map((x) => String(x.message))).toContain('HATALI — Sermaye hareketi ya da muhasebe kaydı olan bir ortak silinemez; ortaklıktan ayrıldıysa pasife alın.'));
    expect(requestsTo(s, 'DELETE', `${API}/partners/12`)).toHaveLength(1);
  });

  it('shows a viewer the partners without the write buttons', async () => {
    const s = partnerServer(VIEWER);
    await renderWorkbench({ plugins: [full], path: '/partner', server: s, signedIn: true });
    const table = await partners();
    expect(within(table).queryByRole('button', { name: /^Ortağı düzenle/ })).toBeNull();
    expect(within(table).queryByRole('button', { name: /^Ortağı sil/ })).toBeNull();
    expect(within(table).getAllByRole('button', { name: 'Aç' })).toHaveLength(2);
  });
});

describe('/partner/:id', () => {
  it('shows the partner\'s capital and its records, newest first', async () => {
    const s = partnerServer();
    await renderWorkbench({ plugins: [full], path: '/partner/11', server: s, signedIn: true });
    const page = await screen.findByRole('region', { name: 'Mehmet Kaya' }, { timeout: 5000 });
    expect(within(page).getByLabelText('Ödenmemiş sermaye')).toHaveTextContent('450.000,00 TL');
    const info = within(page).getByRole('table', { name: 'Ortak' });
    expect(within(info).getByRole('row', { name: /Taahhüt edilen/ })).toHaveTextContent('600.000,00');
    expect(within(info).getByRole('row', { name: /^Ödenen/ })).toHaveTextContent('150.000,00');
    const records = await within(page).findByRole('table', { name: 'Sermaye hareketleri' });
    await waitFor(() => expect(within(records).getAllByRole('row')).toHaveLength(3));
    const payment = within(records).getByText('Sermayenin dörtte biri (TTK md. 344)').closest('tr')!;
    expect(payment).toHaveTextContent('15/01/2026');
    expect(payment).toHaveTextContent('Ödeme');
    expect(payment).toHaveTextContent('150.000,00');
    expect(payment).toHaveTextContent('Ziraat Vadesiz (102.01)');
    const commitment = within(records).getByText('Kuruluş sermayesi taahhüdü').closest('tr')!;
    expect(commitment).toHaveTextContent('Taahhüt');
    expect(commitment).toHaveTextContent('450.000,00');
    const q = new URL(`http://x${requestsTo(s, 'GET', `${API}/capitals`).at(-1)!.path}`).searchParams;
    expect([q.get('partnerId'), q.get('sort')]).toEqual(['11', 'date,desc']);
  });

  it('records a capital payment into a lira safe or bank account only, against the chosen commitment', async () => {
    const s = partnerServer();
    s.on(`POST ${API}/capitals`, async (req) => json({ ...CAPITALS[0], ...(await req.json() as object), id: 22, entryNo: 9 }, { status: 201 }));
    const { toasts } = await renderWorkbench({ plugins: [full], path: '/partner/11', server: s, signedIn: true });
    const page = await screen.findByRole('region', { name: 'Mehmet Kaya' }, { timeout: 5000 });
    const reads = requestsTo(s, 'GET', `${API}/partners/11`).length;
    const user = userEvent.setup();
    await user.click(within(page).getByRole('button', { name: 'Sermaye ödemesi' }));
    const form = await screen.findByRole('form', { name: 'Sermaye ödemesi' });
    const picker = control(form, 'Yatırılan hesap');
    await waitFor(() => expect(within(picker).getAllByRole('option').length).toBeGreaterThan(1));
    // Capital is in lira: the dollar safe and the euro account are not offered.
    expect(within(picker).getAllByRole('option').map((o) => o.getAttribute('value'))).toEqual(['', 'SAFE:1', 'BANK_ACCOUNT:5']);
    expect(control(form, 'Tutar (TL)')).toHaveAccessibleDescription('Ödenmemiş sermaye: 450.000,00 TL.');
    await user.click(within(form).getByRole('button', { name: 'Kaydet' }));
    expect(control(form, 'Yatırılan hesap')).toHaveAccessibleDescription('Sermayenin yatırıldığı kasa ya da banka hesabını seçiniz.');
    expect(control(form, 'Tutar (TL)')).toHaveAccessibleDescription('Tutar zorunludur.');
    expect(requestsTo(s, 'POST', `${API}/capitals`)).toHaveLength(0);

    await user.selectOptions(picker, 'BANK_ACCOUNT:5');
    await waitFor(() => expect(within(control(form, 'Ödenen taahhüt')).getAllByRole('option')).toHaveLength(2));
    await user.selectOptions(control(form, 'Ödenen taahhüt'), '20');
    await user.type(control(form, 'Tutar (TL)'), '50.000');
    await user.click(within(form).getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(toasts.shown.map((x) => x.message)).toContain('BAŞARILI — Sermaye ödemesi kaydedildi (yevmiye fişi 9).'));
    expect(requestsTo(s, 'POST', `${API}/capitals`)[0]!.body).toEqual({
      partnerId: 11, kind: 'CAPITAL', amount: '50000.00', currencyId: 1, date: today(), account: { accountKind: 'BANK_ACCOUNT', accountId: 5 }, commitmentId: 20,
    });
    // The bus tells the page (and the money screens) to read again.
    await waitFor(() => expect(requestsTo(s, 'GET', `${API}/partners/11`).length).toBeGreaterThan(reads));
  });

  it('commits capital, with the server\'s refusal at the amount', async () => {
    const s = partnerServer();
    s.on(`POST ${API}/capitals`, () => problem(400, 'Doğrulama hatası', {
      code: 'VALIDATION_FAILED', fieldErrors: [{ field: 'amount', message: 'Taahhütler ortağın sermayesini (600.000,00 TL) aşamaz; en fazla 0,00 TL taahhüt edilebilir.', code: 'ABOVE_CAPITAL' }],
    }));
    await renderWorkbench({ plugins: [full], path: '/partner/11', server: s, signedIn: true });
    const page = await screen.findByRole('region', { name: 'Mehmet Kaya' }, { timeout: 5000 });
    const user = userEvent.setup();
    await user.click(within(page).getByRole('button', { name: 'Sermaye taahhüdü' }));
    const form = await screen.findByRole('form', { name: 'Sermaye taahhüdü' });
    expect(within(form).queryByLabelText(/Yatırılan hesap/)).toBeNull();
    expect(control(form, 'Tutar (TL)')).toHaveAccessibleDescription('Taahhüt edilebilecek tutar: 0,00 TL.');
    await user.type(control(form, 'Tutar (TL)'), '1000');
    await user.click(within(form).getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(control(form, 'Tutar (TL)')).toHaveAccessibleDescription('Taahhütler ortağın sermayesini (600.000,00 TL) aşamaz; en fazla 0,00 TL taahhüt edilebilir.'));
    expect(requestsTo(s, 'POST', `${API}/capitals`)[0]!.body).toEqual({ partnerId: 11, kind: 'UNPAID_CAPITAL', amount: '1000.00', currencyId: 1, date: today() });
  });

  it('deletes a capital record after the confirmation, and shows the server\'s refusal', async () => {
    const s = partnerServer();
    s.on(`DELETE ${API}/capitals/{id}`, (_r, p) => (p.id === '20'
      ? problem(409, 'Çakışma', { detail: 'Bu sermaye taahhüdüne bağlı 1 ödeme var; taahhüt silinmeden önce o ödemeler silinmeli.', code: 'CAPITAL_HAS_PAYMENTS' })
      : new Response(null, { status: 204 })));
    const { toasts } = await renderWorkbench({ plugins: [full], path: '/partner/11', server: s, signedIn: true });
    const records = await screen.findByRole('table', { name: 'Sermaye hareketleri' }, { timeout: 5000 });
    await waitFor(() => expect(within(records).getAllByRole('row')).toHaveLength(3));
    const user = userEvent.setup();
    await user.click(within(within(records).getByText('Kuruluş sermayesi taahhüdü').closest('tr')!).getByRole('button', { name: /^Sermaye kaydını sil/ }));
    expect(await screen.findByText('02/01/2026 tarihli Taahhüt (600.000,00 TL) silinsin mi?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Evet' }));
    await waitFor(() => expect(toasts.shown.map((x) => String(x.message))).toContain('HATALI — Bu sermaye taahhüdüne bağlı 1 ödeme var; taahhüt silinmeden önce o ödemeler silinmeli.'));
    await user.click(within(within(records).getByText('Sermayenin dörtte biri (TTK md. 344)').closest('tr')!).getByRole('button', { name: /^Sermaye kaydını sil/ }));
    await user.click(await screen.findByRole('button', { name: 'Evet' }));
    await waitFor(() => expect(toasts.shown.map((x) => x.message)).toContain('BAŞARILI — Sermaye kaydı silindi; fişi ters kayıtla iptal edildi.'));
    expect(requestsTo(s, 'DELETE', `${API}/capitals/21`)).toHaveLength(1);
  });

  it('shows a viewer no capital, edit or delete buttons', async () => {
    const s = partnerServer(VIEWER);
    await renderWorkbench({ plugins: [full], path: '/partner/11', server: s, signedIn: true });
    const page = await screen.findByRole('region', { name: 'Mehmet Kaya' }, { timeout: 5000 });
    const records = await within(page).findByRole('table', { name: 'Sermaye hareketleri' });
    await waitFor(() => expect(within(records).getAllByRole('row')).toHaveLength(3));
    for (const name of ['Sermaye taahhüdü', 'Sermaye ödemesi', 'Ortağı düzenle', 'Ortağı sil']) expect(within(page).queryByRole('button', { name })).toBeNull();
    expect(within(records).queryByRole('button', { name: /^Sermaye kaydını sil/ })).toBeNull();
    expect(OWNER).toContain('7_21');
  });
});
