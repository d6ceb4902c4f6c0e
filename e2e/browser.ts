import { mkdirSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { browserClockScript } from '../scripts/test-clock.mjs';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Where the run keeps its screenshots (printed at the end of the run). */
export const ARTIFACTS = resolve(process.env.TEZGAH_E2E_ARTIFACTS ?? 'e2e-artifacts');

/**
 * Debian's chromium, headless, with no background networking (this machine has no internet;
 * without these flags chromium keeps failing to reach Google's hosts). Playwright gives every
 * launch a fresh temporary profile of its own (it refuses a --user-data-dir argument).
 */
export async function launch(): Promise<{ browser: Browser; close(): Promise<void> }> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`no chromium at ${CHROMIUM}: install Debian's package (apt-get install chromium) or set CHROMIUM_PATH`);
  }
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync',
    ],
  });
  mkdirSync(ARTIFACTS, { recursive: true });
  return {
    browser,
    async close() {
      await browser.close();
    },
  };
}

/**
 * A fresh context (own cookies and localStorage) whose pages keep the suite's clock: the workbench
 * reads "today" from the browser, and the server from the suite's clock (scripts/test-clock.mjs).
 */
export async function newContext(browser: Browser, options: BrowserContextOptions): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  await context.addInitScript(browserClockScript());
  return context;
}

/** A fresh context at a desktop size, Turkish, and a page in it. */
export async function newPage(browser: Browser, size = { width: 1366, height: 860 }): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, { viewport: size, locale: 'tr-TR' });
  const page = await context.newPage();
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
