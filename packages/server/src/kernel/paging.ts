import { createHmac, timingSafeEqual } from 'node:crypto';
import { sql, type Expression, type RawBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import { PAGE_SIZE_DEFAULT } from '@tezgah/core';
import { problems } from './problem';
import type { RequestContext } from './types';

export interface PageRequest {
  page: number;
  size: number;
  offset: number;
  /** [field, direction] pairs, fields already checked against the operation's x-sort-fields */
  sort: [string, 'asc' | 'desc'][];
  /**
   * Keyset paging: the sort-key values (then the id) of the last row of the previous page, from a
   * verified `cursor`; the page then starts after that row and `page` is ignored (offset 0).
   */
  after: CursorValue[] | null;
  /** What a cursor is bound to: the operation and its sort. */
  cursorScope: string;
  /** Signs the cursor for a row's key values (see pageQuery / nextCursor). */
  sign(values: CursorValue[]): string;
  /** Set by pageQuery when it reads the page backwards from the end: inPageOrder turns the rows round. */
  reversed?: boolean;
}

export type CursorValue = string | number | boolean | null;

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
  const secret = ctx.services?.secret;
  const cursorScope = `${ctx.op.operationId}:${sort.map(([f, d]) => `${f},${d}`).join(';')}`;
  const after = typeof q.cursor === 'string' && q.cursor !== '' ? readCursor(secret, cursorScope, q.cursor) : null;
  return {
    page, size, offset: after ? 0 : page * size, sort, after, cursorScope,
    sign: (values) => signCursor(secret, cursorScope, values),
  };
}

// --- keyset paging -------------------------------------------------------------------------------
//
// A cursor is `<base64url of JSON [scope, [values…]]>.<HMAC-SHA256 of that, base64url, 22 chars>`,
// signed with the server's token secret: opaque to clients, and a forged, truncated or foreign
// cursor (another list, another sort) is a 400, never a query with made-up values.

const badCursor = () => problems.invalidField('cursor', 'İmleç (cursor) geçersiz, bozulmuş veya başka bir listeye/sıralamaya ait.', 'CURSOR');

function mac(secret: Buffer, payload: string): string {
  return createHmac('sha256', secret).update(`cursor:${payload}`).digest('base64url').slice(0, 22);
}

export function signCursor(secret: Buffer | undefined, scope: string, values: CursorValue[]): string {
  if (!secret) throw new Error('signing a cursor needs the server secret');
  const payload = Buffer.from(JSON.stringify([scope, values])).toString('base64url');
  return `${payload}.${mac(secret, payload)}`;
}

function readCursor(secret: Buffer | undefined, scope: string, cursor: string): CursorValue[] {
  if (!secret) throw badCursor();
  const [payload, sig, extra] = cursor.split('.');
  if (!payload || !sig || extra !== undefined) throw badCursor();
  const want = Buffer.from(mac(secret, payload));
  const got = Buffer.from(sig);
  if (got.length !== want.length || !timingSafeEqual(got, want)) throw badCursor();
  let parsed: unknown;
  try { parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')); } catch { throw badCursor(); }
  if (!Array.isArray(parsed) || parsed[0] !== scope || !Array.isArray(parsed[1])) throw badCursor();
  const values = parsed[1] as unknown[];
  if (!values.length || !values.every((v) => v === null || ['string', 'number', 'boolean'].includes(typeof v))) throw badCursor();
  return values as CursorValue[];
}

/** One ORDER BY key of a list: an expression, its direction, and whether it can be null. */
export interface SortKey {
  expr: Expression<any> | RawBuilder<any>;
  dir: 'asc' | 'desc';
  /** Nullable keys get an `or … is null` (PostgreSQL sorts nulls last ascending, first descending). */
  nullable?: boolean;
  /**
   * Read into the cursor as text: for timestamps, whose microseconds a JS Date would lose. Only
   * where needed: the cast runs on every row the query sorts, before its limit.
   */
  asText?: boolean;
}

/**
 * The keys a list orders by: the request's sort fields through the list's field → expression map,
 * then its id as the last key (the tiebreaker that makes the order total), unless sorted by id.
 */
export function sortKeys(page: PageRequest, fields: Record<string, RawBuilder<any> | Expression<any>>, id: RawBuilder<any> | Expression<any>, opts: { nullable?: string[]; asText?: string[]; idDir?: 'asc' | 'desc' } = {}): SortKey[] {
  const keys: SortKey[] = page.sort.map(([f, dir]) => ({
    expr: fields[f] ?? id, dir, nullable: opts.nullable?.includes(f) ?? false, asText: opts.asText?.includes(f) ?? false,
  }));
  if (!page.sort.some(([f]) => f === 'id')) keys.push({ expr: id, dir: opts.idDir ?? 'desc' });
  return keys;
}

/** `k` strictly after v in k's order, and `k` equal to v (nulls included). */
function after(k: SortKey, v: CursorValue): RawBuilder<SqlBool> {
  if (v === null) return k.dir === 'asc' ? sql<SqlBool>`false` : sql<SqlBool>`${k.expr} is not null`;
  if (k.dir === 'desc') return sql<SqlBool>`${k.expr} < ${v}`;
  return k.nullable ? sql<SqlBool>`(${k.expr} > ${v} or ${k.expr} is null)` : sql<SqlBool>`${k.expr} > ${v}`;
}
function equal(k: SortKey, v: CursorValue): RawBuilder<SqlBool> {
  return v === null ? sql<SqlBool>`${k.expr} is null` : sql<SqlBool>`${k.expr} = ${v}`;
}

/**
 * The rows after the cursor row in the order of keys: `k1 > v1 or (k1 = v1 and k2 > v2) or …`,
 * led by a plain range on the first key (`k1 >= v1`) so that an index on it is scanned from the
 * cursor on: page 10,000 costs what page 1 costs.
 */
export function afterCursor(keys: SortKey[], values: CursorValue[]): RawBuilder<SqlBool> {
  if (values.length !== keys.length) throw badCursor();
  const terms = keys.map((k, i) => sql.join([...keys.slice(0, i).map((p, j) => equal(p, values[j]!)), after(k, values[i]!)], sql` and `));
  const first = keys[0]!;
  const v0 = values[0]!;
  const lead = v0 === null
    ? (first.dir === 'asc' ? sql<SqlBool>`${first.expr} is null` : sql<SqlBool>`true`)
    : first.dir === 'desc'
      ? sql<SqlBool>`${first.expr} <= ${v0}`
      : first.nullable ? sql<SqlBool>`(${first.expr} >= ${v0} or ${first.expr} is null)` : sql<SqlBool>`${first.expr} >= ${v0}`;
  return sql<SqlBool>`(${lead} and (${sql.join(terms.map((t) => sql`(${t})`), sql` or `)}))`;
}

/**
 * Orders a list query by keys, selects each key as `_k0…` (nextCursor reads them), and takes the
 * page: after the cursor row when the request has one, else by offset.
 */
export function pageQuery<QB extends SelectQueryBuilder<any, any, any>>(qb: QB, page: PageRequest, keys: SortKey[], total?: number): QB {
  let q: SelectQueryBuilder<any, any, any> = qb;
  // A page nearer the end than the start (the total known) is read from the end, in the reverse
  // order, skipping only the rows after it: the last page of 100,000 rows costs what the first
  // does, where an offset would read and drop 99,990 rows. The reverse of every key's order is the
  // exact reverse of the list (PostgreSQL puts nulls last ascending and first descending), and
  // inPageOrder turns the page round again.
  const rest = total === undefined ? 0 : total - page.offset;
  page.reversed = total !== undefined && !page.after && page.offset > 0 && rest < page.offset;
  const flip = (d: 'asc' | 'desc') => (page.reversed ? (d === 'asc' ? 'desc' : 'asc') : d);
  // The sort expressions themselves (computed for the sort anyway); timestamps as text (asText).
  keys.forEach((k, i) => { q = q.select((k.asText ? sql`(${k.expr})::text` : sql`${k.expr}`).as(`_k${i}`)).orderBy(sql`${k.expr}`, flip(k.dir)); });
  if (page.after) q = q.where(afterCursor(keys, page.after));
  if (page.reversed) {
    q = q.limit(Math.max(0, Math.min(page.size, rest)));
    if (rest > page.size) q = q.offset(rest - page.size);
    return q as QB;
  }
  q = q.limit(page.size);
  if (!page.after && page.offset) q = q.offset(page.offset);
  return q as QB;
}

/** The rows of a page in the list's order (a page read from the end, turned round). */
export function inPageOrder<T>(page: PageRequest, rows: T[]): T[] {
  return page.reversed ? [...rows].reverse() : rows;
}

/**
 * Sets `x-next-cursor` from the last row of a full page (its `_k…` columns; a shorter page is the
 * last one and gets none).
 */
export function nextCursor(ctx: RequestContext, page: PageRequest, rows: readonly object[], keyCount: number): void {
  const last = rows[rows.length - 1] as Record<string, unknown> | undefined;
  if (!last || rows.length < page.size) return;
  const values = Array.from({ length: keyCount }, (_, i) => {
    const v = last[`_k${i}`];
    // A Date (a timestamp key not read as text) keeps its milliseconds only: declare it asText.
    return v instanceof Date ? v.toISOString() : typeof v === 'bigint' ? String(v) : (v ?? null) as CursorValue;
  });
  ctx.setHeader('x-next-cursor', page.sign(values));
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
