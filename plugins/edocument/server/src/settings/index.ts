import type { Handler } from '@tezgah/server';
import { gibUserHandlers } from './gib-users';
import { prefixHandlers } from './prefixes';
import { seriesHandlers } from './series';
import { settingsOperationHandlers } from './settings';

/**
 * The e-document plugin's settings (issue 11; seeds 001 §3 integrator settings, §5, §7, §8, §9):
 * the company's integrator settings (settings.ts), its series with gapless numbering
 * (prefixes.ts, series.ts), the cached GİB user list (gib-users.ts) and what a new or demo company
 * starts with (demo.ts).
 */

export const settingsHandlers: Record<string, Handler> = {
  ...settingsOperationHandlers, ...prefixHandlers, ...seriesHandlers, ...gibUserHandlers,
};

export {
  loadSettings, autoSendsCashSales, companyIdentity, companyProblems, integratorPort, settingsHooks, sandboxPublicUrl, COMPLETE_COMPANY_SETTINGS, DEFAULT_TIMEOUT_MS,
  type CompanyIdentity, type EdocSettings, type CompanyProblem,
} from './settings';
export { defaultPrefix, addPrefix, DEFAULT_PREFIXES, PREFIX_MESSAGE, type PrefixView } from './prefixes';
export { nextNumber, lastNumber, istanbulYear, SEQUENCE_MAX } from './series';
export { gibAliases, refreshGibUsers, settingsJobs, integratorUnavailable, GIB_USERS_JOB, NOT_REGISTERED_ALIAS, type GibAlias, type GibAliasOptions } from './gib-users';
export { seedDemoSettings, onCompanyCreatedSettings, slugOf, demoAliases } from './demo';
export { encryptSecret, decryptSecret } from './crypto';
