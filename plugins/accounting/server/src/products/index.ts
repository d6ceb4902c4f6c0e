import type { AccountingArea } from '../area';
import { productHandlers, seedProductCounter } from './products.handlers';
import { seedDemoProducts } from './demo';

/** Products and services (and the demo stock of both demo companies). */
export const area: AccountingArea = { handlers: productHandlers, onCompanyCreated: seedProductCounter, seedDemo: seedDemoProducts };
