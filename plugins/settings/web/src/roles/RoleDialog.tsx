import { useMemo, useState, type FormEvent } from 'react';
import { Button, Callout, Classes, Dialog, DialogBody, DialogFooter, InputGroup, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { isManagement } from '@tezgah/core';
import type { Role } from '@tezgah/sdk';
import { Field, fieldErrorsFor, reportFailure, isValid, useShell, type FieldErrors } from '@tezgah/workbench/ui';
import { matrixActions, matrixModules, sortedCodes } from './matrix';
import { RoleMatrix } from './RoleMatrix';

export interface RoleDialogProps {
  /** The role to edit or view; null to add one. */
  role: Role | null;
  /** Shows the role without changing it (fixed roles, or no update right). */
  readOnly: boolean;
  onClose(): void;
  onSaved(role: Role): void;
}

const ROLE_FIELDS = ['name', 'authorities'] as const;

/** A role's name and its modules × actions matrix; saves exactly the ticked codes. */
export function RoleDialog(props: RoleDialogProps) {
  const shell = useShell();
  const { t } = useTranslation('settings');
  const { t: k } = useTranslation();
  const creating = props.role === null;
  const readOnly = props.readOnly || props.role?.fixed === true;
  const [name, setName] = useState(props.role?.name ?? '');
  const [ticked, setTicked] = useState<Set<string>>(() => new Set(props.role?.authorities ?? []));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const management = isManagement(shell.account?.authorities);
  const modules = useMemo(() => matrixModules({ management, held: props.role?.authorities ?? [] }), [management, props.role]);
  const actions = useMemo(() => matrixActions(modules), [modules]);

  async function submit(ev: FormEvent) {
    ev.preventDefault();
    if (readOnly) return;
    const trimmed = name.trim();
    const found: FieldErrors = {};
    if (!trimmed) found.name = k('common.required');
    else if (trimmed.length > 50) found.name = t('validation.maxLength', { max: 50 });
    setErrors(found);
    if (!isValid(found)) {
      document.getElementById('role-name')?.focus();
      return;
    }
    setBusy(true);
    try {
      const authorities = sortedCodes(ticked);
      const saved = creating
        ? await shell.api.roles.create({ name: trimmed, authorities })
        : await shell.api.roles.update({ id: props.role!.id, name: trimmed, authorities });
      shell.notify.success(k(creating ? 'notify.added' : 'notify.updated'));
      props.onSaved(saved);
    } catch (err) {
      setErrors(fieldErrorsFor(err, ROLE_FIELDS, (e) => reportFailure(shell.notify, e, k('notify.error'))));
    } finally {
      setBusy(false);
    }
  }

  const title = creating ? t('roles.add') : readOnly ? t('roles.view') : t('roles.edit');
  return (
    <Dialog isOpen title={title} icon="key" onClose={props.onClose} style={{ width: 'min(1280px, 96vw)' }}>
      <form onSubmit={submit} noValidate>
        <DialogBody useOverflowScrollContainer={false}>
          {props.role?.fixed && (
            <Callout intent="primary" icon="lock" style={{ marginBottom: 12 }}>
              {t('roles.fixedNote')}
            </Callout>
          )}
          <Field id="role-name" label={t('roles.name')} required={!readOnly} error={errors.name}>
            <InputGroup id="role-name" value={name} onValueChange={setName} readOnly={readOnly} intent={errors.name ? 'danger' : 'none'} autoFocus={!readOnly} />
          </Field>
          <div style={{ display: 'flex', alignItems: 'baseline', gap: 8 }}>
            <h3 className={Classes.HEADING} style={{ margin: 0 }}>{t('roles.matrix')}</h3>
            <Tag minimal round aria-live="polite">{t('roles.selected', { count: ticked.size })}</Tag>
            {props.role?.allCompanies && <Tag minimal intent="warning">{t('roles.allCompanies')}</Tag>}
          </div>
          <p id="role-matrix-help" className={Classes.TEXT_MUTED} style={{ margin: '4px 0 8px' }}>
            {t('roles.matrixHint')}
          </p>
          {errors.authorities && (
            <Callout id="role-matrix-error" intent="danger" style={{ marginBottom: 8 }}>
              {errors.authorities}
            </Callout>
          )}
          <RoleMatrix modules={modules} actions={actions} value={ticked} onChange={setTicked} readOnly={readOnly} describedBy={errors.authorities ? 'role-matrix-error role-matrix-help' : 'role-matrix-help'} />
        </DialogBody>
        <DialogFooter
          actions={
            readOnly ? (
              <Button text={k('common.back')} onClick={props.onClose} />
            ) : (
              <>
                <Button text={k('common.cancel')} onClick={props.onClose} disabled={busy} />
                <Button type="submit" intent="primary" icon="floppy-disk" text={k('common.save')} loading={busy} />
              </>
            )
          }
        />
      </form>
    </Dialog>
  );
}
