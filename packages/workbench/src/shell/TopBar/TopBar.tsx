import { Alignment, Button, Navbar } from '@blueprintjs/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useShell } from '../../host/HostProvider';
import { afterSignInTarget } from '../../host/landing';
import { useLayout } from '../layout';
import { CartDropdown } from './CartDropdown';
import { CompanySelector } from './CompanySelector';
import { FavouritesMenu } from './Favourites';
import { NotificationBell } from './NotificationBell';
import { PageFinder } from './PageFinder';
import { QuickAddMenu } from './QuickAdd';
import { SettingsPanel } from './SettingsPanel';
import { ThemeSwitch } from './ThemeSwitch';
import { ImpersonationTag, UserMenu } from './UserMenu';

/**
 * The top bar (seeds 000 §2): the menu button (mobile), the brand (the home link: the first page
 * the person's modules allow), the company selector, the page finder, favourites, the theme
 * switch, the notification bell and cart (demo content), the settings panel and the user menu.
 * On mobile the page finder moves into the menu drawer and the theme into the settings panel.
 */
export function TopBar() {
  const shell = useShell();
  const layout = useLayout();
  const { t } = useTranslation();
  const home = afterSignInTarget(shell.registry, shell.gate, null);
  return (
    <Navbar className="tz-topbar" aria-label={t('shell.topBar')}>
      <Navbar.Group align={Alignment.START} className="tz-topbar-start">
        {layout.viewport.mobile && (
          <Button variant="minimal" icon="menu" aria-label={t('shell.openMenu')} aria-expanded={layout.menuOpen} onClick={() => layout.setMenuOpen(!layout.menuOpen)} />
        )}
        <Navbar.Heading className="tz-brand">
          <Link to={home} aria-label={`${t('shell.appName')} — ${t('shell.home')}`}>
            <span className="tz-logo" aria-hidden>T</span>
            <span className="tz-hide-mobile">{t('shell.appName')}</span>
          </Link>
        </Navbar.Heading>
        <Navbar.Divider className="tz-hide-mobile" />
        <CompanySelector />
        <ImpersonationTag />
      </Navbar.Group>
      <Navbar.Group align={Alignment.END} className="tz-topbar-end">
        {!layout.viewport.mobile && <PageFinder />}
        <QuickAddMenu />
        <FavouritesMenu />
        {!layout.viewport.mobile && <ThemeSwitch />}
        <NotificationBell />
        <CartDropdown />
        <SettingsPanel />
        <UserMenu />
      </Navbar.Group>
    </Navbar>
  );
}
