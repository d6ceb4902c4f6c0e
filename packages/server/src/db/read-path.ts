import { AsyncLocalStorage } from 'node:async_hooks';
import {
  CompiledQuery, Kysely, PostgresDialect,
  type DatabaseConnection, type Dialect, type Driver, type QueryResult,
} from 'kysely';
import pg from 'pg';
import type { DB } from './schema';

/**
 * The read path of a PostgreSQL server: authenticated GETs run their statements on connections of
 * their own pool that stay, at session level, in the request role (tezgah_app, so row-level
 * security applies), read-only (default_transaction_read_only) and set to a company. A connection
 * already set to the request's company needs no statement before the handler's own, and the
 * handler's statements run without BEGIN and COMMIT: a simple GET is one round trip instead of
 * three. Under READ COMMITTED every statement of a transaction takes its own snapshot anyway, so
 * a handler's reads see what they would have seen in a transaction.
 *
 * What the transaction's first statement did for the session cache (reading the auth version, so
 * a revocation is seen by the next request) a listener does here: the auth-version trigger sends
 * NOTIFY tezgah_auth with the new version on commit, and every server listening drops its cached
 * sessions. While the listener is not connected (start, a dropped connection) `ready` is false and
 * GETs take the transaction path, which reads the version itself.
 */
export interface ReadPath {
  /** True while the auth-change listener is connected. */
  readonly ready: boolean;
  /** Settles when the listener's first connection attempt has ended (ready or not). */
  readonly started: Promise<void>;
  /** Runs fn on a read connection set to the company; fn's Kysely is bound to that one connection. */
  run<T>(companyId: number, fn: (db: Kysely<DB>) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

interface ReadStore {
  companyId: number;
  conn?: DatabaseConnection;
  db?: unknown;
  setCompany(conn: DatabaseConnection, companyId: number): Promise<void>;
}
const store = new AsyncLocalStorage<ReadStore>();

/**
 * When db is the connection a read-path handler was given, switches that connection to another
 * company (kernel withCompany / setTenant) and answers true; otherwise false.
 */
export async function switchReadCompany(db: unknown, companyId: number): Promise<boolean> {
  const s = store.getStore();
  if (!s || s.db !== db || !s.conn) return false;
  await s.setCompany(s.conn, companyId);
  return true;
}

/** application_name of the listener's connection (pg_stat_activity shows it). */
export const LISTENER_NAME = 'tezgah auth listener';

/** SQLSTATE of a write refused in a read-only transaction. */
export const READ_ONLY_SQL_TRANSACTION = '25006';

export function openReadPath(opts: {
  url: string;
  poolSize: number;
  types: pg.CustomTypesConfig;
  /** Each pooled client as it connects (the statement counter). */
  onClient: (client: pg.PoolClient) => void;
  onIdleError?: (err: Error) => void;
  /** Told every auth version the listener learns (NOTIFY, and the current one on (re)connect). */
  onAuthVersion: (version: number) => void;
  /** Told when the listener is lost: cached sessions can no longer be trusted to be current. */
  onListenerLost: () => void;
}): ReadPath {
  const pool = new pg.Pool({ connectionString: opts.url, max: opts.poolSize, types: opts.types });
  pool.on('error', (err) => opts.onIdleError?.(err));
  pool.on('connect', opts.onClient);
  /** The company each read connection is set to (absent: a new connection, not yet set up). */
  const companyOf = new WeakMap<DatabaseConnection, number>();

  const setCompany = async (conn: DatabaseConnection, companyId: number) => {
    if (!(Number.isSafeInteger(companyId) && companyId > 0)) throw new Error(`invalid company id ${companyId}`);
    const known = companyOf.get(conn);
    if (known === companyId) return;
    companyOf.delete(conn); // unknown until the statement answers
    await conn.executeQuery(CompiledQuery.raw(known === undefined
      ? `select set_config('role', 'tezgah_app', false), set_config('default_transaction_read_only', 'on', false), set_config('tezgah.company_id', '${companyId}', false)`
      : `select set_config('tezgah.company_id', '${companyId}', false)`));
    companyOf.set(conn, companyId);
  };

  const inner = new PostgresDialect({ pool });
  const dialect: Dialect = {
    createAdapter: () => inner.createAdapter(),
    createQueryCompiler: () => inner.createQueryCompiler(),
    createIntrospector: (db) => inner.createIntrospector(db),
    createDriver(): Driver {
      const driver = inner.createDriver();
      const acquire = driver.acquireConnection.bind(driver);
      driver.acquireConnection = async () => {
        const conn = await acquire();
        const s = store.getStore();
        if (!s) {
          await driver.releaseConnection(conn);
          throw new Error('a read connection is used outside ReadPath.run');
        }
        try {
          await setCompany(conn, s.companyId);
        } catch (e) {
          await driver.releaseConnection(conn);
          throw e;
        }
        s.conn = conn;
        return conn;
      };
      // A handler on the read path never opens a transaction of its own: writes go the other path.
      driver.beginTransaction = async () => { throw new Error('no transactions on the read path'); };
      return driver;
    },
  };
  const db = new Kysely<DB>({ dialect });

  // The listener.
  let listener: pg.Client | null = null;
  let ready = false;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;
  const lost = () => {
    if (ready) opts.onListenerLost();
    ready = false;
    const l = listener;
    listener = null;
    l?.end().catch(() => {});
    if (!closed && !retry) retry = setTimeout(() => { retry = null; void listen(); }, 1_000);
  };
  const listen = async () => {
    if (closed || listener) return;
    const client = new pg.Client({ connectionString: opts.url, types: opts.types, application_name: LISTENER_NAME });
    listener = client;
    client.on('error', lost);
    client.on('end', () => { if (listener === client) lost(); });
    client.on('notification', (n) => {
      const v = Number(n.payload);
      if (n.channel === 'tezgah_auth' && Number.isFinite(v)) opts.onAuthVersion(v);
    });
    try {
      await client.connect();
      await client.query('listen tezgah_auth');
      // Listening from here on: a change committed before now is in this version.
      const r: QueryResult<{ version: number }> = await client.query('select version from auth_version') as any;
      opts.onAuthVersion(Number(r.rows[0]?.version ?? -1));
      if (listener === client && !closed) ready = true;
    } catch {
      if (listener === client) lost();
    }
  };
  const started = listen();

  return {
    started,
    get ready() { return ready && !closed; },
    run(companyId, fn) {
      const s: ReadStore = { companyId, setCompany };
      return store.run(s, () => db.connection().execute((bound) => { s.db = bound; return fn(bound); }));
    },
    async close() {
      closed = true;
      ready = false;
      if (retry) clearTimeout(retry);
      const l = listener;
      listener = null;
      await l?.end().catch(() => {});
      await db.destroy();
    },
  };
}
