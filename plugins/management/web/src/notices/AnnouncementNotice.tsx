import { useEffect, useState } from 'react';
import { Button, Dialog, DialogBody, DialogFooter } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useShell } from '@tezgah/workbench/ui';
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
  const [shown, setShown] = useState<Announcement | null>(null);

  useEffect(() => {
    setShown(null);
    if (id === null || closed.has(id)) return;
    let live = true;
    (call(shell.api)('GET', PATHS.announcement, { params: { path: { id } } }) as Promise<Announcement>)
      .then((a) => live && setShown(a), () => undefined);
    return () => { live = false; };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id]);

  if (!shown) return null;
  const close = () => {
    closed.add(shown.id);
    setShown(null);
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
