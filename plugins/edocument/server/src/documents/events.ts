import { sql } from 'kysely';
import { inTenant, problems, type JobDefinition, type ServerEvent, type ServerEventListener, type Services } from '@tezgah/server';
import { EARCHIVE_CANCEL_DAYS, EARCHIVE_CANCEL_WARNING } from '@tezgah/edocument-common';
import { autoSendsCashSales, loadSettings } from '../settings/index';
import { renderHtml } from '../ubl/index';
import { docOfSource, getDoc, kick, parseJson, send, workDue, type Actor, type Db } from './flow';
import { pullCompany } from './incoming';
import type { HistoryEntry } from '../schema';

/**
 * What the e-document plugin does on the accounting plugin's invoice events (each idempotent:
 * delivery is at least once) and its jobs.
 */

const actor = (trx: unknown, services: Services, companyId: number): Actor => ({ db: trx as Db, services, companyId, login: 'e-belge' });

function note(h: unknown, status: string, at: Date, text: string): string {
  const list = parseJson<HistoryEntry[]>(h, []);
  if (list[list.length - 1]?.note !== text) list.push({ at: at.toISOString(), status: status as HistoryEntry['status'], note: text });
  return JSON.stringify(list.slice(-50));
}

/** A cancelled invoice: an unsent e-document is dropped, a sent e-Arşiv is cancelled at the integrator, an e-Fatura is told to be answered by a return. */
const onCancelled: ServerEventListener = async (e: ServerEvent, services) => {
  const companyId = e.companyId;
  const invoiceId = Number(e.payload.invoiceId);
  if (!companyId || !invoiceId || (e.payload.invoiceType !== 'SALE' && e.payload.invoiceType !== 'BUYING_RETURN')) return;
  let kickId: number | null = null;
  await inTenant(services.db, companyId, async (trx) => {
    const db = trx as unknown as Db;
    const row = await docOfSource(db, companyId, { invoiceId });
    if (!row || row.status === 'CANCEL') return;
    const now = services.now();
    if (row.status === 'CONTROL' || row.status === 'PREVIEW') {
      await db.updateTable('edoc_documents').set({ status: 'CANCEL', status_reason: 'Fatura muhasebede iptal edildi.', updated_at: now, history: note(row.history, 'CANCEL', now, 'Fatura muhasebede iptal edildi.') })
        .where('company_id', '=', companyId).where('id', '=', row.id).execute();
      return;
    }
    if (row.category === 'EARCHIVE' && row.status === 'SUCCESS') {
      // Queued by invoiceCancelling in the cancelling transaction (a cancellation from before it
      // is queued here); the worker is woken now that it is committed.
      const pending = await db.selectFrom('edoc_outbox').select('id').where('company_id', '=', companyId).where('document_id', '=', row.id).where('action', '=', 'CANCEL').executeTakeFirst();
      if (!pending) {
        await db.insertInto('edoc_outbox').values({ company_id: companyId, document_id: row.id, action: 'CANCEL', payload: JSON.stringify({ note: 'Fatura muhasebede iptal edildi.', event: e.id }), next_attempt_at: now, created_at: now }).execute();
        await db.updateTable('edoc_documents').set({ status_reason: 'Fatura muhasebede iptal edildi; e-Arşiv iptali entegratöre iletiliyor.', updated_at: now })
          .where('company_id', '=', companyId).where('id', '=', row.id).execute();
      }
      kickId = row.id;
      return;
    }
    const text = row.category === 'EINVOICE'
      ? 'Fatura muhasebede iptal edildi. Gönderilmiş e-Fatura geri alınamaz: alıcıya iade faturası düzenleyin ya da alıcı reddetsin.'
      : 'Kaynak belge muhasebede iptal edildi.';
    await db.updateTable('edoc_documents').set({ status_reason: text, updated_at: now, history: note(row.history, row.status, now, text) })
      .where('company_id', '=', companyId).where('id', '=', row.id).execute();
  });
  if (kickId !== null) kick(services, companyId, kickId);
};

/** A changed invoice: a checked but unsent document must be checked again. */
const onUpdated: ServerEventListener = async (e, services) => {
  const companyId = e.companyId;
  const invoiceId = Number(e.payload.invoiceId);
  if (!companyId || !invoiceId) return;
  await inTenant(services.db, companyId, async (trx) => {
    const db = trx as unknown as Db;
    const row = await docOfSource(db, companyId, { invoiceId });
    if (!row || (row.status !== 'CONTROL' && row.status !== 'PREVIEW')) return;
    const now = services.now();
    const text = 'Fatura kontrolden sonra değişti: yeniden kontrol edin.';
    await db.updateTable('edoc_documents').set({
      status: 'CONTROL', status_reason: text, problems: JSON.stringify([{ source: 'RULE', message: text, field: null }]), updated_at: now,
      history: note(row.history, 'CONTROL', now, text),
    }).where('company_id', '=', companyId).where('id', '=', row.id).execute();
  });
};

/** Cash auto e-invoice: a posted cash sale of a company that asks for it is sent by itself. */
const onPosted: ServerEventListener = async (e, services) => {
  const companyId = e.companyId;
  const invoiceId = Number(e.payload.invoiceId);
  if (!companyId || !invoiceId || e.payload.invoiceType !== 'SALE') return;
  const payments = (e.payload.payments as { paymentType?: string }[] | undefined) ?? [];
  if (!payments.some((p) => p.paymentType === 'CASH')) return;
  // The settings row first, in one statement outside any transaction (the server's own connection,
  // the company named in the query): most companies do not send cash sales by themselves, and for
  // them that read is all. One that does is read again, with its company, in the sending transaction.
  if (!await autoSendsCashSales(services.db as never, companyId)) return;
  const queued = await inTenant(services.db, companyId, async (trx) => {
    const settings = await loadSettings(trx as never, services, companyId);
    if (!settings.enabled || !settings.autoSendCashSales) return null;
    const { row, queued } = await send(actor(trx, services, companyId), 'EINVOICE', invoiceId, {});
    return queued ? row.id : null;
  });
  if (queued !== null) kick(services, companyId, queued);
};

export const listeners: Record<string, ServerEventListener> = {
  'accounting.invoice.cancelled': onCancelled,
  'accounting.invoice.updated': onUpdated,
  'accounting.invoice.posted': onPosted,
};

/**
 * Renders GİB's display of documents that have none yet (received, imported, sent), a few a minute:
 * a zip download then carries them without rendering (about 50 ms a document on the event loop).
 */
export async function renderViews(services: Services, limit: number): Promise<number> {
  const rows = await services.db.selectFrom('edoc_documents' as never).select(['company_id', 'id', 'xml'] as never)
    .where('html' as never, 'is', null as never).where('xml' as never, 'is not', null as never)
    .where('status' as never, 'in', ['SUCCESS', 'SENDING', 'CANCEL'] as never).orderBy('id' as never, 'desc').limit(limit).execute() as { company_id: number; id: number; xml: string }[];
  let n = 0;
  for (const r of rows) {
    let html: string;
    try {
      html = await renderHtml(r.xml, { embedded: false });
    } catch {
      continue; // Shown on demand with its error; the zip download renders it again.
    }
    await services.db.updateTable('edoc_documents' as never).set({ html } as never)
      .where('company_id' as never, '=', r.company_id as never).where('id' as never, '=', r.id as never).where('html' as never, 'is', null as never).execute();
    n += 1;
  }
  return n;
}

export const documentJobs: Record<string, JobDefinition> = {
  // The outbox and the status checks (each claimed, so one server does each).
  'edocument.work': {
    cron: '* * * * *',
    retryLimit: 0,
    expireInSeconds: 10 * 60,
    async handler(job) {
      await workDue(job.services);
      await renderViews(job.services, 25);
    },
  },
  // Incoming documents of every company that sends e-documents.
  'edocument.inbox': {
    cron: '*/15 * * * *',
    retryLimit: 0,
    expireInSeconds: 30 * 60,
    async handler(job) {
      const companies = await job.services.db.selectFrom('edoc_settings' as never).select('company_id' as never).where('enabled' as never, '=', true as never).execute() as { company_id: number }[];
      for (const c of companies) {
        try {
          await pullCompany(job.services, Number(c.company_id));
        } catch {
          // One company's integrator being down does not stop the others; the next run tries again.
        }
      }
    },
  },
};

/**
 * `accounting.invoice.cancelling`: whether a sale may leave the books is the e-document's call,
 * made in the cancelling transaction from the document's own state (never from what the cancel
 * call's path claims). An unsent document is discarded with the invoice; a sent e-Arşiv is
 * cancelled at the integrator through the outbox, within GİB's 7 days; a sent e-Fatura stays
 * valid at GİB until its buyer rejects it, so the books keep it (VUK 509 sayılı Genel Tebliğ: a
 * delivered e-Fatura is corrected by a return invoice, IADE) and the cancellation is refused;
 * a document whose sending is still undecided (SENDING, UNKNOWN) refuses it until it is known.
 */
export const invoiceCancelling = {
  id: 'edocument.cancel',
  async cancelling(db: unknown, companyId: number, invoice: { invoiceId: number; invoiceType: string; at: Date }): Promise<void> {
    // The documents the company issues: its sales and its purchase returns.
    if (invoice.invoiceType !== 'SALE' && invoice.invoiceType !== 'BUYING_RETURN') return;
    const d = db as Db;
    await sql`select pg_advisory_xact_lock(hashtext(${`edoc:${companyId}:invoice_id:${invoice.invoiceId}`}))`.execute(d);
    const row = await docOfSource(d, companyId, { invoiceId: invoice.invoiceId });
    if (!row || row.status === 'CANCEL' || row.status === 'FAILURE') return;
    const now = invoice.at;
    const reason = 'Fatura muhasebede iptal edildi.';
    if (row.status === 'CONTROL' || row.status === 'PREVIEW') {
      await d.updateTable('edoc_documents').set({ status: 'CANCEL', status_reason: reason, updated_at: now, history: note(row.history, 'CANCEL', now, reason) })
        .where('company_id', '=', companyId).where('id', '=', row.id).execute();
      return;
    }
    const kind = row.category === 'EARCHIVE' ? 'e-Arşiv faturası' : 'e-Faturası';
    if (row.status !== 'SUCCESS') {
      throw problems.conflict(`Bu faturanın ${kind} ${row.document_no ?? ''} gönderiliyor; sonucu belli olmadan fatura iptal edilemez.`.replace('  ', ' '), 'EDOC_IN_FLIGHT');
    }
    if (row.category === 'EINVOICE') {
      if (row.answer === 'RED') return; // The buyer rejected it: it was never accepted, the books may drop it.
      throw problems.conflict(
        `Bu faturanın e-Faturası ${row.document_no ?? ''} alıcıya ulaştı ve GİB'de geçerli; muhasebeden iptal edilemez. Alıcıya bir iade faturası (IADE) düzenleyin ya da alıcı faturayı reddetsin.`.replace('  ', ' '),
        'EINVOICE_CANCEL_BY_RETURN',
      );
    }
    const days = Math.floor((now.getTime() - Date.parse(`${row.issue_date}T00:00:00Z`)) / 86_400_000);
    if (days > EARCHIVE_CANCEL_DAYS) throw problems.conflict(EARCHIVE_CANCEL_WARNING.tr, 'EARCHIVE_CANCEL_LATE');
    const pending = await d.selectFrom('edoc_outbox').select('id').where('company_id', '=', companyId).where('document_id', '=', row.id)
      .where('action', '=', 'CANCEL').where('status', '=', 'PENDING').executeTakeFirst();
    if (!pending) {
      await d.insertInto('edoc_outbox').values({ company_id: companyId, document_id: row.id, action: 'CANCEL', payload: JSON.stringify({ note: reason }), next_attempt_at: now, created_at: now }).execute();
    }
    await d.updateTable('edoc_documents').set({ status_reason: `${reason} e-Arşiv iptali entegratöre iletiliyor.`, updated_at: now })
      .where('company_id', '=', companyId).where('id', '=', row.id).execute();
  },
};

/**
 * `accounting.despatch.changing`: a despatch whose e-İrsaliye went out no longer changes or
 * leaves the books — GİB's e-İrsaliye cannot be withdrawn once delivered (e-İrsaliye Uygulama
 * Kılavuzu: a wrong one is answered by the receiver's İrsaliye Yanıtı or corrected by a new
 * despatch, a return by a despatch the other way); one still being sent (SENDING, UNKNOWN)
 * refuses it until its result is known. An unsent document is discarded with a cancelled
 * despatch; an edited one is checked again before it is sent.
 */
export const despatchChanging = {
  id: 'edocument.despatch',
  async changing(db: unknown, companyId: number, despatch: { despatchId: number; action: 'UPDATE' | 'CANCEL'; at: Date }): Promise<void> {
    const d = db as Db;
    await sql`select pg_advisory_xact_lock(hashtext(${`edoc:${companyId}:despatch_id:${despatch.despatchId}`}))`.execute(d);
    const row = await docOfSource(d, companyId, { despatchId: despatch.despatchId });
    if (!row || row.status === 'CANCEL' || row.status === 'FAILURE') return;
    if (row.status === 'CONTROL' || row.status === 'PREVIEW') {
      if (despatch.action === 'CANCEL') {
        const reason = 'İrsaliye muhasebede iptal edildi.';
        await d.updateTable('edoc_documents').set({ status: 'CANCEL', status_reason: reason, updated_at: despatch.at, history: note(row.history, 'CANCEL', despatch.at, reason) })
          .where('company_id', '=', companyId).where('id', '=', row.id).execute();
      }
      return;
    }
    const what = despatch.action === 'CANCEL' ? 'iptal edilemez' : 'değiştirilemez';
    if (row.status !== 'SUCCESS') {
      throw problems.conflict(`Bu irsaliyenin e-İrsaliyesi ${row.document_no ?? ''} gönderiliyor; sonucu belli olmadan irsaliye ${what}.`.replace('  ', ' '), 'EDOC_IN_FLIGHT');
    }
    throw problems.conflict(
      `Bu irsaliyenin e-İrsaliyesi ${row.document_no ?? ''} gönderildi ve GİB'de geri alınamaz; irsaliye ${what}. Düzeltme için yeni bir irsaliye düzenleyin.`.replace('  ', ' '),
      'EDESPATCH_SENT',
    );
  },
};

/** `accounting.invoice.locks`: an invoice whose e-document went out (or may have) no longer changes. */
export const invoiceLock = {
  id: 'edocument.sent',
  async reason(db: unknown, companyId: number, invoiceId: number): Promise<string | null> {
    const row = await docOfSource(db as Db, companyId, { invoiceId });
    if (!row || !['SENDING', 'SUCCESS', 'UNKNOWN'].includes(row.status)) return null;
    const kind = row.category === 'EARCHIVE' ? 'e-Arşiv faturası' : 'e-Faturası';
    return `Bu faturanın ${kind} ${row.document_no ?? ''} gönderildi; fatura artık değiştirilemez. Düzeltmek için faturayı iptal edin ya da iade faturası düzenleyin.`.replace('  ', ' ');
  },
};

export { getDoc };
