import { useState, type FormEvent } from 'react';
import { Button, Callout, Checkbox } from '@blueprintjs/core';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useShell } from '../../host/HostProvider';
import { Field } from './Field';
import { classifySignIn, collect, hasErrors, passwordError, requiredError, useCountdown, without, type Errors, type SignInFailure } from './forms';

/**
 * /auth/login: user name (login, national ID or e-mail) and password (4 to 50), remember me.
 * Wrong credentials read 'Giriş işlemi başarısız oldu'; a not-activated account is asked to
 * finish activation (with a link to resend it); too many attempts show the wait.
 */
export function Login() {
  const shell = useShell();
  const { t } = useTranslation();
  const location = useLocation();
  const initial = (location.state as { login?: unknown } | null)?.login;
  const [username, setUsername] = useState(typeof initial === 'string' ? initial : '');
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<SignInFailure | null>(null);
  const wait = useCountdown();

  const edit = (name: string, set: (v: string) => void) => (v: string) => {
    set(v);
    setErrors((all) => without(all, name));
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    const found = collect({ username: requiredError(t, username), password: passwordError(t, password) });
    setErrors(found);
    if (hasErrors(found) || wait.seconds > 0) return;
    setBusy(true);
    setFailure(null);
    try {
      await shell.signIn(username.trim(), password, rememberMe);
    } catch (err) {
      const f = classifySignIn(err);
      if (f.kind === 'fields') setErrors(f.errors);
      else if (f.kind === 'other') shell.notify.failure(err, { account: true });
      else setFailure(f);
      if (f.kind === 'rateLimited' && f.seconds) wait.start(f.seconds);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate aria-label={t('auth.loginTitle')}>
      <h2>{t('auth.loginTitle')}</h2>
      {failure?.kind === 'credentials' && (
        <Callout intent="danger" title={t('auth.loginFailed')}>{failure.detail ?? t('auth.checkCredentials')}</Callout>
      )}
      {failure?.kind === 'notActivated' && (
        <Callout intent="warning" title={t('auth.notActivatedTitle')}>
          <p>{t('notify.notActivated')}</p>
          <Link to="/auth/resend-activation" state={{ login: username.trim() }}>{t('auth.resendActivation')}</Link>
        </Callout>
      )}
      {failure?.kind === 'rateLimited' && (
        <Callout intent="warning" title={t('auth.rateLimitedTitle')}>
          {wait.seconds > 0 ? t('auth.rateLimitedWait', { seconds: wait.seconds }) : t('auth.rateLimitedLater')}
        </Callout>
      )}
      <Field
        id="login-username"
        label={t('auth.username')}
        value={username}
        onChange={edit('username', setUsername)}
        error={errors.username}
        autoComplete="username"
        autoFocus
      />
      <Field
        id="login-password"
        label={t('auth.password')}
        type="password"
        value={password}
        onChange={edit('password', setPassword)}
        error={errors.password}
        autoComplete="current-password"
      />
      <Checkbox label={t('auth.rememberMe')} checked={rememberMe} onChange={(e) => setRememberMe(e.currentTarget.checked)} />
      <Button type="submit" intent="primary" fill loading={busy} disabled={wait.seconds > 0} text={t('auth.signIn')} />
      <div className="tz-auth-links">
        <Link to="/auth/forgot-password">{t('auth.forgotPassword')}</Link>
        <Link to="/auth/register">{t('auth.register')}</Link>
      </div>
      <div className="tz-auth-links">
        <Link to="/auth/resend-activation" state={{ login: username.trim() }}>{t('auth.resendActivation')}</Link>
      </div>
    </form>
  );
}
