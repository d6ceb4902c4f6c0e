import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { CHROMIUM, CHROMIUM_ARGS } from './browser';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The websocket of the run's one chromium (playwright-core's browser server); '' when there is none. */
    chromiumEndpoint: string;
  }
}

/**
 * One chromium for the whole e2e run: every file connects to it (`startWorkbench()` in
 * e2e/workbench.ts) and makes its own contexts, instead of starting a browser of its own. Without
 * chromium nothing is started here, and each file's own launch says what is missing.
 */
export default async function setup(project: TestProject) {
  if (!existsSync(CHROMIUM)) {
    project.provide('chromiumEndpoint', '');
    return;
  }
  const server = await chromium.launchServer({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  project.provide('chromiumEndpoint', server.wsEndpoint());
  return async () => {
    await server.close();
  };
}
