import { PAYMENT_TYPE_LABELS_TR, PAYMENT_TYPES, type PaymentType } from '@tezgah/core/invoice';
import { contributionsTo, requireAuth, type Handler, type Services } from '@tezgah/server';
import { ACCOUNT_TYPES, type AccountType } from '../banks/accounts';

/**
 * The extension point `accounting.invoice.paymentMethods`: other plugins add ways to take an
 * invoice's money (the POS plugin: "POS cihazı", a card payment taken on a device and settled into
 * a POS bank account). A method settles as one of the payment types — so it posts as that type
 * does — and may narrow the bank accounts it settles into by their type. It is data a plugin
 * declares in `ServerPlugin.contributes`; the accounting plugin checks it here and the invoice
 * keeps the method beside its payment (`invoice_payments.method`), so the plugin can act on it
 * after `accounting.invoice.posted` (whose payload lists the payments with their methods).
 */
export const PAYMENT_METHODS_POINT = 'accounting.invoice.paymentMethods';

/** What a plugin contributes to `accounting.invoice.paymentMethods`. */
export interface PaymentMethodContribution {
  /** Unique, namespaced by the plugin: `pos.device`. */
  id: string;
  /** How it settles and posts. */
  paymentType: PaymentType;
  label: { tr: string; en: string };
  /** The bank account types it settles into (CREDIT_CARD methods); any when left out. */
  bankAccountTypes?: AccountType[];
}

export interface PaymentMethod extends PaymentMethodContribution { plugin: string }

const ID = /^[a-z][a-z0-9-]*(\.[a-z0-9-]+)+$/;

/** The contributed methods of the running plugins; a malformed or doubled one is a programming error, reported at once. */
export function paymentMethods(services: Pick<Services, 'plugins'>): PaymentMethod[] {
  const out: PaymentMethod[] = [];
  for (const { plugin, item } of contributionsTo<PaymentMethodContribution>(services, PAYMENT_METHODS_POINT)) {
    const where = `${plugin}: ${PAYMENT_METHODS_POINT} ${JSON.stringify(item?.id)}`;
    if (!item || typeof item.id !== 'string' || !ID.test(item.id) || item.id.length > 64) throw new Error(`${where}: the id must be namespaced like 'pos.device'`);
    if (!PAYMENT_TYPES.includes(item.paymentType)) throw new Error(`${where}: unknown payment type ${String(item.paymentType)}`);
    if (!item.label?.tr || !item.label?.en) throw new Error(`${where}: a Turkish and an English label are needed`);
    if (item.bankAccountTypes && (item.paymentType !== 'CREDIT_CARD' || item.bankAccountTypes.some((t) => !(ACCOUNT_TYPES as readonly string[]).includes(t)))) {
      throw new Error(`${where}: bank account types are for CREDIT_CARD methods, among ${ACCOUNT_TYPES.join(', ')}`);
    }
    if (out.some((m) => m.id === item.id)) throw new Error(`${where}: contributed twice`);
    out.push({ ...item, plugin });
  }
  return out;
}

const LABELS_EN: Record<PaymentType, string> = { CREDIT_CARD: 'Credit card', CASH: 'Cash', PORTAL_CASH: 'Portal cash', FREE: 'Free of charge', OPEN_ACCOUNT: 'On account' };

/** GET /payment-methods: the payment types, then the contributed methods, with their Turkish and English labels. */
export const listPaymentMethods: Handler = async (ctx) => {
  requireAuth(ctx);
  return [
    ...PAYMENT_TYPES.map((t) => ({ paymentType: t, method: null, label: { tr: PAYMENT_TYPE_LABELS_TR[t], en: LABELS_EN[t] }, plugin: null, bankAccountTypes: null })),
    ...paymentMethods(ctx.services).map((m) => ({ paymentType: m.paymentType, method: m.id, label: m.label, plugin: m.plugin, bankAccountTypes: m.bankAccountTypes ?? null })),
  ];
};
