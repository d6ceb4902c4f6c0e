import type { AccountingArea } from '../area';

/** Price lists and their products. */
export const area: AccountingArea = { handlers: {} };
