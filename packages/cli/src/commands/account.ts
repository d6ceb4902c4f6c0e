/** login, logout, whoami. */
import type { Command } from 'commander';
import { isTezgahError, type Account } from '@tezgah/sdk';
import { UsageError } from '../errors';
import type { CliContext, CliPlugin } from '../plugins';
import { Prompter, readAll, stripFinalNewline } from '../prompt';

interface LoginOptions {
  url?: string;
  username?: string;
  passwordStdin?: boolean;
}

/** Checks and normalises a server URL (http or https, no trailing slash). */
export function normalizeUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    throw new UsageError(`not a URL: ${text}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UsageError(`not an http(s) URL: ${text}`);
  return url.href.replace(/\/+$/, '');
}

function accountSummary(account: Account) {
  return {
    login: account.login,
    name: `${account.firstName} ${account.lastName}`.trim(),
    companyId: account.companyId,
    company: account.company?.name ?? null,
    impersonatedBy: account.impersonate ? (account.previousLogin ?? null) : null,
  };
}

async function login(ctx: CliContext, options: LoginOptions): Promise<void> {
  const { io, output, profile } = ctx;
  const saved = profile.read();
  const prompter = new Prompter(io);
  try {
    let url = options.url ?? io.env.TEZGAH_URL;
    let username = options.username ?? io.env.TEZGAH_USERNAME;
    if (options.passwordStdin) {
      url ??= saved.url ?? undefined;
      if (!url) throw new UsageError('--password-stdin needs --url (or TEZGAH_URL)');
      if (!username) throw new UsageError('--password-stdin needs --username (or TEZGAH_USERNAME)');
    } else {
      url ??= await prompter.ask('Server URL', saved.url ?? undefined);
      username ??= await prompter.ask('Username');
    }
    const baseUrl = normalizeUrl(url);
    if (!username) throw new UsageError('a username is needed');

    const password = options.passwordStdin
      ? stripFinalNewline(await readAll(io.stdin))
      : await prompter.askHidden('Password');
    if (!password) throw new UsageError('a password is needed');

    // A fresh client with a memory store: a token of an earlier profile is never sent.
    const api = ctx.apiFor(baseUrl);
    await api.authenticate({ username, password, rememberMe: true });
    const session = api.client.tokenStore.get();
    if (!session) throw new Error('the server answered the sign-in without a token');
    profile.save(baseUrl, session);
    const account = await api.account();
    const summary = { url: baseUrl, ...accountSummary(account) };
    output.result(summary, (s) => {
      output.line(`Signed in to ${s.url} as ${s.login}${s.name ? ` (${s.name})` : ''}.`);
      output.line(`Company: ${s.companyId}${s.company ? ` ${s.company}` : ''}`);
    });
  } finally {
    prompter.close();
  }
}

async function logout(ctx: CliContext): Promise<void> {
  const api = ctx.api();
  try {
    await api.logout();
  } catch (e) {
    // A token the server no longer knows is as good as signed out.
    if (!(isTezgahError(e) && (e._tag === 'Unauthorized' || e._tag === 'NoItsAccessToken'))) {
      ctx.profile.signOut();
      throw e;
    }
  }
  ctx.profile.signOut();
  ctx.output.result({ signedOut: true }, () => ctx.output.line('Signed out.'));
}

async function whoami(ctx: CliContext): Promise<void> {
  const account = await ctx.api().account();
  const url = ctx.profile.read().url;
  ctx.output.result(account, (a) => {
    const pairs: Array<[string, unknown]> = [
      ['Login', a.login],
      ['Name', `${a.firstName} ${a.lastName}`.trim()],
      ['E-mail', a.email],
      ['Company', `${a.companyId}${a.company?.name ? ` ${a.company.name}` : ''}`],
      ['Sector', a.company?.sectorKey],
      ['Roles', a.roles],
      ['Authorities', a.authorities.length],
    ];
    if (a.impersonate) pairs.push(['Impersonated by', a.previousLogin]);
    pairs.push(['Server', url]);
    ctx.output.keyValues(pairs);
  });
}

export const accountCommands: CliPlugin = {
  id: 'kernel.account',
  register(program: Command, ctx: CliContext) {
    program
      .command('login')
      .description('sign in and keep the session in the profile (asks for what is not given)')
      .option('--url <url>', 'server URL, e.g. http://localhost:8080 (or TEZGAH_URL)')
      .option('--username <name>', 'sign-in name (or TEZGAH_USERNAME)')
      .option('--password-stdin', 'read the password from standard input (for scripts)')
      .action((options: LoginOptions) => login(ctx, options));

    program
      .command('logout')
      .description('end the session on the server and forget the token')
      .action(() => logout(ctx));

    program
      .command('whoami')
      .description('show the signed-in user and the current company')
      .action(() => whoami(ctx));
  },
};
