import { formatMoney, formatQuantity } from '@tezgah/core';

/** A decimal string from the API shown as money ('1.234,50 TL'); empty for none (display only, never computed with). */
export function money(s: string | number | null | undefined): string {
  if (s === null || s === undefined || s === '') return '';
  const n = Number(s);
  return Number.isFinite(n) ? formatMoney(n) : String(s);
}

/** A dose or a count as people write it: the decimals it has, after a comma (3, 0,5; never 3.000). */
export function dose(v: string | number | null | undefined): string {
  if (v === null || v === undefined || v === '') return '';
  return formatQuantity(v, 0);
}
