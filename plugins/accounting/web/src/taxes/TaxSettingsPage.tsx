import { useEffect, useState } from 'react';
import { Dialog, DialogBody, H2, HTMLSelect, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Action, Module, type ContributionProps } from '@tezgah/core';
import { PagedTable, reportFailure, useAddRequest, useConfirm, useShell } from '@tezgah/workbench/ui';
import { formatPercentage, TAX_TYPES, TAXES_PATH, TaxForm, type Tax, type TaxType } from './TaxForm';

/** /tax-settings (Vergi Ayarları): the company's taxes, VAT 20/10/1/0 and any it adds. */
export default function TaxSettingsPage({ host }: ContributionProps) {
  const shell = useShell();
  const { t } = useTranslation('accounting');
  const { confirm, dialog: confirmDialog } = useConfirm();
  const [reload, setReload] = useState(0);
  const [editing, setEditing] = useState<Partial<Tax> | null>(null);
  const [typeFilter, setTypeFilter] = useState<TaxType | ''>('');
  const [addRequested, addDone] = useAddRequest();
  useEffect(() => {
    if (addRequested) { setEditing({}); addDone(); }
  }, [addRequested, addDone]);
  const canEdit = host.can({ module: Module.TAX, anyActions: [Action.UPDATE] });
  const canDelete = host.can({ module: Module.TAX, anyActions: [Action.DELETE] });
  const isNew = editing?.id === undefined;
  const title = isNew ? t('taxes.add') : t('taxes.edit');

  return (
    <section aria-label={t('taxes.title')}>
      <H2>{t('taxes.title')}</H2>
      <PagedTable<Tax>
        label={t('taxes.title')}
        searchable
        reloadKey={`${reload}:${typeFilter}`}
        defaultSort="percentage,desc"
        toolbar={(
          <HTMLSelect aria-label={t('taxes.type')} value={typeFilter} onChange={(e) => setTypeFilter(e.currentTarget.value as TaxType | '')}>
            <option value="">{t('taxes.allTypes')}</option>
            {TAX_TYPES.map((ty) => <option key={ty} value={ty}>{ty}</option>)}
          </HTMLSelect>
        )}
        columns={[
          { key: 'name', title: t('taxes.name'), sortField: 'name', render: (x) => x.name, width: 200 },
          { key: 'taxType', title: t('taxes.type'), sortField: 'taxType', render: (x) => x.taxType, width: 110 },
          { key: 'percentage', title: t('taxes.percentage'), sortField: 'percentage', render: (x) => `%${formatPercentage(x.percentage)}`, width: 100 },
          { key: 'abbreviation', title: t('taxes.abbreviation'), render: (x) => x.abbreviation ?? '', width: 110 },
          { key: 'exceptionCode', title: t('taxes.exceptionCode'), render: (x) => x.exceptionCode ?? '', width: 110 },
          { key: 'active', title: t('taxes.active'), render: (x) => <Tag minimal intent={x.active ? 'success' : 'none'}>{t(x.active ? 'common.yes' : 'common.no', { ns: 'kernel' })}</Tag>, width: 90 },
        ]}
        rowLabel={(x) => x.name}
        rowActions={[
          { key: 'edit', label: t('taxes.edit'), icon: 'edit', onClick: (x) => setEditing(x), hidden: () => !canEdit },
          {
            key: 'delete', label: t('taxes.delete'), icon: 'trash', intent: 'danger', hidden: () => !canDelete,
            onClick: async (x) => {
              if (!(await confirm({ message: x.name }))) return;
              try {
                await shell.api.request('DELETE', `${TAXES_PATH}/{id}`, { params: { path: { id: x.id } } });
                host.notify.success(t('notify.deleted', { ns: 'kernel' }));
                host.bus.emit('entity.deleted', { plugin: 'accounting', entity: 'tax', id: x.id });
                setReload((n) => n + 1);
              } catch (e) {
                reportFailure(shell.notify, e, t('notify.error', { ns: 'kernel' }));
              }
            },
          },
        ]}
        fetchPage={(q) => shell.api.list(TAXES_PATH, { params: { query: { page: q.page, size: q.size, sort: [q.sort], ...(q.search ? { search: q.search } : {}), ...(typeFilter ? { taxType: typeFilter } : {}) } } })}
        onError={(e) => shell.notify.failure(e)}
      />
      {editing && (
        <Dialog isOpen onClose={() => setEditing(null)} title={title}>
          <DialogBody>
            <TaxForm
              tax={editing}
              label={title}
              onCancel={() => setEditing(null)}
              onSaved={(tax, created) => {
                host.notify.success(t(created ? 'notify.added' : 'notify.updated', { ns: 'kernel' }));
                host.bus.emit(created ? 'entity.created' : 'entity.updated', { plugin: 'accounting', entity: 'tax', id: tax.id, record: tax });
                setEditing(null);
                setReload((n) => n + 1);
              }}
            />
          </DialogBody>
        </Dialog>
      )}
      {confirmDialog}
    </section>
  );
}
