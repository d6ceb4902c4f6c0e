import Decimal from 'decimal.js';
import { sql } from 'kysely';
import { pageRequest, pageResult, problems, requireAuth, tables, type Handler, type RequestContext } from '@tezgah/server';
import type { AccountingTables } from '../schema';
import { ownAccount, type LedgerDb } from '../ledger/accounts';
import { today } from '../ledger/dates';
import { balances, otherMovements } from '../ledger/money';
import { isDay, money, post, reverse } from '../ledger/posting';
import { liraRate } from '../banks/rates';

const db = (ctx: RequestContext): LedgerDb => tables<AccountingTables>(ctx);
const company = (ctx: RequestContext) => requireAuth(ctx).companyId;

/** Where a safe's or bank account's opening balance is credited unless the request names another account. */
export const OPENING_COUNTER_ACCOUNT = '570';

interface SafeRow {
  id: number; company_id: number; name: string; account_code: string; currency_id: number; opening_balance: string; opening_date: string | null;
  opening_rate: string | null; opening_entry_id: number | null; explanation: string | null; tag_ids: number[]; currency_code: string; currency_symbol: string | null;
  opening_account: string | null;
}

function safes(d: LedgerDb, companyId: number) {
  return d.selectFrom('safes as s').innerJoin('currencies as cu', 'cu.id', 's.currency_id')
    .select(['s.id', 's.company_id', 's.name', 's.account_code', 's.currency_id', 's.opening_balance', 's.opening_date', 's.opening_rate', 's.opening_entry_id', 's.explanation', 's.tag_ids', 'cu.code as currency_code', 'cu.symbol as currency_symbol'])
    // The account the live opening entry credited (570 unless another was named).
    .select(sql<string | null>`(select l.account_code from journal_lines l where l.company_id = s.company_id and l.entry_id = s.opening_entry_id
      and l.account_code <> s.account_code order by l.line_no limit 1)`.as('opening_account'))
    .where('s.company_id', '=', companyId);
}

async function views(d: LedgerDb, rows: SafeRow[]) {
  const b = await balances(d, rows[0]?.company_id ?? 0, rows.map((r) => r.account_code));
  return rows.map((s) => {
    const x = b.get(s.account_code) ?? { lira: new Decimal(0), fc: new Decimal(0) };
    return {
      id: s.id, name: s.name, accountCode: s.account_code, currencyId: s.currency_id, currencyCode: s.currency_code, currencySymbol: s.currency_symbol,
      openingBalance: new Decimal(s.opening_balance).toNumber(), openingDate: s.opening_date,
      openingRate: s.opening_rate === null ? null : new Decimal(s.opening_rate).toNumber(), openingAccount: s.opening_account,
      explanation: s.explanation, tagIds: s.tag_ids.map(Number),
      balance: x.lira.toNumber(), balanceFc: s.currency_id === 1 ? null : x.fc.toNumber(),
      mainAccount: { companyId: s.company_id, currencyId: s.currency_id, currencySymbol: s.currency_symbol },
    };
  });
}

async function safeOr404(ctx: RequestContext, id: number, forUpdate = false): Promise<SafeRow> {
  let q = safes(db(ctx), company(ctx)).where('s.id', '=', id);
  if (forUpdate) q = q.forUpdate('s');
  const s = await q.executeTakeFirst();
  if (!s) throw problems.notFound('Kasa');
  return s as SafeRow;
}

export type SafeBody = {
  id?: number; name: string; currencyId: number; openingBalance?: number | string | null; openingDate?: string; openingRate?: number | string;
  openingAccount?: string; explanation?: string | null; tagIds?: number[];
};

async function clean(d: LedgerDb, c: number, day: string, b: SafeBody, exceptId?: number) {
  const name = b.name.trim();
  if (!name) throw problems.invalidField('name', 'Kasa adı zorunludur.', 'REQUIRED');
  let q = d.selectFrom('safes').select('id').where('company_id', '=', c).where(sql`lower(name)`, '=', sql`lower(${name})`);
  if (exceptId) q = q.where('id', '<>', exceptId);
  if (await q.executeTakeFirst()) throw problems.conflict('Bu isimde bir kasa zaten var.', 'SAFE_NAME_TAKEN', 'name');
  const currency = await d.selectFrom('currencies').select(['id', 'code']).where('id', '=', b.currencyId).executeTakeFirst();
  if (!currency) throw problems.invalidField('currencyId', 'Para birimi bulunamadı.', 'CURRENCY');
  const opening = b.openingBalance == null ? new Decimal(0) : money(b.openingBalance, 'openingBalance');
  if (opening.isNegative()) throw problems.invalidField('openingBalance', 'Açılış bakiyesi eksi olamaz.', 'AMOUNT');
  const openingDate = b.openingDate ?? day;
  if (!isDay(openingDate)) throw problems.invalidField('openingDate', 'Geçerli bir tarih girin.', 'DATE');
  const tagIds = [...new Set(b.tagIds ?? [])];
  if (tagIds.length) {
    const found = await d.selectFrom('tags').select('id').where('company_id', '=', c).where('id', 'in', tagIds).execute();
    if (found.length !== tagIds.length) throw problems.invalidField('tagIds', 'Etiket bulunamadı.', 'TAG');
  }
  const counter = b.openingAccount ?? OPENING_COUNTER_ACCOUNT;
  return { name, currencyId: currency.id, currencyCode: currency.code, opening, openingDate, openingRate: b.openingRate, counter, explanation: b.explanation?.trim() || null, tagIds };
}

/** Posts a money account's opening balance: debit its account, credit the counter account (570 by default). */
export async function postOpening(
  d: LedgerDb, companyId: number,
  o: { sourceKind: string; sourceId: string; accountCode: string; name: string; currencyId: number; currencyCode: string; amount: Decimal; date: string; rate?: number | string | undefined; counter: string; createdBy: string | null },
): Promise<{ entryId: number; rate: Decimal | null }> {
  const rate = await liraRate(d, o.date, { id: o.currencyId, code: o.currencyCode }, o.rate, 'openingRate');
  const lira = rate ? o.amount.times(rate).toDecimalPlaces(2) : o.amount;
  const posted = await post(d, companyId, {
    date: o.date, explanation: `${o.name} açılış bakiyesi`, source: { kind: o.sourceKind, id: o.sourceId }, createdBy: o.createdBy,
    lines: [
      { account: o.accountCode, debit: lira, ...(rate ? { currencyId: o.currencyId, amountFc: o.amount, rate } : {}) },
      { account: o.counter, credit: lira },
    ],
  });
  return { entryId: posted.id, rate };
}

const listSafes: Handler = async (ctx) => {
  const p = pageRequest(ctx, ['id', 'desc']);
  const q = ctx.query as { search?: string };
  const c = company(ctx);
  let base = safes(db(ctx), c);
  let count = db(ctx).selectFrom('safes as s').where('s.company_id', '=', c);
  const search = q.search?.trim();
  if (search) {
    const like = sql<string>`lower(${`%${search.replace(/[\\%_]/g, (m) => `\\${m}`)}%`})`;
    base = base.where(sql`lower(s.name)`, 'like', like);
    count = count.where(sql`lower(s.name)`, 'like', like);
  }
  const total = Number((await count.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const cols = { id: 's.id', name: 's.name' } as const;
  for (const [f, dir] of p.sort) base = base.orderBy(cols[f as keyof typeof cols], dir);
  const rows = await base.orderBy('s.id', 'desc').limit(p.size).offset(p.offset).execute();
  return pageResult(ctx, await views(db(ctx), rows as SafeRow[]), total);
};

const getSafe: Handler = async (ctx) => (await views(db(ctx), [await safeOr404(ctx, (ctx.params as { id: number }).id)]))[0];

/** A new safe: its row, its own account under 100 and its opening entry (dated `day`, today, unless the body gives a date). */
export async function insertSafe(d: LedgerDb, auth: { companyId: number; login: string }, day: string, body: SafeBody): Promise<number> {
  const b = await clean(d, auth.companyId, day, body);
  const row = await d.insertInto('safes').values({
    company_id: auth.companyId, name: b.name, account_code: '100', currency_id: b.currencyId, opening_balance: b.opening.toFixed(2),
    opening_date: b.openingDate, explanation: b.explanation, tag_ids: b.tagIds, created_by: auth.login,
  }).returning('id').executeTakeFirstOrThrow();
  const code = await ownAccount(d, auth.companyId, { parent: '100', kind: 'SAFE', ownerId: row.id, name: b.name, currencyId: b.currencyId, width: 2 });
  let entryId: number | null = null;
  let rate: Decimal | null = null;
  if (b.opening.gt(0)) {
    ({ entryId, rate } = await postOpening(d, auth.companyId, {
      sourceKind: 'SAFE_OPENING', sourceId: String(row.id), accountCode: code, name: b.name, currencyId: b.currencyId, currencyCode: b.currencyCode,
      amount: b.opening, date: b.openingDate, rate: b.openingRate, counter: b.counter, createdBy: auth.login,
    }));
  }
  await d.updateTable('safes').set({ account_code: code, opening_entry_id: entryId, opening_rate: rate?.toString() ?? null })
    .where('company_id', '=', auth.companyId).where('id', '=', row.id).execute();
  return row.id;
}

const createSafe: Handler = async (ctx) => {
  const id = await insertSafe(db(ctx), requireAuth(ctx), today(ctx), ctx.body as SafeBody);
  ctx.setStatus(201);
  return (await views(db(ctx), [await safeOr404(ctx, id)]))[0];
};

const updateSafe: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const d = db(ctx);
  const body = ctx.body as SafeBody & { id: number };
  const s = await safeOr404(ctx, body.id, true);
  const b = await clean(d, auth.companyId, today(ctx), body, s.id);
  const openingChanged = !b.opening.eq(s.opening_balance) || (b.opening.gt(0) && (b.openingDate !== s.opening_date || (body.openingRate !== undefined && !new Decimal(String(body.openingRate)).eq(s.opening_rate ?? 0)) || body.openingAccount !== undefined));
  if (b.currencyId !== s.currency_id && await otherMovements(d, auth.companyId, s.account_code, 'SAFE_OPENING', s.id) > 0) {
    throw problems.conflict('Hareketi olan bir kasanın para birimi değiştirilemez.', 'SAFE_HAS_MOVEMENTS', 'currencyId');
  }
  let entryId = s.opening_entry_id;
  let rate: Decimal | null = s.opening_rate === null ? null : new Decimal(s.opening_rate);
  if (openingChanged || b.currencyId !== s.currency_id) {
    if (s.opening_entry_id !== null) await reverse(d, auth.companyId, s.opening_entry_id, { createdBy: auth.login, explanation: `${s.name} açılış bakiyesi değişti` });
    entryId = null;
    rate = null;
    if (b.opening.gt(0)) {
      ({ entryId, rate } = await postOpening(d, auth.companyId, {
        sourceKind: 'SAFE_OPENING', sourceId: String(s.id), accountCode: s.account_code, name: b.name, currencyId: b.currencyId, currencyCode: b.currencyCode,
        amount: b.opening, date: b.openingDate, rate: b.openingRate, counter: b.counter, createdBy: auth.login,
      }));
    }
  }
  await d.updateTable('safes').set({
    name: b.name, currency_id: b.currencyId, opening_balance: b.opening.toFixed(2), opening_date: b.openingDate, opening_rate: rate?.toString() ?? null,
    opening_entry_id: entryId, explanation: b.explanation, tag_ids: b.tagIds,
  }).where('company_id', '=', auth.companyId).where('id', '=', s.id).execute();
  await d.updateTable('ledger_accounts').set({ name: b.name, currency_id: b.currencyId }).where('company_id', '=', auth.companyId).where('code', '=', s.account_code).execute();
  return (await views(d, [await safeOr404(ctx, s.id)]))[0];
};

const deleteSafe: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const d = db(ctx);
  const s = await safeOr404(ctx, (ctx.params as { id: number }).id, true);
  if (await otherMovements(d, auth.companyId, s.account_code, 'SAFE_OPENING', s.id) > 0) {
    throw problems.conflict('Hareketi olan bir kasa silinemez.', 'SAFE_HAS_MOVEMENTS');
  }
  if (s.opening_entry_id !== null) {
    const reversed = await d.selectFrom('journal_entries').select('id').where('company_id', '=', auth.companyId).where('reverses_id', '=', s.opening_entry_id).executeTakeFirst();
    if (!reversed) await reverse(d, auth.companyId, s.opening_entry_id, { createdBy: auth.login, explanation: `${s.name} silindi: açılış bakiyesi iptal` });
  }
  await d.deleteFrom('safes').where('company_id', '=', auth.companyId).where('id', '=', s.id).execute();
  await d.updateTable('ledger_accounts').set({ active: false }).where('company_id', '=', auth.companyId).where('code', '=', s.account_code).execute();
  ctx.setStatus(204);
  return null;
};

// --- the summaries: every money account from the ledger (owner kinds SAFE and BANK_ACCOUNT) ----

const getSummaries: Handler = async (ctx) => {
  const c = company(ctx);
  const d = db(ctx);
  const now = today(ctx);
  const q = ctx.query as { startDate?: string; endDate?: string };
  const start = q.startDate ?? `${now.slice(0, 8)}01`;
  const end = q.endDate ?? new Date(Date.UTC(Number(now.slice(0, 4)), Number(now.slice(5, 7)), 0)).toISOString().slice(0, 10);
  if (end < start) throw problems.invalidField('endDate', 'Bitiş tarihi başlangıçtan önce olamaz.', 'DATE_RANGE');
  const accounts = await d.selectFrom('ledger_accounts').select(['code', 'name', 'owner_kind', 'owner_id', 'currency_id'])
    .where('company_id', '=', c).where('active', '=', true).where('owner_kind', 'in', ['SAFE', 'BANK_ACCOUNT']).orderBy('code').execute();
  const b = await balances(d, c, accounts.map((a) => a.code));
  const group = (kind: string) => {
    const rows = accounts.filter((a) => a.owner_kind === kind).map((a) => {
      const x = b.get(a.code) ?? { lira: new Decimal(0), fc: new Decimal(0) };
      return { kind: kind as 'SAFE' | 'BANK_ACCOUNT', id: Number(a.owner_id), name: a.name, accountCode: a.code, currencyId: a.currency_id ?? 1, balance: x.lira, balanceFc: (a.currency_id ?? 1) === 1 ? null : x.fc.toNumber() };
    });
    const total = rows.reduce((s, r) => s.plus(r.balance), new Decimal(0));
    return { total, accounts: rows.map((r) => ({ ...r, balance: r.balance.toNumber() })) };
  };
  const cash = group('SAFE');
  const bank = group('BANK_ACCOUNT');
  const codes = accounts.map((a) => a.code);
  // A transfer between two of the company's own money accounts is neither money in nor out: an
  // entry all of whose lines are money lines. Every entry's debits and credits both equal its total
  // and no line is zero, so that is an entry whose money lines debit its total and credit its total;
  // comparing per entry (lines and entries of the range, hashed) avoids looking up every money
  // line's entry line by line. A line's date is its entry's.
  const r = codes.length === 0 ? { rows: [{ i: '0', o: '0' }] } : await sql<{ i: string; o: string }>`
    select coalesce(sum(m.d), 0)::text as i, coalesce(sum(m.c), 0)::text as o
      from (select l.entry_id, sum(l.debit) as d, sum(l.credit) as c from journal_lines l
             where l.company_id = ${c} and l.account_code = any(${codes}::text[]) and l.entry_date between ${start} and ${end}
             group by l.entry_id) m
      join (select id, total from journal_entries where company_id = ${c} and entry_date between ${start} and ${end}) e on e.id = m.entry_id
     where not (m.d = e.total and m.c = e.total)`.execute(d);
  const incoming = new Decimal(r.rows[0]?.i ?? 0);
  const outgoing = new Decimal(r.rows[0]?.o ?? 0);
  return {
    cash: { total: cash.total.toNumber(), accounts: cash.accounts },
    bank: { total: bank.total.toNumber(), accounts: bank.accounts },
    total: cash.total.plus(bank.total).toNumber(),
    range: { startDate: start, endDate: end, incoming: incoming.toNumber(), outgoing: outgoing.toNumber(), net: incoming.minus(outgoing).toNumber() },
  };
};

/** GET /money-accounts: safes and bank accounts for pickers (no balances), to whoever may move money. */
const listMoneyAccounts: Handler = async (ctx) => {
  const companyId = requireAuth(ctx).companyId;
  const q = (ctx.query ?? {}) as { kind?: 'SAFE' | 'BANK_ACCOUNT'; currencyId?: number };
  const d = db(ctx);
  const out: { kind: 'SAFE' | 'BANK_ACCOUNT'; id: number; name: string; currencyId: number; currencyCode: string; accountType: string | null }[] = [];
  if (q.kind !== 'BANK_ACCOUNT') {
    let safes = d.selectFrom('safes as s').innerJoin('currencies as c', 'c.id', 's.currency_id').select(['s.id', 's.name', 's.currency_id', 'c.code'])
      .where('s.company_id', '=', companyId);
    if (q.currencyId !== undefined) safes = safes.where('s.currency_id', '=', q.currencyId);
    for (const r of await safes.orderBy('s.name').execute()) out.push({ kind: 'SAFE', id: r.id, name: r.name, currencyId: r.currency_id, currencyCode: r.code, accountType: null });
  }
  if (q.kind !== 'SAFE') {
    let banks = d.selectFrom('bank_accounts as b').innerJoin('currencies as c', 'c.id', 'b.currency_id').select(['b.id', 'b.name', 'b.currency_id', 'c.code', 'b.account_type'])
      .where('b.company_id', '=', companyId);
    if (q.currencyId !== undefined) banks = banks.where('b.currency_id', '=', q.currencyId);
    for (const r of await banks.orderBy('b.name').execute()) out.push({ kind: 'BANK_ACCOUNT', id: r.id, name: r.name, currencyId: r.currency_id, currencyCode: r.code, accountType: r.account_type });
  }
  return out;
};

export const safeHandlers: Record<string, Handler> = { listSafes, getSafe, createSafe, updateSafe, deleteSafe, getSummaries, listMoneyAccounts };
