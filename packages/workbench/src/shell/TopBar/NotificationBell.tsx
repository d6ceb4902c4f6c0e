import { Button, Menu, MenuDivider, MenuItem, PopoverNext } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { IconName } from '@blueprintjs/icons';

/** The bell's items: static demo content, as the seeds say. */
const DEMO: { key: string; icon: IconName; intent?: 'primary' | 'warning' | 'success' }[] = [
  { key: 'invoice', icon: 'document', intent: 'primary' },
  { key: 'stock', icon: 'warning-sign', intent: 'warning' },
  { key: 'payment', icon: 'tick-circle', intent: 'success' },
];

/** The notification bell (seeds 000 §2): a dropdown with static demo content. */
export function NotificationBell() {
  const { t } = useTranslation();
  return (
    <PopoverNext
      placement="bottom-end"
      content={
        <Menu aria-label={t('shell.notifications.title')} className="tz-dropdown">
          <MenuDivider title={t('shell.notifications.title')} />
          {DEMO.map((n) => (
            <MenuItem key={n.key} icon={n.icon} intent={n.intent} multiline text={t(`shell.notifications.${n.key}`)} label={t(`shell.notifications.${n.key}Time`)} />
          ))}
        </Menu>
      }
    >
      <Button variant="minimal" icon="notifications" aria-label={t('shell.notifications.title')} title={t('shell.notifications.title')}>
        <span className="tz-badge" aria-hidden>{DEMO.length}</span>
      </Button>
    </PopoverNext>
  );
}
