import { useEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Dialog } from '@blueprintjs/core';
import { defineWebPlugin } from '@tezgah/core';
import { renderWorkbench } from '../../test/render';
import { account, fakeServer, json, problem, token } from '../../test/fake-server';

const stock = defineWebPlugin({
  id: 'stock-test',
  title: 'Stock',
  menu: [{ id: 'stock', title: 'Stok', order: 50, children: [{ id: 'products', title: 'Ürünler', route: '/product', module: 13, icon: 'box', addButton: { module: 13, action: 2 } }] }],
  routes: [{ path: '/product', module: 13 }],
  load: { routes: { '/product': async () => ({ default: () => <p>Ürün listesi</p> }) } },
});
const dialogs = defineWebPlugin({
  id: 'dialog-test',
  title: 'Dialogs',
  menu: [{ id: 'dialogs', title: 'Pencere', route: '/dialog', order: 20 }],
  routes: [{ path: '/dialog' }],
  load: { routes: { '/dialog': async () => ({ default: () => <Dialog isOpen title="Bir pencere" onClose={() => {}}><p>İçerik</p></Dialog> }) } },
});
const home = defineWebPlugin({
  id: 'home-test',
  title: 'Home',
  menu: [{ id: 'home', title: 'Ana Sayfa', route: '/summary', order: 10 }],
  routes: [{ path: '/summary' }],
  load: { routes: { '/summary': async () => ({ default: () => <p>Özet sayfası</p> }) } },
});

describe('the workbench shell', () => {
  it('sends an unauthenticated visitor on a main path to the sign-in page', async () => {
    await renderWorkbench({ plugins: [stock], path: '/product' });
    expect(await screen.findByRole('form', { name: 'Giriş' })).toBeInTheDocument();
  });

  it('names every dialog\'s close button in the session\'s language (Blueprint fixes it to "Close")', async () => {
    const s = fakeServer();
    s.setAccount(account({ codes: [] }));
    await renderWorkbench({ plugins: [dialogs], path: '/dialog', server: s, signedIn: true });
    const dialog = await screen.findByRole('dialog', { name: 'Bir pencere' });
    expect(await within(dialog).findByRole('button', { name: 'Pencereyi kapat' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Close' })).toBeNull();
  });

  it('sends unknown paths to /auth/404', async () => {
    const server = fakeServer();
    server.setAccount(account({ codes: ['13_1'] }));
    await renderWorkbench({ plugins: [stock], path: '/nothing-here', server, signedIn: true });
    expect(await screen.findByText('Sayfa bulunamadı')).toBeInTheDocument();
  });

  it('shows only the menu the authorities allow, and keeps a forbidden route closed', async () => {
    const server = fakeServer();
    server.setAccount(account({ codes: ['6_1'] }));
    await renderWorkbench({ plugins: [stock, home], path: '/product', server, signedIn: true });
    expect(await screen.findByText('Yetki Hatası')).toBeInTheDocument();
    expect(screen.queryByText('Ürün listesi')).not.toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Ürünler' })).not.toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Ana Sayfa' })).toBeInTheDocument();
  });

  it('loads a permitted route lazily, with the breadcrumb and the Add button its authority allows', async () => {
    const server = fakeServer();
    server.setAccount(account({ codes: ['13_1', '13_2'] }));
    await renderWorkbench({ plugins: [stock, home], path: '/product', server, signedIn: true });
    expect(await screen.findByText('Ürün listesi')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ekle' })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Sayfa başlığı' })).getByText('Stok')).toBeInTheDocument();
  });

  it('signs in and lands on the first permitted menu item', async () => {
    const server = fakeServer();
    server.on('POST /api/authenticate', async (req) => {
      const body = await req.json();
      if (body.password !== 'demo1234') return problem(401, 'Giriş işlemi başarısız oldu', { code: 'BAD_CREDENTIALS' });
      server.setAccount(account({ codes: ['13_1'] }));
      const tok = token({ cid: 2 });
      return json({ id_token: tok }, { headers: { authorization: `Bearer ${tok}` } });
    });
    await renderWorkbench({ plugins: [stock], path: '/auth/login', server });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Kullanıcı adı / T.C. kimlik no'), 'eczaci');
    await user.type(screen.getByLabelText('Şifre'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Giriş yap' }));
    expect(await screen.findByText('Lütfen kullanıcı bilgilerinizi kontrol edip tekrar deneyiniz.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Şifre'));
    await user.type(screen.getByLabelText('Şifre'), 'demo1234');
    await user.click(screen.getByRole('button', { name: 'Giriş yap' }));
    expect(await screen.findByText('Ürün listesi')).toBeInTheDocument();
    await waitFor(() => expect(server.requests.some((r) => r.path === '/api/account')).toBe(true));
  });
});

describe('notices and pages', () => {
  it('takes a page\'s errors and warnings down when the person goes to another page; a success notice runs its time', async () => {
    const failing = defineWebPlugin({
      id: 'failing-test',
      title: 'Failing',
      menu: [{ id: 'report', title: 'Rapor', route: '/sales-cancel-report', order: 20 }],
      routes: [{ path: '/sales-cancel-report' }],
      load: {
        routes: {
          '/sales-cancel-report': async () => ({
            default: ({ host }: { host: { notify: { error(t: string, d?: string): void; warning(m: string): void; success(m: string): void } } }) => {
              useEffect(() => {
                host.notify.error('HATALI', 'Verilen tarih aralığında fatura bulunamadı');
                host.notify.warning('Tarih aralığı geniş');
                host.notify.success('Kaydedildi');
              }, [host]);
              return <p>İptal raporu</p>;
            },
          }),
        },
      },
    });
    const server = fakeServer();
    server.setAccount(account({ codes: [] }));
    const { toasts } = await renderWorkbench({ plugins: [home, failing], path: '/sales-cancel-report', server, signedIn: true });
    expect(await screen.findByText('İptal raporu')).toBeInTheDocument();
    await waitFor(() => expect(toasts.shown).toHaveLength(3));
    expect(toasts.dismissed).toEqual([]);
    await userEvent.setup().click(screen.getByRole('menuitem', { name: 'Ana Sayfa' }));
    expect(await screen.findByText('Özet sayfası')).toBeInTheDocument();
    await waitFor(() => expect(toasts.dismissed).toEqual(['HATALI — Verilen tarih aralığında fatura bulunamadı', 'UYARI — Tarih aralığı geniş']));
  });
});

describe('after sign-in', () => {
  it('returns to the page the visitor was sent away from', async () => {
    const server = fakeServer();
    server.on('POST /api/authenticate', async () => {
      server.setAccount(account({ codes: ['13_1'] }));
      const tok = token({ cid: 2 });
      return json({ id_token: tok }, { headers: { authorization: `Bearer ${tok}` } });
    });
    await renderWorkbench({ plugins: [home, stock], path: '/product', server });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Kullanıcı adı / T.C. kimlik no'), 'eczaci');
    await user.type(screen.getByLabelText('Şifre'), 'demo1234');
    await user.click(screen.getByRole('button', { name: 'Giriş yap' }));
    expect(await screen.findByText('Ürün listesi')).toBeInTheDocument();
  });
});

describe('the lock screen', () => {
  it('is one click away in the user menu and asks the signed-in user for the password', async () => {
    const server = fakeServer();
    server.setAccount(account({ codes: [] }));
    await renderWorkbench({ plugins: [home], path: '/summary', server, signedIn: true });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Kullanıcı menüsü' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Ekranı kilitle' }));
    expect(await screen.findByText(/Elif Eczacı/)).toBeInTheDocument();
    expect(screen.getByLabelText('Şifre')).toBeInTheDocument();
    expect(server.requests.some((r) => r.method === 'POST' && r.path === '/api/account/lock')).toBe(true);
  });

  it('stays on every path of a locked session (as after a reload) and unlocking goes back to the page', async () => {
    sessionStorage.clear();
    const server = fakeServer();
    server.setAccount(account({ codes: [], locked: true }));
    await renderWorkbench({ plugins: [home], path: '/summary', server, signedIn: true });
    expect(await screen.findByRole('form', { name: 'Ekran kilitli' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Ana menü' })).not.toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Şifre'), 'demo1234');
    await user.click(screen.getByRole('button', { name: 'Kilidi aç' }));
    expect(await screen.findByRole('navigation', { name: 'Ana menü' })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Ekran kilitli' })).not.toBeInTheDocument();
    expect(await screen.findByText('Özet sayfası')).toBeInTheDocument();
    // The session was locked already: the screen did not lock it again.
    expect(server.requests.some((r) => r.path === '/api/account/lock')).toBe(false);
  });
});

describe('pattern routes', () => {
  it('opens a detail page with its parameter, under its list\'s menu entry and gate', async () => {
    const detail = defineWebPlugin({
      id: 'detail-test', title: 'Detail',
      menu: [{ id: 'products', title: 'Ürünler', route: '/product', module: 13 }],
      routes: [{ path: '/product', module: 13 }, { path: '/product/:id', module: 13 }],
      load: { routes: {
        '/product': async () => ({ default: () => <p>Liste</p> }),
        '/product/:id': async () => ({ default: ({ params }: { params?: Record<string, string> }) => <p>Ürün #{params?.id}</p> }),
      } },
    });
    const server = fakeServer();
    server.setAccount(account({ codes: ['13_1'] }));
    await renderWorkbench({ plugins: [detail], path: '/product/42', server, signedIn: true });
    expect(await screen.findByText('Ürün #42')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Sayfa başlığı' })).getByText('Ürünler')).toBeInTheDocument();
  });
});

describe('menu wording by sector', () => {
  const words = defineWebPlugin({
    id: 'words', title: 'Words',
    menu: [{ id: 'customer', title: 'Müşteriler', titleKey: 'words:customer', route: '/customer' }],
    routes: [{ path: '/customer' }],
    load: { routes: { '/customer': async () => ({ default: () => <p>Cari liste</p> }) } },
    messages: { tr: { customer: 'Müşteriler', customer_ECZ: 'Hastalar' } },
  });
  it('calls customers patients in a pharmacy, and customers elsewhere', async () => {
    const pharmacy = fakeServer();
    pharmacy.setAccount(account({ codes: [] }));
    const first = await renderWorkbench({ plugins: [words], path: '/customer', server: pharmacy, signedIn: true });
    expect(await screen.findByRole('menuitem', { name: 'Hastalar' })).toBeInTheDocument();
    first.unmount();
    const general = fakeServer();
    const a = account({ codes: [] });
    general.setAccount({ ...a, company: { ...a.company, name: 'Demo Ticaret A.Ş.', sectorKey: 'GEN' } });
    await renderWorkbench({ plugins: [words], path: '/customer', server: general, signedIn: true });
    expect(await screen.findByRole('menuitem', { name: 'Müşteriler' })).toBeInTheDocument();
  });
  it('says when a paste is cut at a field\'s length limit, on any plugin\'s form', async () => {
    const form = defineWebPlugin({
      id: 'paste-test', title: 'Paste',
      menu: [{ id: 'home', title: 'Ana Sayfa', route: '/summary', order: 10 }],
      routes: [{ path: '/summary' }],
      load: { routes: { '/summary': async () => ({ default: () => <label>Kod <input maxLength={5} defaultValue="" /></label> }) } },
    });
    const server = fakeServer();
    server.setAccount(account({ codes: ['13_1'] }));
    const { toasts } = await renderWorkbench({ plugins: [form], path: '/summary', server, signedIn: true });
    const input = await screen.findByLabelText('Kod', {}, { timeout: 5000 });
    const user = userEvent.setup();
    await user.click(input);
    await user.paste('ABC');
    expect(toasts.shown).toEqual([]);
    await user.paste('DEFGH');
    await waitFor(() => expect(toasts.shown.map((x) => x.message)).toEqual(['UYARI — Bu alan en fazla 5 karakter alır; yapıştırılan metnin son 3 karakteri alınmadı.']));
  });
});
