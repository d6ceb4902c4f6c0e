import { sql } from 'kysely';
import { Problem, problems } from '@tezgah/server';
import type { LedgerDb } from './accounts';
import { isDay } from './posting';

export interface FiscalYearRow { id: number; company_id: number; name: string; start_date: string; end_date: string; active: boolean; last_entry_no: number }

/** The months of a period as journal periods: [start, end] of each, clipped to the period. */
export function monthlyPeriods(start: string, end: string): { start: string; end: string }[] {
  const out: { start: string; end: string }[] = [];
  let [y, m] = [Number(start.slice(0, 4)), Number(start.slice(5, 7))];
  let from = start;
  for (;;) {
    const last = new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
    const to = last < end ? last : end;
    out.push({ start: from, end: to });
    if (to >= end) return out;
    m += 1;
    if (m > 12) { m = 1; y += 1; }
    from = `${y}-${String(m).padStart(2, '0')}-01`;
  }
}

export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

export function checkRange(start: string, end: string) {
  if (!isDay(start)) throw problems.invalidField('startDate', 'Geçerli bir başlangıç tarihi girin.', 'DATE');
  if (!isDay(end)) throw problems.invalidField('endDate', 'Geçerli bir bitiş tarihi girin.', 'DATE');
  if (end < start) throw problems.invalidField('endDate', 'Bitiş tarihi başlangıçtan önce olamaz.', 'DATE_RANGE');
}

/** One change of a company's fiscal years at a time (overlaps are checked under it). */
export async function lockFiscalYears(db: LedgerDb, companyId: number) {
  await sql`select pg_advisory_xact_lock(hashtext('tezgah.ledger.fiscal_years'), ${companyId}::int)`.execute(db);
}

export async function fiscalYear(db: LedgerDb, companyId: number, id: number, forUpdate = false): Promise<FiscalYearRow | undefined> {
  let q = db.selectFrom('fiscal_years').select(['id', 'company_id', 'name', 'start_date', 'end_date', 'active', 'last_entry_no'])
    .where('company_id', '=', companyId).where('id', '=', id);
  if (forUpdate) q = q.forUpdate();
  return q.executeTakeFirst();
}

export async function assertNoOverlap(db: LedgerDb, companyId: number, start: string, end: string, exceptId?: number) {
  let q = db.selectFrom('fiscal_years').select(['name']).where('company_id', '=', companyId)
    .where('start_date', '<=', end).where('end_date', '>=', start);
  if (exceptId !== undefined) q = q.where('id', '<>', exceptId);
  const other = await q.executeTakeFirst();
  if (other) throw problems.conflict(`Bu tarihler '${other.name}' mali yılıyla çakışıyor.`, 'FISCAL_YEAR_OVERLAP', 'startDate');
}

export async function assertNameFree(db: LedgerDb, companyId: number, name: string, exceptId?: number) {
  let q = db.selectFrom('fiscal_years').select('id').where('company_id', '=', companyId).where(sql`lower(name)`, '=', name.toLowerCase());
  if (exceptId !== undefined) q = q.where('id', '<>', exceptId);
  if (await q.executeTakeFirst()) throw problems.conflict('Bu isimde bir mali yıl zaten var.', 'FISCAL_YEAR_NAME_TAKEN', 'name');
}

/** A new fiscal year with its monthly journal periods. */
export async function createFiscalYear(db: LedgerDb, companyId: number, f: { name: string; start: string; end: string; active: boolean }): Promise<FiscalYearRow> {
  checkRange(f.start, f.end);
  if (addDays(f.start, 731) <= f.end) throw problems.invalidField('endDate', 'Bir mali yıl en fazla iki yıl sürer.', 'DATE_RANGE');
  await lockFiscalYears(db, companyId);
  await assertNameFree(db, companyId, f.name);
  await assertNoOverlap(db, companyId, f.start, f.end);
  const row = await db.insertInto('fiscal_years').values({ company_id: companyId, name: f.name, start_date: f.start, end_date: f.end, active: f.active })
    .returning(['id', 'company_id', 'name', 'start_date', 'end_date', 'active', 'last_entry_no']).executeTakeFirstOrThrow();
  await db.insertInto('journals').values(monthlyPeriods(f.start, f.end).map((p, i) => ({
    company_id: companyId, fiscal_year_id: row.id, period: i + 1, start_date: p.start, end_date: p.end,
  }))).execute();
  return row;
}

export async function entryCount(db: LedgerDb, companyId: number, fiscalYearId: number): Promise<number> {
  const r = await db.selectFrom('journal_entries').select((eb) => eb.fn.countAll<number>().as('n'))
    .where('company_id', '=', companyId).where('fiscal_year_id', '=', fiscalYearId).executeTakeFirstOrThrow();
  return Number(r.n);
}

/** The ordering failure every caller sees, with what went wrong in its detail. */
export const orderingFailed = (why: string) =>
  new Problem(409, 'Sıralama işleminde hata oluştu!', { detail: `Sıralama işleminde hata oluştu! ${why}`, code: 'JOURNAL_ORDERING_FAILED' });
