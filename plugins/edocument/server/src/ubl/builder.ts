/**
 * UBL-TR 1.2.1 documents built with xmlbuilder2: e-Fatura / e-Arşiv invoices, e-İrsaliye despatch
 * advices and KABUL/RED application responses. Element order follows GİB's XSDs
 * (resources/ubl-tr/xsdrt), which are the judge: validateUbl() checks every document built here.
 *
 * The signature placeholder. GİB's UBL-Invoice-2.1.xsd (unlike OASIS') makes ext:UBLExtensions
 * mandatory, and ext:ExtensionContent must hold exactly one element (xsd:any ##other, lax). The
 * XAdES signature goes there, but we do not sign: the integrator signs what we send. An empty
 * ExtensionContent would make our own document XSD-invalid as sent (that is why izibiz's unsigned
 * samples fail), so ExtensionContent carries one empty element in a namespace of ours,
 * `<tzg:ImzaYeri xmlns:tzg="urn:tezgah:edocument:imza-yeri"/>` ("signature goes here"): the XSD
 * accepts it (lax, no schema for that namespace), GİB's schematron has no rule on it, and the
 * integrator replaces it by ds:Signature. {@link SIGNATURE_PLACEHOLDER_NS} lets parsers and the
 * integrator port recognise it. cac:Signature (also mandatory in the Invoice XSD) names the
 * supplier as signatory and points at "#Signature_<id>" as GİB's samples do.
 *
 * Amounts: decimal.js throughout; every amount written with 2 decimals and currencyID.
 * LegalMonetaryTotal: LineExtension = Σ lines; TaxExclusive = LineExtension (the tax base);
 * AllowanceTotal = 0 (no document-level allowance); TaxInclusive = TaxExclusive + Σ taxes
 * (withholding not deducted); Payable = TaxInclusive − Σ withholding.
 *
 * A document discount (fatura altı iskonto) is written in the lines only, never at document level.
 * Each line carries its share, as the books spread it, as one more cac:AllowanceCharge (after the
 * line's own discounts; BaseAmount = the line's net), so its LineExtensionAmount is its tax base,
 * the base its TaxSubtotal is on, and LegalMonetaryTotal/LineExtensionAmount is the invoice's tax
 * base. Why: GİB's schematron checks these amounts only for their form (decimalCheck: at most 2
 * decimals), so either placement validates; but GİB's display shows the lines' LineExtensionAmount
 * (each line's "Mal Hizmet Tutarı", their total as "Mal Hizmet Toplam Tutarı", the withholding
 * lines' as "Tevkifata Tabi İşlem Tutarı"), which only this placement keeps equal to the tax bases
 * of the books and the PDF; a document-level discount, as in the UBL-TR sample FATURA_8
 * (shared/data/ubl-tr/samples/izibiz), leaves lines whose amounts and KDV are before the discount.
 * Line allowances with MultiplierFactorNumeric and BaseAmount are what sample FATURA_19 and GİB's
 * display (line "İskonto Oranı" / "İskonto Tutarı") use. Writing it at document level too would
 * count it twice: a document-level allowance and AllowanceTotalAmount are subtracted from
 * LineExtensionAmount to make TaxExclusiveAmount (FATURA_8: 100 − 50 = 50), and our PDF view
 * (render.ts) adds AllowanceTotalAmount to the lines' allowances. So AllowanceTotalAmount is 0, and
 * TaxExclusive = LineExtension − AllowanceTotal still holds.
 */
import Decimal from 'decimal.js';
import { create } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces';
import { TAX_SHORT_NAMES } from './tax-codes';
import type {
  UblApplicationResponseInput,
  UblDespatchInput,
  UblInvoiceInput,
  UblLine,
  UblParty,
} from './types';
import { amountInWords } from './words';

export const NS = {
  inv: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  desp: 'urn:oasis:names:specification:ubl:schema:xsd:DespatchAdvice-2',
  apr: 'urn:oasis:names:specification:ubl:schema:xsd:ApplicationResponse-2',
  recp: 'urn:oasis:names:specification:ubl:schema:xsd:ReceiptAdvice-2',
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
  ext: 'urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2',
  xsi: 'http://www.w3.org/2001/XMLSchema-instance',
} as const;
export const SIGNATURE_PLACEHOLDER_NS = 'urn:tezgah:edocument:imza-yeri';

/** Thrown when an input cannot make a document GİB accepts (Turkish message). */
export class UblBuildError extends Error {
  override name = 'UblBuildError';
}

const D = (s: string | number | null | undefined) => new Decimal(s ?? 0);
const money = (d: Decimal.Value) => new Decimal(d).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
/** a percent as GİB's lists want it: no trailing zeros ("20", "8", "0", "50") */
const pct = (s: string) => new Decimal(s).toString();
const qty = (s: string) => new Decimal(s).toString();

type B = XMLBuilder;
function cbc(parent: B, name: string, text?: string | null, attrs?: Record<string, string>): B {
  const e = parent.ele(NS.cbc, `cbc:${name}`, attrs);
  if (text !== undefined && text !== null) e.txt(text);
  return e;
}
const cac = (parent: B, name: string) => parent.ele(NS.cac, `cac:${name}`);
function amount(parent: B, name: string, value: Decimal.Value, currency: string): B {
  return cbc(parent, name, money(value), { currencyID: currency });
}

function root(ns: string, name: string): B {
  const doc = create({ version: '1.0', encoding: 'UTF-8' });
  const r = doc.ele(ns, name, {
    'xmlns:cac': NS.cac,
    'xmlns:cbc': NS.cbc,
    'xmlns:ext': NS.ext,
    'xmlns:xsi': NS.xsi,
  });
  r.att(NS.xsi, 'xsi:schemaLocation', `${ns} UBL-${name}-2.1.xsd`);
  const ext = r.ele(NS.ext, 'ext:UBLExtensions').ele(NS.ext, 'ext:UBLExtension').ele(NS.ext, 'ext:ExtensionContent');
  ext.ele(SIGNATURE_PLACEHOLDER_NS, 'tzg:ImzaYeri', { 'xmlns:tzg': SIGNATURE_PLACEHOLDER_NS });
  return r;
}

export const isPerson = (vknTckn: string) => vknTckn.trim().length === 11;

function splitName(p: UblParty): { first: string; family: string } {
  if (p.firstName || p.familyName) return { first: p.firstName ?? '', family: p.familyName ?? '' };
  const parts = p.name.trim().split(/\s+/);
  const family = parts.length > 1 ? parts.pop()! : '';
  return { first: parts.join(' '), family };
}

function address(parent: B, tag: string, p: UblParty): void {
  const a = cac(parent, tag);
  if (p.street) cbc(a, 'StreetName', p.street);
  if (p.buildingNo) cbc(a, 'BuildingNumber', p.buildingNo);
  cbc(a, 'CitySubdivisionName', p.district ?? '');
  cbc(a, 'CityName', p.city ?? '');
  if (p.postalCode) cbc(a, 'PostalZone', p.postalCode);
  const c = cac(a, 'Country');
  const country = p.country ?? 'Türkiye';
  const code = p.countryCode ?? (/^t[üu]rk[iİı]ye$/i.test(country) || country.toUpperCase() === 'TR' ? 'TR' : null);
  if (code) cbc(c, 'IdentificationCode', code);
  cbc(c, 'Name', country);
}

/** cac:Party as GİB wants it: VKN with PartyName, TCKN with Person; tax office in PartyTaxScheme. */
function party(parent: B, p: UblParty, opts: { extraIds?: [string, string][]; tag?: string } = {}): B {
  const party = cac(parent, opts.tag ?? 'Party');
  if (p.website) cbc(party, 'WebsiteURI', p.website);
  const person = isPerson(p.vknTckn);
  cbc(cac(party, 'PartyIdentification'), 'ID', p.vknTckn.trim(), { schemeID: person ? 'TCKN' : 'VKN' });
  if (p.mersisNo) cbc(cac(party, 'PartyIdentification'), 'ID', p.mersisNo, { schemeID: 'MERSISNO' });
  if (p.tradeRegistryNo) cbc(cac(party, 'PartyIdentification'), 'ID', p.tradeRegistryNo, { schemeID: 'TICARETSICILNO' });
  for (const [scheme, id] of opts.extraIds ?? []) cbc(cac(party, 'PartyIdentification'), 'ID', id, { schemeID: scheme });
  if (!person) cbc(cac(party, 'PartyName'), 'Name', p.name);
  address(party, 'PostalAddress', p);
  if (p.taxOffice) cbc(cac(cac(party, 'PartyTaxScheme'), 'TaxScheme'), 'Name', p.taxOffice);
  if (p.phone || p.email) {
    const c = cac(party, 'Contact');
    if (p.phone) cbc(c, 'Telephone', p.phone);
    if (p.email) cbc(c, 'ElectronicMail', p.email);
  }
  if (person) {
    const { first, family } = splitName(p);
    const per = cac(party, 'Person');
    cbc(per, 'FirstName', first);
    cbc(per, 'FamilyName', family);
    if (p.nationalityId) cbc(per, 'NationalityID', p.nationalityId);
  }
  return party;
}

function signature(r: B, supplier: UblParty, docId: string): void {
  const s = cac(r, 'Signature');
  cbc(s, 'ID', supplier.vknTckn.trim(), { schemeID: 'VKN_TCKN' });
  const sp = cac(s, 'SignatoryParty');
  cbc(cac(sp, 'PartyIdentification'), 'ID', supplier.vknTckn.trim(), { schemeID: isPerson(supplier.vknTckn) ? 'TCKN' : 'VKN' });
  address(sp, 'PostalAddress', supplier);
  cbc(cac(cac(s, 'DigitalSignatureAttachment'), 'ExternalReference'), 'URI', `#Signature_${docId}`);
}

function docRef(parent: B, tag: string, id: string, issueDate: string, typeCode?: string, type?: string): B {
  const d = cac(parent, tag);
  cbc(d, 'ID', id);
  cbc(d, 'IssueDate', issueDate);
  if (typeCode) cbc(d, 'DocumentTypeCode', typeCode);
  if (type) cbc(d, 'DocumentType', type);
  return d;
}

interface TaxGroup {
  code: string;
  name: string;
  percent: string;
  base: Decimal;
  amount: Decimal;
  exemptionCode?: string | null;
  exemptionReason?: string | null;
}

function taxSubtotal(parent: B, g: TaxGroup, currency: string, withholding = false): void {
  const st = cac(parent, 'TaxSubtotal');
  amount(st, 'TaxableAmount', g.base, currency);
  amount(st, 'TaxAmount', g.amount, currency);
  cbc(st, 'Percent', pct(g.percent));
  const cat = cac(st, 'TaxCategory');
  if (!withholding && g.exemptionCode) cbc(cat, 'TaxExemptionReasonCode', g.exemptionCode);
  if (!withholding && g.exemptionReason) cbc(cat, 'TaxExemptionReason', g.exemptionReason);
  const sch = cac(cat, 'TaxScheme');
  cbc(sch, 'Name', g.name || TAX_SHORT_NAMES[g.code] || g.code);
  cbc(sch, 'TaxTypeCode', g.code);
}

function taxTotal(parent: B, tag: 'TaxTotal' | 'WithholdingTaxTotal', groups: TaxGroup[], currency: string): void {
  const t = cac(parent, tag);
  amount(t, 'TaxAmount', groups.reduce((s, g) => s.plus(g.amount), new Decimal(0)), currency);
  for (const g of groups) taxSubtotal(t, g, currency, tag === 'WithholdingTaxTotal');
}

/** Groups line taxes per (code, percent, exemption code). */
function groupTaxes(items: TaxGroup[]): TaxGroup[] {
  const m = new Map<string, TaxGroup>();
  for (const t of items) {
    const k = `${t.code}|${pct(t.percent)}|${t.exemptionCode ?? ''}`;
    const g = m.get(k);
    if (g) {
      g.base = g.base.plus(t.base);
      g.amount = g.amount.plus(t.amount);
    } else m.set(k, { ...t, base: D(t.base as unknown as string), amount: D(t.amount as unknown as string) });
  }
  return [...m.values()];
}

/** The profile × type pairs this builder makes (GİB's rules; see checkProfileType). */
export const ALLOWED_TYPES: Record<string, string[]> = {
  TEMELFATURA: ['SATIS', 'IADE', 'TEVKIFAT', 'ISTISNA', 'OZELMATRAH', 'IHRACKAYITLI'],
  TICARIFATURA: ['SATIS', 'TEVKIFAT', 'ISTISNA', 'OZELMATRAH', 'IHRACKAYITLI'],
  IHRACAT: ['ISTISNA'],
  YOLCUBERABERFATURA: ['ISTISNA'],
  EARSIVFATURA: ['SATIS', 'IADE', 'TEVKIFAT', 'ISTISNA', 'OZELMATRAH', 'IHRACKAYITLI'],
};

/**
 * The LegalMonetaryTotal of the lines (see the module comment): `allowance` is the document-level
 * allowance, always 0; `lineDiscounts` and `documentDiscount` are the lines' own allowances and
 * their shares of the document discount, for a reader's total discount.
 */
export function invoiceTotals(input: Pick<UblInvoiceInput, 'lines'>) {
  const lineExtension = input.lines.reduce((s, l) => s.plus(D(l.lineExtension)), new Decimal(0));
  const allowance = new Decimal(0);
  const lineDiscounts = input.lines.reduce((s, l) => s.plus(l.discounts.reduce((a, d) => a.plus(D(d.amount)), new Decimal(0))), new Decimal(0));
  const documentDiscount = input.lines.reduce((s, l) => s.plus(D(l.documentDiscount?.amount)), new Decimal(0));
  const tax = input.lines.reduce((s, l) => s.plus(l.taxes.reduce((a, t) => a.plus(D(t.amount)), new Decimal(0))), new Decimal(0));
  const withholding = input.lines.reduce((s, l) => s.plus(D(l.withholding?.amount ?? 0)), new Decimal(0));
  const taxExclusive = lineExtension.minus(allowance);
  const taxInclusive = taxExclusive.plus(tax);
  const payable = taxInclusive.minus(withholding);
  return { lineExtension, allowance, lineDiscounts, documentDiscount, taxExclusive, tax, taxInclusive, withholding, payable };
}

const PAYMENT_MEANS: Record<string, string> = {
  KREDIKARTI: '48',
  BANKAKARTI: '48',
  EFT: '42',
  HAVALE: '42',
  'EFT/HAVALE': '42',
  KAPIDAODEME: '10',
  NAKIT: '10',
  ODEMEARACISI: 'ZZZ',
  DIGER: 'ZZZ',
};

export function buildInvoice(input: UblInvoiceInput): string {
  const cur = input.currency || 'TRY';
  if (!input.lines.length) throw new UblBuildError('Faturada en az bir satır olmalı.');
  const totals = invoiceTotals(input);
  const r = root(NS.inv, 'Invoice');
  cbc(r, 'UBLVersionID', '2.1');
  cbc(r, 'CustomizationID', 'TR1.2');
  cbc(r, 'ProfileID', input.profile);
  cbc(r, 'ID', input.id);
  cbc(r, 'CopyIndicator', 'false');
  cbc(r, 'UUID', input.uuid);
  cbc(r, 'IssueDate', input.issueDate);
  if (input.issueTime) cbc(r, 'IssueTime', input.issueTime);
  cbc(r, 'InvoiceTypeCode', input.type);
  for (const n of input.notes) if (n.trim()) cbc(r, 'Note', n);
  cbc(r, 'Note', amountInWords(money(totals.payable), cur));
  if (input.profile === 'EARSIVFATURA' && input.earchive) {
    cbc(r, 'Note', `Gönderim Şekli: ${input.earchive.sendType}`);
    if (input.earchive.internet) cbc(r, 'Note', `İnternet satışı: ${input.earchive.internet.website}`);
  }
  cbc(r, 'DocumentCurrencyCode', cur);
  cbc(r, 'LineCountNumeric', String(input.lines.length));
  if (input.orderReference) {
    const o = cac(r, 'OrderReference');
    cbc(o, 'ID', input.orderReference.id);
    cbc(o, 'IssueDate', input.orderReference.issueDate);
  }
  if (input.billingReference) {
    docRef(cac(r, 'BillingReference'), 'InvoiceDocumentReference', input.billingReference.id, input.billingReference.issueDate, input.type === 'IADE' ? 'IADE' : undefined);
  }
  for (const d of input.despatchReferences ?? []) docRef(r, 'DespatchDocumentReference', d.id, d.issueDate);
  if (input.profile === 'EARSIVFATURA' && input.earchive) {
    // GİB e-Arşiv guide: the sending type as an AdditionalDocumentReference (DocumentTypeCode "SendingType")
    docRef(r, 'AdditionalDocumentReference', '1', input.issueDate, 'SendingType', input.earchive.sendType);
  }
  signature(r, input.supplier, input.id);
  party(cac(r, 'AccountingSupplierParty'), input.supplier);
  party(cac(r, 'AccountingCustomerParty'), input.customer);
  if (input.buyerCustomer) {
    const b = cac(r, 'BuyerCustomerParty');
    const bp = cac(b, 'Party');
    const partyType = input.profile === 'YOLCUBERABERFATURA' ? 'TAXFREE' : 'EXPORT';
    cbc(cac(bp, 'PartyIdentification'), 'ID', partyType, { schemeID: 'PARTYTYPE' });
    const bu = input.buyerCustomer;
    if (partyType === 'EXPORT') cbc(cac(bp, 'PartyName'), 'Name', bu.name);
    address(bp, 'PostalAddress', bu);
    if (partyType === 'EXPORT') {
      const le = cac(bp, 'PartyLegalEntity');
      cbc(le, 'RegistrationName', bu.name);
      if (bu.vknTckn) cbc(le, 'CompanyID', bu.vknTckn);
    }
    if (partyType === 'TAXFREE') {
      const { first, family } = splitName(bu);
      const per = cac(bp, 'Person');
      cbc(per, 'FirstName', first);
      cbc(per, 'FamilyName', family);
      if (bu.nationalityId) cbc(per, 'NationalityID', bu.nationalityId);
      if (bu.passportNo) {
        const idr = cac(per, 'IdentityDocumentReference');
        cbc(idr, 'ID', bu.passportNo);
        cbc(idr, 'IssueDate', input.issueDate);
      }
    }
  }
  if (input.taxRepresentative) {
    const tr = cac(r, 'TaxRepresentativeParty');
    cbc(cac(tr, 'PartyIdentification'), 'ID', input.taxRepresentative.vknTckn, { schemeID: 'ARACIKURUMVKN' });
    cbc(cac(tr, 'PartyIdentification'), 'ID', input.taxRepresentative.alias, { schemeID: 'ARACIKURUMETIKET' });
    if (input.taxRepresentative.name) cbc(cac(tr, 'PartyName'), 'Name', input.taxRepresentative.name);
    address(tr, 'PostalAddress', input.taxRepresentative.address ?? input.supplier);
  }
  const internet = input.profile === 'EARSIVFATURA' ? input.earchive?.internet : null;
  if (input.export || internet?.carrier) {
    const del = cac(r, 'Delivery');
    if (input.export) {
      address(del, 'DeliveryAddress', input.export.deliveryAddress ?? input.buyerCustomer ?? input.customer);
    }
    if (internet?.carrier) {
      const cp = cac(del, 'CarrierParty');
      cbc(cac(cp, 'PartyIdentification'), 'ID', '0000000000', { schemeID: 'VKN' });
      cbc(cac(cp, 'PartyName'), 'Name', internet.carrier);
      address(cp, 'PostalAddress', input.supplier);
    }
    if (input.export) {
      cbc(cac(del, 'DeliveryTerms'), 'ID', input.export.incoterms, { schemeID: 'INCOTERMS' });
      const sh = cac(del, 'Shipment');
      cbc(sh, 'ID');
      cbc(cac(sh, 'ShipmentStage'), 'TransportModeCode', input.export.transportMode);
    }
  }
  if (internet || input.paymentDueDate) {
    const pm = cac(r, 'PaymentMeans');
    cbc(pm, 'PaymentMeansCode', internet ? (PAYMENT_MEANS[internet.paymentMethod.toUpperCase()] ?? 'ZZZ') : 'ZZZ');
    const due = internet?.paymentDate ?? input.paymentDueDate;
    if (due) cbc(pm, 'PaymentDueDate', due);
    if (internet) cbc(pm, 'InstructionNote', internet.paymentMethod);
  }
  // No document-level cac:AllowanceCharge: a document discount is in the lines (module comment).
  if (cur !== 'TRY') {
    if (!input.exchangeRate) throw new UblBuildError('Para birimi TRY olmayan faturada döviz kuru girilmeli.');
    const x = cac(r, 'PricingExchangeRate');
    cbc(x, 'SourceCurrencyCode', cur);
    cbc(x, 'TargetCurrencyCode', 'TRY');
    cbc(x, 'CalculationRate', new Decimal(input.exchangeRate).toDecimalPlaces(6).toString());
    cbc(x, 'Date', input.issueDate);
  }
  const taxes = groupTaxes(
    input.lines.flatMap((l) => l.taxes.map((t) => ({ ...t, base: D(t.base), amount: D(t.amount) }))),
  );
  taxTotal(r, 'TaxTotal', taxes, cur);
  const wh = groupTaxes(
    input.lines.flatMap((l) => (l.withholding ? [{ ...l.withholding, base: D(l.withholding.base), amount: D(l.withholding.amount) }] : [])),
  );
  if (wh.length) taxTotal(r, 'WithholdingTaxTotal', wh, cur);
  const lmt = cac(r, 'LegalMonetaryTotal');
  amount(lmt, 'LineExtensionAmount', totals.lineExtension, cur);
  amount(lmt, 'TaxExclusiveAmount', totals.taxExclusive, cur);
  amount(lmt, 'TaxInclusiveAmount', totals.taxInclusive, cur);
  amount(lmt, 'AllowanceTotalAmount', totals.allowance, cur);
  amount(lmt, 'PayableAmount', totals.payable, cur);
  for (const l of input.lines) invoiceLine(r, l, cur, input);
  return r.end({ prettyPrint: true });
}

function invoiceLine(r: B, l: UblLine, cur: string, input: UblInvoiceInput): void {
  const il = cac(r, 'InvoiceLine');
  cbc(il, 'ID', String(l.lineNo));
  cbc(il, 'InvoicedQuantity', qty(l.quantity), { unitCode: l.unitCode });
  amount(il, 'LineExtensionAmount', l.lineExtension, cur);
  if (input.profile === 'IHRACAT') {
    const del = cac(il, 'Delivery');
    const sh = cac(del, 'Shipment');
    cbc(sh, 'ID');
    if (l.gtip) cbc(cac(sh, 'GoodsItem'), 'RequiredCustomsID', l.gtip);
  }
  const gross = D(l.quantity).times(D(l.unitPrice));
  for (const d of l.discounts) {
    const ac = cac(il, 'AllowanceCharge');
    cbc(ac, 'ChargeIndicator', 'false');
    if (d.reason) cbc(ac, 'AllowanceChargeReason', d.reason);
    if (d.rate) cbc(ac, 'MultiplierFactorNumeric', new Decimal(d.rate).div(100).toString());
    amount(ac, 'Amount', d.amount, cur);
    amount(ac, 'BaseAmount', gross, cur);
  }
  const share = l.documentDiscount;
  if (share && D(share.amount).gt(0)) {
    // The line's share of the document discount, on what the line's own discounts left of it.
    const ac = cac(il, 'AllowanceCharge');
    cbc(ac, 'ChargeIndicator', 'false');
    if (share.reason) cbc(ac, 'AllowanceChargeReason', share.reason);
    if (share.rate) cbc(ac, 'MultiplierFactorNumeric', new Decimal(share.rate).div(100).toString());
    amount(ac, 'Amount', share.amount, cur);
    amount(ac, 'BaseAmount', D(l.lineExtension).plus(D(share.amount)), cur);
  }
  if (l.taxes.length) {
    taxTotal(il, 'TaxTotal', l.taxes.map((t) => ({ ...t, base: D(t.base), amount: D(t.amount) })), cur);
  }
  if (l.withholding) {
    taxTotal(il, 'WithholdingTaxTotal', [{ ...l.withholding, base: D(l.withholding.base), amount: D(l.withholding.amount) }], cur);
  }
  const item = cac(il, 'Item');
  if (l.description) cbc(item, 'Description', l.description);
  cbc(item, 'Name', l.name);
  if (l.sellerCode) cbc(cac(item, 'SellersItemIdentification'), 'ID', l.sellerCode);
  if (l.barcode) cbc(cac(item, 'ManufacturersItemIdentification'), 'ID', l.barcode);
  // the unit price keeps up to 8 decimals (GİB allows more than 2 on PriceAmount)
  cbc(cac(il, 'Price'), 'PriceAmount', new Decimal(l.unitPrice).toDecimalPlaces(8).toFixed(Math.max(2, new Decimal(l.unitPrice).decimalPlaces())), { currencyID: cur });
}

export function buildDespatch(input: UblDespatchInput): string {
  if (!input.lines.length) throw new UblBuildError('İrsaliyede en az bir satır olmalı.');
  const r = root(NS.desp, 'DespatchAdvice');
  cbc(r, 'UBLVersionID', '2.1');
  cbc(r, 'CustomizationID', 'TR1.2.1');
  cbc(r, 'ProfileID', input.profile);
  cbc(r, 'ID', input.id);
  cbc(r, 'CopyIndicator', 'false');
  cbc(r, 'UUID', input.uuid);
  cbc(r, 'IssueDate', input.issueDate);
  cbc(r, 'IssueTime', input.issueTime ?? '00:00:00');
  cbc(r, 'DespatchAdviceTypeCode', input.type);
  for (const n of input.notes) if (n.trim()) cbc(r, 'Note', n);
  cbc(r, 'LineCountNumeric', String(input.lines.length));
  signature(r, input.supplier, input.id);
  party(cac(r, 'DespatchSupplierParty'), input.supplier);
  party(cac(r, 'DeliveryCustomerParty'), input.customer);
  const sh = cac(r, 'Shipment');
  cbc(sh, 'ID', '1');
  if (input.plate || input.driver) {
    const st = cac(sh, 'ShipmentStage');
    if (input.plate) cbc(cac(cac(st, 'TransportMeans'), 'RoadTransport'), 'LicensePlateID', input.plate, { schemeID: 'PLAKA' });
    if (input.driver) {
      const dp = cac(st, 'DriverPerson');
      cbc(dp, 'FirstName', input.driver.firstName);
      cbc(dp, 'FamilyName', input.driver.familyName);
      cbc(dp, 'NationalityID', input.driver.tckn);
    }
  }
  const del = cac(sh, 'Delivery');
  address(del, 'DeliveryAddress', input.deliveryAddress ?? input.customer);
  if (input.carrier) {
    const cp = cac(del, 'CarrierParty');
    cbc(cac(cp, 'PartyIdentification'), 'ID', input.carrier.vknTckn, { schemeID: isPerson(input.carrier.vknTckn) ? 'TCKN' : 'VKN' });
    cbc(cac(cp, 'PartyName'), 'Name', input.carrier.name);
    address(cp, 'PostalAddress', input.supplier);
  }
  const dsp = cac(del, 'Despatch');
  cbc(dsp, 'ActualDespatchDate', input.shipmentDate);
  cbc(dsp, 'ActualDespatchTime', input.shipmentTime ?? input.issueTime ?? '00:00:00');
  for (const l of input.lines) {
    const dl = cac(r, 'DespatchLine');
    cbc(dl, 'ID', String(l.lineNo));
    cbc(dl, 'DeliveredQuantity', qty(l.quantity), { unitCode: l.unitCode });
    cbc(cac(dl, 'OrderLineReference'), 'LineID', String(l.lineNo));
    const item = cac(dl, 'Item');
    cbc(item, 'Name', l.name);
    if (l.sellerCode) cbc(cac(item, 'SellersItemIdentification'), 'ID', l.sellerCode);
    if (l.barcode) cbc(cac(item, 'ManufacturersItemIdentification'), 'ID', l.barcode);
    if (l.unitPrice) {
      const ship = cac(dl, 'Shipment');
      cbc(ship, 'ID');
      const gi = cac(ship, 'GoodsItem');
      cbc(gi, 'ValueAmount', money(D(l.unitPrice).times(D(l.quantity))), { currencyID: 'TRY' });
    }
  }
  return r.end({ prettyPrint: true });
}

export function buildApplicationResponse(input: UblApplicationResponseInput): string {
  const r = root(NS.apr, 'ApplicationResponse');
  cbc(r, 'UBLVersionID', '2.1');
  cbc(r, 'CustomizationID', 'TR1.2');
  cbc(r, 'ProfileID', 'TICARIFATURA');
  cbc(r, 'ID', input.id);
  cbc(r, 'UUID', input.uuid);
  cbc(r, 'IssueDate', input.issueDate);
  if (input.issueTime) cbc(r, 'IssueTime', input.issueTime);
  if (input.note) cbc(r, 'Note', input.note);
  signature(r, input.sender, input.id);
  party(r, input.sender, { tag: 'SenderParty' });
  party(r, input.receiver, { tag: 'ReceiverParty' });
  const dr = cac(r, 'DocumentResponse');
  const resp = cac(dr, 'Response');
  cbc(resp, 'ReferenceID', input.invoiceUuid);
  cbc(resp, 'ResponseCode', input.answer);
  if (input.note) cbc(resp, 'Description', input.note);
  // the answered invoice: its ETTN, with its number as the description
  const ref = docRef(dr, 'DocumentReference', input.invoiceUuid, input.invoiceIssueDate ?? input.issueDate, 'FATURA', 'FATURA');
  cbc(ref, 'DocumentDescription', input.invoiceId);
  return r.end({ prettyPrint: true });
}
