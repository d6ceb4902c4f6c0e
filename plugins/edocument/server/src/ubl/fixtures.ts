import { XMLParser } from 'fast-xml-parser';
import Decimal from 'decimal.js';
import type { UblInvoiceInput, UblLine, UblParty, UblProfile, UblInvoiceType, UblTax } from './types';

/** Test and bench fixtures: parties and a line maker that computes amounts like the lead's code will. */

export const SUPPLIER: UblParty = {
  vknTckn: '1234567890',
  name: 'TEZGAH ECZA DEPOSU ANONİM ŞİRKETİ',
  taxOffice: 'Kadıköy',
  street: 'Moda Caddesi',
  buildingNo: '12',
  district: 'Kadıköy',
  city: 'İstanbul',
  postalCode: '34710',
  email: 'fatura@tezgah.example',
  phone: '0216 000 00 00',
  website: 'https://tezgah.example',
  mersisNo: '0123456789000015',
};

export const CUSTOMER: UblParty = {
  vknTckn: '9876543210',
  name: 'ŞİFA ECZANESİ LİMİTED ŞİRKETİ',
  taxOffice: 'Çankaya',
  street: 'Atatürk Bulvarı',
  buildingNo: '5',
  district: 'Çankaya',
  city: 'Ankara',
  postalCode: '06420',
  email: 'sifa@eczane.example',
};

export const PERSON: UblParty = {
  vknTckn: '12345678901',
  name: 'Ayşe Öztürk',
  firstName: 'Ayşe',
  familyName: 'Öztürk',
  district: 'Bornova',
  city: 'İzmir',
  postalCode: '35040',
  email: 'ayse@example.com',
};

const r2 = (d: Decimal) => d.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);

/**
 * A line: quantity × price − discount (rate %) − its share of a document discount (`documentShare`,
 * an amount; `documentRate` its percent), KDV at `kdv` % (and an exemption for 0 %).
 */
export function line(
  lineNo: number,
  name: string,
  quantity: string,
  unitPrice: string,
  kdv: string,
  opts: { discountRate?: string; documentShare?: string; documentRate?: string; exemption?: [string, string]; withholding?: [string, string]; unitCode?: string; gtip?: string } = {},
): UblLine {
  const gross = new Decimal(quantity).times(unitPrice);
  const disc = opts.discountRate ? r2(gross.times(opts.discountRate).div(100)) : new Decimal(0);
  const ext = r2(gross.minus(disc)).minus(opts.documentShare ?? 0);
  const taxAmount = r2(ext.times(kdv).div(100));
  const tax: UblTax = { code: '0015', name: 'KDV', percent: kdv, base: ext.toFixed(2), amount: taxAmount.toFixed(2) };
  if (opts.exemption) {
    tax.exemptionCode = opts.exemption[0];
    tax.exemptionReason = opts.exemption[1];
  }
  return {
    lineNo,
    name,
    quantity,
    unitCode: opts.unitCode ?? 'C62',
    unitPrice,
    discounts: opts.discountRate ? [{ amount: disc.toFixed(2), rate: opts.discountRate, reason: 'İskonto' }] : [],
    documentDiscount: opts.documentShare ? { amount: new Decimal(opts.documentShare).toFixed(2), rate: opts.documentRate ?? null, reason: 'Fatura altı iskonto' } : null,
    lineExtension: ext.toFixed(2),
    taxes: [tax],
    withholding: opts.withholding
      ? {
          code: opts.withholding[0],
          name: 'KDV TEVKİFAT',
          percent: opts.withholding[1],
          base: taxAmount.toFixed(2),
          amount: r2(taxAmount.times(opts.withholding[1]).div(100)).toFixed(2),
        }
      : null,
    barcode: '8690000000017',
    sellerCode: `STK-${lineNo}`,
    ...(opts.gtip ? { gtip: opts.gtip } : {}),
  };
}

let seq = 0;
export function uuid(): string {
  seq++;
  return `0a1b2c3d-0000-4000-8000-${String(seq).padStart(12, '0')}`;
}

/** A complete invoice input for a profile and type, with what GİB requires for that pair. */
export function invoiceFor(profile: UblProfile, type: UblInvoiceType, n = 1): UblInvoiceInput {
  const lines: UblLine[] = [];
  if (type === 'ISTISNA' || profile === 'IHRACAT' || profile === 'YOLCUBERABERFATURA') {
    const code = profile === 'IHRACAT' ? '301' : profile === 'YOLCUBERABERFATURA' ? '322' : '350';
    const reason = profile === 'IHRACAT' ? '11/1-a Mal ihracatı' : profile === 'YOLCUBERABERFATURA' ? '11/1-a Türkiyede ikamet etmeyenlere özel fatura ile yapılan teslimler (Bavul Ticareti)' : 'Diğerleri';
    lines.push(line(1, 'Vitamin C 1000 mg', '10', '45.50', '0', { exemption: [code, reason], ...(profile === 'IHRACAT' ? { gtip: '300490000000' } : {}) }));
  } else if (type === 'IHRACKAYITLI') {
    lines.push(line(1, 'Tansiyon aleti', '2', '1200', '0', { exemption: ['701', '3065 sayılı KDV Kanununun 11/1-c maddesi kapsamındaki İhraç Kaydıyla Teslimler'] }));
  } else if (type === 'OZELMATRAH') {
    lines.push(line(1, 'Altın', '1', '1000', '20', {}));
    lines[0]!.taxes[0]!.exemptionCode = '801';
    lines[0]!.taxes[0]!.exemptionReason = 'Milli Piyango, Spor Toto vb. Oyunlar';
  } else if (type === 'TEVKIFAT') {
    lines.push(line(1, 'Temizlik hizmeti', '1', '1000', '20', { withholding: ['603', '70'] }));
    lines.push(line(2, 'Bakım onarım', '3', '150', '20', { withholding: ['603', '70'] }));
  } else {
    lines.push(line(1, 'Parol 500 mg 20 tablet', '10', '35.75', '10', { discountRate: '5' }));
    lines.push(line(2, 'Dezenfektan 1 L', '3', '89.90', '20', { unitCode: 'LTR' }));
    lines.push(line(3, 'Pamuk 100 g', '12.5', '9.99', '1', { unitCode: 'KGM' }));
  }
  const inv: UblInvoiceInput = {
    uuid: uuid(),
    id: `TZG2026${String(n).padStart(9, '0')}`,
    issueDate: '2026-11-20',
    issueTime: '10:15:00',
    profile,
    type,
    currency: 'TRY',
    notes: ['Tezgah test faturası'],
    supplier: SUPPLIER,
    customer: CUSTOMER,
    lines,
  };
  if (type === 'IADE') inv.billingReference = { id: 'ABC2026000000007', issueDate: '2026-11-01' };
  if (profile === 'EARSIVFATURA') {
    inv.customer = PERSON;
    inv.earchive = { sendType: 'ELEKTRONIK', internet: null };
  }
  if (profile === 'IHRACAT') {
    inv.customer = { vknTckn: '1460415308', name: 'GÜMRÜK VE TİCARET BAKANLIĞI BİLGİ İŞLEM DAİRESİ BAŞKANLIĞI', taxOffice: 'Ulus', district: 'Çankaya', city: 'Ankara' };
    inv.buyerCustomer = { vknTckn: 'DE123456789', name: 'Apotheke Berlin GmbH', district: 'Mitte', city: 'Berlin', country: 'Almanya', countryCode: 'DE' };
    inv.export = { incoterms: 'FOB', transportMode: '1' };
    inv.currency = 'EUR';
    inv.exchangeRate = '37.1234';
  }
  if (profile === 'YOLCUBERABERFATURA') {
    inv.customer = { vknTckn: '1460415308', name: 'GÜMRÜK VE TİCARET BAKANLIĞI BİLGİ İŞLEM DAİRESİ BAŞKANLIĞI', taxOffice: 'Ulus', district: 'Çankaya', city: 'Ankara' };
    inv.buyerCustomer = { vknTckn: '', name: 'John Smith', firstName: 'John', familyName: 'Smith', district: 'London', city: 'London', country: 'Birleşik Krallık', countryCode: 'GB', nationalityId: 'GB', passportNo: 'P1234567' };
    inv.taxRepresentative = { vknTckn: '1111111111', alias: 'urn:mail:defaultpk@araci.example', name: 'Aracı Kurum A.Ş.' };
  }
  return inv;
}

/** The bench's baseline: fast-xml-parser alone (resolved from this package, where it is a dependency). */
const baselineParser = new XMLParser({ ignoreAttributes: false });
export function baselineParse(xml: string): unknown {
  return baselineParser.parse(xml);
}
