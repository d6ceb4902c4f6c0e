import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { create } from 'xmlbuilder2';
import type { Kysely } from 'kysely';
import { SANDBOX_CONTROL, type Services } from '@tezgah/server';
import { ARCHIVE_NS, NotSoap, WSDL_NS, arr, attr, buildEnvelope, buildFault, parseEnvelope, text, type Parsed, type XmlObject } from './soap';
import { EARCHIVE_STATUSES, GIB_CODES, IN_STATUSES, OUT_STATUSES } from './status';
import { NotUbl, ublSummary, type UblSummary } from './ubl';
import { contentText, zipOne } from './zip';
import { istanbulDateTime } from './client';
import {
  aliasesOf, checkSwitches, closeSession, documentBySenderId, documentByUuid, documentsOf, listDocuments, openSession, randomUUID,
  readSwitches, recordAnswer, recordCancel, registerSandboxUser, resetSandboxSwitches, sessionUser, setRead, setSandboxSwitches,
  storeDocument, takeSwitch, type AliasRow, type DocKind, type DocRow, type NewDoc, type SandboxAlias, type Switches,
} from './world';
import type { DocumentType } from './types';

/**
 * The integrator sandbox: izibiz's SOAP services simulated over a small GİB world kept in the
 * database, served by our own server under /sandbox/edocument (ServerPlugin.sandbox):
 *
 *   POST /AuthenticationWS             Login, Logout, CheckUser, GetGibUserList
 *   POST /EInvoiceWS                   SendInvoice, GetInvoiceStatus, GetInvoice, MarkInvoice,
 *                                      SendInvoiceResponseWithServerSign
 *   POST /EIArchiveWS/EFaturaArchive   WriteToArchieveExtended (ArchiveInvoiceExtendedRequest),
 *                                      GetEArchiveInvoiceStatus, CancelEArchiveInvoice, ReadFromArchive
 *   POST /EIrsaliyeWS/EIrsaliye        SendDespatchAdvice, GetDespatchAdviceStatus, GetDespatchAdvice,
 *                                      MarkDespatchAdvice
 *
 * The operation is the body element's name. Users sign in with user name = their VKN/TCKN and any
 * non-empty password, so each company is its own integrator account; a document sent to a VKN
 * registered in the world lands in that VKN's inbox. Sends are idempotent by UUID (a UUID already
 * held answers 10009, unless that document failed at GİB: then it is replaced, as izibiz allows).
 *
 * JSON control routes (not the integrator's API; for a signed-in management user, as every
 * sandbox's control routes): GET/PUT/DELETE /control (the switches, see world.ts Switches),
 * POST /users (register a GİB user with aliases), GET /documents?uuid=&vkn=.
 */

const DAY_MS = 86_400_000;
const ANSWER_DAYS = 8;
const MAX_REQUEST_BYTES = 5 * 1024 * 1024;

interface Ctx {
  db: Kysely<any>;
  now: Date;
  sw: Switches;
  header: Parsed;
  /** The session's user (VKN/TCKN); '' for Login. */
  user: string;
  /** The request's size in bytes. */
  size: number;
}

interface Answer {
  content: XmlObject;
  /** Answer only after this many ms (timeout switches). */
  delayMs?: number;
}

type Op = (ctx: Ctx, body: Parsed) => Promise<Answer>;

const errorType = (code: string, description: string): XmlObject => ({ ERROR_TYPE: { INTL_TXN_ID: txnId(), ERROR_CODE: code, ERROR_SHORT_DES: description } });
const ok = (extra: XmlObject = {}): XmlObject => ({ REQUEST_RETURN: { INTL_TXN_ID: txnId(), RETURN_CODE: '0' }, ...extra });
let txnCounter = 0;
function txnId(): string {
  txnCounter = (txnCounter + 1) % 1000;
  return `${Date.now()}${String(txnCounter).padStart(3, '0')}`;
}

class Refusal extends Error {
  constructor(readonly code: string, message: string) { super(message); }
}

const NOT_FOUND_TEXT = 'Belirtilen kriterlere uygun kayıt bulunamamıştır';

// ------------------------------------------------------------------------------- statuses

const ready = (d: DocRow, now: Date) => now.getTime() >= d.ready_at.getTime();
/** The buyer's answer in effect: its own, or the one the buyerAnswer switch gave at send time once delivered. */
function answerOf(d: DocRow, now: Date): { answer: 'KABUL' | 'RED'; note: string | null; at: Date } | null {
  if (d.answer) return { answer: d.answer, note: d.answer_note, at: d.answered_at ?? d.ready_at };
  if (d.auto_answer && ready(d, now) && d.outcome === 'SUCCESS') return { answer: d.auto_answer, note: d.auto_answer === 'KABUL' ? 'Fatura kabul edildi' : 'Reddedildi', at: d.ready_at };
  return null;
}
/** Delivered to the receiver's inbox: GİB's processing ended well. */
const delivered = (d: DocRow, now: Date) => ready(d, now) && d.outcome === 'SUCCESS';

interface StatusView { code: string; sub: string; description: string; gib: string | null; response: { code: string; description: string } | null }

function substatus(sub: string): string {
  const i = sub.indexOf('_');
  return i < 0 ? sub : `${sub.slice(0, i)} - ${sub.slice(i + 1)}`;
}

/** An e-Fatura or e-İrsaliye's status as its sender (OUT) or receiver (IN) sees it. */
function statusView(d: DocRow, now: Date, direction: 'IN' | 'OUT'): StatusView {
  const out = (code: string, gib: string | null, response: StatusView['response'] = null): StatusView =>
    ({ code, sub: OUT_STATUSES[code]![0], description: OUT_STATUSES[code]![1], gib, response });
  const inn = (code: string, response: StatusView['response'] = null): StatusView =>
    ({ code, sub: IN_STATUSES[code]![0], description: IN_STATUSES[code]![1], gib: '1300', response });
  const ticari = d.kind === 'INVOICE' && d.profile === 'TICARIFATURA';
  const a = ticari ? answerOf(d, now) : null;
  const response = a ? { code: a.answer, description: a.note ?? a.answer } : null;
  if (direction === 'IN') {
    if (!ticari) return inn('133');
    return a ? inn(a.answer === 'KABUL' ? '122' : '130', response) : inn('132');
  }
  if (!ready(d, now)) return out(d.kind === 'DESPATCHADVICE' ? '135' : '109', '1100');
  if (d.outcome === 'FAILURE') return out('136', '1150');
  if (!ticari) return out('137', '1300');
  if (!a) return out('111', '1300');
  return out(a.answer === 'KABUL' ? '112' : '120', '1300', response);
}

function earchiveView(d: DocRow, now: Date): { code: string; description: string } {
  const code = d.cancelled_at ? '150' : ready(d, now) ? '130' : '110';
  return { code, description: d.cancelled_at ? 'İPTAL EDİLDİ' : EARCHIVE_STATUSES[code]! };
}

// --------------------------------------------------------------------------------- helpers

function compressed(ctx: Ctx): boolean {
  return (text(ctx.header.COMPRESSED) ?? 'Y').toUpperCase() !== 'N';
}

/** A CONTENT as izibiz returns it: the base64 of the XML, zipped unless COMPRESSED=N. */
async function outContent(ctx: Ctx, d: DocRow): Promise<string> {
  const bytes = Buffer.from(d.xml, 'utf8');
  return (compressed(ctx) ? await zipOne(`${d.uuid}.xml`, bytes) : bytes).toString('base64');
}

/** A sent CONTENT as text: plain XML under COMPRESSED=N; a zip (or, leniently, XML) otherwise. */
async function inContent(v: unknown): Promise<string> {
  const b = text(v);
  if (!b) throw new Refusal('10013', 'Gönderilen istek geçersizdir. Hata sebebi: belge içeriği (CONTENT) boş.');
  try {
    return await contentText(Buffer.from(b.replace(/\s+/g, ''), 'base64'));
  } catch {
    throw new Refusal('10007', 'İstek ZİP bir dosya içermelidir: içerik açılamadı.');
  }
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ID_RE = /^[A-Z0-9]{3}[0-9]{13}$/;

function summarize(xml: string): UblSummary {
  try {
    return ublSummary(xml);
  } catch (e) {
    if (e instanceof NotUbl) throw new Refusal('10013', `Gönderilen istek geçersizdir. Hata sebebi: ${e.message}`);
    throw e;
  }
}

function dayOf(d: Date): string {
  return istanbulDateTime(d).slice(0, 10);
}

function inRange(day: string | null, from: string | null, to: string | null): boolean {
  if (!day) return !from && !to;
  const d = day.slice(0, 10);
  return (!from || d >= from.slice(0, 10)) && (!to || d <= to.slice(0, 10));
}

function parseLocalTime(s: string | null): Date | null {
  if (!s) return null;
  const m = /^(\d{4}-\d{2}-\d{2})(?:T(\d{2}:\d{2}(?::\d{2})?))?/.exec(s.trim());
  if (!m) return null;
  const d = new Date(`${m[1]}T${m[2] ?? '00:00:00'}${m[2] && m[2].length === 5 ? ':00' : ''}+03:00`);
  return Number.isNaN(d.getTime()) ? null : d;
}

async function aliasesFor(ctx: Ctx, identifier: string, documentType: DocumentType, unit: 'GB' | 'PK'): Promise<AliasRow[]> {
  return aliasesOf(ctx.db, { identifier, documentType, unit });
}

// ---------------------------------------------------------------------------------- sends

interface Incoming { kind: DocKind; content: unknown; senderAlias: string | null; receiverVkn: string | null; receiverAlias: string | null; earchive?: { type: string; email: string | null } }

const PROFILE_WORD: Record<DocKind, string> = { INVOICE: 'e-Fatura', EARCHIVE: 'e-Arşiv', DESPATCHADVICE: 'e-İrsaliye' };

/** Checks and stores the documents of one send request (all or none). */
async function send(ctx: Ctx, items: Incoming[], extra: (first: NewDoc) => XmlObject = () => ({})): Promise<Answer> {
  if (await takeSwitch(ctx.db, 'timeoutBeforeStore')) {
    return { content: errorType('-1', 'Beklenmedik bir hata oluştu. Lütfen daha sonra tekrar deneyiniz: işlem zaman aşımına uğradı, belge alınmadı.'), delayMs: ctx.sw.timeoutDelayMs };
  }
  if (await takeSwitch(ctx.db, 'schematronReject')) {
    return { content: errorType('10003', 'Belge Şematron Kontrolünden Geçemedi: [InvoiceIDCheck] Geçersiz cbc:ID elemanı değeri (sandbox: schematronReject anahtarı).') };
  }
  if (!items.length) throw new Refusal('10013', 'Gönderilen istek geçersizdir. Hata sebebi: istekte belge yok.');
  if (items.length > 100 || ctx.size > MAX_REQUEST_BYTES) throw new Refusal('10010', 'Bir istek boyutu maksimum 5MB veya 100 adet belge içerebilir');
  const docs: { doc: NewDoc; replace: boolean }[] = [];
  for (const item of items) {
    const xml = await inContent(item.content);
    const s = summarize(xml);
    const despatch = item.kind === 'DESPATCHADVICE';
    const root = despatch ? 'DespatchAdvice' : 'Invoice';
    if (s.root !== root) throw new Refusal('10013', `Gönderilen istek geçersizdir. Hata sebebi: ${PROFILE_WORD[item.kind]} için ${root} belgesi bekleniyordu, ${s.root} geldi.`);
    if (!s.uuid || !UUID_RE.test(s.uuid)) throw new Refusal('10013', 'Gönderilen istek geçersizdir. Hata sebebi: belgede geçerli bir cbc:UUID (ETTN) yok.');
    if (!s.id || !ID_RE.test(s.id)) throw new Refusal('10003', `Belge Şematron Kontrolünden Geçemedi: belge numarası (cbc:ID) 16 karakter olmalı: 3 harf/rakam, 4 hane yıl, 9 hane sıra numarası (${s.id ?? 'yok'}).`);
    const earchive = item.kind === 'EARCHIVE';
    if (earchive !== (s.profile === 'EARSIVFATURA')) {
      throw new Refusal('10003', earchive
        ? `Belge Şematron Kontrolünden Geçemedi: e-Arşiv faturasının senaryosu (cbc:ProfileID) EARSIVFATURA olmalı (${s.profile ?? 'yok'}).`
        : 'Belge Şematron Kontrolünden Geçemedi: EARSIVFATURA senaryosundaki fatura e-Fatura olarak gönderilemez.');
    }
    if (s.supplier.vkn && s.supplier.vkn !== ctx.user) {
      throw new Refusal('10013', `Gönderilen istek geçersizdir. Hata sebebi: belgedeki gönderici VKN/TCKN (${s.supplier.vkn}) oturumun kullanıcısı (${ctx.user}) değil.`);
    }
    const receiverVkn = item.receiverVkn ?? s.customer.vkn;
    let senderAlias = item.senderAlias;
    let receiverAlias = item.receiverAlias;
    if (!earchive) {
      const documentType: DocumentType = despatch ? 'DESPATCHADVICE' : 'INVOICE';
      const gb = await aliasesFor(ctx, ctx.user, documentType, 'GB');
      if (!gb.length) throw new Refusal('10013', `Gönderilen istek geçersizdir. Hata sebebi: gönderici (${ctx.user}) GİB'de kayıtlı bir ${PROFILE_WORD[item.kind]} kullanıcısı değil.`);
      if (senderAlias && !gb.some((a) => a.alias === senderAlias)) throw new Refusal('10013', `Gönderilen istek geçersizdir. Hata sebebi: gönderici birim etiketi (${senderAlias}) ${ctx.user} için tanımlı değil.`);
      senderAlias ??= gb[0]!.alias;
      if (!receiverVkn) throw new Refusal('10013', 'Gönderilen istek geçersizdir. Hata sebebi: alıcı VKN/TCKN yok.');
      const pk = await aliasesFor(ctx, receiverVkn, documentType, 'PK');
      if (!pk.length) throw new Refusal('10013', `Gönderilen istek geçersizdir. Hata sebebi: alıcı (${receiverVkn}) GİB'de kayıtlı bir ${PROFILE_WORD[item.kind]} kullanıcısı değil.`);
      if (receiverAlias && !pk.some((a) => a.alias === receiverAlias)) throw new Refusal('10013', `Gönderilen istek geçersizdir. Hata sebebi: alıcının posta kutusu etiketi (${receiverAlias}) bulunamadı.`);
      receiverAlias ??= pk[0]!.alias;
    }
    const uuid = s.uuid.toLowerCase();
    const held = await documentByUuid(ctx.db, uuid);
    const resend = (d: DocRow) => d.sender_vkn === ctx.user && d.kind === item.kind && d.kind !== 'EARCHIVE' && ready(d, ctx.now) && d.outcome === 'FAILURE';
    const duplicate = () => new Refusal('10009', `Gönderilen belge daha önce gönderilmiş bir belge ile eşleşmektedir. Belge Tipi: ${PROFILE_WORD[item.kind]} Belge No: ${s.id} ve ETTN: ${s.uuid}`);
    if (held && !resend(held)) throw duplicate();
    const sameId = await documentBySenderId(ctx.db, ctx.user, s.id, despatch);
    if (sameId && sameId.uuid !== uuid && !resend(sameId)) throw duplicate();
    if (docs.some((x) => x.doc.uuid === uuid || x.doc.doc_id === s.id)) throw duplicate();
    const failure = !earchive && await takeSwitch(ctx.db, 'gibFailure');
    docs.push({
      replace: !!held,
      doc: {
        uuid, kind: item.kind, doc_id: s.id, sender_vkn: ctx.user, sender_alias: senderAlias, sender_title: s.supplier.title,
        receiver_vkn: receiverVkn ?? null, receiver_alias: receiverAlias, receiver_title: s.customer.title,
        profile: s.profile, type_code: s.typeCode, issue_date: s.issueDate, payable: s.payable, currency: s.currency, xml,
        txn_id: txnId(), envelope_id: randomUUID(), created_at: ctx.now, ready_at: new Date(ctx.now.getTime() + ctx.sw.acceptAfterSeconds * 1000),
        outcome: failure ? 'FAILURE' : 'SUCCESS',
        auto_answer: item.kind === 'INVOICE' && s.profile === 'TICARIFATURA' ? ctx.sw.buyerAnswer : null,
        earchive_type: item.earchive?.type ?? null, email: item.earchive?.email ?? null,
      },
    });
  }
  for (const { doc, replace } of docs) {
    try {
      await storeDocument(ctx.db, doc, replace);
    } catch (e) {
      if (/duplicate key|unique/i.test((e as Error).message)) throw new Refusal('10009', `Gönderilen belge daha önce gönderilmiş bir belge ile eşleşmektedir. ID: ${doc.doc_id} ve UUID: ${doc.uuid}`);
      throw e;
    }
  }
  const delayed = await takeSwitch(ctx.db, 'timeoutSends');
  const first = docs[0]!.doc;
  return {
    content: { REQUEST_RETURN: { INTL_TXN_ID: first.txn_id, CLIENT_TXN_ID: text(ctx.header.CLIENT_TXN_ID) ?? undefined, RETURN_CODE: '0' }, ...extra(first) },
    delayMs: delayed ? ctx.sw.timeoutDelayMs : 0,
  };
}

function checkSender(ctx: Ctx, body: Parsed) {
  const vkn = attr(body.SENDER, 'vkn');
  if (vkn && vkn !== ctx.user) throw new Refusal('10018', `Yetkisiz erişim tespit edildi! Gönderici VKN (${vkn}) oturumun kullanıcısı (${ctx.user}) değil.`);
}

// ------------------------------------------------------------------------------ operations

function gibUserXml(a: AliasRow): XmlObject {
  return {
    IDENTIFIER: a.identifier,
    ALIAS: a.alias,
    TITLE: a.title,
    TYPE: a.type,
    REGISTER_TIME: istanbulDateTime(a.registered_at),
    UNIT: a.unit,
    ALIAS_CREATION_TIME: istanbulDateTime(a.created_at),
    DOCUMENT_TYPE: a.document_type,
    DELETED: a.deleted_at ? 'Y' : undefined,
    DELETION_TIME: a.deleted_at ? istanbulDateTime(a.deleted_at) : undefined,
  };
}

const authOps: Record<string, Op> = {
  async LoginRequest(ctx, body) {
    const user = text(body.USER_NAME) ?? '';
    const password = text(body.PASSWORD) ?? '';
    if (!/^[0-9]{10,11}$/.test(user) || !password) {
      return { content: errorType('10002', 'Oturum oluşturulamadı: sandbox\'ta kullanıcı adı şirketin VKN/TCKN\'si, şifre boş olmayan herhangi bir değerdir.') };
    }
    return { content: { SESSION_ID: await openSession(ctx.db, user, ctx.now) } };
  },
  async LogoutRequest(ctx) {
    await closeSession(ctx.db, text(ctx.header.SESSION_ID) ?? '');
    return { content: ok() };
  },
  async CheckUserRequest(ctx, body) {
    const identifier = text((body.USER as Parsed | undefined)?.IDENTIFIER);
    if (!identifier) throw new Refusal('10013', 'Gönderilen istek geçersizdir. Hata sebebi: USER.IDENTIFIER zorunludur.');
    const documentType = text(body.DOCUMENT_TYPE) as DocumentType | null;
    const rows = await aliasesOf(ctx.db, { identifier, documentType: documentType === 'INVOICE' || documentType === 'DESPATCHADVICE' ? documentType : null });
    return { content: { USER: rows.map(gibUserXml) } };
  },
  async GetGibUserListRequest(ctx, body) {
    const type = (text(body.TYPE) ?? 'XML').toUpperCase();
    if (type !== 'XML') throw new Refusal('10015', 'Servis desteklenmemektedir: sandbox mükellef listesini yalnız XML verir.');
    const documentType = (text(body.DOCUMENT_TYPE) ?? 'ALL').toUpperCase();
    const aliasType = (text(body.ALIAS_TYPE) ?? 'PK').toUpperCase();
    const registeredFrom = parseLocalTime(text(body.REGISTER_TIME_START));
    const modifiedFrom = parseLocalTime(text(body.ALIAS_MODIFY_DATE));
    const rows = (await aliasesOf(ctx.db, {
      documentType: documentType === 'INVOICE' || documentType === 'DESPATCHADVICE' ? documentType : null,
      unit: aliasType === 'GB' || aliasType === 'PK' ? aliasType : null,
      includeDeleted: !!modifiedFrom,
    })).filter((a) => (!registeredFrom || a.registered_at >= registeredFrom)
      && (!modifiedFrom || a.created_at > modifiedFrom || (a.deleted_at !== null && a.deleted_at > modifiedFrom)));
    const xml = create({ version: '1.0', encoding: 'UTF-8' }, { USERLIST: { USER: rows.map(gibUserXml) } } as never).end({ prettyPrint: false });
    const zip = await zipOne('gibuserlist.xml', Buffer.from(xml, 'utf8'));
    return { content: { CONTENT: zip.toString('base64') } };
  },
};

async function findInvoice(ctx: Ctx, key: { uuid: string | null; id: string | null }): Promise<{ d: DocRow; direction: 'IN' | 'OUT' } | null> {
  let d: DocRow | null = null;
  if (key.uuid) d = await documentByUuid(ctx.db, key.uuid);
  else if (key.id) d = await documentBySenderId(ctx.db, ctx.user, key.id, false);
  if (!d || d.kind !== 'INVOICE') return null;
  if (d.sender_vkn === ctx.user) return { d, direction: 'OUT' };
  if (d.receiver_vkn === ctx.user && delivered(d, ctx.now)) return { d, direction: 'IN' };
  return null;
}

function invoiceHeader(d: DocRow, now: Date, direction: 'IN' | 'OUT'): XmlObject {
  const v = statusView(d, now, direction);
  return {
    SENDER: d.sender_vkn,
    RECEIVER: d.receiver_vkn,
    SUPPLIER: d.sender_title,
    CUSTOMER: d.receiver_title,
    ISSUE_DATE: d.issue_date,
    PAYABLE_AMOUNT: d.payable ? { '@currencyID': d.currency ?? 'TRY', '#': d.payable } : undefined,
    FROM: d.sender_alias,
    TO: d.receiver_alias,
    PROFILEID: d.profile,
    INVOICE_TYPE_CODE: d.type_code,
    STATUS: substatus(v.sub),
    STATUS_DESCRIPTION: v.description,
    GIB_STATUS_CODE: v.gib,
    GIB_STATUS_DESCRIPTION: v.gib ? GIB_CODES[v.gib] : undefined,
    RESPONSE_CODE: v.response?.code,
    RESPONSE_DESCRIPTION: v.response?.description,
    CDATE: istanbulDateTime(d.created_at),
    ENVELOPE_IDENTIFIER: d.envelope_id,
    STATUS_CODE: v.code,
    DIRECTION: direction,
  };
}

/** GetInvoice / GetDespatchAdvice: the session's incoming (or outgoing) documents by the search key. */
async function search(ctx: Ctx, body: Parsed, kind: 'INVOICE' | 'DESPATCHADVICE'): Promise<DocRow[]> {
  const key = (body.INVOICE_SEARCH_KEY ?? body.SEARCH_KEY ?? {}) as Parsed;
  const direction = text(key.DIRECTION) === 'OUT' ? 'OUT' : 'IN';
  const readIncluded = text(key.READ_INCLUDED) === 'true';
  const uuid = text(key.UUID)?.toLowerCase() ?? null;
  const id = text(key.ID);
  const from = text(key.START_DATE);
  const to = text(key.END_DATE);
  const byCreate = kind === 'DESPATCHADVICE' || text(key.DATE_TYPE) === 'CREATE';
  const headerOnly = text(body.HEADER_ONLY) === 'Y';
  const limit = Math.max(1, Math.min(Number(text(key.LIMIT) ?? '10') || 10, headerOnly ? 25_000 : 100));
  return (await documentsOf(ctx.db, { vkn: ctx.user, kind, direction }))
    .filter((d) => direction === 'OUT' || delivered(d, ctx.now))
    .filter((d) => direction === 'OUT' || readIncluded || uuid || !d.read_at)
    .filter((d) => (!uuid || d.uuid === uuid) && (!id || d.doc_id === id))
    .filter((d) => uuid || id || inRange(byCreate ? dayOf(d.created_at) : d.issue_date, from, to))
    .slice(0, limit);
}

const invoiceOps: Record<string, Op> = {
  async SendInvoiceRequest(ctx, body) {
    checkSender(ctx, body);
    return send(ctx, arr(body.INVOICE).map((i) => ({
      kind: 'INVOICE', content: i.CONTENT, senderAlias: attr(body.SENDER, 'alias'), receiverVkn: attr(body.RECEIVER, 'vkn'), receiverAlias: attr(body.RECEIVER, 'alias'),
    })));
  },
  async GetInvoiceStatusRequest(ctx, body) {
    const inv = arr(body.INVOICE)[0];
    const found = inv ? await findInvoice(ctx, { uuid: attr(inv, 'UUID') ?? text(inv.UUID), id: attr(inv, 'ID') ?? text(inv.ID) }) : null;
    if (!found) throw new Refusal('10008', NOT_FOUND_TEXT);
    const { d, direction } = found;
    const h = invoiceHeader(d, ctx.now, direction);
    return {
      content: {
        INVOICE_STATUS: {
          '@ID': d.doc_id, '@UUID': d.uuid,
          STATUS: h.STATUS, STATUS_DESCRIPTION: h.STATUS_DESCRIPTION, GIB_STATUS_CODE: h.GIB_STATUS_CODE, GIB_STATUS_DESCRIPTION: h.GIB_STATUS_DESCRIPTION,
          RESPONSE_CODE: h.RESPONSE_CODE, RESPONSE_DESCRIPTION: h.RESPONSE_DESCRIPTION, CDATE: h.CDATE, ENVELOPE_IDENTIFIER: h.ENVELOPE_IDENTIFIER,
          STATUS_CODE: h.STATUS_CODE, DIRECTION: direction,
        },
      },
    };
  },
  async GetInvoiceRequest(ctx, body) {
    const key = (body.INVOICE_SEARCH_KEY ?? body.SEARCH_KEY ?? {}) as Parsed;
    const direction = text(key.DIRECTION) === 'OUT' ? 'OUT' : 'IN';
    const headerOnly = text(body.HEADER_ONLY) === 'Y';
    const docs = await search(ctx, body, 'INVOICE');
    const INVOICE: XmlObject[] = [];
    for (const d of docs) {
      INVOICE.push({ '@ID': d.doc_id, '@UUID': d.uuid, HEADER: invoiceHeader(d, ctx.now, direction), CONTENT: headerOnly ? undefined : await outContent(ctx, d) });
    }
    return { content: { INVOICE } };
  },
  async MarkInvoiceRequest(ctx, body) {
    const mark = (body.MARK ?? {}) as Parsed;
    const uuids = await keysToUuids(ctx, arr(mark.INVOICE), false);
    await setRead(ctx.db, uuids, ctx.user, 'INVOICE', (attr(mark, 'value') ?? 'READ') === 'UNREAD' ? null : ctx.now);
    return { content: ok() };
  },
  async SendInvoiceResponseWithServerSignRequest(ctx, body) {
    const status = text(body.STATUS);
    if (status !== 'KABUL' && status !== 'RED') throw new Refusal('10013', 'Gönderilen istek geçersizdir. Hata sebebi: STATUS KABUL ya da RED olmalı.');
    const note = arr<string>(body.DESCRIPTION).map((x) => text(x)).filter(Boolean).join(' ') || (status === 'KABUL' ? 'Fatura kabul edildi' : 'Reddedildi');
    const invoices = arr(body.INVOICE);
    if (!invoices.length) throw new Refusal('10013', 'Gönderilen istek geçersizdir. Hata sebebi: yanıtlanacak fatura yok.');
    const targets: DocRow[] = [];
    for (const inv of invoices) {
      const key = { uuid: attr(inv, 'UUID') ?? text(inv.UUID), id: attr(inv, 'ID') ?? text(inv.ID) };
      const uuid = key.uuid?.toLowerCase();
      const d = uuid ? await documentByUuid(ctx.db, uuid) : null;
      if (!d || d.kind !== 'INVOICE' || d.receiver_vkn !== ctx.user || !delivered(d, ctx.now)) throw new Refusal('10008', `Fatura ID : ${key.id ?? key.uuid ?? ''} sistemde bulunamadı!`);
      if (d.profile !== 'TICARIFATURA') throw new Refusal('10013', `Gönderilen istek geçersizdir. Hata sebebi: yalnız TICARIFATURA senaryosundaki faturalara yanıt verilebilir (${d.profile}).`);
      if (answerOf(d, ctx.now)) throw new Refusal('10011', `Daha önce yanıtlanmış bir fatura için tekrar yanıt gönderilemez! Fatura UUID:${d.uuid}`);
      if (ctx.now.getTime() - d.ready_at.getTime() > ANSWER_DAYS * DAY_MS) throw new Refusal('10013', 'Uygulama yanıtı 8 gün geciktiği için cevap gönderilemez');
      targets.push(d);
    }
    for (const d of targets) {
      if (!await recordAnswer(ctx.db, d.uuid, status, note, ctx.now)) throw new Refusal('10011', `Daha önce yanıtlanmış bir fatura için tekrar yanıt gönderilemez! Fatura UUID:${d.uuid}`);
    }
    return { content: ok() };
  },
};

async function keysToUuids(ctx: Ctx, items: Parsed[], despatch: boolean): Promise<string[]> {
  const out: string[] = [];
  for (const i of items) {
    const uuid = attr(i, 'UUID') ?? text(i.UUID) ?? (typeof i === 'string' ? text(i) : null);
    if (uuid) { out.push(uuid.toLowerCase()); continue; }
    const id = attr(i, 'ID') ?? text(i.ID);
    if (!id) continue;
    const r = (await documentsOf(ctx.db, { vkn: ctx.user, kind: despatch ? 'DESPATCHADVICE' : 'INVOICE', direction: 'IN' })).find((d) => d.doc_id === id);
    if (r) out.push(r.uuid);
  }
  return out;
}

const archiveOps: Record<string, Op> = {
  async ArchiveInvoiceExtendedRequest(ctx, body) {
    const content = (body.ArchiveInvoiceExtendedContent ?? {}) as Parsed;
    const items = arr(content.INVOICE_PROPERTIES).map((p) => {
      const props = (p.EARSIV_PROPERTIES ?? {}) as Parsed;
      if (text(p.EARSIV_FLAG) !== 'Y') throw new Refusal('10013', 'Gönderilen istek geçersizdir. Hata sebebi: EARSIV_FLAG Y olmalı.');
      if ((text(props.SUB_STATUS) ?? 'NEW') !== 'NEW') throw new Refusal('10015', 'Servis desteklenmemektedir: sandbox taslak (DRAFT) e-Arşiv faturası almaz.');
      const emails = arr<string>(props.EARSIV_EMAIL).map((e) => text(e)).filter(Boolean);
      return {
        kind: 'EARCHIVE' as const, content: p.INVOICE_CONTENT, senderAlias: null, receiverVkn: null, receiverAlias: null,
        earchive: { type: text(props.EARSIV_TYPE) === 'INTERNET' ? 'INTERNET' : 'NORMAL', email: text(props.EARSIV_EMAIL_FLAG) === 'Y' ? emails.join(',') || null : null },
      };
    });
    return send(ctx, items, (first) => ({ INVOICE_ID: first.doc_id }));
  },
  async GetEArchiveInvoiceStatusRequest(ctx, body) {
    const INVOICE: XmlObject[] = [];
    for (const u of arr<unknown>(body.UUID)) {
      const uuid = text(u)?.toLowerCase();
      if (!uuid) continue;
      const d = await documentByUuid(ctx.db, uuid);
      if (!d || d.kind !== 'EARCHIVE' || d.sender_vkn !== ctx.user) {
        INVOICE.push({ HEADER: { UUID: uuid, STATUS: '200', STATUS_DESC: EARCHIVE_STATUSES['200'] } });
        continue;
      }
      const v = earchiveView(d, ctx.now);
      INVOICE.push({
        HEADER: {
          INVOICE_ID: d.doc_id, PROFILE: 'EARSIVFATURA', UUID: d.uuid, INVOICE_DATE: d.issue_date, STATUS: v.code, STATUS_DESC: v.description,
          EMAIL_STATUS: d.email ? (ready(d, ctx.now) ? '120' : '100') : undefined,
          EMAIL_STATUS_DESC: d.email ? (ready(d, ctx.now) ? 'İŞLENDİ' : 'HENÜZ İŞLENMEDİ') : undefined,
          REPORT_ID: v.code === '130' ? String(d.created_at.getTime()).slice(-9) : undefined,
          WEB_KEY: `https://earsiv.sandbox.tezgah.test/${d.uuid}`,
        },
      });
    }
    return { content: { INVOICE, ...ok() } };
  },
  async CancelEArchiveInvoiceRequest(ctx, body) {
    const items = arr(body.CancelEArsivInvoiceContent);
    if (!items.length) throw new Refusal('10013', 'Gönderilen istek geçersizdir. Hata sebebi: iptal edilecek fatura yok.');
    const targets: { d: DocRow; c: Parsed }[] = [];
    for (const c of items) {
      const uuid = (text(c.FATURA_UUID) ?? text(c.INVOICE_UUID))?.toLowerCase();
      if (!uuid) throw new Refusal('10013', 'Gönderilen istek geçersizdir. Hata sebebi: FATURA_UUID zorunludur.');
      const d = await documentByUuid(ctx.db, uuid);
      if (!d || d.kind !== 'EARCHIVE' || d.sender_vkn !== ctx.user) {
        if (text(c.UPLOAD_FLAG) === 'Y') throw new Refusal('10015', 'Servis desteklenmemektedir: sandbox platformda olmayan faturanın iptalini (UPLOAD_FLAG=Y) almaz.');
        throw new Refusal('10008', `${NOT_FOUND_TEXT}: ETTN ${uuid}`);
      }
      if (d.cancelled_at) throw new Refusal('10011', `Tekrarlanan işlem: kayıt sistemde mevcuttur. Fatura zaten iptal edilmiş: ETTN ${uuid}`);
      targets.push({ d, c });
    }
    for (const { d, c } of targets) {
      await recordCancel(ctx.db, d.uuid, { date: text(c.IPTAL_TARIHI), total: text(c.TOPLAM_TUTAR), note: text(c.IPTAL_NOTU) }, ctx.now);
    }
    return { content: ok() };
  },
  async ArchiveInvoiceReadRequest(ctx, body) {
    const uuid = (text(body.INVOICEID) ?? text(body.INVOICE_ID))?.toLowerCase();
    const profile = (text(body.PROFILE) ?? 'XML').toUpperCase();
    if (profile !== 'XML') throw new Refusal('10015', 'Servis desteklenmemektedir: sandbox e-Arşiv faturasını yalnız XML verir.');
    const d = uuid ? await documentByUuid(ctx.db, uuid) : null;
    if (!d || d.kind !== 'EARCHIVE' || d.sender_vkn !== ctx.user) throw new Refusal('10008', `Fatura okunurken hata oluştu..Okumaya çalıştığınız UUID: ${uuid ?? ''} ile fatura bulunmadı...`);
    return { content: { INVOICE: await outContent(ctx, d), ...ok() } };
  },
};

function despatchHeader(d: DocRow, now: Date, direction: 'IN' | 'OUT'): XmlObject {
  const v = statusView(d, now, direction);
  return {
    ID: d.doc_id,
    UUID: d.uuid,
    PROFILEID: d.profile,
    ISSUE_DATE: d.issue_date,
    TYPE_CODE: d.type_code,
    DIRECTION: direction,
    SENDER: { '@VKN': d.sender_vkn, '@IDENTIFIER': d.sender_title ?? undefined, '@ALIAS': d.sender_alias ?? undefined },
    RECEIVER: { '@VKN': d.receiver_vkn ?? undefined, '@IDENTIFIER': d.receiver_title ?? undefined, '@ALIAS': d.receiver_alias ?? undefined },
    STATUS: substatus(v.sub),
    STATUS_CODE: v.code,
    STATUS_DESCRIPTION: v.description,
    GIB_STATUS_CODE: v.gib,
    GIB_STATUS_DESCRIPTION: v.gib ? GIB_CODES[v.gib] : undefined,
    CDATE: istanbulDateTime(d.created_at),
    ENVELOPE_IDENTIFIER: d.envelope_id,
  };
}

const despatchOps: Record<string, Op> = {
  async SendDespatchAdviceRequest(ctx, body) {
    checkSender(ctx, body);
    return send(ctx, arr(body.DESPATCHADVICE).map((i) => ({
      kind: 'DESPATCHADVICE', content: i.CONTENT, senderAlias: attr(body.SENDER, 'alias'), receiverVkn: attr(body.RECEIVER, 'vkn'), receiverAlias: attr(body.RECEIVER, 'alias'),
    })));
  },
  async GetDespatchAdviceStatusRequest(ctx, body) {
    const uuids = [...arr<unknown>(body.UUID).map((u) => text(u)), ...arr(body.DESPATCHADVICEINFO).map((i) => attr(i, 'UUID'))].filter((u): u is string => !!u);
    const DESPATCHADVICE_STATUS: XmlObject[] = [];
    for (const u of uuids) {
      const d = await documentByUuid(ctx.db, u);
      if (!d || d.kind !== 'DESPATCHADVICE') continue;
      if (d.sender_vkn === ctx.user) DESPATCHADVICE_STATUS.push(despatchHeader(d, ctx.now, 'OUT'));
      else if (d.receiver_vkn === ctx.user && delivered(d, ctx.now)) DESPATCHADVICE_STATUS.push(despatchHeader(d, ctx.now, 'IN'));
    }
    if (!DESPATCHADVICE_STATUS.length) throw new Refusal('10008', NOT_FOUND_TEXT);
    return { content: { DESPATCHADVICE_STATUS } };
  },
  async GetDespatchAdviceRequest(ctx, body) {
    const key = (body.SEARCH_KEY ?? {}) as Parsed;
    const direction = text(key.DIRECTION) === 'OUT' ? 'OUT' : 'IN';
    const headerOnly = text(body.HEADER_ONLY) === 'Y';
    const DESPATCHADVICE: XmlObject[] = [];
    for (const d of await search(ctx, body, 'DESPATCHADVICE')) {
      DESPATCHADVICE.push({ '@ID': d.doc_id, '@UUID': d.uuid, '@DIRECTION': direction, DESPATCHADVICEHEADER: despatchHeader(d, ctx.now, direction), CONTENT: headerOnly ? undefined : await outContent(ctx, d) });
    }
    return { content: { DESPATCHADVICE } };
  },
  async MarkDespatchAdviceRequest(ctx, body) {
    const mark = (body.MARK ?? {}) as Parsed;
    const uuids = await keysToUuids(ctx, arr(mark.DESPATCHADVICEINFO), true);
    await setRead(ctx.db, uuids, ctx.user, 'DESPATCHADVICE', (attr(mark, 'value') ?? 'READ') === 'UNREAD' ? null : ctx.now);
    return { content: ok() };
  },
};

const SERVICES: { path: string; ns: string; ops: Record<string, Op> }[] = [
  { path: '/AuthenticationWS', ns: WSDL_NS, ops: authOps },
  { path: '/EInvoiceWS', ns: WSDL_NS, ops: invoiceOps },
  { path: '/EIArchiveWS/EFaturaArchive', ns: ARCHIVE_NS, ops: archiveOps },
  { path: '/EIrsaliyeWS/EIrsaliye', ns: WSDL_NS, ops: despatchOps },
];

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

function sendXml(reply: FastifyReply, status: number, xml: string) {
  return reply.status(status).type('text/xml; charset=utf-8').send(xml);
}

async function serveSoap(services: Services, service: (typeof SERVICES)[number], request: FastifyRequest, reply: FastifyReply) {
  const db = services.db as unknown as Kysely<any>;
  const sw = await readSwitches(db);
  if (sw.unreachable) return reply.status(503).type('text/html; charset=utf-8').send('<html><body><h1>503 Service Unavailable</h1></body></html>');
  if (await takeSwitch(db, 'fail5xx')) return reply.status(500).type('text/html; charset=utf-8').send('<html><body><h1>500 Internal Server Error</h1></body></html>');
  const raw = typeof request.body === 'string' ? request.body : Buffer.isBuffer(request.body) ? request.body.toString('utf8') : '';
  let msg: ReturnType<typeof parseEnvelope>;
  try {
    msg = parseEnvelope(raw);
  } catch (e) {
    if (e instanceof NotSoap) return sendXml(reply, 500, buildFault('Client', `Geçersiz SOAP isteği: ${e.message}`));
    throw e;
  }
  if ('fault' in msg) return sendXml(reply, 500, buildFault('Client', 'İstek bir SOAP Fault olamaz.'));
  const op = service.ops[msg.element];
  if (!op) return sendXml(reply, 500, buildFault('Client', `Servis desteklenmemektedir: ${msg.element}`, { code: '10015', description: `Servis desteklenmemektedir. Servis adı: ${msg.element}` }));
  const responseName = msg.element.replace(/Request$/, 'Response');
  const header = (msg.body.REQUEST_HEADER ?? {}) as Parsed;
  const now = services.now();
  const ctx: Ctx = { db, now, sw, header, user: '', size: Buffer.byteLength(raw) };
  let answer: Answer;
  if (msg.element !== 'LoginRequest') {
    const user = await sessionUser(db, text(header.SESSION_ID), now);
    if (!user) return sendXml(reply, 200, buildEnvelope(service.ns, responseName, errorType('10004', 'Geçersiz oturum. Lütfen tekrar oturum oluşturunuz ve tekrar deneyiniz')));
    ctx.user = user;
  }
  try {
    answer = await op(ctx, msg.body);
  } catch (e) {
    if (!(e instanceof Refusal)) throw e;
    answer = { content: errorType(e.code, e.message) };
  }
  if (answer.delayMs) await sleep(answer.delayMs);
  return sendXml(reply, 200, buildEnvelope(service.ns, responseName, answer.content));
}

function documentJson(d: DocRow, now: Date) {
  const status = d.kind === 'EARCHIVE'
    ? { code: earchiveView(d, now).code, description: earchiveView(d, now).description, gibCode: null }
    : (() => { const v = statusView(d, now, 'OUT'); return { code: v.code, description: v.description, gibCode: v.gib }; })();
  const a = answerOf(d, now);
  return {
    uuid: d.uuid, kind: d.kind, id: d.doc_id, senderVkn: d.sender_vkn, senderAlias: d.sender_alias, receiverVkn: d.receiver_vkn, receiverAlias: d.receiver_alias,
    profile: d.profile, typeCode: d.type_code, issueDate: d.issue_date, payable: d.payable, currency: d.currency,
    createdAt: d.created_at.toISOString(), readyAt: d.ready_at.toISOString(), outcome: d.outcome, status,
    answer: a?.answer ?? null, answerNote: a?.note ?? null, readAt: d.read_at?.toISOString() ?? null,
    cancelledAt: d.cancelled_at?.toISOString() ?? null, earchiveType: d.earchive_type, email: d.email, xml: d.xml,
  };
}

/** The plugin's sandbox hook (ServerPlugin.sandbox): mounts the integrator simulator at /sandbox/edocument. */
export async function edocumentSandbox(app: FastifyInstance, services: Services): Promise<void> {
  const db = services.db as unknown as Kysely<any>;
  app.addContentTypeParser(['text/xml', 'application/soap+xml', 'application/xml'], { parseAs: 'string', bodyLimit: 12 * 1024 * 1024 }, (_req, body, done) => done(null, body));
  for (const service of SERVICES) {
    app.post(service.path, (request, reply) => serveSoap(services, service, request, reply));
  }

  app.get('/control', async () => readSwitches(db));
  app.put('/control', async (request, reply) => {
    const checked = checkSwitches(request.body);
    if ('errors' in checked) return reply.status(400).send({ title: 'Geçersiz anahtar değeri', errors: checked.errors });
    return setSandboxSwitches(db, checked.patch);
  });
  app.delete('/control', async () => resetSandboxSwitches(db));

  app.post('/users', SANDBOX_CONTROL, async (request, reply) => {
    const b = (request.body ?? {}) as { identifier?: unknown; title?: unknown; type?: unknown; aliases?: unknown };
    const errors: string[] = [];
    if (typeof b.identifier !== 'string' || !/^[0-9]{10,11}$/.test(b.identifier)) errors.push('identifier 10 ya da 11 haneli VKN/TCKN olmalı.');
    if (typeof b.title !== 'string' || !b.title.trim()) errors.push('title zorunlu.');
    if (b.type !== undefined && b.type !== 'OZEL' && b.type !== 'KAMU') errors.push('type OZEL ya da KAMU olmalı.');
    let aliases: SandboxAlias[] | undefined;
    if (b.aliases !== undefined) {
      if (!Array.isArray(b.aliases)) errors.push('aliases bir dizi olmalı.');
      else {
        aliases = [];
        for (const a of b.aliases as Record<string, unknown>[]) {
          if (!a || (a.unit !== 'GB' && a.unit !== 'PK') || (a.documentType !== 'INVOICE' && a.documentType !== 'DESPATCHADVICE') || typeof a.alias !== 'string' || !a.alias.startsWith('urn:mail:')) {
            errors.push('her etiket { unit: GB|PK, documentType: INVOICE|DESPATCHADVICE, alias: "urn:mail:..." } olmalı.');
            break;
          }
          aliases.push({ unit: a.unit, documentType: a.documentType, alias: a.alias });
        }
      }
    }
    if (errors.length) return reply.status(400).send({ title: 'Geçersiz kullanıcı', errors });
    await registerSandboxUser(db, { identifier: b.identifier as string, title: b.title as string, type: b.type as 'OZEL' | 'KAMU' | undefined, aliases }, services.now());
    const rows = await aliasesOf(db, { identifier: b.identifier as string });
    return reply.status(201).send({ identifier: b.identifier, aliases: rows.map((r) => ({ unit: r.unit, documentType: r.document_type, alias: r.alias })) });
  });

  app.get('/documents', SANDBOX_CONTROL, async (request) => {
    const q = request.query as { uuid?: string; vkn?: string };
    const now = services.now();
    return { documents: (await listDocuments(db, { uuid: q.uuid || null, vkn: q.vkn || null })).map((d) => documentJson(d, now)) };
  });
}
