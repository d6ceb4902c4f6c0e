import type { ColumnType, Generated, Kysely } from 'kysely';
import type { KernelTables } from '@tezgah/server';
import type { PharmacyTables } from '../schema';

/** The tracking area's own table (migrations/20261127000300-pharmacy-tracking.sql). */
type Ts = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTs = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Json<T> = ColumnType<T, string | undefined, string>;

export interface TrackingTables {
  pharmacy_tracking_outbox: {
    company_id: number; id: Generated<number>;
    system: 'ITS' | 'UTS';
    kind: 'ITS_SALE' | 'ITS_SALE_CANCEL' | 'ITS_ACCEPT' | 'UTS_HANDOVER';
    payload: Json<Record<string, unknown>>;
    box_ids: Json<number[]>;
    invoice_id: number | null; recete_id: number | null; ref: string | null;
    state: Generated<'WAITING' | 'SENT' | 'FAILED'>;
    attempts: Generated<number>;
    next_attempt_at: Ts;
    claimed_until: NullableTs;
    last_error: string | null;
    result: Json<unknown> | null;
    created_by: string | null;
    created_at: Ts;
    sent_at: NullableTs;
  };
}

export type TrackingDb = Kysely<KernelTables & PharmacyTables & TrackingTables>;

export function parseJson<T>(v: unknown, fallback: T): T {
  if (v === null || v === undefined) return fallback;
  if (typeof v === 'string') {
    try { return JSON.parse(v) as T; } catch { return fallback; }
  }
  return v as T;
}
