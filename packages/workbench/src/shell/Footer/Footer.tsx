import { useState } from 'react';
import { Button, Classes, Dialog, DialogBody, DialogFooter } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useSettings, type LayoutSettings } from '../../settings/settings';

/** The footer variants that link the privacy notice (seeds 000 §2: two of the four). */
export const PRIVACY_FOOTERS: readonly LayoutSettings['footer'][] = [1, 3];

/** The privacy notice (KVKK aydınlatma metni), in a modal. */
export function PrivacyDialog(props: { isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog isOpen={props.isOpen} onClose={props.onClose} title={t('shell.privacy')} icon="shield">
      <DialogBody>
        <p>{t('shell.privacyText')}</p>
      </DialogBody>
      <DialogFooter actions={<Button text={t('shell.close')} onClick={props.onClose} />} />
    </Dialog>
  );
}

/**
 * The footer (seeds 000 §2), in the variant the settings choose:
 * 1 copyright and the privacy link; 2 copyright and version; 3 a dark bar with the privacy link
 * and the support line; 4 copyright only, compact.
 */
export function Footer(props: { variant?: LayoutSettings['footer'] }) {
  const { t } = useTranslation();
  const settings = useSettings();
  const variant = props.variant ?? settings.footer;
  const [privacy, setPrivacy] = useState(false);
  const year = new Date().getFullYear();
  const privacyLink = PRIVACY_FOOTERS.includes(variant) && (
    <Button variant="minimal" size="small" className={Classes.TEXT_MUTED} text={t('shell.privacy')} onClick={() => setPrivacy(true)} />
  );
  return (
    <footer className={`tz-footer tz-footer-${variant}`} aria-label={t('shell.footer')} data-variant={variant}>
      {variant === 1 && (
        <>
          <span>{t('shell.copyright', { year })}</span>
          {privacyLink}
        </>
      )}
      {variant === 2 && (
        <>
          <span>{t('shell.copyright', { year })}</span>
          <span className={Classes.TEXT_MUTED}>{t('shell.version', { version: '0.1.0' })}</span>
        </>
      )}
      {variant === 3 && (
        <>
          <span className="tz-footer-brand"><span className="tz-logo" aria-hidden>T</span>{t('shell.appName')}</span>
          <span>{t('shell.support')}</span>
          {privacyLink}
          <span>{t('shell.copyright', { year })}</span>
        </>
      )}
      {variant === 4 && <span>{t('shell.copyright', { year })}</span>}
      <PrivacyDialog isOpen={privacy} onClose={() => setPrivacy(false)} />
    </footer>
  );
}
