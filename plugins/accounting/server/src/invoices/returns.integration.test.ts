import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Decimal from 'decimal.js';
import { sql } from 'kysely';
import { setTenant } from '@tezgah/server';
import { engines, startTestServer, type TestServer } from '../../../../../packages/server/test/harness';
import { http, ONMUHASEBE } from '../../../../../packages/server/test/http';
import { assertBooksBalance } from '../ledger/testing';

const cidOf = (token: string): number => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).cid;
const INVOICES = `${ONMUHASEBE}/invoices`;
const codeOf = (r: { body: any }) => r.body.fieldErrors?.[0]?.code ?? r.body.code;

/*
 * Returns as an accountant books them (Tekdüzen Hesap Planı; KDV Kanunu 35 for the KDV given back).
 * Handler logic through the query builder, with the line-month triggers of the migration read back:
 * one engine (docs/testing.md).
 */
describe.each(engines('one'))('invoice returns on %s', (engine) => {
  let t: TestServer;
  let api: ReturnType<typeof http>;
  let owner: string;
  let cid: number;
  let customer: { id: number; accountCode: string };
  let supplier: { id: number; accountCode: string };
  let safe: { id: number; accountCode: string };
  let unitId: number;
  let warehouseId: number;
  let seq = 0;
  const inCompany = <T>(fn: (trx: any) => Promise<T>) => t.server.database.db.transaction().execute(async (trx) => {
    await setTenant(trx, cid);
    return fn(trx);
  });
  const stock = async (productId: number) => (await api.call('GET', `${ONMUHASEBE}/products/${productId}`, { token: owner })).body.stockQuantity as number;
  const product = async (over: Record<string, unknown> = {}) => {
    const r = await api.call('POST', `${ONMUHASEBE}/products`, {
      token: owner, body: {
        name: `İade ürünü ${++seq}`, barcode: `868${Date.now()}${seq}`, productType: 'COMMERCIAL_GOODS', unitId, buyingCurrencyId: 1, saleCurrencyId: 1,
        defaultTaxRate: 20, warehouseId, salePrice: 100, buyingPrice: 60, openingStock: 20, ...over,
      },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return r.body as { id: number };
  };
  const invoice = async (body: Record<string, unknown>) => {
    const r = await api.call('POST', INVOICES, { token: owner, body });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return r.body;
  };
  const giveBack = (id: number, body: Record<string, unknown>) => api.call('POST', `${INVOICES}/${id}/returns`, { token: owner, body });
  /** The invoice's live entry lines as [account, debit, credit]. */
  const entry = (id: number) => inCompany(async (trx) => (await sql<{ a: string; d: string; c: string }>`
    select l.account_code as a, l.debit::text as d, l.credit::text as c from journal_lines l join journal_entries e on e.company_id = l.company_id and e.id = l.entry_id
     where e.company_id = ${cid} and e.source_kind = 'INVOICE' and e.source_id = ${String(id)} and e.reverses_id is null
       and not exists (select 1 from journal_entries r where r.company_id = e.company_id and r.reverses_id = e.id)
     order by l.line_no`.execute(trx)).rows.map((r) => [r.a, new Decimal(r.d).toFixed(2), new Decimal(r.c).toFixed(2)]));
  const months = (productId: number, type: string) => inCompany(async (trx) => (await sql<{ q: string; a: string }>`
    select coalesce(sum(quantity), 0)::text as q, coalesce(sum(amount), 0)::text as a from invoice_line_months
     where company_id = ${cid} and product_id = ${productId} and invoice_type = ${type}`.execute(trx)).rows.map((r) => [new Decimal(r.q).toFixed(2), new Decimal(r.a).toFixed(2)])[0]);

  /** A current's own ledger account (120.xxx, 320.xxx), as the posting function opened it. */
  const own = (id: number) => inCompany(async (trx) => (await sql<{ code: string }>`
    select code from ledger_accounts where company_id = ${cid} and owner_kind = 'CURRENT' and owner_id = ${id}`.execute(trx)).rows[0]?.code ?? '');

  beforeAll(async () => {
    t = await startTestServer({ engine });
    api = http(t.url);
    owner = await api.signIn('muhasebe');
    cid = cidOf(owner);
    const currents = (await api.call('GET', `${ONMUHASEBE}/currents?size=100`, { token: owner })).body;
    const c = currents.find((x: any) => x.name === 'Boğaziçi Otel İşletmeleri');
    const s = currents.find((x: any) => x.name === 'Ege Kırtasiye');
    customer = { id: c.id, accountCode: '' };
    supplier = { id: s.id, accountCode: '' };
    safe = (await api.call('GET', `${ONMUHASEBE}/safes?size=100`, { token: owner })).body.find((x: any) => x.name === 'Merkez Kasa');
    unitId = (await api.call('GET', `${ONMUHASEBE}/units?size=100`, { token: owner })).body.find((u: any) => u.name === 'Adet').id;
    warehouseId = (await api.call('GET', `${ONMUHASEBE}/warehouses?size=100`, { token: owner })).body[0].id;
    expect([c, s, safe].every(Boolean)).toBe(true);
  });
  afterAll(async () => {
    if (t) await inCompany(async (trx) => assertBooksBalance(trx, cid));
    await t?.close();
  });

  it('returns a sale in two parts: 610 and 391 against the customer, stock back, the parts adding up to the sale to the kuruş', async () => {
    const a = await product();
    const b = await product({ defaultTaxRate: 10 });
    // Line 1: 5 × 100, 10 % off → base 450, KDV 20 % 90, total 540.
    // Line 2: 3 × 33.33 = 99.99, KDV 10 % → 10.00 (9.999 rounded), total 109.99.
    const sale = await invoice({
      invoiceType: 'SALE', currentId: customer.id, date: '2026-05-04',
      products: [{ productId: a.id, quantity: 5, unitPrice: 100, discounts: [{ type: 'PERCENTAGE', percentage: 10 }] }, { productId: b.id, quantity: 3, unitPrice: 33.33 }],
    });
    expect([sale.taxBase, sale.totalTax, sale.payable]).toEqual([549.99, 100, 649.99]);
    expect([await stock(a.id), await stock(b.id)]).toEqual([15, 17]);
    customer.accountCode = await own(customer.id);
    expect(customer.accountCode).toMatch(/^120\./);
    const [l1, l2] = sale.products;

    // First return: 2 of line 1 (2/5 of it: gross 200, discount 20, base 180, KDV 36) and 1 of
    // line 2 (1/3: base 33.33, KDV 10.00 / 3 = 3.33), paid back in cash.
    const first = await giveBack(sale.id, { date: '2026-05-10', documentNo: 'IADE-001', lines: [{ lineId: l1.id, quantity: 2 }, { lineId: l2.id, quantity: 1 }], refund: { safeId: safe.id } });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body).toMatchObject({
      invoiceType: 'SALE_RETURN', status: 'POSTED', documentNo: 'IADE-001', taxBase: 213.33, totalTax: 39.33, payable: 252.66, paid: 252.66,
      returnOf: { id: sale.id, documentNo: sale.documentNo, date: '2026-05-04' },
    });
    expect(first.body.products.map((l: any) => [l.returnsLineId, l.quantity, l.gross, l.discount, l.taxBase, l.tax, l.accountCode])).toEqual([
      [l1.id, 2, 200, 20, 180, 36, '610'], [l2.id, 1, 33.33, 0, 33.33, 3.33, '610'],
    ]);
    // Dr 610 213.33, Dr 391 39.33 / Cr the customer 252.66.
    expect(await entry(first.body.id)).toEqual([['610', '213.33', '0.00'], ['391', '39.33', '0.00'], [customer.accountCode, '0.00', '252.66']]);
    expect([await stock(a.id), await stock(b.id)]).toEqual([17, 18]);

    // Nothing passes what is left: 3 of line 1, 2 of line 2.
    const over = await giveBack(sale.id, { date: '2026-05-11', lines: [{ lineId: l1.id, quantity: 3.01 }] });
    expect([over.status, codeOf(over)]).toEqual([400, 'ABOVE_RETURNABLE']);
    expect(over.body.fieldErrors[0].field).toBe('lines.0.quantity');

    // The rest: the last return of each line takes exactly what is left (KDV 10.00 − 3.33 = 6.67, not 2 × 3.33).
    const rest = await giveBack(sale.id, { date: '2026-05-12', lines: [{ lineId: l1.id, quantity: 3 }, { lineId: l2.id, quantity: 2 }] });
    expect(rest.status, JSON.stringify(rest.body)).toBe(201);
    expect(rest.body.products.map((l: any) => [l.taxBase, l.tax])).toEqual([[270, 54], [66.66, 6.67]]);
    expect(new Decimal(first.body.payable).plus(rest.body.payable).toNumber()).toBe(sale.payable);
    expect(await entry(rest.body.id)).toEqual([['610', '336.66', '0.00'], ['391', '60.67', '0.00'], [customer.accountCode, '0.00', '397.33']]);
    // Not paid back: the return is set off against what the customer still owes on the sale.
    expect(rest.body.paid).toBe(397.33);
    const settled = (await api.call('GET', `${INVOICES}/${sale.id}`, { token: owner })).body;
    expect([settled.paid, settled.dues.map((d: any) => [d.amount, d.paid])]).toEqual([397.33, [[649.99, 397.33]]]);
    const offsets = (await api.call('GET', `${ONMUHASEBE}/invoice-payment-lines?invoiceId=${sale.id}`, { token: owner })).body;
    expect(offsets.map((l: any) => [l.transactionId, l.returnInvoiceId, l.amount, l.date])).toEqual([[null, rest.body.id, 397.33, '2026-05-12']]);
    const none = await giveBack(sale.id, { date: '2026-05-12', lines: [{ lineId: l2.id, quantity: 1 }] });
    expect([none.status, codeOf(none)]).toEqual([400, 'ABOVE_RETURNABLE']);

    // The profit report's sums see the sale netted out.
    expect(await months(a.id, 'SALE')).toEqual(['0.00', '0.00']);

    // The sale is held while returns name it; the view says what was returned.
    const view = (await api.call('GET', `${INVOICES}/${sale.id}`, { token: owner })).body;
    expect(view.products.map((l: any) => l.returned)).toEqual([5, 3]);
    expect(view.returns.map((r: any) => [r.id, r.invoiceType, r.status])).toEqual([[first.body.id, 'SALE_RETURN', 'POSTED'], [rest.body.id, 'SALE_RETURN', 'POSTED']]);
    const cancel = await api.call('POST', `${INVOICES}/cancel/${sale.id}/false/NONE`, { token: owner });
    expect([cancel.status, codeOf(cancel)]).toEqual([409, 'INVOICE_HAS_RETURNS']);
    const edit = await api.call('PUT', INVOICES, { token: owner, body: { id: sale.id, invoiceType: 'SALE', currentId: customer.id, date: '2026-05-04', products: [{ productId: a.id, quantity: 1, unitPrice: 100 }] } });
    expect([edit.status, codeOf(edit)]).toEqual([409, 'INVOICE_HAS_RETURNS']);
    const editReturn = await api.call('PUT', INVOICES, { token: owner, body: { id: rest.body.id, invoiceType: 'SALE', currentId: customer.id, date: '2026-05-04', products: [{ productId: a.id, quantity: 1, unitPrice: 100 }] } });
    expect([editReturn.status, codeOf(editReturn)]).toEqual([409, 'RETURN_NOT_EDITABLE']);

    // Cancelling a return reverses it: the goods go out again and its quantities are returnable again.
    const undone = await api.call('POST', `${INVOICES}/cancel/${rest.body.id}/false/NONE`, { token: owner });
    expect(undone.status, JSON.stringify(undone.body)).toBe(200);
    expect(await entry(rest.body.id)).toEqual([]);
    expect([await stock(a.id), await stock(b.id)]).toEqual([17, 18]);
    const again = (await api.call('GET', `${INVOICES}/${sale.id}`, { token: owner })).body;
    expect(again.products.map((l: any) => l.returned)).toEqual([2, 1]);
    // ... and its set-off is taken back: the sale's due is open again.
    expect([again.paid, again.dues.map((d: any) => d.paid)]).toEqual([0, [0]]);
    expect((await api.call('GET', `${ONMUHASEBE}/invoice-payment-lines?invoiceId=${sale.id}`, { token: owner })).body).toEqual([]);
    const list = (await api.call('GET', `${INVOICES}?invoiceType=SALE_RETURN&size=100`, { token: owner })).body;
    expect(list.map((x: any) => x.id)).toEqual(expect.arrayContaining([first.body.id, rest.body.id]));
  });

  it('returns goods to the supplier on a numbered return invoice: the supplier against 153 and 191, stock out', async () => {
    const p = await product();
    // 4 × 60, KDV 20 %: base 240, KDV 48, total 288.
    const buy = await invoice({ invoiceType: 'BUYING', currentId: supplier.id, date: '2026-06-01', documentNo: 'EGE2026000000123', products: [{ productId: p.id, quantity: 4, unitPrice: 60 }] });
    expect(await stock(p.id)).toBe(24);
    supplier.accountCode = await own(supplier.id);
    expect(supplier.accountCode).toMatch(/^320\./);
    const r = await giveBack(buy.id, { date: '2026-06-03', lines: [{ lineId: buy.products[0].id, quantity: 1 }] });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    // Not paid back: it is set off against what the company still owes the supplier on the purchase.
    expect(r.body).toMatchObject({ invoiceType: 'BUYING_RETURN', taxBase: 60, totalTax: 12, payable: 72, paid: 72, returnOf: { documentNo: 'EGE2026000000123', date: '2026-06-01' } });
    // The company issues it: a number of its own series, in the sales' number space.
    expect(r.body.documentNo).toMatch(/^[A-Z0-9]{3}2026\d{9}$/);
    // Dr the supplier 72 / Cr 153 60, Cr 191 12.
    expect(await entry(r.body.id)).toEqual([[supplier.accountCode, '72.00', '0.00'], ['153', '0.00', '60.00'], ['191', '0.00', '12.00']]);
    expect(await stock(p.id)).toBe(23);
    expect((await api.call('GET', `${INVOICES}/${buy.id}`, { token: owner })).body).toMatchObject({ paid: 72, remaining: 216 });
    expect(await months(p.id, 'BUYING')).toEqual(['3.00', '180.00']);
    const pdf = await fetch(`${t.url}${ONMUHASEBE}/pdf/${r.body.id}`, { headers: { authorization: `Bearer ${owner}` } });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toContain('application/pdf');
  });

  it('refuses what is not a return: a draft, a return of a return, an earlier date, a line of another invoice, a line twice, a buyer number twice', async () => {
    const p = await product();
    const draft = await invoice({ invoiceType: 'SALE', draft: true, currentId: customer.id, date: '2026-07-01', products: [{ productId: p.id, quantity: 1, unitPrice: 100 }] });
    const d = await giveBack(draft.id, { date: '2026-07-02', lines: [{ lineId: draft.products[0].id, quantity: 1 }] });
    expect([d.status, codeOf(d)]).toEqual([409, 'INVOICE_DRAFT']);
    const sale = await invoice({ invoiceType: 'SALE', currentId: customer.id, date: '2026-07-01', products: [{ productId: p.id, quantity: 2, unitPrice: 100 }] });
    const other = await invoice({ invoiceType: 'SALE', currentId: customer.id, date: '2026-07-01', products: [{ productId: p.id, quantity: 2, unitPrice: 100 }] });
    const early = await giveBack(sale.id, { date: '2026-06-30', lines: [{ lineId: sale.products[0].id, quantity: 1 }] });
    expect([early.status, codeOf(early)]).toEqual([400, 'RETURN_BEFORE_INVOICE']);
    const foreign = await giveBack(sale.id, { date: '2026-07-02', lines: [{ lineId: other.products[0].id, quantity: 1 }] });
    expect([foreign.status, codeOf(foreign)]).toEqual([400, 'LINE_NOT_FOUND']);
    const twice = await giveBack(sale.id, { date: '2026-07-02', lines: [{ lineId: sale.products[0].id, quantity: 1 }, { lineId: sale.products[0].id, quantity: 1 }] });
    expect([twice.status, codeOf(twice)]).toEqual([400, 'LINE_TWICE']);
    const ok = await giveBack(sale.id, { date: '2026-07-02', documentNo: 'R-7', lines: [{ lineId: sale.products[0].id, quantity: 1 }] });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    const sameNo = await giveBack(other.id, { date: '2026-07-02', documentNo: 'R-7', lines: [{ lineId: other.products[0].id, quantity: 1 }] });
    expect([sameNo.status, codeOf(sameNo)]).toEqual([400, 'DOCUMENT_NO_TAKEN']);
    const ofReturn = await giveBack(ok.body.id, { date: '2026-07-03', lines: [{ lineId: ok.body.products[0].id, quantity: 1 }] });
    expect([ofReturn.status, codeOf(ofReturn)]).toEqual([409, 'RETURN_OF_RETURN']);
    const unknownField = await giveBack(sale.id, { date: '2026-07-02', lines: [{ lineId: sale.products[0].id, quantity: 1 }], price: 5 });
    expect(unknownField.status).toBe(400);
  });
});
