import Decimal from 'decimal.js';
import { underAccount } from '../ledger/reports';
import { sql } from 'kysely';
import type { LedgerDb } from '../ledger/accounts';

/** 391 Hesaplanan KDV and 191 İndirilecek KDV, with their sub-accounts. */
export const CALCULATED_VAT_ACCOUNT = '391';
export const DEDUCTIBLE_VAT_ACCOUNT = '191';

export interface VatFigures {
  /** Hesaplanan KDV: the net credit movement of 391 in the period. */
  calculated: Decimal;
  /** İndirilecek KDV of the period: the net debit movement of 191. */
  deductible: Decimal;
  /** Devreden KDV of the previous period (from its declaration). */
  previousCarried: Decimal;
  /** Ödenecek KDV: calculated less deductible and carried, when above zero. */
  payable: Decimal;
  /** Sonraki döneme devreden KDV: deductible and carried less calculated, when above zero. */
  carriedForward: Decimal;
}

const under = (code: string, column = 'l.account_code') => underAccount(column, code);

/**
 * The VAT of a period from the ledger: calculated VAT is what 391 was credited less what it was
 * debited (sales returns, reversals) in the period, deductible VAT what 191 was debited less
 * credited. The month-end offset entry (KDV mahsup fişi: debit 391 / credit 191 and 360 or 190)
 * and its reversal are left out: an entry that touches both 391 and 191 is such an entry, as no
 * sale or purchase posts to both. Then the KDV1 arithmetic: deductible in all = this period's
 * deductible + the previous period's carried-forward; payable = calculated − that when positive,
 * else the rest is carried forward.
 */
export async function vatFigures(d: LedgerDb, companyId: number, start: string, end: string, previousCarried: Decimal): Promise<VatFigures> {
  const r = await sql<{ calculated: string; deductible: string }>`
    select coalesce(sum(l.credit - l.debit) filter (where ${under(CALCULATED_VAT_ACCOUNT)}), 0)::text as calculated,
           coalesce(sum(l.debit - l.credit) filter (where ${under(DEDUCTIBLE_VAT_ACCOUNT)}), 0)::text as deductible
      from journal_lines l
     where l.company_id = ${companyId} and l.entry_date between ${start} and ${end}
       and (${under(CALCULATED_VAT_ACCOUNT)} or ${under(DEDUCTIBLE_VAT_ACCOUNT)})
       and not (exists (select 1 from journal_lines a where a.company_id = l.company_id and a.entry_id = l.entry_id
                         and ${under(CALCULATED_VAT_ACCOUNT, 'a.account_code')})
            and exists (select 1 from journal_lines b where b.company_id = l.company_id and b.entry_id = l.entry_id
                         and ${under(DEDUCTIBLE_VAT_ACCOUNT, 'b.account_code')}))`.execute(d);
  const calculated = new Decimal(r.rows[0]?.calculated ?? 0);
  const deductible = new Decimal(r.rows[0]?.deductible ?? 0);
  const difference = calculated.minus(deductible).minus(previousCarried);
  const zero = new Decimal(0);
  return {
    calculated, deductible, previousCarried,
    payable: difference.gt(0) ? difference : zero,
    carriedForward: difference.lt(0) ? difference.negated() : zero,
  };
}
