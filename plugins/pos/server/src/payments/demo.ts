import Decimal from 'decimal.js';
import { sql, type Kysely } from 'kysely';
import { setTenant, type DemoTenant, type Services, type Trx } from '@tezgah/server';
import { directoryOf, DOCUMENTS_SERVICE, type DocumentsService } from '@tezgah/accounting-server';
import type { PosPaymentKind } from '@tezgah/pos-common';
import { createPayment } from './handlers';
import { applyReport, move, newBasketId } from './service';
import type { Completion } from './tokenx';

type Db = Kysely<any>;

/** A demo patient of the pharmacy, found by TCKN among the accounting demo's currents. */
interface Patient { tckn: string; name: string; lastName: string }
const MEHMET: Patient = { tckn: '52916384750', name: 'Mehmet', lastName: 'Demir' };
const AYSE: Patient = { tckn: '38472615972', name: 'Ayşe', lastName: 'Yılmaz' };
const FATMA: Patient = { tckn: '61729483550', name: 'Fatma', lastName: 'Kaya' };

/** How the demo payment ended on the terminal. */
type Outcome =
  | { to: 'SUCCESS'; card: string; receiptNo: string; zNo: string }
  | { to: 'FAILED'; responseCode: string; message: string }
  | { to: 'SALE_CANCEL_SUCCESS'; card: string; receiptNo: string; zNo: string; voidAfterMinutes: number };

interface DemoPayment {
  /** When the basket went to the terminal (Türkiye time). */
  at: string;
  kind: Exclude<PosPaymentKind, 'INVOICE'>;
  patient: Patient;
  explanation: string;
  /** OPEN_ACCOUNT: the amount; NON_PRESCRIPTION: the lines by barcode, at the shelf price. */
  total?: string;
  lines?: { barcode: string; quantity: number }[];
  outcome: Outcome;
}

/**
 * Demo Eczanesi's card payments on its counter terminal ('Tezgâh POS'), one of each ending a
 * person meets: account payments taken (SUCCESS, posted to the POS account), a sale without
 * prescription voided on the terminal at the customer's wish (its posting reversed) and one the
 * bank declined. None is left open, so the polling job never asks the simulator about them, and
 * no sale stays without its invoice (a successful one would be listed as a missing invoice).
 */
const PHARMACY: DemoPayment[] = [
  { at: '2026-11-16T10:42:00+03:00', kind: 'OPEN_ACCOUNT', patient: MEHMET, explanation: 'Ekim ayı veresiye ödemesi', total: '850.00',
    outcome: { to: 'SUCCESS', card: '454360******4821', receiptNo: '112', zNo: '47' } },
  { at: '2026-11-19T15:08:00+03:00', kind: 'NON_PRESCRIPTION', patient: FATMA, explanation: 'Reçetesiz satış; müşteri nakit ödemeyi tercih etti, kart satışı iptal edildi',
    lines: [{ barcode: '8699548994067', quantity: 2 }],
    outcome: { to: 'SALE_CANCEL_SUCCESS', card: '540061******7315', receiptNo: '131', zNo: '48', voidAfterMinutes: 4 } },
  { at: '2026-11-21T11:26:00+03:00', kind: 'NON_PRESCRIPTION', patient: AYSE, explanation: 'Reçetesiz satış',
    lines: [{ barcode: '8699745027551', quantity: 4 }],
    outcome: { to: 'FAILED', responseCode: '51', message: 'Yetersiz bakiye' } },
  { at: '2026-11-23T17:51:00+03:00', kind: 'OPEN_ACCOUNT', patient: AYSE, explanation: 'Kasım ayı veresiye ödemesi', total: '640.00',
    outcome: { to: 'SUCCESS', card: '979206******0954', receiptNo: '158', zNo: '49' } },
];

/**
 * The services the payment functions use, on a clock standing at the demo payment's moment (the
 * payment's day, its postings' dates), the other plugins' services as the demo tenant offers them.
 */
function clockedServices(demo: DemoTenant, clock: { now: Date }): Services {
  return { service: demo.service, now: () => clock.now } as unknown as Services;
}

const minutes = (d: Date, n: number) => new Date(d.getTime() + n * 60_000);

async function row(db: Db, companyId: number, id: number): Promise<{ id: number; basket_id: string; void_basket_id: string | null }> {
  const r = await db.selectFrom('pos_payments').select(['id', 'basket_id', 'void_basket_id']).where('company_id', '=', companyId).where('id', '=', id).executeTakeFirstOrThrow();
  return { id: Number(r.id), basket_id: String(r.basket_id), void_basket_id: r.void_basket_id ?? null };
}

/** A payment made as the counter makes it and moved as the terminal's reports move it (service.ts). */
async function seedPayment(db: Db, demo: DemoTenant, companyId: number, login: string, p: DemoPayment): Promise<void> {
  const clock = { now: new Date(p.at) };
  const services = clockedServices(demo, clock);
  const found = await demo.service<DocumentsService>(DOCUMENTS_SERVICE).customerCurrent(db, companyId, { taxNumber: p.patient.tckn, name: p.patient.name, lastName: p.patient.lastName });
  if (found.created) throw new Error(`demo POS payment: the patient ${p.patient.name} ${p.patient.lastName} is not among the demo currents`);
  let items: { name: string; quantity: number; unitPrice: string; taxPercent: string; productId: number }[] | undefined;
  if (p.lines) {
    const products = await directoryOf(demo).productsByBarcodes(db, companyId, p.lines.map((l) => l.barcode));
    items = p.lines.map((l) => {
      const product = products.get(l.barcode);
      if (!product) throw new Error(`demo POS payment: no product with the barcode ${l.barcode}`);
      // The shelf price: the sale price with its KDV, as the card is charged.
      const shelf = new Decimal(product.salePrice).times(new Decimal(100).plus(product.kdvRate)).div(100).toDecimalPlaces(2);
      return { name: product.name, quantity: l.quantity, unitPrice: shelf.toFixed(2), taxPercent: product.kdvRate, productId: product.id };
    });
  }
  // Each step is stamped with its moment: the events the step wrote still carry the
  // transaction's own time (their default), the demo's clock replaces it.
  const stamp = (id: number) => sql`update pos_payment_events set created_at = ${clock.now} where company_id = ${companyId} and payment_id = ${id} and created_at = now()`.execute(db);
  const id = await createPayment(db, services, companyId, login, p.kind, {
    currentId: found.currentId, customerName: `${p.patient.name} ${p.patient.lastName}`, explanation: p.explanation, ...(items ? { items } : { total: p.total! }),
  });
  if (!id) throw new Error('demo POS payment: not made');
  await stamp(id);
  const sale = await row(db, companyId, id);
  const report = async (basketId: string, r: Parameters<typeof applyReport>[5]) => {
    clock.now = minutes(clock.now, 1);
    await applyReport(db, services, companyId, sale, basketId, r, 'TERMINAL');
    await stamp(id);
  };
  const completion = (c: Omit<Completion, 'cardType' | 'maskedPan'> & Partial<Completion>): Completion => ({ cardType: null, maskedPan: null, ...c });
  const o = p.outcome;
  await report(sale.basket_id, { progress: 'ON_TERMINAL' });
  if (o.to === 'FAILED') {
    await report(sale.basket_id, { completion: completion({ basketId: sale.basket_id, outcome: 'FAILED', receiptNo: null, zNo: null, responseCode: o.responseCode, message: o.message }) });
  } else {
    await report(sale.basket_id, {
      completion: completion({ basketId: sale.basket_id, outcome: 'SUCCESS', receiptNo: o.receiptNo, zNo: o.zNo, responseCode: '00', message: 'OK', cardType: 'CREDIT', maskedPan: o.card }),
    });
  }
  if (o.to === 'SALE_CANCEL_SUCCESS') {
    // The person asks for the void (update-status), the terminal takes and confirms it.
    clock.now = minutes(clock.now, o.voidAfterMinutes);
    const voidBasket = newBasketId();
    await move(db, services, companyId, id, 'SALE_CANCEL_PENDING', 'USER', { patch: { void_basket_id: voidBasket, sent_at: clock.now }, login });
    await stamp(id);
    sale.void_basket_id = voidBasket;
    await report(voidBasket, { progress: 'ON_TERMINAL' });
    await report(voidBasket, { completion: completion({ basketId: voidBasket, outcome: 'VOIDED', receiptNo: String(Number(o.receiptNo) + 1), zNo: o.zNo, responseCode: '00', message: 'VOIDED' }) });
  }
  await sql`update pos_payments set created_at = ${new Date(p.at)}, updated_at = ${clock.now} where company_id = ${companyId} and id = ${id}`.execute(db);
}

/** The demo pharmacy's POS payments (PHARMACY), on its counter terminal (the devices area's demo). */
export async function seedDemoPayments(trx: Trx, demo: DemoTenant): Promise<void> {
  const companyId = demo.companies.pharmacy;
  await setTenant(trx, companyId);
  const db = trx as unknown as Db;
  const device = await db.selectFrom('pos_devices').select('id').where('company_id', '=', companyId).where('active', '=', true).orderBy('id').executeTakeFirst();
  if (!device) return;
  for (const p of PHARMACY) await seedPayment(db, demo, companyId, 'eczaci', p);
}
