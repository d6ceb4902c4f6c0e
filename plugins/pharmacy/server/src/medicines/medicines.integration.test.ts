import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { sql } from 'kysely';
import { engines, startTestServer, type TestServer } from '../../../../../packages/server/test/harness';
import { http, ONMUHASEBE } from '../../../../../packages/server/test/http';

const API = ONMUHASEBE;
const shipped = gunzipSync(readFileSync(new URL('../../resources/medicines.csv.gz', import.meta.url))).toString('utf8').trim().split('\n').length - 1;
const cidOf = (token: string): number => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).cid;

describe('the medicines migration', () => {
  it('is what the generator makes of the shipped compacted list', async () => {
    // @ts-expect-error a plain .mjs script without types
    const { generate, OUT } = await import('../../resources/generate-medicines.mjs');
    expect(readFileSync(OUT, 'utf8')).toBe(generate());
    expect(shipped).toBeGreaterThan(18_000);
  });
});

describe.each(engines('one'))('medicines on %s', (engine) => {
  let t: TestServer;
  let api: ReturnType<typeof http>;
  let eczaci: string;
  let muhasebe: string;
  const get = async (path: string, token = eczaci) => {
    const r = await api.call('GET', `${API}${path}`, { token });
    expect([path, r.status, r.status === 200 ? '' : r.text]).toEqual([path, 200, '']);
    return { items: r.body as any[], total: Number(r.headers.get('x-total-count')), body: r.body };
  };

  beforeAll(async () => {
    t = await startTestServer({ engine });
    api = http(t.url);
    eczaci = await api.signIn('eczaci');
    muhasebe = await api.signIn('muhasebe');
  });
  afterAll(async () => { await t?.close(); });

  it('lists the whole shipped list, paged, sorted by name', async () => {
    const p0 = await get('/medicines?size=5');
    expect(p0.total).toBe(shipped);
    expect(p0.items).toHaveLength(5);
    const p1 = await get('/medicines?size=5&page=1');
    expect(p1.items.map((m) => m.barcode)).not.toEqual(expect.arrayContaining([p0.items[0].barcode]));
    const names = [...p0.items, ...p1.items].map((m) => m.name);
    const sorted = (await sql<{ name: string }>`select name from pharmacy_medicines order by name, barcode limit 10`.execute(t.server.database.db)).rows.map((r) => r.name);
    expect(names).toEqual(sorted);
    const desc = await get('/medicines?size=3&sort=barcode,desc');
    expect(desc.items[0].barcode >= desc.items[1].barcode).toBe(true);
  });

  it('finds by name, by Turkish letters typed any way, by barcode, by ATC code and by substance', async () => {
    const parol = await get('/medicines?search=parol%20500');
    expect(parol.items.map((m) => m.barcode)).toContain('8699717010109');
    const parolOne = parol.items.find((m) => m.barcode === '8699717010109');
    expect(parolOne).toMatchObject({ name: 'PAROL 500 MG 20 TABLET', atcCode: 'N02BE01', color: 'NORMAL', active: true, equivalentGroup: 'E187A', form: 'TABLET', strength: '500 MG' });
    const turkish = await get('/medicines?search=%C3%A7%C3%B6zelti&size=3'); // "çözelti"
    expect(turkish.total).toBeGreaterThan(100);
    for (const m of turkish.items) expect(m.name).toMatch(/COZELTI|ÇÖZELTİ|çözelti/i);
    const byBarcode = await get('/medicines?search=86997170101');
    expect(byBarcode.items.map((m) => m.barcode)).toContain('8699717010109');
    for (const m of byBarcode.items) expect(m.barcode.startsWith('86997170101')).toBe(true);
    const atc = await get('/medicines?atcCode=N02BE01&size=1000');
    expect(atc.total).toBeGreaterThan(10);
    for (const m of atc.items) expect(m.atcCode).toBe('N02BE01');
    const substance = await get('/medicines?search=parasetamol&size=1');
    expect(substance.total).toBeGreaterThan(10);
    expect((await get('/medicines?search=zzqqxxnotamedicine')).total).toBe(0);
  });

  it('filters by colour, active state and equivalent group', async () => {
    const red = await get('/medicines?color=RED&size=1000');
    expect(red.total).toBeGreaterThan(20);
    for (const m of red.items) expect(m.color).toBe('RED');
    const passive = await get('/medicines?active=false&size=50');
    for (const m of passive.items) expect(m.active).toBe(false);
    const group = await get('/medicines?equivalentGroup=E187A&size=100');
    expect(group.total).toBeGreaterThan(3);
    for (const m of group.items) expect(m.equivalentGroup).toBe('E187A');
    const bad = await api.call('GET', `${API}/medicines?color=BLUE`, { token: eczaci });
    expect(bad.status).toBe(400);
  });

  it('prices: the pharmacy\'s product price, else the reference price by the TCMB euro rate, else none', async () => {
    const own = (await get('/medicines-with-price?search=8699717010109')).items.find((m) => m.barcode === '8699717010109');
    expect(own).toMatchObject({ priceSource: 'PRODUCT', price: '139.89' });
    expect(own.productId).toBeGreaterThan(0);
    // The general company has no such product: no price until a euro rate exists.
    const barcode = '8680030190111'; // GLIMATINE, GKF 493.95 €
    const before = (await get(`/medicines-with-price?search=${barcode}`, muhasebe)).items[0];
    await sql`delete from exchange_rates where currency_code = 'EUR'`.execute(t.server.database.db);
    const none = (await get(`/medicines-with-price?search=${barcode}`, muhasebe)).items[0];
    expect(none).toMatchObject({ barcode, referencePriceEur: '493.95', referencePrice: null, price: null, priceSource: null, productId: null });
    // Yesterday by the server's clock (services.now), which prices the medicine, not the database's.
    const yesterday = new Date(t.server.services.now().getTime() - 86_400_000).toISOString().slice(0, 10);
    await sql`insert into exchange_rates (rate_date, currency_code, unit, forex_buying, forex_selling, bulletin_date, source)
              values (${yesterday}::date, 'EUR', 1, 49.5, 50.0, ${yesterday}::date, 'sandbox')`.execute(t.server.database.db);
    const priced = (await get(`/medicines-with-price?search=${barcode}`, muhasebe)).items[0];
    expect(priced).toMatchObject({ referencePrice: '24697.50', price: '24697.50', priceSource: 'REFERENCE' });
    expect(before.barcode).toBe(barcode);
    const one = await get(`/medicines/${barcode}`, muhasebe);
    expect(one.body).toMatchObject({ barcode, priceSource: 'REFERENCE', price: '24697.50' });
    expect((await api.call('GET', `${API}/medicines/1234567890123`, { token: eczaci })).status).toBe(404);
  });

  it('equivalents: the same equivalent group, each with its price difference', async () => {
    const eq = (await get('/medicines/8699717010109/equivalents')).items;
    expect(eq.length).toBeGreaterThan(3);
    for (const e of eq) {
      expect(e).toMatchObject({ equivalentGroup: 'E187A', match: 'EQUIVALENT_GROUP', active: true });
      expect(e.barcode).not.toBe('8699717010109');
      if (e.price !== null) expect(e.priceDifference).toBe((Math.round((Number(e.price) - 139.89) * 100) / 100).toFixed(2));
      else expect(e.priceDifference).toBeNull();
    }
    const withPassive = (await get('/medicines/8699717010109/equivalents?includePassive=true')).items;
    expect(withPassive.length).toBeGreaterThan(eq.length);
  });

  it('equivalents without an SGK group: the same ATC code, form and strength read from the name', async () => {
    const eq = (await get('/medicines/8680150090193/equivalents')).items; // FLEXIDOL 400 MG FILM KAPLI TABLET, M03BX30, no group
    const names = eq.map((e) => e.name);
    expect(names).toEqual(expect.arrayContaining(['FLEXTRA 400 MG 24 FILM KAPLI TABLET (24 TABLET)', 'CABRAL 400 MG 24 FILM TABLET']));
    expect(names).not.toContain('CABRAL 800 MG 3 AMPUL');
    for (const e of eq) expect(e).toMatchObject({ atcCode: 'M03BX30', match: 'ATC_FORM', form: 'TABLET', strength: '400 MG', priceDifference: null });
    expect((await api.call('GET', `${API}/medicines/1234567890123/equivalents`, { token: eczaci })).status).toBe(404);
  });

  it('makes the pharmacy\'s products from the list: creates the new, skips the existing, names the unknown', async () => {
    const cid = cidOf(eczaci);
    const fresh = ['8681291090530', '8697772010058']; // PANADOL, PARCETOL: not among the demo products
    const body = { barcodes: [...fresh, '8699717010109', '1111111111111'] };
    const r = await api.call('POST', `${API}/products-from-medicines/${cid}`, { token: eczaci, body });
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({ created: 2, skipped: 1, unknown: ['1111111111111'] });
    const made = (await api.call('GET', `${API}/products?barcode=${fresh[0]}&barcode=${fresh[1]}`, { token: eczaci })).body as any[];
    expect(made.map((p) => p.barcode).sort()).toEqual(fresh);
    for (const p of made) expect(p).toMatchObject({ productType: 'MEDICINE', prescriptionType: 'NORMAL', qrTracking: true, salePrice: null });
    const again = await api.call('POST', `${API}/products-from-medicines/${cid}`, { token: eczaci, body });
    expect(again.body).toMatchObject({ created: 0, skipped: 3 });
    const other = await api.call('POST', `${API}/products-from-medicines/${cidOf(muhasebe)}`, { token: eczaci, body });
    expect(other.status).toBe(404);
    const empty = await api.call('POST', `${API}/products-from-medicines/${cid}`, { token: eczaci, body: {} });
    expect(empty.status).toBe(400);
  });

  it('vademecum: the lists\' date, a short-lived token for our own medicine page', async () => {
    const last = await get('/vademecum-last-update-date');
    expect(last.body.date).toBe('2026-08-18');
    expect(last.body.lists.map((l: any) => l.list).sort()).toEqual(['SGK_EK4A', 'SKRS', 'TITCK_GKF', 'TITCK_LICENSED']);
    const tok = await get('/vademecum-iframe-token');
    expect(tok.body.url).toContain(encodeURIComponent(tok.body.token));
    expect(Date.parse(tok.body.expiresAt) - Date.now()).toBeGreaterThan(8 * 60_000);
    const page = await api.call('GET', `${API}/vademecum-medicine/8699717010109?token=${encodeURIComponent(tok.body.token)}`);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ barcode: '8699717010109', name: 'PAROL 500 MG 20 TABLET' });
    expect(page.body.equivalents.length).toBeGreaterThan(3);
    expect(JSON.stringify(page.body)).not.toContain('"price"');
    const forged = tok.body.token.replace(/.$/, (c: string) => (c === 'A' ? 'B' : 'A'));
    expect((await api.call('GET', `${API}/vademecum-medicine/8699717010109?token=${encodeURIComponent(forged)}`)).status).toBe(401);
  });
});
