import { setTenant, type DemoTenant, type Trx } from '@tezgah/server';
import { sql } from 'kysely';
import type { AccountingArea } from '../area';
import type { LedgerDb } from '../ledger/accounts';
import { insertSafe, safeHandlers } from './safes.handlers';
import { recordTransaction, transactionHandlers } from './transactions.handlers';

/**
 * Safes (cash) and money transactions: transfers between safes and bank accounts, collections from
 * and payments to current accounts, the money-account movements (transaction lines) and the
 * cash/bank summary. Every one posts through the ledger's posting function.
 */
async function seedDemoSafes(trx: Trx, demo: DemoTenant) {
  const d = trx as unknown as LedgerDb;
  for (const companyId of [demo.companies.pharmacy, demo.companies.general]) {
    await setTenant(trx, companyId);
    const auth = { companyId, login: 'system' };
    const safe = await insertSafe(d, auth, '2026-01-01', { name: 'Merkez Kasa', currencyId: 1, openingBalance: '15000.00', openingDate: '2026-01-01', explanation: 'Dükkân kasası' });
    const pick = async (type: string) => (await sql<{ id: number }>`select id from currents where company_id = ${companyId} and type = ${type} order by id limit 1`.execute(d)).rows[0]?.id;
    const customer = await pick('CUSTOMER');
    const supplier = await pick('SUPPLIER');
    if (customer) await recordTransaction(d, auth, { type: 'COLLECTION', date: '2026-02-10', amount: '2500.00', to: { kind: 'SAFE', id: safe }, currentId: customer, explanation: 'Açık hesap tahsilatı' });
    if (supplier) await recordTransaction(d, auth, { type: 'PAYMENT', date: '2026-03-05', amount: '1200.00', from: { kind: 'SAFE', id: safe }, currentId: supplier, explanation: 'Satıcıya nakit ödeme' });
  }
}

export const area: AccountingArea = { handlers: { ...safeHandlers, ...transactionHandlers }, seedDemo: seedDemoSafes };
