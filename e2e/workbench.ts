import type { Browser, Page } from 'playwright-core';
import { startTestServer, type TestServer } from '../packages/server/test/harness';
import { WORKBENCH_DIST } from '../packages/server/src/server';
import { launch } from './browser';

/** The real server serving the built workbench over a fresh copy of the demo database, and chromium. */
export async function startWorkbench(): Promise<{ t: TestServer; browser: Browser; close(): Promise<void> }> {
  const t = await startTestServer({ workbenchDir: WORKBENCH_DIST });
  let launched: Awaited<ReturnType<typeof launch>>;
  try {
    launched = await launch();
  } catch (e) {
    await t.close();
    throw e;
  }
  const { browser, close } = launched;
  return {
    t,
    browser,
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
