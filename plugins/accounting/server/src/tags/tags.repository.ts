import { sql, type Transaction } from 'kysely';
import { likePattern, type KernelTables, type Trx } from '@tezgah/server';
import type { AccountingTables } from '../schema';
import type { PageRequest } from '../taxes/taxes.repository';

type Db = Transaction<KernelTables & AccountingTables>;
export interface TagRow { id: number; name: string; color: string }
const SORT = { id: sql`id`, name: sql`lower(name)`, color: sql`color` } as const;

/** The tags of one company; every query names the company (row-level security is the second line). */
export function tagRepository(trx: Trx, companyId: number) {
  const db = trx as unknown as Db;
  return {
    async page(filter: { search?: string; color?: string }, page: PageRequest): Promise<{ items: TagRow[]; total: number }> {
      let base = db.selectFrom('tags').where('company_id', '=', companyId);
      if (filter.search) base = base.where('name', 'ilike', likePattern(filter.search));
      if (filter.color) base = base.where('color', '=', filter.color);
      let rows = base.select(['id', 'name', 'color']);
      for (const [f, d] of page.sort) rows = rows.orderBy(SORT[f as keyof typeof SORT], d);
      const [items, total] = await Promise.all([
        rows.orderBy('id', 'desc').limit(page.size).offset(page.offset).execute(),
        base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { items, total: Number(total.n) };
    },
    byId(id: number): Promise<TagRow | undefined> {
      return db.selectFrom('tags').select(['id', 'name', 'color']).where('company_id', '=', companyId).where('id', '=', id).executeTakeFirst();
    },
    async nameTaken(name: string, exceptId?: number): Promise<boolean> {
      let q = db.selectFrom('tags').select('id').where('company_id', '=', companyId).where(sql`lower(name)`, '=', name.toLowerCase());
      if (exceptId) q = q.where('id', '<>', exceptId);
      return Boolean(await q.executeTakeFirst());
    },
    insert(v: { name: string; color: string }): Promise<TagRow> {
      return db.insertInto('tags').values({ company_id: companyId, ...v }).returning(['id', 'name', 'color']).executeTakeFirstOrThrow();
    },
    async insertMany(list: readonly { name: string; color: string }[]): Promise<void> {
      await db.insertInto('tags').values(list.map((v) => ({ company_id: companyId, ...v }))).execute();
    },
    update(id: number, v: { name: string; color: string }): Promise<TagRow> {
      return db.updateTable('tags').set(v).where('company_id', '=', companyId).where('id', '=', id).returning(['id', 'name', 'color']).executeTakeFirstOrThrow();
    },
    async remove(id: number): Promise<void> {
      await db.deleteFrom('tags').where('company_id', '=', companyId).where('id', '=', id).execute();
    },
  };
}
