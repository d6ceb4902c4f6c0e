import type { IntegratorErrorKind } from './types';

const RETRYABLE: ReadonlySet<IntegratorErrorKind> = new Set(['TIMEOUT', 'UNAVAILABLE']);

/**
 * Why a call to the integrator failed. `retryable` says whether the same call may be made again
 * later: TIMEOUT and UNAVAILABLE are; an expired session (10004) is renewed and retried once by
 * the client itself, so an AUTH error that reaches the caller is not; neither are DUPLICATE,
 * SCHEMATRON, INVALID, LIMIT or NOT_FOUND.
 */
export class IntegratorError extends Error {
  readonly kind: IntegratorErrorKind;
  /** The integrator's ERROR_CODE (e.g. '10009'), the HTTP status as 'HTTP 503', or null. */
  readonly code: string | null;
  readonly retryable: boolean;

  constructor(kind: IntegratorErrorKind, message: string, opts: { code?: string | null; retryable?: boolean; cause?: unknown } = {}) {
    super(message, opts.cause === undefined ? undefined : { cause: opts.cause });
    this.name = 'IntegratorError';
    this.kind = kind;
    this.code = opts.code ?? null;
    this.retryable = opts.retryable ?? RETRYABLE.has(kind);
  }
}

/**
 * izibiz's ERROR_CODE → kind. 10003 schematron; 10004 invalid session; 10009/10011/10017 the
 * document (or the answer) is already there; 10010 over 5 MB or 100 documents; 10008 nothing
 * matches; 10002/10005/10006/10012/10016/10018 the account may not (sign-in refused, product or
 * user not active, no authority); -1 and 10001 "unexpected error, try again later"; others invalid.
 */
export function kindOfCode(code: string): IntegratorErrorKind {
  switch (code.trim()) {
    case '10003': return 'SCHEMATRON';
    case '10004': case '10002': case '10005': case '10006': case '10012': case '10016': case '10018': return 'AUTH';
    case '10009': case '10011': case '10017': return 'DUPLICATE';
    case '10010': return 'LIMIT';
    case '10008': return 'NOT_FOUND';
    case '-1': case '10001': return 'UNAVAILABLE';
    default: return 'INVALID';
  }
}

export function errorOfCode(code: string, description: string | null): IntegratorError {
  const kind = kindOfCode(code);
  return new IntegratorError(kind, description?.trim() ? description.trim() : `Entegratör hata kodu ${code}`, { code: code.trim() });
}
