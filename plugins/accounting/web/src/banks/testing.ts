import { account, fakeServer, json, type FakeServer } from '../../../../../packages/workbench/test/fake-server';
import { composeAreas } from '../area';
import { messages } from '../messages';
import { area as banks } from './contribution';
import { area as finance } from '../finance/contribution';
import { area as safes } from '../safes/contribution';
import { area as ledger } from '../ledger/contribution';
import { area as currents } from '../currents/contribution';
import { CITIES, TURKEY } from '../currents/testing';
import { SUMMARY } from '../finance/testing';
import type { Bank, BankAccount, BankAccountMovement, BankBranch } from './model';

/** Test data and routes for the bank screens. */
export const API = '/services/onmuhasebe/api';
export const bankPlugin = composeAreas({ id: 'accounting', title: 'Ön Muhasebe', version: '0.1.0' }, [{ messages }, banks, finance, safes, ledger, currents]);
/** Bank (3) and bank branch (22) modules with view, create, update and delete. */
export const OWNER = ['3_1', '3_2', '3_3', '3_4', '3_37', '22_1', '22_2', '22_3', '22_4'];

/** Valid Turkish IBANs (check digits computed with ibantools) of Ziraat (00010) and Garanti (00062). */
export const ZIRAAT_IBAN = 'TR620001001234567890123456';
export const GARANTI_IBAN = 'TR600006201234567890123456';

export const BANKS: Bank[] = [
  { id: 1, name: 'T.C. Ziraat Bankası A.Ş.', eftCode: '0010', ibanCode: '00010', swift: 'TCZBTR2A' },
  { id: 2, name: 'Türkiye Garanti Bankası A.Ş.', eftCode: '0062', ibanCode: '00062', swift: 'TGBATRIS' },
  { id: 3, name: 'Türkiye İş Bankası A.Ş.', eftCode: '0064', ibanCode: '00064', swift: null },
];

export const BRANCHES: BankBranch[] = [
  { id: 11, bankId: 1, bankName: BANKS[0]!.name, name: 'Kızılay', code: '0840', cityId: 6, cityName: 'Ankara', address: 'Atatürk Bulvarı 8', phone: '3124152020' },
  { id: 12, bankId: 1, bankName: BANKS[0]!.name, name: 'Ulus', code: '0402', cityId: 6, cityName: 'Ankara', address: null, phone: null },
  { id: 21, bankId: 2, bankName: BANKS[1]!.name, name: 'Beşiktaş', code: '0071', cityId: 34, cityName: 'İstanbul', address: null, phone: null },
];

const bankAccount = (id: number, name: string, bankId: number, o: Partial<BankAccount> = {}): BankAccount => ({
  id, name, bankId, bankName: BANKS.find((b) => b.id === bankId)!.name, branchId: null, branchName: null, accountType: 'TRADING', iban: null, ibanBankName: null,
  accountNo: null, accountCode: `102.0${id - 4}`, currencyId: 1, currencyCode: 'TL', currencySymbol: '₺', openingBalance: 0, openingDate: null, openingRate: null,
  openingAccount: null, openingEntryId: null, explanation: null, balance: 0, balanceFc: null, mainAccount: { companyId: 2, currencyId: 1, currencySymbol: '₺' }, ...o,
});

export const ACCOUNTS: BankAccount[] = [
  bankAccount(5, 'Ziraat Vadesiz', 1, {
    branchId: 11, branchName: 'Kızılay', iban: ZIRAAT_IBAN, ibanBankName: BANKS[0]!.name, accountNo: '12345678', openingBalance: 40000, openingDate: '2026-01-01',
    openingAccount: '570', openingEntryId: 2, balance: 45000.1,
  }),
  bankAccount(6, 'Garanti Euro', 2, {
    accountType: 'CREDIT', iban: GARANTI_IBAN, currencyId: 3, currencyCode: 'EUR', currencySymbol: '€', openingBalance: 100, openingDate: '2026-01-01',
    openingRate: 35.1234, openingAccount: '570', balance: 3000, balanceFc: 85.5,
  }),
];

export const MOVEMENTS: BankAccountMovement[] = [
  { id: 91, entryId: 51, entryNo: 42, date: '2026-03-14', explanation: 'Kasadan bankaya', sourceKind: 'TRANSACTION', sourceId: '31', debit: 1999.9, credit: 0, currencyId: 1, amountFc: null, rate: null, balance: 45000.1, balanceFc: null },
  { id: 90, entryId: 49, entryNo: 39, date: '2026-02-01', explanation: 'Kira ödemesi', sourceKind: 'TRANSACTION', sourceId: '29', debit: 0, credit: 15000, currencyId: 1, amountFc: null, rate: null, balance: 43000.2, balanceFc: null },
];

/** A server with the banks, branches, accounts and their movements, and the lookups a branch form needs. */
export function bankServer(codes: string[] = OWNER): FakeServer {
  const s = fakeServer();
  s.setAccount(account({ codes }));
  const q = (req: Request) => new URL(req.url).searchParams;
  s.on(`GET ${API}/banks`, () => json(BANKS, { total: BANKS.length }));
  s.on(`GET ${API}/bank-branches`, (req) => {
    const list = BRANCHES.filter((b) => !q(req).get('bankId') || String(b.bankId) === q(req).get('bankId'));
    return json(list, { total: list.length });
  });
  s.on(`GET ${API}/bank-accounts`, () => json(ACCOUNTS, { total: ACCOUNTS.length }));
  s.on(`GET ${API}/bank-accounts/{id}`, (_r, p) => json(ACCOUNTS.find((a) => String(a.id) === p.id)));
  s.on(`GET ${API}/bank-accounts/{id}/movements`, () => json(MOVEMENTS, { total: MOVEMENTS.length }));
  s.on(`GET ${API}/summaries`, () => json(SUMMARY));
  s.on(`GET ${API}/transactions`, () => json([], { total: 0 }));
  s.on(`GET ${API}/countries`, () => json([TURKEY], { total: 1 }));
  s.on(`GET ${API}/cities`, () => json(CITIES, { total: CITIES.length }));
  return s;
}
