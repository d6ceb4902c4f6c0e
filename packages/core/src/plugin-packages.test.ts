import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PluginPackageError, pluginPackages, pluginSpecs } from './plugin-packages';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A project folder with packages in its node_modules: name → package.json and files. */
function project(packages: Record<string, { pkg: unknown; files?: string[] }>): string {
  const root = mkdtempSync(join(tmpdir(), 'tezgah-plugin-packages-'));
  dirs.push(root);
  for (const [name, { pkg, files = [] }] of Object.entries(packages)) {
    const dir = join(root, 'node_modules', name);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'package.json'), JSON.stringify(pkg));
    for (const f of files) {
      mkdirSync(join(dir, f, '..'), { recursive: true });
      writeFileSync(join(dir, f), '');
    }
  }
  return root;
}

const notes = {
  pkg: { name: '@acme/tezgah-notes', version: '1.2.3', tezgah: { id: 'acme-notes', server: './dist/server/index.js', contract: './contract/openapi.yaml' } },
  files: ['dist/server/index.js', 'contract/openapi.yaml'],
};

describe('plugin packages (TEZGAH_PLUGINS)', () => {
  it('finds a named package in the project root node_modules with its manifest', () => {
    const root = project({ '@acme/tezgah-notes': notes });
    const [found, ...rest] = pluginPackages([root], { TEZGAH_PLUGINS: ' @acme/tezgah-notes , ' });
    expect(rest).toEqual([]);
    expect(found).toMatchObject({ spec: '@acme/tezgah-notes', name: '@acme/tezgah-notes', version: '1.2.3', id: 'acme-notes', dir: join(root, 'node_modules', '@acme/tezgah-notes') });
    expect(found!.parts).toEqual({
      server: join(root, 'node_modules', '@acme/tezgah-notes', 'dist/server/index.js'),
      contract: join(root, 'node_modules', '@acme/tezgah-notes', 'contract/openapi.yaml'),
    });
  });

  it('looks in the next root (the repository) when the project root has no such package, and takes folder paths', () => {
    const repo = project({ '@acme/tezgah-notes': notes });
    const empty = project({});
    expect(pluginPackages([empty, repo], { TEZGAH_PLUGINS: '@acme/tezgah-notes' })[0]!.dir).toBe(join(repo, 'node_modules', '@acme/tezgah-notes'));
    const byPath = pluginPackages([repo], { TEZGAH_PLUGINS: './node_modules/@acme/tezgah-notes' });
    expect(byPath[0]!.id).toBe('acme-notes');
  });

  it('names a package that is missing', () => {
    const root = project({});
    expect(() => pluginPackages([root], { TEZGAH_PLUGINS: '@acme/missing' })).toThrow(PluginPackageError);
    expect(() => pluginPackages([root], { TEZGAH_PLUGINS: '@acme/missing' })).toThrow(/TEZGAH_PLUGINS: @acme\/missing: package not found/);
    expect(() => pluginPackages([root], { TEZGAH_PLUGINS: './nowhere' })).toThrow(/TEZGAH_PLUGINS: \.\/nowhere: no package.json/);
  });

  it('refuses a package without a valid manifest, a missing part, and two packages with one id', () => {
    const root = project({
      plain: { pkg: { name: 'plain' } },
      'bad-id': { pkg: { name: 'bad-id', tezgah: { id: 'Acme Notes' } } },
      'no-file': { pkg: { name: 'no-file', tezgah: { id: 'no-file', web: './dist/web/index.js' } } },
      twin: { pkg: { name: 'twin', tezgah: { id: 'acme-notes' } } },
      '@acme/tezgah-notes': notes,
    });
    expect(() => pluginPackages([root], { TEZGAH_PLUGINS: 'plain' })).toThrow('TEZGAH_PLUGINS: plain: package.json has no "tezgah" manifest');
    expect(() => pluginPackages([root], { TEZGAH_PLUGINS: 'bad-id' })).toThrow('TEZGAH_PLUGINS: bad-id: "tezgah.id" must be');
    expect(() => pluginPackages([root], { TEZGAH_PLUGINS: 'no-file' })).toThrow(/TEZGAH_PLUGINS: no-file: "tezgah.web" names .*dist\/web\/index.js, which does not exist/);
    expect(() => pluginPackages([root], { TEZGAH_PLUGINS: '@acme/tezgah-notes,twin' })).toThrow('TEZGAH_PLUGINS: twin: plugin id "acme-notes" is also the id of @acme/tezgah-notes');
  });

  it('reads nothing when the variable is empty', () => {
    expect(pluginSpecs(undefined)).toEqual([]);
    expect(pluginPackages(['/nonexistent'], {})).toEqual([]);
  });
});
