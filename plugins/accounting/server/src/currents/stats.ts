import { sql, type Kysely } from 'kysely';

/**
 * ANALYZE currents when the planner's idea of its size (pg_class.relpages, set by the last
 * ANALYZE or VACUUM) is off by more than a fifth (and 16 pages, some 1,000 records) from the
 * pages the table has now. Embedded PGlite runs no autovacuum, so without this its planner kept
 * the seeded database's handful of rows as the company's currents: a bulk import's look-up of its
 * tax numbers read the company's whole table for every batch (a hash join over every record, 0.7 s
 * a batch at 100,000) instead of probing the unique (company, type, tax number) index (9 ms).
 * Runs after the request's transaction, as the owner role (ANALYZE needs it).
 */
export async function analyzeCurrentsIfStale(db: Kysely<any>): Promise<boolean> {
  const r = await sql<{ planned: number; actual: number }>`
    select greatest(c.relpages, 0)::float8 as planned, (pg_relation_size(c.oid) / current_setting('block_size')::int)::float8 as actual
      from pg_class c where c.oid = 'currents'::regclass`.execute(db);
  const row = r.rows[0];
  if (!row || Math.abs(row.actual - row.planned) < Math.max(16, 0.2 * row.planned)) return false;
  await sql`analyze currents`.execute(db);
  return true;
}
