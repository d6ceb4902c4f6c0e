import Decimal from 'decimal.js';

/**
 * The amount in words a Turkish invoice prints under its totals ("Yalnız …"), so that the figure
 * cannot be altered by hand.
 *
 * The convention chosen:
 *   - words spaced and in title case (Turkish capitals: İki, Üç, Altı), as most printed
 *     invoices and the GİB e-Arşiv viewers write it: 1.234,56 TL → "Yalnız Bin İki Yüz Otuz Dört
 *     TL Elli Altı Kr";
 *   - "Yüz", not "Bir Yüz"; "Bin", not "Bir Bin" (only for exactly one thousand: 101.000 is "Yüz
 *     Bir Bin"); but "Bir Milyon", "Bir Milyar", "Bir Trilyon";
 *   - zero lira is "Sıfır TL"; the kuruş part is left out when it is zero (0,50 TL → "Yalnız
 *     Sıfır TL Elli Kr");
 *   - the lira ('TL', also 'TRY') is "TL" with "Kr" for its kuruş; the euro and the US dollar are
 *     written with their code and "Cent" ("Yalnız Yüz Yirmi EUR Elli Cent"); any other currency
 *     with its code and its hundredths as a fraction ("Yalnız Yüz Yirmi GBP 05/100"), since their
 *     sub-units have no name everyone agrees on in Turkish;
 *   - the amount is rounded half up to two decimals; negative amounts and amounts of a
 *     katrilyon or more are refused (RangeError): an invoice's payable is neither.
 */

const ONES = ['', 'Bir', 'İki', 'Üç', 'Dört', 'Beş', 'Altı', 'Yedi', 'Sekiz', 'Dokuz'];
const TENS = ['', 'On', 'Yirmi', 'Otuz', 'Kırk', 'Elli', 'Altmış', 'Yetmiş', 'Seksen', 'Doksan'];
/** The names of the groups of three digits, from the right. */
const GROUPS = ['', 'Bin', 'Milyon', 'Milyar', 'Trilyon'];
const MAX = new Decimal('1e15');

/** 0–999 in words ([] for 0). */
function belowThousand(n: number): string[] {
  const words: string[] = [];
  const h = Math.floor(n / 100);
  const t = Math.floor(n / 10) % 10;
  const o = n % 10;
  if (h) {
    if (h > 1) words.push(ONES[h]!);
    words.push('Yüz');
  }
  if (t) words.push(TENS[t]!);
  if (o) words.push(ONES[o]!);
  return words;
}

/** A whole number below a katrilyon in words: 0 → "Sıfır", 1000 → "Bin", 1000000 → "Bir Milyon". */
export function integerInWords(digits: string): string {
  if (!/^\d+$/.test(digits)) throw new RangeError(`not a whole number: ${digits}`);
  const s = digits.replace(/^0+(?=\d)/, '');
  if (s.length > GROUPS.length * 3) throw new RangeError(`too large to write in words: ${digits}`);
  if (/^0+$/.test(s)) return 'Sıfır';
  const words: string[] = [];
  const groups = Math.ceil(s.length / 3);
  const padded = s.padStart(groups * 3, '0');
  for (let g = 0; g < groups; g++) {
    const value = Number(padded.slice(g * 3, g * 3 + 3));
    if (!value) continue;
    const scale = GROUPS[groups - 1 - g]!;
    // "Bin", not "Bir Bin"; every other group keeps its "Bir" (Bir Milyon).
    if (scale === 'Bin' && value === 1) words.push('Bin');
    else words.push(...belowThousand(value), ...(scale ? [scale] : []));
  }
  return words.join(' ');
}

/**
 * `amount` (a decimal string or number: 1234.56) in words with its currency:
 * amountInWords('1234.56', 'TL') → "Yalnız Bin İki Yüz Otuz Dört TL Elli Altı Kr".
 */
export function amountInWords(amount: string | number, currencyCode: string): string {
  let d: Decimal;
  try {
    d = new Decimal(typeof amount === 'number' ? String(amount) : amount.trim());
  } catch {
    throw new RangeError(`not an amount: ${String(amount)}`);
  }
  if (!d.isFinite()) throw new RangeError(`not an amount: ${String(amount)}`);
  d = d.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  if (d.isNegative() && !d.isZero()) throw new RangeError(`a negative amount is not written in words: ${String(amount)}`);
  if (d.gte(MAX)) throw new RangeError(`too large to write in words: ${String(amount)}`);
  const [int = '0', frac = '00'] = d.abs().toFixed(2).split('.');
  const code = currencyCode.trim().toUpperCase();
  const cents = Number(frac);
  let text: string;
  if (code === 'TL' || code === 'TRY' || code === '') {
    text = `${integerInWords(int)} TL${cents ? ` ${integerInWords(frac)} Kr` : ''}`;
  } else if (code === 'EUR' || code === 'USD') {
    text = `${integerInWords(int)} ${code}${cents ? ` ${integerInWords(frac)} Cent` : ''}`;
  } else {
    text = `${integerInWords(int)} ${code}${cents ? ` ${frac}/100` : ''}`;
  }
  return `Yalnız ${text}`;
}
