/**
 * Medicines (issue 12; seeds 001 §3 "medicine (with price)", §7 medicines, medicines with price,
 * vademecum): the list every company shares, built from the public lists of TİTCK (SKRS
 * e-prescription list, licensed products, reference prices in €) and SGK (EK-4/A).
 */

/** The lists a medicine row comes from. */
export const MEDICINE_SOURCES = ['SKRS_ACTIVE', 'SKRS_PASSIVE', 'SGK_EK4A', 'TITCK_LICENSED', 'TITCK_GKF'] as const;
export type MedicineSource = (typeof MEDICINE_SOURCES)[number];
export const MEDICINE_SOURCE_LABELS: Record<MedicineSource, { tr: string; en: string }> = {
  SKRS_ACTIVE: { tr: 'SKRS e-reçete (aktif)', en: 'SKRS e-prescription (active)' },
  SKRS_PASSIVE: { tr: 'SKRS e-reçete (pasif)', en: 'SKRS e-prescription (passive)' },
  SGK_EK4A: { tr: 'SGK EK-4/A', en: 'SGK EK-4/A' },
  TITCK_LICENSED: { tr: 'TİTCK ruhsatlı ürünler', en: 'TİTCK licensed products' },
  TITCK_GKF: { tr: 'TİTCK referans fiyat (GKF €)', en: 'TİTCK reference price (GKF €)' },
};

/** Where a medicine's price in the "with price" list comes from. */
export const MEDICINE_PRICE_SOURCES = ['PRODUCT', 'REFERENCE'] as const;
export type MedicinePriceSource = (typeof MEDICINE_PRICE_SOURCES)[number];
export const MEDICINE_PRICE_SOURCE_LABELS: Record<MedicinePriceSource, { tr: string; en: string }> = {
  PRODUCT: { tr: 'Eczane fiyatı', en: "Pharmacy's price" },
  REFERENCE: { tr: 'Referans fiyat (GKF € × TCMB kuru; perakende fiyat değildir)', en: 'Reference price (GKF € × TCMB rate; not a retail price)' },
};

/** Upper-case ASCII form for matching Turkish names typed any way ('çözelti' finds 'COZELTI'). */
export function foldTurkish(s: string): string {
  return s
    .replace(/[çÇ]/g, 'C').replace(/[ğĞ]/g, 'G').replace(/[ıİ]/g, 'I').replace(/[öÖ]/g, 'O').replace(/[şŞ]/g, 'S').replace(/[üÜ]/g, 'U')
    .toUpperCase();
}

/**
 * The pharmaceutical form read from a medicine's name (the lists carry no form column): OUR OWN
 * HEURISTIC for equivalents when a medicine has no SGK equivalent group. The first matching
 * keyword wins, so the more specific ones come first (FILM KAPLI TABLET before TABLET).
 */
const FORMS: [string, RegExp][] = [
  ['EFFERVESCENT_TABLET', /\bEF+ERVES[AE]N\b.*\bTABLET/],
  ['ORALLY_DISPERSIBLE_TABLET', /\b(AGIZDA DAGILAN|ORODISPERSIBL|DISPERSIBL)/],
  ['MODIFIED_RELEASE_TABLET', /\b(UZATILMIS|KONTROLLU|DEGISTIRILMIS|MODIFIYE) SALIMLI\b|\b(SR|XR|XL|CR|MR|RETARD)\b.*TABLET/],
  ['TABLET', /\bTABLET|\bTB\b|\bTAB\b|\bDRAJE/],
  ['CAPSULE', /\bKAPSUL|\bKAP\b|\bCAPS/],
  ['SACHET', /\bSASE|\bGRANUL/],
  ['SYRUP', /\bSURUP/],
  ['ORAL_SUSPENSION', /\bORAL SUSPANSIYON|\bSUSPANSIYON ICIN|\bSUSP/],
  ['ORAL_DROPS', /\bORAL DAMLA/],
  ['EYE_DROPS', /\bGOZ DAMLA|\bOFTALMIK/],
  ['EAR_DROPS', /\bKULAK DAMLA/],
  ['NASAL_SPRAY', /\bBURUN SPREY|\bNAZAL/],
  ['INHALATION', /\bINHAL|\bAEROSOL|\bNEBUL/],
  ['INJECTION', /\bENJEKSIYON|\bINFUZYON|\bAMPUL|\bFLAKON|\bENJEKTOR|\bKALEM|\bIV\b|\bIM\b/],
  ['SUPPOSITORY', /\bSUPOZITUAR|\bSUPP?\b|\bOVUL/],
  ['CREAM', /\bKREM/],
  ['OINTMENT', /\bPOMAD|\bMERHEM/],
  ['GEL', /\bJEL\b|\bGEL\b/],
  ['PATCH', /\bFLASTER|\bTRANSDERMAL|\bBANT\b/],
  ['SOLUTION', /\bSOLUSYON|\bCOZELTI|\bSOL\b/],
  ['DROPS', /\bDAMLA/],
  ['SPRAY', /\bSPREY/],
];

export function dosageForm(name: string): string | null {
  const n = foldTurkish(name);
  for (const [form, re] of FORMS) if (re.test(n)) return form;
  return null;
}

/**
 * The strength read from the name: the first "number unit" (MG, MCG, G, ML, IU, %), normalised
 * ('500 MG', '%0.9', '40MG/ML' → '40 MG/ML'); null when none. OUR OWN HEURISTIC, as dosageForm.
 */
export function strengthOf(name: string): string | null {
  const n = foldTurkish(name).replace(/(\d),(\d)/g, '$1.$2');
  const pct = /%\s*(\d+(?:\.\d+)?)/.exec(n);
  const unit = /(\d+(?:\.\d+)?)\s*(MG|MCG|µG|G|IU|UI|U|ML)\b(\s*\/\s*(\d+(?:\.\d+)?\s*)?(ML|G|DOZ|DOZE|SAAT|H))?/.exec(n);
  const first = [pct && { at: pct.index, v: `%${Number(pct[1])}` }, unit && { at: unit.index, v: `${Number(unit[1])} ${unit[2]}${unit[3] ? `/${(unit[4] ?? '').trim() ? `${Number(unit[4])} ` : ''}${unit[5]}` : ''}` }]
    .filter((x): x is { at: number; v: string } => !!x)
    .sort((a, b) => a.at - b.at)[0];
  return first?.v ?? null;
}
