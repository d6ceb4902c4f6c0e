import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWorkbench } from '../../../../../packages/workbench/test/render';
import { json } from '../../../../../packages/workbench/test/fake-server';
import { control } from '../products/testing';
import { today } from './model';
import { API, accounting, lastQuery, ledgerServer } from './testing';

const tbRow = (code: string, name: string, n: number[]) => ({
  code, name, openingDebit: n[0], openingCredit: n[1], debit: n[2], credit: n[3], debitBalance: n[4], creditBalance: n[5],
});
const TRIAL = {
  startDate: '2026-01-01', endDate: '2026-03-31', level: 3,
  rows: [
    tbRow('100', 'Kasa', [0, 0, 51999.9, 18999.8, 33000.1, 0]),
    tbRow('102', 'Bankalar', [0, 0, 1999.9, 0, 1999.9, 0]),
    tbRow('500', 'Sermaye', [0, 0, 0, 50000, 0, 50000]),
    tbRow('770', 'Genel Yönetim Giderleri', [0, 0, 15000, 0, 15000, 0]),
  ],
  totals: tbRow('', '', [0, 0, 68999.7, 68999.8, 49999.9, 50000]),
};

describe('/trial-balance', () => {
  it('asks for this year to date at the account level at once and shows the rows and the totals row in Turkish format', async () => {
    const s = ledgerServer();
    s.on(`GET ${API}/trial-balance`, () => json(TRIAL));
    await renderWorkbench({ plugins: [accounting], path: '/trial-balance', server: s, signedIn: true });
    const table = await screen.findByRole('table', { name: 'Mizan' }, { timeout: 5000 });
    const q = lastQuery(s, `${API}/trial-balance`);
    expect([q.get('startDate'), q.get('endDate'), q.get('level')]).toEqual([`${today().slice(0, 4)}-01-01`, today(), '3']);
    expect(within(table).getByText('Kasa').closest('tr')).toHaveTextContent('100Kasa0,000,0051.999,9018.999,8033.000,100,00');
    expect(within(table).getByText('Sermaye').closest('tr')).toHaveTextContent('50.000,00');
    const totals = within(table).getByRole('row', { name: 'Toplam' });
    expect(totals.closest('tfoot')).not.toBeNull();
    expect(totals).toHaveTextContent('Toplam0,000,0068.999,7068.999,8049.999,9050.000,00');
    expect(within(table).getByRole('columnheader', { name: 'Borç bakiyesi' })).toBeInTheDocument();
    expect(screen.getByText(/01\/01\/2026 – 31\/03\/2026/)).toBeInTheDocument();
  });

  it('checks the dates at their fields and asks again for another range and level', async () => {
    const s = ledgerServer();
    s.on(`GET ${API}/trial-balance`, (req) => json({ ...TRIAL, level: Number(new URL(req.url).searchParams.get('level')) }));
    await renderWorkbench({ plugins: [accounting], path: '/trial-balance', server: s, signedIn: true });
    await screen.findByRole('table', { name: 'Mizan' }, { timeout: 5000 });
    const form = screen.getByRole('form', { name: 'Mizan' });
    const user = userEvent.setup();
    const asked = () => s.requests.filter((r) => r.path.startsWith(`${API}/trial-balance`)).length;
    const before = asked();
    await user.clear(control(form, 'Başlangıç tarihi'));
    await user.type(control(form, 'Başlangıç tarihi'), '01042026');
    await user.clear(control(form, 'Bitiş tarihi'));
    await user.type(control(form, 'Bitiş tarihi'), '31032026');
    await user.click(within(form).getByRole('button', { name: 'Listele' }));
    expect(control(form, 'Bitiş tarihi')).toHaveAccessibleDescription('Bitiş tarihi başlangıçtan önce olamaz.');
    expect(asked()).toBe(before);
    await user.clear(control(form, 'Bitiş tarihi'));
    await user.type(control(form, 'Bitiş tarihi'), '30062026');
    await user.selectOptions(control(form, 'Düzey'), '1');
    await user.click(within(form).getByRole('button', { name: 'Listele' }));
    await waitFor(() => expect(lastQuery(s, `${API}/trial-balance`).get('level')).toBe('1'));
    const q = lastQuery(s, `${API}/trial-balance`);
    expect([q.get('startDate'), q.get('endDate')]).toEqual(['2026-04-01', '2026-06-30']);
    expect(await screen.findByText(/Sınıf \(1\)/, { selector: 'p' })).toBeInTheDocument();
  });
});

describe('/account-statement', () => {
  const LINES = [
    { entryId: 3, entryNo: 40, date: '2026-03-02', account: '100.01', explanation: 'Merkez kasa açılış fişi', debit: 50000, credit: 0, balance: 50000 },
    { entryId: 5, entryNo: 42, date: '2026-03-14', account: '100.01', explanation: 'Kasadan bankaya yatırılan', debit: 0, credit: 1999.9, balance: 48000.1 },
    { entryId: 4, entryNo: 41, date: '2026-03-10', account: '100.01', explanation: 'Kira ödemesi', debit: 0, credit: 15000, balance: 33000.1 },
  ];

  it('asks for an account, then shows the opening balance, the paged lines with the running balance and the closing balance', async () => {
    const s = ledgerServer();
    s.on(`GET ${API}/account-statement`, (req) => {
      const page = Number(new URL(req.url).searchParams.get('page'));
      return json({ account: '100', name: 'Kasa', openingBalance: 0, closingBalance: 33000.1, lines: page === 0 ? LINES.slice(0, 2) : LINES.slice(2) }, { total: 12 });
    });
    await renderWorkbench({ plugins: [accounting], path: '/account-statement', server: s, signedIn: true });
    expect(await screen.findByText('Hesap ve tarih aralığı seçip listeleyin.', {}, { timeout: 5000 })).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Muavin' });
    const user = userEvent.setup();
    await user.click(within(form).getByRole('button', { name: 'Listele' }));
    expect(control(form, 'Hesap')).toHaveAccessibleDescription('Hesap seçiniz.');
    expect(s.requests.some((r) => r.path.startsWith(`${API}/account-statement`))).toBe(false);

    const box = control(form, 'Hesap');
    await user.click(box);
    await user.type(box, '100');
    await screen.findByRole('option', { name: '100 Kasa' });
    await user.keyboard('{Enter}');
    await waitFor(() => expect(box).toHaveValue('100 Kasa'));
    // Any account of the chart, headers too (the statement takes in the sub-accounts).
    expect(lastQuery(s, `${API}/ledger-accounts`).get('postable')).toBeNull();
    await user.clear(control(form, 'Başlangıç tarihi'));
    await user.type(control(form, 'Başlangıç tarihi'), '01032026');
    await user.clear(control(form, 'Bitiş tarihi'));
    await user.type(control(form, 'Bitiş tarihi'), '31032026');
    await user.click(within(form).getByRole('button', { name: 'Listele' }));

    const table = await screen.findByRole('table', { name: 'Muavin satırları' });
    const q = lastQuery(s, `${API}/account-statement`);
    expect(Object.fromEntries(q)).toEqual({ account: '100', startDate: '2026-03-01', endDate: '2026-03-31', page: '0', size: '10' });
    expect(screen.getByText(/Açılış bakiyesi/).closest('div')).toHaveTextContent('Açılış bakiyesi: 0,00');
    expect(within(table).getByText('Kasadan bankaya yatırılan').closest('tr')).toHaveTextContent('14/03/202642100.01Kasadan bankaya yatırılan1.999,9048.000,10 B');
    expect(screen.getByText('Toplam Kayıt:').parentElement).toHaveTextContent('12');
    expect(screen.getByLabelText('Kapanış bakiyesi')).toHaveTextContent('Kapanış bakiyesi: 33.000,10 B');
    await user.click(screen.getByRole('button', { name: 'Sayfa 2' }));
    await within(table).findByText('Kira ödemesi');
    expect(lastQuery(s, `${API}/account-statement`).get('page')).toBe('1');
  });
});
