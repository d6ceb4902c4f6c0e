import { createHash } from 'node:crypto';
import { problems, requireAuth, setTenant, tables, type DemoTenant, type Handler, type Trx } from '@tezgah/server';
import type { AccountingArea } from '../area';
import type { AccountingTables } from '../schema';
import type { LedgerDb } from '../ledger/accounts';
import { getView } from '../currents/currents.repository';
import { attachment } from '../book-reports/files';
import { companyOf } from '../invoices/documents.handlers';
import { attachmentHandlers } from './attachments.handlers';
import { despatchHandlers, despatchView, writeDespatch } from './despatches.handlers';
import { despatchPdf } from './pdf';

/**
 * Despatches (irsaliye; module DESPATCH 26; issue 9; seeds 001 §3, §5): incoming and outgoing,
 * moving stock when written (despatches.handlers.ts), their attachments
 * (attachments.handlers.ts), the printed despatch (pdf.ts) and invoices made from them, whose
 * lines name the despatch lines and move no stock again.
 */

/** GET /pdf-despatch/{id}: the despatch as an A4 PDF, irsaliye-<waybill number>.pdf. */
const getDespatchPdf: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const d = tables<AccountingTables>(ctx) as LedgerDb;
  const v = await despatchView(d, auth.companyId, (ctx.params as { id: number }).id);
  if (!v) throw problems.notFound('İrsaliye');
  const [company, current] = await Promise.all([companyOf(ctx, auth.companyId), getView(tables<AccountingTables>(ctx), auth.companyId, v.currentId)]);
  if (!current) throw problems.notFound('Cari hesap');
  const bytes = await despatchPdf(v, company, current, { printedAt: ctx.services.now() });
  ctx.audit({ action: 'accounting.despatch.printed', entity: 'despatch', entityId: v.id, detail: { waybillNo: v.waybillNo } });
  return attachment(ctx, 'pdf', `irsaliye-${v.waybillNo ?? v.id}`, bytes);
};

/** Demo Ticaret's despatches: goods received from Ege Kırtasiye, and goods sent to Marmara Yapı Market with a part to follow. */
async function seedDemoDespatches(trx: Trx, demo: DemoTenant) {
  const companyId = demo.companies.general;
  await setTenant(trx, companyId);
  const db = trx as unknown as LedgerDb;
  const current = async (name: string) => (await db.selectFrom('currents').select('id').where('company_id', '=', companyId).where('name', '=', name).executeTakeFirstOrThrow()).id;
  const product = async (name: string) => (await db.selectFrom('products').select('id').where('company_id', '=', companyId).where('name', '=', name).executeTakeFirstOrThrow()).id;
  await writeDespatch(db, companyId, 'muhasebe', {
    direction: 'IN', currentId: await current('Ege Kırtasiye'), despatchDate: '2026-11-16', waybillNo: 'EGE2026000000923', explanation: 'Kalem siparişi',
    products: [{ productId: await product("Tükenmez Kalem Mavi (50'li kutu)"), quantity: 10 }],
  });
  const sent = await writeDespatch(db, companyId, 'muhasebe', {
    direction: 'OUT', currentId: await current('Marmara Yapı Market'), despatchDate: '2026-11-20', shipmentDate: '2026-11-21', bookletNo: 'A-12',
    explanation: 'Ambalaj malzemesi; streç filmin kalanı gelecek hafta',
    products: [
      { productId: await product('Streç Film 50 cm'), quantity: 6, laterSentQuantity: 4 },
      { productId: await product('Etiket Rulosu 100x150'), quantity: 10 },
    ],
  });
  // The driver's note, kept with it.
  const note = Buffer.from('Teslim notu\nAraç: 34 ABC 123, sürücü Murat Kaya.\nStreç filmin 4 adedi 27.11.2026 tarihinde gönderilecek.\n', 'utf8');
  await db.insertInto('despatch_attachments').values({
    company_id: companyId, despatch_id: sent, file_name: 'teslim-notu.txt', content_type: 'text/plain; charset=utf-8', size: note.length,
    sha256: createHash('sha256').update(note).digest('hex'), content: note, created_by: 'muhasebe',
  }).execute();
}

export const area: AccountingArea = {
  handlers: { ...despatchHandlers, ...attachmentHandlers, getDespatchPdf },
  seedDemo: seedDemoDespatches,
};
