import type { AccountingArea } from '../area';
import { seedTags, tagHandlers } from './tags.handlers';

/** Tags with their colours. */
export const area: AccountingArea = { handlers: tagHandlers, onCompanyCreated: seedTags };
