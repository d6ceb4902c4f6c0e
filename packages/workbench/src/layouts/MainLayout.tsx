import { useEffect, useRef, type CSSProperties } from 'react';
import { Drawer, Position } from '@blueprintjs/core';
import { Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useShell } from '../host/HostProvider';
import { Slot } from '../ui/Slot';
import { useSettings } from '../settings/settings';
import { Footer } from '../shell/Footer/Footer';
import { FlyoutMenu } from '../shell/Menu/FlyoutMenu';
import { RouteProgress } from '../shell/Progress/RouteProgress';
import { Sidebar } from '../shell/Sidebar/Sidebar';
import { SubBar } from '../shell/SubBar/SubBar';
import { PageFinder } from '../shell/TopBar/PageFinder';
import { TopBar } from '../shell/TopBar/TopBar';
import { LAYOUT, LayoutProvider, routeAnimationMs, useEdgeSwipe, useLayout } from '../shell/layout';

/** The menu where the style and the viewport put it: a drawer on mobile, else left or on top. */
function Menu() {
  const layout = useLayout();
  const settings = useSettings();
  const { t } = useTranslation();
  const { pathname } = useLocation();
  useEdgeSwipe(layout.viewport.mobile, () => layout.setMenuOpen(true));
  // A page chosen anywhere (the drawer's finder, a favourite) closes the mobile menu.
  const { setMenuOpen } = layout;
  useEffect(() => setMenuOpen(false), [pathname, setMenuOpen]);
  if (layout.viewport.mobile) {
    return (
      <Drawer
        isOpen={layout.menuOpen}
        onClose={() => layout.setMenuOpen(false)}
        position={Position.LEFT}
        size={LAYOUT.menuWideRange[0]}
        title={t('shell.appName')}
        className="tz-mobile-menu"
      >
        <PageFinder fill />
        <Sidebar variant={settings.menuStyle === 'simply' ? 'simply' : 'classic'} collapsed={false} hideToggle onNavigate={() => layout.setMenuOpen(false)} />
      </Drawer>
    );
  }
  if (settings.menuStyle === 'flyout') return null;
  return <Sidebar variant={settings.menuStyle} />;
}

function Frame() {
  const shell = useShell();
  const settings = useSettings();
  const layout = useLayout();
  const { pathname } = useLocation();
  const content = useRef<HTMLElement>(null);
  useEffect(() => {
    document.body.dataset.theme = shell.theme;
  }, [shell.theme]);
  // A page change scrolls to the top (the progress bar runs meanwhile).
  useEffect(() => {
    window.scrollTo?.(0, 0);
    if (content.current) content.current.scrollTop = 0;
  }, [pathname]);
  const flyout = settings.menuStyle === 'flyout' && !layout.viewport.mobile;
  const style = {
    '--tz-sidebar-width': `${LAYOUT.menuWidth}px`,
    '--tz-sidebar-collapsed': `${LAYOUT.menuCollapsedWidth}px`,
    '--tz-route-ms': `${routeAnimationMs(settings.animations)}ms`,
  } as CSSProperties;
  const classes = [
    'tz-main',
    `tz-menu-${settings.menuStyle}`,
    layout.collapsed ? 'tz-collapsed' : '',
    layout.viewport.mobile ? 'tz-mobile' : '',
  ].filter(Boolean).join(' ');
  return (
    <div className={classes} data-theme={shell.theme} style={style}>
      <RouteProgress routeKey={pathname} />
      <TopBar />
      {flyout && <FlyoutMenu />}
      <div className="tz-body">
        <Menu />
        <main className="tz-content" ref={content}>
          <SubBar />
          {/* Notices plugins show after sign-in above every page (the management plugin's yearly service fee). */}
          <div className="tz-shell-notices"><Slot name="shell.notices" /></div>
          <div key={pathname} className={`tz-page${settings.animations ? ' tz-page-animated' : ''}`}>
            <Outlet />
          </div>
          <Footer />
        </main>
      </div>
    </div>
  );
}

/** The main layout: top bar, menu (left, top or drawer), sub-bar, the page and the footer. */
export function MainLayout() {
  return (
    <LayoutProvider>
      <Frame />
    </LayoutProvider>
  );
}
