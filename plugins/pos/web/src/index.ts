/**
 * @tezgah/pos-web: the POS plugin's workbench part (issue 13; seeds 001 §2 /pos-devices,
 * /pos-payment, /kolay-asistan; §4 the POS payment statuses and the three user actions; §8).
 * - /pos-payment (Alış / Satış, after the sales): the pending and the recent POS payments, updating
 *   live (polling while a payment waits for its terminal), each with exactly the actions its status
 *   allows (send to the device, give up collecting, send the cancellation to the device);
 * - /virtual-payments (Alış / Satış, beside it): payment links, created for a current and an amount;
 * - /pos-devices and /kolay-asistan (Ayarlar): the terminals, and the desktop assistant's devices
 *   and connector settings;
 * - the slot `pharmacy.sale.payment` at the pharmacy counter: a "POS cihazı" button that sends the
 *   patient's share to a terminal.
 * The "POS cihazı" payment method of the invoice form comes from the server (the accounting
 * plugin's `accounting.invoice.paymentMethods` point). Every screen loads lazily.
 */
import { defineWebPlugin, Module } from '@tezgah/core';

/** The texts the shell needs before any screen loads: the menu's titles (the screens' texts come with them, texts.ts). */
const shellTexts = {
  tr: { menu: { payments: 'POS ödemeleri', devices: 'POS cihazları', assistant: 'Kolay Asistan', links: 'Ödeme linkleri' } },
  en: { menu: { payments: 'POS payments', devices: 'POS devices', assistant: 'Desktop assistant', links: 'Payment links' } },
};

/** The slot of the pharmacy counter this plugin fills (params receteId, amount; invoiceId once invoiced). */
export const SLOTS = { salePayment: 'pharmacy.sale.payment' } as const;

/** Seeds 001 §6: POS payment 30 (the list, the actions), current POS payment 34 (collections from a current: the links). */
const PAYMENTS = { module: Module.POS_PAYMENT, anyActions: [1] };
const LINKS = { module: Module.CURRENT_POS_PAYMENT, anyActions: [1] };
/** POS device 27; the assistant (KOLAY_ASISTAN) 28. */
const DEVICES = { module: Module.POS_DEVICE, anyActions: [1] };
const ASSISTANT = { module: Module.KOLAY_ASISTAN, anyActions: [1] };

export default defineWebPlugin({
  id: 'pos',
  title: 'POS',
  version: '0.1.0',
  requires: ['accounting'],
  // Seed 000 §2: Commercial → Sales, POS payment (the accounting group 'commercial-category':
  // sales 10, expense 20, all invoices 30). The devices and the assistant are settings.
  menu: [
    {
      id: 'commercial-category', title: 'Alış / Satış', titleKey: 'accounting:menu.commercial', icon: 'shop', order: 40,
      children: [
        { id: 'pos-payment', title: shellTexts.tr.menu.payments, titleKey: 'pos:menu.payments', route: '/pos-payment', icon: 'credit-card', order: 12, reduced: true, ...PAYMENTS },
        { id: 'virtual-payments', title: shellTexts.tr.menu.links, titleKey: 'pos:menu.links', route: '/virtual-payments', icon: 'link', order: 13, ...LINKS },
      ],
    },
    {
      id: 'settings', title: 'Ayarlar', titleKey: 'settings:menu.settings', icon: 'cog', order: 900,
      children: [
        { id: 'pos-devices', title: shellTexts.tr.menu.devices, titleKey: 'pos:menu.devices', route: '/pos-devices', icon: 'mobile-phone', order: 27, reduced: true, ...DEVICES },
        { id: 'kolay-asistan', title: shellTexts.tr.menu.assistant, titleKey: 'pos:menu.assistant', route: '/kolay-asistan', icon: 'desktop', order: 28, ...ASSISTANT },
      ],
    },
  ],
  routes: [
    { path: '/pos-payment', title: shellTexts.tr.menu.payments, titleKey: 'menu.payments', ...PAYMENTS },
    { path: '/virtual-payments', title: shellTexts.tr.menu.links, titleKey: 'menu.links', ...LINKS },
    { path: '/pos-devices', title: shellTexts.tr.menu.devices, titleKey: 'menu.devices', ...DEVICES },
    { path: '/kolay-asistan', title: shellTexts.tr.menu.assistant, titleKey: 'menu.assistant', ...ASSISTANT },
  ],
  slots: { fills: [SLOTS.salePayment] },
  load: {
    routes: {
      '/pos-payment': () => import('./payments/PaymentsPage'),
      '/virtual-payments': () => import('./links/LinksPage'),
      '/pos-devices': () => import('./devices/DevicesPage'),
      '/kolay-asistan': () => import('./assistant/AssistantPage'),
    },
    slots: {
      [SLOTS.salePayment]: () => import('./counter/CounterPayment'),
    },
  },
  messages: shellTexts,
});
