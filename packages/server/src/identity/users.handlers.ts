import { sql } from 'kysely';
import { isManagement, Module, Action } from '@tezgah/core';
import { holdsEverywhere } from '../kernel/tenant';
import { pageRequest, pageResult, likePattern, pageQuery, inPageOrder, sortKeys, nextCursor } from '../kernel/paging';
import { problems } from '../kernel/problem';
import { requireAuth, type Handler, type RequestContext } from '../kernel/types';
import { issueKey, revokeAllSessions } from './sessions';
import { assertEmail } from './account.handlers';
import {
  checkRoles, emailTaken, findUserByLogin, isMember, loginTaken, rolesAndAuthorities, setUserRoles, userView, type UserRow,
} from './users.repository';

// Sort keys: logins compare case-insensitively on the unique lower(login) index.
const SORT = {
  id: sql`u.id`, login: sql`lower(u.login)`, firstName: sql`u.first_name`, lastName: sql`u.last_name`,
  email: sql`lower(u.email)`, createdDate: sql`u.created_date`,
} as const;

function membersQuery(ctx: RequestContext) {
  const auth = requireAuth(ctx);
  const q = ctx.query as { search?: string; activated?: boolean };
  let qb = ctx.trx.selectFrom('users as u')
    .innerJoin('user_companies as uc', 'uc.user_id', 'u.id')
    .where('uc.company_id', '=', auth.companyId);
  if (q.search) {
    const p = likePattern(q.search);
    qb = qb.where((eb) => eb.or([eb('u.login', 'ilike', p), eb('u.first_name', 'ilike', p), eb('u.last_name', 'ilike', p), eb('u.email', 'ilike', p)]));
  }
  if (q.activated !== undefined) qb = qb.where('u.activated', '=', q.activated);
  return qb;
}

/**
 * One page of the company's members: the page's ids first (sorting narrow rows, so a deep page
 * does not sort whole users), then those rows. Unfiltered, the total comes from the company's
 * member counter; filtered, from a count.
 */
async function listPage(ctx: RequestContext) {
  const auth = requireAuth(ctx);
  const q = ctx.query as { search?: string; activated?: boolean };
  const page = pageRequest(ctx);
  const base = membersQuery(ctx);
  // Ordered by the sort fields then the id; by a cursor (keyset) or by offset.
  const keys = sortKeys(page, SORT, SORT.id, { asText: ['createdDate'] });
  const filtered = q.search !== undefined || q.activated !== undefined;
  const counter = async () => Number((await ctx.trx.selectFrom('company_member_counters').select('members').where('company_id', '=', auth.companyId).executeTakeFirst())?.members ?? 0);
  const count = async () => Number((await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  let pageIds: { id: number }[];
  let total: number;
  if (page.offset > 0 && !page.after) {
    // A later page: the total first, so that a page nearer the end is read from the end.
    total = filtered ? await count() : await counter();
    pageIds = inPageOrder(page, await pageQuery(base.select('u.id'), page, keys, total).execute());
  } else {
    // The first page (or a cursor's): unfiltered, the total rides along with the page's ids (the
    // company's member counter, kept by triggers on user_companies).
    const ids = pageQuery(base.select('u.id'), page, keys);
    const [rows, counted] = await Promise.all([
      filtered ? ids.execute() : ids.select(sql<number | null>`(select members from company_member_counters where company_id = ${auth.companyId})`.as('_total')).execute(),
      filtered ? count() : null,
    ]);
    pageIds = rows;
    total = counted ?? (rows.length ? Number((rows[0] as { _total?: number | null })._total ?? 0)
      // A page past the end has no row to carry the counter: read it on its own.
      : await counter());
  }
  nextCursor(ctx, page, pageIds, keys.length);
  const order = pageIds.map((r) => r.id);
  const rows = order.length ? await ctx.trx.selectFrom('users').selectAll().where('id', 'in', order).execute() : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  return { items: order.map((id) => byId.get(id)!) as UserRow[], total };
}

async function viewOne(ctx: RequestContext, u: UserRow) {
  const auth = requireAuth(ctx);
  const { roles, auths } = await rolesAndAuthorities(ctx.trx, auth.companyId, [u.id]);
  return userView(u, roles.get(u.id) ?? [], auths.get(u.id) ?? []);
}

async function memberById(ctx: RequestContext, id: number): Promise<UserRow> {
  const auth = requireAuth(ctx);
  const u = await ctx.trx.selectFrom('users as u').innerJoin('user_companies as uc', 'uc.user_id', 'u.id')
    .selectAll('u').where('u.id', '=', id).where('uc.company_id', '=', auth.companyId).executeTakeFirst();
  if (!u) throw problems.notFound('Kullanıcı');
  return u;
}

/** Roles given must be the company's; an all-companies (management) role only from management. */
async function assertAssignable(ctx: RequestContext, companyId: number, roleIds: number[]) {
  const auth = requireAuth(ctx);
  const { missing, allCompanies } = await checkRoles(ctx.trx, companyId, roleIds);
  if (missing.length) throw problems.invalidField('roleIds', `Bu şirkette olmayan rol: ${missing.join(', ')}`, 'UNKNOWN_ROLE');
  if (allCompanies && !isManagement(auth.authorities)) throw problems.forbidden('Yönetim rollerini yalnızca yönetim kullanıcıları verebilir.', 'MANAGEMENT_ROLE');
}

const listUsers: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const { items, total } = await listPage(ctx);
  const { roles, auths } = await rolesAndAuthorities(ctx.trx, auth.companyId, items.map((u) => u.id));
  return pageResult(ctx, items.map((u) => userView(u, roles.get(u.id) ?? [], auths.get(u.id) ?? [])), total);
};

const listUsersNoAuthorities: Handler = async (ctx) => {
  const { items, total } = await listPage(ctx);
  return pageResult(ctx, items.map((u) => ({ id: u.id, login: u.login, firstName: u.first_name, lastName: u.last_name, email: u.email, activated: u.activated })), total);
};

const createUser: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const b = ctx.body as { login: string; firstName: string; lastName: string; email: string; phone?: string; langKey?: string; roleIds: number[] };
  assertEmail(b.email);
  if (await loginTaken(ctx.trx, b.login)) {
    throw problems.conflict('Bu kullanıcı adı kullanılıyor. Var olan bir kullanıcıyı şirkete eklemek için şirket kullanıcıları ekranını kullanın.', 'LOGIN_TAKEN', 'login');
  }
  if (await emailTaken(ctx.trx, b.email)) throw problems.conflict('Bu e-posta adresi başka bir hesapta kullanılıyor.', 'EMAIL_TAKEN', 'email');
  await assertAssignable(ctx, auth.companyId, b.roleIds);
  const now = ctx.services.now();
  const u = await ctx.trx.insertInto('users').values({
    login: b.login, first_name: b.firstName.trim(), last_name: b.lastName.trim(), email: b.email.trim(), phone: b.phone ?? null,
    lang_key: b.langKey ?? 'tr', activated: false, default_company_id: auth.companyId, password_hash: null, image_url: null,
    created_by: auth.login, created_date: now, last_modified_by: null, last_modified_date: null,
  }).returningAll().executeTakeFirstOrThrow();
  await ctx.trx.insertInto('user_companies').values({ company_id: auth.companyId, user_id: u.id, is_primary: true }).execute();
  await setUserRoles(ctx.trx, auth.companyId, u.id, b.roleIds);
  const key = await issueKey(ctx.trx, ctx.services, u.id, 'INVITE', 7 * 24);
  const company = await ctx.trx.selectFrom('companies').select('name').where('id', '=', auth.companyId).executeTakeFirstOrThrow();
  await ctx.services.mail.enqueue(ctx.trx, {
    to: u.email,
    subject: `${company.name}: Tezgah hesabınız açıldı`,
    text: `Merhaba ${u.first_name},\n\n${company.name} sizi Tezgah'a ekledi. Kullanıcı adınız: ${u.login}\nŞifrenizi belirleyip hesabınızı etkinleştirmek için bağlantıyı açın (7 gün geçerli):\n${ctx.services.config.publicUrl}/auth/activate-password-reset/finish?key=${key}\n\nAnahtar: ${key}\n`,
  });
  ctx.audit({ action: 'user.created', entity: 'user', entityId: u.id, detail: { login: u.login, roleIds: b.roleIds } });
  ctx.setStatus(201);
  return viewOne(ctx, u);
};

const updateUser: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const b = ctx.body as { id: number; firstName: string; lastName: string; email: string; phone?: string; langKey?: string; roleIds: number[] };
  await memberById(ctx, b.id);
  assertEmail(b.email);
  if (await emailTaken(ctx.trx, b.email, b.id)) throw problems.conflict('Bu e-posta adresi başka bir hesapta kullanılıyor.', 'EMAIL_TAKEN', 'email');
  await assertAssignable(ctx, auth.companyId, b.roleIds);
  const u = await ctx.trx.updateTable('users').set({
    first_name: b.firstName.trim(), last_name: b.lastName.trim(), email: b.email.trim(),
    ...(b.phone !== undefined ? { phone: b.phone } : {}), ...(b.langKey ? { lang_key: b.langKey } : {}),
    last_modified_by: auth.login, last_modified_date: ctx.services.now(),
  }).where('id', '=', b.id).returningAll().executeTakeFirstOrThrow();
  await setUserRoles(ctx.trx, auth.companyId, b.id, b.roleIds);
  ctx.audit({ action: 'user.updated', entity: 'user', entityId: b.id, detail: { roleIds: b.roleIds } });
  return viewOne(ctx, u);
};

const deleteUser: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const { id, companyId } = ctx.params as { id: number; companyId: number };
  if (companyId !== auth.companyId) throw problems.notFound('Kullanıcı');
  await memberById(ctx, id);
  if (id === auth.userId) throw problems.conflict('Kendinizi şirketten çıkaramazsınız.', 'SELF_REMOVAL');
  const owner = await ctx.trx.selectFrom('companies').select('owner_id').where('id', '=', companyId).executeTakeFirstOrThrow();
  if (owner.owner_id === id) throw problems.conflict('Şirket sahibi şirketten çıkarılamaz.', 'OWNER_REMOVAL');
  await ctx.trx.deleteFrom('user_roles').where('company_id', '=', companyId).where('user_id', '=', id).execute();
  await ctx.trx.deleteFrom('user_companies').where('company_id', '=', companyId).where('user_id', '=', id).execute();
  const left = await ctx.trx.selectFrom('user_companies').select('company_id').where('user_id', '=', id).execute();
  if (!left.length) {
    await ctx.trx.updateTable('users').set({ activated: false, default_company_id: null, last_modified_by: auth.login, last_modified_date: ctx.services.now() }).where('id', '=', id).execute();
    await revokeAllSessions(ctx.trx, ctx.services, id);
  } else {
    await ctx.trx.updateTable('users').set({ default_company_id: left[0]!.company_id }).where('id', '=', id).where('default_company_id', '=', companyId).execute();
  }
  ctx.audit({ action: 'user.removed', entity: 'user', entityId: id, detail: { companyId, deactivated: !left.length } });
  ctx.setStatus(204);
  return null;
};

const getUser: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const { login } = ctx.params as { login: string };
  const u = await findUserByLogin(ctx.trx, login);
  if (!u || !(await isMember(ctx.trx, u.id, auth.companyId))) throw problems.notFound('Kullanıcı');
  return viewOne(ctx, u);
};

const getUserCompanyIds: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const { id } = ctx.params as { id: number };
  await memberById(ctx, id);
  let q = ctx.trx.selectFrom('user_companies').select('company_id').where('user_id', '=', id).orderBy('company_id');
  if (!holdsEverywhere(auth, Module.COMPANY, Action.VIEW)) {
    q = q.where('company_id', 'in', ctx.trx.selectFrom('user_companies').select('company_id').where('user_id', '=', auth.userId));
  }
  return (await q.execute()).map((r) => r.company_id);
};

export const userHandlers: Record<string, Handler> = {
  listUsers, listUsersNoAuthorities, createUser, updateUser, deleteUser, getUser, getUserCompanyIds,
};
