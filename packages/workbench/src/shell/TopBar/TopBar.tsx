import { Alignment, Button, Menu, MenuItem, Navbar, Popover } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useShell } from '../../host/HostProvider';

/** The top bar: brand, company and the user menu (logout, exit from impersonation). */
export function TopBar() {
  const shell = useShell();
  const { t } = useTranslation();
  const a = shell.account;
  return (
    <Navbar className="tz-topbar">
      <Navbar.Group align={Alignment.START}>
        <Navbar.Heading className="tz-brand"><span className="tz-logo" aria-hidden>T</span>{t('shell.appName')}</Navbar.Heading>
        <Navbar.Divider />
        <span className="tz-company-name">{a?.company.name}</span>
      </Navbar.Group>
      <Navbar.Group align={Alignment.END}>
        <Popover
          placement="bottom-end"
          content={
            <Menu aria-label={t('shell.userMenu')}>
              {a?.impersonate && <MenuItem icon="log-out" text={t('shell.exitImpersonation')} onClick={() => void shell.exitImpersonation()} />}
              <MenuItem icon="power" text={t('shell.logout')} onClick={() => void shell.signOut()} />
            </Menu>
          }
        >
          <Button variant="minimal" icon="user" endIcon="caret-down" text={a ? `${a.firstName} ${a.lastName}` : ''} aria-label={t('shell.userMenu')} />
        </Popover>
      </Navbar.Group>
    </Navbar>
  );
}
