/**
 * @tezgah/edocument-web: the e-document plugin's workbench part (issue 11; seeds 001 §2–§9). It
 * adds the "e-Belge" button and check dialog to posted sales invoices (the accounting plugin's
 * `accounting.invoice.actions` slot) and "e-İrsaliye" to outgoing despatches
 * (`accounting.despatch.actions`), the GİB status column of the invoice reports
 * (`accounting.reports.invoiceRow`), the e-document lists (/e-documents, under Alış / Satış), the
 * integrator settings and series (/e-document-settings, under Ayarlar) and a home widget of what
 * waits or failed. Every screen loads lazily; the workbench finds the plugin by `tezgah.web`.
 */
import { defineWebPlugin } from '@tezgah/core';
/**
 * The texts the shell needs before any screen loads: the menu's and the widget's titles. The
 * screens' texts (messages.ts) come with them (texts.ts), keeping the sign-in bundle small.
 */
const shellTexts = {
  tr: { menu: { documents: 'e-Belgeler', settings: 'e-Belge Ayarları' }, widget: { title: 'e-Belgeler' } },
  en: { menu: { documents: 'e-Documents', settings: 'e-Document settings' }, widget: { title: 'e-Documents' } },
};

/** The slots of the accounting plugin this plugin fills (their names are the accounting plugin's public API). */
export const SLOTS = {
  invoiceActions: 'accounting.invoice.actions',
  despatchActions: 'accounting.despatch.actions',
  invoiceReportRow: 'accounting.reports.invoiceRow',
} as const;

/** Sales, purchases or despatches viewed: the lists (each tab asks its own). */
const LISTS = { codes: ['11_1', '12_1', '26_1'] };
/** Company settings viewed (the settings' calls are module 21). */
const SETTINGS = { codes: ['21_1'] };

export default defineWebPlugin({
  id: 'edocument',
  title: 'e-Belge',
  version: '0.1.0',
  requires: ['accounting'],
  menu: [
    {
      id: 'commercial-category', title: 'Alış / Satış', titleKey: 'accounting:menu.commercial', icon: 'shop', order: 40,
      children: [{ id: 'e-documents', title: shellTexts.tr.menu.documents, titleKey: 'edocument:menu.documents', route: '/e-documents', icon: 'cloud-upload', order: 35, ...LISTS }],
    },
    {
      id: 'settings', title: 'Ayarlar', titleKey: 'settings:menu.settings', icon: 'cog', order: 900,
      children: [{ id: 'e-document-settings', title: shellTexts.tr.menu.settings, titleKey: 'edocument:menu.settings', route: '/e-document-settings', icon: 'cloud', order: 25, ...SETTINGS }],
    },
  ],
  routes: [
    { path: '/e-documents', ...LISTS, title: shellTexts.tr.menu.documents, titleKey: 'menu.documents' },
    { path: '/e-documents/:tab', ...LISTS, title: shellTexts.tr.menu.documents, titleKey: 'menu.documents' },
    { path: '/e-document-settings', ...SETTINGS, title: shellTexts.tr.menu.settings, titleKey: 'menu.settings' },
  ],
  widgets: [{ id: 'edocument-summary', title: shellTexts.tr.widget.title, titleKey: 'widget.title', codes: ['11_1', '12_1'] }],
  slots: { fills: [SLOTS.invoiceActions, SLOTS.despatchActions, SLOTS.invoiceReportRow] },
  load: {
    routes: {
      '/e-documents': () => import('./EDocumentsPage'),
      '/e-documents/:tab': () => import('./EDocumentsPage'),
      '/e-document-settings': () => import('./SettingsPage'),
    },
    widgets: { 'edocument-summary': () => import('./SummaryWidget') },
    slots: {
      [SLOTS.invoiceActions]: () => import('./SendAction').then((m) => ({ default: m.InvoiceSendAction })),
      [SLOTS.despatchActions]: () => import('./SendAction').then((m) => ({ default: m.DespatchSendAction })),
      [SLOTS.invoiceReportRow]: () => import('./ReportStatusCell'),
    },
  },
  messages: shellTexts,
});
