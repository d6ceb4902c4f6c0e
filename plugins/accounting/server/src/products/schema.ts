import type { ColumnType, Generated } from 'kysely';

/** numeric columns: read as strings (exact), written as numbers or strings. */
type Numeric = ColumnType<string, string | number, string | number>;
type NullableNumeric = ColumnType<string | null, string | number | null | undefined, string | number | null>;
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** Tables of this area, as Kysely sees them. */
export interface Tables {
  products: {
    company_id: number;
    id: Generated<number>;
    name: string;
    explanation: string | null;
    barcode: string;
    product_type: string;
    unit_id: number;
    buying_price: NullableNumeric;
    buying_currency_id: number;
    sale_price: NullableNumeric;
    sale_currency_id: number;
    tax_id: number;
    warehouse_id: number | null;
    medicine_price_id: number | null;
    serial_number: string | null;
    qr_tracking: ColumnType<boolean, boolean | undefined, boolean>;
    min_stock: NullableNumeric;
    max_stock: NullableNumeric;
    stock_quantity: ColumnType<string, string | number | undefined, string | number>;
    status: ColumnType<string, string | undefined, string>;
    prescription_type: string | null;
    created_at: Timestamp;
    updated_at: Timestamp;
  };
  product_main_accounts: {
    company_id: number;
    id: Generated<number>;
    product_id: number;
    account_type: string;
    account_code: string;
    account_name: string;
  };
  product_tags: { company_id: number; id: Generated<number>; product_id: number; tag_id: number };
  product_counters: { company_id: number; products: ColumnType<number, number | undefined, number> };
}

export type { Numeric };
