/**
 * `tezgah import currents` and `tezgah import products` at scale: 1,000, 10,000 and 100,000 rows.
 *
 * For each kind of record and each size, from one generated CSV with Turkish headers (current
 * accounts: customers with a tax office, city and district, suppliers, personnel without a tax
 * number; products: commercial goods, medicines with a prescription type, cosmetics bought in USD,
 * services without a warehouse, each with its unit, KDV rate, prices, warehouse and stock limits):
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
 * same whatever the file's size). The load average is printed when each kind starts and ends.
 *
 * Run: npm run bench:cli-import   (BENCH_CLI_SIZES=1000,10000 to change the sizes,
 *      BENCH_CLI_ENTITIES=products for one kind; default currents,products; BENCH_CLI_FORMAT=xlsx
 *      writes the same rows as .xlsx workbooks, every cell text, and imports those; BENCH_CLI_HEAP_MB
 *      caps the CLI process's heap, so a run that finishes shows the import fits in it)
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TezgahPromiseApi } from '../packages/sdk/src/promise';
import { startTestServer } from '../packages/server/test/harness';
import { http, ONMUHASEBE } from '../packages/server/test/http';
import { currents } from '../plugins/accounting/cli/src/currents';
import type { Entity } from '../plugins/accounting/cli/src/entity';
import { importFile } from '../plugins/accounting/cli/src/importer';
import { products } from '../plugins/accounting/cli/src/products';
import { parseCsv, writeTable } from '../plugins/accounting/cli/src/sheet';
import { NO_PROGRESS } from '../packages/cli/src/progress';

const SIZES = (process.env.BENCH_CLI_SIZES ?? '1000,10000,100000').split(',').map(Number);
const ENTITIES = (process.env.BENCH_CLI_ENTITIES ?? 'currents,products').split(',').map((e) => e.trim()).filter(Boolean);
for (const e of ENTITIES) if (e !== 'currents' && e !== 'products') throw new Error(`BENCH_CLI_ENTITIES: unknown kind ${e} (currents, products)`);
const FORMAT = process.env.BENCH_CLI_FORMAT ?? 'csv';
if (FORMAT !== 'csv' && FORMAT !== 'xlsx') throw new Error(`BENCH_CLI_FORMAT: ${FORMAT} (csv, xlsx)`);

/** Writes a generated CSV text as the file to import: as it is, or as an .xlsx of text cells. Answers its path. */
async function writeInput(base: string, csvText: string): Promise<string> {
  if (FORMAT === 'csv') {
    writeFileSync(`${base}.csv`, csvText);
    return `${base}.csv`;
  }
  const table = parseCsv(csvText);
  await writeTable(`${base}.xlsx`, table.headers, table.rows.map((r) => r.cells.map((c) => (c === null ? null : String(c)))));
  return `${base}.xlsx`;
}
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
const load = () => `load average ${loadavg().map((n) => n.toFixed(2)).join(' / ')} (1 / 5 / 15 min)`;

interface Lookups {
  countries: { id: number; code: string; name: string; nameEn: string }[];
  cities: { id: number; countryId: number; plateCode: string; name: string }[];
  subdivisions: { id: number; cityId: number; name: string }[];
  taxOffices: { id: number; code: string; name: string; cityId: number }[];
  units: { id: number; name: string; code: string }[];
  warehouses: { id: number; name: string; default: boolean }[];
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

/** An EAN-13 barcode from twelve digits: the check digit added. */
function ean13(twelve: string): string {
  const sum = twelve.split('').reduce((a, d, i) => a + Number(d) * (i % 2 ? 3 : 1), 0);
  return `${twelve}${(10 - (sum % 10)) % 10}`;
}

/** Kuruş as a Turkish amount: 123456 → "1.234,56" (integers only, so no float rounding). */
function lira(kurus: number): string {
  const whole = String(Math.floor(kurus / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${whole},${String(kurus % 100).padStart(2, '0')}`;
}

/**
 * `rows` products; `run` keeps each size's barcodes apart from the others' (in-store EAN-13s,
 * prefix 2, so none is one of the seeded medicines' 869… barcodes). Per 20 rows: 8 medicines
 * (Kutu, 10 % KDV, prescription type), 2 cosmetics bought in USD, 9 commercial goods (Adet,
 * 20 %, some at 1 %), 1 service (Saat, no warehouse, no stock limits).
 */
function productsCsv(rows: number, run: number, l: Lookups): string {
  const unit = (code: string) => (l.units.find((u) => u.code === code) ?? l.units[0]!).name;
  const [adet, kutu, saat] = [unit('C62'), unit('BX'), unit('HUR')];
  const depots = l.warehouses.map((w) => w.name);
  const lines = ['Ürün Adı;Barkod;Ürün Tipi;Birim;Alış Fiyatı;Alış Para Birimi;Satış Fiyatı;Satış Para Birimi;KDV Oranı;Depo;Açıklama;Minimum Stok;Maksimum Stok;Reçete Tipi'];
  for (let i = 0; i < rows; i++) {
    const barcode = ean13(`2${run % 10}${String(i).padStart(10, '0')}`);
    const buying = 150 + ((i * 7919) % 250_000);
    const sale = Math.round((buying * 14) / 10);
    const depot = depots[i % depots.length]!;
    const k = i % 20;
    if (k === 19) lines.push(`Kurulum Hizmeti ${run}-${i};${barcode};Verilen Hizmet;${saat};;;${lira(sale)};TL;20;;Yerinde kurulum;;;`);
    else if (k < 8) lines.push(`İlaç ${run}-${i} 500 mg 20 tablet;${barcode};İlaç;${kutu};${lira(buying)};TL;${lira(sale)};TL;10;${depot};;${5 + (i % 10)};${100 + (i % 50)};${k % 4 ? 'Normal' : 'Yeşil'}`);
    else if (k < 10) lines.push(`Nemlendirici Krem ${run}-${i} 50 ml;${barcode};Kozmetik;${adet};${lira(buying)};USD;${lira(sale * 30)};TL;20;${depot};İthal;2;40;`);
    else lines.push(`Ticari Ürün ${run}-${i};${barcode};Ticari Mal;${adet};${lira(buying)};TL;${lira(sale)};TL;${k === 18 ? 1 : 20};${depot};${i % 3 ? '' : 'Raf ' + (i % 40)};;;`);
  }
  return `${lines.join('\n')}\n`;
}

/** The calls a dry run makes, answered from memory: the reference lists, and no records yet. */
function memoryApi(l: Lookups): TezgahPromiseApi {
  const lists: Record<string, readonly unknown[]> = {
    [`${ONMUHASEBE}/countries`]: l.countries,
    [`${ONMUHASEBE}/cities`]: l.cities,
    [`${ONMUHASEBE}/city-subdivisions`]: l.subdivisions,
    [`${ONMUHASEBE}/tax-offices`]: l.taxOffices,
    [`${ONMUHASEBE}/units`]: l.units,
    [`${ONMUHASEBE}/warehouses`]: l.warehouses,
    [`${ONMUHASEBE}/currents`]: [],
    [`${ONMUHASEBE}/products`]: [],
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

/** One kind of record the bench imports: its entity, its file's name and its generated rows. */
interface Part {
  entity: Entity<unknown>;
  file: string;
  csv(rows: number, run: number, l: Lookups): string;
}

const PARTS: Record<string, Part> = {
  currents: { entity: currents as Entity<unknown>, file: 'cariler', csv: currentsCsv },
  products: { entity: products as Entity<unknown>, file: 'urunler', csv: productsCsv },
};

function tezgah(args: string[], env: Record<string, string>, input = ''): Promise<{ code: number; out: string; err: string; ms: number }> {
  return new Promise((resolve) => {
    const t0 = performance.now();
    const cap = process.env.BENCH_CLI_HEAP_MB ? [`--max-old-space-size=${Number(process.env.BENCH_CLI_HEAP_MB)}`] : [];
    const p = spawn(process.execPath, [...cap, '--import', RUSAGE, BIN, ...args], { env: { ...process.env, ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
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

console.log(`cli-import bench: node ${process.version}, ${cpus().length} cpus, ${ENTITIES.join(' and ')}, sizes ${SIZES.map((n) => fmt(n)).join(', ')}; ${load()}`);
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
  const lookups: Lookups = {
    countries: await all('countries'), cities: await all('cities'), subdivisions: await all('city-subdivisions'), taxOffices: await all('tax-offices'),
    units: await all('units'), warehouses: await all('warehouses'),
  };
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

  for (const name of ENTITIES) {
    const part = PARTS[name]!;
    console.log(`\n${name} (${FORMAT}): ${load()}`);
    // The engine's code warmed up once, as it is in a CLI that has read a few thousand rows.
    const warm = await writeInput(join(dir, `warm-${name}`), part.csv(2000, 9, lookups));
    await importFile(memoryApi(lookups), part.entity, warm, { dryRun: true }, NO_PROGRESS);

    const results: Result[] = [];
    for (const [run, rows] of SIZES.entries()) {
      const file = await writeInput(join(dir, `${part.file}-${rows}`), part.csv(rows, run, lookups));

      // 1. The client's own work: a dry run against memory.
      const cpu0 = process.cpuUsage();
      const t0 = performance.now();
      const dry = await importFile(memoryApi(lookups), part.entity, file, { dryRun: true }, NO_PROGRESS);
      const dryMs = performance.now() - t0;
      const cpu = process.cpuUsage(cpu0);
      if (dry.summary.created !== rows || dry.summary.invalid) throw new Error(`dry run: ${JSON.stringify({ ...dry.summary, errors: dry.summary.errors.slice(0, 3) })}`);

      // 2. The whole import, the CLI against the server.
      const imported = await tezgah(['import', name, file, '--json'], env);
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
        `  ${fmt(rows).padStart(7)} ${name}: client ${fmt(r.dryWallUs, 1)} µs/row (cpu ${fmt(r.dryCpuUs, 1)}), whole import ${fmt(r.importWallUs, 0)} µs/row ` +
          `(${fmt(r.importSeconds, 1)} s; CLI cpu ${fmt(r.importCpuUs, 1)} µs/row, CLI heap peak ${fmt(r.peakHeapMb, 0)} MB)`,
      );
    }

    const base = results[0]!;
    const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}x`;
    console.log(`\n${name} (${load()})`);
    console.log('| rows | client µs/row (wall / cpu) | vs 1k | whole import µs/row | vs 1k | CLI cpu µs/row | vs 1k | CLI heap peak |');
    console.log('|---:|---:|---:|---:|---:|---:|---:|---:|');
    for (const r of results) {
      console.log(
        `| ${fmt(r.rows)} | ${fmt(r.dryWallUs, 1)} / ${fmt(r.dryCpuUs, 1)} | ${ratio(r.dryWallUs, base.dryWallUs)} | ${fmt(r.importWallUs, 0)} (${fmt(r.importSeconds, 1)} s) | ${ratio(r.importWallUs, base.importWallUs)} | ${fmt(r.importCpuUs, 1)} | ${ratio(r.importCpuUs, base.importCpuUs)} | ${fmt(r.peakHeapMb, 0)} MB |`,
      );
    }
  }
} finally {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
}
