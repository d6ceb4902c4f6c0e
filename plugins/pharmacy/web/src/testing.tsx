import { parseDataMatrix } from '@tezgah/core';
import { account, fakeServer, json, problem, type FakeServer } from '../../../../packages/workbench/test/fake-server';
import type { CounterLine, PharmacyCounter, Recete } from './api';

/** Test helpers of the pharmacy screens: the pharmacist's account, prescriptions, a counter server. */
export const API = '/services/onmuhasebe/api';

/** The pharmacist of 'Demo Eczanesi': prescriptions (29), product view (13_1), company settings (21). */
export const PHARMACIST = ['29_1', '29_2', '29_3', '29_4', '29_5', '13_1', '21_1', '21_3', '11_1'];

export function server(codes: string[] = PHARMACIST, erpType = 'MEDULA'): FakeServer {
  const s = fakeServer();
  const a = account({ codes });
  s.setAccount({ ...a, company: { ...a.company, companyProfile: { ...a.company.companyProfile, erpType } } });
  return s;
}

/** Two synthetic boxes (../shared/data/medula-its, synthetic examples): raw with GS, and human-readable. */
export const BOX_A = '010869963069718021EGF2KP6NK0JY\x1d1727122810NDJZKH';
export const BOX_B = '(01)08699786092907(21)A6PLLSEL5NRR(17)280800(10)9SC9B';

export function recete(o: Partial<Recete> = {}): Recete {
  return {
    id: 1, receteNo: '1A2B3C4', ereceteNo: '1A2B3C4', type: 'EPrescription', version: 'ORJ', color: 'GREEN', subType: null, provisionType: 'NORMAL',
    patient: { tckn: '10000000146', name: 'Ayşe', surname: 'Yılmaz', birthDate: '1950-01-01', gender: 'K' }, receiver: null,
    receteDate: '2026-11-20', trackingNo: null, protocolNo: '123', facilityCode: '11069901', hospital: 'Demo Devlet Hastanesi',
    doctor: { tckn: null, name: 'Mehmet', surname: 'Öz', branch: 'Dahiliye' }, diagnoses: [{ code: 'I10', name: 'Esansiyel hipertansiyon' }],
    medulaState: 'READ', paymentStatus: 'PENDING', paymentType: null, shareMode: 'SALARY', patientStatus: 'RETIRED', shareSource: 'MEDULA',
    amounts: { prescriptionCopay: '0.00', examinationCopay: '0.00', drugCopay: '0.00', priceDifference: '0.00', total: '0.00', patientPayable: '0.00', institutionPayable: '0.00' },
    invoiceId: null, invoiceNo: null, ...o,
  };
}

export function line(o: Partial<CounterLine> = {}): CounterLine {
  return {
    id: 11, lineNo: 1, barcode: '8699630697180', prescribedBarcode: '8699630697180', name: 'KABIVEN PERIPHERAL 1440 ML', productId: 5, count: 1,
    usage: null, dose1: '1', dose2: '1', period: 1, periodUnit: '3', reportNo: null, warningCode: null, covered: true,
    unitPrice: '120.00', totalPrice: '120.00', referencePrice: '110.00', priceDifference: '10.00', scanned: [], ...o,
  };
}

/**
 * A counter server holding one prescription: searched in the list (none until read), read from Medula
 * (or Medula down: 503 MEDULA_UNAVAILABLE), boxes scanned by their DataMatrix onto the line of
 * their barcode, the share computed, the invoice made.
 */
export function counterServer(opts: { medulaDown?: boolean; codes?: string[] } = {}) {
  const s = server(opts.codes);
  const state: { counter: PharmacyCounter; read: boolean; nextScan: number } = {
    counter: {
      recete: recete(),
      medicines: [line(), line({ id: 12, lineNo: 2, barcode: '8699786092907', prescribedBarcode: '8699786092907', name: 'LYNPARZA 100 MG FILM KAPLI TABLET (56 TABLET)', unitPrice: '30.00', totalPrice: '30.00', referencePrice: '30.00', priceDifference: '0.00' })],
      extraBoxes: [],
    },
    read: false,
    nextScan: 100,
  };
  // The prescriptions list, searched by number: empty until the prescription was read.
  s.on(`GET ${API}/recetes`, (req) => {
    const q = (new URL(req.url).searchParams.get('search') ?? '').toUpperCase();
    const r = state.counter.recete;
    const hit = state.read && [r.receteNo, r.ereceteNo ?? ''].some((x) => x.toUpperCase().includes(q));
    return json(hit ? [r] : [], { total: hit ? 1 : 0 });
  });
  // The company's products by barcode: those of the prescription's lines.
  s.on(`GET ${API}/products`, (req) => {
    const wanted = new URL(req.url).searchParams.getAll('barcode');
    const found = state.counter.medicines.filter((m) => m.productId && wanted.includes(m.barcode)).map((m) => ({ id: m.productId, name: m.name, barcode: m.barcode }));
    return json(found, { total: found.length });
  });
  s.on(`GET ${API}/e-recete-request`, (req) => {
    if (opts.medulaDown) return problem(503, 'Medula\'ya ulaşılamadı', { code: 'MEDULA_UNAVAILABLE' });
    if (new URL(req.url).searchParams.get('ereceteNo') !== '1A2B3C4') return problem(404, 'Reçete bulunamadı');
    state.read = true;
    return json(state.counter.recete);
  });
  s.on(`POST ${API}/save-manual-recete`, async (req) => {
    const b = await req.json() as { ereceteNo: string | null; patientTckn: string; patientName: string; patientSurname: string };
    state.read = true;
    state.counter.recete = recete({ receteNo: 'L1', ereceteNo: b.ereceteNo, type: 'ManualPrescription', patient: { tckn: b.patientTckn, name: b.patientName, surname: b.patientSurname }, shareSource: 'LOCAL', color: 'NORMAL' });
    return json(state.counter.recete, { status: 201 });
  });
  s.on(`GET ${API}/recetes/{id}/counter`, () => json(state.counter));
  s.on(`GET ${API}/prepared-recete-selects`, () => json({
    receteTypes: [], subTypes: [], usages: [], periodUnits: [], colors: [],
    provisionTypes: [{ code: 'NORMAL', name: 'Normal' }, { code: 'ACIL', name: 'Acil' }],
  }));
  s.on(`GET ${API}/tesis`, (req) => {
    const q = (new URL(req.url).searchParams.get('search') ?? '').toLocaleLowerCase('tr');
    const all = [{ id: 1, code: '11069901', name: 'Demo Devlet Hastanesi', city: 'Ankara', kind: null }, { id: 2, code: '11069902', name: 'Demo Aile Sağlığı Merkezi', city: 'Ankara', kind: null }];
    return json(all.filter((f) => f.name.toLocaleLowerCase('tr').includes(q) || f.code.includes(q)));
  });
  s.on(`GET ${API}/doctor-list`, () => (opts.medulaDown
    ? problem(503, 'Medula\'ya ulaşılamadı', { code: 'MEDULA_UNAVAILABLE' })
    : json([{ tckn: '10000000078', name: 'Mehmet', surname: 'Öz', branch: 'Dahiliye', facilityCode: '11069901' }])));
  s.on(`POST ${API}/save-e-recete`, () => {
    if (opts.medulaDown) return json({ queued: true, outboxId: 5, warning: 'Medula\'ya ulaşılamadı; reçete kaydı sıraya alındı.', recete: state.counter.recete });
    state.counter.recete = { ...state.counter.recete, medulaState: 'SAVED', shareSource: 'MEDULA' };
    return json({ queued: false, outboxId: null, warning: null, recete: state.counter.recete });
  });
  s.on(`GET ${API}/select-warning-code`, () => json([{ code: '1013', description: 'Doz aşımı onaylandı' }]));
  s.on(`POST ${API}/recetes/{id}/boxes`, async (req) => {
    const { code } = await req.json() as { code: string };
    const dm = parseDataMatrix(code);
    if (!dm) return problem(400, 'Karekod hatalı', { code: 'BAD_DATAMATRIX' });
    const l = state.counter.medicines.find((m) => m.barcode === dm.barkod);
    if (!l) return problem(409, 'Bu ilaç reçetede yok.', { code: 'NOT_ON_RECETE' });
    if (l.scanned.some((x) => x.sn === dm.sn)) return problem(409, 'Bu kutu zaten okutuldu.', { code: 'BOX_ALREADY_SCANNED' });
    l.scanned.push({ scanId: state.nextScan++, barcode: dm.barkod, gtin: dm.gtin, sn: dm.sn, bn: dm.bn, xd: dm.xd, productId: l.productId ?? 1 });
    return json(state.counter);
  });
  s.on(`DELETE ${API}/recetes/{id}/boxes/{scanId}`, (_req, p) => {
    for (const l of state.counter.medicines) l.scanned = l.scanned.filter((x) => x.scanId !== Number(p.scanId));
    return json(state.counter);
  });
  s.on(`POST ${API}/recetes/{id}/share`, async (req) => {
    const b = await req.json() as { mode: 'SALARY' | 'MANUAL'; manualAmount?: string };
    const payable = b.mode === 'MANUAL' ? Number(b.manualAmount).toFixed(2) : '27.50';
    state.counter.recete = {
      ...state.counter.recete, shareMode: b.mode,
      amounts: { prescriptionCopay: '5.00', examinationCopay: '0.00', drugCopay: '12.50', priceDifference: '10.00', total: '150.00', patientPayable: payable, institutionPayable: (150 - Number(payable)).toFixed(2) },
    };
    return json(state.counter);
  });
  s.on(`POST ${API}/recetes/invoice`, async (req) => {
    const b = await req.json() as { receteId: number; paymentType: string };
    state.counter.recete = { ...state.counter.recete, invoiceId: 77, invoiceNo: 'ECZ2026000000001', paymentType: b.paymentType as 'CASH', paymentStatus: 'COMPLETED' };
    return json({ receteId: b.receteId, invoiceId: 77, invoiceNo: 'ECZ2026000000001', paymentStatus: 'COMPLETED' });
  });
  return { server: s, state };
}
