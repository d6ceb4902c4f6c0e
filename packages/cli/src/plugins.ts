/**
 * Plugins add commands to `tezgah` (ARCHITECTURE: plugins/<id>/cli). A plugin is
 * `{ id, register(program, ctx) }`; it adds its commands with `program.command(...)` and reaches
 * the API and the printer through `ctx`:
 *
 * ```ts
 * import { registerCommands } from '@tezgah/cli';
 * registerCommands({
 *   id: 'pharmacy',
 *   register(program, ctx) {
 *     program.command('recete').command('list').action(async () => {
 *       const page = await ctx.api().list('/services/onmuhasebe/api/...');
 *       ctx.output.result(page, (p) => ctx.output.table(p.items, [...]));
 *     });
 *   },
 * });
 * ```
 *
 * Registered plugins are loaded by every program `createProgram` builds afterwards. The `tezgah`
 * binary also imports the modules named in `TEZGAH_CLI_PLUGINS` (comma-separated module names or
 * paths) first; such a module calls `registerCommands` itself or default-exports a plugin.
 */
import { pathToFileURL } from 'node:url';
import { isAbsolute, resolve } from 'node:path';
import type { Command } from 'commander';
import type { TezgahPromiseApi } from '@tezgah/sdk';
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
  /** The API of the signed-in profile (Promise façade); throws "not signed in" (exit 2) without one. */
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
 * Imports plugin modules (comma-separated names or paths, e.g. from TEZGAH_CLI_PLUGINS) and
 * registers their default export when it is a plugin. Returns the problems (a module that
 * failed to load), so the caller can warn without failing.
 */
export async function loadPluginModules(list: string | undefined, cwd: string = process.cwd()): Promise<string[]> {
  const problems: string[] = [];
  for (const spec of (list ?? '').split(',').map((s) => s.trim()).filter(Boolean)) {
    const target = spec.startsWith('.') || isAbsolute(spec) ? pathToFileURL(resolve(cwd, spec)).href : spec;
    try {
      const mod = (await import(target)) as { default?: unknown; plugin?: unknown };
      const candidate = mod.default ?? mod.plugin;
      if (isPlugin(candidate)) registerCommands(candidate);
    } catch (e) {
      problems.push(`CLI plugin ${spec} was not loaded: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
  return problems;
}
