import { Action, Module } from '@tezgah/core';
import { GROUPS, type WebArea } from '../area';

const tr = {
  menu: 'Kasa', title: 'Kasalar', add: 'Kasa ekle', edit: 'Kasayı düzenle', delete: 'Kasayı sil', open: 'Aç', back: 'Listeye dön',
  searchHint: 'Kasa adı', notFound: 'Kasa bulunamadı.', balance: 'Bakiye', balanceLira: 'Bakiye (TL)',
  deleteDetail: 'Yalnızca açılış bakiyesi dışında hareketi olmayan kasa silinir; açılış fişi ters kayıtla iptal edilir.',
  fields: {
    name: 'Kasa adı', accountCode: 'Hesap kodu', currencyId: 'Para birimi', openingBalance: 'Açılış bakiyesi ({{currency}})', openingDate: 'Açılış tarihi',
    openingRate: 'Açılış kuru ({{currency}})', openingAccount: 'Karşı hesap', explanation: 'Açıklama', tagIds: 'Etiketler',
  },
  hints: {
    name: 'Zorunlu; en fazla 100 karakter.', currency: 'Hareketi olan kasanın para birimi değiştirilemez.',
    opening: 'Kasadaki para (ör. 1.999,90); açılış fişi olarak muhasebeleşir.', openingAccount: 'Boş bırakılırsa 570 Geçmiş Yıllar Kârları.',
  },
  rules: { nameRequired: 'Kasa adı zorunludur.', nameLength: 'Kasa adı en fazla 100 karakter olabilir.', currencyRequired: 'Para birimi zorunludur.' },
  tabs: { lines: 'Hareketler', transactions: 'İşlemler', info: 'Bilgiler' },
  lines: { balance: 'Bakiye (TL)', balanceFc: 'Bakiye ({{currency}})', amountFc: 'Tutar ({{currency}})', empty: 'Bu kasanın hareketi yok.' },
};

const en: typeof tr = {
  menu: 'Safe', title: 'Safes', add: 'Add safe', edit: 'Edit safe', delete: 'Delete safe', open: 'Open', back: 'Back to the list',
  searchHint: 'Safe name', notFound: 'Safe not found.', balance: 'Balance', balanceLira: 'Balance (TL)',
  deleteDetail: 'Only a safe without movements but its opening is deleted; the opening entry is reversed.',
  fields: {
    name: 'Safe name', accountCode: 'Account code', currencyId: 'Currency', openingBalance: 'Opening balance ({{currency}})', openingDate: 'Opening date',
    openingRate: 'Opening rate ({{currency}})', openingAccount: 'Counter account', explanation: 'Explanation', tagIds: 'Tags',
  },
  hints: {
    name: 'Required; at most 100 characters.', currency: 'The currency of a safe with movements cannot change.',
    opening: 'The cash in the safe (e.g. 1.999,90); posted as the opening entry.', openingAccount: 'Left empty, 570 Geçmiş Yıllar Kârları.',
  },
  rules: { nameRequired: 'The safe name is required.', nameLength: 'A safe name has at most 100 characters.', currencyRequired: 'The currency is required.' },
  tabs: { lines: 'Movements', transactions: 'Transactions', info: 'Details' },
  lines: { balance: 'Balance (TL)', balanceFc: 'Balance ({{currency}})', amountFc: 'Amount ({{currency}})', empty: 'This safe has no movements.' },
};

/** The safes need the safe module (2) with view (1) or finance movements view (37). */
const VIEW = { module: Module.SAFE, anyActions: [Action.VIEW, Action.FINANCE_MOVEMENTS_VIEW] };

/**
 * Safes (kasa) under 'Finans' (seeds 000 §2 "safe", §3, §7 /safes): the list with balances, the
 * add/edit dialog, and a safe's page with its movements and running balance.
 */
export const area: WebArea = {
  menu: [{
    ...GROUPS.finance,
    children: [{ id: 'safe', title: tr.menu, titleKey: 'accounting:safes.menu', route: '/safe', icon: 'dollar', order: 20, ...VIEW, addButton: { module: Module.SAFE, action: Action.CREATE } }],
  }],
  routes: [
    { path: '/safe', ...VIEW, title: tr.title, titleKey: 'safes.title' },
    { path: '/safe/:id', ...VIEW, title: tr.menu, titleKey: 'safes.menu' },
  ],
  load: {
    routes: {
      '/safe': () => import('./SafesPage'),
      '/safe/:id': () => import('./SafeDetailPage'),
    },
  },
  messages: { tr: { safes: tr }, en: { safes: en } },
};
