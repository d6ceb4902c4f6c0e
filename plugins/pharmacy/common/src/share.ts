import Decimal from 'decimal.js';
import type { ReceteColor, ReceteType, ShareMode } from './recete';

/**
 * The patient's share of a prescription (hasta katılım payı), computed at the counter from the
 * local lists — also when Medula does not answer. Pure: the same input gives the same amounts on
 * the server and in the workbench.
 *
 * THE CONSTANTS ARE CONFIGURABLE DEFAULTS, NOT READ FROM SGK. They are the rules of the SGK
 * Sağlık Uygulama Tebliği (SUT) as a Turkish pharmacist applies them at the counter; a company
 * overrides them in its pharmacy settings (`pharmacy_settings.share_rules`) when SGK changes them.
 * When Medula answers with its own amounts, Medula's amounts win (share_source 'MEDULA').
 *
 * - Reçete katılım payı (prescription co-payment, SUT 1.8.3): a fixed amount per prescription
 *   for up to `prescriptionCopayBoxes` boxes, plus `prescriptionCopayPerExtraBox` for every box
 *   beyond. Default 5 TL up to 3 boxes, +1 TL each further box. Not taken from EXEMPT patients.
 * - İlaç katılım payı (drug co-payment, SUT 1.8.2): a rate of the covered medicine amount (what
 *   the institution would pay: each box at its reference price when the box costs more than it).
 *   Defaults: 20% for active workers (ACTIVE), 10% for retirees and their dependents (RETIRED),
 *   0 for the exempt (EXEMPT).
 * - Fiyat farkı (price difference): for a covered line, max(0, unit price − reference price) ×
 *   count; the patient pays it whatever their status (the institution pays only up to the
 *   equivalent group's reference price).
 * - A line not covered (not on SGK's payment list, or the patient chose to buy it outside the
 *   prescription) is paid wholly by the patient; a prescription of type NonPrescription covers
 *   nothing and takes no co-payment.
 * - Muayene katılım payı (examination co-payment): taken as given (Medula reports it; the
 *   pharmacy collects it on SGK's behalf).
 * - Cap (our decision, as Medula does): the patient never pays more than the prescription's
 *   total; what is left of the total is the institution's.
 * - MANUAL mode (seeds 001 §3 "patient share: by salary or by hand"): the pharmacist's amount,
 *   kept within 0 … total; the components are still reported for the screen.
 * - Rounding: every amount to 2 decimals, half up (kuruş), at the component level: each line's
 *   price difference, the drug co-payment on the sum of covered amounts.
 */
export const PATIENT_STATUSES = ['ACTIVE', 'RETIRED', 'EXEMPT'] as const;
export type PatientStatus = (typeof PATIENT_STATUSES)[number];
export const PATIENT_STATUS_LABELS: Record<PatientStatus, { tr: string; en: string }> = {
  ACTIVE: { tr: 'Çalışan', en: 'Active worker' },
  RETIRED: { tr: 'Emekli', en: 'Retired' },
  EXEMPT: { tr: 'Muaf (gazi, şehit yakını, vb.)', en: 'Exempt (war veterans, etc.)' },
};

export interface ShareRules {
  /** Reçete katılım payı for up to `prescriptionCopayBoxes` boxes (TL). */
  prescriptionCopay: string;
  prescriptionCopayBoxes: number;
  /** Added for every box beyond `prescriptionCopayBoxes` (TL). */
  prescriptionCopayPerExtraBox: string;
  /** İlaç katılım payı rate by patient status (0 … 1). */
  drugCopayRate: Record<PatientStatus, string>;
  /** Prescription colours that take no reçete katılım payı (none by default). */
  prescriptionCopayExemptColors: ReceteColor[];
}

export const DEFAULT_SHARE_RULES: ShareRules = Object.freeze({
  prescriptionCopay: '5.00',
  prescriptionCopayBoxes: 3,
  prescriptionCopayPerExtraBox: '1.00',
  drugCopayRate: Object.freeze({ ACTIVE: '0.20', RETIRED: '0.10', EXEMPT: '0' }) as Record<PatientStatus, string>,
  prescriptionCopayExemptColors: [] as ReceteColor[],
}) as ShareRules;

type Amount = string | number;

export interface ShareLine {
  unitPrice: Amount;
  /** The equivalent group's reference price per box; null when the box has none (pays its price). */
  referencePrice: Amount | null;
  count: number;
  /** Paid by the institution (SGK) at all. */
  covered: boolean;
}

export interface ShareInput {
  lines: ShareLine[];
  type?: ReceteType;
  color?: ReceteColor;
  patientStatus: PatientStatus;
  examinationCopay?: Amount;
  mode?: ShareMode;
  /** The patient's amount in MANUAL mode. */
  manualAmount?: Amount | null;
  /** Overrides of the defaults (a company's settings). */
  rules?: Partial<ShareRules>;
}

export interface ShareResult {
  prescriptionCopay: string;
  drugCopay: string;
  examinationCopay: string;
  priceDifference: string;
  /** What the patient pays for lines the institution does not cover. */
  uncovered: string;
  /** The prescription's total: every line at its unit price. */
  total: string;
  patientPayable: string;
  institutionPayable: string;
}

const D = (v: Amount | null | undefined): Decimal => {
  const d = new Decimal(v === null || v === undefined || v === '' ? 0 : String(v).replace(',', '.'));
  if (!d.isFinite()) throw new Error('share: not a finite amount');
  return d;
};
const r2 = (d: Decimal) => d.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
const out = (d: Decimal) => r2(d).toFixed(2);

/**
 * The names a company's settings store the rules under (pharmacy_settings.share_rules is a flat
 * map of name → decimal string or number, the settings page's form), with their labels.
 */
export const SHARE_RULE_KEYS = {
  prescriptionCopay: { tr: 'Reçete katılım payı (TL, ilk kutular)', en: 'Prescription co-payment (TL, first boxes)' },
  prescriptionCopayBoxes: { tr: 'Reçete katılım payına dahil kutu sayısı', en: 'Boxes the prescription co-payment covers' },
  prescriptionCopayPerExtraBox: { tr: 'Her ek kutu için (TL)', en: 'Each further box (TL)' },
  'drugCopayRate.ACTIVE': { tr: 'İlaç katılım payı oranı, çalışan (0–1)', en: 'Drug co-payment rate, active worker (0–1)' },
  'drugCopayRate.RETIRED': { tr: 'İlaç katılım payı oranı, emekli (0–1)', en: 'Drug co-payment rate, retired (0–1)' },
  'drugCopayRate.EXEMPT': { tr: 'İlaç katılım payı oranı, muaf (0–1)', en: 'Drug co-payment rate, exempt (0–1)' },
  prescriptionCopayExemptColors: { tr: 'Reçete katılım payı alınmayan renkler (virgülle)', en: 'Colours without prescription co-payment (comma-separated)' },
} as const;

const amountOr = (v: unknown, fallback: string, max?: string): string => {
  if (v === null || v === undefined || v === '') return fallback;
  try {
    const d = new Decimal(String(v).trim().replace(',', '.'));
    if (!d.isFinite() || d.isNegative() || (max !== undefined && d.greaterThan(max))) return fallback;
    return d.toString();
  } catch {
    return fallback;
  }
};

/**
 * Merges a company's stored rules over the defaults. Takes the nested shape (ShareRules) or the
 * settings' flat one ('drugCopayRate.ACTIVE': '0.2', prescriptionCopayExemptColors: 'GREEN,RED');
 * a value that is not a valid amount (negative, a rate above 1, not a number) keeps the default,
 * so a mistyped setting never stops the counter.
 */
export function shareRules(partial?: Partial<ShareRules> | Record<string, unknown> | null): ShareRules {
  const p = (partial ?? {}) as Record<string, unknown>;
  const d = DEFAULT_SHARE_RULES;
  const nestedRates = (p.drugCopayRate && typeof p.drugCopayRate === 'object' ? p.drugCopayRate : {}) as Record<string, unknown>;
  const rate = (s: PatientStatus) => amountOr(p[`drugCopayRate.${s}`] ?? nestedRates[s], d.drugCopayRate[s], '1');
  const boxes = Number(amountOr(p.prescriptionCopayBoxes, String(d.prescriptionCopayBoxes)));
  const colorsRaw = p.prescriptionCopayExemptColors;
  const colors = (Array.isArray(colorsRaw) ? colorsRaw : typeof colorsRaw === 'string' ? colorsRaw.split(/[,; ]+/) : d.prescriptionCopayExemptColors)
    .map((c) => String(c).trim().toUpperCase()).filter((c) => c !== '') as ReceteColor[];
  return {
    prescriptionCopay: amountOr(p.prescriptionCopay, d.prescriptionCopay),
    prescriptionCopayBoxes: Number.isInteger(boxes) ? boxes : d.prescriptionCopayBoxes,
    prescriptionCopayPerExtraBox: amountOr(p.prescriptionCopayPerExtraBox, d.prescriptionCopayPerExtraBox),
    drugCopayRate: { ACTIVE: rate('ACTIVE'), RETIRED: rate('RETIRED'), EXEMPT: rate('EXEMPT') },
    prescriptionCopayExemptColors: colors,
  };
}

/** The prescription co-payment for a number of covered boxes (0 boxes: none). */
export function prescriptionCopayFor(boxes: number, rules: ShareRules = DEFAULT_SHARE_RULES): Decimal {
  if (boxes <= 0) return new Decimal(0);
  const extra = Math.max(0, boxes - rules.prescriptionCopayBoxes);
  return D(rules.prescriptionCopay).plus(D(rules.prescriptionCopayPerExtraBox).times(extra));
}

export function computeShare(input: ShareInput): ShareResult {
  const rules = shareRules(input.rules);
  const noCoverage = input.type === 'NonPrescription';
  let total = new Decimal(0);
  let covered = new Decimal(0);
  let priceDifference = new Decimal(0);
  let uncovered = new Decimal(0);
  let coveredBoxes = 0;
  for (const l of input.lines) {
    if (!Number.isInteger(l.count) || l.count < 0) throw new Error('share: a line count must be a whole number ≥ 0');
    const unit = D(l.unitPrice);
    if (unit.isNegative()) throw new Error('share: a unit price cannot be negative');
    const lineTotal = unit.times(l.count);
    total = total.plus(lineTotal);
    if (!l.covered || noCoverage) {
      uncovered = uncovered.plus(lineTotal);
      continue;
    }
    coveredBoxes += l.count;
    const ref = l.referencePrice === null || l.referencePrice === undefined || l.referencePrice === '' ? null : D(l.referencePrice);
    const paidPerBox = ref === null ? unit : Decimal.min(unit, Decimal.max(ref, 0));
    covered = covered.plus(paidPerBox.times(l.count));
    priceDifference = priceDifference.plus(r2(unit.minus(paidPerBox).times(l.count)));
  }
  const status = input.patientStatus;
  const exempt = status === 'EXEMPT' || (input.color !== undefined && rules.prescriptionCopayExemptColors.includes(input.color));
  const prescriptionCopay = exempt || noCoverage ? new Decimal(0) : r2(prescriptionCopayFor(coveredBoxes, rules));
  const rate = D(rules.drugCopayRate[status] ?? 0);
  const drugCopay = noCoverage ? new Decimal(0) : r2(covered.times(rate));
  const examinationCopay = r2(Decimal.max(D(input.examinationCopay ?? 0), 0));
  const t = r2(total);
  let patient: Decimal;
  if ((input.mode ?? 'SALARY') === 'MANUAL') {
    patient = r2(D(input.manualAmount ?? 0));
  } else {
    patient = prescriptionCopay.plus(drugCopay).plus(examinationCopay).plus(r2(priceDifference)).plus(r2(uncovered));
  }
  patient = Decimal.min(Decimal.max(patient, 0), t);
  return {
    prescriptionCopay: out(prescriptionCopay),
    drugCopay: out(drugCopay),
    examinationCopay: out(examinationCopay),
    priceDifference: out(priceDifference),
    uncovered: out(uncovered),
    total: out(t),
    patientPayable: out(patient),
    institutionPayable: out(t.minus(patient)),
  };
}
