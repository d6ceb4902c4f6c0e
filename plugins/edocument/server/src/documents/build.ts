import Decimal from 'decimal.js';
import { PROFILE_TYPES, type InvoiceProfile, type InvoiceTypeCode } from '@tezgah/edocument-common';
import type { DespatchSource, InvoiceSource, PartySource } from '@tezgah/accounting-server';
import type { UblDespatchInput, UblInvoiceInput, UblLine, UblParty } from '../ubl/index';
import type { CompanyIdentity } from '../settings/index';
import type { Problem } from '../schema';

/**
 * From an accounting invoice or despatch to the UBL-TR builder's input, and the rules of seeds 001
 * §5 checked first, each named where a person fixes it (the customer's card, the company settings,
 * the dialog's own fields).
 */

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const d = (v: string | number | null | undefined) => new Decimal(String(v ?? 0));
const money = (v: Decimal) => v.toFixed(2);

export interface SendChoice {
  category: 'EINVOICE' | 'EARCHIVE';
  profile: InvoiceProfile;
  type: InvoiceTypeCode;
  receiverTag: string | null;
  senderTag: string | null;
  prefix: string | null;
  email: string | null;
  earchiveSendType: 'ELEKTRONIK' | 'KAGIT';
  note: string | null;
}

/** The invoice type its content implies: withholding → TEVKIFAT; only exempt 0% KDV lines → ISTISNA; else SATIS. */
export function impliedType(inv: InvoiceSource): InvoiceTypeCode {
  if (inv.lines.some((l) => l.withholdingCode)) return 'TEVKIFAT';
  const vat = inv.lines.flatMap((l) => l.taxes.filter((t) => t.taxType === 'KDV'));
  if (vat.length && vat.every((t) => d(t.percentage).isZero() && t.exceptionCode)) return 'ISTISNA';
  return 'SATIS';
}

export function partyProblems(p: PartySource, needTaxOffice: boolean): Problem[] {
  const out: Problem[] = [];
  const at = (field: string, message: string) => out.push({ source: 'RULE', field: `customer.${field}`, message });
  if (!p.taxNumber || !/^[0-9]{10,11}$/.test(p.taxNumber)) at('taxNumber', 'Müşterinin VKN veya TCKN bilgisi eksik ya da hatalı (VKN 10, TCKN 11 hane).');
  if (p.kind === 'PERSON') {
    if (!p.firstName?.trim()) at('name', 'Müşterinin adı boş.');
    if (!p.familyName?.trim()) at('lastName', 'Müşterinin soyadı boş.');
  } else if (!(p.title?.trim() || p.name.trim())) {
    at('title', 'Müşterinin unvanı boş.');
  }
  if (needTaxOffice && !p.taxOffice?.trim()) at('taxOffice', 'Müşterinin vergi dairesi boş.');
  if (!p.city?.trim()) at('city', 'Müşterinin ili boş.');
  if (!p.district?.trim()) at('district', 'Müşterinin ilçesi boş.');
  return out;
}

export function choiceProblems(c: SendChoice, kind: 'INVOICE' | 'DESPATCH'): Problem[] {
  const out: Problem[] = [];
  if (kind === 'INVOICE') {
    const allowed = PROFILE_TYPES[c.profile];
    if (!allowed) out.push({ source: 'RULE', field: 'profile', message: 'Senaryo seçilmedi.' });
    else if (!allowed.includes(c.type)) out.push({ source: 'RULE', field: 'invoiceTypeCode', message: `${c.profile} senaryosunda ${c.type} fatura tipi kullanılamaz.` });
    if (c.category === 'EINVOICE' && c.profile === 'EARSIVFATURA') out.push({ source: 'RULE', field: 'profile', message: 'Alıcı e-Fatura mükellefi: e-Arşiv senaryosu seçilemez.' });
    if (c.category === 'EARCHIVE' && c.profile !== 'EARSIVFATURA') out.push({ source: 'RULE', field: 'profile', message: 'Alıcı e-Fatura mükellefi değil: fatura e-Arşiv olarak gönderilir.' });
  }
  if (c.category === 'EINVOICE' || kind === 'DESPATCH') {
    if (!c.receiverTag) out.push({ source: 'RULE', field: 'receiverTag', message: 'Alıcı etiketi (posta kutusu, PK) seçilmedi.' });
    if (!c.senderTag) out.push({ source: 'RULE', field: 'senderTag', message: 'Gönderici etiketi (GB) e-belge ayarlarında tanımlı değil.' });
  }
  if (c.category === 'EARCHIVE' && c.earchiveSendType === 'ELEKTRONIK') {
    if (!c.email) out.push({ source: 'RULE', field: 'email', message: 'e-Arşiv faturası e-postayla iletilecek: alıcının e-posta adresi boş.' });
    else if (!EMAIL.test(c.email)) out.push({ source: 'RULE', field: 'email', message: 'Wrong e-mail format: alıcının e-posta adresi geçersiz.' });
  }
  if (!c.prefix) out.push({ source: 'RULE', field: 'prefix', message: 'Belge seri öneki seçilmedi (e-belge ayarlarından bir seri ekleyin).' });
  return out;
}

export function companyParty(c: CompanyIdentity): UblParty {
  return {
    vknTckn: c.vknTckn, name: c.name, ...(c.firstName ? { firstName: c.firstName } : {}), ...(c.familyName ? { familyName: c.familyName } : {}),
    taxOffice: c.taxOffice, street: c.street, buildingNo: c.buildingNo, district: c.district ?? '', city: c.city ?? '', postalCode: c.postalCode,
    country: c.country || 'Türkiye', email: c.email, phone: c.phone, website: c.website, mersisNo: c.mersisNo, tradeRegistryNo: c.tradeRegistryNo,
  };
}

export function customerParty(p: PartySource, email?: string | null): UblParty {
  return {
    vknTckn: p.taxNumber ?? '', name: p.name, ...(p.kind === 'PERSON' && p.firstName ? { firstName: p.firstName } : {}),
    ...(p.kind === 'PERSON' && p.familyName ? { familyName: p.familyName } : {}),
    taxOffice: p.taxOffice, street: p.address, district: p.district ?? '', city: p.city ?? '', postalCode: p.postcode,
    country: p.country || 'Türkiye', email: email ?? p.email, phone: p.phone, website: p.website,
  };
}

/** The builder's input for an invoice, with the number and ETTN it is sent under. */
export function invoiceInput(inv: InvoiceSource, company: CompanyIdentity, c: SendChoice, ids: { uuid: string; id: string }, issueTime: string | null): UblInvoiceInput {
  // The document discount goes in the lines as the books spread it (invoice_lines.document_discount,
  // shares adding up to it to the kuruş), and each line's LineExtensionAmount is its stored tax base;
  // nothing at document level (builder.ts says why). One percentage discount is also each share's
  // rate where it gives the share exactly: the largest-remainder spread may move a kuruş to a line,
  // which then carries the amount alone.
  const only = inv.documentDiscounts.length === 1 ? inv.documentDiscounts[0]! : null;
  const docRate = only?.type === 'PERCENTAGE' && only.percentage !== null ? d(only.percentage) : null;
  const lines: UblLine[] = inv.lines.map((l) => {
    const base = d(l.taxBase);
    const share = d(l.documentDiscount);
    const rate = docRate && base.plus(share).times(docRate).div(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).eq(share) ? docRate.toString() : null;
    const withholding = l.withholdingCode && l.withholdingRatio
      ? (() => {
        const vat = l.taxes.find((t) => t.taxType === 'KDV');
        return {
          code: l.withholdingCode, name: `KDV Tevkifatı ${l.withholdingRatio}/10`, percent: String(l.withholdingRatio * 10),
          base: vat ? money(d(vat.amount)) : '0.00', amount: money(d(l.withheld)),
        };
      })()
      : null;
    return {
      lineNo: l.lineNo, name: l.name, description: l.description !== l.name ? l.description : null, quantity: d(l.quantity).toString(), unitCode: l.unitCode,
      unitPrice: d(l.unitPrice).toString(),
      discounts: d(l.discount).gt(0) ? [{ amount: money(d(l.discount)) }] : [],
      documentDiscount: share.gt(0) ? { amount: money(share), rate, reason: 'Fatura altı iskonto' } : null,
      lineExtension: money(base),
      taxes: l.taxes.map((t) => ({
        code: t.gibCode ?? '0015', name: t.taxType === 'KDV' ? 'KDV' : t.taxType, percent: d(t.percentage).toString(), base: money(d(t.base)), amount: money(d(t.amount)),
        exemptionCode: t.exceptionCode, exemptionReason: t.exceptionCode ? `İstisna kodu ${t.exceptionCode}` : null,
      })),
      withholding, barcode: l.barcode,
    };
  });
  const notes = [inv.explanation, c.note].filter((x): x is string => !!x && x.trim() !== '');
  return {
    uuid: ids.uuid, id: ids.id, issueDate: inv.date, issueTime, profile: c.profile, type: c.type as UblInvoiceInput['type'],
    currency: inv.currency || 'TRY', exchangeRate: inv.currency && inv.currency !== 'TRY' ? inv.rate : null,
    notes, supplier: companyParty(company), customer: customerParty(inv.customer, c.category === 'EARCHIVE' ? c.email : null), lines,
    despatchReferences: inv.despatches.filter((x) => x.waybillNo).map((x) => ({ id: x.waybillNo!, issueDate: x.date })),
    billingReference: c.type === 'IADE' && inv.returnOf?.documentNo ? { id: inv.returnOf.documentNo, issueDate: inv.returnOf.date } : null,
    paymentDueDate: inv.dueDate,
    earchive: c.category === 'EARCHIVE' ? { sendType: c.earchiveSendType, internet: null } : null,
  };
}

export interface Transport { carrier: { vknTckn: string; name: string } | null; driver: { firstName: string; familyName: string; tckn: string } | null; plate: string | null }
const filled = (v: string | null | undefined): v is string => typeof v === 'string' && v.trim() !== '';

/** The carrier, driver and plate an e-İrsaliye carries, from the dialog's options. */
export function transportOf(o: { carrierVknTckn?: string | null; carrierName?: string | null; driverFirstName?: string | null; driverFamilyName?: string | null; driverTckn?: string | null; plate?: string | null }): Transport {
  return {
    carrier: filled(o.carrierVknTckn) && filled(o.carrierName) ? { vknTckn: o.carrierVknTckn.trim(), name: o.carrierName.trim() } : null,
    driver: filled(o.driverFirstName) && filled(o.driverFamilyName) && filled(o.driverTckn) ? { firstName: o.driverFirstName.trim(), familyName: o.driverFamilyName.trim(), tckn: o.driverTckn.trim() } : null,
    plate: filled(o.plate) ? o.plate.trim().toUpperCase() : null,
  };
}

/** GİB's e-İrsaliye rules that ask for what the despatch record does not hold: a carrier or a driver, and the delivery postal code. */
export function transportProblems(customer: PartySource, o: Parameters<typeof transportOf>[0]): Problem[] {
  const out: Problem[] = [];
  const t = transportOf(o);
  if (!t.carrier && !t.driver) out.push({ source: 'RULE', field: 'driver', message: 'e-İrsaliyede taşıyıcı firma (VKN/TCKN ve unvan) ya da şoför (ad, soyad, TCKN) bilgisi olmalı.' });
  if (filled(o.carrierVknTckn) && !/^[0-9]{10,11}$/.test(o.carrierVknTckn.trim())) out.push({ source: 'RULE', field: 'carrierVknTckn', message: 'Taşıyıcının VKN (10 hane) ya da TCKN (11 hane) bilgisi hatalı.' });
  if (filled(o.driverTckn) && !/^[0-9]{11}$/.test(o.driverTckn.trim())) out.push({ source: 'RULE', field: 'driverTckn', message: 'Şoförün TCKN bilgisi 11 hane olmalı.' });
  if (!customer.postcode || !/^((0[1-9])|([1-7][0-9])|(8[0-1]))[0-9]{3}$/.test(customer.postcode.trim())) {
    out.push({ source: 'RULE', field: 'customer.postcode', message: 'Teslimat adresinin posta kodu boş ya da geçersiz (5 hane, il kodu ile başlar): müşterinin posta kodunu girin.' });
  }
  return out;
}

export function despatchInput(des: DespatchSource, company: CompanyIdentity, ids: { uuid: string; id: string }, issueTime: string | null, note: string | null, transport: Transport = { carrier: null, driver: null, plate: null }): UblDespatchInput {
  return {
    carrier: transport.carrier, driver: transport.driver, plate: transport.plate,
    uuid: ids.uuid, id: ids.id, issueDate: des.date, issueTime, profile: 'TEMELIRSALIYE', type: 'SEVK',
    supplier: companyParty(company), customer: customerParty(des.customer), shipmentDate: des.shipmentDate, shipmentTime: issueTime,
    lines: des.lines.map((l) => ({ lineNo: l.lineNo, name: l.name, quantity: d(l.quantity).toString(), unitCode: l.unitCode, unitPrice: l.unitPrice, barcode: l.barcode })),
    notes: [des.explanation, des.deliveryAddress ? `Teslimat adresi: ${des.deliveryAddress}` : null, note].filter((x): x is string => !!x && x.trim() !== ''),
  };
}

/** A placeholder number for checking a document before it has its own (never sent). */
export function draftNumber(prefix: string | null, date: string): string {
  return `${prefix ?? 'TST'}${date.slice(0, 4)}000000001`;
}
