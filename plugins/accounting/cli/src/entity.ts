/**
 * What `import` and `export` need to know of one kind of record (products, current accounts):
 * its columns, how to read what the company already has, the key that finds a record again on a
 * second run, and how to write a batch through the bulk endpoint.
 */
import type { Lang } from '@tezgah/cli';
import type { TezgahPromiseApi } from '@tezgah/sdk';
import type { ColumnSpec, RowError } from './columns';

/** A row ready to write: its file row and the values read (over the existing record's, for an update). */
export interface WriteItem {
  readonly row: number;
  /** The field values: the file's cells over the existing record's values. */
  readonly values: Readonly<Record<string, unknown>>;
}

/** How one batch is sent. */
export interface WriteOptions {
  /** Sent as `Idempotency-Key`: a repeat of the request (a retry after a dropped connection) is answered, not done again. */
  readonly idempotencyKey?: string;
}

export interface Entity<E> {
  /** The command's word: `tezgah import <name>`. */
  readonly name: string;
  /** A record, in English messages and help ("product"). */
  readonly noun: string;
  /** A record and records, in each language's messages. */
  readonly nouns: Readonly<Record<Lang, readonly [one: string, many: string]>>;
  /** The field that finds a record again (barcode, tax number); a row without it is refused unless `keyless`. */
  readonly key: string;
  /** The key of a row or record (its values): by default the key field's text. */
  keyOf?(values: Readonly<Record<string, unknown>>): string | null;
  /**
   * Rows without a key are allowed (the server adds them as new records). Such a row is left
   * alone when a record without a key has all the row's values, so importing the same file (or
   * an exported one) again adds nothing; otherwise it is created.
   */
  readonly keyless?: boolean;
  /** The columns, given what the company has (its units, ...). */
  columns(api: TezgahPromiseApi): Promise<ColumnSpec[]>;
  /** Every record the company has, page by page; `onPage(done, total)` after each page. */
  existing(api: TezgahPromiseApi, onPage?: (done: number, total: number) => void): Promise<E[]>;
  /** The records whose keys are among these (when the API can filter by the key); used for imports. */
  existingByKeys?(api: TezgahPromiseApi, keys: readonly string[], onPage?: (done: number, total: number) => void): Promise<E[]>;
  /** A record as field values, the shape `parseRow` gives (for comparing and exporting). */
  fields(record: E): Record<string, unknown>;
  /** The values a new record starts with for the columns a file leaves out. */
  defaults(): Record<string, unknown>;
  /** Checks that take several fields of a row together; `column(field)` names a field's column. */
  checkRow?(values: Readonly<Record<string, unknown>>, row: number, column: (field: string) => string, lang?: Lang): RowError[];
  /**
   * Writes one batch (creates and updates together) through the bulk endpoint, all or nothing.
   * A refusal that names items by their index in the batch (`3.barcode`) is read back to rows.
   */
  write(api: TezgahPromiseApi, batch: readonly WriteItem[], options?: WriteOptions): Promise<void>;
}
