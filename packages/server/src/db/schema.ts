import type { ColumnType, Generated } from 'kysely';

/** Kysely's view of the kernel tables (plugins extend it with their own interfaces). */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type DateCol = ColumnType<string | null, string | null | undefined, string | null>;
type Id = ColumnType<number, number | undefined, number>;

export interface KernelTables {
  schema_migrations: { name: string; applied_at: Timestamp };
  system_settings: { key: string; value: string };
  sectors: { id: number; key: string; name: string };
  modules: { id: number; key: string; name: string };
  actions: { id: number; key: string; name: string };
  currencies: { id: number; code: string; name: string; symbol: string | null };
  companies: {
    id: Generated<number>;
    name: string;
    title: string | null;
    company_type: string;
    tax_number: string;
    tax_office: string | null;
    email: string | null;
    phone: string | null;
    mersis_no: string | null;
    sector_id: number;
    erp_type: string | null;
    invoice_prefix: string | null;
    modules: ColumnType<number[], number[] | undefined, number[]>;
    tags: ColumnType<string[], string[] | undefined, string[]>;
    subscription_start: DateCol;
    subscription_end: DateCol;
    user_count: number | null;
    activation_date: DateCol;
    coordinating_user: string | null;
    its_username: string | null;
    active: ColumnType<boolean, boolean | undefined, boolean>;
    owner_id: number | null;
    created_by: string | null;
    created_date: Timestamp;
    last_modified_by: string | null;
    last_modified_date: NullableTimestamp;
  };
  users: {
    id: Generated<number>;
    login: string;
    password_hash: string | null;
    first_name: string;
    last_name: string;
    email: string;
    phone: string | null;
    image_url: string | null;
    lang_key: ColumnType<string, string | undefined, string>;
    activated: ColumnType<boolean, boolean | undefined, boolean>;
    default_company_id: number | null;
    created_by: string | null;
    created_date: Timestamp;
    last_modified_by: string | null;
    last_modified_date: NullableTimestamp;
  };
  user_companies: { company_id: number; user_id: number; is_primary: ColumnType<boolean, boolean | undefined, boolean>; created_date: Timestamp };
  company_member_counters: { company_id: number; members: number };
  roles: { company_id: number; id: Generated<number>; name: string; fixed: ColumnType<boolean, boolean | undefined, boolean>; all_companies: ColumnType<boolean, boolean | undefined, boolean>; created_date: Timestamp };
  role_authorities: { company_id: number; role_id: number; module_id: number; action_id: number };
  user_roles: { company_id: number; user_id: number; role_id: number };
  taxes: { company_id: number; id: Generated<number>; name: string; tax_type: ColumnType<string, string | undefined, string>; percentage: ColumnType<string, string | number, string | number>; exception_code: string | null; active: ColumnType<boolean, boolean | undefined, boolean> };
  sessions: { id: string; user_id: number; actor_id: number | null; previous_session_id: string | null; created_at: Timestamp; expires_at: Timestamp; revoked_at: NullableTimestamp; ip: string | null; locked_at: NullableTimestamp };
  user_keys: { key_hash: string; user_id: number; purpose: 'ACTIVATION' | 'RESET' | 'INVITE'; created_at: Timestamp; expires_at: Timestamp; used_at: NullableTimestamp };
  login_failures: { key: string; failures: number; window_start: Timestamp; locked_until: NullableTimestamp };
  audit_events: {
    id: Generated<number>; at: Timestamp; company_id: number | null; user_id: number | null; user_login: string | null;
    actor_id: number | null; actor_login: string | null; action: string; entity: string | null; entity_id: string | null;
    ip: string | null; detail: ColumnType<unknown, string | null | undefined, string | null>;
  };
  outbox_messages: { id: Generated<number>; channel: 'MAIL' | 'SMS'; recipient: string; subject: string | null; body: string; created_at: Timestamp; sent_at: NullableTimestamp; error: string | null; attachments?: ColumnType<unknown, string | null | undefined, string | null> };
  event_deliveries: {
    id: Generated<number>; event_id: string; name: string; listener: string; company_id: number | null;
    payload: ColumnType<unknown, string, string>; status: ColumnType<'PENDING' | 'DELIVERED' | 'FAILED', 'PENDING' | 'DELIVERED' | 'FAILED' | undefined, 'PENDING' | 'DELIVERED' | 'FAILED'>;
    attempts: Generated<number>; next_attempt_at: Timestamp; claimed_until: NullableTimestamp;
    last_error: string | null; created_at: Timestamp; delivered_at: NullableTimestamp;
  };
}

export type DB = KernelTables;
export type { Id };
