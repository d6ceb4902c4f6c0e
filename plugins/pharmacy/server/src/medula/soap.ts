import { create } from 'xmlbuilder2';
import { XMLParser, XMLValidator } from 'fast-xml-parser';

/**
 * SOAP 1.1 envelopes as Medula's services speak them (JAX-WS document/literal wrapped): the
 * operation element in the service namespace (`ser:`), its one parameter `arg0` unqualified, the
 * answer in `<ser:{op}Response><return>…</return>`. Every request carries a WS-Security
 * UsernameToken (PasswordText) in the header; the client also sends HTTP Basic with the same user
 * (public client code of Medula: MedEczaneYardimciIslem.pas, the NOTYA notes). Lists are repeated
 * elements with the list's name (ereceteIlacListesi, ereceteTaniListesi …).
 */
export const SOAP_NS = 'http://schemas.xmlsoap.org/soap/envelope/';
export const MEDULA_NS = 'http://servisler.ws.eczane.gss.sgk.gov.tr';
export const WSSE_NS = 'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-secext-1.0.xsd';
export const PASSWORD_TEXT = 'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-username-token-profile-1.0#PasswordText';

export type XmlObject = { [name: string]: XmlValue };
export type XmlValue = string | number | boolean | null | undefined | XmlObject | XmlValue[];

function prune(v: XmlValue): XmlValue {
  if (Array.isArray(v)) return v.filter((x) => x !== null && x !== undefined).map(prune);
  if (v && typeof v === 'object') {
    const out: XmlObject = {};
    for (const [k, x] of Object.entries(v)) if (x !== null && x !== undefined) out[k] = prune(x);
    return out;
  }
  return typeof v === 'boolean' ? (v ? 'true' : 'false') : typeof v === 'number' ? String(v) : v;
}

export interface Credentials { username: string; password: string }

/** A request envelope: `<ser:{op}><arg0>{arg0}</arg0></ser:{op}>` with the UsernameToken. */
export function buildRequest(op: string, arg0: XmlObject, creds: Credentials | null): string {
  const header: XmlObject = creds ? {
    'wsse:Security': {
      '@xmlns:wsse': WSSE_NS,
      'soapenv:mustUnderstand': undefined,
      'wsse:UsernameToken': { 'wsse:Username': creds.username, 'wsse:Password': { '@Type': PASSWORD_TEXT, '#': creds.password } },
    },
  } : {};
  return create({ version: '1.0', encoding: 'UTF-8' }, {
    'soapenv:Envelope': {
      '@xmlns:soapenv': SOAP_NS,
      '@xmlns:ser': MEDULA_NS,
      'soapenv:Header': prune(header) as XmlObject,
      'soapenv:Body': { [`ser:${op}`]: { arg0: prune(arg0) as XmlObject } },
    },
  }).end({ prettyPrint: false });
}

/** A response envelope: `<ser:{op}Response><return>{ret}</return>`. */
export function buildResponse(op: string, ret: XmlObject): string {
  return create({ version: '1.0', encoding: 'UTF-8' }, {
    'soapenv:Envelope': {
      '@xmlns:soapenv': SOAP_NS,
      '@xmlns:ser': MEDULA_NS,
      'soapenv:Body': { [`ser:${op}Response`]: { return: prune(ret) as XmlObject } },
    },
  }).end({ prettyPrint: false });
}

/** A SOAP 1.1 fault (HTTP 500). */
export function buildFault(faultcode: 'Client' | 'Server', message: string): string {
  return create({ version: '1.0', encoding: 'UTF-8' }, {
    'soapenv:Envelope': {
      '@xmlns:soapenv': SOAP_NS,
      'soapenv:Body': { 'soapenv:Fault': { faultcode: `soapenv:${faultcode}`, faultstring: message } },
    },
  }).end({ prettyPrint: false });
}

const parser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  textNodeName: '#text',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
  ignoreDeclaration: true,
});

export type Parsed = Record<string, any>;

export class NotSoap extends Error {}

export interface SoapMessage {
  /** The body element's local name ('ereceteSorgula', 'ereceteSorgulaResponse', …). */
  element: string;
  /** The request's arg0 or the response's return (an empty object when absent). */
  content: Parsed;
  /** The WSSE UsernameToken of a request, when it carries one. */
  credentials: Credentials | null;
}

/** Reads an envelope; a Fault comes back as `{ fault }`. Throws NotSoap for anything else. */
export function parseEnvelope(xml: string): SoapMessage | { fault: { faultcode: string; faultstring: string } } {
  if (typeof xml !== 'string' || !xml.trim()) throw new NotSoap('empty body');
  const valid = XMLValidator.validate(xml);
  if (valid !== true) throw new NotSoap(`not XML: ${valid.err.msg}`);
  const doc = parser.parse(xml) as Parsed;
  const env = doc.Envelope;
  if (!env || typeof env !== 'object') throw new NotSoap('no SOAP Envelope');
  const body = env.Body;
  if (!body || typeof body !== 'object') throw new NotSoap('no SOAP Body');
  const element = Object.keys(body).find((k) => !k.startsWith('@_') && k !== '#text');
  if (!element) throw new NotSoap('an empty SOAP Body');
  const inner = body[element];
  if (element === 'Fault') {
    const f = (inner ?? {}) as Parsed;
    return { fault: { faultcode: text(f.faultcode) ?? '', faultstring: text(f.faultstring) ?? '' } };
  }
  const holder = inner && typeof inner === 'object' ? inner as Parsed : {};
  const content = (holder.arg0 ?? holder.return ?? {}) as Parsed;
  const token = env.Header?.Security?.UsernameToken as Parsed | undefined;
  const credentials = token ? { username: text(token.Username) ?? '', password: text(token.Password) ?? '' } : null;
  return { element, content: content && typeof content === 'object' ? content : {}, credentials };
}

/** Always an array: nothing → [], one → [it]. */
export function arr<T = Parsed>(v: unknown): T[] {
  if (v === undefined || v === null || v === '') return [];
  return (Array.isArray(v) ? v : [v]) as T[];
}

/** An element's text, trimmed; empty → null. */
export function text(v: unknown): string | null {
  if (v === undefined || v === null) return null;
  if (typeof v === 'object') return Array.isArray(v) ? text(v[0]) : text((v as Parsed)['#text']);
  const s = String(v).trim();
  return s === '' ? null : s;
}

/** An element's number (Medula writes decimals with a dot); absent → null. */
export function num(v: unknown): number | null {
  const t = text(v);
  if (t === null) return null;
  const n = Number(t.replace(',', '.'));
  return Number.isFinite(n) ? n : null;
}

/** dd.MM.yyyy (Medula's dates) → YYYY-MM-DD; anything else → null. */
export function isoDate(v: unknown): string | null {
  const t = text(v);
  const m = t ? /^([0-9]{2})\.([0-9]{2})\.([0-9]{4})$/.exec(t) : null;
  return m ? `${m[3]}-${m[2]}-${m[1]}` : null;
}

/** YYYY-MM-DD → dd.MM.yyyy. */
export function medulaDate(iso: string): string {
  const [y, m, d] = iso.slice(0, 10).split('-');
  return `${d}.${m}.${y}`;
}
