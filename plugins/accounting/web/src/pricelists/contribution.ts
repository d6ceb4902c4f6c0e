import type { WebArea } from '../area';

/** Price lists. */
export const area: WebArea = {};
