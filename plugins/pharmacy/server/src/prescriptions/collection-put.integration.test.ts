import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PATIENT_TCKN } from '@tezgah/pharmacy-common';
import { engines, startTestServer, type TestServer } from '../../../../../packages/server/test/harness';
import { http, ONMUHASEBE } from '../../../../../packages/server/test/http';

/** The seeds' standard CRUD puts PUT on the collection with the id in the body: PUT /tesis, /recetes, /hasta-rapors. */
describe.each(engines('one'))('PUT on the pharmacy collections on %s', (engine) => {
  let t: TestServer;
  let api: ReturnType<typeof http>;
  let ecz: string;
  let other: string;
  const call = (method: string, path: string, body?: unknown, token = ecz) => api.call(method, `${ONMUHASEBE}${path}`, { token, ...(body !== undefined ? { body } : {}) });

  beforeAll(async () => {
    t = await startTestServer({ engine });
    api = http(t.url);
    ecz = await api.signIn('eczaci');
    other = await api.signIn('muhasebe');
  });
  afterAll(async () => { await t?.close(); });

  it('changes a facility named in the body, refuses a clashing code, and one without the authority', async () => {
    const a = await call('POST', '/tesis', { code: '55110001', name: 'Birinci Tesis' });
    const b = await call('POST', '/tesis', { code: '55110002', name: 'İkinci Tesis' });
    expect(a.status, a.text).toBe(201);
    const up = await call('PUT', '/tesis', { id: a.body.id, name: 'Birinci Tesis (yeni)', city: 'Konya' });
    expect(up.status, up.text).toBe(200);
    expect(up.body).toMatchObject({ id: a.body.id, code: '55110001', name: 'Birinci Tesis (yeni)', city: 'Konya' });
    expect((await call('GET', `/tesis/${a.body.id}`)).body).toMatchObject({ name: 'Birinci Tesis (yeni)', city: 'Konya' });
    const clash = await call('PUT', '/tesis', { id: a.body.id, code: '55110002' });
    expect(clash.status).toBe(409);
    expect(clash.body.code).toBe('DUPLICATE');
    expect((await call('PUT', '/tesis', { name: 'Kimliksiz' })).status).toBe(400);
    expect((await call('PUT', '/tesis', { id: a.body.id, name: 'x', unknown: 1 })).status).toBe(400);
    expect((await call('PUT', '/tesis', { id: 987654321, name: 'Yok' })).status).toBe(404);
    expect((await call('PUT', '/tesis', { id: b.body.id, name: 'Başkası' }, other)).status).toBe(403);
    expect((await call('GET', `/tesis/${b.body.id}`)).body.name).toBe('İkinci Tesis');
    // The /{id} form still works.
    expect((await call('PUT', `/tesis/${b.body.id}`, { kind: 'Hastane' })).body).toMatchObject({ kind: 'Hastane' });
  });

  it('changes a patient report named in the body, refusing a report number already kept', async () => {
    const a = await call('POST', '/hasta-rapors', { reportNo: 'PUT-1', patientTckn: DEMO_PATIENT_TCKN });
    const b = await call('POST', '/hasta-rapors', { reportNo: 'PUT-2', patientTckn: DEMO_PATIENT_TCKN });
    expect(a.status, a.text).toBe(201);
    const up = await call('PUT', '/hasta-rapors', { id: a.body.id, doctorName: 'Ayşe', startDate: '2026-01-01', endDate: '2026-06-30' });
    expect(up.status, up.text).toBe(200);
    expect(up.body).toMatchObject({ id: a.body.id, reportNo: 'PUT-1', doctorName: 'Ayşe' });
    expect((await call('PUT', '/hasta-rapors', { id: a.body.id, reportNo: 'PUT-2' })).status).toBe(409);
    expect((await call('PUT', '/hasta-rapors', { id: b.body.id, doctorName: 'x' }, other)).status).toBe(403);
    expect((await call('GET', `/hasta-rapors/${a.body.id}`)).body.reportNo).toBe('PUT-1');
  });

  it('changes a prescription named in the body and its lines', async () => {
    const c = await call('POST', '/recetes', { type: 'NonPrescription', patientName: 'Gövdeden', medicines: [{ barcode: '8699293053019', count: 1, unitPrice: 10 }] });
    expect(c.status, c.text).toBe(201);
    const up = await call('PUT', '/recetes', { id: c.body.id, patientName: 'Gövdeden Değişti', medicines: [{ barcode: '8699680090177', count: 3, unitPrice: '2.50' }] });
    expect(up.status, up.text).toBe(200);
    expect(up.body).toMatchObject({ id: c.body.id, patientName: 'Gövdeden Değişti', amounts: { total: '7.50' } });
    expect((await call('PUT', '/recetes', { id: c.body.id, patientTckn: '11111111112' })).status).toBe(400);
    expect((await call('PUT', '/recetes', { id: c.body.id, patientName: 'x' }, other)).status).toBe(403);
    expect((await call('GET', `/recetes/${c.body.id}`)).body.patientName).toBe('Gövdeden Değişti');
  });
});
