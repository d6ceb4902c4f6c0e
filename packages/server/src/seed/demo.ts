import type { Trx } from '../db/database';
import type { DemoTenant, ServerPlugin } from '../kernel/types';
import { setTenant } from '../db/database';
import { hashPassword } from '../identity/password';
import { provisionCompany, insertRole } from '../tenancy/provision';
import { defaultModules, MANAGEMENT_AUTHORITIES, MANAGEMENT_ROLE } from '../tenancy/catalogue';
import { SECTOR_IDS } from './reference';

export const DEMO_PASSWORD = 'demo1234';

/** The demo sign-ins (README and the first start print them). */
export const DEMO_USERS = [
  { login: 'eczaci', firstName: 'Elif', lastName: 'Eczacı', email: 'eczaci@demo.tezgah.local', phone: '5321234567', what: 'owner of Demo Eczanesi (pharmacy)' },
  { login: 'muhasebe', firstName: 'Murat', lastName: 'Muhasebeci', email: 'muhasebe@demo.tezgah.local', phone: '5339876543', what: 'owner of Demo Ticaret A.Ş. (general company)' },
  { login: 'yonetici', firstName: 'Yasemin', lastName: 'Yönetici', email: 'yonetici@demo.tezgah.local', phone: '5301112233', what: 'management (all companies, impersonation)' },
  { login: 'mali', firstName: 'Mali', lastName: 'Müşavir', email: 'mali@demo.tezgah.local', phone: '5357654321', what: 'accountant of both Demo Eczanesi and Demo Ticaret A.Ş. (staff in each): the company switch' },
] as const;

/**
 * The demo tenant, on an empty database: the management company (id 1, the one the seeds exclude
 * from the service-fee notice), a pharmacy and a general company, one owner each, a management
 * user and an accountant who works for both companies (staff in each, so the company selector
 * has something to switch). Valid check digits everywhere, so the data passes its own rules.
 */
export async function seedDemo(trx: Trx, plugins: readonly ServerPlugin[] = []): Promise<DemoTenant> {
  const hash = await hashPassword(DEMO_PASSWORD);
  const ids: Record<string, number> = {};
  for (const u of DEMO_USERS) {
    const row = await trx.insertInto('users').values({
      login: u.login, password_hash: hash, first_name: u.firstName, last_name: u.lastName, email: u.email, phone: u.phone,
      lang_key: 'tr', activated: true, image_url: null, default_company_id: null, created_by: 'system', created_date: new Date(),
      last_modified_by: null, last_modified_date: null,
    }).returning('id').executeTakeFirstOrThrow();
    ids[u.login] = row.id;
  }
  const staffRoles: Record<number, number> = {};
  const company = async (c: { name: string; title: string; type: 'INDIVIDUAL' | 'CORPORATION'; tax: string; taxOffice: string; sector: string; erp: string; prefix: string; owner: string; email: string; phone: string }) => {
    const modules = defaultModules(c.sector);
    const row = await trx.insertInto('companies').values({
      name: c.name, title: c.title, company_type: c.type, tax_number: c.tax, tax_office: c.taxOffice, email: c.email, phone: c.phone,
      mersis_no: null, sector_id: SECTOR_IDS[c.sector]!, erp_type: c.erp, invoice_prefix: c.prefix, modules, tags: ['demo'],
      subscription_start: '2026-01-01', subscription_end: '2026-12-31', user_count: 5, activation_date: '2026-01-01',
      coordinating_user: null, its_username: null, owner_id: ids[c.owner]!, created_by: 'system', created_date: new Date(),
      last_modified_by: null, last_modified_date: null,
    }).returning('id').executeTakeFirstOrThrow();
    staffRoles[row.id] = (await provisionCompany(trx, row.id, modules, ids[c.owner]!, plugins)).staffRoleId;
    return row.id;
  };
  const management = await company({ name: 'Tezgah Yönetim', title: 'Tezgah Yazılım A.Ş.', type: 'CORPORATION', tax: '1234567890', taxOffice: 'Kadıköy', sector: 'GEN', erp: 'STANDARD', prefix: 'TZG2026', owner: 'yonetici', email: 'destek@demo.tezgah.local', phone: '2165550000' });
  await setTenant(trx, management);
  const mgmtRole = await insertRole(trx, management, MANAGEMENT_ROLE, MANAGEMENT_AUTHORITIES, { fixed: true, allCompanies: true });
  await trx.insertInto('user_roles').values({ company_id: management, user_id: ids.yonetici!, role_id: mgmtRole }).execute();
  const pharmacy = await company({ name: 'Demo Eczanesi', title: 'Elif Eczacı - Demo Eczanesi', type: 'INDIVIDUAL', tax: '10000000146', taxOffice: 'Çankaya', sector: 'ECZ', erp: 'MEDULA', prefix: 'ECZ2026', owner: 'eczaci', email: 'eczaci@demo.tezgah.local', phone: '3125551234' });
  const general = await company({ name: 'Demo Ticaret A.Ş.', title: 'Demo Ticaret Anonim Şirketi', type: 'CORPORATION', tax: '0123456789', taxOffice: 'Beşiktaş', sector: 'GEN', erp: 'STANDARD', prefix: 'DMT2026', owner: 'muhasebe', email: 'muhasebe@demo.tezgah.local', phone: '2125559876' });
  // The accountant: a member of both companies with the staff role in each, the pharmacy first.
  for (const [cid, primary] of [[pharmacy, true], [general, false]] as const) {
    await setTenant(trx, cid);
    await trx.insertInto('user_companies').values({ company_id: cid, user_id: ids.mali!, is_primary: primary }).execute();
    await trx.insertInto('user_roles').values({ company_id: cid, user_id: ids.mali!, role_id: staffRoles[cid]! }).execute();
  }
  for (const [login, cid] of [['yonetici', management], ['eczaci', pharmacy], ['muhasebe', general], ['mali', pharmacy]] as const) {
    await trx.updateTable('users').set({ default_company_id: cid }).where('id', '=', ids[login]!).execute();
  }
  return { companies: { management, pharmacy, general }, users: ids, service: <T>(name: string) => providedBy<T>(plugins, name) };
}

/** The service a plugin provides under this name (ServerPlugin.provides), for the plugins' demo data. */
function providedBy<T>(plugins: readonly ServerPlugin[], name: string): T {
  for (const p of plugins) if (p.provides && Object.prototype.hasOwnProperty.call(p.provides, name)) return p.provides[name] as T;
  throw new Error(`no plugin provides the service ${name}`);
}
