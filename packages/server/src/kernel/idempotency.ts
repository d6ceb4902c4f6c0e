import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { FastifyRequest } from 'fastify';
import type { OperationSpec } from './contract';
import { Problem } from './problem';
import type { Trx } from '../db/database';
import type { Auth, Services } from './types';

/**
 * Idempotency keys (the `Idempotency-Key` request header, as in the IETF httpapi draft and the
 * payment APIs that use it): a signed-in client's writing request (any method but GET) may carry
 * a key of its choosing, and sending the same request with the same key again within 24 hours
 * answers the first result without doing the work twice — a lost answer, a server killed after
 * its commit, or a double click never makes a second invoice, payment or e-document.
 *
 * The key's row is written in the request's own transaction before the handler runs: a parallel
 * request with the same key waits on the row's unique index until the first commits, then
 * answers its stored result; if the first failed (rolled back), the row is gone and the second
 * does the work. The same key with another operation or body is refused (422): the client reused
 * a key by mistake and must not get an unrelated answer. Keys are per company (the tenant's row
 * security applies) and swept after 24 hours (`sweepIdempotencyKeys`).
 */

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_HOURS = 24;
const KEY = /^[\x21-\x7e]{1,255}$/;

export interface IdempotentRequest { companyId: number; userId: number | null; key: string; operationId: string; hash: string }

/** The request's key, when it has one and the operation may use it; refuses a malformed key (400). */
export function idempotencyOf(op: OperationSpec, auth: Auth | null, request: FastifyRequest): IdempotentRequest | null {
  if (op.method === 'GET' || !auth) return null;
  const raw = request.headers[IDEMPOTENCY_HEADER];
  if (raw === undefined) return null;
  const key = Array.isArray(raw) ? raw.join(',') : raw;
  if (!KEY.test(key)) {
    throw new Problem(400, 'Geçersiz istek', {
      detail: 'Idempotency-Key başlığı 1 ile 255 arasında, boşluksuz görünür ASCII karakterden oluşmalı (ör. bir UUID).',
      code: 'IDEMPOTENCY_KEY_INVALID',
    });
  }
  return { companyId: auth.companyId, userId: auth.userId ?? null, key, operationId: op.operationId, hash: requestHash(op, request) };
}

/** sha-256 of what makes two requests the same: operation, path parameters, query and body. */
function requestHash(op: OperationSpec, request: FastifyRequest): string {
  const h = createHash('sha256');
  h.update(op.operationId);
  h.update('\0');
  h.update(stable(request.params ?? null));
  h.update('\0');
  h.update(stable(request.query ?? null));
  h.update('\0');
  h.update(stable(request.body ?? null));
  return h.digest('hex');
}

/** JSON with sorted keys (the same body sent with its fields in another order is the same), files by their digest. */
function stable(v: unknown): string {
  if (Buffer.isBuffer(v)) return `"sha256:${createHash('sha256').update(v).digest('hex')}"`;
  if (Array.isArray(v)) return `[${v.map(stable).join(',')}]`;
  if (v && typeof v === 'object') {
    return `{${Object.keys(v).sort().map((k) => `${JSON.stringify(k)}:${stable((v as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  return JSON.stringify(v) ?? 'null';
}

export interface Replay { status: number; body: unknown }

/**
 * Claims the key for this request (in its transaction), or answers what the first request with
 * the key answered. A key older than 24 hours is taken afresh.
 */
export async function claimIdempotencyKey(trx: Trx, r: IdempotentRequest, now: Date): Promise<Replay | null> {
  const expired = new Date(now.getTime() - IDEMPOTENCY_HOURS * 3_600_000);
  for (let attempt = 0; attempt < 2; attempt++) {
    const claimed = await sql<{ key: string }>`
      insert into idempotency_keys (company_id, key, user_id, operation_id, request_hash, created_at)
      values (${r.companyId}, ${r.key}, ${r.userId}, ${r.operationId}, ${r.hash}, ${now})
      on conflict (company_id, key) do nothing
      returning key`.execute(trx);
    if (claimed.rows.length) return null;
    const first = (await sql<{ operation_id: string; request_hash: string; status_code: number | null; response: unknown; created_at: Date }>`
      select operation_id, request_hash, status_code, response, created_at from idempotency_keys
       where company_id = ${r.companyId} and key = ${r.key}`.execute(trx)).rows[0];
    if (!first) continue; // swept between the two statements: claim it now
    if (new Date(first.created_at) < expired) {
      await sql`delete from idempotency_keys where company_id = ${r.companyId} and key = ${r.key}`.execute(trx);
      continue;
    }
    if (first.operation_id !== r.operationId || first.request_hash !== r.hash) {
      throw new Problem(422, 'İşlenemeyen istek', {
        detail: 'Bu Idempotency-Key başka bir istekle kullanılmış; her yeni istek için yeni bir anahtar üretin.',
        code: 'IDEMPOTENCY_KEY_REUSED',
      });
    }
    if (first.status_code === null) {
      throw new Problem(409, 'Çakışma', {
        detail: 'Bu anahtarla yapılan istek tamamlandı, ancak yanıtı yeniden verilemez (dosya yanıtı). Sonucu listeden görün.',
        code: 'IDEMPOTENCY_NO_REPLAY',
      });
    }
    return { status: first.status_code, body: first.response ?? null };
  }
  throw new Problem(409, 'Çakışma', { detail: 'Idempotency-Key aynı anda başka bir istekle kullanılıyor; az sonra yeniden deneyin.', code: 'IDEMPOTENCY_KEY_BUSY' });
}

/** Stores the result the key answers from now on (a JSON result; a file answer is not replayed). */
export async function recordIdempotencyKey(trx: Trx, r: IdempotentRequest, status: number, result: unknown): Promise<void> {
  const json = result === undefined || result === null ? 'null'
    : Buffer.isBuffer(result) || typeof (result as { pipe?: unknown }).pipe === 'function' ? undefined
      : JSON.stringify(result);
  await sql`update idempotency_keys set status_code = ${json === undefined ? null : status}, response = ${json ?? null}::jsonb
             where company_id = ${r.companyId} and key = ${r.key}`.execute(trx);
}

/** Forgets the keys older than 24 hours (the kernel's minute job). */
export async function sweepIdempotencyKeys(services: Pick<Services, 'db' | 'now'>): Promise<void> {
  const before = new Date(services.now().getTime() - IDEMPOTENCY_HOURS * 3_600_000);
  await sql`delete from idempotency_keys where created_at < ${before}`.execute(services.db);
}
