import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { validateWebPlugin } from '@tezgah/core';
import settings from './index';
import { account, fakeServer, json, renderWorkbench, updateSettings } from './testing';

const general = { id: 2, name: 'Demo Ticaret A.Ş.', sectorId: 2, sectorKey: 'GEN', companyProfile: { erpType: 'STANDARD', itsUsername: null, announcementId: null } };

function server(codes: string[], sector: 'ECZ' | 'GEN' = 'GEN') {
  const s = fakeServer();
  s.setAccount(account({ codes, ...(sector === 'GEN' ? { company: general } : {}) }));
  s.on('GET /services/onmuhasebe/api/companies/{id}', () => json({}));
  return s;
}

const menu = () => screen.findByRole('navigation', { name: /Ana menü|Main menu/ });

/** The entries of a menu group, opened first if the sidebar shows it closed. */
async function group(nav: HTMLElement, name: string) {
  const toggle = within(nav).queryByRole('button', { name });
  if (toggle?.getAttribute('aria-expanded') === 'false') await userEvent.setup().click(toggle);
  return within(await within(nav).findByRole('group', { name }));
}

describe('the settings plugin', () => {
  it('is a valid web plugin', () => {
    expect(validateWebPlugin(settings)).toEqual([]);
    expect(settings.menu[0]).toMatchObject({ id: 'settings', title: 'Ayarlar', icon: 'cog', order: 900 });
  });

  it('hides User settings from a user without module 17 (and keeps the page closed)', async () => {
    await renderWorkbench({ plugins: [settings], path: '/user-settings', server: server(['21_1', '20_1']), signedIn: true });
    expect(await screen.findByText('Yetki Hatası')).toBeInTheDocument();
    const settingsGroup = await group(await menu(), 'Ayarlar');
    expect(settingsGroup.getByRole('menuitem', { name: 'Şirket Ayarları' })).toBeInTheDocument();
    expect(settingsGroup.getByRole('menuitem', { name: 'Roller' })).toBeInTheDocument();
    expect(settingsGroup.queryByRole('menuitem', { name: 'Kullanıcı Ayarları' })).not.toBeInTheDocument();
  });

  it('shows User settings with module 17, and Roles only in the default theme', async () => {
    await renderWorkbench({ plugins: [settings], path: '/company-settings', server: server(['17_1', '20_1'], 'ECZ'), signedIn: true });
    const settingsGroup = await group(await menu(), 'Ayarlar');
    expect(settingsGroup.getByRole('menuitem', { name: 'Kullanıcı Ayarları' })).toBeInTheDocument();
    // A pharmacy company's theme is 'pharmacy': the default-theme-only Roles entry is hidden.
    expect(settingsGroup.queryByRole('menuitem', { name: 'Roller' })).not.toBeInTheDocument();
    expect(settingsGroup.queryByRole('menuitem', { name: 'Şirket Ayarları' })).not.toBeInTheDocument();
  });

  it('has English titles', async () => {
    updateSettings({ language: 'en' });
    await renderWorkbench({ plugins: [settings], path: '/user-settings', server: server(['17_1']), signedIn: true, language: 'en' });
    const settingsGroup = await group(await menu(), 'Settings');
    expect(settingsGroup.getByRole('menuitem', { name: 'User settings' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'User settings' })).toBeInTheDocument();
  });
});
