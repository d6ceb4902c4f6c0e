import { randomUUID, randomBytes, createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { Trx } from '../db/database';
import { signToken } from './token';
import { Problem } from '../kernel/problem';
import type { Services } from '../kernel/types';

/** Starts a session and answers its token (also as `Authorization: Bearer …`). */
export async function startSession(
  trx: Trx | Kysely<DB>,
  services: Services,
  opts: { userId: number; login: string; companyId: number; rememberMe?: boolean; actor?: { id: number; login: string } | null; previousSessionId?: string | null; ip?: string | null },
): Promise<{ token: string; sessionId: string; expiresAt: Date }> {
  const now = services.now();
  const hours = opts.rememberMe ? services.config.rememberMeDays * 24 : services.config.tokenHours;
  const expiresAt = new Date(now.getTime() + hours * 3600_000);
  const sessionId = randomUUID();
  await trx.insertInto('sessions').values({
    id: sessionId,
    user_id: opts.userId,
    actor_id: opts.actor?.id ?? null,
    previous_session_id: opts.previousSessionId ?? null,
    created_at: now,
    expires_at: expiresAt,
    ip: opts.ip ?? null,
  }).execute();
  const token = signToken({
    sub: String(opts.userId),
    login: opts.login,
    cid: opts.companyId,
    sid: sessionId,
    ...(opts.actor ? { imp: opts.actor.login } : {}),
    iat: Math.floor(now.getTime() / 1000),
    exp: Math.floor(expiresAt.getTime() / 1000),
  }, services.secret);
  return { token, sessionId, expiresAt };
}

/** The company a user lands in: their default if still valid, else the primary, else the first. */
export async function landingCompany(trx: Trx | Kysely<DB>, userId: number, prefer?: number | null): Promise<number | null> {
  const rows = await trx.selectFrom('user_companies as uc')
    .innerJoin('companies as c', 'c.id', 'uc.company_id')
    .select(['uc.company_id', 'uc.is_primary'])
    .where('uc.user_id', '=', userId).where('c.active', '=', true)
    .orderBy('uc.is_primary', 'desc').orderBy('uc.company_id')
    .execute();
  if (prefer && rows.some((r) => r.company_id === prefer)) return prefer;
  return rows[0]?.company_id ?? null;
}

export const hashKey = (key: string) => createHash('sha256').update(key).digest('hex');

/** Makes a single-use key (only its hash is stored) for activation, reset or invitation. */
export async function issueKey(trx: Trx, services: Services, userId: number, purpose: 'ACTIVATION' | 'RESET' | 'INVITE', hours: number): Promise<string> {
  const key = randomBytes(20).toString('hex');
  // A new key replaces older unused keys of the same purpose.
  await trx.updateTable('user_keys').set({ used_at: services.now() })
    .where('user_id', '=', userId).where('purpose', '=', purpose).where('used_at', 'is', null).execute();
  await trx.insertInto('user_keys').values({
    key_hash: hashKey(key), user_id: userId, purpose,
    created_at: services.now(), expires_at: new Date(services.now().getTime() + hours * 3600_000),
  }).execute();
  return key;
}

/**
 * Spends a key: answers its user, or a problem with the seeds' OTP outcomes (INCORRECT_OTP for an
 * unknown or used key, EXPIRED_OTP for an old one).
 */
export async function consumeKey(trx: Trx, services: Services, key: string, purposes: ('ACTIVATION' | 'RESET' | 'INVITE')[], failTitle: string): Promise<{ userId: number; purpose: string }> {
  const row = await trx.selectFrom('user_keys').selectAll().where('key_hash', '=', hashKey(key)).forUpdate().executeTakeFirst();
  if (!row || row.used_at || !purposes.includes(row.purpose)) {
    throw new Problem(400, failTitle, { detail: 'Anahtar geçersiz veya daha önce kullanılmış.', code: 'INCORRECT_OTP' });
  }
  if (row.expires_at <= services.now()) {
    throw new Problem(400, failTitle, { detail: 'Anahtarın süresi dolmuş.', code: 'EXPIRED_OTP' });
  }
  await trx.updateTable('user_keys').set({ used_at: services.now() }).where('key_hash', '=', row.key_hash).execute();
  return { userId: row.user_id, purpose: row.purpose };
}

/** Ends every session of a user (after a password change). */
export async function revokeAllSessions(trx: Trx, services: Services, userId: number): Promise<void> {
  await trx.updateTable('sessions').set({ revoked_at: services.now() }).where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
}


