import { problems } from '@tezgah/server';
import Decimal from 'decimal.js';
import { sql, type RawBuilder } from 'kysely';
import { likePattern } from '@tezgah/server';
import type { LedgerDb } from '../ledger/accounts';
import { folded, foldedPattern } from '../lookups/search';

/** The chart accounts a partner's capital is kept under, each partner with its own sub-account. */
export const CAPITAL_ACCOUNT = '500';
export const UNPAID_CAPITAL_ACCOUNT = '501';
/** ledger_accounts.owner_kind of a partner's 500 and 501 sub-accounts. */
export const PARTNER_OWNER = 'PARTNER';

/** An amount as a Turkish reader writes it: 1.234.567,89 TL. */
export function tl(v: Decimal.Value): string {
  const [int = '0', frac = '00'] = new Decimal(v).toFixed(2).split('.');
  const neg = int.startsWith('-');
  const digits = neg ? int.slice(1) : int;
  return `${neg ? '-' : ''}${digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${frac} TL`;
}

/** A percentage as a Turkish reader writes it: %12,5. */
export function pct(v: Decimal.Value): string {
  return `%${new Decimal(v).toDecimalPlaces(2).toString().replace('.', ',')}`;
}

export const fullName = (name: string, lastName: string | null) => (lastName ? `${name} ${lastName}` : name);

export interface PartnerRow {
  id: number; company_id: number; name: string; last_name: string | null; title: string | null; partner_type: string | null;
  share_percentage: string | null; capital: string | null; currency_id: number; tax_number: string | null; tax_office_id: number | null;
  iban: string | null; phone: string | null; email: string | null; address: string | null; active: boolean; created_date: Date | string;
  capital_account: string | null; unpaid_account: string | null; committed: string; remaining: string;
}

/** Lines of an account and its sub-accounts; null code: none. */
const under = (code: RawBuilder<unknown>) => sql`(l.account_code = ${code} or (l.account_code >= ${code} || '.' and l.account_code < ${code} || '/'))`;

/**
 * The PARTNER currents with their capital from the ledger: committed capital is the credit
 * balance of the partner's 500 sub-account, the unpaid part (remaining) the debit balance of its
 * 501 sub-account; both 0 before the partner's first commitment.
 */
function partnerRows(companyId: number, where: RawBuilder<unknown>, tail: RawBuilder<unknown> = sql``) {
  return sql<PartnerRow>`
    select c.id, c.company_id, c.name, c.last_name, c.title, c.partner_type, c.share_percentage::text as share_percentage, c.capital::text as capital,
           c.currency_id, c.tax_number, c.tax_office_id, c.iban, c.phone, c.email, c.address, c.active, c.created_date,
           pa.code as capital_account, ua.code as unpaid_account,
           coalesce((select sum(l.credit - l.debit) from journal_lines l where l.company_id = c.company_id and ${under(sql.ref('pa.code'))}), 0)::text as committed,
           coalesce((select sum(l.debit - l.credit) from journal_lines l where l.company_id = c.company_id and ${under(sql.ref('ua.code'))}), 0)::text as remaining
      from currents c
      left join ledger_accounts pa on pa.company_id = c.company_id and pa.owner_kind = ${PARTNER_OWNER} and pa.owner_id = c.id and pa.parent_code = ${CAPITAL_ACCOUNT}
      left join ledger_accounts ua on ua.company_id = c.company_id and ua.owner_kind = ${PARTNER_OWNER} and ua.owner_id = c.id and ua.parent_code = ${UNPAID_CAPITAL_ACCOUNT}
     where c.company_id = ${companyId} and c.type = 'PARTNER' and ${where}
     ${tail}`;
}

export interface PartnerView {
  id: number; name: string; lastName: string | null; title: string | null; partnerType: string | null; sharePercentage: number; capital: number;
  committedCapital: number; paidCapital: number; remaining: number; currencyId: number; taxNumber: string | null; taxOfficeId: number | null;
  iban: string | null; phone: string | null; email: string | null; address: string | null; active: boolean;
  capitalAccountCode: string | null; unpaidCapitalAccountCode: string | null; createdDate: string;
}

export function toPartnerView(r: PartnerRow): PartnerView {
  const committed = new Decimal(r.committed);
  const remaining = new Decimal(r.remaining);
  return {
    id: Number(r.id), name: r.name, lastName: r.last_name, title: r.title, partnerType: r.partner_type,
    sharePercentage: new Decimal(r.share_percentage ?? 0).toNumber(), capital: new Decimal(r.capital ?? 0).toNumber(),
    committedCapital: committed.toNumber(), paidCapital: committed.minus(remaining).toNumber(), remaining: remaining.toNumber(),
    currencyId: r.currency_id, taxNumber: r.tax_number, taxOfficeId: r.tax_office_id, iban: r.iban, phone: r.phone, email: r.email,
    address: r.address, active: r.active, capitalAccountCode: r.capital_account, unpaidCapitalAccountCode: r.unpaid_account,
    createdDate: new Date(r.created_date).toISOString(),
  };
}

export async function findPartner(d: LedgerDb, companyId: number, id: number): Promise<PartnerView | undefined> {
  const r = await partnerRows(companyId, sql`c.id = ${id}`).execute(d);
  return r.rows[0] ? toPartnerView(r.rows[0]) : undefined;
}

const SORT: Record<string, RawBuilder<unknown>> = {
  id: sql`c.id`, name: folded('c.name'),
  sharePercentage: sql`c.share_percentage`, capital: sql`c.capital`,
};

export async function listPartners(
  d: LedgerDb, companyId: number, f: { search?: string; active?: boolean; partnerType?: string },
  p: { sort: [string, 'asc' | 'desc'][]; size: number; offset: number },
): Promise<{ items: PartnerView[]; total: number }> {
  let where = sql`true`;
  if (f.active !== undefined) where = sql`${where} and c.active = ${f.active}`;
  if (f.partnerType) where = sql`${where} and c.partner_type = ${f.partnerType}`;
  if (f.search?.trim()) {
    const s = foldedPattern(f.search);
    where = sql`${where} and (${folded('c.name')} like ${s} or ${folded('c.last_name')} like ${s} or ${folded('c.title')} like ${s} or c.tax_number like ${likePattern(f.search.trim())})`;
  }
  const order = [...p.sort.map(([field, dir]) => sql`${SORT[field] ?? sql`c.id`} ${sql.raw(dir)}`), sql`c.id desc`];
  const rows = await partnerRows(companyId, where, sql`order by ${sql.join(order)} limit ${p.size} offset ${p.offset}`).execute(d);
  const total = await sql<{ n: number }>`select count(*)::int as n from currents c where c.company_id = ${companyId} and c.type = 'PARTNER' and ${where}`.execute(d);
  return { items: rows.rows.map(toPartnerView), total: total.rows[0]?.n ?? 0 };
}

/** One change of a company's partners' shares at a time (the 100 % rule is checked under it). */
export async function lockShares(d: LedgerDb, companyId: number) {
  await sql`select pg_advisory_xact_lock(hashtext('tezgah.partners.shares'), ${companyId}::int)`.execute(d);
}

/** The shares of the company's active partners but one, summed. */
export async function otherShares(d: LedgerDb, companyId: number, exceptId?: number): Promise<Decimal> {
  const r = await sql<{ s: string }>`select coalesce(sum(share_percentage), 0)::text as s from currents
    where company_id = ${companyId} and type = 'PARTNER' and active and id <> ${exceptId ?? 0}`.execute(d);
  return new Decimal(r.rows[0]?.s ?? 0);
}

/**
 * The 100 % rule for every path that writes partners (the partner screens check it themselves
 * with a room-left message; /currents and /currentsList call this): the active partners' shares,
 * those written now included, may not exceed 100 %.
 */
export async function assertSharesFit(d: LedgerDb, companyId: number, written: { id?: number | undefined; active: boolean; sharePercentage: number | string | null; field: string }[]) {
  const mine = written.filter((p) => p.active && p.sharePercentage !== null);
  if (mine.length === 0) return;
  await lockShares(d, companyId);
  const except = written.map((p) => p.id).filter((id): id is number => typeof id === 'number');
  const r = await sql<{ s: string }>`select coalesce(sum(share_percentage), 0)::text as s from currents
    where company_id = ${companyId} and type = 'PARTNER' and active and not (id = any(${except}::bigint[]))`.execute(d);
  const others = new Decimal(r.rows[0]?.s ?? 0);
  const total = mine.reduce((sum, p) => sum.plus(String(p.sharePercentage)), others);
  if (total.gt(100)) {
    const message = `Ortakların hisse oranları toplamı %100'ü aşamaz: bu kayıtla toplam ${pct(total)} olur.`;
    throw problems.badRequest(message, mine.map((p) => ({ field: p.field, message, code: 'SHARE_TOTAL_EXCEEDED' })));
  }
}

/** The partner's live (not cancelled) commitments, summed. */
export async function liveCommitted(d: LedgerDb, companyId: number, partnerId: number): Promise<Decimal> {
  const r = await sql<{ s: string }>`select coalesce(sum(amount), 0)::text as s from capitals
    where company_id = ${companyId} and partner_id = ${partnerId} and kind = 'UNPAID_CAPITAL' and cancelled_at is null`.execute(d);
  return new Decimal(r.rows[0]?.s ?? 0);
}
