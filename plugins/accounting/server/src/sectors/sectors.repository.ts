import type { Transaction } from 'kysely';
import type { KernelTables, Trx } from '@tezgah/server';

type Db = Transaction<KernelTables>;
export interface SectorRow { id: number; key: string; name: string }

/** The global sectors table (no company of its own: management administers it for all). */
export function sectorRepository(trx: Trx) {
  const db = trx as unknown as Db;
  return {
    byId(id: number): Promise<SectorRow | undefined> {
      return db.selectFrom('sectors').select(['id', 'key', 'name']).where('id', '=', id).executeTakeFirst();
    },
    async keyTaken(key: string, exceptId?: number): Promise<boolean> {
      let q = db.selectFrom('sectors').select('id').where('key', '=', key);
      if (exceptId) q = q.where('id', '<>', exceptId);
      return Boolean(await q.executeTakeFirst());
    },
    async companyCount(id: number): Promise<number> {
      const r = await db.selectFrom('companies').select((eb) => eb.fn.countAll<number>().as('n')).where('sector_id', '=', id).executeTakeFirstOrThrow();
      return Number(r.n);
    },
    insert(v: SectorRow): Promise<SectorRow> {
      return db.insertInto('sectors').values(v).returning(['id', 'key', 'name']).executeTakeFirstOrThrow();
    },
    update(id: number, v: { key: string; name: string }): Promise<SectorRow> {
      return db.updateTable('sectors').set(v).where('id', '=', id).returning(['id', 'key', 'name']).executeTakeFirstOrThrow();
    },
    async remove(id: number): Promise<void> {
      await db.deleteFrom('sectors').where('id', '=', id).execute();
    },
  };
}
