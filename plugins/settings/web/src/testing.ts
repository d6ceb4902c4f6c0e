/**
 * Test fixtures of the settings pages (not part of the plugin's bundle: only tests import this).
 * The whole workbench renders over the kernel's fake server.
 */
// The DOM matchers (toBeInTheDocument, ...): registered by the workbench's test setup; imported
// here too so that their types reach these tests in every TypeScript program that checks them.
import '@testing-library/jest-dom/vitest';
import type { Company, Role, User } from '@tezgah/sdk';

export { renderWorkbench } from '../../../../packages/workbench/test/render';
export { account, fakeServer, json, problem, type FakeServer } from '../../../../packages/workbench/test/fake-server';
export { updateSettings } from '../../../../packages/workbench/src/settings/settings';

export function user(id: number, over: Partial<User> = {}): User {
  return {
    id, login: `kullanici${id}`, firstName: `Ad${id}`, lastName: `Soyad${id}`, email: `k${id}@demo.test`, phone: null,
    langKey: 'tr', activated: true, roles: [{ id: 2, name: 'Personel' }], authorities: [], ...over,
  } as User;
}

export function role(id: number, name: string, over: Partial<Role> = {}): Role {
  return { id, name, companyId: 2, fixed: false, allCompanies: false, authorities: [], userCount: 0, ...over };
}

export const ROLES: Role[] = [
  role(1, 'Firma Sahibi', { fixed: true, authorities: ['17_1', '17_2', '20_1'], userCount: 1 }),
  role(2, 'Personel', { fixed: true, authorities: ['6_1'], userCount: 3 }),
  role(3, 'Kasiyer', { authorities: ['2_1', '11_1', '11_2'], userCount: 0 }),
];

export function company(over: Partial<Company> = {}): Company {
  return {
    id: 2, name: 'Demo Ticaret A.Ş.', title: 'Demo Ticaret Anonim Şirketi', companyType: 'CORPORATION', taxNumber: '0123456789',
    taxOffice: 'Beşiktaş', email: 'muhasebe@demo.tezgah.local', phone: '2125559876', mersisNo: null, sectorId: 2, sectorKey: 'GEN',
    erpType: 'STANDARD', invoicePrefix: 'DMT2026', modules: [2, 3, 6, 11, 13], tags: ['merkez'], subscriptionStart: '2026-01-01',
    subscriptionEnd: '2026-12-31', userCount: 5, activationDate: '2026-01-02', coordinatingUser: null, itsUsername: null, active: true,
    ownerId: 2, ownerLogin: 'muhasebe', createdDate: '2026-01-01T09:00:00Z', ...over,
  } as Company;
}

export const SECTORS = [
  { id: 1, key: 'ECZ', name: 'Eczane' },
  { id: 2, key: 'GEN', name: 'Genel' },
];

/** The query of a recorded request path, e.g. `query('/api/users?page=1&size=10')`. */
export function query(path: string): URLSearchParams {
  return new URL(path, 'http://x').searchParams;
}
