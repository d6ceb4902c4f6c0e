import { json, type FakeServer } from '../../../../../packages/workbench/test/fake-server';
import { moneyServer } from '../finance/testing';
import type { Capital, Partner } from './model';

/** Test data and routes for the partner screens. */
export const API = '/services/onmuhasebe/api';
/** Partner module (7): view, create, update, delete, capital create and delete. */
export const OWNER = ['7_1', '7_2', '7_3', '7_4', '7_21', '7_22'];
export const VIEWER = ['7_1'];

const partner = (id: number, name: string, o: Partial<Partner> = {}): Partner => ({
  id, name, lastName: null, title: null, partnerType: 'INDIVIDUAL', sharePercentage: 50, capital: 500000, committedCapital: 500000, paidCapital: 125000,
  remaining: 375000, currencyId: 1, taxNumber: null, taxOfficeId: null, iban: null, phone: null, email: null, address: null, active: true,
  capitalAccountCode: '500.01', unpaidCapitalAccountCode: '501.01', createdDate: '2026-01-02T09:00:00.000Z', ...o,
});

export const PARTNERS: Partner[] = [
  partner(11, 'Mehmet', { lastName: 'Kaya', sharePercentage: 60, capital: 600000, committedCapital: 600000, paidCapital: 150000, remaining: 450000 }),
  partner(12, 'Demo Holding', { partnerType: 'CORPORATE', title: 'Demo Holding A.Ş.', sharePercentage: 40, capital: 400000, committedCapital: 400000, paidCapital: 100000, remaining: 300000 }),
];

export const CAPITALS: Capital[] = [
  {
    id: 21, partnerId: 11, partnerName: 'Mehmet Kaya', kind: 'CAPITAL', date: '2026-01-15', amount: 150000, currencyId: 1, commitmentId: 20,
    account: { accountKind: 'BANK_ACCOUNT', accountId: 5, name: 'Ziraat Vadesiz', accountCode: '102.01' }, paidAmount: null, unpaidAmount: null,
    explanation: 'Sermayenin dörtte biri (TTK md. 344)', entryId: 61, entryNo: 8, createdBy: 'system', createdDate: '2026-01-15T09:00:00.000Z',
  },
  {
    id: 20, partnerId: 11, partnerName: 'Mehmet Kaya', kind: 'UNPAID_CAPITAL', date: '2026-01-02', amount: 600000, currencyId: 1, commitmentId: null,
    account: null, paidAmount: 150000, unpaidAmount: 450000, explanation: 'Kuruluş sermayesi taahhüdü', entryId: 60, entryNo: 3, createdBy: 'system',
    createdDate: '2026-01-02T09:00:00.000Z',
  },
];

/** The money server (safes, bank accounts in the summary) with the partners and their capital records. */
export function partnerServer(codes: string[] = OWNER): FakeServer {
  const s = moneyServer(codes);
  const q = (req: Request) => new URL(req.url).searchParams;
  s.on(`GET ${API}/partners`, () => json(PARTNERS, { total: PARTNERS.length }));
  s.on(`GET ${API}/partners/{id}`, (_r, p) => json(PARTNERS.find((x) => String(x.id) === p.id)));
  s.on(`GET ${API}/capitals`, (req) => {
    const list = CAPITALS.filter((c) => String(c.partnerId) === q(req).get('partnerId') && (!q(req).get('kind') || c.kind === q(req).get('kind')));
    return json(list, { total: list.length });
  });
  return s;
}
