import type { ColumnType, Generated } from 'kysely';

/** numeric columns: read as strings (exact), written as numbers or strings. */
type Numeric = ColumnType<string, string | number, string | number>;
type Created = ColumnType<Date, Date | string | undefined, never>;
type Modified = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** Tables of this area, as Kysely sees them. */
export interface Tables {
  price_lists: {
    company_id: number;
    id: Generated<number>;
    name: string;
    type: string;
    explanation: string | null;
    active: ColumnType<boolean, boolean | undefined, boolean>;
    created_date: Created;
    last_modified_date: Modified;
  };
  price_list_products: {
    company_id: number;
    id: Generated<number>;
    price_list_id: number;
    product_id: number;
    price: Numeric;
    discount_rate: ColumnType<string, string | number | undefined, string | number>;
    discounted_price: Numeric;
    created_date: Created;
    last_modified_date: Modified;
  };
  price_list_currents: {
    company_id: number;
    id: Generated<number>;
    price_list_id: number;
    current_id: number;
    created_date: Created;
  };
}
