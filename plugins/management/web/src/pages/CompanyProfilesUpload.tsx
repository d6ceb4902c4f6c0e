import { useRef, useState } from 'react';
import { Button } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { reportFailure, useShell, visuallyHidden } from '@tezgah/workbench/ui';
import { profilesFailed, uploadProfiles } from '../announcements/api';

/**
 * The company management page's "update company details from a file" button (PUT
 * /company-profiles-from-file, an xlsx): a result beginning with 0 before the slash is shown as
 * 'Firma bilgileri güncellenme işlemi başarısız!' with the result text (seeds 001 §8), anything
 * else as a success with it; the list then loads again.
 */
export function CompanyProfilesUpload(props: { onDone: () => void }) {
  const shell = useShell();
  const { t } = useTranslation('management');
  const { t: k } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  async function send(file: File) {
    setBusy(true);
    try {
      const r = await uploadProfiles(shell.api, file);
      const detail = [r.result, ...r.errors.slice(0, 5).map((e) => `${e.row}: ${e.message}`)].join(' ');
      if (profilesFailed(r.result)) shell.notify.error(t('profiles.failed'), detail);
      else shell.notify.success(t('profiles.done', { result: detail }));
      props.onDone();
    } catch (e) {
      reportFailure(shell.notify, e, k('notify.error'));
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  }
  return (
    <>
      <input
        ref={input} type="file" aria-label={t('profiles.upload')} style={visuallyHidden}
        accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        onChange={(e) => { const f = e.currentTarget.files?.[0]; if (f) void send(f); }}
      />
      <Button icon="import" text={t('profiles.upload')} title={t('profiles.uploadHint')} loading={busy} onClick={() => input.current?.click()} />
    </>
  );
}
