import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { defineWebPlugin, type WebPlugin } from '@tezgah/core';
import { renderWorkbench } from '../../../test/render';
import { account, fakeServer } from '../../../test/fake-server';
import { demoPlugin } from '../../stories/demo/demoPlugin';
import { addTarget } from './SubBar';

async function subBarAt(path: string, codes: string[], over: Parameters<typeof account>[0] = {}, plugins: WebPlugin[] = [demoPlugin]) {
  const server = fakeServer();
  server.setAccount(account({ codes, ...over }));
  await renderWorkbench({ plugins, path, server, signedIn: true });
  return screen.findByRole('region', { name: 'Sayfa başlığı' });
}

/** Home and the prescription sale, each with an Add button declared (the sub-bar must still omit it). */
const withAddEverywhere = defineWebPlugin({
  id: 'everywhere',
  title: 'Everywhere',
  menu: [
    { id: 'home', title: 'Ana Sayfa', route: '/summary', addButton: { module: 13, action: 2 } },
    { id: 'sale', title: 'Reçeteli Satış', route: '/pharmacy-sale', addButton: { module: 13, action: 2 } },
    { id: 'product', title: 'Ürünler', route: '/product', addButton: { module: 13, action: 2, route: '/product/new' } },
  ],
  routes: [{ path: '/summary' }, { path: '/pharmacy-sale' }, { path: '/product' }],
  load: { routes: { '/summary': async () => ({ default: () => <p>Özet</p> }), '/pharmacy-sale': async () => ({ default: () => <p>Satış</p> }), '/product': async () => ({ default: () => <p>Ürün listesi</p> }) } },
});

describe('sub-bar', () => {
  it('shows the breadcrumb of the menu trail', async () => {
    const bar = await subBarAt('/product', ['13_1']);
    const crumbs = within(bar).getByRole('navigation');
    expect(within(crumbs).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Ana Sayfa', 'Stok', 'Ürünler']);
  });

  it('shows Add with the create action on the page module', async () => {
    const bar = await subBarAt('/product', ['13_1', '13_2']);
    expect(within(bar).getByRole('button', { name: 'Ekle' })).toBeInTheDocument();
  });

  it('hides Add without the create action', async () => {
    const bar = await subBarAt('/product', ['13_1', '13_3', '6_2']);
    expect(within(bar).queryByRole('button', { name: 'Ekle' })).not.toBeInTheDocument();
  });

  it('omits Add on /summary and /pharmacy-sale even when declared', async () => {
    for (const path of ['/summary', '/pharmacy-sale']) {
      const bar = await subBarAt(path, ['13_2'], {}, [withAddEverywhere]);
      expect(within(bar).queryByRole('button', { name: /Ekle/ })).not.toBeInTheDocument();
      document.body.innerHTML = '';
    }
    const bar = await subBarAt('/product', ['13_2'], {}, [withAddEverywhere]);
    expect(within(bar).getByRole('button', { name: 'Ekle' })).toBeInTheDocument();
  });

  it('offers no Add on a page the user may not open (beside \'Yetki Hatası\')', async () => {
    const gated = defineWebPlugin({
      id: 'gated',
      title: 'Gated',
      menu: [{ id: 'agenda', title: 'Ajanda', route: '/agenda', module: 40, addButton: { module: 13, action: 2 } }],
      routes: [{ path: '/agenda', module: 40 }],
      load: { routes: { '/agenda': async () => ({ default: () => <p>Ajanda</p> }) } },
    });
    const bar = await subBarAt('/agenda', ['13_1', '13_2'], {}, [gated]);
    expect(await screen.findByText('Yetki Hatası')).toBeInTheDocument();
    expect(within(bar).queryByRole('button', { name: /Ekle/ })).not.toBeInTheDocument();
    document.body.innerHTML = '';
    const open = await subBarAt('/agenda', ['40_1', '13_2'], {}, [gated]);
    expect(within(open).getByRole('button', { name: 'Ekle' })).toBeInTheDocument();
  });

  it('gives a super admin an extra Add button', async () => {
    const bar = await subBarAt('/product', ['13_1', '13_2'], { allCompanyCodes: ['101_1'] });
    expect(within(bar).getByRole('button', { name: 'Ekle' })).toBeInTheDocument();
    expect(within(bar).getByRole('button', { name: 'Ekle (süper yönetici)' })).toBeInTheDocument();
  });

  it('opens the add route of the entry', async () => {
    const bar = await subBarAt('/product', ['13_1', '13_2'], {}, [withAddEverywhere]);
    await userEvent.setup().click(within(bar).getByRole('button', { name: 'Ekle' }));
    expect(await screen.findByText('Sayfa bulunamadı')).toBeInTheDocument();
  });

  it('builds the add target from the entry', () => {
    expect(addTarget({ id: 'p', title: 'P', addButton: { module: 13, action: 2 } }, '/product')).toBe('/product?new=1');
    expect(addTarget({ id: 'p', title: 'P', addButton: { module: 13, action: 2, route: '/product/new' } }, '/product', 'superAdmin=1')).toBe('/product/new?superAdmin=1');
  });
});
