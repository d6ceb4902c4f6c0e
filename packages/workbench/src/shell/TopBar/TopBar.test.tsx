import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWorkbench } from '../../../test/render';
import { account, fakeServer, json, token, userCompanies } from '../../../test/fake-server';
import { getSettings, updateSettings } from '../../settings/settings';
import { demoPlugin } from '../../stories/demo/demoPlugin';

const CODES = ['6_1', '6_2', '13_1', '13_2', '29_1'];

async function signedIn(path: string, over: Parameters<typeof account>[0] = {}, companies?: ReturnType<typeof userCompanies>) {
  const server = fakeServer();
  server.setAccount(account({ codes: CODES, ...over }), companies);
  const view = await renderWorkbench({ plugins: [demoPlugin], path, server, signedIn: true });
  await screen.findByRole('navigation', { name: 'Ana menü' });
  return { ...view, user: userEvent.setup() };
}

describe('page finder', () => {
  it('offers the visible menu pages and opens the chosen one', async () => {
    const { user } = await signedIn('/summary');
    const input = screen.getByRole('combobox', { name: 'Sayfa ara...' });
    await user.type(input, 'ürün');
    const listbox = await screen.findByRole('listbox', { name: 'Sayfa ara...' });
    expect(within(listbox).getAllByRole('option').map((o) => o.textContent)).toEqual(['ÜrünlerStok']);
    // (jsdom loses a pointer click on a Suggest's option; the keyboard chooses the active one.)
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Ürün listesi')).toBeInTheDocument();
  });

  it('leaves out pages the session may not see', async () => {
    const { user } = await signedIn('/summary', { codes: ['6_1'] });
    await user.type(screen.getByRole('combobox', { name: 'Sayfa ara...' }), 'r');
    const listbox = await screen.findByRole('listbox', { name: 'Sayfa ara...' });
    expect(within(listbox).getByRole('option', { name: /Müşteriler/ })).toBeInTheDocument();
    expect(within(listbox).queryByRole('option', { name: /Ürünler/ })).not.toBeInTheDocument();
  });
});

describe('favourites', () => {
  it('stars the current page and keeps it in the settings', async () => {
    const { user } = await signedIn('/product');
    await user.click(screen.getByRole('button', { name: 'Favoriler' }));
    await user.click(await screen.findByRole('menuitem', { name: /Favorilere ekle/ }));
    expect(getSettings().favourites).toEqual(['/product']);
    expect(JSON.parse(localStorage.getItem('tezgah.settings')!).favourites).toEqual(['/product']);
  });

  it('refuses a fourth page with the seeds warning', async () => {
    updateSettings({ favourites: ['/summary', '/customer', '/agenda'] });
    const { user, toasts } = await signedIn('/product');
    await user.click(screen.getByRole('button', { name: 'Favoriler' }));
    expect(await screen.findByText('Favoriler (3/3)')).toBeInTheDocument();
    await user.click(screen.getByRole('menuitem', { name: /Favorilere ekle/ }));
    await waitFor(() => expect(toasts.shown.some((t) => String(t.message).includes('Favorilere en fazla 3 sayfa ekleyebilirsiniz'))).toBe(true));
    expect(getSettings().favourites).toEqual(['/summary', '/customer', '/agenda']);
  });

  it('unstars a starred page and opens a favourite', async () => {
    updateSettings({ favourites: ['/product', '/agenda'] });
    const { user } = await signedIn('/product');
    await user.click(screen.getByRole('button', { name: 'Favoriler' }));
    await user.click(await screen.findByRole('menuitem', { name: /Favorilerden çıkar/ }));
    expect(getSettings().favourites).toEqual(['/agenda']);
    await user.click(screen.getByRole('button', { name: 'Favoriler' }));
    const menus = await screen.findAllByRole('menu', { name: 'Favoriler' });
    await user.click(within(menus[menus.length - 1]!).getByRole('menuitem', { name: /Ajanda/ }));
    expect(await screen.findByRole('heading', { name: 'Ajanda' })).toBeInTheDocument();
  });
});

describe('company selector', () => {
  it('switches through POST /api/company-authenticate and lands on the new company’s page', async () => {
    const companies = userCompanies({ name: 'Demo Eczanesi' }, { name: 'Tezgah Ticaret', sectorKey: 'GENEL', erpType: 'STANDARD' });
    const server = fakeServer();
    const a = account({ codes: CODES });
    server.setAccount(a, companies);
    server.on('POST /api/company-authenticate', async (req) => {
      const { companyId } = await req.json();
      server.setAccount({ ...a, companyId, company: { ...a.company, id: companyId, name: 'Tezgah Ticaret', sectorKey: 'GENEL' } }, companies);
      return json({ id_token: token({ cid: companyId }) });
    });
    await renderWorkbench({ plugins: [demoPlugin], path: '/product', server, signedIn: true });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Şirket değiştir: Demo Eczanesi' }));
    const options = await screen.findByRole('listbox', { name: 'Şirket değiştir' });
    expect(within(options).getAllByRole('option').map((o) => o.textContent)).toEqual(['Demo EczanesiEczane', 'Tezgah Ticaret']);
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(server.requests.find((r) => r.method === 'POST' && r.path === '/api/company-authenticate')?.body).toEqual({ companyId: 3 }));
    expect(await screen.findByRole('heading', { name: 'Özet' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Şirket değiştir: Tezgah Ticaret' })).toBeInTheDocument();
  });

  it('shows the company name alone when there is only one', async () => {
    await signedIn('/summary');
    expect(screen.queryByRole('button', { name: /Şirket değiştir/ })).not.toBeInTheDocument();
    expect(screen.getByTitle('Şirket')).toHaveTextContent('Demo Eczanesi');
  });
});

describe('theme switch', () => {
  it('follows the sector until a theme is chosen, then keeps the choice', async () => {
    const { user, container } = await signedIn('/summary');
    const main = container.querySelector('.tz-main')!;
    expect(main).toHaveAttribute('data-theme', 'pharmacy');
    await user.click(screen.getByRole('button', { name: 'Tema' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Eczane (açık)' }));
    expect(getSettings().theme).toBe('pharmacy-light');
    await waitFor(() => expect(main).toHaveAttribute('data-theme', 'pharmacy-light'));
    expect(document.body.dataset.theme).toBe('pharmacy-light');
  });
});

describe('user menu', () => {
  it('logs out', async () => {
    const { user, server } = await signedIn('/summary');
    await user.click(screen.getByRole('button', { name: 'Kullanıcı menüsü' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Çıkış' }));
    expect(await screen.findByRole('form', { name: 'Giriş' })).toBeInTheDocument();
    expect(server.requests.some((r) => r.path === '/api/logout')).toBe(true);
  });

  it('shows the version info: the workbench version and the server version', async () => {
    const server = fakeServer();
    server.setAccount(account({ codes: CODES }));
    server.on('GET /api/version', () => json({ name: 'Tezgah', version: '9.8.7', apiVersion: '0.1.0', engine: 'pglite' }));
    await renderWorkbench({ plugins: [demoPlugin], path: '/summary', server, signedIn: true });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Kullanıcı menüsü' }));
    const { version } = (await import('../../../package.json')).default;
    expect(await screen.findByText(`Tezgah arayüzü ${version}`)).toBeInTheDocument();
    expect(await screen.findByText('Sunucu 9.8.7')).toBeInTheDocument();
    expect(screen.getByText('Sürüm bilgisi')).toBeInTheDocument();
  });

  it('offers no way back when not impersonating', async () => {
    const { user } = await signedIn('/summary');
    await user.click(screen.getByRole('button', { name: 'Kullanıcı menüsü' }));
    await screen.findByRole('menuitem', { name: 'Çıkış' });
    expect(screen.queryByRole('menuitem', { name: 'Kullanıcı girişinden çık' })).not.toBeInTheDocument();
    expect(screen.queryByText(/olarak oturum açıldı/)).not.toBeInTheDocument();
  });

  it('shows impersonation and exits from it', async () => {
    const server = fakeServer();
    const a = account({ codes: CODES, impersonate: true, previousLogin: 'yonetici', login: 'eczaci' });
    server.setAccount(a);
    server.on('POST /api/logout-impersonate', () => {
      server.setAccount({ ...a, impersonate: false, previousLogin: null, login: 'yonetici' });
      return json({ id_token: token({ cid: 2 }) });
    });
    await renderWorkbench({ plugins: [demoPlugin], path: '/summary', server, signedIn: true });
    expect(await screen.findByText('eczaci olarak oturum açıldı (yonetici)')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Kullanıcı menüsü' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Kullanıcı girişinden çık' }));
    await waitFor(() => expect(server.requests.find((r) => r.path === '/api/logout-impersonate')?.body).toEqual({ login: 'eczaci', previousLogin: 'yonetici' }));
    await waitFor(() => expect(screen.queryByText(/olarak oturum açıldı/)).not.toBeInTheDocument());
  });
});

describe('settings panel', () => {
  it('changes the menu style, collapse, language, animations and footer from a drawer', async () => {
    const { user, container } = await signedIn('/summary');
    await user.click(screen.getByRole('button', { name: 'Görünüm ayarları' }));
    const drawer = await screen.findByRole('region', { name: 'Görünüm ayarları' });
    await user.click(within(drawer).getByRole('radio', { name: 'Üst menü' }));
    expect(getSettings().menuStyle).toBe('flyout');
    expect(container.querySelector('.tz-flyout')).toBeInTheDocument();
    await user.click(within(drawer).getByRole('radio', { name: 'Klasik (sol)' }));
    await user.click(within(drawer).getByRole('switch', { name: 'Menüyü daralt' }));
    expect(getSettings().menuCollapsed).toBe(true);
    await user.click(within(drawer).getByRole('switch', { name: 'Sayfa geçiş animasyonu' }));
    expect(getSettings().animations).toBe(false);
    await user.click(within(drawer).getByRole('radio', { name: 'Tip 4' }));
    expect(getSettings().footer).toBe(4);
    await user.selectOptions(within(drawer).getByRole('combobox', { name: 'Dil' }), 'en');
    expect(await within(drawer).findByRole('radio', { name: 'Top menu' })).toBeInTheDocument();
    expect(getSettings().language).toBe('en');
  });
});

describe('demo dropdowns', () => {
  it('the bell and the cart show static demo content', async () => {
    const { user } = await signedIn('/summary');
    await user.click(screen.getByRole('button', { name: 'Bildirimler' }));
    expect(await screen.findByRole('menuitem', { name: /Stok azaldı/ })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sepet' }));
    const cart = await screen.findByRole('menu', { name: 'Sepet' });
    expect(within(cart).getByText('Vitamin C 1000 mg')).toBeInTheDocument();
    expect(within(cart).getByText('298,90 ₺')).toBeInTheDocument();
  });
});
