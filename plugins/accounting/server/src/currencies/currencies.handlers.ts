import { CURRENCIES } from '@tezgah/core';
import { pageRequest, pageResult, Problem, problems, type Handler, type RequestContext } from '@tezgah/server';
import { FOREIGN_KEY_VIOLATION, guarded, UNIQUE_VIOLATION } from '../taxes/guard';
import { NO_CHANGES } from '../taxes/taxes.handlers';
import { currencyRepository, type CurrencyRow } from './currencies.repository';

/**
 * Currencies are global reference data (one table for every company), so what a change means is
 * this product's decision:
 * - anyone holding CURRENCY_TYPE view (24_1) lists them and reads one;
 * - only management, holding 24_2/24_3/24_4 as well, adds, changes or deletes one: a change
 *   reaches every company;
 * - the ten fixed currencies of seeds §9 (ids 1..10: TL, USD, EUR, CAD, SEK, RUB, JPY, AUD, GBP,
 *   SAR) are kept by the server at every start, so they cannot be changed or deleted;
 * - an added currency takes the next id after them, an ISO 4217 code (three capitals) not yet used,
 *   and cannot be deleted while anything (an account, a product, ...) refers to it.
 */
const FIXED_IDS: ReadonlySet<number> = new Set(CURRENCIES.map((c) => c.id));
export const CURRENCY_FIXED = 'Sabit para birimleri (TL, USD, EUR, CAD, SEK, RUB, JPY, AUD, GBP, SAR) değiştirilemez veya silinemez.';
export const CURRENCY_IN_USE = 'Bu para birimi kullanımda olduğu için silinemez.';
const CODE_TAKEN = 'Bu kodda bir para birimi zaten var.';

const view = (c: CurrencyRow) => ({ id: c.id, code: c.code, name: c.name, symbol: c.symbol, fixed: FIXED_IDS.has(c.id) });
const codeTaken = () => problems.conflict(CODE_TAKEN, 'CURRENCY_CODE_TAKEN', 'code');
const conflict = (detail: string, code: string) => new Problem(409, 'Çakışma', { detail, code });

async function currencyOr404(ctx: RequestContext, id: number): Promise<CurrencyRow> {
  const c = await currencyRepository(ctx.trx).byId(id);
  if (!c) throw problems.notFound('Para birimi');
  return c;
}

function fields(b: { code: string; name: string; symbol?: string | null }) {
  const name = b.name.trim();
  if (!name) throw problems.invalidField('name', 'Para birimi adı zorunludur.', 'REQUIRED');
  return { code: b.code, name, symbol: b.symbol?.trim() || null };
}

const listCurrencies: Handler = async (ctx) => {
  const { items, total } = await currencyRepository(ctx.trx).page(ctx.query as { search?: string }, pageRequest(ctx, ['id', 'asc']));
  return pageResult(ctx, items.map(view), total);
};

const getCurrency: Handler = async (ctx) => view(await currencyOr404(ctx, (ctx.params as { id: number }).id));

const createCurrency: Handler = async (ctx) => {
  const repo = currencyRepository(ctx.trx);
  const v = fields(ctx.body as { code: string; name: string; symbol?: string | null });
  if (await repo.codeTaken(v.code)) throw codeTaken();
  const c = await guarded(ctx.trx, () => repo.insert(v), (e) => (e.code === UNIQUE_VIOLATION ? codeTaken() : undefined));
  ctx.audit({ action: 'accounting.currency.created', entity: 'currency', entityId: c.id, detail: { code: c.code } });
  ctx.setStatus(201);
  return view(c);
};

const updateCurrency: Handler = async (ctx) => {
  const repo = currencyRepository(ctx.trx);
  const b = ctx.body as { id: number; code: string; name: string; symbol?: string | null };
  const before = await currencyOr404(ctx, b.id);
  if (FIXED_IDS.has(before.id)) throw conflict(CURRENCY_FIXED, 'CURRENCY_FIXED');
  const next = fields(b);
  if (next.code === before.code && next.name === before.name && next.symbol === before.symbol) {
    throw problems.badRequest(NO_CHANGES, [{ field: 'name', message: NO_CHANGES, code: 'NO_CHANGES' }]);
  }
  if (await repo.codeTaken(next.code, b.id)) throw codeTaken();
  const c = await guarded(ctx.trx, () => repo.update(b.id, next), (e) => (e.code === UNIQUE_VIOLATION ? codeTaken() : undefined));
  ctx.audit({ action: 'accounting.currency.updated', entity: 'currency', entityId: c.id });
  return view(c);
};

const deleteCurrency: Handler = async (ctx) => {
  const repo = currencyRepository(ctx.trx);
  const { id } = ctx.params as { id: number };
  const c = await currencyOr404(ctx, id);
  if (FIXED_IDS.has(c.id)) throw conflict(CURRENCY_FIXED, 'CURRENCY_FIXED');
  await guarded(ctx.trx, () => repo.remove(id), (e) => (e.code === FOREIGN_KEY_VIOLATION ? conflict(CURRENCY_IN_USE, 'CURRENCY_IN_USE') : undefined));
  ctx.audit({ action: 'accounting.currency.deleted', entity: 'currency', entityId: id });
  ctx.setStatus(204);
  return null;
};

export const currencyHandlers: Record<string, Handler> = { listCurrencies, getCurrency, createCurrency, updateCurrency, deleteCurrency };
