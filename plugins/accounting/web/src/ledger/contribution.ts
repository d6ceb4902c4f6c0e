import { Action, Module, SEED_TEXTS, SEED_TEXTS_TR } from '@tezgah/core';
import { GROUPS, type WebArea } from '../area';

const tr = {
  menu: { fiscalYears: 'Mali Yıllar', journals: 'Yevmiye Dönemleri', entries: 'Yevmiye Fişleri', accounts: 'Hesap Planı', trialBalance: 'Mizan', statement: 'Muavin' },
  common: {
    debit: 'Borç', credit: 'Alacak', difference: 'Fark', total: 'Toplam', sideDebit: 'B', sideCredit: 'A',
    startDate: 'Başlangıç tarihi', endDate: 'Bitiş tarihi', fiscalYear: 'Mali yıl', allYears: 'Tüm mali yıllar', account: 'Hesap', accountName: 'Hesap adı',
    code: 'Hesap kodu', choose: 'Seçiniz', list: 'Listele', loading: 'Yükleniyor...', noFiscalYear: SEED_TEXTS_TR.FISCAL_YEAR_NOT_FOUND,
  },
  rules: {
    required: 'Bu alan zorunludur.', date: 'Tarihi GG/AA/YYYY biçiminde giriniz.', endBeforeStart: 'Bitiş tarihi başlangıçtan önce olamaz.',
    accountFormat: 'Hesap kodu 100, 102.01 biçiminde olmalıdır.',
    amountFormat: 'Geçerli bir tutar girin (1.999,90).', amountDecimals: 'Tutar en fazla iki ondalık basamak taşır.', amountPositive: 'Tutar sıfırdan büyük olmalıdır.',
  },
  fiscalYears: {
    title: 'Mali Yıllar', add: 'Mali yıl ekle', edit: 'Mali yılı düzenle', delete: 'Mali yılı sil',
    name: 'Mali yıl adı', startDate: 'Başlangıç', endDate: 'Bitiş', status: 'Durum', active: 'Aktif', passive: 'Pasif', all: 'Tümü',
    lastEntryNo: 'Son fiş no', entryCount: 'Fiş sayısı',
    hints: {
      name: 'Zorunlu; en fazla 100 karakter (ör. 2026).', range: 'Her ay için bir yevmiye dönemi açılır; bir mali yıl en fazla iki yıl sürer.',
      datesFixed: 'Fişi olan mali yılın tarihleri değiştirilemez.', active: 'Pasif (kapalı) mali yıla kayıt yapılmaz.',
    },
    rules: { nameRequired: 'Mali yıl adı zorunludur.' },
    deleteDetail: 'Mali yılın yevmiye dönemleri de silinir. Fişi olan mali yıl silinemez.',
  },
  journals: {
    title: 'Yevmiye Dönemleri', period: 'Dönem', periodN: '{{n}}. dönem', startDate: 'Başlangıç', endDate: 'Bitiş', lockState: 'Kilit',
    locked: 'Kilitli', open: 'Açık', entryCount: 'Fiş sayısı', debit: 'Borç', credit: 'Alacak',
    lock: 'Kilitle', unlock: 'Kilidi aç', delete: 'Dönemi sil',
    lockConfirm: '{{n}}. dönem kilitlensin mi?', lockDetail: 'Bu dönemle birlikte önceki tüm dönemler de kilitlenir; kilitli bir döneme kayıt yapılamaz.',
    unlockConfirm: '{{n}}. dönemin kilidi açılsın mı?', unlockDetail: 'Bu dönemle birlikte sonraki tüm dönemlerin de kilidi açılır.',
    deleteConfirm: '{{n}}. dönem silinsin mi?', deleteDetail: 'Bu dönemle birlikte sonraki tüm dönemler de silinir. Fişi olan ya da kilitli bir dönem varsa silinmez.',
    lockedDone: '{{n}}. dönem ve önceki dönemler kilitlendi.', unlockedDone: '{{n}}. dönem ve sonraki dönemlerin kilidi açıldı.',
    order: 'Fişleri sırala', orderConfirm: 'Yevmiye fişleri sıralansın mı?',
    orderDetail: '{{year}} mali yılının fişleri tarih sırasına göre 1\'den başlayarak boşluksuz yeniden numaralanır.',
    ordered: 'Yevmiye fişleri sıralandı ({{entries}} fiş).', check: 'Sırayı kontrol et', checkOk: 'Yevmiye fişleri sıralı ({{entries}} fiş).',
    unordered: SEED_TEXTS.JOURNAL_UNORDERED as string,
    summary: 'Son dönem: {{period}} · Son fiş no: {{entryNo}}', noPeriod: 'yok',
    add: 'Dönem ekle', addEnd: 'Dönemin bitiş tarihi', addHint: 'Yeni dönem {{start}} tarihinde başlar; bitişi mali yılın içinde ({{end}} veya önce) olmalıdır.',
    activeNoAdd: SEED_TEXTS_TR.CANNOT_ADD_JOURNAL_FOR_ACTIVE_FISCAL_YEAR, yearFull: 'Mali yılın tüm günleri dönemlere bölünmüş.',
    endOutside: 'Bitiş tarihi {{start}} ile {{end}} arasında olmalıdır.',
  },
  entries: {
    title: 'Yevmiye Fişleri', add: 'Yevmiye fişi ekle', entryNo: 'Fiş no', date: 'Tarih', documentNo: 'Belge no', explanation: 'Açıklama', total: 'Tutar', source: 'Kaynak',
    state: 'Durum', lineCount: 'Satır', reversed: 'Ters kaydedildi', reversal: 'Ters kayıt fişi', lines: 'Fiş satırları', linesOf: '{{no}} numaralı fiş',
    reverse: 'Ters kayıt', accountFilter: 'Hesap (alt hesaplarıyla)', accountHint: '100, 102.01 …',
    sources: {
      MANUAL: 'Mahsup (elle)', SAFE_OPENING: 'Kasa açılışı', BANK_OPENING: 'Banka açılışı', BANK_ACCOUNT_OPENING: 'Banka açılışı', TRANSACTION: 'Cari işlem',
      CHEQUE: 'Çek / senet', INVOICE: 'Fatura', INVOICE_PAYMENT: 'Fatura ödemesi', PERSONNEL_PAYMENT: 'Personel ödemesi', PAYROLL_ACCRUAL: 'Bordro tahakkuku', FX_DIFFERENCE: 'Kur farkı',
      CAPITAL: 'Sermaye taahhüdü', CAPITAL_PAYMENT: 'Sermaye ödemesi', POS_PAYMENT: 'POS ödemesi', VIRTUAL_PAYMENT: 'Sanal POS ödemesi', REVERSAL: 'Ters kayıt',
    },
    form: {
      lines: 'Satırlar', addLine: 'Satır ekle', removeLine: '{{n}}. satırı sil', line: '{{n}}. satır', account: 'Hesap', lineExplanation: 'Satır açıklaması',
      accountSearch: 'Kod ya da ad yazın', noAccount: 'Hesap bulunamadı', totals: 'Toplamlar',
      unbalanced: 'Borç ve alacak toplamları eşit olmalıdır.', empty: 'Fişte en az bir borç ve bir alacak tutarı olmalıdır.',
      created: '{{no}} numaralı yevmiye fişi kaydedildi.',
    },
    rules: {
      explanationRequired: 'Açıklama zorunludur.', accountRequired: 'Hesap seçiniz.', oneSide: 'Satırda ya borç ya alacak tutarı olur, ikisi birden olmaz.',
      amountRequired: 'Borç ya da alacak tutarı giriniz.', minLines: 'Bir fişte en az iki satır olur.',
    },
    reverseForm: {
      title: 'Ters kayıt', intro: '{{no}} numaralı fişin borç ve alacakları yer değiştirerek yeni bir fiş yazılır; asıl fiş değişmez.',
      date: 'Ters kayıt tarihi', dateHint: 'Boş bırakılırsa asıl fişin tarihi ({{date}}) kullanılır.', explanation: 'Açıklama',
      explanationHint: 'Boş bırakılırsa "İptal: {{explanation}}" yazılır.', submit: 'Ters kaydı oluştur', done: 'Ters kayıt fişi {{no}} numarasıyla kaydedildi.',
    },
  },
  accounts: {
    title: 'Hesap Planı', tree: 'Hesap planı', searchHint: 'Hesap kodu ya da adı', balance: 'Bakiye', expand: '{{code}} alt hesaplarını aç', collapse: '{{code}} alt hesaplarını kapat',
    addSub: 'Alt hesap ekle', addSubOf: '{{code}} altına hesap ekle', statement: 'Muavin', auto: 'Otomatik', header: 'Başlık', postable: 'Kayıt alır',
    owners: { SAFE: 'Kasa', BANK_ACCOUNT: 'Banka hesabı', CURRENT: 'Cari' },
    form: {
      parent: 'Üst hesap', code: 'Hesap kodu', codeHint: 'Boş bırakılırsa sıradaki kod verilir ({{example}}).', name: 'Hesap adı',
      nameRequired: 'Hesap adı zorunludur.', parentRequired: 'Üst hesap zorunludur.', codeUnder: 'Kod {{parent}}. ile başlamalıdır.', created: '{{code}} {{name}} hesabı eklendi.',
    },
    none: 'Hesap bulunamadı.',
  },
  trialBalance: {
    title: 'Mizan', level: 'Düzey', levels: { 1: 'Sınıf (1)', 2: 'Grup (10)', 3: 'Hesap (100)', 4: 'Alt hesap (100.01)', 5: '5. düzey' },
    opening: 'Açılış', period: 'Dönem içi', balances: 'Bakiye', openingDebit: 'Açılış borç', openingCredit: 'Açılış alacak', periodDebit: 'Dönem borç',
    periodCredit: 'Dönem alacak', debitBalance: 'Borç bakiyesi', creditBalance: 'Alacak bakiyesi', totals: 'Toplam', empty: 'Bu tarihler arasında hareket yok.',
    range: '{{start}} – {{end}}',
  },
  statement: {
    title: 'Muavin', accountHint: 'Alt hesaplarıyla birlikte listelenir.', opening: 'Açılış bakiyesi', closing: 'Kapanış bakiyesi', lines: 'Muavin satırları',
    entryNo: 'Fiş no', date: 'Tarih', documentNo: 'Belge no', explanation: 'Açıklama', balance: 'Bakiye', pick: 'Hesap ve tarih aralığı seçip listeleyin.', empty: 'Bu tarihler arasında hareket yok.',
  },
};

const en: typeof tr = {
  menu: { fiscalYears: 'Fiscal years', journals: 'Journal periods', entries: 'Journal entries', accounts: 'Chart of accounts', trialBalance: 'Trial balance', statement: 'Account statement' },
  common: {
    debit: 'Debit', credit: 'Credit', difference: 'Difference', total: 'Total', sideDebit: 'Dr', sideCredit: 'Cr',
    startDate: 'Start date', endDate: 'End date', fiscalYear: 'Fiscal year', allYears: 'All fiscal years', account: 'Account', accountName: 'Account name',
    code: 'Account code', choose: 'Choose', list: 'List', loading: 'Loading...', noFiscalYear: SEED_TEXTS.FISCAL_YEAR_NOT_FOUND,
  },
  rules: {
    required: 'This field is required.', date: 'Enter the date as DD/MM/YYYY.', endBeforeStart: 'The end date cannot be before the start.',
    accountFormat: 'An account code reads 100, 102.01.',
    amountFormat: 'Enter a valid amount (1.999,90).', amountDecimals: 'An amount has at most two decimals.', amountPositive: 'The amount must be above zero.',
  },
  fiscalYears: {
    title: 'Fiscal years', add: 'Add fiscal year', edit: 'Edit fiscal year', delete: 'Delete fiscal year',
    name: 'Fiscal year name', startDate: 'Start', endDate: 'End', status: 'Status', active: 'Active', passive: 'Passive', all: 'All',
    lastEntryNo: 'Last entry no', entryCount: 'Entries',
    hints: {
      name: 'Required; at most 100 characters (e.g. 2026).', range: 'One journal period is opened per month; a fiscal year lasts at most two years.',
      datesFixed: 'The dates of a fiscal year with entries cannot change.', active: 'A passive (closed) fiscal year takes no postings.',
    },
    rules: { nameRequired: 'The fiscal year name is required.' },
    deleteDetail: 'Its journal periods go with it. A fiscal year with entries cannot be deleted.',
  },
  journals: {
    title: 'Journal periods', period: 'Period', periodN: 'Period {{n}}', startDate: 'Start', endDate: 'End', lockState: 'Lock',
    locked: 'Locked', open: 'Open', entryCount: 'Entries', debit: 'Debit', credit: 'Credit',
    lock: 'Lock', unlock: 'Unlock', delete: 'Delete period',
    lockConfirm: 'Lock period {{n}}?', lockDetail: 'Every earlier period is locked with it; a locked period takes no postings.',
    unlockConfirm: 'Unlock period {{n}}?', unlockDetail: 'Every later period is unlocked with it.',
    deleteConfirm: 'Delete period {{n}}?', deleteDetail: 'Every later period is deleted with it. Nothing is deleted while any of them has entries or is locked.',
    lockedDone: 'Period {{n}} and the earlier ones are locked.', unlockedDone: 'Period {{n}} and the later ones are unlocked.',
    order: 'Order entries', orderConfirm: 'Order the journal entries?',
    orderDetail: 'The entries of fiscal year {{year}} are renumbered in date order from 1, without gaps.',
    ordered: 'Journal entries ordered ({{entries}} entries).', check: 'Check the order', checkOk: 'Journal entries are in order ({{entries}} entries).',
    unordered: 'Journal entries are out of order!',
    summary: 'Last period: {{period}} · Last entry no: {{entryNo}}', noPeriod: 'none',
    add: 'Add period', addEnd: 'End date of the period', addHint: 'The new period starts on {{start}}; it must end inside the fiscal year (on {{end}} or before).',
    activeNoAdd: SEED_TEXTS.CANNOT_ADD_JOURNAL_FOR_ACTIVE_FISCAL_YEAR, yearFull: 'Every day of the fiscal year is in a period.',
    endOutside: 'The end date must be between {{start}} and {{end}}.',
  },
  entries: {
    title: 'Journal entries', add: 'Add journal entry', entryNo: 'Entry no', date: 'Date', documentNo: 'Document no', explanation: 'Explanation', total: 'Amount', source: 'Source',
    state: 'State', lineCount: 'Lines', reversed: 'Reversed', reversal: 'Reversing entry', lines: 'Entry lines', linesOf: 'Entry {{no}}',
    reverse: 'Reverse', accountFilter: 'Account (with sub-accounts)', accountHint: '100, 102.01 …',
    sources: {
      MANUAL: 'Manual', SAFE_OPENING: 'Safe opening', BANK_OPENING: 'Bank opening', BANK_ACCOUNT_OPENING: 'Bank opening', TRANSACTION: 'Current transaction',
      CHEQUE: 'Cheque / note', INVOICE: 'Invoice', INVOICE_PAYMENT: 'Invoice payment', PERSONNEL_PAYMENT: 'Personnel payment', PAYROLL_ACCRUAL: 'Payroll accrual', FX_DIFFERENCE: 'Exchange difference',
      CAPITAL: 'Capital commitment', CAPITAL_PAYMENT: 'Capital payment', POS_PAYMENT: 'POS payment', VIRTUAL_PAYMENT: 'Virtual POS payment', REVERSAL: 'Reversal',
    },
    form: {
      lines: 'Lines', addLine: 'Add line', removeLine: 'Remove line {{n}}', line: 'Line {{n}}', account: 'Account', lineExplanation: 'Line explanation',
      accountSearch: 'Type a code or a name', noAccount: 'No account found', totals: 'Totals',
      unbalanced: 'Debits and credits must be equal.', empty: 'An entry needs at least one debit and one credit.',
      created: 'Journal entry {{no}} saved.',
    },
    rules: {
      explanationRequired: 'The explanation is required.', accountRequired: 'Choose an account.', oneSide: 'A line has a debit or a credit, not both.',
      amountRequired: 'Enter a debit or a credit.', minLines: 'An entry has at least two lines.',
    },
    reverseForm: {
      title: 'Reverse', intro: 'A new entry swapping the debits and credits of entry {{no}} is written; the entry itself does not change.',
      date: 'Date of the reversal', dateHint: 'Left empty, the entry\'s date ({{date}}) is used.', explanation: 'Explanation',
      explanationHint: 'Left empty, "İptal: {{explanation}}" is written.', submit: 'Reverse the entry', done: 'Reversing entry saved as number {{no}}.',
    },
  },
  accounts: {
    title: 'Chart of accounts', tree: 'Chart of accounts', searchHint: 'Account code or name', balance: 'Balance', expand: 'Open the sub-accounts of {{code}}', collapse: 'Close the sub-accounts of {{code}}',
    addSub: 'Add sub-account', addSubOf: 'Add an account under {{code}}', statement: 'Statement', auto: 'Automatic', header: 'Header', postable: 'Takes postings',
    owners: { SAFE: 'Safe', BANK_ACCOUNT: 'Bank account', CURRENT: 'Current account' },
    form: {
      parent: 'Parent account', code: 'Account code', codeHint: 'Left empty, the next code is given ({{example}}).', name: 'Account name',
      nameRequired: 'The account name is required.', parentRequired: 'The parent account is required.', codeUnder: 'The code must start with {{parent}}.', created: 'Account {{code}} {{name}} added.',
    },
    none: 'No account found.',
  },
  trialBalance: {
    title: 'Trial balance', level: 'Level', levels: { 1: 'Class (1)', 2: 'Group (10)', 3: 'Account (100)', 4: 'Sub-account (100.01)', 5: 'Level 5' },
    opening: 'Opening', period: 'Period', balances: 'Balance', openingDebit: 'Opening debit', openingCredit: 'Opening credit', periodDebit: 'Period debit',
    periodCredit: 'Period credit', debitBalance: 'Debit balance', creditBalance: 'Credit balance', totals: 'Total', empty: 'No movements between these dates.',
    range: '{{start}} – {{end}}',
  },
  statement: {
    title: 'Account statement', accountHint: 'Listed with its sub-accounts.', opening: 'Opening balance', closing: 'Closing balance', lines: 'Statement lines',
    entryNo: 'Entry no', date: 'Date', documentNo: 'Document no', explanation: 'Explanation', balance: 'Balance', pick: 'Choose an account and a date range, then list.', empty: 'No movements between these dates.',
  },
};

/** Every book screen needs the accounting module's view authority; changes need their own action. */
const VIEW = { module: Module.ACCOUNTING_CODE, anyActions: [Action.VIEW] };
const ADD = { module: Module.ACCOUNTING_CODE, action: Action.CREATE };

/** A menu entry; its id is its route without the slash (fiscal-years, journals …). */
const entry = (key: keyof typeof tr.menu, route: string, order: number, icon: string, add = false) => ({
  id: route.slice(1), title: tr.menu[key], titleKey: `accounting:ledger.menu.${key}`, route, icon, order, ...VIEW, ...(add ? { addButton: ADD } : {}),
});

/**
 * The books (issue 8) under 'Muhasebe' (seeds 000 §2: accounting with fiscal years, journal,
 * journal lines): fiscal years, journal periods with lock/unlock and ordering, journal entries with
 * the manual entry and its reversal, the chart of accounts (/accountcodes-settings), the trial
 * balance (mizan) and the account statement (muavin). All gated by ACCOUNTING_CODE (18).
 */
export const area: WebArea = {
  menu: [{
    ...GROUPS.ledger,
    children: [
      entry('fiscalYears', '/fiscal-years', 10, 'calendar', true),
      entry('journals', '/journals', 20, 'lock'),
      entry('entries', '/journal-entries', 30, 'manual', true),
      entry('accounts', '/accountcodes-settings', 40, 'diagram-tree', true),
      entry('trialBalance', '/trial-balance', 50, 'th'),
      entry('statement', '/account-statement', 60, 'th-list'),
    ],
  }],
  routes: [
    { path: '/fiscal-years', ...VIEW, title: tr.menu.fiscalYears, titleKey: 'ledger.menu.fiscalYears' },
    { path: '/journals', ...VIEW, title: tr.menu.journals, titleKey: 'ledger.menu.journals' },
    { path: '/journal-entries', ...VIEW, title: tr.menu.entries, titleKey: 'ledger.menu.entries' },
    { path: '/accountcodes-settings', ...VIEW, title: tr.menu.accounts, titleKey: 'ledger.menu.accounts' },
    { path: '/trial-balance', ...VIEW, title: tr.menu.trialBalance, titleKey: 'ledger.menu.trialBalance' },
    { path: '/account-statement', ...VIEW, title: tr.menu.statement, titleKey: 'ledger.menu.statement' },
  ],
  load: {
    routes: {
      '/fiscal-years': () => import('./FiscalYearsPage'),
      '/journals': () => import('./JournalsPage'),
      '/journal-entries': () => import('./JournalEntriesPage'),
      '/accountcodes-settings': () => import('./AccountsPage'),
      '/trial-balance': () => import('./TrialBalancePage'),
      '/account-statement': () => import('./AccountStatementPage'),
    },
  },
  messages: { tr: { ledger: tr }, en: { ledger: en } },
};
