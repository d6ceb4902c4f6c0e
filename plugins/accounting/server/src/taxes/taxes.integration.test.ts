import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { engines, startTestServer, type TestServer } from '../../../../../packages/server/test/harness';
import { http, ONMUHASEBE } from '../../../../../packages/server/test/http';

const TAXES = `${ONMUHASEBE}/taxes`;

describe.each(engines('one'))('taxes on %s', (engine) => {
  let t: TestServer;
  let api: ReturnType<typeof http>;
  let owner: string;
  beforeAll(async () => {
    t = await startTestServer({ engine });
    api = http(t.url);
    owner = await api.signIn('muhasebe');
  });
  afterAll(async () => { await t?.close(); });

  it('gives every company VAT 20, 10, 1 and 0, its own, with their abbreviation', async () => {
    const r = await api.call('GET', `${TAXES}?size=200&sort=percentage,desc`, { token: owner });
    expect(r.status).toBe(200);
    expect(r.headers.get('x-total-count')).toBe('4');
    expect(r.body.map((x: { name: string; percentage: number; taxType: string; abbreviation: string }) => [x.name, x.percentage, x.taxType, x.abbreviation]))
      .toEqual([['KDV %20', 20, 'KDV', 'KDV'], ['KDV %10', 10, 'KDV', 'KDV'], ['KDV %1', 1, 'KDV', 'KDV'], ['KDV %0', 0, 'KDV', 'KDV']]);
    const other = await api.call('GET', `${TAXES}?size=200`, { token: await api.signIn('eczaci') });
    const ids = new Set(r.body.map((x: { id: number }) => x.id));
    expect(other.body).toHaveLength(4);
    expect(other.body.some((x: { id: number }) => ids.has(x.id))).toBe(false);
    const foreign = await api.call('GET', `${TAXES}/${r.body[0].id}`, { token: await api.signIn('eczaci') });
    expect(foreign.status).toBe(404);
  });

  it('requires the percentage and the type', async () => {
    const r = await api.call('POST', TAXES, { token: owner, body: { name: 'Boş' } });
    expect(r.status).toBe(400);
    expect(r.body.fieldErrors.map((f: { field: string; code: string }) => [f.field, f.code]).sort())
      .toEqual([['percentage', 'REQUIRED'], ['taxType', 'REQUIRED']]);
    const badType = await api.call('POST', TAXES, { token: owner, body: { taxType: 'VAT', percentage: 5 } });
    expect(badType.status).toBe(400);
    expect(badType.body.fieldErrors[0].field).toBe('taxType');
  });

  it("refuses the same percentage of a type twice with 'Aynı vergi oranı zaten var'", async () => {
    const dup = await api.call('POST', TAXES, { token: owner, body: { taxType: 'KDV', percentage: 20 } });
    expect(dup.status).toBe(409);
    expect(dup.body.detail).toBe('Aynı vergi oranı zaten var');
    expect(dup.body.fieldErrors).toEqual([{ field: 'percentage', message: 'Aynı vergi oranı zaten var', code: 'TAX_PERCENTAGE_EXISTS' }]);
    // The seeds' English wording is what a request asking for English reads.
    const inEnglish = await api.call('POST', TAXES, { token: owner, body: { taxType: 'KDV', percentage: 20 }, headers: { 'accept-language': 'en-US,en;q=0.9' } });
    expect(inEnglish.status).toBe(409);
    expect(inEnglish.body).toMatchObject({ title: 'Conflict', detail: 'Same tax percentage already exists' });
    expect(inEnglish.body.fieldErrors[0].message).toBe('Same tax percentage already exists');
    const otherType = await api.call('POST', TAXES, { token: owner, body: { taxType: 'ÖTV-IV', percentage: 20 } });
    expect(otherType.status).toBe(201);
    expect(otherType.body).toMatchObject({ name: 'ÖTV-IV %20', taxType: 'ÖTV-IV', percentage: 20, abbreviation: 'ÖTV-IV', currencyId: 1, active: true, exceptionCode: null });
  });

  it('keeps percentages in range with two decimals, and exemption codes on 0 % KDV only', async () => {
    const high = await api.call('POST', TAXES, { token: owner, body: { taxType: 'KDV', percentage: 120 } });
    expect(high.status).toBe(400);
    expect(high.body.fieldErrors[0]).toMatchObject({ field: 'percentage', code: 'RANGE' });
    const luxury = await api.call('POST', TAXES, { token: owner, body: { taxType: 'ÖTV-IV', percentage: 160 } });
    expect(luxury.status).toBe(201);
    const fine = await api.call('POST', TAXES, { token: owner, body: { taxType: 'KDV', percentage: 8.125 } });
    expect(fine.status).toBe(400);
    expect(fine.body.fieldErrors[0]).toMatchObject({ field: 'percentage', code: 'DECIMALS' });
    const half = await api.call('POST', TAXES, { token: owner, body: { taxType: 'KDV', percentage: 0.5, abbreviation: 'KDV½' } });
    expect(half.status).toBe(201);
    expect(half.body).toMatchObject({ name: 'KDV %0,5', percentage: 0.5, abbreviation: 'KDV½' });
    const unknown = await api.call('POST', TAXES, { token: owner, body: { taxType: 'KDV', percentage: 18, exceptionCode: '999' } });
    expect(unknown.body.fieldErrors[0]).toMatchObject({ field: 'exceptionCode', code: 'UNKNOWN_EXCEPTION' });
    const notZero = await api.call('POST', TAXES, { token: owner, body: { taxType: 'KDV', percentage: 18, exceptionCode: '301' } });
    expect(notZero.status).toBe(400);
    expect(notZero.body.fieldErrors[0]).toMatchObject({ field: 'exceptionCode', code: 'EXCEPTION_NOT_ZERO', message: 'İstisna kodu yalnızca %0 oranlı vergide kullanılabilir.' });
    const wrongType = await api.call('POST', TAXES, { token: owner, body: { taxType: 'ÖİV', percentage: 0, exceptionCode: '301' } });
    expect(wrongType.body.fieldErrors[0]).toMatchObject({ field: 'exceptionCode', code: 'EXCEPTION_TYPE' });
    const noCurrency = await api.call('POST', TAXES, { token: owner, body: { taxType: 'KKDF', percentage: 6, currencyId: 999 } });
    expect(noCurrency.body.fieldErrors[0]).toMatchObject({ field: 'currencyId', code: 'UNKNOWN_CURRENCY' });
    const zero = (await api.call('GET', `${TAXES}?taxType=KDV&search=%250&size=10`, { token: owner })).body.find((x: { percentage: number }) => x.percentage === 0);
    const exempt = await api.call('PUT', TAXES, { token: owner, body: { id: zero.id, taxType: 'KDV', percentage: 0, exceptionCode: '301' } });
    expect(exempt.status).toBe(200);
    expect(exempt.body).toMatchObject({ name: 'KDV %0', exceptionCode: '301' });
  });

  it('keeps one 0 % KDV per exemption code, never two of one code', async () => {
    const services = await api.call('POST', TAXES, { token: owner, body: { taxType: 'KDV', percentage: 0, exceptionCode: '302' } });
    expect(services.status, JSON.stringify(services.body)).toBe(201);
    const other = await api.call('POST', TAXES, { token: owner, body: { taxType: 'KDV', percentage: 0, exceptionCode: '350' } });
    expect(other.status, JSON.stringify(other.body)).toBe(201);
    const twice = await api.call('POST', TAXES, { token: owner, body: { taxType: 'KDV', percentage: 0, exceptionCode: '302' } });
    expect([twice.status, twice.body.fieldErrors?.[0]?.code]).toEqual([409, 'TAX_PERCENTAGE_EXISTS']);
    const moved = await api.call('PUT', TAXES, { token: owner, body: { id: other.body.id, taxType: 'KDV', percentage: 0, exceptionCode: '302' } });
    expect([moved.status, moved.body.fieldErrors?.[0]?.code]).toEqual([409, 'TAX_PERCENTAGE_EXISTS']);
  });

  it("answers an update that changes nothing with 'Herhangi bir değişiklik yapmadınız!', and renames by type and percentage", async () => {
    const c = await api.call('POST', TAXES, { token: owner, body: { taxType: 'ÖİV', percentage: 7.5 } });
    expect(c.status).toBe(201);
    const same = await api.call('PUT', TAXES, { token: owner, body: { id: c.body.id, taxType: 'ÖİV', percentage: 7.5 } });
    expect(same.status).toBe(400);
    expect(same.body.detail).toBe('Herhangi bir değişiklik yapmadınız!');
    const sameAgain = await api.call('PUT', TAXES, { token: owner, body: { id: c.body.id, name: 'ÖİV %7,5', taxType: 'ÖİV', percentage: 7.5, abbreviation: 'ÖİV', active: true } });
    expect(sameAgain.body.detail).toBe('Herhangi bir değişiklik yapmadınız!');
    const onto20 = await api.call('PUT', TAXES, { token: owner, body: { id: c.body.id, taxType: 'KDV', percentage: 20 } });
    expect(onto20.status).toBe(409);
    expect(onto20.body.detail).toBe('Aynı vergi oranı zaten var');
    const changed = await api.call('PUT', TAXES, { token: owner, body: { id: c.body.id, taxType: 'ÖİV', percentage: 10 } });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ name: 'ÖİV %10', percentage: 10 });
    const named = await api.call('PUT', TAXES, { token: owner, body: { id: c.body.id, name: 'Özel iletişim', taxType: 'ÖİV', percentage: 10, active: false } });
    expect(named.body).toMatchObject({ name: 'Özel iletişim', active: false });
    const kept = await api.call('PUT', TAXES, { token: owner, body: { id: c.body.id, taxType: 'ÖİV', percentage: 12 } });
    expect(kept.body).toMatchObject({ name: 'Özel iletişim', percentage: 12, active: false });
    const passive = await api.call('GET', `${TAXES}?active=false`, { token: owner });
    expect(passive.body.map((x: { id: number }) => x.id)).toEqual([c.body.id]);
    const foreign = await api.call('PUT', TAXES, { token: await api.signIn('eczaci'), body: { id: c.body.id, taxType: 'ÖİV', percentage: 15 } });
    expect(foreign.status).toBe(404);
  });

  it('deletes a tax nothing uses and refuses one that something refers to', async () => {
    const c = await api.call('POST', TAXES, { token: owner, body: { taxType: 'BSMV', percentage: 5 } });
    const used = await api.call('POST', TAXES, { token: owner, body: { taxType: 'BSMV', percentage: 15 } });
    // Products will refer to taxes by a composite foreign key; a table shaped so stands in for them.
    const db = t.server.database.db;
    await sql`create table tax_probe (company_id bigint not null, tax_id bigint not null, foreign key (company_id, tax_id) references taxes (company_id, id))`.execute(db);
    await sql`insert into tax_probe values (3, ${used.body.id})`.execute(db);
    const refused = await api.call('DELETE', `${TAXES}/${used.body.id}`, { token: owner });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'TAX_IN_USE', detail: 'Bu vergi kullanımda olduğu için silinemez.' });
    expect((await api.call('GET', `${TAXES}/${used.body.id}`, { token: owner })).status).toBe(200);
    expect((await api.call('DELETE', `${TAXES}/${c.body.id}`, { token: await api.signIn('eczaci') })).status).toBe(404);
    expect((await api.call('DELETE', `${TAXES}/${c.body.id}`, { token: owner })).status).toBe(204);
    expect((await api.call('GET', `${TAXES}/${c.body.id}`, { token: owner })).status).toBe(404);
    await sql`drop table tax_probe`.execute(db);
  });

  it('lists the KDV exemption codes', async () => {
    const r = await api.call('GET', `${ONMUHASEBE}/tax-exception-types?size=100`, { token: owner });
    expect(r.status).toBe(200);
    const codes = r.body.map((x: { code: string }) => x.code);
    expect(codes).toEqual(expect.arrayContaining(['301', '302', '351', '701']));
    expect(codes).toEqual([...codes].sort());
    expect(r.body.find((x: { code: string }) => x.code === '301')).toEqual({ code: '301', taxType: 'KDV', kind: 'FULL', name: '11/1-a Mal ihracatı' });
    const partial = await api.call('GET', `${ONMUHASEBE}/tax-exception-types?kind=PARTIAL&search=serbest`, { token: owner });
    expect(partial.body.map((x: { code: string }) => x.code)).toEqual(['212']);
    expect(partial.headers.get('x-total-count')).toBe('1');
  });

  it('answers the exemption codes under the seed name too, 100 a page unless asked, and the tax types', async () => {
    const all = await api.call('GET', `${ONMUHASEBE}/tax-exception-codes`, { token: owner });
    expect(all.status).toBe(200);
    const total = Number(all.headers.get('x-total-count'));
    expect(all.body).toHaveLength(Math.min(total, 100));
    expect(all.body).toEqual((await api.call('GET', `${ONMUHASEBE}/tax-exception-types`, { token: owner })).body);
    expect((await api.call('GET', `${ONMUHASEBE}/tax-exception-codes?size=2&page=1`, { token: owner })).body).toEqual(all.body.slice(2, 4));
    const types = await api.call('GET', `${ONMUHASEBE}/tax-types`, { token: await api.signIn('eczaci') });
    expect(types.status).toBe(200);
    expect(types.headers.get('x-total-count')).toBe('10');
    expect(types.body[0]).toEqual({ type: 'KDV', name: 'Katma Değer Vergisi', gibCode: '0015' });
    expect(types.body.map((x: { type: string }) => x.type)).toEqual(expect.arrayContaining(['ÖTV-I', 'ÖİV', 'KKDF']));
    const found = await api.call('GET', `${ONMUHASEBE}/tax-types?search=${encodeURIComponent('iletişim')}`, { token: owner });
    expect(found.body.map((x: { type: string }) => x.type)).toEqual(['ÖİV']);
    const sorted = await api.call('GET', `${ONMUHASEBE}/tax-types?sort=gibCode,desc&size=2`, { token: owner });
    expect(sorted.body.map((x: { gibCode: string }) => x.gibCode)).toEqual(['9021', '4080']);
    expect((await api.call('GET', `${ONMUHASEBE}/tax-types?sort=percentage,asc`, { token: owner })).status).toBe(400);
  });

  it('gives a company created later the same taxes', async () => {
    const admin = await api.signIn('yonetici');
    const c = await api.call('POST', `${ONMUHASEBE}/companies`, { token: admin, body: { name: 'Vergi Ltd', title: 'Vergi Ltd. Şti.', companyType: 'CORPORATION', taxNumber: '1234567890', sectorId: 2, erpType: 'STANDARD', modules: [23], ownerLogin: 'muhasebe' } });
    expect(c.status).toBe(201);
    const rows = await sql<{ abbreviation: string; n: number }>`select abbreviation, count(*)::int as n from taxes where company_id = ${c.body.id} group by abbreviation`.execute(t.server.database.db);
    expect(rows.rows).toEqual([{ abbreviation: 'KDV', n: 4 }]);
  });
});
