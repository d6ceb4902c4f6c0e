import { Menu, MenuDivider, MenuItem } from '@blueprintjs/core';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { visibleMenu, type MenuEntry } from '@tezgah/core';
import { useShell } from '../../host/HostProvider';
import { useSettings } from '../../settings/settings';

/** A menu entry's title: its translation when the plugin gave a key, else its title. */
export function useEntryTitle() {
  const { t } = useTranslation();
  return (e: MenuEntry) => (e.titleKey ? t(e.titleKey, { defaultValue: e.title }) : e.title);
}

/** The sidebar: the menu the session's authorities allow, groups with their children. */
export function Sidebar() {
  const shell = useShell();
  const settings = useSettings();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const title = useEntryTitle();
  const entries = visibleMenu(shell.registry.menu, shell.gate);
  const item = (e: MenuEntry) => (
    <MenuItem
      key={e.id}
      icon={(e.icon as any) ?? 'dot'}
      text={settings.menuCollapsed ? undefined : title(e)}
      title={title(e)}
      active={e.route === pathname}
      onClick={() => e.route && navigate(e.route)}
    />
  );
  return (
    <nav className="tz-sidebar" aria-label="Ana menü">
      <Menu>
        {entries.map((e) =>
          e.children?.length ? (
            <div key={e.id} role="group" aria-label={title(e)}>
              {!settings.menuCollapsed && <MenuDivider title={title(e)} />}
              {e.children.map(item)}
            </div>
          ) : (
            item(e)
          ),
        )}
      </Menu>
    </nav>
  );
}
