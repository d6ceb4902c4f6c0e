import { useCallback, useMemo, type MouseEvent } from 'react';
import { useHref, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { IconNames, type IconName } from '@blueprintjs/icons';
import { hasModule, isEczanem, isManagementRole, ManagementRole, Module, Sector, visibleMenu, type GateContext, type MenuEntry } from '@tezgah/core';
import type { Account } from '@tezgah/sdk';
import { updateSettings, useSettings, type LayoutSettings } from '../../settings/settings';
import { useShell } from '../../host/HostProvider';
import { flattenMenu } from '../../host/registry';
import { isPermitted } from '../../host/landing';
import { preloadContribution } from '../../host/Contribution';

/** A menu entry's title: its translation when the plugin gave a key, else its title. */
export function useEntryTitle(): (e: MenuEntry) => string {
  const { t } = useTranslation();
  const shell = useShell();
  // The company's sector is the i18next context, so a plugin may word an entry per sector
  // (`customer_ECZ: 'Hastalar'`: patients in a pharmacy, customers elsewhere).
  const context = shell.account?.company.sectorKey;
  return (e: MenuEntry) => (e.titleKey ? t(e.titleKey, { defaultValue: e.title, ...(context ? { context } : {}) }) : e.title);
}

const ICONS: ReadonlySet<string> = new Set(Object.values(IconNames));

/** The Blueprint icon of a menu entry (its `icon` when Blueprint knows it; a folder for groups, a dot otherwise). */
export function entryIcon(e: MenuEntry): IconName {
  if (e.icon && ICONS.has(e.icon)) return e.icon as IconName;
  return e.children?.length ? 'folder-close' : 'dot';
}

/** The account fields the reduced-menu choice depends on. */
type MenuAccount = Pick<Account, 'login' | 'role'> & { company: Pick<Account['company'], 'sectorKey'> & { companyProfile: Pick<Account['company']['companyProfile'], 'erpType'> } };

/**
 * Roles whose holders get the full menu by default: the company owner and the management role
 * (the fixed role names of the server's tenancy/catalogue: OWNER_ROLE, MANAGEMENT_ROLE).
 */
export const FULL_MENU_ROLES: readonly string[] = ['Firma Sahibi', 'Yönetim'];

/** The reduced pharmacy menu ("Sade menü") is offered in pharmacy-sector companies only. */
export function offersReducedMenu(account: MenuAccount | null): boolean {
  return account?.company.sectorKey === Sector.PHARMACY;
}

/**
 * True when the shell lists the reduced pharmacy menu. Only in a pharmacy-sector company; there
 * the person's own choice on this browser, else the default: on for the counter staff, off for
 * the owner (the role 'Firma Sahibi', who also keeps the books and so wants every page) and for
 * management users, and off in companies of the pharmacy-retail ERP type 'eczanem' (their
 * prescriptions live in the other program; Tezgah keeps their books).
 */
export function reducedMenuOn(settings: Pick<LayoutSettings, 'reducedMenu'>, account: MenuAccount | null): boolean {
  if (!account || !offersReducedMenu(account)) return false;
  const chosen = settings.reducedMenu[account.login];
  if (chosen !== undefined) return chosen;
  if (isEczanem(account.company.companyProfile.erpType)) return false;
  const role = account.role ?? '';
  return !FULL_MENU_ROLES.includes(role) && !isManagementRole(role);
}

/** The reduced-menu switch of the user menu: whether it is offered, whether it is on, and the way to change it. */
export function useReducedMenu(): { offered: boolean; on: boolean; set(on: boolean): void } {
  const shell = useShell();
  const settings = useSettings();
  const account = shell.account;
  return {
    offered: offersReducedMenu(account),
    on: reducedMenuOn(settings, account),
    set(on: boolean) {
      if (!account) return;
      // The newest choice goes last: the oldest are the ones dropped beyond the limit.
      const others = Object.entries(settings.reducedMenu).filter(([login]) => login !== account.login);
      updateSettings({ reducedMenu: { ...Object.fromEntries(others), [account.login]: on } });
    },
  };
}

/**
 * The menu the session may see (seeds 000 §6 gating), reduced when the person has the reduced
 * pharmacy menu on; `full` ignores that choice (the page finder and favourites offer every page).
 */
export function useVisibleMenu(options: { full?: boolean } = {}): MenuEntry[] {
  const shell = useShell();
  const reduced = useReducedMenu().on && !options.full;
  return useMemo(() => visibleMenu(shell.registry.menu, shell.gate, { reduced }), [shell.registry, shell.gate, reduced]);
}

/** A page the finder and favourites offer: its path, title and the groups above it. */
export interface PageChoice {
  route: string;
  title: string;
  /** The titles of the groups above it, for the finder's label. */
  group: string;
  icon: IconName;
}

/**
 * Every visible menu page the session may open, depth first in menu order. The full menu even
 * when the reduced one is on: the pages it hides stay one search away.
 */
export function usePages(): PageChoice[] {
  const shell = useShell();
  const menu = useVisibleMenu({ full: true });
  const title = useEntryTitle();
  return useMemo(() => {
    const pages = flattenMenu(menu).filter((e) => !shell.registry.route(e.route!) || isPermitted(shell.registry, e.route!, shell.gate));
    return pages.map((e) => ({
      route: e.route!,
      title: title(e),
      group: shell.registry.trail(e.route!).slice(0, -1).map(title).join(' / '),
      icon: entryIcon(e),
    }));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [menu, shell.registry, shell.gate]);
}

/** True when the route is the current page or, for a group, holds it. */
export function holdsRoute(e: MenuEntry, pathname: string): boolean {
  return e.route === pathname || (e.children ?? []).some((c) => holdsRoute(c, pathname));
}

/** Super admin (seeds 000 §6: an extra Add button): the role, or an authority of module 101. */
export function isSuperAdmin(ctx: GateContext): boolean {
  return ctx.role === ManagementRole.SUPER_ADMIN || hasModule(ctx.authorities, Module.SUPER_ADMIN, ctx.companyId);
}

/**
 * True for a click the router should take over: the main button without a modifier key, on an
 * element that opens in the same tab. Ctrl/cmd/shift/alt clicks (and the middle button, which
 * never sends `click`) are left to the browser: a new tab or window, as for any link.
 */
export function isPlainClick(e: MouseEvent<HTMLElement>): boolean {
  const target = e.currentTarget.getAttribute('target');
  return e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey && (!target || target === '_self');
}

/**
 * What makes an element a real link to a route: its `href`, and a click the router handles. A
 * pointer resting on it, or the keyboard's focus, starts loading the route's page code, so the
 * click that follows (a few hundred milliseconds later) finds it loaded.
 */
export interface RouteLink {
  href: string;
  onClick: (e: MouseEvent<HTMLElement>) => void;
  onMouseEnter: () => void;
  onFocus: () => void;
}


/**
 * Links for menu entries, favourites, finder results and breadcrumbs: a real `href` (open in a new
 * tab, middle-click, copy link), while a plain left click moves through the router without a full
 * reload. `after` runs after a plain click (the mobile drawer closes).
 */
export function useRouteLink(): (route: string, after?: () => void) => RouteLink {
  const navigate = useNavigate();
  const shell = useShell();
  // The router's base ('/' unless the workbench is served under a basename).
  const base = useHref('/');
  return useCallback((route: string, after?: () => void) => {
    // Once loaded, the page the click renders draws at once (Contribution). Asked once per
    // loader; a failure is left for the click to show.
    const preload = () => {
      const load = shell.registry.route(route)?.load;
      if (load) preloadContribution(load).catch(() => undefined);
    };
    return {
      href: base === '/' ? route : `${base.replace(/\/$/, '')}${route}`,
      onClick: (e: MouseEvent<HTMLElement>) => {
        if (!isPlainClick(e)) return;
        e.preventDefault();
        navigate(route);
        after?.();
      },
      onMouseEnter: preload,
      onFocus: preload,
    };
  }, [navigate, base, shell.registry]);
}
