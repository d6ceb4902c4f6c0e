import { contributionsTo, type Services, type Trx } from '@tezgah/server';
import type { InvoiceBody } from '../invoices/input';

/**
 * The extension point `accounting.missingInvoices.sources`: where sales recorded without an
 * invoice come from. A missing invoice is a sale another path recorded (an outgoing despatch, a
 * POS payment, a prescription sale, a connector-reported sale) that has no invoice yet; it is
 * identified by (source id, document number) in its company. The accounting plugin owns the
 * mechanism (listing, creating the invoice once, the link); a source only says what is missing
 * and what its invoice holds.
 *
 * Unlike `accounting.invoice.paymentMethods` a source contributes functions: it has to read its
 * own tables, which no other plugin reads. They run in-process, inside the request's transaction
 * with the tenant set to the company they are asked about (row-level security applies), and must
 * only read and write their own plugin's tables.
 */
export const MISSING_INVOICE_SOURCES_POINT = 'accounting.missingInvoices.sources';

/** One sale without an invoice, as a source lists it. */
export interface MissingSale {
  /** The sale's own number, unique in the source and the company (at most 64 characters). */
  documentNo: string;
  /** The day of the sale (YYYY-MM-DD): the invoice is dated that day. */
  date: string;
  /** The customer (a current account of the company). */
  currentId: number;
  /** What the sale comes to with its taxes, in its currency, as a decimal string; null when the source cannot price it before the invoice is made. */
  amount: string | null;
  /** @default 1 (lira) */
  currencyId?: number;
  explanation?: string | null;
}

/** What the invoice of a missing sale holds: the lines and payments of a sales invoice (invoices/input.ts). */
export interface MissingSaleContent {
  currentId: number;
  date: string;
  currencyId?: number;
  explanation?: string | null;
  products: InvoiceBody['products'];
  /** How it was paid (a POS payment: CREDIT_CARD into its POS account); none leaves it on the current's account. */
  payments?: InvoiceBody['payments'];
}

/** What a plugin contributes to `accounting.missingInvoices.sources`. */
export interface MissingInvoiceSource {
  /** Unique, namespaced by the plugin: `pos.payment`, `pharmacy.prescription`. */
  id: string;
  label: { tr: string; en: string };
  /** The company's sales without an invoice, narrowed to a current or one document number when asked. */
  list(trx: Trx, companyId: number, filter: { currentId?: number; documentNo?: string }): Promise<MissingSale[]>;
  /**
   * The invoice content of one sale, read for writing (lock what must not change under it); null
   * when the sale is no longer missing. A Problem it throws (a price that is not known) is the
   * answer for that document.
   */
  content(trx: Trx, companyId: number, documentNo: string): Promise<MissingSaleContent | null>;
  /** Told in the same transaction once its invoice is written (e.g. to keep the invoice's id beside the sale). */
  invoiced?(trx: Trx, companyId: number, sale: { documentNo: string; invoiceId: number; invoiceNo: string | null }): Promise<void>;
}

export interface RegisteredSource extends MissingInvoiceSource { plugin: string }

const ID = /^[a-z][a-z0-9-]*(\.[a-z0-9-]+)+$/;

/**
 * The sources: the accounting plugin's own first, then the contributed ones. A malformed or
 * doubled contribution is a programming error, reported at the first use with the plugin's name.
 */
export function missingInvoiceSources(services: Pick<Services, 'plugins'>, builtIn: readonly MissingInvoiceSource[]): RegisteredSource[] {
  const out: RegisteredSource[] = [];
  const all = [...builtIn.map((item) => ({ plugin: 'accounting', item })), ...contributionsTo<MissingInvoiceSource>(services, MISSING_INVOICE_SOURCES_POINT)];
  for (const { plugin, item } of all) {
    const where = `${plugin}: ${MISSING_INVOICE_SOURCES_POINT} ${JSON.stringify(item?.id)}`;
    if (!item || typeof item.id !== 'string' || !ID.test(item.id) || item.id.length > 64) throw new Error(`${where}: the id must be namespaced like 'pos.payment'`);
    if (!item.label?.tr || !item.label?.en) throw new Error(`${where}: a Turkish and an English label are needed`);
    if (typeof item.list !== 'function' || typeof item.content !== 'function') throw new Error(`${where}: list and content must be functions`);
    if (item.invoiced !== undefined && typeof item.invoiced !== 'function') throw new Error(`${where}: invoiced must be a function`);
    if (out.some((s) => s.id === item.id)) throw new Error(`${where}: contributed twice`);
    out.push({ ...item, plugin });
  }
  return out;
}
