import { createHash } from 'node:crypto';
import PgBoss from 'pg-boss';
import type { JobDb } from '../db/database';
import type { ServerPlugin, Services } from '../kernel/types';

/**
 * The job queue: pg-boss 10 on the server's own database (schema `pgboss`), so a job is a row that
 * survives a restart, is fetched by exactly one worker of any number of servers (FOR UPDATE SKIP
 * LOCKED), and is retried with backoff when its handler throws. On embedded PGlite its statements
 * go through the one connection in turn with the requests (Database.jobDb), never inside one.
 */

/** What a job's handler gets. */
export interface Job<T = Record<string, unknown>> {
  id: string;
  name: string;
  data: T;
  /** 0 on the first run, 1 on the first retry, ... */
  retryCount: number;
  services: Services;
}

/** A kind of job a server plugin runs (ServerPlugin.jobs, keyed by the job's name). */
export interface JobDefinition<T = any> {
  /** Throwing fails this run: it is retried after retryDelaySeconds (doubling with backoff) until retryLimit. */
  handler(job: Job<T>): Promise<void>;
  /** Retries after a failed run (default 3). */
  retryLimit?: number;
  /** Seconds before the first retry (default 30); with backoff each retry waits about twice as long. */
  retryDelaySeconds?: number;
  /** Exponential backoff between retries (default true). */
  retryBackoff?: boolean;
  /** A run taking longer is failed (and retried): a server that died mid-run gives its job back this way (default 15 min). */
  expireInSeconds?: number;
  /** A cron schedule (5 fields, Europe/Istanbul time) on which the job is sent with `scheduleData`, once across all servers. */
  cron?: string;
  scheduleData?: Record<string, unknown>;
}

export interface SendOptions {
  /** Not before this moment. */
  startAfter?: Date;
  /**
   * An idempotency key: the job's id is derived from the queue's name and the key, so sending the
   * same key again (a sweep that re-queues, two servers) adds nothing while pg-boss keeps the job
   * (its retention after it ran). The answer is then null.
   */
  key?: string;
}

/** The typed queue plugins use (Services.jobs). */
export interface JobQueue {
  /** Puts a job in the named queue (which a plugin's `jobs` declares); its id, or null when a singleton dropped it. */
  send<T extends object>(name: string, data: T, opts?: SendOptions): Promise<string | null>;
  /** A job's state as pg-boss keeps it (created, retry, active, completed, cancelled, failed), for tests and tools. */
  state(name: string, id: string): Promise<{ state: string; retryCount: number; startAfter: Date } | null>;
  /** True once the queue is up (workers and schedules run only when the server's config asks). */
  readonly started: boolean;
}

export interface QueueOptions {
  /** Run handlers and schedules here (TEZGAH_JOBS, default on); off still accepts jobs. */
  work: boolean;
  /** Seconds between polls of each queue when idle (TEZGAH_JOB_POLL_SECONDS, default 2). */
  pollSeconds: number;
}

export const QUEUE_SCHEMA = 'pgboss';

/** A UUID (version 5 layout) from the queue's name and an idempotency key. */
export function keyedId(name: string, key: string): string {
  const h = createHash('sha1').update(`tezgah-job:${name}:${key}`).digest();
  h[6] = (h[6]! & 0x0f) | 0x50;
  h[8] = (h[8]! & 0x3f) | 0x80;
  const x = h.subarray(0, 16).toString('hex');
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20)}`;
}
const TIME_ZONE = 'Europe/Istanbul';

function boss(db: JobDb, extra: PgBoss.ConstructorOptions = {}): PgBoss {
  const b = new PgBoss({ db: db as PgBoss.Db, schema: QUEUE_SCHEMA, ...extra });
  // pg-boss reports background errors (a poll that met a closing database) as events; unheard they would end the process.
  b.on('error', () => {});
  return b;
}

/**
 * Creates or brings up to date the queue's own schema with pg-boss's versioned migrations, under
 * its advisory lock (servers starting together do not race). Run by prepareDatabase after the
 * kernel's and plugins' migrations, so a migrated database (and the tests' snapshot) has it.
 */
export async function installQueueSchema(db: JobDb): Promise<void> {
  const b = boss(db, { supervise: false, schedule: false, migrate: true });
  await b.start();
  await b.stop({ graceful: false, close: false });
}

/** Every job kind the plugins declare, refusing a name declared twice. */
export function jobDefinitions(plugins: readonly ServerPlugin[]): Map<string, JobDefinition> {
  const out = new Map<string, JobDefinition>();
  for (const p of plugins) {
    for (const [name, def] of Object.entries(p.jobs ?? {})) {
      if (out.has(name)) throw new Error(`job ${name} is declared by two plugins`);
      if (!/^[A-Za-z0-9_.-]+$/.test(name)) throw new Error(`job name ${name} may only hold letters, digits, '.', '_' and '-'`);
      out.set(name, def);
    }
  }
  return out;
}

export interface RunningQueue extends JobQueue {
  start(services: Services, log: (msg: string, extra?: Record<string, unknown>) => void): Promise<void>;
  /** Stops polling and schedules, waits for running handlers (up to timeoutMs), and leaves the database open. */
  stop(timeoutMs?: number): Promise<void>;
}

/** A queue over `db` for the jobs `definitions` names; it sends and runs once start() has brought it up. */
export function createJobQueue(db: JobDb, definitions: Map<string, JobDefinition>, opts: QueueOptions): RunningQueue {
  const b = boss(db, {
    migrate: true,
    supervise: opts.work,
    schedule: opts.work,
    // Completed jobs are kept a week, then removed by pg-boss's maintenance.
    deleteAfterDays: 7,
  });
  let started = false;
  let starting: Promise<void> | null = null;
  const ensure = async () => {
    if (started) return;
    throw new Error('the job queue is not started');
  };
  return {
    get started() { return started; },
    async send(name, data, o = {}) {
      await ensure();
      if (!definitions.has(name)) throw new Error(`no plugin declares the job ${name}`);
      const options: PgBoss.SendOptions = {};
      if (o.startAfter) options.startAfter = o.startAfter;
      if (o.key) options.id = keyedId(name, o.key);
      return b.send(name, data as object, options);
    },
    async state(name, id) {
      const j = await b.getJobById(name, id);
      return j ? { state: j.state, retryCount: j.retryCount, startAfter: j.startAfter } : null;
    },
    start(services, log) {
      starting ??= (async () => {
        await b.start();
        for (const [name, def] of definitions) {
          const queue = {
            name,
            policy: 'standard' as const,
            retryLimit: def.retryLimit ?? 3,
            retryDelay: def.retryDelaySeconds ?? 30,
            retryBackoff: def.retryBackoff ?? true,
            expireInSeconds: def.expireInSeconds ?? 15 * 60,
          };
          if (await b.getQueue(name)) await b.updateQueue(name, queue);
          else {
            try {
              await b.createQueue(name, queue);
            } catch (e) {
              // Another server created it at the same moment.
              if (!(await b.getQueue(name))) throw e;
            }
          }
        }
        started = true;
        if (!opts.work) return;
        for (const [name, def] of definitions) {
          await b.work<Record<string, unknown>>(name, { pollingIntervalSeconds: opts.pollSeconds, batchSize: 1, includeMetadata: true }, async (jobs) => {
            for (const j of jobs) {
              try {
                await def.handler({ id: j.id, name: j.name, data: j.data, retryCount: j.retryCount, services });
              } catch (e) {
                log('job failed', { job: name, id: j.id, retryCount: j.retryCount, err: e instanceof Error ? e.message : String(e) });
                throw e;
              }
            }
          });
          if (def.cron) await b.schedule(name, def.cron, def.scheduleData ?? {}, { tz: TIME_ZONE });
        }
      })();
      return starting;
    },
    async stop(timeoutMs = 10_000) {
      if (!starting) return;
      await starting.catch(() => {});
      started = false;
      await b.stop({ graceful: true, wait: true, close: false, timeout: timeoutMs });
    },
  };
}
