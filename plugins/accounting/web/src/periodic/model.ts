/**
 * Types, paths and authorities of the periodic-process screens (issue 10; openapi/accounting/
 * periodic.yaml): recurring invoices (PERIODIC) and instalment collections / payments
 * (INSTALMENT) made from an invoice, each period a line that runs once on the server's job queue.
 */
import { Module, type WorkbenchHost } from '@tezgah/core';
import type { components } from '@tezgah/sdk';

export type PeriodicProcess = components['schemas']['PeriodicProcess'];
export type PeriodicProcessDetail = components['schemas']['PeriodicProcessDetail'];
export type PeriodicLine = components['schemas']['PeriodicProcessLine'];
export type PeriodicType = components['schemas']['PeriodicProcessType'];
export type LineStatus = components['schemas']['PeriodicLineStatus'];
export type ProcessStatus = components['schemas']['PeriodicProcessStatus'];
export type PeriodPlan = components['schemas']['PeriodPlan'];

const API = '/services/onmuhasebe/api';
export const PROCESSES = `${API}/periodic-processes`;
export const PROCESS = `${API}/periodic-processes/{id}`;
export const TERMINATE = `${API}/periodic-processes/{id}/terminate`;
export const LINES = `${API}/periodic-process-lines`;
export const REPROCESS = `${API}/periodic-process-lines/reProcess`;

export const LIST_ROUTE = '/periodic-processes';
export const pageOf = (id: number) => `/periodic-processes/${id}`;

/** Seeds: customer "installment collection 26, periodic collection 27", supplier "installment payment 29, periodic payment 30". */
export const AUTHORITY: Record<'SALE' | 'BUYING', Record<PeriodicType, [number, number]>> = {
  SALE: { INSTALMENT: [Module.CUSTOMER, 26], PERIODIC: [Module.CUSTOMER, 27] },
  BUYING: { INSTALMENT: [Module.SUPPLIER, 29], PERIODIC: [Module.SUPPLIER, 30] },
};
/** Any of the four: the menu entry and the list. */
export const ANY_PERIODIC = { codes: ['6_26', '6_27', '5_29', '5_30'] };

export const mayRun = (host: WorkbenchHost, invoiceType: 'SALE' | 'BUYING', type: PeriodicType) =>
  host.can({ module: AUTHORITY[invoiceType][type][0], anyActions: [AUTHORITY[invoiceType][type][1]] });

/** A line a person may send again. */
export const retryable = (l: Pick<PeriodicLine, 'status'>) => l.status === 'FAILED' || l.status === 'INSUFFICIENT_BALANCE';

/** The Blueprint intent of a line's status. */
export const STATUS_INTENT: Record<LineStatus, 'none' | 'success' | 'danger' | 'warning' | 'primary'> = {
  PENDING: 'primary', SUCCESS: 'success', FAILED: 'danger', INSUFFICIENT_BALANCE: 'warning', CANCELLED: 'none',
};

/**
 * The body of a new process from the dialog's fields; an error key (under periodic.errors) when a
 * field is wrong. Days are whole numbers: MONTHLY 1–31, WEEKLY 1–7, DAYS 1–366; periods 1–120.
 */
export function newProcessBody(invoiceId: number, f: {
  processType: PeriodicType; periodType: PeriodPlan['type']; day: string; count: string; startDate: string; account: string; name: string;
}): { body: Record<string, unknown> } | { error: string; field: string } {
  const name = f.name.trim();
  if (f.processType === 'INSTALMENT') {
    const m = /^(SAFE|BANK_ACCOUNT):(\d+)$/.exec(f.account);
    if (!m) return { error: 'account', field: 'account' };
    return { body: { processType: 'INSTALMENT', invoiceId, ...(name ? { name } : {}), account: { kind: m[1], id: Number(m[2]) } } };
  }
  const day = Number(f.day);
  const max = f.periodType === 'MONTHLY' ? 31 : f.periodType === 'WEEKLY' ? 7 : 366;
  if (!/^\d+$/.test(f.day.trim()) || day < 1 || day > max) return { error: f.periodType === 'WEEKLY' ? 'weekday' : f.periodType === 'MONTHLY' ? 'monthDay' : 'days', field: 'day' };
  const count = Number(f.count);
  if (!/^\d+$/.test(f.count.trim()) || count < 1 || count > 120) return { error: 'count', field: 'count' };
  if (!/^\d{4}-\d{2}-\d{2}$/.test(f.startDate)) return { error: 'startDate', field: 'startDate' };
  return { body: { processType: 'PERIODIC', invoiceId, ...(name ? { name } : {}), startDate: f.startDate, period: { type: f.periodType, day, count } } };
}
