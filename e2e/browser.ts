import { mkdirSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page, type Request } from 'playwright-core';
import { browserClockScript } from '../scripts/test-clock.mjs';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Where the run keeps its screenshots (printed at the end of the run). */
export const ARTIFACTS = resolve(process.env.TEZGAH_E2E_ARTIFACTS ?? 'e2e-artifacts');

/**
 * Debian's chromium's flags: headless, with no background networking (this machine has no
 * internet; without these flags chromium keeps failing to reach Google's hosts). Playwright gives
 * every launch a fresh temporary profile of its own (it refuses a --user-data-dir argument).
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
  '--disable-component-update', '--disable-sync',
];

/** Throws, saying what to do, when there is no chromium to start. */
export function assertChromium(): void {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`no chromium at ${CHROMIUM}: install Debian's package (apt-get install chromium) or set CHROMIUM_PATH`);
  }
}

/**
 * A chromium of this process's own. The run normally starts one for all its files
 * (e2e/global-setup.ts) and each file connects to it (`connect`); this is for a file run without
 * that set-up.
 */
export async function launch(): Promise<{ browser: Browser; close(): Promise<void> }> {
  assertChromium();
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  mkdirSync(ARTIFACTS, { recursive: true });
  return {
    browser,
    async close() {
      await browser.close();
    },
  };
}

/**
 * The run's chromium (started once by e2e/global-setup.ts), over its websocket. close() closes the
 * contexts this connection made and disconnects; the browser stays for the other files.
 */
export async function connect(endpoint: string): Promise<{ browser: Browser; close(): Promise<void> }> {
  const browser = await chromium.connect(endpoint, { timeout: 60_000 });
  mkdirSync(ARTIFACTS, { recursive: true });
  return {
    browser,
    async close() {
      await browser.close();
    },
  };
}

/**
 * The requests of each page still waiting for their answer (media and streams left out: they may
 * never end), and who waits for one to end. Kept for every page of the contexts made here.
 */
const inflight = new WeakMap<Page, { pending: Set<Request>; waiters: Set<() => void> }>();
const ENDLESS = new Set(['media', 'websocket', 'eventsource']);

function watch(page: Page) {
  let w = inflight.get(page);
  if (w) return w;
  const state = { pending: new Set<Request>(), waiters: new Set<() => void>() };
  inflight.set(page, state);
  const done = (r: Request) => {
    if (!state.pending.delete(r)) return;
    for (const wake of state.waiters) wake();
    state.waiters.clear();
  };
  page.on('request', (r) => { if (!ENDLESS.has(r.resourceType())) state.pending.add(r); });
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return state;
}

/**
 * Counts the page's own calls (fetch and XMLHttpRequest) while they wait for their answer, in the
 * page: a call a component starts is counted at once, before any event about it reaches this
 * process. Installed in every context made here (newContext).
 */
const CALL_COUNTER = `(() => {
  let n = 0;
  const done = () => { n--; };
  const fetch0 = window.fetch;
  window.fetch = function (...args) {
    n++;
    let p;
    try { p = fetch0.apply(this, args); } catch (e) { n--; throw e; }
    p.then(done, done);
    return p;
  };
  const send0 = XMLHttpRequest.prototype.send;
  XMLHttpRequest.prototype.send = function (...args) {
    n++;
    this.addEventListener('loadend', done, { once: true });
    return send0.apply(this, args);
  };
  Object.defineProperty(window, '__tzCallsInFlight', { get: () => n });
})();`;

/**
 * Waits until the page is quiet: none of its calls waiting for an answer, counted in the page
 * for three animation frames in a row (the answers drawn, and any call a freshly drawn component
 * starts counted), and no request of any kind (scripts of a lazy screen, fonts, images) in flight
 * as this process sees it. What `waitForLoadState('networkidle')` waits for, without its 500 ms of
 * silence after every navigation. Answers whether it got quiet within `timeout`.
 */
export async function quiet(page: Page, timeout = 15_000): Promise<boolean> {
  const state = watch(page);
  const deadline = Date.now() + timeout;
  for (;;) {
    if (state.pending.size === 0) {
      const calm = await page.evaluate((limit) => new Promise<boolean>((resolve) => {
        const end = performance.now() + limit;
        let frames = 0;
        const tick = () => {
          frames = (window as unknown as { __tzCallsInFlight?: number }).__tzCallsInFlight ? 0 : frames + 1;
          if (frames >= 3) resolve(true);
          else if (performance.now() > end) resolve(false);
          // The next frame; a page that draws none (hidden) goes on after 100 ms.
          else {
            let once = false;
            const next = () => { if (!once) { once = true; tick(); } };
            requestAnimationFrame(next);
            setTimeout(next, 100);
          }
        };
        tick();
      }), Math.max(0, deadline - Date.now())).catch(() => false); // navigated meanwhile: not quiet yet
      if (calm && state.pending.size === 0) return true;
    }
    const left = deadline - Date.now();
    if (left <= 0) return false;
    if (state.pending.size > 0) {
      await new Promise<void>((r) => {
        const t = setTimeout(r, left);
        state.waiters.add(() => { clearTimeout(t); r(); });
      });
    }
  }
}

/** The classes of Blueprint's overlays while their opening transition runs (react-transition-group's). */
const OPENING = ['overlay', 'popover'].flatMap((k) => ['enter', 'enter-active', 'appear', 'appear-active'].map((s) => `.bp6-${k}-${s}`)).join(', ');

/**
 * Waits until Blueprint's overlays (dialogs, drawers, menus' popovers) have finished their opening
 * transition: while it runs the element carries bp6-overlay-enter / -enter-active (or -appear /
 * -appear-active when it opens with its parent; bp6-popover-… for a popover), and -enter-done
 * once it has ended. A screenshot or a measurement taken before that sees the dialog half-scaled
 * or the drawer half-way in.
 */
export async function overlaysSettled(page: Page, timeout = 15_000): Promise<void> {
  await page.waitForFunction((opening) => !document.querySelector(opening), OPENING, { timeout, polling: 'raf' });
}

/**
 * A fresh context (own cookies and localStorage) whose pages keep the suite's clock: the workbench
 * reads "today" from the browser, and the server from the suite's clock (scripts/test-clock.mjs).
 */
export async function newContext(browser: Browser, options: BrowserContextOptions): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  await context.addInitScript(browserClockScript());
  await context.addInitScript(CALL_COUNTER);
  context.on('page', (p) => { watch(p); });
  return context;
}

/**
 * A fresh context at a desktop size, Turkish, and a page in it; `options` add to the context's
 * (a signed-in user's `storageState`, another locale).
 */
export async function newPage(browser: Browser, size = { width: 1366, height: 860 }, options: BrowserContextOptions = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, { viewport: size, locale: 'tr-TR', ...options });
  const page = await context.newPage();
  watch(page);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  (page as Page & { errors: string[] }).errors = errors;
  return { context, page };
}

export async function shot(page: Page, name: string): Promise<string> {
  const file = join(ARTIFACTS, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}
