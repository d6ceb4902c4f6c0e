/**
 * Products and services for import and export. A row is found again by its barcode (the
 * server's own match in PUT /products-list). Only the name and the barcode are required in a
 * file: a new product takes the defaults below for the columns a file leaves out or blank
 * (commercial goods, the unit "Adet", TL, 20 % VAT, the default warehouse), and an existing one
 * keeps its values there.
 */
import { DEFAULT_CURRENCY_ID } from '@tezgah/core';
import type { Lang } from '@tezgah/cli';
import type { components } from '@tezgah/sdk';
import type { Choice, ColumnSpec, RowError } from './columns';
import { CURRENCY_CHOICES } from './currents';
import type { Entity } from './entity';
import { readAll } from './paging';

type Product = components['schemas']['Product'];
type ProductFields = components['schemas']['ProductFields'];

const API = '/services/onmuhasebe/api';
const BARCODES_PER_CALL = 100;

/** The product types with the Turkish names a person writes (the first is what export writes). */
export const PRODUCT_TYPE_CHOICES: readonly Choice[] = [
  { value: 'COMMERCIAL_GOODS', labels: ['Ticari Mal', 'Ticari Ürün', 'Ticari', 'Mal', 'Commercial Goods'] },
  { value: 'SERVICE_GIVEN', labels: ['Verilen Hizmet', 'Hizmet', 'Service Given'] },
  { value: 'SERVICE_TAKEN', labels: ['Alınan Hizmet', 'Service Taken'] },
  { value: 'RAW_MATERIAL', labels: ['Hammadde', 'Ham Madde', 'Raw Material'] },
  { value: 'SEMI_PRODUCT', labels: ['Yarı Mamul', 'Semi Product'] },
  { value: 'END_PRODUCT', labels: ['Mamul', 'Son Ürün', 'End Product'] },
  { value: 'FIXTURE', labels: ['Demirbaş', 'Fixture'] },
  { value: 'MEDICINE', labels: ['İlaç', 'Medicine'] },
  { value: 'INTERMEDIATE_PRODUCT', labels: ['Ara Ürün', 'Intermediate Product'] },
  { value: 'COSMETIC', labels: ['Kozmetik', 'Cosmetic'] },
  { value: 'PARENTERAL_SOLUTION', labels: ['Parenteral Solüsyon', 'Parenteral Solution'] },
  { value: 'ENTERAL_NUTRITION', labels: ['Enteral Beslenme', 'Enteral Nutrition'] },
  { value: 'BABY_FORMULA', labels: ['Bebek Maması', 'Mama', 'Baby Formula'] },
  { value: 'ORAL_MEDICAL_NUTRITION', labels: ['Oral Medikal Beslenme', 'Oral Medical Nutrition'] },
  { value: 'IRRIGATION_SOLUTION', labels: ['İrrigasyon Solüsyonu', 'Irrigation Solution'] },
  { value: 'NUTRITION_SUPPORT', labels: ['Beslenme Desteği', 'Nutrition Support'] },
  { value: 'PARENTERAL_NUTRITION', labels: ['Parenteral Beslenme', 'Parenteral Nutrition'] },
  { value: 'MEDICINE_LIKE', labels: ['İlaç Benzeri', 'Medicine Like'] },
  { value: 'OTC', labels: ['OTC', 'Reçetesiz İlaç'] },
  { value: 'MEDICAL_PRODUCT', labels: ['Tıbbi Ürün', 'Medikal Ürün', 'Tıbbi Cihaz', 'Medical Product'] },
  { value: 'KIT', labels: ['Kit'] },
  { value: 'PRODUCT_GROUP', labels: ['Ürün Grubu', 'Product Group'] },
  { value: 'GENERAL_PRODUCT', labels: ['Genel Ürün', 'General Product'] },
];

/** The columns, in the order `export` writes them, given the company's units and warehouses. */
export function productColumns(lookups: {
  units: readonly { id: number; name: string; code: string }[];
  warehouses: readonly { id: number; name: string }[];
}): ColumnSpec[] {
  return [
    { field: 'name', header: 'Ürün Adı', aliases: ['Ad', 'Adı', 'Ürün', 'Ürün İsmi', 'Hizmet Adı', 'Stok Adı', 'Name', 'Product Name'], type: 'text', required: true, maxLength: 200 },
    { field: 'barcode', header: 'Barkod', aliases: ['Barkod No', 'Barkod Numarası', 'Barcode'], type: 'text', required: true, maxLength: 50 },
    { field: 'productType', header: 'Ürün Tipi', aliases: ['Tip', 'Tür', 'Ürün Türü', 'Product Type'], type: 'choice', choices: PRODUCT_TYPE_CHOICES, keepWhenBlank: true },
    {
      field: 'unitId',
      header: 'Birim',
      aliases: ['Birimi', 'Birim Adı', 'Unit'],
      type: 'choice',
      choices: lookups.units.map((u) => ({ value: u.id, labels: [u.name, u.code] })),
      keepWhenBlank: true,
    },
    { field: 'buyingPrice', header: 'Alış Fiyatı', aliases: ['Alış', 'Alış Birim Fiyatı', 'Buying Price'], type: 'number', min: 0, max: 9999999999, decimals: 8 },
    { field: 'buyingCurrencyId', header: 'Alış Para Birimi', aliases: ['Alış Döviz', 'Alış Dövizi', 'Buying Currency'], type: 'choice', choices: CURRENCY_CHOICES, keepWhenBlank: true },
    { field: 'salePrice', header: 'Satış Fiyatı', aliases: ['Satış', 'Satış Birim Fiyatı', 'Fiyat', 'Sale Price'], type: 'number', min: 0, max: 9999999999, decimals: 8 },
    { field: 'saleCurrencyId', header: 'Satış Para Birimi', aliases: ['Satış Döviz', 'Satış Dövizi', 'Sale Currency'], type: 'choice', choices: CURRENCY_CHOICES, keepWhenBlank: true },
    { field: 'defaultTaxRate', header: 'KDV Oranı', aliases: ['KDV', 'KDV %', 'Vergi Oranı', 'Default Tax Rate', 'Tax Rate', 'VAT'], type: 'number', min: 0, max: 100, decimals: 2, keepWhenBlank: true },
    {
      field: 'warehouseId',
      header: 'Depo',
      aliases: ['Depo Adı', 'Ambar', 'Warehouse'],
      type: 'choice',
      choices: lookups.warehouses.map((w) => ({ value: w.id, labels: [w.name] })),
      keepWhenBlank: true,
    },
    { field: 'explanation', header: 'Açıklama', aliases: ['Not', 'Explanation', 'Description'], type: 'text', maxLength: 1000 },
    { field: 'serialNumber', header: 'Seri No', aliases: ['Seri Numarası', 'Serial Number'], type: 'text', maxLength: 100 },
    { field: 'minStock', header: 'Minimum Stok', aliases: ['Min Stok', 'Min. Stok', 'Asgari Stok', 'Min Stock'], type: 'number', min: 0, max: 1000000000000, decimals: 2 },
    { field: 'maxStock', header: 'Maksimum Stok', aliases: ['Maks Stok', 'Maks. Stok', 'Max Stok', 'Azami Stok', 'Max Stock'], type: 'number', min: 0, max: 1000000000000, decimals: 2 },
    { field: 'qrTracking', header: 'QR Takibi', aliases: ['QR', 'Karekod Takibi', 'QR Tracking'], type: 'boolean', keepWhenBlank: true },
    {
      field: 'status',
      header: 'Durum',
      aliases: ['Status'],
      type: 'choice',
      choices: [
        { value: 'ACTIVE', labels: ['Aktif', 'Active'] },
        { value: 'PASSIVE', labels: ['Pasif', 'Passive'] },
      ],
      keepWhenBlank: true,
    },
    {
      field: 'prescriptionType',
      header: 'Reçete Tipi',
      aliases: ['Reçete Türü', 'Prescription Type'],
      type: 'choice',
      choices: [
        { value: 'NORMAL', labels: ['Normal'] },
        { value: 'RED', labels: ['Kırmızı', 'Red'] },
        { value: 'GREEN', labels: ['Yeşil', 'Green'] },
        { value: 'PURPLE', labels: ['Mor', 'Purple'] },
        { value: 'ORANGE', labels: ['Turuncu', 'Orange'] },
      ],
    },
  ];
}

/**
 * The fields a product is written with. medicinePriceId has no column (a file cannot name it) but
 * is sent back as the product has it, since the bulk endpoint writes every field of an item.
 */
const FIELDS = [
  'name', 'barcode', 'productType', 'unitId', 'buyingPrice', 'buyingCurrencyId', 'salePrice', 'saleCurrencyId', 'defaultTaxRate',
  'warehouseId', 'explanation', 'serialNumber', 'minStock', 'maxStock', 'qrTracking', 'status', 'prescriptionType', 'medicinePriceId',
] as const satisfies readonly (keyof ProductFields)[];

const SERVICES = new Set(['SERVICE_GIVEN', 'SERVICE_TAKEN']);

/** The body of one item of PUT /products-list. */
export function productBody(values: Readonly<Record<string, unknown>>): ProductFields {
  const body: Record<string, unknown> = {};
  for (const f of FIELDS) {
    const v = values[f];
    if (v === undefined) continue;
    if (v === null && (f === 'qrTracking' || f === 'status')) continue;
    body[f] = v;
  }
  // Services keep no stock: no warehouse.
  if (SERVICES.has(String(body.productType))) body.warehouseId = null;
  return body as unknown as ProductFields;
}

/** The rules over several fields, checked here so that a dry run finds them too. */
export function checkProductRow(values: Readonly<Record<string, unknown>>, row: number, column: (field: string) => string, lang: Lang = 'en'): RowError[] {
  const min = values.minStock;
  const max = values.maxStock;
  if (typeof min === 'number' && typeof max === 'number' && min > max) {
    const reason = lang === 'tr' ? `en az stok (${min}) en çok stoktan (${max}) büyük` : `the minimum stock (${min}) is above the maximum stock (${max})`;
    return [{ row, column: column('minStock'), reason }];
  }
  return [];
}

interface ProductLookups {
  units: { id: number; name: string; code: string }[];
  warehouses: { id: number; name: string; default: boolean }[];
}

/** What a new product takes for the columns a file leaves out. */
export function productDefaults(lookups: ProductLookups): Record<string, unknown> {
  const unit = lookups.units.find((u) => u.code === 'C62') ?? lookups.units[0];
  const warehouse = lookups.warehouses.find((w) => w.default) ?? lookups.warehouses[0];
  return {
    productType: 'COMMERCIAL_GOODS',
    ...(unit ? { unitId: unit.id } : {}),
    buyingCurrencyId: DEFAULT_CURRENCY_ID,
    saleCurrencyId: DEFAULT_CURRENCY_ID,
    defaultTaxRate: 20,
    ...(warehouse ? { warehouseId: warehouse.id } : {}),
  };
}

/** The products entity; it remembers the lookups of the last `columns` call for its defaults. */
export function productEntity(): Entity<Product> {
  let lookups: ProductLookups = { units: [], warehouses: [] };
  return {
    name: 'products',
    noun: 'product',
    nouns: { tr: ['ürün', 'ürünler'], en: ['product', 'products'] },
    key: 'barcode',
    async columns(api) {
      const query = (page: number, size: number) => ({ params: { query: { page, size, sort: ['id,asc'] } } });
      const [units, warehouses] = await Promise.all([
        readAll((p, s) => api.list(`${API}/units`, query(p, s))),
        readAll((p, s) => api.list(`${API}/warehouses`, query(p, s))),
      ]);
      lookups = { units, warehouses };
      return productColumns(lookups);
    },
    existing(api, onPage) {
      return readAll((page, size) => api.list(`${API}/products`, { params: { query: { page, size, sort: ['id,asc'] } } }), onPage);
    },
    async existingByKeys(api, keys, onPage) {
      // The list filters by barcode (`barcode=a&barcode=b`); a hundred at a time keeps the URL short.
      const found: Product[] = [];
      for (let i = 0; i < keys.length; i += BARCODES_PER_CALL) {
        const barcode = keys.slice(i, i + BARCODES_PER_CALL);
        // Paged, not one page of as many rows as barcodes: a barcode several products share must show them all.
        found.push(...(await readAll((page, size) => api.list(`${API}/products`, { params: { query: { barcode, page, size } } }))));
        onPage?.(Math.min(i + BARCODES_PER_CALL, keys.length), keys.length);
      }
      return found;
    },
    fields(p) {
      const values: Record<string, unknown> = {};
      for (const f of FIELDS) values[f] = (p as unknown as Record<string, unknown>)[f] ?? null;
      return values;
    },
    defaults: () => productDefaults(lookups),
    checkRow: checkProductRow,
    async write(api, batch, options) {
      await api.request('PUT', `${API}/products-list`, {
        body: batch.map((i) => productBody(i.values)),
        ...(options?.idempotencyKey ? { params: { header: { 'Idempotency-Key': options.idempotencyKey } } } : {}),
      });
    },
  };
}

export const products: Entity<Product> = productEntity();
