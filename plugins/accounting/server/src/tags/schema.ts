import type { ColumnType, Generated } from 'kysely';

/** Tables of this area, as Kysely sees them. */
export interface Tables {
  tags: { company_id: number; id: Generated<number>; name: string; color: ColumnType<string, string | undefined, string> };
}
