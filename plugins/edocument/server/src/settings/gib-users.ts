import { sql, type Kysely } from 'kysely';
import { inTenant, Problem, requireAuth, tables, type Handler, type JobDefinition, type RequestContext, type Services } from '@tezgah/server';
import { IntegratorError, type DocumentType, type GibUser, type IntegratorPort } from '../integrator/index';
import { aliasesOf } from '../integrator/world';
import type { EdocumentTables } from '../schema';
import { integratorPort, loadSettings } from './settings';

/**
 * GİB's user list (who is registered for e-Fatura / e-İrsaliye, under which GB and PK aliases),
 * cached in edoc_gib_users (global): refreshed daily by the `edocument.gibUsers.refresh` job and,
 * for a VKN/TCKN not cached, asked of the integrator (CheckUser) and stored.
 *
 * A "not registered" answer is kept as one marker row (alias '', see NOT_REGISTERED_ALIAS) for a
 * day, so an e-Arşiv buyer is not asked about on every sale; registered aliases are trusted for a
 * week without the job. Rows with alias '' are markers: read the table through gibAliases.
 *
 * The sandbox: its GİB world lives in this same database (edoc_sandbox_*), so in sandbox mode the
 * aliases are read from it in the caller's transaction, as the sandbox's CheckUser would answer,
 * and not cached. (Calling the sandbox over HTTP from inside a request's transaction cannot work on
 * embedded PGlite: its one connection is held by that transaction, so the sandbox would wait for it.)
 */

export interface GibAlias { identifier: string; alias: string; title: string; unit: 'GB' | 'PK'; type: string | null; registeredAt: string | null }

/** The alias of the marker row that says "asked, not registered". */
export const NOT_REGISTERED_ALIAS = '';
export const NEGATIVE_TTL_MS = 86_400_000;
export const POSITIVE_TTL_MS = 7 * 86_400_000;
export const GIB_USERS_JOB = 'edocument.gibUsers.refresh';

type Db = Kysely<any>;
const g = (db: Db) => db as unknown as Kysely<EdocumentTables>;

/** The one problem of an integrator that did not answer (502), in Turkish. */
export function integratorUnavailable(e: unknown): Problem {
  const why = e instanceof IntegratorError ? e.message : e instanceof Error ? e.message : String(e);
  return new Problem(502, 'Entegratöre ulaşılamadı', {
    detail: `GİB kullanıcı listesi entegratörden alınamadı: ${why}. Biraz sonra yeniden deneyin; sürerse e-Belge ayarlarındaki entegratör adreslerini ve kullanıcı bilgilerini kontrol edin.`,
    code: 'INTEGRATOR_UNAVAILABLE',
  });
}

const typeOf = (v: string | null | undefined) => (v === 'OZEL' || v === 'KAMU' ? v : null);
const byAlias = (a: GibAlias, b: GibAlias) => a.unit.localeCompare(b.unit) || a.alias.localeCompare(b.alias);

function fromUser(u: GibUser): GibAlias {
  return { identifier: u.identifier, alias: u.alias, title: u.title, unit: u.unit, type: typeOf(u.type), registeredAt: u.registeredAt || null };
}

/** Replaces what the cache holds of one VKN/TCKN and document type by an answer (a marker when it is empty). */
async function storeAnswer(db: Db, identifier: string, documentType: DocumentType, aliases: GibAlias[], now: Date): Promise<void> {
  const write = async (d: Db) => {
    await g(d).deleteFrom('edoc_gib_users').where('identifier', '=', identifier).where('document_type', '=', documentType).execute();
    const rows = aliases.length
      ? aliases.map((a) => ({ identifier, alias: a.alias, unit: a.unit, document_type: documentType, title: a.title, user_type: a.type, registered_at: a.registeredAt, refreshed_at: now }))
      : [{ identifier, alias: NOT_REGISTERED_ALIAS, unit: 'PK' as const, document_type: documentType, title: '', user_type: null, registered_at: null, refreshed_at: now }];
    await g(d).insertInto('edoc_gib_users').values(rows)
      .onConflict((oc) => oc.columns(['identifier', 'document_type', 'unit', 'alias']).doUpdateSet((eb) => ({
        title: eb.ref('excluded.title'), user_type: eb.ref('excluded.user_type'), registered_at: eb.ref('excluded.registered_at'), refreshed_at: eb.ref('excluded.refreshed_at'),
      }))).execute();
  };
  if (db.isTransaction) await write(db);
  else await db.transaction().execute((trx) => write(trx));
}

export interface GibAliasOptions {
  now?: Date;
  /**
   * Defers the cache write until after the caller's transaction (a request's `ctx.afterwards`):
   * a GET on PostgreSQL's read path may not write. Without it the write goes through `db`.
   */
  afterwards?: (fn: (db: Db) => Promise<void>) => void;
}

/**
 * The aliases of a VKN/TCKN for e-Fatura (INVOICE) or e-İrsaliye (DESPATCHADVICE), GB and PK;
 * [] when not registered. From the cache when fresh; else asked of the integrator and stored.
 * `port` null (no usable integrator settings): the cache whatever its age. An integrator that does
 * not answer: the stale cache if any, else a 502 Problem (INTEGRATOR_UNAVAILABLE).
 */
export async function gibAliases(db: Db, port: IntegratorPort | null, identifier: string, documentType: DocumentType, opts: GibAliasOptions = {}): Promise<GibAlias[]> {
  const id = identifier.trim();
  if (!/^[0-9]{10,11}$/.test(id)) return [];
  if (port?.name === 'sandbox') {
    const rows = await aliasesOf(db, { identifier: id, documentType });
    return rows.map((r) => ({ identifier: r.identifier, alias: r.alias, title: r.title, unit: r.unit, type: typeOf(r.type), registeredAt: r.registered_at.toISOString() })).sort(byAlias);
  }
  const now = opts.now ?? new Date();
  const cached = await g(db).selectFrom('edoc_gib_users').selectAll().where('identifier', '=', id).where('document_type', '=', documentType).execute();
  const real = cached.filter((r) => r.alias !== NOT_REGISTERED_ALIAS)
    .map((r) => ({ identifier: r.identifier, alias: r.alias, title: r.title, unit: r.unit, type: typeOf(r.user_type), registeredAt: r.registered_at }))
    .sort(byAlias);
  const age = (rows: { refreshed_at: Date | string }[]) => now.getTime() - Math.max(...rows.map((r) => new Date(r.refreshed_at).getTime()));
  if (!port) return real;
  if (real.length && age(cached.filter((r) => r.alias !== NOT_REGISTERED_ALIAS)) < POSITIVE_TTL_MS) return real;
  const markers = cached.filter((r) => r.alias === NOT_REGISTERED_ALIAS);
  if (!real.length && markers.length && age(markers) < NEGATIVE_TTL_MS) return [];
  let answer: GibAlias[];
  try {
    answer = (await port.checkUser(id, documentType)).filter((u) => !u.deleted && u.alias && u.documentType === documentType).map(fromUser);
  } catch (e) {
    if (real.length) return real;
    throw integratorUnavailable(e);
  }
  const seen = new Set<string>();
  answer = answer.filter((a) => { const k = `${a.unit}\n${a.alias}`; if (seen.has(k)) return false; seen.add(k); return true; }).sort(byAlias);
  if (opts.afterwards) opts.afterwards((d) => storeAnswer(d, id, documentType, answer, now));
  else await storeAnswer(db, id, documentType, answer, now);
  return answer;
}

// --- the operations --------------------------------------------------------------------------

async function aliasesFor(ctx: RequestContext, documentType: DocumentType, unit: 'GB' | 'PK' | null) {
  const companyId = requireAuth(ctx).companyId;
  const db = tables<EdocumentTables>(ctx) as unknown as Db;
  const identifier = String((ctx.query as { identifier?: string }).identifier ?? '');
  const port = integratorPort(await loadSettings(db, ctx.services, companyId));
  const all = await gibAliases(db, port, identifier, documentType, { now: ctx.services.now(), afterwards: (fn) => ctx.afterwards((d) => fn(d)) });
  return unit ? all.filter((a) => a.unit === unit) : all;
}

const eInvoiceCustomerGbList: Handler = (ctx) => aliasesFor(ctx, 'INVOICE', 'GB');
const eInvoiceCustomerPkList: Handler = (ctx) => aliasesFor(ctx, 'INVOICE', 'PK');
const eDespatchCustomerGbList: Handler = (ctx) => aliasesFor(ctx, 'DESPATCHADVICE', 'GB');
const eDespatchCustomerPkList: Handler = (ctx) => aliasesFor(ctx, 'DESPATCHADVICE', 'PK');
const eQueryInvoiceUsers: Handler = (ctx) => aliasesFor(ctx, 'INVOICE', null);
const eQueryDespatchUsers: Handler = (ctx) => aliasesFor(ctx, 'DESPATCHADVICE', null);

export const gibUserHandlers: Record<string, Handler> = {
  eInvoiceCustomerGbList, eInvoiceCustomerPkList, eDespatchCustomerGbList, eDespatchCustomerPkList, eQueryInvoiceUsers, eQueryDespatchUsers,
};

// --- the daily refresh -----------------------------------------------------------------------

const BATCH = 500;
const LISTS: [DocumentType, 'GB' | 'PK'][] = [['INVOICE', 'GB'], ['INVOICE', 'PK'], ['DESPATCHADVICE', 'GB'], ['DESPATCHADVICE', 'PK']];

/** Writes one list into the cache (stamped `at`), then drops what that list no longer names. */
async function writeList(db: Db, documentType: DocumentType, unit: 'GB' | 'PK', users: GibUser[], at: Date): Promise<number> {
  const rows = new Map<string, { identifier: string; alias: string; unit: 'GB' | 'PK'; document_type: DocumentType; title: string; user_type: string | null; registered_at: string | null; refreshed_at: Date }>();
  for (const u of users) {
    if (u.deleted || !u.alias || u.unit !== unit || u.documentType !== documentType || !/^[0-9]{10,11}$/.test(u.identifier)) continue;
    rows.set(`${u.identifier}\n${u.alias}`, { identifier: u.identifier, alias: u.alias, unit, document_type: documentType, title: u.title || u.identifier, user_type: typeOf(u.type), registered_at: u.registeredAt || null, refreshed_at: at });
  }
  const all = [...rows.values()];
  for (let i = 0; i < all.length; i += BATCH) {
    await g(db).insertInto('edoc_gib_users').values(all.slice(i, i + BATCH))
      .onConflict((oc) => oc.columns(['identifier', 'document_type', 'unit', 'alias']).doUpdateSet((eb) => ({
        title: eb.ref('excluded.title'), user_type: eb.ref('excluded.user_type'), registered_at: eb.ref('excluded.registered_at'), refreshed_at: eb.ref('excluded.refreshed_at'),
      }))).execute();
  }
  await db.transaction().execute(async (trx) => {
    await g(trx).deleteFrom('edoc_gib_users').where('document_type', '=', documentType).where('unit', '=', unit)
      .where('alias', '<>', NOT_REGISTERED_ALIAS).where('refreshed_at', '<', at).execute();
    // "Not registered" markers of anyone the list now names.
    await sql`delete from edoc_gib_users m where m.alias = '' and m.document_type = ${documentType}
      and exists (select 1 from edoc_gib_users u where u.identifier = m.identifier and u.document_type = m.document_type and u.alias <> '')`.execute(trx);
  });
  return all.length;
}

/**
 * Refreshes the cache from GİB's user list (GB and PK, e-Fatura and e-İrsaliye), once, with the
 * credentials of an enabled company: a live one first (the real list), else a sandbox one. A
 * company whose integrator refuses or fails is passed over for the next. Returns what it did.
 */
export async function refreshGibUsers(services: Services): Promise<{ companyId: number | null; rows: number }> {
  const candidates = await sql<{ company_id: number; mode: string }>`
    select s.company_id, s.mode from edoc_settings s join companies c on c.id = s.company_id
     where s.enabled and c.active order by (s.mode = 'live') desc, s.company_id`.execute(services.db);
  let lastError: unknown = null;
  for (const c of candidates.rows) {
    const settings = await inTenant(services.db, Number(c.company_id), (trx) => loadSettings(trx as unknown as Db, services, Number(c.company_id)));
    const port = integratorPort(settings);
    if (!port) continue;
    try {
      const lists = [];
      for (const [documentType, unit] of LISTS) lists.push({ documentType, unit, users: await port.gibUserList(documentType, unit) });
      const at = services.now();
      let rows = 0;
      for (const l of lists) rows += await writeList(services.db as unknown as Db, l.documentType, l.unit, l.users, at);
      return { companyId: Number(c.company_id), rows };
    } catch (e) {
      lastError = e;
    }
  }
  if (lastError) throw lastError;
  return { companyId: null, rows: 0 };
}

export const settingsJobs: Record<string, JobDefinition> = {
  [GIB_USERS_JOB]: {
    // Every night at 04:15 Türkiye time, when GİB's list has settled.
    cron: '15 4 * * *',
    retryLimit: 3,
    retryDelaySeconds: 300,
    expireInSeconds: 3600,
    async handler(job) { await refreshGibUsers(job.services); },
  },
};
