/**
 * The reports (issue 10) for a year at scale, on the embedded engine and on a PostgreSQL server
 * (DATABASE_URL):
 *
 * 1. Seeds the demo general company (signed in as 'muhasebe') with set-based SQL:
 *    BENCH_REPORTS_LINES journal lines (1,000,000) in the 2026 fiscal year as the ledger bench does
 *    (two-line entries over the customers, suppliers, the safe and the bank) with their daily
 *    totals; BENCH_REPORTS_INVOICES invoices (100,000: 80 % sales, of them 3 % cancelled and 2 %
 *    drafts, one in forty in euros) over 2026 with five lines each (500,000) over 2,000 products,
 *    a cash payment on every fourth posted sale, a due for every posted invoice (a third open);
 *    stock of every product in the first warehouse; 20,000 cheques in both directions.
 *    The monthly sums of posted lines (invoice_line_months, kept by triggers in the server) are
 *    written set-based after the lines, as the migration does for what is already there.
 * 2. Times each report's call as the workbench makes it for the year 2026 — the four sale totals
 *    of the main service, the reports service's invoice lists (a page of 50 with the year's
 *    totals), the aging per current, the day's activity, profit by product and by customer, stock
 *    valuation and the cash-flow forecast — beside the plain SQL aggregate that gives the same
 *    figures, in the same run: the median and the worst of 7 after one warm-up; the aim is every
 *    report under 500 ms. Each answer's total is checked against the plain SQL's.
 *
 * Run: npm run bench:reports   (BENCH_ENGINES=pglite|postgres to pick one; BENCH_KEEP_DB=1 keeps the
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

const LINES = Number(process.env.BENCH_REPORTS_LINES ?? 1_000_000);
const INVOICES = Number(process.env.BENCH_REPORTS_INVOICES ?? 100_000);
const PRODUCTS = 2_000;
const CHEQUES = 20_000;
const AIM = 500;
const ENGINES = (process.env.BENCH_ENGINES ?? (process.env.DATABASE_URL ? 'pglite,postgres' : 'pglite')).split(',');
const A = '/services/onmuhasebe/api';
const R = '/services/reports/api';
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

/** Two amounts agree to the kuruş, or the bench stops: a fast wrong answer is no answer. */
function same(name: string, api: number, plain: unknown): string {
  const p = Number(plain ?? 0);
  if (Math.abs(api - p) > 0.005) throw new Error(`${name}: API ${api}, SQL ${p}`);
  return api.toLocaleString('tr-TR', { minimumFractionDigits: 2 });
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
    const currents = (await sql<{ id: number; type: string }>`select id, type from currents where company_id = ${company} order by id`.execute(db)).rows;
    const buyers = currents.filter((c) => c.type === 'CUSTOMER').map((c) => Number(c.id));
    const sellers = currents.filter((c) => c.type === 'SUPPLIER').map((c) => Number(c.id));
    const refs = (await sql<{ unit_id: number; tax_id: number; warehouse_id: number; safe_id: number }>`select
        (select id from units where company_id = ${company} order by id limit 1) as unit_id,
        (select id from taxes where company_id = ${company} order by id limit 1) as tax_id,
        (select id from warehouses where company_id = ${company} order by id limit 1) as warehouse_id,
        (select id from safes where company_id = ${company} order by id limit 1) as safe_id`.execute(db)).rows[0]!;
    if (!customers.length || !suppliers.length || !cash || !bank || !buyers.length || !sellers.length) throw new Error('the demo company lacks a customer, supplier, safe or bank account');

    const t0 = performance.now();
    // 1. Journal lines (as bench/ledger.bench.ts); the balance trigger is off for the seed, every entry balances by construction.
    const mix = [['C', '600'], ['C', '600'], ['C', '391'], [cash, 'C'], [bank, 'C'], ['153', 'S'], ['191', 'S'], ['S', bank], ['770', cash], ['S', cash]];
    await run(sql`alter table journal_entries disable trigger journal_entries_balanced`);
    await run(sql`
      with e as (
        insert into journal_entries (company_id, fiscal_year_id, journal_id, entry_no, entry_date, explanation, source_kind, source_id, total)
        select ${company}, ${year.id}, (select j.id from journals j where j.fiscal_year_id = ${year.id} and ('2026-01-01'::date + (g % 365)) between j.start_date and j.end_date),
               (select last_entry_no from fiscal_years where id = ${year.id}) + g, '2026-01-01'::date + (g % 365), 'Toplu fiş ' || g, 'BENCH', g::text,
               ((g % 997) + 1) * 10.25
          from generate_series(1, ${Math.floor(LINES / 2)}) g
        returning id, entry_no, entry_date, total)
      insert into journal_lines (company_id, entry_id, line_no, entry_date, account_code, debit, credit)
      select ${company}, e.id, s.n, e.entry_date,
             case (case s.n when 1 then m.d else m.c end) when 'C' then (${customers}::text[])[1 + e.entry_no % ${customers.length}]
                                                          when 'S' then (${suppliers}::text[])[1 + e.entry_no % ${suppliers.length}]
                                                          else (case s.n when 1 then m.d else m.c end) end,
             case s.n when 1 then e.total else 0 end, case s.n when 2 then e.total else 0 end
        from e cross join (values (1), (2)) s(n)
        join (select ord - 1 as k, p[1] as d, p[2] as c from unnest(${mix.map((p) => `{${p[0]},${p[1]}}`)}::text[]) with ordinality u(t, ord), lateral (select t::text[] as p) x) m
          on m.k = e.entry_no % 10`);
    await run(sql`alter table journal_entries enable trigger journal_entries_balanced`);
    await run(sql`insert into ledger_daily (company_id, account_code, day, debit, credit)
      select company_id, account_code, entry_date, sum(debit), sum(credit) from journal_lines l
       where company_id = ${company} and exists (select 1 from journal_entries e where e.id = l.entry_id and e.source_kind = 'BENCH')
       group by 1, 2, 3
      on conflict (company_id, account_code, day) do update set debit = ledger_daily.debit + excluded.debit, credit = ledger_daily.credit + excluded.credit`);
    await run(sql`update fiscal_years set last_entry_no = (select max(entry_no) from journal_entries where fiscal_year_id = ${year.id}) where id = ${year.id}`);

    // 2. Products, with stock in the first warehouse.
    await run(sql`
      insert into products (company_id, name, barcode, product_type, unit_id, buying_currency_id, buying_price, sale_currency_id, sale_price, tax_id, warehouse_id, stock_quantity)
      select ${company}, 'Rapor ürünü ' || g, 'RPB' || lpad(g::text, 9, '0'), 'COMMERCIAL_GOODS', ${refs.unit_id}, 1, 6, 1, 10, ${refs.tax_id}, ${refs.warehouse_id}, 100 + g % 50
        from generate_series(1, ${PRODUCTS}) g`);
    await run(sql`insert into warehouse_products (company_id, warehouse_id, product_id, quantity)
      select company_id, ${refs.warehouse_id}, id, stock_quantity from products where company_id = ${company} and barcode like 'RPB%'
      on conflict (company_id, warehouse_id, product_id) do update set quantity = excluded.quantity`);
    const firstProduct = Number((await sql<{ id: number }>`select min(id) as id from products where company_id = ${company} and barcode like 'RPB%'`.execute(db)).rows[0]!.id);

    // 3. Invoices (g % 5 = 0 a purchase, else a sale; of the sales g % 33 = 1 cancelled, g % 50 = 2 a draft; g % 40 = 3 in euros), five lines each.
    await run(sql`
      insert into invoices (company_id, invoice_type, status, current_id, invoice_date, document_no, series, sequence_no, currency_id, conversion_rate,
                            subtotal, total_discount, tax_base, total_tax, withheld, total_amount, payable, paid, created_by, cancelled_at, cancelled_by)
      select ${company}, k.type, k.status, k.current_id, '2026-01-01'::date + (g % 365),
             case when k.type = 'SALE' and k.status <> 'DRAFT' then 'RPB2026' || lpad(g::text, 9, '0') when k.type = 'BUYING' then 'AL-' || g end,
             case when k.type = 'SALE' and k.status <> 'DRAFT' then 'RPB' end, case when k.type = 'SALE' and k.status <> 'DRAFT' then g end,
             k.currency_id, case k.currency_id when 1 then 1 else 35.1234 end,
             k.base * 5, 0, k.base * 5, round(k.base * 5 * 0.2, 2), 0, k.base * 6, k.base * 6,
             case when k.status = 'POSTED' and g % 3 <> 0 then k.base * 6 else 0 end, 'bench',
             case when k.status = 'CANCELLED' then ('2026-01-01'::date + (g % 365) + 1)::timestamp + interval '7 hours' end,
             case when k.status = 'CANCELLED' then 'bench' end
        from generate_series(1, ${INVOICES}) g,
        lateral (select case when g % 5 = 0 then 'BUYING' else 'SALE' end as type,
                        case when g % 5 <> 0 and g % 33 = 1 then 'CANCELLED' when g % 5 <> 0 and g % 50 = 2 then 'DRAFT' else 'POSTED' end as status,
                        case when g % 5 = 0 then (${sellers}::bigint[])[1 + g % ${sellers.length}] else (${buyers}::bigint[])[1 + g % ${buyers.length}] end as current_id,
                        case when g % 40 = 3 then 3 else 1 end as currency_id,
                        ((g % 97) + 1) * 2.5 as base) k`);
    // The monthly sums' line trigger is off for the seed; the sums are written set-based after it, as the migration does.
    await run(sql`alter table invoice_lines disable trigger invoice_line_months_line`);
    await run(sql`
      insert into invoice_lines (company_id, invoice_id, line_no, product_id, description, quantity, unit_price, account_code, moves_stock,
                                 gross, discount, document_discount, tax_base, tax, withheld, total)
      select i.company_id, i.id, n, ${firstProduct} + ((i.id * 7 + n) % ${PRODUCTS}), 'Rapor ürünü', q, i.tax_base / 5 / q,
             case i.invoice_type when 'SALE' then '600' else '153' end, true,
             i.tax_base / 5, 0, 0, i.tax_base / 5, round(i.tax_base / 5 * 0.2, 2), 0, i.tax_base / 5 + round(i.tax_base / 5 * 0.2, 2)
        from invoices i cross join generate_series(1, 5) n, lateral (select (n % 4) + 1 as q) x
       where i.company_id = ${company} and i.created_by = 'bench'`);
    await run(sql`alter table invoice_lines enable trigger invoice_line_months_line`);
    await run(sql`
      insert into invoice_line_months (company_id, invoice_type, month, product_id, current_id, quantity, amount)
      select i.company_id, i.invoice_type, date_trunc('month', i.invoice_date)::date, l.product_id, i.current_id, sum(l.quantity),
             sum(case when i.currency_id = 1 then l.tax_base else round(l.tax_base * i.conversion_rate, 2) end)
        from invoice_lines l join invoices i on i.company_id = l.company_id and i.id = l.invoice_id
       where i.company_id = ${company} and i.created_by = 'bench' and i.status = 'POSTED'
       group by 1, 2, 3, 4, 5
      on conflict (company_id, invoice_type, month, product_id, current_id)
      do update set quantity = invoice_line_months.quantity + excluded.quantity, amount = invoice_line_months.amount + excluded.amount`);
    await run(sql`
      insert into invoice_payments (company_id, invoice_id, payment_type, amount, payment_date, safe_id)
      select company_id, id, 'CASH', paid, invoice_date, ${refs.safe_id} from invoices
       where company_id = ${company} and created_by = 'bench' and invoice_type = 'SALE' and status = 'POSTED' and paid > 0 and id % 4 = 0`);
    await run(sql`
      insert into invoice_dues (company_id, invoice_id, current_id, period_no, due_date, amount, paid)
      select company_id, id, current_id, 1, invoice_date + (id % 120)::int, payable, paid
        from invoices where company_id = ${company} and created_by = 'bench' and status = 'POSTED'`);
    await run(sql`
      insert into cheques (company_id, direction, state, number, amount, currency_id, amount_try, cheque_date, due_date, current_id, created_by)
      select ${company}, d.direction, d.state, 'RPB-' || g, ((g % 499) + 1) * 20, 1, ((g % 499) + 1) * 20, '2026-01-01'::date + (g % 300), '2026-01-01'::date + (g % 730),
             d.current_id, 'bench'
        from generate_series(1, ${CHEQUES}) g,
        lateral (select case when g % 3 = 0 then 'OUT' else 'IN' end as direction,
                        case when g % 3 = 0 then 'GIVEN' else 'IN_PORTFOLIO' end as state,
                        case when g % 3 = 0 then (${sellers}::bigint[])[1 + g % ${sellers.length}] else (${buyers}::bigint[])[1 + g % ${buyers.length}] end as current_id) d`);
    for (const table of ['journal_lines', 'journal_entries', 'ledger_daily', 'invoices', 'invoice_lines', 'invoice_line_months', 'invoice_payments', 'invoice_dues', 'cheques', 'products', 'warehouse_products']) {
      await run(sql`analyze ${sql.table(table)}`);
    }
    const count = async (table: string) => Number((await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)} where company_id = ${company}`.execute(db)).rows[0]!.n);
    console.log(`  seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s: ${fmt(await count('journal_lines'))} journal lines, ${fmt(await count('invoices'))} invoices, `
      + `${fmt(await count('invoice_lines'))} invoice lines, ${fmt(await count('invoice_dues'))} dues, ${fmt(await count('cheques'))} cheques in the company`);

    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Istanbul' }).format(new Date());
    const plus = (n: number) => new Date(Date.parse(`${today}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
    const Y = 'startDate=2026-01-01&endDate=2026-12-31';
    const rows = (q: RawBuilder<unknown>) => async () => (await q.execute(db)).rows as any[];
    const lira = (c: string) => sql.raw(`round(i.${c} * i.conversion_rate, 2)`);
    const posted = (type: string) => sql`i.company_id = ${company} and i.invoice_type = ${type} and i.status = 'POSTED' and i.invoice_date between '2026-01-01' and '2026-12-31'`;
    const avgCost = sql`select l.product_id, sum(round(l.tax_base * i.conversion_rate, 2)) / sum(l.quantity) as c from invoice_lines l
      join invoices i on i.company_id = l.company_id and i.id = l.invoice_id where l.company_id = ${company} and i.invoice_type = 'BUYING' and i.status = 'POSTED'
      and i.invoice_date <= '2026-12-31' group by 1`;
    const reports: { name: string; url: string; plain: () => Promise<any[]>; check: (api: any, plain: any[]) => string }[] = [
      {
        name: 'daily sale totals', url: `${A}/daily-sale-totals?date=2026-06-16`,
        plain: rows(sql`select sum(${lira('total_amount')}) as t from invoices i where i.company_id = ${company} and i.invoice_type = 'SALE' and i.status = 'POSTED' and i.invoice_date = '2026-06-16'`),
        check: (api, p) => same('daily', api.totalAmount, p[0].t),
      },
      {
        name: 'monthly sale totals', url: `${A}/monthly-sale-totals?year=2026`,
        plain: rows(sql`select to_char(i.invoice_date, 'YYYY-MM') as m, sum(${lira('total_amount')}) as t from invoices i where ${posted('SALE')} group by 1`),
        check: (api, p) => same('monthly', api.total.totalAmount, p.reduce((s, r) => s + Number(r.t), 0)),
      },
      {
        name: 'date-range sale totals', url: `${A}/date-range-sale-totals?${Y}`,
        plain: rows(sql`select i.invoice_date, sum(${lira('total_amount')}) as t from invoices i where ${posted('SALE')} group by 1`),
        check: (api, p) => same('range', api.total.totalAmount, p.reduce((s, r) => s + Number(r.t), 0)),
      },
      {
        name: 'cpp sale totals', url: `${A}/cpp-date-range-sale-totals?${Y}`,
        plain: rows(sql`select sum(${lira('payable')}) as t from invoices i where ${posted('SALE')}`),
        check: (api, p) => same('cpp', api.total, p[0].t),
      },
      {
        name: 'sales report (page 1)', url: `${R}/invoices/invoices-by-date-range?${Y}&size=50`,
        plain: rows(sql`select count(*) as n, sum(${lira('total_amount')}) as t from invoices i where ${posted('SALE')}`),
        check: (api, p) => `${fmt(api.totals.invoiceCount)} invoices, ${same('sales', api.totals.totalAmount, p[0].t)}`,
      },
      {
        name: 'cancel report (page 1)', url: `${R}/invoices/cancel-invoices-by-date-range?${Y}&size=50`,
        plain: rows(sql`select count(*) as n, sum(${lira('total_amount')}) as t from invoices i where i.company_id = ${company} and i.invoice_type = 'SALE'
          and i.status = 'CANCELLED' and ((i.cancelled_at at time zone 'UTC') + interval '3 hours')::date between '2026-01-01' and '2026-12-31'`),
        check: (api, p) => `${fmt(api.totals.invoiceCount)} invoices, ${same('cancelled', api.totals.totalAmount, p[0].t)}`,
      },
      {
        name: 'all invoices (page 1)', url: `${R}/all-incoming-outgoing-invoices?${Y}&size=50`,
        plain: rows(sql`select count(*) as n, sum(${lira('total_amount')}) as t from invoices i where i.company_id = ${company} and i.status = 'POSTED' and i.invoice_date between '2026-01-01' and '2026-12-31'`),
        check: (api, p) => `${fmt(api.totals.invoiceCount)} invoices, ${same('all', api.totals.totalAmount, p[0].t)}`,
      },
      {
        name: 'collection analysis', url: `${R}/current-collection-analysis?date=2026-12-31`,
        plain: rows(sql`select i.invoice_type, sum(round((d.amount - d.paid) * i.conversion_rate, 2)) as t from invoice_dues d join invoices i on i.company_id = d.company_id and i.id = d.invoice_id
          where d.company_id = ${company} and d.paid < d.amount and i.status = 'POSTED' and i.invoice_date <= '2026-12-31' group by 1`),
        check: (api, p) => same('receivable', api.receivable.total, p.find((r) => r.invoice_type === 'SALE')?.t),
      },
      {
        name: 'daily activity', url: `${R}/daily-activity?date=2026-06-16`,
        plain: rows(sql`select sum(${lira('total_amount')}) as t from invoices i where i.company_id = ${company} and i.invoice_type = 'SALE' and i.status = 'POSTED' and i.invoice_date = '2026-06-16'`),
        check: (api, p) => `${api.invoices.length} invoices, ${same('daily activity', api.sales.amount, p[0].t)}`,
      },
      {
        name: 'profit by product', url: `${R}/profit?${Y}&by=product`,
        plain: rows(sql`with c as (${avgCost}), s as (select l.product_id, sum(l.quantity) as q, sum(round(l.tax_base * i.conversion_rate, 2)) as rev
          from invoice_lines l join invoices i on i.company_id = l.company_id and i.id = l.invoice_id where l.company_id = ${company} and ${posted('SALE')} group by 1)
          select sum(s.rev) as rev, sum(round(s.q * coalesce(c.c, 0), 2)) as cost from s left join c on c.product_id = s.product_id`),
        check: (api, p) => `${fmt(api.rows.length)} products, ${same('profit', api.total.profit, Number(p[0].rev) - Number(p[0].cost))}`,
      },
      {
        name: 'profit by customer', url: `${R}/profit?${Y}&by=customer`,
        plain: rows(sql`select sum(round(l.tax_base * i.conversion_rate, 2)) as rev from invoice_lines l join invoices i on i.company_id = l.company_id and i.id = l.invoice_id
          where l.company_id = ${company} and ${posted('SALE')}`),
        check: (api, p) => `${fmt(api.rows.length)} customers, ${same('revenue', api.total.revenue, p[0].rev)}`,
      },
      {
        name: 'stock valuation', url: `${R}/stock-valuation?date=2026-12-31`,
        plain: rows(sql`with c as (${avgCost}) select sum(round(w.q * coalesce(c.c, 0), 2)) as v from
          (select product_id, sum(quantity) as q from warehouse_products where company_id = ${company} group by 1 having sum(quantity) <> 0) w left join c on c.product_id = w.product_id`),
        check: (api, p) => `${fmt(api.rows.length)} products, ${same('stock', api.total, p[0].v)}`,
      },
      {
        name: 'cash-flow forecast (90 d)', url: `${R}/cash-flow-forecast?startDate=${today}&endDate=${plus(90)}`,
        plain: rows(sql`select sum(round((d.amount - d.paid) * i.conversion_rate, 2)) as t from invoice_dues d join invoices i on i.company_id = d.company_id and i.id = d.invoice_id
          where d.company_id = ${company} and d.paid < d.amount and i.status = 'POSTED' and i.invoice_type = 'SALE' and d.due_date <= ${plus(90)}::date`),
        check: (api, p) => `${api.weeks.length} weeks, ${same('receivable dues', api.totals.receivables, p[0].t)}`,
      },
    ];
    console.log(`  median and worst of 7 calls after a warm-up (aim: every report < ${AIM} ms), beside the plain SQL aggregate`);
    console.log(`  ${'report'.padEnd(28)} ${'API median'.padStart(10)} ${'API worst'.padStart(10)} ${'SQL median'.padStart(10)} ${'SQL worst'.padStart(10)}`);
    let failed = false;
    for (const w of reports) {
      const api = await timed(get(`${server.url}${w.url}`, token));
      const plain = await timed(w.plain);
      const note = w.check(api.last, plain.last);
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

console.log(`reports bench: node ${process.version}, ${cpus().length} cpus, ${fmt(LINES)} journal lines, ${fmt(INVOICES)} invoices × 5 lines`);
for (const e of ENGINES) await benchEngine(e);
