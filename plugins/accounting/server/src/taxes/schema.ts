import type { ColumnType } from 'kysely';

/**
 * Tables of this area, as Kysely sees them. `taxes` is the kernel's table (its own columns come
 * from KernelTables); this area's migration adds abbreviation and currency_id.
 */
export interface Tables {
  taxes: {
    abbreviation: ColumnType<string | null, string | null | undefined, string | null>;
    currency_id: ColumnType<number, number | undefined, number>;
  };
  tax_exception_types: { code: string; tax_type: string; kind: string; name: string };
}
