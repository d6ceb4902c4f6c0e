import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWorkbench } from '../../../../packages/workbench/test/render';
import { json, problem } from '../../../../packages/workbench/test/fake-server';
import { homePlugin } from '../../../../packages/workbench/src/builtin/home/plugin';
import plugin from './index';
import { settingsBody } from './SettingsPage';
import { API, doc, server } from './testing';

const SETTINGS = {
  enabled: true, integrator: 'KOLAYSOFT', mode: 'sandbox', eInvoiceUrl: null, eQueryInvoiceUrl: null, eArchiveInvoiceUrl: null, eDespatchUrl: null, eQueryDespatchUrl: null,
  authUrl: null, eInvoiceUsername: 'demo', senderTag: 'urn:mail:defaultgb@demo', earchiveSendType: 'ELEKTRONIK', autoSendCashSales: false,
  passwordSet: true, passwordSecondarySet: false, registered: true,
  companyProblems: [{ source: 'RULE', message: 'Firmanın vergi dairesi boş.', field: 'company.taxOffice' }],
};

describe('the e-document settings', () => {
  it('leave an empty password out (the stored one stays) and send blank text as null', () => {
    const b = settingsBody({ ...(SETTINGS as object), eInvoicePassword: '', eInvoicePasswordSecondary: '', eInvoiceUrl: ' ', senderTag: ' urn:mail:x ' });
    expect('eInvoicePassword' in b).toBe(false);
    expect(b.eInvoiceUrl).toBeNull();
    expect(b.senderTag).toBe('urn:mail:x');
    expect('passwordSet' in b).toBe(false);
    expect(settingsBody({ ...(SETTINGS as object), eInvoicePassword: 's3cret', eInvoicePasswordSecondary: '' }).eInvoicePassword).toBe('s3cret');
  });

  it('show the stored password as "kayıtlı", the company\'s problems, and save; the series list shows the returned description', async () => {
    const s = server();
    s.on(`GET ${API}/e-document-settings`, () => json(SETTINGS));
    s.on(`PUT ${API}/e-document-settings`, async (req) => json({ ...SETTINGS, ...(await req.json() as object) }));
    s.on(`GET ${API}/e-invoice-prefixes`, () => json([{ id: 1, prefix: 'DMT', kind: 'EINVOICE', isDefault: true, active: true, used: true, lastNo: 'DMT2026000000007' }], { total: 1 }));
    let refuse = false;
    s.on(`PUT ${API}/e-invoice-prefixes-list`, async (req) => {
      if (refuse) return problem(409, 'Seri kaydedilemedi', { detail: 'EAR serisi iki kez yazılmış.' });
      const list = await req.json() as { prefix: string; kind: string }[];
      return json({ description: '1 seri eklendi, 1 seri değişmedi.', prefixes: list.map((p, i) => ({ ...p, id: i + 1, used: i === 0, isDefault: i === 0, active: true, lastNo: null })) });
    });
    const { toasts } = await renderWorkbench({ plugins: [plugin], path: '/e-document-settings', server: s, signedIn: true });
    const page = await screen.findByRole('region', { name: 'e-Belge Ayarları' });
    const password = await within(page).findByLabelText('Şifre');
    expect(password).toHaveAttribute('placeholder', 'kayıtlı');
    expect((password as HTMLInputElement).value).toBe('');
    expect(page).toHaveTextContent('Firmanın vergi dairesi boş.');
    expect(page).toHaveTextContent('Lütfen firma ayarları sayfasında eksik bilgileri tamamlayın');
    const user = userEvent.setup();
    await user.clear(within(page).getByLabelText('Kullanıcı adı'));
    await user.type(within(page).getByLabelText('Kullanıcı adı'), 'yeni');
    await user.click(within(page).getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(s.requests.find((r) => r.method === 'PUT' && r.path === `${API}/e-document-settings`)).toBeDefined());
    const sent = s.requests.find((r) => r.method === 'PUT' && r.path === `${API}/e-document-settings`)!.body as Record<string, unknown>;
    expect(sent.eInvoiceUsername).toBe('yeni');
    expect('eInvoicePassword' in sent).toBe(false);
    expect('passwordSet' in sent).toBe(false);

    // Series: a used one's letters are fixed; add EAR for e-Arşiv and save the list.
    const table = await within(page).findByRole('table', { name: 'Seriler' });
    expect(within(table).getAllByLabelText('Seri')[0]).toBeDisabled();
    await user.click(within(page).getByRole('button', { name: 'Seri ekle' }));
    const boxes = within(table).getAllByLabelText('Seri');
    await user.type(boxes[1]!, 'ear');
    await user.selectOptions(within(table).getAllByLabelText('Tür')[1]!, 'EARCHIVE');
    await user.click(within(page).getByRole('button', { name: 'Serileri kaydet' }));
    await within(page).findByText('1 seri eklendi, 1 seri değişmedi.');
    const list = s.requests.find((r) => r.method === 'PUT' && r.path === `${API}/e-invoice-prefixes-list`)!.body;
    expect(list).toEqual([
      { prefix: 'DMT', kind: 'EINVOICE', isDefault: true, active: true },
      { prefix: 'EAR', kind: 'EARCHIVE', isDefault: false, active: true },
    ]);
    refuse = true;
    await user.click(within(page).getByRole('button', { name: 'Serileri kaydet' }));
    await within(page).findByText('EAR serisi iki kez yazılmış.');
    await waitFor(() => expect(toasts.shown.map((x) => String(x.message)).join(' ')).toContain('EAR serisi iki kez yazılmış.'));
  });
});

describe('the home widget', () => {
  it('counts what waits, what failed and the incoming invoices not yet purchases, linking to the lists', async () => {
    const s = server();
    s.on(`GET ${API}/e-documents/summary`, () => json({ sending: 2, failed: 1, incomingOpen: 4, latest: [doc({ status: 'UNKNOWN', documentNo: 'DMT2026000000009', invoiceId: 9 })] }));
    await renderWorkbench({ plugins: [homePlugin, plugin], path: '/summary', server: s, signedIn: true });
    const widget = await screen.findByRole('table', { name: 'e-Belgeler' });
    expect(within(widget).getByRole('link', { name: 'Gönderilmeyi bekleyen' }).closest('tr')).toHaveTextContent('2');
    expect(within(widget).getByRole('link', { name: 'Hatalı ya da belirsiz' }).closest('tr')).toHaveTextContent('1');
    expect(within(widget).getByRole('link', { name: 'Alış faturasına dönüşmemiş gelen fatura' })).toHaveAttribute('href', '/e-documents/incoming');
    const latest = screen.getByRole('table', { name: 'Son belgeler' });
    expect(within(latest).getByRole('link', { name: 'DMT2026000000009' })).toHaveAttribute('href', '/invoice/9');
    expect(latest).toHaveTextContent('Bilinmiyor');
  });
});
