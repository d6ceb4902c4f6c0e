import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { PGlite } from '@electric-sql/pglite';
import { loadConfig, type Config } from './config';
import { openDatabase, type Database } from './db/database';
import { sessionCache } from './kernel/auth';
import { migrate, type MigrationSource } from './db/migrate';
import { dailyBackups } from './db/backup';
import { buildApp } from './kernel/app';
import { serveWorkbench } from './kernel/static';
import { discoverServerPlugins } from './kernel/discover';
import { createMail } from './ports/mail';
import { sandboxSms } from './ports/sms';
import { syncReferenceData, tokenSecret } from './seed/reference';
import { seedDemo } from './seed/demo';
import { accountHandlers } from './identity/account.handlers';
import { userHandlers } from './identity/users.handlers';
import { companyHandlers } from './tenancy/companies.handlers';
import { roleHandlers } from './tenancy/roles.handlers';
import type { ServerPlugin, Services } from './kernel/types';
import { kernelJobs } from './kernel/events';
import { createJobQueue, installQueueSchema, jobDefinitions } from './jobs/queue';
import { loadDocument } from './kernel/contract';
import { version as SERVER_VERSION } from '../package.json';

/** Where `pnpm --filter @tezgah/workbench build` puts the workbench. */
export const WORKBENCH_DIST = fileURLToPath(new URL('../../workbench/dist', import.meta.url));

export const KERNEL_MIGRATIONS: MigrationSource = { owner: 'kernel', dir: fileURLToPath(new URL('../migrations', import.meta.url)) };

let contractVersion: string | undefined;
/** The contract's info.version, read once. */
const apiVersion = () => (contractVersion ??= String(loadDocument().info?.version ?? ''));

/** The kernel's own operations (identity and tenancy), hosted like any plugin's. */
export const kernelPlugin: ServerPlugin = {
  id: 'kernel',
  handlers: {
    health: async (ctx) => ({ status: 'ok', engine: ctx.services.engine }),
    // The user menu's version info (seeds 000 §1): this server's package version and the contract's.
    getVersion: async (ctx) => ({ name: 'Tezgah', version: SERVER_VERSION, apiVersion: apiVersion(), engine: ctx.services.engine }),
    ...accountHandlers, ...userHandlers, ...companyHandlers, ...roleHandlers },
  migrations: KERNEL_MIGRATIONS,
  // The sweep that retries server events whose delivery failed or never happened (kernel/events.ts).
  jobs: kernelJobs(),
};

/** The kernel plus every server plugin found in the workspace (package.json `tezgah.server`). */
export async function builtInPlugins(): Promise<ServerPlugin[]> {
  return [kernelPlugin, ...(await discoverServerPlugins())];
}

export interface Prepared {
  database: Database;
  /** True when this start seeded the demo tenant. */
  seeded: boolean;
  applied: string[];
}

/** Opens the database, applies migrations, syncs reference data and seeds the demo on an empty one. */
export async function prepareDatabase(config: Config, opts: { plugins?: ServerPlugin[]; pglite?: PGlite } = {}): Promise<Prepared> {
  const plugins = opts.plugins ?? (await builtInPlugins());
  const database = await openDatabase({ url: config.databaseUrl, prepare: config.prepare, dataDir: opts.pglite ? undefined : join(config.dataDir, 'pglite'), ...(opts.pglite ? { pglite: opts.pglite } : {}) });
  let applied: string[];
  let seeded = false;
  try {
    applied = await migrate(database.db, plugins.flatMap((p) => (p.migrations ? [p.migrations] : [])));
    // The job queue's own schema (pgboss), by pg-boss's versioned migrations.
    await installQueueSchema(database.jobDb);
    await syncReferenceData(database.db);
    if (config.demo) {
      // One transaction: the kernel's demo tenant and every plugin's demo data, or nothing.
      seeded = await database.db.transaction().execute(async (trx) => {
        const any = await trx.selectFrom('users').select('id').limit(1).executeTakeFirst();
        if (any) return false;
        const demo = await seedDemo(trx, plugins);
        for (const p of plugins) if (p.seedDemo) await p.seedDemo(trx, demo);
        return true;
      });
    }
  } catch (e) {
    await database.close(); // and so give the data folder's lock back
    throw e;
  }
  return { database, seeded, applied };
}

/** The lookup behind Services.service: every plugin's `provides`, one provider per name. */
function providedServices(plugins: readonly ServerPlugin[]): Services['service'] {
  const byName = new Map<string, unknown>();
  for (const p of plugins) {
    for (const [name, s] of Object.entries(p.provides ?? {})) {
      if (byName.has(name)) throw new Error(`service ${name} is provided by two plugins`);
      byName.set(name, s);
    }
  }
  return <T>(name: string): T => {
    if (!byName.has(name)) throw new Error(`no plugin provides the service ${name}`);
    return byName.get(name) as T;
  };
}

export interface RunningServer {
  app: FastifyInstance;
  services: Services;
  database: Database;
  url: string;
  seeded: boolean;
  /** The backup taken at start when the newest was a day old (embedded engine in a folder). */
  firstBackup: Promise<string | null> | null;
  close(): Promise<void>;
}

export async function createServer(opts: {
  config?: Config;
  pglite?: PGlite;
  plugins?: ServerPlugin[];
  logger?: FastifyServerOptions['logger'];
  now?: () => Date;
  listen?: boolean;
  /** Extra routes and hooks, added before the server starts (test probes). */
  extend?: (app: FastifyInstance) => Promise<void> | void;
  /** The built workbench to serve on the same port; default packages/workbench/dist when it exists. */
  workbenchDir?: string | null;
} = {}): Promise<RunningServer> {
  const config = opts.config ?? loadConfig();
  const plugins = opts.plugins ?? (await builtInPlugins());
  const { database, seeded } = await prepareDatabase(config, { plugins, ...(opts.pglite ? { pglite: opts.pglite } : {}) });
  const jobs = createJobQueue(database.jobDb, jobDefinitions(plugins), config.jobs);
  const services: Services = {
    config,
    db: database.db,
    mail: createMail(database.db, config.mail),
    sms: sandboxSms(),
    secret: await tokenSecret(database.db, process.env.TEZGAH_SECRET),
    engine: database.engine,
    plugins,
    now: opts.now ?? (() => new Date()),
    service: providedServices(plugins),
    jobs,
  };
  if (config.readPath) {
    const cache = sessionCache(services);
    services.reads = database.openReadPath({ onAuthVersion: (v) => cache.saw(v), onListenerLost: () => cache.clear() });
    await services.reads?.started;
  }
  const workbenchDir = opts.workbenchDir === undefined ? WORKBENCH_DIST : opts.workbenchDir;
  const app = await buildApp({
    services, plugins, logger: opts.logger ?? false,
    extend: async (a) => {
      await opts.extend?.(a);
      if (workbenchDir) serveWorkbench(a, workbenchDir);
    },
  });
  // The embedded database in a folder backs itself up once a day (a business on the default
  // engine has no DBA); a server is backed up with pg_dump (README: Backups).
  const backups = database.pglite && !opts.pglite && config.backup.keepDays > 0
    ? dailyBackups(database, config.backup.dir, config.backup.keepDays, { log: (msg, extra) => app.log.info(extra ?? {}, msg) })
    : null;
  // The queue stops with the app (before the database closes): no new polls, running jobs finish.
  app.addHook('onClose', async () => { await jobs.stop(); });
  try {
    await jobs.start(services, (msg, extra) => app.log.warn(extra ?? {}, msg));
  } catch (e) {
    await app.close();
    await database.close();
    throw e;
  }
  let url = '';
  if (opts.listen !== false) {
    url = await app.listen({ port: config.port, host: config.host });
    url = url.replace('0.0.0.0', 'localhost').replace('[::]', 'localhost');
  } else {
    await app.ready();
  }
  const firstBackup = backups?.tick().catch((e) => { app.log.error({ err: e }, 'daily backup failed'); return null; }) ?? null;
  return {
    app, services, database, url, seeded, firstBackup,
    async close() {
      backups?.stop();
      await app.close();
      await firstBackup;
      await database.close();
    },
  };
}
