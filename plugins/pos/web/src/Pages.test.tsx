import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { validateWebPlugin } from '@tezgah/core';
import { renderWorkbench } from '../../../../packages/workbench/test/render';
import { json, problem } from '../../../../packages/workbench/test/fake-server';
import plugin from './index';
import { messages } from './messages';
import { deviceBody, deviceDraft, newDraft } from './devices/DevicesPage';
import { linkBody, linkSettingsBody } from './links/LinksPage';
import { connectorBody, olderThan } from './assistant/AssistantPage';
import { API, server } from './testing';
import type { ConnectorSetting, KolayAsistan, PosDevice, VirtualPayment } from './api';

const keys = (o: object, prefix = ''): string[] => Object.entries(o).flatMap(([k, v]) => (v && typeof v === 'object' ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`]));
const said = (toasts: { shown: { message: unknown }[] }) => toasts.shown.map((x) => String(x.message)).join(' | ');

describe('the POS plugin', () => {
  it('is a valid web plugin whose Turkish and English texts have the same keys', () => {
    expect(validateWebPlugin(plugin)).toEqual([]);
    expect(keys(messages.en).sort()).toEqual(keys(messages.tr).sort());
    expect(plugin.requires).toEqual(['accounting']);
  });

  it('puts POS payments and payment links under Alış / Satış and the devices and the assistant under Ayarlar, each by its module', async () => {
    await renderWorkbench({ plugins: [plugin], path: '/pos-devices', server: server(), signedIn: true });
    await screen.findByRole('region', { name: 'POS cihazları' });
    for (const name of ['POS cihazları', 'Kolay Asistan']) expect(screen.getByRole('menuitem', { name })).toBeInTheDocument();
    const group = (id: string) => plugin.menu!.find((m) => m.id === id)!.children!.map((c) => [c.route, c.module]);
    expect(group('commercial-category')).toEqual([['/pos-payment', 30], ['/virtual-payments', 34]]);
    expect(group('settings')).toEqual([['/pos-devices', 27], ['/kolay-asistan', 28]]);
  });

  it('shows only what the user\'s modules allow', async () => {
    const s = server(['30_1']);
    s.on(`GET ${API}/pos-payments-to-portal`, () => json([], { total: 0 }));
    await renderWorkbench({ plugins: [plugin], path: '/pos-payment', server: s, signedIn: true });
    await screen.findByRole('region', { name: 'POS ödemeleri' });
    expect(screen.getByRole('menuitem', { name: 'POS ödemeleri' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Ödeme linkleri' })).toBeNull();
    expect(screen.queryByRole('menuitem', { name: 'Ayarlar' })).toBeNull();
  });
});

const DEVICE: PosDevice = {
  id: 4, name: 'Kasa 1', terminalSerialNo: 'SIM0000001', provider: 'SANDBOX', bankAccountId: 9, bankAccountName: 'POS Hesabı · Demo Bank', active: true,
  appTokenSet: true, apiKeySet: false, username: 'kasa', passwordSet: true, createdDate: '2026-11-24T09:00:00Z', updatedDate: '2026-11-24T09:00:00Z',
};

describe('the POS devices (/pos-devices)', () => {
  it('keep the stored credentials when left empty and refuse a bad serial or no bank account', () => {
    const d = deviceDraft(DEVICE);
    expect(deviceBody(d)).toEqual({ body: { id: 4, name: 'Kasa 1', terminalSerialNo: 'SIM0000001', provider: 'SANDBOX', bankAccountId: 9, active: true, username: 'kasa' } });
    expect(deviceBody({ ...d, apiKey: 'k-1' })).toMatchObject({ body: { apiKey: 'k-1' } });
    expect(deviceBody({ ...newDraft(), name: 'x', terminalSerialNo: 'A?' })).toEqual({ error: 'serialNeeded' });
    expect(deviceBody({ ...newDraft(), name: 'x', terminalSerialNo: 'AV0000012345' })).toEqual({ error: 'bankNeeded' });
  });

  it('lists the devices and adds one through the dialog, the credentials written but never shown', async () => {
    const s = server();
    const list = [DEVICE];
    s.on(`GET ${API}/pos-devices`, () => json(list, { total: list.length }));
    s.on(`GET ${API}/bank-accounts`, () => json([{ id: 9, name: 'POS Hesabı', bankName: 'Demo Bank', accountType: 'POS' }], { total: 1 }));
    s.on(`POST ${API}/pos-devices`, async (req) => {
      const b = await req.json() as Record<string, unknown>;
      const d = { ...DEVICE, id: 5, name: String(b.name), terminalSerialNo: String(b.terminalSerialNo), provider: b.provider as 'TOKENX', appTokenSet: !!b.appToken, apiKeySet: !!b.apiKey, passwordSet: !!b.password };
      list.push(d);
      return json(d, { status: 201 });
    });
    const { toasts } = await renderWorkbench({ plugins: [plugin], path: '/pos-devices', server: s, signedIn: true });
    const page = await screen.findByRole('region', { name: 'POS cihazları' });
    const table = await within(page).findByRole('table', { name: 'POS cihazları' });
    expect(table).toHaveTextContent('SIM0000001');
    expect(table).toHaveTextContent('Deneme cihazı (simülatör)');
    expect(table).toHaveTextContent('POS Hesabı · Demo Bank');
    expect(s.requests.some((r) => r.path.startsWith(`${API}/bank-accounts?`) && r.path.includes('accountType=POS'))).toBe(true);
    const user = userEvent.setup();
    await user.click(within(page).getByRole('button', { name: 'POS cihazı ekle' }));
    const dialog = await screen.findByRole('dialog', { name: 'Yeni POS cihazı' });
    await user.type(within(dialog).getByLabelText('Terminal seri no'), 'AV0000012345');
    await user.type(within(dialog).getByLabelText('Cihaz adı'), 'Kasa 2');
    await user.selectOptions(within(dialog).getByLabelText('Sağlayıcı'), 'TOKENX');
    await user.click(within(dialog).getByRole('button', { name: 'Kaydet' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Banka hesabını seçin.');
    await user.selectOptions(within(dialog).getByLabelText('Bağlı banka hesabı'), '9');
    await user.type(within(dialog).getByLabelText('Uygulama anahtarı (app token)'), 'tok-123');
    expect(within(dialog).getByLabelText('Uygulama anahtarı (app token)')).toHaveAttribute('type', 'password');
    await user.click(within(dialog).getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(said(toasts)).toContain('POS cihazı kaydedildi.'));
    expect(s.requests.find((r) => r.method === 'POST')!.body).toEqual({ name: 'Kasa 2', terminalSerialNo: 'AV0000012345', provider: 'TOKENX', bankAccountId: 9, active: true, username: null, appToken: 'tok-123' });
    await waitFor(() => expect(within(page).getByRole('table', { name: 'POS cihazları' })).toHaveTextContent('AV0000012345'));
    expect(within(page).getByRole('table', { name: 'POS cihazları' })).not.toHaveTextContent('tok-123');
  });
});

const LINK: VirtualPayment = {
  id: 1, currentId: 5, currentName: 'Ayşe Yılmaz', amount: 250.5, currency: 'TRY', description: 'Kasım bakiyesi', status: 'PAID',
  paymentUrl: 'http://127.0.0.1/sandbox/pos/pay/link/abc', createdAt: '2026-11-20T10:00:00Z', paidAt: '2026-11-21T10:00:00Z',
};

describe('the payment links (/virtual-payments)', () => {
  it('check the amount, the current and the description before asking', () => {
    expect(linkBody({ currentId: '5', amount: '1.250,50', description: 'Kasım bakiyesi' })).toEqual({ body: { currentId: 5, amount: '1250.50', description: 'Kasım bakiyesi' } });
    expect(linkBody({ currentId: '', amount: '10', description: 'Kasım' })).toEqual({ error: 'currentNeeded' });
    expect(linkBody({ currentId: '5', amount: '0', description: 'Kasım' })).toEqual({ error: 'amountNeeded' });
    expect(linkBody({ currentId: '5', amount: '10', description: 'ab' })).toEqual({ error: 'descriptionNeeded' });
  });

  it('make a link for a current and an amount, show its address to copy, and list the links with their status', async () => {
    const s = server();
    const list = [LINK];
    s.on(`GET ${API}/virtual-payments`, () => json(list, { total: list.length }));
    s.on(`GET ${API}/currents`, () => json([{ id: 5, name: 'Ayşe', lastName: 'Yılmaz' }, { id: 6, name: 'Demo Market' }], { total: 2 }));
    s.on(`POST ${API}/virtual-payments/create`, async (req) => {
      const b = await req.json() as { currentId: number; amount: string; description: string };
      const l: VirtualPayment = { ...LINK, id: 2, currentId: b.currentId, currentName: 'Demo Market', amount: Number(b.amount), description: b.description, status: 'CREATED', paymentUrl: 'http://127.0.0.1/sandbox/pos/pay/link/xyz', paidAt: null };
      list.unshift(l);
      return json(l, { status: 201 });
    });
    const { toasts } = await renderWorkbench({ plugins: [plugin], path: '/virtual-payments', server: s, signedIn: true });
    const page = await screen.findByRole('region', { name: 'Ödeme linkleri' });
    const table = await within(page).findByRole('table', { name: 'Ödeme linkleri' });
    expect(table).toHaveTextContent('Ödendi');
    expect(table).toHaveTextContent('250,50');
    const form = within(page).getByRole('region', { name: 'Ödeme linki oluştur' });
    const user = userEvent.setup();
    await waitFor(() => expect(within(form).getByRole('option', { name: 'Demo Market' })).toBeInTheDocument());
    await user.selectOptions(within(form).getByLabelText('Cari'), '6');
    await user.type(within(form).getByLabelText('Tutar'), '99,90');
    await user.type(within(form).getByLabelText('Açıklama'), 'Sipariş 42');
    await user.click(within(form).getByRole('button', { name: 'Ödeme linki oluştur' }));
    const made = await within(form).findByRole('status', { name: 'Ödeme linki' });
    expect(within(made).getByLabelText('Ödeme linki')).toHaveValue('http://127.0.0.1/sandbox/pos/pay/link/xyz');
    expect(within(made).getByRole('button', { name: 'Linki kopyala' })).toBeInTheDocument();
    expect(said(toasts)).toContain('Ödeme linki oluşturuldu.');
    expect(s.requests.find((r) => r.method === 'POST')!.body).toEqual({ currentId: 6, amount: '99.90', description: 'Sipariş 42' });
    await waitFor(() => expect(within(page).getByRole('table', { name: 'Ödeme linkleri' })).toHaveTextContent('Ödeme bekleniyor'));
  });
});

describe('the payment-page settings on /virtual-payments', () => {
  it('keep the stored key and salt when left empty, and save the merchant account', async () => {
    expect(linkSettingsBody({ mode: 'live', merchantId: ' 123456 ', merchantKey: '', merchantSalt: 's', bankAccountId: '', maxInstallment: '20' }))
      .toEqual({ mode: 'live', merchantId: '123456', bankAccountId: null, maxInstallment: 12, merchantSalt: 's' });
    const s = server();
    s.on(`GET ${API}/virtual-payments`, () => json([], { total: 0 }));
    s.on(`GET ${API}/currents`, () => json([], { total: 0 }));
    s.on(`GET ${API}/bank-accounts`, () => json([{ id: 12, name: 'Online Tahsilat', accountType: 'ONLINE_PAYMENT' }], { total: 1 }));
    const stored = { mode: 'sandbox', merchantId: null, merchantKeySet: false, merchantSaltSet: true, bankAccountId: null, maxInstallment: 1 };
    s.on(`GET ${API}/virtual-payment-settings`, () => json(stored));
    s.on(`PUT ${API}/virtual-payment-settings`, async (req) => json({ ...stored, ...(await req.json() as object), merchantKeySet: true }));
    const { toasts } = await renderWorkbench({ plugins: [plugin], path: '/virtual-payments', server: s, signedIn: true });
    const card = await screen.findByRole('region', { name: 'Sanal POS (ödeme sayfası) ayarları' });
    const user = userEvent.setup();
    await user.click(within(card).getByRole('button', { name: 'Sanal POS (ödeme sayfası) ayarları' }));
    await user.type(await within(card).findByLabelText('Mağaza no (merchant id)'), '123456');
    await user.type(within(card).getByLabelText('Mağaza parolası (merchant key)'), 'anahtar');
    expect(within(card).getByLabelText('Mağaza gizli anahtarı (merchant salt)')).toHaveAttribute('placeholder', 'kayıtlı');
    await waitFor(() => expect(within(card).getByRole('option', { name: 'Online Tahsilat' })).toBeInTheDocument());
    await user.selectOptions(within(card).getByLabelText('Tahsilatın aktarılacağı online ödeme hesabı'), '12');
    await user.click(within(card).getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(said(toasts)).toContain('Kaydedildi.'));
    expect(s.requests.find((r) => r.method === 'PUT')!.body).toEqual({ mode: 'sandbox', merchantId: '123456', bankAccountId: 12, maxInstallment: 1, merchantKey: 'anahtar' });
  });
});

const ASSISTANT: KolayAsistan = { id: 1, name: 'Kasa PC', deviceId: 'PC-01', host: '127.0.0.1', port: 10999, version: '2.3.1', mode: 'sandbox', active: true, lastSeenAt: '2026-11-24T08:00:00Z' };
const CONNECTOR: ConnectorSetting = { id: 3, assistantId: 1, vendor: 'BOTANIK_EOS', vendorName: 'Botanik EOS', databaseType: 'MSSQL', host: 'ECZANE-PC', port: 1433, databaseName: 'EOS', username: 'sa', passwordSet: true, active: true };

describe('the desktop assistant (/kolay-asistan)', () => {
  it('compares versions and writes a connector\'s body with the password only when typed', () => {
    expect(olderThan('2.3.9', '2.4.0')).toBe(true);
    expect(olderThan('2.4.0', '2.4')).toBe(false);
    expect(olderThan('10.0', '9.9')).toBe(false);
    expect(connectorBody({ id: 3, assistantId: '1', vendor: 'X', databaseType: 'ORACLE', host: ' h ', port: '1521', databaseName: 'D', username: 'u', password: '', passwordSet: true }))
      .toEqual({ id: 3, assistantId: 1, vendor: 'X', databaseType: 'ORACLE', host: 'h', port: 1521, databaseName: 'D', username: 'u' });
  });

  function assistantServer() {
    const s = server();
    const connectors = [CONNECTOR];
    s.on(`GET ${API}/kolay-asistans`, () => json([ASSISTANT], { total: 1 }));
    s.on(`GET ${API}/connector-settings`, () => json(connectors, { total: connectors.length }));
    s.on(`GET ${API}/connector/getLastVersion/kolay_asistan`, () => json({ name: 'kolay_asistan', version: '2.4.0', downloadUrl: '/downloads/kolay-asistan/KolayAsistanSetup-2.4.0.exe' }));
    s.on(`POST ${API}/connector-settings`, async (req) => { const b = await req.json() as ConnectorSetting; const c = { ...CONNECTOR, ...b, id: 4, vendorName: 'Farmakom', passwordSet: true }; connectors.push(c); return json(c, { status: 201 }); });
    s.on(`DELETE ${API}/connector-settings-and-pos-assistant/{id}`, (_r, p) => { connectors.splice(connectors.findIndex((c) => c.id === Number(p.id)), 1); return new Response(null, { status: 204 }); });
    return { s, connectors };
  }

  it('lists the assistants (an old one offered the update) and the connectors; adds a connector with the vendor\'s defaults and deletes one', async () => {
    const { s, connectors } = assistantServer();
    const { toasts } = await renderWorkbench({ plugins: [plugin], path: '/kolay-asistan', server: s, signedIn: true });
    const page = await screen.findByRole('region', { name: 'Kolay Asistan' });
    const devices = await within(page).findByRole('table', { name: 'Asistan cihazları' });
    expect(devices).toHaveTextContent('Kasa PC');
    expect(devices).toHaveTextContent('Güncelleme var');
    await waitFor(() => expect(page).toHaveTextContent('Güncel sürüm: 2.4.0'));
    const table = await within(page).findByRole('table', { name: 'Konnektör ayarları' });
    expect(table).toHaveTextContent('Botanik EOS');
    expect(table).toHaveTextContent('ECZANE-PC:1433');

    const user = userEvent.setup();
    await user.click(within(page).getByRole('button', { name: 'Konnektör ekle' }));
    const dialog = await screen.findByRole('dialog', { name: 'Konnektör ayarı' });
    // A database changed by hand is put back to the program's own when the program is chosen.
    await user.selectOptions(within(dialog).getByLabelText('Veritabanı türü'), 'ORACLE');
    await user.clear(within(dialog).getByLabelText('Port'));
    await user.type(within(dialog).getByLabelText('Port'), '1521');
    await user.selectOptions(within(dialog).getByLabelText('Eczane yazılımı'), 'FARMAKOM');
    expect(within(dialog).getByLabelText('Veritabanı türü')).toHaveValue('MSSQL');
    expect(within(dialog).getByLabelText('Port')).toHaveValue('1433');
    await user.selectOptions(within(dialog).getByLabelText('Asistan cihazı'), '1');
    await user.type(within(dialog).getByLabelText('Sunucu'), 'ECZANE-PC');
    await user.type(within(dialog).getByLabelText('Veritabanı adı'), 'LOGO');
    await user.type(within(dialog).getByLabelText('Kullanıcı adı'), 'logo');
    await user.type(within(dialog).getByLabelText('Şifre'), 'gizli');
    await user.click(within(dialog).getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(connectors).toHaveLength(2));
    expect(s.requests.find((r) => r.method === 'POST')!.body).toEqual({ assistantId: 1, vendor: 'FARMAKOM', databaseType: 'MSSQL', host: 'ECZANE-PC', port: 1433, databaseName: 'LOGO', username: 'logo', password: 'gizli' });

    await user.click(within(page).getAllByRole('button', { name: 'Sil: Botanik EOS' })[0]!);
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Evet' }));
    await waitFor(() => expect(said(toasts)).toContain('Konnektör silindi.'));
    expect(s.requests.some((r) => r.method === 'DELETE' && r.path === `${API}/connector-settings-and-pos-assistant/3`)).toBe(true);
  });

  it('tells the person to restart the desktop assistant when its check answers Internal Server Error', async () => {
    const { s } = assistantServer();
    s.on(`POST ${API}/kolay-asistans/{id}/check`, () => problem(500, 'Internal Server Error'));
    const { toasts } = await renderWorkbench({ plugins: [plugin], path: '/kolay-asistan', server: s, signedIn: true });
    const devices = await screen.findByRole('table', { name: 'Asistan cihazları' });
    await userEvent.setup().click(within(devices).getByRole('button', { name: 'Kontrol et: Kasa PC' }));
    await waitFor(() => expect(said(toasts)).toContain('Sunucu hatası oluştu. Lütfen Kolay Asistan uygulamasını yeniden başlatınız.'));
  });

  it('shows a reachable assistant\'s answer', async () => {
    const { s } = assistantServer();
    s.on(`POST ${API}/kolay-asistans/{id}/check`, () => json({ reachable: true, version: '2.4.0', updateAvailable: false, connectorConnected: true, message: null }));
    await renderWorkbench({ plugins: [plugin], path: '/kolay-asistan', server: s, signedIn: true });
    const devices = await screen.findByRole('table', { name: 'Asistan cihazları' });
    await userEvent.setup().click(within(devices).getByRole('button', { name: 'Kontrol et: Kasa PC' }));
    await waitFor(() => expect(devices).toHaveTextContent('Ulaşıldı'));
    expect(devices).not.toHaveTextContent('Güncelleme var');
  });
});
