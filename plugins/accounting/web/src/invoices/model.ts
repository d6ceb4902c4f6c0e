/**
 * Types, paths, authorities and the form's arithmetic of the invoice screens (issue 9; seeds 000
 * §3 invoice, §4 cancel, §5 invoice computation and payments, §7 /invoices). One screen for both
 * directions: a sale (SALE, module SALES 11) and a purchase or expense (BUYING, module EXPENSE
 * 12). The totals are computed by @tezgah/core `computeInvoice`, the function the server checks
 * `totalAmount` with (TOTAL_MISMATCH when they disagree).
 */
import { Action, Module, parseTurkishDecimal, type WorkbenchHost } from '@tezgah/core';
import { InvoiceInputError, computeInvoice, withholdingFor, withholdingOptions, type InvoiceInput, type InvoiceTotals, type LineDiscount, type PaymentType } from '@tezgah/core/invoice';
import type { components } from '@tezgah/sdk';
import type { Product } from '../products/model';

export type Invoice = components['schemas']['Invoice'];
export type InvoiceSummary = components['schemas']['InvoiceSummary'];
export type InvoiceLine = Invoice['products'][number];
export type InvoiceType = components['schemas']['InvoiceType'];
/** Every kind an invoice is: SALE and BUYING, and their returns (made from the invoice they return). */
export type InvoiceKind = components['schemas']['InvoiceKind'];
/** The direction a kind belongs to: a sales return is under sales, a purchase return under purchases. */
export const baseOf = (k: InvoiceKind): InvoiceType => (k === 'SALE' || k === 'SALE_RETURN' ? 'SALE' : 'BUYING');
export const isReturnKind = (k: InvoiceKind) => k === 'SALE_RETURN' || k === 'BUYING_RETURN';
export type InvoiceStatus = components['schemas']['InvoiceStatus'];
export type InvoicePaymentStatus = components['schemas']['InvoicePaymentStatus'];
export type Tax = components['schemas']['Tax'];
export type Warehouse = components['schemas']['Warehouse'];
export type Due = components['schemas']['Due'];
export type InvoicePaymentLine = components['schemas']['InvoicePaymentLine'];
export type InstalmentPlan = components['schemas']['InstalmentPlan'];
export type InstalmentType = InstalmentPlan['type'];
export type { PaymentType, Product };

const API = '/services/onmuhasebe/api';
export const INVOICES = `${API}/invoices`;
export const INVOICE = `${API}/invoices/{id}`;
export const INVOICE_CANCEL = `${API}/invoices/cancel/{id}/{itsCancel}/{eInvoiceType}`;
export const INVOICE_RETURNS = `${API}/invoices/{id}/returns`;
export const SAFES = `${API}/safes`;
/** The invoice as a PDF (operationId invoicePdf). */
export const INVOICE_PDF = `${API}/pdf/{id}`;
export const PRODUCTS = `${API}/products`;
export const TAXES = `${API}/taxes`;
export const WAREHOUSES = `${API}/warehouses`;
/** The safes and bank accounts for the pickers (listMoneyAccounts; a plain array, not paged). */
export const MONEY_ACCOUNTS = `${API}/money-accounts`;
export const EXCHANGE_RATE = `${API}/exchange-rate/{from}/{date}/{to}`;
/** An instalment (vade) of a posted invoice, removed into its neighbour (deleteDue). */
export const DUE = `${API}/dues/{id}`;
/** The collections' and payments' shares of invoices' dues (listInvoicePaymentLines; zero-based pages). */
export const PAYMENT_LINES = `${API}/invoice-payment-lines`;
export const PAYMENT_LINE = `${API}/invoice-payment-lines/{id}`;
/** Collect from a customer (pay a supplier) and spread it over the open dues, oldest first. */
export const AUTO_SHARE = `${API}/invoice-payment-lines/auto-share`;

export const TYPES: readonly InvoiceType[] = ['SALE', 'BUYING'];
export const STATUSES: readonly InvoiceStatus[] = ['DRAFT', 'POSTED', 'CANCELLED'];
export const PAYMENT_STATUSES: readonly InvoicePaymentStatus[] = ['PAID', 'PARTIAL', 'UNPAID'];

/** The module of each direction: a sale is SALES (11), a purchase or expense EXPENSE (12). */
export const MODULE_OF: Record<InvoiceType, number> = { SALE: Module.SALES, BUYING: Module.EXPENSE };
/** Cancelling (iptal, 46); the server lets delete (4) cancel too. */
export const CANCEL = Action.INVOICE_CANCEL;

/** May the user do any of these actions on invoices of this direction? */
export const mayInvoice = (host: WorkbenchHost, type: InvoiceType, ...actions: number[]) => host.can({ module: MODULE_OF[type], anyActions: actions });
/**
 * Who may collect a sale (collection 25 of SALES or CUSTOMER, or create 2 of SALES) or pay a
 * purchase (payment 17 of EXPENSE or SUPPLIER, or create 2 of EXPENSE): what auto-share checks.
 */
export const COLLECT_CODES: Record<InvoiceType, readonly string[]> = {
  SALE: [`${Module.SALES}_${Action.COLLECTION_CREATE}`, `${Module.CUSTOMER}_${Action.COLLECTION_CREATE}`, `${Module.SALES}_${Action.CREATE}`],
  BUYING: [`${Module.EXPENSE}_${Action.PAYMENT_CREATE}`, `${Module.SUPPLIER}_${Action.PAYMENT_CREATE}`, `${Module.EXPENSE}_${Action.CREATE}`],
};
export const mayCollect = (host: WorkbenchHost, type: InvoiceType) => host.can({ codes: [...COLLECT_CODES[type]] });
/** Taking a payment line back: payment delete (19) or update (3) of the invoice's direction. */
export const mayTakeBack = (host: WorkbenchHost, type: InvoiceType) => mayInvoice(host, type, Action.PAYMENT_DELETE, Action.UPDATE);
/** The directions the user may see (view 1 of SALES / EXPENSE). */
export const visibleTypes = (host: WorkbenchHost): InvoiceType[] => TYPES.filter((t) => mayInvoice(host, t, Action.VIEW));
/** Where a direction's list is. */
export const LIST_OF: Record<InvoiceType, string> = { SALE: '/sales', BUYING: '/expense' };
/** Where a new invoice of a direction is written. */
export const NEW_OF: Record<InvoiceType, string> = { SALE: '/sales/new', BUYING: '/expense/new' };

// ---------------------------------------------------------------------------------------------
// The form's state

export type DiscountKind = 'PERCENTAGE' | 'AMOUNT';

/** A discount as typed: a percentage or an amount, Turkish text ('10', '29,99'); empty for none. */
export interface DiscountDraft { kind: DiscountKind; text: string }

/** A line as the form holds it. Numbers are the text typed (Turkish, '1.999,90'). */
export interface LineDraft {
  key: number;
  product: Product | null;
  quantity: string;
  unitPrice: string;
  discount: DiscountDraft;
  /** The KDV tax's id; '' while none is chosen (the product's default then). */
  taxId: string;
  /** A GİB withholding code ('' for none) and its percent ('' when the code has only one). */
  withholdingCode: string;
  withholdingPercent: string;
  /** The warehouse of a goods line ('' for the product's). */
  warehouseId: string;
  /**
   * The despatch line (irsaliye) the line invoices, kept as loaded when an invoice made from
   * despatches is edited: such a line moves no stock (the despatch did) and sends no stocks.
   */
  despatchLineId?: number | null;
  /** A note about the line (the rate was not found, the price was not given). */
  note?: string;
  /** The unit price is the product's (converted), not typed: a change of the invoice's currency prices it again. */
  productPrice?: boolean;
}

export interface PaymentDraft {
  key: number;
  type: PaymentType;
  amount: string;
  /** '' for the invoice's date. */
  date: string;
  /** A safe (CASH, PORTAL_CASH) or bank account (CREDIT_CARD) id, '' for none. */
  accountId: string;
  /** A method another plugin contributes (GET /payment-methods, e.g. 'pos.device'), '' for the payment type itself. */
  method?: string;
}

export const PAYMENT_METHODS = `${API}/payment-methods`;

/** A way to pay an invoice as GET /payment-methods lists it: a payment type, or a contributed method settling as one. */
export interface PaymentMethodChoice {
  paymentType: PaymentType;
  method: string | null;
  label: { tr: string; en: string };
  bankAccountTypes: string[] | null;
}

/** The select's value of a payment: its method, else its type. */
export const paymentChoiceKey = (p: { type: PaymentType; method?: string | null }) => (p.method ? `method:${p.method}` : p.type);

export const blankLine = (key: number): LineDraft => ({
  key, product: null, quantity: '1', unitPrice: '', discount: { kind: 'PERCENTAGE', text: '' }, taxId: '', withholdingCode: '', withholdingPercent: '', warehouseId: '',
});

/** The payment types that go into a safe, and the one that goes into a bank account. */
export const SAFE_PAYMENTS: readonly PaymentType[] = ['CASH', 'PORTAL_CASH'];
export const BANK_PAYMENTS: readonly PaymentType[] = ['CREDIT_CARD'];

/** Typed Turkish text as the decimal the computation and the API read ('1.999,90' → '1999.90'); the text itself when unreadable (the computation names it). */
export function decimalOf(text: string): string {
  const t = text.trim();
  if (!t) return '';
  return parseTurkishDecimal(t) ?? t;
}

/** The withholding codes, each once, in order. */
export function withholdingCodeList(codes: readonly { code: string }[]): string[] {
  return [...new Set(codes.map((c) => c.code))];
}

/** A line's withholding for the computation: the code with the percent chosen (or its only one). */
export function lineWithholding(l: Pick<LineDraft, 'withholdingCode' | 'withholdingPercent'>) {
  if (!l.withholdingCode) return null;
  const percent = l.withholdingPercent ? Number(l.withholdingPercent) : undefined;
  const w = withholdingFor(l.withholdingCode, percent) ?? withholdingOptions(l.withholdingCode)[0] ?? null;
  return w ? { code: w.code, numerator: w.numerator, denominator: w.denominator } : { code: l.withholdingCode, numerator: 0, denominator: 10 };
}

/** The tax a line carries: the one chosen, else the product's default (by id, else KDV at its rate). */
export function lineTax(l: Pick<LineDraft, 'taxId' | 'product'>, taxes: readonly Tax[] | null): { taxId: number | null; taxType: string; percentage: string } | null {
  const chosen = taxes?.find((t) => String(t.id) === l.taxId);
  if (chosen) return { taxId: chosen.id, taxType: chosen.taxType, percentage: String(chosen.percentage) };
  if (!l.product) return null;
  const byId = taxes?.find((t) => t.id === l.product!.defaultTaxId);
  if (byId) return { taxId: byId.id, taxType: byId.taxType, percentage: String(byId.percentage) };
  return { taxId: null, taxType: 'KDV', percentage: String(l.product.defaultTaxRate) };
}

const discountOf = (d: DiscountDraft): LineDiscount[] => {
  if (!d.text.trim()) return [];
  return [d.kind === 'PERCENTAGE' ? { type: 'PERCENTAGE', percentage: decimalOf(d.text) } : { type: 'AMOUNT', amount: decimalOf(d.text) }];
};

/** What the form is, for the computation: the lines with a product, the document discount, the payments. */
export interface FormFigures {
  lines: readonly LineDraft[];
  discount: DiscountDraft;
  payments: readonly PaymentDraft[];
  /** The rate typed for a foreign-currency invoice, as a decimal ('' for none). */
  conversionRate: string;
  /** Unit prices typed KDV-inclusive (the net is derived; see @tezgah/core computeInvoice). */
  pricesIncludeTax?: boolean;
}

/** The lines that count: those with a product. */
export const usedLines = (lines: readonly LineDraft[]) => lines.filter((l) => l.product !== null);

export function computeInput(f: FormFigures, taxes: readonly Tax[] | null): InvoiceInput {
  return {
    lines: usedLines(f.lines).map((l) => {
      const tax = lineTax(l, taxes);
      return {
        quantity: decimalOf(l.quantity),
        unitPrice: decimalOf(l.unitPrice),
        discounts: discountOf(l.discount),
        taxes: tax ? [tax] : [],
        withholding: lineWithholding(l),
        service: l.product?.service ?? false,
      };
    }),
    discounts: discountOf(f.discount),
    payments: f.payments.map((p) => ({ type: p.type, amount: decimalOf(p.amount) })),
    conversionRate: f.conversionRate || null,
    pricesIncludeTax: f.pricesIncludeTax === true,
  };
}

/** The figures, or the first problem the computation found (its field mapped to the form's keys). */
export type Computed = { totals: InvoiceTotals } | { error: { field: string; message: string } };

export function computeForm(f: FormFigures, taxes: readonly Tax[] | null): Computed {
  const used = usedLines(f.lines);
  try {
    return { totals: computeInvoice(computeInput(f, taxes)) };
  } catch (e) {
    if (e instanceof InvoiceInputError) return { error: { field: formKeyOfCore(e.field, used), message: e.message } };
    throw e;
  }
}

/**
 * The form's key of a field the computation names: `lines[2].quantity` is the third line with a
 * product (`line:<key>.quantity`); a line discount's problem is at its discount, a tax's at the
 * tax, a withholding's at the code; `discounts[0].amount` at the document discount; a payment's
 * at its amount or type.
 */
export function formKeyOfCore(field: string, used: readonly Pick<LineDraft, 'key'>[]): string {
  const m = /^lines\[(\d+)\](?:\.(\w+))?/.exec(field);
  if (m) {
    const key = used[Number(m[1])]?.key;
    const part = m[2] === 'discounts' ? 'discount' : m[2] === 'taxes' ? 'taxId' : m[2] === 'withholding' ? 'withholdingCode' : m[2] ?? 'quantity';
    return key === undefined ? 'lines' : `line:${key}.${part}`;
  }
  const p = /^payments\[(\d+)\]\.(\w+)/.exec(field);
  if (p) return `payment:${p[1]}.${p[2] === 'type' ? 'type' : 'amount'}`;
  if (field.startsWith('discounts')) return 'discount';
  return field;
}

/**
 * The form's key of a field the server names (`products.0.quantity`, `payments.1.amount`,
 * `products/0/discounts/0/amount`): the sent line's or payment's key, the part the form shows it
 * at. `sentLines` and `sentPayments` are what was sent, in order.
 */
export function formKeyOfServer(field: string, sentLines: readonly Pick<LineDraft, 'key'>[], sentPayments: readonly Pick<PaymentDraft, 'key'>[]): string {
  const parts = field.split(/[./[\]]/).filter(Boolean);
  const [head, index, part] = parts;
  if (head === 'products' && index !== undefined && /^\d+$/.test(index)) {
    const key = sentLines[Number(index)]?.key;
    if (key === undefined) return 'lines';
    const to: Record<string, string> = {
      discounts: 'discount', taxes: 'taxId', stocks: 'warehouseId', withholdingCode: 'withholdingCode', withholdingPercent: 'withholdingCode',
      productId: 'product', quantity: 'quantity', unitPrice: 'unitPrice', description: 'product', accountCode: 'product',
    };
    return `line:${key}.${to[part ?? ''] ?? 'product'}`;
  }
  if (head === 'products') return 'lines';
  if (head === 'payments' && index !== undefined && /^\d+$/.test(index)) {
    const key = sentPayments[Number(index)]?.key;
    if (key === undefined) return 'payments';
    const to: Record<string, string> = { paymentType: 'type', amount: 'amount', date: 'date', safeId: 'account', bankAccountId: 'account' };
    return `payment:${key}.${to[part ?? ''] ?? 'amount'}`;
  }
  if (head === 'payments') return 'payments';
  if (head === 'discounts') return 'discount';
  if (head === 'instalments') return index && ['type', 'day', 'count'].includes(index) ? `instalments.${index}` : 'instalments';
  return head ?? '';
}

/** The quantities of a sale that go above the product's stock: by line key, the stock there is. */
export function stockShortages(lines: readonly LineDraft[], before: ReadonlyMap<number, number> = new Map()): Map<number, number> {
  const wanted = new Map<number, number>();
  for (const l of usedLines(lines)) {
    if (l.product!.service || l.despatchLineId) continue;
    const q = Number(decimalOf(l.quantity));
    if (Number.isFinite(q)) wanted.set(l.product!.id, (wanted.get(l.product!.id) ?? 0) + q);
  }
  const out = new Map<number, number>();
  for (const l of usedLines(lines)) {
    const p = l.product!;
    if (p.service || l.despatchLineId) continue;
    const stock = p.stockQuantity + (before.get(p.id) ?? 0);
    if ((wanted.get(p.id) ?? 0) > stock + 1e-9) out.set(l.key, stock);
  }
  return out;
}

/** A discount of the API as the form types it. */
export function discountDraft(d: { type: DiscountKind; percentage?: number | string | null; amount?: number | string | null } | undefined): DiscountDraft {
  if (!d) return { kind: 'PERCENTAGE', text: '' };
  const v = d.type === 'PERCENTAGE' ? d.percentage : d.amount;
  return { kind: d.type, text: v === null || v === undefined ? '' : String(v).replace('.', ',') };
}

// ---------------------------------------------------------------------------------------------
// Instalments (taksit)

export const INSTALMENT_TYPES: readonly InstalmentType[] = ['MONTHLY', 'WEEKLY', 'DAYS'];
/** The largest `day` of each plan: the month's 31st, Sunday (7), every 366 days. */
export const INSTALMENT_DAY_MAX: Record<InstalmentType, number> = { MONTHLY: 31, WEEKLY: 7, DAYS: 366 };
export const INSTALMENT_COUNT_MAX = 120;

/** The plan as the form holds it: off, or a type with its day and count as typed. */
export interface InstalmentDraft { on: boolean; type: InstalmentType; day: string; count: string }

export const noInstalments = (): InstalmentDraft => ({ on: false, type: 'MONTHLY', day: '', count: '3' });

/** A plan's day that fits a type when it is chosen: the invoice's day of the month, its weekday, 30 days. */
export function defaultInstalmentDay(type: InstalmentType, date: string): string {
  const d = /^\d{4}-\d{2}-\d{2}$/.test(date) ? new Date(`${date}T00:00:00Z`) : new Date();
  if (type === 'MONTHLY') return String(d.getUTCDate());
  if (type === 'WEEKLY') return String(((d.getUTCDay() + 6) % 7) + 1);
  return '30';
}

export type InstalmentRead = { plan: InstalmentPlan | null } | { errors: Partial<Record<'day' | 'count', 'day' | 'count'>> };

/** The plan to send (null when off), or which of its numbers is out of range. */
export function readInstalments(d: InstalmentDraft): InstalmentRead {
  if (!d.on) return { plan: null };
  const whole = (s: string) => (/^\s*\d{1,4}\s*$/.test(s) ? Number(s) : NaN);
  const day = whole(d.day);
  const count = whole(d.count);
  const errors: Partial<Record<'day' | 'count', 'day' | 'count'>> = {};
  if (!(day >= 1 && day <= INSTALMENT_DAY_MAX[d.type])) errors.day = 'day';
  if (!(count >= 1 && count <= INSTALMENT_COUNT_MAX)) errors.count = 'count';
  if (Object.keys(errors).length) return { errors };
  return { plan: { type: d.type, day, count } };
}

export const instalmentDraft = (plan: InstalmentPlan | null | undefined): InstalmentDraft =>
  (plan ? { on: true, type: plan.type, day: String(plan.day), count: String(plan.count) } : noInstalments());

const DAY_MS = 86_400_000;
const fmt = (d: Date) => d.toISOString().slice(0, 10);
const lastOfMonth = (y: number, m: number) => new Date(Date.UTC(y, m + 1, 0)).getUTCDate();

/**
 * The due dates of a plan from the invoice's date, as the server makes them (dues.ts): MONTHLY on
 * the day of each month (the month's last when shorter), the first on or after the date; WEEKLY
 * on the ISO weekday, the first on or after the date; DAYS every `day` days after the date.
 */
export function instalmentDates(date: string, plan: InstalmentPlan): string[] {
  const start = new Date(`${date}T00:00:00Z`);
  const out: string[] = [];
  if (plan.type === 'DAYS') {
    for (let i = 1; i <= plan.count; i++) out.push(fmt(new Date(start.getTime() + i * plan.day * DAY_MS)));
  } else if (plan.type === 'WEEKLY') {
    const iso = ((start.getUTCDay() + 6) % 7) + 1;
    const first = new Date(start.getTime() + (((plan.day - iso) + 7) % 7) * DAY_MS);
    for (let i = 0; i < plan.count; i++) out.push(fmt(new Date(first.getTime() + i * 7 * DAY_MS)));
  } else {
    let y = start.getUTCFullYear();
    let m = start.getUTCMonth();
    if (Math.min(plan.day, lastOfMonth(y, m)) < start.getUTCDate()) { m += 1; if (m === 12) { m = 0; y += 1; } }
    for (let i = 0; i < plan.count; i++) {
      out.push(fmt(new Date(Date.UTC(y, m, Math.min(plan.day, lastOfMonth(y, m))))));
      m += 1;
      if (m === 12) { m = 0; y += 1; }
    }
  }
  return out;
}

/** An amount ("260.00") in `count` kuruş-exact parts, the earlier ones taking the odd kuruş (as the server splits it). */
export function splitAmount(amount: string, count: number): string[] {
  const cents = Math.round(Number(amount) * 100);
  const base = Math.floor(cents / count);
  const extra = cents - base * count;
  return Array.from({ length: count }, (_, i) => ((base + (i < extra ? 1 : 0)) / 100).toFixed(2));
}
