import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { readSheet } from 'read-excel-file/node';
import { engines, startTestServer, type TestServer } from '../../../../../packages/server/test/harness';
import { http, ONMUHASEBE } from '../../../../../packages/server/test/http';
import { download, sheetTable } from '../book-reports/testing';
import { flat, pdfText } from '../invoices/testing';

const REPORTS = '/services/reports/api';
const INVOICES = `${ONMUHASEBE}/invoices`;
/** The clock of the whole file: 20 August 2026, noon in Türkiye. */
const NOW = new Date('2026-08-20T09:00:00Z');
/** The server's day in Türkiye: invoices record their cancellation moment by the server's clock. */
const serverDay = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Istanbul' }).format(NOW);

/**
 * The reports against figures worked out by hand. Demo invoices are dated November 2026, so the
 * months before it hold only what this file writes: one product P, bought twice in July (10 × 60
 * and 10 × 80: average cost 70) and sold to two customers.
 */
describe.each(engines('both'))('reports on %s', (engine) => {
  let t: TestServer;
  let api: ReturnType<typeof http>;
  let owner: string;
  let hotel: { id: number };
  let market: { id: number };
  let supplier: { id: number };
  let safe: { id: number };
  let p: { id: number };
  const ids: Record<string, number> = {};
  const get = (path: string, headers: Record<string, string> = {}) => api.call('GET', path, { token: owner, headers });

  beforeAll(async () => {
    // Signed in on the real clock (a token's expiry is checked against it), then the server's day is set.
    let clock: Date | null = null;
    t = await startTestServer({ engine, now: () => clock ?? new Date() });
    api = http(t.url);
    owner = await api.signIn('muhasebe');
    clock = NOW;
    const list = await get(`${ONMUHASEBE}/currents?size=100`);
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    const currents = list.body;
    hotel = currents.find((c: any) => c.name === 'Boğaziçi Otel İşletmeleri');
    market = currents.find((c: any) => c.name === 'Marmara Yapı Market');
    supplier = currents.find((c: any) => c.name === 'Ege Kırtasiye');
    safe = (await get(`${ONMUHASEBE}/safes?size=100`)).body.find((s: any) => s.name === 'Merkez Kasa');
    const unitId = (await get(`${ONMUHASEBE}/units?size=100`)).body.find((u: any) => u.name === 'Adet').id;
    const warehouseId = (await get(`${ONMUHASEBE}/warehouses?size=100`)).body[0].id;
    expect([hotel, market, supplier, safe].every(Boolean)).toBe(true);
    const made = await api.call('POST', `${ONMUHASEBE}/products`, {
      token: owner, body: { name: 'Rapor Ürünü P', barcode: `869${Date.now()}`, productType: 'COMMERCIAL_GOODS', unitId, buyingCurrencyId: 1, saleCurrencyId: 1, defaultTaxRate: 20, warehouseId, salePrice: 100, buyingPrice: 60 },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    p = made.body;
    const post = async (key: string, body: Record<string, unknown>) => {
      const r = await api.call('POST', INVOICES, { token: owner, body });
      expect(r.status, `${key}: ${JSON.stringify(r.body)}`).toBe(201);
      ids[key] = r.body.id;
    };
    const line = (quantity: number, unitPrice: number) => [{ productId: p.id, quantity, unitPrice }];
    // Purchases: 720 due 31 July (20 days late on 20 August), 960 due 15 September (not due).
    await post('B1', { invoiceType: 'BUYING', currentId: supplier.id, date: '2026-07-01', dueDate: '2026-07-31', documentNo: 'RPR-1', products: line(10, 60) });
    await post('B2', { invoiceType: 'BUYING', currentId: supplier.id, date: '2026-07-02', dueDate: '2026-09-15', documentNo: 'RPR-2', products: line(10, 80) });
    // Sales (KDV 20 %): S4 120 over 90 days late, S6 120 61–90, S1 600 31–60, S3 360 0–30, S2 paid in cash.
    await post('S4', { invoiceType: 'SALE', currentId: market.id, date: '2026-04-10', dueDate: '2026-05-01', products: line(1, 100) });
    await post('S6', { invoiceType: 'SALE', currentId: market.id, date: '2026-06-01', dueDate: '2026-06-10', products: line(1, 100) });
    await post('S1', { invoiceType: 'SALE', currentId: hotel.id, date: '2026-07-10', dueDate: '2026-07-15', products: line(5, 100) });
    await post('S2', { invoiceType: 'SALE', currentId: hotel.id, date: '2026-08-19', products: line(3, 100), payments: [{ paymentType: 'CASH', amount: 360, safeId: safe.id }] });
    await post('S3', { invoiceType: 'SALE', currentId: market.id, date: '2026-08-19', dueDate: '2026-08-19', products: line(2, 150) });
    await post('S5', { invoiceType: 'SALE', currentId: hotel.id, date: '2026-08-20', products: line(1, 100) });
    await post('DRAFT', { invoiceType: 'SALE', draft: true, currentId: hotel.id, date: '2026-08-19', products: line(9, 100) });
    expect((await api.call('POST', `${INVOICES}/cancel/${ids.S5}/false/NONE`, { token: owner })).status).toBe(200);
  });
  afterAll(async () => {
    if (t) {
      // The monthly sums the triggers keep equal the posted lines (after posting, drafts and a cancellation).
      const differ = await sql<{ n: number }>`
        with lines as (
          select i.company_id, i.invoice_type, date_trunc('month', i.invoice_date)::date as month, l.product_id, i.current_id,
                 sum(l.quantity) as q, sum(case when i.currency_id = 1 then l.tax_base else round(l.tax_base * i.conversion_rate, 2) end) as a
            from invoice_lines l join invoices i on i.company_id = l.company_id and i.id = l.invoice_id where i.status = 'POSTED' group by 1, 2, 3, 4, 5
        ), sums as (select * from invoice_line_months where quantity <> 0 or amount <> 0)
        select count(*)::int as n from lines full join sums s using (company_id, invoice_type, month, product_id, current_id)
         where lines.q is distinct from s.quantity or lines.a is distinct from s.amount`.execute(t.server.database.db);
      expect(differ.rows[0]!.n).toBe(0);
    }
    await t?.close();
  });

  it('sums posted sales per day, per month, over a range and by payment type (drafts and cancelled left out)', async () => {
    const day = await get(`${ONMUHASEBE}/daily-sale-totals?date=2026-08-19`);
    expect(day.body).toEqual({ period: '2026-08-19', invoiceCount: 2, taxBase: 600, totalTax: 120, totalAmount: 720 });
    const today = await get(`${ONMUHASEBE}/daily-sale-totals`);
    expect(today.body).toMatchObject({ period: '2026-08-20', invoiceCount: 0, totalAmount: 0 });
    const months = await get(`${ONMUHASEBE}/monthly-sale-totals?year=2026`);
    expect(months.status).toBe(200);
    expect(months.body.months.slice(0, 10).map((m: any) => [m.period, m.invoiceCount, m.totalAmount])).toEqual([
      ['2026-01', 0, 0], ['2026-02', 0, 0], ['2026-03', 0, 0], ['2026-04', 1, 120], ['2026-05', 0, 0],
      ['2026-06', 1, 120], ['2026-07', 1, 600], ['2026-08', 2, 720], ['2026-09', 0, 0], ['2026-10', 0, 0],
    ]);
    const sum = months.body.months.reduce((s: number, m: any) => s + m.totalAmount * 100, 0) / 100;
    expect(months.body.total.totalAmount).toBe(sum);
    const range = await get(`${ONMUHASEBE}/date-range-sale-totals?startDate=2026-08-18&endDate=2026-08-20`);
    expect(range.body.days.map((d: any) => [d.period, d.totalAmount])).toEqual([['2026-08-18', 0], ['2026-08-19', 720], ['2026-08-20', 0]]);
    expect(range.body.total).toEqual({ period: '2026-08-18/2026-08-20', invoiceCount: 2, taxBase: 600, totalTax: 120, totalAmount: 720 });
    const cpp = await get(`${ONMUHASEBE}/cpp-date-range-sale-totals?startDate=2026-08-19&endDate=2026-08-19`);
    expect(cpp.body.payments).toEqual([
      { paymentType: 'CREDIT_CARD', count: 0, amount: 0 }, { paymentType: 'CASH', count: 1, amount: 360 }, { paymentType: 'PORTAL_CASH', count: 0, amount: 0 },
      { paymentType: 'FREE', count: 0, amount: 0 }, { paymentType: 'OPEN_ACCOUNT', count: 1, amount: 360 },
    ]);
    expect(cpp.body.total).toBe(720);
    const backwards = await get(`${ONMUHASEBE}/date-range-sale-totals?startDate=2026-08-20&endDate=2026-08-18`);
    expect([backwards.status, backwards.body.fieldErrors?.[0]?.code]).toEqual([400, 'DATE_RANGE']);
  });

  it('lists the sales of a range a page at a time with the whole range\'s totals, and answers the seeds\' two texts', async () => {
    const r = await get(`${REPORTS}/invoices/invoices-by-date-range?startDate=2026-07-01&endDate=2026-08-31&size=2`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.headers.get('x-total-count')).toBe('3');
    expect(r.body.rows.map((x: any) => [x.id, x.totalAmount, x.paid, x.remaining])).toEqual([[ids.S1, 600, 0, 600], [ids.S2, 360, 360, 0]]);
    expect(r.body.totals).toEqual({ invoiceCount: 3, taxBase: 1100, totalTax: 220, totalAmount: 1320, paid: 360, remaining: 960 });
    const second = await get(`${REPORTS}/invoices/invoices-by-date-range?startDate=2026-07-01&endDate=2026-08-31&size=2&page=1`);
    expect(second.body.rows.map((x: any) => [x.id, x.currentName])).toEqual([[ids.S3, 'Marmara Yapı Market']]);
    const empty = await get(`${REPORTS}/invoices/invoices-by-date-range?startDate=2026-07-01`);
    expect([empty.status, empty.body.code, empty.body.title]).toEqual([400, 'INVOICE_DATE_RANGE_EMPTY', 'Fatura tarih aralığı boş']);
    const emptyEn = await get(`${REPORTS}/invoices/invoices-by-date-range`, { 'accept-language': 'en' });
    expect(emptyEn.body.title).toBe('Invoice date range empty');
    // A range without invoices is an empty page; its file is the seeds' 404.
    const none = await get(`${REPORTS}/invoices/invoices-by-date-range?startDate=2026-01-01&endDate=2026-01-31`);
    expect([none.status, none.headers.get('x-total-count'), none.body.rows, none.body.totals.invoiceCount, none.body.totals.totalAmount]).toEqual([200, '0', [], 0, 0]);
    const noneFile = await get(`${REPORTS}/export?report=invoices&format=pdf&startDate=2026-01-01&endDate=2026-01-31`);
    expect([noneFile.status, noneFile.body.code, noneFile.body.title]).toEqual([404, 'NO_INVOICE_IN_DATE_RANGE', 'Verilen tarih aralığında fatura bulunamadı']);
    const noneEn = await get(`${REPORTS}/export?report=cancelled&format=pdf&startDate=2026-01-01&endDate=2026-01-31`, { 'accept-language': 'en' });
    expect([noneEn.status, noneEn.body.title]).toEqual([404, 'No invoice found in the given date range']);
  });

  it('lists the sales cancelled on a day and both directions with totals per direction', async () => {
    // Cancelled on the server's day (the invoice keeps the moment it was cancelled).
    const c = await get(`${REPORTS}/invoices/cancel-invoices-by-date-range?startDate=${serverDay()}&endDate=${serverDay()}`);
    expect(c.status, JSON.stringify(c.body)).toBe(200);
    expect(c.body.rows.map((x: any) => [x.id, x.status, x.totalAmount, x.cancelledBy])).toEqual([[ids.S5, 'CANCELLED', 120, 'muhasebe']]);
    expect(c.body.totals).toMatchObject({ invoiceCount: 1, totalAmount: 120 });
    const both = await get(`${REPORTS}/all-incoming-outgoing-invoices?startDate=2026-07-01&endDate=2026-07-31&size=50`);
    expect(both.body.sale).toMatchObject({ invoiceCount: 1, totalAmount: 600 });
    expect(both.body.buying).toMatchObject({ invoiceCount: 2, taxBase: 1400, totalTax: 280, totalAmount: 1680 });
    expect(both.body.totals).toMatchObject({ invoiceCount: 3, totalAmount: 2280 });
    const incoming = await get(`${REPORTS}/all-incoming-outgoing-invoices?startDate=2026-07-01&endDate=2026-07-31&invoiceType=BUYING`);
    expect(incoming.body.rows.map((x: any) => [x.id, x.invoiceType, x.documentNo])).toEqual([[ids.B1, 'BUYING', 'RPR-1'], [ids.B2, 'BUYING', 'RPR-2']]);
    const pos = await get(`${REPORTS}/current-pos-payment-by-date-range?startDate=2026-01-01&endDate=2026-12-31`);
    expect(pos.body).toEqual({ startDate: '2026-01-01', endDate: '2026-12-31', rows: [], total: 0 });
  });

  it('ages the open dues per current: not due, 0–30, 31–60, 61–90 and over 90 days past due', async () => {
    const r = await get(`${REPORTS}/current-collection-analysis?date=2026-08-20`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const row = (id: number) => r.body.rows.find((x: any) => x.currentId === id);
    expect(row(hotel.id).receivable).toEqual({ notDue: 0, days0to30: 0, days31to60: 600, days61to90: 0, over90: 0, total: 600 });
    expect(row(market.id).receivable).toEqual({ notDue: 0, days0to30: 360, days31to60: 0, days61to90: 120, over90: 120, total: 600 });
    expect(row(supplier.id).payable).toEqual({ notDue: 960, days0to30: 720, days31to60: 0, days61to90: 0, over90: 0, total: 1680 });
    expect(r.body.receivable.total).toBe(1200);
    // A month earlier S3 and S2 do not exist yet, S1 is 6 days late and B1 not yet due.
    const july = await get(`${REPORTS}/current-collection-analysis?date=2026-07-21`);
    const jrow = (id: number) => july.body.rows.find((x: any) => x.currentId === id);
    expect(jrow(hotel.id).receivable).toMatchObject({ days0to30: 600, total: 600 });
    expect(jrow(supplier.id).payable).toMatchObject({ notDue: 1680, total: 1680 });
  });

  it('tells the day\'s activity: invoices, collections and the cash position', async () => {
    const r = await get(`${REPORTS}/daily-activity?date=2026-08-19`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.sales).toEqual({ count: 2, amount: 720 });
    expect(r.body.purchases).toEqual({ count: 0, amount: 0 });
    expect(r.body.collections).toEqual({ count: 1, amount: 360 });
    expect(r.body.invoices.map((x: any) => x.id)).toEqual([ids.S2, ids.S3]);
    const before = await get(`${REPORTS}/daily-activity?date=2026-08-18`);
    const kasa = (b: any) => b.money.find((m: any) => m.kind === 'SAFE' && m.id === safe.id).balance;
    expect(kasa(r.body) - kasa(before.body)).toBe(360);
    expect(r.body.cash).toBeCloseTo(r.body.money.reduce((s: number, m: any) => s + m.balance, 0), 2);
    const today = await get(`${REPORTS}/daily-activity`);
    expect([today.body.date, today.body.sales.count]).toEqual(['2026-08-20', 0]);
    const cancelledDay = await get(`${REPORTS}/daily-activity?date=${serverDay()}`);
    expect(cancelledDay.body.cancelled).toMatchObject({ count: 1, amount: 120 });
    expect(cancelledDay.body.invoices.map((x: any) => [x.id, x.status])).toContainEqual([ids.S5, 'CANCELLED']);
  });

  it('computes profit by product and by customer at the average purchase cost, and values the stock', async () => {
    const byProduct = await get(`${REPORTS}/profit?startDate=2026-01-01&endDate=2026-08-31`);
    expect(byProduct.status, JSON.stringify(byProduct.body)).toBe(200);
    // Sold 1 + 1 + 5 + 3 + 2 = 12 for 1300; cost 12 × 70 = 840.
    expect(byProduct.body.rows.find((x: any) => x.id === p.id)).toEqual({ id: p.id, name: 'Rapor Ürünü P', quantity: 12, revenue: 1300, cost: 840, profit: 460, margin: 35.38 });
    const byCustomer = await get(`${REPORTS}/profit?startDate=2026-01-01&endDate=2026-08-31&by=customer`);
    expect(byCustomer.body.rows.map((x: any) => [x.id, x.revenue, x.cost, x.profit])).toEqual([[hotel.id, 800, 560, 240], [market.id, 500, 280, 220]]);
    expect(byCustomer.body.total).toMatchObject({ revenue: 1300, cost: 840, profit: 460 });
    const stock = await get(`${REPORTS}/stock-valuation?date=2026-08-20`);
    // 20 bought − 12 sold (the cancelled sale put its one back) = 8 × 70.
    expect(stock.body.rows.find((x: any) => x.productId === p.id)).toEqual({ productId: p.id, name: 'Rapor Ürünü P', quantity: 8, averageCost: 70, value: 560 });
    // On 1 July only the first purchase counts: 60.
    const early = await get(`${REPORTS}/stock-valuation?date=2026-07-01`);
    expect(early.body.rows.find((x: any) => x.productId === p.id)).toMatchObject({ averageCost: 60, value: 480 });
  });

  it('forecasts cash week by week from open dues (overdue in the first week)', async () => {
    const r = await get(`${REPORTS}/cash-flow-forecast?startDate=2026-08-20&endDate=2026-09-30`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const week = (w: string) => r.body.weeks.find((x: any) => x.weekStart === w);
    expect(week('2026-08-17')).toMatchObject({ receivables: 1200, payables: 720 });
    expect(week('2026-09-14')).toMatchObject({ payables: 960 });
    let balance = r.body.opening;
    for (const w of r.body.weeks) {
      expect(w.net).toBeCloseTo(w.receivables + w.chequesIn - w.payables - w.chequesOut, 2);
      balance += w.net;
      expect(w.balance).toBeCloseTo(balance, 2);
    }
    expect(r.body.totals.receivables).toBeGreaterThanOrEqual(1200);
  });

  it('exports to xlsx and PDF, two detailed Excel files a day per user, the third refused with the seeds\' text', async () => {
    const xlsx = await download(t.url, `${REPORTS}/export?report=sales&format=xlsx&startDate=2026-07-01&endDate=2026-08-31`, owner);
    expect(xlsx.status, xlsx.bytes.toString()).toBe(200);
    expect(xlsx.headers.get('content-disposition')).toContain('satis-raporu-2026-07-01-2026-08-31.xlsx');
    const sheet = await sheetTable(xlsx.bytes, 'Tarih');
    expect(sheet.heading).toContain('Satış Raporu');
    expect(sheet.data.map((r) => [r[2], r[6]])).toEqual([[expect.stringMatching(/^DMT2026/), 600], [expect.any(String), 360], [expect.any(String), 360]]);
    expect(sheet.totals.slice(4, 9)).toEqual([1100, 220, 1320, 360, 960]);
    const aging = await download(t.url, `${REPORTS}/export?report=collection&format=xlsx&date=2026-08-20`, owner);
    expect(aging.status).toBe(200);
    const rows = await readSheet(aging.bytes);
    expect(rows.find((x) => x[0] === 'Marmara Yapı Market')?.slice(2, 8)).toEqual([0, 360, 0, 120, 120, 600]);
    const third = await download(t.url, `${REPORTS}/export?report=profit&format=xlsx&startDate=2026-01-01&endDate=2026-08-31`, owner);
    expect([third.status, third.body?.code, third.body?.title, third.body?.detail]).toEqual([429, 'EXCEL_DAILY_LIMIT', 'Excel indirme günde iki kez ile sınırlıdır', 'Excel indirme günde iki kez ile sınırlıdır']);
    const thirdEn = await download(t.url, `${REPORTS}/export?report=stock&format=xlsx`, owner, { 'accept-language': 'en' });
    expect([thirdEn.status, thirdEn.body?.title]).toEqual([429, 'Daily excel download limited to twice a day']);
    expect(Number(third.headers.get('retry-after'))).toBe(12 * 3600);
    const pdf = await download(t.url, `${REPORTS}/export?report=profit&format=pdf&startDate=2026-01-01&endDate=2026-08-31`, owner);
    expect([pdf.status, pdf.type], JSON.stringify(pdf.body)).toEqual([200, 'application/pdf']);
    const text = flat(pdfText(pdf.bytes));
    expect(text).toContain('Ürün Bazında Kârlılık');
    expect(text).toContain('Rapor Ürünü P');
    expect(text).toContain('460,00');
    const cancelled = await download(t.url, `${REPORTS}/export?report=cancelled&format=pdf&startDate=${serverDay()}&endDate=${serverDay()}`, owner);
    expect(flat(pdfText(cancelled.bytes))).toContain('Satış İptal Raporu');
    const unknown = await download(t.url, `${REPORTS}/export?report=nope&format=pdf`, owner);
    expect([unknown.status, unknown.body?.fieldErrors?.[0]?.code]).toEqual([400, 'REPORT']);
  });

  it('mails the sales analysis as an xlsx through the outbox', async () => {
    const r = await api.call('POST', `${REPORTS}/invoices/send-sales-data-analysis-to-emails-by-date-range`, {
      token: owner, body: { startDate: '2026-07-01', endDate: '2026-08-31', emails: ['Patron@Example.com', 'muhasebe@example.com'] },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(202);
    expect(r.body).toEqual({ recipients: ['patron@example.com', 'muhasebe@example.com'], fileName: 'satis-analizi-2026-07-01-2026-08-31.xlsx', invoiceCount: 3 });
    const mail = await t.server.database.db.selectFrom('outbox_messages').selectAll().where('recipient', '=', 'patron@example.com').executeTakeFirstOrThrow();
    expect(mail.subject).toBe('Satış veri analizi 2026-07-01 – 2026-08-31');
    const files = mail.attachments as { filename: string; content: string }[];
    expect(files.map((f) => f.filename)).toEqual(['satis-analizi-2026-07-01-2026-08-31.xlsx']);
    const sheet = await sheetTable(Buffer.from(files[0]!.content, 'base64'), 'Tarih');
    expect(sheet.data).toHaveLength(3);
    expect(sheet.totals[6]).toBe(1320);
    const bad = await api.call('POST', `${REPORTS}/invoices/send-sales-data-analysis-to-emails-by-date-range`, { token: owner, body: { startDate: '2026-07-01', endDate: '2026-08-31', emails: ['nope'] } });
    expect([bad.status, bad.body.fieldErrors?.[0]?.code]).toEqual([400, 'EMAIL']);
    const none = await api.call('POST', `${REPORTS}/invoices/send-sales-data-analysis-to-emails-by-date-range`, { token: owner, body: { startDate: '2026-01-01', endDate: '2026-01-31', emails: ['a@example.com'] } });
    expect(none.status).toBe(404);
    expect(await t.server.database.db.selectFrom('outbox_messages').select('id').where('recipient', '=', 'a@example.com').execute()).toHaveLength(0);
  });
});
