/** Types, paths and rules of the bank screens (issue 8: banks, bank branches, bank accounts). */
import { isValidIBAN } from 'ibantools';
import { IBAN_LENGTH, Module, type WorkbenchHost } from '@tezgah/core';
import type { components } from '@tezgah/sdk';

export type Bank = components['schemas']['Bank'];
export type BankBranch = components['schemas']['BankBranch'];
export type BankAccount = components['schemas']['BankAccount'];
export type BankAccountMovement = components['schemas']['BankAccountMovement'];
export type BankAccountType = components['schemas']['BankAccountType'];

const API = '/services/onmuhasebe/api';
export const BANKS = `${API}/banks`;
export const BRANCHES = `${API}/bank-branches`;
export const BANK_ACCOUNTS = `${API}/bank-accounts`;
export const MOVEMENTS = `${API}/bank-accounts/{id}/movements`;

/** Bank account types (seeds 000 §3: trading, credit, credit card, online payment, POS bank account). */
export const ACCOUNT_TYPES: readonly BankAccountType[] = ['TRADING', 'CREDIT', 'CREDIT_CARD', 'ONLINE_PAYMENT', 'POS'];

/** Banks and bank accounts go with the bank module (BANK 3); branches with BANK_BRANCH (22). */
export const mayBank = (host: WorkbenchHost, action: number) => host.can({ module: Module.BANK, anyActions: [action] });
export const mayBranch = (host: WorkbenchHost, action: number) => host.can({ module: Module.BANK_BRANCH, anyActions: [action] });

export type IbanProblem = 'ibanCountry' | 'ibanTurkish' | 'ibanLength' | 'ibanChecksum' | 'ibanBank';

/** The IBAN without spaces, upper case. */
export const compactIban = (text: string) => text.replace(/\s/g, '').toUpperCase();

/** The 5-digit bank code a Turkish IBAN carries ("TR33 0006 1…" → "00061"). */
export const ibanBankCode = (iban: string) => compactIban(iban).slice(4, 9);

/**
 * What is wrong with a typed IBAN (seeds 000 §5 "IBAN: TR, 26 characters"), or null: it starts
 * with TR, has 26 characters and valid check digits, and, when a bank is chosen, carries that
 * bank's code ("0" + its EFT code).
 */
export function ibanProblem(text: string, bank?: Pick<Bank, 'ibanCode' | 'eftCode'> | null): IbanProblem | null {
  const iban = compactIban(text);
  if (!iban) return null;
  if (!/^[A-Z]{2}/.test(iban)) return 'ibanCountry';
  if (!iban.startsWith('TR')) return 'ibanTurkish';
  if (iban.length !== IBAN_LENGTH) return 'ibanLength';
  if (!isValidIBAN(iban)) return 'ibanChecksum';
  const code = bank?.ibanCode ?? (bank?.eftCode ? `0${bank.eftCode}` : null);
  if (code && ibanBankCode(iban) !== code) return 'ibanBank';
  return null;
}
