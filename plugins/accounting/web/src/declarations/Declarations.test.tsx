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
  await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(DECLARATIONS.length + 1));
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

  it('computes the KDV 2 draft of a month: its rows, totals and whether they equal 360', async () => {
    const s = declarationServer();
    // June: cleaning 602 at 9/10 in lira and in euro (1,000.00 + 3,512.34 base; 200.00 + 702.47 KDV;
    // 180.00 + 632.22 withheld), construction 601 at 4/10 (5,000.00; 1,000.00; 400.00).
    const june = {
      rows: [
        { code: '601', ratio: '4/10', vatRate: 20, base: 5000, vat: 1000, withheld: 400 },
        { code: '602', ratio: '9/10', vatRate: 20, base: 4512.34, vat: 902.47, withheld: 812.22 },
      ],
      totals: { base: 9512.34, vat: 1902.47, withheld: 1212.22 }, ledgerWithheld: 1212.22, matchesLedger: true, computedDate: '2026-07-01T08:00:00.000Z',
    };
    let answer: object = june;
    s.on(`POST ${API}/declarations/withholding-vat-draft`, () => json({ ...DECLARATIONS[4], period: '2026-06', withholding: answer }, { status: 201 }));
    const { toasts } = await renderWorkbench({ plugins: [full], path: '/declarations', server: s, signedIn: true });
    await declarations();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'KDV 2 taslağı' }));
    const form = await screen.findByRole('form', { name: 'KDV 2 taslağı' });
    expect(control(form, 'Ay')).toHaveAccessibleDescription(/Ayın kesilmiş tevkifatlı alış faturalarından hesaplanır/);
    await user.clear(control(form, 'Ay'));
    await user.type(control(form, 'Ay'), '2026-6');
    await user.click(within(form).getByRole('button', { name: 'Hesapla' }));
    expect(control(form, 'Ay')).toHaveAccessibleDescription('Ayı YYYY-AA biçiminde yazınız (ör. 2026-01).');
    expect(requestsTo(s, 'POST', `${API}/declarations/withholding-vat-draft`)).toHaveLength(0);
    await user.clear(control(form, 'Ay'));
    await user.type(control(form, 'Ay'), '2026-06');
    await user.type(control(form, 'Açıklama'), 'Haziran tevkifatı');
    await user.click(within(form).getByRole('button', { name: 'Hesapla' }));
    const figures = await within(form).findByRole('table', { name: 'KDV 2 hesabı' });
    expect(requestsTo(s, 'POST', `${API}/declarations/withholding-vat-draft`)[0]!.body).toEqual({ period: '2026-06', explanation: 'Haziran tevkifatı' });
    expect(within(figures).getAllByRole('columnheader').map((c) => c.textContent)).toEqual(['Tevkifat kodu', 'Tevkifat oranı', 'KDV oranı', 'Matrah', 'KDV', 'Tevkif edilen KDV']);
    const cells = (name: RegExp) => within(within(figures).getByRole('row', { name })).getAllByRole('cell').map((c) => c.textContent);
    expect(cells(/^601/)).toEqual(['4/10', '%20', '5.000,00 TL', '1.000,00 TL', '400,00 TL']);
    expect(cells(/^602/)).toEqual(['9/10', '%20', '4.512,34 TL', '902,47 TL', '812,22 TL']);
    expect(cells(/^Toplam/)).toEqual(['9.512,34 TL', '1.902,47 TL', '1.212,22 TL']);
    expect(within(form).getByText('Defterde alış faturalarından 360 Ödenecek Vergi ve Fonlar hesabına alacak kaydedilen 1.212,22 TL, tevkif edilen KDV toplamına eşit.')).toBeInTheDocument();
    expect(toasts.shown.map((x) => x.message)).toContain('BAŞARILI — 2026-06 KDV 2 taslağı hesaplandı.');
    // Computed again after the books changed behind an invoice: the difference is a warning.
    answer = { ...june, ledgerWithheld: 1212.21, matchesLedger: false };
    await user.click(within(form).getByRole('button', { name: 'Hesapla' }));
    expect(await within(form).findByText('Defterde alış faturalarından 360 hesabına alacak kaydedilen 1.212,21 TL, tevkif edilen KDV toplamından (1.212,22 TL) farklı; faturaları ve yevmiye fişlerini kontrol edin.')).toBeInTheDocument();
  });

  it('lists a KDV 2 draft with its withheld total and shows its rows', async () => {
    const s = declarationServer();
    await renderWorkbench({ plugins: [full], path: '/declarations', server: s, signedIn: true });
    const table = await declarations();
    const kdv2 = row(table, 'KDV2 2026-01');
    expect(kdv2).toHaveTextContent('KDV2 — KDV 2 Beyannamesi');
    expect(kdv2).toHaveTextContent('Tevkifat 580,00 TL');
    expect(within(kdv2).queryByRole('button', { name: 'KDV hesabı' })).toBeNull();
    const user = userEvent.setup();
    await user.click(within(kdv2).getByRole('button', { name: 'KDV 2 hesabı' }));
    const dialog = await screen.findByRole('dialog', { name: 'KDV 2 Beyannamesi 2026-01' });
    const figures = within(dialog).getByRole('table', { name: 'KDV 2 hesabı' });
    expect(within(figures).getAllByRole('row').map((r) => r.textContent)).toEqual([
      'Tevkifat koduTevkifat oranıKDV oranıMatrahKDVTevkif edilen KDV',
      '6014/10%205.000,00 TL1.000,00 TL400,00 TL',
      '6029/10%201.000,00 TL200,00 TL180,00 TL',
      'Toplam6.000,00 TL1.200,00 TL580,00 TL',
    ]);
    expect(within(dialog).getByText(/tevkif edilen KDV toplamına eşit/)).toHaveTextContent('kaydedilen 580,00 TL');
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
    expect(screen.queryByRole('button', { name: 'KDV 2 taslağı' })).toBeNull();
    // Reading a draft's figures is not a change.
    expect(within(row(table, 'KDV1 2026-01')).getByRole('button', { name: 'KDV hesabı' })).toBeInTheDocument();
    expect(within(row(table, 'KDV2 2026-01')).getByRole('button', { name: 'KDV 2 hesabı' })).toBeInTheDocument();
  });
});

describe('/declaration-types', () => {
  it('offers no delete for the seven standard types, and keeps their code fixed', async () => {
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
