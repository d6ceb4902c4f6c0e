import { useEffect, useState } from 'react';
import { Button, ButtonGroup, Dialog, DialogBody, H2, HTMLSelect, InputGroup, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Action, formatDate, type ContributionProps } from '@tezgah/core';
import { PagedTable, reportFailure, useAddRequest, useConfirm, useShell, type RowAction } from '@tezgah/workbench/ui';
import { mayLedger, money } from '../ledger/model';
import { DeclarationDialog, VatDraftDialog, VatFiguresTable, WithholdingDraftDialog, WithholdingFiguresTable, useDeclarationTypes } from './DeclarationForm';
import { DECLARATIONS, NEXT_STATUSES, STATUSES, STATUS_INTENT, isOpen, type Declaration, type DeclarationStatus } from './model';

const PERIOD_FILTER = /^\d{4}(-(0[1-9]|1[0-2])|-Q[1-4])?$/;

/** A status as a coloured tag ("Onay Bekliyor"). */
export function StatusTag(props: { status: DeclarationStatus }) {
  const { t } = useTranslation('accounting');
  return <Tag minimal intent={STATUS_INTENT[props.status]}>{t(`declarations.statuses.${props.status}`)}</Tag>;
}

/**
 * /declarations (Beyannameler): the company's declarations, newest first, filtered by type, period
 * and status. Each row offers only the status changes its status allows (Onayla, Hatalı, Onaya
 * gönder, İptal et — after the confirmation), edit and delete while it may (an approved one is
 * neither: it is corrected by a new one), and a draft's figures. "KDV taslağı" computes a month's
 * VAT (KDV1) from the ledger; "KDV 2 taslağı" the KDV withheld on the month's purchases (KDV2).
 */
export default function DeclarationsPage({ host }: ContributionProps) {
  const shell = useShell();
  const { t } = useTranslation('accounting');
  const { confirm, dialog } = useConfirm();
  const [reload, setReload] = useState(0);
  const types = useDeclarationTypes();
  const [typeId, setTypeId] = useState('');
  const [status, setStatus] = useState<'' | DeclarationStatus>('');
  const [period, setPeriod] = useState('');
  const [editing, setEditing] = useState<Declaration | 'new' | null>(null);
  const [drafting, setDrafting] = useState<'vat' | 'withholding' | null>(null);
  const [showing, setShowing] = useState<Declaration | null>(null);
  const [addRequested, addDone] = useAddRequest();
  const canAdd = mayLedger(host, Action.CREATE);
  const canUpdate = mayLedger(host, Action.UPDATE);
  const canDelete = mayLedger(host, Action.DELETE);
  useEffect(() => {
    if (addRequested) { if (canAdd) setEditing('new'); addDone(); }
  }, [addRequested, addDone, canAdd]);
  const typed = period.trim().toLocaleUpperCase('tr');
  const filter = {
    ...(typeId ? { typeId: Number(typeId) } : {}),
    ...(status ? { status } : {}),
    ...(PERIOD_FILTER.test(typed) ? { period: typed } : {}),
  };
  const changed = (kind: 'created' | 'updated' | 'deleted', id: number) => {
    host.bus.emit(`entity.${kind}`, { plugin: 'accounting', entity: 'declaration', id });
    setReload((n) => n + 1);
  };

  async function step(x: Declaration, to: DeclarationStatus) {
    const name = t(`declarations.statuses.${to}`);
    if (!(await confirm({ message: t('declarations.stepConfirm', { type: x.typeName, period: x.period, status: name }), detail: t(`declarations.stepDetail.${to}`) }))) return;
    try {
      await shell.api.request('PUT', DECLARATIONS, { body: { id: x.id, typeId: x.typeId, period: x.period, status: to, explanation: x.explanation } });
      host.notify.success(t('declarations.stepDone', { status: name }));
      changed('updated', x.id);
    } catch (e) {
      reportFailure(shell.notify, e, t('notify.error', { ns: 'kernel' }));
    }
  }

  async function remove(x: Declaration) {
    if (!(await confirm({ message: `${x.typeName} ${x.period}`, detail: t('declarations.list.deleteDetail') }))) return;
    try {
      await shell.api.request('DELETE', `${DECLARATIONS}/{id}`, { params: { path: { id: x.id } } });
      host.notify.success(t('notify.deleted', { ns: 'kernel' }));
      changed('deleted', x.id);
    } catch (e) {
      reportFailure(shell.notify, e, t('notify.error', { ns: 'kernel' }));
    }
  }

  // One button per status a declaration may move to, each shown only where its status allows it.
  const steps: RowAction<Declaration>[] = (['APPROVED', 'FAULTY', 'AWAITING_APPROVAL', 'CANCELLED'] as const).map((to) => ({
    key: `to-${to}`, label: t(`declarations.steps.${to}`),
    icon: to === 'APPROVED' ? 'tick' : to === 'FAULTY' ? 'error' : to === 'CANCELLED' ? 'disable' : 'redo',
    intent: to === 'APPROVED' ? 'success' : to === 'FAULTY' || to === 'CANCELLED' ? 'danger' : 'primary',
    hidden: (x: Declaration) => !canUpdate || !NEXT_STATUSES[x.status].includes(to),
    onClick: (x: Declaration) => { void step(x, to); },
  }));

  return (
    <section aria-label={t('declarations.list.title')}>
      <div style={{ display: 'flex', alignItems: 'center', gap: 12, flexWrap: 'wrap' }}>
        <H2 style={{ margin: 0 }}>{t('declarations.list.title')}</H2>
        {canAdd && (
          <ButtonGroup style={{ marginLeft: 'auto', flexWrap: 'wrap' }}>
            <Button icon="calculator" text={t('declarations.vat.action')} onClick={() => setDrafting('vat')} />
            <Button icon="calculator" text={t('declarations.withholding.action')} onClick={() => setDrafting('withholding')} />
            <Button icon="add" intent="primary" text={t('declarations.list.add')} onClick={() => setEditing('new')} />
          </ButtonGroup>
        )}
      </div>
      <PagedTable<Declaration>
        label={t('declarations.list.title')}
        reloadKey={`${reload}/${JSON.stringify(filter)}`}
        defaultSort="period,desc"
        toolbar={<>
          <HTMLSelect aria-label={t('declarations.list.type')} value={typeId} onChange={(e) => setTypeId(e.currentTarget.value)}>
            <option value="">{t('declarations.list.allTypes')}</option>
            {(types ?? []).map((ty) => <option key={ty.id} value={String(ty.id)}>{`${ty.code} — ${ty.name}`}</option>)}
          </HTMLSelect>
          <InputGroup aria-label={t('declarations.list.period')} placeholder={t('declarations.list.periodFilter')} value={period} onValueChange={setPeriod} maxLength={7} style={{ width: 160 }} />
          <HTMLSelect aria-label={t('declarations.list.status')} value={status} onChange={(e) => setStatus(e.currentTarget.value as typeof status)}>
            <option value="">{t('declarations.list.allStatuses')}</option>
            {STATUSES.map((s) => <option key={s} value={s}>{t(`declarations.statuses.${s}`)}</option>)}
          </HTMLSelect>
        </>}
        columns={[
          { key: 'type', title: t('declarations.list.type'), render: (x) => `${x.typeCode} — ${x.typeName}`, width: 280 },
          { key: 'period', title: t('declarations.list.period'), sortField: 'period', render: (x) => x.period, width: 100 },
          { key: 'status', title: t('declarations.list.status'), render: (x) => <StatusTag status={x.status} />, width: 130 },
          { key: 'created', title: t('declarations.list.created'), sortField: 'createdDate', render: (x) => formatDate(x.createdDate), width: 130 },
          { key: 'vat', title: t('declarations.list.vat'), width: 170, render: (x) => (x.withholding
            ? t('declarations.list.withheld', { amount: `${money(x.withholding.totals.withheld)} TL` })
            : !x.vat ? '' : x.vat.payableVat > 0
              ? t('declarations.list.payable', { amount: `${money(x.vat.payableVat)} TL` })
              : t('declarations.list.carried', { amount: `${money(x.vat.carriedForwardVat)} TL` })) },
          { key: 'explanation', title: t('declarations.list.explanation'), render: (x) => x.explanation ?? '', width: 220 },
        ]}
        rowLabel={(x) => `${x.typeCode} ${x.period}`}
        rowActions={[
          ...steps,
          { key: 'vat', label: t('declarations.list.showVat'), icon: 'calculator', hidden: (x) => !x.vat, onClick: (x) => setShowing(x) },
          { key: 'withholding', label: t('declarations.list.showWithholding'), icon: 'calculator', hidden: (x) => !x.withholding, onClick: (x) => setShowing(x) },
          { key: 'edit', label: t('declarations.list.edit'), icon: 'edit', hidden: (x) => !canUpdate || !isOpen(x.status), onClick: (x) => setEditing(x) },
          { key: 'delete', label: t('declarations.list.delete'), icon: 'trash', intent: 'danger', hidden: (x) => !canDelete || x.status === 'APPROVED', onClick: (x) => { void remove(x); } },
        ]}
        fetchPage={(q) => shell.api.list(DECLARATIONS, { params: { query: { page: q.page, size: q.size, sort: [q.sort], ...filter } } })}
        onError={(e) => shell.notify.failure(e)}
      />
      {editing && types && (
        <DeclarationDialog
          declaration={editing === 'new' ? null : editing}
          types={types}
          onClose={() => setEditing(null)}
          onSaved={(saved, created) => {
            setEditing(null);
            host.notify.success(t(created ? 'notify.added' : 'notify.updated', { ns: 'kernel' }));
            changed(created ? 'created' : 'updated', saved.id);
          }}
        />
      )}
      {drafting === 'vat' && (
        <VatDraftDialog
          onClose={() => setDrafting(null)}
          onComputed={(d) => {
            host.notify.success(t('declarations.vat.done', { period: d.period }));
            changed('updated', d.id);
          }}
        />
      )}
      {drafting === 'withholding' && (
        <WithholdingDraftDialog
          onClose={() => setDrafting(null)}
          onComputed={(d) => {
            host.notify.success(t('declarations.withholding.done', { period: d.period }));
            changed('updated', d.id);
          }}
        />
      )}
      {showing && (showing.vat || showing.withholding) && (
        <Dialog isOpen onClose={() => setShowing(null)} title={`${showing.typeName} ${showing.period}`} style={showing.withholding ? { width: 'min(760px, 96vw)' } : undefined}>
          <DialogBody>
            {showing.vat && <VatFiguresTable vat={showing.vat} />}
            {showing.withholding && <WithholdingFiguresTable withholding={showing.withholding} />}
          </DialogBody>
        </Dialog>
      )}
      {dialog}
    </section>
  );
}
