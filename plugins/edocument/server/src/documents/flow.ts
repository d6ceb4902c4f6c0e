import { randomUUID } from 'node:crypto';
import Decimal from 'decimal.js';
import { sql, type Kysely, type Selectable } from 'kysely';
import { inTenant, Problem, problems, type KernelTables, type Services } from '@tezgah/server';
import type { DespatchSource, DocumentsService, InvoiceSource } from '@tezgah/accounting-server';
import { EARCHIVE_CANCEL_DAYS, EARCHIVE_CANCEL_WARNING, EDOC_STEP, type InvoiceProfile, type InvoiceTypeCode } from '@tezgah/edocument-common';
import { buildDespatch, buildInvoice, validateUbl } from '../ubl/index';
import { IntegratorError, izibizClient, type IntegratorPort } from '../integrator/index';
import { companyIdentity, companyProblems, defaultPrefix, gibAliases, loadSettings, nextNumber, type EdocSettings } from '../settings/index';
import type { EDocCategory, EDocStatus, EdocumentTables, HistoryEntry, Problem as DocProblem } from '../schema';
import { choiceProblems, despatchInput, draftNumber, impliedType, invoiceInput, partyProblems, transportOf, transportProblems, type SendChoice } from './build';

/**
 * The outgoing e-document's life (seeds 001 §4): CHECK makes or remakes it in CONTROL with the
 * problems to fix (the XML generated and validated against GİB's XSDs and schematron), APPROVE
 * moves a clean check to PREVIEW, SEND gives it its number (once) and its frozen XML and writes an
 * outbox row in the same transaction (SENDING). The worker (`workDue`, run right after the commit,
 * when a person looks at a SENDING document, and every minute by the `edocument.work` job) hands
 * the outbox to the integrator and polls the status:
 * - a timeout or an unreachable integrator is retried with backoff; before any retry the worker
 *   asks the integrator whether it already holds the ETTN (a timeout does not say whether the
 *   document arrived), and a "duplicate UUID" answer counts as arrived: never sent twice;
 * - a refusal (schematron, invalid) is FAILURE with the integrator's reason; RESEND sends it again
 *   under the same number and ETTN once fixed;
 * - no final answer by the deadline (TEZGAH_EDOC_DEADLINE_HOURS, 24) is UNKNOWN with what to do.
 */

export type Db = Kysely<EdocumentTables & KernelTables>;
export const DOCUMENTS_SERVICE = 'accounting.documents';

/** The plugin's timings, from the server's configuration (README: Configuration, TEZGAH_EDOC_*). */
export function timings(services: Pick<Services, 'config'>) {
  const env = services.config.env ?? {};
  return {
    retryBase: Math.max(0.2, Number(env.TEZGAH_EDOC_RETRY_SECONDS) || 30),
    pollBase: Math.max(0.2, Number(env.TEZGAH_EDOC_POLL_SECONDS) || 20),
    deadlineHours: Math.max(0.001, Number(env.TEZGAH_EDOC_DEADLINE_HOURS) || 24),
    timeoutMs: Math.max(100, Number(env.TEZGAH_EDOC_TIMEOUT_MS) || 20_000),
  };
}
export const MAX_SEND_ATTEMPTS = 12;
const CLAIM_MS = 5 * 60_000;

const later = (now: Date, seconds: number) => new Date(now.getTime() + seconds * 1000);
/** Seconds before attempt n+1 after n failed ones: base, 2×base, 4×base ... at most 30 minutes. */
export const backoff = (n: number, base: number) => Math.min(base * 2 ** Math.max(0, n - 1), 30 * 60);

export type Row = Selectable<EdocumentTables['edoc_documents']>;

export function parseJson<T>(v: unknown, fallback: T): T {
  if (v === null || v === undefined) return fallback;
  return (typeof v === 'string' ? JSON.parse(v) : v) as T;
}

/** The API's EDocument. */
export function docView(r: Row) {
  const problemsOf = parseJson<DocProblem[]>(r.problems, []);
  const history = parseJson<HistoryEntry[]>(r.history, []);
  const total = r.total === null ? null : Number(r.total);
  const rate = r.exchange_rate === null ? null : new Decimal(r.exchange_rate);
  return {
    id: Number(r.id), direction: r.direction, type: r.category, uuid: r.uuid.toUpperCase(), documentNo: r.document_no, prefix: r.prefix, profile: r.profile,
    scenarioType: r.profile, invoiceTypeCode: r.type_code, issueDate: r.issue_date, createdDate: new Date(r.created_at).toISOString(),
    partyTitle: r.party_title, partyIdentifier: r.party_identifier, total, currency: r.currency,
    totalTry: total === null ? null : (r.currency && r.currency !== 'TRY' && rate ? new Decimal(r.total!).times(rate).toDecimalPlaces(2).toNumber() : total),
    status: r.status, step: EDOC_STEP[r.status], statusReason: r.status_reason, integrator: r.integrator, receiverTag: r.receiver_tag, senderTag: r.sender_tag,
    email: r.email, invoiceId: r.invoice_id === null ? null : Number(r.invoice_id), despatchId: r.despatch_id === null ? null : Number(r.despatch_id),
    purchaseInvoiceId: r.purchase_invoice_id === null ? null : Number(r.purchase_invoice_id), answer: r.answer,
    answerRequired: r.direction === 'INCOMING' && r.profile === 'TICARIFATURA' && r.category === 'EINVOICE' && !r.answer && !r.imported,
    problems: problemsOf, gibCode: r.gib_code, integratorCode: r.integrator_code,
    sentAt: r.sent_at ? new Date(r.sent_at).toISOString() : null, attempts: r.attempts, history, imported: r.imported,
    options: parseJson<Options>(r.options, {}),
  };
}
export type EDocumentView = ReturnType<typeof docView>;

export const VIEW_COLUMNS = [
  'id', 'company_id', 'direction', 'category', 'uuid', 'document_no', 'prefix', 'profile', 'type_code', 'issue_date', 'status', 'status_reason', 'party_title',
  'party_identifier', 'total', 'currency', 'exchange_rate', 'integrator', 'receiver_tag', 'sender_tag', 'email', 'invoice_id', 'despatch_id', 'purchase_invoice_id',
  'answer', 'answered_at', 'problems', 'options', 'gib_code', 'integrator_code', 'imported', 'attempts', 'sent_at', 'next_check_at', 'deadline_at', 'history', 'created_at', 'updated_at',
] as const;

export async function getDoc(db: Db, companyId: number, id: number): Promise<Row | undefined> {
  return await db.selectFrom('edoc_documents').select([...VIEW_COLUMNS, 'xml', 'html']).where('company_id', '=', companyId).where('id', '=', id).executeTakeFirst() as Row | undefined;
}

export async function docOfSource(db: Db, companyId: number, source: { invoiceId?: number; despatchId?: number }): Promise<Row | undefined> {
  let q = db.selectFrom('edoc_documents').select([...VIEW_COLUMNS, 'xml', 'html']).where('company_id', '=', companyId).where('direction', '=', 'OUTGOING');
  q = source.invoiceId !== undefined ? q.where('invoice_id', '=', source.invoiceId) : q.where('despatch_id', '=', source.despatchId!);
  return await q.orderBy(sql`status = 'CANCEL'`).orderBy('id', 'desc').limit(1).executeTakeFirst() as Row | undefined;
}

function history(r: Row | undefined, status: EDocStatus, at: Date, note?: string | null): string {
  const h = r ? parseJson<HistoryEntry[]>(r.history, []) : [];
  const last = h[h.length - 1];
  if (!last || last.status !== status || (note && last.note !== note)) h.push({ at: at.toISOString(), status, note: note ?? null });
  return JSON.stringify(h.slice(-50));
}

export function portOf(settings: EdocSettings, services: Pick<Services, 'config'>): IntegratorPort {
  return izibizClient({ ...settings.integratorSettings, timeoutMs: timings(services).timeoutMs });
}

export interface Actor { db: Db; services: Services; companyId: number; login: string | null }

export type Family = 'EINVOICE' | 'EARCHIVE' | 'EDESPATCH';
export interface Options {
  profile?: string; invoiceTypeCode?: string; receiverTag?: string | null; prefix?: string | null; email?: string | null; note?: string | null;
  carrierVknTckn?: string | null; carrierName?: string | null; driverFirstName?: string | null; driverFamilyName?: string | null; driverTckn?: string | null; plate?: string | null;
}

/** What was chosen before, with what is chosen now on top (a field sent as null clears it). */
function merged(existing: Row | undefined, o: Options): Options {
  return { ...parseJson<Options>(existing?.options, {}), ...o };
}

interface Prepared {
  options: Options;
  category: EDocCategory;
  choice: SendChoice;
  problems: DocProblem[];
  xml: string | null;
  issueDate: string;
  party: { title: string; identifier: string | null };
  total: string | null;
  currency: string | null;
  rate: string | null;
}

function documents(services: Services): DocumentsService {
  return services.service<DocumentsService>(DOCUMENTS_SERVICE);
}

async function loadSource(a: Actor, family: Family, id: number): Promise<InvoiceSource | DespatchSource> {
  const docs = documents(a.services);
  if (family === 'EDESPATCH') {
    const des = await docs.despatch(a.db, a.companyId, id);
    if (!des) throw problems.notFound('İrsaliye');
    if (des.direction !== 'OUT') throw problems.conflict('Yalnız giden irsaliye e-İrsaliye olarak gönderilir.', 'EDOC_NOT_OUTGOING');
    if (des.status !== 'ACTIVE') throw problems.conflict('İptal edilmiş irsaliye gönderilemez.', 'EDOC_SOURCE_CANCELLED');
    return des;
  }
  const inv = await docs.invoice(a.db, a.companyId, id);
  if (!inv) throw problems.notFound('Fatura');
  // What the company issues: its sales, and the return invoices of goods it sends back to a
  // supplier (IADE). A purchase comes from the seller; a sales return's document from the buyer.
  if (inv.invoiceType !== 'SALE' && inv.invoiceType !== 'BUYING_RETURN') {
    throw problems.conflict(inv.invoiceType === 'SALE_RETURN'
      ? 'Satış iadesinin belgesi alıcınındır (onun IADE faturası); şirket bu iadeyi e-belge olarak göndermez.'
      : 'Yalnız satış faturası ve alış iadesi e-Fatura veya e-Arşiv olarak gönderilir; alış faturası satıcıdan gelir.', 'EDOC_NOT_OUTGOING');
  }
  if (inv.status === 'DRAFT') throw problems.conflict('Taslak fatura gönderilemez; önce faturayı kaydedin.', 'EDOC_SOURCE_DRAFT');
  if (inv.status === 'CANCELLED') throw problems.conflict('İptal edilmiş fatura gönderilemez.', 'EDOC_SOURCE_CANCELLED');
  return inv;
}

function istanbulTime(d: Date): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Istanbul', hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false }).format(d);
}

/**
 * Decides category, profile, type, tags, series for a source and checks every rule, then (when
 * the rules hold) builds the XML under `ids` and validates it. Nothing is written.
 */
async function prepare(a: Actor, family: Family, source: InvoiceSource | DespatchSource, settings: EdocSettings, o: Options, ids: { uuid: string; id: string | null }, existing: Row | undefined): Promise<Prepared> {
  const company = await companyIdentity(a.db, a.companyId);
  const out: DocProblem[] = [];
  if (!settings.enabled) out.push({ source: 'RULE', field: 'settings.enabled', message: 'Şirket için e-belge gönderimi açık değil: e-belge ayarlarından açın.' });
  out.push(...companyProblems(company, settings).map((p) => ({ ...p, message: p.message })));
  const customer = source.customer;
  const port = portOf(settings, a.services);
  const isDespatch = family === 'EDESPATCH';
  const docType = isDespatch ? 'DESPATCHADVICE' : 'INVOICE';
  let aliases: { alias: string; unit: 'GB' | 'PK' }[] = [];
  if (customer.taxNumber && /^[0-9]{10,11}$/.test(customer.taxNumber)) {
    try {
      aliases = await gibAliases(a.db as never, port, customer.taxNumber, docType);
    } catch (e) {
      if (!(e instanceof IntegratorError)) throw e;
      throw new Problem(502, 'Entegratöre ulaşılamadı', { detail: `Alıcının GİB kaydı sorgulanamadı: ${e.message}`, code: 'INTEGRATOR_UNAVAILABLE' });
    }
  }
  const pk = aliases.filter((x) => x.unit === 'PK').map((x) => x.alias);
  const registered = pk.length > 0;
  let category: EDocCategory;
  if (isDespatch) category = 'EDESPATCH';
  else if (family === 'EARCHIVE') category = registered ? 'EINVOICE' : 'EARCHIVE';
  else category = registered ? 'EINVOICE' : 'EARCHIVE';
  if (family === 'EARCHIVE' && registered) {
    out.push({ source: 'RULE', field: 'profile', message: 'Alıcı GİB e-Fatura kayıtlı kullanıcısı: fatura e-Arşiv değil e-Fatura olarak gönderilmeli.' });
  }
  if (isDespatch && !registered) out.push({ source: 'RULE', field: 'receiverTag', message: 'Alıcı e-İrsaliye kayıtlı kullanıcısı değil: e-İrsaliye gönderilemez.' });
  const inv = isDespatch ? null : (source as InvoiceSource);
  const kind = category === 'EDESPATCH' ? 'EDESPATCH' : category;
  // The series is the kind's own: a document checked as e-Arşiv whose buyer registered with GİB
  // before the send goes out as an e-Fatura, numbered from an e-Fatura series, never from the
  // e-Arşiv one the check chose (GİB numbers each kind's documents in their own series).
  const seriesOf = async (p: string) => (await a.db.selectFrom('edoc_prefixes').select('kind').where('company_id', '=', a.companyId).where('prefix', '=', p).execute()).map((r) => r.kind as string);
  let prefix = o.prefix ?? existing?.prefix ?? null;
  if (prefix && existing && existing.category !== category) {
    const kinds = await seriesOf(prefix);
    if (kinds.length && !kinds.includes(kind)) prefix = null;
  }
  prefix ??= await defaultPrefix(a.db as never, a.companyId, kind);
  if (prefix) {
    const kinds = await seriesOf(prefix);
    if (kinds.length && !kinds.includes(kind)) {
      const names: Record<string, string> = { EINVOICE: 'e-Fatura', EARCHIVE: 'e-Arşiv', EDESPATCH: 'e-İrsaliye' };
      out.push({ source: 'RULE', field: 'prefix', message: `${prefix} bir ${names[kinds[0]!] ?? kinds[0]} serisi; ${names[kind] ?? kind} bu seriden numara alamaz.` });
    }
  }
  const receiverTag = o.receiverTag !== undefined && o.receiverTag !== null
    ? o.receiverTag
    : (existing?.receiver_tag && pk.includes(existing.receiver_tag) ? existing.receiver_tag : (pk[0] ?? null));
  if (receiverTag && registered && !pk.includes(receiverTag)) out.push({ source: 'RULE', field: 'receiverTag', message: `Alıcı etiketi ${receiverTag} alıcının GİB posta kutularından biri değil.` });
  const profile = (category === 'EARCHIVE' ? 'EARSIVFATURA' : (o.profile && o.profile !== 'EARSIVFATURA' ? o.profile : (existing?.profile && existing.profile !== 'EARSIVFATURA' ? existing.profile : 'TEMELFATURA'))) as InvoiceProfile;
  // A return invoice is IADE whatever was asked (GİB: it names the invoice it returns).
  const type = (isDespatch ? 'SATIS' : inv!.invoiceType === 'BUYING_RETURN' ? 'IADE' : (o.invoiceTypeCode ?? existing?.type_code ?? impliedType(inv!))) as InvoiceTypeCode;
  if (inv?.invoiceType === 'BUYING_RETURN' && !inv.returnOf?.documentNo) {
    out.push({ source: 'RULE', field: 'returnOf', message: 'İade edilen alış faturasının numarası girilmemiş: IADE faturası iade edilen faturanın numarasını taşımalı; alış faturasına tedarikçinin numarasını yazın.' });
  }
  const choice: SendChoice = {
    category: category === 'EDESPATCH' ? 'EINVOICE' : category, profile, type,
    receiverTag: category === 'EARCHIVE' ? null : receiverTag,
    senderTag: isDespatch ? (settings.despatchSenderTag ?? settings.senderTag) : settings.senderTag,
    prefix, email: o.email !== undefined ? o.email : (existing?.email ?? customer.email ?? null),
    earchiveSendType: settings.earchiveSendType, note: o.note ?? null,
  };
  out.push(...partyProblems(customer, customer.kind === 'COMPANY'));
  out.push(...choiceProblems(choice, isDespatch ? 'DESPATCH' : 'INVOICE'));
  if (isDespatch) out.push(...transportProblems(customer, o));
  const issueDate = source.date;
  let xml: string | null = null;
  if (!out.length) {
    const number = ids.id ?? draftNumber(prefix, issueDate);
    const time = istanbulTime(a.services.now());
    try {
      xml = isDespatch
        ? buildDespatch(despatchInput(source as DespatchSource, company, { uuid: ids.uuid, id: number }, time, o.note ?? null, transportOf(o)))
        : buildInvoice(invoiceInput(inv!, company, choice, { uuid: ids.uuid, id: number }, time));
    } catch (e) {
      out.push({ source: 'RULE', message: e instanceof Error ? e.message : String(e), field: null });
    }
    if (xml) {
      const issues = await validateUbl(xml, { earchive: category === 'EARCHIVE' });
      for (const i of issues) out.push({ source: i.source === 'XML' ? 'XML' : i.source, message: i.message, detail: i.detail ?? null, field: null });
    }
  }
  return {
    options: o, category, choice, problems: out, xml, issueDate,
    party: { title: customer.name, identifier: customer.taxNumber },
    total: inv ? inv.payable : null, currency: inv ? inv.currency : null, rate: inv && inv.currency !== 'TRY' ? inv.rate : null,
  };
}

function sourceKey(family: Family, id: number) {
  return family === 'EDESPATCH' ? { despatchId: id } : { invoiceId: id };
}

/** Writes the check's outcome: CONTROL with its problems (a new ETTN the first time). */
async function saveCheck(a: Actor, family: Family, sourceId: number, p: Prepared, uuid: string, existing: Row | undefined, settings: EdocSettings): Promise<Row> {
  const now = a.services.now();
  const values = {
    category: p.category, prefix: p.choice.prefix, profile: family === 'EDESPATCH' ? 'TEMELIRSALIYE' : p.choice.profile,
    type_code: family === 'EDESPATCH' ? 'SEVK' : p.choice.type, issue_date: p.issueDate, status: 'CONTROL' as const,
    status_reason: p.problems.length ? `${p.problems.length} sorun düzeltilmeli.` : null,
    party_title: p.party.title, party_identifier: p.party.identifier, total: p.total, currency: p.currency, exchange_rate: p.rate,
    integrator: settings.integrator, receiver_tag: p.choice.receiverTag, sender_tag: p.choice.senderTag, email: p.category === 'EARCHIVE' ? p.choice.email : null,
    problems: JSON.stringify(p.problems), xml: p.xml, html: null, updated_at: now, options: JSON.stringify(p.options),
  };
  if (existing) {
    await a.db.updateTable('edoc_documents').set({ ...values, history: history(existing, 'CONTROL', now) })
      .where('company_id', '=', a.companyId).where('id', '=', existing.id).execute();
    return (await getDoc(a.db, a.companyId, existing.id))!;
  }
  const made = await a.db.insertInto('edoc_documents').values({
    company_id: a.companyId, direction: 'OUTGOING', uuid, ...values,
    invoice_id: family === 'EDESPATCH' ? null : sourceId, despatch_id: family === 'EDESPATCH' ? sourceId : null,
    history: history(undefined, 'CONTROL', now), created_at: now,
  }).returning('id').executeTakeFirstOrThrow();
  return (await getDoc(a.db, a.companyId, Number(made.id)))!;
}

/** Locks the source's live e-document row (two clicks on "send" queue one document). */
async function lockedDoc(a: Actor, family: Family, sourceId: number): Promise<Row | undefined> {
  const key = family === 'EDESPATCH' ? 'despatch_id' : 'invoice_id';
  await sql`select pg_advisory_xact_lock(hashtext(${`edoc:${a.companyId}:${key}:${sourceId}`}))`.execute(a.db);
  const r = await docOfSource(a.db, a.companyId, sourceKey(family, sourceId));
  return r && r.status !== 'CANCEL' ? r : undefined;
}

export async function check(a: Actor, family: Family, sourceId: number, o: Options): Promise<Row> {
  const existing = await lockedDoc(a, family, sourceId);
  if (existing && !['CONTROL', 'PREVIEW'].includes(existing.status)) {
    throw problems.conflict('Gönderilmiş bir e-belge yeniden kontrol edilemez.', 'EDOC_ALREADY_SENT');
  }
  const source = await loadSource(a, family, sourceId);
  const settings = await loadSettings(a.db as never, a.services, a.companyId);
  const uuid = existing?.uuid.toUpperCase() ?? randomUUID().toUpperCase();
  const p = await prepare(a, family, source, settings, merged(existing, o), { uuid, id: null }, existing);
  return saveCheck(a, family, sourceId, p, uuid, existing, settings);
}

export async function approve(a: Actor, family: Family, sourceId: number): Promise<Row> {
  const existing = await lockedDoc(a, family, sourceId);
  if (!existing) throw problems.conflict('Önce belgeyi kontrol edin.', 'EDOC_NOT_CHECKED');
  if (existing.status === 'PREVIEW') return existing;
  if (existing.status !== 'CONTROL') throw problems.conflict('Yalnız kontrol adımındaki belge onaylanır.', 'EDOC_ALREADY_SENT');
  if (parseJson<DocProblem[]>(existing.problems, []).length || !existing.xml) {
    throw problems.conflict('Belgede düzeltilmesi gereken sorunlar var; düzeltip yeniden kontrol edin.', 'EDOC_INVALID');
  }
  const now = a.services.now();
  await a.db.updateTable('edoc_documents').set({ status: 'PREVIEW', status_reason: null, updated_at: now, history: history(existing, 'PREVIEW', now) })
    .where('company_id', '=', a.companyId).where('id', '=', existing.id).execute();
  return (await getDoc(a.db, a.companyId, existing.id))!;
}

/** Takes an unsent document back to edit: it is removed (a new check starts afresh). */
export async function edit(a: Actor, family: Family, sourceId: number): Promise<null> {
  const existing = await lockedDoc(a, family, sourceId);
  if (!existing) return null;
  if (!['CONTROL', 'PREVIEW'].includes(existing.status)) throw problems.conflict('Gönderilmiş e-belge düzenlemeye alınamaz.', 'EDOC_ALREADY_SENT');
  await a.db.deleteFrom('edoc_documents').where('company_id', '=', a.companyId).where('id', '=', existing.id).execute();
  return null;
}

/**
 * Sends (or re-sends after FAILURE / UNKNOWN): checks again, gives the number once, freezes the
 * XML and writes the outbox row in this transaction. A document already SENDING or SUCCESS is
 * answered as it is (two clicks send one document).
 */
export async function send(a: Actor, family: Family, sourceId: number, o: Options, opts: { resend?: boolean } = {}): Promise<{ row: Row; queued: boolean }> {
  const existing = await lockedDoc(a, family, sourceId);
  if (existing && (existing.status === 'SENDING' || existing.status === 'SUCCESS')) return { row: existing, queued: false };
  if (opts.resend && (!existing || !['FAILURE', 'UNKNOWN'].includes(existing.status))) {
    throw problems.conflict('Yalnız hatalı veya durumu bilinmeyen belge yeniden gönderilir.', 'EDOC_NOT_RESENDABLE');
  }
  const source = await loadSource(a, family, sourceId);
  const settings = await loadSettings(a.db as never, a.services, a.companyId);
  const uuid = existing?.uuid.toUpperCase() ?? randomUUID().toUpperCase();
  o = merged(existing, o);
  const draft = await prepare(a, family, source, settings, o, { uuid, id: existing?.document_no ?? null }, existing);
  if (draft.problems.length) {
    if (existing && ['FAILURE', 'UNKNOWN'].includes(existing.status)) {
      // A sent document keeps its status; the problems are shown beside it.
      await a.db.updateTable('edoc_documents').set({ problems: JSON.stringify(draft.problems), updated_at: a.services.now() })
        .where('company_id', '=', a.companyId).where('id', '=', existing.id).execute();
      return { row: (await getDoc(a.db, a.companyId, existing.id))!, queued: false };
    }
    return { row: await saveCheck(a, family, sourceId, draft, uuid, existing, settings), queued: false };
  }
  // The number: given once, kept through every resend (the category may not change once numbered).
  let number = existing?.document_no ?? null;
  if (number && existing && existing.category !== draft.category) {
    throw problems.conflict('Numaralanmış belgenin türü (e-Fatura / e-Arşiv) değişemez.', 'EDOC_CATEGORY_CHANGED');
  }
  number ??= await nextNumber(a.db as never, a.companyId, draft.choice.prefix!, draft.issueDate);
  // One legal number: the invoice takes the e-document's number as its own, in this transaction
  // (its company-series number stays as its provisional number).
  if (family !== 'EDESPATCH') await documents(a.services).legalNumber(a.db, a.companyId, sourceId, number);
  const final = await prepare(a, family, source, settings, o, { uuid, id: number }, existing);
  if (final.problems.length || !final.xml) {
    // Only a failure of our own builder could get here: the number stays given, nothing is queued.
    throw problems.conflict(`Belge numarayla doğrulanamadı: ${final.problems.map((x) => x.message).join(' ')}`, 'EDOC_INVALID');
  }
  const now = a.services.now();
  let row = existing ?? await saveCheck(a, family, sourceId, final, uuid, undefined, settings);
  const reconcile = Boolean(existing && existing.status === 'UNKNOWN');
  await a.db.updateTable('edoc_documents').set({
    category: final.category, prefix: final.choice.prefix, profile: family === 'EDESPATCH' ? 'TEMELIRSALIYE' : final.choice.profile,
    type_code: family === 'EDESPATCH' ? 'SEVK' : final.choice.type, issue_date: final.issueDate,
    document_no: number, xml: final.xml, html: null, status: 'SENDING', status_reason: 'Entegratöre gönderilmek üzere sıraya alındı.',
    problems: '[]', receiver_tag: final.choice.receiverTag, sender_tag: final.choice.senderTag, email: final.category === 'EARCHIVE' ? final.choice.email : null,
    party_title: final.party.title, party_identifier: final.party.identifier, total: final.total, currency: final.currency, exchange_rate: final.rate,
    integrator: settings.integrator, sent_at: now, attempts: 0, next_check_at: null, deadline_at: later(now, timings(a.services).deadlineHours * 3600),
    gib_code: null, integrator_code: null, updated_at: now, options: JSON.stringify(o), history: history(row, 'SENDING', now, opts.resend ? 'Yeniden gönderildi.' : null),
  }).where('company_id', '=', a.companyId).where('id', '=', row.id).execute();
  await a.db.insertInto('edoc_outbox').values({
    company_id: a.companyId, document_id: row.id, action: 'SEND', payload: JSON.stringify({ reconcile }), next_attempt_at: now, created_at: now,
  }).execute();
  row = (await getDoc(a.db, a.companyId, row.id))!;
  return { row, queued: true };
}

/**
 * Cancel: an unsent document is discarded (CANCEL); a sent e-Arşiv invoice is cancelled at the
 * integrator through the outbox (past 7 days only with `confirmLate`); an e-Fatura is answered by
 * a return invoice instead; an e-İrsaliye cannot be withdrawn.
 */
export async function cancel(a: Actor, family: Family, sourceId: number, o: { note?: string | null; confirmLate?: boolean }): Promise<{ row: Row; queued: boolean }> {
  const existing = await lockedDoc(a, family, sourceId);
  if (!existing) throw problems.notFound('e-Belge');
  const now = a.services.now();
  if (existing.status === 'CONTROL' || existing.status === 'PREVIEW') {
    await a.db.updateTable('edoc_documents').set({ status: 'CANCEL', status_reason: o.note ?? 'Gönderilmeden vazgeçildi.', updated_at: now, history: history(existing, 'CANCEL', now, o.note) })
      .where('company_id', '=', a.companyId).where('id', '=', existing.id).execute();
    return { row: (await getDoc(a.db, a.companyId, existing.id))!, queued: false };
  }
  if (existing.category === 'EINVOICE') {
    throw problems.conflict('Gönderilmiş e-Fatura geri alınamaz; alıcıya bir iade faturası (IADE) düzenleyin ya da alıcı faturayı reddetsin.', 'EINVOICE_CANCEL_BY_RETURN');
  }
  if (existing.category === 'EDESPATCH') throw problems.conflict('Gönderilmiş e-İrsaliye geri alınamaz.', 'EDESPATCH_SENT');
  if (existing.status !== 'SUCCESS') throw problems.conflict('Yalnız başarıyla gönderilmiş e-Arşiv faturası iptal edilir.', 'EDOC_NOT_CANCELLABLE');
  const days = Math.floor((now.getTime() - Date.parse(`${existing.issue_date}T00:00:00Z`)) / 86_400_000);
  if (days > EARCHIVE_CANCEL_DAYS && !o.confirmLate) {
    throw problems.conflict(EARCHIVE_CANCEL_WARNING.tr, 'EARCHIVE_CANCEL_LATE');
  }
  const pending = await a.db.selectFrom('edoc_outbox').select('id').where('company_id', '=', a.companyId).where('document_id', '=', existing.id)
    .where('action', '=', 'CANCEL').where('status', '=', 'PENDING').executeTakeFirst();
  if (!pending) {
    await a.db.insertInto('edoc_outbox').values({
      company_id: a.companyId, document_id: existing.id, action: 'CANCEL', payload: JSON.stringify({ note: o.note ?? null }), next_attempt_at: now, created_at: now,
    }).execute();
  }
  await a.db.updateTable('edoc_documents').set({ status_reason: 'İptal isteği entegratöre iletiliyor.', updated_at: now })
    .where('company_id', '=', a.companyId).where('id', '=', existing.id).execute();
  return { row: (await getDoc(a.db, a.companyId, existing.id))!, queued: true };
}

// --- the worker -------------------------------------------------------------------------------------

interface Log { (msg: string, extra?: Record<string, unknown>): void }

/** Runs what is due: outbox rows, then status checks of SENDING documents (one company or all). */
export async function workDue(services: Services, opts: { companyId?: number; documentId?: number; log?: Log } = {}): Promise<{ outbox: number; polled: number }> {
  const now = services.now();
  let q = services.db.selectFrom('edoc_outbox' as never).select(['id', 'company_id'] as never)
    .where('status' as never, '=', 'PENDING' as never).where('next_attempt_at' as never, '<=', now as never)
    .where((w: any) => w.or([w('claimed_until', 'is', null), w('claimed_until', '<', now)]));
  if (opts.companyId !== undefined) q = q.where('company_id' as never, '=', opts.companyId as never);
  if (opts.documentId !== undefined) q = q.where('document_id' as never, '=', opts.documentId as never);
  const due = await (q as any).orderBy('next_attempt_at').orderBy('id').limit(100).execute() as { id: number; company_id: number }[];
  let outbox = 0;
  for (const r of due) {
    try {
      if (await processOutbox(services, Number(r.company_id), Number(r.id), opts.log)) outbox += 1;
    } catch (e) {
      opts.log?.('edocument outbox failed', { id: r.id, err: e instanceof Error ? e.message : String(e) });
    }
  }
  let p = services.db.selectFrom('edoc_documents' as never).select(['id', 'company_id'] as never)
    .where('status' as never, '=', 'SENDING' as never).where('next_check_at' as never, '<=', now as never);
  if (opts.companyId !== undefined) p = p.where('company_id' as never, '=', opts.companyId as never);
  if (opts.documentId !== undefined) p = p.where('id' as never, '=', opts.documentId as never);
  const checks = await (p as any).orderBy('next_check_at').limit(100).execute() as { id: number; company_id: number }[];
  let polled = 0;
  for (const r of checks) {
    try {
      if (await poll(services, Number(r.company_id), Number(r.id))) polled += 1;
    } catch (e) {
      opts.log?.('edocument status check failed', { id: r.id, err: e instanceof Error ? e.message : String(e) });
    }
  }
  return { outbox, polled };
}

/** The integrator's words for a person: what happened and what to do. */
function reasonOf(e: IntegratorError): string {
  switch (e.kind) {
    case 'TIMEOUT': return 'Entegratör zamanında yanıt vermedi; belgenin ulaşıp ulaşmadığı sorgulanıp gerekirse yeniden denenecek.';
    case 'UNAVAILABLE': return 'Entegratöre ulaşılamıyor; otomatik olarak yeniden denenecek.';
    case 'AUTH': return 'Entegratör kullanıcı adı veya şifresi kabul edilmedi: e-belge ayarlarını kontrol edin.';
    case 'SCHEMATRON': return `Entegratör belgeyi GİB kurallarına (şematron) uymadığı için reddetti: ${e.message}`;
    case 'LIMIT': return `Entegratör belgeyi boyut/adet sınırı nedeniyle reddetti: ${e.message}`;
    default: return `Entegratör belgeyi reddetti: ${e.message}`;
  }
}

async function claimOutbox(services: Services, id: number): Promise<any | null> {
  const now = services.now();
  const r = await sql<any>`
    update edoc_outbox set attempts = attempts + 1, claimed_until = ${new Date(now.getTime() + CLAIM_MS)}
     where id = ${id} and status = 'PENDING' and next_attempt_at <= ${now} and (claimed_until is null or claimed_until < ${now})
    returning id, company_id, document_id, action, payload, attempts`.execute(services.db);
  return r.rows[0] ?? null;
}

async function finishOutbox(db: Db, id: number, status: 'DONE' | 'FAILED' | 'PENDING', now: Date, error: string | null, nextAt?: Date) {
  await db.updateTable('edoc_outbox').set({
    status, claimed_until: null, last_error: error, done_at: status === 'PENDING' ? null : now, ...(nextAt ? { next_attempt_at: nextAt } : {}),
  }).where('id', '=', id).execute();
}

const integratorType = (r: Row): 'INVOICE' | 'DESPATCHADVICE' | 'EARCHIVE' => (r.category === 'EDESPATCH' ? 'DESPATCHADVICE' : r.category === 'EARCHIVE' ? 'EARCHIVE' : 'INVOICE');

export async function processOutbox(services: Services, companyId: number, outboxId: number, log?: Log): Promise<boolean> {
  const job = await claimOutbox(services, outboxId);
  if (!job) return false;
  const payload = parseJson<Record<string, unknown>>(job.payload, {});
  const { doc, settings } = await inTenant(services.db, companyId, async (trx) => ({
    doc: await getDoc(trx as unknown as Db, companyId, Number(job.document_id)),
    settings: await loadSettings(trx as never, services, companyId),
  }));
  if (!doc) {
    await finishOutbox(services.db as unknown as Db, outboxId, 'FAILED', services.now(), 'document missing');
    return true;
  }
  const port = portOf(settings, services);
  const attempts: number = Number(job.attempts);
  if (job.action === 'CANCEL') {
    try {
      await port.cancelEArchive({ uuid: doc.uuid, id: doc.document_no!, cancelDate: services.now().toISOString().slice(0, 10), total: new Decimal(doc.total ?? 0).toFixed(2), note: (payload.note as string) ?? null });
      const now = services.now();
      await inTenant(services.db, companyId, async (trx) => {
        const db = trx as unknown as Db;
        await db.updateTable('edoc_documents').set({ status: 'CANCEL', status_reason: 'e-Arşiv faturası entegratörde iptal edildi.', updated_at: now, history: history(doc, 'CANCEL', now) })
          .where('company_id', '=', companyId).where('id', '=', doc.id).execute();
        await finishOutbox(db, outboxId, 'DONE', now, null);
      });
    } catch (e) {
      await failedAttempt(services, companyId, outboxId, doc, e, attempts, log, false);
    }
    return true;
  }
  // SEND. Before any retry (and for a document whose fate is unknown) ask first: a timeout does not say whether it arrived.
  try {
    if (attempts > 1 || payload.reconcile) {
      const st = await port.status(integratorType(doc), doc.uuid);
      if (st.found) {
        await arrived(services, companyId, outboxId, doc, 'Entegratör belgeyi almış (önceki deneme zaman aşımına uğramıştı); yeniden gönderilmedi.');
        return true;
      }
    }
    if (doc.category === 'EARCHIVE') {
      await port.sendEArchive({ uuid: doc.uuid, id: doc.document_no!, xml: doc.xml!, email: doc.email, internet: false });
    } else if (doc.category === 'EDESPATCH') {
      await port.sendDespatch({ uuid: doc.uuid, id: doc.document_no!, xml: doc.xml!, senderAlias: doc.sender_tag!, receiverAlias: doc.receiver_tag!, receiverVkn: doc.party_identifier! });
    } else {
      await port.sendInvoice({ uuid: doc.uuid, id: doc.document_no!, xml: doc.xml!, senderAlias: doc.sender_tag!, receiverAlias: doc.receiver_tag!, receiverVkn: doc.party_identifier! });
    }
    await arrived(services, companyId, outboxId, doc, 'Entegratöre iletildi; GİB yanıtı bekleniyor.');
  } catch (e) {
    if (e instanceof IntegratorError && e.kind === 'DUPLICATE') {
      await arrived(services, companyId, outboxId, doc, 'Entegratör bu ETTN ile bir belgeyi zaten almış; yeniden gönderilmedi.');
      return true;
    }
    await failedAttempt(services, companyId, outboxId, doc, e, attempts, log, true);
  }
  return true;
}

async function arrived(services: Services, companyId: number, outboxId: number, doc: Row, reason: string) {
  const now = services.now();
  await inTenant(services.db, companyId, async (trx) => {
    const db = trx as unknown as Db;
    await db.updateTable('edoc_documents').set({ status_reason: reason, attempts: sql`attempts + 1` as never, next_check_at: now, updated_at: now })
      .where('company_id', '=', companyId).where('id', '=', doc.id).where('status', '=', 'SENDING').execute();
    await finishOutbox(db, outboxId, 'DONE', now, null);
  });
}

async function failedAttempt(services: Services, companyId: number, outboxId: number, doc: Row, e: unknown, attempts: number, log: Log | undefined, sending: boolean) {
  const now = services.now();
  const ie = e instanceof IntegratorError ? e : null;
  const message = e instanceof Error ? e.message : String(e);
  log?.('edocument integrator call failed', { document: doc.id, attempt: attempts, kind: ie?.kind, err: message });
  const retryable = ie ? ie.retryable : false;
  const pastDeadline = doc.deadline_at ? now.getTime() >= new Date(doc.deadline_at).getTime() : false;
  await inTenant(services.db, companyId, async (trx) => {
    const db = trx as unknown as Db;
    if (retryable && attempts < MAX_SEND_ATTEMPTS && !pastDeadline) {
      const next = later(now, backoff(attempts, timings(services).retryBase));
      await finishOutbox(db, outboxId, 'PENDING', now, message, next);
      if (sending) {
        await db.updateTable('edoc_documents').set({ status_reason: `${reasonOf(ie!)} (${attempts}. deneme)`, attempts, updated_at: now })
          .where('company_id', '=', companyId).where('id', '=', doc.id).execute();
      }
      return;
    }
    await finishOutbox(db, outboxId, 'FAILED', now, message);
    if (!sending) {
      await db.updateTable('edoc_documents').set({ status_reason: `İptal isteği başarısız: ${ie ? reasonOf(ie) : message}`, updated_at: now })
        .where('company_id', '=', companyId).where('id', '=', doc.id).execute();
      return;
    }
    const status: EDocStatus = retryable ? 'UNKNOWN' : 'FAILURE';
    const reason = retryable
      ? `Entegratöre ${attempts} denemede ulaşılamadı. Belgenin ETTN'si (${doc.uuid}) ile entegratör portalından durumunu kontrol edin; orada yoksa "Yeniden gönder" ile aynı numara ve ETTN ile gönderin.`
      : (ie ? reasonOf(ie) : `Gönderilemedi: ${message}`);
    await db.updateTable('edoc_documents').set({
      status, status_reason: reason, integrator_code: ie?.code ?? null, attempts, next_check_at: null, updated_at: now,
      problems: JSON.stringify(ie && !retryable ? [{ source: 'INTEGRATOR', message: reason, detail: ie.message, field: null }] : []),
      history: history(doc, status, now, reason),
    }).where('company_id', '=', companyId).where('id', '=', doc.id).execute();
  });
}

/** Asks the integrator for a SENDING document's status and records what it says. */
export async function poll(services: Services, companyId: number, documentId: number): Promise<boolean> {
  const now = services.now();
  // Claim the check: push next_check_at ahead so a second worker does not ask at the same time.
  const claimed = await sql<{ id: number }>`
    update edoc_documents set next_check_at = ${later(now, 120)}
     where id = ${documentId} and company_id = ${companyId} and status = 'SENDING' and next_check_at <= ${now}
     returning id`.execute(services.db);
  if (!claimed.rows.length) return false;
  const { doc, settings, pending } = await inTenant(services.db, companyId, async (trx) => ({
    doc: (await getDoc(trx as unknown as Db, companyId, documentId))!,
    settings: await loadSettings(trx as never, services, companyId),
    pending: await (trx as unknown as Db).selectFrom('edoc_outbox').select('id').where('company_id', '=', companyId).where('document_id', '=', documentId).where('status', '=', 'PENDING').executeTakeFirst(),
  }));
  if (pending) return false;
  const checks = Number(doc.attempts) + 1;
  let outcome: { status: EDocStatus; reason: string | null; gib: string | null; code: string | null; answer?: 'KABUL' | 'RED' | null } | null = null;
  try {
    const st = await portOf(settings, services).status(integratorType(doc), doc.uuid);
    if (!st.found) {
      outcome = { status: 'UNKNOWN', reason: `Entegratör bu ETTN'yi (${doc.uuid}) tanımıyor. "Yeniden gönder" ile aynı numara ve ETTN ile gönderin.`, gib: null, code: null };
    } else if (st.state === 'SUCCESS' || st.state === 'ACCEPTED' || st.state === 'REJECTED' || st.state === 'WAITING_ANSWER') {
      const answer = st.state === 'ACCEPTED' ? 'KABUL' : st.state === 'REJECTED' ? 'RED' : null;
      outcome = {
        status: 'SUCCESS', gib: st.gibCode, code: st.code, answer,
        reason: st.state === 'WAITING_ANSWER' ? 'GİB alıcıya iletti; alıcının kabul/red yanıtı bekleniyor.'
          : answer === 'RED' ? 'Alıcı faturayı reddetti (RED).' : answer === 'KABUL' ? 'Alıcı faturayı kabul etti (KABUL).' : (st.gibDescription ?? st.description ?? 'Başarıyla tamamlandı.'),
      };
    } else if (st.state === 'FAILURE') {
      outcome = { status: 'FAILURE', gib: st.gibCode, code: st.code, reason: `GİB belgeyi reddetti${st.gibCode ? ` (${st.gibCode})` : ''}: ${st.gibDescription ?? st.description ?? 'açıklama yok'}. Düzeltip "Yeniden gönder" ile gönderin.` };
    } else if (st.state === 'CANCELLED') {
      outcome = { status: 'CANCEL', gib: st.gibCode, code: st.code, reason: st.description ?? 'İptal edildi.' };
    }
  } catch (e) {
    if (!(e instanceof IntegratorError)) throw e;
  }
  const pastDeadline = doc.deadline_at ? now.getTime() >= new Date(doc.deadline_at).getTime() : false;
  if (!outcome && pastDeadline) {
    outcome = { status: 'UNKNOWN', gib: null, code: null, reason: `Entegratör ${timings(services).deadlineHours} saat içinde kesin bir yanıt vermedi. ETTN ${doc.uuid} ile entegratör portalından kontrol edin; "Durumu sorgula" ile yeniden sorabilirsiniz.` };
  }
  await inTenant(services.db, companyId, async (trx) => {
    const db = trx as unknown as Db;
    if (!outcome) {
      await db.updateTable('edoc_documents').set({ attempts: checks, next_check_at: later(now, Math.min(timings(services).pollBase * 2 ** Math.min(checks, 8), 30 * 60)), updated_at: now })
        .where('company_id', '=', companyId).where('id', '=', documentId).execute();
      return;
    }
    await db.updateTable('edoc_documents').set({
      status: outcome.status, status_reason: outcome.reason, gib_code: outcome.gib, integrator_code: outcome.code, attempts: checks,
      next_check_at: null, updated_at: now, history: history(doc, outcome.status, now, outcome.reason),
      ...(outcome.answer ? { answer: outcome.answer, answered_at: now } : {}),
    }).where('company_id', '=', companyId).where('id', '=', documentId).execute();
  });
  return true;
}

/** Starts due work for one document without holding the request (a person looking at it, a send just committed). */
export function kick(services: Services, companyId: number, documentId: number, log?: Log): void {
  const say: Log = log ?? ((msg, extra) => { if (process.env.TEZGAH_DEBUG_ERRORS === '1') console.error(msg, extra); });
  void workDue(services, { companyId, documentId, log: say }).catch((e) => say('edocument work failed', { err: e instanceof Error ? e.message : String(e) }));
}

/** Re-checks a SENDING or UNKNOWN document's status now (REFRESH). */
export async function refreshNow(a: Actor, row: Row): Promise<void> {
  if (row.status !== 'SENDING' && row.status !== 'UNKNOWN') return;
  const now = a.services.now();
  await a.db.updateTable('edoc_documents').set({
    status: 'SENDING', next_check_at: now, ...(row.status === 'UNKNOWN' ? { deadline_at: later(now, 3600), history: history(row, 'SENDING', now, 'Durumu yeniden soruldu.') } : {}),
  }).where('company_id', '=', a.companyId).where('id', '=', row.id).execute();
}
