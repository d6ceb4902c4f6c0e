import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join, basename } from 'node:path';
import { sql, type Kysely } from 'kysely';
import type { DB } from './schema';
import { schemaChanged } from './database';

/** A folder of forward-only SQL migrations, `<timestamp>-<name>.sql`, from the kernel or a plugin. */
export interface MigrationSource {
  owner: string;
  dir: string;
  /**
   * The schema the migrations run in (an outside plugin's `plugin_<id>`): created when missing,
   * the only schema on the search path while they run, and the request role may use it. Without
   * it they run in the database's default schema (the kernel and the repository's own plugins).
   */
  schema?: string;
}

export interface Migration {
  name: string;
  owner: string;
  file: string;
  schema?: string;
}

/** An outside plugin's own schema: `plugin_` and its id with underscores for hyphens. */
export function pluginSchema(id: string): string {
  return `plugin_${id.replaceAll('-', '_')}`;
}

/** Schemas a migration confined to its own schema may not name: the kernel's, the queue's, the catalogues, other plugins'. */
export function foreignSchemaReference(text: string, own: string): string | null {
  const code = text.replace(/--[^\n]*/g, '').replace(/'(?:[^']|'')*'/g, "''");
  if (/\bsearch_path\b/i.test(code)) return 'search_path';
  if (/\bset\s+(local\s+|session\s+)?role\b|\bset_config\s*\(/i.test(code)) return 'the role';
  for (const m of code.matchAll(/"?\b(public|pg_catalog|information_schema|pgboss|plugin_[a-z0-9_]+)"?\s*\.\s*"?[a-z_]/gi)) {
    if (m[1]!.toLowerCase() !== own) return m[1]!;
  }
  return null;
}

export function listMigrations(sources: MigrationSource[]): Migration[] {
  const all: Migration[] = [];
  for (const s of sources) {
    if (!existsSync(s.dir)) continue;
    for (const f of readdirSync(s.dir)) {
      if (!/^\d{14}-[a-z0-9-]+\.sql$/.test(f)) continue;
      all.push({ name: `${s.owner}/${basename(f, '.sql')}`, owner: s.owner, file: join(s.dir, f), ...(s.schema ? { schema: s.schema } : {}) });
    }
  }
  // Timestamps order migrations across owners, so a plugin's table can follow the kernel's. An
  // outside plugin's (in a schema of its own) come after all of the repository's: they need the
  // kernel's request role and can depend on nothing else.
  return all.sort((a, b) => Number(!!a.schema) - Number(!!b.schema) || basename(a.file).localeCompare(basename(b.file)) || a.name.localeCompare(b.name));
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
      let searchPath: string | undefined;
      if (m.schema) {
        // An outside plugin's migration sees only its own schema: unqualified names are created
        // there, the kernel's and other plugins' tables are not on its path, and it may not name
        // another schema, change the path or take another role.
        const foreign = foreignSchemaReference(text, m.schema);
        if (foreign) throw new Error(`migration ${m.name} failed: it may only touch its own schema ${m.schema}, not ${foreign}`);
        const s = sql.id(m.schema);
        await sql`create schema if not exists ${s}`.execute(trx);
        await sql`grant usage on schema ${s} to tezgah_app`.execute(trx);
        await sql`alter default privileges in schema ${s} grant select, insert, update, delete on tables to tezgah_app`.execute(trx);
        await sql`alter default privileges in schema ${s} grant usage, select on sequences to tezgah_app`.execute(trx);
        searchPath = (await sql<{ p: string }>`select current_setting('search_path') as p`.execute(trx)).rows[0]!.p;
        await sql`select set_config('search_path', ${m.schema}, true)`.execute(trx);
      }
      try {
        await sql.raw(text.includes(';') ? text : `${text};`).execute(trx);
      } catch (e) {
        throw new Error(`migration ${m.name} failed: ${(e as Error).message}`);
      }
      if (searchPath !== undefined) await sql`select set_config('search_path', ${searchPath}, true)`.execute(trx);
      await trx.insertInto('schema_migrations').values({ name: m.name }).execute();
      return true;
    });
    if (done) {
      applied.push(m.name);
      // Statements prepared before this migration may name what it changed.
      schemaChanged();
    }
  }
  return applied;
}
