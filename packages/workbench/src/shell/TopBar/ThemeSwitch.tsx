import { Button, Menu, MenuItem, PopoverNext } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Theme } from '@tezgah/core';
import { useShell } from '../../host/HostProvider';
import { updateSettings } from '../../settings/settings';

export const THEMES: readonly Theme[] = [Theme.DEFAULT, Theme.PHARMACY, Theme.PHARMACY_LIGHT];

/** The theme switch (seeds 000 §2): default, pharmacy or pharmacy-light, kept in the settings. */
export function ThemeSwitch() {
  const shell = useShell();
  const { t } = useTranslation();
  return (
    <PopoverNext
      placement="bottom-end"
      content={
        <Menu aria-label={t('shell.theme')}>
          {THEMES.map((theme) => (
            <MenuItem
              key={theme}
              icon={theme === shell.theme ? 'tick' : 'blank'}
              text={t(`shell.themes.${theme}`)}
              active={theme === shell.theme}
              aria-current={theme === shell.theme ? 'true' : undefined}
              onClick={() => updateSettings({ theme })}
            />
          ))}
        </Menu>
      }
    >
      <Button variant="minimal" icon="contrast" aria-label={t('shell.theme')} title={`${t('shell.theme')}: ${t(`shell.themes.${shell.theme}`)}`} />
    </PopoverNext>
  );
}
