import { pageRequest, pageResult, Problem, problems, requireAuth, type Handler, type RequestContext, type Trx } from '@tezgah/server';
import { defaultTaxName, maxPercentage, TAX_TYPES } from './catalogue';
import { foldText } from '../lookups/search';
import { FOREIGN_KEY_VIOLATION, guarded, UNIQUE_VIOLATION } from './guard';
import { currencyExists, exceptionTypeRepository, taxRepository, type TaxRow, type TaxValues } from './taxes.repository';

/** The seeds' texts (§5, §8), verbatim. */
export const SAME_PERCENTAGE = 'Same tax percentage already exists';
export const NO_CHANGES = 'You made no changes!';
export const TAX_IN_USE = 'Bu vergi kullanımda olduğu için silinemez.';

const view = (t: TaxRow) => ({
  id: t.id, name: t.name, taxType: t.tax_type, percentage: Number(t.percentage), abbreviation: t.abbreviation,
  exceptionCode: t.exception_code, currencyId: t.currency_id, active: t.active,
});

const samePercentage = () => problems.conflict(SAME_PERCENTAGE, 'TAX_PERCENTAGE_EXISTS', 'percentage');

async function taxOr404(ctx: RequestContext, id: number): Promise<TaxRow> {
  const t = await taxRepository(ctx.trx, requireAuth(ctx).companyId).byId(id);
  if (!t) throw problems.notFound('Vergi');
  return t;
}

interface TaxBody {
  taxType: string;
  percentage: number;
  name?: string;
  abbreviation?: string | null;
  exceptionCode?: string | null;
  currencyId?: number;
  active?: boolean;
}

/** The rules of a tax's fields (seeds §5 and the exemption code list), as field problems. */
async function checkedValues(trx: Trx, b: TaxBody, before?: TaxRow): Promise<TaxValues> {
  const errors: { field: string; message: string; code: string }[] = [];
  const max = maxPercentage(b.taxType);
  if (b.percentage > max) errors.push({ field: 'percentage', message: `Vergi oranı 0 ile ${max} arasında olmalıdır.`, code: 'RANGE' });
  if (Math.abs(b.percentage * 100 - Math.round(b.percentage * 100)) > 1e-6) {
    errors.push({ field: 'percentage', message: 'Vergi oranı en fazla iki ondalık basamak içerebilir.', code: 'DECIMALS' });
  }
  const exceptionCode = b.exceptionCode === undefined ? before?.exception_code ?? null : b.exceptionCode;
  if (exceptionCode) {
    const ex = await exceptionTypeRepository(trx).byCode(exceptionCode);
    if (!ex) errors.push({ field: 'exceptionCode', message: 'Geçersiz istisna kodu.', code: 'UNKNOWN_EXCEPTION' });
    else if (ex.tax_type !== b.taxType) errors.push({ field: 'exceptionCode', message: `${exceptionCode} istisna kodu ${ex.tax_type} içindir.`, code: 'EXCEPTION_TYPE' });
    else if (b.percentage !== 0) errors.push({ field: 'exceptionCode', message: 'İstisna kodu yalnızca %0 oranlı vergide kullanılabilir.', code: 'EXCEPTION_NOT_ZERO' });
  }
  const currencyId = b.currencyId ?? before?.currency_id ?? 1;
  if (!(await currencyExists(trx, currencyId))) errors.push({ field: 'currencyId', message: 'Para birimi bulunamadı.', code: 'UNKNOWN_CURRENCY' });
  if (errors.length) throw problems.badRequest(errors.map((e) => e.message).join(' '), errors);
  const abbreviation = b.abbreviation === undefined ? before?.abbreviation ?? b.taxType : b.abbreviation?.trim() || null;
  return {
    // Without a name a tax is called by its type and percentage, and keeps a name of its own.
    name: b.name?.trim() || (before && before.name !== defaultTaxName(before.tax_type, Number(before.percentage)) ? before.name : defaultTaxName(b.taxType, b.percentage)),
    tax_type: b.taxType,
    percentage: b.percentage,
    abbreviation,
    exception_code: exceptionCode,
    currency_id: currencyId,
    active: b.active ?? before?.active ?? true,
  };
}

const listTaxes: Handler = async (ctx) => {
  const q = ctx.query as { search?: string; taxType?: string; active?: boolean };
  const { items, total } = await taxRepository(ctx.trx, requireAuth(ctx).companyId).page(q, pageRequest(ctx));
  return pageResult(ctx, items.map(view), total);
};

const getTax: Handler = async (ctx) => view(await taxOr404(ctx, (ctx.params as { id: number }).id));

const createTax: Handler = async (ctx) => {
  const repo = taxRepository(ctx.trx, requireAuth(ctx).companyId);
  const b = ctx.body as TaxBody;
  const values = await checkedValues(ctx.trx, b);
  if (await repo.samePercentage(values.tax_type, values.percentage, values.exception_code)) throw samePercentage();
  const t = await guarded(ctx.trx, () => repo.insert(values), (e) => (e.code === UNIQUE_VIOLATION ? samePercentage() : undefined));
  ctx.audit({ action: 'accounting.tax.created', entity: 'tax', entityId: t.id, detail: { taxType: t.tax_type, percentage: values.percentage } });
  ctx.setStatus(201);
  return view(t);
};

const updateTax: Handler = async (ctx) => {
  const repo = taxRepository(ctx.trx, requireAuth(ctx).companyId);
  const b = ctx.body as TaxBody & { id: number };
  const before = await taxOr404(ctx, b.id);
  const next = await checkedValues(ctx.trx, b, before);
  const unchanged = next.name === before.name && next.tax_type === before.tax_type && next.percentage === Number(before.percentage)
    && next.abbreviation === before.abbreviation && next.exception_code === before.exception_code
    && next.currency_id === before.currency_id && next.active === before.active;
  if (unchanged) throw problems.badRequest(NO_CHANGES, [{ field: 'percentage', message: NO_CHANGES, code: 'NO_CHANGES' }]);
  if (await repo.samePercentage(next.tax_type, next.percentage, next.exception_code, b.id)) throw samePercentage();
  const t = await guarded(ctx.trx, () => repo.update(b.id, next), (e) => (e.code === UNIQUE_VIOLATION ? samePercentage() : undefined));
  ctx.audit({ action: 'accounting.tax.updated', entity: 'tax', entityId: t.id });
  return view(t);
};

const deleteTax: Handler = async (ctx) => {
  const repo = taxRepository(ctx.trx, requireAuth(ctx).companyId);
  const { id } = ctx.params as { id: number };
  await taxOr404(ctx, id);
  // Products (their default tax) and invoice lines refer to taxes by foreign key: one that is
  // used cannot go, whichever table uses it.
  await guarded(ctx.trx, () => repo.remove(id), (e) => (e.code === FOREIGN_KEY_VIOLATION ? new Problem(409, 'Çakışma', { detail: TAX_IN_USE, code: 'TAX_IN_USE' }) : undefined));
  ctx.audit({ action: 'accounting.tax.deleted', entity: 'tax', entityId: id });
  ctx.setStatus(204);
  return null;
};

const listTaxExceptionTypes: Handler = async (ctx) => {
  const q = ctx.query as { search?: string; kind?: string };
  const { items, total } = await exceptionTypeRepository(ctx.trx).page(q, pageRequest(ctx, ['code', 'asc']));
  return pageResult(ctx, items.map((e) => ({ code: e.code, taxType: e.tax_type, kind: e.kind, name: e.name })), total);
};

/**
 * GET /tax-types (seeds 001 §7 paged lists): the tax types of the catalogue, the same for every
 * company, with their GİB codes; searched and sorted in memory (ten rows). Unsorted, they come in
 * the catalogue's order (KDV first).
 */
const listTaxTypes: Handler = async (ctx) => {
  const p = pageRequest(ctx, ['type', 'asc']);
  if ((ctx.query as { sort?: unknown }).sort === undefined) p.sort = [];
  const search = foldText(String((ctx.query as { search?: string }).search ?? '').trim());
  const key = (t: (typeof TAX_TYPES)[number], f: string) => foldText(f === 'name' ? t.name : f === 'gibCode' ? t.gibCode : t.type);
  const rows = TAX_TYPES.filter((t) => !search || [t.type, t.name, t.gibCode].some((v) => foldText(v).includes(search)))
    .map((t, i) => ({ t, i }))
    .sort((a, b) => {
      for (const [f, d] of p.sort) {
        const c = key(a.t, f).localeCompare(key(b.t, f), 'tr');
        if (c) return d === 'desc' ? -c : c;
      }
      return a.i - b.i;
    })
    .map(({ t }) => ({ type: t.type, name: t.name, gibCode: t.gibCode }));
  return pageResult(ctx, rows.slice(p.offset, p.offset + p.size), rows.length);
};

export const taxHandlers: Record<string, Handler> = {
  listTaxes, getTax, createTax, updateTax, deleteTax, listTaxExceptionTypes, listTaxTypes,
  // The seed's name for the exemption code list: the same handler and answer.
  listTaxExceptionCodes: listTaxExceptionTypes,
};

/** A new company's taxes: the kernel seeded VAT 20/10/1/0; they get their abbreviation here. */
export async function completeTaxes(trx: Trx, companyId: number): Promise<void> {
  await taxRepository(trx, companyId).fillAbbreviations();
}
