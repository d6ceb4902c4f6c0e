import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Theme, validateWebPlugin, visibleMenu } from '@tezgah/core';
import { renderWorkbench } from '../../../../../packages/workbench/test/render';
import full from '../index';
import { requestsTo } from '../finance/testing';
import { API, agendaPlugin, agendaServer, day } from './testing';
import { monthGrid, monthRange, shiftMonth } from './model';

const gate = (codes: string[]) => ({ authorities: codes.map((c) => ({ authorityCode: c, companyId: 2 })), companyId: 2, theme: Theme.DEFAULT });
const query = (path: string) => new URL(`http://x${path}`).searchParams;

describe('the agenda\'s declarations and month arithmetic', () => {
  it('show Ajanda in the menu to whoever may view the agenda', () => {
    expect(validateWebPlugin(agendaPlugin)).toEqual([]);
    expect(validateWebPlugin(full)).toEqual([]);
    const routes = (codes: string[]) => visibleMenu(full.menu!, gate(codes)).map((m) => m.route);
    expect(routes(['15_1'])).toContain('/agenda');
    expect(routes(['11_1'])).not.toContain('/agenda');
  });

  it('lays a month out in weeks from Monday', () => {
    expect(monthRange('2026-02')).toEqual(['2026-02-01', '2026-02-28']);
    expect(monthRange('2028-02')).toEqual(['2028-02-01', '2028-02-29']);
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
    // December 2026 starts on a Tuesday and ends on a Thursday.
    const weeks = monthGrid('2026-12');
    expect(weeks[0]).toEqual([null, '2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04', '2026-12-05', '2026-12-06']);
    expect(weeks.at(-1)).toEqual(['2026-12-28', '2026-12-29', '2026-12-30', '2026-12-31', null, null, null]);
    expect(weeks).toHaveLength(5);
  });
});

describe('the agenda page', () => {
  it('reads the month (1000 notes at once) and shows notes, dues and periodic runs on their days', async () => {
    const s = agendaServer();
    await renderWorkbench({ plugins: [agendaPlugin], path: '/agenda', server: s, signedIn: true });
    const cell = async (d: string) => (await screen.findByRole('cell', { name: d }, { timeout: 5000 }));
    expect(await cell(day(3))).toHaveTextContent('Banka görüşmesi');
    expect(await cell(day(10))).toHaveTextContent('Eski notpasif');
    expect(await cell(day(5))).toHaveTextContent('Tahsilat 1.200,00 ₺ · Ayşe Yılmaz');
    const run = await cell(day(1));
    expect(within(run).getByRole('link', { name: 'Periyodik: Aylık destek' })).toHaveAttribute('href', '/periodic-processes/7');
    expect(run).toHaveTextContent('Bekliyor');
    const q = query(requestsTo(s, 'GET', `${API}/agenda`).at(-1)!.path);
    const [start, end] = monthRange(day(1).slice(0, 7));
    expect([q.get('startDate'), q.get('endDate'), q.get('size')]).toEqual([start, end, '1000']);
    expect(query(requestsTo(s, 'GET', `${API}/agenda-transaction-payment-lines`).at(-1)!.path).get('startDate')).toBe(start);
    // The next month asks for its own range.
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sonraki ay' }));
    const next = shiftMonth(day(1).slice(0, 7), 1);
    await waitFor(() => expect(query(requestsTo(s, 'GET', `${API}/agenda`).at(-1)!.path).get('startDate')).toBe(`${next}-01`));
  });

  it('adds a note, changes one and deletes one', async () => {
    const s = agendaServer();
    await renderWorkbench({ plugins: [agendaPlugin], path: '/agenda', server: s, signedIn: true });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Not ekle' }, { timeout: 5000 }));
    let form = await screen.findByRole('form', { name: 'Yeni not' });
    await user.click(within(form).getByRole('button', { name: 'Kaydet' }));
    expect(await within(form).findByText('Başlık yazın.')).toBeInTheDocument();
    await user.type(within(form).getByLabelText(/Başlık/), 'Stok sayımı');
    await user.click(within(form).getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(requestsTo(s, 'POST', `${API}/agenda`)).toHaveLength(1));
    expect(requestsTo(s, 'POST', `${API}/agenda`)[0]!.body).toMatchObject({ title: 'Stok sayımı', active: true, description: null });

    await user.click(await screen.findByRole('link', { name: 'Banka görüşmesi' }));
    form = await screen.findByRole('form', { name: 'Notu düzenle' });
    expect(within(form).getByLabelText(/Başlık/)).toHaveValue('Banka görüşmesi');
    await user.click(within(form).getByRole('checkbox', { name: 'Aktif' }));
    await user.click(within(form).getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(requestsTo(s, 'PUT', `${API}/agenda`)).toHaveLength(1));
    expect(requestsTo(s, 'PUT', `${API}/agenda`)[0]!.body).toMatchObject({ id: 1, title: 'Banka görüşmesi', active: false, date: day(3) });

    await user.click(await screen.findByRole('link', { name: 'Eski not' }));
    form = await screen.findByRole('form', { name: 'Notu düzenle' });
    await user.click(within(form).getByRole('button', { name: 'Sil' }));
    const confirmButtons = await screen.findAllByRole('button', { name: /Evet|Tamam|Onayla|Sil/ });
    await user.click(confirmButtons.at(-1)!);
    await waitFor(() => expect(requestsTo(s, 'DELETE', `${API}/agenda/2`)).toHaveLength(1));
  });

  it('turns the due-reminder mail off for a user who may change the agenda, and offers no Add to one who may only look', async () => {
    const s = agendaServer();
    const view = await renderWorkbench({ plugins: [agendaPlugin], path: '/agenda', server: s, signedIn: true });
    const user = userEvent.setup();
    const toggle = await screen.findByRole('checkbox', { name: /Vade hatırlatma/ }, { timeout: 5000 });
    expect(toggle).toBeChecked();
    await user.click(toggle);
    await waitFor(() => expect(requestsTo(s, 'PUT', `${API}/agenda-reminder-settings`).map((r) => r.body)).toEqual([{ enabled: false }]));
    view.unmount();
    await renderWorkbench({ plugins: [agendaPlugin], path: '/agenda', server: agendaServer(['15_1']), signedIn: true });
    await screen.findByRole('cell', { name: day(3) }, { timeout: 5000 });
    expect(screen.queryByRole('button', { name: 'Not ekle' })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: /Vade hatırlatma/ })).toBeNull();
  });
});
