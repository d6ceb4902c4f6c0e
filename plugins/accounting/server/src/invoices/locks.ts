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

/**
 * The extension point `accounting.invoice.cancelling`: another plugin moves what it keeps of an
 * invoice in the same transaction that cancels it (the pharmacy plugin: the invoice's drug boxes
 * go back to stock while the stock ledger is reversed, and the İTS sale cancel is queued when the
 * person asked for it). Called after the invoice's postings are reversed, before its status
 * changes; a contribution that throws undoes the cancellation.
 */
export const INVOICE_CANCELLING_POINT = 'accounting.invoice.cancelling';

export interface InvoiceCancellingContribution {
  id: string;
  /** `at` is the cancellation's moment on the server's clock (services.now). */
  cancelling(db: unknown, companyId: number, invoice: { invoiceId: number; invoiceType: 'SALE' | 'BUYING' | 'SALE_RETURN' | 'BUYING_RETURN'; itsCancel: boolean; login: string | null; at: Date }): Promise<void>;
}

export async function runCancelling(services: Pick<Services, 'plugins'>, db: unknown, companyId: number, invoice: Parameters<InvoiceCancellingContribution['cancelling']>[2]): Promise<void> {
  for (const { item } of contributionsTo<InvoiceCancellingContribution>(services, INVOICE_CANCELLING_POINT)) {
    if (typeof item?.cancelling !== 'function') continue;
    await item.cancelling(db, companyId, invoice);
  }
}

/**
 * The extension point `accounting.invoice.returning`: another plugin moves what it keeps of the
 * goods a return (iade) gives back, in the transaction that makes the return, after the return is
 * posted (and, without a refund, set off against the original's dues). The pharmacy plugin puts
 * the returned drug boxes back into its box stock and queues their İTS sale cancel; the POS plugin
 * records the card refund against the original's POS payment. A contribution that throws undoes
 * the return; a refusal about the request is a field error (`lines.<i>.boxes.<j>`, `refund`) the
 * return dialog shows beside the field.
 */
export const INVOICE_RETURNING_POINT = 'accounting.invoice.returning';

/** A box a return names by its GS1 code (GTIN + serial), for the plugins that keep boxes. */
export interface ReturnedBox { gtin: string; sn: string }

export interface InvoiceReturning {
  returnId: number;
  originalId: number;
  /** The return's own type. */
  invoiceType: 'SALE_RETURN' | 'BUYING_RETURN';
  /**
   * The returned lines in the order the request gave them (index i is the request's lines.i);
   * `quantity` a decimal string; `boxes` as the request named them, when it did.
   */
  lines: { originalLineId: number; returnLineId: number; productId: number | null; quantity: string; boxes?: ReturnedBox[] }[];
  /**
   * Whether nothing of the original is left to return after this return (every line taken back
   * whole, by this return and the live ones before it): a plugin that keeps a record of the whole
   * sale elsewhere (the pharmacy: the prescription's Medula record) withdraws it then.
   */
  whole: boolean;
  /**
   * The money paid back at once: CASH from a safe, BANK from a bank account (to the card or the
   * account), null when the return stays on the current's account. `amount` is the return's
   * payable (a decimal string), '0.00' without a refund.
   */
  refund: { kind: 'CASH' | 'BANK' | null; amount: string; safeId: number | null; bankAccountId: number | null };
  login: string | null;
  /** The return's moment on the server's clock (services.now). */
  at: Date;
}

export interface InvoiceReturningContribution {
  id: string;
  returning(db: unknown, companyId: number, r: InvoiceReturning): Promise<void>;
}

export async function runReturning(services: Pick<Services, 'plugins'>, db: unknown, companyId: number, r: InvoiceReturning): Promise<void> {
  for (const { item } of contributionsTo<InvoiceReturningContribution>(services, INVOICE_RETURNING_POINT)) {
    if (typeof item?.returning !== 'function') continue;
    await item.returning(db, companyId, r);
  }
}

/**
 * The extension point `accounting.despatch.changing`: another plugin says whether a despatch may
 * be edited or cancelled, in that request's transaction (the e-document plugin: a sent
 * e-İrsaliye cannot be withdrawn at GİB, so its despatch no longer changes; an unsent one is
 * discarded with a cancelled despatch). A contribution that throws refuses the change.
 */
export const DESPATCH_CHANGING_POINT = 'accounting.despatch.changing';

export interface DespatchChangingContribution {
  id: string;
  /** `at` is the change's moment on the server's clock (services.now). */
  changing(db: unknown, companyId: number, despatch: { despatchId: number; action: 'UPDATE' | 'CANCEL'; at: Date }): Promise<void>;
}

export async function runDespatchChanging(services: Pick<Services, 'plugins'>, db: unknown, companyId: number, despatch: Parameters<DespatchChangingContribution['changing']>[2]): Promise<void> {
  for (const { item } of contributionsTo<DespatchChangingContribution>(services, DESPATCH_CHANGING_POINT)) {
    if (typeof item?.changing !== 'function') continue;
    await item.changing(db, companyId, despatch);
  }
}
