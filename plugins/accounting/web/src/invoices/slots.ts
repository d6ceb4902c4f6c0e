/**
 * The slot other plugins fill with actions on an invoice's page (e-document "send", pharmacy
 * "ITS", POS "send to device"): each fill is rendered beside the page's own actions with params
 * `invoiceId`, `invoiceType` (SALE | BUYING) and `status` (DRAFT | POSTED | CANCELLED).
 */
export const INVOICE_ACTIONS_SLOT = 'accounting.invoice.actions';
