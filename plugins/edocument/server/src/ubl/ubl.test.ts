import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { computeInvoice, type DocumentDiscount } from '@tezgah/core/invoice';
import type { InvoiceSource } from '@tezgah/accounting-server';
import { ALLOWED_TYPES, buildApplicationResponse, buildDespatch, buildInvoice, invoiceTotals, parseUbl, renderHtml, validateUbl, validateXsdMany, type UblInvoiceInput } from './index';
import { CUSTOMER, invoiceFor, line, PERSON, SUPPLIER, uuid } from './fixtures';
import { invoiceTotalRows } from './render';
import { invoiceInput, type SendChoice } from '../documents/build';
import type { CompanyIdentity } from '../settings/index';

/** build → validateUbl (XSD and schematron) → parseUbl gives the same numbers back. */
async function roundTrip(input: UblInvoiceInput) {
  const xml = buildInvoice(input);
  const issues = await validateUbl(xml);
  expect(issues, JSON.stringify(issues, null, 1)).toEqual([]);
  const p = parseUbl(xml);
  const t = invoiceTotals(input);
  expect(p.kind).toBe('INVOICE');
  expect(p.uuid).toBe(input.uuid);
  expect(p.id).toBe(input.id);
  expect(p.profile).toBe(input.profile);
  expect(p.typeCode).toBe(input.type);
  expect(p.currency).toBe(input.currency);
  expect(p.totals).toEqual({
    lineExtension: t.lineExtension.toFixed(2),
    allowance: t.allowance.toFixed(2),
    taxExclusive: t.taxExclusive.toFixed(2),
    tax: t.tax.toFixed(2),
    taxInclusive: t.taxInclusive.toFixed(2),
    withholding: t.withholding.toFixed(2),
    payable: t.payable.toFixed(2),
  });
  expect(p.lines.map((l) => [l.lineNo, l.name, l.quantity, l.unitCode, l.lineExtension, l.discount])).toEqual(
    input.lines.map((l) => [
      l.lineNo,
      l.name,
      new Decimal(l.quantity).toString(),
      l.unitCode,
      new Decimal(l.lineExtension).toFixed(2),
      l.discounts.reduce((s, d) => s.plus(d.amount), new Decimal(l.documentDiscount?.amount ?? 0)).toFixed(2),
    ]),
  );
  expect(p.supplier.vknTckn).toBe(input.supplier.vknTckn);
  expect(p.customer.vknTckn).toBe(input.customer.vknTckn);
  return { xml, p };
}

describe('UBL-TR invoices: every supported profile × type builds, validates (XSD + schematron) and parses back', () => {
  for (const [profile, types] of Object.entries(ALLOWED_TYPES)) {
    for (const type of types) {
      it(`${profile} × ${type}`, async () => {
        const input = invoiceFor(profile as UblInvoiceInput['profile'], type as UblInvoiceInput['type']);
        const { xml, p } = await roundTrip(input);
        if (type === 'IADE') expect(p.billingReference).toEqual({ id: 'ABC2026000000007', issueDate: '2026-11-01' });
        if (type === 'TEVKIFAT') {
          expect(xml).toContain('WithholdingTaxTotal');
          expect(p.totals.withholding).not.toBe('0.00');
        }
        if (type === 'ISTISNA' || type === 'IHRACKAYITLI') expect(xml).toMatch(/<cbc:TaxExemptionReasonCode>\d{3}<\/cbc:TaxExemptionReasonCode>/);
        if (profile === 'EARSIVFATURA') expect(xml).toContain('<cbc:DocumentTypeCode>SendingType</cbc:DocumentTypeCode>');
        expect(p.notes.some((n) => n.startsWith('YALNIZ '))).toBe(true);
      });
    }
  }
});

describe('amounts', () => {
  it('line discounts, several KDV rates: LegalMonetaryTotal and grouped subtotals', async () => {
    const input = invoiceFor('TICARIFATURA', 'SATIS', 2);
    input.lines.push(line(4, 'Maske', '50', '2.40', '10', { discountRate: '10' }));
    const { xml, p } = await roundTrip(input);
    // Discounts are in the lines: no document-level allowance, TaxExclusive = LineExtension.
    expect(p.totals.allowance).toBe('0.00');
    expect(p.totals.taxExclusive).toBe(p.totals.lineExtension);
    // subtotals grouped per (code, percent): 10 % appears once at document level though two lines have it
    const docTax = xml.slice(xml.indexOf('<cac:TaxTotal>'), xml.indexOf('<cac:LegalMonetaryTotal>'));
    expect(docTax.match(/<cbc:Percent>10<\/cbc:Percent>/g)).toHaveLength(1);
    expect(docTax.match(/<cbc:Percent>20<\/cbc:Percent>/g)).toHaveLength(1);
    expect(docTax.match(/<cbc:Percent>1<\/cbc:Percent>/g)).toHaveLength(1);
    const tenPct = p.taxSubtotals!.find((t) => t.percent === '10' && !t.withholding)!;
    expect(tenPct.base).toBe(new Decimal(input.lines[0]!.lineExtension).plus(input.lines[3]!.lineExtension).toFixed(2));
    expect(p.lines[0]!.discount).toBe(input.lines[0]!.discounts[0]!.amount);
  });

  it('a foreign-currency invoice carries its rate', async () => {
    const input = invoiceFor('TEMELFATURA', 'SATIS', 3);
    input.currency = 'USD';
    input.exchangeRate = '34.5678';
    const { xml, p } = await roundTrip(input);
    expect(p.exchangeRate).toBe('34.5678');
    expect(xml).toContain('currencyID="USD"');
    expect(xml).not.toContain('currencyID="TRY"');
    expect(p.notes.find((n) => n.startsWith('YALNIZ'))).toMatch(/AMERİKAN DOLARI/);
  });

  it('e-Arşiv internet sale, sent on paper', async () => {
    const input = invoiceFor('EARSIVFATURA', 'SATIS', 9);
    input.earchive = { sendType: 'KAGIT', internet: { website: 'https://tezgah.example', paymentMethod: 'KREDIKARTI', paymentDate: '2026-11-20', carrier: 'Hızlı Kargo' } };
    input.customer = { ...PERSON, email: null };
    const { xml } = await roundTrip(input);
    expect(xml).toContain('<cbc:DocumentType>KAGIT</cbc:DocumentType>');
    expect(xml).toContain('<cbc:PaymentMeansCode>48</cbc:PaymentMeansCode>');
  });

  it('an e-Arşiv invoice sent electronically needs the buyer\'s e-mail', async () => {
    const input = invoiceFor('EARSIVFATURA', 'SATIS', 10);
    input.customer = { ...PERSON, email: null };
    const issues = await validateUbl(buildInvoice(input));
    expect(issues.map((i) => i.message)).toEqual(['Elektronik gönderilen e-Arşiv faturasında alıcının geçerli bir e-posta adresi olmalı.']);
  });

  it('refuses a foreign currency without a rate', () => {
    const input = invoiceFor('TEMELFATURA', 'SATIS', 4);
    input.currency = 'EUR';
    expect(() => buildInvoice(input)).toThrow(/döviz kuru/);
  });
});

/**
 * An invoice as the accounting plugin stores it and its DocumentsService hands it over: the figures
 * are @tezgah/core's computeInvoice (what invoice_lines and invoices keep, and what the PDF prints).
 */
function booked(lines: { name: string; quantity: string; unitPrice: string; kdv: string; discountRate?: string }[], discounts: DocumentDiscount[]) {
  const r = computeInvoice({
    lines: lines.map((l) => ({
      quantity: l.quantity, unitPrice: l.unitPrice, taxes: [{ taxType: 'KDV', percentage: l.kdv }],
      discounts: l.discountRate ? [{ type: 'PERCENTAGE' as const, percentage: l.discountRate }] : [],
    })),
    discounts,
  });
  const source: InvoiceSource = {
    id: 1, invoiceType: 'SALE', status: 'POSTED', returnOf: null, documentNo: null, date: '2026-11-20', dueDate: null, currency: 'TRY', rate: '1', explanation: null,
    subtotal: r.subtotal, totalDiscount: r.totalDiscount, taxBase: r.taxBase, totalTax: r.totalTax, withheld: r.withheld, totalAmount: r.totalAmount, payable: r.payable,
    documentDiscounts: r.discounts.map((d) => ({ type: d.type, percentage: d.percentage, amount: d.amount })),
    lines: r.lines.map((l, i) => ({
      lineNo: i + 1, productId: i + 1, name: lines[i]!.name, description: lines[i]!.name, barcode: null, quantity: l.quantity, unitCode: 'C62', unitPrice: l.unitPrice,
      gross: l.gross, discount: l.discount, documentDiscount: l.documentDiscount, taxBase: l.taxBase,
      taxes: l.taxes.map((t) => ({ taxType: t.taxType, gibCode: '0015', percentage: t.percentage, exceptionCode: t.exceptionCode, base: t.base, amount: t.amount })),
      withheld: l.withheld, withholdingCode: null, withholdingRatio: null,
    })),
    payments: [], despatches: [],
    customer: {
      currentId: 1, kind: 'COMPANY', name: CUSTOMER.name, firstName: null, familyName: null, title: CUSTOMER.name, taxNumber: CUSTOMER.vknTckn, taxOffice: CUSTOMER.taxOffice!,
      address: CUSTOMER.street!, district: CUSTOMER.district, city: CUSTOMER.city, postcode: CUSTOMER.postalCode!, country: 'Türkiye', email: CUSTOMER.email!, phone: null, website: null,
    },
  };
  const company: CompanyIdentity = {
    vknTckn: SUPPLIER.vknTckn, name: SUPPLIER.name, taxOffice: SUPPLIER.taxOffice!, street: SUPPLIER.street!, buildingNo: SUPPLIER.buildingNo!, district: SUPPLIER.district,
    city: SUPPLIER.city, postalCode: SUPPLIER.postalCode!, country: 'Türkiye', email: SUPPLIER.email!, phone: SUPPLIER.phone!, website: SUPPLIER.website!, mersisNo: SUPPLIER.mersisNo!, tradeRegistryNo: null,
  };
  const choice: SendChoice = {
    category: 'EINVOICE', profile: 'TEMELFATURA', type: 'SATIS', receiverTag: 'urn:mail:defaultpk@sifa.example', senderTag: 'urn:mail:defaultgb@tezgah.example',
    prefix: 'TZG', email: null, earchiveSendType: 'ELEKTRONIK', note: null,
  };
  return { r, input: invoiceInput(source, company, choice, { uuid: uuid(), id: 'TZG2026000000021' }, '10:15:00') };
}

const texts = (xml: string, name: string) => [...xml.matchAll(new RegExp(`<cbc:${name}[^>]*>([^<]*)</cbc:${name}>`, 'g'))].map((m) => m[1]!);
const blocks = (xml: string, name: string) => [...xml.matchAll(new RegExp(`<cac:${name}>[\\s\\S]*?</cac:${name}>`, 'g'))].map((m) => m[0]);
const allowances = (xml: string) => blocks(xml, 'AllowanceCharge').map((a) => ({
  reason: texts(a, 'AllowanceChargeReason')[0] ?? null, factor: texts(a, 'MultiplierFactorNumeric')[0] ?? null, amount: texts(a, 'Amount')[0], base: texts(a, 'BaseAmount')[0],
}));

describe('document discount (fatura altı iskonto): in the lines, as the books spread it', () => {
  it('two lines at KDV 10 % and 20 % with a 10 % document discount: the XML, GİB\'s display and our PDF view carry the books\' figures to the kuruş', async () => {
    /*
     * By hand (every rounding half up, to the kuruş):
     *   line 1: 10 × 35,75 = 357,50; line discount 5 % = 17,875 → 17,88; net 339,62; KDV 10 %
     *   line 2:  3 × 89,90 = 269,70; no line discount;            net 269,70; KDV 20 %
     *   nets 339,62 + 269,70 = 609,32; document discount 10 % = 60,932 → 60,93 (6093 kuruş)
     *   spread by the nets, largest remainder in kuruş: 6093 × 33962 / 60932 = 3396 rest 5394,
     *     6093 × 26970 / 60932 = 2696 rest 55538; one kuruş left → line 2 (larger rest):
     *     shares 33,96 + 26,97 = 60,93 (each also round2(net × 10 %): 33,962 → 33,96, 26,97)
     *   tax bases: 339,62 − 33,96 = 305,66; 269,70 − 26,97 = 242,73; Σ 548,39
     *   KDV: 305,66 × 10 % = 30,566 → 30,57; 242,73 × 20 % = 48,546 → 48,55; Σ 79,12
     *   total (vergiler dahil) = payable = 548,39 + 79,12 = 627,51
     *   goods 357,50 + 269,70 = 627,20; discounts 17,88 + 60,93 = 78,81; 627,20 − 78,81 = 548,39
     */
    const { r, input } = booked([
      { name: 'Parol 500 mg 20 tablet', quantity: '10', unitPrice: '35.75', kdv: '10', discountRate: '5' },
      { name: 'Dezenfektan 1 L', quantity: '3', unitPrice: '89.90', kdv: '20' },
    ], [{ type: 'PERCENTAGE', percentage: '10' }]);
    // The books (the PDF prints these): the hand computation above.
    expect(r.lines.map((l) => [l.gross, l.discount, l.net, l.documentDiscount, l.taxBase, l.tax])).toEqual([
      ['357.50', '17.88', '339.62', '33.96', '305.66', '30.57'],
      ['269.70', '0.00', '269.70', '26.97', '242.73', '48.55'],
    ]);
    expect([r.subtotal, r.totalDiscount, r.documentDiscount, r.taxBase, r.totalTax, r.totalAmount, r.payable]).toEqual(['627.20', '78.81', '60.93', '548.39', '79.12', '627.51', '627.51']);

    const { xml, p } = await roundTrip(input);
    const [head, ...lineXml] = xml.split('<cac:InvoiceLine>');
    // Nothing at document level: no cac:AllowanceCharge outside the lines.
    expect(head).not.toContain('<cac:AllowanceCharge>');
    expect(lineXml.map((l) => texts(l, 'LineExtensionAmount')[0])).toEqual(['305.66', '242.73']);
    expect(lineXml.map(allowances)).toEqual([
      [
        { reason: null, factor: null, amount: '17.88', base: '357.50' },
        { reason: 'Fatura altı iskonto', factor: '0.1', amount: '33.96', base: '339.62' },
      ],
      [{ reason: 'Fatura altı iskonto', factor: '0.1', amount: '26.97', base: '269.70' }],
    ]);
    // Each line's KDV on its tax base.
    expect(lineXml.map((l) => [texts(l, 'TaxableAmount'), texts(l, 'TaxAmount')])).toEqual([
      [['305.66'], ['30.57', '30.57']],
      [['242.73'], ['48.55', '48.55']],
    ]);
    // Document TaxTotal: 79,12 in two subtotals; LegalMonetaryTotal.
    const docTax = blocks(head!, 'TaxTotal')[0]!;
    expect(texts(docTax, 'TaxAmount')[0]).toBe('79.12');
    expect(blocks(docTax, 'TaxSubtotal').map((t) => [texts(t, 'Percent')[0], texts(t, 'TaxableAmount')[0], texts(t, 'TaxAmount')[0]])).toEqual([
      ['10', '305.66', '30.57'],
      ['20', '242.73', '48.55'],
    ]);
    const lmt = blocks(head!, 'LegalMonetaryTotal')[0]!;
    expect(['LineExtensionAmount', 'TaxExclusiveAmount', 'TaxInclusiveAmount', 'AllowanceTotalAmount', 'PayableAmount'].map((n) => texts(lmt, n)[0]))
      .toEqual(['548.39', '548.39', '627.51', '0.00', '627.51']);
    expect([p.totals.lineExtension, p.totals.taxExclusive, p.totals.tax, p.totals.taxInclusive, p.totals.payable]).toEqual([r.taxBase, r.taxBase, r.totalTax, r.totalAmount, r.payable]);
    expect(p.notes).toContain('YALNIZ ALTIYÜZYİRMİYEDİ TÜRK LİRASI ELLİBİR KURUŞ');

    // GİB's display (the bundled e-Fatura XSLT): its totals are the books' figures.
    const html = (await renderHtml(xml)).replace(/<[^>]+>/g, ' ').replace(/&#160;|&nbsp;|\u00a0/g, ' ').replace(/\s+/g, ' ');
    const shown = (label: string) => html.match(new RegExp(`${label} ([0-9.]+,[0-9]{2}) TL`))?.[1];
    expect(shown('Mal Hizmet Toplam Tutarı')).toBe('548,39'); // the PDF's Vergi Matrahı
    expect(shown('Hesaplanan KDV\\(%10\\)')).toBe('30,57');
    expect(shown('Hesaplanan KDV\\(%20\\)')).toBe('48,55');
    // Each line's "Mal Hizmet Tutarı" (the row's last amount) is its tax base.
    expect(html).toMatch(/ 17,88 TL \+ ?33,96 TL .*?30,57 TL 305,66 TL /);
    expect(html).toMatch(/ 26,97 TL .*?48,55 TL 242,73 TL /);
    expect(shown('Vergiler Dahil Toplam Tutar')).toBe('627,51');
    expect(shown('Ödenecek Tutar')).toBe('627,51');
    expect(html).not.toContain('Toplam İndirim İskonto');

    // Our PDF view of the document: the same rows as the accounting plugin's PDF.
    expect(invoiceTotalRows(p).map(([label, value]) => [label.replace(/ — .*/, ''), value])).toEqual([
      ['Mal / hizmet toplamı', r.subtotal], // 627,20
      ['Toplam iskonto', r.totalDiscount], // 78,81
      ['Vergi hariç tutar', r.taxBase], // 548,39
      ['KDV (%10)', '30.57'],
      ['KDV (%20)', '48.55'],
      ['Vergiler dahil toplam', r.totalAmount],
      ['ÖDENECEK TUTAR', r.payable],
    ]);
  }, 60_000);

  it('the shares add up to the document discount; a share carries the rate only where the rate gives it', async () => {
    /*
     * Three lines of 1 × 0,15 at KDV 20 % and a 10 % document discount: 0,45 × 10 % = 0,045 → 0,05
     * (5 kuruş). Spread over equal nets: 5 × 15 / 45 = 1 rest 30 each, two kuruş left → lines 1
     * and 2: shares 0,02 + 0,02 + 0,01 = 0,05. round2(0,15 × 10 %) = 0,02: lines 1 and 2 carry
     * MultiplierFactorNumeric 0.1, line 3 (0,01) the amount alone. Bases 0,13 + 0,13 + 0,14 =
     * 0,40; KDV 0,03 + 0,03 + 0,03 (0,026 and 0,028 → 0,03) = 0,09; payable 0,49.
     */
    const { r, input } = booked([1, 2, 3].map((n) => ({ name: `Şeker ${n}`, quantity: '1', unitPrice: '0.15', kdv: '20' })), [{ type: 'PERCENTAGE', percentage: '10' }]);
    expect(r.lines.map((l) => l.documentDiscount)).toEqual(['0.02', '0.02', '0.01']);
    const { xml, p } = await roundTrip(input);
    const lineXml = xml.split('<cac:InvoiceLine>').slice(1);
    expect(lineXml.map(allowances)).toEqual([
      [{ reason: 'Fatura altı iskonto', factor: '0.1', amount: '0.02', base: '0.15' }],
      [{ reason: 'Fatura altı iskonto', factor: '0.1', amount: '0.02', base: '0.15' }],
      [{ reason: 'Fatura altı iskonto', factor: null, amount: '0.01', base: '0.15' }],
    ]);
    expect(lineXml.map((l) => texts(l, 'LineExtensionAmount')[0])).toEqual(['0.13', '0.13', '0.14']);
    expect([p.totals.lineExtension, p.totals.allowance, p.totals.tax, p.totals.payable]).toEqual(['0.40', '0.00', '0.09', '0.49']);
    expect([r.taxBase, r.totalTax, r.payable]).toEqual(['0.40', '0.09', '0.49']);
  }, 60_000);
});

describe('negative: Turkish issues a person can act on', () => {
  it('customer without tax office, bad unit code, IADE in TICARIFATURA', async () => {
    const input = invoiceFor('TICARIFATURA', 'SATIS', 5);
    input.type = 'IADE';
    input.billingReference = { id: 'ABC2026000000001', issueDate: '2026-11-01' };
    input.customer = { ...CUSTOMER, taxOffice: null };
    input.lines[1]!.unitCode = 'XYZ';
    const issues = await validateUbl(buildInvoice(input));
    const messages = issues.map((i) => i.message);
    expect(messages).toContain('Alıcının vergi dairesi boş.');
    expect(messages).toContain("Satır 2: birim kodu geçersiz ('XYZ'); UN/ECE Rec 20 kodu olmalı (C62 adet, KGM, LTR...).");
    expect(messages.some((m) => /IADE iken fatura profili sadece TEMELFATURA/.test(m))).toBe(true);
    expect(issues.every((i) => i.source === 'SCHEMATRON' && !!i.detail)).toBe(true);
  });

  it('IHRACAT with a type other than ISTISNA is refused in Turkish', async () => {
    const input = invoiceFor('IHRACAT', 'ISTISNA', 14);
    input.type = 'SATIS';
    const issues = await validateUbl(buildInvoice(input));
    expect(issues.map((i) => i.message)).toContain("Senaryo IHRACAT iken fatura tipi ISTISNA olmalı ('SATIS' olamaz).");
  });

  it('an e-Fatura profile validated as e-Arşiv (and the other way) is refused', async () => {
    const efatura = buildInvoice(invoiceFor('TEMELFATURA', 'SATIS', 6));
    expect((await validateUbl(efatura, { earchive: true })).map((i) => i.rule)).toContain('ProfileIDCheck');
    const earsiv = buildInvoice(invoiceFor('EARSIVFATURA', 'SATIS', 7));
    expect((await validateUbl(earsiv, { earchive: false })).map((i) => i.rule)).toContain('ProfileIDCheck');
  });

  it('XSD order errors are reported in Turkish with the line', async () => {
    const xml = buildInvoice(invoiceFor('TEMELFATURA', 'SATIS', 8)).replace(
      /<cbc:UBLVersionID>2.1<\/cbc:UBLVersionID>(\s*)<cbc:CustomizationID>TR1.2<\/cbc:CustomizationID>/,
      '<cbc:CustomizationID>TR1.2</cbc:CustomizationID>$1<cbc:UBLVersionID>2.1</cbc:UBLVersionID>',
    );
    const xsd = (await validateUbl(xml)).filter((i) => i.source === 'XSD');
    expect(xsd[0]!.message).toBe("'CustomizationID' öğesi bu konumda beklenmiyor (sıra ya da ad yanlış); burada beklenen: UBLVersionID.");
    expect(xsd[0]!.line).toBeGreaterThan(1);
  });

  it('validateXsdMany validates a batch in one xmllint run and places each error on its document', async () => {
    const good = buildInvoice(invoiceFor('TEMELFATURA', 'SATIS', 15));
    const bad = good.replace('<cbc:CopyIndicator>false</cbc:CopyIndicator>', '');
    const desp = buildDespatch({
      uuid: uuid(), id: 'IRS2026000000009', issueDate: '2026-11-20', profile: 'TEMELIRSALIYE', type: 'SEVK', supplier: SUPPLIER, customer: CUSTOMER,
      shipmentDate: '2026-11-20', lines: [{ lineNo: 1, name: 'Parol', quantity: '1', unitCode: 'C62' }], notes: [],
    });
    const res = await validateXsdMany([good, bad, good, desp, '<Foo/>']);
    expect(res.map((r) => r.length)).toEqual([0, 1, 0, 0, 1]);
    expect(res[1]![0]!.message).toMatch(/CopyIndicator/);
  });

  it('invalid XML and DOCTYPE are XML issues', async () => {
    expect((await validateUbl('<Invoice><a></Invoice>'))[0]!.source).toBe('XML');
    const bomb = '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;">]><Invoice>&lol2;</Invoice>';
    expect((await validateUbl(bomb))[0]!.message).toMatch(/DOCTYPE/);
  });
});

describe('despatch and application response', () => {
  it('e-İrsaliye: builds, validates, parses', async () => {
    const xml = buildDespatch({
      uuid: uuid(),
      id: 'IRS2026000000001',
      issueDate: '2026-11-20',
      issueTime: '09:00:00',
      profile: 'TEMELIRSALIYE',
      type: 'SEVK',
      supplier: SUPPLIER,
      customer: CUSTOMER,
      shipmentDate: '2026-11-20',
      shipmentTime: '10:00:00',
      carrier: { vknTckn: '5555555555', name: 'Hızlı Kargo A.Ş.' },
      driver: { firstName: 'Mehmet', familyName: 'Çelik', tckn: '11111111111' },
      plate: '34ABC123',
      lines: [
        { lineNo: 1, name: 'Parol 500 mg', quantity: '10', unitCode: 'C62', unitPrice: '35.75', barcode: '8690000000017', sellerCode: 'STK-1' },
        { lineNo: 2, name: 'Dezenfektan', quantity: '2.5', unitCode: 'LTR' },
      ],
      notes: ['Sevk notu'],
    });
    expect(await validateUbl(xml)).toEqual([]);
    const p = parseUbl(xml);
    expect(p.kind).toBe('DESPATCH');
    expect(p.typeCode).toBe('SEVK');
    expect(p.lines.map((l) => [l.name, l.quantity, l.unitCode])).toEqual([
      ['Parol 500 mg', '10', 'C62'],
      ['Dezenfektan', '2.5', 'LTR'],
    ]);
    expect(p.lines[0]!.lineExtension).toBe('357.50');
  });

  it('a despatch without driver and carrier gets GİB\'s Turkish message', async () => {
    const xml = buildDespatch({
      uuid: uuid(), id: 'IRS2026000000002', issueDate: '2026-11-20', profile: 'TEMELIRSALIYE', type: 'SEVK', supplier: SUPPLIER, customer: CUSTOMER,
      shipmentDate: '2026-11-20', lines: [{ lineNo: 1, name: 'Parol', quantity: '1', unitCode: 'C62' }], notes: [],
    });
    const issues = await validateUbl(xml);
    expect(issues.map((i) => i.rule)).toContain('DespatchCarrierDriverCheck');
    expect(issues.find((i) => i.rule === 'DespatchCarrierDriverCheck')!.message).toMatch(/DriverPerson veya .*CarrierParty/);
  });

  for (const answer of ['KABUL', 'RED'] as const) {
    it(`uygulama yanıtı ${answer}`, async () => {
      const xml = buildApplicationResponse({
        uuid: uuid(), id: 'YNT2026000000001', issueDate: '2026-11-21', answer, note: answer === 'RED' ? 'Fiyat hatalı' : null,
        invoiceUuid: '0a1b2c3d-0000-4000-8000-000000000001', invoiceId: 'TZG2026000000001', sender: PERSON.vknTckn ? CUSTOMER : PERSON, receiver: SUPPLIER,
      });
      expect(await validateUbl(xml)).toEqual([]);
      const p = parseUbl(xml);
      expect(p.kind).toBe('APPLICATION_RESPONSE');
      expect(p.typeCode).toBe(answer);
      expect(p.response).toMatchObject({ code: answer, invoiceUuid: '0a1b2c3d-0000-4000-8000-000000000001', invoiceId: 'TZG2026000000001' });
      expect(p.supplier.vknTckn).toBe(CUSTOMER.vknTckn);
    });
  }
});

describe('quantities with three decimals (2,125 kg): written as they are, never rounded to two', () => {
  it('InvoicedQuantity 2.125 at 59,90 with KDV 10 %: the amounts stay in kuruş', async () => {
    // 2,125 × 59,90 = 127,2875 → 127,29; KDV 12,729 → 12,73; payable 140,02.
    const { r, input } = booked([{ name: 'Beyaz peynir', quantity: '2.125', unitPrice: '59.90', kdv: '10' }], []);
    expect([r.lines[0]!.quantity, r.taxBase, r.totalTax, r.payable]).toEqual(['2.125', '127.29', '12.73', '140.02']);
    const { xml, p } = await roundTrip({ ...input, lines: input.lines.map((l) => ({ ...l, unitCode: 'KGM' })) });
    expect(xml).toContain('<cbc:InvoicedQuantity unitCode="KGM">2.125</cbc:InvoicedQuantity>');
    expect(p.lines.map((l) => [l.quantity, l.unitCode, l.lineExtension])).toEqual([['2.125', 'KGM', '127.29']]);
  });

  it('DeliveredQuantity 2.125 on an e-İrsaliye', async () => {
    const xml = buildDespatch({
      uuid: uuid(), id: 'IRS2026000000003', issueDate: '2026-11-20', issueTime: '09:00:00', profile: 'TEMELIRSALIYE', type: 'SEVK', supplier: SUPPLIER, customer: CUSTOMER,
      shipmentDate: '2026-11-20', shipmentTime: '10:00:00', carrier: { vknTckn: '5555555555', name: 'Hızlı Kargo A.Ş.' },
      lines: [{ lineNo: 1, name: 'Beyaz peynir', quantity: '2.125', unitCode: 'KGM' }], notes: [],
    });
    expect(await validateUbl(xml)).toEqual([]);
    expect(xml).toContain('<cbc:DeliveredQuantity unitCode="KGM">2.125</cbc:DeliveredQuantity>');
    expect(parseUbl(xml).lines.map((l) => l.quantity)).toEqual(['2.125']);
  });
});
