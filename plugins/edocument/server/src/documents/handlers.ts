import { sql } from 'kysely';
import { likePattern, mayIn, pageRequest, pageResult, problems, requireAuth, tables, type Handler, type RequestContext } from '@tezgah/server';
import { statusesOfListStatus, type EDocumentListStatus } from '@tezgah/edocument-common';
import { renderHtml, renderPdf } from '../ubl/index';
import { loadSettings } from '../settings/index';
import { IntegratorError } from '../integrator/index';
import type { EdocumentTables } from '../schema';
import { VIEW_COLUMNS, approve, cancel, check, docOfSource, docView, edit, getDoc, kick, portOf, refreshNow, send, type Actor, type Db, type Family, type Options, type Row } from './flow';

/** The outgoing and shared e-document operations (openapi/edocument/edocument.yaml). */

const actor = (ctx: RequestContext): Actor => {
  const auth = requireAuth(ctx);
  return { db: tables<EdocumentTables>(ctx) as unknown as Db, services: ctx.services, companyId: auth.companyId, login: auth.login };
};
const idOf = (ctx: RequestContext) => Number((ctx.params as { id: number }).id);

/** Starts the worker for a document once the request has committed. */
function afterCommit(ctx: RequestContext, a: Actor, documentId: number) {
  ctx.afterwards(async (_db, committed) => {
    if (committed) kick(ctx.services, a.companyId, documentId);
  });
}

function sendHandler(family: Family): Handler {
  return async (ctx) => {
    const a = actor(ctx);
    const { row, queued } = await send(a, family, idOf(ctx), (ctx.body ?? {}) as Options);
    if (queued) afterCommit(ctx, a, row.id);
    ctx.audit({ action: 'edocument.sent', entity: 'edocument', entityId: row.id, detail: { family, status: row.status, documentNo: row.document_no, uuid: row.uuid } });
    return docView(row);
  };
}

function updateHandler(family: Family): Handler {
  return async (ctx) => {
    const a = actor(ctx);
    const b = ctx.body as { action: 'CHECK' | 'APPROVE' | 'EDIT' | 'RESEND' | 'REFRESH'; options?: Options };
    const id = idOf(ctx);
    switch (b.action) {
      case 'CHECK': return docView(await check(a, family, id, b.options ?? {}));
      case 'APPROVE': return docView(await approve(a, family, id));
      case 'EDIT': return edit(a, family, id);
      case 'RESEND': {
        const { row, queued } = await send(a, family, id, b.options ?? {}, { resend: true });
        if (queued) afterCommit(ctx, a, row.id);
        return docView(row);
      }
      case 'REFRESH': {
        const row = await docOfSource(a.db, a.companyId, family === 'EDESPATCH' ? { despatchId: id } : { invoiceId: id });
        if (!row) throw problems.notFound('e-Belge');
        await refreshNow(a, row);
        afterCommit(ctx, a, row.id);
        return docView((await getDoc(a.db, a.companyId, row.id))!);
      }
    }
  };
}

function cancelHandler(family: Family): Handler {
  return async (ctx) => {
    const a = actor(ctx);
    const { row, queued } = await cancel(a, family, idOf(ctx), (ctx.body ?? {}) as { note?: string | null; confirmLate?: boolean });
    if (queued) afterCommit(ctx, a, row.id);
    ctx.audit({ action: 'edocument.cancelled', entity: 'edocument', entityId: row.id, detail: { family, uuid: row.uuid } });
    return docView(row);
  };
}

/** May the caller see this document? Outgoing invoices need sales view, incoming purchases view, despatches the despatch view. */
function mustSee(ctx: RequestContext, r: Row) {
  const auth = requireAuth(ctx);
  const [module, action] = r.category === 'EDESPATCH' ? [26, 1] : r.direction === 'OUTGOING' ? [11, 1] : [12, 1];
  if (!mayIn(auth, module, action, auth.companyId)) throw problems.forbidden();
}

async function visible(ctx: RequestContext): Promise<{ a: Actor; row: Row }> {
  const a = actor(ctx);
  const row = await getDoc(a.db, a.companyId, idOf(ctx));
  if (!row) throw problems.notFound('e-Belge');
  mustSee(ctx, row);
  return { a, row };
}

/** A person looking at a SENDING document moves its work on (no job queue needed for that). */
function nudge(ctx: RequestContext, a: Actor, row: Row) {
  if (row.status === 'SENDING') afterCommit(ctx, a, row.id);
}

const getEDocument: Handler = async (ctx) => {
  const { a, row } = await visible(ctx);
  nudge(ctx, a, row);
  return docView(row);
};

function bySource(kind: 'invoice' | 'despatch'): Handler {
  return async (ctx) => {
    const a = actor(ctx);
    let row = await docOfSource(a.db, a.companyId, kind === 'invoice' ? { invoiceId: idOf(ctx) } : { despatchId: idOf(ctx) });
    if (!row && kind === 'invoice') {
      // The incoming e-invoice a purchase was made from.
      row = await a.db.selectFrom('edoc_documents').select([...VIEW_COLUMNS, 'xml', 'html']).where('company_id', '=', a.companyId).where('purchase_invoice_id', '=', idOf(ctx)).executeTakeFirst() as Row | undefined;
    }
    if (!row) throw problems.notFound('e-Belge');
    mustSee(ctx, row);
    nudge(ctx, a, row);
    return docView(row);
  };
}

const statusesOfInvoices: Handler = async (ctx) => {
  const a = actor(ctx);
  const raw = (ctx.query as { invoiceIds: number[] | string }).invoiceIds;
  const ids = (Array.isArray(raw) ? raw : String(raw).split(',')).map(Number).filter((n) => Number.isInteger(n) && n > 0);
  if (!ids.length) return [];
  const rows = await a.db.selectFrom('edoc_documents').select(['id', 'invoice_id', 'status', 'category', 'document_no'])
    .where('company_id', '=', a.companyId).where('direction', '=', 'OUTGOING').where('invoice_id', 'in', ids)
    .orderBy('id', 'desc').execute();
  const seen = new Set<number>();
  const out: { invoiceId: number; id: number; status: string; category: string; documentNo: string | null }[] = [];
  // The live document first: a cancelled one only when nothing else exists.
  for (const r of [...rows].sort((x, y) => Number(x.status === 'CANCEL') - Number(y.status === 'CANCEL'))) {
    const inv = Number(r.invoice_id);
    if (seen.has(inv)) continue;
    seen.add(inv);
    out.push({ invoiceId: inv, id: Number(r.id), status: r.status, category: r.category, documentNo: r.document_no });
  }
  return out;
};

function fileName(r: Row, ext: string) {
  return `${(r.document_no ?? r.uuid).replace(/[^A-Za-z0-9-]/g, '')}.${ext}`;
}

const getXml: Handler = async (ctx) => {
  const { row } = await visible(ctx);
  if (!row.xml) throw problems.notFound('Belgenin XML\'i');
  ctx.setHeader('content-type', 'application/xml; charset=utf-8');
  ctx.setHeader('content-disposition', `attachment; filename="${fileName(row, 'xml')}"`);
  ctx.setHeader('cache-control', 'no-store');
  return row.xml;
};

/** GİB's display, rendered once and kept (zip downloads carry it too). */
export async function htmlOf(a: Actor, row: Row): Promise<string> {
  if (row.html) return row.html;
  // The bundled display for its kind (an unknown embedded XSLT would compile for seconds on the event loop).
  const html = await renderHtml(row.xml!, { embedded: false });
  await a.db.updateTable('edoc_documents').set({ html }).where('company_id', '=', a.companyId).where('id', '=', row.id).where('xml', '=', row.xml!).execute();
  return html;
}

/** An HTML answer that can do nothing but show itself: no scripts, no forms, no same origin. */
function sandboxedHtml(ctx: RequestContext) {
  ctx.setHeader('content-type', 'text/html; charset=utf-8');
  ctx.setHeader('content-security-policy', "sandbox; default-src 'none'; img-src data:; style-src 'unsafe-inline'; font-src data:");
  ctx.setHeader('x-content-type-options', 'nosniff');
  ctx.setHeader('cache-control', 'no-store');
}

const getHtml: Handler = async (ctx) => {
  const { a, row } = await visible(ctx);
  if (!row.xml) throw problems.notFound('Belgenin XML\'i');
  const html = await htmlOf(a, row);
  sandboxedHtml(ctx);
  return html;
};

const getPdf: Handler = async (ctx) => {
  const { row } = await visible(ctx);
  if (!row.xml) throw problems.notFound('Belgenin XML\'i');
  const bytes = await renderPdf(row.xml);
  ctx.setHeader('content-type', 'application/pdf');
  ctx.setHeader('content-disposition', `attachment; filename="${fileName(row, 'pdf')}"`);
  ctx.setHeader('cache-control', 'no-store');
  return bytes;
};

function documentByUuid(direction: 'INCOMING' | 'OUTGOING', despatch: boolean): Handler {
  return async (ctx) => {
    const a = actor(ctx);
    const uuid = String((ctx.query as { uuid: string }).uuid);
    let q = a.db.selectFrom('edoc_documents').selectAll().where('company_id', '=', a.companyId).where('direction', '=', direction)
      .where(sql<boolean>`upper(uuid::text) = ${uuid.toUpperCase()}`);
    q = despatch ? q.where('category', '=', 'EDESPATCH') : q.where('category', '<>', 'EDESPATCH');
    const row = await q.executeTakeFirst() as Row | undefined;
    if (!row?.xml) throw problems.notFound('Belge');
    ctx.setHeader('content-type', 'application/xml; charset=utf-8');
    return row.xml;
  };
}

/** An integrator failure as the person should read it: unreachable 502, anything else (credentials, refusal) 409. */
export function integratorProblem(e: unknown, what: string) {
  const ie = e instanceof IntegratorError ? e : null;
  const retryable = !ie || ie.retryable;
  const detail = ie?.kind === 'AUTH'
    ? `${what}: entegratör kullanıcı adı veya şifresi kabul edilmedi; e-belge ayarlarını kontrol edin.`
    : `${what}: ${e instanceof Error ? e.message : String(e)}`;
  return {
    status: retryable ? 502 : 409,
    body: { type: 'about:blank', title: retryable ? 'Entegratöre ulaşılamadı' : 'Entegratör isteği kabul etmedi', status: retryable ? 502 : 409, detail, code: retryable ? 'INTEGRATOR_UNAVAILABLE' : (ie?.kind === 'AUTH' ? 'INTEGRATOR_AUTH' : 'INTEGRATOR_REFUSED') },
  };
}

const queryEArchive: Handler = async (ctx) => {
  const a = actor(ctx);
  const settings = await loadSettings(a.db as never, ctx.services, a.companyId);
  if (!settings.enabled) throw problems.conflict('Şirket için e-belge kullanımı açık değil: e-belge ayarlarından açın.', 'EDOC_DISABLED');
  const uuid = String((ctx.query as { uuid: string }).uuid);
  // Asked after the request's transaction (the sandbox may share the embedded engine's one connection).
  const out: Record<string, unknown> = { found: false };
  ctx.afterwards(async (_db, committed) => {
    if (!committed) return;
    try {
      Object.assign(out, await portOf(settings, ctx.services).status('EARCHIVE', uuid));
    } catch (e) {
      const p = integratorProblem(e, 'e-Arşiv faturasının durumu sorgulanamadı');
      ctx.setStatus(p.status);
      ctx.setHeader('content-type', 'application/problem+json');
      for (const k of Object.keys(out)) delete out[k];
      Object.assign(out, p.body);
    }
  });
  return out;
};

// --- lists -------------------------------------------------------------------------------------------

const SORT: Record<string, string> = { id: 'id', issueDate: 'issue_date', createdDate: 'created_at', total: 'total' };

function list(scope: { direction?: 'INCOMING' | 'OUTGOING'; despatch: boolean }): Handler {
  return async (ctx) => {
    const a = actor(ctx);
    const q = ctx.query as { startDate?: string; endDate?: string; status?: EDocumentListStatus; category?: string; search?: string; direction?: 'INCOMING' | 'OUTGOING' };
    const page = pageRequest(ctx, ['id', 'desc']);
    const direction = scope.direction ?? q.direction;
    let base = a.db.selectFrom('edoc_documents').where('company_id', '=', a.companyId);
    base = scope.despatch ? base.where('category', '=', 'EDESPATCH') : base.where('category', '<>', 'EDESPATCH');
    if (direction) base = base.where('direction', '=', direction);
    if (q.startDate) base = base.where('issue_date', '>=', q.startDate);
    if (q.endDate) base = base.where('issue_date', '<=', q.endDate);
    if (q.status) base = base.where('status', 'in', statusesOfListStatus(q.status));
    if (q.category) base = base.where('category', '=', q.category as never);
    if (q.search?.trim()) {
      const like = likePattern(q.search.trim());
      base = base.where((w) => w.or([w('document_no', 'ilike', like), w(sql`uuid::text`, 'ilike', like), w('party_title', 'ilike', like), w('party_identifier', 'ilike', like)]));
    }
    const [count, rows] = await Promise.all([
      base.select((e) => e.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      (() => {
        // The view's columns: never the XML or its HTML (a page of lists would read megabytes).
        let r = base.select([...VIEW_COLUMNS]);
        for (const [field, dir] of page.sort.length ? page.sort : [['id', 'desc'] as [string, 'asc' | 'desc']]) r = r.orderBy(sql.ref(SORT[field] ?? 'id'), dir);
        return r.orderBy('id', 'desc').limit(page.size).offset(page.offset).execute();
      })(),
    ]);
    return pageResult(ctx, rows.map((r) => docView(r as Row)), Number(count.n));
  };
}

const totals: Handler = async (ctx) => {
  const a = actor(ctx);
  const q = ctx.query as { startDate: string; endDate: string };
  const rows = await sql<{ direction: string; category: string; n: number; total: string }>`
    select direction, category, count(*)::int as n,
           coalesce(sum(case when currency is null or currency = 'TRY' then total else round(total * coalesce(exchange_rate, 1), 2) end), 0) as total
      from edoc_documents
     where company_id = ${a.companyId} and category <> 'EDESPATCH' and status <> 'CANCEL'
       and issue_date between ${q.startDate} and ${q.endDate}
     group by direction, category order by direction, category`.execute(a.db);
  return rows.rows.map((r) => ({ direction: r.direction, category: r.category, count: Number(r.n), totalTry: Number(r.total) }));
};

const summary: Handler = async (ctx) => {
  const a = actor(ctx);
  const counts = await sql<{ sending: number; failed: number; open: number }>`
    select count(*) filter (where direction = 'OUTGOING' and status = 'SENDING')::int as sending,
           count(*) filter (where direction = 'OUTGOING' and status in ('FAILURE', 'UNKNOWN'))::int as failed,
           count(*) filter (where direction = 'INCOMING' and category = 'EINVOICE' and purchase_invoice_id is null and status <> 'CANCEL')::int as open
      from edoc_documents where company_id = ${a.companyId}`.execute(a.db);
  const latest = await a.db.selectFrom('edoc_documents').select([...VIEW_COLUMNS]).where('company_id', '=', a.companyId)
    .where((w) => w.or([w('status', 'in', ['SENDING', 'FAILURE', 'UNKNOWN']), w.and([w('direction', '=', 'INCOMING'), w('purchase_invoice_id', 'is', null), w('category', '=', 'EINVOICE')])]))
    .orderBy('updated_at', 'desc').limit(5).execute();
  const c = counts.rows[0]!;
  return { sending: Number(c.sending), failed: Number(c.failed), incomingOpen: Number(c.open), latest: latest.map((r) => docView(r as Row)) };
};

export const documentHandlers: Record<string, Handler> = {
  eInvoiceSend: sendHandler('EINVOICE'), eInvoiceUpdate: updateHandler('EINVOICE'), eInvoiceCancel: cancelHandler('EINVOICE'),
  eArchiveSend: sendHandler('EARCHIVE'), eArchiveUpdate: updateHandler('EARCHIVE'), eArchiveCancel: cancelHandler('EARCHIVE'),
  eDespatchSend: sendHandler('EDESPATCH'), eDespatchUpdate: updateHandler('EDESPATCH'), eDespatchCancel: cancelHandler('EDESPATCH'),
  eArchiveQueryInvoice: queryEArchive,
  eQueryInvoiceInboxDocument: documentByUuid('INCOMING', false), eQueryInvoiceOutboxDocument: documentByUuid('OUTGOING', false),
  eQueryDespatchInboxDocument: documentByUuid('INCOMING', true), eQueryDespatchOutboxDocument: documentByUuid('OUTGOING', true),
  listIncomingEInvoices: list({ direction: 'INCOMING', despatch: false }), listIncomingEInvoicesConverted: list({ direction: 'INCOMING', despatch: false }),
  listOutgoingEInvoices: list({ direction: 'OUTGOING', despatch: false }), listOutgoingEInvoicesConverted: list({ direction: 'OUTGOING', despatch: false }),
  listIncomingOutgoingEInvoices: list({ despatch: false }), listIncomingOutgoingEInvoicesConverted: list({ despatch: false }),
  incomingOutgoingEInvoiceTotals: totals,
  listIncomingEDespatches: list({ direction: 'INCOMING', despatch: true }), listOutgoingEDespatches: list({ direction: 'OUTGOING', despatch: true }),
  getEDocument, getEDocumentByInvoice: bySource('invoice'), getEDocumentByDespatch: bySource('despatch'),
  eDocumentStatusesOfInvoices: statusesOfInvoices, getEDocumentXml: getXml, getEDocumentHtml: getHtml, getEDocumentPdf: getPdf,
  eDocumentSummary: summary,
};
