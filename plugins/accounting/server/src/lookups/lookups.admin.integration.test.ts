import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startTestServer, type TestServer } from '../../../../../packages/server/test/harness';
import { http, ONMUHASEBE } from '../../../../../packages/server/test/http';

// Management's upkeep of countries, cities and city subdivisions (seeds 001 §7 standard CRUD).
describe.each(engines('one'))('address lookups kept by management on %s', (engine) => {
  let t: TestServer;
  let api: ReturnType<typeof http>;
  let admin: string;
  let owner: string;
  beforeAll(async () => {
    t = await startTestServer({ engine });
    api = http(t.url);
    admin = await api.signIn('yonetici');
    owner = await api.signIn('muhasebe');
  });
  afterAll(async () => { await t?.close(); });

  const call = (method: string, path: string, token: string, body?: unknown) => api.call(method as never, `${ONMUHASEBE}${path}`, { token, ...(body === undefined ? {} : { body }) });

  it('lets management add, read, change and delete a country, city and district; the new ids follow the shipped data', async () => {
    const country = await call('POST', '/countries', admin, { code: 'qz', alpha3: 'qzz', name: '  Deneme   Ülkesi ', nameEn: 'Test Country', currencyCode: 'eur', phoneCode: '999' });
    expect(country.status).toBe(201);
    expect(country.body).toMatchObject({ code: 'QZ', alpha3: 'QZZ', name: 'Deneme Ülkesi', nameEn: 'Test Country', currencyCode: 'EUR', phoneCode: '999', numericCode: null });
    expect(country.body.id).toBeGreaterThan(250);
    const city = await call('POST', '/cities', admin, { countryId: country.body.id, plateCode: '1', name: 'Priştine' });
    expect(city.status).toBe(201);
    expect(city.body).toMatchObject({ countryId: country.body.id, plateCode: '01', name: 'Priştine', metropolitan: false });
    expect(city.body.id).toBeGreaterThan(81);
    const district = await call('POST', '/city-subdivisions', admin, { cityId: city.body.id, name: 'Merkez' });
    expect(district.status).toBe(201);
    expect(district.body).toEqual({ id: expect.any(Number), cityId: city.body.id, name: 'Merkez' });

    // Every signed-in user reads them, one by one and in the lists.
    expect((await call('GET', `/countries/${country.body.id}`, owner)).body).toEqual(country.body);
    expect((await call('GET', `/cities/${city.body.id}`, owner)).body).toEqual(city.body);
    expect((await call('GET', `/city-subdivisions/${district.body.id}`, owner)).body).toEqual(district.body);
    expect((await call('GET', `/cities?countryId=${country.body.id}`, owner)).body).toEqual([city.body]);

    const renamed = await call('PUT', '/city-subdivisions', admin, { id: district.body.id, cityId: city.body.id, name: 'Priştine Merkez' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.name).toBe('Priştine Merkez');
    const metro = await call('PUT', '/cities', admin, { id: city.body.id, countryId: country.body.id, plateCode: '01', name: 'Priştine', metropolitan: true });
    expect(metro.body.metropolitan).toBe(true);
    const recoded = await call('PUT', '/countries', admin, { id: country.body.id, code: 'QZ', name: 'Deneme Cumhuriyeti', nameEn: 'Test Republic' });
    expect(recoded.status).toBe(200);
    expect(recoded.body).toMatchObject({ name: 'Deneme Cumhuriyeti', alpha3: null, currencyCode: null });

    expect((await call('DELETE', `/city-subdivisions/${district.body.id}`, admin)).status).toBe(204);
    expect((await call('DELETE', `/cities/${city.body.id}`, admin)).status).toBe(204);
    expect((await call('DELETE', `/countries/${country.body.id}`, admin)).status).toBe(204);
    expect((await call('GET', `/countries/${country.body.id}`, owner)).status).toBe(404);
    expect((await call('GET', `/cities/${city.body.id}`, owner)).body.detail).toBe('İl bulunamadı.');
  });

  it('refuses every write to anyone but management staff with 403, and changes nothing', async () => {
    const before = Number((await call('GET', '/countries?size=1', owner)).headers.get('x-total-count'));
    for (const [method, path, body] of [
      ['POST', '/countries', { code: 'QQ', name: 'Deneme', nameEn: 'Test' }],
      ['PUT', '/countries', { id: 1, code: 'AD', name: 'Andora', nameEn: 'Andorra' }],
      ['DELETE', '/countries/1', undefined],
      ['POST', '/cities', { countryId: 1, plateCode: '99', name: 'Deneme' }],
      ['PUT', '/cities', { id: 6, countryId: 1, plateCode: '06', name: 'Ankara' }],
      ['DELETE', '/cities/6', undefined],
      ['POST', '/city-subdivisions', { cityId: 6, name: 'Deneme' }],
      ['PUT', '/city-subdivisions', { id: 1, cityId: 1, name: 'Deneme' }],
      ['DELETE', '/city-subdivisions/1', undefined],
    ] as const) {
      const r = await call(method, path, owner, body);
      expect([method, path, r.status, r.body.code]).toEqual([method, path, 403, 'MANAGEMENT_ONLY']);
    }
    expect(Number((await call('GET', '/countries?size=1', owner)).headers.get('x-total-count'))).toBe(before);
    expect((await call('GET', '/cities/6', owner)).body.name).toBe('Ankara');
  });

  it('refuses to delete a row in use with 409 and a Turkish reason, never 500', async () => {
    const tr = (await call('GET', '/countries?code=TR', owner)).body[0];
    const country = await call('DELETE', `/countries/${tr.id}`, admin);
    expect(country.status).toBe(409);
    expect(country.body).toMatchObject({ code: 'COUNTRY_HAS_CITIES', detail: 'Bu ülkeye bağlı iller olduğu için ülke silinemez; önce illerini silin.' });
    const ankara = await call('DELETE', '/cities/6', admin);
    expect(ankara.status).toBe(409);
    expect(ankara.body.code).toBe('CITY_HAS_SUBDIVISIONS');

    // A district named only by another company's current account: the foreign key answers.
    const city = await call('POST', '/cities', admin, { countryId: tr.id, plateCode: '82', name: 'Deneme İli' });
    const district = await call('POST', '/city-subdivisions', admin, { cityId: city.body.id, name: 'Deneme İlçesi' });
    const taxOfficeId = (await call('GET', '/tax-offices?size=1', owner)).body[0].id;
    const current = await call('POST', '/currents', owner, { currentAccountType: 'CUSTOMER', name: 'Deneme Müşterisi', taxOfficeId, cityId: city.body.id, citySubdivisionId: district.body.id });
    expect([current.status, current.body.detail]).toEqual([201, undefined]);
    const used = await call('DELETE', `/city-subdivisions/${district.body.id}`, admin);
    expect(used.status).toBe(409);
    expect(used.body).toMatchObject({ code: 'SUBDIVISION_IN_USE', detail: 'Bu ilçe cari hesaplarda veya başka kayıtlarda kullanıldığı için silinemez.' });
    // The current leaves the district; the city is still named by it.
    expect((await call('DELETE', `/currents/${current.body.id}`, owner)).status).toBe(204);
    expect((await call('DELETE', `/city-subdivisions/${district.body.id}`, admin)).status).toBe(204);
    expect((await call('GET', `/city-subdivisions/${district.body.id}`, admin)).status).toBe(404);
    expect((await call('DELETE', `/cities/${city.body.id}`, admin)).status).toBe(204);
  });

  it('answers bad input with 400 and taken codes or names with 409', async () => {
    const blank = await call('POST', '/countries', admin, { code: 'QQ', name: '   ', nameEn: 'Test' });
    expect(blank.status).toBe(400);
    expect(blank.body.fieldErrors[0]).toMatchObject({ field: 'name', code: 'REQUIRED' });
    const badCode = await call('POST', '/countries', admin, { code: 'QQQ', name: 'Deneme', nameEn: 'Test' });
    expect(badCode.status).toBe(400);
    expect(badCode.body.fieldErrors[0].field).toBe('code');
    const long = await call('POST', '/cities', admin, { countryId: 1, plateCode: '01', name: 'x'.repeat(101) });
    expect(long.status).toBe(400);
    const missing = await call('POST', '/city-subdivisions', admin, { name: 'Deneme' });
    expect(missing.status).toBe(400);
    const noCity = await call('POST', '/city-subdivisions', admin, { cityId: 999999, name: 'Deneme' });
    expect(noCity.status).toBe(400);
    expect(noCity.body.fieldErrors[0]).toMatchObject({ field: 'cityId', message: 'İl bulunamadı.' });

    const taken = await call('POST', '/countries', admin, { code: 'tr', name: 'Türkiye 2', nameEn: 'Turkey 2' });
    expect(taken.status).toBe(409);
    expect(taken.body.fieldErrors[0]).toMatchObject({ field: 'code', code: 'COUNTRY_CODE_TAKEN' });
    const plate = await call('POST', '/cities', admin, { countryId: (await call('GET', '/countries?code=TR', owner)).body[0].id, plateCode: '06', name: 'Yeni Ankara' });
    expect(plate.status).toBe(409);
    expect(plate.body.fieldErrors[0].code).toBe('CITY_PLATE_TAKEN');
    const besiktas = (await call('GET', `/city-subdivisions?cityId=34&search=${encodeURIComponent('Beşiktaş')}`, owner)).body[0];
    const same = await call('POST', '/city-subdivisions', admin, { cityId: 34, name: 'BEŞİKTAŞ' });
    expect(same.status).toBe(409);
    expect(same.body.detail).toBe('Bu ilde bu adla kayıtlı bir ilçe zaten var.');
    expect((await call('PUT', '/city-subdivisions', admin, { id: besiktas.id, cityId: 34, name: 'Beşiktaş' })).status).toBe(200);
    expect((await call('PUT', '/countries', admin, { id: 999999, code: 'QQ', name: 'Yok', nameEn: 'None' })).status).toBe(404);
  });
});
