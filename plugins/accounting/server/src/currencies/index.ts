import type { AccountingArea } from '../area';
import { currencyHandlers } from './currencies.handlers';
import { exchangeHandlers } from './exchange.handlers';

export { ratesSandbox } from './rates/sandbox';

/** Currencies and exchange rates (rates port: TCMB sandbox and live adapters). */
export const area: AccountingArea = { handlers: { ...currencyHandlers, ...exchangeHandlers } };
