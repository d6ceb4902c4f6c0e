import type { AccountingArea } from '../area';
import { dashboardHandlers } from './dashboard.handlers';

/**
 * The home dashboard's figures (issue 10; contract openapi/accounting/dashboard.yaml): the year's
 * sales per month (sales view 11_1 or the purchase and sales report 16_1), the receivables by
 * days overdue (sales view or customer view 6_1) and the cheques due this week (cheque view 4_1,
 * 4_10 received, 4_12 given). Each is one set-based aggregate over the tables the other areas
 * write, read at request time: nothing is stored or kept up to date beside them. The cash and
 * bank position (GET /summaries) and the low-stock list (GET /products?belowMinimumStock=true)
 * are the safes' and products' own calls.
 */
export const area: AccountingArea = { handlers: dashboardHandlers };
