import { describe, expect, it } from 'vitest';
import { canTransition, POS_OPEN_STATUSES, POS_PAYMENT_STATUSES, POS_PAYMENT_STATUS_LABELS, POS_TRANSITIONS, POS_USER_TARGETS, userActions, type PosPaymentStatus } from './payments';

// The table as decided (payments.ts): written out again here so a change to it is a conscious one.
const ALLOWED: Record<PosPaymentStatus, PosPaymentStatus[]> = {
  PENDING: ['ON_TERMINAL', 'INPROGRESS', 'SUCCESS', 'FAILED', 'ABORTED', 'CANCELLED', 'UNKNOWN'],
  ON_TERMINAL: ['INPROGRESS', 'SUCCESS', 'FAILED', 'ABORTED', 'CANCELLED', 'UNKNOWN'],
  INPROGRESS: ['SUCCESS', 'FAILED', 'ABORTED', 'UNKNOWN'],
  UNKNOWN: ['ON_TERMINAL', 'INPROGRESS', 'SUCCESS', 'FAILED', 'ABORTED', 'CANCELLED'],
  CANCELLED: ['PENDING', 'SUCCESS'],
  FAILED: ['PENDING'],
  ABORTED: ['PENDING'],
  SUCCESS: ['SALE_CANCEL_PENDING'],
  SALE_CANCEL_PENDING: ['SALE_CANCEL_ON_TERMINAL', 'SALE_CANCELLED', 'SALE_CANCEL_FAILED'],
  SALE_CANCEL_ON_TERMINAL: ['SALE_CANCELLED', 'SALE_CANCEL_FAILED'],
  SALE_CANCEL_FAILED: ['SALE_CANCEL_PENDING'],
  SALE_CANCELLED: ['SALE_CANCEL_SUCCESS'],
  SALE_CANCEL_SUCCESS: [],
};

const pairs = POS_PAYMENT_STATUSES.flatMap((from) => POS_PAYMENT_STATUSES.map((to) => [from, to] as const));

describe('POS payment transitions', () => {
  it('has a row for each of the 13 statuses of seeds 001 §4, each with a label', () => {
    expect(POS_PAYMENT_STATUSES).toHaveLength(13);
    expect(Object.keys(POS_TRANSITIONS).sort()).toEqual([...POS_PAYMENT_STATUSES].sort());
    for (const s of POS_PAYMENT_STATUSES) expect(POS_PAYMENT_STATUS_LABELS[s].tr).toBeTruthy();
  });

  it.each(pairs.filter(([f, t]) => ALLOWED[f].includes(t)))('allows %s → %s', (from, to) => {
    expect(canTransition(from, to)).toBe(true);
  });

  it.each(pairs.filter(([f, t]) => !ALLOWED[f].includes(t)))('refuses %s → %s', (from, to) => {
    expect(canTransition(from, to)).toBe(false);
  });

  it('never moves a status to itself and ends at SALE_CANCEL_SUCCESS', () => {
    for (const s of POS_PAYMENT_STATUSES) expect(canTransition(s, s)).toBe(false);
    expect(POS_TRANSITIONS.SALE_CANCEL_SUCCESS).toEqual([]);
  });

  it('offers each status the user actions its row allows', () => {
    expect(POS_USER_TARGETS).toEqual(['PENDING', 'CANCELLED', 'SALE_CANCEL_PENDING']);
    expect(userActions('PENDING')).toEqual(['giveUp']);
    expect(userActions('INPROGRESS')).toEqual([]);
    expect(userActions('FAILED')).toEqual(['send']);
    expect(userActions('SUCCESS')).toEqual(['cancelSale']);
    expect(userActions('UNKNOWN')).toEqual(['giveUp']);
    expect(userActions('SALE_CANCEL_FAILED')).toEqual(['cancelSale']);
    expect(POS_OPEN_STATUSES).not.toContain('SUCCESS');
  });
});
