import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { setTenant } from '@tezgah/server';
import { engines, startTestServer, type TestServer } from '../../../../../packages/server/test/harness';
import { DIRECTORY_SERVICE, type DirectoryService } from '../index';

describe.each(engines())('the accounting.directory service on %s', (engine) => {
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
});
