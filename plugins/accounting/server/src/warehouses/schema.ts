import type { ColumnType, Generated } from 'kysely';

type Numeric = ColumnType<string, string | number, string | number>;
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** Tables of this area, as Kysely sees them. */
export interface Tables {
  warehouses: {
    company_id: number;
    id: Generated<number>;
    name: string;
    address: string | null;
    main: ColumnType<boolean, boolean | undefined, boolean>;
    is_default: ColumnType<boolean, boolean | undefined, boolean>;
    created_at: Timestamp;
  };
  warehouse_products: {
    company_id: number;
    id: Generated<number>;
    warehouse_id: number;
    product_id: number;
    quantity: ColumnType<string, string | number | undefined, string | number>;
    updated_at: Timestamp;
  };
  warehouse_transfers: {
    company_id: number;
    id: Generated<number>;
    product_id: number;
    outgoing_warehouse_id: number;
    incoming_warehouse_id: number;
    quantity: Numeric;
    explanation: string | null;
    created_at: Timestamp;
    created_by: string | null;
  };
  /** Append-only: the application role may only read and insert. */
  stock_movements: {
    company_id: number;
    id: Generated<number>;
    warehouse_id: number;
    product_id: number;
    kind: string;
    stock_type: 'IN' | 'OUT';
    invoice_id?: number | null;
    despatch_id?: number | null;
    reason: string | null;
    quantity: Numeric;
    balance: Numeric;
    transfer_id: number | null;
    explanation: string | null;
    created_at: Timestamp;
    created_by: string | null;
  };
}
