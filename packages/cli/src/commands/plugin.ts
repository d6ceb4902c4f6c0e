/**
 * `tezgah plugin new NAME [--dir PATH]`: writes a plugin package into PATH/NAME from the template
 * kept beside this package (packages/cli/template/, carried in the published package): a
 * workbench page with its menu entry, a server route with its contract, a CLI command, a story and
 * a test of the page, a README. The package's `tezgah` manifest names its parts, and it depends
 * on Tezgah's published packages at this repository's versions, so it builds and runs outside the
 * repository once named in TEZGAH_PLUGINS.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Command } from 'commander';
import { UsageError } from '../errors';
import { sayIn, type Lang } from '../i18n';
import type { CliContext, CliPlugin } from '../plugins';

/**
 * A plugin's name: its package name and its id. The same rule as the loader's (`PLUGIN_ID` of
 * @tezgah/core/plugin-packages): lower-case letters, digits and hyphens, starting with a letter,
 * at most 40 characters; the id names the plugin's paths (`/plugins/<id>/…`) and its texts.
 */
export const PLUGIN_NAME = /^[a-z][a-z0-9-]{0,39}$/;

/**
 * The package the server part imports the server-plugin types (`ServerPlugin`, the handler
 * context) and `pluginProblem` (its refusals, at run time) from: public, so the plugin depends on
 * published packages only.
 */
export const SERVER_TYPES_PACKAGE = '@tezgah/plugin-server';

/** The template's files whose name npm would not pack as it is, by their name in the template. */
const RENAMED: Readonly<Record<string, string>> = { gitignore: '.gitignore' };

/**
 * The template folder: `template/` of this package, seen from the sources (src/commands/) and from
 * the published bundle (dist/).
 */
export function templateDir(): string {
  for (const rel of ['../../template/', '../template/']) {
    const dir = fileURLToPath(new URL(rel, import.meta.url));
    if (existsSync(join(dir, 'package.json'))) return dir;
  }
  throw new Error('the plugin template is missing from @tezgah/cli (template/)');
}

/** `acme-notes` → `Acme Notes` (the menu entry's and the page's title). */
export function titleOf(name: string): string {
  return name.split('-').filter(Boolean).map((w) => w[0]!.toUpperCase() + w.slice(1)).join(' ');
}

/** `acme-notes` → `acmeNotes` (the start of the plugin's operationIds). */
export function camelOf(name: string): string {
  const [first = '', ...rest] = name.split('-').filter(Boolean);
  return first + rest.map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');
}

function versionOf(packageJson: string): string | undefined {
  try {
    const v = (JSON.parse(readFileSync(packageJson, 'utf8')) as { version?: unknown }).version;
    return typeof v === 'string' ? v : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The versions of Tezgah's published packages the new plugin depends on: those of this
 * repository's packages beside the CLI, else (an installed CLI) the CLI's own, which moves with
 * them (the three are versioned together, .changeset/config.json).
 */
export function tezgahVersions(): { cli: string; core: string; sdk: string; server: string } {
  const root = dirname(templateDir());
  const cli = versionOf(join(root, 'package.json')) ?? '0.1.0';
  const sibling = (name: string) => versionOf(join(root, '..', name, 'package.json')) ?? cli;
  return { cli, core: sibling('core'), sdk: sibling('sdk'), server: sibling('plugin-server') };
}

/** The placeholders of the template and what they become for one plugin. */
export function placeholders(name: string): Record<string, string> {
  const v = tezgahVersions();
  return {
    __PLUGIN_ID__: name,
    __PLUGIN_TITLE__: titleOf(name),
    __PLUGIN_CAMEL__: camelOf(name),
    __CLI_VERSION__: v.cli,
    __CORE_VERSION__: v.core,
    __SDK_VERSION__: v.sdk,
    __SERVER_TYPES_PACKAGE__: SERVER_TYPES_PACKAGE,
    __SERVER_TYPES_VERSION__: v.server,
  };
}

function templateFiles(dir: string, out: string[] = []): string[] {
  for (const e of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    if (e.name === 'node_modules' || e.name === 'dist') continue;
    const p = join(dir, e.name);
    if (e.isDirectory()) templateFiles(p, out);
    else if (e.isFile()) out.push(p);
  }
  return out;
}

const MESSAGES = {
  tr: {
    badName: (n: string) => `eklenti adı geçersiz: '${n}': küçük harf, rakam ve tire olmalı, harfle başlamalı, en çok 40 karakter (ör. acme-notlar)`,
    notEmpty: (d: string) => `klasör boş değil: ${d}`,
    notFolder: (d: string) => `klasör değil: ${d}`,
    created: (n: string, d: string) => `${n} eklentisi oluşturuldu: ${d}`,
    files: (count: number) => `${count} dosya yazıldı.`,
    next: 'Sonra:',
    steps: (d: string, n: string) => [`cd ${d}`, 'npm install', 'npm run build', 'npm test', `TEZGAH_PLUGINS=${d} npm start   # Tezgah'ın klasöründe; menüde '${titleOf(n)}'`],
  },
  en: {
    badName: (n: string) => `invalid plugin name: '${n}': lower-case letters, digits and hyphens, starting with a letter, at most 40 characters (e.g. acme-notes)`,
    notEmpty: (d: string) => `the folder is not empty: ${d}`,
    notFolder: (d: string) => `not a folder: ${d}`,
    created: (n: string, d: string) => `Created the plugin ${n} in ${d}`,
    files: (count: number) => `${count} files written.`,
    next: 'Next:',
    steps: (d: string, n: string) => [`cd ${d}`, 'npm install', 'npm run build', 'npm test', `TEZGAH_PLUGINS=${d} npm start   # in Tezgah's folder; the menu shows '${titleOf(n)}'`],
  },
} satisfies Record<Lang, unknown>;

/** What `plugin new` wrote. */
export interface NewPlugin {
  name: string;
  /** The plugin's folder (absolute). */
  dir: string;
  /** The files written, relative to `dir`, with `/` between folders. */
  files: string[];
}

/**
 * Writes the plugin `name` into `<parent>/<name>` from the template. Refuses (UsageError, exit 2)
 * a name that is not a plugin id and a folder that exists and is not empty.
 */
export function newPlugin(name: string, parent: string, lang: Lang = 'en'): NewPlugin {
  const m = MESSAGES[lang];
  if (!PLUGIN_NAME.test(name)) throw new UsageError(m.badName(name));
  const dir = resolve(parent, name);
  if (existsSync(dir)) {
    if (!statSync(dir).isDirectory()) throw new UsageError(m.notFolder(dir));
    if (readdirSync(dir).length) throw new UsageError(m.notEmpty(dir));
  }
  const source = templateDir();
  const values = placeholders(name);
  const pattern = new RegExp(Object.keys(values).join('|'), 'g');
  const files: string[] = [];
  for (const file of templateFiles(source)) {
    const parts = relative(source, file).split(sep);
    const last = parts.length - 1;
    parts[last] = RENAMED[parts[last]!] ?? parts[last]!;
    const target = join(dir, ...parts);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, readFileSync(file, 'utf8').replace(pattern, (k) => values[k]!));
    files.push(parts.join('/'));
  }
  return { name, dir, files };
}

export const pluginCommands: CliPlugin = {
  id: 'kernel.plugin',
  register(program: Command, ctx: CliContext) {
    const say = sayIn(ctx.lang);
    const plugin = program.command('plugin').description(say({ tr: 'eklenti paketleri', en: 'plugin packages' }));
    plugin
      .command('new')
      .description(
        say({
          tr: 'PATH/NAME içine yeni bir eklenti paketi yazar (bir ekran sayfası, bir sunucu yolu, bir CLI komutu)',
          en: 'write a new plugin package (a workbench page, a server route, a CLI command) into PATH/NAME',
        }),
      )
      .argument('<name>', say({ tr: 'eklentinin adı ve kimliği: küçük harf, rakam ve tire', en: "the plugin's name and id: lower-case letters, digits, hyphens" }))
      .option('--dir <path>', say({ tr: 'oluşturulacağı klasör (verilmezse geçerli klasör)', en: 'the folder to create it in (default: the current folder)' }))
      .action((name: string, options: { dir?: string }) => {
        const made = newPlugin(name, resolve(process.cwd(), options.dir ?? '.'), ctx.lang);
        const m = MESSAGES[ctx.lang];
        ctx.output.result(made, (r) => {
          ctx.output.line(m.created(r.name, r.dir));
          ctx.output.line(m.files(r.files.length));
          ctx.output.line(m.next);
          for (const step of m.steps(r.dir, r.name)) ctx.output.line(`  ${step}`);
        });
      });
  },
};
