import { account, fakeServer, json, type FakeServer } from '../../../../../packages/workbench/test/fake-server';
import type { Declaration, DeclarationType, WithholdingFigures } from './model';

/** Test data and routes for the declaration screens. */
export const API = '/services/onmuhasebe/api';
/** The accounting module (18): view, create, update, delete. */
export const OWNER = ['18_1', '18_2', '18_3', '18_4'];
export const VIEWER = ['18_1'];

const type = (id: number, code: string, name: string, periodKind: DeclarationType['periodKind'], system = true): DeclarationType => ({ id, code, name, periodKind, system, active: true });

export const TYPES: DeclarationType[] = [
  type(1, 'DAMGA', 'Damga Vergisi Beyannamesi', 'MONTHLY'),
  type(2, 'GECICI', 'Geçici Vergi Beyannamesi', 'QUARTERLY'),
  type(3, 'GELIR', 'Gelir Vergisi Beyannamesi', 'YEARLY'),
  type(4, 'KDV1', 'KDV Beyannamesi', 'MONTHLY'),
  type(8, 'KDV2', 'KDV 2 Beyannamesi', 'MONTHLY'),
  type(5, 'KURUMLAR', 'Kurumlar Vergisi Beyannamesi', 'YEARLY'),
  type(6, 'MUHSGK', 'Muhtasar ve Prim Hizmet Beyannamesi', 'MONTHLY'),
  type(7, 'KONAKLAMA', 'Konaklama Vergisi Beyannamesi', 'MONTHLY', false),
];

export const VAT = {
  calculatedVat: 18450.75, deductibleVat: 9999.9, previousCarriedForward: 1250, totalDeductible: 11249.9, payableVat: 7200.85, carriedForwardVat: 0,
  computedDate: '2026-02-01T09:30:00.000Z',
};

/**
 * A KDV 2 draft: cleaning 602 at 9/10 (base 1,000.00, KDV 20 % 200.00, withheld 180.00) and
 * construction 601 at 4/10 (base 5,000.00, KDV 1,000.00, withheld 400.00); 360 holds the same 580.00.
 */
export const WITHHOLDING: WithholdingFigures = {
  rows: [
    { code: '601', ratio: '4/10', vatRate: 20, base: 5000, vat: 1000, withheld: 400 },
    { code: '602', ratio: '9/10', vatRate: 20, base: 1000, vat: 200, withheld: 180 },
  ],
  totals: { base: 6000, vat: 1200, withheld: 580 }, ledgerWithheld: 580, matchesLedger: true, computedDate: '2026-02-01T09:45:00.000Z',
};

const declaration = (id: number, t: DeclarationType, period: string, status: Declaration['status'], o: Partial<Declaration> = {}): Declaration => ({
  id, typeId: t.id, typeCode: t.code, typeName: t.name, periodKind: t.periodKind, period, startDate: null, endDate: null, status,
  statusName: status, explanation: null, vat: null, withholding: null, createdBy: 'muhasebe', createdDate: '2026-02-03T10:00:00.000Z', updatedDate: null,
  statusChangedBy: null, statusChangedDate: null, ...o,
});

export const DECLARATIONS: Declaration[] = [
  declaration(51, TYPES[3]!, '2026-01', 'AWAITING_APPROVAL', { vat: VAT, explanation: 'Defterden hesaplanan taslak' }),
  declaration(52, TYPES[6]!, '2026-01', 'FAULTY'),
  declaration(53, TYPES[3]!, '2025-12', 'APPROVED', { createdDate: '2026-01-20T10:00:00.000Z' }),
  declaration(54, TYPES[0]!, '2025-12', 'CANCELLED'),
  declaration(55, TYPES[4]!, '2026-01', 'AWAITING_APPROVAL', { withholding: WITHHOLDING, explanation: 'KDV 2 taslağı' }),
];

export function declarationServer(codes: string[] = OWNER): FakeServer {
  const s = fakeServer();
  s.setAccount(account({ codes }));
  s.on(`GET ${API}/declaration-types`, () => json(TYPES, { total: TYPES.length }));
  s.on(`GET ${API}/declarations`, () => json(DECLARATIONS, { total: DECLARATIONS.length }));
  return s;
}
