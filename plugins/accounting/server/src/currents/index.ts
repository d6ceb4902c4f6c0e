import type { AccountingArea } from '../area';
import { currentHandlers } from './currents.handlers';
import { seedDemoCurrents } from './demo';

/** Current accounts (customers, suppliers, personnel, partners), current main accounts, bulk create. */
export const area: AccountingArea = { handlers: currentHandlers, seedDemo: seedDemoCurrents };
