import { AnchorButton, Button, Menu, MenuItem, PopoverNext } from '@blueprintjs/core';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MenuEntry } from '@tezgah/core';
import { LAYOUT } from '../layout';
import { entryIcon, holdsRoute, useEntryTitle, useRouteLink, useVisibleMenu } from './menu';

/**
 * The flyout menu style (seeds 000 §2): the menu as a bar under the top bar; a group opens as a
 * popover on hover (or click) and hides 100 ms after the pointer leaves.
 */
export function FlyoutMenu() {
  const { t } = useTranslation();
  const link = useRouteLink();
  const { pathname } = useLocation();
  const title = useEntryTitle();
  const entries = useVisibleMenu();

  const item = (e: MenuEntry): React.JSX.Element => (
    <MenuItem key={e.id} icon={entryIcon(e)} text={title(e)} active={e.route === pathname} {...(e.route ? link(e.route) : {})}>
      {e.children?.length ? e.children.map(item) : undefined}
    </MenuItem>
  );

  return (
    <nav className="tz-flyout" aria-label={t('shell.mainMenu')}>
      {entries.map((e) =>
        e.children?.length ? (
          <PopoverNext
            key={e.id}
            interactionKind="hover"
            hoverOpenDelay={0}
            hoverCloseDelay={LAYOUT.flyoutHideDelay}
            placement="bottom-start"
            popoverClassName="tz-flyout-popover"
            animation="minimal"
            arrow={false}
            content={<Menu aria-label={title(e)}>{[...(e.route ? [item({ ...e, children: undefined })] : []), ...e.children.map(item)]}</Menu>}
          >
            <Button variant="minimal" icon={entryIcon(e)} endIcon="caret-down" text={title(e)} active={holdsRoute(e, pathname)} aria-haspopup="menu" />
          </PopoverNext>
        ) : (
          e.route ? (
            <AnchorButton key={e.id} variant="minimal" icon={entryIcon(e)} text={title(e)} active={e.route === pathname} {...link(e.route)} />
          ) : (
            <Button key={e.id} variant="minimal" icon={entryIcon(e)} text={title(e)} />
          )
        ),
      )}
    </nav>
  );
}
