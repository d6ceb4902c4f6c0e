import type { ColumnType } from 'kysely';

type Num = ColumnType<string, string | number, string | number>;
type DateCol = ColumnType<string, string, string>;

/** Payments to personnel (migration 20261123050100-personnel-payments.sql). The personnel are PERSONNEL currents. */
export interface Tables {
  personnel_payments: {
    company_id: number;
    id: ColumnType<number, number | undefined, never>;
    personnel_id: number;
    payment_type: 'NORMAL' | 'INSTRUCTED';
    /** WAGE debits the personnel's 335.xxx, ADVANCE its 196.xxx (migration 20261202000400-payroll-accruals.sql). */
    purpose: ColumnType<'WAGE' | 'ADVANCE', 'WAGE' | 'ADVANCE' | undefined, 'WAGE' | 'ADVANCE'>;
    payment_date: DateCol;
    amount: Num;
    currency_id: number;
    rate: Num | null;
    lira_amount: Num;
    money_kind: 'SAFE' | 'BANK_ACCOUNT';
    money_id: number;
    money_account_code: string;
    explanation: string | null;
    entry_id: number;
    reversal_entry_id: number | null;
    cancelled_at: ColumnType<Date | null, never, Date | string>;
    cancelled_by: string | null;
    created_by: string | null;
    created_at: ColumnType<Date, never, never>;
    updated_by: string | null;
    updated_at: ColumnType<Date | null, never, Date | string>;
  };
  /** A month's payroll accrued for one personnel (migration 20261202000400-payroll-accruals.sql). */
  payroll_accruals: {
    company_id: number;
    id: ColumnType<number, number | undefined, never>;
    personnel_id: number;
    period: string;
    accrual_date: DateCol;
    expense_account: string;
    gross: Num;
    worker_sgk: Num;
    worker_unemployment: Num;
    employer_sgk: Num;
    employer_unemployment: Num;
    income_tax: Num;
    stamp_tax: Num;
    advance_deduction: Num;
    net: Num;
    personnel_account_code: string;
    advance_account_code: string | null;
    explanation: string | null;
    entry_id: number;
    reversal_entry_id: number | null;
    cancelled_at: ColumnType<Date | null, never, Date | string>;
    cancelled_by: string | null;
    created_by: string | null;
    created_at: ColumnType<Date, never, never>;
  };
}
