import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page, Response } from 'playwright-core';
import type { TestServer } from '../packages/server/test/harness';
import { newPage, quiet, shot } from './browser';
import { startWorkbench, type Sessions } from './workbench';

/**
 * Every route the two seeds list (000 §2 and 001 §2), opened in chromium as the demo user who may
 * see it: the pharmacist (eczaci) for the pharmacy's pages, the general company's owner (muhasebe)
 * for the default theme's, management staff (yonetici) for the management area. Each must stay
 * on its path (no /auth/404, no forbidden notice), settle (no 'Yükleniyor...' left), show real
 * content, and while it loads no call may answer 5xx (a 501 is a page calling what is not built)
 * or 4xx (a page asking what the contract refuses or what is not there), and no script error may happen. A screenshot of each is saved.
 */
const ROUTES: Record<'eczaci' | 'muhasebe' | 'yonetici', string[]> = {
  eczaci: [
    '/pharmacy-sale', '/recete', '/pos-devices', '/pos-payment', '/kolay-asistan', '/customer', '/product', '/invoice',
    '/sales', '/expense', '/incoming-invoice', '/outgoing-invoice', '/income-outgoing-invoice', '/incoming-despatch',
    '/outgoing-despatch', '/order/in', '/order/out', '/daily-activity-report', '/sales-report',
    '/current-collection-analysis', '/sales-cancel-report', '/agenda', '/user-settings', '/tag-settings',
    '/company-settings', '/price-list', '/video',
  ],
  muhasebe: ['/summary', '/tax-settings', '/roles', '/partner', '/personnel', '/accountcodes-settings'],
  yonetici: [
    '/company-management', '/company-activity', '/user-management', '/device-management', '/medicine-management',
    '/medicine-management-v2', '/management-user-settings', '/management-tag-settings', '/announcements', '/address-settings',
  ],
};

/** The public auth routes; the prefix ones (a key in the path) answer with their error screen. */
const PUBLIC = ['/auth/login', '/auth/forgot-password', '/auth/register', '/auth/404', '/auth/500', '/auth/activate/nokey'];

/**
 * Loaded: no 'Yükleniyor...' left, and no call in flight (networkidle's condition, without its
 * 500 ms of silence), before and after the screen's own part has come in.
 */
async function settle(page: Page) {
  await quiet(page);
  await expect.poll(() => page.getByText('Yükleniyor...').count(), { timeout: 15_000 }).toBe(0);
  await quiet(page);
}

describe('every route of the seeds in a browser', () => {
  let t: TestServer;
  let browser: Browser;
  let sessions: Sessions;
  let close: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    ({ t, browser, sessions, close } = await startWorkbench());
  });
  afterAll(async () => {
    await close?.();
  });

  for (const [login, routes] of Object.entries(ROUTES)) {
    it(`opens each of ${login}'s routes with real content`, async () => {
      const { context, page } = await newPage(browser);
      const failures: string[] = [];
      const bad: string[] = [];
      page.on('response', (r: Response) => {
        // A 400 is a page asking what the contract refuses (e.g. a sort the list does not take: the
        // list stays empty); a 404 or 403 is a page calling what is not there or not its user's; each
        // shows in the console as a failed load.
        if (r.url().includes('/api/') && r.status() >= 400) bad.push(`${r.status()} ${r.request().method()} ${new URL(r.url()).pathname}${new URL(r.url()).search}`);
      });
      try {
        // Each user's one walk through the login form; the last test starts from the session kept here.
        await sessions.signIn(page, login);
        for (const route of routes) {
          bad.length = 0;
          const errors = (page as Page & { errors: string[] }).errors;
          errors.length = 0;
          await page.goto(`${t.url}${route}`);
          await settle(page);
          const path = new URL(page.url()).pathname;
          const main = page.locator('.tz-page').first();
          const text = (await main.count()) ? ((await main.textContent()) ?? '') : '';
          const forbidden = await page.getByText('Yetki Hatası').count();
          await shot(page, `route-${login}${route.replaceAll('/', '-')}`);
          if (path !== route) failures.push(`${route}: went to ${path}`);
          else if (forbidden) failures.push(`${route}: forbidden for ${login}`);
          else if (text.trim().length < 20) failures.push(`${route}: no content (${JSON.stringify(text.slice(0, 60))})`);
          if (bad.length) failures.push(`${route}: ${bad.join(', ')}`);
          if (errors.length) failures.push(`${route}: script error ${errors[0]}`);
        }
      } finally {
        await context.close();
      }
      expect(failures).toEqual([]);
    }, 240_000);
  }

  it('opens the public routes, and a signed-in pharmacist at / lands on the counter', async () => {
    const { context, page } = await newPage(browser);
    try {
      for (const route of PUBLIC) {
        await page.goto(`${t.url}${route}`);
        await settle(page);
        expect(new URL(page.url()).pathname.startsWith('/auth'), route).toBe(true);
        expect(((await page.locator('body').textContent()) ?? '').trim().length, route).toBeGreaterThan(20);
        await shot(page, `route-public${route.replaceAll('/', '-')}`);
      }
    } finally {
      await context.close();
    }
    // The pharmacist, signed in (the session kept from the first test, or a walk through the form).
    const signedIn = await sessions.newPage('eczaci');
    try {
      await signedIn.page.goto(`${t.url}/`);
      await signedIn.page.waitForURL((u) => u.pathname === '/pharmacy-sale');
    } finally {
      await signedIn.context.close();
    }
  }, 120_000);
});
