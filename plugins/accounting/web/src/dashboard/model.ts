/**
 * Paths, types and the loading hook the home dashboard's widgets share (issue 10; contract
 * openapi/accounting/dashboard.yaml). Each widget reads its one aggregate when it is shown.
 */
import { useEffect, useState } from 'react';
import type { components } from '@tezgah/sdk';
import { useShell } from '@tezgah/workbench/ui';

export type MonthlySalesTotal = components['schemas']['MonthlySalesTotal'];
export type ReceivablesAging = components['schemas']['ReceivablesAging'];
export type AgingBucket = components['schemas']['AgingBucket'];
export type ChequesDue = components['schemas']['ChequesDue'];

const API = '/services/onmuhasebe/api';
export const MONTHLY_SALES = `${API}/dashboard/monthly-sales-total/{companyId}` as const;
export const RECEIVABLES_AGING = `${API}/dashboard/receivables-aging` as const;
export const CHEQUES_DUE = `${API}/dashboard/cheques-due` as const;

export type Loaded<T> = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; data: T };

/** Reads `load()` once per shell (and company): loading, failed (the failure notified) or ready. */
export function useLoaded<T>(load: (api: ReturnType<typeof useShell>['api']) => Promise<T>, key: unknown = null): Loaded<T> {
  const shell = useShell();
  const [value, setValue] = useState<Loaded<T>>({ state: 'loading' });
  const { api, notify } = shell;
  // The API client and the notifier are stable (the shell object itself is new on each render of
  // the host): a widget loads once, and again only when its key (the company, the year) changes.
  useEffect(() => {
    let live = true;
    setValue({ state: 'loading' });
    load(api).then(
      (data) => { if (live) setValue({ state: 'ready', data }); },
      (e: unknown) => { if (live) setValue({ state: 'failed' }); notify.failure(e); },
    );
    return () => { live = false; };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api, notify, key]);
  return value;
}
