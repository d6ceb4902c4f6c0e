import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Theme, validateWebPlugin, visibleMenu } from '@tezgah/core';
import { renderWorkbench } from '../../../../../packages/workbench/test/render';
import { json, problem } from '../../../../../packages/workbench/test/fake-server';
import full from '../index';
import { today } from '../ledger/model';
import { control, requestsTo } from '../finance/testing';
import { API, CHEQUES, chequePlugin, chequeServer } from './testing';
import { stepNeeds } from './model';

type User = ReturnType<typeof userEvent.setup>;
const gate = (codes: string[]) => ({ authorities: codes.map((c) => ({ authorityCode: c, companyId: 2 })), companyId: 2, theme: Theme.DEFAULT });
const query = (path: string) => new URL(`http://x${path}`).searchParams;

async function pickCurrent(user: User, box: HTMLElement, text: string, shown: RegExp) {
  await user.click(box);
  await user.type(box, text);
  await screen.findByRole('option', { name: shown });
  await user.keyboard('{Enter}');
}

describe('the cheque screens\' declarations', () => {
  it('put Çek under Finans for any of the cheque module\'s view authorities', () => {
    expect(validateWebPlugin(chequePlugin)).toEqual([]);
    for (const codes of [['4_1'], ['4_10'], ['4_12']]) {
      const group = visibleMenu(full.menu!, gate(codes)).find((m) => m.id === 'finance-category')!;
      expect(group.children!.map((c) => [c.title, c.route])).toEqual([['Çek', '/cheque']]);
    }
    expect(visibleMenu(full.menu!, gate(['4_2'])).some((m) => m.id === 'finance-category')).toBe(false);
  });

  it('know what each step asks for', () => {
    expect(stepNeeds(CHEQUES[0]!, 'DEPOSIT')).toEqual({ bank: 'required', current: false });
    expect(stepNeeds(CHEQUES[0]!, 'COLLECT')).toEqual({ bank: 'required', current: false });
    expect(stepNeeds(CHEQUES[1]!, 'COLLECT')).toEqual({ bank: 'fixed', current: false });
    expect(stepNeeds(CHEQUES[0]!, 'ENDORSE')).toEqual({ bank: 'none', current: true });
    expect(stepNeeds(CHEQUES[3]!, 'PAY')).toEqual({ bank: 'optional', current: false });
    expect(stepNeeds(CHEQUES[0]!, 'BOUNCE')).toEqual({ bank: 'none', current: false });
    // A bounced cheque the customer pays is collected into a bank account chosen then.
    expect(stepNeeds({ ...CHEQUES[0]!, state: 'BOUNCED' }, 'COLLECT')).toEqual({ bank: 'required', current: false });
  });
});

describe('/cheque', () => {
  it('lists the portfolio by due date with the totals, and filters by direction, state and due range', async () => {
    const s = chequeServer();
    await renderWorkbench({ plugins: [chequePlugin], path: '/cheque', server: s, signedIn: true });
    const table = await screen.findByRole('table', { name: 'Çekler' }, { timeout: 5000 });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(5));
    expect(query(requestsTo(s, 'GET', `${API}/checks`).at(-1)!.path).get('sort')).toBe('dueDate,asc');
    const first = within(table).getByRole('link', { name: '100001' }).closest('tr')!;
    expect(within(first).getByRole('link', { name: '100001' })).toHaveAttribute('href', '/cheque/1');
    expect(first).toHaveTextContent('30/05/2026');
    expect(first).toHaveTextContent('Alınan');
    expect(first).toHaveTextContent('Ayşe Yılmaz');
    expect(first).toHaveTextContent('Akbank / Kızılay');
    expect(first).toHaveTextContent('12.500,00 TL');
    expect(first).toHaveTextContent('Portföyde');
    expect(within(table).getByRole('link', { name: '200002' }).closest('tr')).toHaveTextContent('Ziraat Vadesiz');
    const totals = screen.getByRole('group', { name: 'Çek toplamları' });
    expect(within(totals).getByRole('group', { name: 'Portföyde' })).toHaveTextContent('12.500,00 ₺ (1 adet)');
    expect(within(totals).getByRole('group', { name: 'Verilen (ödenmemiş)' })).toHaveTextContent('8.000,00 ₺');

    const user = userEvent.setup();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Yön' }), 'OUT');
    const states = within(screen.getByRole('combobox', { name: 'Durum' })).getAllByRole('option').map((o) => o.textContent);
    expect(states).toEqual(['Tüm durumlar', 'Verildi', 'Ödendi', 'Karşılıksız', 'İade edildi']);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Durum' }), 'GIVEN');
    await user.type(screen.getByLabelText('Vade başı'), '01042026');
    await user.type(screen.getByLabelText('Vade sonu'), '30062026');
    await waitFor(() => {
      const q = query(requestsTo(s, 'GET', `${API}/checks`).at(-1)!.path);
      expect([q.get('direction'), q.getAll('state'), q.get('dueDateFrom'), q.get('dueDateTo')]).toEqual(['OUT', ['GIVEN'], '2026-04-01', '2026-06-30']);
    });
    const q = query(requestsTo(s, 'GET', `${API}/checks-summary`).at(-1)!.path);
    expect([q.get('direction'), q.getAll('state'), q.get('dueDateFrom'), q.get('dueDateTo')]).toEqual(['OUT', ['GIVEN'], '2026-04-01', '2026-06-30']);
  });

  it('enters a received cheque with the rules at the fields', async () => {
    const s = chequeServer();
    s.on(`POST ${API}/checks`, async (req) => json({ ...CHEQUES[0], ...(await req.json() as object), id: 9 }, { status: 201 }));
    const { toasts } = await renderWorkbench({ plugins: [chequePlugin], path: '/cheque?new=1', server: s, signedIn: true });
    const form = await screen.findByRole('form', { name: 'Çek ekle' }, { timeout: 5000 });
    const user = userEvent.setup();
    expect(within(form).getByRole('radio', { name: 'Alınan' })).toBeChecked();
    await user.click(within(form).getByRole('button', { name: 'Kaydet' }));
    expect(control(form, 'Çek no')).toHaveAccessibleDescription('Çek numarası zorunludur.');
    expect(control(form, 'Tutar (TL)')).toHaveAccessibleDescription('Tutar zorunludur.');
    expect(control(form, 'Vade')).toHaveAccessibleDescription('Vade tarihi zorunludur.');
    expect(control(form, 'Alındığı cari')).toHaveAccessibleDescription('Cari hesap seçiniz.');
    await user.type(control(form, 'Çek no'), '7788990');
    await user.type(control(form, 'Tutar (TL)'), '12.500,5');
    await user.clear(control(form, 'Alış tarihi'));
    await user.type(control(form, 'Alış tarihi'), '10032026');
    await user.type(control(form, 'Vade'), '01032026');
    await pickCurrent(user, control(form, 'Alındığı cari'), 'ayşe', /Ayşe Yılmaz/);
    await user.type(control(form, 'Banka'), 'Akbank');
    await user.click(within(form).getByRole('button', { name: 'Kaydet' }));
    expect(control(form, 'Vade')).toHaveAccessibleDescription('Vade, çekin tarihinden önce olamaz.');
    expect(requestsTo(s, 'POST', `${API}/checks`)).toHaveLength(0);
    // A given cheque would ask for the bank account it is drawn on; a received one does not.
    expect(within(form).queryByLabelText(/^Banka hesabı/)).toBeNull();
    await user.clear(control(form, 'Vade'));
    await user.type(control(form, 'Vade'), '10062026');
    await user.click(within(form).getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(toasts.shown.map((x) => x.message)).toContain('BAŞARILI — 7788990 numaralı çek kaydedildi.'));
    expect(requestsTo(s, 'POST', `${API}/checks`)[0]!.body).toEqual({
      direction: 'IN', number: '7788990', code: null, amount: '12500.50', currencyId: 1, date: '2026-03-10', issueDate: null, dueDate: '2026-06-10',
      bankName: 'Akbank', branchName: null, drawer: null, explanation: null, currentId: 7, bankAccountId: null,
    });
  });
});

describe('/cheque/:id', () => {
  it.each([
    [1, 'Portföyde', ['Tahsile ver', 'Tahsil et', 'Ciro et', 'Karşılıksız', 'İade et']],
    [2, 'Tahsile verildi', ['Tahsil et', 'Tahsilden geri al', 'Karşılıksız']],
    [4, 'Verildi', ['Ödendi olarak işle', 'Karşılıksız', 'İade et']],
  ])('offers the steps cheque %i\'s state (%s) allows', async (id, state, buttons) => {
    const s = chequeServer();
    await renderWorkbench({ plugins: [chequePlugin], path: `/cheque/${id}`, server: s, signedIn: true });
    const page = await screen.findByRole('region', { name: /numaralı çek/ }, { timeout: 5000 });
    expect(within(page).getAllByText(state).length).toBeGreaterThan(0);
    const steps = within(page).getByRole('group', { name: 'İşlemler' });
    expect(within(steps).getAllByRole('button').map((b) => b.textContent)).toEqual(buttons);
  });

  it('says a settled cheque takes no more steps, and offers none to a user who may not update cheques', async () => {
    const s = chequeServer();
    await renderWorkbench({ plugins: [chequePlugin], path: '/cheque/3', server: s, signedIn: true });
    const page = await screen.findByRole('region', { name: '300003 numaralı çek' }, { timeout: 5000 });
    expect(within(page).getByText('Çek "Tahsil edildi" durumunda; başka işlem yapılamaz.')).toBeInTheDocument();
    expect(within(page).queryByRole('group', { name: 'İşlemler' })).toBeNull();
  });

  it('hides the steps from a viewer', async () => {
    const s = chequeServer(['4_10']);
    await renderWorkbench({ plugins: [chequePlugin], path: '/cheque/1', server: s, signedIn: true });
    const page = await screen.findByRole('region', { name: '100001 numaralı çek' }, { timeout: 5000 });
    expect(within(page).getByText('Çek işlemleri için çek güncelleme yetkisi gerekir.')).toBeInTheDocument();
    expect(within(page).queryByRole('button', { name: 'Tahsile ver' })).toBeNull();
    expect(within(page).queryByRole('button', { name: 'Çeki sil' })).toBeNull();
  });

  it('deposits a cheque for collection: a bank account in its currency is required, the date not before its last step', async () => {
    const s = chequeServer();
    s.on(`POST ${API}/checks/{id}/transitions`, () => json({ ...CHEQUES[1], id: 1 }));
    const { toasts } = await renderWorkbench({ plugins: [chequePlugin], path: '/cheque/1', server: s, signedIn: true });
    const page = await screen.findByRole('region', { name: '100001 numaralı çek' }, { timeout: 5000 });
    expect(within(within(page).getByRole('table', { name: 'Çek geçmişi' })).getByText('Çek alındı').closest('tr')).toHaveTextContent('01/03/2026Çek alındıPortföydeAyşe Yılmaz3012.500,00');
    const user = userEvent.setup();
    await user.click(within(page).getByRole('button', { name: 'Tahsile ver' }));
    const form = await screen.findByRole('form', { name: 'Tahsile ver' });
    expect(within(form).queryByLabelText(/Ciro edilen cari/)).toBeNull();
    const bank = control(form, 'Tahsile verilen banka hesabı');
    // Only the lira accounts: the cheque is in lira.
    await waitFor(() => expect(within(bank).getAllByRole('option').map((o) => o.textContent)).toEqual(['Seçiniz', 'Ziraat Vadesiz — T.C. Ziraat Bankası A.Ş. (TL)']));
    await user.clear(control(form, 'İşlem tarihi'));
    await user.type(control(form, 'İşlem tarihi'), '28022026');
    await user.click(within(form).getByRole('button', { name: 'Tahsile ver' }));
    expect(bank).toHaveAccessibleDescription('Banka hesabını seçiniz.');
    expect(control(form, 'İşlem tarihi')).toHaveAccessibleDescription('İşlem tarihi çekin son işleminin tarihinden (01/03/2026) önce olamaz.');
    expect(requestsTo(s, 'POST', `${API}/checks/1/transitions`)).toHaveLength(0);
    await user.clear(control(form, 'İşlem tarihi'));
    await user.type(control(form, 'İşlem tarihi'), '05032026');
    await user.selectOptions(bank, 'BANK_ACCOUNT:5');
    await user.click(within(form).getByRole('button', { name: 'Tahsile ver' }));
    await waitFor(() => expect(toasts.shown.map((x) => x.message)).toContain('BAŞARILI — 100001 numaralı çek: Tahsile ver kaydedildi (Tahsile verildi).'));
    expect(requestsTo(s, 'POST', `${API}/checks/1/transitions`)[0]!.body).toEqual({ action: 'DEPOSIT', date: '2026-03-05', bankAccountId: 5 });
  });

  it('endorses a cheque to a supplier (not back to its customer), with the server\'s refusal at its field', async () => {
    const s = chequeServer();
    let tries = 0;
    s.on(`POST ${API}/checks/{id}/transitions`, () => {
      tries++;
      if (tries === 1) return problem(400, 'Doğrulama hatası', { code: 'VALIDATION_FAILED', fieldErrors: [{ field: 'date', message: 'Tarih kilitli bir yevmiye döneminde.' }] });
      return json({ ...CHEQUES[0], state: 'ENDORSED', stateLabel: 'Ciro edildi', endorsedToId: 9, endorsedToName: 'Selçuk Ecza Deposu', allowedActions: ['BOUNCE'] });
    });
    const { toasts } = await renderWorkbench({ plugins: [chequePlugin], path: '/cheque/1', server: s, signedIn: true });
    const page = await screen.findByRole('region', { name: '100001 numaralı çek' }, { timeout: 5000 });
    const user = userEvent.setup();
    await user.click(within(page).getByRole('button', { name: 'Ciro et' }));
    const form = await screen.findByRole('form', { name: 'Ciro et' });
    expect(within(form).queryByLabelText(/banka hesabı/)).toBeNull();
    await user.click(within(form).getByRole('button', { name: 'Ciro et' }));
    expect(control(form, 'Ciro edilen cari')).toHaveAccessibleDescription('Çekin ciro edileceği cariyi seçiniz.');
    await pickCurrent(user, control(form, 'Ciro edilen cari'), 'ayşe', /Ayşe Yılmaz/);
    await user.click(within(form).getByRole('button', { name: 'Ciro et' }));
    expect(control(form, 'Ciro edilen cari')).toHaveAccessibleDescription('Çek, alındığı cariye ciro edilmez; iade işlemini kullanın.');
    const box = control(form, 'Ciro edilen cari');
    await user.clear(box);
    await pickCurrent(user, box, 'selçuk', /Selçuk Ecza Deposu/);
    await user.click(within(form).getByRole('button', { name: 'Ciro et' }));
    await waitFor(() => expect(control(form, 'İşlem tarihi')).toHaveAccessibleDescription('Tarih kilitli bir yevmiye döneminde.'));
    await user.click(within(form).getByRole('button', { name: 'Ciro et' }));
    await waitFor(() => expect(toasts.shown.map((x) => x.message)).toContain('BAŞARILI — 100001 numaralı çek: Ciro et kaydedildi (Ciro edildi).'));
    expect(requestsTo(s, 'POST', `${API}/checks/1/transitions`).at(-1)!.body).toEqual({ action: 'ENDORSE', date: today(), currentId: 9 });
  });

  it('collects a deposited cheque at its bank without asking for an account', async () => {
    const s = chequeServer();
    const collected = { ...CHEQUES[2], id: 2, number: '200002' };
    let done = false;
    s.on(`POST ${API}/checks/{id}/transitions`, () => { done = true; return json(collected); });
    s.on(`GET ${API}/checks/{id}`, () => json(done ? collected : CHEQUES[1]));
    const { queryClient } = await renderWorkbench({ plugins: [chequePlugin], path: '/cheque/2', server: s, signedIn: true });
    const page = await screen.findByRole('region', { name: '200002 numaralı çek' }, { timeout: 5000 });
    expect(within(page).getByRole('table', { name: 'Çek geçmişi' })).toHaveTextContent('Vadesine kadar bankada');
    // The cash/bank balances another screen read before (the pickers, the home widget).
    const balances = ['GET', `${API}/summaries`, {}];
    queryClient.setQueryData(balances, { cash: { accounts: [] }, bank: { accounts: [] } });
    const user = userEvent.setup();
    await user.click(within(page).getByRole('button', { name: 'Tahsil et' }));
    const form = await screen.findByRole('form', { name: 'Tahsil et' });
    expect(within(form).queryByRole('combobox')).toBeNull();
    expect(within(form).getByText('Çek Ziraat Vadesiz hesabında; işlem o hesaba yapılır.')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Tahsil et' }));
    await waitFor(() => expect(requestsTo(s, 'POST', `${API}/checks/2/transitions`)).toHaveLength(1));
    expect(requestsTo(s, 'POST', `${API}/checks/2/transitions`)[0]!.body).toEqual({ action: 'COLLECT', date: today() });
    expect(await within(page).findByText('Çek "Tahsil edildi" durumunda; başka işlem yapılamaz.')).toBeInTheDocument();
    // The collection moved money into the bank: those balances are read again where they are shown next.
    expect(queryClient.getQueryState(balances)!.isInvalidated).toBe(true);
  });
  it('bounces a received cheque into 127, or into 128 when it is under legal follow-up, then offers its collection or return', async () => {
    const s = chequeServer();
    const bounced = { ...CHEQUES[0], state: 'BOUNCED' as const, stateLabel: 'Karşılıksız', allowedActions: ['COLLECT' as const, 'RETURN' as const] };
    let done = false;
    s.on(`POST ${API}/checks/{id}/transitions`, () => { done = true; return json(bounced); });
    s.on(`GET ${API}/checks/{id}`, () => json(done ? bounced : CHEQUES[0]));
    const { toasts } = await renderWorkbench({ plugins: [chequePlugin], path: '/cheque/1', server: s, signedIn: true });
    const page = await screen.findByRole('region', { name: '100001 numaralı çek' }, { timeout: 5000 });
    const user = userEvent.setup();
    await user.click(within(page).getByRole('button', { name: 'Karşılıksız' }));
    const form = await screen.findByRole('form', { name: 'Karşılıksız' });
    expect(within(form).getByText(/127 Diğer Ticari Alacaklar hesabına yazılır/)).toBeInTheDocument();
    const legal = within(form).getByRole('checkbox', { name: 'Kanuni takipte (şüpheli alacak)' });
    expect(legal).not.toBeChecked();
    expect(within(form).getByText(/128 Şüpheli Ticari Alacaklar/)).toBeInTheDocument();
    await user.click(legal);
    await user.click(within(form).getByRole('button', { name: 'Karşılıksız' }));
    await waitFor(() => expect(toasts.shown.map((x) => x.message)).toContain('BAŞARILI — 100001 numaralı çek: Karşılıksız kaydedildi (Karşılıksız).'));
    expect(requestsTo(s, 'POST', `${API}/checks/1/transitions`)[0]!.body).toEqual({ action: 'BOUNCE', date: today(), legalFollowUp: true });
    const steps = await within(page).findByRole('group', { name: 'İşlemler' });
    await waitFor(() => expect(within(steps).getAllByRole('button').map((b) => b.textContent)).toEqual(['Tahsil et', 'İade et']));
    await user.click(within(steps).getByRole('button', { name: 'İade et' }));
    const back = await screen.findByRole('form', { name: 'İade et' });
    expect(within(back).getByText(/alacak 127 \/ 128 hesabından carinin hesabına \(120\) aktarılır/)).toBeInTheDocument();
    expect(within(back).queryByRole('checkbox')).toBeNull();
  });

  it('does not ask a given cheque that bounces about legal follow-up', async () => {
    const s = chequeServer();
    await renderWorkbench({ plugins: [chequePlugin], path: '/cheque/4', server: s, signedIn: true });
    const page = await screen.findByRole('region', { name: '400004 numaralı çek' }, { timeout: 5000 });
    await userEvent.setup().click(within(page).getByRole('button', { name: 'Karşılıksız' }));
    const form = await screen.findByRole('form', { name: 'Karşılıksız' });
    expect(within(form).getByText('400004 numaralı çek karşılıksız çıktı: tutarı yeniden Selçuk Ecza Deposu borcuna yazılır.')).toBeInTheDocument();
    expect(within(form).queryByRole('checkbox')).toBeNull();
  });

  it('asks the day\'s rate when a foreign-currency cheque is collected, and says it is carried at its own', async () => {
    const s = chequeServer();
    const dollar = { ...CHEQUES[1], id: 2, number: '200002', currencyId: 2, currencyCode: 'USD', currencySymbol: '$', rate: 42.5, amount: 1000, amountTry: 42500 };
    s.on(`GET ${API}/checks/{id}`, () => json(dollar));
    s.on(`POST ${API}/checks/{id}/transitions`, () => json({ ...CHEQUES[2], id: 2 }));
    await renderWorkbench({ plugins: [chequePlugin], path: '/cheque/2', server: s, signedIn: true });
    const page = await screen.findByRole('region', { name: '200002 numaralı çek' }, { timeout: 5000 });
    const user = userEvent.setup();
    await user.click(within(page).getByRole('button', { name: 'Tahsil et' }));
    const form = await screen.findByRole('form', { name: 'Tahsil et' });
    const rate = within(form).getByRole('textbox', { name: 'Kur (USD)' });
    expect(within(form).getByText(/Çek 42,50 kurundan kayıtlı/)).toBeInTheDocument();
    await user.type(rate, '43,1x');
    await user.click(within(form).getByRole('button', { name: 'Tahsil et' }));
    expect(await within(form).findByText('Kur sıfırdan büyük, en fazla 6 ondalıklı bir sayı olmalıdır (32,4567).')).toBeInTheDocument();
    expect(requestsTo(s, 'POST', `${API}/checks/2/transitions`)).toHaveLength(0);
    await user.clear(rate);
    await user.type(rate, '43,1');
    await user.click(within(form).getByRole('button', { name: 'Tahsil et' }));
    await waitFor(() => expect(requestsTo(s, 'POST', `${API}/checks/2/transitions`)).toHaveLength(1));
    expect(requestsTo(s, 'POST', `${API}/checks/2/transitions`)[0]!.body).toEqual({ action: 'COLLECT', date: today(), rate: '43.1' });
  });
});
