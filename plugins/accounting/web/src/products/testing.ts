import { within } from '@testing-library/react';
import { json, type FakeServer } from '../../../../../packages/workbench/test/fake-server';
import type { Product, ProductDetail } from './model';

/** Test data and routes for the product and warehouse screens. */
export const API = '/services/onmuhasebe/api';
export const UNITS = [
  { id: 1, name: 'Adet', code: 'C62', active: true },
  { id: 2, name: 'Kutu', code: 'BX', active: true },
];
export const WAREHOUSES = [
  { id: 3, name: 'Merkez Depo', address: null, main: true, default: true },
  { id: 4, name: 'Ankara Şube Deposu', address: 'Çankaya / Ankara', main: false, default: false },
];
export const TAGS = [{ id: 1, name: 'Önemli', color: 'red' }, { id: 3, name: 'Toptan', color: 'blue' }];

export const PAROL: Product = {
  id: 11, companyId: 2, name: 'PAROL 500 MG 20 TABLET', explanation: 'parasetamol', barcode: '8699717010109', productType: 'MEDICINE', service: false,
  unitId: 2, unitName: 'Kutu', buyingPrice: 31.2, buyingCurrencyId: 1, salePrice: 40.05, saleCurrencyId: 1, defaultTaxRate: 10, defaultTaxId: 6,
  warehouseId: 3, medicinePriceId: null, serialNumber: null, qrTracking: false, minStock: 5, maxStock: 50, stockQuantity: 12, status: 'ACTIVE',
  prescriptionType: 'NORMAL', tags: [{ id: 1, name: 'Önemli', color: 'red' }],
};
export const MONTAJ: Product = {
  ...PAROL, id: 12, name: 'Kurulum Hizmeti', barcode: 'HZM-0001', productType: 'SERVICE_GIVEN', service: true, unitId: 1, unitName: 'Adet',
  warehouseId: null, minStock: null, maxStock: null, stockQuantity: 0, prescriptionType: null, tags: [], explanation: null, buyingPrice: null, salePrice: 850,
  defaultTaxRate: 20,
};
export const PAROL_DETAIL: ProductDetail = {
  ...PAROL,
  productMainAccounts: [{ id: 21, type: 'STOCK', accountCode: '153', accountName: 'Ticari Mallar' }, { id: 22, type: 'SALES_INTERNAL', accountCode: '600', accountName: 'Yurtiçi Satışlar' }],
  warehouseProducts: [{ id: 31, warehouseId: 3, warehouseName: 'Merkez Depo', quantity: 10 }, { id: 32, warehouseId: 4, warehouseName: 'Ankara Şube Deposu', quantity: 2 }],
};
export const STOCK_ROWS = [
  { id: 31, warehouseId: 3, warehouseName: 'Merkez Depo', productId: 11, productName: PAROL.name, barcode: PAROL.barcode, productType: 'MEDICINE', unitName: 'Kutu', quantity: 10, minStock: 5, maxStock: 50 },
  { id: 32, warehouseId: 4, warehouseName: 'Ankara Şube Deposu', productId: 11, productName: PAROL.name, barcode: PAROL.barcode, productType: 'MEDICINE', unitName: 'Kutu', quantity: 2, minStock: 5, maxStock: 50 },
];

/** The lookups every product or stock form loads: units, warehouses, tags, and stock per warehouse. */
export function withLookups(server: FakeServer): FakeServer {
  server.on(`GET ${API}/units`, () => json(UNITS, { total: UNITS.length }));
  server.on(`GET ${API}/warehouses`, () => json(WAREHOUSES, { total: WAREHOUSES.length }));
  server.on(`GET ${API}/tags`, () => json(TAGS, { total: TAGS.length }));
  server.on(`GET ${API}/warehouse-products`, (req) => {
    const q = new URL(req.url).searchParams;
    const rows = STOCK_ROWS.filter((r) => (!q.get('productId') || String(r.productId) === q.get('productId')) && (!q.get('warehouseId') || String(r.warehouseId) === q.get('warehouseId')));
    return json(rows, { total: rows.length });
  });
  return server;
}

/** The control a form labels so (its label may carry a required mark). */
export function control(scope: HTMLElement, label: string | RegExp): HTMLElement {
  return within(scope).getByLabelText(typeof label === 'string' ? new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) : label);
}

/** The query of the last request to a path. */
export function lastQuery(server: FakeServer, path: string): URLSearchParams {
  const r = [...server.requests].reverse().find((x) => x.method === 'GET' && x.path.split('?')[0] === path);
  return new URL(`http://x${r?.path ?? ''}`).searchParams;
}
