/**
 * Types, paths and authorities of the personnel payment screens (issue 8 "Personnel payments"):
 * a payment leaves a safe or bank account for a PERSONNEL current (debit its 335.xxx, credit the
 * money account); an instructed (talimatlı) one only from a bank account.
 */
import { Action, Module, type WorkbenchHost } from '@tezgah/core';
import type { components } from '@tezgah/sdk';

export type PersonnelPayment = components['schemas']['PersonnelPayment'];
export type PaymentType = components['schemas']['PersonnelPaymentType'];
export type PersonnelStatement = components['schemas']['PersonnelStatement'];
export type PaymentPurpose = components['schemas']['PersonnelPaymentPurpose'];
export type PayrollAccrual = components['schemas']['PayrollAccrual'];

const API = '/services/onmuhasebe/api';
export const PAYMENTS = `${API}/payments`;
export const PERSONNEL_STATEMENT = `${API}/personnel-statement`;
export const ACCRUALS = `${API}/personnel-accruals`;

export const PAYMENT_TYPES: readonly PaymentType[] = ['NORMAL', 'INSTRUCTED'];
/** A wage (debit 335.xxx) or an advance (debit 196.xxx, deducted from a later wage by an accrual). */
export const PAYMENT_PURPOSES: readonly PaymentPurpose[] = ['WAGE', 'ADVANCE'];
/** The wage expense accounts an accrual may debit (the personnel's cost centre); 770 by default. */
export const EXPENSE_ACCOUNTS = ['720', '730', '740', '750', '760', '770'] as const;

/** The personnel module's payment authorities (seeds 000 §6: PERSONNEL 8, payment view 16, create 17, update 18, delete 19). */
export const mayPayment = (host: WorkbenchHost, action: number) => host.can({ module: Module.PERSONNEL, anyActions: [action] });
export const mayPaymentsView = (host: WorkbenchHost) => mayPayment(host, Action.PAYMENT_VIEW);
/** The statement reads with the payment view or the personnel view. */
export const mayStatement = (host: WorkbenchHost) => host.can({ module: Module.PERSONNEL, anyActions: [Action.PAYMENT_VIEW, Action.VIEW] });
