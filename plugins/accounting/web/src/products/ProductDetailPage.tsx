import { useState, type ReactNode } from 'react';
import { Button, ButtonGroup, Callout, Card, H2, HTMLTable, NonIdealState, Spinner, Tab, Tabs, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Action, currencyById, type ContributionProps } from '@tezgah/core';
import { reportFailure, useApiQuery, useConfirm, useQueryClient, useShell } from '@tezgah/workbench/ui';
import { StockUpdateDialog, TransferDialog } from '../warehouses/StockDialogs';
import { BalancesTable, StockLinesTable, WarehouseProductsTable, useStockChanged } from '../warehouses/StockTables';
import { ProductDialog } from './ProductForm';
import { ProductTags, PrescriptionDot } from './ProductBits';
import { PRODUCTS, may, mayEditProduct, mayMovements, mayStock, mayTransfer, price, quantity, type ProductDetail } from './model';

/**
 * One product (/product/:id, seeds 000 §2): its fields and main accounts, and the tabs the seeds
 * name: its warehouses (stock per warehouse, with stock update and transfer), its stock
 * movements and its balances. Services carry no stock and show no stock tabs.
 */
export default function ProductDetailPage({ host, params }: ContributionProps) {
  const shell = useShell();
  const { t } = useTranslation('accounting');
  const { confirm, dialog: confirmDialog } = useConfirm();
  const id = Number(params?.id);
  const [editing, setEditing] = useState(false);
  const [stocking, setStocking] = useState<number | null | false>(false);
  const [moving, setMoving] = useState<number | null | false>(false);
  const [tab, setTab] = useState<string>('warehouses');
  const client = useQueryClient();
  // A stock update or a transfer reads the product (its stock) and its tables again.
  const changed = useStockChanged();
  const init = { params: { path: { id } } };
  // Its stock moves with every sale and purchase (written under other paths): each visit asks again.
  const q = useApiQuery(`${PRODUCTS}/{id}`, init, { enabled: Number.isInteger(id) && id > 0, refetchOnEveryMount: true });
  const product: ProductDetail | null = q.data ?? null;
  const missing = q.isError && !product;

  if (missing || !Number.isInteger(id) || id < 1) return <NonIdealState icon="search" title={t('products.notFound')} />;
  if (!product) return <div role="status"><Spinner size={20} /> {t('products.loading')}</div>;

  const p = product;
  const money = (v: number | null, currencyId: number) => (v === null ? '—' : `${price(v)} ${currencyById(currencyId)?.code ?? ''}`);
  const rows: [string, ReactNode][] = [
    ['barcode', p.barcode],
    ['unitId', p.unitName],
    ['buyingPrice', money(p.buyingPrice, p.buyingCurrencyId)],
    ['salePrice', money(p.salePrice, p.saleCurrencyId)],
    ['defaultTaxRate', `%${p.defaultTaxRate}`],
  ];
  if (!p.service) {
    rows.push(
      ['stockQuantity', <strong key="s">{`${quantity(p.stockQuantity)} ${p.unitName}`}</strong>],
      ['minStock', p.minStock === null ? '—' : quantity(p.minStock)],
      ['maxStock', p.maxStock === null ? '—' : quantity(p.maxStock)],
      ['qrTracking', t(p.qrTracking ? 'products.yes' : 'products.no')],
    );
  }
  if (p.serialNumber) rows.push(['serialNumber', p.serialNumber]);
  if (p.prescriptionType) rows.push(['prescriptionType', <><PrescriptionDot type={p.prescriptionType} />{t(`products.prescription.${p.prescriptionType}`)}</>]);
  if (p.medicinePriceId) rows.push(['medicinePriceId', String(p.medicinePriceId)]);
  if (p.explanation) rows.push(['explanation', p.explanation]);
  if (p.tags.length) rows.push(['tagIds', <ProductTags key="t" tags={p.tags} />]);
  rows.push(['mainAccounts', p.productMainAccounts.map((a) => `${a.accountCode} ${a.accountName} (${t(`products.accountTypes.${a.type}`)})`).join(' · ')]);

  async function remove() {
    if (!(await confirm({ message: p.name }))) return;
    try {
      await shell.api.request('DELETE', `${PRODUCTS}/{id}`, { params: { path: { id } } });
      host.notify.success(t('notify.deleted', { ns: 'kernel' }));
      host.bus.emit('entity.deleted', { plugin: 'accounting', entity: 'product', id });
      host.navigate('/product');
    } catch (e) {
      reportFailure(shell.notify, e, t('notify.error', { ns: 'kernel' }));
    }
  }

  const stockActions = [
    ...(mayStock(host) ? [{ key: 'stock', label: t('warehouses.stock.update'), icon: 'changes' as const, onClick: (r: { warehouseId: number }) => setStocking(r.warehouseId) }] : []),
    ...(mayTransfer(host) ? [{ key: 'transfer', label: t('warehouses.transfer.title'), icon: 'swap-horizontal' as const, onClick: (r: { warehouseId: number }) => setMoving(r.warehouseId) }] : []),
  ];

  return (
    <section aria-label={p.name}>
      <div style={{ display: 'flex', alignItems: 'center', gap: 12, flexWrap: 'wrap' }}>
        <H2 style={{ margin: 0 }}>{p.name}</H2>
        <Tag intent="primary" minimal>{t(`products.types.${p.productType}`)}</Tag>
        <Tag minimal intent={p.status === 'ACTIVE' ? 'success' : 'none'}>{t(`products.status.${p.status}`)}</Tag>
        <ButtonGroup style={{ marginLeft: 'auto' }}>
          <Button icon="arrow-left" text={t('products.back')} onClick={() => host.navigate('/product')} />
          {mayEditProduct(host) && <Button icon="edit" text={t('products.edit')} onClick={() => setEditing(true)} />}
          {!p.service && mayStock(host) && <Button icon="changes" text={t('warehouses.stock.update')} onClick={() => setStocking(null)} />}
          {!p.service && mayTransfer(host) && <Button icon="swap-horizontal" text={t('warehouses.transfer.title')} onClick={() => setMoving(null)} />}
          {may(host, Action.DELETE) && <Button icon="trash" intent="danger" text={t('products.delete')} onClick={remove} />}
        </ButtonGroup>
      </div>
      <Card style={{ marginTop: 12 }}>
        <HTMLTable compact aria-label={t('products.title')}>
          <tbody>
            {rows.map(([f, v]) => <tr key={f}><th scope="row">{t(`products.fields.${f}`)}</th><td>{v}</td></tr>)}
          </tbody>
        </HTMLTable>
      </Card>
      <Card style={{ marginTop: 12 }}>
        {p.service ? <Callout>{t('products.hints.service')}</Callout> : (
          <Tabs id="product-tabs" selectedTabId={tab} onChange={(x) => setTab(String(x))} renderActiveTabPanelOnly>
            <Tab id="warehouses" title={t('products.tabs.warehouses')} panel={
              <WarehouseProductsTable host={host} label={t('products.tabs.warehouses')} productId={p.id} rowActions={stockActions} />
            } />
            {mayMovements(host) && (
              <Tab id="movements" title={t('products.tabs.movements')} panel={
                <StockLinesTable host={host} label={t('products.tabs.movements')} productId={p.id} />
              } />
            )}
            <Tab id="balances" title={t('products.tabs.balances')} panel={
              <BalancesTable host={host} label={t('products.tabs.balances')} productId={p.id} />
            } />
          </Tabs>
        )}
      </Card>
      {editing && (
        <ProductDialog host={host} product={p} onClose={() => setEditing(false)} onSaved={(saved) => {
          setEditing(false);
          // The saved product is the product as it is now: it replaces the read the write started.
          const key = ['GET', `${PRODUCTS}/{id}`, init];
          void client.cancelQueries({ queryKey: key, exact: true }).then(() => client.setQueryData(key, saved));
          shell.notify.success(t('notify.updated', { ns: 'kernel' }));
          host.bus.emit('entity.updated', { plugin: 'accounting', entity: 'product', id: saved.id });
        }} />
      )}
      {stocking !== false && (
        <StockUpdateDialog host={host} product={p} warehouseId={stocking} onClose={() => setStocking(false)} onSaved={() => { setStocking(false); changed(); }} />
      )}
      {moving !== false && (
        <TransferDialog host={host} product={p} outgoingWarehouseId={moving} onClose={() => setMoving(false)} onSaved={() => { setMoving(false); changed(); }} />
      )}
      {confirmDialog}
    </section>
  );
}
