import type { ServerEventListener } from '@tezgah/server';
import type { PharmacyArea } from '../area';
import { trackingHandlers } from './handlers';
import { deliverDue, kickDelivery } from './outbox';
import { mountItsSandbox, newItsWorld } from './its-sandbox';
import { mountUtsSandbox } from './uts';

/**
 * The pharmacy plugin's tracking area (issue 12): İTS (drug tracking) and ÜTS (medical devices),
 * each a port with a simulator this server serves (/sandbox/pharmacy/its, /sandbox/pharmacy/uts)
 * and a live adapter (the same client at TEZGAH_ITS_URL / TEZGAH_UTS_URL); the notifications that
 * must not be lost (İTS sale, sale cancel, acceptance; ÜTS hand-over) through an outbox and the
 * retrying job `pharmacy.tracking.deliver`; the per-serial boxes and their moves.
 *
 * What the other areas call (each in the caller's transaction, writing box moves; after a call
 * that queued a notification, call `scheduleDelivery(ctx, companyId)` so it goes out right after
 * the commit rather than at the next minute):
 * parseAndFind, sellBoxes, cancelSale, returnBoxes, unreturnBoxes, receiveBoxes, depositBoxes, releaseDeposit,
 * boxStock.
 */
export {
  parseAndFind, sellBoxes, cancelSale, cancelBoxes, returnBoxes, unreturnBoxes, receiveBoxes, depositBoxes, releaseDeposit, boxStock, boxView,
  type BoxInput, type BoxRow, type BoxView, type SellInput, type Found, type ReturnLineInput,
} from './boxes';
export { scheduleDelivery, kickDelivery, deliverDue, outboxView } from './outbox';
export { frOf, salePayload, cancelPayload, type ItsDocument, type ItsProduct } from './its-client';
export type { TrackingTables } from './schema';

/**
 * A cancelled sales invoice (the invoice page's cancel, 'ITS iptali de beraberinde yapılsın mı?'):
 * the sale area's `accounting.invoice.cancelling` contribution moved its boxes back to stock and
 * queued the İTS cancel in the cancelling transaction; after the commit the queue is kicked so the
 * cancel goes out now rather than at the next minute's job.
 */
const onInvoiceCancelled: ServerEventListener = async (e, services) => {
  const companyId = e.companyId;
  if (!companyId) return;
  // A cancelled sales return sold its boxes again: that İTS sale goes out now too.
  if ((e.payload.invoiceType === 'SALE' && e.payload.itsCancel === true) || e.payload.invoiceType === 'SALE_RETURN') kickDelivery(services, companyId);
};

/** A sales return queued the İTS cancel of its boxes (sale area, `accounting.invoice.returning`): it goes out now. */
const onInvoiceReturned: ServerEventListener = async (e, services) => {
  if (e.companyId && e.payload.invoiceType === 'SALE_RETURN') kickDelivery(services, e.companyId);
};

export const area: PharmacyArea = {
  handlers: trackingHandlers,
  on: { 'accounting.invoice.cancelled': onInvoiceCancelled, 'accounting.invoice.returned': onInvoiceReturned },
  jobs: {
    // The outbox (claimed row by row, so any number of servers deliver each once).
    'pharmacy.tracking.deliver': {
      cron: '* * * * *',
      retryLimit: 0,
      expireInSeconds: 10 * 60,
      async handler(job) {
        await deliverDue(job.services);
      },
    },
  },
  async sandbox(app) {
    await app.register(async (scope) => { mountItsSandbox(scope, newItsWorld()); }, { prefix: '/its' });
    await app.register(async (scope) => { mountUtsSandbox(scope); }, { prefix: '/uts' });
  },
};
