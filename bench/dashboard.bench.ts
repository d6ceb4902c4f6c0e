/**
 * The home dashboard's widgets at scale, on the embedded engine and on a PostgreSQL server
 * (DATABASE_URL):
 *
 * 1. Seeds the demo general company (signed in as 'muhasebe') with set-based SQL:
 *    BENCH_DASHBOARD_LINES journal lines (1,000,000) in the 2026 fiscal year as the ledger bench
 *    does (two-line entries: sales, collections into the safe and the bank, payments, purchases,
 *    expenses) with their daily totals; BENCH_DASHBOARD_INVOICES invoices (100,000: 80 % sales, of
 *    them 3 % cancelled and 2 % drafts, some in euros) over 2026 with a due for every posted sale,
 *    a third of them still open; 20,000 cheques in both directions and several states, due over
 *    two years; 20,000 products, some at or below their minimum stock.
 * 2. Times each widget's call as the workbench makes it — monthly sales (GET
 *    /dashboard/monthly-sales-total/{companyId}), receivables aging, cheques due this week, the cash
 *    and bank position (GET /summaries) and low stock (GET /products?belowMinimumStock=true…) —
 *    beside the plain SQL aggregate that gives the same figures, in the same run: the median and
 *    the worst of 7 after one warm-up; the aim is every widget under 500 ms.
 *
 * Run: npm run bench:dashboard   (BENCH_ENGINES=pglite|postgres to pick one; BENCH_KEEP_DB=1 keeps the
 * PostgreSQL database for EXPLAIN)
 */
import { randomBytes } from 'node:crypto';
import { cpus } from 'node:os';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { createServer } from '../packages/server/src/server';
import { loadConfig } from '../packages/server/src/config';
import { adminUrl, dropDatabase } from '../packages/server/test/snapshot';

const LINES = Number(process.env.BENCH_DASHBOARD_LINES ?? 1_000_000);
const INVOICES = Number(process.env.BENCH_DASHBOARD_INVOICES ?? 100_000);
const CHEQUES = 20_000;
const PRODUCTS = 20_000;
const AIM = 500;
const ENGINES = (process.env.BENCH_ENGINES ?? (process.env.DATABASE_URL ? 'pglite,postgres' : 'pglite')).split(',');
const A = '/services/onmuhasebe/api';
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const ms = (n: number) => `${n.toFixed(1)} ms`.padStart(9);

async function signIn(url: string): Promise<string> {
  const r = await fetch(`${url}/api/authenticate`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'muhasebe', password: 'demo1234' }) });
  if (!r.ok) throw new Error(`sign-in failed: ${r.status}`);
  return r.headers.get('authorization')!.slice(7);
}

/** The median and the worst of `runs` calls after one warm-up, and the last answer. */
async function timed<T>(call: () => Promise<T>, runs = 7): Promise<{ median: number; worst: number; last: T }> {
  let last = await call();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    last = await call();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(runs / 2)]!, worst: times[runs - 1]!, last };
}

function get(url: string, token: string) {
  return async () => {
    const r = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    const body = await r.json();
    if (r.status !== 200) throw new Error(`${url}: ${r.status} ${JSON.stringify(body).slice(0, 300)}`);
    return body;
  };
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
  const db = server.database.db as Kysely<any>;
  const run = (q: RawBuilder<unknown>) => q.execute(db);
  try {
    const token = await signIn(server.url);
    const company = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).cid as number;
    const year = (await sql<{ id: number }>`select id from fiscal_years where company_id = ${company} and name = '2026'`.execute(db)).rows[0]!;
    const codes = async (parent: string) => (await sql<{ code: string }>`select code from ledger_accounts where company_id = ${company} and parent_code = ${parent} order by code`.execute(db)).rows.map((r) => r.code);
    const customers = await codes('120');
    const suppliers = await codes('320');
    const cash = (await codes('100'))[0]!;
    const bank = (await codes('102'))[0]!;
    if (!customers.length || !suppliers.length || !cash || !bank) throw new Error('the demo company has no customer, supplier, safe or bank account');
    const currents = (await sql<{ id: number; type: string }>`select id, type from currents where company_id = ${company} order by id`.execute(db)).rows;
    const buyers = currents.filter((c) => c.type === 'CUSTOMER').map((c) => Number(c.id));
    const sellers = currents.filter((c) => c.type === 'SUPPLIER').map((c) => Number(c.id));
    const refs = (await sql<{ unit_id: number; tax_id: number; warehouse_id: number }>`select
        (select id from units where company_id = ${company} order by id limit 1) as unit_id,
        (select id from taxes where company_id = ${company} order by id limit 1) as tax_id,
        (select id from warehouses where company_id = ${company} order by id limit 1) as warehouse_id`.execute(db)).rows[0]!;

    let t0 = performance.now();
    // 1. Journal lines (as bench/ledger.bench.ts): the balance trigger is off for the seed, every entry balances by construction.
    const mix = [['C', '600'], ['C', '600'], ['C', '391'], [cash, 'C'], [bank, 'C'], ['153', 'S'], ['191', 'S'], ['S', bank], ['770', cash], ['S', cash]];
    const entries = Math.floor(LINES / 2);
    await run(sql`alter table journal_entries disable trigger journal_entries_balanced`);
    await run(sql`
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
          on m.k = e.entry_no % 10`);
    await run(sql`alter table journal_entries enable trigger journal_entries_balanced`);
    await run(sql`insert into ledger_daily (company_id, account_code, day, debit, credit)
      select company_id, account_code, entry_date, sum(debit), sum(credit) from journal_lines l
       where company_id = ${company} and exists (select 1 from journal_entries e where e.id = l.entry_id and e.source_kind = 'BENCH')
       group by 1, 2, 3
      on conflict (company_id, account_code, day) do update set debit = ledger_daily.debit + excluded.debit, credit = ledger_daily.credit + excluded.credit`);
    await run(sql`update fiscal_years set last_entry_no = (select max(entry_no) from journal_entries where fiscal_year_id = ${year.id}) where id = ${year.id}`);

    // 2. Invoices: g % 5 = 0 a purchase, else a sale; of the sales g % 33 = 1 cancelled, g % 50 = 2 a draft; g % 40 = 3 in euros.
    await run(sql`
      insert into invoices (company_id, invoice_type, status, current_id, invoice_date, document_no, series, sequence_no, currency_id, conversion_rate,
                            subtotal, total_discount, tax_base, total_tax, withheld, total_amount, payable, paid, created_by)
      select ${company}, k.type, k.status, k.current_id, '2026-01-01'::date + (g % 365),
             case when k.type = 'SALE' and k.status <> 'DRAFT' then 'BNC2026' || lpad(g::text, 9, '0') when k.type = 'BUYING' then 'AL-' || g end,
             case when k.type = 'SALE' and k.status <> 'DRAFT' then 'BNC' end, case when k.type = 'SALE' and k.status <> 'DRAFT' then g end,
             k.currency_id, case k.currency_id when 1 then 1 else 35.1234 end,
             k.base, 0, k.base, round(k.base * 0.2, 2), 0, k.base + round(k.base * 0.2, 2), k.base + round(k.base * 0.2, 2),
             case when k.status = 'POSTED' and g % 3 <> 0 then k.base + round(k.base * 0.2, 2) else 0 end, 'bench'
        from generate_series(1, ${INVOICES}) g,
        lateral (select case when g % 5 = 0 then 'BUYING' else 'SALE' end as type,
                        case when g % 33 = 1 then 'CANCELLED' when g % 50 = 2 then 'DRAFT' else 'POSTED' end as status,
                        case when g % 5 = 0 then (${sellers}::bigint[])[1 + g % ${sellers.length}] else (${buyers}::bigint[])[1 + g % ${buyers.length}] end as current_id,
                        case when g % 40 = 3 then 3 else 1 end as currency_id,
                        ((g % 997) + 1) * 12.5 as base) k`);
    // A posted sale's due: open (paid 0) for a third of them, settled for the rest; due up to 120 days after the invoice.
    await run(sql`
      insert into invoice_dues (company_id, invoice_id, current_id, period_no, due_date, amount, paid)
      select company_id, id, current_id, 1, invoice_date + (id % 120)::int, payable, paid
        from invoices where company_id = ${company} and created_by = 'bench' and invoice_type = 'SALE' and status = 'POSTED'`);
    // 3. Cheques: received ones in the portfolio, returned or bounced; given ones given or returned; due over 2026 and 2027.
    await run(sql`
      insert into cheques (company_id, direction, state, number, amount, currency_id, rate, amount_try, cheque_date, due_date, current_id, created_by)
      select ${company}, d.direction, d.state, 'BNC-' || g, ((g % 499) + 1) * 20, d.currency_id, case d.currency_id when 1 then null else 42.5 end,
             ((g % 499) + 1) * 20 * case d.currency_id when 1 then 1 else 42.5 end, '2026-01-01'::date + (g % 300), '2026-01-01'::date + (g % 730),
             d.current_id, 'bench'
        from generate_series(1, ${CHEQUES}) g,
        lateral (select case when g % 3 = 0 then 'OUT' else 'IN' end as direction,
                        case when g % 3 = 0 then (case when g % 7 = 0 then 'RETURNED' else 'GIVEN' end)
                             else (case g % 7 when 1 then 'BOUNCED' when 2 then 'RETURNED' else 'IN_PORTFOLIO' end) end as state,
                        case when g % 25 = 4 then 2 else 1 end as currency_id,
                        case when g % 3 = 0 then (${sellers}::bigint[])[1 + g % ${sellers.length}] else (${buyers}::bigint[])[1 + g % ${buyers.length}] end as current_id) d`);
    // 4. Products with a minimum stock; about one in twelve at or below it.
    await run(sql`
      insert into products (company_id, name, barcode, product_type, unit_id, buying_currency_id, buying_price, sale_currency_id, sale_price, tax_id, warehouse_id, min_stock, stock_quantity)
      select ${company}, 'Pano ürünü ' || g, 'PNO' || lpad(g::text, 9, '0'), 'COMMERCIAL_GOODS', ${refs.unit_id}, 1, 1.5, 1, 2.5, ${refs.tax_id}, ${refs.warehouse_id},
             case when g % 2 = 0 then 10 end, case when g % 6 = 0 then g % 11 else 50 + g % 100 end
        from generate_series(1, ${PRODUCTS}) g`);
    for (const table of ['journal_lines', 'journal_entries', 'ledger_daily', 'invoices', 'invoice_dues', 'cheques', 'products']) await run(sql`analyze ${sql.table(table)}`);
    const count = async (table: string) => Number((await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)} where company_id = ${company}`.execute(db)).rows[0]!.n);
    console.log(`  seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s: ${fmt(await count('journal_lines'))} journal lines, ${fmt(await count('invoices'))} invoices, `
      + `${fmt(await count('invoice_dues'))} dues, ${fmt(await count('cheques'))} cheques, ${fmt(await count('products'))} products in the company`);

    // The server's today (the widgets' "this week" and aging day).
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Istanbul' }).format(new Date());
    const plus = (n: number) => new Date(Date.parse(`${today}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
    const rows = (q: RawBuilder<unknown>) => async () => (await q.execute(db)).rows;
    // The safes' and bank accounts' own sub-accounts, as the summary names them.
    const first = await get(`${server.url}${A}/summaries`, token)();
    const moneyCodes: string[] = [...first.cash.accounts, ...first.bank.accounts].map((a: { accountCode: string }) => a.accountCode);
    const widgets: { name: string; url: string; plain: () => Promise<unknown[]>; check: (api: any, plain: any[]) => string }[] = [
      {
        name: 'monthly sales', url: `${A}/dashboard/monthly-sales-total/${company}?year=2026`,
        plain: rows(sql`select extract(month from invoice_date)::int as m, sum(round(total_amount * conversion_rate, 2)) as t from invoices
          where company_id = ${company} and invoice_type = 'SALE' and status = 'POSTED' and invoice_date between '2026-01-01' and '2026-12-31' group by 1`),
        check: (api, plain) => {
          const sum = plain.reduce((s: number, r: any) => s + Number(r.t), 0);
          if (Math.abs(sum - api.total) > 0.01) throw new Error(`monthly sales: API ${api.total}, SQL ${sum}`);
          return `${fmt(api.months.reduce((n: number, m: any) => n + m.count, 0))} invoices`;
        },
      },
      {
        name: 'receivables aging', url: `${A}/dashboard/receivables-aging`,
        plain: rows(sql`select (${today}::date - d.due_date) / 31 as b, sum(round((d.amount - d.paid) * i.conversion_rate, 2)) as t from invoice_dues d
          join invoices i on i.company_id = d.company_id and i.id = d.invoice_id
          where d.company_id = ${company} and d.paid < d.amount and i.invoice_type = 'SALE' and i.status = 'POSTED' group by 1`),
        check: (api, plain) => {
          const sum = plain.reduce((s: number, r: any) => s + Number(r.t), 0);
          if (Math.abs(sum - api.total) > 0.01) throw new Error(`aging: API ${api.total}, SQL ${sum}`);
          return `${fmt(api.buckets.reduce((n: number, b: any) => n + b.count, 0))} open dues`;
        },
      },
      {
        name: 'cheques due this week', url: `${A}/dashboard/cheques-due?size=5`,
        plain: rows(sql`select direction, count(*) as n, sum(amount_try) as t from cheques where company_id = ${company}
          and due_date between ${today}::date and ${plus(6)}::date and ((direction = 'IN' and state in ('IN_PORTFOLIO', 'DEPOSITED_FOR_COLLECTION')) or (direction = 'OUT' and state = 'GIVEN')) group by 1`),
        check: (api, plain) => {
          const n = plain.reduce((s: number, r: any) => s + Number(r.n), 0);
          if (n !== api.incoming.count + api.outgoing.count) throw new Error(`cheques: API ${api.incoming.count + api.outgoing.count}, SQL ${n}`);
          return `${fmt(n)} cheques`;
        },
      },
      {
        name: 'cash and bank (summaries)', url: `${A}/summaries`,
        plain: rows(sql`select account_code, sum(debit - credit) as b from journal_lines where company_id = ${company}
          and account_code = any(${moneyCodes}::text[]) group by 1`),
        check: (api, plain) => {
          const sum = plain.reduce((s: number, r: any) => s + Number(r.b), 0);
          if (Math.abs(sum - api.total) > 0.01) throw new Error(`summaries: API ${api.total}, SQL ${sum}`);
          return `${api.cash.accounts.length + api.bank.accounts.length} accounts`;
        },
      },
      {
        name: 'low stock (products)', url: `${A}/products?belowMinimumStock=true&status=ACTIVE&size=5&sort=stockQuantity,asc`,
        plain: rows(sql`select id, name, stock_quantity, count(*) over () as n from products where company_id = ${company} and status = 'ACTIVE'
          and min_stock is not null and stock_quantity <= min_stock order by stock_quantity, id limit 5`),
        check: (api, plain) => {
          if (api.length !== plain.length) throw new Error(`low stock: API ${api.length} rows, SQL ${plain.length}`);
          return `${fmt(Number((plain[0] as any)?.n ?? 0))} products at or below minimum`;
        },
      },
    ];
    console.log(`  today ${today}; median and worst of 7 calls after a warm-up (aim: every widget < ${AIM} ms)`);
    console.log(`  ${'widget'.padEnd(28)} ${'API median'.padStart(10)} ${'API worst'.padStart(10)} ${'SQL median'.padStart(10)} ${'SQL worst'.padStart(10)}  `);
    let failed = false;
    for (const w of widgets) {
      const api = await timed(get(`${server.url}${w.url}`, token));
      const plain = await timed(w.plain);
      const note = w.check(api.last, plain.last as any[]);
      const met = api.worst < AIM;
      if (!met) failed = true;
      console.log(`  ${w.name.padEnd(28)} ${ms(api.median)}  ${ms(api.worst)}  ${ms(plain.median)}  ${ms(plain.worst)}  ${met ? 'met' : 'NOT MET'} (${note})`);
    }
    if (failed) process.exitCode = 1;
  } finally {
    await server.close();
    if (dbName && process.env.BENCH_KEEP_DB) console.log(`  kept the database ${dbName} (BENCH_KEEP_DB)`);
    else if (dbName) await dropDatabase(process.env.DATABASE_URL!, dbName);
  }
}

console.log(`dashboard bench: node ${process.version}, ${cpus().length} cpus, ${fmt(LINES)} journal lines, ${fmt(INVOICES)} invoices`);
for (const e of ENGINES) await benchEngine(e);
