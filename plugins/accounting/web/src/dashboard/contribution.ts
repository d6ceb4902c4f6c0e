import type { WebArea } from '../area';

/** The home page's widgets and who sees them (the operations' x-authority). */
export const WIDGET_CODES = {
  /** Sales view, or the purchase and sales report. */
  monthlySales: ['11_1', '16_1'],
  /** Sales view, or customer view. */
  receivablesAging: ['11_1', '6_1'],
  /** Cheque view, received view, given view. */
  chequesDue: ['4_1', '4_10', '4_12'],
} as const;

const tr = {
  widgets: { monthlySales: 'Aylık Satışlar', receivablesAging: 'Alacak Yaşlandırma', chequesDue: 'Bu Hafta Vadesi Gelen Çekler' },
  months: ['Ocak', 'Şubat', 'Mart', 'Nisan', 'Mayıs', 'Haziran', 'Temmuz', 'Ağustos', 'Eylül', 'Ekim', 'Kasım', 'Aralık'],
  monthsShort: ['Oca', 'Şub', 'Mar', 'Nis', 'May', 'Haz', 'Tem', 'Ağu', 'Eyl', 'Eki', 'Kas', 'Ara'],
  sales: {
    chart: '{{year}} yılı aylık satışları (KDV dahil)', month: 'Ay', amount: 'Satış (KDV dahil)',
    total: '{{year}} toplamı', totalHint: 'KDV dahil, {{count}} fatura', empty: '{{year}} yılında henüz satış faturası yok.',
  },
  aging: {
    chart: 'Açık alacakların vadeye göre dağılımı', bucket: 'Vade', amount: 'Açık tutar', total: 'Toplam açık alacak', asOf: '{{date}} itibarıyla',
    empty: 'Vadesi gelen ya da gelecek açık alacak yok.',
    buckets: { NOT_DUE: 'Vadesi gelmemiş', D0_30: '0–30 gün', D31_60: '31–60 gün', D61_90: '61–90 gün', D90_PLUS: '90 günden fazla' },
    bucketsShort: { NOT_DUE: 'Vadesi gelmedi', D0_30: '0–30 gün', D31_60: '31–60 gün', D61_90: '61–90 gün', D90_PLUS: '> 90 gün' },
  },
  cheques: {
    range: '{{from}} – {{to}}', totals: 'Haftanın çek toplamları', incoming: 'Tahsil edilecek (alınan)', outgoing: 'Ödenecek (verilen)', countOf: '{{count}} çek',
    list: 'Vadesi gelen çekler', due: 'Vade', number: 'Çek no', current: 'Cari', amount: 'Tutar', empty: 'Bu hafta vadesi gelen çek yok.',
    more: 'Tüm çekler', direction: { IN: 'Alınan', OUT: 'Verilen' },
  },
  failed: 'Veriler alınamadı.',
};

const en: typeof tr = {
  widgets: { monthlySales: 'Monthly sales', receivablesAging: 'Receivables aging', chequesDue: 'Cheques due this week' },
  months: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
  monthsShort: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  sales: {
    chart: 'Monthly sales of {{year}} (VAT included)', month: 'Month', amount: 'Sales (VAT included)',
    total: '{{year}} total', totalHint: 'VAT included, {{count}} invoices', empty: 'No sales invoice in {{year}} yet.',
  },
  aging: {
    chart: 'Open receivables by due date', bucket: 'Due', amount: 'Open amount', total: 'Open receivables', asOf: 'as of {{date}}',
    empty: 'No open receivables.',
    buckets: { NOT_DUE: 'Not due yet', D0_30: '0–30 days', D31_60: '31–60 days', D61_90: '61–90 days', D90_PLUS: 'Over 90 days' },
    bucketsShort: { NOT_DUE: 'Not due', D0_30: '0–30 days', D31_60: '31–60 days', D61_90: '61–90 days', D90_PLUS: '> 90 days' },
  },
  cheques: {
    range: '{{from}} – {{to}}', totals: 'This week\'s cheque totals', incoming: 'To collect (received)', outgoing: 'To pay (given)', countOf: '{{count}} cheques',
    list: 'Cheques falling due', due: 'Due', number: 'Cheque no', current: 'Current', amount: 'Amount', empty: 'No cheque falls due this week.',
    more: 'All cheques', direction: { IN: 'Received', OUT: 'Given' },
  },
  failed: 'The figures could not be read.',
};

/**
 * The home dashboard (issue 10): the year's sales per month as a bar chart, the receivables by
 * days overdue, the cheques due this week; each widget is gated by the authorities its call
 * needs and loads its code (and the chart library, visx) only when the home page shows it. The
 * cash and bank position ("Kasa ve Banka", finance) and the low-stock list (products) are the
 * other areas' widgets.
 */
export const area: WebArea = {
  widgets: [
    { id: 'monthly-sales', title: tr.widgets.monthlySales, titleKey: 'dashboard.widgets.monthlySales', codes: [...WIDGET_CODES.monthlySales] },
    { id: 'receivables-aging', title: tr.widgets.receivablesAging, titleKey: 'dashboard.widgets.receivablesAging', codes: [...WIDGET_CODES.receivablesAging] },
    { id: 'cheques-due', title: tr.widgets.chequesDue, titleKey: 'dashboard.widgets.chequesDue', codes: [...WIDGET_CODES.chequesDue] },
  ],
  load: {
    widgets: {
      'monthly-sales': () => import('./SalesWidget'),
      'receivables-aging': () => import('./AgingWidget'),
      'cheques-due': () => import('./ChequesDueWidget'),
    },
  },
  messages: { tr: { dashboard: tr }, en: { dashboard: en } },
};
