import { sql } from 'kysely';
import type { Problem, Trx } from '@tezgah/server';

let counter = 0;

/** A database error's SQLSTATE and constraint (pg and PGlite both carry them). */
export interface DbError {
  code: string | undefined;
  constraint: string | undefined;
}

/**
 * Runs one write under a savepoint, so that a constraint it breaks (a unique key 23505, a foreign
 * key 23503) is answered with this area's own problem and text while the request's transaction
 * goes on. `explain` returns the problem to throw, or undefined to let the error through (the
 * kernel maps what is left).
 */
export async function guarded<T>(trx: Trx, write: () => Promise<T>, explain: (e: DbError) => Problem | undefined): Promise<T> {
  const name = sql.raw(`accounting_guard_${++counter}`);
  await sql`savepoint ${name}`.execute(trx);
  try {
    const out = await write();
    await sql`release savepoint ${name}`.execute(trx);
    return out;
  } catch (error) {
    await sql`rollback to savepoint ${name}`.execute(trx);
    const e = error as { code?: unknown; constraint?: unknown };
    const problem = explain({ code: typeof e.code === 'string' ? e.code : undefined, constraint: typeof e.constraint === 'string' ? e.constraint : undefined });
    throw problem ?? error;
  }
}

export const UNIQUE_VIOLATION = '23505';
export const FOREIGN_KEY_VIOLATION = '23503';
