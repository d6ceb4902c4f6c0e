import type { ColumnType, Generated } from 'kysely';

type Num = ColumnType<string, string | number, string | number>;
type Day = ColumnType<string, string, string>;
type Json = ColumnType<unknown, string, string>;
type Stamp = ColumnType<Date, Date | string | undefined, Date | string>;

export type ProcessType = 'PERIODIC' | 'INSTALMENT';
export type LineStatus = 'PENDING' | 'SUCCESS' | 'FAILED' | 'INSUFFICIENT_BALANCE' | 'CANCELLED';

/** Periodic processes and their lines (migration 20261125010000-periodic.sql). */
export interface Tables {
  periodic_processes: {
    company_id: number; id: Generated<number>; process_type: ProcessType; invoice_type: 'SALE' | 'BUYING'; name: string; invoice_id: number;
    current_id: number; template: Json | null; start_date: Day; period_type: 'MONTHLY' | 'WEEKLY' | 'DAYS' | null; period_day: number | null;
    period_count: number | null; safe_id: number | null; bank_account_id: number | null; status: ColumnType<'ACTIVE' | 'COMPLETED' | 'TERMINATED', 'ACTIVE' | 'COMPLETED' | 'TERMINATED' | undefined, 'ACTIVE' | 'COMPLETED' | 'TERMINATED'>;
    created_by: string | null; created_at: ColumnType<Date, never, never>; terminated_at: Stamp | null;
  };
  periodic_process_lines: {
    company_id: number; id: Generated<number>; process_id: number; period_no: number; run_date: Day; due_id: number | null;
    status: ColumnType<LineStatus, LineStatus | undefined, LineStatus>; invoice_id: number | null; transaction_id: number | null; amount: Num | null;
    reason: string | null; attempts: ColumnType<number, number | undefined, number>; queued_at: Stamp | null; processed_at: Stamp | null;
  };
}
