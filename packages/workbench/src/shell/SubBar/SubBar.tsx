import { Breadcrumbs, Button, type BreadcrumbProps } from '@blueprintjs/core';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isAddButtonVisible } from '@tezgah/core';
import { useShell } from '../../host/HostProvider';
import { useEntryTitle } from '../Sidebar/Sidebar';

/** Pages without a sub-bar's Add buttons (seeds 000 §2): the prescription sale and home. */
export const NO_ADD_BUTTONS = ['/pharmacy-sale', '/summary'];

/** The sub-bar: breadcrumb of the menu trail and the page's Add button. */
export function SubBar() {
  const shell = useShell();
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const title = useEntryTitle();
  const trail = shell.registry.trail(pathname);
  const crumbs: BreadcrumbProps[] = [
    { text: t('shell.breadcrumbHome'), onClick: () => navigate('/') },
    ...trail.map((e) => ({ text: title(e), ...(e.route && e.route !== pathname ? { onClick: () => navigate(e.route!) } : {}) })),
  ];
  const entry = trail[trail.length - 1];
  const showAdd = entry && !NO_ADD_BUTTONS.includes(pathname) && isAddButtonVisible(entry, shell.gate);
  return (
    <div className="tz-subbar">
      <Breadcrumbs items={crumbs} />
      {showAdd && (
        <Button intent="primary" icon="plus" text={t('shell.add')} onClick={() => navigate(entry.addButton?.route ?? `${pathname}?new=1`)} />
      )}
    </div>
  );
}
