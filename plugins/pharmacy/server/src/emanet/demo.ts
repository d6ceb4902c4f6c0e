import type { Kysely } from 'kysely';
import { parseDataMatrix } from '@tezgah/core';
import { setTenant, type DemoTenant, type Trx } from '@tezgah/server';
import { directoryOf, DOCUMENTS_SERVICE, type DocumentsService } from '@tezgah/accounting-server';
import type { CreditProductState } from '@tezgah/pharmacy-common';
import { depositBoxes } from '../tracking/index';
import type { EmanetTables } from './index';

type Db = Kysely<EmanetTables & { pharmacy_boxes: { company_id: number; id: number; product_id: number | null; gtin: string; sn: string; bn: string | null; xd: string | Date | null; state: string } }>;

/** A demo patient of the pharmacy, found by TCKN among the accounting demo's currents. */
interface Patient { tckn: string; name: string; lastName: string }
const MEHMET: Patient = { tckn: '52916384750', name: 'Mehmet', lastName: 'Demir' };
const AYSE: Patient = { tckn: '38472615972', name: 'Ayşe', lastName: 'Yılmaz' };
const FATMA: Patient = { tckn: '61729483550', name: 'Fatma', lastName: 'Kaya' };

interface DemoCreditProduct {
  patient: Patient; state: CreditProductState; barcode: string; quantity?: number;
  /** Given with one of the pharmacy's boxes of the medicine, scanned: the box becomes DEPOSITED. */
  box?: boolean;
  givenDate: string; dueDate: string; receteNo?: string; note: string;
}

/**
 * Demo Eczanesi's emanet book, one record in each state: two chronic medicines given on deposit
 * with their scanned boxes (one of them past its day), an insulin ordered from the wholesaler
 * for a patient (not given yet), one whose prescription came and was sold, one taken back.
 */
const PHARMACY: DemoCreditProduct[] = [
  { patient: MEHMET, state: 'ON_CREDIT', barcode: '8699228090058', box: true, givenDate: '2026-11-17', dueDate: '2026-11-24',
    note: 'Tansiyon ilacı bitmiş; 24 Kasım\'daki doktor randevusunda reçete yazdırıp getirecek.' },
  { patient: AYSE, state: 'ON_CREDIT', barcode: '8699808010087', box: true, givenDate: '2026-11-22', dueDate: '2026-11-29',
    note: 'Aile hekimi e-reçeteyi yazınca reçete numarasını telefonla bildirecek.' },
  { patient: FATMA, state: 'PENDING', barcode: '8699809950634', quantity: 2, givenDate: '2026-11-24', dueDate: '2026-12-01',
    note: 'Depodan sipariş edildi; gelince hastaya haber verilecek.' },
  { patient: AYSE, state: 'COMPLETED', barcode: '8699786092761', givenDate: '2026-11-03', dueDate: '2026-11-10', receteNo: '1K7M3PA',
    note: 'Reçete 6 Kasım\'da getirildi, satışı yapıldı.' },
  { patient: MEHMET, state: 'CANCEL', barcode: '8699786040038', givenDate: '2026-10-28', dueDate: '2026-11-04',
    note: 'Hasta ilacı kullanmadan geri getirdi; stoka alındı.' },
];

const yymmdd = (day: string) => `${day.slice(2, 4)}${day.slice(5, 7)}${day.slice(8, 10)}`;
const dayOf = (v: string | Date | null) => (v === null ? null : v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10));

/**
 * The demo's credit products (PHARMACY), written as the emanet list's create writes them: the
 * patient and the medicine resolved, a given box's DataMatrix parsed into its GTIN, serial, batch
 * and expiry, and the box moved to DEPOSITED through the tracking area. Runs after the sale
 * area's demo boxes (the plugin's areas are seeded in order).
 */
export async function seedDemoCreditProducts(trx: Trx, demo: DemoTenant): Promise<void> {
  const companyId = demo.companies.pharmacy;
  await setTenant(trx, companyId);
  const db = trx as unknown as Db;
  const documents = demo.service<DocumentsService>(DOCUMENTS_SERVICE);
  const products = await directoryOf(demo).productsByBarcodes(trx, companyId, PHARMACY.map((c) => c.barcode));
  for (const c of PHARMACY) {
    const patient = await documents.customerCurrent(trx, companyId, { taxNumber: c.patient.tckn, name: c.patient.name, lastName: c.patient.lastName });
    if (patient.created) throw new Error(`demo emanet: the patient ${c.patient.name} ${c.patient.lastName} is not among the demo currents`);
    const product = products.get(c.barcode);
    if (!product) throw new Error(`demo emanet: no product with the barcode ${c.barcode}`);
    let qr: string | null = null;
    if (c.box) {
      // The medicine's last box in stock: the counter's demo boxes of the sandbox prescription come first.
      const box = await db.selectFrom('pharmacy_boxes').select(['gtin', 'sn', 'bn', 'xd']).where('company_id', '=', companyId)
        .where('product_id', '=', product.id).where('state', '=', 'ACCEPTED').orderBy('id', 'desc').limit(1).executeTakeFirst();
      if (!box) throw new Error(`demo emanet: no box of ${product.name} in stock`);
      qr = `01${box.gtin}21${box.sn}\x1d17${yymmdd(dayOf(box.xd)!)}10${box.bn}`;
    }
    const parsed = qr ? parseDataMatrix(qr) : null;
    if (qr && !parsed) throw new Error(`demo emanet: the box code of ${product.name} does not read`);
    const at = new Date(`${c.givenDate}T10:30:00+03:00`);
    const row = await db.insertInto('pharmacy_credit_products').values({
      company_id: companyId, current_id: patient.currentId, state: c.state, product_id: product.id, barcode: product.barcode, medicine_name: product.name,
      quantity: c.quantity ?? 1, qr_code: qr, gtin: parsed?.gtin ?? null, sn: parsed?.sn ?? null, bn: parsed?.bn ?? null, xd: parsed?.xd ?? null,
      given_date: c.givenDate, due_date: c.dueDate, recete_id: null, recete_no: c.receteNo ?? null, note: c.note, created_by: 'eczaci', created_at: at, updated_at: at,
    }).returning(['id']).executeTakeFirstOrThrow();
    if (c.state === 'ON_CREDIT' && parsed) {
      await depositBoxes(trx as never, companyId, { creditProductId: Number(row.id), boxes: [{ gtin: parsed.gtin, sn: parsed.sn, bn: parsed.bn, xd: parsed.xd, productId: product.id }] }, 'eczaci');
    }
  }
}
