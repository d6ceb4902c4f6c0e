import Decimal from 'decimal.js';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { NS } from './builder';
import type { ParsedLine, ParsedParty, ParsedUbl } from './types';

/**
 * parseUbl: an incoming (or our own) UBL-TR document read with fast-xml-parser.
 *
 * Prefixes are the sender's choice, so the parsed tree is rewritten with every element named by
 * its namespace: UBL's cac / cbc / ext get those prefixes, the document namespaces `doc:`, and
 * anything else `{uri}local`; a `cbc:ID` is found whatever prefix (or default namespace) the
 * sender used, and an element of the same local name in another namespace is not.
 *
 * Safety: a DOCTYPE or ENTITY declaration is refused before parsing (no billion laughs, no
 * external entities); only XML's five predefined entities and character references are decoded.
 */

export class UblParseError extends Error {
  override name = 'UblParseError';
}

const KNOWN: Record<string, string> = {
  [NS.cac]: 'cac',
  [NS.cbc]: 'cbc',
  [NS.ext]: 'ext',
  [NS.inv]: 'doc',
  [NS.desp]: 'doc',
  [NS.apr]: 'doc',
  [NS.recp]: 'doc',
  'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2': 'doc',
};
const KINDS: Record<string, ParsedUbl['kind']> = {
  [NS.inv]: 'INVOICE',
  [NS.desp]: 'DESPATCH',
  [NS.apr]: 'APPLICATION_RESPONSE',
  [NS.recp]: 'RECEIPT_ADVICE',
};

type Raw = Record<string, unknown>;
/** An element after namespace normalisation: children by qualified name, attributes by local name, text. */
export interface El {
  name: string;
  ns: string;
  attrs: Record<string, string>;
  text: string;
  kids: El[];
}

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  processEntities: true,
  htmlEntities: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
});

function toEl(node: Raw, scope: Record<string, string>): El | null {
  const tag = Object.keys(node).find((k) => k !== ':@');
  if (!tag || tag.startsWith('#') || tag.startsWith('?')) return null;
  const rawAttrs = (node[':@'] ?? {}) as Record<string, string>;
  const sc = { ...scope };
  for (const [k, v] of Object.entries(rawAttrs)) {
    if (k === 'xmlns') sc[''] = v;
    else if (k.startsWith('xmlns:')) sc[k.slice(6)] = v;
  }
  const i = tag.indexOf(':');
  const prefix = i >= 0 ? tag.slice(0, i) : '';
  const local = i >= 0 ? tag.slice(i + 1) : tag;
  const ns = sc[prefix] ?? '';
  const alias = KNOWN[ns];
  const name = alias ? `${alias}:${local}` : ns ? `{${ns}}${local}` : local;
  const attrs: Record<string, string> = {};
  for (const [k, v] of Object.entries(rawAttrs)) {
    if (k === 'xmlns' || k.startsWith('xmlns:')) continue;
    attrs[k.slice(k.indexOf(':') + 1)] = String(v);
  }
  const kids: El[] = [];
  let text = '';
  for (const c of (node[tag] as Raw[]) ?? []) {
    if ('#text' in c) text += String(c['#text']);
    else {
      const e = toEl(c, sc);
      if (e) kids.push(e);
    }
  }
  return { name, ns, attrs, text: text.trim(), kids };
}

/** Children (or deeper descendants by a path "cac:A/cbc:B") of an element. */
export function all(e: El | null | undefined, path: string): El[] {
  if (!e) return [];
  let cur: El[] = [e];
  for (const step of path.split('/')) cur = cur.flatMap((c) => c.kids.filter((k) => k.name === step));
  return cur;
}
export const one = (e: El | null | undefined, path: string): El | null => all(e, path)[0] ?? null;
export const txt = (e: El | null | undefined, path: string): string | null => {
  const f = one(e, path);
  return f && f.text !== '' ? f.text : null;
};

function decode(input: string | Buffer): string {
  if (typeof input === 'string') return input.replace(/^\uFEFF/, '');
  const head = input.subarray(0, 200).toString('latin1');
  const enc = /encoding=["']([\w.-]+)["']/i.exec(head)?.[1]?.toLowerCase() ?? 'utf-8';
  try {
    return new TextDecoder(enc === 'utf8' ? 'utf-8' : enc, { fatal: false }).decode(input).replace(/^\uFEFF/, '');
  } catch {
    return input.toString('utf8').replace(/^\uFEFF/, '');
  }
}

/** Parses and namespace-normalises an XML text; UblParseError (Turkish) when it is not usable. */
export function parseXmlTree(input: string | Buffer): El {
  const xml = decode(input);
  if (!xml.trim()) throw new UblParseError('Dosya boş (0 bayt): bir UBL-TR belgesi bekleniyordu.');
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) throw new UblParseError('Belgede DOCTYPE/ENTITY bildirimi var; güvenlik nedeniyle okunmadı.');
  const v = XMLValidator.validate(xml);
  if (v !== true) throw new UblParseError(`Dosya geçerli bir XML değil (satır ${v.err.line}): ${v.err.msg}. Dosya eksik ya da bozuk olabilir.`);
  let raw: Raw[];
  try {
    raw = parser.parse(xml) as Raw[];
  } catch (e) {
    throw new UblParseError(`Dosya XML olarak okunamadı: ${(e as Error).message}`);
  }
  for (const n of raw) {
    const e = toEl(n, { xml: 'http://www.w3.org/XML/1998/namespace' });
    if (e) return e;
  }
  throw new UblParseError('Dosyada kök öğe yok.');
}

const dec = (s: string | null | undefined, fallback = '0') => {
  if (s === null || s === undefined || s === '') return fallback;
  try {
    return new Decimal(s.trim()).toString();
  } catch {
    return fallback;
  }
};
const money = (s: string | null | undefined) => new Decimal(dec(s)).toFixed(2);
const sum = (els: El[]) => els.reduce((s, e) => s.plus(dec(e.text)), new Decimal(0)).toFixed(2);

function parseParty(p: El | null): ParsedParty {
  const ids = all(p, 'cac:PartyIdentification/cbc:ID');
  const idEl = ids.find((i) => i.attrs.schemeID === 'VKN' || i.attrs.schemeID === 'TCKN') ?? ids[0] ?? null;
  const person = one(p, 'cac:Person');
  const personName = person ? [txt(person, 'cbc:FirstName'), txt(person, 'cbc:FamilyName')].filter(Boolean).join(' ') : '';
  const addr = one(p, 'cac:PostalAddress');
  const street = [txt(addr, 'cbc:StreetName'), txt(addr, 'cbc:BuildingNumber')].filter(Boolean).join(' No:');
  return {
    vknTckn: idEl?.text || null,
    name: txt(p, 'cac:PartyName/cbc:Name') ?? (personName || null),
    taxOffice: txt(p, 'cac:PartyTaxScheme/cac:TaxScheme/cbc:Name'),
    city: txt(addr, 'cbc:CityName'),
    district: txt(addr, 'cbc:CitySubdivisionName'),
    street: street || null,
    email: txt(p, 'cac:Contact/cbc:ElectronicMail'),
    alias: null,
  };
}

function parseLine(l: El, kind: ParsedUbl['kind']): ParsedLine {
  const qtyEl = one(l, 'cbc:InvoicedQuantity') ?? one(l, 'cbc:DeliveredQuantity') ?? one(l, 'cbc:ReceivedQuantity');
  const quantity = dec(qtyEl?.text);
  const taxSubs = all(l, 'cac:TaxTotal/cac:TaxSubtotal');
  const kdv = taxSubs.find((s) => txt(s, 'cac:TaxCategory/cac:TaxScheme/cbc:TaxTypeCode') === '0015') ?? taxSubs[0] ?? null;
  const item = one(l, 'cac:Item');
  const addl = all(item, 'cac:AdditionalItemIdentification/cbc:ID');
  const gtin = addl.find((a) => /^(GTIN|ILAC|TIBBICIHAZ|BARKOD)$/i.test(a.attrs.schemeID ?? ''))?.text ?? null;
  let unitPrice = txt(l, 'cac:Price/cbc:PriceAmount');
  let lineExtension = txt(l, 'cbc:LineExtensionAmount');
  if (kind === 'DESPATCH' && !lineExtension) {
    const value = txt(l, 'cac:Shipment/cac:GoodsItem/cbc:ValueAmount');
    lineExtension = value;
    if (value && !new Decimal(quantity).isZero()) unitPrice = new Decimal(value).div(quantity).toDecimalPlaces(8).toString();
  }
  const discounts = all(l, 'cac:AllowanceCharge').filter((a) => txt(a, 'cbc:ChargeIndicator') !== 'true');
  return {
    lineNo: Number(txt(l, 'cbc:ID') ?? 0) || 0,
    name: txt(item, 'cbc:Name') ?? '',
    quantity,
    unitCode: qtyEl?.attrs.unitCode ?? null,
    unitPrice: dec(unitPrice),
    lineExtension: money(lineExtension),
    discount: sum(discounts.map((d) => one(d, 'cbc:Amount')!).filter(Boolean)),
    taxPercent: kdv ? dec(txt(kdv, 'cbc:Percent'), '') || null : null,
    taxAmount: money(txt(l, 'cac:TaxTotal/cbc:TaxAmount')),
    barcode: txt(item, 'cac:ManufacturersItemIdentification/cbc:ID') ?? gtin,
    sellerCode: txt(item, 'cac:SellersItemIdentification/cbc:ID'),
    buyerCode: txt(item, 'cac:BuyersItemIdentification/cbc:ID'),
    gtin,
  };
}

/** The document's embedded display XSLT (GİB convention), decoded, or null. */
export function embeddedXslt(root: El): string | null {
  for (const ref of all(root, 'cac:AdditionalDocumentReference')) {
    const obj = one(ref, 'cac:Attachment/cbc:EmbeddedDocumentBinaryObject');
    if (!obj || !obj.text) continue;
    const isXslt = /\.xslt?$/i.test(obj.attrs.filename ?? '') || /^XSLT$/i.test(txt(ref, 'cbc:DocumentType') ?? '');
    if (!isXslt) continue;
    try {
      return Buffer.from(obj.text.replace(/\s+/g, ''), 'base64').toString('utf8').replace(/^\uFEFF/, '');
    } catch {
      return null;
    }
  }
  return null;
}

export function parseUblTree(root: El): ParsedUbl {
  const kind = KINDS[root.ns];
  if (!kind || !/^doc:(Invoice|DespatchAdvice|ApplicationResponse|ReceiptAdvice)$/.test(root.name)) {
    const local = root.name.replace(/^.*[:}]/, '');
    throw new UblParseError(
      `Bu bir UBL-TR belgesi değil: kök öğe '${local}'${root.ns ? ` (${root.ns})` : ''}; Invoice, DespatchAdvice, ApplicationResponse ya da ReceiptAdvice bekleniyordu.`,
    );
  }
  const uuid = txt(root, 'cbc:UUID');
  if (!uuid) throw new UblParseError('Belgede ETTN (cbc:UUID) yok.');
  const id = txt(root, 'cbc:ID');
  if (!id) throw new UblParseError('Belgede belge numarası (cbc:ID) yok.');
  const issueDate = txt(root, 'cbc:IssueDate');
  if (!issueDate) throw new UblParseError('Belgede düzenleme tarihi (cbc:IssueDate) yok.');

  const supplierParty =
    kind === 'INVOICE'
      ? one(root, 'cac:AccountingSupplierParty/cac:Party')
      : kind === 'APPLICATION_RESPONSE'
        ? one(root, 'cac:SenderParty')
        : one(root, 'cac:DespatchSupplierParty/cac:Party');
  const customerParty =
    kind === 'INVOICE'
      ? one(root, 'cac:AccountingCustomerParty/cac:Party')
      : kind === 'APPLICATION_RESPONSE'
        ? one(root, 'cac:ReceiverParty')
        : one(root, 'cac:DeliveryCustomerParty/cac:Party');

  const lineTag = kind === 'INVOICE' ? 'cac:InvoiceLine' : kind === 'DESPATCH' ? 'cac:DespatchLine' : 'cac:ReceiptLine';
  const lines = all(root, lineTag).map((l) => parseLine(l, kind));

  const lmt = one(root, 'cac:LegalMonetaryTotal');
  const tax = sum(all(root, 'cac:TaxTotal/cbc:TaxAmount'));
  const withholding = sum(all(root, 'cac:WithholdingTaxTotal/cbc:TaxAmount'));
  const lineSum = lines.reduce((s, l) => s.plus(l.lineExtension), new Decimal(0)).toFixed(2);
  const totals = {
    lineExtension: lmt ? money(txt(lmt, 'cbc:LineExtensionAmount')) : lineSum,
    allowance: money(txt(lmt, 'cbc:AllowanceTotalAmount')),
    taxExclusive: lmt ? money(txt(lmt, 'cbc:TaxExclusiveAmount')) : lineSum,
    tax,
    taxInclusive: lmt ? money(txt(lmt, 'cbc:TaxInclusiveAmount')) : new Decimal(lineSum).plus(tax).toFixed(2),
    withholding,
    payable: lmt ? money(txt(lmt, 'cbc:PayableAmount')) : new Decimal(lineSum).plus(tax).toFixed(2),
  };

  const taxSubtotals = [
    ...all(root, 'cac:TaxTotal/cac:TaxSubtotal').map((s) => ({ s, w: false })),
    ...all(root, 'cac:WithholdingTaxTotal/cac:TaxSubtotal').map((s) => ({ s, w: true })),
  ].map(({ s, w }) => ({
    code: txt(s, 'cac:TaxCategory/cac:TaxScheme/cbc:TaxTypeCode') ?? '',
    name: txt(s, 'cac:TaxCategory/cac:TaxScheme/cbc:Name') ?? '',
    percent: txt(s, 'cbc:Percent') ? dec(txt(s, 'cbc:Percent')) : null,
    base: money(txt(s, 'cbc:TaxableAmount')),
    amount: money(txt(s, 'cbc:TaxAmount')),
    withholding: w,
  }));

  const billing = one(root, 'cac:BillingReference/cac:InvoiceDocumentReference');
  const resp = one(root, 'cac:DocumentResponse');
  const typeCode =
    txt(root, 'cbc:InvoiceTypeCode') ??
    txt(root, 'cbc:DespatchAdviceTypeCode') ??
    txt(root, 'cbc:ReceiptAdviceTypeCode') ??
    txt(resp, 'cac:Response/cbc:ResponseCode') ??
    '';

  return {
    kind,
    uuid,
    id,
    issueDate,
    issueTime: txt(root, 'cbc:IssueTime'),
    profile: txt(root, 'cbc:ProfileID') ?? '',
    typeCode,
    currency: txt(root, 'cbc:DocumentCurrencyCode') ?? 'TRY',
    exchangeRate: txt(root, 'cac:PricingExchangeRate/cbc:CalculationRate'),
    supplier: parseParty(supplierParty),
    customer: parseParty(customerParty),
    lines,
    totals,
    notes: all(root, 'cbc:Note').map((n) => n.text).filter(Boolean),
    billingReference: billing ? { id: txt(billing, 'cbc:ID') ?? '', issueDate: txt(billing, 'cbc:IssueDate') } : null,
    hasEmbeddedXslt: embeddedXslt(root) !== null,
    taxSubtotals,
    response: resp
      ? {
          code: txt(resp, 'cac:Response/cbc:ResponseCode') ?? '',
          invoiceUuid: txt(resp, 'cac:DocumentReference/cbc:ID') ?? txt(resp, 'cac:Response/cbc:ReferenceID'),
          invoiceId: txt(resp, 'cac:DocumentReference/cbc:DocumentDescription'),
          note: txt(resp, 'cac:Response/cbc:Description'),
        }
      : null,
  };
}

export function parseUbl(xml: string | Buffer): ParsedUbl {
  return parseUblTree(parseXmlTree(xml));
}
