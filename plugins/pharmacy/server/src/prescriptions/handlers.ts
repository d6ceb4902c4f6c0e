import Decimal from 'decimal.js';
import { sql } from 'kysely';
import { MESSAGES } from '@tezgah/core';
import {
  ERECETE_NO_PATTERN, MAJISTRAL_TEXTS, RECETE_COLORS, isValidTckn, type ReceteType,
} from '@tezgah/pharmacy-common';
import { Problem, pageRequest, pageResult, problems, requireAuth, tables, type Handler, type RequestContext } from '@tezgah/server';
import { directoryOf } from '@tezgah/accounting-server';
import {
  deliverNow, enqueue, kick, medulaOf, medulaProblem, withProgress, isoDate,
  type KaydetIlac, type RaporDVO, type SavePayload,
} from '../medula/index';
import { RECETE_TURU } from '../medula/index';
import { equivalents, todayOf } from '../medicines/index';
import {
  fullView, getRecete, ilacLine, linesOf, mustWrite, nextReceteId, priceIn, receteView, refreshTotal, storeErecete, writeLines,
  type Db, type NewLine, type ReceteRow,
} from './store';

/**
 * The prescription calls of seeds 001 §7 (openapi/pharmacy/prescriptions.yaml) and the CRUD of
 * recetes, hasta-rapors and tesis. What asks Medula goes through the company's Medula port
 * (../medula); a save (provision) goes through the Medula outbox, so it is never lost when
 * Medula does not answer.
 */

const actor = (ctx: RequestContext) => {
  const a = requireAuth(ctx);
  return { db: tables<object>(ctx) as unknown as Db, dir: directoryOf(ctx.services), companyId: a.companyId, login: a.login };
};
const idParam = (ctx: RequestContext) => Number((ctx.params as { id: number }).id);
const q = <T>(ctx: RequestContext) => (ctx.query ?? {}) as T;
const body = <T>(ctx: RequestContext) => (ctx.body ?? {}) as T;

function required(fields: [string, unknown, string][]) {
  const errs = fields.filter(([, v]) => v === undefined || v === null || (typeof v === 'string' && !v.trim())).map(([field, , label]) => ({ field, message: `${label} zorunludur.`, code: 'REQUIRED' }));
  if (errs.length) throw problems.badRequest('Eksik alanlar var.', errs);
}

function checkTckn(field: string, v: string | null | undefined) {
  if (v && !isValidTckn(v)) throw problems.invalidField(field, 'T.C. kimlik numarası geçersiz.', 'TCKN');
}

async function visible(db: Db, companyId: number, id: number): Promise<ReceteRow> {
  const r = await getRecete(db, companyId, id);
  if (!r) throw problems.notFound('Reçete');
  return r;
}

const notInvoiced = (r: ReceteRow, what: string) => {
  if (r.invoice_id !== null) throw problems.conflict(`Faturası kesilmiş reçete ${what}; önce faturayı iptal edin.`, 'RECETE_INVOICED');
};

// ------------------------------------------------------------------------- reading from Medula

/**
 * GET e-recete-request: reads an e-prescription from Medula and keeps it (EPrescription, READ);
 * one already held (not deleted or cancelled) is answered without asking Medula.
 */
const ereceteRequest: Handler = async (ctx) => {
  const a = actor(ctx);
  const no = String(q<{ ereceteNo: string }>(ctx).ereceteNo ?? '').trim().toUpperCase();
  if (!ERECETE_NO_PATTERN.test(no)) throw problems.invalidField('ereceteNo', 'E-reçete numarası 7 harf ya da rakamdır.', 'ERECETE_NO');
  // One already read is answered as held (an issued e-prescription does not change): also while Medula is down.
  const held = await a.db.selectFrom('pharmacy_recetes').select(['id']).where('company_id', '=', a.companyId).where('erecete_no', '=', no)
    .where('medula_state', '<>', 'DELETED').where('payment_status', '<>', 'CANCEL').orderBy('id', 'desc').executeTakeFirst();
  if (held) return fullView(a.db, a.companyId, Number(held.id));
  await mustWrite(a.db);
  return withProgress(ctx, async (t) => {
    let dvo;
    try {
      const { port } = await medulaOf(ctx.trx, ctx.services, a.companyId, t.step);
      dvo = await port.ereceteSorgula(no);
    } catch (e) {
      throw medulaProblem(e);
    }
    t.step('0.4');
    const { id, created } = await storeErecete(a.db, a.dir, a.companyId, dvo, a.login);
    if (created) ctx.audit({ action: 'pharmacy.recete.read', entity: 'pharmacy_recete', entityId: id, detail: { ereceteNo: no } });
    return fullView(a.db, a.companyId, id);
  });
};

/** GET recete?receteNo=: the pharmacy's prescription by its number or e-prescription number. */
const receteSearch: Handler = async (ctx) => {
  const a = actor(ctx);
  const no = String(q<{ receteNo: string }>(ctx).receteNo ?? '').trim();
  const r = await a.db.selectFrom('pharmacy_recetes').selectAll().where('company_id', '=', a.companyId)
    .where((w) => w.or([w('recete_no', '=', no), w('erecete_no', '=', no.toUpperCase())]))
    .where('medula_state', '<>', 'DELETED').orderBy('id', 'desc').executeTakeFirst();
  if (!r) throw new Problem(404, MESSAGES.RECETE_NOT_FOUND, { detail: `${MESSAGES.RECETE_NOT_FOUND}.`, code: 'RECETE_NOT_FOUND' });
  return { message: MESSAGES.RECETE_FOUND_PRESS_VIEW, recete: receteView(r, await linesOf(a.db, a.companyId, Number(r.id))) };
};

/** GET tracking-number-recetes: the prescriptions Medula holds for a tracking number or a patient. */
const trackingNumberRecetes: Handler = async (ctx) => {
  const a = actor(ctx);
  const { trackingNo, tckn } = q<{ trackingNo?: string; tckn?: string }>(ctx);
  if (!trackingNo && !tckn) throw problems.badRequest('Takip numarası ya da T.C. kimlik numarası girin.', [{ field: 'trackingNo', message: 'Takip numarası ya da T.C. kimlik numarası zorunludur.', code: 'REQUIRED' }]);
  checkTckn('tckn', tckn);
  return withProgress(ctx, async (t) => {
    try {
      const { port } = await medulaOf(ctx.trx, ctx.services, a.companyId, t.step);
      const list = await port.receteListesi(trackingNo ? { takipNo: trackingNo } : { tcKimlikNo: tckn! });
      const nos = list.map((r) => r.receteNo).filter(Boolean);
      const local = nos.length ? await a.db.selectFrom('pharmacy_recetes').select(['id', 'recete_no']).where('company_id', '=', a.companyId).where('recete_no', 'in', nos).execute() : [];
      const ids = new Map(local.map((l) => [l.recete_no, Number(l.id)]));
      return list.map((r) => ({
        receteNo: r.receteNo, ereceteNo: r.ereceteNo, trackingNo: r.takipNo, receteDate: isoDate(r.receteTarihi), patientTckn: r.tcKimlikNo,
        patientName: r.adi, patientSurname: r.soyadi, total: r.toplamTutar, state: r.durum, receteId: ids.get(r.receteNo) ?? null,
      }));
    } catch (e) {
      throw medulaProblem(e);
    }
  });
};

const ozet = (r: { receteNo: string; ereceteNo: string | null; takipNo: string | null; receteTarihi: string | null; tcKimlikNo: string; adi: string | null; soyadi: string | null; toplamTutar: string | null; durum: string | null }) => ({
  receteNo: r.receteNo, ereceteNo: r.ereceteNo, trackingNo: r.takipNo, receteDate: isoDate(r.receteTarihi), patientTckn: r.tcKimlikNo,
  patientName: r.adi, patientSurname: r.soyadi, total: r.toplamTutar, state: r.durum, receteId: null as number | null,
});

/** GET prepared-recetes: Medula's prepared prescriptions (hazır reçete), of a patient when asked. */
const preparedRecetes: Handler = async (ctx) => {
  const a = actor(ctx);
  const { tckn } = q<{ tckn?: string }>(ctx);
  checkTckn('tckn', tckn);
  return withProgress(ctx, async (t) => {
    try {
      const { port } = await medulaOf(ctx.trx, ctx.services, a.companyId, t.step);
      return (await port.hazirReceteListesi(tckn ? { tcKimlikNo: tckn } : {})).map(ozet);
    } catch (e) {
      throw medulaProblem(e);
    }
  });
};

/** GET prepared-recete: one prepared prescription as Medula holds it (not stored; save-prepared-recete keeps it). */
const preparedRecete: Handler = async (ctx) => {
  const a = actor(ctx);
  const { receteNo } = q<{ receteNo: string }>(ctx);
  return withProgress(ctx, async (t) => {
    try {
      const { port } = await medulaOf(ctx.trx, ctx.services, a.companyId, t.step);
      const h = await port.hazirRecete(receteNo);
      return {
        ...ozet(h), doctorName: h.doktorAdi, doctorSurname: h.doktorSoyadi, facilityCode: h.tesisKodu,
        medicines: h.ilacListesi.map((i) => ({ barcode: i.barkod, name: i.ilacAdi, count: i.adet, usage: i.kullanimSekli, dose1: i.kullanimDoz1, dose2: i.kullanimDoz2, period: i.kullanimPeriyot, periodUnit: i.kullanimPeriyotBirimi })),
      };
    } catch (e) {
      throw medulaProblem(e);
    }
  });
};

/** GET prepared-recete-selects: the choices of the prescription form (our reading of Medula's codes). */
const PREPARED_SELECTS = {
  receteTypes: Object.entries(RECETE_TURU).map(([name, code]) => ({ code, name })),
  subTypes: [{ code: '1', name: 'Ayaktan' }, { code: '2', name: 'Yatan' }, { code: '3', name: 'Taburcu' }, { code: '4', name: 'Günübirlik' }],
  provisionTypes: [{ code: 'N', name: 'Normal' }, { code: 'I', name: 'İş kazası' }, { code: 'M', name: 'Meslek hastalığı' }, { code: 'A', name: 'Adli vaka' }, { code: 'T', name: 'Trafik kazası' }, { code: 'V', name: 'Afet / savaş' }],
  usages: [{ code: '1', name: 'Ağızdan (oral)' }, { code: '2', name: 'Haricen' }, { code: '3', name: 'Parenteral' }, { code: '4', name: 'Nazal' }, { code: '5', name: 'Solunum yoluyla' }, { code: '6', name: 'Göze' }, { code: '7', name: 'Kulağa' }, { code: '8', name: 'Rektal' }, { code: '9', name: 'Vajinal' }],
  periodUnits: [{ code: '3', name: 'Günde' }, { code: '4', name: 'Haftada' }, { code: '5', name: 'Ayda' }, { code: '6', name: 'Yılda' }],
  colors: RECETE_COLORS.map((c) => ({ code: c })),
};
const preparedReceteSelects: Handler = async () => PREPARED_SELECTS;

/** Keeps reports read from Medula in pharmacy_hasta_rapors (source MEDULA). */
async function keepReports(db: Db, companyId: number, reports: RaporDVO[]): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const r of reports) {
    if (!r.raporNo || !/^[0-9]{11}$/.test(r.tcKimlikNo)) continue;
    const values = {
      patient_tckn: r.tcKimlikNo, report_date: isoDate(r.raporTarihi), start_date: isoDate(r.baslangicTarihi), end_date: isoDate(r.bitisTarihi),
      facility_code: r.tesisKodu, facility_name: r.tesisAdi, report_type: r.raporTuru, doctor_name: r.doktorAdi, doctor_surname: r.doktorSoyadi,
      diagnoses: JSON.stringify(r.taniListesi.map((t) => ({ code: t.taniKodu, name: t.taniAdi }))), active_substances: JSON.stringify(substancesOf(r)),
      barcodes: JSON.stringify(r.barkodListesi), source: 'MEDULA' as const, updated_at: new Date(),
    };
    const row = await db.insertInto('pharmacy_hasta_rapors').values({ company_id: companyId, report_no: r.raporNo, ...values })
      .onConflict((oc) => oc.columns(['company_id', 'report_no']).doUpdateSet(values)).returning(['id']).executeTakeFirstOrThrow();
    ids.set(r.raporNo, Number(row.id));
  }
  return ids;
}

/** A report's active substances as the hasta-rapors keep them (the same shape as typed by hand). */
const substancesOf = (r: RaporDVO) => r.etkinMaddeListesi.map((e) => ({ code: e.etkinMaddeKodu, name: e.etkinMaddeAdi, dose1: e.kullanimDoz1, dose2: e.kullanimDoz2, period: e.kullanimPeriyot, periodUnit: e.kullanimPeriyotBirimi }));

const raporView = (r: RaporDVO, id: number | null) => ({
  id, reportNo: r.raporNo, reportDate: isoDate(r.raporTarihi), startDate: isoDate(r.baslangicTarihi), endDate: isoDate(r.bitisTarihi),
  facilityCode: r.tesisKodu, facilityName: r.tesisAdi, patientTckn: r.tcKimlikNo, reportType: r.raporTuru, doctorName: r.doktorAdi, doctorSurname: r.doktorSoyadi,
  diagnoses: r.taniListesi.map((t) => ({ code: t.taniKodu, name: t.taniAdi })),
  activeSubstances: substancesOf(r),
  barcodes: r.barkodListesi,
});

/** GET rapor-list?tckn=: the patient's reports from Medula (kept as hasta-rapors). */
const raporList: Handler = async (ctx) => {
  const a = actor(ctx);
  const { tckn } = q<{ tckn: string }>(ctx);
  checkTckn('tckn', tckn);
  await mustWrite(a.db);
  return withProgress(ctx, async (t) => {
    let list: RaporDVO[];
    try {
      const { port } = await medulaOf(ctx.trx, ctx.services, a.companyId, t.step);
      list = await port.raporListesi(tckn);
    } catch (e) {
      throw medulaProblem(e);
    }
    const ids = await keepReports(a.db, a.companyId, list);
    return list.map((r) => raporView(r, ids.get(r.raporNo) ?? null));
  });
};

/** GET rapor?raporNo=: one report from Medula. */
const rapor: Handler = async (ctx) => {
  const a = actor(ctx);
  const { raporNo } = q<{ raporNo: string }>(ctx);
  await mustWrite(a.db);
  return withProgress(ctx, async (t) => {
    let r: RaporDVO;
    try {
      const { port } = await medulaOf(ctx.trx, ctx.services, a.companyId, t.step);
      r = await port.rapor(raporNo);
    } catch (e) {
      throw medulaProblem(e, () => problems.notFound('Rapor'));
    }
    const ids = await keepReports(a.db, a.companyId, [r]);
    return raporView(r, ids.get(r.raporNo) ?? null);
  });
};

/** GET medicine-rapor?tckn=&barcode=: the patient's reports that cover a medicine. */
const medicineRapor: Handler = async (ctx) => {
  const a = actor(ctx);
  const { tckn, barcode } = q<{ tckn: string; barcode: string }>(ctx);
  checkTckn('tckn', tckn);
  return withProgress(ctx, async (t) => {
    try {
      const { port } = await medulaOf(ctx.trx, ctx.services, a.companyId, t.step);
      return (await port.ilacRapor(tckn, barcode)).map((r) => raporView(r, null));
    } catch (e) {
      throw medulaProblem(e);
    }
  });
};

/** GET doctor-list: doctors by name or facility. */
const doctorList: Handler = async (ctx) => {
  const a = actor(ctx);
  const { name, facilityCode } = q<{ name?: string; facilityCode?: string }>(ctx);
  return withProgress(ctx, async (t) => {
    try {
      const { port } = await medulaOf(ctx.trx, ctx.services, a.companyId, t.step);
      return (await port.doktorListesi({ ...(name ? { ad: name } : {}), ...(facilityCode ? { tesisKodu: facilityCode } : {}) })).map((d) => ({
        tckn: d.tcKimlikNo, name: d.adi, surname: d.soyadi, branchCode: d.bransKodu, branch: d.bransAdi, certificate: d.sertifikaKodu, diplomaNo: d.diplomaNo, facilityCode: d.tesisKodu,
      }));
    } catch (e) {
      throw medulaProblem(e);
    }
  });
};

/** GET select-warning-code: Medula's warning codes (uyarı kodu) a line may carry. */
const selectWarningCode: Handler = async (ctx) => {
  const a = actor(ctx);
  const { barcode } = q<{ barcode?: string }>(ctx);
  return withProgress(ctx, async (t) => {
    try {
      const { port } = await medulaOf(ctx.trx, ctx.services, a.companyId, t.step);
      return (await port.uyariKodlari(barcode ?? null)).map((u) => ({ code: u.uyariKodu, description: u.aciklama, barcode: u.barkod }));
    } catch (e) {
      throw medulaProblem(e);
    }
  });
};

/** GET get-esdeger?barcode=: equivalents of a prescribed medicine (the medicines area's function). */
const getEsdeger: Handler = async (ctx) => {
  const a = actor(ctx);
  const { barcode } = q<{ barcode: string }>(ctx);
  return equivalents(ctx.trx, a.dir, barcode, { day: todayOf(ctx), companyId: a.companyId, priced: true });
};

// ------------------------------------------------------------------------------------- saving

/**
 * POST save-e-recete {receteId}: the provision at Medula (receteKaydet) of the prescription's
 * lines as they stand. Written to the Medula outbox and tried at once: Medula's answer (its reçete
 * number, the patient's share it computed) is on the prescription when it answers; when it does
 * not, the save waits (`queued: true`) and is delivered once Medula answers again. Saving a saved
 * prescription, or one whose save waits, changes nothing.
 */
const saveERecete: Handler = async (ctx) => {
  const a = actor(ctx);
  const b = body<{ receteId: number }>(ctx);
  const r = await visible(a.db, a.companyId, b.receteId);
  const id = Number(r.id);
  if (r.type === 'NonPrescription') throw problems.conflict('Reçetesiz satış Medulaya kaydedilmez.', 'NOT_A_PRESCRIPTION');
  if (r.medula_state === 'DELETED') throw problems.conflict('Silinmiş reçete Medulaya kaydedilemez.', 'RECETE_DELETED');
  const waiting = await a.db.selectFrom('pharmacy_medula_outbox').select(['id']).where('company_id', '=', a.companyId).where('recete_id', '=', id)
    .where('kind', '=', 'SAVE').where('status', '=', 'PENDING').executeTakeFirst();
  if (r.medula_state === 'SAVED' || waiting) return { queued: !!waiting, outboxId: waiting ? Number(waiting.id) : null, recete: await fullView(a.db, a.companyId, id) };
  if (!r.patient_tckn || !isValidTckn(r.patient_tckn)) throw problems.invalidField('patientTckn', 'Medulaya kayıt için hastanın geçerli T.C. kimlik numarası gerekir.', 'TCKN');
  const lines = await linesOf(a.db, a.companyId, id);
  if (!lines.length) throw problems.conflict('Reçetede ilaç yok.', 'NO_MEDICINES');
  const payload: SavePayload = {
    ereceteNo: r.erecete_no, tcKimlikNo: r.patient_tckn, receteTuru: colorTuru(r.color),
    ilacListesi: lines.map((l): KaydetIlac => ({ barkod: l.barcode, adet: l.count, birimFiyat: new Decimal(l.unit_price).toFixed(2), raporNo: l.report_no, uyariKodu: l.warning_code })),
  };
  const tries = await a.db.selectFrom('pharmacy_medula_outbox').select((eb) => eb.fn.countAll<string>().as('n')).where('company_id', '=', a.companyId).where('recete_id', '=', id).where('kind', '=', 'SAVE').executeTakeFirstOrThrow();
  const row = await enqueue(a.db, a.companyId, { receteId: id, kind: 'SAVE', islemNo: `TZ${a.companyId}R${id}K${Number(tries.n) + 1}`, payload, login: a.login, now: ctx.services.now() });
  return withProgress(ctx, async (t) => {
    const { port, credentials } = await medulaOf(ctx.trx, ctx.services, a.companyId, t.step, { needCredentials: false });
    let queued = true;
    let warning: string | null = null;
    if (credentials) {
      const o = await deliverNow(a.db, ctx.services, a.companyId, Number(row.id), port);
      if (o.status === 'FAILED') throw medulaProblem(o.error);
      queued = o.status === 'PENDING';
      if (o.status === 'PENDING') warning = `Medula yanıt vermedi; kayıt bekliyor ve Medula açılınca gönderilecek. (${o.error.message})`;
    } else warning = 'Medula oturumu açık değil; kayıt bekliyor ve Medulaya giriş yapılınca gönderilecek.';
    if (queued) ctx.afterwards(async (_db, committed) => { if (committed) ctx.services.jobs.send('pharmacy.medula.deliver', { companyId: a.companyId }, { startAfter: new Date(Date.now() + 30_000) }).catch(() => undefined); });
    ctx.audit({ action: 'pharmacy.recete.saved', entity: 'pharmacy_recete', entityId: id, detail: { queued, islemNo: row.islem_no } });
    return { queued, outboxId: Number(row.id), warning, recete: await fullView(a.db, a.companyId, id) };
  });
};

const colorTuru = (color: string): string | null => ({ NORMAL: '1', WHITE: '1', RED: '2', ORANGE: '3', PURPLE: '4', GREEN: '5' } as Record<string, string>)[color] ?? null;

/** POST save-prepared-recete {receteNo}: keeps a Medula prepared prescription as a PreparedPrescription. */
const savePreparedRecete: Handler = async (ctx) => {
  const a = actor(ctx);
  const { receteNo } = body<{ receteNo: string }>(ctx);
  required([['receteNo', receteNo, 'Hazır reçete numarası']]);
  await mustWrite(a.db);
  return withProgress(ctx, async (t) => {
    let h;
    try {
      const { port } = await medulaOf(ctx.trx, ctx.services, a.companyId, t.step);
      h = await port.hazirRecete(receteNo);
    } catch (e) {
      throw medulaProblem(e);
    }
    t.step('0.4');
    const held = await a.db.selectFrom('pharmacy_recetes').select(['id']).where('company_id', '=', a.companyId).where('type', '=', 'PreparedPrescription')
      .where('protocol_no', '=', h.receteNo).where('medula_state', '<>', 'DELETED').where('payment_status', '<>', 'CANCEL').executeTakeFirst();
    if (held) return fullView(a.db, a.companyId, Number(held.id));
    const id = await nextReceteId(a.db);
    await a.db.insertInto('pharmacy_recetes').values({
      company_id: a.companyId, id, recete_no: `L${id}`, type: 'PreparedPrescription', color: 'NORMAL', patient_tckn: h.tcKimlikNo, patient_name: h.adi, patient_surname: h.soyadi,
      recete_date: isoDate(h.receteTarihi), protocol_no: h.receteNo, facility_code: h.tesisKodu, doctor_name: h.doktorAdi, doctor_surname: h.doktorSoyadi,
      medula_state: 'READ', created_by: a.login,
    } as never).execute();
    await writeLines(a.db, a.dir, a.companyId, id, h.ilacListesi.map(ilacLine));
    await refreshTotal(a.db, a.companyId, id);
    ctx.audit({ action: 'pharmacy.recete.created', entity: 'pharmacy_recete', entityId: id, detail: { type: 'PreparedPrescription', preparedNo: h.receteNo } });
    ctx.setStatus(201);
    return fullView(a.db, a.companyId, id);
  });
};

interface ReceteInput {
  ereceteNo?: string | null; type?: ReceteType; version?: 'ORJ' | 'FINAL'; color?: string; subType?: string | null; provisionType?: string | null;
  patientTckn?: string | null; patientName?: string | null; patientSurname?: string | null; patientBirthDate?: string | null; patientGender?: string | null;
  receiverTckn?: string | null; receiverName?: string | null; purchaseDate?: string | null; receteDate?: string | null; serialNo?: string | null;
  trackingNo?: string | null; protocolNo?: string | null; facilityCode?: string | null; hospital?: string | null;
  doctorTckn?: string | null; doctorName?: string | null; doctorSurname?: string | null; doctorBranch?: string | null; doctorCertificate?: string | null;
  doctorDiplomaNo?: string | null; doctorType?: string | null; diagnoses?: { code: string; name?: string | null }[]; explanations?: { type?: string | null; text: string }[];
  medicines?: NewLine[];
}

const COLUMNS: Record<string, string> = {
  ereceteNo: 'erecete_no', version: 'version', color: 'color', subType: 'sub_type', provisionType: 'provision_type', patientTckn: 'patient_tckn', patientName: 'patient_name',
  patientSurname: 'patient_surname', patientBirthDate: 'patient_birth_date', patientGender: 'patient_gender', receiverTckn: 'receiver_tckn', receiverName: 'receiver_name',
  purchaseDate: 'purchase_date', receteDate: 'recete_date', serialNo: 'serial_no', trackingNo: 'tracking_no', protocolNo: 'protocol_no', facilityCode: 'facility_code',
  hospital: 'hospital', doctorTckn: 'doctor_tckn', doctorName: 'doctor_name', doctorSurname: 'doctor_surname', doctorBranch: 'doctor_branch',
  doctorCertificate: 'doctor_certificate', doctorDiplomaNo: 'doctor_diploma_no', doctorType: 'doctor_type',
};

/** The columns a body sets (checked: TCKNs, e-prescription number, colour). */
function columnsOf(b: ReceteInput): Record<string, unknown> {
  checkTckn('patientTckn', b.patientTckn);
  checkTckn('receiverTckn', b.receiverTckn);
  checkTckn('doctorTckn', b.doctorTckn);
  if (b.ereceteNo && !ERECETE_NO_PATTERN.test(b.ereceteNo.toUpperCase())) throw problems.invalidField('ereceteNo', 'E-reçete numarası 7 harf ya da rakamdır.', 'ERECETE_NO');
  if (b.color !== undefined && !(RECETE_COLORS as readonly string[]).includes(b.color)) throw problems.invalidField('color', 'Bilinmeyen reçete rengi.', 'COLOR');
  const set: Record<string, unknown> = {};
  for (const [k, col] of Object.entries(COLUMNS)) {
    const v = (b as Record<string, unknown>)[k];
    if (v === undefined) continue;
    set[col] = typeof v === 'string' ? (v.trim() || null) : v;
  }
  if (typeof set.erecete_no === 'string') set.erecete_no = (set.erecete_no as string).toUpperCase();
  if (b.diagnoses !== undefined) set.diagnoses = JSON.stringify(b.diagnoses.map((d) => ({ code: d.code, name: d.name ?? null })));
  if (b.explanations !== undefined) set.explanations = JSON.stringify(b.explanations.map((e) => ({ type: e.type ?? null, text: e.text })));
  return set;
}

async function createRecete(ctx: RequestContext, type: ReceteType, b: ReceteInput) {
  const a = actor(ctx);
  const set = columnsOf(b);
  if (set.erecete_no) {
    const held = await a.db.selectFrom('pharmacy_recetes').select(['id']).where('company_id', '=', a.companyId).where('erecete_no', '=', set.erecete_no as string)
      .where('medula_state', '<>', 'DELETED').where('payment_status', '<>', 'CANCEL').executeTakeFirst();
    if (held) throw problems.conflict(`${set.erecete_no as string} numaralı e-reçete zaten kayıtlı (reçete ${held.id}).`, 'ERECETE_EXISTS', 'ereceteNo');
  }
  const id = await nextReceteId(a.db);
  await a.db.insertInto('pharmacy_recetes').values({ company_id: a.companyId, id, recete_no: `L${id}`, type, medula_state: 'LOCAL', created_by: a.login, ...set } as never).execute();
  await writeLines(a.db, a.dir, a.companyId, id, b.medicines ?? []);
  await refreshTotal(a.db, a.companyId, id);
  ctx.audit({ action: 'pharmacy.recete.created', entity: 'pharmacy_recete', entityId: id, detail: { type, ereceteNo: set.erecete_no ?? null } });
  ctx.setStatus(201);
  return fullView(a.db, a.companyId, id);
}

/**
 * POST save-manual-recete: a ManualPrescription, for a prescription Medula cannot give now (down)
 * or a paper one: the e-prescription number (when there is one), the patient (national ID, name,
 * surname: seeds 001 §5 say they cannot be empty) and the lines.
 */
const saveManualRecete: Handler = async (ctx) => {
  const b = body<ReceteInput>(ctx);
  required([['patientTckn', b.patientTckn, 'Hasta T.C. kimlik numarası'], ['patientName', b.patientName, 'Hasta adı'], ['patientSurname', b.patientSurname, 'Hasta soyadı']]);
  if (!b.medicines?.length) throw problems.badRequest('Reçetede en az bir ilaç olmalı.', [{ field: 'medicines', message: 'En az bir ilaç girin.', code: 'REQUIRED' }]);
  return createRecete(ctx, 'ManualPrescription', b);
};

/** POST recetes: a prescription made here (manual, or a sale without prescription). */
const createReceteHandler: Handler = async (ctx) => {
  const b = body<ReceteInput>(ctx);
  const type = b.type ?? 'ManualPrescription';
  if (type === 'EPrescription' || type === 'PreparedPrescription') throw problems.invalidField('type', 'E-reçete ve hazır reçete Medula\'dan okunur (e-recete-request, save-prepared-recete).', 'TYPE');
  if (type === 'ManualPrescription') required([['patientTckn', b.patientTckn, 'Hasta T.C. kimlik numarası'], ['patientName', b.patientName, 'Hasta adı'], ['patientSurname', b.patientSurname, 'Hasta soyadı']]);
  return createRecete(ctx, type, b);
};

/** PUT recetes/{id} and POST update: the prescription form's fields (not once invoiced; the e-prescription number not once saved at Medula). */
async function updateRecete(ctx: RequestContext, id: number, b: ReceteInput) {
  const a = actor(ctx);
  const r = await visible(a.db, a.companyId, id);
  notInvoiced(r, 'değiştirilemez');
  const set = columnsOf(b);
  if ('erecete_no' in set && set.erecete_no !== r.erecete_no && r.medula_state === 'SAVED') throw problems.conflict('Medulaya kaydedilmiş reçetenin e-reçete numarası değiştirilemez.', 'RECETE_SAVED', 'ereceteNo');
  if (Object.keys(set).length) await a.db.updateTable('pharmacy_recetes').set({ ...set, updated_at: new Date() } as never).where('company_id', '=', a.companyId).where('id', '=', id).execute();
  if (b.medicines !== undefined) {
    await a.db.deleteFrom('pharmacy_recete_medicines').where('company_id', '=', a.companyId).where('recete_id', '=', id).execute();
    await writeLines(a.db, a.dir, a.companyId, id, b.medicines);
    await refreshTotal(a.db, a.companyId, id);
  }
  ctx.audit({ action: 'pharmacy.recete.updated', entity: 'pharmacy_recete', entityId: id, detail: { fields: Object.keys(b) } });
  return fullView(a.db, a.companyId, id);
}

const updateReceteHandler: Handler = async (ctx) => updateRecete(ctx, idParam(ctx), body<ReceteInput>(ctx));
const updateHandler: Handler = async (ctx) => {
  const { id, ...rest } = body<ReceteInput & { id: number }>(ctx);
  return updateRecete(ctx, id, rest);
};

interface QrLine { id: number; barcode?: string; count?: number; warningCode?: string | null; reportNo?: string | null; usage?: string | null; dose1?: string | number | null; dose2?: string | number | null; period?: number | null; periodUnit?: string | null; unitPrice?: string | number | null }

/**
 * POST update-recete-for-qr {receteId, medicines: [{id, barcode?, count?, warningCode?, …}]}: the
 * lines after the boxes were read: an equivalent given in place of the prescribed medicine (the
 * prescribed barcode is kept), the count given, the warning code, report, dose and period.
 */
const updateReceteForQr: Handler = async (ctx) => {
  const a = actor(ctx);
  const b = body<{ receteId: number; medicines: QrLine[] }>(ctx);
  const r = await visible(a.db, a.companyId, b.receteId);
  notInvoiced(r, 'değiştirilemez');
  if (r.medula_state === 'SAVED') throw problems.conflict('Medulaya kaydedilmiş reçetenin ilaçları değiştirilemez; önce Medula kaydını iptal edin.', 'RECETE_SAVED');
  const lines = new Map((await linesOf(a.db, a.companyId, Number(r.id))).map((l) => [Number(l.id), l]));
  for (const m of b.medicines) {
    const l = lines.get(m.id);
    if (!l) throw problems.invalidField('medicines', `${m.id} numaralı satır bu reçetede yok.`, 'NO_LINE');
    const set: Record<string, unknown> = {};
    if (m.barcode && m.barcode !== l.barcode) {
      const { productsByBarcode } = await import('./store');
      const p = (await productsByBarcode(a.db, a.dir, a.companyId, [m.barcode])).get(m.barcode);
      Object.assign(set, { barcode: m.barcode, prescribed_barcode: l.prescribed_barcode ?? l.barcode, product_id: p?.id ?? null, unit_price: p?.price ?? l.unit_price });
      const name = await sql<{ name: string }>`select name from pharmacy_medicines where barcode = ${m.barcode}`.execute(a.db).then((x) => x.rows[0]?.name).catch(() => undefined);
      set.name = name ?? m.barcode;
    }
    for (const [k, col] of [['count', 'count'], ['warningCode', 'warning_code'], ['reportNo', 'report_no'], ['usage', 'usage'], ['dose1', 'dose1'], ['dose2', 'dose2'], ['period', 'period'], ['periodUnit', 'period_unit'], ['unitPrice', 'unit_price']] as const) {
      if (m[k] !== undefined) set[col] = k === 'unitPrice' ? priceIn(m[k], `medicines.${b.medicines.indexOf(m)}.unitPrice`) : m[k];
    }
    const unit = new Decimal((set.unit_price ?? l.unit_price) as string);
    set.total_price = unit.times((set.count ?? l.count) as number).toFixed(2);
    await a.db.updateTable('pharmacy_recete_medicines').set(set as never).where('company_id', '=', a.companyId).where('id', '=', m.id).execute();
  }
  await refreshTotal(a.db, a.companyId, Number(r.id));
  ctx.audit({ action: 'pharmacy.recete.updated', entity: 'pharmacy_recete', entityId: Number(r.id), detail: { lines: b.medicines.map((m) => m.id) } });
  return fullView(a.db, a.companyId, Number(r.id));
};

/** POST majistral: a compounded medicine on a prescription saved at Medula. */
const majistral: Handler = async (ctx) => {
  const a = actor(ctx);
  const b = body<{ receteId: number; name: string; content: string; amount?: string; unit?: string; price?: string | number }>(ctx);
  const r = await visible(a.db, a.companyId, b.receteId);
  return withProgress(ctx, async (t) => {
    let hata: string | null;
    try {
      const { port } = await medulaOf(ctx.trx, ctx.services, a.companyId, t.step);
      ({ hataMesaji: hata } = await port.majistralKaydet({
        receteNo: r.recete_no, ad: b.name, icerik: b.content, miktar: b.amount ?? '', birim: b.unit ?? '', tutar: priceIn(b.price, 'price'),
      }));
    } catch (e) {
      throw medulaProblem(e);
    }
    ctx.audit({ action: 'pharmacy.recete.majistral', entity: 'pharmacy_recete', entityId: Number(r.id), detail: { saved: !hata, name: b.name } });
    return { errorMessage: hata, message: hata ? MAJISTRAL_TEXTS.notSaved.tr : MAJISTRAL_TEXTS.saved.tr };
  });
};

// --------------------------------------------------------------------------- cancel and delete

/**
 * Withdraws a prescription's provision at Medula (receteSil) through the outbox; the prescription
 * becomes CANCELLED (kept: it may be saved again) or DELETED (removed from the lists).
 */
async function cancelAtMedula(ctx: RequestContext, r: ReceteRow, then: 'CANCELLED' | 'DELETED') {
  const a = actor(ctx);
  const id = Number(r.id);
  notInvoiced(r, then === 'DELETED' ? 'silinemez' : 'iptal edilemez');
  // A save still waiting is simply not sent.
  await a.db.updateTable('pharmacy_medula_outbox').set({ status: 'CANCELLED', last_error: 'Reçete iptal edildi.' })
    .where('company_id', '=', a.companyId).where('recete_id', '=', id).where('kind', '=', 'SAVE').where('status', 'in', ['PENDING', 'FAILED']).execute();
  let queued = false;
  let warning: string | null = null;
  if (r.medula_state === 'SAVED') {
    const tries = await a.db.selectFrom('pharmacy_medula_outbox').select((eb) => eb.fn.countAll<string>().as('n')).where('company_id', '=', a.companyId).where('recete_id', '=', id).where('kind', '=', 'DELETE').executeTakeFirstOrThrow();
    const row = await enqueue(a.db, a.companyId, { receteId: id, kind: 'DELETE', islemNo: `TZ${a.companyId}R${id}S${Number(tries.n) + 1}`, payload: { receteNo: r.recete_no, then }, login: a.login, now: ctx.services.now() });
    await withProgress(ctx, async (t) => {
      const { port, credentials } = await medulaOf(ctx.trx, ctx.services, a.companyId, t.step, { needCredentials: false });
      if (credentials) {
        const o = await deliverNow(a.db, ctx.services, a.companyId, Number(row.id), port);
        if (o.status === 'FAILED') throw medulaProblem(o.error);
        queued = o.status === 'PENDING';
        if (o.status === 'PENDING') warning = `Medula yanıt vermedi; silme bekliyor ve Medula açılınca gönderilecek. (${o.error.message})`;
      } else {
        queued = true;
        warning = 'Medula oturumu açık değil; silme bekliyor ve Medulaya giriş yapılınca gönderilecek.';
      }
    });
  }
  await a.db.updateTable('pharmacy_recetes').set({
    medula_state: then, updated_at: new Date(), ...(then === 'DELETED' && r.payment_status === 'PENDING' ? { payment_status: 'CANCEL' as const } : {}),
  }).where('company_id', '=', a.companyId).where('id', '=', id).execute();
  ctx.audit({ action: then === 'DELETED' ? 'pharmacy.recete.deleted' : 'pharmacy.recete.cancelled', entity: 'pharmacy_recete', entityId: id, detail: { receteNo: r.recete_no, queued } });
  if (queued) ctx.afterwards(async (_db, committed) => { if (committed) kick(ctx.services, a.companyId); });
  return { queued, warning, recete: await fullView(a.db, a.companyId, id) };
}

const prescriptionCancel: Handler = async (ctx) => {
  const a = actor(ctx);
  const r = await visible(a.db, a.companyId, Number(q<{ receteId: number }>(ctx).receteId));
  if (r.medula_state === 'DELETED') throw problems.conflict('Reçete silinmiş.', 'RECETE_DELETED');
  return cancelAtMedula(ctx, r, 'CANCELLED');
};

const cancelAndDelete: Handler = async (ctx) => {
  const a = actor(ctx);
  const r = await visible(a.db, a.companyId, Number(q<{ receteId: number }>(ctx).receteId));
  if (r.medula_state === 'DELETED') return { queued: false, warning: null, recete: receteView(r, await linesOf(a.db, a.companyId, Number(r.id))) };
  return cancelAtMedula(ctx, r, 'DELETED');
};

/** DELETE recete/{receteNo}: the same by the prescription's number (Medula's reçete no once saved). */
const deleteReceteByNo: Handler = async (ctx) => {
  const a = actor(ctx);
  const no = (ctx.params as { receteNo: string }).receteNo;
  const r = await a.db.selectFrom('pharmacy_recetes').selectAll().where('company_id', '=', a.companyId).where('recete_no', '=', no).executeTakeFirst();
  if (!r) throw problems.notFound('Reçete');
  if (r.medula_state === 'DELETED') return { queued: false, warning: null, recete: receteView(r, await linesOf(a.db, a.companyId, Number(r.id))) };
  return cancelAtMedula(ctx, r, 'DELETED');
};

// ------------------------------------------------------------------------------------ CRUD

const SORTS: Record<string, string> = { id: 'id', receteNo: 'recete_no', receteDate: 'recete_date', createdAt: 'created_at', patientName: 'patient_name', total: 'total' };

/** GET recetes: the prescriptions list (deleted ones only when asked by medulaState). */
const listRecetes: Handler = async (ctx) => {
  const a = actor(ctx);
  const f = q<{ type?: string; color?: string; paymentStatus?: string; medulaState?: string; patientTckn?: string; dateFrom?: string; dateTo?: string; search?: string }>(ctx);
  const page = pageRequest(ctx, ['id', 'desc']);
  let base = a.db.selectFrom('pharmacy_recetes').where('company_id', '=', a.companyId);
  if (f.type) base = base.where('type', '=', f.type as never);
  if (f.color) base = base.where('color', '=', f.color);
  if (f.paymentStatus) base = base.where('payment_status', '=', f.paymentStatus as never);
  base = f.medulaState ? base.where('medula_state', '=', f.medulaState as never) : base.where('medula_state', '<>', 'DELETED');
  if (f.patientTckn) base = base.where('patient_tckn', '=', f.patientTckn);
  if (f.dateFrom) base = base.where(sql`coalesce(recete_date, created_at::date)`, '>=', f.dateFrom);
  if (f.dateTo) base = base.where(sql`coalesce(recete_date, created_at::date)`, '<=', f.dateTo);
  if (f.search) {
    const s = `%${f.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    base = base.where((w) => w.or([w('recete_no', 'ilike', s), w('erecete_no', 'ilike', s), w('patient_name', 'ilike', s), w('patient_surname', 'ilike', s), w('patient_tckn', 'like', s)]));
  }
  let rows = base.selectAll();
  for (const [field, dir] of page.sort.length ? page.sort : [['id', 'desc'] as [string, 'asc' | 'desc']]) rows = rows.orderBy(sql.ref(SORTS[field] ?? 'id'), dir);
  const [items, count] = await Promise.all([
    rows.orderBy('id', 'desc').limit(page.size).offset(page.offset).execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return pageResult(ctx, items.map((r) => receteView(r)), Number(count.n));
};

const getReceteHandler: Handler = async (ctx) => {
  const a = actor(ctx);
  const r = await visible(a.db, a.companyId, idParam(ctx));
  return receteView(r, await linesOf(a.db, a.companyId, Number(r.id)));
};

/** DELETE recetes/{id}: removes a prescription never saved at Medula and not invoiced (a saved one: cancelAndDelete). */
const deleteReceteHandler: Handler = async (ctx) => {
  const a = actor(ctx);
  const r = await visible(a.db, a.companyId, idParam(ctx));
  notInvoiced(r, 'silinemez');
  if (r.medula_state === 'SAVED') throw problems.conflict('Medulaya kaydedilmiş reçete silinemez; önce Medula kaydını iptal edin (cancelAndDelete).', 'RECETE_SAVED');
  const held = await sql<{ n: string }>`select count(*)::text as n from pharmacy_boxes where company_id = ${a.companyId} and recete_id = ${Number(r.id)}`.execute(a.db).then((x) => Number(x.rows[0]?.n ?? 0));
  if (held) throw problems.conflict('Reçeteye okutulmuş kutular var; önce kutuları çıkarın.', 'REFERENCED');
  const pending = await a.db.selectFrom('pharmacy_medula_outbox').select(['id']).where('company_id', '=', a.companyId).where('recete_id', '=', Number(r.id)).where('status', '=', 'PENDING').executeTakeFirst();
  if (pending) throw problems.conflict('Reçetenin Medulaya gönderilmeyi bekleyen kaydı var; önce reçeteyi iptal edin.', 'MEDULA_PENDING');
  await a.db.deleteFrom('pharmacy_recetes').where('company_id', '=', a.companyId).where('id', '=', Number(r.id)).execute();
  ctx.audit({ action: 'pharmacy.recete.deleted', entity: 'pharmacy_recete', entityId: Number(r.id), detail: { receteNo: r.recete_no } });
  ctx.setStatus(204);
  return null;
};

// hasta-rapors --------------------------------------------------------------------------------

type RaporRow = { id: number; report_no: string; patient_tckn: string; patient_name: string | null; patient_surname: string | null; report_date: unknown; start_date: unknown; end_date: unknown; facility_code: string | null; facility_name: string | null; report_type: string | null; doctor_name: string | null; doctor_surname: string | null; diagnoses: unknown; active_substances: unknown; barcodes: unknown; description: string | null; source: string };
const d10 = (v: unknown) => (v === null || v === undefined ? null : v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10));
const js = <T>(v: unknown, f: T): T => (v === null || v === undefined ? f : (typeof v === 'string' ? JSON.parse(v) : v) as T);
const hastaRaporView = (r: RaporRow) => ({
  id: Number(r.id), reportNo: r.report_no, patientTckn: r.patient_tckn, patientName: r.patient_name, patientSurname: r.patient_surname,
  reportDate: d10(r.report_date), startDate: d10(r.start_date), endDate: d10(r.end_date), facilityCode: r.facility_code, facilityName: r.facility_name,
  reportType: r.report_type, doctorName: r.doctor_name, doctorSurname: r.doctor_surname, diagnoses: js(r.diagnoses, []), activeSubstances: js(r.active_substances, []),
  barcodes: js<string[]>(r.barcodes, []), description: r.description, source: r.source,
});

interface RaporInput { reportNo?: string; patientTckn?: string; patientName?: string | null; patientSurname?: string | null; reportDate?: string | null; startDate?: string | null; endDate?: string | null; facilityCode?: string | null; facilityName?: string | null; reportType?: string | null; doctorName?: string | null; doctorSurname?: string | null; diagnoses?: unknown[]; activeSubstances?: unknown[]; barcodes?: string[]; description?: string | null }
function raporColumns(b: RaporInput): Record<string, unknown> {
  checkTckn('patientTckn', b.patientTckn);
  if (b.startDate && b.endDate && b.startDate > b.endDate) throw problems.invalidField('endDate', 'Bitiş tarihi başlangıçtan önce olamaz.', 'DATE_RANGE');
  const map: Record<string, string> = { reportNo: 'report_no', patientTckn: 'patient_tckn', patientName: 'patient_name', patientSurname: 'patient_surname', reportDate: 'report_date', startDate: 'start_date', endDate: 'end_date', facilityCode: 'facility_code', facilityName: 'facility_name', reportType: 'report_type', doctorName: 'doctor_name', doctorSurname: 'doctor_surname', description: 'description' };
  const set: Record<string, unknown> = {};
  for (const [k, c] of Object.entries(map)) { const v = (b as Record<string, unknown>)[k]; if (v !== undefined) set[c] = typeof v === 'string' ? (v.trim() || null) : v; }
  if (b.diagnoses !== undefined) set.diagnoses = JSON.stringify(b.diagnoses);
  if (b.activeSubstances !== undefined) set.active_substances = JSON.stringify(b.activeSubstances);
  if (b.barcodes !== undefined) set.barcodes = JSON.stringify(b.barcodes);
  return set;
}

const listHastaRapors: Handler = async (ctx) => {
  const a = actor(ctx);
  const f = q<{ patientTckn?: string; reportNo?: string }>(ctx);
  const page = pageRequest(ctx, ['id', 'desc']);
  let base = a.db.selectFrom('pharmacy_hasta_rapors').where('company_id', '=', a.companyId);
  if (f.patientTckn) base = base.where('patient_tckn', '=', f.patientTckn);
  if (f.reportNo) base = base.where('report_no', '=', f.reportNo);
  const [rows, count] = await Promise.all([
    base.selectAll().orderBy('id', 'desc').limit(page.size).offset(page.offset).execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return pageResult(ctx, rows.map((r) => hastaRaporView(r as unknown as RaporRow)), Number(count.n));
};
const getHastaRapor: Handler = async (ctx) => {
  const a = actor(ctx);
  const r = await a.db.selectFrom('pharmacy_hasta_rapors').selectAll().where('company_id', '=', a.companyId).where('id', '=', idParam(ctx)).executeTakeFirst();
  if (!r) throw problems.notFound('Rapor');
  return hastaRaporView(r as unknown as RaporRow);
};
const createHastaRapor: Handler = async (ctx) => {
  const a = actor(ctx);
  const b = body<RaporInput>(ctx);
  required([['reportNo', b.reportNo, 'Rapor numarası'], ['patientTckn', b.patientTckn, 'Hasta T.C. kimlik numarası']]);
  const set = raporColumns(b);
  const dup = await a.db.selectFrom('pharmacy_hasta_rapors').select(['id']).where('company_id', '=', a.companyId).where('report_no', '=', set.report_no as string).executeTakeFirst();
  if (dup) throw problems.conflict('Bu rapor numarası zaten kayıtlı.', 'DUPLICATE', 'reportNo');
  const r = await a.db.insertInto('pharmacy_hasta_rapors').values({ company_id: a.companyId, source: 'MANUAL', ...set } as never).returningAll().executeTakeFirstOrThrow();
  ctx.audit({ action: 'pharmacy.hastaRapor.created', entity: 'pharmacy_hasta_rapor', entityId: Number(r.id) });
  ctx.setStatus(201);
  return hastaRaporView(r as unknown as RaporRow);
};
/** PUT hasta-rapors/{id} and PUT hasta-rapors (the id in the body). */
async function updateHastaRaporRow(ctx: RequestContext, id: number, b: RaporInput) {
  const a = actor(ctx);
  const set = raporColumns(b);
  if (set.report_no) {
    const dup = await a.db.selectFrom('pharmacy_hasta_rapors').select(['id']).where('company_id', '=', a.companyId).where('report_no', '=', set.report_no as string).where('id', '<>', id).executeTakeFirst();
    if (dup) throw problems.conflict('Bu rapor numarası zaten kayıtlı.', 'DUPLICATE', 'reportNo');
  }
  const r = await a.db.updateTable('pharmacy_hasta_rapors').set({ ...set, updated_at: new Date() } as never).where('company_id', '=', a.companyId).where('id', '=', id).returningAll().executeTakeFirst();
  if (!r) throw problems.notFound('Rapor');
  ctx.audit({ action: 'pharmacy.hastaRapor.updated', entity: 'pharmacy_hasta_rapor', entityId: Number(r.id) });
  return hastaRaporView(r as unknown as RaporRow);
}
const updateHastaRapor: Handler = async (ctx) => updateHastaRaporRow(ctx, idParam(ctx), body<RaporInput>(ctx));
const updateHastaRaporBody: Handler = async (ctx) => {
  const { id, ...rest } = body<RaporInput & { id: number }>(ctx);
  return updateHastaRaporRow(ctx, id, rest);
};
const deleteHastaRapor: Handler = async (ctx) => {
  const a = actor(ctx);
  const r = await a.db.deleteFrom('pharmacy_hasta_rapors').where('company_id', '=', a.companyId).where('id', '=', idParam(ctx)).returning(['id']).executeTakeFirst();
  if (!r) throw problems.notFound('Rapor');
  ctx.audit({ action: 'pharmacy.hastaRapor.deleted', entity: 'pharmacy_hasta_rapor', entityId: Number(r.id) });
  ctx.setStatus(204);
  return null;
};

// tesis --------------------------------------------------------------------------------------

const tesisView = (t: { id: number; code: string; name: string; city: string | null; kind: string | null }) => ({ id: Number(t.id), code: t.code, name: t.name, city: t.city, kind: t.kind });
interface TesisInput { code?: string; name?: string; city?: string | null; kind?: string | null }
const tesisColumns = (b: TesisInput) => {
  const set: Record<string, unknown> = {};
  if (b.code !== undefined) set.code = b.code.trim();
  if (b.name !== undefined) set.name = b.name.trim();
  if (b.city !== undefined) set.city = b.city?.trim() || null;
  if (b.kind !== undefined) set.kind = b.kind?.trim() || null;
  if (set.code !== undefined && !/^[0-9]{1,12}$/.test(set.code as string)) throw problems.invalidField('code', 'Tesis kodu yalnız rakamlardan oluşur.', 'TESIS_CODE');
  if (set.name !== undefined && !set.name) throw problems.invalidField('name', 'Tesis adı zorunludur.', 'REQUIRED');
  return set;
};
const listTesis: Handler = async (ctx) => {
  const a = actor(ctx);
  const f = q<{ code?: string; search?: string }>(ctx);
  const page = pageRequest(ctx, ['id', 'desc']);
  let base = a.db.selectFrom('pharmacy_tesis').where('company_id', '=', a.companyId);
  if (f.code) base = base.where('code', '=', f.code);
  if (f.search) base = base.where((w) => w.or([w('name', 'ilike', `%${f.search!.replace(/[\\%_]/g, (c) => `\\${c}`)}%`), w('code', 'like', `${f.search!.replace(/[\\%_]/g, '')}%`)]));
  const [rows, count] = await Promise.all([
    base.selectAll().orderBy('name').orderBy('id').limit(page.size).offset(page.offset).execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return pageResult(ctx, rows.map(tesisView), Number(count.n));
};
const getTesis: Handler = async (ctx) => {
  const a = actor(ctx);
  const t = await a.db.selectFrom('pharmacy_tesis').selectAll().where('company_id', '=', a.companyId).where('id', '=', idParam(ctx)).executeTakeFirst();
  if (!t) throw problems.notFound('Tesis');
  return tesisView(t);
};
const createTesis: Handler = async (ctx) => {
  const a = actor(ctx);
  const b = body<TesisInput>(ctx);
  required([['code', b.code, 'Tesis kodu'], ['name', b.name, 'Tesis adı']]);
  const set = tesisColumns(b);
  const dup = await a.db.selectFrom('pharmacy_tesis').select(['id']).where('company_id', '=', a.companyId).where('code', '=', set.code as string).executeTakeFirst();
  if (dup) throw problems.conflict('Bu tesis kodu zaten kayıtlı.', 'DUPLICATE', 'code');
  const t = await a.db.insertInto('pharmacy_tesis').values({ company_id: a.companyId, ...set } as never).returningAll().executeTakeFirstOrThrow();
  ctx.audit({ action: 'pharmacy.tesis.created', entity: 'pharmacy_tesis', entityId: Number(t.id) });
  ctx.setStatus(201);
  return tesisView(t);
};
/** PUT tesis/{id} and PUT tesis (the id in the body). */
async function updateTesisRow(ctx: RequestContext, id: number, b: TesisInput) {
  const a = actor(ctx);
  const set = tesisColumns(b);
  if (set.code) {
    const dup = await a.db.selectFrom('pharmacy_tesis').select(['id']).where('company_id', '=', a.companyId).where('code', '=', set.code as string).where('id', '<>', id).executeTakeFirst();
    if (dup) throw problems.conflict('Bu tesis kodu zaten kayıtlı.', 'DUPLICATE', 'code');
  }
  const t = await a.db.updateTable('pharmacy_tesis').set({ ...set, updated_at: new Date() } as never).where('company_id', '=', a.companyId).where('id', '=', id).returningAll().executeTakeFirst();
  if (!t) throw problems.notFound('Tesis');
  ctx.audit({ action: 'pharmacy.tesis.updated', entity: 'pharmacy_tesis', entityId: Number(t.id) });
  return tesisView(t);
}
const updateTesis: Handler = async (ctx) => updateTesisRow(ctx, idParam(ctx), body<TesisInput>(ctx));
const updateTesisBody: Handler = async (ctx) => {
  const { id, ...rest } = body<TesisInput & { id: number }>(ctx);
  return updateTesisRow(ctx, id, rest);
};
const deleteTesis: Handler = async (ctx) => {
  const a = actor(ctx);
  const t = await a.db.deleteFrom('pharmacy_tesis').where('company_id', '=', a.companyId).where('id', '=', idParam(ctx)).returning(['id']).executeTakeFirst();
  if (!t) throw problems.notFound('Tesis');
  ctx.audit({ action: 'pharmacy.tesis.deleted', entity: 'pharmacy_tesis', entityId: Number(t.id) });
  ctx.setStatus(204);
  return null;
};

export const handlers: Record<string, Handler> = {
  ereceteRequest, receteSearch, trackingNumberRecetes, preparedRecetes, preparedRecete, preparedReceteSelects, raporList, medulaRapor: rapor, medicineRapor,
  doctorList, selectWarningCode, getEsdeger, saveERecete, savePreparedRecete, saveManualRecete, updateReceteForQr, receteUpdate: updateHandler, receteMajistral: majistral,
  prescriptionCancel, cancelAndDelete, deleteReceteByNo,
  listRecetes, createRecete: createReceteHandler, getRecete: getReceteHandler, updateRecete: updateReceteHandler, updateReceteBody: updateHandler, deleteRecete: deleteReceteHandler,
  listHastaRapors, getHastaRapor, createHastaRapor, updateHastaRapor, updateHastaRaporBody, deleteHastaRapor,
  listTesis, getTesis, createTesis, updateTesis, updateTesisBody, deleteTesis,
};

