import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { TestServer } from '../packages/server/test/harness';
import { newPage, shot } from './browser';
import { signInAs, startWorkbench } from './workbench';

/**
 * The lock screen locks (every path, a reload, the API), menu entries are links, the accountant
 * of two companies switches between them, and the security headers break nothing: the whole run
 * must not make chromium report a single content security policy violation.
 */
describe('lock screen, links and the company switch in a browser', () => {
  let t: TestServer;
  let browser: Browser;
  let closeWorkbench: (() => Promise<void>) | undefined;
  const violations: string[] = [];

  beforeAll(async () => {
    ({ t, browser, close: closeWorkbench } = await startWorkbench());
  });
  afterAll(async () => {
    await closeWorkbench?.();
  });

  async function open(): Promise<{ page: Page; close(): Promise<void> }> {
    const { context, page } = await newPage(browser);
    page.on('console', (m) => { if (/Content[- ]Security[- ]Policy/i.test(m.text())) violations.push(m.text()); });
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) => {
        const el = e.target instanceof Element ? e.target.outerHTML.slice(0, 160) : String(e.target);
        console.error(`Content Security Policy violation: ${e.violatedDirective} ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber} on ${el}`);
      });
    });
    return { page, close: () => context.close() };
  }

  const signIn = (page: Page, login: string, password?: string) => signInAs(page, t.url, login, password);
  const menu = (page: Page) => page.getByRole('navigation', { name: 'Ana menü' });
  const lockForm = (page: Page) => page.getByRole('form', { name: 'Ekran kilitli' });

  it('locked means locked: on another path, after a reload, for the API; the password brings the page back', async () => {
    const { page, close } = await open();
    // Through the login form, a session of its own: this test locks it.
    await signIn(page, 'eczaci');
    await page.goto(`${t.url}/user-settings`);
    await page.getByText('Toplam Kayıt:').first().waitFor();
    await page.getByRole('button', { name: 'Kullanıcı menüsü' }).click();
    await page.getByRole('menuitem', { name: 'Ekranı kilitle' }).click();
    await lockForm(page).waitFor();
    expect(new URL(page.url()).pathname).toBe('/auth/lockscreen');

    // Typing a path in the address bar: still the lock screen.
    await page.goto(`${t.url}/product`);
    await lockForm(page).waitFor();
    expect(new URL(page.url()).pathname).toBe('/auth/lockscreen');
    expect(await menu(page).count()).toBe(0);
    // A reload: still locked (the server says so).
    await page.reload();
    await lockForm(page).waitFor();
    expect(new URL(page.url()).pathname).toBe('/auth/lockscreen');
    await page.getByText('Elif Eczacı').waitFor();
    // The API refuses the session's calls meanwhile.
    const status = await page.evaluate(async () => {
      const token = decodeURIComponent(document.cookie.split('; ').find((c) => c.startsWith('accessToken='))!.slice('accessToken='.length));
      return (await fetch('/services/onmuhasebe/api/roles', { headers: { authorization: `Bearer ${token}` } })).status;
    });
    expect(status).toBe(423);
    await shot(page, '20-lockscreen');

    await page.getByLabel('Şifre', { exact: true }).fill('yanlis-sifre');
    await page.getByRole('button', { name: 'Kilidi aç' }).click();
    await page.getByText('Giriş işlemi başarısız oldu').waitFor();
    expect(new URL(page.url()).pathname).toBe('/auth/lockscreen');
    await page.getByLabel('Şifre', { exact: true }).fill('demo1234');
    await page.getByRole('button', { name: 'Kilidi aç' }).click();
    // Back where the person was when they locked the screen.
    await page.waitForURL('**/user-settings');
    await page.getByText('Toplam Kayıt:').first().waitFor();
    await page.goto(`${t.url}/product`);
    await menu(page).waitFor();
    expect(new URL(page.url()).pathname).toBe('/product');
    await close();
  });

  it('menu entries and breadcrumbs are links: a plain click stays in the page, ctrl+click opens a tab', async () => {
    const { page, close } = await open();
    await signIn(page, 'eczaci');
    await page.goto(`${t.url}/user-settings`);
    await page.getByText('Toplam Kayıt:').first().waitFor();
    // The group holding the page is open: its pages and the top-level ones are links.
    const hrefs = () => menu(page).locator('a[href]').evaluateAll((as) => as.map((a) => a.getAttribute('href')!));
    await expect.poll(hrefs).toEqual(expect.arrayContaining(['/summary', '/user-settings']));
    // The breadcrumb names home as a link.
    const crumbs = page.getByRole('region', { name: 'Sayfa başlığı' });
    await expect.poll(() => crumbs.locator('a[href="/"]').count()).toBe(1);
    // Ctrl+click: a new tab at the link's address, this page stays.
    const [tab] = await Promise.all([
      page.context().waitForEvent('page'),
      menu(page).locator('a[href="/summary"]').click({ modifiers: ['Control'] }),
    ]);
    await tab.waitForURL((u) => u.protocol !== 'about:');
    await tab.waitForLoadState();
    expect(new URL(tab.url()).pathname).toBe('/summary');
    expect(new URL(page.url()).pathname).toBe('/user-settings');
    // No full reload on a plain click: the page's own state survives.
    await page.evaluate(() => { (window as unknown as { stayed: boolean }).stayed = true; });
    await menu(page).locator('a[href="/summary"]').click();
    await page.waitForURL('**/summary');
    await page.getByRole('heading', { name: 'Hoş geldiniz, Elif Eczacı' }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    await close();
  });

  it('the accountant of two companies switches between them in the top bar', async () => {
    const { page, close } = await open();
    await signIn(page, 'mali');
    const selector = page.getByRole('button', { name: 'Şirket değiştir: Demo Eczanesi' });
    await selector.waitFor();
    await selector.click();
    await page.getByRole('option', { name: /Demo Ticaret A\.Ş\./ }).or(page.getByRole('menuitem', { name: /Demo Ticaret A\.Ş\./ })).first().click();
    await page.getByRole('button', { name: 'Şirket değiştir: Demo Ticaret A.Ş.' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Üst çubuk' }).or(page.locator('.tz-topbar')).first().textContent()).toContain('Demo Ticaret A.Ş.');
    await expect.poll(async () => (await page.context().cookies()).find((c) => c.name === 'company-id')?.value).toBe('3');
    await shot(page, '21-accountant-switched');
    await close();
  });

  it('the API reference (/docs) renders under its own policy', async () => {
    const { page, close } = await open();
    await page.goto(`${t.url}/docs`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    // Its inline stylesheet applied: the navigation column is laid out beside the content.
    expect(await page.evaluate(() => getComputedStyle(document.body).display)).toBe('flex');
    await close();
  });

  it('reported no content security policy violation', () => {
    expect(violations).toEqual([]);
  });
});
