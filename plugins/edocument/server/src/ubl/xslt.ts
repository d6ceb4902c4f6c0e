import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { gibSchematronXslt, sha256 } from './schematron';

/**
 * The stylesheets SaxonJS runs here, and their cache.
 *
 * SaxonJS (no Java) runs compiled stylesheets (SEF). `compile-xslt.ts` (run with tsx) compiles
 * GİB's schematron (after {@link gibSchematronXslt}) and the four display XSLTs with the xslt3
 * compiler into `resources/ubl-tr/compiled/*.sef.json`, and writes `manifest.json` with the
 * SHA-256 of each stylesheet's source text. At first use a SEF is read and kept in memory if its
 * recorded hash matches the source as it is now; otherwise (sources changed, or SEFs not built)
 * SaxonJS compiles the source text in process through `fn:transform` on every call — correct but
 * slow (hundreds of ms), and said once on stderr.
 */

const require = createRequire(import.meta.url);
// saxon-js ships no types; the few calls used here are typed by hand.
interface SaxonApi {
  transform(opts: Record<string, unknown>, mode: 'sync'): { principalResult: string };
  XPath: { evaluate(expr: string, ctx: unknown, opts: Record<string, unknown>): unknown };
}
export const SaxonJS = require('saxon-js') as SaxonApi;

export const RES_DIR = new URL('../../resources/ubl-tr/', import.meta.url);
const COMPILED_DIR = new URL('compiled/', RES_DIR);

export type StylesheetKey =
  | 'gib-schematron'
  | 'efatura_invoice_display'
  | 'earsiv_invoice_display'
  | 'eirsaliye_despatch_display'
  | 'eirsaliye_receiptadvice_display';

export const DISPLAY_KEYS: StylesheetKey[] = [
  'efatura_invoice_display',
  'earsiv_invoice_display',
  'eirsaliye_despatch_display',
  'eirsaliye_receiptadvice_display',
];

/** The stylesheet's source text (the schematron one generated from GİB's schematron files). */
export function stylesheetSource(key: StylesheetKey): string {
  if (key === 'gib-schematron') return gibSchematronXslt(RES_DIR);
  return readFileSync(new URL(`xslt/${key}.xslt`, RES_DIR), 'utf8');
}

interface Loaded {
  sef: unknown | null;
  source: string;
}
const cache = new Map<StylesheetKey, Loaded>();
let warned = false;

function readManifest(): Record<string, string> {
  const f = new URL('manifest.json', COMPILED_DIR);
  if (!existsSync(f)) return {};
  try {
    return JSON.parse(readFileSync(f, 'utf8')) as Record<string, string>;
  } catch {
    return {};
  }
}

export function loadStylesheet(key: StylesheetKey): Loaded {
  const hit = cache.get(key);
  if (hit) return hit;
  const source = stylesheetSource(key);
  const manifest = readManifest();
  const sefFile = new URL(`${key}.sef.json`, COMPILED_DIR);
  let sef: unknown | null = null;
  if (manifest[key] === sha256(source) && existsSync(sefFile)) {
    sef = JSON.parse(readFileSync(sefFile, 'utf8'));
  } else if (!warned) {
    warned = true;
    process.stderr.write(
      `edocument/ubl: ${key}.sef.json eksik ya da kaynağıyla uyuşmuyor; XSLT her çağrıda derlenecek (yavaş). ` +
        `Derlemek için: node_modules/.bin/tsx plugins/edocument/server/src/ubl/compile-xslt.ts\n`,
    );
  }
  const loaded = { sef, source };
  cache.set(key, loaded);
  return loaded;
}

/** Runs a stylesheet given by its source text (not precompiled: an XSLT embedded in a document). */
export function transformText(stylesheet: string, xml: string, params: Record<string, string> = {}): string {
  // GİB's display XSLTs ask for HTML 4.0 output, which SaxonJS's serializer refuses: drop it
  stylesheet = stylesheet.replace(/(<xsl:output\b[^>]*?)\s(?:version|doctype-public|doctype-system)="[^"]*"/g, '$1').replace(/(<xsl:output\b[^>]*?)\s(?:version|doctype-public|doctype-system)="[^"]*"/g, '$1');
  const p = Object.entries(params)
    .map(([k], i) => `QName('', '${k}'): $p${i}`)
    .join(', ');
  const bind: Record<string, unknown> = { xsl: stylesheet, xml };
  Object.values(params).forEach((v, i) => (bind[`p${i}`] = v));
  const r = SaxonJS.XPath.evaluate(
    `transform(map{'stylesheet-text': $xsl, 'source-node': parse-xml($xml), 'delivery-format': 'serialized', 'stylesheet-params': map{${p}}})?output`,
    null,
    { params: bind },
  );
  return String(r);
}

/** Runs one of our stylesheets on `xml`, serialized result. */
export function transform(key: StylesheetKey, xml: string, params: Record<string, string> = {}): string {
  const { sef, source } = loadStylesheet(key);
  if (sef) {
    return SaxonJS.transform(
      // html-version 5: GİB's display XSLTs ask for HTML 4.0, which SaxonJS's serializer refuses
      { stylesheetInternal: sef, sourceText: xml, destination: 'serialized', stylesheetParams: params, outputProperties: { 'html-version': 5 } },
      'sync',
    ).principalResult;
  }
  return transformText(source, xml, params);
}
