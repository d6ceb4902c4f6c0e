import type { ColumnType, Generated } from 'kysely';

type Num = ColumnType<string, string | number, string | number>;
type Created = ColumnType<Date, never, never>;

/** Banks, branches and bank accounts (migration 20261123020000-banks.sql). Dates are read as text (YYYY-MM-DD). */
export interface Tables {
  /** The TBB list of banks: global, read-only for requests. */
  bank_directory: {
    eft_code: ColumnType<string, never, never>; iban_code: ColumnType<string, never, never>; name: ColumnType<string, never, never>;
    swift: ColumnType<string | null, never, never>; web: ColumnType<string | null, never, never>; verified: ColumnType<boolean, never, never>;
  };
  banks: { company_id: number; id: Generated<number>; name: string; eft_code: string | null; swift: string | null; created_at: Created };
  bank_branches: {
    company_id: number; id: Generated<number>; bank_id: number; name: string; code: string | null; city_id: number | null;
    address: string | null; phone: string | null; created_at: Created;
  };
  bank_accounts: {
    company_id: number; id: ColumnType<number, number, never>; name: string; bank_id: number; branch_id: number | null; account_type: string;
    iban: string | null; account_no: string | null; account_code: string; currency_id: number; opening_balance: Num;
    opening_date: ColumnType<string | null, string | null, string | null>; opening_rate: Num | null; opening_account: string | null;
    opening_entry_id: number | null; explanation: string | null; created_by: string | null; created_at: Created;
  };
}
