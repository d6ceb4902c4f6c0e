import { createHmac, timingSafeEqual } from 'node:crypto';

/** What a signed token says. A JWT (HS256) so any client can read the company it carries. */
export interface TokenClaims {
  /** user id */
  sub: string;
  login: string;
  /** current company id */
  cid: number;
  /** session id; a revoked session's tokens stop working */
  sid: string;
  /** the real user's login while impersonating */
  imp?: string;
  iat: number;
  exp: number;
}

const b64 = (v: string | Buffer) => Buffer.from(v).toString('base64url');
const HEADER = b64(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));

export function signToken(claims: TokenClaims, secret: Buffer): string {
  const body = `${HEADER}.${b64(JSON.stringify(claims))}`;
  return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
}

/** The claims of a well-formed, correctly signed, unexpired token; otherwise null. */
export function verifyToken(token: string, secret: Buffer, nowSeconds = Math.floor(Date.now() / 1000)): TokenClaims | null {
  if (token.length > 4096) return null;
  const parts = token.split('.');
  if (parts.length !== 3 || parts[0] !== HEADER) return null;
  const expected = createHmac('sha256', secret).update(`${parts[0]}.${parts[1]}`).digest();
  let given: Buffer;
  try {
    given = Buffer.from(parts[2]!, 'base64url');
  } catch {
    return null;
  }
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let claims: TokenClaims;
  try {
    claims = JSON.parse(Buffer.from(parts[1]!, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (typeof claims !== 'object' || claims === null) return null;
  if (typeof claims.sub !== 'string' || typeof claims.sid !== 'string' || typeof claims.cid !== 'number') return null;
  if (typeof claims.exp !== 'number' || claims.exp <= nowSeconds) return null;
  return claims;
}
