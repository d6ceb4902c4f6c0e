import Decimal from 'decimal.js';
import { sql } from 'kysely';
import { likePattern } from '@tezgah/server';
import type { LedgerDb } from '../ledger/accounts';
import { BOUNCED_PARENTS } from '../ledger/money';
import { underAccounts } from '../ledger/reports';
import { foldText } from '../lookups/search';
import type { CurrentType } from '../currents/rules';

/**
 * The current accounts' side of the books (cari hareketler): their balances and the age of their
 * open items, from the lines of their own ledger sub-accounts (owner kind CURRENT: 120.001 a
 * customer, 320.001 a supplier, 335.001 personnel, 331.001 a partner, and a customer's bounced
 * cheques in its 127.xxx / 128.xxx). Nothing is stored: every figure is a sum of journal lines.
 */

/**
 * The account a current is shown by (its main one): among the accounts it owns, one not under
 * 127 / 128 (those hold its bounced cheques) before one that is, then the lowest code.
 */
const mainCode = sql<string | null>`(select a.code from ledger_accounts a where a.company_id = c.company_id and a.owner_kind = 'CURRENT' and a.owner_id = c.id
  order by a.parent_code = any(${BOUNCED_PARENTS}::text[]), a.code limit 1)`;

/** The first and last day with a line on these accounts (or their sub-accounts), null when none. */
export async function lineDays(db: LedgerDb, companyId: number, codes: readonly string[]): Promise<{ first: string | null; last: string | null }> {
  const r = await sql<{ first: string | null; last: string | null }>`
    select min(l.entry_date)::text as first, max(l.entry_date)::text as last from journal_lines l
     where l.company_id = ${companyId} and ${underAccounts('l.account_code', codes)}`.execute(db);
  return { first: r.rows[0]?.first ?? null, last: r.rows[0]?.last ?? null };
}

/** Debits and credits of these accounts (with their sub-accounts) in a period. */
export async function periodSums(db: LedgerDb, companyId: number, codes: readonly string[], start: string, end: string): Promise<{ debit: Decimal; credit: Decimal }> {
  const r = await sql<{ d: string; c: string }>`
    select coalesce(sum(l.debit), 0)::text as d, coalesce(sum(l.credit), 0)::text as c from journal_lines l
     where l.company_id = ${companyId} and ${underAccounts('l.account_code', codes)} and l.entry_date between ${start} and ${end}`.execute(db);
  return { debit: new Decimal(r.rows[0]?.d ?? 0), credit: new Decimal(r.rows[0]?.c ?? 0) };
}

export interface CurrentBalance {
  id: number; name: string; type: CurrentType; accountCode: string | null; debit: Decimal; credit: Decimal; balance: Decimal;
}

/** `name last_name` as the current is called. */
const fullName = sql<string>`btrim(c.name || coalesce(' ' || c.last_name, ''))`;

function searchFilter(search: string | undefined) {
  const s = search?.trim();
  if (!s) return sql`true`;
  const folded = likePattern(foldText(s));
  const raw = likePattern(s);
  // As the current list searches: Turkish letters folded on both sides (lookups/search.ts).
  return sql`(translate(lower(c.name || coalesce(' ' || c.last_name, '') || coalesce(' ' || c.title, '')), 'ÇĞİÖŞÜÂÎÛçğıöşüâîû', 'cgiosuaiucgiosuaiu') like ${folded}
    or c.tax_number like ${raw})`;
}

const SORT: Record<string, ReturnType<typeof sql>> = {
  id: sql`c.id`,
  name: sql`translate(lower(c.name), 'ÇĞİÖŞÜÂÎÛçğıöşüâîû', 'cgiosuaiucgiosuaiu')`,
  balance: sql`coalesce(sum(l.debit - l.credit), 0)`,
};

/**
 * Every current of these types with its debits, credits and balance (debit minus credit), one
 * page, in one grouped query; a current whose account has no line yet shows zeros.
 */
export async function currentBalances(
  db: LedgerDb, companyId: number, types: CurrentType[], search: string | undefined,
  page: { limit: number; offset: number; sort: [string, 'asc' | 'desc'][] },
): Promise<{ items: CurrentBalance[]; total: number }> {
  if (!types.length) return { items: [], total: 0 };
  const where = sql`c.company_id = ${companyId} and c.type = any(${types}::text[]) and ${searchFilter(search)}`;
  const order = sql.join([...page.sort.map(([f, d]) => sql`${SORT[f] ?? SORT.name} ${sql.raw(d === 'desc' ? 'desc' : 'asc')}`), sql`c.id asc`]);
  const [rows, count] = await Promise.all([
    sql<{ id: number; name: string; type: CurrentType; code: string | null; d: string; c: string }>`
      select c.id, ${fullName} as name, c.type, ${mainCode} as code,
             coalesce(sum(l.debit), 0)::text as d, coalesce(sum(l.credit), 0)::text as c
        from currents c
        left join ledger_accounts a on a.company_id = c.company_id and a.owner_kind = 'CURRENT' and a.owner_id = c.id
        left join journal_lines l on l.company_id = a.company_id and l.account_code = a.code
       where ${where}
       group by c.company_id, c.id
       order by ${order}
       limit ${page.limit} offset ${page.offset}`.execute(db),
    sql<{ n: number }>`select count(*)::int as n from currents c where ${where}`.execute(db),
  ]);
  return {
    total: count.rows[0]?.n ?? 0,
    items: rows.rows.map((r) => {
      const debit = new Decimal(r.d);
      const credit = new Decimal(r.c);
      return { id: r.id, name: r.name, type: r.type, accountCode: r.code, debit, credit, balance: debit.minus(credit) };
    }),
  };
}

export interface AgingRow {
  id: number; name: string; type: CurrentType; accountCode: string | null;
  balance: Decimal; days0to30: Decimal; days31to60: Decimal; days61to90: Decimal; over90: Decimal;
}

/**
 * The open items of every current of these types with a balance at `date`, aged: the side that
 * makes the balance (debits for a current that owes, credits for one that is owed) is what is
 * open, and the other side settles it oldest first (FIFO: the seeds' payments settle the oldest
 * dues first). What stays open of each line is aged by the line's date: 0–30, 31–60, 61–90 and
 * over 90 days. The buckets carry the balance's sign (debit minus credit) and add up to it.
 */
export async function currentAging(db: LedgerDb, companyId: number, types: CurrentType[], date: string): Promise<AgingRow[]> {
  if (!types.length) return [];
  const r = await sql<{ id: number; name: string; type: CurrentType; code: string | null; b: string; b1: string; b2: string; b3: string; b4: string }>`
    with lines as (
      select a.owner_id as current_id, l.id, l.entry_date, l.debit, l.credit
        from journal_lines l
        join ledger_accounts a on a.company_id = l.company_id and a.code = l.account_code and a.owner_kind = 'CURRENT'
        join currents c on c.company_id = a.company_id and c.id = a.owner_id
       where l.company_id = ${companyId} and c.type = any(${types}::text[]) and l.entry_date <= ${date}
    ), sides as (
      select current_id, sum(debit) as d, sum(credit) as c from lines group by current_id having sum(debit) <> sum(credit)
    ), open as (
      select x.current_id, (${date}::date - x.entry_date::date) as age,
             case when s.d > s.c then 1 else -1 end as sign,
             case when s.d > s.c then x.debit else x.credit end as amount,
             case when s.d > s.c then s.c else s.d end as settled,
             sum(case when s.d > s.c then x.debit else x.credit end) over (partition by x.current_id order by x.entry_date, x.id) as upto
        from lines x join sides s on s.current_id = x.current_id
    ), aged as (
      select current_id, age, sign * greatest(0, least(amount, upto - settled)) as rest from open
    )
    select c.id, ${fullName} as name, c.type,
           ${mainCode} as code,
           sum(g.rest)::text as b,
           coalesce(sum(g.rest) filter (where g.age <= 30), 0)::text as b1,
           coalesce(sum(g.rest) filter (where g.age between 31 and 60), 0)::text as b2,
           coalesce(sum(g.rest) filter (where g.age between 61 and 90), 0)::text as b3,
           coalesce(sum(g.rest) filter (where g.age > 90), 0)::text as b4
      from aged g join currents c on c.company_id = ${companyId} and c.id = g.current_id
     group by c.company_id, c.id
     order by translate(lower(c.name), 'ÇĞİÖŞÜÂÎÛçğıöşüâîû', 'cgiosuaiucgiosuaiu'), c.id`.execute(db);
  return r.rows.map((x) => ({
    id: x.id, name: x.name, type: x.type, accountCode: x.code, balance: new Decimal(x.b),
    days0to30: new Decimal(x.b1), days31to60: new Decimal(x.b2), days61to90: new Decimal(x.b3), over90: new Decimal(x.b4),
  }));
}
