import { sql, type Transaction } from 'kysely';
import Decimal from 'decimal.js';
import { likePattern, pageRequest, pageResult, problems, tables, type Handler, type KernelTables, type RequestContext } from '@tezgah/server';
import { directoryOf, type DirectoryInvoiceSortField } from '@tezgah/accounting-server';
import type { ManagementArea } from '../area';
import { dayOf, periodOf } from '../days';
import { companyProfilesFromFile } from './profiles';

/**
 * The activity area (issue 14; seeds 001 §2 /company-activity, seed 000 §7
 * /companies/getCompanyListForDate, /invoices/all-to-management-portal, /company-profiles-from-file).
 * Management only (x-management). Sign-ins and the last time anyone did anything come from the
 * kernel's audit trail (audit_events: action 'auth.login', company_id); documents, sales and the
 * invoice list from the accounting plugin's directory service (`accounting.directory`: its
 * cross-company functions, which these x-management handlers alone ask), never from its tables.
 */

type Db = Transaction<KernelTables>;
const db = (ctx: RequestContext) => tables<{}>(ctx) as Db;
const iso = (v: Date | string | null | undefined) => (v === null || v === undefined ? null : new Date(v).toISOString());
const money = (v: string | number | null | undefined) => new Decimal(v ?? 0).toFixed(2);
/** The instant a UTC day starts, as SQL. */
const dayStart = (day: string) => sql`${`${day}T00:00:00Z`}::timestamptz`;
const nextDay = (day: string) => sql`(${day}::date + 1)::timestamp at time zone 'UTC'`;

const ACTIVITY_SORT: Record<string, string> = {
  id: 'id', name: 'name', lastSignIn: 'last_sign_in', signIns: 'sign_ins', invoices: 'invoices', salesTotal: 'sales_total', usersCount: 'users_count',
};

/** Per company over a period: sign-ins, documents (invoices not cancelled), sales (posted sales, in lira), users, last sign-in, last seen. */
const listCompanyActivity: Handler = async (ctx) => {
  const q = (ctx.query ?? {}) as { startDate?: string; endDate?: string; search?: string; active?: boolean };
  const { startDate, endDate } = periodOf(ctx, q);
  const page = pageRequest(ctx, ['id', 'asc']);
  const base = () => {
    let b = db(ctx).selectFrom('companies as c');
    if (q.search) b = b.where((eb) => eb.or([eb('c.name', 'ilike', likePattern(q.search!)), eb('c.title', 'ilike', likePattern(q.search!)), eb('c.tax_number', 'ilike', likePattern(q.search!))]));
    if (q.active !== undefined) b = b.where('c.active', '=', q.active);
    return b;
  };
  // The invoice figures of every company with invoices in the period (one statement), handed to
  // the query as a JSON object by company id so that sorting and paging by them stay in SQL.
  const figures: Record<string, { n: number; s: string }> = {};
  for (const [id, a] of await directoryOf(ctx.services).invoiceActivityByCompany(ctx.trx, { startDate, endDate })) figures[String(id)] = { n: a.invoices, s: a.salesTotal };
  const figure = (key: 'n' | 's', type: 'bigint' | 'numeric') => sql`coalesce((${JSON.stringify(figures)}::jsonb -> (c.id::text) ->> ${key})::${sql.raw(type)}, 0)`;
  let rows = base().select((eb) => [
    'c.id', 'c.name', 'c.title', 'c.active',
    eb.selectFrom('audit_events as e').select((e) => e.fn.max('e.at').as('m')).whereRef('e.company_id', '=', 'c.id').where('e.action', '=', 'auth.login').as('last_sign_in'),
    eb.selectFrom('audit_events as e').select((e) => e.fn.max('e.at').as('m')).whereRef('e.company_id', '=', 'c.id').where('e.user_id', 'is not', null).as('last_seen'),
    eb.selectFrom('audit_events as e').select((e) => e.fn.countAll().as('n')).whereRef('e.company_id', '=', 'c.id').where('e.action', '=', 'auth.login')
      .where('e.at', '>=', dayStart(startDate) as never).where('e.at', '<', nextDay(endDate) as never).as('sign_ins'),
    figure('n', 'bigint').as('invoices'),
    figure('s', 'numeric').as('sales_total'),
    eb.selectFrom('user_companies as uc').select((e) => e.fn.countAll().as('n')).whereRef('uc.company_id', '=', 'c.id').as('users_count'),
  ]);
  for (const [f, dir] of page.sort) rows = rows.orderBy(sql.ref(ACTIVITY_SORT[f]!), (ob) => (dir === 'desc' ? ob.desc() : ob.asc()).nullsLast());
  const [items, total] = await Promise.all([
    rows.orderBy('c.id', 'asc').limit(page.size).offset(page.offset).execute(),
    base().select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return pageResult(ctx, items.map((r: any) => ({
    companyId: Number(r.id), companyName: r.name, title: r.title, active: r.active, startDate, endDate,
    lastSignIn: iso(r.last_sign_in), lastSeen: iso(r.last_seen), signIns: Number(r.sign_ins), invoices: Number(r.invoices),
    salesTotal: money(r.sales_total), usersCount: Number(r.users_count),
  })), Number(total.n));
};

/** One company's daily series over a period (for the chart), with its totals. */
const getCompanyActivity: Handler = async (ctx) => {
  const companyId = Number(ctx.params.companyId);
  const { startDate, endDate } = periodOf(ctx, (ctx.query ?? {}) as { startDate?: string; endDate?: string });
  const d = db(ctx);
  const c = await d.selectFrom('companies').select(['id', 'name']).where('id', '=', companyId).executeTakeFirst();
  if (!c) throw problems.notFound('Şirket');
  const [days, invoiceDays, last, users] = await Promise.all([
    sql<{ day: string; sign_ins: string | number }>`
      select to_char(g.d, 'YYYY-MM-DD') as day,
        (select count(*) from audit_events e where e.company_id = ${companyId} and e.action = 'auth.login'
           and e.at >= (g.d at time zone 'UTC') and e.at < ((g.d + interval '1 day') at time zone 'UTC')) as sign_ins
      from generate_series(${startDate}::timestamp, ${endDate}::timestamp, interval '1 day') as g(d)
      order by g.d`.execute(d),
    directoryOf(ctx.services).invoiceActivityByDay(ctx.trx, companyId, { startDate, endDate }),
    d.selectFrom('audit_events').select((eb) => [
      eb.fn.max('at').filterWhere('action', '=', 'auth.login').as('last_sign_in'),
      eb.fn.max('at').filterWhere('user_id', 'is not', null).as('last_seen'),
    ]).where('company_id', '=', companyId).executeTakeFirst(),
    d.selectFrom('user_companies').select((eb) => eb.fn.countAll().as('n')).where('company_id', '=', companyId).executeTakeFirstOrThrow(),
  ]);
  const byDay = new Map(invoiceDays.map((r) => [r.date, r]));
  const series = days.rows.map((r) => ({ date: r.day, signIns: Number(r.sign_ins), invoices: byDay.get(r.day)?.invoices ?? 0, salesTotal: money(byDay.get(r.day)?.salesTotal) }));
  return {
    companyId, companyName: c.name, startDate, endDate, lastSignIn: iso(last?.last_sign_in as never), lastSeen: iso(last?.last_seen as never), usersCount: Number(users.n),
    signIns: series.reduce((a, r) => a + r.signIns, 0), invoices: series.reduce((a, r) => a + r.invoices, 0),
    salesTotal: series.reduce((a, r) => a.plus(r.salesTotal), new Decimal(0)).toFixed(2), days: series,
  };
};

const COMPANY_SORT: Record<string, string> = { id: 'c.id', name: 'c.name', createdDate: 'c.created_date' };

/**
 * Companies for a day or a period (seed 000 §7): kind=created (the default) those created in it;
 * kind=active those active then (the active flag, created by its end, subscription, when set,
 * overlapping it).
 */
const getCompanyListForDate: Handler = async (ctx) => {
  const q = (ctx.query ?? {}) as { startDate?: string; endDate?: string; kind?: 'created' | 'active'; search?: string };
  const startDate = q.startDate ? dayOf('startDate', q.startDate) : periodOf(ctx, {}, 1).startDate;
  const endDate = q.endDate ? dayOf('endDate', q.endDate) : startDate;
  if (endDate < startDate) throw problems.invalidField('endDate', 'Bitiş tarihi başlangıç tarihinden önce olamaz.', 'DATE_RANGE');
  const page = pageRequest(ctx, ['id', 'asc']);
  const base = () => {
    let b = db(ctx).selectFrom('companies as c');
    if ((q.kind ?? 'created') === 'created') {
      b = b.where('c.created_date', '>=', dayStart(startDate) as never).where('c.created_date', '<', nextDay(endDate) as never);
    } else {
      b = b.where('c.active', '=', true).where('c.created_date', '<', nextDay(endDate) as never)
        .where((eb) => eb.or([eb('c.subscription_start', 'is', null), eb('c.subscription_start', '<=', endDate as never)]))
        .where((eb) => eb.or([eb('c.subscription_end', 'is', null), eb('c.subscription_end', '>=', startDate as never)]));
    }
    if (q.search) b = b.where((eb) => eb.or([eb('c.name', 'ilike', likePattern(q.search!)), eb('c.title', 'ilike', likePattern(q.search!)), eb('c.tax_number', 'ilike', likePattern(q.search!))]));
    return b;
  };
  let rows = base().innerJoin('sectors as s', 's.id', 'c.sector_id').select((eb) => [
    'c.id', 'c.name', 'c.title', 'c.tax_number', 'c.active', 'c.created_date', 'c.activation_date', 'c.subscription_start', 'c.subscription_end', 's.key as sector_key',
    eb.selectFrom('user_companies as uc').select((e) => e.fn.countAll().as('n')).whereRef('uc.company_id', '=', 'c.id').as('users_count'),
  ]);
  for (const [f, dir] of page.sort) rows = rows.orderBy(sql.ref(COMPANY_SORT[f]!), dir);
  const [items, total] = await Promise.all([
    rows.orderBy('c.id', 'asc').limit(page.size).offset(page.offset).execute(),
    base().select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return pageResult(ctx, items.map((r: any) => ({
    id: Number(r.id), name: r.name, title: r.title, taxNumber: r.tax_number, sectorKey: r.sector_key, active: r.active, createdDate: iso(r.created_date),
    activationDate: r.activation_date, subscriptionStart: r.subscription_start, subscriptionEnd: r.subscription_end, usersCount: Number(r.users_count),
  })), Number(total.n));
};

/** Every company's invoices for the management portal (read-only), paged, by period, company, type and status. */
const listAllInvoicesForManagement: Handler = async (ctx) => {
  const q = (ctx.query ?? {}) as { startDate?: string; endDate?: string; companyId?: number; invoiceType?: 'SALE' | 'BUYING'; status?: string };
  const { startDate, endDate } = periodOf(ctx, q);
  const page = pageRequest(ctx, ['id', 'desc']);
  const { items, total } = await directoryOf(ctx.services).invoicesOfAllCompanies(ctx.trx,
    { startDate, endDate, companyId: q.companyId, invoiceType: q.invoiceType, status: q.status },
    { sort: page.sort as [DirectoryInvoiceSortField, 'asc' | 'desc'][], size: page.size, offset: page.offset });
  return pageResult(ctx, items.map((r) => ({ ...r, totalAmount: money(r.totalAmount), payable: money(r.payable) })), total);
};

export const area: ManagementArea = {
  handlers: { listCompanyActivity, getCompanyActivity, getCompanyListForDate, listAllInvoicesForManagement, updateCompanyProfilesFromFile: companyProfilesFromFile },
};
