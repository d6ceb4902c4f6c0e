import Decimal from 'decimal.js';
import { sql } from 'kysely';
import { pageRequest, pageResult, problems, requireAuth, tables, type Handler, type RequestContext } from '@tezgah/server';
import type { AccountingTables } from '../schema';
import { accountsByCode, type LedgerDb } from '../ledger/accounts';
import { isDay, post, reverse, type PostingLine } from '../ledger/posting';
import { DEFAULT_CURRENCY_ID } from '@tezgah/core';
import { advanceAccount, existingAdvanceAccount, lockPersonnel, openAdvance, personnelOf, type Personnel } from './accounts';

const db = (ctx: RequestContext): LedgerDb => tables<AccountingTables>(ctx);

/** The posting source of a payroll accrual (bordro tahakkuku). */
export const ACCRUAL_SOURCE_KIND = 'PAYROLL_ACCRUAL';
/** Ödenecek Vergi ve Fonlar: the income tax withheld (GVK 94) and the stamp tax (Damga Vergisi Kanunu). */
export const TAXES_PAYABLE = '360';
/** Ödenecek Sosyal Güvenlik Kesintileri: the SGK and unemployment premiums (5510 sayılı Kanun, 4447 sayılı Kanun). */
export const SOCIAL_SECURITY_PAYABLE = '361';
/**
 * The expense accounts a wage is booked to (Tekdüzen 7/A: the personnel's cost centre): direct
 * labour, production overheads, service cost, R&D, marketing and sales, general administration.
 */
export const WAGE_EXPENSE_ACCOUNTS = ['720', '730', '740', '750', '760', '770'] as const;
export const DEFAULT_WAGE_EXPENSE = '770';

/** The payroll's figures, as the API takes them (lira, two decimals, none below zero). */
const AMOUNT_FIELDS = ['gross', 'workerSgk', 'workerUnemployment', 'employerSgk', 'employerUnemployment', 'incomeTax', 'stampTax', 'advanceDeduction'] as const;
type AmountField = typeof AMOUNT_FIELDS[number];

export interface AccrualBody extends Partial<Record<AmountField, number | string>> {
  personnelId: number;
  period: string;
  date?: string | null;
  expenseAccount?: string | null;
  gross: number | string;
  explanation?: string | null;
}

interface Plan {
  personnel: Personnel;
  period: string;
  date: string;
  expenseAccount: string;
  amounts: Record<AmountField, Decimal>;
  net: Decimal;
  /** Gross plus the employer's SGK and unemployment shares: the wage expense. */
  cost: Decimal;
  advanceAccount: string | null;
  explanation: string | null;
}

const MONTHS = ['Ocak', 'Şubat', 'Mart', 'Nisan', 'Mayıs', 'Haziran', 'Temmuz', 'Ağustos', 'Eylül', 'Ekim', 'Kasım', 'Aralık'];
/** "2026-05" in words: "Mayıs 2026". */
const periodText = (period: string) => `${MONTHS[Number(period.slice(5, 7)) - 1]} ${period.slice(0, 4)}`;

/** The last day of a YYYY-MM month, YYYY-MM-DD. */
export function lastDayOf(period: string): string {
  const y = Number(period.slice(0, 4));
  const m = Number(period.slice(5, 7));
  return `${period}-${String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, '0')}`;
}

/** An amount of the payroll: a decimal with at most two places, not below zero; or why not. */
function amountOf(v: number | string | undefined, required: boolean): Decimal | { message: string; code: string } {
  if (v === undefined || v === null || v === '') return required ? { message: 'Tutar zorunludur.', code: 'REQUIRED' } : new Decimal(0);
  let d: Decimal;
  try {
    d = new Decimal(typeof v === 'number' ? String(v) : String(v).trim());
  } catch {
    return { message: 'Geçerli bir tutar girin.', code: 'AMOUNT' };
  }
  if (!d.isFinite() || d.decimalPlaces() > 2) return { message: 'Tutar en fazla iki ondalık basamak taşır.', code: 'AMOUNT' };
  if (d.isNegative()) return { message: 'Tutar sıfırdan küçük olamaz.', code: 'AMOUNT' };
  if (d.gte('1e15')) return { message: 'Tutar çok büyük.', code: 'AMOUNT' };
  return d;
}

/**
 * The rules of an accrual. The figures are the payroll's (the SGK and tax computation is the
 * payroll program's, not ours): each is a lira amount with two decimals, none below zero, the
 * gross above zero, and what the personnel is owed (net = gross − worker SGK − worker
 * unemployment − income tax − stamp tax − advances deducted) above zero. The period is a month
 * (YYYY-MM); the entry is dated the month's last day unless a date in or after the month is
 * given. The expense account is one of 720 … 770 (or a sub-account of one) that takes postings.
 * The advances deducted may not exceed the personnel's open advances (196.xxx's debit balance).
 */
async function plan(d: LedgerDb, companyId: number, b: AccrualBody): Promise<Plan> {
  if (typeof b.period !== 'string' || !/^[0-9]{4}-(0[1-9]|1[0-2])$/.test(b.period)) {
    throw problems.invalidField('period', 'Dönemi YYYY-AA biçiminde girin (ör. 2026-05).', 'PERIOD');
  }
  const date = b.date || lastDayOf(b.period);
  if (!isDay(date)) throw problems.invalidField('date', 'Geçerli bir tarih girin (YYYY-AA-GG).', 'DATE');
  if (date < `${b.period}-01`) throw problems.invalidField('date', 'Tahakkuk tarihi bordro döneminden önce olamaz.', 'DATE_BEFORE_PERIOD');

  const errors: { field: string; message: string; code: string }[] = [];
  const amounts = {} as Record<AmountField, Decimal>;
  for (const f of AMOUNT_FIELDS) {
    const a = amountOf(b[f], f === 'gross');
    if (a instanceof Decimal) amounts[f] = a;
    else errors.push({ field: f, ...a });
  }
  if (!errors.length && !amounts.gross.gt(0)) errors.push({ field: 'gross', message: 'Brüt ücret sıfırdan büyük olmalıdır.', code: 'GROSS_ZERO' });
  if (errors.length) throw problems.badRequest(errors[0]!.message, errors);
  const net = amounts.gross.minus(amounts.workerSgk).minus(amounts.workerUnemployment).minus(amounts.incomeTax).minus(amounts.stampTax).minus(amounts.advanceDeduction);
  if (!net.gt(0)) {
    throw problems.invalidField('net', `Kesintiler brüt ücreti aşıyor: net ücret ${net.toFixed(2)} TL olur; net ücret sıfırdan büyük olmalıdır.`, 'NET_NOT_POSITIVE');
  }
  const cost = amounts.gross.plus(amounts.employerSgk).plus(amounts.employerUnemployment);

  const personnel = await personnelOf(d, companyId, b.personnelId);
  if (personnel.currencyId !== DEFAULT_CURRENCY_ID) {
    throw problems.invalidField('personnelId', 'Bordro tahakkuku TL cinsinden tutulan personel hesabına yapılır.', 'PERSONNEL_CURRENCY');
  }

  const expenseAccount = (b.expenseAccount ?? '').trim() || DEFAULT_WAGE_EXPENSE;
  if (!WAGE_EXPENSE_ACCOUNTS.some((c) => expenseAccount === c || expenseAccount.startsWith(`${c}.`))) {
    throw problems.invalidField('expenseAccount', 'Gider hesabı 720, 730, 740, 750, 760 ya da 770 (veya bunların alt hesabı) olmalıdır.', 'EXPENSE_ACCOUNT');
  }
  const account = (await accountsByCode(d, companyId, [expenseAccount])).get(expenseAccount);
  if (!account || !account.active) throw problems.invalidField('expenseAccount', `${expenseAccount} hesabı hesap planında yok.`, 'ACCOUNT_NOT_FOUND');
  if (account.header || !account.postable) {
    throw problems.invalidField('expenseAccount', `${account.code} ${account.name} bir başlık hesabıdır; alt hesaplarından birini seçin.`, 'HEADER_ACCOUNT');
  }

  return {
    personnel, period: b.period, date, expenseAccount, amounts, net, cost, advanceAccount: null,
    explanation: b.explanation?.trim() || null,
  };
}

/** The accrual's entry: Dr wage expense / Cr 335.xxx net, 360 taxes, 361 premiums, 196.xxx advances. */
function lines(p: Plan): PostingLine[] {
  const a = p.amounts;
  const taxes = a.incomeTax.plus(a.stampTax);
  const premiums = a.workerSgk.plus(a.workerUnemployment).plus(a.employerSgk).plus(a.employerUnemployment);
  const out: PostingLine[] = [
    { account: p.expenseAccount, debit: p.cost, explanation: 'Brüt ücret, SGK ve işsizlik sigortası işveren payları' },
    { account: p.personnel.accountCode, credit: p.net, explanation: 'Net ücret' },
  ];
  if (taxes.gt(0)) out.push({ account: TAXES_PAYABLE, credit: taxes, explanation: 'Gelir vergisi stopajı ve damga vergisi' });
  if (premiums.gt(0)) out.push({ account: SOCIAL_SECURITY_PAYABLE, credit: premiums, explanation: 'SGK ve işsizlik sigortası primleri (işçi ve işveren payları)' });
  if (a.advanceDeduction.gt(0)) out.push({ account: p.advanceAccount!, credit: a.advanceDeduction, explanation: 'Ücretten düşülen avans' });
  return out;
}

/**
 * Records an accrual and posts it; its id. Under the personnel's lock: one live accrual per
 * personnel and month (409 ACCRUAL_EXISTS), the advances deducted within the open ones (409
 * ADVANCE_EXCEEDED).
 */
export async function recordAccrual(d: LedgerDb, auth: { companyId: number; login: string }, b: AccrualBody): Promise<number> {
  const p = await plan(d, auth.companyId, b);
  await lockPersonnel(d, auth.companyId, p.personnel.id);
  const live = await d.selectFrom('payroll_accruals').select('id').where('company_id', '=', auth.companyId).where('personnel_id', '=', p.personnel.id)
    .where('period', '=', p.period).where('cancelled_at', 'is', null).executeTakeFirst();
  if (live) {
    throw problems.conflict(`${p.personnel.name} için ${periodText(p.period)} bordrosu zaten tahakkuk ettirilmiş; önce o tahakkuku iptal edin.`, 'ACCRUAL_EXISTS', 'period');
  }
  if (p.amounts.advanceDeduction.gt(0)) {
    const code = await existingAdvanceAccount(d, auth.companyId, p.personnel.id);
    const open = await openAdvance(d, auth.companyId, code);
    if (p.amounts.advanceDeduction.gt(open)) {
      throw problems.conflict(`Düşülen avans (${p.amounts.advanceDeduction.toFixed(2)} TL) personelin açık avansını (${open.toFixed(2)} TL) aşıyor.`, 'ADVANCE_EXCEEDED', 'advanceDeduction');
    }
    p.advanceAccount = code ?? await advanceAccount(d, auth.companyId, p.personnel);
  }
  const id = Number((await sql<{ id: string }>`select nextval('payroll_accruals_id_seq')::text as id`.execute(d)).rows[0]!.id);
  const text = p.explanation ?? `${periodText(p.period)} ücret tahakkuku: ${p.personnel.name}`;
  const posted = await post(d, auth.companyId, { date: p.date, explanation: text, source: { kind: ACCRUAL_SOURCE_KIND, id }, createdBy: auth.login, lines: lines(p) });
  const a = p.amounts;
  await d.insertInto('payroll_accruals').values({
    company_id: auth.companyId, id, personnel_id: p.personnel.id, period: p.period, accrual_date: p.date, expense_account: p.expenseAccount,
    gross: a.gross.toFixed(2), worker_sgk: a.workerSgk.toFixed(2), worker_unemployment: a.workerUnemployment.toFixed(2), employer_sgk: a.employerSgk.toFixed(2),
    employer_unemployment: a.employerUnemployment.toFixed(2), income_tax: a.incomeTax.toFixed(2), stamp_tax: a.stampTax.toFixed(2),
    advance_deduction: a.advanceDeduction.toFixed(2), net: p.net.toFixed(2), personnel_account_code: p.personnel.accountCode,
    advance_account_code: p.advanceAccount, explanation: p.explanation, entry_id: posted.id, created_by: auth.login,
  }).execute();
  return id;
}

interface AccrualRow {
  id: number; personnel_id: number; personnel_name: string; personnel_last_name: string | null; period: string; accrual_date: string;
  expense_account: string; gross: string; worker_sgk: string; worker_unemployment: string; employer_sgk: string; employer_unemployment: string;
  income_tax: string; stamp_tax: string; advance_deduction: string; net: string; personnel_account_code: string; advance_account_code: string | null;
  explanation: string | null; entry_id: number; entry_no: number; created_by: string | null; created_at: Date | string;
}

function accruals(d: LedgerDb, companyId: number) {
  return d.selectFrom('payroll_accruals as p')
    .innerJoin('currents as c', (j) => j.onRef('c.company_id', '=', 'p.company_id').onRef('c.id', '=', 'p.personnel_id'))
    .innerJoin('journal_entries as e', (j) => j.onRef('e.company_id', '=', 'p.company_id').onRef('e.id', '=', 'p.entry_id'))
    .select([
      'p.id', 'p.personnel_id', 'c.name as personnel_name', 'c.last_name as personnel_last_name', 'p.period', 'p.accrual_date', 'p.expense_account',
      'p.gross', 'p.worker_sgk', 'p.worker_unemployment', 'p.employer_sgk', 'p.employer_unemployment', 'p.income_tax', 'p.stamp_tax',
      'p.advance_deduction', 'p.net', 'p.personnel_account_code', 'p.advance_account_code', 'p.explanation', 'p.entry_id', 'e.entry_no',
      'p.created_by', 'p.created_at',
    ])
    .where('p.company_id', '=', companyId)
    .where('p.cancelled_at', 'is', null);
}

const n = (v: string) => new Decimal(v).toNumber();
const view = (r: AccrualRow) => {
  const cost = new Decimal(r.gross).plus(r.employer_sgk).plus(r.employer_unemployment);
  return {
    id: Number(r.id), personnelId: Number(r.personnel_id), personnelName: r.personnel_last_name ? `${r.personnel_name} ${r.personnel_last_name}` : r.personnel_name,
    period: r.period, date: r.accrual_date, expenseAccount: r.expense_account, gross: n(r.gross), workerSgk: n(r.worker_sgk),
    workerUnemployment: n(r.worker_unemployment), employerSgk: n(r.employer_sgk), employerUnemployment: n(r.employer_unemployment),
    incomeTax: n(r.income_tax), stampTax: n(r.stamp_tax), advanceDeduction: n(r.advance_deduction), net: n(r.net), employerCost: cost.toNumber(),
    personnelAccount: r.personnel_account_code, advanceAccount: r.advance_account_code, explanation: r.explanation,
    entryId: Number(r.entry_id), entryNo: r.entry_no, createdBy: r.created_by, createdDate: new Date(r.created_at).toISOString(),
  };
};

async function accrualOr404(ctx: RequestContext, id: number) {
  const r = await accruals(db(ctx), requireAuth(ctx).companyId).where('p.id', '=', id).executeTakeFirst();
  if (!r) throw problems.notFound('Bordro tahakkuku');
  return view(r as AccrualRow);
}

const listPayrollAccruals: Handler = async (ctx) => {
  const c = requireAuth(ctx).companyId;
  const p = pageRequest(ctx, ['date', 'desc']);
  const q = ctx.query as { personnelId?: number; period?: string };
  let base = accruals(db(ctx), c);
  let count = db(ctx).selectFrom('payroll_accruals as p').where('p.company_id', '=', c).where('p.cancelled_at', 'is', null);
  const filters: ((qb: any) => any)[] = [];
  if (q.personnelId) filters.push((qb) => qb.where('p.personnel_id', '=', q.personnelId));
  if (q.period) filters.push((qb) => qb.where('p.period', '=', q.period));
  for (const f of filters) { base = f(base); count = f(count); }
  const cols = { id: 'p.id', date: 'p.accrual_date', period: 'p.period', net: 'p.net' } as const;
  for (const [f, dir] of p.sort) base = base.orderBy(cols[f as keyof typeof cols], dir);
  const [rows, total] = await Promise.all([
    base.orderBy('p.id', 'desc').limit(p.size).offset(p.offset).execute(),
    count.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return pageResult(ctx, (rows as AccrualRow[]).map(view), Number(total.n));
};

const getPayrollAccrual: Handler = async (ctx) => accrualOr404(ctx, (ctx.params as { id: number }).id);

const createPayrollAccrual: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const id = await recordAccrual(db(ctx), auth, ctx.body as AccrualBody);
  ctx.audit({ action: 'accounting.payrollAccrual.created', entity: 'payrollAccrual', entityId: id });
  ctx.setStatus(201);
  return accrualOr404(ctx, id);
};

/**
 * Cancelling reverses the entry (dated like it: a locked period refuses) and keeps the accrual as
 * cancelled; the advances it deducted are open again, and the month may be accrued anew.
 */
const deletePayrollAccrual: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const d = db(ctx);
  const row = await d.selectFrom('payroll_accruals').selectAll().where('company_id', '=', auth.companyId).where('id', '=', (ctx.params as { id: number }).id)
    .where('cancelled_at', 'is', null).forUpdate().executeTakeFirst();
  if (!row) throw problems.notFound('Bordro tahakkuku');
  const reversal = await reverse(d, auth.companyId, row.entry_id, { createdBy: auth.login });
  await d.updateTable('payroll_accruals').set({ reversal_entry_id: reversal.id, cancelled_at: sql<Date>`now()` as unknown as Date, cancelled_by: auth.login })
    .where('company_id', '=', auth.companyId).where('id', '=', row.id).execute();
  ctx.audit({ action: 'accounting.payrollAccrual.deleted', entity: 'payrollAccrual', entityId: Number(row.id), detail: { reversalEntryId: reversal.id } });
  ctx.setStatus(204);
  return null;
};

export const accrualHandlers: Record<string, Handler> = {
  listPayrollAccruals, getPayrollAccrual, createPayrollAccrual, deletePayrollAccrual,
};
