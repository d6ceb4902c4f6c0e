import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { engines, startTestServer, type TestServer } from '../../../../../packages/server/test/harness';
import { http, ONMUHASEBE } from '../../../../../packages/server/test/http';

describe.each(engines('both'))('current-account statistics after an import on %s', (engine) => {
  let t: TestServer;
  beforeAll(async () => { t = await startTestServer({ engine }); });
  afterAll(async () => { await t?.close(); });

  const planned = async () => (await sql<{ n: number }>`select greatest(reltuples, 0)::float8 as n from pg_class where oid = 'currents'::regclass`.execute(t.server.database.db)).rows[0]!.n;

  it('are refreshed once a bulk import grew the table by a fifth', async () => {
    const api = http(t.url);
    const token = await api.signIn('muhasebe');
    const before = await planned();
    for (let batch = 0; batch < 2; batch++) {
      const items = Array.from({ length: 1000 }, (_, i) => ({ currentAccountType: 'SUPPLIER', name: `İstatistik ${batch}-${i}` }));
      const r = await api.call('POST', `${ONMUHASEBE}/currentsList`, { token, body: items });
      expect(r.status).toBe(200);
      expect(r.body.created).toBe(1000);
    }
    expect(before).toBeLessThan(2000);
    expect(await planned()).toBeGreaterThanOrEqual(2000);
  });
});
