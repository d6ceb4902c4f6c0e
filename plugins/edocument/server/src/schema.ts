import type { ColumnType, Generated } from 'kysely';

/** The e-document plugin's tables (migrations/20261126100100-edocuments.sql), for Kysely. */
type Ts = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTs = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Num = ColumnType<string, string | number, string | number>;
type NullableNum = ColumnType<string | null, string | number | null | undefined, string | number | null>;
type Json<T> = ColumnType<T, string | undefined, string>;
type Day = ColumnType<string | null, string | null | undefined, string | null>;

export type EDocStatus = 'CONTROL' | 'PREVIEW' | 'SENDING' | 'SUCCESS' | 'FAILURE' | 'CANCEL' | 'UNKNOWN';
export type EDocCategory = 'EINVOICE' | 'EARCHIVE' | 'EDESPATCH';
export type EDocDirection = 'OUTGOING' | 'INCOMING';
export interface Problem { source: 'RULE' | 'XML' | 'XSD' | 'SCHEMATRON' | 'INTEGRATOR'; message: string; field?: string | null; detail?: string | null }
export interface HistoryEntry { at: string; status: EDocStatus; note?: string | null }

export interface EdocumentTables {
  edoc_settings: {
    company_id: number; enabled: Generated<boolean>; integrator: Generated<string>; mode: Generated<'sandbox' | 'live'>;
    urls: Json<Record<string, string | null>>; username: string | null; password_enc: string | null;
    username_secondary: string | null; password_secondary_enc: string | null; integrator_secondary: string | null;
    sender_tag: string | null; despatch_sender_tag: string | null; earchive_send_type: Generated<'ELEKTRONIK' | 'KAGIT'>;
    auto_send_cash_sales: Generated<boolean>;
    street: string | null; building_no: string | null; district: string | null; city: string | null; postal_code: string | null; website: string | null; trade_registry_no: string | null;
    updated_at: Ts;
  };
  edoc_prefixes: { company_id: number; id: Generated<number>; kind: EDocCategory; prefix: string; is_default: Generated<boolean>; active: Generated<boolean> };
  edoc_series: { company_id: number; prefix: string; year: number; last_no: Generated<Num>; last_date: Day };
  edoc_documents: {
    company_id: number; id: Generated<number>; direction: EDocDirection; category: EDocCategory; uuid: string;
    document_no: string | null; prefix: string | null; profile: string | null; type_code: string | null; issue_date: Day;
    status: EDocStatus; status_reason: string | null; party_title: string | null; party_identifier: string | null;
    total: NullableNum; currency: string | null; exchange_rate: NullableNum; integrator: string | null;
    receiver_tag: string | null; sender_tag: string | null; email: string | null;
    invoice_id: number | null; despatch_id: number | null; purchase_invoice_id: number | null;
    answer: 'KABUL' | 'RED' | null; answered_at: NullableTs; problems: Json<Problem[]>; options: Json<Record<string, unknown>>; gib_code: string | null; integrator_code: string | null;
    xml: string | null; html: string | null; imported: Generated<boolean>; attempts: Generated<number>; sent_at: NullableTs;
    next_check_at: NullableTs; deadline_at: NullableTs; history: Json<HistoryEntry[]>; created_at: Ts; updated_at: Ts;
  };
  edoc_outbox: {
    company_id: number; id: Generated<number>; document_id: number; action: 'SEND' | 'CANCEL' | 'RESPOND'; payload: Json<Record<string, unknown>>;
    status: Generated<'PENDING' | 'DONE' | 'FAILED'>; attempts: Generated<number>; next_attempt_at: Ts; claimed_until: NullableTs;
    last_error: string | null; created_at: Ts; done_at: NullableTs;
  };
  edoc_gib_users: { identifier: string; alias: string; unit: 'GB' | 'PK'; document_type: 'INVOICE' | 'DESPATCHADVICE'; title: string; user_type: string | null; registered_at: string | null; refreshed_at: Ts };
}
