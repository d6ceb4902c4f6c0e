import type { ColumnType, Generated } from 'kysely';

type Num = ColumnType<string, string | number, string | number>;
type Day = ColumnType<string, string, string>;
type Json = ColumnType<unknown, string, string>;

/** Orders received and given (migration 20261124030000-orders.sql). Dates are read as text (YYYY-MM-DD). */
export interface Tables {
  orders: {
    company_id: number; id: Generated<number>; direction: 'IN' | 'OUT'; order_kind: 'NORMAL' | 'INSTRUCTED'; current_id: number; order_date: Day;
    explanation: string | null; currency_id: number; total: Num; created_by: string | null; created_at: ColumnType<Date, never, never>;
  };
  order_lines: {
    company_id: number; id: Generated<number>; order_id: number; line_no: number; product_id: number; quantity: Num; unit_price: Num;
    discounts: Json; tax_id: number | null; total: Num;
  };
  order_invoice_lines: { company_id: number; order_line_id: number; invoice_id: number; quantity: Num };
  order_tags: { company_id: number; order_id: number; tag_id: number };
}
