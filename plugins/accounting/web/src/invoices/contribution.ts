import { INVOICE_ACTIONS_SLOT } from './slots';
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
    noPrice: 'Ürünün bu yönde fiyatı yok; birim fiyatı girin.', fromDespatch: 'İrsaliyeden; stok irsaliyeyle hareket etti.',
    saved: { draft: 'Taslak fatura kaydedildi.', posted: '{{no}} numaralı fatura kesildi.', updated: 'Fatura kaydedildi.' },
    instalments: {
      legend: 'Taksitlendirme', on: 'Taksitlendir', hint: 'Kalan tutar taksitlere bölünür; her taksit bir vade olur.', type: 'Taksit türü',
      types: { MONTHLY: 'Aylık (ayın günü)', WEEKLY: 'Haftalık (haftanın günü)', DAYS: 'Her N günde bir' },
      day: { MONTHLY: 'Ayın günü', WEEKLY: 'Haftanın günü', DAYS: 'Kaç günde bir' }, count: 'Taksit sayısı',
      preview: 'Taksitler',
    },
  },
  weekdays: { 1: 'Pazartesi', 2: 'Salı', 3: 'Çarşamba', 4: 'Perşembe', 5: 'Cuma', 6: 'Cumartesi', 7: 'Pazar' },
  rules: {
    currentRequired: 'Cari hesap seçiniz.', productRequired: 'Ürün seçiniz.', linesRequired: 'Faturada en az bir ürün ya da hizmet olmalıdır.',
    dueBeforeDate: 'Vade tarihi fatura tarihinden önce olamaz.', series: 'Seri üç büyük harf ya da rakamdır (ör. ABC).',
    bankAccountRequired: 'Kredi kartı tahsilatının gireceği banka hesabını seçiniz.',
    instalmentDay: { MONTHLY: 'Ayın günü 1 ile 31 arasında olmalı.', WEEKLY: 'Haftanın gününü seçiniz.', DAYS: 'Gün sayısı 1 ile 366 arasında olmalı.' },
    instalmentCount: 'Taksit sayısı 1 ile 120 arasında olmalı.', nothingToInstal: 'Taksitlendirilecek kalan tutar yok.',
  },
  detail: {
    details: 'Fatura bilgileri', lines: 'Satırlar', taxes: 'Vergi özeti', payments: 'Ödemeler', totals: 'Toplamlar', noPayments: 'Ödeme yok.',
    current: 'Cari', date: 'Tarih', dueDate: 'Vade', documentNo: 'Belge no', series: 'Seri', currency: 'Para birimi', rate: 'Kur', explanation: 'Açıklama',
    tags: 'Etiketler', entryNo: 'Yevmiye no', createdBy: 'Oluşturan', cancelledAt: 'İptal tarihi', product: 'Ürün / hizmet', quantity: 'Miktar',
    unitPrice: 'Birim fiyat', gross: 'Tutar', discount: 'İndirim', documentDiscount: 'Fatura altı indirim', taxBase: 'Matrah', tax: 'Vergi',
    withheld: 'Tevkifat', total: 'Toplam', warehouse: 'Depo', despatched: 'İrsaliyeli', despatchedTitle: 'İrsaliyeden faturalandı; stok irsaliyeyle hareket etti.', taxType: 'Vergi', percentage: 'Oran', base: 'Matrah', amount: 'Tutar',
    paymentType: 'Ödeme türü', account: 'Kasa / banka', instalments: 'Taksit planı',
    planOf: { MONTHLY: 'Aylık, ayın {{day}}. günü, {{count}} taksit', WEEKLY: 'Haftalık, her {{weekday}}, {{count}} taksit', DAYS: '{{day}} günde bir, {{count}} taksit' },
  },
  dues: {
    title: 'Vadeler', period: 'Taksit', dueDate: 'Vade tarihi', amount: 'Tutar', paid: 'Ödenen', remaining: 'Kalan', status: 'Durum',
    periodOf: '{{n}}. vade', none: 'Açık vadesi yok.', remove: 'Taksidi sil', removeOf: 'Taksidi sil: {{n}}. vade', removeConfirm: '{{n}}. vade silinsin mi?',
    removeDetail: 'Tutarı faturanın sonraki vadesine (sonuncuysa bir öncekine) eklenir.', removed: 'Taksit silindi.',
    lines: 'Ödeme satırları', noLines: 'Bu faturanın vadelerine dağıtılmış tahsilat ya da ödeme yok.', lineDate: 'Tarih', lineDue: 'Vade', lineAmount: 'Tutar',
    createdBy: 'Kaydeden', dueOf: '{{n}}. vade · {{date}}', takeBack: 'Geri al', takeBackOf: 'Geri al: {{n}}. vade, {{amount}}',
    takeBackConfirm: 'Ödeme satırı geri alınsın mı?', takeBackDetail: 'Para carinin hesabında avans olarak kalır.',
    takenBack: 'Ödeme satırı geri alındı; para carinin hesabında avans olarak kaldı.',
  },
  collect: {
    button: { SALE: 'Tahsilat al', BUYING: 'Ödeme yap' }, amount: 'Tutar ({{currency}})', date: 'Tarih',
    account: { SALE: 'Paranın gireceği kasa / banka hesabı', BUYING: 'Paranın çıkacağı kasa / banka hesabı' },
    rate: 'Kur ({{currency}})', rateHint: 'Boş bırakılırsa günün TCMB kuru.', explanation: 'Açıklama',
    explanationOf: { SALE: '{{no}} tahsilatı', BUYING: '{{no}} ödemesi' }, onlyThis: 'Yalnız bu faturaya',
    hint: {
      SALE: 'İşaretlenmezse para carinin en eski vadesinden başlayarak dağıtılır; artan carinin hesabında avans olarak kalır.',
      BUYING: 'İşaretlenmezse ödeme carinin en eski vadesinden başlayarak dağıtılır; artan carinin hesabında avans olarak kalır.',
    },
    accountRequired: { SALE: 'Paranın gireceği kasayı ya da banka hesabını seçiniz.', BUYING: 'Paranın çıkacağı kasayı ya da banka hesabını seçiniz.' },
    save: { SALE: 'Tahsil et', BUYING: 'Öde' }, cancel: 'Vazgeç', done: { SALE: 'Tahsilat kaydedildi', BUYING: 'Ödeme kaydedildi' },
    reached: '{{n}} vadeye dağıtıldı.', reachedOthers: '{{n}} vadeye dağıtıldı ({{others}} tanesi carinin diğer faturalarında).', noDue: 'açık vade yoktu.',
    advance: '{{amount}} {{currency}} carinin hesabında avans olarak kaldı.',
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
    noPrice: 'The product has no price for this direction; enter the unit price.', fromDespatch: 'From a despatch; the stock moved with the despatch.',
    saved: { draft: 'Draft invoice saved.', posted: 'Invoice {{no}} issued.', updated: 'Invoice saved.' },
    instalments: {
      legend: 'Instalments', on: 'Pay in instalments', hint: 'What remains is split into instalments; each is a due.', type: 'Instalment type',
      types: { MONTHLY: 'Monthly (day of the month)', WEEKLY: 'Weekly (day of the week)', DAYS: 'Every N days' },
      day: { MONTHLY: 'Day of the month', WEEKLY: 'Day of the week', DAYS: 'Every how many days' }, count: 'Number of instalments',
      preview: 'Instalments',
    },
  },
  weekdays: { 1: 'Monday', 2: 'Tuesday', 3: 'Wednesday', 4: 'Thursday', 5: 'Friday', 6: 'Saturday', 7: 'Sunday' },
  rules: {
    currentRequired: 'Choose a current account.', productRequired: 'Choose a product.', linesRequired: 'An invoice needs at least one product or service.',
    dueBeforeDate: 'The due date cannot be before the invoice date.', series: 'A series is three capital letters or digits (e.g. ABC).',
    bankAccountRequired: 'Choose the bank account the card payment goes to.',
    instalmentDay: { MONTHLY: 'The day of the month is between 1 and 31.', WEEKLY: 'Choose the day of the week.', DAYS: 'The number of days is between 1 and 366.' },
    instalmentCount: 'The number of instalments is between 1 and 120.', nothingToInstal: 'Nothing remains to be paid in instalments.',
  },
  detail: {
    details: 'Invoice details', lines: 'Lines', taxes: 'Tax summary', payments: 'Payments', totals: 'Totals', noPayments: 'No payments.',
    current: 'Current', date: 'Date', dueDate: 'Due', documentNo: 'Document no', series: 'Series', currency: 'Currency', rate: 'Rate', explanation: 'Explanation',
    tags: 'Tags', entryNo: 'Entry no', createdBy: 'Created by', cancelledAt: 'Cancelled on', product: 'Product / service', quantity: 'Quantity',
    unitPrice: 'Unit price', gross: 'Amount', discount: 'Discount', documentDiscount: 'Invoice discount', taxBase: 'Base', tax: 'Tax',
    withheld: 'Withheld', total: 'Total', warehouse: 'Warehouse', despatched: 'From despatch', despatchedTitle: 'Invoiced from a despatch; the stock moved with the despatch.', taxType: 'Tax', percentage: 'Rate', base: 'Base', amount: 'Amount',
    paymentType: 'Payment type', account: 'Safe / bank', instalments: 'Instalment plan',
    planOf: { MONTHLY: 'Monthly, on day {{day}}, {{count}} instalments', WEEKLY: 'Weekly, every {{weekday}}, {{count}} instalments', DAYS: 'Every {{day}} days, {{count}} instalments' },
  },
  dues: {
    title: 'Dues', period: 'Instalment', dueDate: 'Due date', amount: 'Amount', paid: 'Paid', remaining: 'Remaining', status: 'State',
    periodOf: 'Due {{n}}', none: 'No dues open.', remove: 'Remove instalment', removeOf: 'Remove instalment: due {{n}}', removeConfirm: 'Remove due {{n}}?',
    removeDetail: 'Its amount joins the invoice\'s next due (the previous one for the last).', removed: 'Instalment removed.',
    lines: 'Payment lines', noLines: 'No collection or payment has been spread over this invoice\'s dues.', lineDate: 'Date', lineDue: 'Due', lineAmount: 'Amount',
    createdBy: 'Recorded by', dueOf: 'Due {{n}} · {{date}}', takeBack: 'Take back', takeBackOf: 'Take back: due {{n}}, {{amount}}',
    takeBackConfirm: 'Take the payment line back?', takeBackDetail: 'The money stays on the current\'s account as an advance.',
    takenBack: 'Payment line taken back; the money stays on the current\'s account as an advance.',
  },
  collect: {
    button: { SALE: 'Collect', BUYING: 'Pay' }, amount: 'Amount ({{currency}})', date: 'Date',
    account: { SALE: 'Safe / bank account the money goes into', BUYING: 'Safe / bank account the money leaves' },
    rate: 'Rate ({{currency}})', rateHint: 'Left empty, TCMB\'s rate of the day.', explanation: 'Explanation',
    explanationOf: { SALE: 'Collection of {{no}}', BUYING: 'Payment of {{no}}' }, onlyThis: 'Only this invoice',
    hint: {
      SALE: 'Unticked, the money goes to the current\'s oldest dues first; what is left stays on its account as an advance.',
      BUYING: 'Unticked, the payment goes to the current\'s oldest dues first; what is left stays on its account as an advance.',
    },
    accountRequired: { SALE: 'Choose the safe or bank account the money goes into.', BUYING: 'Choose the safe or bank account the money leaves.' },
    save: { SALE: 'Collect', BUYING: 'Pay' }, cancel: 'Cancel', done: { SALE: 'Collection recorded', BUYING: 'Payment recorded' },
    reached: 'spread over {{n}} dues.', reachedOthers: 'spread over {{n}} dues ({{others}} of them on the current\'s other invoices).', noDue: 'no due was open.',
    advance: '{{amount}} {{currency}} stays on the current\'s account as an advance.',
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
  slots: { opens: [INVOICE_ACTIONS_SLOT] },
  menu: [{
    ...GROUPS.commercial,
    children: [
      { id: 'sales', title: tr.menu.sales, titleKey: 'accounting:invoices.menu.sales', route: '/sales', icon: 'shopping-cart', order: 10, reduced: true, ...SALES_VIEW, addButton: { route: '/sales/new', module: Module.SALES, action: Action.CREATE } },
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
