import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { TestServer } from '../packages/server/test/harness';
import { http, ONMUHASEBE } from '../packages/server/test/http';
import { ARTIFACTS, newPage, quiet, shot } from './browser';
import { signInAs, startWorkbench, type Sessions } from './workbench';

/**
 * The workbench as a person uses it: Debian's chromium against the real server serving the built
 * workbench on its own port, over a fresh copy of the demo database.
 */
describe('the workbench in a browser', () => {
  let t: TestServer;
  let browser: Browser;
  let sessions: Sessions;
  let closeWorkbench: (() => Promise<void>) | undefined;
  const shots: string[] = [];

  beforeAll(async () => {
    ({ t, browser, sessions, close: closeWorkbench } = await startWorkbench());
  });
  afterAll(async () => {
    await closeWorkbench?.();
    if (shots.length) console.log(`\nscreenshots of the main screens (${shots.length}) in ${ARTIFACTS}`);
  });

  const signIn = (page: Page, login: string, password?: string) => signInAs(page, t.url, login, password);
  const menu = (page: Page) => page.getByRole('navigation', { name: 'Ana menü' });

  it('signs in and lands on the first permitted page, showing only the permitted menu', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`${t.url}/user-settings`);
    await page.waitForURL('**/auth/login');
    shots.push(await shot(page, '01-login'));
    // Through the login form; the session is kept for eczaci's later pages that keep it.
    await sessions.signIn(page, 'eczaci');
    // Sent away from /user-settings, eczaci comes back to it: the owner may see it.
    await expect.poll(() => new URL(page.url()).pathname).toBe('/user-settings');
    await expect.poll(() => menu(page).getByText('Ana Sayfa').count()).toBeGreaterThan(0);
    // The example plugin (examples/hello-plugin) is not part of the product build (TEZGAH_EXAMPLES unset).
    expect(await menu(page).getByText('Merhaba').count()).toBe(0);
    // Roles are a default-theme screen (seeds §2); the pharmacy company starts in the pharmacy theme.
    expect(await menu(page).getByText('Roller').count()).toBe(0);
    expect(await menu(page).getByText('Yönetim').count()).toBe(0);
    await page.getByText('Toplam Kayıt:').first().waitFor();
    shots.push(await shot(page, '02-user-settings'));
    await page.goto(`${t.url}/summary`);
    await page.getByRole('heading', { name: 'Hoş geldiniz, Elif Eczacı' }).waitFor();
    shots.push(await shot(page, '03-home'));
    // The cookies carry the session: a new page in the same context is signed in.
    const again = await context.newPage();
    await again.goto(`${t.url}/hello`);
    await again.waitForURL('**/auth/404');
    await again.goto(`${t.url}/product`);
    await again.getByRole('navigation', { name: 'Ana menü' }).getByText('Ana Sayfa').first().waitFor();
    expect(new URL(again.url()).pathname).toBe('/product');
    shots.push(await shot(again, '04-products'));
    expect((await context.cookies()).map((c) => c.name).sort()).toEqual(expect.arrayContaining(['accessToken', 'company-id']));
    await context.close();
  });

  it('a user without a module does not see its menu or reach its route', async () => {
    const api = http(t.url);
    const owner = await api.signIn('eczaci');
    const staff = (await api.call('GET', `${ONMUHASEBE}/roles?search=Personel`, { token: owner })).body[0].id;
    const created = await api.call('POST', '/api/users', { token: owner, body: { login: 'kalfa', firstName: 'Kemal', lastName: 'Kalfa', email: 'kalfa@example.com', roleIds: [staff] } });
    expect(created.status).toBe(201);
    const admin = await api.signIn('yonetici');
    const mail = (await api.call('GET', `${ONMUHASEBE}/outbox-messages?recipient=kalfa@example.com`, { token: admin })).body[0];
    const key = /key=([0-9a-f]{40})/.exec(mail.body)![1];
    expect((await api.call('POST', '/api/account/password-reset-activate/finish', { body: { key, newPassword: 'kalfa123' } })).status).toBe(200);

    const { context, page } = await newPage(browser);
    await signIn(page, 'kalfa', 'kalfa123');
    await menu(page).getByText('Ana Sayfa').first().waitFor();
    expect(await menu(page).getByText('Kullanıcı Ayarları').count()).toBe(0);
    expect(await menu(page).getByText('Şirket Ayarları').count()).toBe(0);
    await page.goto(`${t.url}/user-settings`);
    await page.getByText('Yetki Hatası').first().waitFor();
    shots.push(await shot(page, '05-forbidden'));
    await context.close();
  });

  it('keeps at most three favourites', async () => {
    const { context, page } = await sessions.newPage('eczaci');
    const favourites = () => page.evaluate(() => JSON.parse(localStorage.getItem('tezgah.settings') ?? '{}').favourites ?? []);
    for (const path of ['/summary', '/product', '/user-settings']) {
      await page.goto(`${t.url}${path}`);
      // The page drawn and its calls answered: a menu opened while the shell still draws may be
      // drawn again under the click on a machine under load.
      await page.locator('.tz-page').first().waitFor();
      await quiet(page);
      await page.getByRole('button', { name: 'Favoriler' }).click();
      await page.getByRole('menuitem', { name: 'Favorilere ekle' }).click();
      // Kept before the next page is opened.
      await expect.poll(favourites).toContain(path);
    }
    await page.goto(`${t.url}/company-settings`);
    await page.locator('.tz-page').first().waitFor();
    await quiet(page);
    await page.getByRole('button', { name: 'Favoriler' }).click();
    await page.getByRole('menuitem', { name: 'Favorilere ekle' }).click();
    await page.getByText('Favorilere en fazla 3 sayfa ekleyebilirsiniz').waitFor();
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('tezgah.settings') ?? '{}').favourites);
    expect(stored).toEqual(['/summary', '/product', '/user-settings']);
    shots.push(await shot(page, '06-favourites-limit'));
    await context.close();
  });

  it('switching company lands on the sector\'s page of the new company', async () => {
    const api = http(t.url);
    const admin = await api.signIn('yonetici');
    const muhasebe = await api.signIn('muhasebe');
    const staff = (await api.call('GET', `${ONMUHASEBE}/roles?search=Personel`, { token: muhasebe })).body[0].id;
    expect((await api.call('PUT', `${ONMUHASEBE}/companies-user`, { token: admin, body: { companyId: 3, login: 'eczaci', roleIds: [staff] } })).status).toBe(200);

    const { context, page } = await newPage(browser);
    // Its own sign-in: switching company ends the session it starts from.
    await signIn(page, 'eczaci');
    await page.goto(`${t.url}/user-settings`);
    await page.getByRole('button', { name: 'Şirket değiştir: Demo Eczanesi' }).click();
    await page.getByText('Demo Ticaret A.Ş.').click();
    await page.waitForURL('**/summary');
    await page.getByRole('button', { name: 'Şirket değiştir: Demo Ticaret A.Ş.' }).waitFor();
    await expect.poll(async () => (await context.cookies()).find((c) => c.name === 'company-id')?.value).toBe('3');
    shots.push(await shot(page, '07-company-switched'));
    await context.close();
  });

  it('management signs in as another user and comes back', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'yonetici');
    await page.goto(`${t.url}/user-management`);
    await page.getByRole('combobox', { name: 'Şirket' }).selectOption({ label: 'Demo Ticaret A.Ş.' });
    const members = page.getByRole('table', { name: 'Demo Ticaret A.Ş. kullanıcıları' });
    await members.getByRole('row', { name: /muhasebe/ }).waitFor({ state: 'attached' });
    shots.push(await shot(page, '08-user-management'));
    // The list's accessible copy, as a keyboard user reaches it.
    await members.getByRole('row', { name: /muhasebe/ }).getByRole('button', { name: 'Kullanıcı olarak giriş yap' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Evet' }).click();
    await page.getByRole('button', { name: 'Kullanıcı menüsü' }).filter({ hasText: 'Murat Muhasebeci' }).waitFor();
    expect(await menu(page).getByText('Yönetim').count()).toBe(0);
    await page.getByRole('heading', { name: 'Hoş geldiniz, Murat Muhasebeci' }).waitFor();
    shots.push(await shot(page, '09-impersonating'));
    await page.getByRole('button', { name: 'Kullanıcı girişinden çık' }).first().click();
    await page.getByRole('button', { name: 'Kullanıcı menüsü' }).filter({ hasText: 'Yasemin Yönetici' }).waitFor();
    await menu(page).getByText('Yönetim').first().waitFor();
    const api = http(t.url);
    const audit = await api.call('GET', `${ONMUHASEBE}/audit-events?action=auth.impersonate`, { token: await api.signIn('yonetici') });
    expect(audit.body.map((e: { action: string; userLogin: string; actorLogin: string | null }) => [e.action, e.userLogin, e.actorLogin])).toEqual(
      expect.arrayContaining([['auth.impersonate', 'muhasebe', 'yonetici'], ['auth.impersonate.end', 'yonetici', null]]),
    );
    await context.close();
  });

  it('a product owner adds a product through the form; the rules show at the fields', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'muhasebe');
    await page.goto(`${t.url}/product`);
    await page.getByText('Toplam Kayıt:').first().waitFor();
    shots.push(await shot(page, '10-products'));
    await page.getByRole('button', { name: 'Ekle', exact: true }).click();
    const form = page.getByRole('form', { name: 'Ürün / hizmet ekle' });
    await form.waitFor();
    await form.getByLabel('Barkod', { exact: false }).first().fill('   ');
    await form.getByRole('button', { name: 'Kaydet' }).click();
    await form.getByText('Ürün adı zorunludur.').waitFor();
    await form.getByText('Barkod boş olamaz.').waitFor();
    shots.push(await shot(page, '11-product-form-rules'));
    await form.getByLabel('Ürün adı', { exact: false }).first().fill('Tarayıcı Testi Lambası');
    await form.getByLabel('Barkod', { exact: false }).first().fill('8690000012345');
    await form.getByLabel('Satış fiyatı', { exact: false }).first().fill('1.250,50');
    await form.getByRole('button', { name: 'Kaydet' }).click();
    await page.getByText('BAŞARILI', { exact: false }).first().waitFor();
    const api = http(t.url);
    const found = await api.call('GET', `${ONMUHASEBE}/products?search=Tarayıcı`, { token: await api.signIn('muhasebe') });
    expect(found.body).toEqual([expect.objectContaining({ name: 'Tarayıcı Testi Lambası', barcode: '8690000012345', salePrice: 1250.5 })]);
    await context.close();
  });

  it('a user without the product module sees no product menu, and the API refuses them', async () => {
    const api = http(t.url);
    const owner = await api.signIn('muhasebe');
    const role = await api.call('POST', `${ONMUHASEBE}/roles`, { token: owner, body: { name: 'Sadece cari', authorities: ['6_1'] } });
    const user = await api.call('POST', '/api/users', { token: owner, body: { login: 'carici', firstName: 'Cem', lastName: 'Cari', email: 'carici@example.com', roleIds: [role.body.id] } });
    expect(user.status).toBe(201);
    const admin = await api.signIn('yonetici');
    const mail = (await api.call('GET', `${ONMUHASEBE}/outbox-messages?recipient=carici@example.com`, { token: admin })).body[0];
    await api.call('POST', '/api/account/password-reset-activate/finish', { body: { key: /key=([0-9a-f]{40})/.exec(mail.body)![1], newPassword: 'carici12' } });

    const { context, page } = await newPage(browser);
    await signIn(page, 'carici', 'carici12');
    await menu(page).getByText('Ana Sayfa').first().waitFor();
    expect(await menu(page).getByText('Ürünler').count()).toBe(0);
    expect(await menu(page).getByText('Stok').count()).toBe(0);
    await page.goto(`${t.url}/product`);
    await page.getByText('Yetki Hatası').first().waitFor();
    const tok = await api.signIn('carici', 'carici12');
    const list = await api.call('GET', `${ONMUHASEBE}/products`, { token: tok });
    expect(list.status).toBe(403);
    expect(list.body.title).toBe('Yetki Hatası');
    await context.close();
  });

  it('signs out back to the sign-in page, and the old session is gone', async () => {
    const { context, page } = await newPage(browser);
    // What the page asked and never got an answer to, and what it said: the failure's own account.
    const pending = new Map<unknown, string>();
    const said: string[] = [];
    page.on('request', (r) => pending.set(r, `${r.method()} ${r.url()}`));
    page.on('requestfinished', (r) => pending.delete(r));
    page.on('requestfailed', (r) => pending.delete(r));
    page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') said.push(m.text()); });
    // Its own sign-in: it ends the session.
    await signIn(page, 'muhasebe');
    // The landing page settled (menu drawn), then the user menu open with both versions known.
    await menu(page).getByText('Ana Sayfa').first().waitFor();
    await page.getByRole('button', { name: 'Kullanıcı menüsü' }).click();
    await page.getByRole('menuitem', { name: /^Sunucu \d/ }).waitFor();
    await page.getByRole('menuitem', { name: 'Çıkış' }).click();
    try {
      await expect.poll(() => new URL(page.url()).pathname, { timeout: 30_000 }).toBe('/auth/login');
    } catch (e) {
      throw new Error(`not signed out: at ${page.url()}; unanswered: ${[...pending.values()].join(', ') || 'none'}; console: ${said.join(' | ') || 'nothing'}; ${(e as Error).message}`);
    }
    await page.getByRole('button', { name: 'Giriş yap' }).waitFor();
    await page.goto(`${t.url}/summary`);
    await page.waitForURL('**/auth/login');
    await context.close();
  });
});
