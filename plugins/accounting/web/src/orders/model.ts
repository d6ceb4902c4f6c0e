/**
 * Types, paths, authorities and the form's arithmetic of the order screens (seeds 000 §3 order;
 * openapi/accounting/orders.yaml): orders received (IN, alınan sipariş, module ORDER_RECEIVED 9,
 * /order/in) and given (OUT, verilen sipariş, module ORDER_GIVEN 10, /order/out). An order posts
 * nothing; it becomes a sale (IN) or a purchase (OUT) invoice in full or in part (to-invoice,
 * action 23). The lines and their live totals are the invoice form's: the same line drafts and
 * `computeInvoice` of @tezgah/core, without payments or a document discount.
 */
import { Action, Module, QUANTITY_DECIMALS, formatDecimalInput, formatQuantity, type WorkbenchHost } from '@tezgah/core';
import type { components } from '@tezgah/sdk';
import {
  computeForm, decimalOf, discountDraft, usedLines, type Computed, type DiscountDraft, type InvoiceType, type LineDraft, type Product, type Tax,
} from '../invoices/model';
import type { Current } from '../finance/model';

export type Order = components['schemas']['Order'];
export type OrderLine = Order['products'][number];
export type OrderDirection = components['schemas']['OrderDirection'];
export type OrderCompletion = components['schemas']['OrderCompletion'];
export type OrderKind = components['schemas']['OrderKind'];
export type OrderFields = components['schemas']['OrderFields'];

const API = '/services/onmuhasebe/api';
export const ORDERS = `${API}/orders`;
export const ORDER = `${API}/orders/{id}`;
export const ORDER_TO_INVOICE = `${API}/orders/{id}/to-invoice`;

export const DIRECTIONS: readonly OrderDirection[] = ['IN', 'OUT'];
export const COMPLETIONS: readonly OrderCompletion[] = ['PENDING', 'COMPLETED'];
export const KINDS: readonly OrderKind[] = ['NORMAL', 'INSTRUCTED'];

/** The module of each direction: received 9, given 10. */
export const MODULE_OF: Record<OrderDirection, number> = { IN: Module.ORDER_RECEIVED, OUT: Module.ORDER_GIVEN };
/** Turning an order into an invoice (Faturaya Dönüştürme, 23). */
export const TO_INVOICE = Action.TO_INVOICE_CREATE;
/** The invoice an order becomes: a received order a sale, a given one a purchase (its prices are the product's of that side). */
export const INVOICE_TYPE_OF: Record<OrderDirection, InvoiceType> = { IN: 'SALE', OUT: 'BUYING' };
/** Where a direction's list is. */
export const LIST_OF: Record<OrderDirection, string> = { IN: '/order/in', OUT: '/order/out' };
/** Where a new order of a direction is written. */
export const NEW_OF: Record<OrderDirection, string> = { IN: '/order/in/new', OUT: '/order/out/new' };
/** An order's page and its form. */
export const pageOf = (id: number) => `/order/${id}`;
export const editOf = (id: number) => `/order/${id}/edit`;

/** May the user do any of these actions on orders of this direction? */
export const mayOrder = (host: WorkbenchHost, d: OrderDirection, ...actions: number[]) => host.can({ module: MODULE_OF[d], anyActions: actions });

/**
 * Has anything been invoiced from the order (by invoices not cancelled)? The server also refuses a
 * change once an invoice was made and later cancelled (409 ORDER_INVOICED); the form says so then.
 */
export const anyInvoiced = (o: Pick<Order, 'invoiceIds' | 'products'>) => o.invoiceIds.length > 0 || o.products.some((l) => l.invoiced > 0);

// ---------------------------------------------------------------------------------------------
// The form

/** What the form starts from: empty for a new order, the order's own content when it is edited. */
export interface OrderDraft {
  current: Pick<Current, 'id' | 'name' | 'lastName'> | null;
  orderDate: string;
  orderKind: OrderKind;
  /** Kept as it is (the form offers no currency; a new order is in lira). */
  currencyId: number;
  explanation: string;
  tagIds: number[];
  lines: LineDraft[];
}

const NO_DISCOUNT: DiscountDraft = { kind: 'PERCENTAGE', text: '' };

/** The totals of the lines as typed: the invoice computation without payments or a document discount. */
export function computeOrder(lines: readonly LineDraft[], taxes: readonly Tax[] | null): Computed | null {
  if (!usedLines(lines).length) return null;
  return computeForm({ lines, discount: NO_DISCOUNT, payments: [], conversionRate: '' }, taxes);
}

/** The body of createOrder (updateOrder adds the id) from the form's state. */
export function orderBody(direction: OrderDirection, d: Omit<OrderDraft, 'current' | 'lines'> & { currentId: number; lines: readonly LineDraft[] }): OrderFields {
  return {
    direction,
    orderKind: d.orderKind,
    currentId: d.currentId,
    orderDate: d.orderDate,
    explanation: d.explanation.trim() || null,
    currencyId: d.currencyId,
    tagIds: d.tagIds,
    products: usedLines(d.lines).map((l) => ({
      productId: l.product!.id,
      quantity: decimalOf(l.quantity),
      unitPrice: decimalOf(l.unitPrice),
      ...(l.discount.text.trim()
        ? { discounts: [l.discount.kind === 'PERCENTAGE' ? { type: 'PERCENTAGE' as const, percentage: decimalOf(l.discount.text) } : { type: 'AMOUNT' as const, amount: decimalOf(l.discount.text) }] }
        : {}),
      ...(l.taxId ? { taxId: Number(l.taxId) } : {}),
    })),
  };
}

/**
 * The form's key of a field the server names (`products.0.quantity`, `products/1/discounts/0/amount`):
 * the sent line's key and the part the form shows it at; header fields as they are.
 */
export function orderFormKey(field: string, sent: readonly Pick<LineDraft, 'key'>[]): string {
  const [head, index, part] = field.split(/[./[\]]/).filter(Boolean);
  if (head === 'products' && index !== undefined && /^\d+$/.test(index)) {
    const key = sent[Number(index)]?.key;
    if (key === undefined) return 'lines';
    const to: Record<string, string> = { productId: 'product', quantity: 'quantity', unitPrice: 'unitPrice', discounts: 'discount', taxId: 'taxId' };
    return `line:${key}.${to[part ?? ''] ?? 'product'}`;
  }
  if (head === 'products') return 'lines';
  return head ?? '';
}

/** What a product the company no longer lists looks like to the form: what the order's line knows of it. */
function productOfLine(l: OrderLine): Product {
  return {
    id: l.productId, name: l.productName, barcode: '', service: false, stockQuantity: 0, unitName: '', defaultTaxId: l.taxId ?? 0, defaultTaxRate: 0,
  } as Partial<Product> as Product;
}

/** An order's content as the form types it (Turkish numbers). */
export function draftOfOrder(o: Order, products: ReadonlyMap<number, Product>): OrderDraft {
  return {
    current: { id: o.currentId, name: o.currentName, lastName: null },
    orderDate: o.orderDate,
    orderKind: o.orderKind,
    currencyId: o.currencyId,
    explanation: o.explanation ?? '',
    tagIds: o.tags.map((x) => x.id),
    lines: o.products.map((l, i) => ({
      key: i,
      product: products.get(l.productId) ?? productOfLine(l),
      quantity: quantityText(l.quantity),
      unitPrice: formatDecimalInput(l.unitPrice, 2, 8),
      discount: discountDraft(l.discounts[0] as Parameters<typeof discountDraft>[0]),
      taxId: l.taxId ? String(l.taxId) : '',
      withholdingCode: '',
      withholdingPercent: '',
      warehouseId: '',
    })),
  };
}

// ---------------------------------------------------------------------------------------------
// To invoice

/** A line of the to-invoice dialog: the order line and the quantity to invoice as typed. */
export interface InvoiceLineDraft { line: OrderLine; quantity: string }

/** The quantity as the dialog types it (Turkish: '4', '2,5'). */
export const quantityText = (n: number) => formatQuantity(n, 0).replace(/\./g, '');

/** Each line with something left, its whole remaining offered. */
export const invoiceLineDrafts = (o: Order): InvoiceLineDraft[] => o.products.filter((l) => l.remaining > 0).map((line) => ({ line, quantity: quantityText(line.remaining) }));

export type QuantityProblem = 'format' | 'decimals' | 'negative' | 'aboveRemaining';

/** A typed quantity as a decimal ('2,5' → '2.5'; '' → '0'), or what is wrong with it. */
export function readInvoiceQuantity(text: string, remaining: number): { value: string } | { error: QuantityProblem } {
  const t = text.trim();
  if (!t) return { value: '0' };
  const v = decimalOf(t);
  if (!/^-?\d+(\.\d+)?$/.test(v)) return { error: 'format' };
  if (v.startsWith('-')) return { error: 'negative' };
  if ((v.split('.')[1] ?? '').length > QUANTITY_DECIMALS) return { error: 'decimals' };
  if (Number(v) > remaining + 1e-9) return { error: 'aboveRemaining' };
  return { value: v };
}

/** What POST /orders/{id}/to-invoice is sent (the quantities as decimals). */
export interface ToInvoiceBody { date: string; documentNo?: string | null; lines: { orderLineId: number; quantity: string }[] }

/**
 * The to-invoice body: the date, a given order's supplier number, and the lines with a quantity
 * above zero (a 0 leaves the line out); or the line index of each quantity that is wrong, or
 * `nothing` when every quantity is 0 (the server would read no lines as "all that remains").
 */
export function toInvoiceBody(
  direction: OrderDirection, date: string, documentNo: string, lines: readonly InvoiceLineDraft[],
): { body: ToInvoiceBody; sent: OrderLine[] } | { errors: Map<number, QuantityProblem>; nothing?: true } {
  const errors = new Map<number, QuantityProblem>();
  const out: { orderLineId: number; quantity: string }[] = [];
  const sent: OrderLine[] = [];
  lines.forEach((l, i) => {
    const r = readInvoiceQuantity(l.quantity, l.line.remaining);
    if ('error' in r) { errors.set(i, r.error); return; }
    if (Number(r.value) > 0) { out.push({ orderLineId: l.line.id, quantity: r.value }); sent.push(l.line); }
  });
  if (errors.size) return { errors };
  if (!out.length) return { errors, nothing: true };
  return { body: { date, ...(direction === 'OUT' ? { documentNo: documentNo.trim() || null } : {}), lines: out }, sent };
}
