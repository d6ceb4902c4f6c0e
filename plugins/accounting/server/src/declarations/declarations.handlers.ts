import Decimal from 'decimal.js';
import { sql, type Updateable } from 'kysely';
import { likePattern, pageRequest, pageResult, problems, requireAuth, tables, type Handler, type RequestContext } from '@tezgah/server';
import type { AccountingTables } from '../schema';
import type { LedgerDb } from '../ledger/accounts';
import { folded, foldedPattern } from '../lookups/search';
import { today } from '../ledger/dates';
import {
  CREATE_STATUSES, OPEN_STATUSES, parsePeriod, periodProblem, previousMonth, STATUS_NAMES, SYSTEM_TYPES, transitionProblem, VAT_TYPE_CODE,
  WITHHOLDING_VAT_TYPE_CODE, type DeclarationStatus, type PeriodKind,
} from './rules';
import { vatFigures } from './vat';
import { withholdingFigures } from './withholding';

const db = (ctx: RequestContext): LedgerDb => tables<AccountingTables>(ctx);
const company = (ctx: RequestContext) => requireAuth(ctx).companyId;
const noChanges = (field: string) => problems.badRequest('You made no changes!', [{ field, message: 'You made no changes!', code: 'NO_CHANGES' }]);

/** Every new company starts with the usual declaration types. */
export async function seedDeclarationTypes(d: LedgerDb, companyId: number): Promise<void> {
  await d.insertInto('declaration_types')
    .values(SYSTEM_TYPES.map((t) => ({ company_id: companyId, code: t.code, name: t.name, period_kind: t.periodKind, system: true })))
    .onConflict((oc) => oc.columns(['company_id', 'code']).doNothing()).execute();
}

// --- declaration types ----------------------------------------------------------------------

interface TypeRow { id: number; code: string; name: string; period_kind: PeriodKind; system: boolean; active: boolean }

const typeView = (t: TypeRow) => ({ id: Number(t.id), code: t.code, name: t.name, periodKind: t.period_kind, system: t.system, active: t.active });

function types(d: LedgerDb, companyId: number) {
  return d.selectFrom('declaration_types').select(['id', 'code', 'name', 'period_kind', 'system', 'active']).where('company_id', '=', companyId);
}

async function typeOr404(ctx: RequestContext, id: number, forUpdate = false): Promise<TypeRow> {
  let q = types(db(ctx), company(ctx)).where('id', '=', id);
  if (forUpdate) q = q.forUpdate();
  const t = await q.executeTakeFirst();
  if (!t) throw problems.notFound('Beyanname türü');
  return t as TypeRow;
}

type TypeBody = { code: string; name: string; periodKind: PeriodKind; active?: boolean };

function cleanType(b: TypeBody) {
  const code = b.code.trim().toLocaleUpperCase('en-US');
  if (!/^[A-Z][A-Z0-9_]{1,19}$/.test(code)) {
    throw problems.invalidField('code', 'Kod harfle başlar; 2–20 büyük harf, rakam ya da alt çizgi olur (ör. KDV1).', 'CODE');
  }
  const name = b.name.trim();
  if (!name) throw problems.invalidField('name', 'Beyanname türünün adı zorunludur.', 'REQUIRED');
  return { code, name, period_kind: b.periodKind, active: b.active ?? true };
}

async function codeFree(ctx: RequestContext, code: string, exceptId?: number) {
  let q = db(ctx).selectFrom('declaration_types').select('id').where('company_id', '=', company(ctx)).where('code', '=', code);
  if (exceptId !== undefined) q = q.where('id', '<>', exceptId);
  if (await q.executeTakeFirst()) throw problems.conflict(`${code} kodlu bir beyanname türü zaten var.`, 'DECLARATION_TYPE_CODE_TAKEN', 'code');
}

const listDeclarationTypes: Handler = async (ctx) => {
  const c = company(ctx);
  const p = pageRequest(ctx, ['code', 'asc']);
  const q = ctx.query as { search?: string; active?: boolean };
  let base = db(ctx).selectFrom('declaration_types').where('company_id', '=', c);
  if (q.active !== undefined) base = base.where('active', '=', q.active);
  if (q.search?.trim()) {
    const s = foldedPattern(q.search);
    const raw = likePattern(q.search.trim().toLocaleUpperCase('en-US'));
    base = base.where((eb) => eb.or([eb(folded('name'), 'like', s), eb('code', 'like', raw)]));
  }
  const total = Number((await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  let rows = base.select(['id', 'code', 'name', 'period_kind', 'system', 'active']);
  const cols = { id: sql`id`, code: sql`code`, name: folded('name') } as const;
  for (const [f, dir] of p.sort) rows = rows.orderBy(cols[f as keyof typeof cols], dir);
  const page = await rows.orderBy('id', 'desc').limit(p.size).offset(p.offset).execute();
  return pageResult(ctx, (page as TypeRow[]).map(typeView), total);
};

const getDeclarationType: Handler = async (ctx) => typeView(await typeOr404(ctx, (ctx.params as { id: number }).id));

const createDeclarationType: Handler = async (ctx) => {
  const t = cleanType(ctx.body as TypeBody);
  await codeFree(ctx, t.code);
  const row = await db(ctx).insertInto('declaration_types').values({ company_id: company(ctx), ...t })
    .returning(['id', 'code', 'name', 'period_kind', 'system', 'active']).executeTakeFirstOrThrow();
  ctx.audit({ action: 'accounting.declarationType.created', entity: 'declarationType', entityId: row.id, detail: { code: row.code } });
  ctx.setStatus(201);
  return typeView(row as TypeRow);
};

/**
 * A type's name and active flag always change; a type every company starts with keeps its code
 * and period kind (the VAT draft finds KDV1 by its code), and a type with declarations keeps its
 * period kind (their periods are written for it).
 */
const updateDeclarationType: Handler = async (ctx) => {
  const b = ctx.body as TypeBody & { id: number };
  const before = await typeOr404(ctx, b.id, true);
  const t = cleanType(b);
  if (before.system && t.code !== before.code) throw problems.invalidField('code', `${before.code} hazır bir beyanname türüdür; kodu değiştirilemez.`, 'SYSTEM_TYPE');
  if (t.period_kind !== before.period_kind) {
    if (before.system) throw problems.invalidField('periodKind', `${before.code} hazır bir beyanname türüdür; dönem türü değiştirilemez.`, 'SYSTEM_TYPE');
    const used = await db(ctx).selectFrom('declarations').select('id').where('company_id', '=', company(ctx)).where('type_id', '=', before.id).limit(1).executeTakeFirst();
    if (used) throw problems.conflict('Beyannamesi olan bir türün dönem türü değiştirilemez.', 'DECLARATION_TYPE_IN_USE', 'periodKind');
  }
  if (t.code === before.code && t.name === before.name && t.period_kind === before.period_kind && t.active === before.active) throw noChanges('name');
  await codeFree(ctx, t.code, before.id);
  const row = await db(ctx).updateTable('declaration_types').set(t).where('company_id', '=', company(ctx)).where('id', '=', before.id)
    .returning(['id', 'code', 'name', 'period_kind', 'system', 'active']).executeTakeFirstOrThrow();
  ctx.audit({ action: 'accounting.declarationType.updated', entity: 'declarationType', entityId: row.id });
  return typeView(row as TypeRow);
};

const deleteDeclarationType: Handler = async (ctx) => {
  const t = await typeOr404(ctx, (ctx.params as { id: number }).id, true);
  if (t.system) throw problems.conflict(`${t.code} hazır bir beyanname türüdür; silinemez, kullanılmıyorsa pasife alınabilir.`, 'SYSTEM_TYPE');
  const used = await db(ctx).selectFrom('declarations').select('id').where('company_id', '=', company(ctx)).where('type_id', '=', t.id).limit(1).executeTakeFirst();
  if (used) throw problems.conflict('Beyannamesi olan bir beyanname türü silinemez; pasife alın.', 'DECLARATION_TYPE_IN_USE');
  await db(ctx).deleteFrom('declaration_types').where('company_id', '=', company(ctx)).where('id', '=', t.id).execute();
  ctx.audit({ action: 'accounting.declarationType.deleted', entity: 'declarationType', entityId: t.id, detail: { code: t.code } });
  ctx.setStatus(204);
  return null;
};

// --- declarations ---------------------------------------------------------------------------

interface DeclarationRow {
  id: number; type_id: number; type_code: string; type_name: string; period_kind: PeriodKind; period: string; status: DeclarationStatus;
  explanation: string | null; calculated_vat: string | null; deductible_vat: string | null; previous_carried_vat: string | null;
  payable_vat: string | null; carried_forward_vat: string | null; computed_at: Date | string | null; withholding_computed_at: Date | string | null;
  ledger_withheld_vat: string | null; created_by: string | null; created_at: Date | string; updated_at: Date | string | null;
  status_changed_by: string | null; status_changed_at: Date | string | null;
}

interface WithholdingRowRow {
  declaration_id: number; withholding_code: string; withholding_ratio: number; vat_rate: string; base: string; vat: string; withheld: string;
}

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());
const n = (v: string | null) => new Decimal(v ?? 0).toNumber();

function declarations(d: LedgerDb, companyId: number) {
  return d.selectFrom('declarations as x')
    .innerJoin('declaration_types as t', (j) => j.onRef('t.company_id', '=', 'x.company_id').onRef('t.id', '=', 'x.type_id'))
    .select([
      'x.id', 'x.type_id', 't.code as type_code', 't.name as type_name', 't.period_kind', 'x.period', 'x.status', 'x.explanation', 'x.calculated_vat',
      'x.deductible_vat', 'x.previous_carried_vat', 'x.payable_vat', 'x.carried_forward_vat', 'x.computed_at', 'x.withholding_computed_at',
      'x.ledger_withheld_vat', 'x.created_by', 'x.created_at', 'x.updated_at', 'x.status_changed_by', 'x.status_changed_at',
    ])
    .where('x.company_id', '=', companyId);
}

/** The KDV2 rows of these declarations, by declaration (in code, ratio, rate order). */
async function withholdingRowsOf(d: LedgerDb, companyId: number, rows: DeclarationRow[]): Promise<Map<number, WithholdingRowRow[]>> {
  const out = new Map<number, WithholdingRowRow[]>();
  const ids = rows.filter((r) => r.withholding_computed_at !== null).map((r) => Number(r.id));
  if (!ids.length) return out;
  const found = await d.selectFrom('declaration_withholding_rows')
    .select(['declaration_id', 'withholding_code', 'withholding_ratio', 'vat_rate', 'base', 'vat', 'withheld'])
    .where('company_id', '=', companyId).where('declaration_id', 'in', ids)
    .orderBy('withholding_code').orderBy('withholding_ratio').orderBy('vat_rate').execute();
  for (const w of found as WithholdingRowRow[]) out.set(Number(w.declaration_id), [...(out.get(Number(w.declaration_id)) ?? []), w]);
  return out;
}

/**
 * A KDV2 draft's figures: its rows (code, ratio as "9/10", KDV rate, base, KDV, withheld), their
 * totals, what 360 was credited for the month's purchases, and whether the two agree.
 */
function withholdingView(r: DeclarationRow, rows: readonly WithholdingRowRow[]) {
  const zero = new Decimal(0);
  const total = (k: 'base' | 'vat' | 'withheld') => rows.reduce((s, w) => s.plus(w[k]), zero);
  const withheld = total('withheld');
  const ledger = new Decimal(r.ledger_withheld_vat ?? 0);
  return {
    rows: rows.map((w) => ({
      code: w.withholding_code, ratio: `${Number(w.withholding_ratio)}/10`, vatRate: n(w.vat_rate), base: n(w.base), vat: n(w.vat), withheld: n(w.withheld),
    })),
    totals: { base: total('base').toNumber(), vat: total('vat').toNumber(), withheld: withheld.toNumber() },
    ledgerWithheld: ledger.toNumber(), matchesLedger: withheld.eq(ledger), computedDate: iso(r.withholding_computed_at)!,
  };
}

function declarationView(r: DeclarationRow, withholding: readonly WithholdingRowRow[] = []) {
  const p = parsePeriod(r.period_kind, r.period);
  const deductible = new Decimal(r.deductible_vat ?? 0);
  const carried = new Decimal(r.previous_carried_vat ?? 0);
  return {
    id: Number(r.id), typeId: Number(r.type_id), typeCode: r.type_code, typeName: r.type_name, periodKind: r.period_kind, period: r.period,
    startDate: p?.start ?? null, endDate: p?.end ?? null, status: r.status, statusName: STATUS_NAMES[r.status], explanation: r.explanation,
    vat: r.calculated_vat === null ? null : {
      calculatedVat: n(r.calculated_vat), deductibleVat: deductible.toNumber(), previousCarriedForward: carried.toNumber(),
      totalDeductible: deductible.plus(carried).toNumber(), payableVat: n(r.payable_vat), carriedForwardVat: n(r.carried_forward_vat),
      computedDate: iso(r.computed_at),
    },
    withholding: r.withholding_computed_at === null ? null : withholdingView(r, withholding),
    createdBy: r.created_by, createdDate: iso(r.created_at)!, updatedDate: iso(r.updated_at),
    statusChangedBy: r.status_changed_by, statusChangedDate: iso(r.status_changed_at),
  };
}

async function declarationOr404(ctx: RequestContext, id: number) {
  const r = await declarations(db(ctx), company(ctx)).where('x.id', '=', id).executeTakeFirst() as DeclarationRow | undefined;
  if (!r) throw problems.notFound('Beyanname');
  const withholding = await withholdingRowsOf(db(ctx), company(ctx), [r]);
  return declarationView(r, withholding.get(Number(r.id)));
}

/** One change of a type's declarations of a period at a time (the one-open rule is checked under it). */
async function lockPeriod(d: LedgerDb, companyId: number, typeId: number, period: string) {
  await sql`select pg_advisory_xact_lock(hashtext('tezgah.declarations'), hashtext(${`${companyId}:${typeId}:${period}`}))`.execute(d);
}

async function openOne(d: LedgerDb, companyId: number, typeId: number, period: string, exceptId?: number) {
  let q = d.selectFrom('declarations').select(['id', 'status']).where('company_id', '=', companyId).where('type_id', '=', typeId)
    .where('period', '=', period).where('status', 'in', [...OPEN_STATUSES]);
  if (exceptId !== undefined) q = q.where('id', '<>', exceptId);
  return q.orderBy('id', 'desc').executeTakeFirst();
}

async function typeFor(ctx: RequestContext, typeId: number): Promise<TypeRow> {
  const t = await types(db(ctx), company(ctx)).where('id', '=', typeId).executeTakeFirst();
  if (!t) throw problems.invalidField('typeId', 'Beyanname türü bulunamadı.', 'DECLARATION_TYPE_NOT_FOUND');
  return t as TypeRow;
}

function checkPeriod(ctx: RequestContext, t: TypeRow, period: string) {
  const why = periodProblem(t, period.trim(), today(ctx));
  if (why) throw problems.invalidField('period', why, 'PERIOD');
  return period.trim();
}

const openTaken = (t: TypeRow, period: string, other: { id: number; status: DeclarationStatus }) => problems.conflict(
  `${t.name} için ${period} döneminde '${STATUS_NAMES[other.status]}' durumunda bir beyanname (${Number(other.id)} numaralı) zaten var; onu güncelleyin ya da iptal edin.`,
  'DECLARATION_OPEN_EXISTS', 'period',
);

const listDeclarations: Handler = async (ctx) => {
  const c = company(ctx);
  const p = pageRequest(ctx);
  const q = ctx.query as { typeId?: number; status?: DeclarationStatus; period?: string; year?: number };
  let base = declarations(db(ctx), c);
  let count = db(ctx).selectFrom('declarations as x').where('x.company_id', '=', c);
  const filters: ((qb: any) => any)[] = [];
  if (q.typeId) filters.push((qb) => qb.where('x.type_id', '=', q.typeId));
  if (q.status) filters.push((qb) => qb.where('x.status', '=', q.status));
  if (q.period) filters.push((qb) => qb.where('x.period', '=', q.period));
  if (q.year) filters.push((qb) => qb.where(sql`substr(x.period, 1, 4)`, '=', String(q.year)));
  for (const f of filters) { base = f(base); count = f(count); }
  const cols = { id: sql`x.id`, period: sql`x.period`, createdDate: sql`x.created_at` } as const;
  for (const [f, dir] of p.sort) base = base.orderBy(cols[f as keyof typeof cols], dir);
  const [rows, total] = await Promise.all([
    base.orderBy('x.id', 'desc').limit(p.size).offset(p.offset).execute(),
    count.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const withholding = await withholdingRowsOf(db(ctx), c, rows as DeclarationRow[]);
  return pageResult(ctx, (rows as DeclarationRow[]).map((r) => declarationView(r, withholding.get(Number(r.id)))), Number(total.n));
};

const getDeclaration: Handler = async (ctx) => declarationOr404(ctx, (ctx.params as { id: number }).id);

type DeclarationBody = { typeId: number; period: string; status?: DeclarationStatus; explanation?: string | null };

const createDeclaration: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const d = db(ctx);
  const b = ctx.body as DeclarationBody;
  const t = await typeFor(ctx, b.typeId);
  if (!t.active) throw problems.invalidField('typeId', `${t.name} pasif bir beyanname türü.`, 'DECLARATION_TYPE_PASSIVE');
  const period = checkPeriod(ctx, t, b.period);
  const status = b.status ?? 'AWAITING_APPROVAL';
  if (!CREATE_STATUSES.includes(status)) {
    throw problems.invalidField('status', `Yeni beyanname '${STATUS_NAMES.AWAITING_APPROVAL}' ya da verilmiş olarak '${STATUS_NAMES.APPROVED}' durumunda girilir.`, 'STATUS');
  }
  await lockPeriod(d, auth.companyId, t.id, period);
  if (status !== 'APPROVED') {
    const other = await openOne(d, auth.companyId, t.id, period);
    if (other) throw openTaken(t, period, other as { id: number; status: DeclarationStatus });
  }
  const row = await d.insertInto('declarations').values({
    company_id: auth.companyId, type_id: t.id, period, status, explanation: b.explanation?.trim() || null, created_by: auth.login,
    ...(status === 'APPROVED' ? { status_changed_by: auth.login, status_changed_at: sql<Date>`now()` as unknown as Date } : {}),
  }).returning('id').executeTakeFirstOrThrow();
  ctx.audit({ action: 'accounting.declaration.created', entity: 'declaration', entityId: row.id, detail: { type: t.code, period, status } });
  ctx.setStatus(201);
  return declarationOr404(ctx, row.id);
};

/**
 * Changes a declaration: its status along the allowed transitions (rules.ts), and while it is
 * open (awaiting approval or faulty) its type, period and explanation. A VAT (KDV1) or withholding
 * VAT (KDV2) draft computed from the books keeps its type and period (compute another period's
 * draft instead).
 */
const updateDeclaration: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const d = db(ctx);
  const b = ctx.body as DeclarationBody & { id: number };
  const before = await d.selectFrom('declarations').selectAll().where('company_id', '=', auth.companyId).where('id', '=', b.id).forUpdate().executeTakeFirst();
  if (!before) throw problems.notFound('Beyanname');
  const status = b.status ?? before.status;
  const explanation = b.explanation === undefined ? before.explanation : b.explanation?.trim() || null;
  const fieldsChange = Number(b.typeId) !== Number(before.type_id) || b.period.trim() !== before.period || explanation !== before.explanation;
  if (!fieldsChange && status === before.status) throw noChanges('status');
  if (fieldsChange && !OPEN_STATUSES.includes(before.status)) {
    throw problems.conflict(before.status === 'APPROVED'
      ? 'Onaylanmış beyanname değiştirilemez; düzeltme için aynı dönem için yeni bir (düzeltme) beyannamesi girin.'
      : 'İptal edilmiş beyanname değiştirilemez.', 'DECLARATION_CLOSED');
  }
  const step = transitionProblem(before.status, status);
  if (step) throw problems.conflict(step, 'STATUS_TRANSITION', 'status');
  const t = await typeFor(ctx, b.typeId);
  let period = before.period;
  if (Number(t.id) !== Number(before.type_id) || b.period.trim() !== before.period) {
    if (before.calculated_vat !== null) {
      throw problems.invalidField('period', 'Defterden hesaplanan KDV taslağının türü ve dönemi değiştirilemez; diğer dönem için yeni taslak hesaplayın.', 'VAT_DRAFT_FIXED');
    }
    if (before.withholding_computed_at !== null) {
      throw problems.invalidField('period', 'Defterden hesaplanan KDV 2 (tevkifat) taslağının türü ve dönemi değiştirilemez; diğer dönem için yeni taslak hesaplayın.', 'VAT_DRAFT_FIXED');
    }
    if (!t.active) throw problems.invalidField('typeId', `${t.name} pasif bir beyanname türü.`, 'DECLARATION_TYPE_PASSIVE');
    period = checkPeriod(ctx, t, b.period);
  }
  await lockPeriod(d, auth.companyId, t.id, period);
  if (OPEN_STATUSES.includes(status)) {
    const other = await openOne(d, auth.companyId, t.id, period, before.id);
    if (other) throw openTaken(t, period, other as { id: number; status: DeclarationStatus });
  }
  await d.updateTable('declarations').set({
    type_id: t.id, period, explanation, status, updated_at: sql<Date>`now()` as unknown as Date,
    ...(status !== before.status ? { status_changed_by: auth.login, status_changed_at: sql<Date>`now()` as unknown as Date } : {}),
  }).where('company_id', '=', auth.companyId).where('id', '=', before.id).execute();
  ctx.audit({ action: 'accounting.declaration.updated', entity: 'declaration', entityId: before.id, detail: { from: before.status, to: status } });
  return declarationOr404(ctx, before.id);
};

/** An approved (filed) declaration stays; any other may be deleted. */
const deleteDeclaration: Handler = async (ctx) => {
  const c = company(ctx);
  const d = db(ctx);
  const row = await d.selectFrom('declarations').select(['id', 'status']).where('company_id', '=', c).where('id', '=', (ctx.params as { id: number }).id).forUpdate().executeTakeFirst();
  if (!row) throw problems.notFound('Beyanname');
  if (row.status === 'APPROVED') throw problems.conflict('Onaylanmış (verilmiş) beyanname silinemez; düzeltme için yeni bir (düzeltme) beyannamesi girin.', 'DECLARATION_APPROVED');
  await d.deleteFrom('declarations').where('company_id', '=', c).where('id', '=', row.id).execute();
  ctx.audit({ action: 'accounting.declaration.deleted', entity: 'declaration', entityId: row.id, detail: { status: row.status } });
  ctx.setStatus(204);
  return null;
};

/**
 * A standard type by its code (every company has them; made again should one be missing), with
 * the month checked for it.
 */
async function draftType(d: LedgerDb, companyId: number, code: string, period: string, today: string): Promise<TypeRow> {
  await seedDeclarationTypes(d, companyId);
  const t = await d.selectFrom('declaration_types').select(['id', 'code', 'name', 'period_kind', 'system', 'active'])
    .where('company_id', '=', companyId).where('code', '=', code).executeTakeFirstOrThrow() as TypeRow;
  // A company's own type of that code made before it was standard, with another period kind.
  if (t.period_kind !== 'MONTHLY') {
    throw problems.conflict(`${code} kodlu beyanname türü aylık değil; taslak aylık hesaplanır. Türün dönem türünü düzeltin.`, 'DECLARATION_TYPE_NOT_MONTHLY');
  }
  const why = periodProblem(t, period, today);
  if (why) throw problems.invalidField('period', why, 'PERIOD');
  return t;
}

/** The figure columns of a draft (a KDV1 or a KDV2 one). */
type DraftFigures = Pick<Updateable<AccountingTables['declarations']>,
  'calculated_vat' | 'deductible_vat' | 'previous_carried_vat' | 'payable_vat' | 'carried_forward_vat' | 'computed_at' | 'withholding_computed_at' | 'ledger_withheld_vat'>;

/**
 * Keeps a draft's figures on the month's open declaration of the type (recomputed, back to
 * awaiting approval) or on a new one awaiting approval (after an approved one it is the
 * corrective draft). The caller holds the period's lock.
 */
async function keepDraft(
  d: LedgerDb, auth: { companyId: number; login: string }, t: TypeRow, period: string, figures: DraftFigures,
  explanation: string | null | undefined, texts: { draft: string; corrective: string },
) {
  const c = auth.companyId;
  const open = await openOne(d, c, t.id, period);
  const text = explanation?.trim() || null;
  if (open) {
    await d.updateTable('declarations').set({
      ...figures, status: 'AWAITING_APPROVAL', updated_at: sql<Date>`now()` as unknown as Date, ...(text ? { explanation: text } : {}),
      ...(open.status !== 'AWAITING_APPROVAL' ? { status_changed_by: auth.login, status_changed_at: sql<Date>`now()` as unknown as Date } : {}),
    }).where('company_id', '=', c).where('id', '=', open.id).execute();
    return { id: Number(open.id), created: false };
  }
  const approved = await d.selectFrom('declarations').select('id').where('company_id', '=', c).where('type_id', '=', t.id).where('period', '=', period)
    .where('status', '=', 'APPROVED').executeTakeFirst();
  const row = await d.insertInto('declarations').values({
    company_id: c, type_id: t.id, period, status: 'AWAITING_APPROVAL', created_by: auth.login, ...figures,
    explanation: text ?? (approved ? texts.corrective : texts.draft),
  }).returning('id').executeTakeFirstOrThrow();
  return { id: Number(row.id), created: true };
}

/**
 * The VAT draft of a month: the figures from the ledger (vat.ts) with the previous month's
 * carried-forward VAT from its KDV1 declaration (the approved one, else the open one; cancelled
 * ones do not count), kept on the month's KDV1 declaration (keepDraft).
 */
export async function vatDraft(d: LedgerDb, auth: { companyId: number; login: string }, period: string, today: string, explanation?: string | null) {
  const c = auth.companyId;
  const t = await draftType(d, c, VAT_TYPE_CODE, period, today);
  const range = parsePeriod('MONTHLY', period)!;
  await lockPeriod(d, c, t.id, period);
  const previous = await d.selectFrom('declarations').select(['id', 'carried_forward_vat']).where('company_id', '=', c).where('type_id', '=', t.id)
    .where('period', '=', previousMonth(period)).where('status', '<>', 'CANCELLED')
    .orderBy(sql`case status when 'APPROVED' then 0 when 'AWAITING_APPROVAL' then 1 else 2 end`).orderBy('id', 'desc').executeTakeFirst();
  const f = await vatFigures(d, c, range.start, range.end, new Decimal(previous?.carried_forward_vat ?? 0));
  return keepDraft(d, auth, t, period, {
    calculated_vat: f.calculated.toFixed(2), deductible_vat: f.deductible.toFixed(2), previous_carried_vat: f.previousCarried.toFixed(2),
    payable_vat: f.payable.toFixed(2), carried_forward_vat: f.carriedForward.toFixed(2), computed_at: sql<Date>`now()` as unknown as Date,
  }, explanation, {
    draft: 'KDV beyannamesi taslağı (defterden hesaplandı)', corrective: 'Düzeltme beyannamesi taslağı (defterden hesaplandı)',
  });
}

const createVatDraft: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const b = ctx.body as { period: string; explanation?: string | null };
  const r = await vatDraft(db(ctx), auth, b.period, today(ctx), b.explanation);
  ctx.audit({ action: 'accounting.declaration.vatDraft', entity: 'declaration', entityId: r.id, detail: { period: b.period, created: r.created } });
  ctx.setStatus(r.created ? 201 : 200);
  return declarationOr404(ctx, r.id);
};

/**
 * The withholding VAT (KDV 2) draft of a month: the rows from the month's posted purchase invoices
 * with withholding and the month's 360 credit from their entries (withholding.ts), kept on the
 * month's KDV2 declaration (keepDraft); the rows are replaced each time.
 */
export async function withholdingVatDraft(d: LedgerDb, auth: { companyId: number; login: string }, period: string, today: string, explanation?: string | null) {
  const c = auth.companyId;
  const t = await draftType(d, c, WITHHOLDING_VAT_TYPE_CODE, period, today);
  const range = parsePeriod('MONTHLY', period)!;
  await lockPeriod(d, c, t.id, period);
  const f = await withholdingFigures(d, c, range.start, range.end);
  const r = await keepDraft(d, auth, t, period, {
    ledger_withheld_vat: f.ledgerWithheld.toFixed(2), withholding_computed_at: sql<Date>`now()` as unknown as Date,
  }, explanation, {
    draft: 'KDV 2 beyannamesi taslağı (defterden hesaplandı)', corrective: 'Düzeltme beyannamesi taslağı (defterden hesaplandı)',
  });
  await d.deleteFrom('declaration_withholding_rows').where('company_id', '=', c).where('declaration_id', '=', r.id).execute();
  if (f.rows.length) {
    await d.insertInto('declaration_withholding_rows').values(f.rows.map((w) => ({
      company_id: c, declaration_id: r.id, withholding_code: w.code, withholding_ratio: w.ratio, vat_rate: w.vatRate.toFixed(2),
      base: w.base.toFixed(2), vat: w.vat.toFixed(2), withheld: w.withheld.toFixed(2),
    }))).execute();
  }
  return r;
}

const createWithholdingVatDraft: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const b = ctx.body as { period: string; explanation?: string | null };
  const r = await withholdingVatDraft(db(ctx), auth, b.period, today(ctx), b.explanation);
  ctx.audit({ action: 'accounting.declaration.withholdingVatDraft', entity: 'declaration', entityId: r.id, detail: { period: b.period, created: r.created } });
  ctx.setStatus(r.created ? 201 : 200);
  return declarationOr404(ctx, r.id);
};

export const declarationHandlers: Record<string, Handler> = {
  listDeclarationTypes, getDeclarationType, createDeclarationType, updateDeclarationType, deleteDeclarationType,
  listDeclarations, getDeclaration, createDeclaration, updateDeclaration, deleteDeclaration, createVatDraft, createWithholdingVatDraft,
};
