import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { engines, startTestServer, type TestServer } from '../../../../../packages/server/test/harness';
import { http, ONMUHASEBE } from '../../../../../packages/server/test/http';

const CURRENCIES = `${ONMUHASEBE}/currencies`;

describe.each(engines('one'))('currencies on %s', (engine) => {
  let t: TestServer;
  let api: ReturnType<typeof http>;
  let owner: string;
  let admin: string;
  beforeAll(async () => {
    t = await startTestServer({ engine });
    api = http(t.url);
    owner = await api.signIn('muhasebe');
    admin = await api.signIn('yonetici');
  });
  afterAll(async () => { await t?.close(); });

  it('lists the ten fixed currencies by index to anyone holding 24_1', async () => {
    const r = await api.call('GET', `${CURRENCIES}?size=100`, { token: owner });
    expect(r.status).toBe(200);
    expect(r.headers.get('x-total-count')).toBe('10');
    expect(r.body.map((c: { id: number; code: string }) => `${c.id}:${c.code}`))
      .toEqual(['1:TL', '2:USD', '3:EUR', '4:CAD', '5:SEK', '6:RUB', '7:JPY', '8:AUD', '9:GBP', '10:SAR']);
    expect(r.body[0]).toEqual({ id: 1, code: 'TL', name: 'Türk Lirası', symbol: '₺', fixed: true });
    const one = await api.call('GET', `${CURRENCIES}/3`, { token: await api.signIn('eczaci') });
    expect(one.body).toMatchObject({ code: 'EUR', fixed: true });
    expect((await api.call('GET', `${CURRENCIES}?search=dolar&sort=code,desc`, { token: owner })).body.map((c: { code: string }) => c.code)).toEqual(['USD', 'CAD', 'AUD']);
    expect((await api.call('GET', `${CURRENCIES}/99`, { token: owner })).status).toBe(404);
  });

  it('lets only management add a currency, under the next id and a free ISO code', async () => {
    const byOwner = await api.call('POST', CURRENCIES, { token: owner, body: { code: 'CHF', name: 'İsviçre Frangı' } });
    expect(byOwner.status).toBe(403);
    expect(byOwner.body.code).toBe('MANAGEMENT_ONLY');
    const c = await api.call('POST', CURRENCIES, { token: admin, body: { code: 'CHF', name: 'İsviçre Frangı', symbol: 'Fr' } });
    expect(c.status).toBe(201);
    expect(c.body).toEqual({ id: 11, code: 'CHF', name: 'İsviçre Frangı', symbol: 'Fr', fixed: false });
    const dup = await api.call('POST', CURRENCIES, { token: admin, body: { code: 'USD', name: 'Dolar' } });
    expect(dup.status).toBe(409);
    expect(dup.body.fieldErrors[0]).toMatchObject({ field: 'code', code: 'CURRENCY_CODE_TAKEN' });
    const lower = await api.call('POST', CURRENCIES, { token: admin, body: { code: 'dkk', name: 'Danimarka Kronu' } });
    expect(lower.status).toBe(400);
    expect(lower.body.fieldErrors[0].field).toBe('code');
    const next = await api.call('POST', CURRENCIES, { token: admin, body: { code: 'DKK', name: 'Danimarka Kronu' } });
    expect(next.body).toMatchObject({ id: 12, symbol: null });
    expect((await api.call('GET', `${CURRENCIES}/11`, { token: owner })).body.code).toBe('CHF');
  });

  it('keeps the fixed ten and reports an update that changes nothing', async () => {
    const fixed = await api.call('PUT', CURRENCIES, { token: admin, body: { id: 2, code: 'USD', name: 'ABD Doları' } });
    expect(fixed.status).toBe(409);
    expect(fixed.body.code).toBe('CURRENCY_FIXED');
    const c = await api.call('POST', CURRENCIES, { token: admin, body: { code: 'NOK', name: 'Norveç Kronu', symbol: 'kr' } });
    const same = await api.call('PUT', CURRENCIES, { token: admin, body: { id: c.body.id, code: 'NOK', name: 'Norveç Kronu', symbol: 'kr' } });
    expect(same.status).toBe(400);
    expect(same.body.detail).toBe('Herhangi bir değişiklik yapmadınız!');
    const changed = await api.call('PUT', CURRENCIES, { token: admin, body: { id: c.body.id, code: 'NOK', name: 'Norveç Kronu', symbol: null } });
    expect(changed.status).toBe(200);
    expect(changed.body.symbol).toBeNull();
    const byOwner = await api.call('PUT', CURRENCIES, { token: owner, body: { id: c.body.id, code: 'NOK', name: 'X' } });
    expect(byOwner.status).toBe(403);
  });

  it('deletes only an added currency nothing uses', async () => {
    const fixed = await api.call('DELETE', `${CURRENCIES}/1`, { token: admin });
    expect(fixed.status).toBe(409);
    expect(fixed.body.detail).toBe('Sabit para birimleri (TL, USD, EUR, CAD, SEK, RUB, JPY, AUD, GBP, SAR) değiştirilemez veya silinemez.');
    const used = await api.call('POST', CURRENCIES, { token: admin, body: { code: 'KWD', name: 'Kuveyt Dinarı' } });
    const free = await api.call('POST', CURRENCIES, { token: admin, body: { code: 'BGN', name: 'Bulgar Levası' } });
    const db = t.server.database.db;
    await sql`create table currency_probe (currency_id integer not null references currencies (id))`.execute(db);
    await sql`insert into currency_probe values (${used.body.id})`.execute(db);
    const refused = await api.call('DELETE', `${CURRENCIES}/${used.body.id}`, { token: admin });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'CURRENCY_IN_USE', detail: 'Bu para birimi kullanımda olduğu için silinemez.' });
    expect((await api.call('DELETE', `${CURRENCIES}/${free.body.id}`, { token: owner })).status).toBe(403);
    expect((await api.call('DELETE', `${CURRENCIES}/${free.body.id}`, { token: admin })).status).toBe(204);
    expect((await api.call('GET', `${CURRENCIES}/${free.body.id}`, { token: admin })).status).toBe(404);
    await sql`drop table currency_probe`.execute(db);
  });
});
