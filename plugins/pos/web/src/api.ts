import type { Intent } from '@blueprintjs/core';
import type { TezgahPromiseApi } from '@tezgah/sdk';
import { reportFailure, type Shell } from '@tezgah/workbench/ui';
import { POS_OPEN_STATUSES, type PosPaymentStatus, type VirtualPaymentStatus, type DatabaseType, type PosProvider } from '@tezgah/pos-common';
import { INTERNAL_SERVER_ERROR } from './messages';

/**
 * The POS calls the workbench makes (openapi/pos/*.yaml, paths under /services/onmuhasebe/api as
 * seeds 001 §7 name them). Every call goes through `api.request` / `api.list` with the path as
 * data, so one place names them all.
 */
export const API = '/services/onmuhasebe/api';

export const PATHS = {
  // P1: devices.yaml, payments.yaml.
  devices: `${API}/pos-devices`,
  device: `${API}/pos-devices/{id}`,
  payments: `${API}/pos-payments`,
  paymentsToPortal: `${API}/pos-payments-to-portal`,
  updateStatus: `${API}/pos-payments/update-status`,
  nonPrescription: `${API}/pos-payments/non-prescription`,
  // P2: links.yaml, assistant.yaml.
  virtualPayments: `${API}/virtual-payments`,
  createVirtualPayment: `${API}/virtual-payments/create`,
  linkSettings: `${API}/virtual-payment-settings`,
  assistants: `${API}/kolay-asistans`,
  assistant: `${API}/kolay-asistans/{id}`,
  connectors: `${API}/connector-settings`,
  connector: `${API}/connector-settings/{id}`,
  removeConnector: `${API}/connector-settings-and-pos-assistant/{id}`,
  lastVersion: `${API}/connector/getLastVersion/kolay_asistan`,
  checkAssistant: `${API}/kolay-asistans/{id}/check`,
  // The accounting plugin's lists the dialogs pick from.
  bankAccounts: `${API}/bank-accounts`,
  currents: `${API}/currents`,
} as const;

type Loose = (method: string, path: string, init?: object) => Promise<unknown>;
type LooseList = (path: string, init?: object) => Promise<{ items: unknown[]; total: number }>;
/** `api.request` / `api.list` with the path as data (the paths are the contract's, above). */
export const call = (api: TezgahPromiseApi) => api.request as unknown as Loose;
export const page = (api: TezgahPromiseApi) => api.list as unknown as LooseList;

/** Query values without the empty ones (an empty filter is no filter). */
export function query(q: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0)));
}

/** The problem's title of a failed call. */
export function titleOf(e: unknown): string | undefined {
  const x = e as { title?: unknown; problem?: { title?: unknown } } | null;
  const v = x?.problem?.title ?? x?.title;
  return typeof v === 'string' ? v : undefined;
}

/**
 * Reports a failed call. A problem titled 'Internal Server Error' tells the person to restart the
 * desktop assistant (seeds 001 §8); anything else goes to the workbench's catalogue.
 */
export function reportPosFailure(notify: Pick<Shell['notify'], 'error' | 'failure'>, e: unknown, t: (k: string) => string): void {
  if (titleOf(e) === INTERNAL_SERVER_ERROR) notify.error(t('common.error'), t('common.restartAssistant'));
  else reportFailure(notify, e, t('common.error'));
}

export type PosStatus = PosPaymentStatus;

/** The colour of a status's tag: waiting blue/orange, good green, bad red, over grey. */
export const STATUS_INTENT: Record<PosStatus, Intent> = {
  PENDING: 'warning', ON_TERMINAL: 'primary', INPROGRESS: 'primary', CANCELLED: 'none', FAILED: 'danger', SUCCESS: 'success', ABORTED: 'danger',
  SALE_CANCEL_PENDING: 'warning', SALE_CANCEL_ON_TERMINAL: 'primary', SALE_CANCEL_FAILED: 'danger', SALE_CANCELLED: 'none', SALE_CANCEL_SUCCESS: 'none', UNKNOWN: 'warning',
};

/** Statuses in which the terminal still owes an answer, and UNKNOWN (a late report may come): the "pending" list. */
export const WAITING: readonly PosStatus[] = [...POS_OPEN_STATUSES, 'UNKNOWN'];

export interface PosDevice {
  id: number;
  name: string;
  terminalSerialNo: string;
  provider: PosProvider;
  bankAccountId: number;
  bankAccountName: string | null;
  active: boolean;
  appTokenSet: boolean;
  apiKeySet: boolean;
  username: string | null;
  passwordSet: boolean;
  createdDate: string;
  updatedDate: string;
}

/** A POS payment as payments.yaml answers it (the fields the screens read). */
export interface PosPayment {
  id: number;
  kind?: string;
  status: PosStatus;
  statusReason: string | null;
  deviceId?: number;
  deviceName?: string | null;
  terminalSerialNo: string;
  total: string;
  currentId?: number | null;
  customerName?: string | null;
  dueDate?: string | null;
  invoiceId?: number | null;
  cardType?: string | null;
  maskedPan?: string | null;
  updateDate: string;
}

export interface VirtualPayment {
  id: number;
  currentId: number;
  currentName?: string | null;
  amount: number | string;
  currency?: string;
  description: string;
  status: VirtualPaymentStatus;
  paymentUrl: string | null;
  createdAt: string;
  paidAt?: string | null;
  postError?: string | null;
}

export interface KolayAsistan {
  id: number; name: string; deviceId: string; host: string; port: number; version: string | null; mode: 'sandbox' | 'live'; active: boolean; lastSeenAt: string | null;
}
export interface AssistantCheck { reachable: boolean; version: string | null; updateAvailable: boolean; connectorConnected?: boolean | null; message?: string | null }
export interface LastVersion { name: string; version: string; downloadUrl: string }

export interface ConnectorSetting {
  id: number;
  assistantId: number | null;
  vendor: string;
  vendorName: string;
  databaseType: DatabaseType;
  host: string;
  port: number;
  databaseName: string;
  username: string;
  passwordSet: boolean;
  active: boolean;
}

export interface BankAccount { id: number; name: string; accountType?: string; bankName?: string | null }
export interface Current { id: number; name: string; lastName?: string | null }
