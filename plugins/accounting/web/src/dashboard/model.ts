/**
 * Paths, types and the loading hook the home dashboard's widgets share (issue 10; contract
 * openapi/accounting/dashboard.yaml). Each widget reads its one aggregate when it is shown.
 */
import type { components } from '@tezgah/sdk';
import { useApiData, useShell } from '@tezgah/workbench/ui';

export type MonthlySalesTotal = components['schemas']['MonthlySalesTotal'];
export type ReceivablesAging = components['schemas']['ReceivablesAging'];
export type AgingBucket = components['schemas']['AgingBucket'];
export type ChequesDue = components['schemas']['ChequesDue'];

const API = '/services/onmuhasebe/api';
export const MONTHLY_SALES = `${API}/dashboard/monthly-sales-total/{companyId}` as const;
export const RECEIVABLES_AGING = `${API}/dashboard/receivables-aging` as const;
export const CHEQUES_DUE = `${API}/dashboard/cheques-due` as const;

export type Loaded<T> = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; data: T };

/**
 * Reads `load()` through the data layer under `key` (`['GET', path, params]`): loading, failed
 * (the failure notified) or ready. A widget shown again shows its last figures at once.
 */
export function useLoaded<T>(key: readonly unknown[], load: (api: ReturnType<typeof useShell>['api']) => Promise<T>): Loaded<T> {
  const q = useApiData(key, load);
  if (q.data !== undefined) return { state: 'ready', data: q.data };
  return q.isError ? { state: 'failed' } : { state: 'loading' };
}
