/**
 * Types, paths and rules the money screens (issue 8: safes, banks, cheques, transactions) share:
 * amounts and rates typed the Turkish way, currencies, the authorities, and the "money changed"
 * signal that makes the summaries and movement lists read again.
 */
import { useEffect, useState } from 'react';
import { Action, CURRENCIES, Module, parseTurkishDecimal, type WorkbenchHost } from '@tezgah/core';
import type { components } from '@tezgah/sdk';
import { centsToDecimal, readAmount } from '../ledger/model';

export type Safe = components['schemas']['Safe'];
export type MoneyTransaction = components['schemas']['MoneyTransaction'];
export type TransactionLine = components['schemas']['TransactionLine'];
export type MoneySummary = components['schemas']['MoneySummary'];
export type MoneyKind = components['schemas']['MoneyKind'];
export type MoneyAccountRow = MoneySummary['cash']['accounts'][number];
export type BankAccount = components['schemas']['BankAccount'];
export type Current = components['schemas']['Current'];
export type TransactionType = 'TRANSFER' | 'COLLECTION' | 'PAYMENT';

const API = '/services/onmuhasebe/api';
export const SAFES = `${API}/safes`;
export const BANK_ACCOUNTS = `${API}/bank-accounts`;
export const TRANSACTIONS = `${API}/transactions`;
export const TRANSACTION_REVERSE = `${API}/transactions/{id}/reverse`;
export const TRANSACTION_LINES = `${API}/transaction-lines`;
export const SUMMARIES = `${API}/summaries`;
export const CURRENTS = `${API}/currents`;

/**
 * The reads a money write changes besides its own collection (which the SDK marks stale by
 * itself): the cash/bank summary (the pickers' balances, the home widget), the safes' and bank
 * accounts' balances and their movements. Money writes name them in useApiMutation's `invalidates`.
 */
export const MONEY_READS: readonly string[] = [SUMMARIES, SAFES, BANK_ACCOUNTS, TRANSACTION_LINES];

/** The Turkish lira's id. */
export const TL = 1;

/** A currency's code by id ("USD"); the id itself when unknown. */
export const currencyCode = (id: number | null | undefined) => CURRENCIES.find((c) => c.id === id)?.code ?? (id ? String(id) : '');

/** The safe module's authority for an action (seeds 000 §6: SAFE 2). */
export const maySafe = (host: WorkbenchHost, ...actions: number[]) => host.can({ module: Module.SAFE, anyActions: actions });
/** The bank module's authority for an action (BANK 3). */
export const mayBank = (host: WorkbenchHost, ...actions: number[]) => host.can({ module: Module.BANK, anyActions: actions });
/** Who may see the money accounts' movements: view or finance movements view of the safe or the bank module. */
export const mayMoneyView = (host: WorkbenchHost) => maySafe(host, Action.VIEW, Action.FINANCE_MOVEMENTS_VIEW) || mayBank(host, Action.VIEW, Action.FINANCE_MOVEMENTS_VIEW);
/** Who may record a transaction (createTransaction: safe or bank transfer, customer collection, supplier payment). */
export const mayRecord = (host: WorkbenchHost) => host.can({ codes: ['2_7', '3_7', '6_25', '5_17'] });
/** Who may cancel one (reverseTransaction: safe or bank delete). */
export const mayCancel = (host: WorkbenchHost) => host.can({ codes: ['2_4', '3_4'] });

/**
 * The entities whose change moves money: the summaries and movement lists read again after any of
 * them (a partner's capital payment and a payment to personnel leave or enter a safe or bank too,
 * and so do an invoice's payments, its later collections and its cancellation).
 */
export const MONEY_ENTITIES = new Set(['safe', 'bankAccount', 'moneyTransaction', 'cheque', 'capital', 'personnelPayment', 'invoice']);

/**
 * A number that goes up whenever a safe, bank account, transaction or cheque is created, changed
 * or deleted (announced on the bus after the server confirmed it): seeds 000 §4 "creating,
 * updating or deleting a safe or bank account refreshes the cash/bank summary, the current
 * month's range summary and the first page of transaction lines". Screens put it in their load
 * keys or mark their reads stale on it (useMoneyRefresh): a money write made under another path
 * (an invoice's payment, a capital payment) reaches them through the bus.
 */
export function useMoneyVersion(host: WorkbenchHost): number {
  const [version, setVersion] = useState(0);
  useEffect(() => {
    const bump = (e: { plugin: string; entity: string }) => { if (e.plugin === 'accounting' && MONEY_ENTITIES.has(e.entity)) setVersion((n) => n + 1); };
    host.bus.on('entity.created', bump);
    host.bus.on('entity.updated', bump);
    host.bus.on('entity.deleted', bump);
    return () => {
      host.bus.off('entity.created', bump);
      host.bus.off('entity.updated', bump);
      host.bus.off('entity.deleted', bump);
    };
  }, [host.bus]);
  return version;
}

/** Announces a money change (after the server confirmed it). */
export function moneyChanged(host: WorkbenchHost, kind: 'created' | 'updated' | 'deleted', entity: string, id: number, record?: unknown) {
  host.bus.emit(`entity.${kind}`, { plugin: 'accounting', entity, id, ...(record === undefined ? {} : { record }) });
}

export type MoneyRead = { value: string } | { error: 'amountFormat' | 'amountDecimals' | 'amountPositive' } | null;

/** An amount above zero typed the Turkish way ("1.999,90") as the API's decimal string ("1999.90"); null when empty. */
export function readMoney(text: string): MoneyRead {
  const a = readAmount(text);
  if (a === null || 'error' in a) return a;
  return { value: centsToDecimal(a.cents) };
}

/**
 * An opening balance: like {@link readMoney}, zero allowed, and minus too when `signed` (a bank
 * account that opens owing).
 */
export function readOpening(text: string, signed = false): MoneyRead {
  const trimmed = text.trim();
  if (!trimmed) return null;
  const negative = trimmed.startsWith('-');
  if (negative && !signed) return { error: 'amountPositive' };
  const body = negative ? trimmed.slice(1) : trimmed;
  const d = parseTurkishDecimal(body);
  if (d === null || d.startsWith('-')) return { error: 'amountFormat' };
  if (/^0+(\.0+)?$/.test(d)) return { value: '0.00' };
  const a = readMoney(body);
  if (a === null || 'error' in a) return a;
  return { value: negative ? `-${a.value}` : a.value };
}

export type RateRead = { value: string } | { error: 'rateFormat' } | null;

/** A rate (lira per unit) typed the Turkish way ("32,4567"): above zero, at most 7 digits and 6 decimals. */
export function readRate(text: string): RateRead {
  if (!text.trim()) return null;
  const d = parseTurkishDecimal(text);
  if (d === null || d.startsWith('-')) return { error: 'rateFormat' };
  const [int = '0', frac = ''] = d.split('.');
  const whole = int.replace(/^0+(?=\d)/, '');
  if (whole.length > 7 || frac.length > 6 || !/[1-9]/.test(`${whole}${frac}`)) return { error: 'rateFormat' };
  const digits = frac.replace(/0+$/, '');
  return { value: digits ? `${whole}.${digits}` : whole };
}

/** The first and last day of the month that holds `day` (YYYY-MM-DD). */
export function monthOf(day: string): { startDate: string; endDate: string } {
  const [y, m] = day.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { startDate: `${day.slice(0, 7)}-01`, endDate: `${day.slice(0, 7)}-${String(last).padStart(2, '0')}` };
}

