import { sql } from 'kysely';
import type { AccountingArea } from '../area';
import { seedDemoInvoices } from './demo';
import { documentHandlers } from './documents.handlers';
import { invoiceHandlers } from './invoices.handlers';
import { paymentHandlers } from './payments.handlers';
import { returnHandlers } from './returns';
import { listPaymentMethods } from './payment-methods';

export { PAYMENT_LABELS } from './posting';
export { PAYMENT_METHODS_POINT, type PaymentMethodContribution } from './payment-methods';

/**
 * Invoices (fatura; issue 9; seeds 000 §3, §4, §5, §7 /invoices): sales (module SALES 11) and
 * purchases and expenses (module EXPENSE 12) on one table with a direction. What posting writes
 * (stock, the journal entry by the posting function, inline payments) and how an edit and a
 * cancellation reverse it is in posting.ts; the figures come from @tezgah/core computeInvoice
 * (compute.ts) on both sides; input.ts reads and checks what a body names.
 *
 * Events after commit (RequestContext.emit): `accounting.invoice.posted` {invoiceId,
 * invoiceType}, `accounting.invoice.updated` (a posted invoice re-posted),
 * `accounting.invoice.cancelled` {invoiceId, invoiceType, itsCancel, eInvoiceType}, and, after a
 * return (which is also posted), `accounting.invoice.returned` {invoiceId, invoiceType,
 * returnsInvoiceId}.
 */
export const area: AccountingArea = {
  handlers: { ...invoiceHandlers, ...documentHandlers, ...paymentHandlers, ...returnHandlers, listPaymentMethods },
  seedDemo: seedDemoInvoices,
  async onCompanyCreated(trx, companyId) {
    // Pharmacies sell before the purchase invoice is in: their stock may go below zero.
    await sql`insert into stock_settings (company_id, allow_negative)
                select c.id, s.key = 'ECZ' from companies c join sectors s on s.id = c.sector_id where c.id = ${companyId}
              on conflict (company_id) do nothing`.execute(trx);
  },
};
