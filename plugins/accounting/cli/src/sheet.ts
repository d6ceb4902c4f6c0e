/**
 * Reading and writing the files `tezgah import/export` handle: CSV (';' or ',' separated, UTF-8
 * with or without BOM, or Windows-1254 as older Turkish Excel saves it) and XLSX (the first
 * sheet). A file is a header row and data rows; every data row keeps the row number a person sees
 * in the spreadsheet or editor (the header is row 1), so problems can name it.
 *
 * An import reads a file with {@link openTable}: a CSV is streamed, row by row, as often as it is
 * read (a large file is never held in memory); an XLSX is a zip that has to be read whole, and is
 * kept as read.
 */
import { createReadStream } from 'node:fs';
import { open as openFile, readFile, stat, writeFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { readSheet } from 'read-excel-file/node';
import writeXlsxFile, { type SheetData } from 'write-excel-file/node';

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

/** A file that cannot be read as a table (a usage problem: exit 1). */
export class FileFormatError extends Error {
  override readonly name = 'FileFormatError';
}

/** The format by the file's extension (.csv or .xlsx); anything else is refused. */
export function formatOf(file: string): FileFormat {
  const ext = extname(file).toLowerCase();
  if (ext === '.csv') return 'csv';
  if (ext === '.xlsx') return 'xlsx';
  throw new FileFormatError(`${file}: unsupported file type "${ext || '(none)'}"; use .csv or .xlsx`);
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
  if (first < 0) throw new FileFormatError(`${file}: the file is empty; the first row must name the columns`);
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
    throw new FileFormatError(`${file}: not a readable CSV file: ${e instanceof Error ? e.message : String(e)}`);
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
  /** The units {@link position} counts up to: bytes of a CSV, rows of an XLSX. */
  readonly size: number;
  /** How far the reading under way has come, in {@link size} units. */
  position(): number;
  /** Whether the file is no longer the one opened (its size or modification time changed). */
  changed(): Promise<boolean>;
}

const CHUNK = 256 * 1024;

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
        throw new FileFormatError(`${file}: not a readable CSV file (after line ${lines}): ${e instanceof Error ? e.message : String(e)}`);
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
  if (!headers) throw new FileFormatError(`${file}: the file is empty; the first row must name the columns`);
  return {
    headers,
    size: info.size,
    position: () => read,
    async changed() {
      const now = await stat(file).catch(() => null);
      return !now || now.size !== info.size || now.mtimeMs !== info.mtimeMs;
    },
    async *rows() {
      for await (const r of records()) {
        if (r.row <= headerRow || !r.cells.some((c) => !blank(c))) continue;
        yield r;
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
    throw new FileFormatError(`${file}: cannot read the file: ${(e as NodeJS.ErrnoException).code ?? String(e)}`);
  }
  if (format === 'csv') return openCsv(file);
  const table = await readTable(file);
  let at = 0;
  return {
    headers: table.headers,
    size: table.rows.length,
    position: () => at,
    changed: async () => false,
    async *rows() {
      for (at = 0; at < table.rows.length; ) yield table.rows[at++]!;
    },
  };
}

/** Reads a .csv or .xlsx file (the first sheet) into a {@link Table}. */
export async function readTable(file: string): Promise<Table> {
  const format = formatOf(file);
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch (e) {
    throw new FileFormatError(`${file}: cannot read the file: ${(e as NodeJS.ErrnoException).code ?? String(e)}`);
  }
  if (format === 'csv') return parseCsv(decodeText(bytes), file);
  let data: Cell[][];
  try {
    data = (await readSheet(bytes)) as Cell[][];
  } catch (e) {
    throw new FileFormatError(`${file}: not a readable .xlsx file: ${e instanceof Error ? e.message : String(e)}`);
  }
  return toTable(
    data.map((cells, i) => ({ row: i + 1, cells })),
    file,
  );
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
