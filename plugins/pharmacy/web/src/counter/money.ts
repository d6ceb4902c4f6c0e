import { formatMoney } from '@tezgah/core';

/** A decimal string from the API shown as money ('1.234,50 TL'); empty for none (display only, never computed with). */
export function money(s: string | number | null | undefined): string {
  if (s === null || s === undefined || s === '') return '';
  const n = Number(s);
  return Number.isFinite(n) ? formatMoney(n) : String(s);
}
