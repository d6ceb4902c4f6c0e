import Decimal from 'decimal.js';
import type { Kysely } from 'kysely';
import { inTenant, Problem, type ServerEvent, type Services, type Trx } from '@tezgah/server';
import { directoryOf, INVOICE_CANCELLING_POINT, INVOICE_RETURNING_POINT, type MissingInvoiceSource, type PaymentMethodContribution, type PosPaymentSource } from '@tezgah/accounting-server';
import type { PosArea } from '../area';
import { createPayment, paymentHandlers } from './handlers';
import { terminalSandbox } from './sandbox';
import { dispatch, pollOpenPayments, today } from './service';
import { seedDemoPayments } from './demo';
import { cardRefundOnCancel, cardRefundOnReturn } from './refunds';

/**
 * The POS plugin's payments area (issue 13): POS payments and current POS payments, their state
 * machine through the terminal port (service.ts, tokenx.ts; the simulator sandbox.ts), the
 * webhook and the polling job, and what it gives the accounting plugin:
 * - the 'pos.device' payment method of invoices. The invoice settles its payment into the POS
 *   bank account when it is posted (the accounting plugin's own posting); on its
 *   `accounting.invoice.posted` this area makes the POS payment and sends it to the device. The
 *   POS payment never posts an invoice's payment again (posted once); one that fails or is
 *   given up says so and the person resends it, cancels the invoice or changes its payment; a sale
 *   cancelled on the device voids the invoice's card payment (the accounting plugin's
 *   DocumentsService.voidPayment), so the invoice owes it again.
 *   An invoice made for a missing sale (`missingInvoice` in the payload) is not sent: the sale
 *   happened already.
 *   A sales return of such an invoice refunded to the card (from the payment's POS bank account)
 *   records the card refund against the payment (refunds.ts, `accounting.invoice.returning`),
 *   never more than the payment; cancelling the return cancels it.
 * - missing invoices: successful sales without prescription that have no invoice;
 * - the reports point `reports.posPayments` (the current POS payments report).
 */

type Db = Kysely<any>;
const SOLD = ['SUCCESS', 'SALE_CANCEL_PENDING', 'SALE_CANCEL_ON_TERMINAL', 'SALE_CANCEL_FAILED'];

const paymentMethods: PaymentMethodContribution[] = [
  { id: 'pos.device', paymentType: 'CREDIT_CARD', label: { tr: 'POS cihazı', en: 'POS device' }, bankAccountTypes: ['POS'] },
];

interface PostedPayload {
  invoiceId: number; invoiceType: 'SALE' | 'BUYING';
  payments?: { id: number; paymentType: string; method: string | null; amount: string; bankAccountId: number | null }[];
  missingInvoice?: unknown;
}

/** `accounting.invoice.posted`: each 'pos.device' payment of a sale becomes a POS payment sent to the device (once per invoice payment). */
async function onInvoicePosted(event: ServerEvent, services: Services) {
  const p = event.payload as unknown as PostedPayload;
  if (!event.companyId || p.invoiceType !== 'SALE' || p.missingInvoice) return;
  const pays = (p.payments ?? []).filter((x) => x.method === 'pos.device' && x.bankAccountId && new Decimal(x.amount).gt(0));
  if (!pays.length) return;
  const companyId = event.companyId;
  const made = await inTenant(services.db, companyId, async (trx) => {
    const db = trx as Db;
    const inv = await directoryOf(services).invoiceHeader(db, companyId, p.invoiceId);
    if (!inv) return [];
    const ids: number[] = [];
    for (const x of pays) {
      const device = await db.selectFrom('pos_devices').select('id').where('company_id', '=', companyId).where('bank_account_id', '=', x.bankAccountId).where('active', '=', true).orderBy('id').executeTakeFirst();
      if (!device) continue; // no terminal settles into that account: the payment stays an ordinary card payment
      const id = await createPayment(db, services, companyId, null, 'INVOICE', {
        deviceId: Number(device.id), total: x.amount, currentId: inv.currentId,
        dueDate: inv.dueDate, explanation: inv.documentNo ? `Fatura ${inv.documentNo}` : null,
      }, { invoiceId: p.invoiceId, invoicePaymentId: x.id, bankAccountId: x.bankAccountId! });
      if (id) ids.push(id);
    }
    return ids;
  });
  for (const id of made) await dispatch(services, companyId, id);
}

const missingInvoices: MissingInvoiceSource = {
  id: 'pos.payment',
  label: { tr: 'POS ödemesi', en: 'POS payment' },
  async list(trx: Trx, companyId: number, f: { currentId?: number; documentNo?: string }) {
    let q = (trx as unknown as Db).selectFrom('pos_payments').select(['document_no', 'payment_date', 'current_id', 'total', 'explanation'])
      .where('company_id', '=', companyId).where('kind', '=', 'NON_PRESCRIPTION').where('invoice_id', 'is', null).where('status', 'in', SOLD).where('current_id', 'is not', null);
    if (f.currentId) q = q.where('current_id', '=', f.currentId);
    if (f.documentNo) q = q.where('document_no', '=', f.documentNo);
    const rows = await q.orderBy('id').execute();
    return rows.map((r: any) => ({
      documentNo: r.document_no, date: r.payment_date instanceof Date ? today(r.payment_date) : String(r.payment_date).slice(0, 10),
      currentId: Number(r.current_id), amount: new Decimal(r.total).toFixed(2), explanation: r.explanation ?? 'POS ile reçetesiz satış',
    }));
  },
  /**
   * The invoice of a sale without prescription: its lines (each must name a product) and no
   * payment, since the card collection was already posted against the current (the invoice
   * debits the current, the collection credited it).
   */
  async content(trx: Trx, companyId: number, documentNo: string) {
    const r = await (trx as unknown as Db).selectFrom('pos_payments').selectAll().where('company_id', '=', companyId).where('document_no', '=', documentNo)
      .where('kind', '=', 'NON_PRESCRIPTION').where('invoice_id', 'is', null).where('status', 'in', SOLD).forUpdate().executeTakeFirst();
    if (!r || r.current_id == null) return null;
    const items = (typeof r.items === 'string' ? JSON.parse(r.items) : r.items) as { name: string; quantity: string; unitPrice: string; productId?: number | null }[];
    if (!items.length || items.some((i) => !i.productId)) {
      throw new Problem(409, 'Fatura oluşturulamaz', { detail: `${documentNo} numaralı POS satışının ürünü seçilmemiş satırları var; faturayı elle kesin.`, code: 'POS_SALE_WITHOUT_PRODUCTS' });
    }
    return {
      currentId: Number(r.current_id), date: r.payment_date instanceof Date ? today(r.payment_date) : String(r.payment_date).slice(0, 10), explanation: r.explanation ?? null,
      products: items.map((i) => ({ productId: Number(i.productId), quantity: Number(i.quantity), unitPrice: Number(i.unitPrice) })) as any,
      payments: [],
    };
  },
  async invoiced(trx: Trx, companyId: number, s: { documentNo: string; invoiceId: number }) {
    await (trx as unknown as Db).updateTable('pos_payments').set({ invoice_id: s.invoiceId, updated_at: new Date() }).where('company_id', '=', companyId).where('document_no', '=', s.documentNo).execute();
  },
};

const reportSource: PosPaymentSource = {
  id: 'pos.device-payments',
  async rows(trx, q, services) {
    const rows = await (trx as unknown as Db).selectFrom('pos_payments as p')
      .select(['p.payment_date', 'p.current_id', 'p.customer_name', 'p.terminal_serial_no', 'p.document_no', 'p.total'])
      .where('p.company_id', '=', q.companyId).where('p.status', 'in', SOLD).where('p.payment_date', '>=', q.startDate).where('p.payment_date', '<=', q.endDate)
      .orderBy('p.payment_date').orderBy('p.id').execute();
    // The currents' names in one call to the accounting plugin's directory (its tables are its own).
    const names = await directoryOf(services).currentNames(trx, q.companyId, rows.filter((r: any) => r.current_id != null).map((r: any) => Number(r.current_id)));
    return rows.map((r: any) => ({
      date: r.payment_date instanceof Date ? today(r.payment_date) : String(r.payment_date).slice(0, 10), currentId: r.current_id == null ? null : Number(r.current_id),
      currentName: (r.current_id == null ? undefined : names.get(Number(r.current_id))?.name) ?? r.customer_name ?? null, device: r.terminal_serial_no, documentNo: r.document_no, amount: new Decimal(r.total).toFixed(2),
    }));
  },
};

export const area: PosArea = {
  handlers: paymentHandlers,
  seedDemo: seedDemoPayments,
  jobs: {
    'pos.payments.poll': {
      cron: '* * * * *',
      retryLimit: 0,
      expireInSeconds: 120,
      async handler(job) { await pollOpenPayments(job.services); },
    },
  },
  sandbox: terminalSandbox,
  on: { 'accounting.invoice.posted': onInvoicePosted },
  contributes: {
    'accounting.invoice.paymentMethods': paymentMethods,
    'accounting.missingInvoices.sources': [missingInvoices],
    'reports.posPayments': [reportSource],
    [INVOICE_RETURNING_POINT]: [cardRefundOnReturn],
    [INVOICE_CANCELLING_POINT]: [cardRefundOnCancel],
  },
};
