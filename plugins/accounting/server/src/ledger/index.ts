import { setTenant, type DemoTenant, type Trx } from '@tezgah/server';
import type { AccountingArea } from '../area';
import type { LedgerDb } from './accounts';
import { createFiscalYear } from './fiscal';
import { ledgerHandlers, onCompanyCreated } from './ledger.handlers';
import { chartHandlers } from './chart.handlers';

export { LEDGER_SERVICE, ledgerService, type LedgerService, type PostingEntry, type PostingLine, type Posted } from './posting';

/** The demo companies keep their books in an active 2026 fiscal year, split into months. */
async function seedDemoLedger(trx: Trx, demo: DemoTenant) {
  for (const companyId of [demo.companies.pharmacy, demo.companies.general]) {
    await setTenant(trx, companyId);
    await createFiscalYear(trx as unknown as LedgerDb, companyId, { name: '2026', start: '2026-01-01', end: '2026-12-31', active: true });
  }
}

/**
 * The books: the company's chart of accounts, fiscal years and journal periods, the one posting
 * function (posting.ts, offered to other plugins as `accounting.ledger`) and the reports of the
 * books (trial balance, account statement).
 */
export const area: AccountingArea = { handlers: { ...ledgerHandlers, ...chartHandlers }, onCompanyCreated, seedDemo: seedDemoLedger };
