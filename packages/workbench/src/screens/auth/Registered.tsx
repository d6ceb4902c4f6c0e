import { Callout, HTMLTable, Tag } from '@blueprintjs/core';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';

/** What the registration answered; the screen also opens without it (a reload, a bookmark). */
interface RegisteredState {
  login?: string;
  email?: string;
  status?: string;
}

/** The registration summary labels (seeds §4), in the order an account goes through them. */
const LABELS = [
  { key: 'waitingMail', status: 'WAITING_FOR_ACTIVATION_MAIL' },
  { key: 'waitingActivation', status: 'WAITING_FOR_ACTIVATION' },
  { key: 'disabled', status: 'DISABLED' },
  { key: 'active', status: 'ACTIVE' },
] as const;

/**
 * /auth/registered: the account waits for activation; the user follows the mailed link. The
 * summary names the account's state among active, disabled, waiting for activation mail sending
 * and waiting for activation.
 */
export function Registered() {
  const { t } = useTranslation();
  const state = (useLocation().state ?? {}) as RegisteredState;
  const status = typeof state.status === 'string' ? state.status : 'WAITING_FOR_ACTIVATION';
  return (
    <div>
      <h2>{t('auth.registered.title')}</h2>
      <Callout intent="success" icon="envelope">{t('auth.registered.text')}</Callout>
      <HTMLTable compact aria-label={t('auth.registered.status')}>
        <tbody>
          {typeof state.login === 'string' && (
            <tr>
              <th scope="row">{t('auth.registered.account')}</th>
              <td>{state.login}</td>
            </tr>
          )}
          {typeof state.email === 'string' && (
            <tr>
              <th scope="row">{t('auth.email')}</th>
              <td>{state.email}</td>
            </tr>
          )}
          <tr>
            <th scope="row">{t('auth.registered.status')}</th>
            <td>
              <ul style={{ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexWrap: 'wrap', gap: 4 }} aria-label={t('auth.registered.status')}>
                {LABELS.map((l) => {
                  const current = l.status === status;
                  return (
                    <li key={l.key} aria-current={current ? 'true' : undefined}>
                      <Tag minimal={!current} intent={current ? 'primary' : 'none'} icon={current ? 'time' : undefined}>
                        {t(`auth.registered.${l.key}`)}
                      </Tag>
                    </li>
                  );
                })}
              </ul>
            </td>
          </tr>
        </tbody>
      </HTMLTable>
      <div className="tz-auth-links">
        <Link to="/auth/resend-activation" state={{ login: state.login }}>{t('auth.resendActivation')}</Link>
        <Link to="/auth/login" state={{ login: state.login }}>{t('auth.goToLogin')}</Link>
      </div>
    </div>
  );
}
