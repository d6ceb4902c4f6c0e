import { json, type FakeServer } from '../../../../../packages/workbench/test/fake-server';
import { composeAreas } from '../area';
import { messages } from '../messages';
import { area as orders } from './contribution';
import { area as invoices } from '../invoices/contribution';
import { area as finance } from '../finance/contribution';
import { area as ledger } from '../ledger/contribution';
import { area as currents } from '../currents/contribution';
import { area as books } from '../books/contribution';
import { AYSE, DEPO } from '../finance/testing';
import { API, DEFTER, INVOICE_5, KALEM, KURULUM, invoiceServer } from '../invoices/testing';
import type { Invoice } from '../invoices/model';
import type { Order, OrderLine } from './model';

/** Test data and routes for the order screens (over the invoices' fake server: products, taxes, currents, invoices). */
export { API };
export const orderPlugin = composeAreas({ id: 'accounting', title: 'Ön Muhasebe', version: '0.1.0' }, [{ messages }, orders, invoices, finance, ledger, currents, books]);
/** Orders received (9) and given (10) with view, create, update, delete and to-invoice; sales and expense invoices viewed; products and taxes viewed. */
export const OWNER = ['9_1', '9_2', '9_3', '9_4', '9_23', '10_1', '10_2', '10_3', '10_4', '10_23', '11_1', '12_1', '13_1', '23_1', '6_1', '5_1'];

const line = (id: number, lineNo: number, p: { id: number; name: string }, o: Partial<OrderLine>): OrderLine => ({
  id, lineNo, productId: p.id, productName: p.name, quantity: 1, unitPrice: 100, discounts: [], taxId: 1, total: 120, invoiced: 0, remaining: 1, ...o,
});

/**
 * Order 1 (received, from Ayşe Yılmaz): 10 pens at 100 (4 invoiced by invoice 5, 6 left) and 2 days
 * of set-up at 850 less 10 % (nothing invoiced): 1.000 + 1.530 = 2.530, KDV 506 → 3.036.
 */
export const ORDER_1: Order = {
  id: 1, direction: 'IN', orderKind: 'NORMAL', currentId: AYSE.id, currentName: 'Ayşe Yılmaz', orderDate: '2026-06-01', createdDate: '2026-06-01T09:30:00.000Z',
  explanation: 'Haziran kırtasiye', currencyId: 1, total: 3036, completion: 'PENDING', tags: [{ id: 1, name: 'Önemli', color: 'red' }],
  products: [
    line(101, 1, KALEM, { quantity: 10, unitPrice: 100, total: 1200, invoiced: 4, remaining: 6 }),
    line(102, 2, KURULUM, { quantity: 2, unitPrice: 850, discounts: [{ type: 'PERCENTAGE', percentage: 10 }], total: 1836, invoiced: 0, remaining: 2 }),
  ],
  invoiceIds: [5],
};

/** Order 2 (given, to Selçuk Ecza Deposu, with instructions): 3 notebooks at 30, nothing invoiced. */
export const ORDER_2: Order = {
  id: 2, direction: 'OUT', orderKind: 'INSTRUCTED', currentId: DEPO.id, currentName: 'Selçuk Ecza Deposu', orderDate: '2026-06-02', createdDate: '2026-06-02T10:00:00.000Z',
  explanation: null, currencyId: 1, total: 108, completion: 'PENDING', tags: [],
  products: [line(201, 1, DEFTER, { quantity: 3, unitPrice: 30, total: 108, remaining: 3 })],
  invoiceIds: [],
};

/** Order 3 (received, completed by invoice 5). */
export const ORDER_3: Order = {
  ...ORDER_1, id: 3, orderDate: '2026-05-20', createdDate: '2026-05-20T08:00:00.000Z', explanation: 'Mayıs', total: 120, completion: 'COMPLETED', tags: [],
  products: [line(301, 1, KALEM, { quantity: 1, total: 120, invoiced: 1, remaining: 0 })],
};

export const ORDERS: Order[] = [ORDER_1, ORDER_2, ORDER_3];

/** The invoice a to-invoice call makes in the tests. */
export const MADE: Invoice = { ...INVOICE_5, id: 12, documentNo: 'DMT2026000000012', date: '2026-06-10' };

/** The invoices' server with the orders (GET list and one; writes are set by each test). */
export function orderServer(codes: string[] = OWNER): FakeServer {
  const s = invoiceServer(codes);
  const q = (req: Request) => new URL(req.url).searchParams;
  s.on(`GET ${API}/orders`, (req) => {
    const p = q(req);
    const list = ORDERS.filter((o) => (!p.get('direction') || o.direction === p.get('direction'))
      && (!p.get('completion') || o.completion === p.get('completion')) && (!p.get('orderKind') || o.orderKind === p.get('orderKind')));
    return json(list, { total: list.length });
  });
  s.on(`GET ${API}/orders/{id}`, (_r, p) => {
    const o = ORDERS.find((x) => String(x.id) === p.id);
    return o ? json(o) : json({ type: 'about:blank', title: 'Bulunamadı', status: 404 }, { status: 404 });
  });
  s.on(`GET ${API}/invoices/{id}`, (_r, p) => json(p.id === '12' ? MADE : { ...INVOICE_5, id: Number(p.id) }));
  return s;
}
