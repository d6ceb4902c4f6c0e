/**
 * What commands print: aligned tables and key/value blocks for people, JSON for scripts (`--json`).
 * Everything goes to stdout; messages and errors go to stderr.
 */
import { WORDS, type Lang } from './i18n';
import type { WritableLike } from './io';

/** One table column. */
export interface Column<T> {
  /** Shown upper-cased in the header row. */
  readonly header: string;
  readonly value: (row: T) => unknown;
  /** @default 'left' (numbers are right-aligned by default) */
  readonly align?: 'left' | 'right';
  /** Longer cells are cut with '…'. @default 60 */
  readonly maxWidth?: number;
}

const width = (s: string): number => Array.from(s).length;

const pad = (s: string, n: number, align: 'left' | 'right'): string => {
  const fill = ' '.repeat(Math.max(0, n - width(s)));
  return align === 'right' ? fill + s : s + fill;
};

const truncate = (s: string, max: number): string => {
  const chars = Array.from(s);
  return chars.length <= max ? s : chars.slice(0, Math.max(1, max - 1)).join('') + '…';
};

/** How one value reads in a table cell: '-' for nothing, yes/no (evet/hayır), lists joined with commas. */
export function cell(value: unknown, lang: Lang = 'en'): string {
  if (value === null || value === undefined || value === '') return '-';
  if (typeof value === 'boolean') return value ? WORDS[lang].yes : WORDS[lang].no;
  if (Array.isArray(value)) return value.length ? value.map((v) => cell(v, lang)).join(', ') : '-';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value).replace(/\s*[\r\n]+\s*/g, ' ');
}

/** Renders rows as a header line and aligned columns separated by two spaces. */
export function renderTable<T>(rows: readonly T[], columns: readonly Column<T>[], lang: Lang = 'en'): string {
  const texts = rows.map((row) => columns.map((c) => truncate(cell(c.value(row), lang), c.maxWidth ?? 60)));
  const aligns = columns.map(
    (c) => c.align ?? (rows.length && rows.every((r) => typeof c.value(r) === 'number') ? 'right' : 'left'),
  );
  const widths = columns.map((c, i) => Math.max(width(c.header), ...texts.map((t) => width(t[i] ?? ''))));
  const line = (cells: readonly string[]) =>
    cells
      .map((s, i) => pad(s, widths[i] ?? 0, aligns[i] ?? 'left'))
      .join('  ')
      .trimEnd();
  return [line(columns.map((c) => c.header.toLocaleUpperCase(lang === 'tr' ? 'tr-TR' : 'en-US'))), ...texts.map(line)].join('\n') + '\n';
}

/** Renders `label  value` lines with the labels padded to one width. */
export function renderKeyValues(pairs: ReadonlyArray<readonly [string, unknown]>, lang: Lang = 'en'): string {
  const w = Math.max(0, ...pairs.map(([k]) => width(k)));
  return pairs.map(([k, v]) => `${pad(k, w, 'left')}  ${cell(v, lang)}`.trimEnd()).join('\n') + '\n';
}

const two = (n: number) => String(n).padStart(2, '0');

/** `DD-MM-YYYY HH:mm` in local time (seeds 000 §9); the input unchanged when it is not a date. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '-';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return value;
  return `${two(d.getDate())}-${two(d.getMonth() + 1)}-${d.getFullYear()} ${two(d.getHours())}:${two(d.getMinutes())}`;
}

/** The printer every command (and plugin) uses. */
export interface Output {
  /** True when the command was run with `--json`. */
  readonly isJson: boolean;
  /** The run's language (`--lang`, else the locale's, else Turkish). */
  readonly lang: Lang;
  /** Prints `value` as JSON with `--json`, otherwise calls `human` to print it for people. */
  result<T>(value: T, human: (value: T) => void): void;
  /** Prints JSON to stdout. */
  json(value: unknown): void;
  /** Prints an aligned table to stdout ("(none)" / "(yok)" when there are no rows). */
  table<T>(rows: readonly T[], columns: readonly Column<T>[]): void;
  /** Prints `label  value` lines to stdout. */
  keyValues(pairs: ReadonlyArray<readonly [string, unknown]>): void;
  /** Prints a line to stdout. */
  line(text?: string): void;
  /** Prints a line to stderr (progress, hints, warnings). */
  note(text: string): void;
}

/** Mutable switches the program sets before each action (from the global `--json` and `--lang`). */
export interface OutputMode {
  json: boolean;
  /** @default 'en' */
  lang?: Lang;
}

export function makeOutput(stdout: WritableLike, stderr: WritableLike, mode: OutputMode): Output {
  const out: Output = {
    get isJson() {
      return mode.json;
    },
    get lang() {
      return mode.lang ?? 'en';
    },
    result(value, human) {
      if (mode.json) out.json(value);
      else human(value);
    },
    json(value) {
      stdout.write(JSON.stringify(value ?? null, null, 2) + '\n');
    },
    table(rows, columns) {
      stdout.write(rows.length ? renderTable(rows, columns, out.lang) : `${WORDS[out.lang].none}\n`);
    },
    keyValues(pairs) {
      stdout.write(renderKeyValues(pairs, out.lang));
    },
    line(text = '') {
      stdout.write(text + '\n');
    },
    note(text) {
      stderr.write(text + '\n');
    },
  };
  return out;
}
