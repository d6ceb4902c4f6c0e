import { useEffect, useRef, useState } from 'react';
import { NonIdealState, Spinner } from '@blueprintjs/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useShell } from '../../host/HostProvider';
import { errorInfo, useLinkKey } from './forms';

/** The activation attempt (seeds §4): null while it runs, then true or false. */
interface Attempt {
  activated: boolean | null;
  login?: string;
  detail?: string;
}

/**
 * /auth/activate?key=: activates the account once, on arrival. Success reads 'Congratulations'
 * and links to the sign-in page; failure reads 'Unfortunately, your activation could not be
 * completed' and links to the resend page.
 */
export function Activate() {
  const shell = useShell();
  const { t } = useTranslation();
  const key = useLinkKey();
  const [attempt, setAttempt] = useState<Attempt>({ activated: null });
  const tried = useRef<string | null>(null);

  useEffect(() => {
    if (!key) return;
    // One call per key, even when effects run twice (StrictMode): a key works only once.
    if (tried.current === key) return;
    tried.current = key;
    setAttempt({ activated: null });
    shell.api.activate(key).then(
      (r) => {
        setAttempt({ activated: true, login: r.login });
        shell.notify.success(t('auth.activate.activated'));
      },
      (err: unknown) => {
        const e = errorInfo(err);
        setAttempt({ activated: false, ...(e.detail ? { detail: e.detail } : e.tag === 'NetworkError' ? { detail: t('notify.networkError') } : {}) });
      },
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  const shown: Attempt = key ? attempt : { activated: false, detail: t('auth.missingKey') };
  if (shown.activated === null) {
    return <NonIdealState icon={<Spinner size={40} />} title={t('auth.activate.pending')} />;
  }
  if (shown.activated) {
    return (
      <NonIdealState
        icon="endorsed"
        title={t('auth.activate.success')}
        description={t('auth.activate.successDetail')}
        action={<Link to="/auth/login" state={{ login: shown.login }}>{t('auth.goToLogin')}</Link>}
      />
    );
  }
  return (
    <NonIdealState
      icon="error"
      title={t('auth.activate.failed')}
      description={shown.detail}
      action={<Link to="/auth/resend-activation">{t('auth.resendActivation')}</Link>}
    />
  );
}
