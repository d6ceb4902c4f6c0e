/**
 * @tezgah/pharmacy-web: the pharmacy plugin's workbench part (issue 12; seeds 001 §2, §5, §8;
 * seed 000 §2). The prescription counter /pharmacy-sale (the landing page of pharmacy companies by
 * the shell's root rule), the prescriptions list /recete, the deposited medicines (/emanet, the
 * deposit sale /emanet/new), the drug-tracking page and dialog (also as an 'İTS' button on invoice
 * pages, the accounting plugin's `accounting.invoice.actions` slot) and the pharmacy settings with
 * the İTS/ÜTS notifications waiting (/pharmacy-settings, under Ayarlar), and the scanner of the boxes a
 * sales return takes back (the return dialog's `accounting.invoice.returnLine` slot). Every screen loads lazily.
 */
import { defineWebPlugin, Module, PHARMACY_THEMES } from '@tezgah/core';

/** The texts the shell needs before any screen loads: the menu's titles (the screens' texts come with them, texts.ts). */
const shellTexts = {
  tr: { menu: { sale: 'Reçeteli Satış', recetes: 'Reçeteler', emanet: 'Emanetler', emanetNew: 'Emanet Ver', settings: 'Eczane Ayarları', tracking: 'İlaç Takip', raporlar: 'Hasta Raporları', tesis: 'Sağlık Tesisleri', vademecum: 'İlaç Bilgisi' } },
  en: { menu: { sale: 'Prescription sale', recetes: 'Prescriptions', emanet: 'Deposited medicines', emanetNew: 'Give on deposit', settings: 'Pharmacy settings', tracking: 'Drug tracking', raporlar: 'Patient reports', tesis: 'Health facilities', vademecum: 'Drug information' } },
};

/**
 * The slots of the accounting plugin this plugin fills (the invoice page's actions: the 'İTS'
 * button; each line of the return dialog: the returned boxes' scanner), and the one it opens:
 * `pharmacy.sale.payment` on the counter's payment card, for a POS plugin's card payment (params
 * receteId, amount: the patient's payable as a decimal string, invoiceId once invoiced).
 */
export const SLOTS = { invoiceActions: 'accounting.invoice.actions', returnLine: 'accounting.invoice.returnLine', salePayment: 'pharmacy.sale.payment' } as const;

const themes = [...PHARMACY_THEMES];
/** The prescription module (29 RECETE), in the pharmacy themes (seeds 001 §2: /pharmacy-sale "pharmacy themes only"). */
const RECETE = { module: Module.RECETE, themes };
/** Drug tracking: product view (13_1) and an ERP type other than 'eczanem' (seeds 001 §2). */
const TRACKING = { codes: ['13_1'], disabledForEczanem: true };
/** The pharmacy's accounts are company settings (module 21, as the settings' calls). */
const SETTINGS = { codes: ['21_1'] };

export default defineWebPlugin({
  id: 'pharmacy',
  title: 'Eczane',
  version: '0.1.0',
  requires: ['accounting'],
  // Seed 000 §2's menu order: the prescription sale first, the prescriptions between the reports
  // and the stock (accounting's groups: commercial 40, stock 70); the deposits beside them.
  menu: [
    { id: 'pharmacy-sale', title: shellTexts.tr.menu.sale, titleKey: 'pharmacy:menu.sale', route: '/pharmacy-sale', icon: 'prescription', order: 5, reduced: true, ...RECETE },
    { id: 'recete', title: shellTexts.tr.menu.recetes, titleKey: 'pharmacy:menu.recetes', route: '/recete', icon: 'document', order: 60, reduced: true, ...RECETE },
    {
      id: 'emanet', title: shellTexts.tr.menu.emanet, titleKey: 'pharmacy:menu.emanet', route: '/emanet', icon: 'inherited-group', order: 61, reduced: true, ...RECETE,
      addButton: { route: '/emanet/new', module: Module.RECETE, action: 2 },
    },
    {
      id: 'order-category', title: 'Stok', titleKey: 'accounting:menu.stock', icon: 'box', order: 70,
      children: [{ id: 'drug-tracking', title: shellTexts.tr.menu.tracking, titleKey: 'pharmacy:menu.tracking', route: '/its', icon: 'barcode', order: 90, reduced: true, ...TRACKING }],
    },
    {
      id: 'settings', title: 'Ayarlar', titleKey: 'settings:menu.settings', icon: 'cog', order: 900,
      children: [{ id: 'pharmacy-settings', title: shellTexts.tr.menu.settings, titleKey: 'pharmacy:menu.settings', route: '/pharmacy-settings', icon: 'prescription', order: 26, reduced: true, ...SETTINGS }],
    },
  ],
  routes: [
    { path: '/pharmacy-sale', title: shellTexts.tr.menu.sale, titleKey: 'menu.sale', ...RECETE },
    { path: '/pharmacy-sale/:id', title: shellTexts.tr.menu.sale, titleKey: 'menu.sale', ...RECETE },
    { path: '/recete', title: shellTexts.tr.menu.recetes, titleKey: 'menu.recetes', ...RECETE },
    { path: '/emanet', title: shellTexts.tr.menu.emanet, titleKey: 'menu.emanet', ...RECETE },
    { path: '/emanet/new', title: shellTexts.tr.menu.emanetNew, titleKey: 'menu.emanetNew', module: Module.RECETE, themes, anyActions: [2] },
    { path: '/hasta-rapor', title: shellTexts.tr.menu.raporlar, titleKey: 'menu.raporlar', ...RECETE },
    { path: '/tesis', title: shellTexts.tr.menu.tesis, titleKey: 'menu.tesis', ...RECETE },
    // The drug-information page (our stand-in for Vademecum): opened from the counter with a token; the prescription module or product view.
    { path: '/vademecum', title: shellTexts.tr.menu.vademecum, titleKey: 'menu.vademecum', codes: ['29_1', '13_1'] },
    { path: '/its', title: shellTexts.tr.menu.tracking, titleKey: 'menu.tracking', ...TRACKING },
    { path: '/pharmacy-settings', title: shellTexts.tr.menu.settings, titleKey: 'menu.settings', ...SETTINGS },
  ],
  slots: { fills: [SLOTS.invoiceActions, SLOTS.returnLine], opens: [SLOTS.salePayment] },
  load: {
    routes: {
      '/pharmacy-sale': () => import('./counter/CounterPage'),
      '/pharmacy-sale/:id': () => import('./counter/CounterPage'),
      '/recete': () => import('./recete/RecetesPage'),
      '/emanet': () => import('./emanet/EmanetPage'),
      '/emanet/new': () => import('./emanet/EmanetNewPage'),
      '/hasta-rapor': () => import('./recete/HastaRaporsPage'),
      '/tesis': () => import('./recete/TesisPage'),
      '/vademecum': () => import('./vademecum/VademecumPage'),
      '/its': () => import('./tracking/TrackingPage'),
      '/pharmacy-settings': () => import('./settings/SettingsPage'),
    },
    slots: {
      [SLOTS.invoiceActions]: () => import('./tracking/InvoiceTrackingAction'),
      [SLOTS.returnLine]: () => import('./tracking/ReturnBoxes'),
    },
  },
  messages: shellTexts,
});
