import type { ColumnType, Generated } from 'kysely';

type Num = ColumnType<string, string | number, string | number>;
type Day = ColumnType<string, string, string>;
type Stamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json = ColumnType<unknown, string, string>;

/** Invoices and what they hold (migration 20261124010000-invoices.sql). Dates are read as text (YYYY-MM-DD). */
export interface Tables {
  invoice_series: { company_id: number; series: string; year: number; last_no: ColumnType<string, number | string, number | string> };
  invoices: {
    company_id: number; id: Generated<number>; invoice_type: 'SALE' | 'BUYING' | 'SALE_RETURN' | 'BUYING_RETURN'; status: 'DRAFT' | 'POSTED' | 'CANCELLED';
    current_id: number; invoice_date: Day; due_date: Day | null; document_no: string | null; series: string | null;
    /** The company-series number a sale carried before its e-document number replaced it. */
    provisional_no: ColumnType<string | null, string | null | undefined, string | null>;
    sequence_no: ColumnType<string | null, number | string | null, number | string | null>; currency_id: number; conversion_rate: Num;
    explanation: string | null; subtotal: Num; total_discount: Num; tax_base: Num; total_tax: Num; withheld: Num; total_amount: Num;
    payable: Num; paid: ColumnType<string, string | number | undefined, string | number>; entry_id: number | null; its_cancel: boolean | null;
    e_invoice_type: string | null; cancelled_at: Stamp | null; cancelled_by: string | null; created_by: string | null;
    instalment_type: 'MONTHLY' | 'WEEKLY' | 'DAYS' | null; instalment_day: number | null; instalment_count: number | null;
    created_at: ColumnType<Date, never, never>; updated_at: Stamp;
    /** The invoice a return returns (SALE_RETURN, BUYING_RETURN); null otherwise. */
    returns_invoice_id: ColumnType<number | null, number | null | undefined, number | null>;
    /** Unit prices entered tax-inclusive (KDV dahil). */
    prices_include_tax: ColumnType<boolean, boolean | undefined, boolean>;
  };
  invoice_lines: {
    company_id: number; id: Generated<number>; invoice_id: number; line_no: number; product_id: number; description: string;
    quantity: Num; unit_price: Num; discounts: Json; withholding_code: string | null; withholding_ratio: number | null;
    account_code: string; moves_stock: boolean; despatch_line_id: ColumnType<number | null, number | null | undefined, number | null>;
    returns_line_id: ColumnType<number | null, number | null | undefined, number | null>; gross: Num; discount: Num; document_discount: Num; tax_base: Num; tax: Num; withheld: Num; total: Num;
  };
  invoice_line_taxes: {
    company_id: number; id: Generated<number>; line_id: number; tax_id: number; tax_type: string; percentage: Num;
    exception_code: string | null; base: Num; amount: Num;
  };
  invoice_stock_lines: { company_id: number; id: Generated<number>; line_id: number; warehouse_id: number; quantity: Num };
  invoice_discounts: {
    company_id: number; id: Generated<number>; invoice_id: number; seq: number; discount_type: 'AMOUNT' | 'PERCENTAGE'; percentage: Num | null; amount: Num;
  };
  invoice_payments: {
    company_id: number; id: Generated<number>; invoice_id: number; payment_type: string; amount: Num; payment_date: Day;
    safe_id: number | null; bank_account_id: number | null; entry_id: number | null;
    method: ColumnType<string | null, string | null | undefined, string | null>;
    voided_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
    void_reason: ColumnType<string | null, string | null | undefined, string | null>;
    void_entry_id: ColumnType<number | null, number | null | undefined, number | null>;
  };
  invoice_tags: { company_id: number; invoice_id: number; tag_id: number };
  invoice_dues: {
    company_id: number; id: Generated<number>; invoice_id: number; current_id: number; period_no: number; due_date: Day; amount: Num;
    paid: ColumnType<string, string | number | undefined, string | number>;
  };
  invoice_payment_lines: {
    company_id: number; id: Generated<number>; transaction_id: ColumnType<number | null, number | null | undefined, number | null>; due_id: number; invoice_id: number; amount: Num; created_by: string | null;
    /** A return set off against the due (instead of a money transaction). */
    return_invoice_id: ColumnType<number | null, number | null | undefined, number | null>;
    created_at: ColumnType<Date, never, never>;
  };
  stock_settings: { company_id: number; allow_negative: boolean; updated_at: Stamp };
}
