import { parseDataMatrix, type DataMatrixResult } from '@tezgah/core';

/**
 * What the counter's one input received (a scanner types the code and Enter; a person types a
 * prescription number and Enter):
 * - `box`: a medicine box's DataMatrix (seeds 001 §5, the exact rule, via parseDataMatrix);
 * - `bad-box`: text that is meant as a DataMatrix (a GS separator, the `]d2` prefix, the
 *   human-readable `(01)` form, or `01` + 14 digits followed by more) but does not follow the rule;
 * - `recete`: anything else that could be a prescription number (letters and digits, 1–20);
 * - `empty` / `unknown`.
 */
export type Scan =
  | { kind: 'box'; code: string; dm: DataMatrixResult }
  | { kind: 'bad-box'; code: string }
  | { kind: 'recete'; receteNo: string }
  | { kind: 'empty' }
  | { kind: 'unknown'; text: string };

const GS = '\x1d';

export function classifyScan(raw: string, today?: string): Scan {
  const text = raw.replace(/[\r\n]+$/g, '');
  const trimmed = text.trim();
  if (trimmed === '') return { kind: 'empty' };
  const dm = parseDataMatrix(text, today);
  if (dm) return { kind: 'box', code: text, dm };
  if (text.includes(GS) || /<GS>/i.test(text) || trimmed.startsWith(']d2') || trimmed.startsWith('(01)') || /^01\d{14}/.test(trimmed)) {
    return { kind: 'bad-box', code: text };
  }
  if (/^[A-Za-z0-9]{1,20}$/.test(trimmed)) return { kind: 'recete', receteNo: trimmed.toUpperCase() };
  return { kind: 'unknown', text: trimmed };
}

/**
 * A scanned code as it travels to the server: the GS separator (0x1D) that real scanners send is
 * written as the text `<GS>`. The kernel refuses control characters in every request string, and
 * `<GS>` is the escaped form the shared example file uses and parseDataMatrix reads the same way.
 */
export function wireCode(code: string): string {
  return code.replace(/\x1d/g, '<GS>');
}

/**
 * A product's plain barcode read by a scanner (a GTIN-13, or the GTIN-14 form with its leading
 * 0, whose last digit checks): the 13 digits, else null. A box without a DataMatrix (cosmetics,
 * OTC) is sold by this barcode.
 */
export function plainBarcode(text: string): string | null {
  const digits = text.trim().replace(/^0(?=\d{13}$)/, '');
  if (!/^\d{13}$/.test(digits)) return null;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(digits[i]) * (i % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10 === Number(digits[12]) ? digits : null;
}
