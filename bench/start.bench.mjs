#!/usr/bin/env node
// How long a start takes to a /health that answers: the first start on an empty data folder
// (migrate and seed the demo) and a start on existing data, for `npm start` as it is (the built
// server, scripts/start.mjs) beside the server compiled at run time by tsx (how it started before),
// measured in the same run. Runs BENCH_RUNS (3) of each and prints the medians.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from '../scripts/ensure.mjs';
import { ensureServer, SERVER_MAIN } from '../scripts/build-server.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
await ensureServer();

const ways = {
  'npm start (built)': [process.execPath, [join(ROOT, 'scripts', 'start.mjs')]],
  'built server alone': [process.execPath, [SERVER_MAIN]],
  'tsx at run time (before)': [process.execPath, ['--import', 'tsx', join(ROOT, 'packages', 'server', 'src', 'main.ts')]],
};

async function once([cmd, args], dataDir) {
  const started = performance.now();
  const child = spawn(cmd, args, {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: '', PORT: '0', HOST: '127.0.0.1', TEZGAH_DATA_DIR: dataDir, LOG_LEVEL: 'warn', TEZGAH_BACKUP_DAYS: '0' },
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  let out = '';
  const url = await new Promise((resolve, reject) => {
    child.stdout.on('data', (d) => {
      out += d;
      const m = /Tezgah API on (http:\/\/\S+)/.exec(out);
      if (m) resolve(m[1]);
    });
    child.on('exit', (code) => reject(new Error(`exited ${code}`)));
  });
  for (;;) {
    const r = await fetch(`${url}/health`).catch(() => null);
    if (r?.ok) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  const ms = performance.now() - started;
  process.kill(-child.pid, 'SIGTERM');
  await new Promise((r) => child.on('exit', r));
  return ms;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const rows = [];
for (const [name, way] of Object.entries(ways)) {
  const first = [];
  const again = [];
  for (let i = 0; i < RUNS; i++) {
    const dir = mkdtempSync(join(tmpdir(), 'tezgah-start-'));
    try {
      first.push(await once(way, dir));
      again.push(await once(way, dir));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  rows.push({ name, first: median(first), again: median(again) });
}
const base = rows.find((r) => r.name.startsWith('tsx'));
console.log(`\nstart to /health, median of ${RUNS} (ms)\n`);
console.log('| how | first start (empty folder) | start on existing data | vs tsx (existing data) |');
console.log('|---|---:|---:|---:|');
for (const r of rows) console.log(`| ${r.name} | ${r.first.toFixed(0)} | ${r.again.toFixed(0)} | ${(base.again / r.again).toFixed(2)}× faster |`);
