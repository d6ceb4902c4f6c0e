import { sql } from 'kysely';
import { setTenant, type DemoTenant, type Trx } from '@tezgah/server';
import type { AccountingArea } from '../area';
import type { LedgerDb } from '../ledger/accounts';
import { demoMoneyAccount } from '../partners';
import { paymentHandlers, recordPayment } from './payments.handlers';
import { accrualHandlers } from './accruals.handlers';

/**
 * Payments to personnel (personel ödemeleri), payroll accruals (bordro tahakkuku) and the
 * personnel's statement from the ledger.
 *
 * The personnel are the PERSONNEL current accounts. A payment (amount not zero, personnel, safe or
 * bank account, date, currency; NORMAL or INSTRUCTED) posts debit the personnel's own
 * sub-account (335.001 … under 335 Personele Borçlar, or the personnel's own main account) and
 * credit the safe's or bank account's sub-account. Decisions, as a Turkish accountant pays wages:
 * - The money leaves the account in the account's currency: the payment's currency must be the
 *   account's; a foreign-currency payment is posted in lira at the rate given, else the day's
 *   TCMB forex buying rate (banks/rates.ts liraRate), with its own amount and rate on the lines.
 * - INSTRUCTED (talimatlı) is a payment order given to the bank (maaş ödeme talimatı): only from a
 *   bank account.
 * - A change reverses the payment's entry (dated like it: a locked period refuses the change)
 *   and posts the new one; deleting reverses it and keeps the payment as cancelled. The journal
 *   thus shows every version. A change that changes nothing is 'You made no changes!'.
 * - A payment's purpose is WAGE (debit 335.xxx, paying what an accrual credited) or ADVANCE
 *   (personel avansı: debit the personnel's 196.xxx Personel Avansları, opened on its first use).
 *   An advance already deducted by an accrual cannot be changed or deleted (409 ADVANCE_DEDUCTED).
 * - An accrual (accruals.handlers.ts, POST /personnel-accruals) books a month's payroll from the
 *   payroll's figures: debit the wage expense (770 by default, or 720 … 760) with gross plus the
 *   employer's SGK and unemployment shares; credit 335.xxx the net, 360 the income tax and stamp
 *   tax withheld, 361 the worker's and employer's premiums, 196.xxx the advances deducted (at most
 *   the open advances). One live accrual per personnel and month; cancelling reverses it.
 * - The statement (GET /personnel-statement) only reads: the lines of the personnel's own
 *   accounts with the running balance (debit minus credit).
 * - The demo: on 30 January 2026 Demo Eczanesi pays its technician a wage advance in cash from
 *   the demo safe (within what the safe holds: a safe never goes below zero), Demo Ticaret pays
 *   its personnel's January net wage by instruction from its lira bank account when it has one,
 *   otherwise from the demo safe.
 */
async function seedDemoPersonnel(trx: Trx, demo: DemoTenant) {
  const d = trx as unknown as LedgerDb;
  const plans = [
    { companyId: demo.companies.pharmacy, amount: '12500.00', kinds: ['SAFE', 'BANK_ACCOUNT'] as const, explanation: 'Ocak 2026 maaş avansı' },
    { companyId: demo.companies.general, amount: '38750.00', kinds: ['BANK_ACCOUNT', 'SAFE'] as const, explanation: 'Ocak 2026 net ücret ödemesi' },
  ];
  for (const p of plans) {
    await setTenant(trx, p.companyId);
    const person = (await sql<{ id: number }>`select id from currents where company_id = ${p.companyId} and type = 'PERSONNEL' and currency_id = 1 order by id limit 1`.execute(d)).rows[0];
    const account = await demoMoneyAccount(d, p.companyId, [...p.kinds]);
    if (!person || !account) continue;
    await recordPayment(d, { companyId: p.companyId, login: 'system' }, {
      personnelId: Number(person.id), amount: p.amount, currencyId: 1, date: '2026-01-30', account,
      type: account.accountKind === 'BANK_ACCOUNT' ? 'INSTRUCTED' : 'NORMAL', explanation: p.explanation,
    });
  }
}

export const area: AccountingArea = { handlers: { ...paymentHandlers, ...accrualHandlers }, seedDemo: seedDemoPersonnel };
