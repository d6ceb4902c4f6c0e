import type { AccountingArea } from '../area';
import { reportHandlers } from './handlers';

/**
 * The reports (issue 10): the main service's sale totals (openapi/accounting/sale-totals.yaml) and
 * the reports service under /services/reports/api (openapi/reports/reports.yaml) — invoice lists
 * of a range, the cancelled sales, both directions, POS payments other plugins contribute
 * (extension point `reports.posPayments`), the sales analysis mailed as an xlsx, the aging of dues
 * per current, the day's activity, profit by product and by customer, stock valuation at average
 * cost and a cash-flow forecast, each as xlsx and PDF (two detailed Excel files a day per user).
 * Everything is read; the only write is the export counter (export_downloads) and the outbox.
 */
export const area: AccountingArea = { handlers: reportHandlers };
export { POS_PAYMENTS_POINT, type PosPaymentSource, type PosPaymentRow } from './pos';
