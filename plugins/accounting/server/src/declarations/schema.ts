import type { ColumnType, Generated } from 'kysely';

type Num = ColumnType<string, string | number, string | number>;

/** Tax declarations (migrations 20261123050200-declarations.sql, 20261202000300-kdv2-declaration-type.sql). */
export interface Tables {
  declaration_types: {
    company_id: number;
    id: Generated<number>;
    code: string;
    name: string;
    period_kind: 'MONTHLY' | 'QUARTERLY' | 'YEARLY';
    system: ColumnType<boolean, boolean | undefined, boolean>;
    active: ColumnType<boolean, boolean | undefined, boolean>;
    created_at: ColumnType<Date, never, never>;
  };
  declarations: {
    company_id: number;
    id: Generated<number>;
    type_id: number;
    period: string;
    status: 'APPROVED' | 'AWAITING_APPROVAL' | 'FAULTY' | 'CANCELLED';
    explanation: string | null;
    calculated_vat: Num | null;
    deductible_vat: Num | null;
    previous_carried_vat: Num | null;
    payable_vat: Num | null;
    carried_forward_vat: Num | null;
    computed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
    withholding_computed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
    ledger_withheld_vat: Num | null;
    created_by: string | null;
    created_at: ColumnType<Date, never, never>;
    updated_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
    status_changed_by: string | null;
    status_changed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  };
  /** A KDV2 draft's rows: one per withholding code, ratio (tenths) and KDV rate, lira. */
  declaration_withholding_rows: {
    company_id: number;
    declaration_id: number;
    withholding_code: string;
    withholding_ratio: number;
    vat_rate: Num;
    base: Num;
    vat: Num;
    withheld: Num;
  };
}
