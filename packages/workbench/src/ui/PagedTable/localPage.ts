import type { PagedResult, PagedTableQuery } from './PagedTable';

export interface LocalPageOptions<T> {
  /** True when the row matches the (trimmed, non-empty) search text. Absent: search is ignored. */
  matches?: (row: T, search: string) => boolean;
  /**
   * The value a sort field compares by. Absent: the row's property of that name.
   * Strings compare in Turkish order, case-insensitively; null and undefined sort first.
   */
  sortValue?: (row: T, field: string) => unknown;
}

const collator = new Intl.Collator('tr', { sensitivity: 'base', numeric: true });

function compare(a: unknown, b: unknown): number {
  if (a == null || b == null) return a == null ? (b == null ? 0 : -1) : 1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  return collator.compare(String(a), String(b));
}

/**
 * One page of rows the client already holds, as {@link PagedTable}'s `fetchPage` answers it:
 * filtered by `search`, sorted by `sort` (`field,dir`) and sliced to `page` and `size`. For calls
 * that answer a whole list (e.g. a company's members).
 */
export function localPage<T>(rows: readonly T[], query: PagedTableQuery, options: LocalPageOptions<T> = {}): PagedResult<T> {
  const term = query.search?.trim().toLocaleLowerCase('tr') ?? '';
  const filtered = term && options.matches ? rows.filter((r) => options.matches!(r, term)) : [...rows];
  const [field = '', dir] = query.sort.split(',');
  const value = options.sortValue ?? ((r: T, f: string) => (r as Record<string, unknown>)[f]);
  if (field) {
    const sign = dir === 'asc' ? 1 : -1;
    filtered.sort((a, b) => sign * compare(value(a, field), value(b, field)));
  }
  const start = query.page * query.size;
  return { items: filtered.slice(start, start + query.size), total: filtered.length };
}
