import type { Notifier } from '../notify/notify';

interface ConflictLike {
  _tag?: string;
  status?: number;
  detail?: unknown;
}

/** The server's explanation of a refused change (a 409's detail), if it gave one. */
export function conflictDetail(error: unknown): string | undefined {
  const e = (error ?? {}) as ConflictLike;
  const conflict = e._tag === 'Conflict' || e.status === 409;
  return conflict && typeof e.detail === 'string' && e.detail.trim() ? e.detail.trim() : undefined;
}

/**
 * Shows a failed change. A conflict (409: a role still held by users, the company owner, the
 * current company) says why, in the server's words, under 'HATALI' (`errorTitle`); everything
 * else goes to the error catalogue (`notify.failure`).
 */
export function reportFailure(notify: Pick<Notifier, 'error' | 'failure'>, error: unknown, errorTitle: string): void {
  const detail = conflictDetail(error);
  if (detail) notify.error(errorTitle, detail);
  else notify.failure(error);
}

/**
 * Whether the server answered and refused (a 4xx): nothing was written, so a corrected request
 * is new work with a new idempotency key. A network failure or a 5xx may hide a committed write;
 * the retry keeps the key.
 */
export function isRefusal(error: unknown): boolean {
  const status = ((error ?? {}) as ConflictLike).status;
  return typeof status === 'number' && status >= 400 && status < 500;
}
