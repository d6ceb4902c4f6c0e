import { useState, type FormEvent } from 'react';
import { Button, Callout, FormGroup, Tab, Tabs } from '@blueprintjs/core';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useShell } from '../../host/HostProvider';
import { Field } from './Field';
import { collect, emailError, hasErrors, phoneError, pickFieldErrors, requiredError, tidyPhone, without, type Errors } from './forms';

type Channel = 'mail' | 'sms';

/**
 * /auth/resend-activation: national ID plus e-mail (`sendActivationEmail`) or national ID plus
 * phone (`sendActivationSms`). The answer is the same whether or not an account matched.
 */
export function ResendActivation() {
  const shell = useShell();
  const { t } = useTranslation();
  const location = useLocation();
  const initial = (location.state as { login?: unknown } | null)?.login;
  const [channel, setChannel] = useState<Channel>('mail');
  const [login, setLogin] = useState(typeof initial === 'string' ? initial : '');
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<Channel | null>(null);

  const edit = (name: string, set: (v: string) => void) => (v: string) => {
    set(v);
    setErrors((all) => without(all, name));
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    const found = collect({
      login: requiredError(t, login),
      ...(channel === 'mail' ? { email: emailError(t, email) } : { phone: phoneError(t, phone) }),
    });
    setErrors(found);
    if (hasErrors(found)) return;
    setBusy(true);
    try {
      if (channel === 'mail') await shell.api.sendActivationEmail({ login: login.trim(), email: email.trim() });
      else await shell.api.sendActivationSms({ login: login.trim(), phone: phone.trim() });
      setSent(channel);
      shell.notify.success(t(channel === 'mail' ? 'auth.resend.mailSent' : 'auth.resend.smsSent'));
    } catch (err) {
      const fields = pickFieldErrors(err, { login: 'login', email: 'email', phone: 'phone' });
      if (hasErrors(fields)) setErrors(fields);
      else shell.notify.failure(err, { account: true });
    } finally {
      setBusy(false);
    }
  }

  if (sent) {
    return (
      <div>
        <h2>{t('auth.resend.title')}</h2>
        <Callout intent="success" title={t(sent === 'mail' ? 'auth.resend.mailSent' : 'auth.resend.smsSent')}>{t('auth.sameAnswer')}</Callout>
        <div className="tz-auth-links">
          <Link to="/auth/login">{t('auth.backToLogin')}</Link>
        </div>
      </div>
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-label={t('auth.resend.title')}>
      <h2>{t('auth.resend.title')}</h2>
      <p>{t('auth.resend.intro')}</p>
      <FormGroup label={t('auth.resend.channel')}>
        <Tabs
          id="resend-channel"
          selectedTabId={channel}
          onChange={(id) => {
            setChannel(id as Channel);
            setErrors((all) => without(all, 'email', 'phone'));
          }}
        >
          <Tab id="mail" title={t('auth.resend.byMail')} icon="envelope" />
          <Tab id="sms" title={t('auth.resend.bySms')} icon="mobile-phone" />
        </Tabs>
      </FormGroup>
      <Field id="resend-login" label={t('auth.loginOrNationalId')} value={login} onChange={edit('login', setLogin)} error={errors.login} autoComplete="username" />
      {channel === 'mail' ? (
        <Field id="resend-email" label={t('auth.email')} type="email" value={email} onChange={edit('email', setEmail)} error={errors.email} autoComplete="email" />
      ) : (
        <Field
          id="resend-phone"
          label={t('auth.phone')}
          type="tel"
          inputMode="tel"
          value={phone}
          onChange={edit('phone', setPhone)}
          onBlur={() => setPhone(tidyPhone)}
          error={errors.phone}
          autoComplete="tel"
          maxLength={20}
        />
      )}
      <Button type="submit" intent="primary" fill loading={busy} text={t(channel === 'mail' ? 'auth.resend.submitMail' : 'auth.resend.submitSms')} />
      <div className="tz-auth-links">
        <Link to="/auth/login">{t('auth.backToLogin')}</Link>
      </div>
    </form>
  );
}
