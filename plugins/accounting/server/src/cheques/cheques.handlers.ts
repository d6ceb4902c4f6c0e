import Decimal from 'decimal.js';
import { sql } from 'kysely';
import { Module } from '@tezgah/core';
import { likePattern, mayIn, pageRequest, pageResult, problems, requireAuth, tables, type Auth, type Handler, type RequestContext } from '@tezgah/server';
import type { AccountingTables } from '../schema';
import type { LedgerDb } from '../ledger/accounts';
import { isDay } from '../ledger/posting';
import { applyStep, chequeRow, createCheque, deleteCheque, updateCheque, type ChequeInput, type StepInput } from './cheques';
import { ACTION_LABELS, STATE_LABELS, allowedActions, type Direction, type EventAction, type State } from './machine';

const db = (ctx: RequestContext): LedgerDb => tables<AccountingTables>(ctx);
const company = (ctx: RequestContext) => requireAuth(ctx).companyId;
const idParam = (ctx: RequestContext) => (ctx.params as { id: number }).id;
const num = (v: string | null) => (v === null ? null : new Decimal(v).toNumber());

// --- who sees which cheques -----------------------------------------------------------------

/** View 1 shows both directions; received view 10 only IN, given view 12 only OUT. */
function visible(auth: Auth): Direction[] {
  if (mayIn(auth, Module.CHECK, 1, auth.companyId)) return ['IN', 'OUT'];
  const out: Direction[] = [];
  if (mayIn(auth, Module.CHECK, 10, auth.companyId)) out.push('IN');
  if (mayIn(auth, Module.CHECK, 12, auth.companyId)) out.push('OUT');
  return out;
}

function mustSee(ctx: RequestContext, direction: Direction) {
  if (!visible(requireAuth(ctx)).includes(direction)) {
    throw problems.forbidden(direction === 'IN' ? 'Alınan çekleri görme yetkiniz yok.' : 'Verilen çekleri görme yetkiniz yok.');
  }
}

/** Delete 4 deletes both; received delete 11 only IN, given delete 13 only OUT. */
function mustDelete(ctx: RequestContext, direction: Direction) {
  const auth = requireAuth(ctx);
  const ok = mayIn(auth, Module.CHECK, 4, auth.companyId) || mayIn(auth, Module.CHECK, direction === 'IN' ? 11 : 13, auth.companyId);
  if (!ok) throw problems.forbidden(direction === 'IN' ? 'Alınan çekleri silme yetkiniz yok.' : 'Verilen çekleri silme yetkiniz yok.');
}

// --- views ----------------------------------------------------------------------------------

function cheques(d: LedgerDb, companyId: number) {
  return d.selectFrom('cheques as c')
    .innerJoin('currencies as cu', 'cu.id', 'c.currency_id')
    .innerJoin('currents as cr', (j) => j.onRef('cr.company_id', '=', 'c.company_id').onRef('cr.id', '=', 'c.current_id'))
    .leftJoin('currents as en', (j) => j.onRef('en.company_id', '=', 'c.company_id').onRef('en.id', '=', 'c.endorsed_to_id'))
    .leftJoin('bank_accounts as ba', (j) => j.onRef('ba.company_id', '=', 'c.company_id').onRef('ba.id', '=', 'c.bank_account_id'))
    .where('c.company_id', '=', companyId).where('c.state', '<>', 'DELETED');
}

const VIEW_COLUMNS = [
  'c.id', 'c.direction', 'c.state', 'c.number', 'c.code', 'c.amount', 'c.currency_id', 'cu.code as currency_code', 'cu.symbol as currency_symbol', 'c.rate',
  'c.amount_try', 'c.cheque_date', 'c.issue_date', 'c.due_date', 'c.bank_name', 'c.branch_name', 'c.drawer', 'c.explanation', 'c.current_id',
  'c.bank_account_id', 'ba.name as bank_account_name', 'c.endorsed_to_id', 'c.created_by',
] as const;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
function withNames<T extends { select: (...a: any[]) => any }>(q: T) {
  return q.select([
    sql<string>`concat_ws(' ', cr.name, cr.last_name)`.as('current_name'),
    sql<string | null>`case when en.id is null then null else concat_ws(' ', en.name, en.last_name) end`.as('endorsed_to_name'),
  ]);
}

interface ViewRow {
  id: number; direction: Direction; state: State; number: string; code: string | null; amount: string; currency_id: number; currency_code: string;
  currency_symbol: string | null; rate: string | null; amount_try: string; cheque_date: string; issue_date: string | null; due_date: string;
  bank_name: string | null; branch_name: string | null; drawer: string | null; explanation: string | null; current_id: number; current_name: string;
  bank_account_id: number | null; bank_account_name: string | null; endorsed_to_id: number | null; endorsed_to_name: string | null; created_by: string | null;
}

const chequeView = (c: ViewRow) => ({
  id: c.id, direction: c.direction, state: c.state, stateLabel: STATE_LABELS[c.state], number: c.number, code: c.code,
  amount: new Decimal(c.amount).toNumber(), currencyId: c.currency_id, currencyCode: c.currency_code, currencySymbol: c.currency_symbol, rate: num(c.rate),
  amountTry: new Decimal(c.amount_try).toNumber(), date: c.cheque_date, issueDate: c.issue_date, dueDate: c.due_date, bankName: c.bank_name,
  branchName: c.branch_name, drawer: c.drawer, explanation: c.explanation, currentId: c.current_id, currentName: c.current_name,
  bankAccountId: c.bank_account_id, bankAccountName: c.bank_account_name, endorsedToId: c.endorsed_to_id, endorsedToName: c.endorsed_to_name,
  allowedActions: allowedActions(c.direction, c.state), createdBy: c.created_by,
});

async function viewOf(ctx: RequestContext, id: number) {
  const row = await withNames(cheques(db(ctx), company(ctx)).select(VIEW_COLUMNS).where('c.id', '=', id)).executeTakeFirst() as ViewRow | undefined;
  if (!row) throw problems.notFound('Çek');
  mustSee(ctx, row.direction);
  return chequeView(row);
}

// --- handlers -------------------------------------------------------------------------------

type ListQuery = {
  direction?: Direction; state?: State[] | State; dueDateFrom?: string; dueDateTo?: string; currentId?: number; bankAccountId?: number; search?: string;
};

function filtered(ctx: RequestContext) {
  const q = ctx.query as ListQuery;
  if (q.dueDateFrom && !isDay(q.dueDateFrom)) throw problems.invalidField('dueDateFrom', 'Geçerli bir tarih girin (YYYY-AA-GG).', 'DATE');
  if (q.dueDateTo && !isDay(q.dueDateTo)) throw problems.invalidField('dueDateTo', 'Geçerli bir tarih girin (YYYY-AA-GG).', 'DATE');
  const dirs = visible(requireAuth(ctx));
  if (q.direction) mustSee(ctx, q.direction);
  let base = cheques(db(ctx), company(ctx)).where('c.direction', 'in', q.direction ? [q.direction] : dirs);
  const states = q.state === undefined ? [] : Array.isArray(q.state) ? q.state : [q.state];
  if (states.length) base = base.where('c.state', 'in', states);
  if (q.dueDateFrom) base = base.where('c.due_date', '>=', q.dueDateFrom);
  if (q.dueDateTo) base = base.where('c.due_date', '<=', q.dueDateTo);
  if (q.currentId !== undefined) base = base.where((eb) => eb.or([eb('c.current_id', '=', q.currentId!), eb('c.endorsed_to_id', '=', q.currentId!)]));
  if (q.bankAccountId !== undefined) base = base.where('c.bank_account_id', '=', q.bankAccountId);
  const search = q.search?.trim();
  if (search) {
    const like = likePattern(search);
    base = base.where((eb) => eb.or([
      eb('c.number', 'ilike', like), eb('c.code', 'ilike', like), eb('c.drawer', 'ilike', like), eb('c.bank_name', 'ilike', like),
      eb(sql<string>`concat_ws(' ', cr.name, cr.last_name)`, 'ilike', like),
    ]));
  }
  return base;
}

const listChecks: Handler = async (ctx) => {
  const p = pageRequest(ctx, ['id', 'desc']);
  const base = filtered(ctx);
  const total = Number((await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const cols = { id: sql`c.id`, dueDate: sql`c.due_date`, date: sql`c.cheque_date`, amount: sql`c.amount_try` } as const;
  let rows = withNames(base.select(VIEW_COLUMNS));
  for (const [f, dir] of p.sort) rows = rows.orderBy(cols[f as keyof typeof cols] ?? sql`c.id`, dir);
  const page = await rows.orderBy('c.id', 'desc').limit(p.size).offset(p.offset).execute() as ViewRow[];
  return pageResult(ctx, page.map(chequeView), total);
};

/** Counts and lira totals by direction and state (the filters of the list apply), and the three totals the books hold. */
const getChecksSummary: Handler = async (ctx) => {
  const rows = await filtered(ctx).select(['c.direction', 'c.state', (eb) => eb.fn.countAll<number>().as('n'), (eb) => eb.fn.sum<string>('c.amount_try').as('total')])
    .groupBy(['c.direction', 'c.state']).orderBy('c.direction').orderBy('c.state').execute();
  const byState = rows.map((r) => ({ direction: r.direction, state: r.state as State, stateLabel: STATE_LABELS[r.state as State], count: Number(r.n), amountTry: new Decimal(r.total ?? 0).toNumber() }));
  const sum = (direction: Direction, state: State) => {
    const r = rows.find((x) => x.direction === direction && x.state === state);
    return { count: Number(r?.n ?? 0), amountTry: new Decimal(r?.total ?? 0).toNumber() };
  };
  return { inPortfolio: sum('IN', 'IN_PORTFOLIO'), atBank: sum('IN', 'DEPOSITED_FOR_COLLECTION'), given: sum('OUT', 'GIVEN'), byState };
};

const getCheck: Handler = async (ctx) => viewOf(ctx, idParam(ctx));

const createCheck: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const b = ctx.body as ChequeInput;
  const id = await createCheque(db(ctx), auth.companyId, b, { createdBy: auth.login });
  ctx.audit({ action: 'accounting.cheque.created', entity: 'cheque', entityId: id, detail: { direction: b.direction, number: b.number, amount: String(b.amount) } });
  ctx.setStatus(201);
  return viewOf(ctx, id);
};

const updateCheck: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const b = ctx.body as ChequeInput & { id: number };
  await updateCheque(db(ctx), auth.companyId, b.id, b, { createdBy: auth.login });
  ctx.audit({ action: 'accounting.cheque.updated', entity: 'cheque', entityId: b.id });
  return viewOf(ctx, b.id);
};

const deleteCheck: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const id = idParam(ctx);
  const ch = await chequeRow(db(ctx), auth.companyId, id);
  if (!ch) throw problems.notFound('Çek');
  mustDelete(ctx, ch.direction);
  await deleteCheque(db(ctx), auth.companyId, id, { createdBy: auth.login });
  ctx.audit({ action: 'accounting.cheque.deleted', entity: 'cheque', entityId: id, detail: { direction: ch.direction, number: ch.number } });
  ctx.setStatus(204);
  return null;
};

const transitionCheck: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const id = idParam(ctx);
  const b = ctx.body as StepInput | null | undefined;
  // Locked here (the step needs the lock; a refusal below rolls it back).
  const ch = await chequeRow(db(ctx), auth.companyId, id, true);
  if (!ch) throw problems.notFound('Çek');
  mustSee(ctx, ch.direction);
  if (!b) throw problems.invalidField('action', 'İşlem (action) ve tarih (date) zorunludur.', 'REQUIRED');
  await applyStep(db(ctx), auth.companyId, id, b, { createdBy: auth.login }, ch);
  ctx.audit({ action: 'accounting.cheque.step', entity: 'cheque', entityId: id, detail: { action: b.action, date: b.date } });
  return viewOf(ctx, id);
};

const listCheckHistory: Handler = async (ctx) => {
  const c = company(ctx);
  const id = idParam(ctx);
  const ch = await chequeRow(db(ctx), c, id);
  if (!ch) throw problems.notFound('Çek');
  mustSee(ctx, ch.direction);
  const rows = await db(ctx).selectFrom('cheque_events as e')
    .innerJoin('journal_entries as j', (j) => j.onRef('j.company_id', '=', 'e.company_id').onRef('j.id', '=', 'e.entry_id'))
    .leftJoin('bank_accounts as ba', (j) => j.onRef('ba.company_id', '=', 'e.company_id').onRef('ba.id', '=', 'e.bank_account_id'))
    .leftJoin('currents as cr', (j) => j.onRef('cr.company_id', '=', 'e.company_id').onRef('cr.id', '=', 'e.current_id'))
    .select(['e.id', 'e.seq', 'e.action', 'e.from_state', 'e.to_state', 'e.event_date', 'e.bank_account_id', 'ba.name as bank_account_name', 'e.current_id',
      'e.entry_id', 'j.entry_no', 'j.total', 'e.explanation', 'e.created_by', 'e.created_at'])
    .select(sql<string | null>`case when cr.id is null then null else concat_ws(' ', cr.name, cr.last_name) end`.as('current_name'))
    .where('e.company_id', '=', c).where('e.cheque_id', '=', id).orderBy('e.seq').execute();
  return rows.map((e) => ({
    id: e.id, seq: e.seq, action: e.action, actionLabel: ACTION_LABELS[e.action as EventAction], fromState: e.from_state, toState: e.to_state,
    toStateLabel: STATE_LABELS[e.to_state as State], date: e.event_date, bankAccountId: e.bank_account_id, bankAccountName: e.bank_account_name,
    currentId: e.current_id, currentName: e.current_name, entryId: e.entry_id, entryNo: e.entry_no, amountTry: new Decimal(e.total).toNumber(),
    explanation: e.explanation, createdBy: e.created_by, createdAt: new Date(e.created_at).toISOString(),
  }));
};

export const chequeHandlers: Record<string, Handler> = {
  listChecks, getChecksSummary, getCheck, createCheck, updateCheck, deleteCheck, transitionCheck, listCheckHistory,
};
