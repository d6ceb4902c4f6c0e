/**
 * Products at scale, on the embedded engine and on a PostgreSQL server (DATABASE_URL):
 *
 * 1. Import 100,000 products from one CSV: through the CLI (`tezgah import products`), and
 *    through the API (PUT /products-list in batches of 1000), each beside a raw COPY of the same
 *    number of rows into the same table in the same run; prints rows/s and the ratio (aim: at
 *    least 0.25 of COPY).
 * 2. A paged product list (10 rows with its total) on a company with 1,000,000 products, with 50
 *    concurrent clients; prints req/s and p99 (aim: p99 under 25 ms).
 *
 * Run: npm run bench:products   (BENCH_IMPORT_ROWS, BENCH_LIST_ROWS, BENCH_ENGINES to change it)
 */
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir, cpus } from 'node:os';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import autocannon from 'autocannon';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'kysely';
import { createServer } from '../packages/server/src/server';
import { loadConfig } from '../packages/server/src/config';
import { adminUrl, dropDatabase } from '../packages/server/test/snapshot';

const IMPORT_ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);
const LIST_ROWS = Number(process.env.BENCH_LIST_ROWS ?? 1_000_000);
const ENGINES = (process.env.BENCH_ENGINES ?? (process.env.DATABASE_URL ? 'pglite,postgres' : 'pglite')).split(',');
const COMPANY = 3; // muhasebe's general company
const A = '/services/onmuhasebe/api';
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

interface Refs { unitId: number; taxId: number; warehouseId: number }

function csv(rows: number, prefix: string): string {
  const lines = ['Ürün Adı;Barkod;Alış Fiyatı;Satış Fiyatı'];
  for (let i = 0; i < rows; i++) lines.push(`Ürün ${prefix} ${i};${prefix}${String(i).padStart(9, '0')};${(i % 500) + 1},25;${(i % 700) + 2},50`);
  return `${lines.join('\n')}\n`;
}

function copyCsv(rows: number, prefix: string, r: Refs): string {
  let out = '';
  for (let i = 0; i < rows; i++) {
    out += `${COMPANY},Ürün ${prefix} ${i},${prefix}${String(i).padStart(9, '0')},COMMERCIAL_GOODS,${r.unitId},1,${(i % 500) + 1}.25,1,${(i % 700) + 2}.5,${r.taxId},${r.warehouseId}\n`;
  }
  return out;
}
const COPY_SQL = 'COPY products (company_id, name, barcode, product_type, unit_id, buying_currency_id, buying_price, sale_currency_id, sale_price, tax_id, warehouse_id) FROM STDIN WITH (FORMAT csv)';

async function signIn(url: string): Promise<string> {
  const r = await fetch(`${url}/api/authenticate`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'muhasebe', password: 'demo1234' }) });
  if (!r.ok) throw new Error(`sign-in failed: ${r.status}`);
  return r.headers.get('authorization')!.slice(7);
}

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv, input?: string): Promise<{ code: number; out: string; err: string }> {
  return new Promise((resolve) => {
    const p = spawn(cmd, args, { env: { ...process.env, ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '', err = '';
    p.stdout.on('data', (d) => (out += d));
    p.stderr.on('data', (d) => (err += d));
    p.on('close', (code) => resolve({ code: code ?? 1, out, err }));
    p.stdin.end(input ?? '');
  });
}

async function benchEngine(engine: string) {
  console.log(`\n== ${engine} ==`);
  let pglite: PGlite | undefined;
  let dbName: string | undefined;
  let env: Record<string, string> = { PORT: '0', HOST: '127.0.0.1', TEZGAH_DEMO: '1', DATABASE_URL: '', LOG_LEVEL: 'warn' };
  if (engine === 'pglite') pglite = await PGlite.create();
  else {
    const url = process.env.DATABASE_URL!;
    dbName = `tezgah_bench_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl(url) });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();
    env = { ...env, DATABASE_URL: adminUrl(url, dbName) };
  }
  const server = await createServer({ config: loadConfig(env), ...(pglite ? { pglite } : {}), workbenchDir: null });
  const db = server.database.db;
  const dir = mkdtempSync(join(tmpdir(), 'tezgah-bench-'));
  try {
    const refs = (await sql<Refs>`select (select id from units where company_id = ${COMPANY} and code = 'C62') as "unitId",
      (select id from taxes where company_id = ${COMPANY} and percentage = 20 and tax_type = 'KDV') as "taxId",
      (select id from warehouses where company_id = ${COMPANY} and is_default) as "warehouseId"`.execute(db)).rows[0]!;
    const token = await signIn(server.url);
    const results: Record<string, number> = {};

    // Raw COPY of the same number of rows: the baseline.
    const copyRows = copyCsv(IMPORT_ROWS, 'C', refs);
    let t0 = performance.now();
    if (pglite) await pglite.query(COPY_SQL.replace('STDIN', "'/dev/blob'"), [], { blob: new Blob([copyRows]) });
    else {
      const client = new pg.Client({ connectionString: env.DATABASE_URL });
      await client.connect();
      await pipeline(Readable.from([copyRows]), client.query(copyFrom(COPY_SQL)));
      await client.end();
    }
    results.copy = IMPORT_ROWS / ((performance.now() - t0) / 1000);
    console.log(`  raw COPY          ${fmt(IMPORT_ROWS)} rows  ${fmt(results.copy)} rows/s`);

    // Through the API: PUT /products-list, 1000 rows a call.
    const items = Array.from({ length: IMPORT_ROWS }, (_, i) => ({
      name: `Ürün A ${i}`, barcode: `A${String(i).padStart(9, '0')}`, productType: 'COMMERCIAL_GOODS', unitId: refs.unitId,
      buyingPrice: (i % 500) + 1.25, buyingCurrencyId: 1, salePrice: (i % 700) + 2.5, saleCurrencyId: 1, defaultTaxRate: 20, warehouseId: refs.warehouseId,
    }));
    t0 = performance.now();
    for (let i = 0; i < items.length; i += 1000) {
      const r = await fetch(`${server.url}${A}/products-list`, { method: 'PUT', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(items.slice(i, i + 1000)) });
      if (!r.ok) throw new Error(`PUT /products-list: ${r.status} ${await r.text()}`);
    }
    results.api = IMPORT_ROWS / ((performance.now() - t0) / 1000);
    console.log(`  API import        ${fmt(IMPORT_ROWS)} rows  ${fmt(results.api)} rows/s  ${(results.api / results.copy).toFixed(2)}x of COPY`);

    // Through the CLI, from a CSV file with Turkish headers and numbers.
    const file = join(dir, 'urunler.csv');
    writeFileSync(file, csv(IMPORT_ROWS, 'B'));
    const cli = ['exec', 'tezgah'];
    const cliEnv = { TEZGAH_CONFIG_DIR: join(dir, 'cli') };
    const login = await run('pnpm', [...cli, 'login', '--url', server.url, '--username', 'muhasebe', '--password-stdin'], cliEnv, 'demo1234\n');
    if (login.code !== 0) throw new Error(`tezgah login: ${login.err}`);
    t0 = performance.now();
    const imported = await run('pnpm', [...cli, 'import', 'products', file, '--json'], cliEnv);
    const seconds = (performance.now() - t0) / 1000;
    if (imported.code !== 0) throw new Error(`tezgah import: ${imported.code} ${imported.err.slice(0, 500)}`);
    const summary = JSON.parse(imported.out);
    if (summary.created !== IMPORT_ROWS) throw new Error(`tezgah import created ${summary.created}, expected ${IMPORT_ROWS}`);
    results.cli = IMPORT_ROWS / seconds;
    console.log(`  CLI import        ${fmt(IMPORT_ROWS)} rows  ${fmt(results.cli)} rows/s  ${(results.cli / results.copy).toFixed(2)}x of COPY (includes starting the CLI)`);
    const again = await run('pnpm', [...cli, 'import', 'products', file, '--json'], cliEnv);
    const second = JSON.parse(again.out);
    console.log(`  CLI re-import     created ${second.created}, updated ${second.updated}, unchanged ${second.unchanged}`);

    // The list on a company with LIST_ROWS products.
    const have = Number((await sql<{ n: number }>`select count(*) as n from products where company_id = ${COMPANY}`.execute(db)).rows[0]!.n);
    const more = LIST_ROWS - have;
    t0 = performance.now();
    if (more > 0) {
      await sql`insert into products (company_id, name, barcode, product_type, unit_id, buying_currency_id, buying_price, sale_currency_id, sale_price, tax_id, warehouse_id)
        select ${COMPANY}, 'Toplu ürün ' || g, 'L' || lpad(g::text, 9, '0'), 'COMMERCIAL_GOODS', ${refs.unitId}, 1, 1.5, 1, 2.5, ${refs.taxId}, ${refs.warehouseId}
        from generate_series(1, ${more}) g`.execute(db);
      await sql`analyze products`.execute(db);
    }
    console.log(`  filled to ${fmt(LIST_ROWS)} products in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    const listUrl = `${server.url}${A}/products?page=0&size=10`;
    const probe = await fetch(listUrl, { headers: { authorization: `Bearer ${token}` } });
    if (probe.status !== 200 || probe.headers.get('x-total-count') !== String(LIST_ROWS)) throw new Error(`list probe: ${probe.status} total ${probe.headers.get('x-total-count')}`);
    const load = (duration: number) => autocannon({ url: listUrl, connections: 50, duration, headers: { authorization: `Bearer ${token}` } });
    await load(2);
    const r = await load(10);
    const non2xx = r.non2xx + r.errors + r.timeouts;
    if (non2xx) throw new Error(`list load: ${non2xx} failed answers`);
    console.log(`  product list, 50 clients: ${fmt(r.requests.average)} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms (aim: p99 < 25 ms → ${r.latency.p99 < 25 ? 'met' : 'not met'})`);
  } finally {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
    if (dbName) await dropDatabase(process.env.DATABASE_URL!, dbName);
  }
}

console.log(`products bench: node ${process.version}, ${cpus().length} cpus, ${fmt(IMPORT_ROWS)} rows to import, ${fmt(LIST_ROWS)} in the list`);
for (const e of ENGINES) await benchEngine(e);
