import { hasAuthority } from '@tezgah/core';
import { setTenant } from '../db/database';
import { requireAuth, type Auth, type RequestContext } from './types';

/** True when the caller holds module_action for every company (an authority with companyId 0). */
export function holdsEverywhere(auth: Auth, module: number, action: number): boolean {
  const code = `${module}_${action}`;
  return auth.authorities.some((a) => a.companyId === 0 && a.authorityCode === code);
}

/** True when the caller may do module_action in the given company. */
export function mayIn(auth: Auth, module: number, action: number, companyId: number): boolean {
  return hasAuthority(auth.authorities, module, action, companyId);
}

/**
 * Runs fn with the transaction's tenant switched to another company (for management and
 * cross-company membership work), then switches back to the request's company.
 */
export async function withCompany<T>(ctx: RequestContext, companyId: number, fn: () => Promise<T>): Promise<T> {
  const auth = requireAuth(ctx);
  await setTenant(ctx.trx, companyId);
  try {
    return await fn();
  } finally {
    await setTenant(ctx.trx, auth.companyId);
  }
}
