import { Action, Module } from '@tezgah/core';
import { GROUPS, type WebArea } from '../area';
import { DESPATCH_ACTIONS_SLOT } from './slots';

const tr = {
  menu: {
    in: 'Gelen İrsaliyeler', out: 'Giden İrsaliyeler', newIn: 'Yeni gelen irsaliye', newOut: 'Yeni giden irsaliye',
    despatchIn: 'Gelen irsaliye', despatchOut: 'Giden irsaliye', editIn: 'Gelen irsaliyeyi düzenle', editOut: 'Giden irsaliyeyi düzenle',
  },
  title: { IN: 'Gelen İrsaliyeler', OUT: 'Giden İrsaliyeler' },
  add: 'İrsaliye ekle', open: 'Aç', back: 'Listeye dön', notFound: 'İrsaliye bulunamadı.', searchHint: 'İrsaliye no, cilt no, açıklama ya da cari',
  allInvoicings: 'Tüm faturalanma durumları', allStatuses: 'Tüm durumlar', startDate: 'Başlangıç', endDate: 'Bitiş',
  directions: { IN: 'Gelen irsaliye', OUT: 'Giden irsaliye' },
  invoicings: { NOT_INVOICED: 'Faturalanmadı', PARTLY: 'Kısmen faturalandı', INVOICED: 'Faturalandı' },
  statuses: { ACTIVE: 'Geçerli', CANCELLED: 'İptal' },
  columns: {
    select: 'Seç', waybillNo: 'İrsaliye no', bookletNo: 'Cilt no', despatchDate: 'İrsaliye tarihi', shipmentDate: 'Sevk tarihi', current: 'Cari',
    explanation: 'Açıklama', invoicing: 'Faturalanma', status: 'Durum', attachments: 'Ek',
  },
  select: {
    of: 'Faturalaştırmak için seç: {{name}}', hint: 'Faturalaştırmak için aynı carinin faturalanmamış irsaliyelerini seçin.',
    chosen: '{{count}} irsaliye seçildi · {{current}}', clear: 'Seçimi temizle',
    otherCurrent: 'Yalnız aynı carinin irsaliyeleri birlikte faturalanır.', notInvoiceable: 'İptal edilmiş ya da tamamı faturalanmış irsaliye seçilemez.',
  },
  titleOf: { IN: 'Gelen irsaliye {{no}}', OUT: 'Giden irsaliye {{no}}' },
  noNumber: '#{{id}}',
  form: {
    newTitle: { IN: 'Yeni gelen irsaliye', OUT: 'Yeni giden irsaliye' },
    editTitle: { IN: 'Gelen irsaliyeyi düzenle', OUT: 'Giden irsaliyeyi düzenle' },
    header: 'İrsaliye bilgileri', current: { IN: 'Tedarikçi (cari)', OUT: 'Müşteri (cari)' },
    despatchDate: 'İrsaliye tarihi', shipmentDate: 'Sevk tarihi', shipmentDateHint: 'Boş bırakılırsa irsaliye tarihi.',
    waybillNo: 'İrsaliye no', waybillNoHint: {
      IN: 'Tedarikçinin irsaliyesindeki numara.',
      OUT: 'Boş bırakılırsa şirketin irsaliye serisinden sıradaki numara verilir (IRS…).',
    },
    bookletNo: 'Cilt no', bookletNoHint: 'Matbu irsaliye koçanının cilt numarası.',
    deliveryAddress: 'Sevk adresi', deliveryAddressHint: 'Boş bırakılırsa carinin adresi.', explanation: 'Açıklama',
    lines: 'Ürünler', line: '{{n}}. satır', product: 'Ürün', quantity: 'Miktar', laterSent: 'Sonradan gönderilecek',
    warehouse: 'Depo', productWarehouse: 'Ürünün deposu', unitPrice: 'Birim fiyat', unitPriceHint: 'Boş: ürünün fiyatı',
    lineExplanation: 'Satır açıklaması', removeLine: '{{n}}. satırı sil', addLine: 'Satır ekle',
    stockNote: {
      IN: 'Miktar kaydedilince depoya girer; sonradan gönderilecek miktar stoğu etkilemez.',
      OUT: 'Miktar kaydedilince depodan çıkar; sonradan gönderilecek miktar stoğu etkilemez.',
    },
    save: 'Kaydet', cancel: 'Vazgeç',
    saved: { created: 'İrsaliye kaydedildi.', updated: 'İrsaliye değiştirildi.' },
    insufficientStock: 'Stok yetersiz', invoiced: 'Bu irsaliyeden fatura kesildi; değiştirilemez ve iptal edilemez.',
    cancelled: 'İrsaliye iptal edildi; değiştirilemez.',
  },
  rules: {
    currentRequired: 'Cari hesap seçiniz.', productRequired: 'Ürün seçiniz.', linesRequired: 'İrsaliyede en az bir ürün olmalıdır.',
    shipmentBeforeDespatch: 'Sevk tarihi irsaliye tarihinden önce olamaz.',
  },
  detail: {
    details: 'İrsaliye bilgileri', lines: 'Satırlar', invoices: 'Bu irsaliyeden kesilen faturalar', noInvoices: 'Henüz fatura kesilmedi.',
    current: 'Cari', direction: 'Tür', waybillNo: 'İrsaliye no', bookletNo: 'Cilt no', despatchDate: 'İrsaliye tarihi', shipmentDate: 'Sevk tarihi',
    deliveryAddress: 'Sevk adresi', explanation: 'Açıklama', invoicing: 'Faturalanma', status: 'Durum', createdBy: 'Oluşturan',
    createdDate: 'Oluşturma tarihi', cancelledAt: 'İptal tarihi',
    product: 'Ürün', quantity: 'Miktar', laterSent: 'Sonradan gönderilecek', warehouse: 'Depo', unitPrice: 'Birim fiyat',
    invoiced: 'Faturalanan', remaining: 'Kalan', lineExplanation: 'Açıklama', invoice: 'Fatura #{{id}}', invoiceDate: '{{date}} · {{total}}',
  },
  actions: { edit: 'Düzenle', cancel: 'İptal et', pdf: 'PDF', pdfTitle: 'İrsaliyeyi PDF olarak indir', toInvoice: 'Faturalaştır' },
  locked: {
    invoiced: 'Bu irsaliyeden fatura kesildi; değiştirilemez ve iptal edilemez.',
    cancelled: 'İrsaliye iptal edildi; değiştirilemez.',
  },
  cancelDetail: 'İrsaliye iptal edilecek; stok hareketleri geri alınır.', cancelledDone: 'İrsaliye iptal edildi.', downloaded: '{{name}} indirildi.',
  toInvoice: {
    title: 'Faturalaştır', kind: { IN: 'Seçilen irsaliyelerden bir alış faturası kaydedilir.', OUT: 'Seçilen irsaliyelerden bir satış faturası kesilir.' },
    despatches: 'Faturalanacak irsaliyeler', hint: 'Her satırın faturalanmamış miktarı, satırın (yoksa ürünün) fiyatıyla faturaya girer; fatura stoğu yeniden hareket ettirmez.',
    date: 'Fatura tarihi', documentNo: 'Tedarikçinin fatura no', documentNoHint: 'Tedarikçinin faturasındaki numara.',
    draft: 'Taslak olarak kaydet', save: 'Faturayı oluştur', cancel: 'Vazgeç',
    done: 'Fatura oluşturuldu: {{no}}', doneDraft: 'Taslak fatura oluşturuldu.',
  },
  attachments: {
    title: 'Ekler', none: 'Ek yok.', fileName: 'Dosya adı', type: 'Tür', size: 'Boyut', createdBy: 'Yükleyen', createdDate: 'Tarih',
    pick: 'Dosya seç…', browse: 'Gözat', upload: 'Dosya ekle', uploading: 'Yükleniyor…', download: 'İndir', downloadOf: 'İndir: {{name}}', remove: 'Sil', removeOf: 'Sil: {{name}}',
    removeDetail: '"{{name}}" eki silinecek.', removed: 'Ek silindi.', uploaded_one: '{{count}} dosya eklendi.', uploaded_other: '{{count}} dosya eklendi.',
    limits: 'PDF, PNG, JPEG, WEBP, XML, TXT, CSV ya da XLSX; her biri en fazla 10 MB, bir irsaliyeye en fazla 20 dosya.',
    tooLarge: '10 MB\'tan büyük dosya eklenemez: {{names}}.', tooMany: 'Bir irsaliyeye en fazla 20 dosya eklenebilir (şu an {{count}}).',
    failed: 'Dosyalar eklenemedi',
  },
};

const en: typeof tr = {
  menu: {
    in: 'Incoming despatches', out: 'Outgoing despatches', newIn: 'New incoming despatch', newOut: 'New outgoing despatch',
    despatchIn: 'Incoming despatch', despatchOut: 'Outgoing despatch', editIn: 'Edit incoming despatch', editOut: 'Edit outgoing despatch',
  },
  title: { IN: 'Incoming despatches', OUT: 'Outgoing despatches' },
  add: 'Add despatch', open: 'Open', back: 'Back to the list', notFound: 'Despatch not found.', searchHint: 'Waybill no, booklet no, explanation or current',
  allInvoicings: 'Any invoicing', allStatuses: 'Any status', startDate: 'From', endDate: 'To',
  directions: { IN: 'Incoming despatch', OUT: 'Outgoing despatch' },
  invoicings: { NOT_INVOICED: 'Not invoiced', PARTLY: 'Partly invoiced', INVOICED: 'Invoiced' },
  statuses: { ACTIVE: 'Valid', CANCELLED: 'Cancelled' },
  columns: {
    select: 'Select', waybillNo: 'Waybill no', bookletNo: 'Booklet no', despatchDate: 'Despatch date', shipmentDate: 'Shipment date', current: 'Current',
    explanation: 'Explanation', invoicing: 'Invoicing', status: 'Status', attachments: 'Att.',
  },
  select: {
    of: 'Select to invoice: {{name}}', hint: 'To invoice, select despatches of one current that are not fully invoiced.',
    chosen: '{{count}} despatch(es) selected · {{current}}', clear: 'Clear selection',
    otherCurrent: 'Only despatches of the same current are invoiced together.', notInvoiceable: 'A cancelled or fully invoiced despatch cannot be selected.',
  },
  titleOf: { IN: 'Incoming despatch {{no}}', OUT: 'Outgoing despatch {{no}}' },
  noNumber: '#{{id}}',
  form: {
    newTitle: { IN: 'New incoming despatch', OUT: 'New outgoing despatch' },
    editTitle: { IN: 'Edit incoming despatch', OUT: 'Edit outgoing despatch' },
    header: 'Despatch details', current: { IN: 'Supplier (current)', OUT: 'Customer (current)' },
    despatchDate: 'Despatch date', shipmentDate: 'Shipment date', shipmentDateHint: 'Left empty: the despatch date.',
    waybillNo: 'Waybill no', waybillNoHint: {
      IN: 'The number on the supplier\'s despatch.',
      OUT: 'Left empty, the next number of the company\'s despatch series is given (IRS…).',
    },
    bookletNo: 'Booklet no', bookletNoHint: 'The volume number of a printed despatch booklet.',
    deliveryAddress: 'Delivery address', deliveryAddressHint: 'Left empty: the current\'s address.', explanation: 'Explanation',
    lines: 'Products', line: 'Line {{n}}', product: 'Product', quantity: 'Quantity', laterSent: 'To be sent later',
    warehouse: 'Warehouse', productWarehouse: 'The product\'s warehouse', unitPrice: 'Unit price', unitPriceHint: 'Empty: the product\'s price',
    lineExplanation: 'Line explanation', removeLine: 'Remove line {{n}}', addLine: 'Add line',
    stockNote: {
      IN: 'The quantity enters the warehouse when saved; the quantity to be sent later does not touch the stock.',
      OUT: 'The quantity leaves the warehouse when saved; the quantity to be sent later does not touch the stock.',
    },
    save: 'Save', cancel: 'Cancel',
    saved: { created: 'Despatch saved.', updated: 'Despatch changed.' },
    insufficientStock: 'Insufficient stock', invoiced: 'This despatch has been invoiced; it cannot be changed or cancelled.',
    cancelled: 'The despatch is cancelled; it cannot be changed.',
  },
  rules: {
    currentRequired: 'Choose a current account.', productRequired: 'Choose a product.', linesRequired: 'A despatch needs at least one product.',
    shipmentBeforeDespatch: 'The shipment date cannot be before the despatch date.',
  },
  detail: {
    details: 'Despatch details', lines: 'Lines', invoices: 'Invoices made from this despatch', noInvoices: 'Nothing invoiced yet.',
    current: 'Current', direction: 'Kind', waybillNo: 'Waybill no', bookletNo: 'Booklet no', despatchDate: 'Despatch date', shipmentDate: 'Shipment date',
    deliveryAddress: 'Delivery address', explanation: 'Explanation', invoicing: 'Invoicing', status: 'Status', createdBy: 'Created by',
    createdDate: 'Created', cancelledAt: 'Cancelled on',
    product: 'Product', quantity: 'Quantity', laterSent: 'To be sent later', warehouse: 'Warehouse', unitPrice: 'Unit price',
    invoiced: 'Invoiced', remaining: 'Remaining', lineExplanation: 'Explanation', invoice: 'Invoice #{{id}}', invoiceDate: '{{date}} · {{total}}',
  },
  actions: { edit: 'Edit', cancel: 'Cancel despatch', pdf: 'PDF', pdfTitle: 'Download the despatch as PDF', toInvoice: 'Invoice' },
  locked: {
    invoiced: 'This despatch has been invoiced; it cannot be changed or cancelled.',
    cancelled: 'The despatch is cancelled; it cannot be changed.',
  },
  cancelDetail: 'The despatch will be cancelled; its stock movements are reversed.', cancelledDone: 'Despatch cancelled.', downloaded: '{{name}} downloaded.',
  toInvoice: {
    title: 'Invoice', kind: { IN: 'A purchase invoice is recorded from the selected despatches.', OUT: 'A sales invoice is issued from the selected despatches.' },
    despatches: 'Despatches to invoice', hint: 'Each line\'s quantity not yet invoiced goes in at the line\'s (else the product\'s) price; the invoice does not move the stock again.',
    date: 'Invoice date', documentNo: 'Supplier\'s invoice no', documentNoHint: 'The number on the supplier\'s invoice.',
    draft: 'Save as draft', save: 'Create invoice', cancel: 'Cancel',
    done: 'Invoice created: {{no}}', doneDraft: 'Draft invoice created.',
  },
  attachments: {
    title: 'Attachments', none: 'No attachments.', fileName: 'File name', type: 'Type', size: 'Size', createdBy: 'Uploaded by', createdDate: 'Date',
    pick: 'Choose files…', browse: 'Browse', upload: 'Add files', uploading: 'Uploading…', download: 'Download', downloadOf: 'Download: {{name}}', remove: 'Delete', removeOf: 'Delete: {{name}}',
    removeDetail: 'The attachment "{{name}}" will be deleted.', removed: 'Attachment deleted.', uploaded_one: '{{count}} file added.', uploaded_other: '{{count}} files added.',
    limits: 'PDF, PNG, JPEG, WEBP, XML, TXT, CSV or XLSX; at most 10 MB each, at most 20 files a despatch.',
    tooLarge: 'Files above 10 MB cannot be added: {{names}}.', tooMany: 'A despatch holds at most 20 files (it has {{count}}).',
    failed: 'The files could not be added',
  },
};

const VIEW = { module: Module.DESPATCH, anyActions: [Action.VIEW] };
const CREATE = { module: Module.DESPATCH, anyActions: [Action.CREATE] };
const UPDATE = { module: Module.DESPATCH, anyActions: [Action.UPDATE] };

/**
 * Despatches (irsaliye; module DESPATCH 26) under the commercial group after the orders: Gelen
 * İrsaliyeler (/incoming-despatch) and Giden İrsaliyeler (/outgoing-despatch) share one list, one
 * form and one despatch page (/incoming-despatch/:id, /outgoing-despatch/:id) with its
 * attachments, PDF, cancel and "Faturalaştır".
 */
export const area: WebArea = {
  slots: { opens: [DESPATCH_ACTIONS_SLOT] },
  menu: [{
    ...GROUPS.commercial,
    children: [
      {
        id: 'incoming-despatch', title: tr.menu.in, titleKey: 'accounting:despatches.menu.in', route: '/incoming-despatch', icon: 'import', order: 60, ...VIEW,
        addButton: { route: '/incoming-despatch/new', module: Module.DESPATCH, action: Action.CREATE },
      },
      {
        id: 'outgoing-despatch', title: tr.menu.out, titleKey: 'accounting:despatches.menu.out', route: '/outgoing-despatch', icon: 'export', order: 70, ...VIEW,
        addButton: { route: '/outgoing-despatch/new', module: Module.DESPATCH, action: Action.CREATE },
      },
    ],
  }],
  routes: [
    { path: '/incoming-despatch', ...VIEW, title: tr.menu.in, titleKey: 'despatches.menu.in' },
    { path: '/outgoing-despatch', ...VIEW, title: tr.menu.out, titleKey: 'despatches.menu.out' },
    { path: '/incoming-despatch/new', ...CREATE, title: tr.menu.newIn, titleKey: 'despatches.menu.newIn' },
    { path: '/outgoing-despatch/new', ...CREATE, title: tr.menu.newOut, titleKey: 'despatches.menu.newOut' },
    { path: '/incoming-despatch/:id', ...VIEW, title: tr.menu.despatchIn, titleKey: 'despatches.menu.despatchIn' },
    { path: '/outgoing-despatch/:id', ...VIEW, title: tr.menu.despatchOut, titleKey: 'despatches.menu.despatchOut' },
    { path: '/incoming-despatch/:id/edit', ...UPDATE, title: tr.menu.editIn, titleKey: 'despatches.menu.editIn' },
    { path: '/outgoing-despatch/:id/edit', ...UPDATE, title: tr.menu.editOut, titleKey: 'despatches.menu.editOut' },
  ],
  load: {
    routes: {
      '/incoming-despatch': () => import('./DespatchesPage').then((m) => ({ default: m.IncomingDespatchesPage })),
      '/outgoing-despatch': () => import('./DespatchesPage').then((m) => ({ default: m.OutgoingDespatchesPage })),
      '/incoming-despatch/new': () => import('./DespatchFormPage').then((m) => ({ default: m.NewIncomingDespatchPage })),
      '/outgoing-despatch/new': () => import('./DespatchFormPage').then((m) => ({ default: m.NewOutgoingDespatchPage })),
      '/incoming-despatch/:id': () => import('./DespatchDetailPage'),
      '/outgoing-despatch/:id': () => import('./DespatchDetailPage'),
      '/incoming-despatch/:id/edit': () => import('./DespatchFormPage'),
      '/outgoing-despatch/:id/edit': () => import('./DespatchFormPage'),
    },
  },
  messages: { tr: { despatches: tr }, en: { despatches: en } },
};
