import type { ColumnType, Generated } from 'kysely';

type Num = ColumnType<string, string | number, string | number>;
type DateCol = ColumnType<string, string, string>;

/** The books (migration 20261123010000-ledger.sql). Dates are `date` columns read as text (YYYY-MM-DD). */
export interface Tables {
  ledger_accounts: {
    company_id: number; code: string; name: string; parent_code: string | null; level: number; postable: boolean;
    owner_kind: string | null; owner_id: number | null; currency_id: number | null;
    active: ColumnType<boolean, boolean | undefined, boolean>; created_at: ColumnType<Date, never, never>;
  };
  fiscal_years: {
    company_id: number; id: Generated<number>; name: string; start_date: DateCol; end_date: DateCol;
    active: ColumnType<boolean, boolean | undefined, boolean>; last_entry_no: ColumnType<number, number | undefined, number>;
    created_at: ColumnType<Date, never, never>;
  };
  journals: {
    company_id: number; id: Generated<number>; fiscal_year_id: number; period: number; start_date: DateCol; end_date: DateCol;
    locked: ColumnType<boolean, boolean | undefined, boolean>; created_at: ColumnType<Date, never, never>;
  };
  journal_entries: {
    company_id: number; id: Generated<number>; fiscal_year_id: number; journal_id: number; entry_no: number; entry_date: DateCol;
    explanation: string; source_kind: string; source_id: string; reverses_id: number | null; total: Num;
    created_by: string | null; created_at: ColumnType<Date, never, never>;
  };
  ledger_daily: { company_id: number; account_code: string; day: DateCol; debit: Num; credit: Num };
  journal_lines: {
    company_id: number; id: Generated<number>; entry_id: number; line_no: number; entry_date: DateCol; account_code: string;
    debit: Num; credit: Num; currency_id: ColumnType<number, number | undefined, number>; amount_fc: Num | null; rate: Num | null;
    explanation: string | null;
  };
}
