/**
 * How long a person waits after a menu click: for every main route of a demo user, the time from
 * the in-app navigation to the filled page, on a first visit and on a revisit, in Debian's
 * chromium against the built workbench and a server on the demo data (PGlite in memory).
 *
 * A route is opened as a menu click opens it: the router's own navigation (history.pushState and
 * popstate, what react-router's links do), no page load. Two moments are measured in the page,
 * from that navigation:
 * - **shown**: the page has drawn since the navigation, says no 'Yükleniyor...', and a table on
 *   it has rows, or it has a form, or its empty-state text (what the person came to see);
 * - **settled**: shown, and none of the page's calls waiting for an answer for three frames in a
 *   row (the cache's refresh behind a revisit included).
 * Each route is visited once (first visit, its code and data fetched), then the user walks the
 * same routes again (revisit: code loaded, data in the workbench's cache when the page keeps one).
 *
 * Run: npm run bench:navigation   (builds the workbench when its sources changed)
 * Knobs: BENCH_NAV_USERS=eczaci,muhasebe,yonetici (who walks), BENCH_NAV_ROUNDS=1.
 */
import { execFileSync } from 'node:child_process';
import { PGlite } from '@electric-sql/pglite';
import type { Page } from 'playwright-core';
import { launch, newPage } from '../e2e/browser';
import { createServer, WORKBENCH_DIST } from '../packages/server/src/server';
import { loadConfig } from '../packages/server/src/config';

/** The main routes of seed 000 (and the pharmacy's of 001) by the demo user who may see them (as e2e/routes.e2e.test.ts walks them). */
const ROUTES: Record<string, string[]> = {
  eczaci: [
    '/pharmacy-sale', '/recete', '/pos-devices', '/pos-payment', '/customer', '/product', '/invoice',
    '/sales', '/expense', '/incoming-invoice', '/outgoing-invoice', '/income-outgoing-invoice', '/incoming-despatch',
    '/outgoing-despatch', '/order/in', '/order/out', '/daily-activity-report', '/sales-report',
    '/current-collection-analysis', '/sales-cancel-report', '/agenda', '/user-settings', '/tag-settings',
    '/company-settings', '/price-list',
  ],
  muhasebe: ['/summary', '/tax-settings', '/roles', '/partner', '/personnel', '/accountcodes-settings'],
  yonetici: [
    '/company-management', '/company-activity', '/user-management', '/device-management', '/medicine-management',
    '/management-user-settings', '/management-tag-settings', '/announcements', '/address-settings',
  ],
};
const users = (process.env.BENCH_NAV_USERS ?? 'eczaci,muhasebe,yonetici').split(',').map((s) => s.trim()).filter((u) => ROUTES[u]);
const rounds = Number(process.env.BENCH_NAV_ROUNDS ?? 1);

execFileSync('node', ['scripts/build-workbench.mjs'], { stdio: 'inherit' });
const server = await createServer({
  config: loadConfig({ PORT: '0', HOST: '127.0.0.1', TEZGAH_DEMO: '1', DATABASE_URL: '' }),
  pglite: await PGlite.create(),
  workbenchDir: WORKBENCH_DIST,
});
const address = server.url;
const { browser, close } = await launch();

/**
 * Navigates in the page as a link does and answers, in ms from that moment, when the page was
 * shown and when it settled (null when it did not within 15 s).
 */
async function visit(page: Page, path: string): Promise<{ shown: number | null; settled: number | null }> {
  // A string, not a function: tsx would wrap a function's inner names in a helper the page lacks.
  return page.evaluate(`(${VISIT})(${JSON.stringify(path)})`) as Promise<{ shown: number | null; settled: number | null }>;
}

const VISIT = `(to) => new Promise((resolve) => {
  const root = document.querySelector('#root') || document.body;
  let mutated = false;
  const observer = new MutationObserver(() => { mutated = true; });
  observer.observe(root, { childList: true, subtree: true, characterData: true });
  const t0 = performance.now();
  history.pushState({}, '', to);
  dispatchEvent(new PopStateEvent('popstate', { state: {} }));
  let shown = null;
  let calm = 0;
  const filled = () => {
    const pageEl = document.querySelector('.tz-page');
    if (!pageEl || location.pathname !== to) return false;
    if ((document.body.textContent || '').includes('Yükleniyor...')) return false;
    const table = pageEl.querySelector('table');
    if (table) return table.querySelectorAll('tbody tr').length > 0 || /bulunamadı|yok\\.|kayıt yok/i.test(pageEl.textContent || '');
    return Boolean(pageEl.querySelector('form, [role="form"], canvas, svg, [role="grid"], h2, h3'));
  };
  const tick = () => {
    const now = performance.now() - t0;
    if (shown === null && mutated && filled()) shown = now;
    const inFlight = window.__tzCallsInFlight || 0;
    calm = shown !== null && inFlight === 0 ? calm + 1 : 0;
    if (calm >= 3) { observer.disconnect(); resolve({ shown, settled: now }); return; }
    if (now > 15000) { observer.disconnect(); resolve({ shown, settled: null }); return; }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})`;

const median = (xs: number[]) => { const s = [...xs].sort((a, b) => a - b); return s.length ? (s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2) : NaN; };
const ms = (n: number | null) => (n === null ? 'timeout' : `${Math.round(n)}`);

interface Row { user: string; route: string; first: { shown: number | null; settled: number | null }; again: { shown: number | null; settled: number | null } }
const rows: Row[] = [];
try {
  for (const login of users) {
    for (let r = 0; r < rounds; r++) {
      const { context, page } = await newPage(browser);
      await page.goto(`${address}/auth/login`);
      await page.getByLabel('Kullanıcı adı / T.C. kimlik no').fill(login);
      await page.getByLabel('Şifre', { exact: true }).fill('demo1234');
      await page.getByRole('button', { name: 'Giriş yap' }).click();
      await page.waitForURL((u) => !u.pathname.startsWith('/auth'));
      await page.locator('.tz-page').first().waitFor();
      const first = new Map<string, Row['first']>();
      for (const route of ROUTES[login]!) first.set(route, await visit(page, route));
      for (const route of ROUTES[login]!) rows.push({ user: login, route, first: first.get(route)!, again: await visit(page, route) });
      await context.close();
    }
  }
} finally {
  await close();
  await server.close();
}

console.log('\n| user | route | first: shown | first: settled | revisit: shown | revisit: settled |');
console.log('|---|---|---:|---:|---:|---:|');
for (const r of rows) console.log(`| ${r.user} | ${r.route} | ${ms(r.first.shown)} | ${ms(r.first.settled)} | ${ms(r.again.shown)} | ${ms(r.again.settled)} |`);
const col = (f: (r: Row) => number | null) => rows.map(f).filter((x): x is number => x !== null);
const summary = (name: string, f: (r: Row) => number | null) => {
  const xs = col(f);
  const timeouts = rows.length - xs.length;
  console.log(`${name.padEnd(18)} median ${Math.round(median(xs))} ms, slowest ${Math.round(Math.max(...xs))} ms, over 1 s: ${xs.filter((x) => x > 1000).length}${timeouts ? `, timeouts: ${timeouts}` : ''} (of ${rows.length})`);
};
console.log(`\n${rows.length} route visits, ${users.join(', ')}; load average at the end ${(await import('node:os')).loadavg().map((x) => x.toFixed(1)).join(' ')}`);
summary('first: shown', (r) => r.first.shown);
summary('first: settled', (r) => r.first.settled);
summary('revisit: shown', (r) => r.again.shown);
summary('revisit: settled', (r) => r.again.settled);
