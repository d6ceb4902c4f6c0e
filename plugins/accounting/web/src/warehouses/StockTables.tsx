import type { ReactNode } from 'react';
import { Callout, HTMLTable, Spinner, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { DATE_FORMATS, formatDate, type WorkbenchHost } from '@tezgah/core';
import { PagedTable, collectionOf, useApiQuery, useInvalidate, useShell, type PagedTableColumn, type RowAction } from '@tezgah/workbench/ui';
import { PRODUCTS, quantity, thousandths } from '../products/model';
import {
  STOCK_LINES, TRANSFER_LINES, WAREHOUSE_PRODUCTS, WAREHOUSE_PRODUCT_ITEMS,
  type StockLine, type WarehouseProduct, type WarehouseProductItem, type WarehouseTransfer,
} from './model';

/** A link to a workbench page that the shell's router follows. */
export function Go(props: { host: WorkbenchHost; to: string; children: ReactNode }) {
  return <a href={props.to} onClick={(e) => { e.preventDefault(); props.host.navigate(props.to); }}>{props.children}</a>;
}

/**
 * What a stock update or a transfer changes besides its own collection (the SDK refreshes that):
 * the stock per warehouse, the stock ledger, the transfers' lines, the balances and the products'
 * stock. A page calls the function this returns once such a write is saved.
 */
export function useStockChanged(): () => void {
  const invalidate = useInvalidate();
  return () => { void invalidate(PRODUCTS, WAREHOUSE_PRODUCTS, STOCK_LINES, TRANSFER_LINES, collectionOf(WAREHOUSE_PRODUCT_ITEMS)); };
}

const when = (iso: string | null | undefined) => (iso ? formatDate(iso, DATE_FORMATS.DASHED_TIME) : '—');

/** Stock per product and warehouse (GET /warehouse-products), for a product or a warehouse. */
export function WarehouseProductsTable(props: {
  host: WorkbenchHost; label: string; productId?: number; warehouseId?: number; reloadKey?: unknown; rowActions?: RowAction<WarehouseProduct>[];
}) {
  const shell = useShell();
  const { t } = useTranslation('accounting');
  const columns: PagedTableColumn<WarehouseProduct>[] = [];
  if (!props.productId) {
    columns.push(
      { key: 'product', title: t('warehouses.columns.product'), sortField: 'productName', render: (r) => <Go host={props.host} to={`/product/${r.productId}`}>{r.productName}</Go>, width: 300 },
      { key: 'barcode', title: t('warehouses.columns.barcode'), render: (r) => r.barcode, width: 140 },
    );
  }
  if (!props.warehouseId) {
    columns.push({ key: 'warehouse', title: t('warehouses.columns.warehouse'), sortField: 'warehouseName', render: (r) => <Go host={props.host} to={`/warehouse/${r.warehouseId}`}>{r.warehouseName}</Go>, width: 220 });
  }
  columns.push(
    { key: 'quantity', title: t('warehouses.columns.quantity'), sortField: 'quantity', render: (r) => `${quantity(r.quantity)} ${r.unitName}`, width: 130 },
    { key: 'min', title: t('warehouses.columns.minMax'), render: (r) => (r.minStock === null && r.maxStock === null ? '—' : `${quantity(r.minStock)} / ${quantity(r.maxStock)}`), width: 140 },
  );
  return (
    <PagedTable<WarehouseProduct>
      label={props.label}
      searchable={!props.productId}
      queryKey={['GET', WAREHOUSE_PRODUCTS, { productId: props.productId, warehouseId: props.warehouseId }]}
      reloadKey={props.reloadKey}
      defaultSort="id,desc"
      columns={columns}
      rowLabel={(r) => (props.productId ? r.warehouseName : r.productName)}
      {...(props.rowActions ? { rowActions: props.rowActions } : {})}
      fetchPage={(q) => shell.api.list(WAREHOUSE_PRODUCTS, { params: { query: {
        page: q.page, size: q.size, sort: [q.sort], ...(q.search ? { search: q.search } : {}),
        ...(props.productId ? { productId: props.productId } : {}), ...(props.warehouseId ? { warehouseId: props.warehouseId } : {}),
      } } })}
      onError={(e) => shell.notify.failure(e)}
    />
  );
}

/** The stock ledger (GET /product-stock-lines) of a product or a warehouse. */
export function StockLinesTable(props: { host: WorkbenchHost; label: string; productId?: number; warehouseId?: number; reloadKey?: unknown }) {
  const shell = useShell();
  const { t } = useTranslation('accounting');
  const columns: PagedTableColumn<StockLine>[] = [
    { key: 'date', title: t('warehouses.columns.date'), sortField: 'date', render: (l) => when(l.date), width: 150 },
  ];
  if (!props.productId) columns.push({ key: 'product', title: t('warehouses.columns.product'), render: (l) => <Go host={props.host} to={`/product/${l.productId}`}>{l.productName}</Go>, width: 260 });
  if (!props.warehouseId) columns.push({ key: 'warehouse', title: t('warehouses.columns.warehouse'), render: (l) => <Go host={props.host} to={`/warehouse/${l.warehouseId}`}>{l.warehouseName}</Go>, width: 180 });
  columns.push(
    { key: 'kind', title: t('warehouses.columns.kind'), render: (l) => t(`warehouses.kinds.${l.kind}`, { defaultValue: l.kind }), width: 150 },
    { key: 'reason', title: t('warehouses.stock.reason'), render: (l) => (l.stockActionType ? t(`warehouses.stock.reasons.${l.stockActionType}`, { defaultValue: l.stockActionType }) : '—'), width: 140 },
    {
      key: 'quantity', title: t('warehouses.columns.quantity'), width: 110,
      render: (l) => <Tag minimal intent={l.stockType === 'IN' ? 'success' : 'danger'}>{`${l.stockType === 'IN' ? '+' : '−'}${quantity(l.quantity)}`}</Tag>,
    },
    { key: 'balance', title: t('warehouses.columns.balance'), render: (l) => quantity(l.balance), width: 110 },
    { key: 'explanation', title: t('warehouses.stock.explanation'), render: (l) => l.explanation ?? '', width: 200 },
    { key: 'by', title: t('warehouses.columns.by'), render: (l) => l.createdBy ?? '', width: 110 },
  );
  return (
    <PagedTable<StockLine>
      label={props.label}
      queryKey={['GET', STOCK_LINES, { productId: props.productId, warehouseId: props.warehouseId }]}
      reloadKey={props.reloadKey}
      defaultSort="id,desc"
      columns={columns}
      fetchPage={(q) => shell.api.list(STOCK_LINES, { params: { query: {
        page: q.page, size: q.size, sort: [q.sort],
        ...(props.productId ? { productId: props.productId } : {}), ...(props.warehouseId ? { warehouseId: props.warehouseId } : {}),
      } } })}
      onError={(e) => shell.notify.failure(e)}
    />
  );
}

/** Transfers out of or into a warehouse, or of a product (GET /warehouse-transfer-lines). */
export function TransfersTable(props: { host: WorkbenchHost; label: string; productId?: number; warehouseId?: number; reloadKey?: unknown }) {
  const shell = useShell();
  const { t } = useTranslation('accounting');
  const columns: PagedTableColumn<WarehouseTransfer>[] = [
    { key: 'date', title: t('warehouses.columns.date'), sortField: 'date', render: (x) => when(x.date), width: 150 },
    { key: 'product', title: t('warehouses.columns.product'), render: (x) => <Go host={props.host} to={`/product/${x.productId}`}>{x.productName}</Go>, width: 260 },
    { key: 'outgoing', title: t('warehouses.transfer.outgoing'), render: (x) => <Go host={props.host} to={`/warehouse/${x.outgoingWarehouseId}`}>{x.outgoingWarehouseName}</Go>, width: 180 },
    { key: 'incoming', title: t('warehouses.transfer.incoming'), render: (x) => <Go host={props.host} to={`/warehouse/${x.incomingWarehouseId}`}>{x.incomingWarehouseName}</Go>, width: 180 },
    { key: 'quantity', title: t('warehouses.columns.quantity'), render: (x) => quantity(x.quantity), width: 110 },
    { key: 'explanation', title: t('warehouses.stock.explanation'), render: (x) => x.explanation ?? '', width: 200 },
  ];
  return (
    <PagedTable<WarehouseTransfer>
      label={props.label}
      queryKey={['GET', TRANSFER_LINES, { productId: props.productId, warehouseId: props.warehouseId }]}
      reloadKey={props.reloadKey}
      defaultSort="id,desc"
      columns={columns}
      fetchPage={(q) => shell.api.list(TRANSFER_LINES, { params: { query: {
        page: q.page, size: q.size, sort: [q.sort],
        ...(props.productId ? { productId: props.productId } : {}), ...(props.warehouseId ? { warehouseId: props.warehouseId } : {}),
      } } })}
      onError={(e) => shell.notify.failure(e)}
    />
  );
}

/** A product's balance in each warehouse: quantity, total in and out, last movement. */
export function BalancesTable(props: { host: WorkbenchHost; label: string; productId: number }) {
  const { t } = useTranslation('accounting');
  const companyId = props.host.session?.companyId ?? 0;
  // The balances (empty when they failed to load, the failure notified).
  // Stock moves with every sale and purchase (written under other paths): each visit asks again.
  const q = useApiQuery(WAREHOUSE_PRODUCT_ITEMS, { params: { path: { productId: props.productId, companyId } } }, { refetchOnEveryMount: true });
  const rows: readonly WarehouseProductItem[] | null = q.data ?? (q.isError ? [] : null);
  if (rows === null) return <Spinner size={20} />;
  if (!rows.length) return <Callout>{t('warehouses.noStock')}</Callout>;
  const sum = (k: 'quantity' | 'totalIn' | 'totalOut') => rows.reduce((s, r) => s + thousandths(r[k]), 0) / 1000;
  return (
    <div className="tz-table-scroll"><HTMLTable compact striped aria-label={props.label}>
      <thead>
        <tr>
          <th>{t('warehouses.columns.warehouse')}</th><th>{t('warehouses.columns.totalIn')}</th><th>{t('warehouses.columns.totalOut')}</th>
          <th>{t('warehouses.columns.balance')}</th><th>{t('warehouses.columns.lastMovement')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.warehouseId}>
            <td><Go host={props.host} to={`/warehouse/${r.warehouseId}`}>{r.warehouseName}</Go>{r.default && <> <Tag minimal intent="primary">{t('warehouses.default')}</Tag></>}</td>
            <td>{quantity(r.totalIn)}</td><td>{quantity(r.totalOut)}</td><td><strong>{quantity(r.quantity)}</strong></td><td>{when(r.lastMovementAt)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr><th>{t('warehouses.total')}</th><th>{quantity(sum('totalIn'))}</th><th>{quantity(sum('totalOut'))}</th><th>{quantity(sum('quantity'))}</th><th /></tr>
      </tfoot>
    </HTMLTable></div>
  );
}
