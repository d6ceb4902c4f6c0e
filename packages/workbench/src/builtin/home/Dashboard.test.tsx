import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { defineWebPlugin } from '@tezgah/core';
import { renderWorkbench } from '../../../test/render';
import { account, fakeServer } from '../../../test/fake-server';
import { homePlugin } from './plugin';

const widgets = defineWebPlugin({
  id: 'widgets-test',
  title: 'Widgets',
  widgets: [
    { id: 'stock-low', title: 'Kritik stok', module: 13 },
    { id: 'sales-today', title: 'Bugünkü satış', module: 11, actions: [1] },
    { id: 'open', title: 'Duyurular' },
  ],
  load: {
    widgets: {
      'stock-low': async () => ({ default: () => <p>3 ürün kritik seviyede</p> }),
      'sales-today': async () => ({ default: () => <p>12.450,00 ₺</p> }),
      open: async () => ({ default: ({ host }: { host: { session: { login: string } | null } }) => <p>Merhaba {host.session?.login}</p> }),
    },
  },
});

describe('home dashboard', () => {
  it('lays out the widgets the session may see, each with the host', async () => {
    const server = fakeServer();
    server.setAccount(account({ codes: ['13_1'] }));
    await renderWorkbench({ plugins: [homePlugin, widgets], path: '/summary', server, signedIn: true });
    expect(await screen.findByText('3 ürün kritik seviyede')).toBeInTheDocument();
    expect(await screen.findByText('Merhaba eczaci')).toBeInTheDocument();
    expect(screen.queryByText('Bugünkü satış')).not.toBeInTheDocument();
    const card = screen.getByLabelText('Kritik stok');
    expect(within(card).getByText('Kritik stok')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Hoş geldiniz, Elif Eczacı' })).toBeInTheDocument();
  });

  it('says so when there is nothing to show', async () => {
    const server = fakeServer();
    server.setAccount(account({ codes: [] }));
    await renderWorkbench({ plugins: [homePlugin], path: '/summary', server, signedIn: true });
    expect(await screen.findByText('Bu sayfada gösterilecek pano bileşeni yok.')).toBeInTheDocument();
  });

  it('keeps the shell standing when a widget fails to load', async () => {
    const broken = defineWebPlugin({
      id: 'broken', title: 'Broken', widgets: [{ id: 'bad', title: 'Bozuk' }],
      load: { widgets: { bad: async () => { throw new Error('chunk missing'); } } },
    });
    const server = fakeServer();
    server.setAccount(account({ codes: [] }));
    const err = console.error;
    console.error = () => {};
    try {
      await renderWorkbench({ plugins: [homePlugin, broken], path: '/summary', server, signedIn: true });
      expect(await screen.findByText('Bu bölüm yüklenemedi.')).toBeInTheDocument();
      expect(screen.getByRole('heading', { name: /Hoş geldiniz/ })).toBeInTheDocument();
    } finally {
      console.error = err;
    }
  });
});
