import { sql, type Transaction } from 'kysely';
import { likePattern, pageRequest, pageResult, Problem, problems, requireAuth, type Handler, type KernelTables, type RequestContext } from '@tezgah/server';
import type { ManagementArea } from '../area';

/**
 * The management user settings (seeds 000 §2 /management-user-settings): every user of every
 * company with what management may change for them: language, default company (the one they land
 * in after sign-in; kept as `users.default_company_id` and as the primary membership) and active or
 * passive. Users and memberships are the kernel's global tables (no row policy); the contract lets
 * only management staff call these. Setting a user passive or changing their memberships bumps the
 * kernel's auth version (triggers), so their open sessions are checked again at once.
 */
type Db = Transaction<KernelTables>;
const db = (ctx: RequestContext) => ctx.trx as unknown as Db;

export const SELF_PASSIVE = 'Kendi hesabınızı pasife alamazsınız.';
const NOT_MEMBER = 'Varsayılan şirket, kullanıcının üye olduğu şirketlerden biri olmalıdır.';

const SORTS: Record<string, ReturnType<typeof sql>> = { id: sql`u.id`, login: sql`lower(u.login)`, lastName: sql`lower(u.last_name)`, email: sql`lower(u.email)` };

async function companiesOf(ctx: RequestContext, userIds: number[]) {
  if (!userIds.length) return new Map<number, { companyId: number; name: string; isPrimary: boolean; active: boolean }[]>();
  const rows = await db(ctx).selectFrom('user_companies as uc').innerJoin('companies as c', 'c.id', 'uc.company_id')
    .select(['uc.user_id', 'c.id', 'c.name', 'uc.is_primary', 'c.active']).where('uc.user_id', 'in', userIds).orderBy('c.name').execute();
  const out = new Map<number, { companyId: number; name: string; isPrimary: boolean; active: boolean }[]>();
  for (const r of rows) {
    const list = out.get(Number(r.user_id)) ?? [];
    list.push({ companyId: Number(r.id), name: r.name, isPrimary: r.is_primary, active: r.active });
    out.set(Number(r.user_id), list);
  }
  return out;
}

interface UserRow { id: number | string; login: string; first_name: string; last_name: string; email: string; lang_key: string; activated: boolean; default_company_id: number | string | null }
const COLUMNS = ['u.id', 'u.login', 'u.first_name', 'u.last_name', 'u.email', 'u.lang_key', 'u.activated', 'u.default_company_id'] as const;

async function views(ctx: RequestContext, rows: UserRow[]) {
  const companies = await companiesOf(ctx, rows.map((r) => Number(r.id)));
  return rows.map((u) => ({
    id: Number(u.id), login: u.login, firstName: u.first_name, lastName: u.last_name, email: u.email, langKey: u.lang_key, activated: u.activated,
    defaultCompanyId: u.default_company_id === null ? null : Number(u.default_company_id), companies: companies.get(Number(u.id)) ?? [],
  }));
}

const listManagementUserSettings: Handler = async (ctx) => {
  const q = ctx.query as { search?: string; companyId?: number; activated?: boolean };
  const p = pageRequest(ctx, ['login', 'asc']);
  let base = db(ctx).selectFrom('users as u');
  if (q.companyId) base = base.where((eb) => eb.exists(eb.selectFrom('user_companies as m').select('m.user_id').whereRef('m.user_id', '=', 'u.id').where('m.company_id', '=', q.companyId!)));
  if (q.activated !== undefined) base = base.where('u.activated', '=', q.activated);
  if (q.search?.trim()) {
    const s = likePattern(q.search.trim().toLocaleLowerCase('tr-TR'));
    base = base.where((eb) => eb.or([
      eb(sql`lower(u.login)`, 'like', s), eb(sql`lower(u.email)`, 'like', s), eb(sql`lower(u.first_name || ' ' || u.last_name)`, 'like', s),
    ]));
  }
  let rows = base.select([...COLUMNS]);
  for (const [f, d] of p.sort) rows = rows.orderBy(SORTS[f]!, d);
  const [items, total] = await Promise.all([
    rows.orderBy('u.id', 'asc').limit(p.size).offset(p.offset).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return pageResult(ctx, await views(ctx, items as UserRow[]), Number(total.n));
};

const updateManagementUserSetting: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const b = ctx.body as { id: number; langKey: string; activated: boolean; defaultCompanyId: number | null };
  const user = await db(ctx).selectFrom('users as u').select([...COLUMNS]).where('u.id', '=', b.id).executeTakeFirst();
  if (!user) throw problems.notFound('Kullanıcı');
  if (Number(user.id) === auth.userId && !b.activated) throw new Problem(409, 'Çakışma', { detail: SELF_PASSIVE, code: 'SELF_PASSIVE' });
  if (b.defaultCompanyId !== null) {
    const member = await db(ctx).selectFrom('user_companies').select('company_id').where('user_id', '=', b.id).where('company_id', '=', b.defaultCompanyId).executeTakeFirst();
    if (!member) throw problems.invalidField('defaultCompanyId', NOT_MEMBER, 'NOT_MEMBER');
  }
  await db(ctx).updateTable('users').set({
    lang_key: b.langKey, activated: b.activated, default_company_id: b.defaultCompanyId, last_modified_by: auth.login, last_modified_date: ctx.services.now(),
  }).where('id', '=', b.id).execute();
  if (b.defaultCompanyId !== null && Number(user.default_company_id) !== b.defaultCompanyId) {
    await db(ctx).updateTable('user_companies').set({ is_primary: sql<boolean>`company_id = ${b.defaultCompanyId}` }).where('user_id', '=', b.id).execute();
  }
  ctx.audit({ action: 'management.user.settings', entity: 'user', entityId: b.id, detail: { langKey: b.langKey, activated: b.activated, defaultCompanyId: b.defaultCompanyId } });
  const [row] = await db(ctx).selectFrom('users as u').select([...COLUMNS]).where('u.id', '=', b.id).execute();
  return (await views(ctx, [row as UserRow]))[0];
};

export const area: ManagementArea = { handlers: { listManagementUserSettings, updateManagementUserSetting } };
