/**
 * Types, paths and the month grid of the agenda (ajanda; issue 10; openapi/accounting/agenda.yaml):
 * notes on a calendar, with the company's dues and periodic runs on the same days.
 */
import { Module, type WorkbenchHost } from '@tezgah/core';
import type { components } from '@tezgah/sdk';

export type AgendaNote = components['schemas']['AgendaNote'];
export type AgendaDue = components['schemas']['AgendaDue'];
export type AgendaRun = components['schemas']['PeriodicProcessLine'];
export type ReminderSettings = components['schemas']['DueReminderSettings'];

const API = '/services/onmuhasebe/api';
export const NOTES = `${API}/agenda`;
export const NOTE = `${API}/agenda/{id}`;
export const DUES = `${API}/agenda-transaction-payment-lines`;
export const RUNS = `${API}/agenda-periodic-process-lines`;
export const REMINDERS = `${API}/agenda-reminder-settings`;

/** The calendar reads a whole month at once (the seeds' refresh size). */
export const REFRESH_SIZE = 1000;

export const mayAgenda = (host: WorkbenchHost, ...actions: number[]) => host.can({ module: Module.AGENDA, anyActions: actions });

const pad = (n: number) => String(n).padStart(2, '0');
const iso = (y: number, m: number, d: number) => `${y}-${pad(m)}-${pad(d)}`;

/** The first and last day of a month ('2026-12' → ['2026-12-01', '2026-12-31']). */
export function monthRange(month: string): [string, string] {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return [iso(y, m, 1), iso(y, m, new Date(Date.UTC(y, m, 0)).getUTCDate())];
}

/** The month before or after ('2026-12', +1 → '2027-01'). */
export function shiftMonth(month: string, by: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 + by, 1));
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}`;
}

/**
 * The month's grid in weeks from Monday: each cell a day of the month (YYYY-MM-DD) or null before
 * the first and after the last.
 */
export function monthGrid(month: string): (string | null)[][] {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const days = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const lead = (new Date(Date.UTC(y, m - 1, 1)).getUTCDay() + 6) % 7;
  const cells: (string | null)[] = [...Array(lead).fill(null), ...Array.from({ length: days }, (_, i) => iso(y, m, i + 1))];
  while (cells.length % 7) cells.push(null);
  const weeks: (string | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}
