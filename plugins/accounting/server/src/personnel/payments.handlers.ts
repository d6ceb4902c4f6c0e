import Decimal from 'decimal.js';
import { underAccount } from '../ledger/reports';
import { sql } from 'kysely';
import { pageRequest, pageResult, problems, requireAuth, tables, type Handler, type RequestContext } from '@tezgah/server';
import type { AccountingTables } from '../schema';
import type { LedgerDb } from '../ledger/accounts';
import { moneyAccount, type MoneyAccount, type MoneyKind } from '../ledger/money';
import { isDay, money, post, reverse, type PostingLine } from '../ledger/posting';
import { liraRate } from '../banks/rates';
import { advanceAccount, assertAdvanceNotOverDeducted, lockPersonnel, personnelOf, type Personnel } from './accounts';

const db = (ctx: RequestContext): LedgerDb => tables<AccountingTables>(ctx);
const num = (v: string | null): number | null => (v === null ? null : new Decimal(v).toNumber());

export type PaymentType = 'NORMAL' | 'INSTRUCTED';
/** WAGE: the wage (net) owed, debit 335.xxx; ADVANCE: an advance on a later wage, debit 196.xxx. */
export type PaymentPurpose = 'WAGE' | 'ADVANCE';
/** The posting source of a personnel payment. */
export const SOURCE_KIND = 'PERSONNEL_PAYMENT';

export interface PaymentBody {
  personnelId: number;
  amount: number | string;
  currencyId: number;
  date: string;
  account: { accountKind: MoneyKind; accountId: number };
  type?: PaymentType;
  purpose?: PaymentPurpose;
  rate?: number | string | null;
  explanation?: string | null;
}

/** A payment checked and ready to post: everything a row and its entry need. */
interface Plan {
  personnel: Personnel;
  from: MoneyAccount;
  type: PaymentType;
  purpose: PaymentPurpose;
  /** The account debited: the personnel's 335.xxx for a wage, its 196.xxx for an advance. */
  toAccount: string;
  toCurrencyId: number | null;
  date: string;
  amount: Decimal;
  currencyId: number;
  rate: Decimal | null;
  lira: Decimal;
  explanation: string | null;
}

/**
 * The rules of a personnel payment (seeds 000 §5: amount not zero; account, date and currency
 * required): the personnel is a PERSONNEL current of the company; the money leaves a safe or
 * bank account in that account's currency (a foreign-currency payment is turned into lira at
 * the rate given, else the day's TCMB forex buying rate); an instructed (talimatlı) payment is a
 * payment order to the bank, so it leaves a bank account. A WAGE payment pays what the accrual
 * credited to 335.xxx; an ADVANCE (personel avansı) goes to the personnel's 196.xxx (Personel
 * Avansları), opened on its first use, and is deducted from a later wage by an accrual.
 */
async function plan(d: LedgerDb, companyId: number, b: PaymentBody): Promise<Plan> {
  if (!isDay(b.date)) throw problems.invalidField('date', 'Geçerli bir tarih girin (YYYY-AA-GG).', 'DATE');
  const amount = money(b.amount, 'amount');
  if (amount.isZero()) throw problems.invalidField('amount', 'Tutar sıfır olamaz.', 'AMOUNT_ZERO');
  if (amount.isNegative()) throw problems.invalidField('amount', 'Tutar sıfırdan büyük olmalıdır.', 'AMOUNT');
  const type = b.type ?? 'NORMAL';
  const purpose = b.purpose ?? 'WAGE';
  const personnel = await personnelOf(d, companyId, b.personnelId);
  const from = await moneyAccount(d, companyId, b.account.accountKind, b.account.accountId, 'account.accountId');
  if (type === 'INSTRUCTED' && from.kind !== 'BANK_ACCOUNT') {
    throw problems.invalidField('type', 'Talimatlı ödeme bankaya verilen ödeme talimatıdır; yalnızca banka hesabından yapılır.', 'INSTRUCTED_NEEDS_BANK');
  }
  const currency = await d.selectFrom('currencies').select(['id', 'code']).where('id', '=', b.currencyId).executeTakeFirst();
  if (!currency) throw problems.invalidField('currencyId', 'Para birimi bulunamadı.', 'UNKNOWN');
  if (currency.id !== from.currencyId) {
    const own = await d.selectFrom('currencies').select('code').where('id', '=', from.currencyId).executeTakeFirst();
    throw problems.invalidField('currencyId', `Ödeme, seçilen hesabın para biriminde (${own?.code ?? from.currencyId}) yapılır.`, 'CURRENCY_MISMATCH');
  }
  const rate = await liraRate(d, b.date, currency, b.rate, 'rate');
  const lira = rate ? amount.times(rate).toDecimalPlaces(2) : amount;
  if (!lira.gt(0)) throw problems.invalidField('amount', 'Tutar sıfır olamaz.', 'AMOUNT_ZERO');
  const toAccount = purpose === 'ADVANCE' ? await advanceAccount(d, companyId, personnel) : personnel.accountCode;
  const toCurrencyId = purpose === 'ADVANCE' ? null : personnel.currencyId;
  return { personnel, from, type, purpose, toAccount, toCurrencyId, date: b.date, amount, currencyId: currency.id, rate, lira, explanation: b.explanation?.trim() || null };
}

/** Debit the personnel's own account (335.xxx, or 196.xxx for an advance), credit the safe or bank account. */
async function postPlan(d: LedgerDb, auth: { companyId: number; login: string }, id: number, p: Plan) {
  const what = p.purpose === 'ADVANCE' ? 'Personel avansı' : 'Personel ödemesi';
  const text = p.explanation ?? `${what}${p.type === 'INSTRUCTED' ? ' (talimatlı)' : ''}: ${p.personnel.name}`;
  const fc = (currencyId: number | null) => (p.rate && currencyId === p.currencyId ? { currencyId, amountFc: p.amount, rate: p.rate } : {});
  const lines: PostingLine[] = [
    { account: p.toAccount, debit: p.lira, explanation: text, ...fc(p.toCurrencyId) },
    { account: p.from.accountCode, credit: p.lira, explanation: text, ...fc(p.from.currencyId) },
  ];
  return post(d, auth.companyId, { date: p.date, explanation: text, source: { kind: SOURCE_KIND, id }, createdBy: auth.login, lines });
}

const columns = (p: Plan) => ({
  personnel_id: p.personnel.id, payment_type: p.type, purpose: p.purpose, payment_date: p.date, amount: p.amount.toFixed(2), currency_id: p.currencyId,
  rate: p.rate?.toString() ?? null, lira_amount: p.lira.toFixed(2), money_kind: p.from.kind, money_id: p.from.id, money_account_code: p.from.accountCode,
  explanation: p.explanation,
});

/** Records a payment and posts it; its id. */
export async function recordPayment(d: LedgerDb, auth: { companyId: number; login: string }, b: PaymentBody): Promise<number> {
  const p = await plan(d, auth.companyId, b);
  const id = Number((await sql<{ id: string }>`select nextval('personnel_payments_id_seq')::text as id`.execute(d)).rows[0]!.id);
  const posted = await postPlan(d, auth, id, p);
  await d.insertInto('personnel_payments').values({ company_id: auth.companyId, id, ...columns(p), entry_id: posted.id, created_by: auth.login }).execute();
  return id;
}

interface PaymentRow {
  id: number; personnel_id: number; personnel_name: string; personnel_last_name: string | null; payment_type: PaymentType; purpose: PaymentPurpose; payment_date: string;
  amount: string; currency_id: number; currency_code: string; rate: string | null; lira_amount: string; money_kind: MoneyKind; money_id: number;
  money_account_code: string; account_name: string; explanation: string | null; entry_id: number; entry_no: number; created_by: string | null;
  created_at: Date | string; updated_by: string | null; updated_at: Date | string | null;
}

function payments(d: LedgerDb, companyId: number) {
  return d.selectFrom('personnel_payments as p')
    .innerJoin('currents as c', (j) => j.onRef('c.company_id', '=', 'p.company_id').onRef('c.id', '=', 'p.personnel_id'))
    .innerJoin('currencies as cu', 'cu.id', 'p.currency_id')
    .innerJoin('journal_entries as e', (j) => j.onRef('e.company_id', '=', 'p.company_id').onRef('e.id', '=', 'p.entry_id'))
    .innerJoin('ledger_accounts as a', (j) => j.onRef('a.company_id', '=', 'p.company_id').onRef('a.code', '=', 'p.money_account_code'))
    .select([
      'p.id', 'p.personnel_id', 'c.name as personnel_name', 'c.last_name as personnel_last_name', 'p.payment_type', 'p.purpose', 'p.payment_date', 'p.amount',
      'p.currency_id', 'cu.code as currency_code', 'p.rate', 'p.lira_amount', 'p.money_kind', 'p.money_id', 'p.money_account_code', 'a.name as account_name',
      'p.explanation', 'p.entry_id', 'e.entry_no', 'p.created_by', 'p.created_at', 'p.updated_by', 'p.updated_at',
    ])
    .where('p.company_id', '=', companyId)
    .where('p.cancelled_at', 'is', null);
}

const view = (r: PaymentRow) => ({
  id: Number(r.id), personnelId: Number(r.personnel_id), personnelName: r.personnel_last_name ? `${r.personnel_name} ${r.personnel_last_name}` : r.personnel_name,
  type: r.payment_type, purpose: r.purpose, date: r.payment_date, amount: num(r.amount)!, currencyId: r.currency_id, currencyCode: r.currency_code, rate: num(r.rate),
  liraAmount: num(r.lira_amount)!, account: { accountKind: r.money_kind, accountId: Number(r.money_id), name: r.account_name, accountCode: r.money_account_code },
  explanation: r.explanation, entryId: Number(r.entry_id), entryNo: r.entry_no, createdBy: r.created_by, createdDate: new Date(r.created_at).toISOString(),
  updatedBy: r.updated_by, updatedDate: r.updated_at === null ? null : new Date(r.updated_at).toISOString(),
});

async function paymentOr404(ctx: RequestContext, id: number) {
  const r = await payments(db(ctx), requireAuth(ctx).companyId).where('p.id', '=', id).executeTakeFirst();
  if (!r) throw problems.notFound('Personel ödemesi');
  return view(r as PaymentRow);
}

async function lockedRow(d: LedgerDb, companyId: number, id: number) {
  const row = await d.selectFrom('personnel_payments').selectAll().where('company_id', '=', companyId).where('id', '=', id)
    .where('cancelled_at', 'is', null).forUpdate().executeTakeFirst();
  if (!row) throw problems.notFound('Personel ödemesi');
  return row;
}

const listPayments: Handler = async (ctx) => {
  const c = requireAuth(ctx).companyId;
  const p = pageRequest(ctx, ['date', 'desc']);
  const q = ctx.query as { personnelId?: number; type?: PaymentType; purpose?: PaymentPurpose; accountKind?: MoneyKind; accountId?: number; startDate?: string; endDate?: string };
  let base = payments(db(ctx), c);
  let count = db(ctx).selectFrom('personnel_payments as p').where('p.company_id', '=', c).where('p.cancelled_at', 'is', null);
  const filters: ((qb: any) => any)[] = [];
  if (q.personnelId) filters.push((qb) => qb.where('p.personnel_id', '=', q.personnelId));
  if (q.type) filters.push((qb) => qb.where('p.payment_type', '=', q.type));
  if (q.purpose) filters.push((qb) => qb.where('p.purpose', '=', q.purpose));
  if (q.accountKind) filters.push((qb) => qb.where('p.money_kind', '=', q.accountKind));
  if (q.accountId) filters.push((qb) => qb.where('p.money_id', '=', q.accountId));
  if (q.startDate) filters.push((qb) => qb.where('p.payment_date', '>=', q.startDate));
  if (q.endDate) filters.push((qb) => qb.where('p.payment_date', '<=', q.endDate));
  for (const f of filters) { base = f(base); count = f(count); }
  const cols = { id: 'p.id', date: 'p.payment_date', amount: 'p.lira_amount' } as const;
  for (const [f, dir] of p.sort) base = base.orderBy(cols[f as keyof typeof cols], dir);
  const [rows, total] = await Promise.all([
    base.orderBy('p.id', 'desc').limit(p.size).offset(p.offset).execute(),
    count.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return pageResult(ctx, (rows as PaymentRow[]).map(view), Number(total.n));
};

const getPayment: Handler = async (ctx) => paymentOr404(ctx, (ctx.params as { id: number }).id);

const createPayment: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const id = await recordPayment(db(ctx), auth, ctx.body as PaymentBody);
  ctx.audit({ action: 'accounting.personnelPayment.created', entity: 'personnelPayment', entityId: id });
  ctx.setStatus(201);
  return paymentOr404(ctx, id);
};

/** A change: the old entry is reversed (dated like it) and the payment posted anew. */
const updatePayment: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const d = db(ctx);
  const b = ctx.body as PaymentBody & { id: number };
  const row = await lockedRow(d, auth.companyId, b.id);
  if (row.purpose === 'ADVANCE') await lockPersonnel(d, auth.companyId, Number(row.personnel_id));
  const next = await plan(d, auth.companyId, b);
  const cols = columns(next);
  const same = (Object.keys(cols) as (keyof typeof cols)[]).every((k) => {
    const was = row[k as keyof typeof row] as unknown;
    const now = cols[k] as unknown;
    if (k === 'amount' || k === 'lira_amount' || k === 'rate') return was === null || now === null ? was === now : new Decimal(String(was)).eq(String(now));
    return String(was) === String(now);
  });
  if (same) throw problems.badRequest('You made no changes!', [{ field: 'amount', message: 'You made no changes!', code: 'NO_CHANGES' }]);
  const reversed = await reverse(d, auth.companyId, row.entry_id, { createdBy: auth.login });
  const posted = await postPlan(d, auth, Number(row.id), next);
  await checkAdvance(d, auth.companyId, row.purpose, reversed.id);
  await d.updateTable('personnel_payments').set({ ...cols, entry_id: posted.id, updated_by: auth.login, updated_at: sql<Date>`now()` as unknown as Date })
    .where('company_id', '=', auth.companyId).where('id', '=', row.id).execute();
  ctx.audit({ action: 'accounting.personnelPayment.updated', entity: 'personnelPayment', entityId: Number(row.id), detail: { previousEntryId: row.entry_id, entryId: posted.id } });
  return paymentOr404(ctx, Number(row.id));
};

/**
 * An advance payment reversed (changed or deleted) takes its debit back from its 196.xxx: refused
 * when an accrual deducted that advance already (the account would go below zero).
 */
async function checkAdvance(d: LedgerDb, companyId: number, purpose: PaymentPurpose, reversalId: number) {
  if (purpose !== 'ADVANCE') return;
  const line = await d.selectFrom('journal_lines').select('account_code').where('company_id', '=', companyId).where('entry_id', '=', reversalId)
    .where('credit', '>', '0').where('account_code', 'like', '196.%').executeTakeFirst();
  if (line) await assertAdvanceNotOverDeducted(d, companyId, line.account_code);
}

/** Deleting reverses the entry and keeps the payment as cancelled. */
const deletePayment: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const d = db(ctx);
  const row = await lockedRow(d, auth.companyId, (ctx.params as { id: number }).id);
  if (row.purpose === 'ADVANCE') await lockPersonnel(d, auth.companyId, Number(row.personnel_id));
  const reversal = await reverse(d, auth.companyId, row.entry_id, { createdBy: auth.login });
  await checkAdvance(d, auth.companyId, row.purpose, reversal.id);
  await d.updateTable('personnel_payments').set({ reversal_entry_id: reversal.id, cancelled_at: sql<Date>`now()` as unknown as Date, cancelled_by: auth.login })
    .where('company_id', '=', auth.companyId).where('id', '=', row.id).execute();
  ctx.audit({ action: 'accounting.personnelPayment.deleted', entity: 'personnelPayment', entityId: Number(row.id), detail: { reversalEntryId: reversal.id } });
  ctx.setStatus(204);
  return null;
};

/**
 * A personnel's statement from the ledger: the lines of its own sub-accounts (335.001 …) in a
 * period with the balance before it and after each line (debit minus credit: below zero the
 * company owes the personnel, above zero the personnel owes the company, e.g. an advance).
 */
const getPersonnelStatement: Handler = async (ctx) => {
  const c = requireAuth(ctx).companyId;
  const d = db(ctx);
  const q = ctx.query as { personnelId: number; startDate?: string; endDate?: string };
  if (q.startDate && !isDay(q.startDate)) throw problems.invalidField('startDate', 'Geçerli bir başlangıç tarihi girin.', 'DATE');
  if (q.endDate && !isDay(q.endDate)) throw problems.invalidField('endDate', 'Geçerli bir bitiş tarihi girin.', 'DATE');
  if (q.startDate && q.endDate && q.endDate < q.startDate) throw problems.invalidField('endDate', 'Bitiş tarihi başlangıçtan önce olamaz.', 'DATE_RANGE');
  const person = await d.selectFrom('currents').select(['id', 'type', 'name', 'last_name', 'currency_id']).where('company_id', '=', c).where('id', '=', q.personnelId).executeTakeFirst();
  if (!person || person.type !== 'PERSONNEL') throw problems.notFound('Personel');
  // Only reads (a GET may run outside a transaction): the accounts the personnel already has.
  const accounts = (await d.selectFrom('ledger_accounts').select('code').where('company_id', '=', c).where('owner_kind', '=', 'CURRENT')
    .where('owner_id', '=', Number(person.id)).orderBy('code').execute()).map((a) => a.code);
  const start = q.startDate ?? '0001-01-01';
  const end = q.endDate ?? '9999-12-31';
  let opening = new Decimal(0);
  let lines: { entry_id: number; entry_no: number; entry_date: string; account_code: string; explanation: string; debit: string; credit: string; source_kind: string; source_id: string }[] = [];
  if (accounts.length) {
    const under = sql`(${sql.join(accounts.map((a) => underAccount('l.account_code', a)), sql` or `)})`;
    const o = await sql<{ b: string }>`select coalesce(sum(l.debit - l.credit), 0)::text as b from journal_lines l
      where l.company_id = ${c} and ${under} and l.entry_date < ${start}`.execute(d);
    opening = new Decimal(o.rows[0]?.b ?? 0);
    lines = (await sql<typeof lines[number]>`
      select l.entry_id, e.entry_no, l.entry_date, l.account_code, coalesce(l.explanation, e.explanation) as explanation, l.debit::text as debit,
             l.credit::text as credit, e.source_kind, e.source_id
        from journal_lines l join journal_entries e on e.company_id = l.company_id and e.id = l.entry_id
       where l.company_id = ${c} and ${under} and l.entry_date between ${start} and ${end}
       order by l.entry_date, e.entry_no, l.id`.execute(d)).rows;
  }
  let running = opening;
  let debit = new Decimal(0);
  let credit = new Decimal(0);
  const out = lines.map((l) => {
    running = running.plus(l.debit).minus(l.credit);
    debit = debit.plus(l.debit);
    credit = credit.plus(l.credit);
    return {
      entryId: Number(l.entry_id), entryNo: l.entry_no, date: l.entry_date, account: l.account_code, explanation: l.explanation,
      debit: new Decimal(l.debit).toNumber(), credit: new Decimal(l.credit).toNumber(), balance: running.toNumber(), sourceKind: l.source_kind, sourceId: l.source_id,
    };
  });
  return {
    personnelId: Number(person.id), name: person.last_name ? `${person.name} ${person.last_name}` : person.name, currencyId: person.currency_id,
    accounts, startDate: q.startDate ?? null, endDate: q.endDate ?? null, openingBalance: opening.toNumber(), totalDebit: debit.toNumber(),
    totalCredit: credit.toNumber(), closingBalance: running.toNumber(), lines: out,
  };
};

export const paymentHandlers: Record<string, Handler> = {
  listPayments, getPayment, createPayment, updatePayment, deletePayment, getPersonnelStatement,
};
