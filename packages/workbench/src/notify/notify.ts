import { Intent, OverlayToaster, Position, type Toaster } from '@blueprintjs/core';
import type { TFunction } from 'i18next';
import { NOTIFICATION_SECONDS } from '@tezgah/core';

/** What the seeds' error catalogue (000 §8) says to do with a failed call. */
export type ErrorReaction =
  | { kind: 'silent' }
  | { kind: 'toast'; title: string; message: string; reload: boolean };

/** The fields of a failed call the catalogue reads (an SDK error has them all). */
interface ErrorLike {
  _tag?: string;
  status?: number;
  /** The problem's title, else the status text (the SDK's rule). */
  title?: string;
  detail?: string;
  code?: string;
  message?: string;
  /** The problem body, when the server sent one: its title is "the server title". */
  problem?: { title?: string; detail?: string } | undefined;
  statusText?: string;
  /** A body read as text ('No Its Access Token'). */
  body?: unknown;
}

/** Which client made the call: the main service (default), the account client or the reports service. */
export interface FailureOptions {
  /** Account calls (sign-in, activation, password reset, registration). */
  account?: boolean;
  /** Report calls. */
  reports?: boolean;
  /** The account call, when one is silent: 'password-reset-activate-finish'. */
  call?: string;
}

/** The body of a 401 that is passed through silently (pharmacy ITS calls without an ITS session). */
export const NO_ITS_ACCESS_TOKEN = 'No Its Access Token';
/** Account calls whose failures show nothing (seeds 000 §8). */
export const SILENT_ACCOUNT_CALLS: readonly string[] = ['password-reset-activate-finish'];
/** How long after a main-service 401 notice the page reloads (ms), so the notice is seen. */
export const RELOAD_DELAY_MS = 1500;

const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined);

function isNoItsAccessToken(e: ErrorLike): boolean {
  if (e._tag === 'NoItsAccessToken') return true;
  if (e.status !== 401) return false;
  return [e.body, e.detail, e.title, e.problem?.detail, e.problem?.title, e.message].some((v) => text(v) === NO_ITS_ACCESS_TOKEN);
}

/** "The server title, else status and status text": the problem's title, else e.g. '502 Bad Gateway'. */
function serverTitle(e: ErrorLike): string {
  const fromProblem = text(e.problem?.title);
  if (fromProblem) return fromProblem;
  // An SDK error (tagged) without a problem title carries the status text as its title.
  const plainTitle = e._tag ? undefined : text(e.title);
  if (plainTitle) return plainTitle;
  const statusText = e._tag ? text(e.title) : text(e.statusText);
  if (e.status) return [String(e.status), statusText].filter(Boolean).join(' ');
  return text(e.message) ?? '';
}

/**
 * The catalogue (seeds 000 §8), as one function:
 * - main-service calls: 403 → 'Yetki Hatası' saying the user lacks permission; a 401 whose body
 *   is 'No Its Access Token' → silent; any other error → 'HATALI' with the server title (else
 *   status and status text), and on a 401 (or a 423, the screen locked elsewhere) the page reloads;
 * - account calls: a 401 saying the account is not activated asks the user to finish activation
 *   through the mailed link; other 401s show the standard unauthorized message, 403 a forbidden
 *   message, others the title or status text; password-reset-activate-finish is silent;
 * - reports: 403 a forbidden notice; others the title, else message, else status and status text.
 */
export function describeError(error: unknown, t: TFunction, opts: FailureOptions = {}): ErrorReaction {
  const e = (error ?? {}) as ErrorLike;
  const status = e.status ?? 0;
  const toast = (title: string, message: string, reload = false): ErrorReaction => ({ kind: 'toast', title, message, reload });
  if (opts.account) {
    if (opts.call && SILENT_ACCOUNT_CALLS.includes(opts.call)) return { kind: 'silent' };
    if (e._tag === 'NetworkError') return toast(t('notify.error'), t('notify.networkError'));
    if (status === 401 && (e.code === 'ACCOUNT_NOT_ACTIVATED' || /not activated|etkinle[sş]tirilme/i.test(`${e.detail ?? ''} ${e.title ?? ''}`))) {
      return toast(t('notify.error'), t('notify.notActivated'));
    }
    if (status === 401) return toast(t('notify.error'), t('notify.unauthorized'));
    if (status === 403) return toast(t('notify.forbiddenTitle'), t('notify.forbidden'));
    return toast(t('notify.error'), serverTitle(e));
  }
  if (opts.reports) {
    if (status === 403) return toast(t('notify.forbiddenTitle'), t('notify.forbidden'));
    if (e._tag === 'NetworkError') return toast(t('notify.error'), t('notify.networkError'));
    return toast(t('notify.error'), text(e.problem?.title) ?? text(e.message) ?? serverTitle(e));
  }
  if (isNoItsAccessToken(e)) return { kind: 'silent' };
  if (status === 403) return toast(t('notify.forbiddenTitle'), t('notify.forbidden'));
  if (e._tag === 'NetworkError') return toast(t('notify.error'), t('notify.networkError'));
  // 423: the screen was locked in another tab; the reload finds the account locked and shows the
  // lock screen, as a 401 after a reload shows the sign-in page.
  return toast(t('notify.error'), serverTitle(e), status === 401 || status === 423);
}

/**
 * A failed call whose body came as a Blob (file downloads): the body is parsed as JSON first
 * (seeds 000 §8), so the catalogue sees the problem's title; text that is not JSON is the body.
 */
export async function errorFromBlob(status: number, statusText: string, body: Blob): Promise<ErrorLike> {
  const raw = await body.text();
  try {
    const parsed = JSON.parse(raw) as { title?: string; detail?: string; message?: string; code?: string };
    return { status, statusText, problem: { title: parsed.title, detail: parsed.detail }, detail: parsed.detail, message: parsed.message, code: parsed.code };
  } catch {
    return { status, statusText, body: raw, problem: undefined };
  }
}

let toaster: Promise<Toaster> | null = null;

/** The page's toaster (top, over everything). Tests may hand in their own. */
export function getToaster(): Promise<Toaster> {
  toaster ??= OverlayToaster.create({ position: Position.TOP, maxToasts: 5 });
  return toaster;
}

export function setToaster(next: Toaster): void {
  toaster = Promise.resolve(next);
}

/**
 * The keys of the errors and warnings on screen. They speak of the page they were shown on (a
 * failed load, a refused save), so the shell takes them down when the person goes to another page
 * (leavePage); a success notice runs its 3 seconds out, as it often confirms what brought the
 * person to the new page (a save that returns to the list, the sign-in, a company switch).
 */
const pageToasts = new Set<string>();
let toastSeq = 0;

/** Dismisses the errors and warnings shown so far: the shell calls it when the page changes. */
export function leavePage(): void {
  if (pageToasts.size === 0) return;
  const keys = [...pageToasts];
  pageToasts.clear();
  // After any show asked for before this call (the same promise runs its callbacks in order).
  void getToaster().then((tst) => { for (const key of keys) tst.dismiss(key); });
}

/** Notifications stay 3 seconds (seeds 000 §9). */
/**
 * What pasting `pasted` into a field with a length limit would lose: the browser silently cuts a
 * paste at the field's maxLength, so the shell says how much was left out (nothing is lost without
 * the person knowing). 0 when it fits or the field has no limit.
 */
export function pasteOverflow(field: { maxLength: number; value: string; selectionStart: number | null; selectionEnd: number | null }, pasted: string): number {
  if (!(field.maxLength > 0)) return 0;
  const selected = field.selectionStart !== null && field.selectionEnd !== null ? field.selectionEnd - field.selectionStart : 0;
  const after = field.value.length - selected + pasted.length;
  return Math.max(0, after - field.maxLength);
}

export const NOTIFICATION_TIMEOUT_MS = NOTIFICATION_SECONDS * 1000;

export interface Notifier {
  /** 'BAŞARILI' with the message. */
  success(message: string): void;
  /** 'UYARI' with the message. */
  warning(message: string): void;
  error(title: string, detail?: string): void;
  /** Shows (or silences) a failed call as the catalogue says; reloads the page on a main-service 401. */
  failure(error: unknown, opts?: FailureOptions): void;
}

export function createNotifier(t: TFunction, reload: () => void = () => window.location.reload()): Notifier {
  const show = (intent: Intent, title: string, message: string) => {
    const key = `tz-toast-${++toastSeq}`;
    if (intent !== Intent.SUCCESS) pageToasts.add(key);
    void getToaster().then((tst) => tst.show({
      intent,
      timeout: NOTIFICATION_TIMEOUT_MS,
      message: `${title}${message ? ` — ${message}` : ''}`,
      icon: intent === Intent.SUCCESS ? 'tick-circle' : intent === Intent.WARNING ? 'warning-sign' : 'error',
      onDismiss: () => { pageToasts.delete(key); },
    }, key));
  };
  return {
    success: (m) => show(Intent.SUCCESS, t('notify.success'), m),
    warning: (m) => show(Intent.WARNING, t('notify.warning'), m),
    error: (title, detail) => show(Intent.DANGER, title, detail ?? ''),
    failure(error, opts) {
      const r = describeError(error, t, opts);
      if (r.kind === 'silent') return;
      show(Intent.DANGER, r.title, r.message);
      if (r.reload) setTimeout(reload, RELOAD_DELAY_MS);
    },
  };
}
