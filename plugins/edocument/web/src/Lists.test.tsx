import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Theme, validateWebPlugin, visibleMenu, type ContributionProps } from '@tezgah/core';
import { renderWorkbench } from '../../../../packages/workbench/test/render';
import { json } from '../../../../packages/workbench/test/fake-server';
import plugin from './index';
import { messages } from './messages';
import ReportStatusCell from './ReportStatusCell';
import { StatusTag } from './StatusTag';
import { createStatusBatcher } from './api';
import { NO_FILTERS, listQuery } from './lists';
import { API, doc, harness, server } from './testing';

const query = (path: string) => new URL(`http://x${path}`).searchParams;
const gate = (codes: string[]) => ({ authorities: codes.map((c) => ({ authorityCode: c, companyId: 2 })), companyId: 2, theme: Theme.DEFAULT });

describe('the plugin\'s declarations', () => {
  it('are valid, gate the list and the settings, fill the accounting slots and have every text in English too', () => {
    expect(validateWebPlugin(plugin)).toEqual([]);
    expect(plugin.slots?.fills).toEqual(['accounting.invoice.actions', 'accounting.despatch.actions', 'accounting.reports.invoiceRow']);
    const routes = (codes: string[]) => visibleMenu(plugin.menu!, gate(codes)).flatMap((g) => g.children ?? []).map((c) => c.route);
    expect(routes(['11_1'])).toEqual(['/e-documents']);
    expect(routes(['26_1', '21_1'])).toEqual(['/e-documents', '/e-document-settings']);
    expect(routes(['13_1'])).toEqual([]);
    const keys = (o: unknown, at = ''): string[] => (typeof o === 'object' && o ? Object.entries(o).flatMap(([k, v]) => keys(v, `${at}.${k}`)) : [at]);
    expect(keys(messages.en)).toEqual(keys(messages.tr));
    // The sign-in bundle carries only the shell's titles; they are the screens' own texts.
    for (const lang of ['tr', 'en'] as const) {
      const shell = plugin.messages![lang] as { menu: Record<string, string>; widget: { title: string } };
      expect(shell.menu).toEqual(messages[lang].menu);
      expect(shell.widget.title).toBe(messages[lang].widget.title);
    }
  });
});

describe('the status cell', () => {
  it('shows the colour and the Turkish label, the lists\' simplified set when asked', async () => {
    const Page = () => <div>
      <span data-testid="a"><StatusTag status="UNKNOWN" /></span>
      <span data-testid="b"><StatusTag status="UNKNOWN" simple /></span>
      <span data-testid="c"><StatusTag status="PREVIEW" simple /></span>
      <span data-testid="d"><StatusTag status="SUCCESS" /></span>
    </div>;
    await renderWorkbench({ plugins: [plugin, harness(Page)], path: '/t', server: server(), signedIn: true });
    const tag = async (id: string) => (await screen.findByTestId(id)).firstElementChild!;
    expect((await tag('a')).textContent).toBe('Bilinmiyor');
    expect((await tag('a')).className).toContain('bp6-intent-danger');
    expect((await tag('b')).textContent).toBe('Hatalı');
    expect((await tag('c')).textContent).toBe('Gönderiliyor');
    expect((await tag('c')).className).toContain('bp6-intent-warning');
    expect((await tag('d')).className).toContain('bp6-intent-success');
  });

  it('asks the statuses of a report page\'s invoices in one call, not one per row', async () => {
    const s = server();
    s.on(`GET ${API}/e-documents/statuses`, (req) => {
      const ids = new URL(req.url).searchParams.getAll('invoiceIds').flatMap((x) => x.split(',')).map(Number);
      return json(ids.filter((x) => x !== 3).map((invoiceId) => ({ invoiceId, id: 100 + invoiceId, status: invoiceId === 2 ? 'FAILURE' : 'SUCCESS', category: 'EINVOICE', documentNo: `DMT${invoiceId}` })));
    });
    const Page = ({ host }: ContributionProps) => (
      <ul>
        {[1, 2, 3, 4].map((i) => <li key={i} data-testid={`row-${i}`}><ReportStatusCell host={host} params={{ invoiceId: String(i), invoiceType: 'SALE', status: 'POSTED' }} /></li>)}
        {/* The grid and the accessible table draw the same cell twice. */}
        <li data-testid="again"><ReportStatusCell host={host} params={{ invoiceId: '1', invoiceType: 'SALE', status: 'POSTED' }} /></li>
      </ul>
    );
    await renderWorkbench({ plugins: [plugin, harness(Page)], path: '/t', server: s, signedIn: true });
    await waitFor(() => expect(screen.getByTestId('row-4')).toHaveTextContent('Başarılı'));
    expect(screen.getByTestId('row-1')).toHaveTextContent('Başarılı');
    expect(screen.getByTestId('row-2')).toHaveTextContent('Hatalı');
    expect(screen.getByTestId('row-3').textContent).toBe('');
    expect(screen.getByTestId('again')).toHaveTextContent('Başarılı');
    const calls = s.requests.filter((r) => r.path.startsWith(`${API}/e-documents/statuses`));
    expect(calls).toHaveLength(1);
    expect(query(calls[0]!.path).getAll('invoiceIds').sort()).toEqual(['1', '2', '3', '4']);
  });

  it('splits a batch above 200 invoices', async () => {
    const asked: number[][] = [];
    const api = { request: async (_m: string, _p: string, init: { params: { query: { invoiceIds: number[] } } }) => { asked.push(init.params.query.invoiceIds); return []; } };
    const b = createStatusBatcher(api as never, { delayMs: 1 });
    await Promise.all(Array.from({ length: 250 }, (_, i) => b.statusOf(i + 1)));
    expect(asked.map((x) => x.length)).toEqual([200, 50]);
  });
});

describe('the e-document lists', () => {
  it('build the list query from the filters (whole dates only, the category where the tab offers it)', () => {
    const q = { page: 1, size: 25, sort: 'createdDate,desc' };
    expect(listQuery('outgoing', NO_FILTERS, q)).toEqual({ page: 1, size: 25, sort: ['createdDate,desc'] });
    expect(listQuery('outgoing', { startDate: '2026-06-01', endDate: '2026-06', status: 'FAILURE', category: 'EARCHIVE' }, { ...q, search: 'ayşe' }))
      .toEqual({ page: 1, size: 25, sort: ['createdDate,desc'], search: 'ayşe', startDate: '2026-06-01', status: 'FAILURE', category: 'EARCHIVE' });
    expect(listQuery('incomingDespatch', { ...NO_FILTERS, category: 'EARCHIVE' }, q)).toEqual({ page: 1, size: 25, sort: ['createdDate,desc'] });
  });

  it('show the outgoing documents with their columns, filter them, zip the chosen ones and open GİB\'s display sandboxed', async () => {
    const s = server();
    const rows = [
      doc({ id: 41, status: 'SUCCESS', documentNo: 'DMT2026000000007', receiverTag: 'urn:mail:pk@ayse.com.tr', prefix: 'DMT' }),
      doc({ id: 42, uuid: '0a0b0c0d-1111-4222-8333-444455556666', type: 'EARCHIVE', profile: 'EARSIVFATURA', status: 'UNKNOWN', documentNo: 'EAR2026000000001', invoiceId: 8, partyTitle: 'Mehmet Kaya', partyIdentifier: '11111111111' }),
    ];
    s.on(`GET ${API}/outgoing-invoices`, () => json(rows, { total: 2 }));
    s.on(`GET ${API}/incoming-invoices`, () => json([], { total: 0 }));
    s.on(`POST ${API}/zip/outgoing-earchive-invoices`, () => new Response('PK', { headers: { 'content-type': 'application/zip', 'content-disposition': 'attachment; filename="giden-2.zip"' } }));
    s.on(`GET ${API}/e-documents/{id}/html`, () => new Response('<h1>EAR2026000000001</h1>', { headers: { 'content-type': 'text/html' } }));
    URL.createObjectURL = () => 'blob:x';
    const { toasts } = await renderWorkbench({ plugins: [plugin], path: '/e-documents/outgoing', server: s, signedIn: true });
    const table = await screen.findByRole('table', { name: 'Giden e-Fatura / e-Arşiv' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    expect([...table.querySelectorAll('th')].map((th) => th.textContent)).toEqual([
      'Seç', 'Belge no', 'ETTN', 'Tür', 'Senaryo', 'Fatura tipi', 'Belge tarihi', 'Sistem tarihi', 'Unvan', 'VKN / TCKN', 'Tutar', 'Durum', 'Entegratör',
      'Alıcı etiketi', 'Gönderici etiketi', 'Seri', 'İşlemler',
    ]);
    const row = within(table).getByText('EAR2026000000001').closest('tr')!;
    expect(row).toHaveTextContent('e-Arşiv');
    expect(row).toHaveTextContent('e-Arşiv fatura');
    expect(row).toHaveTextContent('Mehmet Kaya');
    expect(row).toHaveTextContent('Hatalı');
    expect(within(row).getByRole('link', { name: 'EAR2026000000001' })).toHaveAttribute('href', '/invoice/8');

    const user = userEvent.setup();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Durum' }), 'FAILURE');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Tür' }), 'EARCHIVE');
    await user.type(screen.getByLabelText('Başlangıç'), '01062026');
    await waitFor(() => {
      const q = query(s.requests.filter((r) => r.path.startsWith(`${API}/outgoing-invoices`)).at(-1)!.path);
      expect([q.get('status'), q.get('category'), q.get('startDate'), q.get('sort')]).toEqual(['FAILURE', 'EARCHIVE', '2026-06-01', 'createdDate,desc']);
    });

    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    await user.click(within(table).getByRole('checkbox', { name: 'Seç: EAR2026000000001' }));
    await user.click(within(table).getByRole('checkbox', { name: 'Seç: DMT2026000000007' }));
    expect(screen.getByRole('group', { name: 'Zip indir' })).toHaveTextContent('2 belge seçildi');
    await user.click(screen.getByRole('button', { name: 'Zip indir' }));
    await waitFor(() => expect(toasts.shown.map((x) => String(x.message)).join(' ')).toContain('giden-2.zip indirildi.'));
    const zip = s.requests.find((r) => r.method === 'POST' && r.path === `${API}/zip/outgoing-earchive-invoices`)!;
    expect(zip.body).toEqual(['0a0b0c0d-1111-4222-8333-444455556666', '3f2b8c1e-5d4a-4c7b-9e1f-0a2b3c4d5e6f']);

    await user.click(within(within(table).getByText('EAR2026000000001').closest('tr')!).getByRole('button', { name: 'Görüntüle' }));
    const view = await screen.findByRole('dialog', { name: 'e-Belge · EAR2026000000001' });
    const frame = await within(view).findByTitle('Belgenin GİB görünümü');
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('srcdoc')).toContain('EAR2026000000001');
  });

  it('turn an incoming invoice into a draft purchase invoice and answer an unanswered TICARIFATURA', async () => {
    const s = server();
    const incoming = [
      doc({ id: 51, direction: 'INCOMING', status: 'SUCCESS', documentNo: 'ABC2026000000009', invoiceId: null, partyTitle: 'Selçuk Ecza Deposu', profile: 'TICARIFATURA', answerRequired: true }),
    ];
    s.on(`GET ${API}/incoming-invoices`, () => json(incoming, { total: 1 }));
    s.on(`POST ${API}/incoming-invoices/{id}/to-purchase-invoice`, () => json({ ...incoming[0], purchaseInvoiceId: 77 }));
    s.on(`POST ${API}/incoming-invoices/{id}/respond`, () => json({ ...incoming[0], answer: 'RED', answerRequired: false }));
    s.on(`GET ${API}/invoices/{id}`, () => json({}));
    const { toasts } = await renderWorkbench({ plugins: [plugin], path: '/e-documents/incoming', server: s, signedIn: true });
    const table = await screen.findByRole('table', { name: 'Gelen e-Fatura' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    expect(within(table).getByText('Yanıt bekliyor')).toBeInTheDocument();
    const user = userEvent.setup();
    const row = within(table).getByText('ABC2026000000009').closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Red' }));
    const answer = await screen.findByRole('dialog', { name: 'Faturayı reddet' });
    await user.type(within(answer).getByLabelText('Not'), 'Fiyat farkı');
    await user.click(within(answer).getByRole('button', { name: 'Yanıtı gönder' }));
    await waitFor(() => expect(s.requests.find((r) => r.path === `${API}/incoming-invoices/51/respond`)?.body).toEqual({ answer: 'RED', note: 'Fiyat farkı' }));
    await waitFor(() => expect(toasts.shown.map((x) => String(x.message)).join(' ')).toContain('Fatura reddedildi.'));

    await user.click(within(row).getByRole('button', { name: 'Alış faturası oluştur' }));
    await waitFor(() => expect(s.requests.some((r) => r.method === 'POST' && r.path === `${API}/incoming-invoices/51/to-purchase-invoice`)).toBe(true));
    // The workbench moves to the draft purchase invoice's page.
    await waitFor(() => expect(screen.queryByRole('table', { name: 'Gelen e-Fatura' })).toBeNull());
  });

  it('pull the inbox and show the tabs a user may see', async () => {
    const s = server(['12_1', '12_2']);
    s.on(`GET ${API}/incoming-invoices`, () => json([], { total: 0 }));
    s.on(`POST ${API}/e-documents/pull`, () => json({ received: 3, skipped: 1 }));
    const { toasts } = await renderWorkbench({ plugins: [plugin], path: '/e-documents', server: s, signedIn: true });
    await screen.findByRole('tab', { name: 'Gelen e-Fatura' });
    expect(screen.getAllByRole('tab').map((x) => x.textContent)).toEqual(['Gelen e-Fatura', 'Tümü']);
    expect(screen.queryByRole('button', { name: 'İçe aktar' })).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Gelen kutusunu yenile' }));
    await waitFor(() => expect(toasts.shown.map((x) => String(x.message)).join(' ')).toContain('3 yeni belge alındı, 1 belge zaten vardı.'));
  });
});
