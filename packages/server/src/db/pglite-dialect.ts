import type { PGlite } from '@electric-sql/pglite';
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';

/**
 * Kysely dialect for embedded PGlite. PGlite is one connection, so the driver hands it out to one
 * holder at a time: a transaction keeps it from BEGIN to COMMIT and no other request's statement
 * can slip in between.
 */
export class PGliteDialect implements Dialect {
  private driver: PGliteDriver | null = null;
  /** stats.statements counts every statement sent (each one a round trip into PGlite). */
  constructor(private readonly pglite: PGlite, private readonly stats: { statements: number } = { statements: 0 }) {}
  createAdapter() { return new PostgresAdapter(); }
  createDriver(): Driver { return (this.driver = new PGliteDriver(this.pglite, this.stats)); }
  /**
   * Runs fn with the one connection held, between other holders' turns (never inside a
   * transaction of theirs), and outside Database.stats: the job queue's own statements.
   */
  async exclusive<T>(fn: (pglite: PGlite) => Promise<T>): Promise<T> {
    const driver = this.driver;
    if (!driver) throw new Error('the PGlite dialect has no driver yet');
    await driver.acquireConnection();
    try {
      return await fn(this.pglite);
    } finally {
      await driver.releaseConnection();
    }
  }
  createQueryCompiler() { return new PostgresQueryCompiler(); }
  createIntrospector(db: Kysely<any>) { return new PostgresIntrospector(db); }
}

class PGliteDriver implements Driver {
  private queue: Promise<void> = Promise.resolve();
  private release: (() => void) | null = null;
  private readonly connection: PGliteConnection;

  constructor(private readonly pglite: PGlite, stats: { statements: number }) {
    this.connection = new PGliteConnection(pglite, stats);
  }
  async init() { await this.pglite.waitReady; }
  async acquireConnection(): Promise<DatabaseConnection> {
    const previous = this.queue;
    let release!: () => void;
    this.queue = new Promise<void>((resolve) => { release = resolve; });
    await previous;
    this.release = release;
    return this.connection;
  }
  async beginTransaction(conn: DatabaseConnection, settings: TransactionSettings) {
    const level = settings.isolationLevel ? ` isolation level ${settings.isolationLevel}` : '';
    await conn.executeQuery(CompiledQuery.raw(`begin${level}`));
  }
  async commitTransaction(conn: DatabaseConnection) { await conn.executeQuery(CompiledQuery.raw('commit')); }
  async rollbackTransaction(conn: DatabaseConnection) { await conn.executeQuery(CompiledQuery.raw('rollback')); }
  async releaseConnection() {
    const r = this.release;
    this.release = null;
    r?.();
  }
  async destroy() { await this.queue; await this.pglite.close(); }
}

/** `date` (oid 1082) stays text, YYYY-MM-DD, as on pg (database.ts): a calendar day has no time zone. */
const PARSERS = { 1082: (v: string) => v };

class PGliteConnection implements DatabaseConnection {
  constructor(private readonly pglite: PGlite, private readonly stats: { statements: number }) {}
  async executeQuery<R>(q: CompiledQuery): Promise<QueryResult<R>> {
    this.stats.statements++;
    if (q.parameters.length === 0 && q.sql.includes(';')) {
      // A script (migrations, `begin; select set_config(…)`): run it with the simple protocol, which allows several statements.
      const results = await this.pglite.exec(q.sql, { parsers: PARSERS });
      const last = results[results.length - 1];
      return { rows: (last?.rows ?? []) as R[] };
    }
    const r = await this.pglite.query<R>(q.sql, q.parameters as unknown[], { parsers: PARSERS });
    return {
      rows: r.rows,
      ...(r.affectedRows !== undefined ? { numAffectedRows: BigInt(r.affectedRows) } : {}),
    };
  }
  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('streaming is not supported on PGlite');
  }
}
