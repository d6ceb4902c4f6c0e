import { SEED_TEXTS_TR } from '@tezgah/core';
import type { WebArea } from '../area';
import { COLLECTION_ROUTE, DAILY_GATE, DAILY_ROUTE, INVOICE_REPORTS, INVOICE_REPORT_ROW_SLOT, OWNER_ROUTE, REPORT_VIEW } from './model';

const tr = {
  menu: {
    reports: 'Raporlar', report: 'Rapor', outgoing: 'Giden Faturalar', incoming: 'Gelen Faturalar', all: 'Tüm Faturalar', daily: 'Günlük Faaliyet Raporu',
    sales: 'Satış Raporu', collection: 'Cari Tahsilat Analizi', cancelled: 'Satış İptal Raporu', business: 'İşletme Raporları',
  },
  common: {
    startDate: 'Başlangıç tarihi', endDate: 'Bitiş tarihi', date: 'Tarih', list: 'Listele', show: 'Göster', sums: 'Toplamlar', files: 'Dosya olarak indir',
    xlsxTitle: 'Excel (xlsx) olarak indir — ayrıntılı Excel günde iki kez alınabilir', pdfTitle: 'PDF olarak indir',
  },
  invoices: {
    title: { sales: 'Satış Raporu', cancelled: 'Satış İptal Raporu', all: 'Tüm Faturalar', outgoing: 'Giden Faturalar', incoming: 'Gelen Faturalar' },
    date: 'Tarih', type: 'Tür', types: { SALE: 'Satış', BUYING: 'Alış' }, documentNo: 'Fatura no', current: 'Cari', taxBase: 'Matrah', totalTax: 'Vergiler',
    totalAmount: 'Toplam', remaining: 'Kalan', cancelledBy: 'İptal eden', count: 'Fatura sayısı', extension: 'E-belge',
    empty: SEED_TEXTS_TR.NO_INVOICE_IN_DATE_RANGE,
  },
  mail: {
    title: 'Satış analizini e-postayla gönder', emails: 'E-posta adresleri', hint: 'Virgülle ayırarak en fazla 10 adres.', send: 'Analizi gönder',
    sent: 'Satış analizi {{count}} adrese gönderilmek üzere sıraya alındı.', format: SEED_TEXTS_TR.WRONG_EMAIL_FORMAT, tooMany: 'En fazla 10 adres yazılabilir.',
  },
  collection: {
    title: 'Cari Tahsilat Analizi', current: 'Cari', receivable: 'Alacak', payable: 'Borç', search: 'Cari adı', empty: 'Açık vadesi olan cari yok.',
    buckets: { notDue: 'Vadesi gelmemiş', days0to30: '0–30 gün', days31to60: '31–60 gün', days61to90: '61–90 gün', over90: '90+ gün', total: 'Toplam' },
  },
  daily: {
    title: 'Günlük Faaliyet Raporu', summary: 'Günün özeti', what: 'Hareket', count: 'Adet', amount: 'Tutar', sales: 'Satışlar', purchases: 'Alışlar',
    cancelled: 'İptal edilen faturalar', collections: 'Tahsilatlar', payments: 'Ödemeler', invoices: 'Günün faturaları', noInvoices: 'Bu gün fatura yok.',
    status: 'Durum', statuses: { POSTED: 'Kesildi', CANCELLED: 'İptal', DRAFT: 'Taslak' },
    cashPosition: '{{date}} gün sonu kasa ve banka durumu', money: 'Kasa ve bankalar', cash: 'Toplam nakit', kinds: { SAFE: 'Kasa', BANK_ACCOUNT: 'Banka' },
  },
  business: { title: 'İşletme Raporları' },
  profit: {
    title: 'Kârlılık', by: 'Kârlılık bazı', byProduct: 'Ürün bazında', byCustomer: 'Müşteri bazında', product: 'Ürün', customer: 'Müşteri', quantity: 'Miktar',
    revenue: 'Satış (matrah)', cost: 'Maliyet (ortalama)', profit: 'Brüt kâr', margin: 'Kâr %', empty: 'Bu tarihler arasında satış yok.',
  },
  stock: {
    title: 'Stok Değerlemesi', product: 'Ürün', quantity: 'Miktar', averageCost: 'Ortalama maliyet', value: 'Değer', total: 'Stok değeri',
    noCost: 'Alış yok', empty: 'Stokta ürün yok.',
  },
  cashflow: {
    title: 'Nakit Akış Tahmini', week: 'Hafta', receivables: 'Alacak vadeleri', chequesIn: 'Alınan çekler', payables: 'Borç vadeleri', chequesOut: 'Verilen çekler',
    net: 'Net', balance: 'Beklenen nakit', opening: 'Dönem başı nakit (kasa ve bankalar)', openingLabel: 'Dönem başı', empty: 'Bu dönemde vadesi gelen alacak, borç ya da çek yok.',
  },
};

const en: typeof tr = {
  menu: {
    reports: 'Reports', report: 'Report', outgoing: 'Outgoing invoices', incoming: 'Incoming invoices', all: 'All invoices', daily: 'Daily activity report',
    sales: 'Sales report', collection: 'Current collection analysis', cancelled: 'Sales cancel report', business: 'Business reports',
  },
  common: {
    startDate: 'Start date', endDate: 'End date', date: 'Date', list: 'List', show: 'Show', sums: 'Totals', files: 'Download as a file',
    xlsxTitle: 'Download as Excel (xlsx) — the detailed Excel file can be taken twice a day', pdfTitle: 'Download as PDF',
  },
  invoices: {
    title: { sales: 'Sales report', cancelled: 'Sales cancel report', all: 'All invoices', outgoing: 'Outgoing invoices', incoming: 'Incoming invoices' },
    date: 'Date', type: 'Type', types: { SALE: 'Sale', BUYING: 'Purchase' }, documentNo: 'Invoice no', current: 'Current', taxBase: 'Tax base', totalTax: 'Taxes',
    totalAmount: 'Total', remaining: 'Open', cancelledBy: 'Cancelled by', count: 'Invoices', extension: 'E-document',
    empty: 'No invoice found in the given date range',
  },
  mail: {
    title: 'Mail the sales analysis', emails: 'E-mail addresses', hint: 'At most 10, separated by commas.', send: 'Send the analysis',
    sent: 'The sales analysis is queued for {{count}} addresses.', format: 'Wrong e-mail format', tooMany: 'At most 10 addresses.',
  },
  collection: {
    title: 'Current collection analysis', current: 'Current', receivable: 'Receivable', payable: 'Payable', search: 'Current name', empty: 'No current has open dues.',
    buckets: { notDue: 'Not due', days0to30: '0–30 days', days31to60: '31–60 days', days61to90: '61–90 days', over90: 'Over 90 days', total: 'Total' },
  },
  daily: {
    title: 'Daily activity report', summary: 'The day in short', what: 'Activity', count: 'Count', amount: 'Amount', sales: 'Sales', purchases: 'Purchases',
    cancelled: 'Cancelled invoices', collections: 'Collections', payments: 'Payments', invoices: 'The day\'s invoices', noInvoices: 'No invoices on this day.',
    status: 'Status', statuses: { POSTED: 'Issued', CANCELLED: 'Cancelled', DRAFT: 'Draft' },
    cashPosition: 'Cash and banks at the end of {{date}}', money: 'Safes and banks', cash: 'Cash in total', kinds: { SAFE: 'Safe', BANK_ACCOUNT: 'Bank' },
  },
  business: { title: 'Business reports' },
  profit: {
    title: 'Profit', by: 'Profit by', byProduct: 'By product', byCustomer: 'By customer', product: 'Product', customer: 'Customer', quantity: 'Quantity',
    revenue: 'Sales (tax base)', cost: 'Cost (average)', profit: 'Gross profit', margin: 'Margin %', empty: 'No sales between these dates.',
  },
  stock: {
    title: 'Stock valuation', product: 'Product', quantity: 'Quantity', averageCost: 'Average cost', value: 'Value', total: 'Stock value',
    noCost: 'Never bought', empty: 'No product in stock.',
  },
  cashflow: {
    title: 'Cash-flow forecast', week: 'Week', receivables: 'Receivable dues', chequesIn: 'Cheques received', payables: 'Payable dues', chequesOut: 'Cheques given',
    net: 'Net', balance: 'Expected cash', opening: 'Cash at the start (safes and banks)', openingLabel: 'Start', empty: 'No dues or cheques fall due in this period.',
  },
};

/** The seeds' two menu groups of reports (§2): "Raporlar" (invoices, the day) and "Rapor" (module 16). */
const REPORTS_GROUP = { id: 'reports-category', title: tr.menu.reports, titleKey: 'accounting:reports.menu.reports', icon: 'timeline-bar-chart', order: 80 } as const;
const REPORT_GROUP = { id: 'report', title: tr.menu.report, titleKey: 'accounting:reports.menu.report', icon: 'chart', order: 82 } as const;

const route = (path: string, key: keyof typeof tr.menu, gate: object) => ({ path, ...gate, title: tr.menu[key], titleKey: `reports.menu.${key}` });
const entry = (id: string, key: keyof typeof tr.menu, path: string, icon: string, order: number, gate: object) => ({
  id, title: tr.menu[key], titleKey: `accounting:reports.menu.${key}`, route: path, icon, order, ...gate,
});

/**
 * The report screens (issue 10): under "Raporlar" the outgoing (sales module), incoming (expense
 * module) and all invoices and the daily activity report; under "Rapor" (purchase-sales report
 * module 16) the sales report, the current collection analysis, the sales cancel report and the
 * business reports (profit, stock valuation, cash-flow forecast). Each exports to Excel and PDF.
 */
export const area: WebArea = {
  menu: [
    {
      ...REPORTS_GROUP,
      children: [
        { ...entry('outgoing-invoice', 'outgoing', INVOICE_REPORTS.outgoing.route, 'export', 10, INVOICE_REPORTS.outgoing.gate), reduced: true },
        { ...entry('incoming-invoice', 'incoming', INVOICE_REPORTS.incoming.route, 'import', 20, INVOICE_REPORTS.incoming.gate), reduced: true },
        { ...entry('income-outgoing-invoice', 'all', INVOICE_REPORTS.all.route, 'exchange', 30, INVOICE_REPORTS.all.gate), reduced: true },
        { ...entry('daily-activity-report', 'daily', DAILY_ROUTE, 'calendar', 40, DAILY_GATE), reduced: true },
      ],
    },
    {
      ...REPORT_GROUP,
      children: [
        { ...entry('sales-report', 'sales', INVOICE_REPORTS.sales.route, 'chart', 10, REPORT_VIEW), reduced: true },
        { ...entry('current-collection-analysis', 'collection', COLLECTION_ROUTE, 'time', 20, REPORT_VIEW), reduced: true },
        { ...entry('sales-cancel-report', 'cancelled', INVOICE_REPORTS.cancelled.route, 'disable', 30, REPORT_VIEW), reduced: true },
        entry('business-reports', 'business', OWNER_ROUTE, 'dashboard', 40, REPORT_VIEW),
      ],
    },
  ],
  routes: [
    route(INVOICE_REPORTS.outgoing.route, 'outgoing', INVOICE_REPORTS.outgoing.gate),
    route(INVOICE_REPORTS.incoming.route, 'incoming', INVOICE_REPORTS.incoming.gate),
    route(INVOICE_REPORTS.all.route, 'all', INVOICE_REPORTS.all.gate),
    route(DAILY_ROUTE, 'daily', DAILY_GATE),
    route(INVOICE_REPORTS.sales.route, 'sales', REPORT_VIEW),
    route(COLLECTION_ROUTE, 'collection', REPORT_VIEW),
    route(INVOICE_REPORTS.cancelled.route, 'cancelled', REPORT_VIEW),
    route(OWNER_ROUTE, 'business', REPORT_VIEW),
  ],
  slots: { opens: [INVOICE_REPORT_ROW_SLOT] },
  load: {
    routes: {
      [INVOICE_REPORTS.outgoing.route]: () => import('./InvoiceReportPage').then((m) => ({ default: m.OutgoingInvoicesPage })),
      [INVOICE_REPORTS.incoming.route]: () => import('./InvoiceReportPage').then((m) => ({ default: m.IncomingInvoicesPage })),
      [INVOICE_REPORTS.all.route]: () => import('./InvoiceReportPage').then((m) => ({ default: m.AllInvoicesPage })),
      [INVOICE_REPORTS.sales.route]: () => import('./InvoiceReportPage').then((m) => ({ default: m.SalesReportPage })),
      [INVOICE_REPORTS.cancelled.route]: () => import('./InvoiceReportPage').then((m) => ({ default: m.SalesCancelReportPage })),
      [DAILY_ROUTE]: () => import('./DailyActivityPage'),
      [COLLECTION_ROUTE]: () => import('./CollectionAnalysisPage'),
      [OWNER_ROUTE]: () => import('./BusinessReportsPage'),
    },
  },
  messages: { tr: { reports: tr }, en: { reports: en } },
};
