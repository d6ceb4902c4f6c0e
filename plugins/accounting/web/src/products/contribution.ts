import type { WebArea } from '../area';

/** Products and services. */
export const area: WebArea = {};
