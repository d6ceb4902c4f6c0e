import { useState } from 'react';
import { Button, Dialog, DialogBody, DialogFooter } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useApiData, useShell } from '@tezgah/workbench/ui';
import { formatDate } from '@tezgah/core';
import { call, PATHS, type Announcement } from '../announcements/api';

/** Announcements closed in this browser session (so a stale account does not show one twice). */
const closed = new Set<number>();

/**
 * The announcement a user has not yet seen (GET /api/account announcementId, seeds 000 §3), shown
 * once after sign-in in a dialog, filled into the shell's `shell.notices` slot. Closing it
 * acknowledges it (PUT /announcements/{id}/seen) for the user and the company signed in to, so
 * the next sign-in shows the next unseen one, if any.
 */
export default function AnnouncementNotice() {
  const shell = useShell();
  const { t } = useTranslation('management');
  const id = shell.account?.announcementId ?? null;
  const [, setClosings] = useState(0);
  const open = id !== null && !closed.has(id);
  const q = useApiData(
    ['GET', PATHS.announcement, { id }],
    (api) => call(api)('GET', PATHS.announcement, { params: { path: { id } } }) as Promise<Announcement>,
    { enabled: open, report: false },
  );
  const shown = open ? (q.data ?? null) : null;

  if (!shown) return null;
  const close = () => {
    closed.add(shown.id);
    setClosings((n) => n + 1);
    call(shell.api)('PUT', PATHS.announcementSeen, { params: { path: { id: shown.id } } }).catch(() => undefined);
  };
  return (
    <Dialog isOpen title={shown.title} icon="notifications" onClose={close}>
      <DialogBody>
        <p style={{ whiteSpace: 'pre-wrap' }}>{shown.body}</p>
        <p className="bp6-text-muted">{formatDate(shown.startDate)} – {formatDate(shown.endDate)}{shown.authorName ? ` · ${shown.authorName}` : ''}</p>
      </DialogBody>
      <DialogFooter actions={<Button intent="primary" text={t('announcements.close')} onClick={close} />} />
    </Dialog>
  );
}
