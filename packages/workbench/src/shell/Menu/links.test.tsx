import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { defineWebPlugin } from '@tezgah/core';
import { renderWorkbench } from '../../../test/render';
import { account, fakeServer } from '../../../test/fake-server';
import { updateSettings } from '../../settings/settings';

const page = (text: string) => async () => ({ default: () => <p>{text}</p> });
/** How many times each page's code was asked for. */
const asked: Record<string, number> = {};
const counted = (route: string, text: string) => async () => {
  asked[route] = (asked[route] ?? 0) + 1;
  return { default: () => <p>{text}</p> };
};
/** A page at the top and a group with two pages. */
const plugin = defineWebPlugin({
  id: 'links',
  title: 'Links',
  menu: [
    { id: 'agenda', title: 'Ajanda', route: '/agenda', order: 1 },
    { id: 'stock', title: 'Stok', order: 2, children: [
      { id: 'products', title: 'Ürünler', route: '/product', order: 1 },
      { id: 'warehouses', title: 'Depolar', route: '/warehouse', order: 2 },
      { id: 'counts', title: 'Sayımlar', route: '/count', order: 3 },
    ] },
  ],
  routes: [{ path: '/agenda' }, { path: '/product' }, { path: '/warehouse' }, { path: '/count' }],
  load: { routes: { '/agenda': page('Ajanda sayfası'), '/product': page('Ürün sayfası'), '/warehouse': page('Depo sayfası'), '/count': counted('/count', 'Sayım sayfası') } },
});

async function open(path: string, style: 'classic' | 'simply' | 'flyout' = 'classic') {
  updateSettings({ menuStyle: style });
  const server = fakeServer();
  server.setAccount(account({ codes: [] }));
  await renderWorkbench({ plugins: [plugin], path, server, signedIn: true });
}

const nav = () => screen.findByRole('navigation', { name: 'Ana menü' });

/** The anchor behind a Blueprint menu item or button. */
function anchor(el: HTMLElement): HTMLAnchorElement {
  const a = el.closest('a') ?? el.querySelector('a');
  if (!a) throw new Error(`no link in ${el.outerHTML}`);
  return a as HTMLAnchorElement;
}

describe('menu entries and breadcrumbs are links', () => {
  it('gives every page of the classic menu an href; a plain click moves through the router', async () => {
    // The group holding the current page starts open.
    await open('/warehouse');
    const menu = await nav();
    expect(await screen.findByText('Depo sayfası')).toBeInTheDocument();
    expect(anchor(within(menu).getByRole('menuitem', { name: 'Ajanda' })).getAttribute('href')).toBe('/agenda');
    expect(anchor(within(menu).getByRole('menuitem', { name: 'Ürünler' })).getAttribute('href')).toBe('/product');
    expect(anchor(within(menu).getByRole('menuitem', { name: 'Depolar' })).getAttribute('href')).toBe('/warehouse');
    // The plain click was taken by the router (jsdom would otherwise not navigate at all).
    const plain = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    anchor(within(menu).getByRole('menuitem', { name: 'Ürünler' })).dispatchEvent(plain);
    expect(plain.defaultPrevented).toBe(true);
    expect(await screen.findByText('Ürün sayfası')).toBeInTheDocument();
  });

  it('leaves ctrl, cmd and shift clicks to the browser (a new tab): the page stays', async () => {
    await open('/product');
    const menu = await nav();
    expect(await screen.findByText('Ürün sayfası')).toBeInTheDocument();
    const link = anchor(within(menu).getByRole('menuitem', { name: 'Depolar' }));
    for (const key of ['ctrlKey', 'metaKey', 'shiftKey'] as const) {
      const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, [key]: true });
      link.dispatchEvent(click);
      expect(click.defaultPrevented).toBe(false);
    }
    expect(screen.getByText('Ürün sayfası')).toBeInTheDocument();
    expect(screen.queryByText('Depo sayfası')).not.toBeInTheDocument();
  });

  it('makes the simply menu and the flyout menu links too', async () => {
    await open('/agenda', 'simply');
    expect(anchor(within(await nav()).getByRole('menuitem', { name: 'Depolar' })).getAttribute('href')).toBe('/warehouse');
    document.body.innerHTML = '';
    await open('/agenda', 'flyout');
    const flyout = await nav();
    expect(anchor(within(flyout).getByText('Ajanda')).getAttribute('href')).toBe('/agenda');
    const user = userEvent.setup();
    await user.hover(within(flyout).getByRole('button', { name: 'Stok' }));
    const item = await screen.findByRole('menuitem', { name: 'Ürünler' });
    expect(anchor(item).getAttribute('href')).toBe('/product');
    await user.click(item);
    expect(await screen.findByText('Ürün sayfası')).toBeInTheDocument();
  });

  it('links every breadcrumb that names another page, and the home crumb', async () => {
    await open('/product');
    const bar = await screen.findByRole('region', { name: 'Sayfa başlığı' });
    await screen.findByText('Ürün sayfası');
    const home = within(bar).getByText('Ana Sayfa').closest('a')!;
    expect(home.getAttribute('href')).toBe('/');
    // The current page is the last crumb: text, not a link.
    expect(within(bar).getByText('Ürünler').closest('a')?.getAttribute('href') ?? null).toBeNull();
  });

  it('links favourites', async () => {
    updateSettings({ favourites: ['/warehouse'] });
    await open('/agenda');
    await nav();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Favoriler' }));
    const fav = await screen.findByRole('menuitem', { name: /Depolar/ });
    expect(anchor(fav).getAttribute('href')).toBe('/warehouse');
    fireEvent.click(anchor(fav));
    await waitFor(() => expect(screen.getByText('Depo sayfası')).toBeInTheDocument());
  });

  it('starts loading a page\'s code when the pointer rests on its entry, once; the click draws it with that code', async () => {
    // The group holding the current page starts open.
    await open('/product');
    const menu = await nav();
    await screen.findByText('Ürün sayfası');
    const user = userEvent.setup();
    expect(asked['/count']).toBeUndefined();
    const entry = anchor(await within(menu).findByRole('menuitem', { name: 'Sayımlar' }));
    await user.hover(entry);
    expect(asked['/count']).toBe(1);
    await user.unhover(entry);
    await user.hover(entry);
    expect(asked['/count']).toBe(1);
    expect(screen.queryByText('Sayım sayfası')).toBeNull();
    await user.click(entry);
    expect(await screen.findByText('Sayım sayfası')).toBeInTheDocument();
    expect(asked['/count']).toBe(1);
  });
});
