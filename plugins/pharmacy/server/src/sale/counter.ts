import Decimal from 'decimal.js';
import type { Kysely } from 'kysely';
import { parseDataMatrix } from '@tezgah/core';
import { Problem, problems, requireAuth, tables, type Handler, type RequestContext } from '@tezgah/server';
import { directoryOf, DOCUMENTS_SERVICE, RETAIL_CURRENT_NAME, type DirectoryService, type DocumentsService } from '@tezgah/accounting-server';
import { IN_STOCK_STATES, type SalePaymentType } from '@tezgah/pharmacy-common';
import type { PharmacyTables } from '../schema';
import { scheduleDelivery, sellBoxes } from '../tracking/index';
import { equivalents, todayOf } from '../medicines/index';
import { completeCreditProductsOfBoxes } from '../emanet/index';

/** A dose as a person writes it: "3", "0.5" (the column keeps three decimals; "3.000" read as three thousand). */
const dose = (v: unknown): string | null => (v === null || v === undefined ? null : new Decimal(v as string).toString());
import { loadShareRules } from '../settings/index';
import { shareOf, type PatientStatus } from './share';
import { boxPrice } from '../prescriptions/index';

/**
 * The counter (issue 12; seeds 001 §3 prescription amounts, §7 recetes/invoice and
 * unlink-invoice): boxes scanned onto a prescription, the patient's share, the payment and the
 * invoice. The prescription row is the sale; the scans are what was dispensed.
 *
 * Decisions (the seeds are silent; docs/architecture.md, Pharmacy):
 * - A prescription line's price is the pharmacy's product price with its KDV (what the patient
 *   and the institution pay per box); the invoice carries the product's price without KDV and the
 *   accounting plugin adds the tax, so the books and the invoice agree with any other sale.
 * - The invoice of a prescription with an institution share is made out to the institution (SGK,
 *   one customer current per company): the patient's share is the payment taken at the counter
 *   (cash or card) and what is left open on the invoice is exactly what SGK owes. The patient is
 *   named in the invoice's explanation. A sale without an institution share (without
 *   prescription, or nothing covered) is invoiced to the patient (by TCKN, else 'Perakende
 *   müşteri'), and may then also stay on the patient's open account.
 * - A QR-tracked box is sold by its serial: scanned boxes only, each once. A product without a
 *   DataMatrix (cosmetics, OTC without QR) is read by its barcode and counted.
 */

type Db = Kysely<PharmacyTables & ScanTables>;
interface ScanTables {
  pharmacy_recete_scans: {
    company_id: number; id: import('kysely').Generated<number>; recete_id: number; recete_medicine_id: number | null; product_id: number; barcode: string;
    gtin: string | null; sn: string | null; bn: string | null; xd: string | null; scanned_at: import('kysely').Generated<Date>; scanned_by: string | null;
  };
}
const db = (ctx: RequestContext) => tables<PharmacyTables & ScanTables>(ctx) as unknown as Db;
const money = (v: Decimal.Value | null | undefined) => new Decimal(v ?? 0).toDecimalPlaces(2).toFixed(2);

export const INSTITUTION_CURRENT_NAME = 'SGK - Sosyal Güvenlik Kurumu';

async function receteRow(d: Db, companyId: number, id: number, lock = false) {
  let q = d.selectFrom('pharmacy_recetes').selectAll().where('company_id', '=', companyId).where('id', '=', id);
  if (lock) q = q.forUpdate();
  const r = await q.executeTakeFirst();
  if (!r) throw problems.notFound('Reçete');
  return r;
}

const pending = (r: { payment_status: string; invoice_id: number | null }) => {
  if (r.invoice_id !== null || r.payment_status !== 'PENDING') {
    throw problems.conflict('Reçetenin satışı tamamlanmış; değiştirmek için önce faturanın bağını kaldırın.', 'RECETE_INVOICED');
  }
};

/** The counter's view: the prescription, its lines with what was scanned on each, the amounts. */
export async function counterView(d: Db, companyId: number, id: number) {
  const r = await receteRow(d, companyId, id);
  const [lines, scans] = await Promise.all([
    d.selectFrom('pharmacy_recete_medicines').selectAll().where('company_id', '=', companyId).where('recete_id', '=', id).orderBy('line_no').execute(),
    d.selectFrom('pharmacy_recete_scans').selectAll().where('company_id', '=', companyId).where('recete_id', '=', id).orderBy('id').execute(),
  ]);
  const scanOut = (s: (typeof scans)[number]) => ({
    scanId: Number(s.id), barcode: s.barcode, gtin: s.gtin, sn: s.sn, bn: s.bn, xd: s.xd ? dayOf(s.xd) : null, productId: Number(s.product_id),
  });
  return {
    recete: {
      id: Number(r.id), receteNo: r.recete_no, ereceteNo: r.erecete_no, type: r.type, version: r.version, color: r.color, subType: r.sub_type, provisionType: r.provision_type,
      patient: { tckn: r.patient_tckn, name: r.patient_name, surname: r.patient_surname, birthDate: r.patient_birth_date ? dayOf(r.patient_birth_date) : null, gender: r.patient_gender },
      receiver: { tckn: r.receiver_tckn, name: r.receiver_name },
      receteDate: r.recete_date ? dayOf(r.recete_date) : null, trackingNo: r.tracking_no, protocolNo: r.protocol_no, facilityCode: r.facility_code, hospital: r.hospital,
      doctor: { tckn: r.doctor_tckn, name: r.doctor_name, surname: r.doctor_surname, branch: r.doctor_branch },
      diagnoses: jsonOf<{ code: string; name: string }[]>(r.diagnoses, []),
      medulaState: r.medula_state, paymentStatus: r.payment_status, paymentType: r.payment_type, shareMode: r.share_mode, patientStatus: r.patient_status, shareSource: r.share_source,
      amounts: {
        prescriptionCopay: money(r.prescription_copay), examinationCopay: money(r.examination_copay), drugCopay: money(r.drug_copay), priceDifference: money(r.price_difference),
        total: money(r.total), patientPayable: money(r.patient_payable), institutionPayable: money(r.institution_payable),
      },
      invoiceId: r.invoice_id === null ? null : Number(r.invoice_id), invoiceNo: r.invoice_no,
    },
    medicines: lines.map((l) => ({
      id: Number(l.id), lineNo: l.line_no, barcode: l.barcode, prescribedBarcode: l.prescribed_barcode, name: l.name, productId: l.product_id === null ? null : Number(l.product_id),
      count: l.count, usage: l.usage, dose1: dose(l.dose1), dose2: dose(l.dose2), period: l.period, periodUnit: l.period_unit, reportNo: l.report_no, warningCode: l.warning_code, covered: l.covered,
      unitPrice: money(l.unit_price), totalPrice: money(l.total_price), referencePrice: l.reference_price === null ? null : money(l.reference_price),
      priceDifference: money(l.price_difference),
      scanned: scans.filter((s) => s.recete_medicine_id !== null && Number(s.recete_medicine_id) === Number(l.id)).map(scanOut),
    })),
    // Read outside the prescription's lines, or onto a line changed since.
    extraBoxes: scans.filter((s) => s.recete_medicine_id === null || !lines.some((l) => Number(l.id) === Number(s.recete_medicine_id))).map(scanOut),
  };
}

function dayOf(v: unknown): string {
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  return String(v).slice(0, 10);
}
function jsonOf<T>(v: unknown, fallback: T): T {
  if (v === null || v === undefined) return fallback;
  if (typeof v === 'string') { try { return JSON.parse(v) as T; } catch { return fallback; } }
  return v as T;
}

/** The product's price with KDV (what a box costs the patient and the institution together), and without. */
async function priceOf(d: Db, dir: DirectoryService, companyId: number, productId: number): Promise<{ gross: Decimal; net: Decimal }> {
  const p = await dir.product(d, companyId, { id: productId });
  const net = new Decimal(p?.salePrice ?? 0);
  return { gross: boxPrice(net, p?.kdvRate ?? 0), net };
}

/**
 * What the institution pays for one box (our reading of SGK's equivalent-medicine rule, SUT
 * 4.4.1: the cheapest equivalent plus a 10% band; the patient pays what the box costs above it):
 * the lowest price among the box's equivalents the pharmacy sells (same SGK equivalent group,
 * else same ATC code, form and strength) and the box itself, plus 10%, with KDV, never above the
 * box's own price. null without any priced equivalent (the institution pays the box's price).
 */
export const EQUIVALENT_BAND = new Decimal('1.10');
async function referencePrice(d: Db, dir: DirectoryService, companyId: number, barcode: string, productId: number, unit: Decimal, day: string): Promise<Decimal | null> {
  const eq = await equivalents(d as unknown as Kysely<any>, dir, barcode, { day, companyId, priced: true }).catch(() => []);
  const own = await priceOf(d, dir, companyId, productId);
  const nets = eq.filter((e) => e.priceSource === 'PRODUCT' && e.price !== null && e.barcode !== barcode).map((e) => new Decimal(e.price!));
  if (nets.length === 0) return null;
  const lowest = Decimal.min(own.net, ...nets);
  const ratio = own.net.isZero() ? new Decimal(1) : own.gross.div(own.net);
  return Decimal.min(lowest.times(EQUIVALENT_BAND).times(ratio).toDecimalPlaces(2), unit);
}

/**
 * Recomputes the lines' prices (scanned quantities × the product's price with KDV), their
 * reference prices and price differences, and the prescription's amounts by its share mode.
 */
export async function recompute(d: Db, dir: DirectoryService, companyId: number, id: number, day: string, opts: { mode?: 'SALARY' | 'MANUAL'; patientStatus?: PatientStatus; examinationCopay?: string | null; manualAmount?: string | null } = {}) {
  const r = await receteRow(d, companyId, id);
  const lines = await d.selectFrom('pharmacy_recete_medicines').selectAll().where('company_id', '=', companyId).where('recete_id', '=', id).orderBy('line_no').execute();
  const scans = await d.selectFrom('pharmacy_recete_scans').select(['recete_medicine_id', 'product_id']).where('company_id', '=', companyId).where('recete_id', '=', id).execute();
  const shareLines: { unitPrice: Decimal; referencePrice: Decimal | null; count: number; covered: boolean }[] = [];
  for (const l of lines) {
    const dispensed = scans.filter((s) => s.recete_medicine_id !== null && Number(s.recete_medicine_id) === Number(l.id)).length;
    const productId = l.product_id ?? scans.find((s) => Number(s.recete_medicine_id) === Number(l.id))?.product_id ?? null;
    const unit = productId === null ? new Decimal(l.unit_price) : (await priceOf(d, dir, companyId, Number(productId))).gross;
    const reference = productId === null ? null : await referencePrice(d, dir, companyId, l.barcode, Number(productId), unit, day);
    const diff = reference === null ? new Decimal(0) : unit.minus(reference).times(dispensed);
    await d.updateTable('pharmacy_recete_medicines').set({
      unit_price: unit.toFixed(2), total_price: unit.times(dispensed).toFixed(2), reference_price: reference?.toFixed(2) ?? null, price_difference: diff.toFixed(2),
      ...(productId !== null && l.product_id === null ? { product_id: Number(productId) } : {}),
    }).where('company_id', '=', companyId).where('id', '=', l.id).execute();
    if (dispensed > 0) shareLines.push({ unitPrice: unit, referencePrice: reference, count: dispensed, covered: l.covered && r.type !== 'NonPrescription' });
  }
  // Products read by barcode or boxes scanned outside the prescription's lines: the patient pays them.
  const extra = scans.filter((s) => s.recete_medicine_id === null || !lines.some((l) => Number(l.id) === Number(s.recete_medicine_id)));
  const byProduct = new Map<number, number>();
  for (const s of extra) byProduct.set(Number(s.product_id), (byProduct.get(Number(s.product_id)) ?? 0) + 1);
  for (const [productId, count] of byProduct) shareLines.push({ unitPrice: (await priceOf(d, dir, companyId, productId)).gross, referencePrice: null, count, covered: false });

  const mode = opts.mode ?? r.share_mode;
  const rules = await loadShareRules(d as unknown as Kysely<any>, companyId);
  const share = shareOf({
    lines: shareLines, type: r.type, color: r.color, mode,
    patientStatus: opts.patientStatus ?? r.patient_status,
    examinationCopay: opts.examinationCopay ?? (r.examination_copay ? String(r.examination_copay) : '0'),
    manualAmount: opts.manualAmount ?? (mode === 'MANUAL' ? String(r.patient_payable) : null), rules,
  });
  await d.updateTable('pharmacy_recetes').set({
    share_mode: mode, patient_status: opts.patientStatus ?? r.patient_status, share_source: mode === 'MANUAL' ? 'MANUAL' : 'LOCAL',
    prescription_copay: share.prescriptionCopay, examination_copay: share.examinationCopay, drug_copay: share.drugCopay, price_difference: share.priceDifference,
    total: share.total, patient_payable: share.patientPayable, institution_payable: share.institutionPayable, updated_at: new Date(),
  }).where('company_id', '=', companyId).where('id', '=', id).execute();
}

const BARCODE = /^[0-9]{8,14}$/;

/** POST /recetes/{id}/boxes: one scan (a DataMatrix, or a plain barcode for a product without one). */
const scanBox: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const { id } = ctx.params as { id: number };
  const code = String((ctx.body as { code: string }).code ?? '').trim();
  const d = db(ctx);
  const r = await receteRow(d, auth.companyId, id, true);
  pending(r);
  const parsed = parseDataMatrix(code);
  const barcode = parsed ? parsed.barkod : (BARCODE.test(code) ? code.replace(/^0(?=\d{13}$)/, '') : null);
  if (!barcode) throw problems.invalidField('code', 'Karekod okunamadı: 01 + 13 haneli barkod, 21 + seri no, 17 + son kullanma tarihi ve 10 + parti no olmalı.', 'BAD_DATAMATRIX');
  if (parsed) {
    // An expired box is never sold (the box in hand is what matters, whatever the product).
    const today = new Date(ctx.services.now().getTime() + 3 * 3600_000).toISOString().slice(0, 10);
    if (parsed.xd < today) throw problems.conflict(`Miadı geçmiş ilaç satılamaz (son kullanma tarihi ${parsed.xd.split('-').reverse().join('.')}).`, 'BOX_EXPIRED');
  }
  const product = await directoryOf(ctx.services).product(d, auth.companyId, { barcode });
  if (!product) throw new Problem(404, 'Ürün bulunamadı', { detail: `${barcode} barkodlu ürün kayıtlı değil; ilaç listesinden ürün oluşturun.`, code: 'NO_PRODUCT_FOR_BARCODE' });
  if (parsed) {
    const box = await d.selectFrom('pharmacy_boxes').select(['id', 'state']).where('company_id', '=', auth.companyId).where('gtin', '=', parsed.gtin).where('sn', '=', parsed.sn).executeTakeFirst();
    if (box && !(IN_STOCK_STATES as readonly string[]).includes(box.state)) {
      throw problems.conflict(`Bu kutu stokta değil (${box.state === 'SOLD' ? 'satılmış' : 'iade edilmiş'}): seri no ${parsed.sn}.`, 'BOX_NOT_IN_STOCK');
    }
    const elsewhere = await d.selectFrom('pharmacy_recete_scans').innerJoin('pharmacy_recetes as r', (j) => j.onRef('r.company_id', '=', 'pharmacy_recete_scans.company_id').onRef('r.id', '=', 'pharmacy_recete_scans.recete_id'))
      .select(['r.id', 'r.recete_no', 'r.payment_status']).where('pharmacy_recete_scans.company_id', '=', auth.companyId)
      .where('pharmacy_recete_scans.gtin', '=', parsed.gtin).where('pharmacy_recete_scans.sn', '=', parsed.sn).where('r.payment_status', '=', 'PENDING').executeTakeFirst();
    if (elsewhere) {
      throw problems.conflict(Number(elsewhere.id) === Number(id) ? 'Bu kutu bu reçetede zaten okundu.' : `Bu kutu ${elsewhere.recete_no} numaralı reçetede okundu.`, Number(elsewhere.id) === Number(id) ? 'BOX_ALREADY_SCANNED' : 'BOX_SCANNED_ELSEWHERE');
    }
  }
  // The line it belongs to: the prescription's line of this barcode (or the one it replaced) that still needs a box.
  const lines = await d.selectFrom('pharmacy_recete_medicines').select(['id', 'count', 'barcode', 'prescribed_barcode']).where('company_id', '=', auth.companyId).where('recete_id', '=', id)
    .where((eb) => eb.or([eb('barcode', '=', barcode), eb('prescribed_barcode', '=', barcode)])).orderBy('line_no').execute();
  let lineId: number | null = null;
  for (const l of lines) {
    const n = await d.selectFrom('pharmacy_recete_scans').select((eb) => eb.fn.countAll<string>().as('n')).where('company_id', '=', auth.companyId).where('recete_medicine_id', '=', l.id).executeTakeFirstOrThrow();
    if (Number(n.n) < l.count) { lineId = Number(l.id); break; }
  }
  // A sale without prescription has no prescribed count: another box of a product read already
  // goes onto its line, which grows below.
  if (lineId === null && lines.length > 0 && r.type === 'NonPrescription') lineId = Number(lines[0]!.id);
  if (lineId === null && lines.length > 0) throw problems.conflict('Bu ilaçtan reçetedeki adet kadar kutu okundu.', 'LINE_FULL');
  if (lineId === null && (r.type === 'EPrescription' || r.type === 'PreparedPrescription')) {
    throw problems.conflict('Bu ilaç reçetede yok; reçetedeki ilaç ya da eşdeğeri okutulmalı.', 'NOT_ON_RECETE');
  }
  if (lineId === null) {
    // A sale without prescription (or a manual one): the product becomes a line of its own.
    const last = await d.selectFrom('pharmacy_recete_medicines').select((eb) => eb.fn.max<number>('line_no').as('n')).where('company_id', '=', auth.companyId).where('recete_id', '=', id).executeTakeFirst();
    const made = await d.insertInto('pharmacy_recete_medicines').values({
      company_id: auth.companyId, recete_id: id, line_no: Number(last?.n ?? 0) + 1, barcode, name: product.name, product_id: Number(product.id), count: 1,
      covered: r.type !== 'NonPrescription', unit_price: '0', total_price: '0', price_difference: '0', discount: '0',
    }).returning('id').executeTakeFirstOrThrow();
    lineId = Number(made.id);
  } else {
    await d.updateTable('pharmacy_recete_medicines').set({ product_id: Number(product.id) }).where('company_id', '=', auth.companyId).where('id', '=', lineId).where('product_id', 'is', null).execute();
  }
  if (r.type !== 'EPrescription' && r.type !== 'PreparedPrescription') {
    // Lines of a counter sale grow with what is read.
    const n = await d.selectFrom('pharmacy_recete_scans').select((eb) => eb.fn.countAll<string>().as('n')).where('company_id', '=', auth.companyId).where('recete_medicine_id', '=', lineId).executeTakeFirstOrThrow();
    const line = await d.selectFrom('pharmacy_recete_medicines').select(['count']).where('company_id', '=', auth.companyId).where('id', '=', lineId).executeTakeFirstOrThrow();
    if (Number(n.n) + 1 > line.count) await d.updateTable('pharmacy_recete_medicines').set({ count: Number(n.n) + 1 }).where('company_id', '=', auth.companyId).where('id', '=', lineId).execute();
  }
  await d.insertInto('pharmacy_recete_scans').values({
    company_id: auth.companyId, recete_id: id, recete_medicine_id: lineId, product_id: Number(product.id), barcode,
    gtin: parsed?.gtin ?? null, sn: parsed?.sn ?? null, bn: parsed?.bn ?? null, xd: parsed?.xd ?? null, scanned_by: auth.login,
  }).execute();
  await recompute(d, directoryOf(ctx.services), auth.companyId, id, todayOf(ctx));
  return counterView(d, auth.companyId, id);
};

/** DELETE /recetes/{id}/boxes/{scanId}: takes a scan back before the sale. */
const removeScan: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const { id, scanId } = ctx.params as { id: number; scanId: number };
  const d = db(ctx);
  pending(await receteRow(d, auth.companyId, id, true));
  const gone = await d.deleteFrom('pharmacy_recete_scans').where('company_id', '=', auth.companyId).where('recete_id', '=', id).where('id', '=', scanId).returning('id').executeTakeFirst();
  if (!gone) throw problems.notFound('Okutulan kutu');
  await recompute(d, directoryOf(ctx.services), auth.companyId, id, todayOf(ctx));
  return counterView(d, auth.companyId, id);
};

const getCounter: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  return counterView(db(ctx), auth.companyId, (ctx.params as { id: number }).id);
};

/** POST /recetes/{id}/share: the patient's share by the rules (salary) or by hand. */
const computeShareHandler: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const { id } = ctx.params as { id: number };
  const b = ctx.body as { mode: 'SALARY' | 'MANUAL'; patientStatus?: PatientStatus; examinationCopay?: string | null; manualAmount?: string | null };
  const d = db(ctx);
  pending(await receteRow(d, auth.companyId, id, true));
  if (b.mode === 'MANUAL' && (b.manualAmount === undefined || b.manualAmount === null)) throw problems.invalidField('manualAmount', 'Elle hasta payı için tutar girin.', 'REQUIRED');
  const amount = (field: string, v: string | null | undefined) => {
    if (v === undefined || v === null) return v;
    let x: Decimal;
    try { x = new Decimal(v.replace(',', '.')); } catch { throw problems.invalidField(field, 'Geçerli bir tutar girin.', 'AMOUNT'); }
    if (!x.isFinite() || x.isNegative() || x.decimalPlaces() > 2 || x.gte(1e9)) throw problems.invalidField(field, 'Tutar sıfır ya da pozitif, en fazla iki ondalıklı olmalı.', 'AMOUNT');
    return x.toFixed(2);
  };
  await recompute(d, directoryOf(ctx.services), auth.companyId, id, todayOf(ctx), { mode: b.mode, patientStatus: b.patientStatus, examinationCopay: amount('examinationCopay', b.examinationCopay), manualAmount: amount('manualAmount', b.manualAmount) });
  return counterView(d, auth.companyId, id);
};

async function institutionCurrent(ctx: RequestContext, d: Db, companyId: number): Promise<number> {
  const docs = ctx.services.service<DocumentsService>(DOCUMENTS_SERVICE);
  const s = await d.selectFrom('pharmacy_settings').select(['institution_current_id']).where('company_id', '=', companyId).executeTakeFirst();
  if (s?.institution_current_id) return Number(s.institution_current_id);
  const { currentId } = await docs.customerCurrent(d, companyId, { taxNumber: null, name: INSTITUTION_CURRENT_NAME });
  await d.insertInto('pharmacy_settings').values({ company_id: companyId, institution_current_id: currentId, share_rules: '{}' } as any)
    .onConflict((oc) => oc.column('company_id').doUpdateSet({ institution_current_id: currentId })).execute();
  return currentId;
}

/** POST /recetes/invoice: the sale's invoice, the payment of the patient's share, the boxes sold. */
const invoiceRecete: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const b = ctx.body as { receteId: number; paymentType: SalePaymentType; safeId?: number | null; bankAccountId?: number | null; method?: string | null };
  const d = db(ctx);
  const r = await receteRow(d, auth.companyId, b.receteId, true);
  pending(r);
  const scans = await d.selectFrom('pharmacy_recete_scans').selectAll().where('company_id', '=', auth.companyId).where('recete_id', '=', r.id).orderBy('id').execute();
  if (scans.length === 0) throw problems.conflict('Satış için en az bir kutu okutun.', 'NO_BOXES');
  // Medula's own amounts (a saved prescription) stand; otherwise the counter's rule computes them now.
  if (r.share_source !== 'MEDULA') await recompute(d, directoryOf(ctx.services), auth.companyId, r.id, todayOf(ctx));
  const now = await receteRow(d, auth.companyId, r.id);
  const patientPays = new Decimal(now.patient_payable);
  const institution = new Decimal(now.institution_payable);
  const docs = ctx.services.service<DocumentsService>(DOCUMENTS_SERVICE);
  const patientName = [now.patient_name, now.patient_surname].filter(Boolean).join(' ');
  let currentId: number;
  if (institution.gt(0)) {
    if (b.paymentType === 'OPEN_ACCOUNT') {
      throw problems.conflict('Kurum payı olan reçetenin faturası kuruma kesilir; hasta payını nakit ya da kartla alın, ya da ilacı emanet olarak verin.', 'RECETE_SHARE_ON_ACCOUNT');
    }
    currentId = await institutionCurrent(ctx, d, auth.companyId);
  } else if (now.patient_tckn && /^[0-9]{11}$/.test(now.patient_tckn)) {
    currentId = (await docs.customerCurrent(d, auth.companyId, { taxNumber: now.patient_tckn, name: now.patient_name ?? 'Hasta', lastName: now.patient_surname })).currentId;
  } else {
    currentId = (await docs.customerCurrent(d, auth.companyId, { taxNumber: null, name: RETAIL_CURRENT_NAME })).currentId;
  }
  // The invoice's lines: what was dispensed, per product, at the product's price without KDV.
  const qty = new Map<number, number>();
  for (const s of scans) qty.set(Number(s.product_id), (qty.get(Number(s.product_id)) ?? 0) + 1);
  const products: { productId: number; quantity: string; unitPrice: string }[] = [];
  for (const [productId, n] of qty) products.push({ productId, quantity: String(n), unitPrice: (await priceOf(d, directoryOf(ctx.services), auth.companyId, productId)).net.toFixed(2) });
  const payments: Parameters<DocumentsService['sale']>[1]['payments'] = [];
  if (patientPays.gt(0) && b.paymentType === 'CASH') payments.push({ paymentType: 'CASH', amount: patientPays.toFixed(2), safeId: b.safeId ?? null, method: b.method ?? null });
  if (patientPays.gt(0) && b.paymentType === 'CREDIT_CARD') {
    // Else the first lira account, a POS account before the others.
    const lira = b.bankAccountId ? [] : await directoryOf(ctx.services).bankAccounts(d, auth.companyId, { currencyId: 1 });
    const bank = b.bankAccountId ?? (lira.find((a) => a.accountType === 'POS') ?? lira[0])?.id ?? null;
    if (!bank) throw problems.invalidField('bankAccountId', 'Kart tahsilatının gireceği bir POS ya da banka hesabı açın.', 'REQUIRED');
    // With a contributed method (the POS plugin's 'pos.device') the card is taken on the terminal of that account.
    payments.push({ paymentType: 'CREDIT_CARD', amount: patientPays.toFixed(2), bankAccountId: Number(bank), method: b.method ?? null });
  }
  const date = new Date(ctx.services.now().getTime() + 3 * 3600_000).toISOString().slice(0, 10);
  const explanation = `Reçete ${now.recete_no}${now.erecete_no ? ` (e-reçete ${now.erecete_no})` : ''}${patientName ? `, hasta: ${patientName}` : ''}${now.patient_tckn ? ` (${now.patient_tckn})` : ''}`;
  const inv = await docs.sale(ctx, { currentId, date, explanation, products, payments, source: { plugin: 'pharmacy', documentNo: now.recete_no } });
  const boxes = scans.filter((s) => s.sn !== null).map((s) => ({ gtin: s.gtin!, sn: s.sn!, bn: s.bn, xd: s.xd ? dayOf(s.xd) : null, productId: Number(s.product_id), receteMedicineId: s.recete_medicine_id === null ? null : Number(s.recete_medicine_id) }));
  if (boxes.length > 0) {
    await sellBoxes(d as unknown as Kysely<any>, auth.companyId, {
      receteId: Number(now.id), invoiceId: inv.invoiceId,
      document: { dd: date, dn: inv.invoiceNo ?? String(inv.invoiceId), dr: now.recete_no, cp: null, eid: now.erecete_no, rkn: now.tracking_no },
      boxes,
    }, auth.login, ctx.services.now());
    scheduleDelivery(ctx, auth.companyId);
    // A box given on deposit earlier is paid for now: its emanet record is completed by this prescription.
    await completeCreditProductsOfBoxes(d, auth.companyId, { boxes, receteId: Number(now.id), receteNo: now.recete_no });
  }
  const status = b.paymentType === 'OPEN_ACCOUNT' && patientPays.gt(0) ? 'ON_CREDIT' : 'COMPLETED';
  await d.updateTable('pharmacy_recetes').set({ invoice_id: inv.invoiceId, invoice_no: inv.invoiceNo, payment_type: b.paymentType, payment_status: status, current_id: currentId, updated_at: new Date() })
    .where('company_id', '=', auth.companyId).where('id', '=', now.id).execute();
  ctx.audit({ action: 'pharmacy.recete.invoiced', entity: 'recete', entityId: Number(now.id), detail: { invoiceId: inv.invoiceId, invoiceNo: inv.invoiceNo, paymentType: b.paymentType, boxes: boxes.length } });
  ctx.emit('pharmacy.recete.invoiced', { receteId: Number(now.id), receteNo: now.recete_no, invoiceId: inv.invoiceId, invoiceNo: inv.invoiceNo, paymentType: b.paymentType });
  return { receteId: Number(now.id), invoiceId: inv.invoiceId, invoiceNo: inv.invoiceNo, paymentStatus: status };
};

/**
 * GET /recetes/unlink-invoice/{id}/{paymentType}: frees a prescription from its invoice once the
 * invoice is cancelled (the cancellation put the stock and the boxes back), to sell it again with
 * another payment type. A live invoice is refused: cancel it first.
 */
const unlinkInvoice: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const { id, paymentType } = ctx.params as { id: number; paymentType: SalePaymentType };
  const d = db(ctx);
  const r = await receteRow(d, auth.companyId, id, true);
  if (r.invoice_id === null) throw problems.conflict('Reçetenin bağlı faturası yok.', 'RECETE_NOT_INVOICED');
  const inv = await directoryOf(ctx.services).invoiceHeader(d, auth.companyId, Number(r.invoice_id));
  if (inv && inv.status !== 'CANCELLED') throw problems.conflict('Fatura iptal edilmeden reçeteden ayrılamaz; önce faturayı iptal edin.', 'INVOICE_NOT_CANCELLED');
  await d.updateTable('pharmacy_recetes').set({ invoice_id: null, invoice_no: null, payment_status: 'PENDING', payment_type: paymentType, updated_at: new Date() })
    .where('company_id', '=', auth.companyId).where('id', '=', id).execute();
  ctx.audit({ action: 'pharmacy.recete.unlinked', entity: 'recete', entityId: Number(id), detail: { invoiceId: r.invoice_id, paymentType } });
  return counterView(d, auth.companyId, id);
};

export const saleHandlers: Record<string, Handler> = {
  getReceteCounter: getCounter, scanReceteBox: scanBox, removeReceteBox: removeScan, computeReceteShare: computeShareHandler,
  invoiceRecete, unlinkReceteInvoice: unlinkInvoice,
};
