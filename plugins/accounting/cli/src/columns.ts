/**
 * How a file's columns become an entity's fields: each field has the Turkish header `export`
 * writes, the other names a person may use (Turkish and the API's English field name), a type
 * and its checks. Headers and choice labels match case- and accent-insensitively ("ÜRÜN ADI",
 * "urun adi" and "Ürün Adı" are one column).
 */
import { parseTurkishNumber } from '@tezgah/core';
import type { Lang } from '@tezgah/cli';
import type { Cell, DataRow, OutCell } from './sheet';

/** The reasons a cell or a header is refused, in the run's language. */
export const ROW_MESSAGES = {
  tr: {
    twice: (header: string, other: string) => `"${header}" sütunu iki kez verilmiş (bir de "${other}" olarak)`,
    missingColumn: 'zorunlu sütun yok',
    required: 'zorunlu',
    notNumber: (t: string) => `"${t}" bir sayı değil`,
    notWhole: (n: number) => `${n} tam sayı değil`,
    above: (min: number) => `${min} değerinden büyük olmalı`,
    atLeast: (min: number) => `en az ${min} olmalı`,
    atMost: (max: number) => `en çok ${max} olmalı`,
    decimals: (d: number) => `${d} ondalık haneden fazlası var`,
    notDigitsNumber: (n: number) => `${n} rakamlardan oluşan bir değer değil`,
    digitsOnly: (t: string) => `"${t}" yalnız rakamlardan oluşmalı`,
    digitsLength: (lengths: readonly number[]) => `${lengths.join(' ya da ')} haneli olmalı`,
    notBoolean: (t: string) => `"${t}" Evet ya da Hayır olmalı`,
    ambiguous: (t: string, options: string) => `"${t}" birden çok değere uyuyor: şunlardan birini yazın: ${options}`,
    outOfScope: (t: string, scope: string) => `"${t}" satırın ${scope} değerine ait değil`,
    unknown: (t: string) => `"${t}" bilinmiyor`,
    notOneOf: (t: string, shown: string) => `"${t}" şunlardan biri değil: ${shown}`,
    unknownHere: (t: string) => `"${t}" burada bilinmiyor`,
    notDate: 'tarih değil',
    notDateFormat: (t: string) => `"${t}" bir tarih değil (GG.AA.YYYY)`,
    notADate: (t: string) => `"${t}" bir tarih değil`,
    tooLong: (n: number) => `${n} karakterden uzun`,
  },
  en: {
    twice: (header: string, other: string) => `the column "${header}" is given twice (also as "${other}")`,
    missingColumn: 'required column is missing',
    required: 'required',
    notNumber: (t: string) => `"${t}" is not a number`,
    notWhole: (n: number) => `${n} is not a whole number`,
    above: (min: number) => `must be above ${min}`,
    atLeast: (min: number) => `must be at least ${min}`,
    atMost: (max: number) => `must be at most ${max}`,
    decimals: (d: number) => `has more than ${d} decimals`,
    notDigitsNumber: (n: number) => `${n} is not a number of digits`,
    digitsOnly: (t: string) => `"${t}" must be digits only`,
    digitsLength: (lengths: readonly number[]) => `must be ${lengths.join(' or ')} digits`,
    notBoolean: (t: string) => `"${t}" is not Evet or Hayır`,
    ambiguous: (t: string, options: string) => `"${t}" is ambiguous: write one of ${options}`,
    outOfScope: (t: string, scope: string) => `"${t}" does not belong to the row's ${scope}`,
    unknown: (t: string) => `"${t}" is not known`,
    notOneOf: (t: string, shown: string) => `"${t}" is not one of: ${shown}`,
    unknownHere: (t: string) => `"${t}" is not known here`,
    notDate: 'not a date',
    notDateFormat: (t: string) => `"${t}" is not a date (GG.AA.YYYY)`,
    notADate: (t: string) => `"${t}" is not a date`,
    tooLong: (n: number) => `longer than ${n} characters`,
  },
} satisfies Record<Lang, unknown>;

type RowMessages = (typeof ROW_MESSAGES)['en'];

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
  /** A further check of a parsed value: the reason it is refused (in `lang`), or null. */
  readonly check?: (value: unknown, lang: Lang) => string | null;
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
export function mapColumns(headers: readonly string[], specs: readonly ColumnSpec[], lang: Lang = 'en'): ColumnMap {
  const m = ROW_MESSAGES[lang];
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
      errors.push({ row: 1, column: h, reason: m.twice(spec.header, headerOf.get(spec.field) ?? '') });
      return;
    }
    index.set(spec.field, i);
    headerOf.set(spec.field, h);
  });
  for (const spec of specs) {
    if (spec.required && !index.has(spec.field)) errors.push({ row: 1, column: spec.header, reason: m.missingColumn });
  }
  return { headers, index, headerOf, unknown, errors };
}

const isBlank = (c: Cell | undefined): boolean => c === null || c === undefined || (typeof c === 'string' && c.trim() === '');

const cellText = (c: Cell): string => (c instanceof Date ? c.toISOString().slice(0, 10) : String(c)).trim();

/** A parsed value, or the reason the cell is refused. */
type Parsed = { ok: true; value: unknown } | { ok: false; reason: string };

function parseNumber(spec: ColumnSpec, c: Cell, m: RowMessages): Parsed {
  let n: number | null;
  if (typeof c === 'number') n = c;
  else if (typeof c === 'string') n = parseTurkishNumber(c.trim().replace(/^(?:[₺$€%])\s*|\s*(?:₺|TL|%)$/giu, ''));
  else n = null;
  if (n === null || !Number.isFinite(n)) return { ok: false, reason: m.notNumber(cellText(c as Exclude<Cell, null>)) };
  if (spec.type === 'integer' && !Number.isInteger(n)) return { ok: false, reason: m.notWhole(n) };
  if (spec.min !== undefined && (spec.minExclusive ? n <= spec.min : n < spec.min)) {
    return { ok: false, reason: spec.minExclusive ? m.above(spec.min) : m.atLeast(spec.min) };
  }
  if (spec.max !== undefined && n > spec.max) return { ok: false, reason: m.atMost(spec.max) };
  if (spec.decimals !== undefined) {
    const rounded = Number(n.toFixed(spec.decimals));
    if (Math.abs(rounded - n) > 1e-9 * Math.max(1, Math.abs(n))) return { ok: false, reason: m.decimals(spec.decimals) };
    n = rounded;
  }
  return { ok: true, value: n };
}

function parseDigits(spec: ColumnSpec, c: Cell, m: RowMessages): Parsed {
  let s: string;
  if (typeof c === 'number') {
    if (!Number.isSafeInteger(c) || c < 0) return { ok: false, reason: m.notDigitsNumber(c) };
    s = String(c);
    // A spreadsheet that stored the number as a number dropped its leading zeros.
    const want = spec.lengths ? Math.min(...spec.lengths) : s.length;
    if (s.length < want) s = s.padStart(want, '0');
  } else {
    s = cellText(c as Exclude<Cell, null>).replace(/[\s-]/g, '');
  }
  if (!/^\d+$/.test(s)) return { ok: false, reason: m.digitsOnly(cellText(c as Exclude<Cell, null>)) };
  if (spec.lengths && !spec.lengths.includes(s.length)) return { ok: false, reason: m.digitsLength(spec.lengths) };
  return { ok: true, value: s };
}

const TRUE = new Set(['evet', 'e', 'yes', 'y', 'true', 'dogru', '1', 'var', 'aktif']);
const FALSE = new Set(['hayir', 'h', 'no', 'n', 'false', 'yanlis', '0', 'yok', 'pasif']);

const pad2 = (n: number) => String(n).padStart(2, '0');

function parseDate(c: Cell, msg: RowMessages): Parsed {
  if (c instanceof Date) {
    if (Number.isNaN(c.getTime())) return { ok: false, reason: msg.notDate };
    // Spreadsheet dates carry no zone: read them as the calendar day they show.
    return { ok: true, value: `${c.getUTCFullYear()}-${pad2(c.getUTCMonth() + 1)}-${pad2(c.getUTCDate())}` };
  }
  const text = cellText(c as Exclude<Cell, null>);
  let y: number, m: number, d: number;
  let hit = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  if (hit) [y, m, d] = [Number(hit[1]), Number(hit[2]), Number(hit[3])];
  else if ((hit = /^(\d{1,2})[./-](\d{1,2})[./-](\d{4})$/.exec(text))) [d, m, y] = [Number(hit[1]), Number(hit[2]), Number(hit[3])];
  else return { ok: false, reason: msg.notDateFormat(text) };
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return { ok: false, reason: msg.notADate(text) };
  return { ok: true, value: `${y}-${pad2(m)}-${pad2(d)}` };
}

/**
 * A choice column's labels and values folded once, so that a cell is matched with a look-up and
 * not by folding every label of every choice again (a tax office column has a thousand choices
 * with three labels each: folding them per cell was most of an import's time).
 */
interface ChoiceIndex {
  /** Folded value or label → the indexes of the choices it names, in the choices' order. */
  readonly byKey: ReadonlyMap<string, readonly number[]>;
  /** Folded labels (not values): a strict scope refuses a label of another scope. */
  readonly labels: ReadonlySet<string>;
  /** The first labels, for the message of a cell that matches none. */
  readonly known: readonly string[];
}

const choiceIndexes = new WeakMap<ColumnSpec, ChoiceIndex>();

function choiceIndex(spec: ColumnSpec): ChoiceIndex {
  let index = choiceIndexes.get(spec);
  if (index) return index;
  const byKey = new Map<string, number[]>();
  const labels = new Set<string>();
  (spec.choices ?? []).forEach((ch, i) => {
    const keys = new Set<string>([fold(String(ch.value))]);
    for (const l of ch.labels) {
      const f = fold(l);
      labels.add(f);
      keys.add(f);
    }
    for (const k of keys) {
      const list = byKey.get(k);
      if (list) list.push(i);
      else byKey.set(k, [i]);
    }
  });
  index = { byKey, labels, known: (spec.choices ?? []).map((ch) => ch.labels[0] ?? String(ch.value)) };
  choiceIndexes.set(spec, index);
  return index;
}

/** Folded cell texts: a choice column repeats a few values (cities, types) over and over. */
const folded = new Map<string, string>();

function foldCell(text: string): string {
  let f = folded.get(text);
  if (f === undefined) {
    // A file of all-different texts must not grow this without bound.
    if (folded.size >= 20_000) folded.clear();
    f = fold(text);
    folded.set(text, f);
  }
  return f;
}

function parseChoice(spec: ColumnSpec, c: Cell, row: Readonly<Record<string, unknown>>, m: RowMessages): Parsed {
  const text = cellText(c as Exclude<Cell, null>);
  const f = foldCell(text);
  const all = spec.choices ?? [];
  const index = choiceIndex(spec);
  let hits = (index.byKey.get(f) ?? []).map((i) => all[i]!);
  const scope = spec.scopeField ? row[spec.scopeField] : undefined;
  if (scope !== undefined && scope !== null) {
    const inScope = hits.filter((ch) => ch.scope === scope);
    if (spec.strictScope || inScope.length) hits = inScope;
  }
  if (hits.length === 1) return { ok: true, value: hits[0]!.value };
  const distinct = [...new Map(hits.map((h) => [h.value, h])).values()];
  if (distinct.length === 1) return { ok: true, value: distinct[0]!.value };
  if (distinct.length > 1) {
    return { ok: false, reason: m.ambiguous(text, distinct.slice(0, 5).map((h) => `"${h.labels[0] ?? h.value}"`).join(', ')) };
  }
  if (spec.strictScope && scope !== undefined && scope !== null && index.labels.has(f)) {
    return { ok: false, reason: m.outOfScope(text, spec.scopeField ?? '') };
  }
  const known = index.known;
  const shown = known.length > 12 ? `${known.slice(0, 12).join(', ')}, …` : known.join(', ');
  return { ok: false, reason: known.length > 40 ? m.unknown(text) : known.length ? m.notOneOf(text, shown) : m.unknownHere(text) };
}

function parseCell(spec: ColumnSpec, c: Cell, row: Readonly<Record<string, unknown>>, m: RowMessages): Parsed {
  switch (spec.type) {
    case 'number':
    case 'integer':
      return parseNumber(spec, c, m);
    case 'digits':
      return parseDigits(spec, c, m);
    case 'boolean': {
      if (typeof c === 'boolean') return { ok: true, value: c };
      const f = fold(cellText(c as Exclude<Cell, null>));
      if (TRUE.has(f)) return { ok: true, value: true };
      if (FALSE.has(f)) return { ok: true, value: false };
      return { ok: false, reason: m.notBoolean(cellText(c as Exclude<Cell, null>)) };
    }
    case 'choice':
      return parseChoice(spec, c, row, m);
    case 'date':
      return parseDate(c, m);
    case 'text': {
      let s = cellText(c as Exclude<Cell, null>);
      if (spec.upper) s = s.toLocaleUpperCase('tr-TR');
      if (spec.compact) s = s.replace(/\s+/g, '');
      if (spec.maxLength !== undefined && Array.from(s).length > spec.maxLength) return { ok: false, reason: m.tooLong(spec.maxLength) };
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

const orders = new WeakMap<readonly ColumnSpec[], readonly ColumnSpec[]>();

/** The specs with each scoped choice after the field it depends on (a district after its city, a city after its country); worked out once per list. */
function readingOrder(specs: readonly ColumnSpec[]): readonly ColumnSpec[] {
  const known = orders.get(specs);
  if (known) return known;
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
  orders.set(specs, out);
  return out;
}

/** Reads one data row with the column map: every cell checked, every problem kept (in `lang`). */
export function parseRow(data: DataRow, map: ColumnMap, specs: readonly ColumnSpec[], lang: Lang = 'en'): ParsedRow {
  const m = ROW_MESSAGES[lang];
  const values: Record<string, unknown> = {};
  const errors: RowError[] = [];
  for (const spec of readingOrder(specs)) {
    const i = map.index.get(spec.field);
    if (i === undefined) continue;
    const column = map.headerOf.get(spec.field) ?? spec.header;
    const c = data.cells[i] ?? null;
    if (isBlank(c)) {
      if (spec.required) errors.push({ row: data.row, column, reason: m.required });
      else if (!spec.keepWhenBlank) values[spec.field] = null;
      continue;
    }
    const parsed = parseCell(spec, c, values, m);
    if (!parsed.ok) {
      errors.push({ row: data.row, column, reason: parsed.reason });
      continue;
    }
    const extra = spec.check?.(parsed.value, lang) ?? null;
    if (extra) errors.push({ row: data.row, column, reason: extra });
    else values[spec.field] = parsed.value;
  }
  // In the file's column order.
  if (errors.length > 1) {
    const at = (e: RowError) => map.headers.indexOf(e.column);
    errors.sort((a, b) => at(a) - at(b));
  }
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
