import { Card, HTMLSelect } from '@blueprintjs/core';
import { Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '../i18n';
import { updateSettings, useSettings } from '../settings/settings';

/** Pages whose forms need more room than the sign-in card (the registration wizard's steps). */
const WIDE = ['/register'];

/** The layout of every /auth page: the brand, a card, a language choice. */
export function AuthLayout() {
  const { pathname } = useLocation();
  const { t } = useTranslation();
  const settings = useSettings();
  return (
    <div className="tz-auth">
      <Card className={`tz-auth-card${WIDE.some((p) => pathname.endsWith(p)) ? ' tz-wide' : ''}`} elevation={2}>
        <div className="tz-auth-brand">
          <span className="tz-logo" aria-hidden>T</span>
          <span>{t('shell.appName')}</span>
          <HTMLSelect
            aria-label={t('shell.language')}
            minimal
            value={settings.language}
            onChange={(e) => updateSettings({ language: e.currentTarget.value as typeof settings.language })}
            options={LANGUAGES.map((l) => ({ value: l, label: t(`shell.languages.${l}`) }))}
          />
        </div>
        <Outlet />
      </Card>
    </div>
  );
}
