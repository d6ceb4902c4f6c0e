import { account, fakeServer, json, problem, type FakeServer } from '../../../../../packages/workbench/test/fake-server';
import { composeAreas } from '../area';
import { messages } from '../messages';
import { area as invoices } from './contribution';
import { area as finance } from '../finance/contribution';
import { area as ledger } from '../ledger/contribution';
import { area as currents } from '../currents/contribution';
import { area as books } from '../books/contribution';
import { AYSE, DEPO, SAFES } from '../finance/testing';
import { ACCOUNTS } from '../banks/testing';
import { PAROL, WAREHOUSES } from '../products/testing';
import type { Due, Invoice, InvoicePaymentLine, InvoiceSummary, Product, Tax } from './model';

/** Test data and routes for the invoice screens. */
export const API = '/services/onmuhasebe/api';
export const invoicePlugin = composeAreas({ id: 'accounting', title: 'Ön Muhasebe', version: '0.1.0' }, [{ messages }, invoices, finance, ledger, currents, books]);
/** Sales (11) and expense (12) with view, create, update, delete and cancel; products (13) and taxes (23) viewed. */
export const OWNER = ['11_1', '11_2', '11_3', '11_4', '11_46', '12_1', '12_2', '12_3', '12_4', '12_46', '13_1', '23_1', '2_1', '3_1', '6_1', '5_1'];

const product = (id: number, name: string, o: Partial<Product>): Product => ({
  ...PAROL, id, name, barcode: `86900000000${id}`, productType: 'COMMERCIAL_GOODS', unitId: 1, unitName: 'Adet', buyingPrice: 60, salePrice: 100,
  defaultTaxRate: 20, defaultTaxId: 1, warehouseId: 3, stockQuantity: 10, prescriptionType: null, tags: [], explanation: null, ...o,
});

export const KALEM = product(21, 'Tükenmez Kalem Kutusu', { salePrice: 100 });
export const DEFTER = product(22, 'Spiralli Defter', { salePrice: 50, stockQuantity: 1 });
export const ZIMBA = product(23, 'Zımba Makinesi', { salePrice: 33.33 });
export const KURULUM = product(24, 'Kurulum Hizmeti', { productType: 'SERVICE_GIVEN', service: true, warehouseId: null, stockQuantity: 0, salePrice: 850 });
/** Priced in euro: a lira invoice converts it with the day's rate. */
export const EURO_KAGIT = product(25, 'Fotokopi Kağıdı (ithal)', { salePrice: 10, saleCurrencyId: 3 });
export const PRODUCTS: Product[] = [KALEM, DEFTER, ZIMBA, KURULUM, EURO_KAGIT];

const tax = (id: number, percentage: number): Tax => ({ id, name: `KDV %${percentage}`, taxType: 'KDV', percentage, abbreviation: null, exceptionCode: null, currencyId: 1, active: true });
export const TAXES: Tax[] = [tax(1, 20), tax(2, 10), tax(3, 1), tax(4, 0)];

const summary = (id: number, o: Partial<InvoiceSummary>): InvoiceSummary => ({
  id, invoiceType: 'SALE', status: 'POSTED', documentNo: `DMT2026${String(id).padStart(9, '0')}`, date: '2026-04-10', dueDate: null, currentId: AYSE.id,
  currentName: 'Ayşe Yılmaz', explanation: null, currencyId: 1, currencyCode: 'TL', currencySymbol: '₺', conversionRate: 1, subtotal: 1000, totalDiscount: 0,
  taxBase: 1000, totalTax: 200, withheld: 0, totalAmount: 1200, payable: 1200, paid: 0, remaining: 1200, paymentStatus: 'UNPAID', tags: [], createdBy: 'muhasebe', ...o,
});

export const SUMMARIES: InvoiceSummary[] = [
  summary(5, { paid: 100, remaining: 260.91, totalAmount: 360.91, payable: 360.91, paymentStatus: 'PARTIAL', explanation: 'Nisan kırtasiye', tags: [{ id: 1, name: 'Önemli', color: 'red' }] }),
  summary(6, { status: 'DRAFT', documentNo: null, date: '2026-04-12', paymentStatus: 'UNPAID' }),
  summary(7, {
    invoiceType: 'BUYING', documentNo: 'EGE2026000000123', currentId: DEPO.id, currentName: 'Selçuk Ecza Deposu', paid: 1200, remaining: 0, paymentStatus: 'PAID', date: '2026-04-02',
  }),
];

/**
 * Invoice 5: the worked example (three lines, a line and a document discount, 100 paid in cash).
 * Asserted to Invoice so that the fixture holds before and after the instalment fields join it.
 */
const due = (id: number, invoiceId: number, periodNo: number, dueDate: string, amount: number, paid: number): Due => ({
  id, invoiceId, invoiceType: 'SALE', documentNo: `DMT2026${String(invoiceId).padStart(9, '0')}`, currentId: AYSE.id, currentName: 'Ayşe Yılmaz',
  periodNo, dueDate, amount, paid, remaining: Math.round((amount - paid) * 100) / 100,
});

export const INVOICE_5 = {
  ...summary(5, {}), instalments: null, dues: [due(71, 5, 1, '2026-04-10', 260, 0)],
  subtotal: 349.99, totalDiscount: 49.99, taxBase: 300, totalTax: 60, totalAmount: 360, payable: 360, paid: 100, remaining: 260, paymentStatus: 'PARTIAL',
  series: 'DMT', provisionalNo: null, entryId: 80, entryNo: 41, itsCancel: null, eInvoiceType: null, cancelledAt: null, returnOf: null, returns: [], pricesIncludeTax: false,
  discounts: [{ type: 'AMOUNT', amount: 29.99 }],
  products: [
    {
      id: 51, lineNo: 1, productId: KALEM.id, productName: KALEM.name, barcode: KALEM.barcode, description: KALEM.name, quantity: 2, unitPrice: 100,
      discounts: [{ type: 'PERCENTAGE', percentage: 10 }], taxes: [{ taxId: 1, taxType: 'KDV', percentage: 20, exceptionCode: null, base: 163.64, amount: 32.73 }],
      withholdingCode: null, withholdingRatio: null, stocks: [{ warehouseId: 3, warehouseName: 'Merkez Depo', quantity: 2 }], accountCode: '600', movesStock: true,
      gross: 200, discount: 20, documentDiscount: 16.36, taxBase: 163.64, tax: 32.73, withheld: 0, total: 196.37, returnsLineId: null, returned: 0, netUnitPrice: 100,
    },
    {
      id: 52, lineNo: 2, productId: DEFTER.id, productName: DEFTER.name, barcode: DEFTER.barcode, description: DEFTER.name, quantity: 1, unitPrice: 50,
      discounts: [], taxes: [{ taxId: 1, taxType: 'KDV', percentage: 20, exceptionCode: null, base: 45.46, amount: 9.09 }],
      withholdingCode: null, withholdingRatio: null, stocks: [{ warehouseId: 3, warehouseName: 'Merkez Depo', quantity: 1 }], accountCode: '600', movesStock: true,
      gross: 50, discount: 0, documentDiscount: 4.54, taxBase: 45.46, tax: 9.09, withheld: 0, total: 54.55, returnsLineId: null, returned: 0, netUnitPrice: 50,
    },
    {
      id: 53, lineNo: 3, productId: ZIMBA.id, productName: ZIMBA.name, barcode: ZIMBA.barcode, description: ZIMBA.name, quantity: 3, unitPrice: 33.33,
      discounts: [], taxes: [{ taxId: 1, taxType: 'KDV', percentage: 20, exceptionCode: null, base: 90.9, amount: 18.18 }],
      withholdingCode: null, withholdingRatio: null, stocks: [{ warehouseId: 3, warehouseName: 'Merkez Depo', quantity: 3 }], accountCode: '600', movesStock: true,
      gross: 99.99, discount: 0, documentDiscount: 9.09, taxBase: 90.9, tax: 18.18, withheld: 0, total: 109.08, returnsLineId: null, returned: 1, netUnitPrice: 33.33,
    },
  ],
  payments: [{ id: 61, paymentType: 'CASH', amount: 100, date: '2026-04-10', safeId: 1, bankAccountId: null, accountName: 'Merkez Kasa' }],
  taxSummary: [{ taxType: 'KDV', percentage: 20, base: 300, amount: 60 }],
} as Invoice;
export const INVOICE_6: Invoice = {
  ...INVOICE_5, ...SUMMARIES[1]!, series: 'DMT', entryId: null, entryNo: null, payments: [], subtotal: 349.99, totalDiscount: 49.99, taxBase: 300, totalTax: 60,
  totalAmount: 360, payable: 360, paid: 0, remaining: 360,
};

/** GET /payment-methods with no plugin contributing: the five payment types. */
export const CORE_METHODS = [
  ['CREDIT_CARD', 'Kredi Kartı', 'Credit card'], ['CASH', 'Nakit', 'Cash'], ['PORTAL_CASH', 'Portal Nakit', 'Portal cash'], ['FREE', 'Ücretsiz', 'Free of charge'], ['OPEN_ACCOUNT', 'Açık Hesap', 'On account'],
].map(([paymentType, tr, en]) => ({ paymentType, method: null, label: { tr, en }, plugin: null, bankAccountTypes: null }));

/** Who may read GET /money-accounts (its x-authority): safes' and banks' view and transfer, collections, payments, sales and purchases. */
const MONEY_ACCOUNT_CODES = ['2_1', '3_1', '2_7', '3_7', '6_25', '11_25', '5_17', '12_17', '11_2', '12_2', '8_17'];

/** A server with the invoices, products, taxes, warehouses, safes, bank accounts and two currents. */
export function invoiceServer(codes: string[] = OWNER): FakeServer {
  const s = fakeServer();
  s.setAccount(account({ codes }));
  const q = (req: Request) => new URL(req.url).searchParams;
  s.on(`GET ${API}/invoices`, (req) => {
    const type = q(req).get('invoiceType');
    const list = SUMMARIES.filter((i) => !type || i.invoiceType === type);
    return json(list, { total: list.length });
  });
  s.on(`GET ${API}/invoices/{id}`, (_r, p) => json(p.id === '6' ? INVOICE_6 : p.id === '8' ? INVOICE_8 : { ...INVOICE_5, id: Number(p.id) }));
  s.on(`GET ${API}/invoice-payment-lines`, (req) => {
    const id = q(req).get('invoiceId');
    const list = PAYMENT_LINES.filter((l) => !id || String(l.invoiceId) === id);
    return json(list, { total: list.length });
  });
  s.on(`GET ${API}/products`, (req) => {
    const term = (q(req).get('search') ?? '').toLocaleLowerCase('tr');
    const ids = q(req).getAll('id');
    const list = PRODUCTS.filter((p) => p.name.toLocaleLowerCase('tr').includes(term) && (!ids.length || ids.includes(String(p.id))));
    return json(list, { total: list.length });
  });
  s.on(`GET ${API}/taxes`, () => json(TAXES, { total: TAXES.length }));
  s.on(`GET ${API}/warehouses`, () => json(WAREHOUSES, { total: WAREHOUSES.length }));
  // As the server: the safes' and banks' own lists want their view authorities (2_1, 3_1); the
  // pickers' list (listMoneyAccounts) whoever may move money.
  const denied = () => problem(403, 'Yetkiniz yok');
  s.on(`GET ${API}/safes`, () => (codes.includes('2_1') ? json(SAFES, { total: SAFES.length }) : denied()));
  s.on(`GET ${API}/bank-accounts`, () => (codes.includes('3_1') ? json(ACCOUNTS, { total: ACCOUNTS.length }) : denied()));
  s.on(`GET ${API}/payment-methods`, () => json(CORE_METHODS));
  s.on(`GET ${API}/money-accounts`, (req) => {
    if (!codes.some((c) => MONEY_ACCOUNT_CODES.includes(c))) return denied();
    const kind = q(req).get('kind');
    const currency = q(req).get('currencyId');
    const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name, 'tr');
    const list = [
      ...[...SAFES].sort(byName).map((x) => ({ kind: 'SAFE' as const, id: x.id, name: x.name, currencyId: x.currencyId, currencyCode: x.currencyCode, accountType: null })),
      ...[...ACCOUNTS].sort(byName).map((x) => ({ kind: 'BANK_ACCOUNT' as const, id: x.id, name: x.name, currencyId: x.currencyId, currencyCode: x.currencyCode, accountType: x.accountType })),
    ].filter((a) => (!kind || a.kind === kind) && (!currency || String(a.currencyId) === currency));
    return json(list);
  });
  s.on(`GET ${API}/tags`, () => json([], { total: 0 }));
  s.on(`GET ${API}/currents`, (req) => {
    const term = (q(req).get('search') ?? '').toLocaleLowerCase('tr');
    const list = [AYSE, DEPO].filter((c) => `${c.name} ${c.lastName ?? ''}`.toLocaleLowerCase('tr').includes(term));
    return json(list, { total: list.length });
  });
  return s;
}

/**
 * Invoice 8: 360 in three monthly instalments on the 15th; the first collected (a payment line of
 * 120 on 10/05), the other two open.
 */
export const INVOICE_8: Invoice = {
  ...INVOICE_5, id: 8, documentNo: 'DMT2026000000008', date: '2026-04-20', payments: [], paid: 120, remaining: 240, paymentStatus: 'PARTIAL',
  instalments: { type: 'MONTHLY', day: 15, count: 3 },
  dues: [due(81, 8, 1, '2026-05-15', 120, 120), due(82, 8, 2, '2026-06-15', 120, 0), due(83, 8, 3, '2026-07-15', 120, 0)],
};

export const PAYMENT_LINES: InvoicePaymentLine[] = [
  { id: 91, transactionId: 301, returnInvoiceId: null, dueId: 81, invoiceId: 8, documentNo: 'DMT2026000000008', periodNo: 1, dueDate: '2026-05-15', amount: 120, date: '2026-05-10', createdBy: 'muhasebe' },
];
