import Decimal from 'decimal.js';

/**
 * An amount written out in Turkish capitals, as printed on invoices ("yazı ile"):
 * amountInWords('1250.25', 'TRY') → 'YALNIZ BİNİKİYÜZELLİ TÜRK LİRASI YİRMİBEŞ KURUŞ'.
 * Words are joined without spaces within the integer and within the fraction (the usual form on
 * Turkish invoices); 1000 is BİN (not BİRBİN). Rounded to 2 decimals (half up).
 */

const ONES = ['', 'BİR', 'İKİ', 'ÜÇ', 'DÖRT', 'BEŞ', 'ALTI', 'YEDİ', 'SEKİZ', 'DOKUZ'];
const TENS = ['', 'ON', 'YİRMİ', 'OTUZ', 'KIRK', 'ELLİ', 'ALTMIŞ', 'YETMİŞ', 'SEKSEN', 'DOKSAN'];
const GROUPS = ['', 'BİN', 'MİLYON', 'MİLYAR', 'TRİLYON', 'KATRİLYON'];

/** Currency → [unit, sub-unit] names. */
export const CURRENCY_WORDS: Record<string, [string, string]> = {
  TRY: ['TÜRK LİRASI', 'KURUŞ'],
  TL: ['TÜRK LİRASI', 'KURUŞ'],
  USD: ['AMERİKAN DOLARI', 'SENT'],
  EUR: ['AVRO', 'SENT'],
  GBP: ['İNGİLİZ STERLİNİ', 'PENİ'],
  CHF: ['İSVİÇRE FRANGI', 'SANTİM'],
  JPY: ['JAPON YENİ', 'SEN'],
  RUB: ['RUS RUBLESİ', 'KOPEK'],
  AZN: ['AZERBAYCAN MANATI', 'KEPİK'],
  SAR: ['SUUDİ ARABİSTAN RİYALİ', 'HALALE'],
};

function hundreds(n: number): string {
  const h = Math.floor(n / 100);
  const t = Math.floor((n % 100) / 10);
  const o = n % 10;
  return (h === 0 ? '' : h === 1 ? 'YÜZ' : ONES[h] + 'YÜZ') + TENS[t] + ONES[o];
}

/** A non-negative integer (as a string of digits) in words; '' for zero. */
export function integerInWords(digits: string): string {
  const s = digits.replace(/^0+/, '');
  if (!s) return '';
  const groups: number[] = [];
  for (let end = s.length; end > 0; end -= 3) groups.unshift(Number(s.slice(Math.max(0, end - 3), end)));
  if (groups.length > GROUPS.length) throw new RangeError('amountInWords: tutar çok büyük');
  let out = '';
  groups.forEach((g, i) => {
    const power = groups.length - 1 - i;
    if (g === 0) return;
    if (power === 1 && g === 1) out += 'BİN';
    else out += hundreds(g) + GROUPS[power];
  });
  return out;
}

export function amountInWords(amount: string, currency: string): string {
  const d = new Decimal(amount).abs().toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  const [intPart, frac = '00'] = d.toFixed(2).split('.') as [string, string?];
  const [unit, sub] = CURRENCY_WORDS[currency.toUpperCase()] ?? [currency.toUpperCase(), 'KURUŞ'];
  const main = integerInWords(intPart);
  const cents = integerInWords(frac);
  const parts = ['YALNIZ'];
  if (main || !cents) parts.push(main || 'SIFIR', unit);
  if (cents) parts.push(cents, sub);
  return parts.join(' ');
}
