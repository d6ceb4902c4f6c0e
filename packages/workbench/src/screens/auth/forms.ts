import { useEffect, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import type { TFunction } from 'i18next';
import { formatPhone, isValidEmail, isValidPassword } from '@tezgah/core';

/**
 * What the auth screens share: the field rules with their Turkish messages (seeds 000 §5, 001 §5),
 * the server's field errors mapped back onto fields, the key of a mailed link, and the wait after
 * too many sign-in attempts.
 */

/** Messages by field name ('login', 'user.email', ...); a field without an entry is valid. */
export type Errors = Record<string, string>;

export const hasErrors = (e: Errors): boolean => Object.keys(e).length > 0;

/** The errors without the named fields' (an edited field loses its message). */
export function without(e: Errors, ...names: string[]): Errors {
  if (!names.some((n) => n in e)) return e;
  const next = { ...e };
  for (const n of names) delete next[n];
  return next;
}

/** The error fields the screens read off an SDK error (see @tezgah/sdk errors). */
export interface ErrorInfo {
  tag: string | undefined;
  status: number | undefined;
  title: string | undefined;
  detail: string | undefined;
  code: string | undefined;
  retryAfterSeconds: number | undefined;
}

export function errorInfo(err: unknown): ErrorInfo {
  const e = (err ?? {}) as Partial<Record<'_tag' | 'title' | 'detail' | 'code', string>> & { status?: number; retryAfterSeconds?: number };
  return { tag: e._tag, status: e.status, title: e.title, detail: e.detail, code: e.code, retryAfterSeconds: e.retryAfterSeconds };
}

/**
 * The server's field errors by field path (`user.login`, `company.taxNumber`, `email`...): a
 * ValidationFailed carries them as `fieldErrors`; a Conflict has them in its problem.
 */
export function serverFieldErrors(err: unknown): Errors {
  const e = (err ?? {}) as { fieldErrors?: unknown; problem?: { fieldErrors?: unknown } };
  const list = Array.isArray(e.fieldErrors) ? e.fieldErrors : Array.isArray(e.problem?.fieldErrors) ? e.problem.fieldErrors : [];
  const out: Errors = {};
  for (const f of list as { field?: unknown; message?: unknown }[]) {
    if (f && typeof f.field === 'string' && f.field && typeof f.message === 'string' && !(f.field in out)) out[f.field] = f.message;
  }
  return out;
}

/** Picks the server errors of the named fields, renamed to the form's names (server name → form name). */
export function pickFieldErrors(err: unknown, names: Record<string, string>): Errors {
  const all = serverFieldErrors(err);
  const out: Errors = {};
  for (const [server, local] of Object.entries(names)) if (all[server]) out[local] = all[server];
  return out;
}

export function requiredError(t: TFunction, value: string): string | null {
  return value.trim() ? null : t('common.required');
}

export function emailError(t: TFunction, value: string): string | null {
  if (!value.trim()) return t('common.required');
  return isValidEmail(value.trim()) ? null : t('auth.invalidEmail');
}

export function passwordError(t: TFunction, value: string): string | null {
  if (!value) return t('common.required');
  return isValidPassword(value) ? null : t('auth.passwordLength');
}

export function repeatError(t: TFunction, password: string, repeat: string): string | null {
  if (!repeat) return t('common.required');
  return repeat === password ? null : t('auth.passwordsDoNotMatch');
}

/** A phone the server accepts (digits, spaces, + ( ) -; at most 20) with at least 10 digits. */
export function isValidPhone(value: string): boolean {
  const v = value.trim();
  return v.length <= 20 && /^[0-9 ()+-]*$/.test(v) && v.replace(/\D/g, '').length >= 10;
}

/**
 * A Turkish number shown as (xxx) xxx-xxxx (seeds §5) once it is complete: 10 digits, or 11 with
 * the trunk 0, or 12 with the country code 90. Anything else stays as typed.
 */
export function tidyPhone(value: string): string {
  const digits = value.replace(/\D/g, '');
  const complete = digits.length === 10 || (digits.length === 11 && digits.startsWith('0')) || (digits.length === 12 && digits.startsWith('90'));
  return complete && isValidPhone(value) ? formatPhone(value) : value;
}

export function phoneError(t: TFunction, value: string, required = true): string | null {
  if (!value.trim()) return required ? t('common.required') : null;
  return isValidPhone(value) ? null : t('auth.invalidPhone');
}

/** Collects the non-null messages into an {@link Errors}. */
export function collect(entries: Record<string, string | null>): Errors {
  const out: Errors = {};
  for (const [k, v] of Object.entries(entries)) if (v) out[k] = v;
  return out;
}

/**
 * The key of a mailed link: `?key=` (the links the server sends), or the rest of the path after
 * the screen's prefix (`/auth/activate/<key>`), since the seeds route these screens by prefix.
 */
export function useLinkKey(): string | null {
  const [params] = useSearchParams();
  const rest = useParams()['*'] ?? '';
  const key = params.get('key')?.trim() || rest.replace(/^\/+|\/+$/g, '');
  return key || null;
}

/** Seconds left of a wait (after a 429), counting down once a second. */
export function useCountdown(): { seconds: number; start(seconds: number): void } {
  const [until, setUntil] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until <= Date.now()) return;
    const id = setInterval(() => {
      const at = Date.now();
      setNow(at);
      if (at >= until) clearInterval(id);
    }, 1000);
    return () => clearInterval(id);
  }, [until]);
  return {
    seconds: Math.max(0, Math.ceil((until - now) / 1000)),
    start(seconds: number) {
      const at = Date.now();
      setNow(at);
      setUntil(at + seconds * 1000);
    },
  };
}

/** How a failed sign-in (login and lockscreen) is shown. */
export type SignInFailure =
  | { kind: 'credentials'; detail: string | undefined }
  | { kind: 'notActivated' }
  | { kind: 'rateLimited'; seconds: number | undefined }
  | { kind: 'fields'; errors: Errors }
  | { kind: 'other' };

/**
 * Sorts a failed `account.login` call: wrong credentials (and any other 401) say 'Giriş işlemi
 * başarısız oldu'; a not-activated account asks for activation; 429 shows the wait; the server's
 * field errors go to `username` and `password`; anything else is left to the error catalogue.
 */
export function classifySignIn(err: unknown): SignInFailure {
  const e = errorInfo(err);
  if (e.tag === 'Unauthorized' || e.status === 401) {
    if (e.code === 'ACCOUNT_NOT_ACTIVATED' || /not activated/i.test(e.detail ?? '')) return { kind: 'notActivated' };
    // Wrong credentials read the seeds' text; other refusals (no active company...) keep the server's detail.
    return { kind: 'credentials', detail: e.code && e.code !== 'BAD_CREDENTIALS' ? e.detail : undefined };
  }
  if (e.tag === 'RateLimited' || e.status === 429) return { kind: 'rateLimited', seconds: e.retryAfterSeconds };
  const errors = pickFieldErrors(err, { username: 'username', password: 'password' });
  if (hasErrors(errors)) return { kind: 'fields', errors };
  return { kind: 'other' };
}
