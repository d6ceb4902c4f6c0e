import { FONT_BOLD, FONT_REGULAR } from '../book-reports/files';

/** A4 in points, and the margin the printed documents keep. */
export const PAGE_W = 595.28;
export const PAGE_H = 841.89;
export const M = 36;
export const W = PAGE_W - 2 * M;

/**
 * Text on a pdfkit page as the printed documents (the invoice, the despatch) set it: fonts by
 * path (Turkish glyphs), one line cut with … to a width, paragraphs wrapped to a width, rules.
 */
export function textKit(doc: PDFKit.PDFDocument, bodySize: number) {
  // Fonts by their paths (pdfkit keeps an opened font by the name it was asked for).
  const font = (bold: boolean, size: number) => doc.font(bold ? FONT_BOLD : FONT_REGULAR).fontSize(size);
  /** One line of text at (x, y), aligned in `width`; cut with … when it does not fit. */
  const put = (s: string, x: number, y: number, o: { width?: number; align?: 'left' | 'right' | 'center'; bold?: boolean; size?: number; color?: string } = {}) => {
    font(!!o.bold, o.size ?? bodySize).fillColor(o.color ?? 'black');
    const t = o.width === undefined ? s : fit(s, o.width);
    const w = doc.widthOfString(t);
    const left = o.align === 'right' ? x + (o.width ?? 0) - w : o.align === 'center' ? x + ((o.width ?? 0) - w) / 2 : x;
    doc.text(t, left, y, { lineBreak: false });
  };
  const fit = (s: string, width: number) => {
    if (doc.widthOfString(s) <= width) return s;
    let lo = 0;
    let hi = s.length;
    while (lo < hi) {
      const mid = Math.ceil((lo + hi) / 2);
      if (doc.widthOfString(`${s.slice(0, mid)}…`) <= width) lo = mid;
      else hi = mid - 1;
    }
    return `${s.slice(0, lo)}…`;
  };
  /** `s` broken into lines of at most `width` (at spaces; a word longer than a line is split), in the font set by `font()`. */
  const wrap = (s: string, width: number, bold: boolean, size: number, max = Infinity): string[] => {
    font(bold, size);
    const out: string[] = [];
    for (const para of s.replace(/\r\n?/g, '\n').split('\n')) {
      let line = '';
      for (const word of para.split(/\s+/).filter(Boolean)) {
        const candidate = line ? `${line} ${word}` : word;
        if (doc.widthOfString(candidate) <= width) { line = candidate; continue; }
        if (line) out.push(line);
        let rest = word;
        while (doc.widthOfString(rest) > width) {
          let k = rest.length - 1;
          while (k > 1 && doc.widthOfString(rest.slice(0, k)) > width) k--;
          out.push(rest.slice(0, k));
          rest = rest.slice(k);
        }
        line = rest;
      }
      out.push(line);
    }
    while (out.length > 1 && out[out.length - 1] === '') out.pop();
    if (out.length > max) {
      const kept = out.slice(0, max);
      font(bold, size);
      kept[max - 1] = fit(`${kept[max - 1]} …`, width);
      return kept;
    }
    return out;
  };
  const rule = (y: number, x0 = M, x1 = M + W, weight = 0.5, color = '#999999') => {
    doc.save().lineWidth(weight).strokeColor(color).moveTo(x0, y).lineTo(x1, y).stroke().restore();
  };

  return { font, put, fit, wrap, rule };
}

/** The bytes pdfkit writes, once `doc.end()` is called. */
export function collect(doc: PDFKit.PDFDocument): Promise<Buffer> {
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  return new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}
