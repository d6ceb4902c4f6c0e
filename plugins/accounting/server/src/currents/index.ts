import type { AccountingArea } from '../area';

/** Current accounts (customers, suppliers, personnel, partners), current main accounts, bulk create. */
export const area: AccountingArea = { handlers: {} };
