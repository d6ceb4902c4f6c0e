import Decimal from 'decimal.js';
import { sql } from 'kysely';
import { problems } from '@tezgah/server';
import { accountsByCode, type LedgerDb } from './accounts';
import { checkRange } from './fiscal';

/** The smallest string after every string that starts with `prefix` (codes are ASCII, COLLATE "C"). */
export function afterPrefix(prefix: string): string {
  return prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1);
}

/**
 * Lines on this account or its sub-accounts (chart codes nest by digits, sub-accounts by dots),
 * as byte ranges on the "C"-collated code: an index range scan also under row-level security,
 * where LIKE (not leakproof) would be evaluated after the policy, on every row.
 */
export function underAccount(column: string, code: string) {
  const col = sql.ref(column);
  return code.includes('.')
    ? sql<boolean>`(${col} = ${code} or (${col} >= ${`${code}.`} and ${col} < ${`${code}/`}))`
    : sql<boolean>`(${col} >= ${code} and ${col} < ${afterPrefix(code)})`;
}

/** Lines on any of these accounts or their sub-accounts (underAccount for each, or-ed). */
export function underAccounts(column: string, codes: readonly string[]) {
  return codes.length === 1 ? underAccount(column, codes[0]!) : sql<boolean>`(${sql.join(codes.map((c) => underAccount(column, c)), sql` or `)})`;
}

/** The account a line is summed under at a level: 1–3 the chart's digits, 4+ the dotted parts. */
function levelKey(level: number) {
  return level <= 3
    ? sql<string>`substr(l.account_code, 1, ${level}::int)`
    : sql<string>`array_to_string((string_to_array(l.account_code, '.'))[1:${level - 2}::int], '.')`;
}

export interface TrialBalanceRow {
  code: string; name: string; openingDebit: number; openingCredit: number; debit: number; credit: number; debitBalance: number; creditBalance: number;
}
export interface TrialBalance { startDate: string; endDate: string; level: number; rows: TrialBalanceRow[]; totals: TrialBalanceRow }

/**
 * Trial balance (mizan) of a period at a level (1 class, 2 group, 3 account, 4+ sub-accounts):
 * lines before the start are the opening columns, the period's the movement, and the closing
 * balance is shown on its side. Read from the daily totals the posting function keeps
 * (ledger_daily), not from every line.
 */
export async function trialBalance(db: LedgerDb, companyId: number, startDate: string, endDate: string, level: number): Promise<TrialBalance> {
  checkRange(startDate, endDate);
  const r = await sql<{ code: string; name: string | null; od: string; oc: string; d: string; c: string }>`
    select k.code, a.name, k.od, k.oc, k.d, k.c from (
      select ${levelKey(level)} as code,
             coalesce(sum(l.debit) filter (where l.day < ${startDate}), 0) as od,
             coalesce(sum(l.credit) filter (where l.day < ${startDate}), 0) as oc,
             coalesce(sum(l.debit) filter (where l.day >= ${startDate}), 0) as d,
             coalesce(sum(l.credit) filter (where l.day >= ${startDate}), 0) as c
        from ledger_daily l
       where l.company_id = ${companyId} and l.day <= ${endDate}
       group by 1) k
    left join ledger_accounts a on a.company_id = ${companyId} and a.code = k.code
    order by k.code`.execute(db);
  const zero = new Decimal(0);
  const t = { od: zero, oc: zero, d: zero, c: zero, db: zero, cb: zero };
  const rows = r.rows.map((x) => {
    const od = new Decimal(x.od); const oc = new Decimal(x.oc); const d = new Decimal(x.d); const cr = new Decimal(x.c);
    const bal = od.plus(d).minus(oc).minus(cr);
    const debitBalance = bal.isPositive() ? bal : zero;
    const creditBalance = bal.isNegative() ? bal.negated() : zero;
    t.od = t.od.plus(od); t.oc = t.oc.plus(oc); t.d = t.d.plus(d); t.c = t.c.plus(cr); t.db = t.db.plus(debitBalance); t.cb = t.cb.plus(creditBalance);
    return {
      code: x.code, name: x.name ?? x.code, openingDebit: od.toNumber(), openingCredit: oc.toNumber(), debit: d.toNumber(), credit: cr.toNumber(),
      debitBalance: debitBalance.toNumber(), creditBalance: creditBalance.toNumber(),
    };
  });
  return {
    startDate, endDate, level, rows,
    totals: { code: '', name: 'Toplam', openingDebit: t.od.toNumber(), openingCredit: t.oc.toNumber(), debit: t.d.toNumber(), credit: t.c.toNumber(), debitBalance: t.db.toNumber(), creditBalance: t.cb.toNumber() },
  };
}

export interface StatementLine { entryId: number; entryNo: number; date: string; account: string; explanation: string;
  /** Belge no: the number of the invoice the line's entry records (its legal number of today), else null. */
  documentNo: string | null; debit: number; credit: number; balance: number }
export interface AccountStatement { account: string; name: string; openingBalance: number; closingBalance: number; total: number; lines: StatementLine[] }

/**
 * An account's statement (muavin) with its sub-accounts: the balance before the start, the lines
 * of the period with the running balance after each (a window sum, so any page is right), and the
 * closing balance. `page` undefined: every line (exports). Given several accounts (a current's
 * main account and its bounced-cheque 127 / 128 ones), their lines together, named by the first.
 */
export async function accountStatement(db: LedgerDb, companyId: number, code: string | readonly string[], startDate: string, endDate: string, page?: { limit: number; offset: number }): Promise<AccountStatement> {
  checkRange(startDate, endDate);
  const codes = typeof code === 'string' ? [code] : code;
  const account = (await accountsByCode(db, companyId, [codes[0]!])).get(codes[0]!);
  if (!account) throw problems.notFound('Hesap');
  const under = underAccounts('l.account_code', codes);
  const opening = await sql<{ b: string }>`select coalesce(sum(l.debit - l.credit), 0) as b from ledger_daily l
    where l.company_id = ${companyId} and ${under} and l.day < ${startDate}`.execute(db);
  const open = new Decimal(opening.rows[0]?.b ?? 0);
  const all = await sql<{ n: number; b: string }>`select count(*)::int as n, coalesce(sum(l.debit - l.credit), 0) as b from journal_lines l
    where l.company_id = ${companyId} and ${under} and l.entry_date between ${startDate} and ${endDate}`.execute(db);
  const limit = page ? sql`limit ${page.limit} offset ${page.offset}` : sql``;
  const lines = await sql<{ entry_id: number; entry_no: number; entry_date: string; account_code: string; explanation: string; document_no: string | null; debit: string; credit: string; running: string }>`
    select * from (
      select l.entry_id, e.entry_no, l.entry_date, l.account_code, journal_explanation(e.company_id, e.source_kind, e.source_id, coalesce(l.explanation, e.explanation)) as explanation,
             journal_document_no(e.company_id, e.source_kind, e.source_id) as document_no, l.debit, l.credit,
             sum(l.debit - l.credit) over (order by l.entry_date, e.entry_no, l.id) as running, l.id
        from journal_lines l join journal_entries e on e.company_id = l.company_id and e.id = l.entry_id
       where l.company_id = ${companyId} and ${under} and l.entry_date between ${startDate} and ${endDate}) x
    order by entry_date, entry_no, id ${limit}`.execute(db);
  return {
    account: account.code, name: account.name, openingBalance: open.toNumber(), closingBalance: open.plus(all.rows[0]?.b ?? 0).toNumber(),
    total: all.rows[0]?.n ?? 0,
    lines: lines.rows.map((l) => ({
      entryId: l.entry_id, entryNo: l.entry_no, date: l.entry_date, account: l.account_code, explanation: l.explanation, documentNo: l.document_no,
      debit: new Decimal(l.debit).toNumber(), credit: new Decimal(l.credit).toNumber(), balance: open.plus(l.running).toNumber(),
    })),
  };
}
