import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { createServer, builtInPlugins, type RunningServer } from '../src/server';
import type { ServerPlugin } from '../src/kernel/types';
import { adminUrl, buildPgliteSnapshot, dropDatabase, testConfig } from './snapshot';
import type { EngineName } from './harness';

/**
 * A seeded database that outlives a server, for restart tests: on PGlite a data folder holding a
 * copy of the tests' snapshot, on PostgreSQL a copy of the template database. `start` opens a
 * server on it (several in turn, or at once on PostgreSQL); `drop` removes it.
 */
export async function restartableDatabase(engine: EngineName) {
  let env: Record<string, string>;
  let cleanup: () => Promise<void>;
  const { inject } = await import('vitest');
  if (engine === 'pglite') {
    const dir = mkdtempSync(join(tmpdir(), 'tezgah-restart-'));
    const file = inject('pgliteSnapshot');
    const bytes = file ? readFileSync(file) : await buildPgliteSnapshot();
    const pglite = await PGlite.create({ dataDir: join(dir, 'pglite'), loadDataDir: new Blob([new Uint8Array(bytes)]) });
    await pglite.close();
    env = { DATABASE_URL: '', TEZGAH_DATA_DIR: dir, TEZGAH_BACKUP_DAYS: '0' };
    cleanup = async () => rmSync(dir, { recursive: true, force: true });
  } else {
    const url = process.env.DATABASE_URL!;
    const template = inject('postgresTemplate');
    const name = `tezgah_r_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl(url) });
    await admin.connect();
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`create database ${name} template ${template}`);
        break;
      } catch (e) {
        if (attempt > 20) throw e;
        await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
      }
    }
    await admin.end();
    env = { DATABASE_URL: adminUrl(url, name) };
    cleanup = () => dropDatabase(url, name);
  }
  const servers: RunningServer[] = [];
  return {
    async start(opts: { env?: Record<string, string>; now?: () => Date; plugins?: ServerPlugin[] } = {}): Promise<RunningServer> {
      const s = await createServer({
        config: testConfig({ ...env, TEZGAH_JOBS: '1', TEZGAH_JOB_POLL_SECONDS: '0.5', ...(opts.env ?? {}) }),
        plugins: [...(await builtInPlugins()), ...(opts.plugins ?? [])],
        workbenchDir: null,
        ...(opts.now ? { now: opts.now } : {}),
      });
      servers.push(s);
      return s;
    },
    async drop() {
      await cleanup();
    },
  };
}

/** Waits until `check` answers something truthy (polling), or fails after `ms`. */
export async function eventually<T>(check: () => Promise<T | null | undefined | false>, ms = 20_000, what = 'condition'): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * Checks `check` again and again for `ms` and fails as soon as it answers falsy: for an absence
 * that no later event can show (prefer waiting for one with `eventually`, see docs/testing.md).
 */
export async function holds(check: () => Promise<boolean> | boolean, ms: number, what = 'condition'): Promise<void> {
  const until = Date.now() + ms;
  for (;;) {
    if (!(await check())) throw new Error(`${what} stopped holding`);
    if (Date.now() > until) return;
    await new Promise((r) => setTimeout(r, 50));
  }
}
