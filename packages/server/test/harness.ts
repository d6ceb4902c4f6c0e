import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { PGlite } from '@electric-sql/pglite';
import { createServer, type RunningServer } from '../src/server';
import { adminUrl, buildPgliteSnapshot, dropDatabase, testConfig } from './snapshot';

export type EngineName = 'pglite' | 'postgres';

/**
 * The engines a test file runs its integration tests on, as the file declares (docs/testing.md):
 * - `'both'`: embedded PGlite, and the PostgreSQL server too when DATABASE_URL is set (as in CI).
 *   For what can differ between the engines: the contract, tenancy, the bad-input sweep,
 *   migrations, concurrency and connections, and code under test that runs SQL of its own
 *   (statements written by hand: reports, postings, locks, full-text search, collations).
 * - `'one'`: the PostgreSQL server when DATABASE_URL is set, else PGlite. For handler logic that
 *   reaches the database through the query builder and proves nothing engine-specific.
 */
export function engines(need: 'both' | 'one'): EngineName[] {
  if (!process.env.DATABASE_URL) return ['pglite'];
  return need === 'both' ? ['pglite', 'postgres'] : ['postgres'];
}

async function provided(key: 'pgliteSnapshot' | 'postgresTemplate'): Promise<string | undefined> {
  try {
    const { inject } = await import('vitest');
    return inject(key) || undefined;
  } catch {
    return undefined;
  }
}

let localSnapshot: Promise<Uint8Array> | undefined;

export interface TestServer {
  url: string;
  engine: EngineName;
  server: RunningServer;
  /** Status codes ≥ 500 the server answered; the suite allows none. */
  serverErrors: string[];
  close(): Promise<void>;
}

/**
 * Starts the real server on an ephemeral port over a fresh copy of the seeded demo database
 * (users eczaci, muhasebe, yonetici; password demo1234) on the engine asked for, by default the
 * one engine of engines('one'). close() fails if any request got a 5xx.
 */
export async function startTestServer(opts: { engine?: EngineName; env?: Record<string, string>; now?: () => Date; extend?: (app: FastifyInstance) => void; workbenchDir?: string | null } = {}): Promise<TestServer> {
  // Without a choice, the one engine of engines('one'): PostgreSQL when DATABASE_URL is set.
  const engine = opts.engine ?? engines('one')[0]!;
  let pglite: PGlite | undefined;
  let dbName: string | undefined;
  let env = { ...(opts.env ?? {}) };
  if (engine === 'pglite') {
    const file = await provided('pgliteSnapshot');
    const bytes = file ? readFileSync(file) : await (localSnapshot ??= buildPgliteSnapshot());
    pglite = await PGlite.create({ loadDataDir: new Blob([new Uint8Array(bytes)]) });
    env.DATABASE_URL = '';
  } else {
    const url = process.env.DATABASE_URL;
    if (!url) throw new Error('postgres engine needs DATABASE_URL');
    const template = await provided('postgresTemplate');
    if (!template) throw new Error('no postgres template: run under vitest with the server globalSetup');
    dbName = `tezgah_t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl(url) });
    await admin.connect();
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`create database ${dbName} template ${template}`);
        break;
      } catch (e) {
        // Two files copying the template at the same instant: wait and try again.
        if (attempt > 20) throw e;
        await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
      }
    }
    await admin.end();
    env.DATABASE_URL = adminUrl(url, dbName);
  }
  const serverErrors: string[] = [];
  const server = await createServer({
    config: testConfig(env),
    ...(pglite ? { pglite } : {}),
    ...(opts.now ? { now: opts.now } : {}),
    // The API alone unless a test asks for the workbench's files.
    workbenchDir: opts.workbenchDir ?? null,
    extend: (app) => {
      opts.extend?.(app);
      app.addHook('onResponse', async (req, reply) => {
        if (reply.statusCode >= 500) serverErrors.push(`${req.method} ${req.url} → ${reply.statusCode}`);
      });
    },
  });
  return {
    url: server.url,
    engine,
    server,
    serverErrors,
    async close() {
      await server.close();
      if (dbName) await dropDatabase(process.env.DATABASE_URL!, dbName);
      if (serverErrors.length) throw new Error(`server answered 5xx: ${serverErrors.join('; ')}`);
    },
  };
}
