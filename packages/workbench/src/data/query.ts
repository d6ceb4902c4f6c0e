/**
 * The workbench's one data layer: TanStack Query over the SDK. Every read is a query keyed by its
 * operation and parameters (`['GET', '/api/users', { page: 0, size: 10 }]`); the host owns one
 * QueryClient per session (HostProvider), a write through the SDK marks the reads under its path
 * stale (and refreshes those on screen), and a sign-out or a company switch empties the cache.
 *
 * This module holds what the sign-in page needs (the client and its defaults); the hooks pages use
 * are in `./hooks`, so the sign-in page does not load the query observers it never uses.
 */
import { QueryClient, type Query, type QueryKey } from '@tanstack/react-query';
import type { TezgahClient } from '@tezgah/sdk';

type Middleware = Parameters<TezgahClient['use']>[0];

/** How long a read counts as fresh: within it a second screen asking the same thing is served from the cache. */
export const STALE_MS = 30_000;

/** Retries of a failed read: network failures and 5xx only (a 4xx is an answer, not a hiccup). */
export const READ_RETRIES = 2;

/** Whether a failed read may be tried again: the server did not answer, or answered with a 5xx. */
export function isTransient(error: unknown): boolean {
  const e = (error ?? {}) as { _tag?: string; status?: unknown };
  if (e._tag === 'NetworkError') return true;
  return typeof e.status === 'number' && e.status >= 500;
}

export interface QueryClientOptions {
  /** Retries of a transient failure; tests pass 0 so a failure shows at once. @default READ_RETRIES */
  retries?: number;
}

/** The host's QueryClient with the workbench's defaults. */
export function createQueryClient(options: QueryClientOptions = {}): QueryClient {
  const retries = options.retries ?? READ_RETRIES;
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: STALE_MS,
        // A revisited page shows what it had at once; a stale read is refreshed behind it.
        refetchOnMount: true,
        // Pages never reloaded on focus before; a tab switch should not move the rows under the cursor.
        refetchOnWindowFocus: false,
        retry: (count, error) => count < retries && isTransient(error),
        // Asked whatever the browser says of its connection: the server is often on the same
        // machine or the pharmacy's own network (npm start), reachable while navigator.onLine
        // says false; a call that cannot go out fails as it did before the cache, rather than
        // waiting paused for an 'online' event that may never come.
        networkMode: 'always',
      },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}

/**
 * Forgets everything read for the former company or user while a page may still be on screen (a
 * company switch, impersonation): reads no page shows are dropped, those on screen start over
 * (no data, fetched again under the new session). A sign-out empties the cache with `clear()`.
 */
export function forgetSession(client: QueryClient): void {
  client.getMutationCache().clear();
  client.removeQueries({ type: 'inactive' });
  void client.resetQueries({ type: 'active' });
}

/** The cache key of an operation: method, path template (as the SDK takes it) and its parameters. */
export function apiKey(method: string, path: string, params?: unknown): QueryKey {
  return params === undefined ? [method, path] : [method, path, params];
}

/**
 * The collection a path belongs to: the path up to its first `{parameter}` segment
 * (`/api/users/{login}` → `/api/users`, `/api/invoices/{id}/cancel` → `/api/invoices`).
 */
export function collectionOf(path: string): string {
  const at = path.indexOf('/{');
  return at < 0 ? path : path.slice(0, at);
}

/** Whether a query's key is an operation under `prefix` (the path itself or below it). */
export function isUnder(key: QueryKey, prefix: string): boolean {
  const path = key[1];
  if (typeof path !== 'string') return false;
  return path === prefix || path.startsWith(`${prefix}/`);
}

/**
 * Marks stale every read under the given path prefixes; those on screen are fetched again (an
 * in-flight fetch of the same key is joined, not started twice).
 */
export function invalidatePaths(client: QueryClient, prefixes: readonly string[]): Promise<void> {
  if (prefixes.length === 0) return Promise.resolve();
  return client.invalidateQueries(
    { predicate: (q: Query) => prefixes.some((p) => isUnder(q.queryKey, p)) },
    { cancelRefetch: false },
  );
}

/**
 * An SDK middleware: every successful write (POST/PUT/DELETE) marks stale the reads of its
 * collection, whoever made it (a migrated mutation, an older page's direct call, a dialog). A write
 * that touches other collections too says so with `useApiMutation`'s `invalidates`.
 */
export function invalidationMiddleware(client: QueryClient): Middleware {
  return {
    onResponse({ request, response, schemaPath }) {
      if (request.method !== 'GET' && request.method !== 'HEAD' && response.ok) {
        void invalidatePaths(client, [collectionOf(schemaPath)]);
      }
      return undefined;
    },
  };
}
