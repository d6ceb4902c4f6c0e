import Decimal from 'decimal.js';
import PDFDocument from 'pdfkit';
import { fileURLToPath } from 'node:url';
import { embeddedXslt, parseUblTree, parseXmlTree } from './parse';
import { TAX_SCHEMES } from './tax-codes';
import type { ParsedUbl } from './types';
import { amountInWords } from './words';
import { sha256 } from './schematron';
import { DISPLAY_KEYS, stylesheetSource, transform, transformText, type StylesheetKey } from './xslt';

/**
 * Human-readable views of a UBL-TR document.
 *
 * renderHtml: GİB's convention — the XSLT embedded in the document (cac:AdditionalDocumentReference
 * with an .xslt EmbeddedDocumentBinaryObject) if there is one, else the bundled display XSLT for
 * its kind (e-Fatura, e-Arşiv, e-İrsaliye, irsaliye yanıtı), run with SaxonJS. An embedded XSLT
 * comes from a stranger and runs on our server: one that could read files or URLs (document(),
 * doc(), unparsed-text(), collection(), json-doc(), xsl:include/import, result-document,
 * environment variables) is not run — the bundled one is used instead. The result is served
 * under a CSP sandbox by the caller; <script> elements, on* attributes and javascript: URLs are
 * stripped here anyway.
 *
 * renderPdf: an A4 layout drawn with pdfkit from the parsed document, in DejaVu Sans (every
 * Turkish letter; pdfkit's built-in fonts have none of ğ, ş, ı, İ), copied with its licence into
 * resources/fonts (the same font the accounting plugin embeds).
 */

const UNSAFE_XSLT =
  /\b(document|doc|doc-available|unparsed-text|unparsed-text-lines|unparsed-text-available|collection|uri-collection|json-doc|environment-variable|available-environment-variables|load-xquery-module|transform)\s*\(|<xsl:(include|import|result-document)\b|saxon:|ixsl:/;

export function isSafeXslt(xslt: string): boolean {
  return !UNSAFE_XSLT.test(xslt);
}

/** Removes script elements, event-handler attributes and javascript: URLs. */
export function sanitizeHtml(html: string): string {
  return html
    .replace(/<script\b[\s\S]*?<\/script\s*>/gi, '')
    .replace(/<script\b[^>]*\/?>/gi, '')
    .replace(/\s+on[a-z]+\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/gi, '')
    .replace(/(href|src|action|formaction|xlink:href)\s*=\s*("|')\s*javascript:[^"']*\2/gi, '$1=$2#$2');
}

function bundledKey(p: ParsedUbl): StylesheetKey | null {
  switch (p.kind) {
    case 'INVOICE':
      return p.profile === 'EARSIVFATURA' ? 'earsiv_invoice_display' : 'efatura_invoice_display';
    case 'DESPATCH':
      return 'eirsaliye_despatch_display';
    case 'RECEIPT_ADVICE':
      return 'eirsaliye_receiptadvice_display';
    default:
      return null;
  }
}

const esc = (s: string | null | undefined) =>
  String(s ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A plain page for documents GİB ships no display XSLT for (uygulama yanıtı). */
function simpleHtml(p: ParsedUbl): string {
  const answer = p.response?.code === 'KABUL' ? 'KABUL' : p.response?.code === 'RED' ? 'RED' : (p.response?.code ?? '');
  return `<!DOCTYPE html><html lang="tr"><head><meta charset="utf-8"><title>${esc(TITLES[p.kind])} ${esc(p.id)}</title></head><body>
<h1>${esc(TITLES[p.kind])}</h1>
<table>
<tr><th>Belge no</th><td>${esc(p.id)}</td></tr>
<tr><th>ETTN</th><td>${esc(p.uuid)}</td></tr>
<tr><th>Tarih</th><td>${esc(trDate(p.issueDate))}</td></tr>
<tr><th>Gönderen</th><td>${esc(p.supplier.name)} (${esc(p.supplier.vknTckn)})</td></tr>
<tr><th>Alıcı</th><td>${esc(p.customer.name)} (${esc(p.customer.vknTckn)})</td></tr>
<tr><th>Yanıt</th><td>${esc(answer)}</td></tr>
<tr><th>Yanıtlanan fatura</th><td>${esc(p.response?.invoiceId)} / ${esc(p.response?.invoiceUuid)}</td></tr>
<tr><th>Açıklama</th><td>${esc(p.response?.note ?? p.notes.join(' '))}</td></tr>
</table></body></html>`;
}

const htmlCache = new Map<string, string>();
let bundledHashes: Map<string, StylesheetKey> | null = null;
const norm = (t: string) => t.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n').trim();
/** The bundled stylesheet whose text the embedded one is (izibiz-style documents embed GİB's): its precompiled SEF runs. */
function bundledByText(xslt: string): StylesheetKey | null {
  if (!bundledHashes) {
    bundledHashes = new Map(DISPLAY_KEYS.map((k) => [sha256(norm(stylesheetSource(k))), k]));
  }
  return bundledHashes.get(sha256(norm(xslt))) ?? null;
}

/**
 * The document as HTML. `embedded: false` ignores an embedded XSLT (always the bundled one).
 * Cost: bundled / recognised stylesheets run precompiled (tens of ms); an unknown embedded XSLT
 * is compiled by SaxonJS on every first render of a document (seconds to tens of seconds of CPU,
 * on the calling thread; results of the last 32 documents are cached).
 */
export async function renderHtml(xml: string, opts: { embedded?: boolean } = {}): Promise<string> {
  const root = parseXmlTree(xml);
  const parsed = parseUblTree(root);
  const own = opts.embedded === false ? null : embeddedXslt(root);
  let html: string | null = null;
  if (own && isSafeXslt(own)) {
    const known = bundledByText(own);
    const cacheKey = sha256(xml);
    html = known ? transform(known, xml) : (htmlCache.get(cacheKey) ?? null);
    if (html === null) {
      try {
        html = transformText(own, xml);
        htmlCache.set(cacheKey, html);
        if (htmlCache.size > 32) htmlCache.delete(htmlCache.keys().next().value!);
      } catch {
        html = null; // a broken embedded XSLT: fall back to ours
      }
    }
  }
  if (html === null) {
    const key = bundledKey(parsed);
    html = key ? transform(key, xml) : simpleHtml(parsed);
  }
  return sanitizeHtml(html.replace(/^<\?xml[^>]*\?>\s*/, ''));
}

// ---------------------------------------------------------------------------------------------- PDF

const FONT_DIR = fileURLToPath(new URL('../../resources/fonts/', import.meta.url));
const FONT = `${FONT_DIR}DejaVuSans.ttf`;
const FONT_BOLD = `${FONT_DIR}DejaVuSans-Bold.ttf`;

const TITLES: Record<ParsedUbl['kind'], string> = {
  INVOICE: 'e-FATURA',
  DESPATCH: 'e-İRSALİYE',
  APPLICATION_RESPONSE: 'UYGULAMA YANITI',
  RECEIPT_ADVICE: 'İRSALİYE YANITI',
};

function trDate(d: string | null): string {
  const m = d ? /^(\d{4})-(\d{2})-(\d{2})/.exec(d) : null;
  return m ? `${m[3]}.${m[2]}.${m[1]}` : (d ?? '');
}
/** 1234567.8 → "1.234.567,80" */
export function trMoney(v: string): string {
  const [i, f] = new Decimal(v || 0).toFixed(2).split('.') as [string, string];
  const neg = i.startsWith('-');
  const digits = neg ? i.slice(1) : i;
  return `${neg ? '-' : ''}${digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${f}`;
}
const trNum = (v: string) => {
  const d = new Decimal(v || 0);
  const s = d.toString();
  const [i, f] = s.split('.') as [string, string?];
  return `${i.replace(/\B(?=(\d{3})+(?!\d))/g, '.')}${f ? ',' + f : ''}`;
};

/**
 * The totals under an invoice's lines, as the accounting plugin's PDF has them: the goods before
 * any discount (the lines' LineExtensionAmount plus their allowances, which hold a document
 * discount's shares; without lines the LegalMonetaryTotal's), every discount (the lines' allowances
 * and a document-level AllowanceTotalAmount), the tax base (TaxExclusiveAmount), the taxes, the
 * total and the payable.
 */
export function invoiceTotalRows(p: ParsedUbl): [string, string, boolean?][] {
  const lineDiscounts = p.lines.reduce((s, l) => s.plus(l.discount), new Decimal(0));
  const goods = p.lines.length ? p.lines.reduce((s, l) => s.plus(l.lineExtension), lineDiscounts).toFixed(2) : p.totals.lineExtension;
  const rows: [string, string, boolean?][] = [
    ['Mal / hizmet toplamı', goods],
    ['Toplam iskonto', new Decimal(p.totals.allowance).plus(lineDiscounts).toFixed(2)],
    ['Vergi hariç tutar', p.totals.taxExclusive],
  ];
  for (const t of p.taxSubtotals ?? []) {
    const label = `${t.withholding ? 'Tevkifat ' : ''}${t.name || TAX_SCHEMES[t.code] || t.code}${t.percent !== null ? ` (%${trNum(t.percent)})` : ''} — matrah ${trMoney(t.base)}`;
    rows.push([label, t.amount]);
  }
  rows.push(['Vergiler dahil toplam', p.totals.taxInclusive]);
  if (new Decimal(p.totals.withholding).gt(0)) rows.push(['Tevkif edilen KDV', p.totals.withholding]);
  rows.push(['ÖDENECEK TUTAR', p.totals.payable, true]);
  return rows;
}

export async function renderPdf(xml: string): Promise<Buffer> {
  const p = parseUblTree(parseXmlTree(xml));
  const doc = new PDFDocument({ size: 'A4', margin: 36, bufferPages: true, info: { Title: `${TITLES[p.kind]} ${p.id}`, Producer: 'Tezgah' } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('r', FONT);
  doc.registerFont('b', FONT_BOLD);
  const left = 36;
  const width = doc.page.width - 72;
  const bottom = doc.page.height - 50;
  const cur = p.currency;

  const title = p.kind === 'INVOICE' && p.profile === 'EARSIVFATURA' ? 'e-ARŞİV FATURA' : TITLES[p.kind];
  doc.font('b').fontSize(16).text(title, left, 36, { width, align: 'center' });

  const partyBlock = (label: string, party: ParsedUbl['supplier'], x: number, y: number, w: number) => {
    doc.font('b').fontSize(9).text(label, x, y, { width: w });
    doc.font('r').fontSize(8.5);
    const rows = [
      party.name,
      [party.street, [party.district, party.city].filter(Boolean).join(' / ')].filter(Boolean).join(', '),
      party.taxOffice ? `Vergi dairesi: ${party.taxOffice}` : null,
      party.vknTckn ? `${party.vknTckn.length === 11 ? 'TCKN' : 'VKN'}: ${party.vknTckn}` : null,
      party.email ? `E-posta: ${party.email}` : null,
    ].filter(Boolean) as string[];
    for (const r of rows) doc.text(r, { width: w });
    return doc.y;
  };
  const top = 66;
  const yS = partyBlock(p.kind === 'APPLICATION_RESPONSE' ? 'GÖNDEREN' : 'SATICI', p.supplier, left, top, width / 2 - 10);
  const yC = partyBlock(p.kind === 'APPLICATION_RESPONSE' ? 'ALICI' : p.kind === 'INVOICE' ? 'ALICI (SAYIN)' : 'TESLİM ALAN', p.customer, left, yS + 8, width / 2 - 10);

  // document box on the right
  const bx = left + width / 2 + 10;
  const bw = width / 2 - 10;
  const info: [string, string][] = [
    ['Belge no', p.id],
    ['ETTN', p.uuid],
    ['Düzenleme tarihi', `${trDate(p.issueDate)}${p.issueTime ? ' ' + p.issueTime : ''}`],
    ['Senaryo', p.profile],
    [p.kind === 'APPLICATION_RESPONSE' ? 'Yanıt' : 'Tip', p.typeCode],
  ];
  if (p.kind === 'INVOICE') info.push(['Para birimi', cur]);
  if (p.exchangeRate) info.push(['Döviz kuru', `1 ${cur} = ${trNum(p.exchangeRate)} TRY`]);
  if (p.billingReference) info.push(['İade edilen fatura', `${p.billingReference.id} ${trDate(p.billingReference.issueDate)}`]);
  if (p.response) info.push(['Yanıtlanan fatura', `${p.response.invoiceId ?? ''} ${p.response.invoiceUuid ?? ''}`.trim()]);
  let y = top;
  for (const [k, v] of info) {
    doc.font('b').fontSize(8.5).text(k, bx, y, { width: 95 });
    doc.font('r').fontSize(8.5).text(v, bx + 95, y, { width: bw - 95 });
    y = Math.max(doc.y, y + 11);
  }
  y = Math.max(y, yC) + 14;

  // lines table
  const cols =
    p.kind === 'INVOICE'
      ? [
          { h: 'Sıra', w: 28, a: 'left' as const },
          { h: 'Mal / Hizmet', w: 170, a: 'left' as const },
          { h: 'Miktar', w: 52, a: 'right' as const },
          { h: 'Birim fiyat', w: 62, a: 'right' as const },
          { h: 'İskonto', w: 52, a: 'right' as const },
          { h: 'KDV %', w: 36, a: 'right' as const },
          { h: 'KDV', w: 55, a: 'right' as const },
          { h: 'Tutar', w: width - 455, a: 'right' as const },
        ]
      : [
          { h: 'Sıra', w: 30, a: 'left' as const },
          { h: 'Mal / Hizmet', w: 260, a: 'left' as const },
          { h: 'Kod', w: 110, a: 'left' as const },
          { h: 'Miktar', w: width - 400, a: 'right' as const },
        ];
  const header = () => {
    doc.rect(left, y - 2, width, 14).fill('#e8e8e8').fillColor('black');
    let x = left;
    for (const c of cols) {
      doc.font('b').fontSize(8).text(c.h, x + 2, y, { width: c.w - 4, align: c.a });
      x += c.w;
    }
    y += 16;
  };
  const ensure = (h: number) => {
    if (y + h > bottom) {
      doc.addPage();
      y = 36;
      header();
    }
  };
  if (p.lines.length) header();
  for (const l of p.lines) {
    const qty = `${trNum(l.quantity)} ${l.unitCode ?? ''}`.trim();
    const cells =
      p.kind === 'INVOICE'
        ? [String(l.lineNo), l.name, qty, trNum(l.unitPrice), trMoney(l.discount), l.taxPercent ?? '', trMoney(l.taxAmount), trMoney(l.lineExtension)]
        : [String(l.lineNo), l.name, l.sellerCode ?? l.barcode ?? '', qty];
    doc.font('r').fontSize(8);
    const h = Math.max(...cells.map((c, i) => doc.heightOfString(c, { width: cols[i]!.w - 4 }))) + 4;
    ensure(h);
    let x = left;
    cells.forEach((c, i) => {
      doc.font('r').fontSize(8).text(c, x + 2, y, { width: cols[i]!.w - 4, align: cols[i]!.a });
      x += cols[i]!.w;
    });
    y += h;
    doc.moveTo(left, y - 1).lineTo(left + width, y - 1).strokeColor('#cccccc').lineWidth(0.5).stroke().strokeColor('black');
  }

  if (p.kind === 'INVOICE') {
    const rows = invoiceTotalRows(p);
    y += 8;
    for (const [k, v, bold] of rows) {
      ensure(14);
      doc.font(bold ? 'b' : 'r').fontSize(bold ? 9.5 : 8.5);
      doc.text(k, left + width - 330, y, { width: 230, align: 'right' });
      doc.text(`${trMoney(v)} ${cur}`, left + width - 100, y, { width: 100, align: 'right' });
      y = doc.y + 3;
    }
    y += 6;
    ensure(30);
    doc.font('b').fontSize(8.5).text(amountInWords(p.totals.payable, cur), left, y, { width });
    y = doc.y + 6;
  }
  const notes = p.notes.filter((n) => !/^YALNIZ /.test(n));
  if (notes.length) {
    ensure(30);
    doc.font('b').fontSize(8.5).text('Notlar', left, y);
    doc.font('r').fontSize(8);
    for (const n of notes) doc.text(n, { width });
  }
  // page numbers
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    doc.page.margins.bottom = 0;
    doc.font('r').fontSize(7).text(`${p.id} — Sayfa ${i + 1}/${range.count}`, left, doc.page.height - 30, { width, align: 'right', lineBreak: false });
  }
  doc.end();
  return done;
}
