import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { setTenant } from '@tezgah/server';
import { engines, startTestServer, type TestServer } from '../../../../../packages/server/test/harness';
import { http, ONMUHASEBE } from '../../../../../packages/server/test/http';
import { assertBooksBalance } from '../ledger/testing';
import { userWith } from '../currents/testing';
import { download, mapsCharacter, pageCount, sheetTable } from './testing';

const cidOf = (token: string): number => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).cid;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const DAY = 86_400_000;
const d = (v: number | string) => new Decimal(String(v));

describe.each(engines('both'))('the current-account ledger on %s', (engine) => {
  let t: TestServer;
  let api: ReturnType<typeof http>;
  let owner: string;
  let cid: number;
  /** The server's clock runs this far ahead of the real one (the export limit's day). */
  let shift = 0;
  let customer: { id: number; account: string };
  let supplier: { id: number; account: string };
  const get = (path: string, token = owner) => download(t.url, `${ONMUHASEBE}${path}`, token);
  const call = (path: string, token = owner) => api.call('GET', `${ONMUHASEBE}${path}`, { token });
  const entry = (date: string, explanation: string, debit: string, credit: string, amount: string) => api.call('POST', `${ONMUHASEBE}/journal-entries`, {
    token: owner, body: { date, explanation, lines: [{ account: debit, debit: amount }, { account: credit, credit: amount }] },
  });
  const inCompany = <T>(fn: (trx: any) => Promise<T>) => t.server.database.db.transaction().execute(async (trx) => {
    await setTenant(trx, cid);
    return fn(trx);
  });
  /** Every account each current owns: its own (120.001 …) and a bounced cheque's 127 / 128 (the demo's Marmara Yapı Market has one). */
  const ownedAccounts = () => inCompany(async (trx) => {
    const r = await sql<{ id: number; code: string }>`select owner_id as id, code from ledger_accounts where company_id = ${cid} and owner_kind = 'CURRENT' order by code`.execute(trx);
    const m = new Map<number, string[]>();
    for (const x of r.rows) m.set(Number(x.id), [...(m.get(Number(x.id)) ?? []), x.code]);
    return m;
  });

  beforeAll(async () => {
    t = await startTestServer({ engine, now: () => new Date(Date.now() + shift) });
    api = http(t.url);
    owner = await api.signIn('muhasebe');
    cid = cidOf(owner);
    const taxOfficeId = (await call('/tax-offices?search=34251')).body[0].id;
    const besiktas = (await call(`/city-subdivisions?cityId=34&search=${encodeURIComponent('Beşiktaş')}`)).body[0].id;
    const c = await api.call('POST', `${ONMUHASEBE}/currents`, {
      token: owner,
      body: { currentAccountType: 'CUSTOMER', name: 'Şahin Çiçekçilik', title: 'Şahin Çiçekçilik Ltd. Şti.', taxNumber: '7778889991', taxOfficeId, address: 'Ihlamur Yolu 7', cityId: 34, citySubdivisionId: besiktas },
    });
    expect(c.status).toBe(201);
    const s = await api.call('POST', `${ONMUHASEBE}/currents`, { token: owner, body: { currentAccountType: 'SUPPLIER', name: 'Öztürk Ambalaj', taxNumber: '8889991119' } });
    expect(s.status).toBe(201);
    // The first look at a current's ledger makes its own sub-account.
    const first = await call(`/currents/${c.body.id}/ledger`);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ current: { id: c.body.id, name: 'Şahin Çiçekçilik', type: 'CUSTOMER' }, openingBalance: 0, closingBalance: 0, lines: [] });
    expect(first.body.current.accountCode).toMatch(/^120\.\d{3}$/);
    customer = { id: c.body.id, account: first.body.current.accountCode };
    supplier = { id: s.body.id, account: (await call(`/currents/${s.body.id}/ledger`)).body.current.accountCode };
    expect(supplier.account).toMatch(/^320\.\d{3}$/);
    // Sales on account, a collection, another sale; purchases and a payment.
    for (const [date, text, dr, cr, amount] of [
      ['2026-01-05', 'Satış faturası 1', customer.account, '600', '1000.00'],
      ['2026-03-10', 'Satış faturası 2', customer.account, '600', '500.00'],
      ['2026-04-01', 'Tahsilat — havale', '198', customer.account, '700.00'],
      ['2026-06-20', 'Satış faturası 3', customer.account, '600', '250.00'],
      ['2026-05-15', 'Alış faturası A', '153', supplier.account, '300.00'],
      ['2026-07-20', 'Alış faturası B', '153', supplier.account, '400.00'],
      ['2026-06-01', 'Ödeme', supplier.account, '198', '350.00'],
    ] as const) expect((await entry(date, text, dr, cr, amount)).status).toBe(201);
  });
  afterAll(async () => {
    if (t) await inCompany((trx) => assertBooksBalance(trx, cid));
    await t?.close();
  });

  it('lists every debit and credit with the running balance, page by page, and the closing balance equals the ledger', async () => {
    const seen: any[] = [];
    let opening: number | undefined;
    let closing: number | undefined;
    for (let page = 0; page < 2; page++) {
      const r = await call(`/currents/${customer.id}/ledger?startDate=2026-01-01&endDate=2026-12-31&page=${page}&size=2`);
      expect(r.status).toBe(200);
      expect(r.headers.get('x-total-count')).toBe('4');
      opening = r.body.openingBalance;
      closing = r.body.closingBalance;
      seen.push(...r.body.lines);
      expect(r.body).toMatchObject({ startDate: '2026-01-01', endDate: '2026-12-31', debit: 1750, credit: 700 });
    }
    expect(opening).toBe(0);
    expect(seen.map((l) => [l.date, l.explanation, l.debit, l.credit, l.balance])).toEqual([
      ['2026-01-05', 'Satış faturası 1', 1000, 0, 1000],
      ['2026-03-10', 'Satış faturası 2', 500, 0, 1500],
      ['2026-04-01', 'Tahsilat — havale', 0, 700, 800],
      ['2026-06-20', 'Satış faturası 3', 250, 0, 1050],
    ]);
    expect(closing).toBe(1050);
    await inCompany((trx) => assertBooksBalance(trx, cid, [{ account: customer.account, balance: closing!, what: 'customer ledger' }]));
    // A later period opens with what came before; without dates, the whole history.
    const later = (await call(`/currents/${customer.id}/ledger?startDate=2026-03-15&endDate=2026-06-30`)).body;
    expect([later.openingBalance, later.debit, later.credit, later.closingBalance]).toEqual([1500, 250, 700, 1050]);
    const all = (await call(`/currents/${customer.id}/ledger?size=100`)).body;
    expect(all.startDate).toBe('2026-01-05');
    expect(all.lines).toHaveLength(4);
    expect(all.closingBalance).toBe(1050);
    const sup = (await call(`/currents/${supplier.id}/ledger?startDate=2026-01-01&endDate=2026-12-31`)).body;
    expect(sup.lines.map((l: any) => l.balance)).toEqual([-300, 50, -350]);
    expect(sup.closingBalance).toBe(-350);
  });

  it('gives the statement (ekstre) as PDF and xlsx: the current\'s title, tax number and address, the lines and the closing balance with its side', async () => {
    const p = await get(`/currents/${customer.id}/ledger/export?startDate=2026-01-01&endDate=2026-12-31&format=pdf`);
    expect(p.status).toBe(200);
    expect(p.type).toBe('application/pdf');
    expect(p.headers.get('content-disposition')).toBe('attachment; filename="cari-ekstre-sahin-cicekcilik-2026-01-01-2026-12-31.pdf"');
    expect(p.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pageCount(p.bytes)).toBe(1);
    expect(p.bytes.toString('latin1')).toMatch(/DejaVuSans/);
    for (const ch of 'ŞÇİşç') expect(mapsCharacter(p.bytes, ch), ch).toBe(true);

    const x = await get(`/currents/${customer.id}/ledger/export?startDate=2026-01-01&endDate=2026-12-31&format=xlsx`);
    expect(x.status).toBe(200);
    expect(x.type).toBe(XLSX);
    const sheet = await sheetTable(x.bytes, 'Tarih');
    expect(sheet.heading[0]).toBe('Demo Ticaret Anonim Şirketi');
    expect(sheet.heading.slice(1)).toEqual([
      'Cari Hesap Ekstresi', 'Dönem: 01.01.2026 – 31.12.2026', 'Müşteri: Şahin Çiçekçilik — Şahin Çiçekçilik Ltd. Şti.',
      expect.stringMatching(/^Vergi no: 7778889991 \(.+\)$/), 'Adres: Ihlamur Yolu 7, Beşiktaş / İstanbul',
      `Hesap: ${customer.account} · Kapanış bakiyesi: 1.050,00 Borçlu`,
    ]);
    expect(sheet.data).toEqual([
      [null, null, null, 'Devir (dönem başı bakiyesi)', null, null, 0, null],
      [new Date('2026-01-05T00:00:00Z'), expect.any(Number), null, 'Satış faturası 1', 1000, null, 1000, 'Borçlu'],
      [new Date('2026-03-10T00:00:00Z'), expect.any(Number), null, 'Satış faturası 2', 500, null, 1500, 'Borçlu'],
      [new Date('2026-04-01T00:00:00Z'), expect.any(Number), null, 'Tahsilat — havale', null, 700, 800, 'Borçlu'],
      [new Date('2026-06-20T00:00:00Z'), expect.any(Number), null, 'Satış faturası 3', 250, null, 1050, 'Borçlu'],
    ]);
    expect(sheet.totals).toEqual([null, null, null, 'Toplam / kapanış bakiyesi', 1750, 700, 1050, 'Borçlu']);
    const sup = await sheetTable((await get(`/currents/${supplier.id}/ledger/export?startDate=2026-01-01&endDate=2026-12-31&format=xlsx`)).bytes, 'Tarih');
    expect(sup.totals).toEqual([null, null, null, 'Toplam / kapanış bakiyesi', 350, 700, 350, 'Alacaklı']);
  });

  it("limits the detailed Excel export to twice a day per user ('Daily excel download limited to twice a day'); PDFs are not limited", async () => {
    // The test before took two: the customer's and the supplier's.
    const third = await get(`/currents/${customer.id}/ledger/export?format=xlsx`);
    expect(third.status).toBe(429);
    expect(third.body).toMatchObject({ code: 'EXCEL_DAILY_LIMIT', detail: 'Excel indirme günde iki kez ile sınırlıdır' });
    expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(third.headers.get('retry-after'))).toBeLessThanOrEqual(86_400);
    expect((await get(`/currents/${customer.id}/ledger/export?format=pdf`)).status).toBe(200);
    // Another user has their own two.
    const clerk = await userWith(api, owner, 'ekstreci', ['6_1', '6_8', '6_5']);
    expect((await get(`/currents/${customer.id}/ledger/export?format=xlsx`, clerk)).status).toBe(200);
    // The next day (Turkey's), two more.
    shift = DAY;
    const tomorrow = await api.signIn('muhasebe');
    expect((await get(`/currents/${customer.id}/ledger/export?format=xlsx`, tomorrow)).status).toBe(200);
    shift = 0;
  });

  it('ages the open items: payments settle the oldest debits first, the buckets add up to the balance', async () => {
    const r = await call('/current-aging?type=CUSTOMER&date=2026-07-31');
    expect(r.status).toBe(200);
    const mine = r.body.rows.find((x: any) => x.current.id === customer.id);
    // 1000 (05.01) less the 700 collected → 300 over 90 days; 500 (10.03) over 90; 250 (20.06) 41 days.
    expect(mine).toEqual({ current: { id: customer.id, name: 'Şahin Çiçekçilik', type: 'CUSTOMER', accountCode: customer.account }, side: 'DEBIT', balance: 1050, days0to30: 0, days31to60: 250, days61to90: 0, over90: 800 });
    const sup = (await call('/current-aging?type=SUPPLIER&date=2026-07-31')).body.rows.find((x: any) => x.current.id === supplier.id);
    // Credits 300 (15.05) and 400 (20.07); the 350 paid settles the 300 and 50 of the 400 → 350 open, 11 days old.
    expect(sup).toMatchObject({ side: 'CREDIT', balance: -350, days0to30: -350, days31to60: 0, days61to90: 0, over90: 0 });
    // At an earlier date only the lines up to it count.
    const early = (await call('/current-aging?type=CUSTOMER&date=2026-03-31')).body.rows.find((x: any) => x.current.id === customer.id);
    expect(early).toMatchObject({ balance: 1500, days0to30: 500, days31to60: 0, days61to90: 1000, over90: 0 });
    // Every row and the totals: the buckets add up to the balance, which is the ledger's.
    const all = (await call('/current-aging?date=2026-12-31')).body;
    expect(all.type).toBeNull();
    const totals = { balance: d(0), buckets: d(0) };
    for (const row of all.rows) {
      const buckets = d(row.days0to30).plus(row.days31to60).plus(row.days61to90).plus(row.over90);
      expect(buckets.eq(d(row.balance)), `${row.current.name}`).toBe(true);
      expect(row.balance).not.toBe(0);
      for (const b of [row.days0to30, row.days31to60, row.days61to90, row.over90]) expect(Math.sign(b) * Math.sign(row.balance)).not.toBe(-1);
      totals.balance = totals.balance.plus(row.balance);
      totals.buckets = totals.buckets.plus(buckets);
    }
    expect(d(all.totals.balance).eq(totals.balance)).toBe(true);
    expect(d(all.totals.days0to30).plus(all.totals.days31to60).plus(all.totals.days61to90).plus(all.totals.over90).eq(totals.balance)).toBe(true);
    const owned = await ownedAccounts();
    await inCompany((trx) => assertBooksBalance(trx, cid, all.rows.filter((x: any) => x.current.accountCode).map((x: any) => ({ account: owned.get(x.current.id)!, balance: x.balance, what: `aging of ${x.current.name}` }))));
  });

  it('lists the balances of every current of a type from the ledger, searched and paged', async () => {
    const r = await call('/current-balances?type=CUSTOMER&size=100');
    expect(r.status).toBe(200);
    const customers = await call('/currents?currentAccountType=CUSTOMER&size=1');
    expect(r.headers.get('x-total-count')).toBe(customers.headers.get('x-total-count'));
    for (const b of r.body) {
      expect(b.type).toBe('CUSTOMER');
      expect(d(b.debit).minus(b.credit).eq(d(b.balance))).toBe(true);
      expect(b.side).toBe(b.balance > 0 ? 'DEBIT' : b.balance < 0 ? 'CREDIT' : null);
    }
    expect(r.body.find((b: any) => b.id === customer.id)).toEqual({ id: customer.id, name: 'Şahin Çiçekçilik', type: 'CUSTOMER', accountCode: customer.account, debit: 1750, credit: 700, balance: 1050, side: 'DEBIT' });
    // A current's balance is all it owes: its own account and its bounced cheques' (127 / 128); it is shown by its own account.
    const owned = await ownedAccounts();
    const marmara = r.body.find((b: any) => b.name === 'Marmara Yapı Market');
    expect(marmara.accountCode).toMatch(/^120\.\d{3}$/);
    expect(owned.get(marmara.id)).toEqual([marmara.accountCode, expect.stringMatching(/^127\.\d{3}$/)]);
    await inCompany((trx) => assertBooksBalance(trx, cid, r.body.filter((b: any) => b.accountCode).map((b: any) => ({ account: owned.get(b.id)!, balance: b.balance, what: `balance of ${b.name}` }))));
    // Turkish letters fold in the search; the tax number finds it too.
    expect((await call('/current-balances?type=CUSTOMER&search=sahin%20cicek')).body.map((b: any) => b.id)).toEqual([customer.id]);
    expect((await call('/current-balances?search=8889991119')).body.map((b: any) => b.id)).toEqual([supplier.id]);
    const sorted = (await call('/current-balances?type=CUSTOMER&sort=balance,desc&size=100')).body.map((b: any) => b.balance);
    expect(sorted).toEqual([...sorted].sort((a: number, b: number) => b - a));
    const paged = await call('/current-balances?type=CUSTOMER&size=2&page=1');
    expect(paged.body).toEqual(r.body.slice(2, 4));
    expect((await call('/current-balances?sort=taxNumber,asc')).status).toBe(400);
  });

  it('checks the current type\'s own module, keeps other companies\' currents out (404) and refuses bad input in Turkish', async () => {
    const clerk = await userWith(api, owner, 'musteri-ekstre', ['6_1', '6_8']);
    expect((await call(`/currents/${customer.id}/ledger`, clerk)).status).toBe(200);
    const noSupplier = await call(`/currents/${supplier.id}/ledger`, clerk);
    expect(noSupplier.status).toBe(403);
    expect(noSupplier.body.detail).toMatch(/^tedarikçi kayıtlarında ekstre görüntüleme yetkiniz yok/);
    const noExport = await get(`/currents/${customer.id}/ledger/export?format=pdf`, clerk);
    expect(noExport.status).toBe(403);
    expect(noExport.body.detail).toMatch(/^müşteri kayıtlarında dışa aktarma yetkiniz yok/);
    expect((await call('/current-balances?type=SUPPLIER', clerk)).status).toBe(403);
    expect(new Set((await call('/current-balances?size=100', clerk)).body.map((b: any) => b.type))).toEqual(new Set(['CUSTOMER']));
    expect(new Set((await call('/current-aging?date=2026-12-31', clerk)).body.rows.map((b: any) => b.current.type))).toEqual(new Set(['CUSTOMER']));
    const viewer = await userWith(api, owner, 'sadece-gorur', ['6_1']);
    expect((await call(`/currents/${customer.id}/ledger`, viewer)).status).toBe(403);

    const other = await api.signIn('eczaci');
    for (const path of [`/currents/${customer.id}/ledger`, `/currents/${customer.id}/ledger/export?format=pdf`, `/currents/${customer.id}/ledger/export`]) {
      const r = await get(path, other);
      expect([path, r.status]).toEqual([path, 404]);
      expect(r.body.code).toBe('NOT_FOUND');
    }
    expect((await call('/current-balances?size=100', other)).body.some((b: any) => b.id === customer.id)).toBe(false);
    expect((await call('/current-aging?date=2026-12-31', other)).body.rows.some((b: any) => b.current.id === customer.id)).toBe(false);

    const bad = async (path: string, field: string, code: string) => {
      const r = await call(path);
      expect([path, r.status]).toEqual([path, 400]);
      expect(r.body.fieldErrors[0]).toMatchObject({ field, code });
    };
    await bad(`/currents/${customer.id}/ledger?startDate=2026-12-31&endDate=2026-01-01`, 'endDate', 'DATE_RANGE');
    await bad(`/currents/${customer.id}/ledger?startDate=2026-13-01`, 'startDate', 'DATE');
    await bad(`/currents/${customer.id}/ledger/export?format=docx`, 'format', 'FORMAT');
    await bad(`/currents/${customer.id}/ledger/export?startDate=2026-12-31&endDate=2026-01-01&format=pdf`, 'endDate', 'DATE_RANGE');
    await bad('/current-balances?type=MUSTERI', 'type', 'CURRENT_TYPE');
    await bad('/current-aging?date=31.12.2026', 'date', 'DATE');
    expect((await call('/currents/999999999/ledger')).status).toBe(404);
  });
});
