import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL, fileURLToPath } from 'node:url';
import { pluginPackages, type PluginPackage } from '@tezgah/core/plugin-packages';
import type { ServerPlugin } from './types';
import { fragmentOperationIds, OutsidePluginError, readContractFragment } from './contract';
import { pluginSchema } from '../db/migrate';

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

/**
 * Loads every discovered server plugin (its default export), then the outside plugins that
 * `TEZGAH_PLUGINS` names ({@link outsidePlugins}); the kernel lists none by name.
 */
export async function discoverServerPlugins(root = REPO_ROOT, env: Record<string, string | undefined> = process.env): Promise<ServerPlugin[]> {
  const own = await workspacePlugins(root);
  const outside = await outsidePlugins([process.cwd(), root], env);
  for (const p of outside) {
    if (p.id === 'kernel' || own.some((o) => o.id === p.id)) throw new OutsidePluginError(`TEZGAH_PLUGINS: plugin id "${p.id}" is already the id of one of the repository's plugins`);
  }
  return [...own, ...outside];
}

async function workspacePlugins(root: string): Promise<ServerPlugin[]> {
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

/**
 * The outside plugins (`TEZGAH_PLUGINS`, @tezgah/core/plugin-packages): for each package with a
 * `tezgah.server` entry, its built JavaScript is imported now, at run time (the built server does
 * not know them when it is built). The loader checks that the entry's plugin has the manifest's
 * id, reads its `tezgah.contract` fragment (its handlers may only answer operations of that
 * fragment) and confines its migrations to its own schema, `plugin_<id>`. A package without a
 * server entry brings no server part; one that has a contract but no server entry is an error.
 * `roots`: the project root (where the server runs from), then the repository root.
 */
export async function outsidePlugins(roots: readonly string[], env: Record<string, string | undefined> = process.env): Promise<ServerPlugin[]> {
  const plugins: ServerPlugin[] = [];
  for (const pkg of pluginPackages(roots, env)) {
    const plugin = await loadOutsidePlugin(pkg);
    if (plugin) plugins.push(plugin);
  }
  return plugins;
}

async function loadOutsidePlugin(pkg: PluginPackage): Promise<ServerPlugin | null> {
  const where = `TEZGAH_PLUGINS: ${pkg.spec}`;
  const entry = pkg.parts.server;
  if (!entry) {
    if (pkg.parts.contract) throw new OutsidePluginError(`${where}: "tezgah.contract" without "tezgah.server": nothing would answer its operations`);
    return null;
  }
  let mod: { default?: unknown; plugin?: unknown };
  try {
    mod = await import(pathToFileURL(entry).href);
  } catch (e) {
    throw new OutsidePluginError(`${where}: ${entry} cannot be loaded: ${(e as Error).message}`);
  }
  const plugin = (mod.default ?? mod.plugin) as ServerPlugin | undefined;
  if (!plugin || typeof plugin !== 'object' || typeof plugin.id !== 'string' || !plugin.handlers || typeof plugin.handlers !== 'object') {
    throw new OutsidePluginError(`${where}: ${entry} has no ServerPlugin default export`);
  }
  if (plugin.id !== pkg.id) throw new OutsidePluginError(`${where}: its server plugin's id is "${plugin.id}", its manifest's "${pkg.id}"`);
  const contract = pkg.parts.contract ? await readContractFragment(pkg.id, pkg.parts.contract) : undefined;
  const own = new Set(contract ? fragmentOperationIds(contract) : []);
  for (const op of Object.keys(plugin.handlers)) {
    if (!own.has(op)) throw new OutsidePluginError(`${where}: handler ${op} answers no operation of its own contract${contract ? ` (${contract.source})` : ' (it has no "tezgah.contract")'}`);
  }
  return {
    ...plugin,
    ...(contract ? { contract } : {}),
    ...(plugin.migrations ? { migrations: { owner: pkg.id, dir: plugin.migrations.dir, schema: pluginSchema(pkg.id) } } : {}),
  };
}
