import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MODULE_ACTIONS } from '@tezgah/core';
import settings from '../index';
import { MANAGEMENT_MODULES } from '../roles/matrix';
import { account, fakeServer, json, problem, query, renderWorkbench, role, ROLES } from '../testing';

/** A general (default-theme) company's owner with every role action. */
function server(codes = ['20_1', '20_2', '20_3', '20_4']) {
  const s = fakeServer();
  s.setAccount(account({ codes, company: { id: 2, name: 'Demo Ticaret A.Ş.', sectorId: 2, sectorKey: 'GEN', companyProfile: { erpType: 'STANDARD', itsUsername: null, announcementId: null } } }));
  s.on('GET /services/onmuhasebe/api/roles', () => json(ROLES, { total: ROLES.length }));
  return s;
}

const list = () => screen.findByRole('table', { name: 'Roller' });
// The matrix's checkboxes are found by their aria-label: a role query computes the accessible
// name and visibility of each of its ~200 cells on every call. A click re-renders the whole
// matrix, about a second in jsdom on a busy machine, so the tests that click through it get a
// minute (MATRIX).
const MATRIX = 60_000;

describe('/roles', () => {
  it('lists the roles with the paging footer', async () => {
    const s = server();
    await renderWorkbench({ plugins: [settings], path: '/roles', server: s, signedIn: true });
    const table = await list();
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(4));
    expect(within(table).getByRole('row', { name: /Kasiyer/ })).toHaveTextContent('Özel');
    expect(within(table).getByRole('row', { name: /Firma Sahibi/ })).toHaveTextContent('Sabit');
    expect(screen.getByText(/Toplam Kayıt:/).parentElement).toHaveTextContent('Toplam Kayıt: 3');
    const q = query(s.requests.find((r) => r.path.startsWith('/services/onmuhasebe/api/roles'))!.path);
    expect([q.get('page'), q.get('size'), q.get('sort')]).toEqual(['0', '10', 'id,desc']);
  });

  it('saves exactly the ticked codes of the modules × actions matrix', async () => {
    const s = server();
    let posted: { name: string; authorities: string[] } | undefined;
    s.on('POST /services/onmuhasebe/api/roles', async (req) => {
      posted = await req.json();
      return json(role(9, posted!.name, { authorities: posted!.authorities }), { status: 201 });
    });
    const { toasts } = await renderWorkbench({ plugins: [settings], path: '/roles?new=1', server: s, signedIn: true });
    const dialog = await screen.findByRole('dialog', { name: 'Rol Ekle' });
    const matrix = within(dialog).getByRole('table', { name: 'Modül yetkileri' });
    const box = (name: string) => within(matrix).getByLabelText(name);
    const u = userEvent.setup();

    // Rows are the modules in Turkish; a checkbox only where the module offers the action.
    expect(within(matrix).getByRole('rowheader', { name: /Kasa/ })).toBeInTheDocument();
    expect(within(matrix).queryByLabelText('Ön Muhasebe: Silme')).not.toBeInTheDocument();
    expect(within(matrix).queryByLabelText('Alış-Satış Raporu: Ekleme')).not.toBeInTheDocument();
    expect(box('Alış-Satış Raporu: Dışa Aktarma')).toBeInTheDocument();
    // Management modules are for management users only.
    expect(within(matrix).queryByLabelText('Yönetim: tümü')).not.toBeInTheDocument();

    await u.click(box('Kasa: Görüntüleme'));
    await u.click(box('Müşteri: tümü'));
    await u.click(box('Silme: tümü'));
    await u.click(box('Banka: Silme'));
    await u.click(box('Ürün: Fiyat Güncelleme'));
    await u.click(box('Ürün: Fiyat Güncelleme'));
    expect(box('Silme: tümü')).toHaveProperty('indeterminate', true);
    expect(box('Müşteri: tümü')).toBeChecked();
    expect(box('Kasa: tümü')).toHaveProperty('indeterminate', true);

    await u.type(within(dialog).getByRole('textbox', { name: 'Rol adı' }), 'Muhasebe');
    await u.click(within(dialog).getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(posted).toBeDefined());

    const businessModules = Object.keys(MODULE_ACTIONS).map(Number).filter((m) => !MANAGEMENT_MODULES.includes(m));
    const expected = new Set<string>(['2_1', ...MODULE_ACTIONS[6]!.map((a) => `6_${a}`)]);
    for (const m of businessModules) if (MODULE_ACTIONS[m]!.includes(4) && m !== 3) expected.add(`${m}_4`);
    expect(posted!.name).toBe('Muhasebe');
    expect([...posted!.authorities].sort()).toEqual([...expected].sort());
    expect(posted!.authorities).toHaveLength(expected.size);
    expect(posted!.authorities).not.toContain('3_4');
    expect(posted!.authorities).not.toContain('13_44');
    expect(toasts.shown.map((x) => x.message)).toContain('BAŞARILI — Başarıyla eklendi.');
  }, MATRIX);

  it('edits a role: its codes ticked, the name required, PUT with the id', async () => {
    const s = server();
    let put: { id: number; name: string; authorities: string[] } | undefined;
    s.on('PUT /services/onmuhasebe/api/roles', async (req) => {
      put = await req.json();
      return json(role(3, put!.name, { authorities: put!.authorities }));
    });
    await renderWorkbench({ plugins: [settings], path: '/roles', server: s, signedIn: true });
    const table = await list();
    const u = userEvent.setup();
    await u.click(within(within(table).getByRole('row', { name: /Kasiyer/ })).getByRole('button', { name: 'Düzenle' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rolü Düzenle' });
    const matrix = within(dialog).getByRole('table', { name: 'Modül yetkileri' });
    expect(within(matrix).getByLabelText('Satış: Ekleme')).toBeChecked();
    expect(within(matrix).getByLabelText('Satış: Silme')).not.toBeChecked();
    expect(within(dialog).getByText('3 yetki seçili')).toBeInTheDocument();

    await u.click(within(matrix).getByLabelText('Satış: Ekleme'));
    await u.clear(within(dialog).getByRole('textbox', { name: 'Rol adı' }));
    await u.click(within(dialog).getByRole('button', { name: 'Kaydet' }));
    expect(within(dialog).getByRole('textbox', { name: 'Rol adı' })).toHaveAccessibleDescription('Bu alan zorunludur');
    expect(put).toBeUndefined();

    await u.type(within(dialog).getByRole('textbox', { name: 'Rol adı' }), 'Kasa Sorumlusu');
    await u.click(within(dialog).getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(put).toEqual({ id: 3, name: 'Kasa Sorumlusu', authorities: ['2_1', '11_1'] }));
  }, MATRIX);

  it('shows fixed roles read-only, with a note, and without delete', async () => {
    const s = server();
    await renderWorkbench({ plugins: [settings], path: '/roles', server: s, signedIn: true });
    const table = await list();
    const fixedRow = within(table).getByRole('row', { name: /Firma Sahibi/ });
    expect(within(fixedRow).queryByRole('button', { name: 'Sil' })).not.toBeInTheDocument();
    expect(within(fixedRow).queryByRole('button', { name: 'Düzenle' })).not.toBeInTheDocument();
    await userEvent.setup().click(within(fixedRow).getByRole('button', { name: 'Rolü Görüntüle' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rolü Görüntüle' });
    expect(dialog).toHaveTextContent('Bu rol sistem tarafından tanımlıdır');
    expect(within(dialog).getByRole('textbox', { name: 'Rol adı' })).toHaveAttribute('readonly');
    expect(within(dialog).getByLabelText('Kullanıcı: Ekleme')).toBeChecked();
    expect(within(dialog).getByLabelText('Kullanıcı: Ekleme')).toBeDisabled();
    expect(within(dialog).queryByRole('button', { name: 'Kaydet' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Tümünü seç' })).not.toBeInTheDocument();
  });

  it('deletes after Evet and shows the server text when the role is in use', async () => {
    const s = server();
    const inUse = 'Bu rol kullanıcılara atanmış; önce kullanıcılardan kaldırın.';
    s.on('DELETE /services/onmuhasebe/api/roles/{id}', () => problem(409, 'Çakışma', { detail: inUse, code: 'ROLE_IN_USE' }));
    const { toasts } = await renderWorkbench({ plugins: [settings], path: '/roles', server: s, signedIn: true });
    const table = await list();
    const u = userEvent.setup();
    await u.click(within(within(table).getByRole('row', { name: /Kasiyer/ })).getByRole('button', { name: 'Sil' }));
    const alert = await screen.findByRole('alertdialog');
    expect(alert).toHaveTextContent('Emin misiniz?');
    await u.click(within(alert).getByRole('button', { name: 'Evet' }));
    await waitFor(() => expect(toasts.shown.map((x) => String(x.message))).toContainEqual(expect.stringContaining(inUse)));
    expect(s.requests.some((r) => r.method === 'DELETE' && r.path === '/services/onmuhasebe/api/roles/3')).toBe(true);
    expect(toasts.shown[0]!.message).toMatch(/^HATALI/);
  });

  it('gives a management user the management rows too', async () => {
    const s = fakeServer();
    s.setAccount(account({
      codes: ['20_1', '20_2'], allCompanyCodes: ['1000_1'],
      company: { id: 2, name: 'Tezgah Yönetim', sectorId: 2, sectorKey: 'GEN', companyProfile: { erpType: 'STANDARD', itsUsername: null, announcementId: null } },
    }));
    s.on('GET /services/onmuhasebe/api/roles', () => json([], { total: 0 }));
    await renderWorkbench({ plugins: [settings], path: '/roles?new=1', server: s, signedIn: true });
    const dialog = await screen.findByRole('dialog', { name: 'Rol Ekle' });
    expect(within(dialog).getByLabelText('Yönetim: tümü')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Süper Yönetici: Görüntüleme')).toBeInTheDocument();
  });
});
