import type { ColumnType, Generated } from 'kysely';

/** Missing invoices: the link from a source's sale to the invoice made for it (migration 20261125030000-missing-invoices.sql). */
export interface Tables {
  missing_invoice_links: {
    company_id: number; id: Generated<number>; source: string; document_no: string; invoice_id: number | null; created_by: string | null;
    created_at: ColumnType<Date, never, never>;
  };
}
