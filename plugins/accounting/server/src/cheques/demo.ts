import { sql } from 'kysely';
import { setTenant, type DemoTenant, type Trx } from '@tezgah/server';
import type { LedgerDb } from '../ledger/accounts';
import { applyStep, createCheque, type StepInput } from './cheques';
import type { Direction } from './machine';

/** A demo cheque: who (a demo current's name), the leaf, and the steps it went through. */
interface DemoCheque {
  direction: Direction; current: string; number: string; code?: string; amount: string; date: string; dueDate: string;
  bankName?: string; branchName?: string; drawer?: string; explanation?: string; bankAccount?: string;
  steps?: (Omit<StepInput, 'bankAccountId' | 'currentId'> & { bankAccount?: string; current?: string })[];
}

/** Demo Ticaret A.Ş.: cheques from its customers and to its suppliers, in every state. */
const GENERAL: DemoCheque[] = [
  { direction: 'IN', current: 'Marmara Yapı Market', number: '4471203', code: 'AKB-A', amount: '45000.00', date: '2026-10-12', dueDate: '2026-12-15', bankName: 'Akbank', branchName: 'Kadıköy', explanation: 'Ekim faturaları karşılığı' },
  { direction: 'IN', current: 'Boğaziçi Otel İşletmeleri', number: '0183552', amount: '120000.00', date: '2026-03-02', dueDate: '2026-04-15', bankName: 'Yapı Kredi', branchName: 'Beşiktaş',
    steps: [{ action: 'DEPOSIT', date: '2026-04-10', bankAccount: 'Garanti BBVA Ticari Hesap' }, { action: 'COLLECT', date: '2026-04-16' }] },
  { direction: 'IN', current: 'Ali Öztürk', number: '7720914', amount: '18500.00', date: '2026-03-20', dueDate: '2026-06-30', bankName: 'Türkiye İş Bankası', branchName: 'Üsküdar',
    steps: [{ action: 'ENDORSE', date: '2026-04-02', current: 'Ege Kırtasiye' }] },
  { direction: 'IN', current: 'Trakya Gıda', number: '3390017', amount: '32750.50', date: '2026-09-05', dueDate: '2026-11-30', bankName: 'Halkbank', branchName: 'Şişli', drawer: 'Trakya Gıda Ltd. Şti.',
    steps: [{ action: 'DEPOSIT', date: '2026-11-20', bankAccount: 'Garanti BBVA Ticari Hesap' }] },
  { direction: 'IN', current: 'Marmara Yapı Market', number: '4470877', code: 'AKB-A', amount: '9800.00', date: '2026-01-15', dueDate: '2026-03-15', bankName: 'Akbank', branchName: 'Kadıköy',
    steps: [{ action: 'DEPOSIT', date: '2026-03-10', bankAccount: 'Garanti BBVA Ticari Hesap' }, { action: 'BOUNCE', date: '2026-03-17', explanation: 'Karşılıksız çıktı; müşteriye yansıtıldı' }] },
  { direction: 'OUT', current: 'Ege Kırtasiye', number: '1000231', code: 'GRN-1', amount: '27300.00', date: '2026-10-20', dueDate: '2027-01-20', bankAccount: 'Garanti BBVA Ticari Hesap', explanation: 'Kırtasiye alımları' },
  { direction: 'OUT', current: 'Trakya Gıda', number: '1000224', code: 'GRN-1', amount: '15000.00', date: '2026-01-26', dueDate: '2026-03-25', bankAccount: 'Garanti BBVA Ticari Hesap',
    steps: [{ action: 'PAY', date: '2026-03-25' }] },
];

/** Demo Eczanesi: a patient's cheque in the portfolio, one endorsed to the wholesaler, its own cheques. */
const PHARMACY: DemoCheque[] = [
  { direction: 'IN', current: 'Mehmet Demir', number: '5562018', amount: '7500.00', date: '2026-09-01', dueDate: '2026-12-01', bankName: 'Ziraat Bankası', branchName: 'Keçiören' },
  { direction: 'IN', current: 'Ayşe Yılmaz', number: '2048831', amount: '4250.00', date: '2026-06-10', dueDate: '2026-08-10', bankName: 'Vakıfbank', branchName: 'Kızılay',
    steps: [{ action: 'ENDORSE', date: '2026-06-20', current: 'Başkent Ecza Deposu' }] },
  { direction: 'OUT', current: 'Başkent Ecza Deposu', number: '0907712', code: 'ZRT-3', amount: '38600.00', date: '2026-10-05', dueDate: '2027-01-05', bankAccount: 'Ziraat Bankası Vadesiz TL', explanation: 'Ekim ilaç alımları' },
  { direction: 'OUT', current: 'Anadolu Medikal', number: '0907698', code: 'ZRT-3', amount: '12400.00', date: '2026-05-02', dueDate: '2026-07-02', bankAccount: 'Ziraat Bankası Vadesiz TL',
    steps: [{ action: 'PAY', date: '2026-07-02' }] },
];

async function seedCompany(db: LedgerDb, companyId: number, list: DemoCheque[]) {
  // A name may be both a customer and a supplier (Trakya Gıda): take the one the step deals with.
  const current = async (name: string, type: 'CUSTOMER' | 'SUPPLIER') => (await db.selectFrom('currents').select('id').where('company_id', '=', companyId)
    .where(sql<string>`concat_ws(' ', name, last_name)`, '=', name).orderBy(sql`type = ${type}`, 'desc').orderBy('id').limit(1).executeTakeFirstOrThrow()).id;
  const bank = async (name: string) => (await db.selectFrom('bank_accounts').select('id').where('company_id', '=', companyId).where('name', '=', name).executeTakeFirstOrThrow()).id;
  // Every entry and step in date order, so the demo's entry numbers follow its dates.
  const ids = new Map<DemoCheque, number>();
  const work: { date: string; run: () => Promise<void> }[] = [];
  for (const item of list) {
    const { current: who, bankAccount, steps, ...c } = item;
    work.push({ date: c.date, run: async () => {
      ids.set(item, await createCheque(db, companyId, { ...c, currentId: await current(who, c.direction === 'IN' ? 'CUSTOMER' : 'SUPPLIER'), bankAccountId: bankAccount ? await bank(bankAccount) : null }, { createdBy: 'demo' }));
    } });
    for (const { bankAccount: b, current: to, ...s } of steps ?? []) {
      work.push({ date: s.date, run: async () => {
        await applyStep(db, companyId, ids.get(item)!, { ...s, bankAccountId: b ? await bank(b) : null, currentId: to ? await current(to, 'SUPPLIER') : null }, { createdBy: 'demo' });
      } });
    }
  }
  // A stable sort: on one day an entry comes before its steps.
  for (const w of work.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0))) await w.run();
}

export async function seedDemoCheques(trx: Trx, demo: DemoTenant): Promise<void> {
  const db = trx as unknown as LedgerDb;
  await setTenant(trx, demo.companies.general);
  await seedCompany(db, demo.companies.general, GENERAL);
  await setTenant(trx, demo.companies.pharmacy);
  await seedCompany(db, demo.companies.pharmacy, PHARMACY);
}
