/**
 * Medula (SGK's prescription service for pharmacies): what the server and the workbench share.
 * The types, colours, versions, MEDULA_STEPS and LOGIN_STATES are in ./recete.
 */
import type { MedulaStep } from './recete';

/**
 * The e-prescriptions the Medula sandbox always holds (fixed numbers: 7 alphanumerics like real
 * e-prescription numbers). GREEN holds two drugs whose boxes have synthetic DataMatrix codes
 * (DEMO_GREEN_SCANNABLE, from the shared synthetic examples) and one green-list drug; the others a
 * drug of their own colour from the SKRS list. NORMAL_REPORT's drug is covered by a report.
 */
export const DEMO_ERECETE = {
  NORMAL: 'Y100001',
  RED: 'Y100002',
  GREEN: 'Y100003',
  PURPLE: 'Y100004',
  ORANGE: 'Y100005',
  NORMAL_REPORT: 'Y100006',
} as const;

/**
 * The two lines of the demo GREEN prescription whose boxes can be scanned: barcode and one
 * synthetic DataMatrix of each (rows of gs1_datamatrix_ornekleri_SENTETIK.csv; GS written as \x1d).
 */
export const DEMO_GREEN_SCANNABLE = [
  { barcode: '8699293053019', name: 'OLAXINN 5 MG AGIZDA DAGILAN 28 TABLET', datamatrix: '010869929305301921XEG86M3FP5\x1d1727122810N1VP36' },
  { barcode: '8699680090177', name: 'MOKSEFEN 400 MG 7 FILM TABLET', datamatrix: '0108699680090177212LKU8P0S64NZ\x1d172706001044AHR6' },
] as const;

/** The demo patient of the demo prescriptions (valid-checksum synthetic TCKN). */
export const DEMO_PATIENT_TCKN = '31245678938';

/** The Medula sandbox's user of the public SGK test service (any password is taken by the sandbox). */
export const MEDULA_SANDBOX_USER = '99999999990';

/** True when `v` is a Turkish national ID number: 11 digits, not starting with 0, both check digits right. */
export function isValidTckn(v: unknown): boolean {
  if (typeof v !== 'string' || !/^[1-9][0-9]{10}$/.test(v)) return false;
  const d = [...v].map(Number);
  const odd = d[0]! + d[2]! + d[4]! + d[6]! + d[8]!;
  const even = d[1]! + d[3]! + d[5]! + d[7]!;
  const d10 = (((odd * 7 - even) % 10) + 10) % 10;
  if (d10 !== d[9]) return false;
  const d11 = d.slice(0, 10).reduce((a, b) => a + b, 0) % 10;
  return d11 === d[10];
}

/** Completes 9 digits (first not 0) to a valid TCKN: the two check digits appended. */
export function tcknOf(nine: string): string {
  if (!/^[1-9][0-9]{8}$/.test(nine)) throw new Error(`tcknOf: 9 digits expected, got ${nine}`);
  const d = [...nine].map(Number);
  const odd = d[0]! + d[2]! + d[4]! + d[6]! + d[8]!;
  const even = d[1]! + d[3]! + d[5]! + d[7]!;
  const d10 = (((odd * 7 - even) % 10) + 10) % 10;
  const d11 = (d.reduce((a, b) => a + b, 0) + d10) % 10;
  return `${nine}${d10}${d11}`;
}

/** An e-prescription number: 7 letters or digits (upper case). */
export const ERECETE_NO_PATTERN = /^[0-9A-Z]{7}$/;

/** Medula's own result code of a successful call (sonucKodu). */
export const MEDULA_OK = '0000';

/**
 * The texts of the majistral (compounded medicine) save (seeds 001 §8 quote them in English:
 * 'Majistral medicine saved' / 'could not be saved').
 */
export const MAJISTRAL_TEXTS = {
  saved: { tr: 'Majistral ilaç kaydedildi', en: 'Majistral medicine saved' },
  notSaved: { tr: 'Majistral ilaç kaydedilemedi', en: 'could not be saved' },
} as const;

/** What GET /medula/progress?progressId= answers while (and after) a Medula call runs. */
export interface MedulaProgress {
  progressId: string;
  /** The step now (the last one reached). */
  step: MedulaStep;
  /** Every step reached, in order. */
  steps: MedulaStep[];
  done: boolean;
  /** Set when the call ended with an error. */
  error: string | null;
}

/**
 * Medula's pharmacy-side operations are not publicly documented: these are our own invention
 * (shaped like the documented ones: SOAP, arg0, sonucKodu/sonucMesaji, *DVO), so the sandbox,
 * the docs and the report can say so. ereceteSorgula (saglikTesisiReceteIslemleriWS) is the
 * documented one.
 */
export const MEDULA_INVENTED_OPERATIONS = [
  'guvenlikAnahtariSorgula', 'oturumAc', 'oturumKontrol',
  'receteKaydet', 'receteSil', 'receteListesiSorgula', 'hazirReceteListesiSorgula', 'hazirReceteSorgula',
  'raporListesiSorgula', 'raporSorgula', 'ilacRaporSorgula', 'doktorListesiSorgula', 'uyariKoduListesiSorgula', 'majistralKaydet',
] as const;
export type MedulaInventedOperation = (typeof MEDULA_INVENTED_OPERATIONS)[number];
