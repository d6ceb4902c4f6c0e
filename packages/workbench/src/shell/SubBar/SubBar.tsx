import { Breadcrumbs, Button, type BreadcrumbProps } from '@blueprintjs/core';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isAddButtonVisible, type MenuEntry } from '@tezgah/core';
import { useShell } from '../../host/HostProvider';
import { isSuperAdmin, useEntryTitle, useRouteLink } from '../Menu/menu';
import { isPermitted } from '../../host/landing';

/** Pages without the sub-bar's Add buttons (seeds 000 §2): the prescription sale and home. */
export const NO_ADD_BUTTONS = ['/pharmacy-sale', '/summary'];

/** Where an Add button leads: its route, else the page itself asked to open its add dialog. */
export function addTarget(entry: MenuEntry, pathname: string, extra?: string): string {
  const base = entry.addButton?.route ?? `${pathname}?new=1`;
  return extra ? `${base}${base.includes('?') ? '&' : '?'}${extra}` : base;
}

/**
 * The sub-bar (seeds 000 §2): the breadcrumb of the menu trail and the page's Add buttons. Add
 * needs the entry's create action; a super admin gets an extra button. Neither is shown on the
 * prescription sale or home pages.
 */
export function SubBar() {
  const shell = useShell();
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const title = useEntryTitle();
  const link = useRouteLink();
  const trail = shell.registry.trail(pathname);
  const routeTitle = shell.registry.route(pathname)?.decl.title;
  const crumbs: BreadcrumbProps[] = [
    // Every crumb that names another page is a link (new tab, copy link); the current page is not.
    { text: t('shell.breadcrumbHome'), icon: 'home', ...link('/') },
    ...trail.map((e) => ({ text: title(e), ...(e.route && e.route !== pathname ? link(e.route) : {}) })),
    ...(trail.length === 0 && routeTitle ? [{ text: routeTitle }] : []),
  ];
  const entry = trail[trail.length - 1];
  // A page the user may not open ('Yetki Hatası') offers no actions either.
  const pageHasAdd = Boolean(entry?.addButton) && !NO_ADD_BUTTONS.includes(pathname) && isPermitted(shell.registry, pathname, shell.gate);
  const showAdd = pageHasAdd && isAddButtonVisible(entry!, shell.gate);
  const showSuperAdd = pageHasAdd && isSuperAdmin(shell.gate);
  return (
    <div className="tz-subbar" role="region" aria-label={t('shell.subBar')}>
      <Breadcrumbs items={crumbs} minVisibleItems={crumbs.length} />
      <div className="tz-subbar-actions">
        {showAdd && <Button intent="primary" icon="plus" text={t('shell.add')} onClick={() => navigate(addTarget(entry!, pathname))} />}
        {showSuperAdd && (
          <Button intent="warning" icon="plus" variant="outlined" text={t('shell.addSuperAdmin')} onClick={() => navigate(addTarget(entry!, pathname, 'superAdmin=1'))} />
        )}
      </div>
    </div>
  );
}
