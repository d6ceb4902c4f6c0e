import { describe, expect, it } from 'vitest';
import {
  Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, sql,
  type CompiledQuery, type DatabaseConnection, type Driver,
} from 'kysely';
import { preparedQuery } from './prepared';

interface Tables { t: { id: number; a: number; b: string; day: string } }

/** A Kysely whose connection records the statements it is given and answers no rows. */
function recording() {
  const sent: CompiledQuery[] = [];
  const conn: DatabaseConnection = {
    async executeQuery(q) { sent.push(q); return { rows: [] }; },
    async *streamQuery() { throw new Error('not used'); },
  };
  const driver: Driver = {
    async init() {}, async acquireConnection() { return conn; }, async beginTransaction() {},
    async commitTransaction() {}, async rollbackTransaction() {}, async releaseConnection() {}, async destroy() {},
  };
  const db = new Kysely<Tables>({
    dialect: {
      createAdapter: () => new PostgresAdapter(), createDriver: () => driver,
      createIntrospector: (k) => new PostgresIntrospector(k), createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  });
  return { db, sent };
}

describe('preparedQuery', () => {
  it('builds once and fills each run\'s values where the placeholders were, keeping constants', async () => {
    const { db, sent } = recording();
    let builds = 0;
    const q = preparedQuery<{ a: number; day: string }, { id: number }>('probe', ['a', 'day'], (p) => {
      builds++;
      return db.selectFrom('t').select('id').where('a', '=', p.a).where('b', '=', 'fixed').where(sql<boolean>`day <= ${p.day}`).limit(1);
    });
    await q.run(db, { a: 7, day: '2026-11-29' });
    await q.run(db, { a: 8, day: '2026-11-30' });
    expect(builds).toBe(1);
    expect(sent.map((s) => s.parameters)).toEqual([[7, 'fixed', '2026-11-29', 1], [8, 'fixed', '2026-11-30', 1]]);
    expect(sent[0]!.sql).toBe(sent[1]!.sql);
  });

  it('marks the text as a named prepared statement whose name follows the text', () => {
    const { db } = recording();
    const one = preparedQuery<{ a: number }, unknown>('probe', ['a'], (p) => db.selectFrom('t').select('id').where('a', '=', p.a));
    const other = preparedQuery<{ a: number }, unknown>('probe', ['a'], (p) => db.selectFrom('t').select('b').where('a', '=', p.a));
    expect(one.sql).toMatch(/^\/\* prepared:probe_[0-9a-f]{12} \*\/ select "id" from "t" where "a" = \$1$/);
    expect(other.sql.slice(0, 30)).not.toBe(one.sql.slice(0, 30));
  });
});
