import Decimal from 'decimal.js';
import { sql } from 'kysely';
import { setTenant, type DemoTenant, type Trx } from '@tezgah/server';
import type { AccountingArea } from '../area';
import type { LedgerDb } from '../ledger/accounts';
import type { MoneyKind } from '../ledger/money';
import { capitalHandlers, recordCapital } from './capitals.handlers';
import { partnerHandlers } from './partners.handlers';

/**
 * Partners and their capital (ortaklar ve sermaye).
 *
 * The partners are the PARTNER current accounts (name, individual or corporate, share percentage,
 * capital); /partners shows them with what the ledger says of their capital: committed (the
 * credit balance of the partner's own 500 Sermaye sub-account), unpaid (`remaining`, the debit
 * balance of its own 501 Ödenmemiş Sermaye sub-account) and paid (the difference).
 *
 * Decisions, as a Turkish accountant keeps a company's capital:
 * - The active partners' shares add up to at most 100 % (a 400 naming what is left).
 * - Capital is in lira (TTK 332); a commitment and its payments are in lira, and a payment goes
 *   into a lira safe or bank account (a foreign-currency contribution is converted first).
 * - Committing capital (kind UNPAID_CAPITAL, the seeds' "unpaid capital" it creates) posts
 *   debit 501.xx / credit 500.xx, and all of a partner's commitments stay within its capital (the
 *   articles of association); a capital increase raises the partner's capital first.
 * - Paying capital (kind CAPITAL) posts debit the safe or bank account / credit 501.xx, against
 *   one commitment (named, else the oldest not fully paid), never more than it still waits for and
 *   not before it was made. UNPAID_CAPITAL as a balance is what is left on 501.xx.
 * - Records are never edited in place of the books: PUT /capitals corrects one (its entry reversed,
 *   the corrected one posted, the old values kept in capital_corrections); deleting one
 *   reverses its entry (dated like it; a locked period refuses) and keeps it as cancelled; a
 *   commitment with live payments is not deleted. A partner with any capital record or posting is
 *   not deleted either: it is made passive.
 * - The demo: Demo Ticaret A.Ş.'s two partners commit their whole capital on 2 January 2026 and
 *   pay in a quarter of it on 15 January (TTK 344: at least 25 % of cash capital before
 *   registration), into a lira bank account when there is one (the law wants the bank), else into
 *   the demo safe. Demo Eczanesi is a sole proprietorship (a pharmacy belongs to its pharmacist,
 *   Law 6197): it has no partners.
 */
async function seedDemoPartners(trx: Trx, demo: DemoTenant) {
  const d = trx as unknown as LedgerDb;
  for (const companyId of [demo.companies.pharmacy, demo.companies.general]) {
    await setTenant(trx, companyId);
    const partners = await sql<{ id: number; capital: string | null }>`select id, capital::text as capital from currents
      where company_id = ${companyId} and type = 'PARTNER' and active order by id`.execute(d);
    if (!partners.rows.length) continue;
    const into = await demoMoneyAccount(d, companyId, ['BANK_ACCOUNT', 'SAFE']);
    const auth = { companyId, login: 'system' };
    for (const p of partners.rows) {
      const capital = new Decimal(p.capital ?? 0);
      if (!capital.gt(0)) continue;
      await recordCapital(d, auth, { partnerId: Number(p.id), kind: 'UNPAID_CAPITAL', amount: capital.toFixed(2), currencyId: 1, date: '2026-01-02', explanation: 'Kuruluş sermayesi taahhüdü' });
      if (into) {
        await recordCapital(d, auth, {
          partnerId: Number(p.id), kind: 'CAPITAL', amount: capital.div(4).toDecimalPlaces(2).toFixed(2), currencyId: 1, date: '2026-01-15',
          account: into, explanation: 'Sermayenin dörtte biri (TTK md. 344)',
        });
      }
    }
  }
}

/**
 * The company's first lira money account of the first kind that has one (its table may not exist
 * yet while areas are being added), for demo postings.
 */
export async function demoMoneyAccount(d: LedgerDb, companyId: number, kinds: MoneyKind[]): Promise<{ accountKind: MoneyKind; accountId: number } | null> {
  for (const kind of kinds) {
    const table = kind === 'SAFE' ? 'safes' : 'bank_accounts';
    const exists = await sql<{ t: string | null }>`select to_regclass(${table})::text as t`.execute(d);
    if (!exists.rows[0]?.t) continue;
    // A bank account: a trading (current) account, not a credit card or POS account.
    const trading = kind === 'BANK_ACCOUNT' ? sql`and account_type = 'TRADING'` : sql``;
    const r = await sql<{ id: number }>`select id from ${sql.table(table)} where company_id = ${companyId} and currency_id = 1 ${trading} order by id limit 1`.execute(d);
    if (r.rows[0]) return { accountKind: kind, accountId: Number(r.rows[0].id) };
  }
  return null;
}

export const area: AccountingArea = { handlers: { ...partnerHandlers, ...capitalHandlers }, seedDemo: seedDemoPartners };
