/** login, logout, whoami. */
import type { Command } from 'commander';
import { isTezgahError, type Account } from '@tezgah/sdk';
import { UsageError } from '../errors';
import { sayIn, type Lang } from '../i18n';
import type { CliContext, CliPlugin } from '../plugins';
import { Prompter, readAll, stripFinalNewline } from '../prompt';

const MESSAGES = {
  tr: {
    notUrl: (t: string) => `URL değil: ${t}`,
    notHttp: (t: string) => `http(s) URL'si değil: ${t}`,
    needsUrl: '--password-stdin için --url (ya da TEZGAH_URL) gerekli',
    needsUsername: '--password-stdin için --username (ya da TEZGAH_USERNAME) gerekli',
    serverUrl: 'Sunucu adresi',
    username: 'Kullanıcı adı',
    password: 'Parola',
    usernameNeeded: 'kullanıcı adı gerekli',
    passwordNeeded: 'parola gerekli',
    noToken: 'sunucu girişi belirteç (token) olmadan yanıtladı',
    signedIn: (url: string, login: string, name: string) => `${url} sunucusunda ${login}${name ? ` (${name})` : ''} olarak oturum açıldı.`,
    company: 'Şirket',
    signedOut: 'Oturum kapatıldı.',
    login: 'Kullanıcı adı',
    name: 'Ad',
    email: 'E-posta',
    sector: 'Sektör',
    roles: 'Roller',
    authorities: 'Yetkiler',
    impersonatedBy: 'Yerine geçen',
    server: 'Sunucu',
  },
  en: {
    notUrl: (t: string) => `not a URL: ${t}`,
    notHttp: (t: string) => `not an http(s) URL: ${t}`,
    needsUrl: '--password-stdin needs --url (or TEZGAH_URL)',
    needsUsername: '--password-stdin needs --username (or TEZGAH_USERNAME)',
    serverUrl: 'Server URL',
    username: 'Username',
    password: 'Password',
    usernameNeeded: 'a username is needed',
    passwordNeeded: 'a password is needed',
    noToken: 'the server answered the sign-in without a token',
    signedIn: (url: string, login: string, name: string) => `Signed in to ${url} as ${login}${name ? ` (${name})` : ''}.`,
    company: 'Company',
    signedOut: 'Signed out.',
    login: 'Login',
    name: 'Name',
    email: 'E-mail',
    sector: 'Sector',
    roles: 'Roles',
    authorities: 'Authorities',
    impersonatedBy: 'Impersonated by',
    server: 'Server',
  },
} satisfies Record<Lang, unknown>;

interface LoginOptions {
  url?: string;
  username?: string;
  passwordStdin?: boolean;
}

/** Checks and normalises a server URL (http or https, no trailing slash). */
export function normalizeUrl(text: string, lang: Lang = 'en'): string {
  const m = MESSAGES[lang];
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    throw new UsageError(m.notUrl(text));
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UsageError(m.notHttp(text));
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
  const m = MESSAGES[ctx.lang];
  const saved = profile.read();
  const prompter = new Prompter(io, ctx.lang);
  try {
    let url = options.url ?? io.env.TEZGAH_URL;
    let username = options.username ?? io.env.TEZGAH_USERNAME;
    if (options.passwordStdin) {
      url ??= saved.url ?? undefined;
      if (!url) throw new UsageError(m.needsUrl);
      if (!username) throw new UsageError(m.needsUsername);
    } else {
      url ??= await prompter.ask(m.serverUrl, saved.url ?? undefined);
      username ??= await prompter.ask(m.username);
    }
    const baseUrl = normalizeUrl(url, ctx.lang);
    if (!username) throw new UsageError(m.usernameNeeded);

    const password = options.passwordStdin
      ? stripFinalNewline(await readAll(io.stdin))
      : await prompter.askHidden(m.password);
    if (!password) throw new UsageError(m.passwordNeeded);

    // A fresh client with a memory store: a token of an earlier profile is never sent.
    const api = ctx.apiFor(baseUrl);
    await api.authenticate({ username, password, rememberMe: true });
    const session = api.client.tokenStore.get();
    if (!session) throw new Error(m.noToken);
    profile.save(baseUrl, session);
    const account = await api.account();
    const summary = { url: baseUrl, ...accountSummary(account) };
    output.result(summary, (s) => {
      output.line(m.signedIn(s.url, s.login, s.name));
      output.line(`${m.company}: ${s.companyId}${s.company ? ` ${s.company}` : ''}`);
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
  ctx.output.result({ signedOut: true }, () => ctx.output.line(MESSAGES[ctx.lang].signedOut));
}

async function whoami(ctx: CliContext): Promise<void> {
  const account = await ctx.api().account();
  const url = ctx.profile.read().url;
  const m = MESSAGES[ctx.lang];
  ctx.output.result(account, (a) => {
    const pairs: Array<[string, unknown]> = [
      [m.login, a.login],
      [m.name, `${a.firstName} ${a.lastName}`.trim()],
      [m.email, a.email],
      [m.company, `${a.companyId}${a.company?.name ? ` ${a.company.name}` : ''}`],
      [m.sector, a.company?.sectorKey],
      [m.roles, a.roles],
      [m.authorities, a.authorities.length],
    ];
    if (a.impersonate) pairs.push([m.impersonatedBy, a.previousLogin]);
    pairs.push([m.server, url]);
    ctx.output.keyValues(pairs);
  });
}

export const accountCommands: CliPlugin = {
  id: 'kernel.account',
  register(program: Command, ctx: CliContext) {
    const say = sayIn(ctx.lang);
    program
      .command('login')
      .description(say({ tr: 'oturum açar ve oturumu profilde saklar (verilmeyenleri sorar)', en: 'sign in and keep the session in the profile (asks for what is not given)' }))
      .option('--url <url>', say({ tr: 'sunucu adresi, ör. http://localhost:8080 (ya da TEZGAH_URL)', en: 'server URL, e.g. http://localhost:8080 (or TEZGAH_URL)' }))
      .option('--username <name>', say({ tr: 'kullanıcı adı (ya da TEZGAH_USERNAME)', en: 'sign-in name (or TEZGAH_USERNAME)' }))
      .option('--password-stdin', say({ tr: 'parolayı standart girdiden okur (betikler için)', en: 'read the password from standard input (for scripts)' }))
      .action((options: LoginOptions) => login(ctx, options));

    program
      .command('logout')
      .description(say({ tr: 'sunucudaki oturumu kapatır ve belirteci (token) unutur', en: 'end the session on the server and forget the token' }))
      .action(() => logout(ctx));

    program
      .command('whoami')
      .description(say({ tr: 'oturum açan kullanıcıyı ve geçerli şirketi gösterir', en: 'show the signed-in user and the current company' }))
      .action(() => whoami(ctx));
  },
};
