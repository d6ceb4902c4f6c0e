import { account, fakeServer, json, type FakeServer } from '../../../../../packages/workbench/test/fake-server';
import { composeAreas } from '../area';
import { messages } from '../messages';
import { area as ledger } from '../ledger/contribution';
import { area as books } from '../books/contribution';
import { area as reports } from './contribution';
import { REPORTS_API } from './model';
import type { ReportInvoice } from './model';

/** Test data and routes for the report screens. */
export const reportPlugin = composeAreas({ id: 'accounting', title: 'Ön Muhasebe', version: '0.1.0' }, [{ messages }, ledger, books, reports]);
/** Reports (16) view and export, sales (11) and expense (12) view. */
export const OWNER = ['16_1', '16_5', '11_1', '12_1', '11_5', '12_5'];
export { REPORTS_API };

const invoice = (o: Partial<ReportInvoice>): ReportInvoice => ({
  id: 1, invoiceType: 'SALE', status: 'POSTED', documentNo: 'DMT2026000000001', date: '2026-07-10', currentId: 7, currentName: 'Ayşe Yılmaz',
  taxBase: 500, totalTax: 100, totalAmount: 600, paid: 0, remaining: 600, cancelledAt: null, cancelledBy: null, ...o,
});
/** Three sales: 600 open, 360 paid, 360 open (1.320,00 together). */
export const SALES: ReportInvoice[] = [
  invoice({}),
  invoice({ id: 2, documentNo: 'DMT2026000000002', date: '2026-08-19', taxBase: 300, totalTax: 60, totalAmount: 360, paid: 360, remaining: 0 }),
  invoice({ id: 3, documentNo: 'DMT2026000000003', date: '2026-08-19', currentName: 'Marmara Yapı Market', currentId: 8, taxBase: 300, totalTax: 60, totalAmount: 360, remaining: 360 }),
];
export const SALE_TOTALS = { invoiceCount: 3, taxBase: 1100, totalTax: 220, totalAmount: 1320, paid: 360, remaining: 960 };
export const BUY = invoice({ id: 9, invoiceType: 'BUYING', documentNo: 'RPR-1', currentName: 'Ege Kırtasiye', taxBase: 600, totalTax: 120, totalAmount: 720, remaining: 720 });
const totalsOf = (list: ReportInvoice[]) => list.reduce((t, r) => ({
  invoiceCount: t.invoiceCount + 1, taxBase: t.taxBase + r.taxBase, totalTax: t.totalTax + r.totalTax, totalAmount: t.totalAmount + r.totalAmount, paid: t.paid + r.paid, remaining: t.remaining + r.remaining,
}), { invoiceCount: 0, taxBase: 0, totalTax: 0, totalAmount: 0, paid: 0, remaining: 0 });

const aging = (o: Partial<Record<'notDue' | 'days0to30' | 'days31to60' | 'days61to90' | 'over90', number>>) => {
  const a = { notDue: 0, days0to30: 0, days31to60: 0, days61to90: 0, over90: 0, ...o };
  return { ...a, total: a.notDue + a.days0to30 + a.days31to60 + a.days61to90 + a.over90 };
};
export const COLLECTION = {
  date: '2026-08-20',
  rows: [
    { currentId: 7, currentName: 'Ayşe Yılmaz', receivable: aging({ days31to60: 600 }), payable: aging({}) },
    { currentId: 9, currentName: 'Ege Kırtasiye', receivable: aging({}), payable: aging({ notDue: 960, days0to30: 720 }) },
    { currentId: 8, currentName: 'Marmara Yapı Market', receivable: aging({ days0to30: 360, days61to90: 120, over90: 120 }), payable: aging({}) },
  ],
  receivable: aging({ days0to30: 360, days31to60: 600, days61to90: 120, over90: 120 }),
  payable: aging({ notDue: 960, days0to30: 720 }),
};
export const DAILY = {
  date: '2026-08-19',
  sales: { count: 2, amount: 720 }, purchases: { count: 0, amount: 0 }, cancelled: { count: 0, amount: 0 },
  collections: { count: 1, amount: 360 }, payments: { count: 0, amount: 0 },
  invoices: [SALES[1], SALES[2]],
  money: [{ kind: 'SAFE', id: 1, name: 'Merkez Kasa', accountCode: '100.01', balance: 5360 }, { kind: 'BANK_ACCOUNT', id: 2, name: 'Garanti Ticari', accountCode: '102.01', balance: 20000 }],
  cash: 25360,
};
const profitRow = (id: number, name: string, quantity: number, revenue: number, cost: number) => ({ id, name, quantity, revenue, cost, profit: revenue - cost, margin: Math.round(((revenue - cost) / revenue) * 10000) / 100 });
export const PROFIT = {
  product: [profitRow(5, 'Rapor Ürünü P', 12, 1300, 840)],
  customer: [profitRow(7, 'Ayşe Yılmaz', 8, 800, 560), profitRow(8, 'Marmara Yapı Market', 4, 500, 280)],
};
export const STOCK = { date: '2026-08-20', rows: [{ productId: 5, name: 'Rapor Ürünü P', quantity: 8, averageCost: 70, value: 560 }, { productId: 6, name: 'Hizmet Paketi', quantity: 2, averageCost: null, value: 0 }], total: 560 };
export const FORECAST = {
  startDate: '2026-08-20', endDate: '2026-09-30', opening: 1000,
  weeks: [
    { weekStart: '2026-08-17', receivables: 1200, payables: 720, chequesIn: 0, chequesOut: 0, net: 480, balance: 1480 },
    { weekStart: '2026-09-14', receivables: 0, payables: 960, chequesIn: 0, chequesOut: 0, net: -960, balance: 520 },
  ],
  totals: { weekStart: '2026-08-20/2026-09-30', receivables: 1200, payables: 1680, chequesIn: 0, chequesOut: 0, net: -480, balance: 520 },
};

/** A server answering the reports service as the server would for the data above. */
export function reportServer(codes: string[] = OWNER): FakeServer {
  const s = fakeServer();
  s.setAccount(account({ codes }));
  const q = (req: Request) => new URL(req.url).searchParams;
  const page = (req: Request, list: ReportInvoice[], extra: Record<string, unknown> = {}) => {
    const size = Number(q(req).get('size') ?? 10);
    const at = Number(q(req).get('page') ?? 0) * size;
    return json({ startDate: q(req).get('startDate'), endDate: q(req).get('endDate'), rows: list.slice(at, at + size), totals: totalsOf(list), ...extra }, { total: list.length });
  };
  s.on(`GET ${REPORTS_API}/invoices/invoices-by-date-range`, (req) => page(req, SALES));
  s.on(`GET ${REPORTS_API}/invoices/cancel-invoices-by-date-range`, (req) => page(req, [{ ...SALES[0]!, status: 'CANCELLED', cancelledBy: 'muhasebe', cancelledAt: '2026-08-20T10:00:00Z' }]));
  s.on(`GET ${REPORTS_API}/all-incoming-outgoing-invoices`, (req) => {
    const type = q(req).get('invoiceType');
    const list = [...SALES, BUY].filter((r) => !type || r.invoiceType === type);
    return page(req, list, { sale: totalsOf(list.filter((r) => r.invoiceType === 'SALE')), buying: totalsOf(list.filter((r) => r.invoiceType === 'BUYING')) });
  });
  s.on(`GET ${REPORTS_API}/current-collection-analysis`, () => json(COLLECTION));
  s.on(`GET ${REPORTS_API}/daily-activity`, (req) => json({ ...DAILY, date: q(req).get('date') }));
  s.on(`GET ${REPORTS_API}/profit`, (req) => {
    const by = (q(req).get('by') ?? 'product') as 'product' | 'customer';
    const rows = PROFIT[by];
    const sum = (k: 'quantity' | 'revenue' | 'cost' | 'profit') => rows.reduce((a, r) => a + r[k], 0);
    return json({ startDate: q(req).get('startDate'), endDate: q(req).get('endDate'), by, rows, total: { id: null, name: 'Toplam', quantity: sum('quantity'), revenue: sum('revenue'), cost: sum('cost'), profit: sum('profit'), margin: 35.38 } });
  });
  s.on(`GET ${REPORTS_API}/stock-valuation`, () => json(STOCK));
  s.on(`GET ${REPORTS_API}/cash-flow-forecast`, () => json(FORECAST));
  return s;
}
