import type { AccountingArea } from '../area';

/** Currencies and exchange rates (rates port: TCMB sandbox and live adapters). */
export const area: AccountingArea = { handlers: {} };
