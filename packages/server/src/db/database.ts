import { mkdirSync } from 'node:fs';
import { Kysely, PostgresDialect, sql, type Transaction } from 'kysely';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { PGliteDialect } from './pglite-dialect';
import { lockFolder, type FolderLock } from './lock';
import type { DB } from './schema';

export type Engine = 'pglite' | 'postgres';

export interface Database {
  readonly db: Kysely<DB>;
  readonly engine: Engine;
  /** The embedded engine itself (backups dump it); undefined on a server. */
  readonly pglite?: PGlite;
  close(): Promise<void>;
}

export type Trx = Transaction<DB>;

// int8 (counts, bigserial ids) and numeric come back as JS numbers / strings the same way on
// both engines: ids fit in 2^53, amounts stay strings until core's decimal code reads them.
const INT8 = 20;
const pgTypes = {
  getTypeParser(oid: number, format?: any) {
    if (oid === INT8) return (v: string) => Number(v);
    return (pg.types.getTypeParser as any)(oid, format);
  },
};

export interface DatabaseOptions {
  /** postgres://… to use a server; otherwise embedded PGlite. */
  url?: string | undefined;
  /** Folder for PGlite's files; undefined keeps the database in memory. */
  dataDir?: string | undefined;
  /** An already-open PGlite (tests hand in a clone of a migrated snapshot). */
  pglite?: PGlite;
  poolSize?: number;
  /** Told about an idle pooled connection the server ended. */
  onIdleError?: (err: Error) => void;
}

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.url && /^postgres(ql)?:\/\//.test(opts.url)) {
    const pool = new pg.Pool({ connectionString: opts.url, max: opts.poolSize ?? 10, types: pgTypes });
    // An idle connection the server ends (a restart, a dropped database, a network cut) is
    // reported on the pool; unheard, that event would end the process. The pool replaces the
    // connection, and the next query gets a fresh one.
    pool.on('error', (err) => opts.onIdleError?.(err));
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    await sql`select 1`.execute(db);
    return { db, engine: 'postgres', close: () => db.destroy() };
  }
  let pglite = opts.pglite;
  let lock: FolderLock | null = null;
  if (!pglite) {
    if (opts.dataDir) {
      mkdirSync(opts.dataDir, { recursive: true });
      // One process per folder: a second opener would silently overwrite the first one's writes.
      lock = lockFolder(opts.dataDir);
    }
    try {
      pglite = await PGlite.create(opts.dataDir ? { dataDir: opts.dataDir } : {});
    } catch (e) {
      lock?.release();
      throw e;
    }
  }
  // Match pg: int8 as number.
  const db = new Kysely<DB>({ dialect: new PGliteDialect(pglite) });
  const handle = pglite;
  return {
    db, engine: 'pglite', pglite: handle,
    close: async () => {
      try {
        await db.destroy();
      } finally {
        lock?.release();
      }
    },
  };
}

/**
 * Runs fn in one transaction as the non-superuser role tezgah_app with the request's company set,
 * so row-level security policies apply to every tenant table it touches.
 */
export function inTenant<T>(db: Kysely<DB>, companyId: number, fn: (trx: Trx) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (trx) => {
    await setTenant(trx, companyId);
    return fn(trx);
  });
}

export async function setTenant(trx: Trx, companyId: number): Promise<void> {
  await sql`select set_config('role', 'tezgah_app', true), set_config('tezgah.company_id', ${String(companyId)}, true)`.execute(trx);
}
