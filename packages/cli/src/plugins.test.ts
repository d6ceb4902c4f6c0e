import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadPluginModules, orderPlugins, outsideCliEntries, registerCommands, registeredPlugins, unregisterCommands, type CliPlugin } from './plugins';
import { run } from './testing/fake-server';

const noop = () => undefined;
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  for (const p of registeredPlugins()) if (p.id.startsWith('test-')) unregisterCommands(p.id);
});

describe('orderPlugins', () => {
  it('puts requirements first and keeps the last plugin of an id', () => {
    const a: CliPlugin = { id: 'a', requires: ['b'], register: noop };
    const b: CliPlugin = { id: 'b', register: noop };
    const b2: CliPlugin = { id: 'b', register: noop };
    expect(orderPlugins([a, b, b2]).map((p) => p.id)).toEqual(['b', 'a']);
    expect(orderPlugins([a, b, b2])[0]).toBe(b2);
  });

  it('refuses a missing requirement or a cycle', () => {
    expect(() => orderPlugins([{ id: 'a', requires: ['x'], register: noop }])).toThrow('requires "x"');
    expect(() =>
      orderPlugins([
        { id: 'a', requires: ['b'], register: noop },
        { id: 'b', requires: ['a'], register: noop },
      ]),
    ).toThrow('cycle');
  });
});

describe('registerCommands', () => {
  it('accepts a bare register function and unregisters', () => {
    const off = registerCommands(function testBare() {});
    expect(registeredPlugins().some((p) => p.id === 'testBare')).toBe(true);
    off();
    expect(registeredPlugins().some((p) => p.id === 'testBare')).toBe(false);
  });
});

describe('TEZGAH_CLI_PLUGINS', () => {
  it('imports plugin modules and registers their default export', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tezgah-plugin-'));
    dirs.push(dir);
    const file = join(dir, 'hello.mjs');
    writeFileSync(
      file,
      `export default { id: 'test-hello', register(program, ctx) { program.command('hello').action(() => ctx.output.result({ hi: 1 }, () => ctx.output.line('hi'))); } };\n`,
    );
    const r = await run(['hello', '--json'], { env: { TEZGAH_CONFIG_DIR: dir, TEZGAH_CLI_PLUGINS: file } });
    expect(r).toEqual({ code: 0, stdout: '{\n  "hi": 1\n}\n', stderr: '' });
  });

  it('warns about a module that does not load and goes on', async () => {
    expect(await loadPluginModules('./does-not-exist.mjs, ')).toEqual([
      expect.stringContaining('CLI plugin ./does-not-exist.mjs was not loaded'),
    ]);
    const dir = mkdtempSync(join(tmpdir(), 'tezgah-plugin-'));
    dirs.push(dir);
    const r = await run(['--help'], { env: { TEZGAH_CONFIG_DIR: dir, TEZGAH_CLI_PLUGINS: '/nope/missing.mjs', LANG: 'en_US.UTF-8' } });
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('warning: CLI plugin /nope/missing.mjs was not loaded');
    // In the run's language, Turkish by default.
    const tr = await run(['--help'], { env: { TEZGAH_CONFIG_DIR: dir, TEZGAH_CLI_PLUGINS: '/nope/missing.mjs' } });
    expect(tr.stderr).toContain('uyarı: CLI eklentisi /nope/missing.mjs yüklenemedi');
  });

  it('a plugin with a missing requirement makes the program fail to start (exit 2)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tezgah-plugin-'));
    dirs.push(dir);
    const r = await run(['--help'], {
      env: { TEZGAH_CONFIG_DIR: dir, LANG: 'en_US.UTF-8' },
      program: { plugins: [{ id: 'test-needy', requires: ['no-such-plugin'], register: noop }] },
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('error: CLI plugin "test-needy" requires "no-such-plugin", which is not registered\n');
  });
});

describe('TEZGAH_PLUGINS (plugins as packages)', () => {
  /** A project folder with an outside plugin package in its node_modules. */
  function project(manifest: Record<string, unknown>): string {
    const root = mkdtempSync(join(tmpdir(), 'tezgah-outside-cli-'));
    dirs.push(root);
    const dir = join(root, 'node_modules', '@acme', 'tezgah-notes');
    mkdirSync(join(dir, 'dist', 'cli'), { recursive: true });
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: '@acme/tezgah-notes', type: 'module', tezgah: manifest }));
    writeFileSync(
      join(dir, 'dist', 'cli', 'index.js'),
      `export default { id: 'test-acme-notes', register(program, ctx) { program.command('notes').action(() => ctx.output.result({ notes: 0 }, () => ctx.output.line('0'))); } };\n`,
    );
    return root;
  }

  it("finds a package by name in a root's node_modules and loads its tezgah.cli entry", async () => {
    const root = project({ id: 'acme-notes', cli: './dist/cli/index.js' });
    expect(outsideCliEntries([root], { TEZGAH_PLUGINS: '@acme/tezgah-notes' })).toEqual([
      { spec: '@acme/tezgah-notes', id: 'acme-notes', entry: join(root, 'node_modules', '@acme', 'tezgah-notes', 'dist', 'cli', 'index.js') },
    ]);
    const r = await run(['notes', '--json'], { env: { TEZGAH_CONFIG_DIR: root, TEZGAH_PLUGINS: join(root, 'node_modules', '@acme', 'tezgah-notes') } });
    expect(r).toEqual({ code: 0, stdout: '{\n  "notes": 0\n}\n', stderr: '' });
  });

  it('stops with the name of a package that is missing or has no valid manifest', async () => {
    const root = project({ cli: './dist/cli/index.js' });
    expect(() => outsideCliEntries([root], { TEZGAH_PLUGINS: '@acme/missing' })).toThrow(/TEZGAH_PLUGINS: @acme\/missing: package not found/);
    expect(() => outsideCliEntries([root], { TEZGAH_PLUGINS: '@acme/tezgah-notes' })).toThrow('TEZGAH_PLUGINS: @acme/tezgah-notes: "tezgah.id" must be');
    const r = await run(['--help'], { env: { TEZGAH_CONFIG_DIR: root, TEZGAH_PLUGINS: '/nope/missing-plugin', LANG: 'en_US.UTF-8' } });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('error: TEZGAH_PLUGINS: /nope/missing-plugin: no package.json in /nope/missing-plugin\n');
  });
});
