import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { engines, startTestServer, type TestServer } from '../../../../../packages/server/test/harness';
import { http, ONMUHASEBE } from '../../../../../packages/server/test/http';
import { userWith } from '../currents/testing';

const csvRows = (name: string) => readFileSync(new URL(`../../seed-data/${name}`, import.meta.url), 'utf8').trim().split('\n').length - 1;

describe('the lookups migration', () => {
  it('is what the generator makes of the shipped CSV files', async () => {
    // @ts-expect-error a plain .mjs script without types
    const { generate, OUT } = await import('../../seed-data/generate-lookups-migration.mjs');
    expect(readFileSync(OUT, 'utf8')).toBe(generate());
  });
});

describe.each(engines('one'))('lookups on %s', (engine) => {
  let t: TestServer;
  let api: ReturnType<typeof http>;
  let owner: string;
  beforeAll(async () => {
    t = await startTestServer({ engine });
    api = http(t.url);
    owner = await api.signIn('muhasebe');
  });
  afterAll(async () => { await t?.close(); });

  const get = async (path: string, token = owner) => {
    const r = await api.call('GET', `${ONMUHASEBE}${path}`, { token });
    expect([path, r.status]).toEqual([path, 200]);
    return { items: r.body as any[], total: Number(r.headers.get('x-total-count')) };
  };

  it('lists every country of the shipped data, finds Türkiye by code and by a Turkish name typed any way', async () => {
    const all = await get('/countries?size=10');
    expect(all.total).toBe(csvRows('ulkeler.csv'));
    expect(all.items).toHaveLength(10);
    const tr = await get('/countries?code=tr');
    expect(tr.items).toEqual([expect.objectContaining({ code: 'TR', alpha3: 'TUR', name: 'Türkiye', nameEn: 'Türkiye', currencyCode: 'TRY', phoneCode: '90' })]);
    for (const q of ['türk', 'TURK', 'Türkİye']) expect((await get(`/countries?search=${encodeURIComponent(q)}`)).items.map((c) => c.code)).toContain('TR');
    expect((await get(`/countries?search=${encodeURIComponent('Germany')}`)).items.map((c) => c.name)).toEqual(['Almanya']);
  });

  it('lists the 81 provinces of Türkiye by plate, and finds them by name or plate', async () => {
    const turkey = (await get('/countries?code=TR')).items[0];
    const cities = await get(`/cities?countryId=${turkey.id}&size=100`);
    expect(cities.total).toBe(81);
    expect(cities.items[0]).toEqual({ id: 1, countryId: turkey.id, plateCode: '01', name: 'Adana', metropolitan: true });
    expect(cities.items.map((c) => c.id)).toEqual(Array.from({ length: 81 }, (_, i) => i + 1));
    expect((await get('/cities?search=istanbul')).items.map((c) => c.name)).toEqual(['İstanbul']);
    expect((await get('/cities?search=6')).items.map((c) => c.name)).toContain('Ankara');
    expect((await get(`/cities?countryId=${turkey.id + 1}`)).total).toBe(0);
  });

  it('lists the districts of a city in Turkish spelling, sorted by name', async () => {
    const ankara = await get('/city-subdivisions?cityId=6&size=100&sort=name,asc');
    expect(ankara.total).toBe(25);
    expect(ankara.items.map((d) => d.name)).toEqual(expect.arrayContaining(['Çankaya', 'Keçiören', 'Yenimahalle', 'Mamak']));
    expect(ankara.items.every((d) => d.cityId === 6)).toBe(true);
    expect((await get('/city-subdivisions?cityId=6&search=CANKAYA')).items.map((d) => d.name)).toEqual(['Çankaya']);
    expect((await get('/city-subdivisions?size=1')).total).toBe(csvRows('ilceler.csv'));
  });

  it('lists the tax offices of a city, found by name, district or office code', async () => {
    const istanbul = await get('/tax-offices?cityId=34&size=1');
    expect(istanbul.total).toBeGreaterThan(30);
    const besiktas = await get(`/tax-offices?cityId=34&search=${encodeURIComponent('beşiktaş')}`);
    expect(besiktas.items).toEqual([expect.objectContaining({ code: '34251', name: 'Beşiktaş Vergi Dairesi Müdürlüğü', cityId: 34, district: 'Merkez' })]);
    expect((await get('/tax-offices?search=6257')).items.map((o) => o.name)).toEqual(['Çankaya Vergi Dairesi Müdürlüğü']);
    const kecioren = (await get('/tax-offices?cityId=6&search=Keçiören')).items[0];
    expect(kecioren.citySubdivisionId).toBeNull();
    const inDistrict = (await get(`/tax-offices?cityId=7&search=${encodeURIComponent('Alanya')}`)).items[0];
    const alanya = (await get('/city-subdivisions?cityId=7&search=Alanya')).items[0];
    expect(inDistrict.citySubdivisionId).toBe(alanya.id);
    expect((await get('/tax-offices?size=1')).total).toBe(csvRows('vergi_daireleri.csv'));
  });

  it('pages and refuses an unknown sort field', async () => {
    const p0 = await get('/cities?size=25&page=0');
    const p3 = await get('/cities?size=25&page=3');
    expect(p3.items.map((c) => c.id)).toEqual([76, 77, 78, 79, 80, 81]);
    expect(p0.total).toBe(p3.total);
    const bad = await api.call('GET', `${ONMUHASEBE}/cities?sort=country,asc`, { token: owner });
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors[0].field).toBe('sort');
  });

  it('gives tax offices to whoever views any kind of current account, and the address lists to every signed-in user', async () => {
    const supplierViewer = await userWith(api, owner, 'tedarikgoren', ['5_1']);
    expect((await get('/tax-offices?cityId=6&size=1', supplierViewer)).total).toBeGreaterThan(0);
    const none = await userWith(api, owner, 'hicbiryetki', ['13_1']);
    for (const path of ['/countries?size=1', '/cities?size=1', '/city-subdivisions?cityId=6&size=1']) expect((await get(path, none)).total).toBeGreaterThan(0);
    const r = await api.call('GET', `${ONMUHASEBE}/tax-offices`, { token: none });
    expect(r.status).toBe(403);
    expect(r.body.title).toBe('Yetki Hatası');
  });

  it('keeps tax offices and the chart of accounts read-only for requests', async () => {
    const { inTenant } = await import('../../../../../packages/server/src/db/database');
    await expect(inTenant(t.server.database.db, 3, (trx) => trx.deleteFrom('tax_offices' as never).execute())).rejects.toThrow(/permission denied/);
    await expect(inTenant(t.server.database.db, 3, (trx) => trx.deleteFrom('chart_accounts' as never).execute())).rejects.toThrow(/permission denied/);
  });
});
