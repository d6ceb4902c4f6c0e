import { useCallback, useRef, useState, type ReactNode } from 'react';
import { Alert, type IconName, type Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

export interface ConfirmOptions {
  /** The question. @default t('common.areYouSure') ('Emin misiniz?') */
  message?: ReactNode;
  /** A line under the question saying what will happen (e.g. "Ayşe Yılmaz şirketten çıkarılacak."). */
  detail?: ReactNode;
  /** @default t('common.yes') ('Evet') */
  confirmText?: string;
  /** @default t('common.no') ('Hayır') */
  cancelText?: string;
  /** @default 'danger' */
  intent?: Intent;
  /** @default 'warning-sign' */
  icon?: IconName;
}

export interface Confirm {
  /** Asks; resolves true on Evet, false on Hayır, Escape or a second question replacing it. */
  confirm(options?: ConfirmOptions): Promise<boolean>;
  /** The dialog; render it once anywhere in the component. */
  dialog: ReactNode;
}

/**
 * The seeds' confirmation ('Emin misiniz?' with Evet / Hayır) as a promise:
 *
 * ```tsx
 * const { confirm, dialog } = useConfirm();
 * if (await confirm()) await api.users.remove(id, companyId);
 * return <>{dialog} ...</>;
 * ```
 */
export function useConfirm(): Confirm {
  const { t } = useTranslation();
  const [open, setOpen] = useState<ConfirmOptions | null>(null);
  const resolver = useRef<((ok: boolean) => void) | null>(null);

  const settle = useCallback((ok: boolean) => {
    resolver.current?.(ok);
    resolver.current = null;
    setOpen(null);
  }, []);

  const confirm = useCallback((options: ConfirmOptions = {}) => {
    resolver.current?.(false);
    setOpen(options);
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
  }, []);

  const dialog = (
    <Alert
      isOpen={open !== null}
      intent={open?.intent ?? 'danger'}
      icon={open?.icon ?? 'warning-sign'}
      confirmButtonText={open?.confirmText ?? t('common.yes')}
      cancelButtonText={open?.cancelText ?? t('common.no')}
      canEscapeKeyCancel
      onConfirm={() => settle(true)}
      onCancel={() => settle(false)}
    >
      <p><strong>{open?.message ?? t('common.areYouSure')}</strong></p>
      {open?.detail && <p>{open.detail}</p>}
    </Alert>
  );
  return { confirm, dialog };
}
