/**
 * Precompiles the stylesheets SaxonJS runs (GİB's schematron transpiled to XSLT, and the four
 * display XSLTs) into resources/ubl-tr/compiled/<key>.sef.json, with manifest.json holding the
 * SHA-256 of each source so the runtime (xslt.ts) uses a SEF only while it matches its source.
 *
 *   cd /work/main && node_modules/.bin/tsx plugins/edocument/server/src/ubl/compile-xslt.ts
 *
 * Uses the xslt3 compiler (devDependency); takes about 15 s for the schematron.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sha256 } from './schematron';
import { DISPLAY_KEYS, RES_DIR, stylesheetSource, type StylesheetKey } from './xslt';

const out = new URL('compiled/', RES_DIR);
mkdirSync(out, { recursive: true });
const xslt3 = fileURLToPath(new URL('../../node_modules/.bin/xslt3', import.meta.url));
const manifest: Record<string, string> = {};
const keys: StylesheetKey[] = ['gib-schematron', ...DISPLAY_KEYS];
for (const key of keys) {
  const src = stylesheetSource(key);
  // the schematron's XSLT is generated: written next to its SEF (readable, and the compiler's input);
  // the display XSLTs are compiled from where they are
  const xslFile =
    key === 'gib-schematron' ? fileURLToPath(new URL(`${key}.xsl`, out)) : fileURLToPath(new URL(`xslt/${key}.xslt`, RES_DIR));
  if (key === 'gib-schematron') writeFileSync(xslFile, src);
  const t = Date.now();
  execFileSync(xslt3, [`-xsl:${xslFile}`, `-export:${fileURLToPath(new URL(`${key}.sef.json`, out))}`, '-nogo', '-relocate:on'], {
    stdio: 'inherit',
  });
  manifest[key] = sha256(src);
  console.log(`${key}: ${Date.now() - t} ms`);
}
writeFileSync(new URL('manifest.json', out), JSON.stringify(manifest, null, 2) + '\n');
