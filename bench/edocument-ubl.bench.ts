/**
 * UBL-TR core throughput (run: node_modules/.bin/tsx bench/edocument-ubl.bench.ts).
 * Builds, validates (XSD with xmllint-wasm, schematron with SaxonJS, both) and parses invoices,
 * beside a baseline measured in the same run: fast-xml-parser parsing the same XML alone.
 * Prints per-operation times and ratios to the baseline.
 */
import { buildInvoice, parseUbl, validateUbl } from '../plugins/edocument/server/src/ubl/index';
import { validateSchematron, validateXsd, validateXsdMany } from '../plugins/edocument/server/src/ubl/validate';
import { baselineParse, invoiceFor } from '../plugins/edocument/server/src/ubl/fixtures';

const input = invoiceFor('TICARIFATURA', 'SATIS', 1);
const xml = buildInvoice(input);

async function measure(name: string, minMs: number, fn: () => unknown | Promise<unknown>): Promise<{ name: string; perSec: number; msPer: number }> {
  let n = 0;
  const t0 = performance.now();
  while (performance.now() - t0 < minMs) {
    await fn();
    n++;
  }
  const ms = performance.now() - t0;
  return { name, perSec: (n * 1000) / ms, msPer: ms / n };
}

const fmt = (x: number) => (x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(2));

async function main() {
  console.log(`document: ${input.profile} × ${input.type}, ${input.lines.length} lines, ${xml.length} bytes`);

  // cold: first call of each validator in this process (loads the SEF / instantiates the wasm)
  let t = performance.now();
  validateSchematron(xml, false);
  const coldSch = performance.now() - t;
  t = performance.now();
  await validateXsd(xml);
  const coldXsd = performance.now() - t;
  console.log(`cold: schematron ${fmt(coldSch)} ms (reads the 4 MB SEF), XSD ${fmt(coldXsd)} ms`);

  const results = [
    await measure('baseline: fast-xml-parser parse', 1500, () => baselineParse(xml)),
    await measure('buildInvoice', 1500, () => buildInvoice(input)),
    await measure('parseUbl', 1500, () => parseUbl(xml)),
    await measure('validate schematron', 3000, () => validateSchematron(xml, false)),
    await measure('validate XSD', 3000, () => validateXsd(xml)),
    await measure('validateUbl (XML + XSD + schematron)', 3000, () => validateUbl(xml)),
  ];
  // concurrent validateXsd calls in one tick are coalesced into one xmllint run
  const conc = 8;
  t = performance.now();
  let done = 0;
  while (performance.now() - t < 3000) {
    await Promise.all(Array.from({ length: conc }, () => validateXsd(xml)));
    done += conc;
  }
  const concMs = performance.now() - t;
  results.push({ name: `validate XSD, ${conc} concurrent`, perSec: (done * 1000) / concMs, msPer: concMs / done });

  // a batch of 20 in one xmllint run (schemas read once)
  const batch = Array.from({ length: 20 }, () => xml);
  t = performance.now();
  let batched = 0;
  while (performance.now() - t < 3000) {
    await validateXsdMany(batch);
    batched += batch.length;
  }
  const batchMs = performance.now() - t;
  results.push({ name: 'validate XSD, batches of 20 (validateXsdMany)', perSec: (batched * 1000) / batchMs, msPer: batchMs / batched });

  const base = results[0]!;
  console.log('\noperation'.padEnd(52) + 'docs/s'.padStart(10) + 'ms/doc'.padStart(10) + '× baseline time'.padStart(18));
  for (const r of results) {
    console.log(r.name.padEnd(51) + fmt(r.perSec).padStart(10) + fmt(r.msPer).padStart(10) + fmt(r.msPer / base.msPer).padStart(18));
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
