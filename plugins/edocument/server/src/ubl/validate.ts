import { readdirSync, readFileSync } from 'node:fs';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { validateXML, type XMLFileInfo } from 'xmllint-wasm';
import type { ValidationIssue } from './types';
import { RES_DIR, transform } from './xslt';

/**
 * validateUbl: well-formedness (fast-xml-parser), then GİB's XSDs (xmllint-wasm, in process),
 * then GİB's schematron plus Tezgah's rules (SaxonJS, one compiled stylesheet, in process).
 * Every failure becomes a Turkish ValidationIssue a person can act on; the raw text stays in
 * `detail`.
 *
 * e-Arşiv: GİB's schematron has a `type` parameter; e-Arşiv invoices (ProfileID EARSIVFATURA, or
 * opts.earchive) are checked with type=earchive, everything else with efatura. The e-Arşiv
 * package's own earsiv_schematron.xsl is NOT used: its rules have the context
 * earsiv:eArsivRaporu (the e-Arşiv report sent to GİB, namespace http://earsiv.efatura.gov.tr),
 * not the UBL invoice, so it checks nothing on an Invoice.
 */

const ROOTS: Record<string, string> = {
  Invoice: 'UBL-Invoice-2.1.xsd',
  DespatchAdvice: 'UBL-DespatchAdvice-2.1.xsd',
  ApplicationResponse: 'UBL-ApplicationResponse-2.1.xsd',
  ReceiptAdvice: 'UBL-ReceiptAdvice-2.1.xsd',
  CreditNote: 'UBL-CreditNote-2.1.xsd',
};

let xsdFiles: XMLFileInfo[] | null = null;
/** Every XSD of GİB's package, flattened into one folder of the in-memory file system
 *  (the maindoc schemas' "../common/" imports rewritten to the bare file name). */
function schemas(): XMLFileInfo[] {
  if (xsdFiles) return xsdFiles;
  const out: XMLFileInfo[] = [];
  for (const dir of ['xsdrt/common/', 'xsdrt/maindoc/']) {
    const url = new URL(dir, RES_DIR);
    for (const f of readdirSync(url)) {
      if (!f.endsWith('.xsd')) continue;
      const text = readFileSync(new URL(f, url), 'utf8').replace(/schemaLocation="\.\.\/common\//g, 'schemaLocation="');
      out.push({ fileName: f, contents: text });
    }
  }
  xsdFiles = out;
  return out;
}

/** The document's root element's local name, or null. */
export function rootName(xml: string): string | null {
  const m = /<(?:[A-Za-z_][\w.-]*:)?([A-Za-z_][\w.-]*)[\s>/]/.exec(xml.replace(/<\?[\s\S]*?\?>|<!--[\s\S]*?-->/g, ''));
  return m ? m[1]! : null;
}

export const hasDoctype = (xml: string) => /<!DOCTYPE|<!ENTITY/i.test(xml);

const localName = (qn: string) => qn.replace(/^\{[^}]*\}/, '').replace(/^[\w.-]+:/, '');
const names = (s: string) =>
  s
    .replace(/[()]/g, '')
    .split(',')
    .map((x) => localName(x.trim()))
    .filter(Boolean)
    .join(', ');

/** Line numbers (1-based) where each InvoiceLine / DespatchLine / ReceiptLine starts. */
function lineStarts(xml: string): number[] {
  const starts: number[] = [];
  const re = /<(?:[\w.-]+:)?(?:InvoiceLine|DespatchLine|ReceiptLine)[\s>]/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(xml))) starts.push(xml.slice(0, m.index).split('\n').length);
  return starts;
}
function docLineAt(starts: number[], line: number | undefined): number | null {
  if (!line) return null;
  let n = 0;
  starts.forEach((s, i) => {
    if (s <= line) n = i + 1;
  });
  return n || null;
}

/** A libxml2 schema error in Turkish. */
export function xsdMessage(raw: string): string {
  let m: RegExpMatchArray | null;
  const el = /Element '([^']+)'(?:, attribute '([^']+)')?/.exec(raw);
  const what = el ? (el[2] ? `'${localName(el[1]!)}' öğesinin '${el[2]}' niteliği` : `'${localName(el[1]!)}' öğesi`) : 'Belge';
  if ((m = raw.match(/This element is not expected\. Expected is(?: one of)? \((.*)\)/)))
    return `${what} bu konumda beklenmiyor (sıra ya da ad yanlış); burada beklenen: ${names(m[1]!)}.`;
  if (/This element is not expected/.test(raw)) return `${what} bu konumda beklenmiyor (fazla ya da yanlış yerde).`;
  if ((m = raw.match(/Missing child element\(s\)\. Expected is(?: one of)? \((.*)\)/)))
    return `${what} içinde zorunlu alan eksik: ${names(m[1]!)}.`;
  if ((m = raw.match(/'([^']*)' is not a valid value of the (?:atomic|local atomic|union) type '([^']+)'/)))
    return `${what} değeri geçersiz: '${m[1]}' (${localName(m[2]!)} türünde olmalı).`;
  if (/\[facet '(minLength|pattern|enumeration|length|maxLength)'\]/.test(raw)) return `${what} değeri biçim kurallarına uymuyor.`;
  if (/The attribute '([^']+)' is required but missing/.test(raw))
    return `${what} için zorunlu nitelik eksik: ${raw.match(/The attribute '([^']+)'/)![1]}.`;
  if (/The attribute '([^']+)' is not allowed/.test(raw)) return `${what} üzerinde izin verilmeyen nitelik: ${raw.match(/The attribute '([^']+)'/)![1]}.`;
  if (/No matching global declaration available for the validation root/.test(raw))
    return 'Belgenin kök öğesi UBL-TR şemasında tanımlı değil (ad alanı yanlış olabilir).';
  if (/Element content is not allowed, because the content type is a simple type|Character content other than whitespace is not allowed/.test(raw))
    return `${what} beklenmeyen içerik taşıyor.`;
  return `${what}: XSD doğrulaması başarısız.`;
}

/** Friendlier Turkish for some of GİB's rules (GİB's own text stays in detail). */
const FRIENDLY: Record<string, (f: SchFailure) => string> = {
  GeneralUnitCodeCheck: (f) => `birim kodu geçersiz ('${f.value ?? ''}'); UN/ECE Rec 20 kodu olmalı (C62 adet, KGM, LTR...).`,
  InvoiceIDCheck: () => 'Belge numarası 3 harf/rakam + yıl + 9 haneli sıra olmalı (ör. TZG2026000000001).',
  UUIDCheck: () => 'ETTN (UUID) geçerli bir UUID değil.',
  TimeCheck: (f) => `Belge tarihi geçersiz ('${f.value ?? ''}'): bugünden ileri ya da 2005 öncesi olamaz.`,
};

interface SchFailure {
  rule: string;
  pattern: string;
  test: string;
  loc: string;
  kind: string;
  text: string;
  value?: string;
}

const resultParser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', isArray: (n) => n === 'f', textNodeName: '#text' });

export function runSchematron(xml: string, type: 'efatura' | 'earchive'): SchFailure[] {
  const out = transform('gib-schematron', xml, { type });
  const parsed = resultParser.parse(out) as { r?: { f?: Record<string, string>[] } | string };
  const fs = typeof parsed.r === 'object' && parsed.r ? (parsed.r.f ?? []) : [];
  return fs.map((f) => {
    const text = String(f['#text'] ?? '').replace(/\s+/g, ' ').trim();
    const value = /'([^']*)'/.exec(text)?.[1];
    return { rule: f.rule ?? '', pattern: f.pattern ?? '', test: f.test ?? '', loc: f.loc ?? '', kind: f.kind ?? '', text, value };
  });
}

/** "Satır 2: " when a path points inside the 2nd InvoiceLine / DespatchLine. */
function linePrefixFromPath(loc: string): string {
  const m = /\}(?:InvoiceLine|DespatchLine|ReceiptLine)\[(\d+)\]/.exec(loc);
  return m ? `Satır ${m[1]}: ` : '';
}

function schIssue(f: SchFailure): ValidationIssue {
  const prefix = linePrefixFromPath(f.loc);
  const friendly = FRIENDLY[f.rule];
  let message = friendly ? friendly(f) : f.text;
  if (f.kind === 'error') message = `Kural değerlendirilemedi (${f.rule}): belge yapısı beklenmedik.`;
  if (prefix) message = prefix + message.charAt(0).toLocaleLowerCase('tr-TR') + message.slice(1);
  else message = message.charAt(0).toLocaleUpperCase('tr-TR') + message.slice(1);
  return {
    source: 'SCHEMATRON',
    message,
    detail: `${f.text} [${f.kind} ${f.rule}: ${f.test}] @ ${f.loc.replace(/Q\{[^}]*\}/g, '')}`,
    rule: f.rule,
  };
}

/**
 * XSD validation of one document. Calls made in the same tick (e.g. under Promise.all, or many
 * requests at once) are coalesced into one validateXsdMany run of at most 50 documents.
 */
export function validateXsd(xml: string): Promise<ValidationIssue[]> {
  return new Promise((resolve, reject) => {
    pending.push({ xml, resolve, reject });
    if (!flushScheduled) {
      flushScheduled = true;
      setImmediate(flush);
    }
  });
}
interface Pending {
  xml: string;
  resolve: (v: ValidationIssue[]) => void;
  reject: (e: unknown) => void;
}
let pending: Pending[] = [];
let flushScheduled = false;
function flush(): void {
  flushScheduled = false;
  while (pending.length) {
    const batch = pending.splice(0, 50);
    validateXsdMany(batch.map((b) => b.xml)).then(
      (r) => batch.forEach((b, i) => b.resolve(r[i]!)),
      (e) => batch.forEach((b) => b.reject(e)),
    );
  }
  pending = [];
}

/**
 * XSD validation of several documents at once: one xmllint run (one worker, schemas parsed once)
 * per kind of root. Each call of xmllint-wasm starts a worker and reads GİB's 19 schemas, which is
 * most of the cost of validating one document; a batch pays it once.
 */
export async function validateXsdMany(xmls: string[]): Promise<ValidationIssue[][]> {
  const out: ValidationIssue[][] = xmls.map(() => []);
  const groups = new Map<string, number[]>();
  xmls.forEach((xml, i) => {
    const root = rootName(xml);
    const main = root ? ROOTS[root] : undefined;
    if (!main) {
      out[i] = [{ source: 'XSD', message: `Kök öğe '${root ?? '?'}' bir UBL-TR belgesi değil (Invoice, DespatchAdvice, ApplicationResponse, ReceiptAdvice beklenir).` }];
      return;
    }
    groups.set(main, [...(groups.get(main) ?? []), i]);
  });
  const all = schemas();
  for (const [main, idx] of groups) {
    const res = await validateXML({
      xml: idx.map((i) => ({ fileName: `belge${i}.xml`, contents: xmls[i]! })),
      schema: [all.find((f) => f.fileName === main)!],
      preload: all.filter((f) => f.fileName !== main),
      maxMemoryPages: 4096,
    });
    if (res.valid) continue;
    for (const e of res.errors) {
      if (/fails to validate$|validates$/.test(e.message.trim())) continue;
      const fi = Number(/^belge(\d+)\.xml$/.exec(e.loc?.fileName ?? '')?.[1] ?? (idx.length === 1 ? idx[0] : NaN));
      if (!Number.isInteger(fi)) continue;
      const line = e.loc?.lineNumber;
      const n = docLineAt(lineStarts(xmls[fi]!), line);
      const msg = xsdMessage(e.message);
      out[fi]!.push({
        source: 'XSD',
        message: n ? `Satır ${n}: ${msg.charAt(0).toLocaleLowerCase('tr-TR')}${msg.slice(1)}` : msg,
        detail: e.rawMessage,
        ...(line ? { line } : {}),
      });
    }
    // xmllint failed without a message we could place (e.g. out of memory): say so for each
    for (const i of idx) {
      if (!res.valid && out[i]!.length === 0 && !new RegExp(`belge${i}\\.xml validates`).test(res.rawOutput)) {
        out[i]!.push({ source: 'XSD', message: 'XSD doğrulaması tamamlanamadı.', detail: res.rawOutput.slice(0, 2000) });
      }
    }
  }
  return out;
}

export function validateSchematron(xml: string, earchive: boolean): ValidationIssue[] {
  return runSchematron(xml, earchive ? 'earchive' : 'efatura').map(schIssue);
}

/** Well-formedness and the safety checks; [] when the text is a well-formed XML document. */
export function checkXml(xml: string): ValidationIssue[] {
  if (!xml.trim()) return [{ source: 'XML', message: 'Belge boş.' }];
  if (hasDoctype(xml))
    return [{ source: 'XML', message: 'Belgede DOCTYPE/ENTITY bildirimi var; güvenlik nedeniyle kabul edilmez.' }];
  const v = XMLValidator.validate(xml);
  if (v !== true) {
    return [{ source: 'XML', message: `Belge geçerli bir XML değil (satır ${v.err.line}): ${v.err.msg}`, detail: `${v.err.code}: ${v.err.msg}`, line: v.err.line }];
  }
  return [];
}

export async function validateUbl(xml: string, opts: { earchive?: boolean } = {}): Promise<ValidationIssue[]> {
  const xmlIssues = checkXml(xml);
  if (xmlIssues.length) return xmlIssues;
  const xsd = await validateXsd(xml);
  const earchive = opts.earchive ?? /<(?:[\w.-]+:)?ProfileID>\s*EARSIVFATURA\s*</.test(xml);
  let sch: ValidationIssue[];
  try {
    sch = validateSchematron(xml, earchive);
  } catch (e) {
    sch = [{ source: 'SCHEMATRON', message: 'Şematron denetimi çalıştırılamadı.', detail: String((e as Error).message ?? e) }];
  }
  return [...xsd, ...sch];
}
