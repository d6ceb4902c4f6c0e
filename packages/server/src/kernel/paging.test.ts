import { describe, expect, it } from 'vitest';
import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, sql } from 'kysely';
import { inPageOrder, pageQuery, type PageRequest, type SortKey } from './paging';

const db = new Kysely<any>({
  dialect: { createAdapter: () => new PostgresAdapter(), createDriver: () => new DummyDriver(), createIntrospector: (k) => new PostgresIntrospector(k), createQueryCompiler: () => new PostgresQueryCompiler() },
});
const page = (offset: number, size = 10): PageRequest => ({ page: offset / size, size, offset, sort: [['name', 'asc']], after: null, cursorScope: 'x', sign: () => '' });
const keys: SortKey[] = [{ expr: sql.ref('name'), dir: 'asc' }, { expr: sql.ref('id'), dir: 'desc' }];
const compiled = (p: PageRequest, total?: number) => {
  const c = pageQuery(db.selectFrom('t').select('id'), p, keys, total).compile();
  return { text: c.sql, params: c.parameters };
};

describe('pageQuery reads a page nearer the end of the list from the end', () => {
  it('a first or early page goes forward by offset', () => {
    expect(compiled(page(0), 100_000).text).toMatch(/order by "name" asc, "id" desc limit \$1$/);
    const early = compiled(page(20_000), 100_000);
    expect(early.text).toMatch(/order by "name" asc, "id" desc limit \$1 offset \$2$/);
    expect(early.params).toEqual([10, 20_000]);
  });

  it('the last page of 100,000 rows reverses every key and skips nothing; a later page skips only the rows after it', () => {
    const last = page(99_990);
    const c = compiled(last, 100_000);
    expect(c.text).toMatch(/order by "name" desc, "id" asc limit \$1$/);
    expect(c.params).toEqual([10]);
    expect(inPageOrder(last, [3, 2, 1])).toEqual([1, 2, 3]);
    const partial = compiled(page(99_990), 99_995);
    expect(partial.params).toEqual([5]);
    const later = compiled(page(90_000), 100_000);
    expect(later.text).toMatch(/order by "name" desc, "id" asc limit \$1 offset \$2$/);
    expect(later.params).toEqual([10, 9_990]);
    // Past the end: nothing to read.
    expect(compiled(page(200_000), 100_000).params).toEqual([0]);
    // Without a total (the first page carries it), forward as before; the rows keep their order.
    const unknown = page(99_990);
    expect(compiled(unknown).params).toEqual([10, 99_990]);
    expect(inPageOrder(unknown, [1, 2, 3])).toEqual([1, 2, 3]);
  });
});
