import type { Generated, ColumnType } from 'kysely';

/** The accounting plugin's tables, as Kysely sees them (use with `tables<AccountingTables>(ctx)`). */
export interface AccountingTables {
  units: { company_id: number; id: Generated<number>; name: string; code: string; active: ColumnType<boolean, boolean | undefined, boolean> };
}
