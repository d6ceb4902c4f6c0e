import { existsSync, readFileSync } from 'node:fs';
import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import {
  computeInvoice,
  defaultTaxFor,
  type DocumentDiscount,
  InvoiceInputError,
  type InvoiceInput,
  type InvoiceLineInput,
  type InvoiceTotals,
  isServiceProductType,
  type LineTaxInput,
  PAYMENT_TYPE_LABELS_TR,
  PAYMENT_TYPES,
  type PaymentInput,
  priceListDiscount,
  spreadLargestRemainder,
  stockMoves,
  unitPriceFor,
  WITHHOLDING_CODES,
  withholdingFor,
  withholdingOptions,
} from './invoice';
import { SEED_TEXTS_TR } from './messages';

const kdv = (percentage: string | number, exceptionCode?: string) => ({ taxType: 'KDV', percentage, ...(exceptionCode ? { exceptionCode } : {}) });

/** The InvoiceInputError `run` throws (fails the test when it throws nothing). */
function refusal(run: () => unknown): InvoiceInputError {
  try {
    run();
  } catch (e) {
    if (e instanceof InvoiceInputError) return e;
    throw e;
  }
  throw new Error('expected an InvoiceInputError');
}

const oneLine = (line: Partial<InvoiceLineInput>, rest: Omit<InvoiceInput, 'lines'> = {}): InvoiceInput => ({
  lines: [{ quantity: 1, unitPrice: '100', taxes: [kdv(20)], ...line }],
  ...rest,
});

describe('computeInvoice: golden examples (worked by hand)', () => {
  it('one line with KDV 20', () => {
    // 3 × 19.99 = 59.97; KDV 59.97 × 20 % = 11.994 → 11.99; total 59.97 + 11.99 = 71.96.
    const r = computeInvoice({ lines: [{ quantity: 3, unitPrice: '19.99', taxes: [{ taxId: 7, ...kdv(20) }] }] });
    expect(r.lines[0]).toEqual({
      quantity: '3.000', unitPrice: '19.99000000', netUnitPrice: '19.99000000', gross: '59.97', discounts: [], discount: '0.00', net: '59.97',
      documentDiscount: '0.00', taxBase: '59.97',
      taxes: [{ taxId: 7, taxType: 'KDV', percentage: '20', exceptionCode: null, base: '59.97', amount: '11.99' }],
      tax: '11.99', withholding: null, withheld: '0.00', total: '71.96', movesStock: true,
    });
    expect(r).toMatchObject({
      subtotal: '59.97', lineDiscount: '0.00', documentDiscount: '0.00', totalDiscount: '0.00', taxBase: '59.97', totalTax: '11.99',
      withheld: '0.00', totalAmount: '71.96', payable: '71.96', paid: '0.00', openAccount: '0.00', remaining: '71.96',
      taxes: [{ taxType: 'KDV', percentage: '20', exceptionCode: null, base: '59.97', amount: '11.99' }], withholdings: [], conversionRate: null,
    });
    expect(r.try).toBeUndefined();
  });

  it('three lines, line discounts, document discounts, a cash payment and an open-account payment', () => {
    // L1: 2 × 100 = 200.00, −10 % = 20.00 → net 180.00 (KDV 20)
    // L2: 1.5 × 33.33 = 49.995 → 50.00 (half up), no discount → net 50.00 (KDV 10)
    // L3: 4 × 12.50 = 50.00, −5.00 → net 45.00 (KDV 20)
    // Σ nets 275.00. Document discounts: 10 % of 275.00 = 27.50, then 1.00 → 28.50 = 2850 kuruş.
    // Spread over nets 18000 : 5000 : 4500 kuruş (Σ 27500):
    //   L1 2850·18000/27500 = 1865 rest 12500; L2 2850·5000/27500 = 518 rest 5000;
    //   L3 2850·4500/27500 = 466 rest 10000. Σ 2849, one kuruş left → largest rest, L1 → 1866.
    //   Shares 18.66 + 5.18 + 4.66 = 28.50.
    // Bases: 161.34, 44.82, 40.34 (Σ 246.50 = 300.00 − 25.00 − 28.50).
    // Taxes: 161.34 × 20 % = 32.268 → 32.27; 44.82 × 10 % = 4.482 → 4.48; 40.34 × 20 % = 8.068 → 8.07.
    // Line totals 193.61 + 49.30 + 48.41 = 291.32 = 246.50 + 44.82.
    // Payments: CASH 100.00 and OPEN_ACCOUNT 191.32 (the rest): paid 100.00, remaining 191.32.
    const r = computeInvoice({
      lines: [
        { quantity: 2, unitPrice: '100', discounts: [{ type: 'PERCENTAGE', percentage: 10 }], taxes: [kdv(20)] },
        { quantity: '1.5', unitPrice: '33.33', taxes: [kdv(10)] },
        { quantity: 4, unitPrice: '12.50', discounts: [{ type: 'AMOUNT', amount: '5' }], taxes: [kdv(20)] },
      ],
      discounts: [{ type: 'PERCENTAGE', percentage: 10 }, { type: 'AMOUNT', amount: 1 }],
      payments: [{ type: 'CASH', amount: '100' }, { type: 'OPEN_ACCOUNT', amount: '191.32' }],
    });
    expect(r.lines.map((l) => [l.gross, l.discount, l.net, l.documentDiscount, l.taxBase, l.tax, l.total])).toEqual([
      ['200.00', '20.00', '180.00', '18.66', '161.34', '32.27', '193.61'],
      ['50.00', '0.00', '50.00', '5.18', '44.82', '4.48', '49.30'],
      ['50.00', '5.00', '45.00', '4.66', '40.34', '8.07', '48.41'],
    ]);
    expect(r.lines[0]!.discounts).toEqual([{ type: 'PERCENTAGE', percentage: '10', amount: '20.00' }]);
    expect(r.lines[2]!.discounts).toEqual([{ type: 'AMOUNT', percentage: null, amount: '5.00' }]);
    expect(r.discounts).toEqual([
      { type: 'PERCENTAGE', percentage: '10', amount: '27.50' },
      { type: 'AMOUNT', percentage: null, amount: '1.00' },
    ]);
    expect(r).toMatchObject({
      subtotal: '300.00', lineDiscount: '25.00', documentDiscount: '28.50', totalDiscount: '53.50', taxBase: '246.50', totalTax: '44.82',
      withheld: '0.00', totalAmount: '291.32', payable: '291.32', paid: '100.00', openAccount: '191.32', remaining: '191.32',
      payments: [{ type: 'CASH', amount: '100.00' }, { type: 'OPEN_ACCOUNT', amount: '191.32' }],
    });
    // KDV 20: bases 161.34 + 40.34 = 201.68, taxes 32.27 + 8.07 = 40.34 (sums of the lines).
    expect(r.taxes).toEqual([
      { taxType: 'KDV', percentage: '10', exceptionCode: null, base: '44.82', amount: '4.48' },
      { taxType: 'KDV', percentage: '20', exceptionCode: null, base: '201.68', amount: '40.34' },
    ]);
  });

  it('5/10 withholding on 20 % KDV (code 604, paired only with 50 % in the code list), a service line', () => {
    // 1 × 1234.56; KDV 246.912 → 246.91; withheld 246.91 × 5/10 = 123.455 → 123.46 (half up).
    // total 1234.56 + 246.91 = 1481.47; payable 1481.47 − 123.46 = 1358.01.
    const r = computeInvoice({
      lines: [{ quantity: 1, unitPrice: '1234.56', taxes: [kdv(20)], withholding: { code: '604', numerator: 5, denominator: 10 }, service: true }],
    });
    expect(r.lines[0]).toMatchObject({
      taxBase: '1234.56', tax: '246.91', withheld: '123.46', total: '1481.47', movesStock: false,
      withholding: { code: '604', numerator: 5, denominator: 10, percent: 50, base: '246.91', amount: '123.46' },
    });
    expect(r).toMatchObject({ totalAmount: '1481.47', withheld: '123.46', payable: '1358.01', remaining: '1358.01' });
    expect(r.withholdings).toEqual([{ code: '604', numerator: 5, denominator: 10, percent: 50, base: '246.91', amount: '123.46' }]);
  });

  it('9/10 withholding (code 602) beside a line without withholding', () => {
    // L1: 10 × 85.75 = 857.50; KDV 171.50; withheld 171.50 × 9/10 = 154.35; total 1029.00.
    // L2: 1 × 100 = 100.00; KDV 20.00; total 120.00.
    // taxBase 957.50, totalTax 191.50, totalAmount 1149.00, withheld 154.35, payable 994.65.
    const r = computeInvoice({
      lines: [
        { quantity: 10, unitPrice: '85.75', taxes: [kdv(20)], withholding: { code: '602', numerator: 9, denominator: 10 } },
        { quantity: 1, unitPrice: 100, taxes: [kdv(20)] },
      ],
    });
    expect(r.lines.map((l) => [l.tax, l.withheld, l.total])).toEqual([['171.50', '154.35', '1029.00'], ['20.00', '0.00', '120.00']]);
    expect(r).toMatchObject({ taxBase: '957.50', totalTax: '191.50', totalAmount: '1149.00', withheld: '154.35', payable: '994.65' });
    expect(r.withholdings).toEqual([{ code: '602', numerator: 9, denominator: 10, percent: 90, base: '171.50', amount: '154.35' }]);
    // A ratio given over another denominator is read as its percent and returned over 10.
    const half = computeInvoice(oneLine({ withholding: { code: '604', numerator: 1, denominator: 2 } }));
    expect(half.lines[0]!.withholding).toMatchObject({ numerator: 5, denominator: 10, amount: '10.00' });
  });

  it('0 % lines with exemptions 301 and 351: one tax subtotal per exemption code', () => {
    // L1: 5 × 40 = 200.00, KDV 0 (301); L2: 1 × 75.50 = 75.50, KDV 0 (351); L3: 1 × 10 = 10.00, KDV 20 = 2.00.
    const r = computeInvoice({
      lines: [
        { quantity: 5, unitPrice: 40, taxes: [kdv(0, '351')] },
        { quantity: 1, unitPrice: '75.5', taxes: [kdv('0.00', '301')] },
        { quantity: 1, unitPrice: 10, taxes: [kdv(20)] },
      ],
    });
    expect(r.lines[0]!.taxes[0]).toMatchObject({ percentage: '0', exceptionCode: '351', amount: '0.00' });
    expect(r.taxes).toEqual([
      { taxType: 'KDV', percentage: '0', exceptionCode: '301', base: '75.50', amount: '0.00' },
      { taxType: 'KDV', percentage: '0', exceptionCode: '351', base: '200.00', amount: '0.00' },
      { taxType: 'KDV', percentage: '20', exceptionCode: null, base: '10.00', amount: '2.00' },
    ]);
    expect(r).toMatchObject({ taxBase: '285.50', totalTax: '2.00', totalAmount: '287.50', payable: '287.50' });
  });

  it('a EUR invoice at 35.1234 with its lira equivalents', () => {
    // L1: 3 × 49.90 = 149.70; KDV 29.94; total 179.64.
    // L2: 1 × 250 = 250.00, −15 % = 37.50 → 212.50; KDV 42.50; total 255.00.
    // taxBase 362.20, totalTax 72.44, totalAmount 434.64 = payable.
    // In lira, each figure converted on its own:
    //   434.64 × 35.1234 = 15266.034576 → 15266.03; 72.44 × 35.1234 = 2544.339096 → 2544.34;
    //   362.20 × 35.1234 = 12721.69548 → 12721.70; withheld 0.00.
    //   (12721.70 + 2544.34 = 15266.04: the converted figures need not add up to the kuruş.)
    const r = computeInvoice({
      lines: [
        { quantity: 3, unitPrice: '49.90', taxes: [kdv(20)] },
        { quantity: 1, unitPrice: 250, discounts: [{ type: 'PERCENTAGE', percentage: 15 }], taxes: [kdv(20)] },
      ],
      conversionRate: '35.1234',
    });
    expect(r).toMatchObject({ taxBase: '362.20', totalTax: '72.44', totalAmount: '434.64', payable: '434.64', conversionRate: '35.1234' });
    expect(r.try).toEqual({ totalAmount: '15266.03', payable: '15266.03', totalTax: '2544.34', withheld: '0.00', taxBase: '12721.70' });
    expect(computeInvoice(oneLine({}, { conversionRate: '1.000000' })).try).toBeUndefined();
    expect(computeInvoice(oneLine({}, { conversionRate: 1 })).conversionRate).toBe('1');
  });

  it('quantity 2.5 at unit price 0.12345678', () => {
    // 2.5 × 0.12345678 = 0.30864195 → 0.31; KDV 20 % = 0.062 → 0.06; total 0.37.
    const r = computeInvoice({ lines: [{ quantity: 2.5, unitPrice: 0.12345678, taxes: [kdv(20)] }] });
    expect(r.lines[0]).toMatchObject({ quantity: '2.500', unitPrice: '0.12345678', gross: '0.31', tax: '0.06', total: '0.37' });
    expect(r.totalAmount).toBe('0.37');
  });

  it('a quantity with three decimals: 2.125 kg at 59.90 with KDV 10', () => {
    // 2.125 × 59.90 = 127.2875 → 127.29 (half up, in kuruş); KDV 127.29 × 10 % = 12.729 → 12.73; total 140.02.
    const r = computeInvoice({ lines: [{ quantity: '2.125', unitPrice: '59.90', taxes: [kdv(10)] }] });
    expect(r.lines[0]).toMatchObject({ quantity: '2.125', gross: '127.29', taxBase: '127.29', tax: '12.73', total: '140.02' });
    expect(r).toMatchObject({ taxBase: '127.29', totalTax: '12.73', totalAmount: '140.02', payable: '140.02' });
    expect(computeInvoice({ lines: [{ quantity: 2.125, unitPrice: 59.9, taxes: [kdv(10)] }] }).lines[0]!.gross).toBe('127.29');
  });

  it('each tax on the discounted line; a line without taxes; zero never signed', () => {
    // 1 × 100, −100 % → base 0.00; KDV 0.00; ÖTV-IV 220 % allowed (its list goes above 100).
    const r = computeInvoice({
      lines: [
        { quantity: 1, unitPrice: 100, discounts: [{ type: 'PERCENTAGE', percentage: 100 }], taxes: [kdv(20)] },
        { quantity: 1, unitPrice: '10', taxes: [{ taxType: 'ÖTV-IV', percentage: 220 }, kdv(20)] },
        { quantity: '0.01', unitPrice: '0' },
      ],
    });
    // Line 2: ÖTV-IV 220 % of 10 = 22.00; KDV 20 % of 10 + 22 = 6.40 (KDV Kanunu 24/c).
    expect(r.lines.map((l) => [l.taxBase, l.tax, l.total])).toEqual([['0.00', '0.00', '0.00'], ['10.00', '28.40', '38.40'], ['0.00', '0.00', '0.00']]);
    expect(r.lines[2]!.taxes).toEqual([]);
    expect(JSON.stringify(r)).not.toContain('-0');
    // Sorted by type (code-unit order), then percentage.
    expect(r.taxes.map((t) => `${t.taxType} ${t.percentage}`)).toEqual(['KDV 20', 'ÖTV-IV 220']);
  });

  it('ÖTV, ÖİV and ETV enter the KDV base, the konaklama vergisi and the damga vergisi do not (KDV Kanunu 24/c)', () => {
    // 2.25 × 58.52 = 131.67; ÖTV-I 6.7 % = 8.82189 → 8.82; KDV base 131.67 + 8.82 = 140.49,
    // KDV 10 % = 14.049 → 14.05 (without the ÖTV it would be 13.17); total 131.67 + 8.82 + 14.05 = 154.54.
    const fuel = computeInvoice({ lines: [{ quantity: '2.25', unitPrice: '58.52', taxes: [kdv(10), { taxType: 'ÖTV-I', percentage: '6.7' }] }] });
    expect(fuel.lines[0]!.taxes.map((t) => [t.taxType, t.base, t.amount])).toEqual([['KDV', '140.49', '14.05'], ['ÖTV-I', '131.67', '8.82']]);
    expect(fuel).toMatchObject({ taxBase: '131.67', totalTax: '22.87', totalAmount: '154.54' });
    expect(fuel.taxes.map((t) => [t.taxType, t.base, t.amount])).toEqual([['KDV', '140.49', '14.05'], ['ÖTV-I', '131.67', '8.82']]);
    // 1 × 100 with ÖİV 10 %, ETV 5 %, konaklama 2 %, damga 1 %: KDV 20 % on 100 + 10 + 5 = 115 → 23.00.
    const mixed = computeInvoice({
      lines: [{ quantity: 1, unitPrice: 100, taxes: [kdv(20), { taxType: 'ÖİV', percentage: 10 }, { taxType: 'ETV', percentage: 5 }, { taxType: 'KONAKLAMA', percentage: 2 }, { taxType: 'DAMGA', percentage: 1 }] }],
    });
    expect(mixed.lines[0]!.taxes.find((t) => t.taxType === 'KDV')).toMatchObject({ base: '115.00', amount: '23.00' });
    expect(mixed.lines[0]).toMatchObject({ taxBase: '100.00', tax: '41.00', total: '141.00' });
    // Withholding is on the KDV so computed: 9/10 of 14.05 = 12.645 → 12.65.
    const withheld = computeInvoice({ lines: [{ quantity: '2.25', unitPrice: '58.52', taxes: [kdv(10), { taxType: 'ÖTV-I', percentage: '6.7' }], withholding: { code: '602', numerator: 9, denominator: 10 } }] });
    expect(withheld.lines[0]!.withholding).toMatchObject({ base: '14.05', amount: '12.65' });
  });

  it('prices that include KDV keep what the buyer pays exact and derive the net (3 × 0,99 incl. 20 % is 2,97)', () => {
    // 3 × 0.99 = 2.97 paid; base 2.97 / 1.20 = 2.475 → 2.48; KDV 2.97 − 2.48 = 0.49 (entering the
    // net 0.825 instead gives 2.48 + 0.50 = 2.98, a kuruş the buyer never paid).
    const r = computeInvoice({ pricesIncludeTax: true, lines: [{ quantity: 3, unitPrice: '0.99', taxes: [kdv(20)] }] });
    expect(r.lines[0]).toMatchObject({ unitPrice: '0.99000000', netUnitPrice: '0.82666667', gross: '2.48', discount: '0.00', taxBase: '2.48', tax: '0.49', total: '2.97' });
    expect(r).toMatchObject({ subtotal: '2.48', taxBase: '2.48', totalTax: '0.49', totalAmount: '2.97', payable: '2.97' });
    // A 10 % line discount on 2 × 59.90 incl. KDV 10 %: 119.80 − 11.98 = 107.82 paid; base
    // 107.82 / 1.10 = 98.018 → 98.02; gross 119.80 / 1.10 = 108.909 → 108.91; discount takes the
    // rest, 108.91 − 98.02 = 10.89 (11.98 / 1.10 = 10.89); KDV 107.82 − 98.02 = 9.80.
    const d = computeInvoice({ pricesIncludeTax: true, lines: [{ quantity: 2, unitPrice: '59.90', discounts: [{ type: 'PERCENTAGE', percentage: 10 }], taxes: [kdv(10)] }] });
    expect(d.lines[0]).toMatchObject({ gross: '108.91', discount: '10.89', net: '98.02', taxBase: '98.02', tax: '9.80', total: '107.82' });
    expect(d.lines[0]!.discounts).toEqual([{ type: 'PERCENTAGE', percentage: '10', amount: '10.89' }]);
    // ÖTV inside the KDV base: 1 × 118.00 incl. ÖTV 10 % and KDV 20 %: F = 1 + 0.10 + 0.20 × 1.10 = 1.32;
    // base 118 / 1.32 = 89.393 → 89.39; ÖTV 8.94 (8.939); KDV 118 − 89.39 − 8.94 = 19.67 (20 % of 98.33 = 19.666).
    const otv = computeInvoice({ pricesIncludeTax: true, lines: [{ quantity: 1, unitPrice: 118, taxes: [kdv(20), { taxType: 'ÖTV-III', percentage: 10 }] }] });
    expect(otv.lines[0]!.taxes.map((t) => [t.taxType, t.base, t.amount])).toEqual([['KDV', '98.33', '19.67'], ['ÖTV-III', '89.39', '8.94']]);
    expect(otv.lines[0]).toMatchObject({ taxBase: '89.39', total: '118.00' });
    // Every line keeps base + taxes = what the buyer pays, whatever the figures.
    for (const [q, p, rate] of [['7', '1.01', 20], ['1.5', '33.33', 10], ['12', '0.07', 1], ['3', '19.99', 0]] as const) {
      const x = computeInvoice({ pricesIncludeTax: true, lines: [{ quantity: q, unitPrice: p, taxes: [kdv(rate)] }] });
      expect(x.lines[0]!.total).toBe(new Decimal(q).times(p).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2));
      expect(new Decimal(x.lines[0]!.gross).minus(x.lines[0]!.discount).toFixed(2)).toBe(x.lines[0]!.taxBase);
    }
    // A document discount would mix inclusive and net amounts: refused.
    expect(refusal(() => computeInvoice({ pricesIncludeTax: true, lines: [{ quantity: 1, unitPrice: 10, taxes: [kdv(20)] }], discounts: [{ type: 'AMOUNT', amount: 1 }] })).code).toBe('DOCUMENT_DISCOUNT_WITH_INCLUSIVE');
  });

  it('payments: FREE counts as paid, OPEN_ACCOUNT does not; the whole payable may be paid', () => {
    const r = computeInvoice(oneLine({}, { payments: [{ type: 'CREDIT_CARD', amount: '50' }, { type: 'FREE', amount: '10.5' }, { type: 'PORTAL_CASH', amount: 59.5 }] }));
    expect(r).toMatchObject({ payable: '120.00', paid: '120.00', openAccount: '0.00', remaining: '0.00' });
  });
});

describe('computeInvoice: refusals', () => {
  const cases: [string, InvoiceInput, string, string][] = [
    ['non-numeric quantity', oneLine({ quantity: 'abc' }), 'lines[0].quantity', 'NOT_NUMERIC'],
    ['comma decimal', oneLine({ unitPrice: '1,5' }), 'lines[0].unitPrice', 'NOT_NUMERIC'],
    ['hexadecimal text', oneLine({ unitPrice: '0x10' }), 'lines[0].unitPrice', 'NOT_NUMERIC'],
    ['NaN', oneLine({ quantity: Number.NaN }), 'lines[0].quantity', 'NOT_NUMERIC'],
    ['Infinity', oneLine({ unitPrice: Number.POSITIVE_INFINITY }), 'lines[0].unitPrice', 'NOT_NUMERIC'],
    ['missing quantity', oneLine({ quantity: '' }), 'lines[0].quantity', 'REQUIRED'],
    ['negative quantity', oneLine({ quantity: -1 }), 'lines[0].quantity', 'NEGATIVE'],
    ['negative price', oneLine({ unitPrice: '-0.01' }), 'lines[0].unitPrice', 'NEGATIVE'],
    ['quantity 0', oneLine({ quantity: '0.00' }), 'lines[0].quantity', 'QUANTITY_ZERO'],
    ['quantity with 4 decimals', oneLine({ quantity: '2.1255' }), 'lines[0].quantity', 'TOO_MANY_DECIMALS'],
    ['quantity with 4 decimals as a number', oneLine({ quantity: 1.0005 }), 'lines[0].quantity', 'TOO_MANY_DECIMALS'],
    ['quantity from a float sum', oneLine({ quantity: 0.1 + 0.2 }), 'lines[0].quantity', 'TOO_MANY_DECIMALS'],
    ['price with 9 decimals', oneLine({ unitPrice: '0.123456789' }), 'lines[0].unitPrice', 'TOO_MANY_DECIMALS'],
    ['exponent notation in text', oneLine({ quantity: '1e2' }), 'lines[0].quantity', 'NOT_NUMERIC'],
    ['line amount too large', oneLine({ quantity: '999999999999999', unitPrice: '99999' }), 'lines[0]', 'TOO_LARGE'],
    ['line discount above 100 %', oneLine({ discounts: [{ type: 'PERCENTAGE', percentage: 100.01 }] }), 'lines[0].discounts[0].percentage', 'PERCENTAGE_RANGE'],
    ['line discount below 0 %', oneLine({ discounts: [{ type: 'PERCENTAGE', percentage: -5 }] }), 'lines[0].discounts[0].percentage', 'PERCENTAGE_RANGE'],
    ['document discount above 100 %', oneLine({}, { discounts: [{ type: 'PERCENTAGE', percentage: '101' }] }), 'discounts[0].percentage', 'PERCENTAGE_RANGE'],
    ['KDV above 100 %', oneLine({ taxes: [kdv(120)] }), 'lines[0].taxes[0].percentage', 'PERCENTAGE_RANGE'],
    ['tax with 3 decimals', oneLine({ taxes: [kdv('20.125')] }), 'lines[0].taxes[0].percentage', 'TOO_MANY_DECIMALS'],
    ['unknown discount type', oneLine({ discounts: [{ type: 'FIXED', amount: 1 } as never] }), 'lines[0].discounts[0].type', 'DISCOUNT_TYPE'],
    ['amount discount above the line', oneLine({ discounts: [{ type: 'AMOUNT', amount: '100.01' }] }), 'lines[0].discounts[0].amount', 'DISCOUNT_EXCEEDS_AMOUNT'],
    ['amount discount above what the discounts before left', oneLine({ discounts: [{ type: 'PERCENTAGE', percentage: 50 }, { type: 'AMOUNT', amount: 51 }] }), 'lines[0].discounts[1].amount', 'DISCOUNT_EXCEEDS_AMOUNT'],
    ['document amount discount above the lines', oneLine({}, { discounts: [{ type: 'AMOUNT', amount: '100.01' }] }), 'discounts[0].amount', 'DISCOUNT_EXCEEDS_AMOUNT'],
    ['amount discount with 3 decimals', oneLine({ discounts: [{ type: 'AMOUNT', amount: '1.001' }] }), 'lines[0].discounts[0].amount', 'TOO_MANY_DECIMALS'],
    ['two KDV on a line', oneLine({ taxes: [kdv(20), kdv(10)] }), 'lines[0].taxes[1].taxType', 'DUPLICATE_TAX_TYPE'],
    ['a tax without a type', oneLine({ taxes: [{ taxType: ' ', percentage: 1 }] }), 'lines[0].taxes[0].taxType', 'TAX_TYPE_REQUIRED'],
    ['withholding without taxes', oneLine({ taxes: [], withholding: { code: '602', numerator: 9, denominator: 10 } }), 'lines[0].withholding', 'WITHHOLDING_WITHOUT_KDV'],
    ['withholding with only ÖTV', oneLine({ taxes: [{ taxType: 'ÖTV-I', percentage: 10 }], withholding: { code: '602', numerator: 9, denominator: 10 } }), 'lines[0].withholding', 'WITHHOLDING_WITHOUT_KDV'],
    ['withholding on 0 % KDV', oneLine({ taxes: [kdv(0)], withholding: { code: '602', numerator: 9, denominator: 10 } }), 'lines[0].withholding', 'WITHHOLDING_WITHOUT_KDV'],
    ['unknown withholding code', oneLine({ withholding: { code: '650', numerator: 9, denominator: 10 } }), 'lines[0].withholding.code', 'WITHHOLDING_CODE'],
    ['withholding ratio not of the code', oneLine({ withholding: { code: '602', numerator: 5, denominator: 10 } }), 'lines[0].withholding.numerator', 'WITHHOLDING_RATIO'],
    ['withholding ratio above 1', oneLine({ withholding: { code: '801', numerator: 11, denominator: 10 } }), 'lines[0].withholding.numerator', 'WITHHOLDING_RATIO'],
    ['exemption code on 20 % KDV', oneLine({ taxes: [kdv(20, '301')] }), 'lines[0].taxes[0].exceptionCode', 'EXEMPTION_ON_TAXED_LINE'],
    ['exemption code not 3 digits', oneLine({ taxes: [kdv(0, '35')] }), 'lines[0].taxes[0].exceptionCode', 'EXEMPTION_CODE'],
    ['payment of 0', oneLine({}, { payments: [{ type: 'CASH', amount: 0 }] }), 'payments[0].amount', 'PAYMENT_NOT_POSITIVE'],
    ['negative payment', oneLine({}, { payments: [{ type: 'CASH', amount: '-10' }] }), 'payments[0].amount', 'PAYMENT_NOT_POSITIVE'],
    ['payment with 3 decimals', oneLine({}, { payments: [{ type: 'CASH', amount: '1.005' }] }), 'payments[0].amount', 'TOO_MANY_DECIMALS'],
    ['unknown payment type', oneLine({}, { payments: [{ type: 'CHEQUE' as never, amount: 1 }] }), 'payments[0].type', 'PAYMENT_TYPE'],
    ['one payment above the payable', oneLine({}, { payments: [{ type: 'CASH', amount: '120.01' }] }), 'payments[0].amount', 'PAYMENT_EXCEEDS_REMAINING'],
    ['payments together above the payable', oneLine({}, { payments: [{ type: 'CASH', amount: 100 }, { type: 'OPEN_ACCOUNT', amount: '20.01' }] }), 'payments[1].amount', 'PAYMENT_EXCEEDS_REMAINING'],
    ['two online payments', oneLine({}, { payments: [{ type: 'CREDIT_CARD', amount: 10 }, { type: 'CASH', amount: 10 }, { type: 'CREDIT_CARD', amount: 10 }] }), 'payments[2].type', 'ONLY_ONE_ONLINE_PAYMENT'],
    ['no lines', { lines: [] }, 'lines', 'NO_LINES'],
    ['conversion rate 0', oneLine({}, { conversionRate: 0 }), 'conversionRate', 'CONVERSION_RATE'],
    ['negative conversion rate', oneLine({}, { conversionRate: '-35' }), 'conversionRate', 'NEGATIVE'],
    ['conversion rate with 7 decimals', oneLine({}, { conversionRate: '35.1234567' }), 'conversionRate', 'TOO_MANY_DECIMALS'],
  ];

  it.each(cases)('%s', (_name, input, field, code) => {
    const e = refusal(() => computeInvoice(input));
    expect([e.field, e.code]).toEqual([field, code]);
    expect(e).toBeInstanceOf(Error);
    expect(e.name).toBe('InvoiceInputError');
    expect(e.message.length).toBeGreaterThan(5);
  });

  it('refuses quantities of 10^15 (numeric(18, 3)) and prices of 10^16 and above', () => {
    expect(refusal(() => computeInvoice(oneLine({ quantity: 1e15 }))).code).toBe('TOO_LARGE');
    expect(refusal(() => computeInvoice(oneLine({ quantity: 1e16 }))).code).toBe('TOO_LARGE');
    expect(refusal(() => computeInvoice(oneLine({ unitPrice: '10000000000000000' }))).code).toBe('TOO_LARGE');
  });

  it('says the messages in Turkish', () => {
    expect(refusal(() => computeInvoice(oneLine({}, { payments: [{ type: 'CASH', amount: 121 }] }))).message).toBe('Ödeme tutarı kalan tutarı aşamaz');
    const online = refusal(() => computeInvoice(oneLine({}, { payments: [{ type: 'CREDIT_CARD', amount: 1 }, { type: 'CREDIT_CARD', amount: 1 }] })));
    expect(online.message).toBe(SEED_TEXTS_TR.ONLY_ONE_ONLINE_PAYMENT);
    expect(refusal(() => computeInvoice(oneLine({ quantity: '1.2345' }))).message).toBe('Miktar en fazla 3 ondalık basamaklı olabilir; fazlası yuvarlanmaz.');
    expect(refusal(() => computeInvoice(oneLine({ withholding: { code: '601', numerator: 5, denominator: 10 } }))).message).toBe('601 tevkifat kodunun oranı 3/10, 4/10 olabilir.');
  });

  it('reports the first problem in input order', () => {
    const e = refusal(() => computeInvoice({ lines: [{ quantity: 1, unitPrice: 1 }, { quantity: 0, unitPrice: 'x' }, { quantity: 'y', unitPrice: 1 }] }));
    expect(e.field).toBe('lines[1].quantity');
  });
});

describe('helpers', () => {
  const product = { buyingPrice: '80.5', salePrice: '100', buyingCurrencyId: 1, saleCurrencyId: 1 };
  const rates: Record<number, string> = { 2: '32.5', 3: '35.1234' };
  const rateOf = (id: number) => rates[id]!;

  it('unitPriceFor: buying price on a purchase, sale price otherwise, converted between currencies', () => {
    expect(unitPriceFor(product, 'BUYING', 1, rateOf)).toBe('80.50000000');
    expect(unitPriceFor(product, 'SALE', 1, rateOf)).toBe('100.00000000');
    // 100 TL on a EUR invoice: 100 × 1 / 35.1234 = 2.847104779… → 2.84710478.
    expect(unitPriceFor(product, 'SALE', 3, rateOf)).toBe('2.84710478');
    // 10 USD on a EUR invoice: 10 × 32.5 / 35.1234 = 325 / 35.1234 = 9.253090532… → 9.25309053.
    expect(unitPriceFor({ ...product, saleCurrencyId: 2, salePrice: 10 }, 'SALE', 3, rateOf)).toBe('9.25309053');
    // 2 EUR on a lira invoice: 70.2468.
    expect(unitPriceFor({ ...product, buyingCurrencyId: 3, buyingPrice: 2 }, 'BUYING', 1, rateOf)).toBe('70.24680000');
    expect(unitPriceFor({ ...product, salePrice: null }, 'SALE', 1, rateOf)).toBeNull();
    expect(refusal(() => unitPriceFor(product, 'SALE', 3, () => '0')).code).toBe('CONVERSION_RATE');
  });

  it('defaultTaxFor: the active KDV at the product default rate', () => {
    const taxes = [
      { id: 4, taxType: 'KDV', percentage: '20.00', active: true },
      { id: 2, taxType: 'KDV', percentage: 10, active: false },
      { id: 3, taxType: 'ÖTV-I', percentage: 10, active: true },
      { id: 5, taxType: 'KDV', percentage: 1, active: true },
    ];
    expect(defaultTaxFor({ defaultTaxRate: 20 }, taxes)?.id).toBe(4);
    expect(defaultTaxFor({ defaultTaxRate: '1' }, taxes)?.id).toBe(5);
    expect(defaultTaxFor({ defaultTaxRate: 10 }, taxes)).toBeNull();
    expect(defaultTaxFor({ defaultTaxRate: null }, taxes)).toBeNull();
    // Several 0 % KDV taxes, one per exemption code: the plain one, whatever the order.
    const zero = [
      { id: 6, taxType: 'KDV', percentage: 0, active: true, exceptionCode: '301' },
      { id: 9, taxType: 'KDV', percentage: 0, active: true, exceptionCode: null },
      { id: 7, taxType: 'KDV', percentage: 0, active: true, exceptionCode: '351' },
    ];
    expect(defaultTaxFor({ defaultTaxRate: 0 }, zero)?.id).toBe(9);
    expect(defaultTaxFor({ defaultTaxRate: 0 }, zero.filter((t) => t.id !== 9))?.id).toBe(6);
  });

  it('priceListDiscount: a percentage line discount', () => {
    expect(priceListDiscount('12.50')).toEqual({ type: 'PERCENTAGE', percentage: '12.5' });
    expect(priceListDiscount(0)).toBeNull();
    expect(refusal(() => priceListDiscount(101)).field).toBe('discountRate');
  });

  it('stockMoves and isServiceProductType: services carry no stock lines', () => {
    expect(stockMoves({ service: true })).toBe(false);
    expect(stockMoves({})).toBe(true);
    expect(isServiceProductType('SERVICE_GIVEN')).toBe(true);
    expect(isServiceProductType('SERVICE_TAKEN')).toBe(true);
    expect(isServiceProductType('COMMERCIAL_GOODS')).toBe(false);
    expect(computeInvoice(oneLine({ service: true })).lines[0]!.movesStock).toBe(false);
  });

  it('payment types and their Turkish labels', () => {
    expect(PAYMENT_TYPES).toEqual(['CREDIT_CARD', 'CASH', 'PORTAL_CASH', 'FREE', 'OPEN_ACCOUNT']);
    expect(Object.values(PAYMENT_TYPE_LABELS_TR)).toEqual(['Kredi Kartı', 'Nakit', 'Portal Nakit', 'Ücretsiz', 'Açık Hesap']);
  });

  it('withholding codes: 601–627 and 801–825, ratios over 10', () => {
    const codes = [...new Set(WITHHOLDING_CODES.map((w) => w.code))];
    const range = (a: number, b: number) => Array.from({ length: b - a + 1 }, (_, i) => String(a + i));
    expect(codes).toEqual([...range(601, 627), ...range(801, 825)]);
    expect(withholdingFor('602')).toEqual({ code: '602', numerator: 9, denominator: 10, percent: 90 });
    expect(withholdingFor('825')).toEqual({ code: '825', numerator: 10, denominator: 10, percent: 100 });
    expect(withholdingFor('613')).toBeNull(); // two percents in the list: pass one
    expect(withholdingFor('613', 90)).toMatchObject({ numerator: 9 });
    expect(withholdingFor('613', 50)).toBeNull();
    expect(withholdingFor('650')).toBeNull();
    expect(withholdingOptions('627').map((w) => w.numerator)).toEqual([4, 5]);
  });

  const codelist = '/work/shared/data/ubl-tr/schematron/UBL-TR_Codelist.xml';
  it.skipIf(!existsSync(codelist))('the withholding table matches the UBL-TR code list it was generated from', () => {
    const xml = readFileSync(codelist, 'utf8');
    const list = (name: string) => xml.match(new RegExp(`name="${name}" value="([^"]*)"`))![1]!.split(',').filter((x) => /^\d+$/.test(x));
    const codes = new Set(list('WithholdingTaxType'));
    const pairs = list('WithholdingTaxTypeWithPercent').filter((p) => codes.has(p.slice(0, 3))).sort();
    expect(WITHHOLDING_CODES.map((w) => `${w.code}${w.percent}`).sort()).toEqual(pairs);
  });

  it('spreadLargestRemainder: exact, largest remainder first, ties to the earlier index', () => {
    expect(spreadLargestRemainder(2850n, [18000n, 5000n, 4500n])).toEqual([1866n, 518n, 466n]);
    expect(spreadLargestRemainder(1n, [1n, 1n, 1n])).toEqual([1n, 0n, 0n]);
    expect(spreadLargestRemainder(2n, [1n, 1n, 1n])).toEqual([1n, 1n, 0n]);
    expect(spreadLargestRemainder(5n, [0n, 0n])).toEqual([0n, 0n]);
    expect(spreadLargestRemainder(10n, [3n, 0n, 7n])).toEqual([3n, 0n, 7n]);
  });
});

// ---------------------------------------------------------------------------------------------
// Property test: 2,000 seeded random invoices.

/** mulberry32: a small seeded generator, the same sequence on every run. */
function generator(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
  /** A decimal string between 0 and max + 1 (exclusive) with up to `decimals` places. */
  const dec = (max: number, decimals: number) => {
    const places = int(0, decimals);
    const fraction = Array.from({ length: places }, () => String(int(0, 9))).join('');
    return places ? `${int(0, max)}.${fraction}` : String(int(0, max));
  };
  const pick = <T>(xs: readonly T[]): T => xs[int(0, xs.length - 1)]!;
  return { next, int, dec, pick };
}

function randomInvoice(g: ReturnType<typeof generator>): InvoiceInput {
  const lines: InvoiceLineInput[] = Array.from({ length: g.int(1, 7) }, () => {
    const quantity = g.next() < 0.5 ? String(g.int(1, 50)) : `${g.int(0, 999)}.${String(g.int(1, 999)).padStart(3, '0')}`;
    const unitPrice = g.next() < 0.1 ? '0' : g.dec(4999, 8);
    // Line discounts: percentages, and amounts kept within what the discounts before left.
    let left = new Decimal(quantity).times(unitPrice).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
    const discounts = Array.from({ length: g.int(0, 2) }, () => {
      if (g.next() < 0.6) {
        const d = { type: 'PERCENTAGE' as const, percentage: g.dec(99, 2) };
        left = left.minus(left.times(d.percentage).dividedBy(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP));
        return d;
      }
      const amount = left.times(g.int(0, 100)).dividedBy(100).toDecimalPlaces(2, Decimal.ROUND_DOWN);
      left = left.minus(amount);
      return { type: 'AMOUNT' as const, amount: amount.toFixed(2) };
    });
    const kdvRate = g.pick(['0', '1', '10', '20', '18', '8']);
    const taxes: LineTaxInput[] = [kdv(kdvRate, kdvRate === '0' && g.next() < 0.5 ? g.pick(['301', '351', '201']) : undefined)];
    if (g.next() < 0.15) taxes.push({ taxType: 'ÖTV-I', percentage: g.dec(49, 2) });
    const w = kdvRate !== '0' && g.next() < 0.3 ? g.pick(WITHHOLDING_CODES) : null;
    const withholding = w && { code: w.code, numerator: w.percent / 10, denominator: 10 };
    return { quantity, unitPrice, discounts, taxes, withholding, service: g.next() < 0.2 };
  });
  return { lines, conversionRate: g.next() < 0.3 ? (g.next() < 0.1 ? '1' : `${g.int(1, 60)}.${g.int(0, 999999)}`) : null };
}

/** Document discounts for the invoice: a percentage, an amount up to what the lines leave, or both. */
function randomDocumentDiscounts(g: ReturnType<typeof generator>, nets: Decimal): InvoiceInput['discounts'] {
  const out: DocumentDiscount[] = [];
  let left = nets;
  if (g.next() < 0.5) {
    const percentage = g.dec(29, 4);
    out.push({ type: 'PERCENTAGE', percentage });
    left = left.minus(left.times(percentage).dividedBy(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP));
  }
  if (g.next() < 0.4) out.push({ type: 'AMOUNT', amount: left.times(g.next()).toDecimalPlaces(2, Decimal.ROUND_DOWN).toFixed(2) });
  return out;
}

const D = (s: string) => new Decimal(s);
const total = (xs: string[]) => xs.reduce((a, b) => a.plus(b), new Decimal(0)).toFixed(2);

/**
 * The invariants of one computed invoice. Plain checks that throw (expect() per figure would make
 * 2,000 invoices take several seconds); the message names the invariant and both values.
 */
function checkInvariants(input: InvoiceInput, r: InvoiceTotals) {
  const same = (actual: unknown, expected: unknown, what: string) => {
    if (actual !== expected) throw new Error(`${what}: ${String(actual)} ≠ ${String(expected)}`);
  };
  const money = /^\d+\.\d{2}$/;
  for (const l of r.lines) {
    for (const x of [l.gross, l.discount, l.net, l.documentDiscount, l.taxBase, l.tax, l.withheld, l.total]) same(money.test(x), true, `money form of ${x}`);
    same(D(l.gross).minus(l.discount).toFixed(2), l.net, 'net = gross − discount');
    same(D(l.net).minus(l.documentDiscount).toFixed(2), l.taxBase, 'base = net − share');
    same(total(l.taxes.map((t) => t.amount)), l.tax, 'line tax = Σ its taxes');
    same(D(l.taxBase).plus(l.tax).toFixed(2), l.total, 'line total = base + tax');
    same(D(l.documentDiscount).lte(l.net), true, 'share ≤ net');
  }
  for (const x of [r.subtotal, r.lineDiscount, r.documentDiscount, r.totalDiscount, r.taxBase, r.totalTax, r.withheld, r.totalAmount, r.payable, r.paid, r.openAccount, r.remaining]) {
    same(money.test(x), true, `money form of ${x}`); // no sign: nothing negative
  }
  same(total(r.lines.map((l) => l.gross)), r.subtotal, 'subtotal = Σ gross');
  same(total(r.lines.map((l) => l.discount)), r.lineDiscount, 'lineDiscount = Σ line discounts');
  // The spread shares add up to the document discounts exactly…
  same(total(r.lines.map((l) => l.documentDiscount)), r.documentDiscount, 'documentDiscount = Σ shares');
  same(total(r.discounts.map((d) => d.amount)), r.documentDiscount, 'documentDiscount = Σ document discounts');
  // …and each is within a kuruş of its exact proportional share.
  const nets = r.lines.reduce((a, l) => a.plus(l.net), new Decimal(0));
  if (nets.gt(0)) {
    for (const l of r.lines) same(D(r.documentDiscount).times(l.net).dividedBy(nets).minus(l.documentDiscount).abs().lt('0.01'), true, 'share within a kuruş');
  }
  same(D(r.lineDiscount).plus(r.documentDiscount).toFixed(2), r.totalDiscount, 'totalDiscount');
  same(total(r.lines.map((l) => l.taxBase)), r.taxBase, 'taxBase = Σ bases');
  same(D(r.subtotal).minus(r.totalDiscount).toFixed(2), r.taxBase, 'taxBase = subtotal − totalDiscount');
  same(total(r.lines.map((l) => l.tax)), r.totalTax, 'totalTax = Σ line taxes');
  same(total(r.lines.map((l) => l.withheld)), r.withheld, 'withheld = Σ line withholdings');
  same(total(r.lines.map((l) => l.total)), r.totalAmount, 'totalAmount = Σ line totals');
  same(D(r.taxBase).plus(r.totalTax).toFixed(2), r.totalAmount, 'totalAmount = taxBase + totalTax');
  same(D(r.totalAmount).minus(r.withheld).toFixed(2), r.payable, 'payable = totalAmount − withheld');
  same(D(r.payable).minus(r.paid).toFixed(2), r.remaining, 'remaining = payable − paid');
  same(total(r.taxes.map((t) => t.amount)), r.totalTax, 'Σ tax subtotals = totalTax');
  same(total(r.withholdings.map((w) => w.amount)), r.withheld, 'Σ withholding subtotals = withheld');
  same(total(r.payments.filter((p) => p.type !== 'OPEN_ACCOUNT').map((p) => p.amount)), r.paid, 'paid = Σ payments but open account');
  same(r.lines.map((l) => l.movesStock).join(), input.lines.map((l) => !l.service).join(), 'services move no stock');
  const rate = input.conversionRate === null || input.conversionRate === undefined ? null : D(String(input.conversionRate));
  if (rate && !rate.eq(1)) same(r.try?.payable, D(r.payable).times(rate).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2), 'payable in lira');
  else same(r.try, undefined, 'no lira equivalents for a lira invoice');
}

describe('computeInvoice: properties of 2,000 random invoices', () => {
  it('totals are the sums of the line figures, payable = total − withheld, shares add up, nothing negative, deterministic', () => {
    const g = generator(20261124);
    let checked = 0;
    for (let n = 0; n < 2000; n++) {
      const lines = randomInvoice(g);
      const nets = computeInvoice(lines).lines.reduce((a, l) => a.plus(l.net), new Decimal(0));
      const draft = { ...lines, discounts: randomDocumentDiscounts(g, nets) };
      const first = computeInvoice(draft);
      // Payments within the payable: a part paid, a part maybe on open account.
      const payable = D(first.payable);
      const payments: PaymentInput[] = [];
      if (payable.gt('0.02') && g.next() < 0.7) {
        const cash = payable.times(g.int(1, 99)).dividedBy(100).toDecimalPlaces(2, Decimal.ROUND_DOWN);
        if (cash.gt(0)) payments.push({ type: g.pick(['CASH', 'CREDIT_CARD', 'PORTAL_CASH', 'FREE'] as const), amount: cash.toFixed(2) });
        const rest = payable.minus(cash);
        if (rest.gt(0) && g.next() < 0.5) payments.push({ type: 'OPEN_ACCOUNT', amount: rest.toFixed(2) });
      }
      const input: InvoiceInput = { ...draft, payments };
      const r = computeInvoice(input);
      checkInvariants(input, r);
      // Same input, same answer; payments never change the figures before them.
      const json = JSON.stringify(r);
      if (JSON.stringify(computeInvoice(structuredClone(input))) !== json) throw new Error(`not deterministic: invoice ${n}`);
      if (JSON.stringify({ ...r, payments: [], paid: first.paid, openAccount: first.openAccount, remaining: first.remaining }) !== JSON.stringify(first)) {
        throw new Error(`payments changed the figures: invoice ${n}`);
      }
      // A kuruş more than the payable is refused.
      if (payments.length) {
        const over = [...payments, { type: 'CASH' as const, amount: D(r.remaining).minus(r.openAccount).plus('0.01').toFixed(2) }];
        if (refusal(() => computeInvoice({ ...input, payments: over })).code !== 'PAYMENT_EXCEEDS_REMAINING') throw new Error(`overpayment taken: invoice ${n}`);
      }
      checked++;
    }
    expect(checked).toBe(2000);
  }, 60_000);
});
