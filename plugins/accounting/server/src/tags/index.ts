import type { AccountingArea } from '../area';

/** Tags with their colours. */
export const area: AccountingArea = { handlers: {} };
