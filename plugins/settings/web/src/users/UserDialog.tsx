import { useRef, useState, type FormEvent } from 'react';
import { Button, Callout, Checkbox, Classes, Dialog, DialogBody, DialogFooter, InputGroup, Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { Role, User } from '@tezgah/sdk';
import { Field, fieldErrorsFor, reportFailure, fieldHelpId, isValid, useApiData, useShell, type FieldErrors } from '@tezgah/workbench/ui';
import { createBody, draftOf, updateBody, USER_FIELDS, validateUser, type UserDraft } from './userForm';

export interface UserDialogProps {
  /** The user to edit; null to add one. */
  user: User | null;
  onClose(): void;
  /** After a successful save (the dialog has already shown the notice). */
  onSaved(user: User): void;
}

/** Adds a user to the current company, or edits one: names, e-mail, phone and roles. */
export function UserDialog(props: UserDialogProps) {
  const shell = useShell();
  const { t } = useTranslation('settings');
  const { t: k } = useTranslation();
  const creating = props.user === null;
  const [draft, setDraft] = useState<UserDraft>(() => draftOf(props.user));
  const [errors, setErrors] = useState<FieldErrors>({});
  // The roles to choose from (none when they failed to load, the failure notified).
  const rolesQuery = useApiData(
    ['GET', '/services/onmuhasebe/api/roles', { size: 1000 }, 'page'],
    (api) => api.roles.list({ page: 0, size: 1000, sort: ['name,asc'] }).then((page) => page.items),
  );
  const roles: Role[] | null = rolesQuery.data ?? (rolesQuery.isError ? [] : null);
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const set = <K extends keyof UserDraft>(key: K) => (value: UserDraft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    if (errors[key]) setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const focusFirstError = (e: FieldErrors) => {
    const first = USER_FIELDS.find((f) => e[f]);
    if (!first) return;
    const el = formRef.current?.querySelector<HTMLElement>(first === 'roleIds' ? 'input[type=checkbox]' : `#user-${first}`);
    el?.focus();
  };

  async function submit(ev: FormEvent) {
    ev.preventDefault();
    const found = validateUser(draft, creating, t, k);
    setErrors(found);
    if (!isValid(found)) {
      focusFirstError(found);
      return;
    }
    setBusy(true);
    try {
      const saved = creating ? await shell.api.users.create(createBody(draft)) : await shell.api.users.update(updateBody(props.user!.id, draft));
      shell.notify.success(k(creating ? 'notify.added' : 'notify.updated'));
      props.onSaved(saved);
    } catch (err) {
      const server = fieldErrorsFor(err, USER_FIELDS, (e) => reportFailure(shell.notify, e, k('notify.error')));
      setErrors(server);
      focusFirstError(server);
    } finally {
      setBusy(false);
    }
  }

  const toggleRole = (id: number, on: boolean) => set('roleIds')(on ? [...draft.roleIds, id] : draft.roleIds.filter((r) => r !== id));
  const rolesHelp = fieldHelpId('user-roleIds');

  return (
    <Dialog isOpen title={creating ? t('users.add') : t('users.edit')} icon={creating ? 'new-person' : 'edit'} onClose={props.onClose} style={{ width: 560 }}>
      <form ref={formRef} onSubmit={submit} noValidate>
        <DialogBody>
          {creating && (
            <Field id="user-login" label={t('users.login')} required error={errors.login} hint={t('users.loginHint')}>
              <InputGroup id="user-login" autoComplete="off" value={draft.login} onValueChange={set('login')} intent={errors.login ? 'danger' : 'none'} autoFocus />
            </Field>
          )}
          <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: '0 12px' }}>
            <Field id="user-firstName" label={t('users.firstName')} required error={errors.firstName}>
              <InputGroup id="user-firstName" value={draft.firstName} onValueChange={set('firstName')} intent={errors.firstName ? 'danger' : 'none'} autoFocus={!creating} />
            </Field>
            <Field id="user-lastName" label={t('users.lastName')} required error={errors.lastName}>
              <InputGroup id="user-lastName" value={draft.lastName} onValueChange={set('lastName')} intent={errors.lastName ? 'danger' : 'none'} />
            </Field>
          </div>
          <Field id="user-email" label={t('users.email')} required error={errors.email}>
            <InputGroup id="user-email" type="email" autoComplete="off" value={draft.email} onValueChange={set('email')} intent={errors.email ? 'danger' : 'none'} />
          </Field>
          <Field id="user-phone" label={t('users.phone')} error={errors.phone}>
            <InputGroup id="user-phone" type="tel" value={draft.phone} onValueChange={set('phone')} intent={errors.phone ? 'danger' : 'none'} />
          </Field>
          <fieldset
            className={`${Classes.FORM_GROUP}${errors.roleIds ? ` ${Classes.INTENT_DANGER}` : ''}`}
            aria-describedby={rolesHelp}
            style={{ border: 0, padding: 0, margin: 0 }}
          >
            <legend className={Classes.LABEL} style={{ padding: 0 }}>
              {t('users.roles')} <span aria-hidden="true" className={Classes.TEXT_MUTED}>*</span>
            </legend>
            {roles === null ? (
              <Spinner size={16} />
            ) : roles.length === 0 ? (
              <Callout intent="warning">{t('users.noRoles')}</Callout>
            ) : (
              <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: '0 12px' }}>
                {roles.map((r) => (
                  <Checkbox key={r.id} label={r.name} checked={draft.roleIds.includes(r.id)} onChange={(e) => toggleRole(r.id, e.currentTarget.checked)} />
                ))}
              </div>
            )}
            <div className={Classes.FORM_HELPER_TEXT} id={rolesHelp}>
              {errors.roleIds ?? t('users.rolesHint')}
            </div>
          </fieldset>
          {creating && <p className={Classes.TEXT_MUTED}>{t('users.inviteNote')}</p>}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={k('common.cancel')} onClick={props.onClose} disabled={busy} />
              <Button type="submit" intent="primary" icon="floppy-disk" text={k('common.save')} loading={busy} />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
