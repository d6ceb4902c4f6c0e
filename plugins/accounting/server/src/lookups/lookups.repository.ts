import { sql, type Selectable, type SelectQueryBuilder, type Transaction } from 'kysely';
import type { KernelTables, pageRequest } from '@tezgah/server';
import type { AccountingTables } from '../schema';
import { folded, foldedPattern } from './search';

export type Db = Transaction<KernelTables & AccountingTables>;
type Page = Pick<ReturnType<typeof pageRequest>, 'size' | 'offset' | 'sort'>;
type Sorts = Record<string, ReturnType<typeof sql>>;
type All = KernelTables & AccountingTables;
type Lookup = 'countries' | 'cities' | 'city_subdivisions' | 'tax_offices';

/** Runs a filtered list query for one page, with its total, sorted by the request's fields then id. */
async function page<T extends Lookup>(base: SelectQueryBuilder<All, T, object>, sorts: Sorts, p: Page): Promise<{ items: Selectable<All[T]>[]; total: number }> {
  let rows = base.selectAll() as unknown as SelectQueryBuilder<All, T, Selectable<All[T]>>;
  for (const [f, d] of p.sort) rows = rows.orderBy(sorts[f]!, d);
  const [items, total] = await Promise.all([
    rows.orderBy(sql`id`, 'asc').limit(p.size).offset(p.offset).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items, total: Number(total.n) };
}

export function listCountries(db: Db, f: { code?: string; search?: string }, p: Page) {
  let q = db.selectFrom('countries');
  if (f.code) q = q.where('code', '=', f.code.toUpperCase());
  if (f.search) {
    const s = foldedPattern(f.search);
    q = q.where((eb) => eb.or([eb(folded('name'), 'like', s), eb(folded('name_en'), 'like', s), eb(folded('code'), 'like', s)]));
  }
  return page(q, { id: sql`id`, name: folded('name'), code: sql`code` }, p);
}

export function listCities(db: Db, f: { countryId?: number; search?: string }, p: Page) {
  let q = db.selectFrom('cities');
  if (f.countryId) q = q.where('country_id', '=', f.countryId);
  if (f.search) {
    const s = foldedPattern(f.search);
    q = q.where((eb) => eb.or([eb(folded('name'), 'like', s), eb('plate_code', '=', f.search!.trim().padStart(2, '0'))]));
  }
  return page(q, { id: sql`id`, name: folded('name'), plateCode: sql`plate_code` }, p);
}

export function listCitySubdivisions(db: Db, f: { cityId?: number; search?: string }, p: Page) {
  let q = db.selectFrom('city_subdivisions');
  if (f.cityId) q = q.where('city_id', '=', f.cityId);
  if (f.search) q = q.where(folded('name'), 'like', foldedPattern(f.search));
  return page(q, { id: sql`id`, name: folded('name') }, p);
}

export function listTaxOffices(db: Db, f: { cityId?: number; search?: string }, p: Page) {
  let q = db.selectFrom('tax_offices');
  if (f.cityId) q = q.where('city_id', '=', f.cityId);
  if (f.search) {
    const s = foldedPattern(f.search);
    q = q.where((eb) => eb.or([eb(folded('name'), 'like', s), eb(folded('district'), 'like', s), eb('code', '=', f.search!.trim())]));
  }
  return page(q, { id: sql`id`, name: folded('name'), code: sql`code` }, p);
}

/** The places a record names, each looked up once (for checking them and for their names). */
export interface Places {
  countries: Map<number, AccountingTables['countries']>;
  cities: Map<number, AccountingTables['cities']>;
  subdivisions: Map<number, AccountingTables['city_subdivisions']>;
  taxOffices: Map<number, AccountingTables['tax_offices']>;
}

export async function findPlaces(db: Db, ids: { countryIds: number[]; cityIds: number[]; subdivisionIds: number[]; taxOfficeIds: number[] }): Promise<Places> {
  const uniq = (a: number[]) => [...new Set(a)];
  const [countries, cities, subdivisions, taxOffices] = await Promise.all([
    ids.countryIds.length ? db.selectFrom('countries').selectAll().where('id', 'in', uniq(ids.countryIds)).execute() : [],
    ids.cityIds.length ? db.selectFrom('cities').selectAll().where('id', 'in', uniq(ids.cityIds)).execute() : [],
    ids.subdivisionIds.length ? db.selectFrom('city_subdivisions').selectAll().where('id', 'in', uniq(ids.subdivisionIds)).execute() : [],
    ids.taxOfficeIds.length ? db.selectFrom('tax_offices').selectAll().where('id', 'in', uniq(ids.taxOfficeIds)).execute() : [],
  ]);
  return {
    countries: new Map(countries.map((r) => [r.id, r])),
    cities: new Map(cities.map((r) => [r.id, r])),
    subdivisions: new Map(subdivisions.map((r) => [r.id, r])),
    taxOffices: new Map(taxOffices.map((r) => [r.id, r])),
  };
}

/** The chart accounts with these codes. */
export async function findChartAccounts(db: Db, codes: string[]): Promise<Map<string, AccountingTables['chart_accounts']>> {
  if (!codes.length) return new Map();
  const rows = await db.selectFrom('chart_accounts').selectAll().where('code', 'in', [...new Set(codes)]).execute();
  return new Map(rows.map((r) => [r.code, r]));
}
