import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../db/schema';
import type { JobDefinition } from '../jobs/queue';
import type { Services } from './types';
import { sweepIdempotencyKeys } from './idempotency';

/**
 * Durable server events (migration 20261126000100-event-deliveries). `ctx.emit` collects events;
 * the request writes them, one row per listening plugin, in its own transaction (`writeEvents`),
 * and after the commit delivers each row (`deliverEvents`). A request's own rows are written
 * already claimed by it (`eventRows` with a claim: first attempt, held for {@link CLAIM_SECONDS}),
 * so after the commit it runs their listeners without a claiming statement (`deliverClaimed`).
 * A listener that throws is retried by the `kernel.events.deliver` job with backoff; a server that
 * died between the commit and the delivery leaves rows the same job finds (once their claim has
 * run out). Delivery is therefore at least once: a listener gets the event's id and attempt number
 * and must treat a repeated id as done.
 */

export interface EmittedEvent {
  name: string;
  companyId: number | null;
  payload: Record<string, unknown>;
}

/** Attempts before a delivery is given up (FAILED). */
export const EVENT_MAX_ATTEMPTS = 10;
/** How long one attempt may run before another server may take the row again. */
const CLAIM_SECONDS = 5 * 60;
/** Delivered rows are removed after this many days. */
const KEEP_DELIVERED_DAYS = 7;
/** How many due rows one sweep delivers. */
const SWEEP_BATCH = 200;

/** Seconds before attempt n+1 after n failed attempts: 30 s, 1, 2, 4 min ... at most 6 h. */
export function retryDelaySeconds(failedAttempts: number): number {
  return Math.min(30 * 2 ** Math.max(0, failedAttempts - 1), 6 * 60 * 60);
}

type Db = Kysely<DB> | Transaction<DB>;

/**
 * Writes the request's events in its transaction: a row for each plugin listening to the event's
 * name (none when nobody listens). Returns the rows' ids for delivery after the commit.
 */
export async function writeEvents(trx: Db, services: Pick<Services, 'plugins' | 'now'>, events: readonly EmittedEvent[]): Promise<number[]> {
  const rows = eventRows(services, events);
  if (!rows.length) return [];
  const out = await trx.insertInto('event_deliveries').values(rows).returning('id').execute();
  return out.map((r) => Number(r.id));
}

/**
 * The event_deliveries rows of the request's events: one for each plugin listening to the event's
 * name. With `claimed`, each is written as its first attempt, held by this server until then
 * (written in the request's transaction, so no one else can take it before the commit).
 */
export function eventRows(services: Pick<Services, 'plugins' | 'now'>, events: readonly EmittedEvent[], claimed?: Date) {
  return events.flatMap((e) => {
    const eventId = randomUUID();
    return services.plugins
      .filter((p) => typeof p.on?.[e.name] === 'function')
      .map((p) => ({
        event_id: eventId,
        name: e.name,
        listener: p.id,
        company_id: e.companyId,
        payload: JSON.stringify(e.payload),
        next_attempt_at: services.now(),
        attempts: claimed ? 1 : 0,
        claimed_until: claimed ?? null,
      }));
  });
}

/** Until when a claim taken now holds. */
export function claimUntil(now: Date): Date {
  return new Date(now.getTime() + CLAIM_SECONDS * 1000);
}

type Log = (msg: string, extra: Record<string, unknown>) => void;
/** A row claimed for delivery: what its listener is given. */
export interface Claimed { id: number; event_id: string; name: string; listener: string; company_id: number | null; payload: unknown; attempts: number }

/**
 * Delivers a request's rows after its commit: claims them all in one statement, runs each
 * listener in id order, one after another (a listener opens its own transactions), then marks
 * the delivered ones in one statement (a failed one is scheduled again on its own). A row another
 * server holds, or already delivered, is left alone.
 */
export async function deliverEvents(services: Services, ids: readonly number[], log?: Log): Promise<void> {
  if (!ids.length) return;
  await deliverClaimed(services, await claim(services, ids), log);
}

/**
 * Runs the listeners of rows this server holds (claimed, or written claimed by the request), in
 * id order, then marks the delivered ones in one statement.
 */
export async function deliverClaimed(services: Services, claimed: readonly Claimed[], log?: Log): Promise<void> {
  if (!claimed.length) return;
  const delivered: number[] = [];
  for (const row of claimed) if (await runListener(services, row, log) === 'DELIVERED') delivered.push(row.id);
  if (delivered.length) {
    await sql`update event_deliveries set status = 'DELIVERED', delivered_at = ${services.now()}, claimed_until = null, last_error = null
      where id = any(${delivered}::bigint[])`.execute(services.db);
  }
}

/** The claim is one statement: of two servers (the request's and a sweep) only one gets a row. */
async function claim(services: Services, ids: readonly number[]): Promise<Claimed[]> {
  const now = services.now();
  const claimedUntil = claimUntil(now);
  const claimed = await sql<Claimed>`
    update event_deliveries set attempts = attempts + 1, claimed_until = ${claimedUntil}
    where id = any(${[...ids]}::bigint[]) and status = 'PENDING' and (claimed_until is null or claimed_until < ${now})
    returning id, event_id, name, listener, company_id, payload, attempts`.execute(services.db);
  return claimed.rows.map((r) => ({ ...r, id: Number(r.id) })).sort((a, b) => a.id - b.id);
}

async function deliverOne(services: Services, id: number, log?: Log): Promise<'DELIVERED' | 'PENDING' | 'FAILED' | 'SKIPPED'> {
  const row = (await claim(services, [id]))[0];
  if (!row) return 'SKIPPED';
  const status = await runListener(services, row, log);
  if (status === 'DELIVERED') {
    await sql`update event_deliveries set status = 'DELIVERED', delivered_at = ${services.now()}, claimed_until = null, last_error = null where id = ${id}`.execute(services.db);
  }
  return status;
}

/** Runs a claimed row's listener; a failure is written back (retried later, or given up). */
async function runListener(services: Services, row: Claimed, log?: Log): Promise<'DELIVERED' | 'PENDING' | 'FAILED'> {
  const id = row.id;
  const listener = services.plugins.find((p) => p.id === row.listener)?.on?.[row.name];
  let error: string | null = null;
  if (!listener) {
    error = `plugin ${row.listener} no longer listens to ${row.name}`;
  } else {
    try {
      const payload = (typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload) as Record<string, unknown>;
      await listener({ id: row.event_id, name: row.name, companyId: row.company_id, payload, attempt: row.attempts }, services);
    } catch (e) {
      error = e instanceof Error ? e.message || e.name : String(e);
    }
  }
  if (error === null) return 'DELIVERED';
  const giveUp = !listener || row.attempts >= EVENT_MAX_ATTEMPTS;
  const next = new Date(services.now().getTime() + retryDelaySeconds(row.attempts) * 1000);
  await sql`update event_deliveries set status = ${giveUp ? 'FAILED' : 'PENDING'}, next_attempt_at = ${next}, claimed_until = null, last_error = ${error.slice(0, 2000)} where id = ${id}`.execute(services.db);
  log?.(giveUp ? 'event delivery given up' : 'event listener failed; it will be retried', { id, event: row.name, listener: row.listener, attempt: row.attempts, err: error });
  return giveUp ? 'FAILED' : 'PENDING';
}

/**
 * Delivers the rows that are due (never delivered, or failed and waiting out their backoff) as
 * of `now`, oldest first, and removes rows delivered over a week ago. What the kernel's job runs.
 */
export async function deliverDueEvents(services: Services, opts: { now?: Date; log?: Log } = {}): Promise<{ delivered: number; pending: number; failed: number }> {
  const now = opts.now ?? services.now();
  const due = await services.db.selectFrom('event_deliveries').select('id')
    .where('status', '=', 'PENDING')
    .where('next_attempt_at', '<=', now)
    .where((w) => w.or([w('claimed_until', 'is', null), w('claimed_until', '<', now)]))
    .orderBy('next_attempt_at').orderBy('id').limit(SWEEP_BATCH).execute();
  const count = { delivered: 0, pending: 0, failed: 0 };
  for (const r of due) {
    const s = await deliverOne(services, Number(r.id), opts.log);
    if (s === 'DELIVERED') count.delivered += 1;
    else if (s === 'PENDING') count.pending += 1;
    else if (s === 'FAILED') count.failed += 1;
  }
  await services.db.deleteFrom('event_deliveries')
    .where('status', '=', 'DELIVERED')
    .where('delivered_at', '<', new Date(now.getTime() - KEEP_DELIVERED_DAYS * 86_400_000))
    .execute();
  return count;
}

/** The kernel's own job kinds: the sweep of due event deliveries (and of idempotency keys past their 24 hours), every minute on one server. */
export function kernelJobs(log?: (msg: string, extra: Record<string, unknown>) => void): Record<string, JobDefinition> {
  return {
    'kernel.events.deliver': {
      cron: '* * * * *',
      retryLimit: 0,
      expireInSeconds: 10 * 60,
      async handler(job) {
        await deliverDueEvents(job.services, log ? { log } : {});
        await sweepIdempotencyKeys(job.services);
      },
    },
  };
}
