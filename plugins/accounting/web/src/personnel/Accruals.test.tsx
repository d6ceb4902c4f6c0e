import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWorkbench } from '../../../../../packages/workbench/test/render';
import { json, problem } from '../../../../../packages/workbench/test/fake-server';
import full from '../index';
import { control, requestsTo } from '../finance/testing';
import { ACCRUALS, API, VIEWER, personnelServer } from './testing';

type User = ReturnType<typeof userEvent.setup>;

async function accruals() {
  const table = await screen.findByRole('table', { name: 'Bordro Tahakkukları' }, { timeout: 20_000 });
  await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
  return table;
}

async function openForm(user: User) {
  await user.click(await screen.findByRole('button', { name: 'Bordro tahakkuku' }, { timeout: 20_000 }));
  const form = await screen.findByRole('form', { name: 'Bordro tahakkuku' });
  await waitFor(() => expect(within(control(form, 'Personel')).getAllByRole('option')).toHaveLength(3));
  return form;
}

/** Types the March 2026 payroll of the server test (net 18.272,30, employer cost 35.325,00). */
async function typePayroll(user: User, form: HTMLElement, advance = '5.000') {
  const figures: [string, string][] = [
    ['Brüt ücret', '30.000'], ['SGK işçi payı', '4.200'], ['İşsizlik sigortası işçi payı', '300'], ['Gelir vergisi', '2.000'],
    ['Damga vergisi', '227,70'], ['Düşülen avans', advance], ['SGK işveren payı', '4.725'], ['İşsizlik sigortası işveren payı', '600'],
  ];
  for (const [label, value] of figures) await fill(user, control(form, label), value);
}

/** Puts a value in a box at once (pasted: typing eight figures key by key is slow under load). */
async function fill(user: User, box: HTMLElement, value: string) {
  await user.clear(box);
  await user.click(box);
  await user.paste(value);
}

describe('/personnel-accruals', () => {
  it('is reached from the payments page and lists the accruals with their net and cost the Turkish way', async () => {
    const s = personnelServer();
    await renderWorkbench({ plugins: [full], path: '/personnel-payments', server: s, signedIn: true });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Bordro tahakkukları' }, { timeout: 20_000 }));
    const table = await accruals();
    const can = within(table).getByText('Can Yıldız').closest('tr')!;
    expect(can).toHaveTextContent('2026-03');
    expect(can).toHaveTextContent('31/03/2026');
    expect(can).toHaveTextContent('30.000,00');
    expect(can).toHaveTextContent('18.272,30');
    expect(can).toHaveTextContent('5.000,00');
    expect(can).toHaveTextContent('35.325,00');
    expect(can).toHaveTextContent('770');
  });

  it('shows the net and the employer cost as the payroll is typed, refuses a net not above zero, and sends the figures', async () => {
    const s = personnelServer();
    s.on(`POST ${API}/personnel-accruals`, async (req) => json({ ...ACCRUALS[0], ...(await req.json() as object), id: 8, entryNo: 21, net: 18272.3 }, { status: 201 }));
    const { toasts } = await renderWorkbench({ plugins: [full], path: '/personnel-accruals', server: s, signedIn: true });
    const user = userEvent.setup();
    const form = await openForm(user);
    expect(control(form, 'Net ücret')).toHaveTextContent('0,00 TL');
    await user.click(within(form).getByRole('button', { name: 'Kaydet' }));
    expect(control(form, 'Personel')).toHaveAccessibleDescription('Personel seçiniz.');
    expect(control(form, 'Brüt ücret')).toHaveAccessibleDescription('Brüt ücret zorunludur.');

    await user.selectOptions(control(form, 'Personel'), '31');
    await fill(user, control(form, 'Dönem'), '2026-03');
    await typePayroll(user, form);
    expect(control(form, 'Net ücret')).toHaveTextContent('18.272,30 TL');
    expect(control(form, 'İşveren maliyeti')).toHaveTextContent('35.325,00 TL');

    // A deduction above the gross is said at the net before anything is sent.
    await fill(user, control(form, 'Düşülen avans'), '23.272,30');
    expect(control(form, 'Net ücret')).toHaveTextContent('0,00 TL');
    expect(control(form, 'Net ücret')).toHaveAccessibleDescription('Kesintiler brüt ücreti aşıyor; net ücret sıfırdan büyük olmalıdır.');
    await user.click(within(form).getByRole('button', { name: 'Kaydet' }));
    expect(requestsTo(s, 'POST', `${API}/personnel-accruals`)).toHaveLength(0);

    await fill(user, control(form, 'Düşülen avans'), '5.000');
    await user.selectOptions(control(form, 'Gider hesabı'), '760');
    await user.click(within(form).getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(toasts.shown.map((x) => x.message)).toContain('BAŞARILI — Bordro tahakkuku kaydedildi (yevmiye fişi 21, net ücret 18.272,30 TL).'));
    expect(requestsTo(s, 'POST', `${API}/personnel-accruals`)[0]!.body).toEqual({
      personnelId: 31, period: '2026-03', expenseAccount: '760', gross: '30000.00', workerSgk: '4200.00', workerUnemployment: '300.00', incomeTax: '2000.00',
      stampTax: '227.70', advanceDeduction: '5000.00', employerSgk: '4725.00', employerUnemployment: '600.00', explanation: null,
    });
  }, 45_000);

  it("shows the server's refusals at their fields", async () => {
    const s = personnelServer();
    s.on(`POST ${API}/personnel-accruals`, () => problem(409, 'Çakışma', {
      code: 'ADVANCE_EXCEEDED', fieldErrors: [{ field: 'advanceDeduction', message: 'Düşülen avans (5000.00 TL) personelin açık avansını (0.00 TL) aşıyor.', code: 'ADVANCE_EXCEEDED' }],
    }));
    await renderWorkbench({ plugins: [full], path: '/personnel-accruals', server: s, signedIn: true });
    const user = userEvent.setup();
    const form = await openForm(user);
    await user.selectOptions(control(form, 'Personel'), '32');
    await typePayroll(user, form);
    await user.click(within(form).getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(control(form, 'Düşülen avans')).toHaveAccessibleDescription('Düşülen avans (5000.00 TL) personelin açık avansını (0.00 TL) aşıyor.'));
    // The net is the server's to compute: never sent.
    const body = requestsTo(s, 'POST', `${API}/personnel-accruals`)[0]!.body;
    expect(body).toMatchObject({ personnelId: 32, expenseAccount: '770', advanceDeduction: '5000.00' });
    expect(body).not.toHaveProperty('net');
  });

  it('cancels an accrual after the confirmation', async () => {
    const s = personnelServer();
    s.on(`DELETE ${API}/personnel-accruals/{id}`, () => new Response(null, { status: 204 }));
    const { toasts } = await renderWorkbench({ plugins: [full], path: '/personnel-accruals', server: s, signedIn: true });
    const table = await accruals();
    const user = userEvent.setup();
    await user.click(within(table).getByRole('button', { name: /^Tahakkuku iptal et/ }));
    expect(await screen.findByText('Can Yıldız için 2026-03 bordro tahakkuku (net 18.272,30 TL) iptal edilsin mi?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Evet' }));
    await waitFor(() => expect(toasts.shown.map((x) => x.message)).toContain('BAŞARILI — Bordro tahakkuku iptal edildi; fişi ters kayıtla iptal edildi.'));
    expect(requestsTo(s, 'DELETE', `${API}/personnel-accruals/7`)).toHaveLength(1);
  });

  it('shows a viewer the accruals without the write buttons', async () => {
    await renderWorkbench({ plugins: [full], path: '/personnel-accruals', server: personnelServer(VIEWER), signedIn: true });
    const table = await accruals();
    expect(screen.queryByRole('button', { name: 'Bordro tahakkuku' })).toBeNull();
    expect(within(table).queryByRole('button', { name: /^Tahakkuku iptal et/ })).toBeNull();
  });
});

describe('the payment form', () => {
  it('sends an advance (Avans) with its purpose', async () => {
    const s = personnelServer();
    s.on(`POST ${API}/payments`, async (req) => json({ id: 43, entryNo: 15, ...(await req.json() as object) }, { status: 201 }));
    const { toasts } = await renderWorkbench({ plugins: [full], path: '/personnel-payments', server: s, signedIn: true });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Ödeme ekle' }, { timeout: 20_000 }));
    const form = await screen.findByRole('form', { name: 'Ödeme ekle' });
    await waitFor(() => expect(within(control(form, 'Ödeme yapılan hesap')).getAllByRole('option').length).toBeGreaterThan(1));
    await waitFor(() => expect(within(control(form, 'Personel')).getAllByRole('option')).toHaveLength(3));
    expect(within(form).getByRole('radio', { name: 'Maaş' })).toBeChecked();
    await user.selectOptions(control(form, 'Personel'), '31');
    await user.selectOptions(control(form, 'Ödeme yapılan hesap'), 'SAFE:1');
    await user.type(control(form, 'Tutar (TL)'), '5.000');
    await user.click(within(form).getByRole('radio', { name: 'Avans' }));
    await user.click(within(form).getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(toasts.shown.map((x) => x.message)).toContain('BAŞARILI — Personel ödemesi kaydedildi (yevmiye fişi 15).'));
    expect(requestsTo(s, 'POST', `${API}/payments`)[0]!.body).toMatchObject({ personnelId: 31, amount: '5000.00', account: { accountKind: 'SAFE', accountId: 1 }, type: 'NORMAL', purpose: 'ADVANCE' });
  });
});
