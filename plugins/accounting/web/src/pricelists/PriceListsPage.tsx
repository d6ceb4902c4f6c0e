import { useEffect, useState } from 'react';
import { H2, HTMLSelect, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Action, Module, formatDate, type ContributionProps } from '@tezgah/core';
import { PagedTable, reportFailure, useAddRequest, useConfirm, useShell } from '@tezgah/workbench/ui';
import { PriceListDialog } from './PriceListDialog';
import { LISTS, type PriceList } from './model';

/** /price-list: the company's sale and buying price lists (seeds 000 §2, §3). */
export default function PriceListsPage({ host }: ContributionProps) {
  const shell = useShell();
  const { t } = useTranslation('accounting');
  const { confirm, dialog: confirmDialog } = useConfirm();
  const [reload, setReload] = useState(0);
  const [type, setType] = useState<'' | 'SALE' | 'BUYING'>('');
  const [editing, setEditing] = useState<PriceList | 'new' | null>(null);
  const [addRequested, addDone] = useAddRequest();
  useEffect(() => {
    if (addRequested) { setEditing('new'); addDone(); }
  }, [addRequested, addDone]);
  const canEdit = host.can({ module: Module.PRICE_LIST, anyActions: [Action.UPDATE] });
  const canDelete = host.can({ module: Module.PRICE_LIST, anyActions: [Action.DELETE] });

  return (
    <section aria-label={t('pricelists.title')}>
      <H2>{t('pricelists.title')}</H2>
      <PagedTable<PriceList>
        label={t('pricelists.title')}
        searchable
        reloadKey={`${reload}/${type}`}
        defaultSort="id,desc"
        toolbar={
          <HTMLSelect aria-label={t('pricelists.filterType')} value={type} onChange={(e) => setType(e.currentTarget.value as typeof type)}>
            <option value="">{t('pricelists.all')}</option>
            <option value="SALE">{t('pricelists.types.SALE')}</option>
            <option value="BUYING">{t('pricelists.types.BUYING')}</option>
          </HTMLSelect>
        }
        columns={[
          { key: 'name', title: t('pricelists.name'), sortField: 'name', render: (l) => <a href={`/price-list/${l.id}`} onClick={(e) => { e.preventDefault(); host.navigate(`/price-list/${l.id}`); }}>{l.name}</a>, width: 260 },
          { key: 'type', title: t('pricelists.type'), sortField: 'type', render: (l) => <Tag minimal intent={l.type === 'SALE' ? 'primary' : 'warning'}>{t(`pricelists.types.${l.type}`)}</Tag>, width: 100 },
          { key: 'products', title: t('pricelists.productCount'), render: (l) => l.productCount, width: 110 },
          { key: 'currents', title: t('pricelists.currents'), render: (l) => l.currents.map((c) => c.name).join(', ') || '—', width: 260 },
          { key: 'active', title: t('pricelists.active'), render: (l) => <Tag minimal intent={l.active ? 'success' : 'none'}>{t(l.active ? 'pricelists.status.active' : 'pricelists.status.passive')}</Tag>, width: 90 },
          { key: 'created', title: t('pricelists.created'), sortField: 'createdDate', render: (l) => formatDate(l.createdDate), width: 130 },
        ]}
        rowLabel={(l) => l.name}
        rowActions={[
          { key: 'open', label: t('pricelists.open'), icon: 'document-open', onClick: (l) => host.navigate(`/price-list/${l.id}`) },
          { key: 'edit', label: t('pricelists.edit'), icon: 'edit', onClick: (l) => setEditing(l), hidden: () => !canEdit },
          {
            key: 'delete', label: t('pricelists.delete'), icon: 'trash', intent: 'danger', hidden: () => !canDelete,
            onClick: async (l) => {
              if (!(await confirm({ message: l.name }))) return;
              try {
                await shell.api.request('DELETE', `${LISTS}/{id}`, { params: { path: { id: l.id } } });
                host.notify.success(t('notify.deleted', { ns: 'kernel' }));
                host.bus.emit('entity.deleted', { plugin: 'accounting', entity: 'priceList', id: l.id });
                setReload((n) => n + 1);
              } catch (e) {
                reportFailure(shell.notify, e, t('notify.error', { ns: 'kernel' }));
              }
            },
          },
        ]}
        fetchPage={(q) => shell.api.list(LISTS, { params: { query: { page: q.page, size: q.size, sort: [q.sort], ...(q.search ? { search: q.search } : {}), ...(type ? { type } : {}) } } })}
        onError={(e) => shell.notify.failure(e)}
      />
      {editing && (
        <PriceListDialog
          list={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            const wasNew = editing === 'new';
            setEditing(null);
            setReload((n) => n + 1);
            host.bus.emit(wasNew ? 'entity.created' : 'entity.updated', { plugin: 'accounting', entity: 'priceList', id: saved.id });
            if (wasNew) host.navigate(`/price-list/${saved.id}`);
          }}
        />
      )}
      {confirmDialog}
    </section>
  );
}
