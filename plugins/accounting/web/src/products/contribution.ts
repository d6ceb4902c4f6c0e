import { Action, Module } from '@tezgah/core';
import { GROUPS, type WebArea } from '../area';

const tr = {
  menu: 'Ürünler', title: 'Ürünler ve Hizmetler', add: 'Ürün / hizmet ekle', edit: 'Ürünü düzenle', delete: 'Ürünü sil', open: 'Aç',
  quickAdd: 'Hızlı ürün / hizmet ekle', searchHint: 'Ürün adı veya barkod', choose: 'Seçiniz', none: '—', yes: 'Evet', no: 'Hayır',
  back: 'Listeye dön', notFound: 'Ürün bulunamadı.', loading: 'Yükleniyor...',
  fields: {
    name: 'Ürün adı', barcode: 'Barkod', productType: 'Ürün tipi', unitId: 'Birim', buyingPrice: 'Alış fiyatı', buyingCurrencyId: 'Alış para birimi',
    salePrice: 'Satış fiyatı', saleCurrencyId: 'Satış para birimi', defaultTaxRate: 'KDV oranı', warehouseId: 'Depo', openingStock: 'Açılış stoku',
    minStock: 'Minimum stok', maxStock: 'Maksimum stok', serialNumber: 'Seri numarası', qrTracking: 'Karekod (QR) ile takip', status: 'Durum',
    prescriptionType: 'Reçete türü', medicinePriceId: 'İlaç fiyat no', explanation: 'Açıklama', tagIds: 'Etiketler', stockQuantity: 'Stok',
    mainAccounts: 'Ana hesaplar',
  },
  hints: {
    barcode: 'Zorunlu; firmada tekil.', quantity: 'En çok üç ondalık (12,50; 2,125).', service: 'Hizmetlerin stoğu ve deposu olmaz.',
    qr: 'Stoğu olan ürün karekod takibine alınamaz.',
  },
  types: {
    COMMERCIAL_GOODS: 'Ticari mal', SERVICE_GIVEN: 'Verilen hizmet', SERVICE_TAKEN: 'Alınan hizmet', RAW_MATERIAL: 'Hammadde', SEMI_PRODUCT: 'Yarı mamul',
    END_PRODUCT: 'Mamul', FIXTURE: 'Demirbaş', MEDICINE: 'İlaç', INTERMEDIATE_PRODUCT: 'Ara ürün', COSMETIC: 'Kozmetik', PARENTERAL_SOLUTION: 'Parenteral solüsyon',
    ENTERAL_NUTRITION: 'Enteral beslenme', BABY_FORMULA: 'Bebek maması', ORAL_MEDICAL_NUTRITION: 'Oral tıbbi beslenme', IRRIGATION_SOLUTION: 'İrrigasyon solüsyonu',
    NUTRITION_SUPPORT: 'Beslenme desteği', PARENTERAL_NUTRITION: 'Parenteral beslenme', MEDICINE_LIKE: 'İlaç benzeri', OTC: 'Reçetesiz ilaç (OTC)',
    MEDICAL_PRODUCT: 'Tıbbi ürün', KIT: 'Kit', PRODUCT_GROUP: 'Ürün grubu', GENERAL_PRODUCT: 'Genel ürün',
  },
  prescription: { NORMAL: 'Normal reçete', RED: 'Kırmızı reçete', GREEN: 'Yeşil reçete', PURPLE: 'Mor reçete', ORANGE: 'Turuncu reçete' },
  status: { ACTIVE: 'Aktif', PASSIVE: 'Pasif' },
  accountTypes: { STOCK: 'Alış / stok', SALES_INTERNAL: 'Yurt içi satış' },
  filter: {
    type: 'Ürün tipi', allTypes: 'Tüm tipler', goods: 'Mallar', services: 'Hizmetler', tag: 'Etiket', allTags: 'Tüm etiketler',
    warehouse: 'Depo', allWarehouses: 'Tüm depolar', belowMinimum: 'Minimum stokta veya altında', status: 'Durum', allStatuses: 'Tüm durumlar',
  },
  columns: { salePrice: 'Satış fiyatı', stock: 'Stok', tags: 'Etiketler', belowMinimum: 'Minimum stokta veya altında' },
  tabs: { warehouses: 'Depolar', movements: 'Stok hareketleri', balances: 'Bakiyeler' },
  rules: {
    nameRequired: 'Ürün adı zorunludur.', barcodeBlank: 'Barkod boş olamaz.', typeRequired: 'Ürün tipi zorunludur.', unitRequired: 'Birim zorunludur.',
    taxRequired: 'KDV oranı zorunludur.', warehouseRequired: 'Depo zorunludur.', minAboveMax: 'Minimum stok, maksimum stoktan büyük olamaz.',
    priceDecimals: 'Fiyat en fazla 8 ondalık basamak alabilir.', quantityDecimals: 'Miktar en fazla 3 ondalık basamak alabilir.',
    negative: 'Negatif olamaz.', number: 'Geçerli bir sayı girin.', qrWithStock: 'Stoğu olan ürün karekod (QR) takibine alınamaz.',
    serviceWithStock: 'Stoğu olan ürün hizmete çevrilemez.',
  },
  widget: {
    title: 'Minimum stokta veya altındaki ürünler', empty: 'Minimum stokun altında ürün yok.', more: 'Toplam {{count}} ürün',
    stockOf: '{{stock}} / en az {{min}}',
  },
};

const en: typeof tr = {
  menu: 'Products', title: 'Products and services', add: 'Add product / service', edit: 'Edit product', delete: 'Delete product', open: 'Open',
  quickAdd: 'Quick add product / service', searchHint: 'Product name or barcode', choose: 'Choose', none: '—', yes: 'Yes', no: 'No',
  back: 'Back to the list', notFound: 'Product not found.', loading: 'Loading...',
  fields: {
    name: 'Product name', barcode: 'Barcode', productType: 'Product type', unitId: 'Unit', buyingPrice: 'Buying price', buyingCurrencyId: 'Buying currency',
    salePrice: 'Sale price', saleCurrencyId: 'Sale currency', defaultTaxRate: 'VAT rate', warehouseId: 'Warehouse', openingStock: 'Opening stock',
    minStock: 'Minimum stock', maxStock: 'Maximum stock', serialNumber: 'Serial number', qrTracking: 'Tracked by QR code', status: 'Status',
    prescriptionType: 'Prescription type', medicinePriceId: 'Medicine price no', explanation: 'Explanation', tagIds: 'Tags', stockQuantity: 'Stock',
    mainAccounts: 'Main accounts',
  },
  hints: {
    barcode: 'Required; unique in the company.', quantity: 'At most three decimals (12,50; 2,125).', service: 'Services have no stock and no warehouse.',
    qr: 'A product with stock cannot be tracked by QR code.',
  },
  types: {
    COMMERCIAL_GOODS: 'Commercial goods', SERVICE_GIVEN: 'Service given', SERVICE_TAKEN: 'Service taken', RAW_MATERIAL: 'Raw material', SEMI_PRODUCT: 'Semi-product',
    END_PRODUCT: 'End product', FIXTURE: 'Fixture', MEDICINE: 'Medicine', INTERMEDIATE_PRODUCT: 'Intermediate product', COSMETIC: 'Cosmetic', PARENTERAL_SOLUTION: 'Parenteral solution',
    ENTERAL_NUTRITION: 'Enteral nutrition', BABY_FORMULA: 'Baby formula', ORAL_MEDICAL_NUTRITION: 'Oral medical nutrition', IRRIGATION_SOLUTION: 'Irrigation solution',
    NUTRITION_SUPPORT: 'Nutrition support', PARENTERAL_NUTRITION: 'Parenteral nutrition', MEDICINE_LIKE: 'Medicine-like', OTC: 'OTC',
    MEDICAL_PRODUCT: 'Medical product', KIT: 'Kit', PRODUCT_GROUP: 'Product group', GENERAL_PRODUCT: 'General product',
  },
  prescription: { NORMAL: 'Normal prescription', RED: 'Red prescription', GREEN: 'Green prescription', PURPLE: 'Purple prescription', ORANGE: 'Orange prescription' },
  status: { ACTIVE: 'Active', PASSIVE: 'Passive' },
  accountTypes: { STOCK: 'Purchase / stock', SALES_INTERNAL: 'Domestic sales' },
  filter: {
    type: 'Product type', allTypes: 'All types', goods: 'Goods', services: 'Services', tag: 'Tag', allTags: 'All tags',
    warehouse: 'Warehouse', allWarehouses: 'All warehouses', belowMinimum: 'At or below minimum stock', status: 'Status', allStatuses: 'All statuses',
  },
  columns: { salePrice: 'Sale price', stock: 'Stock', tags: 'Tags', belowMinimum: 'At or below minimum stock' },
  tabs: { warehouses: 'Warehouses', movements: 'Stock movements', balances: 'Balances' },
  rules: {
    nameRequired: 'The product name is required.', barcodeBlank: 'The barcode cannot be blank.', typeRequired: 'The product type is required.', unitRequired: 'The unit is required.',
    taxRequired: 'The VAT rate is required.', warehouseRequired: 'The warehouse is required.', minAboveMax: 'Minimum stock cannot exceed maximum stock.',
    priceDecimals: 'A price has at most 8 decimals.', quantityDecimals: 'A quantity has at most 3 decimals.',
    negative: 'Cannot be negative.', number: 'Enter a valid number.', qrWithStock: 'A product with stock cannot switch to QR tracking.',
    serviceWithStock: 'A product with stock cannot become a service.',
  },
  widget: {
    title: 'Products at or below minimum stock', empty: 'No product is below its minimum stock.', more: '{{count}} products in all',
    stockOf: '{{stock}} / at least {{min}}',
  },
};

/**
 * Products and services under Stock (seeds 000 §2: /product with its Add button, module 13), the
 * product detail page, the product/service quick-add and the home page's low-stock widget.
 */
export const area: WebArea = {
  menu: [{
    ...GROUPS.stock,
    children: [{
      id: 'product', title: tr.menu, titleKey: 'accounting:products.menu', route: '/product', icon: 'box', order: 10,
      module: Module.PRODUCT, addButton: { module: Module.PRODUCT, action: Action.CREATE }, reduced: true,
    }],
  }],
  routes: [
    { path: '/product', module: Module.PRODUCT, title: tr.title, titleKey: 'products.title' },
    { path: '/product/:id', module: Module.PRODUCT, title: 'Ürün' },
  ],
  widgets: [{ id: 'low-stock', title: tr.widget.title, titleKey: 'products.widget.title', module: Module.PRODUCT, actions: [Action.VIEW, 34] }],
  quickAdds: [{ id: 'product', title: tr.quickAdd, titleKey: 'products.quickAdd', module: Module.PRODUCT, action: Action.CREATE }],
  load: {
    routes: { '/product': () => import('./ProductsPage'), '/product/:id': () => import('./ProductDetailPage') },
    widgets: { 'low-stock': () => import('./LowStockWidget') },
    quickAdds: { product: () => import('./QuickProduct') },
  },
  messages: { tr: { products: tr }, en: { products: en } },
};
