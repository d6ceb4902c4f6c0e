import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { engines, startTestServer, type TestServer } from '../../../../../packages/server/test/harness';
import { http, ONMUHASEBE } from '../../../../../packages/server/test/http';

describe.each(engines('both'))('planner statistics after an import on %s', (engine) => {
  let t: TestServer;
  beforeAll(async () => { t = await startTestServer({ engine }); });
  afterAll(async () => { await t?.close(); });

  it('are refreshed once a bulk import changed a fifth of the table', async () => {
    const api = http(t.url);
    const token = await api.signIn('muhasebe');
    const db = t.server.database.db;
    const ref = (await sql<{ unit: number; wh: number }>`select (select id from units where company_id = 3 and code = 'C62') as unit,
      (select id from warehouses where company_id = 3 and is_default) as wh`.execute(db)).rows[0]!;
    const before = (await sql<{ n: number }>`select greatest(reltuples, 0)::float8 as n from pg_class where oid = 'products'::regclass`.execute(db)).rows[0]!.n;
    for (let batch = 0; batch < 2; batch++) {
      const items = Array.from({ length: 1000 }, (_, i) => ({
        name: `İstatistik ${batch}-${i}`, barcode: `ST${batch}${String(i).padStart(6, '0')}`, productType: 'COMMERCIAL_GOODS', unitId: ref.unit,
        buyingCurrencyId: 1, saleCurrencyId: 1, defaultTaxRate: 20, warehouseId: ref.wh,
      }));
      const r = await api.call('PUT', `${ONMUHASEBE}/products-list`, { token, body: items });
      expect(r.status).toBe(200);
    }
    const after = (await sql<{ n: number }>`select greatest(reltuples, 0)::float8 as n from pg_class where oid = 'products'::regclass`.execute(db)).rows[0]!.n;
    expect(before).toBeLessThan(2000);
    expect(after).toBeGreaterThanOrEqual(2000);
  });
});
