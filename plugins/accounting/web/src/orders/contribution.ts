import { Action, Module } from '@tezgah/core';
import { GROUPS, type WebArea } from '../area';

const tr = {
  menu: {
    in: 'Alınan Siparişler', out: 'Verilen Siparişler', newIn: 'Yeni alınan sipariş', newOut: 'Yeni verilen sipariş', order: 'Sipariş', edit: 'Siparişi düzenle',
  },
  title: { IN: 'Alınan Siparişler', OUT: 'Verilen Siparişler' },
  add: 'Sipariş ekle', open: 'Aç', back: 'Listeye dön', notFound: 'Sipariş bulunamadı.', searchHint: 'Açıklama ya da cari',
  allCompletions: 'Tüm siparişler', allKinds: 'Normal ve talimatlı', startDate: 'Başlangıç', endDate: 'Bitiş',
  directions: { IN: 'Alınan sipariş', OUT: 'Verilen sipariş' },
  completions: { PENDING: 'Tamamlanmadı', COMPLETED: 'Tamamlandı' },
  kinds: { NORMAL: 'Normal', INSTRUCTED: 'Talimatlı' },
  columns: {
    current: 'Cari', explanation: 'Açıklama', orderDate: 'Sipariş tarihi', createdDate: 'Oluşturma tarihi', tags: 'Etiketler', total: 'Toplam',
    completion: 'Tamamlanma', kind: 'Sipariş türü',
  },
  titleOf: { IN: 'Alınan sipariş #{{id}}', OUT: 'Verilen sipariş #{{id}}' },
  form: {
    newTitle: { IN: 'Yeni alınan sipariş', OUT: 'Yeni verilen sipariş' },
    editTitle: { IN: 'Alınan siparişi düzenle', OUT: 'Verilen siparişi düzenle' },
    header: 'Sipariş bilgileri', current: { IN: 'Müşteri (cari)', OUT: 'Tedarikçi (cari)' }, orderDate: 'Sipariş tarihi', kind: 'Sipariş türü',
    explanation: 'Açıklama', tags: 'Etiketler', currencyNote: 'Sipariş {{currency}} cinsinden.',
    lines: 'Ürün ve hizmetler', line: '{{n}}. satır', product: 'Ürün / hizmet', quantity: 'Miktar', unitPrice: 'Birim fiyat', discount: 'İndirim',
    discountKind: 'İndirim türü', percent: '%', amount: 'Tutar', tax: 'KDV', defaultTax: 'Ürünün KDV\'si (%{{rate}})',
    lineTotal: 'Satır toplamı', removeLine: '{{n}}. satırı sil', addLine: 'Satır ekle',
    totals: 'Toplamlar', subtotal: 'Ara toplam', totalDiscount: 'İskonto', taxBase: 'KDV matrahı', taxLine: '{{type}} %{{rate}}', totalAmount: 'Genel toplam',
    totalsEmpty: 'Ürün seçildikçe toplamlar burada hesaplanır.', totalsBlocked: 'Toplamlar, kırmızıyla işaretli alan düzeltilince hesaplanır.',
    noPrice: 'Ürünün bu yönde fiyatı yok; birim fiyatı girin.', rateMissing: 'Ürünün para biriminin kuru bulunamadı; birim fiyatı girin.',
    save: 'Kaydet', cancel: 'Vazgeç',
    saved: { created: 'Sipariş kaydedildi.', updated: 'Sipariş değiştirildi.' },
    invoiced: 'Bu siparişten fatura kesildi; değiştirilemez.',
  },
  rules: {
    currentRequired: 'Cari hesap seçiniz.', productRequired: 'Ürün seçiniz.', linesRequired: 'Siparişte en az bir ürün ya da hizmet olmalıdır.',
  },
  detail: {
    details: 'Sipariş bilgileri', lines: 'Satırlar', invoices: 'Bu siparişten kesilen faturalar', noInvoices: 'Henüz fatura kesilmedi.',
    current: 'Cari', direction: 'Yön', kind: 'Sipariş türü', orderDate: 'Sipariş tarihi', createdDate: 'Oluşturma tarihi', currency: 'Para birimi',
    explanation: 'Açıklama', tags: 'Etiketler', completion: 'Tamamlanma', total: 'Toplam',
    product: 'Ürün / hizmet', ordered: 'Sipariş edilen', invoiced: 'Faturalanan', remaining: 'Kalan', unitPrice: 'Birim fiyat', discount: 'İndirim',
    tax: 'KDV', lineTotal: 'Toplam (KDV dahil)', invoice: 'Fatura #{{id}}', invoiceDate: '{{date}} · {{total}}',
  },
  actions: { edit: 'Düzenle', delete: 'Sil', toInvoice: 'Faturaya dönüştür' },
  deleteDetail: 'Sipariş silinecek.', deleted: 'Sipariş silindi.',
  toInvoice: {
    title: 'Faturaya dönüştür', date: 'Fatura tarihi', documentNo: 'Tedarikçinin belge no', documentNoHint: 'Tedarikçinin faturasındaki numara.',
    kind: { IN: 'Satış faturası kesilir.', OUT: 'Alış faturası kaydedilir.' },
    hint: 'Her satırdan faturalanacak miktarı yazın; 0 yazılan satır faturaya girmez.',
    lines: 'Faturalanacak satırlar', product: 'Ürün / hizmet', remaining: 'Kalan', quantity: 'Faturalanacak miktar', quantityOf: '{{product}}: faturalanacak miktar',
    save: 'Faturayı oluştur', cancel: 'Vazgeç', done: 'Fatura oluşturuldu: {{no}}', doneDraft: 'Taslak fatura oluşturuldu.',
    errors: {
      format: 'Geçerli bir miktar yazın.', decimals: 'Miktar en fazla üç ondalık basamak taşır.', negative: 'Miktar sıfırdan küçük olamaz.',
      aboveRemaining: 'Kalan miktardan fazla faturalanamaz.', nothing: 'En az bir satırdan sıfırdan büyük bir miktar faturalayın.',
    },
  },
};

const en: typeof tr = {
  menu: {
    in: 'Orders received', out: 'Orders given', newIn: 'New order received', newOut: 'New order given', order: 'Order', edit: 'Edit order',
  },
  title: { IN: 'Orders received', OUT: 'Orders given' },
  add: 'Add order', open: 'Open', back: 'Back to the list', notFound: 'Order not found.', searchHint: 'Explanation or current',
  allCompletions: 'All orders', allKinds: 'Normal and with instructions', startDate: 'From', endDate: 'To',
  directions: { IN: 'Order received', OUT: 'Order given' },
  completions: { PENDING: 'Pending', COMPLETED: 'Completed' },
  kinds: { NORMAL: 'Normal', INSTRUCTED: 'With instructions' },
  columns: {
    current: 'Current', explanation: 'Explanation', orderDate: 'Order date', createdDate: 'Created', tags: 'Tags', total: 'Total',
    completion: 'Completion', kind: 'Order kind',
  },
  titleOf: { IN: 'Order received #{{id}}', OUT: 'Order given #{{id}}' },
  form: {
    newTitle: { IN: 'New order received', OUT: 'New order given' },
    editTitle: { IN: 'Edit order received', OUT: 'Edit order given' },
    header: 'Order details', current: { IN: 'Customer (current)', OUT: 'Supplier (current)' }, orderDate: 'Order date', kind: 'Order kind',
    explanation: 'Explanation', tags: 'Tags', currencyNote: 'The order is in {{currency}}.',
    lines: 'Products and services', line: 'Line {{n}}', product: 'Product / service', quantity: 'Quantity', unitPrice: 'Unit price', discount: 'Discount',
    discountKind: 'Discount type', percent: '%', amount: 'Amount', tax: 'VAT', defaultTax: 'The product\'s VAT ({{rate}} %)',
    lineTotal: 'Line total', removeLine: 'Remove line {{n}}', addLine: 'Add line',
    totals: 'Totals', subtotal: 'Subtotal', totalDiscount: 'Discount', taxBase: 'VAT base', taxLine: '{{type}} {{rate}} %', totalAmount: 'Grand total',
    totalsEmpty: 'The totals show here as products are chosen.', totalsBlocked: 'The totals show once the field marked red is put right.',
    noPrice: 'The product has no price for this direction; enter the unit price.', rateMissing: 'No rate for the product\'s currency; enter the unit price.',
    save: 'Save', cancel: 'Cancel',
    saved: { created: 'Order saved.', updated: 'Order changed.' },
    invoiced: 'This order has been invoiced; it cannot be changed.',
  },
  rules: {
    currentRequired: 'Choose a current account.', productRequired: 'Choose a product.', linesRequired: 'An order needs at least one product or service.',
  },
  detail: {
    details: 'Order details', lines: 'Lines', invoices: 'Invoices made from this order', noInvoices: 'Nothing invoiced yet.',
    current: 'Current', direction: 'Direction', kind: 'Order kind', orderDate: 'Order date', createdDate: 'Created', currency: 'Currency',
    explanation: 'Explanation', tags: 'Tags', completion: 'Completion', total: 'Total',
    product: 'Product / service', ordered: 'Ordered', invoiced: 'Invoiced', remaining: 'Remaining', unitPrice: 'Unit price', discount: 'Discount',
    tax: 'VAT', lineTotal: 'Total (VAT included)', invoice: 'Invoice #{{id}}', invoiceDate: '{{date}} · {{total}}',
  },
  actions: { edit: 'Edit', delete: 'Delete', toInvoice: 'Turn into invoice' },
  deleteDetail: 'The order will be deleted.', deleted: 'Order deleted.',
  toInvoice: {
    title: 'Turn into invoice', date: 'Invoice date', documentNo: 'Supplier\'s document no', documentNoHint: 'The number on the supplier\'s invoice.',
    kind: { IN: 'A sales invoice is issued.', OUT: 'A purchase invoice is recorded.' },
    hint: 'Type the quantity to invoice of each line; a line with 0 stays out of the invoice.',
    lines: 'Lines to invoice', product: 'Product / service', remaining: 'Remaining', quantity: 'Quantity to invoice', quantityOf: '{{product}}: quantity to invoice',
    save: 'Create invoice', cancel: 'Cancel', done: 'Invoice created: {{no}}', doneDraft: 'Draft invoice created.',
    errors: {
      format: 'Type a valid quantity.', decimals: 'A quantity has at most three decimals.', negative: 'A quantity cannot be below zero.',
      aboveRemaining: 'No more than what remains can be invoiced.', nothing: 'Invoice a quantity above zero of at least one line.',
    },
  },
};

const RECEIVED_VIEW = { module: Module.ORDER_RECEIVED, anyActions: [Action.VIEW] };
const GIVEN_VIEW = { module: Module.ORDER_GIVEN, anyActions: [Action.VIEW] };
/** An order's page and form: either direction (the server checks the order's own). */
const ANY_VIEW = { codes: [`${Module.ORDER_RECEIVED}_${Action.VIEW}`, `${Module.ORDER_GIVEN}_${Action.VIEW}`] };
const ANY_UPDATE = { codes: [`${Module.ORDER_RECEIVED}_${Action.UPDATE}`, `${Module.ORDER_GIVEN}_${Action.UPDATE}`] };

/**
 * Orders under the commercial group beside the invoices (seeds 000 §3 order, §7 /order/in,
 * /order/out): Alınan Siparişler (module ORDER_RECEIVED 9) and Verilen Siparişler (ORDER_GIVEN 10)
 * share one list, one form and one order page (/order/:id) with "Faturaya dönüştür".
 */
export const area: WebArea = {
  menu: [{
    ...GROUPS.commercial,
    children: [
      {
        id: 'order-in', title: tr.menu.in, titleKey: 'accounting:orders.menu.in', route: '/order/in', icon: 'inbox', order: 40, ...RECEIVED_VIEW,
        addButton: { route: '/order/in/new', module: Module.ORDER_RECEIVED, action: Action.CREATE },
      },
      {
        id: 'order-out', title: tr.menu.out, titleKey: 'accounting:orders.menu.out', route: '/order/out', icon: 'outbox', order: 50, ...GIVEN_VIEW,
        addButton: { route: '/order/out/new', module: Module.ORDER_GIVEN, action: Action.CREATE },
      },
    ],
  }],
  routes: [
    { path: '/order/in', ...RECEIVED_VIEW, title: tr.menu.in, titleKey: 'orders.menu.in' },
    { path: '/order/out', ...GIVEN_VIEW, title: tr.menu.out, titleKey: 'orders.menu.out' },
    { path: '/order/in/new', module: Module.ORDER_RECEIVED, anyActions: [Action.CREATE], title: tr.menu.newIn, titleKey: 'orders.menu.newIn' },
    { path: '/order/out/new', module: Module.ORDER_GIVEN, anyActions: [Action.CREATE], title: tr.menu.newOut, titleKey: 'orders.menu.newOut' },
    { path: '/order/:id', ...ANY_VIEW, title: tr.menu.order, titleKey: 'orders.menu.order' },
    { path: '/order/:id/edit', ...ANY_UPDATE, title: tr.menu.edit, titleKey: 'orders.menu.edit' },
  ],
  load: {
    routes: {
      '/order/in': () => import('./OrdersPage').then((m) => ({ default: m.ReceivedOrdersPage })),
      '/order/out': () => import('./OrdersPage').then((m) => ({ default: m.GivenOrdersPage })),
      '/order/in/new': () => import('./OrderFormPage').then((m) => ({ default: m.NewReceivedOrderPage })),
      '/order/out/new': () => import('./OrderFormPage').then((m) => ({ default: m.NewGivenOrderPage })),
      '/order/:id': () => import('./OrderDetailPage'),
      '/order/:id/edit': () => import('./OrderFormPage'),
    },
  },
  messages: { tr: { orders: tr }, en: { orders: en } },
};
