import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { run, tempConfigDir } from '../testing/fake-server';
import { camelOf, newPlugin, templateDir, titleOf } from './plugin';

const cliPackage = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string; files: string[] };
const corePackage = JSON.parse(readFileSync(new URL('../../../core/package.json', import.meta.url), 'utf8')) as { version: string };
const sdkPackage = JSON.parse(readFileSync(new URL('../../../sdk/package.json', import.meta.url), 'utf8')) as { version: string };
const serverTypesPackage = JSON.parse(readFileSync(new URL('../../../plugin-server/package.json', import.meta.url), 'utf8')) as { version: string };

const folders: string[] = [];
function tempFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'tezgah-plugin-new-'));
  folders.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const env = () => ({ TEZGAH_CONFIG_DIR: tempConfigDir(), LANG: 'C' });
const read = (dir: string, file: string) => readFileSync(join(dir, file), 'utf8');

describe('tezgah plugin new', () => {
  it('writes the plugin package with its name in every part', async () => {
    const parent = tempFolder();
    const r = await run(['plugin', 'new', 'acme-notes', '--dir', parent], { env: env(), program: { discover: false } });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const dir = join(parent, 'acme-notes');
    expect(r.stdout).toContain(`acme-notes eklentisi oluşturuldu: ${dir}`);
    expect(r.stdout).toContain('npm run build');

    const pkg = JSON.parse(read(dir, 'package.json'));
    expect(pkg.name).toBe('acme-notes');
    expect(pkg.tezgah).toEqual({
      id: 'acme-notes',
      web: './dist/web/index.js',
      server: './dist/server/index.js',
      cli: './dist/cli/index.js',
      contract: './contract/openapi.yaml',
    });
    expect(pkg.dependencies['@tezgah/core']).toBe(`^${corePackage.version}`);
    expect(pkg.dependencies['@tezgah/sdk']).toBe(`^${sdkPackage.version}`);
    expect(pkg.dependencies['@tezgah/cli']).toBe(`^${cliPackage.version}`);
    // The server part uses its pluginProblem at run time, not only its types.
    expect(pkg.dependencies['@tezgah/plugin-server']).toBe(`^${serverTypesPackage.version}`);
    expect(pkg.devDependencies['@tezgah/plugin-server']).toBeUndefined();
    expect(read(dir, 'src/server/index.ts')).toContain("import { pluginProblem, type ServerPlugin } from '@tezgah/plugin-server';");
    expect(Object.keys(pkg.peerDependencies)).toEqual(['@tanstack/react-query', 'react']);
    expect(pkg.devDependencies.typescript).toBe('6.0.3');
    expect(pkg.scripts.build).toBe('tsc -p tsconfig.json');

    for (const file of [
      '.gitignore', 'README.md', 'tsconfig.json', 'vitest.config.ts', 'contract/openapi.yaml',
      'src/web/index.ts', 'src/web/Page.tsx', 'src/web/Page.test.tsx', 'src/web/Page.stories.tsx',
      'src/server/index.ts', 'src/cli/index.ts',
    ]) expect(existsSync(join(dir, file)), file).toBe(true);

    // No placeholder is left, in any file.
    const all = (d: string): string[] => readdirSync(d, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? all(join(d, e.name)) : [join(d, e.name)]));
    for (const file of all(dir)) expect(readFileSync(file, 'utf8'), file).not.toMatch(/__[A-Z_]+__/);

    expect(read(dir, 'src/web/index.ts')).toContain("route: '/acme-notes'");
    expect(read(dir, 'src/web/index.ts')).toContain("title: 'Acme Notes'");
    expect(read(dir, 'contract/openapi.yaml')).toContain('  /plugins/acme-notes/greeting:');
    expect(read(dir, 'contract/openapi.yaml')).toContain('operationId: acmeNotesGreeting');
    expect(read(dir, 'src/server/index.ts')).toContain('async acmeNotesGreeting(ctx)');
    expect(read(dir, 'src/cli/index.ts')).toContain(".command('acme-notes')");
    expect(read(dir, 'README.md')).toContain('TEZGAH_PLUGINS=acme-notes');
  });

  it('answers what it wrote as JSON', async () => {
    const parent = tempFolder();
    const r = await run(['plugin', 'new', 'notes2', '--dir', parent, '--json'], { env: env(), program: { discover: false } });
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.name).toBe('notes2');
    expect(out.dir).toBe(join(parent, 'notes2'));
    expect(out.files).toContain('src/server/index.ts');
    expect(out.files).toContain('.gitignore');
    expect(out.files).not.toContain('gitignore');
  });

  it.each(['Acme', '1notes', 'acme_notes', 'acme notes', 'ünlü', `a${'b'.repeat(40)}`, '../acme'])('refuses the name %j (exit 2)', async (name) => {
    const parent = tempFolder();
    const r = await run(['plugin', 'new', name, '--dir', parent, '--lang', 'en'], { env: env(), program: { discover: false } });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`error: invalid plugin name: '${name}'`);
    expect(readdirSync(parent)).toEqual([]);
  });

  it('refuses a folder that is not empty and leaves it as it was (exit 2)', async () => {
    const parent = tempFolder();
    mkdirSync(join(parent, 'acme'));
    writeFileSync(join(parent, 'acme', 'notes.txt'), 'mine');
    const r = await run(['plugin', 'new', 'acme', '--dir', parent], { env: env(), program: { discover: false } });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`hata: klasör boş değil: ${join(parent, 'acme')}\n`);
    expect(readdirSync(join(parent, 'acme'))).toEqual(['notes.txt']);
  });

  it('writes into an empty folder that is already there', () => {
    const parent = tempFolder();
    mkdirSync(join(parent, 'acme'));
    const made = newPlugin('acme', parent);
    expect(made.files).toContain('package.json');
    expect(JSON.parse(read(join(parent, 'acme'), 'package.json')).tezgah.id).toBe('acme');
  });

  it('names the parts from the plugin name', () => {
    expect(titleOf('acme-notes')).toBe('Acme Notes');
    expect(camelOf('acme-notes-2')).toBe('acmeNotes2');
    expect(camelOf('acme')).toBe('acme');
  });

  it('keeps its template in the package the CLI publishes', () => {
    expect(cliPackage.files).toContain('template');
    expect(templateDir()).toBe(join(new URL('../../', import.meta.url).pathname, 'template') + '/');
  });
});
