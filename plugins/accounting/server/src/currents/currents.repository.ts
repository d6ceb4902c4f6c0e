import { sql, type ExpressionBuilder, type Selectable } from 'kysely';
import { likePattern, type KernelTables, type pageRequest } from '@tezgah/server';
import type { AccountingTables } from '../schema';
import type { Db } from '../lookups/lookups.repository';
import { folded, foldedPattern } from '../lookups/search';
import type { CurrentInput, CurrentType } from './rules';

type Page = Pick<ReturnType<typeof pageRequest>, 'size' | 'offset' | 'sort'>;
type CurrentRow = Selectable<AccountingTables['currents']>;
/** A stored record with its birthday as text (`birthday::text`: no time zone moves the day). */
export type StoredRow = Omit<CurrentRow, 'id' | 'created_date' | 'last_modified_date'> & { birthday_text: string | null };
type All = KernelTables & AccountingTables;

/** A stored current with the names of what it points at, as the API shows it. */
export interface CurrentView {
  id: number;
  companyId: number;
  currentAccountType: CurrentType;
  name: string;
  lastName: string | null;
  title: string | null;
  gender: string | null;
  birthday: string | null;
  currencyId: number;
  currencyCode: string;
  phone: string | null;
  fax: string | null;
  email: string | null;
  webAddress: string | null;
  contactPerson: string | null;
  address: string | null;
  countryId: number | null;
  countryName: string | null;
  cityId: number | null;
  cityName: string | null;
  citySubdivisionId: number | null;
  citySubdivisionName: string | null;
  postcode: string | null;
  taxNumber: string | null;
  taxOfficeId: number | null;
  taxOfficeName: string | null;
  taxOfficeCityId: number | null;
  iban: string | null;
  accountGroupCode: string;
  patientType: string | null;
  partnerType: string | null;
  sharePercentage: number | null;
  capital: number | null;
  active: boolean;
  tags: { id: number; name: string; color: string }[];
  createdDate: string;
  lastModifiedDate: string | null;
}

const num = (v: string | number | null) => (v === null ? null : Number(v));
const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

/** The columns of a record, from its checked input. */
export function toColumns(v: CurrentInput) {
  return {
    type: v.currentAccountType, name: v.name.trim(), last_name: v.lastName, title: v.title, gender: v.gender, birthday: v.birthday,
    currency_id: v.currencyId ?? 1, phone: v.phone, fax: v.fax, email: v.email, web_address: v.webAddress, contact_person: v.contactPerson,
    address: v.address, country_id: v.countryId, city_id: v.cityId, city_subdivision_id: v.citySubdivisionId, postcode: v.postcode,
    tax_number: v.taxNumber, tax_office_id: v.taxOfficeId, iban: v.iban, account_group_code: v.accountGroupCode!, patient_type: v.patientType,
    partner_type: v.partnerType, share_percentage: v.sharePercentage, capital: v.capital, active: v.active,
  };
}

/** A stored record as an input (to merge a partial update into). */
export function toInput(r: StoredRow): CurrentInput {
  return {
    currentAccountType: r.type as CurrentType, name: r.name, lastName: r.last_name, title: r.title, gender: r.gender as CurrentInput['gender'],
    birthday: r.birthday_text,
    currencyId: r.currency_id, phone: r.phone, fax: r.fax, email: r.email, webAddress: r.web_address, contactPerson: r.contact_person,
    address: r.address, countryId: r.country_id, cityId: r.city_id, citySubdivisionId: r.city_subdivision_id, postcode: r.postcode,
    taxNumber: r.tax_number, taxOfficeId: r.tax_office_id, iban: r.iban, accountGroupCode: r.account_group_code,
    patientType: r.patient_type as CurrentInput['patientType'], partnerType: r.partner_type as CurrentInput['partnerType'],
    sharePercentage: num(r.share_percentage), capital: num(r.capital), active: r.active,
  };
}

function views(db: Db) {
  return db.selectFrom('currents as c')
    .innerJoin('currencies as cu', 'cu.id', 'c.currency_id')
    .leftJoin('countries as co', 'co.id', 'c.country_id')
    .leftJoin('cities as ci', 'ci.id', 'c.city_id')
    .leftJoin('city_subdivisions as sd', 'sd.id', 'c.city_subdivision_id')
    .leftJoin('tax_offices as tx', 'tx.id', 'c.tax_office_id')
    .selectAll('c')
    .select([
      sql<string | null>`c.birthday::text`.as('birthday_text'), 'cu.code as currency_code', 'co.name as country_name', 'ci.name as city_name',
      'sd.name as subdivision_name', 'tx.name as tax_office_name', 'tx.city_id as tax_office_city_id',
    ]);
}

type ViewRow = CurrentRow & {
  birthday_text: string | null; currency_code: string; country_name: string | null; city_name: string | null;
  subdivision_name: string | null; tax_office_name: string | null; tax_office_city_id: number | null;
};

function toView(r: ViewRow): CurrentView {
  const i = toInput(r);
  return {
    id: r.id, companyId: r.company_id, ...i, currencyId: r.currency_id, currencyCode: r.currency_code, countryName: r.country_name,
    cityName: r.city_name, citySubdivisionName: r.subdivision_name, taxOfficeName: r.tax_office_name, taxOfficeCityId: r.tax_office_city_id, accountGroupCode: r.account_group_code,
    tags: [], createdDate: iso(r.created_date)!, lastModifiedDate: iso(r.last_modified_date),
  };
}

/** Fills the views' tags (one query for the page). */
async function withTags(db: Db, companyId: number, list: CurrentView[]): Promise<CurrentView[]> {
  if (!list.length) return list;
  const rows = await db.selectFrom('current_tags as ct')
    .innerJoin('tags as t', (j) => j.onRef('t.company_id', '=', 'ct.company_id').onRef('t.id', '=', 'ct.tag_id'))
    .select(['ct.current_id', 't.id', 't.name', 't.color'])
    .where('ct.company_id', '=', companyId).where('ct.current_id', 'in', list.map((v) => v.id))
    .orderBy(folded('t.name')).execute();
  const by = new Map(list.map((v) => [v.id, v]));
  for (const r of rows) by.get(r.current_id)?.tags.push({ id: r.id, name: r.name, color: r.color });
  return list;
}

/** Those of these tag ids that are the company's. */
export async function existingTags(db: Db, companyId: number, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db.selectFrom('tags').select('id').where('company_id', '=', companyId).where('id', 'in', [...new Set(ids)]).execute();
  return new Set(rows.map((r) => r.id));
}

/** Gives a current exactly these tags. */
export async function setTags(db: Db, companyId: number, currentId: number, tagIds: number[]): Promise<void> {
  await db.deleteFrom('current_tags').where('company_id', '=', companyId).where('current_id', '=', currentId).execute();
  if (tagIds.length) await db.insertInto('current_tags').values(tagIds.map((tag_id) => ({ company_id: companyId, current_id: currentId, tag_id }))).execute();
}

export async function getView(db: Db, companyId: number, id: number): Promise<CurrentView | undefined> {
  const r = await views(db).where('c.company_id', '=', companyId).where('c.id', '=', id).executeTakeFirst();
  return r ? (await withTags(db, companyId, [toView(r as unknown as ViewRow)]))[0] : undefined;
}

export interface CurrentFilter {
  types: CurrentType[];
  search?: string;
  active?: boolean;
  tagId?: number;
}

const SORT = {
  id: sql`c.id`, name: folded('c.name'), currentAccountType: sql`c.type`, taxNumber: sql`c.tax_number`, createdDate: sql`c.created_date`,
} as const;

function filtered(f: CurrentFilter) {
  return (eb: ExpressionBuilder<All & { c: AccountingTables['currents'] }, 'c'>) => {
    const and = [eb('c.type', 'in', f.types)];
    if (f.active !== undefined) and.push(eb('c.active', '=', f.active));
    if (f.tagId) {
      and.push(eb.exists(eb.selectFrom('current_tags as ct').select('ct.id')
        .whereRef('ct.company_id', '=', 'c.company_id').whereRef('ct.current_id', '=', 'c.id').where('ct.tag_id', '=', f.tagId)));
    }
    if (f.search?.trim()) {
      const s = foldedPattern(f.search);
      const raw = likePattern(f.search.trim());
      and.push(eb.or([
        eb(folded('c.name'), 'like', s), eb(folded('c.last_name'), 'like', s), eb(folded('c.title'), 'like', s),
        eb('c.tax_number', 'like', raw), eb('c.phone', 'like', raw), eb('c.email', 'ilike', raw),
      ]));
    }
    return eb.and(and);
  };
}

export async function listViews(db: Db, companyId: number, f: CurrentFilter, p: Page): Promise<{ items: CurrentView[]; total: number }> {
  if (!f.types.length) return { items: [], total: 0 };
  let rows = views(db).where('c.company_id', '=', companyId).where(filtered(f));
  for (const [field, d] of p.sort) rows = rows.orderBy(SORT[field as keyof typeof SORT], d);
  const [items, total] = await Promise.all([
    rows.orderBy('c.id', 'desc').limit(p.size).offset(p.offset).execute(),
    db.selectFrom('currents as c').where('c.company_id', '=', companyId).where(filtered(f))
      .select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items: await withTags(db, companyId, items.map((r) => toView(r as unknown as ViewRow))), total: Number(total.n) };
}

export async function findRow(db: Db, companyId: number, id: number): Promise<(StoredRow & { id: number }) | undefined> {
  return db.selectFrom('currents').selectAll().select(sql<string | null>`birthday::text`.as('birthday_text'))
    .where('company_id', '=', companyId).where('id', '=', id).executeTakeFirst();
}

/**
 * The stored records of these types and tax/national IDs, by `type/taxNumber`. Each pair is looked
 * up in the unique (company, type, tax number) index: a list of numbers matched with `IN` made the
 * engine read the company's whole table for every batch of an import (seconds a batch at 100,000
 * records), so an import slowed down as the company grew.
 */
export async function findByTaxNumbers(db: Db, companyId: number, keys: { type: CurrentType; taxNumber: string }[]) {
  const out = new Map<string, StoredRow & { id: number }>();
  const unique = [...new Map(keys.map((k) => [`${k.type}/${k.taxNumber}`, k])).values()];
  if (!unique.length) return out;
  const rows = await sql<CurrentRow & { birthday_text: string | null }>`
    select c.*, c.birthday::text as birthday_text
      from unnest(${unique.map((k) => k.type)}::text[], ${unique.map((k) => k.taxNumber)}::text[]) as k(type, tax_number)
      join currents c on c.company_id = ${companyId} and c.type = k.type and c.tax_number = k.tax_number and c.tax_number is not null`.execute(db);
  for (const r of rows.rows) out.set(`${r.type}/${r.tax_number}`, { ...r, id: Number(r.id) });
  return out;
}

export async function taxNumberHolder(db: Db, companyId: number, type: CurrentType, taxNumber: string, exceptId?: number) {
  let q = db.selectFrom('currents').select(['id', 'name']).where('company_id', '=', companyId).where('type', '=', type).where('tax_number', '=', taxNumber);
  if (exceptId) q = q.where('id', '<>', exceptId);
  return q.executeTakeFirst();
}

export async function currencyIds(db: Db): Promise<Set<number>> {
  return new Set((await db.selectFrom('currencies').select('id').execute()).map((r) => r.id));
}

/**
 * Inserts records with ids taken from the sequence first, so each input is matched to its id
 * whatever order the database returns rows in; each gets its main account in the same go.
 */
export async function insertCurrents(db: Db, companyId: number, values: CurrentInput[]): Promise<number[]> {
  if (!values.length) return [];
  const ids = (await sql<{ id: number }>`select nextval('currents_id_seq')::int8 as id from generate_series(1, ${values.length})`.execute(db)).rows.map((r) => Number(r.id));
  for (let i = 0; i < values.length; i += 500) {
    const chunk = values.slice(i, i + 500);
    await db.insertInto('currents').values(chunk.map((v, j) => ({ company_id: companyId, id: ids[i + j]!, ...toColumns(v) }))).execute();
    await db.insertInto('current_main_accounts')
      .values(chunk.map((v, j) => ({ company_id: companyId, current_id: ids[i + j]!, account_code: v.accountGroupCode!, currency_id: v.currencyId ?? 1 }))).execute();
    const links = chunk.flatMap((v, j) => (v.tagIds ?? []).map((tag_id) => ({ company_id: companyId, current_id: ids[i + j]!, tag_id })));
    if (links.length) await db.insertInto('current_tags').values(links).execute();
  }
  return ids;
}

/**
 * Stores a changed record (its tags too when the change names them). When its main account code
 * or currency changed, its first main account follows, unless the current already has a main
 * account with the new pair.
 */
export async function updateCurrent(db: Db, companyId: number, id: number, before: CurrentInput, v: CurrentInput): Promise<void> {
  await db.updateTable('currents').set({ ...toColumns(v), last_modified_date: sql<Date>`now()` })
    .where('company_id', '=', companyId).where('id', '=', id).execute();
  if (v.tagIds !== undefined) await setTags(db, companyId, id, v.tagIds);
  const code = v.accountGroupCode!;
  const currency = v.currencyId ?? 1;
  if (code === before.accountGroupCode && currency === before.currencyId) return;
  const has = await db.selectFrom('current_main_accounts').select('id').where('company_id', '=', companyId).where('current_id', '=', id)
    .where('account_code', '=', code).where('currency_id', '=', currency).executeTakeFirst();
  if (has) return;
  const first = await db.selectFrom('current_main_accounts').select('id').where('company_id', '=', companyId).where('current_id', '=', id)
    .orderBy('id', 'asc').limit(1).executeTakeFirst();
  if (first) await db.updateTable('current_main_accounts').set({ account_code: code, currency_id: currency }).where('company_id', '=', companyId).where('id', '=', first.id).execute();
  else await db.insertInto('current_main_accounts').values({ company_id: companyId, current_id: id, account_code: code, currency_id: currency }).execute();
}

export async function deleteCurrent(db: Db, companyId: number, id: number): Promise<void> {
  await db.deleteFrom('currents').where('company_id', '=', companyId).where('id', '=', id).execute();
}

// ---- main accounts --------------------------------------------------------------------------

export interface MainAccountView {
  id: number;
  companyId: number;
  currentId: number;
  currentName: string;
  currentAccountType: CurrentType;
  accountCode: string;
  accountName: string;
  currencyId: number;
  currencyCode: string;
  currencySymbol: string;
  createdDate: string;
}

function mainAccounts(db: Db) {
  return db.selectFrom('current_main_accounts as m')
    .innerJoin('currents as c', (j) => j.onRef('c.company_id', '=', 'm.company_id').onRef('c.id', '=', 'm.current_id'))
    .innerJoin('chart_accounts as a', 'a.code', 'm.account_code')
    .innerJoin('currencies as cu', 'cu.id', 'm.currency_id')
    .select(['m.id', 'm.company_id', 'm.current_id', 'c.name as current_name', 'c.type', 'm.account_code', 'a.name as account_name', 'm.currency_id',
      'cu.code as currency_code', 'cu.symbol as currency_symbol', 'm.created_date']);
}

type MainRow = { id: number; company_id: number; current_id: number; current_name: string; type: string; account_code: string; account_name: string; currency_id: number; currency_code: string; currency_symbol: string | null; created_date: Date };

const toMainView = (r: MainRow): MainAccountView => ({
  id: r.id, companyId: r.company_id, currentId: r.current_id, currentName: r.current_name, currentAccountType: r.type as CurrentType,
  accountCode: r.account_code, accountName: r.account_name, currencyId: r.currency_id, currencyCode: r.currency_code,
  currencySymbol: r.currency_symbol ?? r.currency_code, createdDate: iso(r.created_date)!,
});

const MAIN_SORT = { id: sql`m.id`, accountCode: sql`m.account_code`, currentId: sql`m.current_id` } as const;

export async function listMainAccounts(db: Db, companyId: number, f: { types: CurrentType[]; currentId?: number; accountCode?: string }, p: Page) {
  if (!f.types.length) return { items: [], total: 0 };
  let base = db.selectFrom('current_main_accounts as m')
    .innerJoin('currents as c', (j) => j.onRef('c.company_id', '=', 'm.company_id').onRef('c.id', '=', 'm.current_id'))
    .where('m.company_id', '=', companyId).where('c.type', 'in', f.types);
  if (f.currentId) base = base.where('m.current_id', '=', f.currentId);
  if (f.accountCode) base = base.where('m.account_code', '=', f.accountCode);
  let rows = mainAccounts(db).where('m.company_id', '=', companyId).where('c.type', 'in', f.types);
  if (f.currentId) rows = rows.where('m.current_id', '=', f.currentId);
  if (f.accountCode) rows = rows.where('m.account_code', '=', f.accountCode);
  for (const [field, d] of p.sort) rows = rows.orderBy(MAIN_SORT[field as keyof typeof MAIN_SORT], d);
  const [items, total] = await Promise.all([
    rows.orderBy('m.id', 'desc').limit(p.size).offset(p.offset).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items: items.map((r) => toMainView(r as MainRow)), total: Number(total.n) };
}

export async function getMainAccount(db: Db, companyId: number, id: number): Promise<MainAccountView | undefined> {
  const r = await mainAccounts(db).where('m.company_id', '=', companyId).where('m.id', '=', id).executeTakeFirst();
  return r ? toMainView(r as MainRow) : undefined;
}

export async function mainAccountWith(db: Db, companyId: number, currentId: number, code: string, currencyId: number) {
  return db.selectFrom('current_main_accounts').select('id').where('company_id', '=', companyId).where('current_id', '=', currentId)
    .where('account_code', '=', code).where('currency_id', '=', currencyId).executeTakeFirst();
}

export async function insertMainAccount(db: Db, companyId: number, currentId: number, code: string, currencyId: number): Promise<number> {
  const r = await db.insertInto('current_main_accounts').values({ company_id: companyId, current_id: currentId, account_code: code, currency_id: currencyId })
    .returning('id').executeTakeFirstOrThrow();
  return r.id;
}

export async function countMainAccounts(db: Db, companyId: number, currentId: number): Promise<number> {
  const r = await db.selectFrom('current_main_accounts').select((eb) => eb.fn.countAll<number>().as('n'))
    .where('company_id', '=', companyId).where('current_id', '=', currentId).executeTakeFirstOrThrow();
  return Number(r.n);
}

export async function deleteMainAccount(db: Db, companyId: number, id: number): Promise<void> {
  await db.deleteFrom('current_main_accounts').where('company_id', '=', companyId).where('id', '=', id).execute();
}
