import { existsSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { decodeToken } from '@tezgah/sdk';
import { CommandFailed, ExitCode } from './errors';
import { registerCommands, type CliPlugin } from './plugins';
import { FAKE_URL, fakeServer, run, tempConfigDir } from './testing/fake-server';

let dir: string;
let env: Record<string, string | undefined>;
let server: ReturnType<typeof fakeServer>;

const profileFile = () => join(dir, 'profile.json');
const profile = () => JSON.parse(readFileSync(profileFile(), 'utf8')) as { url?: string; token?: string; companyId?: number };
const tezgah = (args: string[], stdin?: string) => run(args, { env, fetch: server.fetch, ...(stdin !== undefined ? { stdin } : {}) });
const signIn = async (login = 'eczaci') => {
  const r = await tezgah(['login', '--url', FAKE_URL, '--username', login, '--password-stdin'], 'demo1234\n');
  expect(r.code, r.stderr).toBe(0);
};

beforeEach(() => {
  dir = tempConfigDir();
  // The texts below are the English ones; describe('one language per run') covers Turkish, the default.
  env = { TEZGAH_CONFIG_DIR: dir, HOME: dir, LANG: 'en_US.UTF-8' };
  server = fakeServer();
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('usage and exit codes', () => {
  it('--help prints usage on stdout and exits 0', async () => {
    const r = await tezgah(['--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Usage: tezgah');
    for (const cmd of ['login', 'logout', 'whoami', 'company', 'user', 'role', 'audit']) expect(r.stdout).toContain(cmd);
  });

  it('no command: help on stderr, exit 2', async () => {
    const r = await tezgah([]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('Usage: tezgah');
  });

  it('an unknown command or option is invalid input (exit 2)', async () => {
    const unknown = await tezgah(['frobnicate']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("unknown command 'frobnicate'");
    const option = await tezgah(['whoami', '--bogus']);
    expect(option.code).toBe(2);
    expect(option.stderr).toContain("unknown option '--bogus'");
    expect(server.seen).toHaveLength(0);
  });

  it('bad option values are usage errors', async () => {
    await signIn();
    for (const args of [['company', 'switch', 'abc'], ['company', 'switch', '0'], ['user', 'list', '--size', '0'], ['user', 'list', '--page', 'x']]) {
      const r = await tezgah(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr).toMatch(/error: .*invalid/);
    }
  });

  it('a missing required option is a usage error', async () => {
    await signIn();
    const r = await tezgah(['user', 'create', '--login', 'x', '--first-name', 'A', '--last-name', 'B', '--email', 'a@b.c']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("required option '--role <id...>' not specified");
  });

  it('without a profile: not signed in, exit 3', async () => {
    for (const args of [['whoami'], ['company', 'list'], ['user', 'list'], ['logout']]) {
      const r = await tezgah(args);
      expect(r.code).toBe(3);
      expect(r.stderr).toBe('not signed in: run tezgah login\n');
    }
    expect(server.seen).toHaveLength(0);
  });

  it('an unreachable server is exit 3 with the URL', async () => {
    const r = await run(['login', '--url', 'http://127.0.0.1:9', '--username', 'a', '--password-stdin'], {
      env,
      stdin: 'pw',
      fetch: () => Promise.reject(new TypeError('fetch failed', { cause: { code: 'ECONNREFUSED' } })),
    });
    expect(r.code).toBe(3);
    expect(r.stderr).toBe('error: cannot reach the server at http://127.0.0.1:9: fetch failed: ECONNREFUSED\n');
  });
});

describe('login', () => {
  it('--password-stdin signs in and writes a 0600 profile with url, token and company', async () => {
    const r = await tezgah(['login', '--url', `${FAKE_URL}/`, '--username', 'eczaci', '--password-stdin'], 'demo1234\n');
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`Signed in to ${FAKE_URL} as eczaci (Ayşe Yılmaz).\nCompany: 1 Merkez Eczanesi\n`);
    const p = profile();
    expect(p.url).toBe(FAKE_URL);
    expect(p.companyId).toBe(1);
    expect(decodeToken(p.token!)?.login).toBe('eczaci');
    if (process.platform !== 'win32') expect(statSync(profileFile()).mode & 0o777).toBe(0o600);
    // the password went to the server without the trailing newline
    expect(server.seen[0]?.body).toEqual({ username: 'eczaci', password: 'demo1234', rememberMe: true });
  });

  it('--json prints the session as JSON', async () => {
    const r = await tezgah(['login', '--json', '--url', FAKE_URL, '--username', 'eczaci', '--password-stdin'], 'demo1234');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({
      url: FAKE_URL,
      login: 'eczaci',
      name: 'Ayşe Yılmaz',
      companyId: 1,
      company: 'Merkez Eczanesi',
      impersonatedBy: null,
    });
  });

  it('a wrong password is exit 3 with the problem title and detail; the profile is untouched', async () => {
    const r = await tezgah(['login', '--url', FAKE_URL, '--username', 'eczaci', '--password-stdin'], 'nope\n');
    expect(r.code).toBe(3);
    expect(r.stderr).toBe('error: Giriş işlemi başarısız oldu: Kullanıcı adı veya şifre hatalı (HTTP 401)\n');
    expect(r.stdout).toBe('');
    expect(existsSync(profileFile())).toBe(false);
  });

  it('--password-stdin needs the url and username as options', async () => {
    const r = await tezgah(['login', '--username', 'eczaci', '--password-stdin'], 'demo1234');
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('error: --password-stdin needs --url (or TEZGAH_URL)\n');
    const r2 = await tezgah(['login', '--url', FAKE_URL, '--password-stdin'], 'demo1234');
    expect(r2.code).toBe(2);
    expect(r2.stderr).toContain('--password-stdin needs --username');
    const r3 = await tezgah(['login', '--url', 'ftp://x', '--username', 'a', '--password-stdin'], 'demo1234');
    expect(r3.code).toBe(2);
    expect(r3.stderr).toBe('error: not an http(s) URL: ftp://x\n');
  });

  it('takes TEZGAH_URL and TEZGAH_USERNAME from the environment', async () => {
    env.TEZGAH_URL = FAKE_URL;
    env.TEZGAH_USERNAME = 'muhasebe';
    const r = await tezgah(['login', '--password-stdin'], 'demo1234');
    expect(r.code).toBe(0);
    expect(decodeToken(profile().token!)?.login).toBe('muhasebe');
  });

  it('asks for url, username and password; from a pipe each answer is a line', async () => {
    const r = await tezgah(['login'], `${FAKE_URL}\neczaci\ndemo1234\n`);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('Server URL: ');
    expect(r.stderr).toContain('Username: ');
    expect(r.stderr).toContain('Password: ');
    expect(profile().url).toBe(FAKE_URL);
  });

  it('offers the last url as the default', async () => {
    await signIn();
    const r = await tezgah(['login'], `\nmuhasebe\ndemo1234\n`);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(`Server URL [${FAKE_URL}]: `);
    expect(decodeToken(profile().token!)?.login).toBe('muhasebe');
  });

  it('runs out of answers: invalid input', async () => {
    const r = await tezgah(['login'], `${FAKE_URL}\n`);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('error: no answer for "Username" on standard input');
  });
});

describe('whoami', () => {
  it('prints the account as aligned key/values', async () => {
    await signIn();
    const r = await tezgah(['whoami']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(
      [
        'Login        eczaci',
        'Name         Ayşe Yılmaz',
        'E-mail       eczaci@example.com',
        'Company      1 Merkez Eczanesi',
        'Sector       ECZ',
        'Roles        Eczane sahibi',
        'Authorities  1',
        `Server       ${FAKE_URL}`,
        '',
      ].join('\n'),
    );
    const call = server.seen.at(-1)!;
    expect(call.headers.get('authorization')).toBe(`Bearer ${profile().token}`);
    expect(call.headers.get('access-token')).toBe(profile().token);
    expect(call.headers.get('company-id')).toBe('1');
  });

  it('--json before or after the command prints the account JSON', async () => {
    await signIn();
    for (const args of [['whoami', '--json'], ['--json', 'whoami']]) {
      const r = await tezgah(args);
      expect(r.code).toBe(0);
      const account = JSON.parse(r.stdout) as { login: string; companyId: number };
      expect(account.login).toBe('eczaci');
      expect(account.companyId).toBe(1);
    }
  });

  it('an ended session is exit 3 with a hint', async () => {
    await signIn();
    server.revoked.add(profile().token!);
    const r = await tezgah(['whoami']);
    expect(r.code).toBe(3);
    expect(r.stderr).toBe('error: Unauthorized: Oturum geçersiz (HTTP 401)\nhint: the session may have ended: run tezgah login\n');
  });
});

describe('company', () => {
  it('list: a table with the current company marked', async () => {
    await signIn();
    const r = await tezgah(['company', 'list']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(
      [
        '   ID  NAME             SECTOR  ERP     PRIMARY  ACTIVE',
        '*   1  Merkez Eczanesi  ECZ     MEDULA  yes      yes',
        '    2  Şube Eczanesi    ECZ     -       no       yes',
        '',
      ].join('\n'),
    );
  });

  it('list --json: the companies with a current flag', async () => {
    await signIn();
    const r = await tezgah(['company', 'list', '--json']);
    const rows = JSON.parse(r.stdout) as Array<{ companyId: number; current: boolean }>;
    expect(rows.map((c) => [c.companyId, c.current])).toEqual([[1, true], [2, false]]);
  });

  it('switch: the new token and company land in the profile', async () => {
    await signIn();
    const r = await tezgah(['company', 'switch', '2']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('Current company: 2 Şube Eczanesi\n');
    expect(profile().companyId).toBe(2);
    expect(decodeToken(profile().token!)?.cid).toBe(2);
    expect(profile().url).toBe(FAKE_URL);
    const list = await tezgah(['company', 'list', '--json']);
    expect((JSON.parse(list.stdout) as Array<{ current: boolean }>)[1]?.current).toBe(true);
    expect(server.seen.at(-1)?.headers.get('company-id')).toBe('2');
  });

  it('switch to a company you are not in: exit 3 with the title', async () => {
    await signIn('muhasebe');
    const r = await tezgah(['company', 'switch', '2', '--json']);
    expect(r.code).toBe(3);
    expect(r.stderr).toBe('error: Yetki Hatası: not a member of that company (HTTP 403)\n');
    expect(r.stdout).toBe('');
    expect(profile().companyId).toBe(1);
  });
});

describe('user', () => {
  it('list: paging is 1-based on the command line, zero-based on the wire; total under the table', async () => {
    await signIn();
    const r = await tezgah(['user', 'list', '--page', '2', '--size', '2']);
    expect(r.code).toBe(0);
    const query = server.seen.at(-1)!.url.searchParams;
    expect(query.get('page')).toBe('1');
    expect(query.get('size')).toBe('2');
    expect(r.stdout).toBe(
      [
        'ID  LOGIN     NAME          E-MAIL                ROLES          ACTIVE',
        ' 3  yonetici  Zeynep Demir  yonetici@example.com  Eczane sahibi  yes',
        'Total: 3 · page 2/2',
        '',
      ].join('\n'),
    );
  });

  it('list --search --json: items, total, page and size', async () => {
    await signIn();
    const r = await tezgah(['--json', 'user', 'list', '--search', 'muh']);
    expect(server.seen.at(-1)!.url.searchParams.get('search')).toBe('muh');
    const out = JSON.parse(r.stdout) as { items: Array<{ login: string }>; total: number; page: number; size: number };
    expect(out.items.map((u) => u.login)).toEqual(['muhasebe']);
    expect(out).toMatchObject({ total: 1, page: 1, size: 10 });
  });

  it('create: sends the user with every --role', async () => {
    await signIn();
    const r = await tezgah([
      'user', 'create', '--login', 'kasiyer1', '--first-name', 'Ali', '--last-name', 'Veli',
      '--email', 'ali@example.com', '--role', '2,3', '--role', '4', '--user-lang', 'en',
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(server.seen.at(-1)!.body).toEqual({
      login: 'kasiyer1', firstName: 'Ali', lastName: 'Veli', email: 'ali@example.com', roleIds: [2, 3, 4], langKey: 'en',
    });
    expect(r.stdout).toContain('Login     kasiyer1');
    expect(r.stdout).toContain('Roles     Rol 2 (2), Rol 3 (3), Rol 4 (4)');
    expect(r.stderr).toContain('User kasiyer1 created');
  });

  it('create: field errors (400) and conflicts (409) are invalid input, exit 2', async () => {
    await signIn();
    const base = ['user', 'create', '--first-name', 'A', '--last-name', 'B', '--role', '1'];
    const invalid = await tezgah([...base, '--login', 'x1', '--email', 'nope']);
    expect(invalid.code).toBe(2);
    expect(invalid.stderr).toBe('error: Geçersiz istek (HTTP 400)\n  email: Hatalı e-posta biçimi\n');
    const taken = await tezgah([...base, '--login', 'eczaci', '--email', 'a@b.c']);
    expect(taken.code).toBe(2);
    expect(taken.stderr).toBe('error: Bu kullanıcı adı kullanılıyor (HTTP 409)\n');
    const lang = await tezgah([...base, '--login', 'x2', '--email', 'a@b.c', '--user-lang', 'de']);
    expect(lang.code).toBe(2);
  });
});

describe('role and audit', () => {
  it('role list: a table', async () => {
    await signIn();
    const r = await tezgah(['role', 'list']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(
      [
        'ID  NAME           FIXED  ALL COMPANIES  USERS  AUTHORITIES',
        ' 1  Eczane sahibi  yes    no                 1            3',
        ' 2  Kasiyer        no     no                12            1',
        'Total: 2 · page 1/1',
        '',
      ].join('\n'),
    );
    expect(server.seen.at(-1)!.url.searchParams.get('size')).toBe('50');
  });

  it('audit list: forbidden for a pharmacist (exit 3), a table for management', async () => {
    await signIn('eczaci');
    const denied = await tezgah(['audit', 'list']);
    expect(denied.code).toBe(3);
    expect(denied.stderr).toBe('error: Yetki Hatası: management only (HTTP 403)\n');

    await signIn('yonetici');
    const r = await tezgah(['audit', 'list', '--login', 'eczaci', '--action', 'auth.login', '--size', '5']);
    expect(r.code).toBe(0);
    const q = server.seen.at(-1)!.url.searchParams;
    expect([q.get('login'), q.get('action'), q.get('size'), q.get('page')]).toEqual(['eczaci', 'auth.login', '5', '0']);
    const lines = r.stdout.split('\n');
    expect(lines[0]).toMatch(/^ID\s+AT\s+COMPANY\s+USER\s+ACTOR\s+ACTION\s+ENTITY\s+IP$/);
    expect(lines[1]).toMatch(/^ 2\s+\d\d-03-2025 \d\d:\d\d\s+1\s+eczaci\s+yonetici\s+auth\.impersonate\s+user 1\s+127\.0\.0\.1$/);
    expect(lines[2]).toMatch(/^ 1\s+.*eczaci\s+-\s+auth\.login\s+-\s+-$/);
    expect(lines[3]).toBe('Total: 2 · page 1/1');
    const json = await tezgah(['audit', 'list', '--json']);
    expect((JSON.parse(json.stdout) as { total: number }).total).toBe(2);
  });
});

describe('logout', () => {
  it('ends the session on the server, forgets the token and keeps the url', async () => {
    await signIn();
    const token = profile().token!;
    const r = await tezgah(['logout']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('Signed out.\n');
    expect(server.revoked.has(token)).toBe(true);
    expect(profile()).toEqual({ url: FAKE_URL });
    const again = await tezgah(['whoami']);
    expect(again.code).toBe(3);
  });

  it('a token the server already forgot still signs out (exit 0)', async () => {
    await signIn();
    server.revoked.add(profile().token!);
    const r = await tezgah(['logout', '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ signedOut: true });
    expect(profile().token).toBeUndefined();
  });
});

describe('plugins', () => {
  it('registered commands run with the API and the printer', async () => {
    await signIn();
    const unregister = registerCommands({
      id: 'demo',
      register(program, ctx) {
        program
          .command('hello')
          .description('say hello')
          .action(async () => {
            const account = await ctx.api().account();
            ctx.output.result({ hello: account.login }, (v) => ctx.output.line(`Merhaba ${v.hello}`));
          });
      },
    });
    try {
      const r = await tezgah(['hello']);
      expect(r).toEqual({ code: 0, stdout: 'Merhaba eczaci\n', stderr: '' });
      const j = await tezgah(['hello', '--json']);
      expect(JSON.parse(j.stdout)).toEqual({ hello: 'eczaci' });
      const help = await tezgah(['--help']);
      expect(help.stdout).toContain('say hello');
      const bad = await tezgah(['hello', 'extra']);
      expect(bad.code).toBe(2);
    } finally {
      unregister();
    }
    expect((await tezgah(['hello'])).code).toBe(2);
  });

  it('plugin errors map to exit codes like built-in ones', async () => {
    const r = await run(['boom'], {
      env,
      fetch: server.fetch,
      program: {
        plugins: [
          {
            id: 'boom',
            register(program, ctx) {
              program.command('boom').action(async () => {
                await ctx.api().account();
              });
            },
          },
        ],
      },
    });
    expect(r.code).toBe(3);
    expect(r.stderr).toBe('not signed in: run tezgah login\n');
  });

  it('a plugin ends with the exit code it names: 1 with a warning, 2 and 3 with an error', async () => {
    const plugin: CliPlugin = {
      id: 'exits',
      register(program) {
        program.command('exit').argument('<code>').action(async (code: string) => {
          throw new CommandFailed(Number(code) as 1 | 2 | 3, `ended with ${code}`);
        });
      },
    };
    const at = (code: string) => run(['exit', code], { env, fetch: server.fetch, program: { plugins: [plugin] } });
    expect(await at('1')).toEqual({ code: 1, stdout: '', stderr: 'warning: ended with 1\n' });
    expect(await at('2')).toEqual({ code: 2, stdout: '', stderr: 'error: ended with 2\n' });
    expect(await at('3')).toEqual({ code: 3, stdout: '', stderr: 'error: ended with 3\n' });
    expect(ExitCode).toMatchObject({ OK: 0, SKIPPED: 1, INVALID: 2, FAILED: 3 });

  });
});

describe('one language per run', () => {
  const bare = (extra: Record<string, string>) => ({ TEZGAH_CONFIG_DIR: dir, HOME: dir, ...extra });
  const as = (args: string[], extra: Record<string, string> = {}, stdin?: string) => run(args, { env: bare(extra), fetch: server.fetch, ...(stdin !== undefined ? { stdin } : {}) });

  it('Turkish by default: results, tables, yes/no, errors and commander\'s own messages', async () => {
    const login = await as(['login', '--url', FAKE_URL, '--username', 'eczaci', '--password-stdin'], {}, 'demo1234\n');
    expect(login.code, login.stderr).toBe(0);
    expect(login.stdout).toBe(`${FAKE_URL} sunucusunda eczaci (Ayşe Yılmaz) olarak oturum açıldı.\nŞirket: 1 Merkez Eczanesi\n`);
    // The server is asked for its problems in the run's language too.
    expect(server.seen.at(-1)!.headers.get('accept-language')).toBe('tr');
    const companies = await as(['company', 'list']);
    expect(companies.stdout.split('\n').slice(0, 2)).toEqual(['   NO  AD               SEKTÖR  ERP     BİRİNCİL  AKTİF', '*   1  Merkez Eczanesi  ECZ     MEDULA  evet      evet']);
    const users = await as(['user', 'list', '--size', '2']);
    expect(users.stdout.trim().split('\n').at(-1)).toBe('Toplam: 3 · sayfa 1/2');
    const unknown = await as(['frobnicate']);
    expect([unknown.code, unknown.stderr]).toEqual([2, "hata: bilinmeyen komut 'frobnicate'\n"]);
    const bad = await as(['user', 'list', '--size', 'x']);
    expect([bad.code, bad.stderr]).toEqual([2, "hata: '--size <n>' seçeneğinin değeri 'x' geçersiz. Tam sayı değil.\n"]);
    const out = await as(['logout']);
    expect(out.stdout).toBe('Oturum kapatıldı.\n');
    const after = await as(['whoami']);
    expect([after.code, after.stderr]).toEqual([3, 'oturum açılmamış: önce tezgah login çalıştırın\n']);
  });

  it('the locale decides (LC_ALL, then LC_MESSAGES, then LANG); --lang decides over it; an unknown locale is Turkish', async () => {
    const cases: [Record<string, string>, string[], string][] = [
      [{ LANG: 'en_US.UTF-8' }, [], 'not signed in: run tezgah login\n'],
      [{ LANG: 'en_US.UTF-8', LC_ALL: 'tr_TR.UTF-8' }, [], 'oturum açılmamış: önce tezgah login çalıştırın\n'],
      [{ LANG: 'tr_TR.UTF-8', LC_MESSAGES: 'en_GB.UTF-8' }, [], 'not signed in: run tezgah login\n'],
      [{ LANG: 'C.UTF-8' }, [], 'oturum açılmamış: önce tezgah login çalıştırın\n'],
      [{ LANG: 'de_DE.UTF-8' }, [], 'oturum açılmamış: önce tezgah login çalıştırın\n'],
      [{ LC_ALL: 'tr_TR.UTF-8' }, ['--lang', 'en'], 'not signed in: run tezgah login\n'],
      [{ LANG: 'en_US.UTF-8' }, ['--lang=tr'], 'oturum açılmamış: önce tezgah login çalıştırın\n'],
    ];
    for (const [locale, flag, stderr] of cases) {
      const r = await as(['whoami', ...flag], locale);
      expect([r.code, r.stderr], JSON.stringify([locale, flag])).toEqual([3, stderr]);
    }
    const wrong = await as(['whoami', '--lang', 'de']);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain("'--lang <lang>'");
  });

  it('--lang en after the command: every line in English, and the server asked in English', async () => {
    await as(['login', '--url', FAKE_URL, '--username', 'eczaci', '--password-stdin', '--lang', 'en'], {}, 'demo1234\n');
    const r = await as(['whoami', '--lang', 'en']);
    expect(r.stdout.split('\n')[0]).toBe('Login        eczaci');
    expect(server.seen.at(-1)!.headers.get('accept-language')).toBe('en');
  });
});

describe('retries after a dropped connection', () => {
  const epipe = () => Promise.reject(new TypeError('fetch failed', { cause: { code: 'EPIPE' } }));

  it('a GET is sent again after a network error or a 503, with a note; the pauses grow', async () => {
    await signIn();
    let drops = 2;
    const pauses: number[] = [];
    const r = await run(['whoami', '--json'], {
      env,
      fetch: (req) => (drops-- > 0 ? (drops === 1 ? epipe() : Promise.resolve(new Response('', { status: 503 }))) : server.fetch(req)),
      sleep: async (ms) => void pauses.push(ms),
    });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).login).toBe('eczaci');
    expect(pauses).toEqual([500, 1000]);
    expect(r.stderr).toBe(
      'note: GET /api/account: fetch failed: EPIPE; retrying in 0.5 s (attempt 2 of 5)\n' +
        'note: GET /api/account: HTTP 503; retrying in 1 s (attempt 3 of 5)\n',
    );
  });

  it('gives up after five attempts (exit 3); a write without an Idempotency-Key is never sent twice', async () => {
    await signIn();
    let calls = 0;
    const pauses: number[] = [];
    const down = await run(['whoami'], { env, fetch: () => (calls++, epipe()), sleep: async (ms) => void pauses.push(ms) });
    expect([down.code, calls, pauses]).toEqual([3, 5, [500, 1000, 2000, 4000]]);
    expect(down.stderr.trim().split('\n').at(-1)).toBe(`error: cannot reach the server at ${FAKE_URL}: fetch failed: EPIPE`);
    calls = 0;
    const login = await run(['login', '--url', FAKE_URL, '--username', 'eczaci', '--password-stdin'], { env, stdin: 'demo1234', fetch: () => (calls++, epipe()), sleep: async () => undefined });
    expect([login.code, calls]).toEqual([3, 1]);
  });
});
