import { Action, Module } from '@tezgah/core';
import { GROUPS, type WebArea } from '../area';

const tr = {
  title: 'Personel Ödemeleri', menu: 'Personel Ödemeleri',
  types: { NORMAL: 'Normal', INSTRUCTED: 'Talimatlı' },
  purposes: { WAGE: 'Maaş', ADVANCE: 'Avans' },
  tabs: { payments: 'Ödemeler', statement: 'Personel hesabı' },
  form: {
    add: 'Ödeme ekle', edit: 'Ödemeyi düzenle', personnel: 'Personel', date: 'Tarih', account: 'Ödeme yapılan hesap', currency: 'Para birimi',
    currencyHint: 'Ödeme, hesabın kendi para biriminde çıkar.', amount: 'Tutar ({{currency}})', rate: 'Kur ({{currency}})', type: 'Ödeme tipi',
    typeHint: 'Talimatlı ödeme bankaya verilen ödeme talimatıdır; yalnızca banka hesabından yapılır.',
    purpose: 'Ödeme amacı', purposeHint: 'Maaş, tahakkuk eden net ücreti öder (335). Avans, personel avansı olarak 196 hesabına yazılır ve sonraki bordroda ücretten düşülür.',
    explanation: 'Açıklama', explanationHint: 'Boş bırakılırsa "Personel ödemesi: personel adı" yazılır.',
    saved: 'Personel ödemesi kaydedildi (yevmiye fişi {{no}}).', updated: 'Ödeme güncellendi; eski fişi ters kayıtla iptal edilip yeniden kaydedildi (yevmiye fişi {{no}}).',
  },
  rules: {
    personnelRequired: 'Personel seçiniz.', amountRequired: 'Tutar zorunludur.', currencyRequired: 'Para birimi zorunludur.',
    currency: 'Para birimi seçilen hesabın para birimi ({{currency}}) olmalıdır.',
    instructedSafe: 'Talimatlı ödeme kasadan yapılamaz; yalnızca banka hesabından yapılır. Bir banka hesabı seçin ya da Normal ödeme yapın.',
  },
  list: {
    date: 'Tarih', personnel: 'Personel', type: 'Ödeme tipi', purpose: 'Amaç', allTypes: 'Tüm tipler', account: 'Hesap', allAccounts: 'Tüm hesaplar', amount: 'Tutar',
    lira: 'TL karşılığı', explanation: 'Açıklama', entryNo: 'Fiş no', edit: 'Ödemeyi düzenle', delete: 'Ödemeyi sil', empty: 'Ödeme yok.',
    deleteConfirm: '{{date}} tarihli {{name}} ödemesi ({{amount}} {{currency}}) silinsin mi?',
    deleteDetail: 'Ödemenin yevmiye fişi ters kayıtla iptal edilir; ödeme iptal edilmiş olarak saklanır.',
    deleted: 'Ödeme silindi; fişi ters kayıtla iptal edildi.',
  },
  statement: {
    title: 'Personel hesabı', account: 'Hesap', balance: 'Bakiye', opening: 'Açılış bakiyesi', closing: 'Toplam ve kapanış bakiyesi',
    accounts: 'Hesaplar: {{accounts}}', empty: 'Bu tarihler arasında hareket yok.',
  },
  accruals: {
    title: 'Bordro Tahakkukları', open: 'Bordro tahakkukları', add: 'Bordro tahakkuku',
    intro: 'Aylık bordro, ücret gideri (7xx) borç; net ücret personele (335), gelir ve damga vergisi 360, SGK ve işsizlik primleri 361, düşülen avans 196 alacak olarak kaydedilir.',
    period: 'Dönem', periodHint: 'Bordro ayı, YYYY-AA (ör. 2026-05).', periodFormat: 'Dönemi YYYY-AA biçiminde girin (ör. 2026-05).',
    date: 'Tahakkuk tarihi', dateHint: 'Boş bırakılırsa dönemin son günü.', expenseAccount: 'Gider hesabı',
    expenseHint: 'Personelin çalıştığı birimin gider hesabı.', allPersonnel: 'Tüm personel',
    expenses: {
      720: 'Direkt İşçilik Giderleri', 730: 'Genel Üretim Giderleri', 740: 'Hizmet Üretim Maliyeti', 750: 'Araştırma ve Geliştirme Giderleri',
      760: 'Pazarlama Satış ve Dağıtım Giderleri', 770: 'Genel Yönetim Giderleri',
    },
    fields: {
      gross: 'Brüt ücret', workerSgk: 'SGK işçi payı', workerUnemployment: 'İşsizlik sigortası işçi payı', incomeTax: 'Gelir vergisi',
      stampTax: 'Damga vergisi', advanceDeduction: 'Düşülen avans', employerSgk: 'SGK işveren payı', employerUnemployment: 'İşsizlik sigortası işveren payı',
    },
    net: 'Net ücret', netHint: 'Brüt ücret − işçi SGK ve işsizlik payları − gelir vergisi − damga vergisi − düşülen avans.',
    netPositive: 'Kesintiler brüt ücreti aşıyor; net ücret sıfırdan büyük olmalıdır.', grossRequired: 'Brüt ücret zorunludur.',
    cost: 'İşveren maliyeti', costHint: 'Brüt ücret + SGK ve işsizlik sigortası işveren payları (gider hesabına borç).',
    explanationHint: 'Boş bırakılırsa "Ay Yıl ücret tahakkuku: personel adı" yazılır.',
    saved: 'Bordro tahakkuku kaydedildi (yevmiye fişi {{no}}, net ücret {{net}} TL).', empty: 'Bordro tahakkuku yok.',
    cancel: 'Tahakkuku iptal et', cancelConfirm: '{{name}} için {{period}} bordro tahakkuku (net {{net}} TL) iptal edilsin mi?',
    cancelDetail: 'Tahakkukun yevmiye fişi ters kayıtla iptal edilir; düşülen avans yeniden açık olur.',
    cancelled: 'Bordro tahakkuku iptal edildi; fişi ters kayıtla iptal edildi.',
  },
};

const en: typeof tr = {
  title: 'Personnel payments', menu: 'Personnel payments',
  types: { NORMAL: 'Normal', INSTRUCTED: 'Instructed' },
  purposes: { WAGE: 'Wage', ADVANCE: 'Advance' },
  tabs: { payments: 'Payments', statement: 'Personnel account' },
  form: {
    add: 'Add payment', edit: 'Edit payment', personnel: 'Personnel', date: 'Date', account: 'Paid from', currency: 'Currency',
    currencyHint: 'The payment leaves the account in its own currency.', amount: 'Amount ({{currency}})', rate: 'Rate ({{currency}})', type: 'Payment type',
    typeHint: 'An instructed payment is a payment order given to the bank; from a bank account only.',
    purpose: 'Purpose', purposeHint: 'A wage pays the net wage accrued (335). An advance goes to the personnel advances account 196 and is deducted from a later wage.',
    explanation: 'Explanation', explanationHint: 'Left empty, "Personel ödemesi: name" is written.',
    saved: 'Personnel payment saved (journal entry {{no}}).', updated: 'Payment changed; its old entry was reversed and it was posted again (journal entry {{no}}).',
  },
  rules: {
    personnelRequired: 'Choose the personnel.', amountRequired: 'The amount is required.', currencyRequired: 'The currency is required.',
    currency: 'The currency must be the chosen account\'s ({{currency}}).',
    instructedSafe: 'An instructed payment cannot leave a safe; only a bank account. Choose a bank account or make a normal payment.',
  },
  list: {
    date: 'Date', personnel: 'Personnel', type: 'Payment type', purpose: 'Purpose', allTypes: 'All types', account: 'Account', allAccounts: 'All accounts', amount: 'Amount',
    lira: 'In lira', explanation: 'Explanation', entryNo: 'Entry no', edit: 'Edit payment', delete: 'Delete payment', empty: 'No payments.',
    deleteConfirm: 'Delete the payment to {{name}} of {{date}} ({{amount}} {{currency}})?',
    deleteDetail: 'Its journal entry is reversed; the payment is kept as cancelled.',
    deleted: 'Payment deleted; its entry was reversed.',
  },
  statement: {
    title: 'Personnel account', account: 'Account', balance: 'Balance', opening: 'Opening balance', closing: 'Totals and closing balance',
    accounts: 'Accounts: {{accounts}}', empty: 'No movements between these dates.',
  },
  accruals: {
    title: 'Payroll accruals', open: 'Payroll accruals', add: 'Payroll accrual',
    intro: 'A month\'s payroll debits the wage expense (7xx) and credits the net wage to the personnel (335), income and stamp tax to 360, SGK and unemployment premiums to 361 and the advance deducted to 196.',
    period: 'Period', periodHint: 'The payroll month, YYYY-MM (e.g. 2026-05).', periodFormat: 'Enter the period as YYYY-MM (e.g. 2026-05).',
    date: 'Accrual date', dateHint: 'The last day of the period when left empty.', expenseAccount: 'Expense account',
    expenseHint: 'The expense account of the unit the personnel works in.', allPersonnel: 'All personnel',
    expenses: {
      720: 'Direct labour', 730: 'Production overheads', 740: 'Service production cost', 750: 'Research and development',
      760: 'Marketing, sales and distribution', 770: 'General administration',
    },
    fields: {
      gross: 'Gross wage', workerSgk: 'SGK, worker share', workerUnemployment: 'Unemployment, worker share', incomeTax: 'Income tax',
      stampTax: 'Stamp tax', advanceDeduction: 'Advance deducted', employerSgk: 'SGK, employer share', employerUnemployment: 'Unemployment, employer share',
    },
    net: 'Net wage', netHint: 'Gross − worker SGK and unemployment shares − income tax − stamp tax − advance deducted.',
    netPositive: 'The deductions exceed the gross wage; the net wage must be above zero.', grossRequired: 'The gross wage is required.',
    cost: 'Employer cost', costHint: 'Gross + the employer\'s SGK and unemployment shares (debited to the expense account).',
    explanationHint: 'Left empty, "Month Year ücret tahakkuku: name" is written.',
    saved: 'Payroll accrual saved (journal entry {{no}}, net wage {{net}} TL).', empty: 'No payroll accruals.',
    cancel: 'Cancel accrual', cancelConfirm: 'Cancel the {{period}} payroll accrual of {{name}} (net {{net}} TL)?',
    cancelDetail: 'Its journal entry is reversed; the advance deducted is open again.',
    cancelled: 'Payroll accrual cancelled; its entry was reversed.',
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
  routes: [
    { path: '/personnel-payments', ...VIEW, title: tr.title, titleKey: 'personnel.title' },
    // Payroll accruals (bordro tahakkuku), reached from the payments page's "Bordro tahakkukları".
    { path: '/personnel-accruals', ...VIEW, title: tr.accruals.title, titleKey: 'personnel.accruals.title' },
  ],
  load: { routes: { '/personnel-payments': () => import('./PaymentsPage'), '/personnel-accruals': () => import('./AccrualsPage') } },
  messages: { tr: { personnel: tr }, en: { personnel: en } },
};
