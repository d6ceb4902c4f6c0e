/**
 * Plugins as packages (Node only: reads package.json files): an outside plugin is one npm package
 * whose package.json says what it brings,
 *
 * ```json
 * "tezgah": { "id": "acme-notes", "web": "./dist/web/index.js", "server": "./dist/server/index.js",
 *             "cli": "./dist/cli/index.js", "contract": "./contract/openapi.yaml" }
 * ```
 *
 * (every entry optional except `id`; paths relative to the package), and `TEZGAH_PLUGINS` names
 * such packages — comma-separated package names, resolved from the node_modules of the project
 * root and then of the repository root, or folder paths (absolute, or relative to the project
 * root). The workbench build, the server and the CLI load what it names besides the repository's
 * own plugins. A name that cannot be found, or a package without a valid manifest, is an error
 * naming it: a plugin someone asked for is never skipped in silence.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';

/** The parts a plugin package may bring, each a path relative to the package. */
export type PluginPart = 'web' | 'server' | 'cli' | 'contract';

export const PLUGIN_PARTS: readonly PluginPart[] = ['web', 'server', 'cli', 'contract'];

/** An outside plugin's id: lower case, digits and hyphens, starting with a letter (it names its schema and its paths). */
export const PLUGIN_ID = /^[a-z][a-z0-9-]{0,39}$/;

/** One package named by TEZGAH_PLUGINS, found and checked. */
export interface PluginPackage {
  /** The entry of TEZGAH_PLUGINS that named it (a package name or a folder). */
  spec: string;
  /** The package's name (package.json `name`, else the folder). */
  name: string;
  version: string;
  /** The package's folder (absolute). */
  dir: string;
  /** `tezgah.id`. */
  id: string;
  /** The absolute path of each part the manifest names. */
  parts: Partial<Record<PluginPart, string>>;
}

/** A package named by TEZGAH_PLUGINS that is missing or whose manifest is not valid. */
export class PluginPackageError extends Error {
  constructor(readonly spec: string, reason: string) {
    super(`TEZGAH_PLUGINS: ${spec}: ${reason}`);
    this.name = 'PluginPackageError';
  }
}

/** The entries of a TEZGAH_PLUGINS value, trimmed, without empty ones. */
export function pluginSpecs(value: string | undefined): string[] {
  return (value ?? '').split(',').map((s) => s.trim()).filter(Boolean);
}

const isPath = (spec: string) => spec.startsWith('.') || isAbsolute(spec);

/**
 * The folder a spec names: a path relative to the first root, or a package under `node_modules`
 * of each root in turn (the project root, then the repository root).
 */
export function pluginPackageDir(spec: string, roots: readonly string[]): string {
  if (isPath(spec)) {
    const dir = resolve(roots[0] ?? process.cwd(), spec);
    if (!existsSync(join(dir, 'package.json'))) throw new PluginPackageError(spec, `no package.json in ${dir}`);
    return dir;
  }
  if (!/^(@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*$/i.test(spec)) throw new PluginPackageError(spec, 'not a package name or a folder path');
  for (const root of roots) {
    const dir = join(root, 'node_modules', spec);
    if (existsSync(join(dir, 'package.json'))) return dir;
  }
  throw new PluginPackageError(spec, `package not found in ${roots.map((r) => join(r, 'node_modules')).join(' or ')}`);
}

/** Reads and checks one package's `tezgah` manifest; every part it names must exist. */
export function readPluginPackage(spec: string, roots: readonly string[]): PluginPackage {
  const dir = pluginPackageDir(spec, roots);
  let pkg: { name?: unknown; version?: unknown; tezgah?: unknown };
  try {
    pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  } catch (e) {
    throw new PluginPackageError(spec, `package.json cannot be read: ${(e as Error).message}`);
  }
  const manifest = pkg.tezgah as Record<string, unknown> | undefined;
  if (!manifest || typeof manifest !== 'object' || Array.isArray(manifest)) throw new PluginPackageError(spec, 'package.json has no "tezgah" manifest');
  const id = manifest.id;
  if (typeof id !== 'string' || !PLUGIN_ID.test(id)) {
    throw new PluginPackageError(spec, `"tezgah.id" must be lower-case letters, digits and hyphens, starting with a letter (got ${JSON.stringify(id)})`);
  }
  const parts: PluginPackage['parts'] = {};
  for (const part of PLUGIN_PARTS) {
    const value = manifest[part];
    if (value === undefined) continue;
    if (typeof value !== 'string' || !value) throw new PluginPackageError(spec, `"tezgah.${part}" must be a path relative to the package`);
    const file = resolve(dir, value);
    if (!existsSync(file) || !statSync(file).isFile()) throw new PluginPackageError(spec, `"tezgah.${part}" names ${file}, which does not exist`);
    parts[part] = file;
  }
  return {
    spec,
    name: typeof pkg.name === 'string' ? pkg.name : dir,
    version: typeof pkg.version === 'string' ? pkg.version : '0.0.0',
    dir,
    id,
    parts,
  };
}

/**
 * Every package TEZGAH_PLUGINS names (`env.TEZGAH_PLUGINS`), in its order. `roots`: the project
 * root (the folder the server, the CLI or the build runs from) and then the repository root.
 * Throws {@link PluginPackageError} for the first that is missing or invalid, and for two with one id.
 */
export function pluginPackages(roots: readonly string[], env: Record<string, string | undefined> = process.env): PluginPackage[] {
  const out: PluginPackage[] = [];
  for (const spec of pluginSpecs(env.TEZGAH_PLUGINS)) {
    const p = readPluginPackage(spec, roots);
    const twin = out.find((o) => o.id === p.id);
    if (twin) throw new PluginPackageError(spec, `plugin id "${p.id}" is also the id of ${twin.spec}`);
    out.push(p);
  }
  return out;
}
