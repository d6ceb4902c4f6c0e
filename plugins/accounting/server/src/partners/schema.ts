import type { ColumnType } from 'kysely';

type Num = ColumnType<string, string | number, string | number>;
type DateCol = ColumnType<string, string, string>;

/** Partners' capital (migration 20261123050000-partners-capitals.sql). The partners are PARTNER currents. */
export interface Tables {
  capitals: {
    company_id: number;
    id: ColumnType<number, number | undefined, never>;
    partner_id: number;
    kind: 'UNPAID_CAPITAL' | 'CAPITAL';
    capital_date: DateCol;
    amount: Num;
    currency_id: ColumnType<number, number | undefined, never>;
    commitment_id: number | null;
    money_kind: 'SAFE' | 'BANK_ACCOUNT' | null;
    money_id: number | null;
    money_account_code: string | null;
    explanation: string | null;
    entry_id: number;
    reversal_entry_id: number | null;
    cancelled_at: ColumnType<Date | null, never, Date | string>;
    cancelled_by: string | null;
    created_by: string | null;
    created_at: ColumnType<Date, never, never>;
  };
}

