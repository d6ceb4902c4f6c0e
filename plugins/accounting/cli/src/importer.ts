/**
 * `tezgah import <entity> FILE`: reads the file, checks every row, matches rows to the records the
 * company has by their key (so a second run updates instead of adding again), and writes the new
 * and changed rows through the bulk endpoint in batches.
 *
 * - A dry run checks everything, writes nothing, and reports what it would do.
 * - A real run writes nothing when any row is bad, unless `skipInvalid` (then the bad rows are
 *   left out and counted as failed).
 * - Rows equal to the record they match are skipped (nothing to change).
 * - Where the entity allows rows without a key, such a row equal to a record without a key is
 *   skipped too; any other is created.
 */
import { isTezgahError, type TezgahPromiseApi } from '@tezgah/sdk';
import { mapColumns, parseRow, type ColumnSpec, type RowError } from './columns';
import type { Entity, WriteItem } from './entity';
import { readingProgress, type Progress } from './progress';
import { readTable } from './sheet';

/** At most this many records in one bulk request. */
export const BATCH_MAX = 1000;
/** …and at most about this many bytes of JSON (the server takes 1 MiB). */
export const BATCH_BYTES = 768 * 1024;

export interface ImportOptions {
  readonly dryRun?: boolean;
  readonly skipInvalid?: boolean;
  /** @default BATCH_MAX */
  readonly batchSize?: number;
}

/** What an import did (or, in a dry run, would do). */
export interface ImportSummary {
  created: number;
  updated: number;
  /** Rows equal to the record they match: nothing to write. */
  skipped: number;
  /** Bad rows, and rows the server refused: not written. */
  failed: number;
  errors: RowError[];
}

export interface ImportResult {
  readonly summary: ImportSummary;
  /** Headers of the file that name no column (ignored). */
  readonly ignoredColumns: readonly string[];
  /** Whether anything was written. */
  readonly wrote: boolean;
  /** Why the import was refused, when it was (the caller exits 2). */
  readonly refused: string | null;
}

/** Two field values are the same: numbers within rounding, blank = null, text trimmed. */
export function sameValue(a: unknown, b: unknown): boolean {
  const blank = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');
  if (blank(a) || blank(b)) return blank(a) && blank(b);
  if (typeof a === 'number' || typeof b === 'number') {
    const x = Number(a);
    const y = Number(b);
    return Number.isFinite(x) && Number.isFinite(y) && Math.abs(x - y) <= 1e-9 * Math.max(1, Math.abs(x), Math.abs(y));
  }
  if (typeof a === 'string' && typeof b === 'string') return a.trim() === b.trim();
  return a === b;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The batch index and field a server field error names ("3.salePrice", "items.3.salePrice", "[3].salePrice"). */
export function locateFieldError(field: string): { index: number; field: string } | null {
  const parts = field.replace(/\[(\d+)\]/g, '.$1').split(/[./]/).filter(Boolean);
  const at = parts.findIndex((p) => /^\d+$/.test(p));
  if (at < 0) return null;
  return { index: Number(parts[at]), field: parts.slice(at + 1).join('.') };
}

/** Splits items into batches of at most `size` items and about {@link BATCH_BYTES} of JSON. */
export function batches<T>(items: readonly T[], size: number, bytes: (item: T) => number = (i) => JSON.stringify(i).length): T[][] {
  const out: T[][] = [];
  let current: T[] = [];
  let weight = 0;
  for (const item of items) {
    const w = bytes(item) + 1;
    if (current.length && (current.length >= size || weight + w > BATCH_BYTES)) {
      out.push(current);
      current = [];
      weight = 0;
    }
    current.push(item);
    weight += w;
  }
  if (current.length) out.push(current);
  return out;
}

/** Runs an import of `file` as `entity`. Throws only for an unreadable file or an API failure not tied to rows. */
export async function importFile<E>(
  api: TezgahPromiseApi,
  entity: Entity<E>,
  file: string,
  options: ImportOptions,
  progress: Progress,
): Promise<ImportResult> {
  const table = await readTable(file);
  const specs = await entity.columns(api);
  const map = mapColumns(table.headers, specs);
  const summary: ImportSummary = { created: 0, updated: 0, skipped: 0, failed: 0, errors: [] };
  const specOf = new Map<string, ColumnSpec>(specs.map((s) => [s.field, s]));
  const column = (field: string) => map.headerOf.get(field) ?? specOf.get(field)?.header ?? field;

  if (map.errors.length) {
    summary.errors.push(...map.errors);
    summary.failed = table.rows.length;
    return { summary, ignoredColumns: map.unknown, wrote: false, refused: 'the header row has problems; nothing was written' };
  }

  // Parse once; an entity that can look records up by key reads only the file's keys, so an
  // import costs what the file holds, not what the company already has.
  const parsedRows = table.rows.map((data) => ({ data, parsed: parseRow(data, map, specs) }));
  const fileKeys = [...new Set(parsedRows.map(({ parsed }) => (parsed.errors.length ? null : keyOf(entity, parsed.values))).filter((k): k is string => k !== null))];
  const onPage = readingProgress(progress, `reading ${entity.name}`);
  const existing = entity.existingByKeys ? await entity.existingByKeys(api, fileKeys, onPage) : await entity.existing(api, onPage);
  progress.stop();
  const byKey = new Map<string, E[]>();
  const keyless: { record: E; fields: Record<string, unknown> }[] = [];
  for (const record of existing) {
    const fields = entity.fields(record);
    const key = keyOf(entity, fields);
    if (key === null) keyless.push({ record, fields });
    else byKey.set(key, [...(byKey.get(key) ?? []), record]);
  }

  const keyColumn = column(entity.key);
  const seen = new Map<string, number>();
  const creates: WriteItem<E>[] = [];
  const updates: WriteItem<E>[] = [];
  const badRows = new Set<number>();
  for (const { data, parsed } of parsedRows) {
    const errors: RowError[] = [...parsed.errors];
    if (!errors.length && entity.checkRow) errors.push(...entity.checkRow(parsed.values, data.row, column));
    const key = errors.length ? null : keyOf(entity, parsed.values);
    if (!errors.length && key === null && entity.keyless) {
      const same = (f: Record<string, unknown>) => Object.keys(parsed.values).every((k) => sameValue(parsed.values[k], f[k]));
      const at = keyless.findIndex((k) => same(k.fields));
      if (at >= 0) {
        keyless.splice(at, 1);
        summary.skipped++;
      } else {
        creates.push({ row: data.row, values: { ...entity.defaults(), ...parsed.values }, existing: undefined });
      }
      continue;
    }
    if (!errors.length && key === null) errors.push({ row: data.row, column: keyColumn, reason: `required: it finds the ${entity.noun} again when the file is imported again` });
    if (!errors.length && key !== null) {
      const first = seen.get(key);
      if (first !== undefined) errors.push({ row: data.row, column: keyColumn, reason: `the same ${entity.key} as row ${first}` });
      else seen.set(key, data.row);
    }
    const matches = key === null ? [] : (byKey.get(key) ?? []);
    if (!errors.length && matches.length > 1) {
      errors.push({ row: data.row, column: keyColumn, reason: `${matches.length} ${entity.noun}s already have this ${entity.key}; fix them first` });
    }
    if (errors.length) {
      summary.errors.push(...errors);
      badRows.add(data.row);
      continue;
    }
    const match = matches[0];
    if (match === undefined) {
      creates.push({ row: data.row, values: { ...entity.defaults(), ...parsed.values }, existing: undefined });
      continue;
    }
    const current = entity.fields(match);
    const changed = Object.keys(parsed.values).some((f) => !sameValue(parsed.values[f], current[f]));
    if (!changed) summary.skipped++;
    else updates.push({ row: data.row, values: { ...current, ...parsed.values }, existing: match });
  }
  summary.failed = badRows.size;

  if (options.dryRun) {
    summary.created = creates.length;
    summary.updated = updates.length;
    return { summary, ignoredColumns: map.unknown, wrote: false, refused: badRows.size ? `${plural(badRows.size, 'row')} with problems (dry run: nothing was written)` : null };
  }
  if (badRows.size && !options.skipInvalid) {
    summary.skipped = 0;
    return {
      summary,
      ignoredColumns: map.unknown,
      wrote: false,
      refused: `${plural(badRows.size, 'row')} with problems; nothing was written (--skip-invalid writes the other rows)`,
    };
  }

  const todo = [...creates, ...updates];
  const isCreate = new Set(creates);
  const size = Math.max(1, Math.min(BATCH_MAX, options.batchSize ?? BATCH_MAX));
  let done = 0;
  let wrote = false;
  progress.start(`importing ${entity.name}`, todo.length);
  try {
    for (const batch of batches(todo, size, (i) => JSON.stringify(i.values).length)) {
      let pending = batch;
      while (pending.length) {
        try {
          await entity.write(api, pending);
        } catch (e) {
          const refused = rowsRefused(e, pending, column);
          if (!refused) throw e;
          summary.errors.push(...refused.errors);
          summary.failed += refused.rows.size;
          if (!options.skipInvalid) {
            const written = wrote ? ` (${plural(summary.created + summary.updated, entity.noun)} written before it)` : '; nothing was written';
            return { summary, ignoredColumns: map.unknown, wrote, refused: `the server refused ${plural(refused.rows.size, 'row')}${written}` };
          }
          pending = pending.filter((i) => !refused.rows.has(i.row));
          continue;
        }
        for (const item of pending) {
          if (isCreate.has(item)) summary.created++;
          else summary.updated++;
        }
        wrote = true;
        pending = [];
      }
      done += batch.length;
      progress.update(done);
    }
  } finally {
    progress.stop();
  }
  summary.errors.sort((a, b) => a.row - b.row);
  return { summary, ignoredColumns: map.unknown, wrote, refused: null };
}

function keyOf<E>(entity: Entity<E>, values: Readonly<Record<string, unknown>>): string | null {
  if (entity.keyOf) return entity.keyOf(values);
  const v = values[entity.key];
  if (v === null || v === undefined) return null;
  const key = String(v).trim();
  return key === '' ? null : key;
}

/** The rows a server's validation problem names, if it names any. */
function rowsRefused<E>(
  e: unknown,
  batch: readonly WriteItem<E>[],
  column: (field: string) => string,
): { rows: Set<number>; errors: RowError[] } | null {
  if (!isTezgahError(e) || e._tag !== 'ValidationFailed') return null;
  const errors: RowError[] = [];
  const rows = new Set<number>();
  for (const f of e.fieldErrors) {
    const at = locateFieldError(f.field);
    const item = at ? batch[at.index] : undefined;
    if (!at || !item) continue;
    rows.add(item.row);
    errors.push({ row: item.row, column: at.field ? column(at.field.split('.')[0]!) : '', reason: f.message });
  }
  if (!errors.length && batch.length === 1) {
    const only = batch[0]!;
    rows.add(only.row);
    errors.push({ row: only.row, column: '', reason: e.detail ?? e.title });
  }
  return errors.length ? { rows, errors } : null;
}
