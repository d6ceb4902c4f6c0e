import { Module, type WorkbenchHost } from '@tezgah/core';
import type { components } from '@tezgah/sdk';

export type Warehouse = components['schemas']['Warehouse'];
export type WarehouseProduct = components['schemas']['WarehouseProduct'];
export type WarehouseProductItem = components['schemas']['WarehouseProductItem'];
export type StockLine = components['schemas']['StockLine'];
export type WarehouseTransfer = components['schemas']['WarehouseTransfer'];
export type StockActionType = components['schemas']['StockActionType'];

export const WAREHOUSES = '/services/onmuhasebe/api/warehouses';
export const WAREHOUSE_PRODUCTS = '/services/onmuhasebe/api/warehouse-products';
export const WAREHOUSE_PRODUCT_ITEMS = '/services/onmuhasebe/api/warehouse-product-items/{productId}/{companyId}';
export const STOCK_LINES = '/services/onmuhasebe/api/product-stock-lines';
export const TRANSFERS = '/services/onmuhasebe/api/warehouse-transfers';
export const TRANSFER_LINES = '/services/onmuhasebe/api/warehouse-transfer-lines';

/** The reasons of a stock update (stock action types). */
export const STOCK_ACTION_TYPES: readonly StockActionType[] = ['COUNT', 'DAMAGED', 'EXPIRED', 'GIFT', 'RETURN', 'CONSUMPTION', 'OPENING', 'CORRECTION', 'OTHER'];

export const mayWarehouse = (host: WorkbenchHost, action: number) => host.can({ module: Module.WAREHOUSE, anyActions: [action] });
