import { sql, type Transaction } from 'kysely';
import { likePattern, type KernelTables, type Trx } from '@tezgah/server';
import type { AccountingTables } from '../schema';
import type { PageRequest } from '../taxes/taxes.repository';
import type { Bulletin } from './rates/tcmb';

type Db = Transaction<KernelTables & AccountingTables>;
export interface CurrencyRow { id: number; code: string; name: string; symbol: string | null }
const SORT = { id: sql`id`, code: sql`code`, name: sql`lower(name)` } as const;

/** The global currencies (the kernel keeps the 10 fixed ones in step with @tezgah/core). */
export function currencyRepository(trx: Trx) {
  const db = trx as unknown as Db;
  return {
    async page(filter: { search?: string }, page: PageRequest): Promise<{ items: CurrencyRow[]; total: number }> {
      let base = db.selectFrom('currencies');
      if (filter.search) {
        const p = likePattern(filter.search);
        base = base.where((eb) => eb.or([eb('code', 'ilike', p), eb('name', 'ilike', p)]));
      }
      let rows = base.select(['id', 'code', 'name', 'symbol']);
      for (const [f, d] of page.sort) rows = rows.orderBy(SORT[f as keyof typeof SORT], d);
      const [items, total] = await Promise.all([
        rows.orderBy('id').limit(page.size).offset(page.offset).execute(),
        base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { items, total: Number(total.n) };
    },
    byId(id: number): Promise<CurrencyRow | undefined> {
      return db.selectFrom('currencies').select(['id', 'code', 'name', 'symbol']).where('id', '=', id).executeTakeFirst();
    },
    byCode(code: string): Promise<CurrencyRow | undefined> {
      return db.selectFrom('currencies').select(['id', 'code', 'name', 'symbol']).where('code', '=', code).executeTakeFirst();
    },
    async codeTaken(code: string, exceptId?: number): Promise<boolean> {
      let q = db.selectFrom('currencies').select('id').where(sql`upper(code)`, '=', code.toUpperCase());
      if (exceptId) q = q.where('id', '<>', exceptId);
      return Boolean(await q.executeTakeFirst());
    },
    /** A new currency takes the next id after the fixed ten and any added before. */
    async insert(v: { code: string; name: string; symbol: string | null }): Promise<CurrencyRow> {
      const next = await db.selectFrom('currencies').select((eb) => sql<number>`greatest(coalesce(max(${eb.ref('id')}), 0), 10) + 1`.as('id')).executeTakeFirstOrThrow();
      return db.insertInto('currencies').values({ id: Number(next.id), ...v }).returning(['id', 'code', 'name', 'symbol']).executeTakeFirstOrThrow();
    },
    update(id: number, v: { code: string; name: string; symbol: string | null }): Promise<CurrencyRow> {
      return db.updateTable('currencies').set(v).where('id', '=', id).returning(['id', 'code', 'name', 'symbol']).executeTakeFirstOrThrow();
    },
    async remove(id: number): Promise<void> {
      await db.deleteFrom('currencies').where('id', '=', id).execute();
    },
  };
}

/** Cross rates of one day: 1 unit of `from` in `to`, per rate kind; null where a side lacks it. */
export interface CrossRates {
  bulletinDate: string | null;
  bulletinNo: string | null;
  source: string | null;
  forexBuying: string | null;
  forexSelling: string | null;
  banknoteBuying: string | null;
  banknoteSelling: string | null;
}

/** The global exchange_rates table: TCMB's bulletins by day. */
export function rateRepository(trx: Trx) {
  const db = trx as unknown as Db;
  return {
    /** The bulletin day stored for `date`, if that day was fetched. */
    async stored(date: string): Promise<{ bulletinDate: string } | undefined> {
      const r = await db.selectFrom('exchange_rates').select(sql<string>`to_char(bulletin_date, 'YYYY-MM-DD')`.as('b'))
        .where('rate_date', '=', date).limit(1).executeTakeFirst();
      return r ? { bulletinDate: r.b } : undefined;
    },

    /** Stores a bulletin's rates under `date` (a day already stored stays as it is). */
    async store(date: string, b: Bulletin, source: string): Promise<void> {
      await db.insertInto('exchange_rates').values(b.currencies.map((c) => ({
        rate_date: date, currency_code: c.code, unit: c.unit, name: c.name,
        forex_buying: c.forexBuying, forex_selling: c.forexSelling, banknote_buying: c.banknoteBuying, banknote_selling: c.banknoteSelling,
        bulletin_date: b.date, bulletin_no: b.number, source,
      }))).onConflict((oc) => oc.columns(['rate_date', 'currency_code']).doNothing()).execute();
    },

    /** Copies the rates stored for one day to another (a weekend day gets Friday's). */
    async copy(from: string, to: string): Promise<void> {
      await sql`
        insert into exchange_rates (rate_date, currency_code, unit, name, forex_buying, forex_selling, banknote_buying, banknote_selling, bulletin_date, bulletin_no, source)
        select ${to}::date, currency_code, unit, name, forex_buying, forex_selling, banknote_buying, banknote_selling, bulletin_date, bulletin_no, source
        from exchange_rates where rate_date = ${from}::date
        on conflict (rate_date, currency_code) do nothing`.execute(db);
    },

    /**
     * 1 `from` in `to` on a stored day, TL being 1: (from's lira per unit) / (to's lira per unit),
     * rounded to 8 decimals (the unit price precision). Undefined when either currency has no row.
     */
    async cross(date: string, from: string, to: string, lira: string): Promise<CrossRates | undefined> {
      const r = await sql<{ bulletin_date: string | null; bulletin_no: string | null; source: string | null; forex_buying: string | null; forex_selling: string | null; banknote_buying: string | null; banknote_selling: string | null }>`
        with r as (
          select currency_code, unit::numeric as unit, forex_buying, forex_selling, banknote_buying, banknote_selling,
                 to_char(bulletin_date, 'YYYY-MM-DD') as bulletin_date, bulletin_no, source
          from exchange_rates where rate_date = ${date}::date and currency_code in (${from}::text, ${to}::text)
          union all
          select ${lira}::text, 1, 1, 1, 1, 1, null, null, null
        )
        select coalesce(f.bulletin_date, t.bulletin_date) as bulletin_date, coalesce(f.bulletin_no, t.bulletin_no) as bulletin_no,
               coalesce(f.source, t.source) as source,
               round(f.forex_buying / f.unit / nullif(t.forex_buying / t.unit, 0), 8)::text as forex_buying,
               round(f.forex_selling / f.unit / nullif(t.forex_selling / t.unit, 0), 8)::text as forex_selling,
               round(f.banknote_buying / f.unit / nullif(t.banknote_buying / t.unit, 0), 8)::text as banknote_buying,
               round(f.banknote_selling / f.unit / nullif(t.banknote_selling / t.unit, 0), 8)::text as banknote_selling
        from r f cross join r t
        where f.currency_code = ${from}::text and t.currency_code = ${to}::text
        limit 1`.execute(db);
      const row = r.rows[0];
      if (!row) return undefined;
      return {
        bulletinDate: row.bulletin_date, bulletinNo: row.bulletin_no, source: row.source,
        forexBuying: row.forex_buying, forexSelling: row.forex_selling, banknoteBuying: row.banknote_buying, banknoteSelling: row.banknote_selling,
      };
    },
  };
}
