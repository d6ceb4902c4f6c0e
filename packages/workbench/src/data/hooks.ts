/**
 * The data hooks pages use (exported to plugins from '@tezgah/workbench/ui'): reads keyed by
 * operation and parameters, writes that refresh what they change, prefetch for hovers. The SDK is
 * the fetcher; see ./query for the client, its defaults and the keys.
 */
import { useCallback, useEffect, useRef } from 'react';
import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryKey,
  type UseMutationResult,
  type UseQueryResult,
} from '@tanstack/react-query';
import type { ListItem, ListPaths, Page, PathsWith, RequestInitFor, ResponseData, TezgahPromiseApi } from '@tezgah/sdk';
import { useShell } from '../host/HostProvider';
import { reportFailure } from '../ui/failure';
import { apiKey, collectionOf, invalidatePaths } from './query';

/** How a failed read is reported: the error catalogue (default), a function of the page's own, or not at all (the page shows it). */
export type ReportFailure = boolean | ((error: unknown) => void);

export interface DataQueryOptions<T> {
  /** False: do not load yet (a lookup waiting for its parent's choice). @default true */
  enabled?: boolean;
  /** Keeps the previous key's data on screen while the next key loads (filters, paging). @default false */
  keepPrevious?: boolean;
  /** Fetch again on every visit, even when the cached data is fresh (lists that others change). @default false */
  refetchOnEveryMount?: boolean;
  /** @default true (the error catalogue, `notify.failure`, as pages did before) */
  report?: ReportFailure;
  /** Overrides the client's staleTime for this read (e.g. Infinity for reference data). */
  staleTime?: number;
  /** Shapes the cached answer for this screen (the cache keeps the SDK's answer). */
  select?: (data: T) => T;
  /** Reads again every so many ms while on screen (a status that moves on the server's side), or stops (false). */
  refetchInterval?: number | false;
}

function useReport(error: unknown, errorUpdatedAt: number, report: ReportFailure | undefined) {
  const shell = useShell();
  const reportRef = useRef(report);
  reportRef.current = report;
  useEffect(() => {
    if (!error) return;
    const r = reportRef.current ?? true;
    if (r === false) return;
    if (typeof r === 'function') r(error);
    else shell.notify.failure(error);
    // One report per failure (errorUpdatedAt moves when a fetch fails again).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [error, errorUpdatedAt]);
}

/**
 * Any read under a key of the data layer's shape (`[method, path, params?]`, see {@link apiKey}):
 * for pages that load through the SDK's named calls (`api.users.list`) or several calls at once.
 * The key must start with the operation's method and path so writes under that path refresh it.
 */
export function useApiData<T>(key: QueryKey, load: (api: TezgahPromiseApi) => Promise<T>, options: DataQueryOptions<T> = {}): UseQueryResult<T> {
  const { api } = useShell();
  const q = useQuery({
    queryKey: key,
    queryFn: () => load(api),
    enabled: options.enabled ?? true,
    ...(options.keepPrevious ? { placeholderData: keepPreviousData } : {}),
    ...(options.refetchOnEveryMount ? { refetchOnMount: 'always' as const } : {}),
    ...(options.staleTime !== undefined ? { staleTime: options.staleTime } : {}),
    ...(options.select ? { select: options.select } : {}),
    ...(options.refetchInterval !== undefined ? { refetchInterval: options.refetchInterval } : {}),
  });
  useReport(q.error, q.errorUpdatedAt, options.report);
  return q;
}

/** `GET path` through the SDK (`api.request`), keyed `['GET', path, init]`. */
export function useApiQuery<P extends PathsWith<'GET'>>(
  path: P,
  init?: RequestInitFor<'GET', P>,
  options: DataQueryOptions<ResponseData<'GET', P>> = {},
): UseQueryResult<ResponseData<'GET', P>> {
  return useApiData(apiKey('GET', path, init), (api) => requestGet(api, path, init), options);
}

/** One page of a paged list (`api.list`: items and `x-total-count`), keyed `['GET', path, init, 'page']`. */
export function useApiList<P extends ListPaths>(
  path: P,
  init?: RequestInitFor<'GET', P>,
  options: DataQueryOptions<Page<ListItem<P>>> = {},
): UseQueryResult<Page<ListItem<P>>> {
  return useApiData([...apiKey('GET', path, init ?? {}), 'page'], (api) => listGet(api, path, init), options);
}

function requestGet<P extends PathsWith<'GET'>>(api: TezgahPromiseApi, path: P, init: RequestInitFor<'GET', P> | undefined) {
  const call = api.request as (m: 'GET', p: P, ...i: unknown[]) => Promise<ResponseData<'GET', P>>;
  return init === undefined ? call('GET', path) : call('GET', path, init);
}

function listGet<P extends ListPaths>(api: TezgahPromiseApi, path: P, init: RequestInitFor<'GET', P> | undefined) {
  const call = api.list as (p: P, ...i: unknown[]) => Promise<Page<ListItem<P>>>;
  return init === undefined ? call(path) : call(path, init);
}

export interface ApiMutationOptions<V, R> {
  /** The write itself, through the SDK. */
  mutate: (api: TezgahPromiseApi, variables: V) => Promise<R>;
  /**
   * Path prefixes whose reads this write changes besides its own collection (which the SDK
   * middleware refreshes by itself), e.g. a sale changes '/api/stock' too.
   */
  invalidates?: readonly string[];
  /** Runs after the write (and the invalidation) succeeded. */
  onSuccess?: (result: R, variables: V) => void;
  /**
   * How a failure is shown: a string is the 'HATALI' title of `reportFailure` (a 409 says why), a
   * function does its own, false shows nothing (the form shows it). @default the error catalogue
   */
  report?: string | false | ((error: unknown) => void);
}

/** A write through the SDK that refreshes what it changes; `mutateAsync` rejects as the SDK does. */
export function useApiMutation<V = void, R = unknown>(options: ApiMutationOptions<V, R>): UseMutationResult<R, unknown, V> {
  const shell = useShell();
  const client = useQueryClient();
  return useMutation<R, unknown, V>({
    mutationFn: (v) => options.mutate(shell.api, v),
    onSuccess: async (result, v) => {
      if (options.invalidates?.length) await invalidatePaths(client, options.invalidates);
      options.onSuccess?.(result, v);
    },
    onError: (error) => {
      const r = options.report;
      if (r === false) return;
      if (typeof r === 'function') r(error);
      else if (typeof r === 'string') reportFailure(shell.notify, error, r);
      else shell.notify.failure(error);
    },
  });
}

/** Marks stale (and refreshes on screen) every read under the given path prefixes. */
export function useInvalidate(): (...prefixes: string[]) => Promise<void> {
  const client = useQueryClient();
  return useCallback((...prefixes: string[]) => invalidatePaths(client, prefixes), [client]);
}

/** Loads `GET path` into the cache ahead of a visit (a hovered menu entry or row); a fresh entry is kept. */
export function usePrefetch(): <P extends PathsWith<'GET'>>(path: P, init?: RequestInitFor<'GET', P>) => void {
  const client = useQueryClient();
  const { api } = useShell();
  return useCallback(
    <P extends PathsWith<'GET'>>(path: P, init?: RequestInitFor<'GET', P>) => {
      void client.prefetchQuery({ queryKey: apiKey('GET', path, init), queryFn: () => requestGet(api, path, init) });
    },
    [client, api],
  );
}

export { apiKey, collectionOf };
