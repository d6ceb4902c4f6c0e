import { useCallback, useMemo, type MouseEvent } from 'react';
import { useHref, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { IconNames, type IconName } from '@blueprintjs/icons';
import { hasModule, ManagementRole, Module, visibleMenu, type GateContext, type MenuEntry } from '@tezgah/core';
import { useShell } from '../../host/HostProvider';
import { flattenMenu } from '../../host/registry';
import { isPermitted } from '../../host/landing';

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

/** The menu the session may see (seeds 000 §6 gating). */
export function useVisibleMenu(): MenuEntry[] {
  const shell = useShell();
  return useMemo(() => visibleMenu(shell.registry.menu, shell.gate), [shell.registry, shell.gate]);
}

/** A page the finder and favourites offer: its path, title and the groups above it. */
export interface PageChoice {
  route: string;
  title: string;
  /** The titles of the groups above it, for the finder's label. */
  group: string;
  icon: IconName;
}

/** Every visible menu page the session may open, depth first in menu order. */
export function usePages(): PageChoice[] {
  const shell = useShell();
  const menu = useVisibleMenu();
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

/** What makes an element a real link to a route: its `href`, and a click the router handles. */
export interface RouteLink {
  href: string;
  onClick: (e: MouseEvent<HTMLElement>) => void;
}

/**
 * Links for menu entries, favourites, finder results and breadcrumbs: a real `href` (open in a new
 * tab, middle-click, copy link), while a plain left click moves through the router without a full
 * reload. `after` runs after a plain click (the mobile drawer closes).
 */
export function useRouteLink(): (route: string, after?: () => void) => RouteLink {
  const navigate = useNavigate();
  // The router's base ('/' unless the workbench is served under a basename).
  const base = useHref('/');
  return useCallback((route: string, after?: () => void) => ({
    href: base === '/' ? route : `${base.replace(/\/$/, '')}${route}`,
    onClick: (e: MouseEvent<HTMLElement>) => {
      if (!isPlainClick(e)) return;
      e.preventDefault();
      navigate(route);
      after?.();
    },
  }), [navigate, base]);
}
