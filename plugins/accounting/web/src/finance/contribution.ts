import { GROUPS, type WebArea } from '../area';

const tr = {
  title: 'Para Hareketleri',
  menu: { finance: 'Para Hareketleri', widget: 'Kasa ve Banka' },
  common: {
    choose: 'Seçiniz', safes: 'Kasalar', bankAccounts: 'Banka hesapları', safe: 'Kasa', bankAccount: 'Banka hesabı', loading: 'Yükleniyor...',
    currentSearch: 'Cari adı, unvanı ya da vergi no yazın', noCurrent: 'Cari bulunamadı', quickCurrent: 'Yeni cari ekle',
  },
  types: { TRANSFER: 'Virman', COLLECTION: 'Tahsilat', PAYMENT: 'Ödeme' },
  summary: {
    title: 'Kasa ve banka özeti', totals: 'Kasa ve banka toplamları', cash: 'Kasa toplamı', bank: 'Banka toplamı', total: 'Genel toplam',
    accounts: 'Hesap bakiyeleri', noAccounts: 'Henüz kasa ya da banka hesabı yok.', month: 'Bu ayın hareketleri', monthOf: 'Bu ay ({{start}} – {{end}})',
    incoming: 'Giren', outgoing: 'Çıkan', net: 'Net',
  },
  tabs: { transactions: 'İşlemler', lines: 'Kasa ve banka hareketleri' },
  form: {
    title: { TRANSFER: 'Virman', COLLECTION: 'Tahsilat', PAYMENT: 'Ödeme' },
    type: 'İşlem türü', date: 'Tarih', amount: 'Tutar', amountIn: 'Tutar ({{currency}})', current: 'Cari hesap',
    from: 'Çıkış hesabı', to: 'Giriş hesabı', into: 'Tahsil edilen hesap', outOf: 'Ödeme yapılan hesap',
    rate: 'Kur ({{currency}})', toRate: 'Giriş hesabının kuru ({{currency}})', rateHint: 'Boş bırakılırsa o günün TCMB döviz alış kuru kullanılır.',
    preview: 'Giriş hesabına {{amount}} {{currency}} girer (TL karşılığı {{lira}}).',
    explanation: 'Açıklama',
    explanationHint: { TRANSFER: 'Boş bırakılırsa "Virman: çıkış → giriş" yazılır.', COLLECTION: 'Boş bırakılırsa "Tahsilat: cari adı" yazılır.', PAYMENT: 'Boş bırakılırsa "Ödeme: cari adı" yazılır.' },
    saved: '{{type}} kaydedildi (yevmiye fişi {{no}}).',
  },
  rules: {
    amountRequired: 'Tutar zorunludur.', fromRequired: 'Çıkış hesabını seçiniz.', toRequired: 'Giriş hesabını seçiniz.', accountRequired: 'Kasa ya da banka hesabını seçiniz.',
    sameAccount: 'Bir hesaptan kendisine virman yapılamaz.', currentRequired: 'Cari hesap seçiniz.',
    rate: 'Kur sıfırdan büyük, en fazla 6 ondalıklı bir sayı olmalıdır (32,4567).',
  },
  list: {
    type: 'Tür', allTypes: 'Tüm türler', account: 'Hesap', allAccounts: 'Tüm hesaplar', date: 'Tarih', out: 'Çıkan', in: 'Giren',
    amount: 'Tutar', lira: 'TL karşılığı', explanation: 'Açıklama', entryNo: 'Fiş no', state: 'Durum',
    cancelled: 'İptal edildi', cancellation: 'İptal kaydı', cancel: 'İptal et',
    cancelConfirm: '{{date}} tarihli {{type}} iptal edilsin mi?',
    cancelDetail: '{{amount}} {{currency}} ({{out}} → {{in}}) ters kayıtla iptal edilir; işlem silinmez, iptal kaydı listede görünür.',
    cancelledDone: 'İşlem iptal edildi (ters kayıt fişi {{no}}).',
  },
  lines: { account: 'Hesap', in: 'Giren', out: 'Çıkan', balance: 'Hesap bakiyesi' },
};

const en: typeof tr = {
  title: 'Money transactions',
  menu: { finance: 'Money transactions', widget: 'Cash and bank' },
  common: {
    choose: 'Choose', safes: 'Safes', bankAccounts: 'Bank accounts', safe: 'Safe', bankAccount: 'Bank account', loading: 'Loading...',
    currentSearch: 'Type a current\'s name, title or tax no', noCurrent: 'No current found', quickCurrent: 'Add a new current',
  },
  types: { TRANSFER: 'Transfer', COLLECTION: 'Collection', PAYMENT: 'Payment' },
  summary: {
    title: 'Cash and bank summary', totals: 'Cash and bank totals', cash: 'Cash total', bank: 'Bank total', total: 'Grand total',
    accounts: 'Account balances', noAccounts: 'No safe or bank account yet.', month: 'This month\'s movements', monthOf: 'This month ({{start}} – {{end}})',
    incoming: 'In', outgoing: 'Out', net: 'Net',
  },
  tabs: { transactions: 'Transactions', lines: 'Cash and bank movements' },
  form: {
    title: { TRANSFER: 'Transfer', COLLECTION: 'Collection', PAYMENT: 'Payment' },
    type: 'Transaction type', date: 'Date', amount: 'Amount', amountIn: 'Amount ({{currency}})', current: 'Current account',
    from: 'From account', to: 'To account', into: 'Collected into', outOf: 'Paid from',
    rate: 'Rate ({{currency}})', toRate: 'Rate of the receiving account ({{currency}})', rateHint: 'Left empty, TCMB\'s forex buying rate of the day is used.',
    preview: 'The receiving account gets {{amount}} {{currency}} ({{lira}} in lira).',
    explanation: 'Explanation',
    explanationHint: { TRANSFER: 'Left empty, "Virman: from → to" is written.', COLLECTION: 'Left empty, "Tahsilat: current" is written.', PAYMENT: 'Left empty, "Ödeme: current" is written.' },
    saved: '{{type}} saved (journal entry {{no}}).',
  },
  rules: {
    amountRequired: 'The amount is required.', fromRequired: 'Choose the account the money leaves.', toRequired: 'Choose the account the money goes to.',
    accountRequired: 'Choose a safe or a bank account.', sameAccount: 'An account cannot transfer to itself.', currentRequired: 'Choose a current account.',
    rate: 'A rate is a number above zero with at most 6 decimals (32,4567).',
  },
  list: {
    type: 'Type', allTypes: 'All types', account: 'Account', allAccounts: 'All accounts', date: 'Date', out: 'Out of', in: 'Into',
    amount: 'Amount', lira: 'In lira', explanation: 'Explanation', entryNo: 'Entry no', state: 'State',
    cancelled: 'Cancelled', cancellation: 'Cancellation', cancel: 'Cancel',
    cancelConfirm: 'Cancel the {{type}} of {{date}}?',
    cancelDetail: '{{amount}} {{currency}} ({{out}} → {{in}}) is cancelled by a reversal; nothing is deleted, the cancellation shows in the list.',
    cancelledDone: 'Transaction cancelled (reversing entry {{no}}).',
  },
  lines: { account: 'Account', in: 'In', out: 'Out', balance: 'Account balance' },
};

/** Who sees the money transactions (listTransactions: view or finance movements view of safes or banks). */
const MONEY_CODES = ['2_1', '2_37', '3_1', '3_37'];

/**
 * Money transactions under 'Finans' (seeds 000 §2 menu labels finance, safe, bank, cheque):
 * /finance lists the transfers, collections and payments with the cash and bank summary, records
 * them and cancels them; the home page's "Kasa ve Banka" widget (safe or bank view).
 */
export const area: WebArea = {
  menu: [{
    ...GROUPS.finance,
    children: [{ id: 'finance', title: tr.menu.finance, titleKey: 'accounting:finance.menu.finance', route: '/finance', icon: 'exchange', order: 10, codes: MONEY_CODES }],
  }],
  routes: [{ path: '/finance', codes: MONEY_CODES, title: tr.title, titleKey: 'finance.menu.finance' }],
  widgets: [{ id: 'cash-bank', title: tr.menu.widget, titleKey: 'finance.menu.widget', codes: ['2_1', '3_1'] }],
  load: {
    routes: { '/finance': () => import('./TransactionsPage') },
    widgets: { 'cash-bank': () => import('./SummaryWidget') },
  },
  messages: { tr: { finance: tr }, en: { finance: en } },
};
