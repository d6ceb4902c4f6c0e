import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import Decimal from 'decimal.js';
import writeXlsxFile from 'write-excel-file/node';
import { engines, startTestServer, type TestServer } from '../../../../../packages/server/test/harness';
import { http, ONMUHASEBE } from '../../../../../packages/server/test/http';

const API = ONMUHASEBE;
const today = () => new Date().toISOString().slice(0, 10);
const codeOf = (r: { body: any }) => r.body?.fieldErrors?.[0]?.code ?? r.body?.code;

/** An xlsx of plain rows (row 1 the column names). */
const xlsx = (rows: (string | number | null)[][]) => writeXlsxFile(rows.map((r) => r.map((v) => (v === null ? null : { value: v }))) as never).toBuffer();

describe.each(engines('both'))('company activity and the management lists on %s', (engine) => {
  let t: TestServer;
  let api: ReturnType<typeof http>;
  let admin: string;
  let muhasebe: string;
  let ticaret: number;
  let eczane: number;
  const db = () => t.server.database.db as any;
  const upload = async (token: string, bytes: Buffer, name = 'firmalar.xlsx') => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)]), name);
    const res = await fetch(`${t.url}${API}/company-profiles-from-file`, { method: 'PUT', headers: { authorization: `Bearer ${token}` }, body: form });
    return { status: res.status, body: await res.json() as any };
  };

  beforeAll(async () => {
    t = await startTestServer({ engine });
    api = http(t.url);
    admin = await api.signIn('yonetici');
    muhasebe = await api.signIn('muhasebe');
    ticaret = (await api.call('GET', '/api/account', { token: muhasebe })).body.companyId;
    eczane = (await api.call('GET', '/api/account', { token: await api.signIn('eczaci') })).body.companyId;
  });
  afterAll(async () => { await t?.close(); });

  it('refuses every management call to a company user', async () => {
    const calls: [string, string][] = [
      ['GET', `${API}/company-activity`], ['GET', `${API}/company-activity/${ticaret}`], ['GET', `${API}/companies/getCompanyListForDate`],
      ['GET', `${API}/invoices/all-to-management-portal`],
    ];
    for (const [m, p] of calls) {
      const r = await api.call(m, p, { token: muhasebe });
      expect([p, r.status]).toEqual([p, 403]);
    }
    expect((await upload(muhasebe, await xlsx([['id', 'title'], [ticaret, 'Ele geçirildi']]))).status).toBe(403);
  });

  it('counts sign-ins, documents and sales per company and day, as the ledgers and the audit trail have them', async () => {
    const period = `startDate=2026-01-01&endDate=2026-12-31`;
    const row = async () => {
      const r = await api.call('GET', `${API}/company-activity?${period}&size=1000`, { token: admin });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(Number(r.headers.get('x-total-count'))).toBe(r.body.length);
      return r.body.find((x: any) => x.companyId === ticaret);
    };
    // The same numbers counted straight from the tables.
    const expected = (await sql<{ n: string; s: string }>`select count(*) filter (where status <> 'CANCELLED') as n,
        coalesce(sum(round(total_amount * conversion_rate, 2)) filter (where invoice_type = 'SALE' and status = 'POSTED'), 0)::text as s
        from invoices where company_id = ${ticaret} and invoice_date between '2026-01-01' and '2026-12-31'`.execute(db())).rows[0]!;
    const before = await row();
    expect(before.invoices).toBe(Number(expected.n));
    expect(before.salesTotal).toBe(new Decimal(expected.s).toFixed(2));
    const users = (await sql<{ n: string }>`select count(*) as n from user_companies where company_id = ${ticaret}`.execute(db())).rows[0]!;
    expect(before.usersCount).toBe(Number(users.n));
    expect(before.lastSignIn).not.toBeNull();

    // One more sign-in and one more sale (a retail cash sale of 3 × 12,50 + KDV).
    await api.signIn('muhasebe');
    const unitId = (await api.call('GET', `${API}/units?size=100`, { token: muhasebe })).body.find((u: any) => u.name === 'Adet').id;
    const p = await api.call('POST', `${API}/products`, { token: muhasebe, body: { name: 'Yönetim testi hizmeti', barcode: `869${Date.now()}`, productType: 'SERVICE_GIVEN', unitId, buyingCurrencyId: 1, saleCurrencyId: 1, defaultTaxRate: 20, salePrice: 100, buyingPrice: 60 } });
    expect(p.status, JSON.stringify(p.body)).toBe(201);
    const customer = (await api.call('GET', `${API}/currents?size=100`, { token: muhasebe })).body.find((c: any) => c.name === 'Boğaziçi Otel İşletmeleri');
    const inv = await api.call('POST', `${API}/cash/invoices`, { token: muhasebe, body: { currentId: customer.id, date: '2026-04-15', products: [{ productId: p.body.id, quantity: 3, unitPrice: '12.5' }] } });
    expect(inv.status, JSON.stringify(inv.body)).toBe(201);
    const after = await row();
    expect(after.invoices).toBe(before.invoices + 1);
    expect(after.salesTotal).toBe(new Decimal(before.salesTotal).plus(inv.body.totalAmount).toFixed(2));

    const thisYear = today().slice(0, 4) === '2026';
    if (thisYear) expect(after.signIns).toBeGreaterThan(before.signIns);

    // The daily series for the chart: the sale's day carries it, the totals add up.
    const series = await api.call('GET', `${API}/company-activity/${ticaret}?startDate=2026-04-01&endDate=2026-04-30`, { token: admin });
    expect(series.status, JSON.stringify(series.body)).toBe(200);
    expect(series.body.days).toHaveLength(30);
    expect(series.body.days[0].date).toBe('2026-04-01');
    const d15 = series.body.days.find((d: any) => d.date === '2026-04-15');
    const sameDay = (await sql<{ n: string }>`select count(*) as n from invoices where company_id = ${ticaret} and status <> 'CANCELLED' and invoice_date = '2026-04-15'`.execute(db())).rows[0]!;
    expect(d15.invoices).toBe(Number(sameDay.n));
    expect(series.body.invoices).toBe(series.body.days.reduce((a: number, d: any) => a + d.invoices, 0));
    expect(series.body.companyName).toBe('Demo Ticaret A.Ş.');
    const todays = await api.call('GET', `${API}/company-activity/${ticaret}?startDate=${today()}&endDate=${today()}`, { token: admin });
    expect(todays.body.signIns).toBeGreaterThanOrEqual(2);
    expect((await api.call('GET', `${API}/company-activity/987654`, { token: admin })).status).toBe(404);
    expect(codeOf(await api.call('GET', `${API}/company-activity/${ticaret}?startDate=2024-01-01&endDate=2026-01-01`, { token: admin }))).toBe('DATE_RANGE_TOO_LONG');
    expect(codeOf(await api.call('GET', `${API}/company-activity?startDate=2026-05-02&endDate=2026-05-01`, { token: admin }))).toBe('DATE_RANGE');

    // Sorted by sales, highest first.
    const bySales = (await api.call('GET', `${API}/company-activity?${period}&sort=salesTotal,desc&size=1000`, { token: admin })).body;
    const totals = bySales.map((r: any) => new Decimal(r.salesTotal));
    expect(totals.every((v: Decimal, i: number) => i === 0 || v.lte(totals[i - 1]))).toBe(true);
  });

  it('lists every company\'s invoices for management, by period, company and type', async () => {
    const r = await api.call('GET', `${API}/invoices/all-to-management-portal?startDate=2026-01-01&endDate=2026-12-31&size=1000`, { token: admin });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const count = (await sql<{ n: string }>`select count(*) as n from invoices where invoice_date between '2026-01-01' and '2026-12-31'`.execute(db())).rows[0]!;
    expect(Number(r.headers.get('x-total-count'))).toBe(Number(count.n));
    expect(new Set(r.body.map((i: any) => i.companyId)).size).toBeGreaterThanOrEqual(1);
    const sales = await api.call('GET', `${API}/invoices/all-to-management-portal?startDate=2026-01-01&endDate=2026-12-31&companyId=${ticaret}&invoiceType=SALE&sort=invoiceDate,asc&size=1000`, { token: admin });
    expect(sales.body.length).toBeGreaterThan(0);
    expect(sales.body.every((i: any) => i.companyId === ticaret && i.invoiceType === 'SALE' && i.companyName === 'Demo Ticaret A.Ş.')).toBe(true);
    const dates = sales.body.map((i: any) => i.invoiceDate);
    expect([...dates].sort()).toEqual(dates);
    const none = await api.call('GET', `${API}/invoices/all-to-management-portal?startDate=2026-01-01&endDate=2026-12-31&companyId=${eczane}&invoiceType=BUYING&status=CANCELLED`, { token: admin });
    expect(none.status).toBe(200);
    expect(none.body.every((i: any) => i.companyId === eczane && i.status === 'CANCELLED')).toBe(true);
  });

  it('lists companies created or active for a date range', async () => {
    const created = await api.call('GET', `${API}/companies/getCompanyListForDate?startDate=${today()}&endDate=${today()}&size=100`, { token: admin });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const expected = (await sql<{ id: string }>`select id from companies where created_date::date = ${today()}::date order by id`.execute(db())).rows.map((x) => Number(x.id));
    expect(created.body.map((c: any) => c.id)).toEqual(expected);
    const active = await api.call('GET', `${API}/companies/getCompanyListForDate?startDate=${today()}&kind=active&size=100`, { token: admin });
    expect(active.body.map((c: any) => c.id)).toEqual(expect.arrayContaining([ticaret, eczane]));
    expect(active.body.every((c: any) => c.active)).toBe(true);
    const longAgo = await api.call('GET', `${API}/companies/getCompanyListForDate?startDate=2001-01-01&endDate=2001-01-31`, { token: admin });
    expect(longAgo.body).toEqual([]);
    expect(longAgo.headers.get('x-total-count')).toBe('0');
  });

  it('updates company profiles from an xlsx row by row, and refuses a bad file without changing anything', async () => {
    const taxOf = (await sql<{ tax_number: string }>`select tax_number from companies where id = ${eczane}`.execute(db())).rows[0]!.tax_number;
    const good = await xlsx([
      ['id', 'taxNumber', 'title', 'email', 'phone', 'erpType', 'itsUsername'],
      [ticaret, null, 'Demo Ticaret Anonim Şirketi', 'bilgi@demoticaret.com.tr', '0212 555 10 10', 'STANDARD', null],
      [null, taxOf, null, null, null, 'MEDULA', '86800011122233'],
      [987654, null, 'Yok böyle', null, null, null, null],
      [ticaret, null, null, 'bozuk-eposta', null, null, null],
    ]);
    const r = await upload(admin, good);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ result: '2/4 firma güncellendi.', updated: 2, total: 4 });
    expect(r.body.errors.map((e: any) => e.row)).toEqual([4, 5]);
    const c = (await api.call('GET', `${API}/companies/${ticaret}`, { token: admin })).body;
    expect(c).toMatchObject({ title: 'Demo Ticaret Anonim Şirketi', email: 'bilgi@demoticaret.com.tr', phone: '0212 555 10 10', erpType: 'STANDARD' });
    const e = (await api.call('GET', `${API}/companies/${eczane}`, { token: admin })).body;
    expect(e).toMatchObject({ erpType: 'MEDULA', itsUsername: '86800011122233' });

    // Nothing updated: 0/… (the workbench shows it as a failure).
    const zero = await upload(admin, await xlsx([['id', 'email'], [ticaret, 'yanlış']]));
    expect(zero.body.result).toBe('0/1 firma güncellendi.');

    const snapshot = async () => (await sql`select id, title, email, phone, erp_type, its_username from companies order by id`.execute(db())).rows;
    const before = await snapshot();
    const notXlsx = await upload(admin, Buffer.from('id;title\n1;x\n'), 'firmalar.csv');
    expect([notXlsx.status, notXlsx.body.fieldErrors?.[0]?.code]).toEqual([400, 'FILE_TYPE']);
    const brokenZip = await upload(admin, Buffer.concat([Buffer.from([0x50, 0x4b, 3, 4]), Buffer.alloc(200, 7)]));
    expect([brokenZip.status, brokenZip.body.fieldErrors?.[0]?.code]).toEqual([400, 'FILE_UNREADABLE']);
    const noKey = await upload(admin, await xlsx([['title'], ['X']]));
    expect([noKey.status, noKey.body.fieldErrors?.[0]?.code]).toEqual([400, 'FILE_COLUMNS']);
    const empty = await upload(admin, await xlsx([['id', 'title']]));
    expect([empty.status, empty.body.fieldErrors?.[0]?.code]).toEqual([400, 'FILE_EMPTY']);
    expect(await snapshot()).toEqual(before);
  });
});
