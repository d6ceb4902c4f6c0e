import { contributionsTo, problems, type Services } from '@tezgah/server';

/**
 * The extension point `accounting.invoice.locks`: another plugin says why a posted invoice may no
 * longer be changed (the e-document plugin: its e-Fatura or e-Arşiv was sent, so the document the
 * buyer holds is what counts; a correction goes by a return invoice or a cancellation). A lock is
 * asked in the editing request's transaction, with the tenant set; it answers a Turkish reason, or
 * null when the invoice may change.
 */
export const INVOICE_LOCKS_POINT = 'accounting.invoice.locks';

export interface InvoiceLockContribution {
  id: string;
  reason(db: unknown, companyId: number, invoiceId: number): Promise<string | null>;
}

/** Refuses (409 INVOICE_LOCKED) an edit some plugin's lock holds. */
export async function assertNotLocked(services: Pick<Services, 'plugins'>, db: unknown, companyId: number, invoiceId: number): Promise<void> {
  for (const { item } of contributionsTo<InvoiceLockContribution>(services, INVOICE_LOCKS_POINT)) {
    if (typeof item?.reason !== 'function') continue;
    const why = await item.reason(db, companyId, invoiceId);
    if (why) throw problems.conflict(why, 'INVOICE_LOCKED');
  }
}
