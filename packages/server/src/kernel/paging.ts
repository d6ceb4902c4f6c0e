import { PAGE_SIZE_DEFAULT } from '@tezgah/core';
import { problems } from './problem';
import type { RequestContext } from './types';

export interface PageRequest {
  page: number;
  size: number;
  offset: number;
  /** [field, direction] pairs, fields already checked against the operation's x-sort-fields */
  sort: [string, 'asc' | 'desc'][];
}

/** Reads page, size and sort from a list operation's validated query. */
export function pageRequest(ctx: RequestContext, defaultSort: [string, 'asc' | 'desc'] = ['id', 'desc']): PageRequest {
  const q = ctx.query ?? {};
  const page = q.page ?? 0;
  const size = q.size ?? PAGE_SIZE_DEFAULT;
  const raw: string[] = Array.isArray(q.sort) ? q.sort : q.sort ? [q.sort] : [];
  const sort: PageRequest['sort'] = [];
  for (const s of raw) {
    const [field, dir = 'asc'] = s.split(',');
    if (!field || !ctx.op.sortFields.includes(field)) {
      throw problems.invalidField('sort', `'${field}' alanına göre sıralanamaz; izin verilenler: ${ctx.op.sortFields.join(', ')}`, 'SORT_FIELD');
    }
    sort.push([field, dir.toLowerCase() === 'desc' ? 'desc' : 'asc']);
  }
  if (!sort.length) sort.push(defaultSort);
  return { page, size, offset: page * size, sort };
}

/** Escapes % and _ so a search text matches literally inside ILIKE. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Sets x-total-count and returns the items: the shape of every list answer. */
export function pageResult<T>(ctx: RequestContext, items: T[], total: number): T[] {
  ctx.setHeader('x-total-count', String(total));
  return items;
}
