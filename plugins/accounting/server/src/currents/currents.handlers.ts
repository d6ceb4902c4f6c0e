import { assertSharesFit } from '../partners/partners.repository';
import { Action } from '@tezgah/core';
import { mayIn, pageRequest, pageResult, problems, requireAuth, tables, type Auth, type Handler, type RequestContext } from '@tezgah/server';
import type { AccountingTables } from '../schema';
import { findChartAccounts, type Db } from '../lookups/lookups.repository';
import { today } from '../ledger/dates';
import { loadRuleContext } from './context';
import { analyzeCurrentsIfStale } from './stats';
import * as repo from './currents.repository';
import {
  CURRENT_TYPES, TYPE_MODULE, TYPE_NAME, accountCodeProblem, checkCurrent, complete, normalize,
  type CurrentInput, type CurrentType, type FieldProblem, type RuleContext,
} from './rules';

/** Most items one bulk call takes. */
export const BULK_MAX = 1000;

const db = (ctx: RequestContext): Db => tables<AccountingTables>(ctx);

const VERB: Record<number, string> = {
  [Action.VIEW]: 'görüntüleme', [Action.CREATE]: 'ekleme', [Action.UPDATE]: 'güncelleme', [Action.DELETE]: 'silme',
  [Action.AS_CUSTOMER_CREATE]: 'müşteri olarak ekleme', [Action.AS_SUPPLIER_CREATE]: 'tedarikçi olarak ekleme',
};

const may = (auth: Auth, type: CurrentType, action: number) => mayIn(auth, TYPE_MODULE[type], action, auth.companyId);

/** One call serves four types: the kernel let in a holder of any of them; this checks the record's own. */
function requireType(auth: Auth, type: CurrentType, action: number, prefix = ''): void {
  if (!may(auth, type, action)) {
    throw problems.forbidden(`${prefix}${TYPE_NAME[type]} kayıtlarında ${VERB[action]} yetkiniz yok. Yetkiniz olduğunu düşünüyorsanız tekrar giriş yapın.`, 'MISSING_AUTHORITY');
  }
}

const typesAllowed = (auth: Auth, action: number) => CURRENT_TYPES.filter((t) => may(auth, t, action));

const ruleContext = (ctx: RequestContext, records: CurrentInput[]): Promise<RuleContext> => loadRuleContext(db(ctx), requireAuth(ctx).companyId, records, today(ctx));

function refuse(found: FieldProblem[]): never {
  throw problems.badRequest(found.map((p) => p.message).join(' '), found);
}

async function taxNumberFree(ctx: RequestContext, v: CurrentInput, exceptId?: number): Promise<void> {
  if (!v.taxNumber) return;
  const holder = await repo.taxNumberHolder(db(ctx), requireAuth(ctx).companyId, v.currentAccountType, v.taxNumber, exceptId);
  if (holder) {
    throw problems.conflict(`Bu T.C. kimlik / vergi numarasıyla kayıtlı bir ${TYPE_NAME[v.currentAccountType]} zaten var: ${holder.name}.`, 'CURRENT_TAX_NUMBER_TAKEN', 'taxNumber');
  }
}

async function viewOr404(ctx: RequestContext, id: number): Promise<repo.CurrentView> {
  const v = await repo.getView(db(ctx), requireAuth(ctx).companyId, id);
  if (!v) throw problems.notFound('Cari hesap');
  return v;
}

const listCurrents: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const q = ctx.query as { currentAccountType?: CurrentType; search?: string; active?: boolean; tagId?: number };
  let types = typesAllowed(auth, Action.VIEW);
  if (q.currentAccountType) {
    requireType(auth, q.currentAccountType, Action.VIEW);
    types = [q.currentAccountType];
  }
  const { items, total } = await repo.listViews(db(ctx), auth.companyId, { types, ...(q.search ? { search: q.search } : {}), ...(q.active !== undefined ? { active: q.active } : {}), ...(q.tagId ? { tagId: q.tagId } : {}) }, pageRequest(ctx));
  return pageResult(ctx, items, total);
};

const getCurrent: Handler = async (ctx) => {
  const v = await viewOr404(ctx, (ctx.params as { id: number }).id);
  requireType(requireAuth(ctx), v.currentAccountType, Action.VIEW);
  return v;
};

const createCurrent: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const body = ctx.body as Record<string, unknown> & { alsoAs?: CurrentType };
  const input = complete(normalize(body));
  const type = input.currentAccountType;
  requireType(auth, type, Action.CREATE);
  let twin: CurrentInput | undefined;
  if (body.alsoAs) {
    if (type !== 'CUSTOMER' && type !== 'SUPPLIER') throw problems.invalidField('alsoAs', 'Yalnızca müşteri ya da tedarikçi kaydı diğer tür olarak da eklenebilir.', 'ALSO_AS_TYPE');
    if (body.alsoAs === type) throw problems.invalidField('alsoAs', `Kayıt zaten ${TYPE_NAME[type]}.`, 'ALSO_AS_TYPE');
    requireType(auth, type, body.alsoAs === 'CUSTOMER' ? Action.AS_CUSTOMER_CREATE : Action.AS_SUPPLIER_CREATE);
    twin = { ...input, currentAccountType: body.alsoAs, accountGroupCode: null, patientType: body.alsoAs === 'CUSTOMER' ? input.patientType : null };
  }
  const rc = await ruleContext(ctx, twin ? [input, twin] : [input]);
  const main = checkCurrent(input, rc);
  const other = twin ? checkCurrent(twin, rc) : undefined;
  const found = [...main.problems];
  for (const p of other?.problems ?? []) if (!found.some((f) => f.field === p.field)) found.push(p);
  if (found.length) refuse(found);
  await taxNumberFree(ctx, main.value);
  if (other) await taxNumberFree(ctx, other.value);
  if (type === 'PARTNER') await assertSharesFit(db(ctx) as never, auth.companyId, [{ active: main.value.active, sharePercentage: main.value.sharePercentage, field: 'sharePercentage' }]);
  const [id, twinId] = await repo.insertCurrents(db(ctx), auth.companyId, other ? [main.value, other.value] : [main.value]);
  ctx.audit({ action: 'accounting.current.created', entity: 'current', entityId: id!, detail: { type, name: main.value.name } });
  if (twinId) ctx.audit({ action: 'accounting.current.created', entity: 'current', entityId: twinId, detail: { type: body.alsoAs, name: main.value.name, twinOf: id } });
  ctx.setStatus(201);
  return { ...(await viewOr404(ctx, id!)), alsoCreatedId: twinId ?? null };
};

const updateCurrent: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const body = ctx.body as Record<string, unknown> & { id: number };
  const row = await repo.findRow(db(ctx), auth.companyId, body.id);
  if (!row) throw problems.notFound('Cari hesap');
  const type = row.type as CurrentType;
  requireType(auth, type, Action.UPDATE);
  const given = normalize(body);
  if (given.currentAccountType !== type) {
    throw problems.invalidField('currentAccountType', `Cari hesabın türü değiştirilemez; kayıt ${TYPE_NAME[type]}. Diğer tür için yeni kayıt ekleyin.`, 'TYPE_FIXED');
  }
  const before = repo.toInput(row);
  const merged = complete(given, before);
  const { value, problems: found } = checkCurrent(merged, await ruleContext(ctx, [merged]));
  if (found.length) refuse(found);
  await taxNumberFree(ctx, value, row.id);
  if (type === 'PARTNER') await assertSharesFit(db(ctx) as never, auth.companyId, [{ id: row.id, active: value.active, sharePercentage: value.sharePercentage, field: 'sharePercentage' }]);
  await repo.updateCurrent(db(ctx), auth.companyId, row.id, before, value);
  ctx.audit({ action: 'accounting.current.updated', entity: 'current', entityId: row.id });
  return viewOr404(ctx, row.id);
};

const deleteCurrent: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const { id } = ctx.params as { id: number };
  const row = await repo.findRow(db(ctx), auth.companyId, id);
  if (!row) throw problems.notFound('Cari hesap');
  requireType(auth, row.type as CurrentType, Action.DELETE);
  // Main accounts go with it; a current that later records (invoices, payments) use stays (409).
  await repo.deleteCurrent(db(ctx), auth.companyId, id);
  ctx.audit({ action: 'accounting.current.deleted', entity: 'current', entityId: id, detail: { type: row.type, name: row.name } });
  ctx.setStatus(204);
  return null;
};

/**
 * Bulk create or update for imports: every item is checked before anything is written; an item
 * whose type and tax/national ID match a stored record updates it (only the fields it gives).
 */
const saveCurrentsList: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const items = ctx.body as Record<string, unknown>[];
  if (items.length > BULK_MAX) throw problems.badRequest(`Bir seferde en fazla ${BULK_MAX} kayıt gönderilebilir; ${items.length} kayıt geldi.`);
  const given = items.map(normalize);
  const stored = await repo.findByTaxNumbers(db(ctx), auth.companyId, given.flatMap((g) => (g.taxNumber && g.currentAccountType ? [{ type: g.currentAccountType, taxNumber: g.taxNumber }] : [])));
  const plans = given.map((g, index) => {
    const match = g.taxNumber ? stored.get(`${g.currentAccountType}/${g.taxNumber}`) : undefined;
    const before = match ? repo.toInput(match) : undefined;
    return { index, match, before, input: complete(g, before) };
  });

  const refused = plans.filter((p) => !may(auth, p.input.currentAccountType, p.match ? Action.UPDATE : Action.CREATE));
  if (refused.length) {
    const first = refused[0]!;
    requireType(auth, first.input.currentAccountType, first.match ? Action.UPDATE : Action.CREATE, `${refused.map((p) => p.index).join(', ')} numaralı kayıtlar: `);
  }

  const rc = await ruleContext(ctx, plans.map((p) => p.input));
  const found: FieldProblem[] = [];
  const seen = new Map<string, number>();
  const checked = plans.map((p) => {
    const { value, problems: mine } = checkCurrent(p.input, rc);
    for (const m of mine) found.push({ ...m, field: `${p.index}.${m.field}` });
    if (value.taxNumber) {
      const key = `${value.currentAccountType}/${value.taxNumber}`;
      const earlier = seen.get(key);
      if (earlier !== undefined) found.push({ field: `${p.index}.taxNumber`, message: `Bu T.C. kimlik / vergi numarası listede ${earlier} numaralı kayıtta da var.`, code: 'DUPLICATE_IN_LIST' });
      else seen.set(key, p.index);
    }
    return { ...p, value };
  });
  if (found.length) {
    const bad = new Set(found.map((f) => f.field.split('.')[0])).size;
    throw problems.badRequest(`${bad} kayıtta hata var; hiçbir kayıt yazılmadı.`, found);
  }

  const partners = checked.filter((c) => c.value.currentAccountType === 'PARTNER');
  if (partners.length) {
    await assertSharesFit(db(ctx) as never, auth.companyId, partners.map((c) => ({
      id: c.match?.id, active: c.value.active, sharePercentage: c.value.sharePercentage, field: `${c.index}.sharePercentage`,
    })));
  }
  const creates = checked.filter((c) => !c.match);
  const ids = await repo.insertCurrents(db(ctx), auth.companyId, creates.map((c) => c.value));
  const result = new Map<number, { index: number; id: number; action: 'CREATED' | 'UPDATED' }>();
  creates.forEach((c, i) => result.set(c.index, { index: c.index, id: ids[i]!, action: 'CREATED' }));
  for (const c of checked) {
    if (!c.match) continue;
    await repo.updateCurrent(db(ctx), auth.companyId, c.match.id, c.before!, c.value);
    result.set(c.index, { index: c.index, id: c.match.id, action: 'UPDATED' });
  }
  const created = creates.length;
  const updated = checked.length - created;
  ctx.audit({ action: 'accounting.current.imported', entity: 'current', detail: { created, updated } });
  // A big import leaves the planner's statistics behind (on PGlite, which has no autovacuum, for
  // good): once committed, refresh them when the table grew by a fifth (stats.ts).
  if (created) {
    ctx.afterwards(async (db, committed) => {
      if (committed) await analyzeCurrentsIfStale(db);
    });
  }
  return { created, updated, items: checked.map((c) => result.get(c.index)!) };
};

// ---- main accounts --------------------------------------------------------------------------

async function mainAccountOr404(ctx: RequestContext, id: number): Promise<repo.MainAccountView> {
  const m = await repo.getMainAccount(db(ctx), requireAuth(ctx).companyId, id);
  if (!m) throw problems.notFound('Cari ana hesap');
  return m;
}

const listCurrentMainAccounts: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const q = ctx.query as { currentId?: number; accountCode?: string };
  const { items, total } = await repo.listMainAccounts(db(ctx), auth.companyId, {
    types: typesAllowed(auth, Action.VIEW), ...(q.currentId ? { currentId: q.currentId } : {}), ...(q.accountCode ? { accountCode: q.accountCode } : {}),
  }, pageRequest(ctx));
  return pageResult(ctx, items, total);
};

const getCurrentMainAccount: Handler = async (ctx) => {
  const m = await mainAccountOr404(ctx, (ctx.params as { id: number }).id);
  requireType(requireAuth(ctx), m.currentAccountType, Action.VIEW);
  return m;
};

const createCurrentMainAccount: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const b = ctx.body as { currentId: number; accountCode: string; currencyId?: number | null };
  const current = await repo.findRow(db(ctx), auth.companyId, b.currentId);
  if (!current) throw problems.notFound('Cari hesap');
  requireType(auth, current.type as CurrentType, Action.CREATE);
  const code = b.accountCode.trim();
  const currencyId = b.currencyId ?? current.currency_id;
  const found: FieldProblem[] = [];
  const accountProblem = accountCodeProblem(code, await findChartAccounts(db(ctx), [code]));
  if (accountProblem) found.push({ field: 'accountCode', ...accountProblem });
  if (!(await repo.currencyIds(db(ctx))).has(currencyId)) found.push({ field: 'currencyId', message: 'Para birimi bulunamadı.', code: 'UNKNOWN' });
  if (found.length) refuse(found);
  if (await repo.mainAccountWith(db(ctx), auth.companyId, current.id, code, currencyId)) {
    throw problems.conflict('Bu carinin bu hesap kodu ve para biriminde bir ana hesabı zaten var.', 'MAIN_ACCOUNT_EXISTS', 'accountCode');
  }
  const id = await repo.insertMainAccount(db(ctx), auth.companyId, current.id, code, currencyId);
  ctx.audit({ action: 'accounting.currentMainAccount.created', entity: 'currentMainAccount', entityId: id, detail: { currentId: current.id, accountCode: code } });
  ctx.setStatus(201);
  return mainAccountOr404(ctx, id);
};

const deleteCurrentMainAccount: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const m = await mainAccountOr404(ctx, (ctx.params as { id: number }).id);
  requireType(auth, m.currentAccountType, Action.DELETE);
  if ((await repo.countMainAccounts(db(ctx), auth.companyId, m.currentId)) <= 1) {
    throw problems.conflict('Carinin son ana hesabı silinemez.', 'LAST_MAIN_ACCOUNT');
  }
  await repo.deleteMainAccount(db(ctx), auth.companyId, m.id);
  ctx.audit({ action: 'accounting.currentMainAccount.deleted', entity: 'currentMainAccount', entityId: m.id, detail: { currentId: m.currentId } });
  ctx.setStatus(204);
  return null;
};

export const currentHandlers: Record<string, Handler> = {
  listCurrents, getCurrent, createCurrent, updateCurrent, deleteCurrent, saveCurrentsList,
  listCurrentMainAccounts, getCurrentMainAccount, createCurrentMainAccount, deleteCurrentMainAccount,
};
