import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildPgliteSnapshot, buildPostgresTemplate, dropDatabase } from './snapshot';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshot: string;
    postgresTemplate: string;
  }
}

/**
 * Once per run: a migrated, seeded PGlite snapshot (tests clone it in about a second instead of a
 * cold start), and, when DATABASE_URL is set, a template database on the server.
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'tezgah-test-'));
  const file = join(dir, 'snapshot.tar');
  writeFileSync(file, await buildPgliteSnapshot());
  project.provide('pgliteSnapshot', file);
  const url = process.env.DATABASE_URL;
  const template = `tezgah_tpl_${process.pid}_${project.name}`.toLowerCase().replace(/[^a-z0-9_]/g, '_');
  if (url) {
    await buildPostgresTemplate(url, template);
    project.provide('postgresTemplate', template);
  } else {
    project.provide('postgresTemplate', '');
  }
  return async () => {
    rmSync(dir, { recursive: true, force: true });
    if (url) await dropDatabase(url, template);
  };
}
