import { soap } from '@tezgah/server';

/**
 * SOAP 1.1 envelopes as Medula's services speak them (JAX-WS document/literal wrapped): the
 * operation element in the service namespace (`ser:`), its one parameter `arg0` unqualified, the
 * answer in `<ser:{op}Response><return>…</return>`. Every request carries a WS-Security
 * UsernameToken (PasswordText) in the header; the client also sends HTTP Basic with the same user
 * (public client code of Medula: MedEczaneYardimciIslem.pas, the NOTYA notes). Lists are repeated
 * elements with the list's name (ereceteIlacListesi, ereceteTaniListesi …).
 */
export const MEDULA_NS = 'http://servisler.ws.eczane.gss.sgk.gov.tr';
export const WSSE_NS = 'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-secext-1.0.xsd';
export const PASSWORD_TEXT = 'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-username-token-profile-1.0#PasswordText';

export type XmlObject = soap.XmlObject;
export type Parsed = soap.Parsed;
export const { NotSoap, arr, text } = soap;

export interface Credentials { username: string; password: string }

/** A request envelope: `<ser:{op}><arg0>{arg0}</arg0></ser:{op}>` with the UsernameToken. */
export function buildRequest(op: string, arg0: XmlObject, creds: Credentials | null): string {
  const header: XmlObject = creds ? {
    'wsse:Security': {
      '@xmlns:wsse': WSSE_NS,
      'wsse:UsernameToken': { 'wsse:Username': creds.username, 'wsse:Password': { '@Type': PASSWORD_TEXT, '#': creds.password } },
    },
  } : {};
  return soap.soapEnvelope({ ser: MEDULA_NS }, header, { [`ser:${op}`]: { arg0 } });
}

/** A response envelope: `<ser:{op}Response><return>{ret}</return>`. */
export function buildResponse(op: string, ret: XmlObject): string {
  return soap.soapEnvelope({ ser: MEDULA_NS }, null, { [`ser:${op}Response`]: { return: ret } });
}

/** A SOAP 1.1 fault (HTTP 500). */
export function buildFault(faultcode: 'Client' | 'Server', message: string): string {
  return soap.soapFault(faultcode, message);
}

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
  const m = soap.parseSoap(xml);
  if ('fault' in m) return { fault: { faultcode: m.fault.faultcode, faultstring: m.fault.faultstring } };
  const content = (m.body.arg0 ?? m.body.return ?? {}) as Parsed;
  const token = m.header.Security?.UsernameToken as Parsed | undefined;
  const credentials = token ? { username: text(token.Username) ?? '', password: text(token.Password) ?? '' } : null;
  return { element: m.element, content: content && typeof content === 'object' ? content : {}, credentials };
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
