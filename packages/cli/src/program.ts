/**
 * The `tezgah` program. `createProgram(io)` builds it (tests run it in-process with fake io and
 * fetch); `runCli(argv, io)` runs it and answers the exit code (errors.ts): 0 all done, 1 some
 * rows skipped, 2 invalid input (commander's usage errors too), 3 the server or the network failed.
 * The run speaks one language (i18n.ts): `--lang`, else the locale's, else Turkish; the server is
 * asked for its problems in it too (`Accept-Language`), and `--help` shows the commands' texts and
 * commander's own words in it.
 */
import { readFileSync } from 'node:fs';
import { Command, CommanderError, Option, type Argument, type HelpConfiguration } from 'commander';
import { createClient, isTezgahError, makeTezgahPromiseApi, memoryTokenStore, type FetchLike, type TezgahError, type TezgahPromiseApi } from '@tezgah/sdk';
import { accountCommands } from './commands/account';
import { auditCommands } from './commands/audit';
import { companyCommands } from './commands/company';
import { pluginCommands } from './commands/plugin';
import { roleCommands } from './commands/role';
import { userCommands } from './commands/user';
import { CommandFailed, ExitCode, NotSignedInError, UsageError } from './errors';
import { formatSeconds, LANGS, resolveLang, sayIn, WORDS, type Lang } from './i18n';
import { resolveIo, type CliIo, type WritableLike } from './io';
import { makeOutput, type OutputMode } from './output';
import { CLI_REPO_ROOT, discoverPluginModules, loadOutsideCliPlugins, loadPluginModules, orderPlugins, registeredPlugins, type CliContext, type CliPlugin } from './plugins';
import { ProfileStore } from './profile';
import { retryingFetch, type RetryEvent } from './retry';

/** The kernel's own commands (they are plugins like any other). */
export const builtinPlugins: readonly CliPlugin[] = [accountCommands, companyCommands, userCommands, roleCommands, auditCommands, pluginCommands];

export interface CreateProgramOptions {
  /** Plugins to load besides the registered ones. */
  plugins?: readonly CliPlugin[];
  /** Leave out the registered plugins (tests). @default false */
  skipRegistered?: boolean;
  /**
   * `runCli` only: the repository whose workspace CLI plugins (`tezgah.cli` in a package.json
   * under plugins/<id>/ or examples/) are loaded before TEZGAH_CLI_PLUGINS, or `false` to load
   * none. @default the repository this package sits in
   */
  discover?: string | false;
  /** The run's language before `--lang` is read. @default the locale's (LC_ALL, LC_MESSAGES, LANG), else Turkish */
  lang?: Lang;
}

function version(): string {
  try {
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version?: string };
    return pkg.version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
}

interface ProgramState {
  /** The server the last API was made for (named in network errors). */
  url: string | null;
  /** Whether that API used the profile's session (a 401 then means the session ended). */
  session: boolean;
  /** The run's language. */
  lang: Lang;
}
const programState = new WeakMap<Command, ProgramState>();

/** Commander's own error lines (an unknown option, a missing value…) in Turkish. */
const COMMANDER_TR: ReadonlyArray<readonly [RegExp, string]> = [
  [/^error: unknown command '(.*)'/, "hata: bilinmeyen komut '$1'"],
  [/^error: unknown option '(.*)'/, "hata: bilinmeyen seçenek '$1'"],
  [/^error: required option '(.*)' not specified/, "hata: '$1' seçeneği gerekli"],
  [/^error: missing required argument '(.*)'/, "hata: '$1' değeri eksik"],
  [/^error: option '(.*)' argument missing/, "hata: '$1' seçeneğinin değeri eksik"],
  [/^error: option '(.*)' argument '(.*)' is invalid\./, "hata: '$1' seçeneğinin değeri '$2' geçersiz."],
  [/^error: command-argument value '(.*)' is invalid for argument '(.*)'\./, "hata: '$2' için '$1' değeri geçersiz."],
  [/^error: too many arguments(?: for '(.*)')?\. Expected (\d+) arguments? but got (\d+)(: .*)?\./, 'hata: fazla değer: $2 beklenirken $3 verildi$4.'],
  [/Not a whole number\./, 'Tam sayı değil.'],
  [/Must be between (\S+) and (\S+)\./, '$1 ile $2 arasında olmalı.'],
  [/Allowed choices are (.*)\./, 'İzin verilen değerler: $1.'],
  [/\(Did you mean one of (.*)\?\)/, '(Bunlardan birini mi demek istediniz: $1?)'],
  [/\(Did you mean (.*)\?\)/, '(Bunu mu demek istediniz: $1?)'],
  [/^error:/, 'hata:'],
];

export function translateCommanderError(text: string, lang: Lang): string {
  if (lang !== 'tr') return text;
  let out = text;
  for (const [re, to] of COMMANDER_TR) out = out.replace(re, to);
  return out;
}

/**
 * Commander's own words in a help text: its headings, the `[options]` and `[command]` of a usage
 * line, the notes after an option's description, and the descriptions of the options and the
 * command it adds (`-h, --help`, `-V, --version`, `help [command]`). The English ones are
 * commander's.
 */
const HELP_WORDS = {
  tr: {
    titles: { 'Usage:': 'Kullanım:', 'Arguments:': 'Argümanlar:', 'Options:': 'Seçenekler:', 'Global Options:': 'Genel seçenekler:', 'Commands:': 'Komutlar:' } as Readonly<Record<string, string>>,
    options: '[seçenekler]',
    command: '[komut]',
    choices: 'değerler',
    default: 'varsayılan',
    preset: 'değersiz verilirse',
    env: 'ortam değişkeni',
    /** A default that is a boolean, as the help shows it. */
    flag: (on: boolean) => (on ? WORDS.tr.yes : WORDS.tr.no),
    helpOption: 'komutun yardımını gösterir',
    helpCommandName: 'help [komut]',
    helpCommand: 'bir komutun yardımını gösterir',
    version: 'sürüm numarasını yazar',
  },
  en: {
    titles: {} as Readonly<Record<string, string>>,
    options: '[options]',
    command: '[command]',
    choices: 'choices',
    default: 'default',
    preset: 'preset',
    env: 'env',
    flag: (on: boolean) => String(on),
    helpOption: 'display help for command',
    helpCommandName: 'help [command]',
    helpCommand: 'display help for command',
    version: 'output the version number',
  },
} satisfies Record<Lang, unknown>;

/** An option's or an argument's description with its choices, default, preset and variable after it, in the language. */
function describeItem(item: Option | Argument, lang: Lang): string {
  const w = HELP_WORDS[lang];
  const extra: string[] = [];
  if (item.argChoices) extra.push(`${w.choices}: ${item.argChoices.map((c) => JSON.stringify(c)).join(', ')}`);
  // As commander does: a flag's default is shown only when it is a boolean (a value option's always).
  const showDefault = !(item instanceof Option) || item.required || item.optional || (item.isBoolean() && typeof item.defaultValue === 'boolean');
  if (item.defaultValue !== undefined && showDefault) {
    const value = typeof item.defaultValue === 'boolean' ? w.flag(item.defaultValue) : JSON.stringify(item.defaultValue);
    extra.push(`${w.default}: ${item.defaultValueDescription || value}`);
  }
  if (item instanceof Option && item.presetArg !== undefined && item.optional) extra.push(`${w.preset}: ${JSON.stringify(item.presetArg)}`);
  if (item instanceof Option && item.envVar !== undefined) extra.push(`${w.env}: ${item.envVar}`);
  if (!extra.length) return item.description;
  return `${item.description ? `${item.description} ` : ''}(${extra.join(', ')})`;
}

/** How help reads: commander's own words in the run's language (the descriptions are the commands' own). */
function helpSettings(lang: () => Lang): HelpConfiguration {
  return {
    showGlobalOptions: true,
    styleTitle: (title) => HELP_WORDS[lang()].titles[title] ?? title,
    styleOptionText: (text) => (text === '[options]' ? HELP_WORDS[lang()].options : text),
    styleSubcommandText: (text) => (text === '[command]' ? HELP_WORDS[lang()].command : text),
    optionDescription: (option) => describeItem(option, lang()),
    argumentDescription: (argument) => describeItem(argument, lang()),
  };
}

/** Applies the settings every command needs (also to commands a plugin built with `new Command`). */
function configureTree(command: Command, io: CliIo, lang: () => Lang): void {
  command.exitOverride();
  command.configureOutput({
    writeOut: (s) => void io.stdout.write(s),
    writeErr: (s) => void io.stderr.write(s),
    outputError: (s, write) => write(translateCommanderError(s, lang())),
  });
  command.configureHelp(helpSettings(lang));
  for (const sub of command.commands) configureTree(sub, io, lang);
}

const KERNEL_MESSAGES = {
  tr: {
    notSignedIn: 'oturum açılmamış: önce tezgah login çalıştırın',
    cannotReach: (url: string | null | undefined, reason: string) => `sunucuya ulaşılamıyor${url ? ` (${url})` : ''}: ${reason}`,
    tryAgainIn: (s: number) => `  ${s} sn sonra yeniden deneyin`,
    sessionEnded: 'ipucu: oturum sona ermiş olabilir: tezgah login çalıştırın',
    retrying: (e: RetryEvent, path: string) =>
      `${WORDS.tr.note}: ${e.method} ${path}: ${e.reason}; ${formatSeconds('tr', e.delayMs)} sonra yeniden deneniyor (deneme ${e.attempt}/${e.attempts})`,
    pluginFailed: (problem: string) => `${WORDS.tr.warning}: ${problem}`,
  },
  en: {
    notSignedIn: 'not signed in: run tezgah login',
    cannotReach: (url: string | null | undefined, reason: string) => `cannot reach the server${url ? ` at ${url}` : ''}: ${reason}`,
    tryAgainIn: (s: number) => `  try again in ${s} s`,
    sessionEnded: 'hint: the session may have ended: run tezgah login',
    retrying: (e: RetryEvent, path: string) =>
      `${WORDS.en.note}: ${e.method} ${path}: ${e.reason}; retrying in ${formatSeconds('en', e.delayMs)} (attempt ${e.attempt} of ${e.attempts})`,
    pluginFailed: (problem: string) => `${WORDS.en.warning}: ${problem}`,
  },
} satisfies Record<Lang, unknown>;

/** Builds the program with the built-in commands and the plugins. */
export function createProgram(partialIo: Partial<CliIo> = {}, options: CreateProgramOptions = {}): Command {
  const io = resolveIo(partialIo);
  const state: ProgramState = { url: null, session: false, lang: options.lang ?? resolveLang([], io.env) };
  const mode: OutputMode = { json: false, lang: state.lang };
  const output = makeOutput(io.stdout, io.stderr, mode);
  const profile = new ProfileStore(io.env);
  let signedIn: TezgahPromiseApi | undefined;
  // Requests that may be sent twice are retried after a dropped connection (retry.ts), with a line on stderr.
  const fetch: FetchLike = retryingFetch(io.fetch ?? ((request) => globalThis.fetch(request)), {
    ...(io.sleep ? { sleep: io.sleep } : {}),
    onRetry: (e) => {
      let path = e.url;
      try {
        path = new URL(e.url).pathname;
      } catch {
        // not a URL: shown as it is
      }
      // On a terminal the note takes the progress bar's line (the bar is drawn again below it).
      write(io.stderr, `${io.stderr.isTTY ? '\r\x1b[K' : ''}${KERNEL_MESSAGES[state.lang].retrying(e, path)}`);
    },
  });
  const clientOptions = () => ({ fetch, language: () => state.lang });

  const ctx: CliContext = {
    io,
    output,
    profile,
    get lang() {
      return state.lang;
    },
    api() {
      if (!signedIn) {
        const p = profile.read();
        if (!p.url || !p.token) throw new NotSignedInError();
        signedIn = makeTezgahPromiseApi(createClient({ baseUrl: p.url, tokenStore: profile.tokenStore, ...clientOptions() }));
      }
      state.url = signedIn.client.baseUrl;
      state.session = true;
      return signedIn;
    },
    apiFor(url) {
      state.url = url;
      state.session = false;
      return makeTezgahPromiseApi(createClient({ baseUrl: url, tokenStore: memoryTokenStore(), ...clientOptions() }));
    },
  };

  // Help speaks the language the program is built in: runCli reads `--lang` from the command
  // line first. The help option and the help command set here are inherited by every command
  // made with `.command()` afterwards, the plugins' too.
  const say = sayIn(state.lang);
  const words = HELP_WORDS[state.lang];
  const program = new Command('tezgah')
    .description(
      say({
        tr: 'Komut satırından Tezgah: oturum açma, şirket değiştirme, kullanıcı ve rol yönetimi, denetim kaydı, yeni eklenti',
        en: 'Tezgah from the command line: sign in, switch companies, manage users and roles, read the audit trail, start a plugin',
      }),
    )
    .version(version(), '-V, --version', words.version)
    .helpOption('-h, --help', words.helpOption)
    .helpCommand(words.helpCommandName, words.helpCommand)
    .option('--json', say({ tr: "stdout'a makinenin okuyacağı JSON yazar", en: 'print machine-readable JSON on stdout' }))
    .addOption(
      new Option('--lang <lang>', say({ tr: 'çıktının dili (verilmezse yerel ayarınki, o da yoksa tr)', en: "the language of the output (default: the locale's, else tr)" })).choices(LANGS),
    )
    .showSuggestionAfterError(true)
    .addHelpText(
      'after',
      say({
        tr:
          '\nÇıkış kodları: 0 tamamlandı; 1 tamamlandı, ama bazı satırlar atlandı; 2 geçersiz girdi (hatalı satır bulan bir deneme ya da sunucunun geçersiz bulduğu bir istek de);\n' +
          '3 sunucu ya da ağ hatası. Çıktı --lang ile verilen dilde, o yoksa yerel ayarın (LC_ALL, LC_MESSAGES, LANG) dilinde, o da yoksa Türkçedir.\n',
        en:
          '\nExit codes: 0 all done; 1 done, but some rows were skipped; 2 invalid input (also a dry run that finds bad rows, or a request the server refused as invalid);\n' +
          '3 the server or the network failed. The output speaks --lang, else the locale (LC_ALL, LC_MESSAGES, LANG), else Turkish.\n',
      }),
    );
  const langNow = () => state.lang;
  configureTree(program, io, langNow);
  program.hook('preAction', (_root, action) => {
    const o = action.optsWithGlobals<{ json?: boolean; lang?: Lang }>();
    mode.json = o.json === true;
    if (o.lang) state.lang = o.lang;
    mode.lang = state.lang;
  });

  const plugins = orderPlugins([
    ...builtinPlugins,
    ...(options.skipRegistered ? [] : registeredPlugins()),
    ...(options.plugins ?? []),
  ]);
  for (const plugin of plugins) plugin.register(program, ctx);
  configureTree(program, io, langNow);
  programState.set(program, state);
  return program;
}

/** How an API failure reads on stderr: the problem's title, its detail, field errors, a hint. */
export function describeApiError(error: TezgahError, url?: string | null, lang: Lang = 'en'): string {
  const m = KERNEL_MESSAGES[lang];
  const prefix = WORDS[lang].error;
  if (error._tag === 'NetworkError') {
    return `${prefix}: ${m.cannotReach(url, error.message.replace(/^Network error: /, ''))}\n`;
  }
  const lines = [`${prefix}: ${error.title}${error.detail && error.detail !== error.title ? `: ${error.detail}` : ''} (HTTP ${error.status})`];
  if (error._tag === 'ValidationFailed') {
    for (const f of error.fieldErrors) lines.push(`  ${f.field}: ${f.message}`);
  }
  if (error._tag === 'RateLimited' && error.retryAfterSeconds !== undefined) {
    lines.push(m.tryAgainIn(error.retryAfterSeconds));
  }
  return lines.join('\n') + '\n';
}

function write(stream: WritableLike, text: string): void {
  stream.write(text.endsWith('\n') ? text : text + '\n');
}

/** The exit code a failure of a command answers, after writing its line on stderr. */
function failure(e: unknown, io: CliIo, lang: Lang, state: ProgramState | undefined): ExitCode {
  const w = WORDS[lang];
  const m = KERNEL_MESSAGES[lang];
  if (e instanceof CommanderError) return e.exitCode === 0 ? ExitCode.OK : ExitCode.INVALID;
  if (e instanceof UsageError) {
    write(io.stderr, `${w.error}: ${e.message}`);
    return ExitCode.INVALID;
  }
  if (e instanceof NotSignedInError) {
    write(io.stderr, e.defaultMessage ? m.notSignedIn : e.message);
    return ExitCode.FAILED;
  }
  if (e instanceof CommandFailed) {
    if (e.message) write(io.stderr, `${e.exitCode === ExitCode.SKIPPED ? w.warning : w.error}: ${e.message}`);
    return e.exitCode;
  }
  if (isTezgahError(e)) {
    write(io.stderr, describeApiError(e, state?.url, lang));
    if (e._tag === 'Unauthorized' && state?.session) write(io.stderr, m.sessionEnded);
    // A request the server found invalid (400, 413, 422) or in conflict with what it holds (409) is
    // the input's fault; anything else (the session, the authority, 5xx, the network) is not.
    return e._tag === 'ValidationFailed' || e._tag === 'Conflict' ? ExitCode.INVALID : ExitCode.FAILED;
  }
  // A plugin's own failure that carries an exit code (as CommandFailed does).
  const code = (e as { exitCode?: unknown } | null)?.exitCode;
  if (e instanceof Error && (code === 1 || code === 2 || code === 3)) {
    write(io.stderr, `${code === 1 ? w.warning : w.error}: ${e.message}`);
    return code;
  }
  write(io.stderr, `${w.error}: ${e instanceof Error ? e.message : String(e)}`);
  return ExitCode.FAILED;
}

/**
 * Runs `tezgah` with the arguments after the program name and answers the exit code. Loads the
 * workspace's CLI plugins, the outside plugin packages named in TEZGAH_PLUGINS (their
 * `tezgah.cli` entries) and then the plugin modules named in TEZGAH_CLI_PLUGINS first.
 */
export async function runCli(argv: readonly string[], partialIo: Partial<CliIo> = {}, options: CreateProgramOptions = {}): Promise<number> {
  const io = resolveIo(partialIo);
  const lang = options.lang ?? resolveLang(argv, io.env);
  const m = KERNEL_MESSAGES[lang];
  const discovered = options.discover === false ? [] : await discoverPluginModules(options.discover, lang);
  for (const problem of discovered) write(io.stderr, m.pluginFailed(problem));
  // The outside plugin packages (TEZGAH_PLUGINS): one asked for and not loadable stops the run.
  try {
    await loadOutsideCliPlugins([process.cwd(), options.discover || CLI_REPO_ROOT], io.env);
  } catch (e) {
    write(io.stderr, `${WORDS[lang].error}: ${e instanceof Error ? e.message : String(e)}`);
    return ExitCode.INVALID;
  }
  for (const problem of await loadPluginModules(io.env.TEZGAH_CLI_PLUGINS, process.cwd(), lang)) write(io.stderr, m.pluginFailed(problem));
  let program: Command;
  try {
    program = createProgram(io, { ...options, lang });
  } catch (e) {
    write(io.stderr, `${WORDS[lang].error}: ${e instanceof Error ? e.message : String(e)}`);
    return ExitCode.INVALID;
  }
  try {
    await program.parseAsync([...argv], { from: 'user' });
    return ExitCode.OK;
  } catch (e) {
    const state = programState.get(program);
    return failure(e, io, state?.lang ?? lang, state);
  }
}
