import type { Account, UserCompany } from '@tezgah/sdk';

/**
 * A fake Tezgah server for component tests: a fetch that answers from a route table, records the
 * requests, and keeps a signed-in account. Unlisted calls answer 404 problems, so a test sees
 * exactly which calls a screen makes.
 */
export type Handler = (req: Request, params: Record<string, string>) => Response | Promise<Response>;

export function json(body: unknown, init: ResponseInit & { total?: number } = {}): Response {
  const headers = new Headers(init.headers);
  headers.set('content-type', 'application/json');
  if (init.total !== undefined) headers.set('x-total-count', String(init.total));
  return new Response(JSON.stringify(body), { status: init.status ?? 200, headers });
}

export function problem(status: number, title: string, extra: Record<string, unknown> = {}): Response {
  return new Response(JSON.stringify({ type: 'about:blank', title, status, ...extra }), {
    status, headers: { 'content-type': 'application/problem+json' },
  });
}

/** A JWT-shaped token whose payload the SDK can read (cid is the company). */
export function token(payload: Record<string, unknown>): string {
  const enc = (v: unknown) => btoa(JSON.stringify(v)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${enc({ alg: 'HS256', typ: 'JWT' })}.${enc({ sub: '1', login: 'x', sid: 's', iat: 1, exp: 4102444800, ...payload })}.sig`;
}

/** An account as GET /api/account answers; codes are authority codes for the company. */
export function account(over: Partial<Account> & { codes?: string[]; allCompanyCodes?: string[] } = {}): Account {
  const companyId = over.companyId ?? 2;
  const { codes = [], allCompanyCodes = [], ...rest } = over;
  return {
    id: 1, login: 'eczaci', firstName: 'Elif', lastName: 'Eczacı', email: 'eczaci@demo.tezgah.local', langKey: 'tr',
    activated: true, impersonate: false, previousLogin: null, roles: ['Firma Sahibi'], role: 'Firma Sahibi',
    companyId, defaultCompanyId: companyId,
    company: { id: companyId, name: 'Demo Eczanesi', sectorId: 1, sectorKey: 'ECZ', companyProfile: { erpType: 'MEDULA', itsUsername: null, announcementId: null } },
    authorities: [...codes.map((c) => ({ authorityCode: c, companyId })), ...allCompanyCodes.map((c) => ({ authorityCode: c, companyId: 0 }))],
    ...rest,
  } as Account;
}

export function userCompanies(...list: Partial<UserCompany>[]): UserCompany[] {
  return list.map((c, i) => ({ companyId: 2 + i, name: `Şirket ${i + 1}`, sectorId: 1, sectorKey: 'ECZ', isPrimary: i === 0, active: true, erpType: 'MEDULA', ...c }));
}

export interface FakeServer {
  fetch: (input: Request | string | URL, init?: RequestInit) => Promise<Response>;
  requests: { method: string; path: string; body: unknown; headers: Headers }[];
  /** Adds or replaces a route, e.g. on('GET /api/users', () => json([])). Path params as {name}. */
  on(route: string, handler: Handler): void;
  /** The signed-in account GET /api/account answers (null: 401). */
  setAccount(a: Account | null, companies?: UserCompany[]): void;
}

export function fakeServer(routes: Record<string, Handler> = {}): FakeServer {
  const table = new Map<string, Handler>();
  let current: Account | null = null;
  let companies: UserCompany[] = [];
  const requests: FakeServer['requests'] = [];
  const server: FakeServer = {
    requests,
    on(route, handler) { table.set(route, handler); },
    setAccount(a, cs) { current = a; companies = cs ?? (a ? userCompanies({ companyId: a.companyId, name: a.company.name, sectorKey: a.company.sectorKey }) : []); },
    async fetch(input, init) {
      const req = input instanceof Request ? input : new Request(String(input), init);
      const url = new URL(req.url);
      const text = req.method === 'GET' || req.method === 'HEAD' ? '' : await req.clone().text();
      let body: unknown = text;
      try { body = text ? JSON.parse(text) : undefined; } catch { /* not JSON */ }
      requests.push({ method: req.method, path: url.pathname + url.search, body, headers: req.headers });
      for (const [route, handler] of table) {
        const [method, pattern] = route.split(' ');
        if (method !== req.method) continue;
        const names: string[] = [];
        const re = new RegExp(`^${pattern!.replace(/\{(\w+)\}/g, (_, n) => { names.push(n); return '([^/]+)'; })}$`);
        const m = re.exec(url.pathname);
        if (m) return handler(req, Object.fromEntries(names.map((n, i) => [n, decodeURIComponent(m[i + 1]!)])));
      }
      if (req.method === 'GET' && url.pathname === '/api/account') return current ? json(current) : problem(401, 'Yetkisiz erişim');
      if (req.method === 'GET' && url.pathname === '/services/onmuhasebe/api/user-companies') return current ? json(companies) : problem(401, 'Yetkisiz erişim');
      if (req.method === 'GET' && url.pathname === '/api/logout') { current = null; return new Response(null, { status: 204 }); }
      // The session lock: the account says locked until unlocked with the demo password.
      if (req.method === 'POST' && url.pathname === '/api/account/lock') {
        if (!current) return problem(401, 'Yetkisiz erişim');
        current = { ...current, locked: true };
        return new Response(null, { status: 204 });
      }
      if (req.method === 'POST' && url.pathname === '/api/account/unlock') {
        if (!current) return problem(401, 'Yetkisiz erişim');
        if ((body as { password?: string } | undefined)?.password !== 'demo1234') return problem(401, 'Giriş işlemi başarısız oldu', { code: 'BAD_CREDENTIALS' });
        current = { ...current, locked: false };
        return new Response(null, { status: 204 });
      }
      return problem(404, 'Bulunamadı', { detail: `${req.method} ${url.pathname} is not faked` });
    },
  };
  for (const [r, h] of Object.entries(routes)) server.on(r, h);
  return server;
}
