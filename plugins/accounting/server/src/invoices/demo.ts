import { setTenant, type DemoTenant, type Trx } from '@tezgah/server';
import type { LedgerDb } from '../ledger/accounts';
import type { InvoiceBody } from './input';
import { recordTransaction } from '../safes/transactions.handlers';
import { allocate } from './dues';
import { writeInvoice } from './invoices.handlers';

/** A demo invoice: the current and products by name, the rest as the API takes it. */
type DemoInvoice = Omit<InvoiceBody, 'currentId' | 'products'> & { current: string; products: { product: string; quantity: number; unitPrice: number }[] };

/**
 * Demo Ticaret A.Ş.'s invoices: services sold and bought (no stock moves, so the stock the other
 * demo data sets up stays as it is), one sale partly collected into the bank later (auto-share),
 * one bought on account, and a draft.
 */
const GENERAL: DemoInvoice[] = [
  { invoiceType: 'SALE', current: 'Boğaziçi Otel İşletmeleri', date: '2026-11-05', dueDate: '2026-12-05', explanation: 'Kasım destek ve eğitim',
    products: [{ product: 'Teknik Destek Aylık Paket', quantity: 1, unitPrice: 2400 }, { product: 'Eğitim (gün)', quantity: 1, unitPrice: 6500 }] },
  { invoiceType: 'BUYING', current: 'Ege Kırtasiye', date: '2026-11-09', documentNo: 'EGE2026000000417', explanation: 'Kasım ofis temizliği',
    products: [{ product: 'Temizlik Hizmeti', quantity: 1, unitPrice: 3200 }] },
  { invoiceType: 'SALE', draft: true, current: 'Marmara Yapı Market', date: '2026-11-12', explanation: 'Kurulum (teklif)',
    products: [{ product: 'Kurulum Hizmeti (saat)', quantity: 2, unitPrice: 850 }] },
];

export async function seedDemoInvoices(trx: Trx, demo: DemoTenant): Promise<void> {
  const companyId = demo.companies.general;
  await setTenant(trx, companyId);
  const db = trx as unknown as LedgerDb;
  for (const inv of GENERAL) {
    const current = await db.selectFrom('currents').select('id').where('company_id', '=', companyId).where('name', '=', inv.current).executeTakeFirstOrThrow();
    const products = [];
    for (const l of inv.products) {
      const p = await db.selectFrom('products').select('id').where('company_id', '=', companyId).where('name', '=', l.product).executeTakeFirstOrThrow();
      products.push({ productId: p.id, quantity: l.quantity, unitPrice: l.unitPrice });
    }
    const { current: _c, products: _p, ...rest } = inv;
    await writeInvoice(db, companyId, 'muhasebe', { ...rest, currentId: current.id, products });
  }
  // The hotel paid 4.000 TL of its November invoice by bank transfer.
  const hotel = await db.selectFrom('currents').select('id').where('company_id', '=', companyId).where('name', '=', 'Boğaziçi Otel İşletmeleri').executeTakeFirstOrThrow();
  const bank = await db.selectFrom('bank_accounts').select('id').where('company_id', '=', companyId).where('name', '=', 'Garanti BBVA Ticari Hesap').executeTakeFirstOrThrow();
  const transactionId = await recordTransaction(db, { companyId, login: 'muhasebe' }, {
    type: 'COLLECTION', date: '2026-11-20', amount: '4000.00', currentId: hotel.id, to: { kind: 'BANK_ACCOUNT', id: bank.id }, explanation: 'Kasım faturası havale',
  } as Parameters<typeof recordTransaction>[2]);
  await allocate(db, companyId, { transactionId, currentId: hotel.id, type: 'SALE', amount: '4000.00', currencyId: 1, by: 'muhasebe' });
}
