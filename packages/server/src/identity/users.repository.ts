import { sql } from 'kysely';
import type { Trx } from '../db/database';

/** SQL for users as seen from one company (the only place that queries users with roles). */

export interface UserRow {
  id: number; login: string; first_name: string; last_name: string; email: string; phone: string | null;
  image_url: string | null; lang_key: string; activated: boolean; created_by: string | null; created_date: Date;
  last_modified_by: string | null; last_modified_date: Date | null;
}

export function findUserByLoginOrEmail(trx: Trx, name: string) {
  return trx.selectFrom('users').selectAll()
    .where((eb) => eb.or([eb(sql`lower(login)`, '=', name.toLowerCase()), eb(sql`lower(email)`, '=', name.toLowerCase())]))
    .orderBy(sql`lower(login) = ${name.toLowerCase()}`, 'desc')
    .executeTakeFirst();
}

export function findUserByLogin(trx: Trx, login: string) {
  return trx.selectFrom('users').selectAll().where(sql`lower(login)`, '=', login.toLowerCase()).executeTakeFirst();
}

export async function loginTaken(trx: Trx, login: string, exceptId?: number): Promise<boolean> {
  let q = trx.selectFrom('users').select('id').where(sql`lower(login)`, '=', login.toLowerCase());
  if (exceptId) q = q.where('id', '<>', exceptId);
  return !!(await q.executeTakeFirst());
}

export async function emailTaken(trx: Trx, email: string, exceptId?: number): Promise<boolean> {
  let q = trx.selectFrom('users').select('id').where(sql`lower(email)`, '=', email.toLowerCase());
  if (exceptId) q = q.where('id', '<>', exceptId);
  return !!(await q.executeTakeFirst());
}

export async function isMember(trx: Trx, userId: number, companyId: number): Promise<boolean> {
  return !!(await trx.selectFrom('user_companies').select('user_id')
    .where('user_id', '=', userId).where('company_id', '=', companyId).executeTakeFirst());
}

/** Roles and authorities of some users in one company (the transaction's tenant). */
export async function rolesAndAuthorities(trx: Trx, companyId: number, userIds: number[]) {
  const roles = new Map<number, { id: number; name: string }[]>();
  const auths = new Map<number, { authorityCode: string; companyId: number }[]>();
  if (!userIds.length) return { roles, auths };
  const rs = await trx.selectFrom('user_roles as ur')
    .innerJoin('roles as r', (j) => j.onRef('r.company_id', '=', 'ur.company_id').onRef('r.id', '=', 'ur.role_id'))
    .select(['ur.user_id', 'r.id', 'r.name', 'r.all_companies'])
    .where('ur.company_id', '=', companyId).where('ur.user_id', 'in', userIds)
    .orderBy('r.id').execute();
  for (const r of rs) roles.set(r.user_id, [...(roles.get(r.user_id) ?? []), { id: r.id, name: r.name }]);
  const as = await trx.selectFrom('user_roles as ur')
    .innerJoin('roles as r', (j) => j.onRef('r.company_id', '=', 'ur.company_id').onRef('r.id', '=', 'ur.role_id'))
    .innerJoin('role_authorities as ra', (j) => j.onRef('ra.company_id', '=', 'r.company_id').onRef('ra.role_id', '=', 'r.id'))
    .select(['ur.user_id', 'ra.module_id', 'ra.action_id', 'r.all_companies'])
    .distinct()
    .where('ur.company_id', '=', companyId).where('ur.user_id', 'in', userIds)
    .orderBy('ur.user_id').orderBy('ra.module_id').orderBy('ra.action_id').execute();
  for (const a of as) {
    auths.set(a.user_id, [...(auths.get(a.user_id) ?? []), { authorityCode: `${a.module_id}_${a.action_id}`, companyId: a.all_companies ? 0 : companyId }]);
  }
  return { roles, auths };
}

export function userView(u: UserRow, roles: { id: number; name: string }[], authorities: { authorityCode: string; companyId: number }[]) {
  return {
    id: u.id, login: u.login, firstName: u.first_name, lastName: u.last_name, email: u.email, phone: u.phone,
    imageUrl: u.image_url, langKey: u.lang_key, activated: u.activated, roles, authorities,
    createdBy: u.created_by, createdDate: u.created_date, lastModifiedBy: u.last_modified_by, lastModifiedDate: u.last_modified_date,
  };
}

/** Role ids that belong to the company; answers the ones that do not. */
export async function checkRoles(trx: Trx, companyId: number, roleIds: number[]) {
  const found = await trx.selectFrom('roles').select(['id', 'all_companies']).where('company_id', '=', companyId).where('id', 'in', roleIds).execute();
  return { missing: roleIds.filter((id) => !found.some((f) => f.id === id)), allCompanies: found.some((f) => f.all_companies) };
}

export async function setUserRoles(trx: Trx, companyId: number, userId: number, roleIds: number[]) {
  await trx.deleteFrom('user_roles').where('company_id', '=', companyId).where('user_id', '=', userId).execute();
  if (roleIds.length) {
    await trx.insertInto('user_roles').values(roleIds.map((role_id) => ({ company_id: companyId, user_id: userId, role_id }))).execute();
  }
}
