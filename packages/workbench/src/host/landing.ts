import { isEczanem, isGateOpen, type GateContext, type MenuEntry } from '@tezgah/core';
import { flattenMenu, type Registry } from './registry';

/** True when the path is a registered route whose gate (and menu entry's gate) is open. */
export function isPermitted(registry: Registry, path: string, ctx: GateContext): boolean {
  const route = registry.route(path);
  if (!route || !isGateOpen(route.decl, ctx)) return false;
  return registry.trail(path).every((e: MenuEntry) => isGateOpen(e, ctx));
}

/**
 * Where `/` leads (seeds 000 §2): a pharmacy-sector company whose ERP type is not the special
 * pharmacy-retail type goes to the prescription sale, anything else to the summary. When no
 * plugin offers (or permits) the prescription sale, the summary.
 */
export function rootTarget(registry: Registry, ctx: GateContext, sectorKey: string): string {
  if (sectorKey === 'ECZ' && !isEczanem(ctx.erpType) && isPermitted(registry, '/pharmacy-sale', ctx)) return '/pharmacy-sale';
  return '/summary';
}

/**
 * Where a person lands after signing in: the remembered menu item if still permitted; else the
 * first menu item (in menu order) whose module the user holds; else `/`.
 */
export function afterSignInTarget(registry: Registry, ctx: GateContext, remembered: string | null): string {
  if (remembered && isPermitted(registry, remembered, ctx)) return remembered;
  const first = flattenMenu(registry.menu).find((e) => e.route && isPermitted(registry, e.route, ctx));
  return first?.route ?? '/';
}

/** After a company switch: pharmacy-sector companies go to the prescription sale, others to the summary. */
export function afterSwitchTarget(registry: Registry, ctx: GateContext, sectorKey: string): string {
  return rootTarget(registry, ctx, sectorKey);
}
