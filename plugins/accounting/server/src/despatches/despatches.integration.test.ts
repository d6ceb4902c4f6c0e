import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setTenant } from '@tezgah/server';
import { engines, startTestServer, type TestServer } from '../../../../../packages/server/test/harness';
import { http, ONMUHASEBE } from '../../../../../packages/server/test/http';
import { assertBooksBalance } from '../ledger/testing';
import { flat, pdfText } from '../invoices/testing';

const cidOf = (token: string): number => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).cid;
const D = `${ONMUHASEBE}/despatches`;
const codeOf = (r: { body: any }) => r.body.fieldErrors?.[0]?.code ?? r.body.code;
const PDF_BYTES = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const PNG_BYTES = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

describe.each(engines('one'))('despatches on %s', (engine) => {
  let t: TestServer;
  let api: ReturnType<typeof http>;
  let owner: string;
  let cid: number;
  let customer: { id: number };
  let supplier: { id: number };
  let unitId: number;
  let warehouseId: number;
  let seq = 0;
  const stock = async (productId: number) => (await api.call('GET', `${ONMUHASEBE}/products/${productId}`, { token: owner })).body.stockQuantity as number;
  const product = async (over: Record<string, unknown> = {}) => {
    const r = await api.call('POST', `${ONMUHASEBE}/products`, {
      token: owner, body: {
        name: `İrsaliye ürünü ${++seq}`, barcode: `868${Date.now()}${seq}`, productType: 'COMMERCIAL_GOODS', unitId, buyingCurrencyId: 1, saleCurrencyId: 1,
        defaultTaxRate: 20, warehouseId, salePrice: 100, buyingPrice: 60, openingStock: 20, ...over,
      },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return r.body as { id: number; name: string };
  };
  const despatch = (body: Record<string, unknown>) => api.call('POST', D, { token: owner, body: { direction: 'OUT', currentId: customer.id, despatchDate: '2026-05-04', ...body } });
  const upload = (despatchId: number, files: { name: string; type: string; data: Buffer }[], companyId = cid) => {
    const form = new FormData();
    for (const f of files) form.append('files', new Blob([new Uint8Array(f.data)], { type: f.type }), f.name);
    return fetch(`${t.url}${ONMUHASEBE}/despatch-attachment-lines/${companyId}/${despatchId}`, { method: 'POST', headers: { authorization: `Bearer ${owner}` }, body: form })
      .then(async (r) => ({ status: r.status, body: await r.json() as any }));
  };

  beforeAll(async () => {
    t = await startTestServer({ engine });
    api = http(t.url);
    owner = await api.signIn('muhasebe');
    cid = cidOf(owner);
    const currents = (await api.call('GET', `${ONMUHASEBE}/currents?size=100`, { token: owner })).body;
    customer = currents.find((c: any) => c.name === 'Marmara Yapı Market');
    supplier = currents.find((c: any) => c.name === 'Ege Kırtasiye');
    unitId = (await api.call('GET', `${ONMUHASEBE}/units?size=100`, { token: owner })).body.find((u: any) => u.name === 'Adet').id;
    warehouseId = (await api.call('GET', `${ONMUHASEBE}/warehouses?size=100`, { token: owner })).body[0].id;
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

  it('the demo tenant has an incoming and an outgoing despatch, numbered and listed by direction', async () => {
    const out = await api.call('GET', `${D}?direction=OUT&size=100`, { token: owner });
    const demo = out.body.find((x: any) => x.bookletNo === 'A-12');
    expect(demo).toMatchObject({ status: 'ACTIVE', invoicing: 'NOT_INVOICED', shipmentDate: '2026-11-21' });
    expect(demo.waybillNo).toMatch(/^IRS2026\d{9}$/);
    expect(demo.products.map((l: any) => [l.quantity, l.laterSentQuantity])).toEqual([[6, 4], [10, 0]]);
    const incoming = await api.call('GET', `${D}?direction=IN&search=EGE2026000000923`, { token: owner });
    expect(incoming.body.map((x: any) => x.direction)).toEqual(['IN']);
  });

  it('an outgoing despatch takes its delivered quantities out (the later-sent part stays); an invoice made from it moves no stock again', async () => {
    const a = await product();
    const b = await product();
    const r = await despatch({ bookletNo: 'B-7', deliveryAddress: 'Şantiye: Ataşehir', products: [
      { productId: a.id, quantity: 5, laterSentQuantity: 3 }, { productId: b.id, quantity: 2.5, unitPrice: 80 },
    ] });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body).toMatchObject({ direction: 'OUT', status: 'ACTIVE', invoicing: 'NOT_INVOICED', shipmentDate: '2026-05-04', bookletNo: 'B-7' });
    expect(r.body.waybillNo).toMatch(/^IRS2026\d{9}$/);
    expect([await stock(a.id), await stock(b.id)]).toEqual([15, 17.5]);
    const lines = await api.call('GET', `${ONMUHASEBE}/product-stock-lines?productId=${a.id}`, { token: owner });
    expect(lines.body.map((l: any) => [l.kind, l.quantity])).toContainEqual(['DESPATCH_OUT', 5]);

    const inv = await api.call('POST', `${D}/to-invoice`, { token: owner, body: { despatchIds: [r.body.id], date: '2026-05-06' } });
    expect(inv.status, JSON.stringify(inv.body)).toBe(201);
    // a at its sale price 100 × 5; b at the despatch's 80 × 2.5 = 200; KDV 20 %: 840.
    expect(inv.body).toMatchObject({ invoiceType: 'SALE', status: 'POSTED', totalAmount: 840 });
    expect(inv.body.products.map((l: any) => [l.productId, l.quantity, l.despatchLineId])).toEqual([[a.id, 5, r.body.products[0].id], [b.id, 2.5, r.body.products[1].id]]);
    expect(inv.body.explanation).toContain(r.body.waybillNo);
    expect([await stock(a.id), await stock(b.id)]).toEqual([15, 17.5]);
    const after = await api.call('GET', `${D}/${r.body.id}`, { token: owner });
    expect(after.body).toMatchObject({ invoicing: 'INVOICED', invoiceIds: [inv.body.id] });

    // Invoiced: it can be neither changed nor cancelled, and nothing is left to invoice.
    const edit = await api.call('PUT', D, { token: owner, body: { id: r.body.id, direction: 'OUT', currentId: customer.id, despatchDate: '2026-05-04', products: [{ productId: a.id, quantity: 1 }] } });
    expect([edit.status, edit.body.code]).toEqual([409, 'DESPATCH_INVOICED']);
    expect(codeOf(await api.call('DELETE', `${D}/${r.body.id}`, { token: owner }))).toBe('DESPATCH_INVOICED');
    expect(codeOf(await api.call('POST', `${D}/to-invoice`, { token: owner, body: { despatchIds: [r.body.id] } }))).toBe('DESPATCH_INVOICED');
    // An invoice line may not take more of a despatch line than is left, nor another product's.
    const over = await api.call('POST', `${ONMUHASEBE}/invoices`, { token: owner, body: { invoiceType: 'SALE', currentId: customer.id, date: '2026-05-06', products: [{ productId: a.id, quantity: 1, unitPrice: 100, despatchLineId: r.body.products[0].id }] } });
    expect([over.status, codeOf(over), over.body.fieldErrors?.[0]?.field]).toEqual([400, 'ABOVE_DESPATCHED', 'products.0.quantity']);

    // Editing the invoice keeps the link and moves no stock; cancelling it reopens the despatch and leaves the stock where the despatch put it.
    const put = await api.call('PUT', `${ONMUHASEBE}/invoices`, { token: owner, body: {
      id: inv.body.id, invoiceType: 'SALE', currentId: customer.id, date: '2026-05-06',
      products: inv.body.products.map((l: any) => ({ productId: l.productId, quantity: l.quantity, unitPrice: 90, despatchLineId: l.despatchLineId })),
    } });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect([await stock(a.id), await stock(b.id)]).toEqual([15, 17.5]);
    expect((await api.call('POST', `${ONMUHASEBE}/invoices/cancel/${inv.body.id}/false/NONE`, { token: owner })).status).toBe(200);
    expect([await stock(a.id), await stock(b.id)]).toEqual([15, 17.5]);
    const reopened = await api.call('GET', `${D}/${r.body.id}`, { token: owner });
    expect(reopened.body).toMatchObject({ invoicing: 'NOT_INVOICED', invoiceIds: [] });

    // Now it can be cancelled: the stock comes back.
    expect((await api.call('DELETE', `${D}/${r.body.id}`, { token: owner })).status).toBe(204);
    expect([await stock(a.id), await stock(b.id)]).toEqual([20, 20]);
    const cancelled = await api.call('GET', `${D}/${r.body.id}`, { token: owner });
    expect(cancelled.body.status).toBe('CANCELLED');
    expect(cancelled.body.cancelledAt).toBeTruthy();
    expect(codeOf(await api.call('DELETE', `${D}/${r.body.id}`, { token: owner }))).toBe('DESPATCH_CANCELLED');
  });

  it('an incoming despatch puts stock in; an edit moves it again as it now reads; several despatches make one purchase', async () => {
    const p = await product({ openingStock: 0 });
    const one = await api.call('POST', D, { token: owner, body: { direction: 'IN', currentId: supplier.id, despatchDate: '2026-05-10', waybillNo: 'EGE-A1', products: [{ productId: p.id, quantity: 4 }] } });
    expect(one.status, JSON.stringify(one.body)).toBe(201);
    expect(await stock(p.id)).toBe(4);
    const twice = await api.call('POST', D, { token: owner, body: { direction: 'IN', currentId: supplier.id, despatchDate: '2026-05-10', waybillNo: 'EGE-A1', products: [{ productId: p.id, quantity: 1 }] } });
    expect([twice.status, codeOf(twice)]).toEqual([400, 'WAYBILL_NO_TAKEN']);
    const edited = await api.call('PUT', D, { token: owner, body: { id: one.body.id, direction: 'IN', currentId: supplier.id, despatchDate: '2026-05-10', waybillNo: 'EGE-A1', products: [{ productId: p.id, quantity: 6 }] } });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(await stock(p.id)).toBe(6);
    const two = await api.call('POST', D, { token: owner, body: { direction: 'IN', currentId: supplier.id, despatchDate: '2026-05-11', waybillNo: 'EGE-A2', products: [{ productId: p.id, quantity: 2, unitPrice: 55 }] } });
    expect(two.status).toBe(201);
    expect(await stock(p.id)).toBe(8);
    const mixed = await api.call('POST', `${D}/to-invoice`, { token: owner, body: { despatchIds: [one.body.id, (await despatch({ products: [{ productId: p.id, quantity: 1 }] })).body.id] } });
    expect([mixed.status, codeOf(mixed)]).toEqual([400, 'DESPATCH_MIX']);
    const inv = await api.call('POST', `${D}/to-invoice`, { token: owner, body: { despatchIds: [one.body.id, two.body.id], date: '2026-05-12', documentNo: 'EGE2026000009001' } });
    expect(inv.status, JSON.stringify(inv.body)).toBe(201);
    // 6 × 60 (the product's buying price) + 2 × 55 = 470, KDV 94.
    expect(inv.body).toMatchObject({ invoiceType: 'BUYING', documentNo: 'EGE2026000009001', totalAmount: 564 });
    expect(await stock(p.id)).toBe(7);
  });

  it('refuses what a despatch cannot be: services, stock below zero, shipment before the date, another company\'s current', async () => {
    const service = (await api.call('GET', `${ONMUHASEBE}/products?size=100&service=true`, { token: owner })).body[0];
    expect(codeOf(await despatch({ products: [{ productId: service.id, quantity: 1 }] }))).toBe('SERVICE_ON_DESPATCH');
    const p = await product({ openingStock: 1 });
    const short = await despatch({ products: [{ productId: p.id, quantity: 2 }] });
    expect([short.status, short.body.code, short.body.fieldErrors?.[0]?.field]).toEqual([409, 'INSUFFICIENT_STOCK', 'products.0.quantity']);
    expect(await stock(p.id)).toBe(1);
    expect(codeOf(await despatch({ shipmentDate: '2026-05-01', products: [{ productId: p.id, quantity: 1 }] }))).toBe('SHIPMENT_BEFORE_DATE');
    expect(codeOf(await despatch({ currentId: 999999, products: [{ productId: p.id, quantity: 1 }] }))).toBe('CURRENT_NOT_FOUND');
    const negative = await despatch({ products: [{ productId: p.id, quantity: 1, laterSentQuantity: -1 }] });
    expect([negative.status, negative.body.fieldErrors?.[0]?.field]).toEqual([400, 'products.0.laterSentQuantity']);
    expect((await despatch({ products: [{ productId: p.id, quantity: 1, laterSentQuantity: 0 }] })).status).toBe(201);
    expect(await stock(p.id)).toBe(0);
  });

  it('keeps attachments recognised by their bytes, refuses others and oversize files, and serves them as downloads', async () => {
    const p = await product();
    const r = await despatch({ products: [{ productId: p.id, quantity: 1 }] });
    const up = await upload(r.body.id, [
      { name: '../../etc/İmzalı irsaliye.pdf', type: 'application/pdf', data: PDF_BYTES },
      { name: 'foto.png', type: 'image/png', data: PNG_BYTES },
    ]);
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    expect(up.body.map((a: any) => [a.fileName, a.contentType, a.size])).toEqual([
      ['İmzalı irsaliye.pdf', 'application/pdf', PDF_BYTES.length], ['foto.png', 'image/png', PNG_BYTES.length],
    ]);
    // HTML dressed as a PDF, and anything unknown, are refused — and with them the whole upload.
    const html = await upload(r.body.id, [{ name: 'ok.pdf', type: 'application/pdf', data: PDF_BYTES }, { name: 'x.pdf', type: 'application/pdf', data: Buffer.from('<html><script>alert(1)</script></html>') }]);
    expect([html.status, html.body.fieldErrors?.[0]?.code, html.body.fieldErrors?.[0]?.field]).toEqual([400, 'UNSUPPORTED_FILE', 'files.1']);
    const list = await api.call('GET', `${ONMUHASEBE}/despatch-attachment-lines-by-despatch/${r.body.id}`, { token: owner });
    expect(list.body).toHaveLength(2);
    const big = await upload(r.body.id, [{ name: 'big.pdf', type: 'application/pdf', data: Buffer.concat([PDF_BYTES, Buffer.alloc(10 * 1024 * 1024 + 1, 0x20)]) }]);
    expect([big.status, big.body.code]).toEqual([413, 'FILE_TOO_LARGE']);
    const other = await upload(r.body.id, [{ name: 'a.pdf', type: 'application/pdf', data: PDF_BYTES }], cid + 1000);
    expect(other.status).toBe(404);
    const json = await api.call('POST', `${ONMUHASEBE}/despatch-attachment-lines/${cid}/${r.body.id}`, { token: owner, body: { files: [] } });
    expect(json.status).toBe(415);

    const file = await fetch(`${t.url}${ONMUHASEBE}/despatch-attachment-lines/${list.body[0].id}`, { headers: { authorization: `Bearer ${owner}` } });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('content-disposition')).toContain("filename*=UTF-8''%C4%B0mzal%C4%B1%20irsaliye.pdf");
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await file.arrayBuffer()).equals(PDF_BYTES)).toBe(true);
    expect((await api.call('GET', `${D}/${r.body.id}`, { token: owner })).body.attachmentCount).toBe(2);
    expect((await api.call('DELETE', `${ONMUHASEBE}/despatch-attachment-lines/${list.body[1].id}`, { token: owner })).status).toBe(204);
    expect((await api.call('GET', `${ONMUHASEBE}/despatch-attachment-lines-by-despatch/${r.body.id}`, { token: owner })).body.map((a: any) => a.fileName)).toEqual(['İmzalı irsaliye.pdf']);
  });

  it('prints the despatch as a PDF with its parties, numbers, goods and signature boxes', async () => {
    const p = await product({ name: 'Çelik Dübel 8 mm (100\'lü)' });
    const r = await despatch({ bookletNo: 'C-3', shipmentDate: '2026-05-05', explanation: 'Kapıda teslim', products: [{ productId: p.id, quantity: 3, laterSentQuantity: 2 }] });
    const res = await fetch(`${t.url}${ONMUHASEBE}/pdf-despatch/${r.body.id}`, { headers: { authorization: `Bearer ${owner}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/pdf');
    expect(res.headers.get('content-disposition')).toContain(`irsaliye-${r.body.waybillNo.toLowerCase()}.pdf`);
    const text = flat(pdfText(Buffer.from(await res.arrayBuffer())));
    for (const s of ['SEVK İRSALİYESİ', r.body.waybillNo, 'C-3', '04.05.2026', '05.05.2026', 'Marmara Yapı Market', "Çelik Dübel 8 mm (100'lü)", '3,00', '2,00', 'Teslim Eden', 'Teslim Alan', 'Kapıda teslim']) {
      expect(text).toContain(s);
    }
    expect((await api.call('GET', `${ONMUHASEBE}/pdf-despatch/999999`, { token: owner })).status).toBe(404);
  });
});
