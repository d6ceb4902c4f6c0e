import { formatNumber } from '@tezgah/core';
import type { CounterLine, PharmacyCounter } from '../api';
import { money } from './money';

/**
 * Why a line's amounts are what they are, in words next to the line. The server prices a line
 * (sale.yaml, the counter's recompute after every scan, removal or share): the unit price is the
 * pharmacy's sale price of the product with its KDV, from the moment the prescription is read
 * (a change after a scan is the product's price changed meanwhile, or another box); the line's total
 * is that price times the boxes scanned; with a cheaper equivalent the institution pays at most
 * the reference price (the cheapest equivalent + 10 %) and the patient the price difference; a
 * line not covered is the patient's alone.
 */
export interface LineNote { key: 'times' | 'unitChanged' | 'medicineChanged' | 'difference' | 'notCovered'; params: Record<string, string | number> }

const num = (s: string | null | undefined) => (s === null || s === undefined || s === '' ? null : Number(s));

/** What the line's total is made of: 'n kutu × unit' (n the boxes the total counts). */
export function breakdown(l: CounterLine): LineNote[] {
  const unit = num(l.unitPrice);
  const total = num(l.totalPrice) ?? 0;
  const out: LineNote[] = [];
  if (unit !== null && unit > 0) out.push({ key: 'times', params: { n: Math.round(total / unit), unit: money(unit) } });
  const diff = num(l.priceDifference) ?? 0;
  if (diff > 0 && l.referencePrice) out.push({ key: 'difference', params: { ref: money(l.referencePrice), diff: money(diff) } });
  if (l.covered === false) out.push({ key: 'notCovered', params: {} });
  return out;
}

/**
 * What changed on each line from the counter shown before to the one the server answered now
 * (the same prescription): another medicine given in its place, or its unit price.
 */
export function changes(before: PharmacyCounter | null, after: PharmacyCounter): Record<number, LineNote[]> {
  const out: Record<number, LineNote[]> = {};
  if (!before || before.recete.id !== after.recete.id) return out;
  for (const l of after.medicines) {
    const p = before.medicines.find((x) => x.id === l.id);
    if (!p) continue;
    const from = num(p.unitPrice);
    const to = num(l.unitPrice);
    if (p.barcode !== l.barcode) {
      out[l.id] = [{ key: 'medicineChanged', params: { name: l.name, from: money(from), to: money(to) } }];
    } else if (from !== null && to !== null && from !== to) {
      const pct = from > 0 ? ((to - from) / from) * 100 : null;
      out[l.id] = [{ key: 'unitChanged', params: { from: money(from), to: money(to), percent: pct === null ? '—' : `${pct > 0 ? '+' : pct < 0 ? '-' : ''}%${formatNumber(Math.abs(pct), 2)}` } }];
    }
  }
  return out;
}
