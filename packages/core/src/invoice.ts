/**
 * Invoice computation: one pure, deterministic, decimal function for both directions (a sale and
 * a purchase), run by the workbench for the live totals and by the server as the authority (a
 * client total that disagrees with it is refused). No I/O, no clock, no floats: every figure is a
 * decimal.js value of a private clone (precision 40, ROUND_HALF_UP), so nothing global changes.
 *
 * The specification's rules (seeds 000 §5), and how they are read here:
 * - quantity at 3 decimals (UBL-TR's InvoicedQuantity is a decimal: 2,125 kg, 0,750 lt), unit
 *   price at 8; more decimals are refused, not rounded ({@link QUANTITY_DECIMALS},
 *   {@link UNIT_PRICE_DECIMALS}); quantity above 0, price 0 or more.
 * - line amount (gross) = round2(quantity × unit price): money stays in kuruş whatever the
 *   quantity's decimals (2,125 × 59,90 = 127,2875 → 127,29).
 * - line discounts, in order, by percentage or amount; each percentage on what remains of the
 *   line after the discounts before it; each discount round2 on its own. An amount discount above
 *   what remains of the line is refused.
 * - document discounts (fatura altı indirim), in order, after the line discounts, each percentage
 *   on what remains of the invoice (the first is round2(Σ line nets × p / 100)). Their total is
 *   spread over the lines in proportion to each line's net after line discounts, by the
 *   largest-remainder method in whole kuruş (exact integer arithmetic; ties go to the earlier
 *   line), so the shares add up to the document discount exactly and no share exceeds its line.
 * - tax base of a line = net − its document-discount share; every tax other than KDV is
 *   round2(base × percentage / 100) (taxes on the discounted line; at most one tax of a type).
 *   KDV's own base is the line's base plus the line's taxes that enter it ({@link inKdvBase}:
 *   ÖTV of every list, ÖİV, ETV — KDV Kanunu 24/c, "vergi, resim, harç … gibi unsurlar", less
 *   the konaklama vergisi 7194 sayılı Kanun took out of it), each already rounded, so
 *   KDV = round2((base + ÖTV) × percentage / 100) as the KDV-1 return and GİB compute it.
 *   Percentages: 0..100 (two decimals; an ÖTV type up to 999.99, as the tax settings allow);
 *   discount percentages 0..100 with four decimals at most.
 * - VAT withholding (KDV tevkifatı): a GİB code of {@link WITHHOLDING_CODES} and its ratio, only on
 *   a line carrying KDV above 0 %; withheld = round2(line KDV × numerator / denominator).
 * - exemption (istisna) codes: 3 digits, only on a 0 % tax.
 * - line total = base + taxes (tax-inclusive). Invoice totals are the sums of the rounded line
 *   figures, so they never drift from the lines: totalAmount = taxBase + totalTax; payable =
 *   totalAmount − withheld (UBL-TR PayableAmount).
 * - payments: above 0, two decimals; taken in order, each at most what remains of the payable
 *   after the payments before it, OPEN_ACCOUNT included ('Ödeme tutarı kalan tutarı aşamaz');
 *   at most one CREDIT_CARD payment, the online payment ('Only one online payment per sale').
 *   paid = Σ payments except OPEN_ACCOUNT; remaining = payable − paid.
 * - prices that include tax (KDV dahil fiyat, `pricesIncludeTax`): the line's inclusive amount
 *   T = round2(quantity × price) less its (inclusive) line discounts is what the buyer pays, exact
 *   to the kuruş. The tax base is round2(T / F), F = 1 + Σ other taxes' % / 100 + KDV % / 100 ×
 *   (1 + Σ % of the taxes in the KDV base / 100); the other taxes are computed on that base as
 *   usual and KDV is what is left (T − base − other taxes), so base + taxes = T. The line's gross
 *   and each discount are the inclusive ones / F (the last discount takes the kuruş of rounding,
 *   so base = gross − discounts still holds), and the net unit price is gross / quantity at eight
 *   decimals. 3 × 0,99 incl. KDV 20 % is 2,97: base 2,48, KDV 0,49. A document discount is refused
 *   with inclusive prices (its spread would mix inclusive and net amounts): discount the lines.
 * - a conversion rate (lira per unit of the document's currency, 6 decimals at most) other than 1
 *   adds the lira equivalents of the totals, each round2(value × rate).
 * - product price: buyingPrice for a purchase, salePrice otherwise, converted when the currencies
 *   differ ({@link unitPriceFor}); default tax: the active KDV at the product's default rate
 *   ({@link defaultTaxFor}); a price list's discountRate is a percentage line discount
 *   ({@link priceListDiscount}); services carry no stock lines ({@link stockMoves}).
 *
 * Inputs take decimal strings ("1234.5") or numbers; outputs are strings: money with exactly two
 * decimals ("1234.50", never "-0.00"), quantities with 3, unit prices with 8, percentages in their
 * shortest form ("20", "12.5"). Text must be plain decimal notation ("1e3" and "1,5" are
 * refused). Bad input throws {@link InvoiceInputError} (field path, Turkish message, stable
 * {@link InvoiceErrorCode}); the first problem found is reported, in this order: the conversion
 * rate, the lines in order, the document discounts, the payments.
 */
import Decimal from 'decimal.js';
import { AMOUNT_DECIMALS, DEFAULT_CURRENCY_ID, QUANTITY_DECIMALS, UNIT_PRICE_DECIMALS } from './constants';
import { SEED_TEXTS_TR } from './messages';

/** The computation's own decimal: nothing global is configured. */
const D = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
type Dec = Decimal;

/** A decimal given as a string ("12.50") or a number (12.5). */
export type DecimalInput = string | number;

// ---------------------------------------------------------------------------------------------
// Payment types

/** How a payment written on an invoice was made. */
export const PaymentType = {
  CREDIT_CARD: 'CREDIT_CARD',
  CASH: 'CASH',
  PORTAL_CASH: 'PORTAL_CASH',
  FREE: 'FREE',
  OPEN_ACCOUNT: 'OPEN_ACCOUNT',
} as const;
export type PaymentType = (typeof PaymentType)[keyof typeof PaymentType];

/** Every payment type, in the order the product lists them. */
export const PAYMENT_TYPES: readonly PaymentType[] = ['CREDIT_CARD', 'CASH', 'PORTAL_CASH', 'FREE', 'OPEN_ACCOUNT'];

/** Turkish labels of the payment types. */
export const PAYMENT_TYPE_LABELS_TR: Readonly<Record<PaymentType, string>> = {
  CREDIT_CARD: 'Kredi Kartı',
  CASH: 'Nakit',
  PORTAL_CASH: 'Portal Nakit',
  FREE: 'Ücretsiz',
  OPEN_ACCOUNT: 'Açık Hesap',
};

/** The online payment (card taken online or at the POS): at most one per invoice. */
export const ONLINE_PAYMENT_TYPE: PaymentType = PaymentType.CREDIT_CARD;

/** The payment type not counted as paid: the amount left on the current account. */
export const UNPAID_PAYMENT_TYPE: PaymentType = PaymentType.OPEN_ACCOUNT;

// ---------------------------------------------------------------------------------------------
// Withholding (KDV tevkifatı) codes

/** A withholding code and the share of the line's KDV withheld under it, in percent. */
export interface WithholdingCode {
  /** GİB withholding tax type code (TaxTypeCode of a WithholdingTaxTotal subtotal). */
  code: string;
  /** Percent of the KDV withheld: 50 for 5/10, 90 for 9/10, 100 for 10/10. */
  percent: number;
}

/**
 * The withholding codes and their percentages, as GİB's UBL-TR code list pairs them: the codes of
 * `WithholdingTaxType` with their percents from `WithholdingTaxTypeWithPercent` (a code and a
 * percent written together, "60290" = 602 at 90 %). Source: shared/data/ubl-tr/schematron/
 * UBL-TR_Codelist.xml (GİB e-Fatura schematron, 2025-04 revision), generated once by a short
 * script and sorted by code, then percent. Some codes have two percents (601, 603, 609, 612, 613,
 * 615, 627). The list's 650 pairs are left out: 650 is not in its `WithholdingTaxType`, and the
 * schematron refuses a withholding whose code is not. The code list carries no names for the
 * codes, so none are given here.
 */
export const WITHHOLDING_CODES: readonly WithholdingCode[] = [
  { code: '601', percent: 30 }, { code: '601', percent: 40 }, { code: '602', percent: 90 }, { code: '603', percent: 50 },
  { code: '603', percent: 70 }, { code: '604', percent: 50 }, { code: '605', percent: 50 }, { code: '606', percent: 90 },
  { code: '607', percent: 90 }, { code: '608', percent: 90 }, { code: '609', percent: 50 }, { code: '609', percent: 70 },
  { code: '610', percent: 90 }, { code: '611', percent: 90 }, { code: '612', percent: 70 }, { code: '612', percent: 90 },
  { code: '613', percent: 70 }, { code: '613', percent: 90 }, { code: '614', percent: 50 }, { code: '615', percent: 50 },
  { code: '615', percent: 70 }, { code: '616', percent: 50 }, { code: '617', percent: 70 }, { code: '618', percent: 70 },
  { code: '619', percent: 70 }, { code: '620', percent: 70 }, { code: '621', percent: 90 }, { code: '622', percent: 90 },
  { code: '623', percent: 50 }, { code: '624', percent: 20 }, { code: '625', percent: 30 }, { code: '626', percent: 20 },
  { code: '627', percent: 40 }, { code: '627', percent: 50 }, { code: '801', percent: 100 }, { code: '802', percent: 100 },
  { code: '803', percent: 100 }, { code: '804', percent: 100 }, { code: '805', percent: 100 }, { code: '806', percent: 100 },
  { code: '807', percent: 100 }, { code: '808', percent: 100 }, { code: '809', percent: 100 }, { code: '810', percent: 100 },
  { code: '811', percent: 100 }, { code: '812', percent: 100 }, { code: '813', percent: 100 }, { code: '814', percent: 100 },
  { code: '815', percent: 100 }, { code: '816', percent: 100 }, { code: '817', percent: 100 }, { code: '818', percent: 100 },
  { code: '819', percent: 100 }, { code: '820', percent: 100 }, { code: '821', percent: 100 }, { code: '822', percent: 100 },
  { code: '823', percent: 100 }, { code: '824', percent: 100 }, { code: '825', percent: 100 },
];

/** A withholding ratio over ten: 9/10 is `{ numerator: 9, denominator: 10 }`. */
export interface Withholding {
  code: string;
  numerator: number;
  denominator: 10;
  /** numerator × 10: the percent of the KDV withheld. */
  percent: number;
}

const asWithholding = (w: WithholdingCode): Withholding => ({ code: w.code, numerator: w.percent / 10, denominator: 10, percent: w.percent });

/** Every ratio the code list allows for a code (none for an unknown code). */
export function withholdingOptions(code: string): Withholding[] {
  return WITHHOLDING_CODES.filter((w) => w.code === code).map(asWithholding);
}

/**
 * A withholding code's ratio over 10 (90 % → 9/10; the 8xx codes → 10/10). For a code with two
 * percents in the list (601, 603, 609, 612, 613, 615, 627) pass the percent; without it such a
 * code gives null, as does an unknown code or a percent the list does not pair with the code.
 */
export function withholdingFor(code: string, percent?: number): Withholding | null {
  const options = withholdingOptions(code);
  if (percent !== undefined) return options.find((o) => o.percent === percent) ?? null;
  return options.length === 1 ? options[0]! : null;
}

// ---------------------------------------------------------------------------------------------
// Input and output shapes

/** A discount: a percentage of what remains, or an amount (two decimals). */
export type LineDiscount = { type: 'PERCENTAGE'; percentage: DecimalInput } | { type: 'AMOUNT'; amount: DecimalInput };
/** A document (fatura altı) discount, applied after the line discounts. */
export type DocumentDiscount = LineDiscount;

/** A tax on a line. At most one tax of a type on a line. */
export interface LineTaxInput {
  taxId?: number | null;
  /** 'KDV', 'ÖTV-I', 'ÖİV', …: the tax type of the company's tax. */
  taxType: string;
  /** 0..100 (0..999.99 for an ÖTV type), two decimals at most. */
  percentage: DecimalInput;
  /** Exemption (istisna) code, 3 digits; only on a 0 % tax. */
  exceptionCode?: string | null;
}

/** The withholding on a line's KDV: a code of {@link WITHHOLDING_CODES} and its ratio. */
export interface WithholdingInput {
  code: string;
  numerator: number;
  denominator: number;
}

export interface InvoiceLineInput {
  /** Above 0, three decimals at most. */
  quantity: DecimalInput;
  /** 0 or more, eight decimals at most, in the document's currency, before tax. */
  unitPrice: DecimalInput;
  /** Applied in order; each percentage on what remains of the line. */
  discounts?: readonly LineDiscount[] | null;
  taxes?: readonly LineTaxInput[] | null;
  withholding?: WithholdingInput | null;
  /** A service line: moves no stock. */
  service?: boolean | null;
}

export interface PaymentInput {
  type: PaymentType;
  /** Above 0, two decimals at most. */
  amount: DecimalInput;
}

export interface InvoiceInput {
  lines: readonly InvoiceLineInput[];
  discounts?: readonly DocumentDiscount[] | null;
  payments?: readonly PaymentInput[] | null;
  /** Lira per 1 unit of the document's currency; absent (or 1) for a lira invoice. */
  conversionRate?: DecimalInput | null;
  /**
   * The unit prices (and line amount discounts) include the line's taxes (KDV dahil): the
   * tax-inclusive line amount the buyer pays is kept exact to the kuruş and the net is derived
   * from it (see the module comment). No document discount then.
   */
  pricesIncludeTax?: boolean | null;
}

/** A discount as applied: its percentage (if any) and the amount it took. */
export interface AppliedDiscount {
  type: 'PERCENTAGE' | 'AMOUNT';
  percentage: string | null;
  amount: string;
}

export interface LineTaxResult {
  taxId: number | null;
  taxType: string;
  percentage: string;
  exceptionCode: string | null;
  base: string;
  amount: string;
}

export interface LineWithholdingResult extends Withholding {
  /** The line's KDV the withholding is taken from. */
  base: string;
  amount: string;
}

export interface InvoiceLineResult {
  /** Normalised to three decimals. */
  quantity: string;
  /** Normalised to eight decimals: as entered (tax-inclusive when the prices include tax). */
  unitPrice: string;
  /** The unit price before taxes, eight decimals: gross / quantity when the prices include tax. */
  netUnitPrice: string;
  /** round2(quantity × unit price); with tax-inclusive prices, round2(that / the tax factor). */
  gross: string;
  discounts: AppliedDiscount[];
  /** The line's own discounts together. */
  discount: string;
  /** gross − discount. */
  net: string;
  /** The line's share of the document discounts. */
  documentDiscount: string;
  /** net − documentDiscount: what the taxes are computed on. */
  taxBase: string;
  taxes: LineTaxResult[];
  /** Σ taxes. */
  tax: string;
  withholding: LineWithholdingResult | null;
  withheld: string;
  /** taxBase + tax. */
  total: string;
  movesStock: boolean;
}

export interface PaymentResult {
  type: PaymentType;
  amount: string;
}

/** One UBL-TR TaxSubtotal: the lines' bases and taxes of a type, percentage and exemption code. */
export interface TaxSummary {
  taxType: string;
  percentage: string;
  exceptionCode: string | null;
  base: string;
  amount: string;
}

/** One UBL-TR WithholdingTaxTotal subtotal: base is the KDV withheld on. */
export interface WithholdingSummary extends Withholding {
  base: string;
  amount: string;
}

/** The lira equivalents of a foreign-currency invoice's totals. */
export interface TryEquivalents {
  totalAmount: string;
  payable: string;
  totalTax: string;
  withheld: string;
  taxBase: string;
}

export interface InvoiceTotals {
  lines: InvoiceLineResult[];
  /** The document discounts as applied, in order (the amount each took). */
  discounts: AppliedDiscount[];
  payments: PaymentResult[];
  /** Σ line gross. */
  subtotal: string;
  /** Σ line discounts. */
  lineDiscount: string;
  /** Σ document discounts (= Σ the lines' shares). */
  documentDiscount: string;
  /** lineDiscount + documentDiscount. */
  totalDiscount: string;
  /** Σ line tax bases (= subtotal − totalDiscount). */
  taxBase: string;
  /** Σ line taxes, before withholding. */
  totalTax: string;
  /** Σ line withholdings. */
  withheld: string;
  /** taxBase + totalTax: the tax-inclusive amount. */
  totalAmount: string;
  /** totalAmount − withheld: what the buyer owes. */
  payable: string;
  /** Σ payments except OPEN_ACCOUNT. */
  paid: string;
  /** Σ OPEN_ACCOUNT payments. */
  openAccount: string;
  /** payable − paid. */
  remaining: string;
  /** By tax type, then percentage, then exemption code. */
  taxes: TaxSummary[];
  /** By withholding code, then percent. */
  withholdings: WithholdingSummary[];
  /** The rate given, shortest form; null when none was given. */
  conversionRate: string | null;
  /** Present when a conversion rate other than 1 was given. */
  try?: TryEquivalents;
}

// ---------------------------------------------------------------------------------------------
// Errors

export type InvoiceErrorCode =
  | 'REQUIRED'
  | 'NOT_NUMERIC'
  | 'NEGATIVE'
  | 'TOO_MANY_DECIMALS'
  | 'TOO_LARGE'
  | 'QUANTITY_ZERO'
  | 'PERCENTAGE_RANGE'
  | 'DISCOUNT_TYPE'
  | 'DISCOUNT_EXCEEDS_AMOUNT'
  | 'TAX_TYPE_REQUIRED'
  | 'DUPLICATE_TAX_TYPE'
  | 'EXEMPTION_CODE'
  | 'EXEMPTION_ON_TAXED_LINE'
  | 'WITHHOLDING_WITHOUT_KDV'
  | 'WITHHOLDING_CODE'
  | 'WITHHOLDING_RATIO'
  | 'NO_LINES'
  | 'PAYMENT_TYPE'
  | 'PAYMENT_NOT_POSITIVE'
  | 'PAYMENT_EXCEEDS_REMAINING'
  | 'ONLY_ONE_ONLINE_PAYMENT'
  | 'CONVERSION_RATE'
  | 'DOCUMENT_DISCOUNT_WITH_INCLUSIVE';

/** Input the computation refuses: `field` is a path such as `lines[2].quantity`. */
export class InvoiceInputError extends Error {
  override readonly name = 'InvoiceInputError';
  constructor(
    readonly field: string,
    readonly code: InvoiceErrorCode,
    message: string,
  ) {
    super(message);
  }
}

function fail(field: string, code: InvoiceErrorCode, message: string): never {
  throw new InvoiceInputError(field, code, message);
}

// ---------------------------------------------------------------------------------------------
// Decimal helpers

const ZERO = new D(0);
const HUNDRED = new D(100);
/** Money columns are numeric(20, 2): below 10^18. */
const MONEY_LIMIT = new D('1e18');
/** Unit price numeric(24, 8): below 10^16. */
const LINE_INPUT_LIMIT = new D('1e16');
/** Quantity numeric(18, 3): below 10^15. */
const QUANTITY_LIMIT = new D('1e15');
/** conversion_rate numeric(18, 6): below 10^12. */
const RATE_LIMIT = new D('1e12');
const RATE_DECIMALS = 6;
const TAX_PERCENTAGE_DECIMALS = 2;
const DISCOUNT_PERCENTAGE_DECIMALS = 4;
const DECIMAL_TEXT = /^-?(\d+(\.\d*)?|\.\d+)$/;

const round2 = (d: Dec): Dec => d.toDecimalPlaces(AMOUNT_DECIMALS, D.ROUND_HALF_UP);
/** Two decimals, never "-0.00". */
const money = (d: Dec): string => (d.isZero() ? '0.00' : d.toFixed(AMOUNT_DECIMALS, D.ROUND_HALF_UP));
/** Shortest plain form: "20", "12.5". */
const plain = (d: Dec): string => (d.isZero() ? '0' : d.toFixed());
const sum = (xs: readonly Dec[]): Dec => xs.reduce((a, b) => a.plus(b), ZERO);
const kurus = (d: Dec): bigint => BigInt(d.times(100).toFixed(0));
const fromKurus = (k: bigint): Dec => new D(k.toString()).dividedBy(100);

interface NumberRule {
  /** Turkish name of the value, for the message ("Miktar"). */
  label: string;
  decimals: number;
  /** Exclusive upper bound. */
  limit?: Dec;
  /** Let values below zero through: the caller refuses them with its own code (percentages, payments). */
  signed?: boolean;
}

/** Parses a decimal input by the rule, or throws the matching InvoiceInputError. */
function parse(value: unknown, field: string, rule: NumberRule): Dec {
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) {
    return fail(field, 'REQUIRED', `${rule.label} girilmelidir.`);
  }
  let d: Dec;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return fail(field, 'NOT_NUMERIC', `${rule.label} geçerli bir sayı olmalıdır.`);
    d = new D(value);
  } else if (typeof value === 'string' && DECIMAL_TEXT.test(value.trim())) {
    d = new D(value.trim());
  } else {
    return fail(field, 'NOT_NUMERIC', `${rule.label} geçerli bir sayı olmalıdır.`);
  }
  if (!rule.signed && d.isNegative() && !d.isZero()) return fail(field, 'NEGATIVE', `${rule.label} negatif olamaz.`);
  if (d.decimalPlaces() > rule.decimals) {
    return fail(field, 'TOO_MANY_DECIMALS', `${rule.label} en fazla ${rule.decimals} ondalık basamaklı olabilir; fazlası yuvarlanmaz.`);
  }
  if (rule.limit && d.abs().gte(rule.limit)) return fail(field, 'TOO_LARGE', `${rule.label} çok büyük.`);
  return d.isZero() ? ZERO : d;
}

function parsePercentage(value: unknown, field: string, label: string, decimals: number, max: Dec = HUNDRED): Dec {
  const d = parse(value, field, { label, decimals, signed: true });
  if (d.isNegative() || d.gt(max)) return fail(field, 'PERCENTAGE_RANGE', `${label} 0 ile ${max.toFixed().replace('.', ',')} arasında olmalıdır.`);
  return d;
}

/** The highest percentage of a tax of a type: 100, ÖTV's lists go above it (as the tax settings allow). */
const maxTaxPercentage = (taxType: string): Dec => (taxType.startsWith('ÖTV') ? new D('999.99') : HUNDRED);

const KDV = 'KDV';

// ---------------------------------------------------------------------------------------------
// The computation

interface LineWork {
  /** With tax-inclusive prices: what the buyer pays for the line, and the base derived from it. */
  inclusive?: Dec;
  base?: Dec;
  quantity: Dec;
  unitPrice: Dec;
  gross: Dec;
  discounts: AppliedDiscount[];
  discount: Dec;
  net: Dec;
  taxes: { taxId: number | null; taxType: string; percentage: Dec; exceptionCode: string | null }[];
  withholding: Withholding | null;
  movesStock: boolean;
}

function applyDiscounts(
  list: readonly LineDiscount[],
  start: Dec,
  path: string,
  exceeds: string,
): { applied: AppliedDiscount[]; taken: Dec } {
  const applied: AppliedDiscount[] = [];
  let remaining = start;
  list.forEach((disc, k) => {
    const at = `${path}[${k}]`;
    const type = (disc as { type?: unknown } | null)?.type;
    let amount: Dec;
    if (type === 'PERCENTAGE') {
      const p = parsePercentage((disc as { percentage?: unknown }).percentage, `${at}.percentage`, 'İndirim oranı', DISCOUNT_PERCENTAGE_DECIMALS);
      amount = round2(remaining.times(p).dividedBy(HUNDRED));
      applied.push({ type: 'PERCENTAGE', percentage: plain(p), amount: money(amount) });
    } else if (type === 'AMOUNT') {
      amount = parse((disc as { amount?: unknown }).amount, `${at}.amount`, { label: 'İndirim tutarı', decimals: AMOUNT_DECIMALS, limit: MONEY_LIMIT });
      if (amount.gt(remaining)) fail(`${at}.amount`, 'DISCOUNT_EXCEEDS_AMOUNT', exceeds);
      applied.push({ type: 'AMOUNT', percentage: null, amount: money(amount) });
    } else {
      return fail(`${at}.type`, 'DISCOUNT_TYPE', 'İndirim türü PERCENTAGE (oran) veya AMOUNT (tutar) olmalıdır.');
    }
    remaining = remaining.minus(amount);
  });
  return { applied, taken: start.minus(remaining) };
}

function readLine(line: InvoiceLineInput, i: number): LineWork {
  const at = `lines[${i}]`;
  if (line === null || typeof line !== 'object') return fail(at, 'REQUIRED', 'Satır bilgisi eksik.');
  const quantity = parse(line.quantity, `${at}.quantity`, { label: 'Miktar', decimals: QUANTITY_DECIMALS, limit: QUANTITY_LIMIT });
  if (quantity.isZero()) fail(`${at}.quantity`, 'QUANTITY_ZERO', 'Miktar sıfır olamaz.');
  const unitPrice = parse(line.unitPrice, `${at}.unitPrice`, { label: 'Birim fiyat', decimals: UNIT_PRICE_DECIMALS, limit: LINE_INPUT_LIMIT });
  const gross = round2(quantity.times(unitPrice));
  if (gross.gte(MONEY_LIMIT)) fail(at, 'TOO_LARGE', 'Satır tutarı çok büyük.');

  const { applied, taken } = applyDiscounts(line.discounts ?? [], gross, `${at}.discounts`, 'İndirim tutarı satırın kalan tutarını aşamaz.');

  const taxes: LineWork['taxes'] = [];
  (line.taxes ?? []).forEach((tax, j) => {
    const tat = `${at}.taxes[${j}]`;
    const taxType = typeof tax?.taxType === 'string' ? tax.taxType.trim() : '';
    if (!taxType) return fail(`${tat}.taxType`, 'TAX_TYPE_REQUIRED', 'Vergi türü girilmelidir.');
    if (taxes.some((t) => t.taxType === taxType)) {
      return fail(`${tat}.taxType`, 'DUPLICATE_TAX_TYPE', `Bir satırda her türden yalnızca bir vergi olabilir (${taxType}).`);
    }
    const percentage = parsePercentage(tax.percentage, `${tat}.percentage`, 'Vergi oranı', TAX_PERCENTAGE_DECIMALS, maxTaxPercentage(taxType));
    const code = typeof tax.exceptionCode === 'string' ? tax.exceptionCode.trim() : tax.exceptionCode;
    let exceptionCode: string | null = null;
    if (code !== undefined && code !== null && code !== '') {
      if (typeof code !== 'string' || !/^\d{3}$/.test(code)) return fail(`${tat}.exceptionCode`, 'EXEMPTION_CODE', 'İstisna kodu 3 haneli bir sayı olmalıdır.');
      if (!percentage.isZero()) return fail(`${tat}.exceptionCode`, 'EXEMPTION_ON_TAXED_LINE', 'İstisna kodu yalnızca %0 oranlı vergide kullanılabilir.');
      exceptionCode = code;
    }
    taxes.push({ taxId: typeof tax.taxId === 'number' ? tax.taxId : null, taxType, percentage, exceptionCode });
  });

  let withholding: Withholding | null = null;
  const w = line.withholding;
  if (w !== undefined && w !== null) {
    const wat = `${at}.withholding`;
    const kdv = taxes.find((t) => t.taxType === KDV);
    if (!kdv || kdv.percentage.isZero()) fail(wat, 'WITHHOLDING_WITHOUT_KDV', "Tevkifat yalnızca KDV'si olan (%0'dan büyük) bir satıra uygulanabilir.");
    const code = typeof w.code === 'string' ? w.code.trim() : '';
    const options = withholdingOptions(code);
    if (options.length === 0) fail(`${wat}.code`, 'WITHHOLDING_CODE', `${code || '(boş)'} geçerli bir tevkifat kodu değil.`);
    const { numerator: n, denominator: d } = w;
    const allowed = options.map((o) => `${o.numerator}/10`).join(', ');
    const ratioMessage = `${code} tevkifat kodunun oranı ${allowed} olabilir.`;
    if (!Number.isInteger(n) || !Number.isInteger(d) || d <= 0 || n <= 0 || n > d) fail(`${wat}.numerator`, 'WITHHOLDING_RATIO', ratioMessage);
    const percent = new D(n).times(HUNDRED).dividedBy(d);
    const match = options.find((o) => percent.eq(o.percent));
    if (!match) return fail(`${wat}.numerator`, 'WITHHOLDING_RATIO', ratioMessage);
    withholding = match;
  }

  return { quantity, unitPrice, gross, discounts: applied, discount: taken, net: gross.minus(taken), taxes, withholding, movesStock: stockMoves(line) };
}

/**
 * Spreads `total` kuruş over the weights in proportion, largest remainder first (ties: the earlier
 * index), in exact integer arithmetic. The shares add up to `total`; none exceeds its weight when
 * total ≤ Σ weights.
 */
export function spreadLargestRemainder(total: bigint, weights: readonly bigint[]): bigint[] {
  const whole = weights.reduce((a, b) => a + b, 0n);
  if (total === 0n || whole === 0n) return weights.map(() => 0n);
  const shares = weights.map((w) => (total * w) / whole);
  const rests = weights.map((w, i) => ({ i, rest: (total * w) % whole }));
  let left = total - shares.reduce((a, b) => a + b, 0n);
  rests.sort((a, b) => (a.rest === b.rest ? a.i - b.i : a.rest > b.rest ? -1 : 1));
  for (const { i } of rests) {
    if (left === 0n) break;
    shares[i]! += 1n;
    left -= 1n;
  }
  return shares;
}

/**
 * A line entered with tax-inclusive prices, turned to net figures in place (see the module
 * comment): the inclusive amount is kept, the base is round2(inclusive / F), the gross and each
 * discount are divided by F, and the last discount takes what rounding leaves so that
 * base = gross − discounts.
 */
function toNet(l: LineWork): void {
  const kdv = l.taxes.find((t) => t.taxType === KDV)?.percentage.dividedBy(HUNDRED) ?? ZERO;
  const others = l.taxes.filter((t) => t.taxType !== KDV);
  const inBase = sum(others.filter((t) => inKdvBase(t.taxType)).map((t) => t.percentage)).dividedBy(HUNDRED);
  const factor = new D(1).plus(sum(others.map((t) => t.percentage)).dividedBy(HUNDRED)).plus(kdv.times(new D(1).plus(inBase)));
  const inclusive = l.net;
  const base = round2(inclusive.dividedBy(factor));
  let gross = round2(l.gross.dividedBy(factor));
  const discounts = l.discounts.map((d) => ({ ...d, amount: round2(new D(d.amount).dividedBy(factor)) }));
  const rest = gross.minus(base).minus(sum(discounts.map((d) => d.amount)));
  const last = discounts[discounts.length - 1];
  if (last && last.amount.plus(rest).gte(0)) last.amount = last.amount.plus(rest);
  else gross = gross.minus(rest);
  const taken = sum(discounts.map((d) => d.amount));
  l.inclusive = inclusive;
  l.base = base;
  l.gross = gross;
  l.discounts = discounts.map((d) => ({ ...d, amount: money(d.amount) }));
  l.discount = taken;
  l.net = gross.minus(taken);
}

/** Computes an invoice (see the module comment for the rules); throws InvoiceInputError on bad input. */
/**
 * Whether a line's tax of this type enters the line's KDV base (KDV Kanunu 24/c): every ÖTV list,
 * the özel iletişim vergisi and the elektrik ve havagazı tüketim vergisi do; the konaklama
 * vergisi does not (7194 sayılı Kanun), nor do damga vergisi (on the paper, not the delivery),
 * BSMV and KKDF (on transactions KDV does not reach).
 */
export function inKdvBase(taxType: string): boolean {
  return taxType.startsWith('ÖTV') || taxType === 'ÖİV' || taxType === 'ETV';
}

export function computeInvoice(input: InvoiceInput): InvoiceTotals {
  if (input === null || typeof input !== 'object' || !Array.isArray(input.lines) || input.lines.length === 0) {
    return fail('lines', 'NO_LINES', 'Faturada en az bir satır olmalıdır.');
  }
  let rate: Dec | null = null;
  if (input.conversionRate !== undefined && input.conversionRate !== null) {
    rate = parse(input.conversionRate, 'conversionRate', { label: 'Kur', decimals: RATE_DECIMALS, limit: RATE_LIMIT });
    if (rate.isZero()) fail('conversionRate', 'CONVERSION_RATE', 'Kur sıfırdan büyük olmalıdır.');
  }

  const work = input.lines.map(readLine);
  const inclusive = input.pricesIncludeTax === true;
  if (inclusive && (input.discounts ?? []).length > 0) {
    fail('discounts', 'DOCUMENT_DISCOUNT_WITH_INCLUSIVE', 'Fiyatlar KDV dahil girildiğinde fatura altı indirim verilemez; indirimi satırlara verin.');
  }

  // Document discounts on what remains of the lines' nets, then spread over the lines.
  const nets = sum(work.map((l) => l.net));
  const doc = applyDiscounts(input.discounts ?? [], nets, 'discounts', 'İndirim tutarı faturanın kalan tutarını aşamaz.');
  const shares = spreadLargestRemainder(kurus(doc.taken), work.map((l) => kurus(l.net))).map(fromKurus);

  const lines: InvoiceLineResult[] = [];
  const figures: { base: Dec; tax: Dec; withheld: Dec }[] = [];
  const taxGroups = new Map<string, TaxSummary & { b: Dec; a: Dec; p: Dec }>();
  const withholdingGroups = new Map<string, Withholding & { b: Dec; a: Dec }>();

  work.forEach((l, i) => {
    const share = shares[i]!;
    if (inclusive) toNet(l);
    const base = inclusive ? l.base! : l.net.minus(share);
    // The taxes that enter the KDV base first, then KDV on the base they make (KDV Kanunu 24/c).
    const others = l.taxes.filter((t) => t.taxType !== KDV).map((t) => ({ ...t, base, amount: round2(base.times(t.percentage).dividedBy(HUNDRED)) }));
    const kdvBase = base.plus(sum(others.filter((t) => inKdvBase(t.taxType)).map((t) => t.amount)));
    const taxes = l.taxes.map((t) =>
      t.taxType === KDV ? { ...t, base: kdvBase, amount: round2(kdvBase.times(t.percentage).dividedBy(HUNDRED)) } : others.find((o) => o.taxType === t.taxType)!,
    );
    if (inclusive && taxes.length) {
      // What the buyer pays stays exact: KDV (else the last tax) takes the kuruş of rounding.
      const absorb = taxes.find((t) => t.taxType === KDV) ?? taxes[taxes.length - 1]!;
      absorb.amount = l.inclusive!.minus(base).minus(sum(taxes.filter((t) => t !== absorb).map((t) => t.amount)));
      if (absorb.amount.isNegative()) absorb.amount = ZERO;
    }
    const tax = sum(taxes.map((t) => t.amount));
    let withholding: LineWithholdingResult | null = null;
    let withheld = ZERO;
    if (l.withholding) {
      const kdv = taxes.find((t) => t.taxType === KDV)!.amount;
      withheld = round2(kdv.times(l.withholding.numerator).dividedBy(l.withholding.denominator));
      withholding = { ...l.withholding, base: money(kdv), amount: money(withheld) };
      const key = `${l.withholding.code}/${l.withholding.percent}`;
      const g = withholdingGroups.get(key) ?? { ...l.withholding, b: ZERO, a: ZERO };
      withholdingGroups.set(key, { ...g, b: g.b.plus(kdv), a: g.a.plus(withheld) });
    }
    for (const t of taxes) {
      const key = `${t.taxType}\u0000${t.percentage.toFixed()}\u0000${t.exceptionCode ?? ''}`;
      const g = taxGroups.get(key) ?? { taxType: t.taxType, percentage: plain(t.percentage), exceptionCode: t.exceptionCode, base: '', amount: '', b: ZERO, a: ZERO, p: t.percentage };
      taxGroups.set(key, { ...g, b: g.b.plus(t.base), a: g.a.plus(t.amount) });
    }
    figures.push({ base, tax, withheld });
    lines.push({
      quantity: l.quantity.toFixed(QUANTITY_DECIMALS),
      unitPrice: l.unitPrice.toFixed(UNIT_PRICE_DECIMALS),
      netUnitPrice: (inclusive ? l.gross.dividedBy(l.quantity) : l.unitPrice).toFixed(UNIT_PRICE_DECIMALS),
      gross: money(l.gross),
      discounts: l.discounts,
      discount: money(l.discount),
      net: money(l.net),
      documentDiscount: money(share),
      taxBase: money(base),
      taxes: taxes.map((t) => ({ taxId: t.taxId, taxType: t.taxType, percentage: plain(t.percentage), exceptionCode: t.exceptionCode, base: money(t.base), amount: money(t.amount) })),
      tax: money(tax),
      withholding,
      withheld: money(withheld),
      total: money(base.plus(tax)),
      movesStock: l.movesStock,
    });
  });

  const subtotal = sum(work.map((l) => l.gross));
  const lineDiscount = sum(work.map((l) => l.discount));
  const documentDiscount = sum(shares);
  const taxBase = sum(figures.map((f) => f.base));
  const totalTax = sum(figures.map((f) => f.tax));
  const withheld = sum(figures.map((f) => f.withheld));
  const totalAmount = taxBase.plus(totalTax);
  const payable = totalAmount.minus(withheld);
  if (totalAmount.gte(MONEY_LIMIT)) fail('lines', 'TOO_LARGE', 'Fatura tutarı çok büyük.');

  // Payments, in order.
  const payments: PaymentResult[] = [];
  let written = ZERO;
  let paid = ZERO;
  let openAccount = ZERO;
  let online = 0;
  (input.payments ?? []).forEach((p, k) => {
    const at = `payments[${k}]`;
    const type = (p as { type?: unknown } | null)?.type;
    if (typeof type !== 'string' || !(PAYMENT_TYPES as readonly string[]).includes(type)) {
      return fail(`${at}.type`, 'PAYMENT_TYPE', `Ödeme türü şunlardan biri olmalıdır: ${PAYMENT_TYPES.join(', ')}.`);
    }
    const amount = parse(p.amount, `${at}.amount`, { label: 'Ödeme tutarı', decimals: AMOUNT_DECIMALS, limit: MONEY_LIMIT, signed: true });
    if (amount.isNegative() || amount.isZero()) return fail(`${at}.amount`, 'PAYMENT_NOT_POSITIVE', 'Ödeme tutarı sıfırdan büyük olmalıdır.');
    if (type === ONLINE_PAYMENT_TYPE && ++online > 1) return fail(`${at}.type`, 'ONLY_ONE_ONLINE_PAYMENT', SEED_TEXTS_TR.ONLY_ONE_ONLINE_PAYMENT);
    if (written.plus(amount).gt(payable)) return fail(`${at}.amount`, 'PAYMENT_EXCEEDS_REMAINING', 'Ödeme tutarı kalan tutarı aşamaz');
    written = written.plus(amount);
    if (type === UNPAID_PAYMENT_TYPE) openAccount = openAccount.plus(amount);
    else paid = paid.plus(amount);
    payments.push({ type: type as PaymentType, amount: money(amount) });
  });

  const taxes = [...taxGroups.values()]
    .sort((a, b) => cmp(a.taxType, b.taxType) || a.p.comparedTo(b.p) || cmp(a.exceptionCode ?? '', b.exceptionCode ?? ''))
    .map((g) => ({ taxType: g.taxType, percentage: g.percentage, exceptionCode: g.exceptionCode, base: money(g.b), amount: money(g.a) }));
  const withholdings = [...withholdingGroups.values()]
    .sort((a, b) => cmp(a.code, b.code) || a.percent - b.percent)
    .map((g) => ({ code: g.code, numerator: g.numerator, denominator: g.denominator, percent: g.percent, base: money(g.b), amount: money(g.a) }));

  const totals: InvoiceTotals = {
    lines,
    discounts: doc.applied,
    payments,
    subtotal: money(subtotal),
    lineDiscount: money(lineDiscount),
    documentDiscount: money(documentDiscount),
    totalDiscount: money(lineDiscount.plus(documentDiscount)),
    taxBase: money(taxBase),
    totalTax: money(totalTax),
    withheld: money(withheld),
    totalAmount: money(totalAmount),
    payable: money(payable),
    paid: money(paid),
    openAccount: money(openAccount),
    remaining: money(payable.minus(paid)),
    taxes,
    withholdings,
    conversionRate: rate === null ? null : plain(rate),
  };
  if (rate !== null && !rate.eq(1)) {
    const r = rate;
    const inLira = (d: Dec) => money(round2(d.times(r)));
    if (round2(totalAmount.times(r)).gte(MONEY_LIMIT)) fail('conversionRate', 'TOO_LARGE', 'Faturanın TL karşılığı çok büyük.');
    totals.try = { totalAmount: inLira(totalAmount), payable: inLira(payable), totalTax: inLira(totalTax), withheld: inLira(withheld), taxBase: inLira(taxBase) };
  }
  return totals;
}

/** Code-unit order: the same on every runtime, unlike localeCompare. */
const cmp = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

// ---------------------------------------------------------------------------------------------
// Helpers for building lines

/** The side of an invoice: a sale or a purchase (alış / gider). */
export type InvoiceType = 'SALE' | 'BUYING';

export interface PricedProduct {
  buyingPrice: DecimalInput | null | undefined;
  salePrice: DecimalInput | null | undefined;
  buyingCurrencyId: number;
  saleCurrencyId: number;
}

/**
 * The unit price a product starts with on an invoice: its buyingPrice on a purchase, its
 * salePrice otherwise; when its currency differs from the invoice's, price × rate(product's
 * currency) / rate(invoice's currency), at 8 decimals (half up). `rateOf` gives lira per unit of a
 * currency; the lira (id 1) is 1 without asking. Null when the product has no price on that side.
 */
export function unitPriceFor(
  product: PricedProduct,
  invoiceType: InvoiceType,
  invoiceCurrencyId: number,
  rateOf: (currencyId: number) => DecimalInput,
): string | null {
  const buying = invoiceType === 'BUYING';
  const raw = buying ? product.buyingPrice : product.salePrice;
  if (raw === null || raw === undefined || raw === '') return null;
  const field = buying ? 'buyingPrice' : 'salePrice';
  const price = parse(raw, field, { label: 'Fiyat', decimals: UNIT_PRICE_DECIMALS, limit: LINE_INPUT_LIMIT });
  const from = buying ? product.buyingCurrencyId : product.saleCurrencyId;
  if (from === invoiceCurrencyId) return price.toFixed(UNIT_PRICE_DECIMALS);
  const rate = (currencyId: number): Dec => {
    if (currencyId === DEFAULT_CURRENCY_ID) return new D(1);
    const r = parse(rateOf(currencyId), `rateOf(${currencyId})`, { label: 'Kur', decimals: 40 });
    if (r.isZero()) fail(`rateOf(${currencyId})`, 'CONVERSION_RATE', 'Kur sıfırdan büyük olmalıdır.');
    return r;
  };
  return price.times(rate(from)).dividedBy(rate(invoiceCurrencyId)).toFixed(UNIT_PRICE_DECIMALS, D.ROUND_HALF_UP);
}

export interface TaxChoice {
  id: number;
  taxType: string;
  percentage: DecimalInput;
  active: boolean;
  /** A 0 % KDV may come once per exemption code; the plain one (none) is the default. */
  exceptionCode?: string | null;
}

/**
 * The tax a product's line starts with: the active KDV whose percentage equals the product's
 * default tax rate (if several, one without an exemption code, then the lowest id), else null.
 */
export function defaultTaxFor<T extends TaxChoice>(product: { defaultTaxRate: DecimalInput | null | undefined }, taxes: readonly T[]): T | null {
  const rate = decimalOrNull(product.defaultTaxRate);
  if (rate === null) return null;
  let found: T | null = null;
  for (const t of taxes) {
    if (!t.active || t.taxType !== KDV) continue;
    const p = decimalOrNull(t.percentage);
    if (p === null || !p.eq(rate)) continue;
    // The one without an exemption code first, then the oldest.
    const better = found === null || (!!found.exceptionCode === !!t.exceptionCode ? t.id < found.id : !t.exceptionCode);
    if (better) found = t;
  }
  return found;
}

function decimalOrNull(v: DecimalInput | null | undefined): Dec | null {
  if (typeof v === 'number') return Number.isFinite(v) ? new D(v) : null;
  if (typeof v === 'string' && DECIMAL_TEXT.test(v.trim())) return new D(v.trim());
  return null;
}

/**
 * A price list's discountRate as the line's percentage discount; null for a rate of 0 (no
 * discount). Refuses a rate outside 0..100 (field `discountRate`).
 */
export function priceListDiscount(discountRate: DecimalInput): LineDiscount | null {
  const p = parsePercentage(discountRate, 'discountRate', 'İndirim oranı', DISCOUNT_PERCENTAGE_DECIMALS);
  return p.isZero() ? null : { type: 'PERCENTAGE', percentage: plain(p) };
}

/** Product types that are services: their lines carry no stock lines. */
export const SERVICE_PRODUCT_TYPES: readonly string[] = ['SERVICE_GIVEN', 'SERVICE_TAKEN'];

/** True for a service product type (SERVICE_GIVEN, SERVICE_TAKEN). */
export function isServiceProductType(productType: string | null | undefined): boolean {
  return typeof productType === 'string' && SERVICE_PRODUCT_TYPES.includes(productType);
}

/** Whether a line moves stock: goods do, services carry no stock lines. */
export function stockMoves(line: { service?: boolean | null }): boolean {
  return line.service !== true;
}
