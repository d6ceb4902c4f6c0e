/**
 * tr-TR formatting shared by the workbench and the CLI (seeds 000 §5, §9).
 *
 * Numbers are formatted by hand, not through Intl, so the output is identical on every
 * runtime: "." groups thousands, "," separates decimals.
 */
import { CURRENCY_SYMBOL, QUANTITY_DECIMALS } from './constants';

type Numberish = number | null | undefined;

/** Decimal digits of |n| as `[integer, fraction]` strings, expanding exponent notation. */
function decimalDigits(n: number): [string, string] {
  const [mantissa = '0', exp = '0'] = Math.abs(n).toString().split('e');
  const [int = '0', frac = ''] = mantissa.split('.');
  const shift = Number(exp);
  const digits = int + frac;
  const point = int.length + shift;
  if (point <= 0) return ['0', '0'.repeat(-point) + digits];
  if (point >= digits.length) return [digits + '0'.repeat(point - digits.length), ''];
  return [digits.slice(0, point), digits.slice(point)];
}

/**
 * Rounds |n| half away from zero at `decimals` places on its shortest decimal form
 * (so 1.005 → "1.01", unlike `toFixed`). Returns integer and fraction digit strings.
 */
function roundDigits(n: number, decimals: number): [string, string] {
  const [int, frac] = decimalDigits(n);
  const kept = (int + frac.padEnd(decimals, '0').slice(0, decimals)).replace(/^0+(?=\d)/, '');
  let digits = kept;
  if ((frac[decimals] ?? '0') >= '5') {
    digits = (BigInt(kept) + 1n).toString();
  }
  digits = digits.padStart(decimals + 1, '0');
  return [digits.slice(0, digits.length - decimals), digits.slice(digits.length - decimals)];
}

/**
 * Turkish number format: `formatNumber(1234567.891)` → "1.234.567,89".
 * null, undefined, NaN and ±Infinity format as zero. Negative values get a leading "-"
 * (never "-0,00").
 */
export function formatNumber(n: Numberish, decimals = 2): string {
  const value = typeof n === 'number' && Number.isFinite(n) ? n : 0;
  const places = Math.max(0, Math.floor(decimals));
  const [int, frac] = roundDigits(value, places);
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  const negative = value < 0 && /[1-9]/.test(int + frac);
  return (negative ? '-' : '') + grouped + (places > 0 ? ',' + frac : '');
}

/** Amount with two decimals; zero, null, undefined and NaN give "0,00". */
export function formatAmount(n: Numberish): string {
  return formatNumber(n, 2);
}

/**
 * Amount with its currency: "1.234,50 ₺" for the lira ('TL' or 'TRY'), otherwise the code as
 * suffix ("12,00 USD").
 */
export function formatMoney(n: Numberish, currencyCode = 'TL'): string {
  const code = currencyCode.trim().toUpperCase();
  const unit = code === 'TL' || code === 'TRY' || code === '' ? CURRENCY_SYMBOL : code;
  return `${formatAmount(n)} ${unit}`;
}

/**
 * Parses a number typed the Turkish way or the plain way; null when it is not a number.
 *
 * - "1.234,56", "1234,56", "-1.234" → comma is the decimal mark, dots group thousands.
 * - "1234.56", "0.5" → a single dot is a decimal point…
 * - …except when it reads as a Turkish thousands group: a single dot followed by exactly three
 *   digits after a 1–3 digit integer part not starting with 0 ("1.234" → 1234, "12.500" → 12500).
 * - "1.234.567" → several dots are thousands separators and must group by three.
 * Spaces (also non-breaking) are ignored; a leading "+" or "-" is allowed.
 */
export function parseTurkishNumber(s: string | null | undefined): number | null {
  const decimal = parseTurkishDecimal(s);
  if (decimal === null) return null;
  const value = Number(decimal);
  return Number.isFinite(value) ? value + 0 : null;
}

/**
 * The same reading as {@link parseTurkishNumber}, answered as a canonical decimal string
 * ("1.999,90" → "1999.90", "-0,5" → "-0.5") without going through a float: what a money input
 * holds, digit for digit. null when it is not a number.
 */
export function parseTurkishDecimal(s: string | null | undefined): string | null {
  if (typeof s !== 'string') return null;
  const text = s.replace(/[\s\u00a0\u202f]/g, '');
  const m = /^([+-]?)(\d[\d.]*)?(?:,(\d+))?$/.exec(text);
  if (!m || (m[2] === undefined && m[3] === undefined)) return null;
  const sign = m[1] === '-' ? -1 : 1;
  let int = m[2] ?? '0';
  let frac = m[3];
  const grouped = /^\d{1,3}(\.\d{3})+$/;
  if (frac !== undefined || (int.match(/\./g) ?? []).length > 1) {
    if (int.includes('.') && !grouped.test(int)) return null;
    int = int.replace(/\./g, '');
  } else if (int.includes('.')) {
    if (/^[1-9]\d{0,2}\.\d{3}$/.test(int)) {
      int = int.replace('.', '');
    } else {
      const [i = '', f = ''] = int.split('.');
      if (i === '' || f === '') return null;
      int = i;
      frac = f;
    }
  }
  const digits = int.replace(/^0+(?=\d)/, '');
  const negative = sign < 0 && /[1-9]/.test(digits + (frac ?? ''));
  return `${negative ? '-' : ''}${digits}${frac !== undefined ? `.${frac}` : ''}`;
}

/**
 * A money amount for an input box, tr-TR: thousands grouped, at least `minDecimals` (2) and at
 * most `maxDecimals` (8) decimals, its own decimals kept (1999.9 → "1.999,90",
 * 1234.56789012 → "1.234,56789012"). Works on the number's shortest decimal form, so
 * {@link parseTurkishDecimal} reads back exactly the same digits. null/undefined give "".
 */
export function formatDecimalInput(n: number | string | null | undefined, minDecimals = 2, maxDecimals = 8): string {
  if (n === null || n === undefined || n === '') return '';
  const text = typeof n === 'string' ? n.trim() : null;
  const value = text !== null ? Number(text) : n as number;
  if (!Number.isFinite(value)) return '';
  let [int, frac] = text !== null && /^-?\d+(\.\d+)?$/.test(text)
    ? [text.replace('-', '').split('.')[0]!.replace(/^0+(?=\d)/, ''), text.split('.')[1] ?? '']
    : decimalDigits(value);
  frac = frac.replace(/0+$/, '');
  if (frac.length > maxDecimals) [int, frac] = roundDigits(value, maxDecimals);
  frac = frac.replace(/0+$/, '').padEnd(Math.max(0, minDecimals), '0');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  const negative = value < 0 && /[1-9]/.test(int + frac);
  return (negative ? '-' : '') + grouped + (frac ? ',' + frac : '');
}

/**
 * A quantity, tr-TR: thousands grouped, at least `minDecimals` (2) and at most three decimals
 * ({@link QUANTITY_DECIMALS}), its own decimals kept: 2.125 → "2,125", 2.5 → "2,50", 10 → "10,00";
 * with `minDecimals` 0 a whole number shows none ("10", "2,5"). Null, undefined and NaN give "0"
 * with its decimals.
 */
export function formatQuantity(n: number | string | null | undefined, minDecimals = 2): string {
  return formatDecimalInput(n, minDecimals, QUANTITY_DECIMALS) || formatDecimalInput(0, minDecimals, QUANTITY_DECIMALS);
}

/**
 * Phone as "(xxx) xxx-xxxx" from the first 10 digits found in `s`; with fewer than 10 digits
 * the digits are returned unformatted. Note that a number typed with the trunk prefix
 * ("0532…") keeps the 0, as the seeds specify.
 */
export function formatPhone(s: string | number | null | undefined): string {
  let digits = String(s ?? '').replace(/\D/g, '');
  // A Turkish number written with its trunk 0 or country code 90 (0532…, +90 532…) still
  // shows as (532) …: the ten digits are the subscriber number.
  if (digits.length === 11 && digits.startsWith('0')) digits = digits.slice(1);
  else if (digits.length === 12 && digits.startsWith('90')) digits = digits.slice(2);
  if (digits.length < 10) return digits;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6, 10)}`;
}

/** The four date formats of the product. */
export const DATE_FORMATS = {
  DISPLAY: 'DD/MM/YYYY',
  ISO: 'YYYY-MM-DD',
  DASHED: 'DD-MM-YYYY',
  DASHED_TIME: 'DD-MM-YYYY HH:mm',
} as const;
export type DateFormat = (typeof DATE_FORMATS)[keyof typeof DATE_FORMATS];

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/**
 * Turns a Date or a date string into a local-time Date; invalid input gives null.
 * A bare "YYYY-MM-DD" is read as local midnight (JS would read it as UTC midnight).
 */
export function toDate(date: Date | string | null | undefined): Date | null {
  if (date == null) return null;
  let d: Date;
  if (date instanceof Date) {
    d = date;
  } else {
    const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date.trim());
    d = m ? new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : new Date(date);
  }
  return Number.isNaN(d.getTime()) ? null : d;
}

/** The product's time zone: every date and moment is written as it reads in Türkiye. */
export const TIME_ZONE = 'Europe/Istanbul';

/** Türkiye's offset from UTC (fixed at +03:00 since September 2016), when Intl has no zone data. */
const TURKEY_OFFSET_MS = 3 * 3600_000;

let zoneFormat: Intl.DateTimeFormat | null | undefined;
function istanbulFormat(): Intl.DateTimeFormat | null {
  if (zoneFormat === undefined) {
    try {
      zoneFormat = new Intl.DateTimeFormat('en-GB', {
        timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23',
      });
    } catch {
      zoneFormat = null;
    }
  }
  return zoneFormat;
}

type Fields = { YYYY: string; MM: string; DD: string; HH: string; mm: string };

/** A moment's calendar fields in Türkiye (Europe/Istanbul), whatever the reader's own zone. */
function istanbulFields(d: Date): Fields {
  const f = istanbulFormat();
  if (f) {
    const parts = Object.fromEntries(f.formatToParts(d).map((p) => [p.type, p.value])) as Partial<Record<Intl.DateTimeFormatPartTypes, string>>;
    const hour = parts.hour ?? '00';
    return { YYYY: pad(Number(parts.year), 4), MM: parts.month ?? '01', DD: parts.day ?? '01', HH: hour === '24' ? '00' : hour, mm: parts.minute ?? '00' };
  }
  const t = new Date(d.getTime() + TURKEY_OFFSET_MS);
  return { YYYY: pad(t.getUTCFullYear(), 4), MM: pad(t.getUTCMonth() + 1), DD: pad(t.getUTCDate()), HH: pad(t.getUTCHours()), mm: pad(t.getUTCMinutes()) };
}

/** A date ("YYYY-MM-DD") or a wall-clock time without a zone ("YYYY-MM-DDTHH:mm[:ss]"), as written. */
const WRITTEN = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?)?$/;

/**
 * Formats a date or a moment with the tokens YYYY, MM, DD, HH and mm (the four
 * {@link DATE_FORMATS}), always as it reads in Türkiye (Europe/Istanbul):
 * - a day ("2026-11-25") is that calendar day, never shifted by a time zone;
 * - a moment (a Date, or an ISO time with Z or an offset, as the server sends them) is shown in
 *   Istanbul time: "2026-11-25T21:30:00Z" is 26/11/2026 00:30;
 * - a time written without a zone ("2026-11-25T10:00") is taken as written.
 * Invalid or missing dates give "".
 */
export function formatDate(date: Date | string | null | undefined, format: DateFormat = DATE_FORMATS.DISPLAY): string {
  if (date == null) return '';
  let fields: Fields;
  const written = typeof date === 'string' ? WRITTEN.exec(date.trim()) : null;
  if (written) {
    const [, y, mo, d, h = '00', mi = '00'] = written as unknown as [string, string, string, string, string?, string?];
    const day = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d)));
    if (day.getUTCMonth() !== Number(mo) - 1 || day.getUTCDate() !== Number(d)) return '';
    fields = { YYYY: y, MM: mo, DD: d, HH: h, mm: mi };
  } else {
    const d = date instanceof Date ? date : new Date(date);
    if (Number.isNaN(d.getTime())) return '';
    fields = istanbulFields(d);
  }
  return format.replace(/YYYY|MM|DD|HH|mm/g, (token) => fields[token as keyof Fields] ?? token);
}

/** Today's date in Türkiye as "YYYY-MM-DD" (the day a form starts with, whatever the reader's zone). */
export function todayInTurkey(now: Date = new Date()): string {
  return formatDate(now, DATE_FORMATS.ISO);
}

/** The preset dates offered by date pickers, each at local midnight. */
export type PresetDates = { today: Date; startOfNextMonth: Date; threeMonthsLater: Date };

/**
 * Preset dates relative to `now`: today, the 1st of next month, and the same day three months
 * later (clamped to that month's last day: 30 Nov → 28/29 Feb).
 */
export function presetDates(now: Date = new Date()): PresetDates {
  const y = now.getFullYear();
  const m = now.getMonth();
  const lastDay = new Date(y, m + 4, 0).getDate();
  return {
    today: new Date(y, m, now.getDate()),
    startOfNextMonth: new Date(y, m + 1, 1),
    threeMonthsLater: new Date(y, m + 3, Math.min(now.getDate(), lastDay)),
  };
}
