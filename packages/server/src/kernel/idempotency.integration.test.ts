import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { setTenant } from '../db/database';
import { engines, startTestServer, type TestServer } from '../../test/harness';
import { http, ONMUHASEBE } from '../../test/http';
import { sweepIdempotencyKeys } from './idempotency';

const cidOf = (token: string): number => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).cid;
const INVOICES = `${ONMUHASEBE}/invoices`;

/*
 * Idempotency keys: a unique row taken in the request's transaction, waited on by a parallel
 * request with the same key — row locks and conflict handling of each engine: both engines.
 */
describe.each(engines('both'))('Idempotency-Key on %s', (engine) => {
  let t: TestServer;
  let api: ReturnType<typeof http>;
  let owner: string;
  let cid: number;
  let body: Record<string, unknown>;
  const post = (key: string | null, b: Record<string, unknown> = body) =>
    api.call('POST', INVOICES, { token: owner, body: b, headers: key === null ? {} : { 'idempotency-key': key } });
  const count = () => t.server.database.db.transaction().execute(async (trx) => {
    await setTenant(trx, cid);
    return Number((await sql<{ n: string }>`select count(*)::text as n from invoices where company_id = ${cid}`.execute(trx)).rows[0]!.n);
  });

  beforeAll(async () => {
    t = await startTestServer({ engine });
    api = http(t.url);
    owner = await api.signIn('muhasebe');
    cid = cidOf(owner);
    const currents = (await api.call('GET', `${ONMUHASEBE}/currents?size=100`, { token: owner })).body;
    const supplier = currents.find((c: any) => c.name === 'Ege Kırtasiye');
    const unitId = (await api.call('GET', `${ONMUHASEBE}/units?size=100`, { token: owner })).body.find((u: any) => u.name === 'Adet').id;
    const warehouseId = (await api.call('GET', `${ONMUHASEBE}/warehouses?size=100`, { token: owner })).body[0].id;
    const p = await api.call('POST', `${ONMUHASEBE}/products`, {
      token: owner, body: { name: 'Anahtar ürünü', barcode: '8690000099991', productType: 'COMMERCIAL_GOODS', unitId, buyingCurrencyId: 1, saleCurrencyId: 1, defaultTaxRate: 20, warehouseId, salePrice: 100, buyingPrice: 60 },
    });
    expect(p.status, JSON.stringify(p.body)).toBe(201);
    body = { invoiceType: 'BUYING', currentId: supplier.id, date: '2026-03-01', documentNo: 'ANH001', products: [{ productId: p.body.id, quantity: 2, unitPrice: 60 }] };
  });
  afterAll(async () => { await t?.close(); });

  it('parallel requests with one key make one invoice and all answer it; a retry answers it again, marked as replayed', async () => {
    const before = await count();
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 8 }, () => post(key)));
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(201));
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    expect(answers.filter((a) => a.headers.get('idempotent-replayed') === 'true')).toHaveLength(7);
    expect(await count()).toBe(before + 1);
    const again = await post(key);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(answers[0]!.body);
    // The same body with its fields in another order is the same request.
    const reordered = Object.fromEntries(Object.entries(body).reverse());
    expect((await post(key, reordered)).body.id).toBe(answers[0]!.body.id);
    expect(await count()).toBe(before + 1);
  });

  it('refuses the key with another body (422) and a malformed key (400); a request that failed leaves its key free', async () => {
    const key = randomUUID();
    expect((await post(key, { ...body, documentNo: 'ANH002' })).status).toBe(201);
    const reused = await post(key, { ...body, documentNo: 'ANH003' });
    expect(reused.status).toBe(422);
    expect(reused.body.code).toBe('IDEMPOTENCY_KEY_REUSED');
    const bad = await post('iki kelime');
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('IDEMPOTENCY_KEY_INVALID');
    // The supplier's number is taken: 409, rolled back with its key; the fixed request goes through.
    const key2 = randomUUID();
    const taken = await post(key2, { ...body, documentNo: 'ANH002' });
    expect(taken.status).toBe(400);
    const fixed = await post(key2, { ...body, documentNo: 'ANH004' });
    expect(fixed.status).toBe(201);
    expect(fixed.headers.get('idempotent-replayed')).toBeNull();
  });

  it('keys are per company and forgotten after 24 hours', async () => {
    const key = randomUUID();
    const first = await post(key, { ...body, documentNo: 'ANH005' });
    expect(first.status).toBe(201);
    // The sweep with a clock a day and a minute ahead forgets it: the same request is new work.
    await sweepIdempotencyKeys({ db: t.server.database.db as never, now: () => new Date(Date.now() + 24 * 3_600_000 + 60_000) });
    const later = await post(key, { ...body, documentNo: 'ANH006' });
    expect(later.status).toBe(201);
    expect(later.body.id).not.toBe(first.body.id);
    // Another company's user may use the same key for their own request.
    const other = await api.signIn('eczaci');
    expect(cidOf(other)).not.toBe(cid);
    const theirs = await api.call('POST', `${ONMUHASEBE}/tags`, { token: other, body: { name: 'Anahtar etiketi', color: 'blue' }, headers: { 'idempotency-key': key } });
    expect(theirs.status, JSON.stringify(theirs.body)).toBe(201);
    expect(theirs.headers.get('idempotent-replayed')).toBeNull();
  });
});
