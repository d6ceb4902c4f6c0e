import { useState, type FormEvent } from 'react';
import { Button, Dialog, DialogBody, DialogFooter, InputGroup, Switch, TextArea } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Field, fieldErrorsFor, reportFailure, useShell, type FieldErrors } from '@tezgah/workbench/ui';
import { WAREHOUSES, type Warehouse } from './model';

/**
 * A warehouse's fields: name (required, unique in the company), address, main and default flags.
 * The default flag moves by making another warehouse the default, so it cannot be switched off here.
 */
export function WarehouseForm(props: { warehouse?: Warehouse | null; label: string; inDialog?: boolean; onSaved: (w: Warehouse, created: boolean) => void; onCancel?: () => void }) {
  const shell = useShell();
  const { t } = useTranslation('accounting');
  const w = props.warehouse ?? null;
  const [name, setName] = useState(w?.name ?? '');
  const [address, setAddress] = useState(w?.address ?? '');
  const [main, setMain] = useState(w?.main ?? false);
  const [isDefault, setDefault] = useState(w?.default ?? false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const wasDefault = w?.default ?? false;

  async function save(e: FormEvent) {
    e.preventDefault();
    const found: FieldErrors = {};
    if (!name.trim()) found.name = t('warehouses.rules.nameRequired');
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      const body = { name: name.trim(), address: address.trim() || null, main, default: isDefault };
      const saved = w ? await shell.api.request('PUT', WAREHOUSES, { body: { ...body, id: w.id } }) : await shell.api.request('POST', WAREHOUSES, { body });
      props.onSaved(saved, !w);
    } catch (err) {
      setErrors(fieldErrorsFor(err, ['name', 'address', 'main', 'default'], (e2) => reportFailure(shell.notify, e2, t('notify.error', { ns: 'kernel' }))));
    } finally {
      setBusy(false);
    }
  }

  const fields = (
    <>
      <Field id="warehouse-name" label={t('warehouses.fields.name')} error={errors.name} required>
        <InputGroup id="warehouse-name" value={name} onValueChange={setName} maxLength={100} autoFocus />
      </Field>
      <Field id="warehouse-address" label={t('warehouses.fields.address')} error={errors.address}>
        <TextArea id="warehouse-address" fill value={address} maxLength={500} onChange={(e) => setAddress(e.currentTarget.value)} />
      </Field>
      <Switch label={t('warehouses.fields.main')} checked={main} onChange={(e) => setMain(e.currentTarget.checked)} />
      <Field id="warehouse-default" label="" error={errors.default} hint={wasDefault ? t('warehouses.hints.defaultFixed') : t('warehouses.hints.default')}>
        <Switch id="warehouse-default" label={t('warehouses.fields.default')} checked={isDefault} disabled={wasDefault} onChange={(e) => setDefault(e.currentTarget.checked)} />
      </Field>
    </>
  );
  const buttons = (
    <>
      {props.onCancel && <Button text={t('common.cancel', { ns: 'kernel' })} onClick={props.onCancel} />}
      <Button type="submit" intent="primary" loading={busy} text={t('common.save', { ns: 'kernel' })} />
    </>
  );
  return (
    <form onSubmit={save} noValidate aria-label={props.label}>
      {props.inDialog ? <><DialogBody>{fields}</DialogBody><DialogFooter actions={buttons} /></> : <>{fields}<div style={{ display: 'flex', gap: 8, justifyContent: 'flex-end' }}>{buttons}</div></>}
    </form>
  );
}

export function WarehouseDialog(props: { warehouse?: Warehouse | null; onClose: () => void; onSaved: (w: Warehouse, created: boolean) => void }) {
  const { t } = useTranslation('accounting');
  const label = props.warehouse ? t('warehouses.edit') : t('warehouses.add');
  return (
    <Dialog isOpen onClose={props.onClose} title={label}>
      <WarehouseForm warehouse={props.warehouse ?? null} label={label} inDialog onSaved={props.onSaved} onCancel={props.onClose} />
    </Dialog>
  );
}
