import type { AccountingArea } from '../area';

/** Sectors (management). */
export const area: AccountingArea = { handlers: {} };
