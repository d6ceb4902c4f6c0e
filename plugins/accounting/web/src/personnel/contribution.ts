import { Action, Module } from '@tezgah/core';
import { GROUPS, type WebArea } from '../area';

const tr = {
  title: 'Personel Ödemeleri', menu: 'Personel Ödemeleri',
  types: { NORMAL: 'Normal', INSTRUCTED: 'Talimatlı' },
  tabs: { payments: 'Ödemeler', statement: 'Personel hesabı' },
  form: {
    add: 'Ödeme ekle', edit: 'Ödemeyi düzenle', personnel: 'Personel', date: 'Tarih', account: 'Ödeme yapılan hesap', currency: 'Para birimi',
    currencyHint: 'Ödeme, hesabın kendi para biriminde çıkar.', amount: 'Tutar ({{currency}})', rate: 'Kur ({{currency}})', type: 'Ödeme tipi',
    typeHint: 'Talimatlı ödeme bankaya verilen ödeme talimatıdır; yalnızca banka hesabından yapılır.',
    explanation: 'Açıklama', explanationHint: 'Boş bırakılırsa "Personel ödemesi: personel adı" yazılır.',
    saved: 'Personel ödemesi kaydedildi (yevmiye fişi {{no}}).', updated: 'Ödeme güncellendi; eski fişi ters kayıtla iptal edilip yeniden kaydedildi (yevmiye fişi {{no}}).',
  },
  rules: {
    personnelRequired: 'Personel seçiniz.', amountRequired: 'Tutar zorunludur.', currencyRequired: 'Para birimi zorunludur.',
    currency: 'Para birimi seçilen hesabın para birimi ({{currency}}) olmalıdır.',
    instructedSafe: 'Talimatlı ödeme kasadan yapılamaz; yalnızca banka hesabından yapılır. Bir banka hesabı seçin ya da Normal ödeme yapın.',
  },
  list: {
    date: 'Tarih', personnel: 'Personel', type: 'Ödeme tipi', allTypes: 'Tüm tipler', account: 'Hesap', allAccounts: 'Tüm hesaplar', amount: 'Tutar',
    lira: 'TL karşılığı', explanation: 'Açıklama', entryNo: 'Fiş no', edit: 'Ödemeyi düzenle', delete: 'Ödemeyi sil', empty: 'Ödeme yok.',
    deleteConfirm: '{{date}} tarihli {{name}} ödemesi ({{amount}} {{currency}}) silinsin mi?',
    deleteDetail: 'Ödemenin yevmiye fişi ters kayıtla iptal edilir; ödeme iptal edilmiş olarak saklanır.',
    deleted: 'Ödeme silindi; fişi ters kayıtla iptal edildi.',
  },
  statement: {
    title: 'Personel hesabı', account: 'Hesap', balance: 'Bakiye', opening: 'Açılış bakiyesi', closing: 'Toplam ve kapanış bakiyesi',
    accounts: 'Hesaplar: {{accounts}}', empty: 'Bu tarihler arasında hareket yok.',
  },
};

const en: typeof tr = {
  title: 'Personnel payments', menu: 'Personnel payments',
  types: { NORMAL: 'Normal', INSTRUCTED: 'Instructed' },
  tabs: { payments: 'Payments', statement: 'Personnel account' },
  form: {
    add: 'Add payment', edit: 'Edit payment', personnel: 'Personnel', date: 'Date', account: 'Paid from', currency: 'Currency',
    currencyHint: 'The payment leaves the account in its own currency.', amount: 'Amount ({{currency}})', rate: 'Rate ({{currency}})', type: 'Payment type',
    typeHint: 'An instructed payment is a payment order given to the bank; from a bank account only.',
    explanation: 'Explanation', explanationHint: 'Left empty, "Personel ödemesi: name" is written.',
    saved: 'Personnel payment saved (journal entry {{no}}).', updated: 'Payment changed; its old entry was reversed and it was posted again (journal entry {{no}}).',
  },
  rules: {
    personnelRequired: 'Choose the personnel.', amountRequired: 'The amount is required.', currencyRequired: 'The currency is required.',
    currency: 'The currency must be the chosen account\'s ({{currency}}).',
    instructedSafe: 'An instructed payment cannot leave a safe; only a bank account. Choose a bank account or make a normal payment.',
  },
  list: {
    date: 'Date', personnel: 'Personnel', type: 'Payment type', allTypes: 'All types', account: 'Account', allAccounts: 'All accounts', amount: 'Amount',
    lira: 'In lira', explanation: 'Explanation', entryNo: 'Entry no', edit: 'Edit payment', delete: 'Delete payment', empty: 'No payments.',
    deleteConfirm: 'Delete the payment to {{name}} of {{date}} ({{amount}} {{currency}})?',
    deleteDetail: 'Its journal entry is reversed; the payment is kept as cancelled.',
    deleted: 'Payment deleted; its entry was reversed.',
  },
  statement: {
    title: 'Personnel account', account: 'Account', balance: 'Balance', opening: 'Opening balance', closing: 'Totals and closing balance',
    accounts: 'Accounts: {{accounts}}', empty: 'No movements between these dates.',
  },
};

const VIEW = { module: Module.PERSONNEL, anyActions: [Action.PAYMENT_VIEW] };

/**
 * Payments to personnel (seeds 000 §3 personnel payments; §6 PERSONNEL 8 with payment view 16,
 * create 17, update 18, delete 19). The personnel themselves are the PERSONNEL currents (/personnel,
 * the currents area); this area adds /personnel-payments under 'Cari Hesaplar' and, on a
 * personnel's page, the tabs of its payments and its statement from the ledger.
 */
export const area: WebArea = {
  menu: [{
    ...GROUPS.currents,
    children: [{
      id: 'personnel-payments', title: tr.menu, titleKey: 'accounting:personnel.menu', route: '/personnel-payments', icon: 'credit-card', order: 35, ...VIEW,
      addButton: { module: Module.PERSONNEL, action: Action.PAYMENT_CREATE },
    }],
  }],
  routes: [{ path: '/personnel-payments', ...VIEW, title: tr.title, titleKey: 'personnel.title' }],
  load: { routes: { '/personnel-payments': () => import('./PaymentsPage') } },
  messages: { tr: { personnel: tr }, en: { personnel: en } },
};
