import { useState } from 'react';
import { Button, ButtonGroup, Card, H2, NonIdealState, Spinner, Tab, Tabs, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Action, type ContributionProps } from '@tezgah/core';
import { reportFailure, useApiQuery, useConfirm, useQueryClient, useShell, type RowAction } from '@tezgah/workbench/ui';
import { mayMovements, mayStock, mayTransfer } from '../products/model';
import { StockUpdateDialog, TransferDialog, type StockProduct } from './StockDialogs';
import { StockLinesTable, TransfersTable, WarehouseProductsTable, useStockChanged } from './StockTables';
import { WarehouseDialog } from './WarehouseForm';
import { WAREHOUSES, mayWarehouse, type Warehouse, type WarehouseProduct } from './model';

/**
 * One warehouse (/warehouse/:id, seeds 000 §2): its fields and the tabs the seeds name: its
 * products (stock per product, with stock update and transfer out), its stock movements and its
 * transfers in and out.
 */
export default function WarehouseDetailPage({ host, params }: ContributionProps) {
  const shell = useShell();
  const { t } = useTranslation('accounting');
  const { confirm, dialog: confirmDialog } = useConfirm();
  const id = Number(params?.id);
  const [editing, setEditing] = useState(false);
  const [stocking, setStocking] = useState<StockProduct | null>(null);
  const [moving, setMoving] = useState<StockProduct | null>(null);
  const [tab, setTab] = useState('products');
  const client = useQueryClient();
  const changed = useStockChanged();
  const init = { params: { path: { id } } };
  const q = useApiQuery(`${WAREHOUSES}/{id}`, init, { enabled: Number.isInteger(id) && id > 0 });
  const warehouse: Warehouse | null = q.data ?? null;
  const missing = q.isError && !warehouse;

  if (missing || !Number.isInteger(id) || id < 1) return <NonIdealState icon="search" title={t('warehouses.notFound')} />;
  if (!warehouse) return <div role="status"><Spinner size={20} /> {t('warehouses.loading')}</div>;
  const w = warehouse;

  async function remove() {
    if (!(await confirm({ message: w.name }))) return;
    try {
      await shell.api.request('DELETE', `${WAREHOUSES}/{id}`, { params: { path: { id } } });
      host.notify.success(t('notify.deleted', { ns: 'kernel' }));
      host.bus.emit('entity.deleted', { plugin: 'accounting', entity: 'warehouse', id });
      host.navigate('/warehouse');
    } catch (e) {
      reportFailure(shell.notify, e, t('notify.error', { ns: 'kernel' }));
    }
  }

  const asProduct = (r: WarehouseProduct): StockProduct => ({ id: r.productId, name: r.productName, warehouseId: w.id });
  const actions: RowAction<WarehouseProduct>[] = [
    ...(mayStock(host) ? [{ key: 'stock', label: t('warehouses.stock.update'), icon: 'changes' as const, onClick: (r: WarehouseProduct) => setStocking(asProduct(r)) }] : []),
    ...(mayTransfer(host) ? [{ key: 'transfer', label: t('warehouses.transfer.title'), icon: 'swap-horizontal' as const, onClick: (r: WarehouseProduct) => setMoving(asProduct(r)), disabled: (r: WarehouseProduct) => r.quantity <= 0 }] : []),
  ];

  return (
    <section aria-label={w.name}>
      <div style={{ display: 'flex', alignItems: 'center', gap: 12, flexWrap: 'wrap' }}>
        <H2 style={{ margin: 0 }}>{w.name}</H2>
        {w.default && <Tag minimal intent="primary">{t('warehouses.default')}</Tag>}
        {w.main && <Tag minimal>{t('warehouses.main')}</Tag>}
        <ButtonGroup style={{ marginLeft: 'auto' }}>
          <Button icon="arrow-left" text={t('warehouses.back')} onClick={() => host.navigate('/warehouse')} />
          {mayWarehouse(host, Action.UPDATE) && <Button icon="edit" text={t('warehouses.edit')} onClick={() => setEditing(true)} />}
          {!w.default && mayWarehouse(host, Action.DELETE) && <Button icon="trash" intent="danger" text={t('warehouses.delete')} onClick={remove} />}
        </ButtonGroup>
      </div>
      {w.address && <p style={{ marginTop: 8 }}>{w.address}</p>}
      <Card style={{ marginTop: 12 }}>
        <Tabs id="warehouse-tabs" selectedTabId={tab} onChange={(x) => setTab(String(x))} renderActiveTabPanelOnly>
          <Tab id="products" title={t('warehouses.tabs.products')} panel={
            <WarehouseProductsTable host={host} label={t('warehouses.tabs.products')} warehouseId={w.id} rowActions={actions} />
          } />
          {mayMovements(host) && (
            <Tab id="movements" title={t('warehouses.tabs.movements')} panel={
              <StockLinesTable host={host} label={t('warehouses.tabs.movements')} warehouseId={w.id} />
            } />
          )}
          {host.can({ codes: ['14_35', '14_33'] }) && (
            <Tab id="transfers" title={t('warehouses.tabs.transfers')} panel={
              <TransfersTable host={host} label={t('warehouses.tabs.transfers')} warehouseId={w.id} />
            } />
          )}
        </Tabs>
      </Card>
      {editing && (
        <WarehouseDialog warehouse={w} onClose={() => setEditing(false)} onSaved={(saved) => {
          setEditing(false);
          // The saved warehouse is the warehouse as it is now: it replaces the read the write started.
          const key = ['GET', `${WAREHOUSES}/{id}`, init];
          void client.cancelQueries({ queryKey: key, exact: true }).then(() => client.setQueryData(key, saved));
          shell.notify.success(t('notify.updated', { ns: 'kernel' }));
          host.bus.emit('entity.updated', { plugin: 'accounting', entity: 'warehouse', id: saved.id });
        }} />
      )}
      {stocking && <StockUpdateDialog host={host} product={stocking} warehouseId={w.id} onClose={() => setStocking(null)} onSaved={() => { setStocking(null); changed(); }} />}
      {moving && <TransferDialog host={host} product={moving} outgoingWarehouseId={w.id} onClose={() => setMoving(null)} onSaved={() => { setMoving(null); changed(); }} />}
      {confirmDialog}
    </section>
  );
}
