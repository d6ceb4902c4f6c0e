import { Action, Module } from '@tezgah/core';
import { GROUPS, type WebArea } from '../area';

const tr = {
  menu: { sales: 'Satışlar', expense: 'Alışlar / Giderler', all: 'Tüm Faturalar', newSale: 'Yeni satış faturası', newExpense: 'Yeni alış / gider faturası', edit: 'Faturayı düzenle', invoice: 'Fatura' },
  title: { SALE: 'Satışlar', BUYING: 'Alışlar / Giderler', all: 'Faturalar' },
  add: 'Fatura ekle', open: 'Aç', back: 'Listeye dön', notFound: 'Fatura bulunamadı.', searchHint: 'Belge no, açıklama ya da cari',
  allTypes: 'Satış ve alış', allStatuses: 'Tüm durumlar', allPaymentStatuses: 'Tüm ödeme durumları', startDate: 'Başlangıç', endDate: 'Bitiş',
  types: { SALE: 'Satış', BUYING: 'Alış' },
  kinds: { SALE: 'Satış faturası', BUYING: 'Alış faturası' },
  statuses: { DRAFT: 'Taslak', POSTED: 'Kesildi', CANCELLED: 'İptal' },
  paymentStatuses: { PAID: 'Ödendi', PARTIAL: 'Kısmi', UNPAID: 'Ödenmedi' },
  columns: {
    current: 'Cari', explanation: 'Açıklama', type: 'Tür', date: 'Tarih', tags: 'Etiketler', total: 'Toplam', remaining: 'Kalan', paid: 'Ödenen',
    documentNo: 'Belge No', paymentStatus: 'Ödeme durumu', status: 'Durum',
  },
  titleOf: { SALE: 'Satış faturası {{no}}', BUYING: 'Alış faturası {{no}}' },
  draftTitle: { SALE: 'Satış faturası (taslak)', BUYING: 'Alış faturası (taslak)' },
  form: {
    newTitle: { SALE: 'Yeni satış faturası', BUYING: 'Yeni alış / gider faturası' },
    editTitle: { SALE: 'Satış faturasını düzenle', BUYING: 'Alış faturasını düzenle' },
    header: 'Fatura bilgileri', current: { SALE: 'Müşteri (cari)', BUYING: 'Tedarikçi (cari)' }, date: 'Fatura tarihi', dueDate: 'Vade tarihi',
    currency: 'Para birimi', rate: 'Kur ({{currency}})', rateHint: 'Boş bırakılırsa faturanın tarihindeki TCMB döviz alış kuru.',
    series: 'Seri', seriesHint: 'Üç harf ya da rakam (ör. ABC); boş bırakılırsa şirketin seri ön eki.', documentNo: 'Tedarikçinin belge no',
    documentNoHint: 'Tedarikçinin faturasındaki numara.', explanation: 'Açıklama', tags: 'Etiketler',
    lines: 'Ürün ve hizmetler', line: '{{n}}. satır', product: 'Ürün / hizmet', quantity: 'Miktar', unitPrice: 'Birim fiyat', discount: 'İndirim',
    discountKind: 'İndirim türü', percent: '%', amount: 'Tutar', tax: 'KDV', withholding: 'Tevkifat', withholdingPercent: 'Tevkifat oranı',
    noWithholding: 'Yok', warehouse: 'Depo', productWarehouse: 'Ürünün deposu', lineTotal: 'Satır toplamı', removeLine: '{{n}}. satırı sil', addLine: 'Satır ekle',
    productSearch: 'Ürün adı ya da barkod yazın', noProduct: 'Ürün bulunamadı', service: 'Hizmet', stockOf: 'Stok: {{stock}}',
    defaultTax: 'Ürünün KDV\'si (%{{rate}})', taxOf: '{{name}}',
    documentDiscount: 'Fatura altı indirim', documentDiscountKind: 'Fatura altı indirim türü',
    payments: 'Ödemeler', payment: '{{n}}. ödeme', paymentType: 'Ödeme türü', paymentAmount: 'Tutar', paymentDate: 'Tarih', paymentDateHint: 'Boş: fatura tarihi',
    safe: 'Kasa', bankAccount: 'Banka hesabı', firstSafe: 'Para birimindeki ilk kasa', choose: 'Seçiniz', addPayment: 'Ödeme ekle', removePayment: '{{n}}. ödemeyi sil',
    totals: 'Toplamlar', subtotal: 'Ara toplam', totalDiscount: 'İskonto', taxBase: 'KDV matrahı', taxLine: '{{type}} %{{rate}}', withheld: 'Tevkifat',
    totalAmount: 'Genel toplam', payable: 'Ödenecek', paid: 'Ödenen', remaining: 'Kalan', inLira: 'TL karşılığı',
    totalsEmpty: 'Ürün seçildikçe toplamlar burada hesaplanır.', totalsBlocked: 'Toplamlar, kırmızıyla işaretli alan düzeltilince hesaplanır.',
    saveDraft: 'Taslak kaydet', post: { SALE: 'Faturayı kes', BUYING: 'Kaydet' }, save: 'Kaydet', cancel: 'Vazgeç',
    stockWarning: 'Stokta {{stock}} var; yazılan miktar stoktan fazla.', rateMissing: 'Ürünün para biriminin kuru bulunamadı; birim fiyatı girin.',
    noPrice: 'Ürünün bu yönde fiyatı yok; birim fiyatı girin.',
    saved: { draft: 'Taslak fatura kaydedildi.', posted: '{{no}} numaralı fatura kesildi.', updated: 'Fatura kaydedildi.' },
  },
  rules: {
    currentRequired: 'Cari hesap seçiniz.', productRequired: 'Ürün seçiniz.', linesRequired: 'Faturada en az bir ürün ya da hizmet olmalıdır.',
    dueBeforeDate: 'Vade tarihi fatura tarihinden önce olamaz.', series: 'Seri üç büyük harf ya da rakamdır (ör. ABC).',
    bankAccountRequired: 'Kredi kartı tahsilatının gireceği banka hesabını seçiniz.',
  },
  detail: {
    details: 'Fatura bilgileri', lines: 'Satırlar', taxes: 'Vergi özeti', payments: 'Ödemeler', totals: 'Toplamlar', noPayments: 'Ödeme yok.',
    current: 'Cari', date: 'Tarih', dueDate: 'Vade', documentNo: 'Belge no', series: 'Seri', currency: 'Para birimi', rate: 'Kur', explanation: 'Açıklama',
    tags: 'Etiketler', entryNo: 'Yevmiye no', createdBy: 'Oluşturan', cancelledAt: 'İptal tarihi', product: 'Ürün / hizmet', quantity: 'Miktar',
    unitPrice: 'Birim fiyat', gross: 'Tutar', discount: 'İndirim', documentDiscount: 'Fatura altı indirim', taxBase: 'Matrah', tax: 'Vergi',
    withheld: 'Tevkifat', total: 'Toplam', warehouse: 'Depo', taxType: 'Vergi', percentage: 'Oran', base: 'Matrah', amount: 'Tutar',
    paymentType: 'Ödeme türü', account: 'Kasa / banka',
  },
  actions: { edit: 'Düzenle', pdf: 'PDF', pdfTitle: 'Faturayı PDF olarak indir', delete: 'Sil', cancel: 'İptal et' },
  cancelDialog: {
    title: 'Emin misiniz?', its: 'ITS iptali de beraberinde yapılsın mı?',
    warning: 'e-Arşiv faturaların 7 günden sonra iptal edilmesi mevzuatça önerilmez; sorumluluk mükellefe aittir.', yes: 'Evet', no: 'Hayır',
    done: 'Fatura iptal edildi.',
  },
  deleteDetail: 'Taslak fatura silinecek.', deleted: 'Taslak fatura silindi.', downloaded: '{{name}} indirildi.',
};

const en: typeof tr = {
  menu: { sales: 'Sales', expense: 'Purchases / expenses', all: 'All invoices', newSale: 'New sales invoice', newExpense: 'New purchase / expense invoice', edit: 'Edit invoice', invoice: 'Invoice' },
  title: { SALE: 'Sales', BUYING: 'Purchases / expenses', all: 'Invoices' },
  add: 'Add invoice', open: 'Open', back: 'Back to the list', notFound: 'Invoice not found.', searchHint: 'Document no, explanation or current',
  allTypes: 'Sales and purchases', allStatuses: 'All states', allPaymentStatuses: 'All payment states', startDate: 'From', endDate: 'To',
  types: { SALE: 'Sale', BUYING: 'Purchase' },
  kinds: { SALE: 'Sales invoice', BUYING: 'Purchase invoice' },
  statuses: { DRAFT: 'Draft', POSTED: 'Issued', CANCELLED: 'Cancelled' },
  paymentStatuses: { PAID: 'Paid', PARTIAL: 'Partly paid', UNPAID: 'Unpaid' },
  columns: {
    current: 'Current', explanation: 'Explanation', type: 'Type', date: 'Date', tags: 'Tags', total: 'Total', remaining: 'Remaining', paid: 'Paid',
    documentNo: 'Document no', paymentStatus: 'Payment state', status: 'State',
  },
  titleOf: { SALE: 'Sales invoice {{no}}', BUYING: 'Purchase invoice {{no}}' },
  draftTitle: { SALE: 'Sales invoice (draft)', BUYING: 'Purchase invoice (draft)' },
  form: {
    newTitle: { SALE: 'New sales invoice', BUYING: 'New purchase / expense invoice' },
    editTitle: { SALE: 'Edit sales invoice', BUYING: 'Edit purchase invoice' },
    header: 'Invoice details', current: { SALE: 'Customer (current)', BUYING: 'Supplier (current)' }, date: 'Invoice date', dueDate: 'Due date',
    currency: 'Currency', rate: 'Rate ({{currency}})', rateHint: 'Left empty, TCMB\'s forex buying rate of the invoice date.',
    series: 'Series', seriesHint: 'Three letters or digits (e.g. ABC); left empty, the company\'s prefix.', documentNo: 'Supplier\'s document no',
    documentNoHint: 'The number on the supplier\'s invoice.', explanation: 'Explanation', tags: 'Tags',
    lines: 'Products and services', line: 'Line {{n}}', product: 'Product / service', quantity: 'Quantity', unitPrice: 'Unit price', discount: 'Discount',
    discountKind: 'Discount type', percent: '%', amount: 'Amount', tax: 'VAT', withholding: 'Withholding', withholdingPercent: 'Withholding rate',
    noWithholding: 'None', warehouse: 'Warehouse', productWarehouse: 'The product\'s warehouse', lineTotal: 'Line total', removeLine: 'Remove line {{n}}', addLine: 'Add line',
    productSearch: 'Type a product name or barcode', noProduct: 'No product found', service: 'Service', stockOf: 'Stock: {{stock}}',
    defaultTax: 'The product\'s VAT ({{rate}} %)', taxOf: '{{name}}',
    documentDiscount: 'Invoice discount', documentDiscountKind: 'Invoice discount type',
    payments: 'Payments', payment: 'Payment {{n}}', paymentType: 'Payment type', paymentAmount: 'Amount', paymentDate: 'Date', paymentDateHint: 'Empty: the invoice date',
    safe: 'Safe', bankAccount: 'Bank account', firstSafe: 'The first safe in the currency', choose: 'Choose', addPayment: 'Add payment', removePayment: 'Remove payment {{n}}',
    totals: 'Totals', subtotal: 'Subtotal', totalDiscount: 'Discount', taxBase: 'VAT base', taxLine: '{{type}} {{rate}} %', withheld: 'Withheld',
    totalAmount: 'Grand total', payable: 'Payable', paid: 'Paid', remaining: 'Remaining', inLira: 'In lira',
    totalsEmpty: 'The totals show here as products are chosen.', totalsBlocked: 'The totals show once the field marked red is put right.',
    saveDraft: 'Save draft', post: { SALE: 'Issue invoice', BUYING: 'Save' }, save: 'Save', cancel: 'Cancel',
    stockWarning: 'There are {{stock}} in stock; the quantity is above it.', rateMissing: 'No rate for the product\'s currency; enter the unit price.',
    noPrice: 'The product has no price for this direction; enter the unit price.',
    saved: { draft: 'Draft invoice saved.', posted: 'Invoice {{no}} issued.', updated: 'Invoice saved.' },
  },
  rules: {
    currentRequired: 'Choose a current account.', productRequired: 'Choose a product.', linesRequired: 'An invoice needs at least one product or service.',
    dueBeforeDate: 'The due date cannot be before the invoice date.', series: 'A series is three capital letters or digits (e.g. ABC).',
    bankAccountRequired: 'Choose the bank account the card payment goes to.',
  },
  detail: {
    details: 'Invoice details', lines: 'Lines', taxes: 'Tax summary', payments: 'Payments', totals: 'Totals', noPayments: 'No payments.',
    current: 'Current', date: 'Date', dueDate: 'Due', documentNo: 'Document no', series: 'Series', currency: 'Currency', rate: 'Rate', explanation: 'Explanation',
    tags: 'Tags', entryNo: 'Entry no', createdBy: 'Created by', cancelledAt: 'Cancelled on', product: 'Product / service', quantity: 'Quantity',
    unitPrice: 'Unit price', gross: 'Amount', discount: 'Discount', documentDiscount: 'Invoice discount', taxBase: 'Base', tax: 'Tax',
    withheld: 'Withheld', total: 'Total', warehouse: 'Warehouse', taxType: 'Tax', percentage: 'Rate', base: 'Base', amount: 'Amount',
    paymentType: 'Payment type', account: 'Safe / bank',
  },
  actions: { edit: 'Edit', pdf: 'PDF', pdfTitle: 'Download the invoice as PDF', delete: 'Delete', cancel: 'Cancel invoice' },
  cancelDialog: {
    title: 'Are you sure?', its: 'Cancel the ITS notification too?',
    warning: 'Cancelling e-archive invoices after 7 days is not recommended by law; the taxpayer bears the responsibility.', yes: 'Yes', no: 'No',
    done: 'Invoice cancelled.',
  },
  deleteDetail: 'The draft invoice will be deleted.', deleted: 'Draft invoice deleted.', downloaded: '{{name}} downloaded.',
};

/** Viewing either direction: the all-invoices list and an invoice's page (the server checks the invoice's own direction). */
const ANY_VIEW = { codes: [`${Module.SALES}_${Action.VIEW}`, `${Module.EXPENSE}_${Action.VIEW}`] };
const ANY_UPDATE = { codes: [`${Module.SALES}_${Action.UPDATE}`, `${Module.EXPENSE}_${Action.UPDATE}`] };
const SALES_VIEW = { module: Module.SALES, anyActions: [Action.VIEW] };
const EXPENSE_VIEW = { module: Module.EXPENSE, anyActions: [Action.VIEW] };

/**
 * Invoices under the commercial group (seeds 000 §2 menu "commercial 40"; §7 /invoice, /sales,
 * /expense): Satışlar (sales invoices, module SALES), Alışlar / Giderler (purchase and expense
 * invoices, module EXPENSE) and Tüm Faturalar (both, with a direction filter) share one list, one
 * form and one invoice page.
 */
export const area: WebArea = {
  menu: [{
    ...GROUPS.commercial,
    children: [
      { id: 'sales', title: tr.menu.sales, titleKey: 'accounting:invoices.menu.sales', route: '/sales', icon: 'shopping-cart', order: 10, ...SALES_VIEW, addButton: { route: '/sales/new', module: Module.SALES, action: Action.CREATE } },
      { id: 'expense', title: tr.menu.expense, titleKey: 'accounting:invoices.menu.expense', route: '/expense', icon: 'import', order: 20, ...EXPENSE_VIEW, addButton: { route: '/expense/new', module: Module.EXPENSE, action: Action.CREATE } },
      { id: 'invoice', title: tr.menu.all, titleKey: 'accounting:invoices.menu.all', route: '/invoice', icon: 'document', order: 30, ...ANY_VIEW },
    ],
  }],
  routes: [
    { path: '/sales', ...SALES_VIEW, title: tr.menu.sales, titleKey: 'invoices.menu.sales' },
    { path: '/expense', ...EXPENSE_VIEW, title: tr.menu.expense, titleKey: 'invoices.menu.expense' },
    { path: '/invoice', ...ANY_VIEW, title: tr.menu.all, titleKey: 'invoices.menu.all' },
    { path: '/sales/new', module: Module.SALES, anyActions: [Action.CREATE], title: tr.menu.newSale, titleKey: 'invoices.menu.newSale' },
    { path: '/expense/new', module: Module.EXPENSE, anyActions: [Action.CREATE], title: tr.menu.newExpense, titleKey: 'invoices.menu.newExpense' },
    { path: '/invoice/:id', ...ANY_VIEW, title: tr.menu.invoice, titleKey: 'invoices.menu.invoice' },
    { path: '/invoice/:id/edit', ...ANY_UPDATE, title: tr.menu.edit, titleKey: 'invoices.menu.edit' },
  ],
  load: {
    routes: {
      '/sales': () => import('./InvoicesPage').then((m) => ({ default: m.SalesPage })),
      '/expense': () => import('./InvoicesPage').then((m) => ({ default: m.ExpensePage })),
      '/invoice': () => import('./InvoicesPage'),
      '/sales/new': () => import('./InvoiceFormPage').then((m) => ({ default: m.NewSalePage })),
      '/expense/new': () => import('./InvoiceFormPage').then((m) => ({ default: m.NewExpensePage })),
      '/invoice/:id': () => import('./InvoiceDetailPage'),
      '/invoice/:id/edit': () => import('./InvoiceFormPage'),
    },
  },
  messages: { tr: { invoices: tr }, en: { invoices: en } },
};
