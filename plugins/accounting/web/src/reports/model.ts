/**
 * Paths, types and gates of the report screens (issue 10; seeds 000 §2 "Report" and "Reports"
 * groups): the reports service under /services/reports/api (openapi/reports/reports.yaml) and the
 * main service's sale totals (openapi/accounting/sale-totals.yaml). Amounts come in lira.
 */
import { Action, Module, type Gate } from '@tezgah/core';
import { toNetworkError, toTezgahError, type TezgahPromiseApi, type components } from '@tezgah/sdk';

export const REPORTS_API = '/services/reports/api';
export const PATHS = {
  sales: `${REPORTS_API}/invoices/invoices-by-date-range`,
  cancelled: `${REPORTS_API}/invoices/cancel-invoices-by-date-range`,
  invoices: `${REPORTS_API}/all-incoming-outgoing-invoices`,
  pos: `${REPORTS_API}/current-pos-payment-by-date-range`,
  mail: `${REPORTS_API}/invoices/send-sales-data-analysis-to-emails-by-date-range`,
  collection: `${REPORTS_API}/current-collection-analysis`,
  daily: `${REPORTS_API}/daily-activity`,
  profit: `${REPORTS_API}/profit`,
  stock: `${REPORTS_API}/stock-valuation`,
  cashflow: `${REPORTS_API}/cash-flow-forecast`,
  export: `${REPORTS_API}/export`,
  dailySales: '/services/onmuhasebe/api/date-range-sale-totals',
  paymentTypes: '/services/onmuhasebe/api/cpp-date-range-sale-totals',
} as const;

export type ReportInvoice = components['schemas']['ReportInvoice'];
export type ReportInvoiceTotals = components['schemas']['ReportInvoiceTotals'];
export type ReportAging = components['schemas']['ReportAging'];
export type ReportProfit = components['schemas']['ReportProfit'];
export type ForecastWeek = components['schemas']['ReportForecastWeek'];
export interface InvoicePage { startDate: string; endDate: string; rows: ReportInvoice[]; totals: ReportInvoiceTotals; sale?: ReportInvoiceTotals; buying?: ReportInvoiceTotals }

/** The invoice lists of the menu: which call, which direction, which file and who may see them. */
export type InvoiceReportKind = 'sales' | 'cancelled' | 'all' | 'outgoing' | 'incoming';
export const INVOICE_REPORTS: Record<InvoiceReportKind, {
  route: string; path: string; invoiceType?: 'SALE' | 'BUYING'; file: 'sales' | 'cancelled' | 'invoices'; gate: Gate; exportCodes: string[];
}> = {
  sales: { route: '/sales-report', path: PATHS.sales, file: 'sales', gate: { module: Module.REPORT_PURCHASE_SALES, anyActions: [Action.VIEW] }, exportCodes: ['16_5'] },
  cancelled: { route: '/sales-cancel-report', path: PATHS.cancelled, file: 'cancelled', gate: { module: Module.REPORT_PURCHASE_SALES, anyActions: [Action.VIEW] }, exportCodes: ['16_5'] },
  all: { route: '/income-outgoing-invoice', path: PATHS.invoices, file: 'invoices', gate: { codes: ['11_1', '12_1'] }, exportCodes: ['11_5', '12_5', '16_5'] },
  outgoing: { route: '/outgoing-invoice', path: PATHS.invoices, invoiceType: 'SALE', file: 'invoices', gate: { module: Module.SALES, anyActions: [Action.VIEW] }, exportCodes: ['11_5', '16_5'] },
  incoming: { route: '/incoming-invoice', path: PATHS.invoices, invoiceType: 'BUYING', file: 'invoices', gate: { module: Module.EXPENSE, anyActions: [Action.VIEW] }, exportCodes: ['12_5', '16_5'] },
};

export const REPORT_VIEW: Gate = { module: Module.REPORT_PURCHASE_SALES, anyActions: [Action.VIEW] };
export const DAILY_GATE: Gate = { codes: ['16_1', '11_1', '12_1'] };
export const OWNER_ROUTE = '/business-reports';
export const DAILY_ROUTE = '/daily-activity-report';
export const COLLECTION_ROUTE = '/current-collection-analysis';

/**
 * The slot a plugin fills with its own cell on every row of the invoice reports (the e-document
 * plugin: the GİB status of the invoice): params `invoiceId`, `invoiceType`, `status`.
 */
export const INVOICE_REPORT_ROW_SLOT = 'accounting.reports.invoiceRow';

/** The first day of this month and today in Türkiye: the range a report opens with. */
export function thisMonth(now = new Date()): { startDate: string; endDate: string } {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Istanbul', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  return { startDate: `${day.slice(0, 8)}01`, endDate: day };
}

/** A GET of the reports service with its body and x-total-count (the SDK's tagged error when it fails). */
export async function getReport<T>(api: TezgahPromiseApi, path: string, query: Record<string, unknown>): Promise<{ data: T; total: number | null }> {
  const get = api.client.GET as unknown as (p: string, init: { params: { query: Record<string, unknown> } }) => Promise<{ data?: T; error?: unknown; response: Response }>;
  const r = await get(path, { params: { query } }).catch((e: unknown) => { throw toNetworkError(e); });
  if (!r.response.ok || r.data === undefined) throw toTezgahError(r.response, r.error);
  const raw = r.response.headers.get('x-total-count');
  return { data: r.data, total: raw !== null && /^\s*\d+\s*$/.test(raw) ? Number(raw) : null };
}

/** A report's figure, as "1.234,50". */
export { money } from '../ledger/model';
