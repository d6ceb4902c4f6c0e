import { useState } from 'react';
import { Button, Collapse, Menu, MenuDivider, MenuItem } from '@blueprintjs/core';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MenuEntry } from '@tezgah/core';
import { updateSettings } from '../../settings/settings';
import { LAYOUT, useLayout } from '../layout';
import { entryIcon, holdsRoute, useEntryTitle, useRouteLink, useVisibleMenu } from '../Menu/menu';

export { useEntryTitle } from '../Menu/menu';

export interface SidebarProps {
  /** classic: groups that open and close, icons; simply: a compact list with group headings. */
  variant?: 'classic' | 'simply';
  /** Icons only (groups open as submenus). Default: the layout's collapse (setting, or below 1024 px). */
  collapsed?: boolean;
  /** Called after a page was chosen (the mobile drawer closes). */
  onNavigate?: () => void;
  /** Hides the collapse toggle (the mobile drawer has none). */
  hideToggle?: boolean;
}

/**
 * The left menu (seeds 000 §2): the menu the session's authorities allow, 195 px wide, 74 px
 * collapsed with icons only. The classic style groups pages under headings that open and close
 * (the group holding the current page starts open); the simply style is a compact list.
 */
export function Sidebar(props: SidebarProps) {
  const layout = useLayout();
  const { t } = useTranslation();
  const link = useRouteLink();
  const { pathname } = useLocation();
  const title = useEntryTitle();
  const entries = useVisibleMenu();
  const variant = props.variant ?? 'classic';
  const collapsed = props.collapsed ?? layout.collapsed;
  const [open, setOpen] = useState<Record<string, boolean>>({});
  const isOpen = (e: MenuEntry) => open[e.id] ?? holdsRoute(e, pathname);

  const leaf = (e: MenuEntry, icons = true) => (
    <MenuItem
      key={e.id}
      icon={icons ? entryIcon(e) : undefined}
      text={<span className="tz-menu-text">{title(e)}</span>}
      htmlTitle={title(e)}
      active={e.route === pathname}
      {...(e.route ? link(e.route, props.onNavigate) : {})}
    />
  );

  // Collapsed: icons only; a group's pages open as a submenu beside it.
  const iconOnly = (e: MenuEntry): React.JSX.Element =>
    e.children?.length ? (
      <MenuItem key={e.id} icon={entryIcon(e)} text={<span className="tz-menu-text">{title(e)}</span>} htmlTitle={title(e)} active={holdsRoute(e, pathname)} popoverProps={{ hoverCloseDelay: LAYOUT.flyoutHideDelay }}>
        {e.children.map(iconOnly)}
      </MenuItem>
    ) : (
      leaf(e)
    );

  const classic = (e: MenuEntry, depth = 0): React.JSX.Element => {
    if (!e.children?.length) return leaf(e);
    const expanded = isOpen(e);
    return (
      <li key={e.id} role="none" className="tz-menu-group" data-depth={depth}>
        <Button
          className="tz-menu-group-toggle"
          variant="minimal"
          fill
          alignText="start"
          icon={entryIcon(e)}
          endIcon={expanded ? 'chevron-up' : 'chevron-down'}
          text={title(e)}
          aria-expanded={expanded}
          onClick={() => setOpen((o) => ({ ...o, [e.id]: !expanded }))}
        />
        <Collapse isOpen={expanded} transitionDuration={150}>
          <Menu role="group" aria-label={title(e)} className="tz-submenu">
            {e.route && leaf({ ...e, children: undefined })}
            {e.children.map((c) => classic(c, depth + 1))}
          </Menu>
        </Collapse>
      </li>
    );
  };

  const simply = (e: MenuEntry): React.JSX.Element[] =>
    e.children?.length
      ? [<MenuDivider key={`${e.id}-title`} title={title(e)} />, ...(e.route ? [leaf({ ...e, children: undefined }, false)] : []), ...e.children.flatMap(simply)]
      : [leaf(e, false)];

  const width = collapsed ? LAYOUT.menuCollapsedWidth : LAYOUT.menuWidth;
  return (
    <nav
      className={`tz-sidebar tz-sidebar-${variant}${collapsed ? ' tz-sidebar-collapsed' : ''}`}
      aria-label={t('shell.mainMenu')}
      style={props.onNavigate ? undefined : { width, minWidth: width }}
    >
      <Menu size={variant === 'simply' ? 'small' : 'medium'}>
        {entries.length === 0 && <MenuItem disabled text={t('shell.noMenu')} />}
        {collapsed
          ? entries.map(iconOnly)
          : variant === 'simply'
            // A page after a group gets a rule, so it does not read as part of the group.
            ? entries.flatMap((e, i) => [...(i > 0 && !e.children?.length && entries[i - 1]!.children?.length ? [<MenuDivider key={`${e.id}-rule`} />] : []), ...simply(e)])
            : entries.map((e) => classic(e))}
      </Menu>
      {!props.hideToggle && (
        <Button
          className="tz-collapse-toggle"
          variant="minimal"
          fill
          icon={collapsed ? 'menu-open' : 'menu-closed'}
          aria-label={collapsed ? t('shell.expandMenu') : t('shell.collapseMenu')}
          title={collapsed ? t('shell.expandMenu') : t('shell.collapseMenu')}
          disabled={layout.forcedCollapsed}
          onClick={() => updateSettings({ menuCollapsed: !collapsed })}
        />
      )}
    </nav>
  );
}
