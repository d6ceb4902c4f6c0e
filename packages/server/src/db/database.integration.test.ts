import { describe, expect, it } from 'vitest';
import pg from 'pg';
import { sql } from 'kysely';
import { isStalePlan, openDatabase, schemaChanged } from './database';

describe('the database layer', () => {
  it('runs PGlite transactions one at a time: concurrent read-modify-writes lose nothing', async () => {
    const database = await openDatabase({});
    const db = database.db;
    await sql`create table counter (id int primary key, n int not null)`.execute(db);
    await sql`insert into counter values (1, 0)`.execute(db);
    await Promise.all(Array.from({ length: 20 }, () => db.transaction().execute(async (trx) => {
      const { n } = (await sql<{ n: number }>`select n from counter where id = 1`.execute(trx)).rows[0]!;
      // A window between the read and the write where another transaction could slip in, were they not one at a time.
      await new Promise((r) => setTimeout(r, 2));
      await sql`update counter set n = ${n + 1} where id = 1`.execute(trx);
    })));
    expect((await sql<{ n: number }>`select n from counter where id = 1`.execute(db)).rows[0]!.n).toBe(20);
    await database.close();
  });

  // Only with a server to talk to (registered, not skipped, when DATABASE_URL is set).
  if (process.env.DATABASE_URL) {
    it('keeps a PostgreSQL pool alive when the server ends an idle connection', async () => {
      const errors: Error[] = [];
      const database = await openDatabase({ url: process.env.DATABASE_URL, onIdleError: (e) => errors.push(e) });
      const pid = (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(database.db)).rows[0]!.pid;
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      await admin.query('select pg_terminate_backend($1)', [pid]);
      await admin.end();
      await expect.poll(() => errors.length, { timeout: 20_000, interval: 20 }).toBeGreaterThan(0);
      expect(errors.map((e) => (e as Error & { code?: string }).code)).toEqual(['57P01']);
      expect((await sql<{ one: number }>`select 1 as one`.execute(database.db)).rows[0]!.one).toBe(1);
      await database.close();
    });

    it('sends a statement seen before as a named prepared statement; a schema change renames it, and prepare: false sends none', async () => {
      const database = await openDatabase({ url: process.env.DATABASE_URL, poolSize: 1 });
      const db = database.db;
      const prepared = async () =>
        (await sql<{ name: string; statement: string }>`select name, statement from pg_prepared_statements where statement like '%tezgah_prepare_probe%' order by prepare_time`.execute(db)).rows;
      await sql`create temp table tezgah_prepare_probe (a int)`.execute(db);
      await sql`insert into tezgah_prepare_probe values (${1})`.execute(db);
      const read = () => sql<Record<string, unknown>>`select * from tezgah_prepare_probe where a = ${1}`.execute(db);
      expect((await read()).rows).toEqual([{ a: 1 }]);
      expect(await prepared()).toEqual([]); // seen once: sent unnamed
      await read();
      await read();
      const first = await prepared();
      expect(first).toHaveLength(1); // seen again: prepared once, then reused
      expect(first[0]!.name).toMatch(/^q\d+_[0-9a-f]{24}$/);
      // The table changes under the kept statement: without a new name its next run would fail
      // with "cached plan must not change result type".
      await sql`alter table tezgah_prepare_probe add column b int`.execute(db);
      schemaChanged();
      expect((await read()).rows).toEqual([{ a: 1, b: null }]);
      expect((await read()).rows).toEqual([{ a: 1, b: null }]);
      const after = await prepared();
      expect(after).toHaveLength(2);
      expect(after[1]!.name).not.toBe(first[0]!.name);
      await database.close();

      // Another process changes a table under statements this one keeps (a rolling update: a new
      // server migrates while this one serves). Each kept statement fails once with PostgreSQL's
      // "cached plan must not change result type", then is prepared afresh, the marked ones too.
      const table = `tezgah_prepare_shared_${process.pid}`;
      const mine = await openDatabase({ url: process.env.DATABASE_URL, poolSize: 1 });
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      try {
        await admin.query(`create table ${table} (a int)`);
        await admin.query(`insert into ${table} values (1)`);
        const auto = () => sql<Record<string, unknown>>`select * from ${sql.table(table)} where a = ${1}`.execute(mine.db);
        const marked = () => sql<Record<string, unknown>>`/* prepared:probe_marked */ select * from ${sql.table(table)} where a = ${1}`.execute(mine.db);
        for (let i = 0; i < 3; i++) expect([(await auto()).rows, (await marked()).rows]).toEqual([[{ a: 1 }], [{ a: 1 }]]);
        await admin.query(`alter table ${table} add column b int`);
        const failed = await auto().then(() => null, (e: unknown) => e);
        expect(isStalePlan(failed)).toBe(true);
        expect((await auto()).rows).toEqual([{ a: 1, b: null }]);
        expect((await auto()).rows).toEqual([{ a: 1, b: null }]);
        // The epoch moved on: the marked statement goes under a new name, without failing.
        expect((await marked()).rows).toEqual([{ a: 1, b: null }]);
      } finally {
        await mine.close();
        await admin.query(`drop table if exists ${table}`);
        await admin.end();
      }

      const plain = await openDatabase({ url: process.env.DATABASE_URL, poolSize: 1, prepare: false });
      for (let i = 0; i < 3; i++) await sql`select ${i}::int as tezgah_prepare_probe`.execute(plain.db);
      expect((await sql`select name from pg_prepared_statements`.execute(plain.db)).rows).toEqual([]);
      await plain.close();
    });
  }
});
