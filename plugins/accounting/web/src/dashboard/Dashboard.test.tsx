import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { Theme, isWidgetVisible, validateWebPlugin } from '@tezgah/core';
import { renderWorkbench } from '../../../../../packages/workbench/test/render';
import { account, fakeServer, json, problem, type FakeServer } from '../../../../../packages/workbench/test/fake-server';
import { homePlugin } from '../../../../../packages/workbench/src/builtin/home/plugin';
import full from '../index';
import { composeAreas } from '../area';
import { messages } from '../messages';
import { area as dashboard } from './contribution';
import type { ChequesDue, MonthlySalesTotal, ReceivablesAging } from './model';

const API = '/services/onmuhasebe/api';
const plugin = composeAreas({ id: 'accounting', title: 'Ön Muhasebe', version: '0.1.0' }, [{ messages }, dashboard]);
const gate = (codes: string[]) => ({ authorities: codes.map((c) => ({ authorityCode: c, companyId: 2 })), companyId: 2, theme: Theme.DEFAULT });
const ALL = ['11_1', '6_1', '4_1'];

const months = (totals: Record<number, [number, number]>): MonthlySalesTotal['months'] => Array.from({ length: 12 }, (_, i) => ({
  month: i + 1, total: totals[i + 1]?.[0] ?? 0, taxBase: (totals[i + 1]?.[0] ?? 0) / 1.2, count: totals[i + 1]?.[1] ?? 0,
}));
const SALES: MonthlySalesTotal = { year: 2026, months: months({ 1: [12000, 3], 2: [5414.81, 2], 3: [60, 1], 11: [123456.7, 40] }), total: 140931.51 };
const AGING: ReceivablesAging = {
  asOf: '2026-11-24', total: 6234.81,
  buckets: [
    { bucket: 'NOT_DUE', amount: 120, count: 1 }, { bucket: 'D0_30', amount: 600, count: 2 }, { bucket: 'D31_60', amount: 100, count: 1 },
    { bucket: 'D61_90', amount: 1200, count: 1 }, { bucket: 'D90_PLUS', amount: 4214.81, count: 1 },
  ],
};
const CHEQUES: ChequesDue = {
  from: '2026-11-24', to: '2026-11-30', incoming: { count: 2, amount: 5750 }, outgoing: { count: 1, amount: 2500 },
  items: [
    { id: 41, direction: 'IN', state: 'IN_PORTFOLIO', number: 'A-1001', dueDate: '2026-11-24', amount: 1500, currencyCode: 'TL', amountTry: 1500, currentName: 'Ayşe Yılmaz' },
    { id: 43, direction: 'OUT', state: 'GIVEN', number: 'V-77', dueDate: '2026-11-26', amount: 2500, currencyCode: 'TL', amountTry: 2500, currentName: 'Selçuk Ecza Deposu' },
    { id: 42, direction: 'IN', state: 'IN_PORTFOLIO', number: 'A-1002', dueDate: '2026-11-30', amount: 100, currencyCode: 'USD', amountTry: 4250, currentName: 'Boğaziçi Otel' },
  ],
};

function server(codes: string[], answers: { sales?: () => Response; aging?: () => Response; cheques?: () => Response } = {}): FakeServer {
  const s = fakeServer();
  s.setAccount(account({ codes }));
  s.on(`GET ${API}/dashboard/monthly-sales-total/{companyId}`, answers.sales ?? (() => json(SALES)));
  s.on(`GET ${API}/dashboard/receivables-aging`, answers.aging ?? (() => json(AGING)));
  s.on(`GET ${API}/dashboard/cheques-due`, answers.cheques ?? (() => json(CHEQUES)));
  return s;
}
const home = (s: FakeServer) => renderWorkbench({ plugins: [homePlugin, plugin], path: '/summary', server: s, signedIn: true });
const card = (name: string) => screen.findByLabelText(name, {}, { timeout: 5000 });
const calls = (s: FakeServer, path: string) => s.requests.filter((r) => r.method === 'GET' && r.path.split('?')[0]!.startsWith(`${API}/dashboard/${path}`));

describe('the dashboard\'s declarations', () => {
  it('adds three widgets, each gated by the authorities of its call, first on the home page', () => {
    expect(validateWebPlugin(full)).toEqual([]);
    expect(full.widgets!.slice(0, 3).map((w) => [w.id, w.title])).toEqual([
      ['monthly-sales', 'Aylık Satışlar'], ['receivables-aging', 'Alacak Yaşlandırma'], ['cheques-due', 'Bu Hafta Vadesi Gelen Çekler'],
    ]);
    const visible = (codes: string[]) => full.widgets!.filter((w) => ['monthly-sales', 'receivables-aging', 'cheques-due'].includes(w.id) && isWidgetVisible(w, gate(codes))).map((w) => w.id);
    expect(visible(['11_1'])).toEqual(['monthly-sales', 'receivables-aging']);
    expect(visible(['16_1'])).toEqual(['monthly-sales']);
    expect(visible(['6_1'])).toEqual(['receivables-aging']);
    expect(visible(['4_10'])).toEqual(['cheques-due']);
    expect(visible(['4_12'])).toEqual(['cheques-due']);
    expect(visible(['13_1', '11_2', '4_2'])).toEqual([]);
  });
});

describe('the monthly sales widget', () => {
  it('draws a bar per month with the year\'s total, and says the figures in a table for screen readers', async () => {
    const s = server(['11_1']);
    await home(s);
    const widget = await card('Aylık Satışlar');
    expect(await within(widget).findByTestId('sales-total')).toHaveTextContent('140.931,51 ₺');
    expect(widget).toHaveTextContent('KDV dahil, 46 fatura');
    // The chart: twelve bars, taller for a bigger month; hidden from assistive technology.
    const svg = widget.querySelector('svg[data-chart]')!;
    expect(svg).toHaveAttribute('aria-hidden', 'true');
    const bars = [...svg.querySelectorAll('rect[data-bar]')];
    expect(bars).toHaveLength(12);
    const height = (m: number) => Number(bars[m - 1]!.getAttribute('height'));
    expect(height(11)).toBeGreaterThan(height(1));
    expect(height(1)).toBeGreaterThan(height(2));
    expect(height(4)).toBe(0);
    expect(bars[1]!.querySelector('title')).toHaveTextContent('Şubat: 5.414,81 ₺');
    expect(svg).toHaveTextContent('Oca');
    // The text alternative.
    const table = within(widget).getByRole('table', { name: '2026 yılı aylık satışları (KDV dahil)' });
    expect(within(table).getAllByRole('row')).toHaveLength(13);
    expect(within(table).getByRole('row', { name: /Şubat/ })).toHaveTextContent('5.414,81 ₺');
    expect(within(table).getByRole('row', { name: /Kasım/ })).toHaveTextContent('123.456,70 ₺');
    expect(within(table).getByRole('row', { name: /Nisan/ })).toHaveTextContent('0,00 ₺');
    // It asked for the signed-in company's figures.
    expect(calls(s, 'monthly-sales-total').map((r) => r.path)).toEqual([`${API}/dashboard/monthly-sales-total/2`]);
  });

  it('says so when the year has no sale yet', async () => {
    await home(server(['11_1'], { sales: () => json({ year: 2026, months: months({}), total: 0 }) }));
    const widget = await card('Aylık Satışlar');
    expect(await within(widget).findByText('2026 yılında henüz satış faturası yok.')).toBeInTheDocument();
    expect(widget.querySelector('svg[data-chart]')).toBeNull();
  });

  it('shows a warning instead of a chart when the call fails', async () => {
    await home(server(['11_1'], { sales: () => problem(403, 'Forbidden') }));
    const widget = await card('Aylık Satışlar');
    expect(await within(widget).findByText('Veriler alınamadı.')).toBeInTheDocument();
    expect(widget.querySelector('svg[data-chart]')).toBeNull();
  });
});

describe('the receivables aging widget', () => {
  it('draws the five buckets, not due first, with their amounts in lira', async () => {
    await home(server(['6_1']));
    const widget = await card('Alacak Yaşlandırma');
    expect(await within(widget).findByTestId('aging-total')).toHaveTextContent('6.234,81 ₺');
    expect(widget).toHaveTextContent('24/11/2026 itibarıyla');
    const bars = [...widget.querySelectorAll('rect[data-bar]')];
    expect(bars.map((b) => b.getAttribute('data-bar'))).toEqual(['NOT_DUE', 'D0_30', 'D31_60', 'D61_90', 'D90_PLUS']);
    const width = (i: number) => Number(bars[i]!.getAttribute('width'));
    expect(width(4)).toBeGreaterThan(width(3));
    expect(width(3)).toBeGreaterThan(width(1));
    const table = within(widget).getByRole('table', { name: 'Açık alacakların vadeye göre dağılımı' });
    expect(within(table).getByRole('row', { name: /90 günden fazla/ })).toHaveTextContent('4.214,81 ₺');
    expect(within(table).getByRole('row', { name: /Vadesi gelmemiş/ })).toHaveTextContent('120,00 ₺');
    // Only the aging widget: customer view alone opens neither the sales nor the cheques widget.
    expect(screen.queryByLabelText('Aylık Satışlar')).toBeNull();
    expect(screen.queryByLabelText('Bu Hafta Vadesi Gelen Çekler')).toBeNull();
  });

  it('has an empty state when nobody owes anything', async () => {
    await home(server(['6_1'], { aging: () => json({ asOf: '2026-11-24', total: 0, buckets: AGING.buckets.map((b) => ({ ...b, amount: 0, count: 0 })) }) }));
    const widget = await card('Alacak Yaşlandırma');
    expect(await within(widget).findByText('Vadesi gelen ya da gelecek açık alacak yok.')).toBeInTheDocument();
  });
});

describe('the cheques due widget', () => {
  it('gives the week\'s totals per direction and the cheques by due date, each a link to its page', async () => {
    const s = server(['4_1']);
    await home(s);
    const widget = await card('Bu Hafta Vadesi Gelen Çekler');
    const totals = await within(widget).findByRole('table', { name: 'Haftanın çek toplamları' });
    expect(within(totals).getByRole('row', { name: /Tahsil edilecek/ })).toHaveTextContent('2 çek5.750,00 ₺');
    expect(within(totals).getByRole('row', { name: /Ödenecek/ })).toHaveTextContent('1 çek2.500,00 ₺');
    expect(widget).toHaveTextContent('24/11/2026 – 30/11/2026');
    const list = within(widget).getByRole('table', { name: 'Vadesi gelen çekler' });
    const rows = within(list).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      '24/11/2026AlınanA-1001 Ayşe Yılmaz1.500,00 ₺',
      '26/11/2026VerilenV-77 Selçuk Ecza Deposu2.500,00 ₺',
      '30/11/2026AlınanA-1002 Boğaziçi Otel4.250,00 ₺100,00 USD',
    ]);
    expect(within(list).getByRole('link', { name: 'A-1002' })).toHaveAttribute('href', '/cheque/42');
    expect(within(list).getByRole('link', { name: 'V-77' })).toHaveAttribute('href', '/cheque/43');
    expect(calls(s, 'cheques-due')[0]!.path).toContain('size=5');
  });

  it('shows only the totals that came back and says so when nothing falls due', async () => {
    await home(server(['4_10'], { cheques: () => json({ ...CHEQUES, outgoing: { count: 0, amount: 0 }, items: CHEQUES.items.filter((c) => c.direction === 'IN') }) }));
    const widget = await card('Bu Hafta Vadesi Gelen Çekler');
    const totals = await within(widget).findByRole('table', { name: 'Haftanın çek toplamları' });
    expect(within(totals).getAllByRole('row')).toHaveLength(1);
    expect(within(totals).queryByRole('row', { name: /Ödenecek/ })).toBeNull();
  });

  it('has an empty state for a quiet week', async () => {
    await home(server(['4_1'], { cheques: () => json({ from: '2026-11-24', to: '2026-11-30', incoming: { count: 0, amount: 0 }, outgoing: { count: 0, amount: 0 }, items: [] }) }));
    const widget = await card('Bu Hafta Vadesi Gelen Çekler');
    expect(await within(widget).findByText(/Bu hafta vadesi gelen çek yok\./)).toHaveTextContent('(24/11/2026 – 30/11/2026)');
  });
});

it('all three widgets appear for a user with sales, customer and cheque view', async () => {
  await home(server(ALL));
  for (const name of ['Aylık Satışlar', 'Alacak Yaşlandırma', 'Bu Hafta Vadesi Gelen Çekler']) expect(await card(name)).toBeInTheDocument();
});
