import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import Decimal from 'decimal.js';
import { setTenant } from '@tezgah/server';
import { engines, startTestServer, type TestServer } from '../../../../../packages/server/test/harness';
import { DIRECTORY_SERVICE, type DirectoryService } from '../index';

describe.each(engines('both'))('the accounting.directory service on %s', (engine) => {
  let t: TestServer;
  let dir: DirectoryService;
  let pharmacy: number;
  let general: number;

  const inCompany = <T>(companyId: number, fn: (trx: any) => Promise<T>): Promise<T> => t.server.database.db.transaction().execute(async (trx: any) => {
    await setTenant(trx, companyId);
    return fn(trx);
  });

  beforeAll(async () => {
    t = await startTestServer({ engine });
    dir = t.server.services.service<DirectoryService>(DIRECTORY_SERVICE);
    const ids = await sql<{ id: number; name: string }>`select id, name from companies where name in ('Demo Eczanesi', 'Demo Ticaret A.Ş.')`.execute(t.server.database.db);
    pharmacy = Number(ids.rows.find((r) => r.name === 'Demo Eczanesi')!.id);
    general = Number(ids.rows.find((r) => r.name === 'Demo Ticaret A.Ş.')!.id);
  });
  afterAll(async () => { await t?.close(); });

  it('answers a product by id and by barcode with its KDV rate, and the QR-tracked products', async () => {
    const truth = await inCompany(pharmacy, (trx) => sql<{ id: number; name: string; barcode: string; sale_price: string | null; percentage: string; stock_quantity: string }>`
      select p.id, p.name, p.barcode, p.sale_price::text as sale_price, t.percentage::text as percentage, p.stock_quantity::text as stock_quantity
        from products p join taxes t on t.company_id = p.company_id and t.id = p.tax_id
       where p.company_id = ${pharmacy} and p.qr_tracking order by p.id`.execute(trx));
    expect(truth.rows.length).toBeGreaterThan(0);
    const first = truth.rows[0]!;
    const byId = await inCompany(pharmacy, (trx) => dir.product(trx, pharmacy, { id: Number(first.id) }));
    expect(byId).toMatchObject({ id: Number(first.id), name: first.name, barcode: first.barcode, qrTracking: true });
    expect(Number(byId!.kdvRate)).toBe(Number(first.percentage));
    expect(Number(byId!.salePrice)).toBe(Number(first.sale_price ?? 0));
    expect(typeof byId!.salePrice).toBe('string');
    expect(await inCompany(pharmacy, (trx) => dir.product(trx, pharmacy, { barcode: first.barcode }))).toEqual(byId);
    expect(await inCompany(pharmacy, (trx) => dir.product(trx, pharmacy, { barcode: '0000000000000' }))).toBeNull();
    const qr = await inCompany(pharmacy, (trx) => dir.qrTrackedProducts(trx, pharmacy));
    expect(qr.map((p) => p.id)).toEqual(truth.rows.map((r) => Number(r.id)));
    expect(qr.map((p) => Number(p.stockQuantity))).toEqual(truth.rows.map((r) => Number(r.stock_quantity)));
  });

  it('answers bank accounts (one, filtered, by ids) and another company’s id gives null', async () => {
    const truth = await inCompany(pharmacy, (trx) => sql<{ id: number; name: string; account_type: string; account_code: string; currency_id: number }>`
      select id, name, account_type, account_code, currency_id from bank_accounts where company_id = ${pharmacy} order by id`.execute(trx));
    expect(truth.rows.length).toBeGreaterThan(0);
    const pos = truth.rows.find((r) => r.account_type === 'POS')!;
    expect(pos).toBeDefined();
    const one = await inCompany(pharmacy, (trx) => dir.bankAccount(trx, pharmacy, Number(pos.id)));
    expect(one).toEqual({ id: Number(pos.id), name: pos.name, accountType: 'POS', accountCode: pos.account_code, currencyId: Number(pos.currency_id) });
    const posOnly = await inCompany(pharmacy, (trx) => dir.bankAccounts(trx, pharmacy, { type: 'POS' }));
    expect(posOnly.map((a) => a.id)).toEqual(truth.rows.filter((r) => r.account_type === 'POS').map((r) => Number(r.id)));
    const lira = await inCompany(pharmacy, (trx) => dir.bankAccounts(trx, pharmacy, { currencyId: 1 }));
    expect(lira.map((a) => a.id)).toEqual(truth.rows.filter((r) => Number(r.currency_id) === 1).map((r) => Number(r.id)));
    expect(await inCompany(pharmacy, (trx) => dir.bankAccounts(trx, pharmacy, { ids: [Number(pos.id), 987654321] }))).toEqual([one]);
    // Another company asking for it: by its own id (nothing of its own), and under its own tenant.
    expect(await inCompany(general, (trx) => dir.bankAccount(trx, general, Number(pos.id)))).toBeNull();
    expect(await inCompany(general, (trx) => dir.bankAccount(trx, pharmacy, Number(pos.id)))).toBeNull();
    expect(await inCompany(general, (trx) => dir.bankAccounts(trx, general, { ids: [Number(pos.id)] }))).toEqual([]);
  });

  it('answers currents’ names in one map and an invoice’s header; another company’s ids give nothing', async () => {
    const inv = await inCompany(general, (trx) => sql<{ id: number; invoice_type: string; status: string; current_id: number; document_no: string | null; due_date: string | null }>`
      select id, invoice_type, status, current_id, document_no, to_char(due_date, 'YYYY-MM-DD') as due_date from invoices where company_id = ${general} order by id limit 1`.execute(trx));
    const h = inv.rows[0]!;
    expect(h).toBeDefined();
    const header = await inCompany(general, (trx) => dir.invoiceHeader(trx, general, Number(h.id)));
    expect(header).toEqual({ id: Number(h.id), invoiceType: h.invoice_type, status: h.status, currentId: Number(h.current_id), documentNo: h.document_no, dueDate: h.due_date });
    expect(await inCompany(pharmacy, (trx) => dir.invoiceHeader(trx, pharmacy, Number(h.id)))).toBeNull();
    expect(await inCompany(general, (trx) => dir.invoiceHeader(trx, general, 2 ** 60))).toBeNull();
    // A company's invoices of a type (and status), oldest first: the demo's posted sale, its draft.
    const sales = await inCompany(general, (trx) => sql<{ id: number; status: string }>`
      select id, status from invoices where company_id = ${general} and invoice_type = 'SALE' order by invoice_date, id`.execute(trx));
    const headers = await inCompany(general, (trx) => dir.invoiceHeaders(trx, general, { invoiceType: 'SALE' }));
    expect(headers.map((x) => x.id)).toEqual(sales.rows.map((r) => Number(r.id)));
    expect(headers.every((x) => x.invoiceType === 'SALE')).toBe(true);
    const posted = await inCompany(general, (trx) => dir.invoiceHeaders(trx, general, { invoiceType: 'SALE', status: 'POSTED', limit: 1 }));
    expect(posted).toEqual([await inCompany(general, (trx) => dir.invoiceHeader(trx, general, Number(sales.rows.find((r) => r.status === 'POSTED')!.id)))]);

    const cur = await inCompany(general, (trx) => sql<{ id: number; name: string; last_name: string | null; title: string | null }>`
      select id, name, last_name, title from currents where company_id = ${general} order by id limit 2`.execute(trx));
    const ids = cur.rows.map((r) => Number(r.id));
    const names = await inCompany(general, (trx) => dir.currentNames(trx, general, [...ids, ids[0]!, 987654321]));
    expect([...names.keys()].sort((a, b) => a - b)).toEqual(ids);
    for (const r of cur.rows) {
      expect(names.get(Number(r.id))).toEqual({ id: Number(r.id), name: r.name, lastName: r.last_name, title: r.title, fullName: [r.name, r.last_name].filter(Boolean).join(' ') });
    }
    expect((await inCompany(pharmacy, (trx) => dir.currentNames(trx, pharmacy, ids))).size).toBe(0);
    expect((await inCompany(general, (trx) => dir.currentNames(trx, general, []))).size).toBe(0);
  });

  it('answers products by barcodes (active only when asked, sale price set or not) and the first by id of a shared barcode', async () => {
    const rows = await inCompany(pharmacy, (trx) => sql<{ id: number; barcode: string; sale_price: string | null; stock_quantity: string; qr_tracking: boolean }>`
      select id, barcode, sale_price::text as sale_price, stock_quantity::text as stock_quantity, qr_tracking from products where company_id = ${pharmacy} order by id limit 3`.execute(trx));
    expect(rows.rows.length).toBe(3);
    const [a, b, c] = rows.rows as [typeof rows.rows[number], typeof rows.rows[number], typeof rows.rows[number]];
    // b passive, c without a sale price, in a transaction rolled back at the end.
    const rollback = new Error('rollback');
    let seen: { all: Map<string, any>; active: Map<string, any>; single: any } | undefined;
    await inCompany(pharmacy, async (trx) => {
      await sql`update products set status = 'PASSIVE' where company_id = ${pharmacy} and id = ${b.id}`.execute(trx);
      await sql`update products set sale_price = null where company_id = ${pharmacy} and id = ${c.id}`.execute(trx);
      seen = {
        all: await dir.productsByBarcodes(trx, pharmacy, [a.barcode, b.barcode, c.barcode, a.barcode, '', '0000000000000']),
        active: await dir.productsByBarcodes(trx, pharmacy, [a.barcode, b.barcode, c.barcode], { activeOnly: true }),
        single: await dir.product(trx, pharmacy, { id: Number(a.id) }),
      };
      throw rollback;
    }).catch((e) => { if (e !== rollback) throw e; });
    const { all, active, single } = seen!;
    expect([...all.keys()].sort()).toEqual([a.barcode, b.barcode, c.barcode].sort());
    expect(all.get(a.barcode)).toEqual({ ...single, status: 'ACTIVE', hasSalePrice: a.sale_price !== null });
    expect(all.get(b.barcode)).toMatchObject({ id: Number(b.id), status: 'PASSIVE' });
    expect(all.get(c.barcode)).toMatchObject({ id: Number(c.id), salePrice: '0', hasSalePrice: false, stockQuantity: String(Number(c.stock_quantity)), qrTracking: c.qr_tracking });
    expect([...active.keys()].sort()).toEqual([a.barcode, c.barcode].sort());
    // Another company asking: nothing of its own.
    expect((await inCompany(general, (trx) => dir.productsByBarcodes(trx, general, [a.barcode]))).size).toBe(0);
    expect((await inCompany(pharmacy, (trx) => dir.productsByBarcodes(trx, pharmacy, []))).size).toBe(0);
  });

  it('answers the company’s units, its default warehouse and the latest exchange rate held', async () => {
    const units = await inCompany(pharmacy, (trx) => sql<{ id: number; code: string; active: boolean }>`select id, code, active from units where company_id = ${pharmacy} order by id`.execute(trx));
    const got = await inCompany(pharmacy, (trx) => dir.units(trx, pharmacy));
    expect(got.map((u) => [u.id, u.code, u.active])).toEqual(units.rows.map((u) => [Number(u.id), u.code, u.active]));
    expect(got.length).toBeGreaterThan(0);
    const wh = await inCompany(pharmacy, (trx) => sql<{ id: number }>`select id from warehouses where company_id = ${pharmacy} and is_default`.execute(trx));
    const def = await inCompany(pharmacy, (trx) => dir.defaultWarehouse(trx, pharmacy));
    expect(def?.id ?? null).toBe(wh.rows[0] ? Number(wh.rows[0].id) : null);
    // Rates (XTS, the ISO test code, per 100 units): the latest day on or before today wins, a
    // future one is not taken, forex buying stands in for a missing selling rate.
    const db = t.server.database.db;
    // Days around today by the suite's clock, which is the server's (services.now), not the database's.
    const dayOf = (shift: number) => new Date(t.server.services.now().getTime() + shift * 86_400_000).toISOString().slice(0, 10);
    const [today, before, day, after] = [dayOf(0), dayOf(-5), dayOf(-3), dayOf(2)];
    await sql`insert into exchange_rates (rate_date, currency_code, unit, forex_buying, forex_selling, bulletin_date, source)
      values (${before}::date, 'XTS', 100, 20, 21, ${before}::date, 'sandbox'), (${day}::date, 'XTS', 100, 22.5, null, ${day}::date, 'sandbox'),
             (${after}::date, 'XTS', 100, 30, 31, ${after}::date, 'sandbox') on conflict do nothing`.execute(db);
    expect(await inCompany(pharmacy, (trx) => dir.latestExchangeRate(trx, 'XTS', today))).toEqual({ rateDate: day, rate: '0.225' });
    expect(await inCompany(pharmacy, (trx) => dir.latestExchangeRate(trx, 'XTS', before))).toEqual({ rateDate: before, rate: '0.21' });
    expect(await inCompany(pharmacy, (trx) => dir.latestExchangeRate(trx, 'XXX', today))).toBeNull();
  });

  it('answers every company’s invoice figures, daily series and invoice list whatever the tenant (the management reads)', async () => {
    const db = t.server.database.db;
    const period = { startDate: '2026-01-01', endDate: '2026-12-31' };
    // The truth, counted straight from the tables (as the migrating role, no tenant policy).
    const truth = (await sql<{ company_id: number; n: string; s: string }>`
      select company_id, count(*) filter (where status <> 'CANCELLED') as n,
             coalesce(sum(round(total_amount * conversion_rate, 2)) filter (where invoice_type = 'SALE' and status = 'POSTED'), 0)::text as s
        from invoices where invoice_date between '2026-01-01' and '2026-12-31' group by company_id`.execute(db)).rows;
    expect(truth.some((r) => Number(r.company_id) === general)).toBe(true);
    // Asked under the pharmacy's tenant, it still answers Demo Ticaret's invoices.
    const all = await inCompany(pharmacy, (trx) => dir.invoiceActivityByCompany(trx, period));
    expect([...all.keys()].sort((a, b) => a - b)).toEqual(truth.map((r) => Number(r.company_id)).sort((a, b) => a - b));
    for (const r of truth) expect(all.get(Number(r.company_id))).toEqual({ invoices: Number(r.n), salesTotal: new Decimal(r.s).toString() });
    const onlyPharmacy = await inCompany(pharmacy, (trx) => dir.invoiceActivityByCompany(trx, period, [pharmacy, 2 ** 60]));
    expect([...onlyPharmacy.keys()].every((id) => id === pharmacy)).toBe(true);
    expect((await inCompany(pharmacy, (trx) => dir.invoiceActivityByCompany(trx, period, []))).size).toBe(0);
    expect((await inCompany(pharmacy, (trx) => dir.invoiceActivityByCompany(trx, { startDate: '2001-01-01', endDate: '2001-12-31' }))).size).toBe(0);
    await expect(inCompany(pharmacy, (trx) => dir.invoiceActivityByCompany(trx, { startDate: '2026-01-01', endDate: "2026-12-31' or true" }))).rejects.toThrow(/period/);

    // One company's days: every day of the period, in order, adding up to its figures.
    const first = (await sql<{ d: string }>`select to_char(min(invoice_date), 'YYYY-MM') as d from invoices where company_id = ${general} and status <> 'CANCELLED'`.execute(db)).rows[0]!.d;
    const month = { startDate: `${first}-01`, endDate: `${first}-28` };
    const days = await inCompany(pharmacy, (trx) => dir.invoiceActivityByDay(trx, general, month));
    expect(days).toHaveLength(28);
    expect(days[0]!.date).toBe(month.startDate);
    expect(days[27]!.date).toBe(month.endDate);
    const perDay = (await sql<{ d: string; n: string; s: string }>`
      select to_char(invoice_date, 'YYYY-MM-DD') as d, count(*) filter (where status <> 'CANCELLED') as n,
             coalesce(sum(round(total_amount * conversion_rate, 2)) filter (where invoice_type = 'SALE' and status = 'POSTED'), 0)::text as s
        from invoices where company_id = ${general} and invoice_date between ${month.startDate} and ${month.endDate} group by invoice_date`.execute(db)).rows;
    expect(perDay.length).toBeGreaterThan(0);
    for (const d of days) {
      const r = perDay.find((x) => x.d === d.date);
      expect(d).toEqual({ date: d.date, invoices: Number(r?.n ?? 0), salesTotal: new Decimal(r?.s ?? 0).toString() });
    }
    expect((await inCompany(general, (trx) => dir.invoiceActivityByDay(trx, pharmacy, month))).every((d) => d.invoices === 0 && d.salesTotal === '0')).toBe(true);

    // The list: every company's, filtered, sorted, paged, with the total.
    const rows = (await sql<{ id: number; company_id: number; total_amount: string; invoice_type: string; current_name: string | null; company_name: string }>`
      select i.id, i.company_id, i.total_amount::text as total_amount, i.invoice_type, cu.name as current_name, c.name as company_name
        from invoices i join companies c on c.id = i.company_id left join currents cu on cu.company_id = i.company_id and cu.id = i.current_id
       where i.invoice_date between '2026-01-01' and '2026-12-31'`.execute(db)).rows;
    expect(rows.length).toBeGreaterThan(1);
    const listed = await inCompany(pharmacy, (trx) => dir.invoicesOfAllCompanies(trx, period, { sort: [['totalAmount', 'desc']], size: 1000, offset: 0 }));
    expect(listed.total).toBe(rows.length);
    const byAmount = [...rows].sort((a, b) => new Decimal(b.total_amount).comparedTo(a.total_amount) || Number(b.id) - Number(a.id));
    expect(listed.items.map((i) => i.id)).toEqual(byAmount.map((r) => Number(r.id)));
    const one = listed.items[0]!;
    const src = byAmount[0]!;
    expect(one).toMatchObject({ companyId: Number(src.company_id), companyName: src.company_name, invoiceType: src.invoice_type, currentName: src.current_name });
    expect(new Decimal(one.totalAmount).eq(src.total_amount)).toBe(true);
    expect(one.invoiceDate).toMatch(/^2026-\d{2}-\d{2}$/);
    expect(new Date(one.createdAt!).toISOString()).toBe(one.createdAt);
    const second = await inCompany(pharmacy, (trx) => dir.invoicesOfAllCompanies(trx, period, { sort: [['totalAmount', 'desc']], size: 1, offset: 1 }));
    expect(second).toEqual({ items: [listed.items[1]], total: rows.length });
    const sales = await inCompany(pharmacy, (trx) => dir.invoicesOfAllCompanies(trx, { ...period, companyId: general, invoiceType: 'SALE' }, { sort: [], size: 1000, offset: 0 }));
    const expectedSales = rows.filter((r) => Number(r.company_id) === general && r.invoice_type === 'SALE').map((r) => Number(r.id)).sort((a, b) => b - a);
    expect(sales.items.map((i) => i.id)).toEqual(expectedSales);
    expect(sales.total).toBe(expectedSales.length);
    expect(await inCompany(pharmacy, (trx) => dir.invoicesOfAllCompanies(trx, { ...period, status: 'NO-SUCH' }, { sort: [], size: 10, offset: 0 }))).toEqual({ items: [], total: 0 });
  });
});
