#!/usr/bin/env node
// `npm test`: the whole suite. Installs what is missing, checks the contract bundle and the types,
// then runs every vitest project (unit, integration on embedded PGlite, and on PostgreSQL too when
// DATABASE_URL is set). Prints where the time went (the slowest files, each project and each
// engine) and ends with one line "tests: N passed, M failed".
//
// Arguments go to vitest, so `npm test -- --changed` runs only the tests touched by uncommitted
// changes and `npm test -- plugins/pharmacy` one folder (docs/testing.md). `--no-checks` leaves out
// the contract and type checks (a quick loop; the full run and CI always do them).
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, existsSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { loadavg } from 'node:os';
import { ensure, ROOT } from './ensure.mjs';
import { ensureWorkbench } from './build-workbench.mjs';

const say = (m) => process.stderr.write(`[tezgah] ${m}\n`);
const began = Date.now();
const loadAtStart = loadavg();
let pnpm;
try {
  pnpm = ensure();
} catch (e) {
  say(e.message ?? String(e));
  process.exit(1);
}
const run = (args, label, env = process.env) => {
  say(label);
  return spawnSync(pnpm, args, { stdio: 'inherit', cwd: ROOT, env }).status ?? 1;
};

let extra = process.argv.slice(2);
const checks = !extra.includes('--no-checks');
// Keeps this run's file times in scripts/test-durations.json, the order a fresh clone runs in.
const record = extra.includes('--record-durations');
extra = extra.filter((a) => a !== '--no-checks' && a !== '--record-durations');

try {
  ensureWorkbench(pnpm);
} catch (e) {
  say(e.message ?? String(e));
  process.exit(1);
}
mkdirSync(join(ROOT, '.tezgah-test'), { recursive: true });
if (checks) {
  if (run(['exec', 'node', 'scripts/bundle-openapi.mjs', '--check'], 'checking openapi/dist against openapi/ sources') !== 0) process.exit(1);
    // Incremental: a run after a small change re-checks what it touched (the state is kept in .tezgah-test/).
  if (run(['exec', 'tsc', '-p', 'tsconfig.json', '--noEmit', '--incremental', '--tsBuildInfoFile', '.tezgah-test/tsbuildinfo'], 'type-checking') !== 0) process.exit(1);
}
const prepared = Date.now();

say(process.env.DATABASE_URL ? 'running the suite on PGlite and on PostgreSQL (DATABASE_URL)' : 'running the suite on PGlite (set DATABASE_URL to add a PostgreSQL server)');
const outDir = join(ROOT, '.tezgah-test');
mkdirSync(outDir, { recursive: true });
const report = join(outDir, 'vitest.json');
const timings = join(outDir, 'timings.json');
rmSync(report, { force: true });
rmSync(timings, { force: true });
// The suite's clock (scripts/test-clock.mjs): every process of the run starts at the same moment
// of November 2026, whatever the machine's clock says.
const clock = `--import=${new URL('./test-clock.mjs', import.meta.url).href}`;
const env = { ...process.env, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} ${clock}`.trim() };
delete env.TEZGAH_TEST_CLOCK;
if (extra.includes('--changed')) {
  const files = touchedTests(extra, env);
  if (files.length === 0) {
    say('no test is touched by the change');
    console.log('tests: 0 passed, 0 failed');
    process.exit(0);
  }
  say(`${files.length} test files touched by the change:\n  ${files.join('\n  ')}`);
  extra = [...extra.filter((a, i) => a !== '--changed' && extra[i - 1] !== '--changed'), ...files];
}
const status = run(['exec', 'vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, '--reporter=./scripts/test-timings.mjs', ...extra], 'vitest', env);

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

if (existsSync(timings)) {
  const table = timingTable(JSON.parse(readFileSync(timings, 'utf8')), { total: Date.now() - began, prepare: prepared - began, loadAtStart });
  writeFileSync(join(outDir, 'timings.md'), table);
  console.log(`\n${table}`);
  if (record) {
    const files = JSON.parse(readFileSync(timings, 'utf8')).files
      .map((f) => ({ file: f.file, wall: Math.round(f.wall / 100) * 100 }))
      .sort((a, b) => a.file.localeCompare(b.file));
    writeFileSync(join(ROOT, 'scripts', 'test-durations.json'), `${JSON.stringify({ files }, null, 1)}\n`);
    say('file times kept in scripts/test-durations.json');
  }
}
console.log(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(status === 0 && failed === 0 && passed > 0 ? 0 : 1);

/**
 * The test files a change touches: those vitest finds through static imports (`vitest list
 * --changed`), and the tests beside each changed file. The second half matters on the server: a
 * test reaches a plugin's handlers through the server, which loads plugins at run time, so no
 * import leads from `taxes.integration.test.ts` to `taxes.repository.ts`. A changed test file is
 * its own test. `--changed REF` compares with REF (a commit) instead of the last commit.
 */
function touchedTests(args, env) {
  const at = args.indexOf('--changed');
  const ref = args[at + 1] && !args[at + 1].startsWith('-') ? args[at + 1] : null;
  const git = (a) => (spawnSync('git', a, { cwd: ROOT, encoding: 'utf8' }).stdout ?? '').split('\n').filter(Boolean);
  const changed = [...new Set([...git(['diff', '--name-only', ref ?? 'HEAD']), ...git(['ls-files', '--others', '--exclude-standard'])])]
    .filter((f) => existsSync(join(ROOT, f)));
  const isTest = (f) => /\.(test|e2e\.test|integration\.test)\.tsx?$/.test(f);
  const out = new Set(changed.filter(isTest));
  const listed = spawnSync(pnpm, ['exec', 'vitest', 'list', '--filesOnly', '--json', '--changed', ...(ref ? [ref] : [])], { cwd: ROOT, env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  try {
    for (const t of JSON.parse(listed.stdout.slice(listed.stdout.indexOf('[')))) out.add(relative(ROOT, t.file));
  } catch {
    // Without vitest's list the tests beside the change still run.
  }
  for (const f of changed) {
    if (isTest(f) || !/\.(ts|tsx|mjs|sql|yaml)$/.test(f)) continue;
    const dir = dirname(f);
    for (const near of git(['ls-files', '--', `${dir}/*.test.ts`, `${dir}/*.test.tsx`])) if (dirname(near) === dir) out.add(near);
  }
  return [...out].filter((f) => existsSync(join(ROOT, f))).sort();
}

/** Where the run's time went, as markdown (also kept in .tezgah-test/timings.md). */
function timingTable(t, run) {
  const s = (ms) => `${(ms / 1000).toFixed(1)} s`;
  const m = (ms) => `${Math.floor(ms / 60000)} min ${String(Math.round((ms % 60000) / 1000)).padStart(2, '0')} s`;
  const load = (l) => l.map((x) => x.toFixed(2)).join(' ');
  const lines = [];
  lines.push(`Run of ${t.at.slice(0, 16).replace('T', ' ')} UTC on ${t.cores} cores: npm test ${m(run.total)} (install, build and checks ${m(run.prepare)}, vitest ${m(t.wall)}); load average ${load(run.loadAtStart)} at the start, ${load(loadavg())} at the end; ${t.files.length} files, ${t.files.reduce((a, f) => a + f.tests, 0)} tests.`);
  lines.push('', '| slowest files | project | wall | pglite | postgres |', '|---|---|---:|---:|---:|');
  for (const f of [...t.files].sort((a, b) => b.wall - a.wall).slice(0, 15)) {
    lines.push(`| ${f.file} | ${f.project} | ${s(f.wall)} | ${f.engines.pglite !== undefined ? s(f.engines.pglite) : ''} | ${f.engines.postgres !== undefined ? s(f.engines.postgres) : ''} |`);
  }
  const sum = (pick) => t.files.reduce((a, f) => a + (pick(f) ?? 0), 0);
  lines.push('', '| project | files | tests | time in its files |', '|---|---:|---:|---:|');
  for (const p of [...new Set(t.files.map((f) => f.project))].sort()) {
    const of = t.files.filter((f) => f.project === p);
    lines.push(`| ${p} | ${of.length} | ${of.reduce((a, f) => a + f.tests, 0)} | ${s(of.reduce((a, f) => a + f.wall, 0))} |`);
  }
  lines.push('', '| engine | files | time in its suites |', '|---|---:|---:|');
  for (const e of ['pglite', 'postgres']) {
    const n = t.files.filter((f) => f.engines[e] !== undefined).length;
    if (n) lines.push(`| ${e} | ${n} | ${s(sum((f) => f.engines[e]))} |`);
  }
  lines.push('', 'The time in files adds up each file\'s own time; files run side by side on the cores, so the sums exceed the wall time.');
  return `${lines.join('\n')}\n`;
}
