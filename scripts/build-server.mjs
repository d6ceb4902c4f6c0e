#!/usr/bin/env node
// Builds the server once into packages/server/dist/main.mjs (esbuild: one ES module with the
// kernel, @tezgah/core and every discovered server plugin; node_modules stay imports), when its
// sources changed since the last build. `npm start` runs the built file with plain node instead of
// compiling TypeScript at every start.
//
// Each source file keeps its own import.meta.url (replaced by the file's address at build time),
// so the code that finds migrations, the contract, seed data and the workbench next to itself
// works the same built and unbuilt. The build belongs to this checkout, like packages/workbench/dist.
// The outside plugins of TEZGAH_PLUGINS are not in the bundle: the built server imports their built
// JavaScript when it starts (packages/server/src/kernel/discover.ts), so they need no rebuild here.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ROOT } from './ensure.mjs';
import { walk } from './build-workbench.mjs';

export const SERVER_DIST = join(ROOT, 'packages', 'server', 'dist');
export const SERVER_MAIN = join(SERVER_DIST, 'main.mjs');
const STAMP = join(SERVER_DIST, '.tezgah-build');

const serverSource = (name) => /\.(ts|mts|js|mjs|json)$/.test(name) && !/\.test\.tsx?$/.test(name);

/** The workspace packages with `"tezgah": { "server": … }` (as packages/server/src/kernel/discover.ts finds them). */
function serverPlugins() {
  const found = [];
  const children = (dir) => (existsSync(dir) ? readdirSync(dir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => join(dir, d.name)) : []);
  const visit = (dir) => {
    const manifest = join(dir, 'package.json');
    if (!existsSync(manifest)) return;
    const pkg = JSON.parse(readFileSync(manifest, 'utf8'));
    if (typeof pkg?.tezgah?.server === 'string') found.push({ name: pkg.name, dir, entry: resolve(dir, pkg.tezgah.server) });
  };
  for (const plugin of children(join(ROOT, 'plugins'))) for (const part of children(plugin)) visit(part);
  // Examples only when asked (TEZGAH_EXAMPLES=1), as discover.ts; the setting is part of the stamp.
  if (process.env.TEZGAH_EXAMPLES === '1') for (const dir of children(join(ROOT, 'examples'))) visit(dir);
  return found.sort((a, b) => a.name.localeCompare(b.name));
}

function sources() {
  const files = [];
  for (const d of ['packages/server/src', 'packages/core/src']) walk(join(ROOT, d), files, serverSource);
  for (const p of serverPlugins()) walk(join(p.dir, 'src'), files, serverSource), files.push(join(p.dir, 'package.json'));
  files.push(join(ROOT, 'pnpm-lock.yaml'), join(ROOT, 'scripts', 'build-server.mjs'), join(ROOT, 'packages', 'server', 'package.json'));
  return files.filter((f) => existsSync(f) && statSync(f).isFile()).sort();
}

export function serverStamp() {
  const h = createHash('sha256');
  h.update(process.version);
  h.update(`examples=${process.env.TEZGAH_EXAMPLES === '1'}`);
  for (const f of sources()) h.update(f.slice(ROOT.length)).update(readFileSync(f));
  return h.digest('hex');
}

/** Builds unless dist matches the sources; returns true when it built. */
export async function ensureServer() {
  const want = serverStamp();
  if (existsSync(STAMP) && existsSync(SERVER_MAIN) && readFileSync(STAMP, 'utf8') === want) return false;
  process.stderr.write('[tezgah] building the server (esbuild)\n');
  const { build } = await import('esbuild');
  const plugins = serverPlugins();
  // The entry registers the discovered plugins before main runs (imports evaluate in order).
  const registry = [
    ...plugins.map((p, i) => `import p${i} from ${JSON.stringify(p.entry)};`),
    `globalThis[Symbol.for('tezgah.serverPlugins')] = [${plugins.map((p, i) => `{ name: ${JSON.stringify(p.name)}, plugin: p${i} }`).join(', ')}];`,
  ].join('\n');
  await build({
    stdin: {
      contents: `import 'tezgah:server-plugins';\nimport ${JSON.stringify(join(ROOT, 'packages/server/src/main.ts'))};\n`,
      resolveDir: ROOT,
      sourcefile: 'tezgah-server-entry.mjs',
      loader: 'js',
    },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile: SERVER_MAIN,
    sourcemap: 'linked',
    logLevel: 'warning',
    // Node's require for the CommonJS packages that stay imports.
    banner: { js: "import { createRequire as __tezgahCreateRequire } from 'node:module'; const require = __tezgahCreateRequire(import.meta.url);" },
    plugins: [{
      name: 'tezgah',
      setup(b) {
        b.onResolve({ filter: /^tezgah:server-plugins$/ }, () => ({ path: 'server-plugins', namespace: 'tezgah' }));
        b.onLoad({ filter: /.*/, namespace: 'tezgah' }, () => ({ contents: registry, resolveDir: ROOT, loader: 'js' }));
        // Workspace packages (@tezgah/*) are TypeScript sources: bundle them. Everything else from
        // node_modules stays an import, by its resolved absolute path: pnpm gives each package only
        // its own dependencies, so a plugin's dependency is not resolvable from the bundle's folder.
        b.onResolve({ filter: /^[^./]/ }, async (args) => {
          if (args.path.startsWith('@tezgah/') || args.pluginData === 'tezgah-resolving') return undefined;
          const r = await b.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, importer: args.importer, pluginData: 'tezgah-resolving' });
          if (r.errors.length) return { errors: r.errors };
          if (r.external || !r.path.startsWith('/')) return { path: args.path, external: true };
          return { path: r.path, external: true };
        });
        b.onLoad({ filter: /\.(ts|mts)$/ }, (args) => {
          const text = readFileSync(args.path, 'utf8').replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href));
          return { contents: text, loader: 'ts' };
        });
      },
    }],
  });
  mkdirSync(dirname(STAMP), { recursive: true });
  writeFileSync(STAMP, want);
  return true;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  ensureServer().catch((e) => {
    process.stderr.write(`[tezgah] the server build failed: ${e.message ?? e}\n`);
    process.exit(1);
  });
}
