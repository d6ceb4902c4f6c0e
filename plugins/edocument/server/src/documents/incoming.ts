import Decimal from 'decimal.js';
import { inTenant, problems, requireAuth, tables, type Handler, type RequestContext, type Services } from '@tezgah/server';
import type { DocumentsService } from '@tezgah/accounting-server';
import { ANSWER_DAYS } from '@tezgah/edocument-common';
import { IntegratorError, type DocumentType, type InboxItem } from '../integrator/index';
import { parseUbl, UblParseError } from '../ubl/index';
import { loadSettings } from '../settings/index';
import type { EdocumentTables } from '../schema';
import { integratorProblem } from './handlers';
import { DOCUMENTS_SERVICE, docView, getDoc, parseJson, portOf, type Db, type Row } from './flow';

/**
 * Incoming e-invoices and e-despatches: pulled from the integrator (the `edocument.inbox` job every
 * 15 minutes for each enabled company, and on demand), stored by ETTN once, marked read at the
 * integrator only after they are stored; an incoming invoice becomes a draft purchase invoice
 * through the accounting plugin's `accounting.documents` service, and a TICARIFATURA gets its
 * KABUL or RED answer within 8 days.
 */

const INBOX_DAYS = 30;

function istanbulDay(d: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Istanbul', year: 'numeric', month: '2-digit', day: '2-digit' }).format(d);
}

/** Stores one incoming document (idempotent by ETTN); true when it is new. */
async function store(db: Db, companyId: number, item: InboxItem, now: Date): Promise<boolean> {
  let parsed: ReturnType<typeof parseUbl> | null = null;
  try {
    parsed = parseUbl(item.xml);
  } catch (e) {
    if (!(e instanceof UblParseError)) throw e;
  }
  const category = item.documentType === 'DESPATCHADVICE' ? 'EDESPATCH' : (parsed?.profile ?? item.profile) === 'EARSIVFATURA' ? 'EARCHIVE' : 'EINVOICE';
  const inserted = await db.insertInto('edoc_documents').values({
    company_id: companyId, direction: 'INCOMING', category, uuid: item.uuid.toUpperCase(), document_no: parsed?.id ?? item.id,
    profile: parsed?.profile ?? item.profile, type_code: parsed?.typeCode ?? item.typeCode, issue_date: parsed?.issueDate ?? item.issueDate,
    status: 'SUCCESS', status_reason: parsed ? null : 'Belge UBL-TR olarak okunamadı; XML olduğu gibi saklandı.',
    party_title: parsed?.supplier.name ?? item.senderTitle, party_identifier: parsed?.supplier.vknTckn ?? item.senderVkn,
    total: parsed?.totals.payable ?? item.payable, currency: parsed?.currency ?? item.currency, exchange_rate: parsed?.exchangeRate ?? null,
    sender_tag: null, receiver_tag: null, xml: item.xml, problems: '[]',
    history: JSON.stringify([{ at: now.toISOString(), status: 'SUCCESS', note: 'Entegratörden alındı.' }]), created_at: now, updated_at: now,
  }).onConflict((oc) => oc.columns(['company_id', 'direction', 'uuid']).doNothing()).returning('id').executeTakeFirst();
  return Boolean(inserted);
}

/** Pulls a company's new incoming documents; stores each, then marks the stored ones read. */
export async function pullCompany(services: Services, companyId: number): Promise<{ received: number; skipped: number }> {
  const settings = await inTenant(services.db, companyId, (trx) => loadSettings(trx as never, services, companyId));
  if (!settings.enabled) return { received: 0, skipped: 0 };
  const port = portOf(settings, services);
  const now = services.now();
  const from = istanbulDay(new Date(now.getTime() - INBOX_DAYS * 86_400_000));
  const to = istanbulDay(now);
  let received = 0;
  let skipped = 0;
  for (const documentType of ['INVOICE', 'DESPATCHADVICE'] as DocumentType[]) {
    const items = await port.inbox({ documentType, from, to, unreadOnly: true, limit: 100 });
    const stored: string[] = [];
    for (const item of items) {
      const isNew = await inTenant(services.db, companyId, (trx) => store(trx as unknown as Db, companyId, item, services.now()));
      if (isNew) received += 1;
      else skipped += 1;
      stored.push(item.uuid);
    }
    if (stored.length) await port.markRead(documentType, stored);
  }
  return { received, skipped };
}

const pull: Handler = async (ctx) => {
  const auth = requireAuth(ctx);
  const settings = await loadSettings(tables<EdocumentTables>(ctx) as never, ctx.services, auth.companyId);
  if (!settings.enabled) throw problems.conflict('Şirket için e-belge kullanımı açık değil: e-belge ayarlarından açın.', 'EDOC_DISABLED');
  // The integrator is called after this request's transaction (each document is stored in its
  // own); the answer object is filled in before it is sent.
  const out: Record<string, unknown> = { received: 0, skipped: 0 };
  ctx.afterwards(async (_db, committed) => {
    if (!committed) return;
    try {
      Object.assign(out, await pullCompany(ctx.services, auth.companyId));
    } catch (e) {
      const p = integratorProblem(e, 'Gelen belgeler alınamadı');
      ctx.setStatus(p.status);
      ctx.setHeader('content-type', 'application/problem+json');
      for (const k of Object.keys(out)) delete out[k];
      Object.assign(out, p.body);
    }
  });
  return out;
};

function actorOf(ctx: RequestContext) {
  const auth = requireAuth(ctx);
  return { db: tables<EdocumentTables>(ctx) as unknown as Db, companyId: auth.companyId, login: auth.login };
}

async function incomingInvoice(ctx: RequestContext): Promise<Row> {
  const a = actorOf(ctx);
  const row = await getDoc(a.db, a.companyId, Number((ctx.params as { id: number }).id));
  if (!row || row.direction !== 'INCOMING' || row.category === 'EDESPATCH') throw problems.notFound('Gelen e-fatura');
  return row;
}

const toPurchase: Handler = async (ctx) => {
  const a = actorOf(ctx);
  const row = await incomingInvoice(ctx);
  // Two clicks make one purchase invoice.
  await a.db.selectFrom('edoc_documents').select('id').where('company_id', '=', a.companyId).where('id', '=', row.id).forUpdate().execute();
  const fresh = (await getDoc(a.db, a.companyId, row.id))!;
  if (fresh.purchase_invoice_id !== null) throw problems.conflict('Bu e-faturadan zaten bir alış faturası oluşturuldu.', 'EDOC_ALREADY_CONVERTED');
  if (!fresh.xml) throw problems.conflict('Belgenin XML\'i yok.', 'EDOC_NO_XML');
  let parsed;
  try {
    parsed = parseUbl(fresh.xml);
  } catch (e) {
    if (e instanceof UblParseError) throw problems.conflict(`Belge okunamadı: ${e.message}`, 'EDOC_UNREADABLE');
    throw e;
  }
  const service = ctx.services.service<DocumentsService>(DOCUMENTS_SERVICE);
  const made = await service.purchaseDraft(a.db, a.companyId, a.login, {
    supplier: { taxNumber: parsed.supplier.vknTckn, name: parsed.supplier.name ?? fresh.party_title ?? 'Tedarikçi', taxOffice: parsed.supplier.taxOffice, address: parsed.supplier.street, email: parsed.supplier.email },
    documentNo: parsed.id, date: parsed.issueDate, currency: parsed.currency || 'TRY', rate: parsed.exchangeRate,
    explanation: `e-Fatura ${parsed.id} (ETTN ${parsed.uuid})`,
    lines: parsed.lines.map((l) => ({
      name: l.name, barcode: l.gtin ? l.gtin.replace(/^0(?=\d{13}$)/, '') : l.barcode, sellerCode: l.sellerCode ?? l.buyerCode, quantity: l.quantity,
      unitCode: l.unitCode, unitPrice: l.unitPrice, taxPercent: l.taxPercent, discount: new Decimal(l.discount || 0).gt(0) ? l.discount : null,
    })),
  });
  const now = ctx.services.now();
  const h = parseJson<{ at: string; status: string; note?: string | null }[]>(fresh.history, []);
  h.push({ at: now.toISOString(), status: fresh.status, note: `Taslak alış faturası oluşturuldu (#${made.invoiceId}).` });
  await a.db.updateTable('edoc_documents').set({ purchase_invoice_id: made.invoiceId, updated_at: now, history: JSON.stringify(h) })
    .where('company_id', '=', a.companyId).where('id', '=', fresh.id).execute();
  ctx.audit({ action: 'edocument.purchaseDrafted', entity: 'edocument', entityId: fresh.id, detail: { invoiceId: made.invoiceId, newCurrent: made.newCurrent, newProducts: made.newProducts } });
  return docView((await getDoc(a.db, a.companyId, fresh.id))!);
};

const respond: Handler = async (ctx) => {
  const a = actorOf(ctx);
  const row = await incomingInvoice(ctx);
  const b = ctx.body as { answer: 'KABUL' | 'RED'; note?: string | null };
  if (row.profile !== 'TICARIFATURA' || row.category !== 'EINVOICE') throw problems.conflict('Yalnız ticari faturaya (TICARIFATURA) kabul veya red yanıtı verilir.', 'EDOC_NOT_COMMERCIAL');
  if (row.answer) throw problems.conflict(`Bu faturaya zaten yanıt verildi (${row.answer}).`, 'EDOC_ANSWERED');
  if (row.imported) throw problems.conflict('Entegratör dışından alınan belgeye yanıt verilemez.', 'EDOC_NOT_COMMERCIAL');
  const now = ctx.services.now();
  if (now.getTime() - new Date(row.created_at).getTime() > ANSWER_DAYS * 86_400_000) {
    throw problems.conflict(`Ticari faturaya alındıktan sonra ${ANSWER_DAYS} gün içinde yanıt verilebilir; süre doldu.`, 'EDOC_ANSWER_LATE');
  }
  const settings = await loadSettings(a.db as never, ctx.services, a.companyId);
  // The integrator is called after this transaction (never inside one: on the embedded engine the
  // sandbox shares its one connection); the answer is recorded only once the integrator took it.
  const out: Record<string, unknown> = docView(row);
  ctx.afterwards(async (_db, committed) => {
    if (!committed) return;
    try {
      await portOf(settings, ctx.services).respond({ uuid: row.uuid, answer: b.answer, note: b.note ?? null });
    } catch (e) {
      if (!(e instanceof IntegratorError)) throw e;
      ctx.setStatus(e.retryable ? 502 : 409);
      ctx.setHeader('content-type', 'application/problem+json');
      for (const k of Object.keys(out)) delete out[k];
      Object.assign(out, {
        type: 'about:blank', title: 'Yanıt iletilemedi', status: e.retryable ? 502 : 409,
        detail: `Yanıt entegratöre iletilemedi: ${e.message}`, code: e.retryable ? 'INTEGRATOR_UNAVAILABLE' : 'EDOC_ANSWER_REFUSED',
      });
      return;
    }
    const at = ctx.services.now();
    const updated = await inTenant(ctx.services.db, a.companyId, async (trx) => {
      const db = trx as unknown as Db;
      const h = parseJson<{ at: string; status: string; note?: string | null }[]>(row.history, []);
      h.push({ at: at.toISOString(), status: row.status, note: `${b.answer === 'KABUL' ? 'Kabul' : 'Red'} yanıtı verildi.${b.note ? ` ${b.note}` : ''}` });
      await db.updateTable('edoc_documents').set({ answer: b.answer, answered_at: at, updated_at: at, history: JSON.stringify(h) })
        .where('company_id', '=', a.companyId).where('id', '=', row.id).execute();
      return (await getDoc(db, a.companyId, row.id))!;
    });
    Object.assign(out, docView(updated));
  });
  ctx.audit({ action: 'edocument.answered', entity: 'edocument', entityId: row.id, detail: { answer: b.answer } });
  return out;
};

export const incomingHandlers: Record<string, Handler> = {
  pullEDocuments: pull, incomingEInvoiceToPurchase: toPurchase, incomingEInvoiceRespond: respond,
};
