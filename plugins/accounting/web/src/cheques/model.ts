/** Types, paths and rules of the cheque screens (issue 8; seeds 000 §3 cheque, module CHECK 4). */
import { Action, Module, type WorkbenchHost } from '@tezgah/core';
import type { components } from '@tezgah/sdk';

export type Cheque = components['schemas']['Cheque'];
export type ChequeEvent = components['schemas']['ChequeEvent'];
export type ChequeSummary = components['schemas']['ChequeSummary'];
export type ChequeState = components['schemas']['ChequeState'];
export type ChequeAction = components['schemas']['ChequeAction'];
export type ChequeDirection = components['schemas']['ChequeDirection'];

const API = '/services/onmuhasebe/api';
export const CHECKS = `${API}/checks`;
export const CHECK = `${API}/checks/{id}`;
export const CHECKS_SUMMARY = `${API}/checks-summary`;
export const CHECK_STEP = `${API}/checks/{id}/transitions`;
export const CHECK_HISTORY = `${API}/checks/{id}/history`;

/** The states a cheque of each direction goes through (the list's state filter). */
export const STATES: Record<ChequeDirection, readonly ChequeState[]> = {
  IN: ['IN_PORTFOLIO', 'DEPOSITED_FOR_COLLECTION', 'ENDORSED', 'COLLECTED', 'BOUNCED', 'RETURNED'],
  OUT: ['GIVEN', 'PAID', 'BOUNCED', 'RETURNED'],
};
export const ALL_STATES: readonly ChequeState[] = ['IN_PORTFOLIO', 'DEPOSITED_FOR_COLLECTION', 'ENDORSED', 'COLLECTED', 'GIVEN', 'PAID', 'BOUNCED', 'RETURNED'];
/** The order the step buttons come in. */
export const ACTION_ORDER: readonly ChequeAction[] = ['DEPOSIT', 'COLLECT', 'WITHDRAW', 'ENDORSE', 'PAY', 'BOUNCE', 'RETURN'];

/** The cheque module's (4) authorities. */
export const mayCheque = (host: WorkbenchHost, ...actions: number[]) => host.can({ module: Module.CHECK, anyActions: actions });
/** Which directions the user sees: view (1) both, received view (10) IN, given view (12) OUT. */
export function visibleDirections(host: WorkbenchHost): ChequeDirection[] {
  if (mayCheque(host, Action.VIEW)) return ['IN', 'OUT'];
  return [...(mayCheque(host, Action.RECEIVED_VIEW) ? ['IN' as const] : []), ...(mayCheque(host, Action.GIVEN_VIEW) ? ['OUT' as const] : [])];
}
/** Delete (4) deletes both directions; received delete (11) IN, given delete (13) OUT. */
export const mayDeleteCheque = (host: WorkbenchHost, direction: ChequeDirection) =>
  mayCheque(host, Action.DELETE, direction === 'IN' ? Action.RECEIVED_DELETE : Action.GIVEN_DELETE);

/**
 * What a step asks for (plugins/accounting/server/src/cheques/index.ts): a bank account to deposit
 * at or to cash a cheque from the portfolio into (required), the one a given cheque is paid from
 * (optional: the account it is drawn on), none when it is collected at the bank it was deposited
 * at (that one, shown); a current to endorse to; every step a date.
 */
export function stepNeeds(c: Pick<Cheque, 'state' | 'direction'>, action: ChequeAction): { bank: 'required' | 'optional' | 'fixed' | 'none'; current: boolean } {
  if (action === 'DEPOSIT') return { bank: 'required', current: false };
  if (action === 'COLLECT') return { bank: c.state === 'DEPOSITED_FOR_COLLECTION' ? 'fixed' : 'required', current: false };
  if (action === 'WITHDRAW') return { bank: 'fixed', current: false };
  if (action === 'PAY') return { bank: 'optional', current: false };
  if (action === 'ENDORSE') return { bank: 'none', current: true };
  return { bank: 'none', current: false };
}
