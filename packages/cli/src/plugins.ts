/**
 * Plugins add commands to `tezgah` (ARCHITECTURE: plugins/<id>/cli). A plugin is
 * `{ id, register(program, ctx) }`; it adds its commands with `program.command(...)` and reaches
 * the API and the printer through `ctx`:
 *
 * ```ts
 * import { registerCommands, sayIn } from '@tezgah/cli';
 * registerCommands({
 *   id: 'pharmacy',
 *   register(program, ctx) {
 *     const say = sayIn(ctx.lang);
 *     program.command('recete').command('list').description(say({ tr: 'reçeteleri listeler', en: 'list the prescriptions' })).action(async () => {
 *       const page = await ctx.api().list('/services/onmuhasebe/api/...');
 *       ctx.output.result(page, (p) => ctx.output.table(p.items, [...]));
 *     });
 *   },
 * });
 * ```
 *
 * Registered plugins are loaded by every program `createProgram` builds afterwards. The `tezgah`
 * binary first discovers the workspace's CLI plugins: every package under `plugins/<id>/*` or
 * `examples/*` (with `TEZGAH_EXAMPLES=1`) of the repository this package sits in whose package.json has
 * `"tezgah": { "cli": "./src/index.ts" }` (see {@link cliPluginEntries}). It then imports the
 * modules named in `TEZGAH_CLI_PLUGINS` (comma-separated module names or paths), which may
 * replace a discovered plugin of the same id. Such a module calls `registerCommands` itself or
 * default-exports a plugin.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { isAbsolute, join, resolve } from 'node:path';
import type { Command } from 'commander';
import type { TezgahPromiseApi } from '@tezgah/sdk';
import type { Lang } from './i18n';
import type { CliIo } from './io';
import type { Output } from './output';
import type { ProfileStore } from './profile';

/** What a plugin's commands get. */
export interface CliContext {
  readonly io: CliIo;
  /** Prints results (JSON with `--json`, tables otherwise). */
  readonly output: Output;
  /** The profile file (url, token, company id). */
  readonly profile: ProfileStore;
  /**
   * The run's one language (`--lang`, else the locale's, else Turkish): every line a command
   * prints, to stdout or stderr, is in it, and so is its help. Known when `register` runs (`runCli`
   * reads `--lang` from the command line first): give each description there in both languages,
   * `.description(sayIn(ctx.lang)({ tr: '…', en: '…' }))`. A program built with `createProgram`
   * may still be switched by `--lang` before the action, so read it in the action.
   */
  readonly lang: Lang;
  /**
   * The API of the signed-in profile (Promise façade); throws "not signed in" (exit 3) without one.
   * Its requests that may be sent twice (GETs, and writes with an `Idempotency-Key`) are retried
   * after a dropped connection or a 502/503/504, with a note on stderr.
   */
  api(): TezgahPromiseApi;
  /** The API of a server without a session (for sign-in and public calls). */
  apiFor(url: string): TezgahPromiseApi;
}

/** A contribution of commands. */
export interface CliPlugin {
  /** Unique id, e.g. the plugin folder name ("pharmacy"). Registering an id again replaces it. */
  readonly id: string;
  /** Ids of plugins whose commands this one extends; they are registered first. */
  readonly requires?: readonly string[];
  register(program: Command, ctx: CliContext): void;
}

const registry = new Map<string, CliPlugin>();
let anonymous = 0;

/**
 * Registers a plugin (or a bare `register` function) for every program built afterwards.
 * Returns a function that unregisters it.
 */
export function registerCommands(plugin: CliPlugin | CliPlugin['register']): () => void {
  const p: CliPlugin = typeof plugin === 'function' ? { id: plugin.name || `commands-${++anonymous}`, register: plugin } : plugin;
  registry.set(p.id, p);
  return () => {
    if (registry.get(p.id) === p) registry.delete(p.id);
  };
}

/** Removes the plugin registered under `id`; false when there was none. */
export function unregisterCommands(id: string): boolean {
  return registry.delete(id);
}

/** The registered plugins, in registration order. */
export function registeredPlugins(): CliPlugin[] {
  return [...registry.values()];
}

/**
 * Orders plugins so that each comes after those it `requires`. Duplicate ids keep the last one.
 * Throws on a missing requirement or a cycle.
 */
export function orderPlugins(plugins: readonly CliPlugin[]): CliPlugin[] {
  const byId = new Map<string, CliPlugin>();
  for (const p of plugins) byId.set(p.id, p);
  const done = new Set<string>();
  const visiting = new Set<string>();
  const out: CliPlugin[] = [];
  const visit = (p: CliPlugin) => {
    if (done.has(p.id)) return;
    if (visiting.has(p.id)) throw new Error(`CLI plugin "${p.id}": requirement cycle`);
    visiting.add(p.id);
    for (const req of p.requires ?? []) {
      const dep = byId.get(req);
      if (!dep) throw new Error(`CLI plugin "${p.id}" requires "${req}", which is not registered`);
      visit(dep);
    }
    visiting.delete(p.id);
    done.add(p.id);
    out.push(p);
  };
  for (const p of byId.values()) visit(p);
  return out;
}

function isPlugin(u: unknown): u is CliPlugin {
  return !!u && typeof u === 'object' && typeof (u as CliPlugin).id === 'string' && typeof (u as CliPlugin).register === 'function';
}

/**
 * The repository this package sits in (packages/cli/src → the root). In an installed copy it is
 * a folder without `plugins/`, and discovery finds nothing there.
 */
export const CLI_REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** A workspace package that contributes commands: its name and the absolute path of its entry. */
export interface CliPluginEntry {
  readonly name: string;
  readonly entry: string;
}

/**
 * The workspace packages that contribute to `tezgah`: every `plugins/<id>/<part>`, `packages/<name>` and
 * (only with `TEZGAH_EXAMPLES=1`: examples are for development and tests) `examples/<name>` folder
 * under `root` whose package.json has `"tezgah": { "cli": "<entry>" }`, sorted by package name.
 * Folders without a readable manifest are passed over.
 */
export function cliPluginEntries(root: string = CLI_REPO_ROOT, examples: boolean = process.env.TEZGAH_EXAMPLES === '1'): CliPluginEntry[] {
  const found: CliPluginEntry[] = [];
  const children = (dir: string): string[] => {
    try {
      return readdirSync(dir, { withFileTypes: true })
        .filter((d) => d.isDirectory() && d.name !== 'node_modules' && !d.name.startsWith('.'))
        .map((d) => join(dir, d.name));
    } catch {
      return [];
    }
  };
  const visit = (dir: string) => {
    const manifest = join(dir, 'package.json');
    if (!existsSync(manifest)) return;
    try {
      const pkg = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: unknown; tezgah?: { cli?: unknown } };
      if (typeof pkg.tezgah?.cli === 'string') {
        found.push({ name: typeof pkg.name === 'string' ? pkg.name : dir, entry: resolve(dir, pkg.tezgah.cli) });
      }
    } catch {
      // not a package we can read: not a plugin
    }
  };
  for (const plugin of children(join(root, 'plugins'))) for (const part of children(plugin)) visit(part);
  if (examples) for (const dir of children(join(root, 'examples'))) visit(dir);
  // The kernel's own packages may bring commands too (the server's `tezgah db`).
  for (const dir of children(join(root, 'packages'))) visit(dir);
  return found.sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * Imports the discovered workspace CLI plugins ({@link cliPluginEntries}) and registers their
 * default exports. Returns the problems, like {@link loadPluginModules}.
 */
export async function discoverPluginModules(root: string = CLI_REPO_ROOT, lang: Lang = 'en'): Promise<string[]> {
  return loadPluginModules(cliPluginEntries(root).map((e) => e.entry), process.cwd(), lang);
}

/**
 * Imports plugin modules (comma-separated names or paths, e.g. from TEZGAH_CLI_PLUGINS, or a
 * list of them) and registers their default export when it is a plugin. Returns the problems (a
 * module that failed to load), so the caller can warn without failing.
 */
export async function loadPluginModules(list: string | readonly string[] | undefined, cwd: string = process.cwd(), lang: Lang = 'en'): Promise<string[]> {
  const problems: string[] = [];
  const specs = typeof list === 'string' || list === undefined ? (list ?? '').split(',') : list;
  for (const spec of specs.map((s) => s.trim()).filter(Boolean)) {
    const target = spec.startsWith('.') || isAbsolute(spec) ? pathToFileURL(resolve(cwd, spec)).href : spec;
    try {
      const mod = (await import(target)) as { default?: unknown; plugin?: unknown };
      const candidate = mod.default ?? mod.plugin;
      if (isPlugin(candidate)) registerCommands(candidate);
    } catch (e) {
      const reason = e instanceof Error ? e.message : String(e);
      problems.push(lang === 'tr' ? `CLI eklentisi ${spec} yüklenemedi: ${reason}` : `CLI plugin ${spec} was not loaded: ${reason}`);
    }
  }
  return problems;
}

/**
 * An outside plugin package named by `TEZGAH_PLUGINS` (comma-separated package names, found in
 * the node_modules of each root in turn, or folder paths relative to the first root) whose
 * package.json has `"tezgah": { "id": "…", "cli": "./dist/cli/index.js", … }`. This is the CLI's
 * side of the loader @tezgah/core/plugin-packages describes (the CLI does not depend on core).
 */
export interface OutsideCliEntry {
  readonly spec: string;
  readonly id: string;
  /** The `tezgah.cli` entry's absolute path; null when the package brings no commands. */
  readonly entry: string | null;
}

/**
 * The packages `TEZGAH_PLUGINS` names, checked: a name that is not found, a package.json without
 * a `tezgah` manifest with a valid `id`, or a `tezgah.cli` naming a missing file throws an error
 * naming the package (a plugin asked for is never skipped in silence).
 */
export function outsideCliEntries(roots: readonly string[], env: Record<string, string | undefined> = process.env): OutsideCliEntry[] {
  const out: OutsideCliEntry[] = [];
  for (const spec of (env.TEZGAH_PLUGINS ?? '').split(',').map((s) => s.trim()).filter(Boolean)) {
    const fail = (reason: string) => new Error(`TEZGAH_PLUGINS: ${spec}: ${reason}`);
    let dir: string | undefined;
    if (spec.startsWith('.') || isAbsolute(spec)) {
      dir = resolve(roots[0] ?? process.cwd(), spec);
      if (!existsSync(join(dir, 'package.json'))) throw fail(`no package.json in ${dir}`);
    } else {
      dir = roots.map((r) => join(r, 'node_modules', spec)).find((d) => existsSync(join(d, 'package.json')));
      if (!dir) throw fail(`package not found in ${roots.map((r) => join(r, 'node_modules')).join(' or ')}`);
    }
    let manifest: { id?: unknown; cli?: unknown } | undefined;
    try {
      manifest = (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { tezgah?: typeof manifest }).tezgah;
    } catch (e) {
      throw fail(`package.json cannot be read: ${(e as Error).message}`);
    }
    if (!manifest || typeof manifest !== 'object') throw fail('package.json has no "tezgah" manifest');
    if (typeof manifest.id !== 'string' || !/^[a-z][a-z0-9-]{0,39}$/.test(manifest.id)) throw fail(`"tezgah.id" must be lower-case letters, digits and hyphens, starting with a letter (got ${JSON.stringify(manifest.id)})`);
    let entry: string | null = null;
    if (manifest.cli !== undefined) {
      if (typeof manifest.cli !== 'string' || !manifest.cli) throw fail('"tezgah.cli" must be a path relative to the package');
      entry = resolve(dir, manifest.cli);
      if (!existsSync(entry)) throw fail(`"tezgah.cli" names ${entry}, which does not exist`);
    }
    out.push({ spec, id: manifest.id, entry });
  }
  return out;
}

/**
 * Imports the `tezgah.cli` entries of the outside plugins ({@link outsideCliEntries}) and
 * registers their default exports (or lets them call `registerCommands`). Unlike
 * TEZGAH_CLI_PLUGINS, a package that cannot be loaded is an error, thrown with its name.
 */
export async function loadOutsideCliPlugins(roots: readonly string[] = [process.cwd(), CLI_REPO_ROOT], env: Record<string, string | undefined> = process.env): Promise<void> {
  for (const { spec, entry } of outsideCliEntries(roots, env)) {
    if (!entry) continue;
    let mod: { default?: unknown; plugin?: unknown };
    try {
      mod = (await import(pathToFileURL(entry).href)) as typeof mod;
    } catch (e) {
      throw new Error(`TEZGAH_PLUGINS: ${spec}: ${entry} cannot be loaded: ${e instanceof Error ? e.message : String(e)}`);
    }
    const candidate = mod.default ?? mod.plugin;
    if (isPlugin(candidate)) registerCommands(candidate);
  }
}
