import { json, problem, type FakeServer } from '../../../../../packages/workbench/test/fake-server';
import { composeAreas } from '../area';
import { messages } from '../messages';
import { area as despatches } from './contribution';
import { area as invoices } from '../invoices/contribution';
import { area as finance } from '../finance/contribution';
import { area as ledger } from '../ledger/contribution';
import { area as currents } from '../currents/contribution';
import { area as books } from '../books/contribution';
import { AYSE, DEPO } from '../finance/testing';
import { API, DEFTER, INVOICE_5, KALEM, invoiceServer } from '../invoices/testing';
import type { Invoice } from '../invoices/model';
import type { Despatch, DespatchAttachment, DespatchLine } from './model';

/** Test data and routes for the despatch screens (over the invoices' fake server: products, warehouses, currents, invoices). */
export { API };
export const despatchPlugin = composeAreas({ id: 'accounting', title: 'Ön Muhasebe', version: '0.1.0' }, [{ messages }, despatches, invoices, finance, ledger, currents, books]);
/** Despatches (26) with view, create, update, delete and to-invoice; sales and purchases viewed and created; products and taxes viewed. */
export const OWNER = ['26_1', '26_2', '26_3', '26_4', '26_24', '11_1', '11_2', '12_1', '12_2', '13_1', '23_1', '6_1', '5_1'];
/** Sees despatches only. */
export const VIEWER = ['26_1', '13_1', '6_1', '5_1'];

const line = (id: number, lineNo: number, p: { id: number; name: string; barcode: string }, o: Partial<DespatchLine>): DespatchLine => ({
  id, lineNo, productId: p.id, productName: p.name, barcode: p.barcode, unitName: 'Adet', quantity: 1, laterSentQuantity: 0, warehouseId: 3,
  warehouseName: 'Merkez Depo', unitPrice: null, explanation: null, invoiced: 0, remaining: 1, ...o,
});

const base = (id: number, o: Partial<Despatch>): Despatch => ({
  id, direction: 'OUT', status: 'ACTIVE', currentId: AYSE.id, currentName: 'Ayşe Yılmaz', despatchDate: '2026-06-03', shipmentDate: '2026-06-03',
  waybillNo: `IRS2026${String(id).padStart(9, '0')}`, bookletNo: null, explanation: null, deliveryAddress: null, invoicing: 'NOT_INVOICED', products: [],
  invoiceIds: [], attachmentCount: 0, createdBy: 'muhasebe', createdDate: '2026-06-03T09:30:00.000Z', cancelledAt: null, ...o,
});

/**
 * Despatch 1 (outgoing, to Ayşe Yılmaz, nothing invoiced): 5 pens delivered and 2 to be sent
 * later, at 100, from Merkez Depo; 1 notebook. One attachment.
 */
export const DESPATCH_1 = base(1, {
  bookletNo: 'A-12', shipmentDate: '2026-06-04', explanation: 'Haziran sevkiyatı', deliveryAddress: 'Kadıköy / İstanbul', attachmentCount: 1,
  products: [
    line(101, 1, KALEM, { quantity: 5, laterSentQuantity: 2, unitPrice: 100, explanation: 'Kırmızı', remaining: 5 }),
    line(102, 2, DEFTER, { quantity: 1, remaining: 1 }),
  ],
});
/** Despatch 2 (outgoing, to Ayşe Yılmaz): 3 pens, 1 invoiced by invoice 5. */
export const DESPATCH_2 = base(2, {
  despatchDate: '2026-06-02', shipmentDate: '2026-06-02', invoicing: 'PARTLY', invoiceIds: [5],
  products: [line(201, 1, KALEM, { quantity: 3, invoiced: 1, remaining: 2 })],
});
/** Despatch 3 (outgoing, to Ayşe Yılmaz), cancelled. */
export const DESPATCH_3 = base(3, {
  despatchDate: '2026-06-01', shipmentDate: '2026-06-01', status: 'CANCELLED', cancelledAt: '2026-06-02T08:00:00.000Z',
  products: [line(301, 1, DEFTER, { quantity: 2, remaining: 2 })],
});
/** Despatch 4 (outgoing, to another current: Selçuk Ecza Deposu). */
export const DESPATCH_4 = base(4, {
  despatchDate: '2026-05-30', shipmentDate: '2026-05-30', currentId: DEPO.id, currentName: 'Selçuk Ecza Deposu',
  products: [line(401, 1, KALEM, { quantity: 1, remaining: 1 })],
});
/** Despatch 5 (incoming, from Selçuk Ecza Deposu, the supplier's number). */
export const DESPATCH_5 = base(5, {
  direction: 'IN', currentId: DEPO.id, currentName: 'Selçuk Ecza Deposu', waybillNo: 'EGE-445', despatchDate: '2026-06-05', shipmentDate: '2026-06-05',
  products: [line(501, 1, DEFTER, { quantity: 10, unitPrice: 30, remaining: 10 })],
});

export const DESPATCHES: Despatch[] = [DESPATCH_1, DESPATCH_2, DESPATCH_3, DESPATCH_4, DESPATCH_5];

export const ATTACHMENTS: DespatchAttachment[] = [
  { id: 71, despatchId: 1, fileName: 'teslim-tutanagi.pdf', contentType: 'application/pdf', size: 153600, createdBy: 'muhasebe', createdDate: '2026-06-03T10:00:00.000Z' },
];

/** The invoice a to-invoice call makes in the tests: its lines name despatch lines. */
export const MADE: Invoice = {
  ...INVOICE_5, id: 12, documentNo: 'DMT2026000000012', date: '2026-06-10',
  products: INVOICE_5.products.slice(0, 2).map((l, i) => ({ ...l, stocks: [], despatchLineId: [101, 102][i]! })),
};

/** The invoices' server with the despatches (GET list and one, attachments; writes are set by each test). */
export function despatchServer(codes: string[] = OWNER): FakeServer {
  const s = invoiceServer(codes);
  const q = (req: Request) => new URL(req.url).searchParams;
  s.on(`GET ${API}/despatches`, (req) => {
    const p = q(req);
    const term = (p.get('search') ?? '').toLocaleLowerCase('tr');
    const list = DESPATCHES.filter((d) => (!p.get('direction') || d.direction === p.get('direction'))
      && (!p.get('status') || d.status === p.get('status')) && (!p.get('invoicing') || d.invoicing === p.get('invoicing'))
      && (!term || `${d.waybillNo ?? ''} ${d.currentName}`.toLocaleLowerCase('tr').includes(term)));
    return json(list, { total: list.length });
  });
  s.on(`GET ${API}/despatches/{id}`, (_r, p) => {
    const d = DESPATCHES.find((x) => String(x.id) === p.id);
    return d ? json(d) : problem(404, 'Bulunamadı');
  });
  s.on(`GET ${API}/despatch-attachment-lines-by-despatch/{id}`, (_r, p) => json(ATTACHMENTS.filter((a) => String(a.despatchId) === p.id)));
  s.on(`GET ${API}/invoices/{id}`, (_r, p) => json(p.id === '12' ? MADE : { ...INVOICE_5, id: Number(p.id) }));
  return s;
}
