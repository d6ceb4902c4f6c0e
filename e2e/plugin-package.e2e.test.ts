import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, realpathSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { TestServer } from '../packages/server/test/harness';
import { http } from '../packages/server/test/http';
import { run, tempConfigDir } from '../packages/cli/src/testing/fake-server';
import { quiet } from './browser';
import { startWorkbench, type Sessions } from './workbench';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const exec = promisify(execFile);

/** The plugin the test makes, as a third party would: `tezgah plugin new`. */
const NAME = 'acme-notes';
/**
 * Where it is made: outside the repository, so nothing of the workspace is found by walking up
 * from it; one folder per checkout, so that a second run reuses the workbench built with it.
 */
const PARENT = join(tmpdir(), `tezgah-plugin-package-${createHash('sha256').update(ROOT).digest('hex').slice(0, 8)}`);
const PLUGIN = join(PARENT, NAME);
/** The workbench built with the plugin, kept beside the test runs' other caches. */
const WORKBENCH = join(ROOT, '.tezgah-test', 'workbench-plugin-package');
const STAMP = join(WORKBENCH, '.tezgah-build');

/**
 * What `npm install` would put in the plugin's node_modules, from the workspace instead of the
 * registry: Tezgah's packages as links to their folders, and the workbench's own copies of React
 * and TanStack Query (the peers the workbench provides).
 */
function linkDependencies(dir: string): void {
  const links: Record<string, string> = {};
  for (const p of ['core', 'sdk', 'cli', 'plugin-server']) links[`@tezgah/${p}`] = join(ROOT, 'packages', p);
  for (const p of ['react', 'react-dom', '@tanstack/react-query', '@types/react', '@types/react-dom', '@testing-library/react', 'jsdom']) {
    links[p] = realpathSync(join(ROOT, 'packages', 'workbench', 'node_modules', p));
  }
  links.vitest = realpathSync(join(ROOT, 'node_modules', 'vitest'));
  for (const [name, target] of Object.entries(links)) {
    const at = join(dir, 'node_modules', name);
    mkdirSync(dirname(at), { recursive: true });
    symlinkSync(target, at, 'dir');
  }
}

/** Every file under dir, for the build stamp. */
function files(dir: string): string[] {
  return readdirSync(dir).sort().flatMap((n) => (statSync(join(dir, n)).isDirectory() ? files(join(dir, n)) : [join(dir, n)]));
}

/**
 * Builds the workbench with the plugin (TEZGAH_PLUGINS) into its own folder, unless the build
 * there was made from the same sources and the same built plugin. The shared build
 * (packages/workbench/dist) stays as the other browser tests need it.
 */
async function buildWorkbench(env: NodeJS.ProcessEnv): Promise<boolean> {
  // The stamp `npm start` builds the workbench by (scripts/build-workbench.mjs, plain JavaScript).
  const { workbenchStamp } = (await import(pathToFileURL(join(ROOT, 'scripts/build-workbench.mjs')).href)) as { workbenchStamp(): string };
  const h = createHash('sha256').update(workbenchStamp());
  for (const f of files(join(PLUGIN, 'dist'))) h.update(f.slice(PLUGIN.length)).update(readFileSync(f));
  const want = h.digest('hex');
  if (existsSync(STAMP) && readFileSync(STAMP, 'utf8') === want) return false;
  // The workbench's own build (`vite build`), into this test's folder.
  await exec(process.execPath, [join(ROOT, 'packages/workbench/node_modules/vite/bin/vite.js'), 'build', '--outDir', WORKBENCH, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: join(ROOT, 'packages/workbench'),
    env,
    maxBuffer: 16 * 1024 * 1024,
  });
  writeFileSync(STAMP, want);
  return true;
}

/**
 * A plugin made from the template, as its own package outside this repository: `tezgah plugin new`
 * writes it, its own `build` (tsc) builds it against the workspace's packages, and with
 * TEZGAH_PLUGINS naming it the workbench shows its page and the server answers its route.
 */
describe('a plugin package made with tezgah plugin new', () => {
  let t: TestServer;
  let sessions: Sessions;
  let closeWorkbench: (() => Promise<void>) | undefined;
  const before = process.env.TEZGAH_PLUGINS;

  beforeAll(async () => {
    const started = Date.now();
    const seconds = (from: number) => `${((Date.now() - from) / 1000).toFixed(1)} s`;
    rmSync(PARENT, { recursive: true, force: true });
    mkdirSync(PARENT, { recursive: true });
    const made = await run(['plugin', 'new', NAME, '--dir', PARENT, '--json'], { env: { TEZGAH_CONFIG_DIR: tempConfigDir() }, program: { discover: false } });
    expect(made.stderr).toBe('');
    expect(made.code).toBe(0);
    linkDependencies(PLUGIN);
    // The package's own build script: tsc, type-checking against the packages it depends on.
    const pkg = JSON.parse(readFileSync(join(PLUGIN, 'package.json'), 'utf8')) as { scripts: { build: string } };
    expect(pkg.scripts.build).toBe('tsc -p tsconfig.json');
    await exec(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json'], { cwd: PLUGIN });
    const madeIn = seconds(started);

    const env = { ...process.env, TEZGAH_PLUGINS: PLUGIN };
    process.env.TEZGAH_PLUGINS = PLUGIN;
    try {
      const buildStarted = Date.now();
      const built = await buildWorkbench(env);
      const builtIn = seconds(buildStarted);
      // The server loads the outside plugins named in TEZGAH_PLUGINS when it starts.
      const serverStarted = Date.now();
      ({ t, sessions, close: closeWorkbench } = await startWorkbench({ workbenchDir: WORKBENCH }));
      console.log(`plugin package: made and built (tsc) in ${madeIn}; workbench ${built ? 'built' : 'reused'} in ${builtIn} (${WORKBENCH}); server and browser in ${seconds(serverStarted)}`);
    } finally {
      if (before === undefined) delete process.env.TEZGAH_PLUGINS;
      else process.env.TEZGAH_PLUGINS = before;
    }
  }, 400_000);

  afterAll(async () => {
    await closeWorkbench?.();
    rmSync(PARENT, { recursive: true, force: true });
  });

  it('shows its menu entry and its page, which reads its route as the signed-in user', async () => {
    const { context, page } = await sessions.newPage('eczaci');
    try {
      await page.goto(`${t.url}/${NAME}`);
      await expect.poll(() => page.getByRole('heading', { name: 'Acme Notes' }).count()).toBe(1);
      // The greeting is the server's answer, asked with the session's cookies.
      await expect.poll(() => page.locator(`.${NAME}-greeting`).textContent()).toBe('Merhaba, eczaci!');
      await expect.poll(() => page.getByRole('navigation', { name: 'Ana menü' }).getByText('Acme Notes').count()).toBeGreaterThan(0);
      await quiet(page);
    } finally {
      await context.close();
    }
  });

  it('answers its route, as its contract says, to a signed-in caller only', async () => {
    const api = http(t.url);
    const token = await api.signIn('eczaci');
    const answer = await api.call('GET', `/plugins/${NAME}/greeting`, { token });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ plugin: NAME, login: 'eczaci', companyId: expect.any(Number), message: 'Merhaba, eczaci!' });
    expect((await api.call('GET', `/plugins/${NAME}/greeting?name=Ay%C5%9Fe`, { token })).body.message).toBe('Merhaba, Ayşe!');
    // The handler's refusal, thrown with pluginProblem of the installed @tezgah/plugin-server, answered as a problem.
    const blank = await api.call('GET', `/plugins/${NAME}/greeting?name=%20%20`, { token });
    expect([blank.status, blank.headers.get('content-type')]).toEqual([400, expect.stringContaining('application/problem+json')]);
    expect(blank.body).toMatchObject({
      title: 'Geçersiz istek', status: 400, code: 'NAME_BLANK', detail: 'Ad yalnızca boşluktan oluşamaz.',
      fieldErrors: [{ field: 'name', message: 'Ad yalnızca boşluktan oluşamaz.', code: 'NAME_BLANK' }],
    });
    expect((await api.call('GET', `/plugins/${NAME}/greeting`)).status).toBe(401);
    const contract = await api.call('GET', '/openapi.json');
    expect(contract.body.paths[`/plugins/${NAME}/greeting`].get.operationId).toBe('acmeNotesGreeting');
  });

  it("passes its own test (npm test: vitest, the page in jsdom)", async () => {
    // A run of its own in the plugin's folder, not a part of this one.
    const env = { ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('VITEST') && k !== 'TEZGAH_PLUGINS' && k !== 'FORCE_COLOR')), NO_COLOR: '1' };
    const { stdout } = await exec(process.execPath, [join(ROOT, 'node_modules/vitest/vitest.mjs'), 'run', '--reporter', 'verbose'], { cwd: PLUGIN, env });
    expect(stdout).toContain("shows the route's greeting, asked with the session's token and company");
    expect(stdout).toMatch(/Tests\s+3 passed \(3\)/);
  });

  it('adds its command to tezgah, which asks the route as the signed-in profile', async () => {
    const env = { TEZGAH_CONFIG_DIR: tempConfigDir(), TEZGAH_PLUGINS: PLUGIN, LANG: 'C' };
    const login = await run(['login', '--url', t.url, '--username', 'eczaci', '--password-stdin'], { env, stdin: 'demo1234\n', program: { discover: false } });
    expect(login.code).toBe(0);
    const greeting = await run([NAME, 'greeting', '--json'], { env, program: { discover: false } });
    expect(greeting.stderr).toBe('');
    expect(greeting.code).toBe(0);
    expect(JSON.parse(greeting.stdout)).toMatchObject({ plugin: NAME, login: 'eczaci', message: 'Merhaba, eczaci!' });
  });
});
