import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startTestServer, type TestServer } from '../../../../../packages/server/test/harness';
import { http, ONMUHASEBE } from '../../../../../packages/server/test/http';
import { userWith } from '../currents/testing';

const cidOf = (token: string): number => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).cid;
const INVOICES = `${ONMUHASEBE}/invoices`;
const DASH = `${ONMUHASEBE}/dashboard`;
/** The server's today in Türkiye (12:00 in Istanbul). */
const TODAY = '2026-11-24';
const cents = (n: number) => Math.round(n * 100);

describe.each(engines('both'))('the dashboard on %s', (engine) => {
  let t: TestServer;
  let api: ReturnType<typeof http>;
  let owner: string;
  let cid: number;
  let customer: { id: number };
  let supplier: { id: number };
  let service: { id: number };
  let safe: { id: number };
  let seq = 0;
  const get = (path: string, token = owner) => api.call('GET', `${DASH}${path}`, { token });
  const sale = async (body: Record<string, unknown>) => {
    const r = await api.call('POST', INVOICES, { token: owner, body: { invoiceType: 'SALE', currentId: customer.id, ...body } });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return r.body as { id: number; totalAmount: number };
  };
  const line = (unitPrice: number) => [{ productId: service.id, quantity: 1, unitPrice }];
  const cheque = async (body: Record<string, unknown>) => {
    const r = await api.call('POST', `${ONMUHASEBE}/checks`, {
      token: owner, body: { direction: 'IN', number: `DSH-${++seq}`, amount: '1000.00', date: '2026-11-20', currentId: customer.id, ...body },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return r.body as { id: number };
  };
  const bucketsOf = (body: any): Record<string, [number, number]> => Object.fromEntries(body.buckets.map((b: any) => [b.bucket, [cents(b.amount), b.count]]));

  beforeAll(async () => {
    t = await startTestServer({ engine, now: () => new Date(`${TODAY}T09:00:00Z`) });
    api = http(t.url);
    owner = await api.signIn('muhasebe');
    cid = cidOf(owner);
    const currents = (await api.call('GET', `${ONMUHASEBE}/currents?size=100`, { token: owner })).body;
    customer = currents.find((c: any) => c.name === 'Boğaziçi Otel İşletmeleri');
    supplier = currents.find((c: any) => c.name === 'Ege Kırtasiye');
    safe = (await api.call('GET', `${ONMUHASEBE}/safes?size=100`, { token: owner })).body.find((s: any) => s.name === 'Merkez Kasa');
    const unitId = (await api.call('GET', `${ONMUHASEBE}/units?size=100`, { token: owner })).body.find((u: any) => u.name === 'Adet').id;
    const p = await api.call('POST', `${ONMUHASEBE}/products`, {
      token: owner, body: { name: 'Pano danışmanlığı', barcode: 'DASH-0001', productType: 'SERVICE_GIVEN', unitId, buyingCurrencyId: 1, saleCurrencyId: 1, defaultTaxRate: 20 },
    });
    expect(p.status, JSON.stringify(p.body)).toBe(201);
    service = p.body;
    expect([customer, supplier, safe].every(Boolean)).toBe(true);
  });
  afterAll(async () => { await t?.close(); });

  it('sums the posted sales of each month in lira; a cancelled sale and a purchase do not count', async () => {
    const before = await get(`/monthly-sales-total/${cid}?year=2026`);
    expect(before.status).toBe(200);
    expect(before.body.year).toBe(2026);
    expect(before.body.months.map((m: any) => m.month)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    // February: 1000 + KDV 20 % = 1200 (base 1000); 100 EUR + KDV = 120 EUR at 35.1234 = 4214.81 (base 3512.34).
    await sale({ date: '2026-02-10', products: line(1000) });
    await sale({ date: '2026-02-20', currencyId: 3, conversionRate: '35.1234', products: line(100) });
    // A sale of 600 cancelled, a purchase of 1200: neither is a sale.
    const cancelled = await sale({ date: '2026-02-15', products: line(500) });
    expect((await api.call('POST', `${INVOICES}/cancel/${cancelled.id}/false/NONE`, { token: owner })).status).toBe(200);
    const buy = await api.call('POST', INVOICES, { token: owner, body: { invoiceType: 'BUYING', currentId: supplier.id, date: '2026-02-11', documentNo: 'DSH-B1', products: line(1000) } });
    expect(buy.status, JSON.stringify(buy.body)).toBe(201);
    // March: 50 + KDV = 60.
    await sale({ date: '2026-03-01', products: line(50) });
    const after = await get(`/monthly-sales-total/${cid}?year=2026`);
    const delta = (m: number, k: 'total' | 'taxBase' | 'count') => (k === 'count' ? after.body.months[m - 1].count - before.body.months[m - 1].count
      : cents(after.body.months[m - 1][k]) - cents(before.body.months[m - 1][k]));
    expect([delta(2, 'total'), delta(2, 'taxBase'), delta(2, 'count')]).toEqual([541481, 451234, 2]);
    expect([delta(3, 'total'), delta(3, 'taxBase'), delta(3, 'count')]).toEqual([6000, 5000, 1]);
    expect(cents(after.body.total) - cents(before.body.total)).toBe(547481);
    for (const m of [1, 4, 5, 6, 7, 8, 9, 10, 11, 12]) expect(after.body.months[m - 1]).toEqual(before.body.months[m - 1]);
    // The year's total is the sum of its months.
    expect(after.body.months.reduce((s: number, m: any) => s + cents(m.total), 0)).toBe(cents(after.body.total));
    // Without a year: this year in Türkiye by the server's clock.
    const current = await get(`/monthly-sales-total/${cid}`);
    expect(current.body).toEqual(after.body);
    const empty = await get(`/monthly-sales-total/${cid}?year=2019`);
    expect(empty.body).toEqual({ year: 2019, total: 0, months: Array.from({ length: 12 }, (_, i) => ({ month: i + 1, total: 0, taxBase: 0, count: 0 })) });
  });

  it('ages what customers still owe by days past the due date on the server\'s today', async () => {
    const before = await get('/receivables-aging');
    expect(before.status).toBe(200);
    expect(before.body.asOf).toBe(TODAY);
    expect(before.body.buckets.map((b: any) => b.bucket)).toEqual(['NOT_DUE', 'D0_30', 'D31_60', 'D61_90', 'D90_PLUS']);
    // Not due: due on 10 December (120). Due today (240) and 30 days ago (360): 0–30.
    await sale({ date: '2026-11-20', dueDate: '2026-12-10', products: line(100) });
    await sale({ date: TODAY, products: line(200) });
    await sale({ date: '2026-10-25', products: line(300) });
    // 31 days ago: 31–60, 120 less 20 paid in cash = 100 open.
    await sale({ date: '2026-10-24', products: line(100), payments: [{ paymentType: 'CASH', amount: 20, safeId: safe.id }] });
    // 90 days ago (26 August): 61–90; 91 days ago: over 90, in euros: 120 EUR at 35.1234 = 4214.81.
    await sale({ date: '2026-08-26', products: line(1000) });
    await sale({ date: '2026-08-25', currencyId: 3, conversionRate: '35.1234', products: line(100) });
    // A cancelled sale owes nothing; neither does a purchase (what we owe is not a receivable).
    const cancelled = await sale({ date: '2026-07-01', products: line(700) });
    expect((await api.call('POST', `${INVOICES}/cancel/${cancelled.id}/false/NONE`, { token: owner })).status).toBe(200);
    expect((await api.call('POST', INVOICES, { token: owner, body: { invoiceType: 'BUYING', currentId: supplier.id, date: '2026-07-01', documentNo: 'DSH-B2', products: line(900) } })).status).toBe(201);
    const after = await get('/receivables-aging');
    const b0 = bucketsOf(before.body);
    const b1 = bucketsOf(after.body);
    const delta = Object.fromEntries(Object.keys(b1).map((k) => [k, [b1[k]![0] - b0[k]![0], b1[k]![1] - b0[k]![1]]]));
    expect(delta).toEqual({ NOT_DUE: [12000, 1], D0_30: [60000, 2], D31_60: [10000, 1], D61_90: [120000, 1], D90_PLUS: [421481, 1] });
    expect(cents(after.body.total) - cents(before.body.total)).toBe(12000 + 60000 + 10000 + 120000 + 421481);
    expect(after.body.buckets.reduce((s: number, b: any) => s + cents(b.amount), 0)).toBe(cents(after.body.total));
  });

  it('lists the cheques due this week that still wait, in lira, both directions for cheque view', async () => {
    const before = await get('/cheques-due?size=50');
    expect(before.status).toBe(200);
    expect([before.body.from, before.body.to]).toEqual([TODAY, '2026-11-30']);
    const inToday = await cheque({ dueDate: TODAY, amount: '1500.00' });
    const inLast = await cheque({ dueDate: '2026-11-30', currencyId: 2, rate: '42.5', amount: '100.00' });
    const tooLate = await cheque({ dueDate: '2026-12-01', amount: '999.00' });
    const out = await cheque({ direction: 'OUT', currentId: supplier.id, dueDate: '2026-11-26', amount: '2500.00' });
    // Collected already: no longer waiting.
    const collected = await cheque({ dueDate: '2026-11-27', amount: '800.00' });
    const bank = (await api.call('GET', `${ONMUHASEBE}/bank-accounts?size=100`, { token: owner })).body.find((a: any) => a.name === 'Garanti BBVA Ticari Hesap');
    const step = await api.call('POST', `${ONMUHASEBE}/checks/${collected.id}/transitions`, { token: owner, body: { action: 'COLLECT', date: '2026-11-21', bankAccountId: bank.id } });
    expect(step.status, JSON.stringify(step.body)).toBe(200);
    const after = await get('/cheques-due?size=50');
    // In: 1500 + 100 USD at 42.5 = 4250; out: 2500.
    expect([after.body.incoming.count - before.body.incoming.count, cents(after.body.incoming.amount) - cents(before.body.incoming.amount)]).toEqual([2, 575000]);
    expect([after.body.outgoing.count - before.body.outgoing.count, cents(after.body.outgoing.amount) - cents(before.body.outgoing.amount)]).toEqual([1, 250000]);
    const ids = after.body.items.map((c: any) => c.id);
    expect(ids).toEqual(expect.arrayContaining([inToday.id, inLast.id, out.id]));
    expect(ids).not.toContain(tooLate.id);
    expect(ids).not.toContain(collected.id);
    expect(after.body.items.find((c: any) => c.id === inLast.id)).toMatchObject({ direction: 'IN', state: 'IN_PORTFOLIO', dueDate: '2026-11-30', amount: 100, currencyCode: 'USD', amountTry: 4250, currentName: 'Boğaziçi Otel İşletmeleri' });
    const dues = after.body.items.map((c: any) => c.dueDate);
    expect(dues).toEqual([...dues].sort());
    expect(after.body.items.every((c: any) => c.dueDate >= TODAY && c.dueDate <= '2026-11-30')).toBe(true);
    expect((await get('/cheques-due?size=1')).body.items).toHaveLength(1);
  });

  it('answers 404 for another company in the path, 403 without the module, and only the directions one may see', async () => {
    const other = cidOf(await api.signIn('eczaci'));
    expect(other).not.toBe(cid);
    const foreign = await get(`/monthly-sales-total/${other}`);
    expect([foreign.status, foreign.body.code]).toEqual([404, 'NOT_FOUND']);
    // Stock only: none of the three.
    const stock = await userWith(api, owner, 'panostok', ['13_1']);
    for (const path of [`/monthly-sales-total/${cid}`, '/receivables-aging', '/cheques-due']) expect((await get(path, stock)).status, path).toBe(403);
    // The purchase and sales report is enough for the monthly sales, customer view for the aging.
    const reports = await userWith(api, owner, 'panorapor', ['16_1', '6_1']);
    expect((await get(`/monthly-sales-total/${cid}`, reports)).status).toBe(200);
    expect((await get('/receivables-aging', reports)).status).toBe(200);
    expect((await get('/cheques-due', reports)).status).toBe(403);
    // Received-cheque view: the week's received cheques only.
    const received = await userWith(api, owner, 'panocek', ['4_10']);
    const mine = await get('/cheques-due?size=50', received);
    expect(mine.status).toBe(200);
    expect(mine.body.items.length).toBeGreaterThan(0);
    expect(mine.body.items.every((c: any) => c.direction === 'IN')).toBe(true);
    expect(mine.body.outgoing).toEqual({ count: 0, amount: 0 });
    expect(mine.body.incoming).toEqual((await get('/cheques-due?size=50')).body.incoming);
  });
});
