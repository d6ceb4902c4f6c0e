import type { AccountingArea } from '../area';

/** Warehouses, stock movements and transfers. */
export const area: AccountingArea = { handlers: {} };
