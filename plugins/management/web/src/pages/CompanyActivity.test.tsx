import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import management from '../index';
import type { CompanyActivity } from '../announcements/api';
import { company, fakeServer, json, manager, query, renderWorkbench, SECTORS } from '../testing';

const plugins = [management];
const API = '/services/onmuhasebe/api';
const row = (id: number, over: Partial<CompanyActivity> = {}): CompanyActivity => ({
  companyId: id, companyName: `Firma ${id}`, title: null, active: true, startDate: '2026-11-01', endDate: '2026-11-03',
  lastSignIn: '2026-11-03T08:00:00.000Z', lastSeen: '2026-11-03T09:00:00.000Z', signIns: id, invoices: 2 * id, salesTotal: '1234.50', usersCount: 1, ...over,
});

describe('/company-activity', () => {
  it('lists each company\'s activity for the period and draws a company\'s days', async () => {
    const s = fakeServer();
    s.setAccount(manager());
    s.on(`GET ${API}/company-activity`, () => json([row(1), row(2, { lastSignIn: null, salesTotal: '0.00' })], { total: 2 }));
    s.on(`GET ${API}/company-activity/{companyId}`, (_req, p) => json({
      companyId: Number(p.companyId), companyName: `Firma ${p.companyId}`, startDate: '2026-11-01', endDate: '2026-11-03', lastSignIn: null, lastSeen: null, usersCount: 1,
      signIns: 5, invoices: 3, salesTotal: '300.00',
      days: [
        { date: '2026-11-01', signIns: 1, invoices: 0, salesTotal: '0.00' },
        { date: '2026-11-02', signIns: 4, invoices: 2, salesTotal: '200.00' },
        { date: '2026-11-03', signIns: 0, invoices: 1, salesTotal: '100.00' },
      ],
    }));
    await renderWorkbench({ plugins, path: '/company-activity', server: s, signedIn: true });
    const table = await screen.findByRole('table', { name: 'Firma hareketleri' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    const first = within(table).getByText('Firma 1').closest('tr')!;
    expect(first).toHaveTextContent('1.234,50');
    expect(within(table).getByText('Firma 2').closest('tr')!).toHaveTextContent('—');
    const calls = () => s.requests.filter((r) => r.path.startsWith(`${API}/company-activity?`));
    const q = query(calls().at(-1)!.path);
    expect(q.get('startDate')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(q.get('endDate')).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    const u = userEvent.setup();
    await u.click(within(within(table).getByText('Firma 2').closest('tr')!).getByRole('button', { name: /Grafik/ }));
    const card = await screen.findByRole('region', { name: 'Firma 2: günlük hareket' }).catch(() => screen.findByLabelText('Firma 2: günlük hareket'));
    expect(card).toHaveTextContent('Dönem toplamı: 5 giriş, 3 belge, 300,00 TL satış');
    const figures = within(card).getByRole('table', { name: 'Günlük hareket: Girişler' });
    expect(within(figures).getAllByRole('row').slice(1).map((r) => r.textContent)).toEqual(['01/11/20261', '02/11/20264', '03/11/20260']);
    expect(card.querySelectorAll('svg[data-chart="daily"] rect')).toHaveLength(3);
    await u.selectOptions(within(card).getByRole('combobox', { name: 'Günlük hareket' }), 'salesTotal');
    const sales = within(card).getByRole('table', { name: 'Günlük hareket: Satışlar' });
    expect(within(sales).getAllByRole('row')[2]).toHaveTextContent('200,00');
  }, 60_000);
});

describe('company profiles from a file', () => {
  function server(result: string) {
    const s = fakeServer();
    s.setAccount(manager());
    s.on(`GET ${API}/companies`, () => json([company(1, 'Şirket 1')], { total: 1 }));
    s.on(`GET ${API}/sectors`, () => json(SECTORS));
    s.on(`PUT ${API}/company-profiles-from-file`, () => json({ result, updated: Number(result.split('/')[0]), total: 2, errors: [] }));
    return s;
  }
  const file = () => new File([new Uint8Array([0x50, 0x4b, 3, 4])], 'firmalar.xlsx', { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });

  it('sends the xlsx as multipart and shows a success with the result', async () => {
    const s = server('2/2 firma güncellendi.');
    const { toasts } = await renderWorkbench({ plugins, path: '/company-management', server: s, signedIn: true });
    await screen.findByRole('table', { name: 'Şirketler' });
    await userEvent.setup().upload(screen.getByLabelText('Firma bilgilerini dosyadan güncelle'), file());
    await waitFor(() => expect(toasts.shown.map((x) => x.message)).toContain('BAŞARILI — Firma bilgileri güncellendi: 2/2 firma güncellendi.'));
    const put = s.requests.find((r) => r.method === 'PUT')!;
    expect(put.headers.get('content-type')).toMatch(/^multipart\/form-data/);
    // (jsdom's File reaches undici's FormData as a blob: the part's name is what the server reads.)
    expect(String(put.body)).toContain('Content-Disposition: form-data; name="file"');
  });

  it('shows a result beginning with 0 as the failure notice with the result text', async () => {
    const s = server('0/2 firma güncellendi.');
    const { toasts } = await renderWorkbench({ plugins, path: '/company-management', server: s, signedIn: true });
    await screen.findByRole('table', { name: 'Şirketler' });
    await userEvent.setup().upload(screen.getByLabelText('Firma bilgilerini dosyadan güncelle'), file());
    await waitFor(() => expect(toasts.shown.map((x) => x.message).join('\n')).toContain('Firma bilgileri güncellenme işlemi başarısız! — 0/2 firma güncellendi.'));
    expect(toasts.shown.some((x) => String(x.message).startsWith('BAŞARILI'))).toBe(false);
  });
});
