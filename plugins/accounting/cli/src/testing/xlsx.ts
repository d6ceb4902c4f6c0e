/**
 * .xlsx files made part by part for tests, for what write-excel-file does not write (inline
 * strings, rich text, row gaps, the 1904 date system, a sheet part not named sheet1.xml) and for
 * a large sheet written as a stream without holding its rows.
 */
import { createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yazl from 'yazl';

export const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
export const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PACKAGE_REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';

/** A part's content: text, or pieces of text made as the zip is written. */
export type Part = string | Iterable<string> | AsyncIterable<string>;

async function* bytes(pieces: Iterable<string> | AsyncIterable<string>): AsyncGenerator<Buffer> {
  for await (const piece of pieces) yield Buffer.from(piece, 'utf8');
}

/** Writes a zip of the given parts (deflated), in the given order. */
export async function writeZip(file: string, parts: Record<string, Part>): Promise<void> {
  const zip = new yazl.ZipFile();
  for (const [name, content] of Object.entries(parts)) {
    if (typeof content === 'string') zip.addBuffer(Buffer.from(content, 'utf8'), name);
    else zip.addReadStream(Readable.from(bytes(content)), name);
  }
  zip.end();
  await pipeline(zip.outputStream, createWriteStream(file));
}

/** The parts of a one-sheet workbook whose sheet is `xl/worksheets/sheet1.xml`; `extra` adds or replaces parts. */
export function workbook(
  sheet: Part,
  options: { strings?: string; styles?: string; date1904?: boolean; extra?: Record<string, Part> } = {},
): Record<string, Part> {
  const rels = [`<Relationship Id="rId1" Type="${REL_NS}/worksheet" Target="worksheets/sheet1.xml"/>`];
  if (options.strings !== undefined) rels.push(`<Relationship Id="rId2" Type="${REL_NS}/sharedStrings" Target="sharedStrings.xml"/>`);
  if (options.styles !== undefined) rels.push(`<Relationship Id="rId3" Type="${REL_NS}/styles" Target="styles.xml"/>`);
  return {
    '[Content_Types].xml': '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
    'xl/workbook.xml':
      `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}">` +
      `<workbookPr${options.date1904 ? ' date1904="1"' : ''}/><sheets><sheet name="Sayfa1" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    'xl/_rels/workbook.xml.rels': `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${PACKAGE_REL_NS}">${rels.join('')}</Relationships>`,
    ...(options.strings !== undefined ? { 'xl/sharedStrings.xml': `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="${MAIN_NS}">${options.strings}</sst>` } : {}),
    ...(options.styles !== undefined ? { 'xl/styles.xml': `<?xml version="1.0" encoding="UTF-8"?><styleSheet xmlns="${MAIN_NS}">${options.styles}</styleSheet>` } : {}),
    'xl/worksheets/sheet1.xml': sheet,
    ...options.extra,
  };
}

/** A worksheet part around the given `<row>` elements. */
export const worksheet = (rows: string): string => `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${MAIN_NS}"><sheetData>${rows}</sheetData></worksheet>`;

/**
 * A worksheet of a header and `rows` product rows (name and barcode as inline strings, two
 * numbers), made a thousand rows at a time as it is written.
 */
export async function* productSheet(rows: number): AsyncGenerator<string> {
  const text = (ref: string, t: string) => `<c r="${ref}" t="inlineStr"><is><t>${t}</t></is></c>`;
  yield `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${MAIN_NS}"><sheetData>`;
  yield `<row r="1">${text('A1', 'Ürün Adı')}${text('B1', 'Barkod')}${text('C1', 'Satış Fiyatı')}${text('D1', 'KDV Oranı')}</row>`;
  let piece = '';
  for (let r = 2; r <= rows + 1; r++) {
    piece += `<row r="${r}">${text(`A${r}`, `Ürün ${r}`)}${text(`B${r}`, `869${String(r).padStart(10, '0')}`)}<c r="C${r}"><v>${r + 0.25}</v></c><c r="D${r}"><v>20</v></c></row>`;
    if (r % 1000 === 0) {
      yield piece;
      piece = '';
    }
  }
  yield `${piece}</sheetData></worksheet>`;
}
