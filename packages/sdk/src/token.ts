/**
 * Where the client keeps its session: the signed token and the current company.
 *
 * The browser keeps both in cookies (`accessToken`, `company-id`, seeds 000 §7); Node callers use
 * a file (see `fileTokenStore` in `@tezgah/sdk/node`); tests and short scripts keep them in memory.
 * This module has no Node imports so that browsers can load it.
 */

/** What a {@link TokenStore} holds. */
export interface TokenState {
  /** The JWT, without the `Bearer ` prefix. */
  readonly token: string;
  /** The current company (the token's `cid` claim); null when unknown. */
  readonly companyId: number | null;
}

/** Keeps the session between requests. The client reads it before every call and writes it when a new token arrives. */
export interface TokenStore {
  get(): TokenState | null;
  set(state: TokenState): void;
  clear(): void;
}

/** The claims of a Tezgah token (HS256 JWT). */
export interface TokenClaims {
  /** The user id, as a string. */
  readonly sub: string;
  /** The sign-in name the token acts as. */
  readonly login: string;
  /** The current company id. */
  readonly cid: number;
  /** The session id. */
  readonly sid?: string;
  /** The real user's login while impersonating. */
  readonly imp?: string;
  /** Issued at (seconds since the epoch). */
  readonly iat?: number;
  /** Expires at (seconds since the epoch). */
  readonly exp?: number;
  readonly [claim: string]: unknown;
}

/** Removes a leading `Bearer ` (any case) and surrounding blanks. */
export function stripBearer(value: string): string {
  return value.trim().replace(/^Bearer\s+/i, '').trim();
}

function base64UrlDecode(part: string): string {
  const b64 = part.replace(/-/g, '+').replace(/_/g, '/');
  const padded = b64 + '='.repeat((4 - (b64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/**
 * Reads a token's payload WITHOUT verifying its signature (the server does that). Accepts the
 * bare token or `Bearer <token>`. Returns null when the text is not a JWT with a JSON object
 * payload.
 */
export function decodeToken(token: string): TokenClaims | null {
  const parts = stripBearer(token).split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    const payload: unknown = JSON.parse(base64UrlDecode(parts[1]));
    if (!payload || typeof payload !== 'object' || Array.isArray(payload)) return null;
    return payload as TokenClaims;
  } catch {
    return null;
  }
}

/** The company id in a token's `cid` claim, or null. */
export function companyIdOf(token: string): number | null {
  const cid = decodeToken(token)?.cid;
  if (typeof cid === 'number' && Number.isInteger(cid)) return cid;
  if (typeof cid === 'string' && /^\d+$/.test(cid)) return Number(cid);
  return null;
}

/** True when the token carries an `exp` claim in the past (`now` in milliseconds). */
export function isTokenExpired(token: string, now: number = Date.now()): boolean {
  const exp = decodeToken(token)?.exp;
  return typeof exp === 'number' && exp * 1000 <= now;
}

/** A store that lives as long as the object does. */
export function memoryTokenStore(initial: TokenState | null = null): TokenStore {
  let state = initial;
  return {
    get: () => state,
    set: (next) => {
      state = { token: next.token, companyId: next.companyId };
    },
    clear: () => {
      state = null;
    },
  };
}

/** The part of `document` the cookie store needs (so tests can pass a fake). */
export interface CookieDocument {
  cookie: string;
}

/** Options of {@link cookieTokenStore}. */
export interface CookieTokenStoreOptions {
  /** Add `Secure` to the cookies. @default true when the page is served over https */
  secure?: boolean;
  /** Cookie lifetime in seconds; session cookies when omitted. */
  maxAgeSeconds?: number;
}

/** The cookie names the browser client uses (seeds 000 §7). */
export const TOKEN_COOKIE = 'accessToken';
export const COMPANY_COOKIE = 'company-id';

function readCookies(doc: CookieDocument): Map<string, string> {
  const jar = new Map<string, string>();
  for (const pair of doc.cookie.split(';')) {
    const eq = pair.indexOf('=');
    if (eq < 0) continue;
    const name = pair.slice(0, eq).trim();
    const raw = pair.slice(eq + 1).trim();
    if (!name || jar.has(name)) continue;
    try {
      jar.set(name, decodeURIComponent(raw));
    } catch {
      jar.set(name, raw);
    }
  }
  return jar;
}

/**
 * Keeps the session in the `accessToken` and `company-id` cookies (path=/, SameSite=Lax), the
 * same cookies the browser client has always used. `doc` defaults to the global `document`.
 */
export function cookieTokenStore(doc?: CookieDocument, options: CookieTokenStoreOptions = {}): TokenStore {
  const documentOf = (): CookieDocument => {
    const d = doc ?? (globalThis as { document?: CookieDocument }).document;
    if (!d) throw new Error('cookieTokenStore: no document (pass one, or use memoryTokenStore / fileTokenStore outside a browser)');
    return d;
  };
  const secure = (): boolean =>
    options.secure ?? (globalThis as { location?: { protocol?: string } }).location?.protocol === 'https:';
  const write = (name: string, value: string, maxAge?: number): void => {
    let cookie = `${name}=${encodeURIComponent(value)}; path=/; SameSite=Lax`;
    if (maxAge !== undefined) cookie += `; max-age=${maxAge}`;
    if (maxAge === 0) cookie += '; expires=Thu, 01 Jan 1970 00:00:00 GMT';
    if (secure()) cookie += '; Secure';
    documentOf().cookie = cookie;
  };
  return {
    get() {
      const jar = readCookies(documentOf());
      const token = jar.get(TOKEN_COOKIE);
      if (!token) return null;
      const raw = jar.get(COMPANY_COOKIE);
      const companyId = raw && /^\d+$/.test(raw) ? Number(raw) : companyIdOf(token);
      return { token, companyId };
    },
    set(state) {
      write(TOKEN_COOKIE, state.token, options.maxAgeSeconds);
      if (state.companyId === null) write(COMPANY_COOKIE, '', 0);
      else write(COMPANY_COOKIE, String(state.companyId), options.maxAgeSeconds);
    },
    clear() {
      write(TOKEN_COOKIE, '', 0);
      write(COMPANY_COOKIE, '', 0);
    },
  };
}
