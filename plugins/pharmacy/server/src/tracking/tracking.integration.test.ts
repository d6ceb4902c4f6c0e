import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { inTenant } from '@tezgah/server';
import { engines, startTestServer, type TestServer } from '../../../../../packages/server/test/harness';
import { http, ONMUHASEBE } from '../../../../../packages/server/test/http';
import { eventually } from '../../../../../packages/server/test/restartable';
import { boxStock, cancelSale, depositBoxes, releaseDeposit, sellBoxes } from './boxes';
import { deliverDue } from './outbox';

const API = ONMUHASEBE;
// The kernel refuses control characters in every request string, so a client sends the scanner's
// GS separator (U+001D) as the text '<GS>', which parseDataMatrix reads as the separator.
const GS = '<GS>';
const GLN = '8680000000001'; // the demo pharmacy's İTS user 86800000000010001 less its last 4 characters
const GTIN_A = '08699630697180';
const GTIN_B = '08699786092907';
const cidOf = (token: string): number => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).cid;
/** A box's DataMatrix as a scanner sends it (GS after the variable-length serial). */
const code = (gtin: string, sn: string, bn = 'LOT1', yymmdd = '281231') => `01${gtin}21${sn}${GS}17${yymmdd}10${bn}`;

describe.each(engines('one'))('İTS, ÜTS and the per-serial boxes on %s', (engine) => {
  let t: TestServer;
  let api: ReturnType<typeof http>;
  let ecz: string;
  let muh: string;
  /** A management user: the simulators' control routes are theirs. */
  let manager: string;
  let cid: number;
  let seq = 0;
  /** The sandbox's 504s: the answers of calls it was told to hang (storeThenTimeout), sent once hangMs has passed. */
  let hungAnswers = 0;
  const sn = () => `T${engine === 'pglite' ? 'P' : 'G'}${Date.now().toString(36).toUpperCase()}${++seq}`;

  const sandbox = async (system: 'its' | 'uts', method: string, path: string, body?: unknown) => {
    const r = await fetch(`${t.url}/sandbox/pharmacy/${system}${path}`, { method, headers: { authorization: `Bearer ${manager}`, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined });
    return { status: r.status, body: await r.json() as any };
  };
  const notifications = async (gtin: string, s: string, kind?: string) =>
    (await sandbox('its', 'GET', `/control/notifications?gtin=${gtin}&sn=${s}${kind ? `&kind=${kind}` : ''}`)).body as any[];
  const outbox = async (id: number, token = ecz) => {
    const r = await api.call('GET', `${API}/its/outbox?size=100`, { token });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return (r.body as any[]).find((x) => x.id === id);
  };
  const until = async (id: number, pred: (o: any) => boolean, ms = 20_000) => {
    const end = Date.now() + ms;
    let last: any;
    while (Date.now() < end) {
      last = await outbox(id);
      if (last && pred(last)) return last;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`outbox ${id} stayed ${JSON.stringify(last)}`);
  };
  /** The sandbox's own 5xx (down, the timeouts it was told to give) are the outside system's, not ours. */
  const dropSandboxErrors = () => {
    const ours = t.serverErrors.filter((e) => !/ \/sandbox\/pharmacy\//.test(e));
    t.serverErrors.splice(0, t.serverErrors.length, ...ours);
  };
  const box = async (gtin: string, s: string) => {
    const r = await api.call('GET', `${API}/pharmacy-boxes?gtin=${gtin}&sn=${s}`, { token: ecz });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return (r.body as any[])[0];
  };
  const inCompany = <T>(fn: (db: Kysely<any>) => Promise<T>) => inTenant(t.server.services.db, cid, (trx) => fn(trx as unknown as Kysely<any>));

  beforeAll(async () => {
    t = await startTestServer({
      engine,
      env: { TEZGAH_PHARMACY_TIMEOUT_MS: '600', TEZGAH_PHARMACY_RETRY_SECONDS: '0.1' },
      // Sent also when the caller has gone (then no response hook hears of it).
      extend: (app) => app.addHook('onSend', async (req, reply, payload) => {
        if (req.url.startsWith('/sandbox/pharmacy/its/') && reply.statusCode === 504) hungAnswers++;
        return payload;
      }),
    });
    api = http(t.url);
    ecz = await api.signIn('eczaci');
    muh = await api.signIn('muhasebe');
    manager = await api.signIn('yonetici');
    cid = cidOf(ecz);
  });
  afterAll(async () => {
    dropSandboxErrors();
    await t?.close();
  });

  it('receives scanned boxes (RECEIVED), queues one İTS acceptance and, once delivered, the boxes are ACCEPTED with their moves', async () => {
    const s1 = sn();
    const s2 = sn();
    const r = await api.call('POST', `${API}/pharmacy-boxes/receive`, { token: ecz, body: { codes: [code(GTIN_A, s1), code(GTIN_B, s2, 'LOT2', '270200')], ref: 'IRS-1' } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.received.map((b: any) => [b.gtin, b.sn, b.state])).toEqual([[GTIN_A, s1, 'RECEIVED'], [GTIN_B, s2, 'RECEIVED']]);
    expect(r.body.received[1]).toMatchObject({ bn: 'LOT2', xd: '2027-02-28', barkod: GTIN_B.slice(1) });
    expect(r.body.outbox).toMatchObject({ kind: 'ITS_ACCEPT', state: 'WAITING', system: 'ITS' });
    const done = await until(r.body.outbox.id, (o) => o.state !== 'WAITING');
    expect(done.state, done.lastError).toBe('SENT');
    expect(done.productList.map((p: any) => p.uc)).toEqual(['00000', '00000']);
    const b = await box(GTIN_A, s1);
    expect(b).toMatchObject({ state: 'ACCEPTED', itsUc: '00000' });
    const detail = await api.call('GET', `${API}/pharmacy-boxes/${b.id}`, { token: ecz });
    expect(detail.body.moves.map((m: any) => [m.fromState, m.toState])).toEqual([[null, 'RECEIVED'], ['RECEIVED', 'ACCEPTED']]);
    // Scanning them again changes nothing and queues nothing.
    const again = await api.call('POST', `${API}/pharmacy-boxes/receive`, { token: ecz, body: { codes: [code(GTIN_A, s1)] } });
    expect(again.body).toMatchObject({ received: [], outbox: null });
    expect(again.body.unchanged).toHaveLength(1);
    // A code that does not parse is a 400 naming it, nothing received.
    const bad = await api.call('POST', `${API}/pharmacy-boxes/receive`, { token: ecz, body: { codes: [code(GTIN_A, sn()), '0112345'] } });
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors[0]).toMatchObject({ field: 'codes.1', code: 'QR_INVALID' });
  });

  it('a sale reports each box to İTS exactly once: one notification, delivered, the unknown box recorded first; a second click adds nothing; a sold box is not sold again', async () => {
    const known = sn();
    await api.call('POST', `${API}/pharmacy-boxes/receive`, { token: ecz, body: { codes: [code(GTIN_A, known)] } });
    const unknown = sn();
    const body = {
      invoiceId: 900001, receteId: 700001, document: { dd: '2026-11-24', dn: 'ECZ2026000000001', dr: '2ABC1', eid: '3KLM7PQ', rkn: '100001' },
      productList: [{ gtin: GTIN_A, sn: known, bn: 'LOT1', xd: '2028-12-31' }, { gtin: GTIN_B, sn: unknown, bn: 'LOT9', xd: '2027-05-31' }],
    };
    const r = await api.call('POST', `${API}/its/sale`, { token: ecz, body });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.outbox).toMatchObject({ kind: 'ITS_SALE', invoiceId: 900001, receteId: 700001 });
    expect(r.body.outbox.payload).toMatchObject({ dt: 'S', fr: GLN, to: '0000000000000', document: { dn: 'ECZ2026000000001', rkn: '100001', cp: null } });
    const done = await until(r.body.outbox.id, (o) => o.state !== 'WAITING');
    expect(done.state, done.lastError).toBe('SENT');
    expect(await notifications(GTIN_A, known, 'SALE')).toHaveLength(1);
    expect(await notifications(GTIN_B, unknown, 'SALE')).toHaveLength(1);
    const u = await box(GTIN_B, unknown);
    expect(u).toMatchObject({ state: 'SOLD', invoiceId: 900001, itsUc: '00000' });
    const moves = (await api.call('GET', `${API}/pharmacy-boxes/${u.id}`, { token: ecz })).body.moves;
    expect(moves.map((m: any) => [m.fromState, m.toState, m.reason])).toEqual([[null, 'RECEIVED', "Tezgah'a girişi yapılmamış kutu"], ['RECEIVED', 'SOLD', 'Satış']]);

    const twice = await api.call('POST', `${API}/its/sale`, { token: ecz, body });
    expect(twice.body.outbox.id).toBe(r.body.outbox.id);
    const other = await api.call('POST', `${API}/its/sale`, { token: ecz, body: { ...body, invoiceId: 900009 } });
    expect(other.status).toBe(409);
    expect(other.body.code).toBe('BOX_NOT_IN_STOCK');
    expect(other.body.detail).toContain(known);
    await deliverDue(t.server.services, { companyId: cid });
    expect(await notifications(GTIN_A, known, 'SALE')).toHaveLength(1);
  });

  it('İTS down: the sale completes, the notification waits; back up, it is delivered once', async () => {
    const s = sn();
    expect((await sandbox('its', 'PUT', '/control', { down: true })).status).toBe(200);
    const r = await api.call('POST', `${API}/its/sale`, { token: ecz, body: { invoiceId: 900002, document: { dn: 'ECZ2026000000002' }, productList: [{ gtin: GTIN_A, sn: s }] } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const waiting = await until(r.body.outbox.id, (o) => o.attempts >= 1 && o.lastError);
    expect(waiting.state).toBe('WAITING');
    expect(waiting.lastError).toContain('İTS hizmet veremiyor');
    expect((await box(GTIN_A, s)).state).toBe('SOLD');
    expect(await notifications(GTIN_A, s)).toHaveLength(0);
    await sandbox('its', 'PUT', '/control', { down: false });
    const retried = await api.call('POST', `${API}/its/outbox/${r.body.outbox.id}/retry`, { token: ecz });
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    const done = await until(r.body.outbox.id, (o) => o.state === 'SENT');
    expect(done.lastError).toBeNull();
    expect(await notifications(GTIN_A, s, 'SALE')).toHaveLength(1);
    // A SENT notification is not sent again.
    expect((await api.call('POST', `${API}/its/outbox/${r.body.outbox.id}/retry`, { token: ecz })).body.code).toBe('OUTBOX_SENT');
    dropSandboxErrors();
  });

  it('İTS refusing our login: the notification waits with the reason; once the login works it goes out', async () => {
    const s = sn();
    await sandbox('its', 'PUT', '/control', { tokenFails: true });
    const r = await api.call('POST', `${API}/its/sale`, { token: ecz, body: { invoiceId: 900012, productList: [{ gtin: GTIN_B, sn: s }] } });
    const waiting = await until(r.body.outbox.id, (o) => o.attempts >= 1 && o.lastError);
    expect(waiting.state).toBe('WAITING');
    expect(waiting.lastError).toContain('İTS kullanıcı adı veya şifresi kabul edilmedi');
    await sandbox('its', 'PUT', '/control', { tokenFails: false });
    await api.call('POST', `${API}/its/outbox/${r.body.outbox.id}/retry`, { token: ecz });
    expect((await until(r.body.outbox.id, (o) => o.state !== 'WAITING')).state).toBe('SENT');
    expect(await notifications(GTIN_B, s, 'SALE')).toHaveLength(1);
  });

  it('İTS stores the sale but its answer is lost: the retry hears "already sold" by us and counts it delivered: still one notification', async () => {
    const s = sn();
    const hungBefore = hungAnswers;
    await sandbox('its', 'PUT', '/control', { storeThenTimeout: 1, hangMs: 1500 });
    const r = await api.call('POST', `${API}/its/sale`, { token: ecz, body: { invoiceId: 900003, document: { dn: 'ECZ2026000000003' }, productList: [{ gtin: GTIN_B, sn: s }] } });
    expect(r.status).toBe(200);
    const done = await until(r.body.outbox.id, (o) => o.state !== 'WAITING');
    expect(done.state, done.lastError).toBe('SENT');
    expect(done.attempts).toBeGreaterThanOrEqual(2);
    expect(done.productList[0]).toMatchObject({ uc: '10204', gln1: GLN });
    expect(await notifications(GTIN_B, s, 'SALE')).toHaveLength(1);
    expect((await box(GTIN_B, s)).itsUc).toBe('10204');
    // The sandbox has answered the call it let time out (504, once hangMs has passed): nothing of this test is left running.
    await eventually(async () => hungAnswers > hungBefore, 20_000, 'the hung call\'s answer');
    dropSandboxErrors();
  });

  it('İTS refusing a box (in another pharmacy\'s stock) leaves the notification FAILED with İTS\'s words for a person', async () => {
    const s = sn();
    await sandbox('its', 'PUT', '/control', { boxes: [{ gtin: GTIN_A, sn: s, owner: '8680000000025' }] });
    const r = await api.call('POST', `${API}/its/sale`, { token: ecz, body: { invoiceId: 900004, productList: [{ gtin: GTIN_A, sn: s }] } });
    const done = await until(r.body.outbox.id, (o) => o.state !== 'WAITING');
    expect(done.state).toBe('FAILED');
    expect(done.lastError).toContain('10209');
    expect(done.lastError).toContain('Ürün şu anda başka bir eczane stokunda görünüyor.');
    expect((await box(GTIN_A, s))).toMatchObject({ itsUc: '10209', itsMessage: 'Ürün şu anda başka bir eczane stokunda görünüyor.' });
    const failed = await api.call('GET', `${API}/its/outbox?state=FAILED`, { token: ecz });
    expect(failed.body.some((o: any) => o.id === r.body.outbox.id)).toBe(true);
  });

  it('its/sale-cancel sends the exact §7 payload (dt C, fr = user name less 4, to, document, productList) and the boxes return to stock', async () => {
    const s1 = sn();
    const s2 = sn();
    const doc = { dd: '2026-11-24', dn: 'ECZ2026000000005', dr: '2ABC5', cp: null, eid: '3KLM7P5', rkn: '100005' };
    const sold = await api.call('POST', `${API}/its/sale`, { token: ecz, body: { invoiceId: 900005, document: doc, productList: [{ gtin: GTIN_A, sn: s1 }, { gtin: GTIN_B, sn: s2 }] } });
    await until(sold.body.outbox.id, (o) => o.state === 'SENT');
    const wrongFr = await api.call('POST', `${API}/its/sale-cancel`, { token: ecz, body: { invoiceId: 900005, dt: 'C', fr: '8680000000999', productList: [{ gtin: GTIN_A, sn: s1 }] } });
    expect(wrongFr.status).toBe(400);
    expect(wrongFr.body.fieldErrors[0].field).toBe('fr');
    const body = { invoiceId: 900005, dt: 'C', to: '0000000000000', document: doc, productList: [{ gtin: GTIN_A, sn: s1, bn: null, xd: null }, { gtin: GTIN_B, sn: s2, bn: null, xd: null }] };
    const r = await api.call('POST', `${API}/its/sale-cancel`, { token: ecz, body });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.outbox.payload).toEqual({ dt: 'C', fr: GLN, to: '0000000000000', document: doc, productList: body.productList });
    const done = await until(r.body.outbox.id, (o) => o.state !== 'WAITING');
    expect(done.state, done.lastError).toBe('SENT');
    expect(await notifications(GTIN_A, s1, 'CANCEL')).toHaveLength(1);
    expect(await notifications(GTIN_B, s2, 'CANCEL')).toHaveLength(1);
    expect((await box(GTIN_A, s1)).state).toBe('SALE_CANCELLED');
    const again = await api.call('POST', `${API}/its/sale-cancel`, { token: ecz, body });
    expect(again.body.outbox.id).toBe(r.body.outbox.id);
  });

  it('cancelSale with itsCancel: the invoice\'s boxes back in stock, one cancel with the sale\'s document; a second call changes nothing; deposits move and come back', async () => {
    const s1 = sn();
    const s2 = sn();
    const productId = 424242;
    const document = { dd: '2026-11-24', dn: 'ECZ2026000000006', dr: '2ABC6', eid: '3KLM7P6', rkn: '100006' };
    const sale = await inCompany((db) => sellBoxes(db, cid, { invoiceId: 900006, receteId: 700006, document, boxes: [{ gtin: GTIN_A, sn: s1, productId }, { gtin: GTIN_B, sn: s2, productId }] }, 'eczaci', new Date()));
    expect(sale.boxes.map((b) => b.state)).toEqual(['SOLD', 'SOLD']);
    expect(await inCompany((db) => boxStock(db, cid, productId))).toBe(0);
    await deliverDue(t.server.services, { companyId: cid });
    expect(await notifications(GTIN_A, s1, 'SALE')).toHaveLength(1);
    const c = await inCompany((db) => cancelSale(db, cid, { invoiceId: 900006, itsCancel: true }, 'eczaci', new Date()));
    expect(c.boxes.map((b) => b.state)).toEqual(['SALE_CANCELLED', 'SALE_CANCELLED']);
    expect(await inCompany((db) => boxStock(db, cid, productId))).toBe(2);
    const o = await outbox(c.outboxId!);
    expect(o.payload).toMatchObject({ dt: 'C', fr: GLN, to: '0000000000000', document: { ...document, cp: null } });
    expect(o.payload.productList.map((p: any) => p.sn)).toEqual([s1, s2]);
    await deliverDue(t.server.services, { companyId: cid });
    expect((await until(c.outboxId!, (x) => x.state !== 'WAITING')).state).toBe('SENT');
    expect(await notifications(GTIN_A, s1, 'CANCEL')).toHaveLength(1);
    expect(await notifications(GTIN_B, s2, 'CANCEL')).toHaveLength(1);
    expect(await inCompany((db) => cancelSale(db, cid, { invoiceId: 900006, itsCancel: true }, 'eczaci', new Date()))).toEqual({ boxes: [], outboxId: null });
    // Emanet: given on deposit (still in stock), taken back to the state it had.
    const dep = await inCompany((db) => depositBoxes(db, cid, { creditProductId: 55, boxes: [{ gtin: GTIN_A, sn: s1 }] }, 'eczaci'));
    expect(dep[0]!.state).toBe('DEPOSITED');
    expect(await inCompany((db) => boxStock(db, cid, productId))).toBe(2);
    const back = await inCompany((db) => releaseDeposit(db, cid, { creditProductId: 55 }, 'eczaci'));
    expect(back.map((b) => b.state)).toEqual(['SALE_CANCELLED']);
    // Selling a sold box is refused, naming it.
    await inCompany((db) => sellBoxes(db, cid, { invoiceId: 900007, document: {}, boxes: [{ gtin: GTIN_A, sn: s1 }] }, 'eczaci', new Date()));
    await expect(inCompany((db) => sellBoxes(db, cid, { invoiceId: 900008, document: {}, boxes: [{ gtin: GTIN_A, sn: s1 }] }, 'eczaci', new Date()))).rejects.toMatchObject({ status: 409, code: 'BOX_NOT_IN_STOCK' });
  });

  it('cancelling the sales invoice with "ITS iptali" returns its boxes to stock and sends the İTS cancel (the invoice event)', async () => {
    const unitId = (await api.call('GET', `${API}/units?size=100`, { token: ecz })).body.find((u: any) => u.name === 'Adet').id;
    const warehouseId = (await api.call('GET', `${API}/warehouses?size=100`, { token: ecz })).body[0].id;
    const p = await api.call('POST', `${API}/products`, {
      token: ecz, body: { name: `İTS deneme ilacı ${sn()}`, barcode: `869${Date.now()}`.slice(0, 13), productType: 'COMMERCIAL_GOODS', unitId, buyingCurrencyId: 1, saleCurrencyId: 1, defaultTaxRate: 10, warehouseId, salePrice: 50, buyingPrice: 30, openingStock: 10 },
    });
    expect(p.status, JSON.stringify(p.body)).toBe(201);
    const cities = (await api.call('GET', `${API}/cities?size=100&search=Ankara`, { token: ecz })).body;
    const city = cities.find((c: any) => c.name === 'Ankara') ?? cities[0];
    const subs = (await api.call('GET', `${API}/city-subdivisions?size=100&cityId=${city.id}`, { token: ecz })).body;
    const offices = (await api.call('GET', `${API}/tax-offices?size=100&cityId=${city.id}`, { token: ecz })).body;
    const current = await api.call('POST', `${API}/currents`, {
      token: ecz, body: { currentAccountType: 'CUSTOMER', name: 'Ayşe', lastName: 'Hasta', taxNumber: '12345678950', taxOfficeId: offices[0]?.id, cityId: city.id, citySubdivisionId: subs[0]?.id, address: 'Kızılay', currencyId: 1, accountGroupCode: '120' },
    });
    expect(current.status, JSON.stringify(current.body)).toBe(201);
    const inv = await api.call('POST', `${API}/invoices`, { token: ecz, body: { invoiceType: 'SALE', currentId: current.body.id, date: '2026-11-24', products: [{ productId: p.body.id, quantity: 1, unitPrice: 50 }] } });
    expect(inv.status, JSON.stringify(inv.body)).toBe(201);
    const s = sn();
    const sold = await inCompany((db) => sellBoxes(db, cid, { invoiceId: inv.body.id, document: { dn: 'INV' }, boxes: [{ gtin: GTIN_A, sn: s, productId: p.body.id }] }, 'eczaci', new Date()));
    await deliverDue(t.server.services, { companyId: cid });
    expect(await notifications(GTIN_A, s, 'SALE')).toHaveLength(1);
    const cancelled = await api.call('POST', `${API}/invoices/cancel/${inv.body.id}/true/NONE`, { token: ecz });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBeLessThan(300);
    const end = Date.now() + 20_000;
    while (Date.now() < end && (await box(GTIN_A, s)).state !== 'SALE_CANCELLED') await new Promise((r) => setTimeout(r, 100));
    expect((await box(GTIN_A, s)).state).toBe('SALE_CANCELLED');
    const cancels = (await api.call('GET', `${API}/its/outbox?kind=ITS_SALE_CANCEL&invoiceId=${inv.body.id}`, { token: ecz })).body;
    expect(cancels).toHaveLength(1);
    await until(cancels[0].id, (o) => o.state === 'SENT');
    expect(await notifications(GTIN_A, s, 'CANCEL')).toHaveLength(1);
    expect(sold.outboxId).not.toBeNull();
  });

  it('stock against boxes: a purchase invoice raises a QR-tracked product\'s stock without boxes and the difference shows; scanning the boxes in clears it', async () => {
    const unitId = (await api.call('GET', `${API}/units?size=100`, { token: ecz })).body.find((u: any) => u.name === 'Adet').id;
    const warehouseId = (await api.call('GET', `${API}/warehouses?size=100`, { token: ecz })).body[0].id;
    const barcode = `868${Date.now()}`.slice(0, 13);
    const gtin = `0${barcode}`;
    const p = await api.call('POST', `${API}/products`, {
      token: ecz, body: { name: `Karekodlu alış ilacı ${sn()}`, barcode, productType: 'MEDICINE', unitId, buyingCurrencyId: 1, saleCurrencyId: 1, defaultTaxRate: 10, warehouseId, salePrice: 80, buyingPrice: 50, qrTracking: true },
    });
    expect(p.status, JSON.stringify(p.body)).toBe(201);
    const productId = p.body.id as number;
    const stockOf = async (query: string) => {
      const r = await api.call('GET', `${API}/pharmacy-box-stock${query}`, { token: ecz });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body as any[];
    };
    expect(await stockOf(`?productId=${productId}`)).toEqual([{ productId, name: p.body.name, barcode, qrTracking: true, stockQuantity: '0', boxesInStock: '0', difference: '0' }]);

    // The supplier's invoice is booked (never blocked): stock 3, no boxes yet.
    const supplier = await api.call('POST', `${API}/currents`, { token: ecz, body: { currentAccountType: 'SUPPLIER', name: `Ecza Deposu ${sn()}`, currencyId: 1, accountGroupCode: '320' } });
    expect(supplier.status, JSON.stringify(supplier.body)).toBe(201);
    const inv = await api.call('POST', `${API}/invoices`, { token: ecz, body: { invoiceType: 'BUYING', currentId: supplier.body.id, date: '2026-11-24', documentNo: `DEP${Date.now()}`, products: [{ productId, quantity: 3, unitPrice: 50 }] } });
    expect(inv.status, JSON.stringify(inv.body)).toBe(201);
    expect(await stockOf(`?productId=${productId}`)).toEqual([expect.objectContaining({ productId, stockQuantity: '3', boxesInStock: '0', difference: '3' })]);
    const all = await stockOf('');
    expect(all.every((x) => x.qrTracking)).toBe(true);
    expect(all.find((x) => x.productId === productId)).toMatchObject({ stockQuantity: '3', boxesInStock: '0', difference: '3' });
    expect((await stockOf('?differentOnly=true')).map((x) => x.productId)).toContain(productId);

    // Two boxes scanned in: one still missing; the third: none.
    const s = [sn(), sn(), sn(), sn()];
    const r1 = await api.call('POST', `${API}/pharmacy-boxes/receive`, { token: ecz, body: { codes: [code(gtin, s[0]!), code(gtin, s[1]!)], productIdByGtin: { [gtin]: productId } } });
    expect(r1.status, JSON.stringify(r1.body)).toBe(200);
    expect(await stockOf(`?productId=${productId}`)).toEqual([expect.objectContaining({ boxesInStock: '2', difference: '1' })]);
    // Without productIdByGtin (as the /its goods receipt sends it): the box is linked to the product with its barcode.
    const r2 = await api.call('POST', `${API}/pharmacy-boxes/receive`, { token: ecz, body: { codes: [code(gtin, s[2]!)] } });
    expect(r2.status, JSON.stringify(r2.body)).toBe(200);
    expect(r2.body.received.map((b: any) => b.productId)).toEqual([productId]);
    expect(await stockOf(`?productId=${productId}`)).toEqual([expect.objectContaining({ stockQuantity: '3', boxesInStock: '3', difference: '0' })]);
    expect((await stockOf('?differentOnly=true')).map((x) => x.productId)).not.toContain(productId);
    // More boxes than stock: the difference goes negative.
    await api.call('POST', `${API}/pharmacy-boxes/receive`, { token: ecz, body: { codes: [code(gtin, s[3]!)], productIdByGtin: { [gtin]: productId } } });
    expect(await stockOf(`?productId=${productId}`)).toEqual([expect.objectContaining({ boxesInStock: '4', difference: '-1' })]);

    expect((await api.call('GET', `${API}/pharmacy-box-stock?productId=987654321`, { token: ecz })).status).toBe(404);
    // Another company's user sees nothing of it.
    expect((await api.call('GET', `${API}/pharmacy-box-stock?productId=${productId}`, { token: muh })).status).toBe(404);
  });

  it('a cancel never overtakes the sale it cancels while İTS is down', async () => {
    const s = sn();
    await sandbox('its', 'PUT', '/control', { down: true });
    const sale = await inCompany((db) => sellBoxes(db, cid, { invoiceId: 900010, document: { dn: 'X10' }, boxes: [{ gtin: GTIN_A, sn: s }] }, 'eczaci', new Date()));
    await deliverDue(t.server.services, { companyId: cid });
    const c = await inCompany((db) => cancelSale(db, cid, { invoiceId: 900010, itsCancel: true }, 'eczaci', new Date()));
    await sandbox('its', 'PUT', '/control', { down: false });
    // The cancel is due but its sale waits (backoff): the cancel is not tried.
    await deliverDue(t.server.services, { companyId: cid, ids: [c.outboxId!] });
    expect((await outbox(c.outboxId!)).attempts).toBe(0);
    // Once the sale's backoff has run out, a delivery sends the sale, then its cancel.
    await until(sale.outboxId!, (o) => o.state !== 'WAITING' || Date.parse(o.nextAttemptAt) <= t.server.services.now().getTime());
    await deliverDue(t.server.services, { companyId: cid });
    expect((await until(c.outboxId!, (x) => x.state !== 'WAITING')).state).toBe('SENT');
    const all = await notifications(GTIN_A, s);
    expect(all.map((n) => n.kind)).toEqual(['SALE', 'CANCEL']);
    dropSandboxErrors();
  });

  it('status check and the drug-tracking query: İTS\'s answer on the box; no access token → 401 "No Its Access Token"', async () => {
    const s = sn();
    const rec = await api.call('POST', `${API}/pharmacy-boxes/receive`, { token: ecz, body: { codes: [code(GTIN_B, s)] } });
    await until(rec.body.outbox.id, (o) => o.state === 'SENT');
    const r = await api.call('POST', `${API}/its/check-status`, { token: ecz, body: { qrCode: code(GTIN_B, s), management: true } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.management).toBe(true);
    expect(r.body.productList[0]).toMatchObject({ gtin: GTIN_B, sn: s, uc: '10210', ucMessage: 'Ürün stokunuzda görünüyor.', gln1: GLN });
    expect((await box(GTIN_B, s)).itsUc).toBe('10210');
    const q = await api.call('POST', `${API}/its/query`, { token: ecz, body: { qrCode: code(GTIN_B, s, 'LOT1', '280200') } });
    expect(q.status, JSON.stringify(q.body)).toBe(200);
    expect(q.body.parsed).toMatchObject({ gtin: GTIN_B, barkod: GTIN_B.slice(1), sn: s, bn: 'LOT1', xd: '2028-02-29' });
    expect(q.body.box.sn).toBe(s);
    expect(q.body.its).toMatchObject({ uc: '10210' });
    const missing = await api.call('POST', `${API}/its/query`, { token: ecz, body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.fieldErrors[0]).toMatchObject({ field: 'qrCode', message: 'İlaç takip karekodu zorunludur.' });
    const malformed = await api.call('POST', `${API}/its/query`, { token: ecz, body: { qrCode: '01086996306971802' } });
    expect(malformed.status).toBe(400);
    expect(malformed.body.fieldErrors[0].code).toBe('QR_INVALID');

    await sandbox('its', 'PUT', '/control', { noObjectList: true });
    const none = await api.call('POST', `${API}/its/check-status`, { token: ecz, body: { productList: [{ gtin: GTIN_B, sn: s }] } });
    await sandbox('its', 'PUT', '/control', { noObjectList: false });
    expect(none.status).toBe(401);
    expect(none.body.title).toBe('No Its Access Token');
    // A company without an İTS user: the same, before anything is asked.
    const general = await api.call('POST', `${API}/its/check-status`, { token: muh, body: { productList: [{ gtin: GTIN_B, sn: s }] } });
    expect([general.status, general.body.title]).toEqual([401, 'No Its Access Token']);
  });

  it('the gateway: known targets answered or queued, error codes listed, any other target a 400', async () => {
    const s = sn();
    const sale = await api.call('POST', `${API}/its/request`, { token: ecz, body: { path: '/prescription/app/pharmacysale', data: { invoiceId: 900011, productList: [{ gtin: GTIN_A, sn: s }] } } });
    expect(sale.status, JSON.stringify(sale.body)).toBe(200);
    expect(sale.body).toMatchObject({ target: 'pharmacysale', path: '/prescription/app/pharmacysale' });
    expect(sale.body.outbox.kind).toBe('ITS_SALE');
    await until(sale.body.outbox.id, (o) => o.state === 'SENT');
    const st = await api.call('POST', `${API}/its/request`, { token: ecz, body: { path: 'check_status', data: { productList: [{ gtin: GTIN_A, sn: s }] } } });
    expect(st.body.productList[0]).toMatchObject({ uc: '40004', ucMessage: 'Ürün tarafınızdan satılmıştır.' });
    const ver = await api.call('POST', `${API}/its/request`, { token: ecz, body: { path: 'verification', data: { productList: [{ gtin: GTIN_A, sn: s }] } } });
    expect(ver.body.productList[0].uc).toBe('00000');
    const codes = await api.call('POST', `${API}/its/request`, { token: ecz, body: { path: 'errorcode' } });
    expect(codes.body.data.errorCodeList).toContainEqual({ code: '10204', message: 'Belirtilen ürün önceden satılmıştır.' });
    const unknown = await api.call('POST', `${API}/its/request`, { token: ecz, body: { path: '/wholesale/app/dispatch', data: {} } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.fieldErrors[0]).toMatchObject({ field: 'path', code: 'ITS_TARGET' });
    const badData = await api.call('POST', `${API}/its/request`, { token: ecz, body: { path: 'pharmacysale', data: { invoiceId: 'x', productList: [{ gtin: '1', sn: s }] } } });
    expect(badData.status).toBe(400);
  });

  it('ÜTS: single-product query and receipt at once, the hand-over through the outbox, delivered once', async () => {
    const q = await api.call('POST', `${API}/uts/request`, { token: ecz, body: { path: 'tekilUrunSorgula', values: { UNO: '08680000100017', SNO: 'U1' } } });
    expect(q.status, JSON.stringify(q.body)).toBe(200);
    expect(q.body.SNC).toMatchObject({ UNO: '08680000100017', DURUM: 'STOKTA' });
    const alma = await api.call('POST', `${API}/uts/request`, { token: ecz, body: { path: 'bildirim/alma/ekle', values: { UNO: '08680000100017', SNO: 'U1', ADT: 1 } } });
    expect(alma.body).toMatchObject({ target: 'almaBildirimi', message: 'ÜTS ürün alma bildirimi yapıldı.' });
    expect(alma.body.MSJ[0]).toMatchObject({ KOD: 'UTS-B027', TIP: 'BILGI' });
    const sno = sn();
    const h = await api.call('POST', `${API}/uts/request`, { token: ecz, body: { path: 'tuketiciyeVermeBildirimi', values: { UNO: '08680000100024', SNO: sno, ADT: 1, TKN: '10000000146' } } });
    expect(h.status, JSON.stringify(h.body)).toBe(200);
    expect(h.body.outbox).toMatchObject({ kind: 'UTS_HANDOVER', system: 'UTS' });
    const done = await until(h.body.outbox.id, (o) => o.state !== 'WAITING');
    expect(done.state, done.lastError).toBe('SENT');
    const held = (await sandbox('uts', 'GET', '/control/notifications')).body.filter((n: any) => n.SNO === sno);
    expect(held).toHaveLength(1);
    expect((await api.call('POST', `${API}/uts/request`, { token: ecz, body: { path: 'bildirim/verme/ekle', values: {} } })).status).toBe(400);
  });

  it('tenancy: another company sees none of the pharmacy\'s boxes or notifications', async () => {
    const list = await api.call('GET', `${API}/pharmacy-boxes?size=1`, { token: ecz });
    const id = list.body[0].id;
    expect(Number(list.headers.get('x-total-count'))).toBeGreaterThan(0);
    const other = await api.call('GET', `${API}/pharmacy-boxes/${id}`, { token: muh });
    expect(other.status).toBe(404);
    const theirs = await api.call('GET', `${API}/pharmacy-boxes`, { token: muh });
    expect(theirs.status).toBe(200);
    expect(theirs.body).toEqual([]);
    const ob = (await api.call('GET', `${API}/its/outbox?size=1`, { token: ecz })).body[0].id;
    const retry = await api.call('POST', `${API}/its/outbox/${ob}/retry`, { token: muh });
    expect([403, 404]).toContain(retry.status);
  });
});
