import { describe, expect, it } from 'vitest';
import { mapsCharacter, pageCount } from '../book-reports/testing';
import { amountInWords, integerInWords } from './amount-in-words';
import { currentDisplayName, invoicePdf, type InvoiceCompany, type InvoiceCurrent, type PrintableInvoice, type PrintableLine } from './pdf';
import { flat, parseToUnicode, pdfPages, pdfText } from './testing';

describe('amountInWords', () => {
  const tl = (v: string | number) => amountInWords(String(v), 'TL');
  it('writes the lira in spaced title case, "Yüz" and "Bin" without "Bir", "Bir Milyon" with it', () => {
    expect(tl(0)).toBe('Yalnız Sıfır TL');
    expect(tl(1)).toBe('Yalnız Bir TL');
    expect(tl(10)).toBe('Yalnız On TL');
    expect(tl(11)).toBe('Yalnız On Bir TL');
    expect(tl(100)).toBe('Yalnız Yüz TL');
    expect(tl(101)).toBe('Yalnız Yüz Bir TL');
    expect(tl(1000)).toBe('Yalnız Bin TL');
    expect(tl(1001)).toBe('Yalnız Bin Bir TL');
    expect(tl(2000)).toBe('Yalnız İki Bin TL');
    expect(tl(1_000_000)).toBe('Yalnız Bir Milyon TL');
    expect(tl('1234.56')).toBe('Yalnız Bin İki Yüz Otuz Dört TL Elli Altı Kr');
    expect(tl('1234567.89')).toBe('Yalnız Bir Milyon İki Yüz Otuz Dört Bin Beş Yüz Altmış Yedi TL Seksen Dokuz Kr');
    expect(tl('999999999999.99')).toBe(
      'Yalnız Dokuz Yüz Doksan Dokuz Milyar Dokuz Yüz Doksan Dokuz Milyon Dokuz Yüz Doksan Dokuz Bin Dokuz Yüz Doksan Dokuz TL Doksan Dokuz Kr',
    );
  });

  it('handles the groups between: one thousand inside larger numbers, skipped groups, every digit word', () => {
    expect(integerInWords('101000')).toBe('Yüz Bir Bin');
    expect(integerInWords('21000')).toBe('Yirmi Bir Bin');
    expect(integerInWords('1001000')).toBe('Bir Milyon Bin');
    expect(integerInWords('1000000001')).toBe('Bir Milyar Bir');
    expect(integerInWords('2000000000000')).toBe('İki Trilyon');
    expect(integerInWords('999')).toBe('Dokuz Yüz Doksan Dokuz');
    expect(integerInWords('0000')).toBe('Sıfır');
    expect([...'123456789'].map((d) => integerInWords(d))).toEqual(['Bir', 'İki', 'Üç', 'Dört', 'Beş', 'Altı', 'Yedi', 'Sekiz', 'Dokuz']);
    expect([10, 20, 30, 40, 50, 60, 70, 80, 90].map((d) => integerInWords(String(d)))).toEqual(['On', 'Yirmi', 'Otuz', 'Kırk', 'Elli', 'Altmış', 'Yetmiş', 'Seksen', 'Doksan']);
  });

  it('leaves out a zero kuruş, writes kuruş alone after Sıfır TL, and rounds half up to the kuruş', () => {
    expect(tl('120.00')).toBe('Yalnız Yüz Yirmi TL');
    expect(tl('0.5')).toBe('Yalnız Sıfır TL Elli Kr');
    expect(tl('0.05')).toBe('Yalnız Sıfır TL Beş Kr');
    expect(tl('10.005')).toBe('Yalnız On TL Bir Kr');
    expect(tl('0.004')).toBe('Yalnız Sıfır TL');
    expect(amountInWords(1234.5, 'TRY')).toBe('Yalnız Bin İki Yüz Otuz Dört TL Elli Kr');
  });

  it('writes other currencies with their code: EUR and USD with Cent, the others with the hundredths as /100', () => {
    expect(amountInWords('120', 'EUR')).toBe('Yalnız Yüz Yirmi EUR');
    expect(amountInWords('120.50', 'EUR')).toBe('Yalnız Yüz Yirmi EUR Elli Cent');
    expect(amountInWords('1.01', 'usd')).toBe('Yalnız Bir USD Bir Cent');
    expect(amountInWords('120.05', 'GBP')).toBe('Yalnız Yüz Yirmi GBP 05/100');
    expect(amountInWords('3000', 'JPY')).toBe('Yalnız Üç Bin JPY');
  });

  it('refuses what is not an invoice amount', () => {
    expect(() => tl('-1')).toThrow(RangeError);
    expect(() => tl('abc')).toThrow(RangeError);
    expect(() => tl('1000000000000000')).toThrow(RangeError);
    expect(tl('-0.001')).toBe('Yalnız Sıfır TL');
  });
});

describe('the PDF text reader (test helper)', () => {
  it('reads ToUnicode maps: bfchar, bfrange with a start value and with a list', () => {
    const cmap = `1 begincodespacerange <0000><ffff> endcodespacerange
      2 beginbfchar <0003> <0020> <0010> <015F> endbfchar
      2 beginbfrange <0020> <0022> <0041> <0030> <0031> [<00DC> <D83DDE00>] endbfrange`;
    const { bytes, map } = parseToUnicode(cmap);
    expect(bytes).toBe(2);
    expect([3, 0x10, 0x20, 0x21, 0x22, 0x30, 0x31].map((c) => map.get(c))).toEqual([' ', 'ş', 'A', 'B', 'C', 'Ü', '😀']);
  });
});

// --- the renderer --------------------------------------------------------------------------------

const company: InvoiceCompany = {
  name: 'Demo Ticaret A.Ş.', title: 'Demo Ticaret Anonim Şirketi', taxNumber: '0123456789', taxOffice: 'Beşiktaş', address: null,
  phone: '2125559876', email: 'muhasebe@demo.tezgah.local', mersisNo: '0123456789000015',
};
const customer: InvoiceCurrent = {
  name: 'Boğaziçi Otel İşletmeleri', lastName: null, title: 'Boğaziçi Otel İşletmeleri A.Ş.', taxNumber: '3561902849', taxOfficeName: 'Beşiktaş',
  address: 'Çırağan Cad. No: 32', postcode: '34349', citySubdivisionName: 'Beşiktaş', cityName: 'İstanbul', countryName: 'Türkiye', phone: '2122223344', email: null,
};
const person: InvoiceCurrent = { ...customer, name: 'Ali', lastName: 'Öztürk', title: null, taxNumber: '73615294850', taxOfficeName: 'Üsküdar', address: null, postcode: null };

const line = (over: Partial<PrintableLine> = {}): PrintableLine => ({
  lineNo: 1, productName: 'Çay bardağı', description: 'Çay bardağı', quantity: 2, unitPrice: 500, discounts: [], discount: 0, gross: 1000,
  withheld: 0, withholdingRatio: null, taxes: [{ taxType: 'KDV', percentage: 20, amount: 200 }], ...over,
});

/** A sale of 1.234,56 ₺: 1.000 goods less 10 % (KDV 20) and 12,5 of a service (KDV 10) … as the server computes it. */
const sale = (over: Partial<PrintableInvoice> = {}): PrintableInvoice => ({
  id: 42, invoiceType: 'SALE', status: 'POSTED', documentNo: 'DMT2026000000017', date: '2026-04-10', dueDate: '2026-05-10', currencyCode: 'TL',
  conversionRate: 1, explanation: 'Nisan teslimatı; ödeme 30 gün içinde.',
  subtotal: 1020.5, totalDiscount: 100, taxBase: 920.5, totalAmount: 1101.05, payable: 1101.05, paid: 100, remaining: 1001.05,
  products: [
    line({ discounts: [{ type: 'PERCENTAGE', percentage: 10 }], discount: 100, taxes: [{ taxType: 'KDV', percentage: 20, amount: 180 }] }),
    line({ lineNo: 2, productName: 'Kurulum', description: 'Kurulum hizmeti', quantity: 1, unitPrice: '20.5', gross: 20.5, taxes: [{ taxType: 'KDV', percentage: 10, amount: 2.05 }] }),
    line({ lineNo: 3, productName: 'Cam', description: 'Cam', quantity: 1, unitPrice: '0.12345678', gross: 0.12, taxes: [] }),
  ],
  payments: [{ paymentType: 'CASH', amount: 100, date: '2026-04-10', accountName: 'Merkez Kasa' }],
  taxSummary: [{ taxType: 'KDV', percentage: 10, base: 20.5, amount: 2.05 }, { taxType: 'KDV', percentage: 20, base: 900, amount: 178.5 }],
  cancelledAt: null,
  ...over,
});
const printedAt = new Date('2026-04-10T10:00:00Z');

describe('invoicePdf', () => {
  it('prints a sale: parties with their tax numbers, the particulars, the lines, the totals, the payments and the amount in words', async () => {
    const bytes = await invoicePdf(sale(), company, customer, { printedAt });
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pageCount(bytes)).toBe(1);
    const text = pdfText(bytes);
    const lines = text.split('\n');
    for (const s of [
      'SATIŞ FATURASI', 'SATICI', 'Demo Ticaret Anonim Şirketi', 'Vergi Dairesi: Beşiktaş   VKN: 0123456789', 'Mersis No: 0123456789000015',
      'Tel: (212) 555-9876', 'E-posta: muhasebe@demo.tezgah.local',
      'ALICI (SAYIN)', 'Boğaziçi Otel İşletmeleri A.Ş.', 'Çırağan Cad. No: 32', '34349 Beşiktaş / İstanbul', 'Vergi Dairesi: Beşiktaş   VKN: 3561902849',
      'Fatura No', 'DMT2026000000017', 'Fatura Tarihi', '10.04.2026', 'Vade Tarihi', '10.05.2026', 'Para Birimi', 'TL (₺)',
      'Sıra', 'Mal / Hizmet', 'Miktar', 'Birim Fiyat', 'İskonto', 'KDV %', 'KDV Tutarı', 'Tutar',
      'Çay bardağı', '2,00', '500,00', '%10', '100,00', '%20', '180,00', '1.000,00', 'Kurulum hizmeti', '20,50', '%10', '2,05', '0,12345678',
      'Mal/Hizmet Toplam Tutarı', '1.020,50 ₺', 'Toplam İskonto', '100,00 ₺', 'Vergi Matrahı', '920,50 ₺',
      'Hesaplanan KDV (%10)', '2,05 ₺', 'Hesaplanan KDV (%20)', '178,50 ₺', 'Vergiler Dahil Toplam Tutar', '1.101,05 ₺', 'Ödenecek Tutar',
      'Yalnız Bin Yüz Bir TL Beş Kr', 'Açıklama', 'Nisan teslimatı; ödeme 30 gün içinde.',
      'Faturada yapılan ödemeler', 'Nakit', 'Merkez Kasa', '100,00 ₺', 'Kalan', '1.001,05 ₺', 'Sayfa 1 / 1',
    ]) expect(lines, s).toContain(s);
    // The totals in order, the withholding absent.
    const at = (s: string) => lines.indexOf(s);
    expect(at('Mal/Hizmet Toplam Tutarı')).toBeLessThan(at('Toplam İskonto'));
    expect(at('Hesaplanan KDV (%10)')).toBeLessThan(at('Hesaplanan KDV (%20)'));
    expect(at('Vergiler Dahil Toplam Tutar')).toBeLessThan(at('Ödenecek Tutar'));
    expect(text).not.toContain('Tevkifat');
    expect(text).not.toMatch(/TASLAK|İPTAL/);
    expect(mapsCharacter(bytes, '₺')).toBe(true);
  });

  it('prints a purchase with the supplier as the seller, a person with TCKN, withholding and other taxes', async () => {
    const bytes = await invoicePdf(sale({
      invoiceType: 'BUYING', documentNo: 'EGE2026000000123', totalAmount: 1203.35, payable: 1023.35,
      products: [line({ quantity: 10, unitPrice: 100, withheld: 180, withholdingRatio: 9, taxes: [{ taxType: 'KDV', percentage: 20, amount: 200 }, { taxType: 'ÖTV', percentage: 6.7, amount: 3.35 }] })],
      taxSummary: [{ taxType: 'KDV', percentage: 20, base: 1000, amount: 200 }, { taxType: 'ÖTV', percentage: 6.7, base: 50, amount: 3.35 }],
    }), company, person, { printedAt });
    const lines = pdfText(bytes).split('\n');
    for (const s of ['ALIŞ FATURASI', 'ALICI', 'SATICI', 'Ali Öztürk', 'Vergi Dairesi: Üsküdar   TCKN: 73615294850', 'EGE2026000000123',
      'ÖTV (%6,7)', '3,35 ₺', 'KDV Tevkifatı (9/10)', '180,00 ₺', 'Ödenecek Tutar', '1.023,35 ₺', 'Yalnız Bin Yirmi Üç TL Otuz Beş Kr']) expect(lines, s).toContain(s);
    // The company is the buyer here: its block is labelled ALICI and the current's box SATICI.
    expect(lines.indexOf('ALICI')).toBeLessThan(lines.indexOf('Demo Ticaret Anonim Şirketi'));
    expect(lines[lines.indexOf('SATICI') + 1]).toBe('Ali Öztürk');
    expect(lines.indexOf('KDV Tevkifatı (9/10)')).toBeLessThan(lines.indexOf('Vergiler Dahil Toplam Tutar'));
  });

  it('marks a draft TASLAK and prints no number; a cancelled invoice İPTAL EDİLDİ', async () => {
    const draft = pdfText(await invoicePdf(sale({ status: 'DRAFT', documentNo: 'DMT2026000000099' }), company, customer, { printedAt }));
    expect(draft).toContain('TASLAK');
    expect(draft).not.toContain('DMT2026000000099');
    expect(draft.split('\n')).toContain('— (taslak, numarasız)');
    const cancelled = pdfText(await invoicePdf(sale({ status: 'CANCELLED', cancelledAt: '2026-04-12T09:30:00.000Z' }), company, customer, { printedAt }));
    expect(cancelled.split('\n')).toEqual(expect.arrayContaining(['İPTAL EDİLDİ', 'İptal tarihi: 12.04.2026 12:30', 'DMT2026000000017']));
  });

  it('prints a foreign-currency invoice with its code, the rate and the lira equivalent', async () => {
    const text = pdfText(await invoicePdf(sale({ currencyCode: 'EUR', conversionRate: 35.1234, payable: 120, totalAmount: 120, paid: 0, remaining: 120, payments: [] }), company, customer, { printedAt }));
    const lines = text.split('\n');
    for (const s of ['EUR', '1 EUR = 35,1234 ₺', '120,00 EUR', 'Ödenecek Tutar (TL, kur 35,1234)', '4.214,81 ₺', 'Yalnız Yüz Yirmi EUR']) expect(lines, s).toContain(s);
    expect(text).not.toContain('Faturada yapılan ödemeler');
  });

  it('flows a long invoice onto further pages: every line once, the header on every page with lines, "Sayfa n / m" on every page', async () => {
    const many = Array.from({ length: 130 }, (_, i) => line({ lineNo: i + 1, description: i === 5 ? 'Uzun açıklama '.repeat(30).trim() : `Kalem ${i + 1}` }));
    const bytes = await invoicePdf(sale({ products: many }), company, customer, { printedAt });
    const pages = pdfPages(bytes);
    expect(pages.length).toBeGreaterThanOrEqual(3);
    expect(pageCount(bytes)).toBe(pages.length);
    pages.forEach((p, i) => {
      expect(p.split('\n')).toContain(`Sayfa ${i + 1} / ${pages.length}`);
      if (i > 0) expect(p).toContain('SATIŞ FATURASI · DMT2026000000017 · 10.04.2026');
    });
    const withLines = pages.filter((p) => /\nKalem \d+\n/.test(p));
    for (const p of withLines) expect(p.split('\n')).toContain('Mal / Hizmet');
    const found = pages.flatMap((p) => [...p.matchAll(/^Kalem (\d+)$/gm)].map((m) => Number(m[1])));
    expect(found).toEqual(Array.from({ length: 130 }, (_, i) => i + 1).filter((n) => n !== 6));
    // The long description is cut at three lines, the last one ending with "…".
    const long = pages[0]!.split('\n').filter((l) => l.startsWith('Uzun açıklama') || l.startsWith('açıklama'));
    expect(long.length).toBe(3);
    expect(long[2]!.endsWith('…')).toBe(true);
    // The totals and the amount in words come once, after the last line.
    const last = pages.at(-1)!;
    expect(last).toContain('Ödenecek Tutar');
    expect(flat(pdfText(bytes)).match(/Yalnız Bin Yüz Bir TL Beş Kr/g)).toHaveLength(1);
  });

  it('names a current as the invoice does: a person by name and last name, a company by its title', () => {
    expect(currentDisplayName(person)).toBe('Ali Öztürk');
    expect(currentDisplayName(customer)).toBe('Boğaziçi Otel İşletmeleri A.Ş.');
    expect(currentDisplayName({ name: 'Ege Kırtasiye', lastName: null, title: null })).toBe('Ege Kırtasiye');
  });
});
