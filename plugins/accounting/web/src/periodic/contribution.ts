import { GROUPS, type WebArea } from '../area';
import { INVOICE_ACTIONS_SLOT } from '../invoices/slots';
import { ANY_PERIODIC } from './model';

const tr = {
  menu: { list: 'Periyodik İşlemler', process: 'Periyodik işlem' },
  title: 'Periyodik İşlemler', open: 'Aç', back: 'Listeye dön', notFound: 'Periyodik işlem bulunamadı.', empty: 'Henüz periyodik işlem yok.',
  loading: 'Yükleniyor…',
  types: { PERIODIC: 'Periyodik fatura', INSTALMENT: 'Taksitli tahsilat / ödeme' },
  typeOf: { SALE: { PERIODIC: 'Periyodik satış faturası', INSTALMENT: 'Taksitli tahsilat' }, BUYING: { PERIODIC: 'Periyodik alış faturası', INSTALMENT: 'Taksitli ödeme' } },
  processStatus: { ACTIVE: 'Devam ediyor', COMPLETED: 'Tamamlandı', TERMINATED: 'Sonlandırıldı' },
  lineStatus: { PENDING: 'Bekliyor', SUCCESS: 'Başarılı', FAILED: 'Başarısız', INSUFFICIENT_BALANCE: 'Yetersiz bakiye', CANCELLED: 'İptal' },
  periodTypes: { MONTHLY: 'Her ay', WEEKLY: 'Her hafta', DAYS: 'Gün aralığıyla' },
  periodText: { MONTHLY: 'Her ayın {{day}}. günü, {{count}} dönem', WEEKLY: 'Her hafta ({{weekday}}), {{count}} dönem', DAYS: '{{day}} günde bir, {{count}} dönem' },
  weekdays: ['Pazartesi', 'Salı', 'Çarşamba', 'Perşembe', 'Cuma', 'Cumartesi', 'Pazar'],
  columns: {
    name: 'İşlem', type: 'Tür', current: 'Cari', invoice: 'Kaynak fatura', start: 'Başlangıç', status: 'Durum', progress: 'Başarılı / toplam',
    period: 'Dönem', runDate: 'İşlem tarihi', amount: 'Tutar', document: 'Oluşan belge', reason: 'Açıklama', actions: 'İşlemler',
  },
  detail: { plan: 'Dönem planı', account: 'Hesap', lines: 'Dönemler', invoice: 'Fatura {{no}}', transaction: 'Hareket #{{id}}' },
  actions: { retry: 'Yeniden dene', terminate: 'Sonlandır', create: 'Periyodik işlem' },
  retried: '{{n}}. dönem yeniden kuyruğa alındı.', terminateDetail: 'Bekleyen dönemler iptal edilecek; gerçekleşenler kalır.', terminated: 'Periyodik işlem sonlandırıldı.',
  dialog: {
    title: 'Periyodik işlem oluştur', type: 'İşlem türü', name: 'Ad (isteğe bağlı)', periodType: 'Tekrar', day: { MONTHLY: 'Ayın günü', WEEKLY: 'Haftanın günü (1 pazartesi – 7 pazar)', DAYS: 'Kaç günde bir' },
    count: 'Dönem sayısı', startDate: 'İlk dönem (bu tarihten itibaren)', account: { SALE: 'Tahsilatın gireceği kasa / banka hesabı', BUYING: 'Ödemenin çıkacağı kasa / banka hesabı' },
    choose: 'Seçiniz', safe: 'Kasa: {{name}}', bank: 'Banka: {{name}}', save: 'Oluştur', cancel: 'Vazgeç', created: 'Periyodik işlem oluşturuldu.',
    instalmentHint: 'Faturanın açık taksitleri vadelerinde bu hesaptan otomatik işlenir.',
  },
  errors: {
    account: 'Bir kasa ya da banka hesabı seçin.', monthDay: 'Ayın günü 1 ile 31 arasında olmalı.', weekday: 'Haftanın günü 1 ile 7 arasında olmalı.',
    days: 'Gün sayısı 1 ile 366 arasında olmalı.', count: 'Dönem sayısı 1 ile 120 arasında olmalı.', startDate: 'Geçerli bir tarih girin.',
  },
};

const en: typeof tr = {
  menu: { list: 'Periodic processes', process: 'Periodic process' },
  title: 'Periodic processes', open: 'Open', back: 'Back to the list', notFound: 'Periodic process not found.', empty: 'No periodic processes yet.',
  loading: 'Loading…',
  types: { PERIODIC: 'Recurring invoice', INSTALMENT: 'Instalment collection / payment' },
  typeOf: { SALE: { PERIODIC: 'Recurring sales invoice', INSTALMENT: 'Instalment collection' }, BUYING: { PERIODIC: 'Recurring purchase invoice', INSTALMENT: 'Instalment payment' } },
  processStatus: { ACTIVE: 'Running', COMPLETED: 'Completed', TERMINATED: 'Terminated' },
  lineStatus: { PENDING: 'Pending', SUCCESS: 'Success', FAILED: 'Failed', INSUFFICIENT_BALANCE: 'Insufficient balance', CANCELLED: 'Cancelled' },
  periodTypes: { MONTHLY: 'Monthly', WEEKLY: 'Weekly', DAYS: 'Every N days' },
  periodText: { MONTHLY: 'Day {{day}} of every month, {{count}} periods', WEEKLY: 'Every week ({{weekday}}), {{count}} periods', DAYS: 'Every {{day}} days, {{count}} periods' },
  weekdays: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
  columns: {
    name: 'Process', type: 'Type', current: 'Current', invoice: 'Source invoice', start: 'Start', status: 'Status', progress: 'Succeeded / total',
    period: 'Period', runDate: 'Run date', amount: 'Amount', document: 'Document made', reason: 'Note', actions: 'Actions',
  },
  detail: { plan: 'Plan', account: 'Account', lines: 'Periods', invoice: 'Invoice {{no}}', transaction: 'Transaction #{{id}}' },
  actions: { retry: 'Retry', terminate: 'Terminate', create: 'Periodic process' },
  retried: 'Period {{n}} was queued again.', terminateDetail: 'Pending periods will be cancelled; those that ran stay.', terminated: 'The periodic process was terminated.',
  dialog: {
    title: 'Create a periodic process', type: 'Process type', name: 'Name (optional)', periodType: 'Repeat', day: { MONTHLY: 'Day of the month', WEEKLY: 'Weekday (1 Monday – 7 Sunday)', DAYS: 'Every how many days' },
    count: 'Number of periods', startDate: 'First period (on or after)', account: { SALE: 'Safe / bank account collected into', BUYING: 'Safe / bank account paid from' },
    choose: 'Choose', safe: 'Safe: {{name}}', bank: 'Bank: {{name}}', save: 'Create', cancel: 'Cancel', created: 'The periodic process was created.',
    instalmentHint: 'The invoice\'s open instalments are processed automatically on their due dates with this account.',
  },
  errors: {
    account: 'Choose a safe or a bank account.', monthDay: 'The day of the month is between 1 and 31.', weekday: 'The weekday is between 1 and 7.',
    days: 'The number of days is between 1 and 366.', count: 'The number of periods is between 1 and 120.', startDate: 'Enter a valid date.',
  },
};

/**
 * Periodic processes (issue 10) under Alış / Satış: the list (/periodic-processes), a process's
 * page with its periods (retry a failed one, terminate), and "Periyodik işlem" on an invoice's page
 * (the invoice actions slot) to make a recurring invoice or an instalment collection from it.
 */
export const area: WebArea = {
  menu: [{
    ...GROUPS.commercial,
    children: [{ id: 'periodic-processes', title: tr.menu.list, titleKey: 'accounting:periodic.menu.list', route: '/periodic-processes', icon: 'automatic-updates', order: 60, ...ANY_PERIODIC }],
  }],
  routes: [
    { path: '/periodic-processes', ...ANY_PERIODIC, title: tr.menu.list, titleKey: 'periodic.menu.list' },
    { path: '/periodic-processes/:id', ...ANY_PERIODIC, title: tr.menu.process, titleKey: 'periodic.menu.process' },
  ],
  slots: { fills: [INVOICE_ACTIONS_SLOT] },
  load: {
    routes: {
      '/periodic-processes': () => import('./PeriodicPage'),
      '/periodic-processes/:id': () => import('./PeriodicDetailPage'),
    },
    slots: { [INVOICE_ACTIONS_SLOT]: () => import('./NewPeriodicAction') },
  },
  messages: { tr: { periodic: tr }, en: { periodic: en } },
};
