/**
 * Retries of requests that are safe to send again. A keep-alive connection the server (or a proxy)
 * closed while the CLI was busy is found only when the next request is written to it (`fetch
 * failed: EPIPE`, `ECONNRESET`, "other side closed"); a server that restarts answers 502/503 for a
 * moment. Either way, a request that cannot do its work twice is sent again, a few times with a
 * growing pause: a GET, or a writing request that carries an `Idempotency-Key` (the server answers
 * a repeat of it with the first result and does nothing twice). Any other request fails at once.
 */
import type { FetchLike } from '@tezgah/sdk';

/** Pauses before the 2nd, 3rd, … attempt: four retries, 7.5 s in all at most. */
export const RETRY_DELAYS_MS: readonly number[] = [500, 1000, 2000, 4000];

/** What a retry is about to do (for a line on stderr). */
export interface RetryEvent {
  readonly method: string;
  readonly url: string;
  /** The attempt that is about to start (2 for the first retry). */
  readonly attempt: number;
  readonly attempts: number;
  readonly delayMs: number;
  /** Why: the network error's text, or the HTTP status. */
  readonly reason: string;
}

export interface RetryOptions {
  readonly delays?: readonly number[];
  readonly sleep?: (ms: number) => Promise<void>;
  readonly onRetry?: (event: RetryEvent) => void;
}

const RETRY_STATUSES = new Set([502, 503, 504]);
/** A Retry-After longer than this is not waited for: the answer is given to the caller. */
const MAX_RETRY_AFTER_MS = 30_000;

/** Whether the request may be sent twice without doing its work twice. */
export function isRepeatable(request: Request): boolean {
  return request.method === 'GET' || request.method === 'HEAD' || request.headers.has('Idempotency-Key');
}

/** The text of a failed fetch: "fetch failed: EPIPE". */
export function networkReason(e: unknown): string {
  if (!(e instanceof Error)) return String(e);
  const cause = e.cause as { code?: unknown; message?: unknown } | undefined;
  const detail = typeof cause?.code === 'string' ? cause.code : typeof cause?.message === 'string' ? cause.message : '';
  return detail ? `${e.message}: ${detail}` : e.message;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** `fetch` that retries repeatable requests after a network error or a 502/503/504 (and a short 429). */
export function retryingFetch(inner: FetchLike, options: RetryOptions = {}): FetchLike {
  const delays = options.delays ?? RETRY_DELAYS_MS;
  const sleep = options.sleep ?? wait;
  return async (request) => {
    if (!isRepeatable(request) || !delays.length) return inner(request);
    const attempts = delays.length + 1;
    for (let attempt = 1; ; attempt++) {
      const last = attempt === attempts;
      // Each attempt sends a copy; the original stays unread for the next one (the last sends it).
      const sent = last ? request : request.clone();
      let reason: string;
      let pause = delays[attempt - 1] ?? 0;
      try {
        const response = await inner(sent);
        const retryAfter = response.status === 429 ? Number(response.headers.get('Retry-After')) * 1000 : NaN;
        const again = RETRY_STATUSES.has(response.status) || (Number.isFinite(retryAfter) && retryAfter <= MAX_RETRY_AFTER_MS);
        if (last || !again) return response;
        if (Number.isFinite(retryAfter)) pause = Math.max(pause, retryAfter);
        await response.body?.cancel().catch(() => undefined);
        reason = `HTTP ${response.status}`;
      } catch (e) {
        if (last || request.signal.aborted || (e instanceof Error && e.name === 'AbortError')) throw e;
        reason = networkReason(e);
      }
      options.onRetry?.({ method: request.method, url: request.url, attempt: attempt + 1, attempts, delayMs: pause, reason });
      await sleep(pause);
    }
  };
}
