/**
 * `tezgah import <entity> FILE`: checks every row, matches rows to the records the company has by
 * their key (so a second run updates instead of adding again), and writes the new and changed
 * rows through the bulk endpoint in batches.
 *
 * The file is read as a stream, twice, and never held whole (an XLSX excepted: see sheet.ts):
 *
 * 1. **Check**: every row is parsed and checked (cells, rules over several fields, a key given
 *    twice). Only the bad rows' numbers, their problems and the keys seen are kept.
 * 2. **Write**: the good rows are parsed again, a batch at a time; each batch is matched against
 *    the existing records (looked up by the batch's keys where the API can, else read once before
 *    the first batch) and sent at once, so the first request goes out a moment after the check,
 *    not after the whole file has been worked through.
 *
 * - A dry run does both passes and writes nothing; it reports what it would do.
 * - A real run writes nothing when any row is bad, unless `skipInvalid` (then the bad rows are
 *   left out and counted as invalid).
 * - Rows equal to the record they match are unchanged (nothing to write).
 * - Where the entity allows rows without a key, such a row equal to a record without a key is
 *   unchanged too; any other is created.
 * - Each batch carries an `Idempotency-Key` (this run's id and the batch's number), and the CLI's
 *   fetch retries it after a dropped connection: a retry is answered, never written twice.
 */
import { basename } from 'node:path';
import { formatCount, type Lang } from '@tezgah/cli';
import { idempotencyKey, isTezgahError, type TezgahPromiseApi } from '@tezgah/sdk';
import { mapColumns, parseRow, type ColumnSpec, type RowError } from './columns';
import type { Entity, WriteItem } from './entity';
import { readingProgress, type Progress } from './progress';
import { openTable, type DataRow } from './sheet';

/** At most this many records in one bulk request. */
export const BATCH_MAX = 1000;
/** …and at most about this many bytes of JSON (the server takes 1 MiB). */
export const BATCH_BYTES = 768 * 1024;

export interface ImportOptions {
  readonly dryRun?: boolean;
  readonly skipInvalid?: boolean;
  /** @default BATCH_MAX */
  readonly batchSize?: number;
  /** The language of the problems and progress labels. @default 'en' */
  readonly lang?: Lang;
  /** Names this run in its batches' Idempotency-Keys. @default a fresh random id */
  readonly runId?: string;
}

/** What an import did (or, in a dry run, would do). The keys are the words the text uses. */
export interface ImportSummary {
  dryRun: boolean;
  /** Data rows in the file (blank rows left out). */
  rows: number;
  created: number;
  updated: number;
  /** Rows equal to the record they match: nothing to write. */
  unchanged: number;
  /** Rows with problems (the file's, or refused by the server): not written. */
  invalid: number;
  errors: RowError[];
}

export interface ImportResult {
  readonly summary: ImportSummary;
  /** Headers of the file that name no column (ignored). */
  readonly ignoredColumns: readonly string[];
  /** Whether anything was written. */
  readonly wrote: boolean;
  /** Why the import was refused or stopped (the caller exits 2); null when it ran to its end. */
  readonly refused: string | null;
}

/** An import that a failure of the server or the network stopped half-way: what it had done, and the failure. */
export class ImportInterrupted extends Error {
  override readonly name = 'ImportInterrupted';
  constructor(
    readonly summary: ImportSummary,
    override readonly cause: unknown,
  ) {
    super(cause instanceof Error ? cause.message : String(cause));
  }
}

const MESSAGES = {
  tr: {
    rows: (n: number) => `${formatCount('tr', n)} satır`,
    header: 'başlık satırında sorun var; hiçbir şey yazılmadı',
    dryRunBad: (n: number) => `${formatCount('tr', n)} satırda sorun var (deneme: hiçbir şey yazılmadı)`,
    bad: (n: number) => `${formatCount('tr', n)} satırda sorun var; hiçbir şey yazılmadı (--skip-invalid öteki satırları yazar)`,
    refused: (n: number, written: number, noun: string) =>
      `sunucu ${formatCount('tr', n)} satırı reddetti; ${written ? `ondan önce ${formatCount('tr', written)} ${noun} yazıldı` : 'hiçbir şey yazılmadı'}`,
    several: (n: number, noun: string, key: string) => `bu ${key} ile ${formatCount('tr', n)} ${noun} var; önce onları düzeltin`,
    keyRequired: (noun: string) => `zorunlu: dosya yeniden içe aktarıldığında ${noun} bununla bulunur`,
    sameKey: (key: string, row: number) => `${row}. satırla aynı ${key}`,
    changed: (file: string) => `${file} içe aktarılırken değişti; yeniden çalıştırın`,
    checking: (file: string) => `${file} denetleniyor`,
    reading: (many: string) => `kayıtlı ${many} okunuyor`,
    importing: (many: string) => `${many} içe aktarılıyor`,
    matching: (many: string) => `${many} eşleştiriliyor (deneme)`,
  },
  en: {
    rows: (n: number) => `${formatCount('en', n)} row${n === 1 ? '' : 's'}`,
    header: 'the header row has problems; nothing was written',
    dryRunBad: (n: number) => `${plural(n, 'row')} with problems (dry run: nothing was written)`,
    bad: (n: number) => `${plural(n, 'row')} with problems; nothing was written (--skip-invalid writes the other rows)`,
    refused: (n: number, written: number, noun: string) =>
      `the server refused ${plural(n, 'row')}${written ? ` (${plural(written, noun)} written before it)` : '; nothing was written'}`,
    several: (n: number, noun: string, key: string) => `${n} ${noun}s already have this ${key}; fix them first`,
    keyRequired: (noun: string) => `required: it finds the ${noun} again when the file is imported again`,
    sameKey: (key: string, row: number) => `the same ${key} as row ${row}`,
    changed: (file: string) => `${file} changed while it was being imported; run again`,
    checking: (file: string) => `checking ${file}`,
    reading: (many: string) => `reading ${many}`,
    importing: (many: string) => `importing ${many}`,
    matching: (many: string) => `matching ${many} (dry run)`,
  },
} satisfies Record<Lang, unknown>;

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

function plural(n: number, word: string): string {
  return `${formatCount('en', n)} ${word}${n === 1 ? '' : 's'}`;
}

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

type Values = Readonly<Record<string, unknown>>;

/** A good row waiting for its batch. */
interface Pending {
  readonly row: number;
  readonly values: Values;
  readonly key: string | null;
}

/**
 * The existing records an import matches against: by key, and (for an entity that allows rows
 * without a key) the records without one, bucketed by the text of a required column so that a
 * keyless row is compared with a few records, not with all of them.
 */
interface Existing {
  /** The records' field values for the keys asked (or all keys). */
  byKey: Map<string, Values[]>;
  keyless: Map<string, Values[]>;
}

function keyOf<E>(entity: Entity<E>, values: Values): string | null {
  if (entity.keyOf) return entity.keyOf(values);
  const v = values[entity.key];
  if (v === null || v === undefined) return null;
  const key = String(v).trim();
  return key === '' ? null : key;
}

/** Runs an import of `file` as `entity`. Throws for an unreadable file; an API failure not tied to rows is thrown as {@link ImportInterrupted} once anything was checked. */
export async function importFile<E>(
  api: TezgahPromiseApi,
  entity: Entity<E>,
  file: string,
  options: ImportOptions,
  progress: Progress,
): Promise<ImportResult> {
  const lang = options.lang ?? 'en';
  const m = MESSAGES[lang];
  const [noun, nouns] = entity.nouns[lang];
  const dryRun = options.dryRun === true;
  const table = await openTable(file);
  const specs = await entity.columns(api);
  const map = mapColumns(table.headers, specs, lang);
  const summary: ImportSummary = { dryRun, rows: 0, created: 0, updated: 0, unchanged: 0, invalid: 0, errors: [] };
  const specOf = new Map<string, ColumnSpec>(specs.map((s) => [s.field, s]));
  const column = (field: string) => map.headerOf.get(field) ?? specOf.get(field)?.header ?? field;
  const keyColumn = column(entity.key);
  const keyWord = lang === 'en' ? entity.key : keyColumn;
  const result = (wrote: boolean, refused: string | null): ImportResult => {
    summary.errors.sort((a, b) => a.row - b.row);
    return { summary, ignoredColumns: map.unknown, wrote, refused };
  };

  if (map.errors.length) {
    for await (const _ of table.rows()) summary.rows++;
    summary.errors.push(...map.errors);
    summary.invalid = summary.rows;
    return result(false, m.header);
  }

  // 1. Check every row; keep only what the second pass needs.
  const parse = (data: DataRow) => parseRow(data, map, specs, lang);
  const bad = new Set<number>();
  const seen = new Map<string, number>();
  progress.start(m.checking(basename(file)), table.size, { percentOnly: true });
  for await (const data of table.rows()) {
    summary.rows++;
    const parsed = parse(data);
    let errors = parsed.errors as RowError[];
    if (!errors.length && entity.checkRow) errors = entity.checkRow(parsed.values, data.row, column, lang);
    const key = errors.length ? null : keyOf(entity, parsed.values);
    if (!errors.length && key === null && !entity.keyless) errors = [{ row: data.row, column: keyColumn, reason: m.keyRequired(noun) }];
    if (!errors.length && key !== null) {
      const first = seen.get(key);
      if (first !== undefined) errors = [{ row: data.row, column: keyColumn, reason: m.sameKey(keyWord, first) }];
      else seen.set(key, data.row);
    }
    if (errors.length) {
      summary.errors.push(...errors);
      bad.add(data.row);
    }
    if (summary.rows % 1000 === 0) progress.update(table.position(), m.rows(summary.rows));
  }
  progress.update(table.size, m.rows(summary.rows));
  progress.stop();
  seen.clear();
  summary.invalid = bad.size;
  if (!dryRun && bad.size && !options.skipInvalid) return result(false, m.bad(bad.size));

  // 2. Match and write, a batch at a time.
  const size = Math.max(1, Math.min(BATCH_MAX, options.batchSize ?? BATCH_MAX));
  const runId = options.runId ?? idempotencyKey();
  const defaults = entity.defaults();
  const bucketField = specs.find((s) => s.required && s.type === 'text')?.field;
  const bucketOf = (v: Values) => (bucketField === undefined ? '' : String(v[bucketField] ?? '').trim());
  let existing: Existing | null = null;
  const readExisting = async (keys: readonly string[]): Promise<Existing> => {
    if (existing) return existing;
    const found: Existing = { byKey: new Map(), keyless: new Map() };
    let records: E[];
    if (entity.existingByKeys) records = await entity.existingByKeys(api, keys);
    else {
      records = await entity.existing(api, readingProgress(progress, m.reading(nouns)));
      progress.stop();
    }
    for (const record of records) {
      const fields = entity.fields(record);
      const key = keyOf(entity, fields);
      const into = key === null ? found.keyless : found.byKey;
      const k = key ?? bucketOf(fields);
      const list = into.get(k);
      if (list) list.push(fields);
      else into.set(k, [fields]);
    }
    // Without a look-up by key, every record was read: kept for the whole run.
    if (!entity.existingByKeys) existing = found;
    return found;
  };

  let writes = 0;
  let wrote = false;
  let done = 0;
  const total = summary.rows - bad.size;
  const label = dryRun ? m.matching(nouns) : m.importing(nouns);
  const refuse = (n: number) => m.refused(n, summary.created + summary.updated, lang === 'en' ? entity.noun : noun);

  /** Matches a batch of good rows and writes it; answers why the run stops, or null to go on. */
  const flush = async (chunk: readonly Pending[]): Promise<string | null> => {
    const keys = [...new Set(chunk.map((p) => p.key).filter((k): k is string => k !== null))];
    const have = await readExisting(keys);
    const items: WriteItem[] = [];
    const isCreate = new Set<WriteItem>();
    for (const p of chunk) {
      if (p.key === null) {
        // A keyless row (the entity allows them): unchanged while a keyless record has all its values.
        const bucket = have.keyless.get(bucketOf(p.values));
        const at = bucket ? bucket.findIndex((f) => Object.keys(p.values).every((k) => sameValue(p.values[k], f[k]))) : -1;
        if (at >= 0) {
          bucket!.splice(at, 1);
          summary.unchanged++;
        } else {
          const item = { row: p.row, values: { ...defaults, ...p.values } };
          items.push(item);
          isCreate.add(item);
        }
        continue;
      }
      const matches = have.byKey.get(p.key) ?? [];
      if (matches.length > 1) {
        summary.errors.push({ row: p.row, column: keyColumn, reason: m.several(matches.length, lang === 'en' ? entity.noun : noun, keyWord) });
        summary.invalid++;
        if (!dryRun && !options.skipInvalid) return refuse(1);
        continue;
      }
      const current = matches[0];
      if (current === undefined) {
        const item = { row: p.row, values: { ...defaults, ...p.values } };
        items.push(item);
        isCreate.add(item);
      } else if (Object.keys(p.values).some((f) => !sameValue(p.values[f], current[f]))) {
        items.push({ row: p.row, values: { ...current, ...p.values } });
      } else summary.unchanged++;
    }
    if (dryRun) {
      for (const item of items) {
        if (isCreate.has(item)) summary.created++;
        else summary.updated++;
      }
      return null;
    }
    for (const batch of batches(items, size, (i) => JSON.stringify(i.values).length)) {
      let pending = batch;
      while (pending.length) {
        try {
          await entity.write(api, pending, { idempotencyKey: `tezgah-import:${entity.name}:${runId}:${++writes}` });
        } catch (e) {
          const refused = rowsRefused(e, pending, column);
          if (!refused) throw e;
          summary.errors.push(...refused.errors);
          summary.invalid += refused.rows.size;
          if (!options.skipInvalid) return refuse(refused.rows.size);
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
    }
    return null;
  };

  if (await table.changed()) return result(false, m.changed(basename(file)));
  let chunk: Pending[] = [];
  let stopped: string | null = null;
  try {
    // Reading every record (no look-up by key) is a stage of its own, before the first batch.
    if (!entity.existingByKeys) await readExisting([]);
    progress.start(label, total);
    for await (const data of table.rows()) {
      if (bad.has(data.row)) continue;
      const parsed = parse(data);
      chunk.push({ row: data.row, values: parsed.values, key: keyOf(entity, parsed.values) });
      if (chunk.length >= size) {
        stopped = await flush(chunk);
        done += chunk.length;
        chunk = [];
        if (stopped) break;
        progress.update(done);
      }
    }
    if (!stopped && chunk.length) {
      stopped = await flush(chunk);
      done += chunk.length;
      progress.update(done);
    }
    if (!stopped && (await table.changed())) stopped = m.changed(basename(file));
    if (!stopped && dryRun && summary.invalid) stopped = m.dryRunBad(summary.invalid);
  } catch (e) {
    progress.stop();
    summary.errors.sort((a, b) => a.row - b.row);
    throw new ImportInterrupted(summary, e);
  } finally {
    progress.stop();
  }
  return result(wrote, stopped);
}

/** The rows a server's validation problem names, if it names any. */
function rowsRefused(
  e: unknown,
  batch: readonly WriteItem[],
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
