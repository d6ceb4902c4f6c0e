import Decimal from 'decimal.js';
import { computeShare, RECETE_COLORS, type PatientStatus, type ReceteColor, type ReceteType, type ShareResult } from '@tezgah/pharmacy-common';

export type { PatientStatus };

/** The counter's call of the shared share rule (common/share.ts) with what the prescription row holds. */
export function shareOf(input: {
  lines: { unitPrice: Decimal; referencePrice: Decimal | null; count: number; covered: boolean }[];
  type: ReceteType; color: string; mode: 'SALARY' | 'MANUAL'; patientStatus: PatientStatus;
  examinationCopay: string; manualAmount: string | null; rules: Record<string, unknown>;
}): ShareResult {
  const color = (RECETE_COLORS as readonly string[]).includes(input.color) ? (input.color as ReceteColor) : undefined;
  return computeShare({
    lines: input.lines.map((l) => ({ unitPrice: l.unitPrice.toFixed(2), referencePrice: l.referencePrice?.toFixed(2) ?? null, count: l.count, covered: l.covered })),
    type: input.type, color, patientStatus: input.patientStatus, examinationCopay: input.examinationCopay,
    mode: input.mode, manualAmount: input.manualAmount, rules: input.rules as never,
  });
}
