import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Theme, validateWebPlugin, visibleMenu } from '@tezgah/core';
import { renderWorkbench } from '../../../../../packages/workbench/test/render';
import { json, problem } from '../../../../../packages/workbench/test/fake-server';
import full from '../index';
import { control } from '../products/testing';
import { API, OWNER, VIEWER, YEARS, accounting, lastQuery, ledgerServer } from './testing';

const gate = (codes: string[]) => ({ authorities: codes.map((c) => ({ authorityCode: c, companyId: 2 })), companyId: 2, theme: Theme.DEFAULT });

async function rowButton(name: string, action: string) {
  const table = await screen.findByRole('table', { name: 'Mali Yıllar' });
  const cell = await within(table).findByText(name);
  return within(cell.closest('tr')!).getByRole('button', { name: action });
}

describe('the books\' declarations', () => {
  it('declares a loader for every page and puts them under Muhasebe, for the accounting module only', () => {
    expect(validateWebPlugin(accounting)).toEqual([]);
    expect(validateWebPlugin(full)).toEqual([]);
    const group = visibleMenu(full.menu!, gate(VIEWER)).find((m) => m.id === 'accounting-category')!;
    expect(group.title).toBe('Muhasebe');
    expect(group.children!.map((c) => [c.title, c.route])).toEqual([
      ['Mali Yıllar', '/fiscal-years'], ['Yevmiye Dönemleri', '/journals'], ['Yevmiye Fişleri', '/journal-entries'],
      ['Hesap Planı', '/accountcodes-settings'], ['Mizan', '/trial-balance'], ['Muavin', '/account-statement'],
      // The journal book comes from the books area (book-reports), the declarations from theirs.
      ['Yevmiye Defteri', '/journal-book'], ['Beyannameler', '/declarations'], ['Beyanname Türleri', '/declaration-types'],
    ]);
    expect(visibleMenu(full.menu!, gate(['6_1'])).some((m) => m.id === 'accounting-category')).toBe(false);
    for (const path of ['/fiscal-years', '/journals', '/journal-entries', '/accountcodes-settings', '/trial-balance', '/account-statement', '/journal-book']) {
      expect(full.routes!.find((r) => r.path === path)).toMatchObject({ module: 18, anyActions: [1] });
    }
    expect(group.children!.filter((c) => c.addButton).map((c) => [c.route, c.addButton])).toEqual([
      ['/fiscal-years', { module: 18, action: 2 }], ['/journal-entries', { module: 18, action: 2 }], ['/accountcodes-settings', { module: 18, action: 2 }],
      ['/declarations', { module: 18, action: 2 }], ['/declaration-types', { module: 18, action: 2 }],
    ]);
  });

  it('refuses the pages to a user without the accounting module', async () => {
    const s = ledgerServer(['6_1']);
    await renderWorkbench({ plugins: [accounting], path: '/fiscal-years', server: s, signedIn: true });
    expect(await screen.findByText('Yetki Hatası')).toBeInTheDocument();
    expect(s.requests.some((r) => r.path.startsWith(`${API}/fiscal-years`))).toBe(false);
  });
});

describe('/fiscal-years', () => {
  it('lists the fiscal years, newest first, with their state, last entry number and entry count, and filters by state', async () => {
    const s = ledgerServer();
    await renderWorkbench({ plugins: [accounting], path: '/fiscal-years', server: s, signedIn: true });
    const table = await screen.findByRole('table', { name: 'Mali Yıllar' }, { timeout: 5000 });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    const y2026 = within(table).getByText('2026').closest('tr')!;
    expect(within(y2026).getByText('01/01/2026')).toBeInTheDocument();
    expect(within(y2026).getByText('31/12/2026')).toBeInTheDocument();
    expect(within(y2026).getByText('Aktif')).toBeInTheDocument();
    expect(within(y2026).getAllByText('42')).toHaveLength(2);
    expect(within(within(table).getByText('2025').closest('tr')!).getByText('Pasif')).toBeInTheDocument();
    expect(lastQuery(s, `${API}/fiscal-years`).get('sort')).toBe('startDate,desc');

    const user = userEvent.setup();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Durum' }), 'false');
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    expect(lastQuery(s, `${API}/fiscal-years`).get('active')).toBe('false');
  });

  it('adds a fiscal year with the rules at the fields and the server\'s overlap at the start date', async () => {
    const s = ledgerServer();
    let tries = 0;
    s.on(`POST ${API}/fiscal-years`, async (req) => {
      tries++;
      if (tries === 1) return problem(409, 'Çakışma', { detail: "Bu tarihler '2026' mali yılıyla çakışıyor.", code: 'FISCAL_YEAR_OVERLAP', fieldErrors: [{ field: 'startDate', message: "Bu tarihler '2026' mali yılıyla çakışıyor." }] });
      return json({ id: 8, companyId: 2, lastEntryNo: 0, entryCount: 0, ...(await req.json() as object) }, { status: 201 });
    });
    const { toasts } = await renderWorkbench({ plugins: [accounting], path: '/fiscal-years?new=1', server: s, signedIn: true });
    const form = await screen.findByRole('form', { name: 'Mali yıl ekle' }, { timeout: 5000 });
    const user = userEvent.setup();
    await user.click(within(form).getByRole('button', { name: 'Kaydet' }));
    expect(control(form, 'Mali yıl adı')).toHaveAccessibleDescription('Mali yıl adı zorunludur.');
    expect(control(form, 'Başlangıç tarihi')).toHaveAccessibleDescription('Bu alan zorunludur.');
    await user.type(control(form, 'Mali yıl adı'), '2027');
    await user.type(control(form, 'Başlangıç tarihi'), '01012027');
    expect(control(form, 'Başlangıç tarihi')).toHaveValue('01/01/2027');
    await user.type(control(form, 'Bitiş tarihi'), '31122026');
    await user.click(within(form).getByRole('button', { name: 'Kaydet' }));
    expect(control(form, 'Bitiş tarihi')).toHaveAccessibleDescription('Bitiş tarihi başlangıçtan önce olamaz.');
    expect(tries).toBe(0);
    await user.clear(control(form, 'Bitiş tarihi'));
    await user.type(control(form, 'Bitiş tarihi'), '31122027');
    await user.click(within(form).getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(control(form, 'Başlangıç tarihi')).toHaveAccessibleDescription("Bu tarihler '2026' mali yılıyla çakışıyor."));
    await user.click(within(form).getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(toasts.shown.map((x) => x.message)).toContain('BAŞARILI — Başarıyla eklendi.'));
    expect(s.requests.filter((r) => r.method === 'POST').at(-1)?.body).toEqual({ name: '2027', startDate: '2027-01-01', endDate: '2027-12-31', active: true });
  });

  it('edits a year with entries (its dates stay) and makes it passive', async () => {
    const s = ledgerServer();
    s.on(`PUT ${API}/fiscal-years`, async (req) => json({ ...YEARS[0], ...(await req.json() as object) }));
    const { toasts } = await renderWorkbench({ plugins: [accounting], path: '/fiscal-years', server: s, signedIn: true });
    const user = userEvent.setup();
    await user.click(await rowButton('2026', 'Mali yılı düzenle'));
    const form = await screen.findByRole('form', { name: 'Mali yılı düzenle' });
    expect(control(form, 'Başlangıç tarihi')).toHaveValue('01/01/2026');
    expect(control(form, 'Başlangıç tarihi')).toBeDisabled();
    expect(control(form, 'Başlangıç tarihi')).toHaveAccessibleDescription('Fişi olan mali yılın tarihleri değiştirilemez.');
    await user.click(within(form).getByRole('checkbox', { name: 'Aktif' }));
    await user.click(within(form).getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(toasts.shown.map((x) => x.message)).toContain('BAŞARILI — Başarıyla güncellendi.'));
    expect(s.requests.find((r) => r.method === 'PUT')?.body).toEqual({ id: 7, name: '2026', startDate: '2026-01-01', endDate: '2026-12-31', active: false });
  });

  it('deletes a year after the confirmation and says why one with entries stays', async () => {
    const s = ledgerServer();
    s.on(`DELETE ${API}/fiscal-years/{id}`, () => problem(409, 'Çakışma', { detail: 'Fişi olan mali yıl silinemez.', code: 'FISCAL_YEAR_IN_USE' }));
    const { toasts } = await renderWorkbench({ plugins: [accounting], path: '/fiscal-years', server: s, signedIn: true });
    const user = userEvent.setup();
    await user.click(await rowButton('2025', 'Mali yılı sil'));
    expect(await screen.findByText('Mali yılın yevmiye dönemleri de silinir. Fişi olan mali yıl silinemez.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Evet' }));
    await waitFor(() => expect(toasts.shown.map((x) => String(x.message))).toContain('HATALI — Fişi olan mali yıl silinemez.'));
    s.on(`DELETE ${API}/fiscal-years/{id}`, () => new Response(null, { status: 204 }));
    await user.click(await rowButton('2025', 'Mali yılı sil'));
    await user.click(await screen.findByRole('button', { name: 'Evet' }));
    await waitFor(() => expect(toasts.shown.map((x) => x.message)).toContain('BAŞARILI — Başarıyla silindi.'));
    expect(s.requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual([`${API}/fiscal-years/6`, `${API}/fiscal-years/6`]);
  });

  it('shows a viewer the list without changes', async () => {
    const s = ledgerServer(VIEWER);
    await renderWorkbench({ plugins: [accounting], path: '/fiscal-years', server: s, signedIn: true });
    const table = await screen.findByRole('table', { name: 'Mali Yıllar' }, { timeout: 5000 });
    await within(table).findByText('2026');
    expect(within(table).queryByRole('button', { name: 'Mali yılı düzenle' })).toBeNull();
    expect(within(table).queryByRole('button', { name: 'Mali yılı sil' })).toBeNull();
    expect(OWNER).toContain('18_4');
  });
});
