/**
 * Types, paths and rules of the declaration screens (issue 8 "Declarations"): the types, how each
 * kind writes its period, and which status may follow which (the server's rules.ts, shown as the
 * buttons a declaration offers).
 */
import type { components } from '@tezgah/sdk';

export type Declaration = components['schemas']['Declaration'];
export type DeclarationType = components['schemas']['DeclarationType'];
export type DeclarationStatus = components['schemas']['DeclarationStatus'];
export type PeriodKind = components['schemas']['DeclarationPeriodKind'];
export type VatFigures = NonNullable<Declaration['vat']>;
/** A withholding VAT (KDV 2) draft's figures: rows per code, ratio and KDV rate, totals, and 360's figure. */
export type WithholdingFigures = components['schemas']['WithholdingVatFigures'];

const API = '/services/onmuhasebe/api';
export const DECLARATION_TYPES = `${API}/declaration-types`;
export const DECLARATIONS = `${API}/declarations`;
export const VAT_DRAFT = `${API}/declarations/vat-draft`;
export const WITHHOLDING_VAT_DRAFT = `${API}/declarations/withholding-vat-draft`;

export const STATUSES: readonly DeclarationStatus[] = ['AWAITING_APPROVAL', 'APPROVED', 'FAULTY', 'CANCELLED'];
export const PERIOD_KINDS: readonly PeriodKind[] = ['MONTHLY', 'QUARTERLY', 'YEARLY'];

/**
 * The allowed status changes: awaiting approval → approved, faulty or cancelled; faulty → awaiting
 * approval or cancelled; approved and cancelled are final (an approved declaration is corrected by
 * a new one of the same type and period).
 */
export const NEXT_STATUSES: Readonly<Record<DeclarationStatus, readonly DeclarationStatus[]>> = {
  AWAITING_APPROVAL: ['APPROVED', 'FAULTY', 'CANCELLED'],
  FAULTY: ['AWAITING_APPROVAL', 'CANCELLED'],
  APPROVED: [],
  CANCELLED: [],
};

/** Open declarations change their type, period and explanation; approved and cancelled ones do not. */
export const isOpen = (s: DeclarationStatus) => s === 'AWAITING_APPROVAL' || s === 'FAULTY';

/** A status's colour on the screens. */
export const STATUS_INTENT: Readonly<Record<DeclarationStatus, 'none' | 'primary' | 'success' | 'warning' | 'danger'>> = {
  AWAITING_APPROVAL: 'primary', APPROVED: 'success', FAULTY: 'danger', CANCELLED: 'none',
};

const PERIOD: Readonly<Record<PeriodKind, RegExp>> = {
  MONTHLY: /^\d{4}-(0[1-9]|1[0-2])$/,
  QUARTERLY: /^\d{4}-Q[1-4]$/,
  YEARLY: /^\d{4}$/,
};

/** True when a period is written as its kind wants: 2026-01, 2026-Q1, 2026. */
export const periodFits = (kind: PeriodKind, period: string) => PERIOD[kind].test(period.trim());

/** The month before the one that holds `day` (YYYY-MM-DD) as YYYY-MM: the month a VAT return is usually prepared for. */
export function previousMonth(day: string): string {
  const [y, m] = day.split('-').map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}
