import type { AccountingArea } from '../area';
import { seedUnits, unitHandlers } from './units.handlers';

/** Units of measure. */
export const area: AccountingArea = { handlers: unitHandlers, onCompanyCreated: seedUnits };
