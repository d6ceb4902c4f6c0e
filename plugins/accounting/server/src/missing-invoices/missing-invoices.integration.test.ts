/**
 * Missing invoices against the real server, on both engines: the despatch source lists what is
 * missing (and nothing else), one is created once, a company's are created and a second run
 * creates nothing, concurrent repairs create each once, a refused one leaves nothing behind, a
 * contributed source gets its invoice and is told, and the management-only rules.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setTenant, type ServerPlugin, type Trx } from '@tezgah/server';
import { engines, startTestServer, type TestServer } from '../../../../../packages/server/test/harness';
import { http, ONMUHASEBE } from '../../../../../packages/server/test/http';
import { assertBooksBalance } from '../ledger/testing';
import { MISSING_INVOICE_SOURCES_POINT, type MissingInvoiceSource } from './sources';
import { missingInvoiceSources } from './sources';
import { despatchSource } from './despatch-source';

const cidOf = (token: string): number => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).cid;
const D = `${ONMUHASEBE}/despatches`;
const LIST = `${ONMUHASEBE}/missing-invoices`;
const codeOf = (r: { body: any }) => r.body.fieldErrors?.[0]?.code ?? r.body.code;

describe('the source point', () => {
  const plugin = (id: string, item: unknown): Pick<ServerPlugin, 'id' | 'contributes'> => ({ id, contributes: { [MISSING_INVOICE_SOURCES_POINT]: [item] } });
  const fine = { id: 'pos.payment', label: { tr: 'POS', en: 'POS' }, list: async () => [], content: async () => null };
  it('puts the despatch source first and takes a well-formed contribution', () => {
    const all = missingInvoiceSources({ plugins: [plugin('pos', fine) as ServerPlugin] }, [despatchSource]);
    expect(all.map((s) => [s.plugin, s.id])).toEqual([['accounting', 'accounting.despatch'], ['pos', 'pos.payment']]);
  });
  it('refuses a malformed or doubled contribution, naming the plugin', () => {
    const refuse = (item: unknown) => () => missingInvoiceSources({ plugins: [plugin('pos', item) as ServerPlugin] }, [despatchSource]);
    expect(refuse({ ...fine, id: 'payment' })).toThrow(/pos: .*namespaced/);
    expect(refuse({ ...fine, label: { tr: 'POS' } })).toThrow(/pos: .*English label/);
    expect(refuse({ ...fine, content: 'x' })).toThrow(/pos: .*functions/);
    expect(refuse({ ...fine, id: 'accounting.despatch' })).toThrow(/contributed twice/);
  });
});

describe.each(engines('both'))('missing invoices on %s', (engine) => {
  let t: TestServer;
  let api: ReturnType<typeof http>;
  let owner: string;
  let admin: string;
  let eczaci: string;
  let cid: number;
  let pharmacyId: number;
  let customer: { id: number; name: string };
  let other: { id: number };
  let supplier: { id: number };
  let unitId: number;
  let warehouseId: number;
  let seq = 0;
  // A source another plugin contributes (pushed onto the running server's plugins, as discovery would have).
  const sales: { documentNo: string; productId: number; invoiced?: number }[] = [];
  const told: { companyId: number; documentNo: string; invoiceId: number }[] = [];
  const events: { name: string; companyId: number | null; payload: Record<string, any> }[] = [];

  const product = async (over: Record<string, unknown> = {}) => {
    const r = await api.call('POST', `${ONMUHASEBE}/products`, {
      token: owner, body: {
        name: `Eksik fatura ürünü ${++seq}`, barcode: `869${Date.now()}${seq}`, productType: 'COMMERCIAL_GOODS', unitId, buyingCurrencyId: 1, saleCurrencyId: 1,
        defaultTaxRate: 20, warehouseId, salePrice: 100, buyingPrice: 60, openingStock: 50, ...over,
      },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return r.body as { id: number; name: string };
  };
  const despatch = async (body: Record<string, unknown>) => {
    const r = await api.call('POST', D, { token: owner, body: { direction: 'OUT', currentId: customer.id, despatchDate: '2026-05-04', ...body } });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return r.body as { id: number; waybillNo: string; products: { id: number }[] };
  };
  const missing = async (query = '', token = owner) => {
    const r = await api.call('GET', `${LIST}?size=1000${query}`, { token });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body as any[];
  };
  const create = (documentNo: string, extra = '', token = owner) => api.call('POST', `${ONMUHASEBE}/create-missing-invoice?documentNo=${encodeURIComponent(documentNo)}${extra}`, { token });
  const invoiceIdsOf = async (despatchId: number) => (await api.call('GET', `${D}/${despatchId}`, { token: owner })).body.invoiceIds as number[];
  const links = async () => t.server.database.db.transaction().execute(async (trx) => {
    await setTenant(trx, cid);
    return (trx as any).selectFrom('missing_invoice_links').select(['source', 'document_no', 'invoice_id']).where('company_id', '=', cid).execute() as Promise<{ source: string; document_no: string; invoice_id: number | null }[]>;
  });

  beforeAll(async () => {
    t = await startTestServer({ engine });
    api = http(t.url);
    owner = await api.signIn('muhasebe');
    admin = await api.signIn('yonetici');
    eczaci = await api.signIn('eczaci');
    cid = cidOf(owner);
    pharmacyId = cidOf(eczaci);
    const currents = (await api.call('GET', `${ONMUHASEBE}/currents?size=100`, { token: owner })).body;
    customer = currents.find((c: any) => c.name === 'Boğaziçi Otel İşletmeleri');
    other = currents.find((c: any) => c.name === 'Marmara Yapı Market');
    supplier = currents.find((c: any) => c.name === 'Ege Kırtasiye');
    unitId = (await api.call('GET', `${ONMUHASEBE}/units?size=100`, { token: owner })).body.find((u: any) => u.name === 'Adet').id;
    warehouseId = (await api.call('GET', `${ONMUHASEBE}/warehouses?size=100`, { token: owner })).body[0].id;
    const source: MissingInvoiceSource = {
      id: 'test.sale', label: { tr: 'Test satışı', en: 'Test sale' },
      async list(_trx, companyId, filter) {
        if (companyId !== cid) return [];
        return sales.filter((s) => s.invoiced === undefined && (filter.documentNo === undefined || filter.documentNo === s.documentNo) && (filter.currentId === undefined || filter.currentId === customer.id))
          .map((s) => ({ documentNo: s.documentNo, date: '2026-05-05', currentId: customer.id, amount: '120.00', explanation: null }));
      },
      async content(_trx, _companyId, documentNo) {
        const s = sales.find((x) => x.documentNo === documentNo && x.invoiced === undefined);
        return s ? { currentId: customer.id, date: '2026-05-05', products: [{ productId: s.productId, quantity: 1, unitPrice: 100 }], payments: [{ paymentType: 'CASH', amount: null }] } : null;
      },
      async invoiced(trx: Trx, companyId, sale) {
        // It runs in the creating transaction, with the tenant set to the company.
        const r = await (trx as any).selectFrom('invoices').select('id').where('id', '=', sale.invoiceId).executeTakeFirst();
        expect(r?.id).toBe(sale.invoiceId);
        told.push({ companyId, documentNo: sale.documentNo, invoiceId: sale.invoiceId });
        sales.find((x) => x.documentNo === sale.documentNo)!.invoiced = sale.invoiceId;
      },
    };
    const listen = async (e: { name: string; companyId: number | null; payload: Record<string, unknown> }) => { events.push(e); };
    (t.server.services.plugins as ServerPlugin[]).push({
      id: 'test', handlers: {}, contributes: { [MISSING_INVOICE_SOURCES_POINT]: [source] },
      on: { 'accounting.invoice.posted': listen, 'accounting.missingInvoice.created': listen },
    });
  });
  afterAll(async () => {
    if (t) {
      await t.server.database.db.transaction().execute(async (trx) => {
        await setTenant(trx, cid);
        await assertBooksBalance(trx as any, cid);
      });
    }
    await t?.close();
  });

  it('lists outgoing despatches not invoiced in full, by waybill number, with what they come to; nothing else', async () => {
    const paper = await product();
    const before = await missing();
    // The demo's despatch to Marmara Yapı Market is not invoiced.
    expect(before.filter((m) => m.source === 'accounting.despatch').map((m) => m.currentName)).toEqual(['Marmara Yapı Market']);
    const full = await despatch({ products: [{ productId: paper.id, quantity: 2, unitPrice: 100 }] });
    const part = await despatch({ despatchDate: '2026-05-03', products: [{ productId: paper.id, quantity: 3 }] });
    const done = await despatch({ products: [{ productId: paper.id, quantity: 1 }] });
    expect((await api.call('POST', `${D}/to-invoice`, { token: owner, body: { despatchIds: [done.id], date: '2026-05-04' } })).status).toBe(201);
    const incoming = await api.call('POST', D, { token: owner, body: { direction: 'IN', currentId: supplier.id, despatchDate: '2026-05-04', waybillNo: 'EGE-MISSING-1', products: [{ productId: paper.id, quantity: 1 }] } });
    expect(incoming.status).toBe(201);
    // One of part's three is invoiced by hand: two are missing.
    const byHand = await api.call('POST', `${ONMUHASEBE}/invoices`, { token: owner, body: { invoiceType: 'SALE', currentId: customer.id, date: '2026-05-04', products: [{ productId: paper.id, quantity: 1, unitPrice: 100, despatchLineId: part.products[0]!.id }] } });
    expect(byHand.status, JSON.stringify(byHand.body)).toBe(201);

    const mine = await missing(`&currentId=${customer.id}&source=accounting.despatch`);
    // Oldest first; 2 × 100 + KDV 20 % = 240; part's two at the product's 100 = 240 too.
    expect(mine.map((m) => [m.documentNo, m.date, m.amount, m.currentName, m.currencyCode])).toEqual([
      [part.waybillNo, '2026-05-03', 240, 'Boğaziçi Otel İşletmeleri', 'TL'],
      [full.waybillNo, '2026-05-04', 240, 'Boğaziçi Otel İşletmeleri', 'TL'],
    ]);
    expect(mine[0]).toMatchObject({ companyId: cid, source: 'accounting.despatch', sourceLabel: { tr: 'Giden irsaliye', en: 'Outgoing despatch' } });
    const all = await missing();
    expect(all.map((m) => m.documentNo)).not.toContain(done.waybillNo);
    expect(all.map((m) => m.documentNo)).not.toContain('EGE-MISSING-1');
    // The list is paged like every other.
    const page = await api.call('GET', `${LIST}?size=1&page=1&currentId=${customer.id}&source=accounting.despatch`, { token: owner });
    expect([page.headers.get('x-total-count'), page.body.map((m: any) => m.documentNo)]).toEqual(['2', [full.waybillNo]]);
  });

  it('creates one invoice for a missing despatch once: dated the sale, its lines naming the despatch lines, no stock moved again', async () => {
    const paper = await product();
    const d = await despatch({ despatchDate: '2026-05-07', products: [{ productId: paper.id, quantity: 4, unitPrice: 50 }] });
    const stockBefore = (await api.call('GET', `${ONMUHASEBE}/products/${paper.id}`, { token: owner })).body.stockQuantity;
    const listed = (await missing(`&currentId=${customer.id}`)).find((m) => m.documentNo === d.waybillNo);
    const r = await create(d.waybillNo);
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body).toMatchObject({ companyId: cid, source: 'accounting.despatch', documentNo: d.waybillNo, status: 'CREATED', problem: null });
    const inv = (await api.call('GET', `${ONMUHASEBE}/invoices/${r.body.invoiceId}`, { token: owner })).body;
    expect(inv).toMatchObject({ invoiceType: 'SALE', status: 'POSTED', date: '2026-05-07', currentId: customer.id, documentNo: r.body.invoiceNo, totalAmount: listed.amount });
    expect(inv.products.map((l: any) => [l.productId, l.quantity, l.unitPrice, l.despatchLineId])).toEqual([[paper.id, 4, 50, d.products[0]!.id]]);
    expect((await api.call('GET', `${ONMUHASEBE}/products/${paper.id}`, { token: owner })).body.stockQuantity).toBe(stockBefore);
    expect(await invoiceIdsOf(d.id)).toEqual([r.body.invoiceId]);
    expect((await missing()).map((m) => m.documentNo)).not.toContain(d.waybillNo);
    // Again: nothing is written, the same invoice is named.
    const again = await create(d.waybillNo);
    expect([again.status, again.body.status, again.body.invoiceId]).toEqual([200, 'ALREADY_CREATED', r.body.invoiceId]);
    expect(await invoiceIdsOf(d.id)).toEqual([r.body.invoiceId]);
    expect((await links()).filter((l) => l.document_no === d.waybillNo)).toEqual([{ source: 'accounting.despatch', document_no: d.waybillNo, invoice_id: r.body.invoiceId }]);
    // A number no source lists, and a source nobody contributed.
    expect([(await create('YOK2026000000001')).status, codeOf(await create('YOK2026000000001'))]).toEqual([404, 'NOT_FOUND']);
    expect(codeOf(await create(d.waybillNo, '&source=nobody.here'))).toBe('SOURCE_NOT_FOUND');

    // Its invoice cancelled, the sale is missing again, and creating it again moves the link to the new invoice.
    expect((await api.call('POST', `${ONMUHASEBE}/invoices/cancel/${r.body.invoiceId}/false/NONE`, { token: owner })).status).toBe(200);
    expect((await missing()).map((m) => m.documentNo)).toContain(d.waybillNo);
    const renewed = await create(d.waybillNo);
    expect([renewed.status, renewed.body.status]).toEqual([201, 'CREATED']);
    expect(renewed.body.invoiceId).not.toBe(r.body.invoiceId);
    expect(await invoiceIdsOf(d.id)).toEqual([renewed.body.invoiceId]);
    expect((await links()).filter((l) => l.document_no === d.waybillNo).map((l) => l.invoice_id)).toEqual([renewed.body.invoiceId]);
  });

  it("creates a company's missing invoices each on its own: a refused one is reported and leaves nothing; a second run creates nothing", async () => {
    const priced = await product();
    const unpriced = await product({ salePrice: null });
    const a = await despatch({ products: [{ productId: priced.id, quantity: 1 }] });
    const b = await despatch({ products: [{ productId: unpriced.id, quantity: 1 }] });
    const c = await despatch({ products: [{ productId: priced.id, quantity: 2, unitPrice: 10 }] });
    sales.push({ documentNo: 'TEST-1', productId: priced.id });
    const open = await missing();
    expect(open.map((m) => m.documentNo)).toEqual(expect.arrayContaining([a.waybillNo, b.waybillNo, c.waybillNo, 'TEST-1']));
    expect(open.find((m) => m.documentNo === b.waybillNo).amount).toBeNull();

    const run = await api.call('POST', `${ONMUHASEBE}/create-company-missing-invoices`, { token: owner });
    expect(run.status, JSON.stringify(run.body)).toBe(200);
    expect(run.body).toMatchObject({ created: open.length - 1, alreadyCreated: 0, failed: 1 });
    expect(run.body.results.find((x: any) => x.documentNo === b.waybillNo)).toMatchObject({ status: 'FAILED', invoiceId: null, problem: { status: 409, code: 'PRICE_REQUIRED' } });
    for (const d of [a, c]) expect((await invoiceIdsOf(d.id)).length).toBe(1);
    expect(await invoiceIdsOf(b.id)).toEqual([]);
    // The refused one left no link behind; the others have theirs.
    const linked = await links();
    expect(linked.map((l) => l.document_no)).not.toContain(b.waybillNo);
    expect(linked.filter((l) => [a.waybillNo, c.waybillNo, 'TEST-1'].includes(l.document_no)).every((l) => l.invoice_id !== null)).toBe(true);
    // The contributed source's sale: invoiced with its cash payment, and the source was told in the transaction.
    const test = run.body.results.find((x: any) => x.documentNo === 'TEST-1');
    expect(told).toEqual([{ companyId: cid, documentNo: 'TEST-1', invoiceId: test.invoiceId }]);
    const inv = (await api.call('GET', `${ONMUHASEBE}/invoices/${test.invoiceId}`, { token: owner })).body;
    expect(inv).toMatchObject({ status: 'POSTED', date: '2026-05-05', totalAmount: 120, paymentStatus: 'PAID' });
    expect(inv.payments.map((p: any) => [p.paymentType, p.amount])).toEqual([['CASH', 120]]);
    // Announced after the commit: the posted invoice says it was a missing one, with its payments.
    await expect.poll(() => events.filter((e) => e.payload.invoiceId === test.invoiceId).map((e) => e.name).sort()).toEqual(['accounting.invoice.posted', 'accounting.missingInvoice.created']);
    expect(events.find((e) => e.name === 'accounting.invoice.posted' && e.payload.invoiceId === test.invoiceId)).toMatchObject({
      companyId: cid, payload: { invoiceType: 'SALE', missingInvoice: { source: 'test.sale', documentNo: 'TEST-1' }, payments: [expect.objectContaining({ paymentType: 'CASH', amount: '120.00' })] },
    });

    // A second run creates nothing: only the refused one is still missing.
    const second = await api.call('POST', `${ONMUHASEBE}/create-company-missing-invoices`, { token: owner });
    expect(second.body).toMatchObject({ created: 0, alreadyCreated: 0, failed: 1 });
    expect((await missing()).map((m) => m.documentNo)).toEqual([b.waybillNo]);
    // Priced on the despatch line instead, it goes through.
    const fixed = await api.call('PUT', D, { token: owner, body: { id: b.id, direction: 'OUT', currentId: customer.id, despatchDate: '2026-05-04', products: [{ productId: unpriced.id, quantity: 1, unitPrice: 5 }] } });
    expect(fixed.status, JSON.stringify(fixed.body)).toBe(200);
    const third = await api.call('POST', `${ONMUHASEBE}/create-company-missing-invoices`, { token: owner });
    expect(third.body).toMatchObject({ created: 1, failed: 0 });
    expect(await missing()).toEqual([]);
  });

  it('two repairs racing create each missing invoice once', async () => {
    const paper = await product();
    const ds: Awaited<ReturnType<typeof despatch>>[] = [];
    for (let i = 0; i < 4; i++) ds.push(await despatch({ products: [{ productId: paper.id, quantity: 1, unitPrice: 10 + i }] }));
    sales.push({ documentNo: 'TEST-2', productId: paper.id });
    const runs = await Promise.all([
      api.call('POST', `${ONMUHASEBE}/create-company-missing-invoices`, { token: owner }),
      api.call('POST', `${ONMUHASEBE}/create-company-missing-invoices?companyId=${cid}`, { token: owner }),
      create(ds[2]!.waybillNo),
      create(ds[2]!.waybillNo),
      api.call('POST', `${ONMUHASEBE}/create-all-missing-invoices`, { token: admin }),
    ]);
    for (const r of runs) expect(r.status, JSON.stringify(r.body)).toBeLessThan(300);
    const created = runs.reduce((n, r) => n + (r.body.created ?? (r.body.status === 'CREATED' ? 1 : 0)), 0);
    expect(created).toBe(5);
    for (const d of ds) expect((await invoiceIdsOf(d.id)).length).toBe(1);
    expect(told.filter((x) => x.documentNo === 'TEST-2').length).toBe(1);
    const linked = (await links()).filter((l) => [...ds.map((d) => d.waybillNo), 'TEST-2'].includes(l.document_no));
    expect(linked.length).toBe(5);
    expect(new Set(linked.map((l) => l.invoice_id)).size).toBe(5);
    expect(await missing()).toEqual([]);
  });

  it('another company is for management only; create-all is management’s and goes over every company', async () => {
    const paper = await product();
    const d = await despatch({ currentId: other.id, products: [{ productId: paper.id, quantity: 1, unitPrice: 7 }] });
    // The owner of one company, asking about another.
    for (const r of [
      await api.call('GET', `${ONMUHASEBE}/missing-invoices-to-company?companyId=${cid}`, { token: eczaci }),
      await api.call('POST', `${ONMUHASEBE}/create-missing-invoice?documentNo=${d.waybillNo}&companyId=${cid}`, { token: eczaci }),
      await api.call('POST', `${ONMUHASEBE}/create-company-missing-invoices?companyId=${cid}`, { token: eczaci }),
    ]) expect([r.status, r.body.code]).toEqual([403, 'MANAGEMENT_ONLY']);
    const all = await api.call('POST', `${ONMUHASEBE}/create-all-missing-invoices`, { token: owner });
    expect([all.status, all.body.code]).toEqual([403, 'MANAGEMENT_ONLY']);
    expect(await invoiceIdsOf(d.id)).toEqual([]);
    // Their own company they may see.
    expect((await api.call('GET', `${ONMUHASEBE}/missing-invoices-to-company?companyId=${pharmacyId}`, { token: eczaci })).status).toBe(200);
    const own = await api.call('GET', `${ONMUHASEBE}/missing-invoices-to-company?companyId=${cid}`, { token: owner });
    expect(own.body.map((m: any) => m.documentNo)).toContain(d.waybillNo);

    // Management sees and repairs another company's, which the company then reads as its own invoice.
    const seen = await api.call('GET', `${ONMUHASEBE}/missing-invoices-to-company?companyId=${cid}`, { token: admin });
    expect(seen.status).toBe(200);
    expect(seen.body.map((m: any) => [m.companyId, m.documentNo])).toContainEqual([cid, d.waybillNo]);
    expect((await api.call('GET', `${ONMUHASEBE}/missing-invoices-to-company?companyId=999999`, { token: admin })).status).toBe(404);
    const made = await api.call('POST', `${ONMUHASEBE}/create-missing-invoice?documentNo=${d.waybillNo}&companyId=${cid}`, { token: admin });
    expect([made.status, made.body.companyId, made.body.status]).toEqual([201, cid, 'CREATED']);
    expect(await invoiceIdsOf(d.id)).toEqual([made.body.invoiceId]);
    const inv = (await api.call('GET', `${ONMUHASEBE}/invoices/${made.body.invoiceId}`, { token: owner })).body;
    expect(inv).toMatchObject({ status: 'POSTED', currentId: other.id, createdBy: 'yonetici' });
    // Made in another company than the caller's: only the event that names its company.
    await expect.poll(() => events.filter((e) => e.payload.invoiceId === made.body.invoiceId).map((e) => e.name)).toEqual(['accounting.missingInvoice.created']);
    expect(events.find((e) => e.payload.invoiceId === made.body.invoiceId)!.payload).toMatchObject({ companyId: cid, source: 'accounting.despatch', documentNo: d.waybillNo });
    // Management's own company is untouched: the invoice is not there.
    expect((await api.call('GET', `${ONMUHASEBE}/invoices/${made.body.invoiceId}`, { token: admin })).status).not.toBe(200);

    // create-all: the demo despatch (still missing) gets its invoice; a second call creates nothing.
    const d2 = await despatch({ products: [{ productId: paper.id, quantity: 1, unitPrice: 3 }] });
    const first = await api.call('POST', `${ONMUHASEBE}/create-all-missing-invoices`, { token: admin });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.failed).toBe(0);
    expect(first.body.results.map((x: any) => [x.companyId, x.documentNo, x.status])).toContainEqual([cid, d2.waybillNo, 'CREATED']);
    expect((await invoiceIdsOf(d2.id)).length).toBe(1);
    const second = await api.call('POST', `${ONMUHASEBE}/create-all-missing-invoices`, { token: admin });
    expect(second.body).toMatchObject({ created: 0, alreadyCreated: 0, failed: 0, results: [] });
  });
});
