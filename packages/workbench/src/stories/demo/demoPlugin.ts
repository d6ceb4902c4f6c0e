import { Action, Module, Theme, defineWebPlugin } from '@tezgah/core';

/**
 * A small plugin for stories and shell tests: one of each contribution type, gated like the
 * product's own entries (seeds 000 §2 menu, §6 gating); all of them belong to the reduced
 * pharmacy menu, as in the product.
 */
export const demoPlugin = defineWebPlugin({
  id: 'demo',
  title: 'Demo',
  version: '0.0.0',
  menu: [
    { id: 'pharmacy-sale', title: 'Reçeteli Satış', route: '/pharmacy-sale', module: Module.RECETE, themes: [Theme.PHARMACY, Theme.PHARMACY_LIGHT], icon: 'prescription', order: 5, reduced: true },
    { id: 'home', title: 'Ana Sayfa', route: '/summary', icon: 'home', order: 10, reduced: true },
    {
      id: 'current-category', title: 'Cari Hesaplar', icon: 'people', order: 20,
      children: [{ id: 'customer', title: 'Müşteriler', route: '/customer', module: Module.CUSTOMER, icon: 'person', addButton: { module: Module.CUSTOMER, action: Action.CREATE }, reduced: true }],
    },
    {
      id: 'order-category', title: 'Stok', icon: 'box', order: 40,
      children: [
        { id: 'product', title: 'Ürünler', route: '/product', module: Module.PRODUCT, icon: 'box', addButton: { module: Module.PRODUCT, action: Action.CREATE }, reduced: true },
        { id: 'its', title: 'İlaç Takip', route: '/its', module: Module.PRODUCT, icon: 'barcode', disabledForEczanem: true, reduced: true },
      ],
    },
    { id: 'agenda', title: 'Ajanda', route: '/agenda', icon: 'calendar', order: 60, reduced: true },
    {
      id: 'settings', title: 'Ayarlar', icon: 'cog', order: 90,
      children: [{ id: 'tax-settings', title: 'Vergi Ayarları', route: '/tax-settings', module: Module.TAX, themes: [Theme.DEFAULT], icon: 'percentage', reduced: true }],
    },
  ],
  routes: [
    { path: '/pharmacy-sale', title: 'Reçeteli Satış', module: Module.RECETE },
    { path: '/summary', title: 'Ana Sayfa' },
    { path: '/customer', title: 'Müşteriler', module: Module.CUSTOMER },
    { path: '/product', title: 'Ürünler', module: Module.PRODUCT },
    { path: '/its', title: 'İlaç Takip', module: Module.PRODUCT },
    { path: '/agenda', title: 'Ajanda' },
    { path: '/tax-settings', title: 'Vergi Ayarları', module: Module.TAX },
  ],
  widgets: [{ id: 'sales-today', title: 'Bugünkü satışlar', module: Module.SALES, actions: [Action.VIEW] }],
  quickAdds: [{ id: 'customer', title: 'Hızlı müşteri ekle', module: Module.CUSTOMER, action: Action.CREATE }],
  settings: [{ id: 'preferences', title: 'Demo tercihleri' }],
  slots: { opens: ['demo.customer.tabs'], fills: ['demo.customer.tabs'] },
  load: {
    routes: {
      '/pharmacy-sale': () => import('./pages').then((m) => ({ default: m.page('Reçeteli Satış') })),
      '/summary': () => import('./pages').then((m) => ({ default: m.page('Özet') })),
      '/customer': () => import('./pages').then((m) => ({ default: m.CustomerPage })),
      '/product': () => import('./pages').then((m) => ({ default: m.page('Ürün listesi') })),
      '/its': () => import('./pages').then((m) => ({ default: m.page('İlaç Takip') })),
      '/agenda': () => import('./pages').then((m) => ({ default: m.page('Ajanda') })),
      '/tax-settings': () => import('./pages').then((m) => ({ default: m.page('Vergi Ayarları') })),
    },
    widgets: { 'sales-today': () => import('./pages').then((m) => ({ default: m.SalesWidget })) },
    quickAdds: { customer: () => import('./pages').then((m) => ({ default: m.QuickCustomer })) },
    settings: { preferences: () => import('./pages').then((m) => ({ default: m.PreferencesPage })) },
    slots: { 'demo.customer.tabs': () => import('./pages').then((m) => ({ default: m.CustomerNotesTab })) },
  },
  messages: {
    tr: { notes: 'Notlar', saved: 'Tercihler kaydedildi' },
    en: { notes: 'Notes', saved: 'Preferences saved' },
  },
});
