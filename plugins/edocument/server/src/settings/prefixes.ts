import { sql, type Kysely } from 'kysely';
import { documentNo, EDOC_CATEGORY_LABEL, PREFIX_PATTERN, type EDocumentCategory } from '@tezgah/edocument-common';
import { pageRequest, pageResult, problems, requireAuth, tables, type Handler, type RequestContext } from '@tezgah/server';
import type { EdocumentTables } from '../schema';

/**
 * A company's e-document series (prefixes, seeds 001 §3 "e-invoice prefix"): three capital
 * letters or digits per kind (EINVOICE, EARCHIVE, EDESPATCH). Each kind that has an active series
 * has exactly one default, and it is active. A series in which a number was given (a row in
 * edoc_series, or an outgoing document numbered in it) is "used": its letters and kind are fixed,
 * it cannot be deleted, only made passive.
 *
 * The same three letters are not allowed in two kinds: numbering is kept per series (edoc_series
 * has no kind), and an e-Fatura series shared with e-İrsaliye would leave gaps in both.
 */

type Db = Kysely<any>;
type Kind = EDocumentCategory;
const p = (db: Db) => db as unknown as Kysely<EdocumentTables>;
export const KINDS: readonly Kind[] = ['EINVOICE', 'EARCHIVE', 'EDESPATCH'];
/** The series a new company starts with. */
export const DEFAULT_PREFIXES: Record<Kind, string> = { EINVOICE: 'EFA', EARCHIVE: 'EAR', EDESPATCH: 'EIR' };
const kindName = (k: Kind) => EDOC_CATEGORY_LABEL[k].tr;

export interface PrefixView { id: number; prefix: string; kind: Kind; isDefault: boolean; active: boolean; used: boolean; lastNo: string | null }

export const PREFIX_MESSAGE = 'Seri üç büyük harf ya da rakamdan oluşmalı; Türkçe karakter (Ç, Ğ, İ, Ö, Ş, Ü) ve boşluk olamaz. Örnek: EFA, AB1.';

function checkPrefix(field: string, prefix: unknown): string {
  if (typeof prefix !== 'string' || !PREFIX_PATTERN.test(prefix)) throw problems.invalidField(field, PREFIX_MESSAGE, 'PREFIX_PATTERN');
  return prefix;
}

/** Series with their use: edoc_series rows (the latest year's number) or an outgoing document numbered in them. */
async function views(db: Db, companyId: number, where: (q: any) => any = (q) => q): Promise<PrefixView[]> {
  let q = p(db).selectFrom('edoc_prefixes as p').select(['p.id', 'p.prefix', 'p.kind', 'p.is_default', 'p.active'])
    .select(sql<{ year: number; last_no: number } | null>`(select json_build_object('year', s.year, 'last_no', s.last_no) from edoc_series s
        where s.company_id = p.company_id and s.prefix = p.prefix and s.last_no > 0 order by s.year desc limit 1)`.as('last'))
    .select(sql<boolean>`exists (select 1 from edoc_documents d where d.company_id = p.company_id and d.direction = 'OUTGOING'
        and d.document_no is not null and left(d.document_no, 3) = p.prefix)`.as('numbered'))
    .where('p.company_id', '=', companyId);
  q = where(q);
  const rows = await q.execute();
  return rows.map((r: any) => {
    const last = typeof r.last === 'string' ? JSON.parse(r.last) : r.last;
    return {
      id: Number(r.id), prefix: r.prefix, kind: r.kind, isDefault: r.is_default, active: r.active,
      used: !!last || !!r.numbered, lastNo: last ? documentNo(r.prefix, Number(last.year), Number(last.last_no)) : null,
    };
  });
}

async function viewOf(db: Db, companyId: number, id: number): Promise<PrefixView | undefined> {
  return (await views(db, companyId, (q) => q.where('p.id', '=', id)))[0];
}

/** Orders a kind's series: the default first, then active ones, then by letters. */
const byDefault = (a: PrefixView, b: PrefixView) => Number(b.isDefault) - Number(a.isDefault) || Number(b.active) - Number(a.active) || a.prefix.localeCompare(b.prefix);

/**
 * Keeps the rule of a kind: no passive default; when the kind has an active series and no
 * default, `prefer` (if active) or its oldest active series becomes the default.
 */
async function settleDefault(db: Db, companyId: number, kind: Kind, prefer?: number): Promise<void> {
  await p(db).updateTable('edoc_prefixes').set({ is_default: false }).where('company_id', '=', companyId).where('kind', '=', kind)
    .where('active', '=', false).where('is_default', '=', true).execute();
  const active = await p(db).selectFrom('edoc_prefixes').select(['id', 'is_default']).where('company_id', '=', companyId).where('kind', '=', kind)
    .where('active', '=', true).orderBy('id').execute();
  if (!active.length || active.some((r) => r.is_default)) return;
  const pick = active.find((r) => r.id === prefer) ?? active[0]!;
  await p(db).updateTable('edoc_prefixes').set({ is_default: true }).where('company_id', '=', companyId).where('id', '=', pick.id).execute();
}

async function makeDefault(db: Db, companyId: number, kind: Kind, id: number): Promise<void> {
  await p(db).updateTable('edoc_prefixes').set({ is_default: false }).where('company_id', '=', companyId).where('kind', '=', kind)
    .where('is_default', '=', true).where('id', '<>', id).execute();
  await p(db).updateTable('edoc_prefixes').set({ is_default: true }).where('company_id', '=', companyId).where('id', '=', id).execute();
}

/** 409 when the letters are taken: in the same kind, or in another kind. */
async function assertFree(db: Db, companyId: number, kind: Kind, prefix: string, exceptId: number | null): Promise<void> {
  let q = p(db).selectFrom('edoc_prefixes').select(['id', 'kind']).where('company_id', '=', companyId).where('prefix', '=', prefix);
  if (exceptId !== null) q = q.where('id', '<>', exceptId);
  const taken = await q.executeTakeFirst();
  if (!taken) return;
  if (taken.kind === kind) throw problems.conflict(`${prefix} serisi ${kindName(kind)} için zaten tanımlı.`, 'EDOC_PREFIX_EXISTS', 'prefix');
  throw problems.conflict(`${prefix} harfleri ${kindName(taken.kind)} serisi olarak kullanılıyor; her belge türünün serisi ayrı olmalı.`, 'EDOC_PREFIX_EXISTS', 'prefix');
}

/** The company's default series of a kind (active), or null when it has none. */
export async function defaultPrefix(db: Db, companyId: number, kind: Kind): Promise<string | null> {
  const r = await p(db).selectFrom('edoc_prefixes').select('prefix').where('company_id', '=', companyId).where('kind', '=', kind)
    .where('active', '=', true).orderBy('is_default', 'desc').orderBy('id').limit(1).executeTakeFirst();
  return r?.prefix ?? null;
}

/** Adds a series in the caller's transaction (the handler and new companies); the first of its kind becomes the default. */
export async function addPrefix(db: Db, companyId: number, b: { prefix: string; kind: Kind; isDefault?: boolean; active?: boolean }): Promise<number> {
  const prefix = checkPrefix('prefix', b.prefix);
  const active = b.active ?? true;
  if (b.isDefault && !active) throw problems.invalidField('active', 'Varsayılan seri pasif olamaz.', 'DEFAULT_PASSIVE');
  await assertFree(db, companyId, b.kind, prefix, null);
  const r = await p(db).insertInto('edoc_prefixes').values({ company_id: companyId, kind: b.kind, prefix, active, is_default: false })
    .returning('id').executeTakeFirstOrThrow();
  const id = Number(r.id);
  if (b.isDefault) await makeDefault(db, companyId, b.kind, id);
  await settleDefault(db, companyId, b.kind, id);
  return id;
}

// --- the operations --------------------------------------------------------------------------

const db = (ctx: RequestContext) => tables<EdocumentTables>(ctx) as unknown as Db;

const listEInvoicePrefixes: Handler = async (ctx) => {
  const companyId = requireAuth(ctx).companyId;
  const q = (ctx.query ?? {}) as { kind?: Kind };
  const page = pageRequest(ctx, ['id', 'asc']);
  let base = p(db(ctx)).selectFrom('edoc_prefixes').where('company_id', '=', companyId);
  if (q.kind) base = base.where('kind', '=', q.kind);
  const total = Number((await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  let ids = base.select('id');
  for (const [f, dir] of page.sort) ids = ids.orderBy(f === 'prefix' ? 'prefix' : 'id', dir);
  const pageIds = (await ids.orderBy('id', 'asc').limit(page.size).offset(page.offset).execute()).map((r) => Number(r.id));
  const byId = new Map((await views(db(ctx), companyId, (x) => x.where('p.id', 'in', pageIds.length ? pageIds : [0]))).map((v) => [v.id, v]));
  return pageResult(ctx, pageIds.map((id) => byId.get(id)!), total);
};

const getEInvoicePrefix: Handler = async (ctx) => {
  const v = await viewOf(db(ctx), requireAuth(ctx).companyId, (ctx.params as { id: number }).id);
  if (!v) throw problems.notFound('Seri');
  return v;
};

const createEInvoicePrefix: Handler = async (ctx) => {
  const companyId = requireAuth(ctx).companyId;
  const b = ctx.body as { prefix: string; kind: Kind; isDefault?: boolean; active?: boolean };
  const id = await addPrefix(db(ctx), companyId, b);
  const v = (await viewOf(db(ctx), companyId, id))!;
  ctx.audit({ action: 'edocument.prefix.created', entity: 'edoc_prefix', entityId: id, detail: { prefix: v.prefix, kind: v.kind } });
  return v;
};

const updateEInvoicePrefix: Handler = async (ctx) => {
  const companyId = requireAuth(ctx).companyId;
  const b = ctx.body as { id: number; prefix: string; kind: Kind; isDefault?: boolean; active?: boolean };
  const prefix = checkPrefix('prefix', b.prefix);
  const before = await viewOf(db(ctx), companyId, b.id);
  if (!before) throw problems.notFound('Seri');
  // Lock the kind's rows: two changes of defaults do not interleave.
  await p(db(ctx)).selectFrom('edoc_prefixes').select('id').where('company_id', '=', companyId).where('kind', 'in', [before.kind, b.kind]).forUpdate().execute();
  if ((prefix !== before.prefix || b.kind !== before.kind) && before.used) {
    throw problems.conflict(`${before.prefix} serisinde numara verildi; harfleri ve türü değiştirilemez. Yeni bir seri ekleyin, bunu pasif yapın.`, 'EDOC_PREFIX_USED', 'prefix');
  }
  const active = b.active ?? before.active;
  const isDefault = b.isDefault ?? (before.isDefault && b.kind === before.kind && active);
  if (isDefault && !active) throw problems.invalidField('active', 'Varsayılan seri pasif olamaz.', 'DEFAULT_PASSIVE');
  if (prefix !== before.prefix || b.kind !== before.kind) await assertFree(db(ctx), companyId, b.kind, prefix, b.id);
  await p(db(ctx)).updateTable('edoc_prefixes').set({ prefix, kind: b.kind, active, is_default: false }).where('company_id', '=', companyId).where('id', '=', b.id).execute();
  if (isDefault) await makeDefault(db(ctx), companyId, b.kind, b.id);
  else if (before.isDefault && b.kind === before.kind) {
    // A default switched off (or made passive) hands over to another active series of the kind.
    const other = await p(db(ctx)).selectFrom('edoc_prefixes').select('id').where('company_id', '=', companyId).where('kind', '=', b.kind)
      .where('active', '=', true).where('id', '<>', b.id).orderBy('id').executeTakeFirst();
    if (other) await makeDefault(db(ctx), companyId, b.kind, Number(other.id));
  }
  await settleDefault(db(ctx), companyId, b.kind);
  if (before.kind !== b.kind) await settleDefault(db(ctx), companyId, before.kind);
  const v = (await viewOf(db(ctx), companyId, b.id))!;
  ctx.audit({ action: 'edocument.prefix.updated', entity: 'edoc_prefix', entityId: b.id, detail: { prefix: v.prefix, kind: v.kind, active: v.active, isDefault: v.isDefault } });
  return v;
};

const deleteEInvoicePrefix: Handler = async (ctx) => {
  const companyId = requireAuth(ctx).companyId;
  const id = (ctx.params as { id: number }).id;
  const v = await viewOf(db(ctx), companyId, id);
  if (!v) throw problems.notFound('Seri');
  if (v.used) throw problems.conflict(`${v.prefix} serisinde numara verildi (son numara ${v.lastNo ?? '—'}); silinemez. Pasif yapabilirsiniz.`, 'EDOC_PREFIX_USED');
  await p(db(ctx)).deleteFrom('edoc_prefixes').where('company_id', '=', companyId).where('id', '=', id).execute();
  await settleDefault(db(ctx), companyId, v.kind);
  ctx.audit({ action: 'edocument.prefix.deleted', entity: 'edoc_prefix', entityId: id, detail: { prefix: v.prefix, kind: v.kind } });
  ctx.setStatus(204);
  return undefined;
};

interface ListItem { prefix: string; kind: Kind; isDefault?: boolean; active?: boolean }

const join = (xs: string[]) => xs.join(', ');

/**
 * PUT the whole list (the settings page): listed series are added or get the listed flags
 * (active unless `active: false`); unlisted ones are removed, or made passive when used. Each kind
 * with an active series ends with exactly one default: the one listed as default, else the
 * current default if it stays active, else the first active one listed. Answers the list and a
 * Turkish description of what changed (seeds 001 §8: the page shows it as the message).
 */
const updateEInvoicePrefixesList: Handler = async (ctx) => {
  const companyId = requireAuth(ctx).companyId;
  const items = (ctx.body ?? []) as ListItem[];
  const d = db(ctx);
  // Validate the list on its own first.
  const key = (k: Kind, x: string) => `${k}:${x}`;
  const listed = new Map<string, ListItem & { index: number }>();
  const lettersKind = new Map<string, Kind>();
  items.forEach((it, i) => {
    checkPrefix(`${i}.prefix`, it.prefix);
    if (listed.has(key(it.kind, it.prefix))) throw problems.invalidField(`${i}.prefix`, `${it.prefix} serisi listede iki kez var.`, 'DUPLICATE_PREFIX');
    const other = lettersKind.get(it.prefix);
    if (other && other !== it.kind) throw problems.invalidField(`${i}.prefix`, `${it.prefix} harfleri hem ${kindName(other)} hem ${kindName(it.kind)} serisi olamaz; her belge türünün serisi ayrı olmalı.`, 'PREFIX_IN_TWO_KINDS');
    if (it.isDefault && it.active === false) throw problems.invalidField(`${i}.active`, `${it.prefix}: varsayılan seri pasif olamaz.`, 'DEFAULT_PASSIVE');
    lettersKind.set(it.prefix, it.kind);
    listed.set(key(it.kind, it.prefix), { ...it, index: i });
  });
  for (const k of KINDS) {
    const defaults = items.filter((it) => it.kind === k && it.isDefault);
    if (defaults.length > 1) throw problems.invalidField('isDefault', `${kindName(k)} için tek bir varsayılan seri seçilebilir (${join(defaults.map((x) => x.prefix))}).`, 'TWO_DEFAULTS');
  }
  await p(d).selectFrom('edoc_prefixes').select('id').where('company_id', '=', companyId).forUpdate().execute();
  const before = await views(d, companyId);
  const existing = new Map(before.map((v) => [key(v.kind, v.prefix), v]));
  // What stays unlisted (used, made passive) keeps its letters: they may not appear in another kind.
  for (const v of before) {
    if (listed.has(key(v.kind, v.prefix)) || !v.used) continue;
    const other = lettersKind.get(v.prefix);
    if (other && other !== v.kind) {
      throw problems.conflict(`${v.prefix} harfleri ${kindName(v.kind)} serisi olarak kullanıldı; ${kindName(other)} serisi olamaz.`, 'EDOC_PREFIX_EXISTS');
    }
  }
  // A kind the company sends in keeps a series to number with: a list that leaves none (an
  // empty list, say) would remove or passivate every series and stop every send.
  for (const k of KINDS) {
    if (before.some((v) => v.kind === k && v.active) && !items.some((it) => it.kind === k && it.active !== false)) {
      throw problems.conflict(`${kindName(k)} için en az bir etkin seri kalmalı; listede etkin ${kindName(k)} serisi yok.`, 'LAST_SERIES');
    }
  }
  const added: string[] = []; const removed: string[] = []; const passivated: string[] = []; const activated: string[] = []; const deactivated: string[] = [];
  // Defaults are set last: clear them now (the unique default index).
  await p(d).updateTable('edoc_prefixes').set({ is_default: false }).where('company_id', '=', companyId).execute();
  for (const v of before) {
    if (listed.has(key(v.kind, v.prefix))) continue;
    if (v.used) {
      if (v.active) passivated.push(v.prefix);
      await p(d).updateTable('edoc_prefixes').set({ active: false }).where('company_id', '=', companyId).where('id', '=', v.id).execute();
    } else {
      removed.push(v.prefix);
      await p(d).deleteFrom('edoc_prefixes').where('company_id', '=', companyId).where('id', '=', v.id).execute();
    }
  }
  const idOf = new Map<string, number>();
  for (const it of items) {
    const active = it.active ?? true;
    const v = existing.get(key(it.kind, it.prefix));
    if (v) {
      idOf.set(key(it.kind, it.prefix), v.id);
      if (v.active !== active) {
        (active ? activated : deactivated).push(it.prefix);
        await p(d).updateTable('edoc_prefixes').set({ active }).where('company_id', '=', companyId).where('id', '=', v.id).execute();
      }
    } else {
      added.push(it.prefix);
      const r = await p(d).insertInto('edoc_prefixes').values({ company_id: companyId, kind: it.kind, prefix: it.prefix, active, is_default: false })
        .returning('id').executeTakeFirstOrThrow();
      idOf.set(key(it.kind, it.prefix), Number(r.id));
    }
  }
  const defaultsNow: string[] = [];
  for (const k of KINDS) {
    const activeListed = items.filter((it) => it.kind === k && (it.active ?? true));
    if (!activeListed.length) continue;
    const wasDefault = before.find((v) => v.kind === k && v.isDefault);
    const pick = activeListed.find((it) => it.isDefault)
      ?? (wasDefault && activeListed.find((it) => it.prefix === wasDefault.prefix))
      ?? activeListed[0]!;
    await p(d).updateTable('edoc_prefixes').set({ is_default: true }).where('company_id', '=', companyId).where('id', '=', idOf.get(key(k, pick.prefix))!).execute();
    if (wasDefault?.prefix !== pick.prefix) defaultsNow.push(`${kindName(k)}: ${pick.prefix}`);
  }
  const parts: string[] = [];
  if (added.length) parts.push(`${added.length} seri eklendi (${join(added)})`);
  if (removed.length) parts.push(`${removed.length} seri silindi (${join(removed)})`);
  if (passivated.length) parts.push(`${passivated.length} seri numara verildiği için silinmedi, pasif yapıldı (${join(passivated)})`);
  if (activated.length) parts.push(`${activated.length} seri aktif yapıldı (${join(activated)})`);
  if (deactivated.length) parts.push(`${deactivated.length} seri pasif yapıldı (${join(deactivated)})`);
  if (defaultsNow.length) parts.push(`varsayılan seri: ${defaultsNow.join('; ')}`);
  const description = parts.length ? `e-Belge serileri kaydedildi: ${parts.join('; ')}.` : 'e-Belge serileri kaydedildi; değişiklik yok.';
  const prefixes = (await views(d, companyId)).sort((a, b) => KINDS.indexOf(a.kind) - KINDS.indexOf(b.kind) || byDefault(a, b));
  ctx.audit({ action: 'edocument.prefixes.saved', entity: 'edoc_prefix', detail: { added, removed, passivated, activated, deactivated, defaults: defaultsNow } });
  return { description, prefixes };
};

/** The active series of a kind, the default first (the send dialogs' choice). */
async function activeOfKind(ctx: RequestContext, kind: Kind) {
  const companyId = requireAuth(ctx).companyId;
  return (await views(db(ctx), companyId, (q) => q.where('p.kind', '=', kind).where('p.active', '=', true))).sort(byDefault);
}

export const prefixHandlers: Record<string, Handler> = {
  listEInvoicePrefixes, getEInvoicePrefix, createEInvoicePrefix, updateEInvoicePrefix, deleteEInvoicePrefix, updateEInvoicePrefixesList,
  eInvoicePrefixList: (ctx) => activeOfKind(ctx, 'EINVOICE'),
  eArchivePrefixList: (ctx) => activeOfKind(ctx, 'EARCHIVE'),
  eDespatchPrefixList: (ctx) => activeOfKind(ctx, 'EDESPATCH'),
};
