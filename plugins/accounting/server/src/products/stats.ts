import { sql, type Kysely } from 'kysely';

/**
 * ANALYZE products when the planner's idea of its size (pg_class.reltuples) is off by more than
 * a fifth (and 1000 rows) from the exact total the product counters keep. Runs after the
 * request's transaction, as the owner role (ANALYZE needs it). The cumulative statistics
 * (n_mod_since_analyze) are flushed lazily, so they cannot tell right after a commit.
 */
export async function analyzeIfStale(db: Kysely<any>): Promise<boolean> {
  const r = await sql<{ planned: number; actual: number }>`
    select greatest(c.reltuples, 0)::float8 as planned, coalesce((select sum(products) from product_counters), 0)::float8 as actual
      from pg_class c where c.oid = 'products'::regclass`.execute(db);
  const row = r.rows[0];
  if (!row || Math.abs(row.actual - row.planned) < Math.max(1000, 0.2 * row.planned)) return false;
  await sql`analyze products`.execute(db);
  return true;
}
