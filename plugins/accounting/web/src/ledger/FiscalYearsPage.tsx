import { useEffect, useState } from 'react';
import { H2, HTMLSelect, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Action, formatDate, type ContributionProps } from '@tezgah/core';
import { PagedTable, reportFailure, useAddRequest, useConfirm, useShell } from '@tezgah/workbench/ui';
import { FiscalYearDialog } from './FiscalYearForm';
import { FISCAL_YEARS, mayLedger, type FiscalYear } from './model';

/**
 * /fiscal-years (Mali Yıllar): the company's fiscal years, newest first, with their state, last
 * entry number and entry count; add, edit and delete (a year with entries stays, the server says
 * why). A new year gets its monthly journal periods from the server.
 */
export default function FiscalYearsPage({ host }: ContributionProps) {
  const shell = useShell();
  const { t } = useTranslation('accounting');
  const { confirm, dialog: confirmDialog } = useConfirm();
  const [reload, setReload] = useState(0);
  const [status, setStatus] = useState<'' | 'true' | 'false'>('');
  const [editing, setEditing] = useState<FiscalYear | 'new' | null>(null);
  const [addRequested, addDone] = useAddRequest();
  useEffect(() => {
    if (addRequested) { setEditing('new'); addDone(); }
  }, [addRequested, addDone]);
  const canEdit = mayLedger(host, Action.UPDATE);
  const canDelete = mayLedger(host, Action.DELETE);

  return (
    <section aria-label={t('ledger.fiscalYears.title')}>
      <H2>{t('ledger.fiscalYears.title')}</H2>
      <PagedTable<FiscalYear>
        label={t('ledger.fiscalYears.title')}
        reloadKey={`${reload}/${status}`}
        defaultSort="startDate,desc"
        toolbar={(
          <HTMLSelect aria-label={t('ledger.fiscalYears.status')} value={status} onChange={(e) => setStatus(e.currentTarget.value as typeof status)}>
            <option value="">{t('ledger.fiscalYears.all')}</option>
            <option value="true">{t('ledger.fiscalYears.active')}</option>
            <option value="false">{t('ledger.fiscalYears.passive')}</option>
          </HTMLSelect>
        )}
        columns={[
          { key: 'name', title: t('ledger.fiscalYears.name'), sortField: 'name', render: (y) => y.name, width: 200 },
          { key: 'startDate', title: t('ledger.fiscalYears.startDate'), sortField: 'startDate', render: (y) => formatDate(y.startDate), width: 120 },
          { key: 'endDate', title: t('ledger.fiscalYears.endDate'), render: (y) => formatDate(y.endDate), width: 120 },
          {
            key: 'active', title: t('ledger.fiscalYears.status'), width: 100,
            render: (y) => <Tag minimal intent={y.active ? 'success' : 'none'}>{t(y.active ? 'ledger.fiscalYears.active' : 'ledger.fiscalYears.passive')}</Tag>,
          },
          { key: 'lastEntryNo', title: t('ledger.fiscalYears.lastEntryNo'), render: (y) => y.lastEntryNo, width: 110 },
          { key: 'entryCount', title: t('ledger.fiscalYears.entryCount'), render: (y) => y.entryCount, width: 110 },
        ]}
        rowLabel={(y) => y.name}
        rowActions={[
          { key: 'edit', label: t('ledger.fiscalYears.edit'), icon: 'edit', onClick: (y) => setEditing(y), hidden: () => !canEdit },
          {
            key: 'delete', label: t('ledger.fiscalYears.delete'), icon: 'trash', intent: 'danger', hidden: () => !canDelete,
            onClick: async (y) => {
              if (!(await confirm({ message: y.name, detail: t('ledger.fiscalYears.deleteDetail') }))) return;
              try {
                await shell.api.request('DELETE', `${FISCAL_YEARS}/{id}`, { params: { path: { id: y.id } } });
                host.notify.success(t('notify.deleted', { ns: 'kernel' }));
                host.bus.emit('entity.deleted', { plugin: 'accounting', entity: 'fiscalYear', id: y.id });
                setReload((n) => n + 1);
              } catch (e) {
                reportFailure(shell.notify, e, t('notify.error', { ns: 'kernel' }));
              }
            },
          },
        ]}
        fetchPage={(q) => shell.api.list(FISCAL_YEARS, { params: { query: { page: q.page, size: q.size, sort: [q.sort], ...(status ? { active: status === 'true' } : {}) } } })}
        onError={(e) => shell.notify.failure(e)}
      />
      {editing && (
        <FiscalYearDialog
          year={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(saved, created) => {
            setEditing(null);
            host.notify.success(t(created ? 'notify.added' : 'notify.updated', { ns: 'kernel' }));
            host.bus.emit(created ? 'entity.created' : 'entity.updated', { plugin: 'accounting', entity: 'fiscalYear', id: saved.id, record: saved });
            setReload((n) => n + 1);
          }}
        />
      )}
      {confirmDialog}
    </section>
  );
}
