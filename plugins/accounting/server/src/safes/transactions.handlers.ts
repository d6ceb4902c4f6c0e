import Decimal from 'decimal.js';
import { sql } from 'kysely';
import { pageRequest, pageResult, problems, requireAuth, tables, type Handler, type RequestContext } from '@tezgah/server';
import { DEFAULT_CURRENCY_ID } from '@tezgah/core';
import type { AccountingTables } from '../schema';
import { ACCOUNT_JSON, accountOf, type LedgerDb } from '../ledger/accounts';
import { balances, currentAccount, currentAccountRow, moneyAccount, openCurrentAccount, type CurrentAccountRow, type MoneyAccount, type MoneyKind } from '../ledger/money';
import { isDay, money, post, reverse, type PostingLine } from '../ledger/posting';
import { liraRate } from '../banks/rates';

const db = (ctx: RequestContext): LedgerDb => tables<AccountingTables>(ctx);
const company = (ctx: RequestContext) => requireAuth(ctx).companyId;
const num = (v: string | null): number | null => (v === null ? null : new Decimal(v).toNumber());

type Ref = { kind: MoneyKind; id: number };
export type TransactionBody = {
  type: 'TRANSFER' | 'COLLECTION' | 'PAYMENT'; kind?: 'PAYMENT' | 'DUE' | 'CAPITAL' | 'UNPAID_CAPITAL'; date: string; amount: number | string;
  from?: Ref; to?: Ref; currentId?: number; rate?: number | string; toRate?: number | string; explanation?: string | null;
};

const TYPE_TEXT = { TRANSFER: 'Virman', COLLECTION: 'Tahsilat', PAYMENT: 'Ödeme' } as const;

/**
 * The current's line of a collection or payment: lira and, when the money is in the current's own
 * foreign currency (a dollar customer paying dollars), that amount too, so its balance in that
 * currency goes down with it.
 */
function currentSide(current: { accountCode: string; currencyId: number }, currencyId: number, lira: Decimal, own: Decimal, rate: Decimal, dir: 'debit' | 'credit', explanation: string): PostingLine {
  const fc = currencyId !== DEFAULT_CURRENCY_ID && current.currencyId === currencyId;
  return { account: current.accountCode, [dir]: lira, explanation, ...(fc ? { currencyId, amountFc: own, rate } : {}) };
}

/** One side's line: lira and, for a foreign-currency account, its own amount and rate. */
function side(account: MoneyAccount, lira: Decimal, own: Decimal, rate: Decimal, dir: 'debit' | 'credit', explanation: string): PostingLine {
  return {
    account: account.accountCode, [dir]: lira, explanation,
    ...(account.currencyId === 1 ? {} : { currencyId: account.currencyId, amountFc: own, rate }),
  };
}

/**
 * Records and posts a transaction. A transfer debits the receiving account and credits the giving
 * one; when their currencies differ the amount (in the giving account's currency) is turned into
 * lira at `rate` (or the day's TCMB rate) and the receiving side gets lira / `toRate`. A collection
 * debits the money account and credits the current's own account; a payment the other way round.
 */
/** A 409 when a safe's balance (in its own currency) is below zero after a posting. */
export async function assertCashLeft(d: LedgerDb, companyId: number, safe: MoneyAccount) {
  const b = (await balances(d, companyId, [safe.accountCode])).get(safe.accountCode);
  const left = safe.currencyId === 1 ? b?.lira : b?.fc;
  if (left && left.isNegative()) {
    throw problems.conflict(`Kasa bakiyesi yetersiz: bu işlemle ${safe.name} kasası ${left.toFixed(2)} bakiyeye düşer.`, 'INSUFFICIENT_CASH', 'amount');
  }
}

/** A safe or bank account a transaction names, as `parties` reads it. */
interface PartyRow { id: number; name: string; account_code: string; currency_id: number; code: string; ledger_name: string | null; ledger_code: string | null }

/**
 * What a transaction names, in ONE statement: the current with its ledger account, the giving and
 * the receiving safe or bank account (each with its currency's code and its ledger account's
 * name), the ledger accounts the entry may post to (checked again by the posting function), and
 * the transaction's id (`nextval`: the entry's source names it before the row is written).
 */
async function parties(d: LedgerDb, companyId: number, b: TransactionBody) {
  const c = companyId;
  const ref = (r: Ref | undefined) => {
    if (!r) return sql`null::json`;
    const table = r.kind === 'SAFE' ? sql.table('safes') : sql.table('bank_accounts');
    return sql`(select json_build_object('id', m.id, 'name', m.name, 'account_code', m.account_code, 'currency_id', m.currency_id,
        'code', (select code from currencies where id = m.currency_id),
        'ledger_name', a.name, 'ledger_code', a.code)
      from ${table} m left join lateral (select name, code from ledger_accounts
             where company_id = m.company_id and owner_kind = ${r.kind} and owner_id = m.id limit 1) a on true
     where m.company_id = ${c} and m.id = ${r.id})`;
  };
  const refs = [b.from, b.to].filter((r): r is Ref => !!r);
  const r = (await sql<{ id: string; current: CurrentAccountRow | null; from: PartyRow | null; to: PartyRow | null; accounts: Parameters<typeof accountOf>[0][] }>`
    select nextval('money_transactions_id_seq')::text as id,
           ${b.currentId !== undefined ? sql`(select row_to_json(x) from (${currentAccountRow(c, b.currentId)}) x)` : sql`null::json`} as current,
           ${ref(b.from)} as "from", ${ref(b.to)} as "to",
           (select coalesce(json_agg(${ACCOUNT_JSON}), '[]'::json)
              from ledger_accounts a
             where a.company_id = ${c} and a.code in (
                   select code from ledger_accounts where company_id = ${c} and owner_kind = 'CURRENT' and owner_id = ${b.currentId ?? null}::bigint
                   ${refs.length ? sql.join(refs.map((x) => sql`union all select account_code from ${x.kind === 'SAFE' ? sql.table('safes') : sql.table('bank_accounts')} where company_id = ${c} and id = ${x.id}`), sql` `) : sql``})) as accounts`.execute(d)).rows[0]!;
  return { ...r, id: Number(r.id), accounts: new Map(r.accounts.map((a) => [a.code, accountOf(a)])) };
}

/** A transaction as written, in the shape its view reads it back (TxRow), from what was read and written. */
type Written = { id: number; row: TxRow };

export async function recordTransaction(d: LedgerDb, auth: { companyId: number; login: string }, b: TransactionBody): Promise<number> {
  return (await writeTransaction(d, auth, b)).id;
}

/**
 * Records and posts a transaction (see above). Its reads are one statement (`parties`); what it
 * answers is made from what it read and wrote, not read back.
 */
async function writeTransaction(d: LedgerDb, auth: { companyId: number; login: string }, b: TransactionBody): Promise<Written> {
  if (!isDay(b.date)) throw problems.invalidField('date', 'Geçerli bir tarih girin.', 'DATE');
  const amount = money(b.amount, 'amount');
  if (!amount.gt(0)) throw problems.invalidField('amount', 'Tutar sıfır olamaz.', 'AMOUNT_ZERO');
  const read = await parties(d, auth.companyId, b);
  const need = (r: Ref | undefined, field: 'from' | 'to'): MoneyAccount & { code: string; ledgerName: string | null; ledgerCode: string | null } => {
    if (!r) throw problems.invalidField(field, field === 'from' ? 'Çıkış hesabı zorunludur.' : 'Giriş hesabı zorunludur.', 'REQUIRED');
    const row = read[field];
    if (!row) throw problems.invalidField(`${field}.id`, r.kind === 'SAFE' ? 'Kasa bulunamadı.' : 'Banka hesabı bulunamadı.', 'ACCOUNT_NOT_FOUND');
    return { kind: r.kind, id: Number(row.id), name: row.name, accountCode: row.account_code, currencyId: Number(row.currency_id), code: row.code, ledgerName: row.ledger_name, ledgerCode: row.ledger_code };
  };
  const explanation = b.explanation?.trim() || null;
  let from: ReturnType<typeof need> | null = null;
  let to: ReturnType<typeof need> | null = null;
  let current: Awaited<ReturnType<typeof currentAccount>> | null = null;
  if (b.type === 'TRANSFER') {
    if (b.currentId !== undefined) throw problems.invalidField('currentId', 'Virmanda cari hesap olmaz.', 'NOT_ALLOWED');
    from = need(b.from, 'from');
    to = need(b.to, 'to');
    if (from.kind === to.kind && from.id === to.id) throw problems.invalidField('to', 'Bir hesaptan kendisine virman yapılamaz.', 'SAME_ACCOUNT');
  } else {
    if (b.currentId === undefined) throw problems.invalidField('currentId', 'Cari hesap zorunludur.', 'REQUIRED');
    if (!read.current) throw problems.invalidField('currentId', 'Cari hesap bulunamadı.', 'CURRENT_NOT_FOUND');
    current = await openCurrentAccount(d, auth.companyId, read.current);
    if (b.type === 'COLLECTION') {
      if (b.from) throw problems.invalidField('from', 'Tahsilatta çıkış hesabı cari hesaptır.', 'NOT_ALLOWED');
      to = need(b.to, 'to');
    } else {
      if (b.to) throw problems.invalidField('to', 'Ödemede giriş hesabı cari hesaptır.', 'NOT_ALLOWED');
      from = need(b.from, 'from');
    }
  }
  // The amount is in the giving money account's currency, or the receiving one's for a collection.
  const base = (from ?? to)!;
  // The lira's rate is one (liraRate gives null for it).
  const rate = (await liraRate(d, b.date, { id: base.currencyId, code: base.code }, b.rate, 'rate')) ?? new Decimal(1);
  const lira = amount.times(rate).toDecimalPlaces(2);
  if (!lira.gt(0)) throw problems.invalidField('amount', 'Tutar sıfır olamaz.', 'AMOUNT_ZERO');
  let toAmount: Decimal | null = null;
  let toRate: Decimal | null = null;
  const text = explanation ?? `${TYPE_TEXT[b.type]}${current ? `: ${current.name}` : from && to ? `: ${from.name} → ${to.name}` : ''}`;
  const lines: PostingLine[] = [];
  if (from && to) {
    if (to.currencyId === from.currencyId) {
      toAmount = amount;
      toRate = rate;
    } else {
      toRate = (await liraRate(d, b.date, { id: to.currencyId, code: to.code }, b.toRate, 'toRate')) ?? new Decimal(1);
      toAmount = lira.div(toRate).toDecimalPlaces(2);
    }
    lines.push(side(to, lira, toAmount, toRate, 'debit', text), side(from, lira, amount, rate, 'credit', text));
  } else if (to && current) {
    lines.push(side(to, lira, amount, rate, 'debit', text), currentSide(current, base.currencyId, lira, amount, rate, 'credit', text));
  } else if (from && current) {
    lines.push(currentSide(current, base.currencyId, lira, amount, rate, 'debit', text), side(from, lira, amount, rate, 'credit', text));
  }
  const id = read.id;
  const posted = await post(d, auth.companyId, { date: b.date, explanation: text, source: { kind: 'TRANSACTION', id }, createdBy: auth.login, lines }, null, read.accounts);
  // Cash cannot go below zero (a bank account may: an overdraft or a credit account). The posting
  // holds the fiscal year's row, so two payments from one safe cannot both pass this check.
  if (from?.kind === 'SAFE') await assertCashLeft(d, auth.companyId, from);
  const row = {
    company_id: auth.companyId, id, type: b.type, kind: b.kind ?? 'PAYMENT', from_kind: from?.kind ?? null, from_id: from?.id ?? null,
    to_kind: to?.kind ?? null, to_id: to?.id ?? null, current_id: current?.id ?? null, transaction_date: b.date, amount: amount.toFixed(2),
    currency_id: base.currencyId, to_amount: toAmount?.toFixed(2) ?? null, rate: base.currencyId === 1 ? null : rate.toString(),
    to_rate: from && to && to.currencyId !== 1 ? toRate?.toString() ?? null : null, lira_amount: lira.toFixed(2), explanation,
    entry_id: posted.id, created_by: auth.login,
  };
  await d.insertInto('money_transactions').values(row).execute();
  // As the row reads back: rates to the column's six decimals.
  const six = (v: string | null) => (v === null ? null : new Decimal(v).toDecimalPlaces(6, Decimal.ROUND_HALF_UP).toString());
  return {
    id,
    row: {
      ...row, rate: six(row.rate), to_rate: six(row.to_rate), current_name: current?.name ?? null, entry_no: posted.entryNo, reverses_id: null, reversed_by: null,
      from_name: from?.ledgerName ?? null, from_code: from?.ledgerCode ?? null, to_name: to?.ledgerName ?? null, to_code: to?.ledgerCode ?? null,
    },
  };
}

const createTransaction: Handler = async (ctx) => {
  const { row } = await writeTransaction(db(ctx), requireAuth(ctx), ctx.body as TransactionBody);
  ctx.setStatus(201);
  return view(row);
};

interface TxRow {
  id: number; type: string; kind: string; transaction_date: string; amount: string; currency_id: number; to_amount: string | null; rate: string | null;
  to_rate: string | null; lira_amount: string; from_kind: string | null; from_id: number | null; to_kind: string | null; to_id: number | null;
  current_id: number | null; current_name: string | null; explanation: string | null; entry_id: number; entry_no: number; reverses_id: number | null;
  reversed_by: number | null; created_by: string | null; from_name: string | null; from_code: string | null; to_name: string | null; to_code: string | null;
}

function transactions(d: LedgerDb, companyId: number) {
  return d.selectFrom('money_transactions as t')
    .innerJoin('journal_entries as e', (j) => j.onRef('e.company_id', '=', 't.company_id').onRef('e.id', '=', 't.entry_id'))
    .leftJoin('currents as c', (j) => j.onRef('c.company_id', '=', 't.company_id').onRef('c.id', '=', 't.current_id'))
    .leftJoin('ledger_accounts as fa', (j) => j.onRef('fa.company_id', '=', 't.company_id').onRef('fa.owner_kind', '=', 't.from_kind').onRef('fa.owner_id', '=', 't.from_id'))
    .leftJoin('ledger_accounts as ta', (j) => j.onRef('ta.company_id', '=', 't.company_id').onRef('ta.owner_kind', '=', 't.to_kind').onRef('ta.owner_id', '=', 't.to_id'))
    .select([
      't.id', 't.type', 't.kind', 't.transaction_date', 't.amount', 't.currency_id', 't.to_amount', 't.rate', 't.to_rate', 't.lira_amount',
      't.from_kind', 't.from_id', 't.to_kind', 't.to_id', 't.current_id', 'c.name as current_name', 't.explanation', 't.entry_id', 'e.entry_no',
      't.reverses_id', 't.created_by', 'fa.name as from_name', 'fa.code as from_code', 'ta.name as to_name', 'ta.code as to_code',
    ])
    .select((eb) => eb.selectFrom('money_transactions as r').select('r.id').whereRef('r.company_id', '=', 't.company_id').whereRef('r.reverses_id', '=', 't.id').as('reversed_by'))
    .where('t.company_id', '=', companyId);
}

const view = (t: TxRow) => ({
  id: t.id, type: t.type, kind: t.kind, date: t.transaction_date, amount: num(t.amount)!, currencyId: t.currency_id, toAmount: num(t.to_amount),
  rate: num(t.rate), toRate: num(t.to_rate), liraAmount: num(t.lira_amount)!,
  from: t.from_kind ? { kind: t.from_kind, id: Number(t.from_id), name: t.from_name ?? '', accountCode: t.from_code ?? '' } : null,
  to: t.to_kind ? { kind: t.to_kind, id: Number(t.to_id), name: t.to_name ?? '', accountCode: t.to_code ?? '' } : null,
  currentId: t.current_id, currentName: t.current_name, explanation: t.explanation, entryId: t.entry_id, entryNo: t.entry_no,
  reversesId: t.reverses_id, reversedById: (t.reversed_by as number | null) ?? null, createdBy: t.created_by,
});

async function transactionOr404(ctx: RequestContext, id: number) {
  const t = await transactions(db(ctx), company(ctx)).where('t.id', '=', id).executeTakeFirst();
  if (!t) throw problems.notFound('İşlem');
  return view(t as TxRow);
}

const listTransactions: Handler = async (ctx) => {
  const c = company(ctx);
  const p = pageRequest(ctx, ['date', 'desc']);
  const q = ctx.query as { type?: string; currentId?: number; accountKind?: MoneyKind; accountId?: number; startDate?: string; endDate?: string };
  let base = transactions(db(ctx), c);
  let count = db(ctx).selectFrom('money_transactions as t').where('t.company_id', '=', c);
  const filters: ((qb: any) => any)[] = [];
  if (q.type) filters.push((qb) => qb.where('t.type', '=', q.type));
  if (q.currentId) filters.push((qb) => qb.where('t.current_id', '=', q.currentId));
  if (q.accountKind && q.accountId) {
    filters.push((qb) => qb.where((eb: any) => eb.or([
      eb.and([eb('t.from_kind', '=', q.accountKind), eb('t.from_id', '=', q.accountId)]),
      eb.and([eb('t.to_kind', '=', q.accountKind), eb('t.to_id', '=', q.accountId)]),
    ])));
  }
  if (q.startDate) filters.push((qb) => qb.where('t.transaction_date', '>=', q.startDate));
  if (q.endDate) filters.push((qb) => qb.where('t.transaction_date', '<=', q.endDate));
  for (const f of filters) { base = f(base); count = f(count); }
  const total = Number((await count.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const cols = { id: 't.id', date: 't.transaction_date', amount: 't.lira_amount' } as const;
  for (const [f, dir] of p.sort) base = base.orderBy(cols[f as keyof typeof cols], dir);
  const rows = await base.orderBy('t.id', 'desc').limit(p.size).offset(p.offset).execute();
  return pageResult(ctx, (rows as TxRow[]).map(view), total);
};

const getTransaction: Handler = async (ctx) => transactionOr404(ctx, (ctx.params as { id: number }).id);

/** Cancels a transaction: its entry is reversed and a reversing transaction names it. Returns the reversing transaction's id. */
export async function cancelTransaction(d: LedgerDb, auth: { companyId: number; login: string }, transactionId: number, date?: string): Promise<number> {
  const original = await d.selectFrom('money_transactions').selectAll().where('company_id', '=', auth.companyId)
    .where('id', '=', transactionId).executeTakeFirst();
  if (!original) throw problems.notFound('İşlem');
  if (original.reverses_id !== null) throw problems.conflict('Bir iptal işlemi yeniden iptal edilemez.', 'IS_REVERSAL');
  // Two cancellations at once: reverse() locks the entry, and the second one finds it reversed.
  const done = await d.selectFrom('money_transactions').select('id').where('company_id', '=', auth.companyId).where('reverses_id', '=', original.id).executeTakeFirst();
  if (done) throw problems.conflict('Bu işlem zaten iptal edildi.', 'ALREADY_REVERSED');
  // Spread over invoices' dues (invoice payment lines): those come back first, so no due stays paid by money that went back.
  const allocated = await sql<{ n: number }>`select count(*)::int as n from invoice_payment_lines where company_id = ${auth.companyId} and transaction_id = ${original.id}`.execute(d);
  if ((allocated.rows[0]?.n ?? 0) > 0) {
    throw problems.conflict('Bu işlem faturaların vadelerine eşlenmiş; önce ödeme satırlarını geri alın.', 'TRANSACTION_ALLOCATED');
  }
  const posted = await reverse(d, auth.companyId, original.entry_id, { createdBy: auth.login, ...(date ? { date } : {}) });
  // Taking back money that came into a safe must leave cash in it.
  if (original.to_kind === 'SAFE' && original.to_id !== null) await assertCashLeft(d, auth.companyId, await moneyAccount(d, auth.companyId, 'SAFE', original.to_id));
  const id = Number((await sql<{ id: string }>`select nextval('money_transactions_id_seq')::text as id`.execute(d)).rows[0]!.id);
  const { id: _old, created_at: _at, company_id: _c, ...rest } = original;
  await d.insertInto('money_transactions').values({
    ...rest, company_id: auth.companyId, id, transaction_date: posted.date, entry_id: posted.id, reverses_id: original.id, created_by: auth.login,
    explanation: `İptal: ${original.explanation ?? TYPE_TEXT[original.type as keyof typeof TYPE_TEXT]}`,
  }).execute();
  return id;
}

const reverseTransaction: Handler = async (ctx) => {
  const date = (ctx.body as { date?: string } | undefined)?.date;
  const id = await cancelTransaction(db(ctx), requireAuth(ctx), (ctx.params as { id: number }).id, date);
  ctx.setStatus(201);
  return transactionOr404(ctx, id);
};

/**
 * Lines of the money accounts (groups 100, 102, 108 unless told), newest first, each with its
 * account's balance after it (in lira, and in the account's currency for a foreign one): a running
 * sum per account in the order of the books (date, entry number, line), counted from the account's
 * first line whatever the date range shows.
 */
const listTransactionLines: Handler = async (ctx) => {
  const c = company(ctx);
  const d = db(ctx);
  const p = pageRequest(ctx, ['date', 'desc']);
  const q = ctx.query as { accountGroups?: string; accountKind?: MoneyKind; accountId?: number; startDate?: string; endDate?: string };
  let where = sql`l.company_id = ${c}`;
  if (q.accountKind && q.accountId) {
    const a = await moneyAccount(d, c, q.accountKind, q.accountId, 'accountId');
    where = sql`${where} and l.account_code = ${a.accountCode}`;
  } else {
    const groups = (q.accountGroups ?? '100,102,108').split(',');
    where = sql`${where} and substr(l.account_code, 1, 3) = any(${groups}::text[])`;
  }
  const upTo = q.endDate ? sql`and l.entry_date <= ${q.endDate}` : sql``;
  const from = q.startDate ? sql`where x.entry_date >= ${q.startDate}` : sql``;
  const total = (await sql<{ n: number }>`select count(*)::int as n from journal_lines l where ${where} ${upTo}
    ${q.startDate ? sql`and l.entry_date >= ${q.startDate}` : sql``}`.execute(d)).rows[0]?.n ?? 0;
  const rows = await sql<{ id: number; entry_id: number; entry_no: number; entry_date: string; account_code: string; name: string; explanation: string; debit: string; credit: string; amount_fc: string | null; currency_id: number; source_kind: string; source_id: string; running: string; running_fc: string; account_currency: number | null }>`
    select x.* from (
      select l.id, l.entry_id, e.entry_no, l.entry_date, l.account_code, a.name, coalesce(l.explanation, e.explanation) as explanation, l.debit, l.credit,
             l.amount_fc, l.currency_id, e.source_kind, e.source_id, a.currency_id as account_currency,
             (sum(l.debit - l.credit) over w)::text as running,
             (sum(case when l.currency_id = ${DEFAULT_CURRENCY_ID} or l.amount_fc is null then 0 when l.debit > 0 then l.amount_fc else -l.amount_fc end) over w)::text as running_fc
        from journal_lines l
        join journal_entries e on e.company_id = l.company_id and e.id = l.entry_id
        join ledger_accounts a on a.company_id = l.company_id and a.code = l.account_code
       where ${where} ${upTo}
      window w as (partition by l.account_code order by l.entry_date, e.entry_no, l.id)) x
    ${from}
    order by x.entry_date desc, x.entry_no desc, x.id desc limit ${p.size} offset ${p.offset}`.execute(d);
  return pageResult(ctx, rows.rows.map((r) => ({
    id: r.id, entryId: r.entry_id, entryNo: r.entry_no, date: r.entry_date, accountCode: r.account_code, accountName: r.name, explanation: r.explanation,
    debit: num(r.debit)!, credit: num(r.credit)!, amountFc: num(r.amount_fc), currencyId: r.currency_id, sourceKind: r.source_kind, sourceId: r.source_id,
    balance: num(r.running)!, balanceFc: r.account_currency !== null && r.account_currency !== DEFAULT_CURRENCY_ID ? num(r.running_fc) : null,
  })), total);
};

// --- one transaction line ---------------------------------------------------------------------

interface LineRow {
  id: number; entry_id: number; entry_no: number; entry_date: string; account_code: string; name: string; explanation: string; debit: string; credit: string;
  amount_fc: string | null; currency_id: number; source_kind: string; source_id: string; reverses_id: number | null; running: string; running_fc: string;
  account_currency: number | null;
}

/**
 * One line of a money account (a safe's or bank account's own account) with its balance after it,
 * counted like the list (date, entry number, line).
 */
async function moneyLine(d: LedgerDb, companyId: number, lineId: number): Promise<LineRow | undefined> {
  const r = await sql<LineRow>`
    with one as (
      select l.account_code from journal_lines l
        join ledger_accounts a on a.company_id = l.company_id and a.code = l.account_code
       where l.company_id = ${companyId} and l.id = ${lineId} and a.owner_kind in ('SAFE', 'BANK_ACCOUNT'))
    select x.* from (
      select l.id, l.entry_id, e.entry_no, l.entry_date, l.account_code, a.name, coalesce(l.explanation, e.explanation) as explanation, l.debit, l.credit,
             l.amount_fc, l.currency_id, e.source_kind, e.source_id, e.reverses_id, a.currency_id as account_currency,
             (sum(l.debit - l.credit) over w)::text as running,
             (sum(case when l.currency_id = ${DEFAULT_CURRENCY_ID} or l.amount_fc is null then 0 when l.debit > 0 then l.amount_fc else -l.amount_fc end) over w)::text as running_fc
        from journal_lines l
        join journal_entries e on e.company_id = l.company_id and e.id = l.entry_id
        join ledger_accounts a on a.company_id = l.company_id and a.code = l.account_code
       where l.company_id = ${companyId} and l.account_code = (select account_code from one)
      window w as (partition by l.account_code order by l.entry_date, e.entry_no, l.id)) x
    where x.id = ${lineId}`.execute(d);
  return r.rows[0];
}

const lineView = (r: LineRow) => ({
  id: r.id, entryId: r.entry_id, entryNo: r.entry_no, date: r.entry_date, accountCode: r.account_code, accountName: r.name, explanation: r.explanation,
  debit: num(r.debit)!, credit: num(r.credit)!, amountFc: num(r.amount_fc), currencyId: r.currency_id, sourceKind: r.source_kind, sourceId: r.source_id,
  balance: num(r.running)!, balanceFc: r.account_currency !== null && r.account_currency !== DEFAULT_CURRENCY_ID ? num(r.running_fc) : null,
});

async function lineOr404(ctx: RequestContext, lineId: number) {
  const r = await moneyLine(db(ctx), company(ctx), lineId);
  if (!r) throw problems.notFound('Hareket satırı');
  return r;
}

/** The line with its money transaction (null when another document posted it: an opening, a cheque, capital …). */
async function lineDetail(ctx: RequestContext, lineId: number) {
  const r = await lineOr404(ctx, lineId);
  const tx = r.source_kind === 'TRANSACTION'
    ? await transactions(db(ctx), company(ctx)).where('t.entry_id', '=', r.entry_id).executeTakeFirst()
    : undefined;
  return { ...lineView(r), transaction: tx ? view(tx as TxRow) : null };
}

/** The money line a transaction moved: the giving account's for a payment or transfer, the receiving one's for a collection. */
async function lineOfTransaction(d: LedgerDb, companyId: number, transactionId: number): Promise<number> {
  const r = await sql<{ id: number }>`select l.id from money_transactions t
      join ledger_accounts a on a.company_id = t.company_id
        and a.owner_kind = case when t.type = 'COLLECTION' then t.to_kind else t.from_kind end
        and a.owner_id = case when t.type = 'COLLECTION' then t.to_id else t.from_id end
      join journal_lines l on l.company_id = t.company_id and l.entry_id = t.entry_id and l.account_code = a.code
     where t.company_id = ${companyId} and t.id = ${transactionId} order by l.line_no limit 1`.execute(d);
  return Number(r.rows[0]!.id);
}

/**
 * The money transaction a line may be cancelled or corrected through: its entry must be a
 * transaction's (not an opening, a cheque's step, a capital record …, which are cancelled from
 * their document) and not a cancellation itself.
 */
async function transactionOfLine(ctx: RequestContext, lineId: number): Promise<number> {
  const r = await lineOr404(ctx, lineId);
  if (r.source_kind !== 'TRANSACTION') {
    throw problems.conflict(`Bu hareket bir ${SOURCE_TEXT[r.source_kind] ?? 'belgenin'} kaydıdır; o belgeden iptal edilir veya düzeltilir.`, 'DOCUMENT_ENTRY');
  }
  if (r.reverses_id !== null) throw problems.conflict('Bu hareket bir iptal kaydıdır; iptal işlemi yeniden iptal edilemez.', 'IS_REVERSAL');
  const t = await db(ctx).selectFrom('money_transactions').select('id').where('company_id', '=', company(ctx)).where('entry_id', '=', r.entry_id).executeTakeFirst();
  if (!t) throw problems.notFound('İşlem');
  return Number(t.id);
}

/** Whose entry a money line is, in words for the refusal. */
const SOURCE_TEXT: Record<string, string> = {
  SAFE_OPENING: 'kasa açılışı', BANK_ACCOUNT_OPENING: 'banka hesabı açılışı', CHEQUE: 'çek işlemi', CAPITAL: 'sermaye taahhüdü',
  CAPITAL_PAYMENT: 'sermaye ödemesi', PERSONNEL_PAYMENT: 'personel ödemesi', INVOICE: 'fatura', INVOICE_PAYMENT: 'fatura ödemesi',
  FX_DIFFERENCE: 'kur farkı', MANUAL: 'elle girilmiş yevmiye fişi',
};

const getTransactionLine: Handler = async (ctx) => lineDetail(ctx, (ctx.params as { id: number }).id);

/** POST /transaction-lines: records a money transaction as POST /transactions does and answers its money line. */
const createTransactionLine: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const txId = await recordTransaction(db(ctx), auth, ctx.body as TransactionBody);
  ctx.audit({ action: 'accounting.transactionLine.created', entity: 'money_transaction', entityId: txId });
  ctx.setStatus(201);
  return lineDetail(ctx, await lineOfTransaction(db(ctx), auth.companyId, txId));
};

/**
 * PUT /transaction-lines {id, …transaction}: a correction. The line's transaction is cancelled
 * (reversed, dated like it) and the corrected one recorded, in one transaction; answers the new
 * line (lines are never rewritten). Refused where DELETE is.
 */
const updateTransactionLine: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const { id, ...b } = ctx.body as TransactionBody & { id: number };
  const old = await transactionOfLine(ctx, id);
  const reversal = await cancelTransaction(db(ctx), auth, old);
  const txId = await recordTransaction(db(ctx), auth, b);
  ctx.audit({ action: 'accounting.transactionLine.corrected', entity: 'money_transaction', entityId: txId, detail: { lineId: id, cancelledTransactionId: old, reversalId: reversal } });
  return lineDetail(ctx, await lineOfTransaction(db(ctx), auth.companyId, txId));
};

/** DELETE /transaction-lines/{id}: cancels the line's transaction (reversed, dated like it). */
const deleteTransactionLine: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const lineId = (ctx.params as { id: number }).id;
  const old = await transactionOfLine(ctx, lineId);
  const reversal = await cancelTransaction(db(ctx), auth, old);
  ctx.audit({ action: 'accounting.transactionLine.deleted', entity: 'money_transaction', entityId: old, detail: { lineId, reversalId: reversal } });
  ctx.setStatus(204);
  return null;
};

export const transactionHandlers: Record<string, Handler> = {
  createTransaction, listTransactions, getTransaction, reverseTransaction, listTransactionLines,
  getTransactionLine, createTransactionLine, updateTransactionLine, deleteTransactionLine,
};
