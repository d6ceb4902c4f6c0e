import type { WebArea } from '../area';

/** Current accounts: customers, suppliers, personnel, partners. */
export const area: WebArea = {};
