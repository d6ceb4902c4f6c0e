/** Types, paths and the number rules the price list screens share. */
import { formatNumber, parseTurkishNumber } from '@tezgah/core';
import type { components } from '@tezgah/sdk';

export type PriceList = components['schemas']['PriceList'];
export type PriceListProduct = components['schemas']['PriceListProduct'];
export type PriceListType = components['schemas']['PriceListType'];

export const LISTS = '/services/onmuhasebe/api/price-lists';
export const ITEMS = '/services/onmuhasebe/api/price-list-products';
export const PRODUCTS = '/services/onmuhasebe/api/products';
export const CURRENTS = '/services/onmuhasebe/api/currents';

/** The current type a list of each type links (seeds 000 §3: customers or suppliers). */
export const LINKED_TYPE = { SALE: 'CUSTOMER', BUYING: 'SUPPLIER' } as const;

/** A unit price typed the Turkish way: a number above zero with at most 8 decimals, else the rule it breaks. */
export function readPrice(text: string): { value: number } | { error: 'priceFormat' | 'priceAboveZero' } {
  const n = parseTurkishNumber(text);
  if (n === null || Math.abs(n * 1e8 - Math.round(n * 1e8)) > 1e-3) return { error: 'priceFormat' };
  if (!(n > 0)) return { error: 'priceAboveZero' };
  return { value: n };
}

/** A discount rate: 0 to 100 with at most two decimals (blank is 0). */
export function readRate(text: string): number | null {
  if (!text.trim()) return 0;
  const n = parseTurkishNumber(text.replace('%', ''));
  if (n === null || n < 0 || n > 100 || Math.abs(n * 100 - Math.round(n * 100)) > 1e-6) return null;
  return n;
}

/** price × (1 − rate / 100), rounded to 8 decimals as the server keeps it. */
export function discounted(price: number, rate: number): number {
  return Math.round(price * (100 - rate) * 1e6) / 1e8;
}

/** A unit price as the screens show it: Turkish format, at least 2 and at most 8 decimals (1.234,5 → "1.234,50"). */
export function formatPrice(n: number): string {
  return formatNumber(n, 8).replace(/(,\d\d\d*?)0+$/, '$1');
}
