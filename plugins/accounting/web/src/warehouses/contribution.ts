import { Action, Module } from '@tezgah/core';
import { GROUPS, type WebArea } from '../area';

const tr = {
  menu: 'Depolar', title: 'Depolar', add: 'Depo ekle', edit: 'Depoyu düzenle', delete: 'Depoyu sil', open: 'Aç', quickAdd: 'Hızlı depo ekle',
  back: 'Listeye dön', notFound: 'Depo bulunamadı.', loading: 'Yükleniyor...', choose: 'Seçiniz', searchHint: 'Depo adı veya adres',
  default: 'Varsayılan', main: 'Ana depo', noStock: 'Bu ürünün henüz bir depoda stoğu yok.', total: 'Toplam',
  fields: { name: 'Depo adı', address: 'Adres', main: 'Ana depo', default: 'Varsayılan depo' },
  hints: { default: 'Stok, başka depo seçilmedikçe varsayılan depoya girer; firmada tek varsayılan depo olur.', defaultFixed: 'Varsayılan depo kaldırılamaz; başka bir depoyu varsayılan yapın.' },
  rules: { nameRequired: 'Depo adı zorunludur.' },
  columns: {
    product: 'Ürün', barcode: 'Barkod', warehouse: 'Depo', quantity: 'Miktar', minMax: 'Min. / maks. stok', date: 'Tarih', kind: 'Hareket',
    balance: 'Bakiye', by: 'Kullanıcı', totalIn: 'Toplam giriş', totalOut: 'Toplam çıkış', lastMovement: 'Son hareket',
  },
  tabs: { products: 'Ürünler', movements: 'Stok hareketleri', transfers: 'Transferler' },
  kinds: { OPENING: 'Açılış stoku', STOCK_UPDATE: 'Stok güncelleme', TRANSFER_OUT: 'Transfer çıkışı', TRANSFER_IN: 'Transfer girişi' },
  stock: {
    update: 'Stok güncelle', warehouse: 'Depo', current: 'Depodaki miktar', after: 'Yeni miktar', stockType: 'Stok tipi', reason: 'Hareket nedeni',
    quantity: 'Miktar', quantityHint: 'Sıfırdan büyük; en çok üç ondalık (12,50; 2,125).', explanation: 'Açıklama',
    types: { IN: 'Giriş (ekle)', OUT: 'Çıkış (çıkar)' },
    reasons: {
      COUNT: 'Sayım farkı', DAMAGED: 'Fire / hasar', EXPIRED: 'Miadı dolmuş', GIFT: 'Hediye / numune', RETURN: 'İade', CONSUMPTION: 'İç kullanım',
      OPENING: 'Açılış stoku', CORRECTION: 'Düzeltme', OTHER: 'Diğer',
    },
    rules: {
      warehouseRequired: 'Depo zorunludur.', stockTypeRequired: 'Stok tipi zorunludur.', reasonRequired: 'Hareket nedeni zorunludur.',
      positive: 'Eklenecek ya da çıkarılacak miktar sıfırdan büyük olmalıdır.', decimals: 'Miktar en fazla 3 ondalık basamak alabilir.',
      number: 'Geçerli bir sayı girin.', belowZero: 'Stok sıfırın altına düşemez: depodaki miktar {{current}}.',
    },
  },
  transfer: {
    title: 'Depolar arası transfer', submit: 'Transfer et', outgoing: 'Çıkış deposu', incoming: 'Giriş deposu', available: 'Çıkış deposundaki miktar',
    rules: {
      outgoingRequired: 'Çıkış deposu zorunludur.', incomingRequired: 'Giriş deposu zorunludur.', same: 'Giriş deposu çıkış deposuyla aynı olamaz.',
      zero: 'Aktarılacak miktar sıfır olamaz.', above: 'Aktarılacak miktar çıkış deposundaki stoktan ({{available}}) fazla olamaz.',
    },
  },
};

const en: typeof tr = {
  menu: 'Warehouses', title: 'Warehouses', add: 'Add warehouse', edit: 'Edit warehouse', delete: 'Delete warehouse', open: 'Open', quickAdd: 'Quick add warehouse',
  back: 'Back to the list', notFound: 'Warehouse not found.', loading: 'Loading...', choose: 'Choose', searchHint: 'Warehouse name or address',
  default: 'Default', main: 'Main warehouse', noStock: 'This product has no stock in any warehouse yet.', total: 'Total',
  fields: { name: 'Warehouse name', address: 'Address', main: 'Main warehouse', default: 'Default warehouse' },
  hints: { default: 'Stock goes to the default warehouse unless another is chosen; a company has exactly one.', defaultFixed: 'The default cannot be removed; make another warehouse the default.' },
  rules: { nameRequired: 'The warehouse name is required.' },
  columns: {
    product: 'Product', barcode: 'Barcode', warehouse: 'Warehouse', quantity: 'Quantity', minMax: 'Min. / max. stock', date: 'Date', kind: 'Movement',
    balance: 'Balance', by: 'User', totalIn: 'Total in', totalOut: 'Total out', lastMovement: 'Last movement',
  },
  tabs: { products: 'Products', movements: 'Stock movements', transfers: 'Transfers' },
  kinds: { OPENING: 'Opening stock', STOCK_UPDATE: 'Stock update', TRANSFER_OUT: 'Transfer out', TRANSFER_IN: 'Transfer in' },
  stock: {
    update: 'Update stock', warehouse: 'Warehouse', current: 'Quantity in the warehouse', after: 'New quantity', stockType: 'Stock type', reason: 'Reason',
    quantity: 'Quantity', quantityHint: 'Above zero; at most three decimals (12,50; 2,125).', explanation: 'Explanation',
    types: { IN: 'In (add)', OUT: 'Out (remove)' },
    reasons: {
      COUNT: 'Count difference', DAMAGED: 'Damage / loss', EXPIRED: 'Expired', GIFT: 'Gift / sample', RETURN: 'Return', CONSUMPTION: 'Internal use',
      OPENING: 'Opening stock', CORRECTION: 'Correction', OTHER: 'Other',
    },
    rules: {
      warehouseRequired: 'The warehouse is required.', stockTypeRequired: 'The stock type is required.', reasonRequired: 'The reason is required.',
      positive: 'The quantity to add or remove must be above zero.', decimals: 'A quantity has at most 3 decimals.',
      number: 'Enter a valid number.', belowZero: 'Stock cannot go below zero: the warehouse has {{current}}.',
    },
  },
  transfer: {
    title: 'Transfer between warehouses', submit: 'Transfer', outgoing: 'Outgoing warehouse', incoming: 'Incoming warehouse', available: 'Quantity in the outgoing warehouse',
    rules: {
      outgoingRequired: 'The outgoing warehouse is required.', incomingRequired: 'The incoming warehouse is required.', same: 'The incoming warehouse cannot be the outgoing one.',
      zero: 'The quantity cannot be zero.', above: 'The quantity cannot exceed the outgoing warehouse\'s stock ({{available}}).',
    },
  },
};

/** Warehouses under Stock (/warehouse, module 14), the warehouse detail page and the warehouse quick-add. */
export const area: WebArea = {
  menu: [{
    ...GROUPS.stock,
    children: [{
      id: 'warehouse', title: tr.menu, titleKey: 'accounting:warehouses.menu', route: '/warehouse', icon: 'shop', order: 20,
      module: Module.WAREHOUSE, addButton: { module: Module.WAREHOUSE, action: Action.CREATE },
    }],
  }],
  routes: [
    { path: '/warehouse', module: Module.WAREHOUSE, title: tr.title, titleKey: 'warehouses.title' },
    { path: '/warehouse/:id', module: Module.WAREHOUSE, title: 'Depo' },
  ],
  quickAdds: [{ id: 'warehouse', title: tr.quickAdd, titleKey: 'warehouses.quickAdd', module: Module.WAREHOUSE, action: Action.CREATE }],
  load: {
    routes: { '/warehouse': () => import('./WarehousesPage'), '/warehouse/:id': () => import('./WarehouseDetailPage') },
    quickAdds: { warehouse: () => import('./QuickWarehouse') },
  },
  messages: { tr: { warehouses: tr }, en: { warehouses: en } },
};
