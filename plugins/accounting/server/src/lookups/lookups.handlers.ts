import { pageRequest, pageResult, tables, type Handler, type RequestContext } from '@tezgah/server';
import type { AccountingTables } from '../schema';
import * as repo from './lookups.repository';

const db = (ctx: RequestContext) => tables<AccountingTables>(ctx);

const listCountries: Handler = async (ctx) => {
  const { items, total } = await repo.listCountries(db(ctx), ctx.query, pageRequest(ctx, ['name', 'asc']));
  return pageResult(ctx, items.map((c) => ({
    id: c.id, code: c.code, alpha3: c.alpha3, numericCode: c.numeric_code, name: c.name, nameEn: c.name_en, currencyCode: c.currency_code, phoneCode: c.phone_code,
  })), total);
};

const listCities: Handler = async (ctx) => {
  const { items, total } = await repo.listCities(db(ctx), ctx.query, pageRequest(ctx, ['id', 'asc']));
  return pageResult(ctx, items.map((c) => ({ id: c.id, countryId: c.country_id, plateCode: c.plate_code, name: c.name, metropolitan: c.metropolitan })), total);
};

const listCitySubdivisions: Handler = async (ctx) => {
  const { items, total } = await repo.listCitySubdivisions(db(ctx), ctx.query, pageRequest(ctx, ['name', 'asc']));
  return pageResult(ctx, items.map((d) => ({ id: d.id, cityId: d.city_id, name: d.name })), total);
};

const listTaxOffices: Handler = async (ctx) => {
  const { items, total } = await repo.listTaxOffices(db(ctx), ctx.query, pageRequest(ctx, ['name', 'asc']));
  return pageResult(ctx, items.map((o) => ({
    id: o.id, code: o.code, name: o.name, cityId: o.city_id, citySubdivisionId: o.city_subdivision_id, district: o.district,
  })), total);
};

export const lookupHandlers: Record<string, Handler> = { listCountries, listCities, listCitySubdivisions, listTaxOffices };
