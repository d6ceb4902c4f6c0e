import type { AccountingArea } from '../area';
import { completeTaxes, taxHandlers } from './taxes.handlers';

/** Taxes (the kernel's table, VAT 20/10/1/0 in every company) and the KDV exemption codes. */
export const area: AccountingArea = { handlers: taxHandlers, onCompanyCreated: completeTaxes };
