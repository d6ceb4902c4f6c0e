import Decimal from 'decimal.js';
import { sql } from 'kysely';
import { problems } from '@tezgah/server';
import { ownAccount, type LedgerDb } from '../ledger/accounts';
import { balanceOf, currentAccount } from '../ledger/money';

/** The chart account personnel advances are kept under (Personel Avansları), one sub-account per personnel. */
export const ADVANCES_PARENT = '196';
/** The owner kind of a personnel's advance sub-account (196.001 …) in ledger_accounts. */
export const ADVANCE_KIND = 'PERSONNEL_ADVANCE';

export interface Personnel { id: number; name: string; accountCode: string; currencyId: number }

/**
 * A PERSONNEL current of the company with its own account (335.001 … under 335 Personele
 * Borçlar, or its main account), or a 400 on `field`.
 */
export async function personnelOf(d: LedgerDb, companyId: number, id: number, field = 'personnelId'): Promise<Personnel> {
  const r = await d.selectFrom('currents').select(['id', 'type', 'name', 'last_name']).where('company_id', '=', companyId).where('id', '=', id).executeTakeFirst();
  if (!r || r.type !== 'PERSONNEL') throw problems.invalidField(field, 'Personel bulunamadı.', 'PERSONNEL_NOT_FOUND');
  const acc = await currentAccount(d, companyId, Number(r.id), field);
  return { id: Number(r.id), name: r.last_name ? `${r.name} ${r.last_name}` : r.name, accountCode: acc.accountCode, currencyId: acc.currencyId };
}

/**
 * The personnel's advance account (196.001 … under 196 Personel Avansları), opened on its first
 * use like the 335 one. Kept in lira: advances are paid and deducted from the wage in lira.
 */
export function advanceAccount(d: LedgerDb, companyId: number, p: { id: number; name: string }): Promise<string> {
  return ownAccount(d, companyId, { parent: ADVANCES_PARENT, kind: ADVANCE_KIND, ownerId: p.id, name: `${p.name} (avans)`, width: 3 });
}

/** The personnel's advance account when it has one already (never opens it: for reads). */
export async function existingAdvanceAccount(d: LedgerDb, companyId: number, personnelId: number): Promise<string | null> {
  const r = await d.selectFrom('ledger_accounts').select('code').where('company_id', '=', companyId).where('owner_kind', '=', ADVANCE_KIND)
    .where('owner_id', '=', personnelId).where('parent_code', '=', ADVANCES_PARENT).executeTakeFirst();
  return r?.code ?? null;
}

/** The advances still open: debit minus credit of the advance account (paid and not yet deducted). */
export async function openAdvance(d: LedgerDb, companyId: number, code: string | null): Promise<Decimal> {
  return code ? new Decimal(await balanceOf(d, companyId, code)) : new Decimal(0);
}

/**
 * Serialises what changes a personnel's open advances (an accrual deducting them, an advance
 * payment changed or deleted) until the transaction ends, so two at once never both count the
 * same open advance.
 */
export async function lockPersonnel(d: LedgerDb, companyId: number, personnelId: number): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext('tezgah.personnel.advance'), hashtext(${`${companyId}:${personnelId}`}))`.execute(d);
}

/**
 * After an advance payment was reversed (changed or deleted): its advance must not have been
 * deducted already, or the advance account would go below zero (credit balance); a 409 then,
 * and the transaction rolls the reversal back.
 */
export async function assertAdvanceNotOverDeducted(d: LedgerDb, companyId: number, code: string): Promise<void> {
  const open = await openAdvance(d, companyId, code);
  if (open.isNegative()) {
    throw problems.conflict(`Bu avans bir bordro tahakkukunda maaştan düşülmüş (açık avans ${open.toFixed(2)} TL olurdu); önce o tahakkuku iptal edin.`, 'ADVANCE_DEDUCTED');
  }
}
