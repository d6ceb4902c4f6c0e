import { Route } from 'react-router';
import { Login } from './Login';

/**
 * The auth screens, under /auth (and, for the links the account service's mails used, the same
 * screens under /account where the seeds name such a path).
 */
export function authRoutes(prefix?: '/account') {
  if (prefix === '/account') return [];
  return [<Route key="login" path="login" element={<Login />} />];
}
