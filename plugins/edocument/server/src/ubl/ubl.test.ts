import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { ALLOWED_TYPES, buildApplicationResponse, buildDespatch, buildInvoice, invoiceTotals, parseUbl, validateUbl, validateXsdMany, type UblInvoiceInput } from './index';
import { CUSTOMER, invoiceFor, line, PERSON, SUPPLIER, uuid } from './fixtures';

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
      l.discounts.reduce((s, d) => s.plus(d.amount), new Decimal(0)).toFixed(2),
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
  it('line and document discounts, several KDV rates: LegalMonetaryTotal and grouped subtotals', async () => {
    const input = invoiceFor('TICARIFATURA', 'SATIS', 2);
    input.lines.push(line(4, 'Maske', '50', '2.40', '10', { discountRate: '10' }));
    input.documentDiscounts = [{ amount: '25.00', reason: 'Kampanya' }];
    const { xml, p } = await roundTrip(input);
    expect(p.totals.allowance).toBe('25.00');
    expect(new Decimal(p.totals.taxExclusive).toFixed(2)).toBe(new Decimal(p.totals.lineExtension).minus(25).toFixed(2));
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
