import type { ColumnType, Generated } from 'kysely';

/** The medula area's tables (migrations/20261127000200-pharmacy-medula.sql), for Kysely. */
type Ts = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTs = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Json<T> = ColumnType<T, string | undefined, string>;
type Day = ColumnType<string | null, string | null | undefined, string | null>;

export interface MedulaTables {
  pharmacy_medula_outbox: {
    company_id: number; id: Generated<number>; recete_id: number; kind: 'SAVE' | 'DELETE'; islem_no: string;
    payload: Json<Record<string, unknown>>; status: Generated<'PENDING' | 'DONE' | 'FAILED' | 'CANCELLED'>;
    attempts: Generated<number>; next_attempt_at: Ts; claimed_until: NullableTs; last_error: string | null;
    result: Json<Record<string, unknown> | null> | null; created_by: string | null; created_at: Ts; done_at: NullableTs;
  };
  pharmacy_tesis: {
    company_id: number; id: Generated<number>; code: string; name: string; city: string | null; kind: string | null; created_at: Ts; updated_at: Ts;
  };
  pharmacy_hasta_rapors: {
    company_id: number; id: Generated<number>; report_no: string; patient_tckn: string; patient_name: string | null; patient_surname: string | null;
    report_date: Day; start_date: Day; end_date: Day; facility_code: string | null; facility_name: string | null; report_type: string | null;
    doctor_name: string | null; doctor_surname: string | null;
    diagnoses: Json<{ code: string; name: string | null }[]>; active_substances: Json<Record<string, unknown>[]>; barcodes: Json<string[]>;
    description: string | null; source: Generated<'MEDULA' | 'MANUAL'>; created_at: Ts; updated_at: Ts;
  };
}
