import { Action, Module, SEED_TEXTS_TR } from '@tezgah/core';
import { GROUPS, type WebArea } from '../area';

const page = (name: 'CustomerPage' | 'SupplierPage' | 'PersonnelPage') => () => import('./CurrentsPage').then((m) => ({ default: m[name] }));
const detail = () => import('./CurrentDetailPage');

const tr = {
  // customer_ECZ: the pharmacy wording, for a shell that resolves menu titles with the sector as i18next context.
  menu: { customer: 'Müşteriler', customer_ECZ: 'Hastalar', supplier: 'Tedarikçiler', personnel: 'Personel', partner: 'Ortaklar' },
  types: { CUSTOMER: 'Müşteri', PATIENT: 'Hasta', SUPPLIER: 'Tedarikçi', PERSONNEL: 'Personel', PARTNER: 'Ortak' },
  plural: { CUSTOMER: 'Müşteriler', PATIENT: 'Hastalar', SUPPLIER: 'Tedarikçiler', PERSONNEL: 'Personel', PARTNER: 'Ortaklar' },
  add: '{{type}} ekle', edit: '{{type}} düzenle', delete: 'Sil', open: 'Aç',
  alsoAs: '{{type}} olarak da ekle', alsoCreated: '{{type}} kaydı da eklendi.',
  choose: 'Seçiniz', none: '—', cityFirst: 'Önce il seçin', loading: 'Yükleniyor...',
  searchHint: 'Ad, unvan, T.C./vergi no, telefon, e-posta',
  columns: { place: 'İl / İlçe' },
  filter: { status: 'Durum', all: 'Tümü', active: 'Aktif', passive: 'Pasif', tag: 'Etiket', allTags: 'Tüm etiketler' },
  sections: { identity: 'Kimlik', partner: 'Ortaklık', contact: 'İletişim', address: 'Adres', tax: 'Vergi ve banka', accounting: 'Muhasebe' },
  fields: {
    name: 'Ad', lastName: 'Soyad', title: 'Unvan', gender: 'Cinsiyet', birthday: 'Doğum tarihi', currencyId: 'Para birimi', phone: 'Telefon', fax: 'Faks',
    email: 'E-posta', webAddress: 'Web adresi', contactPerson: 'Yetkili kişi', address: 'Adres', countryId: 'Ülke', cityId: 'İl', citySubdivisionId: 'İlçe',
    postcode: 'Posta kodu', taxNumber: 'T.C. kimlik / vergi no', taxOfficeCityId: 'Vergi dairesinin ili', taxOfficeId: 'Vergi dairesi', iban: 'IBAN',
    accountGroupCode: 'Hesap kodu', patientType: 'Hasta tipi', partnerType: 'Ortak tipi', sharePercentage: 'Hisse oranı (%)', capital: 'Sermaye', active: 'Durum', tagIds: 'Etiketler',
  },
  gender: { FEMALE: 'Kadın', MALE: 'Erkek' },
  patientType: { BY_SALARY: 'Maaştan', BY_HAND: 'Elden' },
  partnerType: { INDIVIDUAL: 'Şahıs', CORPORATE: 'Kurumsal' },
  hints: {
    taxNumber: 'T.C. kimlik no 11, vergi kimlik no 10 hane', iban: 'TR ile başlayan 26 karakter; dörder gruplanır',
    share: '0 ile 100 arası, en çok iki ondalık (12,5)', capital: 'Tutar, en çok iki ondalık (250.000,00)',
  },
  accounts: {
    120: 'Alıcılar', 121: 'Alacak Senetleri', 126: 'Verilen Depozito ve Teminatlar', 127: 'Diğer Ticari Alacaklar', 128: 'Şüpheli Ticari Alacaklar',
    131: 'Ortaklardan Alacaklar', 135: 'Personelden Alacaklar', 136: 'Diğer Çeşitli Alacaklar', 159: 'Verilen Sipariş Avansları', 196: 'Personel Avansları',
    320: 'Satıcılar', 321: 'Borç Senetleri', 326: 'Alınan Depozito ve Teminatlar', 329: 'Diğer Ticari Borçlar', 331: 'Ortaklara Borçlar',
    335: 'Personele Borçlar', 336: 'Diğer Çeşitli Borçlar', 340: 'Alınan Sipariş Avansları',
  },
  rules: {
    nameRequired: 'Ad zorunludur.', currencyRequired: 'Personel için para birimi zorunludur.', email: SEED_TEXTS_TR.WRONG_EMAIL_FORMAT,
    taxNumberLength: 'T.C. kimlik numarası 11, vergi kimlik numarası 10 haneli olmalıdır.',
    tckn: 'T.C. kimlik numarası geçersiz: kontrol basamakları tutmuyor.', vkn: 'Vergi kimlik numarası geçersiz: kontrol basamakları tutmuyor.',
    taxOfficeRequired: 'Müşteri için vergi dairesi zorunludur.', ibanCountry: 'IBAN ülke kodu ile (TR) başlamalıdır.',
    ibanTurkish: "Yalnızca Türkiye IBAN'ı (TR) girilebilir.", ibanLength: 'IBAN 26 karakter olmalıdır.', ibanChecksum: 'IBAN geçersiz: kontrol basamakları tutmuyor.',
    birthdayFuture: 'Doğum tarihi ileri bir tarih olamaz.', dateFormat: 'Tarihi GG/AA/YYYY biçiminde giriniz.', cityFirst: 'İlçe için önce il seçilmelidir.', accountRequired: 'Hesap kodu zorunludur.',
    partnerTypeRequired: 'Ortak tipi zorunludur: şahıs veya kurumsal.', shareRequired: 'Hisse oranı zorunludur.',
    shareRange: 'Hisse oranı 0 ile 100 arasında, en çok iki ondalıklı olmalıdır.', capitalRequired: 'Sermaye zorunludur.',
    capitalFormat: 'Sermaye bir tutar olmalıdır (en çok iki ondalık).', capitalNegative: 'Sermaye negatif olamaz.',
  },
  detail: {
    back: 'Listeye dön', fields: 'Bilgiler', created: 'Eklenme tarihi', mainAccounts: 'Ana hesaplar', accountName: 'Hesap adı',
    addMainAccount: 'Ana hesap ekle', noMainAccount: 'Ana hesap yok.', notFound: 'Cari hesap bulunamadı.',
  },
  quick: { account: 'Hızlı hesap ekle', customer: 'Hızlı müşteri ekle', patient: 'Hızlı hasta ekle', type: 'Hesap türü' },
};

const en: typeof tr = {
  menu: { customer: 'Customers', customer_ECZ: 'Patients', supplier: 'Suppliers', personnel: 'Personnel', partner: 'Partners' },
  types: { CUSTOMER: 'Customer', PATIENT: 'Patient', SUPPLIER: 'Supplier', PERSONNEL: 'Personnel', PARTNER: 'Partner' },
  plural: { CUSTOMER: 'Customers', PATIENT: 'Patients', SUPPLIER: 'Suppliers', PERSONNEL: 'Personnel', PARTNER: 'Partners' },
  add: 'Add {{type}}', edit: 'Edit {{type}}', delete: 'Delete', open: 'Open',
  alsoAs: 'Also add as {{type}}', alsoCreated: 'The {{type}} record was added too.',
  choose: 'Choose', none: '—', cityFirst: 'Choose a city first', loading: 'Loading...',
  searchHint: 'Name, title, ID/tax no, phone, e-mail',
  columns: { place: 'City / district' },
  filter: { status: 'Status', all: 'All', active: 'Active', passive: 'Passive', tag: 'Tag', allTags: 'All tags' },
  sections: { identity: 'Identity', partner: 'Partnership', contact: 'Contact', address: 'Address', tax: 'Tax and bank', accounting: 'Accounting' },
  fields: {
    name: 'Name', lastName: 'Last name', title: 'Title', gender: 'Gender', birthday: 'Birthday', currencyId: 'Currency', phone: 'Phone', fax: 'Fax',
    email: 'E-mail', webAddress: 'Web address', contactPerson: 'Contact person', address: 'Address', countryId: 'Country', cityId: 'City', citySubdivisionId: 'District',
    postcode: 'Postcode', taxNumber: 'National ID / tax no', taxOfficeCityId: 'City of the tax office', taxOfficeId: 'Tax office', iban: 'IBAN',
    accountGroupCode: 'Account code', patientType: 'Patient type', partnerType: 'Partner type', sharePercentage: 'Share (%)', capital: 'Capital', active: 'Status', tagIds: 'Tags',
  },
  gender: { FEMALE: 'Female', MALE: 'Male' },
  patientType: { BY_SALARY: 'By salary', BY_HAND: 'By hand' },
  partnerType: { INDIVIDUAL: 'Individual', CORPORATE: 'Corporate' },
  hints: {
    taxNumber: 'National ID 11, tax number 10 digits', iban: '26 characters starting with TR; grouped by four',
    share: '0 to 100, at most two decimals (12,5)', capital: 'An amount, at most two decimals (250.000,00)',
  },
  accounts: {
    120: 'Buyers', 121: 'Notes receivable', 126: 'Deposits and guarantees given', 127: 'Other trade receivables', 128: 'Doubtful trade receivables',
    131: 'Receivables from partners', 135: 'Receivables from personnel', 136: 'Other receivables', 159: 'Order advances given', 196: 'Personnel advances',
    320: 'Sellers', 321: 'Notes payable', 326: 'Deposits and guarantees received', 329: 'Other trade payables', 331: 'Payables to partners',
    335: 'Payables to personnel', 336: 'Other payables', 340: 'Order advances received',
  },
  rules: {
    nameRequired: 'Name is required.', currencyRequired: 'Personnel need a currency.', email: 'Wrong e-mail format',
    taxNumberLength: 'A national ID has 11 digits, a tax number 10.',
    tckn: 'Invalid national ID: the check digits do not match.', vkn: 'Invalid tax number: the check digits do not match.',
    taxOfficeRequired: 'A customer needs a tax office.', ibanCountry: 'An IBAN starts with its country code (TR).',
    ibanTurkish: 'Only Turkish IBANs (TR) are accepted.', ibanLength: 'An IBAN has 26 characters.', ibanChecksum: 'Invalid IBAN: the check digits do not match.',
    birthdayFuture: 'The birthday cannot be in the future.', dateFormat: 'Enter the date as DD/MM/YYYY.', cityFirst: 'Choose the city before the district.', accountRequired: 'The account code is required.',
    partnerTypeRequired: 'The partner type is required: individual or corporate.', shareRequired: 'The share is required.',
    shareRange: 'The share is between 0 and 100, with at most two decimals.', capitalRequired: 'The capital is required.',
    capitalFormat: 'The capital is an amount (at most two decimals).', capitalNegative: 'The capital cannot be negative.',
  },
  detail: {
    back: 'Back to the list', fields: 'Details', created: 'Added on', mainAccounts: 'Main accounts', accountName: 'Account name',
    addMainAccount: 'Add main account', noMainAccount: 'No main account.', notFound: 'Current account not found.',
  },
  quick: { account: 'Quick add account', customer: 'Quick add customer', patient: 'Quick add patient', type: 'Account type' },
};

const entry = (id: string, route: string, module: number, order: number, icon: string) => ({
  id, title: tr.menu[id as 'customer' | 'supplier' | 'personnel' | 'partner'], titleKey: `accounting:currents.menu.${id}`, route, icon, order, module,
  addButton: { module, action: Action.CREATE },
});

/**
 * Current accounts under 'Cari Hesaplar' (seeds 000 §2): customers (/customer, patients in a
 * pharmacy company), suppliers and personnel, each gated by its module with its Add button; detail
 * pages under them; the quick-add dialogs "account" and "customer". The partners (/partner) are
 * PARTNER currents too, but their screens show their capital from the ledger: the partners area.
 */
export const area: WebArea = {
  menu: [{
    ...GROUPS.currents,
    children: [
      { ...entry('customer', '/customer', Module.CUSTOMER, 10, 'person'), reduced: true },
      entry('supplier', '/supplier', Module.SUPPLIER, 20, 'office'),
      entry('personnel', '/personnel', Module.PERSONNEL, 30, 'id-number'),
    ],
  }],
  routes: [
    { path: '/customer', module: Module.CUSTOMER, title: 'Müşteriler', titleKey: 'currents.menu.customer' },
    { path: '/customer/:id', module: Module.CUSTOMER, title: 'Müşteri' },
    { path: '/supplier', module: Module.SUPPLIER, title: 'Tedarikçiler', titleKey: 'currents.menu.supplier' },
    { path: '/supplier/:id', module: Module.SUPPLIER, title: 'Tedarikçi' },
    { path: '/personnel', module: Module.PERSONNEL, title: 'Personel', titleKey: 'currents.menu.personnel' },
    { path: '/personnel/:id', module: Module.PERSONNEL, title: 'Personel' },
  ],
  quickAdds: [
    { id: 'account', title: tr.quick.account, titleKey: 'currents.quick.account', codes: ['6_2', '5_2', '7_2', '8_2'] },
    { id: 'customer', title: tr.quick.customer, titleKey: 'currents.quick.customer', module: Module.CUSTOMER, action: Action.CREATE },
  ],
  load: {
    routes: {
      '/customer': page('CustomerPage'), '/customer/:id': detail,
      '/supplier': page('SupplierPage'), '/supplier/:id': detail,
      '/personnel': page('PersonnelPage'), '/personnel/:id': detail,
    },
    quickAdds: {
      account: () => import('./QuickAdd').then((m) => ({ default: m.QuickAccount })),
      customer: () => import('./QuickAdd').then((m) => ({ default: m.QuickCustomer })),
    },
  },
  messages: { tr: { currents: tr }, en: { currents: en } },
};
