import { sql } from 'kysely';
import { pageRequest, pageResult, Problem, problems, requireAuth, withCompany, type Handler, type RequestContext, type Trx } from '@tezgah/server';
import { FOREIGN_KEY_VIOLATION, guarded, UNIQUE_VIOLATION } from '../taxes/guard';
import { NO_CHANGES } from '../taxes/taxes.handlers';
import { DEFAULT_TAGS } from './colors';
import { tagRepository, type TagRow } from './tags.repository';

export const TAG_NAME_TAKEN = 'Bu isimde bir etiket zaten var.';
export const TAG_IN_USE = 'Bu etiket kullanımda olduğu için silinemez.';

const view = (t: TagRow) => ({ id: t.id, name: t.name, color: t.color });
const nameTaken = () => problems.conflict(TAG_NAME_TAKEN, 'TAG_NAME_TAKEN', 'name');

/** Name required (not blank), at most 50 characters (seeds §5); the contract checks the colour. */
function checkedName(raw: string): string {
  const name = raw.trim();
  if (!name) throw problems.invalidField('name', 'Etiket adı zorunludur.', 'REQUIRED');
  return name;
}

async function tagOr404(ctx: RequestContext, id: number): Promise<TagRow> {
  const t = await tagRepository(ctx.trx, requireAuth(ctx).companyId).byId(id);
  if (!t) throw problems.notFound('Etiket');
  return t;
}

const listTags: Handler = async (ctx) => {
  const q = ctx.query as { search?: string; color?: string };
  const { items, total } = await tagRepository(ctx.trx, requireAuth(ctx).companyId).page(q, pageRequest(ctx));
  return pageResult(ctx, items.map(view), total);
};

const getTag: Handler = async (ctx) => view(await tagOr404(ctx, (ctx.params as { id: number }).id));

const createTag: Handler = async (ctx) => {
  const repo = tagRepository(ctx.trx, requireAuth(ctx).companyId);
  const b = ctx.body as { name: string; color?: string };
  const values = { name: checkedName(b.name), color: b.color ?? 'blue' };
  if (await repo.nameTaken(values.name)) throw nameTaken();
  const t = await guarded(ctx.trx, () => repo.insert(values), (e) => (e.code === UNIQUE_VIOLATION ? nameTaken() : undefined));
  ctx.audit({ action: 'accounting.tag.created', entity: 'tag', entityId: t.id, detail: { name: t.name } });
  ctx.setStatus(201);
  return view(t);
};

const updateTag: Handler = async (ctx) => {
  const repo = tagRepository(ctx.trx, requireAuth(ctx).companyId);
  const b = ctx.body as { id: number; name: string; color?: string };
  const before = await tagOr404(ctx, b.id);
  const next = { name: checkedName(b.name), color: b.color ?? before.color };
  if (next.name === before.name && next.color === before.color) {
    throw problems.badRequest(NO_CHANGES, [{ field: 'name', message: NO_CHANGES, code: 'NO_CHANGES' }]);
  }
  if (await repo.nameTaken(next.name, b.id)) throw nameTaken();
  const t = await guarded(ctx.trx, () => repo.update(b.id, next), (e) => (e.code === UNIQUE_VIOLATION ? nameTaken() : undefined));
  ctx.audit({ action: 'accounting.tag.updated', entity: 'tag', entityId: t.id });
  return view(t);
};

const deleteTag: Handler = async (ctx) => {
  const repo = tagRepository(ctx.trx, requireAuth(ctx).companyId);
  const { id } = ctx.params as { id: number };
  await tagOr404(ctx, id);
  // Product tags go with the tag (their foreign key cascades); a reference that refuses answers 409.
  await guarded(ctx.trx, () => repo.remove(id), (e) => (e.code === FOREIGN_KEY_VIOLATION ? new Problem(409, 'Çakışma', { detail: TAG_IN_USE, code: 'TAG_IN_USE' }) : undefined));
  ctx.audit({ action: 'accounting.tag.deleted', entity: 'tag', entityId: id });
  ctx.setStatus(204);
  return null;
};

/**
 * /management-tag-settings: management works on the tags of a company it chooses, through the same
 * handlers, with the transaction's tenant switched to that company (row-level security holds).
 */
const forCompany = (h: Handler, from: 'query' | 'body'): Handler => async (ctx) => {
  const auth = requireAuth(ctx);
  const src = (from === 'query' ? ctx.query : ctx.body) as { companyId: number };
  const { companyId, ...rest } = src;
  const known = await sql<{ id: number }>`select id from companies where id = ${companyId}`.execute(ctx.trx);
  if (!known.rows.length) throw problems.notFound('Şirket');
  const inner = { ...ctx, auth: { ...auth, companyId }, ...(from === 'query' ? { query: rest } : { body: rest }) } as RequestContext;
  return withCompany(ctx, companyId, () => h(inner));
};

export const tagHandlers: Record<string, Handler> = {
  listTags, getTag, createTag, updateTag, deleteTag,
  listCompanyTagsForManagement: forCompany(listTags, 'query'),
  createCompanyTagForManagement: forCompany(createTag, 'body'),
  updateCompanyTagForManagement: forCompany(updateTag, 'body'),
  deleteCompanyTagForManagement: forCompany(deleteTag, 'query'),
};

/** Every new company starts with a few tags (so the tenancy walker finds one in company 3, too). */
export async function seedTags(trx: Trx, companyId: number): Promise<void> {
  await tagRepository(trx, companyId).insertMany(DEFAULT_TAGS);
}
