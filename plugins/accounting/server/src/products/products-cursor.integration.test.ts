import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startTestServer, type TestServer } from '../../../../../packages/server/test/harness';
import { http, ONMUHASEBE } from '../../../../../packages/server/test/http';
import { goods } from './testing';

const P = `${ONMUHASEBE}/products`;

describe.each(engines('both'))('the product list by cursor (keyset paging) on %s', (engine) => {
  let t: TestServer;
  let api: ReturnType<typeof http>;
  let owner: string;
  beforeAll(async () => {
    t = await startTestServer({ engine });
    api = http(t.url);
    owner = await api.signIn('muhasebe');
    const unitId = (await api.call('GET', `${ONMUHASEBE}/units?search=Adet`, { token: owner })).body[0].id;
    const warehouseId = (await api.call('GET', `${ONMUHASEBE}/warehouses`, { token: owner })).body[0].id;
    // Sale prices with many ties and some without a price (nulls sort last ascending, first descending).
    const body = Array.from({ length: 33 }, (_, i) => goods({
      unitId, warehouseId, name: `İmleç ${['A', 'B', 'C'][i % 3]}`, barcode: `CUR-${String(i).padStart(4, '0')}`,
      salePrice: i % 5 === 0 ? null : [1, 2.5, 2.5, 10][i % 4],
    }));
    const r = await api.call('PUT', `${ONMUHASEBE}/products-list`, { token: owner, body });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ created: 33 });
    const priceless = await api.call('GET', `${P}?search=%C4%B0mle%C3%A7&sort=salePrice,desc&size=7`, { token: owner });
    expect(priceless.body.map((p: { salePrice: unknown }) => p.salePrice ?? null)).toEqual([null, null, null, null, null, null, null]);
  });
  afterAll(async () => { await t?.close(); });

  const ids = (r: { body: { id: number }[] }) => r.body.map((p) => p.id);

  it.each(['sort=salePrice,asc', 'sort=salePrice,desc', 'sort=name,asc&sort=salePrice,desc', 'search=%C4%B0mle%C3%A7', 'sort=stockQuantity,asc'])(
    'gets every product exactly once, in the order of page/size (%s)',
    async (query) => {
      const paged: number[] = [];
      for (let page = 0; ; page++) {
        const r = await api.call('GET', `${P}?${query}&size=4&page=${page}`, { token: owner });
        expect(r.status).toBe(200);
        paged.push(...ids(r));
        if (r.body.length < 4) break;
      }
      const walked: number[] = [];
      let cursor: string | null = null;
      do {
        const r = await api.call('GET', `${P}?${query}&size=4${cursor ? `&cursor=${cursor}` : ''}`, { token: owner });
        expect(r.status).toBe(200);
        walked.push(...ids(r));
        cursor = r.headers.get('x-next-cursor');
      } while (cursor && walked.length <= paged.length);
      expect(walked).toEqual(paged);
      expect(new Set(walked).size).toBe(walked.length);
      expect(walked.length).toBeGreaterThanOrEqual(33);
    },
  );

  it('refuses a cursor of another list with 400', async () => {
    const users = await api.call('GET', '/api/users?size=1', { token: owner });
    const cursor = users.headers.get('x-next-cursor');
    expect(cursor).toBeTruthy();
    const r = await api.call('GET', `${P}?size=1&cursor=${cursor}`, { token: owner });
    expect(r.status).toBe(400);
    expect(r.body.fieldErrors[0]).toMatchObject({ field: 'cursor', code: 'CURSOR' });
  });
});
