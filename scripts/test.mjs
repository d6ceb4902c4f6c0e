#!/usr/bin/env node
// `npm test`: the whole suite. Installs what is missing, checks the contract bundle and the types,
// then runs every vitest project (unit, integration on embedded PGlite, and on PostgreSQL too when
// DATABASE_URL is set). Ends with one line "tests: N passed, M failed".
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ensure, ROOT } from './ensure.mjs';
import { ensureWorkbench } from './build-workbench.mjs';

const say = (m) => process.stderr.write(`[tezgah] ${m}\n`);
let pnpm;
try {
  pnpm = ensure();
} catch (e) {
  say(e.message ?? String(e));
  process.exit(1);
}
const run = (args, label) => {
  say(label);
  return spawnSync(pnpm, args, { stdio: 'inherit', cwd: ROOT, env: process.env }).status ?? 1;
};

try {
  ensureWorkbench(pnpm);
} catch (e) {
  say(e.message ?? String(e));
  process.exit(1);
}
if (run(['exec', 'node', 'scripts/bundle-openapi.mjs', '--check'], 'checking openapi/dist against openapi/ sources') !== 0) process.exit(1);
if (run(['exec', 'tsc', '-p', 'tsconfig.json', '--noEmit'], 'type-checking') !== 0) process.exit(1);

say(process.env.DATABASE_URL ? 'running the suite on PGlite and on PostgreSQL (DATABASE_URL)' : 'running the suite on PGlite (set DATABASE_URL to add a PostgreSQL server)');
const outDir = join(ROOT, '.tezgah-test');
mkdirSync(outDir, { recursive: true });
const report = join(outDir, 'vitest.json');
rmSync(report, { force: true });
const extra = process.argv.slice(2);
const status = run(['exec', 'vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...extra], 'vitest');

let passed = 0, failed = 0, skipped = 0;
if (existsSync(report)) {
  const r = JSON.parse(readFileSync(report, 'utf8'));
  passed = r.numPassedTests ?? 0;
  failed = r.numFailedTests ?? 0;
  // A file that failed before running any test (an import error) still counts as a failure.
  if (failed === 0 && (r.numFailedTestSuites ?? 0) > 0) failed = r.numFailedTestSuites;
  skipped = (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
} else {
  failed = 1;
}
if (status !== 0 && failed === 0) failed = 1;
console.log(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(status === 0 && failed === 0 && passed > 0 ? 0 : 1);
