import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { buildPgliteSnapshot, buildPostgresTemplate, dropDatabase } from './snapshot';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshot: string;
    postgresTemplate: string;
  }
}

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const CACHE = join(ROOT, '.tezgah-test');

/**
 * What the migrated, seeded database is made from: the migrations and seeds of the server and
 * the plugins, the code they run, and the locked dependencies. A change to any of them builds a
 * new snapshot.
 */
function sourcesHash(): string {
  const h = createHash('sha256');
  const walk = (dir: string) => {
    if (!existsSync(dir)) return;
    for (const e of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      if (e.name === 'node_modules' || e.name === 'dist' || e.name.startsWith('.')) continue;
      const p = join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (!/\.test\.tsx?$/.test(e.name)) h.update(p.slice(ROOT.length)).update(readFileSync(p));
    }
  };
  for (const d of ['packages/server/src', 'packages/server/migrations', 'packages/server/test/snapshot.ts', 'packages/core/src']) {
    const p = join(ROOT, d);
    if (existsSync(p) && statSync(p).isFile()) h.update(d).update(readFileSync(p));
    else walk(p);
  }
  for (const plugin of readdirSync(join(ROOT, 'plugins'))) for (const part of ['server', 'common']) walk(join(ROOT, 'plugins', plugin, part));
  h.update(readFileSync(join(ROOT, 'pnpm-lock.yaml')));
  return h.digest('hex').slice(0, 16);
}

/** The PGlite snapshot file, built once and kept in .tezgah-test/ until its sources change. */
async function pgliteSnapshotFile(): Promise<string> {
  mkdirSync(CACHE, { recursive: true });
  const file = join(CACHE, `snapshot-${sourcesHash()}.tar`);
  if (existsSync(file)) return file;
  for (const old of readdirSync(CACHE)) if (/^snapshot-[0-9a-f]+\.tar$/.test(old)) rmSync(join(CACHE, old), { force: true });
  const tmp = `${file}.${process.pid}`;
  writeFileSync(tmp, await buildPgliteSnapshot());
  renameSync(tmp, file);
  return file;
}

/**
 * Shared by every project of the run (the server, cli and e2e projects each have this global
 * set-up, all in the one vitest process): one snapshot, one template database.
 */
interface Shared {
  snapshot: Promise<string>;
  template: Promise<string> | null;
  users: number;
}
const KEY = Symbol.for('tezgah.testDatabases');
const store = globalThis as unknown as { [KEY]?: Shared };

/**
 * Once per run: a migrated, seeded PGlite snapshot (tests clone it in about a second instead of a
 * cold start), and, when DATABASE_URL is set, a template database on the server.
 */
export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  const shared = (store[KEY] ??= {
    snapshot: pgliteSnapshotFile(),
    template: url ? (async () => {
      const name = `tezgah_tpl_${process.pid}`;
      await buildPostgresTemplate(url, name);
      return name;
    })() : null,
    users: 0,
  });
  shared.users++;
  const [file, template] = await Promise.all([shared.snapshot, shared.template]);
  project.provide('pgliteSnapshot', file);
  project.provide('postgresTemplate', template ?? '');
  return async () => {
    if (--shared.users > 0) return;
    delete store[KEY];
    if (url && template) await dropDatabase(url, template);
  };
}
