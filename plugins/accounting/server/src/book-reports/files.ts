import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Decimal from 'decimal.js';
import PDFDocument from 'pdfkit';
import writeXlsxFile, { type Cell as SheetCell, type Row as SheetRow, type SheetData } from 'write-excel-file/node';
import { QUANTITY_DECIMALS, formatQuantity } from '@tezgah/core';

/**
 * The files of the book reports: one xlsx writer and one PDF writer shared by the trial balance,
 * the account statement, the journal book and a current's statement, so every file a person gets
 * looks alike: the company and the period on top, amounts right-aligned in Turkish format
 * (1.999,90), dates as DD.MM.YYYY, page numbers on every PDF page.
 */

/**
 * The embedded font (DejaVu Sans: every Turkish letter; licence in assets/fonts). Found next to
 * the sources: the server build (scripts/build-server.mjs) replaces import.meta.url by this
 * file's own address, so the built bundle reads the same folder.
 */
const FONT_DIR = fileURLToPath(new URL('../../assets/fonts/', import.meta.url));
export const FONT_REGULAR = `${FONT_DIR}DejaVuSans.ttf`;
export const FONT_BOLD = `${FONT_DIR}DejaVuSans-Bold.ttf`;

/** `quantity`: up to three decimals (2,125 kg), at least two, right-aligned like money. */
export type Kind = 'text' | 'money' | 'quantity' | 'date' | 'int';

export interface Column {
  header: string;
  kind?: Kind;
  /** Width in characters (the spreadsheet's unit); the PDF scales the widths to the page. */
  width: number;
  /** A zero amount is left blank (debit/credit columns). */
  blankZero?: boolean;
  /** The PDF carries this column's sum from page to page (nakli yekün). */
  carry?: boolean;
}

/** A cell: text, an amount (Decimal, decimal string or number), a day (YYYY-MM-DD) or an integer. */
export type Cell = string | number | Decimal | null | undefined;
export type Row = Cell[] | { cells: Cell[]; bold?: boolean; rule?: boolean };

/** What the top of every file says. */
export interface Heading {
  /** The company's name (its title when it has one). */
  company: string;
  /** Mizan, Muavin Defter, Yevmiye Defteri, Cari Hesap Ekstresi. */
  title: string;
  /** The period as people read it: 01.01.2026 – 31.12.2026. */
  period?: string;
  /** More lines under the title (a current's title, tax number and address). */
  lines?: string[];
  /** When the file was made (shown and kept as the PDF's creation date). */
  printedAt?: Date;
}

// --- Turkish formats -----------------------------------------------------------------------------

export function toDecimal(v: Cell): Decimal {
  if (v === null || v === undefined || v === '') return new Decimal(0);
  return v instanceof Decimal ? v : new Decimal(typeof v === 'number' ? String(v) : v);
}

/** 1999.9 → '1.999,90'; -1234567 → '-1.234.567,00' (decimal arithmetic, never a float's rounding). */
export function trMoney(v: Cell): string {
  const fixed = toDecimal(v).toFixed(2);
  const negative = fixed.startsWith('-') && !/^-0\.00$/.test(fixed);
  const [int = '0', frac = '00'] = fixed.replace('-', '').split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${negative ? '-' : ''}${grouped},${frac}`;
}

/** 7.875 → '7,875'; 12 → '12,00'; 1234.5 → '1.234,50' (a quantity's own decimals, up to three). */
export function trQuantity(v: Cell): string {
  return formatQuantity(toDecimal(v).toFixed());
}

/** '2026-03-10' → '10.03.2026'. */
export function trDate(day: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(day);
  return m ? `${m[3]}.${m[2]}.${m[1]}` : day;
}

export const trPeriod = (start: string, end: string) => `${trDate(start)} – ${trDate(end)}`;

/** A moment as DD.MM.YYYY HH:mm in Turkey's time. */
export function trMoment(d: Date): string {
  const p = Object.fromEntries(new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Istanbul', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23',
  }).formatToParts(d).map((x) => [x.type, x.value]));
  return `${p.day}.${p.month}.${p.year} ${p.hour}:${p.minute}`;
}

/** The side of a balance as a Turkish statement says it: debit minus credit > 0 is borçlu. */
export function side(balance: Cell): 'Borçlu' | 'Alacaklı' | '' {
  const b = toDecimal(balance);
  return b.isZero() ? '' : b.isPositive() ? 'Borçlu' : 'Alacaklı';
}

const rowOf = (r: Row) => (Array.isArray(r) ? { cells: r, bold: false, rule: false } : { bold: false, rule: false, ...r });

function text(c: Column, v: Cell): string {
  if (v === null || v === undefined) return '';
  switch (c.kind ?? 'text') {
    case 'money': return c.blankZero && toDecimal(v).isZero() ? '' : trMoney(v);
    case 'quantity': return trQuantity(v);
    case 'date': return typeof v === 'string' ? trDate(v) : String(v);
    default: return v instanceof Decimal ? v.toString() : String(v);
  }
}

// --- xlsx ----------------------------------------------------------------------------------------

const MONEY_FORMAT = '#,##0.00';
/** Two decimals, a third when the quantity has one (2,125). */
const QUANTITY_FORMAT = '#,##0.00#';

function sheetCell(c: Column, v: Cell, bold: boolean): SheetCell {
  const style = bold ? { fontWeight: 'bold' as const } : {};
  if (v === null || v === undefined || v === '') return bold ? { value: '', type: String, ...style } : null;
  switch (c.kind ?? 'text') {
    case 'money': {
      const d = toDecimal(v);
      if (c.blankZero && d.isZero()) return null;
      // The cell holds the number and shows it with the reader's separators (1.999,90 in Turkish Excel).
      return { value: Number(d.toFixed(2)), type: Number, format: MONEY_FORMAT, align: 'right', ...style };
    }
    case 'quantity': return { value: Number(toDecimal(v).toFixed(QUANTITY_DECIMALS)), type: Number, format: QUANTITY_FORMAT, align: 'right', ...style };
    case 'date': {
      const m = typeof v === 'string' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(v) : null;
      if (!m) return { value: String(v), type: String, ...style };
      return { value: new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))), type: Date, format: 'dd.mm.yyyy', ...style };
    }
    case 'int': return { value: Number(v), type: Number, ...style };
    default: return { value: v instanceof Decimal ? v.toString() : String(v), type: String, ...style };
  }
}

/** A spreadsheet name Excel accepts: at most 31 characters, none of []:*?/\. */
const sheetName = (name: string) => name.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31) || 'Sayfa1';

/**
 * One sheet: the heading lines (company, title, period …), an empty row, the column headers (kept
 * in view while scrolling), the rows and the totals row. Amounts are numbers with a thousands
 * format, days are dates shown DD.MM.YYYY: the reader can add them up.
 */
export async function xlsx(name: string, columns: Column[], rows: Row[], opts: { heading?: Heading; totals?: Row } = {}): Promise<Buffer> {
  const data: SheetData = [];
  const h = opts.heading;
  if (h) {
    const lines = [h.company, h.title, ...(h.period ? [`Dönem: ${h.period}`] : []), ...(h.lines ?? [])];
    for (const [i, l] of lines.entries()) data.push([{ value: l, type: String, ...(i < 2 ? { fontWeight: 'bold' as const } : {}) }]);
    data.push([]);
  }
  data.push(columns.map((c) => ({
    value: c.header, type: String, fontWeight: 'bold' as const, bottomBorderStyle: 'thin' as const, ...(c.kind === 'money' || c.kind === 'quantity' ? { align: 'right' as const } : {}),
  })));
  const headerRows = data.length;
  for (const r of rows) {
    const { cells, bold } = rowOf(r);
    data.push(columns.map((c, i) => sheetCell(c, cells[i], bold)) as SheetRow);
  }
  if (opts.totals) {
    const { cells } = rowOf(opts.totals);
    data.push(columns.map((c, i) => {
      const cell = sheetCell({ ...c, blankZero: false }, cells[i], true);
      return cell && typeof cell === 'object' && !(cell instanceof Date) ? { ...cell, topBorderStyle: 'thin' as const } : cell;
    }) as SheetRow);
  }
  return writeXlsxFile(data, {
    sheet: sheetName(name),
    columns: columns.map((c) => ({ width: c.width })),
    stickyRowsCount: headerRows,
    ...(columns.length > 6 ? { orientation: 'landscape' as const } : {}),
  }).toBuffer();
}

// --- PDF -----------------------------------------------------------------------------------------

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 28;
/** One body row: 8 pt text in 13 pt of height. */
export const ROW_HEIGHT = 13;
const FONT_SIZE = 7.5;
const HEADER_ROW = 16;
/** Points per spreadsheet character: a column of width 10 is ~52 pt on a portrait page before scaling. */
const PT_PER_CHAR = 5.2;

export interface PdfLayout {
  landscape: boolean;
  pageWidth: number;
  pageHeight: number;
  /** Column widths in points, filling the page's width inside the margins. */
  widths: number[];
  /** Where the table's header row starts. */
  tableTop: number;
  /** Body rows on every page (the slots for carried totals and the final totals excluded). */
  rowsPerPage: number;
}

const headingLines = (h: Heading) => (h.period ? 1 : 0) + (h.lines?.length ?? 0);

/**
 * The page of a report: landscape (A4) when its columns do not fit a portrait page, the heading's
 * height, and how many body rows each page takes. Fixed per document, so a long journal's page
 * count is known from its row count: max(1, ceil(rows / rowsPerPage)).
 */
export function pdfLayout(columns: Column[], heading: Heading, opts: { carry?: boolean; totals?: boolean } = {}): PdfLayout {
  const natural = columns.reduce((s, c) => s + c.width * PT_PER_CHAR, 0);
  const landscape = natural > A4[0] - 2 * MARGIN;
  const [pageWidth, pageHeight] = landscape ? [A4[1], A4[0]] : A4;
  const usable = pageWidth - 2 * MARGIN;
  const scale = usable / natural;
  const widths = columns.map((c) => c.width * PT_PER_CHAR * scale);
  // Company (11), title (14), the period and each further line (11 each), a gap.
  const tableTop = MARGIN + 15 + 18 + headingLines(heading) * 11 + 8;
  const carry = opts.carry ? ROW_HEIGHT : 0;
  const bottom = (opts.carry || opts.totals ? ROW_HEIGHT : 0) + 4;
  const rowsPerPage = Math.max(1, Math.floor((pageHeight - MARGIN - tableTop - HEADER_ROW - carry - bottom) / ROW_HEIGHT));
  return { landscape, pageWidth, pageHeight, widths, tableTop, rowsPerPage };
}

function fit(doc: PDFKit.PDFDocument, s: string, width: number): string {
  if (doc.widthOfString(s) <= width) return s;
  let lo = 0;
  let hi = s.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (doc.widthOfString(`${s.slice(0, mid)}…`) <= width) lo = mid;
    else hi = mid - 1;
  }
  return `${s.slice(0, lo)}…`;
}

/**
 * A report as a PDF (A4, landscape for wide tables): on every page the company, the title, the
 * period and further lines, "Sayfa i / n" and the time it was made, then the column headers and
 * the page's rows. With `carry`, every page but the last ends with the running totals of the
 * carry columns ("Nakli yekün") and the next page begins with them ("Önceki sayfadan devreden"),
 * as a Turkish journal book does; the last page ends with `totals`.
 */
export async function pdf(heading: Heading, columns: Column[], rows: Row[], totals?: Row, opts: { carry?: { labelColumn: number } } = {}): Promise<Buffer> {
  for (const f of [FONT_REGULAR, FONT_BOLD]) if (!existsSync(f)) throw new Error(`book reports: font ${f} is missing`);
  const layout = pdfLayout(columns, heading, { carry: !!opts.carry, totals: !!totals });
  const { widths, pageWidth, tableTop, rowsPerPage } = layout;
  const printedAt = heading.printedAt ?? new Date();
  const doc = new PDFDocument({
    size: 'A4', layout: layout.landscape ? 'landscape' : 'portrait', margin: 0, autoFirstPage: false, bufferPages: true,
    font: FONT_REGULAR, lang: 'tr-TR',
    info: { Title: heading.title, Author: heading.company, Subject: heading.period ?? '', Creator: 'Tezgah', Producer: 'Tezgah', CreationDate: printedAt },
  });
  // Fonts by their paths: pdfkit keeps an opened font by the name it was asked for, and an alias
  // of the constructor's font would be parsed again at every switch.
  const regular = () => doc.font(FONT_REGULAR);
  const bold = () => doc.font(FONT_BOLD);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const xs: number[] = [];
  widths.reduce((x, w) => (xs.push(x), x + w), MARGIN);
  const right = pageWidth - MARGIN;
  const cell = (i: number, s: string, y: number, strong = false) => {
    const c = columns[i]!;
    (strong ? bold() : regular()).fontSize(FONT_SIZE);
    const w = widths[i]! - 6;
    const t = fit(doc, s, w);
    const x = c.kind === 'money' || c.kind === 'quantity' || c.kind === 'int' ? xs[i]! + 3 + w - doc.widthOfString(t) : xs[i]! + 3;
    doc.text(t, x, y + 3, { lineBreak: false });
  };
  const line = (y: number, weight = 0.5, color = '#888888') => {
    doc.save().lineWidth(weight).strokeColor(color).moveTo(MARGIN, y).lineTo(right, y).stroke().restore();
  };
  /** A row of running totals: the label in its column, the carry columns' sums. */
  const sumRow = (y: number, label: string, sums: Decimal[], labelColumn: number) => {
    doc.save().rect(MARGIN, y, right - MARGIN, ROW_HEIGHT).fill('#f0f0f0').restore();
    doc.fillColor('black');
    cell(labelColumn, label, y, true);
    columns.forEach((c, i) => { if (c.carry) cell(i, trMoney(sums[i]!), y, true); });
  };

  const body = rows.map(rowOf);
  const pages = Math.max(1, Math.ceil(body.length / rowsPerPage));
  const sums = columns.map(() => new Decimal(0));
  for (let p = 0; p < pages; p++) {
    doc.addPage();
    doc.fillColor('black');
    bold().fontSize(10).text(fit(doc, heading.company, pageWidth - 2 * MARGIN - 150), MARGIN, MARGIN, { lineBreak: false });
    bold().fontSize(13).text(heading.title, MARGIN, MARGIN + 15, { lineBreak: false });
    let y = MARGIN + 33;
    regular().fontSize(8.5);
    for (const l of [...(heading.period ? [`Dönem: ${heading.period}`] : []), ...(heading.lines ?? [])]) {
      doc.text(fit(doc, l, pageWidth - 2 * MARGIN), MARGIN, y, { lineBreak: false });
      y += 11;
    }
    regular().fontSize(7.5);
    const printed = `Düzenleme: ${trMoment(printedAt)}`;
    doc.text(printed, right - doc.widthOfString(printed), MARGIN + 13, { lineBreak: false });

    y = tableTop;
    doc.save().rect(MARGIN, y, right - MARGIN, HEADER_ROW).fill('#dddddd').restore();
    doc.fillColor('black');
    columns.forEach((c, i) => cell(i, c.header, y + 1.5, true));
    y += HEADER_ROW;
    if (opts.carry) {
      if (p > 0) sumRow(y, 'Önceki sayfadan devreden', sums, opts.carry.labelColumn);
      y += ROW_HEIGHT;
    }
    const slice = body.slice(p * rowsPerPage, (p + 1) * rowsPerPage);
    if (body.length === 0) {
      regular().fontSize(FONT_SIZE).text('Bu dönemde kayıt yok.', MARGIN + 3, y + 3, { lineBreak: false });
      y += ROW_HEIGHT;
    }
    for (const r of slice) {
      if (r.rule) line(y, 0.4, '#bbbbbb');
      columns.forEach((c, i) => {
        const v = r.cells[i];
        if (c.carry) sums[i] = sums[i]!.plus(toDecimal(v));
        const s = text(c, v);
        if (s) cell(i, s, y, r.bold);
      });
      y += ROW_HEIGHT;
    }
    if (opts.carry && p < pages - 1) {
      // The carry-out slot sits right under the page's last body row.
      line(y, 0.6, '#444444');
      sumRow(y, 'Nakli yekün', sums, opts.carry.labelColumn);
    } else if (totals) {
      const t = rowOf(totals);
      line(y, 0.8, '#000000');
      doc.save().rect(MARGIN, y, right - MARGIN, ROW_HEIGHT).fill('#f0f0f0').restore();
      doc.fillColor('black');
      columns.forEach((c, i) => {
        const s = text({ ...c, blankZero: false }, t.cells[i]);
        if (s) cell(i, s, y, true);
      });
    }
  }
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    regular().fontSize(8).fillColor('black');
    const label = `Sayfa ${i - range.start + 1} / ${range.count}`;
    doc.text(label, right - doc.widthOfString(label), MARGIN, { lineBreak: false });
  }
  doc.end();
  return done;
}

// --- answers -------------------------------------------------------------------------------------

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const PDF_TYPE = 'application/pdf';

/** A file name people can keep: lower-case ASCII (Turkish letters folded), digits, '-' and '.'. */
export function fileSlug(s: string): string {
  const map: Record<string, string> = { ç: 'c', ğ: 'g', ı: 'i', i: 'i', ö: 'o', ş: 's', ü: 'u', â: 'a', î: 'i', û: 'u' };
  return s.toLocaleLowerCase('tr-TR').replace(/[çğıöşüâîû]/g, (ch) => map[ch] ?? ch)
    .normalize('NFKD').replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9.]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 120).replace(/-+$/, '') || 'rapor';
}

/** Sets the answer's type and download name and hands the bytes back for the kernel to send. */
export function attachment(ctx: { setHeader(name: string, value: string): void }, format: 'xlsx' | 'pdf', baseName: string, bytes: Buffer): Buffer {
  const name = `${fileSlug(baseName)}.${format}`;
  ctx.setHeader('content-type', format === 'xlsx' ? XLSX_TYPE : PDF_TYPE);
  ctx.setHeader('content-disposition', `attachment; filename="${name}"`);
  ctx.setHeader('cache-control', 'no-store');
  return bytes;
}
