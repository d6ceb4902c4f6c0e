import Decimal from 'decimal.js';
import { sql, type Kysely } from 'kysely';
import { expect } from 'vitest';

/**
 * After a scenario: the company's books hold. Every entry balances and its total is its debits;
 * all debits equal all credits; entry numbers run 1..n without gaps or repeats in every fiscal
 * year, and the year's counter is n; every line's account exists and takes postings. Extra derived
 * balances (a safe's, a current's, as the API shows them) are compared with the sum of the lines
 * of their account and its sub-accounts.
 */
export async function assertBooksBalance(db: Kysely<any>, companyId: number, derived: { account: string | readonly string[]; balance: number | string; what: string }[] = []) {
  const entries = await sql<{ id: number; total: string; d: string; c: string }>`
    select e.id, e.total, coalesce(sum(l.debit), 0) as d, coalesce(sum(l.credit), 0) as c
      from journal_entries e left join journal_lines l on l.company_id = e.company_id and l.entry_id = e.id
     where e.company_id = ${companyId} group by e.id, e.total`.execute(db);
  for (const e of entries.rows) {
    expect(new Decimal(e.d).eq(e.c), `entry ${e.id}: debit ${e.d} credit ${e.c}`).toBe(true);
    expect(new Decimal(e.d).eq(e.total), `entry ${e.id}: total ${e.total}, debits ${e.d}`).toBe(true);
  }
  const all = await sql<{ d: string; c: string }>`select coalesce(sum(debit), 0) as d, coalesce(sum(credit), 0) as c from journal_lines where company_id = ${companyId}`.execute(db);
  expect(new Decimal(all.rows[0]!.d).eq(all.rows[0]!.c), `company ${companyId}: debits ${all.rows[0]!.d}, credits ${all.rows[0]!.c}`).toBe(true);
  const years = await sql<{ id: number; last_entry_no: number; n: number; lo: number | null; hi: number | null; distinct_n: number }>`
    select y.id, y.last_entry_no, count(e.id)::int as n, min(e.entry_no) as lo, max(e.entry_no) as hi, count(distinct e.entry_no)::int as distinct_n
      from fiscal_years y left join journal_entries e on e.company_id = y.company_id and e.fiscal_year_id = y.id
     where y.company_id = ${companyId} group by y.id, y.last_entry_no`.execute(db);
  for (const y of years.rows) {
    expect(y.last_entry_no, `fiscal year ${y.id}: counter`).toBe(y.n);
    if (y.n > 0) expect([y.lo, y.hi, y.distinct_n], `fiscal year ${y.id}: numbers`).toEqual([1, y.n, y.n]);
  }
  const daily = await sql<{ account_code: string; day: string; d: string | null; c: string | null; dd: string | null; dc: string | null }>`
    select coalesce(l.account_code, x.account_code) as account_code, coalesce(l.day, x.day)::text as day, l.d, l.c, x.debit as dd, x.credit as dc
      from (select account_code, entry_date as day, sum(debit) as d, sum(credit) as c from journal_lines where company_id = ${companyId} group by 1, 2) l
      full join (select account_code, day, debit, credit from ledger_daily where company_id = ${companyId}) x on x.account_code = l.account_code and x.day = l.day
     where l.d is distinct from x.debit or l.c is distinct from x.credit`.execute(db);
  expect(daily.rows, 'daily totals (ledger_daily) that differ from the lines').toEqual([]);
  const headers = await sql<{ account_code: string }>`
    select distinct l.account_code from journal_lines l
     where l.company_id = ${companyId} and exists (select 1 from ledger_accounts s where s.company_id = l.company_id and s.parent_code = l.account_code)`.execute(db);
  expect(headers.rows.map((r) => r.account_code), 'lines on header accounts').toEqual([]);
  // A derived balance of several accounts (a current's own and its bounced cheques' 127 / 128) is their sum.
  for (const d of derived) {
    const one = (code: string) => (code.includes('.') ? sql`(account_code = ${code} or account_code like ${`${code}.%`})` : sql`account_code like ${`${code}%`}`);
    const pattern = typeof d.account === 'string' ? one(d.account) : sql`(${sql.join(d.account.map(one), sql` or `)})`;
    const r = await sql<{ b: string }>`select coalesce(sum(debit - credit), 0) as b from journal_lines where company_id = ${companyId} and ${pattern}`.execute(db);
    expect(new Decimal(r.rows[0]!.b).eq(new Decimal(String(d.balance))), `${d.what} (${d.account}): shown ${d.balance}, ledger ${r.rows[0]!.b}`).toBe(true);
  }
}
