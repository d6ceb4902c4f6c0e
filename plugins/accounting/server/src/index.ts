import { fileURLToPath } from 'node:url';
import type { Handler, ServerPlugin } from '@tezgah/server';
import type { AccountingArea } from './area';
import { area as units } from './units';
import { area as tags } from './tags';
import { area as taxes } from './taxes';
import { area as currencies, ratesSandbox } from './currencies';
import { area as sectors } from './sectors';
import { area as lookups } from './lookups';
import { area as currents } from './currents';
import { area as warehouses } from './warehouses';
import { area as products } from './products';
import { area as pricelists } from './pricelists';
import { area as ledger, LEDGER_SERVICE, ledgerService } from './ledger';
import { area as safes } from './safes';
import { area as banks } from './banks';
import { area as cheques } from './cheques';
import { area as partners } from './partners';
import { area as personnel } from './personnel';
import { area as declarations } from './declarations';
import { area as bookReports } from './book-reports';
import { area as invoices } from './invoices';
import { area as orders } from './orders';
import { area as despatches } from './despatches';
import { area as periodic } from './periodic';
import { area as agenda } from './agenda';
import { area as reports } from './reports';
import { area as missingInvoices } from './missing-invoices';
import { area as dashboard } from './dashboard';
import { DOCUMENTS_SERVICE, documentsService } from './invoices/documents-service';
import { DIRECTORY_SERVICE, directoryService } from './directory/service';

/** The areas in dependency order (a new company gets units before products, ...). */
const AREAS: AccountingArea[] = [units, tags, taxes, currencies, sectors, lookups, ledger, currents, safes, banks, cheques, warehouses, products, pricelists, partners, personnel, declarations, bookReports, invoices, orders, despatches, dashboard, missingInvoices, reports, periodic, agenda];

function handlers(): Record<string, Handler> {
  const all: Record<string, Handler> = {};
  for (const a of AREAS) {
    for (const [id, h] of Object.entries(a.handlers)) {
      if (all[id]) throw new Error(`accounting: operation ${id} is handled by two areas`);
      all[id] = h;
    }
  }
  return all;
}

/**
 * The accounting plugin's server part: the handlers of its operations (openapi/accounting), its
 * migrations, what a new company starts with, and its demo data — composed from its areas.
 */
const plugin: ServerPlugin = {
  id: 'accounting',
  handlers: handlers(),
  migrations: { owner: 'accounting', dir: fileURLToPath(new URL('../migrations', import.meta.url)) },
  sandbox: ratesSandbox,
  // The one posting function, for every plugin that moves money or stock (ledger/posting.ts).
  // What the e-document plugin reads of invoices and despatches, and its way to make a purchase draft.
  // The read-only directory (directory/service.ts): products with their KDV, bank accounts, currents'
  // names, invoice headers — what the pharmacy and POS plugins read instead of the accounting tables.
  provides: { [LEDGER_SERVICE]: ledgerService, [DOCUMENTS_SERVICE]: documentsService, [DIRECTORY_SERVICE]: directoryService },
  async onCompanyCreated(trx, companyId) {
    for (const a of AREAS) if (a.onCompanyCreated) await a.onCompanyCreated(trx, companyId);
  },
  async seedDemo(trx, demo) {
    for (const a of AREAS) if (a.seedDemo) await a.seedDemo(trx, demo);
  },
  // Every area's kinds of job on the kernel's queue (periodic processes, due reminders).
  jobs: Object.assign({}, ...AREAS.map((a) => a.jobs ?? {})),
};

export default plugin;

// The public entry other server plugins use: the posting service's name and types, and the
// extension points the accounting plugin opens.
export { LEDGER_SERVICE, type LedgerService, type PostingEntry, type PostingLine, type Posted } from './ledger';
export { PAYMENT_METHODS_POINT, type PaymentMethodContribution } from './invoices';
export { POS_PAYMENTS_POINT, type PosPaymentSource, type PosPaymentRow } from './reports';
export { MISSING_INVOICE_SOURCES_POINT, type MissingInvoiceSource, type MissingSale, type MissingSaleContent } from './missing-invoices';
export { DOCUMENTS_SERVICE, RETAIL_CURRENT_NAME, type DocumentsService, type InvoiceSource, type InvoiceLineSource, type DespatchSource, type PartySource, type PurchaseDraftInput, type SaleInput } from './invoices/documents-service';
export {
  DIRECTORY_SERVICE, directoryOf, type DirectoryService, type DirectoryProduct, type DirectoryBarcodeProduct, type DirectoryUnit, type DirectoryWarehouse, type DirectoryExchangeRate,
  type DirectoryBankAccount, type DirectoryCurrentName, type DirectoryInvoiceHeader,
  type DirectoryInvoiceActivity, type DirectoryPeriod, type DirectoryCompanyInvoice, type DirectoryInvoiceSortField,
} from './directory/service';
export {
  INVOICE_LOCKS_POINT, INVOICE_CANCELLING_POINT, INVOICE_RETURNING_POINT, DESPATCH_CHANGING_POINT, type InvoiceLockContribution, type InvoiceCancellingContribution,
  type InvoiceReturningContribution, type InvoiceReturning, type ReturnedBox, type DespatchChangingContribution,
} from './invoices/locks';
/**
 * Products written in batches (create or update by barcode), as the import and the demo do: how
 * another plugin makes a company's products (the pharmacy plugin: products from the medicine list).
 */
export { upsertBatch, type ProductBody } from './products/products.handlers';
