import type { TezgahPromiseApi } from '@tezgah/sdk';
import { BOX_STATE_LABELS, RECETE_COLOR_LABELS, type BoxState, type ReceteColor, type RecetePaymentStatus, type ReceteType, type SalePaymentType, type ShareMode } from '@tezgah/pharmacy-common';

/**
 * The pharmacy calls the workbench makes (openapi/pharmacy/*.yaml, paths under
 * /services/onmuhasebe/api as seeds 001 §7 name them). The shapes are written here as the
 * contract describes them; every call goes through `api.request` / `api.list` (the kernel's
 * errors, the x-total-count header), with the path as data so one place names them all.
 */
export const API = '/services/onmuhasebe/api';

export const PATHS = {
  // The prescriptions (H1: prescriptions.yaml, medula.yaml).
  recete: `${API}/recete`,
  recetes: `${API}/recetes`,
  eReceteRequest: `${API}/e-recete-request`,
  saveManualRecete: `${API}/save-manual-recete`,
  saveERecete: `${API}/save-e-recete`,
  getEsdeger: `${API}/get-esdeger`,
  selectWarningCode: `${API}/select-warning-code`,
  updateForQr: `${API}/update-recete-for-qr`,
  isLogged: `${API}/is-logged`,
  loginPage: `${API}/login-page`,
  medulaLogin: `${API}/login`,
  medulaProgress: `${API}/medula/progress`,
  medulaOutbox: `${API}/medula/outbox`,
  medulaOutboxRetry: `${API}/medula/outbox/{id}/retry`,
  preparedRecetes: `${API}/prepared-recetes`,
  preparedRecete: `${API}/prepared-recete`,
  preparedSelects: `${API}/prepared-recete-selects`,
  savePreparedRecete: `${API}/save-prepared-recete`,
  raporList: `${API}/rapor-list`,
  rapor: `${API}/rapor`,
  medicineRapor: `${API}/medicine-rapor`,
  hastaRapors: `${API}/hasta-rapors`,
  hastaRapor: `${API}/hasta-rapors/{id}`,
  doctorList: `${API}/doctor-list`,
  tesisList: `${API}/tesis`,
  tesis: `${API}/tesis/{id}`,
  majistral: `${API}/majistral`,
  prescriptionCancel: `${API}/prescriptionCancel`,
  cancelAndDelete: `${API}/cancelAndDelete`,
  vademecumToken: `${API}/vademecum-iframe-token`,
  vademecumMedicine: `${API}/vademecum-medicine/{barcode}`,
  // The counter (lead: sale.yaml).
  counter: `${API}/recetes/{id}/counter`,
  receteBoxes: `${API}/recetes/{id}/boxes`,
  receteBox: `${API}/recetes/{id}/boxes/{scanId}`,
  share: `${API}/recetes/{id}/share`,
  invoice: `${API}/recetes/invoice`,
  /** The accounting plugin's payment types and the methods other plugins contribute (the POS plugin's 'pos.device'). */
  paymentMethods: `${API}/payment-methods`,
  unlinkInvoice: `${API}/recetes/unlink-invoice/{id}/{paymentType}`,
  // Drug tracking (H2: tracking.yaml).
  itsRequest: `${API}/its/request`,
  itsCheckStatus: `${API}/its/check-status`,
  itsSaleCancel: `${API}/its/sale-cancel`,
  boxes: `${API}/pharmacy-boxes`,
  boxDetail: `${API}/pharmacy-boxes/{id}`,
  boxStock: `${API}/pharmacy-box-stock`,
  boxesReceive: `${API}/pharmacy-boxes/receive`,
  outbox: `${API}/its/outbox`,
  outboxRetry: `${API}/its/outbox/{id}/retry`,
  // Emanet (H3: emanet.yaml) and medicines (medicines.yaml).
  creditProducts: `${API}/credit-products`,
  creditProductsList: `${API}/credit-products-list`,
  currentsCreditProducts: `${API}/currents-credit-products`,
  medicines: `${API}/medicines`,
  equivalents: `${API}/medicines/{barcode}/equivalents`,
  currents: `${API}/currents`,
  /** The accounting plugin's products (products.yaml), asked by barcode before a scan. */
  products: `${API}/products`,
  // Settings (lead: settings.yaml).
  settings: `${API}/pharmacy-settings`,
} as const;

export interface Person { tckn?: string | null; name?: string | null; surname?: string | null }
export interface Amounts {
  prescriptionCopay: string; examinationCopay: string; drugCopay: string; priceDifference: string;
  total: string; patientPayable: string; institutionPayable: string;
}
export interface Recete {
  id: number;
  receteNo: string;
  ereceteNo?: string | null;
  type: ReceteType;
  version?: string | null;
  /** One of RECETE_COLORS. */
  color: ReceteColor;
  subType?: string | null;
  provisionType?: string | null;
  patient?: (Person & { birthDate?: string | null; gender?: string | null }) | null;
  receiver?: Person | null;
  receteDate?: string | null;
  trackingNo?: string | null;
  protocolNo?: string | null;
  facilityCode?: string | null;
  hospital?: string | null;
  doctor?: (Person & { branch?: string | null }) | null;
  diagnoses?: { code: string; name?: string | null }[];
  medulaState?: string | null;
  paymentStatus?: RecetePaymentStatus | null;
  paymentType?: SalePaymentType | null;
  shareMode?: ShareMode | null;
  patientStatus?: 'ACTIVE' | 'RETIRED' | 'EXEMPT' | null;
  /** MEDULA: the share came from Medula; LOCAL: from the local lists (Medula was unreachable). */
  shareSource?: string | null;
  amounts?: Amounts | null;
  invoiceId?: number | null;
  invoiceNo?: string | null;
  // The prescriptions area (prescriptions.yaml Recete) answers the patient and the doctor flat.
  patientTckn?: string | null; patientName?: string | null; patientSurname?: string | null;
  doctorName?: string | null; doctorSurname?: string | null; doctorBranch?: string | null;
}
/** A prescription colour's label (the contract types the colour as a string; an unknown one is shown as it is). */
export function colorLabel(color: string, lang: 'tr' | 'en'): string {
  return (RECETE_COLOR_LABELS as Record<string, { tr: string; en: string } | undefined>)[color]?.[lang] ?? color;
}
/** A box state's label (an unknown one is shown as it is). */
export function boxStateLabel(state: string, lang: 'tr' | 'en'): string {
  return (BOX_STATE_LABELS as Record<string, { tr: string; en: string } | undefined>)[state]?.[lang] ?? state;
}
/** The patient's and the doctor's names, whichever shape the prescription came in. */
export function patientOf(r: Recete): { name: string; tckn: string } {
  return { name: [r.patient?.name ?? r.patientName, r.patient?.surname ?? r.patientSurname].filter(Boolean).join(' '), tckn: r.patient?.tckn ?? r.patientTckn ?? '' };
}
export function doctorOf(r: Recete): { name: string; branch: string } {
  return { name: [r.doctor?.name ?? r.doctorName, r.doctor?.surname ?? r.doctorSurname].filter(Boolean).join(' '), branch: r.doctor?.branch ?? r.doctorBranch ?? '' };
}
export interface ScannedBox { scanId: number; barcode?: string; gtin: string | null; sn: string | null; bn?: string | null; xd?: string | null; productId?: number }
export interface CounterLine {
  id: number;
  lineNo: number;
  barcode: string;
  prescribedBarcode?: string | null;
  name: string;
  productId?: number | null;
  count: number;
  usage?: string | null;
  dose1?: string | null;
  dose2?: string | null;
  period?: number | null;
  periodUnit?: string | null;
  reportNo?: string | null;
  warningCode?: string | null;
  covered?: boolean | null;
  unitPrice?: string | null;
  totalPrice?: string | null;
  referencePrice?: string | null;
  priceDifference?: string | null;
  scanned: ScannedBox[];
}
export interface PharmacyCounter { recete: Recete; medicines: CounterLine[]; extraBoxes?: ScannedBox[] }

export interface Equivalent { barcode: string; name: string; price?: string | null; referencePrice?: string | null; priceDifference?: string | null; match?: string; inStock?: number | null }
export interface WarningCode { code: string; description?: string | null; barcode?: string | null }
export interface InvoiceResult { receteId: number; invoiceId: number; invoiceNo: string; paymentStatus: RecetePaymentStatus }

/** İTS's answer for one product (tracking.yaml ItsProductResult), with our box when we have it. */
export interface ItsProduct { gtin: string; sn: string; uc: string | null; ucMessage: string | null; gln1: string | null; gln2: string | null; boxId?: number | null; state?: BoxState | string | null }
export interface BoxMove { id: number; fromState: BoxState | string | null; toState: BoxState; reason: string; ref: string | null; at: string; byLogin: string | null }
export interface BoxInfo {
  id: number; productId: number | null; gtin: string; barkod: string; sn: string; bn: string | null; xd: string | null; state: BoxState;
  receteId: number | null; invoiceId: number | null; itsUc: string | null; itsMessage: string | null; updatedAt: string; moves?: BoxMove[];
}

/** A product's stock beside its boxes in stock (tracking.yaml PharmacyBoxStock; decimal strings). */
export interface BoxStock { productId: number; name: string; barcode: string; qrTracking: boolean; stockQuantity: string; boxesInStock: string; difference: string }

/** A tracking notification waiting, sent or refused (tracking.yaml TrackingOutboxItem). */
export interface OutboxItem {
  id: number; system: 'ITS' | 'UTS'; kind: 'ITS_SALE' | 'ITS_SALE_CANCEL' | 'ITS_ACCEPT' | 'UTS_HANDOVER'; state: 'WAITING' | 'SENT' | 'FAILED'; attempts: number; lastError: string | null;
  nextAttemptAt: string | null; createdAt: string; sentAt: string | null; invoiceId: number | null; receteId: number | null; ref: string | null; boxIds: number[];
}
/** A prescription save or deletion waiting for Medula (medula.yaml MedulaOutboxItem). */
export interface MedulaOutboxItem {
  id: number; receteId: number; kind: 'SAVE' | 'DELETE'; islemNo: string; status: 'PENDING' | 'DONE' | 'FAILED' | 'CANCELLED'; attempts: number;
  nextAttemptAt: string; lastError: string | null; ereceteNo?: string | null; receteNo?: string | null; createdAt: string; doneAt?: string | null;
}

/** Medula's prepared prescription (prescriptions.yaml ReceteMedulaSummary / RecetePrepared). */
export interface PreparedSummary {
  receteNo: string; ereceteNo: string | null; trackingNo: string | null; receteDate: string | null; patientTckn: string;
  patientName: string | null; patientSurname: string | null; total: string | null; state: string | null; receteId: number | null;
}
export interface PreparedMedicine { barcode: string; name: string | null; count: number; usage: string | null; dose1: number | null; dose2: number | null; period: number | null; periodUnit: string | null }
export interface PreparedRecete extends PreparedSummary { doctorName: string | null; doctorSurname: string | null; facilityCode: string | null; medicines: PreparedMedicine[] }
export interface Code { code: string; name?: string | null }
/** A report read from Medula (prescriptions.yaml ReceteRapor). */
export interface Rapor {
  id?: number | null; reportNo: string; reportDate?: string | null; startDate?: string | null; endDate?: string | null; facilityCode?: string | null; facilityName?: string | null;
  patientTckn: string; reportType?: string | null; doctorName?: string | null; doctorSurname?: string | null; diagnoses?: Code[];
  activeSubstances?: { code: string; name: string | null; dose1: number | null; dose2: number | null; period: number | null; periodUnit: string | null }[]; barcodes?: string[];
}
/** A patient report kept (prescriptions.yaml HastaRapor). */
export interface HastaRapor {
  id: number; reportNo: string; patientTckn: string; patientName?: string | null; patientSurname?: string | null; reportDate?: string | null; startDate?: string | null; endDate?: string | null;
  facilityCode?: string | null; facilityName?: string | null; reportType?: string | null; doctorName?: string | null; doctorSurname?: string | null;
  diagnoses?: Record<string, unknown>[]; activeSubstances?: Record<string, unknown>[]; barcodes?: string[]; description?: string | null; source: 'MEDULA' | 'MANUAL';
}
export interface Doctor { tckn: string; name?: string | null; surname?: string | null; branchCode?: string | null; branch?: string | null; certificate?: string | null; diplomaNo?: string | null; facilityCode?: string | null }
export interface Tesis { id: number; code: string; name: string; city?: string | null; kind?: string | null }
export interface MajistralResult { errorMessage: string | null; message: string }
export interface MedulaResult { queued: boolean; outboxId?: number | null; warning?: string | null; recete: Recete }

export const CREDIT_STATES = ['PENDING', 'ON_CREDIT', 'COMPLETED', 'CANCEL'] as const;
export type CreditState = (typeof CREDIT_STATES)[number];
export interface CreditProduct {
  id: number; currentId: number; currentName?: string | null; state: CreditState; medicineName: string; barcode?: string | null;
  qrCode?: string | null; givenDate: string; dueDate?: string | null; quantity?: number | null;
}
export interface Medicine { id?: number; barcode: string; name: string; price?: string | null; color?: string | null }
export interface Current { id: number; name: string; lastName?: string | null }

export interface PharmacySettings {
  medula: { mode: 'sandbox' | 'live'; username?: string | null; passwordSet?: boolean; pharmacyCode?: string | null };
  its: { mode: 'sandbox' | 'live'; username?: string | null; passwordSet?: boolean };
  uts: { mode: 'sandbox' | 'live'; tokenSet?: boolean };
  shareRules?: Record<string, unknown> | null;
}

type Loose = (method: string, path: string, init?: object) => Promise<unknown>;
type LooseList = (path: string, init?: object) => Promise<{ items: unknown[]; total: number }>;
/** `api.request` / `api.list` with the path as data (the paths are the contract's, above). */
export const call = (api: TezgahPromiseApi) => api.request as unknown as Loose;
export const page = (api: TezgahPromiseApi) => api.list as unknown as LooseList;

/** Query values without the empty ones (an empty filter is no filter). */
export function query(q: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0)));
}

/** The problem's code (MEDULA_UNAVAILABLE, BAD_DATAMATRIX …) of a failed call. */
export function codeOf(e: unknown): string | undefined {
  const x = e as { code?: unknown; problem?: { code?: unknown } } | null;
  const c = x?.code ?? x?.problem?.code;
  return typeof c === 'string' ? c : undefined;
}

export function statusOf(e: unknown): number | undefined {
  const s = (e as { status?: unknown } | null)?.status;
  return typeof s === 'number' ? s : undefined;
}

/** The server's words for a failure: its detail, else its title. */
export function wordsOf(e: unknown): string {
  const x = e as { detail?: unknown; title?: unknown; message?: unknown } | null;
  for (const v of [x?.detail, x?.title, x?.message]) if (typeof v === 'string' && v.trim()) return v.trim();
  return '';
}

/** Medula could not be reached (the server answers 503 MEDULA_UNAVAILABLE, or the call timed out at the gateway). */
export function isMedulaDown(e: unknown): boolean {
  return codeOf(e) === 'MEDULA_UNAVAILABLE' || (statusOf(e) === 503 && codeOf(e) === undefined);
}

/** Medula wants a login first (no session with Medula for this pharmacy). */
export function needsMedulaLogin(e: unknown): boolean {
  const c = codeOf(e);
  return c === 'MEDULA_NOT_LOGGED' || c === 'MEDULA_LOGIN_REQUIRED';
}

/** Normalises what a search or a read answers (one prescription, a list, or a counter) to the prescription found, if any. */
export function receteOf(x: unknown): Recete | null {
  if (!x) return null;
  if (Array.isArray(x)) return (x[0] as Recete | undefined) ?? null;
  const o = x as { recete?: Recete; id?: number };
  if (o.recete && typeof o.recete === 'object') return o.recete;
  return typeof o.id === 'number' ? (o as Recete) : null;
}
