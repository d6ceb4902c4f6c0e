import { useState, type FormEvent } from 'react';
import { Button, Callout } from '@blueprintjs/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useShell } from '../../host/HostProvider';
import { Field } from './Field';
import { collect, errorInfo, hasErrors, passwordError, pickFieldErrors, repeatError, useLinkKey, without, type Errors } from './forms';

export interface NewPasswordFormProps {
  /** Prefix of the field ids. */
  id: string;
  title: string;
  intro: string;
  submitText: string;
  successTitle: string;
  successDetail: string;
  /** Sends the key from the link and the new password. */
  send(body: { key: string; newPassword: string }): Promise<unknown>;
  /** Whether a failure is also shown as a notification (the activate-finish call is silent). */
  toastFailure: boolean;
}

/**
 * A new password and its repeat for a key from a mailed link (the reset finish and the
 * first-password screens). A failure reads 'Şifre Sıfırlama işlemi başarısız!' with the server's
 * detail; success links to the sign-in page.
 */
export function NewPasswordForm(props: NewPasswordFormProps) {
  const shell = useShell();
  const { t } = useTranslation();
  const key = useLinkKey();
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  const edit = (name: string, set: (v: string) => void) => (v: string) => {
    set(v);
    setErrors((all) => without(all, name));
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!key) return;
    const found = collect({ password: passwordError(t, password), repeat: repeatError(t, password, repeat) });
    setErrors(found);
    if (hasErrors(found)) return;
    setBusy(true);
    setFailure(null);
    try {
      await props.send({ key, newPassword: password });
      setDone(true);
      shell.notify.success(props.successTitle);
    } catch (err) {
      const fields = pickFieldErrors(err, { newPassword: 'password' });
      if (hasErrors(fields)) setErrors(fields);
      const info = errorInfo(err);
      const detail = info.detail ?? (info.tag === 'NetworkError' ? t('notify.networkError') : info.title ?? '');
      setFailure(detail);
      if (props.toastFailure) shell.notify.error(t('auth.resetFailed'), detail);
    } finally {
      setBusy(false);
    }
  }

  if (!key) {
    return (
      <div>
        <h2>{props.title}</h2>
        <Callout intent="danger" title={t('auth.missingKeyTitle')}>{t('auth.missingKey')}</Callout>
        <div className="tz-auth-links">
          <Link to="/auth/forgot-password">{t('auth.reset.newLink')}</Link>
          <Link to="/auth/login">{t('auth.backToLogin')}</Link>
        </div>
      </div>
    );
  }

  if (done) {
    return (
      <div>
        <h2>{props.title}</h2>
        <Callout intent="success" title={props.successTitle}>{props.successDetail}</Callout>
        <div className="tz-auth-links">
          <Link to="/auth/login">{t('auth.goToLogin')}</Link>
        </div>
      </div>
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-label={props.title}>
      <h2>{props.title}</h2>
      <p>{props.intro}</p>
      {failure !== null && <Callout intent="danger" title={t('auth.resetFailed')}>{failure}</Callout>}
      <Field id={`${props.id}-password`} label={t('auth.newPassword')} type="password" value={password} onChange={edit('password', setPassword)} error={errors.password} autoComplete="new-password" autoFocus />
      <Field id={`${props.id}-repeat`} label={t('auth.repeatNewPassword')} type="password" value={repeat} onChange={edit('repeat', setRepeat)} error={errors.repeat} autoComplete="new-password" />
      <Button type="submit" intent="primary" fill loading={busy} text={props.submitText} />
      <div className="tz-auth-links">
        <Link to="/auth/login">{t('auth.backToLogin')}</Link>
      </div>
    </form>
  );
}
