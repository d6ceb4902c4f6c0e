import { json, type FakeServer } from '../../../../../packages/workbench/test/fake-server';
import { AYSE, moneyServer } from '../finance/testing';
import type { Current } from '../finance/model';
import type { PayrollAccrual, PersonnelPayment, PersonnelStatement } from './model';

/** Test data and routes for the personnel payment screens. */
export const API = '/services/onmuhasebe/api';
/** Personnel module (8): view, and payment view, create, update, delete. */
export const OWNER = ['8_1', '8_16', '8_17', '8_18', '8_19'];
export const VIEWER = ['8_1', '8_16'];

export const CAN: Current = { ...AYSE, id: 31, currentAccountType: 'PERSONNEL', name: 'Can', lastName: 'Yıldız', taxNumber: null, accountGroupCode: '335' } as Current;
export const ELIF: Current = { ...AYSE, id: 32, currentAccountType: 'PERSONNEL', name: 'Elif', lastName: 'Şahin', taxNumber: null, accountGroupCode: '335' } as Current;

const side = (accountKind: 'SAFE' | 'BANK_ACCOUNT', accountId: number, name: string, accountCode: string) => ({ accountKind, accountId, name, accountCode });

export const PAYMENTS: PersonnelPayment[] = [
  {
    id: 41, personnelId: 31, personnelName: 'Can Yıldız', type: 'INSTRUCTED', purpose: 'WAGE', date: '2026-01-30', amount: 38750, currencyId: 1, currencyCode: 'TL', rate: null,
    liraAmount: 38750, account: side('BANK_ACCOUNT', 5, 'Ziraat Vadesiz', '102.01'), explanation: 'Ocak 2026 net ücret ödemesi', entryId: 70, entryNo: 12,
    createdBy: 'system', createdDate: '2026-01-30T09:00:00.000Z', updatedBy: null, updatedDate: null,
  },
  {
    id: 40, personnelId: 32, personnelName: 'Elif Şahin', type: 'NORMAL', purpose: 'ADVANCE', date: '2026-01-20', amount: 1999.9, currencyId: 1, currencyCode: 'TL', rate: null,
    liraAmount: 1999.9, account: side('SAFE', 1, 'Merkez Kasa', '100.01'), explanation: 'Avans', entryId: 69, entryNo: 11,
    createdBy: 'eczaci', createdDate: '2026-01-20T09:00:00.000Z', updatedBy: null, updatedDate: null,
  },
];

/** Can Yıldız's account: his January wage accrued (credit), then paid (debit). */
export const STATEMENT: PersonnelStatement = {
  personnelId: 31, name: 'Can Yıldız', currencyId: 1, accounts: ['335.001'], startDate: null, endDate: null, openingBalance: 0,
  totalDebit: 38750, totalCredit: 45000.5, closingBalance: -6250.5,
  lines: [
    { entryId: 66, entryNo: 10, date: '2026-01-29', account: '335.001', explanation: 'Ocak 2026 ücret tahakkuku', debit: 0, credit: 45000.5, balance: -45000.5, sourceKind: 'MANUAL', sourceId: '66' },
    { entryId: 70, entryNo: 12, date: '2026-01-30', account: '335.001', explanation: 'Ocak 2026 net ücret ödemesi', debit: 38750, credit: 0, balance: -6250.5, sourceKind: 'PERSONNEL_PAYMENT', sourceId: '41' },
  ],
};

/** Can Yıldız's March 2026 payroll accrued, his advance of 5.000,00 deducted. */
export const ACCRUALS: PayrollAccrual[] = [{
  id: 7, personnelId: 31, personnelName: 'Can Yıldız', period: '2026-03', date: '2026-03-31', expenseAccount: '770', gross: 30000, workerSgk: 4200,
  workerUnemployment: 300, employerSgk: 4725, employerUnemployment: 600, incomeTax: 2000, stampTax: 227.7, advanceDeduction: 5000, net: 18272.3,
  employerCost: 35325, personnelAccount: '335.001', advanceAccount: '196.001', explanation: null, entryId: 80, entryNo: 20, createdBy: 'muhasebe',
  createdDate: '2026-03-31T09:00:00.000Z',
}];

/** The money server (its summary gives the safes and bank accounts) with the personnel, their payments and a statement. */
export function personnelServer(codes: string[] = OWNER): FakeServer {
  const s = moneyServer(codes);
  const q = (req: Request) => new URL(req.url).searchParams;
  s.on(`GET ${API}/currents`, (req) => {
    const list = q(req).get('currentAccountType') === 'PERSONNEL' ? [CAN, ELIF] : [];
    return json(list, { total: list.length });
  });
  s.on(`GET ${API}/currents/{id}`, (_r, p) => json([CAN, ELIF].find((c) => String(c.id) === p.id)));
  s.on(`GET ${API}/current-main-accounts`, () => json([{ id: 1, currentId: 31, accountCode: '335', accountName: 'Personele Borçlar', currencyId: 1, currencyCode: 'TL', currencySymbol: '₺' }], { total: 1 }));
  s.on(`GET ${API}/payments`, (req) => {
    const list = PAYMENTS.filter((x) => !q(req).get('personnelId') || String(x.personnelId) === q(req).get('personnelId'));
    return json(list, { total: list.length });
  });
  s.on(`GET ${API}/personnel-statement`, () => json(STATEMENT));
  s.on(`GET ${API}/personnel-accruals`, () => json(ACCRUALS, { total: ACCRUALS.length }));
  return s;
}
