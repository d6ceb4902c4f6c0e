import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL, fileURLToPath } from 'node:url';
import type { ServerPlugin } from './types';

export const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/** Example plugins (examples/) load only with `TEZGAH_EXAMPLES=1`: development and tests, not the product. */
export function examplesEnabled(env: Record<string, string | undefined> = process.env): boolean {
  return env.TEZGAH_EXAMPLES === '1';
}

/**
 * Workspace packages that contribute to the server: `"tezgah": { "server": "./src/index.ts" }`
 * under plugins/<id>/, and under examples/ when {@link examplesEnabled}.
 */
export function serverPluginEntries(root = REPO_ROOT, examples = examplesEnabled()): { name: string; entry: string }[] {
  const found: { name: string; entry: string }[] = [];
  const visit = (dir: string) => {
    const manifest = join(dir, 'package.json');
    if (!existsSync(manifest)) return;
    const pkg = JSON.parse(readFileSync(manifest, 'utf8'));
    if (typeof pkg?.tezgah?.server === 'string') found.push({ name: pkg.name, entry: resolve(dir, pkg.tezgah.server) });
  };
  const children = (dir: string) => (existsSync(dir) ? readdirSync(dir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => join(dir, d.name)) : []);
  for (const plugin of children(join(root, 'plugins'))) for (const part of children(plugin)) visit(part);
  if (examples) for (const dir of children(join(root, 'examples'))) visit(dir);
  return found.sort((a, b) => a.name.localeCompare(b.name));
}

/** Loads every discovered server plugin (its default export); the kernel lists none by name. */
export async function discoverServerPlugins(root = REPO_ROOT): Promise<ServerPlugin[]> {
  // The built server (scripts/build-server.mjs) found them at build time and imported them already.
  const built = (globalThis as Record<symbol, unknown>)[Symbol.for('tezgah.serverPlugins')] as { name: string; plugin: ServerPlugin }[] | undefined;
  if (built && root === REPO_ROOT) return built.map((b) => b.plugin);
  const plugins: ServerPlugin[] = [];
  for (const { name, entry } of serverPluginEntries(root)) {
    const mod = await import(pathToFileURL(entry).href);
    const plugin = (mod.default ?? mod.plugin) as ServerPlugin | undefined;
    if (!plugin?.id || !plugin.handlers) throw new Error(`${name}: ${entry} has no ServerPlugin default export`);
    plugins.push(plugin);
  }
  return plugins;
}
