import type { ColumnType, Generated } from 'kysely';

type Num = ColumnType<string, string | number, string | number>;
type Day = ColumnType<string, string, string>;
type Stamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** Despatches (irsaliye) and their attachments (migration 20261124040000-despatches.sql). Dates are read as text (YYYY-MM-DD). */
export interface Tables {
  despatch_series: { company_id: number; series: string; year: number; last_no: ColumnType<string, number | string, number | string> };
  despatches: {
    company_id: number; id: Generated<number>; direction: 'IN' | 'OUT'; status: ColumnType<'ACTIVE' | 'CANCELLED', 'ACTIVE' | 'CANCELLED' | undefined, 'ACTIVE' | 'CANCELLED'>;
    current_id: number; despatch_date: Day; shipment_date: Day; waybill_no: string | null; booklet_no: string | null;
    delivery_address: string | null; explanation: string | null; created_by: string | null; created_at: ColumnType<Date, never, never>;
    cancelled_at: Stamp | null; cancelled_by: string | null;
  };
  despatch_lines: {
    company_id: number; id: Generated<number>; despatch_id: number; line_no: number; product_id: number; warehouse_id: number;
    quantity: Num; later_sent_quantity: Num; unit_price: Num | null; explanation: string | null;
  };
  despatch_attachments: {
    company_id: number; id: Generated<number>; despatch_id: number; file_name: string; content_type: string; size: number; sha256: string;
    content: Buffer; created_by: string | null; created_at: ColumnType<Date, never, never>;
  };
}
