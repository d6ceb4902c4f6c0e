import { Action, Module } from '@tezgah/core';
import { GROUPS, type WebArea } from '../area';

const tr = {
  menu: { bank: 'Banka', branches: 'Banka Şubeleri' },
  title: 'Banka', choose: 'Seçiniz', open: 'Aç', back: 'Listeye dön', noBranch: 'Şube yok / seçilmedi', bankFirst: 'Önce banka seçin',
  types: { TRADING: 'Vadesiz ticari hesap', CREDIT: 'Kredili hesap', CREDIT_CARD: 'Kredi kartı', ONLINE_PAYMENT: 'Online ödeme', POS: 'POS hesabı' },
  tabs: { movements: 'Hareketler', transactions: 'İşlemler', info: 'Bilgiler' },
  accounts: {
    title: 'Banka Hesapları', add: 'Banka hesabı ekle', edit: 'Banka hesabını düzenle', delete: 'Banka hesabını sil', notFound: 'Banka hesabı bulunamadı.',
    searchHint: 'Hesap, banka, IBAN ya da hesap no', allBanks: 'Tüm bankalar', allTypes: 'Tüm hesap türleri', balance: 'Bakiye', balanceLira: 'Bakiye (TL)',
    deleteDetail: 'Yalnızca açılış bakiyesi dışında hareketi olmayan ve çeklerde kullanılmayan hesap silinir; açılış fişi ters kayıtla iptal edilir.',
    fields: {
      name: 'Hesap adı', bank: 'Banka', branch: 'Şube', accountType: 'Hesap türü', iban: 'IBAN', accountNo: 'Hesap no', accountCode: 'Muhasebe hesabı',
      currencyId: 'Para birimi', openingBalance: 'Açılış bakiyesi ({{currency}})', openingDate: 'Açılış tarihi', openingRate: 'Açılış kuru ({{currency}})',
      openingAccount: 'Karşı hesap', explanation: 'Açıklama',
    },
    hints: {
      name: 'Zorunlu; en fazla 100 karakter (ör. Ziraat Vadesiz).', iban: 'TR ile başlayan 26 karakter; dörder gruplanır.',
      bank: 'IBAN girilirse boş bırakılabilir: IBAN bankayı belirler.', currency: 'Hareketi olan hesabın para birimi değiştirilemez.',
      opening: 'Eksi girilebilir (borçlu açılan hesap, ör. -1.500,00).', openingAccount: 'Boş bırakılırsa 570 Geçmiş Yıllar Kârları.',
    },
  },
  banks: {
    title: 'Bankalar', add: 'Banka ekle', edit: 'Bankayı düzenle', delete: 'Bankayı sil', searchHint: 'Banka adı ya da EFT kodu',
    deleteDetail: 'Şubesi ya da hesabı olan banka silinmez.',
    fields: { name: 'Banka adı', eftCode: 'EFT kodu', ibanCode: 'IBAN banka kodu', swift: 'SWIFT' },
    hints: { eftCode: '4 hane; IBAN\'larda başına 0 eklenerek yer alır.', swift: '8 ya da 11 karakter (ör. TCZBTR2A).' },
  },
  branches: {
    title: 'Banka Şubeleri', add: 'Şube ekle', edit: 'Şubeyi düzenle', delete: 'Şubeyi sil', searchHint: 'Şube adı, banka ya da şube kodu',
    fields: { bank: 'Banka', name: 'Şube adı', code: 'Şube kodu', city: 'İl', phone: 'Telefon', address: 'Adres' },
  },
  movements: { empty: 'Bu hesabın hareketi yok.' },
  rules: {
    accountNameRequired: 'Hesap adı zorunludur.', bankRequired: 'Banka seçiniz ya da IBAN giriniz.', bankNameRequired: 'Banka adı zorunludur.',
    eftCode: 'EFT kodu 4 haneli olmalıdır.', swift: 'SWIFT kodu 8 ya da 11 karakter olmalıdır.', branchBankRequired: 'Banka zorunludur.',
    branchNameRequired: 'Şube adı zorunludur.', branchCode: 'Şube kodu en fazla 10 rakamdır.', phone: 'Telefon yalnızca rakam, boşluk, ( ) + - içerir.',
    ibanCountry: 'IBAN ülke kodu ile (TR) başlamalıdır.', ibanTurkish: "Yalnızca Türkiye IBAN'ı (TR) girilebilir.", ibanLength: 'IBAN 26 karakter olmalıdır.',
    ibanChecksum: 'IBAN geçersiz: kontrol basamakları tutmuyor.', ibanBank: "IBAN'daki banka kodu ({{code}}) seçilen bankanın ({{bank}}) kodu değil.",
  },
};

const en: typeof tr = {
  menu: { bank: 'Bank', branches: 'Bank branches' },
  title: 'Bank', choose: 'Choose', open: 'Open', back: 'Back to the list', noBranch: 'No branch / not chosen', bankFirst: 'Choose a bank first',
  types: { TRADING: 'Trading account', CREDIT: 'Credit account', CREDIT_CARD: 'Credit card', ONLINE_PAYMENT: 'Online payment', POS: 'POS account' },
  tabs: { movements: 'Movements', transactions: 'Transactions', info: 'Details' },
  accounts: {
    title: 'Bank accounts', add: 'Add bank account', edit: 'Edit bank account', delete: 'Delete bank account', notFound: 'Bank account not found.',
    searchHint: 'Account, bank, IBAN or account no', allBanks: 'All banks', allTypes: 'All account types', balance: 'Balance', balanceLira: 'Balance (TL)',
    deleteDetail: 'Only an account without movements but its opening, and named by no cheque, is deleted; the opening entry is reversed.',
    fields: {
      name: 'Account name', bank: 'Bank', branch: 'Branch', accountType: 'Account type', iban: 'IBAN', accountNo: 'Account no', accountCode: 'Ledger account',
      currencyId: 'Currency', openingBalance: 'Opening balance ({{currency}})', openingDate: 'Opening date', openingRate: 'Opening rate ({{currency}})',
      openingAccount: 'Counter account', explanation: 'Explanation',
    },
    hints: {
      name: 'Required; at most 100 characters.', iban: '26 characters starting with TR; grouped by four.',
      bank: 'May stay empty when an IBAN is given: the IBAN names the bank.', currency: 'The currency of an account with movements cannot change.',
      opening: 'May be minus (an account that opens owing, e.g. -1.500,00).', openingAccount: 'Left empty, 570 Geçmiş Yıllar Kârları.',
    },
  },
  banks: {
    title: 'Banks', add: 'Add bank', edit: 'Edit bank', delete: 'Delete bank', searchHint: 'Bank name or EFT code',
    deleteDetail: 'A bank with branches or accounts is not deleted.',
    fields: { name: 'Bank name', eftCode: 'EFT code', ibanCode: 'IBAN bank code', swift: 'SWIFT' },
    hints: { eftCode: '4 digits; IBANs carry it after a 0.', swift: '8 or 11 characters (e.g. TCZBTR2A).' },
  },
  branches: {
    title: 'Bank branches', add: 'Add branch', edit: 'Edit branch', delete: 'Delete branch', searchHint: 'Branch name, bank or branch code',
    fields: { bank: 'Bank', name: 'Branch name', code: 'Branch code', city: 'City', phone: 'Phone', address: 'Address' },
  },
  movements: { empty: 'This account has no movements.' },
  rules: {
    accountNameRequired: 'The account name is required.', bankRequired: 'Choose a bank or enter an IBAN.', bankNameRequired: 'The bank name is required.',
    eftCode: 'An EFT code has 4 digits.', swift: 'A SWIFT code has 8 or 11 characters.', branchBankRequired: 'The bank is required.',
    branchNameRequired: 'The branch name is required.', branchCode: 'A branch code has at most 10 digits.', phone: 'A phone has only digits, spaces, ( ) + -.',
    ibanCountry: 'An IBAN starts with its country code (TR).', ibanTurkish: 'Only Turkish IBANs (TR) are accepted.', ibanLength: 'An IBAN has 26 characters.',
    ibanChecksum: 'Invalid IBAN: the check digits do not match.', ibanBank: 'The IBAN\'s bank code ({{code}}) is not that of the chosen bank ({{bank}}).',
  },
};

const BANK_VIEW = { module: Module.BANK, anyActions: [Action.VIEW] };
const BRANCH_VIEW = { module: Module.BANK_BRANCH, anyActions: [Action.VIEW] };

/**
 * Banks under 'Finans' (seeds 000 §2 "bank", §3 bank, bank branch, bank account; §7 /banks,
 * /bank-branches, /bank-accounts): /bank the bank accounts with balances and the banks (BANK 3),
 * /bank/:id an account's movements, /bank-branch the branches (BANK_BRANCH 22).
 */
export const area: WebArea = {
  menu: [{
    ...GROUPS.finance,
    children: [
      { id: 'bank', title: tr.menu.bank, titleKey: 'accounting:banks.menu.bank', route: '/bank', icon: 'bank-account', order: 30, ...BANK_VIEW, addButton: { module: Module.BANK, action: Action.CREATE } },
      { id: 'bank-branch', title: tr.menu.branches, titleKey: 'accounting:banks.menu.branches', route: '/bank-branch', icon: 'office', order: 40, ...BRANCH_VIEW, addButton: { module: Module.BANK_BRANCH, action: Action.CREATE } },
    ],
  }],
  routes: [
    { path: '/bank', ...BANK_VIEW, title: tr.title, titleKey: 'banks.menu.bank' },
    { path: '/bank/:id', ...BANK_VIEW, title: tr.accounts.title, titleKey: 'banks.accounts.title' },
    { path: '/bank-branch', ...BRANCH_VIEW, title: tr.menu.branches, titleKey: 'banks.menu.branches' },
  ],
  load: {
    routes: {
      '/bank': () => import('./BankAccountsPage'),
      '/bank/:id': () => import('./BankAccountDetailPage'),
      '/bank-branch': () => import('./BankBranchesPage'),
    },
  },
  messages: { tr: { banks: tr }, en: { banks: en } },
};
