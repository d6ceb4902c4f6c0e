import { useTranslation } from 'react-i18next';
import { useShell } from '../../host/HostProvider';
import { NewPasswordForm } from './NewPasswordForm';

/**
 * /auth/reset/finish?key= (also /account/reset-password/finish): a new password for the key from
 * the reset mail, sent with `resetPasswordFinish`. A failure is shown on the page and notified.
 */
export function ResetPasswordFinish() {
  const shell = useShell();
  const { t } = useTranslation();
  return (
    <NewPasswordForm
      id="reset"
      title={t('auth.reset.title')}
      intro={t('auth.reset.intro')}
      submitText={t('auth.reset.submit')}
      successTitle={t('auth.reset.success')}
      successDetail={t('auth.reset.successDetail')}
      send={(body) => shell.api.resetPasswordFinish(body)}
      toastFailure
    />
  );
}
