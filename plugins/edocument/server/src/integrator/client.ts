import { XMLParser } from 'fast-xml-parser';
import { IntegratorError, errorOfCode } from './errors';
import { ARCHIVE_NS, NotSoap, WSDL_NS, arr, attr, buildEnvelope, parseEnvelope, text, type Parsed, type SoapMessage, type XmlObject } from './soap';
import { despatchState, earchiveState, EARCHIVE_STATUSES, invoiceState, statusCodeOf } from './status';
import { NotUbl, ublSummary } from './ubl';
import { contentText } from './zip';
import type { DocumentStatus, DocumentType, GibUser, InboxItem, IntegratorPort, IntegratorSettings, SendDocument } from './types';

/** What izibiz's REQUEST_HEADER carries as APPLICATION_NAME / CHANNEL_NAME. */
export const APPLICATION_NAME = 'Tezgah';
export const CHANNEL_NAME = 'TEZGAH';
/** izibiz keeps a session 8 hours; the client renews it a little before. */
export const SESSION_HOURS = 8;
const SESSION_MARGIN_MS = 5 * 60_000;

export interface Session { id: string; at: Date }

/** Sessions by (auth URL, user name), shared by every client of the process unless a test gives its own map. */
const sharedSessions = new Map<string, Session>();

export interface IzibizClientOptions {
  fetch?: typeof fetch;
  now?: () => Date;
  /** Where sessions are kept (default: one map for the process, so clients made per request reuse them). */
  sessions?: Map<string, Session>;
}

type Service = keyof IntegratorSettings['urls'];

const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');

/** izibiz's dates and times are Turkey's (UTC+3, no DST since 2016), written without an offset. */
export function istanbulDateTime(d: Date): string {
  return new Date(d.getTime() + 3 * 3_600_000).toISOString().slice(0, 19);
}

function failureName(e: unknown): string {
  return (e as { name?: string })?.name ?? '';
}

function networkCode(e: unknown): string | null {
  let c: unknown = e;
  for (let i = 0; i < 4 && c; i++) {
    const code = (c as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    c = (c as { cause?: unknown }).cause;
  }
  return null;
}

/** The ERROR_TYPE of a response body, as an error (izibiz names the text ERROR_SHORT_DES in its WSDL, ERROR_SHORT_DESC in its pages). */
export function errorOf(body: Parsed): IntegratorError | null {
  const e = body.ERROR_TYPE as Parsed | undefined;
  if (!e || typeof e !== 'object') return null;
  const code = text(e.ERROR_CODE) ?? '-1';
  return errorOfCode(code, text(e.ERROR_SHORT_DES) ?? text(e.ERROR_SHORT_DESC) ?? text(e.ERROR_LONG_DES));
}

/** The SOAP exchange over HTTP, every failure an IntegratorError. Exported for the unit tests. */
export async function postSoap(doFetch: typeof fetch, url: string, xml: string, timeoutMs: number): Promise<SoapMessage> {
  const signal = AbortSignal.timeout(timeoutMs);
  const timedOut = (e: unknown) => failureName(e) === 'TimeoutError' || failureName(e) === 'AbortError' || signal.aborted;
  let res: Response;
  let body: string;
  try {
    res = await doFetch(url, {
      method: 'POST',
      headers: { 'content-type': 'text/xml; charset=utf-8', accept: 'text/xml', soapaction: '""' },
      body: xml,
      signal,
    });
    body = await res.text();
  } catch (e) {
    if (timedOut(e)) throw new IntegratorError('TIMEOUT', `Entegratör ${timeoutMs} ms içinde yanıt vermedi.`, { cause: e });
    const code = networkCode(e);
    throw new IntegratorError('UNAVAILABLE', `Entegratöre ulaşılamadı${code ? ` (${code})` : ''}.`, { code, cause: e });
  }
  let msg: ReturnType<typeof parseEnvelope>;
  try {
    msg = parseEnvelope(body);
  } catch (e) {
    if (!(e instanceof NotSoap)) throw e;
    const code = `HTTP ${res.status}`;
    if (res.status === 401 || res.status === 403) throw new IntegratorError('AUTH', `Entegratör erişimi reddetti (${code}).`, { code });
    if (res.status >= 400 && res.status < 500 && res.status !== 408 && res.status !== 429) throw new IntegratorError('INVALID', `Entegratör isteği kabul etmedi (${code}).`, { code });
    throw new IntegratorError('UNAVAILABLE', res.ok ? 'Entegratörün yanıtı okunamadı (SOAP değil).' : `Entegratör şu an hizmet veremiyor (${code}).`, { code });
  }
  if ('fault' in msg) {
    const f = msg.fault;
    if (f.code) throw errorOfCode(f.code, f.description ?? f.faultstring);
    if (/server/i.test(f.faultcode) || res.status >= 500) throw new IntegratorError('UNAVAILABLE', f.faultstring || 'Entegratörde sunucu hatası.', { code: `HTTP ${res.status}` });
    throw new IntegratorError('INVALID', f.faultstring || 'Entegratör isteği geçersiz buldu.');
  }
  if (!res.ok) throw new IntegratorError('UNAVAILABLE', `Entegratör şu an hizmet veremiyor (HTTP ${res.status}).`, { code: `HTTP ${res.status}` });
  return msg;
}

const listParser = new XMLParser({ removeNSPrefix: true, ignoreAttributes: true, parseTagValue: false, trimValues: true, isArray: (name) => name === 'USER' });

function collect(node: unknown, name: string, out: Parsed[] = []): Parsed[] {
  if (!node || typeof node !== 'object') return out;
  if (Array.isArray(node)) { for (const n of node) collect(n, name, out); return out; }
  for (const [k, v] of Object.entries(node as Parsed)) {
    if (k === name) out.push(...arr(v));
    else collect(v, name, out);
  }
  return out;
}

function gibUser(u: Parsed, fallbackType: DocumentType): GibUser {
  const type = text(u.TYPE);
  const unit = text(u.UNIT);
  const documentType = text(u.DOCUMENT_TYPE);
  return {
    identifier: text(u.IDENTIFIER) ?? '',
    alias: text(u.ALIAS) ?? '',
    title: text(u.TITLE) ?? '',
    type: type === 'KAMU' ? 'KAMU' : 'OZEL',
    unit: unit === 'GB' ? 'GB' : 'PK',
    documentType: documentType === 'DESPATCHADVICE' || documentType === 'INVOICE' ? documentType : fallbackType,
    registeredAt: text(u.REGISTER_TIME) ?? text(u.ALIAS_CREATION_TIME) ?? '',
    deleted: text(u.DELETED) === 'Y',
  };
}

/** Parses GetGibUserList's list (the XML in CONTENT, after unzipping). */
export function parseUserList(xml: string, fallbackType: DocumentType): GibUser[] {
  return collect(listParser.parse(xml), 'USER').map((u) => gibUser(u, fallbackType));
}

async function decodeContent(v: unknown): Promise<string | null> {
  const b = text(v);
  if (!b) return null;
  return contentText(Buffer.from(b.replace(/\s+/g, ''), 'base64'));
}

function summary(xml: string) {
  try { return ublSummary(xml); } catch (e) { if (e instanceof NotUbl) return null; throw e; }
}

const NOT_FOUND: DocumentStatus = { found: false, state: null, code: null, description: null, gibCode: null, gibDescription: null };

/**
 * The izibiz SOAP client (one for both adapters: the sandbox is this client pointed at our own
 * sandbox's URLs). Documents go as plain XML (REQUEST_HEADER.COMPRESSED = N, CONTENT the base64
 * of the XML); what comes back zipped (GetGibUserList's CONTENT, or any CONTENT an integrator
 * zips anyway) is unzipped.
 */
export function izibizClient(settings: IntegratorSettings, opts: IzibizClientOptions = {}): IntegratorPort {
  const doFetch = opts.fetch ?? fetch;
  const now = opts.now ?? (() => new Date());
  const sessions = opts.sessions ?? sharedSessions;
  const key = `${settings.urls.auth}\n${settings.username}`;
  let loggingIn: Promise<string> | null = null;

  async function login(): Promise<string> {
    const xml = buildEnvelope(WSDL_NS, 'LoginRequest', {
      REQUEST_HEADER: { SESSION_ID: '-1', APPLICATION_NAME, CHANNEL_NAME },
      USER_NAME: settings.username,
      PASSWORD: settings.password,
    });
    let msg: SoapMessage;
    try {
      msg = await postSoap(doFetch, settings.urls.auth, xml, settings.timeoutMs);
    } catch (e) {
      if (e instanceof IntegratorError && e.kind === 'AUTH') throw new IntegratorError('AUTH', `Entegratöre giriş yapılamadı: ${e.message}`, { code: e.code, retryable: false });
      throw e;
    }
    const err = errorOf(msg.body);
    if (err) {
      if (err.kind === 'TIMEOUT' || err.kind === 'UNAVAILABLE') throw err;
      throw new IntegratorError('AUTH', `Entegratöre giriş yapılamadı: ${err.message}`, { code: err.code, retryable: false });
    }
    const id = text(msg.body.SESSION_ID);
    if (!id) throw new IntegratorError('AUTH', 'Entegratöre giriş yapılamadı: oturum numarası dönmedi.', { retryable: false });
    sessions.set(key, { id, at: now() });
    return id;
  }

  async function session(): Promise<string> {
    const s = sessions.get(key);
    if (s && now().getTime() - s.at.getTime() < SESSION_HOURS * 3_600_000 - SESSION_MARGIN_MS) return s.id;
    loggingIn ??= login().finally(() => { loggingIn = null; });
    return loggingIn;
  }

  /** One operation: with the session, renewed once when the integrator says it is no longer valid (10004). */
  async function call(service: Service, ns: string, element: string, content: (header: XmlObject) => XmlObject, o: { clientTxnId?: string } = {}): Promise<Parsed> {
    for (let attempt = 0; ; attempt++) {
      const sid = await session();
      const header: XmlObject = { SESSION_ID: sid, CLIENT_TXN_ID: o.clientTxnId, APPLICATION_NAME, CHANNEL_NAME, COMPRESSED: 'N' };
      try {
        const msg = await postSoap(doFetch, settings.urls[service], buildEnvelope(ns, element, content(header)), settings.timeoutMs);
        const err = errorOf(msg.body);
        if (err) throw err;
        return msg.body;
      } catch (e) {
        if (e instanceof IntegratorError && e.code === '10004') {
          if (sessions.get(key)?.id === sid) sessions.delete(key);
          if (attempt === 0) continue;
          throw new IntegratorError('AUTH', `Entegratör oturumu yenilenemedi: ${e.message}`, { code: e.code, retryable: false });
        }
        throw e;
      }
    }
  }

  const txnOf = (body: Parsed) => {
    const r = (body.REQUEST_RETURN ?? {}) as Parsed;
    return { txnId: text(r.INTL_TXN_ID) ?? text(r.INT_TXN_ID) ?? text(body.INTL_TXN_ID) ?? text(r.CLIENT_TXN_ID) ?? '' };
  };

  async function sendUbl(kind: DocumentType, doc: SendDocument) {
    const senderVkn = summary(doc.xml)?.supplier.vkn ?? undefined;
    const invoice = kind === 'INVOICE';
    const body = await call(invoice ? 'eInvoice' : 'eDespatch', WSDL_NS, invoice ? 'SendInvoiceRequest' : 'SendDespatchAdviceRequest', (REQUEST_HEADER) => ({
      REQUEST_HEADER,
      SENDER: { '@vkn': senderVkn, '@alias': doc.senderAlias },
      RECEIVER: { '@vkn': doc.receiverVkn, '@alias': doc.receiverAlias },
      [invoice ? 'INVOICE' : 'DESPATCHADVICE']: { '@ID': doc.id, '@UUID': doc.uuid, CONTENT: b64(doc.xml) },
    }), { clientTxnId: doc.uuid });
    return txnOf(body);
  }

  async function outgoingXml(service: Service, element: string, listName: string, searchKey: string, uuid: string): Promise<string | null> {
    try {
      const body = await call(service, WSDL_NS, element, (REQUEST_HEADER) => ({
        REQUEST_HEADER,
        [searchKey]: { LIMIT: 1, UUID: uuid, READ_INCLUDED: true, DIRECTION: 'OUT' },
        HEADER_ONLY: 'N',
      }));
      const found = arr(body[listName]).find((d) => (attr(d, 'UUID') ?? '').toLowerCase() === uuid.toLowerCase()) ?? arr(body[listName])[0];
      return found ? decodeContent(found.CONTENT) : null;
    } catch (e) {
      if (e instanceof IntegratorError && e.kind === 'NOT_FOUND') return null;
      throw e;
    }
  }

  return {
    name: settings.mode,

    async checkUser(identifier, documentType) {
      const body = await call('auth', WSDL_NS, 'CheckUserRequest', (REQUEST_HEADER) => ({ REQUEST_HEADER, USER: { IDENTIFIER: identifier }, DOCUMENT_TYPE: documentType }));
      return arr(body.USER).map((u) => gibUser(u, documentType)).filter((u) => u.documentType === documentType && !u.deleted && u.alias);
    },

    async gibUserList(documentType, unit, since) {
      const body = await call('auth', WSDL_NS, 'GetGibUserListRequest', (REQUEST_HEADER) => ({
        REQUEST_HEADER,
        TYPE: 'XML',
        DOCUMENT_TYPE: documentType,
        ALIAS_TYPE: unit,
        ALIAS_MODIFY_DATE: since ? istanbulDateTime(since) : undefined,
      }));
      const xml = await decodeContent(body.CONTENT);
      if (!xml) return [];
      return parseUserList(xml, documentType).filter((u) => u.documentType === documentType && u.unit === unit);
    },

    sendInvoice: (doc) => sendUbl('INVOICE', doc),
    sendDespatch: (doc) => sendUbl('DESPATCHADVICE', doc),

    async sendEArchive(doc) {
      const body = await call('eArchive', ARCHIVE_NS, 'ArchiveInvoiceExtendedRequest', (REQUEST_HEADER) => ({
        REQUEST_HEADER,
        ArchiveInvoiceExtendedContent: {
          INVOICE_PROPERTIES: {
            EARSIV_FLAG: 'Y',
            EARSIV_PROPERTIES: {
              EARSIV_TYPE: doc.internet ? 'INTERNET' : 'NORMAL',
              EARSIV_EMAIL_FLAG: doc.email ? 'Y' : 'N',
              EARSIV_EMAIL: doc.email ?? undefined,
              SUB_STATUS: 'NEW',
            },
            INVOICE_CONTENT: b64(doc.xml),
          },
        },
      }), { clientTxnId: doc.uuid });
      return txnOf(body);
    },

    async status(documentType, uuid) {
      try {
        if (documentType === 'INVOICE') {
          const body = await call('eInvoice', WSDL_NS, 'GetInvoiceStatusRequest', (REQUEST_HEADER) => ({ REQUEST_HEADER, INVOICE: { '@UUID': uuid } }));
          const s = arr(body.INVOICE_STATUS)[0];
          if (!s) return NOT_FOUND;
          const direction = text(s.DIRECTION) === 'IN' ? 'IN' : 'OUT';
          const code = statusCodeOf(text(s.STATUS_CODE), text(s.STATUS), direction);
          const gibCode = text(s.GIB_STATUS_CODE);
          return {
            found: true,
            state: invoiceState(code, gibCode, direction),
            code: code ?? text(s.STATUS),
            description: text(s.STATUS_DESCRIPTION) ?? text(s.RESPONSE_DESC) ?? text(s.RESPONSE_DESCRIPTION),
            gibCode,
            gibDescription: text(s.GIB_STATUS_DESCRIPTION),
          };
        }
        if (documentType === 'EARCHIVE') {
          const body = await call('eArchive', ARCHIVE_NS, 'GetEArchiveInvoiceStatusRequest', (REQUEST_HEADER) => ({ REQUEST_HEADER, UUID: uuid }));
          const h = arr(body.INVOICE).map((i) => (i.HEADER ?? i) as Parsed)[0];
          const code = h ? text(h.STATUS) : null;
          if (!h || code === '200') return NOT_FOUND;
          return { found: true, state: earchiveState(code), code, description: text(h.STATUS_DESC) ?? (code ? EARCHIVE_STATUSES[code] ?? null : null), gibCode: null, gibDescription: null };
        }
        const body = await call('eDespatch', WSDL_NS, 'GetDespatchAdviceStatusRequest', (REQUEST_HEADER) => ({ REQUEST_HEADER, UUID: uuid }));
        const h = [...arr(body.DESPATCHADVICE_STATUS), ...arr(body.DESPATCHADVICE).map((d) => (d.DESPATCHADVICEHEADER ?? d) as Parsed)][0];
        if (!h) return NOT_FOUND;
        const code = statusCodeOf(text(h.STATUS_CODE), text(h.STATUS));
        const gibCode = text(h.GIB_STATUS_CODE);
        return { found: true, state: despatchState(code, gibCode), code: code ?? text(h.STATUS), description: text(h.STATUS_DESCRIPTION), gibCode, gibDescription: text(h.GIB_STATUS_DESCRIPTION) };
      } catch (e) {
        if (e instanceof IntegratorError && e.kind === 'NOT_FOUND') return NOT_FOUND;
        throw e;
      }
    },

    async cancelEArchive(doc) {
      await call('eArchive', ARCHIVE_NS, 'CancelEArchiveInvoiceRequest', (REQUEST_HEADER) => ({
        REQUEST_HEADER,
        CancelEArsivInvoiceContent: {
          FATURA_UUID: doc.uuid,
          FATURA_ID: doc.id,
          IPTAL_TARIHI: doc.cancelDate,
          TOPLAM_TUTAR: doc.total,
          IPTAL_NOTU: doc.note ?? undefined,
        },
      }));
    },

    async inbox(q) {
      const invoice = q.documentType === 'INVOICE';
      let body: Parsed;
      try {
        body = await call(invoice ? 'eInvoice' : 'eDespatch', WSDL_NS, invoice ? 'GetInvoiceRequest' : 'GetDespatchAdviceRequest', (REQUEST_HEADER) => ({
          REQUEST_HEADER,
          [invoice ? 'INVOICE_SEARCH_KEY' : 'SEARCH_KEY']: {
            LIMIT: Math.min(q.limit ?? 100, 100),
            DATE_TYPE: invoice ? (q.dateType ?? 'CREATE') : undefined,
            START_DATE: q.from,
            END_DATE: q.to,
            READ_INCLUDED: !q.unreadOnly,
            DIRECTION: 'IN',
          },
          HEADER_ONLY: 'N',
        }));
      } catch (e) {
        if (e instanceof IntegratorError && e.kind === 'NOT_FOUND') return [];
        throw e;
      }
      const items: InboxItem[] = [];
      for (const d of arr(body[invoice ? 'INVOICE' : 'DESPATCHADVICE'])) {
        const xml = (await decodeContent(d.CONTENT)) ?? '';
        const u = summary(xml);
        const h = (d[invoice ? 'HEADER' : 'DESPATCHADVICEHEADER'] ?? {}) as Parsed;
        const amount = h.PAYABLE_AMOUNT ?? h.AMOUNT;
        items.push({
          uuid: attr(d, 'UUID') ?? text(h.UUID) ?? u?.uuid ?? '',
          id: attr(d, 'ID') ?? text(h.ID) ?? u?.id ?? '',
          documentType: q.documentType,
          senderVkn: (invoice ? text(h.SENDER) : attr(h.SENDER, 'VKN')) ?? u?.supplier.vkn ?? '',
          senderTitle: (invoice ? text(h.SUPPLIER) : attr(h.SENDER, 'IDENTIFIER')) ?? u?.supplier.title ?? '',
          receiverVkn: (invoice ? text(h.RECEIVER) : attr(h.RECEIVER, 'VKN')) ?? u?.customer.vkn ?? '',
          issueDate: text(h.ISSUE_DATE) ?? u?.issueDate ?? '',
          profile: text(h.PROFILEID) ?? u?.profile ?? '',
          typeCode: text(invoice ? h.INVOICE_TYPE_CODE : h.TYPE_CODE) ?? u?.typeCode ?? '',
          payable: text(amount) ?? u?.payable ?? null,
          currency: attr(amount, 'currencyID') ?? u?.currency ?? null,
          xml,
          receivedAt: text(h.CDATE) ?? '',
        });
      }
      return items;
    },

    async markRead(documentType, uuids) {
      if (!uuids.length) return;
      if (documentType === 'INVOICE') {
        await call('eInvoice', WSDL_NS, 'MarkInvoiceRequest', (REQUEST_HEADER) => ({ REQUEST_HEADER, MARK: { '@value': 'READ', INVOICE: uuids.map((u) => ({ '@UUID': u })) } }));
      } else {
        await call('eDespatch', WSDL_NS, 'MarkDespatchAdviceRequest', (REQUEST_HEADER) => ({ REQUEST_HEADER, MARK: { '@value': 'READ', DESPATCHADVICEINFO: uuids.map((u) => ({ '@UUID': u })) } }));
      }
    },

    async respond(a) {
      await call('eInvoice', WSDL_NS, 'SendInvoiceResponseWithServerSignRequest', (REQUEST_HEADER) => ({
        REQUEST_HEADER,
        STATUS: a.answer,
        INVOICE: { '@UUID': a.uuid },
        DESCRIPTION: a.note?.trim() || (a.answer === 'KABUL' ? 'Fatura kabul edildi' : 'Reddedildi'),
      }), { clientTxnId: a.uuid });
    },

    async outboxDocument(documentType, uuid) {
      if (documentType === 'INVOICE') return outgoingXml('eInvoice', 'GetInvoiceRequest', 'INVOICE', 'INVOICE_SEARCH_KEY', uuid);
      if (documentType === 'DESPATCHADVICE') return outgoingXml('eDespatch', 'GetDespatchAdviceRequest', 'DESPATCHADVICE', 'SEARCH_KEY', uuid);
      try {
        const body = await call('eArchive', ARCHIVE_NS, 'ArchiveInvoiceReadRequest', (REQUEST_HEADER) => ({ REQUEST_HEADER, INVOICEID: uuid, PORTAL_DIRECTION: 'OUT', PROFILE: 'XML' }));
        return decodeContent(arr(body.INVOICE)[0]);
      } catch (e) {
        if (e instanceof IntegratorError && e.kind === 'NOT_FOUND') return null;
        throw e;
      }
    },
  };
}
