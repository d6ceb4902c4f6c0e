import { useEffect, useState, type FormEvent } from 'react';
import { Button, Dialog, DialogBody, DialogFooter, H2, InputGroup, Switch, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Action, Module, type ContributionProps } from '@tezgah/core';
import type { components } from '@tezgah/sdk';
import { Field, PagedTable, fieldErrorsFor, reportFailure, useAddRequest, useConfirm, useShell, type FieldErrors } from '@tezgah/workbench/ui';

type Unit = components['schemas']['Unit'];
const PATH = '/services/onmuhasebe/api/units';
const CODE = /^[A-Z0-9]{2,3}$/;

/** /units: the company's units of measure with their UBL-TR codes. */
export default function UnitsPage({ host }: ContributionProps) {
  const shell = useShell();
  const { t } = useTranslation('accounting');
  const { confirm, dialog: confirmDialog } = useConfirm();
  const [reload, setReload] = useState(0);
  const [editing, setEditing] = useState<Partial<Unit> | null>(null);
  const [addRequested, addDone] = useAddRequest();
  useEffect(() => {
    if (addRequested) { setEditing({ name: '', code: '', active: true }); addDone(); }
  }, [addRequested, addDone]);
  const canEdit = host.can({ module: Module.PRODUCT, anyActions: [Action.UPDATE] });
  const canDelete = host.can({ module: Module.PRODUCT, anyActions: [Action.DELETE] });

  return (
    <section aria-label={t('units.title')}>
      <H2>{t('units.title')}</H2>
      <PagedTable<Unit>
        label={t('units.title')}
        searchable
        reloadKey={reload}
        defaultSort="name,asc"
        columns={[
          { key: 'name', title: t('units.name'), sortField: 'name', render: (u) => u.name, width: 240 },
          { key: 'code', title: t('units.code'), sortField: 'code', render: (u) => <code>{u.code}</code>, width: 160 },
          { key: 'active', title: t('units.active'), render: (u) => <Tag minimal intent={u.active ? 'success' : 'none'}>{t(u.active ? 'common.yes' : 'common.no', { ns: 'kernel' })}</Tag>, width: 100 },
        ]}
        rowLabel={(u) => u.name}
        rowActions={[
          { key: 'edit', label: t('units.edit'), icon: 'edit', onClick: (u) => setEditing(u), hidden: () => !canEdit },
          {
            key: 'delete', label: t('units.delete'), icon: 'trash', intent: 'danger', hidden: () => !canDelete,
            onClick: async (u) => {
              if (!(await confirm({ message: u.name }))) return;
              try {
                await shell.api.request('DELETE', `${PATH}/{id}`, { params: { path: { id: u.id } } });
                host.notify.success(t('notify.deleted', { ns: 'kernel' }));
                setReload((n) => n + 1);
              } catch (e) {
                reportFailure(shell.notify, e, t('notify.error', { ns: 'kernel' }));
              }
            },
          },
        ]}
        fetchPage={(q) => shell.api.list(PATH, { params: { query: { page: q.page, size: q.size, sort: [q.sort], ...(q.search ? { search: q.search } : {}) } } })}
        onError={(e) => shell.notify.failure(e)}
      />
      {editing && <UnitDialog unit={editing} onClose={() => setEditing(null)} onSaved={() => { setEditing(null); setReload((n) => n + 1); }} />}
      {confirmDialog}
    </section>
  );
}

function UnitDialog(props: { unit: Partial<Unit>; onClose: () => void; onSaved: () => void }) {
  const shell = useShell();
  const { t } = useTranslation('accounting');
  const [name, setName] = useState(props.unit.name ?? '');
  const [code, setCode] = useState(props.unit.code ?? '');
  const [active, setActive] = useState(props.unit.active ?? true);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const isNew = props.unit.id === undefined;

  async function save(e: FormEvent) {
    e.preventDefault();
    const found: FieldErrors = {};
    if (!name.trim()) found.name = t('common.required', { ns: 'kernel' });
    if (!CODE.test(code)) found.code = t('units.codeHelp');
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      const body = { name: name.trim(), code, active };
      if (isNew) await shell.api.request('POST', PATH, { body });
      else await shell.api.request('PUT', PATH, { body: { ...body, id: props.unit.id! } });
      shell.notify.success(t(isNew ? 'notify.added' : 'notify.updated', { ns: 'kernel' }));
      props.onSaved();
    } catch (err) {
      setErrors(fieldErrorsFor(err, ['name', 'code'], (e2) => reportFailure(shell.notify, e2, t('notify.error', { ns: 'kernel' }))));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog isOpen onClose={props.onClose} title={isNew ? t('units.add') : t('units.edit')}>
      <form onSubmit={save} noValidate aria-label={isNew ? t('units.add') : t('units.edit')}>
        <DialogBody>
          <Field id="unit-name" label={t('units.name')} error={errors.name} required>
            <InputGroup id="unit-name" value={name} onValueChange={setName} maxLength={50} autoFocus />
          </Field>
          <Field id="unit-code" label={t('units.code')} error={errors.code} hint={t('units.codeHelp')} required>
            <InputGroup id="unit-code" value={code} onValueChange={(v) => setCode(v.toUpperCase())} maxLength={3} />
          </Field>
          <Switch label={t('units.active')} checked={active} onChange={(e) => setActive(e.currentTarget.checked)} />
        </DialogBody>
        <DialogFooter actions={<>
          <Button text={t('common.cancel', { ns: 'kernel' })} onClick={props.onClose} />
          <Button type="submit" intent="primary" loading={busy} text={t('common.save', { ns: 'kernel' })} />
        </>} />
      </form>
    </Dialog>
  );
}
