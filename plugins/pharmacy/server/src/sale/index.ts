import type { Kysely } from 'kysely';
import {
  INVOICE_CANCELLING_POINT, INVOICE_RETURNING_POINT, type InvoiceCancellingContribution, type InvoiceReturningContribution,
} from '@tezgah/accounting-server';
import type { ServerEventListener } from '@tezgah/server';
import type { PharmacyArea } from '../area';
import { kick as kickMedula } from '../medula/index';
import { cancelSale, returnBoxes, unreturnBoxes } from '../tracking/index';
import { saleHandlers } from './counter';
import { seedDemoBoxes } from './demo';
import { medulaAfterReturn, medulaAfterReturnCancelled } from './medula-return';

/**
 * The counter (issue 12): scans, the patient's share, the invoice of a prescription, and what an
 * invoice's cancellation or return does to its prescription and boxes. The accounting plugin calls
 * `accounting.invoice.cancelling` in the cancelling transaction: the boxes go back to stock with
 * the stock ledger's reversal, the İTS sale cancel is queued when 'ITS iptali' was asked, and the
 * prescription's payment status becomes CANCEL until it is unlinked and sold again. A cancelled
 * sales return sells the boxes it took back again (SOLD, an İTS sale queued).
 */
const cancelling: InvoiceCancellingContribution = {
  id: 'pharmacy.recete',
  async cancelling(db, companyId, invoice) {
    const d = db as Kysely<any>;
    if (invoice.invoiceType === 'SALE_RETURN') {
      await medulaAfterReturnCancelled(d, companyId, { returnId: invoice.invoiceId, at: invoice.at });
      await unreturnBoxes(d, companyId, { returnId: invoice.invoiceId }, invoice.login, invoice.at);
      return;
    }
    if (invoice.invoiceType !== 'SALE') return;
    const linked = await d.selectFrom('pharmacy_recetes').select(['id']).where('company_id', '=', companyId).where('invoice_id', '=', invoice.invoiceId).execute();
    await cancelSale(d, companyId, { invoiceId: invoice.invoiceId, itsCancel: invoice.itsCancel }, invoice.login, invoice.at);
    if (linked.length > 0) {
      await d.updateTable('pharmacy_recetes').set({ payment_status: 'CANCEL', updated_at: invoice.at }).where('company_id', '=', companyId).where('invoice_id', '=', invoice.invoiceId).execute();
    }
  },
};

/**
 * `accounting.invoice.returning`: a sales return of a counter sale whose boxes were recorded puts
 * the returned units' boxes (those the request named, else the line's most recently sold) back
 * into the box stock, in the return's transaction beside the stock ledger's entry, and queues
 * their İTS sale cancel; the tracking area sends it after the commit (`accounting.invoice.returned`).
 * A prescription sale saved at Medula: the whole sale returned withdraws the Medula record, part of
 * it is refused (medula-return.ts).
 */
const returning: InvoiceReturningContribution = {
  id: 'pharmacy.boxes',
  async returning(db, companyId, r) {
    if (r.invoiceType !== 'SALE_RETURN') return;
    await returnBoxes(db as Kysely<any>, companyId, {
      originalId: r.originalId, returnId: r.returnId,
      lines: r.lines.map((l, index) => ({ index, productId: l.productId, quantity: l.quantity, ...(l.boxes ? { boxes: l.boxes } : {}) })),
    }, r.login, r.at);
    await medulaAfterReturn(db as Kysely<any>, companyId, { returnId: r.returnId, originalId: r.originalId, whole: r.whole, login: r.login, at: r.at });
  },
};

/** A return withdrew a prescription's Medula record (queued in its transaction): it goes out now. */
const onInvoiceReturned: ServerEventListener = async (e, services) => {
  if (e.companyId && e.payload.invoiceType === 'SALE_RETURN') kickMedula(services, e.companyId);
};

export const area: PharmacyArea = {
  handlers: saleHandlers,
  contributes: { [INVOICE_CANCELLING_POINT]: [cancelling], [INVOICE_RETURNING_POINT]: [returning] },
  on: { 'accounting.invoice.returned': onInvoiceReturned },
  seedDemo: seedDemoBoxes,
};
