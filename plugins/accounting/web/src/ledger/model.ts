/** Types, paths and the money and date rules the book screens (issue 8) share. */
import { Module, formatAmount, parseTurkishDecimal, type WorkbenchHost } from '@tezgah/core';
import type { components } from '@tezgah/sdk';

export type FiscalYear = components['schemas']['FiscalYear'];
export type Journal = components['schemas']['Journal'];
export type JournalEntry = components['schemas']['JournalEntry'];
export type JournalLine = JournalEntry['lines'][number];
export type JournalOrder = components['schemas']['JournalOrder'];
export type LedgerAccount = components['schemas']['LedgerAccount'];
export type TrialBalance = components['schemas']['TrialBalance'];
export type TrialBalanceRow = components['schemas']['TrialBalanceRow'];
export type AccountStatement = components['schemas']['AccountStatement'];
export type StatementLine = AccountStatement['lines'][number];

const API = '/services/onmuhasebe/api';
export const FISCAL_YEARS = `${API}/fiscal-years`;
export const JOURNALS = `${API}/journals`;
export const JOURNALS_LOCK = `${API}/journals-lock`;
export const JOURNALS_UNLOCK = `${API}/journals-unlock`;
export const JOURNALS_MAX = `${API}/journals-getMax/{companyId}/{fiscalYearId}`;
export const ENTRIES = `${API}/journal-entries`;
export const ENTRY_REVERSE = `${API}/journal-entries/{id}/reverse`;
export const ORDER = `${API}/transactions-order/{year}/{companyId}`;
export const ORDER_CHECK = `${API}/transactions-order/{companyId}/{startDate}/{endDate}`;
export const ACCOUNTS = `${API}/ledger-accounts`;
export const TRIAL_BALANCE = `${API}/trial-balance`;
export const STATEMENT = `${API}/account-statement`;

/** The books go with the accounting module (seeds 000 §6: ACCOUNTING_CODE 18); the action decides the rest. */
export const mayLedger = (host: WorkbenchHost, action: number) => host.can({ module: Module.ACCOUNTING_CODE, anyActions: [action] });

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** True for a whole "YYYY-MM-DD" (what DateInput hands over once the typed date is real). */
export const isDay = (v: string) => DAY.test(v);

/** Today in Türkiye, YYYY-MM-DD. */
export function today(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Istanbul', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
}

/** An account code of the chart: 100, 102.01, 120.001 (the contract's AccountCode). */
export const ACCOUNT_CODE = /^[1-9][0-9]{0,2}(\.[0-9]{1,6})*$/;

/**
 * A debit or credit typed the Turkish way ("1.999,90", "250", "12,5") as kuruş; null for an empty
 * box; an error key when it is not an amount above zero with at most two decimals (the contract's
 * MoneyIn: at most 15 digits before the comma).
 */
export function readAmount(text: string): { cents: bigint } | { error: 'amountFormat' | 'amountDecimals' | 'amountPositive' } | null {
  if (!text.trim()) return null;
  const d = parseTurkishDecimal(text);
  if (d === null) return { error: 'amountFormat' };
  if (d.startsWith('-')) return { error: 'amountPositive' };
  const [int = '0', frac = ''] = d.split('.');
  if (frac.length > 2) return { error: 'amountDecimals' };
  if (int.replace(/^0+/, '').length > 15) return { error: 'amountFormat' };
  const cents = BigInt(int) * 100n + BigInt(frac.padEnd(2, '0') || '0');
  if (cents <= 0n) return { error: 'amountPositive' };
  return { cents };
}

/** Kuruş as the API's decimal string: 199990n → "1999.90". */
export function centsToDecimal(cents: bigint): string {
  const abs = cents < 0n ? -cents : cents;
  return `${cents < 0n ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

/** Kuruş in the Turkish format, exactly (no float on the way): 199990n → "1.999,90". */
export function formatCents(cents: bigint): string {
  const abs = cents < 0n ? -cents : cents;
  const int = String(abs / 100n).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${cents < 0n ? '-' : ''}${int},${String(abs % 100n).padStart(2, '0')}`;
}

/** An amount of the API (a JSON number, lira) as the screens show it: 1999.9 → "1.999,90". */
export const money = (n: number | null | undefined) => formatAmount(n);

/**
 * A balance (debit minus credit) as accountants read it: the amount and its side, B for a debit
 * balance and A for a credit one (1500 → "1.500,00 B", -250 → "250,00 A", 0 → "0,00").
 */
export function balance(n: number, sides: { debit: string; credit: string }): string {
  if (Math.abs(n) < 0.005) return formatAmount(0);
  return `${formatAmount(Math.abs(n))} ${n > 0 ? sides.debit : sides.credit}`;
}

/** A day plus n days: ("2026-01-31", 1) → "2026-02-01". */
export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}
