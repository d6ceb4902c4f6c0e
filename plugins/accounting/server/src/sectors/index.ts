import type { AccountingArea } from '../area';
import { sectorHandlers } from './sectors.handlers';

/** Sectors (management): one sector, add, change, delete; the kernel lists them publicly. */
export const area: AccountingArea = { handlers: sectorHandlers };
