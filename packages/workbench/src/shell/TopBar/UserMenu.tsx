import { useEffect, useState } from 'react';
import { Button, Menu, MenuDivider, MenuItem, PopoverNext, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { version as WORKBENCH_VERSION } from '../../../package.json';
import { useShell } from '../../host/HostProvider';
import { useReducedMenu } from '../Menu/menu';

/** The server's version (GET /api/version), asked once when the menu first opens. */
function ServerVersion() {
  const shell = useShell();
  const { t } = useTranslation();
  const [server, setServer] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    shell.api.request('GET', '/api/version').then((v) => live && setServer(v.version), () => live && setFailed(true));
    return () => { live = false; };
  }, [shell.api]);
  return <MenuItem disabled icon="database" text={t('shell.serverVersion', { version: server ?? (failed ? '?' : '…') })} />;
}

/**
 * The user menu (seeds 000 §2): who is signed in, logout and, when impersonating, the way back;
 * in a pharmacy-sector company also the "Sade menü" switch (the reduced pharmacy menu); at the
 * end the version info (seeds 000 §1): the workbench's and the server's.
 */
export function UserMenu() {
  const shell = useShell();
  const { t } = useTranslation();
  const reduced = useReducedMenu();
  const a = shell.account;
  const name = a ? `${a.firstName} ${a.lastName}` : '';
  return (
    <PopoverNext
      placement="bottom-end"
      content={
        <Menu aria-label={t('shell.userMenu')}>
          <MenuDivider title={a ? `${name} (${a.login})` : undefined} />
          {a?.role && <MenuItem disabled icon="person" text={a.role} />}
          {a?.impersonate && (
            <MenuItem icon="log-out" intent="warning" text={t('shell.exitImpersonation')} onClick={() => void shell.exitImpersonation().catch((e) => shell.notify.failure(e))} />
          )}
          {reduced.offered && (
            <MenuItem
              role="menuitemcheckbox"
              aria-checked={reduced.on}
              icon={reduced.on ? 'tick' : 'blank'}
              text={t('shell.reducedMenu')}
              htmlTitle={t('shell.reducedMenuHint')}
              shouldDismissPopover={false}
              onClick={() => reduced.set(!reduced.on)}
            />
          )}
          <MenuItem icon="lock" text={t('shell.lockScreen')} onClick={() => void shell.lock().catch((e) => shell.notify.failure(e))} />
          <MenuItem icon="power" text={t('shell.logout')} onClick={() => void shell.signOut()} />
          <MenuDivider title={t('shell.versionInfo')} />
          <MenuItem disabled icon="application" text={t('shell.workbenchVersion', { version: WORKBENCH_VERSION })} />
          <ServerVersion />
        </Menu>
      }
    >
      <Button variant="minimal" icon="user" endIcon="caret-down" text={<span className="tz-hide-mobile">{name}</span>} aria-label={t('shell.userMenu')} />
    </PopoverNext>
  );
}

/** While a management user acts as someone else: a visible tag saying so, with the way back. */
export function ImpersonationTag() {
  const shell = useShell();
  const { t } = useTranslation();
  const a = shell.account;
  if (!a?.impersonate) return null;
  return (
    <Tag
      className="tz-impersonation"
      intent="warning"
      size="large"
      icon="people"
      role="status"
      endIcon={
        <Button size="small" variant="minimal" icon="log-out" aria-label={t('shell.exitImpersonation')} title={t('shell.exitImpersonation')} onClick={() => void shell.exitImpersonation().catch((e) => shell.notify.failure(e))} />
      }
    >
      {t('shell.impersonating', { login: a.login, previous: a.previousLogin ?? '' })}
    </Tag>
  );
}
