import { existsSync } from 'node:fs';
import Decimal from 'decimal.js';
import PDFDocument from 'pdfkit';
import { formatDecimalInput, formatPhone } from '@tezgah/core';
import { FONT_BOLD, FONT_REGULAR, trDate, trMoment, trMoney, trQuantity } from '../book-reports/files';
import { amountInWords } from './amount-in-words';
import { collect, M, PAGE_H, PAGE_W, textKit, W } from './pdf-kit';
import { PAYMENT_LABELS } from './posting';

/**
 * The printed invoice (GET /pdf/{id}): an A4 page as a Turkish customer expects a fatura to look.
 * Pure: it is given the invoice as GET /invoices/{id} answers it (invoiceView), the company and
 * the current, and gives the PDF's bytes; it reads nothing else.
 *
 *   top        the company (name or title, address when it has one, phone, e-mail, tax office,
 *              VKN — 10 digits — or TCKN — 11 —, Mersis no) and, on the right, the title (SATIŞ
 *              FATURASI / ALIŞ FATURASI), number, date, due date, currency and rate; under the
 *              company the other party (the current: title for a company, name and last name for
 *              a person, address, district / city, tax office and VKN/TCKN). On a sale the company
 *              is the seller (SATICI) and the current the buyer (ALICI); on a purchase the other
 *              way round.
 *   lines      Sıra, Mal / Hizmet, Miktar (its own decimals, up to 3, at least 2: 2,125; 4,00),
 *              Birim Fiyat (its own decimals, up to 8, at least 2), İskonto, KDV %, KDV Tutarı and
 *              Tutar (quantity × unit price, before discounts: the column adds up to the Mal/Hizmet
 *              Toplam Tutarı below it).
 *   bottom     the totals (Mal/Hizmet Toplam Tutarı, Toplam İskonto, Vergi Matrahı, Hesaplanan KDV
 *              per rate, other taxes per rate, KDV Tevkifatı per ratio (the KDV the buyer pays to the tax
 *              office itself), Vergiler Dahil Toplam Tutar, Ödenecek Tutar, its lira equivalent for a
 *              foreign currency); on the left the payable in words, the explanation and the payments
 *              written on the invoice.
 *   every page the footer "Sayfa n / m"; a long invoice continues on further pages with a short
 *              heading and the table's header repeated. A draft carries TASLAK (stamp and
 *              watermark) and no number; a cancelled invoice İPTAL EDİLDİ.
 *
 * Amounts are tr-TR (1.234,56) with ₺ for the lira and the ISO code for other currencies.
 */

type Num = number | string | Decimal;

export interface PrintableLine {
  lineNo: number;
  productName: string;
  description: string | null;
  quantity: Num;
  unitPrice: Num;
  /** The price before taxes (the entered one, or gross / quantity when entered tax-inclusive). */
  netUnitPrice?: Num;
  discounts: unknown[];
  discount: Num;
  gross: Num;
  withheld: Num;
  withholdingRatio: number | null;
  taxes: { taxType: string; percentage: Num; amount: Num }[];
}

/** What the PDF takes of the invoice: the fields of invoiceView() it prints. */
export interface PrintableInvoice {
  id: number;
  invoiceType: 'SALE' | 'BUYING' | 'SALE_RETURN' | 'BUYING_RETURN';
  /** The invoice a return returns (printed under the title). */
  returnOf?: { documentNo: string | null; date: string } | null;
  status: 'DRAFT' | 'POSTED' | 'CANCELLED';
  documentNo: string | null;
  date: string;
  dueDate: string | null;
  currencyCode: string;
  conversionRate: Num;
  explanation: string | null;
  subtotal: Num;
  totalDiscount: Num;
  taxBase: Num;
  totalAmount: Num;
  payable: Num;
  paid: Num;
  remaining: Num;
  products: PrintableLine[];
  payments: { paymentType: string; amount: Num; date: string; accountName: string | null }[];
  taxSummary: { taxType: string; percentage: Num; base: Num; amount: Num }[];
  cancelledAt: string | null;
}

/** The company (companies row). It has no address column yet; one given is printed. */
export interface InvoiceCompany {
  name: string;
  title: string | null;
  taxNumber: string;
  taxOffice: string | null;
  address?: string | null;
  phone: string | null;
  email: string | null;
  mersisNo: string | null;
}

/** The current as currents.repository getView() gives it (the fields printed). */
export interface InvoiceCurrent {
  name: string;
  lastName: string | null;
  title: string | null;
  taxNumber: string | null;
  taxOfficeName: string | null;
  address: string | null;
  postcode: string | null;
  citySubdivisionName: string | null;
  cityName: string | null;
  countryName: string | null;
  phone: string | null;
  email: string | null;
}

export const INVOICE_TITLES = { SALE: 'SATIŞ FATURASI', BUYING: 'ALIŞ FATURASI', SALE_RETURN: 'SATIŞ İADESİ', BUYING_RETURN: 'İADE FATURASI' } as const;

const isLira = (code: string) => ['TL', 'TRY', ''].includes(code.trim().toUpperCase());
const dec = (v: Num | null | undefined) => new Decimal(v === null || v === undefined || v === '' ? 0 : String(v));
/** 8.5 → "%8,5"; 20 → "%20". */
const percent = (v: Num) => `%${dec(v).toString().replace('.', ',')}`;
/** "VKN: 0123456789" (10 digits) or "TCKN: 12345678901" (11). */
export const taxIdLabel = (taxNumber: string) => (taxNumber.trim().length === 11 ? `TCKN: ${taxNumber.trim()}` : `VKN: ${taxNumber.trim()}`);

/** A current's name as it goes on an invoice: a person's name and last name, else its title (unvan), else its name. */
export function currentDisplayName(c: Pick<InvoiceCurrent, 'name' | 'lastName' | 'title'>): string {
  if (c.lastName?.trim()) return `${c.name.trim()} ${c.lastName.trim()}`;
  return c.title?.trim() || c.name.trim();
}

/** Address lines of a current: the street address, then postcode, district / city, and a foreign country. */
function currentAddress(c: InvoiceCurrent): string[] {
  const place = [c.citySubdivisionName, c.cityName].filter(Boolean).join(' / ');
  const second = [c.postcode, place].filter(Boolean).join(' ');
  return [c.address?.trim(), second, c.countryName && c.countryName !== 'Türkiye' ? c.countryName : null].filter((x): x is string => !!x);
}

/** A line's KDV: its rate and amount (null without KDV). */
function kdvOf(l: PrintableLine) {
  return l.taxes.find((t) => t.taxType === 'KDV') ?? null;
}

/** The line discounts as rates when they are all rates ("%10", "%10 + %5"); null otherwise. */
function discountRates(discounts: unknown[]): string | null {
  if (!discounts.length) return null;
  const rates: string[] = [];
  for (const d of discounts as { type?: string; percentage?: Num }[]) {
    if (d?.type !== 'PERCENTAGE' || d.percentage === undefined) return null;
    rates.push(percent(d.percentage));
  }
  return rates.join(' + ');
}

// --- layout --------------------------------------------------------------------------------------

/** Where the body of a page ends: the footer sits below. */
const BODY_BOTTOM = PAGE_H - M - 22;
const BODY_SIZE = 7.5;
const LINE = 9.5;
const PAD = 3;

interface Col { header: string; width: number; align: 'left' | 'right' }
export const LINE_COLUMNS: Col[] = [
  { header: 'Sıra', width: 24, align: 'right' },
  { header: 'Mal / Hizmet', width: 158, align: 'left' },
  { header: 'Miktar', width: 46, align: 'right' },
  { header: 'Birim Fiyat', width: 68, align: 'right' },
  { header: 'İskonto', width: 56, align: 'right' },
  { header: 'KDV %', width: 34, align: 'right' },
  { header: 'KDV Tutarı', width: 62, align: 'right' },
  { header: 'Tutar', width: W - 448, align: 'right' },
];
const HEADER_ROW = 16;
/** Lines of a product's description at most (the rest is cut with …). */
const MAX_DESCRIPTION_LINES = 3;
const MAX_EXPLANATION_LINES = 24;

export interface InvoicePdfOptions {
  /** When the file is made (the footer and the PDF's creation date). */
  printedAt?: Date;
}

/** The invoice as an A4 PDF. */
export async function invoicePdf(inv: PrintableInvoice, company: InvoiceCompany, current: InvoiceCurrent, opts: InvoicePdfOptions = {}): Promise<Buffer> {
  for (const f of [FONT_REGULAR, FONT_BOLD]) if (!existsSync(f)) throw new Error(`invoice PDF: font ${f} is missing`);
  const printedAt = opts.printedAt ?? new Date();
  const title = INVOICE_TITLES[inv.invoiceType];
  const draft = inv.status === 'DRAFT';
  const cancelled = inv.status === 'CANCELLED';
  const number = draft ? null : inv.documentNo;
  const companyName = company.title?.trim() || company.name.trim();
  // The company is the seller on its sales and on the return invoices it issues (a purchase return).
  const sale = inv.invoiceType === 'SALE' || inv.invoiceType === 'BUYING_RETURN';
  const lira = isLira(inv.currencyCode);
  const unit = lira ? '₺' : inv.currencyCode.trim().toUpperCase();
  const money = (v: Num) => `${trMoney(dec(v))} ${unit}`;

  const doc = new PDFDocument({
    size: 'A4', margin: 0, autoFirstPage: false, bufferPages: true, font: FONT_REGULAR, lang: 'tr-TR',
    info: {
      Title: `${title} ${number ?? 'TASLAK'}`, Author: companyName, Subject: `${title} — ${currentDisplayName(current)}`,
      Creator: 'Tezgah', Producer: 'Tezgah', CreationDate: printedAt,
    },
  });
  const done = collect(doc);

  const { font, put, fit, wrap, rule } = textKit(doc, BODY_SIZE);

  /** A new page: the watermark of a draft or a cancelled invoice goes under everything else. */
  const newPage = () => {
    doc.addPage({ size: 'A4', margin: 0 });
    if (draft || cancelled) {
      const mark = draft ? 'TASLAK' : 'İPTAL EDİLDİ';
      doc.save();
      doc.rotate(-35, { origin: [PAGE_W / 2, PAGE_H / 2] });
      font(true, draft ? 96 : 70).fillColor(draft ? '#9e9e9e' : '#d32f2f').fillOpacity(0.13);
      const w = doc.widthOfString(mark);
      doc.text(mark, PAGE_W / 2 - w / 2, PAGE_H / 2 - (draft ? 48 : 35), { lineBreak: false });
      doc.restore();
      doc.fillOpacity(1);
    }
  };

  // --- page 1: the parties and the invoice's particulars -----------------------------------------
  newPage();
  const leftW = 300;
  let yl = M;
  put(sale ? 'SATICI' : 'ALICI', M, yl, { size: 7, color: '#666666', bold: true });
  yl += 10;
  for (const l of wrap(companyName, leftW, true, 11, 2)) {
    put(l, M, yl, { bold: true, size: 11 });
    yl += 13.5;
  }
  const companyLines = [
    ...(company.address?.trim() ? wrap(company.address.trim(), leftW, false, 8, 3) : []),
    ...(company.phone ? [`Tel: ${formatPhone(company.phone)}`] : []),
    ...(company.email ? [`E-posta: ${company.email}`] : []),
    [company.taxOffice ? `Vergi Dairesi: ${company.taxOffice}` : null, taxIdLabel(company.taxNumber)].filter(Boolean).join('   '),
    ...(company.mersisNo ? [`Mersis No: ${company.mersisNo}`] : []),
  ];
  for (const l of companyLines) {
    put(l, M, yl + 1, { size: 8, width: leftW });
    yl += 10.5;
  }

  // The title, the stamp and the particulars, on the right.
  const rx = M + leftW + 20;
  const rw = W - leftW - 20;
  let yr = M;
  put(title, rx, yr, { width: rw, align: 'right', bold: true, size: 15 });
  yr += 22;
  if (draft || cancelled) {
    const color = draft ? '#e65100' : '#c62828';
    const lines = draft ? ['TASLAK', 'Kesilmemiş fatura: geçerli değildir.'] : ['İPTAL EDİLDİ', ...(inv.cancelledAt ? [`İptal tarihi: ${trMoment(new Date(inv.cancelledAt))}`] : [])];
    const h = 20 + (lines.length - 1) * 10;
    doc.save().lineWidth(1.2).strokeColor(color).rect(rx, yr, rw, h).stroke().restore();
    put(lines[0]!, rx, yr + 4, { width: rw, align: 'center', bold: true, size: 11, color });
    lines.slice(1).forEach((l, i) => put(l, rx, yr + 17 + i * 10, { width: rw, align: 'center', size: 7.5, color }));
    yr += h + 8;
  }
  const particulars: [string, string][] = [
    ['Fatura No', number ?? (draft ? '— (taslak, numarasız)' : '—')],
    ['Fatura Tarihi', trDate(inv.date)],
    ...(inv.dueDate ? [['Vade Tarihi', trDate(inv.dueDate)] as [string, string]] : []),
    ['Para Birimi', lira ? 'TL (₺)' : unit],
    ...(!lira ? [['Döviz Kuru', `1 ${unit} = ${formatDecimalInput(String(inv.conversionRate), 2, 6)} ₺`] as [string, string]] : []),
  ];
  doc.save().lineWidth(0.5).strokeColor('#999999').rect(rx, yr, rw, particulars.length * 14 + 4).stroke().restore();
  for (const [k, v] of particulars) {
    put(k, rx + 6, yr + 5, { size: 8, color: '#444444' });
    put(v, rx + 80, yr + 5, { width: rw - 86, align: 'right', size: 8.5, bold: true });
    yr += 14;
  }
  yr += 4;

  // The other party, in a box under the company.
  let y = Math.max(yl + 8, M + 100);
  const party = [
    ...wrap(currentDisplayName(current), leftW - 16, true, 10, 2).map((t) => ({ t, bold: true, size: 10, h: 12.5 })),
    ...currentAddress(current).flatMap((a) => wrap(a, leftW - 16, false, 8, 3)).map((t) => ({ t, bold: false, size: 8, h: 10.5 })),
    ...[
      [current.taxOfficeName ? `Vergi Dairesi: ${current.taxOfficeName}` : null, current.taxNumber ? taxIdLabel(current.taxNumber) : null].filter(Boolean).join('   '),
      current.phone ? `Tel: ${formatPhone(current.phone)}` : '',
      current.email ? `E-posta: ${current.email}` : '',
    ].filter(Boolean).map((t) => ({ t, bold: false, size: 8, h: 10.5 })),
  ];
  const boxH = 16 + party.reduce((s, p) => s + p.h, 0) + 4;
  doc.save().lineWidth(0.8).strokeColor('#555555').rect(M, y, leftW, boxH).stroke().restore();
  put(sale ? 'ALICI (SAYIN)' : 'SATICI', M + 8, y + 5, { size: 7, bold: true, color: '#666666' });
  let yp = y + 16;
  for (const p of party) {
    put(p.t, M + 8, yp, { bold: p.bold, size: p.size, width: leftW - 16 });
    yp += p.h;
  }
  y = Math.max(y + boxH, yr) + 14;

  // --- the lines -----------------------------------------------------------------------------------
  const xs: number[] = [];
  LINE_COLUMNS.reduce((x, c) => (xs.push(x), x + c.width), M);
  const tableHeader = () => {
    doc.save().rect(M, y, W, HEADER_ROW).fill('#e3e3e3').restore();
    LINE_COLUMNS.forEach((c, i) => put(c.header, xs[i]! + PAD, y + 4.5, { width: c.width - 2 * PAD, align: c.align, bold: true, size: BODY_SIZE }));
    y += HEADER_ROW;
  };
  /** The top of a further page: what this is and which invoice. */
  const continuation = () => {
    newPage();
    y = M;
    put(`${title}${number ? ` · ${number}` : draft ? ' · TASLAK' : ''} · ${trDate(inv.date)}`, M, y, { bold: true, size: 10 });
    put(fit(companyName, 230), M + W - 230, y + 1, { width: 230, align: 'right', size: 8, color: '#444444' });
    y += 16;
    rule(y, M, M + W, 0.6, '#555555');
    y += 6;
  };

  const rows = inv.products.map((l) => {
    const kdv = kdvOf(l);
    const rates = discountRates(l.discounts);
    const discount = dec(l.discount);
    const cells: string[][] = [
      [String(l.lineNo)],
      wrap((l.description?.trim() || l.productName).trim(), LINE_COLUMNS[1]!.width - 2 * PAD, false, BODY_SIZE, MAX_DESCRIPTION_LINES),
      [trQuantity(dec(l.quantity))],
      [formatDecimalInput(dec(l.netUnitPrice ?? l.unitPrice).toFixed(), 2, 8)],
      discount.isZero() ? [] : rates ? [rates, trMoney(discount)] : [trMoney(discount)],
      kdv ? [percent(kdv.percentage)] : [],
      kdv ? [trMoney(dec(kdv.amount))] : [],
      [trMoney(dec(l.gross))],
    ];
    return { cells, height: Math.max(...cells.map((c) => c.length), 1) * LINE + 2 * PAD };
  });

  tableHeader();
  if (!rows.length) {
    put('Faturada satır yok.', M + PAD, y + PAD, { size: BODY_SIZE });
    y += LINE + 2 * PAD;
  }
  for (const [ri, r] of rows.entries()) {
    if (y + r.height > BODY_BOTTOM) {
      continuation();
      tableHeader();
    }
    if (ri % 2 === 1) doc.save().rect(M, y, W, r.height).fill('#f6f6f6').restore();
    r.cells.forEach((lines, i) => lines.forEach((t, k) => {
      const c = LINE_COLUMNS[i]!;
      put(t, xs[i]! + PAD, y + PAD + k * LINE, { width: c.width - 2 * PAD, align: c.align, size: BODY_SIZE });
    }));
    y += r.height;
    rule(y, M, M + W, 0.3, '#cccccc');
  }
  rule(y, M, M + W, 0.8, '#555555');
  y += 10;

  // --- the totals and, beside them, the amount in words, the explanation and the payments ----------
  const totals: { label: string; value: string; strong?: boolean }[] = [
    { label: 'Mal/Hizmet Toplam Tutarı', value: money(inv.subtotal) },
    { label: 'Toplam İskonto', value: money(inv.totalDiscount) },
    { label: 'Vergi Matrahı', value: money(inv.taxBase) },
    ...inv.taxSummary.filter((t) => t.taxType === 'KDV').map((t) => ({ label: `Hesaplanan KDV (${percent(t.percentage)})`, value: money(t.amount) })),
    ...inv.taxSummary.filter((t) => t.taxType !== 'KDV').map((t) => ({ label: `${t.taxType} (${percent(t.percentage)})`, value: money(t.amount) })),
  ];
  const withheld = new Map<number, Decimal>();
  for (const l of inv.products) {
    if (l.withholdingRatio && !dec(l.withheld).isZero()) withheld.set(l.withholdingRatio, (withheld.get(l.withholdingRatio) ?? new Decimal(0)).plus(dec(l.withheld)));
  }
  for (const [ratio, v] of [...withheld.entries()].sort((a, b) => a[0] - b[0])) totals.push({ label: `KDV Tevkifatı (${ratio}/10)`, value: money(v) });
  totals.push({ label: 'Vergiler Dahil Toplam Tutar', value: money(inv.totalAmount) });
  totals.push({ label: 'Ödenecek Tutar', value: money(inv.payable), strong: true });
  if (!lira) {
    const rate = dec(inv.conversionRate);
    totals.push({ label: `Ödenecek Tutar (TL, kur ${formatDecimalInput(rate.toFixed(), 2, 6)})`, value: `${trMoney(dec(inv.payable).times(rate).toDecimalPlaces(2, Decimal.ROUND_HALF_UP))} ₺` });
  }
  const TOTAL_ROW = 14;
  const totalsW = 250;
  const totalsH = totals.length * TOTAL_ROW;

  const leftColW = W - totalsW - 16;
  const words = wrap(amountInWords(dec(inv.payable).toFixed(2), inv.currencyCode), leftColW - 8, true, 8.5, 4);
  const returned = inv.returnOf ? `İade edilen fatura: ${inv.returnOf.documentNo ?? '—'}, ${inv.returnOf.date.split('-').reverse().join('.')}. ` : '';
  const explanation = (returned + (inv.explanation ?? '')).trim() ? wrap((returned + (inv.explanation ?? '')).trim(), leftColW - 8, false, 8, MAX_EXPLANATION_LINES) : [];
  const payments = inv.payments;
  const leftH = 8 + words.length * 11 + 6
    + (explanation.length ? 14 + explanation.length * 10 + 6 : 0)
    + (payments.length ? 14 + (payments.length + 1) * 11 + 2 * 11 + 6 : 0);
  if (y + Math.max(totalsH, leftH) > BODY_BOTTOM) continuation();

  // Totals on the right.
  const tx = M + W - totalsW;
  let ty = y;
  for (const t of totals) {
    if (t.strong) {
      doc.save().rect(tx, ty, totalsW, TOTAL_ROW).fill('#e3e3e3').restore();
      rule(ty, tx, tx + totalsW, 0.8, '#333333');
    }
    put(t.label, tx + 5, ty + 3.5, { size: 8, bold: !!t.strong, width: totalsW - 110 });
    put(t.value, tx + totalsW - 105, ty + 3.5, { width: 100, align: 'right', size: t.strong ? 9 : 8, bold: true });
    ty += TOTAL_ROW;
  }
  doc.save().lineWidth(0.5).strokeColor('#999999').rect(tx, y, totalsW, totalsH).stroke().restore();

  // The payable in words, the explanation and the payments on the left.
  let ly = y;
  doc.save().lineWidth(0.5).strokeColor('#999999').rect(M, ly, leftColW, words.length * 11 + 8).stroke().restore();
  words.forEach((l, i) => put(l, M + 4, ly + 4 + i * 11, { bold: true, size: 8.5 }));
  ly += words.length * 11 + 8 + 6;
  if (explanation.length) {
    put('Açıklama', M, ly, { bold: true, size: 8 });
    ly += 12;
    for (const l of explanation) {
      put(l, M, ly, { size: 8 });
      ly += 10;
    }
    ly += 6;
  }
  if (payments.length) {
    put('Faturada yapılan ödemeler', M, ly, { bold: true, size: 8 });
    ly += 12;
    const pc = [{ h: 'Tarih', w: 52 }, { h: 'Ödeme Şekli', w: 62 }, { h: 'Hesap', w: leftColW - 52 - 62 - 80 }, { h: 'Tutar', w: 80 }];
    const px: number[] = [];
    pc.reduce((x, c) => (px.push(x), x + c.w), M);
    pc.forEach((c, i) => put(c.h, px[i]!, ly, { bold: true, size: 7.5, width: c.w - 4, align: i === 3 ? 'right' : 'left', color: '#444444' }));
    ly += 11;
    for (const p of payments) {
      const cells = [trDate(p.date), PAYMENT_LABELS[p.paymentType] ?? p.paymentType, p.accountName ?? '', money(p.amount)];
      cells.forEach((t, i) => put(t, px[i]!, ly, { size: 7.5, width: pc[i]!.w - 4, align: i === 3 ? 'right' : 'left' }));
      ly += 11;
    }
    rule(ly, M, M + leftColW - 4, 0.4, '#999999');
    ly += 2;
    put('Ödenen', px[2]!, ly, { size: 7.5, bold: true });
    put(money(inv.paid), px[3]!, ly, { size: 7.5, bold: true, width: pc[3]!.w - 4, align: 'right' });
    ly += 11;
    put('Kalan', px[2]!, ly, { size: 7.5, bold: true });
    put(money(inv.remaining), px[3]!, ly, { size: 7.5, bold: true, width: pc[3]!.w - 4, align: 'right' });
  }

  // --- the footer of every page ---------------------------------------------------------------------
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const fy = PAGE_H - M - 12;
    rule(fy - 4, M, M + W, 0.4, '#999999');
    put(`${title}${number ? ` ${number}` : draft ? ' (TASLAK)' : ''} · Yazdırma: ${trMoment(printedAt)} · Tezgah`, M, fy, { size: 7, color: '#555555' });
    put(`Sayfa ${i - range.start + 1} / ${range.count}`, M + W - 100, fy, { width: 100, align: 'right', size: 8 });
  }
  doc.end();
  return done;
}
