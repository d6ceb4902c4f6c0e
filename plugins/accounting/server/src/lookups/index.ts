import type { AccountingArea } from '../area';
import { lookupAdminHandlers } from './lookups.admin';
import { lookupHandlers } from './lookups.handlers';

/**
 * Countries, cities, city subdivisions and tax offices from the shared reference data, plus the
 * uniform chart of accounts. Global tables filled by migration 20261122030100-lookups-data.sql,
 * which seed-data/generate-lookups-migration.mjs generates from the CSV files in seed-data/: so
 * every database has them from its first start, demo or not, and no company hook is needed.
 * Management staff keep countries, cities and city subdivisions (lookups.admin.ts).
 */
export const area: AccountingArea = { handlers: { ...lookupHandlers, ...lookupAdminHandlers } };
