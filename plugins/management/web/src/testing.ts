/**
 * Test fixtures of the management pages (only tests import this). The whole workbench renders
 * over the kernel's fake server, with the management plugin alone (the company form and its texts
 * are the kernel's).
 */
// The DOM matchers (toBeInTheDocument, ...): registered by the workbench's test setup; imported
// here too so that their types reach these tests in every TypeScript program that checks them.
import '@testing-library/jest-dom/vitest';
import type { Account, Company, CompanyMember } from '@tezgah/sdk';
import { account } from '../../../../packages/workbench/test/fake-server';

export { renderWorkbench } from '../../../../packages/workbench/test/render';
export { account, fakeServer, json, problem, token, type FakeServer } from '../../../../packages/workbench/test/fake-server';

/** The management user (company 1): management everywhere, companies, users and roles everywhere. */
export function manager(over: Partial<Account> = {}): Account {
  return account({
    id: 3, login: 'yonetici', firstName: 'Yasemin', lastName: 'Yönetici', companyId: 2, role: 'Yönetim', roles: ['Yönetim'],
    company: { id: 2, name: 'Tezgah Yönetim', sectorId: 2, sectorKey: 'GEN', companyProfile: { erpType: 'STANDARD', itsUsername: null, announcementId: null } },
    allCompanyCodes: ['1000_1', '1000_2', '1000_3', '1000_4', '21_1', '21_2', '21_3', '21_4', '17_1', '20_1'],
    ...over,
  });
}

export function company(id: number, name: string, over: Partial<Company> = {}): Company {
  return {
    id, name, title: `${name} Ünvanı`, companyType: 'CORPORATION', taxNumber: '0123456789', taxOffice: null, email: null, phone: null,
    mersisNo: null, sectorId: 2, sectorKey: 'GEN', erpType: 'STANDARD', invoicePrefix: null, modules: [2, 6], tags: [],
    subscriptionStart: null, subscriptionEnd: null, userCount: null, activationDate: null, coordinatingUser: null, itsUsername: null,
    active: true, ownerId: 1, ownerLogin: 'sahip', createdDate: null, ...over,
  } as Company;
}

export function member(userId: number, login: string, over: Partial<CompanyMember> = {}): CompanyMember {
  return { userId, login, firstName: `Ad${userId}`, lastName: `Soyad${userId}`, email: `${login}@demo.test`, activated: true, isPrimary: true, roles: [{ id: 1, name: 'Firma Sahibi' }], ...over };
}

export const SECTORS = [
  { id: 1, key: 'ECZ', name: 'Eczane' },
  { id: 2, key: 'GEN', name: 'Genel' },
];

export function query(path: string): URLSearchParams {
  return new URL(path, 'http://x').searchParams;
}
