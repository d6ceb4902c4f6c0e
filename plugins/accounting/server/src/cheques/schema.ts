import type { ColumnType, Generated } from 'kysely';

type Num = ColumnType<string, string | number, string | number>;
type Day = ColumnType<string, string, string>;
type Created = ColumnType<Date, never, never>;

/** Cheques and their history (migration 20261123030000-cheques.sql). Dates are read as text (YYYY-MM-DD). */
export interface Tables {
  cheques: {
    company_id: number; id: Generated<number>; direction: 'IN' | 'OUT'; state: string; number: string; code: string | null;
    amount: Num; currency_id: number; rate: Num | null; amount_try: Num; cheque_date: Day; issue_date: Day | null; due_date: Day;
    bank_name: string | null; branch_name: string | null; drawer: string | null; explanation: string | null; current_id: number;
    bank_account_id: number | null; endorsed_to_id: number | null; created_by: string | null; created_at: Created;
  };
  /** Append-only for the request role. */
  cheque_events: {
    company_id: number; id: Generated<number>; cheque_id: number; seq: number; action: string; from_state: string | null; to_state: string;
    event_date: Day; bank_account_id: number | null; current_id: number | null; entry_id: number; explanation: string | null;
    created_by: string | null; created_at: Created;
  };
}
