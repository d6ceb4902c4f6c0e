/**
 * A fake Tezgah server behind a fake `fetch`, for the CLI's in-process tests: a few users and
 * companies, tokens that carry the company, problem+json errors. Not the real server: the
 * integration test (cli.integration.test.ts) runs against that.
 */
import { PassThrough, Readable } from 'node:stream';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeToken } from '@tezgah/sdk';
import { runCli } from '../program';
import type { CreateProgramOptions } from '../program';

export const FAKE_URL = 'http://tezgah.fake';

function token(payload: Record<string, unknown>): string {
  const enc = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
  return `${enc({ alg: 'HS256', typ: 'JWT' })}.${enc({ iat: 1, exp: 4102444800, ...payload })}.sig`;
}

const problem = (status: number, title: string, extra: Record<string, unknown> = {}) =>
  new Response(JSON.stringify({ type: 'about:blank', title, status, ...extra }), {
    status,
    headers: { 'content-type': 'application/problem+json' },
  });

const json = (body: unknown, headers: Record<string, string> = {}, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

interface FakeUser {
  id: number;
  login: string;
  password: string;
  firstName: string;
  lastName: string;
  email: string;
  companies: number[];
  management?: boolean;
}

export const COMPANIES = [
  { companyId: 1, name: 'Merkez Eczanesi', sectorId: 1, sectorKey: 'ECZ', isPrimary: true, active: true, erpType: 'MEDULA' },
  { companyId: 2, name: 'Şube Eczanesi', sectorId: 1, sectorKey: 'ECZ', isPrimary: false, active: true, erpType: null },
];

export const USERS: FakeUser[] = [
  { id: 1, login: 'eczaci', password: 'demo1234', firstName: 'Ayşe', lastName: 'Yılmaz', email: 'eczaci@example.com', companies: [1, 2] },
  { id: 2, login: 'muhasebe', password: 'demo1234', firstName: 'Mehmet', lastName: 'Kaya', email: 'muhasebe@example.com', companies: [1] },
  { id: 3, login: 'yonetici', password: 'demo1234', firstName: 'Zeynep', lastName: 'Demir', email: 'yonetici@example.com', companies: [1], management: true },
];

const ROLES = [
  { id: 1, name: 'Eczane sahibi', companyId: 1, fixed: true, allCompanies: false, authorities: ['17_1', '17_2', '20_1'], userCount: 1 },
  { id: 2, name: 'Kasiyer', companyId: 1, fixed: false, allCompanies: false, authorities: ['11_1'], userCount: 12 },
];

export interface Seen {
  method: string;
  url: URL;
  headers: Headers;
  body: unknown;
}

/** A fake server; `fetch` is what the CLI gets, `seen` what it was asked. */
export function fakeServer() {
  const seen: Seen[] = [];
  const revoked = new Set<string>();

  const userOf = (u: FakeUser) => ({
    id: u.id,
    login: u.login,
    firstName: u.firstName,
    lastName: u.lastName,
    email: u.email,
    phone: null,
    langKey: 'tr',
    activated: true,
    roles: [{ id: 1, name: 'Eczane sahibi' }],
    authorities: [{ authorityCode: '17_1', companyId: 1 }],
  });

  const fetch = async (req: Request): Promise<Response> => {
    const url = new URL(req.url);
    const text = await req.text();
    const body: unknown = text ? JSON.parse(text) : undefined;
    seen.push({ method: req.method, url, headers: req.headers, body });
    const route = `${req.method} ${url.pathname}`;

    if (route === 'POST /api/authenticate') {
      const { username, password } = body as { username: string; password: string };
      const user = USERS.find((u) => u.login === username && u.password === password);
      if (!user) return problem(401, 'Giriş işlemi başarısız oldu', { detail: 'Kullanıcı adı veya şifre hatalı' });
      const t = token({ sub: String(user.id), login: user.login, cid: user.companies[0], sid: `s${seen.length}` });
      return json({ id_token: t }, { Authorization: `Bearer ${t}` });
    }

    // Every other call needs a valid token whose company agrees with the company-id header.
    const auth = req.headers.get('authorization') ?? '';
    const raw = auth.replace(/^Bearer /, '');
    const claims = decodeToken(raw);
    if (!claims || revoked.has(raw) || req.headers.get('access-token') !== raw) return problem(401, 'Unauthorized', { detail: 'Oturum geçersiz' });
    if (req.headers.get('company-id') !== String(claims.cid)) return problem(403, 'Yetki Hatası', { detail: 'company-id disagrees with the token' });
    const user = USERS.find((u) => u.login === claims.login)!;

    switch (route) {
      case 'GET /api/account': {
        const company = COMPANIES.find((c) => c.companyId === claims.cid)!;
        return json({
          ...userOf(user),
          roles: ['Eczane sahibi'],
          role: 'Eczane sahibi',
          impersonate: false,
          companyId: claims.cid,
          company: { id: company.companyId, name: company.name, sectorId: 1, sectorKey: 'ECZ', companyProfile: { erpType: company.erpType } },
        });
      }
      case 'GET /api/logout':
        revoked.add(raw);
        return new Response(null, { status: 204 });
      case 'GET /services/onmuhasebe/api/user-companies':
        return json(COMPANIES.filter((c) => user.companies.includes(c.companyId)));
      case 'POST /api/company-authenticate': {
        const { companyId } = body as { companyId: number };
        if (!user.companies.includes(companyId)) return problem(403, 'Yetki Hatası', { detail: 'not a member of that company' });
        const t = token({ sub: String(user.id), login: user.login, cid: companyId, sid: claims.sid });
        return json({ id_token: t }, { Authorization: `Bearer ${t}` });
      }
      case 'GET /api/users': {
        const search = url.searchParams.get('search') ?? '';
        const all = USERS.filter((u) => u.login.includes(search)).map(userOf);
        const page = Number(url.searchParams.get('page') ?? 0);
        const size = Number(url.searchParams.get('size') ?? 10);
        return json(all.slice(page * size, page * size + size), { 'x-total-count': String(all.length) });
      }
      case 'POST /api/users': {
        const b = body as { login: string; email: string; firstName: string; lastName: string; roleIds: number[] };
        if (!b.email.includes('@')) {
          return problem(400, 'Geçersiz istek', { fieldErrors: [{ field: 'email', message: 'Hatalı e-posta biçimi' }] });
        }
        if (USERS.some((u) => u.login === b.login)) return problem(409, 'Bu kullanıcı adı kullanılıyor');
        return json({ ...userOf({ ...b, id: 99, password: '', companies: [1] }), roles: b.roleIds.map((id) => ({ id, name: `Rol ${id}` })) }, {}, 201);
      }
      case 'GET /services/onmuhasebe/api/roles':
        return json(ROLES, { 'x-total-count': String(ROLES.length) });
      case 'GET /services/onmuhasebe/api/audit-events':
        if (!user.management) return problem(403, 'Yetki Hatası', { detail: 'management only' });
        return json(
          [
            { id: 2, at: '2025-03-04T10:20:00Z', companyId: 1, userLogin: 'eczaci', actorLogin: 'yonetici', action: 'auth.impersonate', entity: 'user', entityId: '1', ip: '127.0.0.1' },
            { id: 1, at: '2025-03-04T10:00:00Z', companyId: 1, userLogin: 'eczaci', actorLogin: null, action: 'auth.login', entity: null, entityId: null, ip: null },
          ],
          { 'x-total-count': '2' },
        );
      default:
        return problem(404, 'Not Found', { detail: route });
    }
  };
  return { fetch, seen, revoked };
}

/** Collects what is written to a stream. */
export function sink(isTTY = false) {
  const chunks: string[] = [];
  return { write: (s: string) => void chunks.push(s), isTTY, text: () => chunks.join('') };
}

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** A temporary config folder for one test. */
export function tempConfigDir(): string {
  return mkdtempSync(join(tmpdir(), 'tezgah-cli-'));
}

/** Runs `tezgah` in-process with the given stdin text, env and fetch. */
export async function run(
  args: string[],
  opts: {
    env: Record<string, string | undefined>;
    fetch?: (req: Request) => Promise<Response>;
    stdin?: string | NodeJS.ReadableStream;
    program?: CreateProgramOptions;
    /** Waits between retries (a test records the pauses instead of waiting them). */
    sleep?: (ms: number) => Promise<void>;
  },
): Promise<RunResult> {
  const stdout = sink();
  const stderr = sink();
  const stdin =
    typeof opts.stdin === 'string' || opts.stdin === undefined
      ? Readable.from(opts.stdin ? [opts.stdin] : [])
      : opts.stdin;
  const code = await runCli(
    args,
    { stdout, stderr, stdin: stdin as NodeJS.ReadableStream, env: opts.env, ...(opts.fetch ? { fetch: opts.fetch } : {}), ...(opts.sleep ? { sleep: opts.sleep } : {}) },
    { skipRegistered: false, ...opts.program },
  );
  return { code, stdout: stdout.text(), stderr: stderr.text() };
}

/** A stdin that says it is a TTY (for the hidden password prompt). */
export function fakeTty() {
  const stream = new PassThrough() as PassThrough & { isTTY: boolean; isRaw: boolean; setRawMode(mode: boolean): void; rawModes: boolean[] };
  stream.isTTY = true;
  stream.isRaw = false;
  stream.rawModes = [];
  stream.setRawMode = (mode: boolean) => {
    stream.isRaw = mode;
    stream.rawModes.push(mode);
  };
  return stream;
}
