import type { WebArea } from '../area';

/** Tax settings. */
export const area: WebArea = {};
