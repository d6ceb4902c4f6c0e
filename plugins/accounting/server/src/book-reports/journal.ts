import Decimal from 'decimal.js';
import { sql } from 'kysely';
import type { LedgerDb } from '../ledger/accounts';

/**
 * The journal book (yevmiye defteri): a period's entries in entry-number order (fiscal year by
 * fiscal year) with their lines. ledger/reports.ts has no such report; this reads the same tables
 * in its style. Every entry balances and its total is its debits (the ledger's constraint
 * trigger), so the running totals are sums of entry totals.
 */

export interface JournalBookLine {
  lineNo: number; account: string; accountName: string; explanation: string | null; debit: Decimal; credit: Decimal;
}
export interface JournalBookEntry {
  id: number; entryNo: number; fiscalYearId: number; date: string; explanation: string; sourceKind: string;
  /** Belge no: the number of the invoice the entry records (its legal number of today), else null. */
  documentNo: string | null;
  reversesId: number | null; debit: Decimal; credit: Decimal; lines: JournalBookLine[];
}
export interface JournalBook {
  /** Entries in the period. */
  count: number;
  /** Lines in the period. */
  lineCount: number;
  /** The whole period's total (debits, equal to its credits). */
  total: Decimal;
  /** The totals of the period's entries before the first one given (önceki sayfadan devreden). */
  broughtForward: Decimal;
  entries: JournalBookEntry[];
}

/** `page` undefined: every entry of the period (exports). */
export async function journalBook(db: LedgerDb, companyId: number, start: string, end: string, page?: { limit: number; offset: number }): Promise<JournalBook> {
  const agg = await sql<{ n: number; t: string; lines: number }>`
    select count(*)::int as n, coalesce(sum(e.total), 0)::text as t,
           coalesce(sum((select count(*) from journal_lines l where l.company_id = e.company_id and l.entry_id = e.id)), 0)::int as lines
      from journal_entries e
     where e.company_id = ${companyId} and e.entry_date between ${start} and ${end}`.execute(db);
  const limit = page ? sql`limit ${page.limit} offset ${page.offset}` : sql``;
  const entries = await sql<{
    id: number; entry_no: number; fiscal_year_id: number; entry_date: string; explanation: string; source_kind: string;
    document_no: string | null; reverses_id: number | null; before: string;
  }>`
    select e.id, e.entry_no, e.fiscal_year_id, e.entry_date, journal_explanation(e.company_id, e.source_kind, e.source_id, e.explanation) as explanation,
           e.source_kind, journal_document_no(e.company_id, e.source_kind, e.source_id) as document_no, e.reverses_id,
           (sum(e.total) over (order by y.start_date, e.entry_no, e.id) - e.total)::text as before
      from journal_entries e join fiscal_years y on y.company_id = e.company_id and y.id = e.fiscal_year_id
     where e.company_id = ${companyId} and e.entry_date between ${start} and ${end}
     order by y.start_date, e.entry_no, e.id ${limit}`.execute(db);
  const total = new Decimal(agg.rows[0]?.t ?? 0);
  const first = entries.rows[0];
  const ids = entries.rows.map((e) => e.id);
  const lines = ids.length === 0 ? [] : (await sql<{
    entry_id: number; line_no: number; account_code: string; name: string | null; explanation: string | null; debit: string; credit: string;
  }>`
    select l.entry_id, l.line_no, l.account_code, a.name,
           case when l.explanation is null then null else journal_explanation(e.company_id, e.source_kind, e.source_id, l.explanation) end as explanation,
           l.debit::text as debit, l.credit::text as credit
      from journal_lines l join journal_entries e on e.company_id = l.company_id and e.id = l.entry_id
      left join ledger_accounts a on a.company_id = l.company_id and a.code = l.account_code
     where l.company_id = ${companyId} and l.entry_id = any(${ids}::bigint[])
     order by l.entry_id, l.line_no`.execute(db)).rows;
  const byEntry = new Map<number, JournalBookLine[]>();
  for (const l of lines) {
    const list = byEntry.get(l.entry_id) ?? [];
    list.push({ lineNo: l.line_no, account: l.account_code, accountName: l.name ?? l.account_code, explanation: l.explanation, debit: new Decimal(l.debit), credit: new Decimal(l.credit) });
    byEntry.set(l.entry_id, list);
  }
  return {
    count: agg.rows[0]?.n ?? 0,
    lineCount: agg.rows[0]?.lines ?? 0,
    total,
    // A page past the last entry has the whole period before it.
    broughtForward: first ? new Decimal(first.before) : page && page.offset > 0 ? total : new Decimal(0),
    entries: entries.rows.map((e) => {
      const ls = byEntry.get(e.id) ?? [];
      return {
        id: e.id, entryNo: e.entry_no, fiscalYearId: e.fiscal_year_id, date: e.entry_date, explanation: e.explanation, sourceKind: e.source_kind, documentNo: e.document_no,
        reversesId: e.reverses_id, lines: ls,
        debit: ls.reduce((s, l) => s.plus(l.debit), new Decimal(0)), credit: ls.reduce((s, l) => s.plus(l.credit), new Decimal(0)),
      };
    }),
  };
}
