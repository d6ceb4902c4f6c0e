import type { AccountingArea } from '../area';
import { bookHandlers } from './books.handlers';
import { currentLedgerHandlers } from './currents.handlers';

/**
 * Reports of the books as screens and files (issue 8): the trial balance and an account
 * statement as xlsx and PDF, the journal book (yevmiye defteri) with its carried totals, and the
 * current-account ledger (cari hareketler): a current's statement with its running balance (and
 * as xlsx/PDF ekstre), the balances of every current of a type and the aging of their open items.
 * Every figure comes from the journal lines; nothing here writes to the books.
 */
export const area: AccountingArea = { handlers: { ...bookHandlers, ...currentLedgerHandlers } };
