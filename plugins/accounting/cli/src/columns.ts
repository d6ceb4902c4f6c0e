/**
 * How a file's columns become an entity's fields: each field has the Turkish header `export`
 * writes, the other names a person may use (Turkish and the API's English field name), a type
 * and its checks. Headers and choice labels match case- and accent-insensitively ("ÜRÜN ADI",
 * "urun adi" and "Ürün Adı" are one column).
 */
import { parseTurkishNumber } from '@tezgah/core';
import type { Cell, DataRow, OutCell } from './sheet';

/** One problem with one cell (or a missing column), as the summary reports it. */
export interface RowError {
  /** The row in the file (the header is row 1). */
  readonly row: number;
  /** The column's header as the file names it (or the header `export` writes, when it is missing). */
  readonly column: string;
  readonly reason: string;
}

/** One accepted value of a choice column. */
export interface Choice {
  readonly value: string | number;
  /** Texts that mean it; the first is what `export` writes. */
  readonly labels: readonly string[];
  /** With `scopeField`: the value of that field this choice belongs to (a district's city). */
  readonly scope?: string | number | null;
}

/**
 * text, digits (kept as text: barcodes, tax numbers), number, integer, boolean (Evet/Hayır),
 * date (DD.MM.YYYY, DD/MM/YYYY or YYYY-MM-DD, read as YYYY-MM-DD) or choice (one of `choices`).
 */
export type ColumnType = 'text' | 'digits' | 'number' | 'integer' | 'boolean' | 'date' | 'choice';

export interface ColumnSpec {
  /** The API's field. Also accepted as a header. */
  readonly field: string;
  /** The header `export` writes. Also accepted as a header. */
  readonly header: string;
  /** Other accepted headers. */
  readonly aliases?: readonly string[];
  readonly type: ColumnType;
  readonly required?: boolean;
  /**
   * A blank cell sets nothing: a new record takes the entity's default, an existing one keeps its
   * value (for fields the API requires but a file may leave out, such as a product's unit).
   */
  readonly keepWhenBlank?: boolean;
  readonly maxLength?: number;
  /** Exact length or allowed lengths (digits). */
  readonly lengths?: readonly number[];
  /** Numbers: the smallest allowed value, and whether it is excluded. */
  readonly min?: number;
  readonly minExclusive?: boolean;
  readonly max?: number;
  /** Numbers: at most this many decimals. */
  readonly decimals?: number;
  /** Choice columns: the accepted values. */
  readonly choices?: readonly Choice[];
  /** A further check of a parsed value: the reason it is refused, or null. */
  readonly check?: (value: unknown) => string | null;
  /** Text columns: upper-cased the Turkish way (IBANs, codes). */
  readonly upper?: boolean;
  /** Text columns: spaces dropped (IBANs, phone numbers). */
  readonly compact?: boolean;
  /**
   * Choice columns whose choices belong to another field's value (districts to their city): a
   * label several choices share is narrowed to the row's value of that field; with
   * `strictScope` a choice of another value is refused.
   */
  readonly scopeField?: string;
  readonly strictScope?: boolean;
}

/** Folds a header or label for matching: lower case, no accents, no dotless ı, letters and digits only. */
export function fold(s: string): string {
  return s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/ı/g, 'i')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

/** Where each field is in the file, and the file's headers that name no field. */
export interface ColumnMap {
  /** The file's headers. */
  readonly headers: readonly string[];
  readonly index: ReadonlyMap<string, number>;
  /** The header text of each mapped field, as the file writes it. */
  readonly headerOf: ReadonlyMap<string, string>;
  readonly unknown: readonly string[];
  /** Problems with the header row itself (a missing required column, a column named twice). */
  readonly errors: readonly RowError[];
}

/** Matches the file's header row against the columns. */
export function mapColumns(headers: readonly string[], specs: readonly ColumnSpec[]): ColumnMap {
  const byName = new Map<string, ColumnSpec>();
  for (const spec of specs) for (const name of [spec.field, spec.header, ...(spec.aliases ?? [])]) byName.set(fold(name), spec);
  const index = new Map<string, number>();
  const headerOf = new Map<string, string>();
  const unknown: string[] = [];
  const errors: RowError[] = [];
  headers.forEach((h, i) => {
    if (!h) return;
    const spec = byName.get(fold(h));
    if (!spec) {
      unknown.push(h);
      return;
    }
    if (index.has(spec.field)) {
      errors.push({ row: 1, column: h, reason: `the column "${spec.header}" is given twice (also as "${headerOf.get(spec.field)}")` });
      return;
    }
    index.set(spec.field, i);
    headerOf.set(spec.field, h);
  });
  for (const spec of specs) {
    if (spec.required && !index.has(spec.field)) errors.push({ row: 1, column: spec.header, reason: 'required column is missing' });
  }
  return { headers, index, headerOf, unknown, errors };
}

const isBlank = (c: Cell | undefined): boolean => c === null || c === undefined || (typeof c === 'string' && c.trim() === '');

const cellText = (c: Cell): string => (c instanceof Date ? c.toISOString().slice(0, 10) : String(c)).trim();

/** A parsed value, or the reason the cell is refused. */
type Parsed = { ok: true; value: unknown } | { ok: false; reason: string };

function parseNumber(spec: ColumnSpec, c: Cell): Parsed {
  let n: number | null;
  if (typeof c === 'number') n = c;
  else if (typeof c === 'string') n = parseTurkishNumber(c.trim().replace(/^(?:[₺$€%])\s*|\s*(?:₺|TL|%)$/giu, ''));
  else n = null;
  if (n === null || !Number.isFinite(n)) return { ok: false, reason: `"${cellText(c as Exclude<Cell, null>)}" is not a number` };
  if (spec.type === 'integer' && !Number.isInteger(n)) return { ok: false, reason: `${n} is not a whole number` };
  if (spec.min !== undefined && (spec.minExclusive ? n <= spec.min : n < spec.min)) {
    return { ok: false, reason: spec.minExclusive ? `must be above ${spec.min}` : `must be at least ${spec.min}` };
  }
  if (spec.max !== undefined && n > spec.max) return { ok: false, reason: `must be at most ${spec.max}` };
  if (spec.decimals !== undefined) {
    const rounded = Number(n.toFixed(spec.decimals));
    if (Math.abs(rounded - n) > 1e-9 * Math.max(1, Math.abs(n))) return { ok: false, reason: `has more than ${spec.decimals} decimals` };
    n = rounded;
  }
  return { ok: true, value: n };
}

function parseDigits(spec: ColumnSpec, c: Cell): Parsed {
  let s: string;
  if (typeof c === 'number') {
    if (!Number.isSafeInteger(c) || c < 0) return { ok: false, reason: `${c} is not a number of digits` };
    s = String(c);
    // A spreadsheet that stored the number as a number dropped its leading zeros.
    const want = spec.lengths ? Math.min(...spec.lengths) : s.length;
    if (s.length < want) s = s.padStart(want, '0');
  } else {
    s = cellText(c as Exclude<Cell, null>).replace(/[\s-]/g, '');
  }
  if (!/^\d+$/.test(s)) return { ok: false, reason: `"${cellText(c as Exclude<Cell, null>)}" must be digits only` };
  if (spec.lengths && !spec.lengths.includes(s.length)) return { ok: false, reason: `must be ${spec.lengths.join(' or ')} digits` };
  return { ok: true, value: s };
}

const TRUE = new Set(['evet', 'e', 'yes', 'y', 'true', 'dogru', '1', 'var', 'aktif']);
const FALSE = new Set(['hayir', 'h', 'no', 'n', 'false', 'yanlis', '0', 'yok', 'pasif']);

const pad2 = (n: number) => String(n).padStart(2, '0');

function parseDate(c: Cell): Parsed {
  if (c instanceof Date) {
    if (Number.isNaN(c.getTime())) return { ok: false, reason: 'not a date' };
    // Spreadsheet dates carry no zone: read them as the calendar day they show.
    return { ok: true, value: `${c.getUTCFullYear()}-${pad2(c.getUTCMonth() + 1)}-${pad2(c.getUTCDate())}` };
  }
  const text = cellText(c as Exclude<Cell, null>);
  let y: number, m: number, d: number;
  let hit = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  if (hit) [y, m, d] = [Number(hit[1]), Number(hit[2]), Number(hit[3])];
  else if ((hit = /^(\d{1,2})[./-](\d{1,2})[./-](\d{4})$/.exec(text))) [d, m, y] = [Number(hit[1]), Number(hit[2]), Number(hit[3])];
  else return { ok: false, reason: `"${text}" is not a date (GG.AA.YYYY)` };
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return { ok: false, reason: `"${text}" is not a date` };
  return { ok: true, value: `${y}-${pad2(m)}-${pad2(d)}` };
}

function parseCell(spec: ColumnSpec, c: Cell, row: Readonly<Record<string, unknown>>): Parsed {
  switch (spec.type) {
    case 'number':
    case 'integer':
      return parseNumber(spec, c);
    case 'digits':
      return parseDigits(spec, c);
    case 'boolean': {
      if (typeof c === 'boolean') return { ok: true, value: c };
      const f = fold(cellText(c as Exclude<Cell, null>));
      if (TRUE.has(f)) return { ok: true, value: true };
      if (FALSE.has(f)) return { ok: true, value: false };
      return { ok: false, reason: `"${cellText(c as Exclude<Cell, null>)}" is not Evet or Hayır` };
    }
    case 'choice': {
      const text = cellText(c as Exclude<Cell, null>);
      const f = fold(text);
      const all = spec.choices ?? [];
      let hits = all.filter((ch) => fold(String(ch.value)) === f || ch.labels.some((l) => fold(l) === f));
      const scope = spec.scopeField ? row[spec.scopeField] : undefined;
      if (scope !== undefined && scope !== null) {
        const inScope = hits.filter((ch) => ch.scope === scope);
        if (spec.strictScope || inScope.length) hits = inScope;
      }
      const distinct = [...new Map(hits.map((h) => [h.value, h])).values()];
      if (distinct.length === 1) return { ok: true, value: distinct[0]!.value };
      if (distinct.length > 1) {
        return { ok: false, reason: `"${text}" is ambiguous: write one of ${distinct.slice(0, 5).map((h) => `"${h.labels[0] ?? h.value}"`).join(', ')}` };
      }
      if (spec.strictScope && scope !== undefined && scope !== null && all.some((ch) => ch.labels.some((l) => fold(l) === f))) {
        return { ok: false, reason: `"${text}" does not belong to the row's ${spec.scopeField}` };
      }
      const known = all.map((ch) => ch.labels[0] ?? String(ch.value));
      const shown = known.length > 12 ? `${known.slice(0, 12).join(', ')}, …` : known.join(', ');
      return { ok: false, reason: known.length > 40 ? `"${text}" is not known` : known.length ? `"${text}" is not one of: ${shown}` : `"${text}" is not known here` };
    }
    case 'date':
      return parseDate(c);
    case 'text': {
      let s = cellText(c as Exclude<Cell, null>);
      if (spec.upper) s = s.toLocaleUpperCase('tr-TR');
      if (spec.compact) s = s.replace(/\s+/g, '');
      if (spec.maxLength !== undefined && Array.from(s).length > spec.maxLength) return { ok: false, reason: `longer than ${spec.maxLength} characters` };
      return { ok: true, value: s };
    }
  }
}

/** One row read into fields, or the problems that kept it from being read. */
export interface ParsedRow {
  readonly row: number;
  /** The values of the columns the file has (a blank cell is null, or absent with `keepWhenBlank`). */
  readonly values: Readonly<Record<string, unknown>>;
  readonly errors: readonly RowError[];
}

/** The specs with each scoped choice after the field it depends on (a district after its city, a city after its country). */
function readingOrder(specs: readonly ColumnSpec[]): ColumnSpec[] {
  const out: ColumnSpec[] = [];
  let pending = [...specs];
  while (pending.length) {
    const waiting = new Set(pending.map((s) => s.field));
    const ready = pending.filter((s) => !s.scopeField || !waiting.has(s.scopeField) || s.scopeField === s.field);
    // A cycle cannot be ordered: read the rest as given.
    const next = ready.length ? ready : pending;
    out.push(...next);
    pending = pending.filter((s) => !next.includes(s));
  }
  return out;
}

/** Reads one data row with the column map: every cell checked, every problem kept. */
export function parseRow(data: DataRow, map: ColumnMap, specs: readonly ColumnSpec[]): ParsedRow {
  const values: Record<string, unknown> = {};
  const errors: RowError[] = [];
  for (const spec of readingOrder(specs)) {
    const i = map.index.get(spec.field);
    if (i === undefined) continue;
    const column = map.headerOf.get(spec.field) ?? spec.header;
    const c = data.cells[i] ?? null;
    if (isBlank(c)) {
      if (spec.required) errors.push({ row: data.row, column, reason: 'required' });
      else if (!spec.keepWhenBlank) values[spec.field] = null;
      continue;
    }
    const parsed = parseCell(spec, c, values);
    if (!parsed.ok) {
      errors.push({ row: data.row, column, reason: parsed.reason });
      continue;
    }
    const extra = spec.check?.(parsed.value) ?? null;
    if (extra) errors.push({ row: data.row, column, reason: extra });
    else values[spec.field] = parsed.value;
  }
  // In the file's column order.
  const at = (e: RowError) => map.headers.indexOf(e.column);
  errors.sort((a, b) => at(a) - at(b));
  return { row: data.row, values, errors };
}

/** How a field's value is written by `export` (choices as their first label). */
export function exportCell(spec: ColumnSpec, value: unknown): OutCell {
  if (value === null || value === undefined || value === '') return null;
  switch (spec.type) {
    case 'number':
    case 'integer':
      return typeof value === 'number' ? value : Number(value);
    case 'boolean':
      return value ? 'Evet' : 'Hayır';
    case 'date': {
      const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(String(value));
      return m ? `${m[3]}.${m[2]}.${m[1]}` : String(value);
    }
    case 'choice': {
      const hit = (spec.choices ?? []).find((ch) => ch.value === value);
      return hit?.labels[0] ?? String(value);
    }
    default:
      return String(value);
  }
}
