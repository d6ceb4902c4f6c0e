/** Option parsers and the paging options the list commands share. */
import { InvalidArgumentError, type Command } from 'commander';
import { formatCount, sayIn, type Lang } from './i18n';

/** A whole number ≥ `min` (commander reports a bad one as a usage error, exit 1). */
export function integer(min: number, max = Number.MAX_SAFE_INTEGER) {
  return (value: string): number => {
    if (!/^\s*-?\d+\s*$/.test(value)) throw new InvalidArgumentError('Not a whole number.');
    const n = Number(value);
    if (n < min || n > max) throw new InvalidArgumentError(`Must be between ${min} and ${max}.`);
    return n;
  };
}

/** A database id (≥ 1). */
export const id = integer(1);

/** Collects repeated or comma-separated ids: `--role 1 2`, `--role 1,2`, `--role 1 --role 2`. */
export function ids(value: string, previous: number[] | undefined): number[] {
  const parsed = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => id(s));
  return [...(previous ?? []), ...parsed];
}

/** The paging options of list commands; `--page` counts from 1 (the API's page is zero-based). */
export interface PagingOptions {
  page: number;
  size: number;
}

export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 1000;

/** Adds `--page` and `--size`, described in `lang` (the run's, `ctx.lang`). */
export function addPagingOptions(command: Command, defaultSize = DEFAULT_PAGE_SIZE, lang: Lang = 'en'): Command {
  const say = sayIn(lang);
  return command
    .option('--page <n>', say({ tr: "sayfa numarası, 1'den başlar", en: 'page number, from 1' }), integer(1, 10_000_001), 1)
    .option('--size <n>', say({ tr: `sayfa başına satır (1-${MAX_PAGE_SIZE})`, en: `rows per page (1-${MAX_PAGE_SIZE})` }), integer(1, MAX_PAGE_SIZE), defaultSize);
}

/** The API's query for the paging options. */
export function pageQuery(o: PagingOptions): { page: number; size: number } {
  return { page: o.page - 1, size: o.size };
}

/** `Total: 57 · page 2/6` (`Toplam: 57 · sayfa 2/6`) under a table. */
export function pageFooter(total: number, o: PagingOptions, lang: Lang = 'en'): string {
  const pages = Math.max(1, Math.ceil(total / o.size));
  return lang === 'tr'
    ? `Toplam: ${formatCount(lang, total)} · sayfa ${o.page}/${pages}`
    : `Total: ${formatCount(lang, total)} · page ${o.page}/${pages}`;
}
