import { Button, Menu, MenuDivider, MenuItem, PopoverNext } from '@blueprintjs/core';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FAVOURITES_MAX } from '@tezgah/core';
import { useShell } from '../../host/HostProvider';
import { updateSettings, useSettings } from '../../settings/settings';
import { usePages, useRouteLink } from '../Menu/menu';

/**
 * Stars or unstars a page. Favourites are kept locally (settings.favourites), at most
 * FAVOURITES_MAX (3); a fourth is refused with the seeds' warning. Returns whether it changed.
 */
export function toggleFavourite(path: string, favourites: readonly string[], warn: () => void): boolean {
  if (favourites.includes(path)) {
    updateSettings({ favourites: favourites.filter((f) => f !== path) });
    return true;
  }
  if (favourites.length >= FAVOURITES_MAX) {
    warn();
    return false;
  }
  updateSettings({ favourites: [...favourites, path] });
  return true;
}

/** The favourites star menu (seeds 000 §2): star the current page, open a starred one. */
export function FavouritesMenu() {
  const shell = useShell();
  const { t } = useTranslation();
  const link = useRouteLink();
  const { pathname } = useLocation();
  const { favourites } = useSettings();
  const pages = usePages();
  const current = pages.find((p) => p.route === pathname);
  const starred = favourites.includes(pathname);
  const titleOf = (path: string) => pages.find((p) => p.route === path)?.title ?? path;
  return (
    <PopoverNext
      placement="bottom-end"
      content={
        <Menu aria-label={t('shell.favourites')}>
          {current && (
            <MenuItem
              icon={starred ? 'star-empty' : 'star'}
              text={starred ? t('shell.removeFavourite') : t('shell.addFavourite')}
              label={current.title}
              onClick={() => toggleFavourite(pathname, favourites, () => shell.notify.warning(t('shell.favouritesLimit')))}
            />
          )}
          <MenuDivider title={`${t('shell.favourites')} (${favourites.length}/${FAVOURITES_MAX})`} />
          {favourites.length === 0 && <MenuItem disabled text={t('shell.noFavourites')} />}
          {favourites.map((f) => (
            <MenuItem
              key={f}
              icon="star"
              text={titleOf(f)}
              active={f === pathname}
              {...link(f)}
              labelElement={
                <Button
                  size="small"
                  variant="minimal"
                  icon="cross"
                  aria-label={`${t('shell.removeFavourite')}: ${titleOf(f)}`}
                  onClick={(e) => { e.stopPropagation(); e.preventDefault(); updateSettings({ favourites: favourites.filter((x) => x !== f) }); }}
                />
              }
            />
          ))}
        </Menu>
      }
    >
      <Button variant="minimal" icon={starred ? 'star' : 'star-empty'} aria-label={t('shell.favourites')} title={t('shell.favourites')} />
    </PopoverNext>
  );
}
