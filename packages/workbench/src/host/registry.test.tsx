import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { defineWebPlugin, type WebPlugin } from '@tezgah/core';
import { renderWorkbench } from '../../test/render';
import { account, fakeServer, json, token } from '../../test/fake-server';
import { createI18n, addPluginTexts } from '../i18n';
import { deferredRegistry } from './registry';

const stock = defineWebPlugin({
  id: 'stock-later',
  title: 'Stock',
  messages: { tr: { title: 'Stok listesi' }, en: { title: 'Stock list' } },
  menu: [{ id: 'stock', title: 'Stok', order: 50, children: [{ id: 'products', title: 'Ürünler', route: '/product', module: 13 }] }],
  routes: [{ path: '/product', module: 13 }],
  load: { routes: { '/product': async () => ({ default: () => <p>Ürün listesi</p> }) } },
});

describe('a deferred registry', () => {
  it('has only what it starts with until ready() brings the rest in, once, texts included', async () => {
    let calls = 0;
    const i18n = await createI18n('tr');
    const registry = deferredRegistry([], async () => { calls++; return [stock]; }, (added) => addPluginTexts(i18n, added));
    expect(calls).toBe(0);
    expect(registry.route('/product')).toBeUndefined();
    expect(registry.plugins).toEqual([]);
    const before = registry.plugins;
    await Promise.all([registry.ready!(), registry.ready!()]);
    await registry.ready!();
    expect(calls).toBe(1);
    expect(registry.route('/product')?.pluginId).toBe('stock-later');
    expect(registry.trail('/product').map((e) => e.id)).toEqual(['stock', 'products']);
    expect(registry.plugins).not.toBe(before);
    expect(i18n.t('stock-later:title')).toBe('Stok listesi');
  });

  it('tries again on the next call when loading failed', async () => {
    let calls = 0;
    const registry = deferredRegistry([], async (): Promise<WebPlugin[]> => {
      calls++;
      if (calls === 1) throw new Error('offline');
      return [stock];
    });
    const errors = console.error;
    console.error = () => {};
    try {
      await registry.ready!();
    } finally {
      console.error = errors;
    }
    expect(registry.route('/product')).toBeUndefined();
    await registry.ready!();
    expect(calls).toBe(2);
    expect(registry.route('/product')).toBeDefined();
  });
});

describe('the workbench with deferred plugins', () => {
  it('shows the sign-in page without them and has them by the first page after sign-in', async () => {
    const server = fakeServer();
    server.on('POST /api/authenticate', async () => {
      server.setAccount(account({ codes: ['13_1'] }));
      const tok = token({ cid: 2 });
      return json({ id_token: tok }, { headers: { authorization: `Bearer ${tok}` } });
    });
    const { registry } = await renderWorkbench({ plugins: [stock], path: '/auth/login', server, deferred: true });
    expect(await screen.findByRole('button', { name: 'Giriş yap' })).toBeInTheDocument();
    expect(registry.plugins).toEqual([]);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Kullanıcı adı / T.C. kimlik no'), 'eczaci');
    await user.type(screen.getByLabelText('Şifre'), 'demo1234');
    await user.click(screen.getByRole('button', { name: 'Giriş yap' }));
    expect(await screen.findByText('Ürün listesi')).toBeInTheDocument();
    expect(registry.plugins.map((p) => p.id)).toEqual(['stock-later']);
  });

  it('loads them before the first page when a session is already there (a reload)', async () => {
    const server = fakeServer();
    server.setAccount(account({ codes: ['13_1'] }));
    await renderWorkbench({ plugins: [stock], path: '/product', server, signedIn: true, deferred: true });
    expect(await screen.findByText('Ürün listesi')).toBeInTheDocument();
  });
});
