/**
 * The books at scale, on the embedded engine and on a PostgreSQL server (DATABASE_URL):
 *
 * 1. Seeds BENCH_LEDGER_LINES journal lines (1,000,000 by default) into the demo general company's
 *    2026 fiscal year with set-based SQL: two-line entries in a realistic mix (cash and bank
 *    collections from 300 customers, payments to 100 suppliers, sales with VAT, purchases,
 *    expenses), spread over the year.
 * 2. Times the year's trial balance (GET /trial-balance, level 3; aim < 500 ms) and one page of an
 *    account's statement (GET /account-statement, a busy customer account, first and a deep page;
 *    aim < 50 ms): the median and the worst of 7 calls after one warm-up call.
 * 3. Posts BENCH_POSTINGS entries (2,000) one transaction each through the posting function, and the
 *    same number of raw INSERTs of the same lines (entry, two lines, the year's counter) in the same
 *    run: entries per second and the ratio.
 *
 * Run: npm run bench:ledger   (BENCH_ENGINES=pglite|postgres to pick one; BENCH_KEEP_DB=1 keeps the
 * PostgreSQL database for EXPLAIN)
 */
import { randomBytes } from 'node:crypto';
import { cpus } from 'node:os';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'kysely';
import { createServer } from '../packages/server/src/server';
import { loadConfig } from '../packages/server/src/config';
import { setTenant } from '../packages/server/src/db/database';
import { adminUrl, dropDatabase } from '../packages/server/test/snapshot';
import { post } from '../plugins/accounting/server/src/ledger/posting';
import { ownAccount } from '../plugins/accounting/server/src/ledger/accounts';

const LINES = Number(process.env.BENCH_LEDGER_LINES ?? 1_000_000);
const POSTINGS = Number(process.env.BENCH_POSTINGS ?? 2_000);
const ENGINES = (process.env.BENCH_ENGINES ?? (process.env.DATABASE_URL ? 'pglite,postgres' : 'pglite')).split(',');
const A = '/services/onmuhasebe/api';
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const ms = (n: number) => `${n.toFixed(1)} ms`;

async function signIn(url: string): Promise<string> {
  const r = await fetch(`${url}/api/authenticate`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'muhasebe', password: 'demo1234' }) });
  if (!r.ok) throw new Error(`sign-in failed: ${r.status}`);
  return r.headers.get('authorization')!.slice(7);
}

async function timed(url: string, token: string, runs = 7): Promise<{ median: number; worst: number; body: any }> {
  const call = async () => {
    const t0 = performance.now();
    const r = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    const body = await r.json();
    if (r.status !== 200) throw new Error(`${url}: ${r.status} ${JSON.stringify(body).slice(0, 300)}`);
    return { t: performance.now() - t0, body };
  };
  await call();
  const times: number[] = [];
  let body: any;
  for (let i = 0; i < runs; i++) ({ t: times[i], body } = await call() as { t: number; body: any });
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(runs / 2)]!, worst: times[runs - 1]!, body };
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
  try {
    const token = await signIn(server.url);
    const company = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).cid as number;
    const year = (await sql<{ id: number; journal_id: number }>`select y.id, (select min(j.id) from journals j where j.fiscal_year_id = y.id) as journal_id
      from fiscal_years y where y.company_id = ${company} and y.name = '2026'`.execute(db)).rows[0]!;

    // Accounts: 300 customers (120.xxx), 100 suppliers (320.xxx), a safe and a bank account.
    await db.transaction().execute(async (trx) => {
      await setTenant(trx, company);
      for (let i = 1; i <= 300; i++) await ownAccount(trx as any, company, { parent: '120', kind: 'BENCH_CUSTOMER', ownerId: i, name: `Müşteri ${i}`, width: 3 });
      for (let i = 1; i <= 100; i++) await ownAccount(trx as any, company, { parent: '320', kind: 'BENCH_SUPPLIER', ownerId: i, name: `Tedarikçi ${i}`, width: 3 });
      await ownAccount(trx as any, company, { parent: '102', kind: 'BENCH_BANK', ownerId: 1, name: 'Banka', width: 2 });
    });
    const codes = async (parent: string) => (await sql<{ code: string }>`select code from ledger_accounts where company_id = ${company} and parent_code = ${parent} order by code`.execute(db)).rows.map((r) => r.code);
    const customers = await codes('120');
    const suppliers = await codes('320');
    const cash = (await codes('100'))[0] ?? '100';
    const bank = (await codes('102'))[0]!;
    // The mix: [debit, credit] pairs by entry number modulo 10.
    const mix = [
      ['C', '600'], ['C', '600'], ['C', '391'], [cash, 'C'], [bank, 'C'],
      ['153', 'S'], ['191', 'S'], ['S', bank], ['770', cash], ['S', cash],
    ];
    const entries = Math.floor(LINES / 2);
    const before = Number((await sql<{ n: number }>`select count(*)::int as n from journal_lines where company_id = ${company}`.execute(db)).rows[0]!.n);
    let t0 = performance.now();
    // Set-based: the balance trigger is switched off for the seed (every entry balances by construction).
    await sql`alter table journal_entries disable trigger journal_entries_balanced`.execute(db);
    await sql`
      with e as (
        insert into journal_entries (company_id, fiscal_year_id, journal_id, entry_no, entry_date, explanation, source_kind, source_id, total)
        select ${company}, ${year.id}, (select j.id from journals j where j.fiscal_year_id = ${year.id} and ('2026-01-01'::date + (g % 365)) between j.start_date and j.end_date),
               (select last_entry_no from fiscal_years where id = ${year.id}) + g, '2026-01-01'::date + (g % 365), 'Toplu fiş ' || g, 'BENCH', g::text,
               ((g % 997) + 1) * 10.25
          from generate_series(1, ${entries}) g
        returning id, entry_no, entry_date, total)
      insert into journal_lines (company_id, entry_id, line_no, entry_date, account_code, debit, credit)
      select ${company}, e.id, s.n, e.entry_date,
             case (case s.n when 1 then m.d else m.c end) when 'C' then (${customers}::text[])[1 + e.entry_no % ${customers.length}]
                                                          when 'S' then (${suppliers}::text[])[1 + e.entry_no % ${suppliers.length}]
                                                          else (case s.n when 1 then m.d else m.c end) end,
             case s.n when 1 then e.total else 0 end, case s.n when 2 then e.total else 0 end
        from e
        cross join (values (1), (2)) s(n)
        join (select ord - 1 as k, p[1] as d, p[2] as c from unnest(${mix.map((p) => `{${p[0]},${p[1]}}`)}::text[]) with ordinality u(t, ord), lateral (select t::text[] as p) x) m
          on m.k = e.entry_no % 10`.execute(db);
    await sql`alter table journal_entries enable trigger journal_entries_balanced`.execute(db);
    // The daily totals the posting function keeps beside the lines, for the seeded lines.
    await sql`insert into ledger_daily (company_id, account_code, day, debit, credit)
      select company_id, account_code, entry_date, sum(debit), sum(credit) from journal_lines l
       where company_id = ${company} and exists (select 1 from journal_entries e where e.id = l.entry_id and e.source_kind = 'BENCH')
       group by 1, 2, 3
      on conflict (company_id, account_code, day) do update set debit = ledger_daily.debit + excluded.debit, credit = ledger_daily.credit + excluded.credit`.execute(db);
    await sql`analyze ledger_daily`.execute(db);
    await sql`update fiscal_years set last_entry_no = (select max(entry_no) from journal_entries where fiscal_year_id = ${year.id}) where id = ${year.id}`.execute(db);
    await sql`analyze journal_lines`.execute(db);
    await sql`analyze journal_entries`.execute(db);
    const after = Number((await sql<{ n: number }>`select count(*)::int as n from journal_lines where company_id = ${company}`.execute(db)).rows[0]!.n);
    console.log(`  seeded ${fmt(after - before)} journal lines (${fmt(entries)} entries) in ${((performance.now() - t0) / 1000).toFixed(1)} s; ${fmt(after)} lines in the company`);

    const tb = await timed(`${server.url}${A}/trial-balance?startDate=2026-01-01&endDate=2026-12-31&level=3`, token);
    if (tb.body.totals.debit !== tb.body.totals.credit) throw new Error('trial balance does not balance');
    console.log(`  trial balance 2026, level 3: median ${ms(tb.median)}, worst ${ms(tb.worst)} (${tb.body.rows.length} rows; aim < 500 ms → ${tb.worst < 500 ? 'met' : 'not met'})`);
    const tb4 = await timed(`${server.url}${A}/trial-balance?startDate=2026-07-01&endDate=2026-09-30&level=4`, token);
    console.log(`  trial balance Q3, level 4:  median ${ms(tb4.median)}, worst ${ms(tb4.worst)} (${tb4.body.rows.length} rows)`);
    const busy = customers[0]!;
    const first = await timed(`${server.url}${A}/account-statement?account=${busy}&startDate=2026-01-01&endDate=2026-12-31&size=50`, token);
    const total = Number(first.body.lines.length ? (await fetch(`${server.url}${A}/account-statement?account=${busy}&startDate=2026-01-01&endDate=2026-12-31&size=1`, { headers: { authorization: `Bearer ${token}` } })).headers.get('x-total-count') : 0);
    const deep = await timed(`${server.url}${A}/account-statement?account=${busy}&startDate=2026-01-01&endDate=2026-12-31&size=50&page=${Math.max(0, Math.floor(total / 50) - 1)}`, token);
    console.log(`  statement of ${busy} (${fmt(total)} lines), first page: median ${ms(first.median)}, worst ${ms(first.worst)}; last page: median ${ms(deep.median)}, worst ${ms(deep.worst)} (aim < 50 ms → ${Math.max(first.worst, deep.worst) < 50 ? 'met' : 'not met'})`);

    // Postings through the posting function, one transaction each, beside raw inserts of the same lines.
    t0 = performance.now();
    for (let i = 0; i < POSTINGS; i++) {
      await db.transaction().execute(async (trx) => {
        await setTenant(trx, company);
        await post(trx as any, company, { date: '2026-11-20', explanation: `Tahsilat ${i}`, source: { kind: 'BENCH_POST', id: i }, lines: [{ account: cash, debit: '125.50' }, { account: customers[i % customers.length]!, credit: '125.50' }] });
      });
    }
    const viaPost = POSTINGS / ((performance.now() - t0) / 1000);
    t0 = performance.now();
    for (let i = 0; i < POSTINGS; i++) {
      await db.transaction().execute(async (trx) => {
        await setTenant(trx, company);
        const n = await sql<{ n: number }>`update fiscal_years set last_entry_no = last_entry_no + 1 where company_id = ${company} and id = ${year.id} returning last_entry_no as n`.execute(trx);
        const e = await sql<{ id: number }>`insert into journal_entries (company_id, fiscal_year_id, journal_id, entry_no, entry_date, explanation, source_kind, source_id, total)
          values (${company}, ${year.id}, (select id from journals where fiscal_year_id = ${year.id} and '2026-11-20' between start_date and end_date), ${n.rows[0]!.n}, '2026-11-20', ${`Ham ${i}`}, 'BENCH_RAW', ${String(i)}, 125.50) returning id`.execute(trx);
        await sql`insert into journal_lines (company_id, entry_id, line_no, entry_date, account_code, debit, credit) values
          (${company}, ${e.rows[0]!.id}, 1, '2026-11-20', ${cash}, 125.50, 0), (${company}, ${e.rows[0]!.id}, 2, '2026-11-20', ${customers[i % customers.length]!}, 0, 125.50)`.execute(trx);
      });
    }
    const raw = POSTINGS / ((performance.now() - t0) / 1000);
    console.log(`  postings, one transaction each: posting function ${fmt(viaPost)} entries/s, raw inserts ${fmt(raw)} entries/s (${(viaPost / raw).toFixed(2)}x of raw)`);
  } finally {
    await server.close();
    if (dbName && process.env.BENCH_KEEP_DB) console.log(`  kept the database ${dbName} (BENCH_KEEP_DB)`);
    else if (dbName) await dropDatabase(process.env.DATABASE_URL!, dbName);
  }
}

console.log(`ledger bench: node ${process.version}, ${cpus().length} cpus, ${fmt(LINES)} lines, ${fmt(POSTINGS)} postings`);
for (const e of ENGINES) await benchEngine(e);
