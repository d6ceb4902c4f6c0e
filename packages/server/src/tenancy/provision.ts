import type { Trx } from '../db/database';
import { setTenant } from '../db/database';
import { VAT_RATES } from '@tezgah/core';
import { authoritiesFor, OWNER_ROLE, STAFF_ROLE, staffAuthorities } from './catalogue';
import type { ServerPlugin } from '../kernel/types';

async function insertRole(trx: Trx, companyId: number, name: string, auths: [number, number][], opts: { fixed?: boolean; allCompanies?: boolean } = {}) {
  const r = await trx.insertInto('roles').values({ company_id: companyId, name, fixed: opts.fixed ?? false, all_companies: opts.allCompanies ?? false })
    .returning('id').executeTakeFirstOrThrow();
  if (auths.length) {
    await trx.insertInto('role_authorities').values(auths.map(([m, a]) => ({ company_id: companyId, role_id: r.id, module_id: m, action_id: a }))).execute();
  }
  return r.id;
}
export { insertRole };

/**
 * Everything a new company starts with, in the caller's transaction: the fixed owner role (all
 * its modules' actions), a staff role, VAT 20/10/1/0, its owner as a primary member, and what
 * each plugin adds to a new company (onCompanyCreated).
 * Leaves the transaction's tenant set to the new company.
 */
export async function provisionCompany(trx: Trx, companyId: number, modules: number[], ownerId: number | null, plugins: readonly ServerPlugin[] = []): Promise<{ ownerRoleId: number; staffRoleId: number }> {
  await setTenant(trx, companyId);
  const ownerRoleId = await insertRole(trx, companyId, OWNER_ROLE, authoritiesFor(modules), { fixed: true });
  const staffRoleId = await insertRole(trx, companyId, STAFF_ROLE, staffAuthorities(modules));
  await trx.insertInto('taxes').values(VAT_RATES.map((p) => ({ company_id: companyId, name: `KDV %${p}`, tax_type: 'KDV', percentage: p }))).execute();
  if (ownerId) {
    const hasPrimary = await trx.selectFrom('user_companies').select('company_id').where('user_id', '=', ownerId).where('is_primary', '=', true).executeTakeFirst();
    await trx.insertInto('user_companies').values({ company_id: companyId, user_id: ownerId, is_primary: !hasPrimary }).execute();
    await trx.insertInto('user_roles').values({ company_id: companyId, user_id: ownerId, role_id: ownerRoleId }).execute();
  }
  for (const p of plugins) if (p.onCompanyCreated) await p.onCompanyCreated(trx, companyId);
  return { ownerRoleId, staffRoleId };
}
