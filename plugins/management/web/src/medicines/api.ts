import type { TezgahPromiseApi } from '@tezgah/sdk';
import { call } from '../announcements/api';

/** The medicine-management calls (openapi/pharmacy/medicines.yaml: the pharmacy plugin's master). */
export const API = '/services/onmuhasebe/api';
export const MEDICINE_PATHS = {
  medicines: `${API}/medicines`,
  medicine: `${API}/medicines/{barcode}`,
  withdraw: `${API}/medicines/{barcode}/withdraw`,
  importFile: `${API}/medicines/import`,
  statuses: `${API}/medicine-creation-statuses`,
  status: `${API}/medicine-creation-statuses/{companyId}`,
} as const;

export type MedicineColor = 'NORMAL' | 'RED' | 'GREEN' | 'PURPLE' | 'ORANGE';
export interface MasterMedicine {
  barcode: string; name: string; atcCode: string | null; atcName: string | null; substance: string | null; firm: string | null; color: MedicineColor | null;
  active: boolean; sgkPublicNo: string | null; equivalentGroup: string | null; referencePriceEur: string | null; licenceNo: string | null; licenceDate: string | null;
  withdrawnAt?: string | null; sources: string[];
}
export type ChangeKind = 'NEW' | 'PRICE' | 'CHANGED' | 'WITHDRAWN';
export const CHANGE_KINDS: ChangeKind[] = ['NEW', 'PRICE', 'CHANGED', 'WITHDRAWN'];
export interface ImportChange { kind: ChangeKind; barcode: string; name: string; changes: { field: string; from: string | null; to: string | null }[] }
export interface ImportResult {
  list: 'TITCK_LICENSED' | 'TITCK_GKF'; dryRun: boolean; rows: number; counts: Record<ChangeKind, number>; total: number; unmatched: number;
  skipped?: { row: number; reason: string }[]; changes: ImportChange[]; tookMs: number;
}
export type CreationState = 'NONE' | 'RUNNING' | 'DONE' | 'FAILED';
export interface CreationStatus {
  companyId: number; companyName: string; taxNumber: string | null; status: CreationState; created: number; skipped: number;
  startedAt: string | null; finishedAt: string | null; error: string | null; startedBy: string | null;
}

/** A medicine form's fields as typed. */
export interface MedicineDraft {
  barcode: string; name: string; atcCode: string; substance: string; firm: string; color: MedicineColor | ''; referencePriceEur: string; licenceNo: string; licenceDate: string; active: boolean;
}
export const newMedicine = (): MedicineDraft => ({ barcode: '', name: '', atcCode: '', substance: '', firm: '', color: 'NORMAL', referencePriceEur: '', licenceNo: '', licenceDate: '', active: true });
export const medicineDraft = (m: MasterMedicine): MedicineDraft => ({
  barcode: m.barcode, name: m.name, atcCode: m.atcCode ?? '', substance: m.substance ?? '', firm: m.firm ?? '', color: m.color ?? '',
  referencePriceEur: m.referencePriceEur ?? '', licenceNo: m.licenceNo ?? '', licenceDate: m.licenceDate ?? '', active: m.active,
});

/** True for a GTIN-13 whose last digit is its check digit (as the server checks it). */
export function validGtin13(code: string): boolean {
  if (!/^\d{13}$/.test(code)) return false;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(code[i]) * (i % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10 === Number(code[12]);
}

/** The body of POST /medicines (with the barcode) or PUT /medicines/{barcode}, or the key of what is wrong. */
export function medicineBody(d: MedicineDraft, creating: boolean): { body: Record<string, unknown> } | { error: string } {
  if (creating && !validGtin13(d.barcode.trim())) return { error: 'barcodeInvalid' };
  if (!d.name.trim()) return { error: 'nameNeeded' };
  const atc = d.atcCode.trim().toUpperCase();
  if (atc && !/^[A-Z](\d{2}([A-Z]([A-Z](\d{2})?)?)?)?$/.test(atc)) return { error: 'atcInvalid' };
  const price = d.referencePriceEur.trim().replace(',', '.');
  if (price && !/^\d{1,13}(\.\d{1,2})?$/.test(price)) return { error: 'priceInvalid' };
  const opt = (s: string) => (s.trim() ? s.trim() : null);
  return {
    body: {
      ...(creating ? { barcode: d.barcode.trim() } : {}), name: d.name.trim(), atcCode: atc || null, substance: opt(d.substance), firm: opt(d.firm),
      color: d.color || null, referencePriceEur: price || null, licenceNo: opt(d.licenceNo), licenceDate: opt(d.licenceDate), active: d.active,
    },
  };
}

/** POST /medicines/import: the file under the field `file`, the FormData sent as it is. */
export function uploadMedicineList(api: TezgahPromiseApi, file: File, dryRun: boolean): Promise<ImportResult> {
  const form = new FormData();
  form.append('file', file, file.name);
  return call(api)('POST', MEDICINE_PATHS.importFile, { params: { query: { dryRun, limit: 50 } }, body: form, bodySerializer: (b: FormData) => b }) as Promise<ImportResult>;
}
