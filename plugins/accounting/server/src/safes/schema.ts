import type { ColumnType, Generated } from 'kysely';

type Num = ColumnType<string, string | number, string | number>;

/** Safes and money transactions (migration 20261123011000-safes-transactions.sql). */
export interface Tables {
  safes: {
    company_id: number; id: Generated<number>; name: string; account_code: string; currency_id: number; opening_balance: Num;
    opening_date: string | null; opening_rate: string | null; opening_entry_id: number | null; explanation: string | null;
    tag_ids: ColumnType<number[], number[] | undefined, number[]>; created_by: string | null; created_at: ColumnType<Date, never, never>;
  };
  money_transactions: {
    company_id: number; id: ColumnType<number, number, never>; type: string; kind: ColumnType<string, string | undefined, never>;
    from_kind: string | null; from_id: number | null; to_kind: string | null; to_id: number | null; current_id: number | null;
    transaction_date: string; amount: Num; currency_id: number; to_amount: string | null; rate: string | null; to_rate: string | null;
    lira_amount: Num; explanation: string | null; entry_id: number; reverses_id: ColumnType<number | null, number | null | undefined, never>;
    created_by: string | null; created_at: ColumnType<Date, never, never>;
  };
}
