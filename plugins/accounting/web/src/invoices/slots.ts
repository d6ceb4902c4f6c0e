/**
 * The slot other plugins fill with actions on an invoice's page (e-document "send", pharmacy
 * "ITS", POS "send to device"): each fill is rendered beside the page's own actions with params
 * `invoiceId`, `invoiceType` (SALE | BUYING) and `status` (DRAFT | POSTED | CANCELLED).
 */
export const INVOICE_ACTIONS_SLOT = 'accounting.invoice.actions';

/**
 * The slot the return dialog opens under each line it can take back, for the plugins that keep the
 * goods by piece (the pharmacy's drug boxes): params `invoiceId`, `invoiceType` (the returned
 * invoice's, SALE | BUYING), `lineId` (the original line), `productId`, `productName`, `barcode`,
 * `quantity` (what is being returned, a decimal string with a point; empty while the typed quantity
 * does not read). The fill hands the line's boxes to `onValue` as `{ gtin, sn }[]`; the dialog sends
 * them as the line's `boxes` and shows the server's refusals of them (`lines.<i>.boxes.<j>`) under it.
 */
export const INVOICE_RETURN_LINE_SLOT = 'accounting.invoice.returnLine';
