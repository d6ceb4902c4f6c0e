import { sql, type Transaction } from 'kysely';
import { likePattern, type KernelTables, type pageRequest, type Trx } from '@tezgah/server';
import type { AccountingTables } from '../schema';

type Db = Transaction<KernelTables & AccountingTables>;
export type PageRequest = ReturnType<typeof pageRequest>;

export interface TaxRow {
  id: number;
  name: string;
  tax_type: string;
  percentage: string;
  abbreviation: string | null;
  exception_code: string | null;
  currency_id: number;
  active: boolean;
}

export interface TaxValues {
  name: string;
  tax_type: string;
  percentage: number;
  abbreviation: string | null;
  exception_code: string | null;
  currency_id: number;
  active: boolean;
}

const COLUMNS = ['id', 'name', 'tax_type', 'percentage', 'abbreviation', 'exception_code', 'currency_id', 'active'] as const;
const SORT = { id: sql`id`, name: sql`lower(name)`, taxType: sql`tax_type`, percentage: sql`percentage` } as const;

/** The taxes of one company; every query names the company (row-level security is the second line). */
export function taxRepository(trx: Trx, companyId: number) {
  const db = trx as unknown as Db;
  return {
    async page(filter: { search?: string; taxType?: string; active?: boolean }, page: PageRequest): Promise<{ items: TaxRow[]; total: number }> {
      let base = db.selectFrom('taxes').where('company_id', '=', companyId);
      if (filter.search) {
        const p = likePattern(filter.search);
        base = base.where((eb) => eb.or([eb('name', 'ilike', p), eb('abbreviation', 'ilike', p)]));
      }
      if (filter.taxType) base = base.where('tax_type', '=', filter.taxType);
      if (filter.active !== undefined) base = base.where('active', '=', filter.active);
      let rows = base.select(COLUMNS);
      for (const [f, d] of page.sort) rows = rows.orderBy(SORT[f as keyof typeof SORT], d);
      const [items, total] = await Promise.all([
        rows.orderBy('id', 'desc').limit(page.size).offset(page.offset).execute(),
        base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { items: items as TaxRow[], total: Number(total.n) };
    },

    async byId(id: number): Promise<TaxRow | undefined> {
      return (await db.selectFrom('taxes').select(COLUMNS).where('company_id', '=', companyId).where('id', '=', id).executeTakeFirst()) as TaxRow | undefined;
    },

    /** Another tax of the same type, percentage and exemption code (or none), if any. */
    async samePercentage(taxType: string, percentage: number, exceptionCode: string | null, exceptId?: number): Promise<boolean> {
      let q = db.selectFrom('taxes').select('id').where('company_id', '=', companyId).where('tax_type', '=', taxType).where('percentage', '=', String(percentage))
        .where((w) => (exceptionCode ? w('exception_code', '=', exceptionCode) : w('exception_code', 'is', null)));
      if (exceptId) q = q.where('id', '<>', exceptId);
      return Boolean(await q.executeTakeFirst());
    },

    async insert(v: TaxValues): Promise<TaxRow> {
      return (await db.insertInto('taxes').values({ company_id: companyId, ...v }).returning(COLUMNS).executeTakeFirstOrThrow()) as TaxRow;
    },

    async update(id: number, v: TaxValues): Promise<TaxRow> {
      return (await db.updateTable('taxes').set(v).where('company_id', '=', companyId).where('id', '=', id).returning(COLUMNS).executeTakeFirstOrThrow()) as TaxRow;
    },

    async remove(id: number): Promise<void> {
      await db.deleteFrom('taxes').where('company_id', '=', companyId).where('id', '=', id).execute();
    },

    /** The kernel seeds VAT without an abbreviation; a new company's taxes get their type as one. */
    async fillAbbreviations(): Promise<void> {
      await db.updateTable('taxes').set({ abbreviation: sql<string>`tax_type` }).where('company_id', '=', companyId).where('abbreviation', 'is', null).execute();
    },
  };
}

/** The global KDV exemption codes (reference data, read-only to the app). */
export function exceptionTypeRepository(trx: Trx) {
  const db = trx as unknown as Db;
  const SORT_EX = { code: sql`code`, name: sql`lower(name)` } as const;
  return {
    async byCode(code: string) {
      return db.selectFrom('tax_exception_types').selectAll().where('code', '=', code).executeTakeFirst();
    },
    async page(filter: { search?: string; kind?: string }, page: PageRequest) {
      let base = db.selectFrom('tax_exception_types');
      if (filter.search) {
        const p = likePattern(filter.search);
        base = base.where((eb) => eb.or([eb('code', 'ilike', p), eb('name', 'ilike', p)]));
      }
      if (filter.kind) base = base.where('kind', '=', filter.kind);
      let rows = base.selectAll();
      for (const [f, d] of page.sort) rows = rows.orderBy(SORT_EX[f as keyof typeof SORT_EX], d);
      const [items, total] = await Promise.all([
        rows.orderBy('code').limit(page.size).offset(page.offset).execute(),
        base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { items, total: Number(total.n) };
    },
  };
}

/** True when the currency exists (the global table the kernel keeps). */
export async function currencyExists(trx: Trx, id: number): Promise<boolean> {
  return Boolean(await (trx as unknown as Db).selectFrom('currencies').select('id').where('id', '=', id).executeTakeFirst());
}
