import { isValidEmail } from '@tezgah/core';
import type { User, UserCreate, UserUpdate } from '@tezgah/sdk';
import type { FieldErrors } from '@tezgah/workbench/ui';
import { phoneError, tooLong, type Translate } from '../text';

/** The user dialog's values, as typed. */
export interface UserDraft {
  login: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  roleIds: number[];
}

/** The fields the dialog shows, in order (server messages for other fields go to a notification). */
export const USER_FIELDS = ['login', 'firstName', 'lastName', 'email', 'phone', 'roleIds'] as const;

/** The API's Login pattern. */
export const LOGIN_PATTERN = /^[A-Za-z0-9_.@-]+$/;

export function draftOf(user: User | null): UserDraft {
  return {
    login: user?.login ?? '',
    firstName: user?.firstName ?? '',
    lastName: user?.lastName ?? '',
    email: user?.email ?? '',
    phone: user?.phone ?? '',
    roleIds: user?.roles.map((r) => r.id) ?? [],
  };
}

/**
 * Seeds 000 §5: first name, last name, national ID (the login), e-mail and modules (the roles
 * that give them) are required; the e-mail must be valid. Lengths and patterns are the API's.
 * `t` translates in the 'settings' namespace, `k` in the kernel's.
 */
export function validateUser(d: UserDraft, creating: boolean, t: Translate, k: Translate): FieldErrors {
  const required = k('common.required');
  const e: FieldErrors = {};
  if (creating) {
    const login = d.login.trim();
    if (!login) e.login = required;
    else if (!LOGIN_PATTERN.test(login)) e.login = t('users.loginPattern');
    else e.login = tooLong(login, 50, t);
  }
  e.firstName = d.firstName.trim() ? tooLong(d.firstName, 50, t) : required;
  e.lastName = d.lastName.trim() ? tooLong(d.lastName, 50, t) : required;
  e.email = !d.email.trim() ? required : isValidEmail(d.email.trim()) ? undefined : t('validation.email');
  e.phone = phoneError(d.phone, t);
  if (d.roleIds.length === 0) e.roleIds = t('users.rolesRequired');
  for (const key of Object.keys(e)) if (!e[key]) delete e[key];
  return e;
}

/** POST /api/users: a blank phone is left out. */
export function createBody(d: UserDraft): UserCreate {
  const phone = d.phone.trim();
  return {
    login: d.login.trim(),
    firstName: d.firstName.trim(),
    lastName: d.lastName.trim(),
    email: d.email.trim(),
    ...(phone ? { phone } : {}),
    roleIds: [...d.roleIds],
  };
}

/** PUT /api/users: the phone is always sent, so clearing it clears it. */
export function updateBody(id: number, d: UserDraft): UserUpdate {
  return {
    id,
    firstName: d.firstName.trim(),
    lastName: d.lastName.trim(),
    email: d.email.trim(),
    phone: d.phone.trim(),
    roleIds: [...d.roleIds],
  };
}
