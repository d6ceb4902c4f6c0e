import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { arr, attr, text, type Parsed } from './soap';

/** What the integrator side reads from a UBL-TR document (an Invoice or a DespatchAdvice). */
export interface UblSummary {
  root: 'Invoice' | 'DespatchAdvice' | string;
  uuid: string | null;
  id: string | null;
  profile: string | null;
  typeCode: string | null;
  issueDate: string | null;
  payable: string | null;
  currency: string | null;
  supplier: { vkn: string | null; title: string | null };
  customer: { vkn: string | null; title: string | null };
}

const parser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  textNodeName: '#text',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
});

export class NotUbl extends Error {}

function party(p: unknown): { vkn: string | null; title: string | null } {
  const party = (p as Parsed | undefined)?.Party as Parsed | undefined;
  if (!party) return { vkn: null, title: null };
  let vkn: string | null = null;
  for (const id of arr(party.PartyIdentification)) {
    const scheme = attr(id.ID, 'schemeID');
    if (scheme === 'VKN' || scheme === 'TCKN') { vkn = text(id.ID); break; }
  }
  const name = text((party.PartyName as Parsed | undefined)?.Name);
  const person = party.Person as Parsed | undefined;
  const personName = person ? [text(person.FirstName), text(person.FamilyName)].filter(Boolean).join(' ') || null : null;
  return { vkn, title: name ?? personName };
}

/** Reads the summary of a UBL-TR document; NotUbl when it is not well-formed XML. */
export function ublSummary(xml: string): UblSummary {
  const valid = XMLValidator.validate(xml);
  if (valid !== true) throw new NotUbl(`XML iyi biçimli değil: ${valid.err.msg} (satır ${valid.err.line})`);
  const doc = parser.parse(xml) as Parsed;
  const root = Object.keys(doc).find((k) => !k.startsWith('@_') && !k.startsWith('?') && k !== '#text');
  if (!root) throw new NotUbl('XML boş');
  const r = (doc[root] ?? {}) as Parsed;
  const total = (r.LegalMonetaryTotal as Parsed | undefined)?.PayableAmount;
  const despatch = root === 'DespatchAdvice';
  return {
    root,
    uuid: text(r.UUID),
    id: text(r.ID),
    profile: text(r.ProfileID),
    typeCode: text(despatch ? r.DespatchAdviceTypeCode : r.InvoiceTypeCode),
    issueDate: text(r.IssueDate),
    payable: text(total),
    currency: attr(total, 'currencyID') ?? text(r.DocumentCurrencyCode),
    supplier: party(despatch ? r.DespatchSupplierParty : r.AccountingSupplierParty),
    customer: party(despatch ? r.DeliveryCustomerParty : r.AccountingCustomerParty),
  };
}
