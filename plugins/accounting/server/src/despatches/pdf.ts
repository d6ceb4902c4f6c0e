import { existsSync } from 'node:fs';
import PDFDocument from 'pdfkit';
import { formatPhone } from '@tezgah/core';
import { FONT_BOLD, FONT_REGULAR, trDate, trMoment, trQuantity } from '../book-reports/files';
import { collect, M, PAGE_H, PAGE_W, textKit, W } from '../invoices/pdf-kit';
import { currentDisplayName, taxIdLabel, type InvoiceCompany, type InvoiceCurrent } from '../invoices/pdf';
import type { DespatchView } from './despatches.handlers';

/**
 * The printed despatch (GET /pdf-despatch/{id}): an A4 sevk irsaliyesi as VUK 230 asks of one —
 * the sender and the receiver with their tax office and VKN/TCKN, the waybill and booklet
 * numbers, the despatch date and the actual shipment date, the goods with their quantities and
 * units (and what is to be sent later), the delivery address, and the deliverer's and receiver's
 * signature boxes. No prices: a despatch carries goods, the invoice carries money. An incoming
 * despatch prints as the record of what was received (GELEN İRSALİYE); a cancelled one carries
 * İPTAL EDİLDİ. Pure: it prints what it is given.
 */

export const DESPATCH_TITLES = { OUT: 'SEVK İRSALİYESİ', IN: 'GELEN İRSALİYE' } as const;

const BODY_SIZE = 7.5;
const LINE = 9.5;
const PAD = 3;
const HEADER_ROW = 16;
const BODY_BOTTOM = PAGE_H - M - 22;

interface Col { header: string; width: number; align: 'left' | 'right' }
const COLUMNS: Col[] = [
  { header: 'Sıra', width: 24, align: 'right' },
  { header: 'Mal Adı', width: 176, align: 'left' },
  { header: 'Barkod', width: 72, align: 'left' },
  { header: 'Miktar', width: 50, align: 'right' },
  { header: 'Birim', width: 40, align: 'left' },
  { header: 'Sonradan Gön.', width: 58, align: 'right' },
  { header: 'Depo', width: W - 420, align: 'left' },
];

export async function despatchPdf(v: DespatchView, company: InvoiceCompany, current: InvoiceCurrent, opts: { printedAt?: Date } = {}): Promise<Buffer> {
  for (const f of [FONT_REGULAR, FONT_BOLD]) if (!existsSync(f)) throw new Error(`despatch PDF: font ${f} is missing`);
  const printedAt = opts.printedAt ?? new Date();
  const title = DESPATCH_TITLES[v.direction];
  const cancelled = v.status === 'CANCELLED';
  const out = v.direction === 'OUT';
  const companyName = company.title?.trim() || company.name.trim();
  const number = v.waybillNo ?? `#${v.id}`;
  const doc = new PDFDocument({
    size: 'A4', margin: 0, autoFirstPage: false, bufferPages: true, font: FONT_REGULAR, lang: 'tr-TR',
    info: { Title: `${title} ${number}`, Author: companyName, Subject: `${title} — ${currentDisplayName(current)}`, Creator: 'Tezgah', Producer: 'Tezgah', CreationDate: printedAt },
  });
  const done = collect(doc);
  const { font, put, fit, wrap, rule } = textKit(doc, BODY_SIZE);

  const newPage = () => {
    doc.addPage({ size: 'A4', margin: 0 });
    if (cancelled) {
      doc.save();
      doc.rotate(-35, { origin: [PAGE_W / 2, PAGE_H / 2] });
      font(true, 70).fillColor('#d32f2f').fillOpacity(0.13);
      const w = doc.widthOfString('İPTAL EDİLDİ');
      doc.text('İPTAL EDİLDİ', PAGE_W / 2 - w / 2, PAGE_H / 2 - 35, { lineBreak: false });
      doc.restore();
      doc.fillOpacity(1);
    }
  };

  newPage();
  const leftW = 300;
  let yl = M;
  put(out ? 'GÖNDEREN (SEVK EDEN)' : 'ALICI (TESLİM ALAN)', M, yl, { size: 7, color: '#666666', bold: true });
  yl += 10;
  for (const l of wrap(companyName, leftW, true, 11, 2)) {
    put(l, M, yl, { bold: true, size: 11 });
    yl += 13.5;
  }
  const companyLines = [
    ...(company.address?.trim() ? wrap(company.address.trim(), leftW, false, 8, 3) : []),
    ...(company.phone ? [`Tel: ${formatPhone(company.phone)}`] : []),
    [company.taxOffice ? `Vergi Dairesi: ${company.taxOffice}` : null, taxIdLabel(company.taxNumber)].filter(Boolean).join('   '),
  ];
  for (const l of companyLines) {
    put(l, M, yl + 1, { size: 8, width: leftW });
    yl += 10.5;
  }

  const rx = M + leftW + 20;
  const rw = W - leftW - 20;
  let yr = M;
  put(title, rx, yr, { width: rw, align: 'right', bold: true, size: 15 });
  yr += 22;
  if (cancelled) {
    doc.save().lineWidth(1.2).strokeColor('#c62828').rect(rx, yr, rw, 30).stroke().restore();
    put('İPTAL EDİLDİ', rx, yr + 4, { width: rw, align: 'center', bold: true, size: 11, color: '#c62828' });
    if (v.cancelledAt) put(`İptal tarihi: ${trMoment(new Date(v.cancelledAt))}`, rx, yr + 17, { width: rw, align: 'center', size: 7.5, color: '#c62828' });
    yr += 38;
  }
  const particulars: [string, string][] = [
    ['İrsaliye No', number],
    ...(v.bookletNo ? [['Cilt No', v.bookletNo] as [string, string]] : []),
    ['İrsaliye Tarihi', trDate(v.despatchDate)],
    ['Fiili Sevk Tarihi', trDate(v.shipmentDate)],
  ];
  doc.save().lineWidth(0.5).strokeColor('#999999').rect(rx, yr, rw, particulars.length * 14 + 4).stroke().restore();
  for (const [k, val] of particulars) {
    put(k, rx + 6, yr + 5, { size: 8, color: '#444444' });
    put(val, rx + 80, yr + 5, { width: rw - 86, align: 'right', size: 8.5, bold: true });
    yr += 14;
  }
  yr += 4;

  // The other party, and where the goods go.
  let y = Math.max(yl + 8, M + 90);
  const place = [current.citySubdivisionName, current.cityName].filter(Boolean).join(' / ');
  const party = [
    ...wrap(currentDisplayName(current), leftW - 16, true, 10, 2).map((t) => ({ t, bold: true, size: 10, h: 12.5 })),
    ...[current.address?.trim(), [current.postcode, place].filter(Boolean).join(' ')].filter((x): x is string => !!x)
      .flatMap((a) => wrap(a, leftW - 16, false, 8, 3)).map((t) => ({ t, bold: false, size: 8, h: 10.5 })),
    ...[[current.taxOfficeName ? `Vergi Dairesi: ${current.taxOfficeName}` : null, current.taxNumber ? taxIdLabel(current.taxNumber) : null].filter(Boolean).join('   ')]
      .filter(Boolean).map((t) => ({ t, bold: false, size: 8, h: 10.5 })),
    ...(v.deliveryAddress ? wrap(`Sevk adresi: ${v.deliveryAddress}`, leftW - 16, false, 8, 4).map((t) => ({ t, bold: false, size: 8, h: 10.5 })) : []),
  ];
  const boxH = 16 + party.reduce((s, p) => s + p.h, 0) + 4;
  doc.save().lineWidth(0.8).strokeColor('#555555').rect(M, y, leftW, boxH).stroke().restore();
  put(out ? 'ALICI (SAYIN)' : 'GÖNDEREN', M + 8, y + 5, { size: 7, bold: true, color: '#666666' });
  let yp = y + 16;
  for (const p of party) {
    put(p.t, M + 8, yp, { bold: p.bold, size: p.size, width: leftW - 16 });
    yp += p.h;
  }
  y = Math.max(y + boxH, yr) + 14;

  const xs: number[] = [];
  COLUMNS.reduce((x, c) => (xs.push(x), x + c.width), M);
  const header = () => {
    doc.save().rect(M, y, W, HEADER_ROW).fill('#e3e3e3').restore();
    COLUMNS.forEach((c, i) => put(c.header, xs[i]! + PAD, y + 4.5, { width: c.width - 2 * PAD, align: c.align, bold: true }));
    y += HEADER_ROW;
  };
  const continuation = () => {
    newPage();
    y = M;
    put(`${title} · ${number} · ${trDate(v.despatchDate)}`, M, y, { bold: true, size: 10 });
    put(fit(companyName, 230), M + W - 230, y + 1, { width: 230, align: 'right', size: 8, color: '#444444' });
    y += 16;
    rule(y, M, M + W, 0.6, '#555555');
    y += 6;
  };
  header();
  for (const [i, l] of v.products.entries()) {
    const name = wrap(l.explanation ? `${l.productName} — ${l.explanation}` : l.productName, COLUMNS[1]!.width - 2 * PAD, false, BODY_SIZE, 3);
    const cells = [[String(l.lineNo)], name, [l.barcode], [trQuantity(l.quantity)], [l.unitName], [l.laterSentQuantity ? trQuantity(l.laterSentQuantity) : ''], [l.warehouseName]];
    const h = Math.max(...cells.map((c) => c.length)) * LINE + 2 * PAD;
    if (y + h > BODY_BOTTOM) { continuation(); header(); }
    if (i % 2 === 1) doc.save().rect(M, y, W, h).fill('#f6f6f6').restore();
    cells.forEach((lines, c) => lines.forEach((t, k) => put(t, xs[c]! + PAD, y + PAD + k * LINE, { width: COLUMNS[c]!.width - 2 * PAD, align: COLUMNS[c]!.align })));
    y += h;
    rule(y, M, M + W, 0.3, '#cccccc');
  }
  rule(y, M, M + W, 0.8, '#555555');
  y += 6;
  // Summed in thousandths (quantities carry three decimals), so no float creeps in.
  const totalQty = v.products.reduce((s, l) => s + Math.round(l.quantity * 1000), 0) / 1000;
  put(`Toplam miktar: ${trQuantity(totalQty)} (${v.products.length} kalem)`, M, y, { size: 8, bold: true });
  y += 16;

  const explanation = v.explanation?.trim() ? wrap(v.explanation.trim(), W, false, 8, 12) : [];
  const signH = 70;
  if (y + (explanation.length ? 14 + explanation.length * 10 : 0) + signH > BODY_BOTTOM) continuation();
  if (explanation.length) {
    put('Açıklama', M, y, { bold: true, size: 8 });
    y += 12;
    for (const l of explanation) { put(l, M, y, { size: 8 }); y += 10; }
    y += 6;
  }
  // Signatures: who handed the goods over and who took them.
  const half = (W - 20) / 2;
  for (const [k, t] of ['Teslim Eden', 'Teslim Alan'].entries()) {
    const x = M + k * (half + 20);
    doc.save().lineWidth(0.5).strokeColor('#999999').rect(x, y, half, signH - 10).stroke().restore();
    put(t, x + 6, y + 5, { bold: true, size: 8 });
    put('Adı Soyadı:', x + 6, y + 22, { size: 8, color: '#444444' });
    put('İmza:', x + 6, y + 40, { size: 8, color: '#444444' });
  }

  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const fy = PAGE_H - M - 12;
    rule(fy - 4, M, M + W, 0.4, '#999999');
    put(`${title} ${number} · Yazdırma: ${trMoment(printedAt)} · Tezgah`, M, fy, { size: 7, color: '#555555' });
    put(`Sayfa ${i - range.start + 1} / ${range.count}`, M + W - 100, fy, { width: 100, align: 'right', size: 8 });
  }
  doc.end();
  return done;
}
