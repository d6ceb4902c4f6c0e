import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Plugin } from 'vite';
// A relative import: Vite bundles the config's own files but would leave a workspace package's
// TypeScript to Node, which cannot load it.
import { pluginPackages } from '../../core/src/plugin-packages';

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
export function discoverWebPlugins(root: string, opts: { examples?: boolean; env?: Record<string, string | undefined> } = {}): DiscoveredPlugin[] {
  const examples = opts.examples ?? examplesEnabled(opts.env);
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
  found.sort((a, b) => a.name.localeCompare(b.name));
  return [...found, ...outsideWebPlugins(root, opts.env)];
}

/**
 * The outside plugin packages `TEZGAH_PLUGINS` names that bring a `tezgah.web` entry (built
 * JavaScript), after the repository's own, in the variable's order. A named package that is
 * missing or has no valid manifest stops the build with its name (@tezgah/core/plugin-packages).
 * Names resolve from the node_modules of the folder the build was started from (INIT_CWD when a
 * package manager runs it, else the current folder), then of the repository root;
 * scripts/build-workbench.mjs passes absolute folders.
 */
export function outsideWebPlugins(root: string, env: Record<string, string | undefined> = process.env): DiscoveredPlugin[] {
  const roots = [...new Set([env.INIT_CWD || process.cwd(), root])];
  return pluginPackages(roots, env).flatMap((p) => (p.parts.web ? [{ name: p.name, dir: p.dir, entry: p.parts.web }] : []));
}

const VIRTUAL = 'virtual:tezgah-plugins';
const RESOLVED = `\0${VIRTUAL}`;

/** Vite plugin: `import { loadPlugins } from 'virtual:tezgah-plugins'`; `await loadPlugins()` gives every discovered WebPlugin. */
export function tezgahPlugins(root: string, opts: { examples?: boolean } = {}): Plugin {
  return {
    name: 'tezgah-plugins',
    // An outside plugin's built entry imports react and the query client from its own folder:
    // the workbench's one copy must serve it (one React, one QueryClient).
    config: () => ({ resolve: { dedupe: ['react', 'react-dom', '@tanstack/react-query'] } }),
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
