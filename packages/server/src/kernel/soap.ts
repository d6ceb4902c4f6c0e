import { create } from 'xmlbuilder2';
import { XMLParser, XMLValidator } from 'fast-xml-parser';

/**
 * SOAP 1.1 for the plugins whose outside systems speak it (Medula, the e-document integrator):
 * envelopes built with xmlbuilder2 from plain objects (`@name` an attribute, `#` the text, an
 * array a repeated element, null/undefined left out, booleans and numbers as text) and read with
 * fast-xml-parser with the namespace prefixes removed (attributes as `@_name`, text as `#text`,
 * every value a string). Each plugin keeps its protocol (namespaces, headers, where the payload
 * sits, fault details) in its own small module over these.
 */
export const SOAP_NS = 'http://schemas.xmlsoap.org/soap/envelope/';

export type XmlObject = { [name: string]: XmlValue };
export type XmlValue = string | number | boolean | null | undefined | XmlObject | XmlValue[];
export type Parsed = Record<string, any>;

/** Something that is not a SOAP envelope (not XML, no Envelope or Body, an empty Body). */
export class NotSoap extends Error {}

/** A value ready for xmlbuilder2: null and undefined left out, booleans and numbers as text. */
export function xmlValue(v: XmlValue): XmlValue {
  if (Array.isArray(v)) return v.filter((x) => x !== null && x !== undefined).map(xmlValue);
  if (v && typeof v === 'object') {
    const out: XmlObject = {};
    for (const [k, x] of Object.entries(v)) if (x !== null && x !== undefined) out[k] = xmlValue(x);
    return out;
  }
  return typeof v === 'boolean' ? (v ? 'true' : 'false') : typeof v === 'number' ? String(v) : v;
}

/**
 * An envelope (prefix `soapenv`): `namespaces` declared on it (prefix → URI), a Header when
 * `header` is given (an empty one for `{}`), and `body` as the Body's content.
 */
export function soapEnvelope(namespaces: Record<string, string>, header: XmlObject | null, body: XmlObject): string {
  const env: XmlObject = { '@xmlns:soapenv': SOAP_NS };
  for (const [prefix, uri] of Object.entries(namespaces)) env[`@xmlns:${prefix}`] = uri;
  if (header) env['soapenv:Header'] = xmlValue(header) as XmlObject;
  env['soapenv:Body'] = xmlValue(body) as XmlObject;
  return create({ version: '1.0', encoding: 'UTF-8' }, { 'soapenv:Envelope': env }).end({ prettyPrint: false });
}

/** A SOAP 1.1 fault (sent with HTTP 500), with the protocol's own `detail` when given. */
export function soapFault(faultcode: 'Client' | 'Server', message: string, detail?: XmlObject): string {
  return soapEnvelope({}, null, {
    'soapenv:Fault': { faultcode: `soapenv:${faultcode}`, faultstring: message, ...(detail ? { detail } : {}) },
  });
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

export interface SoapParts {
  /** The Body element's local name ('ereceteSorgula', 'SendInvoiceRequest', 'LoginResponse' …). */
  element: string;
  /** That element's content (an empty object when it has none). */
  body: Parsed;
  /** The Header's content (an empty object when there is none). */
  header: Parsed;
}

export interface SoapFaultParts {
  faultcode: string;
  faultstring: string;
  /** The fault's detail element's content, for the protocol to read (an empty object when absent). */
  detail: Parsed;
}

/** Reads an envelope: its Body element and Header, or its Fault. Throws NotSoap for anything else. */
export function parseSoap(xml: string): SoapParts | { fault: SoapFaultParts } {
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
  const content = body[element];
  if (element === 'Fault') {
    const f = (content ?? {}) as Parsed;
    const detail = f.detail ?? f.Detail;
    return { fault: { faultcode: text(f.faultcode) ?? '', faultstring: text(f.faultstring) ?? '', detail: detail && typeof detail === 'object' ? detail as Parsed : {} } };
  }
  const header = env.Header;
  return { element, body: content && typeof content === 'object' ? content as Parsed : {}, header: header && typeof header === 'object' ? header as Parsed : {} };
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
