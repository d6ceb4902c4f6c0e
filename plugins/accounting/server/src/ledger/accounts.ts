import { sql, type Kysely, type Transaction } from 'kysely';
import { problems, type KernelTables } from '@tezgah/server';
import type { AccountingTables } from '../schema';

export type LedgerDb = Kysely<KernelTables & AccountingTables> | Transaction<KernelTables & AccountingTables>;

/** Every new company starts with the whole uniform chart (Tekdüzen), as a tree. */
export async function copyChart(db: LedgerDb, companyId: number): Promise<void> {
  await sql`insert into ledger_accounts (company_id, code, name, parent_code, level, postable)
    select ${companyId}, code, name, parent_code, level, postable and not ledger_owned_parent(code) from chart_accounts
    order by level, code
    on conflict do nothing`.execute(db);
}

export interface LedgerAccount {
  code: string; name: string; parentCode: string | null; level: number; postable: boolean;
  ownerKind: string | null; ownerId: number | null; currencyId: number | null; active: boolean;
  /** Has sub-accounts: a header, takes no postings. */
  header: boolean;
}

/**
 * The automatic sub-account of a record under a chart account (a safe under 100, a customer under
 * 120, ...): found when it exists, otherwise added with the next free number (100.01, 120.001).
 * The parent's row is locked while the number is chosen, so two at once never take the same one.
 */
export async function ownAccount(
  db: LedgerDb, companyId: number,
  o: { parent: string; kind: string; ownerId: number; name: string; currencyId?: number | null; width?: number },
): Promise<string> {
  const found = await db.selectFrom('ledger_accounts').select('code')
    .where('company_id', '=', companyId).where('owner_kind', '=', o.kind).where('owner_id', '=', o.ownerId).where('parent_code', '=', o.parent)
    .executeTakeFirst();
  if (found) return found.code;
  const parent = await db.selectFrom('ledger_accounts').select(['code', 'level'])
    .where('company_id', '=', companyId).where('code', '=', o.parent).forUpdate().executeTakeFirst();
  if (!parent) throw new Error(`ledger account ${o.parent} is missing for company ${companyId}`);
  const again = await db.selectFrom('ledger_accounts').select('code')
    .where('company_id', '=', companyId).where('owner_kind', '=', o.kind).where('owner_id', '=', o.ownerId).where('parent_code', '=', o.parent)
    .executeTakeFirst();
  if (again) return again.code;
  // A parent with postings of its own would mix them with the records' (the owned parents take
  // none: ledger_owned_parent in the migration; a hand-made parent is refused in the API).
  const direct = await db.selectFrom('journal_lines').select('id').where('company_id', '=', companyId).where('account_code', '=', o.parent).limit(1).executeTakeFirst();
  if (direct) {
    throw problems.conflict(`${o.parent} hesabına doğrudan kayıt yapılmış; ${o.name} için altına hesap açılamaz. Önce ${o.parent} hesabındaki kayıtları bir alt hesaba aktarın.`, 'PARENT_HAS_POSTINGS');
  }
  const code = await nextChildCode(db, companyId, o.parent, o.width ?? 2);
  await db.insertInto('ledger_accounts').values({
    company_id: companyId, code, name: o.name.slice(0, 200), parent_code: o.parent, level: parent.level + 1, postable: true,
    owner_kind: o.kind, owner_id: o.ownerId, currency_id: o.currencyId ?? null,
  }).execute();
  return code;
}

/** The next free sub-account code under a parent: parent.NN…, one more than the highest so far. */
export async function nextChildCode(db: LedgerDb, companyId: number, parent: string, width: number): Promise<string> {
  const rows = await db.selectFrom('ledger_accounts').select('code')
    .where('company_id', '=', companyId).where('parent_code', '=', parent).execute();
  let max = 0;
  for (const r of rows) {
    const tail = r.code.slice(parent.length + 1);
    if (/^[0-9]+$/.test(tail)) max = Math.max(max, Number(tail));
  }
  return `${parent}.${String(max + 1).padStart(width, '0')}`;
}

/** The accounts with these codes, with whether each has sub-accounts. */
export async function accountsByCode(db: LedgerDb, companyId: number, codes: string[]): Promise<Map<string, LedgerAccount>> {
  if (codes.length === 0) return new Map();
  const rows = await db.selectFrom('ledger_accounts as a')
    .select(['a.code', 'a.name', 'a.parent_code', 'a.level', 'a.postable', 'a.owner_kind', 'a.owner_id', 'a.currency_id', 'a.active'])
    .select((eb) => eb.exists(eb.selectFrom('ledger_accounts as c').select('c.code')
      .whereRef('c.company_id', '=', 'a.company_id').whereRef('c.parent_code', '=', 'a.code')).as('header'))
    .where('a.company_id', '=', companyId).where('a.code', 'in', [...new Set(codes)])
    .execute();
  return new Map(rows.map((r) => [r.code, accountOf(r)]));
}

/**
 * A ledger account row (aliased `a`) as JSON in the shape {@link accountOf} reads, with whether it
 * has sub-accounts: for the statements that read the accounts they need beside other things.
 */
export const ACCOUNT_JSON = sql`json_build_object('code', a.code, 'name', a.name, 'parent_code', a.parent_code, 'level', a.level, 'postable', a.postable,
                     'owner_kind', a.owner_kind, 'owner_id', a.owner_id, 'currency_id', a.currency_id, 'active', a.active,
                     'header', exists (select 1 from ledger_accounts h where h.company_id = a.company_id and h.parent_code = a.code))`;

/** An account as `accountsByCode` gives it, from a row of its columns (a query's or a JSON object's). */
export function accountOf(r: { code: string; name: string; parent_code: string | null; level: number; postable: boolean; owner_kind: string | null; owner_id: number | null; currency_id: number | null; active: boolean; header: unknown }): LedgerAccount {
  return {
    code: r.code, name: r.name, parentCode: r.parent_code, level: r.level, postable: r.postable,
    ownerKind: r.owner_kind, ownerId: r.owner_id, currencyId: r.currency_id, active: r.active, header: Boolean(r.header),
  };
}
