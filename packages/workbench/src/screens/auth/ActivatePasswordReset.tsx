import { useTranslation } from 'react-i18next';
import { useShell } from '../../host/HostProvider';
import { NewPasswordForm } from './NewPasswordForm';

/**
 * /auth/activate-password-reset/finish?key= (also /account/password-reset-activate/finish): a user
 * an administrator created sets their first password with `passwordResetActivateFinish`, which
 * activates the account. The seeds make this call silent on error: the failure shows on the page
 * only, with no notification.
 */
export function ActivatePasswordReset() {
  const shell = useShell();
  const { t } = useTranslation();
  return (
    <NewPasswordForm
      id="invite"
      title={t('auth.invite.title')}
      intro={t('auth.invite.intro')}
      submitText={t('auth.invite.submit')}
      successTitle={t('auth.invite.success')}
      successDetail={t('auth.invite.successDetail')}
      send={(body) => shell.api.passwordResetActivateFinish(body)}
      toastFailure={false}
    />
  );
}
