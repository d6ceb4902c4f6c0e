import type { AccountingArea } from '../area';
import { seedWarehouses, warehouseHandlers } from './warehouses.handlers';

/** Warehouses, stock movements and transfers. Demo stock comes with the demo products (products area). */
export const area: AccountingArea = { handlers: warehouseHandlers, onCompanyCreated: seedWarehouses };
