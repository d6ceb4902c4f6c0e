/**
 * One tagged error class per failure (ARCHITECTURE: "an HTTP status maps to exactly one tag").
 *
 * Every class is an `Error` (so the Promise façade rejects with it) and an Effect failure that
 * `Effect.catchTag` / `catchTags` can pick by its `_tag`.
 */
import { Data } from 'effect';
import type { components } from './generated/api';

/** RFC 9457 problem details, as the server answers them (`application/problem+json`). */
export type Problem = components['schemas']['Problem'];
/** One field's validation message inside a {@link Problem}. */
export type FieldError = components['schemas']['FieldError'];

/** What every HTTP failure carries. */
export interface HttpErrorFields {
  /** The HTTP status of the response. */
  readonly status: number;
  /** The problem's title (or the status text when the body was not a problem). */
  readonly title: string;
  /** The problem's detail, when there is one. */
  readonly detail: string | undefined;
  /** The problem's stable machine code (e.g. ACCOUNT_NOT_ACTIVATED), when there is one. */
  readonly code: string | undefined;
  /** The problem as the server sent it; undefined when the body was not problem+json. */
  readonly problem: Problem | undefined;
  /** `title (status): detail`. */
  readonly message: string;
}

/** 401: no token, a bad or expired token, or wrong credentials. */
export class Unauthorized extends Data.TaggedError('Unauthorized')<HttpErrorFields> {}
/** 401 with 'No Its Access Token': the pharmacy ITS session is missing; callers usually ignore it (seeds 000 §8). */
export class NoItsAccessToken extends Data.TaggedError('NoItsAccessToken')<HttpErrorFields> {}
/** 403: signed in, but without the authority (or a company-id header that disagrees with the token). */
export class Forbidden extends Data.TaggedError('Forbidden')<HttpErrorFields> {}
/** 404. */
export class NotFound extends Data.TaggedError('NotFound')<HttpErrorFields> {}
/** 400, 413, 415, 422 and every other 4xx without a tag of its own; `fieldErrors` says which fields. */
export class ValidationFailed extends Data.TaggedError('ValidationFailed')<
  HttpErrorFields & { readonly fieldErrors: readonly FieldError[] }
> {}
/** 409: the change conflicts with the current state (a duplicate, a stale version...). */
export class Conflict extends Data.TaggedError('Conflict')<HttpErrorFields> {}
/** 429; `retryAfterSeconds` from the Retry-After header when it had one. */
export class RateLimited extends Data.TaggedError('RateLimited')<
  HttpErrorFields & { readonly retryAfterSeconds: number | undefined }
> {}
/** 5xx (and any other non-success status that is not a 4xx). */
export class ServerError extends Data.TaggedError('ServerError')<HttpErrorFields> {}
/** The request never got an answer: fetch threw (offline, DNS, refused, aborted, CORS) or the answer could not be read. */
export class NetworkError extends Data.TaggedError('NetworkError')<{
  readonly message: string;
  readonly cause: unknown;
}> {}

/** Every failure that came with an HTTP response. */
export type TezgahHttpError =
  | Unauthorized
  | NoItsAccessToken
  | Forbidden
  | NotFound
  | ValidationFailed
  | Conflict
  | RateLimited
  | ServerError;

/** Every failure of an SDK call. */
export type TezgahError = TezgahHttpError | NetworkError;

/** The tags of {@link TezgahError}. */
export type TezgahErrorTag = TezgahError['_tag'];

const TAGS: ReadonlySet<string> = new Set<TezgahErrorTag>([
  'Unauthorized',
  'NoItsAccessToken',
  'Forbidden',
  'NotFound',
  'ValidationFailed',
  'Conflict',
  'RateLimited',
  'ServerError',
  'NetworkError',
]);

/** True for any SDK error instance. */
export function isTezgahError(u: unknown): u is TezgahError {
  if (!(u instanceof Error)) return false;
  const tag: unknown = (u as unknown as { _tag?: unknown })._tag;
  return typeof tag === 'string' && TAGS.has(tag);
}

/** The body the server sends with a 401 for pharmacy ITS calls without an ITS session. */
export const NO_ITS_ACCESS_TOKEN = 'No Its Access Token';

const DEFAULT_TITLES: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  501: 'Not Implemented',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/** The parts of a `Response` the mapping reads (a real Response fits). */
export interface ResponseLike {
  readonly status: number;
  readonly statusText?: string;
  readonly headers?: { get(name: string): string | null };
}

const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

function asProblem(body: unknown): Problem | undefined {
  if (typeof body === 'string') {
    const text = body.trim();
    if (!text.startsWith('{')) return undefined;
    try {
      return asProblem(JSON.parse(text));
    } catch {
      return undefined;
    }
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) return undefined;
  const o = body as Record<string, unknown>;
  if (str(o.title) === undefined && str(o.detail) === undefined && str(o.type) === undefined) return undefined;
  return o as unknown as Problem;
}

function fieldErrorsOf(problem: Problem | undefined): FieldError[] {
  const list = problem?.fieldErrors;
  if (!Array.isArray(list)) return [];
  return list.filter(
    (f): f is FieldError => !!f && typeof f === 'object' && typeof f.field === 'string' && typeof f.message === 'string',
  );
}

/**
 * Retry-After in seconds: either delta-seconds or an HTTP date (then the seconds from `now`,
 * never negative). Undefined when missing or unreadable.
 */
export function parseRetryAfter(value: string | null | undefined, now: number = Date.now()): number | undefined {
  if (value == null) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text);
  const at = Date.parse(text);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, Math.ceil((at - now) / 1000));
}

function isNoItsAccessToken(body: unknown, problem: Problem | undefined): boolean {
  const same = (v: unknown) => typeof v === 'string' && v.trim() === NO_ITS_ACCESS_TOKEN;
  if (same(body)) return true;
  if (problem && (same(problem.detail) || same(problem.title))) return true;
  if (body && typeof body === 'object' && same((body as Record<string, unknown>).message)) return true;
  return false;
}

/**
 * Maps a failed response to exactly one tagged error:
 * 401 → Unauthorized (NoItsAccessToken when the body or its detail is 'No Its Access Token'),
 * 403 → Forbidden, 404 → NotFound, 409 → Conflict, 429 → RateLimited, any other 4xx
 * (400, 413, 415, 422...) → ValidationFailed, everything else (≥ 500) → ServerError.
 *
 * `body` is the response body as read: the parsed JSON problem, or the text when it was not JSON.
 */
export function toTezgahError(response: ResponseLike, body: unknown): TezgahHttpError {
  const status = response.status;
  const problem = asProblem(body);
  const plain = typeof body === 'string' ? body.trim() : '';
  const other = !problem && body && typeof body === 'object' ? (body as Record<string, unknown>) : undefined;
  const title =
    str(problem?.title) ??
    str(other?.error) ??
    str(response.statusText) ??
    DEFAULT_TITLES[status] ??
    `HTTP ${status}`;
  const detail =
    str(problem?.detail) ??
    str(other?.message) ??
    (!problem && plain && plain.length <= 500 && !plain.startsWith('<') ? plain : undefined);
  const code = str(problem?.code);
  const message = `${title} (${status})${detail && detail !== title ? `: ${detail}` : ''}`;
  const fields: HttpErrorFields = { status, title, detail, code, problem, message };

  if (status === 401) {
    return isNoItsAccessToken(body, problem) ? new NoItsAccessToken(fields) : new Unauthorized(fields);
  }
  if (status === 403) return new Forbidden(fields);
  if (status === 404) return new NotFound(fields);
  if (status === 409) return new Conflict(fields);
  if (status === 429) {
    return new RateLimited({ ...fields, retryAfterSeconds: parseRetryAfter(response.headers?.get('Retry-After')) });
  }
  if (status >= 400 && status < 500) return new ValidationFailed({ ...fields, fieldErrors: fieldErrorsOf(problem) });
  return new ServerError(fields);
}

/** Wraps whatever a failed `fetch` threw. */
export function toNetworkError(cause: unknown): NetworkError {
  if (cause instanceof NetworkError) return cause;
  const reason =
    cause instanceof Error
      ? [cause.message, (cause.cause as { code?: unknown; message?: unknown } | undefined)?.code ?? (cause.cause as Error | undefined)?.message]
          .filter((x) => typeof x === 'string' && x !== '')
          .join(': ')
      : String(cause);
  return new NetworkError({ message: `Network error: ${reason || 'request failed'}`, cause });
}
