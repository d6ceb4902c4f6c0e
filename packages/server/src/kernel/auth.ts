import { sql } from 'kysely';
import { verifyToken, type TokenClaims } from '../identity/token';
import { Problem, problems } from './problem';
import type { Auth, Services } from './types';

/** How long a resolved session may be served from memory at most, and how many are kept. */
export const SESSION_CACHE_MS = 5_000;
const SESSION_CACHE_MAX = 10_000;

interface CachedSession { row: unknown; version: number; at: number }

/**
 * Resolved sessions (the whole row of the session query) by session and company, for at most
 * SESSION_CACHE_MS. Every entry carries the auth version (table auth_version, bumped by triggers
 * on every revocation or change of roles, authorities and memberships) its query read; every
 * request's transaction reads the current version in its first statement (runHandler), and a
 * newer version empties the cache and has that request authenticated again. So a revocation on
 * any server sharing the database is seen by the next request on every server.
 */
export class SessionCache {
  private readonly entries = new Map<string, CachedSession>();
  /** The newest auth version seen. */
  private version = -1;
  get(key: string): CachedSession | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    if (Date.now() - e.at > SESSION_CACHE_MS || e.version < this.version) {
      this.entries.delete(key);
      return undefined;
    }
    return e;
  }
  set(key: string, row: unknown, version: number) {
    if (version < this.version) return;
    this.saw(version);
    if (this.entries.size >= SESSION_CACHE_MAX) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { row, version, at: Date.now() });
  }
  /** A transaction or query read this auth version: anything cached under an older one goes. */
  saw(version: number) {
    if (version > this.version) {
      this.version = version;
      this.entries.clear();
    }
  }
  /** Forgets every cached session (the read path lost its auth-change listener). */
  clear() { this.entries.clear(); }
  /**
   * Tokens whose signature was verified, with their claims: a token's text and this server's
   * secret decide its signature once and for all, so a repeat only checks the expiry (the HMAC
   * and the JSON parse were a few percent of a cached request's CPU). Revocation is the
   * session's business (the session query, the entries above), not the token's.
   */
  private readonly tokens = new Map<string, TokenClaims>();
  verified(token: string, secret: Buffer, nowSeconds: number): TokenClaims | null {
    const known = this.tokens.get(token);
    if (known) return known.exp > nowSeconds ? known : null;
    const claims = verifyToken(token, secret, nowSeconds);
    if (claims) {
      if (this.tokens.size >= SESSION_CACHE_MAX) this.tokens.delete(this.tokens.keys().next().value!);
      this.tokens.set(token, claims);
    }
    return claims;
  }
  get size() { return this.entries.size; }
}

const caches = new WeakMap<Services, SessionCache>();
export function sessionCache(services: Services): SessionCache {
  let c = caches.get(services);
  if (!c) caches.set(services, (c = new SessionCache()));
  return c;
}

const authVersions = new WeakMap<Auth, { version: number; cached: boolean }>();
/** The auth version an Auth was resolved under, and whether it came from the cache. */
export function authVersionOf(auth: Auth): { version: number; cached: boolean } | undefined {
  return authVersions.get(auth);
}

function header(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const v = headers[name];
  return Array.isArray(v) ? v[0] : v;
}

/**
 * Resolves the caller from `Authorization: Bearer` (or the `access-token` header the browser
 * client also sends) and checks it against a live session, the user's membership of the token's
 * company and the `company-id` header. One query, or none when the session is in the cache
 * (SessionCache); pass fresh to bypass the cache.
 */
export async function authenticateRequest(
  services: Services,
  headers: Record<string, string | string[] | undefined>,
  op: { allowLocked?: boolean } = {},
  fresh = false,
): Promise<Auth> {
  if (fresh) return authenticateOnce(services, headers, op, true);
  const used = { cache: false };
  try {
    return await authenticateOnce(services, headers, op, false, used);
  } catch (e) {
    // The cache only ever proves a session good: a refusal from a cached row is checked afresh.
    if (used.cache && e instanceof Problem) return authenticateOnce(services, headers, op, true);
    throw e;
  }
}

async function authenticateOnce(
  services: Services,
  headers: Record<string, string | string[] | undefined>,
  op: { allowLocked?: boolean },
  fresh: boolean,
  used: { cache: boolean } = { cache: false },
): Promise<Auth> {
  const authz = header(headers, 'authorization');
  const bearer = authz && /^Bearer\s+/i.test(authz) ? authz.replace(/^Bearer\s+/i, '').trim() : undefined;
  const accessToken = header(headers, 'access-token')?.trim();
  if (bearer && accessToken && bearer !== accessToken) {
    throw problems.unauthorized('Authorization ve access-token başlıkları farklı oturumlara ait.', 'TOKEN_MISMATCH');
  }
  const token = bearer || accessToken;
  if (!token) throw problems.unauthorized();
  // The server's own clock (services.now), as the session's expiry below: a token is checked against the time the server keeps.
  const cache = sessionCache(services);
  const claims = cache.verified(token, services.secret, Math.floor(services.now().getTime() / 1000));
  if (!claims) throw problems.unauthorized('Oturum geçersiz veya süresi dolmuş; lütfen tekrar giriş yapın.', 'INVALID_TOKEN');

  const companyHeader = header(headers, 'company-id');
  if (companyHeader !== undefined && companyHeader !== '' && companyHeader !== String(claims.cid)) {
    throw problems.forbidden('company-id başlığı oturumun şirketiyle uyuşmuyor.', 'COMPANY_MISMATCH');
  }

  const key = `${claims.sid}:${claims.cid}`;
  const hit = fresh ? undefined : cache.get(key);
  used.cache = hit !== undefined;
  // The whole resolved row is cached (whatever columns the query gains), with the auth version the
  // same query read; /* prepared:session */ makes it a named prepared statement on pg.
  type SessionRow = {
    auth_version: number;
    user_id: number; login: string; activated: boolean; actor_id: number | null; actor_login: string | null;
    expires_at: Date; revoked_at: Date | null; locked_at: Date | null; member: boolean; auths: [number, number, number][];
  };
  const row = hit ? { rows: [hit.row as SessionRow] } : await sql<SessionRow>`/* prepared:session */
    select (select version from auth_version) as auth_version, s.user_id, u.login, u.activated, s.actor_id, a.login as actor_login, s.expires_at, s.revoked_at, s.locked_at,
      exists (select 1 from user_companies uc join companies c on c.id = uc.company_id
              where uc.user_id = s.user_id and uc.company_id = ${claims.cid} and c.active) as member,
      coalesce((select json_agg(distinct jsonb_build_array(ra.module_id, ra.action_id,
                   case when r.all_companies then 0 else ur.company_id end))
                from user_roles ur
                join roles r on r.company_id = ur.company_id and r.id = ur.role_id
                join role_authorities ra on ra.company_id = r.company_id and ra.role_id = r.id
                where ur.user_id = s.user_id), '[]'::json) as auths
    from sessions s
    join users u on u.id = s.user_id
    left join users a on a.id = s.actor_id
    where s.id = ${claims.sid}`.execute(services.db);
  const s = row.rows[0];
  const now = services.now();
  if (!s || s.revoked_at || s.expires_at <= now || String(s.user_id) !== claims.sub) {
    throw problems.unauthorized('Oturum sona erdi; lütfen tekrar giriş yapın.', 'SESSION_ENDED');
  }
  if (!s.activated) throw problems.notActivated();
  if (!s.member) throw problems.forbidden('Bu şirkete erişiminiz yok.', 'NOT_A_MEMBER');
  // A locked screen (POST /api/account/lock) is locked on the server too: only the operations
  // the lock screen needs (x-allow-locked: the account, unlock, logout) answer until unlocked.
  if (s.locked_at && !op.allowLocked) throw sessionLocked();
  if (!hit) cache.set(key, s, Number(s.auth_version));
  const auth: Auth = {
    userId: s.user_id,
    login: s.login,
    companyId: claims.cid,
    sessionId: claims.sid,
    authorities: authoritiesOf(s),
    actor: s.actor_id && s.actor_login ? { id: s.actor_id, login: s.actor_login } : null,
    expiresAt: s.expires_at,
    locked: s.locked_at !== null,
  };
  authVersions.set(auth, { version: Number(s.auth_version), cached: used.cache });
  return auth;
}

/**
 * The authorities of a session row, worked out once per row: a cached row serves every request of
 * its session for up to SESSION_CACHE_MS, and building some hundred objects per request showed in
 * the profile. The list is shared by those requests' Auth objects and never changed by them.
 */
const authoritiesByRow = new WeakMap<object, Auth['authorities']>();
function authoritiesOf(row: { auths: unknown }): Auth['authorities'] {
  let list = authoritiesByRow.get(row);
  if (!list) {
    const auths = typeof row.auths === 'string' ? JSON.parse(row.auths) : row.auths;
    list = Object.freeze((auths as [number, number, number][]).map(([m, a, c]) => Object.freeze({ authorityCode: `${m}_${a}`, companyId: c }))) as Auth['authorities'];
    authoritiesByRow.set(row, list);
  }
  return list;
}

/** 423: the session's screen is locked; the password (POST /api/account/unlock) opens it again. */
export function sessionLocked(): Problem {
  return new Problem(423, 'Ekran kilitli', { detail: 'Ekran kilitlendi; devam etmek için şifrenizi girin.', code: 'SESSION_LOCKED' });
}
