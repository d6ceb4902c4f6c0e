import { sql, type Kysely } from 'kysely';
import { documentNo, PREFIX_PATTERN } from '@tezgah/edocument-common';
import { Problem, problems, requireAuth, tables, type Handler, type RequestContext } from '@tezgah/server';
import type { EdocumentTables } from '../schema';

/**
 * Gapless numbering (GİB: series + year + 9-digit sequence, in date order): one edoc_series row
 * per company, series and year, taken under its row lock by a single upsert, so concurrent sends
 * queue on the row and each gets the next number exactly once; a rolled-back send gives its
 * number back with its transaction. A row in edoc_series is what makes a series "used".
 */

type Db = Kysely<any>;
const s = (db: Db) => db as unknown as Kysely<EdocumentTables>;
export const SEQUENCE_MAX = 999_999_999;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const trDate = (d: string) => `${d.slice(8, 10)}.${d.slice(5, 7)}.${d.slice(0, 4)}`;

function checkDay(issueDate: string): number {
  const m = DAY.exec(issueDate);
  const ok = m && !Number.isNaN(Date.parse(`${issueDate}T00:00:00Z`)) && new Date(`${issueDate}T00:00:00Z`).toISOString().slice(0, 10) === issueDate;
  if (!ok) throw problems.invalidField('issueDate', `Belge tarihi geçerli bir gün olmalı (YYYY-AA-GG): ${issueDate}`, 'DATE');
  const year = Number(m[1]);
  if (year < 2000 || year > 2999) throw problems.invalidField('issueDate', 'Belge tarihinin yılı 2000 ile 2999 arasında olmalı.', 'DATE');
  return year;
}

/**
 * The next number of a series for a document dated `issueDate` (e.g. EFA2026000000001), in the
 * caller's transaction. Refuses (409) a passive or unknown series, a date earlier than the last
 * number's date in that series and year (GİB: numbers follow dates), and a full series.
 */
export async function nextNumber(db: Db, companyId: number, prefix: string, issueDate: string): Promise<string> {
  if (!PREFIX_PATTERN.test(prefix)) throw problems.invalidField('prefix', 'Seri üç büyük harf ya da rakamdan oluşmalı (Türkçe karakter olmadan), ör. EFA.', 'PREFIX_PATTERN');
  const year = checkDay(issueDate);
  const series = await s(db).selectFrom('edoc_prefixes').select(['active']).where('company_id', '=', companyId).where('prefix', '=', prefix)
    .orderBy('active', 'desc').executeTakeFirst();
  if (!series) throw problems.conflict(`${prefix} serisi tanımlı değil; önce e-Belge serilerine ekleyin.`, 'EDOC_PREFIX_UNKNOWN', 'prefix');
  if (!series.active) throw problems.conflict(`${prefix} serisi pasif; bu seriyle yeni numara verilemez.`, 'EDOC_PREFIX_PASSIVE', 'prefix');
  const r = await sql<{ last_no: number | string }>`
    insert into edoc_series as s (company_id, prefix, year, last_no, last_date)
    values (${companyId}, ${prefix}, ${year}, 1, ${issueDate}::date)
    on conflict (company_id, prefix, year) do update
       set last_no = s.last_no + 1, last_date = excluded.last_date
     where (s.last_date is null or s.last_date <= excluded.last_date) and s.last_no < ${SEQUENCE_MAX}
    returning s.last_no`.execute(db);
  const row = r.rows[0];
  if (row) return documentNo(prefix, year, Number(row.last_no));
  // Refused: the row is locked by the upsert; read why.
  const last = await s(db).selectFrom('edoc_series').select(['last_no', 'last_date']).where('company_id', '=', companyId)
    .where('prefix', '=', prefix).where('year', '=', year).executeTakeFirstOrThrow();
  if (Number(last.last_no) >= SEQUENCE_MAX) throw problems.conflict(`${prefix} serisinin ${year} yılı numaraları bitti.`, 'EDOC_SERIES_FULL', 'prefix');
  const lastNo = documentNo(prefix, year, Number(last.last_no));
  throw new Problem(409, 'Çakışma', {
    detail: `${prefix} serisinde son numara ${lastNo} ${trDate(String(last.last_date))} tarihli; bu seride ${trDate(issueDate)} gibi daha önceki bir tarihle numara verilemez (GİB: numaralar tarih sırasını izler). Belge tarihini ${trDate(String(last.last_date))} ya da sonrası yapın veya başka bir seri seçin.`,
    code: 'EDOC_DATE_BEFORE_LAST',
    fieldErrors: [{ field: 'issueDate', message: `Belge tarihi ${trDate(String(last.last_date))} tarihinden önce olamaz (${prefix} serisinin son numarası ${lastNo}).`, code: 'EDOC_DATE_BEFORE_LAST' }],
  });
}

/** The last number given in a series and its date: this year's, else the latest year's; nulls when none. */
export async function lastNumber(db: Db, companyId: number, prefix: string, thisYear: number): Promise<{ documentNo: string | null; issueDate: string | null }> {
  const rows = await s(db).selectFrom('edoc_series').select(['year', 'last_no', 'last_date']).where('company_id', '=', companyId)
    .where('prefix', '=', prefix).where(sql<boolean>`last_no > 0`).orderBy('year', 'desc').execute();
  const r = rows.find((x) => x.year === thisYear) ?? rows[0];
  if (!r) return { documentNo: null, issueDate: null };
  return { documentNo: documentNo(prefix, r.year, Number(r.last_no)), issueDate: r.last_date ?? null };
}

/** The year in Türkiye (UTC+3, no daylight saving). */
export function istanbulYear(now: Date): number {
  return new Date(now.getTime() + 3 * 3_600_000).getUTCFullYear();
}

const last: Handler = async (ctx: RequestContext) => {
  const companyId = requireAuth(ctx).companyId;
  const prefix = String((ctx.query as { prefix?: string }).prefix ?? '');
  return lastNumber(tables<EdocumentTables>(ctx) as unknown as Db, companyId, prefix, istanbulYear(ctx.services.now()));
};

export const seriesHandlers: Record<string, Handler> = { eArchiveLastInvoiceIdAndDate: last, eQueryInvoiceLast: last, eQueryDespatchLast: last };
