import { fileURLToPath } from 'node:url';
import { pluginOfAreas } from '@tezgah/server';
import type { ManagementArea } from './area';
import { area as announcements } from './announcements/index';
import { area as activity } from './activity/index';
import { area as devices } from './devices/index';
import { area as crm } from './crm/index';
import { area as users } from './users/index';

/**
 * The management plugin's server part (issue 14; seeds 000 §6–7, 001 §2–4, §7). Its areas:
 * - announcements/: CRUD, by ids, the one a user or a company has not seen yet;
 * - activity/: company activity, the company list for a date, every company's invoices for the
 *   management portal, company profiles from a file;
 * - devices/: every device of every company and the device claim flow (OTP by SMS);
 * - crm/: the CRM port (create and deactivate an account, the tax-professionals registry, the
 *   yearly service-fee payment result) with its sandbox under /sandbox/management/crm.
 * - users/: the management user settings (language, default company, active) of every user.
 * Companies, users and roles are the kernel's; medicines are the pharmacy plugin's (its medicines
 * area holds the shared master and its import).
 */
const AREAS: ManagementArea[] = [announcements, activity, devices, crm, users];

export default pluginOfAreas('management', AREAS, { migrations: { owner: 'management', dir: fileURLToPath(new URL('../migrations', import.meta.url)) } });
