import { Module, Action, MODULE_ACTIONS } from '@tezgah/core';

// MODULE_ACTIONS (which actions each module offers) lives in @tezgah/core: the roles screen draws
// the same matrix the server checks against.
export { MODULE_ACTIONS };

/** Modules only management staff may hold or hand out. */
export const MANAGEMENT_MODULES: readonly number[] = [Module.MANAGEMENT, Module.MANAGEMENT_ERP, Module.SUPER_ADMIN, Module.ADMIN, Module.SUPPORT, Module.ERP_MANAGEMENT];

/** Modules that only the pharmacy edition offers. */
export const PHARMACY_MODULES: readonly number[] = [Module.RECETE, Module.KOLAY_ASISTAN, Module.PHARMACY_POS];

/** The business modules a new company of a sector subscribes to. */
export function defaultModules(sectorKey: string): number[] {
  return Object.keys(MODULE_ACTIONS).map(Number)
    .filter((m) => !MANAGEMENT_MODULES.includes(m))
    .filter((m) => sectorKey === 'ECZ' || !PHARMACY_MODULES.includes(m));
}

export function authoritiesFor(modules: number[]): [number, number][] {
  return modules.flatMap((m) => (MODULE_ACTIONS[m] ?? []).map((a) => [m, a] as [number, number]));
}

/** The management role: company, user and role administration everywhere, plus the management modules. */
export const MANAGEMENT_AUTHORITIES: [number, number][] = [
  ...authoritiesFor([Module.MANAGEMENT, Module.MANAGEMENT_ERP, Module.SUPER_ADMIN]),
  ...authoritiesFor([Module.COMPANY, Module.USER, Module.ROLE]),
];

export const OWNER_ROLE = 'Firma Sahibi';
export const STAFF_ROLE = 'Personel';
export const MANAGEMENT_ROLE = 'Yönetim';

/** Staff: sell and look things up. */
export function staffAuthorities(modules: number[]): [number, number][] {
  const wanted: [number, number[]][] = [
    [Module.CUSTOMER, [Action.VIEW, Action.CREATE]],
    [Module.PRODUCT, [Action.VIEW, 34]],
    [Module.SALES, [Action.VIEW, Action.CREATE]],
    [Module.WAREHOUSE, [Action.VIEW]],
    [Module.RECETE, [Action.VIEW, Action.CREATE]],
    [Module.AGENDA, [Action.VIEW, 36]],
  ];
  return wanted.filter(([m]) => modules.includes(m)).flatMap(([m, as]) => as.map((a) => [m, a] as [number, number]));
}
