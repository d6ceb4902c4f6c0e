/**
 * How a TİTCK medicine list file is read, shared by the server's import and the CLI's look at a
 * file before it sends it, so that both see the same header, the same rows and the same numbers:
 * the text of a csv (UTF-8, else Windows-1254 as Excel saves it in Turkish Windows; a BOM is
 * dropped), its delimiter (the one of ';', ',' and tab the first line uses most), a cell's text
 * and a header's key.
 */

/** A cell as a sheet reader or the csv parser gives it. */
export type TitckCell = string | number | boolean | Date | null | undefined;

/** True when the bytes are a zip (xlsx) rather than text. */
export const isZip = (data: Uint8Array): boolean => data[0] === 0x50 && data[1] === 0x4b && data[2] === 0x03 && data[3] === 0x04;

/** The text of a csv file: UTF-8 when it is valid UTF-8, else Windows-1254; without a BOM. */
export function decodeText(data: Uint8Array): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    text = new TextDecoder('windows-1254').decode(data);
  }
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** The delimiter of a csv text: whichever of ';', ',' and tab its first line holds most often. */
export function csvDelimiter(text: string): string {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const counts: [string, number][] = [';', ',', '\t'].map((d) => [d, firstLine.split(d).length - 1]);
  return counts.sort((a, b) => b[1] - a[1])[0]![0];
}

/** A cell's text: spaces folded and trimmed, a date as YYYY-MM-DD, TİTCK's "NULL" as empty. */
export function cellText(c: TitckCell): string {
  if (c === null || c === undefined) return '';
  if (c instanceof Date) return Number.isNaN(c.getTime()) ? '' : c.toISOString().slice(0, 10);
  const t = String(c).replace(/\s+/g, ' ').trim();
  return t === 'NULL' ? '' : t;
}

const FOLD: Record<string, string> = { ç: 'c', ğ: 'g', ı: 'i', ö: 'o', ş: 's', ü: 'u', â: 'a', î: 'i', û: 'u' };

/** A header as a key: Turkish letters folded, lower case, words joined by '_' ("ÜRÜN ADI" → urun_adi). */
export function headerKey(h: TitckCell): string {
  return cellText(h)
    .toLocaleLowerCase('tr-TR')
    .replace(/[çğıöşüâîû]/g, (ch) => FOLD[ch] ?? ch)
    .replace(/i̇/g, 'i')
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

/** Which TİTCK list a file is: the licensed-products list (by barcode) or the reference price list (by name). */
export type TitckList = 'TITCK_LICENSED' | 'TITCK_GKF';

/** The header columns each list is known by, under the names TİTCK has used for them. */
const LICENSED_COLUMNS: Record<string, (k: string) => boolean> = {
  barcode: (k) => k === 'barkod' || k === 'barcode' || k === 'barkodu',
  name: (k) => k === 'urun_adi' || k === 'ilac_adi' || k === 'urun' || k === 'urun_ismi',
  substance: (k) => k.startsWith('etkin_madde') || k === 'etken_madde',
  atc: (k) => k.startsWith('atc_kod') || k === 'atc',
  firm: (k) => k === 'ruhsat_sahibi' || k.startsWith('ruhsat_sahibi') || k === 'firma_adi' || k === 'firma',
  licenceDate: (k) => k === 'ruhsat_tarihi',
  licenceNo: (k) => k === 'ruhsat_numarasi' || k === 'ruhsat_no',
  suspended: (k) => k.startsWith('askida') && !k.includes('tarih'),
  status: (k) => k === 'durum' || k === 'durumu' || k === 'status' || k === 'urun_durumu',
};
const PRICE_COLUMNS: Record<string, (k: string) => boolean> = {
  name: (k) => k === 'ilac_adi' || k === 'urun_adi' || k === 'ilac' || k === 'urun',
  price: (k) => k.startsWith('gercek_kaynak_fiyat') || k === 'gkf' || k.startsWith('gkf_'),
};

function find(row: readonly TitckCell[], columns: Record<string, (k: string) => boolean>): Record<string, number> {
  const keys = row.map(headerKey);
  const col: Record<string, number> = {};
  for (const [name, is] of Object.entries(columns)) {
    const i = keys.findIndex(is);
    if (i >= 0) col[name] = i;
  }
  return col;
}

export interface TitckColumns { list: TitckList; header: number; col: Record<string, number> }

/**
 * The header row (among the first 30: TİTCK's files have title rows above it), which list it is
 * and where each known column is; null when no row names the list's key columns.
 */
export function titckColumns(cells: readonly (readonly TitckCell[] | undefined)[]): TitckColumns | null {
  for (let r = 0; r < Math.min(cells.length, 30); r++) {
    const row = cells[r] ?? [];
    const lic = find(row, LICENSED_COLUMNS);
    if (lic.barcode !== undefined && lic.name !== undefined) return { list: 'TITCK_LICENSED', header: r, col: lic };
    const pr = find(row, PRICE_COLUMNS);
    if (pr.name !== undefined && pr.price !== undefined) return { list: 'TITCK_GKF', header: r, col: pr };
  }
  return null;
}

/** A barcode cell's text (an xlsx number's ".0" dropped); valid when it is 8 to 14 digits. */
export const titckBarcode = (c: TitckCell): string => cellText(c).replace(/\.0+$/, '');
export const isTitckBarcode = (s: string): boolean => /^\d{8,14}$/.test(s);
