import { useState } from 'react';
import { Button, Drawer, DrawerSize, FormGroup, HTMLSelect, Radio, RadioGroup, SegmentedControl, Switch } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '../../i18n';
import { useShell } from '../../host/HostProvider';
import { updateSettings, useSettings, type LayoutSettings } from '../../settings/settings';
import { useLayout } from '../layout';
import { THEMES } from './ThemeSwitch';

const STYLES: LayoutSettings['menuStyle'][] = ['classic', 'flyout', 'simply'];
const FOOTERS: LayoutSettings['footer'][] = [1, 2, 3, 4];

/** The settings panel's fields (menu style, collapse, theme, language, animations, footer). */
export function SettingsForm() {
  const shell = useShell();
  const { t } = useTranslation();
  const settings = useSettings();
  const layout = useLayout();
  return (
    <section className="tz-settings-form" aria-label={t('shell.settingsPanel')}>
      <RadioGroup
        label={t('shell.menuStyle')}
        name="tz-menu-style"
        selectedValue={settings.menuStyle}
        onChange={(e) => updateSettings({ menuStyle: e.currentTarget.value as LayoutSettings['menuStyle'] })}
      >
        {STYLES.map((s) => <Radio key={s} value={s} label={t(`shell.menuStyles.${s}`)} />)}
      </RadioGroup>
      <Switch
        role="switch"
        label={t('shell.collapseMenu')}
        checked={settings.menuCollapsed || layout.forcedCollapsed}
        disabled={layout.forcedCollapsed || settings.menuStyle === 'flyout'}
        onChange={(e) => updateSettings({ menuCollapsed: e.currentTarget.checked })}
      />
      <RadioGroup label={t('shell.theme')} name="tz-theme" selectedValue={shell.theme} onChange={(e) => updateSettings({ theme: e.currentTarget.value as LayoutSettings['theme'] })}>
        {THEMES.map((th) => <Radio key={th} value={th} label={t(`shell.themes.${th}`)} />)}
      </RadioGroup>
      <FormGroup label={t('shell.language')} labelFor="tz-language">
        <HTMLSelect
          id="tz-language"
          fill
          value={settings.language}
          onChange={(e) => updateSettings({ language: e.currentTarget.value as Language })}
          options={LANGUAGES.map((l) => ({ value: l, label: t(`shell.languages.${l}`) }))}
        />
      </FormGroup>
      <Switch role="switch" label={t('shell.animations')} checked={settings.animations} onChange={(e) => updateSettings({ animations: e.currentTarget.checked })} />
      <FormGroup label={t('shell.footer')}>
        <SegmentedControl
          role="radiogroup"
          aria-label={t('shell.footer')}
          fill
          value={String(settings.footer)}
          onValueChange={(v) => updateSettings({ footer: Number(v) as LayoutSettings['footer'] })}
          options={FOOTERS.map((f) => ({ value: String(f), label: t('shell.footerVariant', { n: f }) }))}
        />
      </FormGroup>
    </section>
  );
}

/** The sidebar settings panel (seeds 000 §2): a drawer opened from the top bar. */
export function SettingsPanel(props: { defaultOpen?: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(props.defaultOpen ?? false);
  return (
    <>
      <Button variant="minimal" icon="cog" aria-label={t('shell.settingsPanel')} title={t('shell.settingsPanel')} onClick={() => setOpen(true)} />
      <Drawer
        isOpen={open}
        onClose={() => setOpen(false)}
        title={t('shell.settingsPanel')}
        icon="cog"
        size={DrawerSize.SMALL}
        className="tz-settings-drawer"
      >
        <div className="bp6-drawer-body">
          <SettingsForm />
        </div>
      </Drawer>
    </>
  );
}
