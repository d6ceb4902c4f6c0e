import type { WebArea } from '../area';

/** Tag settings. */
export const area: WebArea = {};
