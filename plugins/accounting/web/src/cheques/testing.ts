import { account, fakeServer, json, type FakeServer } from '../../../../../packages/workbench/test/fake-server';
import { composeAreas } from '../area';
import { messages } from '../messages';
import { area as cheques } from './contribution';
import { area as finance } from '../finance/contribution';
import { area as ledger } from '../ledger/contribution';
import { area as currents } from '../currents/contribution';
import { AYSE, DEPO } from '../finance/testing';
import { ACCOUNTS } from '../banks/testing';
import type { Cheque, ChequeEvent, ChequeSummary } from './model';

/** Test data and routes for the cheque screens. */
export const API = '/services/onmuhasebe/api';
export const chequePlugin = composeAreas({ id: 'accounting', title: 'Ön Muhasebe', version: '0.1.0' }, [{ messages }, cheques, finance, ledger, currents]);
/** The cheque module (4) with view, create, update and delete. */
export const OWNER = ['4_1', '4_2', '4_3', '4_4', '6_1'];

const cheque = (id: number, o: Partial<Cheque>): Cheque => ({
  id, direction: 'IN', state: 'IN_PORTFOLIO', stateLabel: 'Portföyde', number: `10000${id}`, code: 'A', amount: 12500, currencyId: 1, currencyCode: 'TL',
  currencySymbol: '₺', rate: null, amountTry: 12500, date: '2026-03-01', issueDate: '2026-02-28', dueDate: '2026-05-30', bankName: 'Akbank', branchName: 'Kızılay',
  drawer: null, explanation: null, currentId: AYSE.id, currentName: 'Ayşe Yılmaz', bankAccountId: null, bankAccountName: null, endorsedToId: null,
  endorsedToName: null, allowedActions: ['DEPOSIT', 'COLLECT', 'ENDORSE', 'BOUNCE', 'RETURN'], createdBy: 'eczaci', ...o,
});

export const CHEQUES: Cheque[] = [
  cheque(1, {}),
  cheque(2, {
    state: 'DEPOSITED_FOR_COLLECTION', stateLabel: 'Tahsile verildi', number: '200002', dueDate: '2026-04-15', bankAccountId: 5, bankAccountName: 'Ziraat Vadesiz',
    allowedActions: ['COLLECT', 'WITHDRAW', 'BOUNCE'],
  }),
  cheque(3, { state: 'COLLECTED', stateLabel: 'Tahsil edildi', number: '300003', dueDate: '2026-03-10', bankAccountId: 5, bankAccountName: 'Ziraat Vadesiz', allowedActions: [] }),
  cheque(4, {
    direction: 'OUT', state: 'GIVEN', stateLabel: 'Verildi', number: '400004', amount: 8000, amountTry: 8000, currentId: DEPO.id, currentName: DEPO.name,
    bankAccountId: 5, bankAccountName: 'Ziraat Vadesiz', dueDate: '2026-06-01', allowedActions: ['PAY', 'BOUNCE', 'RETURN'],
  }),
];

export const HISTORY: ChequeEvent[] = [
  {
    id: 1, seq: 1, action: 'RECEIVE', actionLabel: 'Çek alındı', fromState: null, toState: 'IN_PORTFOLIO', toStateLabel: 'Portföyde', date: '2026-03-01',
    bankAccountId: null, bankAccountName: null, currentId: 7, currentName: 'Ayşe Yılmaz', entryId: 60, entryNo: 30, amountTry: 12500, explanation: null,
    createdBy: 'eczaci', createdAt: '2026-03-01T09:00:00.000Z',
  },
  {
    id: 2, seq: 2, action: 'DEPOSIT', actionLabel: 'Tahsile verme', fromState: 'IN_PORTFOLIO', toState: 'DEPOSITED_FOR_COLLECTION', toStateLabel: 'Tahsile verildi',
    date: '2026-03-05', bankAccountId: 5, bankAccountName: 'Ziraat Vadesiz', currentId: null, currentName: null, entryId: 61, entryNo: 33, amountTry: 12500,
    explanation: 'Vadesine kadar bankada', createdBy: 'eczaci', createdAt: '2026-03-05T09:00:00.000Z',
  },
];

export const SUMMARY: ChequeSummary = {
  inPortfolio: { count: 1, amountTry: 12500 }, atBank: { count: 1, amountTry: 12500 }, given: { count: 1, amountTry: 8000 },
  byState: [],
};

/** A server with the cheques, their history, the summary, the bank accounts and two currents. */
export function chequeServer(codes: string[] = OWNER): FakeServer {
  const s = fakeServer();
  s.setAccount(account({ codes }));
  const q = (req: Request) => new URL(req.url).searchParams;
  s.on(`GET ${API}/checks`, () => json(CHEQUES, { total: CHEQUES.length }));
  s.on(`GET ${API}/checks-summary`, () => json(SUMMARY));
  s.on(`GET ${API}/checks/{id}`, (_r, p) => json(CHEQUES.find((c) => String(c.id) === p.id)));
  s.on(`GET ${API}/checks/{id}/history`, (_r, p) => json(p.id === '2' ? HISTORY : HISTORY.slice(0, 1)));
  s.on(`GET ${API}/bank-accounts`, () => json(ACCOUNTS, { total: ACCOUNTS.length }));
  s.on(`GET ${API}/currents`, (req) => {
    const term = (q(req).get('search') ?? '').toLocaleLowerCase('tr');
    const list = [AYSE, DEPO].filter((c) => `${c.name} ${c.lastName ?? ''}`.toLocaleLowerCase('tr').includes(term));
    return json(list, { total: list.length });
  });
  return s;
}
