import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import management from '../index';
import { USER_SETTINGS, type UserSetting } from './ManagementUserSettings';
import { company, fakeServer, json, manager, query, renderWorkbench } from '../testing';

const plugins = [management];
const user = (id: number, login: string, over: Partial<UserSetting> = {}): UserSetting => ({
  id, login, firstName: `Ad${id}`, lastName: `Soyad${id}`, email: `${login}@demo.test`, langKey: 'tr', activated: true, defaultCompanyId: 10,
  companies: [{ companyId: 10, name: 'Demo Eczanesi', isPrimary: true, active: true }, { companyId: 11, name: 'Demo Ticaret', isPrimary: false, active: true }], ...over,
});

describe('/management-user-settings', () => {
  it('lists every user by company and state, and changes one user’s language, default company and state', async () => {
    const s = fakeServer();
    s.setAccount(manager());
    const rows = [user(1, 'eczaci'), user(2, 'mali'), ...Array.from({ length: 11 }, (_, i) => user(10 + i, `kullanici${i}`))];
    s.on(`GET ${USER_SETTINGS}`, (req) => {
      const q = new URL(req.url).searchParams;
      const page = Number(q.get('page'));
      const size = Number(q.get('size'));
      return json(rows.slice(page * size, page * size + size), { total: rows.length });
    });
    s.on('GET /services/onmuhasebe/api/companies', () => json([company(10, 'Demo Eczanesi'), company(11, 'Demo Ticaret')], { total: 2 }));
    let sent: any = null;
    s.on(`PUT ${USER_SETTINGS}`, async (req) => { sent = await req.json(); return json(user(2, 'mali', sent)); });
    const { toasts } = await renderWorkbench({ plugins, path: '/management-user-settings', server: s, signedIn: true });
    const table = await screen.findByRole('table', { name: 'Kullanıcı ayarları listesi' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(11));
    expect(within(table).getByRole('row', { name: /mali/ })).toHaveTextContent('Demo Eczanesi');
    const u = userEvent.setup();
    await u.selectOptions(screen.getByRole('combobox', { name: 'Şirket' }), 'Demo Ticaret');
    await waitFor(() => expect(query(s.requests.filter((r) => r.path.startsWith(`${USER_SETTINGS}?`)).at(-1)!.path).get('companyId')).toBe('11'));
    await u.selectOptions(screen.getByRole('combobox', { name: 'Durum' }), 'Pasif');
    await waitFor(() => expect(query(s.requests.filter((r) => r.path.startsWith(`${USER_SETTINGS}?`)).at(-1)!.path).get('activated')).toBe('false'));

    const row = await within(await screen.findByRole('table', { name: 'Kullanıcı ayarları listesi' })).findByRole('row', { name: /mali/ });
    await u.click(within(row).getByRole('button', { name: /Düzenle/ }));
    const dialog = within(await screen.findByRole('dialog', { name: 'mali kullanıcısının ayarları' }));
    await u.selectOptions(dialog.getByRole('combobox', { name: 'Dil' }), 'İngilizce');
    await u.selectOptions(dialog.getByRole('combobox', { name: 'Varsayılan şirket' }), 'Demo Ticaret');
    await u.click(dialog.getByRole('checkbox', { name: 'Aktif kullanıcı' }));
    await u.click(dialog.getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(toasts.shown.map((x) => x.message)).toContain('BAŞARILI — Kullanıcı ayarları güncellendi.'));
    expect(sent).toEqual({ id: 2, langKey: 'en', activated: false, defaultCompanyId: 11 });
  }, 60_000);
});
