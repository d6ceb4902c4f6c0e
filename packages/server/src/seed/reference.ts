import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { Module, Action, MODULE_LABELS_TR, ACTION_LABELS_TR, CURRENCIES, Sector, SECTOR_NAMES_TR } from '@tezgah/core';
import type { DB } from '../db/schema';

/** Sector ids are stable: 1 pharmacy (the default edition), 2 general, 3 construction. */
export const SECTOR_IDS: Record<string, number> = { [Sector.PHARMACY]: 1, [Sector.GENERAL]: 2, [Sector.CONSTRUCTION]: 3 };

/**
 * Reference data every database needs, kept in step with @tezgah/core at each start: sectors,
 * the module/action catalogue and the 10 currencies. Idempotent.
 */
export async function syncReferenceData(db: Kysely<DB>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const [key, id] of Object.entries(SECTOR_IDS)) {
      await trx.insertInto('sectors').values({ id, key, name: SECTOR_NAMES_TR[key as Sector] })
        .onConflict((oc) => oc.column('id').doUpdateSet({ key, name: SECTOR_NAMES_TR[key as Sector] })).execute();
    }
    for (const [key, id] of Object.entries(Module)) {
      const name = (MODULE_LABELS_TR as Record<number, string>)[id] ?? key;
      await trx.insertInto('modules').values({ id, key, name }).onConflict((oc) => oc.column('id').doUpdateSet({ key, name })).execute();
    }
    for (const [key, id] of Object.entries(Action)) {
      const name = (ACTION_LABELS_TR as Record<number, string>)[id] ?? key;
      await trx.insertInto('actions').values({ id, key, name }).onConflict((oc) => oc.column('id').doUpdateSet({ key, name })).execute();
    }
    for (const c of CURRENCIES) {
      await trx.insertInto('currencies').values({ id: c.id, code: c.code, name: c.name, symbol: c.symbol })
        .onConflict((oc) => oc.column('id').doUpdateSet({ code: c.code, name: c.name, symbol: c.symbol })).execute();
    }
  });
}

/** The token signing key: TEZGAH_SECRET if set, else one made at first start and kept in the database. */
export async function tokenSecret(db: Kysely<DB>, fromEnv?: string): Promise<Buffer> {
  if (fromEnv) return Buffer.from(fromEnv, 'utf8');
  const fresh = randomBytes(32).toString('base64');
  await db.insertInto('system_settings').values({ key: 'token_secret', value: fresh }).onConflict((oc) => oc.column('key').doNothing()).execute();
  const row = await db.selectFrom('system_settings').select('value').where('key', '=', 'token_secret').executeTakeFirstOrThrow();
  return Buffer.from(row.value, 'base64');
}
