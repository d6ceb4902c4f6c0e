import { useEffect, useState } from 'react';
import { H2, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Action, type ContributionProps } from '@tezgah/core';
import { PagedTable, reportFailure, useAddRequest, useConfirm, useShell } from '@tezgah/workbench/ui';
import { Go } from './StockTables';
import { WarehouseDialog } from './WarehouseForm';
import { WAREHOUSES, mayWarehouse, type Warehouse } from './model';

/** /warehouse: the company's warehouses, the default one first (seeds 000 §2, §3). */
export default function WarehousesPage({ host }: ContributionProps) {
  const shell = useShell();
  const { t } = useTranslation('accounting');
  const { confirm, dialog: confirmDialog } = useConfirm();
  const [reload, setReload] = useState(0);
  const [editing, setEditing] = useState<Warehouse | 'new' | null>(null);
  const [addRequested, addDone] = useAddRequest();
  useEffect(() => {
    if (addRequested) { setEditing('new'); addDone(); }
  }, [addRequested, addDone]);

  return (
    <section aria-label={t('warehouses.title')}>
      <H2>{t('warehouses.title')}</H2>
      <PagedTable<Warehouse>
        label={t('warehouses.title')}
        searchable
        searchPlaceholder={t('warehouses.searchHint')}
        reloadKey={reload}
        defaultSort="id,asc"
        columns={[
          { key: 'name', title: t('warehouses.fields.name'), sortField: 'name', render: (w) => <Go host={host} to={`/warehouse/${w.id}`}>{w.name}</Go>, width: 260 },
          { key: 'address', title: t('warehouses.fields.address'), render: (w) => w.address ?? '', width: 340 },
          {
            key: 'flags', title: '', width: 200,
            render: (w) => <>
              {w.default && <Tag minimal intent="primary" style={{ marginRight: 4 }}>{t('warehouses.default')}</Tag>}
              {w.main && <Tag minimal>{t('warehouses.main')}</Tag>}
            </>,
          },
        ]}
        rowLabel={(w) => w.name}
        rowActions={[
          { key: 'open', label: t('warehouses.open'), icon: 'document-open', onClick: (w) => host.navigate(`/warehouse/${w.id}`) },
          { key: 'edit', label: t('warehouses.edit'), icon: 'edit', onClick: (w) => setEditing(w), hidden: () => !mayWarehouse(host, Action.UPDATE) },
          {
            key: 'delete', label: t('warehouses.delete'), icon: 'trash', intent: 'danger', hidden: (w) => w.default || !mayWarehouse(host, Action.DELETE),
            onClick: async (w) => {
              if (!(await confirm({ message: w.name }))) return;
              try {
                await shell.api.request('DELETE', `${WAREHOUSES}/{id}`, { params: { path: { id: w.id } } });
                host.notify.success(t('notify.deleted', { ns: 'kernel' }));
                host.bus.emit('entity.deleted', { plugin: 'accounting', entity: 'warehouse', id: w.id });
                setReload((n) => n + 1);
              } catch (e) {
                reportFailure(shell.notify, e, t('notify.error', { ns: 'kernel' }));
              }
            },
          },
        ]}
        fetchPage={(q) => shell.api.list(WAREHOUSES, { params: { query: { page: q.page, size: q.size, sort: [q.sort], ...(q.search ? { search: q.search } : {}) } } })}
        onError={(e) => shell.notify.failure(e)}
      />
      {editing && (
        <WarehouseDialog
          warehouse={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(saved, created) => {
            setEditing(null);
            shell.notify.success(t(created ? 'notify.added' : 'notify.updated', { ns: 'kernel' }));
            host.bus.emit(created ? 'entity.created' : 'entity.updated', { plugin: 'accounting', entity: 'warehouse', id: saved.id });
            setReload((n) => n + 1);
          }}
        />
      )}
      {confirmDialog}
    </section>
  );
}
