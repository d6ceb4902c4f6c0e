import type { AccountingArea } from '../area';

/** Countries, cities, city subdivisions and tax offices from the shared reference data. */
export const area: AccountingArea = { handlers: {} };
