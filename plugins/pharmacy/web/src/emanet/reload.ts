import type { CreditState } from '../api';

/** What the emanet list shows after a cancel (seeds 001 §4): the deposits still open. */
export const OPEN_STATES: CreditState[] = ['PENDING', 'ON_CREDIT'];

export interface ListPage<T> { items: T[]; total: number }

/**
 * The emanet list after a cancel (seeds 001 §4): reloaded filtered to pending and on credit, at
 * the same page; when that page came back empty (its last row was the one cancelled) and it is
 * not the first, one page back. Answers the page shown, the filter and the rows.
 */
export async function reloadAfterCancel<T>(
  load: (page: number, states: CreditState[]) => Promise<ListPage<T>>,
  page: number,
): Promise<{ page: number; states: CreditState[]; result: ListPage<T> }> {
  const states = [...OPEN_STATES];
  const result = await load(page, states);
  if (result.items.length === 0 && page > 0) return { page: page - 1, states, result: await load(page - 1, states) };
  return { page, states, result };
}
