import { describe, expect, it } from 'vitest';
import { instalmentDates, splitAmount } from './dues';

describe('instalment plans', () => {
  it('monthly on a day: the first on or after the date, the month-end when the month is shorter', () => {
    expect(instalmentDates('2026-01-15', { type: 'MONTHLY', day: 31, count: 4 })).toEqual(['2026-01-31', '2026-02-28', '2026-03-31', '2026-04-30']);
    expect(instalmentDates('2026-01-20', { type: 'MONTHLY', day: 10, count: 3 })).toEqual(['2026-02-10', '2026-03-10', '2026-04-10']);
    expect(instalmentDates('2026-11-10', { type: 'MONTHLY', day: 10, count: 3 })).toEqual(['2026-11-10', '2026-12-10', '2027-01-10']);
  });
  it('weekly on an ISO weekday (1 Monday … 7 Sunday), the first on or after the date', () => {
    // 2026-11-23 is a Monday.
    expect(instalmentDates('2026-11-23', { type: 'WEEKLY', day: 1, count: 2 })).toEqual(['2026-11-23', '2026-11-30']);
    expect(instalmentDates('2026-11-23', { type: 'WEEKLY', day: 5, count: 3 })).toEqual(['2026-11-27', '2026-12-04', '2026-12-11']);
    expect(instalmentDates('2026-11-29', { type: 'WEEKLY', day: 7, count: 1 })).toEqual(['2026-11-29']);
  });
  it('every N days after the date', () => {
    expect(instalmentDates('2026-12-20', { type: 'DAYS', day: 15, count: 3 })).toEqual(['2027-01-04', '2027-01-19', '2027-02-03']);
  });
});

describe('splitting an amount into instalments', () => {
  it('is exact to the kuruş, the earlier parts taking the odd kuruş', () => {
    expect(splitAmount('100.00', 3)).toEqual(['33.34', '33.33', '33.33']);
    expect(splitAmount('0.02', 3)).toEqual(['0.01', '0.01', '0.00']);
    expect(splitAmount('1250.50', 1)).toEqual(['1250.50']);
    for (const [a, n] of [['999.99', 7], ['12345.67', 12], ['0.05', 2]] as const) {
      const parts = splitAmount(a, n);
      expect(parts.reduce((s, p) => s + Math.round(Number(p) * 100), 0)).toBe(Math.round(Number(a) * 100));
    }
  });
});
