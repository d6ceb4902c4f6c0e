import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWorkbench } from '../../../../../packages/workbench/test/render';
import { account, fakeServer, json, problem } from '../../../../../packages/workbench/test/fake-server';
import { composeAreas } from '../area';
import { messages } from '../messages';
import { area as currents } from '../currents/contribution';
import { AYSE, withLookups } from '../currents/testing';
import { area } from './contribution';

const accounting = composeAreas({ id: 'accounting', title: 'Ön Muhasebe', version: '0.1.0' }, [{ messages }, currents, area]);
const A = '/services/onmuhasebe/api';
const sale = (documentNo: string, amount: number | null, date = '2026-05-04') => ({
  companyId: 2, source: 'accounting.despatch', sourceLabel: { tr: 'Giden irsaliye', en: 'Outgoing despatch' }, documentNo, date, currentId: 7,
  currentName: 'Ayşe Yılmaz', amount, currencyId: 1, currencyCode: 'TL', explanation: null,
});

function server(codes: string[]) {
  let open = [sale('IRS2026000000001', 240, '2026-05-03'), sale('IRS2026000000002', 1200.5), sale('IRS2026000000003', null)];
  const s = withLookups(fakeServer({
    [`GET ${A}/currents/{id}`]: () => json(AYSE),
    [`GET ${A}/current-main-accounts`]: () => json([], { total: 0 }),
    [`GET ${A}/missing-invoices`]: () => json(open, { total: open.length }),
    [`POST ${A}/create-missing-invoice`]: (req) => {
      const no = new URL(req.url).searchParams.get('documentNo');
      if (no === 'IRS2026000000003') {
        return problem(409, 'Çakışma', { code: 'PRICE_REQUIRED', detail: 'Etiket Rulosu ürününün satış fiyatı yok.' });
      }
      open = open.filter((m) => m.documentNo !== no);
      return json({ companyId: 2, source: 'accounting.despatch', documentNo: no, status: 'CREATED', invoiceId: 50, invoiceNo: 'DMT2026000000009', problem: null }, { status: 201 });
    },
  }));
  s.setAccount(account({ codes }));
  return s;
}

describe('the customer page\'s "Eksik Faturalar" tab', () => {
  it('lists the customer\'s missing invoices; creates one, then all the others, reporting the one that is refused', async () => {
    const s = server(['6_1', '11_1', '11_2']);
    const { toasts } = await renderWorkbench({ plugins: [accounting], path: '/customer/7', server: s, signedIn: true });
    const page = await screen.findByRole('region', { name: 'Ayşe Yılmaz' }, { timeout: 5000 });
    const user = userEvent.setup();
    await user.click(within(page).getByRole('tab', { name: 'Eksik Faturalar' }));
    const table = await within(page).findByRole('table', { name: 'Eksik faturalar' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining('IRS2026000000001'), expect.stringContaining('IRS2026000000002'), expect.stringContaining('IRS2026000000003'),
    ]);
    expect(rows[0]).toHaveTextContent('Giden irsaliye');
    expect(rows[0]).toHaveTextContent('03/05/2026');
    expect(rows[1]).toHaveTextContent('1.200,50 TL');
    expect(rows[2]).toHaveTextContent('Fiyatı faturada belli olur');
    expect(s.requests.find((r) => r.path.startsWith(`${A}/missing-invoices`))!.path).toContain('currentId=7');

    await user.click(within(table).getByRole('button', { name: 'Fatura oluştur: IRS2026000000001' }));
    await waitFor(() => expect(within(within(page).getByRole('table', { name: 'Eksik faturalar' })).getAllByRole('row')).toHaveLength(3));
    const post = s.requests.find((r) => r.method === 'POST')!;
    expect(new URL(post.path, 'http://x').searchParams.get('documentNo')).toBe('IRS2026000000001');
    expect(new URL(post.path, 'http://x').searchParams.get('source')).toBe('accounting.despatch');
    expect(toasts.shown.map((x) => String(x.message))).toContainEqual(expect.stringContaining('DMT2026000000009'));

    await user.click(within(page).getByRole('button', { name: 'Tümünü oluştur' }));
    await waitFor(() => expect(within(within(page).getByRole('table', { name: 'Eksik faturalar' })).getAllByRole('row')).toHaveLength(2));
    expect(s.requests.filter((r) => r.method === 'POST').map((r) => new URL(r.path, 'http://x').searchParams.get('documentNo')))
      .toEqual(['IRS2026000000001', 'IRS2026000000002', 'IRS2026000000003']);
    const texts = toasts.shown.map((x) => String(x.message));
    expect(texts).toContainEqual(expect.stringContaining('1 fatura oluşturuldu.'));
    expect(texts).toContainEqual(expect.stringContaining('IRS2026000000003: Etiket Rulosu ürününün satış fiyatı yok.'));
    expect(within(page).getByRole('table', { name: 'Eksik faturalar' })).toHaveTextContent('IRS2026000000003');
  });

  it('shows the list without buttons to one who may only see sales', async () => {
    const viewer = server(['6_1', '11_1']);
    await renderWorkbench({ plugins: [accounting], path: '/customer/7', server: viewer, signedIn: true });
    const page = await screen.findByRole('region', { name: 'Ayşe Yılmaz' }, { timeout: 5000 });
    await userEvent.setup().click(within(page).getByRole('tab', { name: 'Eksik Faturalar' }));
    const table = await within(page).findByRole('table', { name: 'Eksik faturalar' });
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(within(page).queryByRole('button', { name: /Fatura oluştur|Tümünü oluştur/ })).toBeNull();
  });

  it('has no tab for one without the sales authority', async () => {
    const none = server(['6_1']);
    await renderWorkbench({ plugins: [accounting], path: '/customer/7', server: none, signedIn: true });
    const page = await screen.findByRole('region', { name: 'Ayşe Yılmaz' }, { timeout: 5000 });
    expect(within(page).getByRole('tab', { name: 'Bilgiler' })).toBeInTheDocument();
    expect(within(page).queryByRole('tab', { name: 'Eksik Faturalar' })).toBeNull();
    expect(none.requests.some((r) => r.path.startsWith(`${A}/missing-invoices`))).toBe(false);
  });
});
