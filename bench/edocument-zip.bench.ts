/**
 * The e-document zip export at scale (issue 11): 100,000 documents (EDOC_BENCH_DOCS) through the
 * API and through the CLI, with peak RSS, beside yazl alone writing the same bytes in the same run.
 *
 * Per engine (embedded PGlite in a folder always; a PostgreSQL server too when DATABASE_URL is set,
 * or BENCH_ENGINES=pglite|postgres):
 *
 * 1. seed (a child process): the real server's database gets EDOC_BENCH_DOCS incoming e-invoices of
 *    about 8 KB each (izibiz's FATURA_2.xml without its embedded XSLT, own ETTN and number) with
 *    their HTML view cached (about 10 KB), written with generate_series in chunks of 5,000, plus
 *    EDOC_BENCH_RENDER (200) documents without a cached view;
 * 2. serve (a child process on the seeded database; its RSS is read from /proc/<pid>/status every
 *    50 ms, so the seeding's memory is not counted):
 *    (a) POST /zip/incoming-invoices with every ETTN, the answer streamed to /dev/null: time,
 *        throughput, the server's peak RSS during the download (and before it);
 *    (b) `tezgah edoc export` of the same documents (a child process: its peak RSS, and the
 *        server's) into a temporary file;
 *    (r) the documents without a cached view downloaded twice: the first renders every view with
 *        GİB's XSLT (ubl/render.ts) and caches it, the second reads the cache — the cost of
 *        rendering 100,000 views is extrapolated from it;
 * 3. baseline (a child process): yazl writing the same bytes (each document's XML and view made
 *    from the same templates in memory) to /dev/null, batch by batch as the server does (with its
 *    entry archive: plain yazl is quadratic in its entries, see zip-stream.ts); EDOC_BENCH_PLAIN=1
 *    also times plain yazl on 10,000 and 20,000 documents.
 *
 * Aims: API and CLI peak RSS under 256 MB; rates printed as ratios of the baseline.
 *
 * Run: node_modules/.bin/tsx bench/edocument-zip.bench.ts
 *      EDOC_BENCH_DOCS=10000 node_modules/.bin/tsx bench/edocument-zip.bench.ts   (a quick run)
 *      EDOC_BENCH_HTML=real …   (cached views of GİB's real size, ~60 KB, instead of a 10 KB stand-in)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { sql, type Kysely } from 'kysely';

const DOCS = Number(process.env.EDOC_BENCH_DOCS ?? 100_000);
/** EDOC_BENCH_HTML=real: the cached views are GİB's display of the template (about 60 KB) instead of a 10 KB stand-in. */
const HTML_REAL = process.env.EDOC_BENCH_HTML === 'real';
const RENDER = Number(process.env.EDOC_BENCH_RENDER ?? 200);
const ENGINES = (process.env.BENCH_ENGINES ?? (process.env.DATABASE_URL ? 'pglite,postgres' : 'pglite')).split(',');
const AIM_MB = 256;
const SELF = fileURLToPath(import.meta.url);
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const TSX = join(ROOT, 'node_modules/.bin/tsx');
/** A child running this file through tsx in the same process (so its pid is the one to measure). */
const SELF_CMD = [process.execPath, '--import', 'tsx', SELF];
const BIN = join(ROOT, 'packages/cli/bin/tezgah.mjs');
const A = '/services/onmuhasebe/api';
const FROM = '2026-01-01';
const TO = '2026-12-31';

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** The server's environment for an engine: PGlite in a folder, or a database on the server. */
function serverEnv(engine: string, where: string): Record<string, string> {
  return {
    PORT: '0', HOST: '127.0.0.1', TEZGAH_DEMO: '1', LOG_LEVEL: 'warn', TEZGAH_JOBS: '0',
    TEZGAH_DATA_DIR: engine === 'pglite' ? where : join(tmpdir(), 'tezgah-bench-unused'),
    DATABASE_URL: engine === 'pglite' ? '' : where,
    TEZGAH_BODY_LIMIT: String(16 * 1024 * 1024),
  };
}

// ---------------------------------------------------------------- child roles

/** The cached view's text: the stand-in, or (EDOC_BENCH_HTML=real) the template rendered by ubl/render.ts. */
async function viewTemplate(): Promise<string> {
  const { invoiceTemplate, htmlTemplate } = await import('../plugins/edocument/server/src/bulk/testing');
  if (!HTML_REAL) return htmlTemplate();
  const { renderHtml } = await import('../plugins/edocument/server/src/ubl/index');
  return renderHtml(invoiceTemplate().replaceAll('{{DATE}}', '2026-01-02'));
}

async function roleSeed(engine: string, where: string, uuidFile: string) {
  const { createServer } = await import('../packages/server/src/server');
  const { loadConfig } = await import('../packages/server/src/config');
  const { seedDocuments } = await import('../plugins/edocument/server/src/bulk/testing');
  const htmlText = await viewTemplate();
  const server = await createServer({ config: loadConfig(serverEnv(engine, where)), workbenchDir: null, listen: false });
  const db = server.database.db as Kysely<any>;
  try {
    const cid = (await sql<{ company_id: number }>`select uc.company_id from user_companies uc join users u on u.id = uc.user_id where u.login = 'muhasebe' order by uc.is_primary desc limit 1`.execute(db)).rows[0]!.company_id;
    const t0 = performance.now();
    const out = createWriteStream(uuidFile);
    for (let done = 0, chunk = 1; done < DOCS; chunk++) {
      const n = Math.min(5000, DOCS - done);
      const { uuids } = await seedDocuments(db, { companyId: cid, count: n, prefix: `B${String(chunk).padStart(2, '0')}`.slice(0, 3), from: '2026-01-01', days: 360, html: true, htmlText });
      out.write(uuids.join('\n') + '\n');
      done += n;
      process.stderr.write(`\r  seeding ${fmt(done)}/${fmt(DOCS)}`);
    }
    const { uuids: raw } = await seedDocuments(db, { companyId: cid, count: RENDER, prefix: 'RND', from: '2025-06-01', days: 10, html: false });
    await new Promise<void>((r) => out.end(r));
    writeFileSync(`${uuidFile}.render`, raw.join('\n'));
    await sql`analyze edoc_documents`.execute(db);
    process.stderr.write(`\r  seeded ${fmt(DOCS)} documents (+${RENDER} without a cached view) in ${secs(performance.now() - t0)}; view ${(htmlText.length / 1024).toFixed(0)} KB (${HTML_REAL ? 'GİB display' : 'stand-in'})\n`);
  } finally {
    await server.close();
  }
}

async function roleServe(engine: string, where: string) {
  const { createServer } = await import('../packages/server/src/server');
  const { loadConfig } = await import('../packages/server/src/config');
  const server = await createServer({ config: loadConfig(serverEnv(engine, where)), workbenchDir: null });
  process.stdout.write(`READY ${server.url}\n`);
  const stop = async () => {
    await server.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.stdin.resume();
  process.stdin.on('end', () => void stop());
}

async function roleBaseline(n: number, plain: boolean) {
  const { invoiceTemplate } = await import('../plugins/edocument/server/src/bulk/testing');
  const { streamZip } = await import('../plugins/edocument/common/src/zip-stream');
  const x = invoiceTemplate();
  const h = await viewTemplate();
  const doc = (i: number) => {
    const id = `B01${String(i).padStart(13, '0')}`;
    const uuid = `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
    return [
      { name: `${id}.xml`, data: Buffer.from(x.replaceAll('{{UUID}}', uuid).replaceAll('{{ID}}', id).replaceAll('{{DATE}}', '2026-01-02')) },
      { name: `${id}.html`, data: Buffer.from(h.replaceAll('{{UUID}}', uuid).replaceAll('{{ID}}', id)) },
    ];
  };
  let bytes = 0;
  const sink = () => new Writable({ write(c: Buffer, _e, cb) { bytes += c.length; cb(); } });
  const t0 = performance.now();
  if (plain) {
    const yazl = createRequire(join(ROOT, 'plugins/edocument/server/package.json'))('yazl');
    const zip = new yazl.ZipFile();
    const done = pipeline(zip.outputStream, sink());
    for (let i = 1; i <= n; i++) for (const e of doc(i)) zip.addBuffer(e.data, e.name);
    zip.end();
    await done;
  } else {
    async function* batches() {
      for (let i = 1; i <= n; i += 500) {
        const b = [];
        for (let j = i; j < Math.min(n + 1, i + 500); j++) b.push(...doc(j));
        yield b;
      }
    }
    await pipeline(streamZip(batches()), sink());
  }
  const ms = performance.now() - t0;
  process.stdout.write(JSON.stringify({ ms, bytes, maxRss: process.resourceUsage().maxRSS * 1024 }) + '\n');
}

// ---------------------------------------------------------------- the orchestrator

/** Peak and last VmRSS of a process, sampled every 50 ms until stop(). */
function rssSampler(pid: number) {
  let peak = 0;
  let last = 0;
  const read = () => {
    try {
      const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      if (m) {
        last = Number(m[1]) * 1024;
        peak = Math.max(peak, last);
      }
    } catch {
      // it ended
    }
  };
  read();
  const timer = setInterval(read, 50);
  return {
    now: () => { read(); return last; },
    stop: () => { clearInterval(timer); read(); return peak; },
  };
}

function run(args: string[], opts: { env?: Record<string, string>; stdin?: string } = {}): { child: ChildProcess; done: Promise<{ code: number | null; stdout: string; stderr: string }> } {
  const child = spawn(args[0]!, args.slice(1), { cwd: ROOT, env: { ...process.env, ...(opts.env ?? {}) }, stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (b: Buffer) => { stdout += b.toString(); });
  child.stderr!.on('data', (b: Buffer) => { stderr += b.toString(); });
  if (opts.stdin !== undefined) child.stdin!.end(opts.stdin);
  const done = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => child.on('exit', (code) => resolve({ code, stdout, stderr })));
  return { child, done };
}

async function signIn(url: string): Promise<string> {
  const r = await fetch(`${url}/api/authenticate`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'muhasebe', password: 'demo1234' }) });
  if (!r.ok) throw new Error(`sign-in failed: ${r.status}`);
  return r.headers.get('authorization')!.slice(7);
}

async function zipDownload(url: string, token: string, uuids: string[]): Promise<{ ms: number; bytes: number }> {
  const t0 = performance.now();
  const r = await fetch(`${url}${A}/zip/incoming-invoices`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(uuids) });
  if (r.status !== 200) throw new Error(`zip: ${r.status} ${await r.text()}`);
  let bytes = 0;
  await pipeline(Readable.fromWeb(r.body as any), new Writable({ write(c: Buffer, _e, cb) { bytes += c.length; cb(); } }));
  return { ms: performance.now() - t0, bytes };
}

async function benchEngine(engine: string) {
  console.log(`\n== ${engine}: ${fmt(DOCS)} documents ==`);
  const work = mkdtempSync(join(tmpdir(), 'tezgah-edoc-bench-'));
  let where = join(work, 'data');
  let dbName: string | undefined;
  if (engine === 'postgres') {
    const url = process.env.DATABASE_URL!;
    const { adminUrl } = await import('../packages/server/test/snapshot');
    dbName = `tezgah_bench_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl(url) });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();
    where = adminUrl(url, dbName);
  }
  const uuidFile = join(work, 'uuids.txt');
  let server: ChildProcess | undefined;
  try {
    const seed = run([...SELF_CMD, 'seed', engine, where, uuidFile]);
    seed.child.stderr!.pipe(process.stderr);
    const seeded = await seed.done;
    if (seeded.code !== 0) throw new Error(`seed failed: ${seeded.stderr.slice(-2000)}`);
    const uuids = readFileSync(uuidFile, 'utf8').split('\n').filter(Boolean);
    const raw = readFileSync(`${uuidFile}.render`, 'utf8').split('\n').filter(Boolean);

    const serve = run([...SELF_CMD, 'serve', engine, where]);
    server = serve.child;
    const url = await new Promise<string>((resolve, reject) => {
      const onData = (b: Buffer) => {
        const m = /READY (\S+)/.exec(b.toString());
        if (m) resolve(m[1]!);
      };
      serve.child.stdout!.on('data', onData);
      serve.done.then((r) => reject(new Error(`server ended: ${r.stderr.slice(-2000)}`)));
    });
    const token = await signIn(url);
    const sRss = rssSampler(serve.child.pid!);

    // (a) the API
    await zipDownload(url, token, uuids.slice(0, 500)); // warm-up
    const apiBefore = sRss.now();
    const apiSampler = rssSampler(serve.child.pid!);
    const api = await zipDownload(url, token, uuids);
    const apiPeak = apiSampler.stop();

    // (b) the CLI
    const config = join(work, 'cli');
    const cliEnv = { TEZGAH_CONFIG_DIR: config, HOME: config };
    const login = await run([process.execPath, BIN, 'login', '--url', url, '--username', 'muhasebe', '--password-stdin'], { env: cliEnv, stdin: 'demo1234\n' }).done;
    if (login.code !== 0) throw new Error(`login: ${login.stderr}`);
    // The CLI's own weight: tsx and every workspace plugin, before any work.
    const idle = run([process.execPath, BIN, 'edoc', 'export', '--help'], { env: cliEnv });
    const idleRss = rssSampler(idle.child.pid!);
    await idle.done;
    const cliIdle = idleRss.stop();
    const out = join(work, 'export.zip');
    const srvCli = rssSampler(serve.child.pid!);
    const t0 = performance.now();
    const cli = run([process.execPath, BIN, 'edoc', 'export', '--from', FROM, '--to', TO, '--direction', 'in', '--type', 'einvoice', '--out', out, '--json'], { env: cliEnv });
    const cliRss = rssSampler(cli.child.pid!);
    const cliDone = await cli.done;
    const cliMs = performance.now() - t0;
    const cliPeak = cliRss.stop();
    const srvCliPeak = srvCli.stop();
    if (cliDone.code !== 0) throw new Error(`CLI export: ${cliDone.code} ${cliDone.stderr.slice(-2000)}`);
    const cliSummary = JSON.parse(cliDone.stdout) as { documents: number; entries: number; bytes: number };
    if (cliSummary.documents < DOCS) throw new Error(`CLI export wrote ${cliSummary.documents} documents, not ${DOCS}`);

    // (r) rendering: the first download renders and caches the views, the second reads them
    const first = await zipDownload(url, token, raw);
    const second = await zipDownload(url, token, raw);
    sRss.stop();

    // (c) yazl alone, the same bytes
    const base = await run([...SELF_CMD, 'baseline', String(DOCS)]).done;
    if (base.code !== 0) throw new Error(`baseline: ${base.stderr.slice(-2000)}`);
    const b = JSON.parse(base.stdout) as { ms: number; bytes: number; maxRss: number };

    const rate = (ms: number) => `${fmt(DOCS / (ms / 1000))} docs/s`;
    const rows: [string, string, string, string, string, string][] = [
      ['', 'time', 'rate', 'zip', 'peak RSS', 'vs yazl alone'],
      ['(a) API zip download', secs(api.ms), rate(api.ms), mb(api.bytes), `server ${mb(apiPeak)} (before ${mb(apiBefore)})`, `${(b.ms / api.ms).toFixed(2)}× the rate`],
      ['(b) CLI edoc export', secs(cliMs), rate(cliMs), mb(statSync(out).size), `CLI ${mb(cliPeak)} (idle ${mb(cliIdle)}), server ${mb(srvCliPeak)}`, `${(b.ms / cliMs).toFixed(2)}× the rate`],
      ['(c) yazl alone', secs(b.ms), rate(b.ms), mb(b.bytes), `${mb(b.maxRss)}`, '1.00×'],
    ];
    const w = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
    for (const r of rows) console.log('  ' + r.map((c, i) => c.padEnd(w[i]!)).join('  '));
    const perRender = (first.ms - second.ms) / raw.length;
    console.log(`  views: ${raw.length} documents without a cached view: first download ${secs(first.ms)} (rendering ${perRender.toFixed(1)} ms a view), again from the cache ${secs(second.ms)}`);
    console.log(`         rendering ${fmt(DOCS)} views would take about ${secs(perRender * DOCS)}: the figures above are with every view cached`);
    const over = [apiPeak, cliPeak].filter((x) => x > AIM_MB * 1024 * 1024);
    console.log(`  aim: peak RSS under ${AIM_MB} MB: API ${mb(apiPeak)}, CLI ${mb(cliPeak)} — ${over.length ? 'MISSED' : 'met'}`);
    if (engine === 'pglite') console.log('  (embedded engine: the server process holds the database too; its RSS includes PGlite\'s memory)');
  } finally {
    if (server && server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((r) => server!.on('exit', r));
    }
    if (dbName) {
      const { dropDatabase } = await import('../packages/server/test/snapshot');
      await dropDatabase(process.env.DATABASE_URL!, dbName);
    }
    rmSync(work, { recursive: true, force: true });
  }
}

async function plainYazl() {
  for (const n of [10_000, 20_000]) {
    const r = await run([...SELF_CMD, 'baseline', String(n), 'plain']).done;
    const p = await run([...SELF_CMD, 'baseline', String(n)]).done;
    const a = JSON.parse(r.stdout) as { ms: number; maxRss: number };
    const c = JSON.parse(p.stdout) as { ms: number; maxRss: number };
    console.log(`  plain yazl, ${fmt(n)} documents at once: ${secs(a.ms)}, ${mb(a.maxRss)}; batched with the entry archive: ${secs(c.ms)}, ${mb(c.maxRss)}`);
  }
}

const [role, ...rest] = process.argv.slice(2);
if (role === 'seed') await roleSeed(rest[0]!, rest[1]!, rest[2]!);
else if (role === 'serve') await roleServe(rest[0]!, rest[1]!);
else if (role === 'baseline') await roleBaseline(Number(rest[0]), rest[1] === 'plain');
else {
  if (!existsSync(TSX)) throw new Error(`no tsx at ${TSX}`);
  for (const engine of ENGINES) await benchEngine(engine);
  if (process.env.EDOC_BENCH_PLAIN === '1') await plainYazl();
}
