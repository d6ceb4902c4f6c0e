import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWorkbench } from '../../../../../packages/workbench/test/render';
import { json, problem } from '../../../../../packages/workbench/test/fake-server';
import { control } from '../products/testing';
import { API, CHART, POSTABLE, VIEWER, accounting, ledgerServer } from './testing';

const row = (table: HTMLElement, code: string) => within(table).getByText(code, { selector: 'strong' }).closest('tr')!;

async function tree() {
  const table = await screen.findByRole('table', { name: 'Hesap planı' }, { timeout: 5000 });
  await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
  return table;
}

describe('/accountcodes-settings', () => {
  it('shows the chart as a tree with balances, opening an account asks for its sub-accounts', async () => {
    const s = ledgerServer();
    await renderWorkbench({ plugins: [accounting], path: '/accountcodes-settings', server: s, signedIn: true });
    const table = await tree();
    expect(row(table, '1')).toHaveTextContent('Dönen Varlıklar51.999,9016.999,9035.000,00 B');
    expect(row(table, '5')).toHaveTextContent('50.000,00 A');
    expect(s.requests.find((r) => r.path.startsWith(`${API}/ledger-accounts`))?.path).toBe(`${API}/ledger-accounts`);
    const user = userEvent.setup();
    await user.click(within(table).getByRole('button', { name: '1 alt hesaplarını aç' }));
    await within(table).findByText('Hazır Değerler');
    expect(s.requests.some((r) => r.path === `${API}/ledger-accounts?parent=1`)).toBe(true);
    await user.click(within(table).getByRole('button', { name: '10 alt hesaplarını aç' }));
    await within(table).findByText('Bankalar');
    expect(row(table, '100')).toHaveTextContent('Kasa50.000,0016.999,9033.000,10 B');
    await user.click(within(table).getByRole('button', { name: '100 alt hesaplarını aç' }));
    const safe = (await within(table).findByText('100.01')).closest('tr')!;
    expect(within(safe).getByText('Kasa')).toBeInTheDocument();
    // An automatic sub-account (a safe's) takes no sub-account; 102 and 100 do; a group does not.
    expect(within(safe).queryByRole('button', { name: /altına hesap ekle/ })).toBeNull();
    expect(within(row(table, '102')).getByRole('button', { name: '102 altına hesap ekle' })).toBeInTheDocument();
    expect(within(row(table, '10')).queryByRole('button', { name: /altına hesap ekle/ })).toBeNull();
    expect(within(row(table, '1')).getByRole('button', { name: '1 alt hesaplarını kapat' })).toHaveAttribute('aria-expanded', 'true');
    await user.click(within(table).getByRole('button', { name: '1 alt hesaplarını kapat' }));
    await waitFor(() => expect(within(table).queryByText('Hazır Değerler')).toBeNull());
  });

  it('adds a sub-account under an account with the rules at the fields, and shows it under its parent', async () => {
    const s = ledgerServer();
    const ziraat = POSTABLE[1]!;
    let created = false;
    s.on(`POST ${API}/ledger-accounts`, async (req) => {
      const body = await req.json() as { name: string };
      if (body.name === 'Kasa') return problem(409, 'Çakışma', { detail: 'Bu kod zaten var.', fieldErrors: [{ field: 'code', message: '102.01 kodu zaten var.' }] });
      created = true;
      return json(ziraat, { status: 201 });
    });
    const chart = s;
    chart.on(`GET ${API}/ledger-accounts`, (req) => {
      const parent = new URL(req.url).searchParams.get('parent') ?? '';
      if (parent === '10' && created) return json(CHART[10]!.map((a) => (a.code === '102' ? { ...a, header: true } : a)));
      if (parent === '102') return json(created ? [ziraat] : []);
      return json(CHART[parent] ?? []);
    });
    const { toasts } = await renderWorkbench({ plugins: [accounting], path: '/accountcodes-settings', server: s, signedIn: true });
    const table = await tree();
    const user = userEvent.setup();
    await user.click(within(table).getByRole('button', { name: '1 alt hesaplarını aç' }));
    await user.click(await within(table).findByRole('button', { name: '10 alt hesaplarını aç' }));
    await user.click(within(row(table, '102')).getByRole('button', { name: '102 altına hesap ekle' }));
    const form = await screen.findByRole('form', { name: '102 altına hesap ekle' });
    expect(control(form, 'Üst hesap')).toHaveValue('102 Bankalar');
    expect(control(form, 'Hesap kodu')).toHaveAccessibleDescription('Boş bırakılırsa sıradaki kod verilir (102.01).');
    await user.type(control(form, 'Hesap kodu'), '103.01');
    await user.click(within(form).getByRole('button', { name: 'Kaydet' }));
    expect(control(form, 'Hesap adı')).toHaveAccessibleDescription('Hesap adı zorunludur.');
    expect(control(form, 'Hesap kodu')).toHaveAccessibleDescription('Kod 102. ile başlamalıdır.');
    await user.clear(control(form, 'Hesap kodu'));
    await user.type(control(form, 'Hesap kodu'), '102.01');
    await user.type(control(form, 'Hesap adı'), 'Kasa');
    await user.click(within(form).getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(control(form, 'Hesap kodu')).toHaveAccessibleDescription('102.01 kodu zaten var.'));
    await user.clear(control(form, 'Hesap kodu'));
    await user.clear(control(form, 'Hesap adı'));
    await user.type(control(form, 'Hesap adı'), 'Ziraat Bankası');
    await user.click(within(form).getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(toasts.shown.map((x) => x.message)).toContain('BAŞARILI — 102.01 Ziraat Bankası hesabı eklendi.'));
    expect(s.requests.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([
      { parentCode: '102', name: 'Kasa', code: '102.01' }, { parentCode: '102', name: 'Ziraat Bankası' },
    ]);
    expect(await within(table).findByText('Ziraat Bankası')).toBeInTheDocument();
    expect(within(row(table, '102')).getByRole('button', { name: '102 alt hesaplarını kapat' })).toBeInTheDocument();
  });

  it('searches the chart by code or name, and shows a viewer no add buttons', async () => {
    const s = ledgerServer(VIEWER);
    await renderWorkbench({ plugins: [accounting], path: '/accountcodes-settings', server: s, signedIn: true });
    const table = await tree();
    expect(within(table).queryByRole('button', { name: /altına hesap ekle/ })).toBeNull();
    const user = userEvent.setup();
    await user.type(screen.getByRole('searchbox', { name: 'Hesap kodu ya da adı' }), 'banka');
    const found = await screen.findByRole('table', { name: 'Hesap planı' });
    await within(found).findByText('Ziraat Bankası');
    expect(s.requests.some((r) => r.path === `${API}/ledger-accounts?search=banka`)).toBe(true);
    expect(within(found).queryByText('Dönen Varlıklar')).toBeNull();
  });
});
