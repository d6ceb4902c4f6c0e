import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join, basename } from 'node:path';
import { sql, type Kysely } from 'kysely';
import type { DB } from './schema';

/** A folder of forward-only SQL migrations, `<timestamp>-<name>.sql`, from the kernel or a plugin. */
export interface MigrationSource {
  owner: string;
  dir: string;
}

export interface Migration {
  name: string;
  owner: string;
  file: string;
}

export function listMigrations(sources: MigrationSource[]): Migration[] {
  const all: Migration[] = [];
  for (const s of sources) {
    if (!existsSync(s.dir)) continue;
    for (const f of readdirSync(s.dir)) {
      if (!/^\d{14}-[a-z0-9-]+\.sql$/.test(f)) continue;
      all.push({ name: `${s.owner}/${basename(f, '.sql')}`, owner: s.owner, file: join(s.dir, f) });
    }
  }
  // Timestamps order migrations across owners, so a plugin's table can follow the kernel's.
  return all.sort((a, b) => basename(a.file).localeCompare(basename(b.file)) || a.name.localeCompare(b.name));
}

/**
 * Applies the migrations not yet recorded, each in its own transaction together with its record,
 * so a failing migration leaves nothing behind. Concurrent starters on a server serialize on an
 * advisory lock. Returns the names applied.
 */
export async function migrate(db: Kysely<DB>, sources: MigrationSource[]): Promise<string[]> {
  await sql`create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())`.execute(db);
  const applied: string[] = [];
  for (const m of listMigrations(sources)) {
    const done = await db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(7270626)`.execute(trx);
      const seen = await trx.selectFrom('schema_migrations').select('name').where('name', '=', m.name).executeTakeFirst();
      if (seen) return false;
      const text = readFileSync(m.file, 'utf8');
      try {
        await sql.raw(text.includes(';') ? text : `${text};`).execute(trx);
      } catch (e) {
        throw new Error(`migration ${m.name} failed: ${(e as Error).message}`);
      }
      await trx.insertInto('schema_migrations').values({ name: m.name }).execute();
      return true;
    });
    if (done) applied.push(m.name);
  }
  return applied;
}
