import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';
import { sql } from 'kysely';
import { builtInPlugins, createServer, type ServerPlugin } from '@tezgah/server';
import { adminUrl, dropDatabase, testConfig } from '../../../../../packages/server/test/snapshot';
import type { EngineName, TestServer } from '../../../../../packages/server/test/harness';
import { onCompanyCreatedSettings, seedDemoSettings, settingsHandlers, settingsJobs } from './index';

/**
 * The settings tests' server: the test harness's (a copy of the migrated, seeded snapshot) with
 * the e-document plugin carrying this folder's handlers, jobs and new-company hook whether or not
 * the plugin's index wires them yet, and the demo's e-document settings seeded (idempotent, so
 * also when the snapshot already has them).
 */
export async function startSettingsServer(engine: EngineName): Promise<TestServer & { demo: { management: number; pharmacy: number; general: number } }> {
  const plugins: ServerPlugin[] = (await builtInPlugins()).map((p) => p.id !== 'edocument' ? p : {
    ...p,
    handlers: { ...p.handlers, ...settingsHandlers },
    jobs: { ...(p.jobs ?? {}), ...settingsJobs },
    onCompanyCreated: p.onCompanyCreated ?? onCompanyCreatedSettings,
  });
  let pglite: PGlite | undefined;
  let dbName: string | undefined;
  const env: Record<string, string> = {};
  if (engine === 'pglite') {
    pglite = await PGlite.create({ loadDataDir: new Blob([new Uint8Array(readFileSync(inject('pgliteSnapshot')))]) });
    env.DATABASE_URL = '';
  } else {
    const url = process.env.DATABASE_URL!;
    dbName = `tezgah_t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl(url) });
    await admin.connect();
    for (let attempt = 0; ; attempt++) {
      try { await admin.query(`create database ${dbName} template ${inject('postgresTemplate')}`); break; } catch (e) {
        if (attempt > 20) throw e;
        await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
      }
    }
    await admin.end();
    env.DATABASE_URL = adminUrl(url, dbName);
  }
  const serverErrors: string[] = [];
  const server = await createServer({
    config: testConfig(env), plugins, workbenchDir: null, ...(pglite ? { pglite } : {}),
    extend: (app) => {
      app.addHook('onResponse', async (req, reply) => { if (reply.statusCode >= 500) serverErrors.push(`${req.method} ${req.url} → ${reply.statusCode}`); });
    },
  });
  const ids = await sql<{ id: number; name: string }>`select id, name from companies where name in ('Tezgah Yönetim', 'Demo Eczanesi', 'Demo Ticaret A.Ş.')`.execute(server.database.db);
  const id = (name: string) => Number(ids.rows.find((r) => r.name === name)!.id);
  const demo = { management: id('Tezgah Yönetim'), pharmacy: id('Demo Eczanesi'), general: id('Demo Ticaret A.Ş.') };
  await server.database.db.transaction().execute((trx) => seedDemoSettings(trx, { companies: demo, users: {}, service: <T>(name: string) => server.services.service<T>(name) }));
  return {
    url: server.url, engine, server, serverErrors, demo,
    async close() {
      await server.close();
      if (dbName) await dropDatabase(process.env.DATABASE_URL!, dbName);
      if (serverErrors.length) throw new Error(`server answered 5xx: ${serverErrors.join('; ')}`);
    },
  };
}

export const cidOf = (token: string): number => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).cid;
