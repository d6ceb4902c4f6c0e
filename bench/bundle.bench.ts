/**
 * The workbench's weight: the JavaScript a browser downloads to show /auth/login (gzip-measured,
 * as a server that compresses would send it; budget 250 KB), and where each plugin's code went
 * (its own chunks, loaded only when its pages or widgets are first shown).
 *
 * Run: npm run bench:bundle   (builds the workbench when its sources changed)
 */
import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { execFileSync } from 'node:child_process';
import { launch, newPage } from '../e2e/browser';
import { createServer, WORKBENCH_DIST } from '../packages/server/src/server';
import { loadConfig } from '../packages/server/src/config';
import { PGlite } from '@electric-sql/pglite';

const BUDGET_KB = 250;
const kb = (n: number) => (n / 1024).toFixed(1);

execFileSync('node', ['scripts/build-workbench.mjs'], { stdio: 'inherit' });
const manifestFile = join(WORKBENCH_DIST, '.vite', 'manifest.json');
if (!existsSync(manifestFile)) throw new Error('no Vite manifest: is build.manifest on?');
const manifest: Record<string, { file: string; src?: string; isEntry?: boolean; isDynamicEntry?: boolean; imports?: string[]; dynamicImports?: string[] }> = JSON.parse(readFileSync(manifestFile, 'utf8'));

// 1. What /auth/login loads, in a real browser.
const server = await createServer({
  config: loadConfig({ PORT: '0', HOST: '127.0.0.1', TEZGAH_DEMO: '1', DATABASE_URL: '' }),
  pglite: await PGlite.create(),
  workbenchDir: WORKBENCH_DIST,
});
const { browser, close } = await launch();
const { page } = await newPage(browser);
const scripts = new Map<string, number>();
page.on('response', async (res) => {
  const url = res.url();
  if (!url.endsWith('.js')) return;
  const body = await res.body().catch(() => Buffer.alloc(0));
  scripts.set(new URL(url).pathname, body.length);
});
await page.goto(`${server.url}/auth/login`, { waitUntil: 'networkidle' });
await page.getByRole('button', { name: 'Giriş yap' }).waitFor();
await close();
await server.close();

let raw = 0;
let gz = 0;
const rows: string[] = [];
for (const [path] of scripts) {
  const bytes = readFileSync(join(WORKBENCH_DIST, path));
  const g = gzipSync(bytes, { level: 9 }).length;
  raw += bytes.length;
  gz += g;
  rows.push(`  ${path.padEnd(48)} ${kb(bytes.length).padStart(8)} KB  ${kb(g).padStart(7)} KB gzip`);
}
console.log(`\n/auth/login loads ${scripts.size} scripts:`);
console.log(rows.join('\n'));
console.log(`  ${'total'.padEnd(48)} ${kb(raw).padStart(8)} KB  ${kb(gz).padStart(7)} KB gzip   budget ${BUDGET_KB} KB gzip → ${gz / 1024 <= BUDGET_KB ? 'within' : 'OVER'} (${((gz / 1024 / BUDGET_KB) * 100).toFixed(0)}% of budget)`);

// 2. Each plugin's code: the chunks its lazily loaded modules went into.
const entry = Object.values(manifest).find((m) => m.isEntry)!;
const eager = new Set<string>();
const visit = (key: string) => {
  const m = manifest[key];
  if (!m || eager.has(m.file)) return;
  eager.add(m.file);
  for (const i of m.imports ?? []) visit(i);
};
visit(Object.keys(manifest).find((k) => manifest[k] === entry)!);
/** The plugin a source file belongs to: plugins/<id>, examples/<id> or the workbench's builtin/<id>. */
const pluginOf = (src: string): string | null => {
  const outside = /(?:^|\/)(plugins\/[^/]+|examples\/[^/]+)\//.exec(src);
  if (outside) return outside[1]!;
  const builtin = /(?:^|\/)src\/builtin\/([^/]+)\//.exec(src);
  return builtin ? `builtin/${builtin[1]}` : null;
};
const byPlugin = new Map<string, Set<string>>();
for (const [key, m] of Object.entries(manifest)) {
  if (!m.isDynamicEntry) continue;
  const owner = pluginOf(m.src ?? key);
  if (!owner) continue;
  if (!byPlugin.has(owner)) byPlugin.set(owner, new Set());
  byPlugin.get(owner)!.add(m.file);
}
console.log('\nplugin code (lazily loaded chunks):');
let problems = 0;
const seen = new Map<string, string>();
for (const [owner, files] of [...byPlugin].sort()) {
  let size = 0;
  for (const f of files) {
    size += gzipSync(readFileSync(join(WORKBENCH_DIST, f))).length;
    if (eager.has(f)) { console.log(`  ! ${f} of ${owner} is loaded eagerly by the entry`); problems++; }
    if (seen.has(f) && seen.get(f) !== owner) { console.log(`  ! ${f} is shared by ${owner} and ${seen.get(f)}`); problems++; }
    seen.set(f, owner);
  }
  console.log(`  ${owner.padEnd(28)} ${String(files.size).padStart(2)} chunk(s) ${kb(size).padStart(8)} KB gzip`);
}
console.log(problems ? `\n${problems} chunking problem(s)` : '\nevery plugin is in chunks of its own, none loaded by the entry');
process.exit(gz / 1024 <= BUDGET_KB && problems === 0 ? 0 : 1);
