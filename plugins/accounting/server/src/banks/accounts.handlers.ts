import Decimal from 'decimal.js';
import { sql } from 'kysely';
import { DEFAULT_CURRENCY_ID } from '@tezgah/core';
import { likePattern, pageRequest, pageResult, problems, requireAuth, tables, type Handler, type RequestContext } from '@tezgah/server';
import type { AccountingTables } from '../schema';
import type { LedgerDb } from '../ledger/accounts';
import {
  ACCOUNT_COLUMNS, bankAccountRow, bankAccounts, bankAccountViews, createBankAccount, deleteBankAccount, movements, updateBankAccount,
  type BankAccountInput, type BankAccountRow,
} from './accounts';
import { cleanIban } from './directory';
import { today } from '../ledger/dates';

const db = (ctx: RequestContext): LedgerDb => tables<AccountingTables>(ctx);
const company = (ctx: RequestContext) => requireAuth(ctx).companyId;
const idParam = (ctx: RequestContext) => (ctx.params as { id: number }).id;

async function accountOr404(ctx: RequestContext, id: number): Promise<BankAccountRow> {
  const a = await bankAccountRow(db(ctx), company(ctx), id);
  if (!a) throw problems.notFound('Banka hesabı');
  return a;
}

async function view(ctx: RequestContext, id: number) {
  return (await bankAccountViews(db(ctx), company(ctx), [await accountOr404(ctx, id)]))[0];
}

const listBankAccounts: Handler = async (ctx) => {
  const p = pageRequest(ctx, ['id', 'desc']);
  const q = ctx.query as { search?: string; bankId?: number; accountType?: string; currencyId?: number };
  const c = company(ctx);
  let base = bankAccounts(db(ctx), c);
  if (q.bankId !== undefined) base = base.where('a.bank_id', '=', q.bankId);
  if (q.accountType !== undefined) base = base.where('a.account_type', '=', q.accountType);
  if (q.currencyId !== undefined) base = base.where('a.currency_id', '=', q.currencyId);
  const search = q.search?.trim();
  if (search) {
    const like = likePattern(search);
    base = base.where((eb) => eb.or([eb('a.name', 'ilike', like), eb('b.name', 'ilike', like), eb('a.iban', 'like', `%${cleanIban(search)}%`), eb('a.account_no', '=', search)]));
  }
  const total = Number((await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const cols = { id: sql`a.id`, name: sql`lower(a.name)`, bankName: sql`lower(b.name)` } as const;
  let rows = base.select(ACCOUNT_COLUMNS);
  for (const [f, dir] of p.sort) rows = rows.orderBy(cols[f as keyof typeof cols] ?? sql`a.id`, dir);
  const page = await rows.orderBy('a.id', 'desc').limit(p.size).offset(p.offset).execute();
  return pageResult(ctx, await bankAccountViews(db(ctx), c, page as BankAccountRow[]), total);
};

const getBankAccount: Handler = async (ctx) => view(ctx, idParam(ctx));

const createBankAccountHandler: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const id = await createBankAccount(db(ctx), auth.companyId, ctx.body as BankAccountInput, { today: today(ctx), createdBy: auth.login });
  ctx.audit({ action: 'accounting.bank-account.created', entity: 'bank-account', entityId: id, detail: { name: (ctx.body as BankAccountInput).name } });
  ctx.setStatus(201);
  return view(ctx, id);
};

const updateBankAccountHandler: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const b = ctx.body as BankAccountInput & { id: number };
  await updateBankAccount(db(ctx), auth.companyId, b.id, b, { today: today(ctx), createdBy: auth.login });
  ctx.audit({ action: 'accounting.bank-account.updated', entity: 'bank-account', entityId: b.id });
  return view(ctx, b.id);
};

const deleteBankAccountHandler: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const a = await deleteBankAccount(db(ctx), auth.companyId, idParam(ctx), auth.login);
  ctx.audit({ action: 'accounting.bank-account.deleted', entity: 'bank-account', entityId: a.id, detail: { name: a.name, accountCode: a.account_code } });
  ctx.setStatus(204);
  return null;
};

const num = (v: string | null) => (v === null ? null : new Decimal(v).toNumber());

const listBankAccountMovements: Handler = async (ctx) => {
  const a = await accountOr404(ctx, idParam(ctx));
  const p = pageRequest(ctx, ['date', 'desc']);
  const q = ctx.query as { startDate?: string; endDate?: string };
  const desc = (p.sort[0]?.[1] ?? 'desc') === 'desc';
  const { rows, total } = await movements(db(ctx), company(ctx), a.account_code, q, { limit: p.size, offset: p.offset, desc });
  const foreign = a.currency_id !== DEFAULT_CURRENCY_ID;
  return pageResult(ctx, rows.map((r) => ({
    id: r.id, entryId: r.entry_id, entryNo: r.entry_no, date: r.entry_date, explanation: r.explanation, sourceKind: r.source_kind, sourceId: r.source_id,
    debit: new Decimal(r.debit).toNumber(), credit: new Decimal(r.credit).toNumber(), currencyId: r.currency_id, amountFc: num(r.amount_fc), rate: num(r.rate),
    balance: new Decimal(r.running).toNumber(), balanceFc: foreign ? new Decimal(r.running_fc).toNumber() : null,
  })), total);
};

export const bankAccountHandlers: Record<string, Handler> = {
  listBankAccounts, getBankAccount, createBankAccount: createBankAccountHandler, updateBankAccount: updateBankAccountHandler,
  deleteBankAccount: deleteBankAccountHandler, listBankAccountMovements,
};
