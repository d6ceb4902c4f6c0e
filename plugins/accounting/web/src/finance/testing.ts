import { within } from '@testing-library/react';
import { account, fakeServer, json, type FakeServer } from '../../../../../packages/workbench/test/fake-server';
import { composeAreas } from '../area';
import { messages } from '../messages';
import { area as finance } from './contribution';
import { area as safes } from '../safes/contribution';
import { area as ledger } from '../ledger/contribution';
import type { Current, MoneySummary, MoneyTransaction, Safe, TransactionLine } from './model';

/** Test data and routes for the money screens (safes, transactions, the summary). */
export const API = '/services/onmuhasebe/api';
export const money = composeAreas({ id: 'accounting', title: 'Ön Muhasebe', version: '0.1.0' }, [{ messages }, finance, safes, ledger]);
/** Safe (2) and bank (3) modules with view, create, update, delete, transfer and finance movements view. */
export const OWNER = ['2_1', '2_2', '2_3', '2_4', '2_7', '2_37', '3_1', '3_2', '3_3', '3_4', '3_7', '3_37', '6_1', '6_2'];
export const VIEWER = ['2_1', '3_1'];

const safe = (id: number, name: string, o: Partial<Safe> = {}): Safe => ({
  id, name, accountCode: `100.0${id}`, currencyId: 1, currencyCode: 'TL', currencySymbol: '₺', openingBalance: 0, openingDate: '2026-01-01', openingRate: null, openingAccount: '570',
  explanation: null, tagIds: [], balance: 0, balanceFc: null, mainAccount: { companyId: 2, currencyId: 1, currencySymbol: '₺' }, ...o,
});

export const SAFES: Safe[] = [
  safe(1, 'Merkez Kasa', { openingBalance: 15000, balance: 16300, explanation: 'Eczane tezgahı' }),
  safe(2, 'Döviz Kasası', { currencyId: 2, currencyCode: 'USD', currencySymbol: '$', openingBalance: 100, balance: 3250, balanceFc: 100 }),
];

export const SUMMARY: MoneySummary = {
  cash: {
    total: 19550,
    accounts: [
      { kind: 'SAFE', id: 1, name: 'Merkez Kasa', accountCode: '100.01', currencyId: 1, balance: 16300, balanceFc: null },
      { kind: 'SAFE', id: 2, name: 'Döviz Kasası', accountCode: '100.02', currencyId: 2, balance: 3250, balanceFc: 100 },
    ],
  },
  bank: {
    total: 48000.1,
    accounts: [
      { kind: 'BANK_ACCOUNT', id: 5, name: 'Ziraat Vadesiz', accountCode: '102.01', currencyId: 1, balance: 45000.1, balanceFc: null },
      { kind: 'BANK_ACCOUNT', id: 6, name: 'Garanti Euro', accountCode: '102.02', currencyId: 3, balance: 3000, balanceFc: 85.5 },
    ],
  },
  total: 67550.1,
  range: { startDate: '2026-03-01', endDate: '2026-03-31', incoming: 12500.5, outgoing: 1999.9, net: 10500.6 },
};

export const AYSE: Current = {
  id: 7, companyId: 2, currentAccountType: 'CUSTOMER', name: 'Ayşe', lastName: 'Yılmaz', title: null, gender: null, birthday: null,
  currencyId: 1, currencyCode: 'TL', phone: null, fax: null, email: null, webAddress: null, contactPerson: null, address: null, countryId: null,
  countryName: null, cityId: null, cityName: null, citySubdivisionId: null, citySubdivisionName: null, postcode: null, taxNumber: '38472615972',
  taxOfficeId: null, taxOfficeName: null, taxOfficeCityId: null, iban: null, accountGroupCode: '120', patientType: null, partnerType: null,
  sharePercentage: null, capital: null, active: true, tags: [], createdDate: '2026-01-05T09:00:00.000Z', lastModifiedDate: null,
} as Current;
export const DEPO: Current = { ...AYSE, id: 9, currentAccountType: 'SUPPLIER', name: 'Selçuk Ecza Deposu', lastName: null, taxNumber: '7810012345', accountGroupCode: '320' } as Current;

const side = (kind: 'SAFE' | 'BANK_ACCOUNT', id: number, name: string, accountCode: string) => ({ kind, id, name, accountCode });

export const TRANSACTIONS: MoneyTransaction[] = [
  {
    id: 31, type: 'TRANSFER', kind: 'PAYMENT', date: '2026-03-14', amount: 1999.9, currencyId: 1, toAmount: 1999.9, rate: null, toRate: null, liraAmount: 1999.9,
    from: side('SAFE', 1, 'Merkez Kasa', '100.01'), to: side('BANK_ACCOUNT', 5, 'Ziraat Vadesiz', '102.01'), currentId: null, currentName: null,
    explanation: 'Kasadan bankaya', entryId: 51, entryNo: 42, reversesId: null, reversedById: null, createdBy: 'eczaci',
  },
  {
    id: 30, type: 'COLLECTION', kind: 'PAYMENT', date: '2026-03-10', amount: 1250, currencyId: 1, toAmount: null, rate: null, toRate: null, liraAmount: 1250,
    from: null, to: side('SAFE', 1, 'Merkez Kasa', '100.01'), currentId: 7, currentName: 'Ayşe', explanation: null,
    entryId: 50, entryNo: 41, reversesId: null, reversedById: 33, createdBy: 'eczaci',
  },
  {
    id: 33, type: 'COLLECTION', kind: 'PAYMENT', date: '2026-03-11', amount: 1250, currencyId: 1, toAmount: null, rate: null, toRate: null, liraAmount: 1250,
    from: null, to: side('SAFE', 1, 'Merkez Kasa', '100.01'), currentId: 7, currentName: 'Ayşe', explanation: 'İptal: Tahsilat',
    entryId: 53, entryNo: 43, reversesId: 30, reversedById: null, createdBy: 'eczaci',
  },
];

const line = (id: number, date: string, entryNo: number, explanation: string, debit: number, credit: number, o: Partial<TransactionLine> = {}): TransactionLine => ({
  id, entryId: 100 + id, entryNo, date, accountCode: '100.01', accountName: 'Merkez Kasa', explanation, debit, credit, amountFc: null, currencyId: 1,
  sourceKind: 'TRANSACTION', sourceId: String(id), balance: 0, balanceFc: null, ...o,
});

/** Merkez Kasa's lines, newest first, with the balance after each as the server gives it: 15.000 opening, +1.250 collection, -1.250 its cancellation, +3.299,90 sale, -1.999,90 to the bank: 16.300. */
export const SAFE_LINES: TransactionLine[] = [
  line(5, '2026-03-14', 42, 'Kasadan bankaya', 0, 1999.9, { balance: 16300 }),
  line(4, '2026-03-12', 44, 'Perakende satış', 3299.9, 0, { balance: 18299.9 }),
  line(3, '2026-03-11', 43, 'İptal: Tahsilat', 0, 1250, { balance: 15000 }),
  line(2, '2026-03-10', 41, 'Tahsilat: Ayşe', 1250, 0, { balance: 16250 }),
  line(1, '2026-01-01', 1, 'Merkez Kasa açılış bakiyesi', 15000, 0, { sourceKind: 'SAFE_OPENING', balance: 15000 }),
];

/** A server with the safes, the summary, the transactions and their lines, and two currents. */
export function moneyServer(codes: string[] = OWNER): FakeServer {
  const s = fakeServer();
  s.setAccount(account({ codes }));
  const q = (req: Request) => new URL(req.url).searchParams;
  s.on(`GET ${API}/summaries`, () => json(SUMMARY));
  s.on(`GET ${API}/safes`, () => json(SAFES, { total: SAFES.length }));
  s.on(`GET ${API}/safes/{id}`, (_r, p) => json(SAFES.find((x) => String(x.id) === p.id)));
  s.on(`GET ${API}/transactions`, () => json(TRANSACTIONS, { total: TRANSACTIONS.length }));
  s.on(`GET ${API}/transaction-lines`, (req) => {
    const page = Number(q(req).get('page') ?? 0);
    const size = Number(q(req).get('size') ?? 10);
    const list = q(req).get('accountKind') === 'SAFE' && q(req).get('accountId') === '1' ? SAFE_LINES : SAFE_LINES;
    return json(list.slice(page * size, page * size + size), { total: list.length });
  });
  s.on(`GET ${API}/currents`, (req) => {
    const term = (q(req).get('search') ?? '').toLocaleLowerCase('tr');
    const list = [AYSE, DEPO].filter((c) => `${c.name} ${c.lastName ?? ''}`.toLocaleLowerCase('tr').includes(term));
    return json(list, { total: list.length });
  });
  s.on(`GET ${API}/tags`, () => json([], { total: 0 }));
  return s;
}

/** The requests made to a path (any method), with their queries. */
export function requestsTo(server: FakeServer, method: string, path: string) {
  return server.requests.filter((r) => r.method === method && r.path.split('?')[0] === path);
}

/** A form's control by its whole label (the required mark aside): "Giriş hesabı" is not "Giriş hesabının kuru". */
export function control(scope: HTMLElement, label: string): HTMLElement {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return within(scope).getByLabelText(new RegExp(`^${escaped}\\s*\\*?$`));
}
