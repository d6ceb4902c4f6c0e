import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { defineWebPlugin, Theme } from '@tezgah/core';
import { renderWorkbench } from '../../../test/render';
import { account, fakeServer } from '../../../test/fake-server';
import { updateSettings } from '../../settings/settings';
import { demoPlugin } from '../../stories/demo/demoPlugin';

const page = async () => ({ default: () => <p>Sayfa</p> });
/** Top-level entries, each behind one gate of seeds 000 §6. */
const gated = defineWebPlugin({
  id: 'gated',
  title: 'Gated',
  menu: [
    { id: 'agenda', title: 'Ajanda', route: '/agenda', order: 1 },
    { id: 'products', title: 'Ürünler', route: '/product', module: 13, order: 2 },
    { id: 'pharmacy-only', title: 'Reçeteler', route: '/recete', themes: [Theme.PHARMACY, Theme.PHARMACY_LIGHT], order: 3 },
    { id: 'its', title: 'İlaç Takip', route: '/its', disabledForEczanem: true, order: 4 },
  ],
  routes: [{ path: '/agenda' }, { path: '/product', module: 13 }, { path: '/recete' }, { path: '/its' }],
  load: { routes: { '/agenda': page, '/product': page, '/recete': page, '/its': page } },
});

async function menuFor(opts: { codes?: string[]; allCompanyCodes?: string[]; erpType?: string; theme?: Theme }) {
  if (opts.theme) updateSettings({ theme: opts.theme });
  const server = fakeServer();
  const a = account({ codes: opts.codes ?? [], allCompanyCodes: opts.allCompanyCodes ?? [] });
  if (opts.erpType) a.company = { ...a.company, companyProfile: { ...a.company.companyProfile, erpType: opts.erpType } };
  server.setAccount(a);
  await renderWorkbench({ plugins: [gated], path: '/agenda', server, signedIn: true });
  return screen.findByRole('navigation', { name: 'Ana menü' });
}

describe('sidebar gating (seeds 000 §6)', () => {
  it('hides an item needing module 13 from a user without a 13_ authority', async () => {
    const nav = await menuFor({ codes: ['1_1', '131_1', '6_13'] });
    expect(within(nav).getByRole('menuitem', { name: 'Ajanda' })).toBeInTheDocument();
    expect(within(nav).queryByRole('menuitem', { name: 'Ürünler' })).not.toBeInTheDocument();
  });

  it('shows it with a 13_ authority for the current company', async () => {
    const nav = await menuFor({ codes: ['13_1'] });
    expect(within(nav).getByRole('menuitem', { name: 'Ürünler' })).toBeInTheDocument();
  });

  it('shows it with a 13_ authority for company 0 (every company)', async () => {
    const nav = await menuFor({ allCompanyCodes: ['13_4'] });
    expect(within(nav).getByRole('menuitem', { name: 'Ürünler' })).toBeInTheDocument();
  });

  it('hides an item whose themes do not include the active theme', async () => {
    const nav = await menuFor({ theme: Theme.DEFAULT });
    expect(within(nav).queryByRole('menuitem', { name: 'Reçeteler' })).not.toBeInTheDocument();
  });

  it('shows it in a listed theme (a pharmacy company defaults to the pharmacy theme)', async () => {
    const nav = await menuFor({});
    expect(within(nav).getByRole('menuitem', { name: 'Reçeteler' })).toBeInTheDocument();
  });

  it('hides items flagged disabledForEczanem for an ECZANEM company only', async () => {
    const eczanem = await menuFor({ erpType: 'ECZANEM' });
    expect(within(eczanem).queryByRole('menuitem', { name: 'İlaç Takip' })).not.toBeInTheDocument();
  });

  it('keeps items flagged disabledForEczanem for other ERP types', async () => {
    const medula = await menuFor({ erpType: 'MEDULA' });
    expect(within(medula).getByRole('menuitem', { name: 'İlaç Takip' })).toBeInTheDocument();
  });
});

describe('sidebar', () => {
  it('is 195 px wide, 74 px collapsed with the titles kept for screen readers', async () => {
    const server = fakeServer();
    server.setAccount(account({ codes: ['13_1'] }));
    await renderWorkbench({ plugins: [gated], path: '/agenda', server, signedIn: true });
    const nav = await screen.findByRole('navigation', { name: 'Ana menü' });
    expect(nav).toHaveStyle({ width: '195px' });
    await userEvent.setup().click(within(nav).getByRole('button', { name: 'Menüyü daralt' }));
    expect(nav).toHaveStyle({ width: '74px' });
    expect(nav).toHaveClass('tz-sidebar-collapsed');
    expect(within(nav).getByRole('menuitem', { name: 'Ürünler' })).toBeInTheDocument();
    expect(within(nav).getByRole('button', { name: 'Menüyü genişlet' })).toBeInTheDocument();
  });

  it('opens the group holding the current page and toggles the others', async () => {
    const server = fakeServer();
    server.setAccount(account({ codes: ['6_1', '13_1'] }));
    await renderWorkbench({ plugins: [demoPlugin], path: '/product', server, signedIn: true });
    const nav = await screen.findByRole('navigation', { name: 'Ana menü' });
    expect(within(nav).getByRole('button', { name: 'Stok' })).toHaveAttribute('aria-expanded', 'true');
    expect(within(nav).getByRole('menuitem', { name: 'Ürünler' })).toBeInTheDocument();
    const current = within(nav).getByRole('button', { name: 'Cari Hesaplar' });
    expect(current).toHaveAttribute('aria-expanded', 'false');
    expect(within(nav).queryByRole('menuitem', { name: 'Müşteriler' })).not.toBeInTheDocument();
    await userEvent.setup().click(current);
    expect(current).toHaveAttribute('aria-expanded', 'true');
    expect(await within(nav).findByRole('menuitem', { name: 'Müşteriler' })).toBeInTheDocument();
  });

  it('navigates on a click', async () => {
    const server = fakeServer();
    server.setAccount(account({ codes: ['13_1'] }));
    await renderWorkbench({ plugins: [demoPlugin], path: '/summary', server, signedIn: true });
    const nav = await screen.findByRole('navigation', { name: 'Ana menü' });
    const user = userEvent.setup();
    await user.click(within(nav).getByRole('button', { name: 'Stok' }));
    await user.click(await within(nav).findByRole('menuitem', { name: 'Ürünler' }));
    expect(await screen.findByText('Ürün listesi')).toBeInTheDocument();
  });

  it('lists every page under its group heading in the simply style', async () => {
    updateSettings({ menuStyle: 'simply' });
    const server = fakeServer();
    server.setAccount(account({ codes: ['6_1', '13_1'] }));
    await renderWorkbench({ plugins: [demoPlugin], path: '/summary', server, signedIn: true });
    const nav = await screen.findByRole('navigation', { name: 'Ana menü' });
    expect(nav).toHaveClass('tz-sidebar-simply');
    expect(within(nav).getByText('Cari Hesaplar')).toBeInTheDocument();
    expect(within(nav).getByRole('menuitem', { name: 'Müşteriler' })).toBeInTheDocument();
    expect(within(nav).getByRole('menuitem', { name: 'Ürünler' })).toBeInTheDocument();
    expect(within(nav).queryByRole('button', { name: 'Stok' })).not.toBeInTheDocument();
  });
});
