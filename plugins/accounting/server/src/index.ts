import { fileURLToPath } from 'node:url';
import type { ServerPlugin } from '@tezgah/server';
import { seedUnits, unitHandlers } from './units/units.handlers';

/**
 * The accounting plugin's server part: the handlers of its operations (openapi/accounting), its
 * migrations, what a new company starts with, and its demo data.
 */
const plugin: ServerPlugin = {
  id: 'accounting',
  handlers: { ...unitHandlers },
  migrations: { owner: 'accounting', dir: fileURLToPath(new URL('../migrations', import.meta.url)) },
  async onCompanyCreated(trx, companyId) {
    await seedUnits(trx, companyId);
  },
};

export default plugin;
