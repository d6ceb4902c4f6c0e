import type { ColumnType } from 'kysely';

type Decimal = ColumnType<string | null, string | null | undefined, never>;

/** Tables of this area, as Kysely sees them (`currencies` is the kernel's). */
export interface Tables {
  exchange_rates: {
    rate_date: ColumnType<string, string, never>;
    currency_code: ColumnType<string, string, never>;
    unit: ColumnType<number, number | undefined, never>;
    name: ColumnType<string | null, string | null | undefined, never>;
    forex_buying: Decimal;
    forex_selling: Decimal;
    banknote_buying: Decimal;
    banknote_selling: Decimal;
    bulletin_date: ColumnType<string, string, never>;
    bulletin_no: ColumnType<string | null, string | null | undefined, never>;
    source: ColumnType<string, string, never>;
    fetched_at: ColumnType<Date, Date | undefined, never>;
  };
}
