import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Decimal from 'decimal.js';
import { sql } from 'kysely';
import { setTenant, type ServerEvent } from '@tezgah/server';
import { engines, startTestServer, type TestServer } from '../../../../../packages/server/test/harness';
import { http, ONMUHASEBE } from '../../../../../packages/server/test/http';
import { assertBooksBalance } from '../ledger/testing';
import { flat, pdfText } from './testing';

const cidOf = (token: string): number => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).cid;
const INVOICES = `${ONMUHASEBE}/invoices`;
/** A refusal's own code: the field's for a 400 on one field, else the problem's. */
const codeOf = (r: { body: any }) => r.body.fieldErrors?.[0]?.code ?? r.body.code;

describe.each(engines('both'))('invoices on %s', (engine) => {
  let t: TestServer;
  let api: ReturnType<typeof http>;
  let owner: string;
  let cid: number;
  let customer: { id: number; name: string };
  let supplier: { id: number; name: string };
  let safe: { id: number; accountCode: string };
  let bank: { id: number; accountCode: string };
  let unitId: number;
  let warehouseId: number;
  let seq = 0;
  const inCompany = <T>(fn: (trx: any) => Promise<T>) => t.server.database.db.transaction().execute(async (trx) => {
    await setTenant(trx, cid);
    return fn(trx);
  });
  /** Debit minus credit of an account and its sub-accounts, as a decimal string. */
  const balance = (code: string) => inCompany(async (trx) => {
    const r = await sql<{ b: string }>`select coalesce(sum(debit - credit), 0)::text as b from journal_lines
      where company_id = ${cid} and (account_code = ${code} or account_code like ${`${code}.%`})`.execute(trx);
    return new Decimal(r.rows[0]!.b).toFixed(2);
  });
  const stock = async (productId: number) => (await api.call('GET', `${ONMUHASEBE}/products/${productId}`, { token: owner })).body.stockQuantity as number;
  const product = async (over: Record<string, unknown> = {}) => {
    const r = await api.call('POST', `${ONMUHASEBE}/products`, {
      token: owner, body: {
        name: `Ürün ${++seq}`, barcode: `869${Date.now()}${seq}`, productType: 'COMMERCIAL_GOODS', unitId, buyingCurrencyId: 1, saleCurrencyId: 1,
        defaultTaxRate: 20, warehouseId, salePrice: 100, buyingPrice: 60, ...over,
      },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return r.body as { id: number; name: string };
  };
  const addStock = (productId: number, quantity: number) => api.call('POST', `${INVOICES}`, {
    token: owner, body: { invoiceType: 'BUYING', currentId: supplier.id, date: '2026-03-01', documentNo: `STK${++seq}`, products: [{ productId, quantity, unitPrice: 60 }] },
  });
  const sale = (body: Record<string, unknown>) => api.call('POST', INVOICES, { token: owner, body: { invoiceType: 'SALE', currentId: customer.id, date: '2026-04-10', ...body } });
  const entriesOf = (kind: string, id: number) => inCompany(async (trx) => (await sql<{ id: number; reverses_id: number | null; entry_date: string; lines: [string, string, string][] }>`
    select e.id, e.reverses_id, e.entry_date::text as entry_date,
           (select json_agg(json_build_array(l.account_code, l.debit::text, l.credit::text) order by l.line_no) from journal_lines l where l.company_id = e.company_id and l.entry_id = e.id) as lines
      from journal_entries e where e.company_id = ${cid} and e.source_kind = ${kind} and e.source_id = ${String(id)} order by e.id`.execute(trx)).rows);

  beforeAll(async () => {
    t = await startTestServer({ engine });
    api = http(t.url);
    owner = await api.signIn('muhasebe');
    cid = cidOf(owner);
    const currents = (await api.call('GET', `${ONMUHASEBE}/currents?size=100`, { token: owner })).body;
    customer = currents.find((c: any) => c.name === 'Boğaziçi Otel İşletmeleri');
    supplier = currents.find((c: any) => c.name === 'Ege Kırtasiye');
    safe = (await api.call('GET', `${ONMUHASEBE}/safes?size=100`, { token: owner })).body.find((s: any) => s.name === 'Merkez Kasa');
    bank = (await api.call('GET', `${ONMUHASEBE}/bank-accounts?size=100`, { token: owner })).body.find((a: any) => a.name === 'Garanti BBVA Ticari Hesap');
    unitId = (await api.call('GET', `${ONMUHASEBE}/units?size=100`, { token: owner })).body.find((u: any) => u.name === 'Adet').id;
    warehouseId = (await api.call('GET', `${ONMUHASEBE}/warehouses?size=100`, { token: owner })).body[0].id;
    expect([customer, supplier, safe, bank].every(Boolean)).toBe(true);
  });
  afterAll(async () => {
    if (t) await inCompany(async (trx) => assertBooksBalance(trx, cid));
    await t?.close();
  });

  it('sells three products with a line discount, a document discount and a partial cash payment; posts stock, entry and payment', async () => {
    const [a, b, c] = [await product(), await product(), await product({ defaultTaxRate: 10 })];
    for (const p of [a, b, c]) expect((await addStock(p.id, 10)).status).toBe(201);
    const safeBefore = await balance(safe.accountCode);
    // a: 2 × 100 = 200, 10 % off → 180; b: 1 × 50 = 50; c: 3 × 33.33 = 99.99 (KDV 10).
    // Document discount 29.99 spread over 180 / 50 / 99.99 (329.99): 16.36 / 4.54 / 9.09 → bases 163.64 / 45.46 / 90.90.
    // KDV: 32.73 + 9.09 + 9.09 = 50.91; total 300.00 + 50.91 = 350.91; paid 100 in cash.
    const r = await sale({
      products: [
        { productId: a.id, quantity: 2, unitPrice: 100, discounts: [{ type: 'PERCENTAGE', percentage: 10 }] },
        { productId: b.id, quantity: 1, unitPrice: 50 },
        { productId: c.id, quantity: 3, unitPrice: '33.33' },
      ],
      discounts: [{ type: 'AMOUNT', amount: '29.99' }],
      payments: [{ paymentType: 'CASH', amount: 100, safeId: safe.id }],
      totalAmount: 350.91,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body).toMatchObject({
      invoiceType: 'SALE', status: 'POSTED', subtotal: 349.99, totalDiscount: 49.99, taxBase: 300, totalTax: 50.91, totalAmount: 350.91,
      payable: 350.91, paid: 100, remaining: 250.91, paymentStatus: 'PARTIAL', currentName: customer.name,
    });
    expect(r.body.documentNo).toMatch(/^DMT2026\d{9}$/);
    expect(r.body.products.map((l: any) => [l.gross, l.discount, l.documentDiscount, l.taxBase, l.tax, l.total])).toEqual([
      [200, 20, 16.36, 163.64, 32.73, 196.37], [50, 0, 4.54, 45.46, 9.09, 54.55], [99.99, 0, 9.09, 90.9, 9.09, 99.99],
    ]);
    expect(r.body.taxSummary).toEqual([{ taxType: 'KDV', percentage: 10, base: 90.9, amount: 9.09 }, { taxType: 'KDV', percentage: 20, base: 209.1, amount: 41.82 }]);
    // Stock went out of the product's warehouse.
    expect([await stock(a.id), await stock(b.id), await stock(c.id)]).toEqual([8, 9, 7]);
    // The entry: Dr the customer 350.91; Cr 600 300.00, Cr 391 50.91.
    const [entry] = await entriesOf('INVOICE', r.body.id);
    expect(entry!.lines[0]![0]).toMatch(/^120\.\d{3}$/);
    expect(entry!.lines.map(([acc, d, cr]) => [acc.replace(/^120\.\d{3}$/, '120.x'), d, cr])).toEqual([
      ['120.x', '350.91', '0.00'], ['600', '0.00', '300.00'], ['391', '0.00', '50.91'],
    ]);
    // The cash payment: Dr the safe, Cr the customer.
    const [pay] = await entriesOf('INVOICE_PAYMENT', r.body.payments[0].id);
    expect(pay!.lines.map(([acc, d, cr]) => [acc === safe.accountCode ? 'safe' : acc.replace(/^120\.\d{3}$/, '120.x'), d, cr])).toEqual([['safe', '100.00', '0.00'], ['120.x', '0.00', '100.00']]);
    expect(new Decimal(await balance(safe.accountCode)).minus(safeBefore).toFixed(2)).toBe('100.00');
    const view = await api.call('GET', `${INVOICES}/${r.body.id}`, { token: owner });
    expect(view.body).toMatchObject({ id: r.body.id, entryId: entry!.id, status: 'POSTED' });
  });

  it('puts the ÖTV in the KDV base (KDV Kanunu 24/c): the stored line, the summary and 391 carry the same KDV', async () => {
    const taxes = (await api.call('GET', `${ONMUHASEBE}/taxes?size=200`, { token: owner })).body as { id: number; taxType: string; percentage: number; active: boolean; exceptionCode: string | null }[];
    const kdv10 = taxes.find((x) => x.taxType === 'KDV' && x.percentage === 10 && x.active && !x.exceptionCode)!;
    const otv = await api.call('POST', `${ONMUHASEBE}/taxes`, { token: owner, body: { taxType: 'ÖTV-I', percentage: 6.7 } });
    expect(otv.status, JSON.stringify(otv.body)).toBe(201);
    const p = await product({ defaultTaxRate: 10 });
    expect((await addStock(p.id, 10)).status).toBe(201);
    // 2.25 × 58.52 = 131.67; ÖTV 6.7 % = 8.82; KDV 10 % of 131.67 + 8.82 = 140.49 → 14.05; total 154.54.
    const r = await sale({ products: [{ productId: p.id, quantity: '2.25', unitPrice: '58.52', taxes: [{ taxId: kdv10.id }, { taxId: otv.body.id }] }], totalAmount: '154.54' });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body).toMatchObject({ taxBase: 131.67, totalTax: 22.87, totalAmount: 154.54 });
    expect(r.body.products[0].taxes.map((x: any) => [x.taxType, x.base, x.amount])).toEqual([['KDV', 140.49, 14.05], ['ÖTV-I', 131.67, 8.82]]);
    expect(r.body.taxSummary).toEqual([{ taxType: 'KDV', percentage: 10, base: 140.49, amount: 14.05 }, { taxType: 'ÖTV-I', percentage: 6.7, base: 131.67, amount: 8.82 }]);
    // Dr the customer 154.54; Cr 600 131.67, Cr 360 8.82, Cr 391 14.05.
    const [entry] = await entriesOf('INVOICE', r.body.id);
    expect(entry!.lines.map(([acc, d, cr]) => [acc.replace(/^120\.\d{3}$/, '120.x'), d, cr])).toEqual([
      ['120.x', '154.54', '0.00'], ['600', '0.00', '131.67'], ['360', '0.00', '8.82'], ['391', '0.00', '14.05'],
    ]);
  });

  it('sells 2,125 kg (quantities take three decimals): the amounts stay in kuruş, stock moves by 2,125 exactly; 2,1255 is refused', async () => {
    const kg = (await api.call('GET', `${ONMUHASEBE}/units?size=100`, { token: owner })).body.find((u: any) => u.code === 'KGM').id;
    const p = await product({ unitId: kg, defaultTaxRate: 10 });
    expect((await addStock(p.id, 10)).status).toBe(201);
    // 2.125 × 59.90 = 127.2875 → 127.29 (half up); KDV 10 % = 12.729 → 12.73; total 140.02.
    const r = await sale({ products: [{ productId: p.id, quantity: '2.125', unitPrice: '59.90' }], totalAmount: '140.02' });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body).toMatchObject({ subtotal: 127.29, taxBase: 127.29, totalTax: 12.73, totalAmount: 140.02, payable: 140.02 });
    expect(r.body.products.map((l: any) => [l.quantity, l.gross, l.taxBase, l.tax, l.total, l.stocks.map((x: any) => x.quantity)])).toEqual([[2.125, 127.29, 127.29, 12.73, 140.02, [2.125]]]);
    expect(await stock(p.id)).toBe(7.875);
    // What the columns keep, digit for digit: the line, the warehouse and the movement with its balance.
    const kept = await inCompany(async (trx) => (await sql<{ line: string; warehouse: string; moved: string; balance: string }>`
      select (select quantity::text from invoice_lines where company_id = ${cid} and invoice_id = ${r.body.id}) as line,
             (select quantity::text from warehouse_products where company_id = ${cid} and product_id = ${p.id}) as warehouse,
             m.quantity::text as moved, m.balance::text as balance
        from stock_movements m where m.company_id = ${cid} and m.invoice_id = ${r.body.id}`.execute(trx)).rows);
    expect(kept).toEqual([{ line: '2.125', warehouse: '7.875', moved: '2.125', balance: '7.875' }]);
    // Dr the customer 140.02; Cr 600 127.29, Cr 391 12.73.
    const [entry] = await entriesOf('INVOICE', r.body.id);
    expect(entry!.lines.map(([acc, d, cr]) => [acc.replace(/^120\.\d{3}$/, '120.x'), d, cr])).toEqual([['120.x', '140.02', '0.00'], ['600', '0.00', '127.29'], ['391', '0.00', '12.73']]);
    // A fourth decimal is refused, never rounded: as text (the contract) and as a number (the computation).
    for (const quantity of ['2.1255', 2.1255]) {
      const four = await sale({ products: [{ productId: p.id, quantity, unitPrice: '59.90' }] });
      expect([four.status, four.body.fieldErrors?.[0]?.field], JSON.stringify(four.body)).toEqual([400, 'products.0.quantity']);
    }
    expect(await stock(p.id)).toBe(7.875);
  });

  it('books an export line (0 % KDV, exemption 301, KDV Kanunu 11/1-a) on 601 Yurt Dışı Satışlar; the plain 0 % KDV stays beside it and stays the default', async () => {
    const taxes = (await api.call('GET', `${ONMUHASEBE}/taxes?size=200`, { token: owner })).body as { id: number; taxType: string; percentage: number; exceptionCode: string | null }[];
    const plainZero = taxes.find((x) => x.taxType === 'KDV' && x.percentage === 0 && !x.exceptionCode);
    expect(plainZero).toBeDefined();
    const exportTax = await api.call('POST', `${ONMUHASEBE}/taxes`, { token: owner, body: { taxType: 'KDV', percentage: 0, exceptionCode: '301', name: 'KDV %0 ihracat' } });
    expect(exportTax.status, JSON.stringify(exportTax.body)).toBe(201);
    const again = await api.call('POST', `${ONMUHASEBE}/taxes`, { token: owner, body: { taxType: 'KDV', percentage: 0, exceptionCode: '301' } });
    expect([again.status, codeOf(again)]).toEqual([409, 'TAX_PERCENTAGE_EXISTS']);
    const p = await product({ defaultTaxRate: 0 });
    expect((await api.call('GET', `${ONMUHASEBE}/products/${p.id}`, { token: owner })).body.defaultTaxId).toBe(plainZero!.id);
    expect((await addStock(p.id, 5)).status).toBe(201);
    // 2 × 150 = 300 exported, no KDV: Dr the customer 300 / Cr 601 300. A domestic 0 % line stays on 600.
    const r = await sale({ products: [{ productId: p.id, quantity: 2, unitPrice: 150, taxes: [{ taxId: exportTax.body.id }] }, { productId: p.id, quantity: 1, unitPrice: 10 }], totalAmount: 310 });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.products.map((l: any) => [l.accountCode, l.taxes.map((x: any) => x.exceptionCode)])).toEqual([['601', ['301']], ['600', [null]]]);
    const [entry] = await entriesOf('INVOICE', r.body.id);
    expect(entry!.lines.map(([acc, d, cr]) => [acc.replace(/^120\.\d{3}$/, '120.x'), d, cr])).toEqual([['120.x', '310.00', '0.00'], ['601', '0.00', '300.00'], ['600', '0.00', '10.00']]);
  });

  it('a free (bedelsiz) delivery books the KDV the company bears on 689, the rest on 611 (KDV Kanunu 3/b)', async () => {
    const p = await product();
    expect((await addStock(p.id, 10)).status).toBe(201);
    // Wholly free: 2 × 50 = 100, KDV 20 % = 20, payable 120, all FREE → Dr 611 100, Dr 689 20 / Cr the customer 120.
    const whole = await sale({ products: [{ productId: p.id, quantity: 2, unitPrice: 50 }], payments: [{ paymentType: 'FREE', amount: 120 }], totalAmount: 120 });
    expect(whole.status, JSON.stringify(whole.body)).toBe(201);
    const [free] = await entriesOf('INVOICE_PAYMENT', whole.body.payments[0].id);
    expect(free!.lines.map(([acc, d, cr]) => [acc.replace(/^120\.\d{3}$/, '120.x'), d, cr])).toEqual([['611', '100.00', '0.00'], ['689', '20.00', '0.00'], ['120.x', '0.00', '120.00']]);
    // A third free: 1 × 100 + KDV 20 = 120, 40 FREE → its KDV share 20 × 40 / 120 = 6.67 on 689, 33.33 on 611.
    const part = await sale({ products: [{ productId: p.id, quantity: 1, unitPrice: 100 }], payments: [{ paymentType: 'FREE', amount: 40 }], totalAmount: 120 });
    expect(part.status, JSON.stringify(part.body)).toBe(201);
    const [share] = await entriesOf('INVOICE_PAYMENT', part.body.payments[0].id);
    expect(share!.lines.map(([acc, d, cr]) => [acc.replace(/^120\.\d{3}$/, '120.x'), d, cr])).toEqual([['611', '33.33', '0.00'], ['689', '6.67', '0.00'], ['120.x', '0.00', '40.00']]);
  });

  it('numbers sales gaplessly per series and year; a refused sale takes no number', async () => {
    const p = await product();
    await addStock(p.id, 1);
    const first = await sale({ products: [{ productId: p.id, quantity: 1, unitPrice: 10 }] });
    const refused = await sale({ products: [{ productId: p.id, quantity: 5, unitPrice: 10 }] });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('INSUFFICIENT_STOCK');
    expect(refused.body.fieldErrors?.[0]?.field).toBe('products.0.quantity');
    const p2 = await product({ productType: 'SERVICE_GIVEN', warehouseId: null });
    const second = await sale({ products: [{ productId: p2.id, quantity: 1, unitPrice: 10 }] });
    expect(second.status).toBe(201);
    expect(Number(second.body.documentNo.slice(7)) - Number(first.body.documentNo.slice(7))).toBe(1);
    const other = await sale({ series: 'ABC', products: [{ productId: p2.id, quantity: 1, unitPrice: 10 }] });
    expect(other.body.documentNo).toBe('ABC2026000000001');
  });

  it('refuses what a person can get wrong, with the field named', async () => {
    const p = await product({ productType: 'SERVICE_GIVEN', warehouseId: null });
    const mismatch = await sale({ products: [{ productId: p.id, quantity: 1, unitPrice: 10 }], totalAmount: 11.99 });
    expect([mismatch.status, mismatch.body.code, mismatch.body.fieldErrors[0].field]).toEqual([400, 'TOTAL_MISMATCH', 'totalAmount']);
    const twoCards = await sale({
      products: [{ productId: p.id, quantity: 1, unitPrice: 100 }],
      payments: [{ paymentType: 'CREDIT_CARD', amount: 10, bankAccountId: bank.id }, { paymentType: 'CREDIT_CARD', amount: 10, bankAccountId: bank.id }],
    });
    expect([twoCards.status, codeOf(twoCards)]).toEqual([400, 'ONLY_ONE_ONLINE_PAYMENT']);
    const over = await sale({ products: [{ productId: p.id, quantity: 1, unitPrice: 100 }], payments: [{ paymentType: 'CASH', amount: 120.01, safeId: safe.id }] });
    expect([over.status, codeOf(over)]).toEqual([400, 'PAYMENT_EXCEEDS_REMAINING']);
    const decimals = await sale({ products: [{ productId: p.id, quantity: '1.0005', unitPrice: 100 }] });
    expect([decimals.status, decimals.body.fieldErrors?.[0]?.field]).toEqual([400, 'products.0.quantity']);
    const stocked = await sale({ products: [{ productId: p.id, quantity: 1, unitPrice: 100, stocks: [{ warehouseId, quantity: 1 }] }] });
    expect([stocked.status, codeOf(stocked)]).toEqual([400, 'SERVICE_STOCK']);
    const missing = await sale({ products: [{ productId: 999999, quantity: 1, unitPrice: 100 }] });
    expect([missing.status, missing.body.fieldErrors?.[0]?.field]).toEqual([400, 'products.0.productId']);
    const noCard = await sale({ products: [{ productId: p.id, quantity: 1, unitPrice: 100 }], payments: [{ paymentType: 'CREDIT_CARD', amount: 10 }] });
    expect([noCard.status, noCard.body.fieldErrors?.[0]?.field]).toEqual([400, 'payments.0.bankAccountId']);
    const dueBefore = await sale({ dueDate: '2026-04-01', products: [{ productId: p.id, quantity: 1, unitPrice: 100 }] });
    expect([dueBefore.status, codeOf(dueBefore)]).toEqual([400, 'DUE_BEFORE_DATE']);
  });

  it('buys with 9/10 withholding: Dr 153 and 191, Cr the supplier and 360; stock comes in', async () => {
    const p = await product();
    const before = await stock(p.id);
    // 10 × 100 = 1000, KDV 20 % = 200, withheld 9/10 = 180: the supplier is owed 1020, 360 holds 180.
    const r = await api.call('POST', INVOICES, {
      token: owner, body: { invoiceType: 'BUYING', currentId: supplier.id, date: '2026-04-12', documentNo: 'EGE2026000000123', products: [{ productId: p.id, quantity: 10, unitPrice: 100, withholdingCode: '602' }] },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body).toMatchObject({ invoiceType: 'BUYING', documentNo: 'EGE2026000000123', totalAmount: 1200, withheld: 180, payable: 1020, remaining: 1020, paymentStatus: 'UNPAID' });
    expect(r.body.products[0]).toMatchObject({ withholdingCode: '602', withholdingRatio: 9 });
    const [entry] = await entriesOf('INVOICE', r.body.id);
    expect(entry!.lines.map(([acc, d, cr]) => [acc.replace(/^320\.\d{3}$/, '320.x'), d, cr])).toEqual([
      ['153', '1000.00', '0.00'], ['191', '200.00', '0.00'], ['320.x', '0.00', '1020.00'], ['360', '0.00', '180.00'],
    ]);
    expect(await stock(p.id)).toBe(before + 10);
    const again = await api.call('POST', INVOICES, {
      token: owner, body: { invoiceType: 'BUYING', currentId: supplier.id, date: '2026-04-12', documentNo: 'EGE2026000000123', products: [{ productId: p.id, quantity: 1, unitPrice: 1 }] },
    });
    expect([again.status, codeOf(again)]).toEqual([400, 'DOCUMENT_NO_TAKEN']);
  });

  it('sells in euro at a given rate: the customer carries the euro amount, the books the lira', async () => {
    const p = await product({ productType: 'SERVICE_GIVEN', warehouseId: null });
    const r = await sale({ currencyId: 3, conversionRate: '35.1234', products: [{ productId: p.id, quantity: 1, unitPrice: 100 }] });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body).toMatchObject({ currencyCode: 'EUR', conversionRate: 35.1234, totalAmount: 120, payable: 120 });
    const [entry] = await entriesOf('INVOICE', r.body.id);
    // 600: 100 × 35.1234 = 3512.34; 391: 20 × 35.1234 = 702.47; the customer 4214.81.
    expect(entry!.lines.map(([acc, d, cr]) => [acc.replace(/^120\.\d{3}$/, '120.x'), d, cr])).toEqual([
      ['120.x', '4214.81', '0.00'], ['600', '0.00', '3512.34'], ['391', '0.00', '702.47'],
    ]);
    // The lira KDV is the lira matrah × 20 %, as KDV-1 computes it: 3 × 33.33 = 99.99 EUR, KDV
    // 20.00 EUR (19.998); matrah 99.99 × 35.1234 = 3511.99, KDV 702.398 → 702.40 (not 20.00 ×
    // 35.1234 = 702.47, which KDV-1 would not find in 3511.99 × 20 %).
    const odd = await sale({ currencyId: 3, conversionRate: '35.1234', products: [{ productId: p.id, quantity: 3, unitPrice: '33.33' }] });
    expect(odd.status, JSON.stringify(odd.body)).toBe(201);
    const [second] = await entriesOf('INVOICE', odd.body.id);
    expect(second!.lines.map(([acc, d, cr]) => [acc.replace(/^120\.\d{3}$/, '120.x'), d, cr])).toEqual([
      ['120.x', '4214.39', '0.00'], ['600', '0.00', '3511.99'], ['391', '0.00', '702.40'],
    ]);
  });

  it('cancels a sale: stock, the customer, the safe and the trial balance are back where they were', async () => {
    const p = await product();
    await addStock(p.id, 5);
    const customerBefore = await balance('120');
    const safeBefore = await balance(safe.accountCode);
    const sales600 = await balance('600');
    const r = await sale({ products: [{ productId: p.id, quantity: 2, unitPrice: 150 }], payments: [{ paymentType: 'CASH', amount: 360, safeId: safe.id }] });
    expect(r.status).toBe(201);
    expect([await stock(p.id), r.body.paymentStatus]).toEqual([3, 'PAID']);
    const del = await api.call('DELETE', `${INVOICES}/${r.body.id}`, { token: owner });
    expect([del.status, del.body.code, del.body.detail]).toEqual([409, 'INVOICE_POSTED', 'Kesilmiş fatura silinemez; iptal edin.']);
    const c = await api.call('POST', `${INVOICES}/cancel/${r.body.id}/false/NONE`, { token: owner });
    expect(c.status, JSON.stringify(c.body)).toBe(200);
    expect(c.body).toMatchObject({ status: 'CANCELLED', itsCancel: false, eInvoiceType: 'NONE', remaining: 0 });
    expect(await stock(p.id)).toBe(5);
    expect([await balance('120'), await balance(safe.accountCode), await balance('600')]).toEqual([customerBefore, safeBefore, sales600]);
    const entries = await entriesOf('INVOICE', r.body.id);
    expect(entries.map((e) => e.reverses_id)).toEqual([null, entries[0]!.id]);
    const twice = await api.call('POST', `${INVOICES}/cancel/${r.body.id}/false/NONE`, { token: owner });
    expect([twice.status, twice.body.code]).toEqual([409, 'INVOICE_CANCELLED']);
    const edit = await api.call('PUT', INVOICES, { token: owner, body: { id: r.body.id, invoiceType: 'SALE', currentId: customer.id, date: '2026-04-10', products: [{ productId: p.id, quantity: 1, unitPrice: 1 }] } });
    expect([edit.status, edit.body.code]).toEqual([409, 'INVOICE_CANCELLED']);
  });

  it('announces posted and cancelled invoices to other plugins after the commit, and nothing for a refused request', async () => {
    const heard: ServerEvent[] = [];
    const listen = async (e: ServerEvent) => { heard.push(e); };
    // A listening plugin, as another server plugin would declare it (ServerPlugin.on).
    (t.server.services.plugins as unknown as object[]).push({ id: 'probe', handlers: {}, on: { 'accounting.invoice.posted': listen, 'accounting.invoice.cancelled': listen } });
    const p = await product({ productType: 'SERVICE_GIVEN', warehouseId: null });
    const r = await sale({ products: [{ productId: p.id, quantity: 1, unitPrice: 10 }] });
    const refused = await sale({ products: [{ productId: p.id, quantity: 1, unitPrice: 10 }], totalAmount: 1 });
    expect(refused.status).toBe(400);
    await api.call('POST', `${INVOICES}/cancel/${r.body.id}/true/EARSIV`, { token: owner });
    expect(heard.map(({ id: _id, ...e }) => e)).toEqual([
      { name: 'accounting.invoice.posted', companyId: cid, payload: { invoiceId: r.body.id, invoiceType: 'SALE', payments: [] }, attempt: 1 },
      { name: 'accounting.invoice.cancelled', companyId: cid, payload: { invoiceId: r.body.id, invoiceType: 'SALE', itsCancel: true, eInvoiceType: 'EARSIV' }, attempt: 1 },
    ]);
    // Each event has its own id (a listener keys its idempotency on it).
    expect(new Set(heard.map((e) => e.id)).size).toBe(2);
  });

  it('keeps a draft unposted and unnumbered, posts it later, and deletes only drafts', async () => {
    const p = await product({ productType: 'SERVICE_GIVEN', warehouseId: null });
    const d = await sale({ draft: true, products: [{ productId: p.id, quantity: 1, unitPrice: 40 }] });
    expect(d.status).toBe(201);
    expect(d.body).toMatchObject({ status: 'DRAFT', documentNo: null, entryId: null });
    expect(await entriesOf('INVOICE', d.body.id)).toEqual([]);
    const posted = await api.call('PUT', INVOICES, { token: owner, body: { id: d.body.id, invoiceType: 'SALE', currentId: customer.id, date: '2026-04-11', products: [{ productId: p.id, quantity: 2, unitPrice: 40 }] } });
    expect(posted.status, JSON.stringify(posted.body)).toBe(200);
    expect(posted.body).toMatchObject({ status: 'POSTED', totalAmount: 96 });
    expect(posted.body.documentNo).toMatch(/^DMT2026/);
    const other = await sale({ draft: true, products: [{ productId: p.id, quantity: 1, unitPrice: 40 }] });
    expect((await api.call('DELETE', `${INVOICES}/${other.body.id}`, { token: owner })).status).toBe(204);
    expect((await api.call('GET', `${INVOICES}/${other.body.id}`, { token: owner })).status).toBe(404);
  });

  it('edits a posted invoice: its postings are reversed and it is posted again under the same number', async () => {
    const p = await product();
    await addStock(p.id, 10);
    const r = await sale({ products: [{ productId: p.id, quantity: 4, unitPrice: 10 }] });
    const e = await api.call('PUT', INVOICES, { token: owner, body: { id: r.body.id, invoiceType: 'SALE', currentId: customer.id, date: '2026-04-10', products: [{ productId: p.id, quantity: 1, unitPrice: 10 }] } });
    expect(e.status, JSON.stringify(e.body)).toBe(200);
    expect([e.body.documentNo, e.body.totalAmount, await stock(p.id)]).toEqual([r.body.documentNo, 12, 9]);
    const entries = await entriesOf('INVOICE', r.body.id);
    expect(entries.map((x) => x.reverses_id)).toEqual([null, entries[0]!.id, null]);
    expect(e.body.entryId).toBe(entries[2]!.id);
  });

  it('lists with filters, sums the page in x-total-count, counts, and answers the date-range calls', async () => {
    const list = await api.call('GET', `${INVOICES}?invoiceType=SALE&status=POSTED&startDate=2026-04-01&endDate=2026-04-30&size=5`, { token: owner });
    expect(list.status).toBe(200);
    expect(Number(list.headers.get('x-total-count'))).toBeGreaterThan(3);
    expect(list.body.every((i: any) => i.invoiceType === 'SALE' && i.status === 'POSTED')).toBe(true);
    const count = await api.call('GET', `${INVOICES}/count?invoiceType=SALE&status=POSTED&startDate=2026-04-01&endDate=2026-04-30`, { token: owner });
    expect(count.body.count).toBe(Number(list.headers.get('x-total-count')));
    const empty = await api.call('GET', `${ONMUHASEBE}/invoice-by-date-range?startDate=2026-04-01`, { token: owner });
    expect([empty.status, empty.body.detail]).toEqual([400, 'Invoice date range empty']);
    const none = await api.call('GET', `${ONMUHASEBE}/invoice-by-date-range?startDate=2025-01-01&endDate=2025-01-31`, { token: owner });
    expect([none.status, none.body.detail]).toEqual([404, 'No invoice found in the given date range']);
    const last = await api.call('GET', `${ONMUHASEBE}/last-invoice-by-company-id`, { token: owner });
    expect(last.status).toBe(200);
    expect(last.body.invoiceType).toBe('SALE');
    const unpaid = await api.call('GET', `${INVOICES}?paymentStatus=PARTIAL&size=100`, { token: owner });
    expect(unpaid.body.length).toBeGreaterThan(0);
    expect(unpaid.body.every((i: any) => i.paid > 0 && i.remaining > 0)).toBe(true);
  });

  it('takes prices KDV-inclusive: what the buyer pays stays exact (3 × 0,99 incl. 20 % is 2,97, not 2,98), the books and an edit agree', async () => {
    const p = await product();
    expect((await addStock(p.id, 10)).status).toBe(201);
    // 2.97 paid; base 2.97 / 1.20 = 2.475 → 2.48; KDV 2.97 − 2.48 = 0.49.
    const r = await api.call('POST', `${ONMUHASEBE}/cash/invoices`, { token: owner, body: { currentId: customer.id, date: '2026-04-15', pricesIncludeTax: true, products: [{ productId: p.id, quantity: 3, unitPrice: '0.99' }] } });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body).toMatchObject({ pricesIncludeTax: true, taxBase: 2.48, totalTax: 0.49, totalAmount: 2.97, paid: 2.97, remaining: 0 });
    expect(r.body.products[0]).toMatchObject({ unitPrice: 0.99, netUnitPrice: 0.82666667, gross: 2.48, taxBase: 2.48, tax: 0.49, total: 2.97 });
    const [entry] = await entriesOf('INVOICE', r.body.id);
    expect(entry!.lines.map(([acc, d, cr]) => [acc.replace(/^120\.\d{3}$/, '120.x'), d, cr])).toEqual([['120.x', '2.97', '0.00'], ['600', '0.00', '2.48'], ['391', '0.00', '0.49']]);
    // An edit computes it the same way again: four boxes are 3.96 (base 3.30, KDV 0.66).
    const edit = await api.call('PUT', INVOICES, { token: owner, body: { id: r.body.id, invoiceType: 'SALE', currentId: customer.id, date: '2026-04-15', pricesIncludeTax: true, products: [{ productId: p.id, quantity: 4, unitPrice: '0.99' }], payments: [{ paymentType: 'CASH', amount: '3.96', safeId: safe.id }] } });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    expect(edit.body).toMatchObject({ pricesIncludeTax: true, taxBase: 3.3, totalTax: 0.66, totalAmount: 3.96 });
    // The PDF (of the edited invoice) prints the net unit price, gross over quantity (3.30 / 4), not the inclusive one.
    const pdf = await fetch(`${t.url}${ONMUHASEBE}/pdf/${r.body.id}`, { headers: { authorization: `Bearer ${owner}` } });
    expect(pdf.status).toBe(200);
    const text = flat(pdfText(Buffer.from(await pdf.arrayBuffer())));
    expect(text).toContain('0,825');
    expect(text).not.toContain('0,99');
    const docDiscount = await sale({ pricesIncludeTax: true, products: [{ productId: p.id, quantity: 1, unitPrice: 10 }], discounts: [{ type: 'AMOUNT', amount: 1 }] });
    expect([docDiscount.status, codeOf(docDiscount)]).toEqual([400, 'DOCUMENT_DISCOUNT_WITH_INCLUSIVE']);
  });

  it('a retail cash sale is paid in full into the safe', async () => {
    const p = await product({ productType: 'SERVICE_GIVEN', warehouseId: null });
    const r = await api.call('POST', `${ONMUHASEBE}/cash/invoices`, { token: owner, body: { currentId: customer.id, date: '2026-04-15', products: [{ productId: p.id, quantity: 3, unitPrice: '12.5' }] } });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body).toMatchObject({ totalAmount: 45, paid: 45, remaining: 0, paymentStatus: 'PAID' });
    expect(r.body.payments).toMatchObject([{ paymentType: 'CASH', amount: 45 }]);
  });

  it('settles a dollar invoice at another day\'s rate with its exchange difference: a gain to 646, a loss to 656, taken back with its line', async () => {
    const p = await product({ productType: 'SERVICE_GIVEN', warehouseId: null });
    const c = await api.call('POST', `${ONMUHASEBE}/currents`, { token: owner, body: { currentAccountType: 'CUSTOMER', name: `Dolar Müşterisi ${++seq}`, taxOfficeId: (customer as any).taxOfficeId, currencyId: 2 } });
    expect(c.status, JSON.stringify(c.body)).toBe(201);
    const usd = (await api.call('GET', `${ONMUHASEBE}/bank-accounts?size=100`, { token: owner })).body.find((a: any) => a.currencyId === 2);
    // 100 USD + KDV 20 = 120 USD at 40.00: the customer owes 4.800,00 TL.
    const inv = await sale({ currentId: c.body.id, date: '2026-04-02', currencyId: 2, conversionRate: '40', products: [{ productId: p.id, quantity: 1, unitPrice: 100 }] });
    expect(inv.status, JSON.stringify(inv.body)).toBe(201);
    const share = (rate: string) => api.call('POST', `${ONMUHASEBE}/invoice-payment-lines/auto-share`, { token: owner, body: { shareableAmount: '120.00', currentId: c.body.id, date: '2026-04-20', bankAccountId: usd.id, rate } });
    // Collected at 42.00: 5.040,00 TL came in for 4.800,00 TL owed — 240,00 TL gain.
    const gain = await share('42');
    expect(gain.status, JSON.stringify(gain.body)).toBe(201);
    const [fx] = await entriesOf('FX_DIFFERENCE', gain.body.lines[0].id);
    const currentCode = fx!.lines[0]![0];
    expect(fx!.lines).toEqual([[currentCode, '240.00', '0.00'], ['646', '0.00', '240.00']]);
    expect(fx!.entry_date).toBe('2026-04-20');
    expect(await balance(currentCode)).toBe('0.00');
    // The line taken back: the difference is reversed, the dollars stay on the customer at their own rate.
    expect((await api.call('DELETE', `${ONMUHASEBE}/invoice-payment-lines/${gain.body.lines[0].id}`, { token: owner })).status).toBe(204);
    const after = await entriesOf('FX_DIFFERENCE', gain.body.lines[0].id);
    expect(after).toHaveLength(2);
    expect(after[1]!.reverses_id).toBe(fx!.id);
    expect(await balance(currentCode)).toBe('-240.00');
    expect((await api.call('POST', `${ONMUHASEBE}/transactions/${gain.body.transactionId}/reverse`, { token: owner, body: {} })).status).toBe(201);
    // Collected at 39.00: 4.680,00 TL for 4.800,00 TL — 120,00 TL loss.
    const loss = await share('39');
    expect(loss.status, JSON.stringify(loss.body)).toBe(201);
    const [fx2] = await entriesOf('FX_DIFFERENCE', loss.body.lines[0].id);
    expect(fx2!.lines).toEqual([['656', '120.00', '0.00'], [currentCode, '0.00', '120.00']]);
    expect(await balance(currentCode)).toBe('0.00');
  });

  it('collects later with auto-share: the oldest dues first, the rest an advance; a payment line taken back reopens its due', async () => {
    const p = await product({ productType: 'SERVICE_GIVEN', warehouseId: null });
    // A fresh customer so nothing else's dues are in the way.
    const c = await api.call('POST', `${ONMUHASEBE}/currents`, { token: owner, body: { currentAccountType: 'CUSTOMER', name: `Tahsil Müşterisi ${++seq}`, taxOfficeId: (customer as any).taxOfficeId, currencyId: 1 } });
    expect(c.status, JSON.stringify(c.body)).toBe(201);
    const who = c.body.id as number;
    const older = await sale({ currentId: who, date: '2026-04-01', dueDate: '2026-04-30', products: [{ productId: p.id, quantity: 1, unitPrice: 100 }], payments: [{ paymentType: 'CASH', amount: 20, safeId: safe.id }] });
    const newer = await sale({ currentId: who, date: '2026-04-05', products: [{ productId: p.id, quantity: 1, unitPrice: 250 }], instalments: { type: 'MONTHLY', day: 15, count: 3 } });
    expect([older.status, newer.status]).toEqual([201, 201]);
    expect(older.body.dues.map((d: any) => [d.periodNo, d.dueDate, d.amount])).toEqual([[1, '2026-04-30', 100]]);
    // 300 in three monthly instalments on the 15th.
    expect(newer.body.dues.map((d: any) => [d.periodNo, d.dueDate, d.amount])).toEqual([[1, '2026-04-15', 100], [2, '2026-05-15', 100], [3, '2026-06-15', 100]]);
    const dues = await api.call('GET', `${ONMUHASEBE}/dues?currentId=${who}&open=true&page=1&size=2`, { token: owner });
    expect([dues.status, dues.headers.get('x-total-count')]).toEqual([200, '4']);
    expect(dues.body.map((d: any) => d.dueDate)).toEqual(['2026-04-15', '2026-04-30']);
    const second = await api.call('GET', `${ONMUHASEBE}/dues?currentId=${who}&open=true&page=2&size=2`, { token: owner });
    expect(second.body.map((d: any) => d.dueDate)).toEqual(['2026-05-15', '2026-06-15']);
    const safeBefore = await balance(safe.accountCode);
    const share = await api.call('POST', `${ONMUHASEBE}/invoice-payment-lines/auto-share`, { token: owner, body: { shareableAmount: '500.00', currentId: who, date: '2026-05-01', safeId: safe.id } });
    expect(share.status, JSON.stringify(share.body)).toBe(201);
    // Oldest due first: 15/04 (100, newer), 30/04 (100, older), 15/05 (100), 15/06 (100); 100 left over.
    expect(share.body.lines.map((l: any) => [l.invoiceId, l.dueDate, l.amount])).toEqual([
      [newer.body.id, '2026-04-15', 100], [older.body.id, '2026-04-30', 100], [newer.body.id, '2026-05-15', 100], [newer.body.id, '2026-06-15', 100],
    ]);
    expect(share.body.unallocated).toBe(100);
    expect(new Decimal(await balance(safe.accountCode)).minus(safeBefore).toFixed(2)).toBe('500.00');
    const [o, n] = await Promise.all([older, newer].map(async (x) => (await api.call('GET', `${INVOICES}/${x.body.id}`, { token: owner })).body));
    expect([o.paid, o.remaining, o.paymentStatus, n.paid, n.remaining, n.paymentStatus]).toEqual([120, 0, 'PAID', 300, 0, 'PAID']);
    // The money is in the books as one collection; it cannot be reversed while it is spread.
    const rev = await api.call('POST', `${ONMUHASEBE}/transactions/${share.body.transactionId}/reverse`, { token: owner, body: {} });
    expect([rev.status, rev.body.code]).toEqual([409, 'TRANSACTION_ALLOCATED']);
    // Taking a line back reopens its due.
    const lineId = share.body.lines[1].id;
    expect((await api.call('DELETE', `${ONMUHASEBE}/invoice-payment-lines/${lineId}`, { token: owner })).status).toBe(204);
    const o2 = (await api.call('GET', `${INVOICES}/${older.body.id}`, { token: owner })).body;
    expect([o2.paid, o2.remaining, o2.paymentStatus, o2.dues[0].remaining]).toEqual([20, 100, 'PARTIAL', 100]);
    const lines = await api.call('GET', `${ONMUHASEBE}/invoice-payment-lines?transactionId=${share.body.transactionId}`, { token: owner });
    expect(lines.body.map((l: any) => l.id)).not.toContain(lineId);
    expect(lines.body).toHaveLength(3);
    // Cancelling the newer invoice releases its lines: the money stays on the customer as an advance.
    const cancel = await api.call('POST', `${INVOICES}/cancel/${newer.body.id}/false/NONE`, { token: owner });
    expect(cancel.status).toBe(200);
    expect(cancel.body.dues).toEqual([]);
    const after = await api.call('GET', `${ONMUHASEBE}/invoice-payment-lines?transactionId=${share.body.transactionId}`, { token: owner });
    expect(after.body).toEqual([]);
    expect((await api.call('POST', `${ONMUHASEBE}/transactions/${share.body.transactionId}/reverse`, { token: owner, body: {} })).status).toBe(201);
  });

  it('removes an instalment into the next one, but not a paid one or an only due', async () => {
    const p = await product({ productType: 'SERVICE_GIVEN', warehouseId: null });
    const r = await sale({ date: '2026-06-01', products: [{ productId: p.id, quantity: 1, unitPrice: 100 }], instalments: { type: 'DAYS', day: 30, count: 3 } });
    expect(r.body.dues.map((d: any) => d.amount)).toEqual([40, 40, 40]);
    expect((await api.call('DELETE', `${ONMUHASEBE}/dues/${r.body.dues[1].id}`, { token: owner })).status).toBe(204);
    const v = (await api.call('GET', `${INVOICES}/${r.body.id}`, { token: owner })).body;
    expect(v.dues.map((d: any) => [d.periodNo, d.dueDate, d.amount])).toEqual([[1, '2026-07-01', 40], [2, '2026-08-30', 80]]);
    expect((await api.call('DELETE', `${ONMUHASEBE}/dues/${v.dues[1].id}`, { token: owner })).status).toBe(204);
    const only = (await api.call('GET', `${INVOICES}/${r.body.id}`, { token: owner })).body.dues;
    expect(only.map((d: any) => d.amount)).toEqual([120]);
    const refused = await api.call('DELETE', `${ONMUHASEBE}/dues/${only[0].id}`, { token: owner });
    expect([refused.status, refused.body.code]).toEqual([409, 'ONLY_DUE']);
  });

  it('a sale paid by card on a POS device goes into the POS bank account in full', async () => {
    const p = await product({ productType: 'SERVICE_GIVEN', warehouseId: null });
    // The demo company's POS accounts are in lira: a sale in dollars finds none.
    const none = await api.call('POST', `${ONMUHASEBE}/pos-device/invoices`, { token: owner, body: { currentId: customer.id, date: '2026-04-15', currencyId: 2, products: [{ productId: p.id, quantity: 1, unitPrice: 50 }] } });
    expect([none.status, codeOf(none)]).toEqual([400, 'POS_ACCOUNT_REQUIRED']);
    // Without a named account, a lira sale goes into the first POS account (the demo's).
    const pos = (await api.call('GET', `${ONMUHASEBE}/bank-accounts?size=100`, { token: owner })).body.find((a: any) => a.accountType === 'POS');
    const posBefore = await balance(pos.accountCode);
    const first = await api.call('POST', `${ONMUHASEBE}/pos-device/invoices`, { token: owner, body: { currentId: customer.id, date: '2026-04-15', products: [{ productId: p.id, quantity: 1, unitPrice: 50 }] } });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body).toMatchObject({ paid: 60, payments: [{ paymentType: 'CREDIT_CARD', amount: 60, bankAccountId: pos.id }] });
    expect(new Decimal(await balance(pos.accountCode)).minus(posBefore).toFixed(2)).toBe('60.00');
    const bankBefore = await balance(bank.accountCode);
    const r = await api.call('POST', `${ONMUHASEBE}/pos-device/invoices`, { token: owner, body: { currentId: customer.id, date: '2026-04-15', bankAccountId: bank.id, products: [{ productId: p.id, quantity: 1, unitPrice: 50 }] } });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body).toMatchObject({ totalAmount: 60, paid: 60, paymentStatus: 'PAID', payments: [{ paymentType: 'CREDIT_CARD', amount: 60, bankAccountId: bank.id }] });
    expect(new Decimal(await balance(bank.accountCode)).minus(bankBefore).toFixed(2)).toBe('60.00');
  });

  it('writes a list of invoices all or nothing; a refused item is named by its position', async () => {
    const p = await product({ productType: 'SERVICE_GIVEN', warehouseId: null });
    const before = Number((await api.call('GET', `${INVOICES}/count`, { token: owner })).body.count);
    const line = { productId: p.id, quantity: 1, unitPrice: 10 };
    const bad = await api.call('PUT', `${ONMUHASEBE}/invoices-list`, { token: owner, body: [
      { invoiceType: 'SALE', currentId: customer.id, date: '2026-04-20', products: [line] },
      { invoiceType: 'SALE', currentId: customer.id, date: '2026-04-20', products: [line, { ...line, productId: 999999 }] },
    ] });
    expect([bad.status, bad.body.fieldErrors?.[0]?.field]).toEqual([400, '1.products.1.productId']);
    expect(Number((await api.call('GET', `${INVOICES}/count`, { token: owner })).body.count)).toBe(before);
    const draft = await sale({ draft: true, products: [line] });
    const ok = await api.call('PUT', `${ONMUHASEBE}/invoices-list`, { token: owner, body: [
      { invoiceType: 'SALE', currentId: customer.id, date: '2026-04-20', products: [line] },
      { id: draft.body.id, invoiceType: 'SALE', currentId: customer.id, date: '2026-04-21', products: [{ ...line, quantity: 3 }] },
    ] });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.map((i: any) => [i.status, i.totalAmount])).toEqual([['POSTED', 12], ['POSTED', 36]]);
    expect(ok.body[1].id).toBe(draft.body.id);
  });

  it('50 parallel sales of the last unit leave stock at zero and 49 clear refusals', async () => {
    const p = await product();
    await addStock(p.id, 1);
    const results = await Promise.all(Array.from({ length: 50 }, () => sale({ products: [{ productId: p.id, quantity: 1, unitPrice: 10 }] })));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    expect(results.filter((r) => r.status === 409).every((r) => r.body.code === 'INSUFFICIENT_STOCK')).toBe(true);
    expect(await stock(p.id)).toBe(0);
  });

  it('where the company allows it, a sale takes stock below zero', async () => {
    const p = await product();
    expect((await api.call('PUT', `${ONMUHASEBE}/stock-settings`, { token: owner, body: { allowNegative: true } })).status).toBe(200);
    try {
      const r = await sale({ products: [{ productId: p.id, quantity: 2, unitPrice: 10 }] });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      expect(await stock(p.id)).toBe(-2);
    } finally {
      await api.call('PUT', `${ONMUHASEBE}/stock-settings`, { token: owner, body: { allowNegative: false } });
    }
  });

  it('takes payment methods other plugins contribute: settled as their payment type, into the bank accounts they name, told in the event', async () => {
    const heard: Record<string, unknown>[] = [];
    // A plugin as the POS plugin will declare itself: a contribution and a listener.
    (t.server.services.plugins as unknown as object[]).push({
      id: 'pos-probe', handlers: {},
      contributes: { 'accounting.invoice.paymentMethods': [{ id: 'posprobe.device', paymentType: 'CREDIT_CARD', label: { tr: 'POS cihazı', en: 'POS device' }, bankAccountTypes: ['POS'] }] },
      on: { 'accounting.invoice.posted': async (e: { payload: Record<string, unknown> }) => { heard.push(e.payload); } },
    });
    const listed = await api.call('GET', `${ONMUHASEBE}/payment-methods`, { token: owner });
    // The types, then every plugin's methods (the POS plugin's own 'pos.device' among them) in plugin order.
    const names = listed.body.map((m: any) => m.method ?? m.paymentType);
    expect(names.slice(0, 5)).toEqual(['CREDIT_CARD', 'CASH', 'PORTAL_CASH', 'FREE', 'OPEN_ACCOUNT']);
    expect(names.at(-1)).toBe('posprobe.device');
    expect(listed.body.at(-1)).toEqual({ paymentType: 'CREDIT_CARD', method: 'posprobe.device', label: { tr: 'POS cihazı', en: 'POS device' }, plugin: 'pos-probe', bankAccountTypes: ['POS'] });
    const garanti = (await api.call('GET', `${ONMUHASEBE}/banks?search=0062`, { token: owner })).body[0];
    const posAccount = await api.call('POST', `${ONMUHASEBE}/bank-accounts`, { token: owner, body: { name: 'Garanti POS (test)', bankId: garanti.id, accountType: 'POS', currencyId: 1 } });
    expect(posAccount.body.accountCode).toMatch(/^108\./);
    const p = await product({ productType: 'SERVICE_GIVEN', warehouseId: null });
    const pay = (method: string | null, bankAccountId: number, paymentType = 'CREDIT_CARD') => sale({ products: [{ productId: p.id, quantity: 1, unitPrice: 100 }], payments: [{ paymentType, amount: 120, bankAccountId, method }] });
    const wrongAccount = await pay('posprobe.device', bank.id);
    expect([wrongAccount.status, codeOf(wrongAccount), wrongAccount.body.fieldErrors[0].field]).toEqual([400, 'PAYMENT_METHOD_ACCOUNT', 'payments.0.bankAccountId']);
    expect(codeOf(await pay('nope.device', posAccount.body.id))).toBe('PAYMENT_METHOD_NOT_FOUND');
    expect(codeOf(await pay('posprobe.device', posAccount.body.id, 'CASH'))).toBe('PAYMENT_METHOD_TYPE');
    const ok = await pay('posprobe.device', posAccount.body.id);
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    expect(ok.body.payments).toEqual([expect.objectContaining({ paymentType: 'CREDIT_CARD', method: 'posprobe.device', bankAccountId: posAccount.body.id, amount: 120 })]);
    const entries = await entriesOf('INVOICE_PAYMENT', ok.body.payments[0].id);
    expect(entries[0]!.lines).toEqual([[posAccount.body.accountCode, '120.00', '0.00'], [expect.any(String), '0.00', '120.00']]);
    expect(heard).toEqual([{ invoiceId: ok.body.id, invoiceType: 'SALE', payments: [{ id: ok.body.payments[0].id, paymentType: 'CREDIT_CARD', method: 'posprobe.device', amount: '120.00', bankAccountId: posAccount.body.id, safeId: null }] }]);
    (t.server.services.plugins as unknown as { id: string }[]).splice((t.server.services.plugins as unknown as { id: string }[]).findIndex((x) => x.id === 'pos-probe'), 1);
  });
});
