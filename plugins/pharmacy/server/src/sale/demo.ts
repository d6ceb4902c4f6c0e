import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { parseDataMatrix } from '@tezgah/core';
import { setTenant, type DemoTenant, type Trx } from '@tezgah/server';
import { DEMO_GREEN_SCANNABLE } from '@tezgah/pharmacy-common';
import { directoryOf } from '@tezgah/accounting-server';

/**
 * The demo pharmacy's boxes: every QR-tracked medicine's stock as boxes in stock (ACCEPTED), so
 * the stock of a QR-tracked product equals its boxes from the start. Serials, batches and expiry
 * dates are synthetic (a hash of barcode and index); the first box of each medicine of the
 * sandbox's green demo prescription is the box of the shared synthetic DataMatrix example, so
 * those codes can be scanned at the counter.
 */
export async function seedDemoBoxes(trx: Trx, demo: DemoTenant): Promise<void> {
  const cid = demo.companies.pharmacy;
  await setTenant(trx, cid);
  const t = trx as unknown as import('kysely').Kysely<any>;
  const products = await directoryOf(demo).qrTrackedProducts(trx, cid);
  const examples = new Map<string, NonNullable<ReturnType<typeof parseDataMatrix>>>();
  for (const e of DEMO_GREEN_SCANNABLE) {
    const p = parseDataMatrix(e.datamatrix);
    if (p) examples.set(p.barkod, p);
  }
  const rows: Record<string, unknown>[] = [];
  for (const p of products) {
    const n = Math.max(0, Math.floor(Number(p.stockQuantity)));
    for (let i = 0; i < n; i++) {
      const ex = i === 0 ? examples.get(p.barcode) : undefined;
      const h = createHash('sha256').update(`${p.barcode}:${i}`).digest('hex').toUpperCase();
      const month = 1 + (parseInt(h.slice(12, 14), 16) % 12);
      rows.push({
        company_id: cid, product_id: p.id, gtin: `0${p.barcode}`, sn: ex?.sn ?? `D${h.slice(0, 11)}`, bn: ex?.bn ?? `B${h.slice(11, 16)}`,
        xd: ex?.xd ?? `${2027 + (parseInt(h.slice(16, 18), 16) % 3)}-${String(month).padStart(2, '0')}-28`, state: 'ACCEPTED',
      });
    }
  }
  for (let i = 0; i < rows.length; i += 500) await t.insertInto('pharmacy_boxes').values(rows.slice(i, i + 500)).execute();
  // Each box came in with the demo's opening stock.
  await sql`insert into pharmacy_box_moves (company_id, box_id, from_state, to_state, reason, by_login)
             select company_id, id, null, 'ACCEPTED', 'Açılış stoku (demo)', 'system' from pharmacy_boxes where company_id = ${cid}`.execute(trx);
}
