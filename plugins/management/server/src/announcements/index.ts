import { sql, type Kysely, type Transaction } from 'kysely';
import { isManagement } from '@tezgah/core';
import {
  ACCOUNT_ANNOUNCEMENTS_POINT, likePattern, pageRequest, pageResult, problems, requireAuth, tables,
  type AccountAnnouncements, type Handler, type KernelTables, type RequestContext, type Trx,
} from '@tezgah/server';
import type { ManagementArea } from '../area';
import { dayOf, todayOf } from '../days';

/**
 * The announcements area (issue 14; seeds 001 §3, §7, §8, §9; seed 000 §3 announcementId on the
 * account and on the company profile). Management staff write announcements; every signed-in
 * user reads those active for the company they are signed in to (start date ≤ today ≤ end date,
 * aimed at every company, at the company, or at its sector). The newest active one a user (and
 * the one a company) has not acknowledged is what GET /api/account answers as announcementId
 * (and company.companyProfile.announcementId): this area contributes to the kernel's point
 * `kernel.account.announcements`. PUT /announcements/{id}/seen acknowledges it for the user and
 * for the company signed in to.
 */

type Target = 'ALL' | 'COMPANIES' | 'SECTOR';
interface AnnouncementRow {
  id: number; title: string; body: string; start_date: string; end_date: string; target: Target; company_ids: (number | string)[];
  sector_id: number | null; user_id: number | null; author_name: string | null; created_date: Date | string; last_modified_date: Date | string | null;
}
export interface AnnouncementTables {
  management_announcements: AnnouncementRow;
  management_announcement_user_seen: { announcement_id: number; user_id: number; seen_at: Date | string };
  management_announcement_company_seen: { announcement_id: number; company_id: number; seen_by: string | null; seen_at: Date | string };
}
type Db = Transaction<KernelTables & AnnouncementTables>;

const db = (ctx: RequestContext) => tables<AnnouncementTables>(ctx) as Db;
const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

const view = (r: AnnouncementRow, today: string) => ({
  id: Number(r.id), title: r.title, body: r.body, startDate: r.start_date, endDate: r.end_date, target: r.target,
  companyIds: (r.company_ids ?? []).map(Number), sectorId: r.sector_id, userId: r.user_id === null ? null : Number(r.user_id),
  authorName: r.author_name, createdDate: iso(r.created_date), lastModifiedDate: iso(r.last_modified_date),
  active: r.start_date <= today && r.end_date >= today,
});

/** The announcements active on `today` for a company (by its id and sector). */
function activeFor(d: Kysely<KernelTables & AnnouncementTables> | Db, companyId: number, today: string) {
  return d.selectFrom('management_announcements as a')
    .where('a.start_date', '<=', today).where('a.end_date', '>=', today)
    .where((eb) => eb.or([
      eb('a.target', '=', 'ALL'),
      eb.and([eb('a.target', '=', 'COMPANIES'), sql<boolean>`${companyId}::bigint = any(a.company_ids)`]),
      eb.and([eb('a.target', '=', 'SECTOR'), eb('a.sector_id', '=', eb.selectFrom('companies').select('sector_id').where('id', '=', companyId))]),
    ]));
}

/**
 * The point the kernel asks for GET /api/account: the two subqueries it selects inside its own
 * account statement (each round trip costs more than the query).
 */
export const accountAnnouncements: AccountAnnouncements = {
  unseen(trx: Trx, who) {
    const d = trx as unknown as Db;
    const newest = (seen: 'user' | 'company') => activeFor(d, who.companyId, who.today).select('a.id')
      .where((eb) => eb.not(eb.exists(seen === 'user'
        ? eb.selectFrom('management_announcement_user_seen as s').select('s.user_id').whereRef('s.announcement_id', '=', 'a.id').where('s.user_id', '=', who.userId)
        : eb.selectFrom('management_announcement_company_seen as s').select('s.company_id').whereRef('s.announcement_id', '=', 'a.id').where('s.company_id', '=', who.companyId))))
      .orderBy('a.start_date', 'desc').orderBy('a.id', 'desc').limit(1);
    return { user: newest('user'), company: newest('company') };
  },
};

interface Body { id?: number; title?: string; body?: string; startDate?: string; endDate?: string; target?: Target; companyIds?: number[]; sectorId?: number | null }

/** The fields of a new or changed announcement, checked (dates real and in order, targets existing). */
async function checked(d: Db, b: Body, before: AnnouncementRow | null) {
  const startDate = b.startDate !== undefined ? dayOf('startDate', b.startDate) : before!.start_date;
  const endDate = b.endDate !== undefined ? dayOf('endDate', b.endDate) : before!.end_date;
  if (endDate < startDate) throw problems.invalidField('endDate', 'Bitiş tarihi başlangıç tarihinden önce olamaz.', 'DATE_RANGE');
  const target: Target = b.target ?? before?.target ?? 'ALL';
  const companyIds = target === 'COMPANIES' ? [...new Set(b.companyIds ?? (before?.company_ids ?? []).map(Number))] : [];
  const sectorId = target === 'SECTOR' ? (b.sectorId !== undefined ? b.sectorId : before?.sector_id ?? null) : null;
  if (target === 'COMPANIES') {
    if (!companyIds.length) throw problems.invalidField('companyIds', 'En az bir firma seçin.', 'REQUIRED');
    const found = await d.selectFrom('companies').select('id').where('id', 'in', companyIds).execute();
    const missing = companyIds.filter((id) => !found.some((f) => Number(f.id) === id));
    if (missing.length) throw problems.invalidField('companyIds', `Firma bulunamadı: ${missing.join(', ')}`, 'COMPANY_NOT_FOUND');
  }
  if (target === 'SECTOR') {
    if (sectorId === null) throw problems.invalidField('sectorId', 'Sektör seçin.', 'REQUIRED');
    if (!await d.selectFrom('sectors').select('id').where('id', '=', sectorId).executeTakeFirst()) throw problems.invalidField('sectorId', 'Sektör bulunamadı.', 'SECTOR');
  }
  const title = b.title !== undefined ? b.title.trim() : before!.title;
  if (!title) throw problems.invalidField('title', 'Başlık boş olamaz.', 'REQUIRED');
  return { title, body: b.body ?? before?.body ?? '', start_date: startDate, end_date: endDate, target, company_ids: companyIds, sector_id: sectorId };
}

async function rowOf(d: Db, id: number): Promise<AnnouncementRow> {
  const r = await d.selectFrom('management_announcements').selectAll().where('id', '=', id).executeTakeFirst();
  if (!r) throw problems.notFound('Duyuru');
  return r as AnnouncementRow;
}

const SORT: Record<string, string> = { id: 'id', title: 'title', startDate: 'start_date', endDate: 'end_date', createdDate: 'created_date' };

const listAnnouncements: Handler = async (ctx) => {
  const page = pageRequest(ctx, ['id', 'desc']);
  const q = (ctx.query ?? {}) as { search?: string; activeOn?: string };
  const activeOn = q.activeOn ? dayOf('activeOn', q.activeOn) : null;
  const base = () => {
    let b = db(ctx).selectFrom('management_announcements');
    if (q.search) b = b.where((eb) => eb.or([eb('title', 'ilike', likePattern(q.search!)), eb('body', 'ilike', likePattern(q.search!))]));
    if (activeOn) b = b.where('start_date', '<=', activeOn).where('end_date', '>=', activeOn);
    return b;
  };
  let rows = base().selectAll();
  for (const [f, dir] of page.sort) rows = rows.orderBy(sql.ref(SORT[f]!), dir);
  const [items, total] = await Promise.all([
    rows.orderBy('id', 'desc').limit(page.size).offset(page.offset).execute(),
    base().select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const today = todayOf(ctx);
  return pageResult(ctx, items.map((r) => view(r as AnnouncementRow, today)), Number(total.n));
};

const createAnnouncement: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const d = db(ctx);
  const who = auth.actor ?? { id: auth.userId, login: auth.login };
  const author = await d.selectFrom('users').select(['first_name', 'last_name']).where('id', '=', who.id).executeTakeFirst();
  const cols = await checked(d, ctx.body as Body, null);
  const r = await d.insertInto('management_announcements').values({
    ...cols, user_id: who.id, author_name: author ? `${author.first_name} ${author.last_name}`.trim() : who.login,
  } as never).returningAll().executeTakeFirstOrThrow();
  ctx.audit({ action: 'management.announcement.created', entity: 'management_announcements', entityId: Number(r.id) });
  ctx.setStatus(201);
  return view(r as AnnouncementRow, todayOf(ctx));
};

const updateAnnouncement: Handler = async (ctx) => {
  const b = ctx.body as Body & { id: number };
  const d = db(ctx);
  const before = await rowOf(d, b.id);
  const cols = await checked(d, b, before);
  const r = await d.updateTable('management_announcements').set({ ...cols, last_modified_date: new Date() } as never)
    .where('id', '=', b.id).returningAll().executeTakeFirstOrThrow();
  ctx.audit({ action: 'management.announcement.updated', entity: 'management_announcements', entityId: b.id });
  return view(r as AnnouncementRow, todayOf(ctx));
};

const deleteAnnouncement: Handler = async (ctx) => {
  const id = Number(ctx.params.id);
  const d = db(ctx);
  await rowOf(d, id);
  await d.deleteFrom('management_announcements').where('id', '=', id).execute();
  ctx.audit({ action: 'management.announcement.deleted', entity: 'management_announcements', entityId: id });
  ctx.setStatus(204);
  return null;
};

/** Management staff read every announcement; anyone else only those active for their company today. */
async function readable(ctx: RequestContext, ids: number[]): Promise<AnnouncementRow[]> {
  const auth = requireAuth(ctx);
  if (!ids.length) return [];
  const q = isManagement(auth.authorities)
    ? db(ctx).selectFrom('management_announcements as a')
    : activeFor(db(ctx), auth.companyId, todayOf(ctx));
  return await q.selectAll('a').where('a.id', 'in', ids).orderBy('a.id', 'desc').execute() as AnnouncementRow[];
}

const getAnnouncement: Handler = async (ctx) => {
  const [r] = await readable(ctx, [Number(ctx.params.id)]);
  if (!r) throw problems.notFound('Duyuru');
  return view(r, todayOf(ctx));
};

const listAnnouncementsByIds: Handler = async (ctx) => {
  const raw = (ctx.query as { ids?: number[] | number }).ids;
  const ids = [...new Set((Array.isArray(raw) ? raw : raw === undefined ? [] : [raw]).map(Number))];
  const rows = await readable(ctx, ids);
  ctx.setHeader('x-total-count', String(rows.length));
  const today = todayOf(ctx);
  return rows.map((r) => view(r, today));
};

/** Acknowledges an announcement for the user and for the company signed in to (again is harmless). */
const markAnnouncementSeen: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const id = Number(ctx.params.id);
  const d = db(ctx);
  const r = await activeFor(d, auth.companyId, todayOf(ctx)).select('a.id').where('a.id', '=', id).executeTakeFirst();
  if (!r) throw problems.notFound('Duyuru');
  await d.insertInto('management_announcement_user_seen').values({ announcement_id: id, user_id: auth.userId } as never).onConflict((oc) => oc.doNothing()).execute();
  await d.insertInto('management_announcement_company_seen').values({ announcement_id: id, company_id: auth.companyId, seen_by: auth.login } as never).onConflict((oc) => oc.doNothing()).execute();
  ctx.setStatus(204);
  return null;
};

export const area: ManagementArea = {
  handlers: {
    listAnnouncements, createAnnouncement, updateAnnouncement, getAnnouncement, deleteAnnouncement, listAnnouncementsByIds, markAnnouncementSeen,
  },
  contributes: { [ACCOUNT_ANNOUNCEMENTS_POINT]: [accountAnnouncements] },
};
