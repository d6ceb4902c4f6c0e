/**
 * Authority checks (seeds 000 §6).
 *
 * An authority is a code `${moduleId}_${actionId}` held for one company; `companyId` 0
 * ({@link ALL_COMPANIES}) means it applies to every company.
 */
import { ALL_COMPANIES, Module } from './permissions';

/** One permission held by a user, as returned by the account endpoint. */
export type Authority = {
  /** `${moduleId}_${actionId}`, e.g. "13_2" (product create). */
  authorityCode: string;
  /** Company the authority applies to; 0 means every company. */
  companyId: number;
};

/** What the checks accept for "the user's authorities" (missing while the session loads). */
export type Authorities = readonly Authority[] | null | undefined;

/** The current company id (missing before a company is chosen: only company-0 authorities count). */
export type CompanyId = number | null | undefined;

/** Builds an authority code: `authorityCode(13, 2)` → "13_2". */
export function authorityCode(module: number, action: number): string {
  return `${module}_${action}`;
}

const CODE = /^(0|[1-9]\d*)_(0|[1-9]\d*)$/;

/** Splits "13_2" into `{ module: 13, action: 2 }`; returns null for anything malformed. */
export function parseAuthorityCode(code: string | null | undefined): { module: number; action: number } | null {
  if (typeof code !== 'string') return null;
  const m = CODE.exec(code);
  if (!m) return null;
  return { module: Number(m[1]), action: Number(m[2]) };
}

/** Authorities that apply in `companyId` (its own and the every-company ones). */
function inCompany(authorities: Authorities, companyId: CompanyId): Authority[] {
  if (!authorities) return [];
  return authorities.filter((a) => a.companyId === ALL_COMPANIES || (companyId != null && a.companyId === companyId));
}

/**
 * True when the user holds any authority of `module` for `companyId` or for every company:
 * a code starting with `${module}_` (so module 1 does not match "13_2" or "1000_1").
 */
export function hasModule(authorities: Authorities, module: number, companyId: CompanyId): boolean {
  const prefix = `${module}_`;
  return inCompany(authorities, companyId).some((a) => a.authorityCode.startsWith(prefix));
}

/** True when the user holds exactly `${module}_${action}` for `companyId` or for every company. */
export function hasAuthority(authorities: Authorities, module: number, action: number, companyId: CompanyId): boolean {
  return hasCode(authorities, [authorityCode(module, action)], companyId);
}

/** True when the user holds at least one of `actions` on `module` (false for an empty list). */
export function hasAnyAction(
  authorities: Authorities,
  module: number,
  actions: readonly number[],
  companyId: CompanyId,
): boolean {
  return actions.some((action) => hasAuthority(authorities, module, action, companyId));
}

/** True when the user holds every one of `actions` on `module` (true for an empty list). */
export function hasAllActions(
  authorities: Authorities,
  module: number,
  actions: readonly number[],
  companyId: CompanyId,
): boolean {
  return actions.every((action) => hasAuthority(authorities, module, action, companyId));
}

/** True when the user holds at least one of the explicit `codes` (e.g. ["13_2", "6_2"]) for `companyId`. */
export function hasCode(authorities: Authorities, codes: readonly string[], companyId: CompanyId): boolean {
  const held = inCompany(authorities, companyId);
  return codes.some((code) => held.some((a) => a.authorityCode === code));
}

/**
 * True when the user holds any authority of a management module, in any company: management 1000,
 * management ERP 1001, or the fixed management roles' modules super admin 101, admin 102,
 * support 103 and ERP management 104 (seeds §1 and §6: these staff may impersonate).
 */
export function isManagement(authorities: Authorities): boolean {
  if (!authorities) return false;
  const prefixes = [Module.MANAGEMENT, Module.MANAGEMENT_ERP, Module.SUPER_ADMIN, Module.ADMIN, Module.SUPPORT, Module.ERP_MANAGEMENT].map((m) => `${m}_`);
  return authorities.some((a) => prefixes.some((p) => a.authorityCode.startsWith(p)));
}
