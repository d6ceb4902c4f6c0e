/**
 * `tezgah` against the real server (the seeded demo database: eczaci, muhasebe, yonetici /
 * demo1234), in-process with the global fetch.
 */
import { readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTezgahApi, decodeToken, Unauthorized } from '@tezgah/sdk';
import { startTestServer } from '../../server/test/harness';
import { run, tempConfigDir } from './testing/fake-server';

let server: Awaited<ReturnType<typeof startTestServer>>;
let dir: string;
let env: Record<string, string | undefined>;

const tezgah = (args: string[], stdin?: string) => run(args, { env, ...(stdin !== undefined ? { stdin } : {}) });
const profile = () => JSON.parse(readFileSync(join(dir, 'profile.json'), 'utf8')) as { url: string; token?: string; companyId?: number };

beforeAll(async () => {
  server = await startTestServer();
  dir = tempConfigDir();
  env = { TEZGAH_CONFIG_DIR: dir, HOME: dir, LANG: 'en_US.UTF-8' };
});

afterAll(async () => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  await server?.close();
});

describe('tezgah against the server', () => {
  it('login --password-stdin as eczaci', async () => {
    const r = await tezgah(['login', '--url', server.url, '--username', 'eczaci', '--password-stdin'], 'demo1234\n');
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('as eczaci');
    const p = profile();
    expect(p.url).toBe(server.url.replace(/\/+$/, ''));
    expect(decodeToken(p.token!)?.login).toBe('eczaci');
    expect(p.companyId).toBe(decodeToken(p.token!)?.cid);
    if (process.platform !== 'win32') expect(statSync(join(dir, 'profile.json')).mode & 0o777).toBe(0o600);
  });

  it('whoami --json shows login eczaci', async () => {
    const r = await tezgah(['whoami', '--json']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const account = JSON.parse(r.stdout) as { login: string; companyId: number };
    expect(account.login).toBe('eczaci');
    expect(account.companyId).toBe(profile().companyId);
  });

  it('company list: a table, and JSON with the current company', async () => {
    const table = await tezgah(['company', 'list']);
    expect(table.stderr).toBe('');
    expect(table.code).toBe(0);
    expect(table.stdout.split('\n')[0]).toMatch(/ID\s+NAME\s+SECTOR\s+ERP\s+PRIMARY\s+ACTIVE/);
    const json = await tezgah(['company', 'list', '--json']);
    expect(json.code).toBe(0);
    const companies = JSON.parse(json.stdout) as Array<{ companyId: number; name: string; current: boolean }>;
    expect(companies.length).toBeGreaterThan(0);
    expect(companies.filter((c) => c.current).map((c) => c.companyId)).toEqual([profile().companyId]);
  });

  it('company switch: the profile follows the new token', async () => {
    const companies = JSON.parse((await tezgah(['company', 'list', '--json'])).stdout) as Array<{ companyId: number; active: boolean; current: boolean }>;
    const target = companies.find((c) => !c.current && c.active) ?? companies.find((c) => c.current)!;
    const r = await tezgah(['company', 'switch', String(target.companyId), '--json']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect((JSON.parse(r.stdout) as { companyId: number }).companyId).toBe(target.companyId);
    expect(profile().companyId).toBe(target.companyId);
    expect(decodeToken(profile().token!)?.cid).toBe(target.companyId);
  });

  it('a wrong password is exit 3 with the problem title on stderr', async () => {
    const expected = await createTezgahApi({ baseUrl: server.url, language: 'en' })
      .authenticate({ username: 'eczaci', password: 'wrong-password' })
      .then(() => undefined, (e: unknown) => e);
    expect(expected).toBeInstanceOf(Unauthorized);
    const title = (expected as Unauthorized).title;

    const other = tempConfigDir();
    try {
      const r = await run(['login', '--url', server.url, '--username', 'eczaci', '--password-stdin'], {
        env: { TEZGAH_CONFIG_DIR: other, HOME: other, LANG: 'en_US.UTF-8' },
        stdin: 'wrong-password\n',
      });
      expect(r.code).toBe(3);
      expect(r.stdout).toBe('');
      expect(r.stderr.startsWith(`error: ${title}`)).toBe(true);
      expect(r.stderr).toContain('(HTTP 401)');
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });

  it('logout ends the session', async () => {
    const token = profile().token!;
    const r = await tezgah(['logout']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(profile().token).toBeUndefined();
    const after = await tezgah(['whoami']);
    expect(after.code).toBe(3);
    expect(after.stderr).toBe('not signed in: run tezgah login\n');
    // the old token no longer works on the server
    const stale = await fetch(`${server.url}/api/account`, { headers: { Authorization: `Bearer ${token}`, 'access-token': token } });
    expect(stale.status).toBe(401);
  });
});
