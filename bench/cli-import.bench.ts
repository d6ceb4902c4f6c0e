/**
 * `tezgah import currents` at scale: 1,000, 10,000 and 100,000 current-account rows.
 *
 * For each size, from one generated CSV (Turkish headers; customers with a tax office, city and
 * district, suppliers, personnel without a tax number):
 *
 * 1. **client work**: a dry run of the import engine in this process (parse and check every row,
 *    match against the company's records), with the reference lists and the records served from
 *    memory: what the CLI itself spends on a row, with no network and no server. Wall and CPU time.
 * 2. **whole import**: the `tezgah` binary, a process of its own, importing the file into a test
 *    server (PGlite, the seeded demo database; muhasebe's company) and writing every row: wall
 *    time, the CLI process's own CPU time less that of starting it (`tezgah --version`: some 3.5 s
 *    of compiling TypeScript with tsx), and the most its heap held.
 *
 * Per-row figures are printed with their ratio against the 1,000-row run (1.00x: a row costs the
 * same whatever the file's size).
 *
 * Run: npm run bench:cli-import   (BENCH_CLI_SIZES=1000,10000 to change the sizes)
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TezgahPromiseApi } from '../packages/sdk/src/promise';
import { startTestServer } from '../packages/server/test/harness';
import { http, ONMUHASEBE } from '../packages/server/test/http';
import { currents } from '../plugins/accounting/cli/src/currents';
import { importFile } from '../plugins/accounting/cli/src/importer';
import { NO_PROGRESS } from '../packages/cli/src/progress';

const SIZES = (process.env.BENCH_CLI_SIZES ?? '1000,10000,100000').split(',').map(Number);
const BIN = fileURLToPath(new URL('../packages/cli/bin/tezgah.mjs', import.meta.url));
/**
 * Loaded into the CLI process: its CPU time and the most memory its heap held (sampled every
 * 100 ms), written when it exits. Not maxRSS: the monorepo's `tezgah` compiles its TypeScript at
 * start (tsx), which peaks at some 500 MB whatever the command (`tezgah --help` too).
 */
const RUSAGE = `data:text/javascript,import { writeFileSync } from "node:fs"; import { getHeapStatistics } from "node:v8";
let peak = 0;
const sample = () => { const h = getHeapStatistics(); peak = Math.max(peak, h.used_heap_size + h.external_memory); };
setInterval(sample, 100).unref();
process.on("exit", () => { sample(); const u = process.resourceUsage(); writeFileSync(process.env.BENCH_RUSAGE_FILE, JSON.stringify({ cpuMs: (u.userCPUTime + u.systemCPUTime) / 1000, peakHeapKb: peak / 1024 })); });`;

const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

interface Lookups {
  countries: { id: number; code: string; name: string; nameEn: string }[];
  cities: { id: number; countryId: number; plateCode: string; name: string }[];
  subdivisions: { id: number; cityId: number; name: string }[];
  taxOffices: { id: number; code: string; name: string; cityId: number }[];
}

/** A valid TCKN from nine digits (the first not 0). */
function tckn(nine: string): string {
  const d = nine.split('').map(Number);
  const d10 = ((((d[0]! + d[2]! + d[4]! + d[6]! + d[8]!) * 7 - (d[1]! + d[3]! + d[5]! + d[7]!)) % 10) + 10) % 10;
  const d11 = (d.reduce((a, b) => a + b, 0) + d10) % 10;
  return `${nine}${d10}${d11}`;
}

/** `rows` current accounts; `run` keeps each size's tax numbers and names apart from the others'. */
function currentsCsv(rows: number, run: number, l: Lookups): string {
  const city = l.cities.find((c) => c.name === 'İstanbul')!;
  const districts = l.subdivisions.filter((s) => s.cityId === city.id);
  const offices = l.taxOffices.filter((t) => t.cityId === city.id);
  const lines = ['Tip;Ad;Soyad;Ünvan;TC Kimlik No;Vergi Dairesi;İl;İlçe;Telefon;E-posta;IBAN'];
  for (let i = 0; i < rows; i++) {
    const id = tckn(String(100_000_000 + run * 10_000_000 + i));
    const phone = `0532 ${String(100 + (i % 900))} ${String(10 + (i % 90))} ${String(10 + (i % 89))}`;
    if (i % 10 === 9) lines.push(`Personel;Çalışan${run}-${i};Yılmaz;;;;;;${phone};;`);
    else if (i % 10 >= 7) lines.push(`Tedarikçi;Tedarikçi${run}-${i};;Tedarik ${run}-${i} Ltd. Şti.;${id};;İstanbul;${districts[i % districts.length]!.name};${phone};t${run}x${i}@example.com;`);
    else lines.push(`Müşteri;Müşteri${run}-${i};Şahin;;${id};${offices[i % offices.length]!.name};İstanbul;${districts[i % districts.length]!.name};${phone};m${run}x${i}@example.com;`);
  }
  return `${lines.join('\n')}\n`;
}

/** The calls a currents import makes, answered from memory (the reference lists; no records yet). */
function memoryApi(l: Lookups): TezgahPromiseApi {
  const lists: Record<string, readonly unknown[]> = {
    [`${ONMUHASEBE}/countries`]: l.countries,
    [`${ONMUHASEBE}/cities`]: l.cities,
    [`${ONMUHASEBE}/city-subdivisions`]: l.subdivisions,
    [`${ONMUHASEBE}/tax-offices`]: l.taxOffices,
    [`${ONMUHASEBE}/currents`]: [],
  };
  const api = {
    async list(path: string, init?: { params?: { query?: { page?: number; size?: number } } }) {
      const all = lists[path] ?? [];
      const page = init?.params?.query?.page ?? 0;
      const size = init?.params?.query?.size ?? 10;
      return { items: all.slice(page * size, page * size + size), total: all.length };
    },
    async request() {
      throw new Error('a dry run writes nothing');
    },
  };
  return api as unknown as TezgahPromiseApi;
}

function tezgah(args: string[], env: Record<string, string>, input = ''): Promise<{ code: number; out: string; err: string; ms: number }> {
  return new Promise((resolve) => {
    const t0 = performance.now();
    const p = spawn(process.execPath, ['--import', RUSAGE, BIN, ...args], { env: { ...process.env, ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    p.stdout.on('data', (d) => (out += d));
    p.stderr.on('data', (d) => {
      err += d;
      // The CLI's own progress lines (every 5 s when stderr is not a terminal), so a long run shows where it is.
      for (const line of String(d).split('\n').filter(Boolean)) process.stderr.write(`      tezgah: ${line}\n`);
    });
    p.on('close', (code) => resolve({ code: code ?? 1, out, err, ms: performance.now() - t0 }));
    p.stdin.end(input);
  });
}

interface Result {
  rows: number;
  dryWallUs: number;
  dryCpuUs: number;
  importWallUs: number;
  importCpuUs: number;
  peakHeapMb: number;
  importSeconds: number;
}

console.log(`cli-import bench: node ${process.version}, ${cpus().length} cpus, sizes ${SIZES.map((n) => fmt(n)).join(', ')}`);
const dir = mkdtempSync(join(tmpdir(), 'tezgah-cli-bench-'));
const t = await startTestServer({ engine: 'pglite' });
try {
  const api = http(t.url);
  const token = await api.signIn('muhasebe');
  const all = async <T>(path: string): Promise<T[]> => {
    const out: T[] = [];
    for (let page = 0; ; page++) {
      const r = await api.call('GET', `${ONMUHASEBE}/${path}?page=${page}&size=1000&sort=id,asc`, { token });
      out.push(...(r.body as T[]));
      if ((r.body as T[]).length < 1000) return out;
    }
  };
  const lookups: Lookups = { countries: await all('countries'), cities: await all('cities'), subdivisions: await all('city-subdivisions'), taxOffices: await all('tax-offices') };
  const env = { TEZGAH_CONFIG_DIR: join(dir, 'cli'), HOME: dir, LANG: 'en_US.UTF-8', BENCH_RUSAGE_FILE: join(dir, 'rusage.json') };
  const login = await tezgah(['login', '--url', t.url, '--username', 'muhasebe', '--password-stdin'], env, 'demo1234\n');
  if (login.code !== 0) throw new Error(`tezgah login: ${login.err}`);
  // What starting the CLI costs (loading its plugins, compiling TypeScript), the lowest of three.
  let startCpuMs = Infinity;
  for (let i = 0; i < 3; i++) {
    await tezgah(['--version'], env);
    startCpuMs = Math.min(startCpuMs, (JSON.parse(readFileSync(env.BENCH_RUSAGE_FILE, 'utf8')) as { cpuMs: number }).cpuMs);
  }
  console.log(`  starting the CLI: ${fmt(startCpuMs)} ms of CPU (left out of the CLI's per-row CPU below)`);

  // The engine's code warmed up once, as it is in a CLI that has read a few thousand rows.
  const warm = join(dir, 'warm.csv');
  writeFileSync(warm, currentsCsv(2000, 9, lookups));
  await importFile(memoryApi(lookups), currents, warm, { dryRun: true }, NO_PROGRESS);

  const results: Result[] = [];
  for (const [run, rows] of SIZES.entries()) {
    const file = join(dir, `cariler-${rows}.csv`);
    writeFileSync(file, currentsCsv(rows, run, lookups));

    // 1. The client's own work: a dry run against memory.
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    const dry = await importFile(memoryApi(lookups), currents, file, { dryRun: true }, NO_PROGRESS);
    const dryMs = performance.now() - t0;
    const cpu = process.cpuUsage(cpu0);
    if (dry.summary.created !== rows || dry.summary.invalid) throw new Error(`dry run: ${JSON.stringify({ ...dry.summary, errors: dry.summary.errors.slice(0, 3) })}`);

    // 2. The whole import, the CLI against the server.
    const imported = await tezgah(['import', 'currents', file, '--json'], env);
    if (imported.code !== 0) throw new Error(`tezgah import: exit ${imported.code} ${imported.err.slice(0, 500)}`);
    const summary = JSON.parse(imported.out) as { created: number };
    if (summary.created !== rows) throw new Error(`tezgah import created ${summary.created}, expected ${rows}`);
    const usage = JSON.parse(readFileSync(env.BENCH_RUSAGE_FILE, 'utf8')) as { cpuMs: number; peakHeapKb: number };

    const r: Result = {
      rows,
      dryWallUs: (dryMs * 1000) / rows,
      dryCpuUs: ((cpu.user + cpu.system) / rows),
      importWallUs: (imported.ms * 1000) / rows,
      importCpuUs: (Math.max(0, usage.cpuMs - startCpuMs) * 1000) / rows,
      peakHeapMb: usage.peakHeapKb / 1024,
      importSeconds: imported.ms / 1000,
    };
    results.push(r);
    console.log(
      `  ${fmt(rows).padStart(7)} rows: client ${fmt(r.dryWallUs, 1)} µs/row (cpu ${fmt(r.dryCpuUs, 1)}), whole import ${fmt(r.importWallUs, 0)} µs/row ` +
        `(${fmt(r.importSeconds, 1)} s; CLI cpu ${fmt(r.importCpuUs, 1)} µs/row, CLI heap peak ${fmt(r.peakHeapMb, 0)} MB)`,
    );
  }

  const base = results[0]!;
  const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}x`;
  console.log('\n| rows | client µs/row (wall / cpu) | vs 1k | whole import µs/row | vs 1k | CLI cpu µs/row | vs 1k | CLI heap peak |');
  console.log('|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of results) {
    console.log(
      `| ${fmt(r.rows)} | ${fmt(r.dryWallUs, 1)} / ${fmt(r.dryCpuUs, 1)} | ${ratio(r.dryWallUs, base.dryWallUs)} | ${fmt(r.importWallUs, 0)} | ${ratio(r.importWallUs, base.importWallUs)} | ${fmt(r.importCpuUs, 1)} | ${ratio(r.importCpuUs, base.importCpuUs)} | ${fmt(r.peakHeapMb, 0)} MB |`,
    );
  }
} finally {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
}
