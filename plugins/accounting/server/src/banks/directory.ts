import { electronicFormatIBAN } from 'ibantools';
import { sql } from 'kysely';
import { problems, type Trx } from '@tezgah/server';
import type { LedgerDb } from '../ledger/accounts';
import { ibanProblem } from '../currents/rules';

export interface DirectoryBank { eftCode: string; ibanCode: string; name: string; swift: string | null }

/** The banks of the TBB list (bank_directory) as every new company starts its own list with. */
export async function seedCompanyBanks(trx: Trx, companyId: number): Promise<void> {
  await sql`insert into banks (company_id, name, eft_code, swift)
    select ${companyId}, name, eft_code, swift from bank_directory order by eft_code
    on conflict do nothing`.execute(trx);
}

/** The IBAN as stored: no spaces, upper case. */
export function cleanIban(raw: string): string {
  return electronicFormatIBAN(raw) ?? raw.replace(/\s+/g, '').toUpperCase();
}

/** The 5-digit bank code of a Turkish IBAN (TRkk + bank code + reserved 0 + 16). */
export const ibanBankCode = (iban: string): string => iban.slice(4, 9);

/** A checked Turkish IBAN (TR, 26 characters, mod-97) in its stored form, or a 400 on `field`. */
export function checkedIban(raw: string, field = 'iban'): string {
  const iban = cleanIban(raw);
  const p = ibanProblem(iban);
  if (p) throw problems.invalidField(field, p, 'IBAN');
  if (iban[9] !== '0') throw problems.invalidField(field, 'IBAN geçersiz: banka kodundan sonraki hane (rezerv alan) 0 olmalıdır.', 'IBAN');
  return iban;
}

/** The bank of the TBB list with this 5-digit IBAN bank code. */
export async function directoryBank(db: LedgerDb, ibanCode: string): Promise<DirectoryBank | undefined> {
  const r = await db.selectFrom('bank_directory').select(['eft_code', 'iban_code', 'name', 'swift']).where('iban_code', '=', ibanCode).executeTakeFirst();
  return r ? { eftCode: r.eft_code, ibanCode: r.iban_code, name: r.name, swift: r.swift } : undefined;
}
