/**
 * Reading and writing the files `tezgah import/export` handle: CSV (';' or ',' separated, UTF-8
 * with or without BOM, or Windows-1254 as older Turkish Excel saves it) and XLSX (the first
 * sheet). A file is a header row and data rows; every data row keeps the row number a person sees
 * in the spreadsheet or editor (the header is row 1), so problems can name it.
 *
 * An import reads a file with {@link openTable}, row by row, as often as it is read, so a large
 * file is never held in memory. A CSV is streamed from disk. An XLSX is a zip: its first
 * worksheet's XML is inflated and parsed as a stream (a SAX parser over the zip entry), a pass
 * re-opening the zip. Only what the format makes every cell depend on is read whole, once, on
 * open: the shared strings table (`xl/sharedStrings.xml`, one array of strings, as big as the
 * distinct texts of the workbook: a cell of type "s" only names its index), which styles are
 * dates (`xl/styles.xml`) and the workbook's date system; each of those parts has a bound on what
 * it may inflate to ({@link WHOLE_PART_MB}), checked before it is read.
 */
import { constants, createReadStream } from 'node:fs';
import { access, open as openFile, readFile, stat, writeFile } from 'node:fs/promises';
import { dirname, extname, posix, resolve } from 'node:path';
import type { Readable } from 'node:stream';
import { sayIn, type Lang } from '@tezgah/cli';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { SaxesParser } from 'saxes';
import writeXlsxFile, { type SheetData } from 'write-excel-file/node';
import yauzl, { type Entry, type ZipFile } from 'yauzl';

/** One cell as read: CSV gives strings, XLSX also numbers, booleans and dates; empty is null. */
export type Cell = string | number | boolean | Date | null;

/** One data row and where it is in the file. */
export interface DataRow {
  /** The row number in the file (the header is row 1; a CSV record spanning lines counts its last line). */
  readonly row: number;
  readonly cells: readonly Cell[];
}

/** A file as read: the header texts and the data rows (blank rows left out). */
export interface Table {
  readonly headers: readonly string[];
  readonly rows: readonly DataRow[];
}

export type FileFormat = 'csv' | 'xlsx';

/**
 * What is wrong with a file, in each language the CLI speaks. A library's own words (the CSV
 * parser's, the zip reader's, the system's error code) are kept as the detail, as they are.
 */
export type FileProblem =
  | { readonly kind: 'type'; readonly ext: string }
  | { readonly kind: 'empty' }
  | { readonly kind: 'read'; readonly code: string }
  | { readonly kind: 'write'; readonly code: string }
  | { readonly kind: 'csv'; readonly detail: string; readonly afterLine?: number }
  | { readonly kind: 'xlsx'; readonly detail: XlsxShape | string };

/** What is wrong with an .xlsx whose zip reads: not a workbook, or a part read whole too large. */
export type XlsxShape =
  | { readonly kind: 'noWorkbook' }
  | { readonly kind: 'noSheet' }
  | { readonly kind: 'noFirstSheet'; readonly part: string }
  | { readonly kind: 'partTooLarge'; readonly part: string; readonly limitMb: number };

const xlsxShapeText = (d: XlsxShape, lang: Lang): string => {
  const say = sayIn(lang);
  switch (d.kind) {
    case 'noWorkbook': return say({ tr: 'çalışma kitabı yok (xl/workbook.xml)', en: 'it has no workbook (xl/workbook.xml)' });
    case 'noSheet': return say({ tr: 'çalışma kitabında sayfa yok', en: 'its workbook has no sheet' });
    case 'noFirstSheet': return say({ tr: `ilk sayfası (${d.part}) yok`, en: `its first sheet (${d.part}) is missing` });
    case 'partTooLarge': return say({ tr: `${d.part} açıldığında ${d.limitMb} MB'tan büyük; bu kadarı okunmaz`, en: `${d.part} is over ${d.limitMb} MB inflated, more than is read` });
  }
};

/**
 * The most a part read whole may inflate to: the shared strings table, the rest (workbook,
 * relationships, styles) far less. A real workbook of a million distinct texts stays well under
 * it; a crafted one (a zip bomb) is refused before it is inflated. The sheet itself is streamed
 * and has no such bound. yauzl checks that an entry inflates to the size it declares.
 */
const WHOLE_PART_MB = { strings: 256, other: 64 } as const;

function boundedPart(entry: Entry, limitMb: number): Entry {
  if (entry.uncompressedSize > limitMb * 1024 * 1024) throw new XlsxShapeError({ kind: 'partTooLarge', part: entry.fileName, limitMb });
  return entry;
}

function problemText(file: string, p: FileProblem, lang: Lang): string {
  const say = sayIn(lang);
  switch (p.kind) {
    case 'type':
      return say({ tr: `${file}: desteklenmeyen dosya türü "${p.ext || '(yok)'}"; .csv ya da .xlsx kullanın`, en: `${file}: unsupported file type "${p.ext || '(none)'}"; use .csv or .xlsx` });
    case 'empty':
      return say({ tr: `${file}: dosya boş; ilk satır sütunların adları olmalı`, en: `${file}: the file is empty; the first row must name the columns` });
    case 'read':
      return say({ tr: `${file}: dosya okunamıyor: ${p.code}`, en: `${file}: cannot read the file: ${p.code}` });
    case 'write':
      return say({ tr: `${file}: dosya yazılamıyor: ${p.code}`, en: `${file}: cannot write the file: ${p.code}` });
    case 'csv':
      if (p.afterLine === undefined) return say({ tr: `${file}: okunabilir bir CSV dosyası değil: ${p.detail}`, en: `${file}: not a readable CSV file: ${p.detail}` });
      return say({ tr: `${file}: okunabilir bir CSV dosyası değil (${p.afterLine}. satırdan sonra): ${p.detail}`, en: `${file}: not a readable CSV file (after line ${p.afterLine}): ${p.detail}` });
    case 'xlsx': {
      const detail = typeof p.detail === 'string' ? p.detail : xlsxShapeText(p.detail, lang);
      return say({ tr: `${file}: okunabilir bir .xlsx dosyası değil: ${detail}`, en: `${file}: not a readable .xlsx file: ${detail}` });
    }
  }
}

/** A file that cannot be read (or written) as a table: invalid input, exit 2. Its message is English; {@link FileFormatError.say} gives either language. */
export class FileFormatError extends Error {
  override readonly name = 'FileFormatError';
  constructor(readonly file: string, readonly problem: FileProblem) {
    super(problemText(file, problem, 'en'));
  }
  /** The problem in the run's language. */
  say(lang: Lang): string {
    return problemText(this.file, this.problem, lang);
  }
}

/** An .xlsx whose zip reads but which is not a workbook (turned into a {@link FileFormatError} with its file). */
class XlsxShapeError extends Error {
  constructor(readonly shape: XlsxShape) {
    super(xlsxShapeText(shape, 'en'));
  }
}

const errorCode = (e: unknown): string => (e as NodeJS.ErrnoException | null)?.code ?? String(e);
const errorText = (e: unknown): string => (e instanceof Error ? e.message : String(e));

/** The format by the file's extension (.csv or .xlsx); anything else is refused. */
export function formatOf(file: string): FileFormat {
  const ext = extname(file).toLowerCase();
  if (ext === '.csv') return 'csv';
  if (ext === '.xlsx') return 'xlsx';
  throw new FileFormatError(file, { kind: 'type', ext });
}

/** Text of a CSV file: UTF-8 (BOM dropped), or Windows-1254 when the bytes are not UTF-8. */
export function decodeText(bytes: Uint8Array): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    text = new TextDecoder('windows-1254').decode(bytes);
  }
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/**
 * The field separator of a CSV text: ';' (what Turkish Excel writes, since ',' is the decimal
 * mark), ',' or a tab, whichever occurs most often outside quotes on the header line.
 */
export function detectDelimiter(text: string): string {
  const counts = new Map<string, number>([[';', 0], [',', 0], ['\t', 0]]);
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && counts.has(ch)) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  }
  let best = ',';
  let most = 0;
  for (const [ch, n] of counts) {
    if (n > most) {
      best = ch;
      most = n;
    }
  }
  return best;
}

const blank = (c: Cell | undefined): boolean => c === null || c === undefined || (typeof c === 'string' && c.trim() === '');

function toTable(raw: ReadonlyArray<{ row: number; cells: readonly Cell[] }>, file: string): Table {
  const first = raw.findIndex((r) => r.cells.some((c) => !blank(c)));
  if (first < 0) throw new FileFormatError(file, { kind: 'empty' });
  const header = raw[first]!;
  const headers = header.cells.map((c) => (blank(c) ? '' : String(c).trim()));
  const rows = raw.slice(first + 1).filter((r) => r.cells.some((c) => !blank(c)));
  return { headers, rows };
}

/** Parses CSV text (delimiter detected, quotes as RFC 4180). */
export function parseCsv(text: string, file = 'CSV'): Table {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      delimiter: detectDelimiter(text),
      bom: true,
      info: true,
      relax_column_count: true,
      skip_empty_lines: false,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (e) {
    throw new FileFormatError(file, { kind: 'csv', detail: errorText(e) });
  }
  return toTable(
    records.map((r) => ({ row: r.info.lines, cells: r.record.map((c) => (c.trim() === '' ? null : c)) })),
    file,
  );
}

/** A file opened for reading row by row, as many times as needed. */
export interface TableSource {
  readonly headers: readonly string[];
  /** The data rows (blank rows left out), from the first, each time it is called. */
  rows(): AsyncIterable<DataRow>;
  /** The units {@link position} counts up to: bytes of a CSV, bytes of an XLSX's sheet XML (as inflated). */
  readonly size: number;
  /** How far the reading under way has come, in {@link size} units. */
  position(): number;
  /** Whether the file is no longer the one opened (its size or modification time changed). */
  changed(): Promise<boolean>;
}

const CHUNK = 256 * 1024;

/** Whether a file is no longer the one opened: gone, or its size or modification time changed. */
async function changedSince(file: string, opened: { size: number; mtimeMs: number }): Promise<boolean> {
  const now = await stat(file).catch(() => null);
  return !now || now.size !== opened.size || now.mtimeMs !== opened.mtimeMs;
}

/** The encoding of a CSV file: UTF-8 when all its bytes are, else Windows-1254; read through in chunks. */
async function csvEncoding(file: string): Promise<'utf-8' | 'windows-1254'> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  try {
    for await (const chunk of createReadStream(file, { highWaterMark: CHUNK })) decoder.decode(chunk as Buffer, { stream: true });
    decoder.decode();
    return 'utf-8';
  } catch {
    return 'windows-1254';
  }
}

/** The first `bytes` bytes of a file. */
async function head(file: string, bytes: number): Promise<Buffer> {
  const handle = await openFile(file, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

async function openCsv(file: string): Promise<TableSource> {
  const info = await stat(file);
  const encoding = await csvEncoding(file);
  const delimiter = detectDelimiter(new TextDecoder(encoding).decode(await head(file, 64 * 1024)));
  let read = 0;
  async function* textChunks(): AsyncGenerator<string> {
    const decoder = new TextDecoder(encoding);
    read = 0;
    for await (const chunk of createReadStream(file, { highWaterMark: CHUNK })) {
      read += (chunk as Buffer).length;
      yield decoder.decode(chunk as Buffer, { stream: true });
    }
    const rest = decoder.decode();
    if (rest) yield rest;
  }
  /**
   * Every record of the file, blank ones too, with the line it ends on. The text is cut after the
   * last line break outside quotes of what has been read, and each piece is parsed at once (a
   * record never spans two pieces): a stream parser's per-record events cost more than the rest
   * of a row's work.
   */
  async function* records(): AsyncGenerator<{ row: number; cells: Cell[] }> {
    let carry = '';
    let scanned = 0;
    let quoted = false;
    let lines = 0;
    const piece = function* (text: string) {
      let parsed: string[][];
      try {
        parsed = parse(text, { delimiter, bom: true, relax_column_count: true, skip_empty_lines: false }) as string[][];
      } catch (e) {
        throw new FileFormatError(file, { kind: 'csv', detail: errorText(e), ...(lines ? { afterLine: lines } : {}) });
      }
      // A record ends on the line after the previous one, plus the line breaks inside its quoted cells.
      for (const record of parsed) {
        lines++;
        for (const c of record) for (let i = c.indexOf('\n'); i >= 0; i = c.indexOf('\n', i + 1)) lines++;
        yield { row: lines, cells: record.map((c) => (c.trim() === '' ? null : c)) };
      }
    };
    for await (const text of textChunks()) {
      carry += text;
      let cut = 0;
      for (let i = scanned; i < carry.length; i++) {
        const ch = carry.charCodeAt(i);
        if (ch === 34 /* " */) quoted = !quoted;
        else if (ch === 10 /* \n */ && !quoted) cut = i + 1;
      }
      scanned = carry.length;
      if (!cut) continue;
      const ready = carry.slice(0, cut);
      carry = carry.slice(cut);
      scanned -= cut;
      yield* piece(ready);
    }
    if (carry) yield* piece(carry);
  }
  let headers: string[] | null = null;
  let headerRow = 0;
  for await (const r of records()) {
    if (r.cells.some((c) => !blank(c))) {
      headers = r.cells.map((c) => (blank(c) ? '' : String(c).trim()));
      headerRow = r.row;
      break;
    }
  }
  if (!headers) throw new FileFormatError(file, { kind: 'empty' });
  return {
    headers,
    size: info.size,
    position: () => read,
    changed: () => changedSince(file, info),
    async *rows() {
      for await (const r of records()) {
        if (r.row <= headerRow || !r.cells.some((c) => !blank(c))) continue;
        yield r;
      }
    },
  };
}

/** An .xlsx that cannot be read: the error as the file's problem (a {@link FileFormatError} stays as it is). */
function unreadableXlsx(file: string, e: unknown): FileFormatError {
  if (e instanceof FileFormatError) return e;
  return new FileFormatError(file, { kind: 'xlsx', detail: e instanceof XlsxShapeError ? e.shape : errorText(e) });
}

/** Opens a zip without reading its entries yet (they are listed with `eachEntry`); the caller closes it. */
function openZip(file: string): Promise<ZipFile> {
  return yauzl.openPromise(file, { lazyEntries: true, autoClose: false });
}

/** The entries of a zip by their lower-cased names (writers differ in the case of part names). */
async function entriesOf(zip: ZipFile): Promise<Map<string, Entry>> {
  const entries = new Map<string, Entry>();
  for await (const entry of zip.eachEntry()) entries.set(entry.fileName.toLowerCase(), entry);
  return entries;
}

/** What a SAX pass over a part does with its elements; names are local (a `x:` prefix is dropped). */
interface XmlHandlers {
  open?(name: string, attributes: Record<string, string>): void;
  close?(name: string): void;
  text?(text: string): void;
}

const localName = (name: string): string => {
  const colon = name.indexOf(':');
  return colon < 0 ? name : name.slice(colon + 1);
};

/**
 * Parses a zip entry's XML as it is inflated, handing the parser one chunk at a time; it yields
 * after each chunk, so a caller can pass on what that chunk completed before the next is read.
 * `read` is told the inflated bytes of each chunk. Malformed XML throws, after a last yield for
 * what its chunk completed before the fault.
 */
async function* parseXml(zip: ZipFile, entry: Entry, on: XmlHandlers, read?: (bytes: number) => void): AsyncGenerator<void> {
  const parser = new SaxesParser<{ xmlns: false; position: false }>({ xmlns: false, position: false });
  if (on.open) {
    const open = on.open;
    parser.on('opentag', (tag) => open(localName(tag.name), tag.attributes));
  }
  if (on.close) {
    const close = on.close;
    parser.on('closetag', (tag) => close(localName(tag.name)));
  }
  if (on.text) {
    parser.on('text', on.text);
    parser.on('cdata', on.text);
  }
  const stream: Readable = await zip.openReadStreamPromise(entry);
  try {
    const decoder = new TextDecoder('utf-8');
    const feed = function* (text: string | null) {
      let fault: { error: unknown } | null = null;
      try {
        if (text === null) parser.close();
        else parser.write(text);
      } catch (error) {
        fault = { error };
      }
      yield;
      if (fault) throw fault.error;
    };
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      read?.(chunk.length);
      yield* feed(decoder.decode(chunk, { stream: true }));
    }
    yield* feed(decoder.decode());
    yield* feed(null);
  } finally {
    // Destroying the stream releases its hold on the zip's file, so closing the zip closes it.
    stream.destroy();
  }
}

/** Runs a whole SAX pass over a part. */
async function readXml(zip: ZipFile, entry: Entry, on: XmlHandlers): Promise<void> {
  for await (const _ of parseXml(zip, entry, on));
}

/** Decodes the `_xHHHH_` escapes XLSX uses for characters XML 1.0 cannot carry. */
function unescapeXlsx(text: string): string {
  return text.includes('_x') ? text.replace(/_x([0-9A-Fa-f]{4})_/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))) : text;
}

/** The number formats Excel has built in that show a date or a time. */
const BUILT_IN_DATE_FORMATS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54, 55, 56, 57, 58]);

/**
 * Whether a custom number format shows a date or a time: its code, without quoted text, `[...]`
 * sections (colours, conditions, locales) and escaped or padding characters, has a day, month,
 * year, hour or second letter.
 */
export function isDateFormatCode(code: string): boolean {
  const bare = code
    .replace(/"[^"]*"/g, '')
    .replace(/\[[^\]]*\]/g, '')
    .replace(/[\\_*]./g, '');
  return bare.trim().toLowerCase() !== 'general' && /[dmyhs]/i.test(bare);
}

/** The parts of a workbook every cell of its sheet depends on, read once when it is opened. */
interface Workbook {
  /** The zip entry name (lower-cased) of the first sheet's part. */
  readonly sheet: string;
  /** The shared strings, `_xHHHH_` decoded and trimmed. */
  readonly strings: readonly string[];
  /** By cell style (`cellXfs`) index: whether its number format is a date. */
  readonly dateStyles: readonly boolean[];
  /** The 1904 date system (old Mac Excel): serial 0 is 1904-01-01. */
  readonly date1904: boolean;
}

/** A part a relationship names: targets are relative to the workbook's folder, or absolute with a leading '/'. */
const partOf = (target: string): string => (target.startsWith('/') ? posix.normalize(target.slice(1)) : posix.join('xl', target)).toLowerCase();

/** Reads the workbook, its relationships, styles and shared strings; the sheet itself is not read. */
async function readWorkbook(zip: ZipFile, entries: ReadonlyMap<string, Entry>): Promise<Workbook> {
  const workbookEntry = entries.get('xl/workbook.xml');
  if (!workbookEntry) throw new XlsxShapeError({ kind: 'noWorkbook' });
  let sheetId: string | undefined;
  let date1904 = false;
  await readXml(zip, boundedPart(workbookEntry, WHOLE_PART_MB.other), {
    open(name, a) {
      if (name === 'workbookPr') date1904 = a.date1904 === '1' || a.date1904 === 'true';
      else if (name === 'sheet' && sheetId === undefined) {
        // The relationship id is `r:id` (the prefix bound to the relationships namespace).
        sheetId = Object.entries(a).find(([k]) => k.endsWith(':id') || k === 'id')?.[1] ?? '';
      }
    },
  });
  if (sheetId === undefined) throw new XlsxShapeError({ kind: 'noSheet' });

  const targets = new Map<string, string>();
  let stringsPart = 'xl/sharedstrings.xml';
  let stylesPart = 'xl/styles.xml';
  const relsEntry = entries.get('xl/_rels/workbook.xml.rels');
  if (relsEntry) {
    await readXml(zip, boundedPart(relsEntry, WHOLE_PART_MB.other), {
      open(name, a) {
        if (name !== 'Relationship' || !a.Target) return;
        if (a.Id) targets.set(a.Id, a.Target);
        if (a.Type?.endsWith('/sharedStrings')) stringsPart = partOf(a.Target);
        else if (a.Type?.endsWith('/styles')) stylesPart = partOf(a.Target);
      },
    });
  }
  const target = targets.get(sheetId);
  // Without the relationships part, the usual name of the first sheet.
  const sheet = target !== undefined ? partOf(target) : 'xl/worksheets/sheet1.xml';
  if (!entries.has(sheet)) throw new XlsxShapeError({ kind: 'noFirstSheet', part: sheet });

  const strings: string[] = [];
  const stringsEntry = entries.get(stringsPart);
  if (stringsEntry) {
    // An item is a plain <t>, or rich text runs <r><t> to join; phonetic runs <rPh> are left out.
    let item: string | null = null;
    let inText = false;
    let phonetic = 0;
    await readXml(zip, boundedPart(stringsEntry, WHOLE_PART_MB.strings), {
      open(name) {
        if (name === 'si') item = '';
        else if (name === 't') inText = true;
        else if (name === 'rPh') phonetic++;
      },
      close(name) {
        if (name === 'si') {
          strings.push(unescapeXlsx(item ?? '').trim());
          item = null;
        } else if (name === 't') inText = false;
        else if (name === 'rPh') phonetic--;
      },
      text(text) {
        if (inText && item !== null && !phonetic) item += text;
      },
    });
  }

  const dateStyles: boolean[] = [];
  const stylesEntry = entries.get(stylesPart);
  if (stylesEntry) {
    const codes = new Map<number, string>();
    const baseFormats: (number | undefined)[] = [];
    const cellStyles: { numFmtId?: string; xfId?: string }[] = [];
    let list: 'cellStyleXfs' | 'cellXfs' | null = null;
    await readXml(zip, boundedPart(stylesEntry, WHOLE_PART_MB.other), {
      open(name, a) {
        if (name === 'numFmt' && a.numFmtId !== undefined && a.formatCode !== undefined) codes.set(Number(a.numFmtId), a.formatCode);
        else if (name === 'cellStyleXfs' || name === 'cellXfs') list = name;
        else if (name === 'xf' && list === 'cellStyleXfs') baseFormats.push(a.numFmtId === undefined ? undefined : Number(a.numFmtId));
        else if (name === 'xf' && list === 'cellXfs') cellStyles.push({ numFmtId: a.numFmtId, xfId: a.xfId });
      },
      close(name) {
        if (name === 'cellStyleXfs' || name === 'cellXfs') list = null;
      },
    });
    for (const style of cellStyles) {
      // A cell style without its own number format has its base style's (`xfId`).
      const id = style.numFmtId !== undefined ? Number(style.numFmtId) : style.xfId !== undefined ? baseFormats[Number(style.xfId)] : undefined;
      const code = id === undefined ? undefined : codes.get(id);
      dateStyles.push(id !== undefined && (code !== undefined ? isDateFormatCode(code) : BUILT_IN_DATE_FORMATS.has(id)));
    }
  }
  return { sheet, strings, dateStyles, date1904 };
}

/** Days from the 1900 system's day 0 to 1970-01-01 (Excel counts 29 February 1900, which never was). */
const UNIX_EPOCH_SERIAL = 25569;
/** Days the 1904 system's day 0 is after the 1900 system's. */
const DATE1904_OFFSET = 1462;
const DAY_MS = 24 * 60 * 60 * 1000;

/** A date serial as a UTC date (time of day kept, to the millisecond). */
function excelDate(serial: number, date1904: boolean): Date {
  return new Date(Math.floor((serial + (date1904 ? DATE1904_OFFSET : 0) - UNIX_EPOCH_SERIAL) * DAY_MS));
}

/** A cell reference's column, 0-based ("A1" → 0, "AB7" → 27), and row (1-based; 0 when it has none). */
function cellRef(ref: string): { column: number; row: number } {
  let column = 0;
  let i = 0;
  for (; i < ref.length; i++) {
    const code = ref.charCodeAt(i) & ~32; // upper case
    if (code < 65 || code > 90) break;
    column = column * 26 + (code - 64);
  }
  return { column: column - 1, row: Number(ref.slice(i)) || 0 };
}

/** A text cell's value: trimmed, and null when that leaves nothing. */
const textCell = (text: string | undefined): Cell => {
  const t = text === undefined ? '' : unescapeXlsx(text).trim();
  return t === '' ? null : t;
};

/** Every row of a sheet, blank ones too, as SAX handlers that call `row` as each `<row>` ends. */
function sheetHandlers(book: Workbook, row: (r: { row: number; cells: Cell[] }) => void): XmlHandlers {
  let last = 0; // the row number of the previous row
  let rowNumber = 0; // this row's `r`, or its first cell's row; 0 while unknown
  let cells: Cell[] | null = null;
  let column = -1;
  // The cell being read: its type and style, the text of its <v>, and of its <is> (inline string).
  let inCell = false;
  let type = '';
  let style = '';
  let value: string | undefined;
  let inline: string | undefined;
  let into: 'v' | 't' | null = null;
  let inInline = false;
  let phonetic = 0;

  const valueOf = (): Cell => {
    switch (type) {
      case 's': {
        const s = value === undefined || value.trim() === '' ? undefined : book.strings[Number(value)];
        return s === undefined || s === '' ? null : s;
      }
      case 'inlineStr':
        return textCell(inline);
      case 'str':
      case 'e':
        return textCell(value);
      case 'b': {
        const v = value?.trim();
        return v === '1' || v === 'true' ? true : v === '0' || v === 'false' ? false : null;
      }
      case 'd': {
        const date = value === undefined ? null : new Date(value.trim());
        return date && !Number.isNaN(date.getTime()) ? date : textCell(value);
      }
      default: {
        // "n" or no type: a number, or a date when its style's number format is one.
        if (value === undefined || value.trim() === '') return inline === undefined ? null : textCell(inline);
        const n = Number(value);
        if (!Number.isFinite(n)) return textCell(value);
        return style && book.dateStyles[Number(style)] ? excelDate(n, book.date1904) : n;
      }
    }
  };

  return {
    open(name, a) {
      if (name === 'row') {
        cells = [];
        column = -1;
        rowNumber = a.r ? Number(a.r) || 0 : 0;
      } else if (name === 'c' && cells) {
        inCell = true;
        type = a.t ?? '';
        style = a.s ?? '';
        value = undefined;
        inline = undefined;
        if (a.r) {
          const ref = cellRef(a.r);
          column = ref.column >= 0 ? ref.column : column + 1;
          if (!rowNumber && ref.row) rowNumber = ref.row;
        } else column++;
      } else if (!inCell) return;
      else if (name === 'v') {
        into = 'v';
        value = '';
      } else if (name === 'is') {
        inInline = true;
        inline = '';
      } else if (name === 't' && inInline) into = 't';
      else if (name === 'rPh') phonetic++;
    },
    close(name) {
      if (name === 'row' && cells) {
        last = rowNumber > last ? rowNumber : last + 1;
        row({ row: last, cells });
        cells = null;
      } else if (name === 'c' && inCell && cells) {
        const cell = valueOf();
        if (cell !== null) {
          while (cells.length < column) cells.push(null);
          cells[column] = cell;
        }
        inCell = false;
      } else if (!inCell) return;
      else if (name === 'v' || name === 't') into = null;
      else if (name === 'is') inInline = false;
      else if (name === 'rPh') phonetic--;
    },
    text(text) {
      if (into === 'v') value += text;
      else if (into === 't' && !phonetic) inline += text;
    },
  };
}

/** A sheet's rows as they are parsed (blank ones too); `read` is told the inflated bytes as they come. */
async function* sheetRows(zip: ZipFile, entry: Entry, book: Workbook, read?: (bytes: number) => void): AsyncGenerator<{ row: number; cells: Cell[] }> {
  const done: { row: number; cells: Cell[] }[] = [];
  const handlers = sheetHandlers(book, (r) => done.push(r));
  for await (const _ of parseXml(zip, entry, handlers, read)) {
    // Only what one chunk completed is held at a time.
    for (let i = 0; i < done.length; i++) yield done[i]!;
    done.length = 0;
  }
}

/**
 * An .xlsx opened for reading: the workbook's shared parts and the header are read here; each
 * pass of `rows()` opens the zip again and streams the sheet, and closes the zip when it ends,
 * fails or is left early.
 */
async function openXlsx(file: string): Promise<TableSource> {
  const info = await stat(file);
  let book: Workbook;
  let size: number;
  let headers: string[] | null = null;
  let headerRow = 0;
  let zip: ZipFile | null = null;
  try {
    zip = await openZip(file);
    const entries = await entriesOf(zip);
    book = await readWorkbook(zip, entries);
    const entry = entries.get(book.sheet)!;
    size = entry.uncompressedSize;
    for await (const r of sheetRows(zip, entry, book)) {
      if (r.cells.some((c) => !blank(c))) {
        headers = r.cells.map((c) => (blank(c) ? '' : String(c).trim()));
        headerRow = r.row;
        break;
      }
    }
  } catch (e) {
    throw unreadableXlsx(file, e);
  } finally {
    zip?.close();
  }
  if (!headers) throw new FileFormatError(file, { kind: 'empty' });
  const width = headers.length;
  let read = 0;
  return {
    headers,
    size,
    position: () => read,
    changed: () => changedSince(file, info),
    async *rows() {
      read = 0;
      let pass: ZipFile | null = null;
      try {
        pass = await openZip(file);
        const entry = (await entriesOf(pass)).get(book.sheet);
        if (!entry) throw new XlsxShapeError({ kind: 'noFirstSheet', part: book.sheet });
        for await (const r of sheetRows(pass, entry, book, (bytes) => (read += bytes))) {
          if (r.row <= headerRow || !r.cells.some((c) => !blank(c))) continue;
          // Cells missing at the end of a row, up to the header's columns, are empty like the ones between.
          while (r.cells.length < width) r.cells.push(null);
          yield r;
        }
        read = size;
      } catch (e) {
        throw unreadableXlsx(file, e);
      } finally {
        pass?.close();
      }
    },
  };
}

/**
 * Opens a .csv or .xlsx file (the first sheet) for reading its rows: the header (the first row
 * that is not blank) is read here; {@link TableSource.rows} gives the data rows as often as asked.
 */
export async function openTable(file: string): Promise<TableSource> {
  const format = formatOf(file);
  try {
    await stat(file);
  } catch (e) {
    throw new FileFormatError(file, { kind: 'read', code: errorCode(e) });
  }
  return format === 'csv' ? openCsv(file) : openXlsx(file);
}

/** Reads a .csv or .xlsx file (the first sheet) into a {@link Table}; an .xlsx through the streaming reader of {@link openTable}. */
export async function readTable(file: string): Promise<Table> {
  const format = formatOf(file);
  if (format === 'xlsx') {
    const source = await openTable(file);
    const rows: DataRow[] = [];
    for await (const r of source.rows()) rows.push(r);
    return { headers: source.headers, rows };
  }
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch (e) {
    throw new FileFormatError(file, { kind: 'read', code: errorCode(e) });
  }
  return parseCsv(decodeText(bytes), file);
}

/** A value written to a file: text, a number, or nothing. */
export type OutCell = string | number | null;

/**
 * Writes a header and rows: CSV as UTF-8 with a BOM, ';' separated, numbers with a decimal comma
 * (so Turkish Excel opens it as it is, and `import` reads it back); XLSX with numbers as numbers
 * and everything else as text (barcodes and tax numbers keep their leading zeros).
 */
export async function writeTable(file: string, headers: readonly string[], rows: readonly (readonly OutCell[])[]): Promise<void> {
  const format = formatOf(file);
  try {
    if (format === 'csv') {
      const text = stringify([headers as string[], ...rows.map((r) => r.map(csvCell))], { delimiter: ';', bom: true, record_delimiter: 'windows' });
      await writeFile(file, text, 'utf8');
      return;
    }
    const data: SheetData = [
      headers.map((h) => ({ value: h, fontWeight: 'bold' as const })),
      ...rows.map((r) => r.map((c) => (c === null ? null : typeof c === 'number' ? { value: c, type: Number } : { value: c, type: String }))),
    ];
    const columns = headers.map((h) => ({ width: Math.max(10, Math.min(40, h.length + 4)) }));
    await writeXlsxFile(data, { columns, sheet: 'Sayfa1' }).toFile(file);
  } catch (e) {
    throw new FileFormatError(file, { kind: 'write', code: errorCode(e) });
  }
}

/**
 * Refuses, before any work, a file that could not be written: its folder missing or not
 * writable, or the path a folder. (What is already there is replaced, as an export does.)
 */
export async function checkWritable(file: string): Promise<void> {
  formatOf(file);
  try {
    const here = await stat(file).catch((e: NodeJS.ErrnoException) => (e.code === 'ENOENT' ? null : Promise.reject(e)));
    if (here?.isDirectory()) throw Object.assign(new Error('EISDIR'), { code: 'EISDIR' });
    await access(here ? file : dirname(resolve(file)), constants.W_OK);
  } catch (e) {
    throw new FileFormatError(file, { kind: 'write', code: errorCode(e) });
  }
}

/** A number in CSV: all its decimals (up to 8), a decimal comma and no grouping ("1234,5"). */
export function plainNumber(n: number): string {
  const fixed = n.toFixed(8).replace(/\.?0+$/, '');
  return (fixed === '-0' ? '0' : fixed).replace('.', ',');
}

function csvCell(c: OutCell): string {
  if (c === null) return '';
  return typeof c === 'number' ? plainNumber(c) : c;
}
