import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { MESSAGES } from '@tezgah/core';
import { DEMO_ERECETE, DEMO_GREEN_SCANNABLE, DEMO_PATIENT_TCKN, MAJISTRAL_TEXTS } from '@tezgah/pharmacy-common';
import { engines, startTestServer, type TestServer } from '../../../../../packages/server/test/harness';
import { http, ONMUHASEBE } from '../../../../../packages/server/test/http';

const API = ONMUHASEBE;

describe.each(engines('one'))('Medula and the prescription calls on %s', (engine) => {
  let t: TestServer;
  let api: ReturnType<typeof http>;
  let ecz: string;
  let other: string;
  /** A management user: the simulator's control routes are theirs. */
  let manager: string;
  let greenId: number;
  let manualId: number;

  const sandbox = (method: string, path: string, body?: unknown) =>
    fetch(`${t.url}/sandbox/pharmacy/medula${path}`, { method, headers: { authorization: `Bearer ${manager}`, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined })
      .then(async (r) => ({ status: r.status, body: await r.json() as any }));
  const call = (method: string, path: string, body?: unknown, token = ecz) => api.call(method, `${API}${path}`, { token, ...(body !== undefined ? { body } : {}) });
  const saved = async () => (await sandbox('GET', '/control/saved')).body as { saved: { ereceteNo: string | null; receteNo: string; calls: number; deleted: boolean }[]; deleted: { receteNo: string }[] };
  const login = async () => {
    const page = await call('GET', '/login-page');
    expect(page.status, page.text).toBe(200);
    const { answer } = (await sandbox('GET', `/control/captcha/${page.body.captchaToken}`)).body;
    const r = await call('POST', '/login', { username: '99999999990', password: 'gizli', captcha: answer, captchaToken: page.body.captchaToken, tckn: DEMO_PATIENT_TCKN, ereceteNo: DEMO_ERECETE.GREEN });
    expect(r.status, r.text).toBe(200);
  };

  beforeAll(async () => {
    t = await startTestServer({ engine, env: { TEZGAH_PHARMACY_TIMEOUT_MS: '2000', TEZGAH_PHARMACY_MEDULA_RETRY_SECONDS: '0.05' } });
    api = http(t.url);
    ecz = await api.signIn('eczaci');
    other = await api.signIn('muhasebe');
    manager = await api.signIn('yonetici');
  });
  afterAll(async () => {
    // The 503s asked for: the simulator switched off, and the read answered MEDULA_UNAVAILABLE.
    if (t) t.serverErrors.splice(0, t.serverErrors.length, ...t.serverErrors.filter((e) => !/^POST \/sandbox\/pharmacy\/medula\/[A-Za-z]+ → 503$/.test(e) && e !== `GET ${API}/e-recete-request?ereceteNo=${DEMO_ERECETE.NORMAL} → 503`));
    await t?.close();
  });

  it('asks for a Medula login before reading, and checks the five login fields', async () => {
    expect((await call('GET', '/is-logged')).body).toEqual({ state: 'NOT_LOGGED' });
    const r = await call('GET', `/e-recete-request?ereceteNo=${DEMO_ERECETE.GREEN}`);
    expect(r.status).toBe(409);
    expect(r.body.code).toBe('MEDULA_NOT_LOGGED');
    const empty = await call('POST', '/login', {});
    expect(empty.status).toBe(400);
    expect(empty.body.fieldErrors.map((f: any) => f.field).sort()).toEqual(['captcha', 'ereceteNo', 'password', 'tckn', 'username']);
    const badTckn = await call('POST', '/login', { username: 'u', password: 'p', captcha: 'x', tckn: '12345678901', ereceteNo: 'Y100003' });
    expect(badTckn.status).toBe(400);
    expect(badTckn.body.fieldErrors[0]).toMatchObject({ field: 'tckn', code: 'TCKN' });
  });

  it('logs in with the captcha: a wrong one fails with the seeds\' text, the right one opens the session', async () => {
    await sandbox('PUT', '/control', { captchaRequired: true });
    const page = await call('GET', '/login-page');
    expect(page.status).toBe(200);
    expect(page.body.captchaImage).toMatch(/^data:image\/svg\+xml;base64,/);
    const bad = await call('POST', '/login', { username: '99999999990', password: 'gizli', captcha: 'WRONG', captchaToken: page.body.captchaToken, tckn: DEMO_PATIENT_TCKN, ereceteNo: DEMO_ERECETE.GREEN });
    expect(bad.status).toBe(400);
    expect(bad.body.title).toBe(MESSAGES.MEDULA_LOGIN_FAILED);
    expect(bad.body.code).toBe('MEDULA_LOGIN_FAILED');
    expect((await call('GET', '/is-logged')).body.state).toBe('NOT_LOGGED');
    await login();
    expect((await call('GET', '/is-logged')).body).toEqual({ state: 'LOGGED' });
    await sandbox('DELETE', '/control');
  });

  it('reads the green demo prescription from Medula into a prescription with its lines, with progress', async () => {
    const r = await api.call('GET', `${API}/e-recete-request?ereceteNo=${DEMO_ERECETE.GREEN}&progressId=okuma-yesil-1`, { token: ecz });
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({ type: 'EPrescription', ereceteNo: DEMO_ERECETE.GREEN, color: 'GREEN', medulaState: 'READ', patientTckn: DEMO_PATIENT_TCKN, paymentStatus: 'PENDING' });
    expect(r.body.receteNo).toBe(`L${r.body.id}`);
    expect(r.body.diagnoses.length).toBeGreaterThan(0);
    expect(r.body).toMatchObject({ facilityCode: '34120015', hospital: 'İstanbul Eğitim ve Araştırma Hastanesi (sentetik)', doctorName: 'Kemal', doctorSurname: 'Doğan', receteDate: '2026-11-22' });
    const barcodes = r.body.medicines.map((m: any) => m.barcode);
    expect(barcodes).toHaveLength(3);
    for (const s of DEMO_GREEN_SCANNABLE) expect(barcodes).toContain(s.barcode);
    expect(r.headers.get('x-medula-steps')).toBe('0.1,0.2,0.3,0.4');
    const p = await call('GET', '/medula/progress?progressId=okuma-yesil-1');
    expect(p.body).toMatchObject({ progressId: 'okuma-yesil-1', step: '0.4', done: true, error: null });
    // An id no call has registered (yet) is a call not begun, not an error: a poll may overtake its call.
    const unknown = await call('GET', '/medula/progress?progressId=baskasinin-1');
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual({ progressId: 'baskasinin-1', step: '0.1', steps: [], done: false, error: null });
    greenId = r.body.id;
    // Read again: the same prescription, not a second one; also while Medula is down.
    await sandbox('PUT', '/control', { down: true });
    const again = await call('GET', `/e-recete-request?ereceteNo=${DEMO_ERECETE.GREEN.toLowerCase()}`);
    await sandbox('PUT', '/control', { down: false });
    expect(again.status, again.text).toBe(200);
    expect(again.body.id).toBe(greenId);
    expect(again.body.medicines).toHaveLength(3);
    const list = await call('GET', `/recetes?type=EPrescription&patientTckn=${DEMO_PATIENT_TCKN}&size=100`);
    expect(list.body.filter((x: any) => x.ereceteNo === DEMO_ERECETE.GREEN)).toHaveLength(1);
  });

  it('matches lines to the company\'s products by barcode and prices them with the sale price and its KDV, as the counter does', async () => {
    const world = (await sandbox('GET', '/control/world')).body;
    const red = world.erecetes.find((e: any) => e.ereceteNo === DEMO_ERECETE.RED);
    const unitId = (await call('GET', '/units?size=100')).body[0].id;
    const warehouseId = (await call('GET', '/warehouses?size=100')).body[0].id;
    const made = await call('POST', '/products', { name: 'Kırmızı reçete ilacı', barcode: red.barkodlar[0], productType: 'MEDICINE', unitId, buyingCurrencyId: 1, saleCurrencyId: 1, defaultTaxRate: 10, warehouseId, salePrice: 245.5, buyingPrice: 200 });
    expect(made.status, made.text).toBe(201);
    const r = await call('GET', `/e-recete-request?ereceteNo=${DEMO_ERECETE.RED}`);
    expect(r.status, r.text).toBe(200);
    expect(r.body.color).toBe('RED');
    // 245.50 without KDV, KDV 10 %: 245.50 × 1.10 = 270.05 a box, what the patient and SGK pay together.
    expect(r.body.medicines[0]).toMatchObject({ barcode: red.barkodlar[0], productId: made.body.id, unitPrice: '270.05', count: 1, totalPrice: '270.05' });
    expect(r.body.amounts.total).toBe('270.05');
  });

  it('answers \'Reçete bulunamadı\' for a number nobody knows, and the view info for a known one', async () => {
    const medula = await call('GET', '/e-recete-request?ereceteNo=ZZZZZZZ');
    expect(medula.status).toBe(404);
    expect(medula.body.title).toBe(MESSAGES.RECETE_NOT_FOUND);
    const local = await call('GET', '/recete?receteNo=YOKBOYLE');
    expect(local.status).toBe(404);
    expect(local.body.title).toBe(MESSAGES.RECETE_NOT_FOUND);
    const found = await call('GET', `/recete?receteNo=${DEMO_ERECETE.GREEN}`);
    expect(found.status).toBe(200);
    expect(found.body.message).toBe(MESSAGES.RECETE_FOUND_PRESS_VIEW);
    expect(found.body.recete.id).toBe(greenId);
    expect(found.body.recete.medicines).toHaveLength(3);
  });

  it('answers 503 MEDULA_UNAVAILABLE while Medula is down, and the counter goes on with a manual prescription', async () => {
    await sandbox('PUT', '/control', { down: true });
    const r = await call('GET', `/e-recete-request?ereceteNo=${DEMO_ERECETE.NORMAL}`);
    expect(r.status).toBe(503);
    expect(r.body.code).toBe('MEDULA_UNAVAILABLE');
    expect(r.body.detail).toMatch(/manuel reçete/);
    expect((await call('GET', '/is-logged')).body.state).toBe('ERROR');
    const missing = await call('POST', '/save-manual-recete', { ereceteNo: DEMO_ERECETE.NORMAL, patientTckn: DEMO_PATIENT_TCKN, medicines: [{ barcode: DEMO_GREEN_SCANNABLE[1].barcode, count: 1 }] });
    expect(missing.status).toBe(400);
    expect(missing.body.fieldErrors.map((f: any) => f.field).sort()).toEqual(['patientName', 'patientSurname']);
    const m = await call('POST', '/save-manual-recete', {
      ereceteNo: DEMO_ERECETE.NORMAL, patientTckn: DEMO_PATIENT_TCKN, patientName: 'Ayşe', patientSurname: 'Yılmaz', color: 'NORMAL',
      medicines: [{ barcode: DEMO_GREEN_SCANNABLE[1].barcode, name: DEMO_GREEN_SCANNABLE[1].name, count: 1, unitPrice: '120.00' }],
    });
    expect(m.status, m.text).toBe(201);
    expect(m.body).toMatchObject({ type: 'ManualPrescription', ereceteNo: DEMO_ERECETE.NORMAL, medulaState: 'LOCAL', patientName: 'Ayşe' });
    expect(m.body.medicines[0]).toMatchObject({ unitPrice: '120.00', totalPrice: '120.00' });
    manualId = m.body.id;
    const dup = await call('POST', '/save-manual-recete', { ereceteNo: DEMO_ERECETE.NORMAL, patientTckn: DEMO_PATIENT_TCKN, patientName: 'A', patientSurname: 'B', medicines: [{ barcode: '8699293053019', count: 1 }] });
    expect(dup.status).toBe(409);
  });

  it('queues a save made while Medula is down and delivers it once when Medula is back', async () => {
    const r = await call('POST', '/save-e-recete', { receteId: manualId });
    expect(r.status, r.text).toBe(200);
    expect(r.body.queued).toBe(true);
    expect(r.body.warning).toMatch(/bekliyor/);
    expect(r.body.recete.medulaState).toBe('LOCAL');
    // Pressing save again while it waits adds nothing.
    const again = await call('POST', '/save-e-recete', { receteId: manualId });
    expect(again.body).toMatchObject({ queued: true, outboxId: r.body.outboxId });
    const waiting = await call('GET', `/medula/outbox?receteId=${manualId}`);
    expect(waiting.headers.get('x-total-count')).toBe('1');
    expect(waiting.body[0]).toMatchObject({ kind: 'SAVE', status: 'PENDING', ereceteNo: DEMO_ERECETE.NORMAL });
    expect(waiting.body[0].attempts).toBeGreaterThanOrEqual(1);
    expect((await saved()).saved.filter((s) => s.ereceteNo === DEMO_ERECETE.NORMAL)).toHaveLength(0);
    await sandbox('PUT', '/control', { down: false });
    let item: any;
    for (const end = Date.now() + 30_000; Date.now() < end;) {
      item = (await call('GET', `/medula/outbox?receteId=${manualId}`)).body[0];
      if (item.status === 'DONE') break;
      await new Promise((res) => setTimeout(res, 100));
    }
    expect(item.status).toBe('DONE');
    const rec = (await call('GET', `/recetes/${manualId}`)).body;
    expect(rec.medulaState).toBe('SAVED');
    expect(rec.receteNo).toMatch(/^M[0-9]{8}$/);
    expect(rec.trackingNo).toMatch(/^T[0-9]{7}$/);
    expect(rec.shareSource).toBe('MEDULA');
    expect(rec.amounts).toMatchObject({ prescriptionCopay: '3.00', examinationCopay: '0.00', drugCopay: '24.00', total: '120.00', patientPayable: '27.00', institutionPayable: '93.00' });
    // More looks and saves do not send it again.
    await call('GET', `/medula/outbox?receteId=${manualId}`);
    const third = await call('POST', '/save-e-recete', { receteId: manualId });
    expect(third.body.queued).toBe(false);
    const at = (await saved()).saved.filter((s) => s.ereceteNo === DEMO_ERECETE.NORMAL);
    expect(at).toHaveLength(1);
    expect(at[0]!.receteNo).toBe(rec.receteNo);
  });

  it('a queued save whose Medula number another prescription here already holds fails with the reason, and is not sent again', async () => {
    await sandbox('PUT', '/control', { down: true });
    const make = async (name: string) => {
      const m = await call('POST', '/save-manual-recete', { patientTckn: DEMO_PATIENT_TCKN, patientName: name, patientSurname: 'Yılmaz', medicines: [{ barcode: '8699293053019', count: 1 }] });
      expect(m.status, m.text).toBe(201);
      return m.body.id as number;
    };
    const waiting = await make('Bekleyen');
    const holder = await make('Numaralı');
    const r = await call('POST', '/save-e-recete', { receteId: waiting });
    expect(r.body.queued, r.text).toBe(true);
    // The number Medula will give next is already on another prescription here (say one read from Medula meanwhile).
    const next = `M${10000000 + (await saved()).saved.length + 1}`;
    await sql`update pharmacy_recetes set recete_no = ${next} where id = ${holder}`.execute(t.server.database.db);
    await sandbox('PUT', '/control', { down: false });
    let item: any;
    for (const end = Date.now() + 30_000; Date.now() < end;) {
      item = (await call('GET', `/medula/outbox?receteId=${waiting}`)).body[0];
      if (item.status !== 'PENDING') break;
      await new Promise((res) => setTimeout(res, 100));
    }
    expect(item.status, JSON.stringify(item)).toBe('FAILED');
    expect(item.lastError).toContain(next);
    expect(item.result).toMatchObject({ receteNo: next });
    // Looking again (which delivers what is due) sends nothing more: Medula saw it once.
    await call('GET', `/medula/outbox?receteId=${waiting}`);
    await call('GET', `/medula/outbox?receteId=${waiting}`);
    expect((await saved()).saved.filter((x) => x.receteNo === next).map((x) => x.calls)).toEqual([1]);
    expect((await call('GET', `/recetes/${holder}`)).body.receteNo).toBe(next);
  });

  it('saves at once when Medula answers, and cancels the save at Medula', async () => {
    const r = await call('POST', '/save-e-recete', { receteId: greenId });
    expect(r.status, r.text).toBe(200);
    expect(r.body.queued).toBe(false);
    expect(r.body.recete.medulaState).toBe('SAVED');
    const receteNo = r.body.recete.receteNo;
    expect((await saved()).saved.filter((s) => s.ereceteNo === DEMO_ERECETE.GREEN)).toHaveLength(1);
    const maj = await call('POST', '/majistral', { receteId: greenId, name: 'Salisilik asit %2 merhem', content: 'Salisilik asit 2 g, vazelin 98 g', amount: '100', unit: 'g', price: '85.00' });
    expect(maj.status, maj.text).toBe(200);
    expect(maj.body).toEqual({ errorMessage: null, message: MAJISTRAL_TEXTS.saved.tr });
    // A price that is not an amount is the person's mistake, named by its field (it was a 500).
    for (const price of ['x', '12,5', '1e309x', '-3', '1.234']) {
      const bad = await call('POST', '/majistral', { receteId: greenId, name: 'Merhem', content: 'Vazelin', price });
      expect([bad.status, bad.body.fieldErrors?.[0]?.field, bad.body.fieldErrors?.[0]?.code], `${price}: ${bad.text}`).toEqual([400, 'price', 'PRICE']);
    }
    const c = await call('GET', `/prescriptionCancel?receteId=${greenId}`);
    expect(c.status, c.text).toBe(200);
    expect(c.body).toMatchObject({ queued: false, recete: { medulaState: 'CANCELLED' } });
    expect((await saved()).deleted.map((d) => d.receteNo)).toContain(receteNo);
    const majAfter = await call('POST', '/majistral', { receteId: greenId, name: 'X', content: 'Y' });
    expect(majAfter.body.errorMessage).toMatch(/kayıtlı reçete bulunamadı/);
    expect(majAfter.body.message).toBe(MAJISTRAL_TEXTS.notSaved.tr);
  });

  it('answers Medula\'s refusal with its own message (error switch)', async () => {
    await sandbox('PUT', '/control', { errorCode: '5001', errorMessage: 'Sistem bakımda.', errorOps: ['doktorListesiSorgula'] });
    const r = await call('GET', '/doctor-list');
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({ code: 'MEDULA_REFUSED' });
    expect(r.body.detail).toContain('Sistem bakımda.');
    await sandbox('DELETE', '/control');
    const ok = await call('GET', '/doctor-list?name=kemal');
    expect(ok.status).toBe(200);
    expect(ok.body).toHaveLength(1);
    expect(ok.body[0]).toMatchObject({ name: 'Kemal', surname: 'Doğan' });
  });

  it('works without the web login when the settings keep a Medula password, and forgets a session on logout', async () => {
    expect((await call('POST', '/medula/logout')).body).toEqual({ state: 'NOT_LOGGED' });
    expect((await call('GET', '/is-logged')).body.state).toBe('NOT_LOGGED');
    expect((await call('GET', '/select-warning-code')).body.code).toBe('MEDULA_NOT_LOGGED');
    const put = await call('PUT', '/pharmacy-settings', { medula: { username: 'demo-eczane', password: 'ayarlardaki-sifre' } });
    expect(put.status, put.text).toBe(200);
    expect((await call('GET', '/is-logged')).body.state).toBe('LOGGED');
    expect((await call('GET', '/select-warning-code')).status).toBe(200);
    expect((await call('PUT', '/pharmacy-settings', { medula: { username: null } })).status).toBe(200);
    expect((await call('GET', '/is-logged')).body.state).toBe('NOT_LOGGED');
    await login();
  });

  it('lists a patient\'s reports from Medula and keeps them as hasta-rapors', async () => {
    const r = await call('GET', `/rapor-list?tckn=${DEMO_PATIENT_TCKN}`);
    expect(r.status, r.text).toBe(200);
    expect(r.body).toHaveLength(1);
    expect(r.body[0].id).toBeGreaterThan(0);
    const kept = await call('GET', `/hasta-rapors?patientTckn=${DEMO_PATIENT_TCKN}`);
    expect(kept.headers.get('x-total-count')).toBe('1');
    expect(kept.body[0]).toMatchObject({ reportNo: r.body[0].reportNo, source: 'MEDULA' });
    const cover = await call('GET', `/medicine-rapor?tckn=${DEMO_PATIENT_TCKN}&barcode=${DEMO_GREEN_SCANNABLE[0].barcode}`);
    expect(cover.body.map((x: any) => x.reportNo)).toEqual([r.body[0].reportNo]);
    expect((await call('GET', '/select-warning-code')).body.length).toBeGreaterThan(3);
  });

  it('keeps prescriptions, reports and facilities with paging, and refuses another company\'s', async () => {
    for (let i = 0; i < 3; i++) {
      const c = await call('POST', '/recetes', { type: 'NonPrescription', patientName: `Sayfa ${i}`, medicines: [{ barcode: '8699293053019', count: 1, unitPrice: 10 }] });
      expect(c.status, c.text).toBe(201);
    }
    const page = await call('GET', '/recetes?type=NonPrescription&size=2&page=0');
    expect(page.body).toHaveLength(2);
    expect(Number(page.headers.get('x-total-count'))).toBe(3);
    expect(page.body[0].medicines).toBeUndefined();
    const id = page.body[0].id;
    const up = await call('PUT', `/recetes/${id}`, { patientName: 'Değişti', medicines: [{ barcode: '8699680090177', count: 2, unitPrice: '15.25' }] });
    expect(up.status, up.text).toBe(200);
    expect(up.body).toMatchObject({ patientName: 'Değişti', amounts: { total: '30.50' } });
    expect((await call('PUT', `/recetes/${id}`, { patientTckn: '11111111112' })).status).toBe(400);
    // Unknown fields are refused, like everywhere else: a stray key, and a 5,000-deep object under one.
    const deep = `{"patientName":"Değişti","nested":${'{"a":'.repeat(5000)}{}${'}'.repeat(5000)}}`;
    for (const rawBody of [JSON.stringify({ patientName: 'Değişti', notAField: 1 }), deep]) {
      const r = await api.call('PUT', `${API}/recetes/${id}`, { token: ecz, rawBody, headers: { 'content-type': 'application/json' } });
      expect(r.status, r.text.slice(0, 300)).toBe(400);
    }
    expect((await call('PUT', `/recetes`, { id, patientName: 'Değişti', notAField: 1 })).status).toBe(400);
    expect((await call('DELETE', `/recetes/${id}`)).status).toBe(204);
    expect((await call('GET', `/recetes/${id}`)).status).toBe(404);
    // Facilities: a code once per company.
    // Facilities: the demo's, and a code once per company.
    const demoTesis = await call('GET', '/tesis?code=11068891');
    expect(demoTesis.body).toMatchObject([{ code: '11068891', city: 'Ankara' }]);
    const tz = await call('POST', '/tesis', { code: '99887766', name: 'Polatlı Devlet Hastanesi' });
    expect(tz.status, tz.text).toBe(201);
    expect((await call('POST', '/tesis', { code: '11068891', name: 'Aynı kod' })).status).toBe(409);
    expect((await call('POST', '/tesis', { code: 'ABC', name: 'Harfli kod' })).status).toBe(400);
    expect((await call('PUT', `/tesis/${tz.body.id}`, { city: 'Ankara' })).body).toMatchObject({ city: 'Ankara', code: '99887766' });
    const hr = await call('POST', '/hasta-rapors', { reportNo: 'EL-1', patientTckn: DEMO_PATIENT_TCKN, startDate: '2026-01-01', endDate: '2026-12-31' });
    expect(hr.status, hr.text).toBe(201);
    expect((await call('POST', '/hasta-rapors', { reportNo: 'EL-2', patientTckn: DEMO_PATIENT_TCKN, startDate: '2026-12-01', endDate: '2026-01-01' })).status).toBe(400);
    // The general company has no prescription module: refused before anything is read.
    expect((await call('GET', `/recetes/${greenId}`, undefined, other)).status).toBe(403);
    // Records of another company (written as the database owner) are not there for the pharmacy.
    const db = t.server.database.db;
    const cid = JSON.parse(Buffer.from(other.split('.')[1]!, 'base64url').toString()).cid;
    const fr = Number((await sql<{ id: string }>`insert into pharmacy_recetes (company_id, recete_no, erecete_no, type, patient_name)
      values (${cid}, 'BASKA-1', 'Y999999', 'ManualPrescription', 'BAŞKA FİRMANIN HASTASI') returning id`.execute(db)).rows[0]!.id);
    const ft = Number((await sql<{ id: string }>`insert into pharmacy_tesis (company_id, code, name) values (${cid}, '999', 'BAŞKA TESİS') returning id`.execute(db)).rows[0]!.id);
    const fh = Number((await sql<{ id: string }>`insert into pharmacy_hasta_rapors (company_id, report_no, patient_tckn) values (${cid}, 'BASKA-R', ${DEMO_PATIENT_TCKN}) returning id`.execute(db)).rows[0]!.id);
    for (const path of [`/recetes/${fr}`, `/tesis/${ft}`, `/hasta-rapors/${fh}`]) expect((await call('GET', path)).status, path).toBe(404);
    expect((await call('PUT', `/recetes/${fr}`, { patientName: 'x' })).status).toBe(404);
    expect((await call('DELETE', `/recetes/${fr}`)).status).toBe(404);
    expect((await call('POST', '/save-e-recete', { receteId: fr })).status).toBe(404);
    expect((await call('GET', `/prescriptionCancel?receteId=${fr}`)).status).toBe(404);
    expect((await call('DELETE', '/recete/BASKA-1')).status).toBe(404);
    expect((await call('GET', '/recete?receteNo=Y999999')).status).toBe(404);
    expect(JSON.stringify((await call('GET', '/recetes?size=1000&search=BA')).body)).not.toContain('BAŞKA');
    expect(JSON.stringify((await call('GET', '/tesis?size=1000')).body)).not.toContain('BAŞKA');
    const still = (await sql<{ patient_name: string }>`select patient_name from pharmacy_recetes where id = ${fr}`.execute(db)).rows[0];
    expect(still?.patient_name).toBe('BAŞKA FİRMANIN HASTASI');
    expect((await call('DELETE', `/tesis/${tz.body.id}`)).status).toBe(204);
  });
});
