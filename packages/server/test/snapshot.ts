import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { loadConfig } from '../src/config';
import { prepareDatabase } from '../src/server';

/** The configuration tests run with: no listening port of its own, quiet, fast throttling knobs. */
/**
 * A test server's settings. Its job queue accepts jobs but runs none (TEZGAH_JOBS=0) unless the
 * test asks: the real clock's schedules (the 08:00 reminder, the demo's recurring invoice from
 * December 2026) must not write in the background of tests that count what is written. It serves
 * the outside systems' sandboxes (TEZGAH_SANDBOX=1) unless the test turns them off.
 */
export function testConfig(overrides: Record<string, string> = {}) {
  return loadConfig({ PORT: '0', HOST: '127.0.0.1', TEZGAH_DEMO: '1', TEZGAH_SANDBOX: '1', TEZGAH_PUBLIC_URL: 'http://tezgah.test', TEZGAH_JOBS: '0', ...overrides });
}

/** Migrates and seeds an in-memory PGlite once and dumps it; each test file starts from a copy. */
export async function buildPgliteSnapshot(): Promise<Uint8Array> {
  const pglite = await PGlite.create();
  const { database } = await prepareDatabase(testConfig(), { pglite });
  const dump = await pglite.dumpDataDir('none');
  await database.close();
  return new Uint8Array(await dump.arrayBuffer());
}

export function adminUrl(url: string, db = 'postgres'): string {
  const u = new URL(url);
  u.pathname = `/${db}`;
  return u.toString();
}

/** Migrates and seeds a template database on the server; each test file copies it. */
export async function buildPostgresTemplate(url: string, name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl(url) });
  await admin.connect();
  await admin.query(`drop database if exists ${name}`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const { database } = await prepareDatabase(testConfig({ DATABASE_URL: adminUrl(url, name) }));
  await database.close();
}

export async function dropDatabase(url: string, name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl(url) });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
  } finally {
    await admin.end();
  }
}
