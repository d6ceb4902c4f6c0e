import { inject } from 'vitest';
import type { Browser, BrowserContext, BrowserContextOptions, Locator, Page } from 'playwright-core';
import { startTestServer, type TestServer } from '../packages/server/test/harness';
import { WORKBENCH_DIST } from '../packages/server/src/server';
import { DEMO_PATIENT_TCKN, MEDULA_SANDBOX_USER } from '../plugins/pharmacy/common/src/index';
import { connect, launch, newPage } from './browser';

/** The run's chromium (e2e/global-setup.ts) when the run provides it, else one of this file's own. */
async function openBrowser(): Promise<{ browser: Browser; close(): Promise<void> }> {
  let endpoint = '';
  try {
    endpoint = inject('chromiumEndpoint') ?? '';
  } catch {
    // Not under vitest's runner with the e2e project's set-up.
  }
  return endpoint ? connect(endpoint) : launch();
}

/**
 * The real server serving the built workbench over a fresh copy of the demo database, the run's
 * chromium, and the file's kept sign-ins (`sessions`). `workbenchDir`: another build of the
 * workbench to serve (the plugin-package test's, with an outside plugin in it).
 */
export async function startWorkbench(options: { workbenchDir?: string } = {}): Promise<{ t: TestServer; browser: Browser; sessions: Sessions; close(): Promise<void> }> {
  const [server, opened] = await Promise.allSettled([startTestServer({ workbenchDir: options.workbenchDir ?? WORKBENCH_DIST }), openBrowser()]);
  if (server.status === 'rejected' || opened.status === 'rejected') {
    if (server.status === 'fulfilled') await server.value.close();
    if (opened.status === 'fulfilled') await opened.value.close();
    throw server.status === 'rejected' ? server.reason : (opened as PromiseRejectedResult).reason;
  }
  const t = server.value;
  const { browser, close } = opened.value;
  return {
    t,
    browser,
    sessions: sessions(browser, t.url),
    async close() {
      await close();
      await t.close();
    },
  };
}

/** Signs in through the login form as a person does, and waits until the page leaves /auth. */
export async function signInAs(page: Page, url: string, login: string, password = 'demo1234'): Promise<void> {
  await page.goto(`${url}/auth/login`);
  await page.getByLabel('Kullanıcı adı / T.C. kimlik no').fill(login);
  await page.getByLabel('Şifre', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Giriş yap' }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/auth'));
}

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

export interface Sessions {
  /** Signs in through the login form (signInAs) and keeps the session for the user's later pages. */
  signIn(page: Page, login: string, password?: string): Promise<void>;
  /**
   * A fresh context (newPage of e2e/browser.ts) signed in as `login`: from the kept session, or
   * the first time through the login form (the page is then where the sign-in landed; from a kept
   * session it is blank). Either way the test goes to its own page next.
   */
  newPage(login: string, size?: { width: number; height: number }, options?: BrowserContextOptions & { password?: string }): Promise<{ context: BrowserContext; page: Page }>;
}

/**
 * A file's kept sign-ins (its own server and database): the first page of a user walks the login
 * form and keeps the context's storage state (the session's token is a cookie, the SDK's
 * cookieTokenStore); the user's later pages start from it in a fresh context of their own. A test
 * that ends or changes its session (signs out, locks the screen, switches company, impersonates)
 * signs in with signInAs instead, so that the kept session stays good for the others.
 */
function sessions(browser: Browser, url: string): Sessions {
  const kept = new Map<string, StorageState>();
  const self: Sessions = {
    async signIn(page, login, password = 'demo1234') {
      await signInAs(page, url, login, password);
      kept.set(`${login}\n${password}`, await page.context().storageState());
    },
    async newPage(login, size, options = {}) {
      const { password = 'demo1234', ...contextOptions } = options;
      const state = kept.get(`${login}\n${password}`);
      if (state) return newPage(browser, size, { ...contextOptions, storageState: state });
      const opened = await newPage(browser, size, contextOptions);
      await self.signIn(opened.page, login, password);
      return opened;
    },
  };
  return self;
}

/** Fills the counter's Medula sign-in dialog as the sandbox wants it: its user, any password and captcha, the demo patient. */
export async function fillMedulaLogin(login: Locator): Promise<void> {
  await login.getByLabel(/Kullanıcı adı/).fill(MEDULA_SANDBOX_USER);
  await login.getByLabel(/Şifre/).fill('demo');
  await login.getByLabel(/^Güvenlik kodu/).fill('ABCDE');
  await login.getByLabel(/T\.C\. kimlik no/).fill(DEMO_PATIENT_TCKN);
}

/** Signs in to Medula through the counter's dialog (fillMedulaLogin) and waits until it has closed. */
export async function medulaSignIn(login: Locator): Promise<void> {
  await fillMedulaLogin(login);
  await login.getByRole('button', { name: 'Giriş yap' }).click();
  await login.waitFor({ state: 'detached' });
}
