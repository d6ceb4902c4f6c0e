import { useEffect, useState, type FormEvent } from 'react';
import { Button, Checkbox, Dialog, DialogBody, DialogFooter, H2, HTMLSelect, InputGroup, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Action, type ContributionProps } from '@tezgah/core';
import { Field, PagedTable, reportFailure, serverFieldErrors, useAddRequest, useConfirm, useShell, type FieldErrors } from '@tezgah/workbench/ui';
import { mayLedger } from '../ledger/model';
import { DECLARATION_TYPES, PERIOD_KINDS, type DeclarationType, type PeriodKind } from './model';

const CODE = /^[A-Z][A-Z0-9_]{1,19}$/;

/** A declaration type's fields: code (fixed for a standard type), name, period kind (fixed for a standard type), active. */
function TypeDialog(props: { type: DeclarationType | null; onClose: () => void; onSaved: (t: DeclarationType, created: boolean) => void }) {
  const shell = useShell();
  const { t } = useTranslation('accounting');
  const x = props.type;
  const [code, setCode] = useState(x?.code ?? '');
  const [name, setName] = useState(x?.name ?? '');
  const [periodKind, setPeriodKind] = useState<PeriodKind>(x?.periodKind ?? 'MONTHLY');
  const [active, setActive] = useState(x?.active ?? true);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const label = t(x ? 'declarations.types.edit' : 'declarations.types.add');
  const fixed = !!x?.system;

  async function save(e: FormEvent) {
    e.preventDefault();
    const found: FieldErrors = {};
    if (!CODE.test(code.trim())) found.code = t('declarations.types.rules.code');
    if (!name.trim()) found.name = t('declarations.types.rules.nameRequired');
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      const body = { code: code.trim(), name: name.trim(), periodKind, active };
      const saved = x
        ? await shell.api.request('PUT', DECLARATION_TYPES, { body: { ...body, id: x.id } })
        : await shell.api.request('POST', DECLARATION_TYPES, { body });
      props.onSaved(saved, !x);
    } catch (err) {
      const all = serverFieldErrors(err);
      const mine: FieldErrors = {};
      for (const f of ['code', 'name', 'periodKind', 'active']) if (all[f]) mine[f] = all[f];
      setErrors(mine);
      if (!Object.keys(mine).length) reportFailure(shell.notify, err, t('notify.error', { ns: 'kernel' }));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog isOpen onClose={props.onClose} title={label} style={{ width: 'min(520px, 96vw)' }}>
      <form onSubmit={save} noValidate aria-label={label}>
        <DialogBody>
          <Field id="dtype-code" label={t('declarations.types.code')} error={errors.code} hint={fixed ? t('declarations.types.hints.system') : t('declarations.types.hints.code')} required>
            <InputGroup id="dtype-code" value={code} onValueChange={(v) => setCode(v.toLocaleUpperCase('tr'))} maxLength={20} disabled={fixed} autoFocus={!fixed} />
          </Field>
          <Field id="dtype-name" label={t('declarations.types.name')} error={errors.name} required>
            <InputGroup id="dtype-name" value={name} onValueChange={setName} maxLength={100} />
          </Field>
          <Field id="dtype-period-kind" label={t('declarations.types.periodKind')} error={errors.periodKind} required>
            <HTMLSelect id="dtype-period-kind" value={periodKind} disabled={fixed} onChange={(e) => setPeriodKind(e.currentTarget.value as PeriodKind)}>
              {PERIOD_KINDS.map((k) => <option key={k} value={k}>{t(`declarations.periodKinds.${k}`)}</option>)}
            </HTMLSelect>
          </Field>
          <Checkbox checked={active} onChange={(e) => setActive(e.currentTarget.checked)} label={t('declarations.types.active')} />
        </DialogBody>
        <DialogFooter actions={<>
          <Button text={t('common.cancel', { ns: 'kernel' })} onClick={props.onClose} />
          <Button type="submit" intent="primary" loading={busy} text={t('common.save', { ns: 'kernel' })} />
        </>} />
      </form>
    </Dialog>
  );
}

/**
 * /declaration-types (Beyanname Türleri): the company's types by code; the seven standard ones
 * (KDV1, KDV2, MUHSGK, GECICI, KURUMLAR, GELIR, DAMGA) offer no delete and keep their code and period
 * kind; a type of the company's own is deleted while it has no declarations (the server says so).
 */
export default function DeclarationTypesPage({ host }: ContributionProps) {
  const shell = useShell();
  const { t } = useTranslation('accounting');
  const { confirm, dialog } = useConfirm();
  const [reload, setReload] = useState(0);
  const [editing, setEditing] = useState<DeclarationType | 'new' | null>(null);
  const [addRequested, addDone] = useAddRequest();
  const canAdd = mayLedger(host, Action.CREATE);
  useEffect(() => {
    if (addRequested) { if (canAdd) setEditing('new'); addDone(); }
  }, [addRequested, addDone, canAdd]);
  const canEdit = mayLedger(host, Action.UPDATE);
  const canDelete = mayLedger(host, Action.DELETE);

  async function remove(x: DeclarationType) {
    if (!(await confirm({ message: `${x.code} ${x.name}`, detail: t('declarations.types.deleteDetail') }))) return;
    try {
      await shell.api.request('DELETE', `${DECLARATION_TYPES}/{id}`, { params: { path: { id: x.id } } });
      host.notify.success(t('notify.deleted', { ns: 'kernel' }));
      host.bus.emit('entity.deleted', { plugin: 'accounting', entity: 'declarationType', id: x.id });
      setReload((n) => n + 1);
    } catch (e) {
      reportFailure(shell.notify, e, t('notify.error', { ns: 'kernel' }));
    }
  }

  return (
    <section aria-label={t('declarations.types.title')}>
      <H2>{t('declarations.types.title')}</H2>
      <PagedTable<DeclarationType>
        label={t('declarations.types.title')}
        reloadKey={reload}
        searchable
        defaultSort="code,asc"
        columns={[
          { key: 'code', title: t('declarations.types.code'), sortField: 'code', render: (x) => x.code, width: 120 },
          { key: 'name', title: t('declarations.types.name'), sortField: 'name', render: (x) => x.name, width: 280 },
          { key: 'periodKind', title: t('declarations.types.periodKind'), render: (x) => t(`declarations.periodKinds.${x.periodKind}`), width: 110 },
          { key: 'system', title: t('declarations.types.system'), render: (x) => (x.system ? <Tag minimal intent="primary">{t('declarations.types.system')}</Tag> : t('declarations.types.own')), width: 130 },
          { key: 'active', title: t('declarations.types.status'), render: (x) => <Tag minimal intent={x.active ? 'success' : 'none'}>{t(x.active ? 'declarations.types.active' : 'declarations.types.passive')}</Tag>, width: 90 },
        ]}
        rowLabel={(x) => `${x.code} ${x.name}`}
        rowActions={[
          { key: 'edit', label: t('declarations.types.edit'), icon: 'edit', hidden: () => !canEdit, onClick: (x) => setEditing(x) },
          { key: 'delete', label: t('declarations.types.delete'), icon: 'trash', intent: 'danger', hidden: (x) => !canDelete || x.system, onClick: (x) => { void remove(x); } },
        ]}
        fetchPage={(q) => shell.api.list(DECLARATION_TYPES, { params: { query: { page: q.page, size: q.size, sort: [q.sort], ...(q.search ? { search: q.search } : {}) } } })}
        onError={(e) => shell.notify.failure(e)}
      />
      {editing && (
        <TypeDialog
          type={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(saved, created) => {
            setEditing(null);
            host.notify.success(t(created ? 'notify.added' : 'notify.updated', { ns: 'kernel' }));
            host.bus.emit(created ? 'entity.created' : 'entity.updated', { plugin: 'accounting', entity: 'declarationType', id: saved.id });
            setReload((n) => n + 1);
          }}
        />
      )}
      {dialog}
    </section>
  );
}
