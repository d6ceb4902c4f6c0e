/**
 * A look at a TİTCK list before it is sent: which list it is and which barcodes it gives more
 * than once. The server reads such a list as TİTCK's generator does (a later row of a barcode
 * wins), so a barcode given twice changes nothing on the server's side, but it is a sign of a
 * list put together by hand, and the person running the import is told. The file is read as the
 * server reads it (the first sheet of an xlsx, or a csv in UTF-8 or Windows-1254 with ',', ';' or
 * tab; the header among the first 30 rows), and its rows are numbered as the server numbers them
 * in its `skipped` list.
 */
import { parse } from 'csv-parse/sync';
import { readSheet } from 'read-excel-file/node';
import { csvDelimiter, decodeText, isTitckBarcode, isZip, titckBarcode, titckColumns, type TitckCell, type TitckList } from '@tezgah/pharmacy-common';

type Cell = TitckCell;

export interface DuplicateBarcode {
  readonly barcode: string;
  /** Every row that gives it (the last one is used). */
  readonly rows: readonly number[];
}

export interface ListScan {
  /** The list the header names; null when it names neither (the server then refuses the file). */
  readonly list: TitckList | null;
  readonly duplicates: readonly DuplicateBarcode[];
}

async function cellsOf(data: Buffer): Promise<Cell[][]> {
  if (isZip(data)) return (await readSheet(data)) as Cell[][];
  const text = decodeText(data);
  return parse(text, { delimiter: csvDelimiter(text), relax_column_count: true, relax_quotes: true, skip_empty_lines: true }) as string[][];
}

/** Which list the file is and its barcodes given more than once; a file that cannot be read is left to the server to refuse. */
export async function scanList(data: Buffer): Promise<ListScan> {
  let cells: Cell[][];
  try {
    cells = await cellsOf(data);
  } catch {
    return { list: null, duplicates: [] };
  }
  const columns = titckColumns(cells);
  if (!columns) return { list: null, duplicates: [] };
  const barcodeAt = columns.col.barcode;
  if (columns.list !== 'TITCK_LICENSED' || barcodeAt === undefined) return { list: columns.list, duplicates: [] };
  const rows = new Map<string, number[]>();
  for (let i = columns.header + 1; i < cells.length; i++) {
    const code = titckBarcode(cells[i]?.[barcodeAt]);
    // Rows the server skips (no valid barcode) are its to report.
    if (!isTitckBarcode(code)) continue;
    const at = rows.get(code);
    if (at) at.push(i + 1);
    else rows.set(code, [i + 1]);
  }
  const duplicates = [...rows].filter(([, at]) => at.length > 1).map(([barcode, at]) => ({ barcode, rows: at }));
  return { list: columns.list, duplicates };
}
