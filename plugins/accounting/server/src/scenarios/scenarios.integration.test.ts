import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { setTenant } from '@tezgah/server';
import { engines, startTestServer, type TestServer } from '../../../../../packages/server/test/harness';
import { http, ONMUHASEBE } from '../../../../../packages/server/test/http';
import { assertBooksBalance } from '../ledger/testing';

/*
 * An accountant's test pack: documents made through the API as a user makes them, and the figures
 * the law expects, computed by hand above each scenario with the rule named. Every amount is
 * rounded to the kuruş on each line, half up (VUK 18 ve Tebliğ: kuruş; ROUND_HALF_UP), and the
 * invoice's totals are the sums of its rounded lines.
 *
 * Months: February–July hold the everyday documents; September is the KDV-1 month (a sale, a
 * purchase and their returns, nothing else touches 391 / 191 then); October is the KDV-2 month
 * (the purchases with withholding, and a sale with withholding that KDV-2 must leave out); August
 * holds a purchase with withholding and its return.
 * The postings and the KDV code run hand-written SQL: both engines, one server each.
 */

const cidOf = (token: string): number => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).cid;
const INVOICES = `${ONMUHASEBE}/invoices`;
const DECLARATIONS = `${ONMUHASEBE}/declarations`;
const CHECKS = `${ONMUHASEBE}/checks`;

type Line = [string, string, string];
type Entry = { kind: string; lines: Line[] };

describe.each(engines('both'))('an accountant\'s scenarios on %s', (engine) => {
  let t: TestServer;
  let api: ReturnType<typeof http>;
  let owner: string;
  let cid: number;
  let customer: { id: number; name: string };
  let supplier: { id: number; name: string };
  let eCustomer: { id: number };
  let safe: { id: number; accountCode: string };
  let paySafe: { id: number; accountCode: string };
  let bank: { id: number; accountCode: string; name: string };
  let unitId: number;
  let warehouseId: number;
  const tax: Record<string, number> = {};
  const product: Record<'G20' | 'G10' | 'G1' | 'G0' | 'S20' | 'T20', number> = { G20: 0, G10: 0, G1: 0, G0: 0, S20: 0, T20: 0 };
  /** The customer's and the supplier's own ledger accounts (120.xxx, 320.xxx). */
  let C: string;
  let S: string;
  /** The last journal entry id seen: each scenario reads the entries posted after it. */
  let mark = 0;
  let seq = 0;

  const inCompany = <T>(fn: (trx: any) => Promise<T>) => t.server.database.db.transaction().execute(async (trx) => {
    await setTenant(trx, cid);
    return fn(trx);
  });
  /** Every journal entry posted since the last call, oldest first, with its lines as [account, debit, credit]: one SQL. */
  const posted = () => inCompany(async (trx) => {
    const r = await sql<{ id: string | number; kind: string; lines: Line[] }>`
      select e.id, e.source_kind as kind,
             (select json_agg(json_build_array(l.account_code, l.debit::text, l.credit::text) order by l.line_no)
                from journal_lines l where l.company_id = e.company_id and l.entry_id = e.id) as lines
        from journal_entries e where e.company_id = ${cid} and e.id > ${mark} order by e.id`.execute(trx);
    if (r.rows.length) mark = Number(r.rows.at(-1)!.id);
    return r.rows.map((x) => ({ kind: x.kind, lines: x.lines })) as Entry[];
  });
  /** A current's own ledger account, as the first posting opened it. */
  const own = (id: number) => inCompany(async (trx) => (await sql<{ code: string }>`
    select code from ledger_accounts where company_id = ${cid} and owner_kind = 'CURRENT' and owner_id = ${id}`.execute(trx)).rows[0]?.code ?? '');
  const ledgerAccount = async (parent: string, name: string) => (await api.call('GET', `${ONMUHASEBE}/ledger-accounts?parent=${parent}`, { token: owner })).body
    .find((a: { name: string }) => a.name === name)?.code as string;
  const stock = async (id: number) => (await api.call('GET', `${ONMUHASEBE}/products/${id}`, { token: owner })).body.stockQuantity as number;
  const invoice = async (body: Record<string, unknown>) => {
    const r = await api.call('POST', INVOICES, { token: owner, body });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return r.body;
  };
  const sale = (body: Record<string, unknown>) => invoice({ invoiceType: 'SALE', currentId: customer.id, ...body });
  const buy = (body: Record<string, unknown>) => invoice({ invoiceType: 'BUYING', currentId: supplier.id, documentNo: `SCN${engine === 'pglite' ? 'P' : 'Q'}${String(++seq).padStart(9, '0')}`, ...body });
  const giveBack = async (id: number, body: Record<string, unknown>) => {
    const r = await api.call('POST', `${INVOICES}/${id}/returns`, { token: owner, body });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return r.body;
  };
  const figures = (inv: any) => ({ taxBase: inv.taxBase, totalTax: inv.totalTax, withheld: inv.withheld, totalAmount: inv.totalAmount, payable: inv.payable });
  const lineFigures = (inv: any) => inv.products.map((l: any) => [l.gross, l.discount, l.documentDiscount, l.taxBase, l.tax, l.total]);
  /**
   * The e-document (UBL-TR) the e-document plugin makes of a sale: checked (the XML built and
   * validated against GİB's XSDs and schematron), then its document-level totals read from the XML.
   */
  const edocTotals = async (invoiceId: number) => {
    const checked = await api.call('POST', `${ONMUHASEBE}/e-invoice/update/${invoiceId}`, { token: owner, body: { action: 'CHECK' } });
    expect(checked.status, JSON.stringify(checked.body)).toBe(200);
    expect(checked.body.problems, JSON.stringify(checked.body.problems)).toEqual([]);
    const xml = await fetch(`${t.url}${ONMUHASEBE}/e-documents/${checked.body.id}/xml`, { headers: { authorization: `Bearer ${owner}` } }).then((r) => r.text());
    const head = xml.split('<cac:InvoiceLine>')[0]!;
    const money = xml.match(/<cac:LegalMonetaryTotal>([\s\S]*?)<\/cac:LegalMonetaryTotal>/)![1]!;
    const of = (block: string, name: string) => block.match(new RegExp(`<cbc:${name}[^>]*>([^<]*)<`))?.[1] ?? null;
    const taxTotal = head.match(/<cac:TaxTotal>\s*<cbc:TaxAmount[^>]*>([^<]*)</)?.[1] ?? null;
    const withholding = head.match(/<cac:WithholdingTaxTotal>\s*<cbc:TaxAmount[^>]*>([^<]*)</)?.[1] ?? null;
    return {
      type: of(head, 'InvoiceTypeCode'), lineExtension: of(money, 'LineExtensionAmount'), taxExclusive: of(money, 'TaxExclusiveAmount'),
      taxInclusive: of(money, 'TaxInclusiveAmount'), payable: of(money, 'PayableAmount'), tax: taxTotal, withholding,
    };
  };

  beforeAll(async () => {
    t = await startTestServer({ engine });
    api = http(t.url);
    owner = await api.signIn('muhasebe');
    cid = cidOf(owner);
    const get = async (path: string) => (await api.call('GET', `${ONMUHASEBE}${path}`, { token: owner })).body;
    const currents = await get('/currents?size=100');
    customer = currents.find((c: any) => c.name === 'Boğaziçi Otel İşletmeleri');
    supplier = currents.find((c: any) => c.name === 'Ege Kırtasiye');
    safe = (await get('/safes?size=100')).find((s: any) => s.name === 'Merkez Kasa');
    bank = (await get('/bank-accounts?size=100')).find((a: any) => a.name === 'Garanti BBVA Ticari Hesap');
    unitId = (await get('/units?size=100')).find((u: any) => u.name === 'Adet').id;
    warehouseId = (await get('/warehouses?size=100'))[0].id;
    expect([customer, supplier, safe, bank].every(Boolean)).toBe(true);
    // A safe with money for what goes out in cash (a supplier paid, an advance).
    const s = await api.call('POST', `${ONMUHASEBE}/safes`, { token: owner, body: { name: 'Senaryo Kasası', currencyId: 1, openingBalance: '100000.00', openingDate: '2026-01-01' } });
    expect(s.status, JSON.stringify(s.body)).toBe(201);
    paySafe = s.body;

    // Taxes: the KDV rates, ÖTV (I) 6.7 %, and 0 % KDV with exemption codes (istisna).
    const taxes = (await get('/taxes?size=200')) as { id: number; taxType: string; percentage: number; active: boolean; exceptionCode: string | null }[];
    for (const p of [20, 10, 1, 0]) tax[`KDV${p}`] = taxes.find((x) => x.taxType === 'KDV' && x.percentage === p && x.active && !x.exceptionCode)!.id;
    const findOrMake = async (key: string, body: Record<string, unknown>, match: (x: any) => boolean) => {
      const found = taxes.find(match);
      if (found) { tax[key] = found.id; return; }
      const r = await api.call('POST', `${ONMUHASEBE}/taxes`, { token: owner, body });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      tax[key] = r.body.id;
    };
    await findOrMake('OTV', { taxType: 'ÖTV-I', percentage: 6.7 }, (x) => x.taxType === 'ÖTV-I' && x.percentage === 6.7 && x.active);
    for (const code of ['301', '317', '350']) {
      await findOrMake(`KDV0-${code}`, { taxType: 'KDV', percentage: 0, exceptionCode: code, name: `KDV %0 istisna ${code}` }, (x) => x.taxType === 'KDV' && x.percentage === 0 && x.exceptionCode === code && x.active);
    }
    expect(Object.values(tax).every((x) => x > 0)).toBe(true);

    // One product of each kind, goods with plenty of opening stock.
    const make = async (name: string, over: Record<string, unknown>) => {
      const r = await api.call('POST', `${ONMUHASEBE}/products`, {
        token: owner, body: {
          name: `Senaryo ${name}`, barcode: `866${Date.now()}${++seq}`, productType: 'COMMERCIAL_GOODS', unitId, buyingCurrencyId: 1, saleCurrencyId: 1,
          warehouseId, salePrice: 100, buyingPrice: 60, openingStock: 1000, ...over,
        },
      });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      return r.body.id as number;
    };
    product.G20 = await make('mal %20', { defaultTaxRate: 20 });
    product.G10 = await make('mal %10', { defaultTaxRate: 10 });
    product.G1 = await make('mal %1', { defaultTaxRate: 1 });
    product.G0 = await make('mal %0', { defaultTaxRate: 0 });
    product.S20 = await make('hizmet satışı', { productType: 'SERVICE_GIVEN', warehouseId: null, openingStock: undefined, defaultTaxRate: 20 });
    product.T20 = await make('hizmet alımı', { productType: 'SERVICE_TAKEN', warehouseId: null, openingStock: undefined, defaultTaxRate: 20 });

    // A buyer the e-document plugin can issue an e-Arşiv invoice to: a person (TCKN), with an address and an e-mail.
    const cities = await get('/cities?size=100&search=Ankara');
    const ankara = cities.find((c: any) => c.name === 'Ankara') ?? cities[0];
    const subs = await get(`/city-subdivisions?size=100&cityId=${ankara.id}`);
    const cankaya = subs.find((x: any) => x.name === 'Çankaya') ?? subs[0];
    const offices = await get(`/tax-offices?size=100&cityId=${ankara.id}`);
    const e = await api.call('POST', `${ONMUHASEBE}/currents`, {
      token: owner, body: {
        currentAccountType: 'CUSTOMER', name: 'Ahmet', lastName: 'Yılmaz', taxNumber: '12345678950', taxOfficeId: offices[0]?.id, cityId: ankara.id,
        citySubdivisionId: cankaya.id, address: 'Kızılay', email: 'ahmet@example.com', currencyId: 1, accountGroupCode: '120',
      },
    });
    expect(e.status, JSON.stringify(e.body)).toBe(201);
    eCustomer = e.body;

    C = await own(customer.id);
    S = await own(supplier.id);
    expect([C, S]).toEqual([expect.stringMatching(/^120\.\d{3}$/), expect.stringMatching(/^320\.\d{3}$/)]);
    await posted();
  });
  afterAll(async () => {
    if (t) await inCompany(async (trx) => assertBooksBalance(trx, cid));
    await t?.close();
  });

  /*
   * 1. A sale at KDV 20, 10 and 1 % (KDV Kanunu 28, rates by Cumhurbaşkanı kararı; KDV Kanunu 20:
   *    KDV = matrah × oran), each line rounded to the kuruş on its own:
   *      G20 1 × 100.07 = 100.07; KDV 100.07 × 20 % = 20.014 → 20.01; line 120.08
   *      G10 3 × 19.99  =  59.97; KDV  59.97 × 10 % =  5.997 →  6.00; line  65.97
   *      G10 1 × 0.15   =   0.15; KDV   0.15 × 10 % =  0.015 →  0.02; line   0.17
   *      G1  7 × 13.65  =  95.55; KDV  95.55 ×  1 % = 0.9555 →  0.96; line  96.51
   *    matrah 100.07 + 59.97 + 0.15 + 95.55 = 255.74; KDV 20.01 + 6.00 + 0.02 + 0.96 = 26.99; total 282.73.
   *    By rate: 1 % 95.55 / 0.96; 10 % 60.12 / 6.02; 20 % 100.07 / 20.01.
   *    Entry (Tekdüzen): Dr 120 282.73 / Cr 600 255.74, Cr 391 26.99. The e-Arşiv XML carries the same totals.
   */
  it('1. sells at KDV 20, 10 and 1 %, rounding each line\'s KDV to the kuruş', async () => {
    const before = await Promise.all([stock(product.G20), stock(product.G10), stock(product.G1)]);
    const inv = await sale({
      currentId: eCustomer.id, date: '2026-02-10', products: [
        { productId: product.G20, quantity: 1, unitPrice: '100.07' }, { productId: product.G10, quantity: 3, unitPrice: '19.99' },
        { productId: product.G10, quantity: 1, unitPrice: '0.15' }, { productId: product.G1, quantity: 7, unitPrice: '13.65' },
      ],
    });
    expect(figures(inv)).toEqual({ taxBase: 255.74, totalTax: 26.99, withheld: 0, totalAmount: 282.73, payable: 282.73 });
    expect(inv.products.map((l: any) => [l.taxBase, l.tax, l.total])).toEqual([[100.07, 20.01, 120.08], [59.97, 6, 65.97], [0.15, 0.02, 0.17], [95.55, 0.96, 96.51]]);
    expect(inv.taxSummary.map((x: any) => [x.percentage, x.base, x.amount])).toEqual([[1, 95.55, 0.96], [10, 60.12, 6.02], [20, 100.07, 20.01]]);
    const E = await own(eCustomer.id);
    expect(await posted()).toEqual([{ kind: 'INVOICE', lines: [[E, '282.73', '0.00'], ['600', '0.00', '255.74'], ['391', '0.00', '26.99']] }]);
    expect(await Promise.all([stock(product.G20), stock(product.G10), stock(product.G1)])).toEqual([before[0]! - 1, before[1]! - 4, before[2]! - 7]);
    expect(await edocTotals(inv.id)).toEqual({ type: 'SATIS', lineExtension: '255.74', taxExclusive: '255.74', taxInclusive: '282.73', payable: '282.73', tax: '26.99', withholding: null });
  });

  /*
   * 2. A line discount and a document discount (fatura altı iskonto; KDV Kanunu 25/a: discounts
   *    made at the time of delivery come off the matrah):
   *      A G20 4 × 125.00 = 500.00, 12.5 % off = 62.50 → 437.50
   *      B G10 6 × 41.65  = 249.90, 9.90 off           → 240.00
   *    Document discount 50.00 spread by each line's net: A 50 × 437.50 / 677.50 = 32.2878,
   *    B 50 × 240.00 / 677.50 = 17.7121; in kuruş 3228 + 1771 = 4999, the kuruş left to the larger
   *    remainder (A, .78): A 32.29, B 17.71.
   *      A matrah 437.50 − 32.29 = 405.21; KDV 20 % 81.042 → 81.04; line 486.25
   *      B matrah 240.00 − 17.71 = 222.29; KDV 10 % 22.229 → 22.23; line 244.52
   *    gross 749.90, discounts 62.50 + 9.90 + 50.00 = 122.40, matrah 627.50, KDV 103.27, total 730.77.
   *    Entry: Dr 120 730.77 / Cr 600 627.50, Cr 391 103.27 (the discount is not booked apart: net sales method).
   */
  it('2. takes a line discount and a document discount off the KDV base', async () => {
    const inv = await sale({
      currentId: eCustomer.id, date: '2026-02-12',
      products: [
        { productId: product.G20, quantity: 4, unitPrice: '125.00', discounts: [{ type: 'PERCENTAGE', percentage: 12.5 }] },
        { productId: product.G10, quantity: 6, unitPrice: '41.65', discounts: [{ type: 'AMOUNT', amount: '9.90' }] },
      ],
      discounts: [{ type: 'AMOUNT', amount: '50.00' }],
      totalAmount: '730.77',
    });
    expect(lineFigures(inv)).toEqual([[500, 62.5, 32.29, 405.21, 81.04, 486.25], [249.9, 9.9, 17.71, 222.29, 22.23, 244.52]]);
    expect({ subtotal: inv.subtotal, totalDiscount: inv.totalDiscount, ...figures(inv) }).toEqual({ subtotal: 749.9, totalDiscount: 122.4, taxBase: 627.5, totalTax: 103.27, withheld: 0, totalAmount: 730.77, payable: 730.77 });
    const E = await own(eCustomer.id);
    expect(await posted()).toEqual([{ kind: 'INVOICE', lines: [[E, '730.77', '0.00'], ['600', '0.00', '627.50'], ['391', '0.00', '103.27']] }]);
    expect(await edocTotals(inv.id)).toEqual({ type: 'SATIS', lineExtension: '627.50', taxExclusive: '627.50', taxInclusive: '730.77', payable: '730.77', tax: '103.27', withholding: null });
  });

  /*
   * 3. A document discount over three KDV rates, spread in whole kuruş by largest remainder:
   *      G20 33.33, G10 33.33, G1 33.34 (Σ 100.00); discount 10.00 → 3.333, 3.333, 3.334
   *      → 333 + 333 + 333 = 999 kuruş, the last kuruş to the largest remainder (.4, G1): 3.33, 3.33, 3.34.
   *      matrah 30.00 / 30.00 / 30.00; KDV 6.00 + 3.00 + 0.30 = 9.30; total 99.30.
   *    Entry: Dr 120 99.30 / Cr 600 90.00, Cr 391 9.30.
   */
  it('3. spreads a document discount over three KDV rates to the kuruş', async () => {
    const inv = await sale({
      date: '2026-02-13',
      products: [{ productId: product.G20, quantity: 1, unitPrice: '33.33' }, { productId: product.G10, quantity: 1, unitPrice: '33.33' }, { productId: product.G1, quantity: 1, unitPrice: '33.34' }],
      discounts: [{ type: 'AMOUNT', amount: '10.00' }],
    });
    expect(inv.products.map((l: any) => [l.documentDiscount, l.taxBase, l.tax])).toEqual([[3.33, 30, 6], [3.33, 30, 3], [3.34, 30, 0.3]]);
    expect(figures(inv)).toEqual({ taxBase: 90, totalTax: 9.3, withheld: 0, totalAmount: 99.3, payable: 99.3 });
    expect(await posted()).toEqual([{ kind: 'INVOICE', lines: [[C, '99.30', '0.00'], ['600', '0.00', '90.00'], ['391', '0.00', '9.30']] }]);
  });

  /*
   * 4. A service sold and paid in cash on the spot:
   *      2 × 149.95 = 299.90; KDV 20 % 59.98; total 359.88, paid in full into Merkez Kasa.
   *    Entries: the invoice Dr 120 359.88 / Cr 600 299.90, Cr 391 59.98;
   *             the payment Dr 100 (the safe) 359.88 / Cr 120 359.88. Nothing remains.
   */
  it('4. sells a service for cash: the invoice and its payment entry', async () => {
    const inv = await sale({ date: '2026-02-14', products: [{ productId: product.S20, quantity: 2, unitPrice: '149.95' }], payments: [{ paymentType: 'CASH', amount: '359.88', safeId: safe.id }] });
    expect({ ...figures(inv), paid: inv.paid, remaining: inv.remaining, paymentStatus: inv.paymentStatus }).toEqual({ taxBase: 299.9, totalTax: 59.98, withheld: 0, totalAmount: 359.88, payable: 359.88, paid: 359.88, remaining: 0, paymentStatus: 'PAID' });
    expect(await posted()).toEqual([
      { kind: 'INVOICE', lines: [[C, '359.88', '0.00'], ['600', '0.00', '299.90'], ['391', '0.00', '59.98']] },
      { kind: 'INVOICE_PAYMENT', lines: [[safe.accountCode, '359.88', '0.00'], [C, '0.00', '359.88']] },
    ]);
  });

  /*
   * 5. A sale on account collected later by bank transfer:
   *      G10 12 × 8.79 = 105.48; KDV 10 % 10.548 → 10.55; total 116.03, unpaid (one due).
   *    On 2 March 116.03 comes into the bank and is set against this invoice's due.
   *    Entries: Dr 120 116.03 / Cr 600 105.48, Cr 391 10.55; then Dr 102 116.03 / Cr 120 116.03.
   */
  it('5. sells on account and collects the invoice later into the bank', async () => {
    const inv = await sale({ date: '2026-02-16', products: [{ productId: product.G10, quantity: 12, unitPrice: '8.79' }] });
    expect({ ...figures(inv), remaining: inv.remaining, paymentStatus: inv.paymentStatus }).toEqual({ taxBase: 105.48, totalTax: 10.55, withheld: 0, totalAmount: 116.03, payable: 116.03, remaining: 116.03, paymentStatus: 'UNPAID' });
    const share = await api.call('POST', `${ONMUHASEBE}/invoice-payment-lines/auto-share`, { token: owner, body: { shareableAmount: '116.03', currentId: customer.id, invoiceId: inv.id, date: '2026-03-02', bankAccountId: bank.id } });
    expect(share.status, JSON.stringify(share.body)).toBe(201);
    expect([share.body.lines.map((l: any) => [l.invoiceId, l.amount]), share.body.unallocated]).toEqual([[[inv.id, 116.03]], 0]);
    const after = (await api.call('GET', `${INVOICES}/${inv.id}`, { token: owner })).body;
    expect([after.paid, after.remaining, after.paymentStatus]).toEqual([116.03, 0, 'PAID']);
    expect(await posted()).toEqual([
      { kind: 'INVOICE', lines: [[C, '116.03', '0.00'], ['600', '0.00', '105.48'], ['391', '0.00', '10.55']] },
      { kind: 'TRANSACTION', lines: [[bank.accountCode, '116.03', '0.00'], [C, '0.00', '116.03']] },
    ]);
  });

  /*
   * 6. A purchase of goods (KDV Kanunu 29: the KDV on goods bought is deducted, 191 İndirilecek KDV):
   *      G20 25 × 18.37 = 459.25; KDV 20 % 91.85
   *      G1  40 × 2.35  =  94.00; KDV  1 %  0.94
   *    matrah 553.25, KDV 92.79, total 646.04. Entry: Dr 153 553.25, Dr 191 92.79 / Cr 320 646.04. Stock in.
   */
  it('6. buys goods: 153 and 191 against the supplier, stock in', async () => {
    const before = await Promise.all([stock(product.G20), stock(product.G1)]);
    const inv = await buy({ date: '2026-02-18', products: [{ productId: product.G20, quantity: 25, unitPrice: '18.37' }, { productId: product.G1, quantity: 40, unitPrice: '2.35' }] });
    expect(figures(inv)).toEqual({ taxBase: 553.25, totalTax: 92.79, withheld: 0, totalAmount: 646.04, payable: 646.04 });
    expect(await posted()).toEqual([{ kind: 'INVOICE', lines: [['153', '553.25', '0.00'], ['191', '92.79', '0.00'], [S, '0.00', '646.04']] }]);
    expect(await Promise.all([stock(product.G20), stock(product.G1)])).toEqual([before[0]! + 25, before[1]! + 40]);
  });

  /*
   * 7. A service bought (770 Genel Yönetim Giderleri) and paid in cash:
   *      1 × 850.00; KDV 20 % 170.00; total 1,020.00 paid from the safe.
   *    Entries: Dr 770 850.00, Dr 191 170.00 / Cr 320 1,020.00; then Dr 320 1,020.00 / Cr 100 1,020.00.
   */
  it('7. buys a service and pays it in cash', async () => {
    const inv = await buy({ date: '2026-02-20', products: [{ productId: product.T20, quantity: 1, unitPrice: '850.00' }], payments: [{ paymentType: 'CASH', amount: '1020.00', safeId: paySafe.id }] });
    expect({ ...figures(inv), remaining: inv.remaining }).toEqual({ taxBase: 850, totalTax: 170, withheld: 0, totalAmount: 1020, payable: 1020, remaining: 0 });
    expect(await posted()).toEqual([
      { kind: 'INVOICE', lines: [['770', '850.00', '0.00'], ['191', '170.00', '0.00'], [S, '0.00', '1020.00']] },
      { kind: 'INVOICE_PAYMENT', lines: [[S, '1020.00', '0.00'], [paySafe.accountCode, '0.00', '1020.00']] },
    ]);
  });

  /*
   * 8. A purchase in euro (VUK 215: foreign currency valued at the rate of the day; KDV Kanunu 20:
   *    the KDV is the lira matrah × the rate):
   *      3 × 41.67 EUR = 125.01 EUR; KDV 20 % 25.002 → 25.00 EUR; total 150.01 EUR at 36.8842
   *      lira matrah 125.01 × 36.8842 = 4,610.525 + 0.368842 = 4,610.893842 → 4,610.89;
   *      lira KDV 4,610.89 × 20 % = 922.178 → 922.18 (not 25.00 × 36.8842 = 922.105 → 922.11);
   *      the supplier 4,610.89 + 922.18 = 5,533.07.
   *    Entry: Dr 153 4,610.89, Dr 191 922.18 / Cr 320 5,533.07.
   */
  it('8. buys in euro: the lira KDV is the lira base × 20 %, not the euro KDV × the rate', async () => {
    const inv = await buy({ date: '2026-02-24', currencyId: 3, conversionRate: '36.8842', products: [{ productId: product.G20, quantity: 3, unitPrice: '41.67' }] });
    expect([inv.currencyCode, inv.taxBase, inv.totalTax, inv.totalAmount]).toEqual(['EUR', 125.01, 25, 150.01]);
    expect(await posted()).toEqual([{ kind: 'INVOICE', lines: [['153', '4610.89', '0.00'], ['191', '922.18', '0.00'], [S, '0.00', '5533.07']] }]);
  });

  /*
   * 9. ÖTV inside the KDV base (KDV Kanunu 24/c: taxes, duties and levies are part of the matrah;
   *    ÖTV Kanunu 12: ÖTV by percentage of the sale price):
   *      2.25 × 59.90 = 134.775 → 134.78
   *      ÖTV (I) 6.7 %: 134.78 × 6.7 % = 9.03026 → 9.03
   *      KDV 10 % of (134.78 + 9.03 = 143.81) = 14.381 → 14.38
   *      total 134.78 + 9.03 + 14.38 = 158.19.
   *    Entry: Dr 120 158.19 / Cr 600 134.78, Cr 360 9.03, Cr 391 14.38.
   */
  it('9. puts the ÖTV in the KDV base', async () => {
    const inv = await sale({ currentId: eCustomer.id, date: '2026-03-05', products: [{ productId: product.G10, quantity: '2.25', unitPrice: '59.90', taxes: [{ taxId: tax.KDV10 }, { taxId: tax.OTV }] }], totalAmount: '158.19' });
    expect(figures(inv)).toEqual({ taxBase: 134.78, totalTax: 23.41, withheld: 0, totalAmount: 158.19, payable: 158.19 });
    expect(inv.products[0].taxes.map((x: any) => [x.taxType, x.base, x.amount])).toEqual([['KDV', 143.81, 14.38], ['ÖTV-I', 134.78, 9.03]]);
    const E = await own(eCustomer.id);
    expect(await posted()).toEqual([{ kind: 'INVOICE', lines: [[E, '158.19', '0.00'], ['600', '0.00', '134.78'], ['360', '0.00', '9.03'], ['391', '0.00', '14.38']] }]);
    expect(await edocTotals(inv.id)).toEqual({ type: 'SATIS', lineExtension: '134.78', taxExclusive: '134.78', taxInclusive: '158.19', payable: '158.19', tax: '23.41', withholding: null });
  });

  /*
   * 10. KDV-inclusive prices (KDV dahil; the matrah is the price ÷ (1 + rate), KDV Kanunu 20 read backwards):
   *       3 × 0.99 = 2.97 paid; matrah 2.97 / 1.20 = 2.475 → 2.48; KDV 2.97 − 2.48 = 0.49.
   *     Entries: Dr 120 2.97 / Cr 600 2.48, Cr 391 0.49; the cash Dr 100 2.97 / Cr 120 2.97.
   */
  it('10. takes a KDV-inclusive price: 3 × 0.99 incl. 20 % is 2.97, base 2.48, KDV 0.49', async () => {
    const inv = await sale({ date: '2026-03-06', pricesIncludeTax: true, products: [{ productId: product.G20, quantity: 3, unitPrice: '0.99' }], payments: [{ paymentType: 'CASH', amount: '2.97', safeId: safe.id }] });
    expect(figures(inv)).toEqual({ taxBase: 2.48, totalTax: 0.49, withheld: 0, totalAmount: 2.97, payable: 2.97 });
    expect(await posted()).toEqual([
      { kind: 'INVOICE', lines: [[C, '2.97', '0.00'], ['600', '0.00', '2.48'], ['391', '0.00', '0.49']] },
      { kind: 'INVOICE_PAYMENT', lines: [[safe.accountCode, '2.97', '0.00'], [C, '0.00', '2.97']] },
    ]);
  });

  /*
   * 11. KDV-inclusive at 10 %: 7 × 1.15 = 8.05; matrah 8.05 / 1.10 = 7.31818… → 7.32; KDV 8.05 − 7.32 = 0.73.
   *     Entry: Dr 120 8.05 / Cr 600 7.32, Cr 391 0.73.
   */
  it('11. takes a KDV-inclusive price at 10 %', async () => {
    const inv = await sale({ date: '2026-03-07', pricesIncludeTax: true, products: [{ productId: product.G10, quantity: 7, unitPrice: '1.15' }] });
    expect(figures(inv)).toEqual({ taxBase: 7.32, totalTax: 0.73, withheld: 0, totalAmount: 8.05, payable: 8.05 });
    expect(await posted()).toEqual([{ kind: 'INVOICE', lines: [[C, '8.05', '0.00'], ['600', '0.00', '7.32'], ['391', '0.00', '0.73']] }]);
  });

  /*
   * 12. Several 0 % KDV exemptions on one invoice (KDV Kanunu 17/4-s → 317; "diğer istisnalar" 350;
   *     export of goods 11/1-a → 301, revenue of 601 Yurt Dışı Satışlar in the Tekdüzen chart):
   *       2 × 150.00 = 300.00 (317) → 600;  1 × 75.25 = 75.25 (350) → 600;  3 × 40.10 = 120.30 (301) → 601
   *     no KDV; total 495.55. Entry: Dr 120 495.55 / Cr 600 375.25, Cr 601 120.30.
   */
  it('12. carries several 0 % KDV exemption codes on one invoice; the export line goes to 601', async () => {
    const inv = await sale({
      date: '2026-03-10', products: [
        { productId: product.G0, quantity: 2, unitPrice: '150.00', taxes: [{ taxId: tax['KDV0-317'] }] },
        { productId: product.G0, quantity: 1, unitPrice: '75.25', taxes: [{ taxId: tax['KDV0-350'] }] },
        { productId: product.G0, quantity: 3, unitPrice: '40.10', taxes: [{ taxId: tax['KDV0-301'] }] },
      ],
    });
    expect(figures(inv)).toEqual({ taxBase: 495.55, totalTax: 0, withheld: 0, totalAmount: 495.55, payable: 495.55 });
    expect(inv.products.map((l: any) => [l.accountCode, l.taxes.map((x: any) => [x.percentage, x.exceptionCode, x.amount])])).toEqual([
      ['600', [[0, '317', 0]]], ['600', [[0, '350', 0]]], ['601', [[0, '301', 0]]],
    ]);
    expect(await posted()).toEqual([{ kind: 'INVOICE', lines: [[C, '495.55', '0.00'], ['600', '0.00', '375.25'], ['601', '0.00', '120.30']] }]);
  });

  /*
   * 13. An export sale in euro (KDV Kanunu 11/1-a, exemption 301, 0 % KDV; 601 Yurt Dışı Satışlar;
   *     VUK 215 lira value at the invoice's rate):
   *       5 × 212.40 EUR = 1,062.00 EUR at 36.4521 → 38,712.1302 → 38,712.13 TL; no KDV.
   *     Entry: Dr 120 38,712.13 / Cr 601 38,712.13.
   */
  it('13. exports in euro: 601, no KDV, at the invoice\'s rate', async () => {
    const inv = await sale({ date: '2026-03-12', currencyId: 3, conversionRate: '36.4521', products: [{ productId: product.G0, quantity: 5, unitPrice: '212.40', taxes: [{ taxId: tax['KDV0-301'] }] }] });
    expect([inv.currencyCode, inv.taxBase, inv.totalTax, inv.totalAmount, inv.products[0].accountCode]).toEqual(['EUR', 1062, 0, 1062, '601']);
    expect(await posted()).toEqual([{ kind: 'INVOICE', lines: [[C, '38712.13', '0.00'], ['601', '0.00', '38712.13']] }]);
  });

  /*
   * 14. A free delivery (bedelsiz teslim, KDV Kanunu 3/b: a free delivery is a taxable delivery; the
   *     buyer pays nothing, the company bears the KDV as a non-deductible expense, GVK 41/6 and KVK 11/1-ı):
   *       3 × 45.50 = 136.50; KDV 20 % 27.30; total 163.80, all of it FREE.
   *     Entries: Dr 120 163.80 / Cr 600 136.50, Cr 391 27.30;
   *              the free payment Dr 611 136.50, Dr 689 27.30 / Cr 120 163.80.
   */
  it('14. delivers free of charge: the KDV the company bears goes to 689', async () => {
    const inv = await sale({ date: '2026-03-16', products: [{ productId: product.G20, quantity: 3, unitPrice: '45.50' }], payments: [{ paymentType: 'FREE', amount: '163.80' }] });
    expect({ ...figures(inv), remaining: inv.remaining }).toEqual({ taxBase: 136.5, totalTax: 27.3, withheld: 0, totalAmount: 163.8, payable: 163.8, remaining: 0 });
    expect(await posted()).toEqual([
      { kind: 'INVOICE', lines: [[C, '163.80', '0.00'], ['600', '0.00', '136.50'], ['391', '0.00', '27.30']] },
      { kind: 'INVOICE_PAYMENT', lines: [['611', '136.50', '0.00'], ['689', '27.30', '0.00'], [C, '0.00', '163.80']] },
    ]);
  });

  /*
   * 15. A partly free delivery: 1 × 250.00; KDV 50.00; total 300.00, 70.00 of it FREE.
   *     The KDV share of the free part: 50.00 × 70 / 300 = 11.6666… → 11.67 on 689, the rest 58.33 on 611;
   *     230.00 stays owed. Entries: Dr 120 300.00 / Cr 600 250.00, Cr 391 50.00;
   *     Dr 611 58.33, Dr 689 11.67 / Cr 120 70.00.
   */
  it('15. delivers partly free: the free part\'s KDV share goes to 689', async () => {
    const inv = await sale({ date: '2026-03-17', products: [{ productId: product.G20, quantity: 1, unitPrice: '250.00' }], payments: [{ paymentType: 'FREE', amount: '70.00' }] });
    expect([inv.payable, inv.paid, inv.remaining, inv.paymentStatus]).toEqual([300, 70, 230, 'PARTIAL']);
    expect(await posted()).toEqual([
      { kind: 'INVOICE', lines: [[C, '300.00', '0.00'], ['600', '0.00', '250.00'], ['391', '0.00', '50.00']] },
      { kind: 'INVOICE_PAYMENT', lines: [['611', '58.33', '0.00'], ['689', '11.67', '0.00'], [C, '0.00', '70.00']] },
    ]);
  });

  /*
   * 16. A sale in dollars (VUK 215; KDV Kanunu 20: KDV on the lira matrah):
   *       1 × 83.33 USD; KDV 20 % 16.666 → 16.67 USD; total 100.00 USD at 41.2375
   *       lira matrah 83.33 × 41.2375 = 3,436.320875 → 3,436.32
   *       lira KDV 3,436.32 × 20 % = 687.264 → 687.26 (not 16.67 × 41.2375 = 687.429125 → 687.43)
   *       the customer 3,436.32 + 687.26 = 4,123.58 TL (100.00 USD).
   *     Entry: Dr 120 4,123.58 / Cr 600 3,436.32, Cr 391 687.26.
   */
  it('16. sells in dollars: lira KDV = round2(lira base × 20 %), not the dollar KDV × the rate', async () => {
    const inv = await sale({ date: '2026-03-20', currencyId: 2, conversionRate: '41.2375', products: [{ productId: product.S20, quantity: 1, unitPrice: '83.33' }] });
    expect([inv.currencyCode, inv.conversionRate, inv.taxBase, inv.totalTax, inv.totalAmount]).toEqual(['USD', 41.2375, 83.33, 16.67, 100]);
    expect(await posted()).toEqual([{ kind: 'INVOICE', lines: [[C, '4123.58', '0.00'], ['600', '0.00', '3436.32'], ['391', '0.00', '687.26']] }]);
  });

  /*
   * 17. A full sales return (KDV Kanunu 35: the KDV of goods returned is corrected by the seller;
   *     610 Satıştan İadeler, 391 debited back):
   *       sale 4 × 87.35 = 349.40; KDV 20 % 69.88; total 419.28; all 4 returned.
   *     Entries: Dr 120 419.28 / Cr 600 349.40, Cr 391 69.88; the return Dr 610 349.40, Dr 391 69.88 / Cr 120 419.28.
   *     Stock: out 4, back 4.
   */
  it('17. takes a whole sale back: 610 and 391 against the customer, stock back', async () => {
    const before = await stock(product.G20);
    const inv = await sale({ date: '2026-04-02', products: [{ productId: product.G20, quantity: 4, unitPrice: '87.35' }] });
    expect(await stock(product.G20)).toBe(before - 4);
    const ret = await giveBack(inv.id, { date: '2026-04-06', documentNo: `IA${engine}-17`, lines: [{ lineId: inv.products[0].id, quantity: 4 }] });
    expect([ret.invoiceType, ret.taxBase, ret.totalTax, ret.payable]).toEqual(['SALE_RETURN', 349.4, 69.88, 419.28]);
    expect(await posted()).toEqual([
      { kind: 'INVOICE', lines: [[C, '419.28', '0.00'], ['600', '0.00', '349.40'], ['391', '0.00', '69.88']] },
      { kind: 'INVOICE', lines: [['610', '349.40', '0.00'], ['391', '69.88', '0.00'], [C, '0.00', '419.28']] },
    ]);
    expect(await stock(product.G20)).toBe(before);
  });

  /*
   * 18. A sale returned in three parts, the last taking exactly what is left (the parts add up to the sale):
   *       sale 3 × 33.33 = 99.99; KDV 10 % 9.999 → 10.00; total 109.99.
   *       1st (1 of 3): matrah 33.33; KDV 10.00 × 1/3 = 3.333 → 3.33; 36.66
   *       2nd (1 of 3): matrah 33.33; KDV 3.33; 36.66
   *       3rd (the last): matrah 99.99 − 66.66 = 33.33; KDV 10.00 − 6.66 = 3.34; 36.67
   *       36.66 + 36.66 + 36.67 = 109.99.
   */
  it('18. takes a sale back in three parts; the last part takes what is left to the kuruş', async () => {
    const before = await stock(product.G10);
    const inv = await sale({ date: '2026-04-08', products: [{ productId: product.G10, quantity: 3, unitPrice: '33.33' }] });
    expect(figures(inv)).toEqual({ taxBase: 99.99, totalTax: 10, withheld: 0, totalAmount: 109.99, payable: 109.99 });
    const lineId = inv.products[0].id;
    const parts = [];
    for (const [i, date] of ['2026-04-09', '2026-04-10', '2026-04-11'].entries()) parts.push(await giveBack(inv.id, { date, documentNo: `IA${engine}-18-${i}`, lines: [{ lineId, quantity: 1 }] }));
    expect(parts.map((r) => [r.taxBase, r.totalTax, r.payable])).toEqual([[33.33, 3.33, 36.66], [33.33, 3.33, 36.66], [33.33, 3.34, 36.67]]);
    expect(await posted()).toEqual([
      { kind: 'INVOICE', lines: [[C, '109.99', '0.00'], ['600', '0.00', '99.99'], ['391', '0.00', '10.00']] },
      { kind: 'INVOICE', lines: [['610', '33.33', '0.00'], ['391', '3.33', '0.00'], [C, '0.00', '36.66']] },
      { kind: 'INVOICE', lines: [['610', '33.33', '0.00'], ['391', '3.33', '0.00'], [C, '0.00', '36.66']] },
      { kind: 'INVOICE', lines: [['610', '33.33', '0.00'], ['391', '3.34', '0.00'], [C, '0.00', '36.67']] },
    ]);
    expect(await stock(product.G10)).toBe(before);
  });

  /*
   * 19. A partial return of a sale with a document discount: the return carries its share of the discount.
   *       sale 5 × 60.00 = 300.00, 10 % off the invoice = 30.00 → matrah 270.00; KDV 54.00; total 324.00
   *       2 of 5 back: gross 120.00, discount share 12.00, matrah 108.00; KDV 54.00 × 2/5 = 21.60; 129.60.
   *     Return entry: Dr 610 108.00, Dr 391 21.60 / Cr 120 129.60.
   */
  it('19. takes part of a discounted sale back at its discounted price', async () => {
    const inv = await sale({ date: '2026-05-12', products: [{ productId: product.G20, quantity: 5, unitPrice: '60.00' }], discounts: [{ type: 'PERCENTAGE', percentage: 10 }] });
    expect(figures(inv)).toEqual({ taxBase: 270, totalTax: 54, withheld: 0, totalAmount: 324, payable: 324 });
    const ret = await giveBack(inv.id, { date: '2026-05-14', documentNo: `IA${engine}-19`, lines: [{ lineId: inv.products[0].id, quantity: 2 }] });
    expect([ret.products[0].gross, ret.products[0].documentDiscount, ret.taxBase, ret.totalTax, ret.payable]).toEqual([120, 12, 108, 21.6, 129.6]);
    expect(await posted()).toEqual([
      { kind: 'INVOICE', lines: [[C, '324.00', '0.00'], ['600', '0.00', '270.00'], ['391', '0.00', '54.00']] },
      { kind: 'INVOICE', lines: [['610', '108.00', '0.00'], ['391', '21.60', '0.00'], [C, '0.00', '129.60']] },
    ]);
  });

  /*
   * 20. A cash sale partly returned and refunded from the safe:
   *       sale 50 × 3.99 = 199.50; KDV 1 % 1.995 → 2.00; total 201.50 paid in cash.
   *       10 back: matrah 39.90; KDV 2.00 × 10/50 = 0.40 (= 39.90 × 1 % = 0.399 → 0.40); 40.30 paid back.
   *     Entries: sale Dr 120 201.50 / Cr 600 199.50, Cr 391 2.00; cash Dr 100 201.50 / Cr 120 201.50;
   *              return Dr 610 39.90, Dr 391 0.40 / Cr 120 40.30; refund Dr 120 40.30 / Cr 100 40.30.
   */
  it('20. refunds a partial return of a cash sale from the safe', async () => {
    const inv = await sale({ date: '2026-05-20', products: [{ productId: product.G1, quantity: 50, unitPrice: '3.99' }], payments: [{ paymentType: 'CASH', amount: '201.50', safeId: safe.id }] });
    expect(figures(inv)).toEqual({ taxBase: 199.5, totalTax: 2, withheld: 0, totalAmount: 201.5, payable: 201.5 });
    const ret = await giveBack(inv.id, { date: '2026-05-22', documentNo: `IA${engine}-20`, lines: [{ lineId: inv.products[0].id, quantity: 10 }], refund: { safeId: safe.id } });
    expect([ret.taxBase, ret.totalTax, ret.payable, ret.paid]).toEqual([39.9, 0.4, 40.3, 40.3]);
    expect(await posted()).toEqual([
      { kind: 'INVOICE', lines: [[C, '201.50', '0.00'], ['600', '0.00', '199.50'], ['391', '0.00', '2.00']] },
      { kind: 'INVOICE_PAYMENT', lines: [[safe.accountCode, '201.50', '0.00'], [C, '0.00', '201.50']] },
      { kind: 'INVOICE', lines: [['610', '39.90', '0.00'], ['391', '0.40', '0.00'], [C, '0.00', '40.30']] },
      { kind: 'INVOICE_PAYMENT', lines: [[C, '40.30', '0.00'], [safe.accountCode, '0.00', '40.30']] },
    ]);
  });

  /*
   * 21. A purchase returned to the supplier in two parts (the mirror: 153 and 191 out, the supplier debited):
   *       purchase 10 × 27.45 = 274.50; KDV 20 % 54.90; total 329.40.
   *       3 back: matrah 82.35; KDV 54.90 × 3/10 = 16.47; 98.82.
   *       the other 7: matrah 274.50 − 82.35 = 192.15; KDV 54.90 − 16.47 = 38.43; 230.58.
   *     Entries: Dr 153 274.50, Dr 191 54.90 / Cr 320 329.40; Dr 320 98.82 / Cr 153 82.35, Cr 191 16.47;
   *              Dr 320 230.58 / Cr 153 192.15, Cr 191 38.43. Stock +10 −3 −7.
   */
  it('21. returns a purchase to the supplier in two parts', async () => {
    const before = await stock(product.G20);
    const inv = await buy({ date: '2026-04-14', products: [{ productId: product.G20, quantity: 10, unitPrice: '27.45' }] });
    const lineId = inv.products[0].id;
    const first = await giveBack(inv.id, { date: '2026-04-15', lines: [{ lineId, quantity: 3 }] });
    expect(await stock(product.G20)).toBe(before + 7);
    const rest = await giveBack(inv.id, { date: '2026-04-16', lines: [{ lineId, quantity: 7 }] });
    expect([first, rest].map((r) => [r.invoiceType, r.taxBase, r.totalTax, r.payable])).toEqual([['BUYING_RETURN', 82.35, 16.47, 98.82], ['BUYING_RETURN', 192.15, 38.43, 230.58]]);
    expect(await posted()).toEqual([
      { kind: 'INVOICE', lines: [['153', '274.50', '0.00'], ['191', '54.90', '0.00'], [S, '0.00', '329.40']] },
      { kind: 'INVOICE', lines: [[S, '98.82', '0.00'], ['153', '0.00', '82.35'], ['191', '0.00', '16.47']] },
      { kind: 'INVOICE', lines: [[S, '230.58', '0.00'], ['153', '0.00', '192.15'], ['191', '0.00', '38.43']] },
    ]);
    expect(await stock(product.G20)).toBe(before);
  });

  /*
   * 22. The KDV-1 draft of September (KDV Kanunu 29 and 35; 391 credited less debited is the
   *     hesaplanan KDV, 191 debited less credited the indirilecek KDV):
   *       sale 3 Sep:    G20 10 × 123.45 = 1,234.50, KDV 246.90;  G10 5 × 19.99 = 99.95, KDV 9.995 → 10.00
   *       purchase 5 Sep: G20 20 × 4.35 = 87.00, KDV 17.40;  G1 100 × 1.17 = 117.00, KDV 1.17
   *       sales return 10 Sep: 2 of the 10 G20: matrah 246.90, KDV 246.90 × 2/10 = 49.38
   *       purchase return 12 Sep: 5 of the 20 G20: matrah 21.75, KDV 17.40 × 5/20 = 4.35
   *     hesaplanan 246.90 + 10.00 − 49.38 = 207.52; indirilecek 17.40 + 1.17 − 4.35 = 14.22;
   *     devreden from August 0; ödenecek 207.52 − 14.22 = 193.30; sonraki döneme devreden 0.
   */
  it('22. computes the September KDV-1 draft from a sale, a purchase and their returns', async () => {
    const s = await sale({ date: '2026-09-03', products: [{ productId: product.G20, quantity: 10, unitPrice: '123.45' }, { productId: product.G10, quantity: 5, unitPrice: '19.99' }] });
    expect([s.taxBase, s.totalTax, s.totalAmount]).toEqual([1334.45, 256.9, 1591.35]);
    const b = await buy({ date: '2026-09-05', products: [{ productId: product.G20, quantity: 20, unitPrice: '4.35' }, { productId: product.G1, quantity: 100, unitPrice: '1.17' }] });
    expect([b.taxBase, b.totalTax, b.totalAmount]).toEqual([204, 18.57, 222.57]);
    await giveBack(s.id, { date: '2026-09-10', documentNo: `IA${engine}-22`, lines: [{ lineId: s.products[0].id, quantity: 2 }] });
    await giveBack(b.id, { date: '2026-09-12', lines: [{ lineId: b.products[0].id, quantity: 5 }] });
    expect(await posted()).toEqual([
      { kind: 'INVOICE', lines: [[C, '1591.35', '0.00'], ['600', '0.00', '1334.45'], ['391', '0.00', '256.90']] },
      { kind: 'INVOICE', lines: [['153', '204.00', '0.00'], ['191', '18.57', '0.00'], [S, '0.00', '222.57']] },
      { kind: 'INVOICE', lines: [['610', '246.90', '0.00'], ['391', '49.38', '0.00'], [C, '0.00', '296.28']] },
      { kind: 'INVOICE', lines: [[S, '26.10', '0.00'], ['153', '0.00', '21.75'], ['191', '0.00', '4.35']] },
    ]);
    const draft = await api.call('POST', `${DECLARATIONS}/vat-draft`, { token: owner, body: { period: '2026-09' } });
    expect(draft.status, JSON.stringify(draft.body)).toBe(201);
    expect(draft.body.vat).toMatchObject({ calculatedVat: 207.52, deductibleVat: 14.22, previousCarriedForward: 0, totalDeductible: 14.22, payableVat: 193.3, carriedForwardVat: 0 });
  });

  /*
   * 23. A purchase with 9/10 withholding (KDV Kanunu 9; KDV Genel Uygulama Tebliği I/C-2.1.3.4.3,
   *     cleaning services, code 602): the buyer withholds 9/10 of the KDV and declares it on KDV-2 (360).
   *       1 × 3,333.33; KDV 20 % 666.666 → 666.67; withheld 666.67 × 9/10 = 600.003 → 600.00
   *       the supplier is owed 3,333.33 + 666.67 − 600.00 = 3,400.00.
   *     Entry: Dr 770 3,333.33, Dr 191 666.67 / Cr 320 3,400.00, Cr 360 600.00.
   */
  it('23. buys a service with 9/10 withholding: the withheld KDV to 360', async () => {
    const inv = await buy({ date: '2026-10-05', products: [{ productId: product.T20, quantity: 1, unitPrice: '3333.33', withholdingCode: '602' }] });
    expect(figures(inv)).toEqual({ taxBase: 3333.33, totalTax: 666.67, withheld: 600, totalAmount: 4000, payable: 3400 });
    expect(await posted()).toEqual([{ kind: 'INVOICE', lines: [['770', '3333.33', '0.00'], ['191', '666.67', '0.00'], [S, '0.00', '3400.00'], ['360', '0.00', '600.00']] }]);
  });

  /*
   * 24. A purchase with 4/10 withholding (construction works, code 601 at 40 %):
   *       2 × 1,234.56 = 2,469.12; KDV 20 % 493.824 → 493.82; withheld 493.82 × 4/10 = 197.528 → 197.53
   *       the supplier 2,469.12 + 493.82 − 197.53 = 2,765.41.
   *     Entry: Dr 770 2,469.12, Dr 191 493.82 / Cr 320 2,765.41, Cr 360 197.53.
   */
  it('24. buys construction work with 4/10 withholding', async () => {
    const inv = await buy({ date: '2026-10-09', products: [{ productId: product.T20, quantity: 2, unitPrice: '1234.56', withholdingCode: '601', withholdingPercent: 40 }] });
    expect(figures(inv)).toEqual({ taxBase: 2469.12, totalTax: 493.82, withheld: 197.53, totalAmount: 2962.94, payable: 2765.41 });
    expect(inv.products[0]).toMatchObject({ withholdingCode: '601', withholdingRatio: 4 });
    expect(await posted()).toEqual([{ kind: 'INVOICE', lines: [['770', '2469.12', '0.00'], ['191', '493.82', '0.00'], [S, '0.00', '2765.41'], ['360', '0.00', '197.53']] }]);
  });

  /*
   * 25. A sale with 9/10 withholding (the buyer withholds; the seller collects and books only the rest
   *     of the KDV, KDV Genel Uygulama Tebliği I/C-2.1.3.1):
   *       1 × 2,345.67; KDV 20 % 469.134 → 469.13; withheld 469.13 × 9/10 = 422.217 → 422.22
   *       total 2,814.80; payable 2,814.80 − 422.22 = 2,392.58; 391 469.13 − 422.22 = 46.91.
   *     Entry: Dr 120 2,392.58 / Cr 600 2,345.67, Cr 391 46.91. The e-Arşiv is a TEVKIFAT invoice
   *     with WithholdingTaxTotal 422.22 and PayableAmount 2,392.58.
   */
  it('25. sells with 9/10 withholding: only the collected KDV on 391', async () => {
    const inv = await sale({ currentId: eCustomer.id, date: '2026-10-20', products: [{ productId: product.S20, quantity: 1, unitPrice: '2345.67', withholdingCode: '602' }] });
    expect(figures(inv)).toEqual({ taxBase: 2345.67, totalTax: 469.13, withheld: 422.22, totalAmount: 2814.8, payable: 2392.58 });
    const E = await own(eCustomer.id);
    expect(await posted()).toEqual([{ kind: 'INVOICE', lines: [[E, '2392.58', '0.00'], ['600', '0.00', '2345.67'], ['391', '0.00', '46.91']] }]);
    expect(await edocTotals(inv.id)).toEqual({ type: 'TEVKIFAT', lineExtension: '2345.67', taxExclusive: '2345.67', taxInclusive: '2814.80', payable: '2392.58', tax: '469.13', withholding: '422.22' });
  });

  /*
   * 26. The October KDV-2 draft: the purchases with withholding (23, 24), per code; the sale with
   *     withholding (25) is the buyer's to declare, not ours:
   *       601 4/10 20 %: matrah 2,469.12, KDV 493.82, withheld 197.53
   *       602 9/10 20 %: matrah 3,333.33, KDV 666.67, withheld 600.00
   *       totals 5,802.45 / 1,160.49 / 797.53 = what 360 was credited by October's purchases.
   */
  it('26. computes the October KDV-2 draft from the purchases with withholding', async () => {
    const draft = await api.call('POST', `${DECLARATIONS}/withholding-vat-draft`, { token: owner, body: { period: '2026-10' } });
    expect(draft.status, JSON.stringify(draft.body)).toBe(201);
    expect(draft.body.withholding).toMatchObject({
      rows: [
        { code: '601', ratio: '4/10', vatRate: 20, base: 2469.12, vat: 493.82, withheld: 197.53 },
        { code: '602', ratio: '9/10', vatRate: 20, base: 3333.33, vat: 666.67, withheld: 600 },
      ],
      totals: { base: 5802.45, vat: 1160.49, withheld: 797.53 },
      ledgerWithheld: 797.53, matchesLedger: true,
    });
    expect(await posted()).toEqual([]);
  });

  /*
   * 27–29. A personnel's advance, the May payroll that deducts it, and the wage paid.
   *   Advance 8 May, 3,000.00 in cash: Dr 196.x 3,000.00 / Cr 100 3,000.00.
   *   May payroll, by hand (5510 SK 81–82: worker SGK 14 %, unemployment 1 % (4447 SK); employer
   *   SGK 15.75 %, unemployment 2 %; GVK 103 income tax 15 % of the base after the worker's
   *   premiums; DVK (1) sayılı tablo IV-1-b stamp tax 7.59 ‰ of the gross):
   *     gross                          42,500.00
   *     worker SGK 14 %                 5,950.00
   *     worker unemployment 1 %           425.00
   *     employer SGK 15.75 %            6,693.75
   *     employer unemployment 2 %         850.00
   *     income tax (42,500 − 6,375) × 15 % = 36,125 × 15 % = 5,418.75
   *     stamp tax 42,500 × 7.59 ‰ = 322.575 → 322.58
   *     advance deducted                3,000.00
   *     net 42,500 − 5,950 − 425 − 5,418.75 − 322.58 − 3,000 = 27,383.67
   *   Entry: Dr 770 42,500 + 6,693.75 + 850 = 50,043.75
   *          Cr 335.x 27,383.67; Cr 360 5,418.75 + 322.58 = 5,741.33;
   *          Cr 361 5,950 + 425 + 6,693.75 + 850 = 13,918.75; Cr 196.x 3,000.00 (Σ 50,043.75).
   *   The wage paid from the bank on 3 June: Dr 335.x 27,383.67 / Cr 102 27,383.67.
   */
  let selin: { id: number };
  let accrual: any;
  it('27. pays an advance to a personnel from the safe (196)', async () => {
    const p = await api.call('POST', `${ONMUHASEBE}/currents`, { token: owner, body: { currentAccountType: 'PERSONNEL', name: 'Selin', lastName: `Aydın ${engine}`, currencyId: 1 } });
    expect(p.status, JSON.stringify(p.body)).toBe(201);
    selin = p.body;
    const r = await api.call('POST', `${ONMUHASEBE}/payments`, { token: owner, body: { personnelId: selin.id, amount: '3000.00', currencyId: 1, date: '2026-05-08', account: { accountKind: 'SAFE', accountId: paySafe.id }, purpose: 'ADVANCE' } });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const entries = await posted();
    expect(entries).toEqual([{ kind: 'PERSONNEL_PAYMENT', lines: [[expect.stringMatching(/^196\.\d{3}$/), '3000.00', '0.00'], [paySafe.accountCode, '0.00', '3000.00']] }]);
  });

  it('28. accrues the May payroll: 770 against 335, 360, 361 and the advance in 196', async () => {
    const r = await api.call('POST', `${ONMUHASEBE}/personnel-accruals`, {
      token: owner, body: {
        personnelId: selin.id, period: '2026-05', gross: '42500.00', workerSgk: '5950.00', workerUnemployment: '425.00', employerSgk: '6693.75',
        employerUnemployment: '850.00', incomeTax: '5418.75', stampTax: '322.58', advanceDeduction: '3000.00',
      },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    accrual = r.body;
    expect([accrual.net, accrual.employerCost, accrual.date]).toEqual([27383.67, 50043.75, '2026-05-31']);
    expect(await posted()).toEqual([{
      kind: 'PAYROLL_ACCRUAL',
      lines: [['770', '50043.75', '0.00'], [accrual.personnelAccount, '0.00', '27383.67'], ['360', '0.00', '5741.33'], ['361', '0.00', '13918.75'], [accrual.advanceAccount, '0.00', '3000.00']],
    }]);
    expect([accrual.personnelAccount, accrual.advanceAccount]).toEqual([expect.stringMatching(/^335\.\d{3}$/), expect.stringMatching(/^196\.\d{3}$/)]);
  });

  it('29. pays the net wage from the bank, closing 335', async () => {
    const r = await api.call('POST', `${ONMUHASEBE}/payments`, { token: owner, body: { personnelId: selin.id, amount: '27383.67', currencyId: 1, date: '2026-06-03', account: { accountKind: 'BANK_ACCOUNT', accountId: bank.id }, type: 'INSTRUCTED' } });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.purpose).toBe('WAGE');
    expect(await posted()).toEqual([{ kind: 'PERSONNEL_PAYMENT', lines: [[accrual.personnelAccount, '27383.67', '0.00'], [bank.accountCode, '0.00', '27383.67']] }]);
    const st = (await api.call('GET', `${ONMUHASEBE}/personnel-statement?personnelId=${selin.id}`, { token: owner })).body;
    expect(st.closingBalance).toBe(0);
  });

  /*
   * 30. A customer's cheque deposited at the bank bounces (karşılıksız; Tekdüzen: 127 Diğer Ticari
   *     Alacaklar), then the customer pays it into the bank:
   *       received 1 Jun 4,750.25: Dr 101 Portföydeki Çekler / Cr 120
   *       deposited 1 Jul:         Dr 101 Tahsildeki Çekler / Cr 101 Portföydeki Çekler
   *       bounced 3 Jul:           Dr 127.x / Cr 101 Tahsildeki Çekler
   *       collected 20 Jul:        Dr 102 / Cr 127.x                          (all 4,750.25)
   */
  const cheque = async (body: Record<string, unknown>) => {
    const r = await api.call('POST', CHECKS, { token: owner, body: { direction: 'IN', date: '2026-06-01', dueDate: '2026-07-01', currentId: customer.id, ...body } });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return r.body;
  };
  const step = async (id: number, body: Record<string, unknown>) => {
    const r = await api.call('POST', `${CHECKS}/${id}/transitions`, { token: owner, body });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body;
  };
  it('30. bounces a deposited cheque to 127 and collects it later', async () => {
    const c = await cheque({ number: `SCN-${engine}-30`, amount: '4750.25' });
    await step(c.id, { action: 'DEPOSIT', date: '2026-07-01', bankAccountId: bank.id });
    expect((await step(c.id, { action: 'BOUNCE', date: '2026-07-03' })).state).toBe('BOUNCED');
    expect((await step(c.id, { action: 'COLLECT', date: '2026-07-20', bankAccountId: bank.id })).state).toBe('COLLECTED');
    const portfolio = await ledgerAccount('101', 'Portföydeki Çekler');
    const atBank = await ledgerAccount('101', `Tahsildeki Çekler - ${bank.name}`);
    const bounced = await ledgerAccount('127', customer.name);
    expect([portfolio, atBank, bounced]).toEqual([expect.stringMatching(/^101\./), expect.stringMatching(/^101\./), expect.stringMatching(/^127\.\d{3}$/)]);
    expect(await posted()).toEqual([
      { kind: 'CHEQUE', lines: [[portfolio, '4750.25', '0.00'], [C, '0.00', '4750.25']] },
      { kind: 'CHEQUE', lines: [[atBank, '4750.25', '0.00'], [portfolio, '0.00', '4750.25']] },
      { kind: 'CHEQUE', lines: [[bounced, '4750.25', '0.00'], [atBank, '0.00', '4750.25']] },
      { kind: 'CHEQUE', lines: [[bank.accountCode, '4750.25', '0.00'], [bounced, '0.00', '4750.25']] },
    ]);
  });

  /*
   * 31. A cheque that bounces in the portfolio and goes to legal follow-up (protested, with the icra
   *     office: 128 Şüpheli Ticari Alacaklar, VUK 323), later paid into the bank:
   *       received 1 Jun 1,980.40: Dr 101 Portföydeki Çekler / Cr 120
   *       bounced 2 Jul, legal:    Dr 128.x / Cr 101 Portföydeki Çekler
   *       collected 25 Jul:        Dr 102 / Cr 128.x                          (all 1,980.40)
   */
  it('31. bounces a cheque under legal follow-up to 128 and collects it later', async () => {
    const c = await cheque({ number: `SCN-${engine}-31`, amount: '1980.40' });
    expect((await step(c.id, { action: 'BOUNCE', date: '2026-07-02', legalFollowUp: true })).state).toBe('BOUNCED');
    expect((await step(c.id, { action: 'COLLECT', date: '2026-07-25', bankAccountId: bank.id })).state).toBe('COLLECTED');
    const portfolio = await ledgerAccount('101', 'Portföydeki Çekler');
    const doubtful = await ledgerAccount('128', customer.name);
    expect(doubtful).toMatch(/^128\.\d{3}$/);
    expect(await posted()).toEqual([
      { kind: 'CHEQUE', lines: [[portfolio, '1980.40', '0.00'], [C, '0.00', '1980.40']] },
      { kind: 'CHEQUE', lines: [[doubtful, '1980.40', '0.00'], [portfolio, '0.00', '1980.40']] },
      { kind: 'CHEQUE', lines: [[bank.accountCode, '1980.40', '0.00'], [doubtful, '0.00', '1980.40']] },
    ]);
  });

  /*
   * 32. A purchase of goods with 7/10 withholding (KDV Genel Uygulama Tebliği I/C-2.1.3.4, the
   *     deliveries with partial withholding; GİB's code 609 at 70 %), a quarter of it returned to
   *     the supplier in the same month (August: nothing else touches 191, 391 or 360 then):
   *       purchase 4 × 512.35 = 2,049.40; KDV 20 % 409.88; withheld 409.88 × 7/10 = 286.916 → 286.92;
   *       the supplier is owed 2,049.40 + 409.88 − 286.92 = 2,172.36.
   *       return 1 of 4: matrah 512.35; KDV 409.88 × 1/4 = 102.47; withheld 286.92 × 1/4 = 71.73;
   *       the part the supplier collected 102.47 − 71.73 = 30.74; the supplier pays back 543.09.
   *     The withheld KDV was declared on KDV-2 by us, the buyer, and deducted on KDV-1: the return
   *     does not correct it (the supplier never had it to give back). Only the part the supplier
   *     collected leaves 191 (KDV Kanunu 35: the deduction is corrected by the KDV of the return).
   *     Entries: Dr 153 2,049.40, Dr 191 409.88 / Cr 320 2,172.36, Cr 360 286.92;
   *              Dr 320 543.09 / Cr 153 512.35, Cr 191 30.74.
   *     KDV-2 of August: 609 7/10 20 %: 2,049.40 / 409.88 / 286.92 = 360's credit; KDV-1's
   *     indirilecek KDV 409.88 − 30.74 = 379.14. The return's e-document is an IADE that names the
   *     withholding (GİB's UBL-TR schematron allows WithholdingTaxTotal on IADE).
   */
  it('32. returns part of a purchase with withholding: KDV-2 and 360 keep the withheld KDV', async () => {
    // A supplier with an e-mail, so the return can go out as an e-Arşiv IADE.
    const made = await api.call('POST', `${ONMUHASEBE}/currents`, {
      token: owner, body: {
        currentAccountType: 'SUPPLIER', name: `Anadolu Hurda ${engine}`, taxNumber: '9023746158', address: 'Ostim', email: 'hurda@example.com', currencyId: 1,
        ...(({ taxOfficeId, cityId, citySubdivisionId }: any) => ({ taxOfficeId, cityId, citySubdivisionId }))(eCustomer),
      },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const scrap = made.body as { id: number };
    const inv = await buy({ currentId: scrap.id, date: '2026-08-04', products: [{ productId: product.G20, quantity: 4, unitPrice: '512.35', withholdingCode: '609', withholdingPercent: 70 }] });
    expect(figures(inv)).toEqual({ taxBase: 2049.4, totalTax: 409.88, withheld: 286.92, totalAmount: 2459.28, payable: 2172.36 });
    const ret = await giveBack(inv.id, { date: '2026-08-18', lines: [{ lineId: inv.products[0].id, quantity: 1 }] });
    expect(figures(ret)).toEqual({ taxBase: 512.35, totalTax: 102.47, withheld: 71.73, totalAmount: 614.82, payable: 543.09 });
    const H = await own(scrap.id);
    expect(await posted()).toEqual([
      { kind: 'INVOICE', lines: [['153', '2049.40', '0.00'], ['191', '409.88', '0.00'], [H, '0.00', '2172.36'], ['360', '0.00', '286.92']] },
      { kind: 'INVOICE', lines: [[H, '543.09', '0.00'], ['153', '0.00', '512.35'], ['191', '0.00', '30.74']] },
    ]);
    const kdv2 = await api.call('POST', `${DECLARATIONS}/withholding-vat-draft`, { token: owner, body: { period: '2026-08' } });
    expect(kdv2.status, JSON.stringify(kdv2.body)).toBe(201);
    expect(kdv2.body.withholding).toMatchObject({
      rows: [{ code: '609', ratio: '7/10', vatRate: 20, base: 2049.4, vat: 409.88, withheld: 286.92 }],
      totals: { base: 2049.4, vat: 409.88, withheld: 286.92 }, ledgerWithheld: 286.92, matchesLedger: true,
    });
    const kdv1 = await api.call('POST', `${DECLARATIONS}/vat-draft`, { token: owner, body: { period: '2026-08' } });
    expect(kdv1.status, JSON.stringify(kdv1.body)).toBe(201);
    expect(kdv1.body.vat).toMatchObject({ calculatedVat: 0, deductibleVat: 379.14 });
    expect(await edocTotals(ret.id)).toEqual({ type: 'IADE', lineExtension: '512.35', taxExclusive: '512.35', taxInclusive: '614.82', payable: '543.09', tax: '102.47', withholding: '71.73' });
    expect(await posted()).toEqual([]);
  });
});
