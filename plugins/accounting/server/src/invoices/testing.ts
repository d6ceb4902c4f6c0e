import { inflateSync } from 'node:zlib';

/**
 * Test helper: the text of a PDF as a reader would copy it, for the PDFs pdfkit writes with an
 * embedded (subset) font. Such a font draws glyph ids, not characters: the content streams hold
 * hex strings of 2-byte codes (`[<0012003a> 40 <0005>] TJ`) whose meaning is only in the font's
 * ToUnicode CMap. So this reads the file as the PDF specification describes it (ISO 32000-1
 * §7.3 objects, §7.8 content streams, §9.4 text operators, §9.10.3 ToUnicode CMaps): every
 * indirect object with its (inflated) stream, the pages in the order of the page tree, each
 * page's font resources and their ToUnicode maps (bfchar and bfrange, both forms), then each
 * content stream's text operators (Tf, Tj, TJ, ', "), decoding every string with the map of the
 * font in use. A BT … ET block gives one line; a page is its lines joined with "\n".
 *
 * It is a reader of what pdfkit writes (no object streams, no cross-reference streams, no
 * encryption), not of every PDF; it refuses what it does not understand rather than guessing.
 */

interface PdfObject { dict: string; stream: Buffer | null }

/** Every indirect object of the file by number (the last definition wins, as in an updated file). */
function objects(bytes: Buffer): Map<number, PdfObject> {
  const text = bytes.toString('latin1');
  const out = new Map<number, PdfObject>();
  const head = /(\d+)\s+(\d+)\s+obj\b/g;
  let m: RegExpExecArray | null;
  while ((m = head.exec(text))) {
    const start = m.index + m[0].length;
    const streamAt = text.indexOf('stream', start);
    const endAt = text.indexOf('endobj', start);
    if (endAt < 0) throw new Error(`PDF object ${m[1]} has no endobj`);
    let dict: string;
    let stream: Buffer | null = null;
    let next = endAt + 'endobj'.length;
    if (streamAt >= 0 && streamAt < endAt && !/end$/.test(text.slice(streamAt - 3, streamAt))) {
      dict = text.slice(start, streamAt);
      const length = /\/Length\s+(\d+)(?!\s+\d+\s+R)/.exec(dict);
      if (!length) throw new Error(`PDF object ${m[1]}: a stream without a direct /Length`);
      let dataAt = streamAt + 'stream'.length;
      if (text[dataAt] === '\r') dataAt++;
      if (text[dataAt] === '\n') dataAt++;
      const raw = bytes.subarray(dataAt, dataAt + Number(length[1]));
      stream = /\/Filter\s*(\[\s*)?\/FlateDecode/.test(dict) ? inflateSync(raw) : raw;
      const end = text.indexOf('endobj', dataAt + raw.length);
      if (end < 0) throw new Error(`PDF object ${m[1]} has no endobj`);
      next = end + 'endobj'.length;
    } else {
      dict = text.slice(start, endAt);
    }
    out.set(Number(m[1]), { dict, stream });
    head.lastIndex = next;
  }
  return out;
}

const ref = (s: string, key: string): number | null => {
  const m = new RegExp(`/${key}\\s+(\\d+)\\s+\\d+\\s+R`).exec(s);
  return m ? Number(m[1]) : null;
};
const refs = (s: string): number[] => [...s.matchAll(/(\d+)\s+\d+\s+R/g)].map((m) => Number(m[1]));

/** The `<< … >>` that follows `/key` in a dictionary's text, balanced (or the referenced object's). */
function subDict(objs: Map<number, PdfObject>, dict: string, key: string): string | null {
  const at = new RegExp(`/${key}\\s*`).exec(dict);
  if (!at) return null;
  const from = at.index + at[0].length;
  const r = /^(\d+)\s+\d+\s+R/.exec(dict.slice(from));
  if (r) return objs.get(Number(r[1]))?.dict ?? null;
  if (!dict.startsWith('<<', from)) return null;
  let depth = 0;
  for (let i = from; i < dict.length - 1; i++) {
    if (dict.startsWith('<<', i)) { depth++; i++; } else if (dict.startsWith('>>', i)) {
      depth--;
      i++;
      if (depth === 0) return dict.slice(from, i + 1);
    }
  }
  throw new Error(`PDF: unbalanced dictionary after /${key}`);
}

const utf16 = (hex: string) => {
  const b = Buffer.from(hex, 'hex');
  return b.length % 2 ? b.toString('latin1') : Buffer.from(b).swap16().toString('utf16le');
};

/** A ToUnicode CMap: the byte length of its codes and code → text. */
export function parseToUnicode(cmap: string): { bytes: number; map: Map<number, string> } {
  const map = new Map<number, string>();
  let bytes = 0;
  const space = /begincodespacerange\s*<([0-9a-fA-F]+)>/.exec(cmap);
  if (space) bytes = space[1]!.length / 2;
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const e of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]*)>/g)) {
      bytes ||= e[1]!.length / 2;
      map.set(parseInt(e[1]!, 16), utf16(e[2]!));
    }
  }
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const e of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(<[0-9a-fA-F]*>|\[[^\]]*\])/g)) {
      bytes ||= e[1]!.length / 2;
      const lo = parseInt(e[1]!, 16);
      const hi = parseInt(e[2]!, 16);
      const dst = e[3]!;
      if (dst.startsWith('[')) {
        const list = [...dst.matchAll(/<([0-9a-fA-F]*)>/g)].map((x) => utf16(x[1]!));
        for (let c = lo; c <= hi && c - lo < list.length; c++) map.set(c, list[c - lo]!);
      } else {
        // <lo> <hi> <dst>: consecutive codes, the last UTF-16 unit of dst counting up.
        const hex = dst.slice(1, -1);
        const prefix = hex.slice(0, -4);
        const last = parseInt(hex.slice(-4), 16);
        for (let c = lo; c <= hi; c++) map.set(c, utf16(prefix + (last + c - lo).toString(16).padStart(4, '0')));
      }
    }
  }
  return { bytes: bytes || 1, map };
}

type Token = { kind: 'op'; v: string } | { kind: 'str'; v: Buffer } | { kind: 'num'; v: number } | { kind: 'name'; v: string } | { kind: 'array'; v: Token[] } | { kind: 'other' };

/** The tokens of a content stream (operands and operators), strings as their bytes. */
function tokenize(src: string): Token[] {
  let i = 0;
  const white = /[\s\0]/;
  const delim = /[\s\0()<>[\]{}/%]/;
  function literal(): Buffer {
    // After '(': balanced parentheses, backslash escapes (§7.3.4.2).
    const out: number[] = [];
    let depth = 1;
    while (i < src.length) {
      const c = src[i++]!;
      if (c === '\\') {
        const e = src[i++]!;
        const esc: Record<string, number> = { n: 10, r: 13, t: 9, b: 8, f: 12, '(': 40, ')': 41, '\\': 92 };
        if (e in esc) out.push(esc[e]!);
        else if (/[0-7]/.test(e)) {
          let oct = e;
          while (oct.length < 3 && /[0-7]/.test(src[i] ?? '')) oct += src[i++];
          out.push(parseInt(oct, 8) & 0xff);
        } else if (e === '\r') { if (src[i] === '\n') i++; } else if (e !== '\n') out.push(e.charCodeAt(0));
      } else if (c === '(') { depth++; out.push(40); } else if (c === ')') {
        if (--depth === 0) break;
        out.push(41);
      } else out.push(c.charCodeAt(0));
    }
    return Buffer.from(out);
  }
  function one(): Token | null {
    while (i < src.length) {
      if (white.test(src[i]!)) i++;
      else if (src[i] === '%') { while (i < src.length && src[i] !== '\n' && src[i] !== '\r') i++; } else break;
    }
    if (i >= src.length) return null;
    const c = src[i]!;
    if (c === '(') { i++; return { kind: 'str', v: literal() }; }
    if (src.startsWith('<<', i) || src.startsWith('>>', i)) { i += 2; return { kind: 'other' }; }
    if (c === '<') {
      const end = src.indexOf('>', i);
      const hex = src.slice(i + 1, end).replace(/\s+/g, '');
      i = end + 1;
      return { kind: 'str', v: Buffer.from(hex.length % 2 ? `${hex}0` : hex, 'hex') };
    }
    if (c === '[') {
      i++;
      const items: Token[] = [];
      for (;;) {
        while (i < src.length && white.test(src[i]!)) i++;
        if (src[i] === ']') { i++; break; }
        const t = one();
        if (!t) throw new Error('PDF content: unterminated array');
        items.push(t);
      }
      return { kind: 'array', v: items };
    }
    if (c === ']' || c === '{' || c === '}' || c === '>') { i++; return { kind: 'other' }; }
    let j = i + 1;
    while (j < src.length && !delim.test(src[j]!)) j++;
    const word = src.slice(i, j);
    i = j;
    if (c === '/') return { kind: 'name', v: word.slice(1) };
    if (/^[+-]?(\d+\.?\d*|\.\d+)$/.test(word)) return { kind: 'num', v: Number(word) };
    return { kind: 'op', v: word };
  }
  const out: Token[] = [];
  for (let t = one(); t; t = one()) {
    // Inline images (BI … ID <binary> EI) are skipped whole.
    if (t.kind === 'op' && t.v === 'ID') {
      const end = src.indexOf('EI', i);
      i = end < 0 ? src.length : end + 2;
      continue;
    }
    out.push(t);
  }
  return out;
}

type Font = { bytes: number; map: Map<number, string> | null };

function decode(font: Font | undefined, s: Buffer): string {
  if (!font?.map) return s.toString('latin1');
  let out = '';
  for (let k = 0; k + font.bytes <= s.length; k += font.bytes) {
    const code = font.bytes === 2 ? s.readUInt16BE(k) : font.bytes === 1 ? s[k]! : s.readUIntBE(k, font.bytes);
    const ch = font.map.get(code);
    if (ch === undefined) throw new Error(`PDF text: code ${code.toString(16)} is not in the font's ToUnicode map`);
    out += ch;
  }
  return out;
}

/** The text of each page of a pdfkit PDF, in page order: its BT … ET blocks, one per line. */
export function pdfPages(bytes: Buffer): string[] {
  if (!bytes.subarray(0, 5).equals(Buffer.from('%PDF-'))) throw new Error('not a PDF');
  const objs = objects(bytes);
  const trailer = bytes.toString('latin1').lastIndexOf('trailer');
  if (trailer < 0) throw new Error('PDF: no trailer (a cross-reference stream is not read here)');
  const tail = bytes.toString('latin1').slice(trailer);
  if (/\/Encrypt\b/.test(tail)) throw new Error('PDF: encrypted');
  const root = objs.get(ref(tail, 'Root') ?? -1);
  if (!root) throw new Error('PDF: no catalogue');
  const pages: PdfObject[] = [];
  const walk = (n: number) => {
    const o = objs.get(n);
    if (!o) throw new Error(`PDF: page tree node ${n} missing`);
    if (/\/Type\s*\/Pages\b/.test(o.dict)) {
      const kids = /\/Kids\s*\[([^\]]*)\]/.exec(o.dict);
      for (const k of refs(kids?.[1] ?? '')) walk(k);
    } else pages.push(o);
  };
  walk(ref(root.dict, 'Pages') ?? -1);
  const fontCache = new Map<number, Font>();
  const fontOf = (n: number): Font => {
    let f = fontCache.get(n);
    if (!f) {
      const dict = objs.get(n)?.dict ?? '';
      const cmapRef = ref(dict, 'ToUnicode');
      const cmap = cmapRef === null ? null : objs.get(cmapRef)?.stream?.toString('latin1');
      f = cmap ? parseToUnicode(cmap) : { bytes: 1, map: null };
      fontCache.set(n, f);
    }
    return f;
  };
  return pages.map((page) => {
    const resources = subDict(objs, page.dict, 'Resources') ?? '';
    const fontDict = subDict(objs, resources, 'Font') ?? '';
    const fonts = new Map([...fontDict.matchAll(/\/([^\s/<>[\]()]+)\s+(\d+)\s+\d+\s+R/g)].map((m) => [m[1]!, fontOf(Number(m[2]))]));
    const contents = /\/Contents\s*(\[[^\]]*\]|\d+\s+\d+\s+R)/.exec(page.dict);
    const streams = refs(contents?.[1] ?? '').map((n) => objs.get(n)?.stream?.toString('latin1') ?? '');
    const lines: string[] = [];
    let font: Font | undefined;
    let line: string | null = null;
    const operands: Token[] = [];
    for (const t of tokenize(streams.join('\n'))) {
      if (t.kind !== 'op') { operands.push(t); continue; }
      const strings = (ts: Token[]): Buffer[] => ts.flatMap((x) => (x.kind === 'str' ? [x.v] : x.kind === 'array' ? strings(x.v) : []));
      switch (t.v) {
        case 'BT': line = ''; break;
        case 'ET': if (line !== null) lines.push(line); line = null; break;
        case 'Tf': {
          const name = operands.find((o) => o.kind === 'name');
          font = name && name.kind === 'name' ? fonts.get(name.v) : undefined;
          if (name && !font) throw new Error(`PDF: font /${(name as { v: string }).v} is not in the page's resources`);
          break;
        }
        case 'Tj': case 'TJ': case "'": case '"':
          if (line !== null) line += strings(operands).map((s) => decode(font, s)).join('');
          break;
        default:
      }
      operands.length = 0;
    }
    return lines.join('\n');
  });
}

/** The whole text of a PDF (pages joined with a form feed). */
export const pdfText = (bytes: Buffer) => pdfPages(bytes).join('\f');

/** The text with every run of white space (line ends too) made one space: for phrases a line may break. */
export const flat = (text: string) => text.replace(/\s+/g, ' ');
