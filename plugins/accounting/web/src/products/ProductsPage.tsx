import { useEffect, useState } from 'react';
import { Checkbox, H2, HTMLSelect, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Action, Module, currencyById, type ContributionProps } from '@tezgah/core';
import type { components } from '@tezgah/sdk';
import { PagedTable, reportFailure, useAddRequest, useApiData, useConfirm, useShell } from '@tezgah/workbench/ui';
import { TAGS_PATH } from '../tags/TagForm';
import { StockUpdateDialog, TransferDialog, useWarehouses } from '../warehouses/StockDialogs';
import { Go } from '../warehouses/StockTables';
import { ProductDialog } from './ProductForm';
import { ProductTags, PrescriptionDot } from './ProductBits';
import { PRODUCTS, PRODUCT_TYPES, may, mayEditProduct, mayStock, mayTransfer, price, quantity, type Product } from './model';

type TagRecord = components['schemas']['Tag'];

/** '' all, 'goods', 'services' or one product type. */
type TypeFilter = string;

/** /product: the company's products and services (seeds 000 §2, §3) with filters, tags and row actions. */
export default function ProductsPage({ host }: ContributionProps) {
  const shell = useShell();
  const { t } = useTranslation('accounting');
  const { confirm, dialog: confirmDialog } = useConfirm();
  const [reload, setReload] = useState(0);
  const [type, setType] = useState<TypeFilter>('');
  const [tagId, setTagId] = useState('');
  const [warehouseId, setWarehouseId] = useState('');
  const [status, setStatus] = useState('');
  const [belowMinimum, setBelowMinimum] = useState(false);
  const [editing, setEditing] = useState<Product | 'new' | null>(null);
  const [stocking, setStocking] = useState<Product | null>(null);
  const [moving, setMoving] = useState<Product | null>(null);
  const [addRequested, addDone] = useAddRequest();
  useEffect(() => {
    if (addRequested) { setEditing('new'); addDone(); }
  }, [addRequested, addDone]);
  const warehouses = useWarehouses();
  const canTags = host.can({ module: Module.TAG, anyActions: [Action.VIEW] });
  // The tag filter's choices (nothing without the right to see tags, or when they fail to load).
  const tags: readonly TagRecord[] = useApiData(
    ['GET', TAGS_PATH, { size: 1000 }, 'page'],
    (api) => api.list(TAGS_PATH, { params: { query: { size: 1000, sort: ['name,asc'] } } }).then((r) => r.items),
    { enabled: canTags, report: false },
  ).data ?? [];

  const canDelete = may(host, Action.DELETE);
  const done = () => setReload((n) => n + 1);

  const filters = {
    ...(type === 'goods' ? { service: false } : type === 'services' ? { service: true } : type ? { productType: type as Product['productType'] } : {}),
    ...(tagId ? { tagId: Number(tagId) } : {}),
    ...(warehouseId ? { warehouseId: Number(warehouseId) } : {}),
    ...(status ? { status: status as Product['status'] } : {}),
    ...(belowMinimum ? { belowMinimumStock: true } : {}),
  };

  return (
    <section aria-label={t('products.title')}>
      <H2>{t('products.title')}</H2>
      <PagedTable<Product>
        label={t('products.title')}
        searchable
        searchPlaceholder={t('products.searchHint')}
        reloadKey={`${reload}/${JSON.stringify(filters)}`}
        defaultSort="id,desc"
        toolbar={
          <div style={{ display: 'flex', gap: 8, alignItems: 'center', flexWrap: 'wrap' }}>
            <HTMLSelect aria-label={t('products.filter.type')} value={type} onChange={(e) => setType(e.currentTarget.value)}>
              <option value="">{t('products.filter.allTypes')}</option>
              <option value="goods">{t('products.filter.goods')}</option>
              <option value="services">{t('products.filter.services')}</option>
              {PRODUCT_TYPES.map((x) => <option key={x} value={x}>{t(`products.types.${x}`)}</option>)}
            </HTMLSelect>
            {canTags && (
              <HTMLSelect aria-label={t('products.filter.tag')} value={tagId} onChange={(e) => setTagId(e.currentTarget.value)}>
                <option value="">{t('products.filter.allTags')}</option>
                {tags.map((x) => <option key={x.id} value={String(x.id)}>{x.name}</option>)}
              </HTMLSelect>
            )}
            <HTMLSelect aria-label={t('products.filter.warehouse')} value={warehouseId} onChange={(e) => setWarehouseId(e.currentTarget.value)}>
              <option value="">{t('products.filter.allWarehouses')}</option>
              {(warehouses ?? []).map((w) => <option key={w.id} value={String(w.id)}>{w.name}</option>)}
            </HTMLSelect>
            <HTMLSelect aria-label={t('products.filter.status')} value={status} onChange={(e) => setStatus(e.currentTarget.value)}>
              <option value="">{t('products.filter.allStatuses')}</option>
              <option value="ACTIVE">{t('products.status.ACTIVE')}</option>
              <option value="PASSIVE">{t('products.status.PASSIVE')}</option>
            </HTMLSelect>
            <Checkbox style={{ margin: 0 }} checked={belowMinimum} label={t('products.filter.belowMinimum')} onChange={(e) => setBelowMinimum(e.currentTarget.checked)} />
          </div>
        }
        columns={[
          {
            key: 'name', title: t('products.fields.name'), sortField: 'name', width: 320,
            render: (p) => <>{p.prescriptionType && <PrescriptionDot type={p.prescriptionType} />}<Go host={host} to={`/product/${p.id}`}>{p.name}</Go></>,
          },
          { key: 'barcode', title: t('products.fields.barcode'), sortField: 'barcode', render: (p) => p.barcode, width: 140 },
          { key: 'type', title: t('products.fields.productType'), render: (p) => t(`products.types.${p.productType}`), width: 150 },
          { key: 'unit', title: t('products.fields.unitId'), render: (p) => p.unitName, width: 80 },
          {
            key: 'salePrice', title: t('products.columns.salePrice'), sortField: 'salePrice', width: 130,
            render: (p) => (p.salePrice === null ? '—' : `${price(p.salePrice)} ${currencyById(p.saleCurrencyId)?.symbol ?? ''}`),
          },
          {
            key: 'stock', title: t('products.columns.stock'), sortField: 'stockQuantity', width: 110,
            render: (p) => (p.service ? '—' : p.minStock !== null && p.stockQuantity <= p.minStock
              ? <Tag minimal intent="warning" title={t('products.columns.belowMinimum')}>{quantity(p.stockQuantity)}</Tag>
              : quantity(p.stockQuantity)),
          },
          { key: 'tags', title: t('products.columns.tags'), render: (p) => <ProductTags tags={p.tags} />, width: 180 },
          { key: 'status', title: t('products.fields.status'), render: (p) => <Tag minimal intent={p.status === 'ACTIVE' ? 'success' : 'none'}>{t(`products.status.${p.status}`)}</Tag>, width: 90 },
        ]}
        rowLabel={(p) => p.name}
        rowActions={[
          { key: 'open', label: t('products.open'), icon: 'document-open', onClick: (p) => host.navigate(`/product/${p.id}`) },
          { key: 'edit', label: t('products.edit'), icon: 'edit', onClick: (p) => setEditing(p), hidden: () => !mayEditProduct(host) },
          { key: 'stock', label: t('warehouses.stock.update'), icon: 'changes', onClick: (p) => setStocking(p), hidden: (p) => p.service || !mayStock(host) },
          { key: 'transfer', label: t('warehouses.transfer.title'), icon: 'swap-horizontal', onClick: (p) => setMoving(p), hidden: (p) => p.service || !mayTransfer(host) },
          {
            key: 'delete', label: t('products.delete'), icon: 'trash', intent: 'danger', hidden: () => !canDelete,
            onClick: async (p) => {
              if (!(await confirm({ message: p.name }))) return;
              try {
                await shell.api.request('DELETE', `${PRODUCTS}/{id}`, { params: { path: { id: p.id } } });
                host.notify.success(t('notify.deleted', { ns: 'kernel' }));
                host.bus.emit('entity.deleted', { plugin: 'accounting', entity: 'product', id: p.id });
                done();
              } catch (e) {
                reportFailure(shell.notify, e, t('notify.error', { ns: 'kernel' }));
              }
            },
          },
        ]}
        fetchPage={(q) => shell.api.list(PRODUCTS, { params: { query: { page: q.page, size: q.size, sort: [q.sort], ...(q.search ? { search: q.search } : {}), ...filters } } })}
        onError={(e) => shell.notify.failure(e)}
      />
      {editing && (
        <ProductDialog
          host={host}
          product={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(saved, created) => {
            setEditing(null);
            shell.notify.success(t(created ? 'notify.added' : 'notify.updated', { ns: 'kernel' }));
            host.bus.emit(created ? 'entity.created' : 'entity.updated', { plugin: 'accounting', entity: 'product', id: saved.id });
            done();
          }}
        />
      )}
      {stocking && <StockUpdateDialog host={host} product={stocking} onClose={() => setStocking(null)} onSaved={() => { setStocking(null); done(); }} />}
      {moving && <TransferDialog host={host} product={moving} onClose={() => setMoving(null)} onSaved={() => { setMoving(null); done(); }} />}
      {confirmDialog}
    </section>
  );
}
