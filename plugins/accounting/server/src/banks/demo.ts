import { setTenant, type DemoTenant, type Trx } from '@tezgah/server';
import type { LedgerDb } from '../ledger/accounts';
import { createBankAccount, type BankAccountInput } from './accounts';

interface DemoBranch { eft: string; name: string; code: string; cityId: number; address: string }
interface DemoAccount extends Omit<BankAccountInput, 'bankId' | 'branchId'> { eft: string; branch?: string }

/**
 * Demo branches and bank accounts (the IBANs are made up but pass mod-97 and carry their bank's
 * code). Every opening balance is posted through the ledger in the demo's 2026 fiscal year.
 */
const GENERAL: { branches: DemoBranch[]; accounts: DemoAccount[] } = {
  branches: [
    { eft: '0062', name: 'Levent Ticari Şubesi', code: '403', cityId: 34, address: 'Levent Mah. Büyükdere Cad. No: 185, Beşiktaş' },
    { eft: '0064', name: 'Karaköy Şubesi', code: '1154', cityId: 34, address: 'Kemankeş Karamustafa Paşa Mah. Rıhtım Cad. No: 21, Beyoğlu' },
  ],
  accounts: [
    { eft: '0062', branch: 'Levent Ticari Şubesi', name: 'Garanti BBVA Ticari Hesap', accountType: 'TRADING', iban: 'TR800006200000629384710256', currencyId: 1, openingBalance: '250000.00', openingDate: '2026-01-01', explanation: 'Şirketin ana vadesiz hesabı' },
    { eft: '0064', branch: 'Karaköy Şubesi', name: 'İş Bankası USD Hesabı', accountType: 'TRADING', iban: 'TR940006400000110470258391', currencyId: 2, openingBalance: '12500.00', openingDate: '2026-01-02', openingRate: '42.9875', explanation: 'İhracat tahsilatları' },
    // Where the shop's card terminal settles (the POS plugin's demo device) and where payment links
    // are collected (its online-payment settings): both start empty, under 108.
    { eft: '0062', branch: 'Levent Ticari Şubesi', name: 'Garanti BBVA POS Hesabı', accountType: 'POS', iban: 'TR440006200000629384710419', currencyId: 1, explanation: 'Mağaza kredi kartı tahsilatları' },
    { eft: '0062', branch: 'Levent Ticari Şubesi', name: 'PayTR Online Tahsilat Hesabı', accountType: 'ONLINE_PAYMENT', iban: 'TR570006200000629384710573', currencyId: 1, explanation: 'Ödeme linkiyle alınan kart tahsilatları' },
  ],
};

const PHARMACY: { branches: DemoBranch[]; accounts: DemoAccount[] } = {
  branches: [
    { eft: '0010', name: 'Kızılay Şubesi', code: '2150', cityId: 6, address: 'Kızılay Mah. Atatürk Blv. No: 89, Çankaya' },
    { eft: '0015', name: 'Ulus Şubesi', code: '60', cityId: 6, address: 'Anafartalar Mah. Çankırı Cad. No: 12, Altındağ' },
  ],
  accounts: [
    { eft: '0010', branch: 'Kızılay Şubesi', name: 'Ziraat Bankası Vadesiz TL', accountType: 'TRADING', iban: 'TR500001000000782945613077', currencyId: 1, openingBalance: '85000.00', openingDate: '2026-01-01' },
    { eft: '0015', branch: 'Ulus Şubesi', name: 'Vakıfbank POS Hesabı', accountType: 'POS', iban: 'TR940001500000158803742196', currencyId: 1, openingBalance: '12340.75', openingDate: '2026-01-01', explanation: 'Kredi kartı satışlarının POS tahsilatları' },
  ],
};

async function seedCompany(db: LedgerDb, companyId: number, data: typeof GENERAL) {
  const bankId = async (eft: string) => (await db.selectFrom('banks').select('id').where('company_id', '=', companyId).where('eft_code', '=', eft).executeTakeFirstOrThrow()).id;
  const branches = new Map<string, number>();
  for (const b of data.branches) {
    const row = await db.insertInto('bank_branches').values({ company_id: companyId, bank_id: await bankId(b.eft), name: b.name, code: b.code, city_id: b.cityId, address: b.address })
      .returning('id').executeTakeFirstOrThrow();
    branches.set(b.name, row.id);
  }
  for (const { eft, branch, ...a } of data.accounts) {
    await createBankAccount(db, companyId, { ...a, bankId: await bankId(eft), branchId: branch ? branches.get(branch)! : null }, { today: '2026-01-01', createdBy: 'demo' });
  }
}

export async function seedDemoBanks(trx: Trx, demo: DemoTenant): Promise<void> {
  const db = trx as unknown as LedgerDb;
  await setTenant(trx, demo.companies.general);
  await seedCompany(db, demo.companies.general, GENERAL);
  await setTenant(trx, demo.companies.pharmacy);
  await seedCompany(db, demo.companies.pharmacy, PHARMACY);
}
