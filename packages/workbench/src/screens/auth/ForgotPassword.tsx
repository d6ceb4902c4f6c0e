import { useState, type FormEvent } from 'react';
import { Button, Callout } from '@blueprintjs/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useShell } from '../../host/HostProvider';
import { Field } from './Field';
import { collect, emailError, hasErrors, pickFieldErrors, requiredError, without, type Errors } from './forms';

/**
 * /auth/forgot-password (also /account/reset-password/init): national ID and e-mail, then
 * `resetPasswordInit`. The answer is the same whether or not an account matched.
 */
export function ForgotPassword() {
  const shell = useShell();
  const { t } = useTranslation();
  const [login, setLogin] = useState('');
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);

  const edit = (name: string, set: (v: string) => void) => (v: string) => {
    set(v);
    setErrors((all) => without(all, name));
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    const found = collect({ login: requiredError(t, login), email: emailError(t, email) });
    setErrors(found);
    if (hasErrors(found)) return;
    setBusy(true);
    try {
      await shell.api.resetPasswordInit({ login: login.trim(), email: email.trim() });
      setSent(true);
      shell.notify.success(t('auth.forgot.sent'));
    } catch (err) {
      const fields = pickFieldErrors(err, { login: 'login', email: 'email' });
      if (hasErrors(fields)) setErrors(fields);
      else shell.notify.failure(err, { account: true });
    } finally {
      setBusy(false);
    }
  }

  if (sent) {
    return (
      <div>
        <h2>{t('auth.forgot.title')}</h2>
        <Callout intent="success" title={t('auth.forgot.sent')}>{t('auth.forgot.sentDetail')}</Callout>
        <div className="tz-auth-links">
          <Link to="/auth/login">{t('auth.backToLogin')}</Link>
        </div>
      </div>
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-label={t('auth.forgot.title')}>
      <h2>{t('auth.forgot.title')}</h2>
      <p>{t('auth.forgot.intro')}</p>
      <Field id="forgot-login" label={t('auth.loginOrNationalId')} value={login} onChange={edit('login', setLogin)} error={errors.login} autoComplete="username" autoFocus />
      <Field id="forgot-email" label={t('auth.email')} type="email" value={email} onChange={edit('email', setEmail)} error={errors.email} autoComplete="email" />
      <Button type="submit" intent="primary" fill loading={busy} text={t('auth.forgot.submit')} />
      <div className="tz-auth-links">
        <Link to="/auth/login">{t('auth.backToLogin')}</Link>
      </div>
    </form>
  );
}
