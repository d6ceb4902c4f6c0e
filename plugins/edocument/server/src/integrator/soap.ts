import { create } from 'xmlbuilder2';
import { XMLParser, XMLValidator } from 'fast-xml-parser';

/**
 * SOAP 1.1 envelopes as izibiz's services speak them (document/literal): the request element in
 * the service's namespace (`wsdl:` prefix), its children unqualified, `vkn`/`alias`/`ID`/`UUID`
 * attributes where the WSDL has them. Built with xmlbuilder2 from plain objects (`@name` an
 * attribute, `#` the text, an array a repeated element, null/undefined left out) and read with
 * fast-xml-parser with the prefixes removed.
 */
export const SOAP_NS = 'http://schemas.xmlsoap.org/soap/envelope/';
/** Authentication, e-Fatura and e-İrsaliye services. */
export const WSDL_NS = 'http://schemas.i2i.com/ei/wsdl';
/** The e-Arşiv service (EIArchiveWS/EFaturaArchive). */
export const ARCHIVE_NS = 'http://schemas.i2i.com/ei/wsdl/archive';

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

/** A whole envelope whose body holds `element` (e.g. 'SendInvoiceRequest') in namespace `ns`. */
export function buildEnvelope(ns: string, element: string, content: XmlObject): string {
  return create({ version: '1.0', encoding: 'UTF-8' }, {
    'soapenv:Envelope': {
      '@xmlns:soapenv': SOAP_NS,
      '@xmlns:wsdl': ns,
      'soapenv:Header': {},
      'soapenv:Body': { [`wsdl:${element}`]: prune(content) as XmlObject },
    },
  }).end({ prettyPrint: false });
}

/** A SOAP 1.1 fault (sent with HTTP 500), izibiz's RequestFault in its detail when a code is given. */
export function buildFault(faultcode: 'Client' | 'Server', message: string, detail?: { code: string; description: string }): string {
  return create({ version: '1.0', encoding: 'UTF-8' }, {
    'soapenv:Envelope': {
      '@xmlns:soapenv': SOAP_NS,
      'soapenv:Body': {
        'soapenv:Fault': {
          faultcode: `soapenv:${faultcode}`,
          faultstring: message,
          ...(detail ? { detail: { 'ns2:RequestFault': { '@xmlns:ns2': WSDL_NS, ERROR_CODE: detail.code, ERROR_SHORT_DES: detail.description } } } : {}),
        },
      },
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

export interface SoapMessage {
  /** The body element's local name ('SendInvoiceRequest', 'LoginResponse', ...). */
  element: string;
  body: Parsed;
}

export interface SoapFault {
  faultcode: string;
  faultstring: string;
  /** The RequestFault's ERROR_CODE and description, when the detail has them. */
  code: string | null;
  description: string | null;
}

export class NotSoap extends Error {}

/** Reads an envelope: its body element, or its Fault. Throws NotSoap for anything else. */
export function parseEnvelope(xml: string): SoapMessage | { fault: SoapFault } {
  const valid = XMLValidator.validate(xml);
  if (valid !== true) throw new NotSoap(`not XML: ${valid.err.msg}`);
  const doc = parser.parse(xml) as Parsed;
  const env = doc.Envelope;
  if (!env || typeof env !== 'object') throw new NotSoap('no SOAP Envelope');
  const body = env.Body;
  if (!body || typeof body !== 'object') throw new NotSoap('no SOAP Body');
  const element = Object.keys(body).find((k) => !k.startsWith('@_') && k !== '#text');
  if (!element) throw new NotSoap('an empty SOAP Body');
  const content = body[element];
  if (element === 'Fault') {
    const f = (content ?? {}) as Parsed;
    const detail = (f.detail ?? f.Detail ?? {}) as Parsed;
    const rf = (typeof detail === 'object' ? (detail.RequestFault ?? Object.values(detail).find((v) => v && typeof v === 'object' && 'ERROR_CODE' in (v as object))) : null) as Parsed | null;
    return {
      fault: {
        faultcode: text(f.faultcode) ?? '',
        faultstring: text(f.faultstring) ?? '',
        code: rf ? text(rf.ERROR_CODE) : null,
        description: rf ? text(rf.ERROR_SHORT_DES) ?? text(rf.ERROR_SHORT_DESC) ?? text(rf.ERROR_LONG_DES) : null,
      },
    };
  }
  return { element, body: content && typeof content === 'object' ? content as Parsed : {} };
}

/** Always an array: nothing → [], one → [it]. */
export function arr<T = Parsed>(v: unknown): T[] {
  if (v === undefined || v === null || v === '') return [];
  return (Array.isArray(v) ? v : [v]) as T[];
}

/** An element's text (its `#text` when it has attributes), trimmed; empty → null. */
export function text(v: unknown): string | null {
  if (v === undefined || v === null) return null;
  if (typeof v === 'object') return Array.isArray(v) ? text(v[0]) : text((v as Parsed)['#text']);
  const s = String(v).trim();
  return s === '' ? null : s;
}

/** An attribute of a parsed element. */
export function attr(v: unknown, name: string): string | null {
  if (!v || typeof v !== 'object') return null;
  return text((v as Parsed)[`@_${name}`]);
}
