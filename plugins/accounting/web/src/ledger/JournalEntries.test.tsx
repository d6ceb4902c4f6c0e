import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWorkbench } from '../../../../../packages/workbench/test/render';
import { json, problem } from '../../../../../packages/workbench/test/fake-server';
import { control } from '../products/testing';
import { today } from './model';
import { API, CHART, ENTRIES, POSTABLE, VIEWER, accounting, lastQuery, ledgerServer } from './testing';

type User = ReturnType<typeof userEvent.setup>;

async function entries() {
  const table = await screen.findByRole('table', { name: 'Yevmiye Fişleri' }, { timeout: 5000 });
  await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(4));
  return table;
}
const row = (table: HTMLElement, explanation: string) => within(table).getByText(explanation).closest('tr')!;

/** Picks an account on a line by typing its code and taking the search's first answer. */
async function pick(user: User, line: HTMLElement, code: string, shown: string) {
  const box = within(line).getByRole('combobox');
  await user.click(box);
  await user.type(box, code);
  await screen.findByRole('option', { name: shown });
  await user.keyboard('{Enter}');
  await waitFor(() => expect(box).toHaveValue(shown));
}

describe('/journal-entries', () => {
  it('lists the entries by number with their total, source and reversal state, and shows an entry\'s lines', async () => {
    const s = ledgerServer();
    await renderWorkbench({ plugins: [accounting], path: '/journal-entries', server: s, signedIn: true });
    const table = await entries();
    expect(lastQuery(s, `${API}/journal-entries`).get('sort')).toBe('entryNo,desc');
    const first = row(table, 'Kasadan bankaya yatırılan');
    expect(first).toHaveTextContent('42');
    expect(first).toHaveTextContent('14/03/2026');
    expect(first).toHaveTextContent('1.999,90');
    expect(first).toHaveTextContent('Mahsup (elle)');
    expect(row(table, 'Merkez kasa açılış fişi')).toHaveTextContent('Kasa açılışı');
    const rent = row(table, 'Kira ödemesi');
    // Every source in words, never its code (INVOICE_PAYMENT).
    expect(rent).toHaveTextContent('Fatura ödemesi');
    expect(table).not.toHaveTextContent('INVOICE_PAYMENT');
    expect(within(rent).getByText('Ters kaydedildi')).toBeInTheDocument();
    expect(within(rent).queryByRole('button', { name: 'Ters kayıt' })).toBeNull();
    expect(within(first).getByRole('button', { name: 'Ters kayıt' })).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(within(first).getByRole('button', { name: 'Fiş satırları' }));
    const dialog = await screen.findByRole('dialog', { name: '42 numaralı fiş' });
    const lines = within(dialog).getByRole('table', { name: 'Fiş satırları' });
    expect(within(lines).getAllByRole('row')).toHaveLength(4);
    expect(within(lines).getByText('Ziraat Bankası').closest('tr')).toHaveTextContent('102.01Ziraat Bankası1.999,90');
    expect(within(lines).getByText('Toplam').closest('tr')).toHaveTextContent('Toplam1.999,901.999,90');
  });

  it('filters by fiscal year, dates and account once they are whole', async () => {
    const s = ledgerServer();
    await renderWorkbench({ plugins: [accounting], path: '/journal-entries', server: s, signedIn: true });
    await entries();
    const user = userEvent.setup();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Mali yıl' }), '7');
    await user.type(screen.getByLabelText('Başlangıç tarihi'), '01032026');
    await user.type(screen.getByLabelText('Hesap (alt hesaplarıyla)'), '100');
    await waitFor(() => expect(lastQuery(s, `${API}/journal-entries`).get('account')).toBe('100'));
    const q = lastQuery(s, `${API}/journal-entries`);
    expect([q.get('fiscalYearId'), q.get('startDate'), q.get('endDate')]).toEqual(['7', '2026-03-01', null]);
  });

  it('adds a manual entry: the totals follow the typing and an unbalanced entry cannot be saved', async () => {
    const s = ledgerServer();
    s.on(`POST ${API}/journal-entries`, async (req) => {
      const body = await req.json() as { date: string; explanation: string };
      return json({ ...ENTRIES[0], id: 11, entryNo: 43, date: body.date, explanation: body.explanation }, { status: 201 });
    });
    const { toasts } = await renderWorkbench({ plugins: [accounting], path: '/journal-entries?new=1', server: s, signedIn: true });
    const form = await screen.findByRole('form', { name: 'Yevmiye fişi ekle' }, { timeout: 5000 });
    const user = userEvent.setup();
    const save = within(form).getByRole('button', { name: 'Kaydet' });
    const totals = within(form).getByRole('status', { name: 'Toplamlar' });
    expect(control(form, 'Tarih')).toHaveValue(today().split('-').reverse().join('/'));
    expect(save).toBeDisabled();

    const [one, two] = within(form).getAllByRole('group').filter((g) => /^\d\. satır$/.test(g.getAttribute('aria-label') ?? ''));
    await pick(user, one!, '102.01', '102.01 Ziraat Bankası');
    expect(lastQuery(s, `${API}/ledger-accounts`).get('postable')).toBe('true');
    expect(lastQuery(s, `${API}/ledger-accounts`).get('search')).toBe('102.01');
    await user.type(control(one!, '1. satır: Borç'), '1.999,90');
    await pick(user, two!, '100.01', '100.01 Merkez Kasa');
    await user.type(control(two!, '2. satır: Alacak'), '1.500');
    expect(totals).toHaveTextContent('Borç: 1.999,90');
    expect(totals).toHaveTextContent('Alacak: 1.500,00');
    expect(totals).toHaveTextContent('Fark: 499,90');
    expect(within(form).getByText('Borç ve alacak toplamları eşit olmalıdır.')).toBeInTheDocument();
    expect(save).toBeDisabled();

    // An amount with three decimals is refused at its field.
    await user.clear(control(two!, '2. satır: Alacak'));
    await user.type(control(two!, '2. satır: Alacak'), '1999,905');
    expect(control(two!, '2. satır: Alacak')).toHaveAccessibleDescription('Tutar en fazla iki ondalık basamak taşır.');
    expect(save).toBeDisabled();
    await user.clear(control(two!, '2. satır: Alacak'));
    await user.type(control(two!, '2. satır: Alacak'), '1999,9');
    expect(totals).toHaveTextContent('Fark: 0,00');
    expect(within(form).queryByText('Borç ve alacak toplamları eşit olmalıdır.')).toBeNull();
    expect(save).toBeEnabled();

    await user.click(save);
    expect(control(form, 'Açıklama')).toHaveAccessibleDescription('Açıklama zorunludur.');
    expect(s.requests.some((r) => r.method === 'POST')).toBe(false);
    await user.type(control(form, 'Açıklama'), 'Kasadan bankaya');
    await user.click(save);
    await waitFor(() => expect(toasts.shown.map((x) => x.message)).toContain('BAŞARILI — 43 numaralı yevmiye fişi kaydedildi.'));
    expect(s.requests.find((r) => r.method === 'POST')?.body).toEqual({
      date: today(), explanation: 'Kasadan bankaya',
      lines: [{ account: '102.01', debit: '1999.90' }, { account: '100.01', credit: '1999.90' }],
    });
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Yevmiye fişi ekle' })).toBeNull());
  });

  it('puts the server\'s refusals at their fields: a header account at its line, a locked period at the date', async () => {
    const s = ledgerServer();
    // 100 was offered (it took postings when the search ran) and got sub-accounts since.
    s.on(`GET ${API}/ledger-accounts`, (req) => json(new URL(req.url).searchParams.get('search') === '770' ? [POSTABLE[2]] : [{ ...CHART[10]![0]!, postable: true, header: false }]));
    let tries = 0;
    s.on(`POST ${API}/journal-entries`, () => {
      tries++;
      if (tries === 1) {
        return problem(400, 'Başlık hesabı', {
          detail: '100 Kasa bir başlık hesabıdır; kayıt alt hesaplarından birine yapılır.', code: 'HEADER_ACCOUNT',
          fieldErrors: [{ field: 'lines[1].account', message: '100 başlık hesabıdır.', code: 'HEADER_ACCOUNT' }],
        });
      }
      return problem(409, 'Dönem kilitli', { detail: '2026-02-10 tarihi kilitli bir yevmiye döneminde (2. dönem); önce kilidi açın.', code: 'JOURNAL_LOCKED' });
    });
    await renderWorkbench({ plugins: [accounting], path: '/journal-entries?new=1', server: s, signedIn: true });
    const form = await screen.findByRole('form', { name: 'Yevmiye fişi ekle' }, { timeout: 5000 });
    const user = userEvent.setup();
    await user.clear(control(form, 'Tarih'));
    await user.type(control(form, 'Tarih'), '10022026');
    await user.type(control(form, 'Açıklama'), 'Kira');
    const [one, two] = within(form).getAllByRole('group').filter((g) => /^\d\. satır$/.test(g.getAttribute('aria-label') ?? ''));
    await pick(user, one!, '770', '770.01 Kira Giderleri');
    await user.type(control(one!, '1. satır: Borç'), '15000');
    await pick(user, two!, '100', '100 Kasa');
    await user.type(control(two!, '2. satır: Alacak'), '15000');
    await user.click(within(form).getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(within(two!).getByRole('combobox')).toHaveAccessibleDescription('100 başlık hesabıdır.'));
    await user.click(within(form).getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(control(form, 'Tarih')).toHaveAccessibleDescription('2026-02-10 tarihi kilitli bir yevmiye döneminde (2. dönem); önce kilidi açın.'));
    expect(s.requests.filter((r) => r.method === 'POST')[0]?.body).toEqual({
      date: '2026-02-10', explanation: 'Kira', lines: [{ account: '770.01', debit: '15000.00' }, { account: '100', credit: '15000.00' }],
    });
  });

  it('adds and removes lines; a third line counts in the totals', async () => {
    const s = ledgerServer();
    await renderWorkbench({ plugins: [accounting], path: '/journal-entries?new=1', server: s, signedIn: true });
    const form = await screen.findByRole('form', { name: 'Yevmiye fişi ekle' }, { timeout: 5000 });
    const user = userEvent.setup();
    expect(within(form).getByRole('button', { name: '1. satırı sil' })).toBeDisabled();
    await user.click(within(form).getByRole('button', { name: 'Satır ekle' }));
    await user.type(within(form).getByLabelText('1. satır: Borç'), '100');
    await user.type(within(form).getByLabelText('2. satır: Alacak'), '60');
    await user.type(within(form).getByLabelText('3. satır: Alacak'), '40');
    expect(within(form).getByRole('status', { name: 'Toplamlar' })).toHaveTextContent('Borç: 100,00Alacak: 100,00Fark: 0,00');
    await user.click(within(form).getByRole('button', { name: '3. satırı sil' }));
    expect(within(form).getByRole('status', { name: 'Toplamlar' })).toHaveTextContent('Fark: 40,00');
    expect(within(form).queryByLabelText('3. satır: Alacak')).toBeNull();
  });

  it('reverses an entry with "Ters kayıt", dated like it unless a date is given', async () => {
    const s = ledgerServer();
    s.on(`POST ${API}/journal-entries/{id}/reverse`, () => json({ ...ENTRIES[0], id: 12, entryNo: 44, reversesId: 5 }, { status: 201 }));
    const { toasts } = await renderWorkbench({ plugins: [accounting], path: '/journal-entries', server: s, signedIn: true });
    const table = await entries();
    const user = userEvent.setup();
    await user.click(within(row(table, 'Kasadan bankaya yatırılan')).getByRole('button', { name: 'Ters kayıt' }));
    const form = await screen.findByRole('form', { name: 'Ters kayıt' });
    expect(control(form, 'Ters kayıt tarihi')).toHaveAccessibleDescription('Boş bırakılırsa asıl fişin tarihi (14/03/2026) kullanılır.');
    await user.click(within(form).getByRole('button', { name: 'Ters kaydı oluştur' }));
    await waitFor(() => expect(toasts.shown.map((x) => x.message)).toContain('BAŞARILI — Ters kayıt fişi 44 numarasıyla kaydedildi.'));
    expect(s.requests.filter((r) => r.method === 'POST').map((r) => [r.path, r.body])).toEqual([[`${API}/journal-entries/5/reverse`, {}]]);

    await user.click(within(row(table, 'Merkez kasa açılış fişi')).getByRole('button', { name: 'Ters kayıt' }));
    const again = await screen.findByRole('form', { name: 'Ters kayıt' });
    await user.type(control(again, 'Ters kayıt tarihi'), '01042026');
    await user.click(within(again).getByRole('button', { name: 'Ters kaydı oluştur' }));
    await waitFor(() => expect(s.requests.filter((r) => r.method === 'POST')).toHaveLength(2));
    expect(s.requests.filter((r) => r.method === 'POST')[1]).toMatchObject({ path: `${API}/journal-entries/3/reverse`, body: { date: '2026-04-01' } });
  });

  it('shows a viewer the entries without the reversal', async () => {
    const s = ledgerServer(VIEWER);
    await renderWorkbench({ plugins: [accounting], path: '/journal-entries', server: s, signedIn: true });
    const table = await entries();
    expect(within(table).queryByRole('button', { name: 'Ters kayıt' })).toBeNull();
    expect(within(row(table, 'Merkez kasa açılış fişi')).getByRole('button', { name: 'Fiş satırları' })).toBeInTheDocument();
  });
});
