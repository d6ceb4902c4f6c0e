import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { PGlite } from '@electric-sql/pglite';
import { createServer, type RunningServer } from '../src/server';
import { adminUrl, buildPgliteSnapshot, dropDatabase, testConfig } from './snapshot';

export type EngineName = 'pglite' | 'postgres';

/** The engines this run tests on: always embedded PGlite, plus the server when DATABASE_URL is set. */
export function engines(): EngineName[] {
  return process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
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
 * (users eczaci, muhasebe, yonetici; password demo1234). close() fails if any request got a 5xx.
 */
export async function startTestServer(opts: { engine?: EngineName; env?: Record<string, string>; now?: () => Date; extend?: (app: FastifyInstance) => void; workbenchDir?: string | null } = {}): Promise<TestServer> {
  const engine = opts.engine ?? 'pglite';
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
