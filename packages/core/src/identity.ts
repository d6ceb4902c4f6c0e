/**
 * Identity numbers, e-mail, password and other field rules (seeds 000 §5, §9; 001 §5, §9).
 */

/** Password length bounds (inclusive). */
export const PASSWORD_MIN = 4;
export const PASSWORD_MAX = 50;
/** Tag name maximum length. */
export const TAG_NAME_MAX = 50;
/** Turkish IBAN length ("TR" + 24 digits). */
export const IBAN_LENGTH = 26;
/** Favourite pages kept at most. */
export const FAVOURITES_MAX = 3;
/** Invoice prefix length. */
export const INVOICE_PREFIX_LENGTH = 7;
/** E-mail maximum length (RFC 5321 path limit). */
export const EMAIL_MAX = 254;

/**
 * Placeholder national ID / tax number the original client pre-fills for anonymous parties.
 * Neither passes its checksum; test with {@link isPlaceholderId}.
 */
export const PLACEHOLDER_TCKN = '11111111111';
export const PLACEHOLDER_VKN = '2222222222';

const digitsOf = (s: string): number[] => Array.from(s, Number);

/**
 * Turkish national ID (T.C. Kimlik No): 11 digits, first not 0,
 * 10th = ((d1+d3+d5+d7+d9)·7 − (d2+d4+d6+d8)) mod 10, 11th = (d1+…+d10) mod 10.
 */
export function isValidTckn(s: string | null | undefined): boolean {
  if (typeof s !== 'string' || !/^[1-9]\d{10}$/.test(s)) return false;
  const d = digitsOf(s) as [number, number, number, number, number, number, number, number, number, number, number];
  const odd = d[0] + d[2] + d[4] + d[6] + d[8];
  const even = d[1] + d[3] + d[5] + d[7];
  const tenth = (((odd * 7 - even) % 10) + 10) % 10;
  if (d[9] !== tenth) return false;
  const sum = d.slice(0, 10).reduce((a, b) => a + b, 0);
  return d[10] === sum % 10;
}

/**
 * Turkish tax number (Vergi Kimlik No), 10 digits, GİB check-digit algorithm:
 * for positions i = 1..9: t = (dᵢ + 10 − i) mod 10, p = 9 when t = 9 else (t·2^(10−i)) mod 9;
 * the 10th digit is (10 − Σp mod 10) mod 10.
 *
 * A leading 0 is allowed (real numbers start with 0). Numbers whose first nine digits are all 0
 * are rejected even when the checksum fits ("0000000001"): no such number is issued.
 * "0000000000" fails the checksum anyway.
 */
export function isValidVkn(s: string | null | undefined): boolean {
  if (typeof s !== 'string' || !/^\d{10}$/.test(s) || s.startsWith('000000000')) return false;
  const d = digitsOf(s);
  let sum = 0;
  for (let i = 1; i <= 9; i++) {
    const t = ((d[i - 1] ?? 0) + 10 - i) % 10;
    sum += t === 9 ? 9 : (t * 2 ** (10 - i)) % 9;
  }
  return d[9] === (10 - (sum % 10)) % 10;
}

/** True for a valid TCKN (11 digits) or VKN (10 digits): the "ID or tax number" fields. */
export function isValidTcknOrVkn(s: string | null | undefined): boolean {
  return isValidTckn(s) || isValidVkn(s);
}

/** True for the placeholder ids '11111111111' and '2222222222'. */
export function isPlaceholderId(s: string | null | undefined): boolean {
  return s === PLACEHOLDER_TCKN || s === PLACEHOLDER_VKN;
}

const EMAIL_LOCAL = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const EMAIL_LABEL = /^[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?$/;

/**
 * Practical e-mail check: ASCII dot-atom local part (max 64), one "@", a domain of at least two
 * labels (letters, digits, inner hyphens, max 63 each) ending in an alphabetic TLD of 2+ letters,
 * 254 characters at most. Quoted local parts, IP literals and non-ASCII addresses are rejected.
 */
export function isValidEmail(s: string | null | undefined): boolean {
  if (typeof s !== 'string' || s.length > EMAIL_MAX) return false;
  const at = s.lastIndexOf('@');
  if (at <= 0) return false;
  const local = s.slice(0, at);
  const domain = s.slice(at + 1);
  if (local.length > 64 || !EMAIL_LOCAL.test(local)) return false;
  const labels = domain.split('.');
  if (labels.length < 2) return false;
  if (!labels.every((l) => l.length <= 63 && EMAIL_LABEL.test(l))) return false;
  return /^[A-Za-z]{2,}$/.test(labels[labels.length - 1] ?? '');
}

/** Password rule: 4 to 50 characters (counted as Unicode code points), any characters. */
export function isValidPassword(s: string | null | undefined): boolean {
  if (typeof s !== 'string') return false;
  const length = Array.from(s).length;
  return length >= PASSWORD_MIN && length <= PASSWORD_MAX;
}

/**
 * Invoice prefix: exactly 7 characters of A–Z and 0–9 (upper case).
 *
 * The seeds say "exactly 7 digits" in the validation rules and "7 characters" in the constants.
 * A GİB document number is 16 characters: a 3-character series, the 4-digit year and a 9-digit
 * sequence, so the 7-character prefix is typically series + year ("ABC2024"). Letters are
 * therefore allowed; lower case is rejected rather than silently upper-cased, so the form can
 * ask the user to correct it.
 */
export function isValidInvoicePrefix(s: string | null | undefined): boolean {
  return typeof s === 'string' && /^[A-Z0-9]{7}$/.test(s);
}

/** Tag name rule: required (not blank) and at most 50 characters. */
export function isValidTagName(s: string | null | undefined): boolean {
  return typeof s === 'string' && s.trim().length > 0 && s.length <= TAG_NAME_MAX;
}
