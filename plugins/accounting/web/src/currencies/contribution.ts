import type { WebArea } from '../area';

/** Currencies and exchange rates. */
export const area: WebArea = {};
