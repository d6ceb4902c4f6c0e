import Decimal from 'decimal.js';
import { sql, type Kysely } from 'kysely';
import { Problem, problems } from '@tezgah/server';
import type { InvoiceCancellingContribution, InvoiceReturningContribution } from '@tezgah/accounting-server';

/**
 * Card refunds (iade) of invoice POS payments. A sales return refunded from a bank account that a
 * POS payment of the returned invoice settled into is a refund back to that card: it is recorded
 * against the payment (pos_payment_refunds, migration 20261205000100), at most what earlier live
 * refunds left of it, in the return's transaction, and shown in the payment's history. The
 * terminal protocol (Token X) has a whole-sale void but no partial refund, so nothing goes to the
 * terminal; a payment with a refund is no longer voided whole on the terminal. A return refunded
 * to another account, or of an invoice without a POS payment, is an ordinary bank refund and
 * nothing is recorded here.
 */

type Db = Kysely<any>;

/** The statuses in which a payment's money was taken and stands (a failed void leaves the sale standing). */
const REFUNDABLE = ['SUCCESS', 'SALE_CANCEL_FAILED'];

/** What live refunds took of each payment. */
export async function refundedOf(db: Db, companyId: number, paymentIds: number[]): Promise<Map<number, Decimal>> {
  const out = new Map<number, Decimal>();
  if (!paymentIds.length) return out;
  const rows = await db.selectFrom('pos_payment_refunds').select((e: any) => ['payment_id', e.fn.sum('amount').as('amount')])
    .where('company_id', '=', companyId).where('payment_id', 'in', paymentIds).where('status', '=', 'RECORDED').groupBy('payment_id').execute();
  for (const r of rows) out.set(Number(r.payment_id), new Decimal(r.amount ?? 0));
  return out;
}

async function note(db: Db, companyId: number, paymentId: number, status: string, login: string | null, detail: Record<string, unknown>) {
  await db.insertInto('pos_payment_events').values({
    company_id: companyId, payment_id: paymentId, from_status: status, to_status: status, source: login ? 'USER' : 'SYSTEM', detail: JSON.stringify(detail), created_by: login,
  }).execute();
  await db.updateTable('pos_payments').set({ change_seq: sql`nextval('pos_payment_change_seq')`, updated_at: new Date() }).where('company_id', '=', companyId).where('id', '=', paymentId).execute();
}

/**
 * Records the card refund of a return: spread over the invoice's POS payments into that bank
 * account, oldest first, each at most what is left of it. More than is left refuses the return
 * (400 POS_REFUND_ABOVE_PAYMENT on `refund.bankAccountId`, naming what is left).
 */
export async function recordCardRefund(
  db: Db, companyId: number, r: { originalId: number; returnId: number; bankAccountId: number; amount: Decimal; login: string | null },
): Promise<{ paymentId: number; refundId: number; amount: string }[]> {
  const payments = await db.selectFrom('pos_payments').select(['id', 'total', 'status', 'document_no']).where('company_id', '=', companyId)
    .where('kind', '=', 'INVOICE').where('invoice_id', '=', r.originalId).where('bank_account_id', '=', r.bankAccountId).orderBy('id').forUpdate().execute();
  if (!payments.length) return [];
  const usable = payments.filter((p: any) => REFUNDABLE.includes(p.status));
  const done = await refundedOf(db, companyId, usable.map((p: any) => Number(p.id)));
  const leftOf = (p: any) => Decimal.max(0, new Decimal(p.total).minus(done.get(Number(p.id)) ?? 0));
  const left = usable.reduce((s: Decimal, p: any) => s.plus(leftOf(p)), new Decimal(0));
  if (r.amount.gt(left)) {
    const message = usable.length
      ? `Kart ödemesinden (${usable.map((p: any) => p.document_no).join(', ')}) iade edilebilecek en fazla ${left.toFixed(2)} TL kaldı; kalanı kasadan ya da cari hesaba iade edin.`
      : 'Faturanın POS kart ödemesi tamamlanmamış ya da iptal edilmiş; karta iade yapılamaz. Kasadan ya da cari hesaba iade edin.';
    throw problems.invalidField('refund.bankAccountId', message, 'POS_REFUND_ABOVE_PAYMENT');
  }
  const made: { paymentId: number; refundId: number; amount: string }[] = [];
  let rest = r.amount;
  for (const p of usable) {
    if (rest.lte(0)) break;
    const take = Decimal.min(rest, leftOf(p));
    if (take.lte(0)) continue;
    const row = await db.insertInto('pos_payment_refunds').values({
      company_id: companyId, payment_id: p.id, amount: take.toFixed(2), return_invoice_id: r.returnId, created_by: r.login,
    }).returning('id').executeTakeFirstOrThrow();
    await note(db, companyId, Number(p.id), p.status, r.login, { refund: take.toFixed(2), refundId: Number(row.id), returnInvoiceId: r.returnId });
    made.push({ paymentId: Number(p.id), refundId: Number(row.id), amount: take.toFixed(2) });
    rest = rest.minus(take);
  }
  return made;
}

/** A cancelled return: its card refunds are cancelled (what they took may be refunded again). */
export async function cancelCardRefunds(db: Db, companyId: number, r: { returnId: number; login: string | null; at: Date }): Promise<number> {
  const rows = await db.updateTable('pos_payment_refunds').set({ status: 'CANCELLED', cancelled_by: r.login, cancelled_at: r.at })
    .where('company_id', '=', companyId).where('return_invoice_id', '=', r.returnId).where('status', '=', 'RECORDED').returning(['id', 'payment_id', 'amount']).execute();
  for (const x of rows) {
    const p = await db.selectFrom('pos_payments').select('status').where('company_id', '=', companyId).where('id', '=', x.payment_id).executeTakeFirstOrThrow();
    await note(db, companyId, Number(x.payment_id), p.status, r.login, { refundCancelled: new Decimal(x.amount).toFixed(2), refundId: Number(x.id), returnInvoiceId: r.returnId });
  }
  return rows.length;
}

/** Refuses the whole-sale void of a payment part of which was refunded to the card (409 POS_PAYMENT_REFUNDED). */
export async function assertNotRefunded(db: Db, companyId: number, paymentId: number): Promise<void> {
  const done = (await refundedOf(db, companyId, [paymentId])).get(paymentId);
  if (done?.gt(0)) {
    throw new Problem(409, 'Satış iptal edilemez', {
      detail: `Bu ödemenin ${done.toFixed(2)} TL'si iade ile karta geri ödendi; satış bütünüyle iptal edilemez. Kalanı faturanın iadesiyle geri verin.`, code: 'POS_PAYMENT_REFUNDED',
    });
  }
}

/** `accounting.invoice.returning`: a sales return refunded to the card of the invoice's POS payment. */
export const cardRefundOnReturn: InvoiceReturningContribution = {
  id: 'pos.card-refund',
  async returning(db, companyId, r) {
    if (r.invoiceType !== 'SALE_RETURN' || r.refund.kind !== 'BANK' || r.refund.bankAccountId === null) return;
    const amount = new Decimal(r.refund.amount);
    if (!amount.gt(0)) return;
    await recordCardRefund(db as Db, companyId, { originalId: r.originalId, returnId: r.returnId, bankAccountId: r.refund.bankAccountId, amount, login: r.login });
  },
};

/** `accounting.invoice.cancelling`: a cancelled sales return takes its card refunds back. */
export const cardRefundOnCancel: InvoiceCancellingContribution = {
  id: 'pos.card-refund',
  async cancelling(db, companyId, invoice) {
    if (invoice.invoiceType !== 'SALE_RETURN') return;
    await cancelCardRefunds(db as Db, companyId, { returnId: invoice.invoiceId, login: invoice.login, at: invoice.at });
  },
};
