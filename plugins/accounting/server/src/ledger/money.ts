import Decimal from 'decimal.js';
import { sql } from 'kysely';
import { DEFAULT_CURRENCY_ID } from '@tezgah/core';
import { problems } from '@tezgah/server';
import { ownAccount, type LedgerDb } from './accounts';
import { underAccount } from './reports';

/** Where money sits: a safe (cash, under 100) or a bank account (under 102). */
export type MoneyKind = 'SAFE' | 'BANK_ACCOUNT';

export interface MoneyAccount {
  kind: MoneyKind;
  id: number;
  name: string;
  /** Its own ledger sub-account (100.01, 102.03 …). */
  accountCode: string;
  currencyId: number;
}

/**
 * A safe or a bank account of the company with its ledger account, or a 400 on `field` when
 * there is none. Each kind's table keeps `name`, `account_code` and `currency_id`.
 */
export async function moneyAccount(db: LedgerDb, companyId: number, kind: MoneyKind, id: number, field = 'accountId'): Promise<MoneyAccount> {
  const table = kind === 'SAFE' ? sql.table('safes') : sql.table('bank_accounts');
  const r = await sql<{ id: number; name: string; account_code: string; currency_id: number }>`
    select id, name, account_code, currency_id from ${table} where company_id = ${companyId} and id = ${id}`.execute(db);
  const row = r.rows[0];
  if (!row) throw problems.invalidField(field, kind === 'SAFE' ? 'Kasa bulunamadı.' : 'Banka hesabı bulunamadı.', 'ACCOUNT_NOT_FOUND');
  return { kind, id: row.id, name: row.name, accountCode: row.account_code, currencyId: row.currency_id };
}

/** The chart account each kind of current is kept under when it names none (currents/rules.ts). */
const CURRENT_PARENTS: Record<string, string> = { CUSTOMER: '120', SUPPLIER: '320', PERSONNEL: '335', PARTNER: '331' };

export interface CurrentAccount { id: number; name: string; type: string; accountCode: string; currencyId: number }

/**
 * A current account's own ledger sub-account (120.001 for a customer, 320.001 for a supplier,
 * 335.001 personnel, 331.001 a partner), made on its first use under the current's main account
 * (its account group code) or the default for its type.
 */
export async function currentAccount(db: LedgerDb, companyId: number, currentId: number, field = 'currentId'): Promise<CurrentAccount> {
  const r = await currentAccountRow(companyId, currentId).execute(db);
  const c = r.rows[0];
  if (!c) throw problems.invalidField(field, 'Cari hesap bulunamadı.', 'CURRENT_NOT_FOUND');
  return openCurrentAccount(db, companyId, c);
}

/** A row of `currentAccountRow`: the current, the parent its account sits under, that account's code when it exists. */
export interface CurrentAccountRow { id: number; name: string; type: string; currency_id: number; parent: string; code: string | null }

/** The current's account from its row: the code found, or its account opened now (first use). */
export async function openCurrentAccount(db: LedgerDb, companyId: number, c: CurrentAccountRow): Promise<CurrentAccount> {
  const code = c.code ?? await ownAccount(db, companyId, { parent: c.parent, kind: 'CURRENT', ownerId: c.id, name: c.name, currencyId: c.currency_id, width: 3 });
  return { id: c.id, name: c.name, type: c.type, accountCode: code, currencyId: c.currency_id };
}

/**
 * The current, the parent its account sits under (its main account group, else its type's) and
 * that account when it exists, as one query: run alone, or as a subquery of a larger read (the
 * invoice's request read).
 */
export function currentAccountRow(companyId: number, currentId: number) {
  const byType = sql.join(Object.entries(CURRENT_PARENTS).map(([t, code]) => sql`when ${t} then ${code}`), sql` `);
  return sql<CurrentAccountRow>`
    select c.id, c.name, c.type, c.currency_id, x.parent,
           (select a.code from ledger_accounts a
             where a.company_id = c.company_id and a.owner_kind = 'CURRENT' and a.owner_id = c.id and a.parent_code = x.parent) as code
      from currents c
      cross join lateral (
        select case when m.code ~ '^[1-9][0-9]{2}$' then m.code else coalesce(case c.type ${byType} end, '120') end as parent
          from (select (select cm.account_code from current_main_accounts cm
                         where cm.company_id = c.company_id and cm.current_id = c.id order by cm.id limit 1) as code) m) x
     where c.company_id = ${companyId} and c.id = ${currentId}`;
}

/**
 * Where a current's bounced cheque (karşılıksız çek) is owed (Tekdüzen, MSUGT): 127 Diğer Ticari
 * Alacaklar, or 128 Şüpheli Ticari Alacaklar when it is under legal follow-up (protested, at the
 * icra office: VUK 323's doubtful receivable).
 */
export const BOUNCED_CHEQUE_PARENT = '127';
export const DOUBTFUL_RECEIVABLE_PARENT = '128';
/** The parents of a current's bounced-cheque sub-accounts (a current's main account sorts before them when it has both). */
export const BOUNCED_PARENTS: readonly string[] = [BOUNCED_CHEQUE_PARENT, DOUBTFUL_RECEIVABLE_PARENT];

/**
 * The current's own sub-account under 127 (or 128 when `legal`), made on its first use like its
 * main one (owner kind CURRENT, so every report that sums a current's accounts sees it: its
 * balance, aging, ledger). A current kept under 127 itself already has it: its main account.
 */
export async function bouncedChequeAccount(db: LedgerDb, companyId: number, currentId: number, legal: boolean): Promise<string> {
  const c = await db.selectFrom('currents').select(['id', 'name', 'currency_id']).where('company_id', '=', companyId).where('id', '=', currentId).executeTakeFirst();
  if (!c) throw problems.invalidField('currentId', 'Cari hesap bulunamadı.', 'CURRENT_NOT_FOUND');
  const parent = legal ? DOUBTFUL_RECEIVABLE_PARENT : BOUNCED_CHEQUE_PARENT;
  return ownAccount(db, companyId, { parent, kind: 'CURRENT', ownerId: c.id, name: c.name, currencyId: c.currency_id, width: 3 });
}

/**
 * Every ledger account a current owns (owner kind CURRENT): `main` (its own 120.001, 320.001 …)
 * first, then the others by code (its bounced-cheque 127 / 128 sub-accounts; an account it was
 * kept under before its main account changed).
 */
export async function currentAccountCodes(db: LedgerDb, companyId: number, currentId: number, main: string): Promise<string[]> {
  const rows = await db.selectFrom('ledger_accounts').select('code')
    .where('company_id', '=', companyId).where('owner_kind', '=', 'CURRENT').where('owner_id', '=', currentId).orderBy('code').execute();
  return [main, ...rows.map((r) => r.code).filter((code) => code !== main)];
}

/** Debit minus credit of an account and its sub-accounts, in lira, as a decimal string. */
export async function balanceOf(db: LedgerDb, companyId: number, accountCode: string): Promise<string> {
  const under = underAccount('account_code', accountCode);
  const r = await sql<{ b: string }>`select coalesce(sum(debit - credit), 0)::text as b from journal_lines where company_id = ${companyId} and ${under}`.execute(db);
  return r.rows[0]?.b ?? '0';
}

/** An account's balance: in lira, and in its own currency for a foreign-currency account. */
export interface Balance { lira: Decimal; fc: Decimal }

/**
 * Balances from the ledger, never stored (a safe's, a bank account's, the cash/bank summary's):
 * debit minus credit of each account and its sub-accounts in lira, and in the account's own
 * currency the signed amounts of the lines kept in a foreign currency (a debit adds its
 * amount_fc, a credit takes it away). Every code asked for is in the map, zero when it has no lines.
 */
export async function balances(db: LedgerDb, companyId: number, codes: string[]): Promise<Map<string, Balance>> {
  const out = new Map<string, Balance>();
  if (codes.length === 0) return out;
  // The lira side from the daily totals the posting function keeps beside the lines (a few hundred
  // rows a year per account instead of every line); the own-currency side from the lines, and only
  // for an account kept in a foreign currency (a lira account's lines carry no foreign amount).
  // Codes are digits and dots: [code, code || '/') is the code and its sub-accounts, one index range.
  const r = await sql<{ code: string; lira: string; fc: string }>`
    select a.code,
           (select coalesce(sum(d.debit - d.credit), 0) from ledger_daily d
             where d.company_id = ${companyId} and d.account_code >= a.code and d.account_code < a.code || '/')::text as lira,
           case when la.currency_id = ${DEFAULT_CURRENCY_ID} then '0' else
           (select coalesce(sum(case when l.currency_id = ${DEFAULT_CURRENCY_ID} or l.amount_fc is null then 0 when l.debit > 0 then l.amount_fc else -l.amount_fc end), 0)
              from journal_lines l where l.company_id = ${companyId} and l.account_code >= a.code and l.account_code < a.code || '/')::text end as fc
      from unnest(${codes}::text[]) as a(code)
      left join ledger_accounts la on la.company_id = ${companyId} and la.code = a.code`.execute(db);
  for (const row of r.rows) out.set(row.code, { lira: new Decimal(row.lira), fc: new Decimal(row.fc) });
  return out;
}

/**
 * How many lines a money account's ledger account (and its sub-accounts) has besides its own
 * opening entries and their reversals: the entries of source `openingKind` (SAFE_OPENING,
 * BANK_ACCOUNT_OPENING) whose source id is the owner's id. A safe or a bank account with such
 * movements keeps its currency and is not deleted.
 */
export async function otherMovements(db: LedgerDb, companyId: number, accountCode: string, openingKind: string, ownerId: number): Promise<number> {
  const r = await sql<{ n: number }>`
    select count(*)::int as n from journal_lines l join journal_entries e on e.company_id = l.company_id and e.id = l.entry_id
     where l.company_id = ${companyId} and ${underAccount('l.account_code', accountCode)}
       and not (e.source_kind = ${openingKind} and e.source_id = ${String(ownerId)})`.execute(db);
  return r.rows[0]?.n ?? 0;
}
