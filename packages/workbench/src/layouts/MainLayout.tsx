import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Sidebar } from '../shell/Sidebar/Sidebar';
import { TopBar } from '../shell/TopBar/TopBar';
import { SubBar } from '../shell/SubBar/SubBar';
import { useShell } from '../host/HostProvider';
import { useSettings } from '../settings/settings';

/** The main layout: top bar, sidebar menu, sub-bar (breadcrumb and Add buttons) and the page. */
export function MainLayout() {
  const shell = useShell();
  const settings = useSettings();
  const { pathname } = useLocation();
  useEffect(() => {
    document.body.dataset.theme = shell.theme;
  }, [shell.theme]);
  useEffect(() => {
    window.scrollTo?.(0, 0);
  }, [pathname]);
  return (
    <div className={`tz-main tz-menu-${settings.menuStyle}${settings.menuCollapsed ? ' tz-collapsed' : ''}`} data-theme={shell.theme}>
      <TopBar />
      <div className="tz-body">
        {settings.menuStyle !== 'flyout' && <Sidebar />}
        <main className="tz-content">
          <SubBar />
          <div className="tz-page">
            <Outlet />
          </div>
        </main>
      </div>
    </div>
  );
}
