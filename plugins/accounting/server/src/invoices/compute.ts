import { computeInvoice, InvoiceInputError, withholdingFor, withholdingOptions, type AppliedDiscount, type InvoiceTotals, type LineDiscount, type PaymentType as CorePaymentType } from '@tezgah/core/invoice';
import { Problem } from '@tezgah/server';

export type PaymentType = CorePaymentType;
export interface DiscountIn { type: 'AMOUNT' | 'PERCENTAGE'; percentage?: number | string; amount?: number | string | null }

export interface ComputeLine {
  quantity: string; unitPrice: string; discounts: DiscountIn[]; movesStock: boolean;
  taxes: { taxId: number; taxType: string; percentage: string; exceptionCode: string | null }[];
  withholding: { code: string; percent: number | null } | null;
}

export interface ComputedLine {
  unitPrice: string; gross: string; discount: string; documentDiscount: string; taxBase: string; tax: string; withheld: string; total: string;
  /** Tenths of the KDV withheld (9 for 9/10); null without withholding. */
  withholdingRatio: number | null;
  taxes: { taxId: number; taxType: string; percentage: string; exceptionCode: string | null; base: string; amount: string }[];
}

export interface Computed {
  lines: ComputedLine[];
  discounts: { type: 'AMOUNT' | 'PERCENTAGE'; percentage: string | null; amount: string }[];
  subtotal: string; totalDiscount: string; taxBase: string; totalTax: string; withheld: string; totalAmount: string; payable: string; paid: string; remaining: string;
  raw: InvoiceTotals;
}

const discountOf = (d: DiscountIn): LineDiscount => (d.type === 'PERCENTAGE' ? { type: 'PERCENTAGE', percentage: d.percentage ?? '' } : { type: 'AMOUNT', amount: d.amount ?? '' });

/** The computation's field path (lines[2].quantity) as the contract's validation names it (products.2.quantity). */
const apiField = (field: string) => field.replace(/^lines\[/, 'products[').replace(/\[(\d+)\]/g, '.$1');

/**
 * The invoice's figures by @tezgah/core computeInvoice — the same function the workbench shows
 * live totals with — and its refusals as 400s on the contract's field names.
 */
export function compute(input: { lines: ComputeLine[]; discounts: DiscountIn[]; payments: { paymentType: PaymentType; amount: string }[]; conversionRate: string | null; pricesIncludeTax?: boolean }): Computed {
  let raw: InvoiceTotals;
  try {
    raw = computeInvoice({
      lines: input.lines.map((l, i) => {
        let withholding = null;
        if (l.withholding) {
          const w = l.withholding.percent === null ? withholdingFor(l.withholding.code) : withholdingFor(l.withholding.code, l.withholding.percent);
          if (!w) {
            const options = withholdingOptions(l.withholding.code);
            throw new InvoiceInputError(`lines.${i}.${options.length > 1 ? 'withholdingPercent' : 'withholdingCode'}`, 'WITHHOLDING_CODE', options.length > 1
              ? `${l.withholding.code} kodunun oranını seçin (${options.map((o) => `${o.numerator}/10`).join(' ya da ')}).`
              : options.length ? `${l.withholding.code} kodu bu oranla kullanılmaz.` : `${l.withholding.code} GİB'in tevkifat kodlarından biri değil.`);
          }
          withholding = { code: w.code, numerator: w.numerator, denominator: w.denominator };
        }
        return {
          quantity: l.quantity, unitPrice: l.unitPrice, discounts: l.discounts.map(discountOf), service: !l.movesStock, withholding,
          taxes: l.taxes.map((t) => ({ taxId: t.taxId, taxType: t.taxType, percentage: t.percentage, exceptionCode: t.exceptionCode })),
        };
      }),
      discounts: input.discounts.map(discountOf),
      payments: input.payments.map((p) => ({ type: p.paymentType, amount: p.amount })),
      conversionRate: input.conversionRate,
      pricesIncludeTax: input.pricesIncludeTax ?? false,
    });
  } catch (e) {
    if (e instanceof InvoiceInputError) {
      const field = apiField(e.field);
      throw new Problem(400, 'Fatura hesaplanamadı', { detail: e.message, code: e.code, fieldErrors: [{ field, message: e.message, code: e.code }] });
    }
    throw e;
  }
  const applied = (d: AppliedDiscount) => ({ type: d.type, percentage: d.percentage, amount: d.amount });
  return {
    lines: raw.lines.map((l) => ({
      unitPrice: l.unitPrice, gross: l.gross, discount: l.discount, documentDiscount: l.documentDiscount, taxBase: l.taxBase, tax: l.tax,
      withheld: l.withheld, total: l.total, withholdingRatio: l.withholding ? l.withholding.numerator : null,
      taxes: l.taxes.map((t) => ({ taxId: t.taxId ?? 0, taxType: t.taxType, percentage: t.percentage, exceptionCode: t.exceptionCode, base: t.base, amount: t.amount })),
    })),
    discounts: raw.discounts.map(applied),
    subtotal: raw.subtotal, totalDiscount: raw.totalDiscount, taxBase: raw.taxBase, totalTax: raw.totalTax, withheld: raw.withheld,
    totalAmount: raw.totalAmount, payable: raw.payable, paid: raw.paid, remaining: raw.remaining, raw,
  };
}
