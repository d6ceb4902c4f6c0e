/**
 * The rules of declarations (beyannameler) as pure functions: how a period is written for each
 * kind of declaration, and which status may follow which.
 */

export type PeriodKind = 'MONTHLY' | 'QUARTERLY' | 'YEARLY';
export type DeclarationStatus = 'APPROVED' | 'AWAITING_APPROVAL' | 'FAULTY' | 'CANCELLED';

/** The statuses of seeds 001 §4 (approved, awaiting approval, faulty, cancelled) and their Turkish labels. */
export const STATUS_NAMES: Readonly<Record<DeclarationStatus, string>> = {
  APPROVED: 'Onaylandı', AWAITING_APPROVAL: 'Onay Bekliyor', FAULTY: 'Hatalı', CANCELLED: 'İptal Edildi',
};

/**
 * Allowed status changes. A declaration is prepared awaiting approval; it is approved (filed and
 * accrued), found faulty (to be corrected), or given up (cancelled). A faulty one goes back to
 * awaiting approval once corrected, or is cancelled. Approved and cancelled are final: a filed
 * declaration is corrected by a new declaration of the same type and period (a düzeltme
 * beyannamesi), never by editing or deleting the filed one.
 */
export const NEXT_STATUSES: Readonly<Record<DeclarationStatus, readonly DeclarationStatus[]>> = {
  AWAITING_APPROVAL: ['APPROVED', 'FAULTY', 'CANCELLED'],
  FAULTY: ['AWAITING_APPROVAL', 'CANCELLED'],
  APPROVED: [],
  CANCELLED: [],
};

/** Statuses a declaration may be created in: prepared (awaiting approval), or recorded as already filed (approved). */
export const CREATE_STATUSES: readonly DeclarationStatus[] = ['AWAITING_APPROVAL', 'APPROVED'];

/** Open declarations: their fields may change; at most one per type and period. */
export const OPEN_STATUSES: readonly DeclarationStatus[] = ['AWAITING_APPROVAL', 'FAULTY'];

export function transitionProblem(from: DeclarationStatus, to: DeclarationStatus): string | null {
  if (from === to || NEXT_STATUSES[from].includes(to)) return null;
  const allowed = NEXT_STATUSES[from];
  return allowed.length
    ? `'${STATUS_NAMES[from]}' durumundaki beyanname '${STATUS_NAMES[to]}' durumuna alınamaz; alınabileceği durumlar: ${allowed.map((s) => `'${STATUS_NAMES[s]}'`).join(', ')}.`
    : `'${STATUS_NAMES[from]}' durumundaki beyannamenin durumu değişmez${from === 'APPROVED' ? '; düzeltme için aynı dönem için yeni bir (düzeltme) beyannamesi girin' : ''}.`;
}

export const PERIOD_FORMAT: Readonly<Record<PeriodKind, string>> = {
  MONTHLY: 'YYYY-AA (ör. 2026-01)', QUARTERLY: 'YYYY-Qn (ör. 2026-Q1)', YEARLY: 'YYYY (ör. 2026)',
};

export interface Period { start: string; end: string }

const pad = (n: number) => String(n).padStart(2, '0');
const lastDay = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();

/** The days a period covers, or null when it is not written as the kind wants. */
export function parsePeriod(kind: PeriodKind, period: string): Period | null {
  let m: RegExpExecArray | null;
  if (kind === 'MONTHLY' && (m = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(period))) {
    const y = Number(m[1]); const mo = Number(m[2]);
    return { start: `${y}-${pad(mo)}-01`, end: `${y}-${pad(mo)}-${pad(lastDay(y, mo))}` };
  }
  if (kind === 'QUARTERLY' && (m = /^(\d{4})-Q([1-4])$/.exec(period))) {
    const y = Number(m[1]); const q = Number(m[2]);
    return { start: `${y}-${pad(q * 3 - 2)}-01`, end: `${y}-${pad(q * 3)}-${pad(lastDay(y, q * 3))}` };
  }
  if (kind === 'YEARLY' && (m = /^(\d{4})$/.exec(period))) return { start: `${m[1]}-01-01`, end: `${m[1]}-12-31` };
  return null;
}

/**
 * Why a period cannot be declared for a type, or null: written as the type's kind wants, a year
 * from 2000, begun by today; a geçici vergi (advance tax) period is one of the first three
 * quarters (since 2020 no fourth-quarter advance tax return is filed: the annual return covers it).
 */
export function periodProblem(type: { code: string; period_kind: PeriodKind }, period: string, today: string): string | null {
  const p = parsePeriod(type.period_kind, period);
  if (!p) return `Dönem bu beyanname türü için ${PERIOD_FORMAT[type.period_kind]} biçiminde yazılır.`;
  if (p.start < '2000-01-01') return 'Dönem 2000 yılından önce olamaz.';
  if (p.start > today) return 'Henüz başlamamış bir dönem için beyanname girilemez.';
  if (type.code === 'GECICI' && period.endsWith('-Q4')) return 'Dördüncü dönem için geçici vergi beyannamesi verilmez (2020\'den beri yıllık beyanname kapsar); dönem 1, 2 ya da 3. çeyrek olmalı.';
  return null;
}

/** The month before a YYYY-MM month. */
export function previousMonth(period: string): string {
  const y = Number(period.slice(0, 4));
  const m = Number(period.slice(5, 7));
  return m === 1 ? `${y - 1}-12` : `${y}-${pad(m - 1)}`;
}

/** The declaration types every company starts with (code, name, period kind). */
export const SYSTEM_TYPES: readonly { code: string; name: string; periodKind: PeriodKind }[] = [
  { code: 'KDV1', name: 'KDV Beyannamesi', periodKind: 'MONTHLY' },
  { code: 'KDV2', name: 'KDV 2 Beyannamesi', periodKind: 'MONTHLY' },
  { code: 'MUHSGK', name: 'Muhtasar ve Prim Hizmet Beyannamesi', periodKind: 'MONTHLY' },
  { code: 'GECICI', name: 'Geçici Vergi Beyannamesi', periodKind: 'QUARTERLY' },
  { code: 'KURUMLAR', name: 'Kurumlar Vergisi Beyannamesi', periodKind: 'YEARLY' },
  { code: 'GELIR', name: 'Gelir Vergisi Beyannamesi', periodKind: 'YEARLY' },
  { code: 'DAMGA', name: 'Damga Vergisi Beyannamesi', periodKind: 'MONTHLY' },
];

export const VAT_TYPE_CODE = 'KDV1';
/** The 2 No.lu KDV Beyannamesi: the KDV a buyer withheld (KDV tevkifatı) on its purchases of the month. */
export const WITHHOLDING_VAT_TYPE_CODE = 'KDV2';
