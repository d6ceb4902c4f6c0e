import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { pageAfterCancel } from '@tezgah/pharmacy-common';
import { completeCreditProductsOfBoxes } from './index';
import { engines, startTestServer, type TestServer } from '../../../../../packages/server/test/harness';
import { http, ONMUHASEBE } from '../../../../../packages/server/test/http';

const API = ONMUHASEBE;
// The kernel refuses control characters in every request string (0x1D included): the workbench
// sends a scanner's GS as '<GS>', which parseDataMatrix reads.
const GS = '<GS>';
let serial = 0;
const qr = (barcode = '8699717010109') => `010${barcode}21H3${Date.now().toString(36).toUpperCase()}${++serial}${GS}17281231` + '10LOT7';

describe.each(engines('one'))('emanet (credit products) on %s', (engine) => {
  let t: TestServer;
  let api: ReturnType<typeof http>;
  let eczaci: string;
  let muhasebe: string;
  let current: { id: number };
  let current2: { id: number };
  let foreignCurrent: { id: number };
  const call = (method: string, path: string, body?: unknown, token = eczaci) => api.call(method, `${API}${path}`, { token, ...(body !== undefined ? { body } : {}) });
  const box = async (gtin: string, sn: string) =>
    (await sql<{ state: string; credit_product_id: number | null }>`select state, credit_product_id::int as credit_product_id from pharmacy_boxes where gtin = ${gtin} and sn = ${sn}`.execute(t.server.database.db)).rows[0];

  beforeAll(async () => {
    t = await startTestServer({ engine });
    api = http(t.url);
    eczaci = await api.signIn('eczaci');
    muhasebe = await api.signIn('muhasebe');
    const mine = (await call('GET', '/currents?size=2')).body as any[];
    expect(mine.length).toBe(2);
    [current, current2] = mine as [{ id: number }, { id: number }];
    foreignCurrent = ((await call('GET', '/currents?size=1', undefined, muhasebe)).body as any[])[0];
  });
  afterAll(async () => { await t?.close(); });

  it("keeps the demo pharmacy's emanet book: one record in each state, the boxes given on deposit DEPOSITED, one past its day", async () => {
    // The demo's records were given before the suite's day (25 November); the tests' own are given on it.
    const demo = await call('GET', '/credit-products?givenTo=2026-11-24&size=50&sort=givenDate,asc');
    expect(demo.status, demo.text).toBe(200);
    expect(demo.body.map((x: any) => [x.currentName, x.state, x.medicineName.split(' ')[0], x.quantity])).toEqual([
      ['Mehmet Demir', 'CANCEL', 'NEXIUM', 1], ['Ayşe Yılmaz', 'COMPLETED', 'CRESTOR', 1], ['Mehmet Demir', 'ON_CREDIT', 'CONCOR', 1],
      ['Ayşe Yılmaz', 'ON_CREDIT', 'EUTHYROX', 1], ['Fatma Kaya', 'PENDING', 'LANTUS', 2],
    ]);
    expect(demo.body.find((x: any) => x.state === 'COMPLETED').receteNo).toBe('1K7M3PA');
    const given = demo.body.filter((x: any) => x.state === 'ON_CREDIT');
    for (const x of given) {
      expect(x.qrCode).toBeTruthy();
      expect(await box(x.gtin, x.sn)).toMatchObject({ state: 'DEPOSITED', credit_product_id: x.id });
    }
    const overdue = await call('GET', '/credit-products?givenTo=2026-11-24&overdue=true');
    expect(overdue.body.map((x: any) => x.medicineName)).toEqual([expect.stringMatching(/^CONCOR/)]);
    const patients = (await call('GET', '/currents-credit-products?size=50')).body as any[];
    expect(patients.find((c) => c.currentName === 'Mehmet Demir')).toMatchObject({ onCredit: 1, cancelled: 1, open: 1, overdue: 1 });
  });

  it("refuses a deposit without a medicine: 'Please choose a medicine'", async () => {
    for (const body of [[], [{ currentId: current.id }]]) {
      const r = await call('POST', '/credit-products-list', body);
      expect(r.status).toBe(400);
      expect(r.body.code).toBe('PLEASE_CHOOSE_MEDICINE');
      expect(r.body.detail).toBe('Lütfen bir ilaç seçiniz');
    }
    const one = await call('POST', '/credit-products', { currentId: current.id });
    expect([one.status, one.body.code]).toEqual([400, 'PLEASE_CHOOSE_MEDICINE']);
    const unknownField = await call('POST', '/credit-products', { currentId: current.id, barcode: '8699717010109', price: 3 });
    expect(unknownField.status).toBe(400);
  });

  it('saves a deposit sale: by product, by barcode, by QR code; the QR-coded box becomes DEPOSITED', async () => {
    const product = ((await call('GET', '/products?search=8699832090055')).body as any[])[0];
    const code = qr();
    const r = await call('POST', '/credit-products-list', [
      { currentId: current.id, productId: product.id, quantity: 2, dueDate: '2099-01-01', note: 'Reçete yarın gelecek' },
      { currentId: current.id, barcode: '8681291090530' },
      { currentId: current.id, qrCode: code },
    ]);
    expect(r.status, r.text).toBe(201);
    expect(r.body.message).toBe('Emanet ürünler kaydedildi.');
    const [a, b, c] = r.body.items;
    expect(a).toMatchObject({ currentId: current.id, state: 'ON_CREDIT', productId: product.id, barcode: '8699832090055', medicineName: product.name, quantity: 2, dueDate: '2099-01-01', note: 'Reçete yarın gelecek' });
    expect(a.currentName).toBeTruthy();
    expect(b).toMatchObject({ barcode: '8681291090530', medicineName: 'PANADOL 500 MG 24 FILM TABLET', productId: null, qrCode: null });
    expect(c).toMatchObject({ barcode: '8699717010109', gtin: '08699717010109', bn: 'LOT7', xd: '2028-12-31', medicineName: 'PAROL 500 MG 20 TABLET', qrCode: code });
    expect(c.productId).toBeGreaterThan(0);
    expect(await box(c.gtin, c.sn)).toMatchObject({ state: 'DEPOSITED', credit_product_id: c.id });
    // The same box cannot go on deposit twice.
    const twice = await call('POST', '/credit-products', { currentId: current2.id, qrCode: code });
    expect([twice.status, twice.body.code]).toEqual([409, 'BOX_ON_CREDIT']);
    // A malformed QR code, and a QR code of another medicine than the one chosen.
    expect((await call('POST', '/credit-products', { currentId: current.id, qrCode: '01086997170101' })).body.fieldErrors?.[0]?.code).toBe('QR_CODE');
    expect((await call('POST', '/credit-products', { currentId: current.id, barcode: '8681291090530', qrCode: qr() })).body.fieldErrors?.[0]?.code).toBe('QR_OTHER_MEDICINE');
    // All or none: one bad item writes nothing.
    const before = Number((await call('GET', '/credit-products?size=1')).headers.get('x-total-count'));
    const bad = await call('POST', '/credit-products-list', [{ currentId: current.id, barcode: '8681291090530' }, { currentId: current.id }]);
    expect(bad.status).toBe(400);
    expect(Number((await call('GET', '/credit-products?size=1')).headers.get('x-total-count'))).toBe(before);
  });

  it('cancels in bulk: the box returns to stock; the list reloads to pending and on credit, a page back when the last emptied', async () => {
    const code = qr();
    const made = (await call('POST', '/credit-products-list', [
      { currentId: current2.id, barcode: '8697772010058' },
      { currentId: current2.id, barcode: '8697772010058', state: 'PENDING' },
      { currentId: current2.id, qrCode: code },
    ])).body.items as any[];
    const open = `/credit-products?currentId=${current2.id}&state=PENDING&state=ON_CREDIT&size=2`;
    const p0 = await call('GET', open);
    expect(Number(p0.headers.get('x-total-count'))).toBe(3);
    const p1 = await call('GET', `${open}&page=1`);
    expect(p1.body).toHaveLength(1);
    const last = p1.body[0];
    const r = await call('PUT', '/credit-products-list', [{ id: last.id, state: 'CANCEL' }]);
    expect(r.status, r.text).toBe(200);
    expect(r.body.message).toBe('Emanet ürünler iptal edildi.');
    const reload = await call('GET', `${open}&page=1`);
    const total = Number(reload.headers.get('x-total-count'));
    expect(total).toBe(2);
    expect(reload.body).toHaveLength(0);
    const back = pageAfterCancel(1, 2, total);
    expect(back).toBe(0);
    expect((await call('GET', `${open}&page=${back}`)).body).toHaveLength(2);
    // The QR-coded one (the newest: id desc puts it first) back in stock after its cancel.
    const qrRow = made.find((m) => m.qrCode === code);
    const c2 = await call('PUT', '/credit-products-list', [{ id: qrRow.id, state: 'CANCEL' }, { id: made[1].id, state: 'ON_CREDIT' }]);
    expect(c2.body.message).toBe('Emanet ürünler kaydedildi.');
    expect(await box(qrRow.gtin, qrRow.sn)).toMatchObject({ state: 'RECEIVED', credit_product_id: null });
    const moves = (await sql<{ to_state: string }>`select m.to_state from pharmacy_box_moves m join pharmacy_boxes b on b.id = m.box_id where b.gtin = ${qrRow.gtin} and b.sn = ${qrRow.sn} order by m.id`.execute(t.server.database.db)).rows.map((x) => x.to_state);
    expect(moves).toEqual(['RECEIVED', 'DEPOSITED', 'RECEIVED']);
    // A cancelled record's box may go on deposit again.
    expect((await call('POST', '/credit-products', { currentId: current2.id, qrCode: code })).status).toBe(201);
  });

  it('keeps the state rules: final states stay final; delete only pending or cancelled ones', async () => {
    const [given, pending] = (await call('POST', '/credit-products-list', [
      { currentId: current.id, barcode: '8697772010058' },
      { currentId: current.id, barcode: '8697772010058', state: 'PENDING' },
    ])).body.items as any[];
    const done = await call('PUT', '/credit-products', { id: given.id, state: 'COMPLETED', receteNo: 'R-123' });
    expect(done.status, done.text).toBe(200);
    expect(done.body).toMatchObject({ state: 'COMPLETED', receteNo: 'R-123' });
    const back = await call('PUT', '/credit-products', { id: given.id, state: 'CANCEL' });
    expect([back.status, back.body.fieldErrors?.[0]?.code]).toEqual([400, 'CREDIT_PRODUCT_STATE']);
    expect((await call('DELETE', `/credit-products/${given.id}`)).status).toBe(409);
    expect((await call('DELETE', `/credit-products/${pending.id}`)).status).toBe(204);
    expect((await call('GET', `/credit-products/${pending.id}`)).status).toBe(404);
    const due = await call('PUT', '/credit-products', { id: given.id, dueDate: '2000-01-01' });
    expect(due.body.fieldErrors?.[0]?.code).toBe('DUE_BEFORE_GIVEN');
  });

  it('a prescription sale of a deposited box completes its record, once', async () => {
    const made = (await call('POST', '/credit-products', { currentId: current.id, qrCode: qr() })).body;
    const cid = JSON.parse(Buffer.from(eczaci.split('.')[1]!, 'base64url').toString()).cid;
    const args = { boxes: [{ gtin: made.gtin, sn: made.sn }, { gtin: '08699717010109', sn: 'NOSUCHBOX' }], receteId: null, receteNo: 'E1234567' };
    expect(await completeCreditProductsOfBoxes(t.server.database.db, cid, args)).toEqual([made.id]);
    expect((await call('GET', `/credit-products/${made.id}`)).body).toMatchObject({ state: 'COMPLETED', receteNo: 'E1234567' });
    expect(await completeCreditProductsOfBoxes(t.server.database.db, cid, args)).toEqual([]);
  });

  it('sums up per current', async () => {
    const r = await call('GET', `/currents-credit-products?currentId=${current.id}`);
    expect(r.status, r.text).toBe(200);
    const mine = (await call('GET', `/credit-products?currentId=${current.id}&size=1000`)).body as any[];
    const count = (s: string) => mine.filter((m) => m.state === s).length;
    expect(r.body).toEqual([expect.objectContaining({
      currentId: current.id, pending: count('PENDING'), onCredit: count('ON_CREDIT'), completed: count('COMPLETED'), cancelled: count('CANCEL'),
      open: count('PENDING') + count('ON_CREDIT'),
    })]);
    expect(r.body[0].open).toBeGreaterThan(0);
    // Every current with an open record: these tests' two and the demo's patients.
    const open = (await call('GET', '/credit-products?state=PENDING&state=ON_CREDIT&size=1000')).body as any[];
    const all = await call('GET', '/currents-credit-products?size=100');
    expect(all.body.map((x: any) => x.currentId).sort()).toEqual([...new Set(open.map((x) => x.currentId))].sort());
    expect(all.body.map((x: any) => x.currentId)).toEqual(expect.arrayContaining([current.id, current2.id]));
    // Sorted by the current's name (names from the accounting plugin's directory), both ways,
    // each the name the record list shows for that current.
    const sorted = async (dir: string) => ((await call('GET', `/currents-credit-products?size=100&openOnly=false&sort=currentName,${dir}`)).body as any[]);
    const asc = await sorted('asc');
    const desc = await sorted('desc');
    const records = (await call('GET', '/credit-products?size=1000')).body as any[];
    expect(asc.length).toBe(new Set(records.map((x) => x.currentId)).size);
    expect(new Set(asc.map((x) => x.currentName)).size).toBe(asc.length);
    expect(desc.map((x) => x.currentId)).toEqual(asc.map((x) => x.currentId).reverse());
    for (const x of asc) expect(x.currentName).toBe(records.find((r) => r.currentId === x.currentId)?.currentName);
  });

  it('keeps each company to its own records', async () => {
    const mine = ((await call('GET', '/credit-products?size=1')).body as any[])[0];
    // The general company has no prescription module: refused before any record is read.
    expect((await call('GET', `/credit-products/${mine.id}`, undefined, muhasebe)).status).toBe(403);
    // A record of another company (written as the database owner) is not there for the pharmacy.
    const cid = JSON.parse(Buffer.from(muhasebe.split('.')[1]!, 'base64url').toString()).cid;
    const foreign = (await sql<{ id: string }>`insert into pharmacy_credit_products (company_id, current_id, medicine_name, barcode)
      values (${cid}, ${foreignCurrent.id}, 'BAŞKA FİRMANIN İLACI', '8697772010058') returning id`.execute(t.server.database.db)).rows[0]!;
    const id = Number(foreign.id);
    expect((await call('GET', `/credit-products/${id}`)).status).toBe(404);
    expect((await call('PUT', '/credit-products-list', [{ id, state: 'CANCEL' }])).status).toBe(404);
    expect((await call('PUT', '/credit-products', { id, note: 'x' })).status).toBe(404);
    expect((await call('DELETE', `/credit-products/${id}`)).status).toBe(404);
    const all = (await call('GET', '/credit-products?size=1000')).body as any[];
    expect(all.map((x) => x.id)).not.toContain(id);
    expect(JSON.stringify((await call('GET', '/currents-credit-products?size=100&openOnly=false')).body)).not.toContain('BAŞKA');
    // Another company's current cannot be given a deposit.
    expect((await call('POST', '/credit-products', { currentId: foreignCurrent.id, barcode: '8697772010058' })).status).toBe(404);
    const still = (await sql<{ state: string }>`select state from pharmacy_credit_products where id = ${id}`.execute(t.server.database.db)).rows[0];
    expect(still?.state).toBe('ON_CREDIT');
  });
});
