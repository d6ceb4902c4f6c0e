import { sql } from 'kysely';
import { likePattern, pageRequest, pageResult, problems, requireAuth, tables, type Handler, type RequestContext, type Trx } from '@tezgah/server';
import type { AccountingTables } from '../schema';

type UnitRow = { id: number; name: string; code: string; active: boolean };
const view = (u: UnitRow) => ({ id: u.id, name: u.name, code: u.code, active: u.active });
const SORT = { id: sql`id`, name: sql`lower(name)`, code: sql`code` } as const;

/** The units a new company starts with (UN/ECE Recommendation 20 codes, as UBL-TR uses them). */
export const DEFAULT_UNITS: readonly { name: string; code: string }[] = [
  { name: 'Adet', code: 'C62' }, { name: 'Kutu', code: 'BX' }, { name: 'Paket', code: 'PA' }, { name: 'Kilogram', code: 'KGM' },
  { name: 'Gram', code: 'GRM' }, { name: 'Litre', code: 'LTR' }, { name: 'Metre', code: 'MTR' }, { name: 'Saat', code: 'HUR' },
];

export async function seedUnits(trx: Trx, companyId: number): Promise<void> {
  const t = trx as unknown as import('kysely').Transaction<AccountingTables>;
  await t.insertInto('units').values(DEFAULT_UNITS.map((u) => ({ company_id: companyId, ...u }))).execute();
}

async function unitOr404(ctx: RequestContext, id: number): Promise<UnitRow> {
  const auth = requireAuth(ctx);
  const u = await tables<AccountingTables>(ctx).selectFrom('units').selectAll().where('company_id', '=', auth.companyId).where('id', '=', id).executeTakeFirst();
  if (!u) throw problems.notFound('Birim');
  return u;
}

async function nameFree(ctx: RequestContext, name: string, exceptId?: number) {
  const auth = requireAuth(ctx);
  let q = tables<AccountingTables>(ctx).selectFrom('units').select('id').where('company_id', '=', auth.companyId).where(sql`lower(name)`, '=', name.trim().toLowerCase());
  if (exceptId) q = q.where('id', '<>', exceptId);
  if (await q.executeTakeFirst()) throw problems.conflict('Bu isimde bir birim zaten var.', 'UNIT_NAME_TAKEN', 'name');
}

const listUnits: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const page = pageRequest(ctx);
  const q = ctx.query as { search?: string };
  let base = tables<AccountingTables>(ctx).selectFrom('units').where('company_id', '=', auth.companyId);
  if (q.search) base = base.where((eb) => eb.or([eb('name', 'ilike', likePattern(q.search!)), eb('code', 'ilike', likePattern(q.search!))]));
  let rows = base.selectAll();
  for (const [f, d] of page.sort) rows = rows.orderBy(SORT[f as keyof typeof SORT], d);
  const [items, total] = await Promise.all([
    rows.orderBy('id', 'desc').limit(page.size).offset(page.offset).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return pageResult(ctx, items.map(view), Number(total.n));
};

const getUnit: Handler = async (ctx) => view(await unitOr404(ctx, (ctx.params as { id: number }).id));

const createUnit: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const b = ctx.body as { name: string; code: string; active?: boolean };
  await nameFree(ctx, b.name);
  const u = await tables<AccountingTables>(ctx).insertInto('units')
    .values({ company_id: auth.companyId, name: b.name.trim(), code: b.code, active: b.active ?? true }).returningAll().executeTakeFirstOrThrow();
  ctx.audit({ action: 'accounting.unit.created', entity: 'unit', entityId: u.id, detail: { name: u.name } });
  ctx.setStatus(201);
  return view(u);
};

const updateUnit: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const b = ctx.body as { id: number; name: string; code: string; active?: boolean };
  const before = await unitOr404(ctx, b.id);
  const next = { name: b.name.trim(), code: b.code, active: b.active ?? before.active };
  if (next.name === before.name && next.code === before.code && next.active === before.active) {
    throw problems.badRequest('You made no changes!', [{ field: 'name', message: 'You made no changes!', code: 'NO_CHANGES' }]);
  }
  await nameFree(ctx, b.name, b.id);
  const u = await tables<AccountingTables>(ctx).updateTable('units').set(next)
    .where('company_id', '=', auth.companyId).where('id', '=', b.id).returningAll().executeTakeFirstOrThrow();
  ctx.audit({ action: 'accounting.unit.updated', entity: 'unit', entityId: u.id });
  return view(u);
};

const deleteUnit: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const { id } = ctx.params as { id: number };
  await unitOr404(ctx, id);
  // A unit a product uses cannot go: the products' foreign key refuses it (answered 409).
  await tables<AccountingTables>(ctx).deleteFrom('units').where('company_id', '=', auth.companyId).where('id', '=', id).execute();
  ctx.audit({ action: 'accounting.unit.deleted', entity: 'unit', entityId: id });
  ctx.setStatus(204);
  return null;
};

export const unitHandlers: Record<string, Handler> = { listUnits, getUnit, createUnit, updateUnit, deleteUnit };
