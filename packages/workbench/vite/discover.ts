import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Plugin } from 'vite';

/** A workspace package that contributes to the workbench: `"tezgah": { "web": "./src/index.ts" }`. */
export interface DiscoveredPlugin {
  name: string;
  dir: string;
  entry: string;
}

/**
 * Whether the example plugins under examples/ join the build: only when `TEZGAH_EXAMPLES=1`
 * (development and tests). The product a pharmacy uses carries no example.
 */
export function examplesEnabled(env: Record<string, string | undefined> = process.env): boolean {
  return env.TEZGAH_EXAMPLES === '1';
}

/**
 * Finds the workbench plugins of the workspace by their package.json, in a stable order (built-in
 * plugins under plugins/ first, then examples/ when asked and other packages). Adding a folder is
 * enough: the kernel lists no plugin by name.
 */
export function discoverWebPlugins(root: string, opts: { examples?: boolean } = {}): DiscoveredPlugin[] {
  const examples = opts.examples ?? examplesEnabled();
  const found: DiscoveredPlugin[] = [];
  const visit = (dir: string) => {
    const manifest = join(dir, 'package.json');
    if (!existsSync(manifest)) return;
    const pkg = JSON.parse(readFileSync(manifest, 'utf8'));
    const web = pkg?.tezgah?.web;
    if (typeof web === 'string') found.push({ name: pkg.name, dir, entry: resolve(dir, web) });
  };
  const children = (dir: string) => (existsSync(dir) ? readdirSync(dir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => join(dir, d.name)) : []);
  for (const pluginDir of children(join(root, 'plugins'))) {
    visit(pluginDir);
    for (const part of children(pluginDir)) visit(part);
  }
  if (examples) for (const dir of children(join(root, 'examples'))) visit(dir);
  for (const dir of children(join(root, 'packages'))) visit(dir);
  return found.sort((a, b) => a.name.localeCompare(b.name));
}

const VIRTUAL = 'virtual:tezgah-plugins';
const RESOLVED = `\0${VIRTUAL}`;

/** Vite plugin: `import { loadPlugins } from 'virtual:tezgah-plugins'`; `await loadPlugins()` gives every discovered WebPlugin. */
export function tezgahPlugins(root: string, opts: { examples?: boolean } = {}): Plugin {
  return {
    name: 'tezgah-plugins',
    resolveId(id) {
      return id === VIRTUAL ? RESOLVED : null;
    },
    load(id) {
      if (id !== RESOLVED) return null;
      const list = discoverWebPlugins(root, opts);
      for (const p of list) this.addWatchFile(join(p.dir, 'package.json'));
      // Dynamic imports: each plugin's declarations and texts are a chunk the first page does not
      // load; the shell asks for them once a session is there (deferredRegistry).
      const imports = list.map((p) => `import(${JSON.stringify(p.entry)}).then((m) => m.default)`).join(',\n    ');
      const names = list.map((p) => JSON.stringify(p.name)).join(', ');
      return `export const packages = [${names}];\nexport function loadPlugins() {\n  return Promise.all([\n    ${imports}\n  ]);\n}\n`;
    },
  };
}
