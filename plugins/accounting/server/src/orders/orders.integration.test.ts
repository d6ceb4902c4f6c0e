import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startTestServer, type TestServer } from '../../../../../packages/server/test/harness';
import { http, ONMUHASEBE } from '../../../../../packages/server/test/http';

const ORDERS = `${ONMUHASEBE}/orders`;

describe.each(engines('one'))('orders on %s', (engine) => {
  let t: TestServer;
  let api: ReturnType<typeof http>;
  let owner: string;
  let customer: { id: number };
  let supplier: { id: number };
  let paper: { id: number; stockQuantity: number };
  let service: { id: number };

  beforeAll(async () => {
    t = await startTestServer({ engine });
    api = http(t.url);
    owner = await api.signIn('muhasebe');
    const currents = (await api.call('GET', `${ONMUHASEBE}/currents?size=100`, { token: owner })).body;
    customer = currents.find((c: any) => c.name === 'Boğaziçi Otel İşletmeleri');
    supplier = currents.find((c: any) => c.name === 'Ege Kırtasiye');
    const products = (await api.call('GET', `${ONMUHASEBE}/products?size=100`, { token: owner })).body;
    paper = products.find((p: any) => p.name === 'A4 Fotokopi Kağıdı 80 gr (500 yaprak)');
    service = products.find((p: any) => p.name === 'Eğitim (gün)');
  });
  afterAll(async () => { await t?.close(); });

  it('takes an order, invoices part of it, then the rest; it is completed, and a cancelled invoice reopens it', async () => {
    const o = await api.call('POST', ORDERS, {
      token: owner, body: { direction: 'IN', currentId: customer.id, orderDate: '2026-06-01', explanation: 'Haziran', products: [
        { productId: paper.id, quantity: 10, unitPrice: 100 }, { productId: service.id, quantity: 2, unitPrice: 500, discounts: [{ type: 'PERCENTAGE', percentage: 10 }] },
      ] },
    });
    expect(o.status, JSON.stringify(o.body)).toBe(201);
    // 10 × 100 = 1000 + KDV 200; 2 × 500 − 10 % = 900 + KDV 180: 2280.
    expect(o.body).toMatchObject({ direction: 'IN', orderKind: 'NORMAL', completion: 'PENDING', total: 2280, invoiceIds: [] });
    const [paperLine, serviceLine] = o.body.products;
    expect([paperLine.remaining, serviceLine.remaining]).toEqual([10, 2]);
    const part = await api.call('POST', `${ORDERS}/${o.body.id}/to-invoice`, { token: owner, body: { date: '2026-06-05', lines: [{ orderLineId: paperLine.id, quantity: 4 }] } });
    expect(part.status, JSON.stringify(part.body)).toBe(201);
    expect(part.body).toMatchObject({ invoiceType: 'SALE', status: 'POSTED', totalAmount: 480 });
    const tooMuch = await api.call('POST', `${ORDERS}/${o.body.id}/to-invoice`, { token: owner, body: { date: '2026-06-05', lines: [{ orderLineId: paperLine.id, quantity: 7 }] } });
    expect([tooMuch.status, tooMuch.body.fieldErrors?.[0]?.code]).toEqual([400, 'ABOVE_REMAINING']);
    const edit = await api.call('PUT', ORDERS, { token: owner, body: { id: o.body.id, direction: 'IN', currentId: customer.id, orderDate: '2026-06-01', products: [{ productId: paper.id, quantity: 1, unitPrice: 1 }] } });
    expect([edit.status, edit.body.code]).toEqual([409, 'ORDER_INVOICED']);
    const rest = await api.call('POST', `${ORDERS}/${o.body.id}/to-invoice`, { token: owner, body: { date: '2026-06-10' } });
    expect(rest.status, JSON.stringify(rest.body)).toBe(201);
    expect(rest.body.products.map((l: any) => [l.productId, l.quantity])).toEqual([[paper.id, 6], [service.id, 2]]);
    const done = await api.call('GET', `${ORDERS}/${o.body.id}`, { token: owner });
    expect(done.body).toMatchObject({ completion: 'COMPLETED', invoiceIds: [part.body.id, rest.body.id] });
    const nothing = await api.call('POST', `${ORDERS}/${o.body.id}/to-invoice`, { token: owner, body: { date: '2026-06-10' } });
    expect([nothing.status, nothing.body.code]).toEqual([409, 'ORDER_COMPLETED']);
    const completed = await api.call('GET', `${ORDERS}?completion=COMPLETED&size=100`, { token: owner });
    expect(completed.body.map((x: any) => x.id)).toContain(o.body.id);
    expect((await api.call('POST', `${ONMUHASEBE}/invoices/cancel/${part.body.id}/false/NONE`, { token: owner })).status).toBe(200);
    const reopened = await api.call('GET', `${ORDERS}/${o.body.id}`, { token: owner });
    expect(reopened.body).toMatchObject({ completion: 'PENDING', invoiceIds: [rest.body.id] });
    expect(reopened.body.products[0].remaining).toBe(4);
    const pending = await api.call('GET', `${ORDERS}?completion=PENDING&direction=IN&size=100`, { token: owner });
    expect(pending.body.map((x: any) => x.id)).toContain(o.body.id);
  });

  it('a given order becomes a purchase with the supplier number; an order with nothing invoiced is deleted', async () => {
    const o = await api.call('POST', ORDERS, { token: owner, body: { direction: 'OUT', orderKind: 'INSTRUCTED', currentId: supplier.id, orderDate: '2026-06-02', products: [{ productId: paper.id, quantity: 3, unitPrice: 90 }] } });
    expect(o.status).toBe(201);
    const listed = await api.call('GET', `${ORDERS}?orderKind=INSTRUCTED&direction=OUT`, { token: owner });
    expect(listed.body.map((x: any) => x.id)).toContain(o.body.id);
    const inv = await api.call('POST', `${ORDERS}/${o.body.id}/to-invoice`, { token: owner, body: { date: '2026-06-03', documentNo: 'EGE-778' } });
    expect(inv.body).toMatchObject({ invoiceType: 'BUYING', documentNo: 'EGE-778', totalAmount: 324 });
    const other = await api.call('POST', ORDERS, { token: owner, body: { direction: 'OUT', currentId: supplier.id, orderDate: '2026-06-02', products: [{ productId: paper.id, quantity: 1, unitPrice: 90 }] } });
    expect((await api.call('DELETE', `${ORDERS}/${other.body.id}`, { token: owner })).status).toBe(204);
    expect((await api.call('DELETE', `${ORDERS}/${o.body.id}`, { token: owner })).body.code).toBe('ORDER_INVOICED');
  });
});
