import type { AccountingArea } from '../area';

/** Taxes and tax exception types. */
export const area: AccountingArea = { handlers: {} };
