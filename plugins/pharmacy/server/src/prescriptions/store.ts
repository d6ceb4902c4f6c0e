import Decimal from 'decimal.js';
import { sql, type Kysely, type Selectable } from 'kysely';
import { problems } from '@tezgah/server';
import type { DirectoryService } from '@tezgah/accounting-server';
import { SKRS_COLOR, type ReceteColor } from '@tezgah/pharmacy-common';
import type { PharmacyTables } from '../schema';
import { isoDate, RENK_OF_TURU, type EreceteDVO, type EreceteIlacDVO, type MedulaTables } from '../medula/index';

/** A prescription's rows and views (seeds 001 §3 prescription fields, medicines, amounts). */

export type Db = Kysely<PharmacyTables & MedulaTables>;
export type ReceteRow = Selectable<PharmacyTables['pharmacy_recetes']>;
export type LineRow = Selectable<PharmacyTables['pharmacy_recete_medicines']>;

const json = <T>(v: unknown, fallback: T): T => (v === null || v === undefined ? fallback : (typeof v === 'string' ? JSON.parse(v) : v) as T);
const money = (v: unknown) => new Decimal((v as string | number | null) ?? 0).toFixed(2);
const day = (v: unknown): string | null => (v === null || v === undefined ? null : v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10));
const dec = (v: unknown): string | null => (v === null || v === undefined ? null : new Decimal(v as string).toString());

export function lineView(l: LineRow) {
  return {
    id: Number(l.id), lineNo: l.line_no, barcode: l.barcode, prescribedBarcode: l.prescribed_barcode, name: l.name,
    productId: l.product_id === null ? null : Number(l.product_id), count: l.count, usage: l.usage, dose1: dec(l.dose1), dose2: dec(l.dose2),
    period: l.period, periodUnit: l.period_unit, reportNo: l.report_no, warningCode: l.warning_code, covered: l.covered,
    unitPrice: money(l.unit_price), totalPrice: money(l.total_price), referencePrice: l.reference_price === null ? null : money(l.reference_price),
    priceDifference: money(l.price_difference), discount: money(l.discount),
  };
}

/** The API's Recete (list items leave `medicines` out). */
export function receteView(r: ReceteRow, lines?: LineRow[]) {
  return {
    id: Number(r.id), receteNo: r.recete_no, ereceteNo: r.erecete_no, type: r.type, version: r.version, color: r.color, subType: r.sub_type,
    provisionType: r.provision_type,
    patientTckn: r.patient_tckn, patientName: r.patient_name, patientSurname: r.patient_surname, patientBirthDate: day(r.patient_birth_date), patientGender: r.patient_gender,
    receiverTckn: r.receiver_tckn, receiverName: r.receiver_name, purchaseDate: day(r.purchase_date), receteDate: day(r.recete_date),
    serialNo: r.serial_no, trackingNo: r.tracking_no, protocolNo: r.protocol_no, facilityCode: r.facility_code, hospital: r.hospital,
    doctorTckn: r.doctor_tckn, doctorName: r.doctor_name, doctorSurname: r.doctor_surname, doctorBranch: r.doctor_branch,
    doctorCertificate: r.doctor_certificate, doctorDiplomaNo: r.doctor_diploma_no, doctorType: r.doctor_type,
    diagnoses: json<{ code: string; name: string | null }[]>(r.diagnoses, []), explanations: json<{ type: string | null; text: string | null }[]>(r.explanations, []),
    report: json<Record<string, unknown> | null>(r.report, null),
    medulaState: r.medula_state, paymentStatus: r.payment_status, paymentType: r.payment_type, shareMode: r.share_mode, shareSource: r.share_source,
    amounts: {
      prescriptionCopay: money(r.prescription_copay), examinationCopay: money(r.examination_copay), drugCopay: money(r.drug_copay),
      priceDifference: money(r.price_difference), total: money(r.total), patientPayable: money(r.patient_payable), institutionPayable: money(r.institution_payable),
    },
    currentId: r.current_id === null ? null : Number(r.current_id), invoiceId: r.invoice_id === null ? null : Number(r.invoice_id), invoiceNo: r.invoice_no,
    createdBy: r.created_by, createdAt: new Date(r.created_at).toISOString(), updatedAt: new Date(r.updated_at).toISOString(),
    ...(lines ? { medicines: lines.map(lineView) } : {}),
  };
}
export type ReceteView = ReturnType<typeof receteView>;

export async function getRecete(db: Db, companyId: number, id: number): Promise<ReceteRow | undefined> {
  return db.selectFrom('pharmacy_recetes').selectAll().where('company_id', '=', companyId).where('id', '=', id).executeTakeFirst();
}

export async function linesOf(db: Db, companyId: number, receteId: number): Promise<LineRow[]> {
  return db.selectFrom('pharmacy_recete_medicines').selectAll().where('company_id', '=', companyId).where('recete_id', '=', receteId).orderBy('line_no').execute();
}

export async function fullView(db: Db, companyId: number, id: number) {
  const r = await getRecete(db, companyId, id);
  return r ? receteView(r, await linesOf(db, companyId, id)) : null;
}

/** The colour of an e-prescription: Medula's reçete türü (1 normal, 2 red, 3 orange, 4 purple, 5 green). */
export function colorOfTuru(turu: string | null | undefined): ReceteColor {
  const renk = turu ? RENK_OF_TURU[turu] : undefined;
  return (renk && SKRS_COLOR[renk]) || 'NORMAL';
}

/** The company's active products by barcode (the accounting directory's): id and sale price. */
/**
 * What one box costs the patient and the institution together: the product's sale price (kept
 * without KDV, as every product) with its KDV, rounded to the kuruş. A prescription line is priced
 * so from the moment it is read, and again when its boxes are scanned, so a scan never changes a
 * line's price by the tax.
 */
export function boxPrice(salePrice: Decimal.Value, kdvRate: Decimal.Value): Decimal {
  return new Decimal(salePrice).times(new Decimal(1).plus(new Decimal(kdvRate).div(100))).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
}

/** The pharmacy's active products of these barcodes, each with its box price (`boxPrice`). */
export async function productsByBarcode(db: Db, dir: DirectoryService, companyId: number, barcodes: string[]): Promise<Map<string, { id: number; price: string }>> {
  const out = new Map<string, { id: number; price: string }>();
  const found = await dir.productsByBarcodes(db, companyId, barcodes.filter(Boolean), { activeOnly: true });
  for (const [barcode, p] of found) out.set(barcode, { id: p.id, price: boxPrice(p.salePrice, p.kdvRate).toFixed(2) });
  return out;
}

/** The next id of pharmacy_recetes (a new row's local number is 'L' + its id). */
export async function nextReceteId(db: Db): Promise<number> {
  const r = await sql<{ id: string }>`select nextval(pg_get_serial_sequence('pharmacy_recetes', 'id'))::text as id`.execute(db);
  return Number(r.rows[0]!.id);
}

export interface NewLine {
  barcode: string; name?: string | null; count: number; usage?: string | null; dose1?: string | number | null; dose2?: string | number | null;
  period?: number | null; periodUnit?: string | null; reportNo?: string | null; warningCode?: string | null; covered?: boolean; unitPrice?: string | number | null;
}

/**
 * A price a person sends (a majistral's price, a line's unit price): 0 or more with at most two
 * decimals, as a decimal string ("125.40") or a number; anything else ("x", "12,5", "1e309x") is
 * a 400 naming the field, never a DecimalError. Empty is 0.
 */
export function priceIn(v: unknown, field: string): string {
  if (v === undefined || v === null || v === '') return '0.00';
  const text = typeof v === 'number' ? (Number.isFinite(v) ? String(v) : '') : typeof v === 'string' ? v.trim() : '';
  if (!/^[0-9]{1,12}(\.[0-9]{1,2})?$/.test(text)) {
    throw problems.invalidField(field, 'Tutar 0 ya da daha büyük, en çok iki ondalıklı bir sayı olmalı (ör. 125.40).', 'PRICE');
  }
  return new Decimal(text).toFixed(2);
}

/** Writes a prescription's lines (products matched by barcode, prices from the products unless given). */
export async function writeLines(db: Db, dir: DirectoryService, companyId: number, receteId: number, lines: NewLine[], firstLineNo = 1): Promise<void> {
  if (!lines.length) return;
  const products = await productsByBarcode(db, dir, companyId, lines.map((l) => l.barcode));
  const names = await medicineNames(db, lines.filter((l) => !l.name).map((l) => l.barcode));
  await db.insertInto('pharmacy_recete_medicines').values(lines.map((l, i) => {
    const p = products.get(l.barcode);
    const unit = l.unitPrice != null && l.unitPrice !== '' ? new Decimal(priceIn(l.unitPrice, `medicines.${i}.unitPrice`)) : new Decimal(p?.price ?? 0);
    return {
      company_id: companyId, recete_id: receteId, line_no: firstLineNo + i, barcode: l.barcode, name: l.name || names.get(l.barcode) || l.barcode,
      product_id: p?.id ?? null, count: l.count, usage: l.usage ?? null, dose1: l.dose1 ?? null, dose2: l.dose2 ?? null, period: l.period ?? null,
      period_unit: l.periodUnit ?? null, report_no: l.reportNo ?? null, warning_code: l.warningCode ?? null, covered: l.covered ?? true,
      unit_price: unit.toFixed(2), total_price: unit.times(l.count).toFixed(2), price_difference: '0', discount: '0',
    };
  })).execute();
}

/** Names from the shared medicine list (the medicines area's table), when it is there. */
async function medicineNames(db: Db, barcodes: string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (!barcodes.length) return out;
  try {
    const r = await sql<{ barcode: string; name: string }>`select barcode, name from pharmacy_medicines where barcode in (${sql.join(barcodes)})`.execute(db);
    for (const m of r.rows) out.set(m.barcode, m.name);
  } catch {
    // The list is the medicines area's; without it the barcode stands for the name.
  }
  return out;
}

/** Sums the lines into the prescription's total (the share itself is the counter's or Medula's). */
export async function refreshTotal(db: Db, companyId: number, receteId: number): Promise<void> {
  await sql`update pharmacy_recetes set total = coalesce((select sum(total_price) from pharmacy_recete_medicines m where m.company_id = ${companyId} and m.recete_id = ${receteId}), 0), updated_at = now()
    where company_id = ${companyId} and id = ${receteId}`.execute(db);
}

const ilacLine = (i: EreceteIlacDVO): NewLine => ({
  barcode: i.barkod, name: i.ilacAdi, count: i.adet, usage: i.kullanimSekli, dose1: i.kullanimDoz1, dose2: i.kullanimDoz2,
  period: i.kullanimPeriyot === null ? null : Math.trunc(i.kullanimPeriyot), periodUnit: i.kullanimPeriyotBirimi, covered: i.geriOdemeKapsaminda !== 'H',
});

/**
 * Stores an e-prescription read from Medula as an EPrescription (medula_state READ) with its
 * medicines, or answers the one already held for that number (not deleted, not cancelled).
 */
export async function storeErecete(db: Db, dir: DirectoryService, companyId: number, e: EreceteDVO, login: string | null, type: 'EPrescription' | 'PreparedPrescription' = 'EPrescription'): Promise<{ id: number; created: boolean }> {
  const held = await db.selectFrom('pharmacy_recetes').select(['id']).where('company_id', '=', companyId).where('erecete_no', '=', e.ereceteNo)
    .where('medula_state', '<>', 'DELETED').where('payment_status', '<>', 'CANCEL').executeTakeFirst();
  if (held) return { id: Number(held.id), created: false };
  const id = await nextReceteId(db);
  await db.insertInto('pharmacy_recetes').values({
    company_id: companyId, id, recete_no: `L${id}`, erecete_no: e.ereceteNo || null, type, color: colorOfTuru(e.receteTuru), sub_type: e.receteAltTuru,
    provision_type: e.provizyonTipi, patient_tckn: e.kisiDVO.tcKimlikNo || e.tcKimlikNo, patient_name: e.kisiDVO.adi, patient_surname: e.kisiDVO.soyadi,
    patient_birth_date: isoDate(e.kisiDVO.dogumTarihi), patient_gender: e.kisiDVO.cinsiyeti, recete_date: isoDate(e.receteTarihi),
    serial_no: e.seriNo, tracking_no: e.takipNo, protocol_no: e.protokolNo, facility_code: e.tesisKodu,
    hospital: await facilityName(db, companyId, e.tesisKodu),
    doctor_tckn: e.doktorTcKimlikNo, doctor_name: e.doktorAdi, doctor_surname: e.doktorSoyadi, doctor_branch: e.doktorBransKodu, doctor_certificate: e.doktorSertifikaKodu,
    diagnoses: JSON.stringify(e.ereceteTaniListesi.map((t) => ({ code: t.taniKodu, name: t.taniAdi }))),
    explanations: JSON.stringify(e.ereceteAciklamaListesi.map((a) => ({ type: a.aciklamaTuru, text: a.aciklama }))),
    medula_state: 'READ', created_by: login,
  } as never).execute();
  await writeLines(db, dir, companyId, id, e.ereceteIlacListesi.map(ilacLine));
  await refreshTotal(db, companyId, id);
  return { id, created: true };
}

export { ilacLine };

async function facilityName(db: Db, companyId: number, code: string | null): Promise<string | null> {
  if (!code) return null;
  const t = await db.selectFrom('pharmacy_tesis').select(['name']).where('company_id', '=', companyId).where('code', '=', code).executeTakeFirst();
  return t?.name ?? null;
}

/**
 * Makes the request's connection a writer before anything is asked of Medula: an authenticated
 * GET runs first on the read path (PostgreSQL, read-only) and is run again as a writer when it
 * writes; writing nothing first would ask Medula twice.
 */
export async function mustWrite(db: Db): Promise<void> {
  await sql`update pharmacy_recetes set updated_at = updated_at where false`.execute(db);
}
