import Decimal from 'decimal.js';
import { sql, type RawBuilder } from 'kysely';
import { Problem, problems } from '@tezgah/server';
import { ACCOUNT_JSON, accountOf, accountsByCode, type LedgerAccount, type LedgerDb } from './accounts';
import { currentAccount } from './money';

/** An amount as the API carries it (a JSON number or a decimal string) or as code holds it. */
export type Amount = string | number | Decimal;

export interface PostingLine {
  /** A postable account of the company's chart (a leaf: 100.01, 600, 191 …). */
  account: string;
  debit?: Amount | null;
  credit?: Amount | null;
  /** The line's own currency when it is not the lira: its amount in that currency and the rate. */
  currencyId?: number | null;
  amountFc?: Amount | null;
  rate?: Amount | null;
  explanation?: string | null;
}

export interface PostingEntry {
  /** The entry's date, YYYY-MM-DD: inside an active fiscal year and an unlocked journal. */
  date: string;
  explanation: string;
  /** What is posted (an invoice, a collection, a safe's opening balance …): posted once. */
  source: { kind: string; id: string | number };
  lines: PostingLine[];
  createdBy?: string | null;
}

export interface Posted {
  id: number;
  entryNo: number;
  fiscalYearId: number;
  journalId: number;
  date: string;
  /** The entry's total (its debits, equal to its credits), two decimals. */
  total: string;
}

/**
 * The accounting plugin's posting service, offered to every server plugin as `accounting.ledger`
 * (ServerPlugin.provides): the only writer of journal entries and lines.
 */
export interface LedgerService {
  post(db: unknown, companyId: number, entry: PostingEntry): Promise<Posted>;
  reverse(db: unknown, companyId: number, entryId: number, opts?: { date?: string; explanation?: string; createdBy?: string | null }): Promise<Posted>;
  /**
   * A current account's own ledger sub-account (120.001 for a customer …), made on its first use:
   * the account another plugin's collection from that current posts to (400 CURRENT_NOT_FOUND
   * naming `currentId` when the company has no such current).
   */
  currentAccount(db: unknown, companyId: number, currentId: number): Promise<string>;
}
export const LEDGER_SERVICE = 'accounting.ledger';

const MAX = new Decimal('1e15');
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isDay(s: string): boolean {
  const m = DAY.exec(s);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

/** An amount as a Decimal with at most two decimals, or a 400 naming the line's field. */
export function money(v: Amount, field: string): Decimal {
  let d: Decimal;
  try {
    d = v instanceof Decimal ? v : new Decimal(typeof v === 'number' ? String(v) : v.trim());
  } catch {
    throw problems.invalidField(field, 'Geçerli bir tutar girin.', 'AMOUNT');
  }
  if (!d.isFinite() || d.decimalPlaces() > 2) throw problems.invalidField(field, 'Tutar en fazla iki ondalık basamak taşır.', 'AMOUNT');
  if (d.abs().gte(MAX)) throw problems.invalidField(field, 'Tutar çok büyük.', 'AMOUNT');
  return d;
}

const unbalanced = (d: Decimal, c: Decimal) => new Problem(400, 'Fiş dengesiz', {
  detail: `Borç ve alacak toplamları eşit olmalı (borç ${d.toFixed(2)}, alacak ${c.toFixed(2)}).`, code: 'UNBALANCED_ENTRY',
});

/** An entry's own checks, before anything is read: date, text, source, lines, balance. */
function validated(e: PostingEntry) {
  if (!isDay(e.date)) throw problems.invalidField('date', 'Geçerli bir tarih girin (YYYY-AA-GG).', 'DATE');
  const explanation = e.explanation.trim();
  if (!explanation) throw problems.invalidField('explanation', 'Açıklama zorunludur.', 'REQUIRED');
  const sourceKind = e.source.kind;
  const sourceId = String(e.source.id);
  if (!/^[A-Z][A-Z0-9_]*$/.test(sourceKind) || sourceId === '') throw new Error(`invalid posting source ${sourceKind}:${sourceId}`);
  if (e.lines.length < 2) throw problems.badRequest('Bir fiş en az iki satır taşır (bir borç, bir alacak).');

  let debit = new Decimal(0);
  let credit = new Decimal(0);
  const lines = e.lines.map((l, i) => {
    const d = l.debit == null ? new Decimal(0) : money(l.debit, `lines[${i}].debit`);
    const c = l.credit == null ? new Decimal(0) : money(l.credit, `lines[${i}].credit`);
    if (d.isNegative() || c.isNegative() || d.isZero() === c.isZero()) {
      throw problems.invalidField(`lines[${i}]`, 'Her satırda ya borç ya alacak tutarı olur, sıfırdan büyük.', 'LINE_AMOUNT');
    }
    debit = debit.plus(d);
    credit = credit.plus(c);
    return {
      account: l.account, debit: d, credit: c,
      currencyId: l.currencyId ?? 1,
      amountFc: l.amountFc == null ? null : money(l.amountFc, `lines[${i}].amountFc`),
      rate: l.rate == null ? null : new Decimal(String(l.rate)),
      explanation: l.explanation?.trim() || null,
    };
  });
  if (!debit.eq(credit)) throw unbalanced(debit, credit);
  return { explanation, sourceKind, sourceId, lines, debit };
}

/**
 * Every line's account is in the chart, active and postable: those in `read` (accounts the caller
 * read in this transaction) are checked as they are, the others read in one statement.
 */
async function checkAccounts(db: LedgerDb, companyId: number, entries: { account: string }[][], read?: ReadonlyMap<string, LedgerAccount>) {
  const accounts = new Map<string, LedgerAccount>();
  const missing = new Set<string>();
  for (const lines of entries) {
    for (const l of lines) {
      const a = read?.get(l.account);
      if (a) accounts.set(l.account, a);
      else missing.add(l.account);
    }
  }
  if (missing.size) for (const [code, a] of await accountsByCode(db, companyId, [...missing])) accounts.set(code, a);
  for (const lines of entries) {
    for (const [i, l] of lines.entries()) {
      const a = accounts.get(l.account);
      if (!a || !a.active) throw problems.invalidField(`lines[${i}].account`, `${l.account} hesabı hesap planında yok.`, 'ACCOUNT_NOT_FOUND');
      if (a.header || !a.postable) {
        throw new Problem(400, 'Başlık hesabı', {
          detail: `${a.code} ${a.name} bir başlık hesabıdır; kayıt alt hesaplarından birine yapılır.`, code: 'HEADER_ACCOUNT',
          fieldErrors: [{ field: `lines[${i}].account`, message: `${a.code} başlık hesabıdır.`, code: 'HEADER_ACCOUNT' }],
        });
      }
    }
  }
}

/**
 * Posts one entry: refuses, with a problem a person can read, an entry whose debits and credits
 * differ, a date outside an active fiscal year ('Defined fiscal year not found'), inside a locked
 * or missing journal period, a header or unknown account, and a source already posted (unless
 * every earlier entry of it was reversed). The entry takes the fiscal year's next number under the
 * year's row lock, so numbers have no gaps whatever runs at once. `read`: accounts the caller read
 * in this transaction already (an invoice's request read); they are checked like the others, and
 * only the codes not among them are read.
 */
export async function post(db: LedgerDb, companyId: number, e: PostingEntry, reverses: number | null = null, read?: ReadonlyMap<string, LedgerAccount>): Promise<Posted> {
  const { explanation, sourceKind, sourceId, lines, debit } = validated(e);
  await checkAccounts(db, companyId, [lines], read);

  // One statement: the fiscal year and the journal period of the day (FOR SHARE: locking or
  // deleting the period waits for this posting, and this one for them) and, for a first posting of
  // a source, the source's advisory lock (one posting per source at a time).
  const lockKey = reverses === null ? `${companyId}:${sourceKind}:${sourceId}` : null;
  const found = (await sql<{ year_id: number; journal_id: number | null; locked: boolean | null; period: number | null }>`
    select y.id as year_id, j.id as journal_id, j.locked, j.period
           ${lockKey === null ? sql`` : sql`, pg_advisory_xact_lock(hashtext('tezgah.ledger.source'), hashtext(${lockKey})) as source_lock`}
      from (select id from fiscal_years
             where company_id = ${companyId} and active and start_date <= ${e.date}::date and end_date >= ${e.date}::date
             order by start_date desc limit 1) y
      left join lateral (select id, locked, period from journals
             where company_id = ${companyId} and fiscal_year_id = y.id and start_date <= ${e.date}::date and end_date >= ${e.date}::date
             limit 1 for share) j on true`.execute(db)).rows[0];
  if (!found) throw new Problem(400, 'Mali yıl yok', { detail: 'Defined fiscal year not found', code: 'FISCAL_YEAR_NOT_FOUND' });
  if (found.journal_id === null) {
    throw new Problem(400, 'Yevmiye dönemi yok', { detail: `${e.date} tarihini kapsayan bir yevmiye dönemi yok.`, code: 'JOURNAL_NOT_FOUND' });
  }
  if (found.locked) {
    throw new Problem(409, 'Dönem kilitli', { detail: `${e.date} tarihi kilitli bir yevmiye döneminde (${found.period}. dönem); önce kilidi açın.`, code: 'JOURNAL_LOCKED' });
  }
  const yearId = Number(found.year_id);
  const journalId = Number(found.journal_id);

  // The day's totals per account, beside the lines (the trial balance reads them).
  const perAccount = new Map<string, { d: Decimal; c: Decimal }>();
  for (const l of lines) {
    const x = perAccount.get(l.account) ?? { d: new Decimal(0), c: new Decimal(0) };
    perAccount.set(l.account, { d: x.d.plus(l.debit), c: x.c.plus(l.credit) });
  }
  const total = debit.toFixed(2);
  const lineRows = sql.join(lines.map((l, i) => sql`(${i + 1}::int, ${l.account}::text, ${l.debit.toFixed(2)}::numeric, ${l.credit.toFixed(2)}::numeric,
    ${l.currencyId}::int, ${l.amountFc?.toFixed(2) ?? null}::numeric, ${l.rate?.toString() ?? null}::numeric, ${l.explanation}::text)`));
  const dailyRows = sql.join([...perAccount].map(([account, x]) => sql`(${account}::text, ${x.d.toFixed(2)}::numeric, ${x.c.toFixed(2)}::numeric)`));
  // One statement, after the lock (its snapshot sees every posting the lock waited for): is the
  // source posted already and not reversed (a reversal: is its entry reversed already)? If not,
  // the year's next entry number (the UPDATE holds the year's row to the commit: numbers without
  // gaps), the entry, its lines and the day's totals.
  const written = (await sql<{ id: number | null; entry_no: number | null; live_no: number | null; done_no: number | null }>`
    with live as (
      select e.entry_no from journal_entries e
       where ${reverses === null} and e.company_id = ${companyId} and e.source_kind = ${sourceKind} and e.source_id = ${sourceId} and e.reverses_id is null
         and not exists (select 1 from journal_entries r where r.company_id = e.company_id and r.reverses_id = e.id)
       limit 1
    ), done as (
      select r.entry_no from journal_entries r where ${reverses !== null} and r.company_id = ${companyId} and r.reverses_id = ${reverses}::bigint limit 1
    ), counter as (
      update fiscal_years set last_entry_no = last_entry_no + 1
       where company_id = ${companyId} and id = ${yearId} and not exists (select 1 from live) and not exists (select 1 from done)
       returning last_entry_no
    ), entry as (
      insert into journal_entries (company_id, fiscal_year_id, journal_id, entry_no, entry_date, explanation, source_kind, source_id, reverses_id, total, created_by)
      select ${companyId}, ${yearId}, ${journalId}, counter.last_entry_no, ${e.date}::date, ${explanation.slice(0, 500)}, ${sourceKind}, ${sourceId},
             ${reverses}::bigint, ${total}::numeric, ${e.createdBy ?? null}::text
        from counter
      returning id, entry_no
    ), entry_lines as (
      insert into journal_lines (company_id, entry_id, line_no, entry_date, account_code, debit, credit, currency_id, amount_fc, rate, explanation)
      select ${companyId}, entry.id, v.line_no, ${e.date}::date, v.account, v.debit, v.credit, v.currency_id, v.amount_fc, v.rate, v.explanation
        from entry cross join (values ${lineRows}) as v(line_no, account, debit, credit, currency_id, amount_fc, rate, explanation)
    ), daily as (
      insert into ledger_daily (company_id, account_code, day, debit, credit)
      select ${companyId}, v.account, ${e.date}::date, v.debit, v.credit
        from entry cross join (values ${dailyRows}) as v(account, debit, credit)
      on conflict (company_id, account_code, day) do update set debit = ledger_daily.debit + excluded.debit, credit = ledger_daily.credit + excluded.credit
    )
    select entry.id, entry.entry_no, (select entry_no from live) as live_no, (select entry_no from done) as done_no from (select 1) as one left join entry on true`.execute(db)).rows[0]!;
  if (written.id === null && written.done_no !== null) throw problems.conflict(`Bu fiş ${written.done_no} numaralı fişle zaten ters kaydedildi.`, 'ALREADY_REVERSED');
  if (written.id === null) {
    throw new Problem(409, 'Zaten kayıtlı', { detail: `Bu kayıt (${sourceKind} ${sourceId}) ${written.live_no} numaralı fişle muhasebeleşti; önce o fiş ters kayıtla iptal edilmeli.`, code: 'ALREADY_POSTED' });
  }
  return { id: Number(written.id), entryNo: Number(written.entry_no), fiscalYearId: yearId, journalId, date: e.date, total };
}

/**
 * Posts several first entries (none reverses another) at once, with `post`'s checks and
 * guarantees, in two statements whatever their number: the fiscal years and journal periods of
 * their days (FOR SHARE) with every source's advisory lock, then — after the locks — "is any of
 * the sources posted already?", the years' next numbers (in the order given: gapless, under the
 * years' row locks), the entries, their lines and the days' totals. All or none: one source posted
 * already refuses them all (409 ALREADY_POSTED). Answers in the order given. An invoice posts
 * its own entry and its payments' this way.
 */
export async function postMany(db: LedgerDb, companyId: number, entries: PostingEntry[], read?: ReadonlyMap<string, LedgerAccount>): Promise<Posted[]> {
  if (entries.length === 0) return [];
  if (entries.length === 1) return [await post(db, companyId, entries[0]!, null, read)];
  return postAll(db, companyId, entries, read, null);
}

/**
 * postMany's work, for first entries (`reverses` null) or for reversals (`reverses[i]`: the entry
 * the i-th reverses, locked by the caller): a reversal takes no source lock, and instead of "is a
 * source posted already?" its statement asks "is any of the entries reversed already?" (409
 * ALREADY_REVERSED, all or none).
 */
async function postAll(db: LedgerDb, companyId: number, entries: PostingEntry[], read: ReadonlyMap<string, LedgerAccount> | undefined, reverses: number[] | null): Promise<Posted[]> {
  const all = entries.map((e) => ({ ...validated(e), date: e.date, createdBy: e.createdBy ?? null }));
  if (new Set(all.map((x) => `${x.sourceKind}:${x.sourceId}`)).size !== all.length) throw new Error('postMany: a source appears twice');
  await checkAccounts(db, companyId, all.map((x) => x.lines), read);

  const days = sql.join(all.map((x, i) => sql`(${i}::int, ${x.date}::date, ${`${companyId}:${x.sourceKind}:${x.sourceId}`}::text)`));
  const found = (await sql<{ i: number; year_id: number | null; journal_id: number | null; locked: boolean | null; period: number | null }>`
    select v.i, y.id as year_id, j.id as journal_id, j.locked, j.period
           ${reverses === null ? sql`, pg_advisory_xact_lock(hashtext('tezgah.ledger.source'), hashtext(v.k)) as source_lock` : sql``}
      from (values ${days}) as v(i, d, k)
      left join lateral (select id from fiscal_years
             where company_id = ${companyId} and active and start_date <= v.d and end_date >= v.d
             order by start_date desc limit 1) y on true
      left join lateral (select id, locked, period from journals
             where company_id = ${companyId} and fiscal_year_id = y.id and start_date <= v.d and end_date >= v.d
             limit 1 for share) j on true
     order by v.i`.execute(db)).rows;
  const periods = all.map((x, i) => {
    const f = found.find((r) => Number(r.i) === i);
    if (!f || f.year_id === null) throw new Problem(400, 'Mali yıl yok', { detail: 'Defined fiscal year not found', code: 'FISCAL_YEAR_NOT_FOUND' });
    if (f.journal_id === null) {
      throw new Problem(400, 'Yevmiye dönemi yok', { detail: `${x.date} tarihini kapsayan bir yevmiye dönemi yok.`, code: 'JOURNAL_NOT_FOUND' });
    }
    if (f.locked) {
      throw new Problem(409, 'Dönem kilitli', { detail: `${x.date} tarihi kilitli bir yevmiye döneminde (${f.period}. dönem); önce kilidi açın.`, code: 'JOURNAL_LOCKED' });
    }
    return { yearId: Number(f.year_id), journalId: Number(f.journal_id) };
  });

  // Numbers: each year's counter goes up by its entries' count; an entry takes its place among them.
  const perYear = new Map<number, number>();
  const place = periods.map((p) => {
    const n = (perYear.get(p.yearId) ?? 0) + 1;
    perYear.set(p.yearId, n);
    return n;
  });
  const counts = sql.join([...perYear].map(([y, n]) => sql`(${y}::bigint, ${n}::int)`));
  const sources = sql.join(all.map((x) => sql`(${x.sourceKind}::text, ${x.sourceId}::text)`));
  const heads = sql.join(all.map((x, i) => sql`(${periods[i]!.yearId}::bigint, ${periods[i]!.journalId}::bigint, ${perYear.get(periods[i]!.yearId)! - place[i]!}::int,
    ${x.date}::date, ${x.explanation.slice(0, 500)}::text, ${x.sourceKind}::text, ${x.sourceId}::text, ${x.debit.toFixed(2)}::numeric, ${x.createdBy}::text,
    ${reverses?.[i] ?? null}::bigint)`));
  const lineRows = sql.join(all.flatMap((x) => x.lines.map((l, i) => sql`(${x.sourceKind}::text, ${x.sourceId}::text, ${i + 1}::int, ${x.date}::date,
    ${l.account}::text, ${l.debit.toFixed(2)}::numeric, ${l.credit.toFixed(2)}::numeric, ${l.currencyId}::int, ${l.amountFc?.toFixed(2) ?? null}::numeric,
    ${l.rate?.toString() ?? null}::numeric, ${l.explanation}::text)`)));
  // The days' totals per account over all the entries (one row per account and day: an upsert
  // may not touch a row twice).
  const daily = new Map<string, { account: string; day: string; d: Decimal; c: Decimal }>();
  for (const x of all) {
    for (const l of x.lines) {
      const key = `${l.account}|${x.date}`;
      const t = daily.get(key) ?? { account: l.account, day: x.date, d: new Decimal(0), c: new Decimal(0) };
      daily.set(key, { ...t, d: t.d.plus(l.debit), c: t.c.plus(l.credit) });
    }
  }
  const dailyRows = sql.join([...daily.values()].map((t) => sql`(${t.account}::text, ${t.day}::date, ${t.d.toFixed(2)}::numeric, ${t.c.toFixed(2)}::numeric)`));
  const written = (await sql<{ source_kind: string | null; source_id: string | null; id: number | null; entry_no: number | null; live_no: number | null; live_kind: string | null; live_id: string | null }>`
    with live as (${reverses === null
      ? sql`select e.entry_no, e.source_kind, e.source_id from journal_entries e
       where e.company_id = ${companyId} and (e.source_kind, e.source_id) in (values ${sources}) and e.reverses_id is null
         and not exists (select 1 from journal_entries r where r.company_id = e.company_id and r.reverses_id = e.id)
       limit 1`
      // A reversal: its entry reversed already (by the reversal whose number is given).
      : sql`select r.entry_no, e.source_kind, e.source_id from journal_entries r join journal_entries e on e.company_id = r.company_id and e.id = r.reverses_id
       where r.company_id = ${companyId} and r.reverses_id = any(${reverses}::bigint[])
       limit 1`}
    ), counter as (
      update fiscal_years y set last_entry_no = y.last_entry_no + v.n
        from (values ${counts}) as v(id, n)
       where y.company_id = ${companyId} and y.id = v.id and not exists (select 1 from live)
       returning y.id, y.last_entry_no
    ), entry as (
      insert into journal_entries (company_id, fiscal_year_id, journal_id, entry_no, entry_date, explanation, source_kind, source_id, total, created_by, reverses_id)
      select ${companyId}, h.year_id, h.journal_id, counter.last_entry_no - h.back, h.day, h.explanation, h.kind, h.source, h.total, h.created_by, h.reverses
        from (values ${heads}) as h(year_id, journal_id, back, day, explanation, kind, source, total, created_by, reverses)
        join counter on counter.id = h.year_id
      returning id, entry_no, source_kind, source_id
    ), entry_lines as (
      insert into journal_lines (company_id, entry_id, line_no, entry_date, account_code, debit, credit, currency_id, amount_fc, rate, explanation)
      select ${companyId}, entry.id, v.line_no, v.day, v.account, v.debit, v.credit, v.currency_id, v.amount_fc, v.rate, v.explanation
        from (values ${lineRows}) as v(kind, source, line_no, day, account, debit, credit, currency_id, amount_fc, rate, explanation)
        join entry on entry.source_kind = v.kind and entry.source_id = v.source
    ), daily as (
      insert into ledger_daily (company_id, account_code, day, debit, credit)
      select ${companyId}, v.account, v.day, v.debit, v.credit
        from (values ${dailyRows}) as v(account, day, debit, credit)
       where exists (select 1 from entry)
      on conflict (company_id, account_code, day) do update set debit = ledger_daily.debit + excluded.debit, credit = ledger_daily.credit + excluded.credit
    )
    select entry.source_kind, entry.source_id, entry.id, entry.entry_no, live.entry_no as live_no, live.source_kind as live_kind, live.source_id as live_id
      from (select 1) as one left join entry on true left join live on true`.execute(db)).rows;
  const live = written.find((r) => r.live_no !== null);
  if (live && reverses !== null) throw problems.conflict(`Bu fiş ${live.live_no} numaralı fişle zaten ters kaydedildi.`, 'ALREADY_REVERSED');
  if (live) {
    throw new Problem(409, 'Zaten kayıtlı', { detail: `Bu kayıt (${live.live_kind} ${live.live_id}) ${live.live_no} numaralı fişle muhasebeleşti; önce o fiş ters kayıtla iptal edilmeli.`, code: 'ALREADY_POSTED' });
  }
  return all.map((x, i) => {
    const w = written.find((r) => r.source_kind === x.sourceKind && r.source_id === x.sourceId);
    if (!w || w.id === null) throw new Error(`postMany: ${x.sourceKind}:${x.sourceId} was not written`);
    return { id: Number(w.id), entryNo: Number(w.entry_no), fiscalYearId: periods[i]!.yearId, journalId: periods[i]!.journalId, date: x.date, total: x.debit.toFixed(2) };
  });
}

/** A journal entry as reversing reads it: the row (locked), its lines in order and their accounts. */
interface Reversible {
  id: number; entry_no: number; entry_date: string; explanation: string; source_kind: string; source_id: string; reverses_id: number | null;
  /** Its period is open (the first journal covering its day is not locked). */
  open: boolean | null;
  lines: { account: string; debit: string; credit: string; currency_id: number | null; amount_fc: string | null; rate: string | null; explanation: string | null }[];
  accounts: Parameters<typeof accountOf>[0][] | null;
}

/**
 * ONE statement: the entries `where` picks, locked (FOR UPDATE, newest first), with their lines
 * (insert-only, so what this statement's snapshot sees of them is all there is) and the accounts
 * those lines name. Whether an entry is reversed already is not read here: a concurrent reversal
 * may commit while this waits for the lock, and the posting's own statement, after it, sees it.
 */
function reversibles(companyId: number, where: RawBuilder<unknown>) {
  return sql<Reversible>`
    select e.id, e.entry_no, to_char(e.entry_date, 'YYYY-MM-DD') as entry_date, e.explanation, e.source_kind, e.source_id, e.reverses_id,
           (select not j.locked from journals j where j.company_id = e.company_id and j.start_date <= e.entry_date and j.end_date >= e.entry_date limit 1) as open,
           (select json_agg(json_build_object('account', l.account_code, 'debit', l.debit::text, 'credit', l.credit::text, 'currency_id', l.currency_id,
                     'amount_fc', l.amount_fc::text, 'rate', l.rate::text, 'explanation', l.explanation) order by l.line_no)
              from journal_lines l where l.company_id = e.company_id and l.entry_id = e.id) as lines,
           (select json_agg(${ACCOUNT_JSON})
              from ledger_accounts a where a.company_id = e.company_id
               and a.code in (select l.account_code from journal_lines l where l.company_id = e.company_id and l.entry_id = e.id)) as accounts
      from journal_entries e
     where e.company_id = ${companyId} and ${where}
     order by e.id desc
       for update of e`;
}

/** The reversal of an entry read by `reversibles`: every line's debit and credit swapped. */
function reversalOf(original: Reversible, date: string, explanation: string | undefined, createdBy: string | null): PostingEntry {
  return {
    date,
    explanation: explanation ?? `İptal: ${original.explanation}`,
    source: { kind: original.source_kind, id: original.source_id },
    createdBy,
    lines: (original.lines ?? []).map((l) => ({
      account: l.account, debit: new Decimal(l.credit).gt(0) ? l.credit : null, credit: new Decimal(l.debit).gt(0) ? l.debit : null,
      currencyId: l.currency_id, amountFc: l.amount_fc, rate: l.rate, explanation: l.explanation,
    })),
  };
}

/**
 * Reverses an entry: a new entry with every line's debit and credit swapped, naming the entry it
 * reverses (once only; a reversal itself is not reversed). Dated like the original unless told
 * otherwise (a locked period takes its correction in an open one). Three statements: the entry
 * locked with its lines and their accounts (`reversibles`), then the posting's two; "reversed
 * already?" is asked in the posting's last one, after the lock.
 */
export async function reverse(db: LedgerDb, companyId: number, entryId: number, opts: { date?: string; explanation?: string; createdBy?: string | null } = {}): Promise<Posted> {
  const original = (await reversibles(companyId, sql`e.id = ${entryId}`).execute(db)).rows[0];
  if (!original) throw problems.notFound('Yevmiye fişi');
  if (original.reverses_id !== null) throw problems.conflict('Ters kayıt fişi yeniden ters kaydedilemez.', 'IS_REVERSAL');
  const read = new Map((original.accounts ?? []).map((a) => [a.code, accountOf(a)]));
  return post(db, companyId, reversalOf(original, opts.date ?? original.entry_date, opts.explanation, opts.createdBy ?? null), entryId, read);
}

/**
 * Reverses the live entries `where` picks (a condition on journal_entries `e`; those reversed
 * already or reversals themselves are left out), newest first, as `reverse` does each, in four
 * statements whatever their number: the entries locked with their lines and accounts, then one
 * posting call for all the reversals (postMany's two: the years and periods, then — after the
 * locks — "is any reversed already?" (all or none: 409 ALREADY_REVERSED), the numbers, entries,
 * lines and days' totals). `today`: a reversal is dated like its original while the original's
 * period is open, else today (a locked month keeps what it reported). Answers what was posted,
 * in the order the entries were reversed.
 */
export async function reverseLive(db: LedgerDb, companyId: number, where: RawBuilder<unknown>, opts: { today: string; explanation?: string; createdBy?: string | null }): Promise<Posted[]> {
  const rows = (await reversibles(companyId, sql`(${where}) and e.reverses_id is null
    and not exists (select 1 from journal_entries r where r.company_id = e.company_id and r.reverses_id = e.id)`).execute(db)).rows;
  if (rows.length === 0) return [];
  const entries = rows.map((r) => reversalOf(r, r.open ? r.entry_date : opts.today, opts.explanation, opts.createdBy ?? null));
  // Sources appear once among live entries (a source has one live entry); otherwise one by one.
  if (new Set(rows.map((r) => `${r.source_kind}:${r.source_id}`)).size !== rows.length || rows.length === 1) {
    const out: Posted[] = [];
    for (const [i, r] of rows.entries()) out.push(await post(db, companyId, entries[i]!, r.id, new Map((r.accounts ?? []).map((a) => [a.code, accountOf(a)]))));
    return out;
  }
  const read = new Map(rows.flatMap((r) => (r.accounts ?? []).map((a) => [a.code, accountOf(a)] as const)));
  return postAll(db, companyId, entries, read, rows.map((r) => r.id));
}

/** The service other plugins receive (they hand in their request's transaction). */
export const ledgerService: LedgerService = {
  post: (db, companyId, entry) => post(db as LedgerDb, companyId, entry),
  reverse: (db, companyId, entryId, opts) => reverse(db as LedgerDb, companyId, entryId, opts),
  currentAccount: async (db, companyId, currentId) => (await currentAccount(db as LedgerDb, companyId, currentId)).accountCode,
};

/** Kambiyo Kârları / Zararları (Tekdüzen 646 / 656): where an exchange difference (kur farkı) goes. */
export const FX_GAIN_ACCOUNT = '646';
export const FX_LOSS_ACCOUNT = '656';
