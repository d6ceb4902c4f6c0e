import { useState, type FormEvent } from 'react';
import { Button, Callout, Checkbox, FormGroup, InputGroup } from '@blueprintjs/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isValidPassword } from '@tezgah/core';
import { useShell } from '../../host/HostProvider';

/** /auth/login: user name (national ID, login or e-mail) and password, with the seeds' rules. */
export function Login() {
  const shell = useShell();
  const { t } = useTranslation();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(false);
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<{ title: string; detail: string } | null>(null);
  const userError = touched && !username.trim() ? t('common.required') : null;
  const passwordError = touched && !isValidPassword(password) ? t('auth.passwordLength') : null;

  async function submit(e: FormEvent) {
    e.preventDefault();
    setTouched(true);
    if (!username.trim() || !isValidPassword(password)) return;
    setBusy(true);
    setFailure(null);
    try {
      await shell.signIn(username.trim(), password, rememberMe);
    } catch (err) {
      const p = err as { title?: string; detail?: string; code?: string; status?: number };
      if (p.code === 'ACCOUNT_NOT_ACTIVATED') setFailure({ title: t('auth.loginFailed'), detail: t('notify.notActivated') });
      else if (p.status === 401) setFailure({ title: t('auth.loginFailed'), detail: t('auth.checkCredentials') });
      else setFailure({ title: p.title ?? t('notify.error'), detail: p.detail ?? '' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate aria-label={t('auth.loginTitle')}>
      <h2>{t('auth.loginTitle')}</h2>
      {failure && <Callout intent="danger" title={failure.title}>{failure.detail}</Callout>}
      <FormGroup label={t('auth.username')} labelFor="login-username" helperText={userError} intent={userError ? 'danger' : 'none'}>
        <InputGroup id="login-username" autoComplete="username" value={username} onValueChange={setUsername} intent={userError ? 'danger' : 'none'} autoFocus />
      </FormGroup>
      <FormGroup label={t('auth.password')} labelFor="login-password" helperText={passwordError} intent={passwordError ? 'danger' : 'none'}>
        <InputGroup id="login-password" type="password" autoComplete="current-password" value={password} onValueChange={setPassword} intent={passwordError ? 'danger' : 'none'} />
      </FormGroup>
      <Checkbox label={t('auth.rememberMe')} checked={rememberMe} onChange={(e) => setRememberMe(e.currentTarget.checked)} />
      <Button type="submit" intent="primary" fill loading={busy} text={t('auth.signIn')} />
      <div className="tz-auth-links">
        <Link to="/auth/forgot-password">{t('auth.forgotPassword')}</Link>
        <Link to="/auth/register">{t('auth.register')}</Link>
      </div>
    </form>
  );
}
