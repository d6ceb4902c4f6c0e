import { account, fakeServer, json, type FakeServer } from '../../../../../packages/workbench/test/fake-server';
import { composeAreas } from '../area';
import { messages } from '../messages';
import { area as ledger } from './contribution';
import type { FiscalYear, Journal, JournalEntry, LedgerAccount } from './model';

/** Test data and routes for the book screens. */
export const API = '/services/onmuhasebe/api';
export const accounting = composeAreas({ id: 'accounting', title: 'Ön Muhasebe', version: '0.1.0' }, [{ messages }, ledger]);
/** The accounting module (18) with view, create, update and delete. */
export const OWNER = ['18_1', '18_2', '18_3', '18_4'];
export const VIEWER = ['18_1'];

export const YEARS: FiscalYear[] = [
  { id: 7, companyId: 2, name: '2026', startDate: '2026-01-01', endDate: '2026-12-31', active: true, lastEntryNo: 42, entryCount: 42 },
  { id: 6, companyId: 2, name: '2025', startDate: '2025-01-01', endDate: '2025-12-31', active: false, lastEntryNo: 310, entryCount: 310 },
];

export const JOURNALS: Journal[] = [1, 2, 3, 4].map((p) => ({
  id: 70 + p, companyId: 2, fiscalYearId: 7, period: p,
  startDate: `2026-0${p}-01`, endDate: `2026-0${p}-${p === 2 ? '28' : p === 4 ? '30' : '31'}`,
  locked: p <= 2, entryCount: p <= 3 ? 10 + p : 0, debit: p <= 3 ? 12500.5 * p : 0, credit: p <= 3 ? 12500.5 * p : 0,
}));

const line = (lineNo: number, code: string, name: string, debit: number, credit: number) => ({
  lineNo, account: code, accountName: name, debit, credit, currencyId: 1, amountFc: null, rate: null, explanation: null,
});

export const ENTRIES: JournalEntry[] = [
  {
    id: 5, entryNo: 42, fiscalYearId: 7, journalId: 73, date: '2026-03-14', explanation: 'Kasadan bankaya yatırılan', sourceKind: 'MANUAL', sourceId: '5',
    documentNo: null, reversesId: null, reversedById: null, total: 1999.9, createdBy: 'eczaci',
    lines: [line(1, '102.01', 'Ziraat Bankası', 1999.9, 0), line(2, '100.01', 'Merkez Kasa', 0, 1999.9)],
  },
  {
    id: 4, entryNo: 41, fiscalYearId: 7, journalId: 73, date: '2026-03-10', explanation: 'Kira ödemesi', sourceKind: 'INVOICE_PAYMENT', sourceId: '4',
    documentNo: null, reversesId: null, reversedById: 9, total: 15000, createdBy: 'eczaci',
    lines: [line(1, '770.01', 'Kira Giderleri', 15000, 0), line(2, '100.01', 'Merkez Kasa', 0, 15000)],
  },
  {
    id: 3, entryNo: 40, fiscalYearId: 7, journalId: 73, date: '2026-03-02', explanation: 'Merkez kasa açılış fişi', sourceKind: 'SAFE_OPENING', sourceId: '1',
    documentNo: null, reversesId: null, reversedById: null, total: 50000, createdBy: 'eczaci',
    lines: [line(1, '100.01', 'Merkez Kasa', 50000, 0), line(2, '500', 'Sermaye', 0, 50000)],
  },
];

const acc = (code: string, name: string, level: number, o: Partial<LedgerAccount> = {}): LedgerAccount => ({
  code, name, parentCode: code.includes('.') ? code.slice(0, code.lastIndexOf('.')) : code.length > 1 ? code.slice(0, -1) : null,
  level, postable: false, header: true, ownerKind: null, ownerId: null, debit: 0, credit: 0, balance: 0, ...o,
});

/** A small chart: class 1 → group 10 → 100 Kasa (with 100.01), 102 Bankalar (no sub-account yet); class 5. */
export const CHART: Record<string, LedgerAccount[]> = {
  '': [acc('1', 'Dönen Varlıklar', 1, { debit: 51999.9, credit: 16999.9, balance: 35000 }), acc('5', 'Öz Kaynaklar', 1, { credit: 50000, balance: -50000 })],
  1: [acc('10', 'Hazır Değerler', 2, { debit: 51999.9, credit: 16999.9, balance: 35000 })],
  10: [
    acc('100', 'Kasa', 3, { debit: 50000, credit: 16999.9, balance: 33000.1 }),
    acc('102', 'Bankalar', 3, { header: false, postable: true }),
  ],
  100: [acc('100.01', 'Merkez Kasa', 4, { header: false, postable: true, ownerKind: 'SAFE', ownerId: 1, debit: 50000, credit: 16999.9, balance: 33000.1 })],
  5: [acc('50', 'Ödenmiş Sermaye', 2, { credit: 50000, balance: -50000 })],
};
export const POSTABLE: LedgerAccount[] = [
  CHART[100]![0]!,
  acc('102.01', 'Ziraat Bankası', 4, { header: false, postable: true }),
  acc('770.01', 'Kira Giderleri', 4, { header: false, postable: true }),
];

/** A server with the fiscal years, the periods, the entries and the chart; `codes` are the user's authorities. */
export function ledgerServer(codes: string[] = OWNER): FakeServer {
  const s = fakeServer();
  s.setAccount(account({ codes }));
  const q = (req: Request) => new URL(req.url).searchParams;
  s.on(`GET ${API}/fiscal-years`, (req) => {
    const active = q(req).get('active');
    const list = active === null ? YEARS : YEARS.filter((y) => String(y.active) === active);
    return json(list, { total: list.length });
  });
  s.on(`GET ${API}/journals`, (req) => {
    const list = JOURNALS.filter((j) => String(j.fiscalYearId) === q(req).get('fiscalYearId'));
    return json(list, { total: list.length });
  });
  s.on(`GET ${API}/journals-getMax/{companyId}/{fiscalYearId}`, (_r, p) => json({ journal: p.fiscalYearId === '7' ? JOURNALS[3] : null, lastEntryNo: p.fiscalYearId === '7' ? 42 : 0 }));
  s.on(`GET ${API}/transactions-order/{companyId}/{startDate}/{endDate}`, () => json({ ordered: true, entries: 42, message: null }));
  s.on(`GET ${API}/journal-entries`, () => json(ENTRIES, { total: ENTRIES.length }));
  s.on(`GET ${API}/ledger-accounts`, (req) => {
    const search = q(req).get('search');
    if (search) {
      const all = [...Object.values(CHART).flat(), ...POSTABLE];
      const hits = all.filter((a) => (q(req).get('postable') !== 'true' || a.postable) && (a.code.startsWith(search) || a.name.toLocaleLowerCase('tr').includes(search.toLocaleLowerCase('tr'))));
      return json([...new Map(hits.map((a) => [a.code, a])).values()]);
    }
    return json(CHART[q(req).get('parent') ?? ''] ?? []);
  });
  return s;
}

/** The query of the last GET to a path. */
export function lastQuery(server: FakeServer, path: string): URLSearchParams {
  const r = [...server.requests].reverse().find((x) => x.method === 'GET' && x.path.split('?')[0] === path);
  return new URL(`http://x${r?.path ?? ''}`).searchParams;
}
