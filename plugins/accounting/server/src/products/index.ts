import type { AccountingArea } from '../area';

/** Products and services. */
export const area: AccountingArea = { handlers: {} };
