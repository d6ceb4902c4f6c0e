import { Intent, OverlayToaster, Position, type Toaster } from '@blueprintjs/core';
import type { TFunction } from 'i18next';
import { NOTIFICATION_SECONDS } from '@tezgah/core';

/** What the seeds' error catalogue (000 §8) says to do with a failed call. */
export type ErrorReaction =
  | { kind: 'silent' }
  | { kind: 'toast'; title: string; message: string; reload: boolean };

interface ErrorLike {
  _tag?: string;
  status?: number;
  title?: string;
  detail?: string;
  code?: string;
  message?: string;
}

/**
 * The catalogue, as one function:
 * - main-service calls: 403 → 'Yetki Hatası'; 401 'No Its Access Token' → silent; any other error
 *   → 'HATALI' with the server's title (else the status), and on 401 the page reloads;
 * - account calls (`account: true`): a not-activated 401 asks the user to finish activation,
 *   other 401s say unauthorized, 403 forbidden, others the title.
 */
export function describeError(error: unknown, t: TFunction, opts: { account?: boolean } = {}): ErrorReaction {
  const e = (error ?? {}) as ErrorLike;
  if (e._tag === 'NoItsAccessToken') return { kind: 'silent' };
  const status = e.status ?? 0;
  if (e._tag === 'NetworkError') return { kind: 'toast', title: t('notify.error'), message: t('notify.networkError'), reload: false };
  if (status === 403) return { kind: 'toast', title: t('notify.forbiddenTitle'), message: t('notify.forbidden'), reload: false };
  if (opts.account) {
    if (status === 401 && (e.code === 'ACCOUNT_NOT_ACTIVATED' || /not activated/i.test(e.detail ?? ''))) {
      return { kind: 'toast', title: t('notify.error'), message: t('notify.notActivated'), reload: false };
    }
    if (status === 401) return { kind: 'toast', title: e.title ?? t('notify.error'), message: e.detail ?? t('notify.unauthorized'), reload: false };
    return { kind: 'toast', title: t('notify.error'), message: e.title ?? e.message ?? String(status), reload: false };
  }
  const message = e.detail ? `${e.title ?? ''}${e.title ? ': ' : ''}${e.detail}` : e.title ?? (status ? `${status}` : e.message ?? '');
  return { kind: 'toast', title: t('notify.error'), message, reload: status === 401 };
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

const TIMEOUT = NOTIFICATION_SECONDS * 1000;

export interface Notifier {
  success(message: string): void;
  warning(message: string): void;
  error(title: string, detail?: string): void;
  /** Shows (or silences) a failed call as the catalogue says; reloads the page on a main-service 401. */
  failure(error: unknown, opts?: { account?: boolean }): void;
}

export function createNotifier(t: TFunction, reload: () => void = () => window.location.reload()): Notifier {
  const show = (intent: Intent, title: string, message: string) => {
    void getToaster().then((tst) => tst.show({
      intent,
      timeout: TIMEOUT,
      message: `${title}${message ? ` — ${message}` : ''}`,
      icon: intent === Intent.SUCCESS ? 'tick-circle' : intent === Intent.WARNING ? 'warning-sign' : 'error',
    }));
  };
  return {
    success: (m) => show(Intent.SUCCESS, t('notify.success'), m),
    warning: (m) => show(Intent.WARNING, t('notify.warning'), m),
    error: (title, detail) => show(Intent.DANGER, title, detail ?? ''),
    failure(error, opts) {
      const r = describeError(error, t, opts);
      if (r.kind === 'silent') return;
      show(Intent.DANGER, r.title, r.message);
      if (r.reload) setTimeout(reload, 1500);
    },
  };
}
