import { Button, NonIdealState } from '@blueprintjs/core';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';

/** /auth/404: where unknown paths go. */
export function NotFound() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <NonIdealState
      icon="search"
      title={t('errors.notFoundTitle')}
      description={t('errors.notFound')}
      action={<Button intent="primary" text={t('errors.goHome')} onClick={() => navigate('/')} />}
    />
  );
}

/** /auth/500: the server-error page. */
export function ServerError() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <NonIdealState
      icon="error"
      title={t('errors.serverErrorTitle')}
      description={t('errors.serverError')}
      action={<Button intent="primary" text={t('errors.goHome')} onClick={() => navigate('/')} />}
    />
  );
}
