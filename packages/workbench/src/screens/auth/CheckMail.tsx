import { NonIdealState } from '@blueprintjs/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

/** /check-mail (and /auth/check-mail): the "check your mailbox" notice after a mail was sent. */
export function CheckMail() {
  const { t } = useTranslation();
  return (
    <NonIdealState
      icon="envelope"
      title={t('auth.checkMail.title')}
      description={t('auth.checkMail.text')}
      action={<Link to="/auth/login">{t('auth.goToLogin')}</Link>}
    />
  );
}
