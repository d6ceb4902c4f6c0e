import type { WebArea } from '../area';

/** Warehouses and stock. */
export const area: WebArea = {};
