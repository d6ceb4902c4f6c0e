import Decimal from 'decimal.js';
import { sql } from 'kysely';
import { isManagement, Module } from '@tezgah/core';
import { mayIn, pageRequest, pageResult, Problem, problems, requireAuth, setTenant, tables, type Handler, type RequestContext } from '@tezgah/server';
import type { AccountingTables } from '../schema';
import type { LedgerDb } from '../ledger/accounts';
import { ACTION, paymentsOf, writeInvoice } from '../invoices/invoices.handlers';
import { paymentMethods } from '../invoices/payment-methods';
import { despatchSource } from './despatch-source';
import { missingInvoiceSources, type RegisteredSource } from './sources';
import type { Tables as LinkTables } from './schema';

/**
 * Missing invoices (eksik faturalar; issue 10; seeds 000 §4, §7): sales the sources recorded
 * without an invoice, listed for a company and created one by one, per company or for every
 * company. One creation writes the invoice (invoices area, `writeInvoice`) and the link
 * `missing_invoice_links` (UNIQUE company, source, document_no) in one transaction; the link is
 * inserted first, so a second creation of the same sale waits on it and then answers
 * ALREADY_CREATED instead of writing a second invoice.
 *
 * Who: the own company with the sales authorities (view 11_1 lists, create 11_2 creates);
 * another company (`companyId`) only management; `create-all` is management's.
 */

type Db = LedgerDb & import('kysely').Transaction<LinkTables>;
const db = (ctx: RequestContext) => tables<AccountingTables & LinkTables>(ctx) as unknown as Db;

const SALES = Module.SALES;
/** The advisory lock's first key (the second is the company). */
const CREATION_LOCK = 7_270_610;

/** The sources of the running plugins: the despatches first, then contributed ones. */
export const sourcesOf = (ctx: RequestContext): RegisteredSource[] => missingInvoiceSources(ctx.services, [despatchSource]);

/**
 * The company the call is about: the caller's own (with `action` of SALES, or management), or
 * another one for management only (403 MANAGEMENT_ONLY before anything is read; 404 when it does
 * not exist).
 */
async function companyFor(ctx: RequestContext, companyId: number | undefined, action: number): Promise<{ id: number; active: boolean }> {
  const auth = requireAuth(ctx);
  const id = companyId ?? auth.companyId;
  const management = isManagement(auth.authorities);
  if (id !== auth.companyId) {
    if (!management) throw problems.forbidden('Başka bir şirketin eksik faturalarına yalnızca yönetim kullanıcıları erişebilir.', 'MANAGEMENT_ONLY');
  } else if (!management && !mayIn(auth, SALES, action, id)) {
    throw problems.forbidden(action === ACTION.VIEW ? 'Satış faturalarını görme yetkiniz yok.' : 'Satış faturası kesme yetkiniz yok.');
  }
  const c = await ctx.trx.selectFrom('companies').select(['id', 'active']).where('id', '=', id).executeTakeFirst();
  if (!c) throw problems.notFound('Şirket');
  return { id: c.id, active: c.active };
}

/** Runs fn with the transaction's tenant set to `companyId` (row-level security follows), then back. */
async function inCompany<T>(ctx: RequestContext, companyId: number, fn: () => Promise<T>): Promise<T> {
  const own = requireAuth(ctx).companyId;
  if (companyId === own) return fn();
  await setTenant(ctx.trx, companyId);
  try {
    return await fn();
  } finally {
    await setTenant(ctx.trx, own);
  }
}

export interface MissingInvoiceView {
  companyId: number; source: string; sourceLabel: { tr: string; en: string }; documentNo: string; date: string; currentId: number; currentName: string;
  amount: number | null; currencyId: number; currencyCode: string; explanation: string | null;
}

/** The company's missing invoices from every source (or one), oldest first; sales whose link names a live invoice are left out. */
export async function missingOf(ctx: RequestContext, companyId: number, filter: { currentId?: number; source?: string; documentNo?: string } = {}): Promise<MissingInvoiceView[]> {
  const d = db(ctx);
  const all: (MissingInvoiceView & { plugin: string })[] = [];
  for (const s of sourcesOf(ctx)) {
    if (filter.source !== undefined && s.id !== filter.source) continue;
    const sales = await s.list(ctx.trx, companyId, {
      ...(filter.currentId !== undefined ? { currentId: filter.currentId } : {}), ...(filter.documentNo !== undefined ? { documentNo: filter.documentNo } : {}),
    });
    for (const x of sales) {
      if (typeof x.documentNo !== 'string' || x.documentNo.length < 1 || x.documentNo.length > 64) {
        throw new Error(`${s.plugin}: missing-invoice source ${s.id} listed a document number that is not 1 to 64 characters: ${JSON.stringify(x.documentNo)}`);
      }
      all.push({
        companyId, source: s.id, sourceLabel: s.label, documentNo: x.documentNo, date: x.date, currentId: x.currentId, currentName: '',
        amount: x.amount === null ? null : new Decimal(x.amount).toNumber(), currencyId: x.currencyId ?? 1, currencyCode: '', explanation: x.explanation ?? null, plugin: s.plugin,
      });
    }
  }
  if (!all.length) return [];
  const live = await d.selectFrom('missing_invoice_links as m')
    .innerJoin('invoices as i', (j) => j.onRef('i.company_id', '=', 'm.company_id').onRef('i.id', '=', 'm.invoice_id'))
    .select(['m.source', 'm.document_no']).where('m.company_id', '=', companyId).where('i.status', '<>', 'CANCELLED')
    .where('m.document_no', 'in', [...new Set(all.map((x) => x.documentNo))]).execute();
  const done = new Set(live.map((l) => `${l.source}\u0000${l.document_no}`));
  const open = all.filter((x) => !done.has(`${x.source}\u0000${x.documentNo}`));
  if (!open.length) return [];
  const [currents, currencies] = await Promise.all([
    d.selectFrom('currents').select(['id']).select(sql<string>`concat_ws(' ', name, last_name)`.as('name')).where('company_id', '=', companyId)
      .where('id', 'in', [...new Set(open.map((x) => x.currentId))]).execute(),
    d.selectFrom('currencies').select(['id', 'code']).where('id', 'in', [...new Set(open.map((x) => x.currencyId))]).execute(),
  ]);
  return open
    .map(({ plugin: _p, ...x }) => ({ ...x, currentName: currents.find((c) => c.id === x.currentId)?.name ?? '', currencyCode: currencies.find((c) => c.id === x.currencyId)?.code ?? '' }))
    .sort((a, b) => a.date.localeCompare(b.date) || a.source.localeCompare(b.source) || a.documentNo.localeCompare(b.documentNo));
}

export interface CreationResult {
  companyId: number; source: string; documentNo: string; status: 'CREATED' | 'ALREADY_CREATED' | 'FAILED';
  invoiceId: number | null; invoiceNo: string | null; problem: { status: number; title: string; detail: string | null; code: string | null } | null;
}

/** The live invoice a link names, if any. */
async function liveLink(d: Db, companyId: number, source: string, documentNo: string, lock: boolean) {
  let q = d.selectFrom('missing_invoice_links').select(['id', 'invoice_id']).where('company_id', '=', companyId).where('source', '=', source).where('document_no', '=', documentNo);
  if (lock) q = q.forUpdate();
  const link = await q.executeTakeFirst();
  if (!link) return { link: undefined, invoice: undefined };
  const invoice = link.invoice_id === null ? undefined
    : await d.selectFrom('invoices').select(['id', 'status', 'document_no']).where('company_id', '=', companyId).where('id', '=', link.invoice_id).executeTakeFirst();
  return { link, invoice: invoice && invoice.status !== 'CANCELLED' ? invoice : undefined };
}

/**
 * Creates the invoice of one missing sale in the company the tenant is set to: ALREADY_CREATED
 * when a link names a live invoice (also after waiting for a racing creation of the same sale),
 * 404 when no source lists it; a source's or the invoice's refusal is thrown.
 */
async function createOne(ctx: RequestContext, companyId: number, source: RegisteredSource, documentNo: string): Promise<CreationResult> {
  const auth = requireAuth(ctx);
  const d = db(ctx);
  const base = { companyId, source: source.id, documentNo, problem: null };
  // Creations in one company queue here for the rest of their transaction: two repairs taking
  // the same sales in another order would otherwise deadlock (link of one, fiscal year of the other).
  await sql`select pg_advisory_xact_lock(${CREATION_LOCK}::int, ${companyId}::int)`.execute(ctx.trx);
  const before = await liveLink(d, companyId, source.id, documentNo, false);
  if (before.invoice) return { ...base, status: 'ALREADY_CREATED', invoiceId: before.invoice.id, invoiceNo: before.invoice.document_no };
  // The link first: a racing creation of the same sale waits here until this transaction ends.
  const inserted = await d.insertInto('missing_invoice_links')
    .values({ company_id: companyId, source: source.id, document_no: documentNo, invoice_id: null, created_by: auth.login })
    .onConflict((oc) => oc.columns(['company_id', 'source', 'document_no']).doNothing())
    .returning('id').executeTakeFirst();
  let linkId = inserted?.id;
  if (linkId === undefined) {
    // It was there (or a racing creation committed it): locked, it names a live invoice or one that was cancelled since.
    const now = await liveLink(d, companyId, source.id, documentNo, true);
    if (now.invoice) return { ...base, status: 'ALREADY_CREATED', invoiceId: now.invoice.id, invoiceNo: now.invoice.document_no };
    linkId = now.link!.id;
  }
  const content = await source.content(ctx.trx, companyId, documentNo);
  if (!content) throw problems.notFound('Eksik fatura');
  const { id: invoiceId, resolved, documentNo: invoiceNo } = await writeInvoice(d, companyId, auth.login, {
    invoiceType: 'SALE', draft: false, currentId: content.currentId, date: content.date, currencyId: content.currencyId ?? 1,
    explanation: (content.explanation ?? `${source.label.tr}: ${documentNo}`).slice(0, 500), products: content.products, payments: content.payments ?? [],
  }, paymentMethods(ctx.services));
  await d.updateTable('missing_invoice_links').set({ invoice_id: invoiceId, created_by: auth.login }).where('company_id', '=', companyId).where('id', '=', linkId).execute();
  if (source.invoiced) await source.invoiced(ctx.trx, companyId, { documentNo, invoiceId, invoiceNo });
  // The kernel's events carry the caller's company: `accounting.invoice.posted` only for it; the missing-invoice event names its company.
  // `missingInvoice` tells a listener the sale happened already (a POS payment is not to be taken again).
  if (companyId === auth.companyId) {
    ctx.emit('accounting.invoice.posted', { invoiceId, invoiceType: resolved.invoiceType, payments: await paymentsOf(d, companyId, invoiceId), missingInvoice: { source: source.id, documentNo } });
  }
  ctx.emit('accounting.missingInvoice.created', { companyId, invoiceId, invoiceNo, source: source.id, documentNo });
  ctx.audit({ action: 'accounting.missing-invoice.created', entity: 'invoice', entityId: invoiceId, companyId, detail: { source: source.id, documentNo, invoiceNo } });
  return { ...base, status: 'CREATED', invoiceId, invoiceNo };
}

/** The source that lists `documentNo` (the named one, else the only one that does): 404 when none, 409 when several do and none was named. */
async function sourceOf(ctx: RequestContext, companyId: number, documentNo: string, named: string | undefined): Promise<RegisteredSource> {
  const sources = sourcesOf(ctx);
  if (named !== undefined) {
    const s = sources.find((x) => x.id === named);
    if (!s) throw problems.invalidField('source', `'${named}' eksik fatura kaynağı tanımlı değil.`, 'SOURCE_NOT_FOUND');
    return s;
  }
  const d = db(ctx);
  const linked = await d.selectFrom('missing_invoice_links').select('source').where('company_id', '=', companyId).where('document_no', '=', documentNo).execute();
  const listing: RegisteredSource[] = [];
  for (const s of sources) {
    if (linked.some((l) => l.source === s.id) || (await s.list(ctx.trx, companyId, { documentNo })).length) listing.push(s);
  }
  if (!listing.length) throw problems.notFound('Eksik fatura');
  if (listing.length > 1) throw problems.conflict(`${documentNo} numarası birden çok kaynakta var (${listing.map((s) => s.id).join(', ')}); kaynağı belirtin.`, 'SOURCE_AMBIGUOUS', 'source');
  return listing[0]!;
}

let savepoints = 0;

/** Creates every missing invoice of the company, each in its own savepoint, so one refusal does not undo the others. */
async function createAllOf(ctx: RequestContext, companyId: number): Promise<CreationResult[]> {
  const results: CreationResult[] = [];
  const sources = sourcesOf(ctx);
  for (const m of await missingOf(ctx, companyId)) {
    const source = sources.find((s) => s.id === m.source)!;
    const name = sql.raw(`missing_invoice_${++savepoints}`);
    await sql`savepoint ${name}`.execute(ctx.trx);
    try {
      results.push(await createOne(ctx, companyId, source, m.documentNo));
      await sql`release savepoint ${name}`.execute(ctx.trx);
    } catch (e) {
      if (!(e instanceof Problem)) throw e;
      await sql`rollback to savepoint ${name}`.execute(ctx.trx);
      results.push({
        companyId, source: m.source, documentNo: m.documentNo, status: 'FAILED', invoiceId: null, invoiceNo: null,
        problem: { status: e.status, title: e.title, detail: e.detail ?? null, code: e.code ?? null },
      });
    }
  }
  return results;
}

const summary = (results: CreationResult[]) => ({
  created: results.filter((r) => r.status === 'CREATED').length,
  alreadyCreated: results.filter((r) => r.status === 'ALREADY_CREATED').length,
  failed: results.filter((r) => r.status === 'FAILED').length,
  results,
});

function page(ctx: RequestContext, items: MissingInvoiceView[]) {
  const p = pageRequest(ctx, ['date', 'asc']);
  return pageResult(ctx, items.slice(p.offset, p.offset + p.size), items.length);
}

type ListQuery = { currentId?: number; source?: string; companyId?: number };

/** GET /missing-invoices: the caller's company's. */
const listMissingInvoices: Handler = async (ctx) => {
  const q = (ctx.query ?? {}) as ListQuery;
  const c = await companyFor(ctx, undefined, ACTION.VIEW);
  return page(ctx, await missingOf(ctx, c.id, { ...(q.currentId !== undefined ? { currentId: q.currentId } : {}), ...(q.source !== undefined ? { source: q.source } : {}) }));
};

/** GET /missing-invoices-to-company?companyId: a company's (another one: management only). */
const listCompanyMissingInvoices: Handler = async (ctx) => {
  const q = (ctx.query ?? {}) as ListQuery;
  const c = await companyFor(ctx, q.companyId, ACTION.VIEW);
  return page(ctx, await inCompany(ctx, c.id, () => missingOf(ctx, c.id, {
    ...(q.currentId !== undefined ? { currentId: q.currentId } : {}), ...(q.source !== undefined ? { source: q.source } : {}),
  })));
};

function assertActive(c: { active: boolean }) {
  if (!c.active) throw problems.conflict('Şirket pasif; faturası kesilemez.', 'COMPANY_PASSIVE', 'companyId');
}

/** POST /create-missing-invoice?documentNo&companyId[&source]: 201 with the invoice made, 200 when it had been made already. */
const createMissingInvoice: Handler = async (ctx) => {
  const q = ctx.query as { documentNo: string; companyId?: number; source?: string };
  const c = await companyFor(ctx, q.companyId, ACTION.CREATE);
  assertActive(c);
  const r = await inCompany(ctx, c.id, async () => createOne(ctx, c.id, await sourceOf(ctx, c.id, q.documentNo, q.source), q.documentNo));
  ctx.setStatus(r.status === 'CREATED' ? 201 : 200);
  return r;
};

/** POST /create-company-missing-invoices?companyId: every missing invoice of one company. */
const createCompanyMissingInvoices: Handler = async (ctx) => {
  const q = (ctx.query ?? {}) as { companyId?: number };
  const c = await companyFor(ctx, q.companyId, ACTION.CREATE);
  assertActive(c);
  return summary(await inCompany(ctx, c.id, () => createAllOf(ctx, c.id)));
};

/** POST /create-all-missing-invoices (management): every active company's, company by company. */
const createAllMissingInvoices: Handler = async (ctx) => {
  const companies = await ctx.trx.selectFrom('companies').select('id').where('active', '=', true).orderBy('id').execute();
  const results: CreationResult[] = [];
  for (const c of companies) results.push(...(await inCompany(ctx, c.id, () => createAllOf(ctx, c.id))));
  return summary(results);
};

export const missingInvoiceHandlers: Record<string, Handler> = {
  listMissingInvoices, listCompanyMissingInvoices, createMissingInvoice, createCompanyMissingInvoices, createAllMissingInvoices,
};
