import { setTenant, type DemoTenant, type Trx } from '@tezgah/server';
import type { AccountingArea } from '../area';
import type { LedgerDb } from '../ledger/accounts';
import { orderHandlers, writeOrder } from './orders.handlers';

/**
 * Orders received (/order/in, module 9) and given (/order/out, module 10); issue 9, seeds 000 §3
 * order. They post nothing; `to-invoice` writes an invoice through the invoices area from what
 * remains of the lines (all or some), and what is invoiced is read from the live invoices made
 * from each line, so a cancelled invoice reopens its order.
 */
async function seedDemoOrders(trx: Trx, demo: DemoTenant) {
  const companyId = demo.companies.general;
  await setTenant(trx, companyId);
  const db = trx as unknown as LedgerDb;
  const current = await db.selectFrom('currents').select('id').where('company_id', '=', companyId).where('name', '=', 'Marmara Yapı Market').executeTakeFirstOrThrow();
  const product = async (name: string) => (await db.selectFrom('products').select('id').where('company_id', '=', companyId).where('name', '=', name).executeTakeFirstOrThrow()).id;
  await writeOrder(db, companyId, 'muhasebe', {
    direction: 'IN', currentId: current.id, orderDate: '2026-11-18', explanation: 'Aralık kırtasiye siparişi',
    products: [{ productId: await product('A4 Fotokopi Kağıdı 80 gr (500 yaprak)'), quantity: 40, unitPrice: 129.9 }, { productId: await product('Zımba Makinesi No:10'), quantity: 5, unitPrice: 74.9 }],
  });
}

export const area: AccountingArea = { handlers: orderHandlers, seedDemo: seedDemoOrders };
