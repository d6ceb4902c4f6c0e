import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setTenant } from '@tezgah/server';
import { engines, startTestServer, type TestServer } from '../../../../../packages/server/test/harness';
import { http, ONMUHASEBE } from '../../../../../packages/server/test/http';
import { assertBooksBalance } from '../ledger/testing';

const cidOf = (token: string): number => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).cid;

/*
 * How many statements one call of each document that posts sends to the database (the engine's
 * own counter, Database.stats, as bench/invoices.bench.ts counts a sale), with the bound each may
 * not pass: the write path's statement budget (bench/README.md, "the other documents that post").
 * Whatever the listeners after the commit send is counted too (the count is read once it stops
 * moving). Each bound is the count measured plus one: the session check reads its row again
 * whenever its 5-second cache has run out, which may fall in any call. Statements written by
 * hand, so both engines (docs/testing.md).
 */
describe.each(engines('both'))('statements per posting document on %s', (engine) => {
  let t: TestServer;
  let api: ReturnType<typeof http>;
  let owner: string;
  let cid: number;
  let customer: { id: number };
  let supplier: { id: number };
  let safe: { id: number };
  let bank: { id: number };
  let goods: { id: number };
  let service: { id: number };
  const seen: string[] = [];

  /** The statements a call sends, once the counter has been still for 150 ms (listeners after the commit included). */
  const statementsOf = async (what: string, call: () => Promise<{ status: number; body: any }>, status = 201) => {
    const stats = t.server.database.stats;
    const before = stats.statements;
    const r = await call();
    expect(r.status, JSON.stringify(r.body)).toBe(status);
    let last = stats.statements;
    for (let still = 0; still < 3;) {
      await new Promise((ok) => setTimeout(ok, 50));
      if (stats.statements === last) still++;
      else { still = 0; last = stats.statements; }
    }
    const n = last - before;
    seen.push(`${engine} ${what}: ${n}`);
    return { n, body: r.body };
  };
  const post = (path: string, body?: unknown) => () => api.call('POST', `${ONMUHASEBE}${path}`, { token: owner, ...(body === undefined ? {} : { body }) });
  const sale = (over: Record<string, unknown> = {}) => post('/invoices', {
    invoiceType: 'SALE', currentId: customer.id, date: '2026-06-10',
    products: [{ productId: goods.id, quantity: 3, unitPrice: 100 }, { productId: service.id, quantity: 1, unitPrice: 50 }],
    payments: [{ paymentType: 'CASH', amount: 100, safeId: safe.id }], ...over,
  });

  beforeAll(async () => {
    t = await startTestServer({ engine });
    api = http(t.url);
    owner = await api.signIn('muhasebe');
    cid = cidOf(owner);
    const currents = (await api.call('GET', `${ONMUHASEBE}/currents?size=100`, { token: owner })).body;
    customer = currents.find((c: any) => c.name === 'Boğaziçi Otel İşletmeleri');
    supplier = currents.find((c: any) => c.name === 'Ege Kırtasiye');
    safe = (await api.call('GET', `${ONMUHASEBE}/safes?size=100`, { token: owner })).body.find((x: any) => x.name === 'Merkez Kasa');
    bank = (await api.call('GET', `${ONMUHASEBE}/bank-accounts?size=100`, { token: owner })).body.find((a: any) => a.name === 'Garanti BBVA Ticari Hesap');
    const unitId = (await api.call('GET', `${ONMUHASEBE}/units?size=100`, { token: owner })).body.find((u: any) => u.name === 'Adet').id;
    const warehouseId = (await api.call('GET', `${ONMUHASEBE}/warehouses?size=100`, { token: owner })).body[0].id;
    const product = async (name: string, serviceOnly: boolean) => (await api.call('POST', `${ONMUHASEBE}/products`, {
      token: owner, body: {
        name, barcode: `869${Date.now()}${name.length}`, productType: serviceOnly ? 'SERVICE_GIVEN' : 'COMMERCIAL_GOODS', unitId, buyingCurrencyId: 1, saleCurrencyId: 1,
        defaultTaxRate: 20, warehouseId: serviceOnly ? null : warehouseId, salePrice: 100, buyingPrice: 60, ...(serviceOnly ? {} : { openingStock: 100 }),
      },
    })).body;
    goods = await product('Sayım Koli Bandı', false);
    service = await product('Sayım Kurulum Hizmeti', true);
    expect([customer, supplier, safe, bank, goods?.id, service?.id].every(Boolean)).toBe(true);
    // A first sale and collection, so what runs once per server (prepared statements, caches) is behind us.
    await sale()();
    await post('/transactions', { type: 'COLLECTION', date: '2026-06-10', amount: '1.00', to: { kind: 'SAFE', id: safe.id }, currentId: customer.id })();
  });
  afterAll(async () => {
    if (t) {
      await t.server.database.db.transaction().execute(async (trx) => {
        await setTenant(trx, cid);
        await assertBooksBalance(trx as any, cid);
      });
      console.log(seen.join('\n'));
    }
    await t?.close();
  });

  it('a sales return, on account and refunded from a safe, and a purchase return', async () => {
    const sold = await statementsOf('sale (2 lines, cash 100)', sale());
    expect(sold.n).toBeLessThanOrEqual(14);
    const s = sold.body;
    const onAccount = await statementsOf('sales return on account (1 line)', post(`/invoices/${s.id}/returns`, { date: '2026-06-11', lines: [{ lineId: s.products[0].id, quantity: 1 }] }));
    expect(onAccount.body.invoiceType).toBe('SALE_RETURN');
    expect(onAccount.n).toBeLessThanOrEqual(20);
    const refunded = await statementsOf('sales return refunded from a safe (1 line)', post(`/invoices/${s.id}/returns`, {
      date: '2026-06-11', lines: [{ lineId: s.products[1].id, quantity: 1 }], refund: { safeId: safe.id },
    }));
    expect(refunded.body.paid).toBe(refunded.body.payable);
    expect(refunded.n).toBeLessThanOrEqual(17);
    const bought = (await post('/invoices', { invoiceType: 'BUYING', currentId: supplier.id, date: '2026-06-10', documentNo: `EGE-${Date.now()}`, products: [{ productId: goods.id, quantity: 5, unitPrice: 60 }] })()).body;
    const back = await statementsOf('purchase return (1 line, numbered)', post(`/invoices/${bought.id}/returns`, { date: '2026-06-12', lines: [{ lineId: bought.products[0].id, quantity: 2 }] }));
    expect(back.body.documentNo).toMatch(/^[A-Z0-9]{3}2026\d{9}$/);
    expect(back.n).toBeLessThanOrEqual(16);
  });

  it('a sale\'s cancellation', async () => {
    const s = (await sale()()).body;
    const c = await statementsOf('sale cancelled (entry and cash payment reversed)', () => api.call('POST', `${ONMUHASEBE}/invoices/cancel/${s.id}/false/NONE`, { token: owner }), 200);
    expect(c.body.status).toBe('CANCELLED');
    expect(c.n).toBeLessThanOrEqual(24);
  });

  it('collections and payments with a safe and a bank account', async () => {
    const into = await statementsOf('collection into a safe', post('/transactions', { type: 'COLLECTION', date: '2026-06-10', amount: '250.00', to: { kind: 'SAFE', id: safe.id }, currentId: customer.id }));
    expect(into.body).toMatchObject({ type: 'COLLECTION', amount: 250, liraAmount: 250, currentId: customer.id, to: { kind: 'SAFE', id: safe.id } });
    expect(into.n).toBeLessThanOrEqual(8);
    const out = await statementsOf('payment from a safe', post('/transactions', { type: 'PAYMENT', date: '2026-06-10', amount: '40.00', from: { kind: 'SAFE', id: safe.id }, currentId: supplier.id }));
    expect(out.n).toBeLessThanOrEqual(9);
    const bankIn = await statementsOf('collection into a bank account', post('/transactions', { type: 'COLLECTION', date: '2026-06-10', amount: '75.00', to: { kind: 'BANK_ACCOUNT', id: bank.id }, currentId: customer.id }));
    expect(bankIn.n).toBeLessThanOrEqual(9);
    // The answer is what GET reads back.
    const again = await api.call('GET', `${ONMUHASEBE}/transactions/${into.body.id}`, { token: owner });
    expect(into.body).toEqual(again.body);
  });

  it('a cheque received, deposited for collection and collected', async () => {
    const c = await statementsOf('cheque received', post('/checks', { direction: 'IN', number: `S${Date.now()}`, amount: '1000.00', date: '2026-05-04', dueDate: '2026-08-04', currentId: customer.id }));
    expect(c.n).toBeLessThanOrEqual(15);
    const deposit = await statementsOf('cheque deposited for collection', post(`/checks/${c.body.id}/transitions`, { action: 'DEPOSIT', date: '2026-06-01', bankAccountId: bank.id }), 200);
    expect(deposit.body.state).toBe('DEPOSITED_FOR_COLLECTION');
    expect(deposit.n).toBeLessThanOrEqual(14);
    const collect = await statementsOf('cheque collected', post(`/checks/${c.body.id}/transitions`, { action: 'COLLECT', date: '2026-08-04' }), 200);
    expect(collect.body.state).toBe('COLLECTED');
    expect(collect.n).toBeLessThanOrEqual(13);
  });

  it('despatches out (numbered from the series) and in', async () => {
    const out = await statementsOf('despatch out (2 lines)', post('/despatches', { direction: 'OUT', currentId: customer.id, despatchDate: '2026-06-10', products: [{ productId: goods.id, quantity: 2 }, { productId: goods.id, quantity: 1 }] }));
    expect(out.body.waybillNo).toMatch(/^IRS2026\d{9}$/);
    expect(out.n).toBeLessThanOrEqual(11);
    const into = await statementsOf('despatch in (1 line, its number given)', post('/despatches', { direction: 'IN', currentId: supplier.id, despatchDate: '2026-06-10', waybillNo: `EGE-${Date.now()}`, products: [{ productId: goods.id, quantity: 4 }] }));
    expect(into.body.products[0].quantity).toBe(4);
    expect(into.n).toBeLessThanOrEqual(11);
  });
});
