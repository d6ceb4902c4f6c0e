import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import {
  CompiledQuery, Kysely, PostgresDialect, sql,
  type DatabaseConnection, type Dialect, type Driver, type Transaction, type TransactionSettings,
} from 'kysely';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { PGliteDialect } from './pglite-dialect';
import { lockFolder, type FolderLock } from './lock';
import { openReadPath, switchReadCompany, type ReadPath } from './read-path';
import type { DB } from './schema';

export type Engine = 'pglite' | 'postgres';

export interface Database {
  readonly db: Kysely<DB>;
  readonly engine: Engine;
  /** The embedded engine itself (backups dump it); undefined on a server. */
  readonly pglite?: PGlite;
  /** Statements sent to the engine since it was opened (each one a round trip). */
  readonly stats: DbStats;
  /**
   * Opens the read path for authenticated GETs (db/read-path.ts) on a PostgreSQL server; null on
   * the embedded engine (one connection in-process: no round trips to save). Closed with close().
   */
  openReadPath(hooks: { onAuthVersion(version: number): void; onListenerLost(): void }): ReadPath | null;
  /**
   * Where the job queue (jobs/queue.ts) sends its statements: on PGlite the one connection, taken
   * in turn with every request (never inside a request's transaction); on a server a small pool of
   * its own. Not counted in `stats` (a poll between two requests is not theirs).
   */
  readonly jobDb: JobDb;
  close(): Promise<void>;
}

/** The job queue's connection (pg-boss's `db` option). */
export interface JobDb {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: any[] }>;
}

export interface DbStats { statements: number }

export type Trx = Transaction<DB>;

// int8 (counts, bigserial ids) and numeric come back as JS numbers / strings the same way on
// both engines: ids fit in 2^53, amounts stay strings until core's decimal code reads them.
// A `date` stays text (YYYY-MM-DD): pg would make it a Date at local midnight, moving the day
// with the process's time zone.
const INT8 = 20;
const DATE = 1082;
const pgTypes = {
  getTypeParser(oid: number, format?: any) {
    if (oid === INT8) return (v: string) => Number(v);
    if (oid === DATE) return (v: string) => v;
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
  /** On pg, send statements seen before as named prepared statements (see {@link preparedName}). @default true */
  prepare?: boolean;
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
    const stats: DbStats = { statements: 0 };
    pool.on('connect', (client) => countAndPrepare(client, stats, opts.prepare ?? true));
    const db = new Kysely<DB>({ dialect: new OneStatementBegin(new PostgresDialect({ pool })) });
    await sql`select 1`.execute(db);
    const url = opts.url;
    let reads: ReadPath | null = null;
    let jobPool: pg.Pool | null = null;
    const jobDb: JobDb = {
      async executeSql(text, values) {
        if (!jobPool) {
          jobPool = new pg.Pool({ connectionString: url, max: 3, application_name: 'tezgah-jobs' });
          jobPool.on('error', (err) => opts.onIdleError?.(err));
        }
        const r = await jobPool.query(text, values as unknown[] | undefined);
        return { rows: (Array.isArray(r) ? r[r.length - 1]?.rows : r.rows) ?? [] };
      },
    };
    return {
      db, engine: 'postgres', stats, jobDb,
      openReadPath(hooks) {
        reads ??= openReadPath({
          url, poolSize: opts.poolSize ?? 10, types: pgTypes,
          onClient: (client) => countAndPrepare(client, stats, opts.prepare ?? true),
          ...(opts.onIdleError ? { onIdleError: opts.onIdleError } : {}),
          ...hooks,
        });
        return reads;
      },
      close: async () => {
        try {
          await reads?.close();
          await jobPool?.end();
        } finally {
          await db.destroy();
        }
      },
    };
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
  const stats: DbStats = { statements: 0 };
  const dialect = new PGliteDialect(pglite, stats);
  const db = new Kysely<DB>({ dialect: new OneStatementBegin(dialect) });
  const handle = pglite;
  const jobDb: JobDb = {
    executeSql: (text, values) => dialect.exclusive(async (p) => {
      if (!values || values.length === 0) {
        // pg-boss sends scripts (its schema, BEGIN … COMMIT) without parameters: the simple protocol.
        const results = await p.exec(text);
        return { rows: results[results.length - 1]?.rows ?? [] };
      }
      return { rows: (await p.query(text, values)).rows };
    }),
  };
  return {
    db, engine: 'pglite', pglite: handle, stats, jobDb,
    openReadPath: () => null,
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
 * so row-level security policies apply to every tenant table it touches. The transaction starts
 * with ONE statement (see tenantTransaction).
 */
export function inTenant<T>(db: Kysely<DB>, companyId: number, fn: (trx: Trx) => Promise<T>): Promise<T> {
  return tenantTransaction(db, companyId, (trx) => fn(trx));
}

/**
 * One transaction whose start is a single statement sent in one round trip: `begin`, the role
 * and company settings (when companyId is given) and the current auth version (see
 * kernel/auth.ts), e.g. `begin; select set_config('role','tezgah_app',true), …`. The company id
 * is inlined, so it must be a safe integer (it comes from a verified token). fn gets the auth
 * version the transaction saw.
 */
export function tenantTransaction<T>(db: Kysely<DB>, companyId: number | null, fn: (trx: Trx, authVersion: number) => Promise<T>): Promise<T> {
  if (companyId !== null && !(Number.isSafeInteger(companyId) && companyId > 0)) throw new Error(`invalid company id ${companyId}`);
  const settings = companyId === null ? '' : `set_config('role', 'tezgah_app', true) as r, set_config('tezgah.company_id', '${companyId}', true) as c, `;
  const start: TxStart = { sql: `begin; select ${settings}(select version from auth_version) as v`, row: null };
  // `used` makes a transaction nested inside fn start plainly.
  return txStart.run(start, () => db.transaction().execute((trx) => fn(trx, Number(start.row?.v ?? -1))));
}

interface TxStart { sql: string; row: Record<string, unknown> | null; used?: boolean }
const txStart = new AsyncLocalStorage<TxStart>();

/** Wraps a dialect so that a transaction opened by tenantTransaction begins with its one statement. */
class OneStatementBegin implements Dialect {
  constructor(private readonly inner: Dialect) {}
  createAdapter() { return this.inner.createAdapter(); }
  createQueryCompiler() { return this.inner.createQueryCompiler(); }
  createIntrospector(db: Kysely<any>) { return this.inner.createIntrospector(db); }
  createDriver(): Driver {
    const driver = this.inner.createDriver();
    const begin = driver.beginTransaction.bind(driver);
    driver.beginTransaction = async (conn: DatabaseConnection, settings: TransactionSettings) => {
      const start = txStart.getStore();
      if (!start || start.used || settings.isolationLevel || settings.accessMode) return begin(conn, settings);
      start.used = true;
      const r = await conn.executeQuery(CompiledQuery.raw(start.sql));
      start.row = (r.rows[0] as Record<string, unknown> | undefined) ?? null;
    };
    return driver;
  }
}

/** Statements whose text starts with this comment are sent as named prepared statements on pg. */
const PREPARED = /^\/\* prepared:([a-z0-9_]+) \*\//;

/**
 * Repeated statements are sent as named prepared statements on pg, so PostgreSQL parses them once
 * per connection and, after its first executions, keeps a plan instead of planning them again. The
 * long statements of a sale (the request's read, the invoice with its content, the answer) spent
 * more time being planned than executed: under row-level security every table of a statement adds
 * its policy to plan, and an unnamed statement is planned on every call.
 *
 * What is prepared: a statement sent with parameters (so it already goes through the extended
 * protocol, and is one statement), whose text this server has sent before (a one-off text, such as
 * a bulk insert of a size seen once, is not kept on the server), and which is not too long. Each
 * connection keeps at most {@link PREPARE_PER_CONNECTION} of them; past that, new texts go
 * unnamed. The name is a hash of the text and of the schema epoch: a migration applied by this
 * process ({@link schemaChanged}) makes every text prepare afresh under a new name, so a statement
 * prepared before a table changed is never run against the changed table ("cached plan must not
 * change result type"). A table changed by another process (another server's migration during a
 * rolling update) is found when a kept statement fails with that error: the statement fails once
 * (its transaction is rolled back, and the request is answered 503 with Retry-After), and the epoch
 * moves on as for a migration of this process, so the next run prepares afresh. The marked
 * statements' names carry the epoch too. TEZGAH_PREPARE=0 sends every statement unnamed, the
 * marked ones too (for a pooler in transaction mode, which cannot keep a connection's prepared
 * statements).
 *
 * A kept plan is made from the tables' statistics when it is made, and made again when they change
 * (an ANALYZE, which autovacuum runs as tables grow).
 */
const PREPARE_PER_CONNECTION = 200;
const PREPARE_MAX_TEXT = 40_000;
const SIGHTINGS_MAX = 5_000;
const sightings = new Map<string, string | null>();
let schemaEpoch = 0;

/** Tells the pg connections that the schema changed: statements prepared before are not used again. */
export function schemaChanged(): void {
  schemaEpoch++;
  sightings.clear();
}

/** PostgreSQL's refusal to run a kept statement whose table changed the shape of its result. */
export function isStalePlan(e: unknown): boolean {
  const err = e as { code?: unknown; message?: unknown } | null;
  return err?.code === '0A000' && typeof err.message === 'string' && err.message.includes('cached plan must not change result type');
}

/** The prepared statement's name for a text seen before, or null (send it unnamed). */
function preparedName(text: string): string | null {
  const known = sightings.get(text);
  if (known) return known;
  if (known === undefined) {
    if (sightings.size >= SIGHTINGS_MAX) sightings.clear();
    sightings.set(text, null);
    return null;
  }
  const name = `q${schemaEpoch}_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
  sightings.set(text, name);
  return name;
}

/**
 * Counts every statement a pooled pg client sends, answers a multi-statement simple-protocol
 * query's LAST result (so `begin; select …` reads like the select), sends the hot fixed queries
 * marked `/* prepared:name *\/` as named prepared statements, and prepares repeated statements
 * (see {@link preparedName}).
 */
function countAndPrepare(client: pg.PoolClient, stats: DbStats, autoPrepare: boolean) {
  const original = client.query as (...args: any[]) => any;
  const own = new Set<string>();
  (client as any).query = function query(this: unknown, ...args: any[]) {
    stats.statements++;
    if (typeof args[0] === 'string' && typeof args[1] !== 'function' && args.length <= 2) {
      const text = args[0];
      const values = args[1] as unknown[] | undefined;
      const marked = PREPARED.exec(text);
      let name = marked && autoPrepare ? `${marked[1]}_${schemaEpoch}` : null;
      if (!name && autoPrepare && values?.length && text.length <= PREPARE_MAX_TEXT) {
        const auto = preparedName(text);
        if (auto && (own.has(auto) || own.size < PREPARE_PER_CONNECTION)) {
          own.add(auto);
          name = auto;
        }
      }
      const p: Promise<any> = name
        ? original.call(this, { name, text, values: values ? [...values] : [] }).catch((e: unknown) => {
            if (isStalePlan(e)) {
              own.delete(name!);
              schemaChanged();
            }
            throw e;
          })
        : original.apply(this, args);
      return p.then((res) => (Array.isArray(res) ? res[res.length - 1] : res));
    }
    return original.apply(this, args);
  };
}

export async function setTenant(trx: Trx, companyId: number): Promise<void> {
  // A GET on the read path holds a connection, not a transaction: switch its session setting.
  if (await switchReadCompany(trx, companyId)) return;
  await sql`select set_config('role', 'tezgah_app', true), set_config('tezgah.company_id', ${String(companyId)}, true)`.execute(trx);
}
