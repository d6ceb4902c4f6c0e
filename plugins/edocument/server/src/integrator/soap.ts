import { soap } from '@tezgah/server';

/**
 * SOAP 1.1 envelopes as izibiz's services speak them (document/literal): the request element in
 * the service's namespace (`wsdl:` prefix), its children unqualified, `vkn`/`alias`/`ID`/`UUID`
 * attributes where the WSDL has them; built and read with the kernel's SOAP helpers (`soap`).
 */
export const SOAP_NS = soap.SOAP_NS;
/** Authentication, e-Fatura and e-İrsaliye services. */
export const WSDL_NS = 'http://schemas.i2i.com/ei/wsdl';
/** The e-Arşiv service (EIArchiveWS/EFaturaArchive). */
export const ARCHIVE_NS = 'http://schemas.i2i.com/ei/wsdl/archive';

export type XmlObject = soap.XmlObject;
export type XmlValue = soap.XmlValue;
export type Parsed = soap.Parsed;
export const { NotSoap, arr, text, attr } = soap;

/** A whole envelope whose body holds `element` (e.g. 'SendInvoiceRequest') in namespace `ns`. */
export function buildEnvelope(ns: string, element: string, content: XmlObject): string {
  return soap.soapEnvelope({ wsdl: ns }, {}, { [`wsdl:${element}`]: content });
}

/** A SOAP 1.1 fault (sent with HTTP 500), izibiz's RequestFault in its detail when a code is given. */
export function buildFault(faultcode: 'Client' | 'Server', message: string, detail?: { code: string; description: string }): string {
  return soap.soapFault(faultcode, message, detail
    ? { 'ns2:RequestFault': { '@xmlns:ns2': WSDL_NS, ERROR_CODE: detail.code, ERROR_SHORT_DES: detail.description } }
    : undefined);
}

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

/** Reads an envelope: its body element, or its Fault (with izibiz's RequestFault). Throws NotSoap for anything else. */
export function parseEnvelope(xml: string): SoapMessage | { fault: SoapFault } {
  const m = soap.parseSoap(xml);
  if (!('fault' in m)) return { element: m.element, body: m.body };
  const detail = m.fault.detail;
  const rf = (detail.RequestFault ?? Object.values(detail).find((v) => v && typeof v === 'object' && 'ERROR_CODE' in (v as object))) as Parsed | undefined;
  return {
    fault: {
      faultcode: m.fault.faultcode,
      faultstring: m.fault.faultstring,
      code: rf ? text(rf.ERROR_CODE) : null,
      description: rf ? text(rf.ERROR_SHORT_DES) ?? text(rf.ERROR_SHORT_DESC) ?? text(rf.ERROR_LONG_DES) : null,
    },
  };
}
