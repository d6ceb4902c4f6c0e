import { useState } from 'react';
import { Button, ButtonGroup, Card, H2, H4, HTMLTable, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Action, Module, formatNumber, type ContributionProps } from '@tezgah/core';
import { PagedTable, reportFailure, useApiQuery, useConfirm, useInvalidate, useQueryClient, useShell } from '@tezgah/workbench/ui';
import { CurrentLinkDialog } from './CurrentLinkDialog';
import { PriceDialog } from './PriceDialog';
import { PriceListDialog } from './PriceListDialog';
import { ITEMS, LISTS, formatPrice, type PriceList, type PriceListProduct } from './model';

/**
 * /price-list/:id: one price list with its products (price without tax, discount rate, discounted
 * price; add, edit the price, remove) and the customers or suppliers linked to it.
 */
export default function PriceListDetailPage({ host, params }: ContributionProps) {
  const shell = useShell();
  const { t } = useTranslation('accounting');
  const { confirm, dialog: confirmDialog } = useConfirm();
  const id = Number(params?.id);
  const [editing, setEditing] = useState(false);
  const [pricing, setPricing] = useState<PriceListProduct | 'new' | null>(null);
  const [linking, setLinking] = useState(false);
  const client = useQueryClient();
  const invalidate = useInvalidate();
  const init = { params: { path: { id } } };
  const listQuery = useApiQuery(`${LISTS}/{id}`, init, { enabled: Number.isInteger(id) && id > 0 });
  const list: PriceList | null = listQuery.data ?? null;
  const missing = listQuery.isError && !list;
  // A saved list is the list as it is now: it replaces the read the write started.
  const setList = (saved: PriceList) => {
    const key = ['GET', `${LISTS}/{id}`, init];
    void client.cancelQueries({ queryKey: key, exact: true }).then(() => client.setQueryData(key, saved));
  };
  // A product put in or taken out (the products' own collection, refreshed by the write) changes the list too.
  const productsChanged = () => { void invalidate(LISTS); };

  if (missing || !Number.isInteger(id) || id <= 0) return <NonIdealState icon="search" title={t('pricelists.detail.notFound')} />;
  if (!list) return <div role="status"><Spinner size={20} /> {t('pricelists.detail.loading')}</div>;

  const may = (...actions: number[]) => host.can({ module: Module.PRICE_LIST, anyActions: actions });
  const canAdd = may(Action.CREATE);
  const canPrice = may(Action.UPDATE, 44);
  const canRemove = may(Action.DELETE);
  const canLink = may(Action.UPDATE);
  const linkedWord = list.type === 'SALE' ? t('pricelists.detail.customers') : t('pricelists.detail.suppliers');

  async function removeList() {
    if (!(await confirm({ message: list!.name }))) return;
    try {
      await shell.api.request('DELETE', `${LISTS}/{id}`, { params: { path: { id } } });
      host.notify.success(t('notify.deleted', { ns: 'kernel' }));
      host.bus.emit('entity.deleted', { plugin: 'accounting', entity: 'priceList', id });
      host.navigate('/price-list');
    } catch (e) {
      reportFailure(shell.notify, e, t('notify.error', { ns: 'kernel' }));
    }
  }

  async function unlink(currentId: number, name: string) {
    if (!(await confirm({ message: name }))) return;
    try {
      const next = await shell.api.request('PUT', LISTS, {
        body: { id, name: list!.name, type: list!.type, explanation: list!.explanation, active: list!.active, currentIds: list!.currents.map((c) => c.id).filter((c) => c !== currentId) },
      });
      setList(next);
      host.notify.success(t('notify.updated', { ns: 'kernel' }));
    } catch (e) {
      reportFailure(shell.notify, e, t('notify.error', { ns: 'kernel' }));
    }
  }

  return (
    <section aria-label={list.name}>
      <div style={{ display: 'flex', alignItems: 'center', gap: 12, flexWrap: 'wrap' }}>
        <H2 style={{ margin: 0 }}>{list.name}</H2>
        <Tag intent={list.type === 'SALE' ? 'primary' : 'warning'} minimal>{t(`pricelists.types.${list.type}`)}</Tag>
        <Tag minimal intent={list.active ? 'success' : 'none'}>{t(list.active ? 'pricelists.status.active' : 'pricelists.status.passive')}</Tag>
        <ButtonGroup style={{ marginLeft: 'auto' }}>
          <Button icon="arrow-left" text={t('pricelists.detail.back')} onClick={() => host.navigate('/price-list')} />
          {may(Action.UPDATE) && <Button icon="edit" text={t('common.edit', { ns: 'kernel' })} onClick={() => setEditing(true)} />}
          {canRemove && <Button icon="trash" intent="danger" text={t('common.delete', { ns: 'kernel' })} onClick={() => void removeList()} />}
        </ButtonGroup>
      </div>
      {list.explanation && <p style={{ marginTop: 8 }}>{list.explanation}</p>}

      <Card style={{ marginTop: 16 }}>
        <div style={{ display: 'flex', alignItems: 'center' }}>
          <H4 style={{ margin: 0 }}>{t('pricelists.detail.products')}</H4>
          {canAdd && <Button style={{ marginLeft: 'auto' }} icon="add" intent="primary" text={t('pricelists.detail.addProduct')} onClick={() => setPricing('new')} />}
        </div>
        <PagedTable<PriceListProduct>
          label={t('pricelists.detail.products')}
          searchable
          searchPlaceholder={t('pricelists.detail.productSearchHint')}
          queryKey={['GET', ITEMS, { priceListId: id }]}
          defaultSort="productName,asc"
          emptyText={t('pricelists.detail.noProducts')}
          columns={[
            { key: 'product', title: t('pricelists.detail.product'), sortField: 'productName', render: (r) => r.productName, width: 240 },
            { key: 'barcode', title: t('pricelists.detail.barcode'), sortField: 'barcode', render: (r) => r.barcode, width: 150 },
            { key: 'unit', title: t('pricelists.detail.unit'), render: (r) => r.unitName, width: 80 },
            { key: 'price', title: t('pricelists.detail.price'), sortField: 'price', render: (r) => formatPrice(r.price), width: 170 },
            { key: 'rate', title: t('pricelists.detail.discountRate'), sortField: 'discountRate', render: (r) => `%${formatNumber(r.discountRate)}`, width: 130 },
            { key: 'discounted', title: t('pricelists.detail.discountedPrice'), sortField: 'discountedPrice', render: (r) => formatPrice(r.discountedPrice), width: 150 },
          ]}
          rowLabel={(r) => r.productName}
          rowActions={[
            { key: 'price', label: t('pricelists.detail.editPrice'), icon: 'edit', onClick: (r) => setPricing(r), hidden: () => !canPrice },
            {
              key: 'remove', label: t('pricelists.detail.removeProduct'), icon: 'trash', intent: 'danger', hidden: () => !canRemove,
              onClick: async (r) => {
                if (!(await confirm({ message: r.productName }))) return;
                try {
                  await shell.api.request('DELETE', `${ITEMS}/{id}`, { params: { path: { id: r.id } } });
                  host.notify.success(t('notify.deleted', { ns: 'kernel' }));
                  productsChanged();
                } catch (e) {
                  reportFailure(shell.notify, e, t('notify.error', { ns: 'kernel' }));
                }
              },
            },
          ]}
          fetchPage={(q) => shell.api.list(ITEMS, { params: { query: { page: q.page, size: q.size, sort: [q.sort], priceListId: id, ...(q.search ? { search: q.search } : {}) } } })}
          onError={(e) => shell.notify.failure(e)}
        />
      </Card>

      <Card style={{ marginTop: 16 }}>
        <div style={{ display: 'flex', alignItems: 'center' }}>
          <H4 style={{ margin: 0 }}>{linkedWord}</H4>
          {canLink && <Button style={{ marginLeft: 'auto' }} icon="link" text={t('pricelists.detail.addCurrent')} onClick={() => setLinking(true)} />}
        </div>
        {list.currents.length === 0 ? (
          <p style={{ marginTop: 8 }}>{t('pricelists.detail.noCurrents')}</p>
        ) : (
          <div className="tz-table-scroll"><HTMLTable compact striped aria-label={linkedWord} style={{ marginTop: 8 }}>
            <thead>
              <tr><th>{t('pricelists.detail.current')}</th><th>{t('pricelists.detail.taxNumber')}</th>{canLink && <th aria-label={t('pricelists.detail.removeCurrent')} />}</tr>
            </thead>
            <tbody>
              {list.currents.map((c) => (
                <tr key={c.id}>
                  <td>{c.name}</td>
                  <td>{c.taxNumber ?? '—'}</td>
                  {canLink && (
                    <td>
                      <Button variant="minimal" icon="cross" aria-label={`${t('pricelists.detail.removeCurrent')}: ${c.name}`} onClick={() => void unlink(c.id, c.name)} />
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </HTMLTable></div>
        )}
      </Card>

      {editing && (
        <PriceListDialog
          list={list}
          onClose={() => setEditing(false)}
          onSaved={(saved) => { setEditing(false); setList(saved); host.bus.emit('entity.updated', { plugin: 'accounting', entity: 'priceList', id }); }}
        />
      )}
      {pricing && (
        <PriceDialog
          list={list}
          row={pricing === 'new' ? null : pricing}
          onClose={() => setPricing(null)}
          onSaved={() => { setPricing(null); productsChanged(); }}
        />
      )}
      {linking && (
        <CurrentLinkDialog
          list={list}
          onClose={() => setLinking(false)}
          onSaved={(saved) => { setLinking(false); setList(saved); }}
        />
      )}
      {confirmDialog}
    </section>
  );
}
