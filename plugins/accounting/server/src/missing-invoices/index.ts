import type { AccountingArea } from '../area';
import { missingInvoiceHandlers } from './missing-invoices.handlers';

export { MISSING_INVOICE_SOURCES_POINT, type MissingInvoiceSource, type MissingSale, type MissingSaleContent } from './sources';
export { DESPATCH_SOURCE_ID } from './despatch-source';

/**
 * Missing invoices (eksik faturalar; issue 10): sales recorded without an invoice by a source —
 * the accounting plugin's outgoing despatches (despatch-source.ts) and what other plugins
 * contribute to `accounting.missingInvoices.sources` (sources.ts) — listed and created once each
 * (missing-invoices.handlers.ts; the link table's UNIQUE (company, source, document_no)).
 */
export const area: AccountingArea = { handlers: missingInvoiceHandlers };
