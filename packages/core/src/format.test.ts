import { describe, expect, it } from 'vitest';
import {
  DATE_FORMATS,
  formatDecimalInput,
  formatQuantity,
  parseTurkishDecimal,
  formatAmount,
  formatDate,
  formatMoney,
  formatNumber,
  formatPhone,
  parseTurkishNumber,
  presetDates,
  toDate,
  todayInTurkey,
} from './format';

describe('formatNumber', () => {
  it.each([
    [1234567.891, 2, '1.234.567,89'],
    [1234.5, 2, '1.234,50'],
    [999.999, 2, '1.000,00'],
    [100, 2, '100,00'],
    [1000, 0, '1.000'],
    [0.5, 0, '1'],
    [-1234.5, 2, '-1.234,50'],
    [-0.001, 2, '0,00'],
    [-0, 2, '0,00'],
    [1.005, 2, '1,01'],
    [2.675, 2, '2,68'],
    [1.23456789, 8, '1,23456789'],
    [0.000000015, 8, '0,00000002'],
    [1e21, 2, '1.000.000.000.000.000.000.000,00'],
    [123456789012.34, 2, '123.456.789.012,34'],
  ])('formats %d with %d decimals as %s', (n, d, expected) => {
    expect(formatNumber(n, d)).toBe(expected);
  });

  it('defaults to two decimals and formats missing values as zero', () => {
    expect(formatNumber(12)).toBe('12,00');
    expect(formatNumber(null)).toBe('0,00');
    expect(formatNumber(undefined, 0)).toBe('0');
    expect(formatNumber(Number.NaN)).toBe('0,00');
    expect(formatNumber(Number.POSITIVE_INFINITY)).toBe('0,00');
  });
});

describe('formatAmount / formatMoney', () => {
  it('uses two decimals and 0,00 for nothing', () => {
    expect(formatAmount(1234.5)).toBe('1.234,50');
    expect(formatAmount(0)).toBe('0,00');
    expect(formatAmount(null)).toBe('0,00');
    expect(formatAmount(undefined)).toBe('0,00');
    expect(formatAmount(Number.NaN)).toBe('0,00');
  });

  it('adds ₺ for the lira and the code otherwise', () => {
    expect(formatMoney(1234.5)).toBe('1.234,50 ₺');
    expect(formatMoney(1234.5, 'TL')).toBe('1.234,50 ₺');
    expect(formatMoney(1234.5, 'TRY')).toBe('1.234,50 ₺');
    expect(formatMoney(12, 'USD')).toBe('12,00 USD');
    expect(formatMoney(null, 'EUR')).toBe('0,00 EUR');
    expect(formatMoney(-5, 'eur')).toBe('-5,00 EUR');
  });
});

describe('parseTurkishNumber', () => {
  it.each([
    ['1.234,56', 1234.56],
    ['1.234.567,89', 1234567.89],
    ['1234,56', 1234.56],
    ['1234.56', 1234.56],
    ['0.5', 0.5],
    ['0,5', 0.5],
    [',5', 0.5],
    ['1.234', 1234],
    ['12.500', 12500],
    ['1.234.567', 1234567],
    ['0.125', 0.125],
    ['1234.5678', 1234.5678],
    ['1.5', 1.5],
    ['42', 42],
    ['-1.234,5', -1234.5],
    ['+7', 7],
    [' 1 234,50 ', 1234.5],
    ['1\u00a0234,50', 1234.5],
    ['-0', 0],
  ])('parses %j as %d', (s, expected) => {
    expect(parseTurkishNumber(s)).toBe(expected);
  });

  it.each(['', ' ', 'abc', '12a', '1,2,3', '1.23,4', '12.34.56', '1..2', '1.', '1,', '.5', '--1', '1e5', '₺5', '-'])(
    'returns null for %j',
    (s) => {
      expect(parseTurkishNumber(s)).toBeNull();
    },
  );

  it('round-trips formatNumber output', () => {
    for (const n of [0, 1, 12.5, 1234.56, -9876543.21]) {
      expect(parseTurkishNumber(formatNumber(n))).toBe(n);
    }
  });

  it('returns null for missing input', () => {
    expect(parseTurkishNumber(null)).toBeNull();
    expect(parseTurkishNumber(undefined)).toBeNull();
  });
});

describe('formatPhone', () => {
  it('formats the first ten digits', () => {
    expect(formatPhone('5321234567')).toBe('(532) 123-4567');
    expect(formatPhone('532 123 45 67')).toBe('(532) 123-4567');
    expect(formatPhone('(532) 123-45-67 ext 9')).toBe('(532) 123-4567');
    expect(formatPhone('05321234567')).toBe('(532) 123-4567');
    expect(formatPhone('+90 532 123 45 67')).toBe('(532) 123-4567');
    expect(formatPhone(5321234567)).toBe('(532) 123-4567');
  });

  it('returns fewer than ten digits as they are', () => {
    expect(formatPhone('532-12')).toBe('53212');
    expect(formatPhone('')).toBe('');
    expect(formatPhone(null)).toBe('');
  });
});

describe('formatDate', () => {
  // 09:07 in Türkiye, whatever the zone the test runs in.
  const d = new Date('2024-01-05T09:07:30+03:00');

  it('implements the four formats', () => {
    expect(formatDate(d, DATE_FORMATS.DISPLAY)).toBe('05/01/2024');
    expect(formatDate(d, DATE_FORMATS.ISO)).toBe('2024-01-05');
    expect(formatDate(d, DATE_FORMATS.DASHED)).toBe('05-01-2024');
    expect(formatDate(d, DATE_FORMATS.DASHED_TIME)).toBe('05-01-2024 09:07');
  });

  it('defaults to DD/MM/YYYY', () => {
    expect(formatDate(new Date('2023-12-31T23:59:00+03:00'))).toBe('31/12/2023');
  });

  it('reads a bare ISO date as that calendar day', () => {
    expect(formatDate('2024-02-29', DATE_FORMATS.DISPLAY)).toBe('29/02/2024');
    expect(formatDate('2024-02-29', DATE_FORMATS.DASHED_TIME)).toBe('29-02-2024 00:00');
    expect(formatDate('2024-02-30')).toBe('');
  });

  it('writes a moment in Türkiye\'s time (Europe/Istanbul), not the reader\'s zone', () => {
    expect(formatDate('2026-11-25T21:30:00Z', DATE_FORMATS.DASHED_TIME)).toBe('26-11-2026 00:30');
    expect(formatDate('2026-11-25T21:30:00Z')).toBe('26/11/2026');
    expect(formatDate('2026-11-25T07:00:00.000Z', DATE_FORMATS.DASHED_TIME)).toBe('25-11-2026 10:00');
    expect(formatDate('2026-06-01T12:00:00+05:00', DATE_FORMATS.DASHED_TIME)).toBe('01-06-2026 10:00');
    expect(formatDate(new Date(Date.UTC(2026, 0, 1, 22, 15)), DATE_FORMATS.DASHED_TIME)).toBe('02-01-2026 01:15');
    expect(todayInTurkey(new Date('2026-11-25T22:00:00Z'))).toBe('2026-11-26');
  });

  it('takes a time written without a zone as written', () => {
    expect(formatDate('2024-03-10T14:30:00', DATE_FORMATS.DASHED_TIME)).toBe('10-03-2024 14:30');
    expect(formatDate('2024-03-10 14:30', DATE_FORMATS.DASHED_TIME)).toBe('10-03-2024 14:30');
  });

  it('gives an empty string for invalid or missing dates', () => {
    expect(formatDate('not a date')).toBe('');
    expect(formatDate(new Date(Number.NaN))).toBe('');
    expect(formatDate(null)).toBe('');
    expect(toDate(undefined)).toBeNull();
  });
});

describe('presetDates', () => {
  it('returns today, the start of next month and three months later at midnight', () => {
    const p = presetDates(new Date(2024, 4, 15, 13, 45));
    expect(p.today).toEqual(new Date(2024, 4, 15));
    expect(p.startOfNextMonth).toEqual(new Date(2024, 5, 1));
    expect(p.threeMonthsLater).toEqual(new Date(2024, 7, 15));
  });

  it('rolls over the year', () => {
    const p = presetDates(new Date(2024, 11, 10));
    expect(p.startOfNextMonth).toEqual(new Date(2025, 0, 1));
    expect(p.threeMonthsLater).toEqual(new Date(2025, 2, 10));
  });

  it('clamps to the end of a shorter month', () => {
    expect(presetDates(new Date(2023, 10, 30)).threeMonthsLater).toEqual(new Date(2024, 1, 29));
    expect(presetDates(new Date(2024, 10, 30)).threeMonthsLater).toEqual(new Date(2025, 1, 28));
    expect(presetDates(new Date(2024, 2, 31)).threeMonthsLater).toEqual(new Date(2024, 5, 30));
  });

  it('defaults to now', () => {
    const before = new Date();
    const p = presetDates();
    expect(p.today.getDate()).toBe(before.getDate());
    expect(p.today.getHours()).toBe(0);
  });
});

describe('money inputs: formatDecimalInput and parseTurkishDecimal', () => {
  it('shows two decimals and thousands separators, keeping a price\'s own decimals up to eight', () => {
    expect(formatDecimalInput(1999.9)).toBe('1.999,90');
    expect(formatDecimalInput(1999)).toBe('1.999,00');
    expect(formatDecimalInput(0.1)).toBe('0,10');
    expect(formatDecimalInput(1234567.891)).toBe('1.234.567,891');
    expect(formatDecimalInput(1234.56789012)).toBe('1.234,56789012');
    expect(formatDecimalInput(0.000000015)).toBe('0,00000002');
    expect(formatDecimalInput(1e21)).toBe('1.000.000.000.000.000.000.000,00');
    expect(formatDecimalInput(-12.5)).toBe('-12,50');
    expect(formatDecimalInput('1999.90')).toBe('1.999,90');
    expect(formatDecimalInput('00012.3400')).toBe('12,34');
    expect(formatDecimalInput(null)).toBe('');
    expect(formatDecimalInput(Number.NaN)).toBe('');
  });

  it('reads back exactly what it showed, as a decimal string (no float on the way)', () => {
    expect(parseTurkishDecimal('1.999,90')).toBe('1999.90');
    expect(parseTurkishDecimal('1999,9')).toBe('1999.9');
    expect(parseTurkishDecimal('0,1')).toBe('0.1');
    expect(parseTurkishDecimal('-0,0')).toBe('0.0');
    expect(parseTurkishDecimal('12.500')).toBe('12500');
    expect(parseTurkishDecimal('1.23,4')).toBeNull();
    expect(parseTurkishDecimal('abc')).toBeNull();
    for (const n of [1999.9, 0.1, 0.3, 1234.56789012, 99999999.99, 0.00000001, 12, 1000000]) {
      const shown = formatDecimalInput(n);
      expect(Number(parseTurkishDecimal(shown)), shown).toBe(n);
      expect(parseTurkishNumber(shown), shown).toBe(n);
    }
  });
});

describe('quantities: formatQuantity', () => {
  it('shows up to three decimals, at least two unless asked for fewer', () => {
    expect(formatQuantity(2.125)).toBe('2,125');
    expect(formatQuantity('7.875')).toBe('7,875');
    expect(formatQuantity(2.5)).toBe('2,50');
    expect(formatQuantity(1234.5)).toBe('1.234,50');
    expect(formatQuantity(10)).toBe('10,00');
    expect(formatQuantity(10, 0)).toBe('10');
    expect(formatQuantity('2.500', 0)).toBe('2,5');
    expect(formatQuantity(null)).toBe('0,00');
    expect(formatQuantity(undefined, 0)).toBe('0');
  });
});
