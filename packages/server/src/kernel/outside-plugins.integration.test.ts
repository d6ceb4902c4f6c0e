import { rmSync } from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startTestServer, type TestServer } from '../../test/harness';
import { http } from '../../test/http';
import { writeOutsidePlugin } from '../../test/outside-plugin';

// An outside plugin package (TEZGAH_PLUGINS) in a temp folder: its JavaScript server entry, its
// contract fragment and its migration, on both engines (schemas, the search path and the request
// role's grants are the database's business).
describe.each(engines('both'))('an outside plugin package on %s', (engine) => {
  let t: TestServer;
  let api: ReturnType<typeof http>;
  let root: string;
  beforeAll(async () => {
    ({ root } = writeOutsidePlugin());
    const before = process.env.TEZGAH_PLUGINS;
    process.env.TEZGAH_PLUGINS = `${root}/node_modules/@acme/tezgah-notes`;
    try {
      t = await startTestServer({ engine });
    } finally {
      if (before === undefined) delete process.env.TEZGAH_PLUGINS;
      else process.env.TEZGAH_PLUGINS = before;
    }
    api = http(t.url);
  });
  afterAll(async () => {
    await t?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('answers its routes, validated by its contract, with its table in its own schema', async () => {
    const token = await api.signIn('eczaci');
    const created = await api.call('POST', '/plugins/acme-notes/notes', { token, body: { text: 'Reçeteyi ara' } });
    expect(created.status).toBe(200);
    expect(created.body).toEqual({ id: expect.any(Number), text: 'Reçeteyi ara' });
    const list = await api.call('GET', '/plugins/acme-notes/notes', { token });
    expect(list.status).toBe(200);
    expect(list.body).toEqual({ items: [created.body] });
    // Another company sees none of it; the contract's schema refuses a bad body; no token, no notes.
    expect((await api.call('GET', '/plugins/acme-notes/notes', { token: await api.signIn('muhasebe') })).body).toEqual({ items: [] });
    const bad = await api.call('POST', '/plugins/acme-notes/notes', { token, body: { text: '', extra: 1 } });
    expect(bad.status).toBe(400);
    expect((await api.call('GET', '/plugins/acme-notes/notes')).status).toBe(401);

    const where = await sql<{ schema: string }>`select table_schema as schema from information_schema.tables where table_name = 'notes'`.execute(t.server.services.db);
    expect(where.rows.map((r) => r.schema)).toEqual(['plugin_acme_notes']);
    const doc = (await api.call('GET', '/openapi.json')).body as { paths: Record<string, unknown>; components: { schemas: Record<string, unknown> } };
    expect(Object.keys(doc.paths)).toContain('/plugins/acme-notes/notes');
    expect(doc.components.schemas.AcmeNote).toBeDefined();
    expect(Object.keys(doc.paths)).toContain('/api/account');
  });
});
