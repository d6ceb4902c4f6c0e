import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { Services } from '../kernel/types';
import { problems } from '../kernel/problem';

/**
 * Failed sign-ins are counted per account and per address in the database (so every server sees
 * them). Past the limit within the window, sign-in pauses for lockSeconds: answered 429.
 */
export async function assertNotThrottled(db: Kysely<DB>, services: Services, keys: string[]): Promise<void> {
  const now = services.now();
  const rows = await db.selectFrom('login_failures').selectAll().where('key', 'in', keys).execute();
  for (const r of rows) {
    if (r.locked_until && r.locked_until > now) {
      throw problems.rateLimited(Math.max(1, Math.ceil((r.locked_until.getTime() - now.getTime()) / 1000)));
    }
  }
}

export async function recordFailure(db: Kysely<DB>, services: Services, login: string, ip: string): Promise<void> {
  const { perAccount, perAddress, windowSeconds, lockSeconds } = services.config.throttle;
  const now = services.now();
  const windowStart = new Date(now.getTime() - windowSeconds * 1000);
  for (const [key, limit] of [[`login:${login.toLowerCase()}`, perAccount], [`ip:${ip}`, perAddress]] as const) {
    await db.transaction().execute(async (trx) => {
      const r = await trx.selectFrom('login_failures').selectAll().where('key', '=', key).forUpdate().executeTakeFirst();
      const fresh = !r || r.window_start < windowStart;
      const failures = fresh ? 1 : r.failures + 1;
      const locked = failures >= limit ? new Date(now.getTime() + lockSeconds * 1000) : null;
      if (!r) {
        await trx.insertInto('login_failures').values({ key, failures, window_start: now, locked_until: locked })
          .onConflict((oc) => oc.column('key').doUpdateSet({ failures: (eb) => eb('login_failures.failures', '+', 1) })).execute();
      } else {
        await trx.updateTable('login_failures').set({
          failures: locked ? 0 : failures,
          window_start: fresh || locked ? now : r.window_start,
          locked_until: locked ?? r.locked_until,
        }).where('key', '=', key).execute();
      }
    });
  }
}

export async function clearFailures(db: Kysely<DB>, login: string): Promise<void> {
  await db.deleteFrom('login_failures').where('key', '=', `login:${login.toLowerCase()}`).execute();
}
