/** Reads every page of a list call. */
import type { Page } from '@tezgah/sdk';

/** The largest page the API gives. */
export const PAGE_MAX = 1000;

/**
 * Calls `fetchPage(page, size)` from page 0 until every item is read; `onPage(done, total)` after
 * each page. Stops at an empty page too, so a total that shrinks while reading cannot loop.
 */
export async function readAll<T>(
  fetchPage: (page: number, size: number) => Promise<Page<T>>,
  onPage?: (done: number, total: number) => void,
): Promise<T[]> {
  const all: T[] = [];
  for (let page = 0; ; page++) {
    const { items, total } = await fetchPage(page, PAGE_MAX);
    all.push(...items);
    onPage?.(all.length, Math.max(total, all.length));
    if (!items.length || all.length >= total) return all;
  }
}
