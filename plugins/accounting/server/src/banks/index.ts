import type { Trx } from '@tezgah/server';
import type { AccountingArea } from '../area';
import { bankAccountHandlers } from './accounts.handlers';
import { bankHandlers } from './banks.handlers';
import { seedDemoBanks } from './demo';
import { seedCompanyBanks } from './directory';

export { bankAccountRow, type BankAccountRow } from './accounts';
export { currencyOf, inLira, liraRate, type CurrencyRef } from './rates';

/**
 * Banks, bank branches and bank accounts (seeds 000 §3, §5, §7).
 *
 * - A company's banks start as the TBB list (bank_directory, migration 20261123020000-banks.sql,
 *   whose header gives the reasons): onCompanyCreated copies it; the company edits its own list.
 * - A bank account gets its own ledger sub-account under 102 Bankalar when it is created
 *   (102.01, 102.02 …); its balance is read from the ledger (lira, and its own currency from the
 *   lines' amount_fc), never stored. Its opening balance is an entry of source
 *   BANK_ACCOUNT_OPENING:<id> (debit the account, credit 570 or the account named); a change
 *   reverses it and posts the new one; deleting an account with only its opening reverses that
 *   and leaves the sub-account inactive; an account with other movements is not deleted (409).
 * - An IBAN is Turkish (TR, 26, mod-97) and carries the bank's 5-digit code ("0" + EFT code):
 *   the bank is named from it, and a code that disagrees with the chosen bank is a 400.
 */
export const area: AccountingArea = {
  handlers: { ...bankHandlers, ...bankAccountHandlers },
  onCompanyCreated: (trx: Trx, companyId: number) => seedCompanyBanks(trx, companyId),
  seedDemo: seedDemoBanks,
};
