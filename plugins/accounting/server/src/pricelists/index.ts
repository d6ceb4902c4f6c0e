import type { AccountingArea } from '../area';
import { priceListHandlers, seedDemoPriceLists } from './pricelists.handlers';

/** Price lists, their products and the currents they apply to. */
export const area: AccountingArea = { handlers: priceListHandlers, seedDemo: seedDemoPriceLists };
