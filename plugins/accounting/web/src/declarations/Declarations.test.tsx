import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Theme, validateWebPlugin, visibleMenu } from '@tezgah/core';
import { renderWorkbench } from '../../../../../packages/workbench/test/render';
import { json, problem } from '../../../../../packages/workbench/test/fake-server';
import full from '../index';
import { control, requestsTo } from '../finance/testing';
import { NEXT_STATUSES, periodFits, previousMonth } from './model';
import { API, DECLARATIONS, TYPES, VAT, VIEWER, declarationServer } from './testing';

const gate = (codes: string[]) => ({ authorities: codes.map((c) => ({ authorityCode: c, companyId: 2 })), companyId: 2, theme: Theme.DEFAULT });
const STEPS = ['Onayla', 'Hatalı', 'Onaya gönder', 'İptal et'];

async function declarations() {
  const table = await screen.findByRole('table', { name: 'Beyannameler' }, { timeout: 5000 });
  await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(5));
  return table;
}
/** The row of a type's declaration of a period ("KDV1 2026-01"). */
function row(table: HTMLElement, label: string) {
  const [code, period] = label.split(' ');
  return within(table).getAllByRole('row').find((r) => {
    const cells = within(r).queryAllByRole('cell');
    return cells[0]?.textContent?.startsWith(`${code} —`) && cells[1]?.textContent === period;
  })!;
}
const stepsOf = (r: HTMLElement) => STEPS.filter((s) => within(r).queryByRole('button', { name: s }));

describe('the declaration screens\' declarations and rules', () => {
  it('put Beyannameler and Beyanname Türleri under Muhasebe, gated by the accounting module', () => {
    expect(validateWebPlugin(full)).toEqual([]);
    const group = visibleMenu(full.menu!, gate(['18_1'])).find((m) => m.id === 'accounting-category')!;
    expect(group.title).toBe('Muhasebe');
    expect(group.children!.map((c) => [c.title, c.route])).toEqual(expect.arrayContaining([['Beyannameler', '/declarations'], ['Beyanname Türleri', '/declaration-types']]));
    expect(visibleMenu(full.menu!, gate(['6_1'])).some((m) => m.id === 'accounting-category')).toBe(false);
    expect(periodFits('MONTHLY', '2026-01')).toBe(true);
    expect(periodFits('MONTHLY', '2026-13')).toBe(false);
    expect(periodFits('QUARTERLY', '2026-Q2')).toBe(true);
    expect(periodFits('YEARLY', '2026-01')).toBe(false);
    expect(previousMonth('2026-01-15')).toBe('2025-12');
    expect(previousMonth('2026-03-01')).toBe('2026-02');
    expect(NEXT_STATUSES.APPROVED).toEqual([]);
  });
});

describe('/declarations', () => {
  it('lists the declarations and offers only the status changes each status allows', async () => {
    const s = declarationServer();
    await renderWorkbench({ plugins: [full], path: '/declarations', server: s, signedIn: true });
    const table = await declarations();
    const waiting = row(table, 'KDV1 2026-01');
    expect(waiting).toHaveTextContent('KDV1 — KDV Beyannamesi');
    expect(waiting).toHaveTextContent('Onay Bekliyor');
    expect(waiting).toHaveTextContent('03/02/2026');
    expect(waiting).toHaveTextContent('Ödenecek 7.200,85 TL');
    expect(stepsOf(waiting)).toEqual(['Onayla', 'Hatalı', 'İptal et']);
    expect(within(waiting).getByRole('button', { name: /^Beyannameyi düzenle/ })).toBeInTheDocument();
    const faulty = row(table, 'MUHSGK 2026-01');
    expect(faulty).toHaveTextContent('Hatalı');
    expect(stepsOf(faulty)).toEqual(['Onaya gönder', 'İptal et']);
    // Approved and cancelled are final: no step; an approved one is neither edited nor deleted.
    const approved = row(table, 'KDV1 2025-12');
    expect(approved).toHaveTextContent('Onaylandı');
    expect(stepsOf(approved)).toEqual([]);
    expect(within(approved).queryByRole('button', { name: /^Beyannameyi düzenle/ })).toBeNull();
    expect(within(approved).queryByRole('button', { name: /^Beyannameyi sil/ })).toBeNull();
    const cancelled = row(table, 'DAMGA 2025-12');
    expect(stepsOf(cancelled)).toEqual([]);
    expect(within(cancelled).queryByRole('button', { name: /^Beyannameyi düzenle/ })).toBeNull();
    expect(within(cancelled).getByRole('button', { name: /^Beyannameyi sil/ })).toBeInTheDocument();

    const user = userEvent.setup();
    await waitFor(() => expect(within(screen.getByRole('combobox', { name: 'Tür' })).getAllByRole('option')).toHaveLength(TYPES.length + 1));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Tür' }), '4');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Durum' }), 'FAULTY');
    await user.type(screen.getByRole('textbox', { name: 'Dönem' }), '2026-01');
    await waitFor(() => {
      const q = new URL(`http://x${requestsTo(s, 'GET', `${API}/declarations`).at(-1)!.path}`).searchParams;
      expect([q.get('typeId'), q.get('status'), q.get('period'), q.get('sort')]).toEqual(['4', 'FAULTY', '2026-01', 'period,desc']);
    });
  });

  it('approves a declaration after the confirmation, sending its fields with the new status', async () => {
    const s = declarationServer();
    s.on(`PUT ${API}/declarations`, async (req) => json({ ...DECLARATIONS[0], ...(await req.json() as object) }));
    const { toasts } = await renderWorkbench({ plugins: [full], path: '/declarations', server: s, signedIn: true });
    const table = await declarations();
    const lists = requestsTo(s, 'GET', `${API}/declarations`).length;
    const user = userEvent.setup();
    await user.click(within(row(table, 'KDV1 2026-01')).getByRole('button', { name: 'Onayla' }));
    expect(await screen.findByText('KDV Beyannamesi 2026-01 beyannamesi "Onaylandı" durumuna alınsın mı?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Evet' }));
    await waitFor(() => expect(toasts.shown.map((x) => x.message)).toContain('BAŞARILI — Beyanname "Onaylandı" durumuna alındı.'));
    expect(requestsTo(s, 'PUT', `${API}/declarations`)[0]!.body).toEqual({ id: 51, typeId: 4, period: '2026-01', status: 'APPROVED', explanation: 'Defterden hesaplanan taslak' });
    await waitFor(() => expect(requestsTo(s, 'GET', `${API}/declarations`).length).toBeGreaterThan(lists));
  });

  it('computes the VAT draft of a month and shows its figures the Turkish way', async () => {
    const s = declarationServer();
    s.on(`POST ${API}/declarations/vat-draft`, () => json({ ...DECLARATIONS[0], vat: { ...VAT, calculatedVat: 1234567.5 } }, { status: 201 }));
    const { toasts } = await renderWorkbench({ plugins: [full], path: '/declarations', server: s, signedIn: true });
    await declarations();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'KDV taslağı' }));
    const form = await screen.findByRole('form', { name: 'KDV taslağı' });
    await user.clear(control(form, 'Ay'));
    await user.type(control(form, 'Ay'), '2026-1');
    await user.click(within(form).getByRole('button', { name: 'Hesapla' }));
    expect(control(form, 'Ay')).toHaveAccessibleDescription('Ayı YYYY-AA biçiminde yazınız (ör. 2026-01).');
    expect(requestsTo(s, 'POST', `${API}/declarations/vat-draft`)).toHaveLength(0);
    await user.clear(control(form, 'Ay'));
    await user.type(control(form, 'Ay'), '2026-01');
    await user.click(within(form).getByRole('button', { name: 'Hesapla' }));
    const figures = await within(form).findByRole('table', { name: 'KDV hesabı' });
    expect(requestsTo(s, 'POST', `${API}/declarations/vat-draft`)[0]!.body).toEqual({ period: '2026-01' });
    expect(within(figures).getByRole('row', { name: /^Hesaplanan KDV/ })).toHaveTextContent('1.234.567,50 TL');
    expect(within(figures).getByRole('row', { name: /^İndirilecek KDV/ })).toHaveTextContent('9.999,90 TL');
    expect(within(figures).getByRole('row', { name: /^Önceki dönemden devreden KDV/ })).toHaveTextContent('1.250,00 TL');
    expect(within(figures).getByRole('row', { name: /^Ödenecek KDV/ })).toHaveTextContent('7.200,85 TL');
    expect(within(figures).getByRole('row', { name: /^Sonraki döneme devreden KDV/ })).toHaveTextContent('0,00 TL');
    expect(toasts.shown.map((x) => x.message)).toContain('BAŞARILI — 2026-01 KDV taslağı hesaplandı.');
  });

  it('adds a declaration with its period written as the type wants, and the server\'s refusal at the period', async () => {
    const s = declarationServer();
    s.on(`POST ${API}/declarations`, () => problem(409, 'Çakışma', {
      detail: 'KDV Beyannamesi için 2026-01 döneminde \'Onay Bekliyor\' durumunda bir beyanname (51 numaralı) zaten var; onu güncelleyin ya da iptal edin.',
      code: 'DECLARATION_OPEN_EXISTS', fieldErrors: [{ field: 'period', message: 'KDV Beyannamesi için 2026-01 döneminde \'Onay Bekliyor\' durumunda bir beyanname (51 numaralı) zaten var; onu güncelleyin ya da iptal edin.' }],
    }));
    await renderWorkbench({ plugins: [full], path: '/declarations?new=1', server: s, signedIn: true });
    const form = await screen.findByRole('form', { name: 'Beyanname ekle' }, { timeout: 5000 });
    const user = userEvent.setup();
    await user.selectOptions(control(form, 'Beyanname türü'), '2');
    await user.type(control(form, 'Dönem'), '2026-01');
    await user.click(within(form).getByRole('button', { name: 'Kaydet' }));
    expect(control(form, 'Dönem')).toHaveAccessibleDescription('Dönem YYYY-Qn (ör. 2026-Q1) biçiminde yazılır.');
    expect(requestsTo(s, 'POST', `${API}/declarations`)).toHaveLength(0);
    await user.selectOptions(control(form, 'Beyanname türü'), '4');
    await user.click(within(form).getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(control(form, 'Dönem')).toHaveAccessibleDescription('KDV Beyannamesi için 2026-01 döneminde \'Onay Bekliyor\' durumunda bir beyanname (51 numaralı) zaten var; onu güncelleyin ya da iptal edin.'));
    expect(requestsTo(s, 'POST', `${API}/declarations`)[0]!.body).toEqual({ typeId: 4, period: '2026-01', explanation: null, status: 'AWAITING_APPROVAL' });
  });

  it('shows a viewer the declarations without the write buttons', async () => {
    const s = declarationServer(VIEWER);
    await renderWorkbench({ plugins: [full], path: '/declarations', server: s, signedIn: true });
    const table = await declarations();
    for (const r of within(table).getAllByRole('row').slice(1)) expect(stepsOf(r)).toEqual([]);
    expect(within(table).queryByRole('button', { name: /^Beyannameyi (düzenle|sil)/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'KDV taslağı' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Beyanname ekle' })).toBeNull();
    // Reading a draft's figures is not a change.
    expect(within(row(table, 'KDV1 2026-01')).getByRole('button', { name: 'KDV hesabı' })).toBeInTheDocument();
  });
});

describe('/declaration-types', () => {
  it('offers no delete for the six standard types, and keeps their code fixed', async () => {
    const s = declarationServer();
    s.on(`DELETE ${API}/declaration-types/{id}`, () => new Response(null, { status: 204 }));
    const { toasts } = await renderWorkbench({ plugins: [full], path: '/declaration-types', server: s, signedIn: true });
    const table = await screen.findByRole('table', { name: 'Beyanname Türleri' }, { timeout: 5000 });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(TYPES.length + 1));
    expect(within(table).getAllByRole('button', { name: /^Beyanname türünü sil/ })).toHaveLength(1);
    const own = within(table).getByText('KONAKLAMA').closest('tr')!;
    expect(own).toHaveTextContent('Şirkete ait');
    const user = userEvent.setup();
    await user.click(within(within(table).getByText('KDV1').closest('tr')!).getByRole('button', { name: /^Beyanname türünü düzenle/ }));
    const form = await screen.findByRole('form', { name: 'Beyanname türünü düzenle' });
    expect(control(form, 'Kod')).toBeDisabled();
    expect(control(form, 'Dönem türü')).toBeDisabled();
    await user.click(within(form).getByRole('button', { name: 'Vazgeç' }));
    await user.click(within(own).getByRole('button', { name: /^Beyanname türünü sil/ }));
    await user.click(await screen.findByRole('button', { name: 'Evet' }));
    await waitFor(() => expect(toasts.shown.map((x) => x.message)).toContain('BAŞARILI — Başarıyla silindi.'));
    expect(requestsTo(s, 'DELETE', `${API}/declaration-types/7`)).toHaveLength(1);
  });
});
