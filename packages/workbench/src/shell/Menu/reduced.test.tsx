import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { defineWebPlugin, Theme } from '@tezgah/core';
import type { Account } from '@tezgah/sdk';
import { renderWorkbench } from '../../../test/render';
import { account, fakeServer } from '../../../test/fake-server';
import { DEFAULT_SETTINGS, getSettings, updateSettings } from '../../settings/settings';
import { FULL_MENU_ROLES, offersReducedMenu, reducedMenuOn } from './menu';

const page = (text: string) => async () => ({ default: () => <p>{text}</p> });

/** A pharmacy-like menu: some entries in the reduced menu, a group none of whose pages is. */
const plugin = defineWebPlugin({
  id: 'pharmacy-like',
  title: 'Eczane',
  menu: [
    { id: 'pharmacy-sale', title: 'Reçeteli Satış', route: '/pharmacy-sale', themes: [Theme.PHARMACY, Theme.PHARMACY_LIGHT], order: 5, reduced: true },
    { id: 'home', title: 'Ana Sayfa', route: '/summary', order: 10, reduced: true },
    {
      id: 'current-category', title: 'Cari Hesaplar', order: 20,
      children: [{ id: 'customer', title: 'Müşteriler', route: '/customer', reduced: true }, { id: 'supplier', title: 'Tedarikçiler', route: '/supplier' }],
    },
    {
      id: 'finance-category', title: 'Finans', order: 30,
      children: [{ id: 'safe', title: 'Kasa', route: '/safe' }, { id: 'bank', title: 'Banka', route: '/bank' }],
    },
    {
      id: 'settings', title: 'Ayarlar', order: 90,
      children: [
        { id: 'user-settings', title: 'Kullanıcı Ayarları', route: '/user-settings', reduced: true },
        { id: 'tax-settings', title: 'Vergi Ayarları', route: '/tax-settings', themes: [Theme.DEFAULT], reduced: true },
        { id: 'tag-settings', title: 'Etiket Ayarları', route: '/tag-settings' },
      ],
    },
  ],
  routes: ['/pharmacy-sale', '/summary', '/customer', '/supplier', '/safe', '/bank', '/user-settings', '/tax-settings', '/tag-settings'].map((path) => ({ path })),
  load: {
    routes: {
      '/pharmacy-sale': page('Satış ekranı'), '/summary': page('Özet'), '/customer': page('Müşteri listesi'), '/supplier': page('Tedarikçi listesi'),
      '/safe': page('Kasa listesi'), '/bank': page('Banka listesi'), '/user-settings': page('Kullanıcılar'), '/tax-settings': page('Vergiler'),
      '/tag-settings': page('Etiketler'),
    },
  },
});

const STAFF = 'Personel';

/** The workbench signed in as counter staff of a pharmacy; the simply style lists every page at once. */
async function shell(over: Partial<Account> = {}, path = '/summary') {
  updateSettings({ menuStyle: 'simply' });
  const server = fakeServer();
  server.setAccount(account({ role: STAFF, roles: [STAFF], ...over }));
  await renderWorkbench({ plugins: [plugin], path, server, signedIn: true });
  const nav = await screen.findByRole('navigation', { name: 'Ana menü' });
  return { nav, user: userEvent.setup() };
}

const items = (nav: HTMLElement) => within(nav).queryAllByRole('menuitem').map((e) => e.textContent);
/** The group headings of the simply style. */
const groups = (nav: HTMLElement) => [...nav.querySelectorAll('h6')].map((e) => e.textContent);

const pharmacy = (over: { login?: string; role?: string | null; erpType?: string; sectorKey?: string } = {}) => ({
  login: over.login ?? 'kalfa',
  role: over.role === undefined ? STAFF : over.role,
  company: { sectorKey: over.sectorKey ?? 'ECZ', companyProfile: { erpType: over.erpType ?? 'MEDULA' } },
}) as Pick<Account, 'login' | 'role' | 'company'>;

describe('who gets the reduced pharmacy menu', () => {
  it('is offered in pharmacy-sector companies only', () => {
    expect(offersReducedMenu(pharmacy())).toBe(true);
    expect(offersReducedMenu(pharmacy({ sectorKey: 'GEN' }))).toBe(false);
    expect(offersReducedMenu(null)).toBe(false);
    expect(reducedMenuOn({ reducedMenu: { kalfa: true } }, pharmacy({ sectorKey: 'GEN' }))).toBe(false);
  });

  it('is on by default for the counter staff, off for the owner, management and eczanem companies', () => {
    const none = DEFAULT_SETTINGS;
    expect(reducedMenuOn(none, pharmacy())).toBe(true);
    expect(reducedMenuOn(none, pharmacy({ role: null }))).toBe(true);
    for (const role of FULL_MENU_ROLES) expect(reducedMenuOn(none, pharmacy({ role })), role).toBe(false);
    expect(reducedMenuOn(none, pharmacy({ role: 'ROLE_SUPER_ADMIN' }))).toBe(false);
    expect(reducedMenuOn(none, pharmacy({ erpType: 'eczanem' }))).toBe(false);
  });

  it('follows the person’s own choice, by login', () => {
    const settings = { reducedMenu: { kalfa: false, eczaci: true } };
    expect(reducedMenuOn(settings, pharmacy())).toBe(false);
    expect(reducedMenuOn(settings, pharmacy({ login: 'eczaci', role: 'Firma Sahibi' }))).toBe(true);
    expect(reducedMenuOn(settings, pharmacy({ login: 'eczaci', erpType: 'ECZANEM' }))).toBe(true);
    expect(reducedMenuOn(settings, pharmacy({ login: 'diger' }))).toBe(true);
  });
});

describe('the reduced pharmacy menu in the shell', () => {
  it('shows only the flagged pages; groups left without pages disappear', async () => {
    const { nav } = await shell();
    expect(items(nav)).toEqual(['Reçeteli Satış', 'Ana Sayfa', 'Müşteriler', 'Kullanıcı Ayarları']);
    expect(groups(nav)).toEqual(['Cari Hesaplar', 'Ayarlar']);
    expect(within(nav).queryByText('Finans')).not.toBeInTheDocument();
    expect(within(nav).queryByText('Tedarikçiler')).not.toBeInTheDocument();
  });

  it('does the same in the classic style (groups that open and close)', async () => {
    updateSettings({ menuStyle: 'classic' });
    const server = fakeServer();
    server.setAccount(account({ role: STAFF, roles: [STAFF] }));
    await renderWorkbench({ plugins: [plugin], path: '/customer', server, signedIn: true });
    const nav = await screen.findByRole('navigation', { name: 'Ana menü' });
    expect(within(nav).getAllByRole('button').map((b) => b.textContent).filter(Boolean)).toEqual(['Cari Hesaplar', 'Ayarlar']);
    expect(items(nav)).toEqual(['Reçeteli Satış', 'Ana Sayfa', 'Müşteriler']);
  });

  it('shows the full menu to the owner', async () => {
    const { nav } = await shell({ role: 'Firma Sahibi', roles: ['Firma Sahibi'] });
    expect(groups(nav)).toEqual(['Cari Hesaplar', 'Finans', 'Ayarlar']);
    expect(within(nav).queryByText('Vergi Ayarları')).not.toBeInTheDocument();
    expect(items(nav)).toContain('Kasa');
    expect(items(nav)).toContain('Etiket Ayarları');
  });

  it('keeps the gates: a default-theme page shows in the default theme only', async () => {
    updateSettings({ theme: Theme.DEFAULT });
    const { nav } = await shell();
    expect(items(nav)).toEqual(['Ana Sayfa', 'Müşteriler', 'Kullanıcı Ayarları', 'Vergi Ayarları']);
  });

  it('is turned off and on from the user menu ("Sade menü"), remembered for that login', async () => {
    const { nav, user } = await shell();
    await user.click(screen.getByRole('button', { name: 'Kullanıcı menüsü' }));
    const toggle = await screen.findByRole('menuitemcheckbox', { name: 'Sade menü' });
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    await user.click(toggle);
    await waitFor(() => expect(within(nav).getByText('Finans')).toBeInTheDocument());
    expect(items(nav)).toContain('Tedarikçiler');
    expect(getSettings().reducedMenu).toEqual({ eczaci: false });
    expect(JSON.parse(localStorage.getItem('tezgah.settings')!).reducedMenu).toEqual({ eczaci: false });
    expect(screen.getByRole('menuitemcheckbox', { name: 'Sade menü' })).toHaveAttribute('aria-checked', 'false');
    await user.click(screen.getByRole('menuitemcheckbox', { name: 'Sade menü' }));
    await waitFor(() => expect(within(nav).queryByText('Finans')).not.toBeInTheDocument());
    expect(getSettings().reducedMenu).toEqual({ eczaci: true });
  });

  it('starts from the remembered choice', async () => {
    updateSettings({ reducedMenu: { eczaci: false } });
    const { nav } = await shell();
    expect(within(nav).getByText('Finans')).toBeInTheDocument();
  });

  it('is not offered outside the pharmacy sector, where the menu stays full', async () => {
    const base = account();
    const { nav, user } = await shell({ company: { ...base.company, sectorKey: 'GEN' } });
    expect(within(nav).getByText('Finans')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Kullanıcı menüsü' }));
    await screen.findByRole('menuitem', { name: 'Çıkış' });
    expect(screen.queryByRole('menuitemcheckbox', { name: 'Sade menü' })).not.toBeInTheDocument();
  });

  it('is a menu choice, not a permission: hidden pages open by URL and through the page finder', async () => {
    const { nav, user } = await shell({}, '/safe');
    expect(await screen.findByText('Kasa listesi')).toBeInTheDocument();
    expect(within(nav).queryByText('Kasa')).not.toBeInTheDocument();
    await user.type(screen.getByRole('combobox', { name: 'Sayfa ara...' }), 'banka');
    const listbox = await screen.findByRole('listbox', { name: 'Sayfa ara...' });
    expect(within(listbox).getAllByRole('option').map((o) => o.textContent)).toEqual(['BankaFinans']);
  });
});
