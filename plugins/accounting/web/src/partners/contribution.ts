import { Action, Module } from '@tezgah/core';
import { GROUPS, type WebArea } from '../area';

const tr = {
  title: 'Ortaklar', one: 'Ortak', add: 'Ortak ekle', edit: 'Ortağı düzenle', delete: 'Ortağı sil', open: 'Aç', back: 'Listeye dön', notFound: 'Ortak bulunamadı.',
  searchHint: 'Ad, unvan, T.C./vergi no',
  types: { INDIVIDUAL: 'Şahıs', CORPORATE: 'Kurumsal' },
  filter: { status: 'Durum', all: 'Tümü', active: 'Aktif', passive: 'Pasif', type: 'Ortak tipi', allTypes: 'Tüm tipler' },
  fields: {
    name: 'Ad', lastName: 'Soyad', title: 'Unvan', partnerType: 'Ortak tipi', sharePercentage: 'Hisse oranı (%)', capital: 'Sermaye (TL)',
    committedCapital: 'Taahhüt edilen', paidCapital: 'Ödenen', remaining: 'Ödenmemiş sermaye', taxNumber: 'T.C. kimlik / vergi no', phone: 'Telefon',
    email: 'E-posta', address: 'Adres', active: 'Aktif (ortaklığı sürüyor)', status: 'Durum', capitalAccountCode: 'Sermaye hesabı', unpaidCapitalAccountCode: 'Ödenmemiş sermaye hesabı',
  },
  hints: {
    share: '0 ile 100 arası, en çok iki ondalık (12,5). Aktif ortakların toplamı %100\'ü aşamaz.',
    capital: 'Ana sözleşmedeki sermaye payı, Türk lirası (TTK md. 332).',
    active: 'Ortaklıktan ayrılan ortak pasife alınır; hisse toplamına sayılmaz.',
  },
  rules: {
    nameRequired: 'Ad zorunludur.', partnerTypeRequired: 'Ortak tipi zorunludur: şahıs veya kurumsal.', shareRequired: 'Hisse oranı zorunludur.',
    shareRange: 'Hisse oranı 0 ile 100 arasında, en çok iki ondalıklı olmalıdır.', capitalRequired: 'Sermaye zorunludur.',
  },
  deleteDetail: 'Sermaye hareketi ya da muhasebe kaydı olan ortak silinmez; ortaklıktan ayrıldıysa pasife alın.',
  capital: {
    title: 'Sermaye hareketleri', commit: 'Sermaye taahhüdü', pay: 'Sermaye ödemesi', kind: 'Tür', date: 'Tarih', amount: 'Tutar (TL)',
    account: 'Yatırılan hesap', commitment: 'Ödenen taahhüt', commitmentOldest: 'En eski ödenmemiş taahhüt', paid: 'Ödenen', unpaid: 'Kalan',
    explanation: 'Açıklama', entryNo: 'Fiş no', delete: 'Sermaye kaydını sil', empty: 'Bu ortağın sermaye hareketi yok.',
    kinds: { UNPAID_CAPITAL: 'Taahhüt', CAPITAL: 'Ödeme' },
    hints: {
      commit: 'Borç 501 Ödenmemiş Sermaye / alacak 500 Sermaye olarak muhasebeleşir; taahhütlerin toplamı ortağın sermayesini aşamaz.',
      account: 'Sermaye Türk lirası olarak yatırılır: yalnızca TL kasa ve banka hesapları.',
      commitment: 'Boş bırakılırsa en eski ödenmemiş taahhüt ödenir.',
      room: 'Taahhüt edilebilecek tutar: {{amount}} TL.', waiting: 'Ödenmemiş sermaye: {{amount}} TL.',
    },
    rules: { accountRequired: 'Sermayenin yatırıldığı kasa ya da banka hesabını seçiniz.', amountRequired: 'Tutar zorunludur.' },
    saved: { UNPAID_CAPITAL: 'Sermaye taahhüdü kaydedildi (yevmiye fişi {{no}}).', CAPITAL: 'Sermaye ödemesi kaydedildi (yevmiye fişi {{no}}).' },
    deleteConfirm: '{{date}} tarihli {{kind}} ({{amount}} TL) silinsin mi?',
    deleteDetail: 'Kaydın yevmiye fişi ters kayıtla iptal edilir. Ödemesi olan taahhüt silinmez; önce ödemeleri silin.',
    deleted: 'Sermaye kaydı silindi; fişi ters kayıtla iptal edildi.',
  },
};

const en: typeof tr = {
  title: 'Partners', one: 'Partner', add: 'Add partner', edit: 'Edit partner', delete: 'Delete partner', open: 'Open', back: 'Back to the list', notFound: 'Partner not found.',
  searchHint: 'Name, title, ID/tax no',
  types: { INDIVIDUAL: 'Individual', CORPORATE: 'Corporate' },
  filter: { status: 'Status', all: 'All', active: 'Active', passive: 'Passive', type: 'Partner type', allTypes: 'All types' },
  fields: {
    name: 'Name', lastName: 'Last name', title: 'Title', partnerType: 'Partner type', sharePercentage: 'Share (%)', capital: 'Capital (TL)',
    committedCapital: 'Committed', paidCapital: 'Paid', remaining: 'Unpaid capital', taxNumber: 'National ID / tax no', phone: 'Phone',
    email: 'E-mail', address: 'Address', active: 'Active (still a partner)', status: 'Status', capitalAccountCode: 'Capital account', unpaidCapitalAccountCode: 'Unpaid capital account',
  },
  hints: {
    share: '0 to 100, at most two decimals (12,5). The active partners together at most 100 %.',
    capital: 'The capital of the articles of association, in lira (TTK 332).',
    active: 'A partner who left is made passive and no longer counts towards the shares.',
  },
  rules: {
    nameRequired: 'Name is required.', partnerTypeRequired: 'The partner type is required: individual or corporate.', shareRequired: 'The share is required.',
    shareRange: 'The share is between 0 and 100, with at most two decimals.', capitalRequired: 'The capital is required.',
  },
  deleteDetail: 'A partner with capital records or postings is not deleted; make it passive when it left.',
  capital: {
    title: 'Capital records', commit: 'Capital commitment', pay: 'Capital payment', kind: 'Kind', date: 'Date', amount: 'Amount (TL)',
    account: 'Paid into', commitment: 'Commitment paid', commitmentOldest: 'The oldest unpaid commitment', paid: 'Paid', unpaid: 'Left',
    explanation: 'Explanation', entryNo: 'Entry no', delete: 'Delete capital record', empty: 'This partner has no capital records.',
    kinds: { UNPAID_CAPITAL: 'Commitment', CAPITAL: 'Payment' },
    hints: {
      commit: 'Posted debit 501 Unpaid capital / credit 500 Capital; the commitments stay within the partner\'s capital.',
      account: 'Capital is paid in lira: lira safes and bank accounts only.',
      commitment: 'Left empty, the oldest unpaid commitment is paid.',
      room: 'Still to commit: {{amount}} TL.', waiting: 'Unpaid capital: {{amount}} TL.',
    },
    rules: { accountRequired: 'Choose the safe or bank account the capital is paid into.', amountRequired: 'The amount is required.' },
    saved: { UNPAID_CAPITAL: 'Capital commitment saved (journal entry {{no}}).', CAPITAL: 'Capital payment saved (journal entry {{no}}).' },
    deleteConfirm: 'Delete the {{kind}} of {{date}} ({{amount}} TL)?',
    deleteDetail: 'Its journal entry is reversed. A commitment with payments stays; delete the payments first.',
    deleted: 'Capital record deleted; its entry was reversed.',
  },
};

const VIEW = { module: Module.PARTNER };

/**
 * Partners and their capital (seeds 000 §2 "partner" under 'Cari Hesaplar', §3, §6 PARTNER 7 with
 * capital create 21 and delete 22): /partner lists the partners with their share, capital and what
 * is still unpaid (from the ledger), adds, edits and deletes them; /partner/:id shows a partner's
 * capital records, commits capital and records payments into a lira safe or bank account.
 */
export const area: WebArea = {
  menu: [{
    ...GROUPS.currents,
    children: [{
      id: 'partner', title: tr.title, titleKey: 'accounting:currents.menu.partner', route: '/partner', icon: 'people', order: 40, ...VIEW,
      addButton: { module: Module.PARTNER, action: Action.CREATE },
    }],
  }],
  routes: [
    { path: '/partner', ...VIEW, title: tr.title, titleKey: 'partners.title' },
    { path: '/partner/:id', ...VIEW, title: tr.one, titleKey: 'partners.one' },
  ],
  load: {
    routes: {
      '/partner': () => import('./PartnersPage'),
      '/partner/:id': () => import('./PartnerDetailPage'),
    },
  },
  messages: { tr: { partners: tr }, en: { partners: en } },
};
