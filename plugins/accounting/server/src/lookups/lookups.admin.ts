import { sql } from 'kysely';
import { Problem, problems, tables, type Handler, type RequestContext } from '@tezgah/server';
import type { AccountingTables } from '../schema';
import { FOREIGN_KEY_VIOLATION, guarded, UNIQUE_VIOLATION, type DbError } from '../taxes/guard';
import { folded, foldText } from './search';

/**
 * Management's upkeep of the address lookups (seeds 001 §7 standard CRUD for countries, cities and
 * city subdivisions). The tables are global (no company_id, no row policy): the contract marks the
 * writes `x-management`, and migration 20261129000500-lookups-admin.sql lets the request role
 * write these three tables (tax offices and the chart of accounts stay read-only). A row in use
 * (a country with cities, a city with districts or tax offices, any of them named by a current
 * account or a bank branch of any company) is refused with 409 and a Turkish reason: the global
 * children are counted first; the company tables, which the request cannot see across companies,
 * answer through their foreign keys (checked by the database for every company).
 */
const db = (ctx: RequestContext) => tables<AccountingTables>(ctx);

export const COUNTRY_HAS_CITIES = 'Bu ülkeye bağlı iller olduğu için ülke silinemez; önce illerini silin.';
export const COUNTRY_IN_USE = 'Bu ülke cari hesaplarda veya başka kayıtlarda kullanıldığı için silinemez.';
export const CITY_HAS_SUBDIVISIONS = 'Bu ile bağlı ilçeler olduğu için il silinemez; önce ilçelerini silin.';
export const CITY_HAS_TAX_OFFICES = 'Bu ile bağlı vergi daireleri olduğu için il silinemez.';
export const CITY_IN_USE = 'Bu il cari hesaplarda, banka şubelerinde veya başka kayıtlarda kullanıldığı için silinemez.';
export const SUBDIVISION_HAS_TAX_OFFICES = 'Bu ilçeye bağlı vergi daireleri olduğu için ilçe silinemez.';
export const SUBDIVISION_IN_USE = 'Bu ilçe cari hesaplarda veya başka kayıtlarda kullanıldığı için silinemez.';
const COUNTRY_CODE_TAKEN = 'Bu ülke koduyla kayıtlı bir ülke zaten var.';
const CITY_PLATE_TAKEN = 'Bu ülkede bu plaka koduyla kayıtlı bir il zaten var.';
const CITY_NAME_TAKEN = 'Bu ülkede bu adla kayıtlı bir il zaten var.';
const SUBDIVISION_NAME_TAKEN = 'Bu ilde bu adla kayıtlı bir ilçe zaten var.';

const inUse = (detail: string, code: string) => new Problem(409, 'Kayıt silinemez', { detail, code });
const required = (field: string, what: string) => problems.invalidField(field, `${what} zorunludur.`, 'REQUIRED');

/** A required name: trimmed, inner runs of spaces made one; empty answers 400. */
function name(v: string, field: string, what: string): string {
  const s = v.trim().replace(/\s+/g, ' ');
  if (!s) throw required(field, what);
  return s;
}
const optional = (v: string | null | undefined, upper = false) => {
  const s = v?.trim() ?? '';
  return s ? (upper ? s.toUpperCase() : s) : null;
};

async function count(ctx: RequestContext, table: 'cities' | 'city_subdivisions' | 'tax_offices', column: string, id: number): Promise<number> {
  const r = await db(ctx).selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).where(sql.ref(column), '=', id).executeTakeFirstOrThrow();
  return Number(r.n);
}

// --- countries ---------------------------------------------------------------------------------

type CountryRow = AccountingTables['countries'];
interface CountryBody { id?: number; code: string; alpha3?: string | null; numericCode?: string | null; name: string; nameEn: string; currencyCode?: string | null; phoneCode?: string | null }

export const countryOut = (c: CountryRow) => ({
  id: c.id, code: c.code, alpha3: c.alpha3, numericCode: c.numeric_code, name: c.name, nameEn: c.name_en, currencyCode: c.currency_code, phoneCode: c.phone_code,
});

async function countryOr404(ctx: RequestContext, id: number): Promise<CountryRow> {
  const c = await db(ctx).selectFrom('countries').selectAll().where('id', '=', id).executeTakeFirst();
  if (!c) throw problems.notFound('Ülke');
  return c;
}

function countryValues(b: CountryBody) {
  return {
    code: b.code.trim().toUpperCase(),
    alpha3: optional(b.alpha3, true),
    numeric_code: optional(b.numericCode),
    name: name(b.name, 'name', 'Ülke adı'),
    name_en: name(b.nameEn, 'nameEn', 'İngilizce ad'),
    currency_code: optional(b.currencyCode, true),
    phone_code: optional(b.phoneCode),
  };
}

async function countryCodeFree(ctx: RequestContext, code: string, exceptId?: number) {
  let q = db(ctx).selectFrom('countries').select('id').where('code', '=', code);
  if (exceptId) q = q.where('id', '<>', exceptId);
  if (await q.executeTakeFirst()) throw problems.conflict(COUNTRY_CODE_TAKEN, 'COUNTRY_CODE_TAKEN', 'code');
}
const countryTaken = (e: DbError) => (e.code === UNIQUE_VIOLATION ? problems.conflict(COUNTRY_CODE_TAKEN, 'COUNTRY_CODE_TAKEN', 'code') : undefined);

const getCountry: Handler = async (ctx) => countryOut(await countryOr404(ctx, (ctx.params as { id: number }).id));

const createCountry: Handler = async (ctx) => {
  const v = countryValues(ctx.body as CountryBody);
  await countryCodeFree(ctx, v.code);
  const c = await guarded(ctx.trx, () => db(ctx).insertInto('countries').values(v as CountryRow).returningAll().executeTakeFirstOrThrow(), countryTaken);
  ctx.audit({ action: 'accounting.country.created', entity: 'country', entityId: c.id, detail: { code: c.code } });
  ctx.setStatus(201);
  return countryOut(c);
};

const updateCountry: Handler = async (ctx) => {
  const b = ctx.body as CountryBody & { id: number };
  await countryOr404(ctx, b.id);
  const v = countryValues(b);
  await countryCodeFree(ctx, v.code, b.id);
  const c = await guarded(ctx.trx, () => db(ctx).updateTable('countries').set(v).where('id', '=', b.id).returningAll().executeTakeFirstOrThrow(), countryTaken);
  ctx.audit({ action: 'accounting.country.updated', entity: 'country', entityId: c.id });
  return countryOut(c);
};

const deleteCountry: Handler = async (ctx) => {
  const { id } = ctx.params as { id: number };
  await countryOr404(ctx, id);
  if (await count(ctx, 'cities', 'country_id', id)) throw inUse(COUNTRY_HAS_CITIES, 'COUNTRY_HAS_CITIES');
  await guarded(ctx.trx, () => db(ctx).deleteFrom('countries').where('id', '=', id).execute(),
    (e) => (e.code === FOREIGN_KEY_VIOLATION ? inUse(COUNTRY_IN_USE, 'COUNTRY_IN_USE') : undefined));
  ctx.audit({ action: 'accounting.country.deleted', entity: 'country', entityId: id });
  ctx.setStatus(204);
  return null;
};

// --- cities ------------------------------------------------------------------------------------

type CityRow = AccountingTables['cities'];
interface CityBody { id?: number; countryId: number; plateCode: string; name: string; metropolitan?: boolean }

export const cityOut = (c: CityRow) => ({ id: c.id, countryId: c.country_id, plateCode: c.plate_code, name: c.name, metropolitan: c.metropolitan });

async function cityOr404(ctx: RequestContext, id: number): Promise<CityRow> {
  const c = await db(ctx).selectFrom('cities').selectAll().where('id', '=', id).executeTakeFirst();
  if (!c) throw problems.notFound('İl');
  return c;
}

async function cityValues(ctx: RequestContext, b: CityBody, before?: CityRow) {
  const country = await db(ctx).selectFrom('countries').select('id').where('id', '=', b.countryId).executeTakeFirst();
  if (!country) throw problems.invalidField('countryId', 'Ülke bulunamadı.', 'NOT_FOUND');
  const plate = b.plateCode.trim().toUpperCase();
  const v = {
    country_id: b.countryId,
    plate_code: /^[0-9]$/.test(plate) ? plate.padStart(2, '0') : plate,
    name: name(b.name, 'name', 'İl adı'),
    metropolitan: b.metropolitan ?? before?.metropolitan ?? false,
  };
  let plateQ = db(ctx).selectFrom('cities').select('id').where('country_id', '=', v.country_id).where('plate_code', '=', v.plate_code);
  let nameQ = db(ctx).selectFrom('cities').select('id').where('country_id', '=', v.country_id).where(folded('name'), '=', foldText(v.name));
  if (before) {
    plateQ = plateQ.where('id', '<>', before.id);
    nameQ = nameQ.where('id', '<>', before.id);
  }
  if (await plateQ.executeTakeFirst()) throw problems.conflict(CITY_PLATE_TAKEN, 'CITY_PLATE_TAKEN', 'plateCode');
  if (await nameQ.executeTakeFirst()) throw problems.conflict(CITY_NAME_TAKEN, 'CITY_NAME_TAKEN', 'name');
  return v;
}
const cityTaken = (e: DbError) => (e.code === UNIQUE_VIOLATION ? problems.conflict(CITY_PLATE_TAKEN, 'CITY_PLATE_TAKEN', 'plateCode') : undefined);

const getCity: Handler = async (ctx) => cityOut(await cityOr404(ctx, (ctx.params as { id: number }).id));

const createCity: Handler = async (ctx) => {
  const v = await cityValues(ctx, ctx.body as CityBody);
  const c = await guarded(ctx.trx, () => db(ctx).insertInto('cities').values(v as CityRow).returningAll().executeTakeFirstOrThrow(), cityTaken);
  ctx.audit({ action: 'accounting.city.created', entity: 'city', entityId: c.id, detail: { name: c.name } });
  ctx.setStatus(201);
  return cityOut(c);
};

const updateCity: Handler = async (ctx) => {
  const b = ctx.body as CityBody & { id: number };
  const before = await cityOr404(ctx, b.id);
  const v = await cityValues(ctx, b, before);
  const c = await guarded(ctx.trx, () => db(ctx).updateTable('cities').set(v).where('id', '=', b.id).returningAll().executeTakeFirstOrThrow(), cityTaken);
  ctx.audit({ action: 'accounting.city.updated', entity: 'city', entityId: c.id });
  return cityOut(c);
};

const deleteCity: Handler = async (ctx) => {
  const { id } = ctx.params as { id: number };
  await cityOr404(ctx, id);
  if (await count(ctx, 'city_subdivisions', 'city_id', id)) throw inUse(CITY_HAS_SUBDIVISIONS, 'CITY_HAS_SUBDIVISIONS');
  if (await count(ctx, 'tax_offices', 'city_id', id)) throw inUse(CITY_HAS_TAX_OFFICES, 'CITY_HAS_TAX_OFFICES');
  await guarded(ctx.trx, () => db(ctx).deleteFrom('cities').where('id', '=', id).execute(),
    (e) => (e.code === FOREIGN_KEY_VIOLATION ? inUse(CITY_IN_USE, 'CITY_IN_USE') : undefined));
  ctx.audit({ action: 'accounting.city.deleted', entity: 'city', entityId: id });
  ctx.setStatus(204);
  return null;
};

// --- city subdivisions ---------------------------------------------------------------------------

type SubdivisionRow = AccountingTables['city_subdivisions'];
interface SubdivisionBody { id?: number; cityId: number; name: string }

export const subdivisionOut = (d: SubdivisionRow) => ({ id: d.id, cityId: d.city_id, name: d.name });

async function subdivisionOr404(ctx: RequestContext, id: number): Promise<SubdivisionRow> {
  const d = await db(ctx).selectFrom('city_subdivisions').selectAll().where('id', '=', id).executeTakeFirst();
  if (!d) throw problems.notFound('İlçe');
  return d;
}

async function subdivisionValues(ctx: RequestContext, b: SubdivisionBody, exceptId?: number) {
  const city = await db(ctx).selectFrom('cities').select('id').where('id', '=', b.cityId).executeTakeFirst();
  if (!city) throw problems.invalidField('cityId', 'İl bulunamadı.', 'NOT_FOUND');
  const v = { city_id: b.cityId, name: name(b.name, 'name', 'İlçe adı') };
  let q = db(ctx).selectFrom('city_subdivisions').select('id').where('city_id', '=', v.city_id).where(folded('name'), '=', foldText(v.name));
  if (exceptId) q = q.where('id', '<>', exceptId);
  if (await q.executeTakeFirst()) throw problems.conflict(SUBDIVISION_NAME_TAKEN, 'SUBDIVISION_NAME_TAKEN', 'name');
  return v;
}
const subdivisionTaken = (e: DbError) => (e.code === UNIQUE_VIOLATION ? problems.conflict(SUBDIVISION_NAME_TAKEN, 'SUBDIVISION_NAME_TAKEN', 'name') : undefined);

const getCitySubdivision: Handler = async (ctx) => subdivisionOut(await subdivisionOr404(ctx, (ctx.params as { id: number }).id));

const createCitySubdivision: Handler = async (ctx) => {
  const v = await subdivisionValues(ctx, ctx.body as SubdivisionBody);
  const d = await guarded(ctx.trx, () => db(ctx).insertInto('city_subdivisions').values(v as SubdivisionRow).returningAll().executeTakeFirstOrThrow(), subdivisionTaken);
  ctx.audit({ action: 'accounting.city-subdivision.created', entity: 'city-subdivision', entityId: d.id, detail: { name: d.name } });
  ctx.setStatus(201);
  return subdivisionOut(d);
};

const updateCitySubdivision: Handler = async (ctx) => {
  const b = ctx.body as SubdivisionBody & { id: number };
  await subdivisionOr404(ctx, b.id);
  const v = await subdivisionValues(ctx, b, b.id);
  const d = await guarded(ctx.trx, () => db(ctx).updateTable('city_subdivisions').set(v).where('id', '=', b.id).returningAll().executeTakeFirstOrThrow(), subdivisionTaken);
  ctx.audit({ action: 'accounting.city-subdivision.updated', entity: 'city-subdivision', entityId: d.id });
  return subdivisionOut(d);
};

const deleteCitySubdivision: Handler = async (ctx) => {
  const { id } = ctx.params as { id: number };
  await subdivisionOr404(ctx, id);
  if (await count(ctx, 'tax_offices', 'city_subdivision_id', id)) throw inUse(SUBDIVISION_HAS_TAX_OFFICES, 'SUBDIVISION_HAS_TAX_OFFICES');
  await guarded(ctx.trx, () => db(ctx).deleteFrom('city_subdivisions').where('id', '=', id).execute(),
    (e) => (e.code === FOREIGN_KEY_VIOLATION ? inUse(SUBDIVISION_IN_USE, 'SUBDIVISION_IN_USE') : undefined));
  ctx.audit({ action: 'accounting.city-subdivision.deleted', entity: 'city-subdivision', entityId: id });
  ctx.setStatus(204);
  return null;
};

export const lookupAdminHandlers: Record<string, Handler> = {
  getCountry, createCountry, updateCountry, deleteCountry,
  getCity, createCity, updateCity, deleteCity,
  getCitySubdivision, createCitySubdivision, updateCitySubdivision, deleteCitySubdivision,
};
