/**
 * The `tezgah` program. `createProgram(io)` builds it (tests run it in-process with fake io and
 * fetch); `runCli(argv, io)` runs it and answers the exit code:
 * 0 done, 1 usage error (commander's own too), 2 API error / not signed in.
 */
import { readFileSync } from 'node:fs';
import { Command, CommanderError } from 'commander';
import { createClient, isTezgahError, makeTezgahPromiseApi, memoryTokenStore, type TezgahError, type TezgahPromiseApi } from '@tezgah/sdk';
import { accountCommands } from './commands/account';
import { auditCommands } from './commands/audit';
import { companyCommands } from './commands/company';
import { roleCommands } from './commands/role';
import { userCommands } from './commands/user';
import { ExitCode, NotSignedInError, UsageError } from './errors';
import { resolveIo, type CliIo, type WritableLike } from './io';
import { makeOutput, type OutputMode } from './output';
import { discoverPluginModules, loadPluginModules, orderPlugins, registeredPlugins, type CliContext, type CliPlugin } from './plugins';
import { ProfileStore } from './profile';

/** The kernel's own commands (they are plugins like any other). */
export const builtinPlugins: readonly CliPlugin[] = [accountCommands, companyCommands, userCommands, roleCommands, auditCommands];

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
}
const programState = new WeakMap<Command, ProgramState>();

/** Applies the settings every command needs (also to commands a plugin built with `new Command`). */
function configureTree(command: Command, io: CliIo): void {
  command.exitOverride();
  command.configureOutput({
    writeOut: (s) => void io.stdout.write(s),
    writeErr: (s) => void io.stderr.write(s),
    outputError: (s, write) => write(s),
  });
  for (const sub of command.commands) configureTree(sub, io);
}

/** Builds the program with the built-in commands and the plugins. */
export function createProgram(partialIo: Partial<CliIo> = {}, options: CreateProgramOptions = {}): Command {
  const io = resolveIo(partialIo);
  const mode: OutputMode = { json: false };
  const output = makeOutput(io.stdout, io.stderr, mode);
  const profile = new ProfileStore(io.env);
  let signedIn: TezgahPromiseApi | undefined;
  const state: ProgramState = { url: null, session: false };

  const ctx: CliContext = {
    io,
    output,
    profile,
    api() {
      if (!signedIn) {
        const p = profile.read();
        if (!p.url || !p.token) throw new NotSignedInError();
        signedIn = makeTezgahPromiseApi(
          createClient({ baseUrl: p.url, tokenStore: profile.tokenStore, ...(io.fetch ? { fetch: io.fetch } : {}) }),
        );
      }
      state.url = signedIn.client.baseUrl;
      state.session = true;
      return signedIn;
    },
    apiFor(url) {
      state.url = url;
      state.session = false;
      return makeTezgahPromiseApi(
        createClient({ baseUrl: url, tokenStore: memoryTokenStore(), ...(io.fetch ? { fetch: io.fetch } : {}) }),
      );
    },
  };

  const program = new Command('tezgah')
    .description('Tezgah from the command line: sign in, switch companies, manage users and roles, read the audit trail')
    .version(version(), '-V, --version')
    .option('--json', 'print machine-readable JSON on stdout')
    .configureHelp({ showGlobalOptions: true })
    .showSuggestionAfterError(true);
  configureTree(program, io);
  program.hook('preAction', (_root, action) => {
    mode.json = action.optsWithGlobals<{ json?: boolean }>().json === true;
  });

  const plugins = orderPlugins([
    ...builtinPlugins,
    ...(options.skipRegistered ? [] : registeredPlugins()),
    ...(options.plugins ?? []),
  ]);
  for (const plugin of plugins) plugin.register(program, ctx);
  configureTree(program, io);
  programState.set(program, state);
  return program;
}

/** How an API failure reads on stderr: the problem's title, its detail, field errors, a hint. */
export function describeApiError(error: TezgahError, url?: string | null): string {
  if (error._tag === 'NetworkError') {
    return `error: cannot reach the server${url ? ` at ${url}` : ''}: ${error.message.replace(/^Network error: /, '')}\n`;
  }
  const lines = [`error: ${error.title}${error.detail && error.detail !== error.title ? `: ${error.detail}` : ''} (HTTP ${error.status})`];
  if (error._tag === 'ValidationFailed') {
    for (const f of error.fieldErrors) lines.push(`  ${f.field}: ${f.message}`);
  }
  if (error._tag === 'RateLimited' && error.retryAfterSeconds !== undefined) {
    lines.push(`  try again in ${error.retryAfterSeconds} s`);
  }
  return lines.join('\n') + '\n';
}

function write(stream: WritableLike, text: string): void {
  stream.write(text.endsWith('\n') ? text : text + '\n');
}

/**
 * Runs `tezgah` with the arguments after the program name and answers the exit code. Loads the
 * workspace's CLI plugins and then the plugin modules named in TEZGAH_CLI_PLUGINS first.
 */
export async function runCli(argv: readonly string[], partialIo: Partial<CliIo> = {}, options: CreateProgramOptions = {}): Promise<number> {
  const io = resolveIo(partialIo);
  const discovered = options.discover === false ? [] : await discoverPluginModules(options.discover);
  for (const problem of discovered) write(io.stderr, `warning: ${problem}`);
  for (const problem of await loadPluginModules(io.env.TEZGAH_CLI_PLUGINS)) write(io.stderr, `warning: ${problem}`);
  let program: Command;
  try {
    program = createProgram(io, options);
  } catch (e) {
    write(io.stderr, `error: ${e instanceof Error ? e.message : String(e)}`);
    return ExitCode.USAGE;
  }
  try {
    await program.parseAsync([...argv], { from: 'user' });
    return ExitCode.OK;
  } catch (e) {
    if (e instanceof CommanderError) return e.exitCode === 0 ? ExitCode.OK : ExitCode.USAGE;
    if (e instanceof UsageError) {
      write(io.stderr, `error: ${e.message}`);
      return ExitCode.USAGE;
    }
    if (e instanceof NotSignedInError) {
      write(io.stderr, e.message);
      return ExitCode.API;
    }
    if (isTezgahError(e)) {
      const state = programState.get(program);
      write(io.stderr, describeApiError(e, state?.url));
      if (e._tag === 'Unauthorized' && state?.session) write(io.stderr, 'hint: the session may have ended: run tezgah login');
      return ExitCode.API;
    }
    // A plugin's own failure that says its exit code (2: the work failed, not the command line).
    if (e instanceof Error && (e as { exitCode?: unknown }).exitCode === ExitCode.API) {
      write(io.stderr, `error: ${e.message}`);
      return ExitCode.API;
    }
    write(io.stderr, `error: ${e instanceof Error ? e.message : String(e)}`);
    return ExitCode.USAGE;
  }
}
