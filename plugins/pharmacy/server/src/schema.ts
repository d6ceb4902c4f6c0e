import type { ColumnType, Generated } from 'kysely';

/** The pharmacy plugin's shared tables (migrations/20261127000100-pharmacy.sql), for Kysely. */
type Ts = ColumnType<Date, Date | string | undefined, Date | string>;
type Num = ColumnType<string, string | number | undefined, string | number>;
type NullableNum = ColumnType<string | null, string | number | null | undefined, string | number | null>;
type Json<T> = ColumnType<T, string | undefined, string>;
type Day = ColumnType<string | null, string | null | undefined, string | null>;

export interface PharmacyTables {
  pharmacy_settings: {
    company_id: number;
    medula_mode: Generated<'sandbox' | 'live'>; medula_username: string | null; medula_password_enc: string | null; medula_pharmacy_code: string | null;
    its_mode: Generated<'sandbox' | 'live'>; its_password_enc: string | null;
    uts_mode: Generated<'sandbox' | 'live'>; uts_token_enc: string | null;
    share_rules: Json<Record<string, unknown>>;
    institution_current_id: number | null;
    updated_at: Ts;
  };
  pharmacy_recetes: {
    company_id: number; id: Generated<number>; recete_no: string; erecete_no: string | null;
    type: 'EPrescription' | 'PreparedPrescription' | 'NonPrescription' | 'ManualPrescription';
    version: Generated<'ORJ' | 'FINAL'>; color: Generated<string>; sub_type: string | null; provision_type: string | null;
    patient_tckn: string | null; patient_name: string | null; patient_surname: string | null; patient_birth_date: Day; patient_gender: string | null;
    receiver_tckn: string | null; receiver_name: string | null; purchase_date: Day; recete_date: Day;
    serial_no: string | null; tracking_no: string | null; protocol_no: string | null; facility_code: string | null; hospital: string | null;
    doctor_tckn: string | null; doctor_name: string | null; doctor_surname: string | null; doctor_branch: string | null;
    doctor_certificate: string | null; doctor_diploma_no: string | null; doctor_type: string | null;
    diagnoses: Json<{ code: string; name: string }[]>; explanations: Json<{ type: string; text: string }[]>; report: Json<Record<string, unknown> | null> | null;
    medula_state: Generated<'LOCAL' | 'READ' | 'SAVED' | 'CANCELLED' | 'DELETED'>;
    payment_status: Generated<'PENDING' | 'ON_CREDIT' | 'COMPLETED' | 'CANCEL'>; payment_type: string | null;
    share_mode: Generated<'SALARY' | 'MANUAL'>; patient_status: Generated<'ACTIVE' | 'RETIRED' | 'EXEMPT'>;
    prescription_copay: Num; examination_copay: Num; drug_copay: Num; price_difference: Num; total: Num; patient_payable: Num; institution_payable: Num;
    share_source: Generated<'MEDULA' | 'LOCAL' | 'MANUAL'>;
    current_id: number | null; invoice_id: number | null; invoice_no: string | null;
    created_by: string | null; created_at: Ts; updated_at: Ts;
  };
  pharmacy_recete_medicines: {
    company_id: number; id: Generated<number>; recete_id: number; line_no: number; barcode: string; prescribed_barcode: string | null;
    name: string; product_id: number | null; count: number; usage: string | null; dose1: NullableNum; dose2: NullableNum;
    period: number | null; period_unit: string | null; report_no: string | null; warning_code: string | null; covered: Generated<boolean>;
    unit_price: Num; total_price: Num; reference_price: NullableNum; price_difference: Num; discount: Num;
  };
  pharmacy_boxes: {
    company_id: number; id: Generated<number>; product_id: number | null; gtin: string; sn: string; bn: string | null; xd: Day;
    state: 'RECEIVED' | 'ACCEPTED' | 'SOLD' | 'SALE_CANCELLED' | 'DEPOSITED' | 'RETURNED';
    recete_id: number | null; recete_medicine_id: number | null; invoice_id: number | null; credit_product_id: number | null;
    its_uc: string | null; its_message: string | null; updated_at: Ts;
  };
  pharmacy_box_moves: {
    company_id: number; id: Generated<number>; box_id: number; from_state: string | null; to_state: string; reason: string; ref: string | null; at: Ts; by_login: string | null;
  };
}
