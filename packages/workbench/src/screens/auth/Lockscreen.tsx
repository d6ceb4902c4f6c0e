import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button, Callout } from '@blueprintjs/core';
import { Navigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useShell } from '../../host/HostProvider';
import { Field } from './Field';
import { classifySignIn, collect, hasErrors, passwordError, useCountdown, without, type Errors, type SignInFailure } from './forms';

/**
 * /auth/lockscreen: the signed-in user's name and a password to unlock. Being here means the
 * session is locked: on the server too (POST /api/account/lock, made here if the session came
 * without it), so every other path and every API call waits for the password (`shell.unlock`,
 * which goes back to the page the person was on). Without a session, the sign-in page.
 */
export function Lockscreen() {
  const shell = useShell();
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<SignInFailure | null>(null);
  const wait = useCountdown();
  const account = shell.account;
  // Decided once, on arrival: a session that came unlocked is locked now (unlocking later, on
  // this same screen, must not lock it again).
  const arrived = useRef(false);
  useEffect(() => {
    if (arrived.current || shell.status !== 'signed-in' || !account) return;
    arrived.current = true;
    if (!shell.locked) void shell.lock().catch((e) => shell.notify.failure(e));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shell.status, account]);

  if (shell.status === 'loading') return null;
  if (!account) return <Navigate to="/auth/login" replace />;

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!account) return;
    const found = collect({ password: passwordError(t, password) });
    setErrors(found);
    if (hasErrors(found) || wait.seconds > 0) return;
    setBusy(true);
    setFailure(null);
    try {
      await shell.unlock(password);
    } catch (err) {
      const f = classifySignIn(err);
      if (f.kind === 'fields') setErrors(without(f.errors, 'username'));
      else if (f.kind === 'other') shell.notify.failure(err, { account: true });
      else setFailure(f);
      if (f.kind === 'rateLimited' && f.seconds) wait.start(f.seconds);
    } finally {
      setBusy(false);
    }
  }

  const name = `${account.firstName} ${account.lastName}`.trim() || account.login;
  return (
    <form onSubmit={submit} noValidate aria-label={t('auth.lockscreen.title')}>
      <h2>{t('auth.lockscreen.title')}</h2>
      <p>
        <strong>{name}</strong> ({account.login})
      </p>
      <p>{t('auth.lockscreen.intro')}</p>
      {failure?.kind === 'credentials' && (
        <Callout intent="danger" title={t('auth.loginFailed')}>{failure.detail ?? t('auth.checkCredentials')}</Callout>
      )}
      {failure?.kind === 'notActivated' && <Callout intent="warning" title={t('auth.notActivatedTitle')}>{t('notify.notActivated')}</Callout>}
      {failure?.kind === 'rateLimited' && (
        <Callout intent="warning" title={t('auth.rateLimitedTitle')}>
          {wait.seconds > 0 ? t('auth.rateLimitedWait', { seconds: wait.seconds }) : t('auth.rateLimitedLater')}
        </Callout>
      )}
      <Field
        id="lock-password"
        label={t('auth.password')}
        type="password"
        value={password}
        onChange={(v) => { setPassword(v); setErrors((all) => without(all, 'password')); }}
        error={errors.password}
        autoComplete="current-password"
        autoFocus
      />
      <Button type="submit" intent="primary" fill icon="unlock" loading={busy} disabled={wait.seconds > 0} text={t('auth.lockscreen.unlock')} />
      <div className="tz-auth-links">
        <Button variant="minimal" text={t('auth.lockscreen.otherUser')} onClick={() => void shell.signOut()} />
      </div>
    </form>
  );
}
