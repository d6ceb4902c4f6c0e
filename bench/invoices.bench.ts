/**
 * Invoices posted per second, on the embedded engine and on a PostgreSQL server (DATABASE_URL):
 *
 * 1. Starts the real server with the demo data; in the demo general company (signed in as
 *    'muhasebe') creates through the API two goods with 1,000,000 units of opening stock each and
 *    three services, and finds the safe 'Merkez Kasa' and the customer 'Boğaziçi Otel İşletmeleri'.
 * 2. Through the API: BENCH_INVOICES (1,000) POST /invoices one after the other, each a SALE of
 *    five lines (two goods → two stock moves, three services; KDV 20 %, a 10 % discount on one line)
 *    with one CASH payment of part of the total into the safe; on PostgreSQL also the same number
 *    from BENCH_CONCURRENCY (8) clients at once (PGlite is one connection: sequential only).
 * 3. Raw SQL in the same run: the same number of transactions, each writing what one posted sale
 *    writes (the series counter, the invoice, 5 lines, 5 line taxes, 2 stock lines, the payment,
 *    the two products and their warehouse rows locked FOR UPDATE and updated, 2 stock movements, the
 *    invoice's entry and the payment's entry — each the fiscal year's counter, the entry, its lines,
 *    the daily totals — the entry ids written back, and the open amount's due where the schema
 *    has invoice_dues) one statement per row group, with pg or PGlite's own query, in the request
 *    role and company as the ledger bench's raw part does (BENCH_RAW_ROLE=owner: as the connecting
 *    owner role instead, no row-level security). The rows are copied from an invoice the API
 *    posted, so both paths write the same rows and amounts.
 * 4. Prints invoices/s (API sequential, API concurrent on PostgreSQL), raw transactions/s, the ratio
 *    API/raw and the aim (≥ 60 % of raw on PostgreSQL); then checks the books (every entry balances,
 *    debits = credits, gapless entry numbers, daily totals = lines) and the stock (down by exactly
 *    what was sold) and exits non-zero if either does not hold.
 *
 * Run: npm run bench:invoices   (BENCH_ENGINES=pglite|postgres to pick one, BENCH_INVOICES,
 * BENCH_CONCURRENCY, BENCH_WARM, BENCH_RAW_ROLE=owner, TEZGAH_PREPARE=0, BENCH_KEEP_DB=1 keeps the PostgreSQL database)
 */
import { randomBytes } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { sql, type Kysely } from 'kysely';
import { createServer } from '../packages/server/src/server';
import { loadConfig } from '../packages/server/src/config';
import { adminUrl, dropDatabase } from '../packages/server/test/snapshot';

const N = Number(process.env.BENCH_INVOICES ?? 1_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const ENGINES = (process.env.BENCH_ENGINES ?? (process.env.DATABASE_URL ? 'pglite,postgres' : 'pglite')).split(',');
const RAW_AS_OWNER = process.env.BENCH_RAW_ROLE === 'owner';
/**
 * Sales posted before the measured runs (BENCH_WARM), after which the tables are analyzed: a
 * running server's tables hold data and have statistics (autovacuum keeps them; an empty,
 * never-analyzed database is the odd case), and the plans PostgreSQL keeps for the server's
 * prepared statements are made from those statistics.
 */
const WARM = Number(process.env.BENCH_WARM ?? 200);
const AIM = 0.6;
const OPENING = 1_000_000;
const DAY = '2026-11-20';
const A = '/services/onmuhasebe/api';
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const pct = (x: number) => `${(x * 100).toFixed(0)} %`;
const load = () => loadavg().map((x) => x.toFixed(1)).join(' ');

async function signIn(url: string): Promise<string> {
  const r = await fetch(`${url}/api/authenticate`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'muhasebe', password: 'demo1234' }) });
  if (!r.ok) throw new Error(`sign-in failed: ${r.status}`);
  return r.headers.get('authorization')!.slice(7);
}

function client(url: string, token: string) {
  return async (method: string, path: string, body?: unknown, want = 200): Promise<any> => {
    const r = await fetch(`${url}${A}${path}`, {
      method, headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await r.text();
    if (r.status !== want) throw new Error(`${method} ${path}: ${r.status} ${text.slice(0, 400)}`);
    return text ? JSON.parse(text) : null;
  };
}

/** Runs `count` jobs on `workers` loops, each taking the next index; returns jobs per second. */
async function rate(count: number, workers: number, job: (i: number) => Promise<void>): Promise<number> {
  let next = 0;
  const t0 = performance.now();
  await Promise.all(Array.from({ length: workers }, async () => {
    while (next < count) await job(next++);
  }));
  return count / ((performance.now() - t0) / 1000);
}

// --- raw SQL ------------------------------------------------------------------------------------

type Q = (text: string, params?: unknown[]) => Promise<any[]>;
interface Raw {
  tx(fn: (q: Q) => Promise<void>): Promise<void>;
  close(): Promise<void>;
  /** Statements sent, the transaction's start and commit included. */
  statements: number;
}

function settings(company: number) {
  return RAW_AS_OWNER ? `select set_config('tezgah.company_id', '${company}', true)`
    : `select set_config('role', 'tezgah_app', true), set_config('tezgah.company_id', '${company}', true)`;
}

/** pg: a pool of its own on the bench database; a transaction starts with one statement, as the server's do. */
function rawPg(url: string, company: number, size: number): Raw {
  const pool = new pg.Pool({ connectionString: url, max: size });
  const start = `begin; ${settings(company)}`;
  return {
    statements: 0,
    async tx(fn) {
      const c = await pool.connect();
      try {
        await c.query(start);
        await fn(async (text, params) => { this.statements++; return (await c.query(text, params as unknown[])).rows; });
        await c.query('commit');
        this.statements += 2;
      } catch (e) {
        await c.query('rollback').catch(() => {});
        throw e;
      } finally {
        c.release();
      }
    },
    close: () => pool.end(),
  };
}

function rawPglite(pglite: PGlite, company: number): Raw {
  const set = settings(company);
  return {
    statements: 0,
    async tx(fn) {
      // begin, the settings, …, commit
      this.statements += 3;
      await pglite.transaction(async (t) => {
        await t.query(set);
        await fn(async (text, params) => { this.statements++; return (await t.query<any>(text, params)).rows; });
      });
    },
    close: async () => {},
  };
}

/** `($1, $2, …), (…)` for rows of values, numbered from `from`, and the flat parameters. */
function values(rows: unknown[][], from = 1): { text: string; params: unknown[] } {
  const params: unknown[] = [];
  const text = rows.map((r) => `(${r.map((v) => { params.push(v); return `$${from + params.length - 1}`; }).join(', ')})`).join(', ');
  return { text, params };
}

/** What one posted sale wrote, read back from an invoice the API posted: the raw path writes the same. */
interface Template {
  invoice: Record<string, any>;
  lines: Record<string, any>[];
  taxes: (Record<string, any> & { line_no: number })[];
  stocks: (Record<string, any> & { line_no: number })[];
  payment: Record<string, any>;
  moves: Record<string, any>[];
  entries: { entry: Record<string, any>; lines: Record<string, any>[] }[];
  /** The dues of what remained open (invoice_dues), where the schema has them. */
  dues: Record<string, any>[];
}

async function template(db: Kysely<any>, company: number, invoiceId: number): Promise<Template> {
  const rows = async (q: ReturnType<typeof sql>) => (await q.execute(db)).rows as Record<string, any>[];
  const invoice = (await rows(sql`select * from invoices where company_id = ${company} and id = ${invoiceId}`))[0]!;
  const lines = await rows(sql`select * from invoice_lines where company_id = ${company} and invoice_id = ${invoiceId} order by line_no`);
  const taxes = await rows(sql`select t.*, l.line_no from invoice_line_taxes t join invoice_lines l on l.company_id = t.company_id and l.id = t.line_id
    where t.company_id = ${company} and l.invoice_id = ${invoiceId} order by t.id`) as Template['taxes'];
  const stocks = await rows(sql`select s.*, l.line_no from invoice_stock_lines s join invoice_lines l on l.company_id = s.company_id and l.id = s.line_id
    where s.company_id = ${company} and l.invoice_id = ${invoiceId} order by s.id`) as Template['stocks'];
  const payments = await rows(sql`select * from invoice_payments where company_id = ${company} and invoice_id = ${invoiceId}`);
  const moves = await rows(sql`select * from stock_movements where company_id = ${company} and invoice_id = ${invoiceId} order by product_id, warehouse_id`);
  const entries = [];
  for (const [kind, id] of [['INVOICE', invoiceId], ['INVOICE_PAYMENT', payments[0]!.id]] as const) {
    const entry = (await rows(sql`select * from journal_entries where company_id = ${company} and source_kind = ${kind} and source_id = ${String(id)}`))[0]!;
    entries.push({ entry, lines: await rows(sql`select * from journal_lines where company_id = ${company} and entry_id = ${entry.id} order by line_no`) });
  }
  const hasDues = (await rows(sql`select to_regclass('invoice_dues') is not null as has`))[0]!.has;
  const dues = hasDues ? await rows(sql`select * from invoice_dues where company_id = ${company} and invoice_id = ${invoiceId} order by period_no`) : [];
  if (lines.length !== 5 || taxes.length !== 5 || stocks.length !== 2 || payments.length !== 1 || moves.length !== 2 || entries.some((e) => !e.entry)) {
    throw new Error(`the posted sale does not have the expected rows: ${lines.length} lines, ${taxes.length} taxes, ${stocks.length} stock lines, ${payments.length} payments, ${moves.length} movements`);
  }
  return { invoice, lines, taxes, stocks, payment: payments[0]!, moves, entries, dues };
}

const str = (v: unknown) => (v === null || v === undefined ? null : String(v));

/** One raw transaction's statements: the writes of one posted sale. */
async function rawSale(q: Q, company: number, t: Template, i: number): Promise<void> {
  const inv = t.invoice;
  const year = Number(DAY.slice(0, 4));
  const [series] = await q(`insert into invoice_series (company_id, series, year, last_no) values ($1, $2, $3, 1)
    on conflict (company_id, series, year) do update set last_no = invoice_series.last_no + 1 returning last_no`, [company, inv.series, year]);
  const seq = Number(series.last_no);
  const documentNo = `${inv.series}${year}${String(seq).padStart(9, '0')}`;
  const text = String(t.entries[0]!.entry.explanation).replace(String(inv.document_no), documentNo);
  const [row] = await q(`insert into invoices (company_id, invoice_type, status, current_id, invoice_date, document_no, series, sequence_no, currency_id,
      conversion_rate, explanation, subtotal, total_discount, tax_base, total_tax, withheld, total_amount, payable, paid, created_by)
    values ($1, 'SALE', 'POSTED', $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18) returning id`,
  [company, inv.current_id, DAY, documentNo, inv.series, seq, inv.currency_id, str(inv.conversion_rate), `Bench ham ${i}`, str(inv.subtotal),
    str(inv.total_discount), str(inv.tax_base), str(inv.total_tax), str(inv.withheld), str(inv.total_amount), str(inv.payable), str(inv.paid), inv.created_by]);
  const invoiceId = Number(row.id);
  // Content: lines, their taxes, their warehouses, the payment.
  const lv = values(t.lines.map((l) => [company, invoiceId, l.line_no, l.product_id, l.description, str(l.quantity), str(l.unit_price), JSON.stringify(l.discounts),
    l.account_code, l.moves_stock, str(l.gross), str(l.discount), str(l.document_discount), str(l.tax_base), str(l.tax), str(l.withheld), str(l.total)]));
  const lines = await q(`insert into invoice_lines (company_id, invoice_id, line_no, product_id, description, quantity, unit_price, discounts, account_code,
      moves_stock, gross, discount, document_discount, tax_base, tax, withheld, total) values ${lv.text} returning id, line_no`, lv.params);
  const lineId = new Map(lines.map((l) => [Number(l.line_no), Number(l.id)]));
  const tv = values(t.taxes.map((x) => [company, lineId.get(x.line_no), x.tax_id, x.tax_type, str(x.percentage), x.exception_code, str(x.base), str(x.amount)]));
  await q(`insert into invoice_line_taxes (company_id, line_id, tax_id, tax_type, percentage, exception_code, base, amount) values ${tv.text}`, tv.params);
  const sv = values(t.stocks.map((s) => [company, lineId.get(s.line_no), s.warehouse_id, str(s.quantity)]));
  await q(`insert into invoice_stock_lines (company_id, line_id, warehouse_id, quantity) values ${sv.text}`, sv.params);
  const p = t.payment;
  const [pay] = await q(`insert into invoice_payments (company_id, invoice_id, payment_type, amount, payment_date, safe_id) values ($1, $2, $3, $4, $5, $6) returning id`,
    [company, invoiceId, p.payment_type, str(p.amount), DAY, p.safe_id]);
  const paymentId = Number(pay.id);

  /** An entry: the year's counter, the entry, its lines, the day's totals per account. */
  const entry = async (e: Template['entries'][number], sourceKind: string, sourceId: number, explanation: string) => {
    const [n] = await q(`update fiscal_years set last_entry_no = last_entry_no + 1 where company_id = $1 and id = $2 returning last_entry_no`, [company, e.entry.fiscal_year_id]);
    const [je] = await q(`insert into journal_entries (company_id, fiscal_year_id, journal_id, entry_no, entry_date, explanation, source_kind, source_id, total, created_by)
      values ($1, $2, (select id from journals where company_id = $1 and fiscal_year_id = $2 and $3::date between start_date and end_date), $4, $3, $5, $6, $7, $8, $9) returning id`,
    [company, e.entry.fiscal_year_id, DAY, n.last_entry_no, explanation, sourceKind, String(sourceId), str(e.entry.total), e.entry.created_by]);
    const jv = values(e.lines.map((l) => [company, je.id, l.line_no, DAY, l.account_code, str(l.debit), str(l.credit), l.currency_id,
      l.explanation === null ? null : String(l.explanation).replace(String(inv.document_no), documentNo)]));
    await q(`insert into journal_lines (company_id, entry_id, line_no, entry_date, account_code, debit, credit, currency_id, explanation) values ${jv.text}`, jv.params);
    const daily = new Map<string, [number, number]>();
    for (const l of e.lines) {
      const x = daily.get(l.account_code) ?? [0, 0];
      daily.set(l.account_code, [x[0] + Math.round(Number(l.debit) * 100), x[1] + Math.round(Number(l.credit) * 100)]);
    }
    const dv = values([...daily].map(([acc, [d, c]]) => [company, acc, DAY, (d / 100).toFixed(2), (c / 100).toFixed(2)]));
    await q(`insert into ledger_daily (company_id, account_code, day, debit, credit) values ${dv.text}
      on conflict (company_id, account_code, day) do update set debit = ledger_daily.debit + excluded.debit, credit = ledger_daily.credit + excluded.credit`, dv.params);
    return Number(je.id);
  };
  // The invoice's entry first, then its stock, then the payment's entry (the API's order, so the same locks in the same order).
  const entryId = await entry(t.entries[0]!, 'INVOICE', invoiceId, text);
  const moves = t.moves;
  const pids = moves.map((m) => m.product_id);
  await q(`select id from products where company_id = $1 and id in (${pids.map((_, k) => `$${k + 2}`).join(', ')}) order by id for update`, [company, ...pids]);
  const wv = values(moves.map((m) => [company, m.warehouse_id, m.product_id, 0]));
  await q(`insert into warehouse_products (company_id, warehouse_id, product_id, quantity) values ${wv.text} on conflict (company_id, warehouse_id, product_id) do nothing`, wv.params);
  const keys = moves.map((_, k) => `($${2 * k + 2}::bigint, $${2 * k + 3}::bigint)`).join(', ');
  const keyParams = moves.flatMap((m) => [m.warehouse_id, m.product_id]);
  await q(`select id from warehouse_products where company_id = $1 and (warehouse_id, product_id) in (${keys}) order by product_id, warehouse_id for update`, [company, ...keyParams]);
  const qv = values(moves.map((m) => [m.warehouse_id, m.product_id, str(m.quantity)]), 2);
  const balances = await q(`update warehouse_products w set quantity = w.quantity - v.q::numeric, updated_at = now()
      from (values ${qv.text}) v(wh, pid, q) where w.company_id = $1 and w.warehouse_id = v.wh::bigint and w.product_id = v.pid::bigint
    returning w.warehouse_id, w.product_id, w.quantity`, [company, ...qv.params]);
  const pv = values(moves.map((m) => [m.product_id, str(m.quantity)]), 2);
  await q(`update products p set stock_quantity = p.stock_quantity - v.q::numeric from (values ${pv.text}) v(pid, q)
    where p.company_id = $1 and p.id = v.pid::bigint`, [company, ...pv.params]);
  const balanceOf = (m: Record<string, any>) => balances.find((b) => Number(b.product_id) === Number(m.product_id) && Number(b.warehouse_id) === Number(m.warehouse_id))!.quantity;
  const mv = values(moves.map((m) => [company, m.warehouse_id, m.product_id, m.kind, m.stock_type, m.reason, str(m.quantity), str(balanceOf(m)), invoiceId, text, m.created_by]));
  await q(`insert into stock_movements (company_id, warehouse_id, product_id, kind, stock_type, reason, quantity, balance, invoice_id, explanation, created_by)
    values ${mv.text}`, mv.params);
  const payEntry = await entry(t.entries[1]!, 'INVOICE_PAYMENT', paymentId, String(t.entries[1]!.entry.explanation).replace(String(inv.document_no), documentNo));
  await q(`update invoice_payments set entry_id = $1 where company_id = $2 and id = $3`, [payEntry, company, paymentId]);
  await q(`update invoices set entry_id = $1 where company_id = $2 and id = $3`, [entryId, company, invoiceId]);
  if (t.dues.length) {
    const dv = values(t.dues.map((x) => [company, invoiceId, x.current_id, x.period_no, str(x.due_date), str(x.amount)]));
    await q(`insert into invoice_dues (company_id, invoice_id, current_id, period_no, due_date, amount) values ${dv.text}`, dv.params);
  }
}

// --- checks -------------------------------------------------------------------------------------

async function checks(db: Kysely<any>, company: number, goods: { id: number; name: string; perSale: number }[], sold: number): Promise<boolean> {
  let ok = true;
  const one = async <T>(q: ReturnType<typeof sql>) => ((await q.execute(db)).rows[0] as T);
  const all = await one<{ d: string; c: string }>(sql`select coalesce(sum(debit), 0)::text as d, coalesce(sum(credit), 0)::text as c from journal_lines where company_id = ${company}`);
  const unbalanced = await one<{ n: number }>(sql`select count(*)::int as n from (
      select e.id from journal_entries e left join journal_lines l on l.company_id = e.company_id and l.entry_id = e.id
       where e.company_id = ${company} group by e.id, e.total having coalesce(sum(l.debit), 0) <> coalesce(sum(l.credit), 0) or coalesce(sum(l.debit), 0) <> e.total) x`);
  const numbers = await one<{ bad: number }>(sql`select count(*)::int as bad from (
      select y.id from fiscal_years y left join journal_entries e on e.company_id = y.company_id and e.fiscal_year_id = y.id
       where y.company_id = ${company} group by y.id, y.last_entry_no
      having y.last_entry_no <> count(e.id) or (count(e.id) > 0 and (min(e.entry_no) <> 1 or max(e.entry_no) <> count(e.id) or count(distinct e.entry_no) <> count(e.id)))) x`);
  const daily = await one<{ n: number }>(sql`select count(*)::int as n
      from (select account_code, entry_date as day, sum(debit) as d, sum(credit) as c from journal_lines where company_id = ${company} group by 1, 2) l
      full join (select account_code, day, debit, credit from ledger_daily where company_id = ${company}) x on x.account_code = l.account_code and x.day = l.day
     where l.d is distinct from x.debit or l.c is distinct from x.credit`);
  const books = all.d === all.c && unbalanced.n === 0 && numbers.bad === 0 && daily.n === 0;
  console.log(`  books: debit ${all.d} = credit ${all.c}: ${all.d === all.c ? 'yes' : 'NO'}; unbalanced entries ${unbalanced.n}; years with gaps or a wrong counter ${numbers.bad}; daily totals off ${daily.n} → ${books ? 'balanced' : 'NOT BALANCED'}`);
  ok &&= books;
  for (const g of goods) {
    const s = await one<{ product: string; warehouses: string; moved: string; moves: number }>(sql`select
        (select stock_quantity::text from products where company_id = ${company} and id = ${g.id}) as product,
        (select sum(quantity)::text from warehouse_products where company_id = ${company} and product_id = ${g.id}) as warehouses,
        (select coalesce(sum(quantity), 0)::text from stock_movements where company_id = ${company} and product_id = ${g.id} and kind = 'SALE') as moved,
        (select count(*)::int from stock_movements where company_id = ${company} and product_id = ${g.id} and kind = 'SALE') as moves`);
    const want = OPENING - g.perSale * sold;
    const good = Number(s.product) === want && Number(s.warehouses) === want && Number(s.moved) === g.perSale * sold && s.moves === sold;
    console.log(`  stock of ${g.name}: ${fmt(OPENING)} − ${fmt(sold)} × ${g.perSale} = ${fmt(want)} expected; product ${fmt(Number(s.product))}, warehouses ${fmt(Number(s.warehouses))}, ${fmt(s.moves)} SALE movements → ${good ? 'right' : 'WRONG'}`);
    ok &&= good;
  }
  const inv = await one<{ n: number; posted: number; entries: number }>(sql`select count(*)::int as n, count(*) filter (where status = 'POSTED')::int as posted,
      count(*) filter (where entry_id is not null)::int as entries from invoices where company_id = ${company} and invoice_type = 'SALE' and explanation like 'Bench %'`);
  const good = inv.n === sold && inv.posted === sold && inv.entries === sold;
  console.log(`  bench sales in the books: ${fmt(inv.n)} (${fmt(inv.posted)} posted, ${fmt(inv.entries)} with their entry), ${fmt(sold)} expected → ${good ? 'right' : 'WRONG'}`);
  return ok && good;
}

// --- one engine ---------------------------------------------------------------------------------

async function benchEngine(engine: string): Promise<boolean> {
  console.log(`\n== ${engine} ==  (load average at start: ${load()})`);
  let pglite: PGlite | undefined;
  let dbName: string | undefined;
  let env: Record<string, string> = { PORT: '0', HOST: '127.0.0.1', TEZGAH_DEMO: '1', DATABASE_URL: '', LOG_LEVEL: 'warn' };
  // TEZGAH_PREPARE=0 measures the server without its prepared statements.
  if (process.env.TEZGAH_PREPARE) env.TEZGAH_PREPARE = process.env.TEZGAH_PREPARE;
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
  const db = server.database.db as unknown as Kysely<any>;
  let raw: Raw | undefined;
  try {
    const token = await signIn(server.url);
    const api = client(server.url, token);
    const company = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).cid as number;

    // Setup, through the API.
    const customer = (await api('GET', '/currents?size=100')).find((c: any) => c.name === 'Boğaziçi Otel İşletmeleri');
    const safe = (await api('GET', '/safes?size=100')).find((s: any) => s.name === 'Merkez Kasa');
    const unitId = (await api('GET', '/units?size=100')).find((u: any) => u.name === 'Adet')?.id;
    const warehouses = await api('GET', '/warehouses?size=100');
    const warehouseId = (warehouses.find((w: any) => w.isDefault) ?? warehouses[0])?.id;
    if (!customer || !safe || !unitId || !warehouseId) throw new Error('demo data missing: customer, safe, unit or warehouse');
    const tag = randomBytes(3).toString('hex');
    const product = (name: string, service: boolean, salePrice: number) => api('POST', '/products', {
      name: `${name} ${tag}`, barcode: `BENCH${tag}${name.replace(/\W/g, '')}`, productType: service ? 'SERVICE_GIVEN' : 'COMMERCIAL_GOODS', unitId,
      buyingCurrencyId: 1, saleCurrencyId: 1, defaultTaxRate: 20, warehouseId: service ? null : warehouseId, salePrice, buyingPrice: salePrice * 0.6,
      ...(service ? {} : { openingStock: OPENING }),
    }, 201);
    const g1 = await product('Koli Bandı', false, 120.5);
    const g2 = await product('A4 Fotokopi Kağıdı', false, 75);
    const s1 = await product('Kurulum', true, 1500);
    const s2 = await product('Danışmanlık Saati', true, 250);
    const s3 = await product('Bakım Aylık', true, 99.9);
    const goods = [{ id: g1.id as number, name: g1.name as string, perSale: 3 }, { id: g2.id as number, name: g2.name as string, perSale: 2 }];
    const sale = (i: number) => ({
      invoiceType: 'SALE', currentId: customer.id, date: DAY, explanation: `Bench ${i}`,
      products: [
        { productId: g1.id, quantity: 3, unitPrice: 120.5, discounts: [{ type: 'PERCENTAGE', percentage: 10 }] },
        { productId: g2.id, quantity: 2, unitPrice: 75 },
        { productId: s1.id, quantity: 1, unitPrice: 1500 },
        { productId: s2.id, quantity: 2, unitPrice: 250 },
        { productId: s3.id, quantity: 1, unitPrice: 99.9 },
      ],
      payments: [{ paymentType: 'CASH', amount: 500, safeId: safe.id }],
    });
    const postOne = async (i: number) => { await api('POST', '/invoices', sale(i), 201); };

    // Warm-up (not timed), and the shape of one posted sale.
    const first = await api('POST', '/invoices', sale(-1), 201);
    const kdv = first.taxSummary.map((t: any) => `${t.taxType} ${t.percentage} %`).join(', ');
    console.log(`  one sale: ${first.documentNo}, ${first.products.length} lines (${first.products.filter((l: any) => l.movesStock).length} goods), ${kdv}, total ${first.totalAmount} TL, paid ${first.paid} in cash (${first.paymentStatus})`);
    for (let i = 1; i < WARM; i++) await postOne(-1 - i);
    await sql`analyze`.execute(db);
    const t = await template(db, company, first.id);
    let sold = WARM;

    // Through the API, one after the other.
    const stmts0 = server.database.stats.statements;
    const apiSeq = await rate(N, 1, postOne);
    const perInvoice = (server.database.stats.statements - stmts0) / N;
    sold += N;

    // Raw SQL, one after the other.
    raw = pglite ? rawPglite(pglite, company) : rawPg(env.DATABASE_URL!, company, CONCURRENCY);
    const rawOne = (i: number) => raw!.tx((q) => rawSale(q, company, t, i));
    for (let i = 0; i < WARM; i++) await rawOne(-1 - i);
    sold += WARM;
    const rawStmts0 = raw.statements;
    const rawSeq = await rate(N, 1, rawOne);
    const rawPerTx = (raw.statements - rawStmts0) / N;
    sold += N;

    console.log(`  API, sequential:  ${fmt(apiSeq)} invoices/s (${perInvoice.toFixed(0)} statements each)`);
    console.log(`  raw, sequential:  ${fmt(rawSeq)} transactions/s (${rawPerTx.toFixed(0)} statements each${RAW_AS_OWNER ? ', as the owner role' : ''})`);
    console.log(`  API / raw:        ${pct(apiSeq / rawSeq)}${engine === 'postgres' ? ` (aim ≥ ${pct(AIM)} → ${apiSeq / rawSeq >= AIM ? 'met' : 'not met'})` : ''}`);

    if (engine === 'postgres') {
      const apiConc = await rate(N, CONCURRENCY, postOne);
      sold += N;
      const rawConc = await rate(N, CONCURRENCY, rawOne);
      sold += N;
      console.log(`  API, ${CONCURRENCY} clients:   ${fmt(apiConc)} invoices/s`);
      console.log(`  raw, ${CONCURRENCY} clients:   ${fmt(rawConc)} transactions/s`);
      console.log(`  API / raw:        ${pct(apiConc / rawConc)} (aim ≥ ${pct(AIM)} → ${apiConc / rawConc >= AIM ? 'met' : 'not met'})`);
    }
    console.log(`  load average at end: ${load()}`);
    return await checks(db, company, goods, sold);
  } finally {
    await raw?.close();
    await server.close();
    if (dbName && process.env.BENCH_KEEP_DB) console.log(`  kept the database ${dbName} (BENCH_KEEP_DB)`);
    else if (dbName) await dropDatabase(process.env.DATABASE_URL!, dbName);
  }
}

console.log(`invoices bench: node ${process.version}, ${cpus().length} cpus, ${fmt(N)} invoices per run, ${CONCURRENCY} clients for the concurrent run`);
let ok = true;
for (const e of ENGINES) ok = (await benchEngine(e)) && ok;
if (!ok) {
  console.log('\nchecks failed');
  process.exitCode = 1;
}
