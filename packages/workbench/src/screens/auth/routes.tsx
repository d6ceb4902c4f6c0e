import { Route } from 'react-router';
import { AuthLayout } from '../../layouts/AuthLayout';
import { Activate } from './Activate';
import { ActivatePasswordReset } from './ActivatePasswordReset';
import { CheckMail } from './CheckMail';
import { ForgotPassword } from './ForgotPassword';
import { Lockscreen } from './Lockscreen';
import { Login } from './Login';
import { Register } from './Register';
import { Registered } from './Registered';
import { ResendActivation } from './ResendActivation';
import { ResetPasswordFinish } from './ResetPasswordFinish';

/**
 * The auth screens (seeds §2). Without a prefix: the children of the /auth layout route, with
 * relative paths; the seeds route reset/finish, activate and activate-password-reset/finish by
 * prefix, so those take a key in the rest of the path as well as in `?key=`.
 *
 * With '/account': the account service's paths (the links its mails used), at the top level of
 * <Routes>, in the auth layout: /account/reset-password/init, /account/reset-password/finish,
 * /account/password-reset-activate/finish and /check-mail.
 */
export function authRoutes(prefix?: '/account') {
  if (prefix === '/account') {
    return [
      <Route key="account" element={<AuthLayout />}>
        <Route path="/account/reset-password/init" element={<ForgotPassword />} />
        <Route path="/account/reset-password/finish/*" element={<ResetPasswordFinish />} />
        <Route path="/account/password-reset-activate/finish/*" element={<ActivatePasswordReset />} />
        <Route path="/check-mail" element={<CheckMail />} />
      </Route>,
    ];
  }
  return [
    <Route key="login" path="login" element={<Login />} />,
    <Route key="forgot-password" path="forgot-password" element={<ForgotPassword />} />,
    <Route key="reset-finish" path="reset/finish/*" element={<ResetPasswordFinish />} />,
    <Route key="activate" path="activate/*" element={<Activate />} />,
    <Route key="activate-password-reset" path="activate-password-reset/finish/*" element={<ActivatePasswordReset />} />,
    <Route key="resend-activation" path="resend-activation" element={<ResendActivation />} />,
    <Route key="register" path="register" element={<Register />} />,
    <Route key="registered" path="registered" element={<Registered />} />,
    <Route key="lockscreen" path="lockscreen" element={<Lockscreen />} />,
    <Route key="check-mail" path="check-mail" element={<CheckMail />} />,
  ];
}
