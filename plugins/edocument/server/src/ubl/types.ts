/** The UBL-TR core's input and output shapes (see index.ts for the functions). */

export interface UblParty {
  vknTckn: string; // 10 digits VKN (company) or 11 digits TCKN (person)
  name: string; // company title, or "Ad Soyad" for a person
  firstName?: string;
  familyName?: string; // for a TCKN person (cac:Person)
  taxOffice?: string | null;
  street?: string | null;
  buildingNo?: string | null;
  district: string; // ilçe (CitySubdivisionName)
  city: string; // il (CityName)
  postalCode?: string | null;
  country?: string; // default 'Türkiye'
  email?: string | null;
  phone?: string | null;
  website?: string | null;
  mersisNo?: string | null;
  tradeRegistryNo?: string | null;
  /** addition: ISO 3166 alpha-2 of the country (cac:Country/cbc:IdentificationCode); 'TR' when country is Türkiye */
  countryCode?: string | null;
  /** addition: a foreign buyer's (IHRACAT / YOLCUBERABERFATURA) nationality, ISO alpha-2 */
  nationalityId?: string | null;
  /** addition: a tax-free passenger's passport number (YOLCUBERABERFATURA) */
  passportNo?: string | null;
}

export interface UblTax {
  code: string;
  name: string;
  percent: string;
  base: string;
  amount: string;
  exemptionCode?: string | null;
  exemptionReason?: string | null;
}

export interface UblLine {
  lineNo: number;
  name: string;
  description?: string | null;
  quantity: string;
  unitCode: string; // UN/ECE rec 20 code: C62 adet, KGM, LTR, MTR, BX, ...
  unitPrice: string; // before discounts, in document currency
  discounts: { amount: string; rate?: string | null; reason?: string | null }[]; // line allowances, on quantity*unitPrice
  /**
   * The line's share of the document (fatura altı) discount, as the books spread it (the shares add
   * up to the document discount to the kuruş); written as one more line allowance, on the line's net
   * (quantity*unitPrice − line discounts). `rate` (percent) only when it gives the amount exactly.
   */
  documentDiscount?: { amount: string; rate?: string | null; reason?: string | null } | null;
  lineExtension: string; // quantity*unitPrice − line discounts − documentDiscount: the line's tax base
  taxes: UblTax[]; // KDV (0015) and others; base after the document-discount share
  withholding?: { code: string; name: string; percent: string; base: string; amount: string } | null; // tevkifat (6xx codes)
  barcode?: string | null;
  sellerCode?: string | null;
  /** addition: GTİP (customs tariff number, 12 digits) — required per line by GİB for IHRACAT */
  gtip?: string | null;
}

export type UblProfile = 'TEMELFATURA' | 'TICARIFATURA' | 'YOLCUBERABERFATURA' | 'IHRACAT' | 'EARSIVFATURA';
export type UblInvoiceType = 'SATIS' | 'IADE' | 'TEVKIFAT' | 'ISTISNA' | 'OZELMATRAH' | 'IHRACKAYITLI';

export interface UblInvoiceInput {
  uuid: string; // ETTN
  id: string; // 16 chars: 3-char series + year + 9 digits, e.g. TZG2026000000001
  issueDate: string; // YYYY-MM-DD
  issueTime?: string | null; // HH:MM:SS
  profile: UblProfile;
  type: UblInvoiceType;
  currency: string; // ISO 4217, TRY default
  exchangeRate?: string | null; // TRY per unit when currency != TRY (cac:PricingExchangeRate)
  notes: string[]; // free notes; the builder ADDS the amount in words note itself
  supplier: UblParty;
  customer: UblParty;
  /** A document discount goes in the lines (UblLine.documentDiscount), never at document level: see builder.ts. */
  lines: UblLine[];
  billingReference?: { id: string; issueDate: string } | null; // IADE: the invoice returned
  despatchReferences?: { id: string; issueDate: string }[];
  orderReference?: { id: string; issueDate: string } | null;
  paymentDueDate?: string | null;
  earchive?: {
    sendType: 'ELEKTRONIK' | 'KAGIT';
    internet?: { website: string; paymentMethod: string; paymentDate: string; carrier?: string | null } | null;
  } | null;
  buyerCustomer?: UblParty | null; // IHRACAT / YOLCUBERABERFATURA (the real buyer)
  /** addition, IHRACAT: delivery terms GİB requires (INCOTERMS code, transport mode 1-9 (UN/ECE rec 19), delivery address) */
  export?: { incoterms: string; transportMode: string; deliveryAddress?: UblParty | null } | null;
  /** addition, YOLCUBERABERFATURA: the intermediary (aracı kurum) VKN and its GİB alias */
  taxRepresentative?: { vknTckn: string; alias: string; name?: string | null; address?: UblParty | null } | null;
}

export interface UblDespatchInput {
  uuid: string;
  id: string;
  issueDate: string;
  issueTime?: string | null;
  profile: 'TEMELIRSALIYE';
  type: 'SEVK';
  supplier: UblParty;
  customer: UblParty;
  deliveryAddress?: UblParty | null;
  shipmentDate: string;
  shipmentTime?: string | null;
  carrier?: { vknTckn: string; name: string } | null;
  driver?: { firstName: string; familyName: string; tckn: string } | null;
  plate?: string | null;
  lines: {
    lineNo: number;
    name: string;
    quantity: string;
    unitCode: string;
    unitPrice?: string | null;
    barcode?: string | null;
    sellerCode?: string | null;
  }[];
  notes: string[];
}

export interface UblApplicationResponseInput {
  uuid: string;
  id: string;
  issueDate: string;
  answer: 'KABUL' | 'RED';
  note?: string | null;
  invoiceUuid: string;
  invoiceId: string;
  sender: UblParty;
  receiver: UblParty;
  /** addition: HH:MM:SS */
  issueTime?: string | null;
  /** addition: the answered invoice's date (DocumentReference/IssueDate; the answer's date when not given) */
  invoiceIssueDate?: string | null;
}

export interface ValidationIssue {
  source: 'XML' | 'XSD' | 'SCHEMATRON';
  message: string; // Turkish, for a person
  detail?: string; // raw text
  line?: number;
  rule?: string;
}

export interface ParsedParty {
  vknTckn: string | null;
  name: string | null;
  taxOffice: string | null;
  city: string | null;
  district: string | null;
  street: string | null;
  email: string | null;
  alias?: string | null;
}

export interface ParsedLine {
  lineNo: number;
  name: string;
  quantity: string;
  unitCode: string | null;
  unitPrice: string;
  lineExtension: string;
  discount: string;
  taxPercent: string | null;
  taxAmount: string;
  barcode: string | null;
  sellerCode: string | null;
  buyerCode: string | null;
  gtin: string | null;
}

export interface ParsedUbl {
  kind: 'INVOICE' | 'DESPATCH' | 'APPLICATION_RESPONSE' | 'RECEIPT_ADVICE';
  uuid: string;
  id: string;
  issueDate: string;
  issueTime: string | null;
  profile: string;
  typeCode: string;
  currency: string;
  exchangeRate: string | null;
  supplier: ParsedParty;
  customer: ParsedParty;
  lines: ParsedLine[];
  totals: {
    lineExtension: string;
    allowance: string;
    taxExclusive: string;
    tax: string;
    taxInclusive: string;
    withholding: string;
    payable: string;
  };
  notes: string[];
  billingReference: { id: string; issueDate: string | null } | null;
  hasEmbeddedXslt: boolean;
  /** addition: tax subtotals of the document (code, name, percent, base, amount), for views */
  taxSubtotals?: { code: string; name: string; percent: string | null; base: string; amount: string; withholding: boolean }[];
  /** addition: ApplicationResponse: KABUL / RED and the answered invoice */
  response?: { code: string; invoiceUuid: string | null; invoiceId: string | null; note: string | null } | null;
}
