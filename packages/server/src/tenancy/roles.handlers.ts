import { sql } from 'kysely';
import { isManagement, parseAuthorityCode } from '@tezgah/core';
import { pageRequest, pageResult, likePattern } from '../kernel/paging';
import { problems } from '../kernel/problem';
import { requireAuth, type Handler, type RequestContext } from '../kernel/types';
import { MANAGEMENT_MODULES, MODULE_ACTIONS } from './catalogue';
import type { Trx } from '../db/database';

const SORT = { id: 'r.id', name: 'r.name' } as const;

async function rolesView(trx: Trx, companyId: number, ids: number[]) {
  if (!ids.length) return [];
  const rows = await trx.selectFrom('roles as r').selectAll('r')
    .select((eb) => eb.selectFrom('user_roles as ur').whereRef('ur.company_id', '=', 'r.company_id').whereRef('ur.role_id', '=', 'r.id')
      .select(eb.fn.countAll<number>().as('n')).as('user_count'))
    .where('r.company_id', '=', companyId).where('r.id', 'in', ids).execute();
  const auths = await trx.selectFrom('role_authorities').select(['role_id', 'module_id', 'action_id'])
    .where('company_id', '=', companyId).where('role_id', 'in', ids).orderBy('module_id').orderBy('action_id').execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.filter((id) => byId.has(id)).map((id) => {
    const r = byId.get(id)!;
    return {
      id: r.id, name: r.name, companyId: r.company_id, fixed: r.fixed, allCompanies: r.all_companies,
      authorities: auths.filter((a) => a.role_id === id).map((a) => `${a.module_id}_${a.action_id}`),
      userCount: Number(r.user_count ?? 0),
    };
  });
}

/** Authority codes must name a module's real action; management modules only from management. */
function parseCodes(ctx: RequestContext, codes: string[]): [number, number][] {
  const auth = requireAuth(ctx);
  const pairs: [number, number][] = [];
  const bad: string[] = [];
  for (const code of codes) {
    const p = parseAuthorityCode(code);
    if (!p || !(MODULE_ACTIONS[p.module] ?? []).includes(p.action)) bad.push(code);
    else pairs.push([p.module, p.action]);
  }
  if (bad.length) throw problems.invalidField('authorities', `Tanımsız yetki: ${bad.join(', ')}`, 'UNKNOWN_AUTHORITY');
  if (pairs.some(([m]) => MANAGEMENT_MODULES.includes(m)) && !isManagement(auth.authorities)) {
    throw problems.forbidden('Yönetim yetkilerini yalnızca yönetim kullanıcıları verebilir.', 'MANAGEMENT_AUTHORITY');
  }
  return pairs;
}

async function nameTaken(ctx: RequestContext, name: string, exceptId?: number) {
  const auth = requireAuth(ctx);
  let q = ctx.trx.selectFrom('roles').select('id').where('company_id', '=', auth.companyId).where(sql`lower(name)`, '=', name.trim().toLowerCase());
  if (exceptId) q = q.where('id', '<>', exceptId);
  if (await q.executeTakeFirst()) throw problems.conflict('Bu isimde bir rol zaten var.', 'ROLE_NAME_TAKEN', 'name');
}

async function writeAuthorities(ctx: RequestContext, roleId: number, pairs: [number, number][]) {
  const auth = requireAuth(ctx);
  await ctx.trx.deleteFrom('role_authorities').where('company_id', '=', auth.companyId).where('role_id', '=', roleId).execute();
  if (pairs.length) {
    await ctx.trx.insertInto('role_authorities').values(pairs.map(([m, a]) => ({ company_id: auth.companyId, role_id: roleId, module_id: m, action_id: a }))).execute();
  }
}

async function roleOr404(ctx: RequestContext, id: number) {
  const auth = requireAuth(ctx);
  const r = await ctx.trx.selectFrom('roles').selectAll().where('company_id', '=', auth.companyId).where('id', '=', id).executeTakeFirst();
  if (!r) throw problems.notFound('Rol');
  return r;
}

const listRoles: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const q = ctx.query as { search?: string };
  const page = pageRequest(ctx);
  let base = ctx.trx.selectFrom('roles as r').where('r.company_id', '=', auth.companyId);
  if (q.search) base = base.where('r.name', 'ilike', likePattern(q.search));
  let ids = base.select('r.id');
  for (const [f, d] of page.sort) ids = ids.orderBy(sql.ref(SORT[f as keyof typeof SORT]), d);
  const [rows, total] = await Promise.all([
    ids.orderBy('r.id', 'desc').limit(page.size).offset(page.offset).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return pageResult(ctx, await rolesView(ctx.trx, auth.companyId, rows.map((r) => r.id)), Number(total.n));
};

const getRole: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const r = await roleOr404(ctx, (ctx.params as { id: number }).id);
  return (await rolesView(ctx.trx, auth.companyId, [r.id]))[0];
};

const createRole: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const b = ctx.body as { name: string; authorities: string[] };
  const pairs = parseCodes(ctx, b.authorities);
  await nameTaken(ctx, b.name);
  const r = await ctx.trx.insertInto('roles').values({ company_id: auth.companyId, name: b.name.trim() }).returning('id').executeTakeFirstOrThrow();
  await writeAuthorities(ctx, r.id, pairs);
  ctx.audit({ action: 'role.created', entity: 'role', entityId: r.id, detail: { name: b.name, authorities: b.authorities } });
  ctx.setStatus(201);
  return (await rolesView(ctx.trx, auth.companyId, [r.id]))[0];
};

const updateRole: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const b = ctx.body as { id: number; name: string; authorities: string[] };
  const r = await roleOr404(ctx, b.id);
  if (r.fixed) throw problems.conflict('Sabit roller değiştirilemez.', 'FIXED_ROLE');
  const pairs = parseCodes(ctx, b.authorities);
  await nameTaken(ctx, b.name, b.id);
  await ctx.trx.updateTable('roles').set({ name: b.name.trim() }).where('company_id', '=', auth.companyId).where('id', '=', b.id).execute();
  await writeAuthorities(ctx, b.id, pairs);
  ctx.audit({ action: 'role.updated', entity: 'role', entityId: b.id, detail: { name: b.name, authorities: b.authorities } });
  return (await rolesView(ctx.trx, auth.companyId, [b.id]))[0];
};

const deleteRole: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const { id } = ctx.params as { id: number };
  const r = await roleOr404(ctx, id);
  if (r.fixed) throw problems.conflict('Sabit roller silinemez.', 'FIXED_ROLE');
  const held = await ctx.trx.selectFrom('user_roles').select('user_id').where('company_id', '=', auth.companyId).where('role_id', '=', id).executeTakeFirst();
  if (held) throw problems.conflict('Bu rol kullanıcılara atanmış; önce kullanıcılardan kaldırın.', 'ROLE_IN_USE');
  await ctx.trx.deleteFrom('roles').where('company_id', '=', auth.companyId).where('id', '=', id).execute();
  ctx.audit({ action: 'role.deleted', entity: 'role', entityId: id, detail: { name: r.name } });
  ctx.setStatus(204);
  return null;
};

const listModules: Handler = async (ctx) => ({
  modules: await ctx.trx.selectFrom('modules').select(['id', 'key', 'name']).orderBy('id').execute(),
  actions: await ctx.trx.selectFrom('actions').select(['id', 'key', 'name']).orderBy('id').execute(),
});

const listAuditEvents: Handler = async (ctx) => {
  const q = ctx.query as { companyId?: number; login?: string; action?: string };
  const page = pageRequest(ctx);
  let base = ctx.trx.selectFrom('audit_events');
  if (q.companyId !== undefined) base = base.where('company_id', '=', q.companyId);
  if (q.login) base = base.where((eb) => eb.or([eb(sql`lower(user_login)`, '=', q.login!.toLowerCase()), eb(sql`lower(actor_login)`, '=', q.login!.toLowerCase())]));
  if (q.action) base = base.where('action', 'like', `${q.action.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  let rows = base.selectAll();
  for (const [f, d] of page.sort) rows = rows.orderBy(f === 'at' ? 'at' : 'id', d);
  const [items, total] = await Promise.all([
    rows.orderBy('id', 'desc').limit(page.size).offset(page.offset).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return pageResult(ctx, items.map((e) => ({
    id: e.id, at: e.at, companyId: e.company_id, userLogin: e.user_login, actorLogin: e.actor_login, action: e.action,
    entity: e.entity, entityId: e.entity_id, ip: e.ip, detail: (typeof e.detail === 'string' ? JSON.parse(e.detail) : e.detail) ?? null,
  })), Number(total.n));
};

const listOutboxMessages: Handler = async (ctx) => {
  const q = ctx.query as { recipient?: string; channel?: 'MAIL' | 'SMS' };
  const page = pageRequest(ctx);
  let base = ctx.trx.selectFrom('outbox_messages');
  if (q.recipient) base = base.where(sql`lower(recipient)`, '=', q.recipient.toLowerCase());
  if (q.channel) base = base.where('channel', '=', q.channel);
  let rows = base.selectAll();
  for (const [f, d] of page.sort) rows = rows.orderBy(f === 'createdAt' ? 'created_at' : 'id', d);
  const [items, total] = await Promise.all([
    rows.orderBy('id', 'desc').limit(page.size).offset(page.offset).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return pageResult(ctx, items.map((m) => ({
    id: m.id, channel: m.channel, recipient: m.recipient, subject: m.subject, body: m.body, createdAt: m.created_at, sentAt: m.sent_at,
  })), Number(total.n));
};

export const roleHandlers: Record<string, Handler> = {
  listRoles, getRole, createRole, updateRole, deleteRole, listModules, listAuditEvents, listOutboxMessages,
};
