import type { Kysely } from 'kysely';
import { INVOICE_CANCELLING_POINT, type InvoiceCancellingContribution } from '@tezgah/accounting-server';
import type { PharmacyArea } from '../area';
import { cancelSale } from '../tracking/index';
import { saleHandlers } from './counter';
import { seedDemoBoxes } from './demo';

/**
 * The counter (issue 12): scans, the patient's share, the invoice of a prescription, and what an
 * invoice's cancellation does to its prescription and boxes. The accounting plugin calls
 * `accounting.invoice.cancelling` in the cancelling transaction: the boxes go back to stock with
 * the stock ledger's reversal, the İTS sale cancel is queued when 'ITS iptali' was asked, and the
 * prescription's payment status becomes CANCEL until it is unlinked and sold again.
 */
const cancelling: InvoiceCancellingContribution = {
  id: 'pharmacy.recete',
  async cancelling(db, companyId, invoice) {
    if (invoice.invoiceType !== 'SALE') return;
    const d = db as Kysely<any>;
    const linked = await d.selectFrom('pharmacy_recetes').select(['id']).where('company_id', '=', companyId).where('invoice_id', '=', invoice.invoiceId).execute();
    await cancelSale(d, companyId, { invoiceId: invoice.invoiceId, itsCancel: invoice.itsCancel }, invoice.login, invoice.at);
    if (linked.length > 0) {
      await d.updateTable('pharmacy_recetes').set({ payment_status: 'CANCEL', updated_at: invoice.at }).where('company_id', '=', companyId).where('invoice_id', '=', invoice.invoiceId).execute();
    }
  },
};

export const area: PharmacyArea = {
  handlers: saleHandlers,
  contributes: { [INVOICE_CANCELLING_POINT]: [cancelling] },
  seedDemo: seedDemoBoxes,
};
