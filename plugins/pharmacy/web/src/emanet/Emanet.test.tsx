import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWorkbench } from '../../../../../packages/workbench/test/render';
import { json, problem } from '../../../../../packages/workbench/test/fake-server';
import plugin from '../index';
import type { CreditProduct, CreditState } from '../api';
import { API, BOX_A, server } from '../testing';
import { reloadAfterCancel } from './reload';

const row = (id: number, state: CreditState, o: Partial<CreditProduct> = {}): CreditProduct => ({
  id, currentId: 3, currentName: 'Ayşe Yılmaz', state, medicineName: `İlaç ${id}`, barcode: '8699630697180', qrCode: null, givenDate: '2026-11-01', dueDate: '2026-12-01', ...o,
});

describe('the emanet reload rule (seeds 001 §4)', () => {
  it('reloads the same page filtered to pending and on credit, one page back when it came back empty', async () => {
    const asked: [number, CreditState[]][] = [];
    const two = async (p: number, s: CreditState[]) => { asked.push([p, s]); return p === 2 ? { items: [], total: 20 } : { items: [p], total: 20 }; };
    const r = await reloadAfterCancel(two, 2);
    expect(asked).toEqual([[2, ['PENDING', 'ON_CREDIT']], [1, ['PENDING', 'ON_CREDIT']]]);
    expect(r).toEqual({ page: 1, states: ['PENDING', 'ON_CREDIT'], result: { items: [1], total: 20 } });
    // Not empty: the same page; the first page never steps back.
    expect((await reloadAfterCancel(two, 1)).page).toBe(1);
    expect((await reloadAfterCancel(async () => ({ items: [], total: 0 }), 0)).page).toBe(0);
  });
});

describe('the emanet list', () => {
  it('cancels the only deposit of the last page, then shows the page before, filtered to pending and on credit', async () => {
    const s = server();
    // 11 open deposits: page 2 (index 1) holds one; after its cancel, page 2 is empty.
    let rows = Array.from({ length: 11 }, (_, i) => row(i + 1, i % 2 ? 'PENDING' : 'ON_CREDIT'));
    s.on(`GET ${API}/credit-products`, (req) => {
      const q = new URL(req.url).searchParams;
      const states = q.getAll('state');
      const list = rows.filter((r) => states.length === 0 || states.includes(r.state));
      const p = Number(q.get('page'));
      return json(list.slice(p * 10, p * 10 + 10), { total: list.length });
    });
    s.on(`PUT ${API}/credit-products-list`, async (req) => {
      const body = await req.json() as { id: number; state: CreditState }[];
      rows = rows.map((r) => (body.some((b) => b.id === r.id) ? { ...r, state: body[0]!.state } : r));
      return json(body);
    });
    await renderWorkbench({ plugins: [plugin], path: '/emanet', server: s, signedIn: true });
    const page = await screen.findByRole('region', { name: 'Emanetler' });
    await within(page).findByRole('table', { name: 'Emanet ilaçlar' });
    expect(s.requests.find((r) => r.path.startsWith(`${API}/credit-products?`))!.path).toContain('state=PENDING&state=ON_CREDIT');
    const user = userEvent.setup();
    await user.click(within(page).getByRole('button', { name: 'Sonraki' }));
    await within(page).findByText('Sayfa 2 / 2');
    const table = within(page).getByRole('table', { name: 'Emanet ilaçlar' });
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    expect(table).toHaveTextContent('Emanete verildi');
    await user.click(within(table).getByRole('button', { name: 'Emaneti iptal et: İlaç 11' }));
    await user.click(await screen.findByRole('button', { name: 'Evet' }));
    await within(page).findByText('Sayfa 1 / 1');
    expect(s.requests.find((r) => r.method === 'PUT')!.body).toEqual([{ id: 11, state: 'CANCEL' }]);
    const after = s.requests.filter((r) => r.path.startsWith(`${API}/credit-products?`)).map((r) => new URL(`http://x${r.path}`).searchParams);
    expect(after.some((q) => q.get('page') === '1' && q.getAll('state').join() === 'PENDING,ON_CREDIT')).toBe(true);
    expect(after.at(-1)!.get('page')).toBe('0');
    expect(within(page).getByLabelText('Durum')).toHaveValue('OPEN');
    expect(within(within(page).getByRole('table', { name: 'Emanet ilaçlar' })).getAllByRole('row')).toHaveLength(11);
  });

  it('shows a current\'s deposits', async () => {
    const s = server();
    s.on(`GET ${API}/credit-products`, (req) => (new URL(req.url).searchParams.get('currentId') === '3'
      ? json([row(1, 'ON_CREDIT'), row(2, 'COMPLETED')], { total: 2 })
      : json([row(1, 'ON_CREDIT')], { total: 1 })));
    s.on(`GET ${API}/currents-credit-products`, () => json([{ currentId: 3, currentName: 'Ayşe Yılmaz', pending: 0, onCredit: 1, completed: 1, cancelled: 0, open: 1, openQuantity: 1, overdue: 1, lastGivenDate: '2026-11-01', nearestDueDate: '2026-12-01' }], { total: 1 }));
    await renderWorkbench({ plugins: [plugin], path: '/emanet', server: s, signedIn: true });
    const page = await screen.findByRole('region', { name: 'Emanetler' });
    await userEvent.setup().click(await within(page).findByRole('link', { name: 'Ayşe Yılmaz' }));
    const panel = await within(page).findByRole('region', { name: 'Carinin emanetleri: Ayşe Yılmaz' });
    await waitFor(() => expect(within(panel).getByRole('table')).toHaveTextContent('Tamamlandı'));
    expect(within(panel).getByLabelText('Durumlara göre sayılar')).toHaveTextContent('Süresi geçmiş: 1');
    expect(s.requests.some((r) => r.path.startsWith(`${API}/currents-credit-products?currentId=3&openOnly=false`))).toBe(true);
  });
});

describe('the deposit sale page', () => {
  it('asks for a current and at least one medicine (\'Lütfen bir ilaç seçiniz\'), then gives the scanned box on deposit', async () => {
    const s = server();
    s.on(`GET ${API}/currents`, () => json([{ id: 3, name: 'Ayşe', lastName: 'Yılmaz' }], { total: 1 }));
    s.on(`GET ${API}/medicines`, () => json([{ barcode: '8699630697180', name: 'KABIVEN PERIPHERAL 1440 ML' }], { total: 1 }));
    s.on(`POST ${API}/credit-products-list`, async (req) => json(await req.json(), { status: 201 }));
    s.on(`GET ${API}/credit-products`, () => json([], { total: 0 }));
    await renderWorkbench({ plugins: [plugin], path: '/emanet/new', server: s, signedIn: true });
    const page = await screen.findByRole('region', { name: 'Emanet ilaç ver' });
    const user = userEvent.setup();
    await user.click(within(page).getByRole('button', { name: 'Emanete ver' }));
    expect(within(page).getByRole('alert')).toHaveTextContent('Lütfen bir cari seçiniz');
    await waitFor(() => expect(within(page).getByRole('option', { name: 'Ayşe Yılmaz' })).toBeInTheDocument());
    await user.selectOptions(within(page).getByRole('combobox', { name: /^Cari/ }), '3');
    await user.click(within(page).getByRole('button', { name: 'Emanete ver' }));
    expect(within(page).getByRole('alert')).toHaveTextContent('Lütfen bir ilaç seçiniz');
    expect(s.requests.some((r) => r.method === 'POST')).toBe(false);
    await user.type(within(page).getByLabelText('Karekod (varsa)'), BOX_A.replace('\x1d', '<GS>'));
    await user.click(within(page).getByRole('button', { name: 'Ekle' }));
    await within(page).findByRole('button', { name: 'Çıkar: KABIVEN PERIPHERAL 1440 ML' });
    await user.click(within(page).getByRole('button', { name: 'Emanete ver' }));
    await waitFor(() => expect(s.requests.some((r) => r.method === 'POST' && r.path === `${API}/credit-products-list`)).toBe(true));
    const body = s.requests.find((r) => r.method === 'POST')!.body as Record<string, unknown>[];
    expect(body).toHaveLength(1);
    expect(body[0]).toMatchObject({ currentId: 3, medicineName: 'KABIVEN PERIPHERAL 1440 ML', barcode: '8699630697180', state: 'ON_CREDIT' });
    await screen.findByRole('region', { name: 'Emanetler' });
  });

  it('refuses a malformed QR code', async () => {
    const s = server();
    s.on(`GET ${API}/currents`, () => problem(500, 'x'));
    await renderWorkbench({ plugins: [plugin], path: '/emanet/new', server: s, signedIn: true });
    const page = await screen.findByRole('region', { name: 'Emanet ilaç ver' });
    const user = userEvent.setup();
    await user.type(within(page).getByLabelText('Karekod (varsa)'), '0108699630697180');
    await user.click(within(page).getByRole('button', { name: 'Ekle' }));
    expect(within(page).getByRole('alert')).toHaveTextContent('Karekod okunamadı');
  });
});
