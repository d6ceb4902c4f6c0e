import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { validateWebPlugin } from '@tezgah/core';
import management from './index';
import { account, fakeServer, json, manager, renderWorkbench } from './testing';

async function group(name: string) {
  const nav = await screen.findByRole('navigation', { name: /Ana menü|Main menu/ });
  const toggle = within(nav).queryByRole('button', { name });
  if (toggle?.getAttribute('aria-expanded') === 'false') await userEvent.setup().click(toggle);
  return within(await within(nav).findByRole('group', { name }));
}

describe('the management plugin', () => {
  it('is a valid web plugin', () => {
    expect(validateWebPlugin(management)).toEqual([]);
    expect(management.menu[0]).toMatchObject({ id: 'management', title: 'Yönetim', icon: 'shield', order: 950, module: 1000 });
  });

  it('shows the Management menu to management users only', async () => {
    const s = fakeServer();
    s.setAccount(manager());
    s.on('GET /services/onmuhasebe/api/companies', () => json([], { total: 0 }));
    await renderWorkbench({ plugins: [management], path: '/user-management', server: s, signedIn: true });
    const menu = await group('Yönetim');
    expect(menu.getByRole('menuitem', { name: 'Şirket Yönetimi' })).toBeInTheDocument();
    expect(menu.getByRole('menuitem', { name: 'Kullanıcı Yönetimi' })).toBeInTheDocument();
  });

  it('keeps company owners out', async () => {
    const s = fakeServer();
    s.setAccount(account({ codes: ['17_1', '21_1', '21_2', '21_3'] }));
    await renderWorkbench({ plugins: [management], path: '/company-management', server: s, signedIn: true });
    expect(await screen.findByText('Yetki Hatası')).toBeInTheDocument();
    const nav = await screen.findByRole('navigation', { name: /Ana menü|Main menu/ });
    expect(within(nav).queryByRole('button', { name: 'Yönetim' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('menuitem', { name: 'Şirket Yönetimi' })).not.toBeInTheDocument();
  });
});
