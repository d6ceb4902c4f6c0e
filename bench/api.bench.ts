/**
 * API throughput benchmark: requests per second and latency percentiles of the real server for
 * GET /api/account, the paged user list of a company with 100,000 members (first page, last page
 * by offset, the same last page by cursor) and the product list under 50 clients, each measured
 * beside a bare Fastify route in the same process and run, so the ratio says what the stack
 * (contract validation, session check, per-request transaction with RLS settings, SQL) costs on
 * top of Fastify itself on this machine. Beside each figure: the round trips to the database of
 * one request (the engine's statement counter over 20 sequential requests).
 *
 *   pnpm exec tsx bench/api.bench.ts                       embedded PGlite (in memory)
 *   DATABASE_URL=postgres://… pnpm exec tsx bench/api.bench.ts   PGlite, then a fresh database on that server
 *
 * Knobs: BENCH_CONNECTIONS (10), BENCH_DURATION seconds per target (8), BENCH_WARMUP seconds (2),
 * BENCH_ROWS extra users (100000), BENCH_ENGINES (pglite,postgres: the ones to run when available),
 * TEZGAH_READ_PATH=0 (GETs in a transaction, as before the read path).
 * Speed targets live here, never in timed unit tests. Exit code 1 on any error or non-2xx answer.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import Fastify, { type FastifyInstance } from 'fastify';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { createServer, type RunningServer } from '../packages/server/src/server';
import { loadConfig } from '../packages/server/src/config';

/** A failure the bench itself detected (wrong answers, non-2xx, interruption): its message says it all. */
class BenchError extends Error {}

/** A positive integer knob from the environment; read at start, before anything runs. */
function intEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (Number.isInteger(n) && n > 0) return n;
  console.error(`bench failed: ${name} must be a positive integer, not '${raw}'`);
  process.exit(1);
}

const CONNECTIONS = intEnv('BENCH_CONNECTIONS', 10);
const DURATION = intEnv('BENCH_DURATION', 8);
const WARMUP = intEnv('BENCH_WARMUP', 2);
const ROWS = intEnv('BENCH_ROWS', 100_000);
const PAGE_SIZE = 10;
/** The demo owner of the pharmacy company; holds USER view there. */
const LOGIN = 'eczaci';
const PASSWORD = 'demo1234';
const RESULTS_DIR = fileURLToPath(new URL('./results/', import.meta.url));

type EngineName = 'pglite' | 'postgres';

interface Target {
  name: string;
  url: string;
  headers?: Record<string, string>;
  /** Concurrent connections for this target (BENCH_CONNECTIONS unless set). */
  connections?: number;
  /** Checks one answer before the load: a bench that measures 401s or empty pages is worthless. */
  check(res: Response, body: any): string | null;
}

interface Measured {
  target: string;
  path: string;
  reqPerSec: number;
  latencyMs: { avg: number; p50: number; p90: number; p99: number; max: number };
  requests: number;
  ok2xx: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  /** requests/s relative to the bare Fastify route measured in the same run */
  vsBare: number;
  connections: number;
  /** Statements sent to the database per request (each a round trip), over sequential requests. */
  roundTrips: number | null;
}

// --- interruption: Ctrl-C still closes the servers and drops the bench database. The running load
// is left to finish (at most BENCH_DURATION seconds): autocannon 9's stop() in worker mode forgets
// its workers before they report, so its callback would never come.
let interrupted = false;
process.on('SIGINT', () => {
  if (interrupted) process.exit(130);
  interrupted = true;
  console.error(`\ninterrupted: finishing the current load (≤ ${DURATION}s), then cleaning up; Ctrl-C again to quit at once`);
});
function checkInterrupted() {
  if (interrupted) throw new BenchError('interrupted');
}

// --- load ------------------------------------------------------------------------------------

/**
 * One autocannon run. The load generator runs in a worker thread (`workers: 1`) so that it does not
 * share the event loop with the server under test, which lives on this process's main thread.
 */
function load(target: Target, seconds: number): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: target.url,
        connections: target.connections ?? CONNECTIONS,
        duration: seconds,
        workers: 1,
        timeout: 30,
        ...(target.headers ? { headers: target.headers } : {}),
      },
      (err, result) => {
        if (err) reject(err);
        else resolve(result);
      },
    );
  });
}

/** Every answer must have been 2xx, with no connection error or timeout; otherwise throw. */
function assertAllOk(target: Target, r: autocannon.Result, phase: string) {
  const bad = r.non2xx + r.errors + r.timeouts + r.mismatches;
  if (r['2xx'] > 0 && bad === 0) return;
  const codes = Object.entries(r.statusCodeStats ?? {}).map(([code, s]) => `${code}×${s.count ?? 0}`).join(' ');
  throw new BenchError(
    `${target.name} (${phase}): ${r['2xx']} 2xx, ${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts, ${r.mismatches} mismatches [status codes: ${codes || 'none'}]`,
  );
}

async function probe(target: Target) {
  const res = await fetch(target.url, { headers: target.headers ?? {} });
  const text = await res.text();
  let body: any = text;
  try { body = JSON.parse(text); } catch { /* keep text */ }
  const problem = res.status < 200 || res.status > 299 ? `status ${res.status}: ${text.slice(0, 300)}` : target.check(res, body);
  if (problem) throw new BenchError(`${target.name}: the probe answer is wrong before any load: ${problem}`);
}

/**
 * Round trips of one request: the database's statement counter over 10 sequential requests, the
 * lowest of 3 batches (the counter also sees the server's own background work, e.g. the outbox).
 */
async function roundTripsOf(target: Target, stats: { statements: number } | null): Promise<number | null> {
  if (!stats) return null;
  const n = 10;
  for (let i = 0; i < 3; i++) await probe(target); // the session is cached as in the load
  let best = Infinity;
  for (let batch = 0; batch < 3; batch++) {
    const before = stats.statements;
    for (let i = 0; i < n; i++) await probe(target);
    best = Math.min(best, (stats.statements - before) / n);
  }
  return best;
}

async function measure(target: Target, stats: { statements: number } | null): Promise<Omit<Measured, 'vsBare'>> {
  checkInterrupted();
  await probe(target);
  const roundTrips = await roundTripsOf(target, stats);
  process.stdout.write(`  ${target.name.padEnd(34)} warm-up ${WARMUP}s, measure ${DURATION}s … `);
  assertAllOk(target, await load(target, WARMUP), 'warm-up');
  checkInterrupted();
  const r = await load(target, DURATION);
  checkInterrupted();
  assertAllOk(target, r, 'measured');
  console.log(`${Math.round(r.requests.average)} req/s`);
  const u = new URL(target.url);
  return {
    target: target.name,
    path: u.pathname + u.search,
    reqPerSec: r.requests.average,
    latencyMs: { avg: r.latency.average, p50: r.latency.p50, p90: r.latency.p90, p99: r.latency.p99, max: r.latency.max },
    requests: r.requests.total,
    ok2xx: r['2xx'],
    non2xx: r.non2xx,
    errors: r.errors, // autocannon counts timeouts among errors
    timeouts: r.timeouts,
    connections: target.connections ?? CONNECTIONS,
    roundTrips,
  };
}

// --- the bare baseline -----------------------------------------------------------------------

async function startBare(): Promise<{ app: FastifyInstance; url: string }> {
  const app = Fastify({ logger: false });
  app.get('/ping', async () => ({ status: 'ok', engine: 'bare' }));
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url };
}

// --- engines ---------------------------------------------------------------------------------

/** Runs SQL on the engine's own client (not through the server's pool), answering rows. */
type RawSql = (text: string) => Promise<Record<string, any>[]>;

interface EngineSetup {
  server: RunningServer;
  raw: RawSql;
  /** Closes the server and everything the engine opened (including dropping a server database). */
  close(): Promise<void>;
}

function serverConfig(databaseUrl: string) {
  // TEZGAH_READ_PATH=0 measures GETs on the transaction path (db/read-path.ts) for comparison.
  return loadConfig({ PORT: '0', HOST: '127.0.0.1', TEZGAH_DEMO: '1', DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent', TEZGAH_READ_PATH: process.env.TEZGAH_READ_PATH ?? '1' });
}

async function startPglite(): Promise<EngineSetup> {
  // In memory: nothing touches ./data.
  const pglite = await PGlite.create();
  const server = await createServer({ config: serverConfig(''), pglite, logger: false });
  return {
    server,
    raw: async (text) => {
      const results = await pglite.exec(text);
      return (results[results.length - 1]?.rows ?? []) as Record<string, any>[];
    },
    close: () => server.close(), // closes the PGlite too
  };
}

async function startPostgres(url: string): Promise<EngineSetup> {
  // A fresh database on that server, never the one DATABASE_URL names; dropped at the end.
  const name = `tezgah_bench_${randomBytes(4).toString('hex')}`;
  const admin = async (text: string) => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try { await c.query(text); } finally { await c.end(); }
  };
  await admin(`create database ${name}`);
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  let server: RunningServer | undefined;
  const client = new pg.Client({ connectionString: dbUrl.toString() });
  const close = async () => {
    try {
      await client.end().catch(() => {});
      await server?.close();
    } finally {
      await admin(`drop database if exists ${name} with (force)`);
    }
  };
  try {
    server = await createServer({ config: serverConfig(dbUrl.toString()), logger: false });
    await client.connect();
  } catch (e) {
    await close();
    throw e;
  }
  console.log(`  database ${name} on ${dbUrl.host}`);
  return { server, raw: async (text) => (await client.query(text)).rows, close };
}

/**
 * Adds ROWS activated users to the company of LOGIN, set-based. Logins are md5-based so that
 * sorting by login does not follow id order (the deep page then really sorts).
 */
async function seedUsers(raw: RawSql): Promise<{ companyId: number; members: number; seconds: number }> {
  const started = performance.now();
  const [owner] = await raw(`select default_company_id as cid from users where login = '${LOGIN}'`);
  const companyId = Number(owner?.cid);
  if (!companyId) throw new BenchError(`demo user ${LOGIN} has no default company; is the demo seeded?`);
  await raw(`
    insert into users (login, password_hash, first_name, last_name, email, lang_key, activated, default_company_id, created_by)
    select 'u' || substr(md5(g::text), 1, 8) || g, null, 'Ad' || g, 'Soyad' || g, 'bench' || g || '@bench.tezgah.local',
           'tr', true, ${companyId}, 'bench'
    from generate_series(1, ${ROWS}) g;
    insert into user_companies (company_id, user_id, is_primary)
    select ${companyId}, id, true from users where created_by = 'bench';
    analyze;
  `);
  const [count] = await raw(`select count(*)::int as n from user_companies where company_id = ${companyId}`);
  return { companyId, members: Number(count?.n), seconds: (performance.now() - started) / 1000 };
}

async function signIn(base: string): Promise<string> {
  const res = await fetch(`${base}/api/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: LOGIN, password: PASSWORD }),
  });
  const auth = res.headers.get('authorization');
  if (res.status !== 200 || !auth?.startsWith('Bearer ')) throw new BenchError(`sign-in as ${LOGIN} failed: ${res.status} ${await res.text()}`);
  return auth.slice('Bearer '.length);
}

async function targetsFor(bareUrl: string, base: string, token: string, members: number): Promise<Target[]> {
  const headers = { authorization: `Bearer ${token}` };
  const lastPage = Math.floor((members - 1) / PAGE_SIZE);
  // Keyset paging: the cursor the page before the last one hands out leads to the last page.
  const before = await fetch(`${base}/api/users?page=${lastPage - 1}&size=${PAGE_SIZE}&sort=login,asc`, { headers });
  const lastCursor = before.headers.get('x-next-cursor');
  if (before.status !== 200 || !lastCursor) throw new BenchError(`no x-next-cursor on the users page before the last (status ${before.status})`);
  const userPage = (expectTotal: boolean) => (res: Response, body: any) => {
    if (!Array.isArray(body) || body.length === 0) return `expected a non-empty array, got ${JSON.stringify(body).slice(0, 200)}`;
    const total = Number(res.headers.get('x-total-count'));
    return expectTotal && total !== members ? `x-total-count ${total}, expected ${members}` : null;
  };
  return [
    {
      name: 'bare fastify GET /ping',
      url: `${bareUrl}/ping`,
      check: (_res, body) => (body?.status === 'ok' ? null : `unexpected body ${JSON.stringify(body)}`),
    },
    {
      name: 'GET /api/account',
      url: `${base}/api/account`,
      headers,
      check: (_res, body) => (body?.login === LOGIN ? null : `expected the account of ${LOGIN}, got ${JSON.stringify(body).slice(0, 200)}`),
    },
    {
      name: 'GET /api/users first page',
      url: `${base}/api/users?page=0&size=${PAGE_SIZE}&sort=id,desc`,
      headers,
      check: (res, body) => userPage(true)(res, body) ?? (body.length === PAGE_SIZE ? null : `expected ${PAGE_SIZE} users, got ${body.length}`),
    },
    {
      name: 'users deep page by cursor',
      url: `${base}/api/users?cursor=${lastCursor}&size=${PAGE_SIZE}&sort=login,asc`,
      headers,
      check: userPage(true),
    },
    {
      name: 'GET products list (50 clients)',
      url: `${base}/services/onmuhasebe/api/products?page=0&size=${PAGE_SIZE}`,
      headers,
      connections: 50,
      check: (res, body) => (Array.isArray(body) && body.length === PAGE_SIZE && Number(res.headers.get('x-total-count')) >= PAGE_SIZE
        ? null : `expected ${PAGE_SIZE} products, got ${JSON.stringify(body).slice(0, 200)}`),
    },
    {
      name: 'GET /api/users last page',
      url: `${base}/api/users?page=${lastPage}&size=${PAGE_SIZE}&sort=login,asc`,
      headers,
      check: userPage(true),
    },
  ];
}

// --- report ----------------------------------------------------------------------------------

// autocannon's latency histogram has 1 ms resolution: a bare route's sub-millisecond answers read 0.
const ms = (v: number) => (v < 1 ? '<1 ms' : `${Math.round(v)} ms`);
/** Two significant digits however small, and the 1/N form that reads better far below 1. */
const ratio = (r: number) => `${r.toPrecision(2)}x of bare fastify${r < 0.5 ? ` (1/${Math.round(1 / r).toLocaleString('en-US')})` : ''}`;

function printTable(engine: EngineName, rows: Measured[]) {
  const head = ['target', 'conns', 'round trips', 'req/s', 'p50', 'p99', '2xx', 'non-2xx', 'errors', 'vs bare'];
  const body = rows.map((r) => [
    r.target,
    String(r.connections),
    r.roundTrips === null ? '-' : String(Math.round(r.roundTrips * 10) / 10),
    Math.round(r.reqPerSec).toLocaleString('en-US'),
    ms(r.latencyMs.p50),
    ms(r.latencyMs.p99),
    String(r.ok2xx),
    String(r.non2xx),
    String(r.errors),
    r.target.startsWith('bare') ? 'baseline' : ratio(r.vsBare),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 || i === cells.length - 1 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ').trimEnd();
  console.log(`\n${engine}: ${DURATION}s per target after ${WARMUP}s warm-up`);
  console.log(line(head));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const b of body) console.log(line(b));
}

// --- main ------------------------------------------------------------------------------------

async function runEngine(engine: EngineName, bareUrl: string): Promise<Measured[]> {
  console.log(`\n== ${engine} ==`);
  const started = performance.now();
  const setup = engine === 'pglite' ? await startPglite() : await startPostgres(process.env.DATABASE_URL!);
  try {
    console.log(`  server up (migrated, demo seeded) in ${((performance.now() - started) / 1000).toFixed(1)}s`);
    const seeded = await seedUsers(setup.raw);
    console.log(`  seeded ${ROWS.toLocaleString('en-US')} users into company ${seeded.companyId} (${seeded.members.toLocaleString('en-US')} members) in ${seeded.seconds.toFixed(1)}s`);
    const token = await signIn(setup.server.url);
    const measured: Omit<Measured, 'vsBare'>[] = [];
    for (const t of await targetsFor(bareUrl, setup.server.url, token, seeded.members)) {
      measured.push(await measure(t, t.name.startsWith('bare') ? null : setup.server.database.stats));
    }
    const bare = measured[0]!.reqPerSec;
    const rows = measured.map((m) => ({ ...m, vsBare: m.reqPerSec / bare }));
    printTable(engine, rows);
    mkdirSync(RESULTS_DIR, { recursive: true });
    const file = `${RESULTS_DIR}api-${engine}.json`;
    writeFileSync(file, `${JSON.stringify({
      engine,
      at: new Date().toISOString(),
      machine: { cpus: os.cpus().length, cpu: os.cpus()[0]?.model ?? 'unknown', node: process.version, platform: `${os.platform()} ${os.release()}` },
      settings: { connections: CONNECTIONS, durationSeconds: DURATION, warmupSeconds: WARMUP, extraUsers: ROWS, companyMembers: seeded.members, pageSize: PAGE_SIZE, loadGenerator: 'autocannon, 1 worker thread' },
      results: rows,
    }, null, 2)}\n`);
    console.log(`  written ${file}`);
    return rows;
  } finally {
    await setup.close();
  }
}

async function main() {
  const wanted = (process.env.BENCH_ENGINES ?? 'pglite,postgres').split(',').map((s) => s.trim());
  const engines: EngineName[] = [];
  if (wanted.includes('pglite')) engines.push('pglite');
  if (wanted.includes('postgres')) {
    if (process.env.DATABASE_URL) engines.push('postgres');
    else console.log('DATABASE_URL is not set: PostgreSQL server engine skipped (PGlite only).');
  }
  if (!engines.length) throw new BenchError(`no engine to run (BENCH_ENGINES=${process.env.BENCH_ENGINES})`);
  console.log(`tezgah API bench: node ${process.version}, ${os.cpus().length} cpus (${os.cpus()[0]?.model ?? '?'}), engines ${engines.join(', ')}`);

  const bare = await startBare();
  try {
    for (const engine of engines) await runEngine(engine, bare.url);
  } finally {
    await bare.app.close();
  }
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(`\nbench failed: ${e instanceof BenchError ? e.message : e instanceof Error ? e.stack ?? e.message : String(e)}`);
    process.exit(1);
  },
);
