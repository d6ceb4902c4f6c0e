import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
// The suite's clock: every process of the run starts on 25 November 2026 (docs/testing.md).
import './scripts/test-clock.mjs';
import LongestFirst from './scripts/test-sequencer.mjs';

// expect.poll waits for a condition; its 1 s default fails a check that a busy machine answers
// in 2 s (the favourites e2e test did). Twenty seconds costs nothing when it succeeds at once.
const expectations = { poll: { timeout: 20_000, interval: 50 } };

// One run covers every package; each package is its own project so its environment can differ
// (the workbench will run in jsdom, the server tests share a migrated database snapshot).
export default defineConfig({
  test: {
    // Every core works: vitest's default leaves one idle (cores - 1), a whole half of the 2-core CI machine.
    maxWorkers: Math.max(2, availableParallelism()),
    // The longest files first, across projects (scripts/test-sequencer.mjs).
    sequence: { sequencer: LongestFirst },
    projects: [
      { test: { name: 'core', expect: expectations, include: ['packages/core/src/**/*.test.ts', 'plugins/*/common/src/**/*.test.ts'] } },
      { test: { name: 'sdk', expect: expectations, include: ['packages/sdk/src/**/*.test.ts'] } },
      {
        // Component tests of the workbench and the plugins' web parts, in jsdom. The files share
        // their worker's module graph (isolate: false): importing React, Blueprint and the
        // workbench anew for each of ~90 files cost more than the tests; setup.ts clears the
        // DOM, storage, cookies and settings after every test.
        plugins: [],
        test: {
          name: 'workbench',
          expect: expectations,
          environment: 'jsdom',
          include: ['packages/workbench/src/**/*.test.{ts,tsx}', 'plugins/*/web/src/**/*.test.{ts,tsx}', 'examples/*/src/**/*.test.{ts,tsx}'],
          exclude: ['packages/workbench/src/stories/stories.test.tsx'],
          setupFiles: ['packages/workbench/test/setup.ts'],
          isolate: false,
          testTimeout: 20_000,
        },
      },
      {
        // The stories render through Storybook's own bundled copy of testing-library's
        // user-event, which prepares the shared document a second time and breaks typing for
        // every later file of its worker; they run isolated.
        plugins: [],
        test: {
          name: 'stories',
          expect: expectations,
          environment: 'jsdom',
          include: ['packages/workbench/src/stories/stories.test.tsx'],
          setupFiles: ['packages/workbench/test/setup.ts'],
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'server',
          expect: expectations,
          include: ['packages/server/src/**/*.test.ts', 'openapi/**/*.test.ts', 'plugins/*/server/src/**/*.test.ts'],
          globalSetup: ['packages/server/test/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        // Browser tests: Debian's chromium driven by playwright-core against the real server
        // serving the built workbench.
        test: {
          name: 'e2e',
          expect: expectations,
          include: ['e2e/**/*.e2e.test.ts'],
          globalSetup: ['packages/server/test/global-setup.ts', 'e2e/global-setup.ts'],
          testTimeout: 90_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'cli',
          expect: expectations,
          include: ['packages/cli/src/**/*.test.ts', 'plugins/*/cli/src/**/*.test.ts'],
          globalSetup: ['packages/server/test/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
